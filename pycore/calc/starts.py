"""The law of a battle's end when the defender starts from a law of armies, not one army.

A later wave fights what the waves before it left of the defender
(docs/rules.md §9, "Waves"): not one army but the exact law of its
survivors, damaged two-hit units included. The method is chosen by the
calculator's one table (:func:`.method.choose_later`, the "from many starts"
form of :data:`.method.METHODS`); this class keeps its chains, and each chain
starts from that law in its own way:

* the land ladder from all of it at once: every survivor of the same
  defender is a rung of one defender ladder (its hits fall in its order of
  loss), so the opening states of every start are the rows of one grid,
  settled once (:class:`.ladder.Solver`, its pairs shared by the retreat rules
  that read them, :mod:`.policy`);
* the general chain (exact fractions) and the sea chain start by start, the
  general chain's transitions kept from one start to the next;
* A&A Chess and coloured dice start by start from the survivors as a battle
  of their own (an army with a damaged unit is not one they can start from).

A defender with no unit left is attacked all the same: the chains find the
battle decided before round 1 (a land unit then takes the territory). A
defender left with AA guns alone, where a gun can be a casualty, is no battle:
the guns are destroyed at once, with no AA fire (the engine's ``guns_alone``,
docs/rules.md §2 "AA guns alone").
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable

from ..engine.army import Army
from ..engine.firing import fires_first
from ..engine.kinds import kinds
from ..engine.sequence import guns_alone
from ..engine.setup import BattleSetup
from ..errors import BadRequest
from ..forces import Force
from ..systems.colored import ColoredDice
from . import cost, fleet, ladder
from .chain import Chain, solve as chain_solve
from .choices import NEVER, Chance, Retreat
from .law import Ends
from .method import Method, Own, choose_later

TAIL = 1e-13
FLOOR = 1e-13
MAX_GENERAL_UNITS = 16
"""As :data:`.method.MAX_GENERAL_UNITS`: the general chain in floats, for a sea battle the sea chain refuses."""
_EMPTY = Force(())

Starts = dict[Army, Chance]
"""A law of defending armies a battle starts from: {army: probability} (the masses need not sum to 1)."""
State = tuple[Army, Army, Force, Force]
"""A chain's state: the attacker, the defender, and what each side has away (submerged, retreated)."""
EndLaw = dict[tuple[str, Army, Army], Chance]


class Battles:
    """One battle (a wave, or the counter-attack) fought from many starting defenders; its chains kept.

    ``ends(starts)`` may be asked several times (once per group of starts, :mod:`.waves`); the ladders, pairs
    and the general chain's transitions are kept between the calls, and so are the retreat rules' tables.
    """

    def __init__(self, setup: BattleSetup, exact: bool = False, rounds: int | None = None,
                 retreat: Retreat = NEVER, keep_land: int = 0, defenders: dict[Any, Any] | None = None):
        self.setup, self.exact, self.rounds, self.retreat, self.keep_land = setup, exact, rounds, retreat, keep_land
        self.attacker = Army(setup.attacker.units)
        self.method: Method = choose_later(setup, exact, {"retreat": retreat, "keep_land": keep_land}, rounds)
        self._chain: Chain | None = None
        self._members: dict[Any, Any] = {}   # the ladder solver's own tables (ladder.Solver), kept
        # The defender's ladders, shared by a plan's waves on land (his rungs and his fire do not depend on
        # who attacks him there: no subs on land); each wave's own otherwise.
        self._defenders: dict[Any, Any] = defenders if defenders is not None and setup.kind != "sea" else {}
        self._pairs: dict[Any, Any] = {}

    # -- the chains, kept ----------------------------------------------------------------------
    def chain(self) -> Chain:
        if self._chain is None:
            self._chain = Chain(self.setup, exact=self.exact, tail=TAIL, floor=FLOOR,
                                start={"attacker": self.attacker, "defender": Army(self.setup.defender.units)},
                                keep_land=self.keep_land)
        return self._chain

    def solver(self) -> "ladder.Solver":
        """A ladder solver sharing this battle's ladders and pairs with every other (its ends its own)."""
        got = ladder.Solver(self.setup, TAIL, FLOOR, self.retreat, self.keep_land)
        got.members, got.defenders, got.pairs = self._members, self._defenders, self._pairs
        got.batched = True
        return got

    def prime(self, defender: Army) -> None:
        """Make the defender's ladder from his strongest army first, so that every survivor is one of its rungs."""
        if self.uses_ladder() and defender and not self._defenders:
            try:
                self.solver().ladder_of("defender", defender, self.attacker)
            except ladder.NotLinear:
                pass

    def uses_ladder(self) -> bool:
        return self.method.name == "ladder"

    def opening(self, starts: Starts) -> dict[State, Chance]:
        """Round 1's opening fire (AA guns, bombardment) from every start, the strongest defenders first (so
        that one ladder of the defender holds every survivor).

        Without bombardment the opening fire is the AA guns', which changes the attacker alone and reads only
        the defender's guns: it is worked once per number of guns and shared by the starts that have them. Where
        they fire no shot nothing fires at all (the engine's ``fires_first``; no bombardment here), and
        the chain is not asked (nor made: a small later wave's chain costs about a tenth of its solve)."""
        order = sorted(starts.items(), key=lambda item: (-item[0].size, -_intact(item[0])))
        if self.setup.attacker.bombard:
            chain = self.chain()
            return chain.opening({(self.attacker, d, _EMPTY, _EMPTY): p for d, p in order})
        guns = kinds(self.setup.ruleset).guns
        if order and not _armed(guns, starts) and \
                not fires_first(self.setup, self.attacker, order[0][0]):
            # No start has a gun, and nothing fires at the first (so at none): every start as it is, its mass
            # what the loop below would give it (p times one, added to nothing)
            a = self.attacker
            return {(a, d, _EMPTY, _EMPTY): p for d, p in order}
        fired: dict[tuple[tuple[str, int], ...], list[tuple[Army, Chance]]] = {}
        out: dict[State, Chance] = {}
        for d, p in order:
            key = tuple((uid, n) for uid, n in d.units.counts if uid in guns)
            law = fired.get(key)
            if law is None and not fires_first(self.setup, self.attacker, d):
                law = fired[key] = [(self.attacker, Fraction(1) if self.exact else 1.0)]   # what the chain answers
            if law is None:
                chain = self.chain()
                law = fired[key] = [(a, q) for (a, _, _, _), q in chain.opening(
                    {(self.attacker, d, _EMPTY, _EMPTY): chain.one}).items()]
            for a, q in law:
                state = (a, d, _EMPTY, _EMPTY)
                out[state] = out.get(state, 0) + p * q
        return out

    # -- the law ---------------------------------------------------------------------------------
    def ends(self, starts: Starts) -> Ends:
        """The law of the end of the battle from ``{defender army: p}`` (the masses need not sum to 1)."""
        # AA guns alone need a gun: where no start has one (most plans), no start is asked
        lone = {d: p for d, p in starts.items() if guns_alone(self.setup, d)} \
            if _armed(kinds(self.setup.ruleset).guns, starts) else None
        if not lone:
            return self._ends(starts)
        rest = {d: p for d, p in starts.items() if d not in lone}
        zero = 0 if self.exact else 0.0
        got = self._ends(rest) if rest else Ends({}, zero, zero)
        ends = dict(got.ends)
        won = ("attacker_wins", self.attacker, Army(_EMPTY))
        for p in lone.values():   # no round fought: the rounds and the pruned mass are the rest's
            ends[won] = ends.get(won, zero) + p
        return replace(got, ends=ends)

    def _ends(self, starts: Starts) -> Ends:
        if self.rounds == 0:
            return self._before_round_1(starts)
        return self.method.later(self, starts)

    def laddered(self, starts: Starts) -> Ends:
        """The land ladder from every start at once (the general chain start by start where a rung fires two
        groups: :class:`.ladder.NotLinear`)."""
        before = self._pruned()
        opening = self.opening(starts)
        try:
            got = ladder.solve_with(self.solver(), opening, self.rounds, landed=True)
        except ladder.NotLinear:
            return self.by_start(starts, self.general)
        return Ends(got["ends"], got["rounds"], got["pruned"] + self._pruned() - before)

    def _pruned(self) -> Chance:
        """What the chain has cut so far (nothing where it was never made: a new chain's count, zero)."""
        if self._chain is None:
            return Fraction(0) if self.exact else 0.0
        return self._chain.pruned

    def _before_round_1(self, starts: Starts) -> Ends:
        """A wave that leaves before round 1 (``rounds`` 0, docs/rules.md §9.1 "Retreat before round 1"): the
        opening fire — the AA guns at its aircraft — then it retreats, unless that fire decided the battle (the
        engine's ``decided``: its aircraft all shot down and nothing else, or an empty territory won at once).
        A battle decided by the opening fire counts round 1, as any battle's (docs/api.md); a retreat none."""
        chain = self.chain()
        before = chain.pruned
        zero: Chance = 0 if self.exact else 0.0
        ends: EndLaw = {}
        rounds = zero
        for (a, d, _, _), p in self.opening(starts).items():
            a, d, outcome = chain.end_of_round(a, d)
            if outcome is None:
                outcome = "retreat"
            elif outcome != "stalemate":
                rounds += p
            ends[(outcome, a, d)] = ends.get((outcome, a, d), zero) + p
        return Ends(ends, rounds, chain.pruned - before)

    def by_start(self, starts: Starts, one: Callable[[Army], Ends]) -> Ends:
        zero: Chance = 0 if self.exact else 0.0
        ends: EndLaw = {}
        rounds = pruned = zero
        method, samples, reason = "exact", None, None
        for d, p in starts.items():
            got = one(d)
            for key, q in got.ends.items():
                ends[key] = ends.get(key, zero) + p * q
            rounds += p * got.rounds
            pruned += p * got.pruned
            if got.method != "exact":
                assert got.samples is not None   # a sampled law says how many battles it fought (law.Ends)
                method, reason = got.method, got.reason
                samples = min(samples or got.samples, got.samples)
        return Ends(ends, rounds, pruned, method, samples, reason)

    def general(self, d: Army) -> Ends:
        chain = self.chain()
        chain.armies = {"attacker": self.attacker, "defender": d}
        before = chain.pruned
        got = chain_solve(chain, self.rounds, opening=True, retreat=self.retreat)
        return Ends(got["ends"], got["rounds"], chain.pruned - before)

    def sea(self, d: Army) -> Ends:
        start = {"attacker": self.attacker, "defender": d}
        if not d:
            return Ends({("attacker_wins", self.attacker, d): 1.0}, 0.0, 0.0)
        try:
            got = fleet.solve(self.setup, start, TAIL, FLOOR, self.rounds)
            return Ends(got["ends"], got["rounds"], got["pruned"])
        except (fleet.NotFleet, fleet.TooMuchWork):
            pass
        size = self.attacker.size + d.size
        if size > MAX_GENERAL_UNITS:
            # Past the sea chain's own bound: rare where the estimate allowed the plan (its spread-fleet model
            # is an envelope), and a wave met in the middle of a plan cannot be sampled alone.
            guess = cost.fleet(self.setup)
            raise cost.too_big("the exact sea chain", cost.Estimate("fleet", guess.states, cost.BUDGET_SECONDS * 2),
                               None, " (a later wave at sea past the sea chain's bound)")
        return self.general(d)

    def system_ends(self, d: Army, own: Own) -> Ends:
        """A&A Chess, coloured dice: the survivors as a battle of their own, by the system's own calculator."""
        setup = self.setup
        if d.damaged:
            raise BadRequest("waves", f"under {setup.system.name} a later wave cannot start from a damaged "
                                      f"two-hit unit (the defender's {', '.join(d.damaged.as_dict())}); "
                                      f"waves with damaged units are worked under dice, Low Luck and biased dice")
        if not d:
            return Ends({("attacker_wins", self.attacker, d): (1 if self.exact else 1.0)}, 0, 0)
        side = replace(setup.defender, units=d.units)
        if setup.defender.colors is not None and setup.defender.colors.override:
            raise BadRequest("defender.colors", "a later wave under coloured dice starts from the survivors at "
                                                "the chart's own colours; leave the defender's colours out")
        if setup.defender.colors is not None:
            system = setup.system
            assert isinstance(system, ColoredDice)   # only coloured dice place a side's units in colours
            side = replace(side, colors=system.placed(d.units.as_dict()))
        return own(replace(setup, defender=side), self.rounds, self.exact)


def _armed(guns: frozenset[str], starts: Starts) -> bool:
    """Whether some start has an AA gun."""
    return any(uid in guns for d in starts for uid, _ in d.units.counts)


def _intact(army: Army) -> int:
    return army.units.size - army.damaged.size

"""A plan of attack on one territory: waves, one after another, then the counter-attack (docs/rules.md §9, "Waves").

Each wave fights what the waves before it left of the defender — the exact
law of his survivors, damaged two-hit units included — and a wave that takes
the territory ends the plan: the waves after it stay home. Take and hold: the
land units that took it (with the AA guns captured there) then defend it
against the counter-attack. What the plan answers is the law of where it
stands after each wave and at its end, carried exactly:

* the defender's state after a wave is his army (his losses so far are a
  function of it);
* the attacker's losses so far are carried as a *tag* (units and IPCs lost by
  the waves before), the waves' starts grouped by tag, so the law of the
  losses and of the swing over all waves is exact, not a product of the
  waves' own laws. Waves that fight to the end leave few tags (a wave that
  does not take the territory has lost everything but some aircraft).

The chains are :mod:`.method`'s for the first wave (one start, "odds from
here" included) and :class:`.starts.Battles` for the waves after it and the
counter-attack. Retreat rules that read what a state is worth (:mod:`.policy`)
get it from :class:`.worth.PlanWorth`, which sees the waves after and the
counter-attack too.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Callable

from ..engine.army import Army
from ..engine.setup import BattleSetup
from .choices import Chance, Retreat
from .law import Ends
from .plans import Plan, Wave, army_cost, captured, joined, manned, retaken, start_defender, stay, taking
from .policy import StateRules
from .starts import FLOOR, Battles, EndLaw, Starts
from .total import total
from .worth import PlanWorth

if TYPE_CHECKING:
    from .worth import Ladders

__all__ = ["PlanLaw", "Standing", "fight"]

Tag = tuple[int, int, int]
"""A path's tag: the attacker's units and IPCs lost so far, the stage (the reinforcements joined)."""
Path = tuple[Tag, Army, "Army | None", "str | None"]
"""A path after a wave: its tag, the defender, the holders where taken, the outcome that ended the plan."""
_Where = tuple[int, int, int, Army, "Army | None", bool]
"""What an end of a wave tells a path (:meth:`_Run._where`)."""
CounterTag = tuple[int, int, int, int, int]
"""A counter-attack's group: the attacker's units and IPCs lost (the holders counted), the counter-attackers'
units and IPCs lost before it, the stage."""
CounterPath = tuple[CounterTag, str, Army, Army]
"""An end of a counter-attack: its group, outcome, counter-attacker and holders after it."""


@dataclass
class Standing:
    """Where the plan stands after a wave: ((units, IPCs) lost by the attacker so far, the defender's army,
    the holders where the territory is taken else None, the outcome that ended the plan else None) → p."""

    law: dict[Path, Chance]
    fights: Chance                    # P(this wave fought)
    ends: EndLaw                      # this wave's own ends, (outcome, attacker, defender) → p
    rounds: Chance
    start_cost: int                   # the IPCs of this wave's attacker


@dataclass
class CounterLaw:
    """One counter-attack's ends: ((units, IPCs) lost by the attacker with the holders it met counted as lost,
    (units, IPCs) lost by the counter-attackers before it), outcome, counter-attacker after, holders after) → p;
    the holders' IPCs at its start (summed over its starts, each times its p) and its rounds."""

    law: dict[CounterPath, Chance]
    start_cost: Chance
    rounds: Chance


@dataclass
class PlanLaw:
    waves: list[Standing]
    counters: list[CounterLaw]        # each counter-attack in turn, against what the one before left
    pruned: Chance
    method: str = "exact"
    samples: int | None = None
    reason: str | None = None

    @property
    def counter(self) -> dict[CounterPath, Chance] | None:
        return self.counters[0].law if self.counters else None


def fight(plan: Plan, exact: bool = False, defenders: Ladders | None = None) -> PlanLaw:
    """The law of the plan: where it stands after each wave, and the counter-attack's law.

    ``defenders``: the defender's ladders, kept by the caller from one plan to the next against the same
    defender (the armies of ``recommend``)."""
    run = _Run(plan, exact, defenders)
    for k in range(len(plan.waves)):
        run.wave(k)
    return run.result()


class _Run:
    """One plan being fought: the starts of the next wave by tag, the paths that have ended, what was cut."""

    def __init__(self, plan: Plan, exact: bool, defenders: Ladders | None):
        self.plan, self.exact = plan, exact
        self.one: Chance
        self.zero: Chance
        self.one, self.zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
        self.worth = PlanWorth(plan, exact) if any(w.profit is not None for w in plan.waves) else None
        self.d0 = start_defender(plan)
        self.came = plan.arrived(len(plan.waves))         # every reinforcement: his strongest army has them all
        self.defenders: Ladders = self.worth.defenders if self.worth is not None else ({} if defenders is None else defenders)
        self.others: dict[tuple[str, ...], Ladders] = {}     # the defender's ladders in another order of loss (waves[k].defender_order_of_loss)
        first = plan.first
        self.plain = (not first.get("damaged", {}) and first.get("first_round", 1) == 1
                      and first.get("carry", (0, 0)) == (0, 0))
        self.law: dict[Tag, Starts] = {(0, 0, 0): {self.d0: self.one}}   # tag → {defender army: p}: the waves still to fight
        self.done: dict[Path, Chance] = {}                # the plan's paths that have ended
        self.standings: list[Standing] = []
        self.pruned = self.zero
        self.samples: int | None
        self.reason: str | None
        self.method, self.samples, self.reason = "exact", None, None

    def wave(self, k: int) -> None:
        """Wave k from every group of starts: its ends sorted into the paths that end and those that go on."""
        plan, wave, zero = self.plan, self.plan.waves[k], self.zero
        setup = wave.setup
        rules = _rules(plan, k, self.worth)
        retreat = Retreat(wave.retreat.at_units, wave.retreat.below, rules if rules and rules.active else None)
        ladders = self.defenders if plan.shares_defender(k) else self.others.setdefault(setup.defender.order_of_loss, {})
        battles = self.worth.battles[k] if self.worth is not None and k > 0 else \
            Battles(setup, self.exact, wave.rounds, retreat, wave.keep_land, ladders)
        battles.prime(joined(setup, self.d0, self.came))
        if wave.reinforce:
            self.law = _reinforced(plan, k, self.law)
        alone = k == 0 and not (self.plain and battles.uses_ladder() and _by_ladder(setup, self.exact, retreat, wave))
        a0 = Army(setup.attacker.units)
        ends: EndLaw = {}
        rounds = fights = zero
        nxt: dict[Tag, Starts] = {}
        where = self._where(k, a0, len(self.law) > 1)
        for tag, starts in self.law.items():
            mass = total(starts.values(), zero)
            if not self.exact and mass < FLOOR:
                self.pruned += mass
                continue
            fights += mass
            if alone:
                from . import method
                options = {**plan.first, "retreat": retreat, "keep_land": wave.keep_land}
                got = method.ends_of(setup, wave.rounds, self.exact, options)
            else:
                got = battles.ends(starts)
            if got.method != "exact":
                self.method, self.reason = got.method, got.reason
                # a Monte Carlo answer (the only other method, law.METHODS) always counts its samples
                self.samples = got.samples if self.samples is None else min(self.samples, got.samples)  # type: ignore[type-var]
            rounds += got.rounds
            self.pruned += got.pruned
            self._sort(where, tag, got, ends, nxt)
        standing = dict(self.done)
        for tag, starts in nxt.items():
            for d, p in starts.items():
                standing[(tag, d, None, None)] = p     # each (tag, defender) once: no path that ended has it
        self.standings.append(Standing(standing, fights, ends, rounds, army_cost(setup.ruleset, a0)))
        self.law = nxt

    def _sort(self, where: Callable[[tuple[str, Army, Army]], _Where], tag: Tag, got: Ends, ends: EndLaw,
              nxt: dict[Tag, Starts]) -> None:
        """Each end of wave k: taken (the plan ends, its holders kept), the last wave's, or the next wave's start.

        What an end tells (the attacker's losses, the holders and the captured defender, or the defender going
        on) is read once per end and wave (:meth:`_where`): a wave's groups of starts meet the same ends."""
        zero, done = self.zero, self.done
        if ends or self.exact:
            for end, p in got.ends.items():
                ends[end] = ends.get(end, zero) + p
        else:
            ends.update(got.ends)     # nothing to add to yet (0.0 plus p is p): the same floats, the same order
        units, ipcs = tag[0], tag[1]
        for end, p in got.ends.items():
            lost_units, lost_ipcs, stage, d, held, goes_on = where(end)
            tag2: Tag = (units + lost_units, ipcs + lost_ipcs, stage)
            if goes_on:
                into = nxt.get(tag2)
                if into is None:
                    into = nxt[tag2] = {}
                into[d] = into.get(d, zero) + p
            else:
                key: Path = (tag2, d, held, end[0])
                done[key] = done.get(key, zero) + p

    def _where(self, k: int, a0: Army, groups: bool) -> Callable[[tuple[str, Army, Army]], _Where]:
        """Wave k's reading of an end (kept for the wave where it has ``groups`` of starts, whose ends are the
        same): (units and IPCs the attacker lost, the path's stage, the defender — captured where taken, repaired
        where the plan repairs —, the holders where taken else None, whether it goes on to the next wave). The
        rules are :mod:`.plans`' (``taking``, ``captured``, ``manned``); an attacker's losses and land are read
        once per army."""
        plan = self.plan
        setup = plan.waves[k].setup
        ruleset = setup.ruleset
        size, price = a0.size, army_cost(ruleset, a0)
        last = k + 1 == len(plan.waves)
        stage = plan.stage(k)
        sea_ends = plan.kind == "sea" and not last and not plan.waves[k + 1].reinforce
        armies: dict[int, tuple[Army, int, int, bool]] = {}   # an army ends many battles: its losses and land once
        read: dict[tuple[str, Army, Army], _Where] = {}

        def where(end: tuple[str, Army, Army]) -> _Where:
            got = read.get(end) if groups else None
            if got is not None:
                return got
            outcome, a, d = end
            # Read by identity (the ends hold the armies, so an id is not reused meanwhile; an equal army met
            # under another identity is read again, alike): hashing an army is a Python call.
            lost = armies.get(id(a))
            if lost is None:
                left = Army(a.units) if a.damaged.counts else a   # his two-hit units repair once his wave is over
                lost = armies[id(a)] = (a, size - left.size, price - army_cost(ruleset, left),
                                        taking(plan, setup, "attacker_wins", left))
            if outcome == "attacker_wins" and lost[3]:
                got = (lost[1], lost[2], stage, captured(setup, d), manned(plan, setup, a, d), False)
            else:
                if plan.repair and d.damaged:
                    d = Army(d.units)
                goes_on = not (last or (sea_ends and not d))
                got = (lost[1], lost[2], stage, d, None, goes_on)
            if groups:
                read[end] = got
            return got
        return where

    def result(self) -> PlanLaw:
        counters: list[CounterLaw] = []
        if self.plan.counters:
            counters, cut = _counters(self.plan, self.done, self.exact, self.worth)
            self.pruned += cut
        return PlanLaw(self.standings, counters, self.pruned, self.method, self.samples, self.reason)


def _reinforced(plan: Plan, k: int, law: dict[Tag, Starts]) -> dict[Tag, Starts]:
    """The starts of wave k once its reinforcements have joined the defender (docs/rules.md §9.1,
    "Reinforcements"): every army he is left with, an emptied territory included, gets them; the paths move to
    stage k, which tells the summary what has joined the defender on them."""
    setup, stage = plan.waves[k].setup, plan.stage(k)
    out: dict[Tag, Starts] = {}
    for (units, ipcs, _), starts in law.items():
        into = out.setdefault((units, ipcs, stage), {})
        for d, p in starts.items():
            d = joined(setup, d, plan.waves[k].reinforce)
            into[d] = into.get(d, 0) + p
    return out


def _by_ladder(setup: BattleSetup, exact: bool, retreat: Retreat, wave: Wave) -> bool:
    """Whether :mod:`.method` would give wave 1 to the ladder (within the cost budget): then the plan's own
    ladders fight it, and the later waves share the defender's. Asked where the ladder takes it (the caller
    knows): a battle whose work is surely within the ladder's bound is within its budget, told without the model
    (``ladder_cost.surely_within``)."""
    from .ladder_cost import surely_within
    from .method import plan as battle_plan
    if not exact and surely_within(setup, retreat.below is not None):
        return True
    return battle_plan(setup, exact, {"retreat": retreat, "keep_land": wave.keep_land}).method == "ladder"


def _rules(plan: Plan, k: int, worth: PlanWorth | None) -> StateRules | None:
    """Wave k's rules read state by state: with what its ends are worth where a profit rule needs it."""
    wave = plan.waves[k]
    if worth is not None:
        return worth.rules[k]
    if not wave.reads_states:
        return None
    return StateRules(None, None, wave.air_loss, wave.strafe, wave.retreat.at_units, wave.retreat.below)


def _counters(plan: Plan, done: dict[Path, Chance], exact: bool, worth: PlanWorth | None) -> tuple[list[CounterLaw], Chance]:
    """The counter-attacks in turn on every taken end of the plan (docs/rules.md §9.2): the first against the
    holders, each next one against what the one before left of them where they still hold.

    The holders are grouped by the attacker's losses so far *with the holders counted as lost* — (units,
    IPCs) — and by the counter-attackers' losses before this one: every end then tells the exchange's losses by
    itself (those totals less the holders left), so the law of the whole exchange is exact, and each group is
    one battle from many starts (a plan's holders are few groups: a wave of land units that takes the
    territory has lost, with its holders, all it brought). Aircraft that must land elsewhere between two
    counter-attacks (at sea, beyond their carriers) leave the holders and are no loss."""
    zero: Chance = Fraction(0) if exact else 0.0
    ruleset = plan.counters[0].ruleset
    groups: dict[CounterTag, Starts] = {}
    for ((units, ipcs, stage), _, held, _), p in done.items():
        if held is not None:
            key: CounterTag = (units + held.size, ipcs + army_cost(ruleset, held), 0, 0, stage)
            starts = groups.setdefault(key, {})
            starts[held] = starts.get(held, zero) + p
    out: list[CounterLaw] = []
    pruned = zero
    for k, setup in enumerate(plan.counters):
        battles = worth.counter_battles[k] if worth is not None else Battles(setup, exact)
        law, rounds, cut = _counter(battles, groups, exact)
        pruned += cut
        start_cost = total((p * army_cost(ruleset, h) for starts in groups.values() for h, p in starts.items()), zero)
        out.append(CounterLaw(law, start_cost, rounds))
        if k + 1 < len(plan.counters):                 # the holders the next one meets (none after the last)
            groups = _still_held(plan, setup, law, zero)
    return out, pruned


def _counter(battles: Battles, groups: dict[CounterTag, Starts], exact: bool) -> tuple[dict[CounterPath, Chance], Chance, Chance]:
    """One counter-attack from every group of holders → its ends by group, its rounds, the mass cut."""
    zero: Chance = Fraction(0) if exact else 0.0
    ruleset = battles.setup.ruleset
    if groups:
        battles.prime(max((h for starts in groups.values() for h in starts),
                          key=lambda h: (h.size, army_cost(ruleset, h))))
    out: dict[CounterPath, Chance] = {}
    rounds = pruned = zero
    # The strongest holders first: a ladder's attacker is built against the first defender it meets, and one
    # built against no defender (a later counter-attack on a territory the last one emptied) fights nobody.
    for key, starts in sorted(groups.items(), key=lambda item: -max(h.size for h in item[1])):
        mass = total(starts.values(), zero)
        if not exact and mass < FLOOR:
            pruned += mass
            continue
        got: Ends = battles.ends(starts)
        rounds += got.rounds
        pruned += got.pruned
        for (outcome, c, h), p in got.ends.items():
            end: CounterPath = (key, outcome, c, h)
            out[end] = out.get(end, zero) + p
    return out, rounds, pruned


def _still_held(plan: Plan, setup: BattleSetup, law: dict[CounterPath, Chance], zero: Chance) -> dict[CounterTag, Starts]:
    """The groups of holders the next counter-attack meets: where this one did not end the hold, the holders
    it left that stay (damaged ships still damaged unless ``repair_between_waves``), its losses counted."""
    ruleset = setup.ruleset
    c0 = Army(setup.attacker.units)
    size_c, cost_c = c0.size, army_cost(ruleset, c0)
    groups: dict[CounterTag, Starts] = {}
    for ((units, ipcs, c_units, c_ipcs, stage), outcome, c, h), p in law.items():
        if retaken(setup, outcome, c, h):
            continue
        kept = stay(setup, h)
        if plan.repair and kept.damaged:
            kept = Army(kept.units)
        gone = h.size - kept.size
        key: CounterTag = (units - gone, ipcs - (army_cost(ruleset, h) - army_cost(ruleset, kept)),
               c_units + size_c - c.size, c_ipcs + cost_c - army_cost(ruleset, c), stage)
        starts = groups.setdefault(key, {})
        starts[kept] = starts.get(kept, zero) + p
    return groups

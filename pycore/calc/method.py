"""The calculator's one entry: the law of a battle's end, by the method that fits the system and the battle.

``ends_of`` picks it (docs/rules.md §9): a system whose hits depend on more
than the values fired (A&A Chess, coloured dice) names its own calculator
(``LuckSystem.calculator``); for the others, the land ladder, then the sea
chain, then the general chain over whole armies, and Monte Carlo only beyond
the documented sizes, saying why. ``compute`` sums the law up (outcome,
losses, cost and its swing, survivors, rounds) in the arithmetic asked for; the ``calc`` op
(:mod:`pycore.ops.calc`) reads the request and writes the JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from fractions import Fraction
from typing import Any, Callable, Mapping, Protocol, Sequence, TypedDict, cast

from ..engine.army import Army
from ..engine.firing import fires_first
from ..engine.sequence import guns_alone
from ..engine.setup import ROLES, BattleSetup
from ..forces import Force
from ..jsontext import JsonObject
from . import chess, cost, fleet, ladder, ladder_cost, montecarlo
from .colored import chain as colored, cost as colored_cost
from .chain import Chain, Substate, solve
from .choices import Chance, Retreat
from .fleet import crash
from .fleet.submerge import Diving, fought
from .law import Ends
from .tally import summarize as summarize  # the luck of a battle reads it from here


MAX_GENERAL_UNITS = 16
"""Battles neither fast chain takes (the land ladder, the sea chain of ``fleet``) are solved by the general
chain up to this many units in all; beyond, by Monte Carlo (``montecarlo.SAMPLES_GENERAL``)."""
MAX_FLEET_UNITS = 60
"""Sea battles are solved exactly by ``fleet`` up to this many units a side: its states grow as the product of
the three class counters of each side (measured with dice in CPython: 28 v 28 about 1 s, 60 v 60 with 30 subs,
15 destroyers, 7 carriers and 8 fighters a side about 8 s), so beyond it they are sampled (Monte Carlo, the
reason said in ``result.method_reason``)."""

TAIL = 1e-13
FLOOR = 1e-13
BOUND = ("every probability is low by at most `pruned` (the mass discarded: hit counts rarer than 1e-13 "
         "per group and state, states reached with less than 1e-13, and fixed-point rounding)")


class Options(TypedDict, total=False):
    """The attacker's options a method reads (docs/api.md ``calc``), as the ops and :mod:`.waves` pass them: a
    Mapping each field of which was checked where the request was read, so it is cast to this once per battle."""

    retreat: Retreat
    keep_land: int                      # land units kept for aircraft (plans.Wave.keep_land); 0 or False: none
    first_round: int
    damaged: Mapping[str, Mapping[str, int]]
    submerge: frozenset[str]
    carry: Sequence[int]
    crash_fighters: bool


Given = Mapping[str, Any]
"""The options as a caller passes them (the ops' ``CalcRequest.options``, a plan's wave): ``Any``, one type per
option, each checked where the request was read; each entry point casts them to :class:`Options` once."""


Starts = dict[Army, Chance]
"""A later battle's law of defenders: {defender army: p} (:data:`.starts.Starts`)."""


class Battles(Protocol):
    """What a method's "from many starts" form asks of the chains kept for a later battle (:class:`.starts.Battles`,
    which imports this module: a Protocol, so the layers keep no cycle)."""

    def laddered(self, starts: Starts) -> Ends: ...

    def by_start(self, starts: Starts, one: Callable[[Army], Ends]) -> Ends: ...

    def general(self, d: Army) -> Ends: ...

    def sea(self, d: Army) -> Ends: ...

    def system_ends(self, d: Army, own: Own) -> Ends: ...


class _Dive(TypedDict, total=False):
    dive: frozenset[str]


Calculator = Callable[..., Ends]
"""A system's own calculator: ``(setup, rounds, exact)`` → the law of the end (A&A Chess's takes ``carry=`` too)."""
Estimator = Callable[[BattleSetup, bool], "cost.Estimate"]


class Unfit(Exception):
    """A method found, once started, that the battle is not of its kind: the next method of the table takes it."""


@dataclass(frozen=True)
class Battle:
    """What every method reads: the battle, the rounds, the arithmetic and the attacker's options."""

    setup: BattleSetup
    rounds: int | None
    exact: bool
    options: Options

    @property
    def retreat(self) -> Retreat:
        return self.options.get("retreat", Retreat())

    @property
    def keep_land(self) -> int:
        return self.options.get("keep_land", False)

    @property
    def first_round(self) -> int:
        return self.options.get("first_round", 1)

    @property
    def damaged(self) -> Mapping[str, Mapping[str, int]]:
        return self.options.get("damaged", {})

    @property
    def dive(self) -> frozenset[str]:
        """The sides whose subs submerge at the first chance (docs/rules.md §9 "Submerging"; ``fleet.submerge``)."""
        return self.options.get("submerge", frozenset())

    @property
    def may_sample(self) -> bool:
        """Monte Carlo may stand in for an exact chain: a battle from its start, with no rule of the attacker's
        (nor subs that submerge: the engine's seeded battle never submerges them)."""
        return not self.retreat and not self.keep_land and self.first_round == 1 and not any(self.damaged.values()) \
            and not self.dive

    @property
    def size(self) -> int:
        return sum(self.setup.side(role).units.size for role in ROLES) + self.setup.attacker.bombard.size

    def start(self) -> dict[str, Army]:
        return dict(self._start)     # each caller's own dict; the armies built once (lone guns and the chain ask)

    @cached_property
    def _start(self) -> dict[str, Army]:
        damaged, setup = self.damaged, self.setup
        return {role: Army(setup.side(role).units, Force.of(setup.ruleset, damaged.get(role, {}))) for role in ROLES}


class Method:
    """One way to the law of a battle's end: whether it ``applies``, what it will cost (``estimate``, None where the
    battle is beyond its sizes: Monte Carlo, for the reason ``beyond`` gives), and ``solve``. :func:`plan` and
    :func:`ends_of` read the same table in the same order, so the method planned is the method used."""

    name = ""
    chain = ""                  # the exact chain in words, for a refusal or Monte Carlo's reason

    def applies(self, battle: Battle) -> bool:
        raise NotImplementedError

    def estimate(self, battle: Battle) -> cost.Estimate | None:
        raise NotImplementedError

    def beyond(self, battle: Battle) -> str:
        raise NotImplementedError

    def solve(self, battle: Battle, guess: cost.Estimate) -> Ends:
        raise NotImplementedError

    def planned(self, battle: Battle, guess: cost.Estimate | None) -> cost.Estimate:
        """What :func:`plan` says: the estimate within the budget; else Monte Carlo, or a refusal."""
        if guess is not None and (guess.seconds <= guess.budget or battle.exact):
            return guess
        return cost.sampled(battle.setup, montecarlo.SAMPLES_GENERAL, battle.may_sample, guess)

    # A later wave of a plan, or its counter-attack, starts from the law of what the waves before it left
    # (docs/rules.md §9 "Waves"): the method's "from many starts" form, over the chains that
    # :class:`.starts.Battles` keeps from one group of starts to the next. It is never sampled.
    def applies_later(self, battle: Battle) -> bool:
        """Whether this method fights a later battle of a plan (the first of :data:`METHODS` that does)."""
        return False

    def later_estimate(self, battle: Battle) -> cost.Estimate:
        """What a later battle costs by this method, for the plan's estimate (:mod:`.plan_cost`)."""
        raise NotImplementedError

    def later(self, battles: Battles, starts: Starts) -> Ends:
        """The law of the battle's end from ``{defender army: p}``, over ``battles``' kept chains."""
        raise NotImplementedError

    def quick(self, battle: Battle) -> Ends | None:
        """The answer where a bound cheaper than the estimate shows it within the budget; else None (estimate it)."""
        return None

    def answer(self, battle: Battle, guess: cost.Estimate | None) -> Ends:
        """What :func:`ends_of` does with the same estimate: solve within the budget; else Monte Carlo or a refusal."""
        setup, rounds = battle.setup, battle.rounds
        if guess is None:
            return montecarlo.bounded(setup, rounds, montecarlo.SAMPLES_GENERAL, self.beyond(battle),
                                      battle.may_sample)
        if guess.seconds > guess.budget:
            if battle.exact:
                raise cost.too_big("the exact fractions", guess, None, " (leave exact out for floats)")
            return _sampled_instead(setup, rounds, guess, self.chain, battle.may_sample)
        return self.solve(battle, guess)


class Own(Method):
    """A system's own calculator (``LuckSystem.calculator`` names it in :data:`OWN_CALCULATORS`), where the generic
    chains cannot read its hits from the values fired: it bounds its own work and falls back itself."""

    def __init__(self, name: str, ends: Calculator, estimate: Estimator):
        self.name, self.ends, self._estimate = name, ends, estimate

    def __call__(self, setup: BattleSetup, rounds: int | None, exact: bool, **kwargs: Any) -> Ends:   # Any: the calculator's own options
        return self.ends(setup, rounds, exact, **kwargs)

    def applies(self, battle: Battle) -> bool:
        return battle.setup.system.calculator == self.name

    def estimate(self, battle: Battle) -> cost.Estimate:
        return self._estimate(battle.setup, battle.exact)

    def planned(self, battle: Battle, guess: cost.Estimate | None) -> cost.Estimate:
        return guess  # type: ignore[return-value]  # an own calculator always estimates (estimate() is never None)

    def applies_later(self, battle: Battle) -> bool:
        return self.applies(battle)

    def later_estimate(self, battle: Battle) -> cost.Estimate:
        return self.estimate(battle)

    def later(self, battles: Battles, starts: Starts) -> Ends:
        """Start by start, the survivors as a battle of their own."""
        return battles.by_start(starts, lambda d: battles.system_ends(d, self))

    def answer(self, battle: Battle, guess: cost.Estimate | None) -> Ends:
        carry = battle.options.get("carry", (0, 0))
        if carry != (0, 0):
            return self.ends(battle.setup, battle.rounds, battle.exact, carry=carry)
        return self.ends(battle.setup, battle.rounds, battle.exact)


def _colored_estimate(setup: BattleSetup, exact: bool) -> cost.Estimate:
    budget = colored.FRACTION_WORK_BUDGET if exact else colored.WORK_BUDGET   # the chain's own bound
    return colored_cost.colored(setup, colored.small_enough(setup), budget, colored.SAMPLES, exact)


OWN_CALCULATORS = {"colored": Own("colored", colored.ends, _colored_estimate),
                   "chess": Own("chess", chess.ends, lambda setup, exact: cost.chess(setup))}
"""A system's own calculator by its ``LuckSystem.calculator`` key (A&A Chess: carried fractions; coloured dice:
colours)."""


class Ladder(Method):
    """The land ladder (floats): the fast path of a land battle whose rungs each fire one group."""

    name, chain = "ladder", "the exact land chain"

    def applies(self, battle: Battle) -> bool:
        return not battle.exact and battle.setup.kind != "sea"

    def estimate(self, battle: Battle) -> cost.Estimate:
        return ladder_cost.once(battle.setup, battle.retreat.below is not None, battle.first_round == 1,
                                battle.rounds)

    def applies_later(self, battle: Battle) -> bool:
        return self.applies(battle)

    def later_estimate(self, battle: Battle) -> cost.Estimate:
        retreat = battle.options.get("retreat")
        return ladder_cost.once(battle.setup, retreat is not None and retreat.below is not None)

    def later(self, battles: Battles, starts: Starts) -> Ends:
        """Every start at once: the defender's survivors are rungs of one ladder (the general chain where a
        rung fires two groups)."""
        return battles.laddered(starts)

    def quick(self, battle: Battle) -> Ends | None:
        """Solved at once where :func:`.ladder_cost.surely_within` bounds the work (its model costs a tenth of a
        10 v 10's answer): the model is worked out only if the chain reaches its bound after all."""
        if not ladder_cost.surely_within(battle.setup, battle.retreat.below is not None, battle.rounds):
            return None
        return self.solve(battle, None)

    def solve(self, battle: Battle, guess: cost.Estimate | None) -> Ends:
        setup, rounds, start = battle.setup, battle.rounds, battle.start()
        empty = Force(())
        opening: dict[Substate, Chance] = {(start["attacker"], start["defender"], empty, empty): 1.0}
        cut: Chance = 0.0
        if battle.first_round == 1 and fires_first(setup, start["attacker"], start["defender"]):
            chain = Chain(setup, exact=False, tail=TAIL, floor=FLOOR, start=start)
            opening = chain.opening(opening)
            cut = chain.pruned
        work = ladder.Work(ladder.WORK_BUDGET)
        try:
            got = ladder.solve(setup, opening, TAIL, FLOOR, battle.retreat, battle.keep_land, rounds, work)
            return Ends(got["ends"], got["rounds"], got["pruned"] + cut, work=work.done, by=self.name)
        except ladder.NotLinear:
            raise Unfit from None
        except ladder.TooMuchWork:
            # The battle's mass spread over more of its grids than the model reads: bounded, then sampled.
            if guess is None:
                guess = self.estimate(battle)
            spent = cost.Estimate("ladder", guess.states, cost.BUDGET_SECONDS + guess.seconds)
            return montecarlo.bounded(setup, rounds, montecarlo.SAMPLES_GENERAL, (
                f"Monte Carlo: the exact land chain reached its bound ({ladder.WORK_BUDGET:,} units of work, about "
                f"{cost.duration(cost.BUDGET_SECONDS)}) before the end"), battle.may_sample, chain=self.chain,
                exact=spent)


class Fleet(Method):
    """The sea chain (floats), up to ``MAX_FLEET_UNITS`` a side; no retreat rule at sea."""

    name, chain = "fleet", "the exact sea chain"

    def applies(self, battle: Battle) -> bool:
        return not battle.exact and battle.setup.kind == "sea" and not battle.retreat and not battle.keep_land

    def estimate(self, battle: Battle) -> cost.Estimate | None:
        biggest = max(battle.setup.side(role).units.size for role in ROLES)
        return cost.fleet(battle.setup) if biggest <= MAX_FLEET_UNITS else None

    def beyond(self, battle: Battle) -> str:
        biggest = max(battle.setup.side(role).units.size for role in ROLES)
        return (f"Monte Carlo: a side has {biggest} units, more than the {MAX_FLEET_UNITS} a side "
                f"the exact sea chain takes in reasonable time")

    def applies_later(self, battle: Battle) -> bool:
        """Every later battle at sea in floats, retreat rules or not (the sea chain, else the general chain)."""
        return not battle.exact and battle.setup.kind == "sea"

    def later_estimate(self, battle: Battle) -> cost.Estimate:
        guess = self.estimate(battle)
        return guess if guess is not None else cost.general(battle.setup, False)

    def later(self, battles: Battles, starts: Starts) -> Ends:
        return battles.by_start(starts, battles.sea)

    def solve(self, battle: Battle, guess: cost.Estimate) -> Ends:
        try:
            dive: _Dive = {"dive": battle.dive} if battle.dive else {}   # the call without the option is today's
            got = fleet.solve(battle.setup, battle.start(), TAIL, FLOOR, battle.rounds, **dive)
            return Ends(got["ends"], got["rounds"], got["pruned"])
        except fleet.NotFleet:
            raise Unfit from None
        except fleet.TooMuchWork:
            # Its states spread over more counters than the estimate reads: bounded, then sampled.
            spent = cost.Estimate("fleet", guess.states, cost.BUDGET_SECONDS + cost.FLEET_ATTEMPT_SECONDS)
            return montecarlo.bounded(battle.setup, battle.rounds, montecarlo.SAMPLES_GENERAL, (
                f"Monte Carlo: the exact sea chain reached its bound ({fleet.WORK_BUDGET:,} units of work, about "
                f"{cost.duration(cost.FLEET_ATTEMPT_SECONDS)}) before the end: aircraft and submarines that "
                f"cannot hit each other spread this battle over more states than its unit counts tell"),
                battle.may_sample, chain=self.chain, exact=spent)


class Beyond(Method):
    """In floats, past the general chain's ``MAX_GENERAL_UNITS`` where neither fast chain took the battle: sampled."""

    name = "monte_carlo"

    def applies(self, battle: Battle) -> bool:
        return not battle.exact and battle.size > MAX_GENERAL_UNITS

    def estimate(self, battle: Battle) -> None:
        return None

    def beyond(self, battle: Battle) -> str:
        return (f"Monte Carlo: {battle.size} units in all, more than the {MAX_GENERAL_UNITS} the general exact "
                f"chain takes in reasonable time, and neither fast exact chain (land ladder, sea chain) fits")


class General(Method):
    """The general chain over whole armies, state by state: any battle, in floats or exact fractions."""

    name, chain = "general", "the general exact chain"

    def applies(self, battle: Battle) -> bool:
        return True

    def estimate(self, battle: Battle) -> cost.Estimate:
        return cost.general(battle.setup, battle.exact)

    def applies_later(self, battle: Battle) -> bool:
        return True

    def later_estimate(self, battle: Battle) -> cost.Estimate:
        return self.estimate(battle)

    def later(self, battles: Battles, starts: Starts) -> Ends:
        """Start by start, the chain's transitions kept from one start to the next."""
        return battles.by_start(starts, battles.general)

    def solve(self, battle: Battle, guess: cost.Estimate) -> Ends:
        if battle.dive:
            return self.diving(battle)
        chain = Chain(battle.setup, exact=battle.exact, tail=TAIL, floor=FLOOR, start=battle.start(),
                      keep_land=battle.keep_land)
        solved = solve(chain, battle.rounds, opening=battle.first_round == 1, retreat=battle.retreat)
        return Ends(solved["ends"], solved["rounds"], chain.pruned)

    def diving(self, battle: Battle) -> Ends:
        """Subs that submerge (a sea battle fought to the end): the chain solved phase by phase (``fleet.submerge``)."""
        setup, exact = battle.setup, battle.exact

        # Any: a phase answers a plain dict ({"ends", "rounds", "pruned"}: the general chain's Solved and what it
        # pruned), as fleet.submerge.Phase reads it
        def phase(start: dict[str, Army], away: dict[str, Force]) -> dict[str, Any]:
            chain = Diving(setup, battle.dive, away, exact=exact, tail=TAIL, floor=FLOOR, start=start)
            solved = solve(chain, opening=False)
            return {**solved, "pruned": chain.pruned}

        zero = Fraction(0) if exact else 0.0
        got = fought(setup, battle.start(), battle.dive, phase, zero)
        return Ends(got["ends"], got["rounds"], got["pruned"])


METHODS = (*OWN_CALCULATORS.values(), Ladder(), Fleet(), Beyond(), General())
"""The calculator's methods in the order they are asked (docs/rules.md §9): the first that applies answers."""


def choose(setup: BattleSetup, exact: bool = False, options: Given | None = None,
           rounds: int | None = None) -> tuple[Method, cost.Estimate | None]:
    """The first method of :data:`METHODS` that applies, and its estimate: what :func:`plan` tells before any
    work (:func:`ends_of` starts from the same method, and goes on down the table where one finds the battle
    is not of its kind)."""
    battle = Battle(setup, rounds, exact, cast(Options, dict(options or {})))
    method = next(m for m in METHODS if m.applies(battle))
    return method, method.estimate(battle)


def choose_later(setup: BattleSetup, exact: bool = False, options: Given | None = None,
                 rounds: int | None = None) -> Method:
    """The method of a plan's later wave or counter-attack: the first of :data:`METHODS` whose "from many starts"
    form applies (a system's own calculator, the land ladder, the sea chain, the general chain; in exact fractions
    the general chain). :class:`.starts.Battles` fights by it and :mod:`.plan_cost` estimates by it."""
    battle = Battle(setup, rounds, exact, cast(Options, dict(options or {})))
    return next(m for m in METHODS if m.applies_later(battle))


def plan_later(setup: BattleSetup, exact: bool = False, options: Given | None = None) -> cost.Estimate:
    """What a later battle of a plan costs, by the method :func:`choose_later` gives it (never Monte Carlo)."""
    battle = Battle(setup, None, exact, cast(Options, dict(options or {})))
    return choose_later(setup, exact, options).later_estimate(battle)


def ends_of(setup: BattleSetup, rounds: int | None = None, exact: bool = False, options: Given | None = None) -> Ends:
    """The law of the battle's end, by the method that fits the system and the battle (docs/api.md).

    A method that finds once started that the battle is not of its kind (``Unfit``: the land ladder where a rung
    fires two groups, the sea chain where its classes do not hold) hands it to the next that applies."""
    battle = Battle(setup, rounds, exact, cast(Options, dict(options or {})))
    for method in METHODS:
        if method.applies(battle):
            lone = lone_guns(battle)
            if lone is not None:
                return replace(lone, by=method.name)
            try:
                law = method.quick(battle)
                if law is None:
                    law = method.answer(battle, method.estimate(battle))
            except Unfit:
                continue
            if battle.options.get("crash_fighters"):
                # After the battle, whatever answered it (docs/rules.md §9 "Fighters that crash").
                zero = Fraction(0) if battle.exact else 0.0
                law = replace(law, ends=crash.crashed(setup, law.ends, zero))
            return law if law.by == method.name else replace(law, by=method.name)
    raise AssertionError("the general chain applies to every battle")


def lone_guns(battle: Battle) -> Ends | None:
    """AA guns alone at the start of the battle, where a gun can be a casualty: a sure win with no round and
    nothing lost by the attacker, the guns destroyed (the engine's rule, docs/rules.md §2 "AA guns alone").
    Not in "odds from here" (``first_round`` past 1): the battle is already under way."""
    start = battle.start()
    if battle.first_round != 1 or not guns_alone(battle.setup, start["defender"]):
        return None
    one = Fraction(1) if battle.exact else 1.0
    return Ends({("attacker_wins", start["attacker"], Army(Force(()))): one}, one - one, one - one)


def plan(setup: BattleSetup, exact: bool = False, options: Given | None = None, rounds: int | None = None) -> cost.Estimate:
    """What ``ends_of`` will cost, told before any work: the method it takes and its estimate (docs/api.md
    "Cost budget"). Over the budget (``within_budget`` false) ``ends_of`` refuses with ``too_big``."""
    method, guess = choose(setup, exact, options, rounds)
    return method.planned(Battle(setup, rounds, exact, cast(Options, dict(options or {}))), guess)


def _sampled_instead(setup: BattleSetup, rounds: int | None, guess: cost.Estimate, chain: str, allowed: bool) -> Ends:
    """Monte Carlo where an exact chain would take more than the budget (or a refusal naming both costs)."""
    return montecarlo.bounded(setup, rounds, montecarlo.SAMPLES_GENERAL, (
        f"Monte Carlo: {chain} would take about {cost.duration(guess.seconds)}, more than the "
        f"{cost.duration(guess.budget)} it may take"), allowed, chain=chain, exact=guess)


def compute(setup: BattleSetup, rounds: int | None = None, exact: bool = False,
            options: Given | None = None) -> JsonObject:
    """The law of the battle's end and its summaries, in the arithmetic asked for (no JSON yet)."""
    return summarize(setup, ends_of(setup, rounds, exact, options), exact, options)

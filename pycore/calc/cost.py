"""The calculator's cost model: how much work a battle will take, told before any of it is done.

Why: the exact chains grow with the battle (the land ladder as the product of
both sides' hit points times the width of their laws of hits; the sea chain
as the product of each side's counters per class of casualty), and a link of
a few hundred characters can ask for hours of work and gigabytes. So
:func:`estimate` reads the battle (counts only: no army is built) and says
which method will answer, how many states it works and how many seconds that
takes on the machine the budget was measured on (docs/api.md "Cost budget").
:mod:`.method` then answers within :data:`BUDGET_SECONDS`, falls back to Monte
Carlo with fewer battles (its interval says so), or refuses with
:class:`TooBig`, whose message gives the estimate and the limit in words.

The coefficients are upper envelopes of measurements made with CPython 3.11
(``bench/cost.py`` prints estimate and time side by side; bench/README.md);
``runtime.SPEED`` gives each method's factor in Pyodide.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import sqrt

from ..engine.kinds import kinds
from ..engine.setup import ROLES, BattleSetup
from ..errors import LuckdialError
from ..jsontext import JsonObject
from .runtime import SPEED

BUDGET_SECONDS = 10.0
"""The most work (estimated seconds) one ``calc`` may do; beyond it Monte Carlo or a ``too_big`` refusal."""
MIN_SAMPLES = 200
"""Monte Carlo is refused below this many battles (a 95 % interval of ±6.9 % at worst)."""

# Seconds per unit of work, per method (upper envelopes of bench/cost.py's measurements).
FLEET_SECOND = 1e-6         # per state^1.5 × law width of the sea chain (its usual fleets; see FLEET_ATTEMPT_SECONDS)
FLEET_ATTEMPT_SECONDS = 5.0  # the sea chain's own bound (fleet.WORK_BUDGET): where groups cross more than the
                             # counts tell (aircraft against subs without destroyers), it gives way to Monte Carlo
FLEET_UNIT_SECOND = 3e-7     # per unit of the sea chain's counted work (fleet.WORK_BUDGET: 0.16–0.31 µs measured)
FLEET_SPREAD_HIGH = 4.5
"""The sea chain's counted work over :func:`fleet_spread`'s model, on spread fleets: measured 0.018–4.2 with dice
on 20 of them (1942-2e, 1940-2e, Revised; 12 to 60 units a side; two stopped at a bound of 60 and 150 million
units, at least 0.14 and 0.023; subs and aircraft on both sides, with and
without carriers, cruisers, battleships, transports, a destroyer on one side). A model this loose answers one
question: how long a user may wait, at most (the high envelope, at most the bounded attempt), so that a link of a
spread fleet does not start a long calculation unasked. It cannot tell which fleets surely pass the chain's
bound: lopsided ones end in a few rounds (30 subs + 30 fighters against 6 subs, 6 fighters and 2 battleships:
0.018, 0.3 s), so every spread fleet within 60 a side is tried."""
GENERAL_SECOND = 3e-5       # per state of the general chain (floats); Fractions 3 times more
ROUND, ROUND_SEA, ROUND_COLORED = 3e-4, 5e-4, 8e-4  # one round of a battle fought by the engine (Monte Carlo)
UNIT_ROUND, UNIT_ROUND_COLORED = 2e-6, 1e-7          # and each unit in it (coloured dice: six dice a colour)
CHESS_SECOND = 5e-4         # per unit of the A&A Chess enumeration (an envelope)
OVERHEAD = 0.5


class TooBig(LuckdialError):
    """The work asked for is beyond the documented budget: refused before it starts (docs/api.md)."""

    type = "too_big"


@dataclass(frozen=True, slots=True)
class Estimate:
    """What a calculation will cost: the method, its states, its work in estimated seconds."""

    method: str          # "ladder", "fleet", "general", "monte_carlo", "colored", "chess"
    states: int
    seconds: float
    budget: float = BUDGET_SECONDS   # coloured dice: plus the exact chain's own bounded attempt before Monte Carlo
    work: int = 0                    # the method's own units of work, where it counts them (the ladder)
    setup_seconds: float = 0.0       # of ``seconds``, what building it costs (the ladder's rungs and opening)
    refused: bool = False            # no method may answer it within the budget (``sampled``)
    bound: bool = False              # ``seconds`` an envelope, not a likely time: said "up to" (see ``span``)

    @property
    def here(self) -> float:
        """The seconds on this runtime: CPython's times the method's factor in Pyodide (``runtime.SPEED``)."""
        return self.seconds * SPEED.get(self.method, 1.0)

    def span(self) -> str:
        """The time in words: "about 2.5 s" where the model is calibrated to the work, "up to 19 s" where it is an
        envelope (every army of a search priced as the biggest, every battle of a turn fought by the whole pool,
        coloured dice's counted work), which the work often stays far below (bench/README.md): so a player told
        the time a link's calculation takes is never told a likely time the model does not know."""
        return f"{'up to' if self.bound else 'about'} {duration(self.here)}"

    def words(self) -> str:
        if self.method == "monte_carlo":
            return f"{_count(self.states)} simulated battles would take {self.span()}"
        return f"would take {self.span()} ({_count(self.states)} states)"

    def as_json(self) -> JsonObject:
        """What a page reads: ``seconds`` and ``words`` on this runtime (Pyodide's own coefficients, so a link's
        calculation is started unasked, or not, by the time it takes there); ``within_budget`` the decision the
        core takes, in the units every runtime shares (the same request takes the same method everywhere)."""
        return {"method": self.method, "states": self.states, "seconds": round(self.here, 3),
                "budget_seconds": round(self.budget, 1), "within_budget": not self.refused and self.seconds <= self.budget,
                "words": self.span()}


def _count(n: float) -> str:
    for size, word in ((1e12, "trillion"), (1e9, "billion"), (1e6, "million"), (1e3, "thousand")):
        if n >= size:
            return f"{n / size:.3g} {word}"
    return str(int(n))


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"{max(seconds, 0.1):.2g} s"
    if seconds < 5400:
        return f"{seconds / 60:.2g} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.2g} hours"
    return f"{seconds / 86400:.3g} days"


def hit_points(setup: BattleSetup, role: str) -> int:
    """The hits a side can take: the ladder's rungs."""
    ruleset = setup.ruleset
    return sum(n * ruleset.unit(uid).hit_points for uid, n in setup.side(role).units.counts)


def _width(setup: BattleSetup, dice: int) -> float:
    """The width of a law of hits kept after trimming: ~√n for independent dice, a couple for Low Luck."""
    if setup.system.independent_dice:
        return 1 + 3 * sqrt(dice)
    return 3


def fleet(setup: BattleSetup) -> Estimate:
    """The sea chain: measured to grow as (hit points × hit points)^1.5 times the laws' width for fleets whose
    groups mostly hit alike (the states it reaches are far fewer than the product of its class counters, which
    is only their bound). Where aircraft and subs without destroyers keep each other's hits apart, a side's
    armies spread over two or three counters and the chain reaches many more states than this says: it counts
    its work and stops at ``FLEET_ATTEMPT_SECONDS`` (``fleet.WORK_BUDGET``), and Monte Carlo answers: those
    fleets are estimated by :func:`fleet_spread`'s high envelope, at most that bounded attempt."""
    ka, kd = (max(1, hit_points(setup, role)) for role in ROLES)
    na, nd = (setup.side(role).units.size for role in ROLES)
    states = (ka + 1) * (kd + 1)
    work = states ** 1.5 * (_width(setup, na) + _width(setup, nd)) / 2 * FLEET_SECOND
    spread = fleet_spread(setup)
    if spread is not None:
        states = max(states, spread[0])
        work = max(work, min(FLEET_ATTEMPT_SECONDS, spread[1] * FLEET_SPREAD_HIGH * FLEET_UNIT_SECOND))
    return Estimate("fleet", states, OVERHEAD + work)


def fleet_spread(setup: BattleSetup) -> tuple[int, float] | None:
    """(states, model of the sea chain's work) where aircraft and subs keep each other's hits apart, else None.

    Where a side fires subs and aircraft and has no destroyer, against a side with subs, under a ruleset whose
    aircraft need a destroyer to hit subs (docs/rules.md §2), its sub hits never take the enemy's aircraft and
    its aircraft hits never take the enemy's subs: the enemy's armies spread over its three counters (subs,
    aircraft, other ships hit), about the product of each class's hit points, not their sum. The chain's work
    is then about that many states a side, times both laws' widths, within a wide envelope (0.018 to
    ``FLEET_SPREAD_HIGH``). Low Luck's laws are a couple of hits wide and its battles short: its spread fleets
    cost little (30 a side: 5,000 units), so only independent dice are modelled."""
    if not setup.system.independent_dice or not setup.ruleset.rules.aircraft_need_destroyer_vs_subs:
        return None
    table = kinds(setup.ruleset)
    classes = {}
    for role in ROLES:
        hits = [0, 0, 0]                   # subs, aircraft, other ships (``Kinds.casualty_class``)
        for uid, n in setup.side(role).units.counts:
            hits[table.casualty_class(uid)] += n * table.hit_points[uid]
        classes[role] = (*hits, any(uid in table.destroyers for uid, _ in setup.side(role).units.counts))
    armies, spread = [], False
    for role, enemy in zip(ROLES, reversed(ROLES)):
        subs, air, ships, _ = classes[role]
        e_subs, e_air, _, e_destroyer = classes[enemy]
        if subs and e_subs and e_air and not e_destroyer:
            armies.append((subs + 1) * (air + 1) * (ships + 1))
            spread = True
        else:
            armies.append(subs + air + ships + 1)
    if not spread:
        return None
    na, nd = (setup.side(role).units.size for role in ROLES)
    states = armies[0] * armies[1]
    return states, states * _width(setup, na) * _width(setup, nd)


def _army_states(setup: BattleSetup, role: str) -> int:
    """The general chain's armies of one side: every count of every type (two-hit units: intact × damaged)."""
    ruleset = setup.ruleset
    out = 1
    for uid, n in setup.side(role).units.counts:
        out *= (n + 1) * (n + 2) // 2 if ruleset.unit(uid).hit_points > 1 else n + 1
    return out


def general(setup: BattleSetup, exact: bool) -> Estimate:
    states = _army_states(setup, "attacker") * _army_states(setup, "defender")
    return Estimate("general", states, OVERHEAD + states * GENERAL_SECOND * (3 if exact else 1))


def battle_work(setup: BattleSetup, rounds: float) -> float:
    """The modelled seconds of one battle fought with seeded dice over ``rounds`` rounds: each round a fixed
    cost plus each unit once. Monte Carlo counts it battle by battle and stops at the budget, so its cost is
    bounded whatever the battles do (the same request stops at the same battle: deterministic).

    Fitted (CPython process time, bench/README.md "cost.py") as an upper envelope of rounds × (a round's
    fixed cost + each unit): dice and Low Luck 0.14–0.25 ms a round plus up to 1.2 µs a unit on land, 1.6
    µs at sea (1,203 units on land: 6.6 ms a battle of 4.1 rounds, modelled 11.2); coloured dice 0.2–0.55
    ms a round whatever the size (six dice a colour)."""
    units = sum(setup.side(role).units.size for role in ROLES) + setup.attacker.bombard.size
    if setup.system.by_colour:
        per_round, per_unit = ROUND_COLORED, UNIT_ROUND_COLORED
    else:
        per_round, per_unit = (ROUND_SEA if setup.kind == "sea" else ROUND), UNIT_ROUND
    return max(1.0, rounds) * (per_round + per_unit * units)


def battle_seconds(setup: BattleSetup) -> float:
    """One battle, before any is fought: rounds guessed (coloured dice wear down slowly, 6 dice a colour)."""
    units = sum(setup.side(role).units.size for role in ROLES)
    rounds = min(100.0, 6 + units / 20) if setup.system.by_colour else 6.0
    return battle_work(setup, rounds)


def monte_carlo(setup: BattleSetup, samples: int) -> Estimate:
    """``samples`` battles fought by the engine."""
    return Estimate("monte_carlo", samples, OVERHEAD + samples * battle_seconds(setup))


def samples_within(setup: BattleSetup, wanted: int) -> int:
    """As many of ``wanted`` battles as the budget allows (fewer battles, a wider interval)."""
    return max(0, min(wanted, int((BUDGET_SECONDS - OVERHEAD) / battle_seconds(setup))))


def sampled(setup: BattleSetup, wanted: int, allowed: bool, exact: Estimate | None) -> Estimate:
    """Monte Carlo in place of an exact chain over the budget, or that chain's estimate where it cannot.

    ``exact`` None: no exact chain takes the battle at all (a side beyond the sea chain's 60 units, more
    units than the general chain's 16): Monte Carlo, or a refusal (``refused``) where it cannot stand in
    or fewer than ``MIN_SAMPLES`` battles fit: what ``method.ends_of`` does, told before it."""
    samples = samples_within(setup, wanted)
    if allowed and samples >= MIN_SAMPLES:
        return monte_carlo(setup, samples)
    if exact is None:
        return replace(monte_carlo(setup, MIN_SAMPLES), refused=True)
    return exact if not allowed else min(exact, monte_carlo(setup, MIN_SAMPLES), key=lambda e: e.seconds)


def chess(setup: BattleSetup) -> Estimate:
    """A&A Chess: one battle (orthodox, COF) or a few paths per round (at most one die per group): measured
    under 3 s at every size within the limits (bench/cost.py)."""
    units = sum(setup.side(role).units.size for role in ROLES)
    return Estimate("chess", units, OVERHEAD + units * CHESS_SECOND)


def too_big(chain: str | None, exact: Estimate | None, simulated: Estimate | None, why_not: str = "",
            subject: str = "this battle") -> TooBig:
    """The refusal a player reads: what would take too long, by how much, the limit, what to do instead."""
    parts = []
    if exact is not None:
        parts.append(f"{chain} {exact.words()}")
    if simulated is not None:
        parts.append(simulated.words())
    text = " and ".join(parts)
    worst = min((e for e in (exact, simulated) if e is not None), key=lambda e: e.seconds)
    return TooBig("", f"{subject} is too big to work out here: {text}{why_not}; a calculation may take at most "
                      f"{duration(BUDGET_SECONDS)}. Use fewer units.",
                  {"estimate": worst.as_json()})

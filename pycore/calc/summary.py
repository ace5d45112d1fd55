"""A plan's law summed up: per wave, for the whole plan, and for the counter-attack (docs/api.md, ``calc`` "Waves").

The numbers the ``calc`` op writes, in the arithmetic the plan was worked in
(no JSON here). Every law is where the plan stands *after* a wave — losses
so far, the swing so far — so the last wave's is the whole plan's; each wave's
``outcome`` is its own battle's, its probabilities summing to ``fights`` (the
chance it is fought at all: the territory not yet taken).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.army import Army
from ..engine.setup import ROLES, BattleSetup
from ..jsontext import JsonObject
from ..rulesets import Ruleset
from .choices import Chance
from .tally import OUTCOMES
from .plans import Plan, army_cost, captured, joined, retaken, start_defender
from .total import total
from .waves import CounterLaw, Path, PlanLaw

Law = dict[int, Chance]
"""A count's law (units lost, IPCs of swing, units left) → p."""


def last_standing(plan: Plan, law: PlanLaw, exact: bool) -> JsonObject:
    """Where the plan stands after its last wave: both the whole plan's figures (:func:`whole`) and the last
    wave's own (:func:`waves`), each a pass over every path of the plan: summed once by a caller that asks both."""
    return standing(plan, law.waves[-1].law, Fraction(0) if exact else 0.0)


def _copy(got: JsonObject) -> JsonObject:
    """A standing for one caller, who adds and takes its own fields (its laws copied, their values shared)."""
    return {key: ({k: (dict(v) if isinstance(v, dict) else v) for k, v in value.items()}
                  if isinstance(value, dict) else value) for key, value in got.items()}


def standing(plan: Plan, law: dict[Path, Chance], zero: Chance) -> JsonObject:
    """Losses, cost, swing and survivors of where the plan stands (a :class:`.waves.Standing` law).

    Each sum takes the same terms in the same order as one pass over the paths (the last bits of a float sum
    depend on its order); what a path reads of its defender's army is read once per army and stage (paths
    that lost different attackers meet the same defender: about half the paths of a small plan)."""
    _, starts, types, armies = _facts(plan)
    ruleset = plan.waves[0].setup.ruleset
    lost_a: Law = {}
    lost_d: Law = {}
    cost_a = cost_d = zero
    swing: Law = {}
    taken = left = zero
    survivors: dict[str, Chance] = {uid: zero for uid in types}
    left_law: Law = {}
    # the defender's army and stage, read once each: by the army's identity (the law holds it; hashing an army
    # is a Python call), an army met again under another identity read again, alike; without stages (nothing
    # joins him, no wave's own value) every path is at stage 0 and the army alone is the key
    seen: dict[Any, tuple[int, int, int, int, tuple[tuple[str, int], ...]]] = {}
    staged = plan.staged
    for ((units, ipcs, stage), d, held, _), p in law.items():
        key = (id(d), stage) if staged else id(d)
        got = seen.get(key)
        if got is None:
            size0, cost0 = starts[stage]
            size, ipcs_d, counts = _army(armies, ruleset, d)
            got = seen[key] = (size, size0 - size, cost0 - ipcs_d, plan.value_of(stage), counts)
        size, lost, spent, value, counts = got
        left_law[size] = left_law.get(size, 0) + p
        lost_a[units] = lost_a.get(units, 0) + p
        lost_d[lost] = lost_d.get(lost, 0) + p
        cost_a += p * ipcs
        cost_d += p * spent
        if held is not None:
            change = spent - ipcs + value
            swing[change] = swing.get(change, 0) + p
            taken += p
        else:
            change = spent - ipcs
            swing[change] = swing.get(change, 0) + p
            if counts:                                 # he has a unit left
                left += p
        for uid, n in counts:
            survivors[uid] += p * n
    return {"losses": {"attacker": lost_a, "defender": lost_d}, "cost": {"attacker": cost_a, "defender": cost_d},
            "swing": swing, "takes": taken, "defender_left": left, "defender_survivors": survivors,
            "defender_count": left_law}


Armies = dict[int, tuple[Army, int, int, tuple[tuple[str, int], ...]]]
"""A defender's army's size, IPCs and counts by its identity (each entry holds its army, so its ``id`` is not
reused while kept; an equal army under another identity is read again, alike): hashing an army is a Python call,
and a plan's standings and exchange meet the same few armies on many paths."""
Facts = tuple[Plan, list[tuple[int, int]], tuple[str, ...], Armies]

_FACTS: list[Facts] = []
"""The last plan summed up and what every sum of it reads of its defender (held here, so its ``id`` is not
reused): a plan's answer sums its waves, its whole and its exchange, each from the same start."""


def _facts(plan: Plan) -> Facts:
    if _FACTS and _FACTS[0][0] is plan:
        return _FACTS[0]
    ruleset = plan.waves[0].setup.ruleset
    d0 = start_defender(plan)
    if not plan.reinforced:          # nothing joins him: his start at every stage
        starts = [(d0.size, army_cost(ruleset, d0))] * len(plan.waves)
        _FACTS[:] = [(plan, starts, tuple(uid for uid, _ in d0.units.counts), {})]
        return _FACTS[0]
    starts = []
    for stage in range(len(plan.waves)):
        came = plan.arrived(stage)
        starts.append((d0.size + came.size, army_cost(ruleset, d0) + army_cost(ruleset, Army(came))))
    types = tuple(uid for uid, _ in joined(plan.waves[0].setup, d0, plan.arrived(len(plan.waves))).units.counts)
    _FACTS[:] = [(plan, starts, types, {})]
    return _FACTS[0]


def _army(armies: Armies, ruleset: Ruleset, d: Army) -> tuple[int, int, tuple[tuple[str, int], ...]]:
    """The defender's army's size, IPCs and counts (:data:`Armies`)."""
    got = armies.get(id(d))
    if got is None:
        counts = d.units.counts
        got = armies[id(d)] = (d, d.size, ruleset.ipcs(counts), counts)
    return got[1], got[2], got[3]


def waves(plan: Plan, law: PlanLaw, exact: bool, last: JsonObject | None = None) -> list[JsonObject]:
    """Each wave: its own battle's outcome and rounds, and where the plan stands after it (``last``: the last
    wave's, :func:`last_standing`, where the caller summed it already)."""
    zero = Fraction(0) if exact else 0.0
    out = []
    for k, (_wave, stand) in enumerate(zip(plan.waves, law.waves)):
        outcome = {name: zero for name in OUTCOMES}
        attacker_left = zero
        for (name, a, _), p in stand.ends.items():
            outcome[name] += p
            if a.units.counts:                 # he has a unit left
                attacker_left += p
        got = _copy(last) if last is not None and k + 1 == len(law.waves) else standing(plan, stand.law, zero)
        got.update({"wave": k + 1, "fights": stand.fights, "outcome": outcome, "attacker_left": attacker_left,
                    "rounds": stand.rounds})
        out.append(got)
    return out


def whole(plan: Plan, law: PlanLaw, exact: bool, last: JsonObject | None = None) -> JsonObject:
    """The whole plan, as a single battle's result reads (docs/api.md): its ends are those that ended it
    (``last``: :func:`last_standing`, where the caller summed it already)."""
    zero = Fraction(0) if exact else 0.0
    final = law.waves[-1].law
    got = _copy(last) if last is not None else standing(plan, final, zero)
    outcome = {name: zero for name in OUTCOMES}
    for (_, _, _, ended), p in final.items():
        outcome[ended] += p  # type: ignore[index]  # after the last wave every path has ended
    survivors: dict[str, Chance] = {}
    for wave, stand in zip(plan.waves, law.waves):
        a0 = Army(wave.setup.attacker.units)
        for uid, n in a0.units.counts:
            survivors[uid] = survivors.get(uid, zero) + (1 - stand.fights) * n   # waves never fought
        for (_, a, _), p in stand.ends.items():
            for uid, n in a.units.counts:
                survivors[uid] = survivors.get(uid, zero) + p * n
    sizes = {"attacker": sum(w.setup.attacker.units.size for w in plan.waves), "defender": start_defender(plan).size}
    got.update({"outcome": outcome, "rounds": total((s.rounds for s in law.waves), zero),
                "survivors": {"attacker": survivors, "defender": got.pop("defender_survivors")},
                "sizes": sizes})
    return got


def counter(plan: Plan, law: PlanLaw, exact: bool) -> JsonObject | None:
    """The counter-attacks (docs/rules.md §9.2): the first one's own outcome and losses at the top (``counters``:
    each one's, in turn), ``holds`` after the last one, and the whole exchange — the plan's waves and every
    counter-attack together, the territory's value where it is held at the end."""
    if not law.counters:
        return None
    zero = Fraction(0) if exact else 0.0
    reads = [_CounterEnds(setup) for setup in plan.counters]
    blocks = [_counter_block(read, got, zero) for read, got in zip(reads, law.counters)]
    return {**blocks[0], "holds": blocks[-1]["holds"], "counters": blocks,
            "exchange": _exchange(plan, law, reads, zero)}


class _CounterEnds:
    """What the summary reads of a counter-attack's end (docs/rules.md §9.2): whether it takes the territory
    back, the holders left to the defender then (his AA guns captured where it does), both sides' units and
    IPCs. Read once per end's outcome and armies: the counter-attack's block and the exchange both read every
    end, and an army pair ends under many paths (the units the plan lost before it)."""

    __slots__ = ("setup", "size", "cost", "seen", "armies")

    def __init__(self, setup: BattleSetup) -> None:
        self.setup = setup
        self.size, self.cost = setup.attacker.units.size, setup.ruleset.ipcs(setup.attacker.units.counts)
        # Keyed by the armies' identity (hashing an army is a Python call); each entry holds its armies, so an
        # id is not reused while it is kept; an equal army under another identity is read again, alike.
        self.seen: dict[tuple[str, int, int], tuple[bool, int, int, int, int, Army, Army]] = {}
        self.armies: dict[int, tuple[int, int, Army]] = {}     # an army's size and IPCs: many ends share it

    def read(self, name: str, c: Army, h: Army) -> tuple[bool, int, int, int, int, Army, Army]:
        """(retaken, the holders' size and IPCs after it, the counter-attacker's size and IPCs left; the two
        armies, kept)."""
        key = (name, id(c), id(h))
        got = self.seen.get(key)
        if got is None:
            again = retaken(self.setup, name, c, h)
            held = captured(self.setup, h) if again else h
            size_h, cost_h = self.facts(held) if held is h else (held.size, self.setup.ruleset.ipcs(held.units.counts))
            size_c, cost_c = self.facts(c)
            got = self.seen[key] = (again, size_h, cost_h, size_c, cost_c, c, h)
        return got

    def facts(self, army: Army) -> tuple[int, int]:
        got = self.armies.get(id(army))
        if got is None:
            got = self.armies[id(army)] = (army.size, self.setup.ruleset.ipcs(army.units.counts), army)
        return got[0], got[1]


def _counter_block(read: _CounterEnds, got: CounterLaw, zero: Chance) -> JsonObject:
    """One counter-attack: its outcome, the chance it ends the hold, its losses, the holders left after it."""
    size_c, cost_c = read.size, read.cost
    outcome = {name: zero for name in OUTCOMES}
    lost_c: Law = {}
    left_h: Law = {}
    cost_a, cost_d = zero, got.start_cost      # the counter-attacker's and the holders' IPCs lost
    retakes = fights = zero
    for (_, name, c, h), p in got.law.items():
        fights += p
        outcome[name] += p
        again, size_h, cost_h, size, spent, _, _ = read.read(name, c, h)
        if again:
            retakes += p
        key = size_c - size
        lost_c[key] = lost_c.get(key, 0) + p
        left_h[size_h] = left_h.get(size_h, 0) + p
        cost_a += p * (cost_c - spent)
        cost_d -= p * cost_h
    return {"fights": fights, "outcome": outcome, "retakes": retakes, "holds": fights - retakes,
            "losses": {"attacker": lost_c}, "survivors_count": {"defender": left_h},
            "cost_lost": {"attacker": cost_a, "defender": cost_d}, "rounds": got.rounds}


def _exchange(plan: Plan, law: PlanLaw, reads: list[_CounterEnds], zero: Chance) -> JsonObject:
    """The exchange's swing and losses: every path ends where the plan does not take the territory, where a
    counter-attack ends the hold, or after the last counter-attack."""
    ruleset = plan.waves[0].setup.ruleset
    _, starts, _, armies = _facts(plan)
    swing: Law = {}
    losses: dict[str, Law] = {role: {} for role in ROLES}
    lost_a, lost_d = losses["attacker"], losses["defender"]
    last = len(plan.counters) - 1
    for k, (read, got) in enumerate(zip(reads, law.counters)):
        size_c, cost_c = read.size, read.cost
        for ((units, ipcs, c_units, c_ipcs, stage), name, c, h), p in got.law.items():
            size_d0, cost_d0 = starts[stage]
            again, size_h, cost_h, size, spent, _, _ = read.read(name, c, h)
            if not again and k < last:
                continue
            lost_c = c_ipcs + cost_c - spent
            key = cost_d0 + lost_c - (ipcs - cost_h) + (0 if again else plan.value_of(stage))
            swing[key] = swing.get(key, 0) + p
            key = units - size_h
            lost_a[key] = lost_a.get(key, 0) + p
            key = size_d0 + c_units + size_c - size
            lost_d[key] = lost_d.get(key, 0) + p
    for ((units, ipcs, stage), d, held, _), p in law.waves[-1].law.items():
        size_d0, cost_d0 = starts[stage]
        if held is None:                               # not taken: the plan's own end is the exchange's
            size, cost, _ = _army(armies, ruleset, d)
            key = cost_d0 - cost - ipcs
            swing[key] = swing.get(key, 0) + p
            lost_a[units] = lost_a.get(units, 0) + p
            key = size_d0 - size
            lost_d[key] = lost_d.get(key, 0) + p
    return {"swing": swing, "losses": losses}


def mean(law: Law, zero: Chance) -> Chance:
    got: Chance = total((k * p for k, p in law.items()), zero)   # total() is Any: its terms' type is kept
    return got

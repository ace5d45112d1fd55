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

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

from ..engine.army import Army
from ..engine.setup import BattleSetup
from ..forces import Force
from .choices import NEVER, Retreat
from .law import Ends
from .policy import StateRules
from .starts import FLOOR, Battles


@dataclass(frozen=True)
class Wave:
    """One wave: its battle (its attacker against the plan's defender), its round limit and rules."""

    setup: BattleSetup
    rounds: int | None = None
    retreat: Retreat = NEVER          # retreat at N units, below X (choices.py)
    keep_land: bool = False
    profit: Any = None                # the rules read state by state (policy.py)
    air_loss: Any = None
    strafe: Any = None

    @property
    def reads_states(self) -> bool:
        return self.profit is not None or self.air_loss is not None or self.strafe is not None


@dataclass(frozen=True)
class Plan:
    """The waves in order (the first is the request's own battle), the counter-attack, what the territory is worth."""

    waves: tuple[Wave, ...]
    counter: BattleSetup | None = None      # attacker: the counter-attack; defender: the holders' order and tech
    territory_value: int = 0
    repair: bool = False                    # two-hit units repaired between waves (not by default)
    first: Mapping[str, Any] = field(default_factory=dict)   # wave 1's "odds from here": first_round, damaged, carry

    @property
    def kind(self) -> str:
        return self.waves[0].setup.kind


@dataclass
class Standing:
    """Where the plan stands after a wave: ((units, IPCs) lost by the attacker so far, the defender's army,
    the holders where the territory is taken else None, the outcome that ended the plan else None) → p."""

    law: dict
    fights: Any                       # P(this wave fought)
    ends: dict                        # this wave's own ends, (outcome, attacker, defender) → p
    rounds: Any
    start_cost: int                   # the IPCs of this wave's attacker


@dataclass
class PlanLaw:
    waves: list[Standing]
    counter: dict | None              # (tag, holders, outcome, counter-attacker after, holders after) → p
    counter_rounds: Any
    pruned: Any
    method: str = "exact"
    samples: int | None = None
    reason: str | None = None


def army_cost(ruleset, army: Army) -> int:
    return sum(ruleset.unit(uid).cost * n for uid, n in army.units.counts)


def takes(setup: BattleSetup, outcome: str, attacker: Army) -> bool:
    """docs/rules.md §2, "The territory": the attacker won with a land unit (not an AA gun) left, on land."""
    if outcome != "attacker_wins" or setup.kind == "sea":
        return False
    ruleset = setup.ruleset
    return any(ruleset.unit(uid).domain == "land" and "anti_aircraft" not in ruleset.unit(uid).abilities
               for uid, _ in attacker.units.counts)


def holders(setup: BattleSetup, attacker: Army, defender: Army) -> Army:
    """Who holds a taken territory: the attacker's land units (aircraft have left it; ships never were in it)
    and the AA guns captured there (docs/rules.md §9, "Take and hold")."""
    ruleset = setup.ruleset
    land = {uid: n for uid, n in attacker.units.counts if ruleset.unit(uid).domain == "land"}
    for uid, n in defender.units.counts:
        land[uid] = land.get(uid, 0) + n
    return Army(Force.of(ruleset, land))


def captured(setup: BattleSetup, defender: Army) -> Army:
    """The defender after a taking: his AA guns are captured (docs/rules.md §9), nothing is left to him."""
    guns = frozenset(u.id for u in setup.ruleset if "anti_aircraft" in u.abilities)
    return defender.without(guns)


def start_defender(plan: Plan) -> Army:
    """The defender before wave 1 (in a battle taken up in the middle, with his damaged units)."""
    first = plan.waves[0].setup
    return Army(first.defender.units, Force.of(first.ruleset, plan.first.get("damaged", {}).get("defender", {})))


def fight(plan: Plan, exact: bool = False, defenders: dict | None = None) -> PlanLaw:
    """The law of the plan: where it stands after each wave, and the counter-attack's law.

    ``defenders``: the defender's ladders, kept by the caller from one plan to the next against the same
    defender (the armies of ``recommend``)."""
    from . import method
    from .worth import PlanWorth

    one, zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
    worth = PlanWorth(plan, exact) if any(w.profit is not None for w in plan.waves) else None
    d0 = start_defender(plan)
    defenders = worth.defenders if worth is not None else ({} if defenders is None else defenders)
    plain = not plan.first.get("damaged", {}) and plan.first.get("first_round", 1) == 1 \
        and plan.first.get("carry", (0, 0)) == (0, 0)
    law: dict = {(0, 0): {d0: one}}             # tag → {defender army: p}, the waves still to fight
    done: dict = {}                              # the plan's paths that have ended
    standings, pruned = [], zero
    method_used, samples, reason = "exact", None, None
    for k, wave in enumerate(plan.waves):
        setup = wave.setup
        ruleset = setup.ruleset
        rules = _rules(plan, k, worth)
        retreat = Retreat(wave.retreat.at_units, wave.retreat.below, rules if rules and rules.active else None)
        battles = worth.battles[k] if worth is not None and k > 0 else \
            Battles(setup, exact, wave.rounds, retreat, wave.keep_land, defenders)
        battles.prime(d0)
        alone = k == 0 and not (plain and battles.uses_ladder() and _by_ladder(setup, exact, retreat, wave))
        a0 = Army(setup.attacker.units)
        start_size, start_cost = a0.size, army_cost(ruleset, a0)
        ends: dict = {}
        rounds = fights = zero
        nxt: dict = {}
        for tag, starts in law.items():
            mass = sum(starts.values(), zero)
            if not exact and mass < FLOOR:
                pruned += mass
                continue
            fights += mass
            if alone:
                options = {**plan.first, "retreat": retreat, "keep_land": wave.keep_land}
                got = method.ends_of(setup, wave.rounds, exact, options)
            else:
                got = battles.ends(starts)
            if got.method != "exact":
                method_used, reason = got.method, got.reason
                samples = got.samples if samples is None else min(samples, got.samples)
            rounds += got.rounds
            pruned += got.pruned
            for (outcome, a, d), p in got.ends.items():
                ends[(outcome, a, d)] = ends.get((outcome, a, d), zero) + p
                if a.damaged:                    # the attacker's two-hit units repair once his wave is over
                    a = Army(a.units)
                tag2 = (tag[0] + start_size - a.size, tag[1] + start_cost - army_cost(ruleset, a))
                if takes(setup, outcome, a):
                    key = (tag2, captured(setup, d), holders(setup, a, d), outcome)
                    done[key] = done.get(key, zero) + p
                    continue
                if plan.repair and d.damaged:
                    d = Army(d.units)
                if k + 1 == len(plan.waves) or (plan.kind == "sea" and not d):
                    key = (tag2, d, None, outcome)
                    done[key] = done.get(key, zero) + p
                else:
                    into = nxt.setdefault(tag2, {})
                    into[d] = into.get(d, zero) + p
        standing = dict(done)
        for tag, starts in nxt.items():
            for d, p in starts.items():
                standing[(tag, d, None, None)] = standing.get((tag, d, None, None), zero) + p
        standings.append(Standing(standing, fights, ends, rounds, start_cost))
        law = nxt
    counter, counter_rounds = None, zero
    if plan.counter is not None:
        counter, counter_rounds, cut = _counter(plan, done, exact, worth)
        pruned += cut
    return PlanLaw(standings, counter, counter_rounds, pruned, method_used, samples, reason)


def _by_ladder(setup: BattleSetup, exact: bool, retreat: Retreat, wave: Wave) -> bool:
    """Whether :mod:`.method` would give wave 1 to the ladder (within the cost budget): then the plan's own
    ladders fight it, and the later waves share the defender's."""
    from .method import plan as battle_plan
    return battle_plan(setup, exact, {"retreat": retreat, "keep_land": wave.keep_land}).method == "ladder"


def _rules(plan: Plan, k: int, worth) -> StateRules | None:
    """Wave k's rules read state by state: with what its ends are worth where a profit rule needs it."""
    wave = plan.waves[k]
    if worth is not None:
        return worth.rules[k]
    if not wave.reads_states:
        return None
    return StateRules(None, None, wave.air_loss, wave.strafe, wave.retreat.at_units, wave.retreat.below)


def _counter(plan: Plan, done: dict, exact: bool, worth) -> tuple[dict, Any, Any]:
    """The counter-attack on every taken end of the plan (docs/rules.md §9, "Take and hold").

    Fought once from each army of holders (its law does not depend on how the plan got there), then joined
    to the plan's paths that left those holders → {(tag, holders, outcome, counter-attacker after, holders
    after): p}: the law of the whole exchange is exact.
    """
    zero = Fraction(0) if exact else 0.0
    battles = worth.counter_battles if worth is not None else Battles(plan.counter, exact)
    taken: dict = {}
    for (tag, _, held, _), p in done.items():
        if held is not None:
            into = taken.setdefault(held, {})
            into[tag] = into.get(tag, zero) + p
    if taken:
        battles.prime(max(taken, key=lambda h: (h.size, army_cost(plan.counter.ruleset, h))))
    out: dict = {}
    rounds = pruned = zero
    for held, tags in taken.items():
        mass = sum(tags.values(), zero)
        if not exact and mass < FLOOR:
            pruned += mass
            continue
        got: Ends = battles.ends({held: 1 if exact else 1.0})
        rounds += mass * got.rounds
        pruned += mass * got.pruned
        for (outcome, c, h), q in got.ends.items():
            if h.damaged:
                h = Army(h.units)
            for tag, p in tags.items():
                end = (tag, held, outcome, c, h)
                out[end] = out.get(end, zero) + p * q
    return out, rounds, pruned

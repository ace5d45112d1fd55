"""What each end of each wave is worth to the attacker: the profit rule's measure (docs/rules.md §9, "Retreat rules").

Worth is the plan's swing — IPCs the defender loses minus IPCs the attacker
loses, plus the territory's value where the attacker has it at the end — up
to a constant, in the chain's arithmetic. An end of wave k is worth

* its attacker's units left, in IPCs, plus
* where it takes the territory: its value (without a counter-attack), or what
  the counter-attack is worth from the holders it leaves (the territory's value
  where they hold it, less what they lose, plus what the counter-attacker
  loses);
* else what the waves after it are worth from the defender it leaves: for the
  last wave, minus the defender's army left in IPCs; for wave k + 1, the worth
  of its ends from that start, less its own attacker's IPCs. A wave's worth from
  a start is worked backwards over its states by :mod:`.policy` under its own
  rules, so each wave's profit rule sees the waves after it and the
  counter-attack (*decision*, docs/rules.md §9: a wave that retreats leaves the
  defender stronger for the next; its survivors never join a later wave).

Everything is worked on the same ladders, pairs and chains the forward pass
then fights on (:class:`.starts.Battles`), so a table is made once.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Callable

from ..engine.army import Army
from ..forces import Force
from .choices import Chance, Retreat
from .plans import Plan, army_cost, captured, holders, joined, retaken, start_defender, stay, takes
from .policy import StateRules, Worth
from .starts import Battles

if TYPE_CHECKING:
    from .ladder.rungs import Ladder

    Ladders = dict[tuple[str, Army], tuple[Ladder, int]]
    """The defender's ladders, kept and shared (ladder.Solver's members): (role, army) → (ladder, rung)."""

_EMPTY = Force(())


class PlanWorth:
    """The worth of the ends of every wave of a plan, its rules, and the battles they are worked on."""

    def __init__(self, plan: Plan, exact: bool):
        self.plan, self.exact = plan, exact
        self.one: Chance
        self.zero: Chance
        self.one, self.zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
        self.cost: Callable[[Army], int] = lambda army: army_cost(plan.waves[0].setup.ruleset, army)
        self.rules = [StateRules(self._worth_of(k), w.profit, w.air_loss, w.strafe, w.retreat.at_units,
                                 w.retreat.below) for k, w in enumerate(plan.waves)]
        self.battles: list[Battles] = [None]  # type: ignore[list-item]  # wave 1 is fought by waves.py, not here
        self.defenders: Ladders = {}                 # the defender's ladders, shared by the waves (starts.Battles)
        for k, wave in enumerate(plan.waves[1:], 1):
            rules = self.rules[k]
            retreat = Retreat(wave.retreat.at_units, wave.retreat.below, rules if rules.active else None)
            ladders = self.defenders if plan.shares_defender(k) else {}
            self.battles.append(Battles(wave.setup, exact, wave.rounds, retreat, wave.keep_land, ladders))
            self.battles[-1].prime(joined(wave.setup, start_defender(plan), plan.arrived(len(plan.waves))))
        # Each counter-attack's battle and its ends' worth, in turn (the later ones from what it leaves), the
        # worth by the territory's value where it is held (the taking wave's, waves[k].territory_value).
        self.counter_battles = [Battles(setup, exact) for setup in plan.counters]
        self.counter_rules: list[dict[int, StateRules]] = [{} for _ in plan.counters]   # by the territory's value
        self._future: list[dict[Army, Chance]] = [{} for _ in plan.waves]
        self._held: list[dict[tuple[Army, int], Chance]] = [{} for _ in plan.counters]

    def _worth_of(self, k: int) -> Worth:
        setup = self.plan.waves[k].setup
        repair = self.plan.repair

        def worth(outcome: str, attacker: Army, defender: Army) -> Chance:
            left = self.cost(attacker)
            if takes(setup, outcome, attacker):
                return left + self.held(holders(setup, attacker, defender), self.plan.value_of(k))
            if repair and defender.damaged:
                defender = Army(defender.units)
            return left + self.future(k + 1, defender)
        return worth

    def future(self, k: int, defender: Army) -> Chance:
        """What waves k, k + 1, … are worth from this defender, less their attackers' IPCs (the last: −his IPCs).

        Wave k's reinforcements join him first; their IPCs count as his (what he loses of them is in the swing,
        docs/rules.md §9.1), so the worth of a start adds them."""
        plan = self.plan
        came = 0
        if k < len(plan.waves) and plan.waves[k].reinforce:
            defender = joined(plan.waves[k].setup, defender, plan.waves[k].reinforce)
            came = self.cost(Army(plan.waves[k].reinforce))
        if k >= len(plan.waves) or (plan.kind == "sea" and not defender):
            return came - self.cost(defender)
        got = self._future[k].get(defender)
        if got is None:
            wave = plan.waves[k]
            got = self.start_value(self.battles[k], self.rules[k], defender) - self.cost(Army(wave.setup.attacker.units))
            self._future[k][defender] = got
        return came + got

    def held(self, holders: Army, value: int, k: int = 0) -> Chance:
        """What a taken territory is worth: its value (the taking wave's, docs/rules.md §9.1), or (take and hold)
        counter-attack k and those after it from these holders."""
        plan = self.plan
        if k >= len(plan.counters):
            return value
        got = self._held[k].get((holders, value))
        if got is None:
            attacker = Army(plan.counters[k].attacker.units)
            rules = self.counter_rules[k].get(value)
            if rules is None:
                rules = self.counter_rules[k][value] = StateRules(self._counter_worth(k, value))
            got = (self.start_value(self.counter_battles[k], rules, holders)
                   - self.cost(holders) + self.cost(attacker))
            self._held[k][(holders, value)] = got
        return got

    def _counter_worth(self, k: int, value: int) -> Worth:
        """An end of counter-attack k, for the plan's attacker: his holders left, minus the counter-attacker's
        units left, plus where the territory is still his what it is worth from there (its value after the
        last counter-attack, else the next one from the holders that stay)."""
        setup = self.plan.counters[k]

        def worth(outcome: str, attacker: Army, defender: Army) -> Chance:
            if retaken(setup, outcome, attacker, defender):
                return self.cost(captured(setup, defender)) - self.cost(attacker)
            kept = stay(setup, defender)
            if self.plan.repair and kept.damaged:
                kept = Army(kept.units)
            return self.cost(defender) - self.cost(attacker) + self.held(kept, value, k + 1)
        return worth

    def start_value(self, battles: Battles, rules: StateRules, defender: Army) -> Chance:
        """What a battle from this defender is worth: its opening fire, round 1 and the rest, under its rules."""
        if battles.rounds == 0:     # a wave that leaves before round 1: its ends are its opening fire's
            got = battles.ends({defender: self.one})
            return sum((p * rules.worth(*end) for end, p in got.ends.items()), self.zero)  # type: ignore[misc]  # its rules have a worth
        if battles.uses_ladder():
            solver = battles.solver()
            total = self.zero
            for (a, d, ga, gd), m in battles.opening({defender: self.one}).items():
                if ga or gd:
                    raise ValueError("the profit rule is not read in an amphibious assault (docs/rules.md §9)")
                la, i0 = solver.ladder_of("attacker", a, d)
                ld, j0 = solver.ladder_of("defender", d, a)
                total += m * rules.start_value(solver.pair_of(la, ld), i0, j0)
            return total
        return rules.chain_start_value(battles.chain(), (battles.attacker, defender))

"""The profit rule at T = 0 against brute force: no rule of when to retreat does better (docs/rules.md §9.3).

On small land battles every *retreat rule* — every set of the states after a round where the attacker
retreats — is worked out exactly with the referee's own battle (``battle.Battle``: its rounds, its ends;
nothing from ``pycore``), and the best of them is compared with the project's plan under
``retreat_profit: 0`` (``compare.project``, the JSON door). The project's backward pass must reach that best
average swing exactly (``exact``: fractions) and in floats to 1e-9; and a threshold above 0, or a later wave,
must be read as docs/rules.md says.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from .battle import Battle
from .casualties import as_army, counts
from .compare import project
from .units import RULESETS


def _cost(rs, army) -> int:
    return sum(rs.unit(uid).cost * n for uid, n in counts(army).items())


class Brute:
    """One battle's states after a round, and the average swing of any retreat rule over them."""

    def __init__(self, request: dict, later=None, held=None):
        self.request = request
        self.held = held            # what the counter-attack makes of the holders (take and hold)
        self.battle = Battle(request, "chosen")
        self.rs = RULESETS[request["ruleset"]]
        self.value = request.get("territory_value", 0)
        self.later = later          # what a defender left to the next wave is worth (a second wave)
        self.a0, self.d0 = self.battle.start["attacker"], self.battle.start["defender"]
        self.states = self._states()

    def _states(self) -> list:
        seen, todo = set(), []
        for (a, d, _), _p in self.battle.opening().items():
            if self.battle.settle(a, d)[0] is None:
                todo.append((a, d))
        while todo:
            a, d = todo.pop()
            for (a2, d2), _q in self.battle.round(a, d).items():
                outcome, a3, d3 = self.battle.settle(a2, d2)
                if outcome is None and (a3, d3) not in seen:
                    seen.add((a3, d3))
                    todo.append((a3, d3))
        return sorted(seen)

    def end(self, outcome: str, a, d) -> Fraction:
        """The swing of an end (docs/rules.md §9.1): the defender's IPCs lost − the attacker's, the territory's
        value where it is taken (a captured AA gun lost to the defender); a defender left meets the next wave."""
        rs = self.rs
        taken = outcome == "attacker_wins" and any(rs.unit(u).domain == "land" and u != "aa_gun" for u, _, _ in a)
        if taken:
            d = tuple(row for row in d if row[0] != "aa_gun")
        lost_a = _cost(rs, self.a0) - _cost(rs, a)
        if taken and self.held is not None:
            land = {u: n for u, n in counts(a).items() if rs.unit(u).domain == "land"}
            for u, n in counts(d).items():          # captured AA guns hold the territory too
                land[u] = land.get(u, 0) + n
            return Fraction(_cost(rs, self.d0) - lost_a) + self.held(tuple(sorted(land.items())))
        if taken:
            return Fraction(_cost(rs, self.d0) - _cost(rs, d) - lost_a + self.value)
        if self.later is not None:
            return self.later(d) - lost_a
        return Fraction(_cost(rs, self.d0) - _cost(rs, d) - lost_a)

    def average(self, retreat: frozenset) -> Fraction:
        memo: dict = {}

        def worth(a, d) -> Fraction:        # the state after a round's casualties
            outcome, a, d = self.battle.settle(a, d)
            if outcome:
                return self.end(outcome, a, d)
            if (a, d) in retreat:
                return self.end("retreat", a, d)
            if (a, d) not in memo:
                step = self.battle.round(a, d)
                stay = step.pop((a, d), Fraction(0))
                memo[(a, d)] = sum((q * worth(a2, d2) for (a2, d2), q in step.items()), Fraction(0)) / (1 - stay)
            return memo[(a, d)]

        total = Fraction(0)
        for (a, d, _), p in self.battle.opening().items():
            outcome, a, d = self.battle.settle(a, d)
            if outcome:
                total += p * self.end(outcome, a, d)
                continue
            for (a2, d2), q in self.battle.round(a, d).items():      # no retreat before round 1
                total += p * q * worth(a2, d2)
        return total

    def best(self) -> Fraction:
        states = self.states
        assert len(states) <= 12, f"{len(states)} states: too many rules to try"
        return max(self.average(frozenset(chosen)) for k in range(len(states) + 1)
                   for chosen in combinations(states, k))


def _mean(law: dict) -> Fraction:
    return sum((Fraction(int(k)) * Fraction(p) for k, p in law.items()), Fraction(0))


SMALL = [
    {"ruleset": "1942-2e", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 2, "tank": 1}},
     "defender": {"units": {"infantry": 2}}, "territory_value": 2},
    {"ruleset": "revised", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 1, "fighter": 1}},
     "defender": {"units": {"infantry": 1, "tank": 1}}},
    {"ruleset": "revised", "system": {"name": "lowluck"}, "attacker": {"units": {"infantry": 2, "artillery": 1}},
     "defender": {"units": {"infantry": 2, "aa_gun": 1}}, "territory_value": 5},
    {"ruleset": "1940-2e", "system": {"name": "dice"}, "attacker": {"units": {"tank": 1, "bomber": 1}},
     "defender": {"units": {"infantry": 3}}, "territory_value": 3},
    {"ruleset": "anniversary", "system": {"name": "biased"}, "attacker": {"units": {"infantry": 2, "fighter": 1}},
     "defender": {"units": {"infantry": 1, "artillery": 1, "aa_gun": 1}}},
    {"ruleset": "classic", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 3}},
     "defender": {"units": {"tank": 1, "infantry": 1}}, "territory_value": 8},
]


@pytest.mark.slow
@pytest.mark.parametrize("request_", SMALL, ids=[f"{r['ruleset']}-{r['system']['name']}-{i}" for i, r in enumerate(SMALL)])
def test_the_profit_rule_at_zero_is_the_best_retreat_rule(request_):
    brute = Brute(request_)
    best = brute.best()
    to_the_end = brute.average(frozenset())
    got = project({**request_, "retreat_profit": 0, "exact": True})
    assert _mean(got["exact_swing"]) == best
    assert Fraction(got["retreat_value"]["to_the_end"]) == pytest.approx(float(to_the_end), abs=1e-12)
    floats = project({**request_, "retreat_profit": 0})
    assert floats["cost_swing"] == pytest.approx(float(best), abs=1e-9)
    assert floats["retreat_value"]["with_rules"] >= floats["retreat_value"]["to_the_end"] - 1e-12


def test_the_rule_makes_a_difference_somewhere():
    """The small battles are chosen so that retreating pays in some of them (else the test proves little)."""
    better = [r for r in SMALL[:4] + SMALL[5:] if Brute(r).best() > Brute(r).average(frozenset())]
    assert len(better) >= 3


def test_a_margin_retreats_sooner_and_averages_no_better():
    """T > 0: he retreats where pressing on is worth less than T more (docs/rules.md §9.3); the average swing of
    that rule is one of the brute force's rules, never above the best."""
    request = SMALL[0]
    brute = Brute(request)
    got = project({**request, "retreat_profit": 2, "exact": True})
    value = _mean(got["exact_swing"])
    assert value <= brute.best()
    values = {brute.average(frozenset(chosen)) for k in range(len(brute.states) + 1)
              for chosen in combinations(brute.states, k)}
    assert value in values


@pytest.mark.slow
def test_the_profit_rule_sees_the_next_wave():
    """Wave 1's profit rule counts what wave 2 makes of the defender it leaves (docs/rules.md §9.3): its
    average over both waves is the best of every retreat rule of wave 1, wave 2 fought to the end."""
    first = {"ruleset": "1942-2e", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 2, "tank": 1}},
             "defender": {"units": {"infantry": 2, "artillery": 1}}}
    second = {"units": {"infantry": 2, "artillery": 1}}
    rs = RULESETS["1942-2e"]
    start = Battle(first, "chosen").start["defender"]

    worked: dict = {}

    def later(d) -> Fraction:
        """Wave 2 from defender d, to the end: −(IPCs it loses) plus the defender's IPCs lost by its end."""
        if d in worked:
            return worked[d]
        battle = Battle({**first, "attacker": second}, "chosen")
        battle.start["defender"] = d
        total = Fraction(0)
        for (outcome, a, dd), p in battle.ends().items():
            taken = outcome == "attacker_wins" and any(rs.unit(u).domain == "land" for u, _, _ in a)
            total += p * (_cost(rs, start) - _cost(rs, () if taken else dd) - (_cost(rs, battle.start["attacker"])
                                                                              - _cost(rs, a)))
        worked[d] = total
        return total

    brute = Brute(first, later)
    got = project({**first, "retreat_profit": 0, "exact": True, "waves": [{"attacker": second}]})
    assert _mean(got["exact_swing"]) == brute.best()
    alone = project({**first, "retreat_profit": 0, "exact": True})
    assert brute.best() > brute.average(frozenset()) or _mean(alone["exact_swing"]) != brute.best()


def test_the_profit_rule_sees_the_counter_attack():
    """With a counter-attack the territory is worth its value only where it is held, and the holders lost in
    the counter-attack count (docs/rules.md §9.2–§9.3): the rule's average exchange is the best of every
    retreat rule of the attack."""
    request = {"ruleset": "revised", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 2, "tank": 1}},
               "defender": {"units": {"infantry": 2}}, "territory_value": 6}
    counter = {"units": {"infantry": 2, "tank": 1}}
    rs = RULESETS["revised"]
    worked: dict = {}

    def held(holders: tuple) -> Fraction:
        if holders not in worked:
            battle = Battle({"ruleset": "revised", "system": {"name": "dice"}, "attacker": counter,
                             "defender": {"units": dict(holders)}}, "chosen")
            h0, c0 = battle.start["defender"], battle.start["attacker"]
            total = Fraction(0)
            for (outcome, c, h), p in battle.ends().items():
                again = outcome == "attacker_wins" and any(rs.unit(u).domain == "land" for u, _, _ in c)
                if again:
                    h = tuple(row for row in h if row[0] != "aa_gun")
                total += p * ((_cost(rs, c0) - _cost(rs, c)) - (_cost(rs, h0) - _cost(rs, h))
                              + (0 if again else request["territory_value"]))
            worked[holders] = total
        return worked[holders]

    brute = Brute(request, held=held)
    assert brute.best() > brute.average(frozenset())        # retreating pays somewhere here
    got = project({**request, "retreat_profit": 0, "exact": True, "counter": {"attacker": counter}})
    assert _mean(got["exchange"]["exact_swing"]) == brute.best()


@pytest.mark.parametrize("reinforce, value", [({"infantry": 1}, None), ({}, 8), ({"infantry": 1}, -4)],
                         ids=["reinforced", "worth-more-to-wave-2", "both"])
def test_the_profit_rule_sees_the_next_waves_fields(reinforce, value):
    """Wave 1's profit rule counts what wave 2 makes of the defender it leaves *with the reinforcements that join
    him before wave 2*, and the territory at *wave 2's* value where wave 2 takes it (docs/rules.md §9.1, §9.3):
    the reinforcements' IPCs are his, what wave 2 takes of them is his loss. Its average over both waves is the
    best of every retreat rule of wave 1, wave 2 fought to the end."""
    first = {"ruleset": "revised", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 1, "tank": 1}},
             "defender": {"units": {"infantry": 2}}, "territory_value": 2}
    second = {"units": {"tank": 2}}
    rs = RULESETS["revised"]
    start = Battle(first, "chosen").start["defender"]
    came = sum(rs.unit(uid).cost * n for uid, n in reinforce.items())
    worth = first["territory_value"] if value is None else value
    worked: dict = {}

    def later(d) -> Fraction:
        if d not in worked:
            rows = {uid: [i, dm] for uid, i, dm in d}
            for uid, n in reinforce.items():
                rows.setdefault(uid, [0, 0])[0] += n
            battle = Battle({**first, "attacker": second}, "chosen")
            battle.start["defender"] = as_army(rows, rs)
            total = Fraction(0)
            for (outcome, a, dd), p in battle.ends().items():
                taken = outcome == "attacker_wins" and any(rs.unit(u).domain == "land" for u, _, _ in a)
                total += p * (_cost(rs, start) + came - _cost(rs, () if taken else dd) + (worth if taken else 0)
                              - (_cost(rs, battle.start["attacker"]) - _cost(rs, a)))
            worked[d] = total
        return worked[d]

    brute = Brute(first, later)
    wave = {"attacker": second, **({"reinforce": {"units": reinforce}} if reinforce else {}),
            **({"territory_value": value} if value is not None else {})}
    got = project({**first, "retreat_profit": 0, "exact": True, "waves": [wave]})
    assert _mean(got["exact_swing"]) == brute.best()

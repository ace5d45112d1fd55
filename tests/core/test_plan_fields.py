"""A plan's per-wave fields (docs/rules.md §9.1, docs/api.md "Plan of attack"): reinforcements, the defender's
order of loss and the territory's value per wave.

Golden values are worked by hand in each test's docstring (Revised, dice: infantry attacks at 1 and defends
at 2, costs 3; a fighter attacks at 3, costs 10). The referee checks the same fields on random-free small plans
(tests/referee/test_plan_agreement.py, ``PER_WAVE``); these pin the contract, the Monte Carlo path and the cost
estimate.
"""

from fractions import Fraction

import pytest

from pycore.calc import plan_cost, plan_sample, waves
from pycore.calc.summary import whole
from pycore.read.calc import read_calc

from .helpers import error, ok

# Wave 1: a fighter against one infantry (it cannot take the territory); wave 2: one infantry, with one more
# infantry joining the defender before it.
EMPTIED = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
           "attacker": {"units": {"fighter": 1}}, "defender": {"units": {"infantry": 1}},
           "waves": [{"attacker": {"units": {"infantry": 1}}, "reinforce": {"units": {"infantry": 1}}}],
           "exact": True}


def _plan(request: dict):
    return read_calc({k: v for k, v in request.items() if k not in ("op", "exact")}).options["plan"]


# -- reinforcements ------------------------------------------------------------------------------------------

def test_reinforcements_hold_a_territory_emptied_but_not_taken_by_hand():
    """Wave 1, fighter (hits 1/2) v infantry (hits 1/3): of the rounds that decide (1 − 1/2·2/3 = 2/3) the
    fighter wins 1/3 ÷ 2/3 = 1/2, both die 1/6 ÷ 2/3 = 1/4, the infantry wins 1/4. The territory is never taken
    (a fighter holds nothing), so wave 2 fights on every path, and the reinforcing infantry joins: alone on the
    emptied paths (3/4), where 1 infantry v 1 infantry takes it 1/9 ÷ 4/9 = 1/4 (the plain plan would walk in);
    beside the survivor on the others (1/4), where 2 defending infantry hit with 1 − (2/3)² = 5/9, so the
    attacker first reaches 1 v 1 with 1/6·4/9 ÷ (1 − 5/6·4/9) = 2/17, then takes it 1/4. Taken: 3/4·1/4 +
    1/4·2/17·1/4 = 53/272 (without reinforcements 13/16)."""
    got = ok(EMPTIED)
    assert got["exact_takes_territory"] == "53/272"
    assert got["waves"][1]["fights"] == 1.0
    plain = ok({**EMPTIED, "waves": [{"attacker": {"units": {"infantry": 1}}}]})
    assert plain["exact_takes_territory"] == "13/16"


def test_reinforcements_lost_count_as_the_defenders_loss_and_kept_as_his():
    """Swing = IPCs the defender lost − the attacker's. Best case for the attacker: the fighter wins, then the
    infantry beats the reinforcement (3/4 of the way in: 1/2·1/4 = 1/8): the defender lost 2 infantry (6), the
    attacker nothing: +6. Worst: the fighter dies, the defender's infantry survive wave 2 untouched while
    the attacking infantry dies: −13 (the reinforcement kept is no loss to him)."""
    got = ok(EMPTIED)
    swing = {int(k): Fraction(p) for k, p in got["exact_swing"].items()}
    assert swing[6] == Fraction(1, 8)
    assert min(swing) == -13 and max(swing) == 6
    assert sum(swing.values()) == 1
    # Units left to the defender: up to 2 (his infantry and the reinforcement), never 3.
    assert set(got["survivors_count"]["defender"]) == {"0", "1", "2"}
    assert sum(got["survivors_count"]["defender"].values()) == pytest.approx(1.0)
    assert got["survivors"]["defender"]["infantry"] == pytest.approx(
        sum(int(k) * p for k, p in got["survivors_count"]["defender"].items()))


def test_reinforcements_never_come_to_a_taken_territory():
    """Wave 1 (2 infantry v 1 infantry) may take it; where it does the plan ends and the reinforcements stay
    home: the defender's losses on those paths are his start (1 unit), never the reinforcement's."""
    request = {**EMPTIED, "attacker": {"units": {"infantry": 2}}}
    got = ok(request)
    taken_first = Fraction(got["waves"][0]["exact_takes_territory"])
    assert taken_first > 0
    # After wave 1 nothing has joined yet: the defender lost at most his one infantry.
    assert set(got["waves"][0]["losses"]["defender"]) == {"0", "1"}
    assert set(got["losses"]["defender"]) == {"0", "1", "2"}


@pytest.mark.parametrize("reinforce, field, words", [
    ([], "waves[0].reinforce", "must be an object"),
    ({"units": {"infantry": 1}, "ships": 1}, "waves[0].reinforce.ships", "unknown field"),
    ({}, "waves[0].reinforce.units", "required"),
    ({"units": {}}, "waves[0].reinforce.units", "at least one unit"),
    ({"units": {"battleship": 1}}, "waves[0].reinforce.units.battleship", "land battle"),
    ({"units": {"infantry": -1}}, "waves[0].reinforce.units.infantry", "-1"),
    ({"units": {"zeppelin": 1}}, "waves[0].reinforce.units.zeppelin", "zeppelin"),
])
def test_a_wrong_reinforcement_is_refused_naming_the_field(reinforce, field, words):
    got = error({**EMPTIED, "waves": [{"attacker": {"units": {"infantry": 1}}, "reinforce": reinforce}]})
    assert got["field"] == field and words in got["message"]


def test_reinforcements_are_refused_under_a_system_with_its_own_calculator():
    got = error({**EMPTIED, "system": {"name": "chess"}})
    assert got["field"] == "waves[0].reinforce" and "dice, Low Luck and biased dice" in got["message"]


def test_the_link_keeps_the_reinforcements():
    request = {k: v for k, v in EMPTIED.items() if k != "exact"}
    link = ok({"op": "share", "encode": request})["link"]
    assert ok({"op": "share", "decode": link})["request"]["waves"][0]["reinforce"] == {"units": {"infantry": 1}}


def test_the_monte_carlo_plan_meets_the_reinforcements(monkeypatch):
    """The engine's seeded plan (plan_sample) joins them too: its chance to take agrees with 53/272 within
    4 standard errors of its samples (300 plans: without the reinforcements it would be near 13/16)."""
    monkeypatch.setattr(plan_sample, "SAMPLES", 300)
    plan = _plan(EMPTIED)
    law = plan_sample.sample(plan, "test")
    got = whole(plan, law, False)
    se = (53 / 272 * (1 - 53 / 272) / law.samples) ** 0.5
    assert abs(got["takes"] - 53 / 272) < 4 * se
    exact = whole(plan, waves.fight(plan, False), False)
    assert max(got["losses"]["defender"]) == max(exact["losses"]["defender"]) == 2


def test_the_cost_estimate_counts_the_reinforced_defender():
    """A later wave against a defender with reinforcements is worked from more starts, on bigger battles."""
    big = {**EMPTIED, "waves": [{"attacker": {"units": {"infantry": 1}},
                                 "reinforce": {"units": {"infantry": 6, "tank": 4}}}]}
    plain = {**EMPTIED, "waves": [{"attacker": {"units": {"infantry": 1}}}]}
    assert plan_cost.estimate(_plan(big), True).seconds > plan_cost.estimate(_plan(plain), True).seconds


# -- the territory's value and the defender's order of loss, per wave ------------------------------------------

SECOND_WAVE = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}},
               "waves": [{"attacker": {"units": {"infantry": 1}}}], "exact": True, "territory_value": 2}


def test_a_waves_own_territory_value_counts_where_it_takes_the_territory_by_hand():
    """tests/core/test_calc_waves.py works this plan by hand: wave 1 takes it 1/4 (swing +3), wave 2 9/32 (swing
    0 before the value). The plan's value 2 counts where wave 1 takes it (+5), wave 2's own 10 where wave 2
    does (+10); the paths not taken (−6: 25/64, −3: 5/64) count none."""
    got = ok({**SECOND_WAVE, "waves": [{"attacker": {"units": {"infantry": 1}}, "territory_value": 10}]})
    assert got["exact_swing"] == {"-6": "25/64", "-3": "5/64", "5": "1/4", "10": "9/32"}
    assert got["waves"][0]["exact_swing"] == {"-3": "5/8", "0": "1/8", "5": "1/4"}
    assert got["cost_swing"] == pytest.approx(-6 * 25 / 64 - 3 * 5 / 64 + 5 / 4 + 10 * 9 / 32)


def test_a_waves_territory_value_counts_in_the_exchange_where_it_is_held():
    """With a counter-attack the value counts where the territory is held after it: wave 2's own value on the
    paths wave 2 took. Raising wave 2's value by 10 raises the exchange's mean by 10 × P(wave 2 takes and
    holds), and the plan's own swing not at all (the exchange counts the value instead)."""
    counter = {"counter": {"attacker": {"units": {"infantry": 1}}}}
    low = ok({**SECOND_WAVE, **counter, "waves": [{"attacker": {"units": {"infantry": 1}}, "territory_value": 2}]})
    high = ok({**SECOND_WAVE, **counter, "waves": [{"attacker": {"units": {"infantry": 1}}, "territory_value": 12}]})
    plain = ok({**SECOND_WAVE, **counter})
    assert low["exchange"]["exact_swing"] == plain["exchange"]["exact_swing"]
    gained = sum(Fraction(p) * int(k) for k, p in high["exchange"]["exact_swing"].items()) - \
        sum(Fraction(p) * int(k) for k, p in low["exchange"]["exact_swing"].items())
    assert 0 < gained < 10 * Fraction(9, 32)


def test_the_defenders_order_of_loss_holds_from_its_wave_on():
    """Revised: 1 infantry, 1 artillery and 1 tank defend. Wave 1 (2 infantry) is the same with or without wave
    2's order; wave 2 with the tank lost first, then wave 3 (no order of its own) keeps it: wave 3 fights on
    fewer paths than with the defender's default order, where his tank (defends at 3) is lost last."""
    base = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"}, "exact": True,
            "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1, "tank": 1, "artillery": 1}},
            "waves": [{"attacker": {"units": {"infantry": 1, "tank": 1}}}, {"attacker": {"units": {"tank": 1}}}]}
    ordered = {**base, "waves": [{**base["waves"][0], "defender_order_of_loss": ["tank", "artillery", "infantry"]},
                                 base["waves"][1]]}
    got, plain = ok(ordered), ok(base)
    assert got["waves"][0] == plain["waves"][0]
    assert got["waves"][2]["fights"] < plain["waves"][2]["fights"]
    assert got["waves"][1]["exact_outcome"]["attacker_wins"] != plain["waves"][1]["exact_outcome"]["attacker_wins"]
    assert ok({"op": "share", "decode": ok({"op": "share", "encode": {k: v for k, v in ordered.items()
                                                                     if k != "exact"}})["link"]})[
        "request"]["waves"][0]["defender_order_of_loss"] == ["tank", "artillery", "infantry"]


@pytest.mark.parametrize("wave, field, words", [
    ({"defender_order_of_loss": "tank"}, "waves[0].defender_order_of_loss", "must be a list"),
    ({"defender_order_of_loss": ["zeppelin"]}, "waves[0].defender_order_of_loss[0]", "unknown unit"),
    ({"defender_order_of_loss": ["infantry", "infantry"]}, "waves[0].defender_order_of_loss[1]", "twice"),
    ({"territory_value": 1001}, "waves[0].territory_value", "-1000 to 1000"),
    ({"territory_value": 2.5}, "waves[0].territory_value", "whole number"),
])
def test_a_wrong_per_wave_field_is_refused_naming_it(wave, field, words):
    got = error({**SECOND_WAVE, "waves": [{"attacker": {"units": {"infantry": 1}}, **wave}]})
    assert got["field"] == field and words in got["message"]


def test_the_monte_carlo_plan_counts_a_waves_own_value(monkeypatch):
    """plan_sample's paths carry the stage too: the swing's top value is wave 2's +10, as in the exact law."""
    monkeypatch.setattr(plan_sample, "SAMPLES", 200)
    plan = _plan({**SECOND_WAVE, "waves": [{"attacker": {"units": {"infantry": 1}}, "territory_value": 10}]})
    got = whole(plan, plan_sample.sample(plan, "test"), False)
    assert set(got["swing"]) <= {-6, -3, 5, 10} and got["swing"].get(10, 0) > 0.15


# -- retreat before round 1 -------------------------------------------------------------------------------------

SOAK = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"}, "exact": True,
        "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}},
        "waves": [{"attacker": {"units": {"fighter": 2}}, "rounds": 0}, {"attacker": {"units": {"tank": 1}}}]}


def test_a_wave_with_no_round_draws_the_aa_fire_and_leaves_by_hand():
    """Wave 1, infantry v infantry (the AA gun fires at no aircraft): taken 1/4, both destroyed 1/8, the
    defender wins 5/8 (tests/core/test_calc_waves.py). Wave 2, 2 fighters with rounds 0, fights on 3/4: the
    gun fires 2 shots at 1 (docs/rules.md §2), both hit 1/36. Against infantry + gun (5/8): both shot down,
    the defender wins 5/8·1/36 = 5/288; else it retreats, 5/8·35/36 = 175/288. Against the gun alone (1/8,
    Revised: the gun is no casualty and no force, §9.1): the battle is decided by the AA fire — both shot
    down, a draw 1/288; else the fighters won 35/288, the territory not taken. Rounds: only a battle decided
    by the opening fire counts one (41/288). The defender loses nothing to it."""
    got = ok(SOAK)["waves"][1]
    assert got["exact_outcome"] == {"attacker_wins": "35/288", "defender_wins": "5/288", "draw": "1/288",
                                    "retreat": "175/288"}
    assert got["rounds"] == pytest.approx(41 / 288)
    assert got["losses"]["defender"] == ok(SOAK)["waves"][0]["losses"]["defender"]


@pytest.mark.parametrize("change, field, words", [
    ({"kind": "sea", "attacker": {"units": {"destroyer": 1}}, "defender": {"units": {"destroyer": 1}},
      "waves": [{"attacker": {"units": {"fighter": 1}}, "rounds": 0}]}, "waves[0].rounds", "at sea"),
    ({"kind": "amphibious", "attacker": {"units": {"infantry": 1, "battleship": 1}},
      "waves": [{"attacker": {"units": {"infantry": 1, "battleship": 1}}, "rounds": 0}]},
     "waves[0].rounds", "cannot retreat"),
    ({"waves": [{"attacker": {"units": {"fighter": 2}}, "rounds": 0, "retreat_below": 0.5}]},
     "waves[0].retreat_below", "no round"),
    ({"system": {"name": "chess"}}, "waves[0].rounds", "not chess"),
    ({"waves": [{"attacker": {"units": {"fighter": 2}}, "rounds": -1}]}, "waves[0].rounds", "from 0"),
])
def test_a_wave_with_no_round_is_refused_where_it_cannot_leave(change, field, words):
    got = error({**SOAK, **change})
    assert got["field"] == field and words in got["message"], got


def test_the_monte_carlo_plan_draws_the_aa_fire_and_leaves(monkeypatch):
    """The engine's seeded plan plays the same wave by the engine's own AA step: its retreat 175/288 within 4
    standard errors (300 plans; the engine's battle with no round would fire no AA gun and retreat 3/4)."""
    monkeypatch.setattr(plan_sample, "SAMPLES", 300)
    plan = _plan(SOAK)
    law = plan_sample.sample(plan, "test")
    retreat = sum(p for (outcome, _, _), p in law.waves[1].ends.items() if outcome == "retreat")
    se = (175 / 288 * (1 - 175 / 288) / law.samples) ** 0.5
    assert abs(retreat - 175 / 288) < 4 * se


def test_the_cost_of_a_wave_with_no_round_is_its_opening_fire():
    """It is estimated at its opening fire (a few ms a group of starts), below the same wave fought to the end."""
    big = {"fighter": 8, "bomber": 6, "infantry": 10}
    soak = {**SOAK, "waves": [{"attacker": {"units": big}, "rounds": 0}, SOAK["waves"][1]]}
    fought = {**SOAK, "waves": [{"attacker": {"units": big}}, SOAK["waves"][1]]}
    assert plan_cost.estimate(_plan(soak), False).seconds < plan_cost.estimate(_plan(fought), False).seconds


# -- keep_land n ---------------------------------------------------------------------------------------------------

KEEP = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"}, "rounds": 1,
        "attacker": {"units": {"infantry": 2, "fighter": 1}}, "defender": {"units": {"infantry": 1}}}


@pytest.mark.parametrize("keep, infantry, fighter", [(True, 5 / 3, 1.0), (1, 5 / 3, 1.0), (2, 2.0, 2 / 3)])
def test_keep_land_n_spares_n_land_units_by_hand(keep, infantry, fighter):
    """One round, Revised: the defending infantry hits 1/3. His hit takes the attacker's first casualty, an
    infantry (the cheapest); keeping 1 land unit of 2 that is allowed (1/3 lost: 5/3 left, the fighter 1);
    keeping 2 the fighter goes instead (2 infantry, the fighter 2/3). The attacker wins the round where he
    scores at all: 1 − (5/6)²·(1/2) = 47/72, whatever he keeps."""
    got = ok({**KEEP, "keep_land": keep})
    assert got["survivors"]["attacker"]["infantry"] == pytest.approx(infantry)
    assert got["survivors"]["attacker"]["fighter"] == pytest.approx(fighter)
    assert got["outcome"]["attacker_wins"] == pytest.approx(47 / 72)


def test_keep_land_true_and_1_are_one_link_and_a_number_is_kept():
    one = ok({"op": "share", "encode": {**{k: v for k, v in KEEP.items()}, "keep_land": 1}})["link"]
    true = ok({"op": "share", "encode": {**{k: v for k, v in KEEP.items()}, "keep_land": True}})["link"]
    assert one == true
    two = ok({"op": "share", "encode": {**KEEP, "waves": [{"attacker": {"units": {"infantry": 3, "fighter": 1}},
                                                            "keep_land": 2}]}})["link"]
    assert ok({"op": "share", "decode": two})["request"]["waves"][0]["keep_land"] == 2


@pytest.mark.parametrize("value", [-1, 1.5, "two", None, 10**6])
def test_a_wrong_keep_land_is_refused_naming_it(value):
    got = error({**KEEP, "keep_land": value})
    assert got["field"] == "keep_land" and "number of land units" in got["message"]
    got = error({**KEEP, "waves": [{"attacker": {"units": {"infantry": 1}}, "keep_land": value}]})
    assert got["field"] == "waves[0].keep_land"

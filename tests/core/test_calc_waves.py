"""Plans of attack in ``calc``: waves, take and hold, retreat rules that read a state (docs/rules.md §9.1–§9.3).

Golden values are worked by hand in each test's docstring (1942-2e, dice; infantry attacks at 1, defends at 2,
costs 3). The referee checks random plans (tests/referee/test_plan_agreement.py) and the profit rule against
every retreat rule (tests/referee/test_policy_brute.py); these pin the contract.
"""

from fractions import Fraction

import pytest

from .helpers import call, error, ok

ONE_V_ONE = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
             "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}}
SECOND_WAVE = {**ONE_V_ONE, "waves": [{"attacker": {"units": {"infantry": 1}}}], "exact": True}


def F(text):
    return Fraction(text)


def test_a_one_infantry_second_wave_against_a_one_infantry_defender_by_hand():
    """1 infantry v 1 infantry: a round hits 1/6 and 2/6, so of the rounds that decide (1 − 5/6·4/6 = 4/9) the
    attacker wins 1/6·4/6 ÷ 4/9 = 1/4, both die 1/6·2/6 ÷ 4/9 = 1/8, the defender wins 5/6·2/6 ÷ 4/9 = 5/8; 9/4
    rounds. Wave 2 (1 infantry) fights where wave 1 did not take the territory (3/4): after the draw (1/8) it
    walks into an empty territory (one round, docs/rules.md §9.1), after the defender's win (5/8) it fights
    the same battle again. Taken: 1/4 + 1/8 + 5/8·1/4 = 17/32; the defender left after wave 2: 5/8·5/8 = 25/64;
    both destroyed: 5/8·1/8 = 5/64. Swing (IPCs the defender lost − the attacker's): +3 (1/4), 0 (1/8 +
    5/32 = 9/32), −3 (5/64), −6 (25/64). Rounds: 9/4 + 1/8·1 + 5/8·9/4 = 121/32."""
    got = ok(SECOND_WAVE)
    assert got["exact_outcome"] == {"attacker_wins": "17/32", "defender_wins": "25/64", "draw": "5/64"}
    assert got["exact_takes_territory"] == "17/32"
    assert got["exact_swing"] == {"-6": "25/64", "-3": "5/64", "0": "9/32", "3": "1/4"}
    assert got["exact_rounds"] == "121/32"
    assert got["exact_losses"]["attacker"] == {"0": "1/4", "1": "9/32", "2": "15/32"}
    first, second = got["waves"]
    assert first["exact_outcome"] == {"attacker_wins": "1/4", "defender_wins": "5/8", "draw": "1/8"}
    assert (first["fights"], first["exact_takes_territory"], first["exact_defender_left"]) == (1.0, "1/4", "5/8")
    assert second["fights"] == pytest.approx(0.75)
    assert second["exact_outcome"] == {"attacker_wins": "9/32", "defender_wins": "25/64", "draw": "5/64"}
    assert (second["exact_takes_territory"], second["exact_defender_left"]) == ("17/32", "25/64")
    assert got["cost_swing"] == pytest.approx(-117 / 64)


def test_the_floats_agree_with_the_fractions():
    exact, floats = ok(SECOND_WAVE), ok({**SECOND_WAVE, "exact": False})
    assert floats["method"] == "exact" and floats["pruned"] < 1e-12
    for k, p in exact["exact_swing"].items():
        assert floats["swing"][k] == pytest.approx(float(F(p)), abs=1e-12)
    assert floats["takes_territory"] == pytest.approx(17 / 32, abs=1e-12)


def test_the_territory_value_counts_where_it_is_taken():
    """The same plan with the territory worth 2: +2 on the paths that take it (1/4 and 9/32)."""
    got = ok({**SECOND_WAVE, "territory_value": 2})
    assert got["exact_swing"] == {"-6": "25/64", "-3": "5/64", "2": "9/32", "5": "1/4"}
    assert got["cost_swing"] == pytest.approx(-117 / 64 + 2 * 17 / 32)


def test_take_and_hold_by_hand():
    """A counter-attack of 1 infantry on the holder (1 infantry, whichever wave took it) is the same 1 v 1
    battle: it takes the territory back 1/4, both die 1/8 (the territory stays the holder's), it fails 5/8.
    Held: 17/32 · 3/4 = 51/128. The exchange's swing with the territory worth 2 (docs/rules.md §9.2), the
    defender side losing its 3 and the counter-attacker's, the attacker side its waves' and the holder's:
    taken by wave 1 unharmed (1/4): retaken 0, both die 3 + 3 − 3 + 2 = 5, held 3 + 3 + 2 = 8; taken having
    lost 3 (9/32): −3, 2, 5; not taken: −3 (5/64), −6 (25/64). So 0: 1/16; 2: 9/256; 5: 1/32 + 45/256 = 53/256;
    8: 5/32; −3: 9/128 + 5/64 = 19/128; −6: 25/64."""
    got = ok({**SECOND_WAVE, "territory_value": 2, "counter": {"attacker": {"units": {"infantry": 1}}}})
    assert got["exact_holds"] == "51/128"
    assert got["counter"]["fights"] == pytest.approx(17 / 32)
    assert got["counter"]["retakes"] == pytest.approx(17 / 128)
    assert got["counter"]["outcome"] == pytest.approx({"attacker_wins": 17 / 128, "defender_wins": 85 / 256,
                                                       "draw": 17 / 256})
    assert got["exchange"]["exact_swing"] == {"-6": "25/64", "-3": "19/128", "0": "1/16", "2": "9/256",
                                              "5": "53/256", "8": "5/32"}


def test_retreat_when_an_aircraft_is_at_risk_by_hand():
    """1 infantry + 1 fighter v 1 infantry, retreat_air_loss 0 (docs/rules.md §9.3). At the start the
    infantry shields the fighter (the defender scores at most 1 hit): no retreat. With the infantry lost, the
    next round takes the fighter 1/3 > 0: retreat. A round: the attacker scores 1 − 5/6·3/6 = 7/12, the
    defender 1/3; nothing happens 5/12·2/3 = 5/18. Of 13/18: the attacker wins 7/12 ÷ 13/18 = 21/26 (with
    his infantry 14/26: the territory 7/13), retreats 5/12·1/3 ÷ 13/18 = 5/26."""
    got = ok({**ONE_V_ONE, "attacker": {"units": {"infantry": 1, "fighter": 1}}, "retreat_air_loss": 0,
              "exact": True})
    assert got["exact_outcome"] == {"attacker_wins": "21/26", "defender_wins": "0/1", "draw": "0/1",
                                    "retreat": "5/26"}
    assert got["exact_takes_territory"] == "7/13"


def test_strafe_by_hand():
    """2 tanks v 1 infantry, retreat_strafe 0.5: with both tanks the next round wipes the defender out 3/4 >
    1/2, so after a round that changed nothing (1/4·2/3 = 1/6) he retreats; with one tank left (1/4·1/3 =
    1/12) it is 1/2, not above 1/2: he fights on, 1 tank v 1 infantry (wins 1/2, loses 1/4, both die 1/4).
    Attacker wins 3/4 + 1/24 = 19/24, retreats 1/6, defender wins 1/48, draw 1/48."""
    got = ok({**ONE_V_ONE, "attacker": {"units": {"tank": 2}}, "retreat_strafe": 0.5, "exact": True})
    assert got["exact_outcome"] == {"attacker_wins": "19/24", "defender_wins": "1/48", "draw": "1/48",
                                    "retreat": "1/6"}


def test_a_wave_that_takes_the_territory_ends_the_plan():
    """6 tanks v a lone infantry: wave 2 fights only where wave 1 did not take the territory."""
    got = ok({**SECOND_WAVE, "attacker": {"units": {"tank": 6}}})
    assert float(F(got["waves"][0]["exact_takes_territory"])) == pytest.approx(1 - got["waves"][1]["fights"])


def test_aircraft_alone_leave_an_empty_territory_to_the_next_wave():
    """Wave 1 is a bomber (attacks at 4): it wins without taking (docs/rules.md §2, "The territory"); wave 2
    (1 infantry) walks in, one round. Bomber v infantry: 4/6 and 2/6 a round, so of the 28/36 of rounds that
    decide it wins 16/36 (4/7), both die 8/36 (2/7), it loses 4/36 (1/7). Taken: 4/7 + 2/7 (walks in after
    the draw) + 1/7 · 1/4 = 25/28."""
    got = ok({**SECOND_WAVE, "attacker": {"units": {"bomber": 1}}})
    assert got["waves"][0]["exact_takes_territory"] == "0/1"
    assert got["exact_takes_territory"] == "25/28"


def test_a_single_battle_without_plan_fields_is_unchanged():
    plain = ok(ONE_V_ONE)
    assert "waves" not in plain and "holds" not in plain


def test_the_link_carries_the_plan():
    request = {**ONE_V_ONE, "waves": [{"attacker": {"units": {"tank": 2}}, "retreat_strafe": 0.9}],
               "counter": {"attacker": {"units": {"infantry": 2}}, "defender": {"order_of_loss": ["tank"]}},
               "territory_value": 4, "retreat_profit": 0, "repair_between_waves": True}
    got = ok(request)
    decoded = ok({"op": "share", "decode": got["link"]})["request"]
    assert decoded["waves"] == [{"attacker": {"units": {"tank": 2}}, "retreat_strafe": 0.9}]
    assert decoded["counter"]["attacker"] == {"units": {"infantry": 2}}
    assert decoded["counter"]["defender"]["order_of_loss"][0] == "tank"
    assert (decoded["territory_value"], decoded["retreat_profit"], decoded["repair_between_waves"]) == (4, 0, True)
    again = ok(decoded)
    assert again["link"] == got["link"] and again["cost_swing"] == pytest.approx(got["cost_swing"])
    encoded = ok({"op": "share", "encode": request})["link"]
    assert encoded == got["link"]


@pytest.mark.parametrize("change, field", [
    ({"waves": [{"attacker": {"units": {"battleship": 1}}}]}, "waves[0].attacker.units.battleship"),
    ({"waves": [{"attacker": {"units": {"tank": 1}}, "retreat_strafe": 2}]}, "waves[0].retreat_strafe"),
    ({"waves": [{"attacker": {"units": {"tank": 1}}, "moves": 1}]}, "waves[0].moves"),
    ({"waves": "two"}, "waves"),
    ({"retreat_profit": 0, "rounds": 2}, "retreat_profit"),
    ({"retreat_air_loss": -0.1}, "retreat_air_loss"),
    ({"territory_value": 2.5}, "territory_value"),
    ({"counter": {"attacker": {"units": {"destroyer": 1}}}}, "counter.attacker.units.destroyer"),
    ({"counter": {"attacker": {"units": {"tank": 1}}, "defender": {"units": {"tank": 1}}}}, "counter.defender.units"),
    ({"recommend": {"available": {"tank": 2}, "goal": "holds"}}, "recommend.goal"),
    ({"recommend": {"available": {"tank": 2}, "target": 2}}, "recommend.target"),
])
def test_bad_plans_name_the_field(change, field):
    got = error({**ONE_V_ONE, **change})
    assert got["type"] == "bad_request" and got["field"] == field, got


def test_rules_that_read_a_state_are_refused_at_sea_and_from_the_sea():
    sea = {**ONE_V_ONE, "kind": "sea", "attacker": {"units": {"destroyer": 1}}, "defender": {"units": {"submarine": 1}}}
    assert error({**sea, "retreat_profit": 0})["field"] == "retreat_profit"
    landing = {**ONE_V_ONE, "kind": "amphibious", "attacker": {"units": {"infantry": 1, "battleship": 1}}}
    assert error({**landing, "retreat_strafe": 0.5})["field"] == "retreat_strafe"


def test_a_plan_is_estimated_before_any_work_and_refused_over_the_budget():
    small = ok({**SECOND_WAVE, "exact": False, "estimate": True})["estimate"]
    assert small["within_budget"] and small["seconds"] < 2
    huge = {**ONE_V_ONE, "attacker": {"units": {"infantry": 400, "artillery": 200}},
            "defender": {"units": {"infantry": 500, "artillery": 100}},
            "waves": [{"attacker": {"units": {"infantry": 400, "tank": 300}}}] * 3}
    assert not ok({**huge, "estimate": True})["estimate"]["within_budget"]
    refused = error(huge)
    assert refused["type"] == "too_big" and "plan" in refused["message"]


def test_a_cheapest_army_search_over_the_budget_offers_no_simulation():
    """The search works every army exactly (docs/rules.md §9.4; with a retreat rule no army may be skipped) and
    is never simulated: over the budget it is refused, and the refusal says so instead of "200 simulated battles would take about 2 s" (which a plan
    without the search would get, and the page showed as if it could)."""
    got = error({**ONE_V_ONE, "defender": {"units": {"infantry": 3}}, "retreat_strafe": 0.9,
                 "recommend": {"available": {"infantry": 30, "tank": 30, "artillery": 20}, "target": 0.9}})
    assert got["type"] == "too_big"
    assert "simulated" not in got["message"]
    assert "the cheapest army's search works every army exactly" in got["message"]
    assert "can make a bigger army do worse" in got["message"]      # why no army may be skipped (§9.4)
    assert got["detail"]["estimate"]["method"] != "monte_carlo"


def test_a_small_plans_cheapest_army_search_is_within_the_budget():
    """44 armies of at most 8 units, each a plan of two waves, a counter-attack and the profit rule (the Odds
    screen's own example, tests/e2e/test_calc_plan.py): the search works them in about 0.3 s (bench/waves.py
    --recommend: 251 such armies in 0.2 s). The ladder's model counts its rungs and opening as set-up
    (``Estimate.setup_seconds``), which the profit rule's backward pass and the counter-attack's holders do not
    multiply: multiplied, the estimate was 30 s and the search was refused."""
    plan = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
            "attacker": {"units": {"infantry": 3, "artillery": 1}}, "defender": {"units": {"infantry": 3, "tank": 1}},
            "retreat_profit": 0, "waves": [{"attacker": {"units": {"tank": 2, "fighter": 1}}, "retreat_air_loss": 0.4}],
            "counter": {"attacker": {"units": {"infantry": 2, "tank": 1}}}, "territory_value": 2,
            "recommend": {"available": {"infantry": 4, "artillery": 2, "tank": 2}, "target": 0.6, "goal": "holds"}}
    estimate = ok({**plan, "estimate": True})["estimate"]
    assert estimate["within_budget"], estimate
    assert ok(plan)["recommend"]["armies"] == 44


def test_a_later_wave_is_estimated_by_its_exact_chain():
    """A small first wave, a huge second one: the second is never simulated (docs/api.md "Plan of attack"),
    so the plan is refused before any work, naming the plan's chains. (1,998 a side: with Monte Carlo's
    model of issue 34, 0.3 ms a round + 2 µs a unit, 200 whole plans of 1,500 v 900 fit in the budget and
    that plan is simulated; these do not: 200 of them are modelled at about 16 s.)"""
    huge = {**ONE_V_ONE, "defender": {"units": {"infantry": 999, "artillery": 999}},
            "waves": [{"attacker": {"units": {"infantry": 999, "tank": 999}}}]}
    got = error(huge)
    assert got["type"] == "too_big" and "the plan's exact chains" in got["message"]


def test_exact_fractions_are_refused_for_big_waves():
    got = error({**SECOND_WAVE, "waves": [{"attacker": {"units": {"infantry": 30}}}]})
    assert got["field"] == "waves[0]" and "at most 24" in got["message"]


def test_the_cheapest_army_and_the_best_swing_against_every_army_worked_alone():
    """docs/rules.md §9.4 on a small case, checked against one ``calc`` per army (the single-battle path)."""
    available = {"infantry": 3, "artillery": 1, "tank": 2}
    request = {**ONE_V_ONE, "defender": {"units": {"infantry": 2}}, "territory_value": 3}
    got = ok({**request, "recommend": {"available": available, "target": 0.8}})["recommend"]
    costs = {"infantry": 3, "artillery": 4, "tank": 6}
    rows = []
    for i in range(4):
        for a in range(2):
            for t in range(3):
                units = {k: n for k, n in (("infantry", i), ("artillery", a), ("tank", t)) if n}
                if not units:
                    continue
                one = ok({**ONE_V_ONE, "defender": {"units": {"infantry": 2}}, "attacker": {"units": units}})
                price = sum(costs[k] * n for k, n in units.items())
                rows.append((units, price, one["takes_territory"], one["cost_swing"] + 3 * one["takes_territory"]))
    assert got["armies"] == len(rows) == 23
    fits = [r for r in rows if r[2] >= 0.8 - 1e-9]
    cheapest = min(fits, key=lambda r: (r[1], -r[2], sum(r[0].values())))
    assert got["cheapest"]["units"] == cheapest[0] and got["cheapest"]["cost"] == cheapest[1]
    assert got["cheapest"]["chance"] == pytest.approx(cheapest[2], abs=1e-12)
    best = max(rows, key=lambda r: (r[3], -r[1]))
    assert got["best_profit"]["units"] == best[0]
    assert got["best_profit"]["cost_swing"] == pytest.approx(best[3], abs=1e-9)


def test_no_army_reaches_an_impossible_target():
    got = ok({**ONE_V_ONE, "recommend": {"available": {"infantry": 1}, "target": 1}})["recommend"]
    assert got["cheapest"] is None and got["best_profit"]["units"] == {"infantry": 1}


def test_a_plan_of_coloured_dice_and_chess_is_worked_by_their_own_chains():
    """docs/rules.md §9.1 under the systems' own calculators: wave 2 from each survivor as a battle of its own."""
    for system in ({"name": "chess", "variant": "ryof"}, {"name": "colored"}):
        got = call({**SECOND_WAVE, "exact": False, "system": system,
                    "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 3}}})
        assert got["ok"], got
        result = got["result"]
        assert result["takes_territory"] >= result["waves"][0]["takes_territory"]
        assert sum(result["outcome"].values()) == pytest.approx(1.0)


SEA_PLAN = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
            "attacker": {"units": {"destroyer": 12, "cruiser": 6, "fighter": 6}},
            "defender": {"units": {"destroyer": 10, "battleship": 4, "carrier": 2, "fighter": 4}},
            "waves": [{"attacker": {"units": {"destroyer": 8, "bomber": 6, "submarine": 6}}}]}


def test_a_plan_beyond_the_exact_chains_is_simulated_and_says_why():
    """Its exact chains estimated over the budget (a later sea wave from every defender it may meet), the plan
    is fought by the engine with seeded dice (docs/api.md "Plan of attack"): the same request, the same answer."""
    assert ok({**SEA_PLAN, "estimate": True})["estimate"]["method"] == "monte_carlo"
    got = ok(SEA_PLAN)
    assert got["method"] == "monte_carlo" and got["samples"] >= 200
    assert "plans fought by the engine" in got["method_reason"]
    low, high = got["intervals"]["attacker_wins"]
    assert low <= got["outcome"]["attacker_wins"] <= high
    assert sum(got["outcome"].values()) == pytest.approx(1.0)
    assert ok(SEA_PLAN)["outcome"] == got["outcome"]


def test_a_plan_with_rules_is_never_simulated():
    """The engine's seeded battle never retreats: a plan over the budget with a retreat rule is refused."""
    got = error({**SEA_PLAN, "kind": "land", "attacker": {"units": {"infantry": 300, "artillery": 200}},
                 "defender": {"units": {"infantry": 500, "artillery": 100}},
                 "waves": [{"attacker": {"units": {"infantry": 400, "tank": 300}}, "retreat_at_units": 3}]})
    assert got["type"] == "too_big" and "only the exact chains answer" in got["message"]

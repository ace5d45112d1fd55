"""LL Tech ledgers (seed 000 §6b, docs/rules.md §4): the seed's examples replayed, and every rule's edge."""

from fractions import Fraction

import pytest

from pycore.research import lltech
from pycore.ops.research import normalize
from pycore.ops import decode_link
from tests.core.helpers import error, ok

AIR = lltech.CATEGORIES["air"]
INDUSTRIAL = lltech.CATEGORIES["industrial"]

CANONICAL_RESEARCH = {  # docs/api.md, its canonical requests, exactly as written
    "op": "research", "system": "lowluck", "category": "air",
    "steps": [{"invest": 18}, {"invest": 18, "attempt": True, "roll": 3}]}

# Seed 000 §6b C b): the US player's six rounds, with the rolls printed there
# (round 6: "no matter what he rolls" — every face must give Heavy Bombers).
US_STEPS = [{"invest": 18}, {"invest": 18, "attempt": True, "roll": 3},
            {"invest": 18}, {"invest": 6, "attempt": True, "roll": 1},
            {"invest": 18}, {"invest": 6, "attempt": True, "roll": 4}]

# Seed 000 §6b C a): the German player, rounds of 12, 8 (errata, docs/rules.md §4: "20 saved"), 4, 12, a 5 at 36.
GERMAN_STEPS = [{"invest": 12}, {"invest": 8}, {"invest": 4}, {"invest": 12, "attempt": True, "roll": 5}]


def research(category, steps, **more):
    return ok({"op": "research", "system": "lowluck", "category": category, "steps": steps, **more})


def test_canonical_request_gives_jet_power_and_12_left():
    result = ok(CANONICAL_RESEARCH)
    ledger = result["ledger"]
    assert (ledger["saved"], ledger["spent"], ledger["techs"]) == (12, 36, ["jet_power"])
    assert len(ledger["steps"]) == 2
    second = ledger["steps"][1]
    assert second["saved_after_invest"] == 36
    assert second["attempt"] == {"column": 36, "roll": 3, "rolled_by": "players", "table_result": "jet_power",
                                 "gained": "jet_power", "upgraded": False, "cost": 24, "ended": False}
    assert second["saved"] == 12
    assert result["link"].startswith("v1.")


def test_us_example_replays_round_by_round():
    ledger = lltech.Ledger(AIR)
    seen = []
    for number, step in enumerate(US_STEPS, 1):
        ledger, entry = ledger.step(number, step["invest"], step.get("roll"))
        seen.append((entry.saved_after_invest, entry.attempt and entry.attempt.gained, entry.saved))
    # The seed's numbers: 18; 36 → JP, 12 left; 30; 36 → JP owned → LRA, 12 left; 30; 36 → HB, ended.
    assert seen == [(18, None, 18), (36, "jet_power", 12), (30, None, 30),
                    (36, "long_range_aircraft", 12), (30, None, 30), (36, "heavy_bombers", 0)]
    assert ledger.spent == 84  # "The US player has invested 84 IPC"
    assert ledger.techs == ("jet_power", "long_range_aircraft", "heavy_bombers")


def test_us_example_through_the_api_with_the_seed_words():
    ledger = research("air", US_STEPS)["ledger"]
    assert ledger["spent"] == 84 and ledger["saved"] == 0 and ledger["complete"]
    assert ledger["techs"] == ["jet_power", "long_range_aircraft", "heavy_bombers"]
    round4 = ledger["steps"][3]["attempt"]
    assert (round4["table_result"], round4["gained"], round4["upgraded"]) == ("jet_power", "long_range_aircraft", True)
    assert ledger["steps"][3]["text"] == ("Invested 6: 36 saved. Break-through at 36, rolled 1: Jet Power, "
                                          "owned already, so Long Range Aircraft. 24 subtracted, 12 left.")
    assert ledger["steps"][5]["attempt"]["ended"]


@pytest.mark.parametrize("roll", range(1, 7))
def test_us_round_6_gives_heavy_bombers_whatever_the_roll(roll):
    steps = US_STEPS[:5] + [{"invest": 6, "attempt": True, "roll": roll}]
    ledger = research("air", steps)["ledger"]
    assert ledger["techs"][-1] == "heavy_bombers" and ledger["saved"] == 0


def test_german_example_gets_it_with_a_5_at_36():
    ledger = lltech.Ledger(INDUSTRIAL)
    saved = []
    for number, step in enumerate(GERMAN_STEPS, 1):
        ledger, entry = ledger.step(number, step["invest"], step.get("roll"))
        saved.append(entry.saved_after_invest)
    assert saved == [12, 20, 24, 36]  # seed: 12, 20 (errata), 24, 36
    assert entry.attempt.column == 36 and entry.attempt.table_result == "industrial_technology"
    assert ledger.techs == ("industrial_technology",) and ledger.saved == 0 and entry.attempt.ended


def test_german_round_3_may_attempt_at_24_but_need_not():
    after3 = research("industrial", GERMAN_STEPS[:3])
    assert after3["next"]["can_attempt"] and after3["next"]["column"] == 24
    # column 24 of the Industrial table: SS SS SS R R IT (seed 000 §6b B)
    assert after3["next"]["chances"] == {
        "super_subs": {"p": 0.5, "exact": "1/2"}, "rockets": {"p": 1 / 3, "exact": "1/3"},
        "industrial_technology": {"p": 1 / 6, "exact": "1/6"}}


def test_project_goes_on_after_it_for_the_other_techs():
    """Seed: after IT, Germany may 'give the IT Branche of Research another try, to gain Super Subs, or Rockets'."""
    steps = GERMAN_STEPS + [{"invest": 12}, {"invest": 12, "attempt": True, "roll": 6}]
    ledger = research("industrial", steps)["ledger"]
    # a 6 at 24 is IT, owned; IT is the best, so the best tech still missing: Rockets (docs/research.md)
    assert ledger["techs"] == ["industrial_technology", "rockets"]
    assert ledger["saved"] == 24 - 16


def test_minimum_keeps_the_project_and_below_it_loses_all_savings():
    kept = research("air", [{"invest": 18}, {"invest": 6}])["ledger"]
    assert kept["saved"] == 24 and kept["lost"] == 0
    lapsed = research("air", [{"invest": 18}, {"invest": 5}])["ledger"]
    assert lapsed["saved"] == 0 and lapsed["lost"] == 23 and lapsed["spent"] == 23
    assert "below the minimum of 6" in lapsed["steps"][1]["text"]
    skipped = research("industrial", [{"invest": 12}, {"invest": 0}, {"invest": 4}])["ledger"]
    assert skipped["saved"] == 4 and skipped["lost"] == 12


def test_maximum_per_round_is_a_clear_error():
    assert research("industrial", [{"invest": 12}])["ledger"]["saved"] == 12
    err = error({"op": "research", "system": "lowluck", "category": "industrial", "steps": [{"invest": 13}]})
    assert err["field"] == "steps[0].invest" and "from 0 to 12" in err["message"] and "13" in err["message"]


def test_threshold_is_needed_for_an_attempt():
    err = error({"op": "research", "system": "lowluck", "category": "air",
                 "steps": [{"invest": 18}, {"invest": 17, "attempt": True, "roll": 6}]})
    assert err["field"] == "steps[1].attempt"
    assert "at least 36" in err["message"] and "35" in err["message"] and "round 2" in err["message"]


@pytest.mark.parametrize("saved,column", [(35, None), (36, 36), (53, 36), (54, 54), (71, 54), (72, 72), (200, 72)])
def test_column_is_the_highest_threshold_reached(saved, column):
    assert AIR.column(saved) == column


def test_air_third_column_is_72_not_48():
    """Errata (docs/rules.md §4): the seed prints "48"; 48 saved is still the 36 column."""
    assert AIR.thresholds == (36, 54, 72) and AIR.column(48) == 36


def test_each_attempt_costs_the_category_cost():
    ledger = research("air", [{"invest": 18}] * 4 + [{"invest": 18, "attempt": True, "roll": 1}])["ledger"]
    # 90 saved: column 72, roll 1 → LRA (not the end), 24 subtracted
    assert ledger["steps"][4]["attempt"]["column"] == 72 and ledger["techs"] == ["long_range_aircraft"]
    assert ledger["saved"] == 66


@pytest.mark.parametrize("owned,result,gained", [
    ((), "jet_power", "jet_power"),
    (("long_range_aircraft",), "long_range_aircraft", "heavy_bombers"),  # seed example 1
    (("jet_power", "long_range_aircraft"), "jet_power", "heavy_bombers"),  # seed example 2
    (("jet_power",), "jet_power", "long_range_aircraft"),  # US round 4
    (("jet_power", "heavy_bombers"), "jet_power", "long_range_aircraft"),
    (("long_range_aircraft", "heavy_bombers"), "long_range_aircraft", "jet_power"),  # silent: best missing
    (("heavy_bombers",), "heavy_bombers", "long_range_aircraft"),  # silent: best missing
])
def test_upgrade_chain_for_an_owned_result(owned, result, gained):
    assert lltech.gained_tech(AIR, result, frozenset(owned)) == gained


def test_end_of_project_uses_up_savings_even_above_the_cost():
    ledger = research("air", [{"invest": 18}] * 4 + [{"invest": 18, "attempt": True, "roll": 6}])["ledger"]
    assert ledger["techs"] == ["heavy_bombers"] and ledger["saved"] == 0 and ledger["steps"][4]["attempt"]["ended"]


def test_completed_category_refuses_more_research():
    err = error({"op": "research", "system": "lowluck", "category": "air",
                 "start": {"techs": ["jet_power", "long_range_aircraft", "heavy_bombers"]}, "steps": [{"invest": 6}]})
    assert err["field"] == "steps[0].invest" and "owned already" in err["message"]


def test_start_state_carries_savings_and_techs():
    result = research("air", [{"invest": 6, "attempt": True, "roll": 2}],
                      start={"saved": 30, "techs": ["jet_power"]})
    assert result["ledger"]["techs"] == ["jet_power", "long_range_aircraft"] and result["ledger"]["saved"] == 12


def test_chances_apply_the_upgrade_rule_and_sum_to_one():
    result = research("air", [{"invest": 18}, {"invest": 18}], start={"techs": ["jet_power"]})
    chances = {tech: Fraction(c["exact"]) for tech, c in result["next"]["chances"].items()}
    # column 36: JP JP JP LRA LRA HB; JP owned → LRA, so LRA 5/6, HB 1/6
    assert chances == {"long_range_aircraft": Fraction(5, 6), "heavy_bombers": Fraction(1, 6)}


def test_app_rolls_with_a_seed_deterministically_and_undo_redo_gives_the_same_die():
    steps = [{"invest": 18}, {"invest": 18, "attempt": True}]
    first = research("air", steps, seed="table 3")
    again = research("air", steps, seed="table 3")
    assert first == again and first["ledger"]["steps"][1]["attempt"]["rolled_by"] == "app"
    from pycore.dice import roll
    assert first["ledger"]["steps"][1]["attempt"]["roll"] == roll("table 3", "research/step2", 6, 1)[0]
    # the players' own roll wins over the seed
    own = research("air", [{"invest": 18}, {"invest": 18, "attempt": True, "roll": 6}], seed="table 3")
    assert own["ledger"]["steps"][1]["attempt"]["rolled_by"] == "players"


def test_attempt_without_roll_or_seed_is_a_clear_error():
    err = error({"op": "research", "system": "lowluck", "category": "air",
                 "steps": [{"invest": 18}, {"invest": 18, "attempt": True}]})
    assert err["field"] == "steps[1].roll" and "seed" in err["message"]


def test_link_round_trips_to_the_same_ledger():
    result = ok(dict(CANONICAL_RESEARCH, label="USA", seed="s"))
    request = ok({"op": "share", "decode": result["link"]})["request"]
    assert request == normalize(dict(CANONICAL_RESEARCH, label="USA", seed="s"))
    assert ok(request) == result
    assert decode_link(result["link"])["label"] == "USA"


@pytest.mark.parametrize("request_,field,quoted", [
    ({"system": "lowluck", "category": "naval", "steps": []}, "category", '"naval"'),
    ({"system": "luck", "category": "air", "steps": []}, "system", '"luck"'),
    ({"system": "lowluck", "category": "air"}, "steps", "required"),
    ({"system": "lowluck", "category": "air", "steps": [{"invest": "18"}]}, "steps[0].invest", '"18"'),
    ({"system": "lowluck", "category": "air", "steps": [{"invest": 2.5}]}, "steps[0].invest", "2.5"),
    ({"system": "lowluck", "category": "air", "steps": [{"invest": -1}]}, "steps[0].invest", "-1"),
    ({"system": "lowluck", "category": "air", "steps": [{"invest": 18, "roll": 3}]}, "steps[0].roll", "attempt"),
    ({"system": "lowluck", "category": "air", "steps": [{"invest": 18, "attempt": True, "roll": 7}]},
     "steps[0].roll", "7"),
    ({"system": "lowluck", "category": "air", "steps": [{"invest": 18, "atempt": True}]}, "steps[0].atempt", "unknown"),
    ({"system": "lowluck", "category": "air", "steps": [], "start": {"techs": ["rockets"]}}, "start.techs[0]",
     '"rockets"'),
    ({"system": "lowluck", "category": "air", "steps": [], "start": {"saved": -5}}, "start.saved", "-5"),
    ({"system": "lowluck", "category": "air", "steps": [], "keep_tokens": True}, "keep_tokens", "unknown"),
    ({"system": "lowluck", "category": "air", "steps": [], "seed": ""}, "seed", "1 to 200"),
    ({"system": "lowluck", "category": "air", "steps": {"invest": 18}}, "steps", "list"),
])
def test_bad_inputs_name_the_field_and_quote_the_value(request_, field, quoted):
    err = error({"op": "research", **request_})
    assert err["type"] == "bad_request" and err["field"] == field and quoted in err["message"], err


def test_a_long_game_is_bounded():
    err = error({"op": "research", "system": "lowluck", "category": "air", "steps": [{"invest": 6}] * 301})
    assert err["field"] == "steps" and "300" in err["message"]


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["air", "industrial"]),
       st.lists(st.tuples(st.integers(0, 18), st.booleans(), st.integers(1, 6)), max_size=25))
def test_every_ipc_invested_is_saved_lost_paid_for_an_attempt_or_used_up(category_id, rounds):
    """Money is conserved: spent = saved + lost + Σ attempt costs + savings used up at a project's end."""
    category = lltech.CATEGORIES[category_id]
    ledger = lltech.Ledger(category)
    accounted = 0
    for number, (invest, attempt, face) in enumerate(rounds, 1):
        invest = min(invest, category.maximum)
        wants = attempt and category.column(ledger.saved + invest) is not None and invest >= category.minimum
        try:
            ledger, entry = ledger.step(number, invest, face if wants else None)
        except lltech.RuleError:
            assert ledger.complete  # the only refusal left: nothing to research
            break
        assert entry.saved >= 0
        if entry.attempt:
            accounted += entry.saved_after_invest if entry.attempt.ended else entry.attempt.cost
            assert entry.attempt.column <= entry.saved_after_invest
        assert ledger.spent == ledger.saved + ledger.lost + accounted
    assert len(set(ledger.techs)) == len(ledger.techs)  # never the same tech twice

"""Tech dice (seed 002 "Technology Development", docs/rules.md §5): 5 per die, a 6 discovers, tokens, Low Luck."""

import pytest

from pycore.research import techdice
from pycore.dice import roll
from tests.core.helpers import error, ok


def research(steps, **more):
    return ok({"op": "research", "system": "dice", "steps": steps, **more})


def test_each_die_costs_5_and_a_6_discovers():
    ledger = research([{"dice": 3, "tech": "jet_power", "rolls": [2, 6, 6]}])["ledger"]
    assert ledger["spent"] == 15 and ledger["techs"] == ["jet_power"]
    step = ledger["steps"][0]
    assert step["discoveries"] == 2 and step["discovered"] == "jet_power" and step["tokens"] == 0


def test_without_a_6_nothing_is_found_and_dice_are_discarded():
    ledger = research([{"dice": 2, "tech": "rockets", "rolls": [5, 1]}])["ledger"]
    assert ledger["techs"] == [] and ledger["tokens"] == 0 and ledger["spent"] == 10


def test_tokens_are_kept_until_a_discovery():
    ledger = research([{"dice": 2, "tech": "radar", "rolls": [1, 2]},
                       {"dice": 1, "tech": "radar", "rolls": [3, 4, 6]},
                       {"dice": 0}], keep_tokens=True)["ledger"]
    first, second, third = ledger["steps"]
    assert first["tokens"] == 2 and second["held"] == 3 and second["discovered"] == "radar"
    assert second["tokens"] == 0 and third["held"] == 0 and ledger["spent"] == 15


def test_tokens_alone_may_be_rolled():
    ledger = research([{"dice": 0, "tech": "radar", "rolls": [6, 1]}], keep_tokens=True,
                      start={"tokens": 2})["ledger"]
    assert ledger["techs"] == ["radar"] and ledger["spent"] == 0


@pytest.mark.parametrize("held,sure,rolled", [(5, 0, 1), (6, 1, 0), (7, 1, 1), (12, 2, 0), (13, 2, 1)])
def test_low_luck_for_tech_is_dice_over_6_and_one_die_for_the_remainder(held, sure, rolled):
    assert techdice.dice_to_roll(held, low_luck=True) == (sure, rolled)
    assert techdice.dice_to_roll(held, low_luck=False) == (0, held)


def test_low_luck_remainder_hits_at_or_below_it():
    hit = research([{"dice": 4, "tech": "super_subs", "rolls": [4]}], low_luck=True)["ledger"]["steps"][0]
    miss = research([{"dice": 4, "tech": "super_subs", "rolls": [5]}], low_luck=True)["ledger"]["steps"][0]
    assert (hit["at"], hit["discovered"]) == (4, "super_subs") and miss["discovered"] is None
    sure = research([{"dice": 6, "tech": "super_subs"}], low_luck=True)["ledger"]["steps"][0]
    assert sure["sure"] == 1 and sure["rolls"] == [] and sure["discovered"] == "super_subs"


def test_app_rolls_all_held_dice_with_a_seed():
    ledger = research([{"dice": 4, "tech": "jet_power"}], seed="g")["ledger"]
    assert ledger["steps"][0]["rolls"] == list(roll("g", "research/step1", 6, 4))
    assert ledger["steps"][0]["rolled_by"] == "app"


def test_wrong_number_of_rolls_says_how_many():
    err = error({"op": "research", "system": "dice", "steps": [{"dice": 3, "tech": "jet_power", "rolls": [6]}]})
    assert err["field"] == "steps[0].rolls" and "3 die values" in err["message"] and "got 1" in err["message"]


def test_owned_tech_and_missing_tech_are_refused():
    err = error({"op": "research", "system": "dice", "steps": [
        {"dice": 1, "tech": "jet_power", "rolls": [6]}, {"dice": 1, "tech": "jet_power", "rolls": [6]}]})
    assert err["field"] == "steps[1].tech" and "owned already" in err["message"]
    err = error({"op": "research", "system": "dice", "steps": [{"dice": 1, "rolls": [6]}]})
    assert err["field"] == "steps[0].tech" and "required" in err["message"]


@pytest.mark.parametrize("request_,field,quoted", [
    ({"steps": [{"dice": 61}]}, "steps[0].dice", "61"),
    ({"steps": [{"dice": 1, "tech": "death_ray", "rolls": [6]}]}, "steps[0].tech", '"death_ray"'),
    ({"steps": [{"dice": 1, "tech": "radar", "rolls": [0]}]}, "steps[0].rolls[0]", "0"),
    ({"steps": [], "start": {"tokens": 2}}, "start.tokens", "keep_tokens"),
    ({"steps": [], "category": "air"}, "category", "unknown"),
    ({"steps": [], "low_luck": "yes"}, "low_luck", '"yes"'),
])
def test_bad_inputs_name_the_field(request_, field, quoted):
    err = error({"op": "research", "system": "dice", **request_})
    assert err["field"] == field and quoted in err["message"], err


def test_dice_ledger_link_replays():
    result = research([{"dice": 2, "tech": "rockets"}], seed="x", keep_tokens=True, label="Japan")
    assert ok(ok({"op": "share", "decode": result["link"]})["request"]) == result

"""The engine against the worked examples of seed 000 §5b (submarines) and §5c (AA fire), Low Luck.

Referee dice (``dice``) are given so that every hit is known: a 6 never hits, so the
hits counted are exactly the sure hits the seed promises.
"""

from tests.core.helpers import ok
from tests.core.test_engine_rules import played

SUB_EXAMPLE = {  # seed 000 §5b: "Japan attacks with 4 Sub, 1 BB, 2 Ftr vs. 2 Trn, 1 AC, 1 Ftr" (classic)
    "op": "resolve", "ruleset": "classic", "system": {"name": "lowluck"}, "kind": "sea",
    "attacker": {"units": {"submarine": 4, "battleship": 1, "fighter": 2}},
    "defender": {"units": {"transport": 2, "carrier": 1, "fighter": 1}},
    "rounds": 1,
}


def _fires(round_json, step, side):
    return [fire for s in round_json["steps"] if s["step"] == step for fire in s["fire"] if fire["side"] == side]


def test_seed_000_5b_subs_strike_first():
    """"The value of the subs is 4 × 2 = 8. So, one sub-hit is guaranteed, and Japan has to throw a 2 or
    less"; "Then the rest attacks (10 : 6 = 1 rem 4)"."""
    request = dict(SUB_EXAMPLE, dice=[{"attacker": {"subs": [6], "main": [6]}, "defender": {"main": [6]}}])
    (r1,) = ok(request)["rounds"]
    (subs,) = _fires(r1, "subs", "attacker")
    assert (subs["power"], subs["sure_hits"], subs["remainder"], subs["hits"]) == (8, 1, 2, 1)
    assert [d["at"] for d in subs["dice"]] == [2]
    assert subs["units"] == {"submarine": 4}
    (main,) = _fires(r1, "main", "attacker")
    assert (main["power"], main["sure_hits"], main["remainder"], main["hits"]) == (10, 1, 4, 1)
    assert [d["at"] for d in main["dice"]] == [4]
    assert main["units"] == {"battleship": 1, "fighter": 2}


def test_seed_000_5b_the_remainder_dice_hit_at_or_below_their_value():
    """Same example: a 2 on the sub die and a 4 on the main die add one hit each (2 + 2 = 4 hits)."""
    request = dict(SUB_EXAMPLE, dice=[{"attacker": {"subs": [2], "main": [4]}, "defender": {"main": [6]}}])
    (r1,) = ok(request)["rounds"]
    assert _fires(r1, "subs", "attacker")[0]["hits"] == 2
    assert _fires(r1, "main", "attacker")[0]["hits"] == 2
    assert r1["attacker"]["hits"] == 4


def test_seed_000_5b_one_sub_folded_into_the_main_group():
    """"only 3 Subs do their first shot and the 4th Sub fights with the BB and the fighter. Then it has
    1 Sub hit (3 × 2 : 6 rem 0) and the rest have 2 hits, because the one sub increase the offense value
    up to 12." No remainder on either side: the attacker rolls no die at all."""
    request = dict(SUB_EXAMPLE, attacker=dict(SUB_EXAMPLE["attacker"], fold_subs=1),
                   dice=[{"defender": {"main": [6]}}])
    (r1,) = ok(request)["rounds"]
    (subs,) = _fires(r1, "subs", "attacker")
    assert (subs["power"], subs["sure_hits"], subs["remainder"], subs["dice"], subs["hits"]) == (6, 1, 0, [], 1)
    assert subs["units"] == {"submarine": 3}
    (main,) = _fires(r1, "main", "attacker")
    assert (main["power"], main["sure_hits"], main["remainder"], main["dice"], main["hits"]) == (12, 2, 0, [], 2)
    assert main["units"] == {"submarine": 1, "battleship": 1, "fighter": 2}


def test_seed_000_5b_all_subs_folded_give_up_the_first_strike():
    """Seed 000 §5b "add the value of the subs ... to the attack value of the rest": 8 + 10 = 18 → 3 hits."""
    request = dict(SUB_EXAMPLE, attacker=dict(SUB_EXAMPLE["attacker"], fold_subs=4),
                   dice=[{"defender": {"main": [6]}}])
    (r1,) = ok(request)["rounds"]
    assert _fires(r1, "subs", "attacker") == []
    assert "subs" not in [s["step"] for s in r1["steps"]]
    (main,) = _fires(r1, "main", "attacker")
    assert (main["power"], main["sure_hits"], main["remainder"], main["hits"]) == (18, 3, 0, 3)


def _aa(units):
    """Classic: AA fires at every attacking aircraft (docs/rules.md §2), at 1."""
    return {"op": "resolve", "ruleset": "classic", "system": {"name": "lowluck"},
            "attacker": {"units": units}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}, "rounds": 1}


def _aa_totals(result):
    (step,) = [s for s in result["rounds"][0]["steps"] if s["step"] == "aa"]
    fires = step["fire"]
    assert all(f["side"] == "defender" and f["group"] == "aa" for f in fires)
    return (sum(f["sure_hits"] for f in fires), [d["at"] for f in fires for d in f["dice"]],
            sum(f["hits"] for f in fires), step["casualties"])


def test_seed_000_5c_four_aircraft_roll_at_4():
    """"If 4 Airplanes attack, then the defender has to roll one dice, and if he throws a 4 or less, one
    fighter is lost." A 4 is rolled: one fighter is lost before round 1 and does not fire."""
    result = played(_aa({"fighter": 4}), {(1, "defender", "aa"): [4]})
    sure, ats, hits, casualties = _aa_totals(result)
    assert (sure, ats, hits) == (0, [4], 1)
    assert casualties[0]["lost"] == {"fighter": 1} and casualties[0]["removed"] == "at once"
    (main,) = _fires(result["rounds"][0], "main", "attacker")
    assert main["units"] == {"fighter": 3} and main["power"] == 9


def test_seed_000_5c_four_aircraft_missed_roll():
    result = played(_aa({"fighter": 4}), {(1, "defender", "aa"): [5]})
    assert _aa_totals(result)[:3] == (0, [4], 0)


def test_seed_000_5c_eight_aircraft_one_sure_hit_and_a_roll_at_2():
    """"If 8 Airplanes attack, then 1 fighter is lost and if the defender throws a 2 or less, one more
    fighter is lost." """
    result = played(_aa({"fighter": 8}), {(1, "defender", "aa"): [3]})
    sure, ats, hits, casualties = _aa_totals(result)
    assert (sure, ats, hits) == (1, [2], 1)
    assert casualties[0]["lost"] == {"fighter": 1}
    result = played(_aa({"fighter": 8}), {(1, "defender", "aa"): [2]})
    assert _aa_totals(result)[:3] == (1, [2], 2)


def test_seed_000_5c_eight_aircraft_of_two_types():
    """The seed counts airplanes, whatever their type: 4 fighters + 4 bombers = 8 → 1 sure hit, roll at 2."""
    result = played(_aa({"fighter": 4, "bomber": 4}), {(1, "defender", "aa"): [6]})
    sure, ats, hits, casualties = _aa_totals(result)
    assert (sure, ats, hits) == (1, [2], 1)
    assert sum(casualties[0]["lost"].values()) == 1

"""Op ``wif``: the canonical request, the table choice helper, dice, links and clear errors."""

from fractions import Fraction

import pytest

from pycore.ops import wif as wif_module
from tests.core.helpers import call, changed, error, ok
from tests.core.test_wif_table import SEED_ROWS

CANONICAL_WIF = {  # docs/api.md, its canonical requests, exactly as written
    "op": "wif", "attack": 36.5, "defense": 10, "fractional_odds": True, "table": "assault", "modifiers": []}


def wif(**changes):
    return changed(CANONICAL_WIF, **changes)


def test_canonical_request_works_exactly_as_written():
    result = ok(CANONICAL_WIF)
    assert result["odds_modifier"] == 7.3  # seed 004: 3.65:1 gives 7.3
    assert result["table"] == "assault"
    printed = {row[1] for row in SEED_ROWS}
    assert set(result["distribution"]) <= printed
    assert all(isinstance(p, float) and 0 < p <= 1 for p in result["distribution"].values())
    assert abs(sum(result["distribution"].values()) - 1) < 1e-12
    assert result["distribution"]["*/2S"] == 0.168  # rows ≥ 23: 2D10 ≥ 16 with +7 (15/100), ≥ 15 with +8 (21/100)
    assert "roll" not in result and "exact_distribution" not in result
    assert result["link"].startswith("v1.")


def test_canonical_request_distribution_is_in_table_order():
    result = ok(CANONICAL_WIF)
    order = [row[1] for row in SEED_ROWS]
    keys = list(result["distribution"])
    assert keys == sorted(keys, key=order.index)
    assert [o["cell"] for o in result["outcomes"]] == keys


def test_exact_true_adds_fraction_strings_that_agree_with_the_numbers():
    result = ok(wif(exact=True))
    assert set(result["exact_distribution"]) == set(result["distribution"])
    for cell, text in result["exact_distribution"].items():
        assert float(Fraction(text)) == result["distribution"][cell]
    assert sum(Fraction(t) for t in result["exact_distribution"].values()) == 1
    assert all("exact" in o for o in result["outcomes"])


def test_canonical_handy_sums():
    # Assault at +7.3, § not applying: the attacker loses nothing on rows 12, 13, 18, 21, 22, 23+.
    summary = ok(wif(exact=True))["exact_summary"]
    # Independent: P(row r) with +7 (0.7) and +8 (0.3); rows 12,13,18,21,22 and 23+.
    def two_d10(s):
        return Fraction(max(0, min(s - 1, 21 - s)), 100)
    def p_row(r):
        return Fraction(7, 10) * two_d10(r - 7) + Fraction(3, 10) * two_d10(r - 8)
    p_top = sum(Fraction(7, 10) * two_d10(s) for s in range(16, 21)) + sum(Fraction(3, 10) * two_d10(s) for s in range(15, 21))
    nothing = sum(p_row(r) for r in (12, 13, 18, 21, 22)) + p_top
    assert Fraction(summary["p_attacker_loses_nothing"]) == nothing
    # R/S/B on the Assault table: 20 (†1/2S), 21, 22, 23+.
    assert Fraction(summary["p_defender_retreats_or_worse"]) == sum(p_row(r) for r in (20, 21, 22)) + p_top


def test_seeded_roll_explains_itself_in_words():
    roll = ok(wif(seed="any text"))["roll"]
    assert set(roll) >= {"dice", "fraction", "total", "row", "cell", "meaning", "text"}
    assert len(roll["dice"]) == 2 and all(1 <= d <= 10 for d in roll["dice"])
    assert roll["fraction"] is not None  # 7.3 has tenths
    assert roll["text"].startswith(f"Dice {roll['dice'][0]} + {roll['dice'][1]} = ")
    assert roll["cell"] in roll["text"] and roll["meaning"] in roll["text"]
    assert roll["meaning"].startswith("Attacker takes")


def test_roll_gives_each_sides_fate_and_how_it_was_read():
    roll = ok(wif(dice={"2d10": [7, 3], "fraction": 4}))["roll"]
    # 7 + 3 + 7 (4 is over the 3 tenths) = 17: Assault row 17 is "1/1" (seed 004).
    assert roll["how"] == ("Dice 7 + 3 = 10. Fractional d10: 4, over 3, so the +7.3 modifier counts as +7. "
                           "Total 17: row 17 of the Assault table, 1/1.")
    assert roll["attacker"] == "Attacker takes 1 loss. The surviving attackers are turned face-down."
    assert roll["defender"] == "Defender takes 1 loss."
    assert roll["text"] == f"{roll['how']} {roll['meaning']}"
    assert roll["meaning"] == f"{roll['attacker']} {roll['defender']}"


def test_roll_text_says_when_the_row_is_clamped():
    low = ok({"op": "wif", "attack": 1, "defense": 10, "table": "assault",
              "modifiers": [{"id": "blizzard"}], "dice": {"2d10": [1, 2]}})["roll"]
    assert low["total"] == 3 - 16 and low["row"] == "-1" and "below −1 reads −1" in low["text"]
    high = ok({"op": "wif", "attack": 10, "defense": 1, "table": "blitz", "modifiers": [],
               "dice": {"2d10": [9, 8]}})["roll"]
    assert high["total"] == 37 and high["row"] == "23+" and high["cell"] == "*/2B"
    assert "above 23 reads 23+" in high["text"]


def test_own_dice_fraction_roll_rounds_up_at_or_under_the_tenths():
    # docs/rules.md §8: roll ≤ tenths → round up.
    assert ok(wif(dice={"2d10": [5, 5], "fraction": 3}))["roll"]["total"] == 18
    assert ok(wif(dice={"2d10": [5, 5], "fraction": 4}))["roll"]["total"] == 17
    assert ok(wif(dice={"2d10": [10, 10], "fraction": 10}))["roll"]["modifier"] == 7


@pytest.mark.parametrize("dice,field,words", [
    ({"2d10": [7]}, "dice.2d10", ["two d10", "[7]"]),
    ({"2d10": [7, 3, 2]}, "dice.2d10", ["two d10", "[7, 3, 2]"]),
    ({"2d10": [0, 3], "fraction": 1}, "dice.2d10[0]", ["1 to 10", "0 counts as 10", "got 0"]),
    ({"2d10": [7, 11], "fraction": 1}, "dice.2d10[1]", ["1 to 10", "11"]),
    ({"2d10": [7, True], "fraction": 1}, "dice.2d10[1]", ["true"]),
    ({"2d10": [7, 3], "fraction": 2.5}, "dice.fraction", ["2.5"]),
    ({"2d10": [7, 3]}, "dice.fraction", ["required", "+7.3", "tenths"]),
    ({"fraction": 3}, "dice.2d10", ["required"]),
    ({"2d10": [7, 3], "fraction": 3, "third": 1}, "dice.third", ["unknown field"]),
    ([7, 3], "dice", ["object", "[7, 3]"]),
])
def test_wrong_own_dice_are_refused_clearly(dice, field, words):
    problem = error(wif(dice=dice))
    assert problem["field"] == field
    for word in words:
        assert word in problem["message"], (word, problem["message"])


def test_a_fraction_die_when_none_is_needed_is_refused():
    problem = error(wif(fractional_odds=False, dice={"2d10": [7, 3], "fraction": 4}))
    assert problem["field"] == "dice.fraction" and "no fractional roll is needed" in problem["message"]


def test_seed_and_dice_together_are_refused():
    assert error(wif(seed="x", dice={"2d10": [1, 1], "fraction": 1}))["field"] == "dice"


@pytest.mark.parametrize("changes,field,words", [
    ({"attack": None}, "attack", ["required"]),
    ({"defense": 0}, "defense", ["above 0", "got 0"]),
    ({"attack": -3}, "attack", ["above 0", "-3"]),
    ({"attack": "36.5"}, "attack", ['"36.5"']),
    ({"attack": 3.14159}, "attack", ["2 decimal places", "3.14159"]),
    ({"attack": 3.6500000000000004}, "attack", ["3.6500000000000004"]),
    ({"defense": 1e9}, "defense", ["9999", "1000000000.0"]),
    ({"attack": True}, "attack", ["true"]),
    ({"fractional_odds": "yes"}, "fractional_odds", ["true or false", '"yes"']),
    ({"table": "blitzkrieg"}, "table", ["assault, blitz", '"blitzkrieg"']),
    ({"modifiers": None, "modifier": []}, "modifier", ["unknown field"]),
    ({"seed": ""}, "seed", ["1 to 200"]),
    ({"exact": 1}, "exact", ["true or false", "1"]),
    ({"attack_halved": "no"}, "attack_halved", ['"no"']),
    ({"table_choice": {"attacker_arm": -1}}, "table_choice.attacker_arm", ["-1"]),
    ({"table_choice": {"attacker_tanks": 1}}, "table_choice.attacker_tanks", ["unknown field"]),
    ({"table_choice": {"defender_chooses": 1}}, "table_choice.defender_chooses", ["true or false"]),
])
def test_bad_inputs_name_the_field_and_the_value(changes, field, words):
    problem = error(wif(**changes))
    assert problem["type"] == "bad_request"
    assert problem["field"] == field
    assert problem["message"].startswith(field + ": ")
    for word in words:
        assert word in problem["message"], (word, problem["message"])


def test_json_numbers_are_read_from_their_decimal_text():
    # 36.4 is 36.399999999999998… as a binary float; read as the decimal 36.4, 36.4:10 is 3.64 → 7.2.
    assert ok(wif(attack=36.4))["odds_modifier"] == 7.2
    assert ok(wif(attack=36.5, defense=10.0))["odds"]["defense"] == 10


# --- table choice helper (seed 004, "Priority when choosing Land CRT"; docs/rules.md §8) ---

@pytest.mark.parametrize("forces,chooser,table", [
    ({}, "nobody", "assault"),
    ({"defender_chooses": True, "attacker_arm": 5}, "defender", "assault"),
    ({"attacker_arm": 2, "defender_arm": 1}, "attacker", "blitz"),
    ({"attacker_arm": 1, "defender_arm": 1}, "nobody", "assault"),
    ({"attacker_arm_divisions": 2, "defender_arm": 1}, "nobody", "assault"),  # two divisions = one ARM
    ({"attacker_arm_divisions": 3, "defender_arm": 1}, "attacker", "blitz"),
    ({"attacker_arm": 1, "defender_arm_divisions": 1}, "attacker", "blitz"),  # 1 > ½
    ({"attacker_arm": 1, "defender_anti_tank": 1}, "attacker", "blitz"),  # anti-tank not ARM by default
    ({"attacker_arm": 1, "defender_anti_tank": 1, "anti_tank_counts_as_arm": True}, "nobody", "assault"),  # AsA option 3
    ({"attacker_mech": 2, "defender_mech": 1}, "attacker", "blitz"),
    ({"attacker_mech": 2, "defender_mech": 1, "defender_anti_tank": 1}, "nobody", "assault"),
    ({"attacker_mech": 2, "defender_arm_divisions": 1}, "nobody", "assault"),
    ({"attacker_mech": 1, "defender_mech": 1}, "nobody", "assault"),
])
def test_table_choice_follows_the_seeds_priority(forces, chooser, table):
    result = ok(wif(table=None, table_choice=forces))
    assert result["table_choice"]["chooser"] == chooser
    assert result["table_choice"]["suggested"] == table
    assert result["table"] == table  # no table asked: the suggestion is used
    assert result["table_choice"]["reason"]


def test_an_explicit_table_wins_over_the_suggestion():
    result = ok(wif(table="assault", table_choice={"attacker_arm": 3}))
    assert result["table"] == "assault" and result["table_choice"]["suggested"] == "blitz"


def test_both_tables_are_compared_side_by_side():
    result = ok(CANONICAL_WIF)
    assert result["tables"]["assault"] == result["summary"]
    blitz = ok(wif(table="blitz"))
    assert result["tables"]["blitz"] == blitz["summary"]


# --- links ---

def test_result_link_replays_the_same_request():
    result = ok(wif(seed="at the table"))
    decoded = ok({"op": "share", "decode": result["link"]})["request"]
    assert decoded == {**CANONICAL_WIF, "seed": "at the table"}
    assert ok(decoded)["roll"] == result["roll"]


def test_normalize_is_canonical_and_idempotent():
    messy = {"op": "wif", "attack": 36.50, "defense": 10.0, "fractional_odds": True,
             "modifiers": [{"id": "city"}, {"id": "rain"}, {"id": "paratroops"}, {"id": "jungle", "count": 1}],
             "table_choice": {"attacker_arm": 2, "defender_arm": 0}}
    canonical = wif_module.normalize(messy)
    assert canonical == {
        "op": "wif", "attack": 36.5, "defense": 10, "fractional_odds": True, "table": "blitz",
        "modifiers": [{"id": "jungle"}, {"id": "paratroops", "count": 1}, {"id": "rain"}, {"id": "city"}],
        "table_choice": {"attacker_arm": 2}}
    assert wif_module.normalize(canonical) == canonical
    assert ok(messy)["link"] == ok(canonical)["link"]


def test_a_link_to_a_bad_wif_request_is_refused_clearly():
    from pycore.share import link_for
    link = link_for({"op": "wif", "attack": -1, "defense": 1})
    problem = error({"op": "share", "decode": link})
    assert "attack" in problem["message"] and "-1" in problem["message"]


def test_share_encode_accepts_a_wif_request():
    link = ok({"op": "share", "encode": CANONICAL_WIF})["link"]
    assert link == ok(CANONICAL_WIF)["link"]


def test_nothing_raises_out_of_the_api_for_odd_requests():
    for request in ({"op": "wif"}, {"op": "wif", "catalogue": "yes"}, {"op": "wif", "catalogue": True, "attack": 1},
                    {"op": "wif", "attack": float("inf"), "defense": 1}, {"op": "wif", "attack": 1, "defense": 1, "modifiers": [None]}):
        envelope = call(request) if request.get("attack") != float("inf") else None
        if envelope is None:
            from pycore.api import handle_object
            envelope = handle_object(request)
        assert envelope["ok"] is False and envelope["error"]["type"] == "bad_request", envelope

"""Strategic bombing (seed 000 §5d and §6a, seed 002 Bomber/AA, seed 003; docs/rules.md §4, §6)."""

from fractions import Fraction

import pytest

from pycore.research import bombing
from pycore.dice import roll
from tests.core.helpers import error, ok


def raid(**fields):
    return ok({"op": "bombing", **fields})


# --- Low Luck readings keep the means (docs/rules.md §4) ---

def test_ll_damage_with_aa_is_2_3_4_on_a_d12_with_mean_exactly_35_12():
    assert [bombing.ll_damage_aa(face) for face in range(1, 13)] == [2] * 4 + [3] * 5 + [4] * 3
    assert bombing.mean(bombing.ll_damage_aa, 12) == Fraction(35, 12)
    # 35/12 is the dice raid past AA at 1: 5/6 × 3.5, by enumeration of the AA die and the damage die
    dice_mean = Fraction(sum(0 if aa == 1 else dmg for aa in range(1, 7) for dmg in range(1, 7)), 36)
    assert bombing.mean(bombing.ll_damage_aa, 12) == dice_mean


def test_ll_damage_without_aa_is_3_or_4_mean_3_5():
    assert [bombing.ll_damage_no_aa(face) for face in range(1, 7)] == [3, 3, 3, 4, 4, 4]
    assert bombing.mean(bombing.ll_damage_no_aa, 6) == Fraction(7, 2)


def test_ll_fee_is_2_or_3_mean_2_5():
    """Seed 000 §5d: 'the average damage … 2,5 IPC (15 IPC / 6)'."""
    assert [bombing.ll_fee(face) for face in range(1, 7)] == [2, 2, 2, 3, 3, 3]
    assert bombing.mean(bombing.ll_fee, 6) == Fraction(15, 6)


# --- the fee settlement ---

def test_lacking_4_costs_2_bombers():
    """Seed 000 §5d: 'when you are lacking 4 IPC you will lose 2 Bombers'."""
    result = raid(settle={"fees": 7, "money": 3})["settle"]
    assert (result["paid"], result["lacking"], result["bombers_lost"], result["money_left"]) == (3, 4, 2, 0)


@pytest.mark.parametrize("lacking,lost", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 2), (6, 3), (7, 3), (8, 4)])
def test_one_bomber_per_2_5_lacking_rounded_against_the_attacker(lacking, lost):
    assert bombing.bombers_lost_for(lacking) == lost


def test_settlement_with_enough_money_loses_nothing_and_cannot_cost_more_bombers_than_owned():
    assert raid(settle={"fees": 7, "money": 30})["settle"]["money_left"] == 23
    assert raid(settle={"fees": 20, "money": 0, "bombers": 3})["settle"]["bombers_lost"] == 3


# --- Low Luck raids ---

def test_ll_raid_with_aa_owes_a_fee_and_loses_no_bomber():
    result = raid(system="lowluck", bombers=3, aa=True, rolls={"damage": [4, 5, 12], "fee": [3, 4, 1]})
    assert result["shot_down"] == 0 and result["damage"]["per_bomber"] == [2, 3, 4] and result["damage"]["total"] == 9
    assert result["fee"]["per_bomber"] == [2, 3, 2] and result["fee"]["total"] == 7


def test_ll_raid_without_aa_has_no_fee():
    result = raid(system="lowluck", bombers=2, aa=False, rolls={"damage": [3, 4]})
    assert result["damage"]["per_bomber"] == [3, 4] and result["fee"] is None


def test_ll_raid_with_seed_uses_the_named_dice_contexts():
    result = raid(system="lowluck", bombers=2, aa=True, seed="s")
    assert result["damage"]["rolls"] == list(roll("s", "bombing/damage", 12, 2))
    assert result["fee"]["rolls"] == list(roll("s", "bombing/fee", 6, 2))


def test_rule_a_sets_aside_3_per_bomber_and_refunds_the_rest():
    fee = raid(system="lowluck", rule="A", bombers=4, aa=True, rolls={"damage": [1] * 4, "fee": [1, 1, 6, 6]})["fee"]
    assert (fee["total"], fee["reserve"], fee["refund"]) == (10, 12, 2)


def test_rule_b_shoots_down_with_low_luck_aa_and_survivors_roll_1_to_6():
    # 7 bombers: 1 sure hit, the remainder 1 rolled (seed 000 §5c); a 1 hits
    result = raid(system="lowluck", rule="B", bombers=7, aa=True, rolls={"aa": [1], "damage": [1, 2, 3, 4, 5]})
    assert result["shot_down"] == 2 and result["damage"]["per_bomber"] == [1, 2, 3, 4, 5] and result["fee"] is None


def test_rule_c_survivors_make_3_or_4():
    result = raid(system="lowluck", rule="C", bombers=6, aa=True, rolls={"damage": [1, 2, 3, 4, 6]})
    assert result["shot_down"] == 1 and result["damage"]["per_bomber"] == [3, 3, 3, 4, 4]


def test_ll_heavy_bombers_roll_two_damage_dice_that_both_count():
    result = raid(system="lowluck", bombers=1, aa=False, heavy_bombers=True, rolls={"damage": [1, 6]})
    assert result["damage"]["per_bomber"] == [7]


# --- dice raids ---

def test_dice_raid_aa_at_1_then_1d6_per_survivor_capped_per_raid_in_classic():
    result = raid(system="dice", ruleset="classic", bombers=3, aa=True, territory_value=8,
                  rolls={"aa": [1, 2, 3], "damage": [6, 5]})
    assert result["shot_down"] == 1 and result["damage"]["before_cap"] == 11
    assert result["damage"]["total"] == 8 and result["damage"]["cap"] == 8


def test_big_world_caps_each_bomber_at_the_territory_value():
    """Seed 002: 'the total damage per bomber cannot exceed the PU value of the territory'."""
    result = raid(system="dice", ruleset="big-world-1942", bombers=2, territory_value=4, rolls={"damage": [6, 2]})
    assert result["damage"]["per_bomber"] == [4, 2]


def test_later_editions_add_2_and_cap_at_twice_the_value_less_damage():
    result = raid(system="dice", ruleset="1942-2e", bombers=2, territory_value=3, factory_damage=2,
                  rolls={"damage": [6, 1]})
    assert result["damage"]["before_cap"] == 11 and result["damage"]["total"] == 4


def test_1940_complexes_cap_at_20_or_6():
    result = raid(system="dice", ruleset="1940-2e", bombers=2, factory="minor", rolls={"damage": [6, 6]})
    assert result["damage"]["total"] == 6


def test_anniversary_aa_gun_fires_at_most_3_aircraft():
    result = raid(system="dice", ruleset="anniversary", bombers=5, aa=True, rolls={"aa": [1, 1, 1], "damage": [1, 1]})
    assert result["aa_fire"]["shots"] == 3 and result["surviving"] == 2


def test_lhtr_heavy_bombers_take_the_better_die():
    result = raid(system="dice", ruleset="revised", bombers=1, heavy_bombers=True, lhtr=True, rolls={"damage": [2, 5]})
    assert result["damage"]["per_bomber"] == [5]


# --- A&A Chess (seed 003) ---

@pytest.mark.parametrize("bombers,aa,total", [(1, False, 2), (2, False, 5), (3, False, 7), (5, True, 10), (7, True, 15)])
def test_chess_is_2_5_per_surviving_bomber_rounded_down(bombers, aa, total):
    result = raid(system="chess", bombers=bombers, aa=aa)
    assert result["damage"]["total"] == total
    assert result["shot_down"] == (bombers // 5 if aa else 0)


def test_chess_ryof6_rolls_the_half_point():
    assert raid(system="chess", variant="ryof6", bombers=1, rolls={"damage": [3]})["damage"]["total"] == 3
    assert raid(system="chess", variant="ryof6", bombers=1, rolls={"damage": [4]})["damage"]["total"] == 2


def test_chess_aa_counts_the_whole_move_over_every_aa_territory():
    """Seed 003 example 5: 3 aircraft over 2 AA territories count 6 → 1 lost; 4 alone lose none."""
    assert raid(system="chess", bombers=3, aa=True, aa_count=6)["shot_down"] == 1
    assert raid(system="chess", bombers=4, aa=True)["shot_down"] == 0
    # Example 5's move: 3 bombers here, 2 aircraft elsewhere, both over AA: 5 counted → 1 bomber lost here.
    result = raid(system="chess", bombers=3, aa=True, aa_count=5)
    assert result["shot_down"] == 1 and result["damage"]["total"] == 5  # 2 survivors × 2.5


def test_chess_rockets_are_3_each_and_ryof6_rolls_their_half_point():
    assert raid(system="chess", bombers=0, rockets=2)["damage"]["total"] == 6
    assert raid(system="chess", bombers=1, rockets=1)["damage"]["total"] == 2 + 3  # 2.5 rounded down, + 3
    rolled = raid(system="chess", variant="ryof6", bombers=0, rockets=2, rolls={"rockets": [3, 4]})
    assert rolled["damage"]["total"] == 4 + 3


# --- bad inputs ---

@pytest.mark.parametrize("request_,field,quoted", [
    ({"system": "lowluck", "bombers": 0}, "bombers", "0"),
    ({"system": "lowluck", "bombers": 2, "rule": "D"}, "rule", '"D"'),
    ({"system": "dice", "bombers": 2}, "ruleset", "required"),
    ({"system": "dice", "bombers": 2, "ruleset": "risk"}, "ruleset", '"risk"'),
    ({"system": "lowluck", "bombers": 2, "ruleset": "classic"}, "ruleset", "unknown"),
    ({"system": "lowluck", "bombers": 2, "aa": True, "rolls": {"damage": [1, 2]}}, "rolls.fee", "required"),
    ({"system": "lowluck", "bombers": 2, "aa": True, "rolls": {"damage": [1], "fee": [1, 1]}}, "rolls.damage",
     "2 d12"),
    ({"system": "lowluck", "bombers": 1, "rolls": {"damage": [7]}}, "rolls.damage[0]", "7"),
    ({"system": "lowluck", "bombers": 1, "rolls": {"damage": [1], "fee": [2]}}, "rolls.fee", "no fee"),
    ({"system": "dice", "ruleset": "classic", "bombers": 1, "lhtr": True}, "lhtr", "heavy_bombers"),
    ({"system": "dice", "ruleset": "classic", "bombers": 1, "factory": "major"}, "factory", '"major"'),
    ({"settle": {"fees": 7}}, "settle.money", "required"),
    ({"settle": {"fees": -1, "money": 0}}, "settle.fees", "-1"),
])
def test_bad_bombing_inputs_name_the_field(request_, field, quoted):
    err = error({"op": "bombing", **request_})
    assert err["field"] == field and quoted in err["message"], err


def test_missing_own_dice_say_which_are_needed():
    """error.detail.dice_needed: the page asks for these dice without parsing the message."""
    err = error({"op": "bombing", "system": "lowluck", "bombers": 2, "aa": True, "rolls": {"damage": [1, 2]}})
    assert err["detail"] == {"dice_needed": {"kind": "fee", "count": 2, "sides": 6}}
    err = error({"op": "bombing", "system": "lowluck", "bombers": 2, "aa": True})
    assert err["detail"] == {"dice_needed": {"kind": "damage", "count": 2, "sides": 12}}


@pytest.mark.parametrize("bombers, aa_die, sure, at, hits", [
    (4, [4], 0, 4, 1),   # seed 000 §5c: 4 aircraft → roll at 4; a 4 hits
    (4, [5], 0, 4, 0),
    (8, [2], 1, 2, 2),   # seed 000 §5c: 8 aircraft → 1 lost, and a roll at 2
    (8, [3], 1, 2, 1),
    (6, [], 1, None, 1),  # 6 → exactly 1, no die
])
def test_rule_b_low_luck_aa_follows_seed_000(bombers, aa_die, sure, at, hits):
    rolls = {"damage": [1] * (bombers - hits)}
    if aa_die:
        rolls["aa"] = aa_die
    fire = raid(system="lowluck", rule="B", aa=True, bombers=bombers, rolls=rolls)["aa_fire"]
    assert (fire["power"], fire["sure_hits"], fire["at"], fire["hits"]) == (bombers, sure, at, hits)

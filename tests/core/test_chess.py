"""A&A Chess (seed 003, docs/rules.md §6) in play: the five variants through ``resolve``.

Golden numbers cite the seed's examples (seed 003, "Risoluzione dei
Combattimenti", examples 1–6); the rest are worked by hand from the rule text
in each test.
"""

import pytest

from pycore.engine.firing import Group
from pycore.read.systems import read_system
from pycore.systems.chess import Chess
from pycore.errors import BadRequest
from tests.core.helpers import error, ok


def battle(attacker, defender, variant="orthodox", a_side=None, **fields):
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "chess", "variant": variant},
               "attacker": {"units": attacker, **(a_side or {})}, "defender": {"units": defender}, "seed": "chess"}
    request.update(fields)
    if "dice" in request:
        del request["seed"]
    return ok(request)


def lost(round_json, role):
    return sum(round_json[role]["casualties"].values())


def main_fire(round_json, side):
    return next(f for s in round_json["steps"] if s["step"] == "main" for f in s["fire"] if f["side"] == side)


# --- seed 003, examples 1–4: one assault, the orthodox remainder rule ---------------------------

@pytest.mark.parametrize("attacker, defender, powers, losses", [
    # Example 1: 6 infantry (6) against 3 infantry (6) → 1 and 1.
    ({"infantry": 6}, {"infantry": 3}, (6, 6), (1, 1)),
    # Example 2: 4 tanks (the seed prints "3 carri" but a total of 12: 4 × 3) against 3 tanks + 6 infantry (18)
    # → 2 defender and 3 attacker losses (classic tanks defend at 2: 6 + 12 = 18).
    ({"tank": 4}, {"tank": 3, "infantry": 6}, (12, 18), (3, 2)),
    # Example 3: 17 against 16 → 3 and 3: the attacker's remainder 5 and the defender's 4 each score.
    ({"tank": 4, "infantry": 5}, {"tank": 3, "infantry": 5}, (17, 16), (3, 3)),
    # Example 4: 16 against 15 → 2 and 2: remainders 4 (attacker) and 3 (defender) are ignored.
    ({"tank": 4, "infantry": 4}, {"tank": 3, "infantry": 4, "bomber": 1}, (16, 15), (2, 2)),
])
def test_seed_003_examples_1_to_4_first_assault(attacker, defender, powers, losses):
    first = battle(attacker, defender, rounds=1)["rounds"][0]
    assert (first["attacker"]["power"], first["defender"]["power"]) == powers
    assert (lost(first, "attacker"), lost(first, "defender")) == losses
    assert first["attacker"]["dice"] == [] and first["defender"]["dice"] == []


# --- the remainder rule of each variant, group by group -----------------------------------------

def group(shooter, power, carry=0, final=False, name="main"):
    return Group(shooter, name, (1,) * power, (), frozenset({"infantry"}), (), carry=carry, final=final)


@pytest.mark.parametrize("shooter, scores_from", [("attacker", 5), ("defender", 4)])
@pytest.mark.parametrize("remainder", range(0, 6))
def test_each_variant_remainder_rule(shooter, scores_from, remainder):
    power = 12 + remainder
    scores = remainder >= scores_from
    orthodox = Chess("orthodox").settle(group(shooter, power))
    assert (orthodox.sure_hits, orthodox.die, orthodox.carry_out) == (2 + scores, None, None)
    ryof = Chess("ryof").settle(group(shooter, power))
    assert ryof.sure_hits == 2 + scores
    assert ryof.die == (None if scores or not remainder else (remainder, 6))
    ryof6 = Chess("ryof6").settle(group(shooter, power))
    assert (ryof6.sure_hits, ryof6.die) == (2, (remainder, 6) if remainder else None)
    cof = Chess("cof").settle(group(shooter, power))
    assert (cof.sure_hits, cof.die) == (2 + scores, None)
    assert cof.carry_out == (remainder - 6 if scores else remainder)  # seed: a remainder 5 leaves −1, a 4 leaves −2
    cofr = Chess("cofr").settle(group(shooter, power, final=True))
    assert cofr.sure_hits == 2 + scores
    assert cofr.die == (None if scores or not remainder else (remainder, 6))
    assert Chess("cofr").settle(group(shooter, power)).die is None  # not the last assault: carried, not rolled


def test_cof_carry_joins_the_next_total_and_a_deficit_larger_than_the_power_stays_owed():
    assert Chess("cof").settle(group("attacker", 4, carry=3)).sure_hits == 1      # 4 + 3 = 7 → 1, carried 1
    assert Chess("cof").settle(group("attacker", 4, carry=3)).carry_out == 1
    owed = Chess("cof").settle(group("defender", 1, carry=-2))
    assert (owed.sure_hits, owed.carry_out) == (0, -1)


# --- COF over several assaults, worked by hand --------------------------------------------------

def test_cof_multi_assault_battle_worked_by_hand():
    """6 infantry attack 3 infantry under COF (classic: infantry 1/2).

    Assault 1: attack 6 → 1 hit; defence 6 → 1 hit.       5 inf v 2 inf.
    Assault 2: attack 5, remainder 5 scores → 1, deficit −1; defence 4 scores → 1, deficit −2.   4 v 1.
    Assault 3: attack 4 − 1 = 3 → 0, carried 3; defence 2 − 2 = 0 → 0.                          4 v 1.
    Assault 4: attack 4 + 3 = 7 → 1, carried 1; defence 2 → 0, carried 2.                      4 v 0.
    """
    result = battle({"infantry": 6}, {"infantry": 3}, "cof")
    rounds = result["rounds"]
    assert [(lost(r, "attacker"), lost(r, "defender")) for r in rounds] == [(1, 1), (1, 1), (0, 0), (0, 1)]
    attack = [main_fire(r, "attacker") for r in rounds]
    defence = [main_fire(r, "defender") for r in rounds]
    assert [f["carry_in"] for f in attack] == [0, 0, -1, 3]
    assert [f["total"] for f in attack] == [6, 5, 3, 7]
    assert [f["carry_out"] for f in attack] == [0, -1, 3, 1]
    assert [f["carry_out"] for f in defence] == [0, -2, 0, 2]
    assert result["outcome"] == "attacker_wins" and result["survivors"]["attacker"] == {"infantry": 4}
    text = result["report"]["text"]
    assert "deficit −1" in text and "deficit −2" in text and "carried 3" in text


def test_orthodox_same_battle_never_carries():
    rounds = battle({"infantry": 6}, {"infantry": 3})["rounds"]
    assert "carry_out" not in main_fire(rounds[0], "attacker")
    # Assault 3 (4 v 1): attack 4 ignored, defence 2 ignored: nothing can change — a stalemate, not 100 rounds.
    assert len(rounds) == 3


def test_diceless_round_that_changes_nothing_is_a_stalemate():
    result = battle({"infantry": 1}, {"infantry": 1})
    assert result["outcome"] == "stalemate" and len(result["rounds"]) == 1


def test_cof_resolves_what_orthodox_leaves_stuck():
    """1 infantry against 1: the defender's 2 carries to 4 in assault 2 and scores (seed 003, COF)."""
    result = battle({"infantry": 1}, {"infantry": 1}, "cof")
    assert result["outcome"] == "defender_wins" and len(result["rounds"]) == 2


# --- submarines (seed 003, "Primo Attacco per i Sommergibili") ----------------------------------

def test_example_6_by_the_rule_text_two_fighters_reading():
    """Seed 003 example 6 prints attack 25; with 2 fighters in all the units add up to 26 (docs/rules.md).

    Subs 5 × 2 = 10 → 1 defender (the transport) removed without firing back, remainder 4 joins the main
    attack: 8 + 2 + 6 + 4 = 20 → 3 hits. Defender losses 1 + 3 = 4 (as printed). Defence 16 − 1 = 15 → 2
    hits, remainder 3 ignored (as printed).
    """
    result = battle({"battleship": 2, "carrier": 2, "fighter": 2, "submarine": 5},
                    {"battleship": 1, "carrier": 1, "fighter": 2, "transport": 1}, kind="sea", rounds=1)
    first = result["rounds"][0]
    subs = first["steps"][0]
    assert subs["step"] == "subs"
    assert subs["fire"][0]["sure_hits"] == 1 and subs["fire"][0]["passed"] == 4
    assert subs["casualties"][0]["lost"] == {"transport": 1} and subs["casualties"][0]["removed"] == "at once"
    attack, defence = main_fire(first, "attacker"), main_fire(first, "defender")
    assert (attack["power"], attack["joined"], attack["total"], attack["hits"]) == (16, 4, 20, 3)
    assert (defence["power"], defence["hits"], defence["remainder"]) == (15, 2, 3)
    assert lost(first, "defender") == 4 and lost(first, "attacker") == 2


def test_example_6_by_the_rule_text_two_fighters_per_carrier():
    """The other reading (each carrier loaded with 2 fighters): 8 + 2 + 12 + 4 = 26 → 4, so all 5 defenders go."""
    result = battle({"battleship": 2, "carrier": 2, "fighter": 4, "submarine": 5},
                    {"battleship": 1, "carrier": 1, "fighter": 2, "transport": 1}, kind="sea", rounds=1)
    first = result["rounds"][0]
    assert main_fire(first, "attacker")["total"] == 26
    assert lost(first, "defender") == 5 and lost(first, "attacker") == 2


def test_attacking_subs_alone_still_make_a_main_attack_with_their_remainder():
    # 4 subs = 8 → 1 at once; remainder 2 joins a main attack of 2 (ignored under orthodox).
    first = battle({"submarine": 4}, {"transport": 2}, kind="sea", rounds=1)["rounds"][0]
    assert first["steps"][0]["fire"][0]["hits"] == 1
    assert main_fire(first, "attacker")["total"] == 2


def test_defending_subs_fire_with_the_main_defence():
    # Seed 003 gives the first strike to attacking subs only: the defender's 2 subs (4) join its total of 4 + 4 = 8.
    first = battle({"battleship": 2}, {"submarine": 2, "battleship": 1}, kind="sea", rounds=1)["rounds"][0]
    assert [s["step"] for s in first["steps"]] == ["main"]
    assert main_fire(first, "defender")["power"] == 8


# --- AA (seed 003, "Fuoco Antiaereo", example 5) ------------------------------------------------

def test_example_5_aircraft_of_one_move_are_counted_together():
    """3 aircraft against Britain and 2 against Russia, both with AA: 5 counted → 1 aircraft lost.

    The battle against Britain is given the count of the whole move (``air_over_aa``).
    """
    result = ok({"op": "resolve", "ruleset": "classic", "system": {"name": "chess"},
                 "attacker": {"units": {"fighter": 3, "infantry": 2}, "air_over_aa": 5},
                 "defender": {"units": {"infantry": 1, "aa_gun": 1}}, "seed": "s", "rounds": 1})
    aa = result["rounds"][0]["steps"][0]
    assert aa["step"] == "aa" and aa["fire"][0]["power"] == 5 and aa["fire"][0]["hits"] == 1
    assert aa["casualties"][0]["lost"] == {"fighter": 1}


def test_aa_counts_each_aircraft_once_per_aa_territory_flown_over():
    """Seed 003 example 5: 3 aircraft over 2 AA territories count 6 ≥ 5 → 1 lost; alone, 3 lose none."""
    over_two = battle({"fighter": 3}, {"infantry": 2, "aa_gun": 1}, rounds=1,
                      a_side={"air_over_aa": 6})
    assert over_two["rounds"][0]["steps"][0]["fire"][0]["hits"] == 1
    one = battle({"fighter": 3}, {"infantry": 2, "aa_gun": 1}, rounds=1)
    aa = one["rounds"][0]["steps"][0]
    assert aa["step"] == "aa" and aa["fire"][0]["power"] == 3 and aa["fire"][0]["hits"] == 0


@pytest.mark.parametrize("planes, shot", [(4, 0), (5, 1), (9, 1), (10, 2)])
def test_aa_takes_one_aircraft_per_five_remainder_ignored(planes, shot):
    first = battle({"fighter": planes}, {"infantry": 20, "aa_gun": 1}, rounds=1)["rounds"][0]
    assert lost(first, "attacker") >= shot
    assert first["steps"][0]["fire"][0]["hits"] == shot


def test_aa_owner_chooses_the_aircraft_lost():
    choice = [{"round": 1, "step": "aa", "side": "attacker", "lost": {"bomber": 1}}]
    first = battle({"fighter": 3, "bomber": 2}, {"infantry": 5, "aa_gun": 1}, casualties=choice, rounds=1)["rounds"][0]
    assert first["steps"][0]["casualties"][0] == {"side": "attacker", "lost": {"bomber": 1}, "damaged": {},
                                                  "removed": "at once", "chosen": True}


def test_ryof6_rolls_the_aa_remainder_on_a_d10_keeping_the_mean():
    # 2 aircraft: remainder 2 of 5 → chance 2/5 = a d10 at 4.
    planes = {"fighter": 2, "infantry": 1}
    paused = battle(planes, {"infantry": 2, "aa_gun": 1}, "ryof6", dice=[{}])
    assert paused["next_dice"] == [{"round": 1, "side": "defender", "group": "aa", "count": 1, "sides": 10, "at": [4],
                                    "step": "aa", "units": {"aa_gun": 1},
                                    "rolls": [{"units": {"aa_gun": 1}, "at": 4, "dice": 1, "sides": 10}],
                                    "sure_hits": 0, "least_hits": 0, "most_hits": 1}]
    hit = battle(planes, {"infantry": 2, "aa_gun": 1}, "ryof6", dice=[{"defender": {"aa": [4]}}])
    assert hit["rounds"][0]["steps"][0]["fire"][0]["dice"] == [{"at": 4, "value": 4, "hit": True, "sides": 10}]
    wrong = error({"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
                   "attacker": {"units": {"fighter": 1, "infantry": 1}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}},
                   "dice": [{"defender": {"aa": [7]}}]})
    assert wrong["field"] == "dice[0].defender.aa[0]" and "1 to 6" in wrong["message"]


# --- dice in the variants that roll: seeded and referee -----------------------------------------

def test_ryof_referee_mode_asks_for_the_remainder_die_and_applies_it():
    # 4 tanks + 4 infantry (16) v 3 tanks + 4 infantry + 1 bomber (15): example 4 under RYOF → attacker rolls at 4,
    # defender at 3.
    attacker, defender = {"tank": 4, "infantry": 4}, {"tank": 3, "infantry": 4, "bomber": 1}
    paused = battle(attacker, defender, "ryof", dice=[{}])
    assert sorted((d["side"], d["at"][0]) for d in paused["next_dice"]) == [("attacker", 4), ("defender", 3)]
    played = battle(attacker, defender, "ryof", dice=[{"attacker": [4], "defender": [5]}])
    first = played["rounds"][0]
    assert (lost(first, "defender"), lost(first, "attacker")) == (3, 2)  # 2 + the die at 4; the die 5 misses at 3


def test_orthodox_and_cof_roll_nothing_so_referee_mode_needs_no_dice():
    played = battle({"infantry": 6}, {"infantry": 3}, "cof", dice=[{}, {}, {}, {}])
    assert played["outcome"] == "attacker_wins"


def test_cofr_rolls_leftovers_only_in_the_final_assault():
    # Round limit 1 makes assault 1 the last: 4 tanks + 4 infantry (16, remainder 4) and the defender's 15 (3) roll.
    attacker, defender = {"tank": 4, "infantry": 4}, {"tank": 3, "infantry": 4, "bomber": 1}
    last = battle(attacker, defender, "cofr", dice=[{}], rounds=1)
    assert sorted((d["side"], d["at"][0]) for d in last["next_dice"]) == [("attacker", 4), ("defender", 3)]
    # Without a limit the same assault carries its fractions instead (no die).
    on = battle(attacker, defender, "cofr", rounds=2)
    first = on["rounds"][0]
    assert first["attacker"]["dice"] == [] and main_fire(first, "attacker")["carry_out"] == 4
    # A retreat announced after assault 1 makes it the final one: its leftovers are rolled.
    retreat = battle(attacker, defender, "cofr", choices=["retreat"])
    assert len(retreat["rounds"][0]["attacker"]["dice"]) == 1 and retreat["outcome"] == "retreat"


def test_cofr_rolls_when_the_sure_hits_end_the_battle():
    # 6 tanks (18 → 3 hits) against 3 infantry: the assault destroys the defender; the defender's 6 → 1, nothing left.
    # 5 tanks + 1 infantry = 16 → 2 sure hits + leftover 4 rolled, since 2 kills both defending infantry.
    result = battle({"tank": 5, "infantry": 1}, {"infantry": 2}, "cofr")
    fire = main_fire(result["rounds"][0], "attacker")
    assert fire["sure_hits"] == 2 and [d["at"] for d in fire["dice"]] == [4] and fire["carry_out"] == 0


def test_seeded_ryof_is_replayed_identically():
    a = battle({"tank": 4, "infantry": 4}, {"tank": 3, "infantry": 4, "bomber": 1}, "ryof", seed="x")
    b = battle({"tank": 4, "infantry": 4}, {"tank": 3, "infantry": 4, "bomber": 1}, "ryof", seed="x")
    assert a == b


# --- the request --------------------------------------------------------------------------------

def test_variant_is_in_the_result_and_the_link():
    result = battle({"infantry": 6}, {"infantry": 3}, "cofr", rounds=1)
    assert result["system"] == {"name": "chess", "variant": "cofr"}
    decoded = ok({"op": "share", "decode": result["link"]})["request"]
    assert decoded["system"] == {"name": "chess", "variant": "cofr"}


def test_variant_defaults_to_orthodox_and_is_written_out():
    assert read_system({"name": "chess"}) == Chess("orthodox")
    result = ok({"op": "resolve", "ruleset": "classic", "system": {"name": "chess"},
                 "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}, "seed": "s"})
    assert result["system"] == {"name": "chess", "variant": "orthodox"}


def test_bad_variant_and_misplaced_fields_name_the_field():
    bad = error({"op": "resolve", "ruleset": "classic", "system": {"name": "chess", "variant": "cofx"},
                 "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}, "seed": "s"})
    assert bad["field"] == "system.variant" and "cofx" in bad["message"]
    extra = error({"op": "resolve", "ruleset": "classic", "system": {"name": "lowluck", "variant": "cof"},
                   "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}, "seed": "s"})
    assert extra["field"] == "system.variant"
    over = error({"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
                  "attacker": {"units": {"fighter": 1}, "air_over_aa": 3}, "defender": {"units": {"infantry": 1}},
                  "seed": "s"})
    assert over["field"] == "attacker.air_over_aa" and "Chess" in over["message"]


def test_plain_protocol_refuses_without_the_group():
    with pytest.raises(BadRequest):
        Chess().hit_distribution((1, 2))


def test_bombardment_fraction_is_not_carried():
    """Amphibious, COF: 1 battleship bombards at 4 — below the attacker's 5, ignored, not carried (docs/rules.md)."""
    result = battle({"infantry": 2, "battleship": 1}, {"infantry": 2}, "cof", kind="amphibious", rounds=1)
    bombard = result["rounds"][0]["steps"][0]
    assert bombard["step"] == "bombard" and bombard["fire"][0]["hits"] == 0
    assert "carry_out" not in bombard["fire"][0]
    assert main_fire(result["rounds"][0], "attacker")["carry_in"] == 0

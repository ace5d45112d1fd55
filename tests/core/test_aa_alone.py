"""AA guns alone (docs/rules.md §2 "AA guns alone"): the engine, the calculator, waves and the post.

Where an AA gun can be a casualty (1942-2e, 1940-2e) a defender holding AA guns and nothing else is no
battle: the guns are destroyed as the attack begins, with no AA fire and no die. Where the gun is captured
with the territory (classic, revised, anniversary, big-world-1942) it still fires at the aircraft first.
Before this rule 1 infantry against 1 AA gun in 1942-2e fought it out (a hit at 1: 6 rounds expected), and
an aircraft attacking a lone gun was fired at.
"""

from fractions import Fraction

import pytest

from tests.core.helpers import error, ok

CASUALTY = ("1942-2e", "1940-2e")
CAPTURED = ("classic", "revised", "anniversary", "big-world-1942")
GUN_COST = {"1942-2e": 5, "1940-2e": 5}   # docs/rules.md §1, the unit table


def _resolve(ruleset, attacker, defender, system="dice", **more):
    return ok({"op": "resolve", "ruleset": ruleset, "system": {"name": system}, "seed": "aa-alone",
               "attacker": {"units": attacker}, "defender": {"units": defender}, **more})


def _calc(ruleset, attacker, defender, system=None, **more):
    return ok({"op": "calc", "ruleset": ruleset, "system": system or {"name": "dice"},
               "attacker": {"units": attacker}, "defender": {"units": defender}, **more})


# ---- the engine ----------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", CASUALTY)
@pytest.mark.parametrize("system", ["dice", "lowluck", "biased"])
def test_infantry_against_a_lone_gun_wins_at_once_with_no_die(ruleset, system):
    got = _resolve(ruleset, {"infantry": 1}, {"aa_gun": 1}, system)
    assert got["outcome"] == "attacker_wins"
    assert got["rounds"] == []                      # no round, so no die rolled
    assert got["destroyed"] == {"aa_gun": 1}
    assert "captured" not in got
    assert got["takes_territory"] is True
    assert got["survivors"] == {"attacker": {"infantry": 1}, "defender": {}}


@pytest.mark.parametrize("ruleset", CASUALTY)
def test_aircraft_against_lone_guns_are_not_fired_at(ruleset):
    """Two guns would fire 2 shots at the 2 aircraft before this rule; now nothing fires, nothing is lost,
    and with no land unit the territory is not taken."""
    got = _resolve(ruleset, {"fighter": 1, "bomber": 1}, {"aa_gun": 2})
    assert (got["outcome"], got["rounds"], got["destroyed"], got["takes_territory"]) == \
        ("attacker_wins", [], {"aa_gun": 2}, False)
    assert got["survivors"]["attacker"] == {"fighter": 1, "bomber": 1}


def test_a_gun_beside_a_combat_unit_still_fires():
    """The rule needs the guns alone: beside 1 infantry the gun fires at the fighter as before."""
    got = _resolve("1942-2e", {"fighter": 1}, {"aa_gun": 1, "infantry": 1})
    assert [s["step"] for s in got["rounds"][0]["steps"]][0] == "aa"
    assert "destroyed" not in got


def test_an_amphibious_assault_on_a_lone_gun_does_not_bombard():
    got = _resolve("1942-2e", {"infantry": 1, "battleship": 1}, {"aa_gun": 1}, kind="amphibious")
    assert (got["rounds"], got["destroyed"], got["takes_territory"]) == ([], {"aa_gun": 1}, True)


@pytest.mark.parametrize("ruleset", CAPTURED)
def test_where_the_gun_is_captured_it_still_fires_at_aircraft(ruleset):
    """seed 002, "AA Gun": it fires "before a battle … and when air flies over a territory containing an AA
    Gun", and is captured if the attacker wins; never destroyed."""
    got = _resolve(ruleset, {"infantry": 1, "fighter": 1}, {"aa_gun": 1})
    assert got["rounds"][0]["steps"][0]["step"] == "aa"
    assert "destroyed" not in got
    assert got["outcome"] == "attacker_wins" and got["captured"] == {"aa_gun": 1}


def test_coloured_dice_follow_the_rule_too():
    """The chart gives a defending AA gun a yellow die, but the rule is the ruleset's: no battle, no colour."""
    got = _resolve("1942-2e", {"infantry": 1}, {"aa_gun": 1}, "colored")
    assert (got["outcome"], got["rounds"], got["destroyed"]) == ("attacker_wins", [], {"aa_gun": 1})
    assert got["survivors"]["defender"] == {}


def test_the_post_says_the_guns_were_destroyed_without_a_battle():
    text = _resolve("1942-2e", {"infantry": 1}, {"aa_gun": 2})["report"]["text"]
    assert "Defender: 2 AA guns with no combat unit beside them, destroyed as the attack began: no battle " \
           "was fought." in text
    assert "Round 1" not in text


def test_no_luck_is_measured_where_no_round_was_fought():
    got = _resolve("1942-2e", {"infantry": 1}, {"aa_gun": 1})
    assert got["luck"] is None and got["luck_reason"] == "no round was fought"


# ---- the calculator -------------------------------------------------------------------------------

SYSTEMS = [{"name": "dice"}, {"name": "lowluck"}, {"name": "biased"}, {"name": "colored"},
           {"name": "chess", "variant": "orthodox"}]


@pytest.mark.parametrize("ruleset", CASUALTY)
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.get("variant", s["name"]))
@pytest.mark.parametrize("exact", [False, True])
def test_the_law_is_a_sure_win(ruleset, system, exact):
    """1 infantry against 1 AA gun: before the rule, under dice, P(win) was 1 but in 6 rounds expected, and
    under A&A Chess a stalemate (a total of 1 never scores). Now: won in 0 rounds, the gun's cost swung."""
    got = _calc(ruleset, {"infantry": 1}, {"aa_gun": 1}, system, exact=exact)
    assert got["outcome"]["attacker_wins"] == 1
    assert got["rounds"] == 0
    assert got["takes_territory"] == 1
    assert got["swing"] == {str(GUN_COST[ruleset]): 1}
    if exact:
        assert got["exact_outcome"]["attacker_wins"] == "1/1"


def test_aircraft_against_a_lone_gun_lose_nothing():
    """1942-2e, 2 fighters against 1 AA gun: the gun's 2 shots at 1 would have cost 1 − (5/6)² = 11/36 of a
    fighter at least once; now none is lost."""
    got = _calc("1942-2e", {"fighter": 2}, {"aa_gun": 1}, exact=True)
    assert got["exact_losses"]["attacker"] == {"0": "1/1"}
    assert got["survivors"]["attacker"]["fighter"] == 2


def test_odds_from_here_keep_fighting_a_gun_left_alone():
    """The rule reads the start of an attack: in round 2 ("odds from here") the battle is under way and the
    gun, a casualty, must still be hit — 1 infantry hits at 1, so 6 rounds are expected."""
    got = _calc("1942-2e", {"infantry": 1}, {"aa_gun": 1}, round=2, exact=True)
    assert got["exact_outcome"]["attacker_wins"] == "1/1"
    assert Fraction(got["exact_rounds"]) == 6


# ---- waves ----------------------------------------------------------------------------------------

def test_a_later_wave_meeting_a_lone_gun_wins_at_once():
    """1942-2e, exact. Wave 1: 1 infantry (hits at 1) against 1 infantry (at 2) + 1 AA gun, the defender's
    infantry lost first. A round that changes something: both hit 1/18, only the attacker 2/18, only the
    defender 5/18 (of 8/18). So wave 1 leaves the gun alone with 1/8 (both hit: the defender wins with it),
    takes the territory with 2/8 (the gun then falls to the infantry), and leaves infantry + gun with 5/8.

    Wave 2, 1 fighter: against the gun alone a sure win (1/8; before the rule the gun fired first and the
    fighter won 5/6 of it). Against infantry + gun (5/8): the gun misses 5/6, then the fighter (at 3) against
    the infantry (at 2): only the fighter hits 1/3, both 1/6, only the infantry 1/6 (of 2/3), so the fighter
    kills the infantry alone 1/2 and then the gun, left alone in a battle under way, falls surely.
    Wave 2 wins 1/8 + 5/8 · 5/6 · 1/2 = 37/96 (35/96 before)."""
    got = _calc("1942-2e", {"infantry": 1}, {"infantry": 1, "aa_gun": 1}, exact=True,
                waves=[{"attacker": {"units": {"fighter": 1}}}])
    first, second = got["waves"]
    assert first["exact_outcome"] == {"attacker_wins": "1/4", "defender_wins": "3/4", "draw": "0/1"}
    assert second["exact_outcome"]["attacker_wins"] == "37/96"
    assert got["exact_outcome"]["attacker_wins"] == "61/96"


def test_a_later_wave_in_floats_agrees():
    """The land ladder's start from the law of survivors (calc/starts.py) reads the same rule."""
    got = _calc("1942-2e", {"infantry": 1}, {"infantry": 1, "aa_gun": 1},
                waves=[{"attacker": {"units": {"fighter": 1}}}])
    assert got["waves"][1]["outcome"]["attacker_wins"] == pytest.approx(37 / 96, abs=1e-12)


def test_referee_dice_for_a_battle_that_was_never_fought_are_refused_with_the_reason():
    """At a table the players enter no die: a round's dice given anyway are refused, saying why."""
    request = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "dice": [{"attacker": [1]}],
               "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"aa_gun": 1}}}
    got = error(request)
    assert got["field"] == "dice[0]"
    assert "ended before round 1: the AA guns were alone" in got["message"]
    assert ok({**request, "dice": [{}]})["destroyed"] == {"aa_gun": 1}

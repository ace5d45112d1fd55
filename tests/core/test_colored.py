"""Coloured dice (docs/rules.md §7, seed 001): the seed's own examples as golden tests, and resolve end to end."""

import pytest

from pycore.systems.colored.chart import DEFAULT_CHART
from pycore.share import link_for
from pycore.systems.colored.match import dice_count, match
from tests.core.helpers import error, ok

COLORED = {"name": "colored"}


def battle(attacker, defender, **more):
    request = {"op": "resolve", "ruleset": more.pop("ruleset", "1940-2e"), "system": more.pop("system", COLORED),
               "attacker": {"units": attacker}, "defender": {"units": defender}}
    request.update(more)
    return request


def color_step(result, color, round_index=0):
    return next(s for s in result["rounds"][round_index]["steps"] if s["color"] == color)


# -- seed 001's examples ------------------------------------------------------------------------
def test_seed_001_five_four_three_against_six_three_two_costs_one_and_two():
    """Seed 001: "I would take one hit (because your 6 beats my 5), and you would take two hits"."""
    m = match([5, 4, 3], [6, 3, 2])
    assert (m.on_attacker, m.on_defender) == (1, 2)


def test_seed_001_six_three_two_against_a_lone_six_costs_one_and_three():
    """Seed 001: "Our 6's tie each other, so we each take one hit. Then, my 3 and my 2 are unopposed"."""
    m = match([6, 3, 2], [6])
    assert (m.on_attacker, m.on_defender) == (1, 3)


def test_seed_001_rounding_is_per_type_up_and_capped_at_six():
    """Seed 001: 1–3 tanks → 1 die, 4–6 → 2, 7–9 → 3; 1 battleship + 2 bombers → 2 black dice; at most 6."""
    assert [dice_count({"tank": n}) for n in (1, 2, 3, 4, 6, 7, 9)] == [1, 1, 1, 2, 2, 3, 3]
    assert dice_count({"battleship": 1, "bomber": 2}) == 2
    assert dice_count({"tank": 30}) == 6


def test_seed_001_nine_tanks_and_three_mech_infantry_roll_three_red_dice_each_boosted():
    """Seed 001: "9 tanks and 3 mech. infantry would roll 3 red dice, each of which would be boosted by +1"."""
    result = ok(battle({"tank": 9, "mech_infantry": 3}, {"infantry": 1}, seed="s", rounds=1))
    fire = next(f for f in color_step(result, "red")["fire"] if f["side"] == "attacker")
    assert len(fire["dice"]) == 3
    assert all(d["boosts"] == ["mech_infantry"] and d["total"] == d["value"] + 1 for d in fire["dice"])


def test_seed_001_three_artillery_and_one_infantry_roll_one_white_die_boosted_once():
    """Seed 001: "with 3 artillery and 1 infantry, you would roll 1 white die and then boost it by +1"."""
    result = ok(battle({"artillery": 3, "infantry": 1}, {"infantry": 1}, seed="s", rounds=1))
    fire = next(f for f in color_step(result, "white")["fire"] if f["side"] == "attacker")
    assert [d["boosts"] for d in fire["dice"]] == [["artillery"]]


def test_seed_001_a_battleship_and_two_bombers_roll_two_black_dice():
    result = ok(battle({"battleship": 1, "bomber": 2}, {"destroyer": 1}, kind="sea", seed="s", rounds=1))
    fire = next(f for f in color_step(result, "black")["fire"] if f["side"] == "attacker")
    assert len(fire["dice"]) == 2


def test_seed_001_a_bomber_killed_in_yellow_no_longer_counts_in_black():
    """Seed 001: "a bomber killed during the yellow dice roll does not count toward … the black dice roll".

    4 bombers give 2 black dice; a defending fighter's yellow 6 kills one (the winner's choice is not at
    stake: yellow is victim's choice, aircraft first, and bombers are the only aircraft), leaving 3 → 1 die.
    """
    request = battle({"bomber": 4}, {"fighter": 1, "infantry": 3},
                     dice=[{"defender": {"yellow": [6]}, "attacker": {}}])
    result = ok(request)
    yellow = color_step(result, "yellow")
    assert yellow["casualties"][0]["side"] == "attacker" and yellow["casualties"][0]["lost"] == {"bomber": 1}
    assert result["next_dice"] == [{"round": 1, "side": "attacker", "color": "black", "group": "black",
                                    "count": 1, "sides": 6}]


# -- the round ----------------------------------------------------------------------------------
def test_referee_round_as_in_the_issue_gives_hits_per_side():
    """Issue #6 item 4: red [6, 3, 2] against [6] → the attacker scores 3 hits, the defender 1."""
    request = battle({"tank": 7}, {"tank": 3}, dice=[{"attacker": {"red": [6, 3, 2]}, "defender": {"red": [6]}}])
    result = ok(request)
    r = result["rounds"][0]
    assert (r["attacker"]["hits"], r["defender"]["hits"]) == (3, 1)
    assert r["after"] == {"attacker": {"tank": 6}, "defender": {}}
    assert result["outcome"] == "attacker_wins"
    assert color_step(result, "red")["say"] == \
        "Red: attacker 6-3-2 against 6: tie on the 6s, 3 and 2 hit — attacker loses 1, defender 3"


def test_referee_wrong_count_is_refused_naming_the_colour_and_count():
    got = error(battle({"tank": 7}, {"tank": 3}, dice=[{"attacker": {"red": [6, 3]}, "defender": {"red": [6]}}]))
    assert got["field"] == "dice[0].attacker.red"
    assert "rolls 3 red dice in round 1, got 2" in got["message"]
    assert got["detail"]["dice_needed"]["count"] == 3


def test_referee_bad_face_and_unknown_colour_are_refused():
    got = error(battle({"tank": 1}, {"tank": 1}, dice=[{"attacker": {"red": [7]}, "defender": {"red": [1]}}]))
    assert got["field"] == "dice[0].attacker.red[0]" and "1 to 6" in got["message"]
    got = error(battle({"tank": 1}, {"tank": 1}, dice=[{"attacker": {"purple": [3]}}]))
    assert got["field"] == "dice[0].attacker.purple" and "yellow" in got["message"]
    got = error(battle({"tank": 1}, {"tank": 1}, dice=[{"attacker": [3]}]))
    assert got["field"] == "dice[0].attacker" and "by colour" in got["message"]


def test_referee_dice_for_a_colour_nobody_rolls_are_refused():
    got = error(battle({"tank": 1}, {"tank": 1},
                       dice=[{"attacker": {"red": [1], "white": [3]}, "defender": {"red": [2]}}]))
    assert got["field"] == "dice[0].attacker.white" and "not used" in got["message"]


def test_referee_pauses_colour_by_colour():
    """Black's count depends on yellow's casualties, so the table is asked one colour at a time."""
    result = ok(battle({"fighter": 1, "tank": 2}, {"infantry": 2}, dice=[{}]))
    assert result["waiting"]["kind"] == "dice"
    assert [(d["side"], d["color"], d["count"]) for d in result["next_dice"]] == [("attacker", "yellow", 1)]


def test_units_killed_in_an_earlier_colour_neither_roll_nor_boost_later():
    """Seed 001: casualties go at once, colour by colour. A defending fighter's yellow 6 takes the attacker's
    only aircraft; a fighter committed to boosting white is then gone before white."""
    request = battle({"fighter": 1, "infantry": 1}, {"fighter": 1, "infantry": 3},
                     dice=[{"defender": {"yellow": [6]}, "attacker": {}}])
    request["attacker"]["colors"] = {"white": {"boosts": {"fighter": 1}}}
    result = ok(request)
    assert color_step(result, "yellow")["casualties"][0]["posts"]["lost"] == {"fighter@white": 1}
    # White comes next: the attacker's infantry rolls one die with no boost left.
    assert [(d["side"], d["color"], d["count"]) for d in result["next_dice"]] == \
        [("attacker", "white", 1), ("defender", "white", 1)]


def test_red_hits_are_winners_choice_and_white_hits_victims():
    """Seed 001: the player who scores a red hit picks the casualty; docs/rules.md §7 marks only red 'winner'."""
    request = battle({"tank": 1, "infantry": 3}, {"infantry": 1, "fighter": 1},
                     dice=[{"attacker": {"red": [5]}, "defender": {"yellow": [1]}}])
    result = ok(request)
    red = color_step(result, "red")
    assert red["casualties"][1] == {**red["casualties"][1], "side": "defender", "chooser": "attacker"}
    # The winner takes the most valuable unit: the fighter (cost 10), not the infantry (3).
    assert red["casualties"][1]["lost"] == {"fighter": 1}
    yellow = color_step(result, "yellow")
    assert yellow["casualties"][0] == {**yellow["casualties"][0], "chooser": "attacker", "lost": {"infantry": 1}}


def test_a_tie_costs_both_and_victims_order_of_loss_is_the_proposal():
    request = battle({"infantry": 2, "artillery": 1}, {"infantry": 2},
                     dice=[{"attacker": {"white": [4]}, "defender": {"white": [5]}}])
    result = ok(request)
    white = color_step(result, "white")
    assert white["fire"][0]["dice"] == [{"value": 4, "boosts": ["artillery"], "total": 5}]
    assert [p["winner"] for p in white["pairs"]] == ["tie"]
    # Victim's choice, cheapest first: the attacker loses an infantry (3), not the artillery (4).
    assert white["casualties"][0]["lost"] == {"infantry": 1}


def test_chosen_casualties_are_checked_against_the_guideline():
    """Yellow hits fall on aircraft first (docs/rules.md §7 reconstructed chart)."""
    base = battle({"fighter": 1, "infantry": 2}, {"fighter": 1},
                  dice=[{"attacker": {"yellow": [1]}, "defender": {"yellow": [6]}}])
    got = error({**base, "casualties": [{"round": 1, "color": "yellow", "side": "attacker",
                                         "lost": {"infantry": 1}}]})
    assert got["field"] == "casualties[0]" and "aircraft first" in got["message"]


def test_choose_casualties_pauses_for_the_winner_of_red():
    result = ok({**battle({"tank": 1}, {"infantry": 1, "artillery": 1},
                          dice=[{"attacker": {"red": [5]}, "defender": {"white": [1]}}]), "choose_casualties": True})
    assert result["waiting"]["kind"] == "casualties"
    assert result["waiting"]["chooser"] == "attacker" and result["waiting"]["side"] == "defender"
    assert result["waiting"]["color"] == "red"


def test_boosts_given_by_the_player_replace_the_proposal_and_are_checked():
    base = battle({"infantry": 4, "artillery": 1}, {"infantry": 1},
                  dice=[{"attacker": {"white": [5, 2]}, "defender": {"white": [4]}}])
    result = ok({**base, "boosts": [{"round": 1, "color": "white", "side": "attacker", "dice": [[], ["artillery"]]}]})
    white = color_step(result, "white")
    assert [d["total"] for d in white["fire"][0]["dice"]] == [5, 3] and white["fire"][0]["boosts_chosen"]
    got = error({**base, "boosts": [{"round": 1, "color": "white", "side": "attacker",
                                     "dice": [["artillery"], ["artillery"]]}]})
    assert got["field"] == "boosts[0].dice[1][0]" and "only 1 artillery" in got["message"]
    got = error({**base, "boosts": [{"round": 1, "color": "white", "side": "attacker", "dice": [["tank"], []]}]})
    assert got["field"] == "boosts[0].dice[0][0]"


def test_choose_boosts_pauses_for_the_attacker_first():
    request = {**battle({"infantry": 4, "artillery": 1}, {"infantry": 1, "artillery": 1},
                        dice=[{"attacker": {"white": [5, 2]}, "defender": {"white": [4]}}]), "choose_boosts": True}
    result = ok(request)
    assert result["waiting"]["kind"] == "boosts" and result["waiting"]["side"] == "attacker"
    assert result["waiting"]["proposal"] in ([["artillery"], []], [[], ["artillery"]])


def test_a_whole_battle_with_a_seed_ends_and_replays_from_its_link():
    request = battle({"infantry": 4, "artillery": 2, "tank": 3, "fighter": 1},
                     {"infantry": 5, "tank": 1, "fighter": 1, "aa_gun": 1}, seed="table")
    first = ok(request)
    assert first["outcome"] in ("attacker_wins", "defender_wins", "draw")
    decoded = ok({"op": "share", "decode": first["link"]})["request"]
    again = ok(decoded)
    assert again["rounds"] == first["rounds"] and again["link"] == first["link"]
    assert "Yellow:" in first["report"]["text"]


def test_commitment_override_is_in_the_link_and_the_default_is_not():
    plain = ok({"op": "share", "encode": battle({"fighter": 2, "infantry": 3}, {"infantry": 2}, seed="a")})
    placed = battle({"fighter": 2, "infantry": 3}, {"infantry": 2}, seed="a")
    placed["attacker"]["colors"] = {"yellow": {"rolls": {"fighter": 1}}, "white": {"boosts": {"fighter": 1}}}
    moved = ok({"op": "share", "encode": placed})
    assert plain["link"] != moved["link"]
    back = ok({"op": "share", "decode": moved["link"]})["request"]
    assert back["attacker"]["colors"] == placed["attacker"]["colors"]
    back = ok({"op": "share", "decode": plain["link"]})["request"]
    assert "colors" not in back["attacker"] and back["system"] == {"name": "colored"}


def test_a_commitment_must_place_every_unit_of_a_type_it_names():
    request = battle({"fighter": 2, "infantry": 3}, {"infantry": 2}, seed="a")
    request["attacker"]["colors"] = {"white": {"boosts": {"fighter": 1}}}
    got = error(request)
    assert got["field"] == "attacker.colors" and "1 fighter placed" in got["message"]
    request["attacker"]["colors"] = {"red": {"rolls": {"fighter": 2}}}
    got = error(request)
    assert got["field"] == "attacker.colors.red.rolls.fighter" and "yellow" in got["message"]


def test_an_edited_chart_is_used_and_carried_in_the_link():
    chart = DEFAULT_CHART.to_json()
    chart[4]["choice"] = "victim"        # red becomes victim's choice
    chart = [chart[5]] + chart[:5]       # white first
    request = battle({"tank": 1, "infantry": 1}, {"infantry": 1}, seed="c", rounds=1,
                     system={"name": "colored", "chart": chart})
    result = ok(request)
    assert [s["color"] for s in result["rounds"][0]["steps"]][:1] == ["white"]
    assert ok({"op": "share", "decode": result["link"]})["request"]["system"]["chart"] == chart


@pytest.mark.parametrize("chart, field, words", [
    ([], "system.chart", "at least one"),
    ([{"color": "red", "rolls": ["tnak"]}], "system.chart[0].rolls[0]", "unknown unit"),
    ([{"color": "red", "rolls": ["tank"]}, {"color": "red"}], "system.chart[1].color", "twice"),
    ([{"color": "red", "rolls": ["tank"], "boosts": [["tank"]]}], "system.chart[0].boosts[0][0]", "either rolls"),
    ([{"color": "red", "rolls": ["tank"], "casualties": "all"}], "system.chart[0].casualties", "aircraft_first"),
    ([{"color": "red", "rolls": ["tank"], "choice": "me"}], "system.chart[0].choice", "winner"),
    ([{"color": "red", "rolls": ["tank"], "colour": "x"}], "system.chart[0].colour", "unknown field"),
])
def test_a_bad_chart_is_refused_field_by_field(chart, field, words):
    got = error(battle({"tank": 1}, {"infantry": 1}, seed="c", system={"name": "colored", "chart": chart}))
    assert got["field"] == field and words in got["message"]


@pytest.mark.parametrize("name", ["light blue", "", "Red", "tank@red", "red.dark", "-red", "2nd", "red\n",
                                  "a" * 21, "gr\u00fcn", 5, None])
def test_a_colour_name_outside_letters_digits_and_hyphens_is_refused_naming_it(name):
    """Issue #18 item 4: a name with a space reached the page as a class name and stopped referee play.
    The chart's names are 1-20 of a-z, 0-9 and '-', starting with a letter (chart.COLOR_NAME)."""
    chart = [{"color": name, "rolls": ["tank"]}]
    got = error(battle({"tank": 1}, {"infantry": 1}, seed="c", system={"name": "colored", "chart": chart}))
    assert got["field"] == "system.chart[0].color"
    assert "lowercase letters a-z, digits or hyphens" in got["message"]
    if isinstance(name, str) and name:
        assert f'got "{name[:20]}' in got["message"].replace("\\n", "\n")


def test_a_hyphenated_colour_plays_with_referee_dice_and_travels_in_its_link():
    """A chart whose one colour is "sky-blue": the referee is asked for sky-blue dice by that name, the
    dice given are used (tank 6 against infantry 1: the 6 beats the 1, seed 001, so the infantry dies and
    the tank lives), and the link decodes to the same chart."""
    chart = [{"color": "sky-blue", "rolls": ["tank", "infantry"]}]
    request = battle({"tank": 1}, {"infantry": 1}, system={"name": "colored", "chart": chart}, dice=[{}])
    waiting = ok(request)
    assert [(d["side"], d["color"], d["group"]) for d in waiting["next_dice"]] == \
        [("attacker", "sky-blue", "sky-blue"), ("defender", "sky-blue", "sky-blue")]
    request["dice"] = [{"attacker": {"sky-blue": [6]}, "defender": {"sky-blue": [1]}}]
    result = ok(request)
    assert result["rounds"][0]["after"] == {"attacker": {"tank": 1}, "defender": {}}
    decoded = ok({"op": "share", "decode": result["link"]})["request"]
    assert decoded["system"]["chart"][0]["color"] == "sky-blue"


def test_a_link_with_a_colour_name_the_page_cannot_show_is_refused_as_edited():
    """A v1 link made before names were restricted (hand-written JSON, the page never made one) is refused
    like any edited link, naming the field; it never reaches the page."""
    request = battle({"tank": 1}, {"infantry": 1}, seed="c",
                     system={"name": "colored", "chart": [{"color": "light blue", "rolls": ["tank", "infantry"]}]})
    got = error({"op": "share", "decode": link_for(request)})  # the encoder packs it as given
    assert got["field"] == "system.chart[0].color"
    assert '"light blue"' in got["message"]


def test_what_coloured_dice_do_not_play_is_refused_plainly():
    got = error(battle({"infantry": 1, "battleship": 1}, {"infantry": 1}, kind="amphibious", seed="x"))
    assert got["field"] == "kind"
    request = battle({"infantry": 1}, {"infantry": 1}, seed="x")
    request["attacker"]["tech"] = ["jet_power"]
    got = error(request)
    assert got["field"] == "attacker.tech"
    got = error({**battle({"infantry": 1}, {"infantry": 1}, seed="x", system={"name": "dice"}),
                 "attacker": {"units": {"infantry": 1}, "colors": {}}})
    assert got["field"] == "attacker.colors"


def test_retreat_after_a_round():
    result = ok(battle({"tank": 3}, {"infantry": 9}, seed="r", choices=["retreat"]))
    assert result["outcome"] in ("retreat", "defender_wins", "attacker_wins", "draw")
    if result["outcome"] == "retreat":
        assert result["rounds"][0]["retreated"] and len(result["rounds"]) == 1


def test_aa_gun_rolls_yellow_for_the_defender_and_is_captured_in_classic():
    result = ok(battle({"tank": 6}, {"aa_gun": 1}, ruleset="classic", seed="aa"))
    # Classic: an AA gun is never a casualty, so the defender has no force: the attacker wins at once.
    assert result["outcome"] == "attacker_wins" and result["captured"] == {"aa_gun": 1}


def test_a_lone_carrier_hit_twice_in_one_colour_is_lost_not_damaged_and_lost():
    """4 destroyers roll 2 blue dice against none: 2 hits, ships first (docs/rules.md §7). The carrier (two
    hits) absorbs the first, and with only a defenseless transport beside it (taken last) takes the second
    too: it is lost. Before 2026-11-24 the proposal said "damaged 1 and lost 1", which Troops.after could
    not apply, and the battle stopped with an internal error."""
    result = ok(battle({"carrier": 1, "transport": 1}, {"destroyer": 4}, kind="sea", seed="s", rounds=1))
    hit = next(c for c in color_step(result, "blue")["casualties"] if c["side"] == "attacker")
    assert hit["lost"] == {"carrier": 1} and not hit.get("damaged")

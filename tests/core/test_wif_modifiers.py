"""The seed's modifiers: cumulative, city cap at 0, halving of attacking bonuses, weather and table limits."""

import pytest

from pycore.wif import modifiers as m
from tests.core.helpers import error, ok


def wif(modifiers, attack=3, defense=1, table="assault", **more):
    """3:1 without fractional odds: odds modifier +6 (seed 004)."""
    return ok({"op": "wif", "attack": attack, "defense": defense, "table": table, "modifiers": modifiers, **more})


def others(result):
    return result["total_modifier"] - result["odds_modifier"]


# (id, count, value per unit or flat) from seed 004's lists, read independently of the catalogue.
SEED_VALUES = [
    ("defending_armor_clear", 3, -2), ("defending_armor_division_clear", 2, -1), ("defending_anti_tank", 2, -1),
    ("face_down_defender", 2, 2), ("face_down_defender_division", 3, 1), ("cooperating_majors", 2, -1),
    ("jungle", None, -4), ("paratroops", 2, 1), ("non_territorials_vs_territorials", None, 2),
    ("territorials_vs_non_territorials", None, -2), ("rain", None, -2), ("storm", None, -4),
    ("snow", None, -4), ("blizzard", None, -6), ("city", None, -1), ("factory", 2, -1),
    ("eng_defending_city", 3, -1),
]


@pytest.mark.parametrize("kind,count,value", SEED_VALUES)
def test_each_modifier_has_the_seeds_value(kind, count, value):
    entry = {"id": kind} if count is None else {"id": kind, "count": count}
    assert others(wif([entry])) == value * (count or 1)


def test_marines_count_in_a_jungle_and_winterised_units_in_snow():
    assert others(wif([{"id": "jungle"}, {"id": "marines_jungle", "count": 2}])) == -4 + 2
    assert others(wif([{"id": "snow"}, {"id": "winterized_attacking", "count": 3},
                       {"id": "winterized_defending", "count": 1}])) == -4 + 3 - 2


def test_modifiers_are_cumulative():
    # Seed 004: "All modifications are cumulative".
    result = wif([{"id": "rain"}, {"id": "face_down_defender", "count": 2}, {"id": "cooperating_majors", "count": 1},
                  {"id": "territorials_vs_non_territorials"}])
    assert others(result) == -2 + 4 - 1 - 2
    assert result["modifiers_total"] == -1


def test_hq_support_is_half_the_reorganisation_value_either_way():
    assert others(wif([{"id": "hq_support_attacker", "reorganisation": 4}])) == 2
    assert others(wif([{"id": "hq_support_defender", "reorganisation": 3}])) == -1.5


def test_city_modifiers_never_total_more_than_0():
    # Seed 004, City Modifiers: "City modifiers can never total more than '0'".
    capped = wif([{"id": "city"}, {"id": "hq_attacking_city", "count": 1}, {"id": "eng_attacking_city", "count": 4}])
    assert capped["city"] == {"total": 4, "counted": 0, "capped": True}
    assert others(capped) == 0
    assert all(line.get("note") == "city modifiers total at most 0" for line in capped["modifiers"])
    below = wif([{"id": "city"}, {"id": "factory", "count": 2}, {"id": "eng_attacking_city", "count": 1}])
    assert below["city"] == {"total": -2, "counted": -2, "capped": False}
    assert others(below) == -2


def test_the_city_cap_leaves_other_modifiers_alone():
    result = wif([{"id": "city"}, {"id": "eng_attacking_city", "count": 3}, {"id": "face_down_defender", "count": 1}])
    assert others(result) == 0 + 2


def test_halved_attack_halves_attacking_bonuses_but_not_hq_support():
    # Seed 004: "Halve attacking bonuses (except HQ support) when the combat factors of the attacking
    # units are halved".
    modifiers = [{"id": "paratroops", "count": 3}, {"id": "hq_support_attacker", "reorganisation": 4},
                 {"id": "face_down_defender", "count": 1}, {"id": "rain"}]
    full = wif(modifiers)
    halved = wif(modifiers, attack_halved=True)
    assert others(full) == 3 + 2 + 2 - 2
    assert others(halved) == 1.5 + 2 + 2 - 2
    lines = {line["id"]: line for line in halved["modifiers"]}
    assert lines["paratroops"]["counted"] == 1.5 and "halved" in lines["paratroops"]["note"]
    assert lines["hq_support_attacker"]["counted"] == 2


def test_halving_comes_before_the_city_cap():
    # city −1, ENG +1 halved to +0.5: −0.5 stays (capping first, then halving, would give 0).
    result = wif([{"id": "city"}, {"id": "eng_attacking_city", "count": 1}], attack_halved=True)
    assert result["city"]["counted"] == -0.5


def test_blitz_bonus_counts_on_the_blitz_table_only():
    entry = [{"id": "blitz_armor_clear", "count": 2}]
    assert others(wif(entry, table="blitz")) == 2
    assault = wif(entry, table="assault")
    assert others(assault) == 0
    assert assault["modifiers"][0]["counted"] == 0
    assert "Blitz table only" in assault["modifiers"][0]["note"]
    # The side-by-side comparison counts it where it applies.
    assert assault["tables"]["blitz"] == wif(entry, table="blitz")["summary"]


def test_custom_modifier_takes_the_players_value():
    result = wif([{"id": "custom", "value": -1.5, "label": "river"}, {"id": "custom", "value": 2}])
    assert others(result) == 0.5
    assert [line["label"] for line in result["modifiers"]] == ["river", "Other modifier (your own value)"]


@pytest.mark.parametrize("modifiers,field,words", [
    ([{"id": "rain"}, {"id": "storm"}], "modifiers[1].id", ["only one weather", '"rain"', '"storm"']),
    ([{"id": "snow"}, {"id": "defending_armor_clear", "count": 1}], "modifiers[1].id", ["fine", "snow"]),
    ([{"id": "blitz_armor_clear", "count": 1}, {"id": "storm"}], "modifiers[0].id", ["fine", "storm"]),
    ([{"id": "winterized_attacking", "count": 1}], "modifiers[0].id", ["snow or blizzard", "fine"]),
    ([{"id": "rain"}, {"id": "winterized_defending", "count": 1}], "modifiers[1].id", ["snow or blizzard", "rain"]),
    ([{"id": "paratroops", "count": 1}, {"id": "paratroops", "count": 2}], "modifiers[1].id", ["already listed", "count"]),
    ([{"id": "rain", "count": 2}], "modifiers[0].count", ['"rain"', "per unit", "2"]),
    ([{"id": "paratroops", "count": 0}], "modifiers[0].count", ["1 to 99", "0"]),
    ([{"id": "paratroops", "count": 2.5}], "modifiers[0].count", ["whole number", "2.5"]),
    ([{"id": "hail"}], "modifiers[0].id", ["must be one of", '"hail"']),
    ([{"id": "hq_support_attacker"}], "modifiers[0].reorganisation", ["required"]),
    ([{"id": "hq_support_attacker", "reorganisation": -1}], "modifiers[0].reorganisation", ["-1"]),
    ([{"id": "custom"}], "modifiers[0].value", ["required"]),
    ([{"id": "custom", "value": 1.25}], "modifiers[0].value", ["1 decimal place", "1.25"]),
    ([{"id": "custom", "value": 80}], "modifiers[0].value", ["-50 to 50", "80"]),
    ([{"id": "rain", "value": 3}], "modifiers[0].value", ["unknown field"]),
    (["rain"], "modifiers[0]", ["object", '"rain"']),
    ({"rain": 1}, "modifiers", ["list"]),
])
def test_bad_modifiers_name_the_field_and_value(modifiers, field, words):
    problem = error({"op": "wif", "attack": 3, "defense": 1, "table": "assault", "modifiers": modifiers})
    assert problem["type"] == "bad_request"
    assert problem["field"] == field
    for word in words:
        assert word in problem["message"], (word, problem["message"])


def test_extra_loss_is_decided_from_the_modifiers_unless_the_players_say():
    # Seed 004, Notes b and c: § applies in cities, jungle, clear/desert with defending ARM/MECH, weather other than fine.
    assert wif([])["extra_loss"]["applies"] is False
    city = wif([{"id": "city"}, {"id": "rain"}])["extra_loss"]
    assert city["applies"] is True and city["reasons"] == ["weather other than fine", "a city"]
    assert wif([{"id": "rain"}], extra_loss=False)["extra_loss"] == {
        "applies": False, "reasons": ["weather other than fine"], "decided_by": "request"}
    assert wif([], extra_loss=True)["extra_loss"]["applies"] is True


def test_the_catalogue_lists_every_kind_once_in_the_seeds_order():
    ids = [kind.id for kind in m.KINDS]
    assert len(ids) == len(set(ids))
    listed = ok({"op": "wif", "catalogue": True})["catalogue"]
    assert [kind["id"] for kind in listed["modifiers"]] == ids
    assert listed["weathers"] == ["fine", "rain", "storm", "snow", "blizzard"]
    assert len(listed["tables"]["assault"]) == len(listed["tables"]["blitz"]) == 25
    assert listed["odds_levels"][0] == {"level": "≤1:6", "modifier": -10}
    assert listed["odds_levels"][-1] == {"level": "≥10:1", "modifier": 20}

"""Land battles round by round (docs/rules.md §2 steps 3–7), checked against the seeds' worked examples."""

from hypothesis import given, settings, strategies as st

from tests.core.helpers import CANONICAL_RESOLVE, ok


def test_canonical_resolve_request():
    """docs/rules.md §4: power 15 → 2 or 3 hits; power 12 → 2 hits (seed 000's Finland attack)."""
    result = ok(CANONICAL_RESOLVE)
    (first,) = result["rounds"]
    attacker, defender = first["attacker"], first["defender"]
    assert (attacker["power"], attacker["sure_hits"], attacker["remainder"]) == (15, 2, 3)
    assert len(attacker["dice"]) == 1 and attacker["dice"][0]["at"] == 3
    assert attacker["hits"] == 2 + (attacker["dice"][0]["value"] <= 3)
    assert attacker["hits"] in (2, 3)
    assert (defender["power"], defender["hits"], defender["dice"]) == (12, 2, [])
    assert result["outcome"] == "in_progress"
    assert result["link"].startswith("v1.")


def test_seed_000_finland_replayed_with_the_printed_dice():
    """Seed 000 §3: Russia 3 inf 3 arm 1 ftr vs Germany 3 inf 1 arm 1 ftr (classic).
    Round 1: 15 → 2 + roll 2 → 3 hits; 12 → 2 hits. Round 2: 13 → 2, the 1 is missed; 6 → 1.
    "Russia takes FIN with 3 Armor and 1 Fighter."""
    result = ok({"op": "resolve", "ruleset": "classic", "system": {"name": "lowluck"},
                 "attacker": {"units": {"infantry": 3, "tank": 3, "fighter": 1}},
                 "defender": {"units": {"infantry": 3, "tank": 1, "fighter": 1}},
                 "dice": [{"attacker": [2]}, {"attacker": [4]}]})
    r1, r2 = result["rounds"]
    assert (r1["attacker"]["power"], r1["attacker"]["hits"]) == (15, 3)
    assert (r1["defender"]["power"], r1["defender"]["hits"]) == (12, 2)
    assert r1["after"] == {"attacker": {"infantry": 1, "tank": 3, "fighter": 1},
                           "defender": {"tank": 1, "fighter": 1}}
    assert (r2["attacker"]["power"], r2["attacker"]["sure_hits"], r2["attacker"]["remainder"]) == (13, 2, 1)
    assert r2["attacker"]["hits"] == 2
    assert (r2["defender"]["power"], r2["defender"]["hits"]) == (6, 1)
    assert result["outcome"] == "attacker_wins" and result["takes_territory"]
    assert result["survivors"]["attacker"] == {"tank": 3, "fighter": 1}


def test_seed_002_four_armour_against_two_infantry_and_an_armour():
    """Seed 002 "Low Luck vs. Dice": 12 → 2 hits, Russia loses her 2 infantry; 7 → 1 and a roll at 1,
    which misses; Germany loses one armour and has 3 left, Russia 1 armour."""
    result = ok({"op": "resolve", "ruleset": "big-world-1942", "system": {"name": "lowluck"},
                 "attacker": {"units": {"tank": 4}}, "defender": {"units": {"infantry": 2, "tank": 1}},
                 "dice": [{"defender": [2]}]})
    (r1,) = result["rounds"]
    assert (r1["attacker"]["power"], r1["attacker"]["hits"]) == (12, 2)
    assert (r1["defender"]["power"], r1["defender"]["sure_hits"], r1["defender"]["remainder"]) == (7, 1, 1)
    assert r1["defender"]["hits"] == 1
    assert r1["defender"]["casualties"] == {"infantry": 2}
    assert r1["after"] == {"attacker": {"tank": 3}, "defender": {"tank": 1}}
    assert result["outcome"] == "in_progress"
    # Round 2: 3 tanks = 9 → 1 and a roll at 3; 1 tank = 3 → a roll at 3.
    # Each entry also says who rolls the die and the hits a count at the table may give (docs/api.md "Referee dice").
    assert result["next_dice"] == [
        {"round": 2, "side": "attacker", "group": "main", "count": 1, "sides": 6, "at": [3], "step": "main",
         "units": {"tank": 3}, "rolls": [{"units": {"tank": 3}, "at": 3, "dice": 1}], "sure_hits": 1,
         "least_hits": 0, "most_hits": 1},
        {"round": 2, "side": "defender", "group": "main", "count": 1, "sides": 6, "at": [3], "step": "main",
         "units": {"tank": 1}, "rolls": [{"units": {"tank": 1}, "at": 3, "dice": 1}], "sure_hits": 0,
         "least_hits": 0, "most_hits": 1}]


def test_dice_battle_rolls_one_die_per_unit_at_its_value():
    result = ok({"op": "resolve", "ruleset": "revised", "system": {"name": "dice"},
                 "attacker": {"units": {"infantry": 2, "artillery": 1}},
                 "defender": {"units": {"infantry": 2}},
                 "dice": [{"attacker": [2, 2, 2], "defender": [3, 3]}]})
    (r1,) = result["rounds"]
    # Values high to low: artillery 2, supported infantry 2, unsupported infantry 1.
    assert [(d["at"], d["value"], d["hit"]) for d in r1["attacker"]["dice"]] == [(2, 2, True), (2, 2, True), (1, 2, False)]
    assert r1["attacker"]["hits"] == 2 and r1["defender"]["hits"] == 0
    assert result["outcome"] == "attacker_wins"


def test_rounds_are_a_prefix_of_longer_battles():
    """Asking for round n+1 replays rounds 1..n with the same dice: round-by-round play is a replay."""
    base = {**CANONICAL_RESOLVE}
    base.pop("rounds")
    full = ok(base)
    for n in range(1, len(full["rounds"]) + 1):
        partial = ok({**base, "rounds": n})
        for a, b in zip(partial["rounds"], full["rounds"]):
            assert {k: a[k] for k in ("attacker", "defender", "after")} == {k: b[k] for k in ("attacker", "defender", "after")}


def test_retreat_ends_the_battle():
    result = ok({"op": "resolve", "ruleset": "revised", "system": {"name": "dice"},
                 "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}},
                 "dice": [{"attacker": [6], "defender": [6]}], "choices": ["retreat"]})
    assert result["outcome"] == "retreat"
    assert result["rounds"][0]["choice"] == "retreat"
    assert "next_dice" not in result


def test_air_alone_wins_but_cannot_take_the_territory():
    result = ok({"op": "resolve", "ruleset": "revised", "system": {"name": "lowluck"},
                 "attacker": {"units": {"bomber": 3}}, "defender": {"units": {"infantry": 1}},
                 "seed": "air"})
    assert result["outcome"] == "attacker_wins" and not result["takes_territory"]


def test_both_destroyed_is_a_draw():
    """2 tanks v 2 tanks (revised, Low Luck): 6 v 6 is one sure hit each; then 3 v 3, both roll a 1."""
    result = ok({"op": "resolve", "ruleset": "revised", "system": {"name": "lowluck"},
                 "attacker": {"units": {"tank": 2}}, "defender": {"units": {"tank": 2}},
                 "dice": [{}, {"attacker": [1], "defender": [1]}]})
    assert [r["after"] for r in result["rounds"]] == [
        {"attacker": {"tank": 1}, "defender": {"tank": 1}}, {"attacker": {}, "defender": {}}]
    assert result["outcome"] == "draw" and not result["takes_territory"]


battles = st.fixed_dictionaries({
    "ruleset": st.sampled_from(["classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942"]),
    "system": st.sampled_from(["dice", "lowluck"]),
    "attacker": st.dictionaries(st.sampled_from(["infantry", "tank", "fighter", "bomber"]), st.integers(0, 8), min_size=1),
    "defender": st.dictionaries(st.sampled_from(["infantry", "tank", "fighter", "bomber"]), st.integers(0, 8), min_size=1),
    "seed": st.text(min_size=1, max_size=12),
})


@settings(max_examples=60, deadline=None)
@given(battles)
def test_random_battles_conserve_units_and_end(spec):
    if not any(spec["attacker"].values()) or not any(spec["defender"].values()):
        return
    request = {"op": "resolve", "ruleset": spec["ruleset"], "system": {"name": spec["system"]},
               "attacker": {"units": spec["attacker"]}, "defender": {"units": spec["defender"]},
               "seed": spec["seed"]}
    result = ok(request)
    before = {"attacker": {k: n for k, n in spec["attacker"].items() if n},
              "defender": {k: n for k, n in spec["defender"].items() if n}}
    for r in result["rounds"]:
        for role, enemy in (("attacker", "defender"), ("defender", "attacker")):
            lost = r[role]["casualties"]
            assert sum(lost.values()) == min(r[enemy]["hits"], sum(before[role].values()))
            after = {k: before[role].get(k, 0) - lost.get(k, 0) for k in before[role]}
            assert {k: n for k, n in after.items() if n} == r["after"][role]
            before[role] = r["after"][role]
    assert result["outcome"] != "in_progress" or len(result["rounds"]) == 100
    assert ok(request) == result  # same seed, same battle

"""The fast ladder chain (pycore.calc.ladder) against the general chain (pycore.calc.chain), and the options.

Two methods, one answer: the general chain works each round on whole armies
through the engine's steps, with no Horner folding, no big-integer
convolution and no ladder; the ladder must agree with it to within its
reported ``pruned`` mass (plus float rounding) on every end state.
"""

import pytest

from pycore.ops import calc
from pycore.calc import ladder
from pycore.calc.chain import Chain, solve
from pycore.calc.method import ends_of
from pycore.engine.army import Army
from pycore.engine.casualties import allocate
from pycore.engine.firing import Group, casualty_types
from tests.core.calc_oracle import setup_of

BATTLES = [
    ("revised", "dice", "land", {"infantry": 4, "artillery": 2, "tank": 2, "fighter": 2, "bomber": 1},
     {"infantry": 5, "tank": 2, "fighter": 1, "aa_gun": 1}),
    ("revised", "lowluck", "land", {"infantry": 4, "artillery": 2, "tank": 2, "fighter": 2, "bomber": 1},
     {"infantry": 5, "tank": 2, "fighter": 1, "aa_gun": 1}),
    ("1942-2e", "dice", "land", {"infantry": 3, "artillery": 3, "tank": 1, "fighter": 1},
     {"infantry": 4, "aa_gun": 1, "fighter": 1}),
    ("classic", "dice", "land", {"infantry": 1}, {"infantry": 1}),
    ("revised", "dice", "amphibious", {"infantry": 3, "tank": 1, "battleship": 1}, {"infantry": 3, "artillery": 1}),
    ("anniversary", "lowluck", "amphibious", {"infantry": 2, "tank": 1, "cruiser": 1}, {"infantry": 2}),
    ("1940-2e", "dice", "land", {"infantry": 3, "tactical_bomber": 1, "fighter": 1, "tank": 1},
     {"infantry": 3, "aa_gun": 1, "mech_infantry": 1}),
]


def request_of(ruleset, system, kind, attacker, defender):
    return {"ruleset": ruleset, "system": {"name": system}, "kind": kind,
            "attacker": {"units": attacker}, "defender": {"units": defender}}


@pytest.mark.parametrize("battle", BATTLES, ids=lambda b: f"{b[0]}-{b[1]}-{b[2]}-{len(b[3])}v{len(b[4])}")
def test_ladder_agrees_with_the_general_chain(battle):
    setup = setup_of(request_of(*battle))
    reference = solve(Chain(setup))["ends"]
    got = ends_of(setup)
    assert got.method == "exact"
    diff = max(abs(reference.get(k, 0) - got.ends.get(k, 0)) for k in set(reference) | set(got.ends))
    assert diff <= got.pruned + 1e-12
    assert sum(got.ends.values()) == pytest.approx(1, abs=got.pruned + 1e-12)


@pytest.mark.parametrize("battle", BATTLES[:3], ids=str)
def test_ladder_with_a_round_limit_agrees(battle):
    setup = setup_of(request_of(*battle))
    reference = solve(Chain(setup), 2)["ends"]
    got = ends_of(setup, 2)
    assert {k[0] for k in got.ends} <= {"attacker_wins", "defender_wins", "draw", "in_progress"}
    diff = max(abs(reference.get(k, 0) - got.ends.get(k, 0)) for k in set(reference) | set(got.ends))
    assert diff <= got.pruned + 1e-12


def test_a_rung_is_the_engines_allocation_of_that_many_hits_at_once():
    # The ladder's premise: k hits one at a time leave the army that k hits at once leave (allocate).
    setup = setup_of(request_of("revised", "dice", "land",
                                {"infantry": 5, "artillery": 2, "tank": 3, "fighter": 2, "bomber": 1}, {"infantry": 1}))
    army = Army(setup.attacker.units)
    rungs = ladder.Ladder(setup, "attacker", army, Army(setup.defender.units), 1e-13)
    for k, rung in enumerate(rungs.armies):
        generic = Group("defender", "main", (), (), casualty_types(setup, army), ())
        cas = allocate(setup, army, [(generic, k)], setup.attacker.order_of_loss)
        assert army.after(cas.lost, cas.damaged) == rung


def test_a_sea_battle_with_subs_is_not_linear_and_still_answers():
    setup = setup_of(request_of("revised", "dice", "sea", {"submarine": 2, "fighter": 1}, {"destroyer": 1, "submarine": 1}))
    with pytest.raises(ladder.NotLinear):
        ladder.Ladder(setup, "attacker", Army(setup.attacker.units), Army(setup.defender.units), 1e-13)
    assert ends_of(setup).method == "exact"


def test_a_20_unit_sea_battle_is_exact_now_not_monte_carlo():
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "lowluck"}, "kind": "sea",
                       "attacker": {"units": {"submarine": 6, "destroyer": 4, "fighter": 4}},
                       "defender": {"units": {"submarine": 3, "destroyer": 2, "battleship": 1}}})
    assert result["method"] == "exact" and "samples" not in result and "method_reason" not in result
    assert result["pruned"] < 1e-9


def test_a_sea_battle_beyond_the_fleet_limit_falls_back_to_monte_carlo_and_says_why(monkeypatch):
    # The limit is 60 units a side (op.MAX_FLEET_UNITS); lowered here so the 2,000 battles stay quick.
    from pycore.calc import method as op
    monkeypatch.setattr(op, "MAX_FLEET_UNITS", 5)
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "lowluck"}, "kind": "sea",
                       "attacker": {"units": {"submarine": 2, "destroyer": 2, "fighter": 2}},
                       "defender": {"units": {"submarine": 1, "destroyer": 1, "battleship": 1}}})
    assert result["method"] == "monte_carlo" and result["samples"] == 2000
    assert "6 units" in result["method_reason"] and "5 a side" in result["method_reason"]
    lo, hi = result["intervals"]["attacker_wins"]
    assert lo <= result["outcome"]["attacker_wins"] <= hi and hi - lo < 0.05


def test_retreat_at_units_ends_the_battle_when_the_attacker_is_down_to_that_many():
    base = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
            "attacker": {"units": {"infantry": 3}}, "defender": {"units": {"infantry": 3}}}
    result = calc.run({**base, "retreat_at_units": 1})
    # Hand check: the attacker never fights on with 1 unit or fewer, so he never loses all 3 without retreating
    # — except when he loses them all in one round (then there is nobody to retreat).
    assert result["outcome"]["retreat"] > 0.3
    assert result["survivors_count"]["attacker"].get("2", 0) > 0
    plain = calc.run(base)
    assert result["outcome"]["defender_wins"] < plain["outcome"]["defender_wins"]


def test_keep_land_takes_an_aircraft_before_the_last_land_unit():
    base = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
            "attacker": {"units": {"tank": 1, "fighter": 2}}, "defender": {"units": {"infantry": 2}}}
    plain, kept = calc.run(base), calc.run({**base, "keep_land": True})
    assert kept["takes_territory"] > plain["takes_territory"]
    assert kept["outcome"]["attacker_wins"] == pytest.approx(plain["outcome"]["attacker_wins"], abs=1e-9)


def test_from_round_two_the_aa_gun_does_not_fire():
    base = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
            "attacker": {"units": {"fighter": 2}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}}
    first, later = calc.run(base), calc.run({**base, "round": 2})
    # 2 fighters (3) v 1 infantry (2), dice. Without AA, per round: hits a (1 - (1/2)^2) = 3/4, d 1/3.
    # From round 2 the AA gun no longer fires, so the attacker does better than from round 1.
    assert later["outcome"]["attacker_wins"] > first["outcome"]["attacker_wins"]
    assert later["link"] != first["link"]


def test_damaged_battleship_needs_one_hit():
    base = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"}, "kind": "sea",
            "attacker": {"units": {"battleship": 1}}, "defender": {"units": {"destroyer": 1}}}
    fresh = calc.run(base)
    hurt = calc.run({**base, "attacker": {"units": {"battleship": 1}, "damaged": {"battleship": 1}}})
    assert hurt["outcome"]["defender_wins"] > fresh["outcome"]["defender_wins"]


@pytest.mark.parametrize("change, field", [
    ({"retreat_at_units": -1}, "retreat_at_units"),
    ({"keep_land": "yes"}, "keep_land"),
    ({"round": 0}, "round"),
    ({"attacker": {"units": {"infantry": 1}, "damaged": {"infantry": 1}}}, "attacker.damaged.infantry"),
    ({"attacker": {"units": {"battleship": 1}, "damaged": {"battleship": 2}}, "kind": "sea"},
     "attacker.damaged.battleship"),
])
def test_bad_options_name_their_field(change, field):
    from pycore.api import handle_object
    request = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}, **change}
    if change.get("kind") == "sea":
        request["defender"] = {"units": {"destroyer": 1}}
    got = handle_object(request)
    assert not got["ok"] and got["error"]["field"] == field, got


def test_calc_link_round_trips():
    from pycore.api import handle_object
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
                       "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}},
                       "retreat_at_units": 1})
    decoded = handle_object({"op": "share", "decode": result["link"]})
    assert decoded["ok"] and decoded["result"]["request"]["retreat_at_units"] == 1
    assert decoded["result"]["request"]["op"] == "calc"


def test_chess_calc_takes_the_carried_fractions_and_names_the_variant():
    base = {"op": "calc", "ruleset": "classic", "system": {"name": "chess", "variant": "cof"},
            "attacker": {"units": {"infantry": 3}}, "defender": {"units": {"infantry": 3}}}
    plain, carried = calc.run(base), calc.run({**base, "carry": {"attacker": 4, "defender": -2}})
    assert plain["system"] == {"name": "chess", "variant": "cof"}
    assert carried["link"] != plain["link"]
    # COF: 3 infantry attack 3 (no sure hit); with 4 carried in, the first assault totals 7, one hit more.
    assert carried["cost_lost"]["defender"] >= plain["cost_lost"]["defender"]


def test_monte_carlo_rolls_any_die_the_engine_asks_for():
    from pycore.engine.table import SeededTable
    assert all(1 <= face <= 10 for face in SeededTable("s").dice(1, "defender", "aa", 20, sides=10))


@pytest.mark.parametrize("battle", [b for b in BATTLES if "aa_gun" in b[4]], ids=lambda b: f"{b[0]}-{b[1]}")
def test_a_stack_of_pairs_gives_what_each_pair_gives_alone(battle, monkeypatch):
    # The AA gun's outcomes give one attacker ladder each against one defender ladder: settled as a Stack,
    # the Horner fold runs once for all of them. Settled one pair at a time (a stack of one), the same ends.
    setup = setup_of(request_of(*battle))
    stacked = ends_of(setup)
    calls = []
    settle = ladder.Stack.settle
    monkeypatch.setattr(ladder.Stack, "settle", lambda self, *args: calls.append(len(self.pairs)) or sum(
        settle(ladder.Stack([pair]), *args) for pair in self.pairs))
    alone = ends_of(setup)
    assert calls and calls[0] >= 2
    for key in set(stacked.ends) | set(alone.ends):
        assert stacked.ends.get(key, 0) == pytest.approx(alone.ends.get(key, 0), abs=1e-15)
    assert stacked.rounds == pytest.approx(alone.rounds, abs=1e-13)

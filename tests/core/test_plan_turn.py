"""Op ``plan_turn`` (docs/api.md; docs/rules.md §9.5): its reading, its refusals and its link.

The best split itself is checked against the independent referee's brute force in
tests/referee/test_turn_agreement.py; here, what a player gets for bad input, a turn too big to work, the
estimate alone, exact fractions, a sea battle and the link that holds the turn.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.core.helpers import call, error, ok

TURN = {"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "dice"},
        "available": {"infantry": 2, "tank": 1},
        "battles": [{"name": "Karelia", "defender": {"units": {"infantry": 1}}, "territory_value": 3},
                    {"defender": {"units": {"infantry": 2}}, "territory_value": 2}]}


def with_(**changes):
    return {**TURN, **changes}


@pytest.mark.parametrize("request_, field", [
    (with_(available={"infantry": -1}), "available.infantry"),
    (with_(available={"zeppelin": 1}), "available.zeppelin"),
    (with_(available={}), "available"),
    (with_(battles=[]), "battles"),
    (with_(battles=[{"defender": {"units": {"infantry": 1}}}] * 7), "battles"),
    (with_(battles=[{"defender": {"units": {"infantry": 1}}, "attacker": {"units": {"tank": 1}}}]), "battles[0].attacker"),
    (with_(battles=[{"defender": {"units": {"infantry": 1}}, "target": 1.5}]), "battles[0].target"),
    (with_(battles=[{"kind": "sea", "defender": {"units": {"destroyer": 1}}, "target": 0.5}]), "battles[0].target"),
    (with_(battles=[{"defender": {"units": {"battleship": 1}}}]), "battles[0].defender.units.battleship"),
    (with_(battles=[{"defender": {"units": {"infantry": 1}}, "territory_value": -2}]), "battles[0].territory_value"),
    (with_(system={"name": "chess"}), "system"),
    (with_(side="neutral"), "side"),
    (with_(side="defender", battles=[{"attacker": {"units": {"tank": 1}}, "defender": {"units": {"destroyer": 1}}}]),
     "battles[0].defender.units.destroyer"),
])
def test_bad_input_is_refused_naming_the_field(request_, field):
    got = error(request_)
    assert got["type"] == "bad_request" and got["field"] == field, got


def test_a_turn_too_big_to_work_is_refused_before_any_work_in_words():
    big = with_(available={"infantry": 30, "artillery": 20, "tank": 20, "fighter": 10},
                battles=[{"defender": {"units": {"infantry": 20}}}] * 3)
    got = error(big)
    assert got["type"] == "too_big" and "armies" in got["message"] and "fewer" in got["message"]
    assert got["message"].startswith("this turn is too big to work out here")


REAL_TURN = with_(available={"infantry": 8, "artillery": 3, "tank": 4, "fighter": 3},
                 battles=[{"defender": {"units": {"infantry": 3}}, "territory_value": 3},
                          {"defender": {"units": {"infantry": 2, "artillery": 1}}, "territory_value": 2},
                          {"defender": {"units": {"infantry": 4, "tank": 1}}, "territory_value": 4}])
"""18 units over three territories: 2,160 armies. Each battle fought by the whole pool, times its 720 armies, is
10.8 s modelled and the split's tries 0.7 s, over the 10 s budget; each army priced by its own estimate (a small
battle's modelled work at the rate measured on turns), 3.0 s (docs/rules.md §9.5 "Limits"). It was refused before
that; it is worked in about 1 s of CPython."""


def test_a_turn_the_envelope_puts_over_the_budget_is_priced_army_by_army_and_answered():
    from pycore.calc import turn
    from pycore.read.turn import read_turn
    read = read_turn(REAL_TURN)
    assert turn.count(read) == 2160
    guess = ok({**REAL_TURN, "estimate": True})["estimate"]
    # Its seconds are each runtime's own (Pyodide's twice CPython's: docs/api.md "Cost budget"); the budget is not.
    assert guess["within_budget"] and guess["words"].startswith("up to "), guess
    # Every army of the first battle, every fit of the second in what may be left, the last's armies once each.
    assert turn.split_tries(read) == 9 * 4 * 5 * 4 + 45 * 10 * 15 * 10 + 9 * 4 * 5 * 4
    got = ok(REAL_TURN)
    assert got["armies"] == 2160 and len(got["assignments"]) == 3


def test_the_estimate_alone_and_the_link_that_holds_the_turn():
    got = ok(with_(estimate=True))
    assert set(got) == {"estimate", "link"} and got["estimate"]["within_budget"]
    decoded = ok({"op": "share", "decode": got["link"]})["request"]
    assert decoded["op"] == "plan_turn" and decoded["battles"][0]["name"] == "Karelia"
    assert ok(decoded)["swing"] == ok(TURN)["swing"]


def test_exact_fractions_are_the_floats_exactly_rounded():
    got = ok(with_(exact=True))
    assert float(Fraction(got["exact_swing"])) == got["swing"]
    assert sum(Fraction(a["exact_swing"]) for a in got["assignments"]) == Fraction(got["exact_swing"])


def test_a_sea_battle_takes_ships_and_aircraft_not_land_units():
    got = ok(with_(available={"destroyer": 1, "fighter": 1, "infantry": 1},
                   battles=[{"kind": "sea", "defender": {"units": {"submarine": 1}}}]))
    assert "infantry" not in got["assignments"][0]["units"] and got["home"].get("infantry") == 1


def test_the_defender_holds_with_the_pool_added_to_those_there():
    got = ok({"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "lowluck"}, "side": "defender",
              "available": {"infantry": 2},
              "battles": [{"attacker": {"units": {"tank": 2}}, "territory_value": 4},
                          {"attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 3}},
                           "territory_value": 1}]})
    assert got["side"] == "defender" and all("holds" in a for a in got["assignments"])
    # Three infantry already hold against one: the pool's two go where the tanks come (a hand check: with no
    # defender the tanks take the 4-IPC territory for sure, a swing of -4).
    assert got["assignments"][0]["units"] == {"infantry": 2}


def test_the_envelope_never_raises():
    envelope = call({"op": "plan_turn"})
    assert not envelope["ok"] and envelope["error"]["field"] == "ruleset"


def test_a_budget_caps_the_cost_of_the_units_used():
    """docs/rules.md §9.5: with money to place, the units used (1942-2e: infantry 3, tank 6 IPCs) cost at most
    the budget in all; without it the same turn uses more."""
    turn = with_(available={"infantry": 3, "tank": 1}, battles=[{"defender": {"units": {"infantry": 1}},
                                                                  "territory_value": 10}])
    free = ok(turn)
    capped = ok({**turn, "budget": 6})
    cost = {"infantry": 3, "tank": 6}
    spend = lambda got: sum(cost[u] * n for a in got["assignments"] for u, n in a["units"].items())
    assert spend(free) > 6 >= spend(capped) > 0
    assert error({**turn, "budget": -1})["field"] == "budget"


@pytest.mark.parametrize("system", ["dice", "lowluck"])
def test_the_last_battle_worked_for_every_part_of_the_pool_chooses_as_trying_every_army(system):
    """docs/rules.md §9.5: with no budget the last battle's best army is worked out once for every part of the
    pool; a budget no split can reach (10,000 IPCs) tries every army that fits instead. Both choose alike — the
    greatest swing, then the cheaper units, then the first army listed — ties included (two territories alike
    and Low Luck's equal chances make many)."""
    battles = [{"defender": {"units": {"infantry": 1}}, "territory_value": 2},
               {"defender": {"units": {"infantry": 2}}, "territory_value": 3},
               {"defender": {"units": {"infantry": 1}}, "territory_value": 2}]
    turn = with_(system={"name": system}, available={"infantry": 3, "artillery": 1, "tank": 2, "fighter": 1},
                 battles=battles)
    free, capped = ok(turn), ok({**turn, "budget": 10_000})
    assert free["assignments"] == capped["assignments"] and free["swing"] == capped["swing"]
    assert free["home"] == capped["home"] and free["armies"] == capped["armies"] == 3 * 4 * 2 * 3 * 2


def test_a_tie_in_the_last_battle_keeps_the_first_army_listed_either_way():
    """An AA gun alone is taken by any land unit at no loss (docs/rules.md §2 "AA guns alone"): one artillery and
    one mech infantry (4 IPCs each, 1940 2e) are a tie there, and the first army listed wins it — the mech
    infantry alone, counted before the artillery alone (the artillery's count is the first coordinate) — whether
    the last battle is worked for every part of the pool or every army is tried (a budget)."""
    turn = with_(ruleset="1940-2e", available={"artillery": 1, "mech_infantry": 1},
                 battles=[{"defender": {"units": {"infantry": 6}}, "territory_value": 0},
                          {"defender": {"units": {"aa_gun": 1}}, "territory_value": 1}])
    for asked in (turn, {**turn, "budget": 10_000}):
        got = ok(asked)
        assert [a["units"] for a in got["assignments"]] == [{}, {"mech_infantry": 1}], got
        assert got["home"] == {"artillery": 1} and got["assignments"][1]["takes"] == 1.0

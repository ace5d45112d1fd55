"""Take and hold at sea, and several counter-attacks in turn (docs/rules.md §9.2; docs/api.md "Take and hold").

Golden values are worked by hand in each test's docstring (1942-2e, dice: a destroyer attacks and defends at 2,
a submarine defends at 1, a fighter attacks at 3, a battleship takes two hits and defends at 4, a lone transport
is lost at once). Small plans of every kind are checked against the referee (tests/referee/plan.py), which
learns the hold from docs/rules.md on its own.
"""

from __future__ import annotations

import pytest

from tests.referee.compare_plan import differences, exact_differences

from .helpers import error, ok

SEA = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
       "attacker": {"units": {"destroyer": 1}}, "defender": {"units": {"submarine": 1}},
       "counter": {"attacker": {"units": {"fighter": 1}}}}
LAND = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
        "attacker": {"units": {"infantry": 2, "fighter": 1}}, "defender": {"units": {"infantry": 1}},
        "counters": [{"attacker": {"units": {"infantry": 1, "fighter": 1}}}, {"attacker": {"units": {"tank": 1}}}],
        "territory_value": 3}
LONE_TRANSPORT = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "exact": True,
                  "defender": {"units": {"transport": 1}}, "counter": {"attacker": {"units": {"destroyer": 1}}}}


def test_a_destroyer_holds_the_zone_it_cleared_against_a_fighter_by_hand():
    """Destroyer (2) v submarine (1; no surprise strike against a destroyer): a round hits 2/6 and 1/6, so of the
    rounds that decide (1 − 4/6·5/6 = 4/9) the destroyer wins 2/6·5/6 ÷ 4/9 = 5/8 and holds the zone. The fighter
    (3) against it (2): 1 − 3/6·4/6 = 2/3 decide; the fighter wins 3/6·4/6 ÷ 2/3 = 1/2, both go down 3/6·2/6 ÷ 2/3
    = 1/4, the destroyer wins 1/4. Held: 5/8 · 1/4 = 5/32; the zone lost again 5/8 · 3/4 = 15/32."""
    got = ok({**SEA, "exact": True})
    assert got["exact_takes_territory"] == "5/8"
    assert got["exact_holds"] == "5/32"
    assert got["counter"]["fights"] == pytest.approx(5 / 8)
    assert got["counter"]["retakes"] == pytest.approx(15 / 32)
    assert got["counter"]["outcome"]["draw"] == pytest.approx(5 / 32)


def test_a_damaged_battleship_stays_damaged_into_the_counter_attack_by_hand():
    """A damaged battleship sinks the lone transport (a sure win), then a destroyer (2) attacks it (4). Damaged:
    4/6·4/6 ÷ (1 − 2/6·4/6) = 4/7. Repaired (``repair_between_waves``): it wins at once with 4/9 + 2/9 (a hit
    that sinks the destroyer, whatever it takes), goes to one hit left 1/9, again 2/9: (6/9 + 1/9·4/7) ÷ 7/9 = 46/49
    (the same number docs/rules.md §1 gives for the Big World battleship)."""
    damaged = {**LONE_TRANSPORT, "attacker": {"units": {"battleship": 1}, "damaged": {"battleship": 1}}}
    assert ok(damaged)["exact_holds"] == "4/7"
    assert ok({**damaged, "repair_between_waves": True})["exact_holds"] == "46/49"


def test_only_the_fighters_a_carrier_carries_hold_the_zone():
    """A carrier carries two fighters: a third fighter and a bomber fly home and do not defend the zone, so the
    hold against the counter-attack is that of the carrier and two fighters (the transport is a sure win)."""
    counter = {"attacker": {"units": {"fighter": 2, "destroyer": 1}}}
    two = ok({**LONE_TRANSPORT, "counter": counter, "exact": False,
              "attacker": {"units": {"carrier": 1, "fighter": 2}}})
    more = ok({**LONE_TRANSPORT, "counter": counter, "exact": False,
               "attacker": {"units": {"carrier": 1, "fighter": 3, "bomber": 1}}})
    assert two["holds"] == pytest.approx(more["holds"], abs=1e-12)
    left = two["counter"]["survivors_count"]["defender"]
    assert left == pytest.approx(more["counter"]["survivors_count"]["defender"], abs=1e-12) and max(map(int, left)) == 3
    none = ok({**LONE_TRANSPORT, "counter": counter, "exact": False, "attacker": {"units": {"carrier": 1}}})
    assert none["holds"] < two["holds"]


def test_aircraft_alone_hold_nothing_at_sea():
    """A fighter sinks the lone transport but holds no zone: nothing is taken, no counter-attack is fought."""
    got = ok({**LONE_TRANSPORT, "attacker": {"units": {"fighter": 1}}})
    assert got["takes_territory"] == 0 and got["holds"] == 0
    assert got["counter"]["fights"] == 0


def test_one_counter_in_counters_is_the_counter():
    request = {k: v for k, v in SEA.items() if k != "counter"}
    listed = ok({**request, "counters": [SEA["counter"]]})
    alone = ok(SEA)
    assert listed == alone and "counters" not in alone


def test_a_second_counter_attack_fights_what_the_first_left():
    """Each counter-attack's fights are the hold after the one before, and the hold only shrinks."""
    got = ok(LAND)
    first, second = got["counters"]
    assert got["counter"]["fights"] == pytest.approx(first["fights"])
    assert second["fights"] == pytest.approx(first["holds"])
    assert got["holds"] == pytest.approx(second["holds"]) and got["holds"] < first["holds"]
    decoded = ok({"op": "share", "decode": got["link"]})["request"]
    assert [c["attacker"]["units"] for c in decoded["counters"]] == [{"infantry": 1, "fighter": 1}, {"tank": 1}]


SMALL = [
    pytest.param(SEA, id="sea-destroyer"),
    pytest.param({**SEA, "ruleset": "revised", "system": {"name": "lowluck"},
                  "attacker": {"units": {"battleship": 1, "carrier": 1, "fighter": 3, "bomber": 1}},
                  "defender": {"units": {"destroyer": 2}}, "counter": None,
                  "counters": [{"attacker": {"units": {"submarine": 2}}},
                               {"attacker": {"units": {"destroyer": 1, "fighter": 1}}}]}, id="sea-carrier-two"),
    pytest.param({**SEA, "ruleset": "anniversary", "system": {"name": "biased"},
                  "attacker": {"units": {"battleship": 1, "transport": 1}}, "defender": {"units": {"cruiser": 1}},
                  "waves": [{"attacker": {"units": {"submarine": 1}}}], "repair_between_waves": True,
                  "counter": {"attacker": {"units": {"cruiser": 1}}, "defender": {"order_of_loss": ["battleship"]}}},
                 id="sea-waves-repair"),
    pytest.param(LAND, id="land-two"),
    pytest.param({**LAND, "ruleset": "revised", "defender": {"units": {"infantry": 1, "aa_gun": 1}},
                  "counters": [{"attacker": {"units": {"fighter": 1}}}, {"attacker": {"units": {"infantry": 1}}},
                               {"attacker": {"units": {"artillery": 1}}}]}, id="land-three-guns"),
    pytest.param({"op": "calc", "ruleset": "1940-2e", "system": {"name": "dice"}, "kind": "amphibious",
                  "attacker": {"units": {"infantry": 1, "tank": 1, "cruiser": 1}},
                  "defender": {"units": {"infantry": 1}},
                  "counters": [{"attacker": {"units": {"infantry": 1}}}, {"attacker": {"units": {"tactical_bomber": 1}}}]},
                 id="amphibious-two"),
]


@pytest.mark.parametrize("request_", SMALL)
def test_small_holds_agree_with_the_referee(request_):
    request_ = {k: v for k, v in request_.items() if v is not None and k != "op"}
    worst, rows, method = differences(request_)
    assert method == "exact" and not rows, rows[:6]
    assert exact_differences(request_) == []


@pytest.mark.parametrize("change, field, words", [
    ({"counters": [{"attacker": {"units": {"tank": 1}}}]}, "counters", "not both"),
    ({"counter": None, "counters": []}, "counters", "at least one"),
    ({"counter": None, "counters": [{"attacker": {"units": {"fighter": 1}}}, {"attacker": {"units": {"tank": 1}}}]},
     "counters[1].attacker.units.tank", "tank"),
    ({"counter": {"attacker": {"units": {"infantry": 1}}}}, "counter.attacker.units.infantry", "infantry"),
    ({"counter": None, "counters": [SEA["counter"]] * 5}, "counters", "at most 4"),
])
def test_bad_counter_attacks_name_the_field(change, field, words):
    request = {k: v for k, v in {**SEA, **change}.items() if v is not None}
    got = error(request)
    assert got["type"] == "bad_request" and got["field"] == field and words in got["message"], got


def test_each_counter_attack_is_estimated():
    """The cost estimate counts every counter-attack: a second one costs more than none."""
    one = ok({**LAND, "estimate": True, "counters": LAND["counters"][:1]})
    two = ok({**LAND, "estimate": True})
    assert two["estimate"]["seconds"] > one["estimate"]["seconds"]


def test_a_simulated_plan_holds_at_sea_and_in_turn(monkeypatch):
    """The Monte Carlo path (:mod:`pycore.calc.plan_sample`), a few hundred plans: it sorts the ends as the exact
    plan does, so its holds are within a few spreads of the exact ones."""
    from pycore.calc import plan_sample
    from pycore.read.calc import read_calc
    monkeypatch.setattr(plan_sample, "SAMPLES", 400)
    for request in (SEA, LAND):
        request = {k: v for k, v in request.items() if k != "op"}
        plan = read_calc(request).options["plan"]
        from pycore.calc import summary
        got = summary.counter(plan, plan_sample.sample(plan, "test"), False)
        exact = ok({**request, "op": "calc"})
        assert got["holds"] == pytest.approx(exact["holds"], abs=4 * (0.25 / 400) ** 0.5)
        assert len(got["counters"]) == len(plan.counters)


def test_the_profit_rule_weighs_every_counter_attack():
    """docs/rules.md §9.3: with T = 0 the profit rule is the best rule there is, so its exchange (both
    counter-attacks in) is worth at least that of every "retreat at N units" rule."""
    plan = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "territory_value": 4,
            "attacker": {"units": {"infantry": 3, "tank": 1}}, "defender": {"units": {"infantry": 3}},
            "counters": [{"attacker": {"units": {"infantry": 2, "tank": 1}}}, {"attacker": {"units": {"tank": 2}}}]}
    best = ok({**plan, "retreat_profit": 0})["retreat_value"]["with_rules"]
    for n in range(5):
        assert best >= ok({**plan, "retreat_at_units": n})["exchange"]["cost_swing"] - 1e-9


def test_the_cheapest_fleet_to_hold_the_zone():
    """``recommend`` with the goal "holds" at sea. One destroyer holds 5/32 (above); one cruiser (3 v the sub's 1:
    of 1 − 3/6·5/6 = 7/12 it wins 3/6·5/6 ÷ 7/12 = 5/7) then meets the fighter at 3 v 3 and keeps the zone 1/3 of the
    time: 5/21 ≈ 0.24. Neither reaches 0.3; two destroyers (16 IPCs) are the cheapest that do."""
    got = ok({**SEA, "recommend": {"available": {"destroyer": 2, "cruiser": 1}, "goal": "holds", "target": 0.3}})
    assert got["recommend"]["cheapest"]["units"] == {"destroyer": 2}
    cruiser = ok({**SEA, "attacker": {"units": {"cruiser": 1}}, "exact": True})
    assert cruiser["exact_holds"] == "5/21"

"""Order of loss: cheapest first by default (docs/rules.md §2), editable, never more than the side has."""

from pycore.engine.army import Army
from pycore.engine.casualties import allocate
from pycore.engine.firing import Group
from pycore.forces import Force, default_order_of_loss, full_order
from pycore.rulesets import find_ruleset
from tests.core.helpers import ok
from tests.core.test_support import setup_for


def test_cheapest_first_default():
    revised = find_ruleset("revised")
    order = default_order_of_loss(revised, "attacker")
    assert order.index("infantry") < order.index("artillery") < order.index("tank") < order.index("fighter") < order.index("bomber")


def test_equal_cost_loses_the_weaker_unit_first():
    # 1940-2e: artillery and mech infantry both cost 4; attacking, mech infantry (1) goes before artillery (2).
    order = default_order_of_loss(find_ruleset("1940-2e"), "attacker")
    assert order.index("mech_infantry") < order.index("artillery")


def test_player_order_comes_first_then_cheapest():
    classic = find_ruleset("classic")
    order = full_order(classic, ["fighter"], "defender")
    assert order[0] == "fighter" and order[1] == "infantry" and sorted(order) == sorted(u.id for u in classic)


def test_casualties_follow_the_order_and_stop_at_the_force():
    classic = find_ruleset("classic")
    army = Army(Force.of(classic, {"infantry": 2, "tank": 1, "fighter": 1}))
    order = default_order_of_loss(classic, "defender")
    setup = setup_for(classic)
    main = Group("attacker", "main", (1,), (), frozenset({"infantry", "tank", "fighter"}), ())
    assert allocate(setup, army, [(main, 3)], order).lost == {"infantry": 2, "tank": 1}
    assert allocate(setup, army, [(main, 9)], order).lost == {"infantry": 2, "tank": 1, "fighter": 1}
    assert allocate(setup, army, [(main, 0)], order).lost == {}


def test_custom_order_in_a_battle():
    result = ok({"op": "resolve", "ruleset": "revised", "system": {"name": "lowluck"},
                 "attacker": {"units": {"tank": 2}},
                 "defender": {"units": {"infantry": 1, "fighter": 1}, "order_of_loss": ["fighter"]},
                 "dice": [{}]})  # 6 v 6 in Low Luck: one sure hit each, no die
    assert result["rounds"][0]["defender"]["casualties"] == {"fighter": 1}

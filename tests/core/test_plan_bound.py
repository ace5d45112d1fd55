"""A plan surely within the budget, told without its estimate (docs/api.md "Cost budget", "Plan of attack").

``plan_cost.bound`` sums a plan's battles as ``plan_cost.estimate`` does, each bounded from its counts by
``ladder_cost.work_bound`` (held above the ladder's model by tests/core/test_ladder_work.py); where the sum is
at most ``FAR_UNDER`` the ``calc`` op answers the plan without working its estimate. That is only the same
answer if the bound is never below the estimate: checked here on random plans (the models are cheap: nothing
is fought), and a plan answered both ways is the same text.
"""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.api import handle
from pycore.calc import ladder_cost, plan_cost
from pycore.read.calc import read_calc

LAND = {"classic": ["infantry", "tank", "fighter", "bomber"],
        "1942-2e": ["infantry", "artillery", "tank", "fighter", "bomber"],
        "1940-2e": ["infantry", "artillery", "mech_infantry", "tank", "fighter", "tactical_bomber", "bomber"]}
SHIPS = {"classic": ["battleship"], "1942-2e": ["battleship", "cruiser"], "1940-2e": ["battleship", "cruiser"]}


def counts(draw, types, most):
    chosen = draw(st.lists(st.sampled_from(types), min_size=1, max_size=4, unique=True))
    return {uid: draw(st.one_of(st.integers(1, 6), st.integers(1, most))) for uid in chosen}


@st.composite
def plans(draw):
    """A land or amphibious plan of dice or Low Luck (aircraft, AA guns, bombardment: where the ladder's grids and
    opening states come from), 1 to 3 waves with reinforcements, a counter-attack or two, no rule of the
    attacker's."""
    ruleset = draw(st.sampled_from(sorted(LAND)))
    units = LAND[ruleset]
    kind = draw(st.sampled_from(["land", "amphibious"]))
    attacker = counts(draw, units, 40)
    defender = counts(draw, [u for u in units if u != "bomber"], 40)
    if draw(st.booleans()):
        defender["aa_gun"] = draw(st.integers(1, 3))
    if kind == "amphibious":
        attacker[draw(st.sampled_from(SHIPS[ruleset]))] = draw(st.integers(1, 40))
    request = {"op": "calc", "ruleset": ruleset, "system": {"name": draw(st.sampled_from(["dice", "lowluck"]))},
               "kind": kind, "attacker": {"units": attacker}, "defender": {"units": defender},
               "waves": [{"attacker": {"units": counts(draw, units, 20)}} for _ in range(draw(st.integers(0, 2)))]}
    for wave in request["waves"]:
        if draw(st.booleans()):
            wave["reinforce"] = {"units": counts(draw, [u for u in units if u != "bomber"], 10)}
    held = draw(st.integers(0, 2))
    if held == 1:
        request["counter"] = {"attacker": {"units": counts(draw, units, 30)}}
    elif held == 2:
        request["counters"] = [{"attacker": {"units": counts(draw, units, 30)}} for _ in range(2)]
    if not request["waves"] and not held:
        request["waves"] = [{"attacker": {"units": counts(draw, units, 20)}}]
    return request


@settings(max_examples=150, deadline=None)
@given(plans())
def test_a_plan_surely_within_is_within_its_estimate(request):
    """Where the op skips the estimate (``surely_within``), the estimate was within the budget: no refusal and
    no Monte Carlo was skipped with it; and the plan's bound is over its estimate whenever it is read."""
    plan = read_calc(request).options["plan"]
    guess = plan_cost.estimate(plan, False)
    assert plan_cost.bound(plan) >= guess.seconds
    if plan_cost.surely_within(plan, False):
        assert guess.seconds <= plan_cost.FAR_UNDER and guess.method == "ladder"


def test_far_under_is_under_the_ladders_own_budget():
    """A plan within ``FAR_UNDER`` has each battle within the ladder's own budget: the ladder's, not Monte Carlo's."""
    setup = read_calc({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "land",
                       "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}}).setup
    assert ladder_cost.ladder(setup).budget >= plan_cost.FAR_UNDER


def test_a_plan_answers_the_same_without_its_estimate(monkeypatch):
    """Two waves, and a take and hold (each surely within): the op's text is the same as when the estimate is
    worked and checked first."""
    asks = [{"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "land",
             "attacker": {"units": {"infantry": 6, "artillery": 2}},
             "defender": {"units": {"infantry": 8, "artillery": 2, "tank": 1}},
             "waves": [{"attacker": {"units": {"tank": 3, "fighter": 2}}}]},
            {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "land",
             "attacker": {"units": {"infantry": 4, "artillery": 2, "tank": 2}},
             "defender": {"units": {"infantry": 5, "aa_gun": 1}},
             "counter": {"attacker": {"units": {"infantry": 4, "tank": 2, "fighter": 1}}}}]
    for ask in asks:
        assert plan_cost.surely_within(read_calc(ask).options["plan"], False)
    quick = [handle(json.dumps(ask)) for ask in asks]
    monkeypatch.setattr(plan_cost, "surely_within", lambda plan, exact: False)
    assert [handle(json.dumps(ask)) for ask in asks] == quick


def test_a_small_plan_is_fought_with_no_model_worked(monkeypatch):
    """Two small waves: no ladder model is worked (neither the plan's estimate nor wave 1's method), unless
    the request asks for the estimate itself."""
    calls = []
    ladder = ladder_cost.ladder
    monkeypatch.setattr(ladder_cost, "ladder", lambda setup, *args: calls.append(args) or ladder(setup, *args))
    ask = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "land",
           "attacker": {"units": {"infantry": 3, "artillery": 1}}, "defender": {"units": {"infantry": 4, "tank": 1}},
           "waves": [{"attacker": {"units": {"tank": 2, "fighter": 1}}}]}
    assert json.loads(handle(json.dumps(ask)))["ok"] and calls == []
    assert json.loads(handle(json.dumps({**ask, "estimate": True})))["result"]["estimate"]["method"] == "ladder"
    assert len(calls) == 2

"""The land ladder's cost model against what the ladder counts it does (issue 34, docs/api.md "Cost budget").

The ladder counts its work as it goes (``pycore/calc/ladder/work.py``: states
settled × law widths, rungs built, opening states, "retreat below"'s backward
pass); ``ladder_cost.ladder`` models the same units from the battle's counts alone,
before any work. For random land and amphibious battles within the documented
limits — AA guns under dice and Low Luck, bombardment, retreat rules, a round
limit, "odds from here" — the count must stay within twice the model. Work,
not time, is what is compared: the same on every machine.

Only battles the model puts under ``RUN_BELOW`` units are run here (seconds of
CI); by hand, ``LUCKDIAL_LADDER_EXAMPLES=2000 LUCKDIAL_LADDER_RUN_BELOW=80000000``
runs more of them up to the whole budget (bench/README.md gives a run).
"""

import os

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from pycore.calc import cost, ladder, ladder_cost
from pycore.calc.method import ends_of, plan
from pycore.read.calc import read_calc

RUN_BELOW = int(os.environ.get("LUCKDIAL_LADDER_RUN_BELOW", 3_000_000))
"""Units of modelled work (about 0.3 s of CPython) up to which a drawn battle is fought here."""
EXAMPLES = int(os.environ.get("LUCKDIAL_LADDER_EXAMPLES", 120))

LAND = {"classic": ["infantry", "tank", "fighter", "bomber"],
        "revised": ["infantry", "artillery", "tank", "fighter", "bomber"],
        "anniversary": ["infantry", "artillery", "tank", "fighter", "bomber"],
        "1942-2e": ["infantry", "artillery", "tank", "fighter", "bomber"],
        "1940-2e": ["infantry", "artillery", "mech_infantry", "tank", "fighter", "tactical_bomber", "bomber"],
        "big-world-1942": ["infantry", "artillery", "tank", "fighter", "bomber"]}
SHIPS = {"classic": ["battleship"], "revised": ["battleship"], "anniversary": ["battleship", "cruiser"],
         "1942-2e": ["battleship", "cruiser"], "1940-2e": ["battleship", "cruiser"], "big-world-1942": ["battleship"]}


def counts(draw, types, most):
    """Up to four types, each 1 to ``most`` (small counts drawn as often as big ones)."""
    chosen = draw(st.lists(st.sampled_from(types), min_size=1, max_size=4, unique=True))
    return {uid: draw(st.one_of(st.integers(1, 6), st.integers(1, most))) for uid in chosen}


LADDER_MOST = int(os.environ.get("LUCKDIAL_LADDER_MOST", 120))
"""The most of one unit type a drawn battle has (raise it for a long run by hand)."""


@st.composite
def battles(draw, most=LADDER_MOST):
    """A land or amphibious battle of dice or Low Luck, with the options a land calculation takes."""
    ruleset = draw(st.sampled_from(sorted(LAND)))
    kind = draw(st.sampled_from(["land", "land", "amphibious"]))
    attacker = counts(draw, LAND[ruleset], most)
    defender = counts(draw, [u for u in LAND[ruleset] if u != "bomber"] + ["fighter"], most)
    if draw(st.booleans()):
        defender["aa_gun"] = draw(st.integers(1, 3))
    if kind == "amphibious":
        for ship in SHIPS[ruleset]:
            if draw(st.booleans()):
                attacker[ship] = draw(st.integers(1, most))
    request = {"op": "calc", "ruleset": ruleset, "system": {"name": draw(st.sampled_from(["dice", "lowluck"]))},
               "kind": kind, "attacker": {"units": attacker}, "defender": {"units": defender}}
    option = draw(st.sampled_from(["none", "none", "retreat_below", "retreat_at_units", "rounds", "round", "keep_land"]))
    if option == "retreat_below" and kind == "land":
        request["retreat_below"] = draw(st.sampled_from([0.1, 0.3, 0.5, 0.9]))
    elif option == "retreat_at_units" and kind == "land":
        request["retreat_at_units"] = draw(st.integers(0, 20))
    elif option == "keep_land" and kind == "land":
        request["keep_land"] = True
    elif option == "rounds":
        request["rounds"] = draw(st.sampled_from([1, 2, 3, 5, 10, 30, 100]))
    elif option == "round":
        request["round"] = draw(st.integers(2, 5))
    return request


def counted_and_modelled(request) -> tuple[int | None, cost.Estimate]:
    """The ladder's count of its work on this battle (None: another method answered) and the model's."""
    asked = read_calc(request)
    setup, rounds, exact, options = asked.setup, asked.rounds, asked.exact, asked.options
    estimate = plan(setup, exact, options, rounds)
    if estimate.method != "ladder" or estimate.work > RUN_BELOW:
        return None, estimate
    return ends_of(setup, rounds, exact, options).work, estimate


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(battles())
def test_the_ladder_counts_at_most_twice_the_work_its_model_gives(request):
    work, estimate = counted_and_modelled(request)
    note(f"model {estimate.work:,} units, counted {work}")
    if work is not None:
        assert work <= 2 * estimate.work, (request, work, estimate)


def test_the_issue_battle_at_100_a_side_is_modelled_as_the_ladders_the_aa_gun_starts():
    """Issue 34: 100 infantry + 100 bombers v 100 infantry + an AA gun, dice. Each number of bombers shot
    down (about 50 kept of 101, the rest rarer than 1e-13) starts a ladder of its own: the old model read
    one grid (0.83 s); the count is dozens of grids, and the model says so."""
    request = {"op": "calc", "ruleset": "classic", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 100, "bomber": 100}},
               "defender": {"units": {"infantry": 100, "aa_gun": 1}}}
    setup = read_calc(request).setup
    grids, states = ladder_cost.opening_ways(setup)
    assert 45 <= grids <= 60 and states == grids            # no bombardment: one opening state a ladder
    work, estimate = ends_of(setup, None, False, {}).work, ladder_cost.ladder(setup)
    assert estimate.work / 2 <= work <= 2 * estimate.work


def test_aircraft_lost_first_share_one_ladder():
    """Bombers only: every number shot down leaves an army that is a rung of the first ladder."""
    request = {"op": "calc", "ruleset": "classic", "system": {"name": "dice"},
               "attacker": {"units": {"bomber": 100}}, "defender": {"units": {"infantry": 100, "aa_gun": 1}}}
    setup = read_calc(request).setup
    assert ladder_cost.opening_ways(setup)[0] == 1


def test_the_ladder_gives_way_at_its_bound():
    request = {"op": "calc", "ruleset": "classic", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 60, "tank": 60}}, "defender": {"units": {"infantry": 120}}}
    setup = read_calc(request).setup
    from pycore.calc.chain import Chain
    from pycore.calc.method import FLOOR, TAIL
    from pycore.engine.army import Army
    from pycore.forces import Force
    a, d = Army(setup.attacker.units), Army(setup.defender.units)
    opening = Chain(setup, tail=TAIL, floor=FLOOR).opening({(a, d, Force(()), Force(())): 1.0})
    try:
        ladder.solve(setup, opening, TAIL, FLOOR, work=ladder.Work(10_000))
    except ladder.TooMuchWork as stopped:
        assert stopped.done > 10_000
    else:
        raise AssertionError("a bound of 10,000 units let a 120 v 120 battle finish")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(battles(most=200))
def test_the_bound_that_spares_a_small_battle_its_model_is_never_below_the_model(request):
    """``ladder_cost.work_bound`` lets a battle skip its model (``method.Ladder.quick``) where it is within the
    chain's bound: it must hold the model's work whatever the opening (AA guns, bombardment), the retreat rule or
    the round limit, or a battle the model would send to Monte Carlo would be solved instead. Models only (no
    battle is fought): cheap at any size."""
    asked = read_calc(request)
    setup, rounds, options = asked.setup, asked.rounds, asked.options
    retreat = options.get("retreat")
    below = retreat is not None and retreat.below is not None
    bound = ladder_cost.work_bound(setup, below, rounds)
    for opening in (True, False):
        model = ladder_cost.ladder(setup, below, opening, rounds).work
        note(f"model {model:,}, bound {bound:,.0f}")
        assert model <= bound, (request, model, bound)


def test_a_small_battle_is_answered_without_its_model_and_a_big_one_with_it(monkeypatch):
    """The model is asked only where the bound cannot show the battle within the budget (a 10 v 10 is thousands
    of times under it; 150 infantry and 150 bombers against 150 infantry and an AA gun are not), and the answer
    is the same either way (the bound changes only whether the model is worked out)."""
    calls = []
    model = ladder_cost.ladder
    monkeypatch.setattr(ladder_cost, "ladder", lambda setup, *args: calls.append(setup) or model(setup, *args))
    small = read_calc({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
                       "attacker": {"units": {"infantry": 5, "artillery": 2, "tank": 3}},
                       "defender": {"units": {"infantry": 8, "artillery": 1, "tank": 1}}}).setup
    quick = ends_of(small, None, False, {})
    assert calls == []
    monkeypatch.setattr(ladder_cost, "surely_within", lambda *args: False)
    slow = ends_of(small, None, False, {})
    assert calls == [small] and slow.ends == quick.ends and slow.rounds == quick.rounds
    monkeypatch.undo()
    big = read_calc({"op": "calc", "ruleset": "classic", "system": {"name": "dice"},
                     "attacker": {"units": {"infantry": 150, "bomber": 150}},
                     "defender": {"units": {"infantry": 150, "aa_gun": 1}}}).setup
    assert not ladder_cost.surely_within(big)

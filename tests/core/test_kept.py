"""What the calculator keeps from one calculation to the next, exact to the last bit and bounded: the land ladders
(pycore/calc/ladder/kept.py), counted as built afresh, and the sea chain's ends of a round (calc/fleet, ``Ending``).

A kept ladder must hold the very floats a new one would (each rung's law is built from the rungs below it alone),
whether it was kept whole or took its lower rungs from another kept ladder; the work a calculation counts
(ladder/work.py) must not depend on what an earlier calculation left behind, or a battle near the bound would
be answered differently the second time it is asked.
"""

import json

import pytest

from pycore.api import handle
from pycore.calc import fleet
from pycore.calc.ladder import Ladder, Work, kept
from pycore.calc.method import TAIL
from pycore.engine.army import Army
from tests.core.calc_oracle import setup_of

A = {"infantry": 6, "artillery": 2, "tank": 3, "fighter": 1}
D = {"infantry": 7, "artillery": 1, "tank": 1, "aa_gun": 1}


def battle(system="dice", attacker=A, defender=D):
    return {"ruleset": "1942-2e", "system": {"name": system}, "kind": "land",
            "attacker": {"units": attacker}, "defender": {"units": defender}}


@pytest.fixture(autouse=True)
def nothing_kept():
    kept.forget()
    yield
    kept.forget()


def fresh(setup, role, army, enemy):
    work = Work(None)
    return Ladder(setup, role, army, enemy, TAIL, False, {}, work), work.done


def same(one: Ladder, other: Ladder) -> None:
    assert one.armies == other.armies
    assert one.laws == other.laws and one.cut == other.cut
    assert one.steps == other.steps and one.silent == other.silent and one.chances == other.chances


@pytest.mark.parametrize("system", ["dice", "lowluck"])
def test_a_ladder_taking_its_lower_rungs_from_a_kept_one_is_the_ladder_built_afresh(system):
    setup = setup_of(battle(system))
    big = Army(setup.attacker.units)
    enemy = Army(setup.defender.units)
    kept.ladder(setup, "attacker", big, enemy, TAIL, False, {}, Work(None))
    small = Army(setup.attacker.units.minus({"infantry": 2, "artillery": 1}))
    work = Work(None)
    got = kept.ladder(setup, "attacker", small, enemy, TAIL, False, {}, work)
    want, want_work = fresh(setup, "attacker", small, enemy)
    same(got, want)
    assert work.done == want_work          # counted as built afresh, though its rungs were the big one's
    assert kept.counts["rungs shared"] > 0


def test_a_kept_ladder_counts_the_work_of_a_new_one_against_the_calculation_s_own_rungs():
    setup = setup_of(battle())
    army, enemy = Army(setup.attacker.units), Army(setup.defender.units)
    first, second = Work(None), Work(None)
    kept.ladder(setup, "attacker", army, enemy, TAIL, False, {}, first)
    again = kept.ladder(setup, "attacker", army, enemy, TAIL, False, {}, second)
    assert kept.counts["hits"] == 1 and second.done == first.done == fresh(setup, "attacker", army, enemy)[1]
    known = {("attacker", again.armies[3]): (again, 3)}   # the calculation already has rung 3 on: 3 rungs its own
    third = Work(None)
    kept.ladder(setup, "attacker", army, enemy, TAIL, False, known, third)
    afresh = Work(None)
    Ladder(setup, "attacker", army, enemy, TAIL, False, known, afresh)
    assert third.done == afresh.done < second.done


def test_a_different_order_of_loss_or_system_is_another_ladder():
    one = setup_of(battle())
    other = setup_of({**battle(), "attacker": {"units": A, "order_of_loss": ["tank", "infantry", "artillery",
                                                                               "fighter"]}})
    enemy = Army(one.defender.units)
    kept.ladder(one, "attacker", Army(one.attacker.units), enemy, TAIL, False, {}, Work(None))
    got = kept.ladder(other, "attacker", Army(other.attacker.units), enemy, TAIL, False, {}, Work(None))
    same(got, fresh(other, "attacker", Army(other.attacker.units), enemy)[0])
    low = setup_of(battle("lowluck"))
    got = kept.ladder(low, "attacker", Army(low.attacker.units), enemy, TAIL, False, {}, Work(None))
    same(got, fresh(low, "attacker", Army(low.attacker.units), enemy)[0])
    assert kept.counts["hits"] == 0


def test_the_kept_ladders_stay_within_their_bound(monkeypatch):
    monkeypatch.setattr(kept, "KEPT_CELLS", 300)
    for n in range(4, 30, 3):
        handle(json.dumps({"op": "calc", **battle(attacker={"infantry": n, "tank": 2})}))
        assert kept._held[0] <= 300 or len(kept._KEPT) == 1
    kept_rungs = {army for rungs in kept._RUNGS.values() for army in rungs}
    for ladder, _ in kept._KEPT.values():
        assert ladder.armies[0] in kept_rungs
    assert sum(len(rungs) for rungs in kept._RUNGS.values()) <= sum(len(lad.armies) for lad, _ in kept._KEPT.values())


@pytest.mark.parametrize("request_", [
    battle(), battle("lowluck"),
    {**battle(), "waves": [{"attacker": {"units": {"tank": 3, "fighter": 2}}}]},
    {**battle(), "counter": {"attacker": {"units": {"infantry": 5, "tank": 2}}}},
], ids=["dice", "lowluck", "two waves", "take and hold"])
def test_an_answer_asked_again_is_the_same_to_the_last_byte(request_):
    text = json.dumps({"op": "calc", **request_})
    first = handle(text)
    assert kept.counts["misses"] > 0
    again = handle(text)
    assert kept.counts["hits"] > 0
    kept.forget()
    assert handle(text) == again == first


SEA = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
       "attacker": {"units": {"submarine": 2, "destroyer": 1, "cruiser": 1, "fighter": 1}},
       "defender": {"units": {"submarine": 1, "destroyer": 2, "carrier": 1, "fighter": 1, "transport": 1}}}


def test_a_sea_battle_of_a_kept_shape_reads_the_ends_of_its_rounds_and_answers_as_afresh():
    fleet._ENDINGS.clear()
    smaller = {**SEA, "attacker": {"units": {"submarine": 1, "destroyer": 1, "cruiser": 1, "fighter": 1}}}
    handle(json.dumps(SEA))
    kept_before = sum(map(len, fleet._ENDINGS.values()))
    with_kept = handle(json.dumps(smaller))
    assert sum(map(len, fleet._ENDINGS.values())) < 2 * kept_before    # most type sets were met already
    fleet._ENDINGS.clear()
    assert handle(json.dumps(smaller)) == with_kept


def test_the_sea_chain_s_kept_ends_of_a_round_stay_within_their_bound(monkeypatch):
    monkeypatch.setattr(fleet, "MAX_ENDINGS", 5)
    fleet._ENDINGS.clear()
    handle(json.dumps(SEA))
    handle(json.dumps({**SEA, "sub_rule": "printed"}))
    assert sum(map(len, fleet._ENDINGS.values())) <= 5


def test_an_answer_does_not_depend_on_the_ladders_earlier_calculations_left():
    """A plan whose defender is reinforced fights later waves on several defender ladders, and the ladders kept
    from an earlier calculation (a turn over the same ruleset) may hold the same armies as one object where a
    fresh calculation holds two equal ones. The ends were once summed by the armies' identity, so this plan's
    answer moved in its last bit with what had been asked before it (0.4984087172067367 fresh, ...3663 after
    the turn); they are summed by value, in the order they are reached (docs/rules.md §9)."""
    plan = {"op": "calc", **battle(attacker={"infantry": 5, "artillery": 2, "tank": 1},
                                   defender={"infantry": 6, "artillery": 1, "tank": 1}),
            "waves": [{"attacker": {"units": {"tank": 3}}, "reinforce": {"units": {"infantry": 2}}}],
            "repair_between_waves": True}
    turn = {"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "dice"},
            "available": {"infantry": 3, "artillery": 1, "tank": 1, "fighter": 1},
            "battles": [{"name": "Karelia", "defender": {"units": {"infantry": 2}}, "territory_value": 3},
                        {"defender": {"units": {"infantry": 1, "artillery": 1}}, "territory_value": 2, "target": 0.6}]}
    fresh_answer = handle(json.dumps(plan))
    kept.forget()
    assert json.loads(handle(json.dumps(turn)))["ok"]
    assert handle(json.dumps(plan)) == fresh_answer

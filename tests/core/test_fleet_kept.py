"""The sea chain's sides kept from one calculation to the next (pycore/calc/fleet/kept.py): exact to the last bit,
its work the calculation's own, bounded, and forgotten by the bench's ``--first``.

A kept side holds the names, walks and laws along walks a new side of the same start would build (they read
only the ruleset, the sub rule, the role, its order of loss and the start), so a battle answered with kept sides
must give the very bytes it gives afresh — asked again, after a round (its start met by the kept side), beside
an enemy that changed — and the work it counts (which decides where the chain gives way) must not depend on what
an earlier calculation left behind.
"""

import importlib.util
import json
from pathlib import Path

import pytest

from pycore.api import handle
from pycore.calc import fleet
from pycore.calc.fleet import kept
from pycore.calc.method import FLOOR, TAIL
from pycore.engine.army import Army
from pycore.forces import Force
from tests.core.calc_oracle import setup_of

SEA = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
       "attacker": {"units": {"submarine": 2, "destroyer": 1, "cruiser": 1, "battleship": 1, "fighter": 1}},
       "defender": {"units": {"submarine": 2, "destroyer": 1, "carrier": 1, "fighter": 2}}}
AFTER_A_ROUND = {**SEA, "attacker": {"units": {"submarine": 1, "destroyer": 1, "cruiser": 1, "battleship": 1,
                                               "fighter": 1}, "damaged": {"battleship": 1}},
                 "defender": {"units": {"submarine": 1, "destroyer": 1, "carrier": 1, "fighter": 2}}}
"""SEA after a round: the attacker's battleship took the first hit (a two-hit unit absorbs first) and a sub the
second, the defender lost a sub: armies the kept sides of SEA have met."""


@pytest.fixture(autouse=True)
def nothing_kept():
    kept.forget()
    yield
    kept.forget()


def afresh(request):
    kept.forget()
    return handle(json.dumps(request))


@pytest.mark.parametrize("request_", [SEA, {**SEA, "system": {"name": "lowluck"}}, {**SEA, "sub_rule": "printed"}],
                         ids=["dice", "lowluck", "printed"])
def test_a_sea_battle_asked_again_reads_its_kept_sides_and_answers_to_the_last_byte(request_):
    first = handle(json.dumps(request_))
    assert kept.counts == {"hits": 0, "misses": 2}
    again = handle(json.dumps(request_))
    assert kept.counts == {"hits": 2, "misses": 2}
    assert again == first == afresh(request_)


@pytest.mark.parametrize("rule", ["subs_first", "printed"])
def test_a_battle_after_a_round_is_worked_on_the_sides_that_met_its_start_and_answers_as_afresh(rule):
    handle(json.dumps({**SEA, "sub_rule": rule}))
    sides = dict(kept._KEPT)
    after = handle(json.dumps({**AFTER_A_ROUND, "sub_rule": rule}))
    assert kept.counts["hits"] == 2 and dict(kept._KEPT) == sides      # both sides served by SEA's
    assert after == afresh({**AFTER_A_ROUND, "sub_rule": rule})


def test_a_changed_enemy_keeps_the_other_side_and_the_answer():
    handle(json.dumps(SEA))
    more = {**SEA, "defender": {"units": {**SEA["defender"]["units"], "cruiser": 1}}}
    got = handle(json.dumps(more))
    assert kept.counts == {"hits": 1, "misses": 3}
    assert got == afresh(more)


def test_the_work_a_calculation_counts_is_its_own():
    """The fleet's caches, where work is counted, are built afresh each time; a kept side only spares the walks
    (a joint placement of the printed rule counted once per calculation, as a new side would)."""
    for rule in ("subs_first", "printed"):
        setup = setup_of({**SEA, "sub_rule": rule})
        start = {role: Army(Force.of(setup.ruleset, SEA[role]["units"])) for role in ("attacker", "defender")}
        kept.forget()
        fresh = fleet.solve(setup, start, TAIL, FLOOR)
        warm = fleet.solve(setup, start, TAIL, FLOOR)
        assert kept.counts["hits"] == 2
        assert warm["work"] == fresh["work"] and warm["ends"] == fresh["ends"]


def test_a_kept_side_that_names_two_armies_alike_gives_way_to_a_new_side():
    """Should a kept side hold, under a name, an army other than the one this battle meets there (another
    battle's), the battle is worked afresh on new sides, as if nothing were kept."""
    handle(json.dumps(SEA))
    side = kept._KEPT[next(key for key in kept._KEPT if key[0][0] == "defender")]
    bogus = Army(Force((("battleship", 9),)))
    free = [n for n in range(side.size) if side.armies[n] is None]
    for n in free:
        side.armies[n] = bogus                  # every name not met yet now holds another army
    after = handle(json.dumps(AFTER_A_ROUND))
    assert after == afresh(AFTER_A_ROUND)


def test_the_kept_sides_stay_within_their_bound(monkeypatch):
    """After every calculation the least recently used sides go until the rest hold at most ``KEPT_CELLS``
    entries, even where that drops the battle's own; the answers stay as afresh."""
    handle(json.dumps(SEA))
    one = kept.held()
    answers = {}
    for bound in (10**9, one + one // 2, 1):
        monkeypatch.setattr(kept, "KEPT_CELLS", bound)
        kept.forget()
        for k in range(3):
            request = {**SEA, "defender": {"units": {**SEA["defender"]["units"], "transport": k}}}
            got = handle(json.dumps(request))
            assert answers.setdefault(k, got) == got
            assert kept.held() <= bound
        assert (0 < len(kept._KEPT) < 4) if bound == one + one // 2 else len(kept._KEPT) == {10**9: 4, 1: 0}[bound]


def test_the_bench_s_first_calls_forget_the_kept_sides():
    path = Path(__file__).resolve().parents[2] / "bench" / "fixed.py"
    spec = importlib.util.spec_from_file_location("bench_fixed", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    handle(json.dumps(SEA))
    assert kept._KEPT
    bench.forget_kept()
    assert not kept._KEPT and kept.held() == 0

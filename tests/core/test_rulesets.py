"""The rulesets are the data of docs/rules.md §1, cell by cell."""

import pytest

from pycore.errors import BadRequest
from pycore.rulesets import RULESETS, find_ruleset

IDS = ["classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942"]

# docs/rules.md §1, re-typed from the table (attack, defense, cost); None where the ruleset lacks the unit.
TABLE = {
    "tank": [(3, 2, 5), (3, 3, 5), (3, 3, 5), (3, 3, 6), (3, 3, 6), (3, 3, 5)],
    "fighter": [(3, 4, 12), (3, 4, 10), (3, 4, 10), (3, 4, 10), (3, 4, 10), (3, 4, 10)],
    "bomber": [(4, 1, 15), (4, 1, 15), (4, 1, 12), (4, 1, 12), (4, 1, 12), (4, 1, 14)],
    "transport": [(0, 1, 8), (0, 1, 8), (0, 0, 7), (0, 0, 7), (0, 0, 7), (0, 1, 8)],
    "submarine": [(2, 2, 8), (2, 2, 8), (2, 1, 6), (2, 1, 6), (2, 1, 6), (2, 2, 8)],
    "destroyer": [None, (3, 3, 12), (2, 2, 8), (2, 2, 8), (2, 2, 8), (2, 2, 8)],
    "cruiser": [None, None, (3, 3, 12), (3, 3, 12), (3, 3, 12), (3, 3, 10)],
    "carrier": [(1, 3, 18), (1, 3, 16), (1, 2, 14), (1, 2, 14), (0, 2, 16), (1, 1, 14)],
    "battleship": [(4, 4, 24), (4, 4, 24), (4, 4, 20), (4, 4, 20), (4, 4, 20), (4, 4, 22)],
    "artillery": [None, (2, 2, 4), (2, 2, 4), (2, 2, 4), (2, 2, 4), (2, 2, 4)],
    "mech_infantry": [None, None, None, None, (1, 2, 4), None],
    "tactical_bomber": [None, None, None, None, (3, 3, 11), None],
    "infantry": [(1, 2, 3)] * 6,
}
AA_COST = [5, 5, 6, 5, 5, 5]
TWO_HITS = {"revised": {"battleship"}, "anniversary": {"battleship"}, "1942-2e": {"battleship"},
            "1940-2e": {"battleship", "carrier"},
            # seed 002, "Battleship": "Battleships have 2 hitpoints" (docs/rules.md §1)
            "big-world-1942": {"battleship"}}


def test_ids_are_the_fixed_six():
    assert [r.id for r in RULESETS] == IDS


@pytest.mark.parametrize("column, ruleset_id", enumerate(IDS))
def test_table_cells(column, ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    for unit_id, cells in TABLE.items():
        cell = cells[column]
        if cell is None:
            assert not ruleset.has(unit_id), unit_id
        else:
            unit = ruleset.unit(unit_id)
            assert (unit.attack, unit.defense, unit.cost) == cell, unit_id
    assert ruleset.unit("aa_gun").cost == AA_COST[column]
    assert {u.id for u in ruleset if u.hit_points == 2} == TWO_HITS.get(ruleset_id, set())


def test_unknown_ruleset_is_named():
    with pytest.raises(BadRequest, match='ruleset: must be one of .* got "axis"'):
        find_ruleset("axis")

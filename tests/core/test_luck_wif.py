"""WiF 67's luck (issue 33, docs/wif.md "Luck"): the rolled cell's percentile from the attacker's view.

10 : 10 is 1:1, modifier +2 (docs/wif.md, seed 004), no fractional die. 2D10 totals 2..20 have 1, 2, …, 10, …, 1
chances in 100, so row r = sum + 2. The cells in table order (distribution): rows 4–5 "3/-", 6 "§2/-", 7–8 "2/-",
9 "§1/-", 10–11 "1/-", 12 "§/-", …, 22 "§†/2S".
"""

import pytest

from .helpers import ok

ONE_TO_ONE = {"op": "wif", "attack": 10, "defense": 10, "fractional_odds": False, "table": "assault",
              "modifiers": []}


@pytest.mark.parametrize("dice, cell, exact", [
    ([1, 1], "3/-", "3/200"),       # rows 4–5 (sums 2, 3: 3 in 100) are one cell: ½ · 3/100
    ([1, 2], "3/-", "3/200"),       # the same cell, the same luck
    ([5, 5], "§/-", "81/200"),      # sums 2–9 below (36/100), sum 10 (9/100) split: 36/100 + 4.5/100
    ([10, 10], "§†/2S", "199/200"),  # the best cell (sum 20, 1/100): 99/100 + ½ · 1/100
])
def test_the_rolled_cells_percentile(dice, cell, exact):
    roll = ok({**ONE_TO_ONE, "dice": {"2d10": dice}})["roll"]
    assert roll["cell"] == cell
    assert roll["luck"]["exact_percentile"] == exact
    numerator, denominator = map(int, exact.split("/"))
    assert roll["luck"]["percentile"] == pytest.approx(numerator / denominator)


def test_a_seeded_roll_has_luck_and_no_roll_has_none():
    assert 0 < ok({**ONE_TO_ONE, "seed": "w"})["roll"]["luck"]["percentile"] < 1
    assert "roll" not in ok(ONE_TO_ONE)

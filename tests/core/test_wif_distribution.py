"""Exact distributions of the 2D10 CRT checked against a brute-force enumeration of every roll.

The oracle below shares no code with pycore.wif: it walks all 100 rolls of two
d10 (1–10) and, when the modifier has tenths, all 10 faces of the fractional
d10 (docs/rules.md §8: a roll at or under the tenths rounds up), clamps the total to
the seed's rows by hand, and reads the seed's table as pasted in test_wif_table.
"""

import math
from fractions import Fraction

import pytest

from pycore import dice
from tests.core.helpers import ok
from tests.core.test_wif_table import DECODED, SEED_ROWS

COLUMN = {"assault": 1, "blitz": 2}


def seed_cell(table, total):
    """The seed's cell for a modified total, with the seed's clamping done by hand."""
    if total < -1:
        total = -1
    label = "23+" if total >= 23 else str(total)
    for row in SEED_ROWS:
        if row[0] == label:
            return label, row[COLUMN[table]]
    raise AssertionError(label)


def enumerate_rolls(table, modifier, fractional=True):
    """{cell: Fraction} and {row: Fraction} over all 1000 equally likely (d10, d10, fraction d10)."""
    low = math.floor(modifier)
    tenths = (modifier - low) * 10 if fractional else 0
    cells, rows = {}, {}
    for a in range(1, 11):
        for b in range(1, 11):
            for f in range(1, 11):
                whole = low + (1 if tenths and f <= tenths else 0)
                row, cell = seed_cell(table, a + b + whole)
                cells[cell] = cells.get(cell, 0) + Fraction(1, 1000)
                rows[row] = rows.get(row, 0) + Fraction(1, 1000)
    return cells, rows


def wif(attack, defense, fractional, table, modifiers=(), **more):
    return ok({"op": "wif", "attack": attack, "defense": defense, "fractional_odds": fractional,
               "table": table, "modifiers": list(modifiers), "exact": True, **more})


CASES = [
    # (attack, defense, fractional, table, modifiers, total modifier worked out by hand from seed 004)
    (36.5, 10, True, "assault", [], Fraction(73, 10)),  # docs/api.md canonical: 3.65:1 → 7.3
    (36.5, 10, True, "blitz", [], Fraction(73, 10)),
    (36.5, 10, False, "assault", [], Fraction(6)),  # 3:1 level
    (1, 1, False, "blitz", [], Fraction(2)),
    (1, 100, False, "assault", [{"id": "blizzard"}], Fraction(-16)),  # ≤1:6 −10, blizzard −6
    (15.54, 1, True, "assault", [], Fraction(31)),  # seed: 15.54:1 → 31
    (5.5, 2, True, "blitz", [{"id": "rain"}, {"id": "hq_support_attacker", "reorganisation": 3}],
     Fraction(11, 2) - 2 + Fraction(3, 2)),  # 2.75:1 → 5.5; rain −2; HQ +1.5 → 5.0
    (7.7, 2, True, "assault", [{"id": "face_down_defender", "count": 2}, {"id": "city"},
                               {"id": "eng_attacking_city", "count": 3}],
     Fraction(77, 10) + 4 + 0),  # 3.85:1 → 7.7; +4; city −1 +3 capped at 0
    (2, 3, True, "blitz", [{"id": "blitz_armor_clear", "count": 3}, {"id": "custom", "value": -0.4}],
     Fraction(1) + 3 - Fraction(4, 10)),  # 2:3 level +1 (below 1:1 the table applies) → 3.6
    (4, 1, True, "assault", [{"id": "paratroops", "count": 3}], Fraction(8) + Fraction(3, 2)),
]
HALVED = {"paratroops"}  # cases run with attack_halved: 3 paratroops give +1.5, not +3 (seed 004, last note)


def extra(modifiers):
    return {"attack_halved": True} if any(mod["id"] in HALVED for mod in modifiers) else {}


@pytest.mark.parametrize("attack,defense,fractional,table,modifiers,total", CASES)
def test_exact_distribution_matches_every_roll_enumerated(attack, defense, fractional, table, modifiers, total):
    result = wif(attack, defense, fractional, table, modifiers, **extra(modifiers))
    assert Fraction(str(result["total_modifier"])) == total
    cells, rows = enumerate_rolls(table, total, fractional)
    assert {cell: Fraction(p) for cell, p in result["exact_distribution"].items()} == cells
    assert result["distribution"] == {cell: float(p) for cell, p in cells.items()}
    assert {row: Fraction(p).limit_denominator(1000) for row, p in result["rows"].items()} == rows
    assert sum(Fraction(p) for p in result["exact_distribution"].values()) == 1


@pytest.mark.parametrize("attack,defense,fractional,table,modifiers,total", CASES)
def test_handy_sums_match_the_enumeration(attack, defense, fractional, table, modifiers, total):
    result = wif(attack, defense, fractional, table, modifiers, extra_loss=True, **extra(modifiers))
    cells, _ = enumerate_rolls(table, total, fractional)

    def p(test):
        return sum((q for cell, q in cells.items() if test(DECODED[cell])), Fraction(0))

    losses = {cell: DECODED[cell][0] + (1 if DECODED[cell][1] else 0) for cell in cells}  # § applies
    summary = result["exact_summary"]
    assert Fraction(summary["p_attacker_loses_nothing"]) == sum(q for c, q in cells.items() if losses[c] == 0)
    assert Fraction(summary["p_defender_retreats_or_worse"]) == p(lambda d: d[4].value != "stay")
    assert Fraction(summary["p_defender_takes_a_loss"]) == p(lambda d: d[3] > 0)
    assert Fraction(summary["expected_attacker_losses"]) == sum(q * losses[c] for c, q in cells.items())
    assert Fraction(summary["expected_defender_losses"]) == sum(q * DECODED[c][3] for c, q in cells.items())


def test_canonical_request_mixes_the_two_whole_modifiers_3_to_7():
    # 7.3: the fractional d10 rounds up on 1–3 (docs/rules.md §8), so row 9 (2 + 7) has 1 roll in 100 × 7/10.
    result = wif(36.5, 10, True, "assault")
    assert result["fraction_roll"] == {"needed": True, "tenths": 3, "low": 7, "high": 8, "p_high": 0.3,
                                       "note": "roll a d10: 3 or less makes the modifier +8, otherwise +7"}
    assert result["exact_distribution"]["§1/-"] == "7/1000"
    assert result["rows"]["9"] == 0.007


def test_every_row_clamps_to_minus_1_at_the_bottom():
    # ≤1:6 (−10) and blizzard (−6): 2D10 of 2 … 15 gives −14 … −1, all read row −1; that is
    # 100 rolls less the 5 + 4 + 3 + 2 + 1 rolls of 16 … 20 = 85 of 100.
    result = wif(1, 100, False, "assault", [{"id": "blizzard"}])
    cells, rows = enumerate_rolls("assault", Fraction(-16), False)
    assert Fraction(result["exact_distribution"]["5/-"]) == rows["-1"] == Fraction(85, 100)
    assert result["rows"]["-1"] == 0.85
    assert result["rows"]["4"] == 0.01  # only 10 + 10


def test_every_row_clamps_to_23_plus_at_the_top():
    # 15.54:1 gives +31 (seed 004): the lowest total is 33, so every roll reads 23+.
    for table, cell in (("assault", "*/2S"), ("blitz", "*/2B")):
        result = wif(15.54, 1, True, table)
        assert result["exact_distribution"] == {cell: "1/1"}
        assert result["overrun_possible"] is True


def test_without_fractional_odds_a_half_is_rounded_down():
    # 3:1 (+6) and HQ support of reorganisation 3 (+1.5) = 7.5, rounded down to 7 (docs/wif.md).
    half = wif(3, 1, False, "assault", [{"id": "hq_support_attacker", "reorganisation": 3}])
    whole = wif(3, 1, False, "assault", [{"id": "hq_support_attacker", "reorganisation": 2}])
    assert half["total_modifier"] == 7.5
    assert half["fraction_roll"]["needed"] is False
    assert half["exact_distribution"] == whole["exact_distribution"]


def test_seeded_roll_uses_the_hmac_dice_and_reads_the_table():
    for seed in ("any text", "WiF", "a", "b", "c", "d"):
        result = wif(36.5, 10, True, "assault", seed=seed)
        roll = result["roll"]
        a, b = dice.roll(seed, "wif/2d10", 10, 2)
        f = dice.roll(seed, "wif/fraction", 10, 1)[0]
        whole = 7 + (1 if f <= 3 else 0)
        assert roll["dice"] == [a, b] and roll["fraction"] == f
        assert roll["modifier"] == whole and roll["total"] == a + b + whole
        assert (roll["row"], roll["cell"]) == seed_cell("assault", a + b + whole)
        assert roll["source"] == "seed"
        assert wif(36.5, 10, True, "assault", seed=seed)["roll"] == roll  # same seed, same dice


def test_own_dice_read_the_same_cell_as_the_enumeration_for_all_1000_rolls():
    request = {"op": "wif", "attack": 7.7, "defense": 2, "fractional_odds": True, "table": "blitz",
               "modifiers": [{"id": "rain"}]}  # 3.85:1 → 7.7, rain −2 → 5.7
    for a in range(1, 11):
        for b in range(1, 11):
            for f in range(1, 11):
                roll = ok({**request, "dice": {"2d10": [a, b], "fraction": f}})["roll"]
                whole = 5 + (1 if f <= 7 else 0)
                assert (roll["row"], roll["cell"]) == seed_cell("blitz", a + b + whole), (a, b, f)
                assert roll["source"] == "dice"

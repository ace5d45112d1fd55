"""The 2D10 CRT as data: every cell exactly as printed in seed 004, and every cell decoded."""

import pytest

from pycore.wif.table import COLUMNS, ROWS, Cell, DefenderFate, FaceDown, Table, row_for

# Seed 004 (listed in docs/rules.md §0), "OPTION 67: 2 DIE 10 LAND COMBAT RESULTS TABLE",
# pasted as printed (tab separated): an independent copy of the data under test.
SEED_TABLE = """\
-1	5/-	§4/-
0	§4/-	4/-
1	4/-	4/-
2	4/-	§3/-
3	§3/-	3/-
4	3/-	3/-
5	3/-	§2/-
6	§2/-	2/-
7	2/-	2/-
8	2/-	§1/-
9	§1/-	1/-
10	1/-	1/-
11	1/-	§/-
12	§/-	-/-
13	-/-	§1/1
14	§2/1	1/1
15	2/1	§/1
16	§1/1	1/R
17	1/1	†/R
18	-/1	†/R
19	§†1/2	†1/B
20	†1/2S	§†/B
21	†/1S	*/B
22	§†/2S	*/1B
23+	*/2S	*/2B"""

SEED_ROWS = [line.split("\t") for line in SEED_TABLE.splitlines()]

S, R, SH, B = DefenderFate.STAY, DefenderFate.RETREAT, DefenderFate.SHATTERED, DefenderFate.BREAKTHROUGH
ALL, HALF, NONE = FaceDown.ALL, FaceDown.HALF, FaceDown.NONE

# Every distinct cell, decoded by hand from seed 004's Notes:
# (attacker losses, § extra loss, face-down, defender losses, defender fate).
DECODED = {
    "5/-": (5, False, ALL, 0, S),
    "§4/-": (4, True, ALL, 0, S),
    "4/-": (4, False, ALL, 0, S),
    "§3/-": (3, True, ALL, 0, S),
    "3/-": (3, False, ALL, 0, S),
    "§2/-": (2, True, ALL, 0, S),
    "2/-": (2, False, ALL, 0, S),
    "§1/-": (1, True, ALL, 0, S),
    "1/-": (1, False, ALL, 0, S),
    "§/-": (0, True, ALL, 0, S),
    "-/-": (0, False, ALL, 0, S),
    "§2/1": (2, True, ALL, 1, S),
    "2/1": (2, False, ALL, 1, S),
    "§1/1": (1, True, ALL, 1, S),
    "1/1": (1, False, ALL, 1, S),
    "-/1": (0, False, ALL, 1, S),
    "§†1/2": (1, True, HALF, 2, S),
    "†1/2S": (1, False, HALF, 2, SH),
    "†/1S": (0, False, HALF, 1, SH),
    "§†/2S": (0, True, HALF, 2, SH),
    "*/2S": (0, False, NONE, 2, SH),
    "§/1": (0, True, ALL, 1, S),
    "1/R": (1, False, ALL, 0, R),
    "†/R": (0, False, HALF, 0, R),
    "†1/B": (1, False, HALF, 0, B),
    "§†/B": (0, True, HALF, 0, B),
    "*/B": (0, False, NONE, 0, B),
    "*/1B": (0, False, NONE, 1, B),
    "*/2B": (0, False, NONE, 2, B),
}


def test_rows_run_from_minus_1_to_23_plus_as_in_the_seed():
    assert list(ROWS) == [row for row, _, _ in SEED_ROWS]
    assert len(ROWS) == 25


@pytest.mark.parametrize("table,index", [(Table.ASSAULT, 1), (Table.BLITZ, 2)])
def test_every_cell_is_exactly_as_printed_in_the_seed(table, index):
    assert [cell.text for cell in COLUMNS[table].cells] == [row[index] for row in SEED_ROWS]


def test_every_distinct_cell_of_both_tables_has_a_hand_decoding():
    printed = {row[1] for row in SEED_ROWS} | {row[2] for row in SEED_ROWS}
    assert printed == set(DECODED)


@pytest.mark.parametrize("text", sorted(DECODED))
def test_every_cell_decodes_to_its_effects(text):
    cell = Cell.parse(text)
    assert (cell.attacker_losses, cell.extra_loss, cell.face_down, cell.defender_losses, cell.fate) == DECODED[text]
    assert cell.text == text
    assert Cell.parse(cell.text) == cell  # parse/text round trip


@pytest.mark.parametrize("text", sorted(DECODED))
def test_every_cell_has_a_plain_sentence_for_both_sides(text):
    cell = Cell.parse(text)
    words = cell.describe(False)
    attacker, defender, fate = DECODED[text][0], DECODED[text][3], DECODED[text][4]
    assert words.startswith("Attacker takes ")
    assert ("no loss" if attacker == 0 else f"{attacker} loss") in words.split(".")[0]
    assert ("Defender takes no loss" if defender == 0 else f"Defender takes {defender} loss") in words
    assert ("retreat" in words) == (fate is not S)
    assert ("reinforcements" in words) == (fate in (SH, B))
    assert ("breakthrough" in words) == (fate is B)
    assert "§" not in words or DECODED[text][1]


def test_extra_loss_counts_only_when_its_conditions_apply():
    cell = Cell.parse("§†1/2")
    assert cell.attacker_loss_count(True) == 2
    assert cell.attacker_loss_count(False) == 1
    assert "including the § extra loss" in cell.describe(True)
    assert "one more if the § conditions apply" in cell.describe(None)
    assert Cell.parse("1/1").attacker_loss_count(True) == 1


def test_face_down_words_follow_the_dagger_and_star():
    assert "not turned face-down" in Cell.parse("*/2S").describe(False)
    assert "Half the remaining attackers (round up) stay face-up" in Cell.parse("†/R").describe(False)
    assert "surviving attackers are turned face-down" in Cell.parse("1/1").describe(False)


@pytest.mark.parametrize("total,row", [
    (-40, "-1"), (-2, "-1"), (-1, "-1"), (0, "0"), (13, "13"), (22, "22"), (23, "23+"), (24, "23+"), (51, "23+"),
])
def test_totals_below_minus_1_read_minus_1_and_above_23_read_23_plus(total, row):
    # docs/rules.md §8: totals below −1 use −1, above 23 use 23+.
    assert row_for(total) == row


@pytest.mark.parametrize("bad", ["", "5", "x/-", "§§1/-", "1/Q", "1/-R", "†*1/1"])
def test_a_typo_in_the_table_data_fails_loudly(bad):
    with pytest.raises(ValueError):
        Cell.parse(bad)

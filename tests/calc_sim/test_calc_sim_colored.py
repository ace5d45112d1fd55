"""Coloured dice: the exact chain against 10,000 seeded battles of the coloured-dice engine
each (pycore.engine.colored.fight, what ``resolve`` fights), within 4 standard errors, on battles too big
for the brute-force enumeration of tests/core/test_colored_calc.py: land with artillery boosting on both
sides, sea with two-hit ships, carriers and lonely transports, and issue 15's mixed land battle of 40 a side.

Kept here because the referee (tests/referee) models dice and Low Luck only: for coloured dice this is the
only check of the chain against the engine on battles of this size. Removed by issue 32 (item 4), to keep
the suite within 15 minutes: ``land60`` (1940 2e, 55 infantry + 5 tanks v 58 infantry + 2 AA guns, about
two thirds of this file's time). Its rules are those of ``land8`` and ``mix40``; its size is held by
tests/core/test_colored_calc.py ``test_sixty_a_side_of_infantry_and_tanks_is_within_the_work_budget`` and
``test_sixty_a_side_of_five_kinds_is_exact_within_the_work_budget`` (exact, within the work budget).
10,000 battles each, not the 20,000 of the other files (``COLORED_BATTLES``), for the same reason: the coloured
engine fights about 1.5 ms a battle, and these three took 134 s of the full suite; the bound is 4 standard errors
of 10,000 battles (about ±0.02 on an even chance, where 20,000 gave ±0.014)."""

from __future__ import annotations

import pytest

from pycore.calc.method import compute
from pycore.engine.table import NO_DECISIONS, SeededTable
from pycore.engine.colored.fight import fight
from tests.calc_sim.agreement import agree
from tests.core.calc_oracle import _key, setup_of

COLORED_BATTLES = 10_000

COLORED = [
    ("1940-2e", "land", {"infantry": 4, "artillery": 2, "tank": 1, "fighter": 1},
     {"infantry": 5, "artillery": 1, "tank": 2}),
    ("1940-2e", "sea", {"submarine": 2, "destroyer": 2, "battleship": 1, "carrier": 1, "fighter": 2},
     {"submarine": 2, "destroyer": 1, "cruiser": 1, "carrier": 1, "fighter": 1, "transport": 2}),
    # Issue 15 item 3's mixed land battle (Revised, 40 v 40, artillery boosting on both sides, red's winner
    # and white's victim choosing from both ends): Monte Carlo answered it before 2026-11-24.
    ("revised", "land", {"infantry": 16, "artillery": 8, "tank": 10, "fighter": 4, "bomber": 2},
     {"infantry": 22, "artillery": 6, "tank": 8, "fighter": 3, "aa_gun": 1}),
]


@pytest.mark.parametrize("ruleset, kind, attacker, defender", COLORED, ids=["land8", "sea8", "mix40"])
def test_colored_calc_matches_seeded_coloured_battles(ruleset, kind, attacker, defender):
    request = {"ruleset": ruleset, "kind": kind, "system": {"name": "colored"},
               "attacker": {"units": attacker}, "defender": {"units": defender}}
    setup = setup_of(request)
    got = compute(setup)
    assert got["method"] == "exact"
    start = {role: setup.side(role).units.size for role in ("attacker", "defender")}
    counts: dict = {}
    for i in range(COLORED_BATTLES):
        key = _key(fight(setup, SeededTable(f"colored-{kind}-{i}", NO_DECISIONS)), start)
        counts[key] = counts.get(key, 0) + 1
    agree(got["joint"], counts, COLORED_BATTLES)

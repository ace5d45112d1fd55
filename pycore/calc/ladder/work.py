"""The ladder chain's count of its own work, and the bound where it gives way (docs/api.md "Cost budget").

Why: the cost model (``calc/cost.py``) estimates the work from the counts
before anything is done, but the chain's real work depends on how far the
battle's mass spreads. So the chain counts what it does, in the units below,
as it goes; ``ladder_cost.ladder`` models the same units, and a property test
(``tests/core/test_ladder_work.py``) checks that the count stays within twice
the model. Past :data:`WORK_BUDGET` the chain stops (:class:`TooMuchWork`) and
Monte Carlo answers, so no request runs far past the budget whatever the
model says.

The units (one is about 0.1 µs of CPython; ``ladder_cost.LADDER_UNIT_SECOND``):

* a state settled: its row's live columns × (the defender's law width + the
  attacker's at that row), plus :data:`ROW_WORK` a row — the packed folds,
  the row's own moves and the tables are each about that;
* a row of "retreat below"'s backward pass: the defender's rungs × both
  widths, plus :data:`ROW_WORK`, times :data:`BACKWARD_UNITS`;
* a rung built: :data:`RUNG_WORK` (the engine's ``allocate`` and
  ``main_groups``) plus its law's length;
* an opening state (a way the AA guns and bombardment can fall):
  :data:`OPENING_WORK` (the engine's steps) plus the defender's rungs × its
  law's width (round 1's fire spread onto its rows).
"""

from __future__ import annotations

WORK_BUDGET = 64_000_000
"""The most units one ladder calculation may count before it gives way to Monte Carlo: 3.2–7 s of CPython
(0.05–0.11 µs a unit), 10–13 s in Pyodide under Node (0.16–0.2 µs), so that the attempt and the Monte Carlo
after it (at most 16 s there) stay within 30 s (bench/README.md "cost.py"). Issue 34's 150 a side with an AA
gun counts 62 million."""
ROW_WORK = 300
RUNG_WORK = 1_500
OPENING_WORK = 3_000
BACKWARD_UNITS = 2
"""A cell of "retreat below"'s backward pass counts this many units (measured: twice the time of one settled)."""


class TooMuchWork(Exception):
    """The ladder chain counted more than its budget: the battle goes to Monte Carlo, or is refused."""

    def __init__(self, done: int):
        super().__init__(f"{done} units of work")
        self.done = done


class Work:
    """A running count of units against a budget; :meth:`add` raises :class:`TooMuchWork` past it."""

    __slots__ = ("done", "budget")

    def __init__(self, budget: int | None = WORK_BUDGET):
        self.done = 0
        self.budget = budget

    def add(self, units: int) -> None:
        self.done += units
        if self.budget is not None and self.done > self.budget:
            raise TooMuchWork(self.done)

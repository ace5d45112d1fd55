"""How fast this runtime works each calculator method, against the CPython the cost model was fitted on.

Why: the cost model (``cost.py``) is fitted on CPython; the page runs the same
code under Pyodide (WebAssembly), which is slower by a factor that differs by
method. Each method's factor was measured in Pyodide (``bench/cost.py
--pyodide``: the same requests, Node's CPU time against CPython's, each in a
process of its own). An estimate's ``seconds`` and ``words`` (what the page
shows, and what decides whether a link's calculation starts unasked) are
this runtime's: CPython's times the factor. What the core *does* is not: the
method it takes, the chains' bounds of work and Monte Carlo's count of
battles are in units every runtime shares, so a link gets the same answer in
the page and on the command line; bench/cost.py --pyodide shows that every
request still answers or refuses within 30 s there.
"""

from __future__ import annotations

import sys

PYODIDE = sys.platform == "emscripten"

_PYODIDE_SPEED = {"ladder": 2.0, "fleet": 1.8, "general": 2.0, "monte_carlo": 2.0, "colored": 1.6, "chess": 2.0}
"""Seconds in Pyodide per second of CPython: upper envelopes of Node's CPU time over CPython's on the same
requests, each in a process of its own (bench/README.md "cost.py"): the ladder 1.47–2.19, the sea chain
1.66–1.72, Monte Carlo 1.36–2.35, coloured dice 1.26–1.53; the general chain and A&A Chess answer in under
0.3 s, their factor the ladder's. Node counts its helper threads' CPU (the garbage collector's) too, and
runs Pyodide a little slower than Chromium (wall-clock there, noisier: 1.0–2.6 against CPython's wall)."""

SPEED = _PYODIDE_SPEED if PYODIDE else dict.fromkeys(_PYODIDE_SPEED, 1.0)
"""This runtime's seconds per second of the CPython the model was fitted on, by method."""

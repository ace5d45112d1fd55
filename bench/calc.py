"""Benchmark of the calculator (issue 4): the issue's two battles, dice, fought to the end.

Prints the milliseconds of ``pycore.calc`` (floats, pruning at 1e-13, the mass
pruned printed too) and of a naive baseline measured in the same run: the same
chain with no pruning at all (every hit count and every state kept, however
rare). Targets (CPython): 40 v 40 ≤ 50 ms, 150 v 150 ≤ 1.5 s.

    python3 bench/calc.py [--repeat N] [--no-baseline]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore.calc.chain import Chain, solve  # noqa: E402
from pycore.calc.op import FLOOR, TAIL  # noqa: E402
from pycore.engine.setup import parse_setup  # noqa: E402
from pycore.rulesets import find_ruleset  # noqa: E402
from pycore.systems import find_system  # noqa: E402

BATTLES = {
    "40 v 40 mixed land + AA": {
        "ruleset": "revised", "system": {"name": "dice"},
        "attacker": {"units": {"infantry": 16, "artillery": 8, "tank": 10, "fighter": 4, "bomber": 2}},
        "defender": {"units": {"infantry": 22, "artillery": 6, "tank": 8, "fighter": 3, "aa_gun": 1}},
    },
    "150 v 150 (100 inf + 40 art + 10 ftr v 100 inf + 40 art + 6 ftr + 3 AA)": {
        "ruleset": "revised", "system": {"name": "dice"},
        "attacker": {"units": {"infantry": 100, "artillery": 40, "fighter": 10}},
        "defender": {"units": {"infantry": 100, "artillery": 40, "fighter": 6, "aa_gun": 3}},
    },
}


def timed(setup, tail, floor):
    began = time.perf_counter()
    chain = Chain(setup, exact=False, tail=tail, floor=floor)
    solved = solve(chain)
    seconds = time.perf_counter() - began
    wins = sum(p for (outcome, _, _), p in solved["ends"].items() if outcome == "attacker_wins")
    return seconds, wins, chain.pruned


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    for name, request in BATTLES.items():
        setup = parse_setup(request, find_ruleset(request["ruleset"]), find_system(request["system"]))
        best = min((timed(setup, TAIL, FLOOR) for _ in range(args.repeat)), key=lambda r: r[0])
        line = f"{name}: calc {best[0] * 1e3:.1f} ms (best of {args.repeat}), P(attacker wins) {best[1]:.6f}, pruned {best[2]:.2e}"
        if not args.no_baseline:
            base = timed(setup, 0.0, 0.0)
            line += f"; baseline (no pruning) {base[0] * 1e3:.1f} ms, ratio {base[0] / best[0]:.2f}x, |diff| {abs(base[1] - best[1]):.1e}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

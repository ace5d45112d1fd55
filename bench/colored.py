"""Benchmark of the coloured-dice calculator (issue 15, item 3): exact up to the documented size.

    .venv/bin/python bench/colored.py [--only land|sea|infantry|tanks|mix] [--sizes 10,20,30,40,60] [--work]

For land and sea battles of 10 to 60 units a side (land: infantry, artillery,
tanks, fighters, bombers against infantry, artillery, tanks, fighters and an
AA gun; sea: subs, destroyers, cruisers, battleships, carriers and fighters
against the same and transports; 1940-2e, default chart and orders of loss),
60 infantry a side, 30 infantry + 30 tanks a side, and issue 15's mixed land
battle (Revised, 16 infantry + 8 artillery + 10 tanks + 4 fighters + 2 bombers
against 22 infantry + 6 artillery + 8 tanks + 3 fighters + an AA gun), prints
the ``calc`` op's method, its wall-clock time (first call in this process, so
the colours' laws are worked too) and the mass pruned; with ``--work``, the
chain's units of work (``colored.WORK_BUDGET`` bounds them), the pairs of
states it planned and its process time, run again with the bound lifted. The
baseline, measured in the same run: the same battle with dice (the land ladder
or the sea chain), printed as the ratio coloured / dice. The machine is
shared: the load average is printed too, and process time is less sensitive
to it than wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore.api import handle  # noqa: E402
from pycore.calc import colored  # noqa: E402


def land(n: int) -> tuple[str, dict, dict]:
    a = {"infantry": n * 4 // 10, "artillery": n * 2 // 10, "tank": n * 2 // 10, "fighter": n // 10}
    a["bomber"] = n - sum(a.values())
    d = {"infantry": 0, "artillery": n // 10, "tank": n * 2 // 10, "fighter": n // 10, "aa_gun": 1}
    d["infantry"] = n - sum(d.values())
    return "land", a, d


def sea(n: int) -> tuple[str, dict, dict]:
    a = {"submarine": 0, "destroyer": n * 2 // 10, "cruiser": n // 10, "battleship": n // 10,
         "carrier": n // 10, "fighter": n * 2 // 10}
    a["submarine"] = n - sum(a.values())
    d = {"submarine": 0, "destroyer": n * 2 // 10, "cruiser": n // 10, "battleship": n // 10,
         "carrier": n // 10, "fighter": n * 2 // 10, "transport": n // 10}
    d["submarine"] = n - sum(d.values())
    return "sea", a, d


def infantry(n: int) -> tuple[str, dict, dict]:
    return "land", {"infantry": n}, {"infantry": n}


def tanks(n: int) -> tuple[str, dict, dict]:
    half = {"infantry": n // 2, "tank": n - n // 2}
    return "land", half, dict(half)


KINDS = {"land": land, "sea": sea, "infantry": infantry, "tanks": tanks}
FIXED = {"infantry": [60], "tanks": [60]}
"""Kinds measured at one size only: 60 infantry a side; 30 infantry + 30 tanks a side (issue 15 item 3)."""
MIX = ("revised", "land", {"infantry": 16, "artillery": 8, "tank": 10, "fighter": 4, "bomber": 2},
       {"infantry": 22, "artillery": 6, "tank": 8, "fighter": 3, "aa_gun": 1})
"""Issue 15 item 3's mixed land battle, 40 v 40, Revised: measured as ``mix``."""


def timed(request: dict) -> tuple[float, dict]:
    began = time.perf_counter()
    got = json.loads(handle(json.dumps(request)))
    return time.perf_counter() - began, got


def work_of(ruleset: str, kind: str, a: dict, d: dict) -> tuple[int, int, float]:
    """The chain's units of work, pairs planned and process seconds, run again with the bound lifted (the
    colours' laws are then kept from the first run)."""
    from pycore.engine.setup import parse_setup
    from pycore.rulesets import find_ruleset
    from pycore.systems import find_system
    s = parse_setup({"attacker": {"units": a}, "defender": {"units": d}, "kind": kind},
                    find_ruleset(ruleset), find_system({"name": "colored"}))
    calc = colored._Exact(s, False)
    calc.budget = 10 ** 12
    began = time.process_time()
    colored._settle(calc, False)
    return calc.work, calc.pairs, time.process_time() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted([*KINDS, "mix"]))
    parser.add_argument("--sizes", default="10,20,30,40,60")
    parser.add_argument("--work", action="store_true", help="also count the work with the bound lifted (slow)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; WORK_BUDGET {colored.WORK_BUDGET:,} units")
    battles = []
    for name, make in KINDS.items():
        for n in FIXED.get(name) or [int(n) for n in args.sizes.split(",")]:
            battles.append((name, n, "1940-2e", *make(n)))
    battles.append(("mix", 40, *MIX))
    for name, n, ruleset, kind, a, d in battles:
        if args.only and name != args.only:
            continue
        request = {"op": "calc", "ruleset": ruleset, "kind": kind, "system": {"name": "colored"},
                   "attacker": {"units": a}, "defender": {"units": d}}
        seconds, got = timed(request)
        result = got["result"]
        base, _ = timed({**request, "system": {"name": "dice"}})
        extra = ""
        if args.work:
            work, pairs, cpu = work_of(ruleset, kind, a, d)
            extra = f", work {work:,} units, {pairs:,} pairs, {cpu:.1f} s of process time"
        print(f"{name} {n} v {n} ({ruleset}): {result['method']} in {seconds * 1000:.0f} ms "
              f"(dice {base * 1000:.0f} ms, ratio {seconds / base:.0f}x), attacker wins "
              f"{result['outcome']['attacker_wins']:.4f}, pruned {result['pruned']:.1e}{extra}"
              + (f"\n    {result['method_reason']}" if result.get("method_reason") else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

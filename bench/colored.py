"""Benchmark of the coloured-dice calculator (issue 15, item 3): exact up to the documented size.

    .venv/bin/python bench/colored.py [--only land|sea|infantry|tanks|mix] [--sizes 10,20,30,40,60] [--work]
    .venv/bin/python bench/colored.py --estimate [--sizes 5,10,20,30,40,60]

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

With ``--estimate``: the cost model's estimate (``colored_cost.colored_work``, what a
shared link reads before it starts: docs/api.md "Cost budget") against the
chain's counted work and process time, run with the bound lifted, for the
battles above and a spread of others (four rulesets, land and sea, one to
six kinds a side, lopsided, fighters and tactical bombers boosting white on
one or both sides, aircraft-heavy). The work's ratio to the model must stay
under 1 (an upper envelope); the estimate's seconds against the time measured
show how pessimistic it is. Battles the model puts over ``WORK_BUDGET`` are estimated
as the bounded attempt and then Monte Carlo (``method`` monte_carlo).
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
from pycore.calc.colored import chain as colored, cost as colored_cost  # noqa: E402


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


def boosting(units: dict, air: str = "fighter") -> dict:
    """A side whose ``air`` (fighters or tactical bombers) half roll yellow, half boost white (docs/rules.md §7)."""
    half = units[air] // 2
    return {"units": units, "colors": {"yellow": {"rolls": {air: units[air] - half}}, "white": {"boosts": {air: half}}}}


SPREAD = [
    ("revised", "land", {"infantry": 10, "artillery": 5, "tank": 5}, {"infantry": 12, "tank": 6, "fighter": 2}),
    ("1942-2e", "land", {"infantry": 20, "artillery": 10, "tank": 10, "fighter": 5, "bomber": 5},
     {"infantry": 30, "artillery": 5, "tank": 10, "fighter": 4, "aa_gun": 1}),
    ("classic", "land", {"infantry": 30, "tank": 20, "fighter": 5}, {"infantry": 10, "tank": 5}),
    ("classic", "land", boosting({"infantry": 14, "tank": 10, "fighter": 4}),
     boosting({"infantry": 16, "tank": 8, "fighter": 4})),
    ("1940-2e", "land", boosting({"infantry": 10, "artillery": 4, "tactical_bomber": 6}, "tactical_bomber"),
     boosting({"infantry": 12, "mech_infantry": 4, "tank": 4, "fighter": 6})),
    ("1940-2e", "land", {"infantry": 60}, {"infantry": 5, "tank": 5}),
    ("revised", "sea", {"submarine": 8, "destroyer": 6, "battleship": 4, "carrier": 2, "fighter": 4},
     {"submarine": 6, "destroyer": 8, "battleship": 2, "carrier": 3, "fighter": 6, "transport": 3}),
    ("1942-2e", "sea", {"submarine": 20, "destroyer": 10}, {"destroyer": 10, "cruiser": 5, "battleship": 3}),
    # Added 2026-11-24 (after the model of that day): aircraft over a third of each side with red dice on both
    # (the old model's under-estimate: 3.8 million units against 4.5 million counted), and one fighter among
    # infantry and tanks (red dice half of each side's enemy's).
    ("1940-2e", "land", {"mech_infantry": 8, "fighter": 5, "bomber": 5, "artillery": 5, "tactical_bomber": 3, "tank": 6},
     {"infantry": 2, "tactical_bomber": 3, "tank": 5, "fighter": 6, "bomber": 5}),
    ("1940-2e", "land", {"infantry": 20, "tank": 19, "fighter": 1}, {"infantry": 20, "tank": 19, "fighter": 1}),
]
"""Battles beyond bench's kinds for ``--estimate``: every ruleset, one to six kinds, lopsided, boosting air,
aircraft-heavy."""
TWO_BOOSTS = ("1940-2e", "land", boosting({"infantry": 24, "artillery": 12, "tank": 12, "fighter": 6, "bomber": 6}),
              boosting({"infantry": 35, "artillery": 6, "tank": 12, "fighter": 6, "aa_gun": 1}))
"""bench/cost.py's battle over the bound: 60 v 60, artillery and fighters boosting white on both sides."""


def estimates(sizes: list[int], work: bool) -> None:
    """The cost model's estimate against the chain's counted work and process time (``--estimate``)."""
    from pycore.calc.method import plan
    battles = [(f"{name} {n} v {n}", "1940-2e", *make(n)) for name, make in KINDS.items()
               for n in (FIXED.get(name) or sizes)]
    battles += [("mix 40 v 40", *MIX), ("two boosts 60 v 60", *TWO_BOOSTS)]
    battles += [(f"spread {i}", *battle) for i, battle in enumerate(SPREAD, 1)]
    worst = 0.0
    for name, ruleset, kind, a, d in battles:
        s = _setup(ruleset, kind, a, d)
        began = time.perf_counter()
        pairs, model = colored_cost.colored_work(s)
        took = time.perf_counter() - began
        guess = plan(s)
        line = (f"{name} ({ruleset}, {kind}): estimate {guess.method} {guess.seconds:.2f} s, model {model:,} units "
                f"({pairs:,} pairs, worked in {took * 1e6:.0f} µs)")
        if work:
            done, _, cpu = work_of(ruleset, kind, a, d)
            worst = max(worst, done / model)
            line += f"; chain {done:,} units (ratio {done / model:.3f}), {cpu:.2f} s of process time"
        print(line, flush=True)
    if work:
        print(f"highest work / model: {worst:.3f} (an upper envelope while under 1)")


def _setup(ruleset: str, kind: str, a: dict, d: dict):
    from pycore.read.battle import read_setup
    from pycore.rulesets import find_ruleset
    from pycore.read.systems import read_system
    side = lambda units: units if "units" in units else {"units": units}  # noqa: E731
    return read_setup({"attacker": side(a), "defender": side(d), "kind": kind},
                       find_ruleset(ruleset), read_system({"name": "colored"}))


def timed(request: dict) -> tuple[float, dict]:
    began = time.perf_counter()
    got = json.loads(handle(json.dumps(request)))
    return time.perf_counter() - began, got


def work_of(ruleset: str, kind: str, a: dict, d: dict) -> tuple[int, int, float]:
    """The chain's units of work, pairs planned and process seconds, run again with the bound lifted (the
    colours' laws are then kept from the first run)."""
    calc = colored._Exact(_setup(ruleset, kind, a, d), False)
    calc.budget = 10 ** 12
    began = time.process_time()
    colored._settle(calc, False)
    return calc.work, calc.pairs, time.process_time() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted([*KINDS, "mix"]))
    parser.add_argument("--sizes", default="10,20,30,40,60")
    parser.add_argument("--work", action="store_true", help="also count the work with the bound lifted (slow)")
    parser.add_argument("--estimate", action="store_true",
                        help="the cost model's estimate against the chain's counted work (with --work: run the chain)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; WORK_BUDGET {colored.WORK_BUDGET:,} units")
    if args.estimate:
        estimates([int(n) for n in args.sizes.split(",")], args.work)
        return 0
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

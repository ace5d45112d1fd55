"""The sea chain on spread fleets: its counted work against the cost model's (``cost.fleet_spread``).

A *spread fleet* (docs/api.md "Cost budget") has a side that fires subs and
aircraft without a destroyer against subs: its hits stay apart and the
enemy's armies spread over their class counters. For each of the fleets the
envelope ``cost.FLEET_SPREAD_HIGH`` was measured on, this prints the chain's
work (or the bound it stopped at), its process time, the model, their ratio,
and the estimate the page reads. The ratio must stay below the high envelope
(4.5); its low end (0.018, a lopsided battle) is why the model only bounds the
wait and never replaces the attempt.

    .venv/bin/python bench/spread.py [--budget UNITS] [--only SUBSTRING]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore.calc import cost, fleet  # noqa: E402
from pycore.calc.method import FLOOR, TAIL  # noqa: E402
from pycore.engine.army import Army  # noqa: E402
from pycore.read.battle import read_setup  # noqa: E402
from pycore.rulesets import find_ruleset  # noqa: E402
from pycore.read.systems import read_system  # noqa: E402


def fleet_of(**counts):
    return counts


FLEETS = [
    ("1942-2e", fleet_of(submarine=6, fighter=6), fleet_of(submarine=6, fighter=6)),
    ("1942-2e", fleet_of(submarine=10, fighter=10), fleet_of(submarine=10, fighter=10)),
    ("1942-2e", fleet_of(submarine=12, fighter=12), fleet_of(submarine=12, fighter=12)),
    ("1942-2e", fleet_of(submarine=15, fighter=15), fleet_of(submarine=15, fighter=15)),
    ("1942-2e", fleet_of(submarine=10, bomber=5), fleet_of(submarine=5, destroyer=3, carrier=3, fighter=6)),
    ("1942-2e", fleet_of(submarine=20, bomber=10), fleet_of(submarine=10, destroyer=5, carrier=5, fighter=10)),
    ("1942-2e", fleet_of(submarine=8, fighter=8, bomber=4), fleet_of(submarine=8, destroyer=4, fighter=4, carrier=2)),
    ("1942-2e", fleet_of(submarine=12, fighter=6), fleet_of(submarine=6, cruiser=3, fighter=8, carrier=4)),
    ("1940-2e", fleet_of(submarine=20, fighter=10, bomber=10), fleet_of(submarine=20, fighter=10, carrier=5)),
    ("1942-2e", fleet_of(submarine=8, fighter=4, transport=4), fleet_of(submarine=8, fighter=8)),
    ("1942-2e", fleet_of(submarine=10, bomber=10), fleet_of(submarine=10, fighter=6, carrier=3)),
    ("1940-2e", fleet_of(submarine=12, tactical_bomber=6, fighter=6),
     fleet_of(submarine=10, cruiser=4, fighter=6, carrier=3)),
    ("1942-2e", fleet_of(submarine=12, fighter=8, destroyer=2), fleet_of(submarine=12, fighter=8)),
    ("1942-2e", fleet_of(submarine=6, fighter=10, battleship=2), fleet_of(submarine=14, fighter=4, cruiser=2)),
    ("1942-2e", fleet_of(submarine=18, fighter=6), fleet_of(submarine=6, fighter=12, carrier=6)),
    ("revised", fleet_of(submarine=10, fighter=8, bomber=2), fleet_of(submarine=8, fighter=6, carrier=3, battleship=1)),
    ("1942-2e", fleet_of(submarine=4, fighter=20), fleet_of(submarine=20, fighter=4)),
    ("1942-2e", fleet_of(submarine=40, fighter=20), fleet_of(submarine=15, fighter=10, cruiser=5)),
    ("1942-2e", fleet_of(submarine=30, fighter=30), fleet_of(submarine=6, fighter=6, battleship=2)),
    ("1942-2e", fleet_of(submarine=25, fighter=25), fleet_of(submarine=25, fighter=25, transport=10)),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=fleet.WORK_BUDGET, help="the chain's bound, in units of work")
    parser.add_argument("--only", default="", help="only fleets whose line contains this")
    args = parser.parse_args()
    worst = 0.0
    for ruleset, attacker, defender in FLEETS:
        line = f"{ruleset} {attacker} v {defender}"
        if args.only not in line:
            continue
        request = {"ruleset": ruleset, "system": {"name": "dice"}, "kind": "sea",
                   "attacker": {"units": attacker}, "defender": {"units": defender}}
        setup = read_setup(request, find_ruleset(ruleset), read_system({"name": "dice"}))
        start = {role: Army(setup.side(role).units) for role in ("attacker", "defender")}
        states, model = cost.fleet_spread(setup)
        began = time.process_time()
        try:
            work, done = fleet.solve(setup, start, TAIL, FLOOR, budget=args.budget)["work"], "work"
        except fleet.TooMuchWork as stopped:
            work, done = stopped.work, "stopped at"
        took = time.process_time() - began
        ratio = work / model
        if done == "work":
            worst = max(worst, ratio)
        print(f"{line}: {done} {work:,} in {took:.2f} s (process), model {model:,.0f}, ratio {ratio:.3f}"
              f"{' (at least)' if done != 'work' else ''}; estimate {cost.fleet(setup).seconds:.1f} s", flush=True)
    print(f"highest ratio of a finished chain {worst:.2f} (envelope {cost.FLEET_SPREAD_HIGH})")


if __name__ == "__main__":
    main()

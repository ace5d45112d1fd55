"""A turn planned (``plan_turn``, docs/rules.md §9.5): its estimate against the work it does.

    .venv/bin/python bench/turn.py [--repeat N] [--rate]

For each turn below: its armies, the estimate (the envelope of each battle fought by the whole pool, and, where
that is over the budget, the army-by-army sum), what working out the estimate cost, the search's CPU time (its
battles and its split), the split's tries against ``turn.split_tries`` and the estimate over the work. Process
time, best of ``--repeat`` (the machine is shared: read the ratios). bench/README.md "A turn's search and its
estimate".
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pycore.calc import turn  # noqa: E402
from pycore.read.turn import read_turn  # noqa: E402

TURNS = {
    "13 units, 3 battles": ({"infantry": 6, "artillery": 2, "tank": 3, "fighter": 2},
                            [{"infantry": 3}, {"infantry": 2, "artillery": 1}, {"infantry": 3, "tank": 1}]),
    "18 units, 3 battles": ({"infantry": 8, "artillery": 3, "tank": 4, "fighter": 3},
                            [{"infantry": 3}, {"infantry": 2, "artillery": 1}, {"infantry": 4, "tank": 1}]),
    "18 units, 4 battles": ({"infantry": 8, "artillery": 3, "tank": 4, "fighter": 3}, [{"infantry": 2}] * 4),
    "13 units, 6 battles": ({"infantry": 6, "artillery": 2, "tank": 3, "fighter": 2}, [{"infantry": 1}] * 6),
    "23 units, 2 battles": ({"infantry": 10, "artillery": 4, "tank": 6, "fighter": 3},
                            [{"infantry": 6, "artillery": 1, "tank": 1}, {"infantry": 4, "artillery": 1, "fighter": 1}]),
    "Low Luck, 18 units, 3 battles": ({"infantry": 8, "artillery": 3, "tank": 4, "fighter": 3},
                                      [{"infantry": 3}, {"infantry": 2, "artillery": 1}, {"infantry": 4, "tank": 1}]),
    "14 units, 2 battles, an AA gun": ({"infantry": 6, "artillery": 2, "tank": 3, "fighter": 2, "bomber": 1},
                                       [{"infantry": 4, "aa_gun": 1}, {"infantry": 3, "fighter": 1}]),
    "defender, 16 units, 3 threats": ({"infantry": 8, "artillery": 2, "tank": 3, "fighter": 3},
                                      [{"infantry": 6, "artillery": 2, "tank": 3}, {"infantry": 4, "tank": 2, "fighter": 1},
                                       {"infantry": 3, "tank": 4, "bomber": 1}]),
}


def request(pool: dict, others: list, name: str = "") -> dict:
    """The turn: the pool attacks each army of ``others`` (or, a defender's turn, holds against each)."""
    side = "defender" if name.startswith("defender") else "attacker"
    enemy = "attacker" if side == "defender" else "defender"
    return {"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "lowluck" if "Low Luck" in name else "dice"},
            "side": side, "available": pool,
            "battles": [{enemy: {"units": d}, "territory_value": 3} for d in others]}


SPLIT = turn._best_split
"""The split search as the module has it (main() times it through a wrapper; _tries counts through it)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rate", action="store_true", help="each army's battle against its modelled work")
    args = parser.parse_args()
    if args.rate:
        return rate()
    print(f"CPython {sys.version.split()[0]}, process time, best of {args.repeat}")
    print("| turn | armies | envelope (s) | estimate (s) | estimate took (ms) | search (s) | of which the split (s) | "
          "split tries, counted / bound | estimate / search |")
    print("|---|---|---|---|---|---|---|---|---|")
    split_seconds = [0.0]

    def timed(*given):
        began = time.process_time()
        try:
            return SPLIT(*given)
        finally:
            split_seconds[0] = time.process_time() - began
    turn._best_split = timed
    try:
        for name, (pool, defenders) in TURNS.items():
            read = read_turn(request(pool, defenders, name))
            took, searched, splitting = [], [], []
            for _ in range(args.repeat):
                began = time.process_time()
                guess = turn.estimate(read)
                took.append(time.process_time() - began)
                began = time.process_time()
                turn.search(read)
                searched.append(time.process_time() - began)
                splitting.append(split_seconds[0])
            print(f"| {name} | {turn.count(read)} | {_envelope(read):.2f} | {guess.seconds:.2f} | "
                  f"{min(took) * 1e3:.0f} | {min(searched):.2f} | {min(splitting):.2f} | "
                  f"{_tries(read)} / {turn.split_tries(read)} | {guess.seconds / min(searched):.1f} |", flush=True)
    finally:
        turn._best_split = SPLIT
    return 0


def rate() -> int:
    """Per turn: its armies' battles timed one by one (best of 3, fixed costs included) over their modelled work."""
    from pycore.calc import ladder_cost, method
    print("| turn | armies | battles solved without the model | CPU s, summed | modelled units (M) | ns a unit |")
    print("|---|---|---|---|---|---|")
    for name, (pool, defenders) in TURNS.items():
        read = read_turn(request(pool, defenders, name))
        seconds, work, quick, armies = 0.0, 0, 0, 0
        for front in read.fronts:
            for army in turn.armies(front, read.pool):
                if not army:
                    continue
                setup = turn._battle(read, front, army)
                work += method.plan(setup, False).work
                quick += ladder_cost.surely_within(setup)
                best = float("inf")
                for _ in range(3):
                    began = time.process_time()
                    turn.outcome(read, front, army)
                    best = min(best, time.process_time() - began)
                seconds += best
                armies += 1
        print(f"| {name} | {armies} | {quick} | {seconds:.2f} | {work / 1e6:.1f} | {seconds / work * 1e9:.1f} |",
              flush=True)
    return 0


def _envelope(read: turn.Turn) -> float:
    """The envelope alone (the army-by-army pricing switched off)."""
    most = turn.REFINE_MOST
    turn.REFINE_MOST = -1
    try:
        return turn.estimate(read).seconds
    finally:
        turn.REFINE_MOST = most


def _tries(read: turn.Turn) -> int:
    """The split search's tries, counted: every army it looks up (every army kept, as with no target)."""
    seen = [0]

    class Counting(dict):
        def get(self, key, default=None):
            seen[0] += 1
            return super().get(key, default)
    kinds = [uid for uid, _ in read.pool.counts]
    options = [Counting({tuple(army.count(uid) for uid in kinds): (army, turn.Outcome(0.0, 0.0), 0)
                         for army in turn.armies(front, read.pool)}) for front in read.fronts]
    SPLIT(read, options, kinds)
    return seen[0]


if __name__ == "__main__":
    raise SystemExit(main())

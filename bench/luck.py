"""What the luck of a battle adds to a ``resolve``, and what a game's journal takes (issue 33).

Each battle is resolved through the JSON door with its luck and, in the same run, with the luck turned off
(``pycore.ops.resolve.luck_of`` replaced by a stub that answers nothing): the process time of each, best of
``--repeat``, and their ratio. Then a journal of 200 battles (4 sides, the battles above whose law is exact in turn, each luck as a link holds
it) is summed: each side's sum of 100 battles (``pycore/luck/game.py`` ``WORK_BUDGET`` bounds the products).

    .venv/bin/python bench/luck.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore.api import handle  # noqa: E402
from pycore.ops import resolve  # noqa: E402

BATTLES = {
    "land 3+2 v 3, dice": ("1942-2e", "dice", "land", {"infantry": 3, "tank": 2}, {"infantry": 3}),
    "land 10+5+2 v 12+2, dice": ("1942-2e", "dice", "land", {"infantry": 10, "tank": 5, "fighter": 2},
                                 {"infantry": 12, "artillery": 2}),
    "land 60+60+10 v 80+20, dice": ("1942-2e", "dice", "land", {"infantry": 60, "tank": 60, "fighter": 10},
                                    {"infantry": 80, "artillery": 20}),
    "land 20+10 v 25, Low Luck": ("1942-2e", "lowluck", "land", {"infantry": 20, "tank": 10}, {"infantry": 25}),
    "sea 6 kinds 8 v 8, dice": ("1942-2e", "dice", "sea",
                                {"submarine": 2, "destroyer": 2, "cruiser": 1, "battleship": 1, "fighter": 2},
                                {"submarine": 2, "destroyer": 2, "carrier": 1, "fighter": 2, "battleship": 1}),
    "sea 20+20 v 20+20, dice (sampled)": ("1942-2e", "dice", "sea", {"battleship": 20, "destroyer": 20},
                                          {"battleship": 20, "destroyer": 20}),
    "coloured 6+3 v 8": ("1942-2e", "colored", "land", {"infantry": 6, "tank": 3}, {"infantry": 8}),
    "A&A Chess RYOF 30+30 a side": ("1942-2e", "chess:ryof", "land", {"infantry": 30, "tank": 30},
                                    {"infantry": 30, "tank": 30}),
}


def request(ruleset, system, kind, attacker, defender):
    name, _, variant = system.partition(":")
    spec = {"name": name, **({"variant": variant} if variant else {})}
    return json.dumps({"op": "resolve", "ruleset": ruleset, "system": spec, "kind": kind,
                       "attacker": {"units": attacker}, "defender": {"units": defender}, "seed": "bench"})


def best(text: str, repeat: int) -> tuple[float, dict]:
    times, out = [], None
    for _ in range(repeat):
        began = time.process_time()
        out = json.loads(handle(text))
        times.append(time.process_time() - began)
    return min(times), out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    handle(json.dumps({"op": "rulesets"}))
    real = resolve.luck_of
    lucks = []
    print(f"{'battle':38} {'without':>9} {'with luck':>10} {'ratio':>6}  law")
    for name, spec in BATTLES.items():
        text = request(*spec)
        resolve.luck_of = lambda *a: (None, "off")
        off, _ = best(text, args.repeat)
        resolve.luck_of = real
        on, out = best(text, args.repeat)
        luck = out["result"]["luck"]
        how = (("exact" if luck["exact"] else f"sampled, {luck['samples']} battles") if luck
               else out["result"]["luck_reason"][:40])
        print(f"{name:38} {off * 1000:7.1f}ms {on * 1000:8.1f}ms {on / off:6.1f}  {how}")
        if luck and luck["exact"]:
            lucks.append(luck)
    sides = ("Germany", "Russia", "UK", "Japan")
    journal = {"op": "journal", "battles": [
        {"attacker": sides[i % 4], "defender": sides[(i + 1) % 4],
         "luck": {key: lucks[i % len(lucks)][key] for key in ("swing", "law", "exact")}}   # what a link holds
        for i in range(200)]}
    text = json.dumps(journal, separators=(",", ":"))
    seconds, out = best(text, args.repeat)
    assert out["ok"], out
    print(f"journal of 200 battles ({len(text):,} characters): {seconds * 1000:.0f} ms")
    for i, luck in enumerate(lucks):
        print(f"  law of battle {i + 1}: {len(luck['law'])} swings, "
              f"{len(json.dumps(luck['law'], separators=(',', ':'))):,} characters")


if __name__ == "__main__":
    main()

"""The sea chain's work against the peer's, counted on the same battles (issue 41, the sea chain's fourth pass).

Times say how fast each side's interpreter is; counts say how much each method
does. For each sea battle of ``bench/fixed.py`` this prints, for a warm call of
ours (``pycore.api.handle``): the states whose main fire was worked, the
positions read another way (the round ended there, or a strike's casualties
stay), the products (cells spread at once, weights owed to later rows, and the
owed laws' cells when their row comes up) and the owed laws; and for aacalc2
(a copy of its ``dist`` in a temporary folder, with counters put in its
``solve_one_general_state*`` functions): the states it visits, those with mass
(its "live" states), and its products (each ``onNextState``: one product of the
two sides' hit chances added to a state). Only the peer's copy is changed; our
counts wrap the row loop's methods by name and change no answer.

    .venv/bin/python bench/sea_work.py [KEY ...] [--peer DIR]      # default: sea8 sea28, ../aacalc2
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixed import FIXED, PEER_BESIDE, peer_input, request  # noqa: E402
from pycore.api import handle  # noqa: E402
from pycore.calc.fleet import settle  # noqa: E402

COUNTERS = {
    # every call: a state visited (dense: the peer loops over all pairs of its nodes)
    "    const attnode = problem.att_data.nodeArr[N];":
        "    globalThis.__work.visited++;\n    const attnode = problem.att_data.nodeArr[N];",
    # a state with mass that fights (past the empty sides, the retreat, and its prune threshold)
    "    const N1 = attnode.num_subs;": "    globalThis.__work.live++;\n    const N1 = attnode.num_subs;",
    "onNextState(problem, ii,": "(globalThis.__work.products++, onNextState)(problem, ii,",
}


def ours(key: str) -> Counter:
    """What a warm call of ours does (the battle asked once before, as ``bench/calc.py --fixed`` times it)."""
    count: Counter = Counter()
    cls = settle._Settle
    spread, other, owed_into = cls.spread, cls.other, cls.owed_into
    inside = [0]

    def counted_spread(self, *args):
        cells = spread(self, *args)
        count["products"] += cells
        if not inside[0]:
            count["fought"] += 1
        return cells

    def counted_other(self, ia, id_, f, i, row):
        count["other"] += 1
        inside[0] += 1
        try:
            return other(self, ia, id_, f, i, row)
        finally:
            inside[0] -= 1

    def counted_owed(self, ia, row):
        count["owed laws"] += len(self.owed[ia] or ())
        cells = owed_into(self, ia, row)
        count["products"] += cells
        return cells

    text = json.dumps(request(key))
    handle(text)
    cls.spread, cls.other, cls.owed_into = counted_spread, counted_other, counted_owed
    try:
        handle(text)
    finally:
        cls.spread, cls.other, cls.owed_into = spread, other, owed_into
    return count


def peer(keys: list[str], directory: Path) -> dict[str, dict]:
    """The peer's counts, from a copy of its ``dist`` with counters put in (each battle asked once)."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch)
        shutil.copytree(directory / "dist", copy / "dist")
        shutil.copy(directory / "package.json", copy / "package.json")
        (copy / "node_modules").symlink_to((directory / "node_modules").resolve())
        for path in (copy / "dist").glob("solveone*.js"):
            text = path.read_text()
            for old, new in COUNTERS.items():
                if old not in text:
                    raise SystemExit(f"sea_work: {path.name} has no {old.strip()!r}: the peer's code moved")
                text = text.replace(old, new)
            path.write_text(text)
        asks = [{"key": key, "input": peer_input(key)} for key in keys]
        script = copy / "count.mjs"
        script.write_text(
            "const peer = await import('./dist/index.js');\n"
            f"for (const ask of {json.dumps(asks)}) {{\n"
            "  globalThis.__work = {visited: 0, live: 0, products: 0};\n"
            "  peer.multiwaveExternal(ask.input);\n"
            "  console.log(JSON.stringify({key: ask.key, ...globalThis.__work}));\n"
            "}\n")
        node = shutil.which("node")
        if node is None:
            raise SystemExit("sea_work: the peer needs Node.js")
        out = subprocess.run([node, str(script)], capture_output=True, text=True, check=True).stdout
    return {got["key"]: got for got in map(json.loads, out.splitlines()) if got}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", default=["sea8", "sea28"])
    parser.add_argument("--peer", type=Path, default=PEER_BESIDE)
    args = parser.parse_args()
    keys = [key for key in args.keys if FIXED[key][1]["kind"] == "sea"]
    theirs = peer(keys, args.peer) if (args.peer / "dist").is_dir() else {}
    print("| battle | ours: states fought, other positions | ours: products (owed laws) "
          "| peer: states visited, live | peer: products | products, ours / peer |")
    print("|---|---|---|---|---|---|")
    for key in keys:
        got = ours(key)
        them = theirs.get(key)
        peer_cells = (f"{them['visited']:,}, {them['live']:,} | {them['products']:,} | "
                      f"{got['products'] / them['products']:.2f}") if them else "— | — | —"
        print(f"| {FIXED[key][0]} | {got['fought']:,}, {got['other']:,} | {got['products']:,} "
              f"({got['owed laws']:,}) | {peer_cells} |")


if __name__ == "__main__":
    main()

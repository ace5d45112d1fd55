"""The land ladder's work against the peer's, counted on the same battles (issue 41: what is left is the cost of a
step, not the number of steps).

For each land battle of ``bench/fixed.py`` (one wave, no counter-attack) this prints our ladder's counted units of
work (``calc/ladder/work.py``: a state settled costs its row's live columns times the sum
of both laws' widths, the Horner fold's order of work, plus a fixed amount a row and a rung), against aacalc2's
states visited, those with mass, and its products (each ``onNextState``: one product of the two sides' hit chances
added to a state, the textbook chain's order of work: the product of both widths). The peer is counted in a copy
of its ``dist`` with counters put in (``bench/sea_work.py``'s); nothing of ours changes.

    .venv/bin/python bench/land_work.py [KEY ...] [--peer DIR]      # default: 10 10-ll 40 40-ll 40aa 80
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixed import FIXED, PEER_BESIDE, request  # noqa: E402
from sea_work import peer  # noqa: E402
from pycore.calc.method import ends_of  # noqa: E402
from pycore.read.calc import read_calc  # noqa: E402


def ours(key: str) -> int:
    """Our ladder's counted work on the battle (``Ends.work``)."""
    asked = read_calc(request(key))
    return ends_of(asked.setup, asked.rounds, asked.exact, asked.options).work or 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", default=["10", "10-ll", "40", "40-ll", "40aa", "80"])
    parser.add_argument("--peer", type=Path, default=PEER_BESIDE)
    args = parser.parse_args()
    keys = [key for key in args.keys if FIXED[key][1]["kind"] == "land" and len(FIXED[key][1]["waves"]) == 1
            and not FIXED[key][1]["counter"]]
    theirs = peer(keys, args.peer) if (args.peer / "dist").is_dir() else {}
    print("| battle | ours: counted work | peer: states visited, live | peer: products | ours / peer's |")
    print("|---|---|---|---|---|")
    for key in keys:
        work = ours(key)
        them = theirs.get(key)
        cells = (f"{them['visited']:,}, {them['live']:,} | {them['products']:,} | {work / them['products']:.2f}"
                 if them else "— | — | —")
        name = FIXED[key][0] + (", Low Luck" if key.endswith("-ll") else ", dice")
        print(f"| {name} | {work:,} | {cells} |", flush=True)


if __name__ == "__main__":
    main()

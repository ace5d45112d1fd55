"""Benchmark of the cheapest army's search (docs/rules.md §9.4): the search against the full search and the peer.

The issue's stack (1942-2e, dice): 8 infantry, 3 artillery, 5 tanks and 3 fighters available against 8
infantry, 2 artillery and a fighter, at least 90 % to take the territory — 863 armies. Ours is timed twice in
one sitting, in process time, best of ``--repeat`` after a warm-up: ``recommend.cheapest`` (the search) and
``recommend.every`` (the full search, forced: the op would not run it, its estimate is over the budget); both
answers are printed, and the ratio. Then the 3.56 million armies of 80 infantry, 50 artillery, 40 tanks and 20
fighters against the same defender, through ``pycore.api.handle`` as the page calls it (its answer, or its words
where it stopped, and its time). The peer is aacalc2's army recommendation (``armyRecommend``, the page's
``fuzzyBinarySearch``), under Node, when a built copy is at ``--peer`` (default ``../aacalc2`` beside the checkout, its
``dist/index.js``), in the same sitting: its first call (the page's click: its JIT cold) and its best of
``--repeat`` (warm, several times faster). ``--stack-only`` leaves the 3.56 million armies out (for
Pyodide: ``node tests/pyodide/run_in_pyodide.mjs . bench/recommend.py -- --stack-only``).

Target: the stack in no more CPU than the peer's search.

    python3 bench/recommend.py [--repeat N] [--peer DIR] [--huge-peer] [--stack-only]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))   # bench/fixed.py, also under Pyodide's runpy

from pycore.api import handle  # noqa: E402
from pycore.calc import recommend  # noqa: E402
from pycore.read.calc import read_calc  # noqa: E402
from fixed import forget_kept  # noqa: E402

DEFENDER = {"infantry": 8, "artillery": 2, "fighter": 1}
STACK = {"infantry": 8, "artillery": 3, "tank": 5, "fighter": 3}
HUGE = {"infantry": 80, "artillery": 50, "tank": 40, "fighter": 20}
PEER_UNITS = {"infantry": "inf", "artillery": "art", "tank": "arm", "fighter": "fig", "bomber": "bom", "aa_gun": "aa"}

PEER_HARNESS = r"""
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const spec = JSON.parse(readFileSync(0, 'utf8'));
const peer = await import(pathToFileURL(spec.peer + '/dist/index.js').href);
console.log = () => {}; console.time = () => {}; console.timeEnd = () => {};   // its search prints as it goes
const out = {};
for (const b of spec.cases) {
  const make = () => ({wave_info: [{attack: {units: {...b.available}, ool: spec.attack_ool, takes: 0, aaLast: false},
      defense: {units: b.defense, ool: spec.defence_ool, takes: 0, aaLast: false},
      att_submerge: false, def_submerge: false, att_dest_last: false, def_dest_last: false,
      is_crash_fighters: false, rounds: 100, retreat_threshold: 0, pwinMode: 'takes'}],
    debug: false, prune_threshold: 1e-12, report_prune_threshold: 1e-12, is_naval: false, in_progress: false,
    num_runs: 1, verbose_level: 0, diceMode: 'standard', sortMode: 'unit_count', territory_value: 0,
    is_deadzone: false, retreat_round_zero: false, do_roundless_eval: true, attDefType: 'attacker',
    optimizeMode: 'targetWinPercentage', numRecommendations: 1, targetPercentage: b.target, pwinMode: 'takes',
    solveType: 'fuzzyBinarySearch'});
  let result;
  for (let i = 0; i < spec.warmup; i++) result = peer.armyRecommend(make());
  const times = [], cpu = [];
  for (let i = 0; i < spec.repeat; i++) {
    const input = make();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    result = peer.armyRecommend(input);
    times.push(performance.now() - t0);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
  }
  out[b.key] = {times, cpu, army: result.recommendations[0].army, cost: result.recommendations[0].cost};
}
process.stdout.write(JSON.stringify(out));
"""


def request(available: dict) -> dict:
    return {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 1}},
            "defender": {"units": DEFENDER}, "recommend": {"available": available, "target": 0.9}, "timing": True}


def best_of(work, repeat: int) -> tuple[float, object]:
    """The best process milliseconds of ``repeat`` runs after one warm-up, and the last answer."""
    got = work()
    times = []
    for _ in range(repeat):
        began = time.process_time()
        got = work()
        times.append((time.process_time() - began) * 1e3)
    return min(times), got


def peer(directory: str, cases: dict, repeat: int) -> dict | None:
    """The peer's best milliseconds (``performance.now``) and CPU (``process.cpuUsage``) per case, its first
    call's apart (the page's single click, JIT cold), and its answer; None where it cannot run."""
    node = shutil.which("node") if sys.platform != "emscripten" else None
    if node is None or not Path(directory, "dist", "index.js").exists():
        return None
    spec = {"peer": str(Path(directory).resolve()), "warmup": 0, "repeat": repeat,
            "attack_ool": ["inf", "art", "arm", "fig", "bom"], "defence_ool": ["inf", "art", "aa", "arm", "fig", "bom"],
            "cases": [{"key": key, "target": 0.9, "available": {PEER_UNITS[u]: n for u, n in available.items()},
                       "defense": {PEER_UNITS[u]: n for u, n in DEFENDER.items()}} for key, available in cases.items()]}
    with tempfile.TemporaryDirectory() as scratch:
        harness = Path(scratch, "harness.mjs")
        harness.write_text(PEER_HARNESS)
        done = subprocess.run([node, str(harness)], input=json.dumps(spec), capture_output=True, text=True,
                              check=True, timeout=600)
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--peer", metavar="DIR", default=str(Path(__file__).resolve().parents[2] / "aacalc2"),
                        help="a built aacalc2, run under Node (default: beside the checkout)")
    parser.add_argument("--huge-peer", action="store_true", help="also run the peer on the 3.56 million armies")
    parser.add_argument("--stack-only", action="store_true", help="leave out the 3.56 million armies")
    args = parser.parse_args()
    load = f"load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "in Pyodide"
    print(f"Python {sys.version.split()[0]}; {load}")
    options = read_calc(request(STACK)).options
    plan, (available, target, goal) = options["plan"], options["recommend"]
    fast_ms, fast = best_of(lambda: recommend.cheapest(plan, available, target, goal, False), args.repeat)

    def first_search() -> object:
        # The page's first question of a game: nothing kept from an earlier calculation (no ladder, no sea end).
        forget_kept()
        return recommend.cheapest(plan, available, target, goal, False)

    first_ms, _ = best_of(first_search, args.repeat)
    full_ms, full = best_of(lambda: recommend.every(plan, available, target, goal, False), max(1, args.repeat // 2))
    for name, ms, got in (("search", fast_ms, fast), ("full search", full_ms, full)):
        c = got["cheapest"]
        print(f"stack, {name:11}: {ms:8.1f} ms CPU, {got['armies']:4} armies worked: {c['units'].as_dict()}, "
              f"{c['cost']} IPCs, {c['chance']!r}")
    print(f"stack, search with nothing kept (a first question): {first_ms:8.1f} ms CPU")
    print(f"stack: the full search / the search = {full_ms / fast_ms:.1f}; same answer to the bit: "
          f"{fast['cheapest'] == full['cheapest']}")
    theirs = peer(args.peer, {"stack": STACK}, args.repeat)
    if theirs is None:
        print(f"peer: not run (no Node or no {args.peer}/dist/index.js)")
    else:
        got = theirs["stack"]
        cold, warm = got["cpu"][0], min(got["cpu"])
        print(f"stack, peer (aacalc2 fuzzyBinarySearch, Node): first call {cold:.1f} ms CPU "
              f"({got['times'][0]:.1f} ms wall), best of {len(got['cpu'])} {warm:.1f} ms CPU; {got['army']}, {got['cost']} IPCs")
        print(f"stack: ours (warm) / the peer's first call = {fast_ms / cold:.2f}; / the peer's best = {fast_ms / warm:.2f}")
        print(f"stack: ours (nothing kept) / the peer's first call = {first_ms / cold:.2f}; / the peer's best = "
              f"{first_ms / warm:.2f}")
    if args.stack_only:
        return 0
    text = json.dumps(request(HUGE))
    began = time.process_time()
    answer = json.loads(handle(text))
    huge_ms = (time.process_time() - began) * 1e3
    rec = answer["result"]["recommend"] if answer["ok"] else answer["error"]
    print(f"3.56 million armies, first call (api.handle): {huge_ms:8.1f} ms CPU; "
          f"{json.dumps(rec.get('cheapest'))}; {rec.get('armies')} armies worked; {rec.get('words') or rec.get('message')}")
    huge_ms, _ = best_of(lambda: handle(text), max(1, args.repeat // 2))
    print(f"3.56 million armies, warm: {huge_ms:8.1f} ms CPU")
    if args.huge_peer:
        got = peer(args.peer, {"huge": HUGE}, 1)
        if got is not None:
            print(f"3.56 million armies, peer: {got['huge']['cpu'][0]:8.1f} ms CPU, {got['huge']['army']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

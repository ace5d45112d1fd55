"""Benchmark of plans of attack (issue 30): the issue's three multi-wave battles, exact, against the peer.

The battles (1942-2e, defaults but the orders of loss, written out so that both calculators read the same
battle): two waves, 6 infantry + 2 artillery then 3 tanks + 2 fighters, against 8 infantry + 2 artillery + 1
tank (``w2``); three waves of 14, 8 and 8 units against 21 defenders (``w3``); two big waves, 50 units then
30, against 66 with an AA gun (``big``); each with dice and Low Luck (``-ll``). Ours is ``pycore.api.handle``
(JSON in, JSON out, as the page calls it; ``timing.seconds``, the compute alone, printed beside the wall
time). The peer is aacalc2 (TypeScript): ``--peer DIR`` names a built copy of it (``DIR/dist/index.js``,
version 2.0.25 measured), run under Node in the same sitting, each battle warmed up then timed
``--repeat`` times; without it, the issue's figures are printed as reference points, not run. Both answer
the chance the territory is taken after all the waves: printed side by side as a check that they answer
the same question. The two alternate battle by battle over ``--sittings`` sittings (a shared machine's load
falls on both); ratios are ours / the peer's, best against best and median against median of all the runs.

Targets (issue 30): every battle at most the peer's time in CPython; the two big waves within 2× of the
peer in Pyodide (``--pyodide``: ours in the pinned npm Pyodide under Node, tests/pyodide/run_in_pyodide.mjs).

``--estimate`` prints the plan's cost estimate (docs/api.md "Cost budget") beside its time. ``--rules`` times
the rules that read a state on a land battle of 24 v 23 (none, profit, air loss, strafe; then profit with a
second wave, a counter-attack, both), ``--recommend`` the search of the cheapest army (251 armies), each with
its estimate: what ``plan_cost``'s factors and ``recommend.PLAN_SECONDS`` were read from.

    python3 bench/waves.py [--repeat N] [--only KEY] [--peer DIR] [--pyodide] [--estimate] [--rules] [--recommend]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore.api import handle  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
ATTACK_ORDER = ["infantry", "artillery", "tank", "fighter", "bomber"]
DEFENCE_ORDER = ["infantry", "artillery", "aa_gun", "tank", "fighter", "bomber"]
BATTLES = {
    "w2": ("two waves: 6 inf + 2 art, then 3 tanks + 2 ftr, v 8 inf + 2 art + 1 tank",
           [{"infantry": 6, "artillery": 2}, {"tank": 3, "fighter": 2}],
           {"infantry": 8, "artillery": 2, "tank": 1}),
    "w3": ("three waves: 8 inf + 4 art + 2 tanks, 4 tanks + 2 ftr + 2 bmb, 4 inf + 2 art + 2 tanks, v 21",
           [{"infantry": 8, "artillery": 4, "tank": 2}, {"tank": 4, "fighter": 2, "bomber": 2},
            {"infantry": 4, "artillery": 2, "tank": 2}],
           {"infantry": 12, "artillery": 4, "tank": 3, "fighter": 2}),
    "big": ("two big waves: 30 inf + 10 art + 10 tanks, then 16 tanks + 10 ftr + 4 bmb, v 66 with an AA gun",
            [{"infantry": 30, "artillery": 10, "tank": 10}, {"tank": 16, "fighter": 10, "bomber": 4}],
            {"infantry": 45, "artillery": 10, "tank": 8, "fighter": 2, "aa_gun": 1}),
}
for _key in list(BATTLES):
    BATTLES[f"{_key}-ll"] = BATTLES[_key]
ISSUE_MS = {"w2": 0.95, "w2-ll": 0.45, "w3": 3.7, "w3-ll": 1.7, "big": 44.0, "big-ll": 5.6}
"""aacalc2 2.0.25 as the issue measured it (Node, best of 5 after warm-up): reference points when not run."""
PEER_UNITS = {"infantry": "inf", "artillery": "art", "tank": "arm", "fighter": "fig", "bomber": "bom", "aa_gun": "aa"}

PEER_HARNESS = r"""
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const spec = JSON.parse(readFileSync(0, 'utf8'));
const peer = await import(pathToFileURL(spec.peer + '/dist/index.js').href);
const out = {};
for (const b of spec.battles) {
  const wave = (units, i) => ({
    attack: {units, ool: spec.attack_ool, takes: 0, aaLast: false},
    defense: {units: i === 0 ? b.defense : {}, ool: spec.defence_ool, takes: 0, aaLast: false},
    att_submerge: false, def_submerge: false, att_dest_last: false, def_dest_last: false,
    is_crash_fighters: false, rounds: 100, retreat_threshold: 0});
  const input = {wave_info: b.waves.map(wave), debug: false, prune_threshold: 1e-12, report_prune_threshold: 1e-12,
    is_naval: false, in_progress: false, num_runs: 1, verbose_level: 0, diceMode: b.dice, sortMode: 'unit_count'};
  let result;
  for (let i = 0; i < spec.warmup; i++) result = peer.multiwaveExternal(input);
  const times = [];
  for (let i = 0; i < spec.repeat; i++) {
    const t0 = performance.now();
    result = peer.multiwaveExternal(input);
    times.push(performance.now() - t0);
  }
  out[b.key] = {times, takes: result.takesTerritory.at(-1)};
}
process.stdout.write(JSON.stringify(out));
"""


def request(key: str) -> dict:
    _, waves, defender = BATTLES[key]
    system = "lowluck" if key.endswith("-ll") else "dice"
    return {"op": "calc", "ruleset": "1942-2e", "system": {"name": system},
            "attacker": {"units": waves[0], "order_of_loss": ATTACK_ORDER},
            "defender": {"units": defender, "order_of_loss": DEFENCE_ORDER},
            "waves": [{"attacker": {"units": w, "order_of_loss": ATTACK_ORDER}} for w in waves[1:]],
            "timing": True}


def ours(key: str, repeat: int) -> dict:
    """Wall and compute milliseconds of ``repeat`` calls after two warm-up calls, and the answer."""
    text = json.dumps(request(key))
    for _ in range(2):
        handle(text)
    walls, computes = [], []
    for _ in range(repeat):
        began = time.perf_counter()
        got = json.loads(handle(text))
        walls.append((time.perf_counter() - began) * 1e3)
        computes.append(got["result"]["timing"]["seconds"] * 1e3)
    result = got["result"]
    return {"times": walls, "best": min(walls), "median": statistics.median(walls), "compute": min(computes),
            "takes": result["takes_territory"], "pruned": result["pruned"]}


def _pooled(runs: list) -> dict:
    """Several sittings of one side pooled: the best of all, the median of all."""
    times = [t for run in runs for t in run["times"]]
    return {**runs[-1], "times": times, "best": min(times), "median": statistics.median(times),
            **({"compute": min(run["compute"] for run in runs)} if "compute" in runs[-1] else {})}


RULES_BATTLE = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
                "attacker": {"units": {"infantry": 12, "artillery": 4, "tank": 6, "fighter": 2}},
                "defender": {"units": {"infantry": 18, "artillery": 2, "tank": 2, "aa_gun": 1}}, "territory_value": 8}
COUNTER = {"attacker": {"units": {"infantry": 10, "tank": 4, "fighter": 2}}}
RULES = {"fought to the end": {}, "profit": {"retreat_profit": 0}, "air loss": {"retreat_air_loss": 0.3},
         "strafe": {"retreat_strafe": 0.8},
         "profit, a second wave": {"retreat_profit": 0, "waves": [{"attacker": {"units": {"tank": 6, "bomber": 2}}}]},
         "a counter-attack": {"counter": COUNTER}, "profit, a counter-attack": {"retreat_profit": 0, "counter": COUNTER}}
RECOMMEND = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 3}},
             "defender": {"units": {"infantry": 3, "artillery": 1}},
             "recommend": {"available": {"infantry": 6, "artillery": 2, "tank": 3, "fighter": 2}, "target": 0.9}}


def timed(request: dict, repeat: int) -> tuple[float, float, dict]:
    """Best and median process milliseconds of ``request``, and its estimate."""
    text = json.dumps(request)
    handle(text)
    times = []
    for _ in range(repeat):
        began = time.process_time()
        handle(text)
        times.append((time.process_time() - began) * 1e3)
    estimate = json.loads(handle(json.dumps({**request, "estimate": True})))["result"]["estimate"]
    return min(times), statistics.median(times), estimate


def peer(keys: list, directory: str, repeat: int) -> dict:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("--peer needs Node.js")
    if not Path(directory, "dist", "index.js").exists():
        raise SystemExit(f"--peer {directory}: no dist/index.js there (a built copy of aacalc2)")
    battles = []
    for key in keys:
        _, waves, defender = BATTLES[key]
        battles.append({"key": key, "dice": "lowluck" if key.endswith("-ll") else "standard",
                        "waves": [{PEER_UNITS[u]: n for u, n in w.items()} for w in waves],
                        "defense": {PEER_UNITS[u]: n for u, n in defender.items()}})
    spec = {"peer": str(Path(directory).resolve()), "battles": battles, "warmup": 10, "repeat": repeat,
            "attack_ool": [PEER_UNITS[u] for u in ATTACK_ORDER], "defence_ool": [PEER_UNITS[u] for u in DEFENCE_ORDER]}
    with tempfile.TemporaryDirectory() as scratch:
        harness = Path(scratch, "harness.mjs")
        harness.write_text(PEER_HARNESS)
        done = subprocess.run([node, str(harness)], input=json.dumps(spec), capture_output=True, text=True, check=True)
    got = json.loads(done.stdout)
    return {key: {"times": v["times"], "best": min(v["times"]), "median": statistics.median(v["times"]),
                  "takes": v["takes"]} for key, v in got.items()}


def in_pyodide(keys: list, repeat: int) -> dict:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("--pyodide needs Node.js (python3 build.py setup installs the npm pyodide)")
    done = subprocess.run([node, str(REPO / "tests/pyodide/run_in_pyodide.mjs"), str(REPO), "bench/waves.py", "--",
                           "--json", "--repeat", str(repeat), *[a for k in keys for a in ("--only", k)]],
                          capture_output=True, text=True, check=True)
    return {got["key"]: got for got in map(json.loads, done.stdout.strip().splitlines())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--sittings", type=int, default=3, help="alternations of the peer's runs and ours")
    parser.add_argument("--only", action="append", choices=sorted(BATTLES))
    parser.add_argument("--peer", metavar="DIR", help="a built aacalc2 (DIR/dist/index.js), run under Node")
    parser.add_argument("--pyodide", action="store_true", help="also time ours in Pyodide under Node")
    parser.add_argument("--estimate", action="store_true", help="print each plan's cost estimate")
    parser.add_argument("--rules", action="store_true", help="time the rules that read a state")
    parser.add_argument("--recommend", action="store_true", help="time the search of the cheapest army")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)   # for --pyodide
    args = parser.parse_args()
    if args.rules or args.recommend:
        print(f"Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.1f}")
        cases = {name: {**RULES_BATTLE, **extra} for name, extra in RULES.items()} if args.rules else {}
        if args.recommend:
            cases["recommend (251 armies)"] = RECOMMEND
        for name, case in cases.items():
            best, median, estimate = timed(case, max(1, args.repeat // 3))
            print(f"{name}: {best:.0f} ms best, {median:.0f} median (process time); estimate "
                  f"{estimate['seconds'] * 1e3:.0f} ms ({estimate['seconds'] * 1e3 / best:.1f}x)", flush=True)
        return 0
    keys = args.only or list(BATTLES)
    if args.json:
        for key in keys:
            print(json.dumps({"key": key, **ours(key, args.repeat)}), flush=True)
        return 0
    print(f"Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.1f}; {args.sittings} sittings of "
          f"{args.repeat} runs, the peer's and ours alternating battle by battle")
    runs: dict = {key: ([], []) for key in keys}
    for _ in range(args.sittings):
        for key in keys:
            if args.peer:
                runs[key][0].append(peer([key], args.peer, args.repeat)[key])
            runs[key][1].append(ours(key, args.repeat))
    theirs = {key: _pooled(runs[key][0]) for key in keys if runs[key][0]}
    wasm = in_pyodide(keys, args.repeat) if args.pyodide else {}
    for key in keys:
        mine = _pooled(runs[key][1])
        line = (f"{key:7} {BATTLES[key][0]}{' (Low Luck)' if key.endswith('-ll') else ''}: ours {mine['best']:.2f} ms "
                f"best, {mine['median']:.2f} median (compute {mine['compute']:.2f}), takes {mine['takes']:.12f}")
        if key in theirs:
            t = theirs[key]
            line += (f"; peer {t['best']:.2f} best, {t['median']:.2f} median, takes {t['takes']:.12f} "
                     f"(|diff| {abs(t['takes'] - mine['takes']):.1e}); ours/peer {mine['best'] / t['best']:.2f}x best, "
                     f"{mine['median'] / t['median']:.2f}x median")
        else:
            line += f"; the issue's peer figure {ISSUE_MS[key]} ms ({mine['best'] / ISSUE_MS[key]:.2f}x)"
        if key in wasm:
            w = wasm[key]
            line += f"; Pyodide {w['best']:.2f} best, {w['median']:.2f} median ({w['best'] / mine['best']:.2f}x CPython"
            line += f", {w['best'] / theirs[key]['best']:.2f}x peer)" if key in theirs else ")"
        if args.estimate:
            estimate = json.loads(handle(json.dumps({**request(key), "estimate": True})))["result"]["estimate"]
            line += f"; estimate {estimate['seconds'] * 1e3:.0f} ms ({estimate['method']})"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

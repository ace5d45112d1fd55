"""The battles players ask about most, through ``pycore.api.handle``, against aacalc2 or a previous commit.

``bench/calc.py --fixed`` runs this module (see its docstring and bench/README.md, "The fixed cost of a
battle"). Each battle is a JSON request as the page sends it (read, validated, calculated, written), timed
call by call in turn with its counterpart, so that a shared machine's load falls on both alike:

- the peer, aacalc2 (TypeScript, ``multiwaveExternal``), when a built copy sits beside the checkout
  (``../aacalc2/dist/index.js``) or ``--peer DIR`` names one: one Node process for the whole run, each
  battle warmed up (10 calls), then one call of ours, one of the peer's, and so on; the peer times its own
  call (``performance.now``, its CPU by ``process.cpuUsage``), so the pipe between the two is not counted;
- otherwise commit ``--base REV``'s ``pycore.api.handle`` (its ``pycore`` from ``git archive``), one call of
  each in turn in this process.

A take-and-hold is written for the peer as a second wave with ``use_attackers_from_previous_wave`` (the
counter-attack against the surviving attackers); the peer's and our chances are printed side by side as a
check that both answer the same battle (the orders of loss are written out for both).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PEER_BESIDE = REPO.parent / "aacalc2"
ATTACK = ["infantry", "artillery", "tank", "fighter", "bomber"]
DEFENCE = ["infantry", "artillery", "aa_gun", "tank", "fighter", "bomber"]
SEA_ATTACK = ["submarine", "destroyer", "fighter", "cruiser", "carrier", "battleship"]
SEA_DEFENCE = ["submarine", "destroyer", "cruiser", "fighter", "carrier", "battleship"]
PEER_UNITS = {"infantry": "inf", "artillery": "art", "tank": "arm", "fighter": "fig", "bomber": "bom",
              "aa_gun": "aa", "submarine": "sub", "destroyer": "des", "cruiser": "cru", "carrier": "acc",
              "battleship": "bat", "transport": "tra"}


def _land(waves, defender, counter=None):
    return {"kind": "land", "waves": waves, "defender": defender, "counter": counter}


_FORTY = ({"infantry": 20, "artillery": 10, "tank": 10}, {"infantry": 28, "artillery": 6, "tank": 6})
FIXED = {
    "10": ("10 v 10", _land([{"infantry": 5, "artillery": 2, "tank": 3}], {"infantry": 8, "artillery": 1, "tank": 1})),
    "40": ("40 v 40", _land([_FORTY[0]], _FORTY[1])),
    "40aa": ("40 v 40 with artillery, aircraft and an AA gun",
             _land([{"infantry": 16, "artillery": 8, "tank": 10, "fighter": 4, "bomber": 2}],
                   {"infantry": 22, "artillery": 6, "tank": 8, "fighter": 3, "aa_gun": 1})),
    "80": ("80 v 80", _land([{"infantry": 40, "artillery": 20, "tank": 20}], {"infantry": 56, "artillery": 12, "tank": 12})),
    "150": ("150 v 150", _land([{"infantry": 90, "artillery": 30, "tank": 30}],
                               {"infantry": 110, "artillery": 20, "tank": 20})),
    "sea8": ("sea 8 v 8", {"kind": "sea", "waves": [{"submarine": 2, "destroyer": 2, "cruiser": 1, "battleship": 1,
                                                     "fighter": 2}],
                           "defender": {"submarine": 2, "destroyer": 2, "cruiser": 1, "carrier": 1, "fighter": 2},
                           "counter": None}),
    "sea28": ("sea 28 v 28", {"kind": "sea", "waves": [{"submarine": 10, "destroyer": 6, "carrier": 4, "fighter": 8}],
                              "defender": {"submarine": 10, "destroyer": 6, "carrier": 4, "fighter": 8},
                              "counter": None}),
    "w2": ("two waves, 8 then 5 v 11", _land([{"infantry": 6, "artillery": 2}, {"tank": 3, "fighter": 2}],
                                             {"infantry": 8, "artillery": 2, "tank": 1})),
    "w3": ("three waves, 14, 8, 8 v 21",
           _land([{"infantry": 8, "artillery": 4, "tank": 2}, {"tank": 4, "fighter": 2, "bomber": 2},
                  {"infantry": 4, "artillery": 2, "tank": 2}], {"infantry": 12, "artillery": 4, "tank": 3, "fighter": 2})),
    "w40": ("two waves, 40 v 40 then 20", _land([_FORTY[0], {"infantry": 10, "tank": 8, "fighter": 2}], _FORTY[1])),
    "hold": ("take and hold, 8 v 6, then 7", _land([{"infantry": 4, "artillery": 2, "tank": 2}],
                                                  {"infantry": 5, "artillery": 1},
                                                  {"infantry": 4, "tank": 2, "fighter": 1})),
    "hold30": ("take and hold, 30 v 30, then 25",
               _land([{"infantry": 15, "artillery": 7, "tank": 8}], {"infantry": 22, "artillery": 4, "tank": 4},
                     {"infantry": 14, "artillery": 4, "tank": 5, "fighter": 2})),
}
for _key in ("10", "40", "150"):
    FIXED[f"{_key}-ll"] = FIXED[_key]
TARGETS = {"40": 0.5, "40-ll": 0.5, "40aa": 0.5, "w40": 0.5, "hold30": 0.5,
           "10": 1.0, "10-ll": 1.0, "sea8": 1.0, "sea28": 1.0, "w2": 1.0, "w3": 1.0, "hold": 1.0}
"""The issue's targets, ours / the peer's in CPython in one sitting."""
SLOW = {"150", "80", "sea28", "150-ll"}
"""Battles of a second or so: fewer calls."""


def system_of(key: str) -> str:
    return "lowluck" if key.endswith("-ll") else "dice"


def request(key: str) -> dict:
    """Our ``calc`` request for a battle of :data:`FIXED`."""
    battle = FIXED[key][1]
    sea = battle["kind"] == "sea"
    a_order, d_order = (SEA_ATTACK, SEA_DEFENCE) if sea else (ATTACK, DEFENCE)
    got = {"op": "calc", "ruleset": "1942-2e", "system": {"name": system_of(key)}, "kind": battle["kind"],
           "attacker": {"units": battle["waves"][0], "order_of_loss": a_order},
           "defender": {"units": battle["defender"], "order_of_loss": d_order}}
    if len(battle["waves"]) > 1:
        got["waves"] = [{"attacker": {"units": w, "order_of_loss": a_order}} for w in battle["waves"][1:]]
    if battle["counter"]:
        got["counter"] = {"attacker": {"units": battle["counter"], "order_of_loss": ATTACK},
                          "defender": {"order_of_loss": DEFENCE}}
    return got


def peer_input(key: str) -> dict:
    """The same battle as aacalc2's ``MultiwaveInput``."""
    battle = FIXED[key][1]
    sea = battle["kind"] == "sea"
    a_order, d_order = (SEA_ATTACK, SEA_DEFENCE) if sea else (ATTACK, DEFENCE)

    def units(of):
        return {PEER_UNITS[u]: n for u, n in of.items()}

    def wave(attack, defence, order=a_order, swap=False):
        return {"attack": {"units": units(attack), "ool": [PEER_UNITS[u] for u in order], "takes": 0, "aaLast": False},
                "defense": {"units": units(defence), "ool": [PEER_UNITS[u] for u in (ATTACK if swap else d_order)],
                            "takes": 0, "aaLast": False},
                "att_submerge": False, "def_submerge": False, "att_dest_last": False, "def_dest_last": False,
                "is_crash_fighters": False, "rounds": 100, "retreat_threshold": 0,
                **({"use_attackers_from_previous_wave": True} if swap else {})}
    waves = [wave(w, battle["defender"] if i == 0 else {}) for i, w in enumerate(battle["waves"])]
    if battle["counter"]:
        waves.append(wave(battle["counter"], {}, ATTACK, swap=True))
    return {"wave_info": waves, "debug": False, "prune_threshold": 1e-12, "report_prune_threshold": 1e-12,
            "is_naval": sea, "in_progress": False, "num_runs": 1, "verbose_level": 0,
            "diceMode": "lowluck" if key.endswith("-ll") else "standard", "sortMode": "unit_count"}


PEER_SERVER = r"""
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
const peer = await import(pathToFileURL(process.argv[2] + '/dist/index.js').href);
for await (const line of createInterface({input: process.stdin})) {
  const ask = JSON.parse(line);
  const times = [], cpus = [];
  let result;
  for (let i = 0; i < ask.runs; i++) {
    const t0 = performance.now(), c0 = process.cpuUsage();
    result = peer.multiwaveExternal(ask.input);
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpus.push((c.user + c.system) / 1000);
  }
  const takes = result.takesTerritory, left = result.defense.survives;
  const holds = ask.input.wave_info.at(-1).use_attackers_from_previous_wave;
  const chance = ask.input.is_naval ? 1 - left[left.length - 1] : takes[takes.length - 1];
  process.stdout.write(JSON.stringify({times, cpus, chance: holds ? 1 - chance : chance}) + '\n');
}
"""


class Peer:
    """aacalc2 in one Node process, asked battle by battle over a pipe."""

    def __init__(self, directory: Path):
        node = shutil.which("node")
        if node is None:
            raise SystemExit("bench: the peer needs Node.js")
        self.scratch = tempfile.TemporaryDirectory()
        script = Path(self.scratch.name, "peer.mjs")
        script.write_text(PEER_SERVER)
        self.process = subprocess.Popen([node, str(script), str(directory.resolve())], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def call(self, key: str, runs: int = 1) -> dict:
        self.process.stdin.write(json.dumps({"input": peer_input(key), "runs": runs}) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self):
        self.process.stdin.close()
        self.process.wait()
        self.scratch.cleanup()


def _ours(handle, text: str) -> tuple[float, float, dict]:
    began, cpu = time.perf_counter(), time.process_time()
    got = handle(text)
    return (time.perf_counter() - began) * 1e3, (time.process_time() - cpu) * 1e3, got


def chance(got: str) -> float:
    """The chance both print: the territory held (take and hold), the defender destroyed (sea), else taken."""
    result = json.loads(got)["result"]
    if result["kind"] == "sea":
        return result["outcome"]["attacker_wins"] + result["outcome"].get("draw", 0.0)
    return result.get("holds", result["takes_territory"])


def forget_kept(prefix: str = "") -> None:
    """Forget the ladders and the sea chain's ends of a round and sides kept across calculations (``--first``): a battle of
    a shape not met before. The engine's answers per army stay, as they stay in the commit compared with.
    ``prefix`` names another tree's package (``luckdial_base.``: the commit ``--base`` compares with)."""
    import importlib
    fleet = importlib.import_module(f"{prefix}pycore.calc.fleet")
    kept = importlib.import_module(f"{prefix}pycore.calc.ladder.kept")
    kept.forget()
    fleet._ENDINGS.clear()
    try:            # the sea chain's kept sides (a commit before them has none)
        importlib.import_module(f"{prefix}pycore.calc.fleet.kept").forget()
    except ModuleNotFoundError:
        pass


def run(keys: list, repeat: int, peer_dir: Path | None, base: str | None, base_handle=None,
        first: bool = False) -> int:
    """Every battle of ``keys``: ours and the counterpart's calls in turn, best and median, their ratio; with
    ``first``, ours (and ``--base``'s commit) forgets what it keeps across calculations before each call."""
    from pycore.api import handle
    peer = Peer(peer_dir) if peer_dir else None
    against = "aacalc2 at " + str(peer_dir) if peer else f"commit {base}"
    print(f"Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.1f}; ours / {against}, call by call "
          f"in turn, best (median) of {repeat} (slow battles: {max(2, repeat // 3)}); wall ms, CPU ms in brackets")
    try:
        for key in keys:
            text = json.dumps(request(key))
            runs = max(2, repeat // 3) if key in SLOW else repeat
            handle(text)
            if peer:
                peer.call(key, 2 if key in SLOW else 10)
            else:
                base_handle(text)
            mine, theirs = [], []
            for _ in range(runs):
                if first:
                    forget_kept()
                wall, cpu, got = _ours(handle, text)
                mine.append((wall, cpu))
                if peer:
                    answer = peer.call(key)
                    theirs.append((answer["times"][0], answer["cpus"][0]))
                else:
                    if first:                # the commit forgets what it keeps too: both calls are first ones
                        forget_kept("luckdial_base.")
                    wall_b, cpu_b, got_b = _ours(base_handle, text)
                    theirs.append((wall_b, cpu_b))
            print(_line(key, mine, theirs, chance(got), answer["chance"] if peer else chance(got_b), bool(peer)),
                  flush=True)
    finally:
        if peer:
            peer.close()
    return 0


def _line(key, mine, theirs, ours_chance, their_chance, peer: bool) -> str:
    def best(rows, i):
        return min(r[i] for r in rows)

    def median(rows, i):
        return statistics.median(r[i] for r in rows)
    ratio, ratio_median = best(mine, 0) / best(theirs, 0), median(mine, 0) / median(theirs, 0)
    cpu = best(mine, 1) / best(theirs, 1)
    target = TARGETS.get(key) if peer else None
    verdict = f", target ≤ {target}x {'met' if ratio <= target else 'MISSED'} (CPU {'met' if cpu <= target else 'MISSED'})" \
        if target else ""
    name = FIXED[key][0] + (", Low Luck" if key.endswith("-ll") else ", dice")
    return (f"{key:7} {name}: ours {best(mine, 0):.2f} ({best(mine, 1):.2f}) / median {median(mine, 0):.2f}; "
            f"theirs {best(theirs, 0):.2f} ({best(theirs, 1):.2f}) / median {median(theirs, 0):.2f}; "
            f"ours / theirs {ratio:.2f}x best, {ratio_median:.2f}x median, CPU {cpu:.2f}x"
            f"{verdict}; chance {ours_chance:.9f} / {their_chance:.9f}")


def kept_report() -> int:
    """The kept ladders (pycore/calc/ladder/kept.py) under three workloads: their hit rate, the rungs a new ladder
    took from a kept one, the time against a run with nothing kept, and the memory they hold when full."""
    from pycore.api import handle
    from pycore.calc.ladder import kept

    def session():
        """A player adding units one at a time: 10 v 10 up to 30 v 30, the attacker then the defender."""
        texts = []
        for n in range(5, 16):
            for extra in (0, 1):
                a = {"infantry": n, "artillery": 2, "tank": 3 + extra}
                texts.append(json.dumps({"op": "calc", **{k: v for k, v in request("10").items() if k != "op"},
                                         "attacker": {"units": a, "order_of_loss": ATTACK}}))
        return texts

    def search():
        return [json.dumps({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
                            "attacker": {"units": {"infantry": 3}}, "defender": {"units": {"infantry": 3, "artillery": 1}},
                            "recommend": {"available": {"infantry": 6, "artillery": 2, "tank": 3, "fighter": 2},
                                          "target": 0.9}})]

    def again():
        return [json.dumps(request(key)) for key in ("10", "40", "40aa", "w2", "w3", "w40", "hold", "hold30")] * 3
    print(f"Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.1f}; bound {kept.KEPT_CELLS:,} law cells")
    for name, texts in (("a session adding units", session()), ("recommend, 251 armies", search()),
                        ("the fixed battles, each asked 3 times", again())):
        timings = _with_and_without(texts, kept.forget, handle)
        asked = kept.counts["hits"] + kept.counts["misses"]
        rungs = kept.counts["rungs built"] + kept.counts["rungs shared"]
        print(f"{name}: {len(texts)} requests, {asked} ladders asked, {kept.counts['hits'] / max(1, asked):.0%} kept "
              f"whole, {kept.counts['rungs shared'] / max(1, rungs):.0%} of the rest's rungs taken from kept ones; "
              f"{timings[True]:.0f} ms CPU with the cache, {timings[False]:.0f} ms forgetting it before each request")
    def fill():
        for n in range(20, 400, 7):
            handle(json.dumps({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
                               "attacker": {"units": {"infantry": n // 2, "artillery": n // 4, "tank": n // 4}},
                               "defender": {"units": {"infantry": n // 2 + 5, "artillery": n // 5, "tank": n // 5}}}))
        return len(kept._KEPT), kept._held[0]

    held, after, (ladders, cells) = _memory(fill, kept.forget)
    print(f"memory, filled by battles of 20 to 400 units: {ladders} ladders of {cells:,} law cells kept; "
          f"held {held / 1e6:.1f} MB above the start, {after / 1e6:.1f} MB once forgotten: the kept ladders "
          f"{(held - after) / 1e6:.1f} MB")
    return sea_kept_report()


def _with_and_without(texts: list, forget, handle) -> dict:
    """CPU ms of the requests in turn with a store kept across them (True) and forgetting it before each (False)."""
    timings = {}
    for keep in (False, True):
        forget()
        began = time.process_time()
        for text in texts:
            if not keep:
                forget()
            handle(text)
        timings[keep] = (time.process_time() - began) * 1e3
    return timings


def _memory(fill, forget) -> tuple:
    """(bytes held above the start once ``fill`` ran, bytes held once the store is forgotten, what ``fill``
    returned: the store's own counts, read before it is forgotten), traced by tracemalloc."""
    import gc
    import tracemalloc
    forget()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    counts = fill()
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    forget()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held, after, counts


def sea_kept_report() -> int:
    """The sea chain's kept sides (pycore/calc/fleet/kept.py) under three workloads: hit rate, time against a run
    forgetting them before each request, and the memory they hold filled by ever bigger fleets."""
    from pycore.api import handle
    from pycore.calc.fleet import kept

    base = request("sea8")

    def sea(attacker, defender, damaged=None):
        got = json.loads(json.dumps(base))
        got["attacker"]["units"], got["defender"]["units"] = attacker, defender
        if damaged:
            got["attacker"]["damaged"] = damaged
        return json.dumps(got)

    a0, d0 = base["attacker"]["units"], base["defender"]["units"]

    def adding():
        """A player adding a unit at a time to one side, then the other (sea 8 v 8 up to 11 v 11)."""
        texts, a, d = [], dict(a0), dict(d0)
        for uid in ("destroyer", "cruiser", "submarine"):
            a = {**a, uid: a.get(uid, 0) + 1}
            texts.append(sea(a, d))
            d = {**d, uid: d.get(uid, 0) + 1}
            texts.append(sea(a, d))
        return texts

    def rounds():
        """Odds from here after each round of a sea 8 v 8 (a loss each side, the battleship damaged first)."""
        a, d = dict(a0), dict(d0)
        texts = [sea(a, d)]
        for uid_a, uid_d in (("submarine", "submarine"), ("submarine", "submarine"), ("destroyer", "destroyer")):
            a, d = {**a, uid_a: a[uid_a] - 1}, {**d, uid_d: d[uid_d] - 1}
            texts.append(sea(a, d, {"battleship": 1}))
        return texts

    print(f"the sea chain's kept sides: bound {kept.KEPT_CELLS:,} entries")
    for name, texts in (("a unit added at a time", adding()), ("a round fought at a time", rounds()),
                        ("sea 8 v 8 asked 5 times", [sea(a0, d0)] * 5)):
        for text in texts:
            handle(text)              # the engine's answers and the ends of a round, kept by both runs, warm
        timings = _with_and_without(texts, kept.forget, handle)
        asked = kept.counts["hits"] + kept.counts["misses"]
        print(f"{name}: {len(texts)} requests, {asked} sides asked, {kept.counts['hits'] / max(1, asked):.0%} kept; "
              f"{timings[True]:.1f} ms CPU with the store, {timings[False]:.1f} ms forgetting it before each request")
    def fill():
        for n in range(2, 22, 2):
            units = {"submarine": n // 2, "destroyer": n // 2 + 1, "carrier": n // 4 + 1, "fighter": n // 2}
            handle(sea(units, {**units, "cruiser": 1}))
        return len(kept._KEPT), kept.held()

    held, after, (sides, cells) = _memory(fill, kept.forget)
    print(f"memory, filled by fleets of 5 to 30 units a side: {sides} sides of {cells:,} entries kept; held "
          f"{held / 1e6:.1f} MB above the start, {after / 1e6:.1f} MB once forgotten: the kept sides "
          f"{(held - after) / 1e6:.1f} MB")
    return 0


SPLIT = ("door: JSON in and out", "reading and validation", "cost estimate", "laws (ladders built or kept)",
         "the chain's loop", "summary", "link", "the op's own")


def split_report(keys: list, calls: int, first: bool) -> int:
    """Where a call of ``pycore.api.handle`` spends its time, stage by stage (process time of ``calls`` calls
    after one warm-up, each stage's own time: a wrapped function's time less the wrapped ones it called).

    Stages: the door (JSON parsed and written, ``api.handle``), reading the request (``read_calc``), the cost
    estimate (the methods' ``estimate``, ``plan_cost``), the land ladders (``kept.ladder``: built, or kept),
    the chain's loop (``ends_of`` and a plan's ``fight`` less the above: the opening fire, the rows settled,
    the engine's answers it asks), the summary (``summarize``, a plan's ``result``), the share link
    (``link_for``) and the rest of the op. The wrappers add about a microsecond a call.
    """
    import importlib
    from pycore.api import handle
    modules = {name: importlib.import_module(f"pycore.{name}") for name in (
        "api", "ops.calc", "ops.calc_plan", "calc.method", "calc.plan_cost", "calc.ladder.solve", "calc.waves")}
    method, plan_cost = modules["calc.method"], modules["calc.plan_cost"]
    try:                                # a commit before the kept ladders (run with its pycore first on the path)
        laws = (importlib.import_module("pycore.calc.ladder.kept"), "ladder", 3)
    except ImportError:
        laws = (modules["calc.ladder.solve"], "Ladder", 3)
    wrapped = [(modules["ops.calc"], "run", 7), (modules["ops.calc"], "read_calc", 1),
               (method.Ladder, "estimate", 2), (method.Fleet, "estimate", 2), (method.General, "estimate", 2),
               (plan_cost, "estimate", 2), (plan_cost, "check", 2), laws,
               (method, "ends_of", 4), (modules["ops.calc_plan"], "fight", 4), (method, "summarize", 5),
               (modules["ops.calc_plan"], "result", 5), (modules["ops.calc"], "link_for", 6)]
    spent = [0.0] * len(SPLIT)
    inner = [0.0]

    def timed(function, stage):
        def wrapper(*args, **kwargs):
            outer, inner[0] = inner[0], 0.0
            began = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                took = time.process_time() - began
                spent[stage] += took - inner[0]
                inner[0] = outer + took
        return wrapper
    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in wrapped]
    for owner, name, stage in wrapped:
        setattr(owner, name, timed(getattr(owner, name), stage))
    print(f"Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.1f}; process ms a call, {calls} calls"
          f"{', nothing kept from one call to the next' if first else ''}")
    print("| battle | whole call | " + " | ".join(SPLIT) + " |")
    print("|---|" + "---|" * (len(SPLIT) + 1))
    try:
        for key in keys:
            text = json.dumps(request(key))
            handle(text)
            spent[:] = [0.0] * len(SPLIT)
            began = time.process_time()
            for _ in range(calls):
                if first:
                    forget_kept()
                inner[0] = 0.0
                started = time.process_time()
                handle(text)
                spent[0] += time.process_time() - started - inner[0]
            whole = (time.process_time() - began) / calls * 1e3
            cells = [f"{s / calls * 1e3:.2f} ({s / calls * 1e3 / whole:.0%})" for s in spent]
            print(f"| {key} {FIXED[key][0]}{', Low Luck' if key.endswith('-ll') else ''} | {whole:.2f} | "
                  + " | ".join(cells) + " |", flush=True)
    finally:
        for owner, name, function in saved:
            setattr(owner, name, function)
    return 0


def time_calls(keys: list, calls: int) -> int:
    """One line of JSON per battle: ``pycore.api.handle``'s best and median milliseconds over ``calls`` calls
    after two warm-up calls, timed by the process clock (in Pyodide, the wall's). ``bench/calc.py --fixed
    --pyodide`` runs this inside Pyodide, in this tree and in ``--base REV``'s, one process after the other."""
    from pycore.api import handle
    for key in keys:
        text = json.dumps(request(key))
        handle(text)
        handle(text)
        runs = []
        for _ in range(calls):
            began = time.process_time()
            handle(text)
            runs.append((time.process_time() - began) * 1e3)
        print(json.dumps({"battle": key, "best": min(runs), "median": statistics.median(runs)}), flush=True)
    return 0


if __name__ == "__main__":             # inside Pyodide: python bench/fixed.py KEY ... --repeat N
    sys.path.insert(0, str(REPO))
    args = sys.argv[1:]
    repeat = int(args[args.index("--repeat") + 1]) if "--repeat" in args else 9
    raise SystemExit(time_calls([a for a in args if a in FIXED], repeat))

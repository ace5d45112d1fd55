"""Benchmark of the calculator (issue 4): the issue's two battles, dice, fought to the end.

Prints the milliseconds of ``pycore.calc`` (floats; pruning at 1e-13, the mass
pruned printed too) and of a naive exact baseline measured in the same run:
the same states (hits taken by each side, on the same ladders) and the same
laws, but each state's round worked out directly as the outer product of the
two sides' laws, with no Horner folding and no big-integer convolution.
Targets (CPython): 40 v 40 ≤ 50 ms, 150 v 150 ≤ 1.5 s; in the browser's
Pyodide no more than 2× CPython.

The sea battles (issue: sea and mixed battles, 1942-2e, default orders of
loss, dice and Low Luck) print their method (all exact, by ``calc.fleet``),
their time against the peer's (aacalc2 2.0.25 on V8: ``PEER_MS``, measured
beside this bench on this machine, or a run's own with ``--peer-json``) and
issue 31's targets (8 v 8 ≤ 4×, 13 v 15 ≤ 3×, 28 v 28 ≤ 1.5× the peer with
dice), and the old path measured in the same run: the general chain up to 16
units in all, Monte Carlo (2,000 battles) beyond. The land battles are also run
with Low Luck (``40-ll``, ``150-ll``). ``--first`` forgets what the calculator
keeps across calculations (the engine's answers per army, the laws of hits)
before each run, so every run is a first one. ``--pyodide`` also runs the calculator in the pinned npm Pyodide
under Node (tests/pyodide/run_in_pyodide.mjs, the files the site ships; every
battle in one Node process) and prints its ratio to CPython in the same run
against the 2× target, three ways: best wall-clock, median wall-clock, and CPU
time (Node's, which counts V8's helper threads too), the last being the one a
loaded machine disturbs least; and a pure-Python reference loop's ratio, the
interpreter alone, which no code spending its time in the interpreter can beat.
The targets are read on wall-clock time (best of ``--repeat``); the process's
CPU time of the best run is printed beside it, since these machines are
shared and a run can lose the processor to a neighbour.

``--floor`` (sea battles) counts what the sea chain did: the main fires it worked and the cells of their outer
products, the laws it built, the cells it spread in the interpreter (a row's own at once, later rows' once
per law they are owed) and the weights it owed; and times a bare CPython loop ``row[d] += c * p`` over as
many cells and weights, what any method that spreads them in the interpreter costs at least; and the CPU
time of the engine's answers the chain asks for in a first calculation (the rules' single source: where a
hit lands, what fires, the end of a round), which no change to the chain's own bookkeeping removes.

``--base REV`` also runs commit REV's calculator (its ``pycore`` from ``git archive``) and this tree's on each battle,
one after the other, run by run, in this process, and prints both process times and their ratio: on a shared
machine the only comparison of two versions that the load does not skew.

    python3 bench/calc.py [--repeat N] [--no-baseline] [--only KEY] [--sea | --land] [--pyodide] [--floor]
                          [--first] [--peer-json PATH] [--base REV]
    python3 bench/calc.py --fixed [KEY ...] [--repeat N] [--peer DIR | --base REV]

``--fixed`` runs the battles players ask about most (10 v 10 to 150 v 150, sea 8 v 8 and 28 v 28, two and
three waves, take and hold; bench/fixed.py) through ``pycore.api.handle``, call by call in turn with aacalc2
when it is built beside the checkout (``../aacalc2``) or ``--peer DIR`` names it, otherwise with commit
``--base REV``, and prints ours / theirs.
"""

from __future__ import annotations

import argparse
import atexit
import dataclasses
import importlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore.calc import ladder  # noqa: E402
from pycore.calc.chain import Chain  # noqa: E402
from pycore.calc.method import FLOOR, TAIL, ends_of  # noqa: E402
from pycore.engine.army import Army  # noqa: E402
from pycore.read.battle import read_setup  # noqa: E402
from pycore.forces import Force  # noqa: E402
from pycore.rulesets import find_ruleset  # noqa: E402
from pycore.read.systems import read_system  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
TARGET_MS = {"40": 50.0, "150": 1500.0,
             "sea8": 5.0, "sea8-ll": 2.0, "sea13": 15.0, "sea13-ll": 5.0, "sea28": 60.0, "sea28-ll": 10.0}
PEER_MS = {"sea8": 1.47, "sea8-ll": 0.34, "sea13": 3.81, "sea13-ll": 0.95, "sea28": 70.4, "sea28-ll": 7.12}
"""aacalc2 2.0.25 (TypeScript on V8, Node 20), best of 40 runs of each battle in one process (its JIT warm),
measured on this machine beside this bench (issue 31, bench/README.md): reference points, not run here; a
run's own figures can be given with ``--peer-json``."""
PEER_RATIO = {"sea8": 4.0, "sea13": 3.0, "sea28": 1.5}
"""Issue 31's targets at sea with dice: at most this many times the peer's time, in CPython (twice that in
Pyodide)."""

BATTLES = {
    "40": ("40 v 40 mixed land + AA", {
        "ruleset": "revised", "system": {"name": "dice"},
        "attacker": {"units": {"infantry": 16, "artillery": 8, "tank": 10, "fighter": 4, "bomber": 2}},
        "defender": {"units": {"infantry": 22, "artillery": 6, "tank": 8, "fighter": 3, "aa_gun": 1}},
    }),
    "150": ("150 v 150 (100 inf + 40 art + 10 ftr v 100 inf + 40 art + 6 ftr + 3 AA)", {
        "ruleset": "revised", "system": {"name": "dice"},
        "attacker": {"units": {"infantry": 100, "artillery": 40, "fighter": 10}},
        "defender": {"units": {"infantry": 100, "artillery": 40, "fighter": 6, "aa_gun": 3}},
    }),
}
# The same land battles with Low Luck (the Pyodide figures name them: 40 v 40 LL, 150 v 150 LL).
for _key in ("40", "150"):
    BATTLES[f"{_key}-ll"] = (BATTLES[_key][0] + ", lowluck", {**BATTLES[_key][1], "system": {"name": "lowluck"}})
    TARGET_MS[f"{_key}-ll"] = TARGET_MS[_key]

_SEA = {
    "8": ("sea 8 v 8",
          {"submarine": 2, "destroyer": 2, "cruiser": 1, "battleship": 1, "fighter": 2},
          {"submarine": 2, "destroyer": 2, "cruiser": 1, "carrier": 1, "fighter": 2}),
    "13": ("sea 13 v 15",
           {"submarine": 4, "destroyer": 3, "cruiser": 2, "battleship": 1, "carrier": 1, "fighter": 2},
           {"submarine": 3, "destroyer": 4, "cruiser": 2, "battleship": 1, "carrier": 1, "fighter": 2, "transport": 2}),
    "28": ("sea 28 v 28 (10 sub + 6 dd + 4 cv + 8 ftr each)",
           {"submarine": 10, "destroyer": 6, "carrier": 4, "fighter": 8},
           {"submarine": 10, "destroyer": 6, "carrier": 4, "fighter": 8}),
}
for _key, (_name, _a, _d) in _SEA.items():
    for _suffix, _system in (("", "dice"), ("-ll", "lowluck")):
        BATTLES[f"sea{_key}{_suffix}"] = (f"{_name}, 1942-2e, {_system}", {
            "ruleset": "1942-2e", "system": {"name": _system}, "kind": "sea",
            "attacker": {"units": _a}, "defender": {"units": _d}})


def wins(ends) -> float:
    return sum(p for (outcome, _, _), p in ends.items() if outcome == "attacker_wins")


def timed_calc(setup):
    """(wall seconds, P(attacker wins), pruned, CPU seconds of this process) of one calculation."""
    began, cpu = time.perf_counter(), cpu_seconds()
    got = ends_of(setup)
    return time.perf_counter() - began, wins(got.ends), got.pruned, cpu_seconds() - cpu


def timed_naive(setup):
    """Every state's round as the outer product of the two laws, on the same ladders, nothing folded."""
    began = time.perf_counter()
    chain = Chain(setup, tail=TAIL, floor=FLOOR)
    a0, d0 = Army(setup.attacker.units), Army(setup.defender.units)
    empty = Force(())
    ends: dict = {}
    live: dict = {}
    for (a, d, ga, gd), mass in chain.opening({(a0, d0, empty, empty): 1.0}).items():
        la = ladder.Ladder(setup, "attacker", a, d, TAIL)
        ld = ladder.Ladder(setup, "defender", d, a, TAIL)
        lo_a, law_a = la.of_firing(Army(a.units.plus(ga, setup.ruleset)), d, TAIL) if ga else la.cut[0]
        lo_d, law_d = ld.of_firing(Army(d.units.plus(gd, setup.ruleset)), a, TAIL) if gd else ld.cut[0]
        for l, pl in enumerate(law_d, lo_d):
            for k, pk in enumerate(law_a, lo_a):
                key = (la, min(l, la.top), ld, min(k, ld.top))
                live[key] = live.get(key, 0.0) + mass * pl * pk
    while live:
        nxt: dict = {}
        for (la, i, ld, j), m in live.items():
            ended = ladder.outcome_of(i, j, la.top, ld.top)
            if ended is not None:
                ends[(ended, la.armies[i], ld.armies[j])] = ends.get((ended, la.armies[i], ld.armies[j]), 0) + m
                continue
            if m < FLOOR:
                continue
            lo_a, law_a = la.cut[i]
            lo_d, law_d = ld.cut[j]
            for l, pl in enumerate(law_d, lo_d):
                c = m * pl
                i2 = min(i + l, la.top)
                for k, pk in enumerate(law_a, lo_a):
                    key = (la, i2, ld, min(j + k, ld.top))
                    nxt[key] = nxt.get(key, 0.0) + c * pk
        live = nxt
    return time.perf_counter() - began, wins(ends)


def timed_old_path(setup):
    """The sea path before calc.fleet, measured in the same run: the general chain (floats, the same pruning)
    up to 16 units in all, Monte Carlo (2,000 engine battles) beyond. (wall seconds, P(attacker wins), method)."""
    from pycore.calc import montecarlo
    from pycore.calc.chain import solve
    from pycore.calc.method import MAX_GENERAL_UNITS
    began = time.perf_counter()
    start = {role: Army(setup.side(role).units) for role in ("attacker", "defender")}
    if sum(army.size for army in start.values()) > MAX_GENERAL_UNITS:
        got = montecarlo.sample(setup, None, montecarlo.SAMPLES_GENERAL)
        return time.perf_counter() - began, wins(got.ends), "Monte Carlo 2,000"
    chain = Chain(setup, exact=False, tail=TAIL, floor=FLOOR, start=start)
    got = solve(chain)
    return time.perf_counter() - began, wins(got["ends"]), "general chain"


def base_calculator(rev: str) -> tuple:
    """``ends_of``, ``read_setup``, ``find_ruleset`` and ``read_system`` of commit ``rev``: its ``pycore`` taken with
    ``git archive`` into a temporary directory and imported as ``luckdial_base.pycore`` (as bench/engine.py does)."""
    try:
        blob = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", rev, "pycore"],
                              check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise SystemExit(f"bench/calc.py: cannot read {rev!r} with git archive: {error}") from error
    root = Path(tempfile.mkdtemp(prefix="luckdial_base_"))
    atexit.register(shutil.rmtree, root, True)
    (root / "luckdial_base").mkdir()
    (root / "luckdial_base" / "__init__.py").write_text("")
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(root / "luckdial_base", filter="data")
    sys.path.insert(0, str(root))
    def first(*names):                  # the reading layer moved read_setup and read_system out of engine/systems
        for name in names:
            try:
                return importlib.import_module(f"luckdial_base.pycore.{name}")
            except ImportError:
                pass
        raise SystemExit(f"bench/calc.py: {rev!r} has none of {names}")
    method, rulesets = first("calc.method"), first("rulesets")
    setup, systems = first("read.battle", "engine.setup"), first("read.systems", "systems")
    return method.ends_of, setup.read_setup, rulesets.find_ruleset, systems.read_system


def against_base(rev: str, base: tuple, request: dict, repeat: int) -> str:
    """This tree's calculation and ``rev``'s of the same battle, run by run in turn in this process (process time):
    on a shared machine the two meet the same load, which separate runs do not."""
    ends_b, parse_b, ruleset_b, system_b = base
    mine = read_setup(request, find_ruleset(request["ruleset"]), read_system(request["system"]))
    theirs = parse_b(request, ruleset_b(request["ruleset"]), system_b(request["system"]))
    runs: dict = {"base": [], "now": []}
    wins_of = {}
    for _ in range(repeat + 1):                      # the first round warms both up and is not counted
        for name, solve, setup in (("base", ends_b, theirs), ("now", ends_of, mine)):
            began = time.process_time()
            got = solve(setup)
            runs[name].append(time.process_time() - began)
            wins_of[name] = wins(got.ends)
    best = {name: min(times[1:]) * 1e3 for name, times in runs.items()}
    median = {name: statistics.median(times[1:]) * 1e3 for name, times in runs.items()}
    return (f"; against {rev}, in turn (CPU, best / median of {repeat}): {rev} {best['base']:.1f} / "
            f"{median['base']:.1f} ms, this tree {best['now']:.1f} / {median['now']:.1f} ms: "
            f"{best['now'] / best['base']:.2f}x / {median['now'] / median['base']:.2f}x, "
            f"|diff| {abs(wins_of['now'] - wins_of['base']):.1e}")


def cpu_seconds() -> float:
    """This process's CPU time: ``time.process_time`` in CPython; under Node, Node's own count (Pyodide's clock
    would be wall time), which includes V8's helper threads (garbage collection, compiling the WebAssembly)."""
    if sys.platform == "emscripten":
        import js  # Pyodide's bridge to the JavaScript host
        used = js.process.cpuUsage()
        return (used.user + used.system) * 1e-6
    return time.process_time()


def reference_loop() -> tuple[float, float]:
    """Best wall and CPU seconds of a fixed pure-Python loop (dict, int and float bookkeeping, no big integers).

    The interpreter's own speed, measured in the same run: its Pyodide / CPython ratio is what any code that
    spends its time in the interpreter (rather than in C: big-integer products, bytes) cannot beat.
    """
    walls, cpus = [], []
    for _ in range(5):
        began, cpu = time.perf_counter(), cpu_seconds()
        seen: dict = {}
        total = 0.0
        for n in range(200_000):
            seen[n & 1023] = seen.get(n & 1023, 0) + n
            total += n * 0.5
        walls.append(time.perf_counter() - began)
        cpus.append(cpu_seconds() - cpu)
    return min(walls), min(cpus)


def in_pyodide(selection: list[str], repeat: int, first: bool = False) -> dict:
    """{battle: its times inside Pyodide under Node}, every battle of ``selection`` in one Node process,
    and under "loop" the reference loop's (:func:`reference_loop`)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("--pyodide needs Node.js (python3 build.py setup installs the npm pyodide)")
    done = subprocess.run([node, str(REPO / "tests/pyodide/run_in_pyodide.mjs"), str(REPO), "bench/calc.py", "--",
                           *selection, "--repeat", str(repeat), "--no-baseline", "--json",
                           *(["--first"] if first else [])],
                          capture_output=True, text=True, check=True)
    return {got["battle"]: got for got in map(json.loads, done.stdout.strip().splitlines())}


def clear_caches() -> None:
    """Forget what the calculator keeps across calculations: the engine's answers per army (``Kinds.splits``,
    ``answers``, ``strikes``, ``hits``), the sea chain's laws of hits (``fleet.fire._LAWS``), ends of a round and sides, the kept
    ladders, so a run is a first one."""
    from pycore.calc import fleet
    from pycore.calc.fleet import fire
    from pycore.calc.fleet import kept as fleet_kept
    from pycore.calc.ladder import kept
    from pycore.engine import kinds
    kept.forget()
    fleet._ENDINGS.clear()
    fleet_kept.forget()
    for table in kinds._KINDS.values():
        table.splits.clear()
        table.answers.clear()
        table.strikes.clear()
        table.hits.clear()
    fire._LAWS.clear()


def floor_of(setup) -> dict:
    """What the sea chain did in one calculation (counted here by wrapping it, not in pycore): the main fires
    worked (``_Settle.spread``: one per position after the strikes, one per strike outcome where casualties
    stay), the cells of their outer products (a staged law, ``Fleet.fast``, counted as the grid it stands for),
    the cells spread in the interpreter and the weights owed (``spread`` and ``owed_into`` return them: a row's
    own at once, later rows' once per law or stage they are owed), and the laws built (``Fleet.fast``, ``land``)."""
    from pycore.calc.fleet import laws, settle
    got = {"fires": 0, "round cells": 0, "cells spread": 0, "laws": 0}
    spread, owed_into, fast, land = settle._Settle.spread, settle._Settle.owed_into, laws.Fleet.fast, laws.Fleet.land

    def size(fleet, role, law):
        if len(law) != 4:
            return len(law[0])
        return sum(len(fleet.stage(role, law[2], y)[0]) for y in law[0])

    def counting_spread(self, w, ia, law_a, law_d, row):
        got["fires"] += 1
        got["round cells"] += size(self.fleet, "attacker", law_a) * size(self.fleet, "defender", law_d)
        cells = spread(self, w, ia, law_a, law_d, row)
        got["cells spread"] += cells
        return cells

    def counting_owed(self, ia, row):
        cells = owed_into(self, ia, row)
        got["cells spread"] += cells
        return cells

    inside = []                         # a law ``fast`` builds through ``land`` is one law

    def counting(function, cache):
        def wrapper(self, role, victim, sig):
            if not inside and (sig << self.sides[role].shift) | victim not in getattr(self, cache)[role]:
                got["laws"] += 1
            inside.append(1)
            try:
                return function(self, role, victim, sig)
            finally:
                inside.pop()
        return wrapper

    settle._Settle.spread, settle._Settle.owed_into = counting_spread, counting_owed
    laws.Fleet.fast, laws.Fleet.land = counting(fast, "fast_of"), counting(land, "land_of")
    try:
        ends_of(setup)
    finally:
        settle._Settle.spread, settle._Settle.owed_into, laws.Fleet.fast, laws.Fleet.land = spread, owed_into, fast, land
    return got


def engine_seconds(setup) -> float:
    """CPU seconds the sea chain spends in the engine's own answers during a first calculation (caches cleared):
    where one hit lands (``one_hit``), what fires (``sub_group``, ``main_groups``), the end of a round
    (``Chain.end_of_round``): the rules' single source, asked once per army and target set, per firing force or
    per pair of type sets (measured here by wrapping them; the wrappers add a little)."""
    from pycore.calc.fleet import fire, side
    spent = 0.0

    def timed(function):
        def wrapper(*args, **kwargs):
            nonlocal spent
            began = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent += time.process_time() - began
        return wrapper

    originals = [(side, "one_hit"), (fire, "sub_group"), (fire, "main_groups")]
    saved = [getattr(module, name) for module, name in originals]
    end_of_round = Chain.end_of_round
    for (module, name), function in zip(originals, saved):
        setattr(module, name, timed(function))
    Chain.end_of_round = timed(end_of_round)
    try:
        clear_caches()
        ends_of(setup)
    finally:
        for (module, name), function in zip(originals, saved):
            setattr(module, name, function)
        Chain.end_of_round = end_of_round
    return spent


def cell_loop_seconds(cells: int) -> float:
    """Best CPU seconds of the bare CPython loop ``row[d] += c * p`` run ``cells`` times (20 cells a law, as a
    sea 28 v 28 averages): the interpreter's floor for a method that spreads each cell in Python."""
    row = [0.0] * 1500
    law = (tuple(range(0, 1500, 75)), tuple(1.0 / (n + 2) for n in range(20)))
    best = float("inf")
    for _ in range(3):
        began = time.process_time()
        for _ in range(max(1, cells // 20)):
            c = 0.5
            for d2, pd in zip(*law):
                row[d2] += c * pd
        best = min(best, time.process_time() - began)
    return best


def floor_line(setup) -> str:
    """What no change to the chain's bookkeeping removes, in words (:func:`floor_of`, :func:`engine_seconds`)."""
    got = floor_of(setup)
    loop = cell_loop_seconds(got["cells spread"]) * 1e3
    engine = min(engine_seconds(setup) for _ in range(3)) * 1e3
    return (f"floor: {got['fires']:,} main fires worked ({got['round cells']:,} round cells), {got['laws']:,} "
            f"laws built, {got['cells spread']:,} cells spread and weights owed in the "
            f"interpreter: a bare CPython loop over as many takes {loop:.1f} ms CPU; the engine's answers "
            f"(first calculation) {engine:.1f} ms CPU")


def verdict(wasm: dict, ms: float, median: float, cpu: float) -> str:
    """Pyodide against CPython, best, median and CPU time, each read against the 2× target."""
    def one(ratio: float) -> str:
        return f"{ratio:.2f}x {'met' if ratio <= 2 else 'MISSED'}"
    return (f"Pyodide {wasm['ms']:.1f} ms (median {wasm['median']:.1f}, CPU {wasm['cpu']:.1f} ms): "
            f"target ≤ 2x CPython: best {one(wasm['ms'] / ms)}, median {one(wasm['median'] / median)}, "
            f"CPU {one(wasm['cpu'] / cpu)}")


def fixed_cost(args) -> int:
    """``--fixed``: bench/fixed.py's battles against the peer when it is built (beside the checkout or ``--peer``),
    else against ``--base REV``'s ``pycore.api.handle``."""
    import fixed
    keys = args.fixed or list(fixed.FIXED)
    unknown = [key for key in keys if key not in fixed.FIXED]
    if unknown:
        raise SystemExit(f"bench/calc.py --fixed: unknown battles {unknown}; known: {', '.join(fixed.FIXED)}")
    peer = Path(args.peer) if args.peer else fixed.PEER_BESIDE
    if args.pyodide:
        return fixed_in_pyodide(keys, args.repeat, args.base)
    if args.base:
        base_calculator(args.base)                  # puts commit REV's pycore on the path as luckdial_base.pycore
        # The op registry names its modules ("pycore.ops.calc"): pointed at the commit's own, or its door would
        # answer with this tree's calculator.
        ops = importlib.import_module("luckdial_base.pycore.ops")
        ops.OPS = {name: dataclasses.replace(op, module="luckdial_base." + op.module) for name, op in ops.OPS.items()}
        base_handle = importlib.import_module("luckdial_base.pycore.api").handle
        return fixed.run(keys, args.repeat, None, args.base, base_handle, args.first)
    if not (peer / "dist" / "index.js").exists():
        raise SystemExit(f"bench/calc.py --fixed: no built aacalc2 at {peer} (git clone it beside the checkout and "
                         f"`npm install && npm run build` there), and no --base REV to compare with")
    return fixed.run(keys, args.repeat, peer, None, first=args.first)


def fixed_in_pyodide(keys: list, repeat: int, base: str | None, sittings: int = 3) -> int:
    """``--fixed --pyodide``: the battles through ``pycore.api.handle`` in the pinned Pyodide under Node, this tree
    and (``--base REV``) commit REV's whole tree from ``git archive``, each in a Node process of its own, the two
    alternating ``sittings`` times (one Node process cannot hold two ``pycore``: the op registry names its
    modules). Both run this tree's bench/fixed.py; Pyodide's clock is the wall's, so read the best."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("--pyodide needs Node.js (python3 build.py setup installs the npm pyodide)")
    trees = [("this tree", REPO)]
    if base:
        root = Path(tempfile.mkdtemp(prefix="luckdial_base_"))
        atexit.register(shutil.rmtree, root, True)
        blob = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", base], check=True,
                              capture_output=True).stdout
        with tarfile.open(fileobj=BytesIO(blob)) as tar:
            tar.extractall(root, filter="data")
        shutil.copy(REPO / "bench" / "fixed.py", root / "bench" / "fixed.py")
        (root / "node_modules").symlink_to(REPO / "node_modules")
        trees.append((base, root))
    got: dict = {}
    for _ in range(sittings):
        for name, tree in trees:
            done = subprocess.run([node, str(REPO / "tests/pyodide/run_in_pyodide.mjs"), str(tree), "bench/fixed.py",
                                   "--", *keys, "--repeat", str(repeat)], capture_output=True, text=True, check=True)
            for line in done.stdout.strip().splitlines():
                row = json.loads(line)
                got.setdefault((name, row["battle"]), []).append(row)
    print(f"Pyodide under Node; load average {os.getloadavg()[0]:.1f}; best (median) ms of {repeat} calls, "
          f"{sittings} processes each, alternating")
    for key in keys:
        cells = []
        for name, _ in trees:
            rows = got[(name, key)]
            cells.append((name, min(r["best"] for r in rows), statistics.median(r["median"] for r in rows)))
        line = f"{key}: " + "; ".join(f"{name} {best:.2f} ({median:.2f})" for name, best, median in cells)
        if base:
            line += f"; this tree / {base}: {cells[0][1] / cells[1][1]:.2f}x best"
        print(line, flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--only", choices=sorted(BATTLES))
    parser.add_argument("--sea", action="store_true", help="only the sea battles")
    parser.add_argument("--land", action="store_true", help="only the land battles")
    parser.add_argument("--pyodide", action="store_true", help="also time the calculator in Pyodide (Node)")
    parser.add_argument("--floor", action="store_true",
                        help="sea battles: also count what the chain did and time a bare loop over its cells")
    parser.add_argument("--first", action="store_true",
                        help="forget what the calculator keeps across calculations before each run")
    parser.add_argument("--peer-json", metavar="PATH",
                        help="the peer's times measured in the same run: JSON lines {\"battle\": key, \"best\": ms}")
    parser.add_argument("--base", metavar="REV",
                        help="also time commit REV's calculator run by run in turn with this tree's, in this process")
    parser.add_argument("--fixed", nargs="*", metavar="KEY",
                        help="the battles players ask about most (bench/fixed.py), through pycore.api.handle, call by "
                             "call in turn with aacalc2 built beside the checkout (or --peer DIR), else with --base REV")
    parser.add_argument("--peer", metavar="DIR", help="with --fixed: a built aacalc2 other than ../aacalc2")
    parser.add_argument("--split", nargs="*", metavar="KEY",
                        help="where a call of pycore.api.handle spends its time, stage by stage (bench/fixed.py)")
    parser.add_argument("--kept", action="store_true",
                        help="the kept ladders' hit rate, time saved and memory (bench/fixed.py kept_report)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)   # one line per battle, for --pyodide
    args = parser.parse_args()
    if args.fixed is not None:
        return fixed_cost(args)
    if args.split is not None:
        import fixed
        return fixed.split_report(args.split or ["10", "10-ll", "40", "40-ll", "40aa", "sea8", "w2", "w40", "hold",
                                                 "hold30"], max(args.repeat, 20), args.first)
    if args.kept:
        import fixed
        return fixed.kept_report()
    if not args.json:
        print(f"Python {sys.version.split()[0]}")
    chosen = [key for key in BATTLES if not (args.only and key != args.only or args.sea and not key.startswith("sea")
                                             or args.land and key.startswith("sea"))]
    wasm_times: dict = {}
    if args.pyodide:
        wasm_times = in_pyodide(["--only", args.only] if args.only else ["--sea"] if args.sea
                                else ["--land"] if args.land else [], args.repeat, args.first)
    peer = dict(PEER_MS)
    if args.peer_json:
        with open(args.peer_json, encoding="utf-8") as lines:
            peer.update({got["battle"]: got["best"] for got in map(json.loads, lines) if got.get("battle")})
    base_calc = base_calculator(args.base) if args.base else None
    for key in chosen:
        name, request = BATTLES[key]
        setup = read_setup(request, find_ruleset(request["ruleset"]), read_system(request["system"]))
        runs = []
        for _ in range(args.repeat):
            if args.first:
                clear_caches()
            runs.append(timed_calc(setup))
        best = min(runs, key=lambda r: r[0])
        ms = best[0] * 1e3
        cpu = min(r[3] for r in runs) * 1e3
        median = statistics.median(r[0] for r in runs) * 1e3
        if args.json:
            print(json.dumps({"battle": key, "ms": ms, "median": median, "cpu": cpu, "wins": best[1]}), flush=True)
            continue
        line = f"{name}: calc {ms:.1f} ms (best of {args.repeat}, median {median:.1f}, CPU {cpu:.1f} ms"
        if key in PEER_RATIO:
            ratio = ms / peer[key]
            line += (f"; peer {peer[key]:.2f} ms: {ratio:.2f}x, target ≤ {PEER_RATIO[key]}x "
                     f"{'met' if ratio <= PEER_RATIO[key] else 'MISSED'})")
        elif key in peer:
            line += f"; peer {peer[key]:.2f} ms: {ms / peer[key]:.2f}x)"
        else:
            line += f"; target ≤ {TARGET_MS[key]:.0f} ms {'met' if ms <= TARGET_MS[key] else 'MISSED'})"
        line += f", P(attacker wins) {best[1]:.9f}, pruned {best[2]:.1e}"
        if key.startswith("sea"):
            line += f"; method {ends_of(setup).method}"
        if not args.no_baseline and key.startswith("sea"):
            old = timed_old_path(setup)
            line += (f"; old path ({old[2]}) {old[0] * 1e3:.1f} ms, ratio {old[0] / best[0]:.1f}x, "
                     f"|diff| {abs(old[1] - best[1]):.1e}")
        elif not args.no_baseline:
            naive = timed_naive(setup)
            line += (f"; naive exact baseline {naive[0] * 1e3:.1f} ms, ratio {naive[0] / best[0]:.1f}x, "
                     f"|diff| {abs(naive[1] - best[1]):.1e}")
        if base_calc is not None:
            line += against_base(args.base, base_calc, request, args.repeat)
        if args.floor and key.startswith("sea"):
            line += "; " + floor_line(setup)
        if args.pyodide:
            line += "; " + verdict(wasm_times[key], ms, median, cpu)
        print(line, flush=True)
    if args.json:
        wall, cpu = reference_loop()
        print(json.dumps({"battle": "loop", "ms": wall * 1e3, "cpu": cpu * 1e3}), flush=True)
    elif args.pyodide:
        wall, cpu = reference_loop()
        wasm = wasm_times["loop"]
        print(f"pure-Python reference loop (the interpreter alone, no big integers): CPython {wall * 1e3:.1f} ms "
              f"(CPU {cpu * 1e3:.1f}), Pyodide {wasm['ms']:.1f} ms (CPU {wasm['cpu']:.1f}): "
              f"{wasm['ms'] / (wall * 1e3):.2f}x best, {wasm['cpu'] / (cpu * 1e3):.2f}x CPU", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

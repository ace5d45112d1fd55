"""Benchmark of the engine's questions that the calculators ask (issue 15): µs per call, now against before.

The exact calculators (``calc.fleet``, ``calc.chain``, the ladder) ask the
engine many small questions per battle — who fires (``main_groups``,
``sub_group`` and what they are made of), where one hit lands
(``allocate``), the army after it (``Army.after``), whether the battle is
over (``Battle.decided``, ``can_hurt``, ``lose_lonely_transports``). This
bench records every such call, with its arguments, while ``ends_of`` solves
the bench battles of ``bench/calc.py`` (sea 8 v 8 and 13 v 15 with dice, 8 v 8
with Low Luck, 13 v 15 under the printed sub rule, and the 40 v 40 land battle) and
a battle of its own whose hits cross (``crossing``), then replays the recorded calls
through today's engine and through a baseline measured in the same run.

The baseline is the engine as it stood before this work: the ``pycore``
tree of commit ``BASE_REV`` (``git archive``, into a temporary directory,
imported as a package of its own, its ``Army`` and ``Force`` standing in for
ours), so its functions run with their own helpers. Each replay checks that
both give the same answer to every recorded call (Groups, armies and
casualties compared field by field) and prints µs per call, best of
``--repeat``, and the ratio baseline / now (above 1: faster now). The
process's CPU time is what is measured (these machines are shared).

    python3 bench/engine.py [--repeat N] [--base REV] [--only BATTLE]
"""

from __future__ import annotations

import argparse
import atexit
import dataclasses
import importlib
import importlib.util
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pycore.calc.method import ends_of  # noqa: E402
from pycore.engine import army as army_mod  # noqa: E402
from pycore.engine import casualties as casualties_mod  # noqa: E402
from pycore.engine import firing as firing_mod  # noqa: E402
from pycore.engine import sequence as sequence_mod  # noqa: E402
from pycore.read.battle import read_setup  # noqa: E402
from pycore import forces as forces_mod  # noqa: E402
from pycore.rulesets import find_ruleset  # noqa: E402
from pycore.read.systems import read_system  # noqa: E402

BASE_REV = "e9e5036"
"""main when this work began (issue 15, the engine's questions made cheaper): the engine before it."""

BATTLES = ("sea8", "sea13", "sea8-ll", "sea13-printed", "crossing", "40")
"""Keys of bench/calc.py's battles whose calls are recorded and replayed; ``-printed``: the same battle under
the printed rule books' sub step (``sub_rule: "printed"``, docs/rules.md §2 "The sub step"), where subs facing
a destroyer fire with the rest and hits whose targets cross are placed together. ``crossing``: a battle of this
bench's own where they do, often (the attacker's subs and aircraft, no destroyer, against destroyers and subs:
sub hits that never take aircraft beside aircraft hits that cannot take subs, ``casualties._place_together``)."""

CROSSING = ("sea 9 v 8, subs and fighters against destroyers and subs, 1942-2e, dice, printed sub rule", {
    "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "sub_rule": "printed",
    "attacker": {"units": {"submarine": 4, "fighter": 4, "cruiser": 1}},
    "defender": {"units": {"submarine": 2, "destroyer": 2, "fighter": 2, "carrier": 1, "battleship": 1}}})

FUNCTIONS = ("main_groups", "sub_group", "_split", "_runs", "casualty_types", "has_subs", "has_destroyer",
             "allocate", "decided", "can_hurt", "lose_lonely_transports", "Army.after", "Army.hit_points",
             "Force.count")


def calc_battles() -> dict:
    """bench/calc.py's BATTLES (name, request), read from that file so both benches time the same battles."""
    spec = importlib.util.spec_from_file_location("bench_calc", REPO / "bench" / "calc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    battles = dict(module.BATTLES)
    for key in BATTLES:
        if key.endswith("-printed"):
            name, request = battles[key[:-len("-printed")]]
            battles[key] = (name + ", printed sub rule", {**request, "sub_rule": "printed"})
    battles["crossing"] = CROSSING
    return battles


def load_base(rev: str):
    """The ``pycore`` package of commit ``rev``, imported as ``luckdial_base.pycore`` from a temporary directory."""
    try:
        blob = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", rev, "pycore"],
                              check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise SystemExit(f"bench/engine.py: cannot read the baseline commit {rev!r} with git archive "
                         f"(a shallow clone? pass --base REV): {error}") from error
    root = Path(tempfile.mkdtemp(prefix="luckdial_base_"))
    atexit.register(shutil.rmtree, root, True)      # the copy goes when the bench ends
    (root / "luckdial_base").mkdir()
    (root / "luckdial_base" / "__init__.py").write_text("")
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(root / "luckdial_base", filter="data")
    sys.path.insert(0, str(root))
    base = {}
    for name in ("army", "casualties", "firing", "sequence"):
        base[name] = importlib.import_module(f"luckdial_base.pycore.engine.{name}")
    base["forces"] = importlib.import_module("luckdial_base.pycore.forces")
    return base


# -- recording ---------------------------------------------------------------------------------------------
def record(setups: list) -> dict:
    """{function: [args, …]} of every call of FUNCTIONS while ``ends_of`` solves each setup once; under the key
    ``None``, [(function, args), …] of the outermost ones (those no other recorded call made), in order."""
    calls: dict = defaultdict(list)
    patched = []
    depth = [0]

    def note(name, args):
        calls[name].append(args)
        if not depth[0]:
            calls[None].append((name, args))

    def wrap_function(module, name):
        original = getattr(module, name)

        def wrapper(*args):
            note(name, args)
            depth[0] += 1
            try:
                return original(*args)
            finally:
                depth[0] -= 1
        for mod in list(sys.modules.values()):
            if getattr(mod, "__name__", "").startswith("pycore") and getattr(mod, name, None) is original:
                patched.append((mod, name, original))
                setattr(mod, name, wrapper)

    def wrap_method(cls, name, key, grab):
        original = getattr(cls, name)

        def wrapper(self, *args):
            note(key, grab(self, *args))
            depth[0] += 1
            try:
                return original(self, *args)
            finally:
                depth[0] -= 1
        patched.append((cls, name, original))
        setattr(cls, name, wrapper)

    for name in ("main_groups", "sub_group", "_split", "_runs", "casualty_types", "has_subs", "has_destroyer"):
        wrap_function(firing_mod, name)
    wrap_function(casualties_mod, "allocate")
    Battle = sequence_mod.Battle
    wrap_method(Battle, "decided", "decided", lambda b: (b.setup, dict(b.alive), dict(b.away)))
    wrap_method(Battle, "can_hurt", "can_hurt", lambda b, role: (b.setup, dict(b.alive), role))
    wrap_method(Battle, "lose_lonely_transports", "lose_lonely_transports", lambda b, log: (b.setup, dict(b.alive)))
    wrap_method(army_mod.Army, "after", "Army.after",
                lambda a, lost, damaged={}: (a, dict(lost), dict(damaged)))
    wrap_method(army_mod.Army, "hit_points", "Army.hit_points", lambda a, ruleset, uid: (a, ruleset, uid))
    wrap_method(forces_mod.Force, "count", "Force.count", lambda f, uid: (f, uid))
    try:
        for setup in setups:
            ends_of(setup)
    finally:
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)
    return calls


# -- replaying -----------------------------------------------------------------------------------------------
class Engine:
    """One engine (today's or the baseline's): how to turn a recorded call into a call of its own functions."""

    def __init__(self, modules: dict, convert: bool):
        self.m = modules
        self.convert = convert
        self._forces: dict = {}
        self._armies: dict = {}

    def force(self, force):
        if not self.convert:
            return force
        got = self._forces.get(force)
        if got is None:
            got = self._forces[force] = self.m["forces"].Force(force.counts)
        return got

    def army(self, army):
        if not self.convert:
            return army
        got = self._armies.get(army)
        if got is None:
            got = self._armies[army] = self.m["army"].Army(self.force(army.units), self.force(army.damaged))
        return got

    def battle(self, setup, alive, away=None):
        battle = self.m["sequence"].Battle(setup, None)
        battle.alive = {role: self.army(a) for role, a in alive.items()}
        if away is not None:
            battle.away = {role: self.force(f) for role, f in away.items()}
        return battle

    def prepare(self, name: str, args: tuple):
        """A thunk making the call ``name(*args)`` with this engine's objects, and a plain form of its answer."""
        m, army = self.m, self.army
        if name in ("main_groups", "sub_group", "_split"):
            setup, role, shooters, victim = args
            f = getattr(m["firing"], name)
            a, b = army(shooters), army(victim)
            return lambda: f(setup, role, a, b)
        if name == "_runs":
            setup, role, shooters = args
            f, a = m["firing"]._runs, army(shooters)
            return lambda: f(setup, role, a)
        if name == "casualty_types":
            setup, victim = args
            f, a = m["firing"].casualty_types, army(victim)
            return lambda: f(setup, a)
        if name in ("has_subs", "has_destroyer"):
            ruleset, victim = args
            f, a = getattr(m["firing"], name), army(victim)
            return lambda: f(ruleset, a)
        if name == "allocate":
            setup, victim, hits, order = args
            f, a = m["casualties"].allocate, army(victim)
            return lambda: f(setup, a, hits, order)
        if name == "decided":
            setup, alive, away = args
            battle = self.battle(setup, alive, away)
            return battle.decided
        if name == "can_hurt":
            setup, alive, role = args
            battle = self.battle(setup, alive)
            return lambda: battle.can_hurt(role)
        if name == "lose_lonely_transports":
            setup, alive = args
            battle = self.battle(setup, alive)
            start = dict(battle.alive)
            log = m["sequence"].RoundLog(0)

            def run():
                battle.alive = dict(start)
                battle.lose_lonely_transports(log)
                return battle.alive
            return run
        if name == "Army.after":
            a, lost, damaged = args
            a = army(a)
            return lambda: a.after(lost, damaged)
        if name == "Army.hit_points":
            a, ruleset, uid = args
            a = army(a)
            return lambda: a.hit_points(ruleset, uid)
        if name == "Force.count":
            f, uid = args
            f = self.force(f)
            return lambda: f.count(uid)
        raise KeyError(name)


def plain(value):
    """An answer in a form that compares across the two engines' classes (field by field)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                                               if f.compare)
    if isinstance(value, dict):
        return tuple((k, plain(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(plain(v) for v in value)
    return value


def time_thunks(thunks: list, repeat: int) -> float:
    """Best CPU seconds of one pass over all thunks."""
    best = float("inf")
    for _ in range(repeat):
        began = time.process_time()
        for thunk in thunks:
            thunk()
        best = min(best, time.process_time() - began)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--base", default=BASE_REV, help=f"the baseline commit (default {BASE_REV})")
    parser.add_argument("--only", choices=BATTLES)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; baseline: pycore of commit {args.base} (git archive), same run; "
          f"CPU µs per call, best of {args.repeat}")
    base = load_base(args.base)
    now = Engine({"army": army_mod, "casualties": casualties_mod, "firing": firing_mod, "sequence": sequence_mod,
                  "forces": forces_mod}, convert=False)
    battles = calc_battles()
    all_same = True
    for key in [args.only] if args.only else BATTLES:
        name, request = battles[key]
        setup = read_setup(request, find_ruleset(request["ruleset"]), read_system(request["system"]))
        calls = record([setup])
        old = Engine(base, convert=True)
        print(f"\n{name} (ends_of once; the calls it makes):")
        for fname in FUNCTIONS:
            got = calls.get(fname, [])
            if not got:
                continue
            new_thunks = [now.prepare(fname, a) for a in got]
            old_thunks = [old.prepare(fname, a) for a in got]
            same = all(plain(n()) == plain(o()) for n, o in zip(new_thunks, old_thunks))
            all_same &= same
            # Interleaved, so a neighbour's load falls on both alike.
            t_new = t_old = float("inf")
            for _ in range(args.repeat):
                t_old = min(t_old, time_thunks(old_thunks, 1))
                t_new = min(t_new, time_thunks(new_thunks, 1))
            print(f"  {fname:24} {len(got):6} calls  now {t_new / len(got) * 1e6:7.2f} µs  "
                  f"base {t_old / len(got) * 1e6:7.2f} µs  ratio {t_old / max(t_new, 1e-9):5.2f}x  "
                  f"{'same answers' if same else 'ANSWERS DIFFER'}")
        top = calls[None]
        new_thunks = [now.prepare(fname, a) for fname, a in top]
        old_thunks = [old.prepare(fname, a) for fname, a in top]
        t_new = t_old = float("inf")
        for _ in range(args.repeat):
            t_old = min(t_old, time_thunks(old_thunks, 1))
            t_new = min(t_new, time_thunks(new_thunks, 1))
        print(f"  all of them, outermost calls only ({len(top)}): the engine's share of one ends_of: "
              f"now {t_new * 1e3:.2f} ms, base {t_old * 1e3:.2f} ms, ratio {t_old / max(t_new, 1e-9):.2f}x")
    print(f"\nevery recorded call answered the same by both engines: {'yes' if all_same else 'NO'}")
    return 0 if all_same else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""Which standard-library modules this Python imported, and from what; print one JSON line.

    python tests/pyodide/stdlib_probe.py PYCORE_ZIP

test_stdlib_bytecode.py runs this inside Pyodide started with the site's python_stdlib.zip
(dist/pyodide/, written by build.py): it reports where every module Pyodide's own start-up
imported came from, then imports every pycore module from PYCORE_ZIP, as web/kit/worker.js
does, with any compilation of a source from either archive refused, answers one request of
each op, and reports again.

Not a test module itself (no test_ prefix): pytest does not collect it.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import zipimport

MARKER = "@@LUCKDIAL-RESULT@@"

# One request per op of docs/api.md: importing an op's module is not all it imports when it answers.
REQUESTS = [
    {"op": "rulesets"},
    {"op": "resolve", "ruleset": "revised", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 3, "tank": 1}},
     "defender": {"units": {"infantry": 2}}, "seed": "stdlib probe"},
    {"op": "resolve", "ruleset": "revised", "system": {"name": "lowluck"}, "attacker": {"units": {"infantry": 3}},
     "defender": {"units": {"infantry": 2}}, "seed": "stdlib probe"},
    {"op": "calc", "ruleset": "revised", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 3}},
     "defender": {"units": {"infantry": 2}}},
    {"op": "share", "encode": {"op": "resolve", "ruleset": "revised", "system": {"name": "dice"},
                               "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}, "seed": "s"}},
    {"op": "share", "decode": "v1.not-a-link"},  # an error answer: its message is made too
    {"op": "wif", "catalogue": True},
    {"op": "wif", "attack": 36.5, "defense": 10, "fractional_odds": True, "table": "assault", "modifiers": [],
     "seed": "stdlib probe"},  # docs/api.md's canonical request, with a roll
    {"op": "research", "system": "lowluck", "category": "air",
     "steps": [{"invest": 18}, {"invest": 18, "attempt": True, "roll": 3}]},  # docs/api.md's
    {"op": "research", "system": "dice", "keep_tokens": True, "low_luck": False, "seed": "game 7",
     "steps": [{"dice": 3, "tech": "jet_power"}, {"dice": 1, "tech": "jet_power", "rolls": [2, 5, 1, 6]}]},  # docs/research.md
    {"op": "bombing", "system": "lowluck", "bombers": 3, "aa": True, "seed": "raid on Karelia"},  # docs/research.md
    {"op": "bombing", "settle": {"fees": 7, "money": 3, "bombers": 4}},  # docs/research.md
    {"op": "journal", "battles": [{"attacker": "Germany", "defender": "Russia",  # docs/api.md, issue 33
                                   "luck": {"swing": 3, "law": {"-3": 0.625, "0": 0.125, "3": 0.25}}}]},
]


def from_archive(archive: str) -> dict:
    """The modules loaded from `archive`: {"bytecode": n, "sources": [names]}."""
    names = [name for name, module in list(sys.modules.items())  # not the frozen ones (os, io, site…): built in
             if (getattr(module, "__file__", None) or "").startswith(archive + "/")
             and isinstance(getattr(module, "__loader__", None), zipimport.zipimporter)]
    sources = sorted(name for name in names if not sys.modules[name].__file__.endswith(".pyc"))
    return {"bytecode": len(names) - len(sources), "sources": sources}


def main(pycore_zip: str) -> dict:
    stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
    at_start = from_archive(stdlib)
    compiled: list[str] = []
    real = zipimport._compile_source

    def refuse(pathname, source):  # zipimport's one way from source to code
        compiled.append(str(pathname))
        raise ImportError(f"compiling {pathname}: no bytecode for it in the archive")

    zipimport._compile_source = refuse
    sys.path.insert(0, pycore_zip)
    import pycore  # noqa: PLC0415

    for info in pkgutil.walk_packages(pycore.__path__, "pycore."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    from pycore.api import handle  # noqa: PLC0415

    answers = [json.loads(handle(json.dumps(request))) for request in REQUESTS]
    zipimport._compile_source = real
    return {"platform": sys.platform, "stdlib": stdlib, "at_start": at_start, "after_pycore": from_archive(stdlib),
            "compiled": compiled, "answers": [{"ok": answer["ok"], "error": answer.get("error")} for answer in answers]}


if __name__ == "__main__":
    print(MARKER + json.dumps(main(sys.argv[1])), flush=True)

"""pycore.zip is pycore's bytecode, which the browser's Python takes as it is (#16: a first visit
does not compile pycore). build.py compiles it with the pinned Pyodide (tools/compile_pyc.mjs).

Measured before this (Pyodide in Node): importing every pycore module took 1.9 s from source,
74 ms from the bytecode; the first `rulesets` answer 564 ms and 74 ms.
"""

from __future__ import annotations

import json
import sys

import pytest

from test_core_in_pyodide import REPO, run_in_pyodide

pytestmark = pytest.mark.pyodide

ARCHIVE = REPO / "dist" / "pycore.zip"


def test_pyodide_imports_every_pycore_module_from_the_bytecode_and_answers_as_cpython():
    assert ARCHIVE.exists(), "dist/pycore.zip is missing: run `python3 build.py build` (build.py test does)"
    result, process = run_in_pyodide("bytecode_probe.py", ["dist/pycore.zip"])
    assert result["platform"] == "emscripten", result
    assert result["compiled_in_archive"] == [], f"compiled from source in Pyodide: {result['compiled_in_archive']}"
    pycore_sources = len([path for path in (REPO / "pycore").rglob("*.py") if "__pycache__" not in path.parts])
    assert (result["bytecode"], result["sources"]) == (pycore_sources, 0), result  # a .pyc for each module, no source
    assert result["loaders"] == ["zipimporter"], result  # read from the archive itself, as the worker does
    assert result["files"] == ["dist/pycore.zip"], result
    assert result["modules"] == pycore_sources - 1, result  # every module but pycore/__main__.py was imported
    sys.path.insert(0, str(REPO))
    try:
        from pycore.api import handle  # noqa: PLC0415
    finally:
        sys.path.remove(str(REPO))
    assert result["rulesets"] == handle(json.dumps({"op": "rulesets"}))

"""The site's python_stdlib.zip (#16): the modules Python imports are bytecode, the rest as Pyodide
ships it, and the archive is no bigger than Pyodide's own.

Pyodide 314's python_stdlib.zip holds sources only, so every start of Python in the browser compiled
the ~150 modules its own start-up imports. build.py (write_stdlib_zip, tools/stdlib_pyc.mjs) writes
those as bytecode compiled by the pinned Pyodide. Measured before this (Pyodide in Node): its
bootstrap 2.6–2.8 s from the sources, 0.9–1.2 s from the bytecode.
"""

from __future__ import annotations

import json
import sys
import zipfile

import pytest

from test_core_in_pyodide import REPO, run_in_pyodide

pytestmark = pytest.mark.pyodide

SITE = REPO / "dist" / "pyodide" / "python_stdlib.zip"
STOCK = REPO / "node_modules" / "pyodide" / "python_stdlib.zip"
PYCORE = REPO / "dist" / "pycore.zip"


def built() -> None:
    assert SITE.exists() and PYCORE.exists(), "dist/ is missing: run `python3 build.py build` (build.py test does)"


def test_the_archive_is_pyodides_with_bytecode_for_what_is_imported_and_no_bigger():
    built()
    sys.path.insert(0, str(REPO))
    try:
        import build  # noqa: PLC0415 - build.py at the repository's root
    finally:
        sys.path.remove(str(REPO))
    site = zipfile.ZipFile(SITE).namelist()
    stock = zipfile.ZipFile(STOCK).namelist()
    compiled = [name for name in site if name.endswith(".pyc")]
    assert len(compiled) > 100, f"only {len(compiled)} modules as bytecode"  # Pyodide's start alone imports ~150
    assert all(name[:-1] in stock for name in compiled)  # each in place of a source of Pyodide's
    assert not any(name[:-1] in site for name in compiled)  # the source it replaces is not shipped beside it
    left_out = [name for name in stock if name.startswith(build.STDLIB_LEFT_OUT)]
    assert left_out and not any(name.startswith(build.STDLIB_LEFT_OUT) for name in site)
    rest = sorted(set(stock) - set(left_out) - {name[:-1] for name in compiled})
    assert rest == sorted(name for name in site if not name.endswith(".pyc"))  # everything else as shipped
    # The bytes of a first visit (#16: no more than Pyodide's own plus pycore).
    assert SITE.stat().st_size <= STOCK.stat().st_size, (SITE.stat().st_size, STOCK.stat().st_size)


def test_python_starts_and_answers_every_op_without_compiling_a_module():
    built()
    result, process = run_in_pyodide("stdlib_probe.py", [str(PYCORE.relative_to(REPO))], stdlib=SITE)
    assert result["platform"] == "emscripten", result
    assert result["at_start"]["sources"] == [], f"compiled at Python's start: {result['at_start']['sources']}"
    assert result["at_start"]["bytecode"] > 100, result["at_start"]
    assert result["compiled"] == [], f"compiled once pycore was imported: {result['compiled']}"
    assert result["after_pycore"]["sources"] == [], result["after_pycore"]
    sys.path.insert(0, str(REPO))
    sys.path.insert(0, str(REPO / "tests" / "pyodide"))
    try:
        from pycore.api import handle  # noqa: PLC0415
        from stdlib_probe import REQUESTS  # noqa: PLC0415
    finally:
        sys.path.remove(str(REPO))
        sys.path.remove(str(REPO / "tests" / "pyodide"))
    expected = [json.loads(handle(json.dumps(request))) for request in REQUESTS]
    # The same answers as CPython's from the sources (ok, or the same error), op by op.
    assert result["answers"] == [{"ok": answer["ok"], "error": answer.get("error")} for answer in expected]
    assert sum(answer["ok"] for answer in result["answers"]) == len(REQUESTS) - 1  # the damaged link alone fails

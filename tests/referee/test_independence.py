"""The referee shares no code with ``pycore``: its calculator modules import nothing from it.

Only ``compare.py`` (which calls the project through its JSON door), ``compare_plan.py`` (through
``compare``) and the test modules touch ``pycore``; ``units``, ``laws``, ``casualties``, ``battle`` and
``plan`` (waves and the counter-attack, docs/rules.md §9.1–§9.3) must not, or the referee would stop being
a second reading of the rules (the issue: an oracle that drives the engine passes every engine error).
"""

import ast
import pathlib

import pytest

HERE = pathlib.Path(__file__).resolve().parent


@pytest.mark.parametrize("module", ["units.py", "laws.py", "casualties.py", "battle.py", "plan.py", "turn.py"])
def test_no_pycore_import(module):
    tree = ast.parse((HERE / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        assert not any(name == "pycore" or name.startswith("pycore.") for name in names), (module, names)

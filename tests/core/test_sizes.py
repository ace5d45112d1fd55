"""Small, clear pieces (the brief's standard, issue 32): no pycore module over 500 lines, no function over 80.

A function is known by its qualified name, module, classes and enclosing functions
(``pycore/engine/table.py:LowLuckTable.dice``), and every definition is checked on its own: keyed by bare name,
a 102-line method once passed because a later method of the same name was short (issue 43 item 4). A name
defined twice in one scope (a redefinition) is checked twice, as ``name`` and ``name#2``.

A module that must be over the limits for a while is named in ``KNOWN`` with its size, so it cannot grow
unseen; none is today (the sea chain was split into ``pycore/calc/fleet/``).
"""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80
KNOWN: dict = {}
"""Modules over the limits today: (their lines at most, {qualified function: its lines at most} so long)."""

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def function_lengths(tree, qualifier=""):
    """Yield (qualified name, lines) for every function in ``tree``, nested ones and methods too.

    The walk keeps the enclosing classes and functions as a dotted prefix, so ``A.run`` and ``B.run`` are two
    entries; a second definition of one name in one scope is ``name#2``, so neither hides the other.
    """
    seen: dict = {}
    stack = list(ast.iter_child_nodes(tree))[::-1]
    while stack:
        node = stack.pop()
        if not isinstance(node, _DEFS):
            stack.extend(list(ast.iter_child_nodes(node))[::-1])
            continue
        name = f"{qualifier}.{node.name}" if qualifier else node.name
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name = f"{name}#{seen[name]}"
        if not isinstance(node, ast.ClassDef):
            yield name, node.end_lineno - node.lineno + 1
        yield from function_lengths(node, name)


def _sizes():
    for path in sorted((ROOT / "pycore").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        yield path.relative_to(ROOT).as_posix(), text.count("\n"), list(function_lengths(ast.parse(text)))


def test_no_module_over_500_lines_nor_function_over_80():
    over = []
    for name, lines, functions in _sizes():
        most, long_ones = KNOWN.get(name, (MAX_MODULE_LINES, {}))
        if lines > most:
            over.append(f"{name}: {lines} lines")
        for function, length in functions:
            if length > max(MAX_FUNCTION_LINES, long_ones.get(function, 0)):
                over.append(f"{name}:{function} {length} lines")
    assert over == []


def test_functions_are_keyed_by_qualified_name():
    """Two methods of one name, a redefinition and a nested function are each measured on their own."""
    source = (
        "class A:\n    def run(self):\n" + "        x = 1\n" * 100 + "\n"
        "class B:\n    def run(self):\n        pass\n\n"
        "def f():\n    def inner():\n        pass\n    return inner\n\n"
        "def f():\n    pass\n"
    )
    lengths = dict(function_lengths(ast.parse(source)))
    assert lengths == {"A.run": 101, "B.run": 2, "f": 4, "f.inner": 2, "f#2": 2}


def test_every_pycore_module_is_measured():
    measured = list(_sizes())
    assert len(measured) > 50
    assert sum(len(functions) for _, _, functions in measured) > 500

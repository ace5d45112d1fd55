"""The layers of docs/architecture.md hold: pycore's import graph has no upward import and no cycle.

The graph is read from the sources (``ast``), so it counts every import: at the top of a module, inside a
function (a lazy import is still a dependency), and ``importlib.import_module`` with a literal name. A name
built at run time is refused everywhere but in the op registry (``pycore.ops.module_of``), whose every
entry is checked to be an op module instead. As ``tests/referee/test_independence.py`` does for the
referee, this is what makes the table in docs/architecture.md true.
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"

# Bottom to top (docs/architecture.md, "The layers"): a module imports from its own layer or a lower one.
# Layers of the same rank are peers and import nothing of each other.
LAYERS = (
    (0, "basics", ("pycore", "pycore.errors", "pycore.jsontext", "pycore.dice",
                   "pycore.rulesets", "pycore.forces", "pycore.share", "pycore.fair")),
    (1, "luck systems", ("pycore.systems",)),
    (2, "battle engine", ("pycore.engine",)),
    (3, "calculator", ("pycore.calc",)),
    (3, "World in Flames", ("pycore.wif",)),
    (3, "research", ("pycore.research",)),
    (4, "luck", ("pycore.luck",)),
    (5, "reading", ("pycore.read",)),
    (6, "ops", ("pycore.ops",)),
    (7, "door", ("pycore.api", "pycore.__main__")),
)
DYNAMIC_ALLOWED = {"pycore.ops"}
"""Modules that may import a module named at run time: the op registry (its names are checked below)."""


def modules(root: pathlib.Path) -> dict[str, pathlib.Path]:
    """Every module of the package under ``root/pycore``, by dotted name (a package by its own name)."""
    out = {}
    for path in sorted((root / "pycore").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _known(name: str, mods) -> str | None:
    """The module an imported name lands in: itself, or the nearest package or module above it."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imports(name: str, path: pathlib.Path, mods) -> tuple[set[str], list[int]]:
    """(the pycore modules ``name`` imports, the lines where it imports a module named at run time)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found, dynamic = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                whole = ".".join(base + ([node.module] if node.module else []))
            else:
                whole = node.module or ""
            for alias in node.names:
                # ``from a import b``: b is a module of a, or a name defined in a.
                found.add(f"{whole}.{alias.name}" if f"{whole}.{alias.name}" in mods else whole)
        elif isinstance(node, ast.Call) and _called(node) in ("import_module", "__import__"):
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
            else:
                dynamic.append(node.lineno)
    edges = {_known(n, mods) for n in found if n == "pycore" or n.startswith("pycore.")}
    edges.discard(None)
    edges.discard(name)
    return edges, dynamic


def _called(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def graph(root: pathlib.Path) -> tuple[dict[str, set[str]], dict[str, list[int]]]:
    mods = modules(root)
    edges, dynamic = {}, {}
    for name, path in mods.items():
        edges[name], lines = imports(name, path, mods)
        if lines:
            dynamic[name] = lines
    return edges, dynamic


def layer_of(name: str) -> tuple[int, str] | None:
    best = None
    for rank, layer, prefixes in LAYERS:
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), rank, layer)
    return None if best is None else best[1:]


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Each import of a module from a higher layer, or from a peer layer, in words."""
    out = []
    for source, targets in sorted(edges.items()):
        here = layer_of(source)
        for target in sorted(targets):
            there = layer_of(target)
            if here and there and there[1] != here[1] and there[0] >= here[0]:
                out.append(f"{source} ({here[1]}) imports {target} ({there[1]})")
    return out


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


EDGES, DYNAMIC = graph(ROOT)


def test_every_module_has_a_layer():
    assert [name for name in EDGES if layer_of(name) is None] == []


def test_no_module_imports_from_a_layer_above_or_beside_it():
    assert upward(EDGES) == []


def test_no_import_cycle():
    assert cycles(EDGES) == []


def test_modules_are_named_at_run_time_only_by_the_op_registry():
    assert {name: lines for name, lines in DYNAMIC.items() if name not in DYNAMIC_ALLOWED} == {}
    from pycore.ops import OPS
    for name, op in OPS.items():
        assert layer_of(op.module) == (6, "ops") and op.module in EDGES, (name, op.module)


def test_no_system_id_is_tested_outside_the_systems():
    """docs/architecture.md: the engine, the calculator and the ops ask a system what it declares
    (``LuckSystem``'s capabilities), never which system it is."""
    ids = "|".join(re.escape(system.id) for system in __import__("pycore.systems", fromlist=["x"]).all_systems())
    test = re.compile(rf"""(\.id|\.calculator)\s*(==|!=|not in|in)\s*[\(\[{{]?\s*["']({ids})["']""")
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for name, path in modules(ROOT).items() if layer_of(name)[1] != "luck systems"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if test.search(line)]
    assert found == []


def test_only_the_reading_layer_and_the_ops_read_request_fields():
    """docs/architecture.md "The layers" (reading): a request is read once, at the door, into records; the
    field checks (``pycore.read.fields``) are imported by the reading layer and the ops alone, so the engine,
    the systems, the calculator, luck, World in Flames and research take records and read no request."""
    readers = sorted(name for name, targets in EDGES.items() if "pycore.read.fields" in targets)
    assert readers and all(layer_of(name)[1] in ("reading", "ops") for name in readers), readers


def test_at_most_ten_modules_sit_at_pycore_s_top():
    """docs/architecture.md: the top holds the door and the basics a newcomer meets first; the rest is in its
    layer's folder (the fair-dice sources in ``pycore/fair/``, a post's words beside the ops)."""
    top = sorted(p.name for p in (ROOT / "pycore").glob("*.py"))
    assert len(top) <= 10, top


def test_the_architecture_is_one_page():
    """docs/architecture.md is the page a newcomer reads first: at most 200 lines; the page's details and the boot
    are docs/page.md and docs/boot.md, the measurements bench/README.md."""
    assert len(DOC.read_text(encoding="utf-8").splitlines()) <= 200


def test_the_doc_names_the_layers_this_test_checks():
    text = DOC.read_text(encoding="utf-8")
    for _, layer, _ in LAYERS:
        assert f"| {layer} |" in text, layer


# -- the checker itself, on a package made for it -----------------------------------------------------
def _package(tmp_path: pathlib.Path, files: dict[str, str]) -> pathlib.Path:
    for rel, text in files.items():
        path = tmp_path / "pycore" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_the_checker_finds_an_upward_import_inside_a_function(tmp_path):
    root = _package(tmp_path, {"__init__.py": "", "engine/__init__.py": "", "ops/__init__.py": "",
                               "engine/army.py": "def f():\n    from ..ops import calc\n", "ops/calc.py": ""})
    edges, _ = graph(root)
    assert upward(edges) == ["pycore.engine.army (battle engine) imports pycore.ops.calc (ops)"]


def test_the_checker_finds_a_cycle_through_import_module(tmp_path):
    root = _package(tmp_path, {"__init__.py": "", "calc/__init__.py": "",
                               "calc/cost.py": "import importlib\nimportlib.import_module('pycore.calc.chain')\n",
                               "calc/chain.py": "from . import cost\n",
                               "calc/law.py": "import importlib\nname = 'x'\nimportlib.import_module(name)\n"})
    edges, dynamic = graph(root)
    assert cycles(edges) == [["pycore.calc.chain", "pycore.calc.cost"]]
    assert dynamic == {"pycore.calc.law": [3]}


@pytest.mark.parametrize("module", ["pycore.systems", "pycore.engine.colored.fight", "pycore.calc.colored.cost"])
def test_the_graph_reads_the_modules_that_break_the_old_cycles(module):
    """The two cycles once found (engine <-> systems, calc.cost <-> calc.colored) were broken by moving
    these modules; the graph must see them, or the tests above would pass by reading nothing. (The systems'
    interface, ``pycore.systems.luck``, now imports nothing of pycore at all: the systems read no request.)"""
    assert module in EDGES and EDGES[module]

"""Every repository path the docs name exists (issue 32 item 5: docs/architecture.md cited ``pycore/calc/op.py``
long after it was gone; issue 43 item 4: the test read only ``pycore/…`` paths, and bench/README.md still named
``calc/fleet.py`` and ``calc/colored.py``, both split into folders).

The docs are docs/*.md and every README.md of the repository. What they name is read by three rules:

1. **A path from the top** starts with one of the repository's folders, ``pycore/``, ``web/``, ``bench/``,
   ``tests/``, ``tools/``, ``docs/`` or ``.github/`` (``pycore/calc/fleet/``, ``tests/core/test_api.py``): it
   exists there (a ``*`` in it must match at least one file).
2. **A short path** has a folder but starts inside one (``calc/fleet.py``, ``kit/battle-form.js``: the docs
   name a module from its package, a page's module from ``web/``): some file of the repository's folders ends
   with it, a folder boundary included. ``dist/…`` (what the build writes) and ``node_modules/…`` are not
   the repository's.
3. **A bare file name** of the code and docs (``.py``, ``.js``, ``.mjs``, ``.css``, ``.html``, ``.md``;
   ``fair-rounds.js``): a file of that name is somewhere in the repository. The weakest rule, a name with no
   folder being all the doc says; ``BUILT`` lists the names of files that are not the repository's.

A path with a placeholder (``pycore/systems/<name>.py``) names no file and is left out; so are those in
``NOT_FILES``, with the reason. A path inside an address (``https://…/web/x``) is not read: it is not
the repository's. A doc that tells history names the file as it is now ("the sea chain, one module
before ``pycore/calc/fleet/``"), not a path that is gone.
"""

import os
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOP_FOLDERS = ("pycore", "web", "bench", "tests", "tools", "docs", ".github")
NOT_WALKED = {".git", "node_modules", ".venv", "dist", ".cache", "__pycache__", ".pytest_cache", ".hypothesis",
              ".ruff_cache", "test-results"}
NOT_FILES = {
    "pycore/x.pyc": "the form of a file in the built pycore.zip (docs/architecture.md 'Bytecode')",
}
BUILT = {
    "build.js": "written by build.py into dist/",
    "sw-assets.js": "written by build.py into dist/",
    "pyodide.asm.mjs": "Pyodide's own, from its npm package",
    "Node.js": "the program, not a file",
}
NOT_OURS = ("dist/", "node_modules/", "DIR/")
"""Short paths that are not the repository's: the build's output, npm's, bench/README.md's ``DIR/dist/…``."""

_BEFORE = r"(?<![\w/.<>@:~-])"  # not inside a longer path, a word or an address
_AFTER = r"(?![\w/])"
TOP = re.compile(_BEFORE + r"((?:" + "|".join(re.escape(f) for f in TOP_FOLDERS) + r")/[\w./<>*-]*)")
SHORT = re.compile(_BEFORE + r"((?:[\w<>-]+/)+[\w<>.-]*\.(?:py|js|mjs|css|html|md|json|webmanifest|svg|png|txt|toml))"
                   + _AFTER)
BARE = re.compile(_BEFORE + r"([\w-][\w.-]*\.(?:py|js|mjs|css|html|md))" + _AFTER)


def _walk():
    for folder, folders, files in os.walk(ROOT):
        folders[:] = sorted(name for name in folders if name not in NOT_WALKED and not name.endswith(".egg-info"))
        for name in sorted(files):
            yield (pathlib.Path(folder) / name).relative_to(ROOT).as_posix()


FILES = list(_walk())
IN_FOLDERS = ["/" + path for path in FILES if path.split("/", 1)[0] in TOP_FOLDERS]
NAMES = {path.rsplit("/", 1)[-1] for path in FILES}
DOCS = sorted(ROOT / path for path in FILES
              if (path.startswith("docs/") and path.endswith(".md")) or path.rsplit("/", 1)[-1] == "README.md")


def _from_top(path: str) -> bool:
    if "*" in path:
        return any(ROOT.glob(path))
    return (ROOT / path).exists()


def _short(path: str) -> bool:
    return any(name.endswith("/" + path) for name in IN_FOLDERS)


def _bare(name: str) -> bool:
    return name in NAMES


def _named():
    out = []
    for doc in DOCS:
        where = doc.relative_to(ROOT).as_posix()
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            found = []
            for path in TOP.findall(line):
                path = path.rstrip(".")
                if "<" not in path and path not in NOT_FILES:
                    found.append(("top", path))
            for path in SHORT.findall(line):
                if path.split("/", 1)[0] not in TOP_FOLDERS and "<" not in path and not path.startswith(NOT_OURS):
                    found.append(("short", path))
            for name in BARE.findall(line):
                if "<" not in name and name not in BUILT:
                    found.append(("bare", name))
            out += [pytest.param(rule, path, id=f"{where}:{n}:{path}") for rule, path in found]
    return out


NAMED = _named()
CHECK = {"top": _from_top, "short": _short, "bare": _bare}


def test_the_docs_name_paths_by_every_rule():
    assert {"docs/api.md", "docs/architecture.md", "README.md", "bench/README.md"} <= {
        doc.relative_to(ROOT).as_posix() for doc in DOCS}
    counts = {rule: sum(1 for param in NAMED if param.values[0] == rule) for rule in CHECK}
    assert counts["top"] > 200 and counts["short"] > 50 and counts["bare"] > 100, counts


@pytest.mark.parametrize(("rule", "path"), NAMED)
def test_the_path_exists(rule, path):
    assert CHECK[rule](path), f"{path} ({rule}): no such file"


def test_the_rules():
    assert TOP.findall("see `pycore/calc/fleet/` and tests/core/test_api.py.") == ["pycore/calc/fleet/",
                                                                                   "tests/core/test_api.py."]
    assert TOP.findall("https://example.org/web/x.js and xpycore/a.py") == []
    assert SHORT.findall("(`calc/fleet.py`, kit/battle-form.js)") == ["calc/fleet.py", "kit/battle-form.js"]
    assert BARE.findall("`fair-rounds.js` and rules.md#s9, not web/app.js") == ["fair-rounds.js", "rules.md"]
    assert _short("calc/chain.py") and _short("fleet/rounds.py") and _short("kit/battle-form.js")
    assert not _short("calc/fleet.py") and not _short("calc/colored.py") and not _short("alc/chain.py")
    assert _from_top("pycore/calc/fleet/") and not _from_top("pycore/calc/fleet.py")

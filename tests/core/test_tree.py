"""No merge leftovers in the tree (issue 43 item 4: ``pycore/systems/luck.py.orig``, 186 lines left by a merge,
was tracked for weeks): no file named like a leftover of a merge or a patch, no line that is a conflict marker.

The files are found by a plain walk of the repository, not ``git ls-files``: these tests also run inside Pyodide
(tests/pyodide), where there is no git and no subprocess. The walk leaves out what is never committed (.gitignore:
``.git``, ``node_modules`` at any depth, ``.venv``, ``dist``, caches), so a leftover found is one that would be
committed with the next ``git add``. ``=======`` alone is not looked for: Markdown underlines headings with it.
"""

import os
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOT_WALKED = {".git", "node_modules", ".venv", "dist", ".cache", "__pycache__", ".pytest_cache", ".hypothesis",
              ".ruff_cache", "test-results"}
LEFTOVER_NAME = re.compile(r"\.(?:orig|rej)$|\.(?:BACKUP|BASE|LOCAL|REMOTE)\.")
"""git mergetool's and patch's leftovers: x.py.orig, x.py.rej, x.BACKUP.123.py, x.BASE.123.py, x.LOCAL.123.py, x.REMOTE.123.py."""
MARKERS = tuple(c * 7 for c in "<|>")
"""The conflict markers' starts, built here so this file holds none of them at the start of a line."""


def tree_files(root: pathlib.Path = ROOT):
    """Every file under ``root`` but in the folders never committed, as paths relative to ``root``. In a git
    worktree ``.git`` is a file (a pointer to the main checkout's repository), never committed either."""
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if name not in NOT_WALKED and not name.endswith(".egg-info"))
        for name in sorted(name for name in files if name not in NOT_WALKED):
            yield (pathlib.Path(folder) / name).relative_to(root)


def conflict_lines(data: bytes):
    """The 1-based numbers of the lines that start a conflict marker: seven of ``<``, ``|`` or ``>`` and then a
    space or the line's end, as git writes them (``<<<<<<< HEAD``, ``>>>>>>> branch``, ``|||||||`` of diff3)."""
    out = []
    for n, line in enumerate(data.splitlines(), 1):
        for marker in MARKERS:
            if line.startswith(marker.encode()) and line[7:8] in (b"", b" ", b"\t", b"\r"):
                out.append(n)
    return out


FILES = list(tree_files())


def test_the_walk_sees_the_repository():
    names = {path.as_posix() for path in FILES}
    assert {"README.md", "pycore/api.py", "web/index.html", "tests/core/test_tree.py"} <= names
    assert not any(part in NOT_WALKED for path in FILES for part in path.parts)


def test_no_file_is_a_merge_leftover():
    assert [path.as_posix() for path in FILES if LEFTOVER_NAME.search(path.name)] == []


def test_no_line_is_a_conflict_marker():
    found = []
    for path in FILES:
        lines = conflict_lines((ROOT / path).read_bytes())
        if lines:
            found.append(f"{path.as_posix()}: lines {lines}")
    assert found == []


def test_what_counts_as_a_leftover():
    for name in ("luck.py.orig", "a.js.rej", "calc.BACKUP.4242.py", "x.BASE.1.py",
                 "x.LOCAL.1.md", "x.REMOTE.1.js"):
        assert LEFTOVER_NAME.search(name), name
    for name in ("origin.py", "orig.py", "rejected.md", "BASE.md", "x.orig.py"):
        assert not LEFTOVER_NAME.search(name), name
    text = "\n".join([MARKERS[0] + " HEAD", "ours", MARKERS[1] + " base", "=======", "theirs",
                      MARKERS[2] + " topic", MARKERS[0] * 2, "  " + MARKERS[0] + " indented", MARKERS[2]])
    assert conflict_lines(text.encode()) == [1, 3, 6, 9]


def test_no_core_test_starts_a_program():
    """tests/core also runs inside Pyodide (tests/pyodide), where no program can be started: a core test that runs
    Node or git passes here and fails there. Such a test belongs under tests/js or tests/lint."""
    starts = re.compile(r"^\s*(?:import subprocess|from subprocess import)|shutil\.which\(|os\.system\(", re.M)
    found = [path.as_posix() for path in FILES if path.parts[:2] == ("tests", "core") and path.suffix == ".py"
             and starts.search((ROOT / path).read_text(encoding="utf-8"))]
    assert found == []

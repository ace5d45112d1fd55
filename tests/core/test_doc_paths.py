"""Every ``pycore/…`` path the docs name exists (issue 32 item 5: docs/architecture.md cited ``pycore/calc/op.py``
long after it was gone). A path with a placeholder (``pycore/systems/<name>.py``) names no file and is left out;
``pycore/x.pyc`` is the form of a file in the built ``pycore.zip`` (docs/architecture.md "Bytecode")."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
PATH = re.compile(r"pycore/[A-Za-z0-9_./<>-]*[A-Za-z0-9_>]")
NOT_FILES = {"pycore/x.pyc"}


def _named():
    out = []
    for doc in DOCS:
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for path in PATH.findall(line):
                if "<" not in path and path not in NOT_FILES:
                    out.append(pytest.param(path, id=f"{doc.name}:{n}:{path}"))
    return out


NAMED = _named()


def test_the_docs_name_pycore_paths():
    assert len(NAMED) > 50


@pytest.mark.parametrize("path", NAMED)
def test_the_path_exists(path):
    assert (ROOT / path).exists(), path

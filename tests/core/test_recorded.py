"""Every recorded request gets, byte for byte, the response it got when it was recorded.

The record (``tests/core/data/recorded.jsonl.gz``, made by
``tools/record_responses.py``) covers every op and luck system, seeded and
referee battles, pauses, links and bad requests. It pins behaviour across
refactors: a change that is meant to alter a response re-records the file,
and the diff of the record is then the list of what changed.
"""

import gzip
import json
import sys
from pathlib import Path

import pytest

from pycore.api import handle

RECORD = Path(__file__).parent / "data" / "recorded.jsonl.gz"


def _entries():
    with gzip.open(RECORD, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


ENTRIES = _entries()


def test_the_record_covers_every_op_and_system():
    ops = {entry["request"].get("op") for entry in ENTRIES}
    assert {"rulesets", "resolve", "calc", "share", "wif", "research", "bombing", "journal"} <= ops
    systems = {entry["request"]["system"]["name"] for entry in ENTRIES
               if entry["request"].get("op") == "resolve" and "dice" in entry["request"]}
    assert systems == {"dice", "lowluck", "chess", "colored"}  # referee play under every system
    assert len(ENTRIES) >= 500


ANYWHERE = """The JSON text is compared byte for byte on every Python: under CPython 3.11 (where it was recorded),
3.12+ and Pyodide alike. Until issue 39 a ``calc`` response could differ there in its last bits (``sum`` of
floats is compensated from 3.12 on); the core's sums are now the same on every Python (pycore/calc/total.py),
and test_builtin_sum_adds_no_float below keeps it so."""


@pytest.mark.parametrize("start", range(0, len(ENTRIES), 50))
def test_recorded_responses_are_unchanged(start):
    for entry in ENTRIES[start:start + 50]:
        # The JSON text itself: same keys, same order, same numbers.
        want = json.dumps(entry["response"], ensure_ascii=False, separators=(",", ":"))
        got = handle(json.dumps(entry["request"]))
        assert got == want, entry["request"]


def test_builtin_sum_adds_no_float(monkeypatch):
    """No float of any recorded request is added up by the builtin ``sum``, whose last bits differ between
    CPython 3.11 and 3.12+ (pycore/calc/total.py's ``fsum`` or ``total`` add them the same everywhere)."""
    import builtins
    plain = builtins.sum
    seen = []

    def watched(values, start=0):
        items = list(values)
        if isinstance(start, float) or any(isinstance(item, float) for item in items):
            caller = sys._getframe(1)
            while caller.f_code.co_name.startswith("<"):          # a generator or comprehension: its maker
                caller = caller.f_back
            seen.append(f"{caller.f_code.co_filename}:{caller.f_lineno}")
        return plain(items, start)
    monkeypatch.setattr(builtins, "sum", watched)
    for entry in ENTRIES:
        if entry["request"].get("op") == "calc":
            handle(json.dumps(entry["request"]))
    monkeypatch.undo()
    assert not seen, sorted(set(seen))

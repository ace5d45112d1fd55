"""Every recorded request gets, byte for byte, the response it got when it was recorded.

The record (``tests/core/data/recorded.jsonl.gz``, made by
``tools/record_responses.py``) covers every op and luck system, seeded and
referee battles, pauses, links and bad requests. It pins behaviour across
refactors: a change that is meant to alter a response re-records the file,
and the diff of the record is then the list of what changed.
"""

import gzip
import json
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
    assert {"rulesets", "resolve", "calc", "share", "wif", "research", "bombing"} <= ops
    systems = {entry["request"]["system"]["name"] for entry in ENTRIES
               if entry["request"].get("op") == "resolve" and "dice" in entry["request"]}
    assert systems == {"dice", "lowluck", "chess", "colored"}  # referee play under every system
    assert len(ENTRIES) >= 500


@pytest.mark.parametrize("start", range(0, len(ENTRIES), 50))
def test_recorded_responses_are_unchanged(start):
    for entry in ENTRIES[start:start + 50]:
        # The JSON text itself: same keys, same order, same numbers.
        want = json.dumps(entry["response"], ensure_ascii=False, separators=(",", ":"))
        assert handle(json.dumps(entry["request"])) == want, entry["request"]

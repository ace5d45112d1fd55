"""Every recorded response is the same whatever was asked before it in the same interpreter.

The calculators keep work across calculations (docs/rules.md §9: the land ladders, the sea chain's sides and
ends of a round): a player's next battle reuses the last one's. What is kept must change how fast an answer
comes, never the answer: a link opened after another calculation must show the digits it showed its poster.
One such bug was found (the ladder summed a battle's ends by the armies' identity, so which kept ladders held
one army object or two equal ones moved the last bit of a reinforced plan). ``test_recorded.py`` asks the
record in its own order; here each request is asked again from empty stores, then the whole record in a shuffled order
with everything kept, and every response must still be the recorded one, byte for byte.
"""

import json
import random

import pytest

from pycore.api import handle
from pycore.calc import fleet
from pycore.calc.fleet import kept as fleet_kept
from pycore.calc.ladder import kept as ladder_kept

from .test_recorded import ENTRIES


def _forget() -> None:
    ladder_kept.forget()
    fleet_kept.forget()
    fleet._ENDINGS.clear()


def _differing(entries, fresh: bool = False) -> list[int]:
    """The record's indices, among ``entries`` (index, entry), whose response is not the recorded one; with
    ``fresh``, each asked from empty stores."""
    wrong = []
    for index, entry in entries:
        if fresh:
            _forget()
        want = json.dumps(entry["response"], ensure_ascii=False, separators=(",", ":"))
        if handle(json.dumps(entry["request"])) != want:
            wrong.append(index)
    return wrong


@pytest.mark.slow   # 2.6 s here, about 6 in Pyodide: the full suite's slow tier runs it, the fast tier need not
def test_each_request_from_empty_stores_then_the_record_shuffled_gives_the_recorded_responses():
    numbered = list(enumerate(ENTRIES))
    assert _differing(numbered, fresh=True) == []
    shuffled = numbered[:]
    random.Random(41).shuffle(shuffled)
    assert _differing(shuffled) == []


def test_a_wrong_response_is_seen():
    """The check above can fail: a response altered by one digit is reported by its index."""
    index, entry = next((i, e) for i, e in enumerate(ENTRIES) if e["request"].get("op") == "calc"
                        and "outcome" in e["response"].get("result", {}))
    altered = json.loads(json.dumps(entry))
    outcome = altered["response"]["result"]["outcome"]
    name = next(iter(outcome))
    outcome[name] = outcome[name] * (1 + 1e-15) + 1e-17
    assert _differing([(index, altered)]) == [index]

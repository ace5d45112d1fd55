"""Fuzzing of the core's one door (issue 18): no request and no link makes ``api.handle`` fail as a bug.

Requests are the recorded ones (``tests/core/data/recorded.jsonl.gz``: every
op, luck system and option) mutated by Hypothesis — a value anywhere replaced
by any JSON value (NaN and infinities too), a field dropped or an unknown one
added, one to three times — and links are random text, random bytes deflated, and the links of
mutated requests. Every response must be valid JSON, an ``ok`` result or an
error of a documented ``type`` that is not ``internal``, with no traceback in
it; a ``calc`` must stay within the cost budget (docs/api.md "Cost budget"):
its estimate (asked first, counting work rather than timing it) is within the
budget, or the calculation itself is refused as ``too_big``.

Bounded in time (about 5 s of CPU): a few hundred examples, and a calc whose estimate is over
half a second of work is not run here (bench/cost.py times those).
"""

import base64
import gzip
import json
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api
from pycore.share import link_for

RECORD = Path(__file__).parent / "data" / "recorded.jsonl.gz"
with gzip.open(RECORD, "rt", encoding="utf-8") as _lines:
    CORPUS = [entry["request"] for entry in map(json.loads, _lines) if isinstance(entry["request"], dict)]
TYPES = {"bad_json", "bad_request", "too_big"}
"""Error types a request may cause (docs/api.md); ``internal`` is a bug."""
RUN_BELOW_SECONDS = 0.6

scalars = (st.none() | st.booleans() | st.integers(-3, 40) | st.integers(-10**12, 10**12)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=8)
           | st.sampled_from(["dice", "lowluck", "colored", "chess", "infantry", "tank", "attacker", "main",
                              "v1.", "classic", "land", "sea", "air", "red", ""]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=6)


def mutate(data, value, depth=0):
    """``value`` with one change somewhere inside it (drawn by Hypothesis)."""
    if isinstance(value, dict) and value and depth < 6 and data.draw(st.integers(0, 3)) > 0:
        key = data.draw(st.sampled_from(sorted(value)))
        how = data.draw(st.sampled_from(["into", "into", "into", "drop", "add"]))
        if how == "drop":
            return {k: x for k, x in value.items() if k != key}
        if how == "add":
            return {**value, data.draw(st.text(max_size=8)): data.draw(values)}
        return {**value, key: mutate(data, value[key], depth + 1)}
    if isinstance(value, list) and value and depth < 6 and data.draw(st.integers(0, 3)) > 0:
        i = data.draw(st.integers(0, len(value) - 1))
        return value[:i] + [mutate(data, value[i], depth + 1)] + value[i + 1:]
    return data.draw(values)


def answered(request) -> dict:
    """The response to ``request``: valid JSON, no traceback, not ``internal``."""
    text = api.handle(json.dumps(request))
    assert "Traceback" not in text
    envelope = json.loads(text)
    assert isinstance(envelope, dict) and isinstance(envelope.get("ok"), bool)
    if not envelope["ok"]:
        error = envelope["error"]
        assert error["type"] in TYPES, (request, error)
        assert isinstance(error["message"], str) and error["message"]
    return envelope


def within_budget(request) -> None:
    """A calc's cost: estimated first; within the budget it is run when cheap, beyond it must be refused."""
    if not isinstance(request, dict) or request.get("op") != "calc" or "estimate" in request:
        answered(request)
        return
    asked = answered({**request, "estimate": True})
    if not asked["ok"]:
        answered(request)
        return
    estimate = asked["result"]["estimate"]
    if not estimate["within_budget"]:
        refused = answered(request)
        assert not refused["ok"] and refused["error"]["type"] == "too_big", (request, estimate)
    elif estimate["seconds"] <= RUN_BELOW_SECONDS:
        answered(request)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_mutated_request_is_an_internal_error(data):
    request = data.draw(st.sampled_from(CORPUS))
    for _ in range(data.draw(st.integers(1, 3))):
        request = mutate(data, request)
    within_budget(request)


@settings(max_examples=100, deadline=None)
@given(values)
def test_no_json_value_is_an_internal_error(request):
    answered(request)
    if isinstance(request, dict):
        for op in api.OPS:
            answered({**request, "op": op})


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=#", max_size=80))
def test_no_random_link_is_an_internal_error(text):
    for link in (text, "v1." + text, "#v1." + text):
        answered({"op": "share", "decode": link})


@settings(max_examples=150, deadline=None)
@given(values)
def test_no_deflated_value_is_an_internal_error(value):
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(json.dumps(value).encode()) + packer.flush()
    body = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
    answered({"op": "share", "decode": "v1." + body})
    answered({"op": "share", "decode": "v1." + body[: len(body) // 2]})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_links_of_mutated_requests_decode_or_are_refused(data):
    request = mutate(data, data.draw(st.sampled_from([r for r in CORPUS if r.get("op") in ("resolve", "calc", "wif", "research")])))
    if isinstance(request, dict):
        # Encoded as the page would, even when the request is not valid: the decoder validates it.
        answered({"op": "share", "decode": link_for(request)})
        encoded = answered({"op": "share", "encode": request})
        if encoded["ok"]:
            decoded = answered({"op": "share", "decode": encoded["result"]["link"]})
            assert decoded["ok"], decoded
            again = answered({"op": "share", "encode": decoded["result"]["request"]})
            assert again["result"]["link"] == encoded["result"]["link"]  # a link's request is its own canonical form

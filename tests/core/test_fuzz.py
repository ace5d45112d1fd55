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

Issue 34 added the shapes that found its internal errors: hand-written valid requests for every field
(``fuzz_requests.py``) mutated the same way, battles generated from the rulesets' own unit lists (every
luck system, kind and option), nesting up to 3,000 deep anywhere in a request or a link, and lone
surrogates (half of a UTF-16 pair) in every text and key.

Issue 39 added the shapes that held the core for minutes: hostile texts up to the request's 200,000
characters (unterminated strings of escapes), links that unpack to the size limit, and cheapest-army searches
over millions of armies.

Bounded in time (about 20 s of CPU in CI): a few hundred examples a test, 1,660 in all, and a calc whose
estimate is over half a second of work is not run here (bench/cost.py times those).
``LUCKDIAL_FUZZ_SCALE=14`` multiplies every test's examples (21,000 in all: bench/README.md gives such a
run).
"""

import base64
import gzip
import json
import os
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api
from pycore.share import link_for

from tests.core.fuzz_requests import HAND

SCALE = float(os.environ.get("LUCKDIAL_FUZZ_SCALE", "1"))


def examples(n: int) -> int:
    """A test's examples in CI, times LUCKDIAL_FUZZ_SCALE for a longer run by hand."""
    return max(1, int(n * SCALE))


RECORD = Path(__file__).parent / "data" / "recorded.jsonl.gz"
with gzip.open(RECORD, "rt", encoding="utf-8") as _lines:
    CORPUS = [entry["request"] for entry in map(json.loads, _lines) if isinstance(entry["request"], dict)]
TYPES = {"bad_json", "bad_request", "too_big"}
"""Error types a request may cause (docs/api.md); ``internal`` is a bug."""
RUN_BELOW_SECONDS = 0.6

LONE = ["\ud800", "\udbff", "\udc00", "\udfff"]
"""Lone surrogates: Hypothesis's text never draws them, JSON's \\u escapes carry them into a Python str."""
texts = st.text(max_size=8) | st.builds(lambda a, s, b: a + s + b, st.text(max_size=3), st.sampled_from(LONE),
                                        st.text(max_size=3))
scalars = (st.none() | st.booleans() | st.integers(-3, 40) | st.integers(-10**12, 10**12)
           | st.floats(allow_nan=True, allow_infinity=True) | texts
           | st.sampled_from(["dice", "lowluck", "colored", "chess", "infantry", "tank", "attacker", "main",
                              "v1.", "classic", "land", "sea", "air", "red", ""]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(texts, inner, max_size=3), max_leaves=6)


def mutate(data, value, depth=0):
    """``value`` with one change somewhere inside it (drawn by Hypothesis)."""
    if isinstance(value, dict) and value and depth < 6 and data.draw(st.integers(0, 3)) > 0:
        key = data.draw(st.sampled_from(sorted(value)))
        how = data.draw(st.sampled_from(["into", "into", "into", "drop", "add"]))
        if how == "drop":
            return {k: x for k, x in value.items() if k != key}
        if how == "add":
            return {**value, data.draw(texts): data.draw(values)}
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


def mutated(data, corpus: list[dict]) -> dict:
    """A request of the corpus mutated one to three times."""
    request = data.draw(st.sampled_from(corpus))
    for _ in range(data.draw(st.integers(1, 3))):
        request = mutate(data, request)
    return request


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_mutated_request_is_an_internal_error(data):
    within_budget(mutated(data, CORPUS))


@settings(max_examples=examples(100), deadline=None)
@given(values)
def test_no_json_value_is_an_internal_error(request):
    answered(request)
    if isinstance(request, dict):
        for op in api.OPS:
            answered({**request, "op": op})


@settings(max_examples=examples(150), deadline=None)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=#", max_size=80))
def test_no_random_link_is_an_internal_error(text):
    for link in (text, "v1." + text, "#v1." + text):
        answered({"op": "share", "decode": link})


@settings(max_examples=examples(150), deadline=None)
@given(values)
def test_no_deflated_value_is_an_internal_error(value):
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(json.dumps(value).encode()) + packer.flush()
    body = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
    answered({"op": "share", "decode": "v1." + body})
    answered({"op": "share", "decode": "v1." + body[: len(body) // 2]})


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


# ---- issue 34: the shapes that found its internal errors ----------------------------------------------

def test_every_hand_written_request_is_answered():
    """The hand-written requests are valid as written: a mutation of one starts from a field's real shape."""
    for request in HAND:
        assert answered(request)["ok"], request


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_mutated_hand_written_request_is_an_internal_error(data):
    within_budget(mutated(data, HAND))


RULESETS = api.handle_object({"op": "rulesets"})["result"]
SYSTEMS = [{"name": "dice"}, {"name": "lowluck"}, {"name": "colored"}, {"name": "biased"}] + [
    {"name": "chess", "variant": v} for v in ("orthodox", "ryof", "ryof6", "cof", "cofr")]


@st.composite
def battles(draw):
    """A battle from a ruleset's own unit lists (``rulesets`` → ``battle_units``), any system, kind, option,
    a plan's fields among them."""
    ruleset = draw(st.sampled_from(RULESETS["rulesets"]))
    kind = draw(st.sampled_from(["land", "sea", "amphibious"]))
    sides = {}
    for role in ("attacker", "defender"):
        allowed = ruleset["battle_units"][kind][role]
        chosen = draw(st.lists(st.sampled_from(allowed), min_size=1, max_size=4, unique=True)) if allowed else []
        sides[role] = {"units": {unit: draw(st.integers(0, 12)) for unit in chosen}}
        if draw(st.integers(0, 4)) == 0 and chosen:
            sides[role]["order_of_loss"] = draw(st.permutations(chosen))
    request = {"ruleset": ruleset["id"], "system": draw(st.sampled_from(SYSTEMS)), "kind": kind, **sides}
    more = draw(st.sampled_from([{}, {}, {"lhtr": True}, {"sub_rule": "printed"}, {"rounds": 2}]))
    if draw(st.booleans()):
        return {"op": "resolve", **request, **more, "seed": draw(texts.filter(bool))}
    options = draw(st.sampled_from([{}, {"retreat_below": 0.5}, {"retreat_at_units": 2}, {"keep_land": True},
                                    {"round": 2}, {"exact": True},
                                    # a plan of attack (docs/api.md): the same attacker again, then a counter-attack
                                    {"waves": [{"attacker": sides["attacker"]}], "territory_value": 3},
                                    {"counter": {"attacker": sides["defender"]}, "retreat_profit": 0},
                                    {"retreat_strafe": 0.5, "retreat_air_loss": 0.2}]))
    return {"op": "calc", **request, **more, **options}


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_no_generated_battle_is_an_internal_error(request):
    within_budget(request)


def paths(value, at=()):
    """Every place in a request (a key's value, a list's item), the request itself first."""
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, at + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, at + (i,))


def replaced(value, at, new):
    if not at:
        return new
    head, rest = at[0], at[1:]
    if isinstance(value, dict):
        return {**value, head: replaced(value[head], rest, new)}
    return value[:head] + [replaced(value[head], rest, new)] + value[head + 1:]


@settings(max_examples=examples(150), deadline=None)
@given(st.data())
def test_no_nesting_anywhere_is_an_internal_error(data):
    """Lists and objects nested 1 to 3,000 deep in any place of a request, and of the link of one."""
    request = data.draw(st.sampled_from(HAND))
    at = data.draw(st.sampled_from(list(paths(request))))
    depth = data.draw(st.integers(1, 40) | st.integers(40, 3000))
    opening, closing = data.draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
    text = json.dumps(replaced(request, at, "@@deep@@")).replace('"@@deep@@"', opening * depth + "1" + closing * depth)
    envelope = json.loads(api.handle(text))
    assert envelope["ok"] or envelope["error"]["type"] in TYPES, envelope
    if depth > 32:
        assert envelope["error"]["type"] == "bad_json", envelope
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = base64.urlsafe_b64encode(packer.compress(text.encode()) + packer.flush()).rstrip(b"=").decode()
    answered({"op": "share", "decode": "v1." + body})


@settings(max_examples=examples(150), deadline=None)
@given(st.data())
def test_no_lone_surrogate_in_any_text_or_key_is_an_internal_error(data):
    """A lone surrogate added to any text, or any key, of a valid request; and the link of it."""
    request = data.draw(st.sampled_from(HAND))
    texts_at = [at for at in paths(request) if isinstance(_at(request, at), str)]
    keys_at = [at for at in paths(request) if at and isinstance(at[-1], str)]
    lone = data.draw(st.sampled_from(LONE))
    if texts_at and data.draw(st.booleans()):
        at = data.draw(st.sampled_from(texts_at))
        request = replaced(request, at, _at(request, at) + lone)
    else:
        at = data.draw(st.sampled_from(keys_at))
        parent = _at(request, at[:-1])
        request = replaced(request, at[:-1], {(k + lone if k == at[-1] else k): x for k, x in parent.items()})
    within_budget(request)
    answered({"op": "share", "decode": link_for(request)})


def _at(value, at):
    for step in at:
        value = value[step]
    return value


# ---- issue 39: text that was quadratic, searches that built what they counted, links at the size limit ----

HOSTILE = ['"', '\\"', "\\", '\\\\', "\\u", "[", "]", "{", '{"a":', "}", ",", ":", " ", "a", '"x"', "\ud800"]
"""The pieces of the texts that held the core: unterminated strings of escapes, runs of what the depth count
and the parser read."""


@st.composite
def hostile_texts(draw, most: int):
    """Runs of hostile pieces, some repeated thousands of times, up to ``most`` characters."""
    text = ""
    for _ in range(draw(st.integers(1, 4))):
        piece = "".join(draw(st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=3)))
        text += piece * draw(st.integers(1, max(1, (most - len(text)) // len(piece))))
    return text[:most]


def answered_text(text: str) -> dict:
    """The response to raw request text: valid JSON, not ``internal``."""
    envelope = json.loads(api.handle(text))
    assert envelope["ok"] or envelope["error"]["type"] in TYPES, (text[:80], envelope)
    return envelope


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_texts(api.MAX_REQUEST_CHARS))
def test_no_hostile_text_is_an_internal_error(text):
    answered_text(text)
    answered_text('{"op":"resolve","seed":' + text + "}")


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_texts(256_000), st.integers(0, 2))
def test_no_link_unpacking_to_the_size_limit_is_an_internal_error(text, cut):
    """Links that inflate to about the most a link may hold (docs/links.md), whole or cut short."""
    from pycore.share import MAX_JSON_BYTES
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode("utf-8", "surrogatepass")[:MAX_JSON_BYTES + cut]) + packer.flush()
    body = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
    answered({"op": "share", "decode": "v1." + body[: len(body) - cut]})


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_cheapest_army_space_is_an_internal_error(data):
    """Cheapest-army searches over any units available, up to 999 a type and 2,000 a side (millions of armies):
    refused as too_big at once, or within the budget (issue 39: they were built before being counted)."""
    ruleset = data.draw(st.sampled_from(RULESETS["rulesets"]))
    allowed = ruleset["battle_units"]["land"]["attacker"]
    chosen = data.draw(st.lists(st.sampled_from(allowed), min_size=1, max_size=5, unique=True))
    available = {unit: data.draw(st.integers(0, 999) | st.integers(0, 6)) for unit in chosen}
    while sum(available.values()) > 2000:
        biggest = max(available, key=available.get)
        available[biggest] //= 2
    within_budget({"op": "calc", "ruleset": ruleset["id"], "system": data.draw(st.sampled_from(SYSTEMS[:2])),
                   "attacker": {"units": {chosen[0]: 1}}, "defender": {"units": {"infantry": data.draw(st.integers(1, 6))}},
                   "recommend": {"available": available, "target": data.draw(st.floats(0, 1))}})

"""Share links v1: round trips exactly, and a damaged link is a clear message (docs/links.md)."""

import base64
import json
import zlib

import pytest
from hypothesis import given, settings, strategies as st

from pycore.ops import decode_link
from pycore.share import MAX_JSON_BYTES, MAX_LINK_CHARS, link_for
from tests.core.helpers import CANONICAL_RESOLVE, error, ok


def pack(obj_bytes):
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(obj_bytes) + packer.flush()
    return "v1." + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def test_resolve_link_replays_the_same_battle():
    first = ok(CANONICAL_RESOLVE)
    request = ok({"op": "share", "decode": first["link"]})["request"]
    assert request["op"] == "resolve" and request["seed"] == "any text" and request["rounds"] == 1
    assert ok(request) == first


def test_link_format_is_v1_base64url_of_raw_deflated_canonical_json():
    link = ok({"op": "share", "encode": CANONICAL_RESOLVE})["link"]
    payload = link[3:]
    assert link.startswith("v1.") and "=" not in payload and "+" not in payload and "/" not in payload
    data = json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), -15))
    assert data == {**CANONICAL_RESOLVE, "attacker": CANONICAL_RESOLVE["attacker"], "defender": CANONICAL_RESOLVE["defender"]}


def test_a_fragment_with_hash_is_accepted():
    link = ok(CANONICAL_RESOLVE)["link"]
    assert decode_link("#" + link) == decode_link(link)


@pytest.mark.parametrize("link, words", [
    ("", "should start with v1."),
    ("hello", "should start with v1."),
    ("v2.abcd", 'version "v2"'),
    ("v1.", "damaged"),
    ("v1.!!!!", "damaged"),
    ("v1.AAAA", "damaged"),
    (pack(b"[1,2,3]"), "must be an object"),
    (pack(b'{"op": "rulesets"}'), "must be one of resolve, calc"),
    (pack(b"not json"), "damaged"),
    ("v1." + "A" * (MAX_LINK_CHARS + 1), "too long"),
])
def test_bad_links(link, words):
    err = error({"op": "share", "decode": link})
    assert err["type"] == "bad_request" and words in err["message"], err


def test_truncated_link_is_damaged():
    link = ok(CANONICAL_RESOLVE)["link"]
    err = error({"op": "share", "decode": link[:-6]})
    assert "damaged" in err["message"]


def test_edited_link_with_a_bad_value_names_the_field():
    request = dict(CANONICAL_RESOLVE, attacker={"units": {"infantry": -4}})
    err = error({"op": "share", "decode": pack(json.dumps(request).encode())})
    assert err["field"] == "attacker.units.infantry" and "-4" in err["message"]


def test_zip_bomb_is_refused():
    err = error({"op": "share", "decode": pack(b'{"op":"resolve","seed":"' + b"a" * (MAX_JSON_BYTES + 1) + b'"}')})
    assert "more than" in err["message"]


units = st.dictionaries(st.sampled_from(["infantry", "tank", "fighter", "bomber"]), st.integers(1, 400), min_size=1)


@settings(max_examples=80, deadline=None)
@given(units, units, st.text(min_size=1, max_size=200), st.sampled_from(["dice", "lowluck"]),
       st.none() | st.integers(1, 100), st.lists(st.just("press"), max_size=5))
def test_round_trip(attacker, defender, seed, system, rounds, choices):
    """parse(format(x)) == x, and the link of a decoded link is the same link (canonical form)."""
    request = {"op": "resolve", "ruleset": "revised", "system": {"name": system},
               "attacker": {"units": attacker}, "defender": {"units": defender}, "seed": seed}
    if rounds is not None:
        request["rounds"] = rounds
    if choices:
        request["choices"] = choices
    link = ok({"op": "share", "encode": request})["link"]
    decoded = decode_link(link)
    assert decoded == request
    assert link_for(decoded) == link

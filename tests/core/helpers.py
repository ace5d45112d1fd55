"""Small helpers for core tests: call the API as the page and the CLI do."""

import base64
import json
import zlib

from pycore.api import handle


def call(request):
    """The envelope for a request, through the JSON string door like the worker uses."""
    return json.loads(handle(json.dumps(request)))


def ok(request):
    envelope = call(request)
    assert envelope["ok"], envelope
    return envelope["result"]


def error(request):
    envelope = call(request)
    assert not envelope["ok"], envelope
    return envelope["error"]


def changed(request, **changes):
    """A deep copy of ``request`` with fields replaced, or removed where the new value is None."""
    copy = json.loads(json.dumps(request))
    for key, value in changes.items():
        if value is None:
            copy.pop(key, None)
        else:
            copy[key] = value
    return copy


CANONICAL_RESOLVE = {  # docs/api.md, its canonical requests, exactly as written
    "op": "resolve", "ruleset": "classic", "system": {"name": "lowluck"},
    "attacker": {"units": {"infantry": 3, "tank": 3, "fighter": 1}},
    "defender": {"units": {"infantry": 3, "tank": 1, "fighter": 1}},
    "seed": "any text", "rounds": 1}


def packed(text: str) -> str:
    """A v1 link of any text, as anyone can make one (docs/links.md): raw deflate, base64url, no padding."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode("utf-8")) + packer.flush()
    return "v1." + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

"""JSON text at the core's edges: read with its nesting bounded first, written so any runtime can carry it.

Why: a JSON parser recurses once per level of nesting. CPython stops a deep
list with a ``RecursionError``, but Pyodide's WebAssembly stack is far
smaller than CPython's C stack, and 3,000 levels (a 38-character link:
deflate packs ``[[[[…`` very well) overflowed it: a fatal JavaScript error
that killed the page's Python. So :func:`loads` counts the depth of the
text first, without recursion, and refuses what is deeper than any request
(:data:`MAX_DEPTH`); nothing recursive ever sees it.

On the way out, :func:`dumps` keeps the response UTF-8: a lone surrogate
(half of a UTF-16 pair, which JSON's ``\\udfff`` escape can carry into a
Python string) cannot be encoded, so it stays escaped in the text, and the
command line, a worker or a link never fails to write a response.
"""

from __future__ import annotations

import json
import json.encoder
import re
from itertools import accumulate
from typing import Any

MAX_DEPTH = 32
"""The deepest nesting of objects and lists a request or a link may have (the deepest request the API
takes, a referee battle's dice by round, side and group, is 5 levels)."""

JsonObject = dict[str, Any]
"""A JSON object as a response writes it (or a record reads it) — decision: its values are ``Any`` because each
field has its own type, spelled in docs/api.md and checked where the field is read or written, not here."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
"""A JSON string, or an unterminated one running to the end of the text. It matches wherever it starts at
a quote, so the scan never fails and starts over: linear in the text's length. Requiring the closing quote
made an unterminated run of escaped quotes (``"\\"\\"…``) quadratic, every quote rescanned to the end
(200,000 characters: 152 s in CPython, a 361-character link held Pyodide for 402 s). A parser stops at an
unterminated string and never reads the brackets after it, so counting them as text loses nothing."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class TooDeep(ValueError):
    """The text nests objects or lists deeper than :data:`MAX_DEPTH` (no parser has seen it)."""

    def __init__(self, depth: int):
        super().__init__(f"it nests lists or objects {depth} deep, more than the {MAX_DEPTH} any request has")
        self.depth = depth


def depth(text: str) -> int:
    """How deep the text's brackets nest outside its strings, counted without recursion (in C, mostly) and in
    time linear in the text's length (every step is one pass of a regex that never backtracks far)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def loads(text: str | bytes) -> Any:
    """``json.loads`` once the nesting is known to be within :data:`MAX_DEPTH` (else :class:`TooDeep`)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    # Text with no more opening brackets than the bound cannot nest deeper (strings' brackets counted too, so
    # this only errs towards the full count): most requests, spared the scan (15 µs of a 1 ms calculation).
    if text.count("[") + text.count("{") > MAX_DEPTH:
        deepest = depth(text)
        if deepest > MAX_DEPTH:
            raise TooDeep(deepest)
    return json.loads(text)


def _writer(sort_keys: bool) -> Any:
    """The C encoder ``json.dumps`` would build for our options, built once: ``json.dumps`` makes a new
    ``JSONEncoder`` and C encoder at every call (3 µs of a small calculation's two writes). No circular check:
    the core writes trees it built itself (a cycle would be a bug, met as a ``RecursionError`` instead of a
    ``ValueError``), and the markers cost a dict entry per object written. None where the runtime has no C
    encoder: then :func:`dumps` calls ``json.dumps``."""
    make = getattr(json.encoder, "c_make_encoder", None)   # the C accelerator: not in the typed stubs
    if make is None:   # pragma: no cover - CPython and Pyodide both build ``_json``
        return None
    return make(None, json.JSONEncoder().default, json.encoder.encode_basestring, None, ":", ",", sort_keys, False, True)


_WRITERS = (_writer(False), _writer(True))


def dumps(value: Any, sort_keys: bool = False) -> str:
    """Compact JSON, non-ASCII as is, but any lone surrogate escaped (``\\udfff``), so the text is UTF-8: the same
    text as ``json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys)``."""
    writer = _WRITERS[sort_keys]
    if writer is None:   # pragma: no cover - no C encoder
        return escaped(json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys))
    return escaped("".join(writer(value, 0)))


def escaped(text: str) -> str:
    """JSON text with every lone surrogate in it written as its ``\\u`` escape (the same JSON, now UTF-8).

    Almost every response has none: ASCII text is known so at once (CPython keeps the flag), and UTF-8's own
    encoder, in C, refuses a surrogate, so the regex pass (5 ns a character, 40 µs for a 40 v 40's answer)
    runs only on text that holds one."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def has_lone_surrogate(text: str) -> int | None:
    """The position of the first lone surrogate in ``text``, or None (Python holds a valid pair as one
    character, so every surrogate in a ``str`` decoded from JSON is a lone one)."""
    found = _SURROGATE.search(text)
    return found.start() if found else None

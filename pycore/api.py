"""The only door into the core: one JSON request string in, one JSON response string out.

The browser worker and the command line both call :func:`handle`. It never
raises: bad input becomes ``{"ok": false, "error": {...}}`` naming the field
and the value, and a bug becomes an ``internal`` error rather than a traceback
on a player's screen. See ``docs/api.md`` for the contract.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any, Callable, Mapping

from . import jsontext
from .errors import BadRequest, LuckdialError, show
from .jsontext import JsonObject
from .ops import OPS, module_of

MAX_REQUEST_CHARS = 200_000

Op = Callable[[Mapping[str, Any]], JsonObject]

OUT_OF_MEMORY: JsonObject = {"ok": False, "error": {
    "type": "too_big",
    "message": "this request is too big for the memory of this device: use fewer units, rounds or steps",
    "detail": {"out_of_memory": True}}}
"""The one answer to running out of memory (docs/api.md "Out of memory"): past the cost model's estimate the
device said no, a size problem and not a bug. ``detail.out_of_memory`` tells the page's worker to start a fresh
interpreter (one that ran dry is not trusted again)."""
_OUT_OF_MEMORY_TEXT = jsontext.dumps(OUT_OF_MEMORY)
"""Written once at import: when memory runs out there may be none left to write it with."""


_MODULES: dict[str, ModuleType] = {}
"""Each op's module once imported: ``importlib.import_module`` walks its import machinery at every call (1–2 µs
of a small calculation), where a dict lookup finds the module already loaded."""


def _op(name: str) -> Op:
    """The op's ``run``, imported on first use so start-up only pays for the ops it calls (read from its module
    at each call, so a test that replaces an op's ``run`` is heard)."""
    module = _MODULES.get(name)
    if module is None:
        module = _MODULES[name] = module_of(name)
    run: Op = module.run   # a module's attribute is Any to mypy: every op's ``run`` has this type
    return run


def handle_object(request: Any) -> JsonObject:
    """Answer a decoded request; the envelope as a dict."""
    try:
        if not isinstance(request, dict):
            raise BadRequest("", f"the request must be a JSON object, got {show(request)}")
        op = request.get("op")
        if not isinstance(op, str) or op not in OPS:
            raise BadRequest("op", f"must be one of {', '.join(OPS)}, got {show(op)}")
        return {"ok": True, "result": _op(op)(request)}
    except LuckdialError as error:
        body: JsonObject = {"type": error.type, "message": error.message}
        if error.field:
            body["field"] = error.field
        if error.detail:
            body["detail"] = error.detail
        return {"ok": False, "error": body}
    except MemoryError:
        pass   # answered below, outside this clause, whose traceback holds the frames that filled the memory
    except Exception as error:  # a bug of ours: say so plainly, never a traceback
        return {
            "ok": False,
            "error": {
                "type": "internal",
                "message": f"Luckdial failed on this request ({type(error).__name__}: {error}). "
                "Please report it with the request.",
            },
        }
    return OUT_OF_MEMORY   # only a MemoryError comes here: every other path returns above


def handle(request: str) -> str:
    """JSON string in, JSON string out; see docs/api.md. Always JSON: memory that runs out anywhere, in the
    op, in its error or in writing the answer, gives :data:`OUT_OF_MEMORY`, written before any request came."""
    try:
        return _answer(request)
    except MemoryError:
        pass          # leave the clause first: its traceback holds the frames that filled the memory
    return _OUT_OF_MEMORY_TEXT


def _answer(request: str) -> str:
    if not isinstance(request, str) or len(request) > MAX_REQUEST_CHARS:
        size = len(request) if isinstance(request, str) else type(request).__name__
        return json.dumps({"ok": False, "error": {
            "type": "bad_json", "message": f"the request must be JSON text of at most {MAX_REQUEST_CHARS} characters, got {size}"}})
    try:
        decoded = jsontext.loads(request)   # its depth bounded before any parser recurses
    except jsontext.TooDeep as error:
        return json.dumps({"ok": False, "error": {"type": "bad_json", "message": f"the request is refused: {error}"}})
    except (ValueError, RecursionError) as error:
        return json.dumps({"ok": False, "error": {
            "type": "bad_json", "message": f"the request is not valid JSON: {error}"}})
    return jsontext.dumps(handle_object(decoded))

"""The ops: one module per op of the JSON contract (docs/api.md), each ``run(request) -> dict``.

An op module reads its request (``normalize``, which is also what a share
link holds) and writes its result; the rules it applies live in the layers
below — ``engine`` and ``systems`` (a battle), ``calc`` (its exact law),
``wif``, ``research``. ``pycore.api.handle`` is the one door that calls them.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Mapping

from ..jsontext import JsonObject
from ..share import read_link
from ..read import fields as v
from ..errors import BadRequest, show


@dataclass(frozen=True)
class Op:
    """An op of the contract: the module that answers it (``run(request) -> dict``), and whether a share link
    may hold its request (then the module's ``normalize(request) -> dict`` validates it, docs/links.md)."""

    module: str
    linkable: bool


OPS = {
    "rulesets": Op("pycore.ops.rulesets", linkable=False),
    "resolve": Op("pycore.ops.resolve", linkable=True),
    "calc": Op("pycore.ops.calc", linkable=True),
    "share": Op("pycore.ops.share", linkable=False),
    "wif": Op("pycore.ops.wif", linkable=True),
    "research": Op("pycore.ops.research", linkable=True),
    "bombing": Op("pycore.ops.bombing", linkable=True),
    "journal": Op("pycore.ops.journal", linkable=True),
    "plan_turn": Op("pycore.ops.plan_turn", linkable=True),
}
"""The one table of ops: ``pycore.api.handle`` answers these, a link holds the linkable ones. Each module is
imported on first use, so start-up only pays for the ops it calls."""

LINKABLE = tuple(name for name, op in OPS.items() if op.linkable)


def module_of(name: str) -> ModuleType:
    """The op's module (``name`` one of :data:`OPS`), imported on first use."""
    return importlib.import_module(OPS[name].module)


def normalize_linkable(request: Mapping[str, Any], field: str) -> JsonObject:
    """A request a link may hold, validated by its op exactly as if typed in (its canonical form)."""
    op = request.get("op")
    if not isinstance(op, str) or op not in LINKABLE:
        raise BadRequest(f"{field}.op", f"must be one of {', '.join(LINKABLE)}, got {show(op)}")
    canonical: JsonObject = module_of(op).normalize(request)
    return canonical


def decode_link(link: Any, field: str = "decode") -> JsonObject:
    """The validated request a link holds (:func:`pycore.share.read_link`, then its op's ``normalize``)."""
    return normalize_linkable(v.obj(read_link(link, field), f"{field} (decoded)"), f"{field} (decoded)")

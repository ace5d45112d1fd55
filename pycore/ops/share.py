"""Op ``share``: a request in, its link out; a link in, the validated request it holds out (docs/links.md)."""

from __future__ import annotations

from typing import Any, Mapping

from .. import validate as v
from ..errors import BadRequest
from ..share import normalize_linkable, decode_link, link_for


def run(request: Mapping[str, Any]) -> dict:
    """Op ``share``: ``{"encode": request}`` → ``{"link"}``; ``{"decode": link}`` → ``{"request"}``."""
    v.only_keys(request, ("op", "encode", "decode"), "")
    if ("encode" in request) == ("decode" in request):
        raise BadRequest("encode", "give exactly one of encode (a request) or decode (a link)")
    if "decode" in request:
        return {"request": decode_link(request["decode"])}
    return {"link": link_for(normalize_linkable(v.obj(request["encode"], "encode"), "encode"))}

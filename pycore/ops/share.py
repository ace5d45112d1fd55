"""Op ``share``: a request in, its link out; a link in, the validated request it holds out (docs/links.md).

A third form starts a commit–reveal battle (:mod:`pycore.commit`): the
attacker's battle and secret in, the commitment link (which holds only the
hash of the secret) out.
"""

from __future__ import annotations

from typing import Any, Mapping

from .. import commit as commit_reveal
from .. import origin
from .. import validate as v
from ..engine.setup import setup_json
from ..errors import BadRequest
from ..share import link_for
from . import decode_link, normalize_linkable


def run(request: Mapping[str, Any]) -> dict:
    """``{"encode": request}`` → ``{"link"}``; ``{"decode": link}`` → ``{"request"}``;
    ``{"commit": battle, "secret": text}`` → ``{"link", "hash"}``."""
    v.only_keys(request, ("op", "encode", "decode", "commit", "secret"), "")
    forms = [key for key in ("encode", "decode", "commit") if key in request]
    if len(forms) != 1:
        raise BadRequest("encode", "give exactly one of encode (a request), decode (a link) or commit (a battle "
                         "with its secret)")
    if "decode" in request:
        return {"request": decode_link(request["decode"])}
    if "commit" in request:
        return _commit(v.obj(request["commit"], "commit"), v.required(request, "secret", ""))
    if "secret" in request:
        raise BadRequest("secret", "a secret goes only with commit")
    return {"link": link_for(normalize_linkable(v.obj(request["encode"], "encode"), "encode"))}


def _commit(battle: Mapping[str, Any], secret: Any) -> dict:
    """The attacker's commitment link: the battle and ``sha256(tag, secret, setup)``, never the secret."""
    from . import resolve
    if battle.get("op") != "resolve":
        raise BadRequest("commit.op", "a commitment is made for a battle: op must be resolve")
    given = [key for key in origin.KEYS if key in battle]
    if given:
        raise BadRequest(f"commit.{given[0]}", "a committed battle takes its dice from the commitment: "
                         f"leave {given[0]} out")
    secret = v.text(secret, "secret", 16, 200)
    _, parsed = resolve.parse({**battle, "seed": "-"})
    digest = commit_reveal.commitment(secret, setup_json("resolve", parsed.setup))
    canonical = resolve.normalize({**battle, "commit": {"hash": digest}})
    return {"link": link_for(canonical), "hash": digest}

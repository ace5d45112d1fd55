"""Op ``share``: a request in, its link out; a link in, the validated request it holds out (docs/links.md).

A third form starts a commit–reveal battle (:mod:`pycore.fair.commit`): the
attacker's battle and secret in, the commitment link (which holds only the
hash of the secret) out.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..jsontext import JsonObject
from ..fair import commit as commit_reveal
from ..fair import origin
from ..read import fields as v
from ..errors import BadRequest
from ..read.resolve import read_resolve
from ..share import MAX_LINK_CHARS, link_for
from . import decode_link, normalize_linkable


def run(request: Mapping[str, Any]) -> JsonObject:
    """``{"encode": request}`` → ``{"link"}``; ``{"decode": link}`` → ``{"request"}``;
    ``{"commit": battle, "secret": text}`` → ``{"link", "hash"}`` (``"round_by_round": true``: a chain, one draw
    after each decision); ``{"reveal": battle, "secret": text}`` → ``{"link", "request"}``, the next key of a
    round-by-round commitment revealed."""
    v.only_keys(request, ("op", "encode", "decode", "commit", "secret", "round_by_round", "reveal"), "")
    forms = [key for key in ("encode", "decode", "commit", "reveal") if key in request]
    if len(forms) != 1:
        raise BadRequest("encode", "give exactly one of encode (a request), decode (a link), commit (a battle "
                         "with its secret) or reveal (a round-by-round battle with its secret)")
    if "round_by_round" in request and "commit" not in request:
        raise BadRequest("round_by_round", "goes only with commit")
    if "decode" in request:
        return {"request": decode_link(request["decode"])}
    if "commit" in request:
        return _commit(v.obj(request["commit"], "commit"), v.required(request, "secret", ""),
                       v.boolean(request.get("round_by_round", False), "round_by_round"))
    if "reveal" in request:
        return _reveal(v.obj(request["reveal"], "reveal"), v.required(request, "secret", ""))
    if "secret" in request:
        raise BadRequest("secret", "a secret goes only with commit or reveal")
    link = link_for(normalize_linkable(v.obj(request["encode"], "encode"), "encode"))
    if len(link) > MAX_LINK_CHARS:
        raise BadRequest("encode", f"this request is too long for a link ({len(link):,} characters, at most "
                                   f"{MAX_LINK_CHARS:,}): share it in parts")
    return {"link": link}


def _commit(battle: Mapping[str, Any], secret: Any, round_by_round: bool = False) -> JsonObject:
    """The attacker's commitment link: the battle and ``sha256(tag, secret, setup)``, never the secret.

    Round by round, the commitment binds the head of the secret's chain of keys instead (pycore/fair/commit.py)."""
    if battle.get("op") != "resolve":
        raise BadRequest("commit.op", "a commitment is made for a battle: op must be resolve")
    given = [key for key in origin.KEYS if key in battle]
    if given:
        raise BadRequest(f"commit.{given[0]}", "a committed battle takes its dice from the commitment: "
                         f"leave {given[0]} out")
    secret = v.text(secret, "secret", 16, 200)
    parsed = read_resolve({**battle, "seed": "-"})
    if round_by_round:
        digest = commit_reveal.commitment_v2(commit_reveal.chain_key(secret, 0), parsed.committed)
        commitment: JsonObject = {"hash": digest, "draws": []}
    else:
        digest = commit_reveal.commitment(secret, parsed.committed)
        commitment = {"hash": digest}
    # The battle read once: its canonical form with the commitment where the stand-in seed stood (the same
    # place a read of the committed request puts it, so the link is the same bytes).
    canonical = {("commit" if key == "seed" else key): (commitment if key == "seed" else value)
                 for key, value in parsed.canonical.items()}
    return {"link": link_for(canonical), "hash": digest}


def _reveal(battle: Mapping[str, Any], secret: Any) -> JsonObject:
    """The attacker reveals the key of the last draw the defender gave a phrase for (round by round)."""
    commit = battle.get("commit")
    if not isinstance(commit, Mapping) or "draws" not in commit:
        raise BadRequest("reveal.commit", "reveal takes a round-by-round commit–reveal battle (commit.draws)")
    secret = v.text(secret, "secret", 16, 200)
    draw = len(commit["draws"]) if isinstance(commit["draws"], list) else 0
    if not draw:
        raise BadRequest("reveal.commit.draws", "no draw has the defender's phrase yet: nothing to reveal")
    key = commit_reveal.chain_key(secret, draw)
    parsed = read_resolve({**battle, "commit": {"hash": commit.get("hash"), "draws": []}})
    digest = parsed.origin.canonical["commit"]["hash"]
    if commit_reveal.commitment_v2(commit_reveal.chain_key(secret, 0), parsed.committed) != digest:
        raise BadRequest("secret", f"this secret did not make the commitment {digest[:12]}… of this battle: reveal on "
                                   "the device that made the commitment")
    canonical = read_resolve({**battle, "commit": {**commit, "key": {"draw": draw, "value": key}}}).canonical
    return {"link": link_for(canonical), "request": canonical}

"""Where a battle's dice come from, read from a request: a seed, table dice, a beacon round, a commitment.

The reading half of :mod:`pycore.fair.origin`, :mod:`pycore.fair.beacon` and :mod:`pycore.fair.commit`
(docs/links.md "Where the dice come from" and "Fair dice, round by round"): each field checked once,
into the canonical form a link holds; those modules derive the seeds and say where the dice came from.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..fair import beacon as quicknet
from ..fair import commit as commit_reveal
from ..fair.beacon import SIGNATURE, MAX_DRAWS, MAX_ROUND
from ..fair.commit import HEX64, CHAIN_LENGTH, MAX_PHRASE
from ..errors import BadRequest, show
from ..fair.origin import KEYS, Origin
from . import fields as v


def read_origin(request: Mapping[str, Any], setup_canonical: Mapping[str, Any],
                read_table: Callable[[Any], Any]) -> Origin:
    """The one origin a request names; ``read_table(value)`` reads table dice (the play knows their shape)."""
    given = [key for key in KEYS if key in request]
    if len(given) != 1:
        if not given:
            raise BadRequest("seed", "is required (or give dice rolled at the table)")
        if given[:2] == ["seed", "dice"]:
            raise BadRequest("seed", "give a seed (the app rolls) or dice (the values rolled at the table), not both")
        raise BadRequest(given[1], f"give one source of dice, got both {given[0]} and {given[1]}")
    kind = given[0]
    if kind == "seed":
        seed = v.text(request["seed"], "seed", 1, 200)
        return Origin("seed", {"seed": seed}, seed)
    if kind == "dice":
        return Origin("dice", {"dice": read_table(request["dice"])})
    if kind == "beacon":
        if isinstance(request["beacon"], dict) and "draws" in request["beacon"]:
            value = read_beacon_draws(request["beacon"])
            return Origin("beacon", {"beacon": value}, seeds=quicknet.seeds_of_draws(value))
        value = read_beacon(request["beacon"])
        return Origin("beacon", {"beacon": value}, quicknet.seed_of(value) if "signature" in value else None)
    if isinstance(request["commit"], dict) and "draws" in request["commit"]:
        value = read_commit_draws(request["commit"])
        return Origin("commit", {"commit": value}, seeds=commit_reveal.seeds_of_draws(value, setup_canonical))
    value = read_commit(request["commit"])
    revealed = commit_reveal.seed_of(value, setup_canonical) if "secret" in value else None
    return Origin("commit", {"commit": value}, revealed)


def read_beacon(value: Any, field: str = "beacon") -> dict[str, Any]:
    """The canonical ``beacon`` field: ``{"round": N}`` declared, plus ``"signature"`` once drawn."""
    value = v.obj(value, field)
    v.only_keys(value, ("round", "signature"), field)
    out: dict[str, Any] = {"round": v.whole(v.required(value, "round", field), f"{field}.round", 1, MAX_ROUND)}
    if "signature" in value:
        signature = value["signature"]
        if not isinstance(signature, str) or not SIGNATURE.fullmatch(signature.lower()):
            raise BadRequest(f"{field}.signature", "must be the round's BLS signature: 96 hex characters "
                             f"(48 bytes), got {show(signature, 24)}")
        out["signature"] = signature.lower()
    return out


def read_beacon_draws(value: Any, field: str = "beacon") -> dict[str, Any]:
    """The canonical round-by-round ``beacon`` field: ``{"draws": [{"round", "signature"}, …]}``.

    docs/links.md "Fair dice, round by round": draw k gives the dice of the battle's k-th stage and is
    declared with the decisions before it, so its round is drawn after them. Rounds rise strictly (a later draw
    declared on an earlier round would have been known before the decisions it follows); only the last draw may
    be declared and not drawn yet (the battle cannot go past a draw nobody has seen).
    """
    value = v.obj(value, field)
    v.only_keys(value, ("draws",), field)
    draws = v.array(v.required(value, "draws", field), f"{field}.draws", MAX_DRAWS)
    if not draws:
        raise BadRequest(f"{field}.draws", "give at least the first draw: {\"round\": N}, a round not drawn yet")
    out: list[dict[str, Any]] = []
    for i, draw in enumerate(draws):
        where = f"{field}.draws[{i}]"
        got = read_beacon(draw, where)
        if out and got["round"] <= out[-1]["round"]:
            raise BadRequest(f"{where}.round", f"round {got['round']} is not after the draw before it (round "
                             f"{out[-1]['round']}): each draw is a later round, declared after the decisions it follows")
        if out and "signature" not in out[-1]:
            raise BadRequest(f"{field}.draws[{i - 1}].signature", f"round {out[-1]['round']} is declared but not given, "
                             "yet a later draw follows it: only the last draw may wait to be drawn")
        out.append(got)
    return {"draws": out}


def read_commit(value: Any, field: str = "commit") -> dict[str, Any]:
    """The canonical ``commit`` field: ``hash``, then ``phrase`` (defender), then ``secret`` (reveal)."""
    value = v.obj(value, field)
    v.only_keys(value, ("hash", "phrase", "secret"), field)
    digest = v.required(value, "hash", field)
    if not isinstance(digest, str) or not HEX64.fullmatch(digest):
        raise BadRequest(f"{field}.hash", f"must be the commitment: 64 lowercase hex characters, got {show(digest, 24)}")
    out = {"hash": digest}
    if "phrase" in value:
        out["phrase"] = v.text(value["phrase"], f"{field}.phrase", 1, MAX_PHRASE)
    if "secret" in value:
        if "phrase" not in out:
            raise BadRequest(f"{field}.secret", "the secret is revealed only after the defender's phrase: "
                             "give commit.phrase first")
        out["secret"] = v.text(value["secret"], f"{field}.secret", 16, 200)
    return out


def read_commit_draws(value: Mapping[str, Any], field: str = "commit") -> dict[str, Any]:
    """The canonical round-by-round ``commit``: ``hash``, ``draws`` (the defender's phrase of each), ``key``.

    ``{"hash": H, "draws": []}`` is the commitment; each draw gets the defender's ``phrase``, then the attacker's
    ``key`` ``{"draw": k, "value": key_k}`` reveals draws 1…k (the earlier keys follow by hashing). Only the last
    draw may wait for its key, and a draw gets its phrase only once the draw before it is revealed (a phrase
    posted earlier would come before the decisions that draw must follow).
    """
    v.only_keys(value, ("hash", "draws", "key"), field)
    digest = v.required(value, "hash", field)
    if not isinstance(digest, str) or not HEX64.fullmatch(digest):
        raise BadRequest(f"{field}.hash", f"must be the commitment: 64 lowercase hex characters, got {show(digest, 24)}")
    draws = v.array(value["draws"], f"{field}.draws", CHAIN_LENGTH)
    out: dict[str, Any] = {"hash": digest, "draws": []}
    for i, draw in enumerate(draws):
        where = f"{field}.draws[{i}]"
        draw = v.obj(draw, where)
        v.only_keys(draw, ("phrase",), where)
        out["draws"].append({"phrase": v.text(v.required(draw, "phrase", where), f"{where}.phrase", 1, MAX_PHRASE)})
    if "key" in value:
        key = v.obj(value["key"], f"{field}.key")
        v.only_keys(key, ("draw", "value"), f"{field}.key")
        draw = v.whole(v.required(key, "draw", f"{field}.key"), f"{field}.key.draw", 1, CHAIN_LENGTH)
        hexed = v.required(key, "value", f"{field}.key")
        if not isinstance(hexed, str) or not HEX64.fullmatch(hexed):
            raise BadRequest(f"{field}.key.value", f"must be a key of the chain: 64 lowercase hex characters, got "
                             f"{show(hexed, 24)}")
        if draw > len(out["draws"]):
            raise BadRequest(f"{field}.key.draw", f"draw {draw} has no phrase yet: the attacker reveals a draw's key "
                             "after the defender's phrase")
        out["key"] = {"draw": draw, "value": hexed}
    revealed = out.get("key", {}).get("draw", 0)
    if len(out["draws"]) > revealed + 1:
        raise BadRequest(f"{field}.draws[{revealed + 1}].phrase", f"draw {revealed + 2} has a phrase while draw "
                         f"{revealed + 1} is not revealed: a phrase comes after the decisions its draw follows")
    return out

"""Where a battle's dice come from, read from a request and said in words everywhere.

A resolve request names exactly one origin (docs/links.md "Where the dice
come from"):

- ``seed``: the poster's device rolled from a seed it chose — anyone can
  replay it, but the poster could have re-rolled until it suited him;
- ``dice``: the players rolled real dice at the table and entered them;
- ``beacon``: a round of the drand quicknet beacon declared before it was
  drawn (:mod:`pycore.beacon`);
- ``commit``: commit–reveal between the two players (:mod:`pycore.commit`).

The label is the one sentence the page, the forum exports and a link's
replay all show, so a reader always knows how much to trust the dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from . import beacon as quicknet
from . import commit as commit_reveal
from . import validate as v
from .errors import BadRequest

KEYS = ("seed", "dice", "beacon", "commit")


@dataclass(frozen=True, slots=True)
class Origin:
    kind: str                       # one of KEYS
    canonical: Mapping[str, Any]    # the field as the link holds it
    seed: str | None = None         # None for table dice


def read(request: Mapping[str, Any], setup_canonical: Mapping[str, Any], read_table) -> Origin:
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
        value = quicknet.read(request["beacon"])
        return Origin("beacon", {"beacon": value}, quicknet.seed_of(value) if "signature" in value else None)
    value = commit_reveal.read(request["commit"])
    seed = commit_reveal.seed_of(value, setup_canonical) if "secret" in value else None
    return Origin("commit", {"commit": value}, seed)


def ready(origin: Origin) -> None:
    """Refuse to fight a battle whose dice are not known yet (a declared round, a commitment waiting)."""
    if origin.kind == "beacon" and origin.seed is None:
        quicknet.seed_of(origin.canonical["beacon"])
    if origin.kind == "commit" and origin.seed is None:
        commit_reveal.seed_of(origin.canonical["commit"], {})


def label(origin_field: Mapping[str, Any], beacon_verified: bool = False, diceless: str | None = None) -> dict:
    """``{"kind", "label"}`` from a canonical request: the one sentence shown on the page and in exports.

    ``diceless``: the system's name when it rolls no die at all (A&A Chess orthodox, COF): the seed a link
    still holds decides nothing, so the sentence says there were no dice (issue 29's log).
    """
    out = _kind(origin_field, beacon_verified, diceless)
    out["label"] = "".join(words for words, _ in label_parts(origin_field, beacon_verified, diceless))
    return out


def _kind(origin_field: Mapping[str, Any], beacon_verified: bool, diceless: str | None) -> dict:
    if diceless:
        return {"kind": "none"}
    if "seed" in origin_field:
        return {"kind": "seed"}
    if "dice" in origin_field:
        return {"kind": "table"}
    if "beacon" in origin_field:
        return {"kind": "beacon", "round": origin_field["beacon"]["round"]}
    return {"kind": "commit", "hash": origin_field["commit"]["hash"]}


def label_parts(origin_field: Mapping[str, Any], beacon_verified: bool = False,
                diceless: str | None = None) -> list[tuple[str, bool]]:
    """The sentence as ``(words, typed)`` parts: ``typed`` marks what a player typed (a seed), which each
    forum format escapes (:mod:`pycore.report`)."""
    if diceless:
        return [(f"none — {diceless} rolls no dice: the result follows from the forces alone", False)]
    if "seed" in origin_field:
        return [("rolled on the poster's device from seed “", False), (origin_field["seed"], True),
                ("” (can be re-rolled)", False)]
    if "dice" in origin_field:
        return [("dice rolled at the table and entered", False)]
    if "beacon" in origin_field:
        number = origin_field["beacon"]["round"]
        check = "verified" if beacon_verified else "open the link to verify it"
        return [(f"drawn from public beacon round {number} — {check}", False)]
    digest = origin_field["commit"]["hash"]
    return [(f"made by both players by commit–reveal ({digest[:12]}…) — commitment checked", False)]

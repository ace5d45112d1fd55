"""Where a battle's dice come from, read from a request and said in words everywhere.

A resolve request names exactly one origin (docs/links.md "Where the dice
come from"):

- ``seed``: the poster's device rolled from a seed it chose — anyone can
  replay it, but the poster could have re-rolled until it suited him;
- ``dice``: the players rolled real dice at the table and entered them;
- ``beacon``: a round of the drand quicknet beacon declared before it was
  drawn (:mod:`pycore.fair.beacon`);
- ``commit``: commit–reveal between the two players (:mod:`pycore.fair.commit`).

A beacon or a commitment may also be *staged* (docs/links.md "Fair dice, round
by round"): ``{"draws": […]}``, one draw of randomness after each decision, so
the attacker presses on or retreats after seeing a round and nobody knows the
next round's dice before the decisions are posted. Its dice come from
:class:`pycore.engine.table.StagedTable`, one seed per draw known so far.

The label is the one sentence the page, the forum exports and a link's
replay all show, so a reader always knows how much to trust the dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from . import beacon as quicknet
from . import commit as commit_reveal

KEYS = ("seed", "dice", "beacon", "commit")


@dataclass(frozen=True, slots=True)
class Origin:
    kind: str                       # one of KEYS
    canonical: Mapping[str, Any]    # the field as the link holds it
    seed: str | None = None         # None for table dice, and for staged draws
    seeds: tuple[str, ...] | None = None   # staged: the seeds of the draws known so far, in order


def ready(origin: Origin) -> None:
    """Refuse to fight a battle whose dice are not known yet (a declared round, a commitment waiting).

    A staged battle is fought as far as its draws go, then waits for the next (``resolve``'s ``waiting``)."""
    if origin.seeds is not None:
        return
    if origin.kind == "beacon" and origin.seed is None:
        quicknet.seed_of(origin.canonical["beacon"])
    if origin.kind == "commit" and origin.seed is None:
        commit_reveal.seed_of(origin.canonical["commit"], {})


def label(origin_field: Mapping[str, Any], beacon_verified: bool = False, diceless: str | None = None) -> dict[str, Any]:
    """``{"kind", "label"}`` from a canonical request: the one sentence shown on the page and in exports.

    ``diceless``: the system's name when it rolls no die at all (A&A Chess orthodox, COF): the seed a link
    still holds decides nothing, so the sentence says there were no dice.
    """
    out = _kind(origin_field, beacon_verified, diceless)
    out["label"] = "".join(words for words, _ in label_parts(origin_field, beacon_verified, diceless))
    return out


def _kind(origin_field: Mapping[str, Any], beacon_verified: bool, diceless: str | None) -> dict[str, Any]:
    if diceless:
        return {"kind": "none"}
    if "seed" in origin_field:
        return {"kind": "seed"}
    if "dice" in origin_field:
        return {"kind": "table"}
    if "beacon" in origin_field:
        beacon = origin_field["beacon"]
        if "draws" in beacon:
            return {"kind": "beacon", "rounds": [d["round"] for d in beacon["draws"]]}
        return {"kind": "beacon", "round": beacon["round"]}
    return {"kind": "commit", "hash": origin_field["commit"]["hash"]}


def label_parts(origin_field: Mapping[str, Any], beacon_verified: bool = False,
                diceless: str | None = None) -> list[tuple[str, bool]]:
    """The sentence as ``(words, typed)`` parts: ``typed`` marks what a player typed (a seed), which each
    forum format escapes (:mod:`pycore.ops.report`)."""
    if diceless:
        return [(f"none — {diceless} rolls no dice: the result follows from the forces alone", False)]
    if "seed" in origin_field:
        return [("rolled on the poster's device from seed “", False), (origin_field["seed"], True),
                ("” (can be re-rolled)", False)]
    if "dice" in origin_field:
        return [("dice rolled at the table and entered", False)]
    if "beacon" in origin_field:
        check = "verified" if beacon_verified else "open the link to verify it"
        if "draws" in origin_field["beacon"]:
            return [(_staged_beacon(origin_field["beacon"]["draws"], check), False)]
        number = origin_field["beacon"]["round"]
        return [(f"drawn from public beacon round {number} — {check}", False)]
    digest = origin_field["commit"]["hash"]
    if "draws" in origin_field["commit"]:
        known = origin_field["commit"].get("key", {}).get("draw", 0)
        return [(f"made by both players by commit–reveal, a new draw after each decision ({digest[:12]}…; "
                 f"{known} draw{'s' if known != 1 else ''} revealed) — commitment checked", False)]
    return [(f"made by both players by commit–reveal ({digest[:12]}…) — commitment checked", False)]


def _staged_beacon(draws: list[Any], check: str) -> str:
    drawn = [str(d["round"]) for d in draws if "signature" in d]
    pending = [d["round"] for d in draws if "signature" not in d]
    if len(drawn) > 1:
        words = f"drawn from public beacon rounds {', '.join(drawn[:-1])} and {drawn[-1]}, each declared after " \
                f"the decisions before it — {check}"
    elif drawn:
        words = f"drawn from public beacon round {drawn[0]}; each later round is declared after the decisions " \
                f"before it — {check}"
    else:
        words = "drawn from public beacon rounds, a new one declared after each decision"
    if pending:
        words += f"; round {pending[0]} is declared, its draw not in the link yet"
    return words


def draw_words(origin_field: Mapping[str, Any], draw: int) -> str:
    """Where a staged battle's draw ``draw`` (1-based) came from: "public beacon round N", "commit–reveal draw 2"."""
    if "beacon" in origin_field:
        return f"public beacon round {origin_field['beacon']['draws'][draw - 1]['round']}"
    return f"commit–reveal draw {draw}"


def draw_state(origin_field: Mapping[str, Any], draw: int) -> dict[str, Any]:
    """What a staged battle waits for before draw ``draw`` (1-based) can give dice, in ``resolve``'s ``waiting``:

    - ``{"needs": "declare"}``: nobody has declared the draw's beacon round yet (the page does, with the decision);
    - ``{"needs": "beacon", "beacon_round": N, "drawn_at": unix}``: declared, not drawn (or not given) yet;
    - ``{"needs": "phrase"}``: the defender's phrase for this draw (commit–reveal);
    - ``{"needs": "key"}``: the attacker's key for it.
    """
    if "beacon" in origin_field:
        draws = origin_field["beacon"]["draws"]
        if draw > len(draws):
            return {"needs": "declare"}
        number = draws[draw - 1]["round"]
        return {"needs": "beacon", "beacon_round": number, "drawn_at": quicknet.round_time(number)}
    return {"needs": "phrase" if draw > len(origin_field["commit"]["draws"]) else "key"}

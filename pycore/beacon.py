"""The drand "quicknet" public randomness beacon: its published constants, and dice keyed by a round.

docs/links.md "Beacon-declared rolls": a battle is declared against a round
of quicknet that is not drawn yet; whoever opens the link after the round's
time fetches it, verifies its BLS signature in the browser (the drand
project's own client, ``web/kit/beacon.js``), and pycore rolls the dice from
the round's randomness. pycore does not verify BLS (standard library only;
the page does), it only derives: quicknet is *unchained*, its randomness is
``sha256(signature)``, and the battle's seed is that randomness as 64
lowercase hex characters, fed to the one dice source (:mod:`pycore.dice`),
so CPython and the browser roll the same dice.

Not for fetching, nor for time zones: the page does both.
"""

from __future__ import annotations

import hashlib
import re

from . import validate as v
from .errors import BadRequest, show

CHAIN = "quicknet"
CHAIN_HASH = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"
PUBLIC_KEY = ("83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d"
              "1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a")
GENESIS = 1692803367
"""Unix time of round 1 (drand's chain info: ``genesis_time``)."""
PERIOD = 3
"""Seconds between two rounds."""
SCHEME = "bls-unchained-g1-rfc9380"
MAX_ROUND = 10**10
"""Far beyond any round of this century (round 10^10 is drawn in the year 2973)."""

_SIGNATURE = re.compile(r"[0-9a-f]{96}")


def round_time(number: int) -> int:
    """Unix time at which round ``number`` is drawn: genesis + (number − 1) × period.

    >>> round_time(1) == GENESIS
    True
    """
    return GENESIS + (number - 1) * PERIOD


def round_at(unix: float) -> int:
    """The round drawn at ``unix`` time (the last one whose time has come)."""
    return int((unix - GENESIS) // PERIOD) + 1


def randomness_of(signature: str) -> str:
    """A quicknet round's randomness: sha256 of its 48-byte signature, as hex (unchained scheme)."""
    return hashlib.sha256(bytes.fromhex(signature)).hexdigest()


def read(value, field: str = "beacon") -> dict:
    """The canonical ``beacon`` field: ``{"round": N}`` declared, plus ``"signature"`` once drawn."""
    value = v.obj(value, field)
    v.only_keys(value, ("round", "signature"), field)
    out: dict = {"round": v.whole(v.required(value, "round", field), f"{field}.round", 1, MAX_ROUND)}
    if "signature" in value:
        signature = value["signature"]
        if not isinstance(signature, str) or not _SIGNATURE.fullmatch(signature.lower()):
            raise BadRequest(f"{field}.signature", "must be the round's BLS signature: 96 hex characters "
                             f"(48 bytes), got {show(signature, 24)}")
        out["signature"] = signature.lower()
    return out


def seed_of(beacon: dict, field: str = "beacon") -> str:
    """The dice seed of a drawn round; a clear refusal while it is only declared."""
    if "signature" not in beacon:
        raise BadRequest(f"{field}.signature", f"round {beacon['round']} of the drand quicknet beacon is declared "
                         f"but not given: it is drawn at Unix time {round_time(beacon['round'])}; the page fetches "
                         f"and verifies it, then rolls")
    return randomness_of(beacon["signature"])


MAX_DRAWS = 400
"""Draws of one battle decided round by round: a decision point per round (and per casualty choice that more dice
follow within it) over the engine's 100 rounds."""


def read_draws(value, field: str = "beacon") -> dict:
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
    out = []
    for i, draw in enumerate(draws):
        where = f"{field}.draws[{i}]"
        got = read(draw, where)
        if out and got["round"] <= out[-1]["round"]:
            raise BadRequest(f"{where}.round", f"round {got['round']} is not after the draw before it (round "
                             f"{out[-1]['round']}): each draw is a later round, declared after the decisions it follows")
        if out and "signature" not in out[-1]:
            raise BadRequest(f"{field}.draws[{i - 1}].signature", f"round {out[-1]['round']} is declared but not given, "
                             "yet a later draw follows it: only the last draw may wait to be drawn")
        out.append(got)
    return {"draws": out}


def seeds_of_draws(value: dict) -> tuple[str, ...]:
    """The dice seeds of the draws given so far (each its round's randomness, as for a single round)."""
    return tuple(randomness_of(d["signature"]) for d in value["draws"] if "signature" in d)

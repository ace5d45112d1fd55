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

from typing import Any

import hashlib
import re

from ..errors import BadRequest

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

SIGNATURE = re.compile(r"[0-9a-f]{96}")


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


def seed_of(beacon: dict[str, Any], field: str = "beacon") -> str:
    """The dice seed of a drawn round; a clear refusal while it is only declared."""
    if "signature" not in beacon:
        raise BadRequest(f"{field}.signature", f"round {beacon['round']} of the drand quicknet beacon is declared "
                         f"but not given: it is drawn at Unix time {round_time(beacon['round'])}; the page fetches "
                         f"and verifies it, then rolls")
    return randomness_of(beacon["signature"])


MAX_DRAWS = 400
"""Draws of one battle decided round by round: a decision point per round (and per casualty choice that more dice
follow within it) over the engine's 100 rounds."""


def seeds_of_draws(value: dict[str, Any]) -> tuple[str, ...]:
    """The dice seeds of the draws given so far (each its round's randomness, as for a single round)."""
    return tuple(randomness_of(d["signature"]) for d in value["draws"] if "signature" in d)

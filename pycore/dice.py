"""The dice source: the same seed gives the same dice in every runtime, forever.

docs/rules.md §10: dice come from a counter-based generator, never ``random.Random``.
A roll is named by a *context* (``"r1/attacker/main"``): block ``k`` of the
stream is ``HMAC-SHA256(key=seed, msg=context ‖ 0x00 ‖ k as 8 bytes big-endian)``,
and its bytes are read in order. A byte ``b`` gives a die face by rejection
sampling: for an ``n``-sided die, bytes ``b ≥ 256 - 256 % n`` are skipped and
the rest give ``b % n + 1``, so each face has probability exactly ``1/n``.

Because each context has its own stream, a battle's round-3 dice do not depend
on how many dice round 2 rolled: a replay of a shared link, or a change in the
number of rounds asked for, keeps every earlier and later roll. Callers must
use each context once per battle (the battle code builds them from round,
side and firing group).

This module is not for referee mode (dice rolled at a real table); those values
come from the request, see ``battle``.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Iterator

SIDES = (6, 10, 12)
"""The dice the rules use: d6 (A&A), d10 (World in Flames), d12 (Low Luck bombing decision)."""


def _stream(seed: str, context: str) -> Iterator[int]:
    key = seed.encode("utf-8")
    prefix = context.encode("utf-8") + b"\x00"
    counter = 0
    while True:
        block = hmac.new(key, prefix + counter.to_bytes(8, "big"), hashlib.sha256).digest()
        yield from block
        counter += 1


def roll(seed: str, context: str, sides: int, count: int) -> tuple[int, ...]:
    """``count`` dice of ``sides`` faces (1..sides) for this seed and context.

    >>> roll("any text", "doc", 6, 5)
    (5, 3, 3, 4, 4)
    """
    if sides not in SIDES:
        raise ValueError(f"sides must be one of {SIDES}, got {sides!r}")
    if count < 0:
        raise ValueError(f"count must be ≥ 0, got {count!r}")
    limit = 256 - 256 % sides
    faces: list[int] = []
    if count == 0:
        return ()
    for byte in _stream(seed, context):
        if byte < limit:
            faces.append(byte % sides + 1)
            if len(faces) == count:
                break
    return tuple(faces)

"""Probabilities as packed big integers, so that CPython multiplies whole laws in C (docs/rules.md §9).

A law or a row of masses is packed one column per SLOT bytes, in SCALE_BITS
fixed point (Kronecker substitution): the product of two packed numbers is
their convolution. Also the float helpers the ladder's folds share.

Scaling a row by one number is written as a comprehension, not ``map(mul, row, repeat(x))``: the
same products, but in Pyodide (WebAssembly) each call through ``operator.mul`` costs about 3× what it
costs in CPython against about 2.5× for the interpreter's own float product (bench/calc.py --pyodide).
"""

from __future__ import annotations

import struct
from itertools import compress, count
from typing import Iterable, Sequence

SCALE_BITS = 56                # a whole number of bytes: a table's values are read in place (table_view)
SLOT = 16                      # bytes per column: a product of a mass and a law is below 6 · 2^112 (see table_view)
SCALE = float(1 << SCALE_BITS)
UNSCALE = 1.0 / SCALE
BITS = 8 * SLOT


def bern(law: list[float], p: float) -> list[float]:
    q = 1.0 - p
    return [q * a + p * b for a, b in zip(law + [0.0], [0.0] + law)]


def trim(law: list[float], tail: float) -> tuple[int, list[float]]:
    lo, hi = 0, len(law)
    cut = 0.0
    while hi - lo > 1 and cut + law[lo] < tail:
        cut += law[lo]
        lo += 1
    while hi - lo > 1 and cut + law[hi - 1] < tail:
        cut += law[hi - 1]
        hi -= 1
    return lo, law[lo:hi]


def live_span(row: list[float], kd: int) -> tuple[int, int] | None:
    """The first and one past the last non-zero column of a row's first ``kd`` columns, or None."""
    lo = next(compress(count(), row), None)       # compress: the scan runs in C
    if lo is None or lo >= kd:
        return None
    return lo, kd - next(compress(count(), reversed(row[:kd])))


def span(values: list[float]) -> tuple[int, int]:
    nonzero = [j for j, x in enumerate(values) if x]
    return (nonzero[0], nonzero[-1] + 1) if nonzero else (0, 0)


def ones(count: int) -> int:
    """1 in every slot's lowest bit, ``count`` slots."""
    return int.from_bytes((b"\x01" + bytes(SLOT - 1)) * count, "little")


def slots(count: int) -> struct.Struct:
    got = _FORMATS.get(count)
    if got is None:
        got = _FORMATS[count] = struct.Struct("<" + "Q8x" * count)
    return got


_FORMATS: dict[int, struct.Struct] = {}


def pack(values: Sequence[float]) -> int:
    """Fixed point, one SLOT-byte column each, lowest column first (probabilities are never negative)."""
    return int.from_bytes(slots(len(values)).pack(*[int(x * SCALE) for x in values]), "little")


def table_view(parts: Iterable[bytes]) -> memoryview:
    """A table's products as 8-byte words: word 2s is slot s's value in fixed point, word 2s + 1 is skipped.

    A slot holds a product ``x·D`` of two fixed-point numbers, ``x`` a
    state's expected visits (at most 1 / (1 − 5/6) = 6: some side hits with
    at least 1/6 each round) and ``D`` a probability, so it is below
    6 · 2^112 < 2^115. Its value in fixed point is the product's bits from
    SCALE_BITS up: whole bytes, 7 to 14 of the slot, byte 15 being 0 — read in
    place, no shift. The odd words straddle two slots and are never read.
    """
    data = b"".join(parts)
    start = SCALE_BITS // 8
    return memoryview(data)[start:len(data) - SLOT // 2 + start].cast("Q")


def unpack(number: int, count: int) -> list[float]:

    """The first ``count`` columns of a product of two packed numbers, back to floats.

    Shifting the whole number right by SCALE_BITS leaves each column's value
    over 2^56 in its low 8 bytes (the bits shifted in from the next column land
    above them and are skipped).
    """
    data = (number >> SCALE_BITS).to_bytes(SLOT * count + SLOT, "little")
    return [x * UNSCALE for x in slots(count).unpack_from(data)]

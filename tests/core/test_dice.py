"""The dice source: a seed's dice never change (golden vectors) and every face is exactly uniform."""

import hashlib
import hmac
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from pycore.dice import roll

# Golden vectors, produced by pycore.dice when it was written (2026-11-21). They freeze the
# format of docs/rules.md §10 — HMAC-SHA256(seed, context ‖ 0x00 ‖ counter as 8 bytes big-endian),
# bytes read in order, rejection sampling — so a link shared today replays the same dice forever.
# The Pyodide suite runs these same tests, proving the browser gives the same dice.
GOLDEN = [
    (("any text", "r1/attacker/main", 6, 12), (4, 1, 1, 1, 1, 4, 5, 2, 5, 1, 3, 3)),
    (("any text", "r1/defender/main", 6, 12), (2, 2, 3, 2, 4, 2, 2, 2, 3, 2, 5, 6)),
    (("Luckdial", "wif/2d10", 10, 10), (5, 7, 8, 5, 7, 1, 1, 6, 8, 6)),
    (("Luckdial", "bombing/d12", 12, 10), (5, 10, 11, 4, 1, 10, 8, 2, 1, 2)),
    (("é☃", "r7/attacker/subs", 6, 8), (6, 6, 5, 5, 6, 4, 2, 4)),
    (("x" * 200, "research/step3", 6, 5), (5, 1, 3, 1, 1)),
]


@pytest.mark.parametrize("args, expected", GOLDEN)
def test_golden_vectors_never_change(args, expected):
    assert roll(*args) == expected


def test_a_long_stream_crosses_blocks_unchanged():
    faces = roll("golden", "long", 6, 1000)
    assert hashlib.sha256(bytes(faces)).hexdigest() == (
        "d1b8d3d4daa3e7b996ac9d85b5cc208e6971a0cd14fa4555b22d3ce2f02b940f")


def independent_roll(seed, context, sides, count):
    """A second, independent reading of docs/rules.md §10's generator, written from the spec."""
    out, counter = [], 0
    while len(out) < count:
        msg = context.encode() + bytes([0]) + counter.to_bytes(8, "big")
        for byte in hmac.digest(seed.encode(), msg, "sha256"):
            if byte < (256 // sides) * sides and len(out) < count:
                out.append(1 + byte % sides)
        counter += 1
    return tuple(out)


@settings(deadline=None)  # a shared 2-core machine can stall one example past the default 200 ms
@given(seed=st.text(min_size=1, max_size=40), context=st.text(max_size=30),
       sides=st.sampled_from([6, 10, 12]), count=st.integers(0, 80))
def test_matches_an_independent_implementation(seed, context, sides, count):
    assert roll(seed, context, sides, count) == independent_roll(seed, context, sides, count)


@pytest.mark.parametrize("sides", [6, 10, 12])
def test_rejection_sampling_is_exactly_uniform(sides, monkeypatch):
    """docs/rules.md §10: pycore's ``roll`` reads a byte stream, skips every byte ≥ 256 − 256 mod n and
    reads the others as byte mod n + 1. Fed every byte value 0..255 once (its HMAC stream replaced), it
    must give exactly 256 − 256 mod n faces, each face equally often (so each has probability 1/n)."""
    from pycore import dice
    monkeypatch.setattr(dice, "_stream", lambda seed, context: iter(range(256)))
    limit = 256 - 256 % sides
    faces = dice.roll("s", "c", sides, limit)
    assert faces == tuple(byte % sides + 1 for byte in range(limit))
    counts = Counter(faces)
    assert set(counts) == set(range(1, sides + 1)) and set(counts.values()) == {256 // sides}
    # The bytes at or above the limit are skipped: one more die reads the byte after them (1 → face 2),
    # not the byte ``limit`` (which would read as face 1).
    monkeypatch.setattr(dice, "_stream", lambda seed, context: iter(list(range(256)) + [1]))
    assert dice.roll("s", "c", sides, limit + 1)[-1] == 2


def test_contexts_are_independent_streams():
    assert roll("s", "r1/attacker/main", 6, 20) != roll("s", "r2/attacker/main", 6, 20)
    # Asking for more dice extends the stream; it never changes the first ones.
    assert roll("s", "c", 6, 50)[:7] == roll("s", "c", 6, 7)


def test_faces_in_range_and_roughly_fair():
    faces = Counter(roll("fair", "c", 6, 6000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    # 6000 fair d6: each count is 1000 ± 29 (1 sd); 5 sd bounds cannot fail by chance in practice.
    assert all(855 <= n <= 1145 for n in faces.values())


@pytest.mark.parametrize("sides, count", [(7, 1), (6, -1)])
def test_refuses_bad_arguments(sides, count):
    with pytest.raises(ValueError):
        roll("s", "c", sides, count)

"""The arithmetic of a discrete law of IPC swings: mean, spread, percentile, and the law of a sum.

A law is a mapping of whole swings (IPCs the defender lost − IPCs the attacker lost) to probabilities. Every
function here reads the law as given and divides by its total, so a law the calculator pruned (its
probabilities sum to 1 − ``pruned``) or a sampled one reads as a law (docs/rules.md §14).
"""

from __future__ import annotations

from math import fsum, sqrt
from typing import Iterable, Mapping

SUM_FLOOR = 1e-15
"""The law of a sum drops values rarer than this after each battle added (their mass is counted in ``pruned``):
the tails of many battles together would otherwise hold thousands of values no reader can tell from 0."""


def total(law: Mapping[int, float]) -> float:
    return fsum(law.values())


def mean_sd(law: Mapping[int, float]) -> tuple[float, float]:
    """The law's mean and standard deviation (of the law divided by its total)."""
    mass = total(law)
    mean = fsum(s * p for s, p in law.items()) / mass
    var = fsum(p * (s - mean) ** 2 for s, p in law.items()) / mass
    return mean, sqrt(max(var, 0.0))


def percentile(law: Mapping[int, float], actual: int) -> float:
    """P(S < actual) + ½·P(S = actual): the share of outcomes the actual one beat, ties split (docs/rules.md §14).

    Ties split so that a law of one value gives ½ (no luck either way), and the percentile of a fair coin's two
    faces is ¼ and ¾, whose mean is ½: over many battles the percentile averages ½ however lumpy the law."""
    mass = total(law)
    below = fsum(p for s, p in law.items() if s < actual)
    tie = law.get(actual, 0.0)
    return min(1.0, max(0.0, (below + tie / 2) / mass))


def negated(law: Mapping[int, float]) -> dict[int, float]:
    """The law of −S: a defender's view of a battle's swing."""
    return {-s: p for s, p in law.items()}


class TooMuchWork(Exception):
    """The next battle of a sum would take the products multiplied past the budget given."""


def convolve(laws: Iterable[Mapping[int, float]], floor: float = SUM_FLOOR, budget: float = float("inf")) -> tuple[dict[int, float], float, int]:
    """The exact law of the sum of independent swings, one law each; the mass dropped below ``floor``; and the
    products multiplied (the work, counted before each battle is added: past ``budget``, :class:`TooMuchWork`,
    so the same sum always stops at the same battle).

    Each law is first divided by its own total. Values are whole IPCs, so the sum is worked on a list over the
    range of the values met (not a normal approximation)."""
    low, acc = 0, [1.0]
    pruned = 0.0
    work = 0
    for law in laws:
        mass = total(law)
        items = [(s, p / mass) for s, p in law.items() if p > 0]
        work += len(items) * len(acc)
        if work > budget:
            raise TooMuchWork()
        lo = min(s for s, _ in items)
        hi = max(s for s, _ in items)
        n = len(acc)
        out = [0.0] * (n + hi - lo)
        for s, p in items:
            at = s - lo
            out[at:at + n] = [o + p * q for o, q in zip(out[at:at + n], acc)]
        # Drop the values rarer than the floor at both ends (and within: their mass is counted).
        kept = [i for i, q in enumerate(out) if q >= floor]
        if not kept:
            raise ValueError("the law of the sum has no value above the floor")
        pruned += fsum(out[:kept[0]]) + fsum(out[kept[-1] + 1:])
        acc = out[kept[0]:kept[-1] + 1]
        for i, q in enumerate(acc):
            if q < floor:
                pruned += q
                acc[i] = 0.0
        low += lo + kept[0]
    return {low + i: q for i, q in enumerate(acc) if q}, pruned, work

"""The arithmetic of a discrete law of IPC swings: mean, spread, percentile, and the law of a sum.

A law is a mapping of whole swings (IPCs the defender lost − IPCs the attacker lost) to probabilities. Every
function here reads the law as given and divides by its total, so a law the calculator pruned (its
probabilities sum to 1 − ``pruned``) or a sampled one reads as a law (docs/rules.md §14).
"""

from __future__ import annotations

from math import sqrt
from typing import Mapping

SUM_FLOOR = 1e-15
"""The law of a sum drops values rarer than this after each battle added (their mass is counted in ``pruned``):
the tails of many battles together would otherwise hold thousands of values no reader can tell from 0."""


def total(law: Mapping[int, float]) -> float:
    return sum(law.values())


def mean_sd(law: Mapping[int, float]) -> tuple[float, float]:
    """The law's mean and standard deviation (of the law divided by its total)."""
    mass = total(law)
    mean = sum(s * p for s, p in law.items()) / mass
    var = sum(p * (s - mean) ** 2 for s, p in law.items()) / mass
    return mean, sqrt(max(var, 0.0))


def percentile(law: Mapping[int, float], actual: int) -> float:
    """P(S < actual) + ½·P(S = actual): the share of outcomes the actual one beat, ties split (docs/rules.md §14).

    Ties split so that a law of one value gives ½ (no luck either way), and the percentile of a fair coin's two
    faces is ¼ and ¾, whose mean is ½: over many battles the percentile averages ½ however lumpy the law."""
    mass = total(law)
    below = sum(p for s, p in law.items() if s < actual)
    tie = law.get(actual, 0.0)
    return min(1.0, max(0.0, (below + tie / 2) / mass))


def negated(law: Mapping[int, float]) -> dict[int, float]:
    """The law of −S: a defender's view of a battle's swing."""
    return {-s: p for s, p in law.items()}


def convolve(laws, floor: float = SUM_FLOOR) -> tuple[dict[int, float], float]:
    """The exact law of the sum of independent swings, one law each, and the mass dropped below ``floor``.

    Each law is first divided by its own total. Values are whole IPCs, so the sum is worked on a list over the
    range of the values met (not a normal approximation)."""
    low, acc = 0, [1.0]
    pruned = 0.0
    for law in laws:
        mass = total(law)
        items = [(s, p / mass) for s, p in law.items() if p > 0]
        lo = min(s for s, _ in items)
        hi = max(s for s, _ in items)
        out = [0.0] * (len(acc) + hi - lo)
        for s, p in items:
            at = s - lo
            for i, q in enumerate(acc):
                if q:
                    out[at + i] += p * q
        # Drop the values rarer than the floor at both ends (and within: their mass is counted).
        kept_low = next((i for i, q in enumerate(out) if q >= floor), None)
        if kept_low is None:
            raise ValueError("the law of the sum has no value above the floor")
        kept_high = max(i for i, q in enumerate(out) if q >= floor)
        pruned += sum(out[:kept_low]) + sum(out[kept_high + 1:])
        acc = out[kept_low:kept_high + 1]
        for i, q in enumerate(acc):
            if q < floor:
                pruned += q
                acc[i] = 0.0
        low += lo + kept_low
    return {low + i: q for i, q in enumerate(acc) if q}, pruned


def convolution_work(laws) -> int:
    """How many products :func:`convolve` may multiply at most (before any pruning): each law's values times the
    range the sum before it spans. The journal's budget reads it before any work."""
    span, work = 1, 0
    for law in laws:
        keys = list(law)
        work += span * len(keys)
        span += max(keys) - min(keys)
    return work

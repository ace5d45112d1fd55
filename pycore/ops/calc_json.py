"""How the calc op writes its figures, for a single battle (:mod:`.calc`) and a plan (:mod:`.calc_plan`) alike:
a simulated chance with its 95 % interval, an exact chance as a fraction string, a law by its keys in order."""

from __future__ import annotations

import math
from fractions import Fraction


def interval(p: float, n: int) -> list[float]:
    """The normal approximation's 95 % interval of a chance ``p`` read from ``n`` simulated battles."""
    half = 1.96 * math.sqrt(max(p * (1 - p), 0.0) / n)
    return [max(0.0, p - half), min(1.0, p + half)]


def fraction_text(p) -> str:
    """An exact chance as "numerator/denominator"."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def law_json(law: dict) -> dict:
    return {str(k): float(p) for k, p in sorted(law.items())}


def exact_law_json(law: dict) -> dict:
    return {str(k): fraction_text(p) for k, p in sorted(law.items())}

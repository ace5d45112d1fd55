"""How the calc op writes its figures, for a single battle (:mod:`.calc`) and a plan (:mod:`.calc_plan`) alike:
a simulated chance with its 95 % interval, an exact chance as a fraction string, a law by its keys in order."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Mapping

from ..jsontext import JsonObject


def interval(p: float, n: int) -> list[float]:
    """The normal approximation's 95 % interval of a chance ``p`` read from ``n`` simulated battles."""
    half = 1.96 * math.sqrt(max(p * (1 - p), 0.0) / n)
    return [max(0.0, p - half), min(1.0, p + half)]


def fraction_text(p: Fraction | int) -> str:
    """An exact chance as "numerator/denominator"."""
    exact = Fraction(p)
    return f"{exact.numerator}/{exact.denominator}"


def law_json(law: Mapping[int, float | Fraction]) -> JsonObject:
    return {str(k): float(p) for k, p in sorted(law.items())}


def exact_law_json(law: Mapping[int, Fraction]) -> JsonObject:
    return {str(k): fraction_text(p) for k, p in sorted(law.items())}

"""Sums of probabilities that come out the same, to the last bit, on every Python the project runs on.

Why: from CPython 3.12 on, the builtin ``sum`` of floats is compensated (Neumaier), so the same request
gave other last bits under CPython 3.11 than under 3.12+ and Pyodide: 91 of 750 ``calc`` responses
differed (``pruned`` 1.33e-15 against 1.44e-15), and a link's JSON depended on where it was opened.
``math.fsum`` is correctly rounded, so it is the same everywhere (and at least as accurate as either).
A float sum in :mod:`pycore` goes through :func:`fsum` where the arithmetic is always floats (the land
ladder, the sea chain, the cost model) and through :func:`total` where it may be exact fractions;
``tests/core/test_one_json.py`` fails on a float summed by the builtin.
"""

from __future__ import annotations

from math import fsum
from typing import Any, Iterable

__all__ = ["fsum", "total"]


def total(values: Iterable[Any], zero: Any = 0) -> Any:
    """Σ ``values``: :func:`math.fsum` when any of them is a float, else the exact ``sum`` from ``zero``
    (Fractions and whole numbers add up exactly on every Python; their type is kept)."""
    items = values if isinstance(values, list) else list(values)
    for item in items:
        if item.__class__ is float:
            return fsum(items)
    if zero.__class__ is float:
        return fsum(items)
    return sum(items, zero)

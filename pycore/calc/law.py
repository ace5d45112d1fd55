"""The law of a battle's end: what every calculator method hands to the ``calc`` op.

Whatever the luck system, a calculator answers one question — with what
probability does the battle end in each way, with which units left — so the
op turns any method's answer into the same result (outcome, losses, cost,
survivors) with one piece of code. See /docs/api.md, op ``calc``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.army import Army

METHODS = ("exact", "monte_carlo")


@dataclass(frozen=True, slots=True)
class Ends:
    """(outcome, attacker left, defender left) → probability, and what it cost to know it.

    ``rounds`` is the expected number of rounds fought; ``pruned`` the
    probability discarded by the method (0 when none is); ``samples`` the
    number of battles simulated when the method is ``monte_carlo``, and ``reason`` why it was used, in
    words (``result.method_reason``); ``work`` what the method counted of its work (``cost.py`` models it).
    Probabilities are ``Fraction`` in exact arithmetic, floats otherwise.
    """

    ends: dict[tuple[str, Army, Army], Any]
    rounds: Any
    pruned: Any
    method: str = "exact"
    samples: int | None = None
    reason: str | None = None
    work: int | None = None       # the units of work the method counted, where it counts them (the land ladder)
    by: str | None = None         # the method of calc.method.METHODS that answered (``ends_of`` says)

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"method must be one of {METHODS}, got {self.method!r}")
        if (self.method == "monte_carlo") != (self.samples is not None):
            raise ValueError("samples is given exactly when the method is monte_carlo")

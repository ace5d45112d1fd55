"""The luck of a game: a journal's battles summed per side, with the exact law of each side's total.

A side is credited with a battle's luck (actual − expected swing) when it attacks and with its opposite when it
defends; its total's percentile is read in the exact law of the sum of its battles' independent swings (each
law negated where it defended), worked by convolution, never a normal approximation (docs/rules.md §14).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import fsum, sqrt
from typing import Mapping

from ..jsontext import JsonObject
from .law import SUM_FLOOR, convolve, mean_sd, negated, percentile

WORK_BUDGET = 60_000_000
"""Products the convolutions of one journal may multiply, counted as they go (:func:`pycore.luck.law.convolve`;
``bench/luck.py`` measures their speed); a game of 200 battles of ordinary laws is far below."""


@dataclass(frozen=True, slots=True)
class Battle:
    attacker: str
    defender: str
    swing: int
    law: Mapping[int, float]
    exact: bool
    label: str | None = None


def battle_luck(b: Battle) -> JsonObject:
    """One battle's luck recomputed from its law: what every side's sum reads."""
    expected, sd = mean_sd(b.law)
    return {"swing": b.swing, "expected_swing": expected, "sd": sd, "luck": b.swing - expected,
            "percentile": percentile(b.law, b.swing), "exact": b.exact}


def key(side: str) -> str:
    """Sides are one side whatever their case ("germany" is "Germany")."""
    return side.casefold()


def sides(battles: list[Battle]) -> list[JsonObject]:
    """Each side (first spelling, in order of first appearance): its luck, spread, running luck, exact percentile.

    Raises :class:`TooMuchWork` where the sums together would multiply more than :data:`WORK_BUDGET` products."""
    spent = 0
    order: dict[str, JsonObject] = {}
    lucks = [battle_luck(b) for b in battles]
    for i, (b, luck) in enumerate(zip(battles, lucks)):
        for name, sign in ((b.attacker, 1), (b.defender, -1)):
            side = order.setdefault(key(name), {"side": name, "entries": []})
            side["entries"].append((i, sign, b, luck))
    out = []
    for side in order.values():
        entries = side["entries"]
        run = 0.0
        running = []
        for i, sign, _, luck in entries:
            run += sign * luck["luck"]
            running.append({"battle": i, "luck": run})
        total = run
        sd = sqrt(fsum(luck["sd"] ** 2 for *_, luck in entries))
        swing = sum(sign * b.swing for _, sign, b, _ in entries)
        expected = fsum(sign * luck["expected_swing"] for *_, luck in entries)
        law, pruned, work = convolve([b.law if sign > 0 else negated(b.law) for _, sign, b, _ in entries],
                                     budget=WORK_BUDGET - spent)
        spent += work
        out.append({
            "side": side["side"], "battles": len(entries),
            "attacking": sum(1 for _, sign, *_ in entries if sign > 0),
            "swing": swing, "expected_swing": expected, "luck": total, "sd": sd,
            "z": total / sd if sd > 0 else None,
            "percentile": percentile(law, swing),
            "exact": all(b.exact for _, _, b, _ in entries),
            "pruned": pruned,
            "running": running,
        })
    return out


PRUNED_BOUND = (f"each side's law of its total drops values rarer than {SUM_FLOOR:g} after each battle added; "
                "`pruned` is the mass dropped, so a percentile is off by at most that")

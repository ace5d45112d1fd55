"""The attacker's decisions the calculator can play for him: when to retreat, and keeping one land unit.

The engine leaves these to the player (``resolve``'s ``choices``, his
casualty picks); a calculation has no player, so the request states a rule
and both chains apply it the same way (docs/rules.md § The calculator):

* **retreat at N units** — after a round that leaves him N units or fewer;
* **retreat below X** — after a round that leaves his chance to win below X,
  that chance being the one "odds from here" would show for the state: both
  sides fight on to the end (no round limit, no retreat);
* **keep n land units** (``keep_land``; ``true`` is one) — when a hit would leave
  him fewer than n land units while he still has an aircraft, the aircraft goes
  instead (to take the territory).

A rule is checked after each round, as the engine's step 7 (docs/rules.md §2): a
side wiped out in that round has nobody left to retreat.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from ..engine.army import Army
from ..engine.casualties import Casualties
from ..engine.kinds import kinds
from ..engine.setup import BattleSetup
from ..engine.table import retreats_at_units


@dataclass(frozen=True)
class Retreat:
    """The attacker's retreat rule: ``at_units`` or fewer units left, or a chance to win below ``below``.

    ``rules``: more rules read state by state (:mod:`pycore.calc.policy`: what pressing on is worth, the
    chance of losing an aircraft or of wiping out the defender next round), asked by both chains beside these.
    """

    at_units: int | None = None
    below: float | None = None
    rules: Any = None   # policy.StateRules, which imports this module: a type here would be an import cycle

    def __bool__(self) -> bool:
        return self.at_units is not None or self.below is not None or self.rules is not None

    @property
    def per_state(self) -> bool:
        """Whether the rule reads more of a state than the attacker's size (the ladder then asks it row by row)."""
        return self.below is not None or self.rules is not None

    def by_size(self, attacker: Army) -> bool:
        return retreats_at_units(attacker.size, self.at_units)

    def by_chance(self, win: Chance) -> bool:
        return self.below is not None and is_below(win, self.below)


Chance = Fraction | float
"""A probability: a Fraction in exact arithmetic, a float otherwise."""

TIE = 1e-9
"""A float chance to win within this of X counts as X: a chance of exactly X is not below it."""


def is_below(win: Chance, x: float) -> bool:
    """Whether a chance to win is below X (docs/rules.md §9): X is read as the decimal typed (0.2 is 1/5).

    Exact arithmetic compares Fractions, so a chance of exactly 1/5 is not below 0.2; floats carry
    rounding, so a chance within ``TIE`` of X counts as X.
    """
    if isinstance(win, Fraction):
        return win < Fraction(repr(float(x)))
    return win < x - TIE


def is_above(chance: Chance, x: float) -> bool:
    """Whether a chance is above X, read as :func:`is_below` reads it: a chance of exactly X is not above it."""
    if isinstance(chance, Fraction):
        return chance > Fraction(repr(float(x)))
    return chance > x + TIE


NEVER = Retreat()


def keep_one_land(setup: BattleSetup, army: Army, cas: Casualties, order: Sequence[str], keep: int = 1) -> Casualties:
    """``cas`` with the attacker's last ``keep`` land units spared for aircraft, while he has aircraft left.

    Taking hits one at a time, each hit that would leave him fewer than
    ``keep`` land units (or than he has, if fewer) takes the next aircraft in
    the order of loss instead; ``cas`` may hold several hits, so as many land
    casualties as it takes below that number are swapped, each for the first
    aircraft in the order of loss that is still alive, the land unit his order
    would lose last spared first. An AA gun is not a unit that takes a
    territory. ``keep`` 1 is "keep one land unit" (docs/rules.md §9).
    """
    ruleset = setup.ruleset
    taking = kinds(ruleset).taking
    land = [uid for uid, _ in army.units.counts if uid in taking]
    lost = dict(cas.lost)
    had = sum(army.count(uid) for uid in land)
    short = min(int(keep), had) - (had - sum(lost.get(uid, 0) for uid in land))
    if short <= 0:
        return cas
    for _ in range(short):
        air = next((uid for uid in order if ruleset.unit(uid).is_air and army.count(uid) > lost.get(uid, 0)), None)
        if air is None:
            break
        spared = max((uid for uid in land if lost.get(uid)), key=lambda uid: order.index(uid) if uid in order else -1)
        lost[spared] -= 1
        if not lost[spared]:
            del lost[spared]
        lost[air] = lost.get(air, 0) + 1
    return Casualties(lost, dict(cas.damaged))

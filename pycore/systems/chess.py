"""A&A Chess (seed 003, docs/rules.md §6): diceless totals, in five variants.

Each side adds up its values and divides by 6; the quotient is hits. What
happens to the remainder is the variant:

* ``orthodox`` — the attacker's remainder hits when it is 5, the defender's
  when it is 4 or 5; any other remainder is ignored. No dice at all.
* ``ryof`` — as orthodox, and a remainder the orthodox rule ignores
  (attacker 1–4, defender 1–3) is rolled: a hit on a roll at or below it.
* ``ryof6`` — every remainder 1–5 is rolled (no remainder hits by itself).
* ``cof`` — a remainder below the threshold is carried into the side's next
  assault of the same battle; one that scores leaves a deficit of
  6 − remainder. A leftover when the battle ends is ignored. No dice.
* ``cofr`` — as cof, and in the battle's final assault a leftover below the
  threshold is rolled instead of carried.

Special cases, by the group the engine fires (``engine.firing``):

* ``aa`` — all aircraft of the move counted once per AA territory flown over
  (the group's values, 1 each, 2 with Radar), divided by **5**; the
  remainder is ignored, except in ``ryof6`` where it is rolled on a d10 at
  2 × remainder (chance remainder / 5: the mean of count / 5 is kept, the
  same reading as the ``bombing`` op's).
* ``subs`` of the attacker — the subs' total is divided separately; the
  quotient removes defenders without return fire and the remainder is
  ``passed`` on to the main attack of the same assault (seed 003, "Primo
  Attacco per i Sommergibili"). Defending subs have no first strike: they are
  part of the defence total (``sub_strike_roles``).

The engine gives each main group what it needs through the group itself
(``joined``: the subs' remainder; ``carry``: the side's carried fraction;
``final``: the battle's last assault), so this module reads no battle state.
It is not the calculator (``pycore/calc/chess.py``) and not strategic
bombing (``pycore/research/bombing.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import BadRequest
from ..jsontext import JsonObject
from .luck import Die, FiringGroup, LuckSystem, Roll, Volley
from .lowluck import power_of

VARIANTS = ("orthodox", "ryof", "ryof6", "cof", "cofr")
VARIANT_NAMES = {"orthodox": "Orthodox", "ryof": "RYOF", "ryof6": "RYOF<6", "cof": "COF", "cofr": "COF+R"}
VARIANT_SUMMARIES = {
    "orthodox": "No dice: each 6 is a hit; a remainder of 5 hits for the attacker, 4 or 5 for the defender.",
    "ryof": "As orthodox, and a remainder it ignores is rolled: a hit on that number or less.",
    "ryof6": "Every remainder is rolled (AA's too); a remainder never hits by itself.",
    "cof": "No dice: remainders carry into the next assault; one that scores leaves a deficit.",
    "cofr": "As COF, and in the battle's last assault each side rolls for its leftover.",
}
THRESHOLD = {"attacker": 5, "defender": 4}
"""Seed 003, "Frazioni": the attacker's remainder scores at 5, the defender's at 4 or 5."""
MAIN_GROUPS = ("main", "air")
"""The groups of steps 3–4 (``engine.firing.main_groups``): the only ones that carry under COF."""
AA_DIVISOR = 5
"""Seed 003, "Fuoco Antiaereo": one aircraft lost per 5 counted."""


@dataclass(frozen=True, slots=True)
class Settled:
    """How one group's total splits before any die: hits, the die to roll (at, sides), what is carried or passed."""

    power: int
    sure_hits: int
    remainder: int
    die: tuple[int, int] | None = None
    carry_out: int | None = None
    passed: int = 0
    scored: bool = False      # the remainder scored a hit by itself (counted in sure_hits)


@dataclass(frozen=True, slots=True)
class Chess(LuckSystem):
    variant: str = "orthodox"

    id = "chess"
    name = "A&A Chess"
    summary = "Diceless: add up the power, each 6 is a hit; the variant says what the remainder does."
    spec_keys = ("variant",)
    variants = tuple({"id": v, "name": VARIANT_NAMES[v], "summary": VARIANT_SUMMARIES[v]} for v in VARIANTS)
    sub_strike_roles = ("attacker",)
    aa_per_move = True
    pools_groups = True       # the subs' remainder joins the main attack; fractions carry (docs/rules.md §6)
    calculator = "chess"      # pycore.calc.chess: carried fractions and the final assault are its state

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown A&A Chess variant {self.variant!r}")

    def __repr__(self) -> str:
        return f"Chess({self.variant!r})"

    # -- the request spec ---------------------------------------------------------------------
    def configure(self, variant: str = "orthodox", **_: Any) -> "Chess":  # Any: other systems' options, unread
        return Chess(variant)

    def spec(self) -> JsonObject:
        return {"name": self.id, "variant": self.variant}

    @property
    def deterministic(self) -> bool:
        """No die is ever rolled (orthodox, COF): a battle has one outcome."""
        return self.variant in ("orthodox", "cof")

    @property
    def carries(self) -> bool:
        return self.variant in ("cof", "cofr")

    @property
    def rolls_final(self) -> bool:
        """COF+R: the engine must say which assault is the battle's last (``Group.final``)."""
        return self.variant == "cofr"

    # -- the rule -----------------------------------------------------------------------------
    def settle(self, group: FiringGroup) -> Settled:
        """The rule of seed 003 for one group, before any die (the engine's ``Group``)."""
        power = power_of(group.values, group.best_of_two)
        if group.name == "aa":
            sure, rest = divmod(power, AA_DIVISOR)
            die = (2 * rest, 10) if rest and self.variant == "ryof6" else None
            return Settled(power, sure, rest, die)
        if group.name == "subs" and group.shooter == "attacker":
            sure, rest = divmod(power, 6)
            return Settled(power, sure, rest, passed=rest)
        # Only the main step's groups carry (a one-shot bombardment's fraction is not carried: docs/rules.md).
        carry = group.carry if self.carries and group.name in MAIN_GROUPS else None
        total = power + group.joined + (carry or 0)
        if total <= 0:
            # A deficit larger than this assault's power: nothing scores and the rest of it stays owed.
            return Settled(power, 0, 0, carry_out=total if self.carries else None)
        sure, rest = divmod(total, 6)
        scores = rest >= THRESHOLD[group.shooter]
        variant = self.variant
        if variant == "orthodox":
            return Settled(power, sure + scores, rest, scored=scores)
        if variant == "ryof":
            return Settled(power, sure + scores, rest, None if scores or not rest else (rest, 6), scored=scores)
        if variant == "ryof6":
            return Settled(power, sure, rest, (rest, 6) if rest else None)
        # cof / cofr
        if carry is None:  # a group that does not carry (bombardment) fires as orthodox
            return Settled(power, sure + scores, rest, scored=scores)
        if scores:
            return Settled(power, sure + 1, rest, carry_out=rest - 6, scored=True)
        if variant == "cofr" and group.final:
            return Settled(power, sure, rest, (rest, 6) if rest else None, carry_out=0)
        return Settled(power, sure, rest, carry_out=rest)

    def sure_hits(self, group: FiringGroup) -> int:
        return self.settle(group).sure_hits

    def dice_for(self, group: FiringGroup) -> tuple[tuple[int, int], ...]:
        """(at, sides) of each die this group rolls: none, or one for its remainder."""
        die = self.settle(group).die
        return (die,) if die else ()

    def fire_group(self, group: FiringGroup, roll: Roll) -> Volley:
        s = self.settle(group)
        dice: tuple[Die, ...] = ()
        if s.die is not None:
            at, sides = s.die
            dice = (Die(at, roll(1)[0], sides=sides),)
        carries = self.carries and group.name in MAIN_GROUPS
        return Volley(s.power, s.sure_hits, s.remainder, dice, joined=group.joined,
                      carry_in=group.carry if carries else None, carry_out=s.carry_out, passed=s.passed,
                      remainder_hit=s.scored)

    # -- the plain protocol (no group context) ------------------------------------------------
    def fire(self, values: tuple[int, ...], roll: Roll, best_of_two: tuple[int, ...] = ()) -> Volley:
        raise BadRequest("system", "A&A Chess needs to know who fires: use engine.firing.fire_group")

    def dice_needed(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> int:
        raise BadRequest("system", "A&A Chess needs to know who fires: use engine.firing.dice_for")

    def hit_distribution(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        raise BadRequest("system", "A&A Chess is calculated by pycore.calc.chess (its hits depend on the side "
                                   "and on fractions carried between assaults)")

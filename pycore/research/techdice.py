"""Tech dice (seed 002 "Technology Development", docs/rules.md §5): buy dice at 5 each, a 6 discovers.

Each turn a nation buys research dice, names one technology and rolls every
die it holds; one or more 6s discover it and all dice are discarded. Some maps
keep the unsuccessful dice as tokens for the next turn (seed 002: "in some
maps, the player keeps the dice"). With Low Luck for technology, ``dice // 6``
discoveries are sure and the remainder is rolled on one die, hitting at or
below it (docs/rules.md §5), so the mean number of 6s, ``dice / 6``, is kept.

Rule book only: immutable values, the dice passed in. ``research`` reads the
request and rolls.

Decisions where seed 002 is silent (``docs/research.md``):

- Tokens are the nation's, not a tech's (TripleA's tech token rule): all held
  tokens are rolled for the tech named this turn, and a discovery discards
  them all. Without the token option a turn's dice are always discarded.
- Researching a tech already owned is refused: the roll could gain nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from ..errors import RuleError

DIE_COST = 5
"""Seed 002: "for every 5 PUs spent, 1 additional die is purchased"."""

TECHS: Mapping[str, str] = {
    "jet_power": "Jet Power",
    "super_subs": "Super Subs",
    "long_range_aircraft": "Long Range Aircraft",
    "rockets": "Rockets",
    "destroyer_bombard": "Destroyer Bombard",
    "heavy_bombers": "Heavy Bombers",
    "industrial_technology": "Industrial Technology",
    "advanced_artillery": "Advanced Artillery",
    "paratroopers": "Paratroopers",
    "increased_factory_production": "Increased Factory Production",
    "radar": "Radar",
}
"""Seed 002's Big World list and its "other maps" list, plus Radar (docs/rules.md §5)."""



def dice_to_roll(held: int, low_luck: bool) -> tuple[int, int]:
    """(sure discoveries, dice actually rolled) for ``held`` dice.

    Normal dice roll every die; Low Luck turns each 6 dice into a sure hit and
    rolls one die for a remainder (docs/rules.md §5).
    """
    if not low_luck:
        return 0, held
    return held // 6, 1 if held % 6 else 0


@dataclass(frozen=True, slots=True)
class Turn:
    """One tech phase of one nation."""

    step: int
    bought: int
    cost: int
    tech: str | None
    held: int  # dice rolled this turn: tokens kept + bought
    sure: int  # Low Luck sure discoveries (0 under normal dice)
    at: int | None  # Low Luck: the remainder die hits at or below this
    rolls: tuple[int, ...]
    rolled_by: str | None
    sixes: int  # discoveries: 6s rolled (normal) or sure + remainder hit (Low Luck)
    discovered: str | None
    tokens: int  # dice kept for the next turn


@dataclass(frozen=True, slots=True)
class TechDice:
    """A nation's research under tech dice: what it owns, holds and has spent."""

    keep_tokens: bool = False
    low_luck: bool = False
    tokens: int = 0
    spent: int = 0
    techs: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.tokens < 0 or self.spent < 0:
            raise ValueError(f"negative tokens or money: {self!r}")
        if self.tokens and not self.keep_tokens:
            raise ValueError("tokens are held only when the token option is on")

    def rolls_needed(self, bought: int) -> int:
        """How many die values a turn with ``bought`` new dice needs from the players."""
        return dice_to_roll(self.tokens + bought, self.low_luck)[1]

    def step(self, number: int, bought: int, tech: str | None, rolls: tuple[int, ...],
             rolled_by: str | None) -> tuple["TechDice", Turn]:
        held = self.tokens + bought
        if held and tech is None:
            raise RuleError("tech", "is required when dice are rolled: name the technology the dice are for")
        if tech is not None and tech in self.techs:
            raise RuleError("tech", f"{TECHS[tech]} is owned already: choose another technology")
        sure, count = dice_to_roll(held, self.low_luck)
        if len(rolls) != count:
            raise RuleError("rolls", f"must hold {count} die value{'s' if count != 1 else ''} "
                            f"for {held} dice held, got {len(rolls)}")
        for value in rolls:
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise RuleError("rolls", f"die values must be from 1 to 6, got {value!r}")
        if self.low_luck:
            at = held % 6 or None
            sixes = sure + (1 if at and rolls[0] <= at else 0)
        else:
            at = None
            sixes = sum(1 for value in rolls if value == 6)
        discovered = tech if sixes else None
        tokens = held if self.keep_tokens and not discovered else 0
        techs = self.techs + ((discovered,) if discovered else ())
        after = replace(self, tokens=tokens, spent=self.spent + DIE_COST * bought, techs=techs)
        return after, Turn(number, bought, DIE_COST * bought, tech if held else None, held, sure, at,
                           rolls, rolled_by if count else None, sixes, discovered, tokens)

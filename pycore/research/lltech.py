"""Low Luck Tech (seed 000 §6b, docs/rules.md §4): one savings ledger per nation and category.

A player deposits money into a research category each round; once the savings
reach the category's first threshold he may try a break-through: one d6 read in
the column of the highest threshold reached. Each attempt costs a fixed sum;
gaining the category's best tech ends the project and uses up all savings.

This module is the rule book only: immutable values and pure functions, the die
passed in as a number. It does not read requests (``research`` does) nor roll
dice (``research`` asks ``dice`` or takes the players' own roll).

Decisions where seed 000 is silent (written in ``docs/research.md``):

- A round below the minimum lapses the project: the savings *and* that
  round's own deposit are lost (the seed: "otherwise all previous investments
  are lost"; a deposit below the minimum does not "keep the project running",
  so it cannot start a new one either).
- At most one attempt per round: the seed speaks of "a die", rolled after the
  deposit "at the start of the round".
- A result already owned moves up to the next better tech, then to the best
  (seed 000 §6b B, both examples). When every better tech is owned too, the
  player gets the best tech of the category he does not own yet, so that an
  attempt paid for is never an empty roll; with all three owned, nothing is
  left to research and attempts and deposits are refused.
- The project ends (savings used up) when the gained tech is the category's
  best (seed: IT, Heavy Bombers) or when the category is then complete.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Mapping

from ..errors import RuleError


@dataclass(frozen=True, slots=True)
class Category:
    """A research category's numbers and break-through tables (seed 000 §6b B)."""

    id: str
    name: str
    techs: tuple[str, ...]  # worst to best; the last one ends the project
    minimum: int
    maximum: int
    cost: int
    columns: tuple[tuple[int, tuple[str, ...]], ...]  # (threshold, results for d6 = 1..6)

    @property
    def thresholds(self) -> tuple[int, ...]:
        return tuple(threshold for threshold, _ in self.columns)

    def column(self, saved: int) -> int | None:
        """The highest threshold reached, or None below the first (docs/rules.md §4)."""
        reached = [threshold for threshold in self.thresholds if saved >= threshold]
        return reached[-1] if reached else None

    def table(self, column: int) -> tuple[str, ...]:
        return dict(self.columns)[column]


_SS, _R, _IT = "super_subs", "rockets", "industrial_technology"
_JP, _LRA, _HB = "jet_power", "long_range_aircraft", "heavy_bombers"

CATEGORIES: Mapping[str, Category] = {
    "industrial": Category(
        id="industrial", name="Industrial Technology research",
        techs=(_SS, _R, _IT), minimum=4, maximum=12, cost=16,
        columns=(
            (24, (_SS, _SS, _SS, _R, _R, _IT)),
            (36, (_R, _R, _R, _R, _IT, _IT)),
            (48, (_R, _IT, _IT, _IT, _IT, _IT)),
        ),
    ),
    # Errata (docs/rules.md §4): the seed prints the third column as "48"; the US
    # example's "72 IPC in 4 turns" shows it is 72.
    "air": Category(
        id="air", name="Air Tech research",
        techs=(_JP, _LRA, _HB), minimum=6, maximum=18, cost=24,
        columns=(
            (36, (_JP, _JP, _JP, _LRA, _LRA, _HB)),
            (54, (_LRA, _LRA, _LRA, _LRA, _HB, _HB)),
            (72, (_LRA, _HB, _HB, _HB, _HB, _HB)),
        ),
    ),
}

TECH_NAMES: Mapping[str, str] = {
    _SS: "Super Subs", _R: "Rockets", _IT: "Industrial Technology",
    _JP: "Jet Power", _LRA: "Long Range Aircraft", _HB: "Heavy Bombers",
}



def gained_tech(category: Category, result: str, owned: frozenset[str]) -> str:
    """The tech a break-through gives when the table says ``result`` (seed 000 §6b B).

    >>> gained_tech(CATEGORIES["air"], "jet_power", frozenset({"jet_power", "long_range_aircraft"}))
    'heavy_bombers'
    """
    if result not in owned:
        return result
    index = category.techs.index(result)
    for better in category.techs[index + 1: index + 2] + category.techs[-1:]:
        if better not in owned:
            return better
    # Silent in the seed: every better tech is owned; give the best one still missing.
    for tech in reversed(category.techs):
        if tech not in owned:
            return tech
    raise RuleError("attempt", f"every tech of {category.name} is owned already")


@dataclass(frozen=True, slots=True)
class Attempt:
    """One break-through roll and what it gave."""

    column: int
    roll: int
    rolled_by: str  # "players" (the request's roll) or "app" (seeded)
    table_result: str
    gained: str
    cost: int
    ended: bool


@dataclass(frozen=True, slots=True)
class Entry:
    """What one round did to a ledger: for the history shown to players."""

    step: int
    invest: int
    saved_before: int
    saved_after_invest: int
    lapsed: int  # money lost because the round was below the minimum (savings + deposit)
    attempt: Attempt | None
    saved: int


@dataclass(frozen=True, slots=True)
class Ledger:
    """A nation's savings in one category: valid by construction, changed only by :meth:`step`."""

    category: Category
    saved: int = 0
    spent: int = 0
    lost: int = 0
    techs: tuple[str, ...] = ()  # in the order gained (start techs first)

    def __post_init__(self) -> None:
        if self.saved < 0 or self.spent < 0 or self.lost < 0:
            raise ValueError(f"a ledger cannot hold negative money: {self!r}")
        for tech in self.techs:
            if tech not in self.category.techs:
                raise ValueError(f"{tech!r} is not a tech of {self.category.id}")

    @property
    def complete(self) -> bool:
        return set(self.category.techs) <= set(self.techs)

    def column(self) -> int | None:
        return self.category.column(self.saved)

    def step(self, number: int, invest: int, roll: int | None = None,
             rolled_by: str = "players") -> tuple["Ledger", Entry]:
        """One round: deposit ``invest``, then attempt when ``roll`` (1–6) is given.

        Raises :class:`RuleError` (field ``invest``, ``attempt`` or ``roll``)
        for a step the rules forbid, so the caller can name the step.
        """
        category = self.category
        if self.complete:
            raise RuleError("invest", f"every tech of {category.name} is owned already: nothing left to research")
        if not 0 <= invest <= category.maximum:
            raise RuleError("invest", f"must be from 0 to {category.maximum} (the most one round may deposit in "
                            f"{category.name}; a deposit below {category.minimum} loses the savings), got {invest}")
        saved_before = self.saved
        if invest < category.minimum:
            lapsed = saved_before + invest
            ledger = replace(self, saved=0, spent=self.spent + invest, lost=self.lost + lapsed)
        else:
            lapsed = 0
            ledger = replace(self, saved=saved_before + invest, spent=self.spent + invest)
        saved_after_invest = ledger.saved
        attempt = None
        if roll is not None:
            ledger, attempt = ledger._attempt(roll, rolled_by)
        entry = Entry(number, invest, saved_before, saved_after_invest, lapsed, attempt, ledger.saved)
        return ledger, entry

    def _attempt(self, roll: int, rolled_by: str) -> tuple["Ledger", Attempt]:
        category = self.category
        if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6:
            raise RuleError("roll", f"must be a d6 result from 1 to 6, got {roll!r}")
        column = self.column()
        if column is None:
            raise RuleError("attempt", f"a break-through needs at least {category.thresholds[0]} saved in "
                            f"{category.name}, only {self.saved} saved")
        table_result = category.table(column)[roll - 1]
        gained = gained_tech(category, table_result, frozenset(self.techs))
        techs = self.techs + (gained,)
        ended = gained == category.techs[-1] or set(category.techs) <= set(techs)
        saved = 0 if ended else self.saved - category.cost
        ledger = replace(self, saved=saved, techs=techs)
        return ledger, Attempt(column, roll, rolled_by, table_result, gained, category.cost, ended)

    def chances(self) -> dict[str, Fraction]:
        """What an attempt now would give, tech → probability (empty when none is allowed)."""
        column = self.column()
        if column is None or self.complete:
            return {}
        odds: dict[str, Fraction] = {}
        for result in self.category.table(column):
            tech = gained_tech(self.category, result, frozenset(self.techs))
            odds[tech] = odds.get(tech, Fraction(0)) + Fraction(1, 6)
        return {tech: odds[tech] for tech in self.category.techs if tech in odds}

"""The coloured-dice chart as data: which units roll or boost in which colour, in what order.

Seed 001 refers to a chart it never published; docs/rules.md §7 gives the
reconstructed default shipped here (:data:`DEFAULT_CHART`, shown to players
as "reconstructed default — edit it"). A request may replace it with its own
(``system.chart``), checked field by field; a link carries the chart only
when it differs from the default.

A row: ``color`` (its name, unique), ``rolls`` (unit types that may roll its
dice), ``boosts`` (kinds of boost, each a list of unit types — a die takes
each kind at most once, seed 001: "each die can only receive each kind of
boost once per round"), ``casualties`` (the guideline its hits follow) and
``choice`` (who picks the casualties: ``victim``, or ``winner`` as for red).

Not for: how a unit is committed (``commit``) or how a colour is fought.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...jsontext import JsonObject
from ...rulesets import RULESETS

GUIDELINES = ("any", "aircraft_first", "naval_first", "naval_only")
"""What a colour's hits may fall on (seed 001: "within the guidelines set by the current color").

``any``: any unit. ``aircraft_first``: aircraft while the victim has any,
then any unit. ``naval_first``: ships first, then any unit. ``naval_only``:
ships only; with no ship left the hit is lost. Decision (docs/rules.md): the
reconstructed chart's "naval units" is read as ``naval_first``, so a hit is
never lost and the average stays that of the rule it replaces (docs/rules.md
§0).
"""

GUIDELINE_WORDS = {"any": "any unit", "aircraft_first": "aircraft first", "naval_first": "ships first",
                   "naval_only": "ships only"}
CHOICES = ("victim", "winner")
MAX_ROWS = 12
COLOR_NAME = re.compile(r"[a-z][a-z0-9-]{0,19}")
"""A colour's name: 1 to 20 lowercase letters a-z, digits or hyphens, starting with a letter.

The name travels into post keys (``tank@red``), field paths (``attacker.colors.red``), links and the
page's class names and ids (``cd-red``): a space, ``@`` or ``.`` would break one of them (a space in a
name once stopped referee play on the page). Seed 001 names only plain colours.
"""
MAX_DICE = 6
"""Seed 001: "up to a maximum of 6 dice per color per player per round of combat"."""

KNOWN_UNITS: tuple[str, ...] = tuple(dict.fromkeys(u.id for r in RULESETS for u in r.units))
NO_COLOUR = ("transport",)
"""The unit types no chart needs to name (docs/rules.md §7, "Commitment"): they never roll a die under any
chart (a transport takes no part but is a casualty). Any other type a side brings must roll or boost in some
colour of the battle's chart, or it would sit through the battle rolling nothing."""


@dataclass(frozen=True, slots=True)
class Row:
    color: str
    rolls: tuple[str, ...]
    boosts: tuple[tuple[str, ...], ...]
    casualties: str = "any"
    choice: str = "victim"

    def boost_kind(self, unit_id: str) -> int | None:
        """Which kind of boost this unit gives in this colour (its index), or None."""
        return next((i for i, kind in enumerate(self.boosts) if unit_id in kind), None)

    def to_json(self) -> JsonObject:
        return {"color": self.color, "rolls": list(self.rolls), "boosts": [list(k) for k in self.boosts],
                "casualties": self.casualties, "choice": self.choice}


@dataclass(frozen=True, slots=True)
class Chart:
    rows: tuple[Row, ...]

    @property
    def colors(self) -> tuple[str, ...]:
        return tuple(row.color for row in self.rows)

    def row(self, color: str) -> Row:
        return next(row for row in self.rows if row.color == color)

    def can_roll(self, unit_id: str) -> tuple[str, ...]:
        return tuple(row.color for row in self.rows if unit_id in row.rolls)

    def can_boost(self, unit_id: str) -> tuple[str, ...]:
        return tuple(row.color for row in self.rows if row.boost_kind(unit_id) is not None)

    def default_post(self, unit_id: str) -> tuple[str | None, bool]:
        """(colour, boosts?) where the chart puts this unit: the first colour it rolls in, else the
        first it boosts in, else nowhere (it takes no part, but can be a casualty)."""
        rolls = self.can_roll(unit_id)
        if rolls:
            return rolls[0], False
        boosts = self.can_boost(unit_id)
        if boosts:
            return boosts[0], True
        return None, False

    def to_json(self) -> list[JsonObject]:
        return [row.to_json() for row in self.rows]


DEFAULT_CHART = Chart((
    # docs/rules.md §7, the reconstructed default (seed 001 names yellow, black, red and white; the rest is ours).
    Row("yellow", ("fighter", "tactical_bomber", "aa_gun"), (), "aircraft_first"),
    Row("blue", ("submarine", "destroyer"), (), "naval_first"),
    Row("green", ("cruiser", "carrier"), (), "naval_first"),
    Row("black", ("battleship", "bomber"), (), "any"),
    Row("red", ("tank",), (("mech_infantry",),), "any", "winner"),
    Row("white", ("infantry",), (("artillery",), ("fighter", "tactical_bomber", "bomber")), "any"),
))



"""The die-roll modifiers of World in Flames option 67 besides the odds (seed 004), as data.

Each :class:`Kind` is one line of the seed's lists ("Modifications", "8.2
Weather Effects", "City Modifiers"), with an id the request uses. A
:class:`Modifier` is one entry a player ticked (with a count where the seed
says "per" or "each" unit). :func:`total` adds them up under the seed's rules:

- all modifiers are cumulative (seed 004, "All modifications are cumulative");
- city modifiers can never total more than 0 (seed 004, "City Modifiers" note);
- attacking bonuses are halved, except HQ support, when the combat factors of
  the attacking units are halved (seed 004, last note).

Decisions where the seed is silent (docs/wif.md):

- an "attacking bonus" is a + modifier earned by the attacking units themselves
  (marines, paratroops, non-territorials, winterised attackers, the blitz
  bonus, HQ or ENG attacking a city); face-down defenders are the defender's
  state, not the attacker's bonus, and are not halved;
- halving happens before the city cap;
- weather is one of fine (no entry), rain, storm, snow, blizzard; "clear weather
  only" modifiers need fine weather, winterised modifiers need snow or blizzard;
- the blitz bonus is refused on the Assault table ("Blitz Table modification").

Not here: the odds modifier (``odds``), and rounding a total with tenths (``distribution``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Mapping

from ..jsontext import JsonObject

# Groups of kinds that the seed treats together.
COMBAT = "combat"
WEATHER = "weather"
WINTER = "winter"
CITY = "city"
HQ = "hq"
CUSTOM = "custom"

WEATHERS = ("rain", "storm", "snow", "blizzard")


@dataclass(frozen=True, slots=True)
class Kind:
    """One modifier of the seed's lists.

    ``value`` is per unit when ``per_unit`` (the entry has a count), else flat.
    ``needs_weather`` is None (any weather), "fine" or "snow_or_blizzard";
    ``needs_table`` is None or "blitz".
    """

    id: str
    value: int
    per_unit: bool
    group: str
    label: str
    seed_text: str
    attacking_bonus: bool = False
    needs_weather: str | None = None
    needs_table: str | None = None
    extra_loss_reason: str | None = None
    """Set when ticking this modifier means the § condition of seed 004 (Notes b, c) holds."""

    def to_json(self) -> JsonObject:
        body = {"id": self.id, "value": self.value, "per_unit": self.per_unit,
                "group": self.group, "label": self.label, "seed_text": self.seed_text,
                "attacking_bonus": self.attacking_bonus}
        if self.needs_weather:
            body["needs_weather"] = self.needs_weather
        if self.needs_table:
            body["needs_table"] = self.needs_table
        return body


KINDS: tuple[Kind, ...] = (
    Kind("defending_armor_clear", -2, True, COMBAT,
       "Defending ARM/MECH in clear or desert (not a city)",
       "-2 per defending ARM, MECH in a (non-city) clear, or desert hex (only -1 if the defending unit is a division) clear weather only.",
       needs_weather="fine", extra_loss_reason="a clear or desert hex with defending ARM or MECH"),
    Kind("defending_armor_division_clear", -1, True, COMBAT,
       "Defending ARM/MECH division in clear or desert (not a city)",
       "(only -1 if the defending unit is a division) clear weather only.",
       needs_weather="fine", extra_loss_reason="a clear or desert hex with defending ARM or MECH"),
    Kind("defending_anti_tank", -1, True, COMBAT,
       "Defending AT or pink/red AA, against ARM/MECH",
       "-1 per defending AT, pink or red AA, if being attacked by ARM or MECH."),
    Kind("face_down_defender", 2, True, COMBAT,
       "Face-down defending unit",
       "Each face-down defending unit +2 (only +1 if the defending unit is a division or a notional unit)"),
    Kind("face_down_defender_division", 1, True, COMBAT,
       "Face-down defending division or notional unit",
       "(only +1 if the defending unit is a division or a notional unit)"),
    Kind("hq_support_attacker", 1, False, HQ,
       "HQ supporting the attack",
       "HQ support +/- half the reorganisation value of supporting HQ (no die roll required for HQ-Support)"),
    Kind("hq_support_defender", -1, False, HQ,
       "HQ supporting the defence",
       "HQ support +/- half the reorganisation value of supporting HQ (no die roll required for HQ-Support)"),
    Kind("cooperating_majors", -1, True, COMBAT,
       "Co-operating major power attacking, after the first",
       "-1 ~ Each (co-operating) major power attacking (after the first)."),
    Kind("marines_jungle", 1, True, COMBAT,
       "Marine attacking jungle (Japanese, Australian or US, white print)",
       "+1 ~ per Japanese, Australian, or US Marine attacking a jungle hex. provided the unit attacking is white print.",
       attacking_bonus=True, extra_loss_reason="a jungle hex"),
    Kind("jungle", -4, False, COMBAT, "Jungle", "-4 ~ Jungle", extra_loss_reason="a jungle hex"),
    Kind("paratroops", 1, True, COMBAT,
       "Paratrooping unit (after air-to-air and AA)",
       "+1 ~ for each paratrooping unit after air to air combat and anti-aircraft fire (if any).",
       attacking_bonus=True),
    Kind("non_territorials_vs_territorials", 2, False, COMBAT,
       "Non-territorials attacking territorials", "~ +2 Non territorials attacking territorials.",
       attacking_bonus=True),
    Kind("territorials_vs_non_territorials", -2, False, COMBAT,
       "Territorials attacking non-territorials", "~ -2 Territorials attacking non territorials"),
    Kind("blitz_armor_clear", 1, True, COMBAT,
       "Attacking ARM/MECH in clear or desert (not a city, not across a fort)",
       "Blitz Table modification (clear weather only) +1 ~ per attacking ARM and MECH in a (non city) clear or desert hex provided the unit is not attacking across a fort hexside.",
       attacking_bonus=True, needs_weather="fine", needs_table="blitz"),
    Kind("rain", -2, False, WEATHER, "Rain", "-2 ~ Rain", extra_loss_reason="weather other than fine"),
    Kind("storm", -4, False, WEATHER, "Storm", "-4 ~ Storm", extra_loss_reason="weather other than fine"),
    Kind("snow", -4, False, WEATHER, "Snow", "-4 ~ Snow*", extra_loss_reason="weather other than fine"),
    Kind("blizzard", -6, False, WEATHER, "Blizzard", "-6 ~ Blizzard*", extra_loss_reason="weather other than fine"),
    Kind("winterized_attacking", 1, True, WINTER,
       "Winterised unit attacking",
       "* +1 ~ for each winterized unit attacking in Snow or Blizzard.",
       attacking_bonus=True, needs_weather="snow_or_blizzard"),
    Kind("winterized_defending", -2, True, WINTER,
       "Winterised unit defending",
       "* -2 ~ for each winterized unit defending in Snow or Blizzard.",
       needs_weather="snow_or_blizzard"),
    Kind("city", -1, False, CITY, "City", "-1 ~ City", extra_loss_reason="a city"),
    Kind("factory", -1, True, CITY, "Printed factory stack attacked",
       "-1 ~ for each printed factory stack being attacked."),
    Kind("hq_attacking_city", 1, True, CITY, "HQ attacking the city", "+1 ~ for HQ attacking a city.",
       attacking_bonus=True),
    Kind("eng_attacking_city", 1, True, CITY, "ENG combat factor attacking",
       "+1 ~ per ENG combat factor attacking a city.", attacking_bonus=True),
    Kind("eng_defending_city", -1, True, CITY, "ENG combat factor defending",
       "-1 ~ per ENG combat factor defending a city."),
    Kind("custom", 0, False, CUSTOM, "Other modifier (your own value)",
       "Any modifier not listed: the players enter its value."),
)
"""Every modifier, in the seed's order. The screen builds its checklist from this."""

BY_ID: Mapping[str, Kind] = MappingProxyType({kind.id: kind for kind in KINDS})


@dataclass(frozen=True, slots=True)
class Modifier:
    """One ticked modifier: its kind, how many units (1 if flat), and for HQ/custom the value entered.

    ``amount`` is the HQ's reorganisation value or the custom modifier itself.
    """

    kind: Kind
    count: int = 1
    amount: Fraction = Fraction(0)
    label: str = ""

    def raw_value(self) -> Fraction:
        """The value before halving and the city cap."""
        if self.kind.group == HQ:
            return self.kind.value * self.amount / 2
        if self.kind.group == CUSTOM:
            return self.amount
        return Fraction(self.kind.value * self.count)


@dataclass(frozen=True, slots=True)
class Line:
    """One modifier as counted: raw value, and the value after halving (the cap applies to the city group)."""

    modifier: Modifier
    raw: Fraction
    value: Fraction
    halved: bool


@dataclass(frozen=True, slots=True)
class Total:
    """The sum of the ticked modifiers under the seed's rules."""

    lines: tuple[Line, ...]
    city_raw: Fraction
    city_value: Fraction
    value: Fraction

    @property
    def city_capped(self) -> bool:
        return self.city_value != self.city_raw


def total(modifiers: tuple[Modifier, ...], attack_halved: bool) -> Total:
    """Add the modifiers: halve attacking bonuses when asked, then cap the city group at 0 (seed 004)."""
    lines = []
    for modifier in modifiers:
        raw = modifier.raw_value()
        halve = attack_halved and modifier.kind.attacking_bonus
        lines.append(Line(modifier, raw, raw / 2 if halve else raw, halve))
    city_raw = sum((line.value for line in lines if line.modifier.kind.group == CITY), Fraction(0))
    city_value = min(city_raw, Fraction(0))
    others = sum((line.value for line in lines if line.modifier.kind.group != CITY), Fraction(0))
    return Total(tuple(lines), city_raw, city_value, others + city_value)


def extra_loss_reasons(modifiers: tuple[Modifier, ...]) -> tuple[str, ...]:
    """Why the § extra loss applies, as far as the ticked modifiers tell (seed 004, Notes b and c)."""
    reasons: list[str] = []
    for modifier in modifiers:
        reason = modifier.kind.extra_loss_reason
        if reason and reason not in reasons:
            reasons.append(reason)
    return tuple(reasons)

"""Reading a ``wif`` request: every field checked, a clear error naming it, and the canonical form.

The canonical form (:meth:`Setup.canonical`) is what a share link holds: the
same combat always gives the same JSON (modifiers in the seed's order, counts
written out, defaults filled in), so the same combat gives the same link.

Numbers are read exactly: a JSON number such as 36.5 arrives as a float, and is
turned into a Fraction through its shortest decimal text (``repr``), never
through float arithmetic, so 36.4 : 10 gives 3.64 and not 3.6399999….
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Mapping

from ..errors import BadRequest, show
from ..wif import modifiers as m
from ..wif.choice import Forces
from ..wif.table import Table
from . import fields as v

TOP_FIELDS = ("op", "attack", "defense", "fractional_odds", "table", "modifiers", "attack_halved",
              "extra_loss", "table_choice", "seed", "dice", "exact")
MAX_FACTOR = 9999
MAX_MODIFIERS = 40
MAX_COUNT = 99


@dataclass(frozen=True, slots=True)
class Setup:
    """A validated ``wif`` request."""

    attack: Fraction
    defense: Fraction
    fractional_odds: bool
    table: Table | None  # None: use the table choice helper's suggestion
    modifiers: tuple[m.Modifier, ...]
    attack_halved: bool
    extra_loss: bool | None  # None: decided from the ticked modifiers
    forces: Forces | None
    seed: str | None
    dice: tuple[tuple[int, int], int | None] | None
    exact: bool

    def canonical(self, table: Table) -> dict[str, Any]:
        """The request as a link stores it, with the table actually used."""
        out: dict[str, Any] = {
            "op": "wif",
            "attack": json_number(self.attack),
            "defense": json_number(self.defense),
            "fractional_odds": self.fractional_odds,
            "table": table.value,
            "modifiers": [modifier_json(mod) for mod in self.modifiers],
        }
        if self.attack_halved:
            out["attack_halved"] = True
        if self.extra_loss is not None:
            out["extra_loss"] = self.extra_loss
        if self.forces is not None:
            out["table_choice"] = forces_json(self.forces)
        if self.seed is not None:
            out["seed"] = self.seed
        if self.dice is not None:
            pair, fraction = self.dice
            out["dice"] = {"2d10": list(pair)}
            if fraction is not None:
                out["dice"]["fraction"] = fraction
        if self.exact:
            out["exact"] = True
        return out


def json_number(value: Fraction) -> int | float:
    """An exact decimal as a JSON number: 10 stays 10, 73/2 becomes 36.5 (shortest float text)."""
    return value.numerator if value.denominator == 1 else float(value)


def exact_decimal(value: Any, field: str, low: Fraction, high: Fraction, places: int,
                  positive: bool = False) -> Fraction:
    """A JSON number read exactly, with at most ``places`` decimals, in [low, high] (or (0, high])."""
    bounds = f"from {json_number(low)} to {json_number(high)}" if not positive else f"above 0 and at most {json_number(high)}"
    what = f"must be a number {bounds} with at most {places} decimal place{'s' if places != 1 else ''}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadRequest(field, f"{what}, got {show(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise BadRequest(field, f"{what}, got {show(value)}")
    try:
        number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    except InvalidOperation:
        raise BadRequest(field, f"{what}, got {show(value)}") from None
    exponent = number.normalize().as_tuple().exponent
    if isinstance(exponent, int) and exponent < -places:
        # 36.50 is fine; 3.6500000000000004 is a float artefact or a typo: say so rather than guess.
        raise BadRequest(field, f"{what}, got {show(value)}")
    exact = Fraction(number)
    if (positive and exact <= 0) or exact < low or exact > high:
        raise BadRequest(field, f"{what}, got {show(value)}")
    return exact


def parse(request: Mapping[str, Any]) -> Setup:
    """Check every field of a ``wif`` request (see docs/wif.md) and build its Setup."""
    v.only_keys(request, TOP_FIELDS, "")
    attack = exact_decimal(v.required(request, "attack", ""), "attack", Fraction(0), Fraction(MAX_FACTOR), 2, positive=True)
    defense = exact_decimal(v.required(request, "defense", ""), "defense", Fraction(0), Fraction(MAX_FACTOR), 2, positive=True)
    fractional = v.boolean(request.get("fractional_odds", False), "fractional_odds")
    table = None
    if "table" in request:
        table = Table(v.choice(request["table"], [t.value for t in Table], "table"))
    attack_halved = v.boolean(request.get("attack_halved", False), "attack_halved")
    extra_loss = None if "extra_loss" not in request else v.boolean(request["extra_loss"], "extra_loss")
    modifiers = _read_modifiers(request.get("modifiers", []))
    forces = None if "table_choice" not in request else _read_forces(request["table_choice"])
    seed = None if "seed" not in request else v.text(request["seed"], "seed")
    dice = None
    if "dice" in request:
        if seed is not None:
            raise BadRequest("dice", "give a seed (the app rolls) or dice (your own roll), not both")
        dice = _read_dice(request["dice"])
    exact = v.boolean(request.get("exact", False), "exact")
    return Setup(attack, defense, fractional, table, modifiers, attack_halved, extra_loss, forces, seed, dice, exact)


def _read_modifiers(value: Any) -> tuple[m.Modifier, ...]:
    entries = v.array(value, "modifiers", MAX_MODIFIERS)
    read: list[tuple[int, m.Modifier]] = []
    seen: dict[str, int] = {}
    weather: tuple[int, str] | None = None
    for i, entry in enumerate(entries):
        field = f"modifiers[{i}]"
        entry = v.obj(entry, field)
        kind = m.BY_ID[v.choice(v.required(entry, "id", field), list(m.BY_ID), f"{field}.id")]
        allowed = ["id"]
        if kind.per_unit:
            allowed.append("count")
        elif "count" in entry and entry["count"] == 1 and not isinstance(entry["count"], bool):
            allowed.append("count")  # a count of 1 on a flat modifier is harmless; other counts are refused
        if kind.group == m.HQ:
            allowed.append("reorganisation")
        if kind.group == m.CUSTOM:
            allowed += ["value", "label"]
        if "count" in entry and "count" not in allowed:
            raise BadRequest(f"{field}.count", f"{show(kind.id)} is not counted per unit: leave count out, got {show(entry['count'])}")
        v.only_keys(entry, allowed, field)
        if kind.id != "custom":
            if kind.id in seen:
                raise BadRequest(f"{field}.id", f"{show(kind.id)} is already listed at modifiers[{seen[kind.id]}]: give it once, with a count")
            seen[kind.id] = i
        count = v.whole(entry.get("count", 1), f"{field}.count", 1, MAX_COUNT)
        amount = Fraction(0)
        label = ""
        if kind.group == m.HQ:
            amount = Fraction(v.whole(v.required(entry, "reorganisation", field), f"{field}.reorganisation", 0, 20))
        if kind.group == m.CUSTOM:
            amount = exact_decimal(v.required(entry, "value", field), f"{field}.value", Fraction(-50), Fraction(50), 1)
            if "label" in entry:
                label = v.text(entry["label"], f"{field}.label", 1, 60)
        if kind.group == m.WEATHER:
            if weather is not None:
                raise BadRequest(f"{field}.id", f"only one weather applies; {show(weather[1])} is already listed at modifiers[{weather[0]}], got {show(kind.id)}")
            weather = (i, kind.id)
        read.append((i, m.Modifier(kind, count, amount, label)))
    current = weather[1] if weather else "fine"
    for i, modifier in read:
        need = modifier.kind.needs_weather
        if need == "fine" and current != "fine":
            raise BadRequest(f"modifiers[{i}].id", f"{show(modifier.kind.id)} applies in fine (clear) weather only, but the weather is {current}")
        if need == "snow_or_blizzard" and current not in ("snow", "blizzard"):
            raise BadRequest(f"modifiers[{i}].id", f"{show(modifier.kind.id)} applies in snow or blizzard only, but the weather is {current}")
    order = {kind.id: n for n, kind in enumerate(m.KINDS)}
    # Canonical order: the seed's order (custom entries last, as given), so the same combat gives the same link.
    return tuple(mod for _, mod in sorted(read, key=lambda pair: (order[pair[1].kind.id], pair[0])))


def modifier_json(modifier: m.Modifier) -> dict[str, Any]:
    out: dict[str, Any] = {"id": modifier.kind.id}
    if modifier.kind.per_unit:
        out["count"] = modifier.count
    if modifier.kind.group == m.HQ:
        out["reorganisation"] = modifier.amount.numerator
    if modifier.kind.group == m.CUSTOM:
        out["value"] = json_number(modifier.amount)
        if modifier.label:
            out["label"] = modifier.label
    return out


_FORCE_COUNTS = tuple(f.name for f in fields(Forces) if f.type in (int, "int"))
_FORCE_FLAGS = tuple(f.name for f in fields(Forces) if f.type in (bool, "bool"))


def _read_forces(value: Any) -> Forces:
    entry = v.obj(value, "table_choice")
    v.only_keys(entry, _FORCE_COUNTS + _FORCE_FLAGS, "table_choice")
    values: dict[str, Any] = {}
    for name in _FORCE_COUNTS:
        if name in entry:
            values[name] = v.whole(entry[name], f"table_choice.{name}", 0, 999)
    for name in _FORCE_FLAGS:
        if name in entry:
            values[name] = v.boolean(entry[name], f"table_choice.{name}")
    return Forces(**values)


def forces_json(forces: Forces) -> dict[str, Any]:
    """Only what differs from the defaults, so an empty helper is ``{}``."""
    default = Forces()
    return {name: getattr(forces, name) for name in _FORCE_COUNTS + _FORCE_FLAGS
            if getattr(forces, name) != getattr(default, name)}


def _read_dice(value: Any) -> tuple[tuple[int, int], int | None]:
    entry = v.obj(value, "dice")
    v.only_keys(entry, ("2d10", "fraction"), "dice")
    pair = v.required(entry, "2d10", "dice")
    if not isinstance(pair, list) or len(pair) != 2:
        raise BadRequest("dice.2d10", f"must be a list of the two d10 rolled, such as [7, 3], got {show(pair)}")
    faces = tuple(_face(face, f"dice.2d10[{i}]") for i, face in enumerate(pair))
    fraction = None if "fraction" not in entry else _face(entry["fraction"], "dice.fraction")
    return (faces[0], faces[1]), fraction


def _face(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise BadRequest(field, f"must be a d10 face, a whole number from 1 to 10 (a die showing 0 counts as 10), got {show(value)}")
    return value

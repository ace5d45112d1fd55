"""Coloured dice read from a request (docs/rules.md §7): a chart of one's own, and where a side's units stand.

The chart (``system.chart``) is checked field by field into a :class:`~pycore.systems.colored.chart.Chart`;
a side's ``colors`` into its :class:`~pycore.systems.colored.commit.Placement` (the chart's default, with the
unit types it names placed as it says). The system and the engine receive these records and read nothing.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import BadRequest, show
from ..rulesets import Ruleset
from ..systems.colored.chart import CHOICES, COLOR_NAME, GUIDELINES, KNOWN_UNITS, MAX_ROWS, NO_COLOUR, Chart, Row
from ..systems.colored.commit import Placement, colors_json, default_posts, post_key, unit_of
from . import fields as v


def _units(value: Any, field: str) -> tuple[str, ...]:
    out: list[str] = []
    for i, unit_id in enumerate(v.array(value, field, len(KNOWN_UNITS))):
        where = f"{field}[{i}]"
        if not isinstance(unit_id, str) or unit_id not in KNOWN_UNITS:
            raise BadRequest(where, f"unknown unit {show(unit_id)} (units: {', '.join(KNOWN_UNITS)})")
        if unit_id in out:
            raise BadRequest(where, f"{show(unit_id)} is listed twice")
        out.append(unit_id)
    return tuple(out)


def _color_name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not COLOR_NAME.fullmatch(value):
        raise BadRequest(field, "a colour's name is 1 to 20 lowercase letters a-z, digits or hyphens, "
                         f"starting with a letter (e.g. red, sky-blue), got {show(value)}")
    return value


def read_chart(value: Any, field: str) -> Chart:
    """A chart from a request, every field checked; a BadRequest naming e.g. ``system.chart[2].rolls[0]``."""
    entries = v.array(value, field, MAX_ROWS)
    if not entries:
        raise BadRequest(field, "a chart needs at least one colour")
    rows: list[Row] = []
    for i, entry in enumerate(entries):
        where = f"{field}[{i}]"
        entry = v.obj(entry, where)
        v.only_keys(entry, ("color", "rolls", "boosts", "casualties", "choice"), where)
        color = _color_name(v.required(entry, "color", where), f"{where}.color")
        if any(row.color == color for row in rows):
            raise BadRequest(f"{where}.color", f"colour {show(color)} is in the chart twice")
        rolls = _units(entry.get("rolls", []), f"{where}.rolls")
        kinds: list[tuple[str, ...]] = []
        for k, kind in enumerate(v.array(entry.get("boosts", []), f"{where}.boosts", len(KNOWN_UNITS))):
            units = _units(kind, f"{where}.boosts[{k}]")
            if not units:
                raise BadRequest(f"{where}.boosts[{k}]", "a kind of boost needs at least one unit")
            for j, unit_id in enumerate(units):
                if unit_id in rolls:
                    raise BadRequest(f"{where}.boosts[{k}][{j}]", f"{show(unit_id)} already rolls {color}: "
                                     "in one colour a unit either rolls or boosts")
                if any(unit_id in other for other in kinds):
                    raise BadRequest(f"{where}.boosts[{k}][{j}]", f"{show(unit_id)} is in two kinds of {color} boost")
            kinds.append(units)
        if not rolls and kinds:
            raise BadRequest(f"{where}.rolls", f"{color} has boosts but no unit rolls its dice")
        casualties = v.choice(entry.get("casualties", "any"), GUIDELINES, f"{where}.casualties")
        choice = v.choice(entry.get("choice", "victim"), CHOICES, f"{where}.choice")
        rows.append(Row(color, rolls, tuple(kinds), casualties, choice))
    return Chart(tuple(rows))


def read_colors(value: Any, field: str, chart: Chart, counts: Mapping[str, int], ruleset: Ruleset) -> Placement:
    """The side's commitment: the chart's default, with the unit types ``colors`` names placed as it says."""
    role = field.split(".")[0]
    for unit_id, n in counts.items():
        if n and unit_id not in NO_COLOUR and not chart.can_roll(unit_id) and not chart.can_boost(unit_id):
            name = ruleset.unit(unit_id).name
            raise BadRequest(f"{role}.units.{unit_id}", f"this chart gives {name} no colour, so it would roll no dice "
                             f"all battle: add {unit_id} to a colour's rolls or boosts (system.chart), or leave it out")
    posts = default_posts(chart, counts)
    if value is None:
        return Placement(tuple(sorted(posts.items())), None)
    colors = v.obj(value, field)
    v.only_keys(colors, chart.colors, field)
    placed: dict[str, dict[str, int]] = {}
    for color, spec in colors.items():
        where = f"{field}.{color}"
        spec = v.obj(spec, where)
        v.only_keys(spec, ("rolls", "boosts"), where)
        row = chart.row(color)
        for job in ("rolls", "boosts"):
            for unit_id, n in v.obj(spec.get(job, {}), f"{where}.{job}").items():
                at = f"{where}.{job}.{unit_id}"
                n = v.whole(n, at, 0, 2000)
                able = unit_id in row.rolls if job == "rolls" else row.boost_kind(unit_id) is not None
                if not able:
                    other = chart.can_roll(unit_id) if job == "rolls" else chart.can_boost(unit_id)
                    name = ruleset.unit(unit_id).name if ruleset.has(unit_id) else unit_id
                    verb = "roll" if job == "rolls" else "boost"
                    raise BadRequest(at, f"{name} cannot {verb} {color} in this chart"
                                     + (f" ({verb}s: {', '.join(other)})" if other else f" (it {verb}s in no colour)"))
                if n:
                    placed.setdefault(unit_id, {})[post_key(unit_id, color)] = n
    for unit_id, got in placed.items():
        have = counts.get(unit_id, 0)
        if sum(got.values()) != have:
            raise BadRequest(f"{field}", f"{sum(got.values())} {unit_id} placed in colours, the side has {have}: "
                                         f"place every one (or leave {unit_id} out to follow the chart)")
        posts = {k: n for k, n in posts.items() if unit_of(k) != unit_id}
        posts.update(got)
    placement = tuple(sorted(posts.items()))
    return Placement(placement, colors_json(chart, counts, dict(placement)))

"""Dice rolled at a real table, read from a request: one round at a time, as the system's play rolls them.

A battle fought by steps (dice, Low Luck, A&A Chess) takes a side's main group as a list of faces, or
``{group: faces}``, or ``{group: {"hits": n}}`` counted at the table (docs/rules.md §11); coloured dice
take faces by colour (docs/rules.md §7). The engine's table then checks each face against the die it
asked for, which it alone knows.
"""

from __future__ import annotations

from typing import Any

from ..engine.colored.play import MAX_FACES
from ..engine.play import GROUPS, MAX_DICE
from ..engine.setup import ROLES
from ..engine.table import TableHits
from ..errors import BadRequest, show
from . import fields as v



def read_dice(entry: Any, field: str, system: Any) -> dict[str, Any]:
    """One round of referee dice, read as the system's battle rolls them."""
    if system.by_colour:
        return read_colour_dice(entry, field, system.chart.colors)
    return read_step_dice(entry, field, system)


def read_step_dice(entry: Any, field: str, system: Any) -> dict[str, Any]:
    """One round of referee dice: a side's main group as a list, or ``{group: faces}``."""
    entry = v.obj(entry, field)
    v.only_keys(entry, ROLES, field)
    out: dict[str, Any] = {}
    for role in ROLES:
        if role not in entry:
            continue
        value = entry[role]
        sides = system.die_sides
        if isinstance(value, list):
            out[role] = _read_faces(value, f"{field}.{role}", sides)
        else:
            groups = v.obj(value, f"{field}.{role}")
            if "hits" in groups:
                raise BadRequest(f"{field}.{role}.hits", 'give the hits by group, e.g. {"main": {"hits": 2}}')
            v.only_keys(groups, GROUPS, f"{field}.{role}")
            # AA may roll a d10 (A&A Chess RYOF<6); the engine checks each face against the die it asked for.
            out[role] = {g: _read_group(entry, f"{field}.{role}.{g}", max(sides, 10 if g == "aa" else 6))
                         for g, entry in groups.items()}
    return out


def _read_group(value: Any, field: str, sides: int) -> tuple[int, ...] | TableHits:
    """A group's dice: its faces, or ``{"hits": n}`` as counted at the table (docs/rules.md §11). The engine
    checks a count against what the group's dice can score, which it alone knows."""
    if isinstance(value, dict):
        v.only_keys(value, ("hits",), field)
        return TableHits(v.whole(v.required(value, "hits", field), f"{field}.hits", 0, MAX_DICE))
    if not isinstance(value, list):
        raise BadRequest(field, f'must be the faces rolled (a list) or {{"hits": n}}, got {show(value)}')
    return _read_faces(value, field, sides)


def _read_faces(value: Any, field: str, sides: int = 6) -> tuple[int, ...]:
    faces = v.array(value, field, MAX_DICE)
    return tuple(v.whole(face, f"{field}[{i}]", 1, sides) for i, face in enumerate(faces))


def read_colour_dice(entry: Any, field: str, colors: tuple[str, ...]) -> dict[str, Any]:
    """One round of coloured dice: each side's faces by colour (never a count of hits, docs/rules.md §7)."""
    entry = v.obj(entry, field)
    v.only_keys(entry, ROLES, field)
    out: dict[str, dict[str, tuple[int, ...]]] = {}
    for role in ROLES:
        if role not in entry:
            continue
        where = f"{field}.{role}"
        if isinstance(entry[role], list):
            raise BadRequest(where, f"give the dice by colour, e.g. {{\"{colors[-1]}\": [6, 3, 2]}}")
        by_color = v.obj(entry[role], where)
        for color in by_color:
            if color not in colors:
                raise BadRequest(f"{where}.{color}", f"unknown colour (the chart's colours: {', '.join(colors)})")
        out[role] = {}
        for color, faces in by_color.items():
            at = f"{where}.{color}"
            if isinstance(faces, dict):
                raise BadRequest(at, "coloured dice are compared face against face (docs/rules.md §7): give the "
                                     "faces rolled, not a count of hits")
            faces = v.array(faces, at, MAX_FACES)
            out[role][color] = tuple(v.whole(f, f"{at}[{i}]", 1, 6) for i, f in enumerate(faces))
    return out

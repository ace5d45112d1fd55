"""Boosts: +1 on a die, assigned after the dice are seen, attacker first (seed 001).

"You assign boosts to your dice after seeing everyone's dice rolls in that
color. If both sides have a boost in a color, the attacker must assign
boosts first." "Each die can only receive each kind of boost once per round"
and "if you have extra boosts that you cannot use, those boosts are simply
wasted".

An *assignment* gives each die (in the order the dice are listed, high to
low) the kinds of boost it takes, by their index in the chart row. The
players name the boosting units instead (``["artillery", "fighter"]``);
:func:`to_units` and :func:`check` translate.

The app's proposal (decision, docs/rules.md): each side maximises its net
hits in the colour (hits scored − hits taken), then takes fewer hits; the
attacker assumes the defender answers best (minimax), the defender answers
the attacker's actual boosts. Using every boost never hurts (raising a die
raises every order statistic), so the proposal uses as many as the dice take.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import Any, Sequence

from ...errors import BadRequest, show
from .match import match

Assignment = tuple[tuple[int, ...], ...]
Kinds = tuple[tuple[tuple[str, int], ...], ...]
"""Per kind of boost in the colour: (unit, boosters alive) of a side."""


def totals(faces: Sequence[int], assignment: Assignment) -> tuple[int, ...]:
    return tuple(face + len(kinds) for face, kinds in zip(faces, assignment))


@lru_cache(maxsize=65536)
def options(faces: tuple[int, ...], counts: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], Assignment], ...]:
    """Every distinct result (sorted totals) of using every boost the dice can take, with one assignment each.

    ``faces`` high to low; ``counts[k]`` boosters of kind k. Earlier
    combinations boost the higher dice, so the first assignment found for a
    result is the one listed.
    """
    n = len(faces)
    seen: dict[tuple[int, ...], Assignment] = {}
    choices = [tuple(combinations(range(n), min(c, n))) for c in counts]
    for pick in product(*choices):
        assignment = tuple(tuple(k for k, dice in enumerate(pick) if i in dice) for i in range(n))
        result = tuple(sorted(totals(faces, assignment), reverse=True))
        seen.setdefault(result, assignment)
    return tuple(seen.items())


def _score(mine: tuple[int, ...], theirs: tuple[int, ...], role: str) -> tuple[int, int]:
    """(net hits, −hits taken) for ``role`` with these totals: what a side maximises."""
    m = match(mine, theirs) if role == "attacker" else match(theirs, mine)
    scored = m.hits(role)
    taken = m.on_attacker if role == "attacker" else m.on_defender
    return scored - taken, -taken


@lru_cache(maxsize=65536)
def respond(d_faces: tuple[int, ...], d_counts: tuple[int, ...], a_totals: tuple[int, ...]) -> Assignment:
    """The defender's best boosts against the attacker's final dice."""
    best = max(options(d_faces, d_counts), key=lambda opt: _score(opt[0], a_totals, "defender"))
    return best[1]


@lru_cache(maxsize=65536)
def propose(a_faces: tuple[int, ...], a_counts: tuple[int, ...],
            d_faces: tuple[int, ...], d_counts: tuple[int, ...]) -> Assignment:
    """The attacker's best boosts, assuming the defender then answers with :func:`respond`."""
    def value(opt: tuple[tuple[int, ...], Assignment]) -> tuple[int, int]:
        a_totals = opt[0]
        d_assign = respond(d_faces, d_counts, a_totals)
        return _score(a_totals, totals(d_faces, d_assign), "attacker")
    return max(options(a_faces, a_counts), key=value)[1]


def has_choice(faces: tuple[int, ...], counts: tuple[int, ...]) -> bool:
    return len(options(faces, counts)) > 1


def counts_of(kinds: Kinds) -> tuple[int, ...]:
    return tuple(sum(n for _, n in kind) for kind in kinds)


def to_units(assignment: Assignment, kinds: Kinds) -> list[list[str]]:
    """The boosting units per die: each kind's units in chart order, as many dice as each has units."""
    names = [[uid for uid, _ in kind] for kind in kinds]
    left = [[n for _, n in kind] for kind in kinds]
    out: list[list[str]] = []
    for die in assignment:
        units = []
        for k in die:
            slot = next(i for i, n in enumerate(left[k]) if n > 0)
            left[k][slot] -= 1
            units.append(names[k][slot])
        out.append(units)
    return out


def _listed(value: Any, field: str, most: int) -> list[Any]:
    """A list of at most ``most`` entries, in the words of every list a request holds (a player's boosts arrive
    with the battle's dice, after the reading layer, so their shape is checked here, die by die)."""
    if not isinstance(value, list):
        raise BadRequest(field, f"must be a list, got {show(value)}")
    if len(value) > most:
        raise BadRequest(field, f"must have at most {most} entries, got {len(value)}")
    return value


def check(value: Any, field: str, faces: tuple[int, ...], kinds: Kinds) -> Assignment:
    """A player's boosts (per die, the units boosting it) checked against the rules; the assignment."""
    dice = _listed(value, field, len(faces))
    if len(dice) != len(faces):
        raise BadRequest(field, f"give the boosts of each of the {len(faces)} dice {list(faces)} "
                                f"(an empty list for a die without boost), got {len(dice)}")
    used: dict[str, int] = {}
    have = {uid: n for kind in kinds for uid, n in kind}
    kind_of = {uid: k for k, kind in enumerate(kinds) for uid, _ in kind}
    assignment = []
    for i, units in enumerate(dice):
        where = f"{field}[{i}]"
        taken: list[int] = []
        for j, uid in enumerate(_listed(units, where, len(kinds))):
            if uid not in kind_of:
                raise BadRequest(f"{where}[{j}]", f"{show(uid)} does not boost these dice"
                                 + (f" (boosting here: {', '.join(have)})" if have else " (nothing boosts here)"))
            if kind_of[uid] in taken:
                raise BadRequest(f"{where}[{j}]", f"die {i + 1} ({faces[i]}) already has this kind of boost: "
                                                  "each die takes each kind once")
            taken.append(kind_of[uid])
            used[uid] = used.get(uid, 0) + 1
            if used[uid] > have[uid]:
                raise BadRequest(f"{where}[{j}]", f"only {have[uid]} {uid} boost here, "
                                                  f"this assignment uses {used[uid]}")
        assignment.append(tuple(sorted(taken)))
    return tuple(assignment)

"""A ``resolve`` request read once into a :class:`Request`: the battle, where its dice come from (a seed,
table dice, a beacon, a commitment), the decisions taken (retreats, casualty choices, submerging,
boosts), the conditions declared up front, and the exports' options. docs/api.md, ``resolve``.

What a request may carry depends on how its system fights (the engine's steps, or coloured dice's
colours): the system's *play* (:func:`pycore.engine.play.play_of`) declares its extra fields, its
decision lists and its steps, and this module reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Mapping

from ..engine.play import play_named
from ..engine.sequence import MAX_ROUNDS
from ..engine.setup import ROLES, BattleSetup
from ..engine.table import Decisions, TableHits
from ..errors import BadRequest, show
from ..fair.origin import Origin
from ..rulesets import find_ruleset
from . import fields as v
from .battle import read_setup, setup_json
from .dice import read_dice
from .fair import read_origin
from .systems import read_system

_PAGE = re.compile(r"https?://[^\s#\[\]()<>\"]+")
"""The page's own address as ``report.page`` gives it: http(s), no fragment, nothing a post would break on."""

FIELDS = ("op", "ruleset", "system", "kind", "attacker", "defender", "lhtr", "sub_rule", "seed", "dice", "beacon", "commit",
          "rounds", "choices", "casualties", "choose_casualties", "retreat_at_units", "report")
"""Fields of every battle request; a play adds its own (``submerge``; coloured dice's ``boosts``)."""


@dataclass(frozen=True, slots=True)
class Request:
    """A ``resolve`` request as read once: the battle, where its dice come from, the decisions, how it is told."""

    canonical: dict[str, Any]      # what a link holds
    setup: BattleSetup
    origin: Origin
    seed: str | None
    table_dice: tuple[Mapping[str, Any], ...] | None
    rounds: int | None
    decisions: Decisions
    committed: Mapping[str, Any]   # what a commitment binds: the setup and the conditions declared up front
    report: Mapping[str, Any]      # the exports' options (``report``): never part of the battle


def _choice(item: Mapping[str, Any], where: str, step_key: str, steps: tuple[str, ...]) -> tuple[int, str, str]:
    """The (round, step, side) a decision is for."""
    return (v.whole(v.required(item, "round", where), f"{where}.round", 1, MAX_ROUNDS),
            v.choice(v.required(item, step_key, where), steps, f"{where}.{step_key}"),
            v.choice(v.required(item, "side", where), ROLES, f"{where}.side"))


def read_decisions(request: Mapping[str, Any], play: Any, system: Any) -> Decisions:
    """Retreats, casualty choices and what the play adds (submerging, or coloured dice's boosts)."""
    choices = tuple(v.choice(c, ("press", "retreat"), f"choices[{i}]")
                    for i, c in enumerate(v.array(request.get("choices", []), "choices", MAX_ROUNDS)))
    if "retreat" in choices[:-1]:
        at = choices.index("retreat")
        raise BadRequest(f"choices[{at + 1}]", f"the attacker already retreated after round {at + 1}")
    steps, key_name = play.steps(system), play.step_key
    casualties: dict[tuple[int, str, str], tuple[dict[str, int], dict[str, int], str]] = {}
    for i, item in enumerate(v.array(request.get("casualties", []), "casualties",
                                     play.most_casualty_choices(system))):
        where = f"casualties[{i}]"
        item = v.obj(item, where)
        v.only_keys(item, ("round", key_name, "side", "lost", "damaged"), where)
        key = _choice(item, where, key_name, steps)
        if key in casualties:
            raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]}'s casualties are chosen twice")
        maps = []
        for name in ("lost", "damaged"):
            given = v.obj(item.get(name, {}), f"{where}.{name}")
            maps.append({str(u): v.whole(n, f"{where}.{name}.{u}", 0, 2000) for u, n in given.items()})
        casualties[key] = (maps[0], maps[1], where)
    submerge = set()
    if "submerge" in play.decision_lists:
        for i, item in enumerate(v.array(request.get("submerge", []), "submerge", 2 * MAX_ROUNDS)):
            where = f"submerge[{i}]"
            item = v.obj(item, where)
            v.only_keys(item, ("round", "side"), where)
            submerge.add((v.whole(v.required(item, "round", where), f"{where}.round", 1, MAX_ROUNDS),
                          v.choice(v.required(item, "side", where), ROLES, f"{where}.side")))
    boosts: dict[tuple[int, str, str], tuple[Any, str]] = {}
    if "boosts" in play.decision_lists:
        for i, item in enumerate(v.array(request.get("boosts", []), "boosts", len(steps) * 2 * MAX_ROUNDS)):
            where = f"boosts[{i}]"
            item = v.obj(item, where)
            v.only_keys(item, ("round", key_name, "side", "dice"), where)
            key = _choice(item, where, key_name, steps)
            if key in boosts:
                raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]}'s boosts are given twice")
            boosts[key] = (v.array(v.required(item, "dice", where), f"{where}.dice", play.most_dice_per_step),
                           f"{where}.dice")
    asks = {name: v.boolean(request.get(name, False), name) for name in play.asks}
    return Decisions(choices, casualties, frozenset(submerge), boosts, **asks)


def read_resolve(request: Mapping[str, Any]) -> Request:
    """The battle a ``resolve`` request describes, every field checked, or a BadRequest naming the field."""
    play = play_named(request.get("system"))
    v.only_keys(request, FIELDS + play.fields, "")
    ruleset = find_ruleset(v.required(request, "ruleset", ""))
    system = read_system(v.required(request, "system", ""))
    setup = read_setup(request, ruleset, system)
    play.check_setup(setup)
    canonical = setup_json("resolve", setup)
    table_dice = None

    def read_table(value: Any) -> list[Any]:
        nonlocal table_dice
        table_dice = tuple(read_dice(entry, f"dice[{i}]", system)
                           for i, entry in enumerate(v.array(value, "dice", MAX_ROUNDS)))
        return [{role: (list(entry[role]) if isinstance(entry[role], tuple)
                        else {g: (f.to_json() if isinstance(f, TableHits) else list(f)) for g, f in entry[role].items()})
                 for role in ROLES if role in entry} for entry in table_dice]

    retreat_at = _retreat_at_units(request, setup)
    committed = {**canonical, **({"retreat_at_units": retreat_at} if retreat_at is not None else {})}
    origin = read_origin(request, committed, read_table)
    seed = origin.seed
    rounds = v.whole(request["rounds"], "rounds", 1, MAX_ROUNDS) if "rounds" in request else None
    decisions = replace(read_decisions(request, play, system), retreat_at_units=retreat_at)

    canonical.update(origin.canonical)
    if rounds is not None:
        canonical["rounds"] = rounds
    if retreat_at is not None:
        canonical["retreat_at_units"] = retreat_at
    for key in play.decision_lists:
        if request.get(key):
            canonical[key] = request[key]
    for key in play.asks:
        if getattr(decisions, key):
            canonical[key] = True
    report = read_report_options(request.get("report", {}))
    return Request(canonical, setup, origin, seed, table_dice, rounds, decisions, committed, report)


def _retreat_at_units(request: Mapping[str, Any], setup: BattleSetup) -> int | None:
    """``retreat_at_units``, a condition declared up front (docs/links.md "Fair dice, round by round"): after a
    round that leaves the attacker this many units or fewer, he retreats unless he chose otherwise for that round.
    The calculator's rule of the same name (docs/rules.md §9), refused where it is."""
    if "retreat_at_units" not in request:
        return None
    at = v.whole(request["retreat_at_units"], "retreat_at_units", 0, 10_000)
    if setup.kind == "amphibious":
        raise BadRequest("retreat_at_units", "land units that came from the sea cannot retreat; leave it out")
    if setup.system.rolls_final:
        raise BadRequest("retreat_at_units", f"{setup.system.name} COF+R rolls its leftovers in the battle's last "
                                             "assault, which must be known before it is fought; leave it out")
    return at


def read_report_options(value: Any, field: str = "report") -> dict[str, Any]:
    """``report``: ``page`` (the page's address, so exports link back) and ``beacon_verified`` (the page checked it).

    Neither is part of the battle: they change the words of the exports, never
    the dice, and a link does not carry them.
    """
    value = v.obj(value, field)
    v.only_keys(value, ("page", "beacon_verified"), field)
    out: dict[str, Any] = {}
    if "page" in value:
        page = value["page"]
        if not isinstance(page, str) or len(page) > 2000 or not _PAGE.fullmatch(page):
            raise BadRequest(f"{field}.page", "must be the page's http(s) address without its fragment, "
                             f"got {show(page, 40)}")
        out["page"] = page
    if "beacon_verified" in value:
        out["beacon_verified"] = v.boolean(value["beacon_verified"], f"{field}.beacon_verified")
    return out

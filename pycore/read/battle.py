"""A battle read from a request: its kind, its two sides, their orders of loss, technology and cargo.

The reading half of :mod:`pycore.engine.setup`: every field checked here, once, each mistake refused
with a message naming the field, so the engine receives a :class:`~pycore.engine.setup.BattleSetup` it
never has to check. Its canonical form (:func:`setup_json`, what a link holds) is written here too, so a
request and its link are read and written by one module.

Decisions (docs/rules.md): an attacker's AA gun never attacks; in an
amphibious assault every attacking land unit came from the sea and cannot
retreat (air units may); cargo (land units aboard transports, allied fighters
aboard carriers) takes no part and is lost with the ships that carry it,
two units per ship, and a transport's two land units are one infantry plus one other (seed 002).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.setup import CARGO_PER_SHIP, CARRIED_FREELY, KINDS, ROLES, SUB_RULES, TECHS, BattleSetup, SideSetup
from ..errors import BadRequest, show
from ..forces import MAX_PER_SIDE, MAX_PER_UNIT, Force, full_order
from ..rulesets import Ruleset, count_words
from ..systems import LuckSystem, spec_of
from . import fields as v
from .colors import read_colors

ROCKETS_IN_NO_BATTLE = ("Rockets change no battle: an AA gun's rocket strikes an enemy factory at the end of "
                        "the combat move (the TripleA rule book), outside any battle; leave \"rockets\" out (docs/rules.md §5)")
"""Decision (docs/rules.md §5): Rockets are researched, never a battle's tech; the message says why."""

def allowed(ruleset: Ruleset, kind: str, role: str, unit_id: str) -> str | None:
    """None when the unit may fight here; otherwise why not, in words."""
    unit = ruleset.unit(unit_id)
    if "anti_aircraft" in unit.abilities:
        if role == "attacker":
            return "an AA gun does not attack"
        if kind == "sea":
            return "an AA gun does not fight at sea"
        return None
    if kind == "land" and unit.domain == "sea":
        return f"a {unit.name} cannot fight in a land battle (choose sea or amphibious)"
    if kind == "sea" and unit.domain == "land":
        return f"a {unit.name} cannot fight at sea (put it in cargo, aboard a transport)"
    if kind == "amphibious" and unit.domain == "sea":
        if role == "attacker" and "bombard" in unit.abilities:
            return None
        if role == "attacker":
            return f"in an amphibious assault only ships that bombard ({', '.join(ruleset.rules.bombard_units)}) come along"
        return f"a {unit.name} cannot defend a land territory"
    return None


def _listed(counts: Mapping[str, int], ruleset: Ruleset) -> str:
    """"2 tanks and 1 artillery": the units of a message, by the ruleset's order."""
    names = [count_words(n, ruleset.unit(u).name)
             for u, n in sorted(counts.items(), key=lambda item: ruleset.index(item[0]))]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]



def _counts(value: Any, field: str, ruleset: Ruleset) -> dict[str, int]:
    units = v.obj(value, field)
    counts: dict[str, int] = {}
    for unit_id, count in units.items():
        if not ruleset.has(unit_id):
            known = ", ".join(u.id for u in ruleset)
            raise BadRequest(f"{field}.{unit_id}", f"unknown unit {show(unit_id)} in ruleset {ruleset.id} (units: {known})")
        # A plain count passes at once; anything else is judged (and refused, by name) as v.whole judges it.
        counts[unit_id] = count if type(count) is int and 0 <= count <= MAX_PER_UNIT else \
            v.whole(count, f"{field}.{unit_id}", 0, MAX_PER_UNIT)
    return counts


SIDE_FIELDS = frozenset(("units", "order_of_loss", "tech", "cargo", "fold_subs", "colors", "air_over_aa"))
"""A side's fields (docs/api.md): any other is refused by name."""


def read_side(value: Any, role: str, ruleset: Ruleset, system: LuckSystem, kind: str) -> SideSetup:
    """Read one side of a battle request, naming the field of any mistake."""
    side = v.obj(value, role)
    v.only_keys(side, SIDE_FIELDS, role)
    counts = _counts(v.required(side, "units", role), f"{role}.units", ruleset)
    for unit_id, n in counts.items():
        why = allowed(ruleset, kind, role, unit_id) if n else None
        if why:
            raise BadRequest(f"{role}.units.{unit_id}", why)
    total = sum(counts.values())
    if total > MAX_PER_SIDE:
        raise BadRequest(f"{role}.units", f"at most {MAX_PER_SIDE} units a side, got {total}")
    bombard: dict[str, int] = {}
    fighting = counts           # read, never changed: only an amphibious attack sets ships apart to bombard
    if kind == "amphibious":
        bombard = {u: n for u, n in counts.items() if ruleset.unit(u).domain == "sea"}
        fighting = {u: n for u, n in counts.items() if u not in bombard}
    if not any(fighting.values()):
        extra = " (ships only bombard; at least one land or air unit must attack)" if any(bombard.values()) else ""
        raise BadRequest(f"{role}.units", f"the {role} needs at least one unit{extra}")

    order, custom = _order(side, role, ruleset)
    tech = _tech(side, role)
    cargo = _cargo(side, role, ruleset, kind, counts)

    fold = 0
    if "fold_subs" in side:
        subs = sum(n for u, n in fighting.items() if "submarine" in ruleset.unit(u).abilities)
        if role != "attacker":
            raise BadRequest(f"{role}.fold_subs", "only the attacker may fold submarines into the main attack")
        if not system.folds_subs:
            raise BadRequest(f"{role}.fold_subs", "folding submarines into the main group is a Low Luck rule (the Low Luck A&A rules, §5b)")
        fold = v.whole(side["fold_subs"], f"{role}.fold_subs", 0, subs)

    # Coloured dice: units committed to colours for the battle (docs/rules.md §7).
    colors = None
    if system.commits_units:
        colors = read_colors(side.get("colors"), f"{role}.colors", system.chart, fighting, ruleset)
    elif "colors" in side:
        raise BadRequest(f"{role}.colors", "units are placed in colours only under coloured dice (system colored)")

    air_over_aa = None
    if "air_over_aa" in side:
        if role != "attacker":
            raise BadRequest(f"{role}.air_over_aa", "only the attacker's aircraft fly over AA")
        if not system.aa_per_move:
            raise BadRequest(f"{role}.air_over_aa", "counting the aircraft of a whole move over AA is an "
                                                    "A&A Chess rule")
        air_over_aa = v.whole(side["air_over_aa"], f"{role}.air_over_aa", 0, 9999)

    return SideSetup(Force.of(ruleset, fighting), full_order(ruleset, order, role), custom, frozenset(tech),
                     Force.of(ruleset, cargo), Force.of(ruleset, bombard), fold, colors=colors,
                     air_over_aa=air_over_aa)



def _order(side: Mapping[str, Any], role: str, ruleset: Ruleset) -> tuple[list[str], bool]:
    """A side's own order of loss (``order_of_loss``), and whether it gave one."""
    order: list[str] = []
    custom = "order_of_loss" in side
    if custom:
        entries = v.array(side["order_of_loss"], f"{role}.order_of_loss", len(ruleset.units))
        for i, unit_id in enumerate(entries):
            if not isinstance(unit_id, str) or not ruleset.has(unit_id):
                raise BadRequest(f"{role}.order_of_loss[{i}]", f"unknown unit {show(unit_id)} in ruleset {ruleset.id}")
            if unit_id in order:
                raise BadRequest(f"{role}.order_of_loss[{i}]", f"{show(unit_id)} is listed twice")
            order.append(unit_id)
    return order, custom


def _tech(side: Mapping[str, Any], role: str) -> list[str]:
    """A side's technologies (``tech``), each once; rockets are no battle's."""
    tech: list[str] = []
    for i, name in enumerate(v.array(side.get("tech", []), f"{role}.tech", len(TECHS))):
        if name == "rockets":
            raise BadRequest(f"{role}.tech[{i}]", ROCKETS_IN_NO_BATTLE)
        name = v.choice(name, TECHS, f"{role}.tech[{i}]")
        if name in tech:
            raise BadRequest(f"{role}.tech[{i}]", f"{show(name)} is listed twice")
        tech.append(name)
    return tech


def _cargo(side: Mapping[str, Any], role: str, ruleset: Ruleset, kind: str, counts: dict[str, Any]) -> dict[str, Any]:
    """What a side's ships carry into a sea battle (``cargo``), within their room (docs/rules.md §2)."""
    if "cargo" not in side:
        return {}
    cargo = _counts(side["cargo"], f"{role}.cargo", ruleset)
    if any(cargo.values()):
        if kind != "sea":
            raise BadRequest(f"{role}.cargo", "cargo is carried only in a sea battle")
        for unit_id, n in cargo.items():
            unit = ruleset.unit(unit_id)
            if n and unit.domain == "sea":
                raise BadRequest(f"{role}.cargo.{unit_id}", f"a {unit.name} cannot be carried")
        land = sum(n for u, n in cargo.items() if ruleset.unit(u).domain == "land")
        air = sum(n for u, n in cargo.items() if ruleset.unit(u).domain == "air")
        ships = {"transport": sum(n for u, n in counts.items() if "transport" in ruleset.unit(u).abilities),
                 "carrier": sum(n for u, n in counts.items() if "carrier" in ruleset.unit(u).abilities)}
        if land > CARGO_PER_SHIP * ships["transport"]:
            raise BadRequest(f"{role}.cargo", f"{land} land units need {(land + 1) // 2} transports, "
                                              f"the {role} has {ships['transport']}")
        others = {u: n for u, n in cargo.items() if n and ruleset.unit(u).domain == "land" and u != CARRIED_FREELY}
        if sum(others.values()) > ships["transport"]:
            # Seed 002, "Transport": "1 infantry unit plus 1 more land unit of any kind" (docs/rules.md §2).
            unit_id = max(others, key=lambda u: (others[u], u))
            raise BadRequest(f"{role}.cargo.{unit_id}",
                             f"a transport carries one infantry plus one other land unit, so "
                             f"{_listed(others, ruleset)} need {sum(others.values())} transports, "
                             f"the {role} has {ships['transport']}")
        if air > CARGO_PER_SHIP * ships["carrier"]:
            raise BadRequest(f"{role}.cargo", f"{air} aircraft aboard need {(air + 1) // 2} carriers, "
                                              f"the {role} has {ships['carrier']}")
    return cargo


def side_json(side: SideSetup) -> dict[str, Any]:
    """The canonical form of a side (what a link holds): only what differs from the defaults."""
    out: dict[str, Any] = {"units": {**side.units.as_dict(), **side.bombard.as_dict()}}
    if side.custom_order:
        out["order_of_loss"] = list(side.order_of_loss)
    if side.tech:
        out["tech"] = [t for t in TECHS if t in side.tech]
    if side.cargo:
        out["cargo"] = side.cargo.as_dict()
    if side.fold_subs:
        out["fold_subs"] = side.fold_subs
    if side.colors is not None and side.colors.override:
        out["colors"] = side.colors.override
    if side.air_over_aa is not None:
        out["air_over_aa"] = side.air_over_aa
    return out


def setup_json(op: str, setup: "BattleSetup") -> dict[str, Any]:
    """The canonical head of a battle request (``resolve`` or ``calc``): what a link holds of the battle itself."""
    canonical: dict[str, Any] = {"op": op, "ruleset": setup.ruleset.id, "system": spec_of(setup.system)}
    if setup.kind != "land":
        canonical["kind"] = setup.kind
    for role in ROLES:
        canonical[role] = side_json(setup.side(role))
    if setup.lhtr:
        canonical["lhtr"] = True
    if setup.sub_rule != "subs_first":
        canonical["sub_rule"] = setup.sub_rule
    return canonical


def read_setup(request: Mapping[str, Any], ruleset: Ruleset, system: LuckSystem) -> BattleSetup:
    kind = v.choice(request.get("kind", "land"), KINDS, "kind")
    sides = {role: read_side(v.required(request, role, ""), role, ruleset, system, kind) for role in ROLES}
    lhtr = v.boolean(request.get("lhtr", False), "lhtr")
    sub_rule = read_sub_rule(request.get("sub_rule", "subs_first"), ruleset, system)
    return BattleSetup(ruleset, system, kind, sides["attacker"], sides["defender"], lhtr, sub_rule)



def read_sub_rule(value: Any, ruleset: Ruleset, system: LuckSystem) -> str:
    """``sub_rule``: "printed" only where the printed rule books differ from seed 002, under dice or Low Luck."""
    rule = v.choice(value, SUB_RULES, "sub_rule")
    if rule == "printed":
        if not ruleset.rules.printed_sub_step:
            why = {"classic": "Classic has no destroyers, so subs always strike first",
                   "revised": "Revised's printed rule is the default: subs always fire in their own step, "
                              "a destroyer only lets their casualties fire back",
                   "big-world-1942": "Big World follows the TripleA rule book, the default"}
            raise BadRequest("sub_rule", why.get(ruleset.id, f"{ruleset.id} has no printed sub rule of its own")
                             + " (\"printed\" is for anniversary, 1942-2e and 1940-2e)")
        if not system.printed_sub_rule:
            raise BadRequest("sub_rule", f"the printed sub rule applies to dice and Low Luck (biased dice too), "
                                         f"not {system.id} (which has its own sub rules)")
    return rule

"""Op ``rulesets``: the built-in rulesets, the luck systems, and which units each kind of battle takes."""

from __future__ import annotations

from typing import Any, Mapping

from ..jsontext import JsonObject
from ..read import fields as v
from ..engine.setup import KINDS, ROLES, TECH_NAMES, TECHS
from ..read.battle import allowed
from ..forces import default_order_of_loss
from ..rulesets import RULESETS
from ..systems import LuckSystem, all_systems


CAPABILITIES = ("by_colour", "commits_units", "folds_subs", "printed_sub_rule", "aa_per_move", "deterministic",
                "carries", "rolls_final", "die_sides")
"""What the page asks of a luck system (docs/api.md, ``rulesets``): what it declares (``LuckSystem``), so the page
branches on what a system does, never on which system it is."""


def capabilities(system: LuckSystem) -> JsonObject:
    """The system's declared capabilities, and whether the calculator works it by its own method."""
    return {**{name: getattr(system, name) for name in CAPABILITIES}, "own_calculator": system.calculator is not None}


def run(request: Mapping[str, Any]) -> JsonObject:
    v.only_keys(request, ("op",), "")
    return {
        "rulesets": [{**r.to_json(),
                      "order_of_loss": {role: list(default_order_of_loss(r, role)) for role in ROLES},
                      "battle_units": {kind: {role: [u.id for u in r if allowed(r, kind, role, u.id) is None]
                                              for role in ROLES} for kind in KINDS}}
                     for r in RULESETS],
        "systems": [{"id": s.id, "name": s.name, "summary": s.summary, "capabilities": capabilities(s),
                     **({"variants": [{**v, "capabilities": capabilities(s.configure(variant=v["id"]))}
                                      for v in s.variants]} if s.variants else {}),
                     **({"chart": s.chart.to_json()} if s.chart is not None else {})}
                    for s in all_systems()],
        "kinds": list(KINDS),
        "tech": [{"id": t, "name": TECH_NAMES[t]} for t in TECHS],
        "battle_units": ["infantry", "artillery", "mech_infantry", "tank", "fighter", "tactical_bomber", "bomber"],
    }

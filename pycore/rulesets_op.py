"""Op ``rulesets``: the built-in rulesets, the luck systems, and which units a battle takes."""

from __future__ import annotations

from typing import Any, Mapping

from . import validate as v
from .battle import BATTLE_UNITS
from .forces import default_order_of_loss
from .rulesets import RULESETS
from .systems import all_systems


def run(request: Mapping[str, Any]) -> dict:
    v.only_keys(request, ("op",), "")
    return {
        "rulesets": [{**r.to_json(), "order_of_loss": {role: list(default_order_of_loss(r, role))
                                                       for role in ("attacker", "defender")}}
                     for r in RULESETS],
        "systems": [{"id": s.id, "name": s.name, "summary": s.summary} for s in all_systems()],
        "battle_units": list(BATTLE_UNITS),
    }

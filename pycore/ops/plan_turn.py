"""Op ``plan_turn``: one pool of units split over several battles for the greatest expected swing (docs/api.md).

Read by :mod:`pycore.read.turn`, searched by :mod:`pycore.calc.turn` (every army of every battle worked
exactly, every split compared), written here: per battle the units sent, the chance the territory is taken
(as attacker) or held (as defender), the expected swing; the units left home; the total; with a budget, the
money spent; with ``report``, the forum post (:mod:`.report_turn`).
"""

from __future__ import annotations

import time
from typing import Any, Mapping

from ..jsontext import JsonObject
from ..forces import Force
from ..calc.turn import Front, Outcome, Turn, check, estimate, search
from ..read.resolve import read_report_options
from ..read.turn import read_turn
from ..share import link_for
from . import report_turn
from .report import layout


def normalize(request: Mapping[str, Any]) -> JsonObject:
    """The canonical request, as a link holds it."""
    return read_turn(request).canonical



def _assignment(turn: Turn, front: Front, army: Force, got: Outcome) -> JsonObject:
    out: JsonObject = {"battle": front.name, "units": army.as_dict(), "swing": float(got.swing),
                           "territory_value": front.value}
    if turn.side == "attacker":
        out["takes"] = float(got.takes) if army else 0.0
    else:
        out["holds"] = float(1 - got.takes)
    if front.target is not None:
        out["target"] = front.target
    if turn.exact:
        out["exact_swing"] = str(got.swing)
    return out


def run(request: Mapping[str, Any]) -> JsonObject:
    turn = read_turn(request)
    options = read_report_options(request["report"]) if "report" in request else None
    guess = estimate(turn)
    if turn.estimate:
        return {"estimate": guess.as_json(), "link": link_for(turn.canonical)}
    check(turn, guess)
    began = time.perf_counter()
    got = search(turn)
    seconds = time.perf_counter() - began
    result: JsonObject = {"side": turn.side, "goal": turn.goal, "armies": got["armies"],
                              "method": "exact", "link": link_for(turn.canonical)}
    if got["choices"] is None:
        result.update({"swing": None, "assignments": None, "home": turn.pool.as_dict(),
                       "words": "No split of these units reaches every battle's target chance."})
    else:
        sent: dict[str, int] = {}
        result["assignments"] = []
        for front, (army, outcome) in zip(turn.fronts, got["choices"]):
            result["assignments"].append(_assignment(turn, front, army, outcome))
            for uid, n in army.counts:
                sent[uid] = sent.get(uid, 0) + n
        result["swing"] = float(got["swing"])
        if turn.exact:
            result["exact_swing"] = str(got["swing"])
        result["home"] = {uid: n - sent.get(uid, 0) for uid, n in turn.pool.counts if n - sent.get(uid, 0)}
        if turn.budget is not None:
            ruleset = turn.fronts[0].setup.ruleset
            result["spent"] = ruleset.ipcs(sent.items())
    if turn.timing:
        result["timing"] = {"seconds": seconds}
    if options is not None:
        words = report_turn.lines(result, turn.canonical, turn.fronts[0].setup)
        result["report"] = layout(words, options.get("page"), report_turn.LINK_WORDS, report_turn.LINK_LABEL)
    return result

"""A planned turn as a forum post, in the page's words (:func:`pycore.ops.report.layout` lays it out).

A post stands on its own, as a battle's does: a reader who never opens the link sees the game, the units
planned with (and the money, with a budget), each territory with its enemy, what goes there, the chance and
the average swing, what stays home, the total and how it was worked, then the turn's link. The territory names
are what the player typed: they go in as typed parts, which each format escapes (never markup).

The chance and its word are the Turn panel's (web/odds/turn-state.js ``chanceText``, ``likelyWords``), so the
post says what the page showed; ``tests/core/test_report_turn.py`` holds both to the same table.

Not for: the plan itself (:mod:`pycore.calc.turn`), the layout of the three formats (:mod:`.report`).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.setup import BattleSetup
from .journal_words import signed
from .report_words import Line, Part, names_of, units

LINK_WORDS = "Open this turn on Luckdial"
LINK_LABEL = "Turn"


def _parts(*parts: str | Part) -> tuple[Part, ...]:
    return tuple(p if isinstance(p, tuple) else (p, False) for p in parts)


def chance_text(p: float) -> str:
    """A chance as a whole percent, never "0 %" or "100 %" unless it is so (turn-state.js ``chanceText``)."""
    if not p > 0:
        return "0 %"
    if p >= 1:
        return "100 %"
    if p < 0.01:
        return "under 1 %"
    if p > 0.99:
        return "over 99 %"
    return f"{int(100 * p + 0.5)} %"


def likely_words(p: float) -> str:
    """How likely, in a word or two (turn-state.js ``likelyWords``)."""
    if not p > 0:
        return "no chance"
    for bound, words in ((0.995, "almost sure"), (0.8, "likely"), (0.6, "more likely than not")):
        if p >= bound:
            return words
    return "a coin flip" if p > 0.4 else "unlikely" if p > 0.2 else "a long shot"


def _ipcs(x: float) -> str:
    return f"{signed(x)} IPCs"


def _battle(assignment: Mapping[str, Any], spec: Mapping[str, Any], side: str, names: Mapping[str, str]) -> Line:
    """"Karelia (2 infantry; worth 3 IPCs): send 3 infantry, 1 tank — 92 % to take it (likely); average swing +2.1 IPCs"."""
    enemy = "defender" if side == "attacker" else "attacker"
    about = [units(spec[enemy]["units"], names)]
    if side == "defender":
        about = [f"attacked by {about[0]}"]
        if spec.get("defender"):
            about.append(f"yours there: {units(spec['defender']['units'], names)}")
    if assignment.get("territory_value"):
        about.append(f"worth {assignment['territory_value']} IPCs")
    sent = any(assignment["units"].values())
    holding = side == "defender"
    p = assignment["holds"] if holding else assignment["takes"]
    goal = "to hold it" if holding else "to win" if spec.get("kind") == "sea" else "to take it"
    if holding:
        move = f"place {units(assignment['units'], names)}" if sent else "place nothing"
    else:
        move = f"send {units(assignment['units'], names)}" if sent else "leave it alone"
    chance = f"{chance_text(p)} {goal} ({likely_words(p)})" if sent or holding else "no attack"
    target = f", at least {chance_text(assignment['target'])} asked" if assignment.get("target") is not None else ""
    return Line("line", _parts((assignment["battle"], True), f" ({'; '.join(about)}): {move} — {chance}{target}; "
                                                             f"average swing {_ipcs(assignment['swing'])}."))


def _home(result: Mapping[str, Any], request: Mapping[str, Any], names: Mapping[str, str]) -> list[Line]:
    left = units(result.get("home"), names, "")
    if "budget" in request:
        said = f"Not bought: {left}." if left else "Not bought: nothing — every unit is used."
        out = [Line("line", _parts(said))]
        if result.get("spent") is not None:
            out.append(Line("line", _parts(f"Spends {result['spent']} of the {request['budget']} IPCs.")))
        return out
    if result["side"] == "defender":
        return [Line("line", _parts(f"Keep back: {left}." if left else "Keep back: nothing — every unit is placed."))]
    return [Line("line", _parts(f"Stay home: {left}." if left else "Stay home: nothing — every unit is sent."))]


def lines(result: Mapping[str, Any], request: Mapping[str, Any], setup: BattleSetup) -> list[Line]:
    """Every line of the post: ``request`` the canonical plan_turn request, ``setup`` a battle's (its ruleset and
    system name the game)."""
    names = {u.id: u.name for u in setup.ruleset}
    side = result["side"]
    battles = request["battles"]
    count = "1 territory" if len(battles) == 1 else f"{len(battles)} territories"
    doing = "defending" if side == "defender" else "attacking"
    out = [Line("title", _parts(f"Luckdial turn — {names_of(setup)}: {doing} {count}"))]
    pool = units(request["available"], names)
    if "budget" in request:
        out.append(Line("head", _parts("Units to buy:", f" {pool}, at most {request['budget']} IPCs in all")))
    else:
        out.append(Line("head", _parts("Units:", f" {pool}")))
    out.append(Line("round", _parts("The plan")))
    if result["assignments"] is None:
        out.append(Line("line", _parts(result["words"])))
    else:
        out.extend(_battle(a, spec, side, names) for a, spec in zip(result["assignments"], battles))
    out.extend(_home(result, request, names))
    if result["swing"] is not None:
        out.append(Line("end", _parts(f"In all: {_ipcs(result['swing'])} on average.")))
    swing = ("Swing: what the enemy loses, minus what you lose, minus a territory's value when it falls"
             if side == "defender" else
             "Swing: what the enemy loses, plus a territory's value when you take it, minus what you lose")
    out.append(Line("source", _parts(f"{swing}, in IPCs. Every split of {result['armies']} armies worked out "
                                     "exactly.")))
    out.append(Line("link", _parts(result["link"])))
    return out

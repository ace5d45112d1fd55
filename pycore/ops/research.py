"""The ``research`` op: replay a nation's research ledger step by step, JSON in, JSON out.

A request holds the whole ledger (every round's deposit, attempt and die), so
the result is a pure function of it: the page keeps requests, a share link
holds one, and a reload or a link recomputes the same history. Dice come from
the players (``roll`` / ``rolls`` in a step) or, with a request ``seed``, from
``pycore.dice`` under the context ``research/step<n>`` — so undoing a step
and entering it again gives the same die, and a link shows the same dice.

Two systems: ``lowluck`` (LL Tech, seed 000 §6b: rules in ``lltech``) and
``dice`` (tech dice, seed 002: rules in ``techdice``). The contract is in
``docs/research.md``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ..jsontext import JsonObject
from .. import dice
from ..research import lltech
from ..research import techdice
from ..read import fields as v
from ..errors import BadRequest, RuleError, show

SYSTEMS = ("lowluck", "dice")
MAX_STEPS = 300
MAX_DICE = 60  # per turn: 300 IPC of tech dice is far beyond any real game

_COMMON = ("op", "system", "steps", "seed", "label", "start")
_KEYS = {"lowluck": _COMMON + ("category",), "dice": _COMMON + ("keep_tokens", "low_luck")}


def _seed(request: Mapping[str, Any]) -> str | None:
    if "seed" not in request:
        return None
    return v.text(request["seed"], "seed", 1, 200)


def _techs(value: Any, field: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    items = v.array(value, field, len(allowed))
    techs: list[str] = []
    for index, item in enumerate(items):
        tech = v.choice(item, allowed, f"{field}[{index}]")
        if tech in techs:
            raise BadRequest(f"{field}[{index}]", f"{show(tech)} is listed twice")
        techs.append(tech)
    return tuple(techs)


def _normalize_lowluck(request: Mapping[str, Any]) -> JsonObject:
    category_id = v.choice(v.required(request, "category", ""), tuple(lltech.CATEGORIES), "category")
    category = lltech.CATEGORIES[category_id]
    out: JsonObject = {"op": "research", "system": "lowluck", "category": category_id}
    if "start" in request:
        start = v.obj(request["start"], "start")
        v.only_keys(start, ("saved", "techs"), "start")
        norm_start: JsonObject = {}
        if "saved" in start:
            norm_start["saved"] = v.whole(start["saved"], "start.saved", 0, 10_000)
        if "techs" in start:
            norm_start["techs"] = list(_techs(start["techs"], "start.techs", category.techs))
        out["start"] = norm_start
    steps = []
    for index, raw in enumerate(v.array(v.required(request, "steps", ""), "steps", MAX_STEPS)):
        field = f"steps[{index}]"
        step = v.obj(raw, field)
        v.only_keys(step, ("invest", "attempt", "roll"), field)
        norm: JsonObject = {"invest": v.whole(v.required(step, "invest", field), f"{field}.invest",
                                                  0, category.maximum)}
        attempt = v.boolean(step.get("attempt", False), f"{field}.attempt")
        if attempt:
            norm["attempt"] = True
        if "roll" in step:
            if not attempt:
                raise BadRequest(f"{field}.roll", f"a roll ({show(step['roll'])}) is only for a break-through "
                                 "attempt: add \"attempt\": true or drop the roll")
            norm["roll"] = v.whole(step["roll"], f"{field}.roll", 1, 6)
        steps.append(norm)
    out["steps"] = steps
    return out


def _normalize_dice(request: Mapping[str, Any]) -> JsonObject:
    out: JsonObject = {"op": "research", "system": "dice",
                           "keep_tokens": v.boolean(request.get("keep_tokens", False), "keep_tokens"),
                           "low_luck": v.boolean(request.get("low_luck", False), "low_luck")}
    all_techs = tuple(techdice.TECHS)
    if "start" in request:
        start = v.obj(request["start"], "start")
        v.only_keys(start, ("tokens", "techs"), "start")
        norm_start: JsonObject = {}
        if "tokens" in start:
            norm_start["tokens"] = v.whole(start["tokens"], "start.tokens", 0, MAX_DICE)
            if norm_start["tokens"] and not out["keep_tokens"]:
                raise BadRequest("start.tokens", f"tokens ({norm_start['tokens']}) are kept only with "
                                 "\"keep_tokens\": true")
        if "techs" in start:
            norm_start["techs"] = list(_techs(start["techs"], "start.techs", all_techs))
        out["start"] = norm_start
    steps = []
    for index, raw in enumerate(v.array(v.required(request, "steps", ""), "steps", MAX_STEPS)):
        field = f"steps[{index}]"
        step = v.obj(raw, field)
        v.only_keys(step, ("dice", "tech", "rolls"), field)
        norm: JsonObject = {"dice": v.whole(v.required(step, "dice", field), f"{field}.dice", 0, MAX_DICE)}
        if "tech" in step:
            norm["tech"] = v.choice(step["tech"], all_techs, f"{field}.tech")
        if "rolls" in step:
            rolls = v.array(step["rolls"], f"{field}.rolls", 2 * MAX_DICE)
            norm["rolls"] = [v.whole(value, f"{field}.rolls[{i}]", 1, 6) for i, value in enumerate(rolls)]
        steps.append(norm)
    out["steps"] = steps
    return out


def normalize(request: Mapping[str, Any]) -> JsonObject:
    """The validated canonical request (with ``"op"``): for ``run`` and for share links."""
    request = v.obj(request, "")
    system = v.choice(v.required(request, "system", ""), SYSTEMS, "system")
    v.only_keys(request, _KEYS[system], "")
    out = _normalize_lowluck(request) if system == "lowluck" else _normalize_dice(request)
    seed = _seed(request)
    if seed is not None:
        out["seed"] = seed
    if "label" in request:
        out["label"] = v.text(request["label"], "label", 1, 60)
    return out


def _exact(p: Fraction) -> JsonObject:
    return {"p": float(p), "exact": f"{p.numerator}/{p.denominator}"}


def _name(tech: str) -> str:
    return lltech.TECH_NAMES.get(tech) or techdice.TECHS[tech]


def _lowluck_text(entry: lltech.Entry, category: lltech.Category) -> str:
    """The history line players read, in the seed's own words where it has them."""
    if entry.invest < category.minimum and not entry.lapsed:
        text = "No research this round."
    elif entry.invest < category.minimum:
        text = (f"Invested {entry.invest}, below the minimum of {category.minimum}: "
                f"the project lapses, {entry.lapsed} lost.")
    else:
        text = f"Invested {entry.invest}: {entry.saved_after_invest} saved."
    attempt = entry.attempt
    if attempt:
        text += f" Break-through at {attempt.column}, rolled {attempt.roll}: {_name(attempt.table_result)}"
        if attempt.gained != attempt.table_result:
            text += f", owned already, so {_name(attempt.gained)}"
        text += "."
        if attempt.ended:
            text += " The project has ended; the savings are used up."
        else:
            text += f" {attempt.cost} subtracted, {entry.saved} left."
    return text


def _run_lowluck(request: JsonObject, seed: str | None) -> JsonObject:
    category = lltech.CATEGORIES[request["category"]]
    start = request.get("start", {})
    ledger = lltech.Ledger(category, saved=start.get("saved", 0), techs=tuple(start.get("techs", ())))
    entries = []
    for index, step in enumerate(request["steps"]):
        number = index + 1
        field = f"steps[{index}]"
        roll, rolled_by = None, "players"
        if step.get("attempt"):
            if "roll" in step:
                roll = step["roll"]
            elif seed is not None:
                roll, rolled_by = dice.roll(seed, f"research/step{number}", 6, 1)[0], "app"
            else:
                raise BadRequest(f"{field}.roll", "is required for a break-through attempt when the request "
                                 "has no seed (give the die you rolled, or a seed and the app rolls)")
        try:
            ledger, entry = ledger.step(number, step["invest"], roll, rolled_by)
        except RuleError as error:
            raise BadRequest(f"{field}.{error.field}", f"round {number}: {error.message}") from None
        attempt = entry.attempt
        entries.append({
            "step": number, "invest": entry.invest, "saved_before": entry.saved_before,
            "saved_after_invest": entry.saved_after_invest, "lapsed": entry.lapsed,
            "attempt": None if attempt is None else {
                "column": attempt.column, "roll": attempt.roll, "rolled_by": attempt.rolled_by,
                "table_result": attempt.table_result, "gained": attempt.gained,
                "upgraded": attempt.gained != attempt.table_result,
                "cost": attempt.cost, "ended": attempt.ended},
            "saved": entry.saved, "text": _lowluck_text(entry, category)})
    column = ledger.column()
    return {
        "system": "lowluck", "category": category.id,
        "rules": {"name": category.name, "minimum": category.minimum, "maximum": category.maximum,
                  "cost": category.cost, "thresholds": list(category.thresholds), "techs": list(category.techs),
                  "tables": {str(threshold): list(results) for threshold, results in category.columns}},
        "ledger": {"saved": ledger.saved, "spent": ledger.spent, "lost": ledger.lost,
                   "techs": list(ledger.techs), "complete": ledger.complete, "steps": entries},
        "next": {"can_attempt": column is not None and not ledger.complete, "column": column,
                 "to_first_threshold": max(0, category.thresholds[0] - ledger.saved),
                 "chances": {tech: _exact(p) for tech, p in ledger.chances().items()}},
    }


def _dice_text(turn: techdice.Turn, low_luck: bool) -> str:
    if not turn.held:
        return "No research this turn."
    assert turn.tech is not None  # dice held are always for a named technology (techdice.TechDice.step)
    text = f"Bought {turn.bought} {'die' if turn.bought == 1 else 'dice'} ({turn.cost})"
    if turn.held != turn.bought:
        text += f", {turn.held} held with tokens"
    text += f", for {_name(turn.tech)}."
    if low_luck:
        text += f" Low Luck: {turn.sure} sure"
        text += f", remainder die at {turn.at} rolled {turn.rolls[0]}." if turn.rolls else "."
    else:
        text += f" Rolled {', '.join(map(str, turn.rolls))}."
    if turn.discovered:
        text += f" {_name(turn.discovered)} discovered!"
    else:
        text += " No discovery."
        if turn.tokens:
            text += f" {turn.tokens} {'token' if turn.tokens == 1 else 'tokens'} kept."
    return text


def _run_dice(request: JsonObject, seed: str | None) -> JsonObject:
    start = request.get("start", {})
    state = techdice.TechDice(keep_tokens=request["keep_tokens"], low_luck=request["low_luck"],
                              tokens=start.get("tokens", 0), techs=tuple(start.get("techs", ())))
    entries = []
    for index, step in enumerate(request["steps"]):
        number = index + 1
        field = f"steps[{index}]"
        count = state.rolls_needed(step["dice"])
        if "rolls" in step:
            rolls, rolled_by = tuple(step["rolls"]), "players"
        elif count == 0:
            rolls, rolled_by = (), None
        elif seed is not None:
            rolls, rolled_by = dice.roll(seed, f"research/step{number}", 6, count), "app"
        else:
            raise BadRequest(f"{field}.rolls", f"is required: {count} die value{'s' if count != 1 else ''} "
                             "(or give the request a seed and the app rolls)")
        try:
            state, turn = state.step(number, step["dice"], step.get("tech"), rolls, rolled_by)
        except RuleError as error:
            raise BadRequest(f"{field}.{error.field}", f"turn {number}: {error.message}") from None
        entries.append({
            "step": number, "bought": turn.bought, "cost": turn.cost, "tech": turn.tech, "held": turn.held,
            "sure": turn.sure, "at": turn.at, "rolls": list(turn.rolls), "rolled_by": turn.rolled_by,
            "discoveries": turn.sixes, "discovered": turn.discovered, "tokens": turn.tokens,
            "text": _dice_text(turn, state.low_luck)})
    return {
        "system": "dice", "keep_tokens": state.keep_tokens, "low_luck": state.low_luck,
        "rules": {"die_cost": techdice.DIE_COST, "techs": list(techdice.TECHS)},
        "ledger": {"tokens": state.tokens, "spent": state.spent, "techs": list(state.techs), "steps": entries},
    }


def run(request: Mapping[str, Any]) -> JsonObject:
    """Op ``research``: the ledger after every step, the odds of the next attempt, and a share link."""
    from ..share import link_for

    normalized = normalize(request)
    seed = normalized.get("seed")
    if normalized["system"] == "lowluck":
        result = _run_lowluck(normalized, seed)
    else:
        result = _run_dice(normalized, seed)
    if "label" in normalized:
        result["label"] = normalized["label"]
    if seed is not None:
        result["seed"] = seed
    result["link"] = link_for(normalized)
    return result

"""Op ``journal``: the luck of a game — battles with their ``result.luck``, summed per side (docs/api.md).

The request is what a link holds (``normalize``): each battle's sides, an optional label, and its luck reduced
to what the sums read (its swing, its law, whether the law is exact, the rounds it covers). The derived figures
a ``resolve`` gives (expected swing, spread, percentile) are checked against the law when given, then worked
again from it, so a journal cannot say more than its laws do.
"""

from __future__ import annotations

from math import fsum
import re
from typing import Any, Mapping

from ..jsontext import JsonObject
from ..read import fields as v
from ..engine.sequence import MAX_ROUNDS
from ..errors import BadRequest, show
from ..luck import game
from . import journal_words as words
from .report import layout
from ..read.resolve import read_report_options
from ..calc.cost import TooBig
from ..luck.law import TooMuchWork, mean_sd, percentile
from ..share import MAX_LINK_CHARS, link_for

FIELDS = ("op", "battles", "report")
MAX_BATTLES = 200
MAX_LAW_VALUES = 5000
MAX_SWING = 1_000_000
SIDE_CHARS, LABEL_CHARS = 40, 80
LUCK_KEYS = ("swing", "expected_swing", "sd", "luck", "percentile", "law", "exact", "rounds", "fought", "method",
             "pruned", "samples", "method_reason")
"""The keys of ``resolve``'s ``result.luck``: a journal takes the object as it is."""
_SPACES = re.compile(r"\s+")
_WHOLE = re.compile(r"-?(0|[1-9][0-9]*)")
TOLERANCE = 1e-6


def clean(value: Any, field: str, most: int) -> str:
    """A side or a label as typed: runs of white space (new lines too) become one space, the ends trimmed; no
    control character; 1 to ``most`` characters after that."""
    if not isinstance(value, str):
        raise BadRequest(field, f"must be text, got {show(value)}")
    text = _SPACES.sub(" ", value).strip()
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text):
        raise BadRequest(field, f"must not hold control characters, got {show(value)}")
    if not 1 <= len(text) <= most:
        raise BadRequest(field, f"must be 1 to {most} characters long (spaces trimmed), got {show(value)}")
    return text


def _law(value: Any, field: str) -> dict[int, float]:
    value = v.obj(value, field)
    if not 1 <= len(value) <= MAX_LAW_VALUES:
        raise BadRequest(field, f"must hold 1 to {MAX_LAW_VALUES} swings, got {len(value)}")
    law = {}
    for s, p in value.items():
        if not _WHOLE.fullmatch(s) or abs(int(s)) > MAX_SWING:
            raise BadRequest(f"{field}.{s}", f"a swing must be a whole number of IPCs written as text (\"-3\"), "
                                             f"got {show(s)}")
        law[int(s)] = float(v.number(p, f"{field}.{s}", 0, 1))
    mass = fsum(law.values())
    if abs(mass - 1) > TOLERANCE:
        raise BadRequest(field, f"its probabilities must sum to 1, got {mass:.9g}")
    return {s: p for s, p in sorted(law.items()) if p > 0}


def _agrees(given: Any, worked: float, field: str, what: str) -> None:
    v.number(given, field, -1e9, 1e9)
    if abs(given - worked) > TOLERANCE * max(1.0, abs(worked)):
        raise BadRequest(field, f"does not match this battle's law: its {what} is {worked:.6g}, got {show(given)}")


def _luck(value: Any, field: str) -> JsonObject:
    """A battle's luck as ``resolve`` gave it, checked; its canonical form (what a link holds)."""
    if value is None:
        raise BadRequest(field, "this battle has no luck (null: its system rolls no dice, or its law was not worked); "
                                "leave it out of the journal")
    value = v.obj(value, field)
    v.only_keys(value, LUCK_KEYS, field)
    swing = v.whole(v.required(value, "swing", field), f"{field}.swing", -MAX_SWING, MAX_SWING)
    law = _law(v.required(value, "law", field), f"{field}.law")
    exact = v.boolean(value.get("exact", True), f"{field}.exact")
    expected, sd = mean_sd(law)
    for name, worked, what in (("expected_swing", expected, "mean"), ("sd", sd, "standard deviation"),
                               ("luck", swing - expected, "swing − mean"),
                               ("percentile", percentile(law, swing), "percentile")):
        if name in value:
            _agrees(value[name], worked, f"{field}.{name}", what)
    canonical: JsonObject = {"swing": swing, "law": {str(s): float(f"{p:.12g}") for s, p in law.items()}}
    if not exact:
        canonical["exact"] = False
    for name in ("rounds", "fought"):
        if value.get(name) is not None:
            canonical[name] = v.whole(value[name], f"{field}.{name}", 0, MAX_ROUNDS)
    for name in ("method", "method_reason"):
        if name in value and value[name] is not None:
            v.text(value[name], f"{field}.{name}", 1, 400)
    for name in ("pruned",):
        if name in value:
            v.number(value[name], f"{field}.{name}", 0, 1)
    if "samples" in value and value["samples"] is not None:
        v.whole(value["samples"], f"{field}.samples", 1, 10_000_000)
    return canonical


def parse(request: Mapping[str, Any]) -> tuple[JsonObject, list[game.Battle]]:
    v.only_keys(request, FIELDS, "")
    items = v.array(v.required(request, "battles", ""), "battles", MAX_BATTLES)
    canonical, battles = [], []
    for i, item in enumerate(items):
        where = f"battles[{i}]"
        item = v.obj(item, where)
        v.only_keys(item, ("attacker", "defender", "luck", "label"), where)
        attacker = clean(v.required(item, "attacker", where), f"{where}.attacker", SIDE_CHARS)
        defender = clean(v.required(item, "defender", where), f"{where}.defender", SIDE_CHARS)
        if game.key(attacker) == game.key(defender):
            raise BadRequest(f"{where}.defender", f"the attacker and the defender are the same side, {show(defender)}")
        luck = _luck(v.required(item, "luck", where), f"{where}.luck")
        entry = {"attacker": attacker, "defender": defender, "luck": luck}
        label = None
        if item.get("label") is not None:
            label = entry["label"] = clean(item["label"], f"{where}.label", LABEL_CHARS)
        canonical.append(entry)
        battles.append(game.Battle(attacker, defender, luck["swing"],
                                   {int(s): p for s, p in luck["law"].items()}, luck.get("exact", True), label))
    return {"op": "journal", "battles": canonical}, battles


def normalize(request: Mapping[str, Any]) -> JsonObject:
    """The canonical journal, as a link holds it."""
    return parse(request)[0]


def run(request: Mapping[str, Any]) -> JsonObject:
    canonical, battles = parse(request)
    options = read_report_options(request.get("report", {}))
    link = link_for(canonical)
    result: JsonObject = {
        "battles": [{"attacker": b.attacker, "defender": b.defender, **({"label": b.label} if b.label else {}),
                     "luck": game.battle_luck(b)} for b in battles],
        "sides": _sides(battles),
        "pruned_bound": game.PRUNED_BOUND,
    }
    if len(link) <= MAX_LINK_CHARS:
        result["link"] = link
    else:
        result["link"] = None
        result["link_reason"] = (f"the journal is too long for a link ({len(link):,} characters, at most "
                                 f"{MAX_LINK_CHARS:,}): share it in parts")
    result["report"] = layout(words.lines(result), options.get("page"), words.LINK_WORDS, "Journal")
    return result


def _sides(battles: list[game.Battle]) -> list[JsonObject]:
    try:
        return game.sides(battles)
    except TooMuchWork:
        raise TooBig("battles", f"this journal's exact sums would multiply more than {game.WORK_BUDGET:,} pairs of "
                                "probabilities: split the game in parts") from None

"""Op ``wif``: the World in Flames option 67 land combat, predicted exactly and, on request, rolled.

Request and result are documented in docs/wif.md. Always answers with the odds
modifier, the exact distribution of table results (keyed by the cell text as
printed in seed 004) and the handy sums; with a ``seed`` (the app's HMAC dice)
or ``dice`` (the players' own) it also reads one roll and says what it means.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ..jsontext import JsonObject
from .. import dice as dice_source
from ..read import fields as v
from ..errors import BadRequest
from ..share import link_for
from ..wif import modifiers as m
from ..wif.choice import Forces, choose
from ..wif.distribution import Distribution, Modifier, Outcome, Roll, distribute, read
from ..wif.odds import LEVELS, LOWEST, odds
from ..read.wif import Setup, json_number, parse
from ..wif.table import ROWS, Table, column

OVERRUN_MODIFIER = 16
"""Seed 004: "Overruns require a +16 modifier (including the Blitz attack modifier) during movement"."""


def normalize(request: Mapping[str, Any]) -> JsonObject:
    """The validated canonical request, as a share link stores it (``pycore.share`` calls this)."""
    setup = parse(request)
    return setup.canonical(_table(setup))


def run(request: Mapping[str, Any]) -> JsonObject:
    """Answer a ``wif`` request; see docs/wif.md."""
    if "catalogue" in request:
        v.only_keys(request, ("op", "catalogue"), "")
        if v.boolean(request["catalogue"], "catalogue"):
            return {"catalogue": catalogue()}
    setup = parse(request)
    table = _table(setup)
    canonical = setup.canonical(table)
    the_odds = odds(setup.attack, setup.defense, setup.fractional_odds)
    counted = _counted(setup.modifiers, table)
    totals = m.total(counted, setup.attack_halved)
    modifier = Modifier.split(the_odds.modifier + totals.value, setup.fractional_odds)
    reasons = m.extra_loss_reasons(setup.modifiers)
    extra_loss = bool(reasons) if setup.extra_loss is None else setup.extra_loss
    dist = distribute(column(table), modifier)
    exact = setup.exact

    result: JsonObject = {
        "table": table.value,
        "table_choice": choose(setup.forces or Forces()).to_json(),
        "odds": {
            "attack": json_number(setup.attack),
            "defense": json_number(setup.defense),
            "text": the_odds.text,
            "ratio": float(the_odds.ratio),
            "level": the_odds.level,
            "fractional": setup.fractional_odds,
            "linear": the_odds.level is None,
        },
        "odds_modifier": json_number(the_odds.modifier),
        "modifiers": _lines_json(setup, totals, table),
        "city": {"total": json_number(totals.city_raw), "counted": json_number(totals.city_value),
                 "capped": totals.city_capped},
        "modifiers_total": json_number(totals.value),
        "total_modifier": json_number(modifier.exact),
        "fraction_roll": _fraction_json(modifier, setup.fractional_odds),
        "extra_loss": {
            "applies": extra_loss,
            "reasons": list(reasons),
            "decided_by": "modifiers" if setup.extra_loss is None else "request",
        },
        "distribution": {o.cell.text: float(dist.probability(o.weight)) for o in dist.outcomes},
        "outcomes": [_outcome_json(dist, o, extra_loss, exact) for o in dist.outcomes],
        "rows": {row: float(dist.probability(w)) for row, w in dist.rows},
        "summary": {k: float(p) for k, p in dist.summary(extra_loss).items()},
        "losses": {side: {str(n): float(p) for n, p in by.items()}
                   for side, by in dist.losses(extra_loss).items()},
        "tables": {t.value: {k: float(p) for k, p in _distribution_for(setup, t, the_odds.modifier)
                             .summary(extra_loss).items()} for t in Table},
        "overrun_possible": modifier.exact >= OVERRUN_MODIFIER,
    }
    if exact:
        result["exact_distribution"] = {o.cell.text: _fraction_text(dist.probability(o.weight)) for o in dist.outcomes}
        result["exact_summary"] = {k: _fraction_text(p) for k, p in dist.summary(extra_loss).items()}
    roll = _roll(setup, dist)
    if roll is not None:
        result["roll"] = _roll_json(roll, setup, table, extra_loss)
        result["roll"]["luck"] = _luck(dist, roll)
    result["link"] = link_for(canonical)
    return result


def catalogue() -> JsonObject:
    """Everything the screen lists: modifiers (seed order), odds levels, both tables decoded."""
    return {
        "modifiers": [kind.to_json() for kind in m.KINDS],
        "weathers": ["fine", *m.WEATHERS],
        "odds_levels": [{"level": LOWEST[0], "modifier": LOWEST[1]}]
        + [{"level": label if at < 10 else "≥10:1", "modifier": mod} for label, at, mod in LEVELS],
        "tables": {t.value: [{"row": row, "cell": cell.text, "effects": cell.to_json(), "text": cell.describe()}
                             for row, cell in zip(ROWS, column(t).cells)] for t in Table},
    }


def _table(setup: Setup) -> Table:
    """The table asked for, else the helper's suggestion (docs/rules.md §8: Assault when nobody chooses)."""
    if setup.table is not None:
        return setup.table
    return choose(setup.forces or Forces()).suggested


def _counted(modifiers: tuple[m.Modifier, ...], table: Table) -> tuple[m.Modifier, ...]:
    """The modifiers that count on this table: the blitz bonus counts on the Blitz table only (seed 004)."""
    return tuple(mod for mod in modifiers if mod.kind.needs_table in (None, table.value))


def _distribution_for(setup: Setup, table: Table, odds_modifier: Fraction) -> Distribution:
    totals = m.total(_counted(setup.modifiers, table), setup.attack_halved)
    return distribute(column(table), Modifier.split(odds_modifier + totals.value, setup.fractional_odds))


def _lines_json(setup: Setup, totals: m.Total, table: Table) -> list[JsonObject]:
    counted = {id(line.modifier): line for line in totals.lines}
    out = []
    for modifier in setup.modifiers:
        kind = modifier.kind
        entry: JsonObject = {"id": kind.id, "label": modifier.label or kind.label}
        if kind.per_unit:
            entry["count"] = modifier.count
        line = counted.get(id(modifier))
        if line is None:
            assert kind.needs_table is not None  # every modifier without a table of its own is counted (_counted)
            entry.update(value=json_number(modifier.raw_value()), counted=0,
                         note=f"counts on the {kind.needs_table.capitalize()} table only, not on {table.title}")
        else:
            entry.update(value=json_number(line.raw), counted=json_number(line.value))
            if line.halved:
                entry["note"] = "halved: the attacking units' combat factors are halved"
            elif kind.group == m.CITY and totals.city_capped:
                entry["note"] = "city modifiers total at most 0"
        out.append(entry)
    return out


def _fraction_json(modifier: Modifier, fractional: bool) -> JsonObject:
    if not modifier.needs_fraction_roll:
        note = ("not needed: the modifier is whole" if fractional or modifier.exact == modifier.low
                else f"not used without fractional odds: {_signed(modifier.exact)} is rounded down to {_signed(modifier.low)}")
        return {"needed": False, "note": note}
    return {
        "needed": True,
        "tenths": modifier.tenths,
        "low": modifier.low,
        "high": modifier.low + 1,
        "p_high": modifier.tenths / 10,
        "note": f"roll a d10: {modifier.tenths} or less makes the modifier {_signed(modifier.low + 1)}, "
                f"otherwise {_signed(modifier.low)}",
    }


def _outcome_json(dist: Distribution, outcome: Outcome, extra_loss: bool, exact: bool) -> JsonObject:
    p = dist.probability(outcome.weight)
    entry: JsonObject = {
        "cell": outcome.cell.text,
        "rows": list(outcome.rows),
        "probability": float(p),
        "effects": outcome.cell.to_json(),
        "attacker_losses": outcome.cell.attacker_loss_count(extra_loss),
        "text": outcome.cell.describe(extra_loss),
    }
    if exact:
        entry["exact"] = _fraction_text(p)
    return entry


def _roll(setup: Setup, dist: Distribution) -> Roll | None:
    """The app's dice (HMAC, contexts "wif/2d10" and "wif/fraction") or the players' own."""
    modifier = dist.modifier
    if setup.seed is not None:
        a, b = dice_source.roll(setup.seed, "wif/2d10", 10, 2)
        fraction = dice_source.roll(setup.seed, "wif/fraction", 10, 1)[0] if modifier.needs_fraction_roll else None
        return read(dist.column, modifier, (a, b), fraction)
    if setup.dice is None:
        return None
    pair, fraction = setup.dice
    if modifier.needs_fraction_roll and fraction is None:
        raise BadRequest("dice.fraction", f"is required: the modifier {_signed(modifier.exact)} has tenths, "
                                          "so roll one more d10 for them")
    if not modifier.needs_fraction_roll and fraction is not None:
        raise BadRequest("dice.fraction", f"no fractional roll is needed (the modifier {_signed(modifier.exact)} "
                                          f"is used as {_signed(modifier.low)}), got {fraction}")
    return read(dist.column, modifier, pair, fraction)


def _roll_json(roll: Roll, setup: Setup, table: Table, extra_loss: bool) -> JsonObject:
    a, b = roll.dice
    words = [f"Dice {a} + {b} = {a + b}."]
    if roll.fraction_die is not None:
        up = roll.applied_modifier > roll.modifier.low
        words.append(f"Fractional d10: {roll.fraction_die}, {'at or under' if up else 'over'} "
                     f"{roll.modifier.tenths}, so the {_signed(roll.modifier.exact)} modifier counts as "
                     f"{_signed(roll.applied_modifier)}.")
    else:
        words.append(f"Modifier {_signed(roll.applied_modifier)}.")
    clamp = ""
    if roll.row == "-1" and roll.total < -1:
        clamp = " (below −1 reads −1)"
    elif roll.row == "23+" and roll.total > 23:
        clamp = " (above 23 reads 23+)"
    words.append(f"Total {roll.total}{clamp}: row {roll.row} of the {table.title} table, {roll.cell.text}.")
    how = " ".join(words)
    return {
        "source": "seed" if setup.seed is not None else "dice",
        "dice": [a, b],
        "fraction": roll.fraction_die,
        "modifier": roll.applied_modifier,
        "total": roll.total,
        "row": roll.row,
        "cell": roll.cell.text,
        "effects": roll.cell.to_json(),
        "attacker_losses": roll.cell.attacker_loss_count(extra_loss),
        "defender_losses": roll.cell.defender_losses,
        "meaning": roll.cell.describe(extra_loss),
        "attacker": roll.cell.attacker_words(extra_loss),
        "defender": roll.cell.defender_words(),
        "how": how,
        "text": f"{how} {roll.cell.describe(extra_loss)}",
    }


def _luck(dist: Distribution, roll: Roll) -> JsonObject:
    """The rolled cell's percentile from the attacker's view (docs/wif.md "Luck", docs/rules.md §14): cells in
    table order — by the first row each is printed on, a higher row better for the attacker — the cell rolled a
    tie, split: P(a cell before it) + ½·P(its cell)."""
    rank = {row: i for i, row in enumerate(ROWS)}
    mine = next(o for o in dist.outcomes if o.cell.text == roll.cell.text)
    first = min(rank[r] for r in mine.rows)
    below = sum(o.weight for o in dist.outcomes if o is not mine and min(rank[r] for r in o.rows) < first)
    p = dist.probability(below) + dist.probability(mine.weight) / 2
    return {"percentile": float(p), "exact_percentile": _fraction_text(p), "cell_probability": float(dist.probability(mine.weight))}


def _fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _signed(value: Fraction | int) -> str:
    value = Fraction(value)
    number = json_number(value)
    return f"+{number}" if value > 0 else (f"−{-number}" if value < 0 else "0")

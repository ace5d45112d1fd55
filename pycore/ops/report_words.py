"""What a forum post of a battle says, line by line, in the page's own words (:mod:`pycore.ops.report` lays it out).

Each line is a list of *parts*, ``(words, typed)``: ``typed`` marks what a
player typed (a seed), which each format escapes its own way. Unit counts are
written as players say them ("2 tanks", "1 AA gun", "3 infantry"); every die
shows the value it needed ("≤ 3: 2✓ 5✗"); a Low Luck or A&A Chess group its
power, its sure hits and what its remainder did. The end is the one the page
shows: won and taken, won with only aircraft left (not taken), held, retreated.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..engine.setup import BattleSetup
from ..rulesets import count_words

Part = tuple[str, bool]

STEP_WORDS = {"aa": "AA fire", "bombard": "Shore bombardment", "subs": "Submarine strike", "main": "Main fire"}
KIND_WORDS = {"land": "Land", "sea": "Sea", "amphibious": "Amphibious"}
DICE_KEY = "A die hits on the value it needed or less: ✓ hit, ✗ miss."


@dataclass(frozen=True, slots=True)
class Line:
    style: str                 # "title", "head", "source", "round", "line", "end", "luck", "link"
    parts: tuple[Part, ...]


def _line(style: str, *parts: str | Part) -> Line:
    return Line(style, tuple(p if isinstance(p, tuple) else (p, False) for p in parts))


# -- units ----------------------------------------------------------------------------------------------------



def units(counts: Mapping[str, int] | None, names: Mapping[str, str], none: str = "nothing") -> str:
    """"3 infantry, 2 tanks, 1 fighter" in the ruleset's order; ``none`` when empty."""
    counts = counts or {}
    order = [uid for uid in names if counts.get(uid)] + [uid for uid in counts if uid not in names and counts[uid]]
    return ", ".join(count_words(counts[uid], names.get(uid, uid)) for uid in order) or none


def _hits(n: int) -> str:
    return f"{n} hit" if n == 1 else f"{n} hits"


# -- the end ----------------------------------------------------------------------------------------------------

def outcome_words(result: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """The end of a battle as the page says it (web/battle/log.js ``outcomeText``), with who is left when
    ``names`` are given."""
    sea = result.get("kind", "land") == "sea"
    outcome = result["outcome"]
    left = result.get("survivors", {})
    with_: Callable[[str], str] = (lambda role: f" with {units(left.get(role), names)}") if names is not None else (lambda role: "")
    if outcome == "attacker_wins":
        if sea:
            return f"The attacker wins the sea zone{with_('attacker')}"
        if result.get("takes_territory"):
            return f"The attacker wins and takes the territory{with_('attacker')}"
        only = f" ({units(left.get('attacker'), names)})" if names is not None else ""
        return f"The attacker wins, but only aircraft are left{only}: the territory is not taken"
    if outcome == "defender_wins":
        return (f"The defender wins and keeps the sea zone{with_('defender')}" if sea
                else f"The defender wins and holds the territory{with_('defender')}")
    if outcome == "draw":
        return "Both sides are destroyed" + ("" if sea else ": nobody takes the territory")
    if outcome == "retreat":
        return f"The attacker retreats; the defender {'keeps the sea zone' if sea else 'holds the territory'}" + \
            (f" with {units(left.get('defender'), names)}" if names is not None else "")
    if outcome == "stalemate":
        return "Neither side can hit the other: the battle stops"
    return "The battle goes on"


def summary(result: Mapping[str, Any], setup: BattleSetup | None) -> str:
    """One line in the page's words: "1942 Second Edition · Low Luck · Land: The attacker wins and takes …"."""
    names = names_of(setup) if setup is not None else \
        f"{result['ruleset']}, {result['system']['name']}, {result.get('kind', 'land')}"
    return f"{names}: {outcome_words(result)}."


def names_of(setup: BattleSetup) -> str:
    """"1942 Second Edition · A&A Chess Orthodox · Land": the ruleset, the system with its variant, the kind."""
    system = setup.system.name
    variant = getattr(setup.system, "variant", None)
    if variant:
        from ..systems.chess import VARIANT_NAMES
        system += f" {VARIANT_NAMES.get(variant, variant)}"
    return f"{setup.ruleset.name} · {system} · {KIND_WORDS.get(setup.kind, setup.kind)}"


# -- a firing group ---------------------------------------------------------------------------------------------

def _die(d: Mapping[str, Any]) -> str:
    best = f" (best of {d['best_of'][0]} and {d['best_of'][1]})" if "best_of" in d else ""
    return f"{d['value']}{'✓' if d['hit'] else '✗'}{best}"


def _dice(dice: list[Mapping[str, Any]]) -> str:
    """The dice by the value they needed, in the order they were rolled (the order the page's log and the
    table's pad use): "≤ 3: 2✓ 6✗; ≤ 1: 4✗ 1✓"."""
    by_at: dict[int, list[str]] = {}
    for d in dice:
        by_at.setdefault(d["at"], []).append(_die(d))
    return "; ".join(f"≤ {at}: {' '.join(faces)}" for at, faces in by_at.items())


def _dice_word(count: int, sides: int) -> str:
    """"1 die", "5 dice", "3 d10s" (biased dice roll a d10)."""
    one, many = ("die", "dice") if sides == 6 else (f"d{sides}", f"d{sides}s")
    return f"{count} {one if count == 1 else many}"


def _counted(counted: Mapping[str, Any]) -> str:
    """Table dice whose hits the players counted (docs/rules.md §11): how many, and the value each needed —
    "5 dice rolled at the table, each needing ≤ 2", "6 dice …: 3 needing ≤ 1, 3 needing ≤ 3"; hits counted."""
    n = counted["dice"]
    at: Sequence[int] = counted.get("at") or ()
    by_at: dict[int, int] = {}
    for value in at:
        by_at[value] = by_at.get(value, 0) + 1
    thrown = f"{_dice_word(n, counted.get('sides', 6))} rolled at the table"
    if len(by_at) == 1:
        thrown += f", {'each ' if n > 1 else ''}needing ≤ {at[0]}"
    elif by_at:
        thrown += ": " + ", ".join(f"{k} needing ≤ {value}" for value, k in by_at.items())
    return f"{thrown}; hits counted"


def _remainder(fire: Mapping[str, Any]) -> str:
    """What a Low Luck or A&A Chess remainder did, after the sure hits."""
    rest, dice, counted = fire["remainder"], fire["dice"], fire.get("counted")
    if dice:
        d = dice[0]
        on = f" on a d{d['sides']}" if d.get("sides", 6) != 6 else ""
        return f"remainder {rest} rolled {d['value']}{on}, needed ≤ {d['at']}: {'hit' if d['hit'] else 'miss'}"
    if counted and counted["dice"]:
        at = counted.get("at") or ()
        needed = f", needed ≤ {at[0]}" if at else ""
        return f"remainder {rest} rolled at the table{needed}: {'hit' if counted['hits'] else 'miss'}"
    if not rest:
        return "no remainder"
    if fire.get("passed"):
        return f"remainder {rest} joins the main attack"
    if fire.get("remainder_hit"):
        return f"remainder {rest} scores a hit"
    if fire.get("carry_out") is not None:
        return f"remainder {rest}"
    return f"remainder {rest} ignored"


def carry_words(fire: Mapping[str, Any]) -> str:
    """A&A Chess: what a group hands on — "; carried 4", "; deficit −2" into the next assault."""
    carry = fire.get("carry_out")
    if not carry:
        return ""
    return f"; carried {carry} into the next assault" if carry > 0 else f"; deficit −{-carry} into the next assault"


def fire_words(fire: Mapping[str, Any], names: Mapping[str, str], pooled: bool) -> str:
    """One firing group: who, its dice (each with the value it needed) or its power, and its hits.

    ``pooled``: the system adds the group's values into one power (Low Luck, A&A Chess).
    """
    who = f"{fire['side']}'s {units(fire.get('units'), names)}"
    if fire["group"] == "air":
        who += " (cannot hit subs)"
    if not pooled:
        dice, counted = fire["dice"], fire.get("counted")
        if counted:
            body = _counted(counted)
        elif dice:
            body = f"{_dice_word(len(dice), dice[0].get('sides', 6))} — {_dice(dice)}"
        else:
            body = "no dice"
        return f"{who}: {body} → {_hits(fire['hits'])}"
    power = f"power {fire['power']}"
    if fire.get("joined"):
        power += f" + {fire['joined']} from the subs"
    if fire.get("carry_in"):
        power += f" {'+' if fire['carry_in'] > 0 else '−'} {abs(fire['carry_in'])} carried"
    if fire.get("joined") or fire.get("carry_in"):
        power += f" = {fire['total']}"
    sure = fire["sure_hits"] - (1 if fire.get("remainder_hit") else 0)
    body = f"{power} → {sure} sure {'hit' if sure == 1 else 'hits'}, {_remainder(fire)}{carry_words(fire)}"
    return f"{who}: {body} → {_hits(fire['hits'])}"


# -- the post ----------------------------------------------------------------------------------------------------

def _casualties(loss: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
    if not loss["lost"] and not loss["damaged"]:
        return None
    side = loss["side"].capitalize()
    parts = []
    if loss["lost"]:
        text = f"{side} loses {units(loss['lost'], names)}"
        if loss.get("removed") == "at once":
            text += " at once (no return fire)"
        parts.append(text)
    if loss["damaged"]:
        parts.append(f"{side}'s {units(loss['damaged'], names)} {'is' if sum(loss['damaged'].values()) == 1 else 'are'} "
                     "damaged" if not loss["lost"] else f"damaged: {units(loss['damaged'], names)}")
    return "; ".join(parts) + (" (chosen)" if loss.get("chosen") else "")


def _round_lines(r: Mapping[str, Any], names: Mapping[str, str], pooled: bool, draws: Mapping[tuple[int, str, str], str],
                 last: bool, outcome: str) -> list[Line]:
    out = [_line("round", f"Round {r['round']}" + ("" if r.get("complete", True) else " (waiting)"))]
    for step in r.get("steps", []):
        if "say" in step:  # a system that words its own step (coloured dice: one line per colour)
            out.append(_line("line", step["say"]))
        for fire in step["fire"] if "say" not in step else ():
            where = draws.get((r["round"], fire["side"], fire["group"]))
            if where:
                out.append(_line("line", where))
            out.append(_line("line", f"{STEP_WORDS[step['step']]} — {fire_words(fire, names, pooled)}"))
        for loss in step["casualties"]:
            text = _casualties(loss, names)
            if text:
                out.append(_line("line", text))
    for role, lost in r.get("transports_lost", {}).items():
        out.append(_line("line", f"{role.capitalize()}'s {units(lost, names)}, left alone and defenceless, "
                                 f"{'is' if sum(lost.values()) == 1 else 'are'} lost"))
    for role, subs in r.get("submerged", {}).items():
        out.append(_line("line", f"{role.capitalize()}'s {units(subs, names)} submerge"))
    if not r.get("complete", True):
        return out
    after = r["after"]
    # What the round left, before a retreat takes some of it away: the retreat's own line says who leaves.
    attacker = dict(after.get("attacker") or {})
    for uid, n in (r.get("retreated") or {}).items():
        attacker[uid] = attacker.get(uid, 0) + n
    out.append(_line("line", f"Left: attacker {units(attacker, names)}; "
                             f"defender {units(after.get('defender'), names)}"))
    if r.get("retreated"):
        out.append(_line("line", f"The attacker retreats: {units(r['retreated'], names)} "
                                 f"{'leaves' if sum(r['retreated'].values()) == 1 else 'leave'} the battle"))
    elif not last or r.get("choice") == "press":
        out.append(_line("line", "The attacker presses on"))
    return out


def _source_lines(result: Mapping[str, Any], source: Iterable[Part] | None, pooled: bool) -> list[Line]:
    out = []
    if source is not None:
        out.append(_line("source", "Dice: ", *source))
    elif "dice_source" in result:
        out.append(_line("source", f"Dice: {result['dice_source']['label']}"))
    kind = result.get("dice_source", {}).get("kind")
    if kind != "none" and any(fire["dice"] for r in result["rounds"] for s in r.get("steps", [])
                              for fire in s.get("fire", []) if "say" not in s):
        out.append(_line("source", DICE_KEY if not pooled else
                         "Each 6 of power is a sure hit; a remainder is rolled: a hit on its value or less (✓ hit, ✗ miss)."))
    return out


def _aftermath(result: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    lines = []
    for key, words in (("away", None), ("repaired", "repaired after the battle"),
                       ("cargo_lost", "of cargo went down with the ships")):
        for role, counts in (result.get(key) or {}).items():
            if any(counts.values()):
                lines.append(f"{role.capitalize()}: {units(counts, names)} {words or _gone(result, role)}.")
    if result.get("captured"):
        lines.append(f"Captured with the territory: {units(result['captured'], names)}.")
    if result.get("destroyed"):
        # docs/rules.md §2 "AA guns alone": no round was fought, so no other line tells the defender's loss.
        lines.append(f"Defender: {units(result['destroyed'], names)} with no combat unit beside "
                     f"{'it' if sum(result['destroyed'].values()) == 1 else 'them'}, destroyed as the attack "
                     f"began: no battle was fought.")
    return lines


def _gone(result: Mapping[str, Any], role: str) -> str:
    """How a side's units left the fight, as its rounds say: a land battle's attacker only ever retreats, a
    submarine submerges; "submerged or retreated" only where the side did both."""
    rounds = result.get("rounds", [])
    submerged = any(role in (r.get("submerged") or {}) for r in rounds)
    retreated = role == "attacker" and any(r.get("retreated") for r in rounds)
    return " or ".join(word for word, did in (("submerged", submerged), ("retreated", retreated)) if did) or "away"


def _whole_percent(share: float) -> int:
    """A share as a whole percent, half up as the page rounds (JavaScript's Math.round), 1–99 when strictly
    between 0 and 1, so a rare result never reads as "all" or "none" (docs/rules.md §14)."""
    whole = floor(share * 100 + 0.5)
    if whole >= 100 and share < 1:
        return 99
    if whole <= 0 and share > 0:
        return 1
    return whole


def percentile_words(p: float, what: str = "outcomes") -> str:
    """Where a result falls in its law, said one way everywhere, the page's (web/kit/luck-words.js
    percentileWords) and the posts': above the middle "luckier than N % of outcomes", below it "unluckier than N
    % of outcomes" (N the share that did better), at the middle "as lucky as the typical outcome"."""
    if floor(p * 100 + 0.5) == 50:
        return "as lucky as the typical outcome"
    if p > 0.5:
        return f"luckier than {_whole_percent(p)} % of {what}"
    return f"unluckier than {_whole_percent(1 - p)} % of {what}"


def luck_words(luck: Mapping[str, Any]) -> str:
    """The battle's luck in one sentence (docs/rules.md §14): the attacker's percentile as a whole percent (1–99
    where it is strictly between 0 and 1, so a rare result never reads as "all" or "none"), the actual and the
    expected swing, and when the law was sampled or covers only the rounds fought."""
    text = (f"Luck: the attacker was {percentile_words(luck['percentile'])} "
            f"(swing {_signed(luck['swing'], 0)} IPCs, expected {_signed(luck['expected_swing'], 1)})")
    if luck["rounds"] is not None:
        text += f" over the {_count_of(luck['rounds'], 'round')} fought"
    if not luck["exact"]:
        text += f"; estimated from {luck['samples']:,} simulated battles"
    return text + "."


def _signed(x: float, places: int) -> str:
    """"+3", "−1.1" (a minus sign, as the post's other numbers), "±0"."""
    text = f"{x:+.{places}f}"
    if float(text) == 0:
        return "±0"
    return text.replace("-", "−")


def _count_of(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def start_words(setup: BattleSetup, names: Mapping[str, str]) -> list[tuple[str, str]]:
    """Each side's forces at the start, as the post opens with them: units, ships bombarding, cargo, tech."""
    from ..engine.setup import TECH_NAMES
    out = []
    for role in ("attacker", "defender"):
        side = setup.side(role)
        words = units(side.units.as_dict(), names)
        extras = []
        if side.bombard:
            extras.append(f"bombarding: {units(side.bombard.as_dict(), names)}")
        if side.cargo:
            extras.append(f"cargo: {units(side.cargo.as_dict(), names)}")
        if side.tech:
            extras.append(", ".join(TECH_NAMES.get(t, t) for t in sorted(side.tech)))
        if side.fold_subs:
            extras.append(f"{side.fold_subs} subs folded in")
        out.append((role, words + (f" ({'; '.join(extras)})" if extras else "")))
    return out


def lines_of(result: Mapping[str, Any], setup: BattleSetup | None, source: Iterable[Part] | None) -> list[Line]:
    """Every line of the post, in order: title, forces, dice, rounds, end, link."""
    names = {u.id: u.name for u in setup.ruleset} if setup is not None else {}
    # Dice roll one die per unit (``independent_dice``); Low Luck and A&A Chess pool the values into a power.
    pooled = setup is not None and not setup.system.independent_dice
    out = [_line("title", f"Luckdial battle — {summary(result, setup)}")]
    if setup is not None:
        out.extend(_line("head", f"{role.capitalize()}:", f" {forces}") for role, forces in start_words(setup, names))
    out.extend(_source_lines(result, source, pooled))
    draws = {(d["from"]["round"], d["from"]["side"], d["from"]["group"]): d["words"]
             for d in result.get("dice_source", {}).get("draws", []) if "from" in d}
    rounds = result["rounds"]
    for i, r in enumerate(rounds):
        out.extend(_round_lines(r, names, pooled, draws, i == len(rounds) - 1, result["outcome"]))
    end = outcome_words(result, names) + "."
    extra = " ".join(_aftermath(result, names))
    out.append(_line("end", f"Result: {end}" + (f" {extra}" if extra else "")))
    if result.get("luck"):
        out.append(_line("luck", luck_words(result["luck"])))
    out.append(_line("link", result["link"]))
    return out

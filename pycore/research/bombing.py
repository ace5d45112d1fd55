"""Strategic bombing raids under dice, Low Luck and A&A Chess; the Low Luck bombing fee.

The rules of a raid and of the fee settlement; :mod:`pycore.ops.bombing`
reads the request and answers the op. The op (contract in
``docs/research.md``) has two forms:

- a raid: ``{"op": "bombing", "system": ..., "bombers": n, "aa": true, ...}``
  gives the AA fire, the bombers shot down, the damage (capped as the ruleset
  says) and, under Low Luck, the fee the attacker owes at the end of his turn;
- a settlement: ``{"op": "bombing", "settle": {"fees": f, "money": m}}``
  pays the turn's fees after income and says how many bombers unpaid fees cost.

Dice come from the players (``rolls``) or from ``pycore.dice`` with a request
``seed`` (contexts ``bombing/aa``, ``bombing/damage``, ``bombing/fee``).

Under A&A Chess a raid may also carry rockets (seed 003: "always 3") and the
AA count of the whole move (``aa_count``); under dice and Low Luck one rocket
(seed 002: one d6, at most the territory's production value; dice context
``bombing/rockets``). This module is not for the bombers' part in a regular
battle.
Every rule cites its source; decisions where the seeds are silent keep the
mean of the rule they replace (docs/rules.md §0) and are listed in
``docs/research.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping

from .. import dice
from ..errors import BadRequest, show
from ..jsontext import JsonObject
from ..rulesets import find_ruleset
from ..systems.lowluck import LowLuck

SYSTEMS = ("dice", "lowluck", "chess")
RULESETS = ("classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942")
LOWLUCK_RULES = ("standard", "A", "B", "C")
CHESS_VARIANTS = ("orthodox", "ryof", "ryof6", "cof", "cofr")
MAX_BOMBERS = 99

DAMAGE_BONUS = {"anniversary": 2, "1942-2e": 2, "1940-2e": 2}
"""Raid damage is 1d6 + 2 per bomber from Anniversary on (the editions' rule books); 1d6 before (seed 002)."""

CAP_KIND = {"classic": "raid", "revised": "raid", "big-world-1942": "bomber",
            "anniversary": "factory", "1942-2e": "factory", "1940-2e": "complex"}
"""How damage is capped (the editions' rule books; ``big-world-1942``: seed 002, "the total
damage per bomber cannot exceed the PU value of the territory"):
``raid`` the raid's total ≤ the territory's value; ``bomber`` each bomber's damage ≤ it;
``factory`` the factory's damage markers ≤ twice the value; ``complex`` (1940-2e) a major
complex holds at most 20 damage, a minor one 6."""

COMPLEX_CAP = {"major": 20, "minor": 6}


# --- Low Luck die readings: each keeps the mean of the dice rule it replaces (docs/rules.md §4) ---

def ll_damage_no_aa(face: int) -> int:
    """d6 → 3 or 4, even chance: mean 3.5, a d6's (seed 000 §5d 1)."""
    return 3 if face <= 3 else 4


def ll_damage_aa(face: int) -> int:
    """d12 → 2 (1–4), 3 (5–9), 4 (10–12): mean 35/12 = 5/6 × 3.5, the dice raid's damage past
    AA at 1 (seed 000 §5d 2 "2, 3 or 4 … 2,9..", the split fixed in docs/rules.md §4)."""
    return 2 if face <= 4 else 3 if face <= 9 else 4


def ll_fee(face: int) -> int:
    """d6 → 2 or 3, even chance: mean 2.5 = 15/6, a bomber's cost times AA's 1/6 (seed 000 §5d 2)."""
    return 2 if face <= 3 else 3


def rocket_die(face: int, value: int | None) -> int:
    """Seed 002, "Rockets": "a single 6 sided die, but limited to the production value of the target
    territory" (no cap where the value is not given)."""
    return face if value is None else min(face, value)


def ll_rocket(value: int | None) -> tuple[int, int]:
    """Low Luck's rocket: (sure damage, sixths rolled) — the dice rocket's exact mean (its capped die,
    :func:`rocket_die`), the whole part sure and the fraction rolled as Low Luck rolls a remainder: a d6 at
    or below the sixths adds 1 (docs/rules.md §5). Uncapped: 3, and a d6 ≤ 3 adds 1 (3 or 4, as seed 000
    §5d reads an unopposed bomber's d6); value 2: 1, and a d6 ≤ 5 adds 1 (mean 11/6, min(d6, 2)'s)."""
    m = mean(lambda face: rocket_die(face, value), 6)
    whole = m.numerator // m.denominator
    return whole, int((m - whole) * 6)


def bombers_lost_for(lacking: int) -> int:
    """One bomber per 2.5 lacking, rounded against the attacker (seed 000 §5d: lacking 4 → 2)."""
    return -(-2 * lacking // 5)


def mean(reading: Callable[[int], int], sides: int) -> Fraction:
    """The exact mean of a die reading, by enumeration of its faces."""
    return Fraction(sum(reading(face) for face in range(1, sides + 1)), sides)


# --- requests ---

RAID_KEYS = ("op", "system", "bombers", "aa", "heavy_bombers", "territory_value", "seed", "rolls")
SYSTEM_KEYS = {
    "dice": ("ruleset", "lhtr", "aa_guns", "factory_damage", "factory", "rockets"),
    "lowluck": ("rule", "rockets"),
    "chess": ("variant", "aa_count", "rockets"),
}


class Dice:
    """Where one raid's dice come from: the players' values first, else the seed.

    Lives for one request; it records which kinds of dice were used so that a
    value given for dice the raid never rolls is refused, not silently ignored.
    """

    def __init__(self, seed: str | None, rolls: Mapping[str, tuple[int, ...]]) -> None:
        self.seed = seed
        self.rolls = rolls
        self.used: set[str] = set()

    def take(self, kind: str, sides: int, count: int) -> tuple[tuple[int, ...], str | None]:
        self.used.add(kind)
        if count == 0:
            if self.rolls.get(kind):
                raise BadRequest(f"rolls.{kind}", f"no {kind} dice are rolled here, got {len(self.rolls[kind])}")
            return (), None
        if kind in self.rolls:
            values = self.rolls[kind]
            if len(values) != count:
                raise BadRequest(f"rolls.{kind}", f"must hold {count} d{sides} value{'s' if count != 1 else ''}, "
                                 f"got {len(values)}")
            for index, value in enumerate(values):
                if not 1 <= value <= sides:
                    raise BadRequest(f"rolls.{kind}[{index}]", f"must be a d{sides} value from 1 to {sides}, "
                                     f"got {show(value)}")
            return values, "players"
        if self.seed is None:
            raise BadRequest(f"rolls.{kind}", f"is required: {count} d{sides} value{'s' if count != 1 else ''} "
                             "(or give a seed and the app rolls)",
                             {"dice_needed": {"kind": kind, "count": count, "sides": sides}})
        return dice.roll(self.seed, f"bombing/{kind}", sides, count), "app"

    def check_all_used(self) -> None:
        for kind, values in self.rolls.items():
            if kind not in self.used and values:
                raise BadRequest(f"rolls.{kind}", f"this raid rolls no {kind} dice, got {len(values)}")


@dataclass(frozen=True, slots=True)
class Raid:
    """What a system's raid produced, before the damage cap."""

    aa: JsonObject
    damages: tuple[int, ...]  # per surviving bomber; A&A Chess: one total
    rolls: tuple[int, ...]
    rolled_by: str | None
    notes: tuple[str, ...]
    fee: JsonObject | None = None


# --- the three systems ---

def cap_damage(request: JsonObject, damages: list[int]) -> tuple[list[int], int | None, str | None]:
    """Apply the ruleset's damage cap; (damages, cap, note). Low Luck and Chess play classic (docs/rules.md §1)."""
    kind = CAP_KIND[request.get("ruleset", "classic")]
    value = request.get("territory_value")
    if kind == "complex":
        if "factory" not in request:
            return damages, None, "No cap applied: say whether the complex is major (20) or minor (6)."
        room = max(0, COMPLEX_CAP[request["factory"]] - request.get("factory_damage", 0))
        return _cap_total(damages, room), room, f"Capped at {room} more damage on this complex."
    if value is None:
        return damages, None, "No cap applied: give the territory's value to cap the damage."
    if kind == "bomber":
        return [min(d, value) for d in damages], value, f"Each bomber's damage capped at {value} (the TripleA rule book)."
    if kind == "factory":
        room = max(0, 2 * value - request.get("factory_damage", 0))
        return _cap_total(damages, room), room, f"Capped at {room} more damage (twice the territory's value)."
    return _cap_total(damages, value), value, f"The raid's damage capped at the territory's value {value}."


def _cap_total(damages: list[int], room: int) -> list[int]:
    out = []
    for damage in damages:
        taken = min(damage, room)
        room -= taken
        out.append(taken)
    return out


def _aa_dice(request: JsonObject, rolls: Dice) -> JsonObject:
    """Normal-dice AA: one die at 1 per bomber shot at (seed 002 AA guns); from Anniversary on
    each AA gun fires at most 3 aircraft (docs/rules.md §2, ``rulesets.Rules.aa_shots_per_gun``)."""
    per_gun = find_ruleset(request["ruleset"]).rules.aa_shots_per_gun
    shots = 0
    if request["aa"]:
        shots = request["bombers"] if per_gun is None else min(request["bombers"], per_gun * request.get("aa_guns", 1))
    values, by = rolls.take("aa", 6, shots)
    return {"kind": "dice", "shots": shots, "at": 1, "rolls": list(values), "rolled_by": by,
            "hits": sum(1 for value in values if value == 1)}


def _aa_lowluck(request: JsonObject, rolls: Dice) -> JsonObject:
    """Low Luck AA (seed 000 §5c): each bomber adds 1; hits = n // 6, remainder rolled at n % 6."""
    if not request["aa"]:
        return {"kind": "lowluck", "power": 0, "sure_hits": 0, "at": None, "rolls": [], "rolled_by": None, "hits": 0}
    values = (1,) * request["bombers"]  # the AA value, once per targeted bomber
    faces, by = rolls.take("aa", 6, LowLuck().dice_needed(values))
    volley = LowLuck().fire(values, lambda count: faces)
    return {"kind": "lowluck", "power": volley.power, "sure_hits": volley.sure_hits,
            "at": volley.remainder or None, "rolls": list(faces), "rolled_by": by, "hits": volley.hits}


def _raid_dice(request: JsonObject, rolls: Dice) -> Raid:
    aa = _aa_dice(request, rolls)
    surviving = request["bombers"] - aa["hits"]
    per = 2 if request["heavy_bombers"] else 1
    values, by = rolls.take("damage", 6, surviving * per)
    bonus = DAMAGE_BONUS.get(request["ruleset"], 0)
    damages = []
    for index in range(surviving):
        faces = values[index * per:(index + 1) * per]
        # Heavy Bombers (seed 002): both dice count, or with LHTR only the better one.
        damages.append((max(faces) if request["lhtr"] else sum(faces)) + bonus)
    notes = [f"Each surviving bomber rolls {'2 dice' if per == 2 else '1 die'}"
             f"{' (the better counts, LHTR)' if request['lhtr'] else ''}{f' + {bonus}' if bonus else ''}."]
    return Raid(aa, tuple(damages), values, by, tuple(notes))


def _raid_lowluck(request: JsonObject, rolls: Dice) -> Raid:
    rule = request["rule"]
    per = 2 if request["heavy_bombers"] else 1
    notes = []
    if rule in ("B", "C"):
        # Seed 000 §6a B/C: AA shoots at every bomber as in a Low Luck game (§5c).
        aa = _aa_lowluck(request, rolls)
        surviving = request["bombers"] - aa["hits"]
        values, by = rolls.take("damage", 6, surviving * per)
        reading = (lambda face: face) if rule == "B" else ll_damage_no_aa
        notes.append("Rule B: AA shoots at every bomber; each survivor makes 1–6." if rule == "B"
                     else "Rule C: AA shoots at every bomber; each survivor makes 3 or 4.")
    else:
        # Seed 000 §5d: no bomber is shot down; AA changes the damage and adds the fee.
        aa = {"kind": "none", "hits": 0, "rolls": [], "rolled_by": None}
        surviving = request["bombers"]
        sides = 12 if request["aa"] else 6
        values, by = rolls.take("damage", sides, surviving * per)
        reading = ll_damage_aa if request["aa"] else ll_damage_no_aa
        notes.append("AA present: each bomber makes 2, 3 or 4 (d12: 1–4, 5–9, 10–12) and is not shot down; "
                     "a fee of 2 or 3 per bomber is due." if request["aa"]
                     else "No AA: each bomber makes 3 or 4 (d6: 1–3, 4–6).")
    damages = [sum(reading(face) for face in values[i * per:(i + 1) * per]) for i in range(surviving)]
    if per == 2:
        notes.append("Heavy Bombers: two damage dice per bomber, both count (the TripleA rule book).")
    fee: JsonObject | None = None
    if rule in ("standard", "A") and request["aa"] and request["bombers"]:
        fee_values, fee_by = rolls.take("fee", 6, request["bombers"])
        per_bomber = [ll_fee(face) for face in fee_values]
        fee = {"rolls": list(fee_values), "rolled_by": fee_by, "per_bomber": per_bomber, "total": sum(per_bomber),
               "due": "at the end of the attacker's turn, after collecting income"}
        if rule == "A":
            # Seed 000 §6a A: 3 per bomber set aside before combat move, the overpaid part back at the end.
            fee["reserve"] = 3 * request["bombers"]
            fee["refund"] = fee["reserve"] - fee["total"]
            fee["due"] = "set aside before combat move; the refund is added at the end of the turn"
    return Raid(aa, tuple(damages), values, by, tuple(notes), fee)


def _raid_chess(request: JsonObject, rolls: Dice) -> Raid:
    """Seed 003: AA takes one aircraft per 5 flying over it; 2.5 per surviving bomber, total rounded down.

    ``aa_count``: the aircraft of the whole move, each counted once per AA territory flown over (seed 003
    example 5); the losses fall on this raid's bombers (at most all of them). Rockets: 3 each.
    """
    ryof6 = request["variant"] == "ryof6"
    bombers: int = request["bombers"]
    counted = request.get("aa_count", bombers) if request["aa"] else 0
    losses, remainder = min(bombers, counted // 5), counted % 5
    aa: JsonObject = {"kind": "chess", "aircraft": counted, "sure_hits": losses,
                      "remainder": remainder, "at": None, "rolls": [], "rolled_by": None, "hits": losses}
    if ryof6 and remainder:
        # RYOF<6 rolls every fraction; a remainder r of 5 hits with chance r/5 (d10 ≤ 2r) to keep the mean.
        values, by = rolls.take("aa", 10, 1)
        aa.update(at=2 * remainder, rolls=list(values), rolled_by=by,
                  hits=min(bombers, losses + int(values[0] <= 2 * remainder)))
    surviving = bombers - aa["hits"]
    halves = 5 * surviving * (2 if request["heavy_bombers"] else 1)  # in half points: 2.5 = 5 halves
    total = halves // 2
    notes = ["A&A Chess: 2.5 per surviving bomber, the total's fraction ignored."]
    damage_rolls: tuple[int, ...] = ()
    damage_by = None
    if halves % 2 and ryof6:
        # RYOF<6: the half point is rolled, d6 ≤ 3 adds 1, so the mean stays 2.5 per bomber.
        damage_rolls, damage_by = rolls.take("damage", 6, 1)
        values = damage_rolls
        total += int(values[0] <= 3)
        notes = ["A&A Chess RYOF<6: 2.5 per surviving bomber, the half point rolled (1–3 adds 1)."]
    if request["heavy_bombers"]:
        notes.append("Heavy Bombers count twice: 5 per surviving bomber (the A&A Chess rules: tech is treated by its increment).")
    if not bombers:
        notes = []
    damages = [total] if surviving else []
    rockets = request.get("rockets", 0)
    if rockets:
        # Seed 003: a rocket attack "always has the value 3". RYOF<6 rolls the half point the dice rule's 1d6
        # (mean 3.5) lost: d6 ≤ 3 adds 1, so the mean stays 3.5.
        faces, rocket_by = rolls.take("rockets", 6, rockets if ryof6 else 0)
        per = [3 + (int(face <= 3) if ryof6 else 0) for face in faces] if ryof6 else [3] * rockets
        damages.append(sum(per))
        notes.append(f"Rockets: 3 each{', the half point rolled (1–3 adds 1)' if ryof6 else ''} (the A&A Chess rules).")
        if faces:
            damage_rolls, damage_by = damage_rolls + tuple(faces), damage_by or rocket_by
    return Raid(aa, tuple(damages), damage_rolls, damage_by, tuple(notes))


RAIDS = {"dice": _raid_dice, "lowluck": _raid_lowluck, "chess": _raid_chess}


ROCKET_NOTES = {"dice": "Rocket: one die, at most the territory's value (the TripleA rule book); it strikes before the bombers.",
                "lowluck": "Rocket under Low Luck: the dice rocket's mean, its whole part sure and its sixths rolled "
                           "(docs/rules.md §5); it strikes before the bombers."}


def rocket_strike(request: JsonObject, rolls: Dice) -> JsonObject | None:
    """The rocket of a raid under dice or Low Luck (``rockets: 1``), or None: its die, how it was read and its
    damage before the raid's cap (docs/rules.md §5 "Rockets"). The rocket strikes at the end of the combat
    move (seed 002), before the bombers: its damage comes first under the ruleset's cap."""
    if not request.get("rockets") or request["system"] == "chess":
        return None
    value = request.get("territory_value")
    if request["system"] == "dice":
        faces, by = rolls.take("rockets", 6, 1)
        return {"kind": "dice", "rolls": list(faces), "rolled_by": by, "limit": value,
                "damage": rocket_die(faces[0], value)}
    sure, sixths = ll_rocket(value)
    faces, by = rolls.take("rockets", 6, 1 if sixths else 0)
    return {"kind": "lowluck", "sure": sure, "at": sixths or None, "rolls": list(faces), "rolled_by": by,
            "limit": value, "damage": sure + int(bool(faces) and faces[0] <= sixths)}


def settle(fees: int, money: int, bombers: int | None = None) -> JsonObject:
    """End-of-turn payment of Low Luck bombing fees (seed 000 §5d).

    The attacker pays what he can; for the rest he loses one bomber per 2.5
    lacking, rounded against him. Silent in the seed: he cannot lose more
    bombers than he has; the debt beyond them is dropped (given ``bombers``).
    """
    paid = min(fees, money)
    lacking = fees - paid
    lost = bombers_lost_for(lacking)
    if bombers is not None:
        lost = min(lost, bombers)
    text = f"Fees {fees}, money {money}: {paid} paid, {money - paid} left."
    if lacking:
        text += f" {lacking} lacking: {lost} bomber{'s' if lost != 1 else ''} lost (one per 2.5, rounded up)."
    return {"fees": fees, "money": money, "paid": paid, "money_left": money - paid, "lacking": lacking,
            "bombers_lost": lost, "text": text}

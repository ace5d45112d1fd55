"""The sequence of a land battle, round by round (RULES.md §2, steps 3–7).

Each round the attacker's units fire, then the defender's, and the casualties
of both are removed together; then the attacker presses on or retreats. Which
units fire at what value (artillery support, tactical bomber pairing) is
worked out here; how values become hits is the luck system's business
(``systems``); which units die follows each side's order of loss (``forces``).

This first slice fights land battles (infantry, artillery, mech infantry,
tanks, fighters, tactical bombers, bombers). Sea units, AA guns,
bombardment and submarines come with the full sequence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from .forces import Force, Side, take_casualties
from .rulesets import Ruleset
from .systems import LuckSystem, Roll, Volley

BATTLE_UNITS = ("infantry", "artillery", "mech_infantry", "tank", "fighter", "tactical_bomber", "bomber")
"""Unit ids a battle accepts in this slice."""

MAX_ROUNDS = 100
"""A battle that has not ended after this many rounds stops, undecided (it cannot loop forever)."""

DiceFor = Callable[[int, str, str], Roll]
"""(round, side, group) → the dice source for that firing group."""


def firing_values(ruleset: Ruleset, force: Force, role: str) -> tuple[int, ...]:
    """The value each unit fires at this round, in ruleset order.

    Attack: each artillery supports one unit that receives support (+1), seed
    002 "paired on a 1-to-1 basis", not cumulative; a 1940-2e tactical bomber
    attacks at 4 when paired with a fighter or a tank (RULES.md §1). Defence
    has no support.
    """
    values: list[int] = []
    if role == "attacker":
        receivers = sum(n for uid, n in force.counts if "receives_support" in ruleset.unit(uid).abilities)
        givers = sum(n for uid, n in force.counts if "gives_support" in ruleset.unit(uid).abilities)
        supported_left = min(receivers, givers)
        partners = force.count("fighter") + force.count("tank")
        paired_left = min(partners, sum(n for uid, n in force.counts
                                        if "paired_with_armor" in ruleset.unit(uid).abilities))
        for unit_id, count in force.counts:
            unit = ruleset.unit(unit_id)
            for _ in range(count):
                value = unit.attack
                if "receives_support" in unit.abilities and supported_left:
                    supported_left -= 1
                    value += 1
                elif "paired_with_armor" in unit.abilities and paired_left:
                    paired_left -= 1
                    value += 1
                values.append(value)
    else:
        for unit_id, count in force.counts:
            values.extend([ruleset.unit(unit_id).defense] * count)
    return tuple(sorted(values, reverse=True))


@dataclass(frozen=True, slots=True)
class SideRound:
    volley: Volley
    casualties: dict[str, int]

    def to_json(self) -> dict:
        return {**self.volley.to_json(), "casualties": dict(self.casualties)}


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    attacker: SideRound
    defender: SideRound
    attacker_after: Force
    defender_after: Force
    choice: str | None  # "press" / "retreat" after this round; None when it ended or no choice is made yet


@dataclass(frozen=True, slots=True)
class Battle:
    rounds: tuple[Round, ...]
    outcome: str
    attacker: Force
    defender: Force
    takes_territory: bool


def fight_round(ruleset: Ruleset, system: LuckSystem, number: int, attacker: Force, defender: Force,
                attacker_order: Iterable[str], defender_order: Iterable[str], dice_for: DiceFor
                ) -> tuple[SideRound, SideRound]:
    """One round: both sides fire at the forces standing at its start; casualties go together."""
    a_volley = system.fire(firing_values(ruleset, attacker, "attacker"), dice_for(number, "attacker", "main"))
    d_volley = system.fire(firing_values(ruleset, defender, "defender"), dice_for(number, "defender", "main"))
    a_lost = take_casualties(attacker, d_volley.hits, attacker_order)
    d_lost = take_casualties(defender, a_volley.hits, defender_order)
    return SideRound(a_volley, a_lost), SideRound(d_volley, d_lost)


def fight(ruleset: Ruleset, system: LuckSystem, attacker: Side, defender: Side, dice_for: DiceFor,
          rounds: int | None = None, choices: tuple[str, ...] = ()) -> Battle:
    """Fight until a side is gone, the attacker retreats, or ``rounds`` rounds are played."""
    limit = MAX_ROUNDS if rounds is None else min(rounds, MAX_ROUNDS)
    a_force, d_force = attacker.force, defender.force
    played: list[Round] = []
    outcome = "in_progress"
    for number in range(1, limit + 1):
        a_side, d_side = fight_round(ruleset, system, number, a_force, d_force,
                                     attacker.order_of_loss, defender.order_of_loss, dice_for)
        a_force = a_force.minus(a_side.casualties)
        d_force = d_force.minus(d_side.casualties)
        ended = not a_force or not d_force
        if ended:
            choice = None
        elif number <= len(choices):
            choice = choices[number - 1]
        else:  # pressing on is the default, but only once a next round is actually fought
            choice = "press" if number < limit else None
        played.append(Round(number, a_side, d_side, a_force, d_force, choice))
        if ended:
            outcome = ("draw" if not a_force and not d_force
                       else "attacker_wins" if a_force else "defender_wins")
            break
        if choice == "retreat":
            outcome = "retreat"
            break
    takes = outcome == "attacker_wins" and any(ruleset.unit(uid).domain == "land" for uid, _ in a_force.counts)
    return Battle(tuple(played), outcome, a_force, d_force, takes)

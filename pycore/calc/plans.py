"""What a plan of attack is (docs/rules.md §9.1–§9.2): its waves, its counter-attack, and the rules of a taking.

The data the plan's modules share — :mod:`.waves` fights it, :mod:`.worth` values its states,
:mod:`.summary` sums it up, :mod:`.recommend` searches its armies — with the few rules they all read:
what a taken territory is, who holds it, what the defender is left with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..engine.army import Army
from ..engine.setup import BattleSetup
from ..forces import Force
from .choices import NEVER, Retreat


@dataclass(frozen=True)
class Wave:
    """One wave: its battle (its attacker against the plan's defender), its round limit and rules."""

    setup: BattleSetup
    rounds: int | None = None
    retreat: Retreat = NEVER          # retreat at N units, below X (choices.py)
    keep_land: bool = False
    profit: Any = None                # the rules read state by state (policy.py)
    air_loss: Any = None
    strafe: Any = None

    @property
    def reads_states(self) -> bool:
        return self.profit is not None or self.air_loss is not None or self.strafe is not None


@dataclass(frozen=True)
class Plan:
    """The waves in order (the first is the request's own battle), the counter-attack, what the territory is worth."""

    waves: tuple[Wave, ...]
    counter: BattleSetup | None = None      # attacker: the counter-attack; defender: the holders' order and tech
    territory_value: int = 0
    repair: bool = False                    # two-hit units repaired between waves (not by default)
    first: Mapping[str, Any] = field(default_factory=dict)   # wave 1's "odds from here": first_round, damaged, carry

    @property
    def kind(self) -> str:
        return self.waves[0].setup.kind


def army_cost(ruleset, army: Army) -> int:
    return sum(ruleset.unit(uid).cost * n for uid, n in army.units.counts)


def takes(setup: BattleSetup, outcome: str, attacker: Army) -> bool:
    """docs/rules.md §2, "The territory": the attacker won with a land unit (not an AA gun) left, on land."""
    if outcome != "attacker_wins" or setup.kind == "sea":
        return False
    ruleset = setup.ruleset
    return any(ruleset.unit(uid).domain == "land" and "anti_aircraft" not in ruleset.unit(uid).abilities
               for uid, _ in attacker.units.counts)


def holders(setup: BattleSetup, attacker: Army, defender: Army) -> Army:
    """Who holds a taken territory: the attacker's land units (aircraft have left it; ships never were in it)
    and the AA guns captured there (docs/rules.md §9, "Take and hold")."""
    ruleset = setup.ruleset
    land = {uid: n for uid, n in attacker.units.counts if ruleset.unit(uid).domain == "land"}
    for uid, n in defender.units.counts:
        land[uid] = land.get(uid, 0) + n
    return Army(Force.of(ruleset, land))


def captured(setup: BattleSetup, defender: Army) -> Army:
    """The defender after a taking: his AA guns are captured (docs/rules.md §9), nothing is left to him."""
    guns = frozenset(u.id for u in setup.ruleset if "anti_aircraft" in u.abilities)
    return defender.without(guns)


def start_defender(plan: Plan) -> Army:
    """The defender before wave 1 (in a battle taken up in the middle, with his damaged units)."""
    first = plan.waves[0].setup
    return Army(first.defender.units, Force.of(first.ruleset, plan.first.get("damaged", {}).get("defender", {})))

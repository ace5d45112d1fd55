"""What a plan of attack is (docs/rules.md §9.1–§9.2): its waves, its counter-attack, and the rules of a taking.

The data the plan's modules share — :mod:`.waves` fights it, :mod:`.worth` values its states,
:mod:`.summary` sums it up, :mod:`.recommend` searches its armies — with the few rules they all read:
what a taken territory is, who holds it, what the defender is left with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..engine.army import Army
from ..engine.kinds import kinds
from ..engine.setup import CARGO_PER_SHIP, BattleSetup
from ..forces import Force
from ..rulesets import Ruleset
from .choices import NEVER, Retreat


@dataclass(frozen=True)
class Wave:
    """One wave: its battle (its attacker against the plan's defender), its round limit and rules."""

    setup: BattleSetup
    rounds: int | None = None
    retreat: Retreat = NEVER          # retreat at N units, below X (choices.py)
    keep_land: int = 0                # keep this many land units (choices.keep_one_land); 0: none
    profit: Any = None                # the rules read state by state (policy.py)
    air_loss: Any = None
    strafe: Any = None
    reinforce: Force = Force(())      # units joining the defender before this wave (docs/rules.md §9.1)
    territory_value: int | None = None   # counted where this wave takes the territory; None: the plan's

    @property
    def reads_states(self) -> bool:
        return self.profit is not None or self.air_loss is not None or self.strafe is not None


@dataclass(frozen=True)
class Plan:
    """The waves in order (the first is the request's own battle), the counter-attacks in turn, what the territory
    is worth."""

    waves: tuple[Wave, ...]
    counters: tuple[BattleSetup, ...] = ()  # each: attacker, the counter-attack; defender, the holders' order and tech
    territory_value: int = 0
    repair: bool = False                    # two-hit units repaired between waves (not by default)
    first: Mapping[str, Any] = field(default_factory=dict)   # wave 1's "odds from here": first_round, damaged, carry

    @property
    def kind(self) -> str:
        return self.waves[0].setup.kind

    @property
    def counter(self) -> BattleSetup | None:
        """The first counter-attack (the one the profit rule and the ``counter`` block of the answer read first)."""
        return self.counters[0] if self.counters else None

    @property
    def reinforced(self) -> bool:
        return any(w.reinforce for w in self.waves)

    @property
    def staged(self) -> bool:
        return self.reinforced or any(w.territory_value is not None for w in self.waves)

    def stage(self, k: int) -> int:
        """The stage of a path whose last wave fought is wave k (0-based): the reinforcements that have joined
        the defender on it are those of waves 1 … k, and where it took the territory, wave k's value counts
        (docs/rules.md §9.1). Without either every path is at stage 0, so the plan's paths are grouped as they
        always were."""
        return k if self.staged else 0

    def value_of(self, k: int) -> int:
        """What the territory is worth where wave k takes it (a path at stage k): the wave's own
        ``territory_value``, else the plan's."""
        own = self.waves[k].territory_value
        return self.territory_value if own is None else own

    def shares_defender(self, k: int) -> bool:
        """Whether wave k's defender loses units in wave 1's order (then the waves share his ladders)."""
        return self.waves[k].setup.defender.order_of_loss == self.waves[0].setup.defender.order_of_loss

    def arrived(self, stage: int) -> Force:
        """The reinforcements that have joined the defender on a path at this stage."""
        ruleset = self.waves[0].setup.ruleset
        got = Force(())
        for wave in self.waves[1:stage + 1]:
            got = got.plus(wave.reinforce, ruleset)
        return got


def army_cost(ruleset: Ruleset, army: Army) -> int:
    return ruleset.ipcs(army.units.counts)


_NONE = Force(())
"""No unit damaged (given to ``Army`` rather than made afresh by its default)."""


def takes(setup: BattleSetup, outcome: str, attacker: Army) -> bool:
    """docs/rules.md §2, "The territory": the attacker won with a land unit (not an AA gun) left, on land."""
    if outcome != "attacker_wins" or setup.kind == "sea":
        return False
    taking = kinds(setup.ruleset).taking
    for uid, _ in attacker.units.counts:      # a loop, not any(): asked of every army that ends a wave
        if uid in taking:
            return True
    return False


def taking(plan: Plan, setup: BattleSetup, outcome: str, attacker: Army) -> bool:
    """Whether an end takes what the plan then holds (docs/rules.md §9.2): on land the territory (:func:`takes`);
    at sea, where a counter-attack is asked, the zone cleared with a ship left (aircraft alone must land
    elsewhere, so they hold nothing). Without a counter-attack a sea battle takes nothing, as before."""
    if setup.kind != "sea":
        return takes(setup, outcome, attacker)
    return bool(plan.counters) and outcome == "attacker_wins" and has_ship(setup.ruleset, attacker)


def has_ship(ruleset: Ruleset, army: Army) -> bool:
    return any(ruleset.unit(uid).domain == "sea" for uid, _ in army.units.counts)


def afloat(ruleset: Ruleset, army: Army) -> Army:
    """Who holds a sea zone (docs/rules.md §9.2): every ship left, damaged two-hit ships still damaged, and as
    many aircraft as their carriers carry (two each, seed 002; fighters first, then tactical bombers; never a
    bomber) — the other aircraft must land elsewhere and defend nothing here."""
    kept = {uid: n for uid, n in army.units.counts if ruleset.unit(uid).domain == "sea"}
    room = CARGO_PER_SHIP * sum(n for uid, n in kept.items() if "carrier" in ruleset.unit(uid).abilities)
    air = [(uid, n) for uid, n in army.units.counts
           if ruleset.unit(uid).is_air and "strategic_bomber" not in ruleset.unit(uid).abilities]
    for uid, n in sorted(air, key=lambda item: -ruleset.unit(item[0]).defense):
        kept[uid] = min(n, room)
        room -= kept[uid]
    damaged = Force(tuple((uid, n) for uid, n in army.damaged.counts if uid in kept))
    return Army(Force.of(ruleset, kept), damaged)


def holders(setup: BattleSetup, attacker: Army, defender: Army) -> Army:
    """Who holds a taken territory: the attacker's land units (aircraft have left it; ships never were in it)
    and the AA guns captured there (docs/rules.md §9, "Take and hold"); at sea, the fleet :func:`afloat`."""
    ruleset = setup.ruleset
    if setup.kind == "sea":
        return afloat(ruleset, attacker)
    types = kinds(ruleset).land
    counts = attacker.units.counts
    if not defender.units.counts:   # nothing captured: his land units, in the ruleset's order as his army has them
        for uid, _ in counts:       # a loop, not all(): asked of every army that takes the territory
            if uid not in types:
                return Army(Force(tuple((uid, n) for uid, n in counts if uid in types)), _NONE)
        return attacker if not attacker.damaged.counts else Army(attacker.units, _NONE)   # all of them
    land = {uid: n for uid, n in attacker.units.counts if uid in types}
    for uid, n in defender.units.counts:
        land[uid] = land.get(uid, 0) + n
    return Army(Force.of(ruleset, land))


def manned(plan: Plan, setup: BattleSetup, attacker: Army, defender: Army) -> Army:
    """The holders that meet the first counter-attack: :func:`holders`, their two-hit ships repaired first where
    the plan repairs between battles (``repair_between_waves``; else they stay damaged, docs/rules.md §9.2)."""
    got = holders(setup, attacker, defender)
    return Army(got.units) if plan.repair and got.damaged else got


def retaken(setup: BattleSetup, outcome: str, attacker: Army, holders: Army) -> bool:
    """Whether a counter-attack (``setup``) ends the hold (docs/rules.md §9.2): on land it takes the territory
    back with a land unit; at sea the holders are left without a ship (sunk, or both fleets destroyed)."""
    if setup.kind == "sea":
        return not has_ship(setup.ruleset, holders)
    return takes(setup, outcome, attacker)


def stay(setup: BattleSetup, holders: Army) -> Army:
    """The holders still in place for the next counter-attack: at sea the aircraft beyond what the carriers
    left can carry must land elsewhere (:func:`afloat`); on land all of them."""
    return afloat(setup.ruleset, holders) if setup.kind == "sea" else holders


def captured(setup: BattleSetup, defender: Army) -> Army:
    """The defender after a taking: his AA guns are captured (docs/rules.md §9), nothing is left to him."""
    counts = defender.units.counts
    if not counts:
        return defender             # nothing left to him (most takings): nothing to capture
    guns = kinds(setup.ruleset).guns
    if not any(uid in guns for uid, _ in counts):
        return defender             # no gun to capture: the army is what he is left with
    return defender.without(guns)


def joined(setup: BattleSetup, defender: Army, reinforce: Force) -> Army:
    """The defender with his reinforcements: they join intact, his damaged units stay damaged (docs/rules.md §9.1)."""
    if not reinforce:
        return defender
    return Army(defender.units.plus(reinforce, setup.ruleset), defender.damaged)


def start_defender(plan: Plan) -> Army:
    """The defender before wave 1 (in a battle taken up in the middle, with his damaged units)."""
    first = plan.waves[0].setup
    return Army(first.defender.units, Force.of(first.ruleset, plan.first.get("damaged", {}).get("defender", {})))

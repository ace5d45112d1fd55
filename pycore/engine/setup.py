"""What a battle is before its first die: where it is fought, who fights, with what technology.

docs/rules.md §2 names three kinds of battle: ``land``, ``sea`` and ``amphibious``
(a land battle whose attacker came from the sea, supported by shore
bombardment). Each kind admits different units (:func:`pycore.read.battle.allowed`);
the reading layer refuses anything else with a message naming the field, so the
engine never sees an impossible battle and reads no request.

Decisions (docs/rules.md): an attacker's AA gun never attacks; in an
amphibious assault every attacking land unit came from the sea and cannot
retreat (air units may); cargo (land units aboard transports, allied fighters
aboard carriers) takes no part and is lost with the ships that carry it,
two units per ship, and a transport's two land units are one infantry plus one other (seed 002).
"""

from __future__ import annotations

from dataclasses import dataclass
from ..forces import Force
from ..rulesets import Ruleset
from ..systems import LuckSystem
from ..systems.colored.commit import Placement

KINDS = ("land", "sea", "amphibious")
ROLES = ("attacker", "defender")
TECHS = ("jet_power", "super_subs", "heavy_bombers", "radar", "advanced_artillery")
"""docs/rules.md §5: the technologies that change combat."""

TECH_NAMES = {"jet_power": "Jet Power", "super_subs": "Super Subs", "heavy_bombers": "Heavy Bombers",
              "radar": "Radar", "advanced_artillery": "Advanced Artillery"}
CARGO_PER_SHIP = 2
"""Seed 002: a transport carries two land units; carriers hold two fighters."""
CARRIED_FREELY = "infantry"
"""Seed 002, "Transport": "1 infantry unit plus 1 more land unit of any kind" — of a transport's two land
units, at most one is not infantry (docs/rules.md §2, cargo)."""


@dataclass(frozen=True, slots=True)
class SideSetup:
    units: Force                 # units in the fight (not bombarding ships, not cargo)
    order_of_loss: tuple[str, ...]
    custom_order: bool
    tech: frozenset[str]
    cargo: Force
    bombard: Force               # amphibious attacker: ships that only bombard
    fold_subs: int               # Low Luck attacker: subs folded into the main group (seed 000 §5b)
    air_over_aa: int | None = None  # A&A Chess attacker: aircraft counted by AA for the whole move (seed 003)
    colors: Placement | None = None  # coloured dice: the side's commitment


@dataclass(frozen=True, slots=True)
class BattleSetup:
    ruleset: Ruleset
    system: LuckSystem
    kind: str
    attacker: SideSetup
    defender: SideSetup
    lhtr: bool                   # Heavy Bombers keep the better of two dice (seed 002, "LHTR")
    sub_rule: str = "subs_first"    # the sub step: "subs_first" (seed 002, the default) or "printed" (docs/rules.md §2 "The sub step")

    def side(self, role: str) -> SideSetup:
        return self.attacker if role == "attacker" else self.defender

    def has_tech(self, role: str, tech: str) -> bool:
        return tech in self.side(role).tech


SUB_RULES = ("subs_first", "printed")
"""The sub step's readings (docs/rules.md §2 "The sub step"): seed 002's, the default, and the printed rule books'."""

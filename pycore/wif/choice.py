"""Who chooses the Land CRT (Assault or Blitz), and which table to suggest.

Seed 004, "Priority when choosing Land CRT"; docs/rules.md §8:

1. the defender chooses if the terrain effects chart says so;
2. else the attacker chooses if he has more ARM than the defender (divisions
   count ½; AsA option 3: defending anti-tank counts with the defender's ARM),
   or more MECH than the defender while the defender has no ARM or anti-tank;
3. else the Assault table is used.

Decision where the seed is silent (docs/wif.md): the suggestion is the table
each chooser normally wants — Blitz for an attacker who earned the choice,
Assault for a defender — and the op shows both tables' odds side by side so
the players can judge for themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..jsontext import JsonObject
from .table import Table


@dataclass(frozen=True, slots=True)
class Forces:
    """The unit counts the choice depends on. Divisions are counted apart because they weigh ½."""

    defender_chooses: bool = False
    attacker_arm: int = 0
    attacker_arm_divisions: int = 0
    attacker_mech: int = 0
    defender_arm: int = 0
    defender_arm_divisions: int = 0
    defender_mech: int = 0
    defender_anti_tank: int = 0
    anti_tank_counts_as_arm: bool = False

    def attacker_arm_weight(self) -> Fraction:
        return self.attacker_arm + Fraction(self.attacker_arm_divisions, 2)

    def defender_arm_weight(self) -> Fraction:
        weight = self.defender_arm + Fraction(self.defender_arm_divisions, 2)
        if self.anti_tank_counts_as_arm:
            weight += self.defender_anti_tank
        return weight


@dataclass(frozen=True, slots=True)
class Choice:
    chooser: str  # "defender", "attacker" or "nobody"
    suggested: Table
    reason: str

    def to_json(self) -> JsonObject:
        return {"chooser": self.chooser, "suggested": self.suggested.value, "reason": self.reason}


def choose(forces: Forces) -> Choice:
    """Apply the seed's priority list, first rule that holds wins."""
    if forces.defender_chooses:
        return Choice("defender", Table.ASSAULT,
                      "The terrain effects chart lets the defender choose the table; defenders usually pick Assault.")
    attacker, defender = forces.attacker_arm_weight(), forces.defender_arm_weight()
    if attacker > defender:
        return Choice("attacker", Table.BLITZ,
                      f"The attacker has more ARM ({_num(attacker)} against {_num(defender)}, divisions count ½), "
                      "so the attacker chooses; attackers usually pick Blitz.")
    defender_has_armor = forces.defender_arm + forces.defender_arm_divisions + forces.defender_anti_tank > 0
    if forces.attacker_mech > forces.defender_mech and not defender_has_armor:
        return Choice("attacker", Table.BLITZ,
                      f"The attacker has more MECH ({forces.attacker_mech} against {forces.defender_mech}) "
                      "and the defender has no ARM or anti-tank, so the attacker chooses; attackers usually pick Blitz.")
    return Choice("nobody", Table.ASSAULT,
                  "Neither side may choose, so the Assault table is used.")


def _num(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator // value.denominator}½" if value.numerator // value.denominator else "½"

"""The calculator's ``crash_fighters`` option: the defender's aircraft with no carrier left to land on are lost.

docs/rules.md §9 "Fighters that crash": a sea battle over, the defender's
aircraft in the zone must land on his carriers that are left, two to a carrier
(the project's carrier, docs/rules.md §2 "Cargo"); those beyond are lost, the
first of his order of loss first. Read on the law of the battle's ends, once
it is known (every method: the aircraft fight on until the battle ends, so
nothing changes before): an end keeps its outcome, and its defender loses the
aircraft. Not an end still fought (``in_progress``: nobody has landed yet),
nor the attacker's aircraft (they fly back to where they came from).
"""

from __future__ import annotations

from ...engine.army import Army
from ...engine.setup import CARGO_PER_SHIP, BattleSetup
from ..chain import EndLaw
from ..choices import Chance


def landed(setup: BattleSetup, army: Army) -> Army:
    """The defender's army once his aircraft beyond two per carrier left are lost (by his order of loss)."""
    ruleset = setup.ruleset
    room = CARGO_PER_SHIP * sum(n for uid, n in army.units.counts if "carrier" in ruleset.unit(uid).abilities)
    air = {uid: n for uid, n in army.units.counts if ruleset.unit(uid).is_air}
    extra = sum(air.values()) - room
    if extra <= 0:
        return army
    lost: dict[str, int] = {}
    for uid in setup.defender.order_of_loss:
        if extra <= 0:
            break
        k = min(extra, air.get(uid, 0) - lost.get(uid, 0))
        if k > 0:
            lost[uid] = lost.get(uid, 0) + k
            extra -= k
    return army.after(lost)


def crashed(setup: BattleSetup, ends: EndLaw, zero: Chance) -> EndLaw:
    """The law of the ends with the defender's aircraft that found no carrier lost (ends still fought excepted)."""
    out: EndLaw = {}
    for (outcome, a, d), p in ends.items():
        key = (outcome, a, d if outcome == "in_progress" else landed(setup, d))
        out[key] = out.get(key, zero) + p
    return out

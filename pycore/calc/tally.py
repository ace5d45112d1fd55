"""A law of a battle's end summed up: outcome, losses, cost and its swing, survivors, rounds.

What :func:`pycore.calc.method.compute` answers and the luck of a resolved battle reads its swing from
(``pycore.luck.battle``), in the arithmetic the law was worked in (no JSON here). Not for a plan of waves,
whose paths :mod:`pycore.calc.summary` sums.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ..engine.army import Army
from ..engine.kinds import kinds
from ..engine.setup import BattleSetup
from .choices import Chance
from .law import Ends

Read = tuple[int, int, tuple[tuple[str, int], ...], bool]
"""What an end reads of an army: units lost, IPCs lost, the units left, whether a land unit is left."""

OUTCOMES = ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate", "in_progress")


def summarize(setup: BattleSetup, law: Ends, exact: bool = False,
              options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A law of the battle's end summed up: outcome, losses, cost and its swing, survivors, rounds (the luck of a
    resolved battle reads its swing from a law it got itself: ``pycore.luck.battle``).

    Each sum takes its terms in the order of the law's ends (a float sum's last bits depend on its order);
    what an end reads of an army is read once per army (:class:`_Armies`)."""
    zero: Chance = Fraction(0) if exact else 0.0
    damaged = (options or {}).get("damaged", {})
    outcome = dict.fromkeys(OUTCOMES, zero)
    lost_a: dict[int, Chance] = {}
    lost_d: dict[int, Chance] = {}
    cost_a = cost_d = takes = zero
    attackers, defenders = _Armies(setup, "attacker"), _Armies(setup, "defender")
    alive_a, alive_d = attackers.survivors(zero), defenders.survivors(zero)
    swing: dict[int, Chance] = {}  # IPCs the defender lost − IPCs the attacker lost → probability ("profit")
    joint: dict[tuple[str, int, int], Chance] = {}
    # Each army's read looked up here first (a Read is a non-empty tuple): a method call an end spared.
    seen_a, seen_d, taken_d = attackers.seen, defenders.seen, defenders.taken
    read_a, read_d, captured = attackers.read, defenders.read, defenders.captured
    for (ended, a, d), p in law.ends.items():
        outcome[ended] = outcome.get(ended, zero) + p
        lost, spent, counts, land = seen_a.get(id(a)) or read_a(a)
        taken = land and ended == "attacker_wins"
        # docs/rules.md §9: the territory is taken, so the defender's AA guns are captured, not left to him.
        if taken:
            lost2, spent2, counts2, _ = taken_d.get(id(d)) or captured(d)
        else:
            lost2, spent2, counts2, _ = seen_d.get(id(d)) or read_d(d)
        key = (ended, lost, lost2)
        joint[key] = joint.get(key, zero) + p
        # The swing of this end: its defender already lost a captured AA gun (above, docs/rules.md §9).
        change = spent2 - spent
        swing[change] = swing.get(change, zero) + p
        lost_a[lost] = lost_a.get(lost, zero) + p
        cost_a += p * spent
        for uid, n in counts:
            alive_a[uid] += p * n
        lost_d[lost2] = lost_d.get(lost2, zero) + p
        cost_d += p * spent2
        for uid, n in counts2:
            alive_d[uid] += p * n
        if taken:
            takes += p
    return {"outcome": outcome, "losses": {"attacker": lost_a, "defender": lost_d},
            "cost": {"attacker": cost_a, "defender": cost_d}, "survivors": {"attacker": alive_a, "defender": alive_d},
            "takes": takes, "swing": swing, "joint": joint, "rounds": law.rounds, "pruned": law.pruned,
            "method": law.method, "samples": law.samples, "reason": law.reason, "damaged": damaged}


def exchange(setup: BattleSetup, law: Ends, exact: bool = False) -> tuple[Chance, Chance, Chance]:
    """The chance the territory is taken and each side's expected IPCs lost (attacker, defender): of
    :func:`summarize`'s sums, what a search over many armies reads (``calc/turn.py``), the same sums in the same
    order (so the same bits), without the laws of losses, swing and survivors."""
    zero: Chance = Fraction(0) if exact else 0.0
    cost_a = cost_d = takes = zero
    attackers, defenders = _Armies(setup, "attacker"), _Armies(setup, "defender")
    for (ended, a, d), p in law.ends.items():
        _, spent, _, land = attackers.read(a)
        taken = land and ended == "attacker_wins"
        # docs/rules.md §9: the territory is taken, so the defender's AA guns are captured (as summarize reads it).
        spent2 = (defenders.captured(d) if taken else defenders.read(d))[1]
        cost_a += p * spent
        cost_d += p * spent2
        if taken:
            takes += p
    return takes, cost_a, cost_d


class _Armies:
    """What :func:`summarize` reads of one side's armies at the end: units lost, IPCs lost, the units left, and
    (the attacker's) whether a land unit is left to take the territory. An army ends many battles (each rung
    meets every rung of the other side), so each is read once, keyed by its identity: the law holds it for
    the whole sum, and ``id`` spares the army's hash (a Python call) on every end."""

    __slots__ = ("start", "size", "ruleset", "cost", "land", "guns", "seen", "taken")

    def __init__(self, setup: BattleSetup, role: str) -> None:
        ruleset = setup.ruleset
        self.start = setup.side(role).units
        self.size = self.start.size
        self.ruleset = ruleset
        self.cost = ruleset.ipcs(self.start.counts)
        table = kinds(ruleset)
        self.land: frozenset[str] = table.taking if role == "attacker" and setup.kind != "sea" else frozenset()
        self.guns = table.guns
        self.seen: dict[int, Read] = {}
        self.taken: dict[int, Read] = {}

    def survivors(self, zero: Chance) -> dict[str, Chance]:
        return {uid: zero for uid, _ in self.start.counts}

    def read(self, army: Army) -> Read:
        got = self.seen.get(id(army))
        if got is None:
            got = self.seen[id(army)] = self._read(army)
        return got

    def captured(self, army: Army) -> Read:
        """The defender's army once the attacker took the territory: his AA guns captured (docs/rules.md §9)."""
        got = self.taken.get(id(army))
        if got is None:
            guns = self.guns
            # An army with no gun (most ends the attacker takes: nothing left) reads as itself, not rebuilt.
            holds = any(uid in guns for uid, _ in army.units.counts)   # a read reads no damaged unit
            got = self.taken[id(army)] = self._read(army.without(guns) if holds else army)
        return got

    def _read(self, army: Army) -> Read:
        units = army.units
        counts = units.counts
        land = self.land
        spent = self.cost - self.ruleset.ipcs(counts)     # whole IPCs: exact in any order
        left = False
        if land:
            for uid, _ in counts:
                if uid in land:
                    left = True
                    break
        return (self.size - units.size, spent, counts, left)


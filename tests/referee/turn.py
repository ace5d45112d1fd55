"""The referee's turn (docs/rules.md §9.5): every split of a pool over the battles, by brute force.

Each battle's armies are worked by the referee's own chain (:func:`.battle.calc`, in Fractions); a split
is one army per battle (the empty army: nobody sent, or nobody added) whose counts sum to at most the pool;
its swing is the sum of the battles' swings from the pool owner's side: the IPCs the other side loses, less
his own, plus (attacker) or less (defender) the territory's value times the chance it is taken. The best
split is found by listing every split, not by a programme over the battles as the project does, so the two
share neither code nor method. Nothing is imported from ``pycore``.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from .battle import calc
from .units import RULESETS


def _armies(pool: dict, may: set) -> list[dict]:
    kinds = [uid for uid in pool if uid in may]
    return [{uid: n for uid, n in zip(kinds, counts) if n}
            for counts in product(*(range(pool[uid] + 1) for uid in kinds))]


def _may(rid: str, kind: str, role: str, pool: dict) -> set:
    """docs/rules.md §2: who may fight where (an AA gun never attacks; ships at sea, land units on land)."""
    rs = RULESETS[rid]
    out = set()
    for uid in pool:
        domain = rs.unit(uid).domain
        if uid == "aa_gun":
            if role == "defender" and kind == "land":
                out.add(uid)
        elif (kind == "land" and domain != "sea") or (kind == "sea" and domain != "land"):
            out.add(uid)
    return out


def swing(request: dict, battle: dict, army: dict) -> tuple[Fraction, Fraction]:
    """(the chance the territory is taken, the battle's swing from the pool owner's side) with this army."""
    side = request.get("side", "attacker")
    value = battle.get("territory_value", 0)
    kind = battle.get("kind", "land")
    rs = RULESETS[request["ruleset"]]
    if side == "attacker":
        if not army:
            return Fraction(0), Fraction(0)
        sides = {"attacker": {"units": army}, "defender": battle["defender"]}
    else:
        there = dict(battle.get("defender", {}).get("units", {}))
        for uid, n in army.items():
            there[uid] = there.get(uid, 0) + n
        there = {uid: n for uid, n in there.items() if n}
        if not there:
            walks_in = any(rs.unit(uid).domain == "land" and n for uid, n in battle["attacker"]["units"].items())
            taken = Fraction(1 if walks_in else 0)
            return taken, -value * taken
        sides = {"attacker": battle["attacker"], "defender": {"units": there}}
    got = calc({"ruleset": request["ruleset"], "system": request["system"], "kind": kind, **sides})
    lost, takes = got["cost_lost"], got["takes_territory"]
    if side == "attacker":
        return takes, lost["defender"] - lost["attacker"] + value * takes
    return takes, lost["attacker"] - lost["defender"] - value * takes


def best_turn(request: dict) -> tuple[Fraction | None, list]:
    """(the greatest total swing, every split that reaches it) over every split of the pool."""
    side = request.get("side", "attacker")
    pool = request["available"]
    per_battle = []
    for battle in request["battles"]:
        may = _may(request["ruleset"], battle.get("kind", "land"), side, pool)
        worked = []
        for army in _armies(pool, may):
            takes, value = swing(request, battle, army)
            target = battle.get("target")
            if target is None or takes >= Fraction(repr(float(target))):
                worked.append((army, value))
        per_battle.append(worked)
    best, splits = None, []
    for split in product(*per_battle):
        used: dict = {}
        for army, _ in split:
            for uid, n in army.items():
                used[uid] = used.get(uid, 0) + n
        if any(n > pool.get(uid, 0) for uid, n in used.items()):
            continue
        rs = RULESETS[request["ruleset"]]
        if "budget" in request and sum(rs.unit(uid).cost * n for uid, n in used.items()) > request["budget"]:
            continue
        total = sum((value for _, value in split), Fraction(0))
        if best is None or total > best:
            best, splits = total, [[army for army, _ in split]]
        elif total == best:
            splits.append([army for army, _ in split])
    return best, splits

"""The referee's plan of attack: waves on one territory, then the counter-attack (docs/rules.md §9.1–§9.3).

Written from docs/rules.md alone, on the referee's own battle (``battle.Battle``); nothing from ``pycore``.

- Wave 1 is the request's own battle; each entry of ``waves`` the next. Wave k + 1 is a battle of its own
  (AA fire, bombardment, its own rules) against every army the defender may be left with, each with its
  probability; damaged two-hit units stay damaged unless ``repair_between_waves`` (§9.1).
- A wave's survivors never join a later wave. A wave that takes the territory (attacker_wins with a land
  unit that is not an AA gun, not at sea) ends the plan; at sea a fleet with nothing left ends it too.
- Take and hold (§9.2): the holders are the taking wave's land units and the AA guns captured there; the
  counter-attack is a land battle against them, fought to the end; ``holds`` = taken and not taken back.
- The attacker's rules air loss and strafe (§9.3) are checked after each round with the others.

Every path is followed on its own (no grouping), in Fractions.
"""

from __future__ import annotations

from fractions import Fraction

from .battle import OUTCOMES, Battle
from .casualties import as_army, counts
from .units import AIR, RULESETS

RULE_FIELDS = ("retreat_at_units", "retreat_below", "keep_land", "retreat_air_loss", "retreat_strafe", "rounds")


def _add(dist: dict, key, p) -> None:
    dist[key] = dist.get(key, 0) + p


class RuledBattle(Battle):
    """A referee battle from a given defender army, with the rules of docs/rules.md §9.3 read after a round."""

    def __init__(self, request: dict, defender: tuple | None = None):
        super().__init__(request, aa_casualties="chosen")
        if defender is not None:
            self.start["defender"] = defender
        self.air_loss = request.get("retreat_air_loss")
        self.strafe = request.get("retreat_strafe")

    def after_round(self, a: tuple, d: tuple):
        outcome, a2, d2 = super().after_round(a, d)
        if outcome is not None or (self.air_loss is None and self.strafe is None):
            return outcome, a2, d2
        step = self.round(a2, d2)
        if self.air_loss is not None:
            air = sum(n for uid, n in counts(a2).items() if self.rs.unit(uid).domain == AIR)
            lost = sum((q for (a3, _), q in step.items()
                        if sum(n for uid, n in counts(a3).items() if self.rs.unit(uid).domain == AIR) < air),
                       Fraction(0))
            if lost > Fraction(str(self.air_loss)):
                return "retreat", a2, d2
        if self.strafe is not None:
            wiped = sum((q for (a3, d3), q in step.items() if self.settle(a3, d3)[0] in ("attacker_wins", "draw")),
                        Fraction(0))
            if wiped > Fraction(str(self.strafe)):
                return "retreat", a2, d2
        return None, a2, d2


def _cost(rs, army: tuple) -> int:
    return sum(rs.unit(uid).cost * n for uid, n in counts(army).items())


def _size(army: tuple) -> int:
    return sum(counts(army).values())


def _takes(rs, kind: str, outcome: str, a: tuple) -> bool:
    return outcome == "attacker_wins" and kind != "sea" and any(
        rs.unit(uid).domain == "land" and uid != "aa_gun" for uid, _, _ in a)


def _wave_request(request: dict, wave: dict, first: bool) -> dict:
    out = {key: request[key] for key in ("ruleset", "system", "kind", "lhtr", "sub_rule") if key in request}
    out["attacker"] = wave["attacker"]
    out["defender"] = request["defender"]
    for key in RULE_FIELDS:
        if key in wave:
            out[key] = wave[key]
    if first and "round" in request:
        out["round"] = request["round"]
    return out


def plan(request: dict) -> dict:
    """The referee's answer to a ``calc`` request with ``waves`` and/or ``counter`` (Fractions)."""
    rs = RULESETS[request["ruleset"]]
    kind = request.get("kind", "land")
    value = request.get("territory_value", 0)
    first = {"attacker": request["attacker"], **{k: request[k] for k in RULE_FIELDS if k in request}}
    waves = [first] + list(request.get("waves", []))
    start = Battle(request, "chosen").start["defender"]
    live = {(0, 0, start): Fraction(1)}          # (units lost, IPCs lost by the attacker so far, defender)
    done: dict = {}                                # (units, IPCs, defender left, holders, outcome) -> p
    per_wave = []
    for k, wave in enumerate(waves):
        wreq = _wave_request(request, wave, k == 0)
        nxt: dict = {}
        outcome = {name: Fraction(0) for name in OUTCOMES}
        fights = attacker_left = Fraction(0)
        for (units, ipcs, d), p in live.items():
            battle = RuledBattle(wreq, None if k == 0 else d)
            a0 = battle.start["attacker"]
            fights += p
            for (name, a, dd), q in battle.ends().items():
                m = p * q
                outcome[name] += m
                if a:
                    attacker_left += m
                tag = (units + _size(a0) - _size(a), ipcs + _cost(rs, a0) - _cost(rs, a))
                if _takes(rs, kind, name, a):
                    left = as_army({uid: [i, dm] for uid, i, dm in dd if uid != "aa_gun"}, rs)
                    held = counts(a)
                    held = {uid: n for uid, n in held.items() if rs.unit(uid).domain == "land"}
                    for uid, n in counts(dd).items():
                        if uid == "aa_gun":
                            held[uid] = held.get(uid, 0) + n
                    _add(done, (*tag, left, tuple(sorted(held.items())), name), m)
                    continue
                if request.get("repair_between_waves"):
                    dd = as_army({uid: [n, 0] for uid, n in counts(dd).items()}, rs)
                if k + 1 == len(waves) or (kind == "sea" and not dd):
                    _add(done, (*tag, dd, None, name), m)
                else:
                    _add(nxt, (*tag, dd), m)
        standing = dict(done)
        for (units, ipcs, d), p in nxt.items():
            _add(standing, (units, ipcs, d, None, None), p)
        per_wave.append(_standing(rs, start, standing, value, fights, outcome, attacker_left))
        live = nxt
    got = per_wave[-1]
    outcome = {name: Fraction(0) for name in OUTCOMES}
    for (_, _, _, _, name), p in done.items():
        outcome[name] += p
    got = {**got, "outcome": outcome, "waves": per_wave}
    if "counter" in request:
        got.update(_counter(request, rs, start, done, value))
    return got


def _standing(rs, start: tuple, law: dict, value: int, fights, outcome: dict, attacker_left) -> dict:
    losses = {"attacker": {}, "defender": {}}
    swing: dict = {}
    taken = left = Fraction(0)
    cost = {"attacker": Fraction(0), "defender": Fraction(0)}
    for (units, ipcs, d, held, _), p in law.items():
        _add(losses["attacker"], units, p)
        _add(losses["defender"], _size(start) - _size(d), p)
        lost_d = _cost(rs, start) - _cost(rs, d)
        cost["attacker"] += p * ipcs
        cost["defender"] += p * lost_d
        _add(swing, lost_d - ipcs + (value if held is not None else 0), p)
        if held is not None:
            taken += p
        elif d:
            left += p
    return {"fights": fights, "wave_outcome": outcome, "attacker_left": attacker_left, "losses": losses,
            "swing": swing, "takes_territory": taken, "defender_left": left, "cost_lost": cost}


def _counter(request: dict, rs, start: tuple, done: dict, value: int) -> dict:
    spec = request["counter"]
    holders_side = spec.get("defender", {})
    c0 = None
    outcome = {name: Fraction(0) for name in OUTCOMES}
    retakes = Fraction(0)
    swing: dict = {}
    for (_units, ipcs, d, held, _), p in done.items():
        if held is None:
            _add(swing, _cost(rs, start) - _cost(rs, d) - ipcs, p)
            continue
        creq = {key: request[key] for key in ("ruleset", "system", "lhtr") if key in request}
        creq.update({"kind": "land", "attacker": spec["attacker"], "defender": {**holders_side, "units": dict(held)}})
        battle = Battle(creq, "chosen")
        c0 = battle.start["attacker"]
        h0 = battle.start["defender"]
        for (name, c, h), q in battle.ends().items():
            m = p * q
            outcome[name] += m
            again = _takes(rs, "land", name, c)
            if again:
                retakes += m
                h = tuple(row for row in h if row[0] != "aa_gun")
            lost_c = _cost(rs, c0) - _cost(rs, c)
            lost_h = _cost(rs, h0) - _cost(rs, h)
            _add(swing, _cost(rs, start) + lost_c - ipcs - lost_h + (0 if again else value), m)
    fights = sum((p for key, p in done.items() if key[3] is not None), Fraction(0))
    return {"counter_outcome": outcome, "retakes": retakes, "holds": fights - retakes, "exchange_swing": swing,
            "counter_fights": fights}

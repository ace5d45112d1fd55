"""The referee's plan of attack: waves on one territory, then the counter-attack (docs/rules.md §9.1–§9.3).

Written from docs/rules.md alone, on the referee's own battle (``battle.Battle``); nothing from ``pycore``.

- Wave 1 is the request's own battle; each entry of ``waves`` the next. Wave k + 1 is a battle of its own
  (AA fire, bombardment, its own rules) against every army the defender may be left with, each with its
  probability; damaged two-hit units stay damaged unless ``repair_between_waves`` (§9.1).
- A wave's survivors never join a later wave. A wave that takes the territory (attacker_wins with a land
  unit that is not an AA gun, not at sea) ends the plan; at sea a fleet with nothing left ends it too.
- Take and hold (§9.2): the holders are the taking wave's land units and the AA guns captured there; the
  counter-attack is a land battle against them, fought to the end; ``holds`` = taken and not taken back.
  At sea (with a counter-attack) a wave takes the zone when it wins with a ship left; the holders are its
  ships, damaged ones still damaged, and the fighters (then tactical bombers, never bombers) its carriers
  carry, two each (repaired first with ``repair_between_waves``); the counter-attack is a sea battle; ``holds`` = a holder's ship still afloat after it.
- ``counters``: counter-attacks in turn, each against the holders the one before left where they still
  hold (at sea the aircraft beyond the carriers left fly away between two, and are not lost).
- The attacker's rules air loss and strafe (§9.3) are checked after each round with the others.
- Reinforcements (§9.1): a wave's ``reinforce`` units join, intact, whatever the defender has left before that
  wave (an emptied territory too; at sea they keep the plan going). Once joined they are his: his losses and
  IPCs lost are counted from his start plus every reinforcement that joined on that path.
- A wave's ``defender_order_of_loss`` is the defender's order of loss in it and the waves after it (until
  another wave gives one); its ``territory_value`` is what the territory is worth where *it* takes it (the
  request's ``territory_value`` otherwise), in the swing and, with a counter-attack, in the exchange.
- A later wave with ``rounds`` 0 takes the opening fire (the AA guns at its aircraft) and retreats before
  round 1, unless that fire decided the battle (§9.1, "Retreat before round 1").

Every path is followed on its own (no grouping), in Fractions.
"""

from __future__ import annotations

from fractions import Fraction

from .battle import OUTCOMES, Battle
from .casualties import as_army, counts
from .units import AIR, RULESETS, SEA

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

    def ends(self) -> dict:
        """``rounds`` 0 (§9.1, "Retreat before round 1"): what the opening fire left undecided retreats."""
        got = super().ends()
        if self.rounds != 0:
            return got
        out: dict = {}
        for (name, a, d), p in got.items():
            _add(out, ("retreat" if name == "in_progress" else name, a, d), p)
        return out

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


def _ship(rs, army: tuple) -> bool:
    return any(rs.unit(uid).domain == SEA for uid, _, _ in army)


def _fleet(rs, army: tuple) -> tuple:
    """The fleet that holds a sea zone: its ships as they are, and what its carriers carry (two each)."""
    rows = {uid: [i, dm] for uid, i, dm in army if rs.unit(uid).domain == SEA}
    room = 2 * sum(i + dm for uid, (i, dm) in rows.items() if uid == "carrier")
    for uid in ("fighter", "tactical_bomber"):
        n = counts(army).get(uid, 0)
        if n and room:
            rows[uid] = [min(n, room), 0]
            room -= rows[uid][0]
    return as_army(rows, rs)


def _counter_list(request: dict) -> list:
    return [request["counter"]] if "counter" in request else list(request.get("counters", []))


def _wave_request(request: dict, wave: dict, first: bool, order) -> dict:
    out = {key: request[key] for key in ("ruleset", "system", "kind", "lhtr", "sub_rule") if key in request}
    out["attacker"] = wave["attacker"]
    out["defender"] = request["defender"] if order is None else {**request["defender"], "order_of_loss": order}
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
    # (units lost, IPCs lost by the attacker so far, (units, IPCs) joined the defender, defender) -> p
    live = {(0, 0, (0, 0, value), start): Fraction(1)}
    done: dict = {}                                # (units, IPCs, joined, defender left, holders, outcome) -> p
    per_wave = []
    order = None
    for k, wave in enumerate(waves):
        order = wave.get("defender_order_of_loss", order) if k else None
        wreq = _wave_request(request, wave, k == 0, order)
        worth = wave.get("territory_value", value) if k else value
        if wave.get("reinforce"):
            live = _joined(rs, live, wave["reinforce"]["units"])
        nxt: dict = {}
        outcome = {name: Fraction(0) for name in OUTCOMES}
        fights = attacker_left = Fraction(0)
        for (units, ipcs, came, d), p in live.items():
            battle = RuledBattle(wreq, None if k == 0 else d)
            a0 = battle.start["attacker"]
            fights += p
            for (name, a, dd), q in battle.ends().items():
                m = p * q
                outcome[name] += m
                if a:
                    attacker_left += m
                tag = (units + _size(a0) - _size(a), ipcs + _cost(rs, a0) - _cost(rs, a), came)
                if kind == "sea" and _counter_list(request) and name == "attacker_wins" and _ship(rs, a):
                    fleet = _fleet(rs, a)
                    if request.get("repair_between_waves"):
                        fleet = as_army({uid: [n, 0] for uid, n in counts(fleet).items()}, rs)
                    _add(done, (tag[0], tag[1], (*came[:2], worth), dd, fleet, name), m)
                    continue
                if _takes(rs, kind, name, a):
                    left = as_army({uid: [i, dm] for uid, i, dm in dd if uid != "aa_gun"}, rs)
                    held = counts(a)
                    held = {uid: n for uid, n in held.items() if rs.unit(uid).domain == "land"}
                    for uid, n in counts(dd).items():
                        if uid == "aa_gun":
                            held[uid] = held.get(uid, 0) + n
                    came = (*tag[2][:2], worth)           # the value this wave takes it at
                    _add(done, (tag[0], tag[1], came, left, as_army({uid: [n, 0] for uid, n in held.items()}, rs), name), m)
                    continue
                if request.get("repair_between_waves"):
                    dd = as_army({uid: [n, 0] for uid, n in counts(dd).items()}, rs)
                more = k + 1 < len(waves) and waves[k + 1].get("reinforce")
                if k + 1 == len(waves) or (kind == "sea" and not dd and not more):
                    _add(done, (*tag, dd, None, name), m)
                else:
                    _add(nxt, (*tag, dd), m)
        standing = dict(done)
        for (units, ipcs, came, d), p in nxt.items():
            _add(standing, (units, ipcs, came, d, None, None), p)
        per_wave.append(_standing(rs, start, standing, value, fights, outcome, attacker_left))
        live = nxt
    got = per_wave[-1]
    outcome = {name: Fraction(0) for name in OUTCOMES}
    for (_, _, _, _, _, name), p in done.items():
        outcome[name] += p
    got = {**got, "outcome": outcome, "waves": per_wave}
    if _counter_list(request):
        got.update(_counters(request, rs, start, done, value))
    return got


def _joined(rs, live: dict, units: dict) -> dict:
    """Every live path's defender with the reinforcements: intact units added to his rows."""
    out: dict = {}
    extra = (sum(units.values()), sum(rs.unit(uid).cost * n for uid, n in units.items()))
    for (a_units, ipcs, came, d), p in live.items():
        rows = {uid: [i, dm] for uid, i, dm in d}
        for uid, n in units.items():
            rows.setdefault(uid, [0, 0])[0] += n
        _add(out, (a_units, ipcs, (came[0] + extra[0], came[1] + extra[1], came[2]), as_army(rows, rs)), p)
    return out


def _standing(rs, start: tuple, law: dict, value: int, fights, outcome: dict, attacker_left) -> dict:
    losses = {"attacker": {}, "defender": {}}
    swing: dict = {}
    taken = left = Fraction(0)
    cost = {"attacker": Fraction(0), "defender": Fraction(0)}
    for (units, ipcs, came, d, held, _), p in law.items():
        _add(losses["attacker"], units, p)
        _add(losses["defender"], _size(start) + came[0] - _size(d), p)
        lost_d = _cost(rs, start) + came[1] - _cost(rs, d)
        cost["attacker"] += p * ipcs
        cost["defender"] += p * lost_d
        _add(swing, lost_d - ipcs + (came[2] if held is not None else 0), p)
        if held is not None:
            taken += p
        elif d:
            left += p
    return {"fights": fights, "wave_outcome": outcome, "attacker_left": attacker_left, "losses": losses,
            "swing": swing, "takes_territory": taken, "defender_left": left, "cost_lost": cost}


def _counter_ends(request: dict, spec: dict, kind: str, held: tuple) -> tuple:
    """One counter-attack against these holders: its attacker at the start, and its ends (Fractions)."""
    creq = {key: request[key] for key in ("ruleset", "system", "lhtr", "sub_rule") if key in request}
    creq.update({"kind": kind, "attacker": spec["attacker"],
                 "defender": {**spec.get("defender", {}), "units": counts(held) or {"infantry": 1}}})
    battle = Battle(creq, "chosen")
    battle.start["defender"] = held
    return battle.start["attacker"], battle.ends()


def _counters(request: dict, rs, start: tuple, done: dict, value: int) -> dict:
    """Every counter-attack in turn, every path followed on its own: (IPCs lost by the attacker before the
    holders, the counter-attackers' IPCs lost so far, holders) → p; the exchange's swing at each path's end."""
    kind = "sea" if request.get("kind", "land") == "sea" else "land"
    specs = _counter_list(request)
    swing: dict = {}
    live: dict = {}
    for (_units, ipcs, came, d, held, _), p in done.items():
        if held is None:
            _add(swing, _cost(rs, start) + came[1] - _cost(rs, d) - ipcs, p)
        else:
            _add(live, (ipcs, 0, came, held), p)
    per = []
    for k, spec in enumerate(specs):
        outcome = {name: Fraction(0) for name in OUTCOMES}
        retakes = fights = Fraction(0)
        nxt: dict = {}
        for (ipcs, lost_cs, came, held), p in live.items():
            fights += p
            c0, ends = _counter_ends(request, spec, kind, held)
            for (name, c, h), q in ends.items():
                m = p * q
                outcome[name] += m
                again = not _ship(rs, h) if kind == "sea" else _takes(rs, "land", name, c)
                lost = lost_cs + _cost(rs, c0) - _cost(rs, c)
                if again:
                    retakes += m
                    h = tuple(row for row in h if row[0] != "aa_gun")
                    _add(swing, _cost(rs, start) + came[1] + lost - ipcs - _cost(rs, held) + _cost(rs, h), m)
                elif k + 1 == len(specs):
                    _add(swing, _cost(rs, start) + came[1] + lost - ipcs - _cost(rs, held) + _cost(rs, h) + came[2], m)
                else:
                    stays = _fleet(rs, h) if kind == "sea" else h
                    if request.get("repair_between_waves"):
                        stays = as_army({uid: [n, 0] for uid, n in counts(stays).items()}, rs)
                    # the holders' losses in this one join the attacker's; those that fly away are no loss
                    _add(nxt, (ipcs + _cost(rs, held) - _cost(rs, h), lost, came, stays), m)
        per.append({"counter_outcome": outcome, "retakes": retakes, "holds": fights - retakes,
                    "counter_fights": fights})
        live = nxt
    return {**per[0], "holds": per[-1]["holds"], "counters": per, "exchange_swing": swing}


"""Comparing the referee's plans of attack with the project's ``calc`` (waves, counter-attack), and drawing them.

Only this module and ``compare`` touch ``pycore`` (through the JSON door, ``compare.project``).
"""

from __future__ import annotations

import random
from fractions import Fraction

from .battle import OUTCOMES, ROLES
from .compare import project, random_battle
from .plan import plan
from .units import RULESETS, RULESETS_IDS

SYSTEMS = ("dice", "lowluck", "biased")


def _law_rows(name: str, mine: dict, theirs: dict) -> list:
    keys = {str(k) for k in mine} | set(theirs)
    return [(f"{name}.{k}", float(mine.get(int(k), 0)), theirs.get(k, 0.0)) for k in keys]


def differences(request: dict) -> tuple[float, list, str]:
    """max |referee − project| over the plan's laws, each wave's, the counter-attack's; rows beyond 1e-9."""
    mine, theirs = plan(request), project(request)
    rows = [(f"outcome.{n}", float(mine["outcome"][n]), theirs["outcome"].get(n, 0.0)) for n in OUTCOMES]
    rows.append(("takes_territory", float(mine["takes_territory"]), theirs["takes_territory"]))
    for role in ROLES:
        rows += _law_rows(f"losses.{role}", mine["losses"][role], theirs["losses"][role])
        rows.append((f"cost_lost.{role}", float(mine["cost_lost"][role]), theirs["cost_lost"][role]))
    rows += _law_rows("swing", mine["swing"], theirs["swing"])
    for k, (w, t) in enumerate(zip(mine["waves"], theirs["waves"])):
        for field in ("fights", "takes_territory", "defender_left", "attacker_left"):
            rows.append((f"waves[{k}].{field}", float(w[field]), t[field]))
        for n in OUTCOMES:
            rows.append((f"waves[{k}].outcome.{n}", float(w["wave_outcome"][n]), t["outcome"].get(n, 0.0)))
        rows += _law_rows(f"waves[{k}].swing", w["swing"], t["swing"])
    assert len(mine["waves"]) == len(theirs["waves"])
    if "counter" in request or "counters" in request:
        rows.append(("holds", float(mine["holds"]), theirs["holds"]))
        rows.append(("counter.retakes", float(mine["retakes"]), theirs["counter"]["retakes"]))
        rows.append(("counter.fights", float(mine["counter_fights"]), theirs["counter"]["fights"]))
        for n in OUTCOMES:
            rows.append((f"counter.outcome.{n}", float(mine["counter_outcome"][n]),
                         theirs["counter"]["outcome"].get(n, 0.0)))
        rows += _law_rows("exchange.swing", mine["exchange_swing"], theirs["exchange"]["swing"])
    if len(mine.get("counters", ())) > 1:
        assert len(mine["counters"]) == len(theirs["counters"])
        for k, (m, t) in enumerate(zip(mine["counters"], theirs["counters"])):
            rows += [(f"counters[{k}].holds", float(m["holds"]), t["holds"]),
                     (f"counters[{k}].retakes", float(m["retakes"]), t["retakes"]),
                     (f"counters[{k}].fights", float(m["counter_fights"]), t["fights"])]
            rows += [(f"counters[{k}].outcome.{n}", float(m["counter_outcome"][n]), t["outcome"].get(n, 0.0))
                     for n in OUTCOMES]
    worst = max(abs(a - b) for _, a, b in rows)
    bad = [r for r in rows if abs(r[1] - r[2]) > 1e-9 * (max(1.0, abs(r[1])) if r[0].startswith("cost") else 1)]
    return worst, bad, theirs["method"]


def exact_differences(request: dict) -> list:
    """The project's ``exact`` fractions against the referee's, to the last digit (plan and waves)."""
    mine, theirs = plan(request), project({**request, "exact": True})
    rows = [(f"outcome.{n}", mine["outcome"][n], Fraction(theirs["exact_outcome"].get(n, "0"))) for n in OUTCOMES]
    rows.append(("takes_territory", mine["takes_territory"], Fraction(theirs["exact_takes_territory"])))
    for k, (w, t) in enumerate(zip(mine["waves"], theirs["waves"])):
        rows.append((f"waves[{k}].defender_left", w["defender_left"], Fraction(t["exact_defender_left"])))
        keys = {str(x) for x in w["swing"]} | set(t["exact_swing"])
        rows += [(f"waves[{k}].swing.{x}", w["swing"].get(int(x), Fraction(0)), Fraction(t["exact_swing"].get(x, "0")))
                 for x in keys]
    if "counter" in request or "counters" in request:
        rows.append(("holds", mine["holds"], Fraction(theirs["exact_holds"])))
        keys = {str(x) for x in mine["exchange_swing"]} | set(theirs["exchange"]["exact_swing"])
        rows += [(f"exchange.swing.{x}", mine["exchange_swing"].get(int(x), Fraction(0)),
                  Fraction(theirs["exchange"]["exact_swing"].get(x, "0"))) for x in keys]
    return [row for row in rows if row[1] != row[2]]


def _side(rng: random.Random, rs, kind: str, most: int) -> dict:
    allowed = list(rs.battle_units[kind]["attacker"])
    units: dict = {}
    if kind == "amphibious":
        units[rng.choice([u for u in allowed if rs.unit(u).domain == "land"])] = 1
    kinds = rng.sample(allowed, k=min(len(allowed), rng.randint(1, 3)))
    for _ in range(rng.randint(1, most)):
        uid = rng.choice(kinds)
        units[uid] = units.get(uid, 0) + 1
    if kind == "amphibious":
        ships = sum(n for u, n in units.items() if rs.unit(u).domain == "sea")
        if ships > 2:
            units = {u: n for u, n in units.items() if rs.unit(u).domain != "sea"} or {allowed[0]: 1}
    return {"units": units}


def _rules(rng: random.Random, wave: dict, kind: str) -> None:
    """Sometimes a round limit, and on land the attacker's rules (docs/rules.md §9, §9.3)."""
    roll = rng.random()
    if roll < 0.15:
        wave["rounds"] = rng.randint(1, 2)
    if kind != "land":
        return
    roll = rng.random()
    if roll < 0.15:
        wave["retreat_at_units"] = rng.randint(0, 2)
    elif roll < 0.3:
        wave["retreat_air_loss"] = rng.choice((0, 0.2, 0.5))
    elif roll < 0.45:
        wave["retreat_strafe"] = rng.choice((0.3, 0.6, 0.9))
    elif roll < 0.55:
        wave["retreat_below"] = rng.choice((0.2, 0.5))
    if rng.random() < 0.2:
        wave["keep_land"] = True


def random_plan(rng: random.Random, rid: str, system: str, kind: str, counter: bool, several: bool = False) -> dict:
    """A random plan: a small battle as wave 1, one or two more waves, on land sometimes rules, a territory
    value, and (``counter``) a counter-attack of land and air units (at sea a fleet and aircraft); ``several``:
    two counter-attacks in turn (``counters``)."""
    rs = RULESETS[rid]
    request = random_battle(rng, rid, "dice", kind, (2, 7))
    request["system"] = {"name": system}
    request.pop("rounds", None)
    if kind == "sea" and rng.random() < 0.6:
        # a two-hit ship, so that later waves meet it damaged (docs/rules.md §9.1)
        sturdy = [u for u in rs.battle_units["sea"]["defender"] if rs.unit(u).hit_points > 1]
        if sturdy:
            uid = rng.choice(sturdy)
            request["defender"]["units"][uid] = request["defender"]["units"].get(uid, 0) + 1
    _rules(rng, request, kind)
    request["waves"] = []
    for _ in range(rng.randint(1, 2)):
        wave = {"attacker": _side(rng, rs, kind, 3)}
        _rules(rng, wave, kind)
        request["waves"].append(wave)
    if rng.random() < 0.5:
        request["territory_value"] = rng.choice((2, 5, 10, -3))
    if kind == "sea" and rng.random() < 0.3:
        request["repair_between_waves"] = True
    if counter:
        where = "sea" if kind == "sea" else "land"
        request["counter"] = {"attacker": _side(rng, rs, where, 4 if where == "land" else 3)}
        if rng.random() < 0.3:
            order = list(rs.order_of_loss["defender"])
            rng.shuffle(order)
            request["counter"]["defender"] = {"order_of_loss": order[:3]}
        if several:
            request["counters"] = [request.pop("counter"), {"attacker": _side(rng, rs, where, 2)}]
    return request


def plans(seed: int, kinds: tuple, counter: bool, per_combo: int = 1, several: bool = False) -> list:
    """``per_combo`` random plans per ruleset × system × kind."""
    rng = random.Random(f"{seed}/plans/{counter}" + ("/several" if several else ""))
    return [random_plan(rng, rid, system, kind, counter, several)
            for rid in RULESETS_IDS for system in SYSTEMS for kind in kinds for _ in range(per_combo)]

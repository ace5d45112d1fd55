"""Comparing the referee with the project's ``calc`` op, and drawing random battles to compare on.

The op is called the way the page calls it: a JSON string through ``pycore.api.handle`` (as
``tests/core/helpers.py`` does). Only this module, never the referee's, touches ``pycore``.
"""

from __future__ import annotations

import json
import random

from .battle import OUTCOMES, ROLES, calc
from .units import RULESETS, RULESETS_IDS


def project(request: dict) -> dict:
    """The project's answer, through the JSON door."""
    from pycore.api import handle

    envelope = json.loads(handle(json.dumps({"op": "calc", **request})))
    assert envelope["ok"], envelope
    return envelope["result"]


def differences(request: dict, aa_casualties: str = "chosen", compare_rounds: bool = True) -> tuple[float, list, str]:
    """max |referee − project| over outcome, losses and survivors, and where it is largest."""
    mine, theirs = calc(request, aa_casualties), project(request)
    rows = []
    for name in OUTCOMES:
        rows.append((f"outcome.{name}", float(mine["outcome"][name]), theirs["outcome"].get(name, 0.0)))
    for role in ROLES:
        keys = {str(k) for k in mine["losses"][role]} | set(theirs["losses"][role])
        for k in keys:
            rows.append((f"losses.{role}.{k}", float(mine["losses"][role].get(int(k), 0)),
                         theirs["losses"][role].get(k, 0.0)))
        keys = set(mine["survivors"][role]) | set(theirs["survivors"][role])
        for uid in keys:
            rows.append((f"survivors.{role}.{uid}", float(mine["survivors"][role].get(uid, 0)),
                         theirs["survivors"][role].get(uid, 0.0)))
    for role in ROLES:
        rows.append((f"cost_lost.{role}", float(mine["cost_lost"][role]), theirs["cost_lost"][role]))
    rows.append(("takes_territory", float(mine["takes_territory"]), theirs["takes_territory"]))
    if compare_rounds:
        rows.append(("rounds", float(mine["rounds"]), theirs["rounds"]))
    worst = max(abs(a - b) for _, a, b in rows)
    return worst, [r for r in rows if abs(r[1] - r[2]) > _tolerance(r[0], r[1])], theirs["method"]


def _tolerance(name: str, value: float) -> float:
    """1e-9 for a probability; for an expectation (IPCs lost, units left, rounds) 1e-9 of its size, since
    the project's pruned mass (at most ~1e-10) weighs every end by its value."""
    if name.startswith(("cost_lost", "survivors", "rounds")):
        return 1e-9 * max(1.0, abs(value))
    return 1e-9


def random_battle(rng: random.Random, ruleset: str, system: str, kind: str, size: tuple[int, int]) -> dict:
    """A random battle of ``kind`` with between ``size[0]`` and ``size[1]`` units in all (ships that
    bombard included), each side non-empty, sometimes with a shuffled order of loss."""
    rs = RULESETS[ruleset]
    total = rng.randint(*size)
    while True:
        sides = {}
        for role in ROLES:
            allowed = list(rs.battle_units[kind][role])
            if kind == "amphibious" and role == "attacker":
                land = [u for u in allowed if rs.unit(u).domain == "land"]
                units = {rng.choice(land): 1}  # an amphibious assault lands someone
            else:
                units = {}
            kinds = rng.sample(allowed, k=min(len(allowed), rng.randint(1, 4)))
            n = max(1, total // 2 + rng.randint(-1, 1)) - sum(units.values())
            for _ in range(max(n, 0) if units else max(n, 1)):
                uid = rng.choice(kinds)
                units[uid] = units.get(uid, 0) + 1
            if kind == "land" and role == "defender" and rng.random() < 0.5:
                units["aa_gun"] = rng.choice((1, 1, 2))
            if kind == "amphibious" and role == "defender" and rng.random() < 0.4:
                units["aa_gun"] = 1
            if kind == "amphibious" and role == "attacker" and rng.random() < 0.7:
                ships = [u for u in allowed if rs.unit(u).domain == "sea"]
                uid = rng.choice(ships)
                units[uid] = units.get(uid, 0) + rng.randint(1, 2)
            side = {"units": units}
            if rng.random() < 0.25:
                order = list(rs.order_of_loss[role])
                rng.shuffle(order)
                side["order_of_loss"] = order[: rng.randint(1, len(order))]
            sides[role] = side
        size_now = sum(sum(side["units"].values()) for side in sides.values())
        if size[0] <= size_now <= size[1] and any(u != "aa_gun" for u in sides["defender"]["units"]):
            break
    request = {"ruleset": ruleset, "system": {"name": system}, "kind": kind, **sides}
    if rng.random() < 0.2:
        request["rounds"] = rng.randint(1, 3)
    return request


def battles(seed: int, kind: str, per_combo: int, size: tuple[int, int]) -> list:
    """``per_combo`` random battles of ``kind`` for every ruleset × {dice, Low Luck}, from ``seed``."""
    rng = random.Random(f"{seed}/{kind}")
    return [random_battle(rng, rid, system, kind, size)
            for rid in RULESETS_IDS for system in ("dice", "lowluck") for _ in range(per_combo)]


def exact_differences(request: dict, aa_casualties: str = "chosen") -> list:
    """Where the project's ``exact`` answer (fraction strings, the general chain) differs from the
    referee's: (field, referee, project) with both as Fractions; empty when equal to the last digit."""
    from fractions import Fraction

    mine, theirs = calc(request, aa_casualties), project({**request, "exact": True})
    rows = []
    for name in OUTCOMES:
        rows.append((f"outcome.{name}", mine["outcome"][name], Fraction(theirs["exact_outcome"].get(name, "0"))))
    for role in ROLES:
        keys = {str(k) for k in mine["losses"][role]} | set(theirs["exact_losses"][role])
        for k in keys:
            rows.append((f"losses.{role}.{k}", mine["losses"][role].get(int(k), Fraction(0)),
                         Fraction(theirs["exact_losses"][role].get(k, "0"))))
    rows.append(("takes_territory", mine["takes_territory"], Fraction(theirs["exact_takes_territory"])))
    rows.append(("rounds", mine["rounds"], Fraction(theirs["exact_rounds"])))
    return [row for row in rows if row[1] != row[2]]


def air_battles(seed: int, per_combo: int) -> list:
    """Land battles heavy in aircraft against AA guns (blocks of 6 under Low Luck, 3 shots per gun from
    anniversary on): 0–13 aircraft of each of the ruleset's types (6 at least), up to 2 land units,
    against 1–4 defenders and 1–2 AA guns."""
    rng = random.Random(f"{seed}/air")
    got = []
    for rid in RULESETS_IDS:
        rs = RULESETS[rid]
        air = [u for u in rs.battle_units["land"]["attacker"] if rs.unit(u).domain == "air"]
        land = [u for u in rs.battle_units["land"]["attacker"] if rs.unit(u).domain == "land"]
        for system in ("dice", "lowluck"):
            for _ in range(per_combo):
                attacker: dict = {}
                while sum(attacker.values()) < 6:
                    attacker = {uid: rng.randint(0, 13) for uid in air}
                attacker = {uid: n for uid, n in attacker.items() if n}
                for _ in range(rng.randint(0, 2)):
                    uid = rng.choice(land)
                    attacker[uid] = attacker.get(uid, 0) + 1
                defender = {"aa_gun": rng.choice((1, 1, 2))}
                for _ in range(rng.randint(1, 4)):
                    uid = rng.choice(land)
                    defender[uid] = defender.get(uid, 0) + 1
                request = {"ruleset": rid, "system": {"name": system}, "kind": "land",
                           "attacker": {"units": attacker}, "defender": {"units": defender}}
                if rng.random() < 0.3:
                    request["rounds"] = rng.randint(1, 2)
                got.append(request)
    return got


def features(request: dict) -> set:
    """The rules a battle exercises (to show that the random sets cover them)."""
    rs = RULESETS[request["ruleset"]]
    a, d = request["attacker"]["units"], request["defender"]["units"]
    got = set()
    both = list(a) + list(d)
    if "submarine" in both:
        got.add("subs")
    for mine, theirs in ((a, d), (d, a)):
        if mine.get("submarine") and any(rs.unit(u).domain == "air" for u in theirs):
            got.add("subs v aircraft")
        if mine.get("submarine") and theirs.get("destroyer"):
            got.add("sub strike v destroyer")
        if (rs.aircraft_need_destroyer and any(rs.unit(u).domain == "air" for u in mine)
                and not mine.get("destroyer") and theirs.get("submarine")):
            got.add("aircraft without destroyer v subs")
    fighting = both if request.get("kind") != "amphibious" else [u for u in both if rs.unit(u).domain != "sea"]
    if any(rs.unit(u).hit_points > 1 for u in fighting):
        got.add("two-hit units")
    if "transport" in both:
        got.add("defenseless transports" if rs.transports_defenseless else "transports")
    if "carrier" in both:
        got.add("carriers")
    if d.get("aa_gun") and any(rs.unit(u).domain == "air" for u in a):
        got.add("AA fire")
    if request.get("kind") == "amphibious" and any(rs.unit(u).domain == "sea" for u in a):
        got.add("bombardment")
    if a.get("artillery") and any(a.get(u) for u in rs.support_receivers):
        got.add("artillery support")
    if a.get("tactical_bomber") and (a.get("fighter") or a.get("tank")):
        got.add("tactical bomber pairing")
    if "order_of_loss" in request["attacker"] or "order_of_loss" in request["defender"]:
        got.add("order of loss")
    if "rounds" in request:
        got.add("round limit")
    if request["attacker"].get("tech") or request["defender"].get("tech"):
        got.add("tech")
    if request.get("lhtr"):
        got.add("lhtr")
    if request.get("round", 1) > 1:
        got.add("odds from here")
    if request["attacker"].get("damaged") or request["defender"].get("damaged"):
        got.add("damaged")
    if request["attacker"].get("fold_subs"):
        got.add("fold_subs")
    for option in ("retreat_at_units", "retreat_below", "keep_land"):
        if option in request:
            got.add(option)
    return got


TECHS = ("jet_power", "super_subs", "heavy_bombers", "radar", "advanced_artillery")


def option_battles(seed: int, per_combo: int) -> list:
    """Random battles of every kind with the request's other options: technology per side (docs/rules.md §5),
    ``lhtr``, "odds from here" (``round`` 2 with ``damaged`` two-hit units) and, under Low Luck, the
    attacker's ``fold_subs`` (seed 000 §5b)."""
    rng = random.Random(f"{seed}/options")
    got = []
    for rid in RULESETS_IDS:
        rs = RULESETS[rid]
        for system in ("dice", "lowluck"):
            for i in range(per_combo):
                kind = ("land", "sea", "amphibious")[i % 3]
                request = random_battle(rng, rid, system, kind, (2, 12 if kind == "sea" else 16))
                request.pop("rounds", None)
                for role in ROLES:
                    if rng.random() < 0.7:
                        request[role]["tech"] = rng.sample(TECHS, k=rng.randint(1, 3))
                if rng.random() < 0.4:
                    request["lhtr"] = True
                if rng.random() < (0.6 if kind == "sea" else 0.2):
                    request["round"] = 2
                    for role in ROLES:
                        units = request[role]["units"]
                        two = [u for u in units if rs.unit(u).hit_points > 1
                               and not (kind == "amphibious" and role == "attacker")]
                        if two:
                            uid = rng.choice(two)
                            request[role]["damaged"] = {uid: rng.randint(1, units[uid])}
                if system == "lowluck" and kind == "sea" and rng.random() < 0.7:
                    units = request["attacker"]["units"]
                    units["submarine"] = units.get("submarine", 0) + rng.randint(1, 3)
                subs = request["attacker"]["units"].get("submarine", 0)
                if system == "lowluck" and subs and rng.random() < 0.8:
                    request["attacker"]["fold_subs"] = rng.randint(1, subs)
                if rng.random() < 0.2:
                    request["rounds"] = rng.randint(1, 3)
                got.append(request)
    return got


def choice_battles(seed: int, per_combo: int) -> list:
    """Random land battles with the attacker's rules (docs/rules.md "The attacker's rules"): retreat at N
    units, retreat below a chance to win, keep one land unit; amphibious ones with ``keep_land`` only
    (land units that came from the sea cannot retreat)."""
    rng = random.Random(f"{seed}/choices")
    got = []
    for rid in RULESETS_IDS:
        for system in ("dice", "lowluck"):
            for i in range(per_combo):
                kind = "amphibious" if i % 4 == 3 else "land"
                request = random_battle(rng, rid, system, kind, (2, 14))
                if kind == "land":
                    pick = rng.randint(0, 3)
                    if pick in (0, 2):
                        request["retreat_at_units"] = rng.randint(0, 3)
                    if pick in (1, 2):
                        request["retreat_below"] = rng.choice((0.27, 0.33, 0.45, 0.62))
                    if rng.random() < 0.5:
                        request["keep_land"] = True
                else:
                    request["keep_land"] = True
                got.append(request)
    return got


PRINTED_SUB_RULESETS = ("anniversary", "1942-2e", "1940-2e")
"""Where the printed rule books' sub step differs from seed 002's (docs/rules.md §2 "The sub step")."""


def printed_sub_battles(seed: int, per_combo: int, size: tuple[int, int] = (4, 10)) -> list:
    """Sea battles under ``sub_rule: "printed"`` where the two readings can part: the attacker brings subs
    and aircraft, the defender a destroyer, often subs (so aircraft without a destroyer fire apart), and
    0–3 more ships or aircraft (two-hit units, transports among them); sometimes the attacker a destroyer
    too, a shuffled order of loss, a round limit. ``per_combo`` battles for each of those rulesets ×
    {dice, Low Luck}."""
    rng = random.Random(f"{seed}/printed-subs")
    got = []
    for rid in PRINTED_SUB_RULESETS:
        rs = RULESETS[rid]
        ships = [u for u in rs.battle_units["sea"]["defender"] if rs.unit(u).domain == "sea"]
        air = [u for u in rs.battle_units["sea"]["attacker"] if rs.unit(u).domain == "air"]
        for system in ("dice", "lowluck"):
            for _ in range(per_combo):
                while True:
                    attacker = {"submarine": rng.randint(1, 3), rng.choice(air): rng.randint(1, 2)}
                    if rng.random() < 0.3:
                        attacker["destroyer"] = 1
                    defender = {"destroyer": rng.randint(1, 2)}
                    if rng.random() < 0.75:
                        defender["submarine"] = rng.randint(1, 2)
                    for _ in range(rng.randint(0, 3)):
                        uid = rng.choice(ships + air)
                        defender[uid] = defender.get(uid, 0) + 1
                    total = sum(attacker.values()) + sum(defender.values())
                    if size[0] <= total <= size[1]:
                        break
                request = {"ruleset": rid, "system": {"name": system}, "kind": "sea", "sub_rule": "printed",
                           "attacker": {"units": attacker}, "defender": {"units": defender}}
                if rng.random() < 0.25:
                    order = list(rs.order_of_loss["defender"])
                    rng.shuffle(order)
                    request["defender"]["order_of_loss"] = order
                if rng.random() < 0.25:
                    request["rounds"] = rng.randint(1, 2)
                got.append(request)
    return got


def diving_battles(seed: int, per_combo: int, size: tuple[int, int] = (2, 8)) -> list:
    """Sea battles with the ``submerge`` option (docs/rules.md §9 "Submerging"): subs on the side(s) that
    submerge (1–2, sometimes beside the other side's subs), often a destroyer on either side (which holds the
    enemy's subs in the fight until it sinks), and 0–3 more ships or aircraft; under the printed sub step too
    where a ruleset has it. ``per_combo`` battles for each ruleset with subs × {dice, Low Luck}."""
    rng = random.Random(f"{seed}/submerge")
    got = []
    for rid in RULESETS_IDS:
        rs = RULESETS[rid]
        pool = [u for u in rs.battle_units["sea"]["defender"] if u != "submarine"]
        if "submarine" not in rs.units:
            continue
        for system in ("dice", "lowluck"):
            for _ in range(per_combo):
                dive = rng.choice((("attacker",), ("defender",), ("attacker", "defender")))
                while True:
                    sides: dict = {}
                    for role in ROLES:
                        units = {"submarine": rng.randint(1, 2)} if role in dive or rng.random() < 0.3 else {}
                        if "destroyer" in rs.units and rng.random() < 0.4:
                            units["destroyer"] = 1
                        for _ in range(rng.randint(0 if units else 1, 3)):
                            uid = rng.choice(pool)
                            units[uid] = units.get(uid, 0) + 1
                        sides[role] = {"units": units}
                    total = sum(sum(side["units"].values()) for side in sides.values())
                    if size[0] <= total <= size[1]:
                        break
                request = {"ruleset": rid, "system": {"name": system}, "kind": "sea", **sides,
                           "submerge": {role: True for role in dive}}
                if rid in PRINTED_SUB_RULESETS and rng.random() < 0.3:
                    request["sub_rule"] = "printed"
                got.append(request)
    return got


def destroyer_last_battles(seed: int, per_combo: int, size: tuple[int, int] = (3, 9)) -> list:
    """Sea battles with the ``destroyer_last`` option (docs/rules.md §9 "Destroyers kept last"): 1–2 destroyers on
    the side(s) that keep one last, cheaper and dearer units beside them (subs, transports, aircraft, two-hit
    ships), often the enemy's subs (which the kept destroyer holds in the fight) and aircraft; sometimes a
    shuffled order of loss, a round limit, the printed sub step, or subs that submerge. ``per_combo`` battles for
    each ruleset with destroyers × {dice, Low Luck}."""
    rng = random.Random(f"{seed}/destroyer-last")
    got = []
    for rid in RULESETS_IDS:
        rs = RULESETS[rid]
        if "destroyer" not in rs.units:
            continue
        pool = list(rs.battle_units["sea"]["defender"])
        for system in ("dice", "lowluck"):
            for _ in range(per_combo):
                keep = rng.choice((("attacker",), ("defender",), ("attacker", "defender")))
                while True:
                    sides: dict = {}
                    for role in ROLES:
                        units = {"destroyer": rng.randint(1, 2)} if role in keep else {}
                        if rng.random() < 0.6:
                            units["submarine"] = units.get("submarine", 0) + rng.randint(1, 2)
                        for _ in range(rng.randint(1, 3)):
                            uid = rng.choice(pool)
                            units[uid] = units.get(uid, 0) + 1
                        side = {"units": units}
                        if rng.random() < 0.25:
                            order = list(rs.order_of_loss[role])
                            rng.shuffle(order)
                            side["order_of_loss"] = order
                        sides[role] = side
                    total = sum(sum(side["units"].values()) for side in sides.values())
                    if size[0] <= total <= size[1]:
                        break
                request = {"ruleset": rid, "system": {"name": system}, "kind": "sea", **sides,
                           "destroyer_last": {role: True for role in keep}}
                if rid in PRINTED_SUB_RULESETS and rng.random() < 0.3:
                    request["sub_rule"] = "printed"
                if rng.random() < 0.2:
                    request["rounds"] = rng.randint(1, 2)
                elif rng.random() < 0.25:
                    request["submerge"] = {"attacker": True, "defender": True}
                got.append(request)
    return got


def crash_battles(seed: int, per_combo: int, size: tuple[int, int] = (3, 9)) -> list:
    """Sea battles with the ``crash_fighters`` option (docs/rules.md §9 "Fighters that crash"): the defender has
    1–4 aircraft of his types and 0–1 carrier beside 0–2 other ships, against a fleet that can sink carriers;
    sometimes a shuffled order of loss, a round limit, subs that submerge. ``per_combo`` battles for each ruleset
    × {dice, Low Luck}."""
    rng = random.Random(f"{seed}/crash")
    got = []
    for rid in RULESETS_IDS:
        rs = RULESETS[rid]
        air = [u for u in rs.battle_units["sea"]["defender"] if rs.unit(u).domain == "air"]
        ships = [u for u in rs.battle_units["sea"]["defender"] if rs.unit(u).domain == "sea" and u != "carrier"]
        for system in ("dice", "lowluck"):
            for _ in range(per_combo):
                while True:
                    defender: dict = {}
                    for _ in range(rng.randint(1, 4)):
                        uid = rng.choice(air)
                        defender[uid] = defender.get(uid, 0) + 1
                    if rng.random() < 0.7:
                        defender["carrier"] = 1
                    for _ in range(rng.randint(0, 2)):
                        uid = rng.choice(ships)
                        defender[uid] = defender.get(uid, 0) + 1
                    attacker: dict = {}
                    for _ in range(rng.randint(1, 4)):
                        uid = rng.choice(ships + air)
                        attacker[uid] = attacker.get(uid, 0) + 1
                    total = sum(attacker.values()) + sum(defender.values())
                    if size[0] <= total <= size[1]:
                        break
                request = {"ruleset": rid, "system": {"name": system}, "kind": "sea", "crash_fighters": True,
                           "attacker": {"units": attacker}, "defender": {"units": defender}}
                if rng.random() < 0.3:
                    order = list(rs.order_of_loss["defender"])
                    rng.shuffle(order)
                    request["defender"]["order_of_loss"] = order
                if rng.random() < 0.2:
                    request["rounds"] = rng.randint(1, 2)
                elif "submarine" in rs.units and rng.random() < 0.3:
                    request["submerge"] = {"defender": True}
                    request["defender"]["units"]["submarine"] = 1
                got.append(request)
    return got

"""A recorded set of requests and the core's responses, to prove a refactor changes no behaviour.

``python3 tools/record_responses.py`` writes ``tests/core/data/recorded.jsonl.gz``:
several hundred requests over every op and every luck system — seeded and
referee battles (the referee ones fed die by die from the pauses the core
asks for), casualty choices, calculations, links, WiF, research, bombing,
and bad requests — each with the response ``api.handle`` gave when it was
recorded. ``tests/core/test_recorded.py`` replays them and asserts every
response is byte-identical.

Re-record only when a change is *meant* to change a response (a rule fix):
the diff of the decompressed file is then the list of what changed, to be
read before committing it.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pycore.api import handle  # noqa: E402

OUT = ROOT / "tests" / "core" / "data" / "recorded.jsonl.gz"
RULESETS = ("classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942")
VARIANTS = ("orthodox", "ryof", "ryof6", "cof", "cofr")


def call(request: dict) -> dict:
    return json.loads(handle(json.dumps(request)))


def battle_units() -> dict:
    info = call({"op": "rulesets"})["result"]
    return {rs["id"]: rs["battle_units"] for rs in info["rulesets"]}


def side(rng: random.Random, units: list[str], most: int) -> dict:
    picked = rng.sample(units, k=min(len(units), rng.randint(1, 3)))
    counts = {u: rng.randint(1, most) for u in picked}
    return {"units": counts}


def systems(rng: random.Random) -> list[dict]:
    return [{"name": "dice"}, {"name": "lowluck"}, {"name": "colored"},
            {"name": "chess", "variant": rng.choice(VARIANTS)}]


def battles(rng: random.Random, units: dict, count: int, most: int) -> list[dict]:
    out = []
    while len(out) < count:
        ruleset = rng.choice(RULESETS)
        kind = rng.choice(("land", "land", "sea", "amphibious"))
        system = rng.choice(systems(rng))
        if system["name"] == "colored" and kind == "amphibious":
            kind = "land"
        pool = units[ruleset][kind]
        attacker = side(rng, [u for u in pool["attacker"] if u != "aa_gun"], most)
        defender = side(rng, pool["defender"], most)
        if kind == "amphibious" and not any(u in attacker["units"] for u in ("infantry", "tank", "artillery")):
            attacker["units"]["infantry"] = 2
        if all(u == "aa_gun" for u in defender["units"]):
            defender["units"]["infantry"] = 1
        out.append({"ruleset": ruleset, "system": system, "kind": kind, "attacker": attacker, "defender": defender})
    return out


def referee(battle: dict, rng: random.Random, record: list) -> None:
    """Feed a referee battle the dice it asks for, pause by pause, recording every step."""
    request = {"op": "resolve", **battle, "dice": [{}]}
    colored = battle["system"]["name"] == "colored"
    for _ in range(12):
        response = call(request)
        record.append((json.loads(json.dumps(request)), response))
        if not response["ok"]:
            return
        result = response["result"]
        needed = result.get("next_dice") or []
        if not needed:
            return
        rounds = request["dice"]
        for want in needed:
            number = want["round"]
            while len(rounds) < number:
                rounds.append({})
            entry = rounds[number - 1].setdefault(want["side"], {})
            group = want.get("color") if colored else want["group"]
            entry[group] = [rng.randint(1, want.get("sides", 6)) for _ in range(want["count"])]


def requests(rng: random.Random) -> list[tuple[dict, dict]]:
    units = battle_units()
    record: list[tuple[dict, dict]] = []

    def add(request: dict) -> dict:
        response = call(request)
        record.append((request, response))
        return response

    add({"op": "rulesets"})
    # Seeded battles, fought to the end and round by round, with choices.
    for i, battle in enumerate(battles(rng, units, 160, 6)):
        request = {"op": "resolve", **battle, "seed": f"rec-{i}"}
        if i % 4 == 1:
            request["rounds"] = rng.randint(1, 3)
        if i % 7 == 2:
            request["choices"] = ["press", "retreat"]
        if i % 5 == 3:
            request["choose_casualties"] = True
        if i % 11 == 4 and battle["system"]["name"] == "colored":
            request["choose_boosts"] = True
        response = add(request)
        if response["ok"] and response["result"].get("link"):
            add({"op": "share", "decode": response["result"]["link"]})
        waiting = response.get("result", {}).get("waiting")
        if waiting and waiting.get("kind") == "casualties":
            key = "color" if "color" in waiting else "step"
            chosen = {"round": waiting["round"], key: waiting[key], "side": waiting["side"],
                      "lost": waiting["proposal"]["lost"], "damaged": waiting["proposal"]["damaged"]}
            add({**request, "casualties": [chosen]})
    # Referee battles: dice entered pause by pause.
    for battle in battles(rng, units, 40, 4):
        referee(battle, rng, record)
    # Sea battles with submerging and fold_subs.
    for i in range(12):
        ruleset = rng.choice(RULESETS[1:])
        request = {"op": "resolve", "ruleset": ruleset, "system": {"name": rng.choice(("dice", "lowluck"))},
                   "kind": "sea", "attacker": {"units": {"submarine": 3, "battleship": 1}},
                   "defender": {"units": {"submarine": 2, "fighter": 1, "carrier": 1}},
                   "seed": f"sea-{i}", "rounds": 2, "submerge": [{"round": 1, "side": "defender"}]}
        if request["system"]["name"] == "lowluck":
            request["attacker"]["fold_subs"] = 1
        add(request)
    # Calculations: every system, small battles, exact and float, options.
    for i, battle in enumerate(battles(rng, units, 90, 3)):
        request = {"op": "calc", **battle}
        if i % 3 == 0 and battle["system"]["name"] in ("dice", "lowluck"):
            request["exact"] = True
        if i % 5 == 1:
            request["rounds"] = rng.randint(1, 3)
        if i % 6 == 2 and battle["kind"] == "land" and battle["system"]["name"] in ("dice", "lowluck"):
            request["keep_land"] = True
        if i % 6 == 3 and battle["kind"] == "land" and battle["system"]["name"] in ("dice", "lowluck"):
            request["retreat_below"] = 0.4
        if i % 6 == 4 and battle["kind"] == "land" and battle["system"]["name"] in ("dice", "lowluck"):
            request["retreat_at_units"] = 1
        add(request)
    add({"op": "calc", "ruleset": "big-world-1942", "system": {"name": "lowluck"},
         "attacker": {"units": {"infantry": 3, "tank": 2}}, "defender": {"units": {"infantry": 2}}, "exact": True})
    for ruleset in ("revised", "1942-2e"):
        for name in ("dice", "lowluck"):
            add({"op": "calc", "ruleset": ruleset, "system": {"name": name}, "kind": "sea",
                 "attacker": {"units": {"submarine": 4, "destroyer": 3, "fighter": 2, "battleship": 1}},
                 "defender": {"units": {"submarine": 3, "destroyer": 3, "carrier": 1, "fighter": 2}}})
    # Links of every kind.
    for request in ({"op": "wif", "attack": 36.5, "defense": 10, "fractional_odds": True, "table": "assault",
                     "modifiers": [], "seed": "w"},
                    {"op": "research", "system": "lowluck", "category": "air",
                     "steps": [{"invest": 18}, {"invest": 18, "attempt": True, "roll": 3}]}):
        response = add({"op": "share", "encode": request})
        if response["ok"]:
            add({"op": "share", "decode": response["result"]["link"]})
    # WiF.
    for i in range(30):
        request = {"op": "wif", "attack": rng.choice((3, 7.5, 12, 20, 36.5)), "defense": rng.choice((2, 4, 10)),
                   "fractional_odds": rng.random() < 0.5, "table": rng.choice(("assault", "blitz")),
                   "modifiers": []}
        if i % 2:
            request["seed"] = f"wif-{i}"
        add(request)
    # Research and tech dice.
    for _ in range(20):
        category = rng.choice(("air", "industrial"))
        top = 18 if category == "air" else 12
        steps = [{"invest": rng.choice((top // 2, top - 2, top))} for _ in range(rng.randint(3, 5))]
        steps[-1]["attempt"] = True
        steps[-1]["roll"] = rng.randint(1, 6)
        add({"op": "research", "system": "lowluck", "category": category, "steps": steps})
    for i in range(10):
        add({"op": "research", "system": "dice", "seed": f"t{i}", "keep_tokens": i % 2 == 0, "low_luck": i % 3 == 0,
             "steps": [{"dice": rng.randint(1, 4), "tech": "jet_power"}, {"dice": rng.randint(0, 3), "tech": "radar"}]})
    # Bombing.
    for i in range(16):
        add({"op": "bombing",
             "system": rng.choice(("dice", "lowluck", "chess")),
             "bombers": rng.randint(1, 4), "aa": rng.random() < 0.5, "seed": f"b{i}"})
    # Fair dice round by round (issue 29, docs/links.md): staged beacon draws (real quicknet rounds, see
    # tests/core/test_fair_rounds.py), a round-by-round commitment, and a retreat condition declared up front.
    fair = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"},
            "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}},
            "defender": {"units": {"infantry": 4, "artillery": 1, "aa_gun": 1}}}
    drawn = [{"round": 657413, "signature": "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41"
                                           "076862b98fad56e91a6b85b89cd97b"},
             {"round": 12040883, "signature": "929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895"
                                             "bb6868e5b9ff13ab289bdb5266b394"}]
    for draws, choices in (([{"round": 657413}], []), (drawn[:1], []), (drawn[:1] + [{"round": 12040883}], ["press"]),
                           (drawn, ["press"]), (drawn, ["press", "retreat"]), (drawn, [])):
        add({**fair, "beacon": {"draws": draws}, **({"choices": choices} if choices else {})})
    made = add({"op": "share", "commit": fair, "secret": "0f1e2d3c4b5a69788796a5b4c3d2e1f0", "round_by_round": True})
    staged = {**fair, "commit": {"hash": made["result"]["hash"], "draws": [{"phrase": "one"}]}}
    add(staged)
    revealed = add({"op": "share", "reveal": staged, "secret": "0f1e2d3c4b5a69788796a5b4c3d2e1f0"})
    add(revealed["result"]["request"])
    for at in (0, 3, 5):
        add({**fair, "seed": "cond", "retreat_at_units": at})
    # The luck of a game (issue 33): a journal of the seeded battles that have luck, between four sides.
    nations = ("Germany", "Russia", "UK", "Japan")
    lucky = [(entry_request, response["result"]["luck"]) for entry_request, response in record
             if entry_request.get("op") == "resolve" and response["ok"] and response["result"].get("luck")]
    journal = {"op": "journal", "battles": [
        {"attacker": nations[i % 4], "defender": nations[(i + 1 + i // 4) % 4] if (i + 1 + i // 4) % 4 != i % 4
         else nations[(i + 2) % 4], "luck": luck, **({"label": f"turn {i}"} if i % 3 == 0 else {})}
        for i, (_, luck) in enumerate(lucky[:24])]}
    response = add(journal)
    if response["ok"]:
        add({"op": "share", "decode": response["result"]["link"]})
    # A turn (docs/rules.md §9.5): one pool over several battles, as attacker and as defender.
    turn = {"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "dice"},
            "available": {"infantry": 3, "artillery": 1, "tank": 1, "fighter": 1},
            "battles": [{"name": "Karelia", "defender": {"units": {"infantry": 2}}, "territory_value": 3},
                        {"defender": {"units": {"infantry": 1, "artillery": 1}}, "territory_value": 2,
                         "target": 0.6}]}
    add(turn)
    add({**turn, "system": {"name": "lowluck"}, "exact": True})
    add({"op": "plan_turn", "ruleset": "anniversary", "system": {"name": "biased"}, "side": "defender",
         "available": {"infantry": 2, "fighter": 1},
         "battles": [{"attacker": {"units": {"tank": 2, "infantry": 1}}, "territory_value": 4},
                     {"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}}]})
    # Plans of attack (docs/rules.md §9.1–§9.4): waves, reinforcements, take and hold, several counter-attacks,
    # retreat by worth, the cheapest army; each system the plans take, land and sea, floats and exact.
    plan = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
            "attacker": {"units": {"infantry": 5, "artillery": 2, "tank": 1}},
            "defender": {"units": {"infantry": 6, "artillery": 1, "tank": 1}}}
    later = [{"attacker": {"units": {"tank": 2, "fighter": 1}}}]
    hold = {"attacker": {"units": {"infantry": 3, "tank": 2}}, "defender": {}}
    for name in ("dice", "lowluck", "biased", "chess", "colored"):
        add({**plan, "system": {"name": name}, "waves": later})
    add({**plan, "waves": later + [{"attacker": {"units": {"infantry": 2, "bomber": 1}}, "retreat_below": 0.3}],
         "territory_value": 6})
    add({**plan, "waves": [{"attacker": {"units": {"tank": 3}}, "reinforce": {"units": {"infantry": 2}}}],
         "repair_between_waves": True})
    add({**plan, "counter": hold})
    add({**plan, "system": {"name": "lowluck"}, "counters": [hold, {"attacker": {"units": {"tank": 3}}, "defender": {}}]})
    add({**plan, "waves": later, "counter": hold, "retreat_profit": 0})
    add({**plan, "retreat_air_loss": 0.2, "waves": later})
    add({**plan, "attacker": {"units": {"infantry": 2, "tank": 1}}, "defender": {"units": {"infantry": 1}},
         "waves": [{"attacker": {"units": {"infantry": 1}}}], "exact": True})
    add({**plan, "defender": {"units": {"infantry": 4, "aa_gun": 1}},
         "waves": [{"attacker": {"units": {"fighter": 2, "tank": 1}}, "rounds": 0},
                   {"attacker": {"units": {"infantry": 3}}, "keep_land": True}]})
    add({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
         "attacker": {"units": {"submarine": 2, "destroyer": 1}}, "defender": {"units": {"destroyer": 2, "cruiser": 1}},
         "waves": [{"attacker": {"units": {"fighter": 2, "battleship": 1}}}]})
    add({**plan, "recommend": {"available": {"infantry": 6, "artillery": 2, "tank": 3}, "target": 0.8,
                               "goal": "takes"}})
    # Bad requests.
    for bad in ({}, {"op": "fly"}, {"op": "resolve"}, {"op": "calc", "ruleset": "x"},
                {"op": "resolve", "ruleset": "classic", "system": {"name": "colored"}, "kind": "amphibious",
                 "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}, "seed": "s"},
                {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
                 "attacker": {"units": {"infantry": -1}}, "defender": {"units": {"infantry": 1}}, "seed": "s"},
                {"op": "share", "decode": "v1.@@@"}, {"op": "share", "decode": "v2.abc"},
                {"op": "wif", "attack": -1, "defense": 1}, {"op": "research", "system": "lowluck"},
                {"op": "journal", "battles": [{"attacker": "A", "defender": "B", "luck": {"swing": 3, "law": {"3": 0.5}}}]},
                {"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "dice"}, "available": {"infantry": -1},
                 "battles": []}):
        add(bad)
    return record


def main() -> None:
    record = requests(random.Random(20261123))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(OUT, "wt", encoding="utf-8") as out:
        for request, response in record:
            out.write(json.dumps({"request": request, "response": response}, ensure_ascii=False,
                                 separators=(",", ":")) + "\n")
    kinds: dict[str, int] = {}
    for request, response in record:
        key = f"{request.get('op')}:{'ok' if response['ok'] else response['error']['type']}"
        kinds[key] = kinds.get(key, 0) + 1
    print(f"{len(record)} requests recorded in {OUT.relative_to(ROOT)}: {kinds}")


if __name__ == "__main__":
    main()

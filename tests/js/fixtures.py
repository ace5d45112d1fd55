"""Battles played step by step as the Battle screen plays them, for the node tests of web/battle/decisions.js.

    .venv/bin/python tests/js/fixtures.py        # rewrites tests/js/fixtures/decisions.json

Each battle is the list of requests the page sends, one decision more each time (Roll, a casualty choice,
Press on, Retreat, the subs submerging, the dice entered at a table), with pycore's answer to each, cut to
what decisions.js reads. The node tests then check that undoing the last decision of step k gives back the
request of step k - 1 exactly. ``tests/js/test_node.py`` checks that the file is what this script writes
today, so it never goes stale. Not a test module itself (no test_ prefix).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent / "fixtures" / "decisions.json"

ISSUE = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"},
         "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}},
         "defender": {"units": {"infantry": 4, "artillery": 1, "aa_gun": 1}}}


def handle(request: dict) -> dict:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pycore.api import handle as pycore_handle

    envelope = json.loads(pycore_handle(json.dumps(request)))
    assert envelope["ok"], envelope
    return envelope["result"]


def trimmed(result: dict) -> dict:
    """What decisions.js reads of a result: rounds, their steps, who fired which group, who lost."""
    rounds = [{"round": r["round"], "complete": r["complete"],
               "steps": [{"step": s["step"], **({"color": s["color"]} if "color" in s else {}),
                          "fire": [{"side": f["side"], "group": f["group"]} for f in s["fire"]],
                          "casualties": [{"side": c["side"], "chosen": c["chosen"]} for c in s["casualties"]]}
                         for s in r["steps"]]} for r in result["rounds"]]
    out = {"rounds": rounds, "outcome": result["outcome"]}
    if result.get("waiting"):
        out["waiting"] = {"kind": result["waiting"]["kind"]}
    return out


class Page:
    """The page's own moves (web/battle/battle.js), each recorded with pycore's answer."""

    def __init__(self, name: str, request: dict):
        self.name = name
        self.steps: list[dict] = []
        self.play(request)

    def play(self, request: dict) -> None:
        self.request, self.result = request, handle(request)
        self.steps.append({"request": request, "result": trimmed(self.result)})

    def choose_until_complete(self) -> None:
        """Confirm pycore's proposal at every casualty pause (the victim taps Confirm)."""
        while (self.result.get("waiting") or {}).get("kind") == "casualties":
            w = self.result["waiting"]
            key = "color" if "color" in w else "step"
            choice = {"round": w["round"], key: w[key], "side": w["side"], "lost": w["proposal"]["lost"],
                      "damaged": w["proposal"]["damaged"]}
            self.play({**self.request, "casualties": [*self.request.get("casualties", []), choice]})

    def press_on(self) -> None:
        self.play({**self.request, "rounds": len(self.result["rounds"]) + 1})

    def retreat(self) -> None:
        n = len(self.result["rounds"])
        self.play({**self.request, "rounds": n, "choices": ["press"] * (n - 1) + ["retreat"]})

    def submerge(self, side: str) -> None:
        n = len(self.result["rounds"])
        self.play({**self.request, "submerge": [*self.request.get("submerge", []), {"round": n, "side": side}]})

    def enter_asked(self, face: int, *, next_round: bool = False) -> None:
        """Every die the pause (or, with next_round, the next round) asks for, all showing ``face``:
        the page gives a step's groups together, with one tap on its button."""
        self.enter({n["side"]: {n["group"]: [face] * n["count"]} for n in self.result["next_dice"]},
                   next_round=next_round)

    def enter(self, entries: dict, *, next_round: bool = False) -> None:
        """The table's dice of one step, {side: {group: entry}}; with next_round, those of the round to come
        (the pads shown once a round ends: one request opens the round and gives its dice)."""
        dice = json.loads(json.dumps(self.request["dice"]))
        request = dict(self.request)
        if next_round:
            dice.append({})
            request["rounds"] = len(dice)
        for side, groups in entries.items():
            dice[-1].setdefault(side, {}).update(groups)
        self.play({**request, "dice": dice})


def battles() -> list[dict]:
    out = []
    seeded = Page("seeded, casualties chosen, press on, retreat",
                  {**ISSUE, "seed": "undo/1", "choose_casualties": True, "rounds": 1})
    seeded.choose_until_complete()
    seeded.press_on()
    seeded.choose_until_complete()
    seeded.retreat()
    out.append(seeded)

    table = Page("table hits: the next round's pads open it", {**ISSUE, "dice": [{}], "rounds": 1})
    table.enter({"defender": {"aa": {"hits": 0}}})
    table.enter({"attacker": {"main": {"hits": 4}}, "defender": {"main": {"hits": 3}}})
    table.enter({"attacker": {"main": {"hits": 1}}, "defender": {"main": {"hits": 0}}}, next_round=True)
    out.append(table)

    faces = Page("table faces, Low Luck", {**ISSUE, "system": {"name": "lowluck"}, "dice": [{}], "rounds": 1})
    faces.enter_asked(6)       # the AA die misses
    faces.enter_asked(5)       # the defender's remainder die (power 10: at 4) misses
    faces.enter_asked(1, next_round=True)
    out.append(faces)

    opened = Page("table faces: Roll opens the round", {**ISSUE, "dice": [{}], "rounds": 1})
    opened.enter_asked(6)
    opened.enter_asked(6)
    opened.play({**opened.request, "rounds": 2, "dice": [*opened.request["dice"], {}]})
    out.append(opened)

    sea = Page("sea: the defender's subs submerge", {
        "op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
        "attacker": {"units": {"submarine": 2, "cruiser": 1}},
        "defender": {"units": {"submarine": 4, "cruiser": 1}}, "seed": "undo/sea", "rounds": 1})
    sea.submerge("defender")
    out.append(sea)

    colored = Page("coloured dice, casualties chosen", {
        "op": "resolve", "ruleset": "revised", "system": {"name": "colored"},
        "attacker": {"units": {"infantry": 3, "tank": 2}}, "defender": {"units": {"infantry": 4}},
        "seed": "undo/colour", "choose_casualties": True, "rounds": 1})
    colored.choose_until_complete()
    out.append(colored)
    return [{"name": page.name, "steps": page.steps} for page in out]


def text() -> str:
    return json.dumps(battles(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")

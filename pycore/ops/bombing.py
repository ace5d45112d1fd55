"""Op ``bombing``: read a raid or a fee settlement, answer with the raid's dice and damage (docs/research.md).

The rules themselves are in :mod:`pycore.research.bombing`; this module only
reads the request (``normalize``, also what a link would hold) and writes
the result.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..jsontext import JsonObject
from ..read import fields as v
from ..errors import BadRequest, show
from ..fair.origin import label
from ..share import link_for
from ..research.bombing import (CAP_KIND, CHESS_VARIANTS, COMPLEX_CAP, LOWLUCK_RULES, MAX_BOMBERS, RULESETS,
                                SYSTEMS, RAID_KEYS, RAIDS, ROCKET_NOTES, SYSTEM_KEYS, Dice, cap_damage,
                                rocket_strike, settle)


def normalize(request: Mapping[str, Any]) -> JsonObject:
    """The validated canonical request (with ``"op"``)."""
    request = v.obj(request, "")
    if "settle" in request:
        v.only_keys(request, ("op", "settle"), "")
        settle = v.obj(request["settle"], "settle")
        v.only_keys(settle, ("fees", "money", "bombers"), "settle")
        paid = {"fees": v.whole(v.required(settle, "fees", "settle"), "settle.fees", 0, 9_999),
                "money": v.whole(v.required(settle, "money", "settle"), "settle.money", 0, 99_999)}
        if "bombers" in settle:
            paid["bombers"] = v.whole(settle["bombers"], "settle.bombers", 0, 9_999)
        return {"op": "bombing", "settle": paid}
    system = v.choice(v.required(request, "system", ""), SYSTEMS, "system")
    v.only_keys(request, RAID_KEYS + SYSTEM_KEYS[system], "")
    # Rockets may strike without bombers (an AA gun's rocket attack, seeds 002 and 003).
    fewest = 0 if request.get("rockets") else 1
    out: JsonObject = {
        "op": "bombing", "system": system,
        "bombers": v.whole(v.required(request, "bombers", ""), "bombers", fewest, MAX_BOMBERS),
        "aa": v.boolean(request.get("aa", False), "aa"),
        "heavy_bombers": v.boolean(request.get("heavy_bombers", False), "heavy_bombers"),
    }
    if "territory_value" in request:
        out["territory_value"] = v.whole(request["territory_value"], "territory_value", 0, 99)
    if system == "dice":
        out["ruleset"] = v.choice(v.required(request, "ruleset", ""), RULESETS, "ruleset")
        out["lhtr"] = v.boolean(request.get("lhtr", False), "lhtr")
        if out["lhtr"] and not out["heavy_bombers"]:
            raise BadRequest("lhtr", "LHTR picks the better of a heavy bomber's two dice: it needs "
                             "\"heavy_bombers\": true, got lhtr true without it")
        if "aa_guns" in request:
            if not out["aa"]:
                raise BadRequest("aa_guns", f"AA guns ({show(request['aa_guns'])}) need \"aa\": true")
            out["aa_guns"] = v.whole(request["aa_guns"], "aa_guns", 1, 20)
        kind = CAP_KIND[out["ruleset"]]
        if "factory_damage" in request:
            if kind not in ("factory", "complex"):
                raise BadRequest("factory_damage", f"damage markers are not used by {out['ruleset']}, "
                                 f"got {show(request['factory_damage'])}")
            out["factory_damage"] = v.whole(request["factory_damage"], "factory_damage", 0, 198)
        if "factory" in request:
            if kind != "complex":
                raise BadRequest("factory", f"major and minor complexes are 1940-2e's only, got "
                                 f"{show(request['factory'])} with {out['ruleset']}")
            out["factory"] = v.choice(request["factory"], tuple(COMPLEX_CAP), "factory")
    elif system == "lowluck":
        out["rule"] = v.choice(request.get("rule", "standard"), LOWLUCK_RULES, "rule")
    else:
        out["variant"] = v.choice(request.get("variant", "orthodox"), CHESS_VARIANTS, "variant")
        if "aa_count" in request:
            if not out["aa"]:
                raise BadRequest("aa_count", f"an AA count ({show(request['aa_count'])}) needs \"aa\": true")
            out["aa_count"] = v.whole(request["aa_count"], "aa_count", out["bombers"], 9_999)
    if "rockets" in request:
        out["rockets"] = v.whole(request["rockets"], "rockets", 0, 20)
        if system != "chess" and out["rockets"] > 1:
            # Seed 002: "Generally each enemy factory can be targeted by only one rocket" (docs/rules.md §5).
            raise BadRequest("rockets", f"a factory takes one rocket a turn (the TripleA rule book: \"each enemy factory can "
                                        f"be targeted by only one rocket\"), got rockets {out['rockets']}")
    if "seed" in request:
        out["seed"] = v.text(request["seed"], "seed", 1, 200)
    if "rolls" in request:
        rolls = v.obj(request["rolls"], "rolls")
        v.only_keys(rolls, ("aa", "damage", "fee", "rockets"), "rolls")
        out["rolls"] = {kind: [v.whole(value, f"rolls.{kind}[{i}]", 1, 12)
                               for i, value in enumerate(v.array(values, f"rolls.{kind}", 2 * MAX_BOMBERS))]
                        for kind, values in rolls.items()}
    return out


def run(request: Mapping[str, Any]) -> JsonObject:
    """Op ``bombing``: one raid, or the end-of-turn fee settlement."""
    request = normalize(request)
    if "settle" in request:
        s = request["settle"]
        return {"settle": settle(s["fees"], s["money"], s.get("bombers"))}
    given = {kind: tuple(values) for kind, values in request.get("rolls", {}).items()}
    rolls = Dice(request.get("seed"), given)
    rocket = rocket_strike(request, rolls)
    raid = RAIDS[request["system"]](request, rolls)
    rolls.check_all_used()
    notes = list(raid.notes) if request["bombers"] or not rocket else []
    first = [rocket["damage"]] if rocket else []   # the rocket strikes first, under the raid's cap (§5)
    capped, cap, cap_note = cap_damage(request, first + list(raid.damages))
    if rocket:
        rocket["after_cap"] = capped.pop(0)
        notes.insert(0, ROCKET_NOTES[rocket["kind"]])
    if cap_note:
        notes.append(cap_note)
    result: JsonObject = {
        "system": request["system"], "bombers": request["bombers"], "aa": request["aa"],
        "heavy_bombers": request["heavy_bombers"],
        "aa_fire": raid.aa, "shot_down": raid.aa["hits"], "surviving": request["bombers"] - raid.aa["hits"],
        "damage": {"rolls": list(raid.rolls), "rolled_by": raid.rolled_by,
                   "per_bomber": None if request["system"] == "chess" else capped,
                   "before_cap": sum(raid.damages) + sum(first), "cap": cap,
                   "total": sum(capped) + (rocket["after_cap"] if rocket else 0)},
        "fee": raid.fee,
        "notes": notes,
    }
    if rocket:
        result["rocket"] = rocket
    for key in ("ruleset", "rule", "variant", "aa_count", "rockets", "territory_value", "seed"):
        if key in request:
            result[key] = request[key]
    if "seed" in request or "rolls" in request:
        # A raid shares like a battle (docs/links.md): its link reopens it, its dice say where they came from.
        result["link"] = link_for(request)
        result["dice_source"] = label({"seed": request["seed"]} if "seed" in request else {"dice": request["rolls"]})
    return result

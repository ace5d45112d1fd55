"""Properties of every battle (Hypothesis): random forces of every kind and ruleset, dice and Low Luck, seeded.

Checked on each result: hits placed never exceed the hits scored nor fall outside the firing groups'
targets; a unit lost "at once" never fires later in the round; every step's casualties lead to the
round's ``after``; units are conserved (every unit brought = survivors + lost + transports lost); a battle ends or stops;
the same seed gives the same battle, and the same dice typed in referee mode give it again.
"""

import json

from hypothesis import given, settings, strategies as st

from pycore.api import handle
from tests.core.helpers import call, changed

RULESETS = {r["id"]: r for r in json.loads(handle(json.dumps({"op": "rulesets"})))["result"]["rulesets"]}
KINDS = ("land", "sea", "amphibious")
TECHS = ("jet_power", "super_subs", "heavy_bombers", "radar", "advanced_artillery")
MAX_ROUNDS = 100


def _unit(ruleset, unit_id):
    (unit,) = [u for u in RULESETS[ruleset]["units"] if u["id"] == unit_id]
    return unit


@st.composite
def battles(draw):
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    kind = draw(st.sampled_from(KINDS))
    system = draw(st.sampled_from(("dice", "lowluck")))
    allowed = RULESETS[ruleset]["battle_units"][kind]
    request = {"op": "resolve", "ruleset": ruleset, "system": {"name": system}, "kind": kind,
               "seed": draw(st.text(min_size=1, max_size=8))}
    for role in ("attacker", "defender"):
        ids = draw(st.lists(st.sampled_from(allowed[role]), min_size=1, max_size=4, unique=True))
        units = {u: draw(st.integers(1, 4)) for u in ids}
        fighting = [u for u in ids if not (kind == "amphibious" and _unit(ruleset, u)["domain"] == "sea")
                    and u != "aa_gun"]
        if not fighting:  # a side needs a unit that fights (not only bombarding ships or AA guns)
            units[allowed[role][0]] = 1
        side = {"units": units}
        techs = draw(st.lists(st.sampled_from(TECHS), max_size=2, unique=True))
        if techs:
            side["tech"] = techs
        if draw(st.booleans()):
            order = draw(st.permutations([u["id"] for u in RULESETS[ruleset]["units"]]))
            side["order_of_loss"] = list(order)
        subs = units.get("submarine", 0)
        if role == "attacker" and system == "lowluck" and subs and draw(st.booleans()):
            side["fold_subs"] = draw(st.integers(0, subs))
        if kind == "sea" and units.get("transport") and draw(st.booleans()):
            side["cargo"] = {"infantry": draw(st.integers(1, 2 * units["transport"]))}
        request[role] = side
    if draw(st.booleans()):
        request["rounds"] = draw(st.integers(1, 3))
    if draw(st.booleans()):
        request["lhtr"] = True
    if kind != "amphibious" and draw(st.booleans()):  # step 7: press on, then maybe retreat
        request["choices"] = ["press"] * draw(st.integers(0, 2)) + [draw(st.sampled_from(("press", "retreat")))]
    return request


def _add(into, counts, sign=1):
    for uid, n in counts.items():
        into[uid] = into.get(uid, 0) + sign * n
    return into


def _clean(counts):
    return {u: n for u, n in counts.items() if n}


def check_battle(request, result):
    ruleset = request["ruleset"]
    hp = {u["id"]: u["hit_points"] for u in RULESETS[ruleset]["units"]}
    bombarding = {u: n for u, n in request["attacker"]["units"].items()
                  if request.get("kind") == "amphibious" and _unit(ruleset, u)["domain"] == "sea"}
    start = {"attacker": _clean({u: n for u, n in request["attacker"]["units"].items() if u not in bombarding}),
             "defender": _clean(dict(request["defender"]["units"]))}
    alive = {role: dict(start[role]) for role in start}
    damaged = {"attacker": {}, "defender": {}}
    lost_total = {"attacker": {}, "defender": {}}
    other = {"attacker": "defender", "defender": "attacker"}

    # A battle ends, or stops at its round limit (or at 100 rounds).
    rounds = result["rounds"]
    assert len(rounds) <= min(request.get("rounds", MAX_ROUNDS), MAX_ROUNDS)
    if result["outcome"] == "in_progress":
        assert len(rounds) == request.get("rounds", MAX_ROUNDS)
    for i, r in enumerate(rounds):
        assert r["round"] == i + 1 and r["complete"]
        present = {role: dict(alive[role]) for role in alive}    # who may still fire this round
        pending = {"attacker": {}, "defender": {}}               # marked casualties, removed at the end
        for step in r["steps"]:
            for fire in step["fire"]:
                assert fire["hits"] == fire["sure_hits"] + sum(d["hit"] for d in fire["dice"])
                for die in fire["dice"]:
                    assert 1 <= die["value"] <= 6 and die["hit"] == (die["value"] <= die["at"])
                if fire["group"] != "bombard":
                    for uid, n in fire["units"].items():
                        # No unit fires after it was removed "at once" (it may fire while marked).
                        assert n <= present[fire["side"]].get(uid, 0), (step, present)
            for loss in step["casualties"]:
                victim = loss["side"]
                shots = [f for f in step["fire"] if f["side"] == other[victim]]
                hits = sum(f["hits"] for f in shots)
                reach = set().union(*(f["targets"] for f in shots if f["hits"])) if shots else set()
                cost = 0
                for uid, n in loss["lost"].items():
                    assert uid in reach, (uid, shots)
                    assert n <= alive[victim].get(uid, 0)
                    was = min(n, damaged[victim].get(uid, 0))
                    cost += was + (n - was) * hp[uid]
                for uid, n in loss["damaged"].items():
                    assert uid in reach and hp[uid] > 1
                    cost += n
                assert cost <= hits, (loss, hits)
                for uid, n in loss["lost"].items():
                    alive[victim][uid] -= n
                    damaged[victim][uid] = max(0, damaged[victim].get(uid, 0) - n)
                    _add(lost_total[victim], {uid: n})
                    if loss["removed"] == "at once":
                        present[victim][uid] -= n
                    else:
                        _add(pending[victim], {uid: n})
                _add(damaged[victim], loss["damaged"])
                for uid, n in damaged[victim].items():
                    assert n <= alive[victim].get(uid, 0)
        for role, gone in r.get("transports_lost", {}).items():
            _add(alive[role], gone, -1)
            _add(lost_total[role], gone)
        for role, gone in r.get("submerged", {}).items():
            _add(alive[role], gone, -1)
        _add(alive["attacker"], r.get("retreated", {}), -1)
        for role in alive:  # units gone away take their damage with them
            damaged[role] = {u: min(n, alive[role].get(u, 0)) for u, n in damaged[role].items()}
        # Every step's casualties lead to the round's ``after``.
        assert {role: _clean(alive[role]) for role in alive} == r["after"], (r, alive)
        assert {role: _clean(d) for role, d in damaged.items() if _clean(d)} == r["damaged"]
    # Units are conserved: start = survivors (incl. submerged and retreated) + all lost + transports lost.
    # Ships that only bombarded never fight, and survive.
    every = {role: _clean(dict(request[role]["units"])) for role in start}
    for role in start:
        assert _clean(_add(dict(result["survivors"][role]), lost_total[role])) == every[role], role


def _referee_dice(result):
    """The dice of a seeded battle, group by group, as referee mode takes them."""
    out = []
    for r in result["rounds"]:
        entry = {}
        for step in r["steps"]:
            for fire in step["fire"]:
                faces = [f for d in fire["dice"] for f in (d["best_of"] if "best_of" in d else [d["value"]])]
                group = entry.setdefault(fire["side"], {}).setdefault(fire["group"], [])
                group.extend(faces)
        out.append(entry)
    return out


@settings(max_examples=60, deadline=None)
@given(battles())
def test_every_battle_keeps_the_rules(request):
    envelope = call(request)
    if not envelope["ok"]:  # a random force the rules refuse: the refusal names a field, never a traceback
        error = envelope["error"]
        assert error["type"] == "bad_request" and error["field"] and error["message"], error
        return
    assert "Traceback" not in json.dumps(envelope)
    result = envelope["result"]
    check_battle(request, result)
    assert call(request) == envelope  # the same seed gives the same battle


@settings(max_examples=40, deadline=None)
@given(battles())
def test_the_same_dice_typed_in_give_the_same_battle(request):
    envelope = call(request)
    if not envelope["ok"] or not envelope["result"]["rounds"]:
        return
    seeded = envelope["result"]
    refereed = call(changed(request, seed=None, dice=_referee_dice(seeded)))
    assert refereed["ok"], (refereed, _referee_dice(seeded))
    assert refereed["result"]["rounds"] == seeded["rounds"]
    assert refereed["result"]["outcome"] == seeded["outcome"]
    assert refereed["result"]["survivors"] == seeded["survivors"]


@settings(max_examples=30, deadline=None)
@given(battles())
def test_most_random_battles_are_valid(request):
    """Guards the generator itself: the property above must not pass by refusing everything."""
    envelope = call(request)
    if not envelope["ok"]:
        assert envelope["error"]["field"].startswith(("attacker", "defender")), envelope["error"]


def test_a_battle_stops_after_100_rounds():
    """Two infantry that never hit (all 6s) never end the battle: it stops undecided at round 100."""
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}},
               "dice": [{"attacker": [6], "defender": [6]}] * MAX_ROUNDS}
    result = call(request)["result"]
    assert len(result["rounds"]) == MAX_ROUNDS and result["outcome"] == "in_progress"
    check_battle(request, result)
    envelope = call(changed(request, dice=request["dice"] + [{"attacker": [6], "defender": [6]}]))
    assert not envelope["ok"] and envelope["error"]["field"] == "dice"

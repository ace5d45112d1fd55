"""The luck of a resolved battle (issue 33, docs/rules.md §14) against the referee's own law of the swing.

Seeded random battles of every kind (``compare.battles``, fixed seeds) are resolved through the JSON door; each
``result.luck`` must carry the referee's law of the swing over the same rounds (the whole battle where
``luck.rounds`` is null), the actual swing counted here from the result's survivors with the referee's unit
costs, and the percentile P(S < s) + ½·P(S = s) worked here in Fractions. The referee shares no code with
pycore (test_independence.py).
"""

import json
from fractions import Fraction

import pytest

from .battle import calc
from .compare import battles
from .units import RULESETS

SEED = 3333
SETS = {kind: battles(SEED, kind, 1, size) for kind, size in
        (("land", (2, 12)), ("sea", (2, 10)), ("amphibious", (3, 12)))}
SETS["land, one round"] = [{**request, "rounds": 1} for request in battles(SEED + 1, "land", 1, (4, 12))]
SETS["land, retreat"] = [{**request, "choices": ["retreat"]} for request in battles(SEED + 2, "land", 1, (4, 12))]
CASES = [pytest.param(request, i, id=f"{kind}-{request['ruleset']}-{request['system']['name']}-{i}")
         for kind, requests in SETS.items() for i, request in enumerate(requests)]


def _resolve(request: dict) -> dict:
    from pycore.api import handle
    envelope = json.loads(handle(json.dumps({"op": "resolve", **request})))
    assert envelope["ok"], envelope
    return envelope["result"]


def _actual_swing(request: dict, result: dict) -> int:
    """IPCs the defender lost − the attacker's, from the survivors (in the fight, away, bombarding ships) and the
    guns captured with the territory."""
    rs = RULESETS[request["ruleset"]]
    lost = {}
    for role in ("attacker", "defender"):
        left = result["survivors"][role]
        lost[role] = sum(rs.unit(uid).cost * (n - left.get(uid, 0)) for uid, n in request[role]["units"].items())
    lost["defender"] += sum(rs.unit(uid).cost * n for uid, n in result.get("captured", {}).items())
    return lost["defender"] - lost["attacker"]


@pytest.mark.parametrize("request_, i", CASES)
def test_luck_agrees_with_the_referee(request_, i):
    result = _resolve({**request_, "seed": f"luck-{i}"})
    luck = result["luck"]
    assert luck is not None and luck["exact"], result.get("luck_reason")
    referee_request = dict(request_)
    referee_request.pop("rounds", None)
    referee_request.pop("choices", None)
    if luck["rounds"] is not None:
        referee_request["rounds"] = luck["rounds"]
    law = calc(referee_request, aa_casualties="chosen")["swing"]
    law = {s: p for s, p in law.items() if p}
    assert {int(s) for s in luck["law"]} <= set(law)
    for s, p in law.items():
        assert abs(luck["law"].get(str(s), 0.0) - float(p)) < 1e-9, (s, float(p), luck["law"].get(str(s)))
    swing = _actual_swing(request_, result)
    assert luck["swing"] == swing
    below = sum((p for s, p in law.items() if s < swing), Fraction(0))
    assert abs(luck["percentile"] - float(below + law.get(swing, Fraction(0)) / 2)) < 1e-9
    mean = sum((s * p for s, p in law.items()), Fraction(0))
    assert abs(luck["expected_swing"] - float(mean)) < 1e-9


def test_the_cases_cover_cut_battles_and_captured_guns():
    """Battles measured over the rounds fought (a round limit, a retreat) and guns captured are among them."""
    cut = captured = 0
    for requests in SETS.values():
        for i, request in enumerate(requests):
            result = _resolve({**request, "seed": f"luck-{i}"})
            cut += result["luck"]["rounds"] is not None
            captured += bool(result.get("captured"))
    assert cut >= 15 and captured >= 3, (cut, captured)

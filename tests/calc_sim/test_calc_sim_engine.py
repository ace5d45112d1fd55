"""What the referee cannot reach for dice and Low Luck: the engine itself (``resolve``'s battle,
pycore.engine.sequence) against the calculator, on five battles that each carry a rule the exact
die-by-die enumeration of tests/core/test_calc.py (``TINY``: nine battles of two or three units) never
meets — 20,000 seeded engine battles each, every marginal within 4 standard errors (agreement.py).

Why these and no more: tests/referee holds the calculator to an independent exact chain within 1e-9 on
about 950 battles of every ruleset × {dice, Low Luck} × {land, sea, amphibious} with tech, LHTR, orders
of loss, folded subs, the printed sub rule and the attacker's rules; tests/core/test_calc.py holds the
engine to the calculator exactly, face by face, on small battles. What is left is the engine on the
rules those small battles lack. Before issue 32 (item 4) this folder ran 33 such battles (~660,000
engine battles); the 28 removed, by their old ids, and the referee tests that hold the calculator on the
same ruleset, system and rules (the engine's side of each rule is in tests/core/test_engine_rules.py):

- land0–5 (every ruleset; AA guns, artillery, tactical bombers): test_agreement.py
  ``test_fast_chain_agrees_with_the_referee[land-*]`` and ``[land-air-*]`` (AA fire ≥ 20 and 72 times,
  artillery ≥ 5, tactical bomber pairing ≥ 6: ``test_the_random_sets_cover_the_rules``);
- sea0–5, fleet0–9 (subs, destroyers, carriers, transports, two-hit ships, a round limit, every
  ruleset): ``[sea-*]`` (subs ≥ 30, two-hit ≥ 15, transports ≥ 10, carriers ≥ 15),
  ``test_medium_sea_battles_agree``, ``test_rule_fixes_agree_with_the_referee``;
- more1 (Anniversary Low Luck amphibious, a cruiser): ``[amphibious-anniversary-lowluck-*]``;
- more2 (a round limit on 8 v 7): ``[land-*]`` (round limit ≥ 10); more3 (Heavy Bombers, Jet Power):
  ``[options-*]`` (tech ≥ 50); more7 (1940 2e mech. infantry and tactical bomber): ``[land-1940-2e-*]``;
- printed0 and printed2 (the printed sub rule, 1942 2e and Anniversary dice):
  ``test_printed_sub_reading_agrees_with_the_referee`` (54 battles) and
  ``test_printed_sub_reading_with_other_options``.
Kept: more0, more4, more5, more6, printed1 below.
"""

import pytest

from pycore.calc.method import compute
from tests.calc_sim.agreement import check
from tests.calc_sim.battles import MORE
from tests.core.calc_oracle import setup_of

PRINTED1 = {"ruleset": "1940-2e", "system": {"name": "lowluck"}, "kind": "sea", "sub_rule": "printed",
            "attacker": {"units": {"submarine": 3, "tactical_bomber": 1, "bomber": 1}},
            "defender": {"units": {"destroyer": 2, "submarine": 1, "carrier": 1}}}

ENGINE_ONLY = [  # (id, request without op, round limit or None); the rule tests/core/test_calc.py's TINY never meets:
    ("more0", *MORE[0]),  # bombardment whose casualties fire back (docs/rules.md §2)
    ("more4", *MORE[4]),  # technology under LHTR: heavy bombers' two dice, advanced artillery, radar AA (§5)
    ("more5", *MORE[5]),  # orders of loss the player gave, both sides
    ("more6", *MORE[6]),  # a sub folded into the main group (seed 000 §5b)
    ("printed1", PRINTED1, None),  # the printed sub step (§2 "The sub step"), aircraft that cannot hit subs, a carrier
]


@pytest.mark.parametrize("request_, rounds", [pytest.param(r, n, id=i) for i, r, n in ENGINE_ONLY])
def test_seeded_engine_battles_agree_with_the_calculator(request_, rounds):
    """The seeds' tags are those of the files they came from, so each battle is the one that passed there."""
    assert compute(setup_of(request_), rounds)["method"] == "exact"
    if "sub_rule" in request_:  # a battle where the two readings part: the simulation tests the printed one
        seed_reading = {k: v for k, v in request_.items() if k != "sub_rule"}
        assert compute(setup_of(request_))["joint"] != compute(setup_of(seed_reading))["joint"]
        check(request_, rounds, tag=f"printed-{request_['ruleset']}-{request_['system']['name']}")
    else:
        check(request_, rounds, tag="more")

"""The sea chain (``pycore/calc/fleet/``) against the referee: 100 random sea battles of every ruleset, under
both readings of the sub step (docs/rules.md §2 "The sub step": seed 002's, and the printed rule books' where a
ruleset has it), every probability within 1e-9 (``compare.differences``).

The land ladder answers the sea battles whose hits all fall alike (no sub, no aircraft kept off subs) before
the sea chain is asked (``calc.method.ends_of``); here it is set aside for sea battles, so the sea chain
answers every one of them, and each test checks that it did (not the general chain after a ``NotFleet``).
"""

import pytest

from .compare import battles, differences

SEED = 3131
PER_COMBO = 50          # × 2 systems = 100 battles per ruleset and reading
SIZE = (2, 16)          # units in all: the referee stays quick
RULESETS = ("classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942")
PRINTED = ("anniversary", "1942-2e", "1940-2e")
"""Rulesets whose rule books print the other reading (``Rules.printed_sub_step``): ``sub_rule: "printed"``."""

DEFAULT = [r for r in battles(SEED, "sea", PER_COMBO, SIZE)]
READINGS = DEFAULT + [{**r, "sub_rule": "printed"} for r in battles(SEED + 1, "sea", PER_COMBO, SIZE)
                      if r["ruleset"] in PRINTED]


def _id(i, request):
    return f"{request['ruleset']}-{request['system']['name']}-{request.get('sub_rule', 'subs_first')}-{i}"


@pytest.fixture
def sea_chain_only(monkeypatch):
    """The land ladder declines sea battles; the sea chain's answers are counted."""
    from pycore.calc import fleet, ladder

    answered = []
    solve, ladder_solve = fleet.solve, ladder.solve

    def declined(setup, *args, **kwargs):
        if setup.kind == "sea":
            raise ladder.NotLinear("the sea chain is tested here")
        return ladder_solve(setup, *args, **kwargs)

    def counted(*args, **kwargs):
        got = solve(*args, **kwargs)
        answered.append(got)
        return got

    monkeypatch.setattr(ladder, "solve", declined)
    monkeypatch.setattr(fleet, "solve", counted)
    return answered


@pytest.mark.parametrize("request_", [pytest.param(r, id=_id(i, r)) for i, r in enumerate(READINGS)])
def test_sea_chain_agrees_with_the_referee(request_, sea_chain_only):
    worst, rows, method = differences(request_)
    assert method == "exact" and len(sea_chain_only) == 1, "the sea chain must answer"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])


def test_every_ruleset_has_100_battles_under_each_reading():
    for ruleset in RULESETS:
        assert sum(r["ruleset"] == ruleset and "sub_rule" not in r for r in READINGS) >= 100
    for ruleset in PRINTED:
        assert sum(r["ruleset"] == ruleset and r.get("sub_rule") == "printed" for r in READINGS) >= 100
    subs = sum("submarine" in r["attacker"]["units"] or "submarine" in r["defender"]["units"] for r in READINGS)
    assert subs >= len(READINGS) // 3          # the battles the sea chain is for: subs beside other ships


BIG_PRINTED = [
    ("1942-2e", "dice", {"submarine": 4, "destroyer": 1, "fighter": 3, "carrier": 2, "cruiser": 1},
     {"submarine": 3, "destroyer": 1, "fighter": 3, "carrier": 1, "cruiser": 2, "transport": 1}),
    ("1940-2e", "lowluck", {"submarine": 5, "fighter": 4, "carrier": 2, "battleship": 1},
     {"submarine": 3, "destroyer": 2, "fighter": 3, "carrier": 1, "cruiser": 2}),
    ("anniversary", "dice", {"submarine": 3, "fighter": 3, "carrier": 1, "battleship": 1, "cruiser": 1},
     {"submarine": 4, "fighter": 2, "carrier": 1, "destroyer": 1, "battleship": 1}),
]
"""Printed-rule battles of 18 to 23 units: past the general chain's 16 (``method.MAX_GENERAL_UNITS``), so only the
sea chain answers them exactly; chosen so that blind aircraft beside other groups (two nested groups: the staged
laws of ``Fleet.fast``) and subs firing with the main groups beside them (``Fleet.together``) both occur."""


def printed(ruleset: str, system: str, attacker: dict, defender: dict) -> dict:
    """A sea battle's calc request under the printed sub rule."""
    return {"ruleset": ruleset, "system": {"name": system}, "kind": "sea", "sub_rule": "printed",
            "attacker": {"units": attacker}, "defender": {"units": defender}}


@pytest.fixture
def fleets_made(monkeypatch) -> list:
    """Every sea chain (:class:`Fleet`) made during the test, to read what it used on the way."""
    from pycore.calc.fleet import laws

    kept = []
    init = laws.Fleet.__init__

    def keep(self, *args, **kwargs):
        init(self, *args, **kwargs)
        kept.append(self)

    monkeypatch.setattr(laws.Fleet, "__init__", keep)
    return kept


@pytest.mark.parametrize("ruleset, system, attacker, defender", BIG_PRINTED, ids=[b[0] for b in BIG_PRINTED])
def test_printed_battles_past_16_units_agree_with_the_referee(ruleset, system, attacker, defender, sea_chain_only,
                                                              fleets_made):
    """The printed reading (docs/rules.md §2 "The sub step") on the sea chain where the general chain no longer
    reaches: every probability within 1e-9 of the referee's, and the chain's staged laws and joint placements
    were used on the way (counted on its :class:`Fleet`)."""
    request = printed(ruleset, system, attacker, defender)
    assert sum(attacker.values()) + sum(defender.values()) > 16
    worst, rows, method = differences(request)
    assert method == "exact" and len(sea_chain_only) == 1, "the sea chain must answer"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])
    (one,) = fleets_made
    assert any(len(law) == 4 for role in ("attacker", "defender") for law in one.fast_of[role].values())


def test_the_big_printed_battles_place_hits_together(fleets_made):
    """At least one of the battles above places sub hits and blind aircraft hits at once (the engine's joint
    placement under the printed rule, ``Fleet.placed``), so the test above reads that path too."""
    from pycore.calc import fleet
    from pycore.engine.army import Army
    from pycore.read.battle import read_setup
    from pycore.rulesets import find_ruleset
    from pycore.read.systems import read_system

    for ruleset, system, attacker, defender in BIG_PRINTED:
        request = printed(ruleset, system, attacker, defender)
        setup = read_setup(request, find_ruleset(ruleset), read_system(request["system"]))
        fleet.solve(setup, {role: Army(setup.side(role).units) for role in ("attacker", "defender")}, 1e-13, 1e-13)
    assert sum(len(keys) for one in fleets_made for keys in one.placed.values()) > 0

"""The calculator's one table of methods (pycore/calc/method.py): the method ``plan`` tells before any work is
the method ``ends_of`` then uses, on every calculation of the recorded corpus (tests/core/data/recorded.jsonl.gz).

``plan`` decides whether a shared link's calculation starts on its own (docs/api.md "Cost budget"), so a plan
that names another method than the one that answers tells the player the wrong cost. Both read
``method.METHODS`` in the same order; this checks it on real requests, Monte Carlo included.
"""

import gzip
import json
from pathlib import Path

import pytest

from pycore.calc import method
from pycore.errors import LuckdialError
from pycore.read.calc import read_calc
from pycore.read.plan import asks_for_plan

RECORD = Path(__file__).parent / "data" / "recorded.jsonl.gz"


def _calculations():
    out = []
    with gzip.open(RECORD, "rt", encoding="utf-8") as lines:
        for n, line in enumerate(lines):
            entry = json.loads(line)
            request, response = entry["request"], entry["response"]
            if (isinstance(request, dict) and request.get("op") == "calc" and response.get("ok")
                    and "estimate" not in response["result"] and not asks_for_plan(request)):
                # A plan of attack's waves are estimated by calc/plan_cost.py (tests/core/test_plan_bound.py and
                # the plan tests): not a single battle's method table.
                out.append(pytest.param(request, id=f"record-{n}"))
    return out


BEYOND = [
    # Past the sea chain's 60 units a side (method.MAX_FLEET_UNITS): Monte Carlo, planned as such; one round
    # keeps the sampled battles short.
    {"op": "calc", "ruleset": "1940-2e", "system": {"name": "dice"}, "kind": "sea",
     "attacker": {"units": {"destroyer": 61}}, "defender": {"units": {"destroyer": 61}}, "rounds": 1},
]
"""The recorded corpus plans no Monte Carlo: these do."""

CALCULATIONS = _calculations() + [pytest.param(request, id=f"beyond-{n}") for n, request in enumerate(BEYOND)]


def test_the_corpus_has_calculations_of_every_kind_of_method():
    """Without them this file would check little: the corpus holds exact chains, own calculators and Monte Carlo."""
    kinds = set()
    for param in CALCULATIONS:
        asked = read_calc(param.values[0])
        setup, rounds, exact, options = asked.setup, asked.rounds, asked.exact, asked.options
        if "plan" not in options:
            kinds.add(method.plan(setup, exact, options, rounds).method)
    assert {"ladder", "general", "fleet", "colored", "chess", "monte_carlo"} <= kinds, kinds


@pytest.mark.parametrize("request_", CALCULATIONS)
def test_the_method_planned_is_the_method_used(request_):
    asked = read_calc(request_)
    setup, rounds, exact, options = asked.setup, asked.rounds, asked.exact, asked.options
    assert "plan" not in options
    planned = method.plan(setup, exact, options, rounds)
    try:
        got = method.ends_of(setup, rounds, exact, options)
    except LuckdialError as refused:       # a refusal (too_big) is planned as such: over the budget
        assert not planned.as_json()["within_budget"], refused
        return
    used = "monte_carlo" if got.method == "monte_carlo" else got.by
    if planned.method == "monte_carlo":
        assert used == "monte_carlo", (planned, got.by)
    else:
        # An exact chain planned answers, or reaches its own bound and hands over to Monte Carlo (its reason says so).
        assert used == planned.method or (used == "monte_carlo" and "bound" in got.reason), (planned, got.by,
                                                                                             got.reason)



def _plan(**fields):
    plan = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
            "attacker": {"units": {"infantry": 2, "tank": 1}}, "defender": {"units": {"infantry": 3}},
            "waves": [{"attacker": {"units": {"infantry": 2}}}]}
    return {**plan, **fields}


PLANS = [pytest.param(request, id=name) for name, request in (
    ("land-dice", _plan()),
    ("land-lowluck-counter", _plan(system={"name": "lowluck"}, counter={"attacker": {"units": {"infantry": 2}}})),
    ("land-exact", _plan(exact=True)),
    ("sea-dice", _plan(kind="sea", attacker={"units": {"destroyer": 2}}, defender={"units": {"cruiser": 2}},
                       waves=[{"attacker": {"units": {"submarine": 2}}}])),
    ("chess", _plan(system={"name": "chess", "variant": "ryof"})),
    ("colored", _plan(system={"name": "colored"}, defender={"units": {"infantry": 5}})),
)]
"""Small plans (the recorded corpus holds none): a later wave on land and at sea, in floats and in fractions,
under the systems' own calculators, and a counter-attack."""


def test_the_plans_meet_every_kind_of_later_method():
    """The check below covers the ladder, the sea chain, the general chain and the systems' own calculators."""
    kinds = set()
    for param in PLANS:
        asked = read_calc(param.values[0])
        for wave in asked.options["plan"].waves[1:]:
            kinds.add(method.choose_later(wave.setup, asked.exact, {"retreat": wave.retreat}).name)
    assert kinds == {"ladder", "fleet", "general", "chess", "colored"}, kinds


@pytest.mark.parametrize("request_", PLANS)
def test_a_later_wave_is_fought_by_the_method_that_estimated_it(request_, monkeypatch):
    """docs/rules.md §9.1: a plan's later waves and counter-attack are fought by the "from many starts" form of
    the one table of methods, and :mod:`pycore.calc.plan_cost` estimates each by the same choice: every later
    battle fought is recorded by the method that fights it, and matches ``plan_later``'s method for it."""
    from pycore.calc import waves
    asked = read_calc(request_)
    plan, exact = asked.options["plan"], asked.exact
    fought = []
    for kind in {type(m) for m in method.METHODS if type(m).later is not method.Method.later}:
        def spy(self, battles, starts, _original=kind.later):
            fought.append((battles.setup, self.name))
            return _original(self, battles, starts)
        monkeypatch.setattr(kind, "later", spy)
    waves.fight(plan, exact)
    assert fought, "a plan with a later battle fights it by the table"
    for setup, name in fought:
        assert method.plan_later(setup, exact, {}).method == name

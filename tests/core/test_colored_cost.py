"""The coloured exact chain's estimate (docs/api.md "Cost budget", issue 15 item 3, issue 18's rule).

``cost.colored_work`` reads the counts only and must be an upper envelope of the work the chain counts
(``colored.WORK_BUDGET``'s units): a shared link starts by itself only under 2 s estimated
(web/odds/calc.js ``LINK_START_SECONDS``), so an estimate short of the work could start a long calculation
unasked. The chain is run here with its bound lifted and its counted work compared, not timed
(bench/colored.py --estimate --work prints the times).
"""

import pytest

from pycore.calc import colored, cost
from pycore.calc.method import plan
from pycore.engine.setup import parse_setup
from pycore.rulesets import find_ruleset
from pycore.systems import find_system

LINK_START_SECONDS = 2
"""web/odds/calc.js: a shared link's calculation starts by itself when estimated at most this long."""


def boosting(units, air="fighter"):
    """Half the side's ``air`` roll yellow, half boost white (docs/rules.md §7, a side's ``colors``)."""
    half = units[air] // 2
    return {"units": units, "colors": {"yellow": {"rolls": {air: units[air] - half}}, "white": {"boosts": {air: half}}}}


def setup(attacker, defender, ruleset="1940-2e", kind="land"):
    side = lambda units: units if "units" in units else {"units": units}  # noqa: E731
    return parse_setup({"attacker": side(attacker), "defender": side(defender), "kind": kind},
                       find_ruleset(ruleset), find_system({"name": "colored"}))


def counted_work(s):
    """The chain's own count of its work (``_Exact.work``), fought to the end with the bound lifted."""
    calc = colored._Exact(s, False)
    calc.budget = 10 ** 12
    colored._settle(calc, False)
    return calc.work


LAND_20 = ({"infantry": 8, "artillery": 4, "tank": 4, "fighter": 2, "bomber": 2},
           {"infantry": 11, "artillery": 2, "tank": 4, "fighter": 2, "aa_gun": 1})
"""bench/colored.py's land 20 v 20: five kinds a side, artillery boosting white on both sides."""
TWO_BOOSTS_60 = (boosting({"infantry": 24, "artillery": 12, "tank": 12, "fighter": 6, "bomber": 6}),
                 boosting({"infantry": 35, "artillery": 6, "tank": 12, "fighter": 6, "aa_gun": 1}))
"""bench/cost.py's battle over the bound: 43 million units counted (colored.WORK_BUDGET's docstring)."""

ENVELOPE = [
    ("land 20 v 20", "1940-2e", "land", *LAND_20),
    ("sea 20 v 20, seven kinds", "1940-2e", "sea",
     {"submarine": 8, "destroyer": 4, "cruiser": 2, "battleship": 2, "carrier": 2, "fighter": 4},
     {"submarine": 6, "destroyer": 4, "cruiser": 2, "battleship": 2, "carrier": 2, "fighter": 4, "transport": 2}),
    # Nobody boosts: the model counts the laws exactly, its closest battle (0.93 measured).
    ("60 infantry a side", "1940-2e", "land", {"infantry": 60}, {"infantry": 60}),
    ("Revised sea, transports", "revised", "sea",
     {"submarine": 8, "destroyer": 6, "battleship": 4, "carrier": 2, "fighter": 4},
     {"submarine": 6, "destroyer": 8, "battleship": 2, "carrier": 3, "fighter": 6, "transport": 3}),
    ("classic lopsided", "classic", "land", {"infantry": 30, "tank": 20, "fighter": 5}, {"infantry": 10, "tank": 5}),
    ("tactical bombers and fighters boosting", "1940-2e", "land",
     boosting({"infantry": 10, "artillery": 4, "tactical_bomber": 6}, "tactical_bomber"),
     boosting({"infantry": 12, "mech_infantry": 4, "tank": 4, "fighter": 6})),
    # Boosted laws allowed by the keys far beyond those met (179 million units, 0.7 million met): counted per
    # pair of states instead (cost.COLORED_BOOST_PAIR_UNITS); under the bound, as under the product before.
    ("fighters and artillery boosting against artillery", "1940-2e", "land",
     boosting({"infantry": 18, "artillery": 6, "fighter": 6}), {"infantry": 18, "artillery": 6}),
    # Six fighters boosting white on each side: its sides meet 93 % and 88 % of their squares, the battle
    # that a share of 0.2 (cost.COLORED_SIDE_SHARE) under-estimated.
    ("30 v 30, six fighters boosting each side", "1940-2e", "land",
     boosting({"infantry": 4, "artillery": 6, "tank": 8, "fighter": 12}),
     boosting({"infantry": 6, "artillery": 3, "tank": 8, "fighter": 12, "aa_gun": 1})),
]


@pytest.mark.parametrize("name, ruleset, kind, attacker, defender", ENVELOPE, ids=[b[0] for b in ENVELOPE])
def test_the_estimate_is_at_least_the_chains_counted_work(name, ruleset, kind, attacker, defender):
    s = setup(attacker, defender, ruleset, kind)
    work = counted_work(s)
    pairs, model = cost.colored_work(s)
    assert work <= model, f"{name}: the chain counted {work:,} units, the model {model:,}"
    guess = plan(s)
    assert guess.method == "colored"
    assert guess.seconds >= cost.OVERHEAD + work * cost.COLORED_UNIT_SECOND


@pytest.mark.parametrize("ruleset", ["1940-2e", "revised", "1942-2e"])
def test_land_20_v_20_is_estimated_exact_and_starts_from_a_link(ruleset):
    # Was the bounded attempt and Monte Carlo (about 18 s) while the model was the product of every count of
    # every type; the chain answers in about 0.1 s (bench/colored.py --estimate --work).
    guess = plan(setup(*LAND_20, ruleset))
    assert guess.method == "colored" and guess.as_json()["within_budget"]
    assert guess.seconds < LINK_START_SECONDS
    assert guess.budget == cost.BUDGET_SECONDS


@pytest.mark.parametrize("ruleset", ["1940-2e", "revised"])
def test_60_v_60_over_the_bound_is_still_the_attempt_then_monte_carlo(ruleset):
    s = setup(*TWO_BOOSTS_60, ruleset)
    assert cost.colored_work(s)[1] > colored.WORK_BUDGET
    guess = plan(s)
    attempt = cost.OVERHEAD + colored.WORK_BUDGET * cost.COLORED_UNIT_SECOND
    assert guess.method == "monte_carlo"
    assert guess.seconds > attempt and guess.budget == cost.BUDGET_SECONDS + attempt
    assert guess.seconds > LINK_START_SECONDS      # a link of it never starts unasked


def test_a_battle_beyond_60_a_side_is_monte_carlo_without_an_attempt():
    guess = plan(setup({"infantry": 61}, {"infantry": 61}))
    assert guess.method == "monte_carlo" and guess.budget == cost.BUDGET_SECONDS


def test_more_units_never_make_the_model_smaller():
    """The envelope grows with every kind it counts: a unit more on either side never lowers it."""
    base = cost.colored_work(setup(*LAND_20))[1]
    for role in (0, 1):
        for unit in ("infantry", "artillery", "tank", "fighter"):
            more = [dict(LAND_20[0]), dict(LAND_20[1])]
            more[role][unit] = more[role].get(unit, 0) + 1
            assert cost.colored_work(setup(*more))[1] >= base, (role, unit)

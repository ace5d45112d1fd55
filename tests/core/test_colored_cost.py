"""The coloured exact chain's estimate (docs/api.md "Cost budget", issue 15 item 3, issue 18's rule).

``colored_cost.colored_work`` reads the counts only and must be an upper envelope of the work the chain counts
(``colored.WORK_BUDGET``'s units): a shared link starts by itself only under 2 s estimated
(web/odds/calc.js ``LINK_START_SECONDS``), so an estimate short of the work could start a long calculation
unasked. The chain is run here with its bound lifted and its counted work compared, not timed
(bench/colored.py --estimate --work prints the times).
"""

import json

import pytest

from pycore.api import handle
from pycore.calc import cost
from pycore.calc.colored import chain as colored, cost as colored_cost
from pycore.calc.method import plan
from pycore.read.battle import read_setup
from pycore.rulesets import find_ruleset
from pycore.read.systems import read_system

LINK_START_SECONDS = 2
"""web/odds/calc.js: a shared link's calculation starts by itself when estimated at most this long."""


def boosting(units, air="fighter"):
    """Half the side's ``air`` roll yellow, half boost white (docs/rules.md §7, a side's ``colors``)."""
    half = units[air] // 2
    return {"units": units, "colors": {"yellow": {"rolls": {air: units[air] - half}}, "white": {"boosts": {air: half}}}}


def setup(attacker, defender, ruleset="1940-2e", kind="land"):
    side = lambda units: units if "units" in units else {"units": units}  # noqa: E731
    return read_setup({"attacker": side(attacker), "defender": side(defender), "kind": kind},
                       find_ruleset(ruleset), read_system({"name": "colored"}))


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
    # pair of states instead (colored_cost.COLORED_BOOST_PAIR_UNITS); under the bound, as under the product before.
    ("fighters and artillery boosting against artillery", "1940-2e", "land",
     boosting({"infantry": 18, "artillery": 6, "fighter": 6}), {"infantry": 18, "artillery": 6}),
    # Six fighters boosting white on each side: its sides meet 93 % and 88 % of their squares.
    ("30 v 30, six fighters boosting each side", "1940-2e", "land",
     boosting({"infantry": 4, "artillery": 6, "tank": 8, "fighter": 12}),
     boosting({"infantry": 6, "artillery": 3, "tank": 8, "fighter": 12, "aa_gun": 1})),
    # Aircraft over a third of each side and red dice on both: losses run three ways (from the top of the order
    # of loss, from the bottom, among the aircraft), 1,291 and 634 states met, more than their squares (1,089,
    # 484). The model before counted 0.3 of the square a side: 3.8 million units against 4.5 million counted.
    ("aircraft a third of each side", "1940-2e", "land",
     {"mech_infantry": 8, "fighter": 5, "bomber": 5, "artillery": 5, "tactical_bomber": 3, "tank": 6},
     {"infantry": 2, "tactical_bomber": 3, "tank": 5, "fighter": 6, "bomber": 5}),
    # One fighter among infantry and tanks, red on both sides: a side's states are about a square (the winner
    # takes tanks from the top, the victim infantry from the bottom), 451 a side met, and half its dice are
    # red: 4.4 million units counted. A share of the square that grew only with the aircraft (none with the
    # red dice) would have put it at about a fifth of that.
    ("20 infantry + 19 tanks + a fighter a side", "1940-2e", "land",
     {"infantry": 20, "tank": 19, "fighter": 1}, {"infantry": 20, "tank": 19, "fighter": 1}),
    # Few pairs, dear laws (an artillery boosting 6 white dice): the laws are 93 % of the work, 3.9 times the
    # first round's (colored_cost.COLORED_FIRST_LAWS). The model before capped them at 130 units a pair: 0.19 million
    # units against 0.62 million counted.
    ("18 infantry and an artillery against 19 infantry", "revised", "land",
     {"artillery": 1, "infantry": 18}, {"infantry": 19}),
    ("sea 30 v 30, bench's seven kinds", "1940-2e", "sea",
     {"submarine": 12, "destroyer": 6, "cruiser": 3, "battleship": 3, "carrier": 3, "fighter": 6},
     {"submarine": 9, "destroyer": 6, "cruiser": 3, "battleship": 3, "carrier": 3, "fighter": 6, "transport": 3}),
]


@pytest.mark.parametrize("name, ruleset, kind, attacker, defender", ENVELOPE, ids=[b[0] for b in ENVELOPE])
def test_the_estimate_is_at_least_the_chains_counted_work(name, ruleset, kind, attacker, defender):
    s = setup(attacker, defender, ruleset, kind)
    work = counted_work(s)
    pairs, model = colored_cost.colored_work(s)
    assert work <= model, f"{name}: the chain counted {work:,} units, the model {model:,}"
    guess = plan(s)
    assert guess.method == "colored"
    assert guess.seconds >= cost.OVERHEAD + work * colored_cost.COLORED_UNIT_SECOND


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
    assert colored_cost.colored_work(s)[1] > colored.WORK_BUDGET
    guess = plan(s)
    attempt = cost.OVERHEAD + colored.WORK_BUDGET * colored_cost.COLORED_UNIT_SECOND
    assert guess.method == "monte_carlo"
    assert guess.seconds > attempt and guess.budget == cost.BUDGET_SECONDS + attempt
    assert guess.seconds > LINK_START_SECONDS      # a link of it never starts unasked


OWN_CHART = [{"color": "c0", "rolls": ["carrier", "fighter"], "casualties": "any", "choice": "winner"},
             {"color": "c1", "rolls": ["destroyer", "battleship"], "casualties": "naval_first", "choice": "victim"},
             {"color": "c2", "rolls": ["cruiser", "submarine"], "casualties": "aircraft_first", "choice": "victim"}]
"""A chart of one's own (docs/rules.md §7, ``system.chart``) that puts the winner's choice at sea."""


def test_the_estimate_covers_a_chart_that_gives_the_winner_hits_on_battleships():
    # The winner may sink a damaged battleship or hit an intact one, the victim damages first: more states than
    # the square (colored_cost.COLORED_STURDY_SHARE). 1.26 million units counted; the model before: 1.16 million.
    a = {"destroyer": 3, "carrier": 5, "battleship": 2, "fighter": 2, "cruiser": 1, "submarine": 4}
    d = {"fighter": 4, "destroyer": 3, "battleship": 4, "carrier": 4}
    s = read_setup({"attacker": {"units": a}, "defender": {"units": d}, "kind": "sea"}, find_ruleset("1942-2e"),
                    read_system({"name": "colored", "chart": OWN_CHART}))
    work = counted_work(s)
    assert work <= colored_cost.colored_work(s)[1], work


BENCH_40 = {
    # bench/colored.py's land(40) and sea(40): exact in 1.2–2 s and 0.7–0.9 s of CPython (5.96 and 3.46 million
    # units counted, bench/colored.py --estimate --work); estimated as the attempt and Monte Carlo (about 18 s)
    # or 6 s before colored_cost.colored_work read the shares of red dice and aircraft and the sides' bounds.
    "land": ({"infantry": 16, "artillery": 8, "tank": 8, "fighter": 4, "bomber": 4},
             {"infantry": 23, "artillery": 4, "tank": 8, "fighter": 4, "aa_gun": 1}),
    "sea": ({"submarine": 12, "destroyer": 8, "cruiser": 4, "battleship": 4, "carrier": 4, "fighter": 8},
            {"submarine": 8, "destroyer": 8, "cruiser": 4, "battleship": 4, "carrier": 4, "fighter": 8,
             "transport": 4}),
}


@pytest.mark.parametrize("kind", ["land", "sea"])
def test_40_v_40_is_estimated_exact(kind):
    guess = plan(setup(*BENCH_40[kind], kind=kind))
    assert guess.method == "colored" and guess.as_json()["within_budget"]
    assert guess.budget == cost.BUDGET_SECONDS
    # Within a small factor of the time measured, never under the counted work's.
    assert guess.seconds < {"land": 6, "sea": 2}[kind]


def test_sea_60_v_60_is_estimated_exact():
    """bench/colored.py's sea(60): 12.7 million units counted, 3.4–3.7 s of CPython; its sides' states are a product of
    two lines (13 aircraft counts × 61 of the rest, all 793 met), not 0.3 of their squares (1,336)."""
    a = {"submarine": 18, "destroyer": 12, "cruiser": 6, "battleship": 6, "carrier": 6, "fighter": 12}
    d = {"submarine": 12, "destroyer": 12, "cruiser": 6, "battleship": 6, "carrier": 6, "fighter": 12, "transport": 6}
    s = setup(a, d, kind="sea")
    assert colored_cost.colored_work(s)[1] <= colored.WORK_BUDGET
    assert plan(s).method == "colored"


def test_aircraft_heavy_battles_over_the_bound_stay_the_attempt_then_monte_carlo():
    # 45 v 45 with 25 aircraft a side: the chain counted 60 million units without finishing (it stops at 32
    # million); the model before put it at 24 million, exact in 6.5 s.
    s = setup({"infantry": 10, "tank": 10, "fighter": 15, "bomber": 10},
              {"infantry": 12, "tank": 10, "fighter": 14, "bomber": 9})
    assert colored_cost.colored_work(s)[1] > colored.WORK_BUDGET
    assert plan(s).method == "monte_carlo"


def test_the_exact_fractions_plan_reads_the_fractions_bound(monkeypatch):
    """``exact`` (fractions): the chain stops at colored.FRACTION_WORK_BUDGET and refuses the battle (no Monte
    Carlo); the plan reads that bound, not WORK_BUDGET, and the fractions' seconds a unit. The bound is lowered
    here so that a battle within the 24 units ``exact`` takes crosses it (at full size none measured did)."""
    attacker, defender = {"infantry": 5, "artillery": 3, "tank": 3, "fighter": 1}, {"infantry": 6, "tank": 5, "fighter": 1}
    s = setup(attacker, defender)
    work = counted_work(s)
    model = colored_cost.colored_work(s)[1]
    floats, fractions = plan(s), plan(s, exact=True)
    assert floats.method == fractions.method == "colored" and fractions.as_json()["within_budget"]
    assert fractions.seconds == pytest.approx(cost.OVERHEAD + model * colored_cost.COLORED_FRACTION_UNIT_SECOND)
    monkeypatch.setattr(colored, "FRACTION_WORK_BUDGET", work // 2)
    assert not plan(s, exact=True).as_json()["within_budget"]      # refused after the attempt, as the chain does
    assert plan(s).as_json()["within_budget"]                       # floats: WORK_BUDGET, unchanged
    request = {"op": "calc", "ruleset": "1940-2e", "system": {"name": "colored"}, "exact": True,
               "attacker": {"units": attacker}, "defender": {"units": defender}}
    got = json.loads(handle(json.dumps(request)))
    assert got["error"]["field"] == "exact", got


def test_a_battle_beyond_60_a_side_is_monte_carlo_without_an_attempt():
    guess = plan(setup({"infantry": 61}, {"infantry": 61}))
    assert guess.method == "monte_carlo" and guess.budget == cost.BUDGET_SECONDS


MONOTONE = [("land", LAND_20, ("infantry", "artillery", "tank", "fighter", "bomber")),
            ("land", BENCH_40["land"], ("infantry", "artillery", "tank", "fighter", "bomber")),
            ("land", ({"infantry": 30, "tank": 30}, {"infantry": 30, "tank": 30}), ("infantry", "tank")),
            ("sea", BENCH_40["sea"], ("submarine", "destroyer", "cruiser", "battleship", "carrier", "fighter"))]


@pytest.mark.parametrize("kind, battle, units", MONOTONE, ids=["land 20", "land 40", "tanks 60", "sea 40"])
def test_more_units_never_make_the_model_smaller(kind, battle, units):
    """A unit more of a kind either side has never lowers the envelope (up to four more of each, one at a
    time). A side's first aircraft facing red dice may: its losses then run three ways and the model counts
    a share of its square that grows with its aircraft from COLORED_PAIR_SHARE (docs/api.md "Cost budget")."""
    for role in (0, 1):
        for unit in units:
            if unit not in battle[role]:
                continue
            last = colored_cost.colored_work(setup(*battle, kind=kind))[1]
            more = [dict(battle[0]), dict(battle[1])]
            for _ in range(4):
                more[role][unit] += 1
                got = colored_cost.colored_work(setup(*more, kind=kind))[1]
                assert got >= last, (role, unit, more[role][unit])
                last = got

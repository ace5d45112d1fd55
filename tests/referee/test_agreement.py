"""The project's calculator against the referee, on seeded random battles of every kind.

``calc`` is called through ``pycore.api.handle`` with JSON (``compare.project``), the referee with the
same dict. Every ruleset × {dice, Low Luck} gets the same number of battles of each kind; the seeds are
fixed, so a failure names a battle that fails again. Sizes stay where the project answers exactly today
(``method`` is checked: a sea battle above 16 units is Monte Carlo, see the xfail set at the end).

AA casualties are compared under the project's reading (``aa_casualties="chosen"``: the attacker takes
AA hits by his order of loss, docs/rules.md); the referee's default follows seed 002's text (the
aircraft hit dies). ``test_aa_casualty_reading`` pins the difference.
"""

from fractions import Fraction

import pytest

from .battle import calc
from .compare import (air_battles, battles, choice_battles, differences, exact_differences, features,
                      option_battles, printed_sub_battles, project)

SEED = 2026
PER_COMBO = 8  # × 6 rulesets × 2 systems = 96 battles per kind
SIZE = (2, 16)  # sea: the project's exact limit (16 units in all)
LAND_SIZE = (2, 22)
TOLERANCE = 1e-9

SETS = {
    "land": battles(SEED, "land", PER_COMBO, LAND_SIZE),
    "sea": battles(SEED, "sea", PER_COMBO, SIZE),
    "amphibious": battles(SEED, "amphibious", PER_COMBO, LAND_SIZE),
    "land-air": air_battles(SEED, 6),
    "options": option_battles(SEED, 6),  # tech, lhtr, round 2 with damaged units, fold_subs
    "choices": choice_battles(SEED, 6),  # retreat at N units, retreat below X, keep one land unit
}


def _id(kind, i, request):
    return f"{kind}-{request['ruleset']}-{request['system']['name']}-{i}"


CASES = [pytest.param(request, id=_id(kind, i, request)) for kind, requests in SETS.items()
         for i, request in enumerate(requests)]


@pytest.mark.parametrize("request_", CASES)
def test_fast_chain_agrees_with_the_referee(request_):
    worst, rows, method = differences(request_)
    assert method == "exact", "keep the random battles where the project answers exactly"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])


def test_the_random_sets_cover_the_rules():
    """At least 50 battles per kind, and each rule the issue names exercised many times."""
    wanted = {
        "land": {"AA fire": 20, "artillery support": 5, "order of loss": 10, "round limit": 10},
        "sea": {"subs": 30, "subs v aircraft": 15, "sub strike v destroyer": 5, "aircraft without destroyer v subs": 5,
                "two-hit units": 15, "transports": 10, "defenseless transports": 10, "carriers": 15},
        "amphibious": {"bombardment": 50, "AA fire": 10, "two-hit units": 0},
        "land-air": {"AA fire": 72, "tactical bomber pairing": 6},
        "options": {"tech": 50, "lhtr": 15, "odds from here": 10, "damaged": 5, "fold_subs": 5},
        "choices": {"retreat_at_units": 15, "retreat_below": 15, "keep_land": 25},
    }
    for kind, requests in SETS.items():
        if kind in ("land", "sea", "amphibious"):
            assert len(requests) >= 50
        seen: dict = {}
        for request in requests:
            for feature in features(request):
                seen[feature] = seen.get(feature, 0) + 1
        for feature, least in wanted[kind].items():
            assert seen.get(feature, 0) >= least, (kind, feature, seen)
        for system in ("dice", "lowluck"):
            assert sum(r["system"]["name"] == system for r in requests) >= len(requests) // 2


# ---- the project's ``exact`` answer (fraction strings, the general chain) ------------------------

EXACT_CASES = []
for kind, requests in (*((k, battles(SEED + 1, k, 3, (2, 12))) for k in ("land", "sea", "amphibious")),
                       ("options", option_battles(SEED + 1, 2)), ("choices", choice_battles(SEED + 1, 2))):
    for i, request in enumerate(requests):
        EXACT_CASES.append(pytest.param(request, id=_id(f"exact-{kind}", i, request)))


@pytest.mark.parametrize("request_", EXACT_CASES)
def test_exact_fractions_agree_with_the_referee(request_):
    """``exact: true`` gives fraction strings: they must equal the referee's Fractions to the last digit."""
    rows = exact_differences(request_)
    assert not rows, "; ".join(f"{k}: referee {a}, project {b}" for k, a, b in rows[:6])


def test_exact_bombardment_casualties_fire_back():
    """Revised, 1 infantry + 1 battleship v 1 infantry (worked in test_golden): 19/36, 5/24, 19/72. The
    fast chain gives it; ``exact`` gave Classic's 3/4, 5/24, 1/24 before the general chain let the bombarded
    units fire back (they are casualties marked, not yet removed: they still fire in round 1)."""
    req = {"ruleset": "revised", "system": {"name": "dice"}, "kind": "amphibious",
           "attacker": {"units": {"infantry": 1, "battleship": 1}}, "defender": {"units": {"infantry": 1}}}
    assert project(req)["outcome"]["attacker_wins"] == pytest.approx(19 / 36, abs=1e-12)
    got = project({**req, "exact": True})["exact_outcome"]
    assert Fraction(got["attacker_wins"]) == Fraction(19, 36)


# ---- readings ----------------------------------------------------------------------------------

def test_aa_casualty_reading():
    """Under dice the project lets the attacker take AA hits by his order of loss; seed 002 says the
    aircraft hit dies. Revised, 1 fighter + 1 bomber against an AA gun and 1 infantry, one round: the same
    law of the number lost, different survivors by type (worked in test_golden)."""
    req = {"ruleset": "revised", "system": {"name": "dice"}, "kind": "land", "rounds": 1,
           "attacker": {"units": {"fighter": 1, "bomber": 1}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}}
    assert not differences(req, aa_casualties="chosen")[1]
    worst, rows, _ = differences(req, aa_casualties="fired_at")
    assert {k for k, _, _ in rows} >= {"survivors.attacker.fighter", "survivors.attacker.bomber"}


# ---- the battle that a one-line mutation of the project got wrong -------------------------------

@pytest.mark.parametrize("ruleset", ["classic", "revised", "big-world-1942", "anniversary"])
@pytest.mark.parametrize("system", ["lowluck", "dice"])
def test_aircraft_against_aa_one_round(ruleset, system):
    """12 fighters + 6 bombers against 3 infantry + an AA gun, one round (the issue's case). Low Luck in
    classic / revised / Big World: exactly 14 survivors (test_golden). Dropping ``sure_hits`` from the
    hit-law cache key of pycore/calc/chain.py made the project say 13."""
    req = {"ruleset": ruleset, "system": {"name": system}, "kind": "land", "rounds": 1,
           "attacker": {"units": {"fighter": 12, "bomber": 6}}, "defender": {"units": {"infantry": 3, "aa_gun": 1}}}
    mine = calc(req, aa_casualties="chosen")
    theirs = project(req)
    assert sum(theirs["survivors"]["attacker"].values()) == pytest.approx(float(sum(mine["survivors"]["attacker"].values())), abs=TOLERANCE)
    assert not differences(req)[1]


# ---- medium sea battles: Monte Carlo today ------------------------------------------------------

MEDIUM_SEA = [
    {"ruleset": "revised", "system": {"name": "lowluck"}, "kind": "sea",
     "attacker": {"units": {"submarine": 5, "destroyer": 2, "fighter": 2}},
     "defender": {"units": {"destroyer": 4, "carrier": 2, "fighter": 3}}},
    {"ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
     "attacker": {"units": {"submarine": 6, "bomber": 3}},
     "defender": {"units": {"destroyer": 3, "transport": 3, "battleship": 2}}},
    {"ruleset": "big-world-1942", "system": {"name": "dice"}, "kind": "sea",
     "attacker": {"units": {"fighter": 4, "cruiser": 3, "submarine": 4}},
     "defender": {"units": {"submarine": 4, "carrier": 2, "destroyer": 2}}},
    {"ruleset": "1940-2e", "system": {"name": "lowluck"}, "kind": "sea",
     "attacker": {"units": {"tactical_bomber": 3, "fighter": 3, "destroyer": 3}},
     "defender": {"units": {"submarine": 5, "carrier": 2, "transport": 2}}},
    {"ruleset": "anniversary", "system": {"name": "lowluck"}, "kind": "sea",
     "attacker": {"units": {"submarine": 8, "cruiser": 3, "bomber": 4}},
     "defender": {"units": {"destroyer": 3, "transport": 4, "battleship": 3, "carrier": 2, "fighter": 3}}},
    {"ruleset": "revised", "system": {"name": "dice"}, "kind": "sea",
     "attacker": {"units": {"submarine": 6, "destroyer": 3, "fighter": 4, "battleship": 2}},
     "defender": {"units": {"destroyer": 4, "carrier": 3, "fighter": 4, "submarine": 3}}},
]


@pytest.mark.parametrize("request_", [pytest.param(r, id=f"medium-sea-{r['ruleset']}-{r['system']['name']}")
                                      for r in MEDIUM_SEA])
@pytest.mark.slow
def test_medium_sea_battles_agree(request_):
    """Sea battles of 17 to 30 units: the sea chain (calc/fleet.py) answers them exactly, within 1e-9 of
    the referee (they were Monte Carlo before it)."""
    size = sum(request_["attacker"]["units"].values()) + sum(request_["defender"]["units"].values())
    if not 17 <= size <= 30:
        raise ValueError(f"a medium sea battle has 17 to 30 units, this one {size}")  # not an xfail
    assert project(request_)["method"] == "exact"  # first, so that today only the project's side is paid for
    worst, rows, method = differences(request_)
    assert not rows, f"max |diff| {worst:.3g}"


def _size(request):
    return sum(sum(request[role]["units"].values()) for role in ("attacker", "defender"))


MEDIUM_EXACT = [r for r in MEDIUM_SEA if _size(r) <= 24] + battles(SEED + 2, "sea", 1, (17, 20))


@pytest.mark.parametrize("request_", [pytest.param(r, id=f"medium-sea-exact-{r['ruleset']}-{r['system']['name']}-{i}")
                                      for i, r in enumerate(MEDIUM_EXACT)])
def test_medium_sea_battles_exact_fractions(request_):
    """Sea battles of 17 to 24 units: ``exact: true`` runs the general chain in Fractions up to 24 units,
    and that must equal the referee."""
    assert 17 <= _size(request_) <= 24
    rows = exact_differences(request_)
    assert not rows, "; ".join(f"{k}: referee {a}, project {b}" for k, a, b in rows[:6])


# ---- "retreat below X" when the chance to win is exactly X ---------------------------------------

# docs/rules.md §9: "retreat below X" retreats when the chance is below X, X read as the decimal typed;
# a chance of exactly X is not below it (floats: within 1e-9 counts as X).


def test_retreat_below_one_half_at_exactly_one_half_fast():
    """Classic, Low Luck, a fighter (3: a roll at 3) against a tank (defends at 2: a roll at 2). Per round
    attacker only ½·⅔ = 1/3, defender only ½·⅓ = 1/6, both 1/6, nobody 1/3: the chance to win, fought out,
    is (1/3)/(2/3) = 1/2 exactly — not below ½, so the attacker never retreats: 1/2, 1/4, 1/4."""
    req = {"ruleset": "classic", "system": {"name": "lowluck"}, "kind": "land", "retreat_below": 0.5,
           "attacker": {"units": {"fighter": 1}}, "defender": {"units": {"tank": 1}}}
    assert calc(req)["outcome"]["retreat"] == 0
    assert project({**req, "exact": True})["exact_outcome"].get("retreat", "0/1") == "0/1"  # exact: right
    assert project(req)["outcome"].get("retreat", 0.0) == 0.0  # fast: retreats 1/3


def test_retreat_below_one_fifth_at_exactly_one_fifth_exact():
    """Classic, dice, 1 infantry + 1 tank against a fighter (and an AA gun, which never fires at land units).
    After the infantry is lost, tank (3) v fighter (4): attacker only ½·⅓ = 1/6, defender only ½·⅔ = 1/3,
    both 1/3, nobody 1/6: chance to win 1/5 exactly — not below 0.2: no retreat. From the start: attacker
    hits with 21/36 (wins), the fighter alone 15/36·4/6 → tank v fighter, nobody 15/36·2/6:
    attacker wins (21/36 + 60/216·1/5) / (1 − 30/216) = 23/31."""
    req = {"ruleset": "classic", "system": {"name": "dice"}, "kind": "land", "retreat_below": 0.2,
           "attacker": {"units": {"infantry": 1, "tank": 1}}, "defender": {"units": {"fighter": 1, "aa_gun": 1}}}
    assert calc(req)["outcome"]["attacker_wins"] == Fraction(23, 31)
    assert project(req)["outcome"]["attacker_wins"] == pytest.approx(23 / 31, abs=1e-12)  # fast: right
    assert Fraction(project({**req, "exact": True})["exact_outcome"]["attacker_wins"]) == Fraction(23, 31)


# ---- the rule fixes of 2026-11-24 (issue #18): the project against the referee ---------------------------

FIXES = [
    # Big World battleships take two hits (seed 002): sea chain, dice and Low Luck.
    {"ruleset": "big-world-1942", "system": {"name": "dice"}, "kind": "sea",
     "attacker": {"units": {"battleship": 2, "submarine": 1}}, "defender": {"units": {"battleship": 1, "destroyer": 2}}},
    {"ruleset": "big-world-1942", "system": {"name": "lowluck"}, "kind": "sea",
     "attacker": {"units": {"battleship": 1, "fighter": 2}}, "defender": {"units": {"battleship": 2, "carrier": 1}}},
    # The Odds case: a captured AA gun is no survivor of the defender (docs/rules.md §9).
    {"ruleset": "revised", "system": {"name": "dice"}, "kind": "land",
     "attacker": {"units": {"infantry": 10, "tank": 5}}, "defender": {"units": {"infantry": 12, "aa_gun": 1}}},
    {"ruleset": "big-world-1942", "system": {"name": "lowluck"}, "kind": "land",
     "attacker": {"units": {"infantry": 3, "tank": 1, "fighter": 2}}, "defender": {"units": {"infantry": 3, "aa_gun": 1}}},
    # Folded subs never hit aircraft (docs/rules.md §4), with and without a destroyer against the subs.
    {"ruleset": "classic", "system": {"name": "lowluck"}, "kind": "sea",
     "attacker": {"units": {"submarine": 4, "battleship": 1, "fighter": 2}, "fold_subs": 1},
     "defender": {"units": {"transport": 2, "carrier": 1, "fighter": 1}}},
    {"ruleset": "revised", "system": {"name": "lowluck"}, "kind": "sea",
     "attacker": {"units": {"submarine": 3, "fighter": 1}, "fold_subs": 2},
     "defender": {"units": {"submarine": 1, "fighter": 2, "carrier": 1}}},
    # Found by a wider random comparison on 2026-11-24 (other seeds than the suite's): a lonely transport is lost
    # to Heavy Bombers keeping the better of two dice (docs/rules.md §2 Transports; the engine read single dice
    # only: the rounds differed) ...
    {"ruleset": "1940-2e", "system": {"name": "lowluck"}, "kind": "sea",
     "attacker": {"units": {"bomber": 2, "transport": 1, "tactical_bomber": 1},
                  "order_of_loss": ["tank", "battleship", "fighter", "submarine", "destroyer", "tactical_bomber",
                                    "transport", "mech_infantry", "carrier", "artillery"],
                  "tech": ["heavy_bombers", "super_subs", "radar"]},
     "defender": {"units": {"tactical_bomber": 2, "fighter": 2, "transport": 1, "bomber": 1},
                  "tech": ["advanced_artillery", "jet_power"]}, "lhtr": True},
    # ... and groups are formed against the units still alive (docs/rules.md §2 "Firing groups"; the referee
    # kept aircraft apart while a sunk sub fired back).
    {"ruleset": "revised", "system": {"name": "lowluck"}, "kind": "sea",
     "attacker": {"units": {"submarine": 2, "carrier": 1, "fighter": 1}},
     "defender": {"units": {"destroyer": 2, "submarine": 2},
                  "order_of_loss": ["tank", "submarine", "bomber", "artillery", "carrier", "transport"]}},
    {"ruleset": "anniversary", "system": {"name": "lowluck"}, "kind": "sea",
     "attacker": {"units": {"submarine": 1, "cruiser": 1, "destroyer": 1, "carrier": 1}},
     "defender": {"units": {"bomber": 1, "submarine": 2, "cruiser": 1}}},
]


@pytest.mark.parametrize("request_", [pytest.param(r, id=f"fix-{i}-{r['ruleset']}-{r['system']['name']}")
                                      for i, r in enumerate(FIXES)])
def test_rule_fixes_agree_with_the_referee(request_):
    worst, rows, method = differences(request_)
    assert method == "exact"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])


# ---- the sub step's printed reading (docs/rules.md §2 "The sub step") ---------------------------------

PRINTED_SUBS = printed_sub_battles(SEED, 9)  # × 3 rulesets × 2 systems = 54 battles


@pytest.mark.parametrize("request_", [pytest.param(r, id=f"printed-subs-{r['ruleset']}-{r['system']['name']}-{i}")
                                      for i, r in enumerate(PRINTED_SUBS)])
def test_printed_sub_reading_agrees_with_the_referee(request_):
    """``sub_rule: "printed"``: the project (the sea chain, calc/fleet.py) within 1e-9 of the referee, which
    implements both readings from docs/rules.md alone."""
    worst, rows, method = differences(request_)
    assert method == "exact"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])


def test_printed_sub_battles_exercise_the_difference():
    """The random set is worth having: in many of its battles the two readings give different ends (the
    referee's own answers, in Fractions), so agreeing on them tests the printed reading, not the seed's."""
    differ = 0
    for request_ in PRINTED_SUBS:
        seed = calc({k: v for k, v in request_.items() if k != "sub_rule"})
        printed = calc(request_)
        differ += seed["outcome"] != printed["outcome"] or seed["cost_lost"] != printed["cost_lost"]
    assert len(PRINTED_SUBS) >= 50 and differ >= 20, differ


def test_printed_sub_reading_exact_fractions():
    """The hand-checked battle of test_golden (whole battle), ``exact: true``: equal to the last digit."""
    request_ = {"ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "sub_rule": "printed",
                "attacker": {"units": {"submarine": 1, "fighter": 1}},
                "defender": {"units": {"battleship": 1, "destroyer": 1, "submarine": 1}}}
    assert not exact_differences(request_)


PRINTED_OPTIONS = [  # the printed sub rule with the other options that touch subs and their targets
    {"ruleset": "1942-2e", "system": {"name": "lowluck"}, "kind": "sea", "sub_rule": "printed",
     "attacker": {"units": {"submarine": 3, "fighter": 1}, "fold_subs": 1},
     "defender": {"units": {"destroyer": 1, "submarine": 1, "fighter": 1}}},
    {"ruleset": "1940-2e", "system": {"name": "dice"}, "kind": "sea", "sub_rule": "printed", "lhtr": True,
     "attacker": {"units": {"submarine": 2, "bomber": 1}, "tech": ["super_subs", "heavy_bombers"]},
     "defender": {"units": {"destroyer": 1, "submarine": 1, "carrier": 1}, "tech": ["jet_power"]}},
    {"ruleset": "anniversary", "system": {"name": "dice"}, "kind": "sea", "sub_rule": "printed", "round": 2,
     "attacker": {"units": {"submarine": 2, "fighter": 1}},
     "defender": {"units": {"destroyer": 1, "submarine": 1, "battleship": 1}, "damaged": {"battleship": 1}}},
    {"ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "sub_rule": "printed",
     "attacker": {"units": {"submarine": 2, "fighter": 2}, "order_of_loss": ["fighter", "submarine"]},
     "defender": {"units": {"destroyer": 2, "submarine": 2, "fighter": 1},
                  "order_of_loss": ["destroyer", "fighter", "submarine"]}},
]


@pytest.mark.parametrize("request_", [pytest.param(r, id=f"printed-options-{i}") for i, r in enumerate(PRINTED_OPTIONS)])
def test_printed_sub_reading_with_other_options(request_):
    """Folded subs (Low Luck), Super Subs and Heavy Bombers with LHTR, a damaged battleship from round 2, and
    orders of loss that put the destroyer before the subs: still within 1e-9 of the referee."""
    worst, rows, method = differences(request_)
    assert method == "exact" and not rows, f"max |diff| {worst:.3g}"

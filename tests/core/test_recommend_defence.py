"""The cheapest defence, the fewest units and the top N (docs/rules.md §9.4, docs/api.md "Plan of attack").

``recommend`` with ``"side": "defender"`` adds units from ``available`` to the request's defender and answers
the cheapest addition whose chance to hold (no wave takes the territory) or to win (every wave destroyed) is
at least the target. Checked three ways: a case worked by hand; every answer against a brute force over every
army by the independent referee (tests/referee/, its own unit table and casualty rules, in Fractions), ranked
here; and the search (``recommend.cheapest``) against the full search (``recommend.every``) on random small
spaces, to the last bit, together with the premise the search rests on (a bigger defence never does worse).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore.calc import recommend
from pycore.calc.waves import fight
from pycore.ops import decode_link
from pycore.read.calc import read_calc

from .helpers import error, ok
from .test_recommend_search import plans as attack_plans

ONE = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 1}},
       "defender": {"units": {"infantry": 1}}, "exact": True}


def _read(request: dict):
    options = read_calc(request).options
    available, target, goal = options["recommend"]
    return options["plan"], available, target, goal, options["recommend_how"]


# -- a case worked by hand ---------------------------------------------------------------------------

def test_the_cheapest_defence_worked_by_hand():
    """1 infantry attacks (hits on 1) the defender's infantry (each hits on 2), 1942-2e, dice; up to 2 more
    infantry may be added, 90 % to hold. By hand, a round's four cases (attacker hits a, defender hits at least
    once d; the round repeats when neither hits):
    1 defender: P(take) = (1/6 · 4/6) / (1 − 5/6 · 4/6) = 1/4, holds 3/4 (fails);
    2 defenders: d = 1 − (4/6)² = 5/9; only the attack's hit leads on to 1 v 1:
    P(take) = (1/6 · 4/9 · 1/4) / (1 − 5/6 · 4/9) = 1/34, holds 33/34;
    3 defenders: d = 1 − (4/6)³ = 19/27; P(take) = (1/6 · 8/27 · 1/34) / (1 − 5/6 · 8/27) = 2/1037, holds 1035/1037.
    The cheapest addition is 1 infantry (3 IPCs); the top 3 are the two that pass, best first."""
    got = ok({**ONE, "recommend": {"side": "defender", "available": {"infantry": 2}, "target": 0.9, "top": 3}})
    answer = got["recommend"]
    assert answer["side"] == "defender" and answer["goal"] == "holds" and answer["armies"] == 3
    assert answer["cheapest"]["units"] == {"infantry": 1} and answer["cheapest"]["cost"] == 3
    assert answer["cheapest"]["exact_chance"] == "33/34"
    assert [(a["units"], a["cost"], a["exact_chance"]) for a in answer["top"]] == [
        ({"infantry": 1}, 3, "33/34"), ({"infantry": 2}, 6, "1035/1037")]


def test_nothing_added_is_the_cheapest_defence_when_the_defender_suffices():
    """Goal ``wins`` (every attacker destroyed): 1 v 1 as above, the defender wins where only he hits,
    (5/6 · 2/6) / (1 − 5/6 · 4/6) = 5/8 (docs/api.md's example, 0.625) ≥ 60 %: nothing need be added, 0 IPCs."""
    got = ok({**ONE, "recommend": {"side": "defender", "available": {"infantry": 2}, "target": 0.6,
                                   "goal": "wins"}})["recommend"]
    assert got["cheapest"]["units"] == {} and got["cheapest"]["cost"] == 0
    assert got["cheapest"]["exact_chance"] == "5/8"


def test_the_fewest_units_against_the_cheapest():
    """``by: "units"``: against 2 infantry and 2 tanks, a tank (6 IPCs, defends on 3) and infantry (3 IPCs, on
    2) may be added to 1 infantry. The cheapest defence that reaches the target and the one of fewest units
    differ where a tank does the work of two infantry: both are the referee's brute force's (below)."""
    base = {**ONE, "attacker": {"units": {"infantry": 2, "tank": 1}}, "exact": False}
    ask = {"side": "defender", "available": {"infantry": 3, "tank": 2}, "target": 0.7}
    cheap = ok({**base, "recommend": ask})["recommend"]["cheapest"]
    few = ok({**base, "recommend": {**ask, "by": "units"}})["recommend"]["cheapest"]
    want_cheap = _brute(base, ask)[0]
    want_few = _brute(base, {**ask, "by": "units"})[0]
    assert (cheap["units"], cheap["cost"]) == want_cheap[:2]
    assert (few["units"], few["cost"]) == want_few[:2]
    assert sum(few["units"].values()) < sum(cheap["units"].values())     # the case tells them apart


# -- the referee's brute force -----------------------------------------------------------------------

def _brute(base: dict, ask: dict) -> list:
    """Every addition worked by the referee (its own rules and unit table), those reaching the target ranked:
    the cheaper (or the fewer), the higher chance, the fewer units (or IPCs), the order of the types given."""
    from tests.referee.plan import plan as referee
    from tests.referee.units import RULESETS
    table = RULESETS[base["ruleset"]]
    kinds = list(ask["available"].items())
    rows = []
    for counts in product(*(range(n + 1) for _, n in kinds)):
        added = {uid: n for (uid, _), n in zip(kinds, counts) if n}
        units = dict(base["defender"]["units"])
        for uid, n in added.items():
            units[uid] = units.get(uid, 0) + n
        law = referee({**base, "defender": {"units": units}})
        chance = law["outcome"]["defender_wins"] if ask.get("goal") == "wins" else 1 - law["takes_territory"]
        if chance >= Fraction(str(ask["target"])):
            price, size = sum(table.unit(uid).cost * n for uid, n in added.items()), sum(counts)
            first, second = (price, size) if ask.get("by", "ipcs") == "ipcs" else (size, price)
            rows.append(((first, -chance, second, counts), (added, price, chance)))
    return [row for _, row in sorted(rows)]


@pytest.mark.parametrize("base,ask", [
    ({"attacker": {"units": {"infantry": 2, "tank": 1}}, "defender": {"units": {"infantry": 1}}},
     {"available": {"infantry": 2, "artillery": 1, "tank": 1}, "target": 0.7, "top": 4}),
    ({"attacker": {"units": {"infantry": 1, "fighter": 1}}, "defender": {"units": {"infantry": 1}}},
     {"available": {"infantry": 2, "aa_gun": 1}, "target": 0.5, "top": 3, "goal": "wins"}),
    ({"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}},
      "waves": [{"attacker": {"units": {"tank": 1}}}]},
     {"available": {"infantry": 2, "tank": 1}, "target": 0.75, "top": 3, "by": "units"}),
])
def test_every_answer_is_the_referees_brute_force(base, ask):
    """The top N (and so the cheapest) against the referee's own work of every addition: the same armies in
    the same order, their costs, and their chances to 1e-9 — a defence of one infantry, an AA gun among the
    additions (it fires at the fighter before round 1), a plan of two waves."""
    request = {**ONE, **base, "exact": False}
    got = ok({**request, "recommend": {**ask, "side": "defender"}})["recommend"]
    want = _brute(request, ask)[:ask["top"]]
    assert want, "the case must have answers"
    assert [(a["units"], a["cost"]) for a in got["top"]] == [(units, price) for units, price, _ in want]
    for a, (_, _, chance) in zip(got["top"], want):
        assert a["chance"] == pytest.approx(float(chance), abs=1e-9)
    assert got["cheapest"] == got["top"][0]


# -- the search against the full search ----------------------------------------------------------------

@st.composite
def defences(draw):
    """A small defence question: 2–3 types to add (at most 48 armies), a defender of 1–2 units, an attacker of
    2–4 units (a fighter at times: AA guns matter), dice, Low Luck or biased dice, either goal, a second wave at
    times, floats or exact fractions, by IPCs or units, top 1–4."""
    ruleset = draw(st.sampled_from(["1942-2e", "revised", "anniversary"]))
    system = draw(st.sampled_from(["dice", "lowluck", "biased"]))
    kinds = draw(st.lists(st.sampled_from(["infantry", "artillery", "tank", "fighter", "aa_gun"]),
                          min_size=2, max_size=3, unique=True))
    available = {uid: draw(st.integers(1, 3 if k == 0 else 2)) for k, uid in enumerate(kinds)}
    if "aa_gun" in available:
        available["aa_gun"] = 1
    defender = {"infantry": 1}
    if draw(st.booleans()):
        defender[draw(st.sampled_from(["artillery", "tank", "fighter"]))] = 1
    attacker = {"infantry": draw(st.integers(1, 2)), "tank": draw(st.integers(0, 1)), "fighter": draw(st.integers(0, 1))}
    request = {"op": "calc", "ruleset": ruleset, "system": {"name": system}, "attacker": {"units": attacker},
               "defender": {"units": defender},
               "recommend": {"side": "defender", "available": available, "target": 0.5, "goal": draw(st.sampled_from(["holds", "wins"])),
                             "by": draw(st.sampled_from(["ipcs", "units"])), "top": draw(st.integers(1, 4))}}
    if draw(st.integers(0, 2)) == 0:
        request["waves"] = [{"attacker": {"units": {"infantry": 1, "tank": draw(st.integers(0, 1))}}}]
    if draw(st.integers(0, 4)) == 0:
        request["exact"] = True
    return request


def _chances(plan, available, goal, exact):
    zero = Fraction(0) if exact else 0.0
    for force in recommend.armies(plan, available, "defender"):
        candidate = recommend.with_defender(plan, force)
        yield force, recommend._read(candidate, fight(candidate, exact), goal, exact, zero, "defender")[0]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(defences(), st.data())
def test_the_search_answers_the_full_search_to_the_last_bit(request_, data):
    """Where a bigger defence never does worse (checked here on every army: each addition's chance is at least
    that of every addition with one unit fewer, up to what the chains prune), the search's top N is the full
    search's, army for army, to the last bit — whatever the target, drawn among the chances the armies have
    (ties, and chances exactly at the target) as well as at random."""
    plan, available, _, goal, how = _read(request_)
    exact = bool(request_.get("exact"))
    how.pop("side")
    assert recommend.monotone(plan, available, goal, "defender") is None
    by = {tuple(force.count(uid) for uid, _ in available.counts): chance
          for force, chance in _chances(plan, available, goal, exact)}
    for x, chance in by.items():
        for k in range(len(x)):
            y = x[:k] + (x[k] + 1,) + x[k + 1:]
            if y in by:
                assert by[y] >= chance - 1e-12, (x, y)
    target = data.draw(st.one_of(st.sampled_from(sorted({float(c) for c in by.values()})), st.floats(0.01, 0.999)))
    full = recommend.every(plan, available, target, goal, exact, "defender", **how)
    fast = recommend.cheapest(plan, available, target, goal, exact, "defender", **how)
    assert fast["top"] == full["top"], (target, fast, full)
    assert fast["armies"] <= full["armies"] == recommend.count(plan, available, "defender")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(attack_plans(), st.sampled_from(["ipcs", "units"]), st.integers(2, 4), st.data())
def test_the_attackers_top_n_and_fewest_units_are_the_full_searchs(request_, by, top, data):
    """The top N and the fewest units are the attacker's too (the same search): where his plan is monotone
    (docs/rules.md §9.4), the search's list is the full search's, army for army."""
    plan, available, _, goal, _ = _read(request_)
    exact = bool(request_.get("exact"))
    if recommend.monotone(plan, available, goal) is not None:
        return
    target = data.draw(st.floats(0.01, 0.999))
    full = recommend.every(plan, available, target, goal, exact, by=by, top=top)
    fast = recommend.cheapest(plan, available, target, goal, exact, by=by, top=top)
    assert fast["top"] == full["top"], (target, fast, full)


def test_a_retreat_rule_is_searched_in_full():
    """An attacker who retreats when the next round wipes the defender out with a chance above 60 % may take a
    smaller defence's territory less often than a bigger one's (he presses on against the bigger): the
    defender's question is then answered by working every army, as the attacker's is."""
    request = {**ONE, "exact": False, "attacker": {"units": {"infantry": 2, "tank": 1}}, "retreat_strafe": 0.6,
               "recommend": {"side": "defender", "available": {"infantry": 2, "tank": 1}, "target": 0.9}}
    plan, available, target, goal, _ = _read(request)
    assert "retreat" in recommend.monotone(plan, available, goal, "defender")
    got = ok(request)["recommend"]
    assert got["armies"] == 6 and "words" not in got
    assert got["cheapest"] == _api(recommend.every(plan, available, target, goal, False, "defender")["cheapest"])


def _api(entry):
    return {"units": entry["units"].as_dict(), "cost": entry["cost"], "chance": float(entry["chance"]),
            "cost_swing": float(entry["cost_swing"])}


def test_the_attackers_answer_and_link_are_unchanged_by_the_new_fields():
    """The attacker's cheapest army writes none of the new fields (the recorded responses stay as they were);
    the defender's question is written into the link, so that it asks the same again."""
    attack = ok({**ONE, "recommend": {"available": {"infantry": 2}, "target": 0.2}})
    assert not {"side", "by", "top"} & set(attack["recommend"])
    defence = {**ONE, "recommend": {"side": "defender", "available": {"infantry": 2}, "target": 0.9, "top": 2,
                                    "by": "units"}}
    answer = ok(defence)
    asked = decode_link(answer["link"])
    assert asked["recommend"] == {"available": {"infantry": 2}, "goal": "holds", "target": 0.9, "side": "defender",
                                  "by": "units", "top": 2}
    assert ok(asked)["recommend"] == answer["recommend"]


# -- errors ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("recommend_,field,words", [
    ({"side": "neutral"}, "recommend.side", "must be one of attacker, defender"),
    ({"side": "defender", "goal": "takes"}, "recommend.goal", "\"takes\" is the attacker's goal"),
    ({"side": "defender", "goal": "keeps"}, "recommend.goal", "must be one of holds, wins"),
    ({"top": 0}, "recommend.top", "from 1 to 10, got 0"),
    ({"top": 50}, "recommend.top", "from 1 to 10, got 50"),
    ({"top": 2.5}, "recommend.top", "from 1 to 10"),
    ({"by": "weight"}, "recommend.by", "must be one of ipcs, units"),
    ({"top": 3, "target": None}, "recommend.top", "give recommend.target"),
    ({"side": "defender", "available": {"battleship": 1}}, "recommend.defender.units.battleship", "land battle"),
])
def test_each_new_field_is_refused_by_name(recommend_, field, words):
    spec = {"available": {"infantry": 2}, "target": 0.9, **recommend_}
    if spec.get("target") is None:
        spec.pop("target")
    got = error({**ONE, "recommend": spec})
    assert got["field"].startswith(field) and words in got["message"], got


def test_a_defender_at_sea_cannot_ask_to_hold():
    sea = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
           "attacker": {"units": {"destroyer": 1}}, "defender": {"units": {"destroyer": 1}}}
    got = error({**sea, "recommend": {"side": "defender", "available": {"destroyer": 1}, "goal": "holds"}})
    assert got["field"] == "recommend.goal" and "takes no territory" in got["message"]
    answer = ok({**sea, "recommend": {"side": "defender", "available": {"destroyer": 1}, "target": 0.5}})
    assert answer["recommend"]["goal"] == "wins"

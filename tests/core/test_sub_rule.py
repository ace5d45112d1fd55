"""The sub step's two readings (docs/rules.md §2 "The sub step"): seed 002's, the default, and the printed
rule books' (``sub_rule: "printed"``: Anniversary, 1942-2e, 1940-2e; dice and Low Luck).

The battle used throughout (1942-2e, sea, one round): 1 sub + 1 fighter attack 1 battleship + 1 destroyer
+ 1 sub. The attacker has no destroyer, so his fighter cannot hit the sub (its own ``air`` group) and the
defender's sub strikes first in step 2; his sub faces a destroyer. Hand calculation, with X = the
attacking sub hits (1/3), Y = the fighter hits (1/2), Z = the defending sub hits (1/6):

* seed 002: X is placed alone in step 1, on the battleship (a two-hit unit absorbs first); then Y cannot
  take the sub and the battleship is already damaged, so it sinks the destroyer. The defender loses the
  destroyer ($8) with X·Y = 1/6: 4/3 IPC expected.
* printed: Z sinks the attacking sub at once in step 2 (no attacking destroyer), so it fires only
  without Z; then X and Y are placed together: the battleship absorbs one and the sub ($6, which only the
  sub's hit may take) goes, not the destroyer. The defender loses the sub with (1 − Z)·X·Y = 5/36:
  5/6 IPC expected.
* the attacker's losses are the same in both (his sub goes with Z, or with the defender's main hits): he
  loses everything with Z·P(≥1 main hit) + (1 − Z)·P(2 main hits) = 1/6·7/9 + 5/6·2/9 = 17/54, where the
  battleship (2/3) and destroyer (1/3) score 0, 1, 2 with 2/9, 5/9, 2/9.
"""

from fractions import Fraction

import pytest

from pycore.calc import fleet
from pycore.engine.army import Army
from pycore.engine.casualties import allocate
from pycore.engine.firing import Group
from pycore.read.battle import read_setup
from pycore.forces import Force
from pycore.rulesets import find_ruleset
from pycore.read.systems import read_system

from .helpers import error, ok

BATTLE = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "rounds": 1,
          "exact": True, "attacker": {"units": {"submarine": 1, "fighter": 1}},
          "defender": {"units": {"battleship": 1, "destroyer": 1, "submarine": 1}}}


def test_the_two_readings_by_hand():
    seed, printed = ok(BATTLE), ok({**BATTLE, "sub_rule": "printed"})
    assert seed["cost_lost"]["defender"] == pytest.approx(4 / 3, abs=1e-12)
    assert printed["cost_lost"]["defender"] == pytest.approx(5 / 6, abs=1e-12)
    for got in (seed, printed):
        assert Fraction(got["exact_outcome"]["defender_wins"]) == Fraction(17, 54)
        assert Fraction(got["exact_outcome"]["in_progress"]) == Fraction(37, 54)


def test_the_default_is_seed_002_and_links_hold_the_option_only_when_set():
    assert ok(BATTLE) == ok({**BATTLE, "sub_rule": "subs_first"})
    decoded = lambda link: ok({"op": "share", "decode": link})["request"]
    assert "sub_rule" not in decoded(ok(BATTLE)["link"])
    assert decoded(ok({**BATTLE, "sub_rule": "printed"})["link"])["sub_rule"] == "printed"
    link = ok({"op": "share", "encode": {**BATTLE, "sub_rule": "printed"}})["link"]
    assert decoded(link)["sub_rule"] == "printed"


@pytest.mark.parametrize("ruleset, words", [("classic", "no destroyers"), ("revised", "Revised's printed rule"),
                                            ("big-world-1942", "TripleA rule book")])
def test_refused_where_the_printed_rule_is_the_default(ruleset, words):
    got = error({**BATTLE, "ruleset": ruleset, "sub_rule": "printed",
                 "attacker": {"units": {"submarine": 1}}, "defender": {"units": {"submarine": 1}}})
    assert got["field"] == "sub_rule" and words in got["message"]


@pytest.mark.parametrize("system", [{"name": "colored"}, {"name": "chess", "variant": "orthodox"}])
def test_refused_by_systems_with_their_own_sub_rules(system):
    got = error({**BATTLE, "system": system, "sub_rule": "printed", "exact": False})
    assert got["field"] == "sub_rule" and "dice and Low Luck" in got["message"]


def test_an_unknown_reading_is_refused_by_name():
    got = error({**BATTLE, "sub_rule": "rulebook"})
    assert got["field"] == "sub_rule" and "subs_first, printed" in got["message"]


def test_resolve_fires_the_subs_with_the_others_facing_a_destroyer():
    request = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "seed": "s",
               "rounds": 1, "attacker": {"units": {"submarine": 2, "destroyer": 1}},
               "defender": {"units": {"destroyer": 1, "submarine": 1}}}
    steps = lambda got: [(s["step"], [f["group"] for f in s["fire"]]) for s in got["rounds"][0]["steps"]]
    assert steps(ok(request)) == [("subs", ["subs"]), ("subs", ["subs"]), ("main", ["main", "main"])]
    printed = ok({**request, "sub_rule": "printed"})
    assert steps(printed) == [("main", ["subs", "main", "subs", "main"])], steps(printed)
    # Same dice contexts (r1/attacker/subs …): the dice rolled do not depend on the reading.
    faces = lambda got: sorted((f["side"], f["group"], tuple(d["value"] for d in f["dice"]))
                               for s in got["rounds"][0]["steps"] for f in s["fire"])
    assert faces(ok(request)) == faces(printed)


def test_a_casualty_choice_is_checked_against_all_the_hits_at_once():
    """Printed: the sub's hit and the fighter's hit placed together. Both hit (forced by referee dice: the
    attacking sub rolls 1 ≤ 2, the fighter 1 ≤ 3); the defender's sub and destroyer miss (6)."""
    request = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
               "sub_rule": "printed", "rounds": 1, "attacker": {"units": {"submarine": 1, "fighter": 1}},
               "defender": {"units": {"battleship": 1, "destroyer": 1, "submarine": 1}},
               "dice": [{"attacker": {"subs": [1], "air": [1]}, "defender": {"subs": [6], "main": [6, 6]}}]}
    got = ok(request)
    main = [s for s in got["rounds"][0]["steps"] if s["step"] == "main"][0]
    lost = [loss for loss in main["casualties"] if loss["side"] == "defender"][0]
    assert (lost["lost"], lost["damaged"]) == ({"submarine": 1}, {"battleship": 1})
    # The defender may instead lose the destroyer and the sub (the sub's hit on the sub, the fighter's on the
    # destroyer), but not the sub alone with the fighter's hit on it.
    choose = lambda lost, damaged: {**request, "casualties": [
        {"round": 1, "step": "main", "side": "defender", "lost": lost, "damaged": damaged}]}
    ok(choose({"submarine": 1, "destroyer": 1}, {}))
    bad = error(choose({"submarine": 2}, {}))
    assert bad["field"].startswith("casualties[0]")


def _army(ruleset, units, damaged=None):
    return Army(Force.of(ruleset, units), Force.of(ruleset, damaged or {}))


def test_allocation_together_takes_the_cheapest_units_the_hits_can_reach():
    """Two groups, neither inside the other: 2 sub hits (not aircraft) and 2 air hits (not subs) on 2 subs,
    a destroyer and a fighter, the order of loss putting the destroyer first. Placed one group after the
    other the destroyer goes to the subs' hits and an air hit finds nothing; placed together all four
    hits land: the subs' on the subs, the aircraft's on the destroyer and the fighter."""
    ruleset = find_ruleset("1942-2e")
    setup = read_setup({"kind": "sea", "sub_rule": "printed", "attacker": {"units": {"submarine": 2, "fighter": 2}},
                         "defender": {"units": {"submarine": 2, "destroyer": 1, "fighter": 1},
                                      "order_of_loss": ["destroyer", "submarine", "fighter"]}},
                        ruleset, read_system({"name": "dice"}))
    army = _army(ruleset, {"submarine": 2, "destroyer": 1, "fighter": 1})
    subs = Group("attacker", "subs", (2, 2), (), frozenset({"submarine", "destroyer"}), ())
    air = Group("attacker", "air", (3, 3), (), frozenset({"destroyer", "fighter"}), ())
    got = allocate(setup, army, [(subs, 2), (air, 2)], setup.defender.order_of_loss)
    assert got.lost == {"destroyer": 1, "submarine": 2, "fighter": 1}


def test_the_sea_chain_answers_the_printed_reading_as_the_exact_fractions():
    """calc/fleet.py follows the printed reading too (what the engine's groups read of the victim includes
    its destroyer; hits whose targets are not nested are placed at once, docs/rules.md §2 "The sub step"):
    it answers, and with the same numbers as the general chain in Fractions."""
    ruleset = find_ruleset("1942-2e")
    request = {**BATTLE, "sub_rule": "printed"}
    setup = read_setup(request, ruleset, read_system({"name": "dice"}))
    start = {role: Army(setup.side(role).units) for role in ("attacker", "defender")}
    ends = fleet.solve(setup, start, 1e-13, 1e-13)["ends"]
    exact = ok({k: v for k, v in request.items() if k != "rounds"})
    for name, p in exact["exact_outcome"].items():
        assert abs(sum(q for (outcome, _, _), q in ends.items() if outcome == name) - float(Fraction(p))) < 1e-9
    assert ok({k: v for k, v in request.items() if k not in ("exact", "rounds")})["method"] == "exact"


def test_the_estimate_names_the_chain_that_answers():
    """A sea battle's estimate names the sea chain under either reading of the sub step, so the cost told
    before the work is that of the work done."""
    request = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "estimate": True,
               "attacker": {"units": {"submarine": 4, "fighter": 2, "destroyer": 2}},
               "defender": {"units": {"destroyer": 3, "submarine": 3, "battleship": 1}}}
    assert ok(request)["estimate"]["method"] == "fleet"
    assert ok({**request, "sub_rule": "printed"})["estimate"]["method"] == "fleet"

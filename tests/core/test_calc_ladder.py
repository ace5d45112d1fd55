"""The fast ladder chain (pycore.calc.ladder) against the general chain (pycore.calc.chain), and the options.

Two methods, one answer: the general chain works each round on whole armies
through the engine's steps, with no Horner folding, no big-integer
convolution and no ladder; the ladder must agree with it to within its
reported ``pruned`` mass (plus float rounding) on every end state.
"""

import pytest

from pycore.ops import calc
from pycore.calc import ladder
from pycore.calc.chain import Chain, solve
from pycore.calc.method import ends_of
from pycore.engine.army import Army
from pycore.engine.casualties import allocate
from pycore.engine.firing import Group, casualty_types
from tests.core.calc_oracle import setup_of

BATTLES = [
    ("revised", "dice", "land", {"infantry": 4, "artillery": 2, "tank": 2, "fighter": 2, "bomber": 1},
     {"infantry": 5, "tank": 2, "fighter": 1, "aa_gun": 1}),
    ("revised", "lowluck", "land", {"infantry": 4, "artillery": 2, "tank": 2, "fighter": 2, "bomber": 1},
     {"infantry": 5, "tank": 2, "fighter": 1, "aa_gun": 1}),
    ("1942-2e", "dice", "land", {"infantry": 3, "artillery": 3, "tank": 1, "fighter": 1},
     {"infantry": 4, "aa_gun": 1, "fighter": 1}),
    ("classic", "dice", "land", {"infantry": 1}, {"infantry": 1}),
    ("revised", "dice", "amphibious", {"infantry": 3, "tank": 1, "battleship": 1}, {"infantry": 3, "artillery": 1}),
    ("anniversary", "lowluck", "amphibious", {"infantry": 2, "tank": 1, "cruiser": 1}, {"infantry": 2}),
    ("1940-2e", "dice", "land", {"infantry": 3, "tactical_bomber": 1, "fighter": 1, "tank": 1},
     {"infantry": 3, "aa_gun": 1, "mech_infantry": 1}),
]


def request_of(ruleset, system, kind, attacker, defender):
    return {"ruleset": ruleset, "system": {"name": system}, "kind": kind,
            "attacker": {"units": attacker}, "defender": {"units": defender}}


@pytest.mark.parametrize("battle", BATTLES, ids=lambda b: f"{b[0]}-{b[1]}-{b[2]}-{len(b[3])}v{len(b[4])}")
def test_ladder_agrees_with_the_general_chain(battle):
    setup = setup_of(request_of(*battle))
    reference = solve(Chain(setup))["ends"]
    got = ends_of(setup)
    assert got.method == "exact"
    diff = max(abs(reference.get(k, 0) - got.ends.get(k, 0)) for k in set(reference) | set(got.ends))
    assert diff <= got.pruned + 1e-12
    assert sum(got.ends.values()) == pytest.approx(1, abs=got.pruned + 1e-12)


@pytest.mark.parametrize("battle", BATTLES[:3], ids=str)
def test_ladder_with_a_round_limit_agrees(battle):
    setup = setup_of(request_of(*battle))
    reference = solve(Chain(setup), 2)["ends"]
    got = ends_of(setup, 2)
    assert {k[0] for k in got.ends} <= {"attacker_wins", "defender_wins", "draw", "in_progress"}
    diff = max(abs(reference.get(k, 0) - got.ends.get(k, 0)) for k in set(reference) | set(got.ends))
    assert diff <= got.pruned + 1e-12


def test_a_rung_is_the_engines_allocation_of_that_many_hits_at_once():
    # The ladder's premise: k hits one at a time leave the army that k hits at once leave (allocate).
    setup = setup_of(request_of("revised", "dice", "land",
                                {"infantry": 5, "artillery": 2, "tank": 3, "fighter": 2, "bomber": 1}, {"infantry": 1}))
    army = Army(setup.attacker.units)
    rungs = ladder.Ladder(setup, "attacker", army, Army(setup.defender.units), 1e-13)
    for k, rung in enumerate(rungs.armies):
        generic = Group("defender", "main", (), (), casualty_types(setup, army), ())
        cas = allocate(setup, army, [(generic, k)], setup.attacker.order_of_loss)
        assert army.after(cas.lost, cas.damaged) == rung


def test_a_sea_battle_with_subs_is_not_linear_and_still_answers():
    setup = setup_of(request_of("revised", "dice", "sea", {"submarine": 2, "fighter": 1}, {"destroyer": 1, "submarine": 1}))
    with pytest.raises(ladder.NotLinear):
        ladder.Ladder(setup, "attacker", Army(setup.attacker.units), Army(setup.defender.units), 1e-13)
    assert ends_of(setup).method == "exact"


def test_a_20_unit_sea_battle_is_exact_now_not_monte_carlo():
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "lowluck"}, "kind": "sea",
                       "attacker": {"units": {"submarine": 6, "destroyer": 4, "fighter": 4}},
                       "defender": {"units": {"submarine": 3, "destroyer": 2, "battleship": 1}}})
    assert result["method"] == "exact" and "samples" not in result and "method_reason" not in result
    assert result["pruned"] < 1e-9


def test_a_sea_battle_beyond_the_fleet_limit_falls_back_to_monte_carlo_and_says_why(monkeypatch):
    # The limit is 60 units a side (op.MAX_FLEET_UNITS); lowered here so the 2,000 battles stay quick.
    from pycore.calc import method as op
    monkeypatch.setattr(op, "MAX_FLEET_UNITS", 5)
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "lowluck"}, "kind": "sea",
                       "attacker": {"units": {"submarine": 2, "destroyer": 2, "fighter": 2}},
                       "defender": {"units": {"submarine": 1, "destroyer": 1, "battleship": 1}}})
    assert result["method"] == "monte_carlo" and result["samples"] == 2000
    assert "6 units" in result["method_reason"] and "5 a side" in result["method_reason"]
    # Against a value from outside: the referee's exact chance (tests/referee, Fractions) is 809/810, inside
    # the reported 95 % interval; the sampled losses are checked against it in test_calc_rules.
    lo, hi = result["intervals"]["attacker_wins"]
    assert lo <= 809 / 810 <= hi + 1e-12 and hi - lo < 0.05


def test_retreat_at_units_ends_the_battle_when_the_attacker_is_down_to_that_many():
    base = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
            "attacker": {"units": {"infantry": 3}}, "defender": {"units": {"infantry": 3}}}
    result = calc.run({**base, "retreat_at_units": 1})
    # The attacker never fights on with 1 unit or fewer, so he loses all 3 only in a round that takes them all
    # at once. Exact values from the referee (tests/referee, Fractions, written from docs/rules.md §9 alone):
    # retreat 4602322371495/6800025717296, attacker wins 3675870895187/27200102869184, 3 lost
    # 886318227/4713239104 (fought out: 92899661382139671/112826026701375232).
    assert result["outcome"]["retreat"] == pytest.approx(4602322371495 / 6800025717296, abs=1e-9)
    assert result["outcome"]["attacker_wins"] == pytest.approx(3675870895187 / 27200102869184, abs=1e-9)
    assert result["losses"]["attacker"]["3"] == pytest.approx(886318227 / 4713239104, abs=1e-9)
    plain = calc.run(base)
    assert plain["losses"]["attacker"]["3"] == pytest.approx(92899661382139671 / 112826026701375232, abs=1e-9)


def test_keep_land_takes_an_aircraft_before_the_last_land_unit():
    base = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
            "attacker": {"units": {"tank": 1, "fighter": 2}}, "defender": {"units": {"infantry": 2}}}
    plain, kept = calc.run(base), calc.run({**base, "keep_land": True})
    # Referee (tests/referee, Fractions): the attacker wins 97847/104720 either way; he takes the territory
    # with 65/187 fought plainly (the tank is the cheapest casualty), and whenever he wins when he keeps it.
    for result in (plain, kept):
        assert result["outcome"]["attacker_wins"] == pytest.approx(97847 / 104720, abs=1e-9)
    assert plain["takes_territory"] == pytest.approx(65 / 187, abs=1e-9)
    assert kept["takes_territory"] == pytest.approx(97847 / 104720, abs=1e-9)


def test_from_round_two_the_aa_gun_does_not_fire():
    base = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
            "attacker": {"units": {"fighter": 2}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}}
    first, later = calc.run(base), calc.run({**base, "round": 2})
    # Hand calculation. Fighters hit at 3, the infantry at 2. 1 fighter v 1 infantry, per round: attacker only
    # 1/2·2/3 = 1/3, defender only 1/2·1/3 = 1/6, both 1/6, nobody 1/3 → the attacker wins 1/2.
    # 2 fighters: some hit 3/4; attacker only 3/4·2/3 = 1/2, both 3/4·1/3 = 1/4 (he wins with one left),
    # defender only 1/4·1/3 = 1/12 (→ 1 v 1), nobody 1/4·2/3 = 1/6: (3/4)/(5/6) + (1/12)/(5/6)·1/2 = 19/20.
    # From round 1 the AA gun first fires at both (1 each): none lost 25/36, one 10/36, both 1/36:
    # 25/36·19/20 + 10/36·1/2 = 115/144.
    assert later["outcome"]["attacker_wins"] == pytest.approx(19 / 20, abs=1e-12)
    assert first["outcome"]["attacker_wins"] == pytest.approx(115 / 144, abs=1e-12)
    assert later["link"] != first["link"]


def test_damaged_battleship_needs_one_hit():
    base = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"}, "kind": "sea",
            "attacker": {"units": {"battleship": 1}}, "defender": {"units": {"destroyer": 1}}}
    fresh = calc.run(base)
    hurt = calc.run({**base, "attacker": {"units": {"battleship": 1}, "damaged": {"battleship": 1}}})
    # Hand calculation (Revised: battleship attacks at 4, 2/3; destroyer defends at 3, 1/2). Damaged, per
    # round: attacker only 1/3, defender only 1/6, both 1/3, nobody 1/6 → 2/5, 1/5, 2/5. Intact: his hit wins
    # (2/3), the destroyer's alone damages him (1/6), nobody 1/6 → 4/5 + 1/5·2/5 = 22/25, 1/25, 2/25.
    for result, law in ((hurt, (2 / 5, 1 / 5, 2 / 5)), (fresh, (22 / 25, 1 / 25, 2 / 25))):
        got = tuple(result["outcome"][k] for k in ("attacker_wins", "defender_wins", "draw"))
        assert got == pytest.approx(law, abs=1e-12)


@pytest.mark.parametrize("change, field", [
    ({"retreat_at_units": -1}, "retreat_at_units"),
    ({"keep_land": "yes"}, "keep_land"),
    ({"round": 0}, "round"),
    ({"attacker": {"units": {"infantry": 1}, "damaged": {"infantry": 1}}}, "attacker.damaged.infantry"),
    ({"attacker": {"units": {"battleship": 1}, "damaged": {"battleship": 2}}, "kind": "sea"},
     "attacker.damaged.battleship"),
])
def test_bad_options_name_their_field(change, field):
    from pycore.api import handle_object
    request = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}, **change}
    if change.get("kind") == "sea":
        request["defender"] = {"units": {"destroyer": 1}}
    got = handle_object(request)
    assert not got["ok"] and got["error"]["field"] == field, got


def test_calc_link_round_trips():
    from pycore.api import handle_object
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
                       "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}},
                       "retreat_at_units": 1})
    decoded = handle_object({"op": "share", "decode": result["link"]})
    assert decoded["ok"] and decoded["result"]["request"]["retreat_at_units"] == 1
    assert decoded["result"]["request"]["op"] == "calc"


def test_chess_calc_takes_the_carried_fractions_and_names_the_variant():
    base = {"op": "calc", "ruleset": "classic", "system": {"name": "chess", "variant": "cof"},
            "attacker": {"units": {"infantry": 3}}, "defender": {"units": {"infantry": 3}}}
    plain, carried = calc.run(base), calc.run({**base, "carry": {"attacker": 4, "defender": -2}})
    assert plain["system"] == {"name": "chess", "variant": "cof"}
    assert carried["link"] != plain["link"]
    # Hand calculation, docs/rules.md §6 (the attacker's remainder scores at 5, the defender's at 4 or 5, the
    # rest carried; a score leaves a deficit of 6 − remainder). Plain: A 3 → 0, carries 3; D 6 → 1 hit.
    # A 2+3 = 5 → 1 hit, owes 1; D 6 → 1. A 1−1 = 0; D 4 → 1 hit. Defender wins in 3 rounds, losing 1 (3 IPC).
    # Carried (A +4, D −2): A 7 → 1, carries 1; D 6−2 = 4 → 1, owes 2. A 2+1 = 3, carried; D 4−2 = 2,
    # carried. A 2+3 = 5 → 1, owes 1; D 4+2 = 6 → 1. A 1−1 = 0; D 2, carried. A 1, carried; D 2+2 = 4 → 1.
    # Defender wins in 5 rounds, losing 2 (6 IPC); the attacker loses his 3 (9 IPC) either way.
    for result, lost, rounds in ((plain, 3.0, 3.0), (carried, 6.0, 5.0)):
        assert result["outcome"]["defender_wins"] == 1.0 and result["rounds"] == rounds
        assert result["cost_lost"] == {"attacker": 9.0, "defender": lost}


def test_monte_carlo_rolls_any_die_the_engine_asks_for():
    from pycore.engine.table import SeededTable
    assert all(1 <= face <= 10 for face in SeededTable("s").dice(1, "defender", "aa", 20, sides=10))


@pytest.mark.parametrize("battle", [b for b in BATTLES if "aa_gun" in b[4]], ids=lambda b: f"{b[0]}-{b[1]}")
def test_a_stack_of_pairs_gives_what_each_pair_gives_alone(battle, monkeypatch):
    # The AA gun's outcomes give one attacker ladder each against one defender ladder: settled as a Stack,
    # the Horner fold runs once for all of them. Settled one pair at a time (a stack of one), the same ends.
    # (These battles are small enough for the scalar chain, which settles pair by pair: kept off here.)
    from pycore.calc.ladder import scalar
    monkeypatch.setattr(scalar, "pays", lambda pair: False)
    setup = setup_of(request_of(*battle))
    stacked = ends_of(setup)
    calls = []
    settle = ladder.Stack.settle
    monkeypatch.setattr(ladder.Stack, "settle", lambda self, *args: calls.append(len(self.pairs)) or sum(
        settle(ladder.Stack([pair]), *args) for pair in self.pairs))
    alone = ends_of(setup)
    assert calls and calls[0] >= 2
    for key in set(stacked.ends) | set(alone.ends):
        assert stacked.ends.get(key, 0) == pytest.approx(alone.ends.get(key, 0), abs=1e-15)
    assert stacked.rounds == pytest.approx(alone.rounds, abs=1e-13)


def test_removed_is_the_dice_one_rung_has_and_the_next_has_not():
    """A rung below is one Bernoulli step per die lost (docs/rules.md §9): ``removed`` gives those dice, in the
    upper rung's order, whether they are its last dice (the usual case) or not, and None when the rung below
    has a die the upper one lacks. Checked against the multiset difference worked out by hand below."""
    from pycore.calc.ladder.rungs import removed
    a, b, c = 3 / 6, 2 / 6, 1 / 6
    assert removed((a, b, c, c), (a, b, c)) == (c,)          # the last infantry lost: a prefix
    assert removed((a, b, b, c), (a, b, c)) == (b,)          # an artillery-supported die lost from the middle
    assert removed((a, b, c), (a, b, c)) == ()
    assert removed((a, a, b), (b,)) == (a, a)
    assert removed((a, b), (a, c)) is None                    # c is not among the upper rung's dice
    assert removed((a,), (a, a)) is None

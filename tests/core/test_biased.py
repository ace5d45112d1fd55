"""Biased dice (docs/rules.md §3.1): the peers' third dice mode, rolled as a d10, in play, the calculator and
the dial's list."""

from fractions import Fraction

import pytest

from pycore.read.systems import read_system

from .helpers import error, ok

BIASED = {"name": "biased"}


def test_each_value_hits_with_the_peers_chances():
    """docs/rules.md §3.1: 0, 1/10, 3/10, 6/10, 8/10, 9/10, 1 for values 0 … 6 (and 1 beyond)."""
    system = read_system(BIASED)
    got = [system.chances((v,))[0] if v else Fraction(0) for v in range(8)]
    assert got == [Fraction(n, 10) for n in (0, 1, 3, 6, 8, 9, 10, 10)]
    assert system.chances((), (4,)) == (1 - Fraction(2, 10) ** 2,)     # LHTR: the better of two at 4


def test_one_tank_against_one_infantry_by_hand():
    """Tank attacks at 3 (6/10), infantry defends at 2 (3/10): a round decides with 1 − 4/10·7/10 = 72/100; the
    tank alone hits 42/100 (wins 7/12), the infantry alone 12/100 (1/6), both 18/100 (1/4)."""
    got = ok({"op": "calc", "ruleset": "1942-2e", "system": BIASED, "attacker": {"units": {"tank": 1}},
              "defender": {"units": {"infantry": 1}}, "exact": True})
    assert got["exact_outcome"] == {"attacker_wins": "7/12", "defender_wins": "1/6", "draw": "1/4"}
    floats = ok({"op": "calc", "ruleset": "1942-2e", "system": BIASED, "attacker": {"units": {"tank": 1}},
                 "defender": {"units": {"infantry": 1}}})
    assert floats["method"] == "exact" and floats["outcome"]["attacker_wins"] == pytest.approx(7 / 12, abs=1e-12)


def test_a_seeded_battle_rolls_d10s_at_the_thresholds():
    got = ok({"op": "resolve", "ruleset": "revised", "system": BIASED, "seed": "biased",
              "attacker": {"units": {"infantry": 2, "tank": 1, "fighter": 1}},
              "defender": {"units": {"infantry": 2, "aa_gun": 1}}})
    dice = [d for r in got["rounds"] for step in r["steps"] for fire in step["fire"] for d in fire["dice"]]
    assert dice and all(d["sides"] == 10 and 1 <= d["value"] <= 10 for d in dice)
    assert {d["at"] for d in dice} <= {1, 3, 6, 8, 9, 10}
    assert all(d["hit"] == (d["value"] <= d["at"]) for d in dice)
    again = ok({"op": "resolve", "ruleset": "revised", "system": BIASED, "seed": "biased",
                "attacker": {"units": {"infantry": 2, "tank": 1, "fighter": 1}},
                "defender": {"units": {"infantry": 2, "aa_gun": 1}}})
    assert again["rounds"] == got["rounds"]
    assert "d10s" in got["report"]["text"]


def test_the_table_rolls_ten_sided_dice():
    """Referee mode: a tank (hits on 1–6) and two infantry (on 1): 7, 1, 2 → the tank misses, one infantry hits."""
    request = {"op": "resolve", "ruleset": "1942-2e", "system": BIASED,
               "attacker": {"units": {"infantry": 2, "tank": 1}}, "defender": {"units": {"infantry": 3}},
               "dice": [{"attacker": [7, 1, 2], "defender": [3, 4, 9]}], "rounds": 1}
    got = ok(request)
    assert got["rounds"][0]["attacker"]["hits"] == 1 and got["rounds"][0]["defender"]["hits"] == 1
    wrong = error({**request, "dice": [{"attacker": [11, 1, 2], "defender": [3, 4, 9]}]})
    assert wrong["field"] == "dice[0].attacker[0]" and "1 to 10" in wrong["message"]


def test_a_bomber_keeping_the_better_of_two_d10s_counts_one_hit_at_most():
    """docs/rules.md §5 and §11: under LHTR a heavy bomber rolls two dice and keeps the better, so a count of
    hits at the table gives it one at most, under biased dice as under dice: a tank and such a bomber, 2."""
    request = {"op": "resolve", "ruleset": "1942-2e", "system": BIASED, "lhtr": True,
               "attacker": {"units": {"bomber": 1, "tank": 1}, "tech": ["heavy_bombers"]},
               "defender": {"units": {"infantry": 2}}, "dice": [{}]}
    need = ok(request)["next_dice"][0]
    assert (need["count"], need["sides"], need["at"], need["most_hits"]) == (3, 10, [6, 8, 8], 2)
    refused = error({**request, "dice": [{"attacker": {"main": {"hits": 3}}}]})
    assert refused["field"] == "dice[0].attacker.main.hits" and "from 0 to 2, got 3" in refused["message"]


def test_the_rulesets_op_lists_it():
    systems = ok({"op": "rulesets"})["systems"]
    assert any(s["id"] == "biased" and "d10" in s["summary"] for s in systems)


def test_the_page_lists_it():
    """The page's tables (web/kit/tables.js, generated from the rulesets op); the luck dial takes its rows
    from them (web/odds/calc-state.js dialSystems, tests/js/calc-state.test.mjs)."""
    from pathlib import Path
    web = Path(__file__).resolve().parents[2] / "web"
    assert '{"id": "biased", "name": "Biased dice"' in (web / "kit" / "tables.js").read_text(encoding="utf-8")


def test_the_printed_sub_rule_is_played_under_biased_dice_too():
    """docs/rules.md §2 "The sub step": where it applies, under dice, Low Luck and biased dice."""
    got = ok({"op": "calc", "ruleset": "1942-2e", "system": BIASED, "kind": "sea", "sub_rule": "printed",
              "attacker": {"units": {"submarine": 2, "fighter": 1}},
              "defender": {"units": {"destroyer": 1, "submarine": 1, "battleship": 1}}})
    assert got["method"] == "exact"

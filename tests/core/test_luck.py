"""The luck of a resolved battle (issue 33, docs/rules.md §14): golden values worked by hand.

Classic, dice, 1 infantry against 1 infantry (docs/rules.md §1: infantry attacks at 1, defends at 2; §3: a
die hits on its value or less). A round: the attacker hits with 1/6, the defender with 2/6; a round where
both miss (5/6 · 4/6 = 20/36) is fought again, so the battle ends

    attacker wins   (1/6 · 4/6) / (16/36) = 1/4    swing +3 (the defender lost an infantry, 3 IPCs)
    both destroyed  (1/6 · 2/6) / (16/36) = 1/8    swing  0
    defender wins   (5/6 · 2/6) / (16/36) = 5/8    swing −3

mean −9/8; E[S²] = 9 · 7/8 = 63/8, so variance 63/8 − 81/64 = 423/64 and sd √423 / 8. The attacker's
percentile P(S < s) + ½·P(S = s): a win 5/8 + 1/8 + ½·1/4 = 7/8, both destroyed 5/8 + ½·1/8 = 11/16, a loss
½·5/8 = 5/16.
"""

from math import isclose, sqrt

import pytest

from pycore.luck.law import convolve, mean_sd, percentile

from .helpers import error, ok

ONE_V_ONE = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
             "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}}
LAW_1V1 = {"-3": 5 / 8, "0": 1 / 8, "3": 1 / 4}


def _luck(request):
    return ok(request)["luck"]


@pytest.mark.parametrize("attacker, defender, outcome, swing, pct", [
    ([1], [6], "attacker_wins", 3, 7 / 8),      # the attacker's 1 hits, the defender's 6 misses
    ([1], [1], "draw", 0, 11 / 16),             # both hit
    ([6], [2], "defender_wins", -3, 5 / 16),    # the attacker misses, the defender's 2 hits
])
def test_one_infantry_against_one_each_outcome(attacker, defender, outcome, swing, pct):
    result = ok({**ONE_V_ONE, "dice": [{"attacker": attacker, "defender": defender}]})
    assert result["outcome"] == outcome
    luck = result["luck"]
    assert luck["swing"] == swing
    assert isclose(luck["percentile"], pct, abs_tol=1e-12)
    assert isclose(luck["expected_swing"], -9 / 8, abs_tol=1e-12)
    assert isclose(luck["sd"], sqrt(423) / 8, abs_tol=1e-12)
    assert isclose(luck["luck"], swing + 9 / 8, abs_tol=1e-12)
    assert luck["law"].keys() == LAW_1V1.keys()
    for key, p in LAW_1V1.items():
        assert isclose(luck["law"][key], p, abs_tol=1e-12)
    assert luck["exact"] is True and luck["rounds"] is None and luck["fought"] == 1


def test_a_seeded_battle_has_the_same_luck_as_its_dice_entered():
    """Where the dice come from does not change the law (docs/rules.md §14)."""
    seeded = ok({**ONE_V_ONE, "seed": "a"})
    assert seeded["luck"]["law"] == _luck({**ONE_V_ONE, "dice": [
        {"attacker": [1], "defender": [6]}]})["law"]


def test_a_battle_stopped_after_one_round_is_measured_over_that_round():
    """rounds: 1. Round 1 alone: both hit 1/6·2/6 = 1/18 (swing 0), the attacker only 1/6·4/6 = 2/18 (+3), the
    defender only 5/6·2/6 = 5/18 (−3), both miss 10/18 (0). Both missed: 5/18 + ½·11/18 = 21/36 = 7/12."""
    luck = _luck({**ONE_V_ONE, "dice": [{"attacker": [6], "defender": [6]}], "rounds": 1})
    assert luck["rounds"] == 1 and luck["swing"] == 0
    assert isclose(luck["percentile"], 7 / 12, abs_tol=1e-12)
    assert {k: round(p * 18, 9) for k, p in luck["law"].items()} == {"-3": 5, "0": 11, "3": 2}


def test_a_retreat_is_measured_over_the_rounds_fought():
    """The attacker retreats after round 1 (both missed): the same law of one round as above."""
    result = ok({**ONE_V_ONE, "dice": [{"attacker": [6], "defender": [6]}], "choices": ["retreat"]})
    assert result["outcome"] == "retreat"
    assert result["luck"]["rounds"] == 1
    assert isclose(result["luck"]["percentile"], 7 / 12, abs_tol=1e-12)


def test_a_paused_battle_gives_the_luck_of_its_complete_rounds():
    """Round 1 both miss, round 2 waits for the defender's die: the luck so far is round 1's (7/12)."""
    result = ok({**ONE_V_ONE, "dice": [{"attacker": [6], "defender": [6]}, {"attacker": [1]}]})
    assert result["waiting"]["kind"] == "dice"
    assert result["luck"]["rounds"] == 1 and result["luck"]["fought"] == 1
    assert isclose(result["luck"]["percentile"], 7 / 12, abs_tol=1e-12)


def test_a_paused_battle_keeps_out_the_casualties_of_its_half_fought_round():
    """1 infantry + 1 tank against 2 infantry, Classic (tank 5 IPCs, infantry 3). Round 1 both miss; in round 2
    the defender hits once and the attacker must choose (choose_casualties): the pause is mid-round, so the
    luck is round 1's, swing 0, even if the attacker's hits of round 2 are already rolled.

    Round 1's law by hand: the attacker's hits 0 with 5/6·1/2 = 5/12 (infantry at 1, tank at 3), 1 with
    1/6·1/2 + 5/6·1/2 = 6/12, 2 with 1/12; the defender's two infantry at 2: 0 with 4/9, 1 with 4/9, 2 with 1/9.
    The attacker loses his infantry first (3), then the tank (5): swing = 3·hits − {0, 3, 8}[hits taken]. In
    108ths (attacker's hits, defender's hits → swing): (0,0) 20 → 0, (0,1) 20 → −3, (0,2) 5 → −8, (1,0) 24 → +3,
    (1,1) 24 → 0, (1,2) 6 → −5, (2,0) 4 → +6, (2,1) 4 → +3, (2,2) 1 → −2. Swing 0 has 44; below it 32, above
    it 32, so P = 32/108 + ½·44/108 = 1/2."""
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 1, "tank": 1}}, "defender": {"units": {"infantry": 2}},
               "dice": [{"attacker": [6, 6], "defender": [6, 6]}, {"attacker": [6, 6], "defender": [1, 6]}],
               "choose_casualties": True}
    result = ok(request)
    assert result["waiting"]["kind"] == "casualties" and result["waiting"]["round"] == 2
    luck = result["luck"]
    assert luck["rounds"] == 1 and luck["swing"] == 0
    assert {k: round(p * 108, 9) for k, p in luck["law"].items()} == {
        "-8": 5, "-5": 6, "-3": 20, "-2": 1, "0": 44, "3": 28, "6": 4}
    assert isclose(luck["percentile"], 1 / 2, abs_tol=1e-12)


def test_no_luck_before_the_first_round_is_complete():
    result = ok({**ONE_V_ONE, "dice": [{"attacker": [1]}]})
    assert result["luck"] is None
    assert "no round is complete yet" in result["luck_reason"]


@pytest.mark.parametrize("variant", ["orthodox", "cof"])
def test_a_and_a_chess_without_dice_has_no_luck(variant):
    result = ok({**ONE_V_ONE, "ruleset": "1942-2e", "system": {"name": "chess", "variant": variant},
                 "attacker": {"units": {"infantry": 3, "tank": 1}}, "seed": "x"})
    assert result["luck"] is None
    assert "rolls no dice" in result["luck_reason"]
    assert "Luck:" not in result["report"]["text"]


@pytest.mark.parametrize("variant", ["ryof", "ryof6", "cofr"])
def test_a_and_a_chess_with_a_remainder_die_has_luck(variant):
    result = ok({**ONE_V_ONE, "ruleset": "1942-2e", "system": {"name": "chess", "variant": variant},
                 "attacker": {"units": {"infantry": 3, "tank": 1}}, "defender": {"units": {"infantry": 3}},
                 "seed": "x"})
    assert result["luck"] is not None and result["luck"]["exact"]
    assert 0 <= result["luck"]["percentile"] <= 1


def test_the_post_says_the_luck_in_words():
    """7/8 is 88 % (half up), the swing and the expected swing signed with a minus sign; the words are the page's
    (web/kit/luck-words.js: "luckier than" above the middle, "unluckier than" the share that did better below)."""
    result = ok({**ONE_V_ONE, "dice": [{"attacker": [1], "defender": [6]}]})
    line = "Luck: the attacker was luckier than 88 % of outcomes (swing +3 IPCs, expected −1.1)."
    for form in ("text", "bbcode", "markdown"):
        assert line in result["report"][form]
    stopped = ok({**ONE_V_ONE, "dice": [{"attacker": [6], "defender": [6]}], "rounds": 1})
    assert ("Luck: the attacker was luckier than 58 % of outcomes (swing ±0 IPCs, expected −0.5) over the 1 round "
            "fought.") in stopped["report"]["text"]


@pytest.mark.parametrize("p,words", [
    (7 / 8, "luckier than 88 % of outcomes"), (0.44, "unluckier than 56 % of outcomes"),
    (0.5, "as lucky as the typical outcome"), (0.504, "as lucky as the typical outcome"),
    (0.0001, "unluckier than 99 % of outcomes"), (0.9999, "luckier than 99 % of outcomes"),
    (1.0, "luckier than 100 % of outcomes"), (0.0, "unluckier than 100 % of outcomes")])
def test_luck_is_said_one_way_in_the_posts_and_on_the_page(p, words):
    """Issue 42: the page said "unluckier than 56 %" where the post said "did better than 44 %". The expected
    words are tests/js/luck-words.test.mjs's for percentileWords, lower-cased."""
    from pycore.ops.report_words import percentile_words
    assert percentile_words(p) == words


def test_a_captured_aa_gun_counts_in_the_swing():
    """Revised, Low Luck, 1 tank against 1 infantry and an AA gun (docs/api.md, calc's worked swing): the
    attacker's win takes the gun, +3 + 5 = 8. Law: −5 with 1/4, −2 with 1/4, +8 with 1/2 (test_calc_swing.py);
    a win is 1/4 + 1/4 + ½·1/2 = 3/4."""
    request = {"op": "resolve", "ruleset": "revised", "system": {"name": "lowluck"},
               "attacker": {"units": {"tank": 1}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}}
    for seed in ("a", "b", "c", "d", "e", "f", "g", "h"):
        result = ok({**request, "seed": seed})
        if result["outcome"] == "attacker_wins":
            break
    assert result["outcome"] == "attacker_wins" and result.get("captured") == {"aa_gun": 1}
    assert result["luck"]["swing"] == 8
    assert isclose(result["luck"]["percentile"], 3 / 4, abs_tol=1e-12)


def test_over_the_budget_the_law_is_sampled():
    """A sea battle of 61 submarines is beyond the exact sea chain (60 a side): Monte Carlo, exact false."""
    luck = _luck({"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
                  "attacker": {"units": {"submarine": 61}}, "defender": {"units": {"destroyer": 10, "submarine": 10}},
                  "seed": "x"})
    assert luck["exact"] is False and luck["method"] == "monte_carlo"
    assert 100 <= luck["samples"] <= 4000
    assert "Monte Carlo" in luck["method_reason"]
    assert isclose(sum(luck["law"].values()), 1, abs_tol=1e-9)


def test_far_beyond_the_budget_there_is_no_luck_and_it_says_why():
    result = ok({"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"},
                 "attacker": {"units": {"infantry": 400, "tank": 400}},
                 "defender": {"units": {"infantry": 500, "artillery": 300}}, "seed": "x"})
    assert result["luck"] is None
    assert "too big to measure its luck at the table" in result["luck_reason"]


# -- the arithmetic (pycore/luck/law.py) --------------------------------------------------------------------------

def test_percentile_splits_ties():
    assert percentile({0: 1.0}, 0) == 0.5                  # one possible result: no luck either way
    coin = {0: 0.5, 3: 0.5}
    assert percentile(coin, 0) == 0.25 and percentile(coin, 3) == 0.75
    assert percentile(coin, -1) == 0 and percentile(coin, 4) == 1   # beyond a sampled law
    assert percentile({-3: 0.3, 0: 0.3, 3: 0.4}, 0) == pytest.approx(0.3 + 0.15)


def test_mean_and_sd_of_a_pruned_law_read_it_as_a_law():
    mean, sd = mean_sd({0: 0.5 - 1e-14, 2: 0.5})
    assert mean == pytest.approx(1) and sd == pytest.approx(1)


def test_convolve_two_coins():
    law, pruned, work = convolve([{0: 0.5, 1: 0.5}, {0: 0.5, 1: 0.5}])
    assert law == {0: 0.25, 1: 0.5, 2: 0.25} and pruned == 0 and work == 2 + 4


def test_convolve_drops_what_is_rarer_than_the_floor_and_counts_it():
    law, pruned, _ = convolve([{0: 1 - 1e-9, 10: 1e-9}] * 2, floor=1e-15)
    assert 20 not in law and pruned == pytest.approx(1e-18)


def test_a_luck_that_is_null_is_refused_in_a_journal():
    message = error({"op": "journal", "battles": [{"attacker": "A", "defender": "B", "luck": None}]})["message"]
    assert message.startswith("battles[0].luck: this battle has no luck")


def test_a_battle_the_calculator_refuses_is_still_resolved_without_luck(monkeypatch):
    """Whatever a resolve may fight, its luck never turns it into an error: a refusal becomes luck_reason."""
    from pycore.calc import method
    from pycore.errors import BadRequest

    def refuse(*args, **kwargs):
        raise BadRequest("kind", "not this one")
    monkeypatch.setattr(method, "compute", refuse)
    result = ok({**ONE_V_ONE, "seed": "a"})
    assert result["luck"] is None
    assert result["luck_reason"] == "the calculator does not take this battle: kind: not this one"

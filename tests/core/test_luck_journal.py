"""The luck of a game: the ``journal`` op (issue 33, docs/api.md, docs/rules.md §14).

Each side's percentile is checked against a brute-force enumeration of every joint outcome of its battles,
written here with Fractions (it shares no code with pycore/luck: no convolution, no percentile function).
"""

import itertools
import random
from fractions import Fraction
from math import isclose, sqrt

import pytest

from .helpers import call, error, ok

CLASSIC = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"}}


def _resolved(attacker, defender, seed, system="dice", ruleset="classic"):
    return ok({**CLASSIC, "ruleset": ruleset, "system": {"name": system}, "attacker": {"units": attacker},
               "defender": {"units": defender}, "seed": seed})["luck"]


def _brute_force(entries):
    """Every joint outcome of independent battles, each (sign, law, actual): the side's percentile of its
    total, P(T < t) + ½·P(T = t), in Fractions from the laws' floats."""
    laws = [[(sign * int(s), Fraction(p)) for s, p in law.items()] for sign, law, _ in entries]
    masses = [sum(p for _, p in law) for law in laws]
    actual = sum(sign * swing for sign, _, swing in entries)
    below = tie = Fraction(0)
    for combo in itertools.product(*laws):
        p = Fraction(1)
        for (_, q), mass in zip(combo, masses):
            p *= q / mass
        total = sum(s for s, _ in combo)
        if total < actual:
            below += p
        elif total == actual:
            tie += p
    return float(below + tie / 2)


GAMES = [
    # (attacker, defender, units a, units d, seed, system)
    [("Germany", "Russia", {"infantry": 1}, {"infantry": 1}, "g1", "dice"),
     ("Russia", "Germany", {"infantry": 2, "tank": 1}, {"infantry": 2}, "g2", "dice")],
    [("Germany", "Russia", {"infantry": 2}, {"infantry": 1}, "h1", "dice"),
     ("UK", "Germany", {"fighter": 1, "infantry": 1}, {"infantry": 1, "tank": 1}, "h2", "lowluck"),
     ("Russia", "UK", {"tank": 2}, {"infantry": 2}, "h3", "dice")],
    [("Germany", "Russia", {"infantry": 1}, {"infantry": 1}, "k1", "dice"),
     ("Germany", "Russia", {"infantry": 1}, {"infantry": 1}, "k2", "dice"),
     ("Russia", "Germany", {"tank": 1}, {"infantry": 1}, "k3", "dice"),
     ("Japan", "Germany", {"infantry": 2}, {"infantry": 2}, "k4", "lowluck")],
]


@pytest.mark.parametrize("game", GAMES, ids=["two battles", "three battles", "four battles"])
def test_each_sides_percentile_is_that_of_every_joint_outcome(game):
    battles = [{"attacker": a, "defender": d, "luck": _resolved(ua, ud, seed, system)}
               for a, d, ua, ud, seed, system in game]
    result = ok({"op": "journal", "battles": battles})
    for side in result["sides"]:
        entries = [(1 if b["attacker"] == side["side"] else -1, b["luck"]["law"], b["luck"]["swing"])
                   for b in battles if side["side"] in (b["attacker"], b["defender"])]
        assert side["battles"] == len(entries)
        assert isclose(side["percentile"], _brute_force(entries), abs_tol=1e-12), side["side"]
        luck = sum(sign * (b["luck"]["luck"]) for b in battles
                   for sign in [1 if b["attacker"] == side["side"] else -1]
                   if side["side"] in (b["attacker"], b["defender"]))
        assert isclose(side["luck"], luck, abs_tol=1e-9)
        assert isclose(side["sd"], sqrt(sum(b["luck"]["sd"] ** 2 for b in battles
                                            if side["side"] in (b["attacker"], b["defender"]))), abs_tol=1e-9)
        assert side["z"] == pytest.approx(side["luck"] / side["sd"])
        assert side["running"][-1]["luck"] == pytest.approx(side["luck"])


def test_hand_worked_journal_of_two_one_on_one_battles():
    """Germany attacks Russia twice with 1 infantry against 1 (law −3: 5/8, 0: 1/8, +3: 1/4, test_luck.py) and
    wins both. Germany's total swing +6 has 1/16; below it everything else: 15/16 + ½·1/16 = 31/32. Its luck
    2 × (3 + 9/8) = 8.25; Russia's the opposite, percentile 1/32."""
    win = ok({**CLASSIC, "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}},
              "dice": [{"attacker": [1], "defender": [6]}]})["luck"]
    result = ok({"op": "journal", "battles": [{"attacker": "Germany", "defender": "Russia", "luck": win}] * 2})
    germany, russia = result["sides"]
    assert (germany["side"], russia["side"]) == ("Germany", "Russia")
    assert isclose(germany["percentile"], 31 / 32, abs_tol=1e-12)
    assert isclose(russia["percentile"], 1 / 32, abs_tol=1e-12)
    assert isclose(germany["luck"], 8.25, abs_tol=1e-12) and isclose(russia["luck"], -8.25, abs_tol=1e-12)
    assert [r["battle"] for r in germany["running"]] == [0, 1]
    assert [round(r["luck"], 9) for r in russia["running"]] == [-4.125, -8.25]
    assert germany["swing"] == 6 and russia["swing"] == -6 and germany["attacking"] == 2 and russia["attacking"] == 0


def test_sides_are_cleaned_and_one_whatever_their_case():
    luck = _resolved({"infantry": 1}, {"infantry": 1}, "a")
    result = ok({"op": "journal", "battles": [
        {"attacker": "  Germany\n", "defender": "Soviet   Union", "luck": luck, "label": " turn\t3 "},
        {"attacker": "soviet union", "defender": "GERMANY", "luck": luck}]})
    assert [s["side"] for s in result["sides"]] == ["Germany", "Soviet Union"]
    assert result["battles"][0]["label"] == "turn 3"
    assert [s["battles"] for s in result["sides"]] == [2, 2]


def test_a_journal_link_holds_the_journal_and_gives_the_same_sums():
    battles = [{"attacker": "Germany", "defender": "Russia", "luck": _resolved({"infantry": 3, "tank": 2},
                                                                              {"infantry": 3}, "s1")},
               {"attacker": "UK", "defender": "Germany", "label": "Karelia",
                "luck": _resolved({"fighter": 2}, {"infantry": 1}, "s3")}]
    result = ok({"op": "journal", "battles": battles})
    assert ok({"op": "share", "encode": {"op": "journal", "battles": battles}})["link"] == result["link"]
    request = ok({"op": "share", "decode": result["link"]})["request"]
    assert request["op"] == "journal" and request["battles"][1]["label"] == "Karelia"
    assert set(request["battles"][0]["luck"]) <= {"swing", "law", "exact", "rounds", "fought"}
    again = ok(request)
    for a, b in zip(again["sides"], result["sides"]):
        assert a["side"] == b["side"]
        assert isclose(a["percentile"], b["percentile"], abs_tol=1e-9)
        assert isclose(a["luck"], b["luck"], abs_tol=1e-9)


def test_a_journal_too_long_for_a_link_still_answers(monkeypatch):
    """A link holds at most MAX_LINK_CHARS (120,000, pycore/share.py): a journal within the request's own limit
    (200,000 characters) compresses below that, so the limit is lowered here to the size of a forum post's link
    to reach the refusal."""
    import pycore.ops.journal
    import pycore.ops.share
    monkeypatch.setattr(pycore.ops.journal, "MAX_LINK_CHARS", 16_000)
    monkeypatch.setattr(pycore.ops.share, "MAX_LINK_CHARS", 16_000)
    rng = random.Random(33)
    battles = []
    for i in range(60):
        weights = [rng.random() for _ in range(100)]
        law = {str(s - 50): w / sum(weights) for s, w in enumerate(weights)}
        battles.append({"attacker": f"side {i % 7}", "defender": f"side {(i + 1) % 7}",
                        "luck": {"swing": i % 50, "law": law}})
    result = ok({"op": "journal", "battles": battles})
    assert result["link"] is None and "too long for a link" in result["link_reason"]
    assert "too long for a link" in error({"op": "share", "encode": {"op": "journal", "battles": battles}})["message"]


def test_an_empty_journal_has_no_sides():
    assert ok({"op": "journal", "battles": []})["sides"] == []


GOOD = {"swing": 3, "law": {"-3": 0.625, "0": 0.125, "3": 0.25}}


@pytest.mark.parametrize("battle, field, words", [
    ({"attacker": "", "defender": "B", "luck": GOOD}, "battles[0].attacker", 'must be 1 to 40 characters long (spaces trimmed), got ""'),
    ({"attacker": "A" * 41, "defender": "B", "luck": GOOD}, "battles[0].attacker", "must be 1 to 40 characters"),
    ({"attacker": 7, "defender": "B", "luck": GOOD}, "battles[0].attacker", "must be text, got 7"),
    ({"attacker": "A\u0007", "defender": "B", "luck": GOOD}, "battles[0].attacker", "control characters"),
    ({"attacker": "A", "defender": " a ", "luck": GOOD}, "battles[0].defender", 'the same side, "a"'),
    ({"attacker": "A", "defender": "B"}, "battles[0].luck", "is required"),
    ({"attacker": "A", "defender": "B", "luck": GOOD, "side": "x"}, "battles[0].side", "unknown field"),
    ({"attacker": "A", "defender": "B", "luck": GOOD, "label": ""}, "battles[0].label", "must be 1 to 80"),
    ({"attacker": "A", "defender": "B", "luck": {"law": GOOD["law"]}}, "battles[0].luck.swing", "is required"),
    ({"attacker": "A", "defender": "B", "luck": {"swing": 1.5, "law": GOOD["law"]}}, "battles[0].luck.swing",
     "whole number"),
    ({"attacker": "A", "defender": "B", "luck": {"swing": 3}}, "battles[0].luck.law", "is required"),
    ({"attacker": "A", "defender": "B", "luck": {"swing": 3, "law": {}}}, "battles[0].luck.law",
     "must hold 1 to 5000 swings, got 0"),
    ({"attacker": "A", "defender": "B", "luck": {"swing": 3, "law": {"x": 1}}}, "battles[0].luck.law.x",
     'a swing must be a whole number of IPCs written as text ("-3"), got "x"'),
    ({"attacker": "A", "defender": "B", "luck": {"swing": 3, "law": {"03": 1}}}, "battles[0].luck.law.03",
     "whole number"),
    ({"attacker": "A", "defender": "B", "luck": {"swing": 3, "law": {"3": -0.5, "0": 1.5}}}, "battles[0].luck.law.3",
     "must be a number from 0 to 1, got -0.5"),
    ({"attacker": "A", "defender": "B", "luck": {"swing": 3, "law": {"3": 0.5}}}, "battles[0].luck.law",
     "its probabilities must sum to 1, got 0.5"),
    ({"attacker": "A", "defender": "B", "luck": {**GOOD, "percentile": 0.3}}, "battles[0].luck.percentile",
     "does not match this battle's law: its percentile is 0.875, got 0.3"),
    ({"attacker": "A", "defender": "B", "luck": {**GOOD, "expected_swing": "2"}}, "battles[0].luck.expected_swing",
     'must be a number'),
    ({"attacker": "A", "defender": "B", "luck": {**GOOD, "exact": "yes"}}, "battles[0].luck.exact",
     'must be true or false, got "yes"'),
    ({"attacker": "A", "defender": "B", "luck": {**GOOD, "lucky": True}}, "battles[0].luck.lucky", "unknown field"),
    ({"attacker": "A", "defender": "B", "luck": {**GOOD, "rounds": -1}}, "battles[0].luck.rounds", "whole number"),
])
def test_every_field_is_checked_and_named(battle, field, words):
    got = error({"op": "journal", "battles": [battle]})
    assert got["type"] == "bad_request" and got["field"] == field
    assert words in got["message"] and got["message"].startswith(field + ": ")


def test_the_journal_itself_is_checked():
    assert error({"op": "journal"})["field"] == "battles"
    assert error({"op": "journal", "battles": {}})["field"] == "battles"
    assert error({"op": "journal", "battles": [], "sides": []})["field"] == "sides"
    too_many = [{"attacker": "A", "defender": "B", "luck": GOOD}] * 201
    assert error({"op": "journal", "battles": too_many})["field"] == "battles"


def test_a_journal_beyond_its_budget_is_refused(monkeypatch):
    """The products are counted before each battle is added: with a budget of 1,000, a side's second battle of
    100 swings against a first of 100 (1 + 100 + 100 × 100 products) is refused, in words, on battles."""
    from pycore.luck import game
    monkeypatch.setattr(game, "WORK_BUDGET", 1000)
    wide = {str(s): 1 / 100 for s in range(-50, 50)}
    got = call({"op": "journal", "battles": [{"attacker": "A", "defender": "B", "luck": {"swing": 0, "law": wide}}] * 2})
    assert not got["ok"] and got["error"]["type"] == "too_big" and got["error"]["field"] == "battles"
    assert "more than 1,000 pairs of probabilities" in got["error"]["message"]
    assert ok({"op": "journal", "battles": [{"attacker": "A", "defender": "B", "luck": {"swing": 0, "law": wide}}]})


def test_the_journal_as_a_forum_post_escapes_what_players_typed():
    """The luckiest side first; a side or label typed with markup stays text in every format (docs/api.md)."""
    win = ok({**CLASSIC, "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}},
              "dice": [{"attacker": [1], "defender": [6]}]})["luck"]
    result = ok({"op": "journal", "report": {"page": "https://example.github.io/luckdial/"}, "battles": [
        {"attacker": "[b]Axis[/b]", "defender": "Allies", "label": "turn <3>", "luck": win}]})
    text = result["report"]["text"].splitlines()
    assert text[0] == "Luckdial game journal — the luck of 1 battle"
    assert text[1].startswith("  ⁅b⁆Axis⁅/b⁆: luck +4.1 IPCs over 1 battle (swing +3, expected −1.1); luckier than 88 %")
    assert text[2].startswith("  Allies: luck −4.1 IPCs")
    assert "Battle 1: ⁅b⁆Axis⁅/b⁆ attacked Allies (turn <\u20603>): swing +3 IPCs, expected −1.1; the attacker was " \
           "luckier than 88 % of outcomes." in result["report"]["text"]
    assert text[-1] == "Journal: https://example.github.io/luckdial/#" + result["link"]
    assert "[b]Axis" not in result["report"]["bbcode"]
    assert "[url=https://example.github.io/luckdial/#" in result["report"]["bbcode"]
    assert "`[b]Axis[/b]`" in result["report"]["markdown"]

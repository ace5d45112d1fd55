"""Forum posts that stand on their own (issue 29, item 4) and say only true things (item 7), escaped (issue 34).

A reader must be able to check a post without opening its link: the starting forces, each die with the value it
needed, the casualties, the true end, where the dice came from. What a player typed is escaped in every format.
The rendered HTML of each format, by a real BBCode and CommonMark parser, is checked in
tests/e2e/test_forum_posts.py.
"""

import re

import pytest

from tests.core.helpers import ok

PAGE = "https://owner.github.io/luckdial/"
# The reproducer: 1942 2e, Low Luck, seed a6r3ezcnaq, Roll and Press on ×4 (the page's request: 5 rounds).
ONLY_AIR = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "lowluck"},
            "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}},
            "defender": {"units": {"infantry": 4, "artillery": 1, "aa_gun": 1}},
            "seed": "a6r3ezcnaq", "rounds": 5, "report": {"page": PAGE}}
EVIL = "[url=https://evil.example]Replay[/url] <a href=\"https://evil.example\">x</a> [x](https://evil.example)"


def test_only_aircraft_left_is_not_said_to_take_the_territory():
    """The page said "not taken" while the copied text said "Land: The attacker wins." (issue 29)."""
    result = ok(ONLY_AIR)
    assert result["outcome"] == "attacker_wins" and result["takes_territory"] is False
    assert result["survivors"]["attacker"] == {"fighter": 1}
    for post in result["report"].values():
        assert "The attacker wins, but only aircraft are left" in post
        assert "the territory is not taken" in post
        assert "Land: The attacker wins." not in post
    text = result["report"]["text"].splitlines()
    assert text[-3] == "Result: The attacker wins, but only aircraft are left (1 fighter): the territory is not taken."
    assert text[-2].startswith("Luck: the attacker was ")  # the battle's luck follows its end (#33)


def test_a_post_opens_with_both_sides_starting_forces_in_plural():
    text = ok(ONLY_AIR)["report"]["text"].splitlines()
    assert text[1:3] == ["Attacker: 3 infantry, 2 tanks, 1 fighter", "Defender: 4 infantry, 1 artillery, 1 AA gun"]
    sea = ok({"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "seed": "p",
              "attacker": {"units": {"submarine": 3, "destroyer": 2}}, "defender": {"units": {"transport": 2}}})
    assert "Attacker: 3 submarines, 2 destroyers" in sea["report"]["text"]
    assert not re.search(r"\b\d+ [A-Z][a-z]+\b", sea["report"]["text"].split("\n", 1)[1]), "a unit in capitals"


def test_every_low_luck_remainder_says_the_value_it_needed():
    """Round 1 of the reproducer: defence power 10 → 1 sure hit and a remainder of 4, rolled 2 (≤ 4: a hit)."""
    text = ok(ONLY_AIR)["report"]["text"]
    assert ("Main fire — defender's 4 infantry, 1 artillery, 1 AA gun: power 10 → 1 sure hit, "
            "remainder 4 rolled 2, needed ≤ 4: hit → 2 hits") in text
    assert "AA fire — defender's 1 AA gun: power 1 → 0 sure hits, remainder 1 rolled 5, needed ≤ 1: miss → 0 hits" in text


def test_every_die_is_shown_under_the_value_it_needed():
    """1942 2e dice: infantry 1 (2 with artillery), tank 3, fighter 3; each die listed after its "≤ n", the groups
    in the order the dice were rolled (as the page's log and the table's pad list them)."""
    result = ok({**ONLY_AIR, "system": {"name": "dice"}, "rounds": 1})
    fire = next(f for s in result["rounds"][0]["steps"] for f in s["fire"]
                if f["side"] == "attacker" and f["group"] == "main")
    by_at: dict[int, list[str]] = {}
    for die in fire["dice"]:
        by_at.setdefault(die["at"], []).append(f"{die['value']}{'✓' if die['hit'] else '✗'}")
    shown = "; ".join(f"≤ {at}: {' '.join(faces)}" for at, faces in by_at.items())
    assert f"attacker's 3 infantry, 2 tanks, 1 fighter: 6 dice — {shown} → {fire['hits']} hit" in \
        result["report"]["text"]
    assert sorted(by_at) == [1, 3]  # no artillery on the attacker's side: infantry at 1, tanks and fighter at 3
    assert "A die hits on the value it needed or less" in result["report"]["text"]


def test_each_round_ends_with_what_is_left_and_the_attackers_choice():
    text = ok(ONLY_AIR)["report"]["text"]
    assert "Left: attacker 1 infantry, 2 tanks, 1 fighter; defender 2 infantry, 1 artillery, 1 AA gun" in text
    assert text.count("The attacker presses on") == 4


def test_a_retreat_is_said_with_who_left():
    result = ok({**ONLY_AIR, "rounds": 1, "choices": ["retreat"]})
    assert "The attacker retreats: 1 infantry, 2 tanks, 1 fighter leave the battle" in result["report"]["text"]
    assert "Result: The attacker retreats; the defender holds the territory" in result["report"]["text"]


RETREAT = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"},
           "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 2}},
           "defender": {"units": {"infantry": 5, "artillery": 2, "fighter": 1}}, "seed": "r1", "choices": ["retreat"]}
"""Issue 42's reproducer: round 1 leaves the attacker 1 tank and 2 fighters (3 infantry and 1 tank lost), who
retreat. The post said "Left: attacker nothing", then who retreated, then "away (submerged or retreated)"."""


def test_what_a_round_left_includes_who_then_retreats():
    for post in ok(RETREAT)["report"].values():
        assert "Left: attacker 1 tank, 2 fighters; defender 4 infantry, 2 artillery, 1 fighter" in post
        assert "The attacker retreats: 1 tank, 2 fighters leave the battle" in post
        assert "Left: attacker nothing" not in post


def test_a_land_battles_attacker_retreated_and_a_submarine_submerged():
    text = ok(RETREAT)["report"]["text"]
    assert "Attacker: 1 tank, 2 fighters retreated." in text and "submerged" not in text
    # A recorded sea battle (tests/core/data): the defender's submarine submerges in round 1.
    sea = ok({"op": "resolve", "ruleset": "revised", "system": {"name": "dice"}, "kind": "sea",
              "attacker": {"units": {"submarine": 3, "battleship": 1}},
              "defender": {"units": {"submarine": 2, "fighter": 1, "carrier": 1}},
              "seed": "sea-4", "rounds": 2, "submerge": [{"round": 1, "side": "defender"}]})
    assert sea["away"] == {"defender": {"submarine": 1}}
    assert "Defender: 1 submarine submerged." in sea["report"]["text"] and "retreated" not in sea["report"]["text"]


# ---- player text is never markup -----------------------------------------------------------------------

def test_a_seed_cannot_make_a_link_in_bbcode_or_plain_text():
    """Issue 34: a seed ``[url=…]Replay[/url]`` became a working link in the BBCode post."""
    report = ok({**ONLY_AIR, "seed": EVIL, "rounds": 1})["report"]
    for post in (report["bbcode"], report["text"]):
        assert "[url=https://evil" not in post and "https://evil" not in post and "<a " not in post
        assert "](https" not in post
        # The seed is shown as typed but for its brackets, quill brackets, and invisible word joiners.
        assert EVIL.replace("[", "⁅").replace("]", "⁆") in post.replace("\u2060", "")
    assert report["bbcode"].count("[url=") == 1  # the replay link alone


def test_a_seed_is_a_code_span_in_markdown():
    md = ok({**ONLY_AIR, "seed": EVIL, "rounds": 1})["report"]["markdown"]
    assert f"seed “`{EVIL}`”" in md.replace("\u2060", "")  # its ``://`` split as in the other formats (#39)
    outside = re.sub(r"(`+).*?\1", "", md)  # what is not in a code span: the replay link's "](" alone
    assert outside.count("](") == 1 and "evil" not in outside
    tricky = ok({**ONLY_AIR, "seed": "a `b` ``c`", "rounds": 1})["report"]["markdown"]
    assert "seed “``` a `b` ``c` ```”" in tricky  # a fence longer than any run inside, padded at a backtick


@pytest.mark.parametrize("seed", ["a*b_c", "#1 <b>", "x\\y|z~"])
def test_markdown_keeps_a_players_seed_literal(seed):
    assert f"seed “`{seed}`”" in ok({**ONLY_AIR, "seed": seed, "rounds": 1})["report"]["markdown"]


# ---- the log tells the truth (item 7) ---------------------------------------------------------------------

CHESS = {**ONLY_AIR, "system": {"name": "chess", "variant": "orthodox"}, "seed": "x"}
CHESS.pop("rounds")


def test_a_chess_remainder_that_scores_is_not_counted_twice():
    """Issue 29: "Power 10 ÷ 6: 2 sure hits / remainder 4 scores a hit / 2 hits". The defender's 10 is one 6
    (1 sure hit) and a remainder of 4, which scores for the defender (seed 003, docs/rules.md §6): 2 hits."""
    result = ok(CHESS)
    fire = next(f for s in result["rounds"][0]["steps"] for f in s["fire"]
                if f["side"] == "defender" and f["group"] == "main")
    assert (fire["power"], fire["sure_hits"], fire["remainder"], fire["hits"]) == (10, 2, 4, 2)
    assert fire["remainder_hit"] is True
    assert "power 10 → 1 sure hit, remainder 4 scores a hit → 2 hits" in result["report"]["text"]
    attack = next(f for s in result["rounds"][1]["steps"] for f in s["fire"] if f["side"] == "attacker")
    assert "remainder_hit" not in attack  # the attacker's 4 scores only at 5
    assert "power 10 → 1 sure hit, remainder 4 ignored → 1 hit" in result["report"]["text"]


def test_a_diceless_battle_does_not_say_it_rolled_dice():
    """Issue 29: A&A Chess orthodox said "Dice: rolled on the poster's device from seed … (can be re-rolled)"."""
    result = ok(CHESS)
    assert result["dice_source"] == {"kind": "none", "label": "none — A&A Chess Orthodox rolls no dice: the result "
                                                             "follows from the forces alone"}
    assert "re-rolled" not in result["report"]["text"] and "seed" not in result["report"]["text"]
    rolled = ok({**CHESS, "system": {"name": "chess", "variant": "ryof"}})
    assert rolled["dice_source"]["kind"] == "seed"


def test_lonely_transports_are_named_once():
    """Issue 29: "Defender: 2 transports transports lost (defenceless)"."""
    result = ok({"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
                 "dice": [{"attacker": [6]}],  # the destroyer misses: both transports are left alone (§2)
                 "attacker": {"units": {"destroyer": 1}}, "defender": {"units": {"transport": 2}}})
    assert result["rounds"][0]["transports_lost"] == {"defender": {"transport": 2}}
    assert "Defender's 2 transports, left alone and defenceless, are lost" in result["report"]["text"]
    assert "transports transports" not in result["report"]["text"]

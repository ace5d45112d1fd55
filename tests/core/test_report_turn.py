"""A planned turn's forum post (docs/api.md `plan_turn`, `report`; pycore/ops/report_turn.py): each territory
with its enemy, what goes there, its chance and average swing as the result gives them, what stays home, the
total and the turn's link; the player's territory names never markup; the money spent with a budget; (the chance said in the
Turn panel's words: tests/js/test_turn_words_agree.py)."""

from __future__ import annotations

from pycore.ops.journal_words import signed
from pycore.ops.report_turn import chance_text, likely_words
from tests.core.helpers import error, ok

PAGE = "https://luckdial.example/play/"
# Small: 2 infantry and a tank over two territories (1942-2e, dice), the op's own test turn.
TURN = {"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "dice"},
        "available": {"infantry": 2, "tank": 1},
        "battles": [{"name": "Karelia", "defender": {"units": {"infantry": 1}}, "territory_value": 3},
                    {"name": "West Russia", "defender": {"units": {"infantry": 2}}, "territory_value": 2}]}


def test_the_post_says_each_territory_its_units_chance_and_swing_then_the_total_and_the_link():
    got = ok({**TURN, "report": {"page": PAGE}})
    text = got["report"]["text"]
    assert text.startswith("Luckdial turn — 1942 Second Edition · Dice · Land: attacking 2 territories\n")
    assert "Units: 2 infantry, 1 tank\n" in text
    for a in got["assignments"]:
        line = next(row for row in text.splitlines() if row.strip().startswith(a["battle"] + " ("))
        assert f"average swing {signed(a['swing'])} IPCs" in line
        if any(a["units"].values()):
            assert f"{chance_text(a['takes'])} to take it ({likely_words(a['takes'])})" in line
        else:
            assert "leave it alone" in line
    assert "Karelia (1 infantry; worth 3 IPCs): " in text
    assert "West Russia (2 infantry; worth 2 IPCs): " in text
    assert f"In all: {signed(got['swing'])} IPCs on average." in text
    assert text.endswith(f"Turn: {PAGE}#{got['link']}")
    assert f"[url={PAGE}#{got['link']}]Open this turn on Luckdial[/url]" in got["report"]["bbcode"]
    assert f"[Open this turn on Luckdial]({PAGE}#{got['link']})" in got["report"]["markdown"]


def test_the_post_is_written_only_when_asked_and_never_changes_the_plan_or_its_link():
    plain, posted = ok(TURN), ok({**TURN, "report": {}})
    assert "report" not in plain
    assert {k: v for k, v in posted.items() if k != "report"} == plain
    assert posted["report"]["text"].endswith(f"Turn: #{plain['link']}")  # no page: the bare fragment
    assert error({**TURN, "report": {"page": "javascript:alert(1)"}})["field"] == "report.page"
    assert error({**TURN, "report": {"size": 3}})["field"] == "report.size"


def test_a_territory_name_typed_as_markup_stays_text_in_every_format():
    evil = "[url=https://ev.il]Karelia[/url] <b>"
    battles = [{**TURN["battles"][0], "name": evil}, TURN["battles"][1]]
    post = ok({**TURN, "battles": battles, "report": {}})["report"]
    assert "[url=https" not in post["bbcode"] and "[url=https" not in post["text"]
    assert "⁅url=https:\u2060//ev.il⁆Karelia⁅/url⁆ <\u2060b>" in post["bbcode"]
    assert "`[url=https:\u2060//ev.il]Karelia[/url] <b>`" in post["markdown"]


def test_with_a_budget_the_post_and_the_result_say_the_money_spent():
    """docs/rules.md §9.5: the units used cost at most the budget. 1942-2e costs (docs/rules.md §1's unit
    table): infantry 3, tank 6, so `spent` is 3 per infantry sent plus 6 per tank, by hand from the result."""
    got = ok({**TURN, "budget": 9, "report": {}})
    sent = {}
    for a in got["assignments"]:
        for unit, n in a["units"].items():
            sent[unit] = sent.get(unit, 0) + n
    assert got["spent"] == 3 * sent.get("infantry", 0) + 6 * sent.get("tank", 0)
    assert 0 < got["spent"] <= 9
    text = got["report"]["text"]
    assert "Units to buy: 2 infantry, 1 tank, at most 9 IPCs in all\n" in text
    assert f"Spends {got['spent']} of the 9 IPCs." in text
    assert "Not bought: " in text and "Stay home" not in text
    assert "spent" not in ok(TURN)


def test_a_defence_post_says_where_to_place_and_the_chance_to_hold():
    turn = {**TURN, "side": "defender", "available": {"infantry": 2},
            "battles": [{"name": "Karelia", "attacker": {"units": {"infantry": 2}}, "territory_value": 3},
                        {"name": "Ukraine", "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}},
                         "territory_value": 2}]}
    got = ok({**turn, "report": {}})
    text = got["report"]["text"]
    assert "defending 2 territories" in text.splitlines()[0]
    assert "Ukraine (attacked by 1 infantry; yours there: 1 infantry; worth 2 IPCs): " in text
    for a in got["assignments"]:
        assert f"{chance_text(a['holds'])} to hold it ({likely_words(a['holds'])})" in text
    assert "Keep back: " in text and "Swing: what the enemy loses, minus what you lose, minus" in text

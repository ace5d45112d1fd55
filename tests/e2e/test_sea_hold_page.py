"""Take and hold at sea on the Odds screen (docs/rules.md §9.2): a sea battle's plan has its counter-attack card
(a fleet's units), and its answer says how often the zone is held, as pycore answers the same request."""

from __future__ import annotations

import urllib.parse

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT
from test_calc_page import expected_calc
from test_calc_plan import PlanScreen, close, link_of

# 1942-2e, dice: a destroyer and a cruiser attack a submarine and hold the zone against a destroyer and a fighter.
SEA_PLAN = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
            "attacker": {"units": {"destroyer": 1, "cruiser": 1}}, "defender": {"units": {"submarine": 1}},
            "counter": {"attacker": {"units": {"destroyer": 1, "fighter": 1}}}}


def test_a_sea_plan_holds_the_zone_against_its_counter_attack(page: Page, dist_server):
    want = expected_calc(SEA_PLAN)
    page.emulate_media(reduced_motion="reduce")
    page.goto(dist_server.url + "#" + link_of(SEA_PLAN))
    calc = PlanScreen(page)
    expect(calc.card).to_be_visible(timeout=READY_TIMEOUT)
    expect(page.locator("#calc-counter-destroyer")).to_have_value("1")
    expect(page.locator("#calc-counter-fighter")).to_have_value("1")
    expect(page.locator("#calc-counter-box .plan-card")).to_have_count(1)
    holds = page.locator("#calc-holds")
    expect(holds).to_be_visible(timeout=ACTION_TIMEOUT)
    assert close(calc.number("#calc-holds"), want["holds"])
    expect(holds).to_have_text(f"{100 * want['holds']:.1f}%")
    expect(page.locator("dt", has_text="Holds the zone after the counter-attack")).to_be_visible()
    assert close(calc.number("#calc-retakes"), want["counter"]["retakes"])
    expect(page.locator("#calc-counter-result")).to_contain_text("Zone lost")

    # Without the counter-attack the button to add one stays at sea.
    calc.tap("#calc-counter-remove")
    expect(page.locator("#calc-counter-box .plan-card")).to_have_count(0, timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-add-counter")).to_be_visible()

    # A link with two counter-attacks in turn (docs/api.md `counters`), in the same tab: each is a card, and the
    # hold is after both.
    two = {**{k: v for k, v in SEA_PLAN.items() if k != "counter"},
           "counters": [SEA_PLAN["counter"], {"attacker": {"units": {"submarine": 2}}}]}
    link = link_of(two)
    want = expected_calc(two)
    page.goto(dist_server.url + "#" + link)
    expect(page.locator("dt", has_text="Holds the zone after the 2 counter-attacks")).to_be_visible(timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-counter-fighter")).to_have_value("1")
    expect(page.locator("#calc-counter-2-submarine")).to_have_value("2")
    assert close(calc.number("#calc-holds"), want["holds"])
    assert close(calc.number("#calc-retakes-2"), want["counters"][1]["retakes"])
    assert urllib.parse.urlsplit(page.url).fragment == link, "the later counter-attack stays in the link"

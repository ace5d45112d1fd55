"""A plan's link with the fields the Odds controls show on a wave's card or keep (docs/api.md "Plan of attack"): the
cheapest defence with its top N (kept), a wave's reinforcements for the defender, a wave that only draws AA fire
(`rounds: 0`), `keep_land` n. The page runs the plan the link asks — its answer is pycore's for the same request —
says the defender's search in the defender's words, and keeps the link unchanged (nothing the poster entered is
lost)."""

from __future__ import annotations

import urllib.parse

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT
from test_calc_page import expected_calc
from test_calc_plan import PlanScreen, close, link_of

# 1942-2e, dice: 3 infantry and 2 tanks attack 2 infantry; 2 infantry reinforce the defender before wave 2, a
# wave of 2 fighters that only draws AA fire (none here; docs/rules.md §9.1: `waves[k].reinforce` joins before
# that wave); the defender may add up to 4 infantry or 2 artillery
# and wants the fewest units that keep the territory with at least 50 %, the best 3.
PLAN = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
        "attacker": {"units": {"infantry": 3, "tank": 2}}, "defender": {"units": {"infantry": 2}},
        "waves": [{"attacker": {"units": {"fighter": 2}}, "rounds": 0, "reinforce": {"units": {"infantry": 2}}},
                  {"attacker": {"units": {"infantry": 2, "tank": 1}}, "keep_land": 2}],
        "recommend": {"side": "defender", "available": {"infantry": 4, "artillery": 2}, "target": 0.5,
                      "by": "units", "top": 3}}


def test_a_defence_link_with_per_wave_fields_runs_as_pycore_and_keeps_its_link(page: Page, dist_server):
    want = expected_calc(PLAN)
    link = link_of(PLAN)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(dist_server.url + "#" + link)
    calc = PlanScreen(page)
    expect(calc.card).to_be_visible(timeout=READY_TIMEOUT)
    answer = page.locator("#calc-cheapest-answer")
    expect(answer).to_be_visible(timeout=ACTION_TIMEOUT)
    expect(answer.locator("h3")).to_have_text("Fewest units to add to the defence")
    expect(answer).to_contain_text("to keep the territory")
    expect(answer.locator("button")).to_have_count(0)          # a defence is not put on the form as wave 1
    cheapest = want["recommend"]["cheapest"]
    assert close(float(page.locator("#calc-army-cheapest").get_attribute("data-chance")), cheapest["chance"])
    expect(page.locator("#calc-army-top-2")).to_have_count(1 if len(want["recommend"]["top"]) > 1 else 0)
    assert close(calc.number("#calc-takes"), want["takes_territory"])
    expect(page.locator("#calc-wave-2-extras")).to_have_text("2 infantry · 6 IPCs join the defender before it")
    expect(page.locator("#calc-wave-2-rules > summary")).to_contain_text("only draws AA fire, then retreats")
    expect(page.locator("#calc-wave-3-rules > summary")).to_contain_text("keeps 2 land units")
    assert urllib.parse.urlsplit(page.url).fragment == link, "the link stays what it was"
    page.locator("#calc-cheapest > summary").click()
    expect(page.locator("#calc-cheapest-side-defender")).to_be_checked()
    assert_no_axe_violations(page, "odds: a defence link with per-wave fields, at 360 px")

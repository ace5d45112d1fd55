"""The calculator's sea options on the Odds screen (docs/api.md calc: `submerge`, `destroyer_last`,
`crash_fighters`; docs/rules.md §9): a link with them opens with its toggles on, answers as pycore answers the
same request and keeps its link; a toggle tapped off is the request without it; a land battle does not show
them, and they ask nothing there."""

from __future__ import annotations

import urllib.parse

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT
from test_calc_page import expected_calc
from test_calc_plan import PlanScreen, close, link_of

# 1942-2e, dice: 2 subs and a cruiser against a cruiser, a carrier and 3 fighters; the attacker's subs submerge
# (no enemy destroyer) and the defender's fighters beyond his carrier's two crash when it ends.
SEA = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
       "attacker": {"units": {"submarine": 2, "cruiser": 1}},
       "defender": {"units": {"cruiser": 1, "carrier": 1, "fighter": 3}},
       "submerge": {"attacker": True}, "crash_fighters": True}


def test_a_sea_link_with_subs_that_submerge_answers_as_pycore(page: Page, dist_server):
    want = expected_calc(SEA)
    link = link_of(SEA)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(dist_server.url + "#" + link)
    calc = PlanScreen(page)
    expect(calc.card).to_be_visible(timeout=READY_TIMEOUT)
    expect(page.locator("#calc-submerge-attacker")).to_be_checked()
    expect(page.locator("#calc-crash-fighters")).to_be_checked()
    expect(page.locator("#calc-submerge-defender")).not_to_be_checked()
    assert want["outcome"]["retreat"] > 0.3       # the subs left alive: this battle differs from the one without
    expect(page.locator("#calc-card .win-legend").first).to_be_visible(timeout=ACTION_TIMEOUT)
    shown = calc.outcome()
    for name, p in want["outcome"].items():
        if p > 1e-6:
            assert close(shown[name][0], p), (name, shown[name], p)
    assert urllib.parse.urlsplit(page.url).fragment == link, "the link stays what it was"
    page.locator("#calc-more > summary").click()
    page.locator("#calc-submerge-attacker-field").scroll_into_view_if_needed()
    assert_no_axe_violations(page, "odds: the sea options on, at 360 px")

    # Off again: the request without it, as pycore answers that one (no retreat: nobody submerges).
    page.locator("label[for=calc-submerge-attacker]").click()
    calc.calculate()
    without = expected_calc({k: v for k, v in SEA.items() if k != "submerge"})
    assert without["outcome"].get("retreat", 0) == 0
    expect(page.locator("#calc-card .win-legend .key[data-outcome=retreat]")).to_have_count(0, timeout=ACTION_TIMEOUT)
    assert close(calc.outcome()["stalemate"][0], without["outcome"]["stalemate"])

    # A land battle has no sea rules to set: the group is not shown, and asks nothing.
    land = {k: v for k, v in SEA.items() if k not in ("kind", "submerge", "crash_fighters")}
    land.update(attacker={"units": {"infantry": 2}}, defender={"units": {"infantry": 1}})
    page.goto(dist_server.url + "#" + link_of(land))
    expect(calc.card).to_be_visible(timeout=READY_TIMEOUT)
    page.locator("#calc-more > summary").click()
    expect(page.locator("#calc-sea-options")).to_be_hidden()
    expect(page.locator("#calc-more > summary")).to_contain_text("More: round limit, retreat")
    expect(page.locator("#calc-more > summary")).not_to_contain_text("sea rules")

"""The Turn panel's "Money to spend" (docs/api.md `plan_turn` `budget`, docs/rules.md §9.5) and the turn's forum
post (`report`): the budget typed at 360 px, the pool said as the units that could be bought, the answer what
pycore plans for the same request under CPython — what is bought, what is not, the money spent — the budget in
the turn's link, "Post it on a forum" copying pycore's post of the same request in each format, a budget over
pycore's bound refused at its field; the − + are thumb-sized, and axe finds nothing with it all shown."""

from __future__ import annotations

import re
import urllib.parse

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import pycore_handle
from test_turn_panel import TURN, TurnPanel, army_words, decoded

# 12 IPCs (1942-2e: infantry 3, tank 6, fighter 10) buy at most 4 infantry, or 2 infantry and a tank.
BUDGET = 12
BOUGHT = {**TURN, "budget": BUDGET}


def test_money_to_spend_plans_what_to_buy_and_the_link_keeps_it(page: Page, dist_server):
    page.set_viewport_size({"width": 360, "height": 740})
    turn = TurnPanel(page).open(dist_server.url)
    turn.enter(TURN["available"])
    field = page.locator("#calc-turn-budget")
    expect(field).to_have_value("")
    expect(field).to_have_attribute("placeholder", "∞")
    # The placeholder is read whole in the stepper's box ("no limit" showed as "no"): its text fits the content box.
    room, text = field.evaluate("""(input) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d");
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return [inner, context.measureText(input.placeholder).width];
    }""")
    assert text <= room, (text, room)
    for button in page.locator("#calc-turn-budget-field .step").all():  # one thumb: targets of 44 px at least
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    # Over pycore's 10,000: refused in the core's words, marked at the field, the entry kept.
    field.fill("20000")
    turn.plan()
    assert pycore_handle({**TURN, "budget": 20000})["error"]["field"] == "budget"
    expect(page.locator("#calc-turn-budget-field")).to_have_class(re.compile(r"\binvalid\b"))
    expect(page.locator("#calc-turn-message")).to_contain_text("10000")
    expect(field).to_have_value("20000")

    field.fill(str(BUDGET))
    expect(page.locator("#calc-turn-pool")).to_have_text("Units you could buy: 4 infantry, 2 tanks and 1 fighter.")
    expect(page.locator("#calc-turn-money")).to_have_text(f"The plan spends at most {BUDGET} IPCs on them.")
    turn.plan()
    want = pycore_handle(BOUGHT)["result"]
    # pycore's plan within 12 IPCs: Karelia left alone, Ukraine 2 infantry and a tank (3 + 3 + 6 = 12 IPCs).
    assert [a["units"] for a in want["assignments"]] == [{}, {"infantry": 2, "tank": 1}], want
    assert want["spent"] == 12
    expect(page.locator("#calc-turn-result-1 h3")).to_have_text("Karelia: leave it alone")
    expect(page.locator("#calc-turn-result-2 h3")).to_have_text(f"Ukraine: send {army_words({'infantry': 2, 'tank': 1})}")
    expect(page.locator("#calc-turn-home")).to_have_text("Not bought: 2 infantry, 1 tank and 1 fighter")
    expect(page.locator("#calc-turn-spent")).to_have_text("Spends 12 of the 12 IPCs.")
    # Without the budget the same pool sends more: the field changed the plan, not only its words.
    assert pycore_handle(TURN)["result"]["home"] == {}
    # The link holds the budget (a link's budget fills the field again: tests/js/turn-state.test.mjs).
    link = urllib.parse.urlsplit(page.url).fragment
    assert decoded(link) == decoded(want["link"]) and decoded(link)["budget"] == BUDGET

    # "Post it on a forum": each format is pycore's post of the same request, its link back to this page.
    posted = pycore_handle({**BOUGHT, "report": {"page": dist_server.url}})["result"]["report"]
    assert "Units to buy: 4 infantry, 2 tanks, 1 fighter, at most 12 IPCs in all" in posted["text"]
    assert "Spends 12 of the 12 IPCs." in posted["text"]
    for format_ in ("bbcode", "markdown", "text"):
        page.locator(f"#calc-turn-copy-{format_}").click()
        expect(page.locator("#calc-turn-copy-status")).not_to_be_empty()
        # The box holds what was copied (shown where the clipboard refused it, hidden where it took it).
        assert page.locator("#calc-turn-post-fallback").input_value() == posted[format_]
    box = page.locator("#calc-turn-copy-bbcode").bounding_box()
    assert box and box["height"] >= 44, box
    assert_no_axe_violations(page, "odds: the Turn panel with money to spend, planned and posted, at 360 px")

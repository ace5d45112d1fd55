"""Issue #19, referee mode ("I roll my own dice"): the page brings up the pad to fill next,
and offers odds and the forum copy only once a round is resolved."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, BattleScreen


def in_view(page: Page, selector: str) -> bool:
    """The element's top and bottom are inside the viewport (not hidden above or below)."""
    return page.locator(selector).evaluate(
        "n => { const r = n.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")


def test_pads_come_into_view_in_order_and_sharing_waits_for_a_result(page: Page, dist_server):
    page.emulate_media(reduced_motion="reduce")  # no smooth scrolling: positions are final when read
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="dice")
    screen.add("attacker", "infantry", 3)
    screen.add("attacker", "tank", 3)
    screen.add("defender", "infantry", 4)
    page.locator("label[for='referee']").click()
    screen.roll_button.click()
    expect(page.locator("#td-attacker-main")).to_be_visible(timeout=ACTION_TIMEOUT)
    # The step's pads are on screen with focus on the attacker's first count (issue #29); nothing to share yet.
    assert in_view(page, "#dice-panel")
    expect(page.locator("#td-attacker-main-hits-0")).to_be_focused()
    expect(page.locator("#odds-here")).to_be_hidden()
    expect(page.locator("#report-panel")).to_be_hidden()
    # Each die's face instead: the attacker's first key, then the keyboard.
    page.locator("#td-mode-faces").check()
    page.locator("#pad-attacker-main-key-1").focus()
    for _ in range(6):
        page.keyboard.press("Enter")  # six dice of 1, by keyboard: focus stays on the face
    # Complete: the defender's pad is in view and takes the focus.
    assert in_view(page, "#td-defender-main")
    expect(page.locator("#pad-defender-main-key-1")).to_be_focused()
    for _ in range(4):
        page.locator("#pad-defender-main-key-6").click()
    expect(page.locator("#use-dice")).to_be_focused()
    page.locator("#use-dice").click()
    expect(screen.rounds.first).to_contain_text("6 hits", timeout=ACTION_TIMEOUT)
    expect(page.locator("#report-panel")).to_be_visible()

"""Issue #19: one ruleset and luck system for the whole table — chosen on one screen, shown on
the others and remembered on this device — and a line that says why a unit is missing."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from luckdial_page import BattleScreen


def test_battle_and_odds_share_one_remembered_choice(page: Page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    # The same default on both screens (Battle's: Classic, Low Luck).
    expect(page.locator("#ruleset")).to_have_value("classic")
    expect(page.locator("#calc-ruleset")).to_have_value("classic")
    expect(page.locator("#calc-system")).to_have_value("lowluck")
    screen.choose(ruleset="revised", system="dice")
    page.locator("#tab-screen-calc").click()
    expect(page.locator("#calc-ruleset")).to_have_value("revised")
    expect(page.locator("#calc-system")).to_have_value("dice")
    page.locator("#calc-ruleset").select_option("anniversary")
    page.locator("#calc-system").select_option("chess-ryof")
    page.locator("#tab-screen-battle").click()
    expect(page.locator("#ruleset")).to_have_value("anniversary")
    expect(page.locator("#system-chess")).to_be_checked()
    page.reload()
    screen.wait_ready()
    expect(page.locator("#ruleset")).to_have_value("anniversary")
    expect(page.locator("#system-chess")).to_be_checked()
    expect(page.locator("#calc-ruleset")).to_have_value("anniversary")
    expect(page.locator("#calc-system")).to_have_value("chess-ryof")


def test_a_missing_unit_is_explained(page: Page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic")
    page.locator("label[for='kind-sea']").click()
    # docs/rules.md §1 unit table: Classic has no destroyer (Revised and later), no cruiser (Anniversary and later).
    expect(page.locator("#missing-units")).to_have_text(
        "Classic has no destroyers (Revised and later do), no cruisers (Anniversary and later do) "
        "and no tactical bombers (1940 Second Edition does).")
    screen.choose(ruleset="1940-2e")
    expect(page.locator("#missing-units")).to_be_hidden()
    page.locator("#tab-screen-calc").click()
    page.locator("#calc-ruleset").select_option("revised")
    expect(page.locator("#calc-missing-units")).to_have_text(
        "Revised has no mech. infantry or tactical bombers (1940 Second Edition does).")

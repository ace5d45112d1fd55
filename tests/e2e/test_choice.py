"""Issue #19: one ruleset and luck system for the whole table — chosen on one screen, shown on
the others and remembered on this device — and a line that says why a unit is missing."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from luckdial_page import BattleScreen


def test_battle_and_odds_share_one_remembered_choice(page: Page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    # The same default on both screens (1942 Second Edition, dice: kit/prefs.js says why).
    expect(page.locator("#ruleset")).to_have_value("1942-2e")
    expect(page.locator("#calc-ruleset")).to_have_value("1942-2e")
    expect(page.locator("#calc-system-dice")).to_be_checked()
    screen.choose(ruleset="revised", system="lowluck")
    page.locator("#tab-screen-calc").click()
    expect(page.locator("#calc-ruleset")).to_have_value("revised")
    expect(page.locator("#calc-system-lowluck")).to_be_checked()
    page.locator("#calc-ruleset").select_option("anniversary")
    page.locator("label[for='calc-system-chess']").click()
    page.locator("label[for='calc-chess-variant-ryof']").click()
    page.locator("#tab-screen-battle").click()
    expect(page.locator("#ruleset")).to_have_value("anniversary")
    expect(page.locator("#system-chess")).to_be_checked()
    page.reload()
    screen.wait_ready()
    expect(page.locator("#ruleset")).to_have_value("anniversary")
    expect(page.locator("#system-chess")).to_be_checked()
    expect(page.locator("#calc-ruleset")).to_have_value("anniversary")
    expect(page.locator("#calc-system-chess")).to_be_checked()
    expect(page.locator("#calc-chess-variant-ryof")).to_be_checked()
    expect(page.locator("#chess-variant-ryof")).to_be_checked()  # the same variant on Battle


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
    # The Odds screen opened on the battle entered on Battle, a sea battle (#29 item 6).
    expect(page.locator("#calc-kind-sea")).to_be_checked()
    expect(page.locator("#calc-missing-units")).to_have_text(
        "Revised has no cruisers (Anniversary and later do) and no tactical bombers (1940 Second Edition does).")
    page.locator("label:has(#calc-kind-land)").click()
    expect(page.locator("#calc-missing-units")).to_have_text(
        "Revised has no mech. infantry or tactical bombers (1940 Second Edition does).")

"""Issue #19: what other calculators give — swap sides, Clear, live totals, and the advisor."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, BattleScreen
from test_calc_page import CalcScreen


def test_live_totals_swap_and_clear(page: Page, dist_server):
    calc = CalcScreen(page).open(dist_server.url)
    calc.three_and_two_against_three("lowluck")
    # Revised (docs/rules.md §1): infantry cost 3, att 1, def 2; tank cost 5, att 3.
    # Attacker 3×3 + 2×5 = 19 IPCs, power 3×1 + 2×3 = 9; defender 3×3 = 9 IPCs, power 3×2 = 6.
    expect(page.locator("#calc-attacker-forces .side-total")).to_have_text("5 units · 19 IPCs · power 9")
    expect(page.locator("#calc-defender-forces .side-total")).to_have_text("3 units · 9 IPCs · power 6")
    page.locator("#calc-swap").click()
    expect(page.locator("#calc-attacker-infantry")).to_have_value("3")
    expect(page.locator("#calc-attacker-tank")).to_have_value("0")
    expect(page.locator("#calc-defender-tank")).to_have_value("2")
    expect(page.locator("#calc-defender-forces .side-total")).to_have_text("5 units · 19 IPCs · power 12")  # tank def 3
    page.locator("#calc-clear").click()
    expect(page.locator("#calc-attacker-forces .side-total")).to_have_text("0 units")
    expect(page.locator("#calc-defender-forces .side-total")).to_have_text("0 units")
    page.locator("#tab-screen-battle").click()
    screen = BattleScreen(page)
    screen.add("attacker", "tank", 2)
    page.locator("#battle-swap").click()
    expect(screen.stepper("defender", "tank")).to_have_value("2")
    expect(screen.stepper("attacker", "tank")).to_have_value("0")


def test_advisor_finds_the_fewest_tanks_for_the_target(page: Page, dist_server):
    # Revised, Low Luck, 1 infantry (att 1) against 1 infantry (def 2), adding tanks (att 3).
    # 0 tanks: each round A hits 1/6, D 2/6; A wins (1/6·4/6) / (1 − 5/6·4/6) = 4/16 = 25 %.
    # 1 tank: power 4, A hits 4/6 and wins then (the infantry dies first). Else D hits 2/6·2/6 = 4/36
    #   (the tank is left: it wins 3/6·4/6 / (1 − 3/6·4/6) = 1/2, the rest draws or loses) or both miss 8/36.
    #   P = (24/36 + 4/36 · 1/2) / (1 − 8/36) = 26/28 = 92.9 %.  2 tanks: power 7, a sure hit: 100 %.
    calc = CalcScreen(page).open(dist_server.url)
    calc.choose(ruleset="revised", system="lowluck")
    calc.add("attacker", "infantry")
    calc.add("defender", "infantry")
    page.locator("#calc-advisor summary").click()
    page.locator("#calc-advisor-unit").select_option("tank")
    page.locator("#calc-advisor-go").click()
    expect(page.locator("#calc-advice")).to_have_text(
        "Add 1 tank: the attacker then wins 92.9% (one fewer is not enough).", timeout=ACTION_TIMEOUT)
    page.locator("#calc-advisor-target").fill("95")
    page.locator("#calc-advisor-go").click()
    expect(page.locator("#calc-advice")).to_have_text(
        "Add 2 tanks: the attacker then wins 100.0% (one fewer is not enough).", timeout=ACTION_TIMEOUT)
    page.locator("#calc-advisor-target").fill("20")
    page.locator("#calc-advisor-go").click()
    expect(page.locator("#calc-advice")).to_have_text(
        "The attacker already wins 25.0% of the time: nothing to add.", timeout=ACTION_TIMEOUT)
    page.locator("#calc-advisor-target").fill("lots")
    page.locator("#calc-advisor-go").click()
    expect(page.locator("#calc-advice")).to_contain_text('"lots" is not a percentage')
    expect(page.locator("#calc-attacker-infantry")).to_have_value("1")  # the form is untouched


def test_history_reopens_a_battle_and_a_calculation_with_one_tap(page: Page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="lowluck")
    screen.add("attacker", "tank", 3)
    screen.add("defender", "infantry", 1)
    screen.seed.fill("history")
    screen.roll()
    expect(screen.outcome).to_be_visible()  # Low Luck: 3 tanks (power 9) kill 1 infantry in round 1
    link = page.evaluate("location.hash")
    screen.new_button.click()
    page.locator("#battle-history summary").click()
    entry = page.locator("#battle-history-list .history-link")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("Classic (2nd edition) · Low Luck: 3 tanks v 1 infantry — Attacker wins")
    assert entry.get_attribute("href") == link
    entry.click()
    expect(screen.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)
    expect(screen.outcome).to_be_visible()

    calc = CalcScreen(page)
    page.locator("#tab-screen-calc").click()
    # The Odds screen opens on the battle on the Battle screen (#29 item 6); Clear, and another battle.
    expect(page.locator("#calc-attacker-tank")).to_have_value("3")
    page.locator("#calc-clear").click()
    calc.add("attacker", "infantry")
    calc.add("defender", "infantry")
    calc.calculate()
    page.reload()  # the history is kept on the device
    screen.wait_ready()
    page.locator("#tab-screen-calc").click()
    page.locator("#calc-history summary").click()
    expect(page.locator("#calc-history-list .history-link")).to_have_count(1)
    expect(page.locator("#calc-history-list .history-link")).to_contain_text("1 infantry v 1 infantry — attacker wins")

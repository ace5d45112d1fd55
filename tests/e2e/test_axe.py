"""Zero axe-core violations on every screen and in every state a player reaches (issue #19):
empty, filled, paused for casualties, paused for dice, a result, the luck dial, a WiF
result, a research ledger and a bombing raid. Each state is reached with taps, as in the
screens' own tests, then axe checks the whole document (all tabs, hidden ones skipped)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, BattleScreen
from test_battle_kinds import sea_set_up
from test_calc_page import CalcScreen
from test_research import ResearchScreen
from test_wif import enter_canonical_combat, open_wif


def test_every_screen_empty_has_no_axe_violations(page: Page, dist_server):
    BattleScreen(page).open(dist_server.url)
    for tab in ("battle", "calc", "wif", "research", "journal"):
        page.locator(f"#tab-screen-{tab}").click()
        assert_no_axe_violations(page, f"{tab}: empty")


def test_battle_filled_result_and_forum_panel(page: Page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="lowluck")
    screen.add("attacker", "infantry", 3)
    screen.add("attacker", "tank", 2)
    screen.add("defender", "infantry", 3)
    assert_no_axe_violations(page, "battle: filled")
    screen.seed.fill("axe")
    screen.roll()
    assert_no_axe_violations(page, "battle: round 1 rolled")
    for _ in range(10):
        if screen.outcome.is_visible():
            break
        screen.press_on()
    expect(screen.outcome).to_be_visible()
    assert_no_axe_violations(page, "battle: result")


def test_battle_paused_for_casualties(page: Page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    sea_set_up(screen)
    screen.roll_button.click()
    expect(page.locator("#casualty-panel")).to_be_visible(timeout=ACTION_TIMEOUT)
    assert_no_axe_violations(page, "battle: paused for casualties")


def test_battle_paused_for_dice_then_resolved(page: Page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="dice")
    screen.add("attacker", "infantry", 2)
    screen.add("defender", "infantry", 1)
    page.locator("label[for='referee']").click()
    screen.roll_button.click()
    expect(page.locator("#td-attacker-main")).to_be_visible(timeout=ACTION_TIMEOUT)
    assert_no_axe_violations(page, "battle: paused for dice, empty pads")
    page.locator("#td-mode-faces").check()  # each die's face (issue #29: counts are the other way)
    page.locator("#pad-attacker-main-key-1").click()
    assert_no_axe_violations(page, "battle: paused for dice, one die entered")
    page.locator("#pad-attacker-main-key-6").click()
    page.locator("#pad-defender-main-key-6").click()
    page.locator("#use-dice").click()
    expect(screen.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)
    assert_no_axe_violations(page, "battle: table dice resolved")


def test_odds_result_and_luck_dial(page: Page, dist_server):
    calc = CalcScreen(page).open(dist_server.url)
    calc.three_and_two_against_three("lowluck")
    assert_no_axe_violations(page, "odds: filled")
    page.locator("#calc-armies summary").click()
    page.locator("#calc-armies-name").fill("Blitz")
    page.locator("#calc-armies-save-attacker").click()
    expect(page.locator("#calc-armies-list .army")).to_have_count(1)
    assert_no_axe_violations(page, "odds: saved armies open, one saved")
    calc.calculate()
    expect(page.locator("#calc-swing-law svg rect.bar").first).to_be_attached()
    assert_no_axe_violations(page, "odds: result (with the swing histogram)")
    calc.dial_go.click()
    expect(page.locator("#calc-dial-list .dial-row").first).to_be_visible(timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-dial-go")).to_be_enabled(timeout=ACTION_TIMEOUT)
    assert_no_axe_violations(page, "odds: luck dial")


def test_wif_result_and_roll(page: Page, dist_server):
    open_wif(page, dist_server.url)
    enter_canonical_combat(page)
    expect(page.locator("#wif-distribution .wif-outcome").first).to_be_visible(timeout=ACTION_TIMEOUT)
    assert_no_axe_violations(page, "wif: distribution")
    page.locator("#wif-seed").fill("axe")
    page.locator("#wif-roll-button").click()
    expect(page.locator("#wif-roll")).to_be_visible(timeout=ACTION_TIMEOUT)
    assert_no_axe_violations(page, "wif: rolled")


def test_research_ledger_and_bombing(page: Page, dist_server):
    screen = ResearchScreen(page).open(dist_server.url)
    screen.add_nation("USA")
    screen.category("air")
    screen.record(6)
    assert_no_axe_violations(page, "research: ledger entry")
    page.locator("#research-view-bombing").check()
    page.locator("#bomb-raid").click()
    expect(page.locator("#bomb-fee")).to_be_visible(timeout=ACTION_TIMEOUT)
    assert_no_axe_violations(page, "research: bombing fee owed")
    page.locator("#bomb-dice-own").check()
    assert_no_axe_violations(page, "research: bombing with own dice")

"""Issue #19: saved armies — a side kept under a name, per ruleset, on this device, put back into
either side with one tap, on Battle and on Odds; by thumb at 360 px and by keyboard alone."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import BattleScreen
from test_calc_page import CalcScreen
from test_keyboard import Keys


def test_save_an_attacker_and_reopen_it_as_either_side_on_both_screens(page: Page, dist_server):
    page.set_viewport_size({"width": 360, "height": 740})
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="lowluck")
    screen.add("attacker", "infantry", 2)
    screen.add("attacker", "tank", 3)
    page.locator("#battle-armies summary").tap()
    page.locator("#battle-armies-name").fill("Blitz")
    page.locator("#battle-armies-save-attacker").tap()
    expect(page.locator("#battle-armies-status")).to_have_text("Saved “Blitz”: 2 infantry, 3 tanks.")
    entry = page.locator("#battle-armies-list .army")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("Blitz2 infantry, 3 tanks")
    page.locator("#battle-clear").tap()
    entry.get_by_role("button", name="As defender: Blitz").tap()
    expect(screen.stepper("defender", "tank")).to_have_value("3")
    expect(screen.stepper("defender", "infantry")).to_have_value("2")
    expect(screen.stepper("attacker", "tank")).to_have_value("0")
    expect(page.locator("#defender-forces .side-total")).to_contain_text("5 units")  # the live totals follow
    # Nothing in the panel is cut or wider than the phone.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide at 360 px"
    assert_no_axe_violations(page, "battle: saved armies open")

    # The same army on the Odds screen (same ruleset, remembered across screens); one tap puts it in.
    # The Odds screen opens on the battle entered on Battle (#29 item 6): its defender is Blitz already.
    page.locator("#tab-screen-calc").tap()
    expect(page.locator("#calc-defender-tank")).to_have_value("3")
    expect(page.locator("#calc-defender-infantry")).to_have_value("2")
    page.locator("#calc-armies summary").tap()
    calc_entry = page.locator("#calc-armies-list .army")
    expect(calc_entry).to_have_count(1)
    calc_entry.get_by_role("button", name="As attacker: Blitz").tap()
    expect(page.locator("#calc-attacker-tank")).to_have_value("3")

    # Per ruleset: Revised has none; back on Classic it is there.
    page.locator("#calc-ruleset").select_option("revised")
    expect(page.locator("#calc-armies-heading")).to_have_text("No army saved for Revised yet.")
    expect(calc_entry).to_have_count(0)
    page.locator("#calc-ruleset").select_option("classic")
    expect(calc_entry).to_have_count(1)

    # Delete takes only that army out; the one saved under another name stays.
    page.locator("#calc-armies-name").fill("Wall")
    page.locator("#calc-defender-forces .unit-row[data-unit=infantry] .step.plus").tap()
    page.locator("#calc-armies-save-defender").tap()
    expect(calc_entry).to_have_count(2)
    calc_entry.get_by_role("button", name="Delete Blitz").tap()
    expect(page.locator("#calc-armies-status")).to_have_text("Deleted “Blitz”.")
    expect(calc_entry).to_have_count(1)
    stored = json.loads(page.evaluate("localStorage.getItem('luckdial.armies')"))
    assert [(a["ruleset"], a["name"], a["units"]) for a in stored] == [("classic", "Wall", {"infantry": 3, "tank": 3})]


def test_saving_asks_for_a_name_and_refuses_an_empty_side(page: Page, dist_server):
    calc = CalcScreen(page).open(dist_server.url)
    calc.choose(ruleset="classic", system="lowluck")
    page.locator("#calc-armies summary").click()
    page.locator("#calc-armies-save-attacker").click()
    expect(page.locator("#calc-armies-status")).to_have_text("Name: give the army a name first, then save the attacker.")
    expect(page.locator("#calc-armies-name")).to_be_focused()
    page.locator("#calc-armies-name").fill("Nobody")
    page.locator("#calc-armies-save-defender").click()
    expect(page.locator("#calc-armies-status")).to_have_text("The defender has no units: nothing to save.")
    page.locator("#calc-attacker-tank").fill("2.5")
    page.locator("#calc-armies-save-attacker").click()
    expect(page.locator("#calc-armies-status")).to_contain_text('Attacker, tanks: "2.5" is not a whole number of units')
    expect(page.locator("#calc-armies-status")).not_to_contain_text("attacker.units")  # in words (#29 item 5)
    expect(page.locator("#calc-attacker-tank")).to_have_value("2.5")  # what was typed stays
    assert page.evaluate("localStorage.getItem('luckdial.armies')") is None


def test_a_write_keeps_the_armies_another_tab_saved(page: Page, dist_server):
    """Each save starts from a fresh read: an army saved in another tab since this one opened is kept."""
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="lowluck")
    page.locator("#battle-armies summary").click()  # the list is drawn now, before the other tab writes
    page.evaluate("""localStorage.setItem('luckdial.armies', JSON.stringify([
        {ruleset: 'classic', name: 'From the other tab', units: {fighter: 2}, at: 1}]))""")
    screen.add("attacker", "tank", 1)
    page.locator("#battle-armies-name").fill("Here")
    page.locator("#battle-armies-save-attacker").click()
    names = [a["name"] for a in json.loads(page.evaluate("localStorage.getItem('luckdial.armies')"))]
    assert names == ["Here", "From the other tab"]
    expect(page.locator("#battle-armies-list .army-name")).to_have_text(["Here", "From the other tab"])


def test_saved_armies_by_keyboard_alone(page: Page, dist_server):
    BattleScreen(page).open(dist_server.url)
    page.evaluate("""localStorage.setItem('luckdial.armies', JSON.stringify([
        {ruleset: '1942-2e', name: 'Blitz', units: {infantry: 2, tank: 3}, at: 1}]))""")  # the first visit's ruleset
    keys = Keys(page)
    keys.tab_to("#battle-armies summary")
    keys.press("Enter")  # opens the disclosure
    keys.tab_to("#battle-armies-list button[data-side=attacker]")
    keys.press("Enter")
    expect(page.locator("#attacker-tank")).to_have_value("3")
    expect(page.locator("#battle-armies-status")).to_have_text("“Blitz” is now the attacker.")
    keys.tab_to("#battle-armies-list button.danger")
    keys.press("Enter")
    expect(page.locator("#battle-armies-list .army")).to_have_count(0)
    expect(page.locator("#battle-armies-name")).to_be_focused()  # focus stays in the panel
    keys.type("Again")
    keys.tab_to("#battle-armies-save-attacker")
    keys.press("Enter")
    expect(page.locator("#battle-armies-list .army-name")).to_have_text(["Again"])

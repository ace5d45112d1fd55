"""Issue #19 "Done when": a forum copy and a research ledger entry by keyboard alone — no click,
no tap, no element focused by the test itself: only keys, as a player without a pointer."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, BattleScreen, pycore_handle
from test_keyboard import Keys, classic_low_luck_by_keyboard, press_on_to_the_end


def test_a_battle_to_its_forum_copy_by_keyboard_alone(page: Page, dist_server):
    screen, keys = classic_low_luck_by_keyboard(page, dist_server.url)
    keys.tab_to("#attacker-tank")
    keys.type("3")
    keys.tab_to("#defender-infantry")
    keys.type("2")
    keys.tab_to("#seed")  # a seed of our own, so the copied link can be checked
    keys.press("Control+a")
    keys.type("keys")
    keys.press("Enter")  # Enter in the seed rolls round 1
    expect(screen.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)
    press_on_to_the_end(keys, screen)
    expect(screen.outcome).to_be_focused()  # focus follows the result, so the copy buttons are a few Tabs on
    keys.tab_to("#copy-bbcode", limit=12)
    keys.press("Enter")
    expect(page.locator("#report-status")).not_to_be_empty()
    report = page.locator("#report-fallback").input_value()
    lines = report.splitlines()
    assert lines[0].startswith("[b]Luckdial battle — Classic (2nd edition) · Low Luck · Land: ")
    url = re.fullmatch(r"\[url=(.+)\]Replay this battle on Luckdial\[/url\]", lines[-1]).group(1)
    decoded = pycore_handle({"op": "share", "decode": url.split("#", 1)[1]})["result"]["request"]
    assert decoded["seed"] == "keys"
    assert decoded["attacker"]["units"] == {"tank": 3} and decoded["defender"]["units"] == {"infantry": 2}
    print(f"\nkey presses from an empty form to a forum copy: {keys.count}")


def test_a_research_ledger_entry_by_keyboard_alone(page: Page, dist_server):
    BattleScreen(page).open(dist_server.url)
    keys = Keys(page)
    keys.tab_to("#tab-screen-battle")
    keys.press("End")  # the tab row's last tab: Luck
    keys.press("ArrowLeft")  # the one before it: Research
    expect(page.locator("#screen-research")).to_be_visible()
    keys.tab_to("#add-nation-open")
    keys.press("Enter")
    expect(page.locator("#nation-name")).to_be_focused()
    keys.type("Germany")
    keys.press("Enter")  # submits the form: Low Luck tech is the default
    expect(page.locator(".rd-chip", has_text="Germany")).to_have_attribute("aria-selected", "true")
    # Air category: the category radios, by arrow key.
    keys.tab_to("#ledger-pick-industrial, #ledger-pick-air")
    if not page.locator("#ledger-pick-air").is_checked():
        keys.press("ArrowRight")
    expect(page.locator("#ledger-pick-air")).to_be_checked()
    # Seed 000 §6b (test_research's US example): round 1 saves 18, round 2 saves 18 more and tries, rolling a 3.
    history = page.locator("#ledger-history li.rd-step")
    keys.tab_to("#invest")
    keys.press("Control+a")
    keys.type("18")
    keys.tab_to("#record")
    keys.press("Enter")
    expect(history).to_have_count(1, timeout=ACTION_TIMEOUT)
    keys.tab_to("#invest")
    keys.press("Control+a")
    keys.type("18")
    keys.tab_to("#attempt-none, #attempt-app, #attempt-own")
    for _ in range(3):
        if page.locator("#attempt-own").is_checked():
            break
        keys.press("ArrowRight")
    expect(page.locator("#attempt-own")).to_be_checked()
    keys.tab_to("#own-roll input")  # the die faces: one Tab stop, arrows move within
    for _ in range(6):
        if page.locator("#own-roll-3").is_checked():
            break
        keys.press("ArrowRight")
    expect(page.locator("#own-roll-3")).to_be_checked()
    keys.tab_to("#record")
    keys.press("Enter")
    expect(history).to_have_count(2, timeout=ACTION_TIMEOUT)
    want = pycore_handle({"op": "research", "system": "lowluck", "category": "air",
                          "steps": [{"invest": 18}, {"invest": 18, "attempt": True, "roll": 3}]})["result"]["ledger"]
    expect(page.locator("#ledger-saved")).to_have_text(str(want["saved"]))
    expect(history.first).to_contain_text(want["steps"][1]["text"])
    print(f"\nkey presses from Battle to two recorded research rounds: {keys.count}")


def test_enter_in_a_count_calculates_on_odds_as_it_rolls_on_battle(page: Page, dist_server):
    """Issue 42 item 9: Enter in a count did nothing on Odds (on Battle it rolls). Keys only, counted."""
    BattleScreen(page).open(dist_server.url + "#odds")
    keys = Keys(page)
    keys.tab_to("#calc-attacker-infantry", limit=60)
    keys.type("3")
    keys.tab_to("#calc-defender-infantry", limit=60)
    keys.type("2")
    keys.press("Enter")
    expect(page.locator("#calc-result")).to_be_visible(timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-result")).to_contain_text("%")

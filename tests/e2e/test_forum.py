"""Forum exports link back (issue 17): the copied BBCode's link, opened in a fresh browser, is the same battle."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, BattleScreen, pycore_handle
from test_battle import set_up, shown_rounds


def test_copied_bbcode_links_back_to_the_same_battle(page, watched_context, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen, "forum seed 17", "lowluck")
    screen.roll()
    while screen.press_button.is_visible():
        screen.press_on()
    expect(page.locator("#dice-source")).to_have_text(
        "Dice: rolled on the poster's device from seed “forum seed 17” (can be re-rolled)")
    page.locator("#copy-bbcode").click()
    bbcode = page.locator("#report-fallback").input_value()
    lines = bbcode.splitlines()
    assert lines[0].startswith("[b]Luckdial battle — Classic (2nd edition) · Low Luck · Land: ")
    assert "[i]Dice: rolled on the poster's device from seed “forum seed 17” (can be re-rolled)[/i]" in lines
    url = re.fullmatch(r"\[url=(.+)\]Replay this battle on Luckdial\[/url\]", lines[-1]).group(1)
    assert url.startswith(dist_server.url + "#v1.")
    page.locator("#copy-markdown").click()
    assert page.locator("#report-fallback").input_value().endswith(f"[Replay this battle on Luckdial]({url})")
    page.locator("#copy-text").click()
    assert page.locator("#report-fallback").input_value().endswith(f"Replay: {url}")
    shown = shown_rounds(screen)
    outcome = screen.outcome.inner_text()

    fresh = watched_context()  # another phone: nothing shared with this one
    other = BattleScreen(fresh.new_page()).open(url)
    expect(other.rounds).to_have_count(len(shown), timeout=ACTION_TIMEOUT)
    assert shown_rounds(other) == shown
    expect(other.outcome).to_have_text(outcome)
    expect(other.page.locator("#dice-source")).to_have_attribute("data-kind", "seed")


def test_a_bombing_raid_link_reopens_the_same_raid(page, dist_server):
    request = {"op": "bombing", "system": "lowluck", "bombers": 3, "aa": True, "seed": "raid on Karelia"}
    want = pycore_handle(request)["result"]
    url = dist_server.url + "#" + want["link"]
    page.goto(url)
    expect(page.locator("#shared-raid")).to_be_visible(timeout=180_000)
    expect(page.locator("#shared-damage")).to_have_text(f"Damage {want['damage']['total']}", timeout=ACTION_TIMEOUT)
    shown = page.locator("#shared-damage-dice .rd-die").evaluate_all("ds => ds.map(d => Number(d.dataset.value))")
    assert shown == want["damage"]["rolls"]
    expect(page.locator("#shared-dice-source")).to_have_text(
        "Dice: rolled on the poster's device from seed “raid on Karelia” (can be re-rolled)")
    page.locator("#shared-raid-share").click()
    expect(page.locator("#shared-raid-link")).to_have_value(url)

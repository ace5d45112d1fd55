"""The WiF 67 screen on a phone: factors and modifiers in, the roll in words and the odds of every outcome out.

Every number the page shows is checked against pycore answering the same
request under CPython (luckdial_page.pycore_handle), whose own figures are
checked against seed 004 in tests/core/test_wif_*.py.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, pycore_handle

SEED = "e2e wif"


def pct(p: float) -> str:
    """The page's percent format (web/wif/wif.js pct)."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    if p < 0.001:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def open_wif(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
    page.get_by_role("tab", name="WiF 67").click()
    expect(page.locator("#screen-wif")).to_be_visible()


def enter_canonical_combat(page: Page) -> None:
    """36.5 : 10 with fractional odds (docs/api.md canonical), rain, two face-down defenders, a city."""
    page.locator("#wif-attack").fill("36.5")
    page.locator("#wif-defense").fill("10")
    page.locator("label[for=wif-fractional]").click()
    page.locator("label[for=wif-weather-rain]").click()
    plus = page.get_by_role("button", name="Face-down defending unit: one more", exact=True)
    plus.click()
    plus.click()
    page.locator("#wif-group-city > summary").click()
    page.locator("label[for=wif-mod-city]").click()


EXPECTED_REQUEST = {
    "op": "wif", "attack": 36.5, "defense": 10, "fractional_odds": True, "table": "assault",
    "modifiers": [{"id": "face_down_defender", "count": 2}, {"id": "rain"}, {"id": "city"}],
}


def shown_distribution(page: Page) -> dict[str, str]:
    rows = page.locator("#wif-distribution .wif-outcome")
    return dict(zip(rows.locator(".wif-cell").all_inner_texts(), rows.locator(".wif-pct").all_inner_texts()))


def test_enter_factors_and_modifiers_roll_and_read_the_result_in_words(page: Page, dist_server):
    open_wif(page, dist_server.url)
    enter_canonical_combat(page)
    expected = pycore_handle({**EXPECTED_REQUEST, "seed": SEED})["result"]
    # The live odds line and the exact chances appear before any roll.
    expect(page.locator("#wif-odds-line")).to_contain_text("3.65:1 → +7.3", timeout=ACTION_TIMEOUT)
    expect(page.locator("#wif-distribution .wif-outcome")).to_have_count(len(expected["distribution"]),
                                                                         timeout=ACTION_TIMEOUT)
    expect(page.locator("#wif-roll")).to_be_hidden()

    page.locator("#wif-seed").fill(SEED)
    page.locator("#wif-roll-button").click()
    roll = expected["roll"]
    expect(page.locator("#wif-roll")).to_be_visible(timeout=ACTION_TIMEOUT)
    expect(page.locator("#wif-roll-cell")).to_have_text(roll["cell"])
    expect(page.locator("#wif-roll-how")).to_have_text(roll["how"])
    expect(page.locator("#wif-roll-attacker")).to_have_text(roll["attacker"])
    expect(page.locator("#wif-roll-defender")).to_have_text(roll["defender"])
    assert page.locator("#wif-roll .wif-die").all_inner_texts() == [str(d) for d in roll["dice"]] + [str(roll["fraction"])]

    # The odds of every outcome, in table order, as pycore computes them.
    assert shown_distribution(page) == {cell: pct(p) for cell, p in expected["distribution"].items()}
    expect(page.locator(f"#wif-distribution .wif-outcome.rolled[data-cell='{roll['cell']}']")).to_have_count(1)
    expect(page.locator("#wif-p-no-loss strong")).to_have_text(pct(expected["summary"]["p_attacker_loses_nothing"]))
    expect(page.locator("#wif-p-retreat strong")).to_have_text(pct(expected["summary"]["p_defender_retreats_or_worse"]))
    expect(page.locator("#wif-summary")).to_contain_text("Total modifier")
    expect(page.locator("#wif-extra-hint")).to_contain_text("applies")  # rain and a city call for §

    # Tapping an outcome explains it in words.
    first = page.locator("#wif-distribution .wif-outcome").first
    first.locator("summary").click()
    expect(first.locator("details > p").first).to_have_text(expected["outcomes"][0]["text"])

    # One thumb at 390 px: nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_share_link_replays_the_same_roll(page: Page, dist_server, context):
    open_wif(page, dist_server.url)
    enter_canonical_combat(page)
    page.locator("#wif-seed").fill(SEED)
    page.locator("#wif-roll-button").click()
    expect(page.locator("#wif-roll")).to_be_visible(timeout=ACTION_TIMEOUT)
    how = page.locator("#wif-roll-how").inner_text()
    link = page.locator("#wif-link").input_value()
    expected = pycore_handle({**EXPECTED_REQUEST, "seed": SEED})["result"]
    assert link.endswith("#" + expected["link"])

    other = context.new_page()
    other.goto(link)
    expect(other.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
    expect(other.locator("#screen-wif")).to_be_visible()
    expect(other.locator("#wif-roll-how")).to_have_text(how, timeout=ACTION_TIMEOUT)
    expect(other.locator("#wif-attack")).to_have_value("36.5")
    expect(other.locator("#wif-fractional")).to_be_checked()
    expect(other.locator("#wif-weather-rain")).to_be_checked()
    expect(other.locator("#wif-mod-face_down_defender")).to_have_value("2")
    expect(other.locator("#wif-mod-city")).to_be_checked()
    assert shown_distribution(other) == shown_distribution(page)


def test_own_dice_are_read_and_wrong_dice_are_named(page: Page, dist_server):
    open_wif(page, dist_server.url)
    page.locator("#wif-attack").fill("36.5")
    page.locator("#wif-defense").fill("10")
    page.locator("label[for=wif-fractional]").click()
    page.locator("label[for=wif-dice-mode-own]").click()
    expect(page.locator("#wif-roll-button")).to_have_text("Read my dice")
    expect(page.locator("#wif-die-fraction")).to_be_visible(timeout=ACTION_TIMEOUT)  # 7.3 has tenths

    page.locator("#wif-die-1").fill("0")
    page.locator("#wif-die-2").fill("3")
    page.locator("#wif-die-fraction").fill("4")
    page.locator("#wif-roll-button").click()
    message = page.locator("#wif-message")
    expect(message).to_contain_text("First d10: ", timeout=ACTION_TIMEOUT)  # the field in words, never "dice.2d10[0]" (#29 item 5)
    expect(message).not_to_contain_text("dice.2d10")
    expect(message).to_contain_text("0 counts as 10")
    expect(page.locator("#wif-die-1")).to_have_class(re.compile(r"\binvalid\b"))

    page.locator("#wif-die-1").fill("7")
    page.locator("#wif-roll-button").click()
    # Seed 004 / docs/rules.md §8: 7 + 3 + 7 (the fractional 4 is over the 3 tenths) = 17, Assault row 17 is 1/1.
    expect(page.locator("#wif-roll-how")).to_have_text(
        "Dice 7 + 3 = 10. Fractional d10: 4, over 3, so the +7.3 modifier counts as +7. "
        "Total 17: row 17 of the Assault table, 1/1.", timeout=ACTION_TIMEOUT)
    expect(page.locator("#wif-roll-cell")).to_have_text("1/1")
    expect(message).to_be_hidden()


def test_a_bad_factor_is_named_with_its_value(page: Page, dist_server):
    open_wif(page, dist_server.url)
    page.locator("#wif-attack").fill("lots")
    page.locator("#wif-defense").fill("10")
    expect(page.locator("#wif-message")).to_contain_text('Attack factors: must be a number', timeout=ACTION_TIMEOUT)
    expect(page.locator("#wif-message")).to_contain_text('"lots"')
    expect(page.locator("#wif-attack")).to_have_class(re.compile(r"\binvalid\b"))


def test_table_helper_suggests_blitz_when_the_attacker_has_more_armour(page: Page, dist_server):
    open_wif(page, dist_server.url)
    page.locator("#wif-attack").fill("12")
    page.locator("#wif-defense").fill("4")
    page.locator("#wif-helper > summary").click()
    page.get_by_role("button", name="Attacking ARM: one more", exact=True).click()
    expect(page.locator("#wif-suggestion")).to_contain_text("the attacker chooses", timeout=ACTION_TIMEOUT)
    page.locator("#wif-use-suggestion").click()
    expect(page.locator("#wif-table-blitz")).to_be_checked()
    expected = pycore_handle({"op": "wif", "attack": 12, "defense": 4, "fractional_odds": False, "table": "blitz",
                              "modifiers": [], "table_choice": {"attacker_arm": 1}})["result"]
    expect(page.locator("#wif-distribution .wif-outcome")).to_have_count(len(expected["distribution"]),
                                                                         timeout=ACTION_TIMEOUT)
    expect(page.locator("#wif-summary h3")).to_have_text("Blitz table")
    assert shown_distribution(page) == {cell: pct(p) for cell, p in expected["distribution"].items()}

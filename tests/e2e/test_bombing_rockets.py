"""An AA gun's rocket on the Research screen's bombing form (docs/research.md `bombing` `rockets`, docs/rules.md §5
"Rockets"): entered with one thumb at 360 px, with or without bombers; the dice the app rolls or the players'
own rocket die, asked for by pycore; the rocket's damage said in words, each figure pycore's for the same request
under CPython; the raid's link holds the rocket; axe finds nothing in either state."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, pycore_handle
from test_research import ResearchScreen, tap_dice
from test_turn_panel import decoded


def bombing_form(page: Page, url: str, system: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    screen = ResearchScreen(page).open(url)
    screen.add_nation("USA")
    page.locator("#research-view-bombing").check()
    page.locator("#bomb-system").select_option(system)


def one_rocket_no_bomber(page: Page, value: int) -> None:
    """A rocket (+), then the bombers down to none (− allowed only with a rocket), and the territory's value."""
    minus = page.get_by_role("button", name="Bombers: one less")
    expect(minus).to_be_disabled()  # a raid without a rocket needs a bomber
    page.get_by_role("button", name="Rockets: one more").click()
    expect(page.locator("#bomb-rockets")).to_have_value("1")
    minus.click()
    expect(page.locator("#bomb-bombers")).to_have_value("0")
    page.locator("#bomb-value").fill(str(value))
    for button in page.locator("#bomb-rockets-field .step").all():  # one thumb: 44 px targets at least
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box


def test_a_rocket_without_bombers_rolled_by_the_app_matches_pycore_and_its_link(page: Page, dist_server):
    bombing_form(page, dist_server.url, "chess")
    expect(page.locator("#bomb-rockets-hint")).to_contain_text("3 damage each")
    more = page.get_by_role("button", name="Rockets: one more")
    for _ in range(3):
        more.click()
    expect(page.locator("#bomb-rockets")).to_have_value("3")  # A&A Chess: up to 20 on a factory
    page.locator("#bomb-system").select_option("dice")
    # Dice: one rocket a factory (seed 002): the 3 become 1, and + goes no further.
    expect(page.locator("#bomb-rockets")).to_have_value("1")
    more.click()
    expect(page.locator("#bomb-rockets")).to_have_value("1")
    page.get_by_role("button", name="Rockets: one less").click()
    one_rocket_no_bomber(page, 3)
    page.locator("#bomb-ruleset").select_option("revised")
    page.locator("#bomb-raid").click()
    expect(page.locator("#bomb-result")).to_be_visible(timeout=ACTION_TIMEOUT)
    page.locator("#bomb-raid-share").click()
    asked = decoded(page.locator("#bomb-raid-link").input_value().split("#", 1)[1])
    assert (asked["rockets"], asked["bombers"], asked["territory_value"]) == (1, 0, 3), asked
    want = pycore_handle(asked)["result"]
    die = want["rocket"]["rolls"][0]
    assert want["rocket"]["damage"] == min(die, 3) == want["damage"]["total"]  # seed 002: one d6, at most the value
    expect(page.locator("#bomb-damage")).to_have_text(f"Damage {want['damage']['total']}")
    expect(page.locator("#bomb-rocket")).to_have_text(
        f"Rocket: {min(die, 3)} damage (rolled {die}, at most the territory's value 3).")
    assert page.locator("#bomb-rocket-dice .rd-die").evaluate_all("ds => ds.map(d => Number(d.dataset.value))") == [die]
    expect(page.locator("#bomb-result")).not_to_contain_text("shot down")  # no bomber flew
    expect(page.locator("#bomb-log li").first).to_contain_text("0 bombers, 1 rocket")
    assert_no_axe_violations(page, "research: a rocket's raid rolled by the app, at 360 px")


def test_the_players_own_rocket_die_under_low_luck(page: Page, dist_server):
    """docs/rules.md §5 "Rockets", Low Luck at a territory worth 3: 2 sure, and a d6 at or below 3 adds 1, so
    a rolled 2 does 3 damage (by hand from the rule)."""
    bombing_form(page, dist_server.url, "lowluck")
    one_rocket_no_bomber(page, 3)
    page.locator("#bomb-dice-own").check()
    pad = page.locator("#bomb-own-rockets")
    expect(pad).to_be_visible(timeout=ACTION_TIMEOUT)
    expect(page.locator("#bomb-own-rockets-count")).to_have_text("0 of 1")
    expect(page.locator("#bomb-own-rockets .rd-key")).to_have_count(6)
    assert_no_axe_violations(page, "research: a rocket's own die asked for, at 360 px")
    tap_dice(page, "bomb-own-rockets", [2])
    expect(page.locator("#bomb-own-status")).to_contain_text("All 1 die entered")
    page.locator("#bomb-raid").click()
    want = pycore_handle({"op": "bombing", "system": "lowluck", "rule": "standard", "bombers": 0, "aa": True,
                          "heavy_bombers": False, "rockets": 1, "territory_value": 3,
                          "rolls": {"rockets": [2]}})["result"]
    assert want["damage"]["total"] == want["rocket"]["damage"] == 3
    expect(page.locator("#bomb-damage")).to_have_text("Damage 3", timeout=ACTION_TIMEOUT)
    expect(page.locator("#bomb-rocket")).to_have_text(
        "Rocket: 3 damage (2 sure, plus 1 on a die of 3 or less: rolled 2, at most the territory's value 3).")
    expect(page.locator("#bomb-rolled-by")).to_have_text("Your own dice.")

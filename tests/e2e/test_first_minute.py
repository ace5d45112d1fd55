"""The first minute (#29 item 5): one line says what Luckdial does; the first side's first "+" is above
the action bar on a small phone; loading is said in the player's words, never "Python"; a new player
starts on the game he most likely has, then on his last choice; every message names its field in
words, never by its path in the request. 390x844 unless said, touch (tests/conftest.py)."""

from __future__ import annotations

import os
import pathlib

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, BattleScreen, pycore_handle, words_of
from test_research import ResearchScreen

SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))

# Every text the page shows while it loads, and every label a screen reader reads: kept when it says "Python".
WATCH_WORDS = """(() => {
  window.__python = [];
  window.__loading = [];
  const look = () => {
    const text = document.body ? document.body.innerText : "";
    const labels = [...document.querySelectorAll("[aria-label], [title]")]
      .map((node) => `${node.getAttribute("aria-label") || ""} ${node.getAttribute("title") || ""}`).join(" ");
    if (/Python/.test(text + labels)) window.__python.push((text + labels).match(/.{0,30}Python.{0,30}/)[0]);
    const roll = document.getElementById("roll");
    if (roll && roll.textContent !== (window.__loading.at(-1) || "")) window.__loading.push(roll.textContent);
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
})();"""


def test_the_first_screen_says_in_one_line_what_luckdial_does(page: Page, dist_server):
    BattleScreen(page).open(dist_server.url)
    intro = page.locator("#intro")
    expect(intro).to_be_in_viewport()
    expect(intro).to_contain_text("Axis & Allies battles")
    expect(intro).to_contain_text("odds")
    assert intro.evaluate("p => p.getClientRects().length") == 1 and intro.bounding_box()["height"] < 60  # a line or two


def first_plus_and_bar(page: Page) -> dict:
    return page.evaluate("""() => {
      const plus = document.querySelector('#attacker-forces .unit-row .step.plus').getBoundingClientRect();
      const bar = document.querySelector('#screen-battle .actions').getBoundingClientRect();
      return {plus: plus.bottom, bar: bar.top, height: innerHeight};
    }""")


def test_at_360x740_the_first_plus_is_above_the_action_bar_while_loading_and_after(watched_context, dist_server):
    context = watched_context(viewport={"width": 360, "height": 740})  # a first visit on a small phone
    page = context.new_page()
    held = []
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(dist_server.url)
    expect(page.locator("#roll")).to_contain_text("Loading the rules", timeout=ACTION_TIMEOUT)
    loading = first_plus_and_bar(page)
    assert loading["plus"] <= loading["bar"], loading
    for _ in range(READY_TIMEOUT // 100):
        if held:
            break
        page.wait_for_timeout(100)
    held[0].continue_()
    page.unroute("**/pyodide/pyodide.asm.wasm")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
    ready = first_plus_and_bar(page)
    assert ready["plus"] <= ready["bar"], ready
    # And one tap on it is a unit: the thumb needs no scroll first.
    page.locator("#attacker-forces .unit-row .step.plus").first.tap()
    expect(page.locator("#attacker-forces .unit-row input").first).to_have_value("1")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "first-minute-360.png"))


def test_loading_is_said_in_the_players_words_never_python(page: Page, dist_server):
    page.add_init_script(WATCH_WORDS)
    screen = BattleScreen(page).open(dist_server.url)
    screen.add("attacker", "infantry")
    for tab in ("Odds", "WiF 67", "Research", "Battle"):
        page.get_by_role("tab", name=tab).click()
    assert page.evaluate("window.__python") == []
    shown = page.evaluate("window.__loading")
    assert any(text.startswith("Loading the rules… ") for text in shown), shown
    assert screen.roll_button.inner_text() == "Roll round 1"


def test_a_new_player_starts_on_1942_second_edition_with_dice_then_on_the_last_choice(page: Page, dist_server):
    """1942 Second Edition is the edition in print and the series' starter game; its rule book rolls dice.
    Both screens start there; a choice made is where the next visit starts (kit/prefs.js)."""
    screen = BattleScreen(page).open(dist_server.url)
    expect(page.locator("#ruleset")).to_have_value("1942-2e")
    expect(page.locator("#system-dice")).to_be_checked()
    expect(page.locator("#kind-land")).to_be_checked()
    page.get_by_role("tab", name="Odds").click()
    expect(page.locator("#calc-ruleset")).to_have_value("1942-2e")
    expect(page.locator("#calc-system-dice")).to_be_checked()
    page.get_by_role("tab", name="Battle").click()
    screen.choose(ruleset="anniversary", system="lowluck")
    page.goto(dist_server.url + "#battle")  # a new visit in the same browser
    screen.wait_ready()
    expect(page.locator("#ruleset")).to_have_value("anniversary")
    expect(page.locator("#system-lowluck")).to_be_checked()


def test_every_message_names_its_field_in_words_never_by_its_path(page: Page, dist_server):
    base = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "seed": "s", "rounds": 1}
    screen = BattleScreen(page).open(dist_server.url)
    # Battle: Roll with no units.
    screen.roll_button.click()
    empty = pycore_handle({**base, "attacker": {"units": {}}, "defender": {"units": {}}})["error"]
    assert empty["message"] == "attacker.units: the attacker needs at least one unit"  # pycore's words (docs/api.md)
    expect(screen.message).to_have_text("The attacker needs at least one unit")
    expect(page.locator("#attacker-forces")).to_have_class("forces attacker invalid")
    page.screenshot(path=str(SHOTS / "first-minute-empty-roll.png"))
    # Odds: a retreat rule out of range.
    page.get_by_role("tab", name="Odds").click()
    page.locator("#calc-attacker-forces .unit-row[data-unit=infantry] .step.plus").click()
    page.locator("#calc-defender-forces .unit-row[data-unit=infantry] .step.plus").click()
    page.locator("#calc-more summary").click()
    page.locator("#calc-retreat-below").fill("150")
    page.locator("#calc-go").click()
    retreat = pycore_handle({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "retreat_below": 1.5,
                             "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}})["error"]
    expect(page.locator("#calc-field-error")).to_have_text(words_of(retreat, "Retreat below"), timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-retreat-below")).to_have_attribute("aria-invalid", "true")
    # Research: a tech-dice turn without a technology.
    page.get_by_role("tab", name="Research").click()
    ResearchScreen(page).add_nation("Japan", "dice")
    page.locator("#record").click()
    turn = pycore_handle({"op": "research", "system": "dice", "steps": [{"dice": 1}], "seed": "app dice"})["error"]
    assert turn["message"].startswith("steps[0].tech: turn 1: is required"), turn  # pycore's words (issue #29 item 5)
    rest = turn["message"].removeprefix("steps[0].tech: turn 1: ")
    expect(page.locator("#entry-error")).to_have_text(f"Not recorded — Turn 1, technology: {rest}", timeout=ACTION_TIMEOUT)
    # WiF: a factor that is no number.
    page.get_by_role("tab", name="WiF 67").click()
    page.locator("#wif-attack").fill("lots")
    page.locator("#wif-defense").fill("10")
    expect(page.locator("#wif-message")).to_contain_text("Attack factors: must be a number", timeout=ACTION_TIMEOUT)
    expect(page.locator("#wif-message")).not_to_contain_text("attack:")

"""One battle form (#32 item 1): Battle and Odds enter a battle with the same form (web/kit/battle-form.js)
— the same controls in the same order, the Odds ids prefixed "calc-" — and screens show each other
through kit/screens.js, never by clicking app.js's tabs."""

from __future__ import annotations

import itertools

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, BattleScreen

# The form's controls, in order: [id without the screen's prefix ("calc-", and "battle-" of Swap, Clear and the
# armies), tag, type], for the shared part of each form: the game, both sides, Swap and Clear, the saved armies.
SHAPE = """([form, prefix]) => [...document.querySelectorAll(
    `${form} > :is(#${prefix}settings, .forces, .force-tools, .armies-fieldset) :is(input, select, button, summary)`)]
  .map((node) => [(node.id || node.getAttribute('aria-label') || node.textContent).replace(/^(calc-|battle-)/, ''),
                  node.tagName, node.type || ''])"""


def test_battle_and_odds_enter_a_battle_with_one_form(page: Page, dist_server):
    BattleScreen(page).open(dist_server.url)
    battle = page.evaluate(SHAPE, ["#battle-form", ""])
    odds = page.evaluate(SHAPE, ["#calc-form", "calc-"])
    assert len(battle) > 40, battle
    # The game's settings first, the same on both: the ruleset, each luck system, each A&A Chess variant, each kind.
    settings = [name for name, _, _ in itertools.takewhile(lambda c: "attacker" not in c[0], battle)]
    assert settings[:1] == ["ruleset"] and {"system-dice", "chess-variant-cof", "kind-sea", "lhtr", "printed-subs"} <= set(settings), settings
    # Cargo is the Battle screen's alone (the calculator does not carry it yet): drawn for a sea battle only.
    assert [c for c in battle if "cargo" not in c[0]] == [c for c in odds if "cargo" not in c[0]]


def test_odds_from_here_shows_the_odds_screen_without_clicking_its_tab(page: Page, dist_server):
    page.add_init_script("""document.addEventListener('click', (event) => {
      if (!event.isTrusted && event.target.closest && event.target.closest('[role=tab]')) window.__tabClicked = true;
    }, true);""")
    screen = BattleScreen(page).open(dist_server.url)
    screen.add("attacker", "infantry", 8)
    screen.add("defender", "infantry", 8)  # seed "no clicks": the battle goes on after round 1
    screen.seed.fill("no clicks")
    screen.roll()
    expect(page.locator("#odds-here")).to_be_visible()
    page.locator("#odds-here").click()
    expect(page.locator("#screen-calc")).to_be_visible()
    expect(page.locator("#calc-from")).to_contain_text("round 2", timeout=ACTION_TIMEOUT)
    assert page.evaluate("window.__tabClicked || false") is False

"""The small things a new player trips on (issue 10's list), each on the page at 390x844 (360x740 where it is
about fit, 1280x800 for the wide layout): the top bar's progress whole, a long battle's journal label that
keeps who won, faces read back in the order entered, "0 of 11 dice" not green, one order of the forum copy
buttons, A&A Chess's first button not promising a roll, the coloured dice chart named in plain words, and the
right half of a wide screen saying what will fill it before the first answer."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, BattleScreen, pycore_handle
from test_calc_page import CalcScreen
from test_table_dice import pads_ready, set_up

PHONES = [(360, 740), (390, 844)]
PHONE_IDS = ["360x740", "390x844"]


@pytest.mark.parametrize("size", PHONES, ids=PHONE_IDS)
def test_the_top_bar_shows_the_longest_progress_words_whole(page: Page, dist_server, size):
    """The words app.js writes beside the name while the engine loads (the figure, then the step of
    web/kit/worker.js's FULL_STEPS), the longest ones, set on the line as the page sets them. Cut to one
    line with an ellipsis, "12% · Downloading the battle engine…" read "12% · Downloading the ba…"."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    BattleScreen(page).open(dist_server.url)
    for words in ("12% · Downloading the battle engine…", "99% · Reopening the battle engine…",
                  "The battle engine stopped (out of memory); restarting…"):
        fit = page.evaluate("""words => {
            const line = document.getElementById("engine-status");
            line.textContent = words;
            const box = line.getBoundingClientRect();
            return {clipped: line.scrollWidth > line.clientWidth || line.scrollHeight > line.clientHeight,
                    right: box.right, bar: document.querySelector(".topbar").getBoundingClientRect().height};
        }""", words)
        assert not fit["clipped"] and fit["right"] <= size[0], (words, fit)
        assert fit["bar"] <= 130, (words, fit)  # two lines at most: the tabs stay where the thumb is


def test_a_long_battles_journal_label_keeps_who_won(page: Page, dist_server):
    """A battle whose forces fill the label's 80 characters: the forces give way, cut after a whole unit;
    the end (who won) stays. It was cut at 80 characters, end and all ("…1 fighter — attacker…")."""
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"}, "seed": "label",
               "attacker": {"units": {"infantry": 6, "tank": 4, "fighter": 2, "bomber": 1}},
               "defender": {"units": {"infantry": 3, "tank": 1, "fighter": 1, "bomber": 1}}}
    result = pycore_handle(request)["result"]
    end = {"attacker_wins": "attacker won", "defender_wins": "defender held", "draw": "both wiped out"}[result["outcome"]]
    page.goto(f"{dist_server.url}#{result['link']}")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
    expect(page.locator("#luck-line")).to_be_visible(timeout=ACTION_TIMEOUT)
    page.locator("#journal-add").click()
    page.locator("#journal-attacker").fill("Germany")
    page.locator("#journal-defender").fill("Russia")
    page.locator("#journal-add-confirm").click()
    page.get_by_role("tab", name="Luck").click()
    battle = page.locator(".journal-battle").first
    battle.locator("summary").click()
    label = battle.locator("p.hint")
    expect(label).to_have_text(re.compile(rf"^6 infantry, 4 tanks, 2 fighters, 1 bomber v .*… — {end}$"))
    assert len(label.inner_text()) <= 80
    assert_no_axe_violations(page, "journal: a battle open, its long label")


def test_faces_read_back_in_the_order_entered_and_an_empty_count_is_not_green(page: Page, dist_server):
    """Table dice, faces: the attacker's pad asks "3 hitting on 3 or less, then 3 hitting on a 1"; the log
    listed them the other way round (≤ 1 first). "0 of 5 dice", nothing entered, was the hits' green."""
    screen = set_up(page, dist_server.url)
    screen.roll_button.click()
    pads_ready(page, 1, "AA fire")
    page.locator("#td-mode-faces").check()
    page.locator("#pad-defender-aa-key-6").click()
    pads_ready(page, 1, "Main fire")
    expect(page.locator("#td-attacker-main .td-order")).to_have_text("In order: 3 hitting on 3 or less, then 3 hitting on a 1.")
    total = page.locator("#td-defender-main-total")
    expect(total).to_have_text("0 of 5 dice")
    green = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--hit').trim()")
    colour = total.evaluate("n => getComputedStyle(n).color")
    probe = page.evaluate("c => { const d = document.createElement('i'); d.style.color = c; document.body.append(d);"
                          " const got = getComputedStyle(d).color; d.remove(); return got; }", green)
    assert colour != probe, f"an empty count is drawn in the hits' green ({colour})"
    assert_no_axe_violations(page, "table dice: faces, none entered yet")
    page.locator("#pad-attacker-main-typed").fill("1 2 3 1 6 6")
    page.locator("#pad-defender-main-typed").fill("1 1 2 6 6")
    expect(page.locator("#td-defender-main-total")).to_have_css("color", probe)  # complete: green
    page.locator("#use-dice").click()
    expect(screen.rounds.first).to_contain_text("Defender loses", timeout=ACTION_TIMEOUT)
    attacker = screen.rounds.first.locator('.fire[data-side="attacker"][data-group="main"]')
    expect(attacker.locator(".needed")).to_have_text(["≤ 3", "≤ 1"])  # as the pad asked for them


def test_the_forum_copy_buttons_come_in_one_order_on_battle_and_luck(page: Page, dist_server):
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"}, "seed": "copy",
               "attacker": {"units": {"infantry": 3, "tank": 1}}, "defender": {"units": {"infantry": 3}}}
    result = pycore_handle(request)["result"]
    page.goto(f"{dist_server.url}#{result['link']}")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
    expect(page.locator("#report-panel")).to_be_visible(timeout=ACTION_TIMEOUT)
    battle = page.locator("#report-panel .copy-row button").all_inner_texts()
    page.locator("#journal-add").click()
    page.locator("#journal-attacker").fill("Germany")
    page.locator("#journal-defender").fill("Russia")
    page.locator("#journal-add-confirm").click()
    page.get_by_role("tab", name="Luck").click()
    journal = page.locator("#journal-exports .report-panel .copy-row button")
    expect(journal).to_have_count(3)
    assert battle == journal.all_inner_texts() == ["Copy BBCode", "Copy Markdown", "Copy text"]


def test_a_chess_battle_is_fought_not_rolled_and_the_chart_is_named_in_plain_words(page: Page, dist_server):
    """A&A Chess orthodox and COF roll no die (their `deterministic` capability, from the rulesets op): the first
    button said "Roll round 1". It says "Fight round 1" for them, "Roll round 1" for a variant that rolls its
    remainder, for dice, and at the table."""
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="1942-2e", system="dice")
    expect(screen.roll_button).to_have_text("Roll round 1")
    screen.choose(system="chess")
    expect(screen.roll_button).to_have_text("Fight round 1")
    page.locator("label[for='chess-variant-ryof']").click()
    expect(screen.roll_button).to_have_text("Roll round 1")
    page.locator("label[for='chess-variant-cof']").click()
    expect(screen.roll_button).to_have_text("Fight round 1")
    screen.choose(system="colored")
    summary = page.locator("#cd-chart summary")
    expect(summary).to_have_text("Colour chart: Luckdial's default")
    summary.click()
    expect(page.locator("#cd-chart")).to_contain_text("Luckdial's reconstruction")
    assert_no_axe_violations(page, "battle: coloured dice, the chart open")


@pytest.mark.parametrize("screen_name, empty", [("Battle", "#battle-log-empty"), ("Odds", "#calc-answers-empty")])
def test_at_1280_the_right_half_says_what_will_fill_it_until_the_first_answer(page: Page, dist_server, screen_name, empty):
    page.set_viewport_size({"width": 1280, "height": 800})
    screen = BattleScreen(page).open(dist_server.url)
    page.get_by_role("tab", name=screen_name).click()
    note = page.locator(empty)
    expect(note).to_be_visible()
    box = note.bounding_box()
    assert box["x"] >= 640 and box["y"] < 200, box  # the right column, at its top
    assert_no_axe_violations(page, f"{screen_name} at 1280: before the first answer")
    # Not on a phone, where the answers come below the form.
    page.set_viewport_size({"width": 390, "height": 844})
    expect(note).to_be_hidden()
    page.set_viewport_size({"width": 1280, "height": 800})
    if screen_name == "Battle":
        screen.add("attacker", "infantry", 2)
        screen.add("defender", "infantry", 1)
        screen.roll()
        expect(page.locator("#battle-log")).to_be_visible()
    else:
        odds = CalcScreen(page)
        odds.add("attacker", "infantry", 2)
        odds.add("defender", "infantry", 1)
        odds.calculate()
    expect(note).to_be_hidden()


KEYS_BEFORE = 26
"""Tab presses from the Odds screen's first count to Calculate before the skip (main at 403c22c, measured with
this test's walk at 390x844, 1942 Second Edition's units): 4 attacker counts, 2 folds, 6 defender counts, 2 folds,
then 12 options (Swap, Clear, saved armies, More, the plan's 5, the advisor, recent calculations) and Calculate."""


def test_odds_by_keyboard_from_the_first_count_to_calculate_skips_the_options(page: Page, dist_server):
    """Issue 9: a keyboard player who entered both sides' counts Tabbed 26 times to Calculate. A skip button
    after the defender's forces (seen only when focused) takes them there; the options keep their place
    after it, so a screen reader reads the form in the same order."""
    BattleScreen(page).open(dist_server.url)
    page.get_by_role("tab", name="Odds").click()
    page.locator("#calc-attacker-forces .unit-row input").first.focus()
    keys = 0
    while keys < 60:
        page.keyboard.press("Tab")
        keys += 1
        focused = page.evaluate("document.activeElement.id")
        if focused in ("calc-skip", "calc-go"):
            break
    assert focused == "calc-skip", f"Tabbed {keys} times to {focused!r}, no skip on the way"
    expect(page.locator("#calc-skip")).to_be_visible()
    assert_no_axe_violations(page, "odds: the skip to Calculate focused")
    page.keyboard.press("Enter")
    expect(page.locator("#calc-go")).to_be_focused()
    keys += 1
    assert keys <= KEYS_BEFORE - 10, f"{keys} keys from the first count to Calculate"
    # In reading order it stands between the defender's forces and the options it skips.
    order = page.evaluate("""() => ['#calc-defender-forces', '#calc-skip', '#calc-swap', '#calc-go']
        .map((s) => document.querySelector(s)).every((n, i, all) => !i ||
            (all[i - 1].compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING))""")
    assert order
    page.locator("#calc-swap").focus()
    expect(page.locator("#calc-skip")).to_have_css("width", "1px")  # out of sight once left

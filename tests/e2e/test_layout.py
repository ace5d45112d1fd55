"""Issue #19: at 360 px nothing wraps or runs together; from 900 px the form and its answers
are side by side (at 1280×800 both on screen at once)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, BattleScreen
from test_calc_page import CalcScreen

OVERLAPS = """nodes => {
    const boxes = nodes.map(n => n.getBoundingClientRect());
    const hits = [];
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
            hits.push([nodes[i].textContent, nodes[i + 1 + j].textContent]);
    }));
    return hits;
}"""


def one_line(page: Page, selector: str) -> list[str]:
    """The texts of the elements that wrap onto a second line."""
    return page.locator(selector).evaluate_all("""nodes => nodes.filter(n => {
        const r = document.createRange(); r.selectNodeContents(n);
        const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
        return lines.size > 1;
    }).map(n => n.textContent)""")


@pytest.fixture
def narrow(page: Page):
    page.set_viewport_size({"width": 360, "height": 740})
    return page


def test_at_360_tabs_fit_segments_keep_their_text_and_the_bar_is_short(narrow: Page, dist_server):
    page = narrow
    screen = BattleScreen(page).open(dist_server.url)
    assert one_line(page, "#tabs [role=tab]") == []
    # Each segment's text stays inside its own segment (no running into the divider).
    spill = page.locator("#system .segment span, #kind .segment span").evaluate_all(
        "spans => spans.filter(s => s.scrollWidth > s.clientWidth + 1).map(s => s.textContent)")
    assert spill == []
    page.locator("#tab-screen-calc").click()
    bar = page.locator("#screen-calc .actions").bounding_box()
    assert bar["height"] <= 100, bar  # one row of buttons: two lines of text at most
    # A pause (the players' dice) hides the buttons but Undo (issue #29): one row, no empty strip.
    page.locator("#tab-screen-battle").click()
    screen.add("attacker", "infantry")
    screen.add("defender", "infantry")
    page.locator("label[for='referee']").click()
    screen.roll_button.click()
    expect(page.locator("#dice-panel")).to_be_visible(timeout=ACTION_TIMEOUT)
    shown = page.locator("#screen-battle .actions button:visible")
    expect(shown).to_have_count(1)
    expect(shown).to_have_attribute("id", "battle-undo")
    assert page.locator("#screen-battle .actions").bounding_box()["height"] <= 100


def test_at_360_the_dial_count_labels_do_not_overlap(narrow: Page, dist_server):
    page = narrow
    calc = CalcScreen(page).open(dist_server.url)
    calc.choose(ruleset="revised", system="lowluck")
    calc.add("attacker", "infantry", 13)
    calc.add("defender", "infantry", 13)
    calc.dial_go.click()
    expect(calc.cancel).to_be_hidden(timeout=ACTION_TIMEOUT * 4)
    labels = page.locator("#calc-dial-list .dial-row").first.locator("svg.hist.attacker text.count")
    assert labels.count() >= 4
    assert labels.evaluate_all(OVERLAPS) == []
    assert labels.last.text_content() == "13"


def test_at_1280_the_form_and_its_answers_are_side_by_side(page: Page, dist_server):
    page.set_viewport_size({"width": 1280, "height": 800})
    calc = CalcScreen(page).open(dist_server.url)
    calc.three_and_two_against_three("lowluck")
    calc.calculate()
    form = page.locator("#calc-form").bounding_box()
    answers = page.locator("#calc-answers").bounding_box()
    assert form["x"] + form["width"] <= answers["x"], (form, answers)
    # Both in view at once: the top of the result and a unit row of the form.
    expect(page.locator("#calc-card")).to_be_in_viewport()
    expect(page.locator("#calc-defender-infantry")).to_be_in_viewport()
    # The battle's log stays beside the (locked) form during a battle.
    page.locator("#tab-screen-battle").click()
    screen = BattleScreen(page)
    screen.add("attacker", "tank")
    screen.add("defender", "infantry")
    screen.roll()
    expect(screen.form).to_be_visible()
    log = page.locator("#battle-log").bounding_box()
    assert page.locator("#battle-form").bounding_box()["x"] + 100 < log["x"]


def test_at_390_a_research_nation_chip_is_never_cut(page: Page, dist_server):
    page.set_viewport_size({"width": 390, "height": 844})
    BattleScreen(page).open(dist_server.url)
    page.locator("#tab-screen-research").click()
    for name in ("USA", "Germany", "Germany (2)"):
        page.locator("#add-nation-open").click()
        page.locator("#nation-name").fill(name)
        page.locator("#add-nation").click()
    chip = page.locator(".rd-chip", has_text="Germany (2)")
    expect(chip).to_have_attribute("aria-selected", "true")
    box, add = chip.bounding_box(), page.locator("#add-nation-open").bounding_box()
    row = page.locator("#nation-list").bounding_box()
    # Whole, inside its row, and not under the "+ Nation" button (it was scrolled half out of view).
    assert row["x"] <= box["x"] and box["x"] + box["width"] <= row["x"] + row["width"] + 0.5, (box, row)
    assert box["x"] + box["width"] <= add["x"] or box["y"] >= add["y"] + add["height"], (box, add)
    assert chip.evaluate("c => c.scrollWidth <= c.clientWidth")


LABELS = """svgs => svgs.flatMap(svg => {
    const frame = svg.getBoundingClientRect();
    return [...svg.querySelectorAll('text')].map(t => {
        const r = t.getBoundingClientRect();
        return {text: t.textContent, stretch: r.width / t.getBBox().width,
                inside: r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5};
    });
})"""


@pytest.mark.parametrize("width,height", [(1280, 800), (360, 740)])
def test_histogram_labels_keep_their_shape_and_stay_inside(page: Page, dist_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    calc = CalcScreen(page).open(dist_server.url)
    calc.choose(ruleset="revised", system="lowluck")
    calc.add("attacker", "tank", 1)
    calc.add("defender", "infantry", 1)
    page.locator("#calc-defender-aa_gun").fill("1")
    calc.calculate()
    page.wait_for_timeout(200)  # a ResizeObserver draws at the shown width after layout
    labels = page.locator("#calc-card svg.hist").evaluate_all(LABELS)
    assert len(labels) >= 8
    stretched = [l for l in labels if abs(l["stretch"] - 1) > 0.05]
    assert stretched == [], stretched  # 1.8× wide at 1280 px before
    assert [l for l in labels if not l["inside"]] == []  # bar 0's "100%" ran off the left edge

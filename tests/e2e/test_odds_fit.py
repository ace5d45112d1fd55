"""Issue #42 items 2 and 3: the Odds screen fits a phone, and the counter-attack says who is who.

At 360×740 and 390×844, with the plan of attack entered by taps and every panel open (More options, a later
wave with its units and retreat rules, the counter-attack, the cheapest army), nothing runs off the screen
(the page does not pan sideways: it was 368 px wide at 360, "+ Counter-attac…" past the edge), no label
spills out of its button (at 390 it did), and every button is at least 44 px tall. After the calculation
the counter-attack's row names its sides: it read "Att. 4.0% · Draw 0.8% · Def. 83.5%", where "Att." was the
plan's attacker, there the holder, and "Def." the counter-attacker; a reader took "Att." for the
counter-attacker's chance. Its numbers are pycore's answer to the same request (docs/api.md, calc "Plan of
attack": `counter.outcome` is the counter-attack battle's, its attacker the counter-attacker)."""

from __future__ import annotations

from axe_check import assert_no_axe_violations
import pytest
from playwright.sync_api import Page, expect

from test_calc_page import expected_calc
from test_calc_plan import PLAN, PlanScreen

SHOTS = "/tmp"

# What does not fit, read in the page: the document wider than the window; buttons (and summaries, the
# folds' buttons) whose text is wider than their box or shorter than a thumb; text wider than its own box (a
# tile's number, a card's title); any element shown on the Odds screen whose box runs past either edge of the window.
MISFITS = """() => {
    const shown = (n) => n.getClientRects().length > 0 && getComputedStyle(n).visibility !== 'hidden';
    const name = (n) => `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''} "${(n.textContent || '').trim().slice(0, 40)}"`;
    const screen = document.querySelector('#screen-calc');
    // A skip button out of sight until focused (web/odds/calc.js) is no misfit: focused, it is a whole button.
    const controls = [...screen.querySelectorAll('button, summary')].filter(shown).filter(n => !n.matches('.skip-link:not(:focus)'));
    const clipped = (n) => { // inside a box that clips it on purpose (a visually hidden label, a win bar's segment)
        for (let p = n.parentElement; p && p !== screen; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (s.overflowX !== 'visible' || s.clip !== 'auto') return true;
        }
        return false;
    };
    return {
        width: document.documentElement.scrollWidth, client: document.documentElement.clientWidth, window: innerWidth,
        spilled: controls.filter(b => b.scrollWidth > b.clientWidth).map(b => `${name(b)}: ${b.scrollWidth} > ${b.clientWidth}`),
        short: controls.filter(b => b.tagName === 'BUTTON' && b.getBoundingClientRect().height < 44)
            .map(b => `${name(b)}: ${b.getBoundingClientRect().height} px tall`),
        // Text wider than its own box (a number run past its tile, a title past its card's head): seen, not clipped.
        overrun: [...screen.querySelectorAll('dd, dt, p, h2, h3, h4, li, label, .plan-card-head')]
            .filter(n => shown(n) && !clipped(n) && n.clientWidth > 0 && n.scrollWidth > n.clientWidth + 1)
            .map(n => `${name(n)}: ${n.scrollWidth} > ${n.clientWidth}`),
        beyond: [...screen.querySelectorAll('*')].filter(n => shown(n) && !clipped(n)).filter(n => {
            const r = n.getBoundingClientRect();
            return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5);
        }).map(n => `${name(n)}: ${Math.round(n.getBoundingClientRect().left)}–${Math.round(n.getBoundingClientRect().right)}`),
    };
}"""


def assert_fits(page: Page, width: int, where: str) -> None:
    fit = page.evaluate(MISFITS)
    assert fit["width"] <= min(width, fit["window"], fit["client"]), (where, fit)
    assert fit["spilled"] == [], (where, fit["spilled"])
    assert fit["short"] == [], (where, fit["short"])
    assert fit["beyond"] == [], (where, fit["beyond"])
    assert fit["overrun"] == [], (where, fit["overrun"])


def pct(p: float) -> str:
    """As the page says a chance (web/odds/calc-view.js percent)."""
    return "0%" if p <= 0 else "100%" if p >= 1 else "<0.1%" if p < 0.001 else ">99.9%" if p > 0.999 else f"{100 * p:.1f}%"


@pytest.mark.parametrize("width,height", [(360, 740), (390, 844)])
def test_the_odds_screen_fits_a_phone_and_the_counter_attack_says_who_wins(page: Page, dist_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    calc = PlanScreen(page).open(dist_server.url)
    expect(page.locator("#calc-add-counter")).to_be_visible()
    page.locator("#calc-plan").screenshot(path=f"{SHOTS}/odds-fit-{width}-plan.png")
    assert_fits(page, width, "the Odds screen as it opens, both buttons of the plan shown")
    calc.enter_plan()  # More options, wave 2 with its units and retreat rules, the counter-attack, by taps
    for fold in ("#calc-more", "#calc-wave-2-units", "#calc-wave-2-rules", "#calc-counter-units", "#calc-cheapest"):
        if page.locator(fold).get_attribute("open") is None:  # every panel open, by a tap on its summary
            calc.tap(f"{fold} > summary")
        expect(page.locator(fold)).to_have_attribute("open", "")
    assert_fits(page, width, "the plan entered, every panel open")
    page.locator("#calc-plan").screenshot(path=f"{SHOTS}/odds-fit-{width}-plan-open.png")
    page.locator("#calc-cheapest").screenshot(path=f"{SHOTS}/odds-fit-{width}-cheapest.png")

    calc.calculate()
    want = expected_calc(PLAN)["counter"]
    row = page.locator("#calc-counter-result")
    # The counter-attack battle's own sides (its attacker is the counter-attacker), in the bar's order: the
    # holders in the attacker's colour, then the counter-attacker in the defender's, as the plan's sides.
    keys = row.locator(".win-legend .key").evaluate_all(
        "keys => keys.map(k => [k.dataset.outcome, k.textContent.replace(/\\s+/g, ' ').trim()])")
    assert keys == [
        ["attacker_wins", f"Holders win {pct(want['outcome']['defender_wins'])}"],
        ["draw", f"Draw {pct(want['outcome']['draw'])}"],
        ["defender_wins", f"Counter-attacker wins {pct(want['outcome']['attacker_wins'])}"],
        ["not_fought", f"Not fought {pct(1 - want['fights'])}"],
    ], keys
    expect(row.locator(".win-bar")).to_have_attribute("aria-label", ", ".join(words for _, words in keys))
    held = want["fights"] - want["retakes"]
    expect(row.locator(".plan-after")).to_have_text(
        f"Taken back {pct(want['retakes'])} · held {pct(held)} · IPCs lost on average: "
        f"counter-attacker {want['cost_lost']['attacker']:.1f}, holders {want['cost_lost']['defender']:.1f}")
    expect(page.locator("#calc-holds")).to_have_text(pct(held))  # the tile says the same chance to hold
    # The waves' rows say each side in full too: one way of saying a chance on the whole card.
    expect(page.locator("#calc-wave-result-1 .win-legend")).to_contain_text("Attacker wins")
    expect(page.locator("#calc-wave-result-1 .win-legend")).to_contain_text("Defender wins")
    expect(page.locator("#calc-card")).not_to_contain_text("Att.")
    expect(page.locator("#calc-card")).not_to_contain_text("Def.")
    assert_fits(page, width, "the plan's answer")
    assert_no_axe_violations(page, f"the plan with its counter-attack answered, at {width} px")
    page.locator("#calc-plan-rows").screenshot(path=f"{SHOTS}/odds-fit-{width}-rows.png")
    row.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/odds-fit-{width}-answer.png")

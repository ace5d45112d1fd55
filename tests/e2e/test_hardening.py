"""Issue 34 and issue 29 item 8 on a 390×844 phone: a hostile link, a big calculation, a frame, two tabs.

- The 38-character link (JSON nested 3,000 deep) made Pyodide hit a fatal JavaScript stack overflow
  while quoting the value: the page said "Luckdial failed… please report" and its Python was dead. It is
  now refused in words, the form stays, and the same Python answers the next battle.
- Issue 29's 500-a-side calculation of mixed units ran the exact chain for ~19 s and ended in a memory
  failure: it is now a simulation, said before it starts, answered with its interval; its histograms'
  counts do not run together ("126168210252…").
- Framed by another site, the page refuses to run and says why.
- A ledger round entered in two tabs at the same moment (both tabs read the same copy, both write) lost
  one of the two; both are now kept and the player is asked.
- A link whose seed holds a lone surrogate (half a character) decoded, then made the page say "Luckdial
  failed… please report": it is now refused in words, and the page rolls the next battle.
- A seed typed as BBCode (``[url=https://evil.example]Replay[/url]``) went into the BBCode export as a
  working link to another site: the copied text now holds it as text.
"""

from __future__ import annotations

import json
import os
import pathlib

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, BattleScreen, pycore_handle, unchecked_link, words_of
from test_battle import set_up
from test_research import ResearchScreen

SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))
DEEP_LINK = "v1.7cExDQAAAAKgoM7-NazhASQAAMC7AgAA9wY"
BIG_CALC = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
            "attacker": {"units": {"infantry": 200, "artillery": 100, "tank": 100, "fighter": 50, "bomber": 50}},
            "defender": {"units": {"infantry": 250, "artillery": 100, "tank": 100, "fighter": 49, "aa_gun": 1}}}
SIMULATION_TIMEOUT = 240_000
"""A ceiling for the simulation on a busy 2-core machine (about 5 s of CPython); not a measurement."""


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"hardening-{name}.png"))


def test_the_38_character_link_is_refused_in_words_and_python_answers_the_next_battle(page: Page, dist_server):
    battle = BattleScreen(page).open(dist_server.url + "#" + DEEP_LINK)
    expect(battle.message).to_contain_text("This link is refused", timeout=ACTION_TIMEOUT)
    expect(battle.message).to_contain_text("3000 deep")
    expect(battle.message).not_to_contain_text("report")
    expect(battle.form).to_be_visible()
    shot(page, "deep-link")
    # The same Python still answers: a battle typed in now is rolled.
    battle.add("attacker", "infantry", 2)
    battle.add("defender", "infantry", 1)
    battle.roll()
    expect(battle.rounds.first).to_be_visible()


SURROGATE_BATTLE = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
                    "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}, "seed": "x\udfffy"}


def test_a_link_whose_seed_holds_a_lone_surrogate_is_refused_in_words(page: Page, dist_server):
    link = unchecked_link(SURROGATE_BATTLE)         # JSON text "x\udfffy": what a hand-edited link can carry
    want = pycore_handle({"op": "share", "decode": link})["error"]
    assert want["type"] == "bad_request" and want["field"] == "seed" and "lone surrogate" in want["message"], want
    battle = BattleScreen(page).open(dist_server.url + "#" + link)
    expect(battle.message).to_contain_text("This link is damaged or was edited", timeout=ACTION_TIMEOUT)
    expect(battle.message).to_contain_text(words_of(want)[1:90])     # after "…edited: ", in lower case
    expect(battle.message).not_to_contain_text("report")
    expect(battle.form).to_be_visible()
    shot(page, "surrogate-link")
    battle.add("attacker", "infantry", 2)
    battle.add("defender", "infantry", 1)
    battle.seed.fill("a seed typed again")
    battle.roll()
    expect(battle.rounds.first).to_be_visible(timeout=ACTION_TIMEOUT)


HOSTILE_SEED = "[url=https://evil.example]Replay[/url]"


def test_a_seed_typed_as_bbcode_is_copied_as_text(page: Page, dist_server):
    battle = BattleScreen(page).open(dist_server.url)
    set_up(battle, HOSTILE_SEED, "lowluck")
    battle.roll()
    while battle.press_button.is_visible():
        battle.press_on()
    expect(page.locator("#dice-source")).to_contain_text(f"seed “{HOSTILE_SEED}”")   # shown as typed
    page.locator("#copy-bbcode").click()
    bbcode = page.locator("#report-fallback").input_value()
    assert "[url=https://evil.example]" not in bbcode and "Replay[/url]" not in bbcode, bbcode
    assert "https://evil" not in bbcode, bbcode        # no bare URL a forum would link either (pycore/ops/report.py)
    assert bbcode.count("[url=") == 1 and bbcode.splitlines()[-1].startswith(f"[url={dist_server.url}#v1."), bbcode
    # The seed itself, as typed but for its brackets (quill brackets) and invisible word joiners, for a reader.
    readable = bbcode.replace("\u2045", "[").replace("\u2046", "]").replace("\u2060", "")
    assert readable.count(HOSTILE_SEED) == 1, bbcode
    shot(page, "bbcode-seed")


def count_boxes(page: Page, role: str) -> list[dict]:
    return page.locator(f"#calc-card .hist-box.{role} svg text.count").evaluate_all(
        "ts => ts.map(t => { const b = t.getBBox(); return {x: b.x, w: b.width, text: t.textContent}; })")


def test_a_500_a_side_calculation_is_simulated_with_its_interval_and_its_counts_stay_apart(page: Page, dist_server):
    estimate = pycore_handle({**BIG_CALC, "estimate": True})["result"]["estimate"]
    assert estimate["method"] == "monte_carlo" and estimate["within_budget"], estimate
    link = pycore_handle({"op": "share", "encode": BIG_CALC})["result"]["link"]
    page.goto(dist_server.url + "#" + link)
    message = page.locator("#calc-message")
    expect(page.locator("#screen-calc")).to_have_attribute("data-link-waiting", "true", timeout=READY_TIMEOUT)
    expect(message).to_contain_text("too big to count every outcome, so Calculate simulates at least")
    shot(page, "big-calc-waiting")
    page.locator("#calc-go").click()
    card = page.locator("#calc-card")
    expect(card).to_be_visible(timeout=SIMULATION_TIMEOUT)
    expect(page.locator("#calc-method")).to_contain_text("Simulated (")
    expect(page.locator("#calc-method")).to_contain_text("at 95% confidence")
    expect(message).to_be_hidden()
    for role in ("attacker", "defender"):
        boxes = sorted(count_boxes(page, role), key=lambda b: b["x"])
        assert len(boxes) >= 3, boxes
        assert boxes[-1]["text"] == "500", boxes                  # the side's whole count, at the end
        for left, right in zip(boxes, boxes[1:]):                 # no two counts touch
            assert left["x"] + left["w"] + 4 <= right["x"], (left, right)
        bars = page.locator(f"#calc-card .hist-box.{role} svg rect.bar")
        widths = bars.evaluate_all("rs => rs.map(r => Number(r.getAttribute('width')))")
        assert min(widths) >= 3, widths                            # bars a thumb can see (bins of 10)
    card.locator(".hist-box.attacker").scroll_into_view_if_needed()
    shot(page, "big-calc-answered")


def test_luckdial_refuses_to_run_inside_another_sites_frame(page: Page, dist_server, traffic):
    page.set_content(f'<iframe src="{dist_server.url}" width="380" height="700" title="framed"></iframe>')
    frame = page.frame_locator("iframe")
    expect(frame.locator("#framed")).to_contain_text("does not run inside another site's page", timeout=READY_TIMEOUT)
    expect(frame.locator("#framed")).to_be_visible()
    expect(frame.locator("#framed a")).to_have_attribute("target", "_blank")
    expect(frame.locator("#battle-form")).to_have_count(0)
    page.wait_for_timeout(1000)
    assert not traffic.saw("worker.js") and not traffic.saw("app.js"), traffic.urls   # nothing else of the page ran
    shot(page, "framed")


# A tab whose save races another's: its read before writing returns the copy both tabs started from (as
# when both read within the same millisecond), and the other tab's `storage` event is held back meanwhile.
STALE_READ = """
  window.addEventListener('storage', (event) => { if (window.__stale) event.stopImmediatePropagation(); }, true);
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (key) {
    return window.__stale && key === 'luckdial.research.v1' ? window.__stale : getItem.call(this, key);
  };
"""


def test_a_round_entered_in_two_tabs_at_once_is_kept_twice_and_the_player_asked(context, dist_server):
    one = ResearchScreen(context.new_page()).open(dist_server.url)
    one.add_nation("Germany")
    racer = context.new_page()
    racer.add_init_script(STALE_READ)
    two = ResearchScreen(racer).open(dist_server.url)
    for screen in (one, two):
        screen.page.locator(".rd-chip", has_text="Germany").click()
        screen.category("industrial")
    racer.evaluate("window.__stale = localStorage.getItem('luckdial.research.v1')")  # both read the same copy
    one.record(12)
    two.record(8)                      # its write lands over one's 12, which it never saw
    racer.evaluate("window.__stale = null")
    # One takes the other tab's copy in: its 12 and the other's 8 are both kept, and its player is asked.
    message = one.page.locator("#research-message")
    expect(message).to_contain_text("was changed in this tab and in another one: both are kept",
                                    timeout=ACTION_TIMEOUT)
    expect(message).to_contain_text("Remove the one you do not want")
    game = json.loads(one.page.evaluate("localStorage.getItem('luckdial.research.v1')"))
    kept = sorted(step["invest"] for nation in game["nations"] for step in nation["ledgers"]["industrial"]["steps"])
    assert kept == [8, 12], game
    shot(one.page, "two-tabs")

"""Two open tabs of one browser share the research game and lose nothing (issue #18 item 2,
docs/research.md "Two open tabs"): each takes the other's save in as it happens and says so; a save over
a copy the other tab changed meanwhile is merged; a ledger changed in both keeps both. Two pages of one
browser context are two tabs of one phone (one localStorage)."""

from __future__ import annotations

import json
import os
import pathlib

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT
from test_research import ResearchScreen

SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))
KEY = "luckdial.research.v1"

# A tab that has not heard the other's save yet: the browser delivers the `storage` event a moment after
# the write, so a save can land first. Swallowing the event in this tab makes that moment last.
DEAF = "window.addEventListener('storage', (event) => event.stopImmediatePropagation(), true);"


def chips(page: Page):
    return page.locator("#nation-list .rd-chip")


def stored(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))


def steps(game: dict, name: str, ledger: str = "industrial") -> list[int]:
    nation = next(n for n in game["nations"] if n["name"] == name)
    return [step["invest"] for step in nation["ledgers"][ledger]["steps"]]


def tab(context, url: str, *, deaf: bool = False) -> ResearchScreen:
    page = context.new_page()
    if deaf:
        page.add_init_script(DEAF)
    return ResearchScreen(page).open(url)


def test_a_nation_added_in_one_tab_appears_in_the_other_and_both_keep_both(context, dist_server):
    one = tab(context, dist_server.url)
    two = tab(context, dist_server.url)
    one.add_nation("Germany")
    # The other tab takes it in without a reload, and says where it came from.
    expect(two.page.locator(".rd-chip", has_text="Germany")).to_have_count(1, timeout=ACTION_TIMEOUT)
    expect(two.page.locator("#research-notice")).to_have_text("Another tab added “Germany”.")
    two.add_nation("Italy")  # saved in the other tab: Germany must survive it
    expect(one.page.locator(".rd-chip", has_text="Italy")).to_have_count(1, timeout=ACTION_TIMEOUT)
    expect(one.page.locator("#research-notice")).to_have_text("Another tab added “Italy”.")
    expect(chips(one.page)).to_have_text(["Germany", "Italy"])
    expect(chips(two.page)).to_have_text(["Germany", "Italy"])
    # A round recorded in one tab is replayed in the other.
    one.page.locator(".rd-chip", has_text="Germany").click()
    one.category("industrial")
    one.record(12)
    two.page.locator(".rd-chip", has_text="Germany").click()
    two.category("industrial")
    expect(two.page.locator("#ledger-saved")).to_have_text("12", timeout=ACTION_TIMEOUT)
    expect(two.page.locator("#research-notice")).to_have_text("Another tab changed “Germany”.")
    SHOTS.mkdir(parents=True, exist_ok=True)
    two.page.screenshot(path=str(SHOTS / "tabs-01-taken-in.png"))
    one.page.reload()
    one.ready()
    expect(chips(one.page)).to_have_text(["Germany", "Italy"])
    assert steps(stored(one.page), "Germany") == [12]


def test_a_save_over_a_copy_the_other_tab_changed_merges_it(context, dist_server):
    """The tab saving has not heard of the other tab's nation (its event held back): its save merges."""
    one = tab(context, dist_server.url)
    two = tab(context, dist_server.url, deaf=True)
    one.add_nation("Germany")
    two.add_nation("Italy")  # two's game had no Germany: a plain write would drop it
    assert [n["name"] for n in stored(one.page)["nations"]] == ["Germany", "Italy"]
    expect(two.page.locator("#research-notice")).to_have_text("Another tab added “Germany”.")
    expect(chips(two.page)).to_have_text(["Germany", "Italy"])
    expect(one.page.locator(".rd-chip", has_text="Italy")).to_have_count(1, timeout=ACTION_TIMEOUT)
    expect(chips(one.page)).to_have_text(["Germany", "Italy"])
    expect(two.page.locator("#research-message")).to_be_hidden()  # nothing to choose: no alert


def test_a_ledger_changed_in_both_tabs_keeps_both_and_asks(context, dist_server):
    """Germany, Industrial: 12 recorded in one tab, 8 in the other before either heard of the other. Both
    rounds are kept, in two nations, and the second tab's player is asked to remove one."""
    one = tab(context, dist_server.url, deaf=True)
    one.add_nation("Germany")
    two = tab(context, dist_server.url, deaf=True)  # opens with Germany, no round yet
    for screen in (one, two):  # picking a ledger saves too (and merges): both pick it before any round
        screen.page.locator(".rd-chip", has_text="Germany").click()
        screen.category("industrial")
    one.record(12)
    two.record(8)
    game = stored(two.page)
    assert [n["name"] for n in game["nations"]] == ["Germany", "Germany (2)"]
    assert steps(game, "Germany") == [12] and steps(game, "Germany (2)") == [8]
    message = two.page.locator("#research-message")
    expect(message).to_contain_text("“Germany” was changed in this tab and in another one: both are kept")
    expect(message).to_contain_text("this tab's as “Germany (2)”. Remove the one you do not want.")
    expect(chips(two.page)).to_have_text(["Germany", "Germany (2)"])
    # The tab stays on the ledger its player was working on: its copy, with the 8.
    expect(two.page.locator(".rd-chip", has_text="Germany (2)")).to_have_attribute("aria-selected", "true")
    expect(two.page.locator("#ledger-saved")).to_have_text("8")
    two.page.screenshot(path=str(SHOTS / "tabs-02-both-kept.png"))
    # The first tab's next round goes onto its Germany; the copy made by the other tab stays.
    one.record(12)
    game = stored(one.page)
    assert steps(game, "Germany") == [12, 12] and steps(game, "Germany (2)") == [8]
    expect(chips(one.page)).to_have_text(["Germany", "Germany (2)"])


def test_the_merge_rule_case_by_case(page, dist_server):
    """mergeGames (web/research/research-store.js) on hand-made games, one case per row of the table in
    docs/research.md; `before` is the copy both tabs shared."""
    page.goto(dist_server.url)
    got = page.evaluate("""async () => {
        const store = await import(new URL("research/research-store.js", location.href));
        const nation = (id, name, steps = []) => ({id, name, system: "lowluck", seed: "s" + id,
            bombing: {owed: 0, log: []}, ledgers: {industrial: {steps: steps.map((invest) => ({invest}))}, air: {steps: []}}});
        const game = (...nations) => ({luckdial: "research-game", version: 1, nations, selected: null});
        const names = (merged) => merged.value.nations.map((n) => `${n.name}:${n.ledgers.industrial.steps.map((s) => s.invest).join("+")}`);
        const alerts = (merged) => merged.notes.filter((n) => n.alert).length;
        const base = game(nation("g", "Germany", [12]), nation("j", "Japan"));
        const out = {};
        // removed here, untouched there → removed; untouched here, changed there → theirs
        let m = store.mergeGames(base, game(nation("j", "Japan")), game(nation("g", "Germany", [12]), nation("j", "Japan", [4])));
        out.removedHere = [names(m), alerts(m), m.notes[0].text];
        // removed here, changed there → kept, with an alert
        m = store.mergeGames(base, game(nation("j", "Japan")), game(nation("g", "Germany", [12, 8]), nation("j", "Japan")));
        out.removedButChanged = [names(m), alerts(m)];
        // removed there, changed here → kept, with an alert; removed there, untouched here → removed
        m = store.mergeGames(base, game(nation("g", "Germany", [12, 4]), nation("j", "Japan")), game());
        out.removedThere = [names(m), alerts(m), m.notes[0].text];
        // the same change in both tabs → one copy, no alert
        m = store.mergeGames(base, game(nation("g", "Germany", [12, 8]), nation("j", "Japan")),
            game(nation("g", "Germany", [12, 8]), nation("j", "Japan")));
        out.sameChange = [names(m), alerts(m)];
        // two nations called Italy added → this tab's renamed
        m = store.mergeGames(base, game(...base.nations, nation("i1", "Italy")), game(...base.nations, nation("i2", "Italy", [4])));
        out.sameName = [names(m), alerts(m)];
        // nothing was stored when this tab read (base null): everything of both is kept
        m = store.mergeGames(null, game(nation("u", "UK")), game(nation("r", "Russia")));
        out.noBase = [names(m), alerts(m)];
        // field order does not make a change: a nation read back from storage equals the one built here
        const built = store.newNation("France", "dice");
        const read = store.checkGame(JSON.parse(JSON.stringify(game(built)))).nations[0];
        out.orderFree = store.canonical(built) === store.canonical(read);
        return out;
    }""")
    assert got["removedHere"] == [["Japan:4"], 0, "Another tab changed “Japan”."]
    assert got["removedButChanged"] == [["Germany:12+8", "Japan:"], 1]
    assert got["removedThere"] == [["Germany:12+4"], 1, "Another tab removed “Germany”, “Japan”."]
    assert got["sameChange"] == [["Germany:12+8", "Japan:"], 0]
    assert got["sameName"] == [["Germany:12", "Japan:", "Italy:4", "Italy (2):"], 1]
    assert got["noBase"] == [["Russia:", "UK:"], 0]
    assert got["orderFree"] is True



def test_each_tab_opens_at_its_top_or_where_it_was_left(page, dist_server):
    """Issue 42 item 8: the screens share one window, so a tab opened at the last one's scroll (Odds at 855 px,
    the defender on screen and its settings off it; back on Battle at 510 of 1,200). Tapped where the tab is, as
    a thumb does: Playwright's own click first scrolls its target into view, which moves the window itself."""
    from luckdial_page import BattleScreen
    page.set_viewport_size({"width": 390, "height": 844})
    BattleScreen(page).open(dist_server.url)

    def tap(tab: str) -> int:
        box = page.locator(tab).bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(150)
        return page.evaluate("() => window.scrollY")

    def scroll(by: int) -> int:
        page.mouse.wheel(0, by)
        page.wait_for_timeout(300)
        return page.evaluate("() => window.scrollY")

    left_battle = scroll(600)
    assert left_battle > 300, left_battle
    assert tap("#tab-screen-calc") == 0                  # first visit: its top
    left_odds = scroll(250)
    assert left_odds > 100, left_odds
    assert tap("#tab-screen-battle") == left_battle      # where it was left
    assert_no_axe_violations(page, "Battle shown again where it was left")
    assert tap("#tab-screen-calc") == left_odds

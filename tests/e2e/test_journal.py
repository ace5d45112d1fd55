"""The luck of a battle on its result, and the game journal on the Luck screen (issue #33), as a player at
390×844 uses them: the line under a battle's result (and "so far" mid-battle, nothing under A&A Chess), ten
battles of a game added — two from the Battle screen, eight pasted from a forum thread with damaged links
among them, each refused in words naming it — the chart and the leader read, and the journal's link opened
on a fresh device showing the same journal.

The expected words are built here from pycore's own numbers under CPython (the same request answered by
`pycore_handle`), so the page must show pycore's luck, not a figure of its own."""

from __future__ import annotations

import math
import os
import pathlib

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, pycore_handle

SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))
JOINED_BY = "\n\n---\nPosted by a player:\n"


def resolved(seed: str, attacker: dict, defender: dict, **more) -> dict:
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"}, "attacker": {"units": attacker},
               "defender": {"units": defender}, "seed": seed, **more}
    answer = pycore_handle(request)
    assert answer["ok"], answer
    return answer["result"]


def battles(prefix: str, count: int) -> list[dict]:
    """`count` battles of land units under dice, each its own seed (their luck differs)."""
    return [resolved(f"{prefix}{i}", {"infantry": 3 + i % 3, "tank": 1 + i % 2}, {"infantry": 4}) for i in range(count)]


def signed(value: float) -> str:
    """web/kit/luck-words.js signedIpcs: +6, −2.4, 0 (Math.round: half up)."""
    rounded = math.floor(value * 10 + 0.5) / 10
    if rounded == 0:
        return "0"
    text = str(int(abs(rounded))) if rounded == int(rounded) else f"{abs(rounded):.1f}"
    return ("+" if rounded > 0 else "−") + text


def percentile_words(p: float) -> str:
    luckier = math.floor(p * 100 + 0.5)
    if luckier == 50:
        return "as lucky as the typical outcome"
    if luckier > 50:
        return f"luckier than {min(luckier, 99) if p < 1 else 100} % of outcomes"
    return f"unluckier than {min(math.floor((1 - p) * 100 + 0.5), 99) if p > 0 else 100} % of outcomes"


def luck_line(luck: dict, so_far: bool = False) -> str:
    said = f"{percentile_words(luck['percentile'])} — swing {signed(luck['swing'])} IPCs (expected {signed(luck['expected_swing'])})"
    return f"Luck so far, attacker: {said}" if so_far else f"Attacker: {said}"


def ready(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)


def test_the_luck_of_a_battle_is_on_its_result_so_far_mid_battle_and_absent_without_dice(page: Page, dist_server):
    won = resolved("luck line", {"infantry": 3, "tank": 1}, {"infantry": 3})
    assert won["outcome"] != "in_progress" and won["luck"]["rounds"] is None
    ready(page, f"{dist_server.url}#{won['link']}")
    expect(page.locator("#outcome")).to_be_visible(timeout=ACTION_TIMEOUT)
    expect(page.locator("#luck-line")).to_have_text(luck_line(won["luck"]))
    expect(page.locator("#journal-add")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#battle-luck").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "journal-luck-line-390.png"))
    page.locator("#luck-more summary").click()
    expect(page.locator("#luck-more")).to_contain_text(f"{won['luck']['percentile'] * 100:.1f} %")

    # One round of a longer battle: the luck of its first round, said as "so far"; nothing to add yet.
    paused = resolved("so far", {"infantry": 6, "tank": 2}, {"infantry": 6}, rounds=1)
    assert paused["outcome"] == "in_progress" and paused["luck"]["rounds"] == 1
    page.goto(f"{dist_server.url}#{paused['link']}")
    expect(page.locator("#luck-line")).to_have_text(luck_line(paused["luck"], so_far=True), timeout=ACTION_TIMEOUT)
    expect(page.locator("#journal-add")).to_be_hidden()

    # A&A Chess orthodox rolls no dice: the result stands alone, no luck line (pycore's luck is null).
    chess = resolved("chess", {"infantry": 3}, {"infantry": 2}, system={"name": "chess", "variant": "orthodox"})
    assert chess["luck"] is None
    page.goto(f"{dist_server.url}#{chess['link']}")
    expect(page.locator("#outcome")).to_contain_text("Defender", timeout=ACTION_TIMEOUT)
    expect(page.locator("#battle-luck")).to_be_hidden()


def add_from_battle_screen(page: Page, url: str, names: tuple[str, str] | None, *, expect_names=None) -> None:
    page.goto(url)
    expect(page.locator("#luck-line")).to_be_visible(timeout=ACTION_TIMEOUT)
    page.locator("#journal-add").click()
    if expect_names:
        expect(page.locator("#journal-attacker")).to_have_value(expect_names[0])
        expect(page.locator("#journal-defender")).to_have_value(expect_names[1])
    if names:
        page.locator("#journal-attacker").fill(names[0])
        page.locator("#journal-defender").fill(names[1])


def paste(page: Page, text: str, attacker: str, defender: str) -> None:
    page.locator("#journal-paste-attacker").fill(attacker)
    page.locator("#journal-paste-defender").fill(defender)
    page.locator("#journal-paste-text").fill(text)
    page.locator("#journal-paste-add").click()


def leader_words(sides: list[dict]) -> str:
    best = max(sides, key=lambda side: side["luck"])
    count = best["battles"]
    return f"{best['side']} was luckier: {signed(best['luck'])} IPCs over {count} battle{'' if count == 1 else 's'}."


def test_ten_battles_of_a_game_some_pasted_with_damaged_links_refused_then_shared(page: Page, dist_server, browser,
                                                                                   browser_context_args):
    url = dist_server.url
    by_hand = battles("hand", 2)
    pasted_g = battles("germany", 5)
    pasted_r = battles("russia", 3)
    ready(page, f"{url}#{by_hand[0]['link']}")

    # Two battles from the Battle screen: the names are asked once, the last ones offered again.
    add_from_battle_screen(page, f"{url}#{by_hand[0]['link']}", ("Germany", "Russia"))
    page.locator("#journal-add-confirm").click()
    expect(page.locator("#journal-add-status")).to_have_text("Added to the game journal: battle 1 of the game.")
    add_from_battle_screen(page, f"{url}#{by_hand[1]['link']}", None, expect_names=("Germany", "Russia"))
    page.locator("#luck-more summary").click()
    assert_no_axe_violations(page, "battle: the luck line, its numbers and the journal's names")
    page.locator("#journal-swap").click()
    page.locator("#journal-add-confirm").click()
    expect(page.locator("#journal-add-status")).to_have_text("Added to the game journal: battle 2 of the game.")

    # A forum thread pasted whole: five good links, and five that cannot be used, each refused by name.
    chess = resolved("chess", {"infantry": 3}, {"infantry": 2}, system={"name": "chess", "variant": "orthodox"})
    calc = pycore_handle({"op": "calc", "ruleset": "classic", "system": {"name": "dice"},
                          "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}})["result"]
    cut = pasted_g[0]["link"][:40]
    posts = [f"[url={url}#{b['link']}]Battle[/url] went well" for b in pasted_g[:2]]
    posts += [f"Cut short: {url}#{cut}", f"Typo: {url}#v1.AAAA", f"Chess: {url}#{chess['link']}",
              f"Odds: <{url}#{calc['link']}>", f"Again: {url}#{by_hand[0]['link']}"]
    posts += [f"({url}#{b['link']})" for b in pasted_g[2:]]
    page.get_by_role("tab", name="Luck").click()
    expect(page.locator("#journal-paste-attacker")).to_have_value("Russia")  # the last names, as added
    paste(page, JOINED_BY.join(posts), "Germany", "Russia")
    expect(page.locator("#journal-paste-status")).to_have_text("10 links found: 5 battles added, 5 refused (below).",
                                                               timeout=ACTION_TIMEOUT)
    refused = page.locator("#journal-refused li")
    expect(refused).to_have_count(5)
    expect(refused.nth(0)).to_contain_text(f"Link 3 (#{cut[:17]}…): the link is damaged")
    expect(refused.nth(1)).to_contain_text("Link 4 (#v1.AAAA): the link is damaged")
    expect(refused.nth(2)).to_contain_text("Link 5 (#v1.")
    expect(refused.nth(2)).to_contain_text("no luck: this system rolls no dice")
    expect(refused.nth(3)).to_contain_text("is a calculation, not a battle")
    expect(refused.nth(4)).to_contain_text("is already in the journal")
    expect(page.locator("#journal-paste-text")).not_to_have_value("")  # kept, to fix what was refused

    paste(page, "\n".join(f"{url}#{b['link']}" for b in pasted_r), "Russia", "Germany")
    expect(page.locator("#journal-paste-status")).to_have_text("3 links found: 3 battles added.", timeout=ACTION_TIMEOUT)
    rows = page.locator("#journal-battles > li")
    expect(rows).to_have_count(10)

    # The same game summed by pycore under CPython: the leader and each side's numbers.
    sides = [("Germany", "Russia", by_hand[0]), ("Russia", "Germany", by_hand[1])]
    sides += [("Germany", "Russia", b) for b in pasted_g] + [("Russia", "Germany", b) for b in pasted_r]
    summed = pycore_handle({"op": "journal", "battles": [{"attacker": a, "defender": d, "luck": b["luck"]} for a, d, b in sides]})
    assert summed["ok"], summed
    expect(page.locator("#journal-leader")).to_have_text(leader_words(summed["result"]["sides"]), timeout=ACTION_TIMEOUT)
    lines = page.locator("#journal-chart polyline")
    expect(lines).to_have_count(2)
    for i, side in enumerate(summed["result"]["sides"]):
        assert lines.nth(i).get_attribute("data-side") == side["side"]
        assert len(lines.nth(i).get_attribute("points").split()) == 11, "the start and one point per battle"
        expect(page.locator(f"#journal-chart .end-label[data-side={side['side']}]")).to_have_text(
            f"{side['side']} {signed(side['luck'])}")
    # Readable on a phone: every end label whole inside the chart, at 390 and at 360 px.
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#journal-leader").scroll_into_view_if_needed()
        cut = page.locator("#journal-chart").evaluate("""svg => {
            const width = svg.viewBox.baseVal.width;
            return [...svg.querySelectorAll('.end-label, .axis-word')].filter(t => {
                const box = t.getBBox(); return box.x < 0 || box.x + box.width > width; }).map(t => t.textContent);
        }""")
        assert cut == [], f"cut at {width} px: {cut}"
        assert page.locator("#journal-chart").bounding_box()["width"] <= width
        page.screenshot(path=str(SHOTS / f"journal-ten-battles-{width}.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#journal-numbers summary").click()
    rows.nth(0).locator("summary").click()
    assert_no_axe_violations(page, "journal: ten battles, the numbers, a battle open, links refused")
    rows.nth(0).locator("summary").click()
    germany = next(side for side in summed["result"]["sides"] if side["side"] == "Germany")
    expect(page.locator("#journal-sides li[data-side=Germany]")).to_contain_text(
        f"Germany: {signed(germany['luck'])} IPCs")

    # Remove one with Undo, clear with Undo: nothing is lost.
    rows.nth(2).locator("summary").click()
    rows.nth(2).get_by_role("button", name="Remove battle 3").click()
    expect(rows).to_have_count(9)
    page.locator("#journal-undo").click()
    expect(rows).to_have_count(10)
    page.locator("#journal-clear").click()
    expect(rows).to_have_count(0)
    expect(page.locator("#journal-message")).to_contain_text("cleared (10 battles)")
    page.locator("#journal-undo").click()
    expect(rows).to_have_count(10)
    expect(page.locator("#journal-leader")).to_have_text(leader_words(summed["result"]["sides"]), timeout=ACTION_TIMEOUT)

    # Its link, opened on another device (a fresh browser context: nothing stored), shows the same journal.
    page.locator("#journal-share").click()
    link = page.locator("#journal-link").input_value()
    assert "#v1." in link
    # The forum post is pycore's (`journal` result.report), its link back the same address.
    page.locator("#journal-copy-bbcode").click()
    bbcode = page.locator("#journal-post-fallback").input_value().splitlines()
    assert bbcode[0] == "[b]Luckdial game journal — the luck of 10 battles[/b]", bbcode[0]
    assert any(line.strip().startswith("Battle 10: Russia attacked Germany (") for line in bbcode), bbcode
    assert bbcode[-1] == f"[url={link}]Open this journal on Luckdial[/url]"
    fresh = browser.new_context(**browser_context_args)
    try:
        other = fresh.new_page()
        ready(other, link)
        expect(other.locator("#screen-journal")).to_be_visible()
        expect(other.locator("#journal-battles > li")).to_have_count(10, timeout=ACTION_TIMEOUT)
        expect(other.locator("#journal-leader")).to_have_text(leader_words(summed["result"]["sides"]), timeout=ACTION_TIMEOUT)
        for i in range(10):
            expect(other.locator("#journal-battles > li").nth(i).locator(".journal-battle-title")).to_have_text(
                rows.nth(i).locator(".journal-battle-title").inner_text())
    finally:
        fresh.close()


def test_two_tabs_adding_battles_lose_none(page: Page, dist_server, context):
    one, two = battles("tab one", 1)[0], battles("tab two", 1)[0]
    ready(page, f"{dist_server.url}#journal")
    other = context.new_page()
    ready(other, f"{dist_server.url}#journal")
    paste(page, f"#{one['link']}", "Germany", "Russia")
    expect(page.locator("#journal-battles > li")).to_have_count(1, timeout=ACTION_TIMEOUT)
    paste(other, f"#{two['link']}", "Japan", "China")
    expect(other.locator("#journal-battles > li")).to_have_count(2, timeout=ACTION_TIMEOUT)  # merged, not overwritten
    expect(page.locator("#journal-battles > li")).to_have_count(2, timeout=ACTION_TIMEOUT)  # the other tab's, pulled in


def test_a_wif_roll_says_its_luck_among_the_rolls_at_its_odds(page: Page, dist_server):
    """docs/wif.md "Luck": `roll.luck.percentile` from the attacker's view; the page says it in one line."""
    answer = pycore_handle({"op": "wif", "attack": 12, "defense": 4, "table": "assault", "seed": "luck of a roll"})
    assert answer["ok"], answer
    roll = answer["result"]["roll"]
    ready(page, f"{dist_server.url}#{answer['result']['link']}")
    words = percentile_words(roll["luck"]["percentile"]).replace("outcomes", "rolls at these odds").replace("outcome", "roll")
    expect(page.locator("#wif-roll-luck")).to_have_text(f"Attacker: {words}", timeout=ACTION_TIMEOUT)

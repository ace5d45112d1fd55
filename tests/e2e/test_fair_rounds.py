"""Fair dice round by round, end to end at 390x844 (issue 29 item 3, docs/links.md "Fair dice, round by round").

A beacon battle declared on the page, decided one round at a time: round 1's dice come from the first declared
round; the attacker presses on, which declares a later round; round 2 is shown once it is drawn and verified;
the attacker retreats. Before issue 29 a beacon battle was fought to the end in one go, with no Press on or
Retreat. The beacon's HTTP answers come from recorded files served by the test (``context.route``), never the
network; the page's clock is Playwright's, set around each round's time. The rounds are real quicknet rounds
(tests/core/test_fair_rounds.py gives their sources), verified by the page with the drand project's client.
Commit–reveal round by round goes the same way between two browsers.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import pathlib
import re
import sys

from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, ROOT, BattleScreen, pycore_handle

sys.path.insert(0, str(ROOT))
from pycore.dice import roll  # noqa: E402  (the one dice source: what the page's dice must be)

DATA = pathlib.Path(__file__).parent / "data"
RECORDED = {r["round"]: r for r in (json.loads((DATA / f"quicknet-{n}.json").read_text()) for n in (657413, 12040883))}
GENESIS, PERIOD = 1692803367, 3
AHEAD_MS = 300_000  # kit/beacon.js: DECLARE_AHEAD_SECONDS
MIRRORS = re.compile(r"^https://(api\d?\.drand\.sh|drand\.cloudflare\.com)/")
SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))
BATTLE = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"},
          "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}},
          "defender": {"units": {"infantry": 4, "artillery": 1, "aa_gun": 1}}}


def round_ms(number: int) -> int:
    return (GENESIS + (number - 1) * PERIOD) * 1000


def drawn(number: int) -> dict:
    return {"round": number, "signature": RECORDED[number]["signature"]}


def shot(page, name: str, at: str | None = None) -> None:
    """Screenshots for a person to look at (what the screen shows, scrolled to ``at``); never compared by the test."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if at:
        page.locator(at).first.evaluate("node => node.scrollIntoView({block: 'start'})")
        page.evaluate("window.scrollBy(0, -80)")  # below the sticky header
    page.screenshot(path=str(SHOTS / f"fair-{name}.png"))


class Beacon:
    """Answers the beacon's mirrors with the recorded rounds; every round asked for is remembered."""

    def __init__(self, context) -> None:
        self.asked: list[str] = []
        context.route(MIRRORS, self.answer)

    def answer(self, route) -> None:
        url = route.request.url
        self.asked.append(url)
        number = int(url.rsplit("/", 1)[1]) if url.rsplit("/", 1)[1].isdigit() else None
        if number not in RECORDED:
            route.fulfill(status=404, body="{}")
            return
        route.fulfill(status=200, content_type="application/json", body=json.dumps(RECORDED[number]),
                      headers={"Access-Control-Allow-Origin": "*"})

    def forget(self, traffic) -> None:
        """The routed requests never left the machine: take them out of the traffic check."""
        traffic.urls[:] = [url for url in traffic.urls if url not in self.asked]


def set_up(screen: BattleScreen) -> None:
    screen.choose(ruleset="1942-2e", system="dice")
    screen.add_forces({role: BATTLE[role]["units"] for role in ("attacker", "defender")})


def shown_dice(page) -> list[list[tuple]]:
    """Each round's dice as the log shows them: (side, value needed, value), sorted."""
    return [sorted(tuple(d) for d in r) for r in page.locator("#battle-log .round").evaluate_all(
        """rounds => rounds.map(r => [...r.querySelectorAll('.fire .die')].map(d =>
             [d.closest('.fire').dataset.side, Number(d.dataset.at), Number(d.dataset.value)]))""")]


def panel(page):
    return page.locator("#beacon-panel")


def test_a_beacon_battle_round_by_round_with_a_retreat(page, context, watched_context, traffic, dist_server):
    beacon = Beacon(context)
    first_declared = (round_ms(657413) - AHEAD_MS + 300) / 1000
    page.clock.install(time=first_declared)
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen)
    page.locator("label[for='beacon-mode']").click()
    expect(page.locator("#fair-options")).to_be_visible()
    expect(page.locator("#fair-when-rounds")).to_be_checked()  # decided after each round, by default
    shot(page, "0-options", "#fair-options")
    page.clock.set_system_time(first_declared)  # loading took real seconds: the click is at the chosen time
    screen.roll_button.click()

    # Round 1's draw is declared and pending: nothing is fetched before its time.
    expect(panel(page)).to_have_attribute("data-beacon", "pending", timeout=ACTION_TIMEOUT)
    expect(page.locator("#beacon-deadline")).to_contain_text("round 657413")
    expect(page.locator("#beacon-deadline")).to_contain_text("round 1's dice")
    expect(page.locator("#beacon-draws li")).to_have_count(1)
    assert beacon.asked == []
    expect(screen.rounds).to_have_count(0)

    # Drawn: verified, round 1 shown, and the attacker decides.
    page.clock.fast_forward(AHEAD_MS)
    expect(screen.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)
    expect(screen.press_button).to_be_visible()
    expect(screen.retreat_button).to_be_visible()
    expect(page.locator("#beacon-state")).to_contain_text("Attacker: press on")
    one = pycore_handle({**BATTLE, "beacon": {"draws": [drawn(657413)]}})["result"]
    assert one["next_draw"] == {"draw": 2, "round": 2}
    shot(page, "1-round-one-decide", "#beacon-panel")

    # Press on, a year later in the beacon's time: the choice is posted with round 2's draw, declared now.
    second_declared = (round_ms(12040883) - AHEAD_MS + 300) / 1000
    page.clock.set_system_time(second_declared)
    screen.press_button.click()
    expect(panel(page)).to_have_attribute("data-beacon", "pending", timeout=ACTION_TIMEOUT)
    expect(page.locator("#beacon-deadline")).to_contain_text("round 12040883")
    expect(page.locator("#beacon-deadline")).to_contain_text("round 2's dice")
    expect(screen.press_button).to_be_hidden()
    posted = pycore_handle({"op": "share", "decode": page.url.split("#", 1)[1]})["result"]["request"]
    assert posted["beacon"] == {"draws": [drawn(657413), {"round": 12040883}]} and posted["choices"] == ["press"]
    shot(page, "2-pressed-on-pending", "#beacon-panel")

    page.clock.fast_forward(AHEAD_MS)
    expect(screen.rounds).to_have_count(2, timeout=ACTION_TIMEOUT)
    expect(screen.retreat_button).to_be_visible()
    screen.retreat_button.click()
    expect(screen.outcome).to_contain_text("Attacker retreats", timeout=ACTION_TIMEOUT)
    want = pycore_handle({**BATTLE, "beacon": {"draws": [drawn(657413), drawn(12040883)]},
                          "choices": ["press", "retreat"], "report": {"beacon_verified": True}})["result"]
    assert want["outcome"] == "retreat" and len(want["rounds"]) == 2
    assert shown_dice(page) == [sorted((f["side"], d["at"], d["value"]) for s in r["steps"] for f in s["fire"]
                                       for d in f["dice"]) for r in want["rounds"]]
    expect(page.locator("#dice-source")).to_have_text("Dice: " + want["dice_source"]["label"])
    expect(page.locator("#beacon-draws li")).to_have_count(2)
    final = pycore_handle({"op": "share", "decode": page.url.split("#", 1)[1]})["result"]["request"]
    assert final["beacon"] == {"draws": [drawn(657413), drawn(12040883)]}
    assert final["choices"] == ["press", "retreat"]
    expect(panel(page)).to_have_attribute("data-beacon", "verified")
    expect(page.locator("#beacon-state")).to_contain_text("rounds 657413 and 12040883 — each verified")
    for width, height in ((390, 844), (360, 740), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        shot(page, f"3-retreated-{width}-panel", "#beacon-panel")
        shot(page, f"3-retreated-{width}-end", ".round[data-round='2']")
    page.set_viewport_size({"width": 390, "height": 844})

    # Anyone verifies the whole battle from the link alone, offline: both signatures are checked in the page.
    # (no service worker: this context's routes must see every request the page makes)
    fresh = watched_context(service_workers="block")
    offline = Beacon(fresh)
    other = BattleScreen(fresh.new_page()).open(page.url)
    expect(other.rounds).to_have_count(2, timeout=ACTION_TIMEOUT)
    expect(other.outcome).to_have_text(screen.outcome.text_content())
    expect(other.page.locator("#beacon-draws li")).to_have_count(2)
    assert offline.asked == [], "the signatures in the link are verified without the network"
    beacon.forget(traffic)


def test_a_tampered_round_in_a_round_by_round_link_shows_no_dice(context, traffic, dist_server, page):
    beacon = Beacon(context)
    bad = drawn(12040883)
    bad["signature"] = bad["signature"][:-2] + "00"
    link = pycore_handle({"op": "share", "encode": {**BATTLE, "beacon": {"draws": [drawn(657413), bad]},
                                                   "choices": ["press"]}})["result"]["link"]
    screen = BattleScreen(page).open(dist_server.url + "#" + link)
    expect(panel(page)).to_have_attribute("data-beacon", "invalid", timeout=ACTION_TIMEOUT)
    expect(page.locator("#beacon-state")).to_contain_text("round 12040883")
    expect(screen.rounds).to_have_count(0)
    expect(screen.stepper("attacker", "tank")).to_have_value("2")
    assert beacon.asked == []


LONG = {**BATTLE, "attacker": {"units": {"infantry": 30, "tank": 2, "fighter": 1}},
        "defender": {"units": {"infantry": 30, "artillery": 1, "aa_gun": 1}}}
"""BATTLE with 27 and 26 more infantry: commit–reveal dice come from the attacker's random secret, so the battle
must outlast two rounds whatever they roll (33 v 32 units: each side would need about 33 hits in two rounds,
over 4 standard deviations above either's mean), or the retreat after round 2 is not there to tap."""


def test_commit_reveal_round_by_round_between_two_browsers(page, watched_context, dist_server):
    attacker = BattleScreen(page).open(dist_server.url)
    set_up(attacker)
    attacker.add("attacker", "infantry", 27)
    attacker.add("defender", "infantry", 26)
    page.locator("label[for='commit-mode']").click()
    expect(page.locator("#fair-when-rounds")).to_be_checked()
    attacker.roll_button.click()
    commit_panel = page.locator("#commit-panel")
    expect(commit_panel).to_have_attribute("data-commit", "committed", timeout=ACTION_TIMEOUT)
    link = page.locator("#commit-link").input_value()
    committed = pycore_handle({"op": "share", "decode": link.split("#", 1)[1]})["result"]["request"]
    assert committed["commit"]["draws"] == []

    defender_ctx = watched_context()  # the defender's own phone
    defender = BattleScreen(defender_ctx.new_page()).open(link)
    d_panel = defender.page.locator("#commit-panel")

    def reply(url: str, words: str) -> str:
        defender.open(url)
        expect(d_panel).to_have_attribute("data-commit", "reply", timeout=ACTION_TIMEOUT)
        defender.page.locator("#commit-phrase").fill(words)
        defender.page.locator("#commit-reply").click()
        expect(d_panel).to_have_attribute("data-commit", "replied", timeout=ACTION_TIMEOUT)
        return defender.page.locator("#commit-link").input_value()

    # Round 1: the defender's phrase, the attacker's reveal; the attacker then decides.
    attacker.open(reply(link, "first light"))
    expect(commit_panel).to_have_attribute("data-commit", "reveal", timeout=ACTION_TIMEOUT)
    page.locator("#commit-reveal").click()
    expect(attacker.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)
    expect(commit_panel).to_have_attribute("data-commit", "decide")
    expect(attacker.press_button).to_be_visible()

    # Press on: the defender's next phrase comes after the choice; round 2; retreat.
    attacker.press_button.click()
    expect(commit_panel).to_have_attribute("data-commit", "committed", timeout=ACTION_TIMEOUT)
    attacker.open(reply(page.locator("#commit-link").input_value(), "second wind"))
    expect(commit_panel).to_have_attribute("data-commit", "reveal", timeout=ACTION_TIMEOUT)
    page.locator("#commit-reveal").click()
    expect(attacker.rounds).to_have_count(2, timeout=ACTION_TIMEOUT)
    attacker.retreat_button.click()
    expect(attacker.outcome).to_contain_text("Attacker retreats", timeout=ACTION_TIMEOUT)
    final = pycore_handle({"op": "share", "decode": page.url.split("#", 1)[1]})["result"]["request"]
    assert [d["phrase"] for d in final["commit"]["draws"]] == ["first light", "second wind"]
    assert final["commit"]["key"]["draw"] == 2 and final["choices"] == ["press", "retreat"]
    key1 = hashlib.sha256(bytes.fromhex(final["commit"]["key"]["value"])).hexdigest()
    seed1 = hmac.new(key1.encode(), b"first light", hashlib.sha256).hexdigest()
    want = pycore_handle(final)["result"]
    assert want["rounds"][0] == pycore_handle({**LONG, "commit": {**final["commit"], "draws":
                                               final["commit"]["draws"][:1], "key": {"draw": 1, "value": key1}}}
                                              )["result"]["rounds"][0]
    aa = want["rounds"][0]["steps"][0]["fire"][0]
    assert aa["group"] == "aa" and [d["value"] for d in aa["dice"]] == list(roll(seed1, "r1/defender/aa", 6, 1))
    assert shown_dice(page) == [sorted((f["side"], d["at"], d["value"]) for s in r["steps"] for f in s["fire"]
                                       for d in f["dice"]) for r in want["rounds"]]
    # The defender opens the final link: the same battle.
    defender.open(page.url)
    expect(defender.rounds).to_have_count(2, timeout=ACTION_TIMEOUT)
    expect(defender.outcome).to_have_text(attacker.outcome.text_content())
    shot(page, "commit-retreated", "#commit-panel")


def test_a_condition_declared_up_front_runs_the_battle_without_a_post_per_round(page, context, traffic, dist_server):
    """"Now: fight it out" with "retreat when the attacker has 4 units or fewer": one beacon round for the whole
    battle, the retreat applied by the rule, no decision after any die (docs/links.md "Conditions declared up
    front")."""
    beacon = Beacon(context)
    declared = (round_ms(657413) - AHEAD_MS + 300) / 1000
    page.clock.install(time=declared)
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen)
    page.locator("label[for='beacon-mode']").click()
    page.locator("label:has(#fair-when-now)").click()
    for _ in range(4):
        page.locator("#fair-options .step.plus").click()
    expect(page.locator("#fair-retreat-hint")).to_contain_text("4 units or fewer, he retreats")
    page.clock.set_system_time(declared)
    screen.roll_button.click()
    expect(panel(page)).to_have_attribute("data-beacon", "pending", timeout=ACTION_TIMEOUT)
    link = page.locator("#beacon-link").input_value()
    request = pycore_handle({"op": "share", "decode": link.split("#", 1)[1]})["result"]["request"]
    assert request["beacon"] == {"round": 657413} and request["retreat_at_units"] == 4
    page.clock.fast_forward(AHEAD_MS)
    want = pycore_handle({**BATTLE, "beacon": drawn(657413), "retreat_at_units": 4})["result"]
    assert want["outcome"] == "retreat"  # the rule retreats (worked out by pycore, the reference)
    expect(screen.rounds).to_have_count(len(want["rounds"]), timeout=ACTION_TIMEOUT)
    expect(screen.outcome).to_contain_text("Attacker retreats")
    expect(screen.press_button).to_be_hidden()
    beacon.forget(traffic)

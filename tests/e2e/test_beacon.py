"""Beacon-declared rolls end to end (issue 17, docs/links.md): declare, wait, verify, refuse, offline.

The beacon's HTTP answers come from a recorded file served by the test (``context.route``), never
the network; the page's clock is Playwright's, set around the round's time. The round is real:
quicknet round 12040883, whose signature is published by the drand project in drand/tlock,
tlock_test.go (TestDecryptText), commit 962ec50d004c1a336bdffb24dfc6a019192fc070; its randomness is
sha256(signature) (tests/core/test_forum.py checks it). The page verifies the BLS signature with the
drand project's own client (dist/vendor/drand-client.mjs).
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from playwright.sync_api import expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, BattleScreen, pycore_handle
from test_battle import set_up, shown_rounds

RECORDED = json.loads((pathlib.Path(__file__).parent / "data" / "quicknet-12040883.json").read_text())
ROUND = RECORDED["round"]
GENESIS, PERIOD = 1692803367, 3
ROUND_MS = (GENESIS + (ROUND - 1) * PERIOD) * 1000
DECLARE_AHEAD_ROUNDS = 100  # kit/beacon.js: DECLARE_AHEAD_SECONDS 300 / period 3
MIRRORS = re.compile(r"^https://(api\d?\.drand\.sh|drand\.cloudflare\.com)/")


class Beacon:
    """Answers the beacon's mirrors from the recorded round (or tampered, or not at all)."""

    def __init__(self, context, traffic, mode: str = "recorded") -> None:
        self.mode = mode
        self.asked: list[str] = []
        self.traffic = traffic
        context.route(MIRRORS, self.answer)

    def answer(self, route) -> None:
        url = route.request.url
        self.asked.append(url)
        if self.mode == "offline":
            route.abort("internetdisconnected")
            return
        if not url.endswith(f"/public/{ROUND}"):
            route.fulfill(status=404, body="{}")
            return
        body = dict(RECORDED)
        if self.mode == "tampered":  # one hex digit of the signature changed
            body["signature"] = body["signature"][:-1] + ("5" if body["signature"][-1] != "5" else "6")
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body),
                      headers={"Access-Control-Allow-Origin": "*"})

    def forget(self) -> None:
        """The routed requests never left the machine: take them out of the traffic check."""
        self.traffic.urls[:] = [url for url in self.traffic.urls if url not in self.asked]


def battle_request() -> dict:
    return {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
            "attacker": {"units": {"infantry": 3, "tank": 3, "fighter": 1}},
            "defender": {"units": {"infantry": 4, "tank": 1}},
            "beacon": {"round": ROUND, "signature": RECORDED["signature"]}}


def declaration_url(base: str) -> str:
    request = {k: v for k, v in battle_request().items()}
    request["beacon"] = {"round": ROUND}
    return base + "#" + pycore_handle({"op": "share", "encode": request})["result"]["link"]


def open_at(context, url: str, when_ms: int) -> BattleScreen:
    page = context.new_page()
    page.clock.install(time=when_ms / 1000)  # Playwright for Python reads a number as seconds
    return BattleScreen(page).open(url)


def panel(screen: BattleScreen):
    return screen.page.locator("#beacon-panel")


@pytest.fixture
def fresh(watched_context):
    """Fresh browser contexts (nothing shared: storage, cache, service worker), watched like the default one."""
    return lambda: watched_context(service_workers="block")


def test_declare_count_down_then_verify_the_same_battle_in_two_browsers(page, context, traffic, fresh, dist_server):
    beacon = Beacon(context, traffic)
    # Declare: the page picks the round drawn 5 minutes from its clock.
    declare_at = (ROUND_MS - DECLARE_AHEAD_ROUNDS * PERIOD * 1000 + 300) / 1000
    page.clock.install(time=declare_at)
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen, "unused", "dice")
    page.locator("label[for='beacon-mode']").click()
    page.locator("label:has(#fair-when-now)").click()  # one round for the whole battle (issue 17's form)
    expect(screen.seed).to_be_hidden()
    expect(screen.roll_button).to_have_text("Declare on the beacon")
    page.clock.set_system_time(declare_at)  # loading took real seconds: the click is at the chosen time
    screen.roll_button.click()
    expect(panel(screen)).to_have_attribute("data-beacon", "pending", timeout=ACTION_TIMEOUT)
    expect(page.locator("#beacon-deadline")).to_contain_text("Post it before")
    expect(page.locator("#beacon-deadline")).to_contain_text(f"round {ROUND}")
    expect(page.locator("#beacon-countdown")).to_have_text(re.compile(r"Drawn in [45]:\d\d"))
    link = page.locator("#beacon-link").input_value()
    declared = pycore_handle({"op": "share", "decode": link.split("#", 1)[1]})["result"]["request"]
    assert declared["beacon"] == {"round": ROUND} and "seed" not in declared
    assert beacon.asked == [], "nothing is fetched before the round's time"
    expect(screen.rounds).to_have_count(0)

    # Its time comes: the declarer's page fetches, verifies and fights.
    page.clock.fast_forward(DECLARE_AHEAD_ROUNDS * PERIOD * 1000)
    expect(panel(screen)).to_have_attribute("data-beacon", "verified", timeout=ACTION_TIMEOUT)
    want = pycore_handle({**battle_request(), "report": {"beacon_verified": True}})["result"]
    expect(screen.rounds).to_have_count(len(want["rounds"]), timeout=ACTION_TIMEOUT)
    expect(page.locator("#dice-source")).to_have_text(f"Dice: drawn from public beacon round {ROUND} — verified")
    shown = shown_rounds(screen)
    log_text = page.locator("#battle-log .rounds").inner_text()

    # The declaration link opened after the round in a second, fresh browser: the same battle, verified.
    ctx = fresh()
    other_beacon = Beacon(ctx, traffic)
    other = open_at(ctx, link, ROUND_MS + 60_000)
    expect(panel(other)).to_have_attribute("data-beacon", "verified", timeout=ACTION_TIMEOUT)
    expect(other.rounds).to_have_count(len(want["rounds"]), timeout=ACTION_TIMEOUT)
    assert shown_rounds(other) == shown
    assert other.page.locator("#battle-log .rounds").inner_text() == log_text
    assert other_beacon.asked and all(MIRRORS.match(url) for url in other_beacon.asked)
    # The verified round is now in the link: a later reader needs no network.
    kept = pycore_handle({"op": "share", "decode": other.page.url.split("#", 1)[1]})["result"]["request"]
    assert kept["beacon"] == {"round": ROUND, "signature": RECORDED["signature"]}
    other_beacon.forget()
    ctx.close()
    beacon.forget()


def test_opened_before_the_round_counts_down(fresh, traffic, dist_server):
    ctx = fresh()
    beacon = Beacon(ctx, traffic)
    screen = open_at(ctx, declaration_url(dist_server.url), ROUND_MS - 1_200_000)  # loading takes real time
    expect(panel(screen)).to_have_attribute("data-beacon", "pending", timeout=ACTION_TIMEOUT)
    expect(screen.page.locator("#beacon-state")).to_contain_text("Not drawn yet")
    expect(screen.page.locator("#beacon-deadline")).to_contain_text("Fair only if it was posted before")
    expect(screen.page.locator("#beacon-countdown")).to_have_text(re.compile(r"Drawn in 1\d:\d\d"))
    expect(screen.rounds).to_have_count(0)
    expect(screen.stepper("attacker", "tank")).to_have_value("3")  # the setup is shown meanwhile
    assert beacon.asked == []


def test_a_tampered_answer_is_refused(fresh, traffic, dist_server):
    ctx = fresh()
    beacon = Beacon(ctx, traffic, "tampered")
    screen = open_at(ctx, declaration_url(dist_server.url), ROUND_MS + 60_000)
    expect(panel(screen)).to_have_attribute("data-beacon", "invalid", timeout=ACTION_TIMEOUT)
    expect(screen.page.locator("#beacon-state")).to_contain_text("not genuine")
    expect(screen.rounds).to_have_count(0)
    assert beacon.asked
    beacon.forget()


def test_a_tampered_signature_in_the_link_is_refused(fresh, traffic, dist_server):
    ctx = fresh()
    beacon = Beacon(ctx, traffic, "offline")
    request = battle_request()
    request["beacon"]["signature"] = RECORDED["signature"][:-2] + "00"
    link = pycore_handle({"op": "share", "encode": request})["result"]["link"]
    screen = open_at(ctx, dist_server.url + "#" + link, ROUND_MS + 60_000)
    expect(panel(screen)).to_have_attribute("data-beacon", "invalid", timeout=ACTION_TIMEOUT)
    expect(screen.rounds).to_have_count(0)
    assert beacon.asked == [], "a round the link holds is verified offline"


def test_offline_says_so_and_shows_the_setup(fresh, traffic, dist_server):
    ctx = fresh()
    beacon = Beacon(ctx, traffic, "offline")
    screen = open_at(ctx, declaration_url(dist_server.url), ROUND_MS + 60_000)
    expect(panel(screen)).to_have_attribute("data-beacon", "unreachable", timeout=ACTION_TIMEOUT)
    expect(screen.page.locator("#beacon-state")).to_contain_text("Could not reach the public beacon")
    expect(screen.page.locator("#beacon-retry")).to_be_visible()
    expect(screen.form).to_be_visible()
    expect(screen.stepper("attacker", "tank")).to_have_value("3")
    expect(screen.stepper("defender", "infantry")).to_have_value("4")
    assert len(beacon.asked) == 4, "every official mirror is tried"
    beacon.forget()


def test_a_link_holding_the_verified_round_verifies_offline(fresh, traffic, dist_server):
    ctx = fresh()
    beacon = Beacon(ctx, traffic, "offline")
    link = pycore_handle({"op": "share", "encode": battle_request()})["result"]["link"]
    screen = open_at(ctx, dist_server.url + "#" + link, ROUND_MS + 3_600_000)
    expect(panel(screen)).to_have_attribute("data-beacon", "verified", timeout=ACTION_TIMEOUT)
    want = pycore_handle(battle_request())["result"]
    expect(screen.rounds).to_have_count(len(want["rounds"]), timeout=ACTION_TIMEOUT)
    assert beacon.asked == []


def test_offline_past_the_draw_time_the_declarer_reads_words_true_then(page, context, traffic, dist_server):
    """Declared, then offline when the round is drawn: the panel points down to the setup (it heads the
    screen, at 390 and at 1280 alike), and nothing asks to post before a time gone by or calls a drawn
    round "not drawn yet"."""
    beacon = Beacon(context, traffic, "offline")
    declare_at = (ROUND_MS - DECLARE_AHEAD_ROUNDS * PERIOD * 1000 + 300) / 1000
    page.clock.install(time=declare_at)
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen, "unused", "dice")
    page.locator("label[for='beacon-mode']").click()  # round by round, the form's default
    page.clock.set_system_time(declare_at)
    screen.roll_button.click()
    expect(panel(screen)).to_have_attribute("data-beacon", "pending", timeout=ACTION_TIMEOUT)
    expect(page.locator("#beacon-deadline")).to_contain_text("Post it before")
    expect(page.locator("#beacon-draws")).to_contain_text("not drawn yet")
    try:
        offline_past_the_draw(page, context, screen)
    finally:
        context.set_offline(False)
        beacon.forget()


def offline_past_the_draw(page, context, screen) -> None:
    context.set_offline(True)
    page.clock.fast_forward(DECLARE_AHEAD_ROUNDS * PERIOD * 1000 + 5_000)
    expect(panel(screen)).to_have_attribute("data-beacon", "unreachable", timeout=ACTION_TIMEOUT)
    expect(page.locator("#beacon-state")).to_contain_text("The battle's setup is shown below")
    expect(page.locator("#beacon-deadline")).not_to_contain_text("Post it before")
    expect(page.locator("#beacon-deadline")).to_contain_text("Fair only if you posted it before")
    expect(page.locator("#beacon-deadline")).to_contain_text(f"round {ROUND} was drawn")
    expect(panel(screen)).not_to_contain_text("not drawn yet")
    expect(page.locator("#beacon-draws")).to_contain_text("not fetched yet")
    assert_no_axe_violations(page, "beacon: declared, offline past the draw time")
    # The setup: the log's summary on a phone (the form is put away during a battle), the form at 1280.
    for width, height, setup in ((390, 844, "#battle-log"), (1280, 800, "#battle-form")):
        page.set_viewport_size({"width": width, "height": height})
        above, below = panel(screen).bounding_box(), page.locator(setup).bounding_box()
        assert above["y"] + above["height"] <= below["y"], f"at {width} px the panel is not above {setup}"

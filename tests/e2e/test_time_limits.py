"""No input can hold the page: every call to the worker has a time limit that fits its op (web/kit/budgets.js,
docs/api.md "The page's budgets"); past it the worker is replaced and the player told what was stopped.

- A 361-character link that inflates to 256 KB of JSON text (a quote, then 127,999 backslash-quotes) held the
  page's Python for 402 s while it was decoded, every other call queued behind it. pycore now refuses it in
  milliseconds; the page says so in words at once and the Battle screen rolls the next battle.
- Whatever a link's decode costs, the page stops it after 10 s: a worker made to hang on a decode is ended,
  the player reads "Opening this link took longer than 10\u00a0s and was stopped", the link's battle stays on the
  form, and the fresh worker answers the calls that waited behind the decode and the next roll.
"""

from __future__ import annotations

import base64
import os
import pathlib
import re
import time
import zlib

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, BattleScreen, pycore_handle, served_with_one_line_changed

SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"time-limits-{name}.png"))


def inflating_link() -> str:
    """The 361-character link: raw deflate of '"' + '\\"' × 127,999 (255,999 characters), base64url, "v1."."""
    text = '"' + '\\"' * 127_999
    assert len(text) == 255_999
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("ascii")) + packer.flush()
    link = "v1." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    assert len(link) == 361, len(link)
    return link


def test_the_361_character_link_is_answered_in_words_within_seconds_and_the_battle_screen_rolls(page: Page, dist_server):
    link = inflating_link()
    battle = BattleScreen(page).open(dist_server.url + "#" + link, wait_ready=False)
    battle.wait_ready()
    began = time.monotonic()
    # Before pycore's fix this decode held Python for minutes (402 s measured): the words come at once now.
    expect(battle.message).to_contain_text("This link is damaged (cut short or edited)", timeout=10_000)
    assert time.monotonic() - began < 10, "the link's answer took more than 10 s after the engine was ready"
    shot(page, "inflating-link")
    expect(battle.message).not_to_contain_text("report")
    expect(battle.form).to_be_visible()
    battle.add("attacker", "infantry", 2)
    battle.add("defender", "infantry", 1)
    battle.roll()
    expect(battle.rounds.first).to_contain_text("Attacker fires")


LINKED = {"op": "resolve", "ruleset": "revised", "system": {"name": "dice"}, "seed": "held decode",
          "attacker": {"units": {"infantry": 3, "tank": 2}}, "defender": {"units": {"infantry": 4}}}
HANDLE = "response = JSON.parse(handle(JSON.stringify(request)));"  # web/kit/worker.js: each call's answer
# worker.js as served, its Python held for two minutes by any link's decode: a decode as slow as the
# hostile link's was before pycore's fix. The page's own budget, not the test, has to stop it.
HANG = "if (request?.decode) { const until = Date.now() + 120_000; while (Date.now() < until); } "
slow_decode = served_with_one_line_changed("web/kit/worker.js", HANDLE, HANG + HANDLE)


def test_a_decode_past_its_limit_is_stopped_said_in_words_and_the_fresh_worker_answers(watched_context, dist_server):
    # Its own context, without a service worker: a cached worker.js would not pass through the route.
    page = watched_context(service_workers="block").new_page()
    page.route("**/kit/worker.js", slow_decode)
    link = pycore_handle({"op": "share", "encode": LINKED})["result"]["link"]
    battle = BattleScreen(page)
    page.goto(dist_server.url + "#" + link)
    # The link's battle is on the form at once (read in JavaScript), waiting for pycore's decode.
    expect(battle.stepper("attacker", "infantry")).to_have_value("3", timeout=READY_TIMEOUT)
    expect(battle.html).to_have_attribute("data-restarted", "1", timeout=READY_TIMEOUT)
    expect(battle.message).to_contain_text("Opening this link took longer than 10\u00a0s and was stopped", timeout=ACTION_TIMEOUT)
    # The link opened the page: nothing was entered, so nothing is said to be kept.
    expect(battle.message).to_have_text(re.compile(r".*It may be damaged, or made to be slow\.$"))
    expect(battle.message).not_to_contain_text("This link is damaged")
    expect(battle.message).not_to_contain_text("too big")
    battle.wait_ready()  # the fresh worker
    page.wait_for_timeout(300)
    shot(page, "stopped-link")
    # What the link put on the form stays there, and the fresh worker rolls it.
    expect(battle.stepper("attacker", "infantry")).to_have_value("3")
    expect(battle.stepper("attacker", "tank")).to_have_value("2")
    expect(battle.stepper("defender", "infantry")).to_have_value("4")
    battle.roll()
    expect(battle.rounds.first).to_contain_text("Attacker fires")
    expect(battle.html).to_have_attribute("data-restarted", "1")  # one stop, one restart: no loop
    # The calls that waited behind the decode went to the fresh worker: the Odds screen has its rulesets.
    page.locator("#tab-screen-calc").click()
    expect(page.locator("#calc-go")).to_have_text("Calculate", timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-ruleset option")).not_to_have_count(0)
    # The Odds screen shown starts its own worker (worker.js through the route): ready before the test ends.
    expect(page.locator("#screen-calc")).to_have_attribute("data-calc-ready", "true", timeout=READY_TIMEOUT)


SMALL_CALC = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
              "attacker": {"units": {"infantry": 3, "tank": 2}}, "defender": {"units": {"infantry": 4}}}
# Every request the page posts to a worker, as posted (the page's own client, unchanged).
RECORD_POSTS = """(() => {
  const post = Worker.prototype.postMessage;
  window.luckdialPosted = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.request) window.luckdialPosted.push(message.request);
    return post.call(this, message, ...rest);
  };
})()"""


def test_a_shared_calculation_runs_within_its_estimate_and_a_margin_not_the_blind_60_s(page: Page, dist_server):
    """The Odds screen asks a link's calculation's estimate on the page's worker and runs it on its own: the
    calculation that runs is the one estimated, so its budget is 4 × the estimate + 20 s (here the floor, 30 s)."""
    page.add_init_script(RECORD_POSTS)
    link = pycore_handle({"op": "share", "encode": SMALL_CALC})["result"]["link"]
    page.goto(dist_server.url + "#" + link)
    expect(page.locator("#calc-card")).to_be_visible(timeout=READY_TIMEOUT)
    budgets = page.evaluate("""async () => {
      const {budgetFor, knownEstimate} = await import("./kit/budgets.js");
      return window.luckdialPosted.filter((r) => r.op === "calc")
        .map((r) => ({estimate: r.estimate === true, known: knownEstimate(r), ms: budgetFor(r, knownEstimate(r)).ms}));
    }""")
    asked = [b for b in budgets if b["estimate"]]
    run = [b for b in budgets if not b["estimate"]]
    assert len(asked) == 1 and asked[0]["ms"] == 10_000, budgets
    assert len(run) == 1 and run[0]["known"] is not None and run[0]["known"] < 2, budgets
    assert run[0]["ms"] == 30_000, budgets

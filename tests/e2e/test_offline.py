"""Offline at the table: the second visit works with no server; a first visit that cannot load says so."""

import pytest
from playwright.sync_api import expect

from luckdial_page import READY_TIMEOUT, BattleScreen, served_with_one_line_changed

pytestmark = pytest.mark.fresh_context  # a first visit's offline copy, and the context's offline state


def test_second_visit_works_offline(page, context, make_dist_server):
    server = make_dist_server()
    screen = BattleScreen(page).open(server.url)
    # The service worker has precached the site once it controls the page.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT)
    server.stop()
    context.set_offline(True)

    page.reload()
    screen.wait_ready()
    screen.choose(system="lowluck")
    screen.add("attacker", "tank", 2)
    screen.add("defender", "infantry", 2)
    screen.roll()
    expect(screen.rounds.first).to_contain_text("Attacker fires")


def test_first_visit_that_cannot_load_python_says_so(page, dist_server):
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    screen = BattleScreen(page).open(dist_server.url, wait_ready=False)
    expect(page.locator("html")).to_have_attribute("data-ready", "failed", timeout=READY_TIMEOUT)
    expect(screen.message).to_contain_text("Could not load the battle engine.")
    expect(screen.message).to_contain_text("connect once, then Luckdial works offline")
    expect(screen.roll_button).to_be_disabled()
    # The form still works, so nothing on the page is blank.
    screen.add("attacker", "infantry", 1)
    expect(screen.stepper("attacker", "infantry")).to_have_value("1")


WATCHDOG = "Date.now() - lastProgress > STALL_MS"  # web/kit/worker.js's stall test
QUICKER = 15  # the test's worker gives up after 45 s / 15 = 3 s of silence, and still says "45 s"
# worker.js as served, its watchdog firing 15 times sooner: the same give-up path, 42 s less waiting.
quicker_watchdog = served_with_one_line_changed("web/kit/worker.js", WATCHDOG, f"{WATCHDOG} / {QUICKER}")


def test_a_first_visit_that_stalls_gives_up_and_says_so(page, dist_server):
    """Offline on a first visit the wasm download may hang for ever: the 45 s watchdog ends the wait."""
    held = []
    page.route("**/kit/worker.js", quicker_watchdog)
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))  # never answered
    screen = BattleScreen(page).open(dist_server.url, wait_ready=False)
    expect(page.locator("html")).to_have_attribute("data-ready", "failed", timeout=READY_TIMEOUT)
    assert held, "the wasm request was never made, so nothing stalled"
    expect(screen.message).to_contain_text("connect once, then Luckdial works offline")
    expect(screen.message).to_contain_text("45 s")
    expect(screen.roll_button).to_be_disabled()

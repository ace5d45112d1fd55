"""A file that does not arrive: a download cut short (a service worker stopped while answering, a
dropped connection) must not leave the page dead.

- One of the page's own modules (web/kit/load-guard.js): the page reloads itself once, as a player
  would, keeping its address; if the file is still missing it says so with a Reload button, never
  "Loading the rules…" for ever on a blank page. The page's modules (app.js and what it imports) run
  only when every one of them arrived: one missing file and none runs.
- One of Python's downloads (web/kit/client.js): a first start that failed gets one more worker before
  the page says the engine is offline (test_offline: a download that always fails is said).

The service worker is blocked so that each file is asked of the server, where the test makes it fail.
"""

from __future__ import annotations

from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, served_with_one_line_changed

MODULE = "**/kit/link.js"  # imported by app.js (and kit/start.js): without it no module of the page runs
WASM = "**/pyodide/pyodide.asm.wasm"  # the first of Python's downloads (web/kit/worker.js)


def asked(page, wanted) -> list[str]:
    """The URLs of the page's requests that `wanted` accepts, added as they are made."""
    urls: list[str] = []
    page.on("request", lambda request: wanted(request) and urls.append(request.url))
    return urls


def loads_of(page) -> list[str]:
    """Each load of the page: its document's request, the first one and every reload."""
    return asked(page, lambda request: request.resource_type == "document")


def test_a_module_lost_once_reloads_the_page_which_then_starts_where_it_was(watched_context, dist_server):
    page = watched_context(service_workers="block").new_page()
    loads = loads_of(page)
    # Lost for the whole first load (its preload and the module graph's own request), there on the next.
    page.route(MODULE, lambda route: route.abort() if len(loads) < 2 else route.continue_())
    page.goto(dist_server.url + "#odds")
    # The page's modules ran (app.js built the tabs) and read the address kept by the reload.
    expect(page.locator("#tab-screen-calc")).to_have_attribute("aria-selected", "true", timeout=READY_TIMEOUT)
    assert len(loads) == 2, loads  # the file lost, then the page loaded again
    assert page.url.endswith("#odds")
    expect(page.locator("#page-incomplete")).to_have_count(0)


def test_a_module_still_missing_after_the_reload_is_said_with_a_reload_button(watched_context, dist_server):
    page = watched_context(service_workers="block").new_page()
    loads = loads_of(page)
    page.route(MODULE, lambda route: route.abort())
    page.goto(dist_server.url)
    note = page.locator("#page-incomplete")
    expect(note).to_contain_text("Luckdial did not load completely", timeout=ACTION_TIMEOUT)
    expect(note).to_contain_text("Check the connection, then reload")
    expect(page.locator("html")).to_have_attribute("data-ready", "failed")
    expect(page.locator("#engine-status")).to_have_text("Not loaded")
    assert len(loads) == 2, loads  # one reload, not a loop
    page.wait_for_timeout(500)
    assert len(loads) == 2, loads
    # The player's tap on Reload once the file is back: the page starts.
    page.unroute(MODULE)
    page.locator("#page-reload").tap()
    expect(page.locator("#tabs [role=tab]")).to_have_count(5, timeout=READY_TIMEOUT)  # app.js ran
    expect(note).to_have_count(0)
    expect(page.locator("html")).not_to_have_attribute("data-ready", "failed")


def test_pythons_download_cut_short_once_is_asked_again_and_the_engine_starts(watched_context, dist_server):
    page = watched_context(service_workers="block").new_page()
    downloads = asked(page, lambda request: request.url.endswith("/pyodide.asm.wasm"))
    page.route(WASM, lambda route: route.abort() if len(downloads) < 2 else route.continue_())
    page.goto(dist_server.url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
    assert len(downloads) == 2, downloads  # cut short, then the second worker's download
    expect(page.locator("#engine-status")).not_to_contain_text("offline")


CLIENT_STALL = "const STALL_MS = 45_000;"  # web/kit/client.js: no word from the worker for this long
QUICKER = 5  # the test's page gives a silent worker 9 s, not 45
# kit/client.js as served, its stall limit 5 times shorter: the same path, 36 s less waiting.
quicker_client = served_with_one_line_changed("web/kit/client.js", CLIENT_STALL, CLIENT_STALL[:-1] + f" / {QUICKER};")


def test_a_worker_whose_script_never_comes_is_started_again(watched_context, dist_server):
    """A service worker stopped while answering can leave a request hanging: the worker's own script never
    arrives and the worker never says a word. The page tries one more worker instead of giving up."""
    page = watched_context(service_workers="block").new_page()
    held = []
    page.route("**/kit/client.js", quicker_client)
    page.route("**/kit/worker.js", lambda route: route.continue_() if held else held.append(route))
    page.goto(dist_server.url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
    assert len(held) == 1, held  # the first worker's script, never answered; the second one's was


SCREEN_FILE = "**/journal/journal-view.js"  # imported by the Luck screen alone (web/journal/journal.js), not by app.js


def test_a_screens_file_that_does_not_arrive_is_said_on_that_screen_and_the_others_work(watched_context, dist_server):
    """A hidden screen's module graph missing a file: web/app.js asks for it after the shown screen is built and
    awaits it in its turn; the failed import is said on that screen with a Reload button, the other screens
    start, and nothing is an uncaught error (the watched context fails on one at teardown). Before, the
    import's rejection went unhandled until the screen's turn came: an uncaught error in the page."""
    page = watched_context(service_workers="block").new_page()   # each file asked of the server, where it fails
    page.route(SCREEN_FILE, lambda route: route.abort())
    page.goto(dist_server.url + "#odds")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
    page.locator("#tab-screen-journal").click()
    note = page.locator("#screen-journal-missing")
    expect(note).to_contain_text("This screen did not load: a file of the page did not arrive.", timeout=ACTION_TIMEOUT)
    expect(note).to_contain_text("Check the connection, then reload")
    expect(note.locator("button")).to_have_text("Reload")
    page.locator("#tab-screen-wif").click()
    expect(page.locator("#wif-attack")).to_be_visible()       # the screens after it in turn were built
    expect(page.locator("#screen-wif-missing")).to_have_count(0)

"""A file of the page that does not arrive (web/kit/load-guard.js): the page reloads itself once, as a
player would, keeping its address; if the file is still missing it says so with a Reload button, never
"Loading the rules…" for ever on a blank page.

The page's modules (app.js and what it imports) run only when every one of them arrived: one missing
file and none runs. The service worker is blocked so that each file is asked of the server, where the
test makes it fail.
"""

from __future__ import annotations

from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT

MODULE = "**/kit/link.js"  # imported by app.js (and kit/start.js): without it no module of the page runs


def loads_of(page, loads: list[str]) -> None:
    """Records each load of the page (its document's request: the first one and every reload)."""
    page.on("request", lambda request: request.resource_type == "document" and loads.append(request.url))


def test_a_module_lost_once_reloads_the_page_which_then_starts_where_it_was(watched_context, dist_server):
    page = watched_context(service_workers="block").new_page()
    loads: list[str] = []
    loads_of(page, loads)
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
    loads: list[str] = []
    loads_of(page, loads)
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

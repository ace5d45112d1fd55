"""A planned turn's forum post on the Turn panel (docs/api.md `plan_turn` `report`): "Post it on a forum" copies
pycore's post of the answer shown — the same text CPython writes for the same request, its link back to this
page — in each format, and axe finds nothing with the panel shown."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import pycore_handle
from test_turn_panel import TURN, TurnPanel


def test_the_turn_is_posted_as_pycore_writes_it_with_its_link(page: Page, dist_server):
    page.set_viewport_size({"width": 360, "height": 740})
    turn = TurnPanel(page).open(dist_server.url)
    expect(page.locator("#calc-turn-post")).to_be_hidden()
    turn.enter(TURN["available"])
    turn.plan()
    panel = page.locator("#calc-turn-post")
    expect(panel).to_be_visible()
    want = pycore_handle({**TURN, "report": {"page": dist_server.url}})["result"]["report"]
    assert "Karelia (2 infantry; worth 3 IPCs): send 2 infantry, 1 tank — 81 % to take it (likely)" in want["text"]
    for format_ in ("bbcode", "markdown", "text"):
        page.locator(f"#calc-turn-copy-{format_}").click()
        expect(page.locator("#calc-turn-copy-status")).not_to_be_empty()
        # The box holds what was copied (shown where the clipboard refused it, hidden where it took it).
        assert page.locator("#calc-turn-post-fallback").input_value() == want[format_]
    box = page.locator("#calc-turn-copy-bbcode").bounding_box()
    assert box and box["height"] >= 44, box
    assert_no_axe_violations(page, "odds: a planned turn's forum post copied, at 360 px")

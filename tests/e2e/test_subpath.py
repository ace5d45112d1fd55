"""GitHub Pages serves a project site under a sub-path (/<repo>/): every address must be relative.

The site is served at /luckdial/ of a server whose root is not the site; a request for
anything outside /luckdial/ would be a 404 here and a broken page on GitHub Pages.
"""

from __future__ import annotations

import os
import pathlib
import tempfile
import threading
import urllib.parse

import pytest
from playwright.sync_api import expect

from luckdial_page import READY_TIMEOUT, BattleScreen

ROOT = pathlib.Path(__file__).resolve().parents[2]
SUB = "/luckdial/"


@pytest.fixture
def subpath_url():
    """dist/ served as /luckdial/ (a symlink in an otherwise empty root), like a GitHub Pages project site."""
    from build import DIST, make_server

    with tempfile.TemporaryDirectory() as root:
        os.symlink(DIST, pathlib.Path(root) / SUB.strip("/"))
        server = make_server(pathlib.Path(root), "127.0.0.1", 0, quiet=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_port}{SUB}"
        finally:
            server.shutdown()
            server.server_close()
            thread.join(timeout=10)


def test_the_site_works_under_a_sub_path(page, traffic, subpath_url):
    screen = BattleScreen(page).open(subpath_url)
    screen.choose(ruleset="classic", system="lowluck")
    screen.add("attacker", "tank", 2)
    screen.add("defender", "infantry", 1)
    screen.roll()
    first = screen.log()

    # The service worker's scope is the sub-path, not the server's root.
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert urllib.parse.urlsplit(scope).path == SUB

    # A share link made here opens here, with the same battle.
    link = page.evaluate("location.href")
    assert urllib.parse.urlsplit(link).path == SUB and "#v1." in link
    other = page.context.new_page()
    replay = BattleScreen(other).open(link)
    expect(replay.rounds).to_have_count(len(first), timeout=READY_TIMEOUT)
    assert replay.log() == first

    paths = {urllib.parse.urlsplit(url).path for url in traffic.urls if url.startswith("http")}
    assert paths and all(path.startswith(SUB) for path in paths), sorted(p for p in paths if not p.startswith(SUB))

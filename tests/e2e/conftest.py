"""End-to-end fixtures: every test's browser traffic is recorded and must stay on 127.0.0.1;
no page may throw an uncaught error or trip its Content-Security-Policy."""

from __future__ import annotations

import urllib.parse

import pytest

LOCAL_SCHEMES = {"data", "blob", "about"}


def is_local(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.scheme in {"http", "https", "ws"} and parts.hostname == "127.0.0.1"


class Traffic:
    """Every request the context made (pages, their workers, the service worker)."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.errors: list[str] = []
        self.csp: list[str] = []

    def outside(self) -> list[str]:
        return [url for url in self.urls if not is_local(url)]

    def saw(self, path_end: str) -> bool:
        return any(urllib.parse.urlsplit(url).path.endswith(path_end) for url in self.urls)


@pytest.fixture(autouse=True)
def traffic(context):
    """Records requests and uncaught page errors; after the test, asserts none left 127.0.0.1."""
    record = Traffic()
    context.on("request", lambda request: record.urls.append(request.url))
    context.on("weberror", lambda error: record.errors.append(str(error.error)))
    context.on("console", lambda message: "Content Security Policy" in message.text and record.csp.append(message.text))
    yield record
    assert record.urls, "the request recorder saw nothing: it cannot vouch for the test"
    assert record.outside() == [], f"requests left 127.0.0.1: {record.outside()}"
    assert record.errors == [], f"uncaught errors in the page: {record.errors}"
    assert record.csp == [], f"the Content-Security-Policy blocked something: {record.csp}"


@pytest.fixture
def watched_context(browser, browser_context_args, traffic):
    """Another browser context (nothing shared with the default one: storage, cache, service worker),
    a phone like it unless told otherwise, its traffic and errors recorded with the default one's."""
    made = []

    def make(**overrides):
        made.append(browser.new_context(**{**browser_context_args, **overrides}))
        made[-1].on("request", lambda request: traffic.urls.append(request.url))
        made[-1].on("weberror", lambda error: traffic.errors.append(str(error.error)))
        made[-1].on("console", lambda message: "Content Security Policy" in message.text
                    and traffic.csp.append(message.text))
        return made[-1]

    yield make
    for context in made:
        context.close()

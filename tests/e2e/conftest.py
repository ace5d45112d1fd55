"""End-to-end fixtures: every test's browser traffic is recorded and must stay on 127.0.0.1;
no page may throw an uncaught error or trip its Content-Security-Policy."""

from __future__ import annotations

import time
import typing
import urllib.parse

import pytest
from playwright.sync_api import Error as PlaywrightError

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
        self.error_pages: list = []   # the page of each error (its uncaught errors), or None
        self.csp: list[str] = []
        # For a failure's report, in order: (when, what, the request it is about or None), the request's
        # maker read only at the report (its page may close meanwhile); and the requests not answered yet.
        self.said: list[tuple[str, str, object]] = []
        self.pending: dict = {}  # request → when it was made
        self.began = time.monotonic()

    def at(self) -> str:
        return f"+{time.monotonic() - self.began:.1f} s"

    def web_error(self, error) -> None:
        self.errors.append(str(error.error))
        self.error_pages.append(error.page)

    def real_errors(self) -> list[str]:
        """The uncaught errors, less those a test's own closing of a page caused: a module whose import was
        still on its way when the test closed its page fails with "Failed to fetch dynamically imported
        module" (its request aborted, net::ERR_ABORTED, by a page closed since). Playwright reports such an
        error with no page at all once its page is gone (``WebError.page`` None), so None counts as closed:
        a live page's failed import always names its page. A navigation aborts a module's request the same way
        (the page reloads or opens a link while a hidden screen still loads): its request is then recorded as
        net::ERR_ABORTED, and that import is forgiven too. Any other error counts: a module that failed to
        arrive (404, network) never shows as aborted."""
        aborted = {said.split("request failed: ", 1)[1].split(" (", 1)[0] for _, said, _ in self.said
                   if said.startswith("request failed: ") and "net::ERR_ABORTED" in said}
        prefix = "Failed to fetch dynamically imported module: "
        return [text for text, page in zip(self.errors, self.error_pages)
                if not (text.startswith(prefix.rstrip(": "))
                        and (page is None or page.is_closed() or text[len(prefix):].strip() in aborted))]

    def asked(self, request) -> None:
        self.urls.append(request.url)
        self.pending[request] = self.at()

    def finished(self, request) -> None:
        self.pending.pop(request, None)

    def failed(self, request) -> None:
        self.finished(request)
        self.said.append((self.at(), f"request failed: {request.url} ({request.failure})", request))

    def console(self, message) -> None:
        if "Content Security Policy" in message.text:
            self.csp.append(message.text)
        if message.type in {"error", "warning"}:
            self.said.append((self.at(), f"console {message.type}: {message.text} "
                                         f"({message.location.get('url', '')})", None))

    @staticmethod
    def kind(request) -> str:
        """The request's type and who made it: the service worker, or a page (still open or closed since)."""
        if request.service_worker:
            return f"{request.resource_type}, by the service worker"
        try:
            page = request.frame.page
        except PlaywrightError:  # no frame to name: nothing more to say
            return request.resource_type
        return f"{request.resource_type}, by a page {'closed since' if page.is_closed() else 'still open'}"

    def story(self) -> str:
        """What the browser said that may explain a failure (a module that never arrived, a refused request),
        and the requests still unanswered; times from the test's start."""
        said = [f"{when} {what}" + (f" — {self.kind(request)}" if request else "") for when, what, request in self.said]
        waiting = [f"still unanswered: {request.url} (made {made}; {self.kind(request)})"
                   for request, made in self.pending.items()]
        return "\n".join(said + waiting) or "no failed or unanswered request, no console error or warning"

    def outside(self) -> list[str]:
        return [url for url in self.urls if not is_local(url)]

    def saw(self, path_end: str) -> bool:
        return any(urllib.parse.urlsplit(url).path.endswith(path_end) for url in self.urls)


FRESH = "fresh_context"
"""The marker of a test (or module, ``pytestmark``) that needs a browser context of its own: a first
visit (no service worker, no cached site, no Python snapshot), or one it changes for good."""


class _Phone(typing.NamedTuple):
    """The returning phone's context, and its keeper: an about:blank tab never closed, whose DevTools
    session wipes the site's storage between tests (a tab opened for each wipe cost ~0.45 CPU-s a test)."""

    context: object
    keeper: object
    devtools: object


@pytest.fixture(scope="session")
def _returning_phone(browser, browser_context_args):
    """One context per worker for the tests that are not about a first visit: a phone that has been here
    before (the site and Python's snapshot cached), as most players' is. Each test still starts with
    nothing of the last one (see ``context``); only the boot is the return visit's, ~3 CPU-seconds
    instead of ~6 for a first one (measured on this 2-core machine), which is most of the e2e tier."""
    made = browser.new_context(**browser_context_args)
    keeper = made.new_page()
    yield _Phone(made, keeper, made.new_cdp_session(keeper))
    made.close()


def _forget_the_last_test(phone: _Phone, origin: str) -> None:
    """What a test may leave in the shared context, gone: its pages (and their sessionStorage), its
    routes, permissions and offline state, and the origin's cookies, localStorage and IndexedDB. The
    service worker, its cache and Python's snapshot stay: they are the returning phone's."""
    shared = phone.context
    for page in list(shared.pages):
        if page != phone.keeper:
            page.close()
    shared.unroute_all(behavior="ignoreErrors")
    shared.clear_permissions()
    shared.set_offline(False)
    shared.clear_cookies()
    phone.devtools.send("Storage.clearDataForOrigin", {
        "origin": origin.rstrip("/"), "storageTypes": "local_storage,indexeddb,cookies,websql,file_systems"})


@pytest.fixture
def context(request, browser, browser_context_args, dist_server):
    """The test's browser context: the worker's returning phone, wiped of the last test's state, or a
    first visit's own context for tests marked ``fresh_context``."""
    if request.node.get_closest_marker(FRESH):
        fresh = browser.new_context(**browser_context_args)
        yield fresh
        fresh.close()
        return
    phone = request.getfixturevalue("_returning_phone")
    yield phone.context
    _forget_the_last_test(phone, dist_server.url)


def _recorders(record: Traffic) -> dict:
    """A browser context's listeners into ``record``: its requests, uncaught page errors and CSP refusals."""
    return {
        "request": record.asked,
        "requestfinished": record.finished,
        "requestfailed": record.failed,
        "weberror": record.web_error,
        "console": record.console,
    }


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's report carries what the browser said (``Traffic.story``): a page that never got ready
    says why only there, e.g. a module whose request failed."""
    report = yield
    record = getattr(item, "luckdial_traffic", None)
    if report.failed and record is not None:
        report.sections.append(("what the browser said", record.story()))
    return report


@pytest.fixture(autouse=True)
def traffic(request, context):
    """Records requests and uncaught page errors; after the test, asserts none left 127.0.0.1."""
    record = Traffic()
    request.node.luckdial_traffic = record
    listeners = _recorders(record)
    for event, listener in listeners.items():
        context.on(event, listener)
    yield record
    for event, listener in listeners.items():
        context.remove_listener(event, listener)
    assert record.urls, "the request recorder saw nothing: it cannot vouch for the test"
    assert record.outside() == [], f"requests left 127.0.0.1: {record.outside()}"
    assert record.real_errors() == [], f"uncaught errors in the page: {record.real_errors()}"
    assert record.csp == [], f"the Content-Security-Policy blocked something: {record.csp}"


@pytest.fixture
def watched_context(browser, browser_context_args, traffic):
    """Another browser context (nothing shared with the default one: storage, cache, service worker),
    a phone like it unless told otherwise, its traffic and errors recorded with the default one's."""
    made = []

    def make(**overrides):
        made.append(browser.new_context(**{**browser_context_args, **overrides}))
        for event, listener in _recorders(traffic).items():
            made[-1].on(event, listener)
        return made[-1]

    yield make
    for context in made:
        context.close()

"""Drive the battle screen the way a player does: taps on steppers and buttons."""

from __future__ import annotations

import json
import pathlib
import sys

from playwright.sync_api import Page, expect

ROOT = pathlib.Path(__file__).resolve().parents[2]
READY_TIMEOUT = 180_000  # loading Python on a busy 2-core machine; a ceiling, not a measurement
ACTION_TIMEOUT = 60_000


def pycore_handle(request: dict) -> dict:
    """The same request answered by pycore under CPython: the reference the browser must match."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pycore.api import handle

    return json.loads(handle(json.dumps(request)))


def words_of(error: dict, label: str = "") -> str:
    """pycore's message as the page says it (web/kit/feedback.js inWords): its field path left out, the
    control's own name in front. The path itself ("attacker.units.tank") is never shown (#29 item 5)."""
    message = error["message"]
    rest = message[len(error["field"]) + 2:] if error.get("field") and message.startswith(error["field"] + ": ") else message
    return f"{label}: {rest}" if label else rest[:1].upper() + rest[1:]


def served_with_one_line_changed(file: str, line: str, changed: str):
    """A route handler serving the site's `file` as built, with its one `line` replaced by `changed`: a
    timer shortened for a test, the page's own code path otherwise. Fails, naming the file, when the line
    is no longer there exactly once (the page changed: the test must follow)."""
    def serve(route) -> None:
        response = route.fetch()
        source = response.text()
        assert source.count(line) == 1, f"{file} no longer has {line!r} once: update the test"
        route.fulfill(response=response, body=source.replace(line, changed))

    return serve


def unchecked_link(request: dict) -> str:
    """A v1 link packing `request` as given, unchecked: a link made by hand, or by an older Luckdial."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pycore.share import link_for

    return link_for(request)


class BattleScreen:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.html = page.locator("html")
        self.roll_button = page.locator("#roll")
        self.press_button = page.locator("#press")
        self.retreat_button = page.locator("#retreat")
        self.share_button = page.locator("#share")
        self.new_button = page.locator("#new-battle")
        self.message = page.locator("#battle-message")
        self.rounds = page.locator("#battle-log .round")
        self.outcome = page.locator("#outcome")
        self.seed = page.locator("#seed")
        self.form = page.locator("#battle-form")

    def open(self, url: str, *, wait_ready: bool = True) -> "BattleScreen":
        self.page.goto(url)
        if wait_ready:
            self.wait_ready()
        return self

    def wait_ready(self) -> None:
        expect(self.html).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)

    def stepper(self, side: str, unit: str):
        return self.page.locator(f"#{side}-{unit}")

    def add(self, side: str, unit: str, count: int = 1) -> None:
        plus = self.page.locator(f"#{side}-forces .unit-row[data-unit={unit}] .step.plus")
        for _ in range(count):
            plus.click()

    def add_forces(self, forces: dict) -> None:
        """Both sides' units by taps, as a request writes them: {"attacker": {unit: n}, "defender": {...}}."""
        for side, units in forces.items():
            for unit, count in units.items():
                self.add(side, unit, count)

    def remove(self, side: str, unit: str, count: int = 1) -> None:
        minus = self.page.locator(f"#{side}-forces .unit-row[data-unit={unit}] .step.minus")
        for _ in range(count):
            minus.click()

    def choose(self, *, ruleset: str | None = None, system: str | None = None) -> None:
        if ruleset:
            self.page.locator("#ruleset").select_option(ruleset)
        if system:
            self.page.locator(f"label[for='system-{system}']").click()

    def roll(self) -> None:
        self.roll_button.click()
        expect(self.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)

    def press_on(self) -> None:
        before = self.rounds.count()
        self.press_button.click()
        expect(self.rounds).to_have_count(before + 1, timeout=ACTION_TIMEOUT)

    def log(self) -> list[dict]:
        """What the log shows, round by round: per side the dice (at, value, hit), hits and the forces left."""
        return self.page.locator("#battle-log").evaluate("""log => [...log.querySelectorAll('.round')].map(round => ({
            round: Number(round.dataset.round),
            sides: Object.fromEntries([...round.querySelectorAll('.fire')].map(fire => [fire.dataset.side, {
                dice: [...fire.querySelectorAll('.die')].map(die => [Number(die.dataset.at), Number(die.dataset.value), die.classList.contains('hit')]),
                text: fire.innerText,
            }])),
            left: [round.querySelector('.left-attacker').innerText, round.querySelector('.left-defender').innerText],
        }))""")

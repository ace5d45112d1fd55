"""The Turn panel on the Odds screen (docs/api.md `plan_turn`, docs/rules.md §9.5): one army over several
territories, entered by taps on a phone — the pool is the form's attacker, territory 1 its defender, territory 2
a card added — planned on the calculator's worker and said in words, each figure pycore's answer to the same
request under CPython; the answer's link in the address, opening Odds with the turn filled in and planned; a
pool too big to plan said in the core's own words with every entry kept, a wrong chance marked on its card;
the panel fits 360 and 390 px phones, and axe finds nothing with it open and answered."""

from __future__ import annotations

import math
import re
import urllib.parse

import pytest
from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, pycore_handle, words_of
from test_calc_page import CalcScreen
from test_odds_fit import assert_fits


# The turn the taps below enter: 1942-2e, dice (the page's default system); 4 infantry, 2 tanks and a fighter
# against Karelia (2 infantry, worth 3) and Ukraine (an infantry and an artillery, worth 2), the brief's example.
TURN = {"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "dice"},
        "available": {"infantry": 4, "tank": 2, "fighter": 1},
        "battles": [{"name": "Karelia", "territory_value": 3, "defender": {"units": {"infantry": 2}}},
                    {"name": "Ukraine", "territory_value": 2, "defender": {"units": {"infantry": 1, "artillery": 1}}}]}


def decoded(link: str) -> dict:
    envelope = pycore_handle({"op": "share", "decode": link})
    assert envelope["ok"], envelope
    return envelope["result"]["request"]


class TurnPanel(CalcScreen):
    def tap(self, selector: str, count: int = 1) -> None:
        for _ in range(count):
            self.page.locator(selector).click()

    def enter(self, pool: dict[str, int], turn: dict = TURN) -> None:
        """The pool on the form's attacker, territory 1 on its defender, then each other territory as a card, by taps."""
        self.choose(ruleset=turn["ruleset"], system=turn["system"]["name"])
        for unit, count in pool.items():
            self.add("attacker", unit, count)
        first, *others = turn["battles"]
        for unit, count in first["defender"]["units"].items():
            self.add("defender", unit, count)
        self.tap("#calc-turn > summary")
        self.page.locator("#calc-turn-1-name").fill(first["name"])
        self.tap("#calc-turn-1-value ~ .step.plus", first["territory_value"])
        for n, battle in enumerate(others, start=2):
            self.tap("#calc-turn-add")
            expect(self.page.locator(f"#calc-turn-{n}-units")).to_have_attribute("open", "")  # a new card opens to be filled
            self.page.locator(f"#calc-turn-{n}-name").fill(battle["name"])
            for unit, count in battle["defender"]["units"].items():
                self.tap(f"#calc-turn-{n}-forces .unit-row[data-unit={unit}] .step.plus", count)
            self.tap(f"#calc-turn-{n}-value ~ .step.plus", battle["territory_value"])

    def plan(self) -> None:
        self.tap("#calc-turn-go")
        expect(self.page.locator("#calc-turn-status")).to_be_hidden(timeout=ACTION_TIMEOUT)


# The units' names as the page says a count of them (kit/rulesets.js countName), in the ruleset's order.
PLURAL = {"infantry": "infantry", "artillery": "artillery", "tank": "tanks", "fighter": "fighters"}
ORDER = ["infantry", "artillery", "tank", "fighter"]


def army_words(units: dict[str, int]) -> str:
    """"2 infantry, 1 tank and 1 fighter"."""
    parts = [f"{units[u]} {PLURAL[u] if units[u] != 1 else u}" for u in ORDER if units.get(u)]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def check_answer(page: Page, want: dict) -> None:
    """The answer's words, territory by territory, against pycore's figures for the same request."""
    for i, assignment in enumerate(want["assignments"], start=1):
        row = page.locator(f"#calc-turn-result-{i}")
        assert math.isclose(float(row.get_attribute("data-p")), assignment["takes"], abs_tol=1e-12)
        assert math.isclose(float(row.get_attribute("data-swing")), assignment["swing"], abs_tol=1e-12)
        expect(row.locator("h3")).to_have_text(f"{assignment['battle']}: send {army_words(assignment['units'])}")
        expect(row.locator(".turn-chance")).to_contain_text(f"{round(100 * assignment['takes'])} % to take it")
        expect(row.locator(".turn-swing")).to_have_text(
            f"Average swing +{assignment['swing']:.1f} IPCs: you gain {assignment['swing']:.1f} IPCs on average")
    expect(page.locator("#calc-turn-total")).to_have_text(f"In all: +{want['swing']:.1f} IPCs on average")


def test_a_turn_of_two_territories_entered_by_taps_is_planned_and_said_in_words(page: Page, dist_server):
    page.set_viewport_size({"width": 390, "height": 844})
    turn = TurnPanel(page).open(dist_server.url)
    turn.enter(TURN["available"])
    expect(page.locator("#calc-turn-pool")).to_have_text("Your units: 4 infantry, 2 tanks and 1 fighter.")
    expect(page.locator("#calc-turn-1-enemy")).to_have_text("Defenders: 2 infantry (the defender above).")
    expect(page.locator("#calc-turn-2-units > summary")).to_contain_text("1 infantry and 1 artillery")
    turn.plan()
    want = pycore_handle(TURN)["result"]
    # pycore's answer (CPython, docs/api.md's example): Karelia 2 infantry + 1 tank, Ukraine the rest, nothing home.
    assert want["assignments"][0]["units"] == {"infantry": 2, "tank": 1}, want
    check_answer(page, want)
    expect(page.locator("#calc-turn-result-1 h3")).to_have_text("Karelia: send 2 infantry and 1 tank")
    expect(page.locator("#calc-turn-result-1 .turn-chance")).to_have_text("81 % to take it — likely")
    expect(page.locator("#calc-turn-result-2 h3")).to_have_text("Ukraine: send 2 infantry, 1 tank and 1 fighter")
    expect(page.locator("#calc-turn-home")).to_have_text("Stay home: nothing — every unit is sent")
    expect(page.locator("#calc-turn-total")).to_have_text("In all: +8.6 IPCs on average")
    # The page asked exactly the turn entered: its address holds the link pycore makes of TURN.
    assert decoded(urllib.parse.urlsplit(page.url).fragment) == decoded(want["link"])
    page.locator("#calc-turn-share").click()
    expect(page.locator("#calc-turn-link")).to_have_value(dist_server.url.rstrip("/") + "/#" + want["link"])
    assert_no_axe_violations(page, "odds: the Turn panel open, two territories planned")


def test_a_turns_link_opens_odds_with_the_turn_filled_in_and_planned(page: Page, dist_server):
    link = pycore_handle({"op": "share", "encode": TURN})["result"]["link"]
    page.emulate_media(reduced_motion="reduce")
    page.goto(dist_server.url + "#" + link)
    expect(page.locator("#calc-turn-card")).to_be_visible(timeout=READY_TIMEOUT)  # estimated under 2 s: planned at once
    expect(page.locator("#screen-calc")).to_be_visible()
    expect(page.locator("#calc-turn")).to_have_attribute("open", "")
    expect(page.locator("#calc-attacker-infantry")).to_have_value("4")
    expect(page.locator("#calc-attacker-fighter")).to_have_value("1")
    expect(page.locator("#calc-defender-infantry")).to_have_value("2")
    expect(page.locator("#calc-turn-1-name")).to_have_value("Karelia")
    expect(page.locator("#calc-turn-1-value")).to_have_value("3")
    expect(page.locator("#calc-turn-2-name")).to_have_value("Ukraine")
    expect(page.locator("#calc-turn-2-artillery")).to_have_value("1")
    expect(page.locator("#calc-turn-2-value")).to_have_value("2")
    check_answer(page, pycore_handle(TURN)["result"])


def test_a_pool_too_big_to_plan_says_the_cores_words_and_keeps_every_entry(page: Page, dist_server):
    page.set_viewport_size({"width": 390, "height": 844})
    turn = TurnPanel(page).open(dist_server.url)
    pool = {"infantry": 20, "artillery": 6, "tank": 10, "fighter": 5}
    turn.enter(pool)
    turn.plan()
    refused = pycore_handle({**TURN, "available": pool})
    assert refused["error"]["type"] == "too_big", refused  # the core's own cost budget, before any work
    message = page.locator("#calc-turn-message")
    # The core's words as the page says them; only its time, which pycore scales to the runtime it runs in
    # (Pyodide's is slower than CPython's), differs.
    said = re.escape(words_of(refused["error"])).replace(re.escape(refused["error"]["detail"]["estimate"]["words"]), "up to [0-9.]+ minutes")
    assert "minutes" in refused["error"]["message"]
    expect(message).to_have_text(re.compile(f"^{said}$"))
    expect(message).not_to_contain_text("Traceback")
    expect(page.locator("#calc-turn-card")).to_have_count(0)
    for unit, count in pool.items():
        expect(page.locator(f"#calc-attacker-{unit}")).to_have_value(str(count))
    expect(page.locator("#calc-turn-1-name")).to_have_value("Karelia")
    expect(page.locator("#calc-turn-2-name")).to_have_value("Ukraine")
    expect(page.locator("#calc-turn-2-infantry")).to_have_value("1")
    expect(page.locator("#calc-turn-2-value")).to_have_value("2")

    # A chance over 100 % on territory 2: pycore names battles[1].target, marked on that card's row.
    for unit in pool:
        page.locator(f"#calc-attacker-{unit}").fill(str(TURN["available"].get(unit, 0)))
    page.locator("#calc-turn-2-target").fill("150")
    turn.plan()
    wrong = pycore_handle({**TURN, "battles": [TURN["battles"][0], {**TURN["battles"][1], "target": 1.5}]})["error"]
    assert wrong["field"] == "battles[1].target", wrong
    expect(page.locator("#calc-turn-2-target-field")).to_have_class("fold-row invalid")
    expect(page.locator("#calc-turn-2-target")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#calc-turn-message")).to_have_text(words_of(wrong, "Ukraine, chance"))


# A defence (the side switch): the form's defender is the pool to place, its attacker the threat on Karelia;
# Ukraine's threat and the infantry already there are a card's.
DEFENCE = {"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "dice"}, "side": "defender",
           "available": {"infantry": 4, "tank": 1},
           "battles": [{"name": "Karelia", "territory_value": 3, "attacker": {"units": {"infantry": 3, "tank": 2}}},
                       {"name": "Ukraine", "territory_value": 2, "attacker": {"units": {"infantry": 2, "artillery": 1}},
                        "defender": {"units": {"infantry": 1}}}]}


def test_a_defence_placed_over_two_territories_is_said_in_words(page: Page, dist_server):
    page.set_viewport_size({"width": 390, "height": 844})
    turn = TurnPanel(page).open(dist_server.url)
    turn.choose(ruleset="1942-2e", system="dice")
    turn.add("attacker", "infantry", 3)
    turn.add("attacker", "tank", 2)
    turn.add("defender", "infantry", 4)
    turn.add("defender", "tank", 1)
    turn.tap("#calc-turn > summary")
    turn.tap("label[for=calc-turn-side-defender]")
    expect(page.locator("#calc-turn-pool")).to_have_text("Your units: 4 infantry and 1 tank.")
    expect(page.locator("#calc-turn-1-enemy")).to_have_text("Attackers: 3 infantry and 2 tanks (the attacker above).")
    expect(page.locator("#calc-turn-1-target-field")).to_be_hidden()  # a target is a chance to take: attacking only
    page.locator("#calc-turn-1-name").fill("Karelia")
    turn.tap("#calc-turn-1-value ~ .step.plus", 3)
    turn.tap("#calc-turn-add")
    page.locator("#calc-turn-2-name").fill("Ukraine")
    turn.tap("#calc-turn-2-forces .unit-row[data-unit=infantry] .step.plus", 2)
    turn.tap("#calc-turn-2-forces .unit-row[data-unit=artillery] .step.plus", 1)
    turn.tap("#calc-turn-2-there-units > summary")
    turn.tap("#calc-turn-2-there-forces .unit-row[data-unit=infantry] .step.plus", 1)
    turn.tap("#calc-turn-2-value ~ .step.plus", 2)
    turn.plan()
    want = pycore_handle(DEFENCE)["result"]
    # pycore: Karelia is let fall (its 3 IPCs lost), everything goes to Ukraine.
    assert [a["units"] for a in want["assignments"]] == [{}, {"infantry": 4, "tank": 1}], want
    expect(page.locator("#calc-turn-result-1 h3")).to_have_text("Karelia: place nothing there")
    expect(page.locator("#calc-turn-result-1 .turn-chance")).to_have_text("0 % to hold it — no chance")
    expect(page.locator("#calc-turn-result-1 .turn-swing")).to_have_text("Average swing −3.0 IPCs: you lose 3.0 IPCs on average")
    expect(page.locator("#calc-turn-result-2 h3")).to_have_text("Ukraine: place 4 infantry and 1 tank there")
    assert math.isclose(float(page.locator("#calc-turn-result-2").get_attribute("data-p")), want["assignments"][1]["holds"], abs_tol=1e-12)
    expect(page.locator("#calc-turn-home")).to_have_text("Keep back: nothing — every unit is placed")
    expect(page.locator("#calc-turn-total")).to_have_text(f"In all: +{want['swing']:.1f} IPCs on average")
    assert decoded(urllib.parse.urlsplit(page.url).fragment) == decoded(want["link"])


@pytest.mark.parametrize("width,height", [(360, 740), (390, 844)])
def test_the_turn_panel_fits_a_phone_open_and_answered(page: Page, dist_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    turn = TurnPanel(page).open(dist_server.url)
    turn.enter(TURN["available"])
    assert_fits(page, width, "the Turn panel open, two territories entered")
    turn.plan()
    expect(page.locator("#calc-turn-card")).to_be_visible()
    assert_fits(page, width, "the Turn panel answered")
    # Every control of the panel a thumb's height: the steppers' 52 px, the fields' 48 px, the buttons' 48 px.
    short = page.locator("#calc-turn").evaluate("""box => [...box.querySelectorAll('button, input, summary')]
        .filter(n => n.getClientRects().length && n.getBoundingClientRect().height < 44)
        .map(n => `${n.id || n.textContent.trim()}: ${n.getBoundingClientRect().height}`)""")
    assert short == [], short
    page.evaluate("() => document.querySelector('#calc-turn-heading').scrollIntoView({block: 'start'})")
    page.locator("#calc-turn-1").scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('#calc-turn-side').scrollIntoView({block: 'start'})")
    turn.tap("label[for=calc-turn-side-defender]")  # the same territories, defended: the threat and "yours already there"
    turn.tap("#calc-turn-2-there-units > summary")
    expect(page.locator("#calc-turn-2-there-units")).to_have_attribute("open", "")
    assert_fits(page, width, "the Turn panel switched to defending, every fold open")

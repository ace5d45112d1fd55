"""The plan of attack on the Odds screen (issue #30 item 7): later waves and the counter-attack entered by taps
on a 390 px phone, each wave with its own retreat rules, answered as pycore answers the same request under
CPython (docs/api.md, calc "Plan of attack"); the plan in the share link and restored from it, an old link
still a single battle, a long plan's link waiting for a tap (its estimate asked first), the cheapest army put
on the form with one tap, and a plan's mistakes marked where they were entered."""

from __future__ import annotations

import json
import math
import re
import urllib.parse

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, pycore_handle, words_of
from test_calc_page import CalcScreen, expected_calc

SHOTS = "/tmp"

# The two-wave plan the taps below enter: 1942-2e, dice; wave 1 retreats when pressing on is expected to lose
# IPCs (the best rule, docs/rules.md §9.3), wave 2 before an aircraft is lost with a chance above 40 %, and the
# defender counter-attacks what took the territory, worth 2 IPCs.
PLAN = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
        "attacker": {"units": {"infantry": 3, "artillery": 1}}, "defender": {"units": {"infantry": 3, "tank": 1}},
        "retreat_profit": 0,
        "waves": [{"attacker": {"units": {"tank": 2, "fighter": 1}}, "retreat_air_loss": 0.4}],
        "counter": {"attacker": {"units": {"infantry": 2, "tank": 1}}},
        "territory_value": 2}


def close(a: float, b: float, tol: float = 1e-9) -> bool:
    return math.isclose(a, b, abs_tol=tol)


def link_of(request: dict) -> str:
    return pycore_handle({"op": "share", "encode": request})["result"]["link"]


def decoded(link: str) -> dict:
    envelope = pycore_handle({"op": "share", "decode": link})
    assert envelope["ok"], envelope
    return envelope["result"]["request"]


class PlanScreen(CalcScreen):
    def tap(self, selector: str, count: int = 1) -> None:
        for _ in range(count):
            self.page.locator(selector).click()

    def add_units(self, base: str, units: dict[str, int]) -> None:
        """Taps on the + of each unit's row of a card's forces (base: "wave-2", "counter", "have")."""
        for unit, count in units.items():
            self.tap(f"#calc-{base}-forces .unit-row[data-unit={unit}] .step.plus", count)

    def enter_plan(self) -> None:
        """PLAN, by taps (and the 40 typed in the percentage field)."""
        self.choose(ruleset="1942-2e", system="dice")
        self.add("attacker", "infantry", 3)
        self.add("attacker", "artillery", 1)
        self.add("defender", "infantry", 3)
        self.add("defender", "tank", 1)
        self.tap("#calc-more > summary")
        self.tap("label[for=calc-retreat-profit]")
        self.tap("#calc-add-wave")
        expect(self.page.locator("#calc-wave-2-units")).to_have_attribute("open", "")  # a new wave opens to be filled
        self.add_units("wave-2", {"tank": 2, "fighter": 1})
        self.tap("#calc-wave-2-rules > summary")
        self.page.locator("#calc-wave-2-retreat-air").fill("40")
        self.tap("#calc-add-counter")
        self.add_units("counter", {"infantry": 2, "tank": 1})
        self.tap("#calc-territory-value ~ .step.plus", 2)

    def number(self, selector: str) -> float:
        return float(self.page.locator(selector).get_attribute("data-p"))


def check_plan_answer(calc: PlanScreen, want: dict) -> None:
    """The plan's card against pycore's answer to the same request: every figure drawn from its data-p."""
    page = calc.page
    assert close(calc.number("#calc-takes"), want["takes_territory"])
    assert close(calc.number("#calc-holds"), want["holds"])
    assert close(calc.number("#calc-profit"), want["exchange"]["cost_swing"])
    expect(page.locator("#calc-holds")).to_have_text(f"{100 * want['holds']:.1f}%")
    assert close(calc.number("#calc-worth-rules"), want["retreat_value"]["with_rules"])
    assert close(calc.number("#calc-worth-end"), want["retreat_value"]["to_the_end"])
    assert close(calc.number("#calc-retakes"), want["counter"]["retakes"])
    for wave in want["waves"]:
        row = f"#calc-wave-result-{wave['wave']}"
        assert close(calc.number(f"{row} .takes"), wave["takes_territory"])
        assert close(calc.number(f"{row} .left"), wave["defender_left"])
        shown = calc.outcome(row)
        for name, p in wave["outcome"].items():
            assert close(shown[name][0], p), (wave["wave"], name, shown)
        if wave["fights"] < 1:  # the wave is not fought where an earlier one took the territory
            assert close(shown["not_fought"][0], 1 - wave["fights"])
    # The profit's law (the exchange's: the counter-attack and the territory's value in it), each bar the sum
    # of pycore's law over the profits it covers.
    law = {int(ipc): p for ipc, p in want["exchange"]["swing"].items()}
    bars = page.locator("#calc-profit-law svg").evaluate(
        "svg => [...svg.querySelectorAll('rect.bar')].map(r => [Number(r.dataset.lo), Number(r.dataset.hi), Number(r.dataset.p)])")
    assert bars and close(sum(p for _, _, p in bars), 1.0)
    for lo, hi, p in bars:
        assert close(p, sum(q for ipc, q in law.items() if lo <= ipc <= hi)), (lo, hi, p)
    covered = sorted(ipc for ipc in law if any(lo <= ipc <= hi for lo, hi, _ in bars))
    assert covered == sorted(law), "every profit is in a bar"


def test_a_two_wave_plan_with_a_counter_attack_entered_by_taps_is_answered_as_pycore_answers_it(page: Page, dist_server):
    calc = PlanScreen(page).open(dist_server.url)
    calc.enter_plan()
    # The cards fold to a line that says the army and the rules.
    expect(page.locator("#calc-wave-2-units > summary")).to_contain_text("2 tanks, 1 fighter · 22 IPCs")  # 2 × 6 + 10
    expect(page.locator("#calc-wave-2-rules > summary")).to_contain_text("saves its aircraft above 40%")
    expect(page.locator("#calc-more > summary")).to_contain_text("Wave 1: round limit, retreat")
    page.screenshot(path=f"{SHOTS}/calc-plan-entered.png")
    calc.calculate()
    expect(page.locator("#calc-result-heading")).to_have_text("Plan of attack")
    want = expected_calc(PLAN)
    check_plan_answer(calc, want)
    # The page asked exactly the plan entered: its fragment is the link pycore makes of PLAN.
    fragment = urllib.parse.urlsplit(page.url).fragment
    assert decoded(fragment) == decoded(link_of(PLAN))
    expect(page.locator("#calc-method")).to_contain_text("Exact")
    page.locator("#calc-result").screenshot(path=f"{SHOTS}/calc-plan-answer.png")

    # The cheapest army for this plan, by taps: nothing to search first, then the units at hand, 60 % to hold.
    calc.tap("#calc-cheapest > summary")
    calc.tap("#calc-cheapest-go")
    expect(page.locator("#calc-cheapest-note")).to_have_text("Enter the units you have first: how many of each type could attack.")
    calc.add_units("have", {"infantry": 4, "artillery": 2, "tank": 2})
    page.locator("#calc-cheapest-target").fill("60")
    calc.tap("label[for=calc-cheapest-goal-holds]")
    calc.tap("#calc-cheapest-go")
    expect(page.locator("#calc-cheapest-answer")).to_be_visible(timeout=ACTION_TIMEOUT)
    asked = {**PLAN, "recommend": {"available": {"infantry": 4, "artillery": 2, "tank": 2}, "target": 0.6, "goal": "holds"}}
    want = expected_calc(asked)["recommend"]
    assert json.loads(page.locator("#calc-army-cheapest").get_attribute("data-units")) == want["cheapest"]["units"]
    assert decoded(urllib.parse.urlsplit(page.url).fragment) == decoded(link_of(asked))
    for card in ("#calc-wave-2-units", "#calc-wave-2-rules", "#calc-counter-units"):  # every control of the plan shown
        page.locator(card).evaluate("box => { box.open = true; }")
    assert_no_axe_violations(page, "odds: a plan entered and answered, its cheapest army found")


def test_a_plan_link_opens_filled_in_and_answers_and_an_old_link_is_a_single_battle_again(page: Page, dist_server):
    link = link_of(PLAN)
    page.emulate_media(reduced_motion="reduce")
    page.goto(dist_server.url + "#" + link)
    calc = PlanScreen(page)
    expect(calc.card).to_be_visible(timeout=READY_TIMEOUT)  # within LINK_START_SECONDS: started at once
    expect(page.locator("#calc-wave-2-tank")).to_have_value("2")
    expect(page.locator("#calc-wave-2-fighter")).to_have_value("1")
    expect(page.locator("#calc-wave-2-retreat-air")).to_have_value("40")
    expect(page.locator("#calc-retreat-profit")).to_be_checked()
    expect(page.locator("#calc-counter-infantry")).to_have_value("2")
    expect(page.locator("#calc-counter-tank")).to_have_value("1")
    expect(page.locator("#calc-territory-value")).to_have_value("2")
    expect(page.locator("#calc-wave-2-units")).not_to_have_attribute("open", "")  # a link's cards fold
    check_plan_answer(calc, expected_calc(PLAN))
    assert urllib.parse.urlsplit(page.url).fragment == link, "the page's link is the one it opened"

    # An old link (one battle, before plans) in the same tab: the plan goes, a single battle's card comes.
    old = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
           "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}}
    page.goto(dist_server.url + "#" + link_of(old))
    expect(page.locator("#calc-waves .plan-card")).to_have_count(0, timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-counter-box .plan-card")).to_have_count(0)
    expect(calc.card).not_to_have_attribute("data-plan", "true", timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-result-heading")).to_have_text("Odds")
    assert close(calc.outcome()["attacker_wins"][0], 0.25)  # 1 v 1 infantry, Revised: 4/16 (test_calc_page.py)
    expect(page.locator("#calc-territory-value")).to_have_value("0")


def test_a_long_plan_link_waits_for_a_tap_and_the_cheapest_army_goes_on_the_form_with_one_tap(page: Page, dist_server):
    """The cheapest army's search makes the plan dearer than a link may start unasked (the core's estimate, asked
    first as for one battle); the tap answers it, and "Use this army" puts the army found on the form as wave 1."""
    request = {**PLAN, "recommend": {"available": {"infantry": 4, "artillery": 2, "tank": 2}, "target": 0.6, "goal": "holds"}}
    estimate = pycore_handle({**request, "estimate": True})["result"]["estimate"]
    assert estimate["within_budget"] and estimate["seconds"] > 2, estimate
    page.emulate_media(reduced_motion="reduce")
    page.goto(dist_server.url + "#" + link_of(request))
    section = page.locator("#screen-calc")
    expect(section).to_have_attribute("data-link-waiting", "true", timeout=READY_TIMEOUT)
    expect(page.locator("#calc-message")).to_contain_text("Not started yet: this calculation takes")
    expect(page.locator("#calc-card")).to_have_count(0)
    expect(page.locator("#calc-have-infantry")).to_have_value("4")
    expect(page.locator("#calc-have-tank")).to_have_value("2")
    expect(page.locator("#calc-cheapest-target")).to_have_value("60")
    expect(page.locator("#calc-cheapest-goal-holds")).to_be_checked()
    page.screenshot(path=f"{SHOTS}/calc-plan-link-waiting.png")

    calc = PlanScreen(page)
    calc.go.click()
    answer = page.locator("#calc-cheapest-answer")
    expect(answer).to_be_visible(timeout=ACTION_TIMEOUT)
    want = expected_calc(request)["recommend"]
    cheapest = page.locator("#calc-army-cheapest")
    assert json.loads(cheapest.get_attribute("data-units")) == want["cheapest"]["units"]
    assert int(cheapest.get_attribute("data-cost")) == want["cheapest"]["cost"]
    assert close(float(cheapest.get_attribute("data-chance")), want["cheapest"]["chance"])
    assert json.loads(page.locator("#calc-army-best").get_attribute("data-units")) == want["best_profit"]["units"]
    expect(answer).to_contain_text(f"{want['armies']} armies worked out exactly")
    page.screenshot(path=f"{SHOTS}/calc-plan-cheapest.png")

    page.locator("#calc-use-cheapest").click()
    for unit in ("infantry", "artillery", "tank", "fighter"):
        expect(page.locator(f"#calc-attacker-{unit}")).to_have_value(str(want["cheapest"]["units"].get(unit, 0)))
    expect(page.locator("#calc-message")).to_contain_text("Wave 1 is now")
    # The army found, as wave 1 of the same plan, holds the territory with the chance the search gave it.
    calc.card.evaluate("card => { card.dataset.old = 'true'; }")
    calc.go.click()
    expect(page.locator("#calc-card:not([data-old]) #calc-holds")).to_be_visible(timeout=ACTION_TIMEOUT)
    assert close(calc.number("#calc-holds"), want["cheapest"]["chance"])


def test_a_plans_mistakes_are_marked_on_its_cards_and_nothing_entered_is_lost(page: Page, dist_server):
    calc = PlanScreen(page).open(dist_server.url)
    calc.choose(ruleset="1942-2e", system="dice")
    calc.add("attacker", "infantry", 2)
    calc.add("defender", "infantry", 2)
    calc.tap("#calc-add-wave")  # and no units in it
    calc.tap("#calc-add-wave")
    calc.add_units("wave-3", {"tank": 1})
    calc.tap("#calc-wave-3-rules > summary")
    page.locator("#calc-wave-3-retreat-strafe").fill("120")
    calc.go.click()
    error = pycore_handle({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
                           "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 2}},
                           "waves": [{"attacker": {"units": {}}}, {"attacker": {"units": {"tank": 1}}, "retreat_strafe": 1.2}]})["error"]
    assert error["field"] == "waves[0].attacker.units"
    note = page.locator("#calc-field-error")
    expect(note).to_have_text(words_of(error, "Wave 2"), timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-wave-2")).to_have_class("plan-card attacker invalid")
    calc.add_units("wave-2", {"infantry": 1})  # fixed: now the strafe's chance is the mistake
    calc.go.click()
    error = pycore_handle({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
                           "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 2}},
                           "waves": [{"attacker": {"units": {"infantry": 1}}}, {"attacker": {"units": {"tank": 1}}, "retreat_strafe": 1.2}]})["error"]
    assert error["field"] == "waves[1].retreat_strafe"
    expect(note).to_have_text(words_of(error, "Wave 3, strafe"), timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-wave-3-retreat-strafe")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#calc-wave-3-retreat-strafe")).to_have_value("120")
    expect(page.locator("#calc-wave-3-tank")).to_have_value("1")
    page.screenshot(path=f"{SHOTS}/calc-plan-mistake.png")
    # A reload gives the plan being entered back (kit/draft.js), its mistake as typed.
    page.reload()
    expect(page.locator("#calc-wave-3-retreat-strafe")).to_have_value("120", timeout=READY_TIMEOUT)
    expect(page.locator("#calc-wave-3-tank")).to_have_value("1")
    expect(page.locator("#calc-wave-2-infantry")).to_have_value("1")


def test_the_luck_dial_of_a_plan_keeps_its_cheapest_army_in_the_link(page: Page, dist_server):
    """The dial asks the plan under every system without the search (nine searches would be nine times the
    work); the page's link after it still holds the search as entered."""
    request = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}},
               "waves": [{"attacker": {"units": {"infantry": 1}}}],
               "recommend": {"available": {"infantry": 2}, "target": 0.5, "goal": "takes"}}
    page.emulate_media(reduced_motion="reduce")
    page.goto(dist_server.url + "#" + link_of(request))
    calc = PlanScreen(page)
    expect(calc.card).to_be_visible(timeout=READY_TIMEOUT)
    opened = urllib.parse.urlsplit(page.url).fragment
    page.locator("#calc-cheapest > summary").click()
    page.locator("#calc-cheapest-target").fill("40")  # the search as it now stands, not as the link had it
    request["recommend"]["target"] = 0.4
    calc.dial_go.click()
    dice = page.locator("#calc-dial-list .dial-row[data-system=dice]")
    expect(dice).to_have_class(re.compile(r"\bdone\b"), timeout=ACTION_TIMEOUT)
    page.wait_for_function("opened => location.hash.slice(1) !== opened", arg=opened, timeout=ACTION_TIMEOUT)
    # The dice row is the plan's outcome: pycore's, for the plan without its search.
    plain = {key: value for key, value in request.items() if key != "recommend"}
    want = expected_calc(plain)["outcome"]
    assert close(calc.outcome("#calc-dial-list .dial-row[data-system=dice]")["attacker_wins"][0], want["attacker_wins"])
    assert decoded(urllib.parse.urlsplit(page.url).fragment) == decoded(link_of(request))

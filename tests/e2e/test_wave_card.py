"""A later wave's own controls on the Odds screen, at a phone's width (docs/api.md "Plan of attack", docs/rules.md
§9.1–§9.2): the defender's reinforcements before the wave, its territory's value and the defender's order of loss
under "More for this wave", "Only draws AA fire, then retreats" (rounds 0) with the other rules hidden, "Keep N
land units" as a stepper, and every counter-attack of `counters` a card of its own. A link fills them, the answer
is pycore's for the same request, the link comes back unchanged; taps write them into the link; an error pycore
names on one of them is shown at its control."""

from __future__ import annotations

import urllib.parse

from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, pycore_handle, words_of
from test_calc_page import expected_calc
from test_calc_plan import PlanScreen, close, decoded, link_of

SHOTS = "/tmp"

# 1942-2e, dice: 2 infantry and a tank attack 2 infantry and an AA gun; wave 2, two fighters, only draws the AA
# fire, and 1 infantry joins the defender before it; wave 3 keeps 2 land units, the territory is worth 5 IPCs if
# it takes it, and the defender loses his AA gun first from wave 3 on; three counter-attacks follow in turn, the
# holders losing their tank first in the last (not shown on the page, kept from the link).
# pycore works it exactly in 0.2 s.
WAVES = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
         "attacker": {"units": {"infantry": 2, "tank": 1}}, "defender": {"units": {"infantry": 2, "aa_gun": 1}},
         "waves": [{"attacker": {"units": {"fighter": 2}}, "rounds": 0, "reinforce": {"units": {"infantry": 1}}},
                   {"attacker": {"units": {"infantry": 2, "tank": 1}}, "keep_land": 2, "territory_value": 5,
                    "defender_order_of_loss": ["aa_gun", "infantry"]}],
         "counters": [{"attacker": {"units": {"infantry": 2}}}, {"attacker": {"units": {"tank": 1}}},
                      {"attacker": {"units": {"infantry": 1}}, "defender": {"order_of_loss": ["tank", "infantry"]}}]}


def a_second_wave(page: Page, dist_server, system: str) -> PlanScreen:
    """The Odds screen with 2 infantry attacking 1 (1942-2e, ``system``) and an empty wave 2 added, by taps."""
    calc = PlanScreen(page).open(dist_server.url)
    calc.choose(ruleset="1942-2e", system=system)
    calc.add("attacker", "infantry", 2)
    calc.add("defender", "infantry", 1)
    calc.tap("#calc-add-wave")
    return calc


def test_a_link_fills_every_wave_control_and_runs_as_pycore(page: Page, dist_server):
    want = expected_calc(WAVES)
    link = link_of(WAVES)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(dist_server.url + "#" + link)
    calc = PlanScreen(page)
    expect(calc.card).to_be_visible(timeout=READY_TIMEOUT)
    expect(page.locator("#calc-holds")).to_be_visible(timeout=ACTION_TIMEOUT)
    assert close(calc.number("#calc-takes"), want["takes_territory"])
    assert close(calc.number("#calc-holds"), want["holds"])
    for k, counter in enumerate(want["counters"]):  # a row per counter-attack, each its own hold
        own = f"-{k + 1}" if k else ""
        assert close(calc.number(f"#calc-retakes{own}"), counter["retakes"])
        expect(page.locator(f"#calc-counter-result{own} h4")).to_contain_text(f"Counter-attack {k + 1}")

    # Wave 2: its reinforcements in their rows, the AA-only choice on and the rules it cannot have hidden.
    expect(page.locator("#calc-wave-2-extras")).to_have_text("1 infantry · 3 IPCs join the defender before it")
    expect(page.locator("#calc-wave-2-reinforce > summary")).to_contain_text("1 infantry")
    calc.tap("#calc-wave-2-reinforce > summary")
    expect(page.locator("#calc-wave-2-reinforce-infantry")).to_have_value("1")
    calc.tap("#calc-wave-2-rules > summary")
    expect(page.locator("#calc-wave-2-aa-only")).to_be_checked()
    expect(page.locator("#calc-wave-2-aa-only-reason")).to_be_visible()
    expect(page.locator("#calc-wave-2-rounds")).to_be_hidden()
    expect(page.locator("#calc-wave-2-keep-land")).to_be_hidden()
    # Wave 3: keep 2 land units on the stepper; its value and the defender's order under "More for this wave".
    calc.tap("#calc-wave-3-rules > summary")
    expect(page.locator("#calc-wave-3-keep-land")).to_have_value("2")
    expect(page.locator("#calc-wave-3-aa-only")).not_to_be_checked()
    calc.tap("#calc-wave-3-more > summary")
    expect(page.locator("#calc-wave-3-more > summary")).to_contain_text("2 set")
    expect(page.locator("#calc-wave-3-value")).to_have_value("5")
    calc.tap("#calc-wave-3-defender-ool-more > summary")
    expect(page.locator("#calc-wave-3-defender-ool .ool-row")).to_have_count(2)  # his 2 infantry, AA gun and 1 joined
    assert page.locator("#calc-wave-3-defender-ool .ool-row").evaluate_all(
        "rows => rows.map((row) => row.dataset.unit)") == ["aa_gun", "infantry"]
    # The three counter-attacks, each a card; at four the button to add one more is gone.
    expect(page.locator("#calc-counter-box .plan-card")).to_have_count(3)
    expect(page.locator("#calc-counter-3-infantry")).to_have_value("1")
    expect(page.locator("#calc-add-counter")).to_have_text("+ Another counter-attack")
    assert urllib.parse.urlsplit(page.url).fragment == link, "the link stays what it was"
    for part in ("wave-2", "wave-3", "wave-3-more"):  # as a phone shows them, under the page's header
        page.evaluate(f"document.querySelector('#calc-{part}').scrollIntoView({{block: 'start'}}); window.scrollBy(0, -130)")
        page.screenshot(path=f"{SHOTS}/wave-card-{part}-390.png")
    assert_no_axe_violations(page, "odds: every control of a wave card open, at 390 px")

    calc.tap("#calc-add-counter")
    expect(page.locator("#calc-counter-box .plan-card")).to_have_count(4)
    expect(page.locator("#calc-add-counter")).to_be_hidden()
    calc.add_units("counter-4", {"artillery": 1})
    calc.tap("#calc-counter-2-remove")  # the tank's; the later ones move up
    expect(page.locator("#calc-counter-box .plan-card")).to_have_count(3)
    expect(page.locator("#calc-counter-2-infantry")).to_have_value("1")
    calc.go.click()
    linked = decoded(link)  # pycore's canonical form: an order of loss written out in full
    wanted = [linked["counters"][0], linked["counters"][2], {"attacker": {"units": {"artillery": 1}}}]
    # The link's own answer already had a third counter-attack's row: wait for the new link, not for a row.
    asked = linked
    for _ in range(ACTION_TIMEOUT // 250):
        fragment = urllib.parse.urlsplit(page.url).fragment
        asked = decoded(fragment) if fragment != link else linked
        if asked["counters"] == wanted:
            break
        page.wait_for_timeout(250)
    assert asked["counters"] == wanted
    expect(page.locator("#calc-counter-result-3")).to_be_visible(timeout=ACTION_TIMEOUT)
    assert asked["waves"] == linked["waves"], "the waves' fields go back as they came"


def test_taps_write_a_waves_fields_into_the_link_and_an_error_shows_at_its_control(page: Page, dist_server):
    page.set_viewport_size({"width": 360, "height": 740})
    calc = a_second_wave(page, dist_server, "dice")
    calc.add_units("wave-2", {"fighter": 1})
    calc.tap("#calc-wave-2-reinforce > summary")
    calc.tap("#calc-wave-2-reinforce-forces .unit-row[data-unit=infantry] .step.plus")
    calc.tap("#calc-wave-2-rules > summary")
    calc.tap("#calc-wave-2-keep-land-field .step.plus", 2)
    page.locator("label[for=calc-wave-2-aa-only]").click()
    expect(page.locator("#calc-wave-2-keep-land")).to_be_hidden()
    calc.tap("#calc-wave-2-more > summary")
    page.locator("#calc-wave-2-value").fill("4")
    calc.go.click()
    expect(calc.card).to_be_visible(timeout=ACTION_TIMEOUT)
    want = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
            "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}},
            "waves": [{"attacker": {"units": {"fighter": 1}}, "rounds": 0, "reinforce": {"units": {"infantry": 1}},
                       "territory_value": 4}]}
    expect(page.locator("#calc-wave-result-2")).to_be_visible(timeout=ACTION_TIMEOUT)
    assert decoded(urllib.parse.urlsplit(page.url).fragment) == decoded(link_of(want))
    assert close(calc.number("#calc-takes"), expected_calc(want)["takes_territory"])

    # Off again, the rules come back as entered: keep 2 land units; a count below 0 is pycore's to name.
    page.locator("label[for=calc-wave-2-aa-only]").click()
    expect(page.locator("#calc-wave-2-keep-land")).to_have_value("2")
    page.locator("#calc-wave-2-reinforce-infantry").fill("-1")
    calc.go.click()
    error = pycore_handle({**want, "waves": [{"attacker": {"units": {"fighter": 1}}, "keep_land": 2,
                                              "reinforce": {"units": {"infantry": -1}}, "territory_value": 4}]})["error"]
    assert error["field"] == "waves[0].reinforce.units.infantry"
    expect(page.locator("#calc-field-error")).to_have_text(words_of(error, "Wave 2, reinforcements, infantry"),
                                                           timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-wave-2-reinforce-infantry")).to_have_attribute("aria-invalid", "true")
    page.locator("#calc-wave-2-reinforce-infantry").fill("1")
    page.locator("#calc-wave-2-value").fill("1001")  # past what a territory may be worth
    calc.go.click()
    error = pycore_handle({**want, "waves": [{"attacker": {"units": {"fighter": 1}}, "keep_land": 2,
                                              "reinforce": {"units": {"infantry": 1}}, "territory_value": 1001}]})["error"]
    assert error["field"] == "waves[0].territory_value"
    expect(page.locator("#calc-field-error")).to_have_text(words_of(error, "Wave 2, territory's value"), timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-wave-2-value")).to_have_attribute("aria-invalid", "true")
    # The AA-only choice under coloured dice, which do not work it: pycore's refusal is said at the choice.
    page.locator("label[for=calc-wave-2-aa-only]").click()
    calc.choose(system="colored")
    calc.go.click()
    colored = {**want, "system": {"name": "colored"}, "waves": [{**want["waves"][0], "territory_value": 1001}]}
    error = pycore_handle(colored)["error"]
    assert error["field"] == "waves[0].rounds"
    expect(page.locator("#calc-field-error")).to_have_text(words_of(error, "Wave 2, only draws AA fire"), timeout=ACTION_TIMEOUT)
    expect(page.locator("#calc-wave-2-aa-only")).to_have_attribute("aria-invalid", "true")
    # Nothing fires before round 1 at sea: the AA-only choice is a land battle's.
    calc.choose(kind="sea")
    expect(page.locator("#calc-wave-2-aa-only")).to_be_hidden()


def test_a_system_with_its_own_calculator_is_not_offered_reinforcements_or_an_aa_only_wave(page: Page, dist_server):
    """A&A Chess and coloured dice are worked by their own calculators, which refuse reinforcements and a wave that
    leaves before round 1 (docs/rules.md §9.1; pycore names the field): an empty wave card there does not offer
    them, and offers them again under dice. One entered before the system changed stays, with the refusal at it."""
    page.set_viewport_size({"width": 390, "height": 844})
    calc = a_second_wave(page, dist_server, "chess")
    calc.tap("#calc-wave-2-rules > summary")
    expect(page.locator("#calc-wave-2-reinforce")).to_be_hidden()
    expect(page.locator("#calc-wave-2-aa-only")).to_be_hidden()
    expect(page.locator("#calc-wave-2-rounds")).to_be_visible()  # the card's other rules are offered as ever
    for system in ("chess", "colored"):  # the refusals the hidden controls would meet
        request = {"op": "calc", "ruleset": "1942-2e", "system": {"name": system},
                   "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}}
        error = pycore_handle({**request, "waves": [{"attacker": {"units": {"infantry": 1}},
                                                      "reinforce": {"units": {"infantry": 1}}}]})["error"]
        assert error["field"] == "waves[0].reinforce", error
        error = pycore_handle({**request, "waves": [{"attacker": {"units": {"infantry": 1}}, "rounds": 0}]})["error"]
        assert error["field"] == "waves[0].rounds", error

    calc.choose(system="dice")
    expect(page.locator("#calc-wave-2-reinforce")).to_be_visible()
    expect(page.locator("#calc-wave-2-aa-only")).to_be_visible()
    calc.tap("#calc-wave-2-reinforce > summary")
    calc.tap("#calc-wave-2-reinforce-forces .unit-row[data-unit=infantry] .step.plus")
    calc.choose(system="colored")  # something entered stays in sight where it is refused; the empty choice goes
    expect(page.locator("#calc-wave-2-reinforce")).to_be_visible()
    expect(page.locator("#calc-wave-2-reinforce-infantry")).to_have_value("1")
    expect(page.locator("#calc-wave-2-aa-only")).to_be_hidden()

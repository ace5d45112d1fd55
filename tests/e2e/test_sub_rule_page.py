"""The sub step's printed reading on the Odds screen (docs/rules.md §2 "The sub step"): offered in plain
words only for a sea battle of a ruleset whose printed rule differs (1942-2e here), sent as
``sub_rule: "printed"``, answered as pycore answers it, kept in the link."""

from __future__ import annotations

import urllib.parse

from playwright.sync_api import expect

from luckdial_page import READY_TIMEOUT, pycore_handle
from test_calc_page import CalcScreen, close, expected_calc

SHOTS = "/tmp"


def test_printed_sub_rule_is_offered_at_sea_and_changes_the_odds(page, context, dist_server):
    calc = CalcScreen(page).open(dist_server.url)
    field = page.locator("#calc-printed-subs-field")
    calc.choose(ruleset="1942-2e", system="dice")
    expect(field).to_be_hidden()                      # a land battle: no subs
    calc.choose(kind="sea")
    expect(field).to_be_visible()
    expect(field).to_contain_text("Subs facing a destroyer fire with the other units")
    calc.add("attacker", "submarine")
    calc.add("attacker", "fighter")
    for unit in ("battleship", "destroyer", "submarine"):
        calc.add("defender", unit)
    page.locator("#calc-printed-subs").check()
    calc.calculate()
    request = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "sub_rule": "printed",
               "attacker": {"units": {"submarine": 1, "fighter": 1}},
               "defender": {"units": {"battleship": 1, "destroyer": 1, "submarine": 1}}}
    printed, seed = expected_calc(request), expected_calc({k: v for k, v in request.items() if k != "sub_rule"})
    shown = calc.outcome()
    for name, (p, _) in shown.items():
        assert close(p, printed["outcome"][name]), (name, p, printed["outcome"][name])
    assert any(not close(printed["outcome"][n], seed["outcome"][n], 1e-3) for n in printed["outcome"])
    field.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/sub_rule_odds_390.png")
    page.set_viewport_size({"width": 360, "height": 740})
    field.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/sub_rule_odds_360.png")

    page.locator("#calc-share").click()
    url = page.locator("#calc-link").input_value()
    decoded = pycore_handle({"op": "share", "decode": urllib.parse.urlsplit(url).fragment})
    assert decoded["result"]["request"]["sub_rule"] == "printed"
    other = CalcScreen(context.new_page())
    other.page.goto(url)
    expect(other.card).to_be_visible(timeout=READY_TIMEOUT)
    expect(other.page.locator("#calc-printed-subs")).to_be_checked()
    assert other.outcome() == shown

    calc.choose(ruleset="revised")                     # Revised's printed rule is the default: not offered
    expect(field).to_be_hidden()


def test_battle_screen_rolls_under_the_printed_sub_rule(page, dist_server):
    """The Battle screen offers the same choice at sea; the roll is pycore's for the same request and seed."""
    from luckdial_page import BattleScreen

    screen = BattleScreen(page).open(dist_server.url)
    field = page.locator("#printed-subs-field")
    screen.choose(ruleset="1942-2e", system="dice")
    expect(field).to_be_hidden()
    page.locator("label[for='kind-sea']").click()
    expect(field).to_be_visible()
    screen.add("attacker", "submarine", 2)
    screen.add("attacker", "fighter")
    screen.add("defender", "destroyer")
    screen.add("defender", "submarine")
    page.locator("label[for='printed-subs']").click()
    screen.seed.fill("printed subs")
    screen.roll()
    expect(page.locator("#battle-log")).to_contain_text("printed sub rule")
    expect(page.locator("#battle-log .step-main")).to_contain_text("submarines fire (cannot hit aircraft)")
    page.screenshot(path=f"{SHOTS}/sub_rule_battle_390.png", full_page=False)
    want = pycore_handle({"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
                          "sub_rule": "printed", "seed": "printed subs", "rounds": 1,
                          "attacker": {"units": {"submarine": 2, "fighter": 1}},
                          "defender": {"units": {"destroyer": 1, "submarine": 1}}})
    assert want["ok"], want
    shown = page.locator("#battle-log .round").first.evaluate(
        "round => [...round.querySelectorAll('.die')].map(d => [Number(d.dataset.at), Number(d.dataset.value), d.classList.contains('hit')])")
    rolled = [(d["at"], d["value"], d["hit"]) for step in want["result"]["rounds"][0]["steps"]
              for fire in step["fire"] for d in fire["dice"]]
    assert sorted(map(tuple, shown)) == sorted(rolled)

"""Issue #3 on the battle screen: kinds of battle, casualty choice, the players' own dice
(referee mode) and the forum copy — each played with taps and checked against pycore
under CPython (the same request must give the same battle)."""

import json
import os
import pathlib

from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, BattleScreen, pycore_handle

SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))


def shot(page, name: str) -> None:
    """Screenshots for a person to look at (what a 390x844 phone shows); never compared by the test."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"battle-{name}.png"))


def sea_set_up(screen: BattleScreen) -> dict:
    screen.choose(ruleset="revised", system="dice")
    screen.page.locator("label[for='kind-sea']").click()
    screen.add("attacker", "submarine", 2)
    screen.add("attacker", "destroyer", 1)
    screen.add("defender", "submarine", 1)
    screen.add("defender", "destroyer", 1)
    screen.add("defender", "battleship", 1)
    screen.seed.fill("x")
    screen.page.locator("label[for='choose-casualties']").click()
    return {"op": "resolve", "ruleset": "revised", "system": {"name": "dice"}, "kind": "sea",
            "attacker": {"units": {"submarine": 2, "destroyer": 1}},
            "defender": {"units": {"submarine": 1, "destroyer": 1, "battleship": 1}},
            "seed": "x", "choose_casualties": True}


def test_the_kind_of_battle_changes_the_units_offered(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="anniversary")
    # Land (the default): no ships; the defender may have AA guns.
    expect(screen.stepper("attacker", "infantry")).to_be_visible()
    expect(screen.stepper("attacker", "submarine")).to_have_count(0)
    expect(screen.stepper("defender", "aa_gun")).to_be_visible()
    # Sea: ships and aircraft, no land units (pycore's battle_units["sea"]).
    page.locator("label[for='kind-sea']").click()
    expect(screen.stepper("attacker", "submarine")).to_be_visible()
    expect(screen.stepper("defender", "cruiser")).to_be_visible()
    expect(screen.stepper("attacker", "infantry")).to_have_count(0)
    expect(screen.stepper("defender", "aa_gun")).to_have_count(0)
    expect(page.locator("#attacker-cargo-more")).to_be_visible()
    # Amphibious: land units, and the ships that bombard under their own heading.
    page.locator("label[for='kind-amphibious']").click()
    expect(screen.stepper("attacker", "infantry")).to_be_visible()
    expect(screen.stepper("attacker", "battleship")).to_be_visible()
    expect(screen.stepper("attacker", "cruiser")).to_be_visible()
    expect(screen.stepper("attacker", "submarine")).to_have_count(0)
    expect(screen.stepper("defender", "battleship")).to_have_count(0)
    expect(page.locator("#attacker-forces .unit-section")).to_contain_text("bombard once before round 1")
    expect(page.locator("#attacker-cargo-more")).to_be_hidden()
    shot(page, "01-amphibious-form")
    offered = page.locator("#attacker-forces .unit-row").evaluate_all("rows => rows.map(r => r.dataset.unit)")
    expected = next(r for r in pycore_handle({"op": "rulesets"})["result"]["rulesets"] if r["id"] == "anniversary")
    assert offered == expected["battle_units"]["amphibious"]["attacker"]


def test_sea_battle_with_a_chosen_casualty_round_by_round(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    request = sea_set_up(screen)
    shot(page, "02-sea-form")
    screen.roll_button.click()
    panel = page.locator("#casualty-panel")
    expect(panel).to_be_visible(timeout=ACTION_TIMEOUT)
    # Seed "x": the attacker's subs score 1 hit; pycore proposes damaging the battleship.
    expect(panel).to_contain_text("Defender chooses casualties")
    expect(panel).to_contain_text("1 hit from submarines — subs cannot hit aircraft")
    expect(page.locator("#choose-defender-damaged-battleship")).to_have_value("1")
    expect(page.locator("#choose-defender-lost-submarine")).to_have_value("0")
    shot(page, "03-casualty-choice")

    # Two casualties for one hit: counted as tapped, and Confirm waits for the right total (pycore's rule).
    expect(page.locator("#casualty-tally")).to_have_text("To take: 1 hit · chosen: 1 hit — ready to confirm")
    page.locator("#casualty-panel .casualty-row[data-unit='submarine'] .step.plus").click()
    expect(page.locator("#casualty-tally")).to_have_text("To take: 1 hit · chosen: 2 hits — 1 hit too many")
    expect(page.locator("#confirm-casualties")).to_be_disabled()
    expect(page.locator("#choose-defender-lost-submarine")).to_have_value("1")
    shot(page, "04-casualty-too-many")

    # The defender gives up its submarine instead of the proposed battleship damage.
    page.locator("#choose-defender-damaged-battleship").fill("0")
    page.locator("#confirm-casualties").click()
    chosen = page.locator("#battle-log .casualty.chosen")
    expect(chosen).to_have_count(1, timeout=ACTION_TIMEOUT)
    expect(chosen).to_contain_text("Defender loses 1 submarine (chosen)")

    # Any later pause: take pycore's proposal, until round 1 is over.
    casualties = [{"round": 1, "step": "subs", "side": "defender", "lost": {"submarine": 1}, "damaged": {}}]
    settled = """() => document.querySelector('#confirm-casualties:not([disabled])')
        || !document.querySelector('#press').hidden || !document.querySelector('#outcome').hidden"""
    for _ in range(10):
        page.wait_for_function(settled, timeout=ACTION_TIMEOUT)
        if not panel.is_visible():
            break
        waiting = pycore_handle({**request, "rounds": 1, "casualties": casualties})["result"]["waiting"]
        casualties.append({"round": waiting["round"], "step": waiting["step"], "side": waiting["side"],
                           **waiting["proposal"]})
        page.locator("#confirm-casualties").click()
    expected = pycore_handle({**request, "rounds": 1, "casualties": casualties})["result"]
    assert expected["rounds"][0]["complete"]
    expect(page.locator("#battle-log .round").first.locator(".left-defender")).to_contain_text(
        ", ".join(f"{n} {u}" for u, n in expected["rounds"][0]["after"]["defender"].items()) or "none")
    shot(page, "05-sea-round-1")
    # The share link replays the choice.
    link = page.evaluate("location.hash.slice(1)")
    decoded = pycore_handle({"op": "share", "decode": link})["result"]["request"]
    assert decoded["casualties"][0] == casualties[0]
    assert decoded["kind"] == "sea" and decoded["choose_casualties"] is True


def test_referee_round_entered_on_die_pads(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="dice")
    screen.add("attacker", "infantry", 2)
    screen.add("attacker", "tank", 1)
    screen.add("defender", "infantry", 2)
    page.locator("label[for='referee']").click()
    expect(screen.seed).to_be_hidden()
    screen.roll_button.click()
    attacker_pad = page.locator("#td-attacker-main")
    defender_pad = page.locator("#td-defender-main")
    expect(attacker_pad).to_be_visible(timeout=ACTION_TIMEOUT)
    # classic: a tank (hit at 3) and 2 infantry (hit at 1) → 3 dice; 2 infantry defend at 2 (issue #29: by unit type).
    expect(attacker_pad).to_contain_text("1 tank 1 die, hit on 3 or less2 infantry 2 dice, hit on a 1")
    expect(defender_pad).to_contain_text("2 infantry 2 dice, hit on 2 or less")
    page.locator("#td-mode-faces").check()  # each die's face, not the hits counted
    # An incomplete entry: the panel names what is missing, the pads keep the dice.
    page.locator("#pad-attacker-main-key-1").click()
    page.locator("#pad-attacker-main-key-1").click()
    shot(page, "06-referee-pads")
    page.locator("#pad-defender-main-key-6").click()
    page.locator("#pad-defender-main-key-6").click()
    page.locator("#use-dice").click()
    expect(page.locator("#dice-error")).to_have_text("Enter the attacker's dice first.", timeout=ACTION_TIMEOUT)
    expect(attacker_pad).to_have_class("td-pad attacker invalid")
    expect(page.locator("#pad-attacker-main-typed")).to_have_value("1 1")
    shot(page, "07-referee-refused")
    page.locator("#pad-attacker-main-key-6").click()
    page.locator("#use-dice").click()
    expect(screen.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)
    expect(page.locator("#dice-panel")).to_have_count(0)

    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 2, "tank": 1}}, "defender": {"units": {"infantry": 2}},
               "dice": [{"attacker": {"main": [1, 1, 6]}, "defender": {"main": [6, 6]}}], "rounds": 1}
    expected = pycore_handle(request)["result"]["rounds"][0]
    log = screen.log()[0]
    for side in ("attacker", "defender"):
        shown = sorted(tuple(d) for d in log["sides"][side]["dice"])
        assert shown == sorted((d["at"], d["value"], d["hit"]) for d in expected[side]["dice"])
        assert f"{expected[side]['hits']} hit" in log["sides"][side]["text"]
    # 1, 1 and 6 against "≤ 1, ≤ 1, ≤ 3": two hits whatever the order; sixes never hit.
    assert expected["attacker"]["hits"] == 2 and expected["defender"]["hits"] == 0
    expect(screen.outcome).to_contain_text("Attacker wins")
    shot(page, "08-referee-result")


def test_copy_buttons_give_the_forum_report(page, context, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="lowluck")
    screen.add("attacker", "tank", 3)
    screen.add("defender", "infantry", 1)
    screen.seed.fill("copy seed")
    screen.roll()
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "lowluck"},
               "attacker": {"units": {"tank": 3}}, "defender": {"units": {"infantry": 1}}, "seed": "copy seed", "rounds": 1,
               "report": {"page": dist_server.url}}  # the page's own address: the exports link back (docs/links.md)
    report = pycore_handle(request)["result"]["report"]
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("#copy-markdown").click()
    expect(page.locator("#report-status")).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == report["markdown"]
    shot(page, "09-copied")
    # Without a clipboard, the text is put in a box, selected, for a copy by hand.
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('no clipboard')); }")
    page.locator("#copy-bbcode").click()
    expect(page.locator("#report-fallback")).to_be_visible()
    expect(page.locator("#report-fallback")).to_have_value(report["bbcode"])
    assert json.dumps(report["bbcode"]).startswith('"[b]')

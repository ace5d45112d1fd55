"""Issue #5 on the battle screen: A&A Chess (seed 003) — the variant picker with a line per variant,
a diceless COF battle whose log shows what is carried, and RYOF's remainder dice entered on the pads.
Each battle is checked against pycore under CPython (the same request must give the same battle)."""

import os
import pathlib

from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, BattleScreen, pycore_handle

SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))


def shot(page, name: str) -> None:
    """Screenshots for a person to look at (what a 390x844 phone shows); never compared by the test."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"chess-{name}.png"))


def test_variant_picker_shows_each_variant_with_its_line(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    picker = page.locator("#chess-variant-field")
    screen.choose(ruleset="classic", system="dice")
    expect(picker).to_be_hidden()
    screen.choose(system="chess")
    expect(picker).to_be_visible()
    variants = pycore_handle({"op": "rulesets"})["result"]["systems"]
    chess = next(s for s in variants if s["id"] == "chess")
    labels = page.locator("#chess-variant .variant")
    expect(labels).to_have_count(5)
    for i, variant in enumerate(chess["variants"]):
        expect(labels.nth(i)).to_contain_text(variant["name"])
        expect(labels.nth(i)).to_contain_text(variant["summary"])
    expect(page.locator("#chess-variant-orthodox")).to_be_checked()
    picker.scroll_into_view_if_needed()
    shot(page, "01-variants")


def test_cof_battle_carries_fractions_round_by_round(page, dist_server):
    """6 infantry v 3 (classic) under COF, worked by hand in tests/core/test_chess.py: round 2 leaves
    deficits −1 and −2, round 3 carries 3, round 4 wins with 4 infantry left."""
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="chess")
    page.locator("label[for='chess-variant-cof']").click()
    screen.add("attacker", "infantry", 6)
    screen.add("defender", "infantry", 3)
    screen.roll()
    for _ in range(3):
        screen.press_on()
    expect(screen.outcome).to_contain_text("Attacker wins", timeout=ACTION_TIMEOUT)
    rounds = screen.rounds
    expect(rounds.nth(1).locator(".fire.attacker .carry")).to_have_text("deficit −1 into the next assault")
    expect(rounds.nth(1).locator(".fire.defender .carry")).to_have_text("deficit −2 into the next assault")
    expect(rounds.nth(2).locator(".fire.attacker .power")).to_contain_text("Power 4 − 1 carried = 3")
    expect(rounds.nth(2).locator(".fire.attacker .carry")).to_have_text("carried 3 into the next assault")
    expect(page.locator(".setup-line")).to_contain_text("A&A Chess COF")
    assert page.locator("#battle-log .die").count() == 0  # COF rolls nothing
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "chess", "variant": "cof"},
               "attacker": {"units": {"infantry": 6}}, "defender": {"units": {"infantry": 3}},
               "seed": screen.page.evaluate("() => document.querySelector('#seed').value"), "rounds": 4}
    expected = pycore_handle(request)["result"]
    assert expected["survivors"]["attacker"] == {"infantry": 4}
    expect(screen.outcome).to_contain_text("4 infantry")
    rounds.nth(2).scroll_into_view_if_needed()
    shot(page, "02-cof-log")


def test_ryof_remainder_dice_on_the_pads(page, dist_server):
    """Seed 003 example 4 under RYOF: 16 v 15 → the attacker rolls its remainder 4, the defender its 3."""
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="classic", system="chess")
    page.locator("label[for='chess-variant-ryof']").click()
    screen.add("attacker", "infantry", 4)
    screen.add("attacker", "tank", 4)
    screen.add("defender", "infantry", 4)
    screen.add("defender", "tank", 3)
    screen.add("defender", "bomber", 1)
    page.locator("label[for='referee']").click()
    screen.roll_button.click()
    attacker_pad = page.locator("#pad-attacker-main")
    defender_pad = page.locator("#pad-defender-main")
    expect(attacker_pad).to_be_visible(timeout=ACTION_TIMEOUT)
    expect(attacker_pad).to_contain_text("hit at 4 or less")
    expect(defender_pad).to_contain_text("hit at 3 or less")
    shot(page, "03-ryof-pads")
    page.locator("#pad-attacker-main-key-4").click()
    page.locator("#pad-defender-main-key-5").click()
    page.locator("#use-dice").click()
    expect(screen.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)
    # The paused round 1 was on screen already: wait for the round the dice resolved (what is left after it).
    expect(screen.rounds.nth(0).locator(".left-attacker")).to_be_visible(timeout=ACTION_TIMEOUT)
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "chess", "variant": "ryof"},
               "attacker": {"units": {"infantry": 4, "tank": 4}},
               "defender": {"units": {"infantry": 4, "tank": 3, "bomber": 1}},
               "dice": [{"attacker": {"main": [4]}, "defender": {"main": [5]}}], "rounds": 1}
    expected = pycore_handle(request)["result"]["rounds"][0]
    assert (expected["attacker"]["hits"], expected["defender"]["hits"]) == (3, 2)
    log = screen.log()[0]
    assert "3 hits" in log["sides"]["attacker"]["text"] and "2 hits" in log["sides"]["defender"]["text"]
    assert log["sides"]["attacker"]["dice"] == [[4, 4, True]]
    assert log["sides"]["defender"]["dice"] == [[3, 5, False]]
    screen.rounds.nth(0).scroll_into_view_if_needed()
    shot(page, "04-ryof-round")

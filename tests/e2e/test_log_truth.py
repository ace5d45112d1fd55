"""The log tells the truth, at 390x844 (issue 29, item 7): each contradiction the issue found, on the page.

Each battle is opened from its link, as a forum reader would (the link is made by pycore under CPython, the
reference), and what the page shows is checked. Each check failed before issue 29: a group with no target rolled
and showed a hit, an A&A Chess remainder that scored was also counted as a sure hit, lonely transports were named
twice, a diceless battle said its dice were rolled from a seed, and Retreat in an amphibious assault did not say
only aircraft leave and stayed on screen, failing, once they had.
"""

from __future__ import annotations

from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, BattleScreen, pycore_handle

CHESS = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "chess", "variant": "orthodox"},
         "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}},
         "defender": {"units": {"infantry": 4, "artillery": 1, "aa_gun": 1}}, "seed": "x"}


def opened(page, dist_server, request: dict) -> BattleScreen:
    link = pycore_handle({"op": "share", "encode": request})["result"]["link"]
    screen = BattleScreen(page).open(dist_server.url + "#" + link)
    expect(screen.rounds.first).to_be_visible(timeout=ACTION_TIMEOUT)
    return screen


def test_aircraft_with_only_subs_to_hit_do_not_roll(page, dist_server):
    """1942 2e, dice, sea: 2 subs v 1 fighter + 1 transport, seed s2. The strike sinks the transport at once; the
    fighter (no destroyer) has nothing left it may hit. It showed "aircraft fire (cannot hit subs)", a green 4 and
    "1 hit" that took nothing."""
    screen = opened(page, dist_server, {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"},
                                        "kind": "sea", "attacker": {"units": {"submarine": 2}},
                                        "defender": {"units": {"fighter": 1, "transport": 1}}, "seed": "s2"})
    expect(screen.rounds).to_have_count(1)
    expect(page.locator("#battle-log .fire[data-group='subs']")).to_have_count(1)
    expect(page.locator("#battle-log .fire[data-side='defender']")).to_have_count(0)
    expect(page.locator("#battle-log")).not_to_contain_text("aircraft fire")
    expect(screen.outcome).to_contain_text("Stalemate")


def test_a_chess_remainder_that_scores_is_not_also_a_sure_hit(page, dist_server):
    """It said "Power 10 ÷ 6: 2 sure hits / remainder 4 scores a hit / 2 hits"."""
    opened(page, dist_server, CHESS)
    defence = page.locator("#battle-log .round[data-round='1'] .fire[data-side='defender'][data-group='main']")
    expect(defence.locator(".power")).to_have_text("Power 10 ÷ 6: 1 sure hit")
    expect(defence.locator(".remainder")).to_have_text("remainder 4 scores a hit")
    expect(defence.locator(".hits")).to_have_text("2 hits")


def test_a_diceless_battle_says_it_rolled_no_dice(page, dist_server):
    """It said "Dice: rolled on the poster's device from seed … (can be re-rolled)"."""
    opened(page, dist_server, CHESS)
    expect(page.locator("#dice-source")).to_have_text(
        "Dice: none — A&A Chess Orthodox rolls no dice: the result follows from the forces alone")
    expect(page.locator("#dice-source")).to_have_attribute("data-kind", "none")


def test_lonely_transports_are_named_once(page, dist_server):
    """It said "Defender: 2 transports transports lost (defenceless)"."""
    opened(page, dist_server, {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
                               "attacker": {"units": {"destroyer": 1}}, "defender": {"units": {"transport": 2}},
                               "dice": [{"attacker": [6]}]})
    line = page.locator("#battle-log .moved.transports-lost")
    expect(line).to_have_text("Defender: 2 transports lost — left alone, transports cannot defend themselves.")
    expect(page.locator("#battle-log")).not_to_contain_text("transports transports")


def test_amphibious_retreat_says_only_aircraft_leave_then_is_gone(page, dist_server):
    base = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "amphibious",
            "attacker": {"units": {"infantry": 2, "fighter": 1, "battleship": 1}},
            "defender": {"units": {"infantry": 6}}, "rounds": 1}
    seed = next(f"amph-{i}" for i in range(50)
                if (r := pycore_handle({**base, "seed": f"amph-{i}"})["result"])["outcome"] == "in_progress"
                and r["rounds"][0]["after"]["attacker"].get("fighter") and r["rounds"][0]["after"]["attacker"].get("infantry"))
    screen = opened(page, dist_server, {**base, "seed": seed})
    expect(screen.retreat_button).to_have_text("Retreat 1 fighter")
    screen.retreat_button.click()
    expect(page.locator("#battle-log .round[data-round='1'] .choice")).to_contain_text("Attacker retreated",
                                                                                       timeout=ACTION_TIMEOUT)
    expect(screen.retreat_button).to_be_hidden()  # nobody else may leave: not offered (it stayed and failed)
    expect(screen.press_button).to_be_visible()   # the land units fight on
    screen.press_on()
    expect(screen.message).to_be_hidden()

"""A battle played with taps, round by round, checked against pycore under CPython."""

import re

from playwright.sync_api import expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, BattleScreen, pycore_handle


def expected_rounds(request: dict) -> list[dict]:
    """The log the page must show, from the same request answered by CPython's pycore."""
    envelope = pycore_handle(request)
    assert envelope["ok"], envelope
    rounds = []
    for played in envelope["result"]["rounds"]:
        sides = {}
        for side in ("attacker", "defender"):
            dice = [(d["at"], d["value"], d["hit"]) for d in played[side]["dice"]]
            # The page groups dice by the value needed, the groups in the order rolled (web/battle/log.js).
            order = list(dict.fromkeys(at for at, _, _ in dice))
            sides[side] = sorted(dice, key=lambda die: order.index(die[0]))
        rounds.append({"round": played["round"], "dice": sides, "hits": {s: played[s]["hits"] for s in sides}})
    return rounds


def shown_rounds(screen: BattleScreen) -> list[dict]:
    shown = []
    for entry in screen.log():
        dice = {side: [tuple(die) for die in entry["sides"][side]["dice"]] for side in ("attacker", "defender")}
        hits = {side: int(re.search(r"(\d+) hits?", entry["sides"][side]["text"]).group(1))
                for side in ("attacker", "defender")}
        shown.append({"round": entry["round"], "dice": dice, "hits": hits})
    return shown


def set_up(screen: BattleScreen, seed: str, system: str = "dice") -> dict:
    screen.choose(ruleset="classic", system=system)
    screen.add("attacker", "infantry", 3)
    screen.add("attacker", "tank", 3)
    screen.add("attacker", "fighter", 1)
    screen.add("defender", "infantry", 4)
    screen.add("defender", "tank", 1)
    screen.seed.fill(seed)
    return {"op": "resolve", "ruleset": "classic", "system": {"name": system},
            "attacker": {"units": {"infantry": 3, "tank": 3, "fighter": 1}},
            "defender": {"units": {"infantry": 4, "tank": 1}}, "seed": seed}


def test_roll_round_by_round_to_the_end_shows_the_dice_pycore_rolls(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    request = set_up(screen, "table seed 7", "dice")
    full = pycore_handle(request)["result"]
    assert len(full["rounds"]) >= 2, "pick a seed whose battle lasts more than one round"

    screen.roll()
    expect(screen.press_button).to_have_text("Press on (round 2)")
    expect(screen.retreat_button).to_be_visible()
    expect(screen.form).to_be_hidden()
    while screen.press_button.is_visible():
        screen.press_on()
    expect(screen.outcome).to_be_visible()

    assert shown_rounds(screen) == expected_rounds(request)
    assert screen.rounds.count() == len(full["rounds"])
    words = {"attacker_wins": "Attacker wins", "defender_wins": "Defender wins", "draw": "Both sides are wiped out"}
    expect(screen.outcome).to_contain_text(words[full["outcome"]])
    # The survivors are named in plain words, e.g. "… with 2 tanks, 1 fighter."
    for unit, count in full["survivors"]["attacker" if full["outcome"] == "attacker_wins" else "defender"].items():
        if count:
            expect(screen.outcome).to_contain_text(f"{count} {unit.replace('_', ' ')}")
    expect(screen.share_button).to_be_visible()
    expect(screen.new_button).to_be_visible()


def test_low_luck_round_names_the_remainder_die(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    request = set_up(screen, "low luck seed", "lowluck")
    screen.roll()
    first = pycore_handle({**request, "rounds": 1})["result"]["rounds"][0]
    fire = page.locator("#battle-log .round").first.locator(".fire.attacker")
    attacker = first["attacker"]
    # classic: 3 infantry ×1 + 3 tanks ×3 + 1 fighter ×3 = 15 → 2 sure hits, a die at 3 (docs/rules.md §4)
    assert attacker["power"] == 15
    expect(fire).to_contain_text("Power 15: 2 sure hits, remainder 3")
    die = attacker["dice"][0]
    expect(fire).to_contain_text(f"rolled {die['value']}, needed ≤ 3: {'hit' if die['hit'] else 'miss'}")
    assert shown_rounds(screen) == expected_rounds({**request, "rounds": 1})


def test_biased_dice_roll_d10s_as_pycore_does(page, dist_server):
    """docs/rules.md §3.1: the page plays biased dice by pycore's rules, its dice d10s shown as such."""
    screen = BattleScreen(page).open(dist_server.url)
    request = set_up(screen, "biased seed", "biased")
    screen.roll()
    assert shown_rounds(screen) == expected_rounds({**request, "rounds": 1})
    expect(page.locator("#battle-log .round").first).to_contain_text("d10")
    page.screenshot(path="/tmp/battle-biased.png")


def test_retreat_ends_the_battle(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen, "retreat seed", "lowluck")
    screen.roll()
    screen.retreat_button.click()
    expect(screen.outcome).to_contain_text("Attacker retreats")
    expect(screen.rounds).to_have_count(1)
    expect(screen.rounds.first).to_contain_text("Attacker retreated: ")
    expect(screen.press_button).to_be_hidden()


def test_new_battle_keeps_the_forces_and_draws_a_new_seed(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen, "first battle", "lowluck")
    screen.roll()
    screen.retreat_button.click()
    screen.new_button.click()
    expect(screen.form).to_be_visible()
    expect(screen.rounds).to_have_count(0)
    expect(screen.stepper("attacker", "tank")).to_have_value("3")
    expect(screen.seed).not_to_have_value("first battle")
    expect(screen.roll_button).to_be_enabled()
    assert page.url.endswith("#battle")  # the screen's name (issue #19), no longer the finished battle's link


def test_reload_mid_battle_keeps_the_battle(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen, "reload seed", "dice")
    screen.roll()
    before = shown_rounds(screen)
    assert "#v1." in page.url
    page.reload()
    screen.wait_ready()
    expect(screen.rounds).to_have_count(1)
    assert shown_rounds(screen) == before
    expect(screen.press_button).to_have_text("Press on (round 2)")


def test_the_ruleset_and_system_played_are_remembered_on_the_device(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="1940-2e", system="dice")
    screen.add("attacker", "mech_infantry", 2)
    screen.add("defender", "infantry", 1)
    screen.roll()
    page.goto(dist_server.url)  # a fresh visit, without the battle's link
    screen.wait_ready()
    expect(page.locator("#ruleset")).to_have_value("1940-2e")
    expect(page.locator("#system-dice")).to_be_checked()


def issue_42_battle(page, dist_server) -> BattleScreen:
    """Issue 42's battle at 390x844, entered by taps: 1942 2e, dice, 3 infantry, 2 tanks, 2 fighters against 5
    infantry, 2 artillery, 1 fighter, seed r1 (round 1 costs the attacker 3 infantry and 1 tank)."""
    page.set_viewport_size({"width": 390, "height": 844})
    screen = BattleScreen(page).open(dist_server.url)
    screen.choose(ruleset="1942-2e", system="dice")
    screen.add_forces({"attacker": {"infantry": 3, "tank": 2, "fighter": 2},
                       "defender": {"infantry": 5, "artillery": 2, "fighter": 1}})
    screen.seed.fill("r1")
    return screen


def test_a_retreat_round_says_what_was_left_and_who_left(page, dist_server):
    """Issue 42 item 1: 1942 2e dice, seed r1 — round 1 leaves the attacker 1 tank and 2 fighters, who retreat
    (pycore's log: after.attacker is empty, retreated holds them). The round said "Attacker left: none"."""
    screen = issue_42_battle(page, dist_server)
    screen.roll()
    screen.retreat_button.click()
    expect(screen.outcome).to_contain_text("Attacker retreats")
    first = screen.rounds.first
    expect(first.locator(".left-attacker")).to_have_text("1 tank, 2 fighters")
    expect(first.locator(".choice")).to_have_text("Attacker retreated: 1 tank, 2 fighters leave the battle.")
    expect(screen.outcome).to_contain_text("Attacker: 1 tank, 2 fighters retreated.")
    expect(screen.outcome).not_to_contain_text("submerged")
    assert_no_axe_violations(page, "a retreat round and its end card")
    page.screenshot(path="/tmp/shots/retreat-round.png")


def test_the_casualty_panel_counts_as_you_tap_and_waits_for_the_right_total(page, dist_server):
    """Issue 42 item 7, at 390x844: 1942 2e dice, seed r1, the attacker chooses 4 casualties. The panel listed
    Fighter, Infantry, Tank; took 5 for 4 hits until Confirm; kept pycore's refusal after the fix; put the focus
    in a count (a phone's keyboard opened) and Confirm under the sticky bar."""
    screen = issue_42_battle(page, dist_server)
    page.locator("label[for='choose-casualties']").click()
    screen.roll()
    panel = page.locator("#casualty-panel")
    expect(panel).to_be_visible(timeout=ACTION_TIMEOUT)
    rows = panel.locator(".casualty-row").evaluate_all("rows => rows.map(r => r.dataset.unit)")
    assert rows == ["infantry", "tank", "fighter"]             # 1942 2e's order of loss, cheapest first
    tally, confirm = page.locator("#casualty-tally"), page.locator("#confirm-casualties")
    expect(tally).to_have_text("To take: 4 hits · chosen: 4 hits — ready to confirm")
    expect(confirm).to_be_focused()                             # not a count: no keyboard
    box, bar = confirm.bounding_box(), page.locator(".actions").first.bounding_box()
    assert box["y"] + box["height"] <= bar["y"] + 1, (box, bar)  # Confirm above the sticky bar, not under it
    page.screenshot(path="/tmp/shots/casualties-ready.png")
    panel.locator(".casualty-row[data-unit='fighter'] .step.plus").click()
    expect(tally).to_have_text("To take: 4 hits · chosen: 5 hits — 1 hit too many")
    expect(confirm).to_be_disabled()
    assert_no_axe_violations(page, "the casualty panel, one hit too many chosen")
    panel.locator(".casualty-row[data-unit='tank'] .step.minus").click()
    expect(tally).to_have_text("To take: 4 hits · chosen: 4 hits — ready to confirm")
    expect(confirm).to_be_enabled()
    page.screenshot(path="/tmp/shots/casualties-changed.png")
    confirm.click()
    expect(page.locator("#battle-log .casualty.chosen").first).to_contain_text("1 fighter", timeout=ACTION_TIMEOUT)

"""The Research screen on a phone: the seed's US example tapped in, kept across a reload,
exported and imported, shared; storage trouble said out loud; bombing fees settled."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, pycore_handle

# Seed 000 §6b C b): the US player's rounds and printed rolls (round 6: "no matter what he rolls").
US_ROUNDS = [(18, None), (18, 3), (18, None), (6, 1), (18, None), (6, 4)]


class ResearchScreen:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.history = page.locator("#ledger-history li.rd-step")
        self.message = page.locator("#research-message")
        self.storage = page.locator("#research-storage")

    def open(self, url: str) -> "ResearchScreen":
        self.page.goto(url)
        return self.ready()

    def ready(self) -> "ResearchScreen":
        expect(self.page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
        self.page.get_by_role("tab", name="Research").click()
        expect(self.page.locator("#screen-research")).to_be_visible()
        return self

    def add_nation(self, name: str, system: str = "lowluck") -> None:
        self.page.locator("#add-nation-open").click()
        self.page.locator("#nation-name").fill(name)
        self.page.locator(f"#nation-system-{system}").check()
        self.page.locator("#add-nation").click()
        expect(self.page.locator(".rd-chip", has_text=name)).to_have_attribute("aria-selected", "true")

    def category(self, key: str) -> None:
        self.page.locator(f"#ledger-pick-{key}").check()

    def invest(self, amount: int) -> None:
        """Taps like a player: the Max/Min shortcut, then the − and + buttons."""
        self.page.locator("#ledger-entry .rd-quick button").last.click()  # Max
        field = self.page.locator("#invest")
        current = int(field.input_value())
        button = self.page.get_by_role("button", name="Invest: one less" if amount < current else "Invest: one more")
        for _ in range(abs(current - amount)):
            button.click()
        expect(field).to_have_value(str(amount))

    def record(self, amount: int, roll: int | None = None) -> None:
        before = self.history.count()
        self.invest(amount)
        if roll is not None:
            self.page.locator("#attempt-own").check()
            self.page.locator(f"#own-roll-{roll}").check()
        self.page.locator("#record").click()
        expect(self.history).to_have_count(before + 1, timeout=ACTION_TIMEOUT)

    def figures(self) -> dict:
        return {name: int(self.page.locator(f"#ledger-{name}").inner_text()) for name in ("saved", "spent", "lost")}

    def techs(self) -> list[str]:
        return self.page.locator("#ledger-techs .rd-tech").evaluate_all("ts => ts.map(t => t.dataset.tech)")


def replay_us(screen: ResearchScreen) -> None:
    screen.add_nation("USA")
    screen.category("air")
    expected = pycore_handle({"op": "research", "system": "lowluck", "category": "air",
                              "steps": [{"invest": a, **({"attempt": True, "roll": r} if r else {})}
                                        for a, r in US_ROUNDS]})["result"]["ledger"]["steps"]
    for (amount, roll), want in zip(US_ROUNDS, expected):
        screen.record(amount, roll)
        expect(screen.page.locator("#ledger-saved")).to_have_text(str(want["saved"]))
        expect(screen.history.first).to_contain_text(want["text"])


def test_us_example_tapped_in_matches_the_seed_and_survives_a_reload(page, dist_server):
    screen = ResearchScreen(page).open(dist_server.url)
    replay_us(screen)
    # Seed 000: "The US player has invested 84 IPC and 6 turns to get Heavy Bombers."
    assert screen.figures() == {"saved": 0, "spent": 84, "lost": 0}
    assert screen.techs() == ["jet_power", "long_range_aircraft", "heavy_bombers"]
    expect(page.locator("#ledger-next")).to_contain_text("Every tech of this category is owned")
    dice = page.locator("#ledger-history .rd-die").evaluate_all("ds => ds.map(d => Number(d.dataset.value))")
    assert dice == [4, 1, 3]  # newest first: the printed rolls of rounds 6, 4, 2

    page.reload()
    screen.ready()
    expect(screen.history).to_have_count(6)
    assert screen.figures() == {"saved": 0, "spent": 84, "lost": 0}
    assert screen.techs() == ["jet_power", "long_range_aircraft", "heavy_bombers"]
    expect(screen.storage).to_be_hidden()

    # Undo takes back the last round only; its die comes back the same when re-entered.
    page.locator("#undo").click()
    expect(screen.history).to_have_count(5)
    assert screen.figures()["saved"] == 30 and screen.techs() == ["jet_power", "long_range_aircraft"]


def test_a_round_below_the_minimum_warns_before_it_loses_the_savings(page, dist_server):
    screen = ResearchScreen(page).open(dist_server.url)
    screen.add_nation("Germany")
    screen.category("industrial")
    screen.record(12)
    screen.invest(3)
    expect(page.locator("#record")).to_have_text("Lapse: lose 15")
    expect(page.locator("#entry-hint")).to_contain_text("Below the minimum of 4")
    page.locator("#record").click()
    expect(screen.history).to_have_count(2)
    assert screen.figures() == {"saved": 0, "spent": 15, "lost": 15}


def test_export_then_import_restores_the_whole_game(page, dist_server, tmp_path):
    screen = ResearchScreen(page).open(dist_server.url)
    screen.add_nation("Germany")
    screen.category("industrial")
    for amount, roll in [(12, None), (8, None), (4, None), (12, 5)]:  # seed 000 German example (errata: 8)
        screen.record(amount, roll)
    assert screen.techs() == ["industrial_technology"]
    with page.expect_download() as download:
        page.locator("#game-export").click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    saved = json.loads(path.read_text())
    assert saved["luckdial"] == "research-game" and saved["nations"][0]["name"] == "Germany"
    assert [s["invest"] for s in saved["nations"][0]["ledgers"]["industrial"]["steps"]] == [12, 8, 4, 12]

    # A fresh phone: nothing stored; importing the file brings the game back.
    page.evaluate("localStorage.clear()")
    page.reload()
    screen.ready()
    expect(page.locator("#research-empty")).to_be_visible()
    page.locator("#game-import").set_input_files(str(path))
    expect(page.locator("#research-notice")).to_contain_text("Imported 1 nation")
    screen.category("industrial")
    assert screen.techs() == ["industrial_technology"]
    expect(screen.history).to_have_count(4)

    # A damaged file is refused with the field at fault, and the game stays as it was.
    saved["nations"][0]["ledgers"]["industrial"]["steps"][1]["invest"] = 13
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(saved))
    page.locator("#game-import").set_input_files(str(bad))
    expect(screen.message).to_contain_text("Turn 2, invest: ")  # the field in words, never "steps[1].invest" (#29 item 5)
    expect(screen.message).not_to_contain_text("steps[")
    expect(screen.message).to_contain_text("13")
    expect(screen.message).to_contain_text("nothing changed")
    expect(screen.history).to_have_count(4)
    not_json = tmp_path / "notes.json"
    not_json.write_text("shopping list")
    page.locator("#game-import").set_input_files(str(not_json))
    expect(screen.message).to_contain_text("not JSON")


def test_full_storage_is_said_out_loud(page, dist_server):
    page.add_init_script("""Storage.prototype.setItem = function () {
        throw new DOMException("quota", "QuotaExceededError"); };""")
    screen = ResearchScreen(page).open(dist_server.url)
    screen.add_nation("UK")
    expect(screen.storage).to_contain_text("storage is full")
    expect(screen.storage).to_contain_text("export")
    screen.record(18)  # the game goes on in the tab
    assert screen.figures()["saved"] == 18


def share_a_ledger(page: Page, url: str) -> tuple[str, list[str]]:
    screen = ResearchScreen(page).open(url)
    screen.add_nation("USA")
    screen.category("air")
    screen.record(18)
    page.locator("#attempt-app").check()  # the app rolls from the ledger's seed
    screen.record(18)
    texts = screen.history.all_inner_texts()
    page.locator("#ledger-share").click()
    link = page.locator("#ledger-link").input_value()
    assert "#v1." in link
    return link, texts


def open_shared(other: Page, link: str, texts: list[str], nations: int) -> None:
    other.goto(link)
    # The research screen takes the link in as soon as Python is ready (it also shows its tab) …
    expect(other.locator(".rd-chip", has_text="USA")).to_have_count(nations, timeout=READY_TIMEOUT)
    # … and then every screen must be ready too: Python already is, so this is no wait for loading.
    expect(other.locator("html")).to_have_attribute("data-ready", "true", timeout=ACTION_TIMEOUT)
    shared = ResearchScreen(other)
    expect(other.locator("#screen-research")).to_be_visible()
    expect(shared.history).to_have_count(2)
    assert shared.history.all_inner_texts() == texts
    assert "#v1." not in other.url  # taken in once: a reload does not add it again (#research, the screen, may stay)


def test_share_link_opens_the_same_ledger_on_another_phone(page, dist_server, browser, browser_context_args):
    """A second phone (its own context, watched like the first: no request may leave 127.0.0.1 and
    no error may escape the page) opens the link and sees the same rounds and the same app dice."""
    link, texts = share_a_ledger(page, dist_server.url)
    phone = browser.new_context(**browser_context_args)
    urls, errors = [], []
    phone.on("request", lambda request: urls.append(request.url))
    phone.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        open_shared(phone.new_page(), link, texts, nations=1)  # a fresh phone: only the shared ledger
    finally:
        phone.close()
    assert urls and all(url.startswith(dist_server.url) or url.startswith(("blob:", "data:")) for url in urls), urls
    assert errors == []


def test_share_link_opened_on_the_same_phone_adds_the_ledger(page, dist_server, context):
    link, texts = share_a_ledger(page, dist_server.url)
    open_shared(context.new_page(), link, texts, nations=2)  # this phone's USA and the shared one


def test_bombing_fee_is_owed_then_settled_lacking_4_costs_2_bombers(page, dist_server):
    screen = ResearchScreen(page).open(dist_server.url)
    screen.add_nation("USA")
    page.locator("#research-view-bombing").check()
    plus = page.get_by_role("button", name="Bombers: one more")
    plus.click()
    plus.click()
    expect(page.locator("#bomb-bombers")).to_have_value("3")
    page.locator("#bomb-raid").click()
    expect(page.locator("#bomb-fee")).to_be_visible(timeout=ACTION_TIMEOUT)
    owed = int(page.locator("#bomb-owed").inner_text())
    assert 6 <= owed <= 9  # 2 or 3 per bomber (seed 000 §5d)
    page.locator("#settle-money").fill(str(owed - 4))
    page.locator("#settle").click()
    expect(page.locator("#settle-result")).to_contain_text("4 lacking: 2 bombers lost")
    expect(page.locator("#bomb-owed")).to_have_text("0")
    page.reload()
    ResearchScreen(page).ready()
    expect(page.locator("#bomb-log li").first).to_contain_text("2 bombers lost")


# ---- the players' own dice ------------------------------------------------------------------

def tap_dice(page: Page, pad: str, faces: list[int]) -> None:
    """Taps each face on a dice pad (kit/widgets.js diceKeypad) the way a player reads his dice."""
    for face in faces:
        page.locator(f"#{pad}-key-{face}").click()


def pad_values(page: Page, pad: str) -> list[int | None]:
    """The pad's slots as shown: the value entered, or None for a slot still empty."""
    return page.locator(f"#{pad}-slots .rd-slot").evaluate_all(
        "slots => slots.map(s => s.dataset.value === '' ? null : Number(s.dataset.value))")


def open_bombing(page: Page, url: str, *, system: str, bombers: int) -> None:
    screen = ResearchScreen(page).open(url)
    screen.add_nation("USA")
    page.locator("#research-view-bombing").check()
    page.locator("#bomb-system").select_option(system)
    plus = page.get_by_role("button", name="Bombers: one more")
    for _ in range(bombers - 1):
        plus.click()
    expect(page.locator("#bomb-bombers")).to_have_value(str(bombers))
    expect(page.locator("#bomb-aa")).to_be_checked()
    page.locator("#bomb-dice-own").check()
    expect(page.locator("#bomb-raid")).to_have_text("Raid with my dice")


def test_bombing_raid_with_own_dice_matches_pycore(page, dist_server):
    """Dice, Classic, 3 bombers over AA: pycore asks for 3 AA dice, then one damage die per survivor.
    Changing an AA die after the damage dice were entered changes the count and keeps the dice."""
    open_bombing(page, dist_server.url, system="dice", bombers=3)
    aa, damage = page.locator("#bomb-own-aa"), page.locator("#bomb-own-damage")
    expect(aa).to_be_visible(timeout=ACTION_TIMEOUT)
    expect(page.locator("#bomb-own-aa-count")).to_have_text("0 of 3")
    expect(damage).to_be_hidden()
    expect(page.locator("#bomb-own-aa .rd-key")).to_have_count(6)  # a d6

    tap_dice(page, "bomb-own-aa", [1, 4, 6])  # a 1 hits: 2 bombers left (seed 002 AA gun)
    expect(page.locator("#bomb-own-damage-count")).to_have_text("0 of 2", timeout=ACTION_TIMEOUT)
    tap_dice(page, "bomb-own-damage", [5, 3])
    expect(page.locator("#bomb-own-status")).to_contain_text("All 5 dice entered")

    # The player misread the first AA die: a 2, not a 1. No hit now, so 3 damage dice, the 5 and 3 kept.
    page.locator("#bomb-own-aa-slots .rd-slot").first.click()
    tap_dice(page, "bomb-own-aa", [2])
    expect(page.locator("#bomb-own-damage-count")).to_have_text("2 of 3", timeout=ACTION_TIMEOUT)
    assert pad_values(page, "bomb-own-aa") == [2, 4, 6]
    assert pad_values(page, "bomb-own-damage") == [5, 3, None]
    tap_dice(page, "bomb-own-damage", [6])
    expect(page.locator("#bomb-own-status")).to_contain_text("All 6 dice entered")

    page.locator("#bomb-raid").click()
    want = pycore_handle({"op": "bombing", "system": "dice", "ruleset": "classic", "bombers": 3, "aa": True,
                          "heavy_bombers": False, "rolls": {"aa": [2, 4, 6], "damage": [5, 3, 6]}})["result"]
    assert want["damage"]["total"] == 14 and want["shot_down"] == 0  # 5 + 3 + 6, no AA die at 1
    expect(page.locator("#bomb-damage")).to_have_text(f"Damage {want['damage']['total']}", timeout=ACTION_TIMEOUT)
    expect(page.locator("#bomb-result")).to_contain_text(
        f"{want['shot_down']} shot down, {want['surviving']} over the target")
    expect(page.locator("#bomb-result")).to_contain_text(
        "Per bomber: " + ", ".join(map(str, want["damage"]["per_bomber"])))
    shown = page.locator("#bomb-damage-dice .rd-die").evaluate_all("ds => ds.map(d => Number(d.dataset.value))")
    assert shown == want["damage"]["rolls"]
    expect(page.locator("#bomb-rolled-by")).to_have_text("Your own dice.")
    expect(page.locator("#bomb-log li").first).to_contain_text("own dice")
    # The next raid is rolled anew: the pads are emptied.
    expect(page.locator("#bomb-own-aa-count")).to_have_text("0 of 3")


def test_a_wrong_own_dice_entry_is_said_and_the_dice_stay(page, dist_server):
    """Low Luck with AA, 2 bombers: 2 damage d12 and 2 fee d6 (seed 000 §5d). One fee die missing:
    pycore's message is shown, nothing is owed, and every die entered is still there."""
    open_bombing(page, dist_server.url, system="lowluck", bombers=2)
    expect(page.locator("#bomb-own-damage-count")).to_have_text("0 of 2", timeout=ACTION_TIMEOUT)
    expect(page.locator("#bomb-own-damage .rd-key")).to_have_count(12)  # a d12
    tap_dice(page, "bomb-own-damage", [12, 7])
    expect(page.locator("#bomb-own-fee-count")).to_have_text("0 of 2", timeout=ACTION_TIMEOUT)
    tap_dice(page, "bomb-own-fee", [3])

    page.locator("#bomb-raid").click()
    base = {"op": "bombing", "system": "lowluck", "rule": "standard", "bombers": 2, "aa": True, "heavy_bombers": False}
    refused = pycore_handle({**base, "rolls": {"damage": [12, 7], "fee": [3]}})["error"]
    assert refused["field"] == "rolls.fee"
    # pycore's message with its field in words (#29 item 5): "Fee dice: …", never "rolls.fee: …".
    expect(page.locator("#bomb-error")).to_have_text("Fee dice: " + refused["message"].removeprefix("rolls.fee: "), timeout=ACTION_TIMEOUT)
    expect(page.locator("#bomb-own-fee")).to_have_class("rd-pad invalid")
    expect(page.locator("#bomb-result")).to_be_hidden()
    expect(page.locator("#bomb-owed")).to_have_text("0")
    assert pad_values(page, "bomb-own-damage") == [12, 7]
    assert pad_values(page, "bomb-own-fee") == [3, None]

    tap_dice(page, "bomb-own-fee", [5])
    expect(page.locator("#bomb-error")).to_be_hidden()
    page.locator("#bomb-raid").click()
    want = pycore_handle({**base, "rolls": {"damage": [12, 7], "fee": [3, 5]}})["result"]
    assert want["damage"]["per_bomber"] == [4, 3] and want["fee"]["total"] == 5  # d12 10–12 → 4, 5–9 → 3; fee 2 + 3
    expect(page.locator("#bomb-damage")).to_have_text(f"Damage {want['damage']['total']}", timeout=ACTION_TIMEOUT)
    expect(page.locator("#bomb-fee")).to_contain_text(f"Fee {want['fee']['total']}")
    expect(page.locator("#bomb-owed")).to_have_text(str(want["fee"]["total"]))


def test_a_tech_dice_turn_with_own_dice(page, dist_server):
    """Tech dice (seed 002): 3 dice bought for Radar, the players' dice tapped in; too few are refused
    with pycore's message and stay on the pad; the third die, a 6, discovers Radar."""
    screen = ResearchScreen(page).open(dist_server.url)
    screen.add_nation("Japan", "dice")
    plus = page.get_by_role("button", name="Dice bought: one more")
    plus.click()
    plus.click()
    page.locator("#tech-target").select_option("radar")
    page.locator("#dice-rolls-own").check()
    expect(page.locator("#own-rolls-count")).to_have_text("0 of 3")
    tap_dice(page, "own-rolls", [2, 5])
    page.locator("#record").click()
    refused = pycore_handle({"op": "research", "system": "dice",
                             "steps": [{"dice": 3, "tech": "radar", "rolls": [2, 5]}]})["error"]
    assert refused["field"] == "steps[0].rolls"
    # In words (#29 item 5): "Turn 1, dice rolled: …", never "steps[0].rolls: turn 1: …".
    said = refused["message"].removeprefix("steps[0].rolls: turn 1: ")
    expect(page.locator("#entry-error")).to_have_text(f"Not recorded — Turn 1, dice rolled: {said}", timeout=ACTION_TIMEOUT)
    expect(screen.history).to_have_count(0)
    assert pad_values(page, "own-rolls") == [2, 5, None]

    tap_dice(page, "own-rolls", [6])
    page.locator("#record").click()
    expect(screen.history).to_have_count(1, timeout=ACTION_TIMEOUT)
    want = pycore_handle({"op": "research", "system": "dice",
                          "steps": [{"dice": 3, "tech": "radar", "rolls": [2, 5, 6]}]})["result"]["ledger"]
    assert want["techs"] == ["radar"] and want["spent"] == 15
    expect(screen.history.first).to_contain_text(want["steps"][0]["text"])
    expect(page.locator("#entry-error")).to_be_hidden()
    assert screen.techs() == want["techs"]
    expect(page.locator("#ledger-spent")).to_have_text(str(want["spent"]))
    dice = page.locator("#ledger-history .rd-die").evaluate_all("ds => ds.map(d => Number(d.dataset.value))")
    assert dice == want["steps"][0]["rolls"]
    expect(page.locator("#own-rolls-count")).to_have_text("0 of 3")  # the next turn starts empty

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
    expect(screen.message).to_contain_text("steps[1].invest")
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
    assert "#" not in other.url  # taken in once: a reload does not add it again


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

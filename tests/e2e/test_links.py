"""What each screen says about the page's fragment when it is no v1 link (issue #18 item 6, docs/links.md):
a link of an unknown version names its version and says what to do, on every screen that reads links, and
the page stays usable; a fragment that is no link at all is said too; a plain screen name (#battle, #odds,
#wif, #research) is no link and gets no message. Screenshots at 390x844 for a person."""

from __future__ import annotations

import os
import pathlib

import pytest
from playwright.sync_api import Page, expect

from axe_check import assert_no_axe_violations
from luckdial_page import ACTION_TIMEOUT, BattleScreen, READY_TIMEOUT, pycore_handle

SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))

# Each screen that reads links: its tab's name and its message box.
SCREENS = {"Battle": "#battle-message", "Odds": "#calc-message", "WiF 67": "#wif-message", "Research": "#research-message"}


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)


def each_screen_says(page: Page, words: list[str]) -> None:
    for tab, box in SCREENS.items():
        page.get_by_role("tab", name=tab).click()
        for word in words:
            expect(page.locator(box)).to_contain_text(word)


def test_a_v2_link_names_its_version_on_every_screen_and_the_page_still_plays(page, dist_server):
    open_page(page, dist_server.url + "#v2.lY1BDsMgDAS_Uu2ZS9RbfmOBaVGI")
    each_screen_says(page, ["version 2", "#v2.", "reads v1", "Reload the page online", "ask the sender"])
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.get_by_role("tab", name="Battle").click()
    page.screenshot(path=str(SHOTS / "links-v2-battle.png"))
    # The message asks nothing of the page: a battle is set up and rolled as usual, and the message goes.
    screen = BattleScreen(page)
    screen.choose(ruleset="classic", system="lowluck")
    screen.add("attacker", "infantry", 2)
    expect(screen.message).to_be_hidden()
    screen.add("defender", "infantry", 1)
    screen.roll()
    assert page.evaluate("location.hash").startswith("#v1.")


@pytest.mark.fresh_context  # "while Python still loads": a first visit's boot, long enough to be seen
def test_the_version_is_said_while_python_still_loads_and_on_a_later_change(page, dist_server):
    """The page reads the version itself: no wait for the engine (held back here: its wasm never arrives).
    A fragment changed in an open page (a link pasted into the address bar) is read again."""
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: None)
    page.goto(dist_server.url + "#v12.abc")
    expect(page.locator("#battle-message")).to_contain_text("version 12 (#v12.…)", timeout=ACTION_TIMEOUT)
    page.get_by_role("tab", name="Research").click()
    expect(page.locator("#research-message")).to_contain_text("version 12")
    page.evaluate("location.hash = 'v3.abc'")
    expect(page.locator("#research-message")).to_contain_text("version 3 (#v3.…)")
    page.get_by_role("tab", name="Battle").click()
    expect(page.locator("#battle-message")).to_contain_text("version 3 (#v3.…)")
    assert page.locator("html").get_attribute("data-ready") == "loading"


def test_a_fragment_that_is_no_link_is_said_and_a_v1_link_after_it_opens(page, dist_server):
    open_page(page, dist_server.url + "#%7Bnot a link%7D")
    each_screen_says(page, ["“#{not a link}”", "is not a Luckdial link", "#v1.", "whole link"])
    # The player pastes a good link into the same tab: it opens, the old message is gone.
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}},
               "seed": "after a bad link", "rounds": 1}
    link = pycore_handle({"op": "share", "encode": request})["result"]["link"]
    page.get_by_role("tab", name="Battle").click()
    page.evaluate("link => { location.hash = link; }", link)
    screen = BattleScreen(page)
    expect(screen.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)
    expect(screen.message).to_be_hidden()


def test_a_screen_name_is_no_link_and_gets_no_message(page, dist_server):
    """#battle, #odds, #wif, #research name screens (another part of the page may use them); #screen-calc is
    an anchor. Read at start and after a change of the fragment: no screen says anything."""
    open_page(page, dist_server.url + "#battle")
    for name in ["odds", "wif", "research", "screen-calc", "battle"]:
        page.evaluate("name => { location.hash = name; }", name)
        page.wait_for_function("name => location.hash === '#' + name", arg=name)
    page.evaluate("() => new Promise((settle) => setTimeout(settle, 300))")  # hashchange handlers have run
    for box in SCREENS.values():
        expect(page.locator(box)).to_be_hidden()


def test_a_damaged_v1_link_is_still_named_damaged_by_the_battle_screen(page, dist_server):
    """The v1 path is pycore's (docs/links.md): the prefix is right, the rest does not decode."""
    error = pycore_handle({"op": "share", "decode": "v1.garbage!"})["error"]
    want = error["message"].removeprefix(error["field"] + ": ")  # said without its field's path
    open_page(page, dist_server.url + "#v1.garbage!")
    # pycore's words already say the link is damaged: said once; the link opened the page, so nothing is "kept".
    expect(page.locator("#battle-message")).to_have_text("This link " + want.removeprefix("the link ").rstrip(".") + ".")
    for box in ("#calc-message", "#wif-message", "#research-message"):
        expect(page.locator(box)).to_be_hidden()


def packed(text: str) -> str:
    """A v1 link's body for any text: raw deflate, base64url without padding (docs/links.md)."""
    import base64
    import zlib

    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = squeeze.compress(text.encode()) + squeeze.flush()
    return "v1." + base64.urlsafe_b64encode(body).decode().rstrip("=")


def test_the_pages_own_link_reader_previews_a_link_and_refuses_what_pycore_would(page, dist_server):
    """kit/link.js reads a link before Python (#16) and checks nothing pycore does not check again; it
    gives null (the page then waits for pycore's verdict) for a body that unpacks past 256,000 bytes (a
    zip bomb: pycore/share.py's limit), a damaged body, text that is no JSON object with an op."""
    open_page(page, dist_server.url)
    good = pycore_handle({"op": "share", "encode": {"op": "resolve", "ruleset": "revised", "system": {"name": "dice"},
                                                    "attacker": {"units": {"infantry": 2}},
                                                    "defender": {"units": {"infantry": 1}}, "seed": "s"}})
    cases = {
        "good": good["result"]["link"],
        "bomb": packed('{"op": "resolve", "pad": "' + "a" * 270_000 + '"}'),
        "under": packed('{"op": "resolve", "pad": "' + "a" * 60_000 + '"}'),
        "damaged": good["result"]["link"][:-6] + "AAAAAA",
        "no_json": packed("not json"),
        "no_op": packed('{"ruleset": "revised"}'),
        "array": packed('[1, 2]'),
    }
    read = page.evaluate("""async (cases) => {
      const {readLink} = await import("./kit/link.js");
      const out = {};
      for (const [name, link] of Object.entries(cases)) out[name] = await readLink(link);
      return out;
    }""", cases)
    assert read["good"]["op"] == "resolve" and read["good"]["attacker"] == {"units": {"infantry": 2}}, read["good"]
    assert read["under"]["op"] == "resolve" and len(read["under"]["pad"]) == 60_000
    for name in ("bomb", "damaged", "no_json", "no_op", "array"):
        assert read[name] is None, (name, read[name])


EDITED = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"},
          "attacker": {"units": {"infantry": -4}}, "defender": {"units": {"infantry": 2}}, "seed": "x"}
"""Issue 42 item 4: a link edited to −4 infantry said only "must be a whole number from 0 to 999, got -4"."""


def test_an_edited_link_says_which_side_and_unit_and_keeps_only_what_was_entered(page, dist_server):
    from luckdial_page import unchecked_link
    link = unchecked_link(EDITED)
    want = pycore_handle({"op": "share", "decode": link})["error"]
    assert want["field"] == "attacker.units.infantry", want
    screen = BattleScreen(page).open(dist_server.url + "#" + link)
    # Opened cold: nothing was entered, so nothing is said to be kept.
    expect(screen.message).to_have_text("This link is damaged or was edited: attacker, infantry: "
                                        "must be a whole number from 0 to 999, got -4.", timeout=ACTION_TIMEOUT)
    # The link's battle, previewed on the form before pycore read it, is not left there with its -4.
    expect(screen.stepper("attacker", "infantry")).not_to_have_value("-4")
    expect(screen.stepper("defender", "infantry")).not_to_have_value("2")
    assert_no_axe_violations(page, "an edited link opened cold")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "links-edited-cold.png"))
    # Opened while the page is in use: what the player entered stays, and is said to.
    screen.add("attacker", "tank", 2)
    page.evaluate("link => { location.hash = link; }", unchecked_link({**EDITED, "seed": "y"}))
    expect(screen.message).to_have_text("This link is damaged or was edited: attacker, infantry: must be a whole "
                                        "number from 0 to 999, got -4. What you entered is kept.", timeout=ACTION_TIMEOUT)
    expect(screen.stepper("attacker", "tank")).to_have_value("2")
    page.screenshot(path=str(SHOTS / "links-edited-warm.png"))

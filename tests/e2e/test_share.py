"""Share links replay the very same battle; a damaged link says so and leaves an empty form."""

from playwright.sync_api import expect

from luckdial_page import BattleScreen, pycore_handle
from test_battle import set_up, shown_rounds


def test_share_link_opens_the_identical_battle(page, context, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen, "shared seed 42", "dice")
    screen.roll()
    while screen.press_button.is_visible():
        screen.press_on()
    screen.share_button.click()
    link = page.locator("#share-link")
    expect(link).to_be_visible()
    url = link.input_value()
    assert url.startswith(dist_server.url + "#v1.")
    original = shown_rounds(screen)
    original_text = page.locator("#battle-log .rounds").inner_text()
    outcome = screen.outcome.inner_text()

    other = BattleScreen(context.new_page()).open(url)
    expect(other.rounds).to_have_count(len(original))
    assert shown_rounds(other) == original
    assert other.page.locator("#battle-log .rounds").inner_text() == original_text
    expect(other.outcome).to_have_text(outcome)
    # The form was filled from the link: "New battle" shows it with the same forces.
    other.new_button.click()
    expect(other.stepper("attacker", "fighter")).to_have_value("1")
    expect(other.stepper("defender", "infantry")).to_have_value("4")
    expect(other.page.locator("#ruleset")).to_have_value("classic")


def test_link_taken_mid_battle_continues_with_the_same_dice(page, context, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    set_up(screen, "mid battle", "dice")
    screen.roll()
    mid_url = page.url
    screen.press_on()
    two_rounds = shown_rounds(screen)

    other = BattleScreen(context.new_page()).open(mid_url)
    expect(other.rounds).to_have_count(1)
    other.press_on()
    assert shown_rounds(other) == two_rounds


def empty_form(screen: BattleScreen) -> None:
    expect(screen.form).to_be_visible()
    values = screen.page.locator("#battle-form .stepper input").evaluate_all("inputs => inputs.map(i => i.value)")
    assert values and set(values) == {"0"}
    expect(screen.rounds).to_have_count(0)


def test_garbage_link_shows_a_message_and_an_empty_form(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url + "#v1.garbage")
    # The link opened the page: nothing was entered, so nothing is said to be kept (issue 42 item 4).
    expect(screen.message).to_have_text("This link is damaged (cut short or edited): it does not decode.")
    empty_form(screen)
    expect(screen.roll_button).to_be_enabled()


def test_edited_link_shows_a_message_and_an_empty_form(page, dist_server):
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}},
               "seed": "edit me", "rounds": 1}
    link = pycore_handle({"op": "share", "encode": request})["result"]["link"]
    middle = len(link) // 2
    edited = link[:middle] + ("A" if link[middle] != "A" else "B") + link[middle + 1:]
    decoded = pycore_handle({"op": "share", "decode": edited})
    assert not decoded["ok"], "this edit happens to decode; pick another"

    screen = BattleScreen(page).open(dist_server.url + "#" + edited)
    assert decoded["error"]["field"] == "decode"
    rest = decoded["error"]["message"].removeprefix("decode: ")  # the page never shows the field's path
    expect(screen.message).to_contain_text("This link " + rest.removeprefix("the link "))  # "damaged" said once
    expect(screen.message).not_to_contain_text("decode:")
    empty_form(screen)

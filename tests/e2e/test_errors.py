"""Bad input: pycore's message, naming the field and the value, next to the form; nothing typed is lost."""

from playwright.sync_api import expect

from luckdial_page import BattleScreen, pycore_handle, words_of

BATTLE = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"}, "rounds": 1}


def test_empty_seed_is_named_and_the_forces_are_kept(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.add("attacker", "tank", 2)
    screen.add("defender", "infantry", 1)
    screen.seed.fill("")
    screen.roll_button.click()
    refused = pycore_handle({**BATTLE, "attacker": {"units": {"tank": 2}}, "defender": {"units": {"infantry": 1}}, "seed": ""})
    assert refused["error"]["field"] == "seed"
    expect(screen.message).to_have_text(words_of(refused["error"], "Seed"))  # named in words, no path
    expect(screen.seed).to_have_attribute("aria-invalid", "true")
    expect(screen.stepper("attacker", "tank")).to_have_value("2")
    expect(screen.stepper("defender", "infantry")).to_have_value("1")
    expect(screen.rounds).to_have_count(0)
    # Fixing the field clears the message and the battle goes ahead.
    screen.seed.fill("fixed")
    expect(screen.message).to_be_hidden()
    screen.roll()


def test_out_of_range_count_is_named_with_its_value(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.stepper("attacker", "infantry").fill("1000")
    screen.add("defender", "infantry", 1)
    screen.roll_button.click()
    refused = pycore_handle({**BATTLE, "attacker": {"units": {"infantry": 1000}}, "defender": {"units": {"infantry": 1}}, "seed": "s"})
    assert refused["error"]["field"] == "attacker.units.infantry"
    expect(screen.message).to_have_text(words_of(refused["error"], "Attacker, infantry"))
    expect(screen.message).to_contain_text("1000")
    expect(screen.message).not_to_contain_text("attacker.units")
    expect(page.locator("#attacker-forces .unit-row[data-unit=infantry]")).to_have_class("unit-row present invalid")
    expect(screen.stepper("attacker", "infantry")).to_have_value("1000")


def test_battle_without_units_gets_a_message_not_a_blank(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    screen.roll_button.click()
    expect(screen.message).to_be_visible()
    expect(screen.message).not_to_be_empty()
    expect(screen.form).to_be_visible()

"""Loading: the form works before Python does; the page then says it is ready."""

import re

import pytest
from playwright.sync_api import Route, expect

from luckdial_page import READY_TIMEOUT, BattleScreen

pytestmark = pytest.mark.fresh_context  # the first visit's loading and its requests


def test_form_is_usable_while_python_loads_then_the_roll_button_wakes(page, dist_server, traffic):
    held: list[Route] = []
    # Hold the interpreter's download until the form has been used: no clock involved.
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    screen = BattleScreen(page).open(dist_server.url, wait_ready=False)

    expect(screen.roll_button).to_have_text(re.compile(r"^Loading the rules… \d+%$"))
    expect(screen.roll_button).to_be_disabled()
    screen.add("attacker", "infantry", 3)
    screen.add("defender", "tank", 2)
    screen.remove("defender", "tank", 1)
    screen.choose(ruleset="revised", system="dice")
    expect(screen.stepper("attacker", "infantry")).to_have_value("3")
    expect(screen.stepper("defender", "tank")).to_have_value("1")
    expect(page.locator("#system-note")).to_contain_text("Every unit rolls a die")
    expect(page.locator("html")).to_have_attribute("data-ready", "loading")

    for _ in range(READY_TIMEOUT // 100):  # the worker asks for the wasm soon; wait until it has
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the worker never asked for pyodide.asm.wasm"
    expect(page.locator("html")).to_have_attribute("data-ready", "loading")
    held[0].continue_()
    page.unroute("**/pyodide/pyodide.asm.wasm")

    screen.wait_ready()
    expect(screen.roll_button).to_have_text("Roll round 1")
    expect(screen.roll_button).to_be_enabled()
    # What the user entered while Python loaded is still there.
    expect(screen.stepper("attacker", "infantry")).to_have_value("3")
    expect(screen.stepper("defender", "tank")).to_have_value("1")
    expect(page.locator("#ruleset")).to_have_value("revised")
    # The recorder sees the worker's own downloads (so its "nothing left 127.0.0.1" means something).
    assert traffic.saw("/pyodide/pyodide.asm.wasm") and traffic.saw("/pycore.zip")


def test_rulesets_come_from_pycore_once_ready(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    options = page.locator("#ruleset option")
    expect(options).to_have_count(6)
    assert options.evaluate_all("os => os.map(o => o.value)") == [
        "classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942"]
    screen.choose(ruleset="1940-2e")
    expect(screen.stepper("attacker", "mech_infantry")).to_be_visible()
    expect(screen.stepper("attacker", "tactical_bomber")).to_be_visible()
    screen.choose(ruleset="classic")
    expect(screen.stepper("attacker", "artillery")).to_have_count(0)  # classic has no artillery (docs/rules.md §1)


def test_tabs_switch_screens(page, dist_server):
    BattleScreen(page).open(dist_server.url)
    page.get_by_role("tab", name="WiF 67").click()
    expect(page.locator("#screen-wif")).to_be_visible()
    expect(page.locator("#screen-battle")).to_be_hidden()
    page.get_by_role("tab", name="Research").click()
    expect(page.locator("#screen-research")).to_be_visible()
    page.get_by_role("tab", name="Battle").click()
    expect(page.locator("#screen-battle")).to_be_visible()


def test_manifest_and_icons_are_served(page, dist_server):
    BattleScreen(page).open(dist_server.url)
    manifest = page.evaluate("""async () => {
        const link = document.querySelector('link[rel=manifest]');
        const manifest = await (await fetch(link.href)).json();
        const icons = [];
        for (const icon of manifest.icons) {
            const response = await fetch(new URL(icon.src, link.href));
            icons.push([icon.sizes, response.status, response.headers.get('content-type')]);
        }
        return {short_name: manifest.short_name, start_url: manifest.start_url, display: manifest.display, icons};
    }""")
    assert manifest["short_name"] == "Luckdial"
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert ["192x192", 200, "image/png"] in manifest["icons"]
    assert ["512x512", 200, "image/png"] in manifest["icons"]

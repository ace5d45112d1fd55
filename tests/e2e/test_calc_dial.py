"""The luck dial shows each row as soon as its system is computed (issue 15), and every row is exact.

Issue 15's dial battle (Revised, 10 infantry + 5 tanks against 12 infantry + 1 AA gun), pressed once the
calculator's Python is ready. A MutationObserver installed before the page loads records how many rows
show a result after every change of the page: one row at a time, 1, 2, … 8, means each row was drawn
when its answer came, not all at the end.
"""

from __future__ import annotations

from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, pycore_handle
from test_calc_page import CalcScreen, close, dial_systems

OBSERVER = """
window.__dialDone = [];
new MutationObserver(() => {
  const rows = document.querySelectorAll('#calc-dial-list .dial-row');
  const done = [...rows].filter((r) => r.querySelector('.win-bar')).length;
  const last = window.__dialDone[window.__dialDone.length - 1];
  if (rows.length && done !== (last ? last[0] : -1)) window.__dialDone.push([done, performance.now()]);
}).observe(document, {subtree: true, childList: true});
"""


def test_the_luck_dial_shows_each_row_as_soon_as_it_is_computed(page, dist_server):
    page.add_init_script(OBSERVER)
    calc = CalcScreen(page).open(dist_server.url)
    calc.choose(ruleset="revised", system="dice")
    calc.add("attacker", "infantry", 10)
    calc.add("attacker", "tank", 5)
    calc.add("defender", "infantry", 12)
    calc.add("defender", "aa_gun", 1)
    expect(page.locator("#screen-calc[data-calc-ready=true]")).to_have_count(1, timeout=READY_TIMEOUT)
    calc.dial_go.click()
    expect(calc.cancel).to_be_hidden(timeout=ACTION_TIMEOUT * 4)
    systems = dial_systems()
    assert all(known for _, known in systems), systems
    seen = page.evaluate("window.__dialDone")
    counts = [done for done, _ in seen]
    # The first change shows the rows waiting (0 done); then each answer adds exactly one row.
    assert counts == list(range(len(systems) + 1)), counts
    stamps = [at for _, at in seen]
    assert stamps == sorted(stamps)
    # Coloured dice are exact for this battle now (before issue 15 they were Monte Carlo, 4.1 s of compute),
    # and the row shows what CPython's pycore answers.
    colored = pycore_handle({"op": "calc", "ruleset": "revised", "system": {"name": "colored"},
                             "attacker": {"units": {"infantry": 10, "tank": 5}},
                             "defender": {"units": {"infantry": 12, "aa_gun": 1}}})["result"]
    assert colored["method"] == "exact"
    shown = calc.outcome("#calc-dial-list .dial-row[data-system=colored]")
    assert close(shown["attacker_wins"][0], colored["outcome"]["attacker_wins"])
    page.screenshot(path="/tmp/calc-dial-rows.png")

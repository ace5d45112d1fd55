"""The boot (#16) and the worker's life (#18 items 3 and 7): a return visit restores a Python
snapshot and answers like a cold boot; a corrupt or stale snapshot falls back; a shared link
shows its forces before Python is ready; an update is announced, never mixed in; a worker that
dies is restarted and its pending call answered; a calculation past its budget is too big for
this device."""

from __future__ import annotations

import pathlib
import re
import shutil
import sys

import pytest
from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, BattleScreen, pycore_handle
from test_battle import expected_rounds, set_up, shown_rounds

# First visits, snapshots, updates and held downloads: each such test's boot is what it checks, so it
# gets a browser of its own. The others (a damaged link, a worker's death, the budget, the count of
# workers and the set-up's steps) hold for any visit and run on the worker's returning phone.
first_visit_only = pytest.mark.fresh_context

ROOT = pathlib.Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SNAPSHOTS = "luckdial-snapshots"  # web/kit/worker.js


def stored_snapshots(page) -> list[str]:
    return page.evaluate(f"caches.open({SNAPSHOTS!r}).then(c => c.keys()).then(k => k.map(r => r.url))")


def first_visit(page, url: str) -> BattleScreen:
    """A cold visit: full boot; once it has answered, its snapshot and offline copy are kept."""
    screen = BattleScreen(page).open(url)
    expect(page.locator("html")).to_have_attribute("data-boot", "full")
    for _ in range(READY_TIMEOUT // 250):  # an async check: polled from here (wait_for_function would not await it)
        if page.evaluate(f"""caches.open({SNAPSHOTS!r}).then(async (c) => {{
                const keys = await c.keys();
                return keys.length === 1 && Boolean(await c.match(keys[0]));
            }})"""):
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError("the first visit kept no snapshot")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT)
    return screen


def play_whole_battle(screen: BattleScreen, seed: str) -> list[dict]:
    set_up(screen, seed, "dice")
    screen.roll()
    while screen.press_button.is_visible():
        screen.press_on()
    return shown_rounds(screen)


@first_visit_only
def test_return_visit_restores_the_snapshot_and_answers_like_a_cold_boot(page, context, dist_server):
    cold = first_visit(page, dist_server.url)
    cold_rounds = play_whole_battle(cold, "snapshot or not")
    assert stored_snapshots(page)[0].endswith(f"/snapshot/{page.locator('html').get_attribute('data-build')}.bin")

    warm_page = context.new_page()
    warm = BattleScreen(warm_page).open(dist_server.url)
    expect(warm_page.locator("html")).to_have_attribute("data-boot", "snapshot")
    assert play_whole_battle(warm, "snapshot or not") == cold_rounds
    # ... and both are what CPython's pycore says (the request test_battle.set_up builds).
    request = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"}, "seed": "snapshot or not",
               "attacker": {"units": {"infantry": 3, "tank": 3, "fighter": 1}},
               "defender": {"units": {"infantry": 4, "tank": 1}}}
    want = expected_rounds(request)
    assert [r["dice"] for r in cold_rounds] == [r["dice"] for r in want]


def put_snapshot(page, body_js: str, build: str) -> None:
    """Replace the kept snapshot by `body_js` (a JS expression of bytes) labelled with `build`."""
    page.evaluate(f"""async () => {{
        const cache = await caches.open({SNAPSHOTS!r});
        const [key] = await cache.keys();
        const old = new Uint8Array(await (await cache.match(key)).arrayBuffer());
        const bytes = {body_js};
        await cache.put(key, new Response(bytes, {{headers: {{"x-luckdial-build": {build!r},
            "x-luckdial-length": String(bytes.length)}}}}));
    }}""")


@first_visit_only
def test_a_corrupt_snapshot_falls_back_to_the_full_boot_and_still_answers(page, context, dist_server):
    first_visit(page, dist_server.url)
    build = page.locator("html").get_attribute("data-build")
    # Same build, same length, but the heap is garbage past the snapshot's header.
    put_snapshot(page, "old.map((b, i) => i < 4096 ? b : (b ^ 0x5a))", build)

    again = context.new_page()
    screen = BattleScreen(again).open(dist_server.url)
    expect(again.locator("html")).to_have_attribute("data-boot", "full")
    expect(screen.message).to_be_hidden()  # nothing alarming is said
    screen.add("attacker", "tank", 2)
    screen.add("defender", "infantry", 1)
    screen.roll()
    expect(screen.rounds.first).to_contain_text("Attacker fires")


@first_visit_only
def test_a_snapshot_of_another_build_is_never_restored(page, context, dist_server):
    first_visit(page, dist_server.url)
    # A good snapshot, but labelled as another build's: as after a deploy.
    put_snapshot(page, "old", "0123456789abcdef")

    again = context.new_page()
    screen = BattleScreen(again).open(dist_server.url)
    expect(again.locator("html")).to_have_attribute("data-boot", "full")
    screen.add("attacker", "infantry", 1)
    screen.add("defender", "infantry", 1)
    screen.roll()
    expect(screen.rounds).to_have_count(1)


def wait_until_held(page, held: list) -> None:
    """Wait until the worker has asked for pyodide.asm.wasm, which the test's route holds back."""
    for _ in range(READY_TIMEOUT // 100):
        if held:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the worker never asked for pyodide.asm.wasm")


LINKED = {"op": "resolve", "ruleset": "revised", "system": {"name": "chess", "variant": "cof"},
          "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}},
          "defender": {"units": {"infantry": 4, "artillery": 1}}, "seed": "held back"}


@first_visit_only
def test_a_shared_link_shows_its_forces_before_python_then_the_identical_battle(page, dist_server):
    link = pycore_handle({"op": "share", "encode": LINKED})["result"]["link"]
    held = []
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))  # Python waits for us
    screen = BattleScreen(page).open(dist_server.url + "#" + link, wait_ready=False)

    # Read in JavaScript: the set-up is on screen while the interpreter is still held back.
    expect(screen.stepper("attacker", "tank")).to_have_value("2")
    expect(screen.stepper("attacker", "infantry")).to_have_value("3")
    expect(screen.stepper("attacker", "fighter")).to_have_value("1")
    expect(screen.stepper("defender", "infantry")).to_have_value("4")
    expect(screen.stepper("defender", "artillery")).to_have_value("1")
    # In view, not below the settings: the reader came for the forces (390x844: first row and the total).
    expect(page.locator("#attacker-forces legend")).to_be_in_viewport()
    expect(page.locator("#attacker-forces .unit-row[data-unit=infantry]")).to_be_in_viewport()
    expect(page.locator("#ruleset")).to_have_value("revised")
    expect(page.locator("#system-chess")).to_be_checked()  # a system beyond dice and Low Luck, from the start
    expect(screen.seed).to_have_value("held back")
    expect(screen.message).to_contain_text("Replaying the shared battle")
    expect(screen.roll_button).to_have_text(re.compile(r"^Replaying… \d+%$"))
    expect(page.locator("html")).to_have_attribute("data-ready", "loading")
    wait_until_held(page, held)
    assert screen.rounds.count() == 0
    held[0].continue_()
    page.unroute("**/pyodide/pyodide.asm.wasm")

    screen.wait_ready()
    envelope = pycore_handle(LINKED)
    expect(screen.rounds).to_have_count(len(envelope["result"]["rounds"]), timeout=ACTION_TIMEOUT)
    expect(screen.message).to_be_hidden()
    assert page.url.endswith("#" + envelope["result"]["link"])


SEA_LINKED = {"op": "resolve", "ruleset": "anniversary", "system": {"name": "dice"}, "kind": "sea", "seed": "cargo held",
              "attacker": {"units": {"destroyer": 1, "fighter": 1}},
              "defender": {"units": {"transport": 2, "carrier": 1}, "cargo": {"infantry": 2, "fighter": 1}}}


@first_visit_only
def test_a_sea_link_shows_its_cargo_before_python_then_the_identical_battle(page, dist_server):
    # The cargo rows are drawn only for a sea battle (kit/battle-options.js): a link must still fill them.
    link = pycore_handle({"op": "share", "encode": SEA_LINKED})["result"]["link"]
    held = []
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))  # Python waits for us
    screen = BattleScreen(page).open(dist_server.url + "#" + link, wait_ready=False)

    expect(page.locator("#kind-sea")).to_be_checked()
    expect(screen.stepper("defender", "transport")).to_have_value("2")
    page.locator("#defender-cargo-more > summary").click()
    expect(page.locator("#defender-cargo-infantry")).to_have_value("2")
    expect(page.locator("#defender-cargo-fighter")).to_have_value("1")
    expect(page.locator("#attacker-cargo-more")).to_be_visible()  # drawn for the sea battle, empty
    page.locator("#attacker-cargo-more > summary").click()
    expect(page.locator("#attacker-cargo-infantry")).to_have_value("0")
    wait_until_held(page, held)
    held[0].continue_()
    page.unroute("**/pyodide/pyodide.asm.wasm")

    screen.wait_ready()
    envelope = pycore_handle(SEA_LINKED)
    expect(screen.rounds).to_have_count(len(envelope["result"]["rounds"]), timeout=ACTION_TIMEOUT)
    assert page.url.endswith("#" + envelope["result"]["link"])


ODDS_LINKED = {"op": "calc", "ruleset": "anniversary", "system": {"name": "lowluck"}, "keep_land": True,
               "attacker": {"units": {"infantry": 2, "artillery": 2}}, "defender": {"units": {"infantry": 3}}}


@first_visit_only
def test_an_odds_link_shows_its_calculation_before_python_then_its_odds(page, dist_server):
    link = pycore_handle({"op": "share", "encode": ODDS_LINKED})["result"]["link"]
    held = []
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))  # Python waits for us
    page.goto(dist_server.url + "#" + link)

    # Read in JavaScript (kit/link.js): the Odds screen opens with the set-up while Python is held back.
    expect(page.locator("#tab-screen-calc")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#calc-ruleset")).to_have_value("anniversary")
    expect(page.locator("#calc-system-lowluck")).to_be_checked()
    expect(page.locator("#calc-attacker-infantry")).to_have_value("2")
    expect(page.locator("#calc-attacker-artillery")).to_have_value("2")
    expect(page.locator("#calc-defender-infantry")).to_have_value("3")
    expect(page.locator("#calc-keep-land")).to_have_value("1")
    expect(page.locator("#calc-message")).to_contain_text("its odds appear as soon as the rules are loaded")
    expect(page.locator("html")).to_have_attribute("data-ready", "loading")
    wait_until_held(page, held)
    expect(page.locator("#calc-card")).to_have_count(0)
    held[0].continue_()
    page.unroute("**/pyodide/pyodide.asm.wasm")

    # Then pycore's odds, as CPython's pycore gives them for the same request.
    expect(page.locator("#calc-card")).to_be_visible(timeout=READY_TIMEOUT)
    want = pycore_handle(ODDS_LINKED)["result"]["outcome"]["attacker_wins"]
    shown = page.locator("#calc-card .win-legend .key[data-outcome=attacker_wins]").first.get_attribute("data-p")
    assert abs(float(shown) - want) < 1e-9, (shown, want)
    expect(page.locator("#calc-message")).to_be_hidden()


def test_a_damaged_link_still_says_so_and_leaves_an_empty_form(page, dist_server):
    link = pycore_handle({"op": "share", "encode": LINKED})["result"]["link"]
    screen = BattleScreen(page).open(dist_server.url + "#" + link[:-6])  # cut short
    expect(screen.message).to_contain_text("This link is damaged (cut short or edited)")
    values = page.locator("#battle-form .stepper input").evaluate_all("inputs => inputs.map(i => i.value)")
    assert set(values) == {"0"}


class SiteServer:
    """A copy of dist/ served exactly as build.py serves it (the test then changes the copy)."""

    def __init__(self, directory: pathlib.Path) -> None:
        import threading

        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))
        from build import make_server

        self.httpd = make_server(directory, "127.0.0.1", 0, quiet=True)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


def new_build(site: pathlib.Path) -> str:
    """Turn the copy of dist/ in `site` into another build, as a deploy would; its new id."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import build

    with open(site / "kit" / "style.css", "a", encoding="utf-8") as css:
        css.write("\n/* the next build */\n")
    (site / "build.js").unlink()
    (site / "sw-assets.js").unlink()
    version = build.write_build_id(site)
    build.write_sw_assets(site, version)
    return version


@first_visit_only
def test_an_update_is_announced_and_never_mixed_in(page, context, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    server = SiteServer(site)
    try:
        first_visit(page, server.url)
        old = page.locator("html").get_attribute("data-build")
        fresh = new_build(site)
        assert fresh != old

        # The next visit still runs the old build, page and workers alike, and says a new one is ready.
        screen = BattleScreen(page)
        page.reload()
        screen.wait_ready()
        expect(page.locator("#update")).to_contain_text("A new version is ready", timeout=READY_TIMEOUT)
        expect(page.locator("html")).to_have_attribute("data-build", old)
        screen.add("attacker", "infantry", 1)
        screen.add("defender", "infantry", 1)
        screen.roll()  # the worker answered: it is of the page's build (client.js refuses any other)
        # A tap moves to the new build, whole.
        page.locator("#update-reload").click()
        expect(page.locator("html")).to_have_attribute("data-build", fresh, timeout=READY_TIMEOUT)
        screen.wait_ready()
        expect(page.locator("#update")).to_have_count(0)
        # The page's address held the battle: the new build replays it.
        expect(screen.rounds).to_have_count(1, timeout=ACTION_TIMEOUT)
    finally:
        server.stop()


def main_worker(page):
    workers = [w for w in page.workers if w.url.endswith("/kit/worker.js")]
    assert len(workers) == 1, [w.url for w in page.workers]
    return workers[0]


def test_a_worker_that_dies_is_restarted_and_its_pending_call_answered(page, dist_server):
    screen = BattleScreen(page).open(dist_server.url)
    # The next request kills the worker while the page waits for the answer.
    main_worker(page).evaluate("() => { self.onmessage = () => self.close(); }")
    screen.add("attacker", "infantry", 2)
    screen.add("defender", "infantry", 1)
    screen.roll_button.click()
    expect(screen.message).to_contain_text("The battle engine stopped", timeout=ACTION_TIMEOUT)
    expect(screen.message).to_contain_text("Try again")
    expect(page.locator("html")).to_have_attribute("data-restarted", "1", timeout=READY_TIMEOUT)
    expect(page.locator("html")).to_have_attribute("data-ready", "true")
    # Nothing the user entered is lost, and the new worker answers.
    expect(screen.stepper("attacker", "infantry")).to_have_value("2")
    screen.roll()
    expect(screen.rounds.first).to_contain_text("Attacker fires")


def test_a_calculation_past_its_budget_is_too_big_for_this_device(page, dist_server):
    page.clock.install()  # the page's clock: the budget is jumped over, not waited for
    BattleScreen(page).open(dist_server.url)
    page.locator("#tab-screen-calc").click()
    # Revised with dice, named here: the remembered default (Classic, Low Luck) has no destroyers.
    page.locator("#calc-ruleset").select_option("revised")
    page.locator("label[for='calc-system-dice']").click()
    page.locator("label:has(#calc-kind-sea)").click()
    for role, units in (("attacker", ("battleship", "submarine", "destroyer", "fighter")),
                        ("defender", ("battleship", "carrier", "submarine", "fighter"))):
        for unit in units:
            # 60 of each: within pycore's cost budget (Monte Carlo, about 10 s of CPython work,
            # pycore/calc/cost.py), so it runs rather than being refused, and runs long enough.
            page.locator(f"#calc-{role}-{unit}").fill("60")
    expect(page.locator("#screen-calc")).to_have_attribute("data-calc-ready", "true", timeout=READY_TIMEOUT)
    page.locator("#calc-go").click()
    expect(page.locator("#calc-cancel")).to_be_visible()
    message = page.locator("#calc-message")
    # The budget's clock starts on the client's next tick once Python runs it, which on a loaded machine
    # can be many seconds after the click: jump the page's clock past the budget again and again (up to
    # a minute of real time), so a timer set late is jumped over too instead of waiting on a frozen clock.
    # The jumps come every 0.25 s: the budgeted Monte Carlo really runs in the worker meanwhile, and with
    # a jump every 1.5 s it once finished first (411 battles shown, no message; full run of 45a830e).
    for _ in range(240):
        page.wait_for_timeout(250)
        page.clock.fast_forward(61_000)
        if message.is_visible():
            break
    expect(message).to_contain_text("too big for this device", timeout=ACTION_TIMEOUT)
    expect(message).not_to_contain_text("report")
    # The calculator's worker was replaced: a small calculation answers.
    for role in ("attacker", "defender"):
        for field in page.locator(f"#calc-{role}-forces .unit-row input").all():
            field.fill("0")
    page.locator("#calc-attacker-battleship").fill("1")
    page.locator("#calc-defender-destroyer").fill("1")
    page.locator("#calc-go").click()
    expect(page.locator("#calc-card")).to_be_visible(timeout=ACTION_TIMEOUT)


IMPORT = re.compile(r'^\s*import\s[^;]*?from\s+"([^"]+)"|^\s*import\s+"([^"]+)"', re.M)


def static_imports(site: pathlib.Path, start: str) -> set[str]:
    """Every module `start` reaches by static imports (dynamic import() excluded), as site paths."""
    seen: set[str] = set()
    todo = [site / start]
    while todo:
        path = todo.pop().resolve()
        name = path.relative_to(site.resolve()).as_posix()
        if name in seen:
            continue
        seen.add(name)
        todo += [path.parent / (a or b) for a, b in IMPORT.findall(path.read_text(encoding="utf-8"))]
    return seen


@first_visit_only
def test_the_first_screens_modules_are_preloaded_exactly(page, dist_server):
    """index.html's modulepreload list is the static import graph of app.js and the Battle screen (the
    first screen shown), so the browser fetches it at once; a module added or removed there fails here."""
    # battle.js is held back until kit/widgets.js has been asked for: widgets.js is imported by battle.js's
    # own imports, so without the preload it could only be asked for once battle.js had arrived and been
    # parsed. (A comparison of their timings stopped meaning this once the server answered in a few ms.)
    held = []
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.route("**/battle/battle.js", lambda route: held.append(route))
    page.goto(dist_server.url, wait_until="commit")
    for _ in range(READY_TIMEOUT // 100):
        if held and any(url.endswith("/kit/widgets.js") for url in asked):
            break
        page.wait_for_timeout(100)
    widgets_before_battle = any(url.endswith("/kit/widgets.js") for url in asked)
    for route in held:
        route.continue_()
    page.unroute("**/battle/battle.js")
    assert held, "battle.js was never asked for"
    assert widgets_before_battle, "kit/widgets.js was not asked for while battle.js was held back: not preloaded"
    page.wait_for_function("() => performance.getEntriesByName('luckdial:battle built').length > 0", timeout=READY_TIMEOUT)
    html = (DIST / "index.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    assert len(preloaded) == len(set(preloaded))
    want = (static_imports(DIST, "app.js") | static_imports(DIST, "battle/battle.js")) - {"kit/start.js"}
    assert set(preloaded) == want, (sorted(set(preloaded) - want), sorted(want - set(preloaded)))
    assert 'src="kit/start.js"' in html.split("<link rel=\"stylesheet\"")[0]  # the worker starts before the CSS



COUNT_WORKERS = """(() => {
  window.__workersMade = [];
  const Made = window.Worker;
  window.Worker = class extends Made {
    constructor(url, options) {
      super(url, options);
      // document.currentScript: the classic script running (kit/boot.js), null in a module (kit/client.js)
      window.__workersMade.push([String(url), options && options.name, document.currentScript && document.currentScript.src]);
    }
  };
})();"""


def test_the_page_boots_one_python_worker_the_one_boot_js_started(page, dist_server):
    # kit/boot.js starts the worker before the page's modules; kit/client.js must adopt it, not start a second.
    page.add_init_script(COUNT_WORKERS)
    screen = BattleScreen(page).open(dist_server.url)
    made = page.evaluate("() => window.__workersMade")
    assert [url.rsplit("/", 2)[-2:] for url, _, _ in made] == [["kit", "worker.js"]], made
    assert made[0][1].startswith("main#") and (made[0][2] or "").endswith("/kit/boot.js"), made
    assert page.evaluate("() => 'luckdialBoot' in window") is False  # taken by the client
    screen.add("attacker", "infantry", 1)
    screen.add("defender", "infantry", 1)
    screen.roll()
    expect(screen.rounds).to_have_count(1)


# Every "luckdial:battle step …" mark records whether a timer queued at the previous step has run
# since: only a task boundary between two steps lets it run. scheduler.yield is taken away, so the
# battle screen's yieldToPage uses its timer (a timer queued earlier runs first).
WATCH_STEPS = """(() => {
  try { delete Scheduler.prototype.yield; } catch {}
  window.__steps = [];
  let previous = null;
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    if (String(name).startsWith("luckdial:battle step ")) {
      const ruleset = document.getElementById("ruleset");
      window.__steps.push({name: name.slice(21), newTask: previous ? previous.ran : null,
        onPage: Boolean(ruleset && ruleset.isConnected), rulesets: ruleset ? ruleset.options.length : 0,
        units: document.querySelectorAll("#screen-battle .unit-row").length});
      const probe = {ran: false};
      setTimeout(() => { probe.ran = true; }, 0);
      previous = probe;
    }
    return mark(name, options);
  };
})();"""


def test_the_battle_screens_set_up_runs_in_steps_each_its_own_task(page, dist_server):
    """The battle screen's set-up is cut into steps, each in a task of its own (battle.js's yieldToPage):
    one task for all of it held the main thread 40–150 ms (Lighthouse's total blocking time, #16).
    The form is put on the page only once filled: its first look is never an empty form."""
    page.add_init_script(WATCH_STEPS)
    BattleScreen(page).open(dist_server.url)
    steps = page.evaluate("() => window.__steps")
    names = [step["name"] for step in steps]
    assert names[-1] == "shown" and len(names) >= 5, names
    assert all(step["newTask"] for step in steps[1:]), steps
    assert not any(step["onPage"] for step in steps[:-1]), steps  # built off the page…
    shown = steps[-1]
    assert shown["onPage"] and shown["rulesets"] > 0 and shown["units"] > 0, steps  # …and on it only when filled


def test_a_shared_links_visit_builds_the_battle_screen_in_one_task(page, dist_server):
    """A shared link's reader waits for nothing but the link's forces: its visit builds the battle screen
    without giving the page back between steps (each step given back cost 10-30 ms while the page still
    loads; bench/load.py, #16). The form is still put on the page only once it holds the link's set-up."""
    link = pycore_handle({"op": "share", "encode": LINKED})["result"]["link"]
    page.add_init_script(WATCH_STEPS)
    screen = BattleScreen(page).open(dist_server.url + "#" + link, wait_ready=False)
    expect(screen.stepper("attacker", "tank")).to_have_value("2")
    steps = page.evaluate("() => window.__steps")
    names = [step["name"] for step in steps]
    assert names[-1] == "shown" and len(names) >= 5, names
    # Between "pickers" and "filled" the page awaits the link's reading (a promise, not a task); every
    # other step follows the previous one in the same task.
    assert not any(step["newTask"] for step in steps[1:] if step["name"] != "filled"), steps
    assert not any(step["onPage"] for step in steps[:-1]), steps
    assert steps[-1]["onPage"] and steps[-1]["units"] > 0, steps


# Every text the status line beside the name shows ("55% · Starting the battle engine…"), with its time.
WATCH_STATUS = """(() => {
  window.__status = [];
  new MutationObserver(() => {
    const line = document.getElementById("engine-status");
    const text = line ? line.textContent : null;
    const last = window.__status[window.__status.length - 1];
    if (text !== null && (!last || last.text !== text)) window.__status.push({at: performance.now(), text});
  }).observe(document, {subtree: true, childList: true, characterData: true});
})();"""


@first_visit_only
def test_a_first_visits_progress_names_each_step_and_keeps_moving_while_python_starts(page, dist_server):
    """Honest progress (#16): the bar names the step under way, in the boot's order, never moves back,
    and keeps moving through the interpreter's start, which is one long synchronous call in the worker.
    It used to count a file Pyodide imports but never fetches: the bar stopped at 49 % "Downloading
    Python" through the whole start, and "Starting Python" never showed."""
    page.add_init_script(WATCH_STATUS)
    BattleScreen(page).open(dist_server.url)
    expect(page.locator("html")).to_have_attribute("data-boot", "full")
    shown = [entry for entry in page.evaluate("() => window.__status") if "%" in entry["text"]]
    parsed = [(entry["at"], int(entry["text"].split("%")[0]), entry["text"].split("· ", 1)[1].rstrip("…"))
              for entry in shown]
    stages = [stage for _, _, stage in parsed]
    order = [stage for i, stage in enumerate(stages) if i == 0 or stages[i - 1] != stage]
    # The steps in the player's words (#29 item 5): never "Python".
    steps = ("Downloading the battle engine", "Starting the battle engine", "Loading the rules")
    assert [s for s in order if s in steps] == list(steps), order
    figures = [figure for _, figure, _ in parsed]
    assert figures == sorted(figures), figures  # never back
    starting = [(at, figure) for at, figure, stage in parsed if stage == "Starting the battle engine"]
    after = next(at for at, _, stage in parsed if stage == "Loading the rules")
    # The page's own clock moves the bar every 250 ms while the worker is silent: a start that took
    # longer than two of those ticks shows more than one figure.
    if after - starting[0][0] > 600:
        assert len({figure for _, figure in starting}) > 1, parsed
    assert max(figure for _, figure in starting) < figures[-1], parsed


@first_visit_only
def test_a_first_visit_imports_pycore_in_place_and_marks_its_steps(page, dist_server):
    """The worker's own boot steps (web/kit/worker.js, #16): each big file's arrival is marked; pycore.zip
    is written as it is (no unpacking) once Python has started, and pycore is imported from it."""
    screen = BattleScreen(page).open(dist_server.url)
    expect(page.locator("html")).to_have_attribute("data-boot", "full")
    marks = page.evaluate("() => Object.fromEntries(performance.getEntriesByType('mark')"
                          ".filter((m) => m.name.startsWith('luckdial:main ')).map((m) => [m.name.slice(14), m.startTime]))")
    for step in ("pyodide.asm.wasm downloaded", "python_stdlib.zip downloaded", "pycore written", "pycore imported"):
        assert step in marks, marks
    assert "pycore unpacked" not in marks, marks
    assert marks["pyodide.asm.wasm downloaded"] <= marks["Python started"] <= marks["pycore written"], marks
    assert marks["pycore written"] <= marks["pycore imported"] <= marks["ready"], marks
    # And pycore, imported from the archive in place, answers.
    screen.add("attacker", "infantry", 1)
    screen.add("defender", "infantry", 1)
    screen.roll()
    expect(screen.rounds).to_have_count(1)


# docs/api.md "Out of memory": pycore answers a MemoryError itself; the worker passes the answer on
# and is replaced. The trigger is an allocation no 32-bit WebAssembly memory can hold (a list of
# sys.maxsize items, which Python's allocator refuses with a real MemoryError), asked for by a copy of
# pycore served to this page alone: its api module, as source, asks when a calculation has exactly 77
# attacking infantry. Everything else is the real page.
OUT_OF_MEMORY_TRIGGER = '''

_luckdial_real_op = _op


def _op(name):
    run = _luckdial_real_op(name)

    def run_or_run_dry(request):
        if name == "calc" and request.get("attacker", {}).get("units", {}).get("infantry") == 77:
            import sys
            [None] * sys.maxsize
        return run(request)
    return run_or_run_dry
'''


def pycore_that_runs_dry() -> bytes:
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(DIST / "pycore.zip") as real, zipfile.ZipFile(out, "w") as copy:
        for name in real.namelist():
            if name != "pycore/api.pyc":  # zipimport compiles the source below in its place
                copy.writestr(name, real.read(name))
        source = (ROOT / "pycore" / "api.py").read_text(encoding="utf-8") + OUT_OF_MEMORY_TRIGGER
        copy.writestr("pycore/api.py", source)
    return out.getvalue()


@first_visit_only
def test_a_calculation_that_runs_out_of_memory_is_too_big_and_its_worker_replaced(
        watched_context, dist_server):
    # No service worker: it would answer pycore.zip from its own cache, past the route.
    context = watched_context(service_workers="block")
    archive = pycore_that_runs_dry()
    context.route("**/pycore.zip", lambda route: route.fulfill(body=archive, content_type="application/zip"))
    page = context.new_page()
    started = []
    page.on("worker", lambda worker: started.append(worker.url))
    BattleScreen(page).open(dist_server.url)
    page.locator("#tab-screen-calc").click()
    page.locator("#calc-attacker-infantry").fill("77")
    page.locator("#calc-defender-infantry").fill("3")
    expect(page.locator("#screen-calc")).to_have_attribute("data-calc-ready", "true", timeout=READY_TIMEOUT)
    workers_before = len(started)
    page.locator("#calc-go").click()
    message = page.locator("#calc-message")
    expect(message).to_contain_text("too big for the memory of this device", timeout=READY_TIMEOUT)
    expect(message).not_to_contain_text("report")
    # A fresh worker was started in its place, and what the player typed is still there.
    expect(page.locator("#calc-attacker-infantry")).to_have_value("77")
    page.locator("#calc-attacker-infantry").fill("5")
    page.locator("#calc-go").click()
    expect(page.locator("#calc-card")).to_be_visible(timeout=READY_TIMEOUT)
    assert len(started) > workers_before, started

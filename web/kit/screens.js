// The switchboard between the page's screens: app.js says how a screen is shown and hands each link to
// the screen that owns its op; a screen offers what others may ask of it ("odds of this battle"). No
// screen clicks another's tab or reads the address for a link: app.js reads it once (docs/links.md).
//
// Not for: building or routing itself (app.js), or reading a link (kit/link.js).

/** Which screen opens a link of each op (docs/links.md). */
export const OWNER = Object.freeze({resolve: "battle", calc: "odds", plan_turn: "odds", wif: "wif", research: "research", bombing: "research",
  journal: "journal"});

let showing = (_name) => {};
const offers = new Map(); // name → {api, promise, resolve}

function entry(name) {
  if (!offers.has(name)) {
    let resolve = null;
    const promise = new Promise((settle) => { resolve = settle; });
    offers.set(name, {api: null, promise, resolve});
  }
  return offers.get(name);
}

/** app.js: how to show a screen by its name ("battle", "odds", "wif", "research"). */
export function setShow(show) {
  showing = show;
}

/** Show the screen `name`, as the page (a link opened, "Odds from here"): no new history entry. */
export function showScreen(name) {
  showing(name);
}

/**
 * A screen's offer, once built: {openLink(envelope, fragment), linkProblem(text), linkDamaged(words),
 * shown()} and whatever else it lets other screens ask (the Odds screen's oddsOf(battle)).
 */
export function offer(name, api) {
  const it = entry(name);
  it.api = api;
  it.resolve(api);
}

/** The offer of screen `name`: now if it is built, else once it is. */
export function screen(name) {
  return entry(name).promise;
}

/** The offer of `name` if that screen is built, else null. */
export function offered(name) {
  return offers.get(name)?.api || null;
}

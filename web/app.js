// Starts the page: the Python worker, the tab row and each screen.
//
// A screen is one <section class="screen" data-title="…" data-module="./x.js">
// in index.html; its module exports init(client, section, page). Adding a screen is
// adding that one line. init may return a promise that settles once the
// screen is usable with the rules loaded; <html data-ready="true"> waits for all of them.
//
// The address is read here, once: a share link goes to the screen that owns its op (kit/screens.js
// OWNER), which is shown first; a fragment that is no link is said on every screen; a damaged link
// is said by the screen shown, which keeps what was entered. Screens show each other through
// kit/screens.js, never by clicking a tab.

import {client} from "./kit/start.js"; // first: Python started loading before any of this (index.html)
import {el, yieldToPage} from "./kit/dom.js";
import {BUILD} from "./build.js";
import {previewLink, readFragment} from "./kit/link.js";
import {OWNER, offered, setShow} from "./kit/screens.js";

const root = document.documentElement;
root.dataset.build = BUILD; // which build this page is (tests check an update never mixes two)
const status = document.getElementById("engine-status");
const sections = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("section.screen"))];
const tabs = document.getElementById("tabs");

// The screen is in the address as a plain name (#battle, #odds, …) so a reload and the
// Back button return to it; share links are "#v1.…" and never clash with these names.
const SCREEN_NAMES = {"screen-battle": "battle", "screen-calc": "odds", "screen-wif": "wif", "screen-research": "research"};
const nameOf = (section) => SCREEN_NAMES[section.id] || section.id.replace(/^screen-/, "");
const byName = (hash) => sections.find((section) => "#" + nameOf(section) === hash);
const isScreenHash = (hash) => hash === "" || hash === "#" || Boolean(byName(hash));
let current = null;

// Where the player left each screen (its window scroll), so a tab opens where it was left, or at its top the
// first time: the screens share one window, and a screen shown at another's scroll opened mid-form.
const scrolledTo = new Map();

function show(section) {
  const fresh = section !== current;
  if (fresh && current) scrolledTo.set(current.id, window.scrollY);
  for (const other of sections) {
    other.hidden = other !== section;
    const tab = document.getElementById(`tab-${other.id}`);
    tab.setAttribute("aria-selected", String(other === section));
    tab.tabIndex = other === section ? 0 : -1;
  }
  if (fresh && current) window.scrollTo({top: scrolledTo.get(section.id) ?? 0, behavior: "instant"});
  current = section;
  if (fresh) offered(nameOf(section))?.shown?.(); // e.g. the battle entered on the other screen (kit/draft.js)
}

/** A player's choice of screen: a new history entry, so Back returns to the screen left. */
function choose(section, {byPlayer}) {
  if (section === current) return;
  // Remember on the entry being left which screen it showed (it may be a share link's entry).
  history.replaceState({...history.state, screen: current?.id}, "");
  show(section);
  const address = location.pathname + location.search + "#" + nameOf(section);
  if (byPlayer) history.pushState({screen: section.id}, "", address);
  else if (isScreenHash(location.hash)) history.replaceState({screen: section.id}, "", address);
  // A screen switched by the page itself (a share link opening, "Odds from here") keeps the link in the address.
}

for (const section of sections) {
  const tab = el("button", {type: "button", role: "tab", id: `tab-${section.id}`, "aria-controls": section.id},
    section.dataset.title);
  // A click by the player (event.isTrusted) adds a history entry; a screen's own tab.click() does not.
  tab.addEventListener("click", (event) => choose(section, {byPlayer: event.isTrusted}));
  section.setAttribute("role", "tabpanel");
  section.setAttribute("aria-labelledby", tab.id);
  tabs.append(tab);
}

// The WAI-ARIA tabs pattern: one tab in the Tab order; arrows, Home and End move along the row
// and open the tab reached (automatic activation: every screen is already built).
tabs.addEventListener("keydown", (event) => {
  const row = [.../** @type {NodeListOf<HTMLElement>} */ (tabs.querySelectorAll("[role=tab]"))];
  const at = row.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  if (at < 0) return;
  const to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: row.length - 1}[event.key];
  if (to === undefined) return;
  event.preventDefault();
  const tab = row[(to + row.length) % row.length];
  tab.focus();
  choose(sections[row.indexOf(tab)], {byPlayer: true});
});

window.addEventListener("popstate", (event) => {
  const section = sections.find((s) => s.id === event.state?.screen) || byName(location.hash);
  if (section) show(section);
});
setShow((name) => choose(byName(`#${name}`), {byPlayer: false}));

// The address the page opened with: a link's op is read in JavaScript (kit/link.js, begun by
// kit/start.js) so its screen is the first one built and shown; pycore's reading is asked for at
// once (answered the moment the rules are loaded) and is what the screen opens.
const opening = readFragment(location.hash);
const preview = opening.link ? await previewLink(location.hash) : null;
const owner = opening.link ? OWNER[preview?.op] || "battle" : null;
const decoding = opening.link ? client.call({op: "share", decode: opening.link}) : null;
show((owner && byName(`#${owner}`)) || byName(location.hash) || sections.find((s) => s.id === history.state?.screen) || sections[0]);

client.onProgress(({stage, done, total}) => {
  // The figure first: on a narrow phone the words wrap under it (style.css).
  status.textContent = `${total ? Math.min(99, Math.floor((100 * done) / total)) : 0}% · ${stage || "Loading the rules"}…`;
  status.title = stage;
});
client.onFailed(() => {
  root.dataset.ready = "failed";
  status.textContent = "Engine offline";
});
// A worker that died is restarted by the client; the flag says so while it loads again.
client.onRestart((reason) => {
  if (root.dataset.ready === "true") root.dataset.ready = "loading";
  status.textContent = `The battle engine stopped (${reason}); restarting…`;
});
client.onBack(() => {
  root.dataset.ready = "true";
  root.dataset.restarted = String(Number(root.dataset.restarted || 0) + 1);
  status.textContent = "Ready again";
});
// A worker of another build than this page (the calculator's too) is never used: reload.
addEventListener("luckdial:outdated", () => announceUpdate(null));

// The screens are built one per task, the shown one first, so no single task holds the main
// thread for all four (Lighthouse's total blocking time) and the shown screen — with a shared
// link's set-up — is on screen before the hidden ones are built. The hidden screens' modules are
// asked for once the shown one is built: fetched at once with it, they queued ahead of Python's
// worker script and of the shown screen's own modules (six connections to a host over HTTP/1.1;
// bench/load.py's trace of a first visit).
const order = [current, ...sections.filter((section) => section !== current)];
// A screen's module asked for now is awaited later, in its turn: a fetch that fails meanwhile (the network gone,
// the page left while it loaded) is said on that screen when its turn comes (`missing`), never an uncaught error.
const load = (section) => {
  const module = import(section.dataset.module);
  module.catch(() => {});
  return module;
};
const modules = new Map([[current, load(current)]]);
const built = [];
const ready = new Map(); // a screen's name → its init's promise (settled once it is usable)
let previous = Promise.resolve();
for (const section of order) {
  previous = previous.then(async () => {
    try {
      if (section === order[1]) for (const hidden of order.slice(1)) modules.set(hidden, load(hidden));
      let screen;
      try {
        screen = await modules.get(section);
      } catch {
        missing(section);
        return;
      }
      if (section !== order[0]) await yieldToPage();
      performance.mark(`luckdial:${nameOf(section)} imported`);
      // A screen built over several tasks (builtInSteps) says when it is on the page.
      let onPage = null;
      const shown = new Promise((resolve) => { onPage = resolve; });
      const mine = owner === nameOf(section) ? {fragment: opening.link, request: preview} : null;
      const started = screen.init(client, section, {built: onPage, opening: mine, problem: opening.problem});
      ready.set(nameOf(section), Promise.resolve(started).catch(() => {}));
      if (screen.builtInSteps) await Promise.race([shown, Promise.resolve(started).catch(() => {})]);
      performance.mark(`luckdial:${nameOf(section)} built`);
      built.push(Promise.resolve(started).catch((error) => failed(section, error)));
    } catch (error) {
      failed(section, error);
    }
  });
}
function failed(section, error) {
  section.replaceChildren(el("p", {class: "message"}, `This screen could not start: ${error.message}`));
}
/** A screen whose files did not arrive (a dropped connection, an offline copy missing one): said on it, with a
 * Reload button, as web/kit/load-guard.js says it for the page's own files; the other screens work on. */
function missing(section) {
  const reload = el("button", {type: "button", class: "small"}, "Reload");
  reload.addEventListener("click", () => location.reload());
  section.replaceChildren(el("p", {class: "message", role: "alert", id: `${section.id}-missing`},
    "This screen did not load: a file of the page did not arrive.",
    el("span", {class: "detail"}, "Check the connection, then reload. What you entered is kept in this tab."), reload));
}
const screens = previous.then(() => Promise.all(built));

// ---- links: each one read once, handed to the screen that owns its op ----------------------------
/**
 * pycore's answer to a link's decoding, given to its screen once that screen is ready; a damaged one to the
 * screen shown, told whether the link opened the page (`cold`: nothing was entered yet, so nothing is "kept").
 */
async function deliver(envelope, fragment, cold = false) {
  if (envelope.error?.type === "engine_stopped") envelope = await client.call({op: "share", decode: fragment});
  const name = envelope.ok ? OWNER[envelope.result.request.op] : nameOf(current);
  if (!name) return;
  await previous; // every screen's init has run (and offered itself)
  await ready.get(name);
  const screen = offered(name);
  if (!envelope.ok) screen?.linkDamaged?.(envelope.error, {cold});
  else {
    if (current !== byName(`#${name}`)) choose(byName(`#${name}`), {byPlayer: false});
    await screen?.openLink(envelope, fragment);
  }
}
if (decoding) decoding.then((envelope) => deliver(envelope, opening.link, true));
// A link pasted into the address bar, a history entry opened, Back to a link: read again.
window.addEventListener("hashchange", () => {
  const {link, problem} = readFragment(location.hash);
  if (problem) for (const section of sections) offered(nameOf(section))?.linkProblem?.(problem);
  if (link) client.call({op: "share", decode: link}).then((envelope) => deliver(envelope, link));
});

screens.then(() => {
  if (client.state === "ready") {
    root.dataset.ready = "true";
    status.textContent = "";
  }
});
client.onReady(() => {
  status.textContent = "Ready";
  root.dataset.boot = client.boot; // "snapshot" on a return visit's fast path, else "full"
});

// The offline copy is made once the page is ready: its precache then revalidates
// files the page has just downloaded instead of fetching all 13 MB a second
// time alongside the first load (measured by bench/load.py).
//
// Updates are atomic: a new build's service worker installs beside the old one
// and waits (sw.js), so this page, its workers and pycore keep coming from one
// build; the page says a new version is ready, and a tap moves to it.
let reloading = false;
function announceUpdate(waiting) {
  if (document.getElementById("update")) return;
  const button = el("button", {type: "button", class: "small", id: "update-reload"}, "Reload");
  button.addEventListener("click", () => {
    reloading = true;
    if (waiting) waiting.postMessage({type: "activate"}); // the page reloads once it has taken over
    else location.reload();
  });
  const note = el("p", {class: "update", id: "update", role: "status"}, "A new version is ready — ", button);
  document.querySelector(".topbar").append(note);
  root.dataset.update = "ready";
}

function keepOfflineCopy() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => { if (reloading) location.reload(); });
  navigator.serviceWorker.register("./sw.js").then((registration) => {
    const waitingOne = () => {
      if (registration.waiting && navigator.serviceWorker.controller) announceUpdate(registration.waiting);
    };
    waitingOne();
    registration.addEventListener("updatefound", () => {
      const fresh = registration.installing;
      fresh?.addEventListener("statechange", () => { if (fresh.state === "installed") waitingOne(); });
    });
  }).catch(() => {
    // No offline copy this time (e.g. a development server without
    // sw-assets.js); the site still works online.
  });
}
// Once the page is ready, not at Python's "ready": the service worker's install (its script and a
// revalidation of every file) then no longer competes with the screens' first answers.
screens.then(() => client.settled()).then((state) => { if (state === "ready") keepOfflineCopy(); });

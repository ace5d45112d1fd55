// Starts the page: the Python worker, the tab row and each screen.
//
// A screen is one <section class="screen" data-title="…" data-module="./x.js">
// in index.html; its module exports init(client, section). Adding a screen is
// adding that one line. init may return a promise that settles once the
// screen is usable with Python; <html data-ready="true"> waits for all of them.

import {client} from "./kit/start.js"; // first: Python started loading before any of this (index.html)
import {el, yieldToPage} from "./kit/dom.js";
import {BUILD} from "./build.js";

const root = document.documentElement;
root.dataset.build = BUILD; // which build this page is (tests check an update never mixes two)
const status = document.getElementById("engine-status");
const sections = [...document.querySelectorAll("section.screen")];
const tabs = document.getElementById("tabs");

// The screen is in the address as a plain name (#battle, #odds, …) so a reload and the
// Back button return to it; share links are "#v1.…" and never clash with these names.
const SCREEN_NAMES = {"screen-battle": "battle", "screen-calc": "odds", "screen-wif": "wif", "screen-research": "research"};
const nameOf = (section) => SCREEN_NAMES[section.id] || section.id.replace(/^screen-/, "");
const byName = (hash) => sections.find((section) => "#" + nameOf(section) === hash);
const isScreenHash = (hash) => hash === "" || hash === "#" || Boolean(byName(hash));
let current = null;

function show(section) {
  current = section;
  for (const other of sections) {
    other.hidden = other !== section;
    const tab = document.getElementById(`tab-${other.id}`);
    tab.setAttribute("aria-selected", String(other === section));
    tab.tabIndex = other === section ? 0 : -1;
  }
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
  const row = [...tabs.querySelectorAll("[role=tab]")];
  const at = row.indexOf(document.activeElement);
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

show(byName(location.hash) || sections.find((s) => s.id === history.state?.screen) || sections[0]);

client.onProgress(({stage, done, total}) => {
  // The figure first: on a narrow phone the line is cut at its end (style.css), never the figure.
  status.textContent = `${total ? Math.min(99, Math.floor((100 * done) / total)) : 0}% · ${stage || "Loading Python"}…`;
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
  status.textContent = "Python ready again";
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
const modules = new Map([[current, import(current.dataset.module)]]);
const built = [];
let previous = Promise.resolve();
for (const section of order) {
  previous = previous.then(async () => {
    try {
      if (section === order[1]) for (const hidden of order.slice(1)) modules.set(hidden, import(hidden.dataset.module));
      const screen = await modules.get(section);
      if (section !== order[0]) await yieldToPage();
      performance.mark(`luckdial:${nameOf(section)} imported`);
      // A screen built over several tasks (builtInSteps) says when it is on the page.
      let onPage = null;
      const shown = new Promise((resolve) => { onPage = resolve; });
      const started = screen.init(client, section, {built: onPage});
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
const screens = previous.then(() => Promise.all(built));

screens.then(() => {
  if (client.state === "ready") {
    root.dataset.ready = "true";
    status.textContent = "";
  }
});
client.onReady(() => {
  status.textContent = "Python ready";
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

// Starts the page: the Python worker, the tab row and each screen.
//
// A screen is one <section class="screen" data-title="…" data-module="./x.js">
// in index.html; its module exports init(client, section). Adding a screen is
// adding that one line. init may return a promise that settles once the
// screen is usable with Python; <html data-ready="true"> waits for all of them.

import {createClient} from "./kit/client.js";
import {el} from "./kit/dom.js";

const root = document.documentElement;
const client = createClient();
const status = document.getElementById("engine-status");
const sections = [...document.querySelectorAll("section.screen")];
const tabs = document.getElementById("tabs");

function show(section) {
  for (const other of sections) {
    other.hidden = other !== section;
    const tab = document.getElementById(`tab-${other.id}`);
    tab.setAttribute("aria-selected", String(other === section));
    tab.tabIndex = other === section ? 0 : -1;
  }
}

for (const section of sections) {
  const tab = el("button", {type: "button", role: "tab", id: `tab-${section.id}`, "aria-controls": section.id},
    section.dataset.title);
  tab.addEventListener("click", () => show(section));
  section.setAttribute("role", "tabpanel");
  section.setAttribute("aria-labelledby", tab.id);
  tabs.append(tab);
}
show(sections[0]);

client.onProgress(({stage, done, total}) => {
  status.textContent = `Loading Python… ${total ? Math.min(99, Math.floor((100 * done) / total)) : 0}%`;
  status.title = stage;
});
client.onFailed(() => {
  root.dataset.ready = "failed";
  status.textContent = "Engine offline";
});

const screens = sections.map(async (section) => {
  try {
    const screen = await import(section.dataset.module);
    await screen.init(client, section);
  } catch (error) {
    section.replaceChildren(el("p", {class: "message"}, `This screen could not start: ${error.message}`));
  }
});

Promise.all(screens).then(() => {
  if (client.state === "ready") {
    root.dataset.ready = "true";
    status.textContent = "";
  }
});
client.onReady(() => { status.textContent = "Python ready"; });

// The offline copy is made once Python is ready: its precache then revalidates
// files the page has just downloaded instead of fetching all 13 MB a second
// time alongside the first load (measured by bench/load.py).
function keepOfflineCopy() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("./sw.js").catch(() => {
    // No offline copy this time (e.g. a development server without
    // sw-assets.js); the site still works online.
  });
}
client.onReady(keepOfflineCopy);

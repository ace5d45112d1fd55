// Service worker (classic script): precaches every file of the site so
// Luckdial works offline at the table after the first visit.
// sw-assets.js is written by build.py: LUCKDIAL_VERSION (the build's id, the
// same as build.js's BUILD) and LUCKDIAL_ASSETS (every file, as URLs relative
// to this script).
//
// Updates are atomic: a new build installs its own cache beside the old one
// and then waits. The old build keeps serving every file — page, workers,
// pycore — until the page asks to move ({type: "activate"}, after "A new
// version is ready — reload"), or until no tab uses it any more.

importScripts("./sw-assets.js");

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const CACHE = "luckdial-" + sw.LUCKDIAL_VERSION;
const SITE_CACHE = /^luckdial-[0-9a-f]{16}$/; // other caches (the Python snapshots) are the worker's

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": every file is revalidated with the server, so one version
    // never mixes with another, but a file the page has just downloaded comes
    // back as a 304 from the HTTP cache instead of a second full download.
    await cache.addAll(sw.LUCKDIAL_ASSETS.map((url) => new Request(url, {cache: "no-cache"})));
  })());
});

sw.addEventListener("message", (event) => {
  if (event.data?.type === "activate") sw.skipWaiting();
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => SITE_CACHE.test(name) && name !== CACHE)
      .map((name) => caches.delete(name)));
    await sw.clients.claim();
  })());
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  // Only the site's own files: the public beacon's answers (kit/beacon.js) go to the network untouched.
  if (new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Navigations may carry a query string; the page is the same.
    const cached = await cache.match(request, {ignoreSearch: request.mode === "navigate"});
    return cached || fetch(request);
  })());
});

// The page's very first script: starts Python's worker before anything else of the page runs.
//
// A classic script without imports, loaded before the style sheets and the module graph:
// it runs as soon as it arrives, while kit/start.js (a module) runs only once its own imports
// are fetched and compiled, behind the 25 modules the page preloads. Traced with
// bench/trace.py: the worker started 0.35 s after navigation at 1x and 1.6 s at 4x CPU
// throttling when start.js created it. kit/client.js adopts this worker (the page's "main"
// client, once), with the messages it posted meanwhile, which are kept here in order.
(() => {
  try {
    const name = `main#${Math.random().toString(36).slice(2)}`; // its life lock's name (client.js)
    const url = new URL("kit/worker.js", document.baseURI).href;
    const worker = new Worker(url, {type: "module", name});
    const early = [];
    const keep = (event) => early.push(event);
    worker.addEventListener("message", keep);
    worker.addEventListener("error", keep);
    /** @type {any} */ (self).luckdialBoot = {worker, name, url, early, stop: () => {
      worker.removeEventListener("message", keep);
      worker.removeEventListener("error", keep);
    }};
  } catch {
    // No worker this way (an old browser): kit/client.js starts its own and says what fails.
  }
})();

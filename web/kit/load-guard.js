// A page whose own modules did not all arrive says so, instead of "Loading the rules…" for ever.
//
// app.js and the screens are ES modules: when one file of their graph fails to arrive (a connection
// dropped, a server that stopped answering, an offline copy missing a file), the browser runs none of
// them and only fires an "error" event at the <script type="module"> element, with nothing on the
// page. So this classic script (deferred, before app.js in index.html, so it runs first) listens for
// that event. The first time, it reloads the page, as a player would: a dropped file is usually there
// on the next try, and the address (a shared link's fragment) is kept. If the page failed the same
// way less than a minute before, it stops and says what happened, with a Reload button.
(() => {
  const RELOADED = "luckdial.reloaded-for-a-missing-file"; // sessionStorage: when this tab last did
  const AGAIN_WITHIN_MS = 60_000;
  let handled = false;

  /** True when this tab reloaded for a missing file less than a minute ago (or storage is blocked). */
  function triedAlready() {
    try {
      const last = Number(sessionStorage.getItem(RELOADED) || 0);
      if (Date.now() - last < AGAIN_WITHIN_MS) return true;
      sessionStorage.setItem(RELOADED, String(Date.now()));
      return false;
    } catch {
      return true; // no storage: no way to know, so never risk reloading in a loop
    }
  }

  function sayIt() {
    const root = document.documentElement;
    root.dataset.ready = "failed";
    const status = document.getElementById("engine-status");
    if (status) status.textContent = "Not loaded";
    const note = document.createElement("p");
    note.className = "message";
    note.id = "page-incomplete";
    note.setAttribute("role", "alert");
    note.append("Luckdial did not load completely: a file of the page did not arrive.");
    const detail = document.createElement("span");
    detail.className = "detail";
    detail.textContent = "Check the connection, then reload. What you entered is kept in this tab.";
    note.append(detail);
    const reload = document.createElement("button");
    reload.type = "button";
    reload.id = "page-reload";
    reload.className = "small";
    reload.textContent = "Reload";
    reload.addEventListener("click", () => location.reload());
    note.append(reload);
    (document.querySelector("main") || document.body).prepend(note);
  }

  addEventListener("error", (event) => {
    const script = event.target;
    if (handled || !(script instanceof HTMLScriptElement) || script.type !== "module") return;
    handled = true;
    if (!triedAlready()) {
      location.reload();
      return;
    }
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", sayIt);
    else sayIt();
  }, true); // capture: a script element's "error" does not bubble
})();

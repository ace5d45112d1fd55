// Luckdial refuses to run inside another site's frame: a page around it could lay buttons over it
// or hide what a player taps (clickjacking), and pass a result off as Luckdial's.
//
// Why a script: the usual defence is a response header (X-Frame-Options, or a Content-Security-Policy
// with frame-ancestors), and GitHub Pages sends no header a site chooses; frame-ancestors in the page's
// CSP <meta> is ignored by browsers (docs/boot.md, "Framing"). So the page's first script checks
// whether it is the top window and, when it is not, makes the rest of index.html inert (no Python, no
// screens) and says so, with a link that opens Luckdial in its own tab. A classic script without imports,
// first in index.html, so it runs before anything else of the page arrives.
(() => {
  let framed;
  try {
    framed = window.top !== window.self;
  } catch {
    framed = true; // a parent that will not even be compared
  }
  if (!framed) return;
  document.documentElement.dataset.framed = "true";
  // The rest of index.html becomes hidden text: no other script, style sheet or module of the page is
  // fetched or run. (window.stop() did that too, but a document stopped in its <head> is never painted.)
  document.write("<plaintext hidden>");
  document.addEventListener("DOMContentLoaded", () => {
    const note = document.createElement("main");
    note.id = "framed";
    note.style.cssText = "font: 18px/1.5 system-ui, sans-serif; padding: 24px; max-width: 32em";
    const title = document.createElement("h1");
    title.textContent = "Luckdial";
    const why = document.createElement("p");
    why.textContent = "Luckdial does not run inside another site's page: the page around it could hide or " +
      "change what you tap, or show a result Luckdial did not give.";
    const open = document.createElement("a");
    open.href = location.href;
    open.target = "_blank";
    open.rel = "noopener";
    open.textContent = "Open Luckdial in its own tab";
    open.style.cssText = "display: inline-block; padding: 12px 0; font-weight: bold";
    note.append(title, why, open);
    document.body.prepend(note);
  });
})();

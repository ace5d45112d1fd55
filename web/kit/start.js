// The first module the page runs: the client of Python's worker (the worker itself was started by
// kit/boot.js, a classic script that runs before any module), and a shared link in the address
// starts unpacking, before anything else of the page is loaded.
//
// index.html loads this module with `async`: unlike app.js (a deferred module), it does not
// wait for the style sheets or the end of parsing, and it imports only what the worker and the
// link need. app.js imports the same module instance and builds the page around it.
// Measured with bench/load.py (the page's "luckdial:main started" mark): the worker began
// 0.2–0.7 s after navigation when app.js started it, behind the CSS and the page's module graph.

import {createClient} from "./client.js";
import {previewLink} from "./link.js";

export const client = createClient();
previewLink(location.hash); // read once here; the screens ask for the same promise

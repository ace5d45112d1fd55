// Reads a share link in JavaScript, before Python is ready, so a shared battle's
// set-up is on screen at once (docs/links.md, version 1: "v1." + base64url of
// the raw-deflated canonical JSON of a request).
//
// This is a preview, not the judge: it checks nothing beyond "it unpacks to a
// JSON object with an op". pycore still decodes and validates the link once
// Python is ready, and its answer is what the page plays — or the clear
// "damaged or edited" message. Anything this reader does not know (another
// version, a browser without DecompressionStream, a damaged body) gives null,
// and the page waits for pycore as before.

const PREFIX = "v1.";
const MAX_LINK_CHARS = 120_000; // as pycore/share.py
const MAX_JSON_BYTES = 256_000; // as pycore/share.py: no zip bomb (every request the core answers fits)
const MAX_DEPTH = 32; // as pycore/jsontext.py: nesting counted before JSON.parse sees the text

/** The request a fragment ("v1.…", without "#") holds, or null when this reader cannot tell. */
export async function readLink(fragment) {
  try {
    if (typeof fragment !== "string" || !fragment.startsWith(PREFIX) || fragment.length > MAX_LINK_CHARS) return null;
    if (typeof DecompressionStream !== "function") return null;
    const payload = fragment.slice(PREFIX.length).replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(payload + "=".repeat((4 - (payload.length % 4)) % 4));
    const packed = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) packed[i] = binary.charCodeAt(i);
    // Written to the decompressor and read back in memory: no Blob, whose reading goes through the
    // browser's blob store and waited behind the page's set-up (bench/load.py's "link read").
    const inflate = new DecompressionStream("deflate-raw");
    const writer = inflate.writable.getWriter();
    writer.write(packed).catch(() => {});
    writer.close().catch(() => {});
    const reader = inflate.readable.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_JSON_BYTES) {
        reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
    const joined = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      joined.set(chunk, at);
      at += chunk.byteLength;
    }
    const text = new TextDecoder("utf-8", {fatal: true}).decode(joined);
    if (depthOf(text) > MAX_DEPTH) return null; // refused before any parser recurses; pycore says why
    const request = JSON.parse(text);
    if (!request || typeof request !== "object" || Array.isArray(request) || typeof request.op !== "string") return null;
    return request;
  } catch {
    return null; // damaged: pycore says how, once it is ready
  }
}

/** How deep the text's brackets nest outside its strings (a 38-character link nests 3,000 deep). */
export function depthOf(text) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) deepest = Math.max(deepest, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

let preview = {hash: null, request: null}; // the last fragment read and its promise
let opening = null; // the fragment the page opened with (kit/start.js reads it first)

/**
 * The address's fragment as the page opened: what each screen reads when it is built. The screens are
 * built one per task (app.js), and a tab tapped meanwhile puts its own name in the address (#research):
 * a screen built after that tap must still see the link or the message the page opened with.
 */
export function openingHash() {
  return opening ?? location.hash;
}

/**
 * The page's own link, read once: the promise of readLink for `hash` (location.hash), shared by
 * every screen (the Battle screen previews a battle, the Odds screen a calculation). Started by
 * kit/start.js at the page's first moment, so the unpacking overlaps the loading of the screens.
 */
export function previewLink(hash) {
  opening ??= hash;
  if (preview.hash !== hash) {
    const {link} = readFragment(hash);
    const request = link ? readLink(link) : Promise.resolve(null);
    request.then(() => performance.mark("luckdial:link read"));
    preview = {hash, request};
  }
  return preview.request;
}

// ---- the fragment: a link, a screen's name, or something to say --------------------------------------
// The page's fragment read as a share link (docs/links.md), before any screen asks pycore to decode it.
//
// A `#v1.…` fragment is a link for pycore to decode (a damaged one is pycore's message). A link of
// another version, or a fragment that is no link at all, gets its message here: no Python is needed, so
// it shows while Python still loads. A plain short word (`#battle`, `#odds`, `#wif`, `#research`, an
// anchor) names a screen or a place on the page: it is no link, and no message.

export const READ_VERSION = 1; // PREFIX above is its "v1."
const VERSIONED = /^v(\d{1,6})\./;
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/** How the fragment ends, quoted for a message: short, and never the whole of a long link. */
function quoted(body) {
  let text = body;
  try {
    text = decodeURIComponent(body);
  } catch {
    // a stray "%": shown as typed
  }
  return text.length > 24 ? `${text.slice(0, 23)}…` : text;
}

/**
 * What `hash` (location.hash) holds: {link, problem}.
 * link: the v1 link (without "#") for pycore, or null. problem: a sentence for the player, or null.
 */
export function readFragment(hash) {
  const body = String(hash || "").replace(/^#/, "");
  if (!body || PLAIN_NAME.test(body)) return {link: null, problem: null};
  if (body.startsWith(PREFIX)) return {link: body, problem: null};
  const version = VERSIONED.exec(body);
  if (version) {
    const n = Number(version[1]);
    return {link: null, problem: `This link is of version ${n} (#v${n}.…), which this copy of Luckdial cannot ` +
      `read (it reads v${READ_VERSION}). Reload the page online to update Luckdial; if this message stays, ask the ` +
      "sender for the link again."};
  }
  return {link: null, problem: `“#${quoted(body)}” at the end of the address is not a Luckdial link (a link ` +
    `ends in #${PREFIX}…). Check that the whole link was copied.`};
}

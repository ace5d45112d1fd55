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
const MAX_LINK_CHARS = 16_000; // as pycore/share.py
const MAX_JSON_BYTES = 64_000; // as pycore/share.py: no zip bomb

/** The request a fragment ("v1.…", without "#") holds, or null when this reader cannot tell. */
export async function readLink(fragment) {
  try {
    if (typeof fragment !== "string" || !fragment.startsWith(PREFIX) || fragment.length > MAX_LINK_CHARS) return null;
    if (typeof DecompressionStream !== "function") return null;
    const payload = fragment.slice(PREFIX.length).replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(payload + "=".repeat((4 - (payload.length % 4)) % 4));
    const packed = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    const reader = stream.getReader();
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
    const text = new TextDecoder("utf-8", {fatal: true}).decode(await new Blob(chunks).arrayBuffer());
    const request = JSON.parse(text);
    if (!request || typeof request !== "object" || Array.isArray(request) || typeof request.op !== "string") return null;
    return request;
  } catch {
    return null; // damaged: pycore says how, once it is ready
  }
}

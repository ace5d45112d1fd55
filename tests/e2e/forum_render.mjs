// Renders forum posts the way forums do, for tests/e2e/test_forum_posts.py: BBCode with @bbob (the html renderer
// and its HTML5 preset), Markdown with commonmark.js (the CommonMark reference parser), both pinned test-only
// in package.json. Reads {"text", "bbcode", "markdown"} as JSON on stdin, writes {"text", "bbcode", "bbcode_raw",
// "markdown"}.
//
// "bbcode" is phpBB's pipeline: the post's HTML characters escaped first, then only the tags the post uses
// (b, i, u, url) parsed, newlines as <br>. "bbcode_raw" is @bbob's defaults on the post as it is (every tag,
// no escaping): the harshest reading, where a seed's text must still make no link. "text" is a plain post as a
// forum shows it: escaped, preformatted.
//
// Neither renderer links bare addresses, and forums do (issue 39), so that is emulated here, honestly and only
// approximately, outside <a> and <code> (where no autolinker looks):
// - phpBB's magic URLs, on "text", "bbcode" and "bbcode_raw": phpBB 3.2+ parses with s9e/TextFormatter, whose
//   Autolink plugin (with matchWww, as phpBB loads it; phpBB's default schemes http, https, ftp) matches
//   `(?:scheme://|www\.)\S(?>[^\s\[\]]*(?>\[\w*\])?)++` case-insensitively anywhere, and whose Autoemail plugin
//   matches `\b[-a-z0-9_+.]+@[-a-z0-9.]*[a-z0-9]` (s9e/TextFormatter src/Plugins/Autolink/Configurator.php,
//   src/Plugins/Autoemail/Configurator.php). The trailing-punctuation trimming is left out: it changes where a
//   link ends, never whether there is one.
// - GitHub's autolinks, on "markdown": the GFM spec's extension (section 6.9): `www.`, `http://` and `https://`
//   after the start, a space or `*_~(`; `mailto:`/`xmpp:` addresses; bare e-mail addresses.

import {createRequire} from "node:module";
import {fileURLToPath} from "node:url";

const require = createRequire(fileURLToPath(new URL("../../package.json", import.meta.url)));
const bbob = require("@bbob/html");
const html5 = require("@bbob/preset-html5");
const {Parser, HtmlRenderer} = require("commonmark");

const render = bbob.default || bbob.render;
const preset = html5.default || html5;
const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const PHPBB = /(?:(?:ftp|https?):\/\/|www\.)\S[^\s[\]]*(?:\[\w*\][^\s[\]]*)*|\b[-a-z0-9_+.]+@[-a-z0-9.]*[a-z0-9]/gi;
const GFM = new RegExp(String.raw`(?<=^|[\s*_~(])(?:https?:\/\/|www\.)[^\s<]+|` +
                       String.raw`(?:mailto:|xmpp:)?[a-z0-9._+-]+@[a-z0-9_-]+(?:\.[a-z0-9_-]+)+`, "gi");

/** The post's HTML with what `rule` matches in its text made a link, as a forum's autolinker does; never inside
 * an <a> or a <code>. Tags are split out first, so only text is matched (entities such as &lt; included). */
function autolink(html, rule) {
  let inside = 0;
  return html.split(/(<\/?[a-z][^>]*>)/i).map((part) => {
    if (/^<(a|code)\b/i.test(part)) inside += 1;
    else if (/^<\/(a|code)>/i.test(part)) inside -= 1;
    if (part.startsWith("<") || inside > 0) return part;
    return part.replace(rule, (url) => `<a href="${url.replace(/"/g, "&quot;")}" data-autolink="">${url}</a>`);
  }).join("");
}

let input = "";
for await (const chunk of process.stdin) input += chunk;
const posts = JSON.parse(input);
const out = {
  text: autolink(`<pre>${escapeHtml(posts.text)}</pre>`, PHPBB),
  bbcode: autolink(render(escapeHtml(posts.bbcode), preset(), {onlyAllowTags: ["b", "i", "u", "url"]})
    .replace(/\n/g, "<br>\n"), PHPBB),
  bbcode_raw: autolink(render(posts.bbcode, preset()).replace(/\n/g, "<br>\n"), PHPBB),
  markdown: autolink(new HtmlRenderer().render(new Parser().parse(posts.markdown)), GFM),
};
process.stdout.write(JSON.stringify(out));

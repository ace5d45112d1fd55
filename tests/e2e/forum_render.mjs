// Renders forum posts the way forums do, for tests/e2e/test_forum_posts.py: BBCode with @bbob (the html renderer
// and its HTML5 preset), Markdown with commonmark.js (the CommonMark reference parser), both pinned test-only
// in package.json. Reads {"bbcode", "markdown"} as JSON on stdin, writes {"bbcode", "bbcode_raw", "markdown"}.
//
// "bbcode" is phpBB's pipeline: the post's HTML characters escaped first, then only the tags the post uses
// (b, i, u, url) parsed, newlines as <br>. "bbcode_raw" is @bbob's defaults on the post as it is (every tag,
// no escaping): the harshest reading, where a seed's text must still make no link.

import {createRequire} from "node:module";
import {fileURLToPath} from "node:url";

const require = createRequire(fileURLToPath(new URL("../../package.json", import.meta.url)));
const bbob = require("@bbob/html");
const html5 = require("@bbob/preset-html5");
const {Parser, HtmlRenderer} = require("commonmark");

const render = bbob.default || bbob.render;
const preset = html5.default || html5;
const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

let input = "";
for await (const chunk of process.stdin) input += chunk;
const posts = JSON.parse(input);
const out = {
  bbcode: render(escapeHtml(posts.bbcode), preset(), {onlyAllowTags: ["b", "i", "u", "url"]}).replace(/\n/g, "<br>\n"),
  bbcode_raw: render(posts.bbcode, preset()).replace(/\n/g, "<br>\n"),
  markdown: new HtmlRenderer().render(new Parser().parse(posts.markdown)),
};
process.stdout.write(JSON.stringify(out));

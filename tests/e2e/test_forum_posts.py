"""Forum posts as forums show them, at 390x844 (issue 29 item 4; issue 34's escaping).

The issue's reproducer played on the page — 1942 2e, Low Luck, attacker 3 infantry + 2 tanks + 1 fighter, defender
4 infantry + 1 artillery + 1 AA gun, seed a6r3ezcnaq, Roll, Press on ×4 — and each copied format rendered by a real
renderer (tests/e2e/forum_render.mjs: @bbob for BBCode, commonmark.js for Markdown, pinned in package.json; plain
text as a forum shows it, preformatted), then shown in Chromium at 390 and 1280 px and screenshotted for a person to
look at (LUCKDIAL_SHOTS, default /tmp/shots). Before issue 29 the copied text said "Land: The attacker wins." while
only a fighter was left, listed no starting forces and no value a die needed; a seed written as a BBCode link became
a working link in the BBCode post. Until issue 39 a seed or a journal's side ``www.example.org`` or
``name@example.org`` became a link where a forum links bare addresses (phpBB's magic URLs, GitHub's autolinks:
neither renderer does, so forum_render.mjs emulates them, its header says how), and a right-to-left override
reordered the post's line.
"""

from __future__ import annotations

import html
import json
import os
import pathlib
import re
import subprocess

from playwright.sync_api import expect

from luckdial_page import ACTION_TIMEOUT, READY_TIMEOUT, BattleScreen, pycore_handle

HERE = pathlib.Path(__file__).parent
SHOTS = pathlib.Path(os.environ.get("LUCKDIAL_SHOTS", "/tmp/shots"))
EVIL = '[url=https://evil.example]Replay[/url] <a href="https://evil.example">x</a> [y](https://evil.example)'
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
LINKABLE = "www.example.org name@example.org mailto:name@example.org turn \u202e3 nruter"
SHAPES = re.compile(r"(?i)www\.|mailto:|[a-z][a-z0-9+.-]*://|[a-z0-9._+-]@[a-z0-9-]|[" + BIDI + "]")
"""What a reader's mail client or phone links in a post's shown text (a ``www.`` host, ``mailto:``,
``scheme://``, an e-mail address) and what reorders it (a bidi control)."""
FRAME = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body {{ font: 16px/1.45 system-ui, sans-serif; margin: 12px; color: #1d1d1f; background: #f4f1ea; }}
.post {{ background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 12px; overflow-wrap: anywhere; }}
pre {{ white-space: pre-wrap; font: inherit; margin: 0; }} h1 {{ font-size: 13px; color: #666; margin: 0 0 8px; }}
</style></head><body><h1>{title}</h1><div class="post" id="post">{body}</div></body></html>"""


def render(posts: dict) -> dict:
    """Each format as HTML, by the renderers a forum uses (node runs them: build.py's set-up installed them),
    bare addresses linked as phpBB and GitHub link them (emulated: forum_render.mjs)."""
    done = subprocess.run(["node", str(HERE / "forum_render.mjs")], input=json.dumps(posts), capture_output=True,
                          text=True, check=True, timeout=60)
    return json.loads(done.stdout)


def copied(page, fmt: str) -> str:
    page.locator(f"#copy-{fmt}").click()
    expect(page.locator("#report-status")).to_contain_text("Copied", timeout=ACTION_TIMEOUT)
    return page.evaluate("navigator.clipboard.readText()")


def shown(context, body: str, title: str, name: str | None = None) -> dict:
    """The rendered post in Chromium: its text and links (screenshotted at 360, 390 and 1280 px when named)."""
    viewer = context.new_page()
    try:
        viewer.set_content(FRAME.format(title=html.escape(title), body=body))
        if name:
            SHOTS.mkdir(parents=True, exist_ok=True)
            for width, height in ((360, 740), (390, 844), (1280, 800)):
                viewer.set_viewport_size({"width": width, "height": height})
                viewer.screenshot(path=str(SHOTS / f"forum-{name}-{width}.png"), full_page=True)
        return viewer.evaluate("""() => ({
            text: document.getElementById('post').innerText,
            links: [...document.querySelectorAll('#post a')].map(a => ({href: a.getAttribute('href'), text: a.innerText})),
            tags: [...new Set([...document.querySelectorAll('#post *')].map(e => e.tagName.toLowerCase()))],
            attrs: [...document.querySelectorAll('#post *')].flatMap(e => [...e.attributes].map(a => a.value)),
        })""")
    finally:
        viewer.close()


def play_the_reproducer(screen: BattleScreen, seed: str, presses: int) -> None:
    screen.choose(ruleset="1942-2e", system="lowluck")
    screen.add_forces({"attacker": {"infantry": 3, "tank": 2, "fighter": 1},
                       "defender": {"infantry": 4, "artillery": 1, "aa_gun": 1}})
    screen.seed.fill(seed)
    screen.roll()
    for _ in range(presses):
        screen.press_on()


def test_each_format_stands_on_its_own_as_rendered(page, context, dist_server):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    screen = BattleScreen(page).open(dist_server.url)
    play_the_reproducer(screen, "a6r3ezcnaq", 4)
    expect(screen.outcome).to_contain_text("the territory is not taken")
    posts = {fmt: copied(page, fmt) for fmt in ("text", "bbcode", "markdown")}
    replay = page.url
    for fmt, body in render(posts).items():
        if fmt == "bbcode_raw":
            continue
        got = shown(context, body, f"{fmt}, as a forum renders it", fmt)
        text = got["text"]
        assert "Attacker: 3 infantry, 2 tanks, 1 fighter" in text, fmt
        assert "Defender: 4 infantry, 1 artillery, 1 AA gun" in text, fmt
        assert "Dice: rolled on the poster's device from seed “a6r3ezcnaq” (can be re-rolled)" in text, fmt
        assert "remainder 4 rolled 2, needed ≤ 4: hit → 2 hits" in text, fmt     # round 1, the defender
        assert "Attacker loses 2 infantry" in text and "The attacker presses on" in text, fmt
        assert "Result: The attacker wins, but only aircraft are left (1 fighter): the territory is not taken." \
            in text, fmt
        assert "Land: The attacker wins." not in text, fmt
        assert "Tank" not in text and "2 tanks" in text, fmt
        if fmt == "text":
            assert f"Replay: {replay}" in text
        else:
            assert got["links"] == [{"href": replay, "text": "Replay this battle on Luckdial"}], fmt


def rendered_posts(page, context, dist_server, seed: str) -> tuple[str, dict]:
    """The reproducer played with ``seed`` on the page, its three posts copied and rendered: (the replay link,
    {format: rendered body})."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    screen = BattleScreen(page).open(dist_server.url)
    play_the_reproducer(screen, seed, 0)
    posts = {fmt: copied(page, fmt) for fmt in ("text", "bbcode", "markdown")}
    return page.url, render(posts)


def test_a_seed_never_becomes_a_link_in_any_format(page, context, dist_server):
    """Issue 34: a seed ``[url=https://evil.example]Replay[/url]`` became a working link in the BBCode post."""
    replay, rendered = rendered_posts(page, context, dist_server, EVIL)
    for fmt, body in rendered.items():
        got = shown(context, body, f"{fmt}: a seed written as links", f"evil-{fmt}")
        assert not any("evil" in value for value in got["attrs"]), fmt
        assert set(got["tags"]) <= {"span", "a", "br", "pre", "p", "em", "strong", "code", "ul", "li"}, fmt
        if fmt != "text":
            assert got["links"] == [{"href": replay, "text": "Replay this battle on Luckdial"}], fmt
        typed = EVIL if fmt == "markdown" else EVIL.replace("[", "⁅").replace("]", "⁆")
        assert f"seed “{typed}”" in got["text"].replace("\u2060", ""), fmt  # shown as typed (brackets aside)


def assert_inert(got: dict, fmt: str, link: str) -> None:
    """A rendered post links only to its own page, and shows nothing a reader's software would link or reorder."""
    assert [a["href"] for a in got["links"]] == [link], fmt
    assert SHAPES.findall(got["text"].replace(link, "")) == [], fmt


def test_a_seed_a_forum_would_link_or_reorder_links_nothing_in_any_format(page, context, dist_server):
    """Issue 39: a seed ``www.example.org``, ``name@example.org`` or ``mailto:…`` became a link where a forum links
    bare addresses, and a right-to-left override reversed the rest of the line, in every format."""
    replay, rendered = rendered_posts(page, context, dist_server, LINKABLE)
    for fmt, body in rendered.items():
        got = shown(context, body, f"{fmt}: a seed of bare addresses and a bidi override", f"linkable-{fmt}")
        assert_inert(got, fmt, replay)
        # shown as typed but for invisible word joiners, and the override as a visible "\ufffd"
        assert f"seed “{LINKABLE.replace(chr(0x202e), chr(0xfffd))}”" in got["text"].replace("\u2060", ""), fmt


def test_a_journals_sides_and_labels_link_nothing_in_any_format(page, context, dist_server):
    """Issue 39 in the journal's post, as the page copies it: its sides and labels are typed too. The journal is
    opened from its link (made by pycore under CPython, the same code the page runs)."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    law = {"-1": 0.5, "1": 0.5}
    made = pycore_handle({"op": "journal", "battles": [
        {"attacker": "www.example.org", "defender": "name@example.org", "label": "mailto:x@example.org \u2067",
         "luck": {"swing": 1, "law": law}}]})
    assert made["ok"], made
    page.goto(f"{dist_server.url}#{made['result']['link']}")
    expect(page.locator("#journal-battles > li")).to_have_count(1, timeout=READY_TIMEOUT)
    posts = {}
    for fmt in ("text", "bbcode", "markdown"):
        page.locator(f"#journal-copy-{fmt}").click()
        expect(page.locator("#journal-copy-status")).to_contain_text("Copied", timeout=ACTION_TIMEOUT)
        posts[fmt] = page.evaluate("navigator.clipboard.readText()")
    link = posts["text"].splitlines()[-1].removeprefix("Journal: ")
    assert link.startswith(dist_server.url) and "#v1." in link, link
    for fmt, body in render(posts).items():
        got = shown(context, body, f"{fmt}: a journal of bare addresses", f"journal-linkable-{fmt}")
        assert_inert(got, fmt, link)
        seen = got["text"].replace("\u2060", "")
        assert "Battle 1: www.example.org attacked name@example.org (mailto:x@example.org \ufffd)" in seen, fmt

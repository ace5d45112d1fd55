"""Player text a forum would link or reorder is inert in every export format (issue 39, item 5).

Issue 34 escaped a player's text (a seed, a journal's side or label) so it never becomes markup, but plain
``www.example.org``, ``name@example.org`` and ``mailto:`` stayed as typed: phpBB's magic URLs (s9e
TextFormatter's Autolink with ``www.`` and Autoemail since phpBB 3.2, ``make_clickable`` before) link the
first two in a plain-text or BBCode post, GitHub's autolinks add ``mailto:``, and a notification mail or a
phone links them in any text. The bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)
passed into all three formats and reorder what a reader sees. So no export carries any of those shapes
from a player's text (docs/links.md "Where the dice come from"); the link still holds the text as typed,
which is what rolled the dice. The rendered posts (a real BBCode and CommonMark parser, phpBB's and GitHub's
autolinking emulated) are checked in tests/e2e/test_forum_posts.py.
"""

import re

import pytest
from hypothesis import given, settings, strategies as st

from pycore.ops import decode_link
from pycore.ops.report import layout
from pycore.ops.report_words import Line
from tests.core.helpers import ok

PAGE = "https://owner.github.io/luckdial/"
BATTLE = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "lowluck"}, "rounds": 1,
          "attacker": {"units": {"infantry": 3, "tank": 2}}, "defender": {"units": {"infantry": 4}},
          "report": {"page": PAGE}}
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
TYPED = ["www.example.org", "name@example.org", "mailto:name@example.org", "turn \u202e3 nruter",
         "WWW.Example.ORG/a MAILTO:x", "see https://evil.example"] + [f"a{c}b" for c in BIDI]
SHAPES = re.compile(r"(?i)www\.|mailto:|[a-z][a-z0-9+.-]*://|[a-z0-9._+-]@[a-z0-9-]|[" + BIDI + "]")
"""What an autolinker links or what reorders a line: a ``www.`` host, ``mailto:``, ``scheme://``, an e-mail
address (phpBB's Autoemail: ``[-a-z0-9_+.]+@[-a-z0-9.]*[a-z0-9]``), and every bidi control."""


def shapes(post: str, link: str) -> list[str]:
    """The shapes left in a post, its own link (the only one it may carry) taken out."""
    return SHAPES.findall(post.replace(f"{PAGE}#{link}", ""))


def as_shown(typed: str) -> str:
    """The player's text as every format shows it, word joiners aside: each bidi control a visible ``�``."""
    return re.sub(f"[{BIDI}]", "\ufffd", typed)


@pytest.mark.parametrize("typed", TYPED)
def test_a_seed_a_forum_would_link_or_reorder_is_inert_in_every_format(typed):
    result = ok({**BATTLE, "seed": typed})
    for fmt, post in result["report"].items():
        assert shapes(post, result["link"]) == [], fmt
        assert f"seed “{'`' if fmt == 'markdown' else ''}{as_shown(typed)}" in post.replace("\u2060", ""), fmt


@pytest.mark.parametrize("typed", TYPED)
def test_a_seed_shown_inert_is_still_the_seed_that_rolled(typed):
    """The dice come from the request's seed, never from the post: the link holds it as typed, and a reader who
    types what the post shows (the word joiners are invisible) types it exactly; a ``�`` marks where not."""
    result = ok({**BATTLE, "seed": typed})
    assert decode_link(result["link"])["seed"] == typed
    assert ok({**BATTLE, "seed": typed})["rounds"] == result["rounds"]
    if not set(BIDI) & set(typed):
        shown = re.search("seed “(.*?)”", result["report"]["text"]).group(1)
        assert shown.replace("\u2060", "") == typed


@pytest.mark.parametrize("typed", TYPED)
def test_a_journals_sides_and_labels_are_inert_in_every_format(typed):
    law = {"-1": 0.5, "1": 0.5}
    result = ok({"op": "journal", "report": {"page": PAGE}, "battles": [
        {"attacker": typed, "defender": f"{typed} 2", "label": f"turn {typed}", "luck": {"swing": 1, "law": law}}]})
    for fmt, post in result["report"].items():
        assert shapes(post, result["link"]) == [], fmt
        seen = post.replace("\u2060", "")
        assert as_shown(typed) in seen and f"turn {as_shown(typed)}" in seen, fmt


ALPHABET = st.sampled_from(["w", "W", ".", "@", ":", "/", "mailto", "MailTo", "www", "http", "a", "0", " ", "[",
                            "]", "<", "`", "\n", *BIDI])


@settings(max_examples=300, deadline=None)
@given(st.lists(ALPHABET, min_size=1, max_size=30).map("".join))
def test_no_typed_text_leaves_a_linkable_or_reordering_shape(typed):
    """Any mix of the shapes' pieces, however they abut: none survives in any format, and what is shown is the
    text on one line, bidi controls as ``�`` (and brackets as quill brackets, ``<`` joined, in text and BBCode)."""
    posts = layout([Line("line", ((typed, True),))])
    one_line = as_shown(" ".join(typed.splitlines()))
    for fmt, post in posts.items():
        assert SHAPES.findall(post) == [], fmt
    assert posts["text"].replace("\u2060", "") == "  " + one_line.replace("[", "⁅").replace("]", "⁆")
    assert posts["bbcode"] == posts["text"]
    fence = "`" * (max(map(len, re.findall("`+", one_line)), default=0) + 1)
    pad = " " if one_line[:1] == "`" or one_line[-1:] == "`" or not one_line.strip() else ""
    assert posts["markdown"].replace("\u2060", "") == f"- {fence}{pad}{one_line}{pad}{fence}"

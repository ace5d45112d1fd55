"""The battle log as a post a reader can check without opening the link: plain text, BBCode and Markdown.

A post stands on its own: the game and the luck system, both sides'
starting forces, where the dice came from (:mod:`pycore.fair.origin`), then each
round — every firing group with its dice and the value each die needed, the
casualties, what is left, the attacker's choice — then the true end ("the
attacker wins, but only aircraft are left: the territory is not taken") and the
absolute link (``report.page`` of the request with the battle in the fragment).
The words are :mod:`pycore.ops.report_words`'s; this module lays them out.

The three formats say the same thing; only the markup differs. What a player
typed (a seed, a journal's side or label) is escaped in each, so it never becomes markup: in BBCode and
plain text its ``[`` and ``]`` are the quill brackets ``⁅`` ``⁆`` (U+2045, U+2046:
phpBB has no escape for a bracket, no BBCode parser reads these as a tag, nor
Markdown as a link, and the fonts of phones and desktops have them) and a word joiner (U+2060, invisible) follows every ``<``
(raw HTML); in Markdown it goes in a code span, where nothing is parsed.

In all three formats, what a forum, a mail client or a phone would turn into a link or reorder is neutralised
too (docs/links.md "Where the dice come from"): a word joiner splits every ``://``, ``www.``,
``mailto:`` and follows every ``@`` (phpBB's magic URLs link ``www.`` hosts and e-mail addresses without a
scheme, GitHub's autolinks ``mailto:``; a code span guards only inside a Markdown renderer, not in a
notification mail or a quote that drops the markup), and each bidirectional control (U+202A–U+202E,
U+2066–U+2069, U+200E, U+200F, U+061C, which reorder what a reader sees) becomes U+FFFD ``�``, visible, so a
reader knows something was there that the post cannot show. The post stays checkable: a reader who types the
seed as shown types it exactly (word joiners are invisible), ``�`` says where the post differs from it, and
the link, whose request rolled the dice, holds the seed as typed.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Mapping

from ..engine.setup import BattleSetup
from .report_words import Line, Part, lines_of, summary

LINK_WORDS = "Replay this battle on Luckdial"
_MARKDOWN = re.compile(r"([\\`*_\[\]<>|~#])")
_JOINER = "\u2060"
_DEFANG = {ord("["): "⁅", ord("]"): "⁆", ord("<"): "<" + _JOINER}
_LINKABLE = re.compile(r"(?i)(?<=:)(?=//)|(?<=www)(?=\.)|(?<=mailto)(?=:)|(?<=@)")
"""Where a word joiner goes so no autolinker finds ``scheme://``, ``www.``, ``mailto:`` or ``name@host``."""
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_SHOWN_FOR_BIDI = "\ufffd"
"""A bidi control reorders what a reader sees: shown as U+FFFD, not dropped, so the post never looks like a seed
it is not (docs/links.md "Where the dice come from")."""

__all__ = ["layout", "report", "summary"]


def report(result: Mapping[str, Any], setup: BattleSetup | None = None, page: str | None = None,
           source: Iterable[Part] | None = None) -> dict[str, str]:
    """The three forum formats of one resolved battle; ``page`` makes the link absolute.

    ``source``: the dice's origin as parts (:func:`pycore.fair.origin.label_parts`), so the player's text in it is
    escaped; without it the result's ``dice_source`` label is taken whole.
    """
    return layout(lines_of(result, setup, source), page)


def layout(lines: Iterable[Line], page: str | None = None, link_words: str = LINK_WORDS,
           link_label: str = "Replay") -> dict[str, str]:
    """Lines of a post (:mod:`pycore.ops.report_words`) in the three formats; ``page`` makes the link absolute.
    ``link_words`` are the link's words in BBCode and Markdown, ``link_label`` what the bare link follows."""
    text, bb, md = [], [], []
    for line in lines:
        if line.style == "link":
            url = f"{page}#{line.parts[0][0]}" if page else f"#{line.parts[0][0]}"
            text.append(f"{link_label}: {url}")
            bb.append(f"[url={url}]{link_words}[/url]" if page else f"{link_label}: {url}")
            md.append(f"\n[{link_words}]({url})" if page else f"\n{link_label}: `{url}`")
            continue
        plain, bbcode, markdown = (_join(line.parts, escape) for escape in (_text, _text, _markdown))
        if line.style == "title":
            text.append(plain)
            bb.append(f"[b]{bbcode}[/b]")
            md.extend([f"**{markdown}**", ""])
        elif line.style == "head":       # "Attacker: 3 infantry, 2 tanks"
            label, rest = line.parts[0][0], line.parts[1:]
            text.append(plain)
            bb.append(f"[b]{label}[/b]{_join(rest, _text)}")
            md.append(f"**{_md(label)}**{_join(rest, _markdown)}  ")
        elif line.style == "source":     # where the dice came from, and how to read them
            text.append(plain)
            bb.append(f"[i]{bbcode}[/i]")
            md.append(f"*{markdown}*  ")
        elif line.style == "round":
            text.extend(["", plain])
            bb.extend(["", f"[u]{bbcode}[/u]"])
            md.extend(["", f"**{markdown}**", ""])
        elif line.style == "end":
            text.extend(["", plain])
            bb.extend(["", f"[b]{bbcode}[/b]"])
            md.extend(["", f"**{markdown}**"])
        elif line.style == "luck":       # the battle's luck, after its end
            text.append(plain)
            bb.append(bbcode)
            md.append(f"\n{markdown}")
        else:
            text.append(f"  {plain}")
            bb.append(f"  {bbcode}")
            md.append(f"- {markdown}")
    return {"text": "\n".join(text), "bbcode": "\n".join(bb), "markdown": "\n".join(md)}


def _join(parts: Iterable[Part], escape: Callable[[str], str]) -> str:
    """A line's parts: ours as they are (Markdown-escaped there), the player's through ``escape``."""
    out = []
    for words, typed in parts:
        if typed:
            out.append(escape(words))
        else:
            out.append(_md(words) if escape is _markdown else words)
    return "".join(out)


def _inert(typed: str, defang: Mapping[int, str] | None = None) -> str:
    """A player's text on one line, nothing in it a forum links or reorders (the module's docstring): each
    bidi control ``�``, then ``defang`` (the format's own escapes), then a word joiner in every linkable shape."""
    one_line = _BIDI.sub(_SHOWN_FOR_BIDI, " ".join(typed.splitlines()))
    return _LINKABLE.sub(_JOINER, one_line.translate(defang) if defang else one_line)


def _text(typed: str) -> str:
    """A player's text in plain text and BBCode, no tag, link or bare URL left in it: quill brackets (a tag,
    a Markdown link), a word joiner after ``<`` (an HTML tag) and in every shape a forum links."""
    return _inert(typed, _DEFANG)


def _markdown(typed: str) -> str:
    """A player's text in Markdown: a code span, whose content CommonMark, Discord and GitHub never parse,
    made inert as in the other formats (a notification mail or a quote shows it without its markup).

    The fence is one backtick longer than the longest run inside; a space pads content that starts or ends
    with a backtick (CommonMark §6.1).
    """
    one_line = _inert(typed)
    fence = "`" * (max((len(run) for run in re.findall(r"`+", one_line)), default=0) + 1)
    pad = " " if one_line.startswith("`") or one_line.endswith("`") or not one_line.strip() else ""
    return f"{fence}{pad}{one_line}{pad}{fence}"


def _md(words: str) -> str:
    """Our own words in Markdown: the characters Markdown would read as markup, escaped."""
    return _MARKDOWN.sub(r"\\\1", words)


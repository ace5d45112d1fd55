"""The battle log as text a player pastes in a forum: plain text, BBCode and Markdown.

One line per firing group ("Attacker main: 15 power → 2 sure hits, roll at 3: 2 ✓ → 3 hits"),
one per casualty list, the choice after each round, and the outcome. The
three formats say the same thing; only the markup differs. The first line
is a summary in the page's own words (ruleset and system names, the outcome),
the second says where the dice came from (:mod:`pycore.origin`), and the
last is the absolute link — the page's address (``report.page`` of the
request) with the battle in the fragment — as a link each place reads:
a bare URL in text, ``[url=…]`` for phpBB, ``[…](…)`` for Discord and GitHub.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from . import validate as v
from .errors import BadRequest, show

OUTCOME_WORDS = {
    "attacker_wins": "The attacker wins", "defender_wins": "The defender wins",
    "draw": "Both sides are destroyed", "retreat": "The attacker retreats",
    "stalemate": "Neither side can hurt the other: the battle stops", "in_progress": "The battle goes on",
}
STEP_WORDS = {"aa": "AA fire", "bombard": "Shore bombardment", "subs": "Submarine strike", "main": "Main fire"}
GROUP_WORDS = {"aa": "AA guns", "bombard": "bombarding ships", "subs": "submarines", "main": "units",
               "air": "aircraft (cannot hit subs)"}


KIND_WORDS = {"land": "Land", "sea": "Sea", "amphibious": "Amphibious"}
LINK_WORDS = "Replay this battle on Luckdial"
_PAGE = re.compile(r"https?://[^\s#\[\]()<>\"]+")
_MARKDOWN = re.compile(r"([\\`*_\[\]<>|~])")
ZERO_WIDTH_SPACE = "\u200b"


def read_options(value: Any, field: str = "report") -> dict:
    """``report``: ``page`` (the page's address, so exports link back) and ``beacon_verified`` (the page checked it).

    Neither is part of the battle: they change the words of the exports, never
    the dice, and a link does not carry them.
    """
    value = v.obj(value, field)
    v.only_keys(value, ("page", "beacon_verified"), field)
    out: dict = {}
    if "page" in value:
        page = value["page"]
        if not isinstance(page, str) or len(page) > 2000 or not _PAGE.fullmatch(page):
            raise BadRequest(f"{field}.page", "must be the page's http(s) address without its fragment, "
                             f"got {show(page, 40)}")
        out["page"] = page
    if "beacon_verified" in value:
        out["beacon_verified"] = v.boolean(value["beacon_verified"], f"{field}.beacon_verified")
    return out


def summary(result: Mapping[str, Any], setup: Any) -> str:
    """One line in the page's words: "Classic (2nd edition) · Low Luck · Land: The attacker wins."."""
    if setup is None:
        names = f"{result['ruleset']}, {result['system']['name']}, {result.get('kind', 'land')}"
    else:
        system = setup.system.name
        variant = getattr(setup.system, "variant", None)
        if variant:
            from .systems.chess import VARIANT_NAMES
            system += f" {VARIANT_NAMES.get(variant, variant)}"
        names = f"{setup.ruleset.name} · {system} · {KIND_WORDS.get(setup.kind, setup.kind)}"
    return f"{names}: {outcome_words(result)}."


def outcome_words(result: Mapping[str, Any]) -> str:
    end = OUTCOME_WORDS[result["outcome"]]
    if result.get("takes_territory"):
        end += " and takes the territory"
    return end


def _units(counts: Mapping[str, int], names: Mapping[str, str]) -> str:
    return ", ".join(f"{n} {names.get(uid, uid)}" for uid, n in counts.items() if n) or "nothing"


def _fire_line(fire: Mapping[str, Any]) -> str:
    who = f"{fire['side'].capitalize()} {GROUP_WORDS.get(fire['group'], fire['group'])}"
    dice = " ".join(f"{d['value']}{'✓' if d['hit'] else '✗'}" + (f"(of {d['best_of'][0]},{d['best_of'][1]})"
                                                                   if 'best_of' in d else "")
                    for d in fire["dice"])
    if fire["sure_hits"] or fire["remainder"] or "total" in fire or fire.get("passed"):
        body = f"power {fire['power']}"
        if fire.get("joined"):
            body += f" + {fire['joined']} from the subs"
        if fire.get("carry_in"):
            body += f" {'+' if fire['carry_in'] > 0 else '−'} {abs(fire['carry_in'])} carried"
        if fire.get("joined") or fire.get("carry_in"):
            body += f" = {fire['total']}"
        body += f" → {fire['sure_hits']} sure"
        if fire["dice"]:
            sides = fire["dice"][0].get("sides", 6)
            body += f", roll{f' d{sides}' if sides != 6 else ''} at {fire['dice'][0]['at']}: {dice}"
        elif fire["remainder"]:
            body += f", remainder {fire['remainder']}"
        body += carry_words(fire)
    else:
        sides = fire["dice"][0].get("sides", 6) if fire["dice"] else 6
        body = f"{'dice' if sides == 6 else f'd{sides}s'} {dice}" if dice else "no dice"
    return f"{who}: {body} → {fire['hits']} hit{'s' if fire['hits'] != 1 else ''}"


def carry_words(fire: Mapping[str, Any]) -> str:
    """A&A Chess: what a group hands on — "carried 4", "deficit −2", "3 joins the main attack"."""
    out = ""
    carry = fire.get("carry_out")
    if carry:
        out += f"; carried {carry}" if carry > 0 else f"; deficit −{-carry}"
    if fire.get("passed"):
        out += f"; {fire['passed']} joins the main attack"
    return out


def _lines(result: Mapping[str, Any], names: Mapping[str, str], setup: Any) -> list[tuple[str, str]]:
    """(style, text) pairs; style is "title", "round", "line" or "link"."""
    out = [("title", f"Luckdial battle — {summary(result, setup)}")]
    if "dice_source" in result:
        out.append(("line", f"Dice: {result['dice_source']['label']}"))
    for r in result["rounds"]:
        out.append(("round", f"Round {r['round']}" + ("" if r.get("complete", True) else " (waiting)")))
        for step in r.get("steps", []):
            if "say" in step:  # a system that words its own step (coloured dice: one line per colour)
                out.append(("line", step["say"]))
            for fire in step["fire"] if "say" not in step else ():
                out.append(("line", f"{STEP_WORDS[step['step']]} — {_fire_line(fire)}"))
            for loss in step["casualties"]:
                if loss["lost"] or loss["damaged"]:
                    text = f"{loss['side'].capitalize()} loses {_units(loss['lost'], names)}"
                    if loss["damaged"]:
                        text += f"; damaged: {_units(loss['damaged'], names)}"
                    if loss["chosen"]:
                        text += " (chosen)"
                    out.append(("line", text))
        for role, units in r.get("transports_lost", {}).items():
            out.append(("line", f"{role.capitalize()}'s transports, alone, are lost: {_units(units, names)}"))
        for role, units in r.get("submerged", {}).items():
            out.append(("line", f"{role.capitalize()} submerges {_units(units, names)}"))
        if r.get("retreated"):
            out.append(("line", f"Attacker retreats {_units(r['retreated'], names)}"))
        if r.get("complete", True):
            out.append(("line", f"Left: attacker {_units(r['after'].get('attacker', {}), names)}; "
                                f"defender {_units(r['after'].get('defender', {}), names)}"))
    out.append(("round", outcome_words(result) + "."))
    out.append(("link", result["link"]))
    return out


def report(result: Mapping[str, Any], setup: Any = None, page: str | None = None) -> dict[str, str]:
    """The three forum formats of one resolved battle; ``page`` makes the link absolute."""
    names = {u.id: u.name for u in setup.ruleset} if setup is not None else {}
    text, bb, md = [], [], []
    for style, line in _lines(result, names, setup):
        if style == "title":
            text.append(line)
            bb.append(f"[b]{_bb(line)}[/b]")
            md.append(f"**{_md(line)}**")
        elif style == "round":
            text.append(line)
            bb.append(f"[u]{_bb(line)}[/u]")
            md.append(f"\n*{_md(line)}*")
        elif style == "link":
            url = f"{page}#{line}" if page else f"#{line}"
            text.append(f"Replay: {url}")
            bb.append(f"[url={url}]{LINK_WORDS}[/url]" if page else f"Replay: {url}")
            md.append(f"\n[{LINK_WORDS}]({url})" if page else f"\nReplay: `{url}`")
        elif line.startswith("Dice: "):
            text.append(line)
            bb.append(f"[i]{_bb(line)}[/i]")
            md.append(f"*{_md(line)}*")
        else:
            text.append(f"  {line}")
            bb.append(f"  {_bb(line)}")
            md.append(f"- {_md(line)}")
    return {"text": "\n".join(text), "bbcode": "\n".join(bb), "markdown": "\n".join(md)}


def _bb(line: str) -> str:
    """BBCode with the player's text kept literal: BBCode has no escape, so each ``[`` is followed by a zero-width
    space, which no forum's parser reads as the start of a tag and nobody sees (issue 34: the seed
    ``[url=https://evil.example]Replay[/url]`` posted a working link to another site). Our own tags and our
    link are added around the escaped text, never through it."""
    return line.replace("[", "[" + ZERO_WIDTH_SPACE)


def _md(line: str) -> str:
    """Markdown with the player's text kept literal (a seed may hold ``*`` or ``_``): Discord and GitHub alike."""
    return _MARKDOWN.sub(r"\\\1", line)

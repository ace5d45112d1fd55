"""A game journal as a forum post, in the page's words (:func:`pycore.ops.report.layout` lays it out).

The sides and labels are what players typed: they go in as typed parts, which each format escapes (never
markup). The luckiest side first, then every battle in the order fought, then the journal's link.
"""

from __future__ import annotations

from typing import Any, Mapping

from .report_words import Line, Part, percentile_words

LINK_WORDS = "Open this journal on Luckdial"


def _plain(*parts: str | Part) -> tuple[Part, ...]:
    return tuple(p if isinstance(p, tuple) else (p, False) for p in parts)


def signed(x: float, places: int = 1) -> str:
    text = f"{x:+.{places}f}"
    return "±0" if float(text) == 0 else text.replace("-", "−")


def _battles(n: int) -> str:
    return "1 battle" if n == 1 else f"{n} battles"


def lines(result: Mapping[str, Any]) -> list[Line]:
    battles = result["battles"]
    out = [Line("title", _plain(f"Luckdial game journal — the luck of {_battles(len(battles))}"))]
    for side in sorted(result["sides"], key=lambda s: -s["luck"]):
        z = f", z {signed(side['z'], 2)}" if side["z"] is not None else ""
        said = (f": luck {signed(side['luck'])} IPCs over {_battles(side['battles'])} (swing "
                f"{signed(side['swing'], 0)}, expected {signed(side['expected_swing'])}); "
                f"{percentile_words(side['percentile'], 'the totals its battles could give')}{z}.")
        out.append(Line("line", _plain((side["side"], True), said)))
    if battles:
        out.append(Line("round", _plain("Battles")))
    for i, b in enumerate(battles, start=1):
        luck = b["luck"]
        label = [(" (", False), (b["label"], True), (")", False)] if b.get("label") else []
        out.append(Line("line", _plain(f"Battle {i}: ", (b["attacker"], True), " attacked ", (b["defender"], True), *label,
                                       f": swing {signed(luck['swing'], 0)} IPCs, expected "
                                       f"{signed(luck['expected_swing'])}; the attacker was "
                                       f"{percentile_words(luck['percentile'])}.")))
    out.append(Line("source", _plain("Luck is the swing (IPCs the defender lost − the attacker's) less its expected "
                                     "value; a side's percentile is read in the exact law of its total.")))
    if result.get("link"):
        out.append(Line("link", _plain(result["link"])))
    return out

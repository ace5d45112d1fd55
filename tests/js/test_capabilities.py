"""The page branches on what a luck system declares, never on which system it is (docs/api.md ``rulesets``:
``capabilities``; docs/architecture.md).

Every comparison of a system id in ``web/`` is listed here; only a fire's words in the battle log (each
system's own way to say a volley: Low Luck's sure hits, A&A Chess's remainders) and the luck dial's labels may
name a system. A new ``=== "chess"`` elsewhere fails this test: ask ``capabilities(system)`` instead
(``web/kit/rulesets.js``).
"""

from __future__ import annotations

import pathlib
import re

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"
IDS = "dice|lowluck|colored|chess|biased"
TEST = re.compile(rf"""(===|!==)\s*["']({IDS})["']|["']({IDS})["']\s*(===|!==)""")
ALLOWED = {"battle/log.js": 2, "odds/calc-state.js": 1}
"""Where a system's id may be compared: the battle log's fire words (Low Luck, A&A Chess) and the luck dial's
short labels of A&A Chess's variants."""
SCREENS = ("kit", "battle", "odds", "journal", "wif")
"""The screens of battles (the Research tab's ``system`` is the research op's own rule, Low Luck tech or tech
dice, docs/research.md: another field, not a luck system)."""


def _found() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in sorted(p for folder in SCREENS for p in (WEB / folder).rglob("*.js")):
        rel = path.relative_to(WEB).as_posix()
        if rel == "kit/tables.js":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//", 1)[0]
            if TEST.search(code) and "kind" not in code:
                out.setdefault(rel, []).append(f"{n}: {line.strip()}")
    return out


def test_no_screen_tests_a_system_id_but_the_log_s_fire_words():
    found = _found()
    assert {rel: lines for rel, lines in found.items() if len(lines) > ALLOWED.get(rel, 0)} == {}


def test_the_check_sees_a_planted_comparison(tmp_path):
    assert TEST.search('if (system === "chess") {') and TEST.search("x = 'colored' !== name")
    assert not TEST.search('if (capabilities(system).aa_per_move) {')


def test_comments_under_web_say_why_not_which_issue():
    """docs/architecture.md: a comment says why; an issue's number says nothing to whoever reads the code later."""
    tag = re.compile(r"issue #?\d+|\(#\d+[);:]|#\d+ item \d+|// #\d+")
    found = [f"{path.relative_to(WEB)}:{n}" for path in sorted(WEB.rglob("*"))
             if path.suffix in (".js", ".css", ".html") and path.name != "tables.js"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if tag.search(line)]
    assert found == []

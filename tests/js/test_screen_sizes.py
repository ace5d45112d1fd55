"""Each screen's ``init`` is at most 150 lines (issue 43 item 4; the screens were split to this in issue 32, and
docs/architecture.md "Sizes" states it): a screen's module builds its section and wires it, the work is in the
modules beside it.

The screens are the ``data-module`` of each ``<section class="screen">`` in web/index.html (app.js imports each
and calls its ``init``), so a new screen is measured at once. The function runs from its ``export function init(``
line to the first line that is a lone ``}``, the way every module of the page closes a top-level function; a
top-level statement before it (a line starting ``export``, ``function``, ``const``…) means that reading does not
hold, and the test says so rather than measure wrong.
"""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
MAX_INIT_LINES = 150
SCREEN = re.compile(r'<section\b[^>]*\bclass="screen"[^>]*\bdata-module="\./([^"]+)"')
INIT = re.compile(r"^export (?:async )?function init\(")
TOP_LEVEL = re.compile(r"(?:export|import|function|async function|class|const|let|var)\b")


def init_lines(text: str) -> int:
    """The lines of the module's exported ``init``, its first and its closing line included."""
    lines = text.splitlines()
    starts = [n for n, line in enumerate(lines) if INIT.match(line)]
    assert len(starts) == 1, f"{len(starts)} 'export function init(' lines"
    for n in range(starts[0] + 1, len(lines)):
        line = lines[n]
        if line == "}":
            return n - starts[0] + 1
        assert not TOP_LEVEL.match(line), f"line {n + 1}, a top-level statement, before init's closing '}}': {line!r}"
    raise AssertionError("init has no closing '}' at the start of a line")


SCREENS = SCREEN.findall((WEB / "index.html").read_text(encoding="utf-8"))


def test_every_screen_is_found():
    assert {"battle/battle.js", "odds/calc.js", "wif/wif.js", "research/research.js",
            "journal/journal.js"} <= set(SCREENS)


@pytest.mark.parametrize("module", SCREENS)
def test_a_screens_init_is_at_most_150_lines(module):
    length = init_lines((WEB / module).read_text(encoding="utf-8"))
    assert length <= MAX_INIT_LINES, f"web/{module}: init is {length} lines"


def test_init_lines_reads_to_the_closing_brace():
    text = "import x;\nexport async function init(a) {\n  if (a) {\n  }\n  return `\n}`;\n}\nexport const y = 1;\n}\n"
    assert init_lines(text) == 6  # lines 2-7: an inner "  }" and a template's "}`;" are not its end
    with pytest.raises(AssertionError, match="top-level statement"):
        init_lines("export function init() {\n  return 1;\n};\nexport const y = 1;\n}\n")

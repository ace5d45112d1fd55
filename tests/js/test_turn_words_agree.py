"""A planned turn's chance is said one way in the Turn panel and in the turn's forum post: web/odds/turn-state.js's
chanceText and likelyWords and pycore.ops.report_turn's chance_text and likely_words give the same words on a
fine grid and at the roundings' edges. (Here, not in tests/core: it needs Node, and tests/core also runs inside
Pyodide.)"""

from __future__ import annotations

from pycore.ops.report_turn import chance_text, likely_words
from tests.js.page_module import page_values

GRID = sorted({k / 1000 for k in range(1001)} | {0.0001, 0.0099, 0.01, 0.005, 0.015, 0.9949, 0.995, 0.9901, 0.999,
                                                 0.2, 0.2001, 0.4, 0.4001, 0.6, 0.5999, 0.8, 0.7999})


def test_the_post_says_each_chance_as_the_turn_panel_does():
    page = page_values("./web/odds/turn-state.js", ["chanceText", "likelyWords"], "[chanceText(p), likelyWords(p)]", GRID)
    differ = [(p, said) for p, said in zip(GRID, page) if said != [chance_text(p), likely_words(p)]]
    assert not differ, differ[:5]

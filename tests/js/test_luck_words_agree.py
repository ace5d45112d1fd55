"""The luck of a battle is said one way on the page and in the posts (issue 42: the page said "unluckier than
56 %" where the post said "did better than 44 %"): web/kit/luck-words.js's percentileWords and
pycore.ops.report_words.percentile_words give the same words, number included, for every percentile on a fine grid
and at the roundings' edges."""

from __future__ import annotations

from pycore.ops.report_words import percentile_words
from tests.js.page_module import page_values

GRID = sorted({k / 2000 for k in range(2001)} | {0.0001, 0.004, 0.005, 0.0049, 0.995, 0.9951, 0.996, 0.9999,
                                                  0.49, 0.4949, 0.495, 0.5049, 0.505, 0.285, 0.875, 7 / 12})


def test_the_page_and_the_posts_say_each_percentile_the_same_way():
    page = page_values("./web/kit/luck-words.js", ["percentileWords"], "percentileWords(p)", GRID)
    differ = [(p, said, percentile_words(p)) for p, said in zip(GRID, page)
              if said[0].lower() + said[1:] != percentile_words(p)]
    assert not differ, differ[:5]

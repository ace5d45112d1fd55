"""The luck of a battle is said one way on the page and in the posts (issue 42: the page said "unluckier than
56 %" where the post said "did better than 44 %"): web/kit/luck-words.js's percentileWords and
pycore.ops.report_words.percentile_words give the same words, number included, for every percentile on a fine grid
and at the roundings' edges."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess

from pycore.ops.report_words import percentile_words

ROOT = pathlib.Path(__file__).resolve().parents[2]
GRID = sorted({k / 2000 for k in range(2001)} | {0.0001, 0.004, 0.005, 0.0049, 0.995, 0.9951, 0.996, 0.9999,
                                                  0.49, 0.4949, 0.495, 0.5049, 0.505, 0.285, 0.875, 7 / 12})


def test_the_page_and_the_posts_say_each_percentile_the_same_way():
    node = shutil.which("node")
    assert node, "Node.js is missing: build.py setup installs it (README.md)"
    script = ("import {percentileWords} from './web/kit/luck-words.js';"
              f"console.log(JSON.stringify({json.dumps(GRID)}.map((p) => percentileWords(p))));")
    run = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    page = json.loads(run.stdout)
    differ = [(p, said, percentile_words(p)) for p, said in zip(GRID, page)
              if said[0].lower() + said[1:] != percentile_words(p)]
    assert not differ, differ[:5]

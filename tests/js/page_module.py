"""One page module's function evaluated by Node over a list of values, for the tests that hold the page's words
and pycore's to the same answers (tests/js/test_*_words_agree.py). Not a test module itself (no test_ prefix)."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def page_values(module: str, names: list[str], expression: str, values: list) -> list:
    """``expression`` (JavaScript, of ``p``) over ``values``, with ``names`` imported from ``module`` (a path under
    the repository, "./web/kit/luck-words.js"): the page's own answers, as JSON."""
    node = shutil.which("node")
    assert node, "Node.js is missing: build.py setup installs it (README.md)"
    script = (f"import {{{', '.join(names)}}} from '{module}';"
              f"console.log(JSON.stringify({json.dumps(values)}.map((p) => {expression})));")
    run = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)

"""Replay the recorded requests (``tests/core/data/recorded.jsonl.gz``) through ``pycore.api.handle`` and print
one line a response, under whichever Python runs it: ``python tests/cpython/replay.py``.

Not a test module (no test_ prefix): test_interpreters.py runs it under each CPython it finds. Standard
library only, so any interpreter the README allows can run it without a virtual environment.
"""

import gzip
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from pycore.api import handle  # noqa: E402

with gzip.open(REPO / "tests" / "core" / "data" / "recorded.jsonl.gz", "rt", encoding="utf-8") as lines:
    for line in lines:
        print(handle(json.dumps(json.loads(line)["request"])))

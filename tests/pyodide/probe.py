"""Print, as one JSON line, values the core must compute identically in every runtime.

    python tests/pyodide/probe.py

test_core_in_pyodide.py runs this file under CPython and under Pyodide in
Node and compares the two lines: the dice of ``pycore.dice.roll`` (docs/rules.md §10:
"the same seed gives the same dice in CPython, Pyodide and any future
runtime, forever") and the exact JSON text ``pycore.api.handle`` returns for
the canonical requests of docs/api.md.

Not a test module itself (no test_ prefix): pytest does not collect it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

MARKER = "@@LUCKDIAL-RESULT@@"
REPO = Path(__file__).resolve().parents[2]

DICE_CASES = [
    # (seed, context, sides, count): every die size, empty and non-ASCII text,
    # and counts long enough to cross several HMAC blocks and rejections.
    ("any text", "doc", 6, 5),
    ("any text", "r1/attacker/main", 6, 40),
    ("any text", "r1/defender/main", 6, 40),
    ("", "", 6, 1),
    ("", "r1/attacker/main", 10, 64),
    ("seed ünïcödé ⚔", "r2/attacker/aa", 12, 100),
    ("0", "wif/roll", 10, 2),
    ("long " * 60,  # a key longer than the HMAC block (64 bytes) is hashed first
     "r99/defender/main", 6, 300),
    ("x", "zero", 6, 0),
]

# The canonical requests of docs/api.md ("must work exactly as written"), as text.
CANONICAL_RESOLVE = """{"op": "resolve", "ruleset": "classic", "system": {"name": "lowluck"},
 "attacker": {"units": {"infantry": 3, "tank": 3, "fighter": 1}},
 "defender": {"units": {"infantry": 3, "tank": 1, "fighter": 1}},
 "seed": "any text", "rounds": 1}"""

OTHER_REQUESTS = [
    """{"op": "calc", "ruleset": "big-world-1942", "system": {"name": "lowluck"},
 "attacker": {"units": {"infantry": 3, "tank": 2}},
 "defender": {"units": {"infantry": 2}}, "exact": true}""",
    """{"op": "wif", "attack": 36.5, "defense": 10, "fractional_odds": true,
 "table": "assault", "modifiers": []}""",
    """{"op": "wif", "attack": 36.5, "defense": 10, "fractional_odds": true,
 "table": "assault", "modifiers": [], "seed": "any text"}""",
    """{"op": "research", "system": "lowluck", "category": "air",
 "steps": [{"invest": 18}, {"invest": 18, "attempt": true, "roll": 3}]}""",
    # a whole battle with real dice, fought to the end: many contexts, many rolls
    """{"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
 "attacker": {"units": {"infantry": 3, "tank": 3, "fighter": 1}},
 "defender": {"units": {"infantry": 3, "tank": 1, "fighter": 1}},
 "seed": "any text"}""",
    """{"op": "rulesets"}""",
]


def main() -> int:
    """Compute everything, print the result line."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from pycore import api, dice

    result = {
        "platform": sys.platform,
        "dice": [[*case, list(dice.roll(*case))] for case in DICE_CASES],
        "resolve": api.handle(CANONICAL_RESOLVE),
        "others": [api.handle(request) for request in OTHER_REQUESTS],
    }
    print(f"{MARKER} {json.dumps(result, ensure_ascii=False, sort_keys=True)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

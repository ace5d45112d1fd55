"""The calculator against seeded simulations of the engine itself (issue 4: ≥ 20,000 battles each,
within 4 standard errors). Kept out of tests/core so the Pyodide run stays fast; `build.py test`
runs it (testpaths = tests)."""

from __future__ import annotations

import math

from pycore.calc.method import compute
from tests.core.calc_oracle import setup_of, simulate

BATTLES = 20_000
SIGMAS = 4


def marginals(joint):
    out = {}
    for (outcome, lost_a, lost_d), p in joint.items():
        for key in (("outcome", outcome), ("attacker_lost", lost_a), ("defender_lost", lost_d)):
            out[key] = out.get(key, 0) + p
    return out


def check(request, rounds=None, tag="sim"):
    agree(compute(setup_of(request), rounds)["joint"], simulate(request, BATTLES, rounds, tag))


def agree(joint, counts, battles: int = BATTLES):
    """The calculator's joint law against ``battles`` simulated ends counted by the same keys: every marginal
    within ``SIGMAS`` standard errors (of that many battles), and nothing seen that the calculator gives no chance."""
    exact = marginals({k: float(p) for k, p in joint.items()})
    seen = marginals(counts)
    problems = []
    for key in set(exact) | set(seen):
        p, count = exact.get(key, 0.0), seen.get(key, 0)
        error = SIGMAS * math.sqrt(max(p * (1 - p), 1e-12) / battles) + 1e-9
        if p == 0 and count or abs(count / battles - p) > error:
            problems.append(f"{key}: calc {p:.5f}, engine {count}/{battles} = {count / battles:.5f} (±{error:.5f})")
    assert not problems, "\n".join(problems)

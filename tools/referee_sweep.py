"""A wider random comparison of the calculator with the referee than the test suite affords.

The suite (tests/referee/test_agreement.py) compares fixed seeds, about a thousand battles, in
seconds. This draws the same families of battles (every ruleset, dice and Low Luck: land, sea,
amphibious, aircraft against AA guns, options, the attacker's choices, the printed sub rule) from
other seeds, as many as asked, and prints every battle where the two part by more than the suite's
tolerance (1e-9), with the rows that differ. Exit status 1 when any does.

On 2026-11-24 seeds 11–13 and 20–59 (about 12,400 battles, 6 minutes) found three: an engine rule
(a lonely transport against Heavy Bombers under LHTR) and a referee reading (firing groups
against the units still alive); both were fixed and the battles kept among the suite's rule fixes.

    .venv/bin/python tools/referee_sweep.py [--seeds 11-59] [--per-combo 4] [--sea-size 2-16]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.referee.compare import (air_battles, battles, choice_battles, differences,  # noqa: E402
                                   option_battles, printed_sub_battles)


def span(text: str) -> tuple[int, int]:
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def families(seed: int, per_combo: int, sea: tuple[int, int], land: tuple[int, int]) -> dict:
    return {"sea": battles(seed, "sea", per_combo, sea), "amphibious": battles(seed, "amphibious", per_combo, land),
            "land": battles(seed, "land", per_combo, land), "options": option_battles(seed, per_combo),
            "choices": choice_battles(seed, per_combo), "printed": printed_sub_battles(seed, per_combo),
            "air": air_battles(seed, per_combo)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="11-59", help="a seed or a range, e.g. 11-59")
    parser.add_argument("--per-combo", type=int, default=4, help="battles per ruleset and system of each family")
    parser.add_argument("--sea-size", default="2-16", help="units in all of a sea battle")
    parser.add_argument("--land-size", default="2-20", help="units in all of a land or amphibious battle")
    args = parser.parse_args()
    low, high = span(args.seeds)
    began = time.perf_counter()
    compared = apart = sampled = 0
    for seed in range(low, high + 1):
        for family, requests in families(seed, args.per_combo, span(args.sea_size), span(args.land_size)).items():
            for i, request in enumerate(requests):
                worst, rows, method = differences(request)
                if method != "exact":
                    sampled += 1        # Monte Carlo: nothing exact to compare
                    continue
                compared += 1
                if rows:
                    apart += 1
                    print(f"seed {seed} {family} {i}: max |diff| {worst:.3g}\n  {request}\n  "
                          + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:4]), flush=True)
    print(f"{compared} battles compared, {apart} apart, {sampled} not exact; {time.perf_counter() - began:.0f} s")
    return 1 if apart else 0


if __name__ == "__main__":
    raise SystemExit(main())

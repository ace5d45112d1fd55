"""A plan's fixed costs are paid once (issue 41): what a later wave asks of its starts, and what the summary reads
of the defender's armies (docs/rules.md §9).

The answers themselves are guarded by ``test_recorded.py`` and ``test_calc_waves.py``; these tests say that the
work behind them is done once where it used to be done per start or per wave, and fail on the code before.
"""

from __future__ import annotations

from pycore.calc import starts, summary
from pycore.calc.waves import fight
from pycore.read.calc import read_calc
from pycore.rulesets import Ruleset

from .helpers import ok

ORDER_A = ["infantry", "artillery", "tank", "fighter", "bomber"]
ORDER_D = ["infantry", "artillery", "aa_gun", "tank", "fighter", "bomber"]


def _plan(defender: dict) -> dict:
    return {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "land",
            "attacker": {"units": {"infantry": 3, "artillery": 1}, "order_of_loss": ORDER_A},
            "defender": {"units": defender, "order_of_loss": ORDER_D},
            "waves": [{"attacker": {"units": {"tank": 2}, "order_of_loss": ORDER_A}}]}


def _asked(monkeypatch) -> list:
    asked: list = []
    alone = starts.guns_alone
    monkeypatch.setattr(starts, "guns_alone", lambda setup, d: asked.append(d) or alone(setup, d))
    return asked


def test_a_later_wave_whose_starts_hold_no_aa_gun_never_asks_whether_one_is_guns_alone(monkeypatch):
    """docs/rules.md §2 "AA guns alone": only a defender holding AA guns can be left with nothing else, so a wave
    whose starts have none asks no start (it asked every start, each a call into the engine)."""
    asked = _asked(monkeypatch)
    got = ok(_plan({"infantry": 3, "tank": 1}))
    assert got["waves"][1]["fights"] > 0.1 and asked == []


def test_a_later_wave_against_an_aa_gun_still_finds_the_guns_left_alone(monkeypatch):
    """The same plan against 2 infantry and an AA gun (1942-2e: a gun can be a casualty): where wave 1 leaves
    the gun alone, wave 2 destroys it at once, so the starts are asked and one of them is the lone gun."""
    asked = _asked(monkeypatch)
    got = ok(_plan({"infantry": 2, "aa_gun": 1}))
    assert got["waves"][1]["fights"] > 0.05
    assert any(d.units.counts == (("aa_gun", 1),) for d in asked)


def test_the_summary_reads_each_defender_army_once_a_plan(monkeypatch):
    """The waves' standings (wave 1's, and the last one's that the whole plan shares) meet the same defender
    armies: each army's IPCs are read once a plan, plus the defender's start (they were read once per standing)."""
    plan = read_calc(_plan({"infantry": 3, "tank": 1})).options["plan"]
    law = fight(plan)
    armies = {id(d) for stand in law.waves for (_, d, _, _) in stand.law}
    calls: list = []
    ipcs = Ruleset.ipcs
    monkeypatch.setattr(Ruleset, "ipcs", lambda self, counts: calls.append(counts) or ipcs(self, counts))
    last = summary.last_standing(plan, law, False)
    summary.waves(plan, law, False, last)
    summary.whole(plan, law, False, last)
    assert len(armies) > 3 and len(calls) == len(armies) + 1

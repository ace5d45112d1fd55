"""Oracles for the calculator: brute force over every die face, and seeded runs of the engine itself."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from pycore.engine.sequence import fight
from pycore.read.battle import read_setup
from pycore.engine.table import NO_DECISIONS, SeededTable
from pycore.rulesets import find_ruleset
from pycore.read.systems import read_system


def setup_of(request):
    return read_setup(request, find_ruleset(request["ruleset"]), read_system(request["system"]))


class _More(Exception):
    def __init__(self, count):
        super().__init__("more dice")
        self.count = count


class ScriptTable(SeededTable):
    """Dice from a fixed script of face tuples, one per request; asks for more past its end."""

    def __init__(self, script):
        super().__init__("unused", NO_DECISIONS)
        self.script = script
        self.at = 0

    def dice(self, number, role, group, count):
        if self.at == len(self.script):
            raise _More(count)
        faces = self.script[self.at]
        self.at += 1
        return faces


def _key(log, start):
    """(outcome, attacker units lost, defender units lost) of an engine battle; AA guns the attacker captured
    with the territory (the engine's ``captured``) are lost to the defender (docs/rules.md §9)."""
    captured = log.captured.size if log.captured else 0
    return (log.outcome, start["attacker"] - log.armies["attacker"].size,
            start["defender"] - log.armies["defender"].size + captured)


def enumerate_battle(request, rounds=None):
    """{(outcome, attacker units lost, defender units lost): exact P} over every face of every die."""
    setup = setup_of(request)
    law: dict = {}
    stack = [()]
    start = {role: setup.side(role).units.size for role in ("attacker", "defender")}
    while stack:
        script = stack.pop()
        try:
            log = fight(setup, ScriptTable(list(script)), rounds)
        except _More as more:
            for faces in product(range(1, 7), repeat=more.count):
                stack.append(script + (faces,))
            continue
        dice = sum(len(f) for f in script)
        law[_key(log, start)] = law.get(_key(log, start), 0) + Fraction(1, 6 ** dice)
    return law


def simulate(request, battles, rounds=None, tag="sim"):
    """Counts of (outcome, attacker units lost, defender units lost) over seeded engine battles."""
    setup = setup_of(request)
    start = {role: setup.side(role).units.size for role in ("attacker", "defender")}
    counts: dict = {}
    for i in range(battles):
        log = fight(setup, SeededTable(f"{tag}-{i}", NO_DECISIONS), rounds)
        key = _key(log, start)
        counts[key] = counts.get(key, 0) + 1
    return counts

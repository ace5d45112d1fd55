"""The law of a coloured-dice battle's end (docs/rules.md §7, §9): exact up to a documented size, else Monte Carlo.

Exact: the state is both sides' troops by post (who rolls or boosts where,
and damage). A round is the chart's colours in order. What a colour does
depends only on how many dice each side rolls and how many boosters of each
kind it has (each capped at its dice): its law of (hits on the attacker,
hits on the defender) is worked out once per such key (:func:`colour_law`)
— by a walk over the faces from 6 down to 1 where nobody boosts, by
enumerating every multiset of faces with its multinomial weight out of 6^n
where somebody boosts, each pair played by the rule of the app's boost
proposals (the attacker's best result given the defender's best answer;
checked against ``boosts.propose`` / ``respond`` on every roll). The
casualties that follow are the app's proposals (the victim's order of loss,
the winner's pick for red), exactly what :mod:`pycore.engine.colored.fight`
does with seeded dice. The attacker never retreats. Battles end when a side
is gone or neither can hurt the other.

Settled once (fought to the end, :func:`_settle`): a pair of side-states
(:class:`_Side` numbers each side's troops as they are met) keeps its mass
per position in the round; pairs are settled in decreasing order of hit
points left, and a round that changes nothing is summed at once. With a
round limit the pairs are carried round by round (:func:`_by_rounds`).

Size limit (stated, checked by :func:`small_enough`): exact for at most
``EXACT_MAX_UNITS_A_SIDE`` units a side, within ``WORK_BUDGET`` units of work
(``FRACTION_WORK_BUDGET`` for ``exact``), counted as the chain goes, so a
request always gets the same method. The work grows with every kind of unit
a side has and with the ways a colour's hits are chosen (red's winner picks
from the top, the others' victims from the bottom, so a side's states are a
square of its units): 60 v 60 at sea (seven kinds), 60 infantry a side, 30
infantry + 30 tanks a side, Revised and 1940-2e land 60 v 60 of five kinds
with artillery boosting on both sides fit; 60 v 60 with fighters boosting
white on both sides as well does not (measured in bench/colored.py; the bound
and why: ``WORK_BUDGET``). Beyond it the calculator simulates ``SAMPLES`` battles
with seeded dice (``mc/0``, ``mc/1``, …) through
:func:`pycore.calc.montecarlo.sample`, and the ``calc`` op reports 95 %
intervals and why. In floats, pairs reached with less than ``FLOOR`` are
dropped and counted in ``pruned``.

Speed (2026-11-24, issue 15 item 3): boosted laws by big-integer slots
(:class:`_Slots`, :func:`_boosted_law`), a side's boosted results kind by kind
(:func:`_results`), and a round's plan per pair of side profiles
(:meth:`_Exact.plan`); issue 15's mixed land 40 v 40 went from Monte Carlo
(10 s of exact work, 89 % of it boosted laws) to about 1 s exact. A second pass
(same day, same answers to the last bit, tests/core/test_colored_fast.py): masses
kept by attacker state in :func:`_settle` (one big table of pairs made each move
a cache miss), a side-state's tables from a table per post (:meth:`_Side.post`),
cheaper casualty proposals (:mod:`pycore.systems.colored.losses`), a side's
boosted results and rolls' slots kept across laws; 1940-2e land 60 v 60 of five
kinds went from Monte Carlo (8 s of exact work over the bound) to about 6 s exact.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial
from ..systems.colored.chart import GUIDELINES, MAX_DICE
from ..systems.colored.commit import Troops, color_of, unit_of
from ..engine.colored.fight import ColoredBattle, army, fight, rollers, start
from ..systems.colored.losses import victim_proposal, winner_proposal
from ..engine.colored.play import check_setup
from ..engine.sequence import MAX_ROUNDS, BattleLog, RoundLog
from ..engine.table import SeededTable, Table
from ..engine.setup import ROLES, BattleSetup
from ..errors import BadRequest
from . import cost
from .law import Ends
from .montecarlo import bounded

EXACT_MAX_UNITS_A_SIDE = 60
WORK_BUDGET = 32_000_000
"""Work (a unit is about 0.2 µs of CPython, :attr:`_Exact.work`) the exact chain may do in floats before it
gives way to Monte Carlo: about 6.5 s in CPython on this project's shared 2-core machine, so that a battle
which needs more, tried and then simulated (bench/cost.py), still answers well within the 30 s of docs/api.md
under load. Re-counted on 2026-11-24 (issue 15 item 3) after the chain's loop, its side-states and the
proposals were made cheaper, process time at a load average of 3–5 (bench/colored.py --work): 1940-2e land
60 v 60 of five kinds (bench/colored.py's land, artillery boosting on both sides) 29.6 million units, 5.7–6.7 s
(0.19–0.23 µs a unit); Revised 60 v 60 of the same, 28.9 million, 5.3 s; 30 infantry + 30 tanks a side
20.5 million, 3.0–4.3 s; sea 60 v 60 (sub, destroyer, cruiser, battleship, carrier, fighter, transport) 12.7
million, 2.0–2.5 s; issue 15's Revised 40 v 40 mix 5 million, 0.6–0.9 s: all exact. Over it: 1940-2e land
60 v 60 with fighters boosting white on both sides (two kinds of boost each, bench/cost.py), 43 million units
(8.1 s exact): it gives way after 32 million (about 6 s), then Monte Carlo (553 battles, about 2.5 s): 8.6 s
of CPU, 8.9–9.9 s wall at a load of 4 (the same case before: 11.3 s of CPU, 12.9–13.8 s wall, and 28 s
wall at a heavier load); others over the bound, measured the same way: 60 v 60 of seven kinds with fighters
and tactical bombers boosting white, 8.7 s of CPU; Revised's two-boosts 60 v 60, 7.8 s. Before (18 million units of the old count, 0.35–0.45 µs each) the land 60 v 60 of
five kinds needed 21 million of them and was Monte Carlo."""
FRACTION_WORK_BUDGET = WORK_BUDGET // 20
"""The same in exact fractions (``exact``): measured 1.2–1.8 µs a unit of the old count up to 30 v 30 (2.2 s
for 1.3 million units, at a load of 13), more as the battle's numbers grow; the new count gives about 1.4
units for one of the old, so 1.6 million units are about 2 s; kept at a twentieth, a few seconds."""
PAIR_WORK = 24
"""A pair of states settled (its round's plan, its end of round, its masses) counts as this many landings:
fitted as moves × 0.2 µs + pairs × (2.5–4.9 µs) over the battles of ``WORK_BUDGET`` (land pairs dearest)."""
PAIRS_A_UNIT, PLACING_WORK, WALK_WORK = 3, 1, 9
"""A colour's law (:func:`law_work`): where somebody boosts, a unit per ``PAIRS_A_UNIT`` pairs of face
multisets (:func:`_boosted_law`) and ``PLACING_WORK`` per way of placing a boosting side's boosts on one of
its face multisets (its rows); where nobody boosts, ``WALK_WORK`` units per (na + 1)² (nd + 1)² (the walk).
Counted in the chain's work ×``LAW_WORK``."""
LAW_WORK = 2
"""Units of the chain's work per unit of :func:`law_work`: the laws a battle uses took 0.32–0.57 µs per unit
of :func:`law_work` (cold, 2026-11-24, the battles of ``WORK_BUDGET``), against the chain's 0.2 µs."""
SIDE_WORK = 900
"""A side-state met (its tables, its proposals for up to 6 hits of each colour, its profile) counts as this
many landings: 0.08–0.2 ms measured (2026-11-24), since its tables come from a table per post and the
proposals work ``harm`` only among tied posts (was 0.45 ms)."""
FLOOR = 1e-13
SAMPLES = 4000
"""Battles simulated beyond the exact limit (a probability's 95 % interval is then at most ±1.6 %)."""


@lru_cache(maxsize=8)
def faces_law(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of n d6 faces (high to low) with the number of ordered rolls giving it (out of 6^n)."""
    out = []
    for combo in combinations_with_replacement(range(6, 0, -1), n):
        ways = factorial(n)
        for face in set(combo):
            ways //= factorial(combo.count(face))
        out.append((combo, ways))
    return tuple(out)


def small_enough(setup: BattleSetup) -> bool:
    """Whether the exact chain takes this battle: at most ``EXACT_MAX_UNITS_A_SIDE`` units a side."""
    return all(t.size <= EXACT_MAX_UNITS_A_SIDE for t in start(setup).values())


def _walk_law(na: int, nd: int) -> tuple[tuple[tuple[int, int], int], ...]:
    """(hits on the attacker, on the defender) → ordered rolls out of 6^(na+nd), when nobody boosts.

    The dice are matched high to high (seed 001), so the faces are walked
    from 6 down to 1, placing how many dice of each side show the face: the
    k-th pair is decided when its second die is placed — a tie if both show
    the face, else the die placed earlier (the higher) wins. Dice beyond the
    other side's all hit.
    """
    states = {(0, 0, 0, 0): 1}           # dice placed (attacker, defender), hits on (attacker, defender) → ways
    for face in range(6, 0, -1):
        nxt: dict = {}
        for (ia, i_d, on_a, on_d), ways in states.items():
            ca_range = (na - ia,) if face == 1 else range(na - ia + 1)
            cd_range = (nd - i_d,) if face == 1 else range(nd - i_d + 1)
            for ca in ca_range:
                wa = ways * comb(na - ia, ca)
                for cd in cd_range:
                    ja, jd = ia + ca, i_d + cd
                    ha, hd = on_a, on_d
                    for k in range(min(ia, i_d), min(ja, jd)):
                        if k < ia:
                            hd += 1               # the attacker's k-th die is higher
                        elif k < i_d:
                            ha += 1
                        else:
                            ha += 1               # both show this face: a tie costs both
                            hd += 1
                    key = (ja, jd, ha, hd)
                    nxt[key] = nxt.get(key, 0) + wa * comb(nd - i_d, cd)
        states = nxt
    out: dict = {}
    for (_, _, on_a, on_d), ways in states.items():
        key = (on_a + max(0, nd - na), on_d + max(0, na - nd))
        out[key] = out.get(key, 0) + ways
    return tuple(sorted(out.items()))


@lru_cache(maxsize=None)
def colour_law(na: int, a_counts: tuple[int, ...], nd: int, d_counts: tuple[int, ...]
               ) -> tuple[tuple[tuple[int, int], int], ...]:
    """(hits on the attacker, hits on the defender) → ordered rolls out of 6^(na+nd), for one colour.

    ``a_counts`` / ``d_counts``: boosters of each kind, capped at the side's
    dice (a die takes each kind once). With boosts, every pair of face
    multisets is played as the app plays it: the attacker's proposal, then
    the defender's answer (:mod:`pycore.systems.colored.boosts`).
    """
    if not (na and any(a_counts)) and not (nd and any(d_counts)):
        return _walk_law(na, nd)
    return _boosted_law(na, a_counts, nd, d_counts)


def _results(faces: tuple[int, ...], counts: tuple[int, ...], boosting: bool) -> tuple[tuple[int, ...], ...]:
    """Every distinct result (sorted totals) a side may make of these faces with every boost used: the
    results of the app's ``boosts.options`` (seed 001: each die takes each kind once; every boost the dice
    can take is used), found kind by kind — a kind's c boosts go on c distinct dice, and which dice of one
    total take them changes nothing, so only how many of each total do is tried (:func:`_raised`). The
    same set as ``options`` (tests/core/test_colored_calc.py), without trying every assignment (up to 400
    per roll for two kinds on 6 dice: 1.3 s for one colour's law)."""
    if not boosting:
        return (faces,)
    results = {faces}
    for c in counts:
        if c:
            results = {raised for totals in results for raised in _raised(totals, min(c, len(totals)))}
    return tuple(sorted(results, reverse=True))


@lru_cache(maxsize=None)
def _raised(totals: tuple[int, ...], c: int) -> tuple[tuple[int, ...], ...]:
    """Every sorted result of +1 on c distinct dice of these totals (high to low)."""
    groups = [(value, totals.count(value)) for value in dict.fromkeys(totals)]
    out = []

    def place(i: int, left: int, made: list) -> None:
        if i == len(groups):
            if not left:
                out.append(tuple(sorted(made, reverse=True)))
            return
        value, many = groups[i]
        for k in range(min(many, left) + 1):
            place(i + 1, left - k, made + [value + 1] * k + [value] * (many - k))

    place(0, c, [])
    return tuple(out)


_BASE = 54
"""A side's outcome of a colour as one slot value, ``_BASE + 8 × hits scored − 9 × hits taken``: at most 6 hits
each way, so it lies in 0 … 102 (a slot of 8 bits with its top bit free) and orders as the side's value does,
(net hits, −hits taken) (docs/rules.md §7, the boost proposals): 8 × net − taken, taken below 8."""
_FULL = 0x7F


def _decode(code: int) -> tuple[int, int]:
    """(hits scored, hits taken) of a slot value."""
    taken = (_BASE - code) % 8
    return (code - _BASE + 9 * taken) // 8, taken


@lru_cache(maxsize=None)
def _at_most(value: int) -> bytes:
    """A table for ``bytes.translate``: a die x becomes 1 where x ≤ value, else 0."""
    return bytes(int(x <= value) for x in range(256))


@lru_cache(maxsize=None)
def _at_least(value: int) -> bytes:
    """A table for ``bytes.translate``: a die x becomes 1 where x ≥ value, else 0."""
    return bytes(int(x >= value) for x in range(256))


class _Slots:
    """One side's rolls (sorted high to low) laid out as the 8-bit slots of big integers, one slot a roll.

    Why: a boosted colour plays every roll of one side against every roll of the other (462 face multisets
    each for 6 dice). Laid out so, a whole row of outcomes (one result of the other side against every roll
    here) is a few big-integer sums, and a side's best of several rows, slot by slot, a few big-integer
    operations (:func:`_best`): the loops run in C instead of one Python step a pair.
    """

    def __init__(self, rolls: list, matched: int):
        self.rolls, self.matched = rolls, matched
        self.size = len(rolls)
        self.rep = int.from_bytes(b"\x01" * self.size, "little")
        self.guard = self.rep << 7
        self.marks: dict = {}
        self.columns: dict = {}         # i → the i-th die of every roll, one byte a roll

    def mark(self, i: int, value: int) -> tuple[int, int]:
        """(1 in the slots whose i-th die ≤ value, 1 in those whose i-th die ≥ value): who a die of this
        value, matched with the i-th, hits (a tie costs both, seed 001)."""
        got = self.marks.get((i, value))
        if got is None:
            column = self.columns.get(i)
            if column is None:
                column = self.columns[i] = bytes(roll[i] for roll in self.rolls)
            got = self.marks[(i, value)] = (int.from_bytes(column.translate(_at_most(value)), "little"),
                                            int.from_bytes(column.translate(_at_least(value)), "little"))
        return got

    def rows(self, results, extra_here: int, extra_there: int) -> dict:
        """Result of the other side → (hits it scores here, hits it takes), slot by slot. Results sharing
        their first dice share those dice's sums (taken in sorted order). ``extra_*``: unmatched dice's hits."""
        out: dict = {}
        k = self.matched
        here, there = [extra_here * self.rep], [extra_there * self.rep]
        last: tuple = ()
        for result in sorted(set(results)):
            head = result[:k]
            if head != last:
                same = 0
                while same < len(last) and last[same] == head[same]:
                    same += 1
                del here[same + 1:], there[same + 1:]
                for i in range(same, k):
                    hit, taken = self.mark(i, head[i])
                    here.append(here[-1] + hit)
                    there.append(there[-1] + taken)
                last = head
            out[result] = (here[-1], there[-1])
        return out

    def codes(self, scored: int, taken: int) -> int:
        """The slot values ``_BASE + 8 × scored − 9 × taken`` (every slot stays in 0 … 102, so no borrow)."""
        return _BASE * self.rep + 8 * scored - 9 * taken

    def best(self, rows: list, carried: list | None = None):
        """Slot by slot, the largest of ``rows`` (and, where given, the ``carried`` row that goes with it)."""
        top = rows[0]
        other = carried[0] if carried else None
        guard = self.guard
        for i in range(1, len(rows)):
            row = rows[i]
            wins = ((((row | guard) - top) & guard) >> 7) * _FULL       # slots where row ≥ top
            top ^= (row ^ top) & wins
            if carried:
                other ^= (carried[i] ^ other) & wins
        return top, other


def _by_ways(law: list) -> tuple[list, list]:
    """A side's face multisets ordered by their number of ordered rolls, and (start, end, ways) of each run."""
    ordered = sorted(law, key=lambda fw: fw[1])
    runs: list = []
    for i, (_, ways) in enumerate(ordered):
        if runs and runs[-1][2] == ways:
            runs[-1][1] = i + 1
        else:
            runs.append([i, i + 1, ways])
    return ordered, runs


@lru_cache(maxsize=None)
def _ordered(n: int) -> tuple[list, list]:
    """:func:`_by_ways` of n dice's face multisets, kept (every colour's law of n dice asks it)."""
    return _by_ways(faces_law(n))


@lru_cache(maxsize=4096)
def _side_results(n: int, counts: tuple[int, ...], boosting: bool) -> list:
    """A side's distinct results (:func:`_results`) for each of its face multisets in :func:`_ordered` order,
    kept: the same side meets many laws (one per key of the other side's dice)."""
    return [_results(faces, counts, boosting) for faces, _ in _ordered(n)[0]]


@lru_cache(maxsize=4096)
def _rolls(n: int, boosted: bool, counts: tuple[int, ...], matched: int) -> "_Slots":
    """The slots of a side's rolls, kept with the marks they have worked (:meth:`_Slots.mark`): its face
    multisets (:func:`_ordered`), or where ``boosted``, every distinct result its boosts make of them."""
    if boosted:
        return _Slots(list(dict.fromkeys(r for results in _side_results(n, counts, True) for r in results)), matched)
    return _Slots([faces for faces, _ in _ordered(n)[0]], matched)


def _tally(out: dict, rows: list, runs: list) -> None:
    """Add to ``out`` (slot value → ordered rolls) rows of slot values of one side's face multisets, given as
    (bytes, ways) with one slot per face multiset of the other side, whose ways ``runs`` give."""
    by_ways: dict = {}
    for data, ways in rows:
        by_ways.setdefault(ways, []).append(data)
    for ways, datas in by_ways.items():
        for first, end, other in runs:
            for code, n in Counter(b"".join(data[first:end] for data in datas)).items():
                out[code] = out.get(code, 0) + n * ways * other


def _boosted_law(na: int, a_counts: tuple[int, ...], nd: int, d_counts: tuple[int, ...]
                 ) -> tuple[tuple[tuple[int, int], int], ...]:
    """A colour where somebody boosts: every pair of face multisets, played as the app plays it.

    The app's proposals (:mod:`pycore.systems.colored.boosts`): the defender answers the attacker's
    totals with the result that maximises (net hits, −hits taken) for him; the attacker takes the result
    that maximises the same for himself, given that answer. A side's value of an outcome names the
    outcome (:data:`_BASE`), so which of several equally good assignments the app lists first changes
    nothing here, and only each side's distinct results are tried.

    Speed: the other side's rolls are the slots of big integers (:class:`_Slots`), so each result's row
    of outcomes and each side's best are a few big-integer operations. Where both boost, the defender's
    answers are worked over every attacker result (the slots), then read back column by column (one slot
    per defender roll) for the attacker's choice. Before 2026-11-24 (one Python step a pair of face
    multisets) a 6 v 6 colour took 0.2–0.9 s; it now takes a few milliseconds.
    """
    a_faces, a_runs = _ordered(na)
    d_faces, d_runs = _ordered(nd)
    a_boost, d_boost = bool(na and any(a_counts)), bool(nd and any(d_counts))
    k = min(na, nd)
    extra_d, extra_a = max(0, na - nd), max(0, nd - na)    # unmatched dice always hit (seed 001)
    a_results = _side_results(na, a_counts, a_boost)
    d_results = _side_results(nd, d_counts, d_boost)
    out: dict = {}
    if not a_boost:
        # The defender alone boosts: his best result against each attacker roll (the slots).
        slots = _rolls(na, False, (), k)
        _choose(out, slots, _values(slots, d_results, extra_a, extra_d), d_faces, d_results, a_runs)
        return tuple(sorted((_decode(c), ways) for c, ways in out.items()))     # (scored, taken) = (on_a, on_d)
    d_slots = _rolls(nd, False, (), k)
    if d_boost:
        # The defender's answer to every attacker result (the slots), with the attacker's outcome carried;
        # then read back, one column per attacker result, one slot per defender roll.
        slots = _rolls(na, True, a_counts, k)
        universe = slots.rolls
        pairs = slots.rows([r for results in d_results for r in results], extra_a, extra_d)
        mine = {r: slots.codes(on_a, on_d) for r, (on_a, on_d) in pairs.items()}      # the defender's values
        theirs = {r: slots.codes(on_d, on_a) for r, (on_a, on_d) in pairs.items()}    # the attacker's
        table = b"".join(slots.best([mine[r] for r in results], [theirs[r] for r in results])[1]
                         .to_bytes(slots.size, "little") for results in d_results)
        width = len(universe)
        a_rows = {r: int.from_bytes(table[j::width], "little") for j, r in enumerate(universe)}
    else:
        a_rows = _values(d_slots, a_results, extra_d, extra_a)
    _choose(out, d_slots, a_rows, a_faces, a_results, d_runs)
    return tuple(sorted(((taken, scored), ways) for (scored, taken), ways in
                        ((_decode(c), ways) for c, ways in out.items())))


def _values(slots: _Slots, results_by_roll: list, extra_here: int, extra_there: int) -> dict:
    """Each result of the other side → its row of slot values (the value to it of each outcome)."""
    pairs = slots.rows([r for results in results_by_roll for r in results], extra_here, extra_there)
    return {r: slots.codes(*pair) for r, pair in pairs.items()}


def _choose(out: dict, slots: _Slots, rows: dict, faces: list, results_by_roll: list, runs: list) -> None:
    """Per roll of a booster (``faces``, with its ways), his best result slot by slot, tallied into ``out``."""
    _tally(out, [(slots.best([rows[r] for r in results])[0].to_bytes(slots.size, "little"), ways)
                 for (_, ways), results in zip(faces, results_by_roll)], runs)


def law_work(na: int, a_counts: tuple[int, ...], nd: int, d_counts: tuple[int, ...]) -> int:
    """The work of one colour's law in units of the chain's work (:data:`PAIRS_A_UNIT`)."""
    a_boost, d_boost = bool(na and any(a_counts)), bool(nd and any(d_counts))
    if not (a_boost or d_boost):
        return WALK_WORK * (na + 1) ** 2 * (nd + 1) ** 2
    work = len(faces_law(na)) * len(faces_law(nd)) // PAIRS_A_UNIT
    for n, counts, boosting in ((na, a_counts, a_boost), (nd, d_counts, d_boost)):
        if boosting:
            ways = len(faces_law(n))
            for c in counts:
                ways *= comb(n, min(c, n))
            work += ways * PLACING_WORK
    return work


def simulate(setup: BattleSetup, seed: str, rounds: int | None) -> BattleLog:
    """One coloured-dice battle with seeded dice (contexts ``r{n}/{side}/{colour}``) and the app's
    proposals for every decision, as ``resolve`` fights it (for Monte Carlo)."""
    return fight(setup, SeededTable(seed), rounds)


class _TooManyStates(Exception):
    """The battle needs more work than ``WORK_BUDGET``: Monte Carlo answers instead."""


_WIDE = 1 << 24
"""A pair of states is one integer, attacker's number × _WIDE + defender's (a side meets far fewer than 16 million)."""


class _Side:
    """One side's troops, numbered as the chain meets them, with what each colour needs to know of them.

    Why: the chain meets the same side-state in thousands of pairs, so everything a colour asks of a
    side — its dice and boosters there, whether it is still in the fight, where h hits of that colour
    take it — is worked out once per side-state, from the app's own rules (``victim_proposal``,
    ``winner_proposal``, ``Troops.after``), and a pair of states is two small integers. The victim's
    proposal takes hits one at a time, each from the troops the last one left, so h hits are one hit h
    times (``step``): a side-state's table of landings costs at most one proposal per guideline.
    """

    def __init__(self, setup: BattleSetup, role: str, rows, keys: dict):
        self.setup, self.role, self.rows, self.keys = setup, role, rows, keys
        self.ruleset, self.chart = setup.ruleset, setup.system.chart
        self.order = setup.side(role).order_of_loss
        self.troops: list[Troops] = []
        self.index: dict = {}
        self.hp: list[int] = []           # hit points left: every landing lowers it (the chain's order)
        self.alive: list[bool] = []       # can_be_lost_any
        self.dice: list = []              # per active colour: the key of (dice, boosters by kind capped at the
                                          # dice) in ``keys`` (shared by both sides; 0: no dice)
        self.lands: list = []             # per active colour: [state after 0, 1, … 6 hits], filled when asked
        self.still: list = []             # per active colour: bit h set where h hits leave the state as it is
        self.hurts: list = []             # the guidelines of the colours it rolls in (any colour of the chart)
        self.open: list = []              # the guidelines whose hits it can still take
        self.lonely: list = []            # only transports left
        self.step: dict = {}              # (state, guideline, chooser) → state after one hit
        self.profile: list = []           # per state: its profile's number (None until asked, :meth:`profile_of`)
        self.posts: dict = {}             # post → what it brings to a state's tables (:meth:`post`)
        self.profiles: dict = {}          # (in the fight, dice keys, still bits, hurts, open, lonely) → number

    def number(self, troops: Troops) -> int:
        """The state's number, its tables worked when it is first met: from a table per post
        (:meth:`post`), the same values as the app's ``rollers``, ``kinds``, ``capacity`` and
        ``can_be_lost_any`` (tests/core/test_colored_calc.py pins them on random battles)."""
        got = self.index.get(troops)
        if got is None:
            got = self.index[troops] = len(self.troops)
            self.troops.append(troops)
            width = len(self.rows)
            dice = [0] * width
            counts = [[0] * len(row.boosts) for row in self.rows]
            hp = able = sea = 0
            alive, lonely = False, bool(troops)
            hurts: set = set()
            posts = self.posts
            for key, n in troops.posts:
                post = posts.get(key) or self.post(key)
                unit_hp, can_be_lost, naval, transport, places, hurt = post
                hp += n * unit_hp
                if can_be_lost:
                    alive = True
                    left = n * unit_hp - troops.damaged_count(key)
                    able += left
                    if naval:
                        sea += left
                lonely = lonely and transport
                hurts |= hurt
                for colour, rolls, kinds_here in places:
                    if rolls:
                        dice[colour] += -(-n // 3)          # one die per 3 units of a type, rounded up (match.py)
                    for k in kinds_here:
                        counts[colour][k] += n
            self.hp.append(hp - sum(n for _, n in troops.damaged))
            self.alive.append(alive)
            keys = []
            for n, kinds_count in zip(dice, counts):
                n = min(MAX_DICE, n)
                key = (n, tuple(min(c, n) for c in kinds_count)) if n else None
                keys.append(self.keys.setdefault(key, len(self.keys)))
            self.dice.append(keys)
            self.lands.append([None] * width)
            self.still.append([0] * width)
            self.profile.append(None)
            self.hurts.append(frozenset(hurts))
            self.open.append(frozenset(g for g in GUIDELINES if (sea if g == "naval_only" else able)))
            # Only transports left: the engine's end of round may take them (then it is asked, ``_Exact.ended``).
            self.lonely.append(lonely)
        return got

    def post(self, key: str) -> tuple:
        """What a post brings to a state's tables: (hit points a unit, can be lost, a ship, a transport,
        [(active colour, rolls there, the kinds of boost it gives there)], the guidelines of the chart's
        colours it rolls in)."""
        ruleset, unit_id, color = self.ruleset, unit_of(key), color_of(key)
        unit = ruleset.unit(unit_id)
        places = [(i, unit_id in row.rolls, tuple(k for k, kind in enumerate(row.boosts) if unit_id in kind))
                  for i, row in enumerate(self.rows) if row.color == color]
        hurt = frozenset(row.casualties for row in self.chart.rows if row.color == color and unit_id in row.rolls)
        got = self.posts[key] = (unit.hit_points, ruleset.rules.aa_is_casualty or "anti_aircraft" not in unit.abilities,
                                 unit.domain == "sea", "transport" in unit.abilities, places, hurt)
        return got

    def landings(self, i: int, colour: int) -> list[int]:
        """The state after 0, 1, … 6 hits of this colour (its guideline, and who chooses)."""
        got = self.lands[i][colour]
        if got is None:
            row = self.rows[colour]
            troops = self.troops[i]
            got = [self.index[troops]]              # the number as handed out (the chain's tables find it by identity)
            if row.choice == "winner" and self.whole(troops):
                for hits in range(1, MAX_DICE + 1):
                    loss = winner_proposal(self.ruleset, self.chart, troops, hits, row.casualties)
                    got.append(self.number(troops.after(loss.lost, loss.damaged)))
            else:
                for _ in range(MAX_DICE):
                    got.append(self.one_hit(got[-1], row))
            self.lands[i][colour] = got
            self.still[i][colour] = sum(1 << hits for hits, j in enumerate(got) if j == i)
        return got

    def profile_of(self, i: int) -> int:
        """The number of what a round asks of this state (in the fight or not, each colour's dice key,
        which hits leave it as it is, what its end of round reads), its landings worked for every colour: states of one profile
        share their round's plan (:meth:`_Exact.plan`), whatever their troops."""
        for colour in range(len(self.rows)):
            self.landings(i, colour)
        key = (self.alive[i], tuple(self.dice[i]), tuple(self.still[i]), self.hurts[i], self.open[i], self.lonely[i])
        got = self.profile[i] = self.profiles.setdefault(key, len(self.profiles))
        return got

    def whole(self, troops: Troops) -> bool:
        """Whether an intact two-hit unit is left: the winner's pick then depends on the hits still to
        place (a unit is worth its cost per hit it needs), so his h hits are worked at once."""
        return any(n > troops.damaged_count(k) and self.ruleset.unit(unit_of(k)).hit_points > 1
                   for k, n in troops.posts)

    def one_hit(self, i: int, row) -> int:
        """The state after one hit of this colour. The victim's proposal places hits one at a time, each on
        the troops the last one left; so does the winner's where every unit needs one hit (``whole``)."""
        key = (i, row.casualties, row.choice)
        got = self.step.get(key)
        if got is None:
            troops = self.troops[i]
            if row.choice == "winner":
                loss = winner_proposal(self.ruleset, self.chart, troops, 1, row.casualties)
            else:
                loss = victim_proposal(self.ruleset, self.chart, troops, 1, row.casualties, self.order)
            got = self.step[key] = self.number(troops.after(loss.lost, loss.damaged)) if loss else i
        return got


class _Exact:
    """The exact chain of coloured dice: pairs of side-states, each settled once, colour by colour.

    A pair's mass is kept per *position* in the round (before each colour that anybody can roll, and
    the end of the round). Hits never come back, so a pair is only reached from pairs with more hit
    points left in all: pairs are settled in decreasing order of both sides' hit points, every mass
    that reaches a pair having arrived before it is settled. A round that changes nothing comes back
    to the same pair: that loop is summed at once (mass ÷ (1 − chance that no colour changes
    anything)), so a pair is worked once whatever the number of rounds (docs/rules.md §7).
    """

    def __init__(self, setup: BattleSetup, exact: bool):
        self.setup = setup
        self.one = Fraction(1) if exact else 1.0
        troops = start(setup)
        # The colours anybody can ever roll: dice only go down, so the others never do anything.
        self.rows = [row for row in setup.system.chart.rows
                     if any(rollers(row, troops[role]) for role in ROLES)]
        self.keys: dict = {None: 0}       # (dice, boosters) of a colour → a small number, shared by both sides
        self.sides = (_Side(setup, "attacker", self.rows, self.keys), _Side(setup, "defender", self.rows, self.keys))
        self.first = self.sides[0].number(troops["attacker"]) * _WIDE + self.sides[1].number(troops["defender"])
        self.laws: dict = {}
        self.ended_memo: dict = {}      # the pairs whose end of round the engine was asked
        self.pairs = 0                  # pairs whose round was planned (settled once, or carried round by round)
        self.moves = 0          # landings followed
        self.checked = 0        # the work is next compared with the budget after this many landings
        self.budget = FRACTION_WORK_BUDGET if exact else WORK_BUDGET
        self.law_work = 0       # the work of the colours' laws this battle uses (cached or not, :func:`law_work`)
        self.numbers: dict = {}
        self.plans: dict = {}           # pair of profiles → the round's plan (:meth:`plan`)
        self.a_profiles: list = []      # the sides' profiles by number
        self.d_profiles: list = []

    @property
    def work(self) -> int:
        """The chain's work so far in units of about one landing followed (the cost budget, docs/api.md):
        counted, not timed, so a request always gets the same method whatever the machine's load."""
        sides = len(self.sides[0].troops) + len(self.sides[1].troops)
        return self.moves + PAIR_WORK * self.pairs + SIDE_WORK * sides + self.law_work

    def law(self, a_key: int, d_key: int) -> tuple:
        """The colour's law for these keys of dice: ([(x, [(y, chance)])] grouped by hits on the attacker,
        chances out of 1; {hits that change neither side: (chance of such a roll, the law without them, its
        size)})."""
        got = self.laws.get(a_key << 16 | d_key)
        if got is None:
            if len(self.numbers) != len(self.keys):
                self.numbers = {n: key for key, n in self.keys.items()}
            na, a_counts = self.numbers[a_key] or (0, ())
            nd, d_counts = self.numbers[d_key] or (0, ())
            total = 6 ** (na + nd)
            self.law_work += LAW_WORK * law_work(na, a_counts, nd, d_counts)
            grouped: dict = {}
            for (x, y), ways in colour_law(na, a_counts, nd, d_counts):
                grouped.setdefault(x, []).append((y, self.one * ways / total))
            got = self.laws[a_key << 16 | d_key] = (list(grouped.items()), {})
        return got

    def moving(self, law: tuple, still: int) -> tuple:
        """(chance of a roll that changes neither side, the law without those rolls, its size) where
        ``still`` has bit h (attacker: h + 8) set if h hits leave that side as it is (no hit, mostly; more
        where some hits cannot land: an AA gun never lost, hits beyond the ships): once per law and pattern."""
        grouped, stays = law
        got = stays.get(still)
        if got is None:
            sa, sd = still >> 8, still & 255
            stay = 0 * self.one
            moves = []
            for x, ys in grouped:
                keep = []
                for y, p in ys:
                    if sa >> x & 1 and sd >> y & 1:
                        stay += p
                    else:
                        keep.append((y, p))
                if keep:
                    moves.append((x, keep))
            got = stays[still] = (stay, moves, sum(len(ys) for _, ys in grouped))
        return got

    def plan(self, a_profile: int, d_profile: int) -> tuple:
        """A round's plan for a pair of these profiles: per colour (chance it changes nothing, its moves
        [(x, [(y, chance)])] of the rolls that change something, or None where it cannot do anything);
        and the number of moves (the work, counted each time a pair follows it)."""
        a_alive, a_dice, a_still, a_hurts, a_open, a_lonely = self.a_profiles[a_profile]
        d_alive, d_dice, d_still, d_hurts, d_open, d_lonely = self.d_profiles[d_profile]
        out = []
        size = 0
        for colour in range(len(self.rows)):
            a_key, d_key = a_dice[colour], d_dice[colour]
            if not (a_key or d_key) or not (a_alive and d_alive):
                out.append((self.one, None))
                continue
            stay, moves, n = self.moving(self.law(a_key, d_key), a_still[colour] << 8 | d_still[colour])
            out.append((stay, moves))
            size += n
        # The usual end of round (:meth:`ended`): both in the fight, one able to hurt the other, neither
        # left with only transports: the battle goes on with the pair as it is.
        goes_on = bool(a_alive and d_alive and (a_hurts & d_open or d_hurts & a_open) and not a_lonely
                       and not d_lonely)
        still = self.one
        for stay, _ in out:
            still *= stay               # the chance that no colour changes anything (the round comes back)
        got = self.plans[a_profile << 20 | d_profile] = (out, size, goes_on, still)
        return got

    def profile(self, side: _Side, i: int) -> int:
        """The profile of a side-state met for the first time (:meth:`_Side.profile_of`), kept by number."""
        got = side.profile_of(i)
        if side is self.sides[0]:
            if len(self.a_profiles) < len(side.profiles):
                self.a_profiles = list(side.profiles)
        elif len(self.d_profiles) < len(side.profiles):
            self.d_profiles = list(side.profiles)
        return got

    def steps(self, pair: int) -> tuple:
        """(the round's plan from this pair (:meth:`plan`), the attacker's landings, the defender's
        landings: per colour, the state after 0, 1, … 6 hits; whether the round's end is the usual one). The moves are followed where they are
        used (:func:`_settle`, :func:`_by_rounds`): no list of target pairs is built."""
        attacker, defender = self.sides
        a, d = divmod(pair, _WIDE)
        pa = attacker.profile[a]
        if pa is None:
            pa = self.profile(attacker, a)
        pd = defender.profile[d]
        if pd is None:
            pd = self.profile(defender, d)
        plan, size, goes_on, _ = self.plans.get(pa << 20 | pd) or self.plan(pa, pd)
        self.moves += size
        self.pairs += 1
        if self.moves > self.checked:
            self.checked = self.moves + 1_000
            if self.work > self.budget:
                raise _TooManyStates
        return plan, attacker.lands[a], defender.lands[d], goes_on

    @staticmethod
    def step_moves(law: list | None, a_lands: list, d_lands: list) -> list:
        """[(next pair, chance)] of one colour's moves (the pair itself left out)."""
        if law is None:
            return []
        return [(a_lands[x] * _WIDE + d_lands[y], p) for x, ys in law for y, p in ys]

    def ended(self, pair: int) -> tuple[str | None, int]:
        """The outcome after a round (lonely defenseless transports first), or None; and the pair kept.

        The usual case (both sides in the fight, one able to hurt the other, none left with only
        transports) is read off the side-states; any other asks the engine's own end of round."""
        attacker, defender = self.sides
        a, d = divmod(pair, _WIDE)
        if (attacker.alive[a] and defender.alive[d]
                and (attacker.hurts[a] & defender.open[d] or defender.hurts[d] & attacker.open[a])
                and not attacker.lonely[a] and not defender.lonely[d]):
            return None, pair
        got = self.ended_memo.get(pair)
        if got is None:
            state = {"attacker": attacker.troops[a], "defender": defender.troops[d]}
            battle = ColoredBattle(self.setup, Table(), state)      # rolls and decides nothing
            battle.lose_lonely_transports(RoundLog(0))
            got = self.ended_memo[pair] = (battle.decided(), attacker.number(battle.troops["attacker"]) * _WIDE
                                           + defender.number(battle.troops["defender"]))
        return got

    def armies(self, pair: int):
        a, d = divmod(pair, _WIDE)
        ruleset = self.setup.ruleset
        return army(self.sides[0].troops[a], ruleset), army(self.sides[1].troops[d], ruleset)


def _decided_at_once(calc: _Exact, outcome: str, kept: int) -> Ends:
    """A battle whose start is already decided: by nobody able to hurt anybody (a stalemate, no round is
    fought), or by the end of round 1 whatever is rolled (a side of defenseless transports alone, an AA gun
    that is never a casualty alone), which play still fights and logs (``fight``): one round, as there."""
    one, zero = calc.one, 0 * calc.one
    return Ends({(outcome, *calc.armies(kept)): one}, zero if outcome == "stalemate" else one, zero, "exact")


def _settle(calc: _Exact, exact: bool) -> Ends:
    """The battle fought to the end: every pair settled once, in decreasing order of hit points left.

    The hot loop of the chain (a pair's round, colour by colour, then its moves): what :meth:`_Exact.steps`
    does is written out here, with the sides' tables held in locals, and the work counted in locals
    (written back to ``calc`` before each look at the budget and at the end)."""
    one, zero = calc.one, 0 * calc.one
    width = len(calc.rows)                        # positions 0 … width − 1 before a colour, width: the round's end
    ends: dict = {}
    expected = zero
    pruned = zero
    attacker, defender = calc.sides
    first, kept = calc.ended(calc.first)
    if first is not None:
        return _decided_at_once(calc, first, kept)
    a, d = divmod(kept, _WIDE)
    top = attacker.hp[a] + defender.hp[d]
    levels: list = [[] for _ in range(top + 1)]   # hit points left in all → the pairs met with that many
    # Masses: attacker's state → {defender's state: its masses by position}. Split so, a move looks in the small
    # table of its attacker's state, with the defender's number itself as key (the very object the side
    # handed out, so the table finds it without comparing values): one big table of pairs made each move
    # a cache miss or two (half the chain's time at 60 a side, 2026-11-24).
    by_attacker: list = [None] * len(attacker.troops)   # grown as the attacker meets states (:meth:`_Exact.profile`)
    by_attacker[a] = {d: [one] + [zero] * width}
    levels[top].append(kept)
    empty = [zero] * (width + 1)
    a_hp, d_hp = attacker.hp, defender.hp
    a_profile, d_profile = attacker.profile, defender.profile
    a_lands_of, d_lands_of = attacker.lands, defender.lands
    plans = calc.plans
    moves, planned, checked, budget = calc.moves, calc.pairs, calc.checked, calc.budget
    shift, mask = _WIDE.bit_length() - 1, _WIDE - 1
    colours = range(width)
    for level in range(top, -1, -1):
        pairs = levels[level]
        levels[level] = None
        for pair in pairs:
            a = pair >> shift
            d = pair & mask
            here = by_attacker[a].pop(d)
            mass = sum(here)
            if not exact and mass < FLOOR:
                pruned += mass              # in floats, pairs reached with less than FLOOR are dropped
                continue
            # The round's plan (:meth:`_Exact.steps`, inline).
            pa = a_profile[a]
            if pa is None:
                pa = calc.profile(attacker, a)
                by_attacker += [None] * (len(attacker.troops) - len(by_attacker))
            pd = d_profile[d]
            if pd is None:
                pd = calc.profile(defender, d)
            got = plans.get(pa << 20 | pd)
            if got is None:
                got = calc.plan(pa, pd)
            steps, size, goes_on, still = got
            moves += size
            planned += 1
            if moves > checked:
                checked = calc.checked = moves + 1_000
                calc.moves, calc.pairs = moves, planned
                if calc.work > budget:
                    raise _TooManyStates
            a_all, d_all = a_lands_of[a], d_lands_of[d]
            outcome, after = (None, pair) if goes_on else calc.ended(pair)
            if outcome is None and after == pair:
                # The round comes back here when no colour changes anything: summed at once.
                back, carry = here[width], zero
                for colour in range(1, width):
                    carry = (carry + here[colour]) * steps[colour][0]
                back += carry
                if still >= one:
                    raise AssertionError("a pair that goes on but can change nothing")  # decided() says stalemate
                carry = (here[0] + back) / (one - still)
                expected += carry
                started = True
            else:
                carry = zero
                expected += here[0]
                started = False
            for colour in colours:
                stay, law = steps[colour]
                if colour or not started:
                    carry += here[colour]
                if carry and law is not None:
                    slot = colour + 1
                    a_lands, d_lands = a_all[colour], d_all[colour]
                    for x, ys in law:
                        ta = a_lands[x]
                        row = by_attacker[ta]
                        if row is None:
                            row = by_attacker[ta] = {}
                        for y, p in ys:
                            td = d_lands[y]
                            got = row.get(td)
                            if got is None:
                                got = row[td] = empty[:]
                                levels[a_hp[ta] + d_hp[td]].append(ta << shift | td)
                            got[slot] += carry * p
                carry *= stay
            if not started:
                carry += here[width]
                if outcome is None:
                    a, d = divmod(after, _WIDE)
                    by_attacker += [None] * (len(attacker.troops) - len(by_attacker))
                    row = by_attacker[a]
                    if row is None:
                        row = by_attacker[a] = {}
                    got = row.get(d)
                    if got is None:
                        got = row[d] = empty[:]
                        levels[a_hp[a] + d_hp[d]].append(after)
                    got[0] += carry
                elif carry:
                    key = (outcome, *calc.armies(after))
                    ends[key] = ends.get(key, zero) + carry
    calc.moves, calc.pairs, calc.checked = moves, planned, checked
    return Ends(ends, expected, pruned, "exact")


def _by_rounds(calc: _Exact, rounds: int, exact: bool) -> Ends:
    """At most ``rounds`` rounds, round by round, colour by colour; what still fights is ``in_progress``."""
    one, zero = calc.one, 0 * calc.one
    ends: dict = {}
    expected = pruned = zero
    first, kept = calc.ended(calc.first)
    if first is not None:
        return _decided_at_once(calc, first, kept)
    live = {kept: one}
    memo: dict = {}
    for _ in range(min(rounds, MAX_ROUNDS)):
        if not live:
            break
        expected += sum(live.values())
        for colour in range(len(calc.rows)):
            nxt: dict = {}
            for pair, p in live.items():
                got = memo.get((pair, colour))
                if got is None:
                    plan, a_all, d_all, _ = calc.steps(pair)
                    for c, (stay, law) in enumerate(plan):
                        memo[(pair, c)] = (stay, calc.step_moves(law, a_all[c], d_all[c]))
                    got = memo[(pair, colour)]
                stay, moves = got
                if stay:
                    nxt[pair] = nxt.get(pair, zero) + p * stay
                for target, q in moves:
                    nxt[target] = nxt.get(target, zero) + p * q
            live = nxt
        nxt = {}
        for pair, p in live.items():
            outcome, after = calc.ended(pair)
            if outcome is None:
                nxt[after] = nxt.get(after, zero) + p
            else:
                key = (outcome, *calc.armies(after))
                ends[key] = ends.get(key, zero) + p
        if not exact:
            # In floats, pairs reached with less than FLOOR are dropped; what is dropped is reported.
            for pair in [pair for pair, p in nxt.items() if p < FLOOR]:
                pruned += nxt.pop(pair)
        live = nxt
    for pair, p in live.items():
        key = ("in_progress", *calc.armies(pair))
        ends[key] = ends.get(key, zero) + p
    return Ends(ends, expected, pruned, "exact")


def exact_ends(setup: BattleSetup, rounds: int | None, exact: bool) -> Ends:
    calc = _Exact(setup, exact)
    if rounds is None:
        return _settle(calc, exact)
    return _by_rounds(calc, rounds, exact)


def ends(setup: BattleSetup, rounds: int | None, exact: bool) -> Ends:
    """The law of the battle's end: exact enumeration within the size limit, Monte Carlo beyond."""
    check_setup(setup)
    if setup.attacker.cargo or setup.defender.cargo:
        raise BadRequest("attacker.cargo" if setup.attacker.cargo else "defender.cargo",
                         "the calculator does not carry cargo yet; leave it out")
    biggest = max(t.size for t in start(setup).values())
    why = f"a side has {biggest} units, more than the {EXACT_MAX_UNITS_A_SIDE} a side of the exact chain"
    if small_enough(setup):
        try:
            return exact_ends(setup, rounds, exact)
        except _TooManyStates:
            budget = FRACTION_WORK_BUDGET if exact else WORK_BUDGET
            why = (f"needs more than the exact chain's {budget:,} units of work (about "
                   f"{cost.duration(budget * cost.COLORED_UNIT_SECOND)}: its states grow with the units and with the ways "
                   "each colour's hits are chosen, the victim's and the winner's)")
    if exact:
        raise BadRequest("exact", f"exact fractions for coloured dice are given up to {EXACT_MAX_UNITS_A_SIDE} units "
                                  f"a side and {FRACTION_WORK_BUDGET:,} units of work; this battle {why}: leave exact "
                                  "out for floats or a Monte Carlo estimate")
    return bounded(setup, rounds, SAMPLES, f"Monte Carlo: this coloured-dice battle {why}", True, simulate)

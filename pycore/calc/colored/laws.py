"""A colour's law of (hits on the attacker, hits on the defender) for each key of dice and boosters
(docs/rules.md §7), and the work of working it out (:func:`law_work`)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial
from typing import Iterable, overload

Faces = tuple[int, ...]
"""A roll's faces, or a side's totals after its boosts, high to low."""
Law = tuple[tuple[tuple[int, int], int], ...]
"""((hits on the attacker, hits on the defender), ordered rolls) pairs, sorted."""
FacesLaw = tuple[tuple[Faces, int], ...]
"""Every face multiset of n dice with its number of ordered rolls (:func:`faces_law`)."""

PAIRS_A_UNIT, PLACING_WORK, WALK_WORK = 3, 1, 9
"""A colour's law (:func:`law_work`): where somebody boosts, a unit per ``PAIRS_A_UNIT`` pairs of face
multisets (:func:`_boosted_law`) and ``PLACING_WORK`` per way of placing a boosting side's boosts on one of
its face multisets (its rows); where nobody boosts, ``WALK_WORK`` units per (na + 1)² (nd + 1)² (the walk).
Counted in the chain's work ×``LAW_WORK``."""
LAW_WORK = 2
"""Units of the chain's work per unit of :func:`law_work`: a unit of a law costs about twice a landing
(measured: bench/README.md)."""


@lru_cache(maxsize=8)
def faces_law(n: int) -> FacesLaw:
    """Every multiset of n d6 faces (high to low) with the number of ordered rolls giving it (out of 6^n)."""
    out: list[tuple[Faces, int]] = []
    for combo in combinations_with_replacement(range(6, 0, -1), n):
        ways = factorial(n)
        for face in set(combo):
            ways //= factorial(combo.count(face))
        out.append((combo, ways))
    return tuple(out)


def _walk_law(na: int, nd: int) -> Law:
    """(hits on the attacker, on the defender) → ordered rolls out of 6^(na+nd), when nobody boosts.

    The dice are matched high to high (seed 001), so the faces are walked
    from 6 down to 1, placing how many dice of each side show the face: the
    k-th pair is decided when its second die is placed — a tie if both show
    the face, else the die placed earlier (the higher) wins. Dice beyond the
    other side's all hit.
    """
    states = {(0, 0, 0, 0): 1}           # dice placed (attacker, defender), hits on (attacker, defender) → ways
    for face in range(6, 0, -1):
        nxt: dict[tuple[int, int, int, int], int] = {}
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
    out: dict[tuple[int, int], int] = {}
    for (_, _, on_a, on_d), ways in states.items():
        hits = (on_a + max(0, nd - na), on_d + max(0, na - nd))
        out[hits] = out.get(hits, 0) + ways
    return tuple(sorted(out.items()))


@lru_cache(maxsize=None)
def colour_law(na: int, a_counts: tuple[int, ...], nd: int, d_counts: tuple[int, ...]) -> Law:
    """(hits on the attacker, hits on the defender) → ordered rolls out of 6^(na+nd), for one colour.

    ``a_counts`` / ``d_counts``: boosters of each kind, capped at the side's
    dice (a die takes each kind once). With boosts, every pair of face
    multisets is played as the app plays it: the attacker's proposal, then
    the defender's answer (:mod:`pycore.systems.colored.boosts`).
    """
    if not (na and any(a_counts)) and not (nd and any(d_counts)):
        return _walk_law(na, nd)
    return _boosted_law(na, a_counts, nd, d_counts)


def _results(faces: Faces, counts: tuple[int, ...], boosting: bool) -> tuple[Faces, ...]:
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
def _raised(totals: Faces, c: int) -> tuple[Faces, ...]:
    """Every sorted result of +1 on c distinct dice of these totals (high to low)."""
    groups = [(value, totals.count(value)) for value in dict.fromkeys(totals)]
    out: list[Faces] = []

    def place(i: int, left: int, made: list[int]) -> None:
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

    def __init__(self, rolls: list[Faces], matched: int) -> None:
        self.rolls, self.matched = rolls, matched
        self.size = len(rolls)
        self.rep = int.from_bytes(b"\x01" * self.size, "little")
        self.guard = self.rep << 7
        self.marks: dict[tuple[int, int], tuple[int, int]] = {}
        self.columns: dict[int, bytes] = {}         # i → the i-th die of every roll, one byte a roll

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

    def rows(self, results: Iterable[Faces], extra_here: int, extra_there: int) -> dict[Faces, tuple[int, int]]:
        """Result of the other side → (hits it scores here, hits it takes), slot by slot. Results sharing
        their first dice share those dice's sums (taken in sorted order). ``extra_*``: unmatched dice's hits."""
        out: dict[Faces, tuple[int, int]] = {}
        k = self.matched
        here, there = [extra_here * self.rep], [extra_there * self.rep]
        last: Faces = ()
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

    @overload
    def best(self, rows: list[int], carried: None = None) -> tuple[int, None]: ...
    @overload
    def best(self, rows: list[int], carried: list[int]) -> tuple[int, int]: ...

    def best(self, rows: list[int], carried: list[int] | None = None) -> tuple[int, int | None]:
        """Slot by slot, the largest of ``rows`` (and, where given, the ``carried`` row that goes with it)."""
        top = rows[0]
        other: int = carried[0] if carried else None  # type: ignore[assignment]  # None only where nothing is carried, never read then
        guard = self.guard
        for i in range(1, len(rows)):
            row = rows[i]
            wins = ((((row | guard) - top) & guard) >> 7) * _FULL       # slots where row ≥ top
            top ^= (row ^ top) & wins
            if carried:
                other ^= (carried[i] ^ other) & wins
        return top, other


def _by_ways(law: FacesLaw) -> tuple[list[tuple[Faces, int]], list[list[int]]]:
    """A side's face multisets ordered by their number of ordered rolls, and (start, end, ways) of each run."""
    ordered = sorted(law, key=lambda fw: fw[1])
    runs: list[list[int]] = []
    for i, (_, ways) in enumerate(ordered):
        if runs and runs[-1][2] == ways:
            runs[-1][1] = i + 1
        else:
            runs.append([i, i + 1, ways])
    return ordered, runs


@lru_cache(maxsize=None)
def _ordered(n: int) -> tuple[list[tuple[Faces, int]], list[list[int]]]:
    """:func:`_by_ways` of n dice's face multisets, kept (every colour's law of n dice asks it)."""
    return _by_ways(faces_law(n))


@lru_cache(maxsize=4096)
def _side_results(n: int, counts: tuple[int, ...], boosting: bool) -> list[tuple[Faces, ...]]:
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


def _tally(out: dict[int, int], rows: list[tuple[bytes, int]], runs: list[list[int]]) -> None:
    """Add to ``out`` (slot value → ordered rolls) rows of slot values of one side's face multisets, given as
    (bytes, ways) with one slot per face multiset of the other side, whose ways ``runs`` give."""
    by_ways: dict[int, list[bytes]] = {}
    for data, ways in rows:
        by_ways.setdefault(ways, []).append(data)
    for ways, datas in by_ways.items():
        for first, end, other in runs:
            for code, n in Counter(b"".join(data[first:end] for data in datas)).items():
                out[code] = out.get(code, 0) + n * ways * other


def _boosted_law(na: int, a_counts: tuple[int, ...], nd: int, d_counts: tuple[int, ...]) -> Law:
    """A colour where somebody boosts: every pair of face multisets, played as the app plays it.

    The app's proposals (:mod:`pycore.systems.colored.boosts`): the defender answers the attacker's
    totals with the result that maximises (net hits, −hits taken) for him; the attacker takes the result
    that maximises the same for himself, given that answer. A side's value of an outcome names the
    outcome (:data:`_BASE`), so which of several equally good assignments the app lists first changes
    nothing here, and only each side's distinct results are tried.

    Speed: the other side's rolls are the slots of big integers (:class:`_Slots`), so each result's row
    of outcomes and each side's best are a few big-integer operations. Where both boost, the defender's
    answers are worked over every attacker result (the slots), then read back column by column (one slot
    per defender roll) for the attacker's choice.
    """
    a_faces, a_runs = _ordered(na)
    d_faces, d_runs = _ordered(nd)
    a_boost, d_boost = bool(na and any(a_counts)), bool(nd and any(d_counts))
    k = min(na, nd)
    extra_d, extra_a = max(0, na - nd), max(0, nd - na)    # unmatched dice always hit (seed 001)
    a_results = _side_results(na, a_counts, a_boost)
    d_results = _side_results(nd, d_counts, d_boost)
    out: dict[int, int] = {}
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


def _values(slots: _Slots, results_by_roll: list[tuple[Faces, ...]], extra_here: int, extra_there: int
            ) -> dict[Faces, int]:
    """Each result of the other side → its row of slot values (the value to it of each outcome)."""
    pairs = slots.rows([r for results in results_by_roll for r in results], extra_here, extra_there)
    return {r: slots.codes(*pair) for r, pair in pairs.items()}


def _choose(out: dict[int, int], slots: _Slots, rows: dict[Faces, int], faces: list[tuple[Faces, int]],
            results_by_roll: list[tuple[Faces, ...]], runs: list[list[int]]) -> None:

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



"""The coloured-dice chain's cost model (docs/api.md "Cost budget"): its work told from the counts alone,
before any is done, as an upper envelope of what :mod:`.chain` counts (``chain.WORK_BUDGET``'s units).

Fitted on the battles of bench/colored.py --estimate --work (bench/README.md, "cost.py"); the shares and
units below say what each counts.
"""

from __future__ import annotations

from math import comb

from ...engine.colored.fight import kinds as boosting_kinds, rollers, start
from ...engine.setup import ROLES, BattleSetup
from ...systems.colored.chart import MAX_DICE, Row
from ...systems.colored.commit import Troops, unit_of
from ...systems.colored.match import dice_count
from ..cost import BUDGET_SECONDS, MIN_SAMPLES, OVERHEAD, Estimate, monte_carlo, samples_within
from .laws import LAW_WORK, law_work

COLORED_UNIT_SECOND = 2.5e-7  # per unit of the coloured-dice exact chain's work (chain.WORK_BUDGET): an upper
                               # envelope of bench/colored.py --work (bench/README.md)
COLORED_FRACTION_UNIT_SECOND = 1.25e-6  # the same in exact fractions (``exact``, colored.FRACTION_WORK_BUDGET's
                                         # docstring: 1.6 million units about 2 s; measured 0.1–0.7 µs up to 24 units)
COLORED_PAIR_UNITS = 50        # units of work per pair of side-states the model allows (colored_work): a pair
                               # settled is 24 (colored.PAIR_WORK) plus its moves, measured 27–74 a pair
                               # over 10,000 pairs (aircraft-heavy the most: the shares below cover them)
COLORED_SIDE_UNITS = 900       # a side-state met (colored.SIDE_WORK)
COLORED_PAIR_SHARE, COLORED_WINNER_SHARE, COLORED_AIR_SHARE = 0.2, 0.25, 0.35
"""Where somebody's hits are the winner's to choose (red), the share of a side's square (units + 1) ×
(hit points + 1) that :func:`colored_work` counts as its states met in pairs: ``COLORED_PAIR_SHARE``, plus
``COLORED_WINNER_SHARE`` × the share of the enemy's dice whose hits the winner chooses, plus
``COLORED_AIR_SHARE`` × the side's share of aircraft where hits are also taken aircraft first (its losses
then run three ways: from the top of its order of loss, from the bottom, and among its aircraft). Why these
counts: the winner's hits take from the top of the order of loss and the victim's from the bottom, so a
side's states are about a square, and how much of it a battle spreads over grows with the share of hits
taken from the top (30 infantry + 30 tanks a side, half the dice red: 0.43 of the pairs of all its army
states met; bench/colored.py's land 40 v 40, a quarter red: 0.23 of the pairs of its states met) and with
the aircraft (45 v 45 with 25 aircraft a side meets 1.8 squares of states). Fitted with
:data:`COLORED_BOOST_PAIR_UNITS` (bench/README.md)."""
COLORED_SIDE_SHARE, COLORED_SIDE_AIR = 0.5, 1.0
"""Where somebody's hits are the winner's to choose: a side's states met, counted as (``COLORED_SIDE_SHARE``
+ ``COLORED_SIDE_AIR`` × its share of aircraft, as above) × its square, at most its bound
(:func:`_colored_side`). Measured at most 0.5 of the square without aircraft, 1.78 with 25 aircraft in 45."""
COLORED_STURDY_SHARE = 0.25
"""Where somebody's hits are the winner's to choose, a side's square grows by this share a two-hit unit: the
winner may sink a damaged ship or hit an intact one while the victim damages first. Only a chart of one's own
puts winner's dice at sea (the default's red rolls tanks): a chart of three colours at sea, the first the
winner's, the others ships first and aircraft first, 4 and 8 battleships, met 4,093 and 3,749 states a side,
3.4 of their squares, 16 million units of work where the model without it counted 11 million (8 million the
model before). Measured on 140 battles of random charts (2–4 colours, every guideline, a third the winner's,
10–45 a side): none under, at most 0.54 of the model where somebody's hits are the winner's."""
COLORED_PAIRS_SCALE, COLORED_PAIRS_POWER = 7, 0.8
"""The pairs met at most ``COLORED_PAIRS_SCALE`` × (product of both sides' bounds) ^ ``COLORED_PAIRS_POWER``:
where the bounds are small against the square (a line of states where nobody's hits are the winner's, two
kinds of unit a side), a battle meets most of their pairs while small and a shrinking share as it grows (the
pairs reached with less than colored.FLOOR are dropped): 92 % at 60 infantry a side (3,721 pairs of states
allowed), 33 % at bench/colored.py's sea 60 v 60 (793 states a side: 0.63 million pairs allowed, 0.21
million met), 43 % at 30 infantry + 30 tanks a side (961 a side)."""
COLORED_WALK_UNITS = 18
"""Units of work per (na + 1)² (nd + 1)² of a colour's law where nobody boosts (colored.WALK_WORK × LAW_WORK):
so the laws nobody boosts are counted as all of them (352,800 units for 6 v 6 dice, per shape of key)."""
COLORED_FACES_A_UNIT, COLORED_LAW_WORK = 3, 2
"""A law where somebody boosts: a unit per 3 pairs of face multisets and one per way of placing a boosting side's
boosts on one of its face multisets (colored.PAIRS_A_UNIT, PLACING_WORK), each counted twice in the chain's
work (colored.LAW_WORK). :func:`colored_work` counts every such law the sides' keys allow, met or not (a
bound, not a fit), or ``COLORED_BOOST_PAIR_UNITS`` a pair of states plus ``COLORED_FIRST_LAWS`` times the laws
of the battle's first round, whichever is less."""
COLORED_BOOST_PAIR_UNITS, COLORED_FIRST_LAWS = 10, 6
"""The laws where somebody boosts, per pair of states :func:`colored_work` allows, plus a few times the
boosted laws of the first round (met for sure, and the dearest: the most dice and boosters): a side's keys
(dice, boosters) change only as it loses units, so the laws met are few of those its keys allow
(bench/colored.py's land 40 v 40, artillery boosting on both sides: 0.9 million units of laws met, 20.8
million allowed). The first round's laws alone cover battles with few pairs and dear laws (18 infantry and an
artillery against 19 infantry: 0.57 million units of laws, 3.9 times its first round's).

Fitted with the shares above as an upper envelope of the chain's counted work on 1,745 battles and checked on
360 more (bench/README.md, "The coloured-dice chain's cost model"; ``tests/core/test_colored_cost.py`` keeps a
few of each family)."""


def colored_work(setup: BattleSetup) -> tuple[int, int]:
    """(pairs of side-states, units of work) the coloured exact chain may meet and do, from the counts alone.

    Each side's states met are at most its bound (:func:`_colored_side`); where somebody's hits are the
    winner's to choose (red), a share of its square (``COLORED_PAIR_SHARE`` and the rest), at most the bound,
    is counted for its pairs, each ``COLORED_PAIR_UNITS``, and the pairs are at most
    ``COLORED_PAIRS_SCALE`` × (both bounds' product) ^ ``COLORED_PAIRS_POWER``; each side-state met
    ``COLORED_SIDE_UNITS`` (``COLORED_SIDE_SHARE``); the colours' laws where nobody boosts all of them
    (``COLORED_WALK_UNITS``: such a law is the same in every colour whose key has the same number of kinds of
    boost), and in a colour where somebody boosts every law the sides' keys there allow (dice 0–6, boosters
    of each kind up to the dice: ``COLORED_FACES_A_UNIT``), each counted as colored.law_work counts it, or
    ``COLORED_BOOST_PAIR_UNITS`` a pair and ``COLORED_FIRST_LAWS`` times the first round's, whichever is less.
    An upper envelope of the chain's counted work (``colored.WORK_BUDGET``), measured in
    ``COLORED_BOOST_PAIR_UNITS``' docstring; it costs well under a millisecond (no army built, no chain run)."""
    troops = start(setup)
    rows: tuple[Row, ...] = setup.system.chart.rows       # a coloured-dice system's chart (typed Any there)
    active = [row for row in rows if any(rollers(row, troops[role]) for role in ROLES)]
    winner = any(row.choice == "winner" for row in active)
    dice = {role: [min(6, dice_count(rollers(row, troops[role]))) for row in rows] for role in ROLES}
    met, bounds, sides = [], [], 0.0
    for role, enemy in zip(ROLES, reversed(ROLES)):
        bound, square, air = _colored_side(setup, troops, role, active, winner)
        bounds.append(bound)
        if winner:
            theirs = sum(dice[enemy])
            chosen = sum(n for n, row in zip(dice[enemy], rows) if row.choice == "winner") / theirs if theirs else 0
            met.append(min(bound, (COLORED_PAIR_SHARE + COLORED_WINNER_SHARE * chosen + COLORED_AIR_SHARE * air)
                           * square))
            sides += min(bound, (COLORED_SIDE_SHARE + COLORED_SIDE_AIR * air) * square)
        else:
            met.append(bound)
            sides += bound
    pairs = min(met[0] * met[1], COLORED_PAIRS_SCALE * (bounds[0] * bounds[1]) ** COLORED_PAIRS_POWER)
    # Where nobody boosts, a law depends on the dice and the colour's number of kinds of boost (its key's
    # shape), not on the colour: the most dice each side rolls per shape. Where somebody boosts: every law.
    most: dict[int, tuple[int, int]] = {}       # kinds of boost of a colour → the most dice of each side
    boosted = first = 0
    for row in rows:
        shown = [_boost_keys(row, troops[role]) for role in ROLES]
        (a_keys, a_faces, a_plain, a_walk, a_placing, a_dice), (d_keys, d_faces, d_plain, d_walk, d_placing, d_dice) = shown
        if a_keys > a_dice + 1 or d_keys > d_dice + 1:
            boosted += ((a_faces * d_faces - a_plain * d_plain) // COLORED_FACES_A_UNIT + a_placing * d_keys
                        + a_keys * d_placing) * COLORED_LAW_WORK + COLORED_WALK_UNITS * a_walk * d_walk
            first += _first_law(row, troops)
        else:
            a_most, d_most = most.get(len(row.boosts), (0, 0))
            most[len(row.boosts)] = (max(a_most, a_dice), max(d_most, d_dice))
    walks = 0
    for a_dice, d_dice in most.values():
        walks += (COLORED_WALK_UNITS * sum((n + 1) ** 2 for n in range(a_dice + 1))
                  * sum((n + 1) ** 2 for n in range(d_dice + 1)))
    boosted = min(boosted, pairs * COLORED_BOOST_PAIR_UNITS + first * COLORED_FIRST_LAWS)
    return int(pairs), int(pairs * COLORED_PAIR_UNITS + sides * COLORED_SIDE_UNITS + walks + boosted)


def _colored_side(setup: BattleSetup, troops: dict[str, Troops], role: str, active: list[Row], winner: bool
                  ) -> tuple[int, float, float]:
    """(bound of the side's states, its square (units + 1) × (hit points + 1), its share of aircraft where its
    losses run three ways, else 0) for :func:`colored_work`.

    The bound: the victim's hits take from the bottom of its order of loss, within a colour's guideline
    (docs/rules.md §7): hits taken aircraft first (or ships first, at sea) split a side into its aircraft
    and the rest, each losing in its own order, so its states are at most the product of each part's hit
    points + 1 (bench/colored.py's sea 60 v 60: 13 × 61 = 793 a side, all met); where somebody's hits are
    the winner's to choose, from the top, each part's square; and at most its army states (every count of
    every post, two-hit units intact × damaged). Measured: no side of the 1,745 battles of
    ``COLORED_BOOST_PAIR_UNITS`` met more (the chain numbers the states its landings reach, 6 hits of every
    colour anybody rolls)."""
    ruleset = setup.ruleset
    parts = [[0, 0], [0, 0]]            # aircraft, the rest: units, hit points
    ships = False
    sturdy = 0                          # two-hit units
    for uid, n in setup.side(role).units.counts:
        unit = ruleset.unit(uid)
        part = parts[0 if unit.is_air else 1]
        part[0] += n
        part[1] += n * unit.hit_points
        ships = ships or unit.domain == "sea"
        sturdy += n if unit.hit_points > 1 else 0
    size, hp = parts[0][0] + parts[1][0], parts[0][1] + parts[1][1]
    split = bool(parts[0][0] and parts[1][0]) and any(
        row.casualties == "aircraft_first" or (row.casualties != "any" and ships) for row in active)
    bound = 1
    for n, h in (parts if split else [[size, hp]]):
        bound *= (n + 1) * (h + 1) if winner else h + 1
    army = 1
    for post, n in troops[role].posts:
        army *= (n + 1) * (n + 2) // 2 if ruleset.unit(unit_of(post)).hit_points > 1 else n + 1
    air = parts[0][0] / size if split and winner else 0.0
    # Two-hit units under the winner's hits (a chart of one's own: the default's red rolls tanks only, never
    # at sea): the winner may sink a damaged ship or hit an intact one while the victim damages first, one
    # more way its losses run (COLORED_STURDY_SHARE).
    square = (size + 1) * (hp + 1) * (1 + COLORED_STURDY_SHARE * sturdy if winner else 1)
    return min(bound, army), square, air


def _first_law(row: Row, troops: dict[str, Troops]) -> int:
    """The chain's work for this colour's law in the battle's first round (both sides' dice and boosters as
    they start: the dearest of its laws), counted as colored.law_work counts it."""
    keys = []
    for role in ROLES:
        n = min(MAX_DICE, dice_count(rollers(row, troops[role])))
        keys.append((n, tuple(min(n, sum(c for _, c in kind)) for kind in boosting_kinds(row, troops[role]))))
    (na, a_counts), (nd, d_counts) = keys
    return LAW_WORK * law_work(na, a_counts, nd, d_counts)


def _boost_keys(row: Row, troops: Troops) -> tuple[int, int, int, int, int, int]:

    """A side's keys in one colour (dice 0 … its dice — a die for every 3 units of a type or fewer, at most 6:
    docs/rules.md §7 — and they only go down; each kind's boosters 0 … min(its boosters, dice)) and the
    sums over them that bound the laws' work: (keys, face multisets, face multisets of the keys nobody boosts,
    their (n + 1)², ways of placing the boosts, dice) — see colored.law_work."""
    dice = dice_count(rollers(row, troops))
    boosters = [min(MAX_DICE, sum(n for _, n in kind)) for kind in boosting_kinds(row, troops)]
    keys = faces = plain = walk = placing = 0
    for n in range(dice + 1):
        multisets = comb(n + 5, 5)
        plain += multisets
        walk += (n + 1) ** 2
        ways = [1]                       # Π comb(n, c) over every choice of each kind's boosters c
        for b in boosters:
            ways = [w * comb(n, c) for w in ways for c in range(min(b, n) + 1)]
        keys += len(ways)
        faces += multisets * len(ways)
        placing += multisets * (sum(ways) - 1) if n else 0
    return keys, faces, plain, walk, placing, dice


def colored(setup: BattleSetup, small: bool, budget: int, samples: int, exact: bool = False) -> Estimate:
    """Coloured dice: the exact chain is bounded by its own count of work (``budget`` units,
    ``colored.WORK_BUDGET``: about 8 s at most as estimated), after which it gives way to Monte Carlo, itself
    within the budget. Where :func:`colored_work`'s envelope of that work fits the bound, the answer is exact
    and estimated from it (bench/colored.py's sea 60 v 60: about 4.8 s, measured 3.4–3.7 s; land 40 v 40 of
    five kinds about 5 s, measured 1.2–2 s). Beyond it the chain may still finish (the envelope errs long:
    1940-2e land 60 v 60 of five kinds is exact in about 6 s, 29.6 million units of 32), so the estimate is
    the bounded attempt and then Monte Carlo, the most it can take.

    In exact fractions (``exact``, ``budget`` colored.FRACTION_WORK_BUDGET) the chain refuses the battle
    when it reaches its bound (a ``bad_request`` naming ``exact``), never Monte Carlo: the estimate is the
    model's seconds in fractions, and ``within_budget`` says whether it fits the bound (its ``budget`` the
    bounded attempt's seconds)."""
    if exact:
        attempt = OVERHEAD + budget * COLORED_FRACTION_UNIT_SECOND
        if not small:
            return Estimate("colored", 0, attempt + 1.0, attempt)
        pairs, work = colored_work(setup)
        return Estimate("colored", pairs, OVERHEAD + work * COLORED_FRACTION_UNIT_SECOND,
                        attempt if work > budget else BUDGET_SECONDS, bound=True)
    attempt = OVERHEAD + budget * COLORED_UNIT_SECOND
    if small:
        pairs, work = colored_work(setup)
        if work <= budget:
            return Estimate("colored", pairs, OVERHEAD + work * COLORED_UNIT_SECOND, bound=True)
        exact_attempt = Estimate("colored", budget, attempt)
    else:
        exact_attempt = Estimate("colored", 0, 0.0)
    got = samples_within(setup, samples)
    mc = monte_carlo(setup, max(got, MIN_SAMPLES))
    return Estimate("monte_carlo", mc.states, exact_attempt.seconds + mc.seconds, BUDGET_SECONDS + exact_attempt.seconds)

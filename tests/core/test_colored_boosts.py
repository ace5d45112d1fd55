"""The boost optimiser of coloured dice against brute force over every assignment, on small cases.

Seed 001: boosts are assigned after the dice are seen, attacker first; each
die takes each kind of boost once; spare boosts are wasted. The proposal
(pycore.systems.colored.boosts) maximises the side's net hits, then takes fewer
hits, the attacker assuming the defender's best answer. Brute force here
tries every die × kind on/off pattern within the boosters, including using
fewer boosts than allowed, and must find nothing better.
"""

from itertools import product

from hypothesis import given, settings, strategies as st

from pycore.systems.colored import boosts as b
from pycore.systems.colored.match import match


def every_assignment(faces, counts):
    """Every way to give each die each kind at most once, using at most counts[k] boosts of kind k."""
    n, k = len(faces), len(counts)
    for bits in product((0, 1), repeat=n * k):
        per_kind = [sum(bits[i * k + j] for i in range(n)) for j in range(k)]
        if all(used <= c for used, c in zip(per_kind, counts)):
            yield tuple(tuple(j for j in range(k) if bits[i * k + j]) for i in range(n))


def score(a_totals, d_totals, role):
    m = match(a_totals, d_totals)
    scored, taken = (m.on_defender, m.on_attacker) if role == "attacker" else (m.on_attacker, m.on_defender)
    return scored - taken, -taken


def brute_defender(d_faces, d_counts, a_totals):
    return max(score(a_totals, b.totals(d_faces, x), "defender") for x in every_assignment(d_faces, d_counts))


def brute_attacker(a_faces, a_counts, d_faces, d_counts):
    best = None
    for x in every_assignment(a_faces, a_counts):
        a_totals = b.totals(a_faces, x)
        # The defender answers with its best; among its equal best answers, the worst for the attacker counts.
        answers = [(score(a_totals, b.totals(d_faces, y), "defender"), y) for y in every_assignment(d_faces, d_counts)]
        top = max(s for s, _ in answers)
        worst = min(score(a_totals, b.totals(d_faces, y), "attacker") for s, y in answers if s == top)
        best = worst if best is None else max(best, worst)
    return best


faces = st.lists(st.integers(1, 6), min_size=0, max_size=3).map(lambda f: tuple(sorted(f, reverse=True)))
counts = st.lists(st.integers(0, 3), min_size=0, max_size=2).map(tuple)


@settings(max_examples=150, deadline=None)
@given(faces, counts, faces, counts)
def test_defender_answer_is_as_good_as_any_assignment(a_faces, a_counts, d_faces, d_counts):
    a_totals = b.totals(a_faces, b.propose(a_faces, a_counts, d_faces, d_counts))
    answer = b.respond(d_faces, d_counts, a_totals)
    assert score(a_totals, b.totals(d_faces, answer), "defender") == brute_defender(d_faces, d_counts, a_totals)


@settings(max_examples=150, deadline=None)
@given(faces, counts, faces, counts)
def test_attacker_proposal_is_as_good_as_any_assignment_against_the_best_answer(a_faces, a_counts, d_faces, d_counts):
    proposal = b.propose(a_faces, a_counts, d_faces, d_counts)
    a_totals = b.totals(a_faces, proposal)
    answer = b.respond(d_faces, d_counts, a_totals)
    got = score(a_totals, b.totals(d_faces, answer), "attacker")
    # The defender's chosen answer is one of its best; against it the attacker gets at least the brute minimax.
    assert got >= brute_attacker(a_faces, a_counts, d_faces, d_counts)
    # Each die takes each kind at most once, and no kind is used more than its boosters.
    assert all(len(set(kinds)) == len(kinds) for kinds in proposal)
    assert all(sum(j in kinds for kinds in proposal) <= c for j, c in enumerate(a_counts))


def test_seed_001_red_six_five_four_boosted_to_seven_six_five():
    """Seed 001: "If you roll [6, 5, 4] on your red dice, then you would treat them as showing [7, 6, 5]"."""
    proposal = b.propose((6, 5, 4), (3,), (6,), ())
    assert b.totals((6, 5, 4), proposal) == (7, 6, 5)


def test_a_white_die_takes_an_artillery_and_an_air_boost_to_reach_eight():
    """Seed 001: "the maximum possible value on a white die is an 8"."""
    proposal = b.propose((6,), (1, 1), (6,), ())
    assert b.totals((6,), proposal) == (8,)


def test_a_single_boost_goes_where_it_wins_a_pair():
    """Attacker 5-2 against 5-1 with one boost: on the 5 it beats the 5 (net +2); on the 2 it only beats
    the 1, which the 2 already did (net +1, the 5s tie). The proposal boosts the 5."""
    proposal = b.propose((5, 2), (1,), (5, 1), ())
    assert b.totals((5, 2), proposal) == (6, 2)

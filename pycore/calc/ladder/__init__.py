"""The fast exact chain: battles in which every hit falls on the next unit in the order of loss.

In a land or amphibious battle after the opening fire (AA guns, shore
bombardment) every hit of a round may land on any unit, so the victim's army
after ``k`` hits is always the same one: the ``k``-th rung of its
:class:`Ladder`, built by the engine's own ``allocate`` one hit at a time.
A state of the battle is then two integers (hits taken by each side), and a
round moves mass from ``(i, j)`` to ``(i + l, j + k)`` with probability
``law_a(i)[k] × law_d(j)[l]`` — each side's law read from the luck system for
the units the engine's ``main_groups`` says fire at that rung.

Working a round directly costs (states × width_a × width_d): 150 dice a side
give laws ~80 wide. Two facts cut it down (docs/rules.md §9):

* With dice, the rung below has the same dice less the dice of the unit just
  lost, so ``law_a(i) = law_a(c) ⊛ Bernoulli(p) ⊛ …`` for every source row
  ``i ≤ c`` of a run: the rows landing on one target row are folded together
  Horner-fashion with two-term steps, and convolved with one law at the end.
* That last convolution is one big-integer product (Kronecker substitution:
  probabilities as 56-bit fixed point, one 16-byte slot per column), which
  CPython multiplies in C.
* Pairs of ladders against one defender ladder (the AA gun's outcomes) are
  settled in step (:class:`Stack`): their Horner folds are one.

What is dropped is never guessed at: laws are cut where their tails are
below ``tail``, states reached with less than ``floor`` are dropped, and the
fixed point rounds down; all of it is measured, round by round, as the mass
that went in and did not come out (``pruned``). Every reported probability
is low by at most that.
"""

from .pair import Pair, outcome_of
from . import kept
from .rungs import Ladder, NotLinear
from .solve import Solver, solve, solve_with
from .stack import Stack
from .work import WORK_BUDGET, TooMuchWork, Work

__all__ = [
    "Ladder", "NotLinear", "Pair", "Solver", "Stack", "TooMuchWork", "WORK_BUDGET", "Work",
    "kept", "outcome_of", "solve", "solve_with",
]

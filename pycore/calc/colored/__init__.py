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

How it was made fast, and the measurements: bench/README.md, "The coloured-dice chain".

The modules: :mod:`.laws` (a colour's law of hits, per key of dice and boosters), :mod:`.sides` (a side's
troops numbered as the chain meets them), :mod:`.chain` (the chain itself, its bound, and Monte Carlo
beyond it), :mod:`.cost` (its cost model: the work told before any is done, docs/api.md "Cost budget").
"""

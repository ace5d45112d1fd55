"""Fair dice for a battle posted in a forum (docs/links.md "Where the dice come from"): where its dice come
from and why nobody could choose them.

``origin`` names the source and says it in words (a seed, table dice, a beacon round, a commitment);
``beacon`` derives the dice from a declared round of the drand quicknet beacon; ``commit`` from a
commit–reveal exchange between the two players, one draw or round by round. Their fields are read by the
reading layer (:mod:`pycore.read.fair`).
"""

"""The battle calculator (docs/rules.md §9): the exact outcome distribution of a battle.

``method`` is the one entry (``ends_of``: which chain answers, ``compute``:
the summaries); ``ladder`` (land, the fast path), ``fleet`` (sea), ``chain``
(any battle, state by state), ``chess`` and ``colored`` (systems that work
out their own law), ``montecarlo`` (beyond the documented sizes),
``choices`` (the attacker's retreat rules), ``law`` (what they all return).
The ``calc`` op is :mod:`pycore.ops.calc`.
"""

"""The battle calculator (RULES.md §9): the exact outcome distribution of a battle.

``chain`` (the absorbing Markov chain, built from the engine's own functions)
and ``op`` (the ``calc`` op: request, result). ``pycore.api`` calls
:func:`run`; ``pycore.share`` calls :func:`normalize` when it decodes a link.
"""

from .op import normalize, run

__all__ = ["normalize", "run"]

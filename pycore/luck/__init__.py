"""Luck: where a battle's actual result falls in its exact law, and the luck of a whole game.

``law`` is the arithmetic of a discrete law of IPC swings (its mean, spread, the percentile with ties split,
the law of a sum of independent battles); ``battle`` reads a resolved battle and measures its swing against the
law of the battle from its start (docs/rules.md §14); ``game`` sums a journal's battles per side.
"""

"""Research and strategic bombing: the ledgers of a nation between battles.

``lltech`` (Low Luck tech savings, docs/rules.md §4), ``techdice`` (TripleA tech
dice and tokens, docs/rules.md §5), ``bombing`` (raids under every system and the
Low Luck bombing fee). The ops that read their requests are
:mod:`pycore.ops.research` and :mod:`pycore.ops.bombing`.
"""

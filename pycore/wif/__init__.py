"""World in Flames option 67: the 2D10 land combat results table (seed 004; docs/rules.md §8).

One module per concern: ``table`` (both tables as decoded data), ``odds``
(odds → die-roll modifier, exact), ``modifiers`` (the seed's other modifiers,
city cap, halving), ``choice`` (who picks Assault or Blitz), ``distribution``
(exact chances over the 100 or 1000 rolls, and one roll), ``request`` (reading
and normalizing a request). The op itself is :mod:`pycore.ops.wif`.
"""

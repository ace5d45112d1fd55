"""The battle engine: the whole sequence of docs/rules.md §2 for land, sea and amphibious battles.

``setup`` (what a battle is), ``army`` (a side's units and damage),
``firing`` (who fires at what value, at which targets), ``casualties`` (the
proposal from an order of loss and the check of a player's choice),
``sequence`` (the round). The calculator builds on the same functions.
"""

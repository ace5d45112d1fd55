"""Coloured dice (RULES.md §7, seed 001): the intermediate-luck system, fought colour by colour.

``chart`` (the chart as data, the reconstructed default), ``commit`` (which
unit rolls or boosts in which colour, and a side's units by post),
``match`` (dice matched high to high), ``boosts`` (the +1s, proposed and
checked), ``losses`` (casualties within a colour's guideline, victim's or
winner's choice), ``fight`` (the battle, colour by colour, round by round),
``op`` (``resolve`` for this system: request, tables, result, log lines).
The calculator's part is :mod:`pycore.calc.colored`.
"""

"""Coloured dice's battle (docs/rules.md §7), beside the engine's: fought colour by colour, not by firing groups.

The system itself (its chart, a side's colours, the matching of dice and the order of loss by colour) is
in :mod:`pycore.systems.colored`, below the engine; the fight (:mod:`.fight`) and the play ``resolve``
asks of it (:mod:`.play`) are here, beside the engine's own (:mod:`pycore.engine.play`).
"""

"""An independent referee for the battle calculator: a plain, slow, exact calculator written from the
rules alone (docs/rules.md §1–§4, §9; docs/rules.md), sharing no code with ``pycore/``.

Entry point: :func:`tests.referee.battle.calc`, which takes the ``calc`` op's request dict.
"""

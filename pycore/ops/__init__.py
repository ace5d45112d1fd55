"""The ops: one module per op of the JSON contract (docs/api.md), each ``run(request) -> dict``.

An op module reads its request (``normalize``, which is also what a share
link holds) and writes its result; the rules it applies live in the layers
below — ``engine`` and ``systems`` (a battle), ``calc`` (its exact law),
``wif``, ``research``. ``pycore.api.handle`` is the one door that calls them.
"""

"""Luckdial's resolution core: wargame battles under every luck system.

Pure Python, standard library only, so the same code runs under CPython (tests,
command line) and under Pyodide in the browser. The one door in is
:func:`pycore.api.handle`, JSON string in, JSON string out.
"""

__version__ = "0.1.0"

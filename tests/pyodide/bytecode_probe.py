"""Import pycore from the built pycore.zip with source compilation forbidden; print one JSON line.

    python tests/pyodide/bytecode_probe.py ZIP

test_bytecode.py runs this inside Pyodide (the browser's Python) on dist/pycore.zip: build.py
ships each module's bytecode in place of its source, so the browser does not compile pycore on
a first visit (tools/compile_pyc.mjs). The archive is imported as web/kit/worker.js does, put on
sys.path as it is (zipimport). Here any attempt to compile a source raises, so every module
imports only from bytecode this Python accepts; then the `rulesets` answer is printed, for
comparison with CPython's from the sources.

Not a test module itself (no test_ prefix): pytest does not collect it.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import pkgutil
import sys
import zipfile
import zipimport

MARKER = "@@LUCKDIAL-RESULT@@"


def main(archive: str) -> dict:
    with zipfile.ZipFile(archive) as zipped:
        names = zipped.namelist()
    compiled: list[str] = []
    real_zip = zipimport._compile_source
    real_file = importlib.machinery.SourceFileLoader.source_to_code

    def refuse_in_zip(pathname, source):  # zipimport's one way from source to code
        compiled.append(str(pathname))
        if str(pathname).startswith(archive):
            raise ImportError(f"compiling {pathname}: no usable bytecode for it in the archive")
        return real_zip(pathname, source)

    def refuse_file(self, data, path, *args, **kwargs):  # the file importer's, should a module come from elsewhere
        compiled.append(str(path))
        return real_file(self, data, path, *args, **kwargs)

    zipimport._compile_source = refuse_in_zip
    importlib.machinery.SourceFileLoader.source_to_code = refuse_file
    sys.path.insert(0, archive)
    sys.dont_write_bytecode = True
    import pycore  # noqa: PLC0415

    modules = [info.name for info in pkgutil.walk_packages(pycore.__path__, "pycore.")
               if not info.name.endswith("__main__")]
    for name in modules:
        importlib.import_module(name)
    from pycore.api import handle  # noqa: PLC0415

    return {"platform": sys.platform, "cache_tag": sys.implementation.cache_tag, "modules": len(modules) + 1,
            "sources": sum(name.endswith(".py") for name in names),
            "bytecode": sum(name.endswith(".pyc") for name in names),
            "loaders": sorted({type(sys.modules[name].__loader__).__name__ for name in ["pycore", *modules]}),
            "files": sorted({sys.modules[name].__file__.split("/pycore/")[0] for name in ["pycore", *modules]}),
            "compiled_in_archive": [path for path in compiled if path.startswith(archive)],
            "rulesets": handle(json.dumps({"op": "rulesets"}))}


if __name__ == "__main__":
    print(MARKER + json.dumps(main(sys.argv[1])), flush=True)

// Compile the part of Python's standard library that the site's Python imports, with the site's
// own Python (the pinned Pyodide, under Node), so the browser does not compile it at every start
// (build.py calls this; see write_stdlib_zip).
//
//   node tools/stdlib_pyc.mjs PYODIDE_DIR TREE
//
// TREE holds pycore/**.py (the sources) and stdlib/** (Pyodide's python_stdlib.zip, unpacked).
// Pyodide is started as the page's worker starts it, every pycore module is imported (as the
// worker does before a snapshot), and each standard-library module then in sys.modules gets
// TREE/stdlib/NAME.pyc beside its NAME.py: an "unchecked hash" .pyc (PEP 552, reproducible)
// whose code names the file where the browser's Python finds it (/lib/python3XX.zip/NAME.py).
// TREE/used.json lists those NAME.py, for build.py to replace by their bytecode.
//
// Why: Pyodide 314's python_stdlib.zip holds sources only, so every start compiled the ~190
// modules Pyodide's own start-up imports. Measured in Node (Pyodide 314.0.7): its bootstrap
// 2.6–2.8 s from the sources, 0.9–1.2 s from this bytecode.

import path from "node:path";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, tree] = process.argv.slice(2);
if (!pyodideDir || !tree) {
  process.stderr.write("usage: node tools/stdlib_pyc.mjs PYODIDE_DIR TREE\n");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });
pyodide.mountNodeFS("/tree", path.resolve(tree));
const used = pyodide.runPython(`
import importlib, json, pkgutil, py_compile, sys, zipimport
sys.dont_write_bytecode = True
sys.path.insert(0, "/tree")
import pycore
for info in pkgutil.walk_packages(pycore.__path__, "pycore."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
archive = next(entry for entry in sys.path if entry.endswith(".zip")) + "/"
used = sorted({module.__file__[len(archive):] for module in list(sys.modules.values())
               if (getattr(module, "__file__", None) or "").startswith(archive)
               and module.__file__.endswith(".py")
               and isinstance(getattr(module, "__loader__", None), zipimport.zipimporter)})  # not the frozen ones
for name in used:
    py_compile.compile(f"/tree/stdlib/{name}", cfile=f"/tree/stdlib/{name}c", dfile=archive + name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
json.dumps(used)
`);
writeFileSync(path.join(path.resolve(tree), "used.json"), used + "\n");

// Compile pycore's sources to bytecode with the site's own Python (the pinned Pyodide, under Node),
// so the browser imports pycore without compiling it (build.py calls this; see write_pycore_zip).
//
//   node tools/compile_pyc.mjs PYODIDE_DIR TREE
//
// TREE holds pycore/**.py; each NAME.py gets NAME.pyc beside it (compileall's "legacy" layout: the
// one a sourceless module has, which is how pycore.zip ships them). They are "unchecked hash"
// .pyc files (PEP 552), which carry no source date: the same sources give the same bytes.
// Only Pyodide's Python writes .pyc files its interpreter accepts (the magic number is per
// Python version), hence Node rather than the build's own CPython.
//
// Measured in Node (Pyodide 314.0.7): the first `rulesets` answer 564 → 74 ms, importing every
// pycore module 1,912 → 74 ms.

import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, tree] = process.argv.slice(2);
if (!pyodideDir || !tree) {
  process.stderr.write("usage: node tools/compile_pyc.mjs PYODIDE_DIR TREE\n");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });
pyodide.mountNodeFS("/tree", path.resolve(tree));
const failed = pyodide.runPython(`
import compileall, py_compile
ok = compileall.compile_dir("/tree/pycore", quiet=1, force=True, legacy=True,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
0 if ok else 1
`);
process.exit(failed);

// Run one Python file of the repository inside real Pyodide under Node.js.
//
//   node tests/pyodide/run_in_pyodide.mjs REPO SCRIPT [--wheels DIR] [--stdlib ZIP] [-- ARGS...]
//
// REPO is mounted (NODEFS) at /repo, which becomes the working directory and
// sys.path[0]; SCRIPT (a path relative to REPO) runs as __main__ with
// sys.argv = [SCRIPT, ...ARGS]; every *.whl in DIR is unpacked into Pyodide's
// site-packages first (wheels are zip files: no micropip, no network). With
// --stdlib, Python's standard library is that archive (the site's, dist/pyodide/
// python_stdlib.zip) instead of the package's own. The process exits with the
// script's exit status, as `python SCRIPT ARGS` would.
//
// Pyodide comes from REPO/node_modules/pyodide (the pinned npm package, the
// same files build.py copies into dist/pyodide/): never from a CDN. No
// loadPackage() is called, so nothing is fetched.

import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

function usage(message) {
  process.stderr.write(`run_in_pyodide.mjs: ${message}\n` +
    "usage: node run_in_pyodide.mjs REPO SCRIPT [--wheels DIR] [--stdlib ZIP] [-- ARGS...]\n");
  process.exit(2);
}

function parseArgs(argv) {
  const [repo, script, ...rest] = argv;
  if (!repo || !script) usage("REPO and SCRIPT are required");
  let wheels = null;
  let stdlib = null;
  let args = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--wheels") wheels = rest[++i];
    else if (rest[i] === "--stdlib") stdlib = rest[++i];
    else if (rest[i] === "--") { args = rest.slice(i + 1); break; }
    else usage(`unknown argument ${rest[i]}`);
  }
  return { repo: path.resolve(repo), script, wheels: wheels && path.resolve(wheels), stdlib: stdlib && path.resolve(stdlib), args };
}

// Write Python's output byte for byte (pytest's progress dots have no newline).
function rawWriter(stream) {
  return { write: (bytes) => { stream.write(bytes); return bytes.length; } };
}

const options = parseArgs(process.argv.slice(2));
const loader = path.join(options.repo, "node_modules", "pyodide", "pyodide.mjs");
if (!existsSync(loader)) {
  process.stderr.write(`run_in_pyodide.mjs: ${loader} is missing: run python3 build.py setup\n`);
  process.exit(3);
}

const { loadPyodide } = await import(pathToFileURL(loader).href);
const pyodide = await loadPyodide({
  env: { PYTHONDONTWRITEBYTECODE: "1", PYTHONHASHSEED: "0" },
  ...(options.stdlib ? { stdLibURL: options.stdlib } : {}),
});
pyodide.setStdout(rawWriter(process.stdout));
pyodide.setStderr(rawWriter(process.stderr));

pyodide.mountNodeFS("/repo", options.repo);

if (options.wheels) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  const names = readdirSync(options.wheels).filter((name) => name.endsWith(".whl")).sort();
  if (names.length === 0) {
    process.stderr.write(`run_in_pyodide.mjs: no wheels in ${options.wheels}\n`);
    process.exit(3);
  }
  for (const name of names) {
    const bytes = readFileSync(path.join(options.wheels, name));
    // unpackArchive wants a plain typed array, not Node's Buffer subclass
    const buffer = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    pyodide.unpackArchive(buffer, "zip", { extractDir: sitePackages });
  }
}

pyodide.globals.set("_luckdial_argv", JSON.stringify([options.script, ...options.args]));
let status;
try {
  status = pyodide.runPython(`
def _luckdial_main(argv_json):
    import json, os, runpy, sys
    sys.dont_write_bytecode = True  # do not litter the mounted repo with cpython-314 caches
    os.chdir("/repo")
    sys.path.insert(0, "/repo")
    sys.argv = json.loads(argv_json)
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
    except SystemExit as exit:
        if exit.code is None:
            return 0
        if isinstance(exit.code, int):
            return exit.code
        print(exit.code, file=sys.stderr)
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return 0

_luckdial_main(_luckdial_argv)
`);
} catch (error) {
  // An uncaught Python exception: print its traceback, fail like python would.
  process.stderr.write(`${error.message ?? error}\n`);
  status = 1;
}
process.exitCode = status;
// Pyodide may keep handles open; the script is done, so leave now that output is flushed.
process.stdout.write("", () => process.exit(status));

#!/usr/bin/env python3
"""Luckdial's one entry point: set up, build dist/, serve it, test everything.

    python3 build.py setup                  install what is missing (fast when done)
    python3 build.py build                  write dist/, the deployable static site
    python3 build.py tables                 write web/kit/tables.js alone (pycore's rulesets op, for the page)
    python3 build.py serve [--port N] [--host H]
                                            setup + build, then serve dist/ on http://H:N/
    python3 build.py test [pytest args]     setup + build, then run every test with pytest
    python3 build.py test --fast [args]     setup, then the fast tier (no e2e, Pyodide or slow tests)

Standard library only (Python >= 3.11), so a fresh clone needs nothing but
python3, Node.js + npm and, for the end-to-end tests, Debian's chromium (which
`setup` installs with apt-get when it runs as root). The network is used only
for npm (`npm ci`), PyPI (pip) and Debian (apt-get), and only when something
is missing or its pins changed: each step leaves a stamp holding the hash of
what it installed.

web/kit/tables.js is the one file build.py writes into web/ (`tables`; committed): the `rulesets`
op's answer, which the page shows before Python is ready. `build` writes dist/'s copy afresh (and
warns when web/'s is stale); tests/js/test_page_tables.py fails when the committed file is not
what `python3 build.py tables` writes now.

dist/ layout (the contract every part builds against):
    web/**              copied as is: index.html, app.js, sw.js (its folder is its scope) and the
                        manifest at the top, each screen in its folder over the shared kit/
                        (kit/worker.js finds ../pyodide/ and ../pycore.zip)
    pyodide/            the five runtime files of npm pyodide (self-hosted: no CDN); its
                        python_stdlib.zip with the modules Python imports as bytecode (write_stdlib_zip)
    vendor/             the drand project's JavaScript client (npm drand-client, one ES module that
                        bundles @noble/curves) and its licences, for kit/beacon.js
    pycore.zip          top folder pycore/, its bytecode (.pyc), put on sys.path as it is (zipimport)
    build.js            `export const BUILD = "<hash of every other file>"`: the page, both workers
                        and the service worker check they belong to one build (and a Python
                        snapshot is kept under it, so a new build never restores an old one)
    sw-assets.js        the service worker's precache list and the same BUILD as its version
All paths are relative, so dist/ works under any sub-path (GitHub Pages).
"""

from __future__ import annotations

import argparse
import contextlib
import filecmp
import functools
import email.utils
import gzip
import hashlib
import http.server
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import zipfile
from pathlib import Path

if sys.version_info < (3, 11):  # pragma: no cover - tomllib and the core need 3.11
    sys.exit("build.py needs Python >= 3.11 (found %s)" % sys.version.split()[0])

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
PYCORE = ROOT / "pycore"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_PACKAGE = NODE_MODULES / "pyodide"
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
CACHE = ROOT / ".cache"
WHEELS = CACHE / "pyodide-wheels"
CHROMIUM = Path("/usr/bin/chromium")

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the browser needs from the npm package: loader, runtime, stdlib, lock file."""

VENDOR_FILES = {
    "drand-client.mjs": "drand-client/build/esm/index.mjs",
    "drand-client.LICENSE-MIT": "drand-client/build/LICENSE-MIT",
    "drand-client.LICENSE-APACHE": "drand-client/build/LICENSE-APACHE",
}
"""dist/vendor/ name -> file under node_modules: the beacon's verifier, pinned in package.json, no CDN."""

PAGE_TABLES = WEB / "kit" / "tables.js"
"""The page's tables, written from pycore's `rulesets` op by page_tables() (committed, so web/ is a site as is)."""

GENERATED = ("pyodide", "vendor", "pycore.zip", "build.js", "sw-assets.js")
"""Names build.py writes into dist/; web/ must not hold files of the same name."""

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
"""Every pycore.zip entry gets this timestamp, so the archive (and the version hash) is reproducible."""

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".css": "text/css",
    ".html": "text/html",
}
"""Types the serve command must get right: module scripts and wasm streaming refuse wrong ones."""


# --------------------------------------------------------------------------- helpers


def log(message: str) -> None:
    """One line of progress, flushed at once so CI logs interleave correctly with child output."""
    print(f"build.py: {message}", flush=True)


def die(message: str) -> None:
    """Stop with a clear message and no traceback: these are set-up problems a person must fix."""
    print(f"build.py: error: {message}", file=sys.stderr, flush=True)
    sys.exit(1)


def child_env(**extra: str) -> dict[str, str]:
    """Environment for every child process: never let a tool download a browser."""
    env = dict(os.environ)
    env["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
    env["PUPPETEER_SKIP_DOWNLOAD"] = "1"
    env.update(extra)
    return env


def run(command: list[str | os.PathLike], *, must: bool = True, **kwargs) -> bool:
    """Run a set-up command, echoing it; a failure stops the build with the command named.

    With must=False a failure is only reported (False), for optional steps.
    """
    words = [str(word) for word in command]
    log("$ " + " ".join(words))
    kwargs.setdefault("env", child_env())
    kwargs.setdefault("stdin", subprocess.DEVNULL)  # CI has no stdin; nothing may prompt
    kwargs.setdefault("cwd", ROOT)
    try:
        subprocess.run(words, check=True, **kwargs)
        return True
    except FileNotFoundError:
        problem = f"{words[0]} is not installed (needed for: {' '.join(words)})"
    except subprocess.CalledProcessError as error:
        problem = f"command failed with exit status {error.returncode}: {' '.join(words)}"
    if must:
        die(problem)
    log("WARNING: " + problem)
    return False


def sha256_bytes(data: bytes) -> str:
    """Hex SHA-256: the one hash used for stamps and the site version."""
    return hashlib.sha256(data).hexdigest()


def fingerprint(*parts: object) -> str:
    """Hash of what a set-up step depends on (pins, versions): its stamp changes when they do."""
    return sha256_bytes(json.dumps(parts, sort_keys=True).encode())


def stamp_ok(stamp: Path, expected: str) -> bool:
    """True when a step was already done for exactly these inputs."""
    try:
        return stamp.read_text().strip() == expected
    except OSError:
        return False


def pyproject() -> dict:
    """pyproject.toml holds the pins: the test tools and the wheels run inside Pyodide."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)


def is_root() -> bool:
    """apt-get may be run only as root; elsewhere we explain instead of failing."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


@contextlib.contextmanager
def exclusive():
    """Hold .cache/build.lock: several people (and their test runs) share one work tree here,
    and two set-ups or builds at once would tear each other's .venv/ or dist/ apart."""
    CACHE.mkdir(exist_ok=True)
    with open(CACHE / "build.lock", "w") as handle:
        try:
            import fcntl
        except ImportError:  # not POSIX: no locking, as before
            yield
            return
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log("waiting for another build.py in this folder to finish its set-up or build")
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def apt_install(*packages: str) -> bool:
    """Install Debian packages (root only); False when impossible, so the caller can explain."""
    if not (is_root() and shutil.which("apt-get")):
        return False
    env = child_env(DEBIAN_FRONTEND="noninteractive")
    return run(["apt-get", "update"], env=env, must=False) and run(
        ["apt-get", "install", "-y", *packages], env=env, must=False)


# --------------------------------------------------------------------------- setup


def pinned_pyodide_version() -> str:
    """The exact pyodide version of package.json (the lock file agrees: npm ci checks it)."""
    package = json.loads((ROOT / "package.json").read_text())
    return package["dependencies"]["pyodide"]


def ensure_node() -> None:
    """Node.js and npm run `npm ci` and the Pyodide tests; Debian's nodejs (>= 18) is enough."""
    if shutil.which("node") and shutil.which("npm"):
        return
    log("Node.js/npm not found; installing Debian's nodejs and npm")
    if not apt_install("nodejs", "npm"):
        die("Node.js >= 18 and npm are needed: install them (Debian: apt-get install nodejs npm)")


def ensure_node_packages() -> None:
    """`npm ci` when node_modules is missing or was installed from another package-lock.json."""
    stamp = NODE_MODULES / ".luckdial-stamp"
    lock = ROOT / "package-lock.json"
    expected = fingerprint(sha256_bytes(lock.read_bytes()), pinned_pyodide_version())
    installed = PYODIDE_PACKAGE / "package.json"
    if stamp_ok(stamp, expected) and installed.exists() and all(
        (PYODIDE_PACKAGE / name).exists() for name in PYODIDE_FILES
    ) and all((NODE_MODULES / source).exists() for source in VENDOR_FILES.values()):
        return
    ensure_node()
    run(["npm", "ci", "--no-audit", "--no-fund"])
    version = json.loads(installed.read_text())["version"]
    if version != pinned_pyodide_version():
        die(f"npm installed pyodide {version}, package.json pins {pinned_pyodide_version()}")
    stamp.write_text(expected + "\n")


def pinned_test_tools() -> list[str]:
    """The exact test-tool pins (pyproject optional-dependencies 'test')."""
    return list(pyproject()["project"]["optional-dependencies"]["test"])


def ensure_venv() -> None:
    """.venv/ with the pinned test tools; rebuilt from scratch when the pins or the Python change."""
    stamp = VENV / ".luckdial-stamp"
    expected = fingerprint(pinned_test_tools(), sys.version, os.path.realpath(sys.executable))
    if stamp_ok(stamp, expected) and VENV_PYTHON.exists():
        return
    if VENV.exists():
        log("the test tools' pins changed: rebuilding .venv/")
        shutil.rmtree(VENV)
    run([sys.executable, "-m", "venv", VENV])
    run([VENV_PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "-q",
         *pinned_test_tools()])
    stamp.write_text(expected + "\n")


def ensure_pyodide_wheels() -> None:
    """Pure-Python wheels of pytest and Hypothesis for Pyodide's Python, for tests/pyodide.

    Pyodide's Python (3.14) is not the venv's, so pip must be told the target
    version; --only-binary and --no-deps because nothing may be built or
    resolved for a platform pip cannot run.
    """
    config = pyproject()["tool"]["luckdial"]
    wheels, python = config["pyodide-wheels"], config["pyodide-python"]
    stamp = WHEELS / ".luckdial-stamp"
    expected = fingerprint(wheels, python)
    if stamp_ok(stamp, expected) and len(list(WHEELS.glob("*.whl"))) == len(wheels):
        return
    fresh = WHEELS.with_name(WHEELS.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    fresh.mkdir(parents=True)
    run([VENV_PYTHON, "-m", "pip", "download", "--disable-pip-version-check", "-q",
         "--only-binary=:all:", "--no-deps", "--python-version", python,
         "--implementation", "py", "--abi", "none", "--platform", "any",
         "--dest", fresh, *wheels])
    found = sorted(path.name for path in fresh.glob("*.whl"))
    impure = [name for name in found if not name.endswith("-none-any.whl")]
    if impure or len(found) != len(wheels):
        die(f"expected {len(wheels)} pure-Python wheels for Pyodide, got {found}")
    (fresh / ".luckdial-stamp").write_text(expected + "\n")
    shutil.rmtree(WHEELS, ignore_errors=True)
    fresh.rename(WHEELS)


def ensure_chromium() -> None:
    """Debian's Chromium for the e2e tests: Playwright may not download its own browser here."""
    if CHROMIUM.exists():
        return
    log(f"{CHROMIUM} not found")
    if not (apt_install("chromium") and CHROMIUM.exists()):
        log("WARNING: could not install Chromium. As root run: apt-get update && "
            "apt-get install -y chromium. Until then the e2e tests use Playwright's own "
            "browser if one is installed, and fail if none is.")


def setup() -> None:
    """Everything `test` and `serve` need; each step is skipped when its stamp is current."""
    started = time.monotonic()
    with exclusive():
        ensure_node_packages()
        ensure_venv()
        ensure_pyodide_wheels()
        ensure_chromium()
    log(f"setup done in {time.monotonic() - started:.1f} s")


# --------------------------------------------------------------------------- build


def web_files() -> list[Path]:
    """Files of web/ to publish, sorted; editor and cache droppings are left out."""
    if not WEB.is_dir():
        return []
    return sorted(
        path
        for path in WEB.rglob("*")
        if path.is_file()
        and not any(part.startswith(".") or part == "__pycache__" for part in path.relative_to(WEB).parts)
    )


def copy_web(out: Path) -> None:
    """web/ copied byte for byte: the front end has no build step (no bundler by design)."""
    files = web_files()
    if not (WEB / "index.html").exists():
        log("WARNING: web/index.html is missing: dist/ will have no page to open")
    for path in files:
        relative = path.relative_to(WEB)
        if relative.parts[0] in GENERATED:
            die(f"web/{relative.as_posix()} clashes with a file build.py generates in dist/")
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def copy_pyodide(out: Path) -> None:
    """The self-hosted runtime: the five files of the pinned npm package, nothing from a CDN."""
    target = out / "pyodide"
    target.mkdir()
    for name in PYODIDE_FILES:
        source = PYODIDE_PACKAGE / name
        if not source.exists():
            die(f"{source} is missing: delete node_modules/ and run python3 build.py setup")
        shutil.copyfile(source, target / name)


def copy_vendor(out: Path) -> None:
    """Page libraries from their pinned npm packages (the drand client), self-hosted like Pyodide."""
    target = out / "vendor"
    target.mkdir()
    for name, source in VENDOR_FILES.items():
        path = NODE_MODULES / source
        if not path.exists():
            die(f"{path} is missing: delete node_modules/ and run python3 build.py setup")
        shutil.copyfile(path, target / name)


def write_pycore_zip(path: Path) -> None:
    """pycore as a zip with top folder pycore/, reproducible (sorted, fixed dates and modes):
    its bytecode (compile_pycore), so the browser does not compile pycore on a first visit, or
    its sources when that cannot be made here (the site works the same, only slower)."""
    sources = sorted(
        source for source in PYCORE.rglob("*.py") if "__pycache__" not in source.parts
    )
    if not sources:
        die("pycore/ has no .py files")
    entries = compile_pycore({source.relative_to(ROOT).as_posix(): source.read_bytes() for source in sources})
    with zipfile.ZipFile(path, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, whatever the host, so the bytes do not depend on it
            archive.writestr(info, entries[name], compresslevel=9)


def compile_pycore(sources: dict[str, bytes]) -> dict[str, bytes]:
    """{zip path: bytes}: pycore/x.pyc for each pycore/x.py, compiled by the pinned Pyodide's own
    Python (tools/compile_pyc.mjs, under Node: the .pyc format is per Python version, and the
    build's CPython is another one); the sources themselves when that fails, with a warning.

    Bytecode only, in place of the sources ("sourceless" modules, which Python's importer takes
    as they are): the sources beside it would add 185 kB to the bytes of a first visit. A
    traceback then names the file and line without quoting it. Measured: importing every pycore
    module in Pyodide took 1.9 s from the sources and 74 ms from the bytecode (Node); with
    bench/load.py, a first visit's page is ready that much sooner after Python is.

    Cached in .cache/pyc/ by the sources, the tool and the Pyodide version (one folder per set of sources:
    the worktrees of this machine share .cache), so a build that changes no Python file costs
    nothing."""
    tool = ROOT / "tools" / "compile_pyc.mjs"
    key = fingerprint(pinned_pyodide_version(), sha256_bytes(tool.read_bytes()),
                      sorted((name, sha256_bytes(data)) for name, data in sources.items()))
    kept = CACHE / "pyc" / key
    if not (kept / "done").exists():
        tree = Path(tempfile.mkdtemp(prefix="pyc-", dir=CACHE))
        try:
            for name, data in sources.items():
                (tree / name).parent.mkdir(parents=True, exist_ok=True)
                (tree / name).write_bytes(data)
            node = shutil.which("node")
            if not node or not run([node, str(tool), str(PYODIDE_PACKAGE), str(tree)],
                                   must=False, stdout=subprocess.DEVNULL):
                log("warning: could not compile pycore to bytecode (Node + Pyodide); pycore.zip holds the "
                    "sources, and a first visit compiles them in the browser (slower)")
                return dict(sources)
            (tree / "done").write_text(key + "\n")
            kept.parent.mkdir(parents=True, exist_ok=True)
            tree.rename(kept)
        finally:
            shutil.rmtree(tree, ignore_errors=True)
    compiled = {name[:-3] + ".pyc": (kept / (name[:-3] + ".pyc")) for name in sources}
    missing = [name for name, path in compiled.items() if not path.is_file()]
    if missing:
        die(f"no bytecode for {missing[:3]} in {kept}: delete that folder and build again")
    return {name: path.read_bytes() for name, path in compiled.items()}


STDLIB_LEFT_OUT = ("_pyrepl/", "unittest/", "multiprocessing/", "email/", "http/", "xml/", "xmlrpc/", "wsgiref/",
                   "pdb.py", "bdb.py", "doctest.py", "pydoc.py", "pickletools.py", "imaplib.py", "smtplib.py",
                   "poplib.py", "ftplib.py", "mailbox.py")
"""Parts of the standard library a calculation in a browser worker never imports (the interactive
console and debugger, tests, processes, mail, HTTP and XML), left out of the site's python_stdlib.zip
so that its bytecode costs no more bytes than Pyodide's own archive of sources (2.55 MB). The build
stops if Pyodide's start or pycore imports one of them (tools/stdlib_pyc.mjs)."""


def write_stdlib_zip(path: Path) -> None:
    """Pyodide's python_stdlib.zip with the modules the site's Python imports as bytecode.

    Pyodide 314 ships the standard library as sources only, so every start of Python compiled the
    ~190 modules its own start-up imports, and pycore's few more, in the browser. Those modules
    (tools/stdlib_pyc.mjs finds them: a start of Pyodide, then every pycore module imported) are
    written as sourceless .pyc compiled by the pinned Pyodide's own Python, in place of their .py;
    every other module stays as Pyodide ships it, importable as before, but for STDLIB_LEFT_OUT. Measured in Node, Pyodide's
    bootstrap took 2.6–2.8 s from the sources and 0.9–1.2 s from this bytecode; with
    bench/load.py, see docs/architecture.md. A traceback through these modules names the file and
    line without quoting it, as for pycore. Without Node the archive is Pyodide's own, with a warning.

    Cached in .cache/stdlib-pyc/ by the Pyodide version, the tool and pycore's sources."""
    stock = PYODIDE_PACKAGE / "python_stdlib.zip"
    tool = ROOT / "tools" / "stdlib_pyc.mjs"
    sources = sorted(source for source in PYCORE.rglob("*.py") if "__pycache__" not in source.parts)
    key = fingerprint(pinned_pyodide_version(), sha256_bytes(tool.read_bytes()), sha256_bytes(stock.read_bytes()),
                      [(source.relative_to(ROOT).as_posix(), sha256_bytes(source.read_bytes())) for source in sources])
    kept = CACHE / "stdlib-pyc" / key
    if not (kept / "done").exists():
        tree = Path(tempfile.mkdtemp(prefix="stdlib-pyc-", dir=CACHE))
        try:
            for source in sources:
                target = tree / source.relative_to(ROOT)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read_bytes())
            with zipfile.ZipFile(stock) as archive:
                archive.extractall(tree / "stdlib")
            node = shutil.which("node")
            if not node or not run([node, str(tool), str(PYODIDE_PACKAGE), str(tree)],
                                   must=False, stdout=subprocess.DEVNULL):
                log("warning: could not compile the standard library to bytecode (Node + Pyodide); "
                    "python_stdlib.zip is Pyodide's own, and Python starts slower in the browser")
                return
            (tree / "done").write_text(key + "\n")
            kept.parent.mkdir(parents=True, exist_ok=True)
            tree.rename(kept)
        finally:
            shutil.rmtree(tree, ignore_errors=True)
    used = set(json.loads((kept / "used.json").read_text()))
    needed = sorted(name for name in used if name.startswith(STDLIB_LEFT_OUT))
    if needed:
        die(f"Python imports {needed[:3]}, which build.py leaves out of python_stdlib.zip: "
            "take it out of STDLIB_LEFT_OUT")
    with zipfile.ZipFile(stock) as source, zipfile.ZipFile(path, "w") as archive:
        names = set(source.namelist())
        missing = sorted(used - names)
        if missing:
            die(f"tools/stdlib_pyc.mjs named {missing[:3]}, which are not in {stock}: delete {kept} and build again")
        for info in source.infolist():
            if info.filename.startswith(STDLIB_LEFT_OUT):
                continue
            if info.filename not in used:
                archive.writestr(info, source.read(info), compresslevel=9)
                continue
            compiled = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            compiled.external_attr = info.external_attr
            compiled.compress_type = zipfile.ZIP_DEFLATED
            compiled.create_system = 3
            archive.writestr(compiled, (kept / "stdlib" / (info.filename + "c")).read_bytes(), compresslevel=9)


def dist_files(out: Path) -> list[str]:
    """Every file of the staged dist/, as sorted relative POSIX paths (the URLs the site uses)."""
    return sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file())


def site_version(out: Path, files: list[str]) -> str:
    """Hash of every path and its content: any change to the site gives a new service-worker cache."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + sha256_bytes((out / name).read_bytes()).encode() + b"\n")
    return digest.hexdigest()[:16]


def write_build_id(out: Path) -> str:
    """build.js: the hash of every file staged so far, as an ES module the page and workers import.

    Written before sw-assets.js, which then carries the same id as its version."""
    version = site_version(out, dist_files(out))
    (out / "build.js").write_text(
        "// Generated by build.py: the id of this build (a hash of every other file). Do not edit.\n"
        f"export const BUILD = {json.dumps(version)};\n", encoding="utf-8")
    return version


def write_sw_assets(out: Path, version: str) -> None:
    """sw-assets.js: the version and the precache list that web/sw.js loads with importScripts."""
    files = dist_files(out)
    assets = ["./", *sorted([*files, "sw-assets.js"])]
    lines = [
        "// Generated by build.py from the contents of dist/: do not edit.",
        f"self.LUCKDIAL_VERSION = {json.dumps(version)};",
        "self.LUCKDIAL_ASSETS = [",
        *(f"  {json.dumps(name)}," for name in assets),
        "];",
        "",
    ]
    (out / "sw-assets.js").write_text("\n".join(lines), encoding="utf-8")


def page_tables() -> str:
    """web/kit/tables.js's text: the `rulesets` op's answer (rulesets, units, default order of loss,
    battle units, systems with variants and summaries, kinds of battle, tech) as an ES module, so the
    page shows pycore's own tables before Python is ready and never a hand-kept copy. The op runs in
    this process: pycore is standard library only, so no venv is needed. One ruleset or system a
    line: a change in pycore shows in a diff as the line of what changed."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pycore.api import handle_object

    answer = handle_object({"op": "rulesets"})
    if not answer.get("ok"):
        die(f"pycore's rulesets op failed: {answer.get('error')}")
    fields = []
    for key, value in answer["result"].items():
        if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
            rows = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
            fields.append(f"  {json.dumps(key)}: [\n{rows},\n  ]")
        else:
            fields.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join([
        "// generated by `python3 build.py tables` from pycore's rulesets op — do not edit.",
        "// What the page shows before Python is ready (kit/rulesets.js reads it); docs/page.md, \"The page's tables\".",
        "",
        "/** The answer of {\"op\": \"rulesets\"}, as docs/api.md describes it. */",
        "export const RULESETS = {",
        ",\n".join(fields) + ",",
        "};",
        "",
    ])


def write_page_tables(path: Path = PAGE_TABLES) -> bool:
    """Write the page's tables to path; False (and nothing written) when it already holds them."""
    text = page_tables()
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8", newline="\n")
    return True


def refresh_page_tables(out: Path) -> None:
    """dist/'s copy of the page's tables written afresh from pycore, so a built site is never stale. web/'s
    committed copy is only warned about, not rewritten: the tests then fail on it (CI too, which builds
    before it tests) until `python3 build.py tables` is run and its file committed."""
    text = page_tables()
    target = out / PAGE_TABLES.relative_to(WEB)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8", newline="\n")
    if not PAGE_TABLES.exists() or PAGE_TABLES.read_text(encoding="utf-8") != text:
        log("WARNING: web/kit/tables.js is not what pycore's rulesets op says now (dist/ has pycore's): "
            "run python3 build.py tables and commit web/kit/tables.js")


def build() -> None:
    """Write dist/ in a staging folder, then swap it in, so dist/ is never half-written."""
    started = time.monotonic()
    with exclusive():
        ensure_node_packages()
        staging = Path(tempfile.mkdtemp(prefix="dist-staging-", dir=CACHE))
        try:
            copy_web(staging)
            refresh_page_tables(staging)
            copy_pyodide(staging)
            write_stdlib_zip(staging / "pyodide" / "python_stdlib.zip")
            copy_vendor(staging)
            write_pycore_zip(staging / "pycore.zip")
            write_sw_assets(staging, write_build_id(staging))
            staging.chmod(0o755)  # mkdtemp makes it 0700; dist/ is meant to be served
            if same_site(staging, DIST):
                log("dist/ is already up to date")
            else:
                swap_into_place(staging, DIST)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    count = len(dist_files(DIST))
    log(f"built dist/ ({count} files) in {time.monotonic() - started:.1f} s")


def same_site(fresh: Path, current: Path) -> bool:
    """True when current already holds exactly the files of fresh, byte for byte. Leaving
    dist/ alone then spares a server or an e2e run reading it at this moment."""
    if not current.is_dir() or dist_files(fresh) != dist_files(current):
        return False
    _, mismatch, errors = filecmp.cmpfiles(fresh, current, dist_files(fresh), shallow=False)
    return not (mismatch or errors)


def swap_into_place(fresh: Path, target: Path) -> None:
    """Replace target by fresh with two renames (same file system), the old one removed after."""
    old = Path(tempfile.mkdtemp(prefix="dist-old-", dir=CACHE)) / "dist"
    if target.exists():
        target.rename(old)
    fresh.rename(target)
    shutil.rmtree(old.parent, ignore_errors=True)


# --------------------------------------------------------------------------- serve


GZIP_TYPES = frozenset({"text/html", "text/css", "text/javascript", "application/json",
                        "application/manifest+json", "image/svg+xml", "application/wasm"})
"""Types served gzipped to a browser that accepts it, as GitHub Pages does (it leaves zip and
png alone: already compressed). Measurements on localhost then count the bytes users get."""


@functools.lru_cache(maxsize=64)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """A file's gzip body, made once per version of the file (the wasm takes a second)."""
    with open(path, "rb") as file:
        return gzip.compress(file.read(), compresslevel=6, mtime=0)


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """http.server with the MIME types the site needs, gzip like GitHub Pages, and no caching
    (the service worker caches)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    # HTTP/1.1 with keep-alive, as GitHub Pages (HTTP/2) keeps one connection: a page's 60 requests
    # then do not each open a connection. Every response states its length (http.server's files,
    # redirects and errors; the gzip bodies below) or has none (304), so the connection can stay.
    protocol_version = "HTTP/1.1"
    timeout = 60  # an idle kept-alive connection is closed after this many seconds (its thread ends)
    # http.server writes a response's headers and its body separately. On a kept-alive connection,
    # Nagle's algorithm then holds the body until the browser acknowledges the headers, and the
    # browser delays that acknowledgement: about 40 ms added to every small file (each of the first
    # screen's modules took 40-50 ms from first to last byte on localhost; bench/load.py, #16).
    # GitHub Pages adds no such wait, so neither does this server.
    disable_nagle_algorithm = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        """Send a compressible file gzipped when the client accepts gzip; otherwise as http.server does."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                return super().send_head()  # its redirect to the folder's "/"
            path = os.path.join(path, "index.html")
        kind = self.guess_type(path)
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and kind in GZIP_TYPES and os.path.isfile(path)):
            return super().send_head()
        try:
            stat = os.stat(path)
        except OSError:
            return super().send_head()
        # A validator, as GitHub Pages sends: a revalidation (the service worker's precache of a
        # file the page has just downloaded) is then answered 304, without the body again.
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-gz"'
        if etag in self.headers.get("If-None-Match", "") or self.not_modified_since(stat.st_mtime):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        try:
            body = gzipped(path, stat.st_mtime_ns, stat.st_size)
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header("ETag", etag)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return io.BytesIO(body)


    def not_modified_since(self, mtime: float) -> bool:
        """True when the request's If-Modified-Since (without If-None-Match) is not older than the file."""
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            date = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return date.timestamp() >= int(mtime)


class QuietStaticHandler(StaticHandler):
    """The same, without a log line per request (for tests)."""

    def log_message(self, format: str, *args) -> None:
        pass


class StaticServer(http.server.ThreadingHTTPServer):
    """Threads die with the process; a browser closing mid-download is expected, not an error.

    Connections are kept alive (StaticHandler): closing the server also closes the connections it
    still holds, so a stopped server (the offline test) answers nothing more on them either."""

    daemon_threads = True

    def __init__(self, *args, **kwargs) -> None:
        self.connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def process_request(self, request, client_address) -> None:
        with self.connections_lock:
            self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request) -> None:
        with self.connections_lock:
            self.connections.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        super().server_close()
        with self.connections_lock:
            kept = list(self.connections)
        for connection in kept:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0,
                quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A threaded static server on (host, port); port 0 picks a free one (read server.server_port).

    Tests may import this (`from build import make_server`) and run
    `serve_forever` in a thread, so that they serve dist/ exactly as `serve` does.
    """
    handler = functools.partial(QuietStaticHandler if quiet else StaticHandler,
                                directory=str(directory))
    return StaticServer((host, port), handler)


def serve(host: str, port: int) -> None:
    """setup + build, then serve dist/ until Ctrl-C."""
    setup()
    build()
    try:
        server = make_server(DIST, host, port)
    except OSError as error:
        die(f"cannot listen on {host}:{port} ({error.strerror}); try --port 0 for a free port")
    shown = f"[{host}]" if ":" in host else host
    log(f"serving dist/ at http://{shown}:{server.server_port}/ (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log("stopped")
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test


FAST_TIER = "not (slow or e2e or pyodide)"
"""`test --fast`: the markers tests/conftest.py gives by folder (and @pytest.mark.slow) left out."""
TEST_TIMEOUT = 1800
"""pytest-timeout's limit per test, in seconds: only to stop a hung test from hanging CI. The slowest
test takes a few minutes on an idle 2-core machine, and a machine shared by several test runs has
made one ten times slower: this leaves that room."""


WORKERS = ["--numprocesses=auto", "--dist=loadfile"]
"""pytest-xdist: one pytest worker per core, each given whole files (a file's module fixtures, such as
the one Pyodide run of tests/core, run once) and the longest files first (tests/conftest.py). The e2e
tests mostly wait on Chromium and the Pyodide run on Node, so two workers keep two cores busy; each
worker starts its own server of dist/ and its own browser. `-n 0` (after `test`) runs in one process."""


def pytest_options(pytest_args: list[str], fast: bool) -> list[str]:
    """The suite's own options, then the caller's (which win: pytest keeps the last of an option)."""
    options = [f"--timeout={TEST_TIMEOUT}", "--hypothesis-profile=ci", *WORKERS]
    if fast:
        options += ["-m", FAST_TIER]
    return [*options, *(pytest_args or ["tests"])]


def test(pytest_args: list[str]) -> int:
    """setup + build, then the whole suite (core, Pyodide-in-Node, e2e) in the venv's pytest; with
    --fast only setup and the fast tier (which needs no dist/)."""
    fast = "--fast" in pytest_args
    pytest_args = [arg for arg in pytest_args if arg != "--fast"]
    setup()
    if not fast:
        build()
    env = child_env(
        LUCKDIAL_NODE=shutil.which("node") or "node",
        LUCKDIAL_PYODIDE_WHEELS=str(WHEELS),
    )
    if CHROMIUM.exists():
        env["LUCKDIAL_CHROMIUM"] = str(CHROMIUM)
    command = [str(VENV_PYTHON), "-m", "pytest", *pytest_options(pytest_args, fast)]
    log("$ " + " ".join(command))
    if os.name != "posix":
        return subprocess.run(command, cwd=ROOT, env=env).returncode
    # Become pytest: its exit status is ours, and a signal (Ctrl-C, CI's time-out) reaches
    # it directly instead of leaving an orphaned test run behind.
    sys.stdout.flush()
    sys.stderr.flush()
    os.chdir(ROOT)
    os.execve(command[0], command, env)


# --------------------------------------------------------------------------- main


def parser() -> argparse.ArgumentParser:
    """The command line; `test` passes everything after it to pytest untouched."""
    top = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("setup", help="install what is missing (npm, .venv, wheels, chromium)")
    commands.add_parser("build", help="write dist/")
    commands.add_parser("tables", help="write web/kit/tables.js from pycore's rulesets op")
    serve_command = commands.add_parser("serve", help="setup + build, then serve dist/")
    serve_command.add_argument("--host", default="127.0.0.1")
    serve_command.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    commands.add_parser("test", help="setup + build, then pytest (extra arguments go to pytest; "
                                     "--fast: the fast tier only, without the build)")
    return top


def main(argv: list[str]) -> int:
    """Dispatch; `test` is handled before argparse so pytest options like -k pass through."""
    if argv[:1] == ["test"]:
        return test(argv[1:])
    args = parser().parse_args(argv)
    if args.command == "setup":
        setup()
    elif args.command == "build":
        build()
    elif args.command == "tables":
        wrote = write_page_tables()
        log(f"{'wrote' if wrote else 'already up to date:'} {PAGE_TABLES.relative_to(ROOT).as_posix()}")
    elif args.command == "serve":
        serve(args.host, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

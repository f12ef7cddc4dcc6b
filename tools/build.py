"""Build the Boardshelf static site: the pyapp wheel and the vendored runtime.

    python tools/build.py            # wheel + runtime (what `make build` runs)
    python tools/build.py wheel      # wheels/pyapp-0.1.0-py3-none-any.whl only
    python tools/build.py vendor     # web/vendor/ only (needs `npm ci` first)
    python tools/build.py dist       # build, then copy the complete static site into dist/
    python tools/build.py --no-pyc   # skip the bytecode steps (plain sources everywhere)
    python tools/build.py --strict   # fail instead of warning when a Pyodide patch or the snapshot
                                     # cannot be made (the default when CI is set, as in .ci/run)

Standard library only.  The wheel is written by a small deterministic builder
(sorted entries, fixed timestamps: the same sources give the same bytes), so no
build backend has to be fetched; ``pip wheel .`` with ``pyproject.toml`` builds an
equivalent pure wheel for CPython.

Start-up speed: the npm ``python_stdlib.zip`` holds only ``.py`` sources, and
compiling them on every page load is most of Pyodide's boot time.  The build runs
Pyodide itself under Node (``tools/pycompile.mjs``) to compile the stdlib into
``.pyc`` files with exactly the browser's CPython, checks the result boots, and
falls back to the stock zip if anything fails.  The wheel likewise gets a ``.pyc``
beside each ``.py`` (``pyapp/ui/app.pyc``, unchecked hash-based): the page puts the
wheel itself on ``sys.path`` and zipimport takes a ``.pyc`` found there before the
source, so nothing is unpacked or compiled in the browser.  CPython ignores such
files wherever the source sits next to them (and their bytecode is 3.14's).  Results
are cached in ``.build-cache/``.
"""
from __future__ import annotations

import argparse
import base64
import contextlib
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"
PYSCRIPT_NPM = NODE_MODULES / "@pyscript" / "core" / "dist"
# live play's invitation as a QR code (web/qr.js imports it when an invitation is shown): qrcode-generator, MIT
QRCODE_NPM = NODE_MODULES / "qrcode-generator"
QRCODE_FILES = {"dist/qrcode.mjs": "qrcode.mjs", "package.json": "package.json"}
VENDOR = ROOT / "web" / "vendor"
WHEELS = ROOT / "wheels"
CACHE = ROOT / ".build-cache"
DIST = ROOT / "dist"
PYCOMPILE = ROOT / "tools" / "pycompile.mjs"
SNAPSHOT_TOOL = ROOT / "tools" / "snapshot.mjs"
EARLY = ROOT / "web" / "pyodide-early.mjs"     # the page's snapshot start; the tools use its functions
SNAPSHOT = "snapshot.bin"          # in web/vendor/pyodide/, gzip inside: tools/snapshot.mjs, web/pyodide-early.mjs
REST_STDLIB = "python_stdlib_rest.zip"      # the stdlib a snapshot start installs (web/pyodide-early.mjs)

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PACKAGE_DATA = (".json", ".html", ".md")           # besides .py, shipped from anywhere under pyapp/
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


STRICT = False        # --strict; a set CI environment variable (CI=true) means the same


class BuildError(Exception):
    """A part of the shipped start-up (a Pyodide patch, the memory snapshot) could not be made and the
    build is strict: main() prints it and exits non-zero."""


def strict() -> bool:
    """Fail rather than warn and ship a slower site: ``--strict``, or ``CI`` set (not 0/false/no)."""
    return STRICT or os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def degrade(msg: str) -> None:
    """A step the site can do without (it is then slower) could not be made: a warning for a
    developer's build, BuildError in a strict one (CI), so that nothing ships degraded unnoticed."""
    if strict():
        raise BuildError(f"{msg} (strict build: CI is set or --strict was given; "
                         "a plain developer build only warns)")
    log(f"WARNING: {msg}")


@contextlib.contextmanager
def lock():
    """One build at a time in this checkout: `make test` runs pytest-xdist workers, and each worker's
    ``site`` fixture checks the build (wheel, icons, sw.js) while another may be writing it."""
    try:
        import fcntl
    except ImportError:                  # (not on Windows: no lock there)
        yield
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "build.lock", "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def project_meta() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def wheel_name() -> str:
    meta = project_meta()
    return f"{meta['name']}-{meta['version']}-py3-none-any.whl"


def wheel_path() -> Path:
    return WHEELS / wheel_name()


def game_ids() -> list[str]:
    """The declared games (pyapp/games/<id>/game.json), in shelf order."""
    decls = [json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "pyapp" / "games").glob("*/game.json")]
    return [d["id"] for d in sorted(decls, key=lambda d: d["order"])]


def part_name(gid: str) -> str:
    """A game's part: its rules, renderer, bots, content and rules page, a zip the page loads when the game is
    first opened (pyapp/browser/main.py), beside the wheel: ``pyapp-<id>-<version>.zip``."""
    meta = project_meta()
    return f"{meta['name']}-{gid}-{meta['version']}.zip"


def part_paths(folder: Path | None = None) -> list[Path]:
    return [(folder or WHEELS) / part_name(g) for g in game_ids()]


# what stays in the wheel of a game's folder: what the shelf and the setup screen read (through the games
# package's own loader, pyapp.games.game_json) before any of the game's code is imported
SHELF_FILES = ("game.json", "tutorial.json", "first_game.json")


def part_of(name: str) -> str | None:
    """The game whose part holds archive entry ``name`` (``pyapp/games/<id>/...``), or None: the wheel."""
    bits = name.split("/")
    if len(bits) >= 4 and bits[0] == "pyapp" and bits[1] == "games" and not (len(bits) == 4 and bits[3] in SHELF_FILES):
        return bits[2]
    return None


def app_digest() -> str:
    """One hash over the wheel and every game part (cache keys of what is made from the app's code)."""
    h = hashlib.sha256()
    for p in [wheel_path(), *part_paths()]:
        h.update(p.name.encode() + b"\0" + (sha256(p).encode() if p.exists() else b"-"))
    return h.hexdigest()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------------- the wheel
def package_files() -> list[tuple[str, Path]]:
    """(archive name, file) for every file of the pyapp package, sorted."""
    out = []
    for path in sorted((ROOT / "pyapp").rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.suffix == ".py" or path.suffix in PACKAGE_DATA:
            out.append((path.relative_to(ROOT).as_posix(), path))
    return out


def _zip_add(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    """Entries are stored uncompressed: unpacking costs nothing, and the server's gzip of the
    whole wheel packs tighter than per-file deflate."""
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)


def node_ok() -> bool:
    return shutil.which("node") is not None and (PYODIDE_NPM / "pyodide.mjs").exists()


def pycompile(in_zip: Path, out_zip: Path, mode: str) -> dict:
    """Run tools/pycompile.mjs; raises on failure."""
    proc = subprocess.run(["node", str(PYCOMPILE), str(PYODIDE_NPM), str(in_zip), str(out_zip), mode],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"pycompile {mode} failed ({proc.returncode}): {proc.stderr.strip()[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _prune(paths, keep: Path, age_s: float = 600) -> None:
    """Remove stale cache entries (not ones a build running side by side may have just written)."""
    import time
    for old in paths:
        try:
            if old != keep and time.time() - old.stat().st_mtime > age_s:
                old.unlink()
        except FileNotFoundError:
            pass


def _cached(kind: str, key: str, suffix: str, make, *, warn: str | None = None, fallback=None):
    """The build cache's ``<kind>-<key><suffix>``, made once: ``make(tmp)`` writes it to a temporary
    path and may return a line for the log; the file is then renamed into place (atomic: a build
    running side by side never reads half a file) and this kind's older entries are pruned.  If
    ``make`` fails, its temporary file is removed and the exception propagates, or, given ``warn``,
    the build logs ``WARNING: <warn>: <reason>`` and gets ``fallback`` instead."""
    cached = CACHE / f"{kind}-{key}{suffix}"
    if cached.exists():
        return cached
    CACHE.mkdir(exist_ok=True)
    tmp = CACHE / f".{kind}.{os.getpid()}.tmp{suffix}"
    try:
        note = make(tmp)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if warn is None or not isinstance(exc, Exception):
            raise
        log(f"WARNING: {warn}: {exc}")
        return fallback
    os.replace(tmp, cached)
    _prune(CACHE.glob(f"{kind}-{'?' * len(key)}{suffix}"), keep=cached)     # only this kind's entries
    if note:
        log(note)
    return cached


def _need_node() -> None:
    if not node_ok():
        raise RuntimeError("node (or the npm pyodide package) is missing")


def compiled_pycache(files: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """__pycache__ .pyc entries for the .py files, compiled by Pyodide (cached by content)."""
    sources = [(n, d) for n, d in files if n.endswith(".py")]
    key = hashlib.sha256(PYCOMPILE.read_bytes() + sha256(PYODIDE_NPM / "pyodide.asm.wasm").encode())
    for n, d in sources:
        key.update(n.encode() + b"\0" + hashlib.sha256(d).digest())

    def make(out: Path) -> str:
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "src.zip"
            with zipfile.ZipFile(src, "w") as zf:
                for n, d in sources:
                    _zip_add(zf, n, d)
            report = pycompile(src, out, "pycache")
        return f"compiled {report['compiled']} pyapp modules to bytecode ({report['python']})"

    cached = _cached("pycache", key.hexdigest()[:24], ".zip", make)
    with zipfile.ZipFile(cached) as zf:
        return [(i.filename, zf.read(i)) for i in sorted(zf.infolist(), key=lambda i: i.filename)]


def _current_wheel(pyc: bool = True) -> Path:
    """The built wheel (built now if there is none yet)."""
    return wheel_path() if wheel_path().exists() else build_wheel(pyc)


def _beside_source(name: str) -> str:
    """``pkg/__pycache__/mod.cpython-314.pyc`` -> ``pkg/mod.pyc``: where zipimport looks for bytecode."""
    folder, _, file = name.rpartition("/__pycache__/")
    return f"{folder}/{file.split('.')[0]}.pyc"


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def _write_zip(out: Path, files: list[tuple[str, bytes]]) -> Path:
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")     # unique: builds may run side by side
    with zipfile.ZipFile(tmp, "w") as zf:
        for n, d in files:
            _zip_add(zf, n, d)
    if out.exists() and out.stat().st_size == tmp.stat().st_size and sha256(out) == sha256(tmp):
        tmp.unlink()                     # unchanged: keep its mtime (its .br/.gz stay fresh, 304s stay valid)
    else:
        os.replace(tmp, out)
    return out


def games_index() -> bytes:
    """pyapp/games/games.json for the wheel: every game's declaration (pyapp/games/<id>/game.json) in one list,
    which the registry reads where it cannot list its folder (the wheel is imported in place, as a zip)."""
    decls = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "pyapp" / "games").glob("*/game.json"))]
    return (json.dumps(sorted(decls, key=lambda d: d["order"]), separators=(",", ":"), ensure_ascii=False)
            + "\n").encode()


def build_wheel(pyc: bool = True, out_dir: Path | None = None) -> Path:
    """Write wheels/pyapp-<version>-py3-none-any.whl deterministically (or into ``out_dir``)."""
    meta = project_meta()
    name, version = meta["name"], meta["version"]
    files = [(n, p.read_bytes()) for n, p in package_files()]
    files.append(("pyapp/games/games.json", games_index()))
    if pyc:
        if node_ok():
            try:
                files += [(_beside_source(n), d) for n, d in compiled_pycache(files)]
            except Exception as exc:  # the wheel still works from sources
                log(f"WARNING: pyapp bytecode skipped: {exc}")
        else:
            log("WARNING: node or node_modules/pyodide missing: wheel without bytecode")
    out_dir = out_dir or WHEELS
    out_dir.mkdir(parents=True, exist_ok=True)
    parts: dict[str, list[tuple[str, bytes]]] = {g: [] for g in game_ids()}
    for n, d in files:
        g = part_of(n)
        if g is not None:
            parts[g].append((n, d))
    files = [(n, d) for n, d in files if part_of(n) is None]
    for g, entries in parts.items():
        part = _write_zip(out_dir / part_name(g), entries)
        log(f"game part {_rel(part)} ({part.stat().st_size // 1024} KiB, {len(entries)} files)")
    distinfo = f"{name}-{version}.dist-info"
    metadata = "\n".join([
        "Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}",
        f"Summary: {meta.get('description', '')}", f"Requires-Python: {meta.get('requires-python', '>=3.11')}", "", "",
    ])
    files.append((f"{distinfo}/METADATA", metadata.encode()))
    files.append((f"{distinfo}/WHEEL", b"Wheel-Version: 1.0\nGenerator: boardshelf-tools-build\n"
                                       b"Root-Is-Purelib: true\nTag: py3-none-any\n\n"))
    files.append((f"{distinfo}/top_level.txt", b"pyapp\n"))
    record = []
    for n, d in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(d).digest()).rstrip(b"=").decode()
        record.append(f"{n},sha256={digest},{len(d)}")
    record.append(f"{distinfo}/RECORD,,")
    files.append((f"{distinfo}/RECORD", ("\n".join(record) + "\n").encode()))
    out = _write_zip(out_dir / wheel_name(), files)
    npyc = sum(1 for n, _ in files if n.endswith(".pyc"))
    log(f"wheel {_rel(out)} ({out.stat().st_size // 1024} KiB, {len(files)} files, {npyc} .pyc)")
    return out


# ---------------------------------------------------------------- the runtime
def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.exists() and dst.stat().st_size == src.stat().st_size and sha256(dst) == sha256(src):
        return
    tmp = dst.with_name(f".{dst.name}.{os.getpid()}.tmp")
    shutil.copyfile(src, tmp)
    os.replace(tmp, dst)                 # atomic: a page loading meanwhile never sees half a file


def write_gz(path: Path) -> None:
    """``path.gz`` next to ``path`` (gzip -9, no timestamp): what nginx's gzip_static and
    tools/serve.py send to browsers that accept gzip.  Kept when already newer than the file."""
    gz = path.with_name(path.name + ".gz")
    if gz.exists() and gz.stat().st_mtime_ns >= path.stat().st_mtime_ns:
        return
    import gzip
    tmp = gz.with_name(f".{gz.name}.{os.getpid()}.tmp")
    tmp.write_bytes(gzip.compress(path.read_bytes(), 9, mtime=0))
    os.replace(tmp, gz)


# Brotli siblings (`<file>.br`, quality 11, tools/brotli.mjs under Node: Python's standard library has
# no brotli) for what the page downloads: about a quarter smaller than gzip -9 on the wasm, the stdlib
# zip and the wheel.  Served by tools/serve.py, nginx's brotli_static, Caddy's `precompressed br`.
BROTLI_TOOL = ROOT / "tools" / "brotli.mjs"
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".zip", ".whl", ".svg", ".webmanifest",
                ".txt", ".md")                  # as tools/serve.py's COMPRESSIBLE
MIN_COMPRESS = 1024
BR_FOLDERS = (VENDOR / "pyodide", VENDOR / "pyscript", VENDOR / "qrcode", WHEELS)


def br_sources() -> list[Path]:
    """The files that get a ``.br`` sibling: everything compressible of at least 1 KiB in
    web/vendor/pyodide, web/vendor/pyscript and wheels/ (not the snapshot: gzip inside already)."""
    out = []
    for folder in BR_FOLDERS:
        if not folder.is_dir():
            continue
        for p in sorted(folder.iterdir()):
            if (p.is_file() and not p.name.startswith(".") and p.suffix in COMPRESSIBLE and p.name != SNAPSHOT
                    and p.stat().st_size >= MIN_COMPRESS):
                out.append(p)
    return out


def _fresh(sibling: Path, src: Path) -> bool:
    try:
        return sibling.stat().st_mtime_ns >= src.stat().st_mtime_ns
    except FileNotFoundError:
        return False


# A Node run compressing, while the rest of the runtime is made, the files final by then (build_vendor starts it
# once the wheel, its parts and the Pyodide files are in place: the wasm alone is ~30 s of one core, and the
# stdlib's exercise runs and the memory snapshot use only one); write_br() waits for it and compresses what is
# still stale (a file rewritten after it was compressed is older than its source, so stale: see _fresh).
_EARLY_BR: subprocess.Popen | None = None


def start_br_early() -> None:
    global _EARLY_BR
    if _EARLY_BR is not None or shutil.which("node") is None:
        return
    stale = sorted((p for p in br_sources() if not _fresh(p.with_name(p.name + ".br"), p)),
                   key=lambda p: -p.stat().st_size)
    if stale:
        _EARLY_BR = subprocess.Popen(["node", str(BROTLI_TOOL), *map(str, stale)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)


def _wait_br_early() -> None:
    global _EARLY_BR
    if _EARLY_BR is not None:
        try:
            _EARLY_BR.wait(timeout=1800)            # (a failure is no matter: what it left stale is done below)
        except subprocess.TimeoutExpired:
            _EARLY_BR.kill()
            _EARLY_BR.wait()
        _EARLY_BR = None


def write_br() -> None:
    """A fresh ``<file>.br`` for every br_sources() file (stale or missing ones compressed in one
    Node run, biggest first, after the early run of start_br_early() if one was started); ``.br`` files
    whose source is gone or no longer qualifies are removed.  Without Node: a warning, and browsers get gzip."""
    import time
    t0 = time.monotonic()
    early = _EARLY_BR is not None
    _wait_br_early()
    if early:
        log(f"brotli, started early: done {time.monotonic() - t0:.1f} s after the runtime was made")
    sources = br_sources()
    wanted = {p.with_name(p.name + ".br") for p in sources}
    for folder in BR_FOLDERS:
        for old in (folder.glob("*.br") if folder.is_dir() else ()):
            if old not in wanted:
                old.unlink(missing_ok=True)
    stale = sorted((p for p in sources if not _fresh(p.with_name(p.name + ".br"), p)),
                   key=lambda p: -p.stat().st_size)
    if not stale:
        return
    if shutil.which("node") is None:
        log("WARNING: node missing: no brotli (.br) files; browsers get gzip")
    else:
        t0 = time.monotonic()
        try:
            proc = subprocess.run(["node", str(BROTLI_TOOL), *map(str, stale)], capture_output=True, text=True,
                                  timeout=1800)
        except (OSError, subprocess.TimeoutExpired) as exc:
            proc = subprocess.CompletedProcess([], -1, "", str(exc))
        if proc.returncode != 0:
            log(f"WARNING: brotli failed ({proc.returncode}), gzip for those files: {proc.stderr.strip()[-800:]}")
        try:
            report = json.loads(proc.stdout.strip().splitlines()[-1])
            log(f"brotli: {len(report['files'])} files, {report['in'] / 1e6:.1f} -> {report['out'] / 1e6:.2f} MB "
                f"in {time.monotonic() - t0:.1f} s")
        except (IndexError, ValueError, KeyError):
            pass
    for p in stale:                      # a host's brotli_static does not look at dates: no outdated .br left
        if not _fresh(p.with_name(p.name + ".br"), p):
            p.with_name(p.name + ".br").unlink(missing_ok=True)


def precompiled_stdlib(stock: Path) -> Path | None:
    """The stdlib zip with .pyc instead of .py, compiled and boot-checked by Pyodide; None on failure."""
    key = hashlib.sha256(PYCOMPILE.read_bytes() + sha256(stock).encode() +
                         sha256(PYODIDE_NPM / "pyodide.asm.wasm").encode()).hexdigest()[:24]

    def make(tmp: Path) -> str:
        _need_node()
        report = pycompile(stock, tmp, "replace")
        check = subprocess.run(["node", str(PYCOMPILE), str(PYODIDE_NPM), str(tmp), "-", "verify"],
                               capture_output=True, text=True, timeout=300)
        if check.returncode != 0:
            raise RuntimeError(f"boot check failed: {check.stderr.strip()[-2000:]}")
        return (f"stdlib precompiled: {report['compiled']} modules, {len(report['failed'])} kept as source; "
                f"boot check: {check.stdout.strip().splitlines()[-1]}")

    return _cached("stdlib", key, ".zip", make, warn="stdlib precompile failed, using the stock (source-only) zip")


# ---------------------------------------------------------------- the pruned stdlib
# Top-level stdlib modules and packages the page needs besides what the Node exercise records:
# what Pyodide and PyScript import in the browser (recorded once from sys.modules after the app
# started each ready game in Chromium), plus small modules a lazy import might want.
STDLIB_SAFETY = frozenset("""
__future__ _collections_abc _colorize _opcode_metadata _py_warnings _pyodide _sitebuiltins _ssl
_weakrefset abc annotationlib argparse ast asyncio base64 bisect bz2 codecs codeop collections
compression concurrent contextlib contextvars copy copyreg dataclasses dis encodings enum fnmatch
functools genericpath gettext glob heapq html importlib inspect io json keyword linecache locale
logging lzma ntpath opcode operator os pathlib posixpath pyodide random re reprlib selectors shutil
signal site socket ssl stat string struct subprocess tempfile textwrap threading token tokenize
traceback types typing warnings weakref zipfile zipimport
datetime pprint numbers
""".split())


def pyapp_imports() -> set[str]:
    """Every top-level module any pyapp source imports, anywhere (function-level imports too)."""
    import ast
    out = set()
    for _n, path in package_files():
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                out |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                out.add(node.module.split(".")[0])
    return out
# encodings: only these codecs (and any the exercise loads); the other 100 or so are never used here
ENCODINGS_KEEP = frozenset("""__init__ aliases utf_8 utf_8_sig utf_16 utf_16_le utf_16_be utf_32 utf_32_le
utf_32_be latin_1 ascii cp437 cp1252 idna punycode raw_unicode_escape unicode_escape charmap
base64_codec hex_codec""".split())


def _top(name: str) -> str:
    """The top-level module of a stdlib zip entry: "json/decoder.pyc" -> "json", "os.pyc" -> "os"."""
    head = name.split("/", 1)[0]
    return head.rsplit(".", 1)[0] if "/" not in name and head.endswith((".py", ".pyc")) else head


def exercise(stdlib: Path, wheel: Path, snapshot: Path | None = None, runtime: Path | None = None,
             importable: bool = False) -> dict:
    """Run tools/pycompile.mjs exercise: what the app loads from ``stdlib`` (raises on failure).  With a
    ``snapshot``: started from it as a repeat visit starts (tools/restore.mjs), on ``runtime`` (default:
    the vendored one, which made it).  ``importable``: also list every stdlib module the start offers."""
    runtime = runtime or (VENDOR / "pyodide" if snapshot else PYODIDE_NPM)
    proc = subprocess.run(["node", str(PYCOMPILE), str(runtime), str(stdlib), str(wheel), "exercise",
                           str(snapshot) if snapshot else "-", *(["importable"] if importable else [])],
                          capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError(f"exercise failed ({proc.returncode}): {proc.stderr.strip()[-1500:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def prune_stdlib(full: Path, wheel: Path) -> Path | None:
    """The precompiled stdlib cut down to what the app imports (plus STDLIB_SAFETY), entries
    stored uncompressed (the server compresses the whole file, which also packs tighter), checked
    by running the exercise again on it.  None (use the full zip) if anything fails."""
    key = hashlib.sha256(sha256(full).encode() + app_digest().encode() + PYCOMPILE.read_bytes() +
                         " ".join(sorted(STDLIB_SAFETY | ENCODINGS_KEEP | pyapp_imports())).encode()).hexdigest()[:24]

    def make(tmp: Path) -> str:
        _need_node()
        used = exercise(full, wheel)
        if used["errors"]:
            raise RuntimeError(f"the app fails on the full stdlib: {used['errors'][:5]}")
        files = {f[:-3] + ".pyc" if f.endswith(".py") else f for f in used["files"]}
        tops = {_top(f) for f in files} | STDLIB_SAFETY | pyapp_imports()
        with zipfile.ZipFile(full) as zin, zipfile.ZipFile(tmp, "w") as zout:
            for info in sorted(zin.infolist(), key=lambda i: i.filename):
                name = info.filename
                top = _top(name)
                if top not in tops:
                    continue
                if top == "encodings" and "/" in name.rstrip("/") and name not in files:
                    base = name.split("/", 1)[1].rsplit(".", 1)[0]
                    if base not in ENCODINGS_KEEP:
                        continue
                out = zipfile.ZipInfo(name, ZIP_TIME)
                out.compress_type = zipfile.ZIP_STORED
                out.external_attr = info.external_attr
                zout.writestr(out, zin.read(info))
        check = exercise(tmp, wheel)
        if check["errors"]:
            raise RuntimeError(f"the app fails on the pruned stdlib: {check['errors'][:5]}")
        missing = {f[:-3] + ".pyc" if f.endswith(".py") else f for f in check["files"]} - files
        if set(check["games"]) != set(used["games"]):
            raise RuntimeError(f"games differ: {check['games']} vs {used['games']}")
        with zipfile.ZipFile(tmp) as zf:
            n = len(zf.infolist())
        return (f"stdlib pruned to {n} entries ({tmp.stat().st_size / 1e6:.2f} MB stored, was "
                f"{full.stat().st_size / 1e6:.2f} MB); checked: {len(check['games'])} games play on it"
                + (f"; also loaded {sorted(missing)}" if missing else ""))

    return _cached("stdlib-pruned", key, ".zip", make,
                   warn="stdlib pruning failed, shipping the whole precompiled stdlib")


def pyscript_files() -> list[Path]:
    """core.js, core.css and every chunk module core.js can import (source maps left out)."""
    files = [PYSCRIPT_NPM / "core.js", PYSCRIPT_NPM / "core.css"]
    seen, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in seen or not (PYSCRIPT_NPM / name).exists():
            continue
        seen.add(name)
        text = (PYSCRIPT_NPM / name).read_text(encoding="utf-8")
        todo += re.findall(r"""(?:from|import)\s*\(?\s*["']\./([\w.-]+\.js)["']""", text)
    files += [PYSCRIPT_NPM / n for n in sorted(seen - {"core.js"})]
    return files


PYSCRIPT_PYC = "pyscript-pyc.zip"


def pyscript_pycache(pyc: bool) -> bytes:
    """A zip of pyscript/__pycache__/*.pyc for PyScript's own Python package (written as sources
    into the file system at every start); an empty zip if disabled or if compiling fails, so the
    page's `files` entry always finds a file."""
    empty = io.BytesIO()
    zipfile.ZipFile(empty, "w").close()
    if not pyc:
        return empty.getvalue()
    core = NODE_MODULES / "@pyscript" / "core"
    key = hashlib.sha256(PYCOMPILE.read_bytes() + sha256(PYODIDE_NPM / "pyodide.asm.wasm").encode())
    for bundle in sorted(PYSCRIPT_NPM.glob("core-*.js")):
        key.update(bundle.read_bytes())

    def make(tmp: Path) -> str:
        _need_node()
        report = pycompile(core, tmp, "pyscript")
        return f"compiled PyScript's Python package: {report['compiled']} modules"

    cached = _cached("pyscript", key.hexdigest()[:24], ".zip", make, warn="PyScript's package stays uncompiled")
    return cached.read_bytes() if cached else empty.getvalue()


NOT_STDLIB = frozenset({"js", "pyodide", "pyapp", "pyscript", "polyscript", "__future__", "_pyodide"})


# Patches to the vendored Pyodide (pinned above), for start-up time.  Each replaces functions of a
# minified file, and only where each is exactly the one reviewed (sha256 of the text from `start` up
# to `end`).  A patch applies all of its parts or none (with a warning): another Pyodide is shipped as
# it is, or with those patches that still fit.  A strict build (CI, --strict) fails instead.
# - linking: Emscripten's dynamic-linking start-up (about 90 ms of every start here).  One wasm
#   module wraps all the JS functions the C code takes the address of, instead of one module each; the
#   table grows once, not once per exported function; the GOT Global of a symbol is made when
#   something asks for it, not for all ~8,500 exports; no walks over the whole GOT.  The same table
#   slots hold the same functions and every symbol resolves to the same value
#   (tests/runtime/test_pyodide_patch.py).
# - compile-early (pyodide.mjs): the wasm download goes to the streaming compiler as it starts, not once
#   Emscripten asks for the instance after pyodide.asm.mjs is imported and set up (A/B, first visit
#   median 2261 -> 2127 and 2314 -> 2196 ms, repeat visit 726 -> 704 ms).
# - restore: a snapshot start wrote the whole 30 MiB image over the wasm memory; it now puts the static
#   data back as instantiation left it (a copy taken when the instance arrives: restore-pristine.js),
#   writes the snapshot's runs in place (below the stack: what differs from the data segments; above:
#   the non-zero bytes) and zeroes the gaps up to the heap's end (tools/snapshot.mjs writes and checks
#   that form; a runtime without this patch gets the plain one).
PATCHES = ROOT / "tools" / "patches"
PYODIDE_PATCHES = {
    "linking": ("pyodide.asm.mjs", (
        ("var GOT={};var GOTHandler={", "var callRuntimeCallbacks=", "4b8b16a0c42f47f4",
         PATCHES / "linking" / "got-handler.js"),
        ("var updateGOT=", "var isImmutableGlobal=", "839d2f3f963ca237", PATCHES / "linking" / "update-got.js"),
        ("var mergeLibSymbols=", "var asyncLoad=", "b943da181ae4b565", PATCHES / "linking" / "merge-lib-symbols.js"),
        ("reportUndefinedSymbols=()=>{", "var loadDylibs=", "b3f7bbbc65cc7d1e",
         PATCHES / "linking" / "report-undefined-symbols.js"),
    )),
    "compile-early": ("pyodide.mjs", (
        ("function Ie(e){", 'o(Ie,"getInstantiateWasmFunc")', "73c33bc2ce184b31", PATCHES / "compile-early.js"),
    )),
    "restore": ("pyodide.asm.mjs", (
        ("function receiveInstance(instance,module){wasmExports=instance.exports;", "var origExports=wasmExports;",
         "09e1aeaed5a88d48", PATCHES / "restore-pristine.js"),
        ("API.restoreSnapshot=function(t){", "function Wr(){", "1e1b1d8c8bf56b0b", PATCHES / "restore-snapshot.js"),
    )),
}


# Patches to the vendored PyScript, the same way (a strict build fails when one does not fit, or when the
# file it names is not among PyScript's files any more: a new PyScript renames its hashed chunks).
# - storage (issue 21): PyScript opens an IndexedDB package cache at every start even when there are no
#   packages; where the browser denies IndexedDB (a frame on another site, strict privacy settings) the
#   start fails with "[object Event]".  Without packages the cache is now an in-memory Map; and the store
#   of PyScript's fs module (folders granted to pyscript.fs.mount), opened as the module loads, is opened
#   when first used (never, here).  So the app touches no IndexedDB at all (tests/browser/test_storage.py).
PYSCRIPT_PATCHES = {
    "storage": ("core-C9KDLldu.js", (
        ('nn("Loading Storage");', "if(await l.sync()", "d8f0a9b3b4af4ecc", PATCHES / "pyscript-package-cache.js"),
        ('eo="@pyscript.fs",', "ro=async e=>{", "6ba6df48aa207b4a", PATCHES / "pyscript-fs-idb.js"),
    )),
}


def apply_patch(text: str, parts) -> str | None:
    """``text`` with every part of one patch applied, or None if any part is not the reviewed code."""
    for start, end, digest, patch in parts:
        i = text.find(start)
        j = text.find(end, i)
        if i < 0 or j < 0 or text.count(start) != 1 or hashlib.sha256(text[i:j].encode()).hexdigest()[:16] != digest:
            return None
        text = text[:i] + patch.read_text(encoding="utf-8").strip() + "\n" + text[j:]
    return text


def patched_pyodide(name: str, src: Path) -> Path:
    """``src``, or a copy (cached) with those PYODIDE_PATCHES for that file that fit it applied."""
    return patched(name, src, PYODIDE_PATCHES, "PYODIDE_PATCHES")


def patched_pyscript(name: str, src: Path) -> Path:
    """The same for the vendored PyScript's files and PYSCRIPT_PATCHES."""
    return patched(name, src, PYSCRIPT_PATCHES, "PYSCRIPT_PATCHES")


def patched(name: str, src: Path, table: dict, table_name: str) -> Path:
    patches = {k: parts for k, (file, parts) in table.items() if file == name}
    if not patches:
        return src
    text, applied = src.read_text(encoding="utf-8"), []
    for patch, parts in patches.items():
        done = apply_patch(text, parts)
        if done is None:
            degrade(f"{name} is not the reviewed one (a patched function's digest differs): "
                    f"shipped without the {patch} patch (tools/build.py {table_name})")
            continue
        text = done
        applied.append(patch)
    if not applied:
        return src
    key = hashlib.sha256(text.encode()).hexdigest()[:24]

    def make(tmp: Path) -> str:
        tmp.write_text(text, encoding="utf-8")
        return f"patched {name}: {', '.join(applied)}"

    return _cached(name, key, "", make)


def build_snapshot(pyodide_dir: Path) -> Path | None:
    """web/vendor/pyodide/snapshot.bin: a memory snapshot of this runtime with the start-up's stdlib
    modules imported (tools/snapshot.mjs), for repeat visits.  None if it cannot be made (the app
    then always starts normally); a strict build (CI) raises BuildError instead."""
    # what a page start imports; and the codec zipimport decodes the wheel's file names with (the one
    # stdlib module a repeat visit would otherwise still import from the zip)
    modules = sorted((STDLIB_SAFETY | pyapp_imports() | {"encodings.cp437"}) - NOT_STDLIB)
    # (snapshot.mjs writes and checks the sparse form with web/pyodide-early.mjs's own functions)
    parts = [sha256(pyodide_dir / n).encode() for n in PYODIDE_FILES] + [
        SNAPSHOT_TOOL.read_bytes(), EARLY.read_bytes(), " ".join(modules).encode()]
    key = hashlib.sha256(b"".join(parts)).hexdigest()[:24]

    def make(tmp: Path) -> str:
        _need_node()
        proc = subprocess.run(["node", str(SNAPSHOT_TOOL), str(pyodide_dir), str(tmp), *modules],
                              capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            raise RuntimeError(f"exit {proc.returncode}: {proc.stderr.strip()[-800:]}")
        report = json.loads(proc.stdout.strip().splitlines()[-1])
        why = f" (plain form: {report['plain_because']})" if report.get("plain_because") else ""
        return (f"memory snapshot ({report['form']}{why}): {report['stored'] / 2**20:.1f} of {report['memory'] / 2**20:.0f} MiB stored "
                f"({report['file'] / 1e6:.1f} MB compressed), "
                f"{len(modules) - len(report['missing'])} stdlib modules imported"
                + (f" (not importable: {report['missing']})" if report["missing"] else ""))

    try:
        snap = _cached("snapshot", key, ".bin", make)
    except Exception as exc:                        # (strict: BuildError; else a warning and no snapshot)
        degrade(f"no memory snapshot (repeat visits start normally): {exc}")
        return None
    # (on every build that ships it, from the cache too: still correct, only larger and slower to restore)
    if snap:
        with gzip.open(snap) as f:
            if f.read(8) != b"BSSNAP03":
                log(f"WARNING: the memory snapshot is in the plain form (delete .build-cache/{snap.name} to make it again)")
    return snap


def rest_stdlib(pyodide_dir: Path, snapshot: Path) -> Path:
    """The stdlib a snapshot start installs: the vendored zip without the entries of the modules the
    snapshot already holds imported (``snapshot.mjs --loaded``), about a quarter of it, so a repeat visit
    reads and writes less.  Checked by playing every game from the snapshot on it.  If anything fails:
    the whole zip (correct, just not smaller)."""
    stdlib = pyodide_dir / "python_stdlib.zip"
    wheel = _current_wheel()
    parts = [sha256(snapshot), app_digest()] + [sha256(pyodide_dir / n) for n in PYODIDE_FILES]
    tools = [SNAPSHOT_TOOL, PYCOMPILE, ROOT / "tools" / "restore.mjs", EARLY]
    key = hashlib.sha256("".join(parts).encode() + b"".join(t.read_bytes() for t in tools)).hexdigest()[:24]

    def make(tmp: Path) -> str:
        _need_node()
        proc = subprocess.run(["node", str(SNAPSHOT_TOOL), "--loaded", str(pyodide_dir), str(snapshot)],
                              capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            raise RuntimeError(f"exit {proc.returncode}: {proc.stderr.strip()[-800:]}")
        held = set(json.loads(proc.stdout.strip().splitlines()[-1])["files"])
        with zipfile.ZipFile(stdlib) as zin, zipfile.ZipFile(tmp, "w") as zout:
            infos = zin.infolist()
            kept = [i for i in infos if i.filename not in held]
            for info in kept:                            # as stored in the source: same order, times, no deflate
                zout.writestr(info, zin.read(info))
        check = exercise(tmp, wheel, snapshot=snapshot, runtime=pyodide_dir)
        if check["errors"] or not check["games"]:
            raise RuntimeError(f"the app fails from the snapshot on it: {check['errors'][:5]}")
        return (f"stdlib for snapshot starts: {len(kept)} of {len(infos)} entries "
                f"({tmp.stat().st_size / 1e6:.2f} of {stdlib.stat().st_size / 1e6:.2f} MB); "
                f"checked: {len(check['games'])} games play from the snapshot on it")

    return _cached("stdlib-rest", key, ".zip", make, warn="snapshot starts install the whole stdlib", fallback=stdlib)


def build_vendor(pyc: bool = True, prune: bool = True) -> None:
    if not (PYODIDE_NPM / "pyodide.mjs").exists() or not (PYSCRIPT_NPM / "core.js").exists():
        sys.exit("[build] node_modules missing: run `npm ci` first")
    for name in PYODIDE_FILES:
        src = PYODIDE_NPM / name
        if name == "python_stdlib.zip" and pyc:
            src = precompiled_stdlib(src) or src
            if prune and src != PYODIDE_NPM / name:
                src = prune_stdlib(src, _current_wheel(pyc)) or src
        _copy(patched_pyodide(name, src), VENDOR / "pyodide" / name)
    start_br_early()
    shipped = list(PYODIDE_FILES)
    snap = build_snapshot(VENDOR / "pyodide") if pyc else None
    if snap:
        _copy(snap, VENDOR / "pyodide" / SNAPSHOT)
        shipped.append(SNAPSHOT)
    # (always there, as index.html names it: without a snapshot, simply the whole stdlib)
    rest = rest_stdlib(VENDOR / "pyodide", snap) if snap else VENDOR / "pyodide" / "python_stdlib.zip"
    _copy(rest, VENDOR / "pyodide" / REST_STDLIB)
    shipped.append(REST_STDLIB)
    for name in shipped:
        if name != SNAPSHOT:                 # (compressed already)
            write_gz(VENDOR / "pyodide" / name)
    stale = {p.name for p in (VENDOR / "pyodide").iterdir() if not p.name.startswith(".")} - \
        set(shipped) - {n + ext for n in shipped for ext in (".gz", ".br")}
    for name in stale:
        (VENDOR / "pyodide" / name).unlink()
    wanted = pyscript_files()
    for patch, (file, _parts) in PYSCRIPT_PATCHES.items():
        if file not in {p.name for p in wanted}:
            degrade(f"PyScript has no {file} (another version?): shipped without the {patch} patch "
                    "(tools/build.py PYSCRIPT_PATCHES)")
    for src in wanted:
        _copy(patched_pyscript(src.name, src), VENDOR / "pyscript" / src.name)
    target = VENDOR / "pyscript" / PYSCRIPT_PYC
    data = pyscript_pycache(pyc)
    if not target.exists() or target.read_bytes() != data:
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, target)
    keep = {VENDOR / "pyscript" / p.name for p in wanted} | {target}
    keep |= {p.with_name(p.name + ".br") for p in keep}      # write_br() drops those it does not want
    for old in set((VENDOR / "pyscript").iterdir()) - keep:
        if not old.name.startswith("."):
            old.unlink()
    build_qrcode()
    size = sum(p.stat().st_size for p in VENDOR.rglob("*") if p.is_file() and p.suffix != ".br")
    log(f"runtime in {VENDOR.relative_to(ROOT)} ({size / 1e6:.1f} MB, {len(wanted)} pyscript files)")


def build_qrcode() -> None:
    """web/vendor/qrcode/: the QR code library as npm ships it (its ES module and its package.json, which
    names its version and licence), gzip beside it; nothing of it loads until an invitation is shown."""
    for src, name in QRCODE_FILES.items():
        if not (QRCODE_NPM / src).is_file():
            sys.exit(f"[build] node_modules/qrcode-generator/{src} missing: run `npm ci` first")
        _copy(QRCODE_NPM / src, VENDOR / "qrcode" / name)
    write_gz(VENDOR / "qrcode" / "qrcode.mjs")
    for old in (VENDOR / "qrcode").iterdir():
        if not old.name.startswith(".") and old.name.removesuffix(".gz").removesuffix(".br") not in QRCODE_FILES.values():
            old.unlink()


# ---------------------------------------------------------------- icons
def _png(size: int) -> bytes:
    """The app icon (web/icon.svg: a blue hexagon around a gold one) as a PNG, drawn here so the
    build needs no image library.  Manifest icons for platforms that want bitmaps."""
    import math
    import struct
    import zlib

    def hexagon(r):
        c = size / 2
        return [(c + r * math.sin(math.radians(a)), c - r * math.cos(math.radians(a))) for a in range(0, 360, 60)]

    def inside(poly, x, y):
        n, hit = len(poly), False
        for i in range(n):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        return hit

    outer, inner = hexagon(size * 0.47), hexagon(size * 0.25)
    bg, blue, gold = (246, 243, 236), (47, 93, 138), (242, 193, 78)
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            rows += bytes(gold if inside(inner, px, py) else blue if inside(outer, px, py) else bg)

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


ICON_SIZES = (192, 512)


def build_icons() -> None:
    folder = VENDOR / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    for n in ICON_SIZES:
        target = folder / f"icon-{n}.png"
        if target.exists() and target.stat().st_mtime >= Path(__file__).stat().st_mtime:
            continue                     # drawing takes a few seconds; same code, same picture
        data = _png(n)
        if not target.exists() or target.read_bytes() != data:
            tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
            tmp.write_bytes(data)
            os.replace(tmp, target)
        else:
            os.utime(target)


# ---------------------------------------------------------------- the service worker
SW_TEMPLATE = ROOT / "web" / "sw.js"
# PyScript chunks only its code editor and terminal plugins load (switched off in index.html)
SW_SKIP = re.compile(r"^web/vendor/pyscript/(codemirror|xterm)[^/]*$")
SW_BUILD_LINE = re.compile(r"^const BUILD = null;.*$", re.M)


def site_files(root: Path) -> list[str]:
    """The site's files the service worker precaches (paths relative to the site root, sorted)."""
    out = ["index.html"]
    for p in sorted((root / "web").rglob("*")):
        rel = p.relative_to(root).as_posix()
        if not p.is_file() or any(part.startswith(".") for part in p.relative_to(root).parts):
            continue
        if p.suffix in (".map", ".gz", ".br") or SW_SKIP.match(rel):
            continue
        out.append(rel)
    out.append(f"wheels/{wheel_name()}")
    out += [f"wheels/{part_name(g)}" for g in game_ids()]
    return out


def write_sw(root: Path = ROOT) -> str:
    """Write ``root/sw.js``: web/sw.js with the build id and every precached file's SHA-256.
    The build id is a hash over those; returns it."""
    files = {rel: sha256(root / rel) for rel in site_files(root) if (root / rel).is_file()}
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    template = (root / "web" / "sw.js").read_text(encoding="utf-8")
    build = json.dumps({"id": build_id, "files": files}, sort_keys=True, indent=0)
    text, n = SW_BUILD_LINE.subn(lambda _m: f"const BUILD = {build};", template, count=1)
    if n != 1:
        raise RuntimeError("web/sw.js: no `const BUILD = null;` line to fill in")
    target = root / "sw.js"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, target)
    return build_id


# ---------------------------------------------------------------- the site
SITE = ("index.html", "sw.js", "web", "wheels")


def _dist_ignore(folder: str, names: list[str]) -> set[str]:
    """Hidden files, source maps, and a ``.br``/``.gz`` older than its file (hosts serve those blindly)."""
    here = Path(folder)
    return {n for n in names if n.startswith(".") or n.endswith(".map")
            or (n.endswith((".br", ".gz")) and (here / n[:-3]).is_file() and not _fresh(here / n, here / n[:-3]))}


def build_dist(out: Path = DIST) -> Path:
    """dist/ (or ``out``): exactly the files the page needs, ready for any static host."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copy2(ROOT / "index.html", out / "index.html")
    shutil.copytree(ROOT / "web", out / "web", ignore=_dist_ignore)
    (out / "wheels").mkdir()
    for src in [wheel_path(), *part_paths()]:
        shutil.copy2(src, out / "wheels" / src.name)
        for sib in (src.with_name(src.name + ext) for ext in (".br", ".gz")):
            if _fresh(sib, src):         # copy2 keeps the mtimes: still fresh in dist/
                shutil.copy2(sib, out / "wheels" / sib.name)
    write_sw(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"static site in {_rel(out)}/ ({size / 1e6:.1f} MB); serve it with `python3 tools/serve.py {_rel(out)}`")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", nargs="?", default="all", choices=["all", "wheel", "vendor", "dist"])
    ap.add_argument("--no-pyc", action="store_true", help="skip the bytecode steps")
    ap.add_argument("--no-prune", action="store_true", help="ship the whole stdlib (not pruned to what the app imports)")
    ap.add_argument("--strict", action="store_true",
                    help="fail (exit 1) when a Pyodide patch does not apply or the memory snapshot cannot be made, "
                         "instead of warning; the default when CI is set")
    args = ap.parse_args(argv)
    global STRICT
    STRICT = STRICT or args.strict
    try:
        with lock():
            return _main(args)
    except BuildError as exc:
        print(f"[build] FAILED: {exc}", file=sys.stderr, flush=True)
        return 1
    finally:
        if _EARLY_BR is not None and _EARLY_BR.poll() is None:     # (a build that failed before write_br)
            _EARLY_BR.kill()
            _EARLY_BR.wait()


def _main(args) -> int:
    pyc = not args.no_pyc and os.environ.get("BOARDSHELF_NO_PYC") != "1"
    if args.what in ("all", "wheel", "dist"):
        build_wheel(pyc)
    if args.what in ("all", "vendor", "dist"):
        build_vendor(pyc, prune=not args.no_prune and os.environ.get("BOARDSHELF_NO_PRUNE") != "1")
        build_icons()
        write_br()                       # (`wheel` alone skips it: a stale .br is not served, gzip is)
    if args.what in ("all", "wheel", "vendor"):
        log(f"service worker ./sw.js, build {write_sw(ROOT)}")
    if args.what == "dist":
        build_dist()
    return 0


if __name__ == "__main__":
    sys.exit(main())

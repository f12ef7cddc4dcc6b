"""The build and the static shell (CPython only, fast: no browser, no node).

The wheel is built with ``--no-pyc`` semantics into a temporary folder so this test
needs neither node_modules nor the Pyodide compile step.
"""
from __future__ import annotations

import email.utils
import gzip
import html.parser
import json
import re
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from tool_modules import tool

ROOT = Path(__file__).resolve().parents[2]




build = tool("build")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    return build.build_wheel(pyc=False, out_dir=tmp_path_factory.mktemp("wheels"))


def test_wheel_name_is_stable(wheel):
    assert wheel.name == "pyapp-0.1.0-py3-none-any.whl"


def test_wheel_holds_the_package_and_its_data(wheel):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        assert zf.testzip() is None
        record = zf.read("pyapp-0.1.0.dist-info/RECORD").decode()
        meta = zf.read("pyapp-0.1.0.dist-info/METADATA").decode()
    assert {"pyapp/__init__.py", "pyapp/engine/core.py", "pyapp/games/__init__.py", "pyapp/sim.py"} <= names
    assert "Name: pyapp" in meta and "Version: 0.1.0" in meta and "Requires-Dist" not in meta
    # every file under pyapp (game content, rules pages) is in the wheel or in its game's part, once
    parts = set()
    for gid in build.game_ids():
        with zipfile.ZipFile(wheel.with_name(build.part_name(gid))) as zf:
            assert zf.testzip() is None
            parts |= set(zf.namelist())
    assert not names & parts
    data = [p.relative_to(ROOT).as_posix() for p in (ROOT / "pyapp").rglob("*")
            if p.is_file() and p.suffix in (".py", ".json", ".html", ".md") and "__pycache__" not in p.parts]
    missing = [n for n in data if n not in names | parts]
    assert not missing, missing
    assert not [n for n in names if "__pycache__" in n and not n.endswith(".pyc")]
    for n in names - {"pyapp-0.1.0.dist-info/RECORD"}:
        assert f"\n{n}," in "\n" + record, n


def test_wheel_is_reproducible(wheel, tmp_path):
    again = build.build_wheel(pyc=False, out_dir=tmp_path)
    assert again.read_bytes() == wheel.read_bytes()
    for gid in build.game_ids():
        assert (tmp_path / build.part_name(gid)).read_bytes() == wheel.with_name(build.part_name(gid)).read_bytes()


def test_wheel_imports_on_cpython(wheel, tmp_path):
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp_path)
    import subprocess
    code = "import pyapp, pyapp.games, pyapp.sim; print(pyapp.__file__, pyapp.__version__)"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert str(tmp_path) in out.stdout and "0.1.0" in out.stdout


def test_wheel_plays_imported_in_place(wheel, tmp_path):
    """The browser puts the wheel itself on sys.path (zipimport, nothing unpacked) and each game's part beside
    it when the game is first imported: every game's content and rules page must read from inside its zip, and
    a whole bot game must play."""
    import subprocess
    code = (
        "import sys, os; sys.path.insert(0, sys.argv[1])\n"
        "from pyapp import games, sim\n"
        "assert games.__file__.startswith(sys.argv[1]), games.__file__\n"
        "games.load_parts_with(lambda gid: games.add_part(os.path.join(os.path.dirname(sys.argv[1]), "
        f"{build.part_name('ID')!r}.replace('ID', gid))))\n"
        "ready = [g for g in games.catalog() if g['ready']]\n"
        "assert len(ready) >= 3, ready\n"
        "for g in ready:\n"
        "    page = open(f\"{sys.argv[2]}/pyapp/games/{g['id']}/rules.html\", encoding='utf-8').read()\n"
        "    assert games.get(g['id']).rules_html() == page, g['id']\n"
        "    r = sim.run(g['id'], 1, 1, ['random'] * g['min_players'])\n"
        "    assert r['errors'] == [] and r['finished'] == 1, r\n"
        "print('ok')\n")
    out = subprocess.run([sys.executable, "-S", "-c", code, str(wheel), str(ROOT)], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


# ------------------------------------------------------------- the static shell
class _Refs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls, self.scripts, self.py_config, self.py_code, self._in_py = [], [], None, "", False
        self.app = None
        self._in_inline = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("src", "href"):
            if a.get(key):
                self.urls.append(a[key])
        if tag == "div" and a.get("id") == "app":
            self.app = a
        if tag == "script" and a.get("type") == "py":
            self.py_config = a.get("config")
            self._in_py = True
        elif tag == "script" and not a.get("src") and a.get("type") in (None, "module"):
            self._in_inline = True

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_py = self._in_inline = False

    def handle_data(self, data):
        if self._in_py:
            self.py_code += data
        if self._in_inline:                   # files an inline script loads ("./web/...")
            self.urls += re.findall(r'"(\./[^"]+)"', data)


@pytest.fixture(scope="module")
def page():
    p = _Refs()
    p.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return p


def _local(url: str) -> bool:
    return url.startswith("./") and ".." not in url


def test_index_uses_only_relative_urls(page):
    assert page.urls
    bad = [u for u in page.urls if not _local(u)]
    assert not bad, f"index.html must use ./relative URLs only: {bad}"


XMLNS = re.compile(r"""xmlns(:\w+)?=["']http://www\.w3\.org/[^"']*["']""")


def test_no_external_hosts_in_the_shell():
    files = [ROOT / "index.html"] + [p for p in (ROOT / "web").rglob("*")
                                     if p.is_file() and "vendor" not in p.relative_to(ROOT / "web").parts]
    hits = []
    for f in files:
        if f.suffix not in (".html", ".css", ".js", ".mjs", ".json", ".svg", ".webmanifest", ".txt"):
            continue
        text = XMLNS.sub("", f.read_text(encoding="utf-8", errors="replace"))
        for m in re.finditer(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I):
            hits.append(f"{f.relative_to(ROOT)}: {m.group(0)}")
    assert not hits, hits


def test_pyscript_config_is_valid_and_local(page):
    assert page.py_config, "the <script type=py> needs a JSON config attribute"
    cfg = json.loads(page.py_config)
    assert cfg["interpreter"] == "./web/vendor/pyodide/pyodide.mjs"
    assert all(_local(src) for src in cfg["files"]), cfg["files"]
    # the wheel is written as one file and imported in place (zipimport): nothing is unpacked
    wheel = build.wheel_name()
    assert cfg["files"][f"./wheels/{wheel}"] == f"./{wheel}"
    assert cfg["files"]["./web/vendor/pyscript/pyscript-pyc.zip"] == "./*"
    assert "./web/vendor/pyscript/core.js" in page.urls
    assert "packages" not in cfg, "no micropip: packages would need a package index"
    lines = [line.split("#")[0].strip() for line in page.py_code.strip().splitlines()]
    assert lines == ["import os, sys", f'sys.path.insert(0, os.path.abspath("{wheel}"))',
                     "from pyapp.browser.main import start", "start()"]


def test_import_map_hands_pyscript_the_early_pyodide():
    text = (ROOT / "index.html").read_text(encoding="utf-8")
    raw = re.search(r'<script type="importmap">(.*?)</script>', text, re.S).group(1)
    scopes = json.loads(raw)["scopes"]
    assert scopes == {"./web/vendor/pyscript/": {"./web/vendor/pyodide/pyodide.mjs": "./web/pyodide-early.mjs"}}
    assert (ROOT / "web" / "pyodide-early.mjs").is_file()
    assert text.index('type="importmap"') < text.index('type="module"'), "the import map must come first"


def test_loading_indicator_is_in_the_app_root():
    text = (ROOT / "index.html").read_text(encoding="utf-8")
    body = text.split('<div id="app"', 1)[1].split("<script", 1)[0]
    assert 'class="boot-spinner"' in body and "Loading" in body
    css = (ROOT / "web" / "app.css").read_text(encoding="utf-8")
    assert ".boot-spinner" in css and "@keyframes" in css
    assert './web/app.css' in text and './web/ui.css' in text


def test_the_page_links_the_app_stylesheets_and_no_game_s(page):
    """The app's stylesheets come with the page; each game's (web/<id>.css, named by its declaration) is
    loaded with the game when it is opened (pyapp/browser/main.py), so the shelf waits for none of them."""
    from pyapp import games
    ids = [g["id"] for g in games.catalog()]
    assert {"./web/app.css", "./web/ui.css"} <= set(page.urls)
    for gid in ids:
        assert (ROOT / "web" / f"{gid}.css").is_file(), gid
        assert f"./web/{gid}.css" not in page.urls
    sheets = sorted(p.stem for p in (ROOT / "web").glob("*.css"))
    assert [s for s in sheets if s not in ids and s not in ("app", "ui")] == []


def test_serve_mime_types():
    serve = tool("serve")
    m = serve.Handler.extensions_map
    assert m[".wasm"] == "application/wasm"
    assert m[".mjs"].startswith("text/javascript") and m[".js"].startswith("text/javascript")


def test_vendored_runtime_when_built():
    vendor = ROOT / "web" / "vendor"
    if not vendor.exists():
        pytest.skip("not built (make build)")
    for name in build.PYODIDE_FILES:
        assert (vendor / "pyodide" / name).stat().st_size > 0, name
    for name in ("core.js", "core.css"):
        assert (vendor / "pyscript" / name).exists()
    core = (vendor / "pyscript" / "core.js").read_text()
    for chunk in re.findall(r'from\s*"\./([\w.-]+\.js)"', core):
        assert (vendor / "pyscript" / chunk).exists(), chunk
    page = _Refs()
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    cfg = json.loads(page.py_config)
    missing = [u for u in page.urls + list(cfg["files"]) + [cfg["interpreter"]]
               if not (ROOT / u).is_file()]
    assert not missing, f"index.html names files the build did not produce: {missing}"
    with zipfile.ZipFile(vendor / "pyodide" / "python_stdlib.zip") as zf:
        names = zf.namelist()
    assert any(n.startswith("json/__init__.py") for n in names)


def test_inline_preloads_name_the_runtime_files(page):
    """The first-visit preloads (an inline script) name the wasm, the stdlib, the wheel and PyScript."""
    for url in ("./web/vendor/pyodide/pyodide.asm.wasm", "./web/vendor/pyodide/python_stdlib.zip",
                f"./wheels/{build.wheel_name()}", "./web/vendor/pyscript/core.js"):
        assert url in page.urls, url


def test_every_visit_preloads_pyodides_javascript():
    """pyodide.asm.mjs is on the critical path of every start (repeat visits too): a static
    modulepreload in the head, not only among the first-visit preloads."""
    head = (ROOT / "index.html").read_text(encoding="utf-8").split("<script>", 1)[0]
    assert '<link rel="modulepreload" href="./web/vendor/pyodide/pyodide.asm.mjs">' in head


def test_memory_snapshot_when_built():
    """web/vendor/pyodide/snapshot.bin (tools/snapshot.mjs): gzip of the sparse form web/pyodide-early.mjs
    expands, holding a Pyodide snapshot of this very runtime, precached by the service worker.  The
    vendored runtime carries the restore patch, so it is the form that patch writes in place (BSSNAP03):
    Pyodide's header, then runs of memory, in order, not overlapping: below `low` (the static data) only
    what differs from the wasm's data segments, a few percent of it; above, the non-zero bytes."""
    vendor = ROOT / "web" / "vendor" / "pyodide"
    if not (vendor / "pyodide.mjs").exists():
        pytest.skip("not built (make build)")
    packed = (vendor / build.SNAPSHOT).read_bytes()
    data = gzip.decompress(packed)
    assert data[:8] == b"BSSNAP03" and len(packed) < len(data) / 2
    size, header, count, _hash, low = struct.unpack_from("<IIIII", data, 8)
    assert size % 65536 == 0 and 16 <= header < 4096
    # `low` is where the stack starts: the runtime's static data (over 3 MB of data segments) lies below
    assert 2**20 < low < size / 2
    pyodide_header = data[28:28 + header]
    pos, end_of_last, stored, stored_low = 28 + header, 0, 0, 0
    for _ in range(count):
        off, length = struct.unpack_from("<II", data, pos)
        assert off >= end_of_last and length > 0 and off + length <= size
        assert off >= low or off + length <= low                  # no run across `low`
        run = data[pos + 8:pos + 8 + length]
        if off >= low:
            assert run[:1] != b"\0" and run[-1:] != b"\0"    # runs above `low` start and end on non-zero bytes
        else:
            stored_low += length
        pos, end_of_last, stored = pos + 8 + length, off + length, stored + length
    assert pos == len(data)
    assert stored < size / 3
    # below `low` only what the start-up changed in the static data, not the data segments themselves
    assert 0 < stored_low < low / 10
    asm = (vendor / "pyodide.asm.mjs").read_text(encoding="utf-8", errors="replace")
    assert "boardshelfRuns" in asm
    var = re.search(r'e\[0\] !== ([\w$]+)\) throw new Error\("Snapshot has invalid magic number', asm).group(1)
    magic = int(re.search(r"(?<![\w$])" + re.escape(var) + r"=(\d+)", asm).group(1))
    assert struct.unpack_from("<I", pyodide_header, 0)[0] == magic
    assert struct.unpack_from("<I", pyodide_header, 4)[0] == header      # Pyodide's offset of the memory
    assert f"web/vendor/pyodide/{build.SNAPSHOT}" in build.site_files(ROOT)
    # and the stdlib a snapshot start installs (tests/runtime/test_stdlib_pruned.py plays on it)
    assert f"web/vendor/pyodide/{build.REST_STDLIB}" in build.site_files(ROOT)
    assert (vendor / build.REST_STDLIB).stat().st_size < (vendor / "python_stdlib.zip").stat().st_size


def test_build_cache_entries_are_made_once_and_pruned_by_kind(tmp_path, monkeypatch):
    """tools/build.py's cache: an artifact is made once (atomic rename), a new one prunes the old entries
    of its own kind only (the precompiled stdlib once pruned the pruned stdlib's entries too), and a failed
    make leaves no file: the build warns and takes the fallback, or the error propagates."""
    import os
    import time
    monkeypatch.setattr(build, "CACHE", tmp_path)
    hour_ago = time.time() - 3600
    for name in ("stdlib-" + "a" * 24 + ".zip", "stdlib-pruned-" + "b" * 24 + ".zip"):
        (tmp_path / name).write_text("old")
        os.utime(tmp_path / name, (hour_ago, hour_ago))
    made = []
    path = build._cached("stdlib", "c" * 24, ".zip", lambda tmp: made.append(tmp.write_text("new")))
    assert path == tmp_path / ("stdlib-" + "c" * 24 + ".zip") and path.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name, "stdlib-pruned-" + "b" * 24 + ".zip"]
    assert build._cached("stdlib", "c" * 24, ".zip", lambda tmp: made.append(1)) == path and len(made) == 1

    def fails(tmp):
        tmp.write_text("half")
        raise RuntimeError("no node")
    assert build._cached("snapshot", "d" * 24, ".bin", fails, warn="no snapshot", fallback="fallback") == "fallback"
    with pytest.raises(RuntimeError, match="no node"):
        build._cached("snapshot", "d" * 24, ".bin", fails)
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name, "stdlib-pruned-" + "b" * 24 + ".zip"]


def test_strict_build_fails_where_a_developer_build_warns(tmp_path, monkeypatch, capsys):
    """A Pyodide patch that does not fit (its function's digest differs) or a memory snapshot that cannot
    be made: a developer's build warns and ships without it; with CI set or --strict the build stops
    with BuildError, which main() turns into exit status 1."""
    fake = tmp_path / "pyodide.mjs"                  # not the reviewed pyodide.mjs: compile-early cannot apply
    fake.write_text('function Ie(e){return e}o(Ie,"getInstantiateWasmFunc");\n', encoding="utf-8")
    monkeypatch.setattr(build, "STRICT", False)
    for off in ("", "0", "false"):
        monkeypatch.setenv("CI", off)
        assert not build.strict()
        assert build.patched_pyodide("pyodide.mjs", fake) == fake
        assert "WARNING: pyodide.mjs is not the reviewed one" in capsys.readouterr().out
    monkeypatch.setenv("CI", "true")
    with pytest.raises(build.BuildError, match="shipped without the compile-early patch"):
        build.patched_pyodide("pyodide.mjs", fake)
    monkeypatch.delenv("CI")
    monkeypatch.setattr(build, "STRICT", True)                       # --strict
    with pytest.raises(build.BuildError, match="strict build"):
        build.patched_pyodide("pyodide.mjs", fake)

    # the snapshot: made by tools/snapshot.mjs under Node; here Node "is missing"
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(build, "node_ok", lambda: False)
    for name in build.PYODIDE_FILES:
        (tmp_path / name).write_bytes(b"not a runtime")
    with pytest.raises(build.BuildError, match="no memory snapshot"):
        build.build_snapshot(tmp_path)
    monkeypatch.setattr(build, "STRICT", False)
    assert build.build_snapshot(tmp_path) is None
    assert "WARNING: no memory snapshot" in capsys.readouterr().out

    # main(): a clear message and a non-zero exit, not a traceback
    def broken(args):
        raise build.BuildError("pyodide.mjs is not the reviewed one")
    monkeypatch.setattr(build, "_main", broken)
    assert build.main(["vendor", "--strict"]) == 1
    assert "[build] FAILED: pyodide.mjs is not the reviewed one" in capsys.readouterr().err


def test_serve_gzips_like_a_static_host(tmp_path):
    """tools/serve.py: gzip for browsers that accept it (the bytes a static host would send), plain otherwise."""
    import gzip
    import urllib.request
    serve = tool("serve")
    (tmp_path / "big.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 200)
    (tmp_path / "tiny.js").write_text("x")
    stats = serve.Stats()
    server, base = serve.start(tmp_path, stats=stats)
    try:
        req = urllib.request.Request(base + "big.wasm", headers={"Accept-Encoding": "gzip, br"})
        with urllib.request.urlopen(req) as r:
            body = r.read()
            assert r.headers["Content-Encoding"] == "gzip" and r.headers["Content-Type"] == "application/wasm"
        assert gzip.decompress(body) == (tmp_path / "big.wasm").read_bytes()
        assert stats.take() > len(body)
        with urllib.request.urlopen(base + "big.wasm") as r:
            assert r.headers.get("Content-Encoding") is None
            assert r.read() == (tmp_path / "big.wasm").read_bytes()
        req = urllib.request.Request(base + "tiny.js", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req) as r:
            assert r.headers.get("Content-Encoding") is None and r.read() == b"x"
    finally:
        server.shutdown()
        server.server_close()


def _request(base: str, path: str, encoding: str | None, method: str = "GET", headers: dict | None = None):
    """(status, headers, body) of one request, with exactly this Accept-Encoding (none if None)."""
    import http.client
    from urllib.parse import urlsplit
    u = urlsplit(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    try:
        conn.putrequest(method, "/" + path, skip_accept_encoding=True)
        if encoding is not None:
            conn.putheader("Accept-Encoding", encoding)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        conn.endheaders()
        r = conn.getresponse()
        return r.status, r.headers, r.read()
    finally:
        conn.close()


def test_serve_sends_a_fresh_brotli_sibling(tmp_path):
    """tools/serve.py: brotli from the build's fresh `.br` sibling (its bytes as they are) when the
    browser accepts br, gzip when br is refused or the sibling is stale, the file itself otherwise."""
    import os
    serve = tool("serve")
    src = tmp_path / "big.wasm"
    src.write_bytes(b"\0asm" + bytes(range(256)) * 200)
    sibling = tmp_path / "big.wasm.br"
    sibling.write_bytes(b"not really brotli: the server never decodes it " * 3)
    (tmp_path / "tiny.js").write_text("x")
    (tmp_path / "tiny.js.br").write_bytes(b"nope")
    st = src.stat()
    os.utime(sibling, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    stats = serve.Stats()
    server, base = serve.start(tmp_path, stats=stats)
    try:
        for accept in ("gzip, deflate, br", "gzip, deflate, br, zstd", "br", "BR;q=1.0", "*",
                       "gzip;q=0, br", "gzip;q=0.5, br;q=0.5", "identity;q=0.1, br;q=0.2"):
            status, h, body = _request(base, "big.wasm", accept)
            assert (status, h["Content-Encoding"], body) == (200, "br", sibling.read_bytes()), accept
            assert h["Content-Type"] == "application/wasm" and h["Vary"] == "Accept-Encoding"
            assert h["Content-Length"] == str(sibling.stat().st_size)
            assert h["Last-Modified"] == email.utils.formatdate(int(st.st_mtime), usegmt=True)
        stats.take()
        status, h, body = _request(base, "big.wasm", "gzip, br")
        sent = stats.take()                  # the bench's first-visit bytes: headers + the .br body, as sent
        assert len(body) + len(str(h)) < sent < len(body) + 2 * len(str(h)), (sent, len(body))
        for accept in ("br;q=0, gzip", "gzip, br;q=0.000", "gzip;q=0.9, br;q=0.5", "gzip, deflate", "x-gzip",
                       "gzip;q=1, *;q=0.1"):
            status, h, body = _request(base, "big.wasm", accept)
            assert (status, h["Content-Encoding"]) == (200, "gzip"), accept
            assert gzip.decompress(body) == src.read_bytes() and h["Vary"] == "Accept-Encoding"
        for accept in (None, "", "identity", "br;q=0", "deflate, zstd", "*;q=0", "br;q=x"):
            status, h, body = _request(base, "big.wasm", accept)
            assert (status, h["Content-Encoding"], body) == (200, None, src.read_bytes()), accept
            assert h["Vary"] == "Accept-Encoding"
        status, h, body = _request(base, "tiny.js", "br, gzip")           # under 1 KiB: as it is
        assert (h["Content-Encoding"], body) == (None, b"x")
        # HEAD: the same headers, no body
        status, h, body = _request(base, "big.wasm", "gzip, deflate, br", method="HEAD")
        assert (status, h["Content-Encoding"], h["Content-Length"], body) == \
            (200, "br", str(sibling.stat().st_size), b"")
        # revalidation: 304, whatever the encoding
        status, h, body = _request(base, "big.wasm", "br", headers={"If-Modified-Since": h["Last-Modified"]})
        assert (status, body, h["Vary"]) == (304, b"", "Accept-Encoding")
        # a `.br` older than its file (a rebuilt file, not yet recompressed) is not used: gzip then
        os.utime(sibling, ns=(st.st_atime_ns, st.st_mtime_ns - 1_000_000_000))
        status, h, body = _request(base, "big.wasm", "gzip, deflate, br")
        assert h["Content-Encoding"] == "gzip" and gzip.decompress(body) == src.read_bytes()
        status, h, body = _request(base, "big.wasm", "br")
        assert h["Content-Encoding"] is None and body == src.read_bytes()
    finally:
        server.shutdown()
        server.server_close()
    # compression off (--no-compress, formerly --no-gzip): the files as they are, brotli sibling or not
    server, base = serve.start(tmp_path, compress=False)
    try:
        os.utime(sibling, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
        status, h, body = _request(base, "big.wasm", "gzip, deflate, br")
        assert (h["Content-Encoding"], body) == (None, src.read_bytes())
    finally:
        server.shutdown()
        server.server_close()
    assert serve.arg_parser().parse_args(["--no-gzip"]).no_compress          # the old name still works
    assert serve.arg_parser().parse_args(["--no-compress"]).no_compress
    assert not serve.arg_parser().parse_args([]).no_compress


def test_accept_encoding_parsing():
    serve = tool("serve")
    parse = serve.accepted_codings
    assert parse("gzip, deflate, br, zstd") == {"gzip": 1.0, "deflate": 1.0, "br": 1.0, "zstd": 1.0}
    assert parse(" BR ; Q=0 ,gzip;q=0.8") == {"br": 0.0, "gzip": 0.8}
    assert parse(None) == {} and parse("") == {} and parse(" , ,") == {}
    assert parse("x-gzip;q=0.5")["gzip"] == 0.5 and parse("br;q=2")["br"] == 1.0 and parse("br;q=")["br"] == 0.0
    assert serve.coding_q(parse("*;q=0.3, gzip"), "br") == 0.3
    assert serve.coding_q(parse("gzip"), "br") == 0.0


def test_build_and_serve_compress_the_same_types():
    assert set(build.COMPRESSIBLE) == tool("serve").COMPRESSIBLE
    assert build.MIN_COMPRESS == tool("serve").MIN_COMPRESS


NODE = shutil.which("node")


def _node_brotli_decode(pairs: list[tuple[Path, Path]]) -> list[str]:
    """For each (file.br, file): whether node's zlib.brotliDecompressSync gives exactly the file
    (Python's standard library has no brotli).  Returns the mismatches."""
    script = ("const fs = require('fs'), zlib = require('zlib'); const a = process.argv.slice(1); const bad = [];"
              "for (let i = 0; i < a.length; i += 2) {"
              "  const out = zlib.brotliDecompressSync(fs.readFileSync(a[i]));"
              "  if (!out.equals(fs.readFileSync(a[i + 1]))) bad.push(a[i]); }"
              "console.log(JSON.stringify(bad));")
    args = [str(x) for pair in pairs for x in pair]
    proc = subprocess.run([NODE, "-e", script, *args], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.skipif(NODE is None, reason="needs node (tools/brotli.mjs uses Node's zlib)")
def test_brotli_tool_is_deterministic_and_decodes(tmp_path):
    files = [tmp_path / "a.wasm", tmp_path / "b.js"]
    files[0].write_bytes(bytes(range(256)) * 300 + b"\0" * 5000)
    files[1].write_text("export const x = 1;\n" * 400)
    run = [NODE, str(ROOT / "tools" / "brotli.mjs"), *map(str, files)]
    proc = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert [f["file"] for f in report["files"]] == [str(f) for f in files] and report["failed"] == []
    first = [f.with_name(f.name + ".br").read_bytes() for f in files]
    assert [len(b) for b in first] == [f["br"] for f in report["files"]]
    assert all(len(b) < f.stat().st_size / 4 for b, f in zip(first, files))
    assert subprocess.run(run, capture_output=True, timeout=120).returncode == 0
    assert [f.with_name(f.name + ".br").read_bytes() for f in files] == first        # no timestamp inside
    assert _node_brotli_decode([(f.with_name(f.name + ".br"), f) for f in files]) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.wasm", "a.wasm.br", "b.js", "b.js.br"]   # no temp left


@pytest.mark.skipif(NODE is None, reason="needs node to decode brotli (Python's standard library has none)")
def test_brotli_siblings_when_built():
    """Every `.br` the build wrote under web/vendor and wheels/ decodes to exactly its file; every
    compressible runtime file of 1 KiB or more has one; the snapshot (gzip inside) has none."""
    vendor = ROOT / "web" / "vendor" / "pyodide"
    if not (vendor / "pyodide.asm.wasm").exists() or not build.wheel_path().exists():
        pytest.skip("not built (make build)")
    # built on a machine with node (this test needs it too): the brotli step must have run
    assert (vendor / "pyodide.asm.wasm.br").exists(), "no .br files: the build's brotli step failed (see its log)"
    written = sorted(p for d in (vendor, ROOT / "web" / "vendor" / "pyscript", build.WHEELS) for p in d.glob("*.br"))
    sources = build.br_sources()
    assert not (vendor / (build.SNAPSHOT + ".br")).exists()
    assert build.SNAPSHOT not in {p.name for p in sources}
    assert {p.with_name(p.name[:-3]) for p in written} <= set(sources), "a .br without its file"
    stale = [p for p in sources if not build._fresh(p.with_name(p.name + ".br"), p)]
    fresh = [p for p in sources if p not in stale]
    # the wheel may be newer than its .br (`tools/build.py wheel` or the browser tests rebuild it alone)
    assert not [p for p in stale if p.parent != build.WHEELS], f"older than their file (python3 tools/build.py): {stale}"
    names = {p.name for p in fresh}
    assert {"pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide.mjs"} <= names
    assert any(n.startswith("core-") and n.endswith(".js") for n in names)
    assert _node_brotli_decode([(p.with_name(p.name + ".br"), p) for p in fresh]) == []
    wasm = vendor / "pyodide.asm.wasm"
    assert (vendor / "pyodide.asm.wasm.br").stat().st_size < 0.85 * (vendor / "pyodide.asm.wasm.gz").stat().st_size
    # the service worker precaches files, never their compressed siblings
    assert wasm.relative_to(ROOT).as_posix() in build.site_files(ROOT)
    assert not [f for f in build.site_files(ROOT) if f.endswith((".br", ".gz"))]


def test_dist_leaves_out_stale_compressed_siblings(tmp_path):
    """A host's brotli_static / gzip_static does not compare dates: dist/ gets no sibling older than its file."""
    import os
    (tmp_path / "a.js").write_text("a")
    (tmp_path / "b.js").write_text("b")
    for n in ("a.js.br", "a.js.gz", "b.js.br", "orphan.js.br"):
        (tmp_path / n).write_bytes(b"z")
    mtime = (tmp_path / "a.js").stat().st_mtime_ns
    os.utime(tmp_path / "b.js.br", ns=(mtime, mtime - 10**9))
    os.utime(tmp_path / "b.js", ns=(mtime, mtime))
    names = sorted(p.name for p in tmp_path.iterdir()) + [".hidden", "x.js.map"]
    assert build._dist_ignore(str(tmp_path), names) == {"b.js.br", ".hidden", "x.js.map"}


def test_wheel_entries_are_stored(wheel):
    """Stored, not deflated: no inflating on unpack; the server compresses the whole file."""
    for z in [wheel, *build.part_paths(wheel.parent)]:
        with zipfile.ZipFile(z) as zf:
            assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}, z.name


def test_the_worker_precaches_every_game_part_and_the_wheel_holds_no_game_code(wheel, tmp_path):
    """Issue 33 item 6: each game's code is a part the page fetches when the game is opened; the service worker
    stores every part with the build (offline, any game opens), and the wheel the shelf starts from is smaller
    than the wheel with the games (1.17 of 4.06 MB uncompressed when this was written)."""
    (tmp_path / "index.html").write_text("x")
    listed = build.site_files(tmp_path)
    assert [f"wheels/{build.part_name(g)}" for g in build.game_ids()] == [n for n in listed if n.endswith(".zip")
                                                                             and "/pyapp-" in n]
    parts = sum(p.stat().st_size for p in build.part_paths(wheel.parent))
    assert wheel.stat().st_size * 2 < parts
    with zipfile.ZipFile(wheel) as zf:
        assert not [n for n in zf.namelist() if n.endswith((".py", ".pyc")) and n.count("/") > 2
                    and n.startswith("pyapp/games/")]


def test_sw_template_has_the_build_line():
    text = (ROOT / "web" / "sw.js").read_text(encoding="utf-8")
    assert build.SW_BUILD_LINE.search(text)


def test_manifest_is_relative():
    m = json.loads((ROOT / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert m["start_url"] == "../" and m["scope"] == "../" and m["name"] == "Boardshelf"
    assert all(not i["src"].startswith(("/", "http")) for i in m["icons"])
    assert './web/manifest.webmanifest' in (ROOT / "index.html").read_text(encoding="utf-8")


EXPAND_JS = """
import { pathToFileURL } from "node:url";
const early = await import(pathToFileURL(process.argv[1]).href);
const out = {};
for (const [name, hex] of Object.entries(JSON.parse(process.argv[2]))) {
  try {
    const img = early.expandSnapshot(Buffer.from(hex, "hex"));
    const r = img.boardshelfRuns;
    out[name] = { length: img.length, bytes: img.byteLength,
                  image: Buffer.from(img.buffer, img.byteOffset, img.byteLength).toString("hex"),
                  runs: r ? Array.from(r.runs) : null, hash: r ? r.memoryHash : null, low: r ? r.low : null };
  } catch (err) { out[name] = { error: err.message }; }
}
out.hash = early.memoryHash(new Uint8Array([1, 0, 0, 0, 2, 0, 0, 0]));
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="needs node")
def test_expand_snapshot_reads_both_forms_and_refuses_damage():
    """web/pyodide-early.mjs's expandSnapshot: the plain form (BSSNAP01) becomes the whole image; the
    sparse one (BSSNAP03) only Pyodide's header, which says the memory's size as its length (Pyodide
    sizes the memory by it), with the runs and `low` attached for the patched restore, offsets counted
    from the image's start; a truncated or overlong file, or a run across `low`, is refused."""
    u32 = lambda *v: struct.pack(f"<{len(v)}I", *v)     # noqa: E731
    plain = b"BSSNAP01" + u32(16, 2) + u32(0, 2) + b"\x07\x08" + u32(8, 3) + b"abc"
    header = b"HDR!" + u32(16) + bytes(8)          # Pyodide's header: its second word is its own length
    sparse = b"BSSNAP03" + u32(12, len(header), 2, 0xDEADBEEF, 4) + header + u32(1, 2) + b"xy" + u32(9, 1) + b"z"
    top = b"BSSNAP03" + u32(12, len(header))

    def runs(*rs):
        return top + u32(len(rs), 0, 4) + header + b"".join(u32(o, len(d)) + d for o, d in rs)
    cases = {"plain": plain, "sparse": sparse, "truncated": sparse[:-1], "overlong": sparse + b"\0",
             "outside": runs((11, b"xy")), "overlapping": runs((1, b"xyz"), (2, b"q")),
             "unsorted": runs((9, b"z"), (1, b"xy")), "other": b"BSSNAP09" + bytes(16),
             "across low": runs((3, b"xy")), "low beyond memory": top + u32(0, 0, 13) + header,
             "up to low": runs((2, b"xy")), "from low": runs((4, b"xy")),
             "header elsewhere": b"BSSNAP03" + u32(12, len(header), 0, 0, 0) + b"HDR!" + u32(20) + bytes(8)}
    proc = subprocess.run([NODE, "--input-type=module", "-e", EXPAND_JS, str(ROOT / "web" / "pyodide-early.mjs"),
                           json.dumps({k: v.hex() for k, v in cases.items()})], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert bytes.fromhex(out["plain"]["image"]) == b"\x07\x08" + bytes(6) + b"abc" + bytes(5)
    assert out["plain"]["length"] == out["plain"]["bytes"] == 16
    assert out["plain"]["runs"] is None
    s = out["sparse"]
    # (no 30 MiB of zeros allocated beside the wasm memory: only the header is there)
    assert s["length"] == 16 + 12 and s["bytes"] == 16 and bytes.fromhex(s["image"]) == header
    # (image offset, length, position in the file) per run: the patched restore writes data[pos:pos+len]
    # at image offset - header size
    assert s["runs"] == [16 + 1, 2, sparse.index(b"xy"), 16 + 9, 1, sparse.index(b"z")] and s["hash"] == 0xDEADBEEF
    assert s["low"] == 4
    # a run may end at `low` or start there (only one across it is refused)
    assert out["up to low"]["runs"][:2] == [16 + 2, 2] and out["from low"]["runs"][:2] == [16 + 4, 2]
    for bad in ("truncated", "overlong", "outside", "overlapping", "unsorted", "other", "header elsewhere",
                "across low", "low beyond memory"):
        assert "error" in out[bad], bad
    # FNV-1a over 32-bit words
    h = 0x811C9DC5
    for w in (1, 2):
        h = ((h ^ w) * 16777619) & 0xFFFFFFFF
    assert out["hash"] == h


def test_the_setup_screens_first_game_facts_come_from_the_wheel_alone(wheel, tmp_path):
    """The setup screen shows each game's players, length and how to win (its first_game.json) and offers the guided
    game: both are read through the games package from the wheel, before the game's part is loaded (the facts were
    missing from every setup screen when first_game.json went into the parts: the "How to win" box never drew)."""
    import subprocess
    code = ("import json, sys; sys.path.insert(0, sys.argv[1])\n"
            "from pyapp import games\n"
            "from pyapp.ui import glance, coach\n"
            "ids = [d['id'] for d in games.declarations()]\n"
            "print(json.dumps([[g, glance.first_game(g) is not None] for g in ids]))\n"
            "assert not [m for m in sys.modules if m.startswith('pyapp.games.') and m.count('.') == 2], 'a game was imported'\n")
    out = subprocess.run([sys.executable, "-S", "-c", code, str(wheel)], cwd=tmp_path, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [[g, True] for g in build.game_ids()]

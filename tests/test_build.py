"""The build and the static shell (CPython only, fast: no browser, no node).

The wheel is built with ``--no-pyc`` semantics into a temporary folder so this test
needs neither node_modules nor the Pyodide compile step.
"""
from __future__ import annotations

import gzip
import html.parser
import importlib.util
import json
import re
import struct
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"_bs_{name}", ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


build = _load("build")


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
    # every data file under pyapp (game content, rules pages) is in the wheel
    data = [p.relative_to(ROOT).as_posix() for p in (ROOT / "pyapp").rglob("*")
            if p.is_file() and p.suffix in (".json", ".html", ".md") and "__pycache__" not in p.parts]
    missing = [n for n in data if n not in names]
    assert not missing, missing
    assert not [n for n in names if "__pycache__" in n and not n.endswith(".pyc")]
    for n in names - {"pyapp-0.1.0.dist-info/RECORD"}:
        assert f"\n{n}," in "\n" + record, n


def test_wheel_is_reproducible(wheel, tmp_path):
    again = build.build_wheel(pyc=False, out_dir=tmp_path)
    assert again.read_bytes() == wheel.read_bytes()


def test_wheel_imports_on_cpython(wheel, tmp_path):
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp_path)
    import subprocess
    code = "import pyapp, pyapp.games, pyapp.sim; print(pyapp.__file__, pyapp.__version__)"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert str(tmp_path) in out.stdout and "0.1.0" in out.stdout


def test_wheel_plays_imported_in_place(wheel, tmp_path):
    """The browser puts the wheel itself on sys.path (zipimport, nothing unpacked): every game's
    content and rules page must read from inside the zip, and a whole bot game must play."""
    import subprocess
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from pyapp import games, sim\n"
        "assert games.__file__.startswith(sys.argv[1]), games.__file__\n"
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


def test_serve_mime_types():
    serve = _load("serve")
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


def test_memory_snapshot_when_built():
    """web/vendor/pyodide/snapshot.bin (tools/snapshot.mjs): gzip of the sparse format web/pyodide-early.mjs
    expands, holding a Pyodide snapshot of this very runtime, precached by the service worker."""
    vendor = ROOT / "web" / "vendor" / "pyodide"
    if not (vendor / "pyodide.mjs").exists():
        pytest.skip("not built (make build)")
    packed = (vendor / build.SNAPSHOT).read_bytes()
    data = gzip.decompress(packed)
    assert data[:8] == b"BSSNAP01" and len(packed) < len(data) / 2
    size, count = struct.unpack_from("<II", data, 8)
    image = bytearray(size)
    pos, end_of_last = 16, 0
    for _ in range(count):
        off, length = struct.unpack_from("<II", data, pos)
        assert off >= end_of_last and off + length <= size and off % 4096 == 0
        image[off:off + length] = data[pos + 8:pos + 8 + length]
        pos, end_of_last = pos + 8 + length, off + length
    assert pos == len(data)
    asm = (vendor / "pyodide.asm.mjs").read_text(encoding="utf-8", errors="replace")
    var = re.search(r'e\[0\]!==([\w$]+)\)throw new Error\("Snapshot has invalid magic number', asm).group(1)
    magic = int(re.search(re.escape(var) + r"=(\d+)", asm).group(1))
    assert struct.unpack_from("<I", image, 0)[0] == magic
    assert f"web/vendor/pyodide/{build.SNAPSHOT}" in build.site_files(ROOT)


def test_serve_gzips_like_a_static_host(tmp_path):
    """tools/serve.py: gzip for browsers that accept it (the bytes a static host would send), plain otherwise."""
    import gzip
    import urllib.request
    serve = _load("serve")
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


def test_wheel_entries_are_stored(wheel):
    """Stored, not deflated: no inflating on unpack; the server compresses the whole file."""
    with zipfile.ZipFile(wheel) as zf:
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}


def test_sw_template_has_the_build_line():
    text = (ROOT / "web" / "sw.js").read_text(encoding="utf-8")
    assert build.SW_BUILD_LINE.search(text)


def test_manifest_is_relative():
    m = json.loads((ROOT / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert m["start_url"] == "../" and m["scope"] == "../" and m["name"] == "Boardshelf"
    assert all(not i["src"].startswith(("/", "http")) for i in m["icons"])
    assert './web/manifest.webmanifest' in (ROOT / "index.html").read_text(encoding="utf-8")

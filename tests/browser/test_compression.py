"""A first visit downloads the runtime brotli-compressed: the build's `.br` siblings (tools/brotli.mjs),
sent by tools/serve.py to a browser that accepts br (Chromium does, on http://127.0.0.1 too)."""
from __future__ import annotations

import shutil

import pytest

from harness import wait_ready

BIG = ("web/vendor/pyodide/pyodide.asm.wasm", "web/vendor/pyodide/python_stdlib.zip",
       "web/vendor/pyodide/pyodide.asm.mjs")


@pytest.mark.fresh_context          # a first visit, and a listener on the page
def test_first_visit_downloads_brotli(site, page):
    root = site.root
    missing = [f for f in BIG if not (root / (f + ".br")).is_file()
               or (root / (f + ".br")).stat().st_mtime_ns < (root / f).stat().st_mtime_ns]
    if shutil.which("node") is None:
        pytest.skip("built without node: no brotli (tools/brotli.mjs uses Node's zlib)")
    assert not missing, f"no fresh .br sibling: the build's brotli step failed? {missing}"
    encodings = {}
    page.on("response", lambda r: encodings.__setitem__(r.url.split("?")[0][len(site.base):],
                                                        r.headers.get("content-encoding")))
    page.goto(site.url("index.html"))
    wait_ready(page)
    entries = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('resource').map(e =>
                                 [e.name.split('?')[0], [e.transferSize, e.encodedBodySize, e.decodedBodySize]]))""")
    for f in BIG:
        transfer, encoded, decoded = entries[site.url(f)]
        br, gz = (root / (f + ".br")).stat().st_size, (root / (f + ".gz")).stat().st_size
        assert encodings[f] == "br", (f, encodings[f])
        assert (encoded, decoded) == (br, (root / f).stat().st_size), f
        assert transfer < br + 2048 and transfer < 0.9 * gz, (f, transfer, br, gz)
    wasm = entries[site.url(BIG[0])][0]
    assert wasm < 0.8 * (root / (BIG[0] + ".gz")).stat().st_size, "the wasm should be well below its gzip size"
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    page.boardshelf.check()

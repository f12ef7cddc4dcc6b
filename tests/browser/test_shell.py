"""The static shell boots offline: loading indicator first, then the Python app, nothing from other hosts."""
from __future__ import annotations

import pytest

from harness import BOOT_TIMEOUT_MS, ROOT, action_ids, click, renders, wait_idle, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.fresh_context]   # start-up: first visits

# Records, at DOMContentLoaded, whether the loading indicator was in #app and visible.
SPINNER_PROBE = """
document.addEventListener('DOMContentLoaded', () => {
  const s = document.querySelector('#app .boot-spinner');
  const t = document.querySelector('#app .boot-text');
  window.__bootProbe = {
    spinner: !!s && getComputedStyle(s).display !== 'none' && s.getBoundingClientRect().width > 0,
    animated: !!s && getComputedStyle(s).animationName !== 'none',
    text: t ? t.textContent : null,
    ready: document.getElementById('app').dataset.ready || null,
  };
});
"""

# A stand-in for pyapp.browser.main: proves the runtime + wheel work, independent of the UI code.
STUB_ENTRY = """
import js, os, sys, pyapp, pyapp.games, pyscript
app = js.document.getElementById("app")
ids = ",".join(g["id"] for g in pyapp.games.catalog())
app.innerHTML = f'<p id="stub" data-version="{pyapp.__version__}" data-games="{ids}" ' \\
    f'data-pyc="{pyapp.games.__file__}" data-stdlib="{sys.modules["json"].__file__}" ' \\
    f'data-pyscript-pyc="{os.path.exists(pyscript.__cached__)}">stub</p>'
app.dataset.ready = "true"
"""


def _stub_page() -> str:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    entry = "from pyapp.browser.main import start\nstart()"
    assert entry in html
    return html.replace(entry, STUB_ENTRY.strip())


def _runtime_failures(page) -> list:
    return [f for f in page.boardshelf.failed_local if "/web/vendor/" in f or "/wheels/" in f]


def test_runtime_and_wheel_boot_offline(site, page):
    """The vendored Pyodide + PyScript start with only local files and import pyapp from the wheel."""
    page.add_init_script(SPINNER_PROBE)
    page.route(site.url("boot-check.html"), lambda r: r.fulfill(status=200, body=_stub_page(),
                                                               content_type="text/html; charset=utf-8"))
    page.goto(site.url("boot-check.html"), wait_until="domcontentloaded")
    probe = page.wait_for_function("() => window.__bootProbe", timeout=BOOT_TIMEOUT_MS).json_value()
    assert probe["spinner"] and probe["animated"] and "Loading" in probe["text"] and probe["ready"] is None
    wait_ready(page)
    stub = page.locator("#stub")
    assert stub.get_attribute("data-version") == "0.1.0"
    assert "hexbattle" in stub.get_attribute("data-games").split(",")
    # bytecode from the build is what runs: the wheel's .pyc, imported from the wheel in place
    # (nothing unpacked, nothing compiled), and the precompiled stdlib
    assert stub.get_attribute("data-pyc") == "/home/pyodide/pyapp-0.1.0-py3-none-any.whl/pyapp/games/__init__.pyc"
    assert stub.get_attribute("data-stdlib").endswith(".pyc")
    assert stub.get_attribute("data-pyscript-pyc") == "True"     # PyScript's own package, precompiled
    assert page.locator("#app .boot").count() == 0
    # Pyodide was started early by web/pyodide-early.mjs and handed to PyScript: one interpreter, one download
    names = page.evaluate("performance.getEntriesByType('resource').map(e => e.name.split('/').pop())")
    assert names.count("pyodide.asm.wasm") == 1 and names.count("python_stdlib.zip") == 1, names
    assert page.evaluate("performance.getEntriesByName('boardshelf:pyodide-start').length") == 1
    assert not _runtime_failures(page), page.boardshelf.failed_local
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    page.boardshelf.check()


def test_app_starts_offline(site, page):
    """(a) index.html shows the loading indicator, then the app reaches data-ready; no other host is asked."""
    page.add_init_script(SPINNER_PROBE)
    page.goto(site.url("index.html"), wait_until="domcontentloaded")
    probe = page.wait_for_function("() => window.__bootProbe", timeout=BOOT_TIMEOUT_MS).json_value()
    assert probe["spinner"] and "Loading" in probe["text"] and probe["ready"] is None
    wait_ready(page)
    assert page.locator("#app .boot").count() == 0
    assert page.locator("#app").inner_text().strip(), "the app rendered nothing"
    assert page.get_attribute("#app", "aria-busy") == "false"
    assert not _runtime_failures(page), page.boardshelf.failed_local
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    assert not page.locator(".py-error").count(), page.locator(".py-error").first.inner_text()
    page.boardshelf.check()


def test_guard_blocks_and_records_other_hosts(site, browser):
    """The harness itself: a request to another host is aborted and recorded (so tests can fail on it)."""
    from harness import new_page
    from tool_modules import tool
    ctx, page, guard = new_page(browser, fresh=True)
    try:
        page.goto(site.url("web/icon.svg"))
        result = page.evaluate("""() => fetch('https://cdn.jsdelivr.net/pyodide/v0/full/pyodide.mjs')
                                     .then(() => 'fetched', () => 'blocked')""")
    finally:
        ctx.close()
    assert result == "blocked"
    assert guard.external == ["https://cdn.jsdelivr.net/pyodide/v0/full/pyodide.mjs"]
    with pytest.raises(AssertionError):
        guard.check()


def test_dist_is_a_complete_site_from_a_sub_path(site, browser, tmp_path):
    """`make dist` output, hosted under a sub-path of another server, starts on its own files alone."""
    from harness import new_page
    from tool_modules import tool
    build = tool("build")
    build.build_dist(tmp_path / "hosting" / "games" / "boardshelf")
    serve = tool("serve")
    server, base = serve.start(tmp_path / "hosting")
    ctx, page, guard = new_page(browser, fresh=True)
    try:
        page.goto(base + "games/boardshelf/?game=hexbattle&seats=human,bot:greedy&seed=42")
        wait_ready(page)
        assert page.locator("#app .screen-game").count() == 1
        assert not [f for f in guard.failed_local if "/web/" in f or "/wheels/" in f], guard.failed_local
        assert all(u.startswith(base + "games/boardshelf/") or not u.startswith(base)
                   for u in page.evaluate("performance.getEntriesByType('resource').map(e => e.name)"))
    finally:
        ctx.close()
        server.shutdown()
        server.server_close()
    guard.check()


def test_a_failed_start_says_so(site, page):
    """If the Python entry raises, the loading screen turns into a readable failure, not an endless spinner."""
    html = (ROOT / "index.html").read_text(encoding="utf-8").replace(
        "from pyapp.browser.main import start\nstart()", 'raise RuntimeError("boom at start")')
    page.route(site.url("boot-fail.html"), lambda r: r.fulfill(status=200, body=html,
                                                              content_type="text/html; charset=utf-8"))
    page.goto(site.url("boot-fail.html"))
    page.wait_for_function("() => document.getElementById('app').dataset.bootError === 'true'",
                           timeout=BOOT_TIMEOUT_MS)
    text = page.locator("#app .boot").inner_text()
    assert "could not start" in text and "boom at start" in text
    assert page.get_attribute("#app", "aria-busy") == "false"
    page.boardshelf.check()


SPARSE_RESTORE_JS = """async () => {     // (on a page in web/)
  const early = await import('./pyodide-early.mjs');
  const { loadPyodide } = await import('./vendor/pyodide/pyodide.mjs');
  const res = await fetch('./vendor/pyodide/snapshot.bin');
  let data = new Uint8Array(await res.arrayBuffer());
  data = new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  const image = early.expandSnapshot(data);
  const recorded = image.boardshelfRuns.memoryHash, runs = image.boardshelfRuns.runs.length / 3;
  const low = image.boardshelfRuns.low;
  const seen = {};
  const py = await loadPyodide({
    indexURL: new URL('./vendor/pyodide/', location.href).href, _loadSnapshot: image,
    stdLibURL: new URL('./vendor/pyodide/python_stdlib_rest.zip', location.href).href,
    _boardshelfRestoreHook: (when, bytes) => { seen[when] = { hash: early.memoryHash(bytes), length: bytes.length }; },
  });
  py.runPython(early.AFTER_RESTORE);
  return { magic: new TextDecoder().decode(data.subarray(0, 8)), recorded, runs, imageLength: image.length, seen, low,
           otherStarts: performance.getEntriesByName('boardshelf:pyodide-start').length,
           released: image.boardshelfRuns === null,
           value: py.runPython("import json, zipfile; json.dumps(sorted({'a': 1, 'b': [2, 3]}))") };
}"""


def test_the_sparse_snapshot_restores_the_very_memory_the_build_saved(site, page):
    """A repeat visit puts the static data back as instantiation left it and writes there only what the
    snapshot changed; above that it writes the snapshot's non-zero runs and zeroes the gaps up to the
    heap's end (tools/patches/restore-snapshot.js, restore-pristine.js); tools/snapshot.mjs checked that
    under Node.  Here, in Chromium, the memory right after that restore has exactly the hash of the whole
    memory the build saved: what the restore took from the data segments, and what it left alone as
    zero, are so in the browser too (the start-up before the restore writes other things there here)."""
    page.goto(site.url("web/icon.svg"))
    r = page.evaluate(SPARSE_RESTORE_JS)
    assert r["magic"] == "BSSNAP03" and r["runs"] > 100 and r["low"] > 2**20
    assert r["seen"]["after"]["hash"] == r["recorded"], r
    assert r["seen"]["before"]["hash"] != r["recorded"]         # (the restore did write something)
    assert r["seen"]["after"]["length"] == r["imageLength"] - (r["imageLength"] % 65536)
    assert r["value"] == '["a", "b"]'
    assert r["released"]                  # the page does not keep the file's bytes once they are in memory
    assert r["otherStarts"] == 0          # importing the module started no interpreter of its own
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors


def test_a_start_from_the_snapshot_file_as_the_host_sends_it(site, page):
    """`?snapshot=1` starts from the snapshot on a first visit too (no service worker: the file arrives
    gzip-compressed, and the page inflates it), with the small stdlib; the app is then fully usable:
    a game starts and takes a move."""
    page.goto(site.url("index.html?snapshot=1&game=hexbattle&seats=human,bot:random&seed=3&fast=1"))
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.pyodideStart") == "snapshot"
    names = page.evaluate("performance.getEntriesByType('resource').map(e => e.name.split('/').pop())")
    assert "snapshot.bin" in names and "python_stdlib_rest.zip" in names and "python_stdlib.zip" not in names
    assert page.locator("#app .screen-game").count() == 1
    wait_idle(page)
    before = renders(page)
    ids = [a for a in action_ids(page) if a != "cancel"]
    assert ids, "no move offered"
    click(page, f'[data-action="{ids[0]}"]')
    assert renders(page) > before
    assert page.locator(".boot-failed, .py-error").count() == 0
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    page.boardshelf.check()


# Records, when a game's board first appears in #app, which game stylesheets the page has loaded.
SHEETS_PROBE = """
window.__sheetsAtBoard = null;
new MutationObserver((_m, obs) => {
  if (document.querySelector('#app [data-board]')) {
    window.__sheetsAtBoard = [...document.styleSheets].map(s => s.href || '').filter(h => h.includes('/web/'))
      .map(h => h.split('/web/')[1]);
    obs.disconnect();
  }
}).observe(document, {childList: true, subtree: true});
"""


def _sheets(page) -> list:
    return page.evaluate("() => [...document.querySelectorAll('link[rel=stylesheet]')].map(l => l.getAttribute('href'))"
                         ".filter(h => /(^|\\/)web\\/[a-z]+\\.css$/.test(h)).map(h => h.split('web/')[1]).sort()")


def test_a_game_s_stylesheet_loads_with_the_game_never_on_the_shelf(site, page):
    """The shelf loads no game's CSS (start-up); opening a game adds its own sheet only, and its board is first
    drawn with the sheet already applied (issue 33 item 5)."""
    page.goto(site.url("index.html"))
    wait_ready(page)
    assert _sheets(page) == ["app.css", "ui.css"]
    page.add_init_script(SHEETS_PROBE)
    page.goto(site.url("index.html?game=doomspire&seats=human,bot:easy&seed=3"))
    wait_ready(page)
    wait_idle(page)
    assert _sheets(page) == ["app.css", "doomspire.css", "ui.css"]
    at_board = page.evaluate("() => window.__sheetsAtBoard")
    assert at_board is not None and "doomspire.css" in at_board
    # the board is painted with the game's palette (a custom property only web/doomspire.css defines)
    assert page.evaluate("() => getComputedStyle(document.querySelector('#app [data-board]'))"
                         ".getPropertyValue('--ds-p0').trim()") == "#ca2b2b"

"""Memory stays flat over many games in one tab (issue 34 item 15).

Thirty Hex Battle games between two bots, one after another in one tab (game over, "Play again", "Start"), with
no bot delay (``fast=1``) and random bots (the quickest honest games: every move still goes through the app, the
glue and a markup swap, as any bot's does).  After each game the test reads the Python runtime's own figures
(Pyodide's wasm memory, ``pyodide._module.HEAP8.length``, which only ever grows, and the
number of objects Python's collector tracks: ``sys.getallocatedblocks()`` is 0 there, Pyodide has no pymalloc)
and the renderer's JavaScript heap (CDP ``Performance.getMetrics``).  Growth after the first few games must stay
under 1 MB a game: a tab must survive an evening of games on a phone.

It takes about 30 s a game on the shared 2-core machines (random Hex Battle games are long: every move is a
render and a swap), so about 15 minutes: it runs only with ``BOARDSHELF_SOAK=1`` (``SOAK_GAMES`` and
``SOAK_SEATS`` change the number of games and the seats, for a quicker look).  Measured 2026-11-28 on main at
492b26d: flat; session 21, 30 games on dcc345a (235 s on a quiet machine): growth a game after game 5 wasm 0.00 MB,
JS heap 0.00 MB, renderer 0.61 MB (anonymous 0.42 MB) (docs/notes/memory.md).
"""
from __future__ import annotations

import os
import time

import pytest

from harness import click, renders, wait_ready, wait_render

SEATS = os.environ.get('SOAK_SEATS', 'bot:random,bot:random')
GAME = os.environ.get('SOAK_GAME', 'hexbattle')
GAMES = int(os.environ.get('SOAK_GAMES', '30'))
WARM = 5                     # games before the baseline (caches fill, the runtime's memory settles)
MAX_GROWTH_PER_GAME = 1_000_000
MAX_RSS_GROWTH_PER_GAME = 2_000_000       # the renderer's resident size also holds Chromium's own caches

FIGURES_JS = """async () => {
  const py = await (await import('./web/pyodide-early.mjs')).startEarly();
  let rules = 0;
  for (const s of document.styleSheets) { try { rules += s.cssRules.length; } catch (_e) { /* another origin */ } }
  return {heap: py._module.HEAP8.length,
          glue: py.runPython('import pyapp.browser.main as _m; _m._GLUE is not None'),
          objs: py.runPython('import gc as _g; len(_g.get_objects())'),
          // things a page can pile up per game: timeline entries, animations, style sheets and rules, <head>
          marks: performance.getEntries().length, anims: document.getAnimations().length,
          sheets: document.styleSheets.length, rules, head: document.head.childElementCount,
          body: document.body.childElementCount, history: history.length};
}"""

OVER_JS = """() => { const a = document.getElementById('app');
  return a && a.dataset.ready === 'true' && !a.dataset.busy && !!a.querySelector('[data-nav="new-again"]'); }"""


def _parent(pid: str) -> str:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[1]


def _ours(pid: str) -> bool:
    """Whether process ``pid`` descends from this test process (its Playwright driver's Chromium), not from
    another browser running on the machine."""
    me = str(os.getpid())
    for _ in range(12):
        pid = _parent(pid)
        if pid == me:
            return True
        if pid in ("0", "1"):
            return False
    return False


def renderer_rss(field: str = "VmRSS") -> int:
    """The resident size of this test's Chromium renderer processes (bytes, from /proc; 0 where there is no
    /proc): the figure the issue saw grow."""
    total = 0
    for pid in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not pid.isdigit():
            continue
        try:
            if not _ours(pid):
                continue
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"--type=renderer" not in f.read():
                    continue
            with open(f"/proc/{pid}/status") as f:
                total += next(int(line.split()[1]) * 1024 for line in f if line.startswith(field + ":"))
        except (OSError, StopIteration, ValueError):
            continue
    return total


def _figures(page, cdp) -> dict:
    out = page.evaluate(FIGURES_JS)
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    out["js"] = int(metrics.get("JSHeapUsedSize", 0))
    out["nodes"] = int(metrics.get("Nodes", 0))             # DOM nodes alive (detached ones too)
    out["listeners"] = int(metrics.get("JSEventListeners", 0))
    out["rss"] = renderer_rss()
    out["anon"] = renderer_rss("RssAnon")
    out["jstotal"] = int(metrics.get("JSHeapTotalSize", 0))
    out["docs"] = int(metrics.get("Documents", 0))
    return out


@pytest.mark.skipif(os.environ.get('BOARDSHELF_SOAK') != '1', reason='about 15 minutes: BOARDSHELF_SOAK=1 runs it')
@pytest.mark.time_bound(3600)     # (tests/conftest.py: the default bound of a test is 600 s)
@pytest.mark.fresh_context          # its own DevTools session and emulation
def test_thirty_bot_games_in_one_tab_keep_memory_flat(site, page):
    t0 = time.monotonic()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    if os.environ.get('SOAK_REDUCE') == '1':              # motion off (web/motion.js), for bisecting
        page.emulate_media(reduced_motion='reduce')
    page.goto(site.url(f"index.html?game={GAME}&seats={SEATS}&fast=1&seed=1"))
    wait_ready(page)
    rows = []
    for g in range(GAMES):
        page.wait_for_function(OVER_JS, timeout=300_000, polling=200)
        cdp.send("HeapProfiler.collectGarbage")
        rows.append(_figures(page, cdp))
        assert rows[-1]['glue']
        print(g, rows[-1], round(time.monotonic() - t0), flush=True)
        click(page, '[data-nav="new-again"]')
        before = renders(page)                  # the bots start at once: wait for the swap, not for quiet
        page.locator('#app [data-nav="start"]').first.click(timeout=10_000)
        wait_render(page, before)
    took = time.monotonic() - t0
    table = "\n".join(f"game {i + 1:2}: wasm {r['heap'] / 1e6:7.1f} MB  objects {r['objs']:7}  js {r['js'] / 1e6:5.1f} MB"
                      f"  renderer {r['rss'] / 1e6:6.1f} MB (anon {r['anon'] / 1e6:6.1f})  nodes {r['nodes']:6}  listeners {r['listeners']:5}"
                      for i, r in enumerate(rows))
    warm = min(WARM, GAMES - 1)
    base, last = rows[warm - 1], rows[-1]
    n = GAMES - warm
    per_game = {k: (last[k] - base[k]) / n for k in ("heap", "js", "rss", "anon")}
    report = (f"{GAMES} {GAME} games ({SEATS}) in {took:.0f} s; growth a game after game {warm}: wasm "
              f"{per_game['heap'] / 1e6:.2f} MB, js {per_game['js'] / 1e6:.2f} MB, renderer {per_game['rss'] / 1e6:.2f} MB "
              f"(anonymous {per_game['anon'] / 1e6:.2f} MB), "
              f"objects {(last['objs'] - base['objs']) / n:.0f}\n{table}")
    print(report)
    assert per_game["heap"] < MAX_GROWTH_PER_GAME, report
    assert per_game["js"] < MAX_GROWTH_PER_GAME, report
    assert per_game["anon"] < MAX_GROWTH_PER_GAME, report     # the renderer's own memory, not mapped files
    assert per_game["rss"] < MAX_RSS_GROWTH_PER_GAME, report

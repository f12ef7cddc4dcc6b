"""Where one click's time goes inside the page (a script, not a test): `python3 tools/click_profile.py hexbattle`.

`make bench` measures click to rendered from outside (tools/bench.py, "latency"); this script opens one game in
headless Chromium (reduced motion), clicks random offered actions as a person would (dispatching the click), and
times the steps from inside the page: in Python (the glue's ``App.handle``, ``App.render``, the parts compared,
the autosave, the glue's work after the patch, the collector's runs) and in JavaScript around web/morph.js (the new
markup parsed into a template, the patch, then the style and the layout it leaves to do, forced right after it
to time them).  Prints median, p95 and max of each (ms).  ``--drop-has TEXT`` first deletes the page's CSS rules
whose selector has ``:has(`` and TEXT, to weigh them.  Figures and what they showed: docs/table.md, "Fast while it
moves".
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402
import serve  # noqa: E402

SEATS = {"hexbattle": "human,bot:greedy", "doomspire": "human,bot:goal,bot:goal,bot:goal",
         "clockwork": "human,bot:crusader,bot:crusader", "icefortress": "human,bot:planner",
         "cloudspire": "human,bot:raider"}
PY = "async (code) => { const py = await (await import('./web/pyodide-early.mjs')).startEarly(); return py.runPython(code); }"
# Python timers around the glue's steps (Pyodide's stdlib has no cProfile here: wrappers with perf_counter)
INSTALL = r"""
import builtins, gc, time, pyapp.browser.main as m
g = m._GLUE
T = {}
def timed(name, f):
    T[name] = []
    def w(*a, **k):
        t = time.perf_counter()
        try:
            return f(*a, **k)
        finally:
            T[name].append(time.perf_counter() - t)
    return w
g.app.handle = timed("handle", g.app.handle)
g.app.render = timed("render", g.app.render)
g._swap = timed("swap (all of an update)", g._swap)
m.keep_unchanged = timed("parts compared", m.keep_unchanged)
g.app.store.autosave = timed("autosave", g.app.store.autosave)
g._after_swap = timed("after the patch", g._after_swap)
T["collector"] = []
_t0 = [0.0]
def _gc(phase, info):
    if phase == "start":
        _t0[0] = time.perf_counter()
    else:
        T["collector"].append(time.perf_counter() - _t0[0])
gc.callbacks.append(_gc)
builtins._CLICK_TIMES = T
"""
REPORT = "import builtins, json; json.dumps(builtins._CLICK_TIMES)"
MORPH_TIMERS = """() => { const fn = globalThis.boardshelfMorph; window.__steps = [];
  globalThis.boardshelfMorph = (root, markup) => { const t0 = performance.now();
    const t = document.createElement('template'); t.innerHTML = markup; const t1 = performance.now();
    const ok = fn(root, markup); const t2 = performance.now();
    getComputedStyle(document.body).color; const t3 = performance.now();
    document.body.offsetHeight; const t4 = performance.now();
    window.__steps.push([t1 - t0, t2 - t1, t3 - t2, t4 - t3, markup.length, document.getElementsByTagName('*').length]);
    return ok; }; }"""
DROP_HAS = """(text) => { let n = 0;
  const walk = (list) => { for (let i = list.length - 1; i >= 0; i--) { const r = list[i];
    if (r.cssRules && r.cssRules.length && !r.selectorText) { walk(r.cssRules); continue; }
    const sel = r.selectorText || '';
    if (sel.includes(':has(') && sel.includes(text)) { (r.parentRule || r.parentStyleSheet).deleteRule(i); n++; } } };
  for (const sh of document.styleSheets) { try { walk(sh.cssRules); } catch (_e) { /* another origin */ } }
  return n; }"""


def row(name: str, values: list[float]) -> str:
    v = sorted(values)
    if not v:
        return f"  {name:26} -"
    return f"  {name:26} n {len(v):4}  median {statistics.median(v):8.1f}  p95 {v[int(len(v) * .95)]:8.1f}  max {v[-1]:8.1f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=sorted(SEATS))
    ap.add_argument("--clicks", type=int, default=50)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--drop-has", default=None, metavar="TEXT")
    args = ap.parse_args(argv)
    server, base = serve.start(bench.ROOT)
    br = bench.Browser()
    try:
        ctx = br.context(reduced_motion="reduce")
        page = ctx.new_page()
        page.goto(base + f"index.html?game={args.game}&seats={SEATS[args.game]}&seed={args.seed}&fast=1&sw=0")
        idle = "() => { const a = document.getElementById('app'); return a.dataset.ready === 'true' && !a.dataset.busy; }"
        page.wait_for_function(idle, polling=20, timeout=180_000)
        page.evaluate(PY, INSTALL)
        page.evaluate(MORPH_TIMERS)
        if args.drop_has is not None:
            print(f"CSS rules with :has( and {args.drop_has!r} deleted: {page.evaluate(DROP_HAS, args.drop_has)}")
        rng = random.Random(args.seed)
        clicks = 0
        while clicks < args.clicks:
            page.wait_for_function(idle, polling=20, timeout=120_000)
            if page.locator("#app .outcome").count():
                break
            ids = page.eval_on_selector_all("#app [data-action]",
                                            "els => els.filter(e => !e.disabled).map(e => e.dataset.action)")
            if not ids:
                break
            aid = rng.choice([a for a in ids if not a.startswith(("concede", "resign"))] or ids)
            before = page.evaluate("document.body.dataset.renders")
            page.locator(f'#app [data-action="{aid}"]').first.dispatch_event("click")
            page.wait_for_function("(r) => document.body.dataset.renders !== r", arg=before, polling=10)
            clicks += 1
        times = json.loads(page.evaluate(PY, REPORT))
        steps = page.evaluate("window.__steps")
        ctx.close()
    finally:
        br.close()
        server.shutdown()
    print(f"{args.game}: {clicks} clicks, {len(steps)} updates (bots' included), ms")
    print("Python (the glue's steps):")
    for name, v in times.items():
        print(row(name, [x * 1000 for x in v]))
    print("JavaScript (web/morph.js and what it leaves to the browser):")
    for i, name in enumerate(("markup parsed", "patch", "style after it", "layout after it")):
        print(row(name, [s[i] for s in steps]))
    print(row("characters sent", [s[4] for s in steps]).replace("ms", ""))
    print(row("elements on the page", [s[5] for s in steps]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

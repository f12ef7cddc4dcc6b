"""Where one click's time goes inside the page (a script, not a test): `python3 tools/click_profile.py hexbattle`.

`make bench` measures click to rendered from outside (tools/bench.py, "latency"); this script opens one game in
headless Chromium (reduced motion), clicks random offered actions as a person would (dispatching the click), and
times the steps from inside the page: in Python (the glue's ``App.handle``, ``App.render``, the parts compared,
the autosave, the glue's work after the patch, the collector's runs) and in JavaScript around web/morph.js (the new
markup parsed into a template, the patch, then the style and the layout it leaves to do, forced right after it
to time them).  Prints median, p95 and max of each (ms).  Then each click's own update split on the page's clock
(``performance.now``; the click's event time -> the glue's ``on_event`` -> ``App.handle`` -> the swap -> ``App.render``
-> the parts compared -> web/morph.js's patch -> the mark the bench waits on -> the next animation frame: the
bench's "python" phase is the click to the patch's start), the collector's runs during the clicks (generation,
objects collected) and, after the clicks, the collector timed apart (the fastest of 10 runs).  ``--root`` serves
another built tree (main's, to compare side by side with the same script).  ``--drop-has TEXT`` first deletes the page's CSS rules
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
g.storage.set = timed("storage writes (in it)", g.storage.set)
g._after_swap = timed("after the patch", g._after_swap)
T["collector"] = []
# a timeline in the page's clock (performance.now), merged with the JavaScript one to split each click
STAMPS = []
def stamped(name, f):
    def w(*a, **k):
        STAMPS.append((name + ">", float(js.performance.now())))
        try:
            return f(*a, **k)
        finally:
            STAMPS.append((name + "<", float(js.performance.now())))
    return w
import js
from pyodide.ffi import create_proxy
g.app.handle = stamped("handle", g.app.handle)
g.app.render = stamped("render", g.app.render)
g._swap = stamped("swap", g._swap)
g.run = stamped("run", g.run)
m.keep_unchanged = stamped("keep", m.keep_unchanged)
g._after_swap = stamped("after_swap", g._after_swap)
m._untag_hints = stamped("untag", m._untag_hints)
m._tag_hints = stamped("tag", m._tag_hints)
for kind in ("click", "change", "keydown", "pointerdown"):
    g.root.removeEventListener(kind, g._on_event)
g._on_event = create_proxy(stamped("on_event", g.on_event))
for kind in ("click", "change", "keydown", "pointerdown"):
    g.root.addEventListener(kind, g._on_event)
g._on_bot = create_proxy(stamped("bot", g.on_bot))
# inside App.render: the rules' view, the game's renderer, the game bar, the turn area (the chrome)
import importlib
_board = importlib.import_module("pyapp.games." + GAME_ID + ".render")
_board.render = stamped("board", _board.render)
type(g.app.state).view = stamped("view", type(g.app.state).view)
g.app.table._render_game_bar = stamped("game_bar", g.app.table._render_game_bar)
g.app.table._render_turn = stamped("turn", g.app.table._render_turn)
g.app.store.autosave = stamped("autosave", g.app.store.autosave)
g._on_hint = create_proxy(stamped("hint", g.on_hint))
GCS = builtins._GCS = []
_t0 = [0.0]
def _gc(phase, info):
    if phase == "start":
        _t0[0] = time.perf_counter()
        STAMPS.append(("gc>", float(js.performance.now())))
    else:
        T["collector"].append(time.perf_counter() - _t0[0])
        T.setdefault(f"collector gen {info['generation']}", []).append(time.perf_counter() - _t0[0])
        STAMPS.append(("gc<", float(js.performance.now())))
        GCS.append({**{k: v for k, v in info.items() if isinstance(v, (int, float))},
                    "ms": round((time.perf_counter() - _t0[0]) * 1000, 2), "frozen": gc.get_freeze_count()})
gc.callbacks.append(_gc)
builtins._STAMPS = STAMPS
builtins._CLICK_TIMES = T
"""
REPORT = "import builtins, gc, json, time; builtins._GCS.append(dict(objects=len(gc.get_objects()), frozen=gc.get_freeze_count())); json.dumps([builtins._CLICK_TIMES, builtins._STAMPS, builtins._GCS])"
# after the clicks: the collector's own runs timed apart (the fastest of 10: the load's noise out), young only and
# young with a slice of the old objects (what an automatic run does in Python 3.14)
GC_PROBE = r"""
import gc, json, time
def best(gen):
    out = []
    for _ in range(10):
        t = time.perf_counter(); gc.collect(gen); out.append((time.perf_counter() - t) * 1000)
    return round(min(out), 2), round(sorted(out)[5], 2)
json.dumps({"python": __import__("sys").version.split()[0], "objects": len(gc.get_objects()),
            "frozen": gc.get_freeze_count(), "young (min, median ms)": best(0), "young + slice (min, median ms)": best(1)})
"""
MORPH_TIMERS = """() => { const fn = globalThis.boardshelfMorph; window.__steps = []; window.__js = [];
  document.addEventListener('click', (e) => { window.__js.push(['click', e.timeStamp]); }, true);
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => { if (name === 'render') { window.__js.push(['mark', performance.now()]);
    requestAnimationFrame(() => { window.__js.push(['frame', performance.now()]); }); } return mark(name, ...rest); };
  globalThis.boardshelfMorph = (root, markup) => { const t0 = performance.now(); window.__js.push(['morph>', t0]);
    const t = document.createElement('template'); t.innerHTML = markup; const t1 = performance.now();
    const ok = fn(root, markup); const t2 = performance.now();
    getComputedStyle(document.body).color; const t3 = performance.now();
    document.body.offsetHeight; const t4 = performance.now();
    window.__js.push(['morph<', t4]);
    window.__steps.push([t1 - t0, t2 - t1, t3 - t2, t4 - t3, markup.length, document.getElementsByTagName('*').length]);
    return ok; }; }"""
DROP_HAS = """(text) => { let n = 0;
  const walk = (list) => { for (let i = list.length - 1; i >= 0; i--) { const r = list[i];
    if (r.cssRules && r.cssRules.length && !r.selectorText) { walk(r.cssRules); continue; }
    const sel = r.selectorText || '';
    if (sel.includes(':has(') && sel.includes(text)) { (r.parentRule || r.parentStyleSheet).deleteRule(i); n++; } } };
  for (const sh of document.styleSheets) { try { walk(sh.cssRules); } catch (_e) { /* another origin */ } }
  return n; }"""


LOG_LEN = "() => { const o = document.querySelector('#app ol.log-list > li .log-n'); return o ? +o.textContent : 0; }"


def row(name: str, values: list[float]) -> str:
    v = sorted(values)
    if not v:
        return f"  {name:26} -"
    return f"  {name:26} n {len(v):4}  median {statistics.median(v):8.1f}  p95 {v[int(len(v) * .95)]:8.1f}  max {v[-1]:8.1f}"


SPLIT = (("click -> on_event", "click", "on_event>"), ("on_event -> handle", "on_event>", "handle>"),
         ("handle", "handle>", "handle<"), ("  autosave", "autosave>", "autosave<"),
         ("handle -> swap", "handle<", "swap>"),
         ("swap -> render (focus reads)", "swap>", "render>"), ("render", "render>", "render<"),
         ("  the rules' view", "view>", "view<"), ("  the board (the game's renderer)", "board>", "board<"),
         ("  the game bar", "game_bar>", "game_bar<"), ("  the turn area", "turn>", "turn<"),
         ("render -> parts compared", "render<", "keep>"), ("parts compared", "keep>", "keep<"),
         ("parts compared -> patch", "keep<", "morph>"), ("click -> patch (python)", "click", "morph>"),
         ("patch (+style, layout forced)", "morph>", "morph<"), ("patch -> after_swap (focus)", "morph<", "after_swap>"),
         ("after_swap", "after_swap>", "after_swap<"), ("after_swap -> mark", "after_swap<", "mark"),
         ("mark -> on_event returns", "mark", "on_event<"), ("on_event returns -> frame", "on_event<", "frame"),
         ("click -> frame", "click", "frame"))


def _busy(stamps: list, t0: float | None, t1: float) -> float:
    """Time spent in Python's outermost stamped calls (a bot's turn, a hint's: ``swap``, ``run``) between t0 and t1."""
    if t0 is None:
        return 0.0
    total, depth, start = 0.0, 0, 0.0
    for name, t in stamps:
        if not t0 <= t <= t1 or name[-1:] not in "<>" or name.startswith("gc"):
            continue
        if name.endswith(">"):
            if depth == 0:
                start = t
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                total += t - start
    return total


per_click: list[dict] = []     # split_clicks' steps of each click (the click's number "n")


def split_clicks(stamps: list) -> dict[str, list[float]]:
    """Each click's steps from the merged timeline: the first of each stamp after the click (and before the next
    click); the collector's runs between the click and the patch summed apart."""
    stamps = sorted(stamps, key=lambda s: s[1])
    clicks = [i for i, s in enumerate(stamps) if s[0] == "click"]
    out: dict[str, list[float]] = {name: [] for name, _a, _b in SPLIT}
    out["collector before the patch"] = []
    per_click.clear()
    for n, i in enumerate(clicks):
        end = clicks[n + 1] if n + 1 < len(clicks) else len(stamps)
        first: dict[str, float] = {}
        for name, t in stamps[i:end]:
            first.setdefault(name, t)
        if "morph>" not in first or "frame" not in first:
            continue
        one = {"n": n}
        for name, a, b in SPLIT:
            if a in first and b in first and first[b] >= first[a]:
                out[name].append(first[b] - first[a])
                one[name] = first[b] - first[a]
        per_click.append(one)
        gc_ms, t_gc = 0.0, None
        for name, t in stamps[i:end]:
            if t > first["morph>"]:
                break
            if name == "gc>":
                t_gc = t
            elif name == "gc<" and t_gc is not None:
                gc_ms += t - t_gc
        out["collector before the patch"].append(gc_ms)
        between = [name for name, t in stamps[i:end] if first["on_event<"] <= t <= first["frame"]] \
            if "on_event<" in first else []
        out.setdefault("Python after the click, before the frame", []).append(
            _busy(stamps[i:end], first.get("on_event<"), first["frame"]))
        out.setdefault("updates before the frame", []).append(float(between.count("swap>")))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=sorted(SEATS))
    ap.add_argument("--clicks", type=int, default=50)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--drop-has", default=None, metavar="TEXT")
    ap.add_argument("--freeze", action="store_true", help="gc.freeze() once the game is up (tried in session 26: "
                    "the collector's runs got slower, not faster; docs/table.md)")
    ap.add_argument("--slowest", type=float, default=0, metavar="FRACTION",
                    help="list the slowest clicks (by click -> patch), e.g. 0.1: which action, how long the log, the steps")
    ap.add_argument("--root", default=str(bench.ROOT), help="the built tree to serve (another worktree, to compare)")
    args = ap.parse_args(argv)
    server, base = serve.start(Path(args.root))
    br = bench.Browser()
    try:
        ctx = br.context(reduced_motion="reduce")
        page = ctx.new_page()
        page.goto(base + f"index.html?game={args.game}&seats={SEATS[args.game]}&seed={args.seed}&fast=1&sw=0")
        idle = "() => { const a = document.getElementById('app'); return a.dataset.ready === 'true' && !a.dataset.busy; }"
        page.wait_for_function(idle, polling=20, timeout=180_000)
        page.evaluate(PY, f"GAME_ID = {args.game!r}\n" + INSTALL)
        if args.freeze:
            page.evaluate(PY, "import gc; gc.freeze()")
        page.evaluate(MORPH_TIMERS)
        if args.drop_has is not None:
            print(f"CSS rules with :has( and {args.drop_has!r} deleted: {page.evaluate(DROP_HAS, args.drop_has)}")
        rng = random.Random(args.seed)
        clicks, clicked = 0, []
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
            clicked.append((aid, page.evaluate(LOG_LEN)))
            page.locator(f'#app [data-action="{aid}"]').first.dispatch_event("click")
            page.wait_for_function("(r) => document.body.dataset.renders !== r", arg=before, polling=10)
            clicks += 1
        times, stamps, gcs = json.loads(page.evaluate(PY, REPORT))
        stamps += page.evaluate("window.__js")
        gc_probe = json.loads(page.evaluate(PY, GC_PROBE))
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
    print("The collector timed after the clicks:", gc_probe)
    print("The collector's runs:", "; ".join(", ".join(f"{k} {v}" for k, v in r.items()) for r in gcs))
    print("A click's own update, split (the page's clock; the bench's \"python\" phase is click -> patch starts):")
    for name, v in split_clicks(stamps).items():
        print(row(name, v))
    if args.slowest:
        key = "click -> patch (python)"
        slow = sorted((c for c in per_click if key in c), key=lambda c: -c[key])
        slow = slow[:max(1, round(len(slow) * args.slowest))]
        short = {"click -> patch (python)": "py", "handle": "handle", "  autosave": "save", "render": "render",
                 "  the rules' view": "view", "  the board (the game's renderer)": "board", "  the game bar": "bar",
                 "  the turn area": "turn", "parts compared": "parts", "patch (+style, layout forced)": "patch",
                 "click -> frame": "frame"}
        print(f"The slowest {len(slow)} clicks by click -> patch (ms; log: its lines before the click):")
        for c in slow:
            aid, log_len = clicked[c["n"]] if c["n"] < len(clicked) else ("?", "?")
            print(f"  #{c['n']:3} {aid[:38]:38} log {log_len!s:>4} "
                  + " ".join(f"{v} {c[k]:5.1f}" for k, v in short.items() if k in c))
    return 0


if __name__ == "__main__":
    sys.exit(main())

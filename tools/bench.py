"""Boardshelf benchmark (a script, not a test): `make bench` or `python tools/bench.py`.

Measured side by side in one run, in headless Chromium (Debian's) via Playwright, on
the site served from 127.0.0.1:

1. start-up: the app's time to ``#app[data-ready="true"]`` against a bare Pyodide page
   that calls ``loadPyodide`` from the vendored ``pyodide.mjs`` and runs ``1+1``; runs
   alternate (bare, app, bare-stock, ...) and medians are reported.  Every run is a
   fresh browser context (empty HTTP cache: a first visit).  Two bare pages: one on the
   vendored runtime as built (precompiled stdlib), one on npm's stock source-only
   ``python_stdlib.zip``.  Times are from navigation start, read in the page.
2. click-to-rendered latency over a whole human-vs-bot Hex Battle game: from the click
   dispatch to the next animation frame after ``#app``'s update (the glue's
   ``performance.mark("render")``), median and p95; bot turns timed from the swap that hands the
   turn to the bot to the swap that hands it back; the long tasks (over 50 ms, the browser's
   long-task observer) that begin in a bot's turn, counted, with the longest.
3. CPython random-playout speed: ``pyapp.sim.run`` (actions/s, ms per full game).
4. bots (issue 17): per game and bot (each game's levels from the registry and its old best bot), every
   seat that bot: decision time (median, p95), the thinking slices, the long tasks (over 50 and 100 ms,
   the longest) and how soon a real click on the Settings control is handled while the bots think
   (:func:`bench_bot_play`).
5. slices (CPython, no browser): the pieces of each bot's ``think`` between two yields, and its
   ``choose`` time (:func:`bench_slices`).  ``--only slices`` runs this alone.

Prints a table and writes ``.bench/results-<utc>.json`` (and ``.bench/latest.json``).
"""
from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / ".bench"
CHROMIUM = os.environ.get("BOARDSHELF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 # other hosts cannot be reached at all (no request routing: Playwright's routing
                 # turns the HTTP cache off and does not see what a service worker answers)
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]
# players per game in the play bench: one human, the rest the game's default bot
SEATS = {"hexbattle": 2, "doomspire": 4, "clockwork": 3, "icefortress": 2, "cloudspire": 2}
AVOID = ("unpay:", "cancel", "turn:", "concede", "offer:", "undo", "resign")
CACHED_JS = """async () => {
  const c = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!c) return null;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (await cache.match(new URL('__boardshelf_complete__', location.href).href)) return name;
  }
  return null;
}"""

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare pyodide</title></head>
<body><p id="out">loading</p><script type="module">
import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide(%(options)s);
const two = py.runPython("1+1");
window.__bench = { ready: performance.now(), value: two };
document.getElementById("out").textContent = "ready " + two;
</script></body></html>
"""

# Marks the moment #app gets data-ready="true", relative to navigation start.
READY_PROBE = """
(() => {
  window.__phases = {};
  addEventListener('py:progress', (e) => { window.__phases[String(e.detail)] = performance.now(); });
  const start = () => {
    const app = document.getElementById('app');
    if (!app) return;
    const done = () => { if (app.dataset.ready === 'true' && !window.__bench) window.__bench = { ready: performance.now() }; };
    new MutationObserver(done).observe(app, { attributes: true, attributeFilter: ['data-ready'] });
    done();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
"""


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"_bs_tool_{name}", ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def pct(values, p):
    if not values:
        return None
    s = sorted(values)
    k = (len(s) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def med(values):
    return statistics.median(values) if values else None


class Browser:
    def __init__(self):
        from playwright.sync_api import sync_playwright
        self._pw = sync_playwright().start()
        self.browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        self.external: list[str] = []

    def context(self, **options):
        ctx = self.browser.new_context(service_workers="allow", **options)
        ctx.set_default_timeout(120_000)

        def seen(req):
            u = urlsplit(req.url)
            if u.scheme not in ("data", "blob", "about") and u.hostname not in ("127.0.0.1", "localhost"):
                self.external.append(req.url)
        ctx.on("request", seen)
        return ctx

    def close(self):
        self.browser.close()
        self._pw.stop()


# ------------------------------------------------------------------ start-up
def prepare_pages(site_root: Path) -> dict:
    OUT.mkdir(exist_ok=True)
    (OUT / "bare.html").write_text(BARE_PAGE % {"options": "{}"})
    stock = "node_modules/pyodide/python_stdlib.zip"
    pages = {"bare": ".bench/bare.html"}
    if (site_root / stock).exists():
        (OUT / "bare-stock.html").write_text(BARE_PAGE % {"options": '{stdLibURL: "../%s"}' % stock})
        pages["bare-stock"] = ".bench/bare-stock.html"
    pages["app"] = "index.html"
    # the same app made to start from the memory snapshot on the first visit too (it downloads it:
    # about 4.7 MB more); the app itself uses it only once its service worker is in charge
    pages["app-snap"] = "index.html?snapshot=1"
    return pages


def wait_sw_cached(page, timeout_s: float = 120) -> str | None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        name = page.evaluate(CACHED_JS)
        if name:
            return name
        page.wait_for_timeout(200)
    return None


def boot_once(br: Browser, url: str, warm: bool = False, stats=None, sw: bool = False) -> dict:
    ctx = br.context()
    try:
        page = ctx.new_page()
        page.add_init_script(READY_PROBE)
        if stats:
            stats.take()
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => window.__bench && window.__bench.ready", polling=50, timeout=180_000)
        cold = page.evaluate("window.__bench.ready")
        out = {"cold_ms": cold, "phases": page.evaluate("window.__phases")}
        if stats:
            page.wait_for_timeout(300)
            out["cold_bytes"] = stats.take()
        if sw:         # the app's service worker stores the build (revalidating what the visit fetched)
            out["sw_cache"] = wait_sw_cached(page)
            if stats:
                out["sw_bytes"] = stats.take()
        if warm:       # a repeat visit, same context: HTTP cache, wasm code cache and the app's service worker
            page.reload(wait_until="commit")
            page.wait_for_function("() => window.__bench && window.__bench.ready", polling=50, timeout=180_000)
            out["warm_ms"] = page.evaluate("window.__bench.ready")
            out["warm_start"] = page.evaluate("document.documentElement.dataset.pyodideStart || null")
            if stats:
                out["warm_bytes"] = stats.take()
        return out
    finally:
        ctx.close()


def bench_boot(br: Browser, base: str, pages: dict, runs: int, stats=None) -> dict:
    samples = {k: {"cold_ms": [], "warm_ms": [], "cold_bytes": [], "sw_bytes": [], "warm_bytes": []} for k in pages}
    phases: dict[str, list] = {}
    sw_ok, warm_starts = [], []
    for i in range(runs):
        order = list(pages) if i % 2 == 0 else list(reversed(pages))
        for name in order:
            r = boot_once(br, base + pages[name], warm=True, stats=stats, sw=name.startswith("app"))
            for k in ("cold_ms", "warm_ms"):
                samples[name][k].append(round(r[k], 1))
            for k in ("cold_bytes", "sw_bytes", "warm_bytes"):
                if k in r:
                    samples[name][k].append(r[k])
            if name == "app":
                sw_ok.append(bool(r.get("sw_cache")))
                warm_starts.append(r.get("warm_start"))
            if name == "app":
                for phase, t in (r.get("phases") or {}).items():
                    phases.setdefault(phase, []).append(t)
                phases.setdefault("data-ready", []).append(r["cold_ms"])
            print(f"  run {i + 1}/{runs} {name:<10} cold {r['cold_ms']:7.0f} ms  warm {r.get('warm_ms', 0):7.0f} ms",
                  flush=True)
    res = {"runs": runs, "pages": pages, "samples": samples, "app_sw_cached": sw_ok, "app_warm_start": warm_starts,
           "app_phases_ms": {k: round(med(v)) for k, v in sorted(phases.items(), key=lambda kv: med(kv[1]))},
           "median": {k: {m: med(v) for m, v in s.items() if m.endswith("_ms")} for k, s in samples.items()}}
    m = res["median"]
    res["ratio_app_vs_bare"] = {t: round(m["app"][t] / m["bare"][t], 2) for t in ("cold_ms", "warm_ms")}
    if "bare-stock" in m:
        res["ratio_app_vs_bare_stock"] = {t: round(m["app"][t] / m["bare-stock"][t], 2) for t in ("cold_ms", "warm_ms")}
    # paired: each round's app run against the bare run next to it (they share the machine's load)
    for ref in ("bare", "bare-stock"):
        if ref in samples:
            res[f"paired_ratio_app_vs_{ref.replace('-', '_')}"] = {
                t: round(med([a / b for a, b in zip(samples["app"][t], samples[ref][t])]), 2)
                for t in ("cold_ms", "warm_ms")}
    res["bytes"] = {k: {m: med(v) for m, v in s.items() if m.endswith("bytes") and v} for k, s in samples.items()}
    return res


# ------------------------------------------------------------------ click latency
# In the page: every click's event timestamp, and every completed update of #app (the glue's
# performance.mark("render"), set once the markup is in place) with the next animation frame after
# it, and whether a bot is about to act.
LATENCY_PROBE = """
(() => {
  window.__lat = { clicks: [], swaps: [], long: [] };
  document.addEventListener('click', (e) => { window.__lat.clicks.push(e.timeStamp); }, true);
  try {      // tasks over 50 ms (the browser's long-task observer); those in a bot's turn are the bot's
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lat.long.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch (_e) { /* no long-task observer */ }
  // where a click's time goes: web/morph.js's patch (from its start to its end), and after the frame, the moment
  // the browser has drawn it (a message posted from the frame's callback is handled after style, layout and paint)
  let morphs = [];
  let wrapped;
  Object.defineProperty(globalThis, 'boardshelfMorph', { configurable: true,
    get: () => wrapped,
    set: (fn) => { wrapped = (root, markup) => { const t0 = performance.now(); const ok = fn(root, markup);
                                                 morphs.push([t0, performance.now()]); return ok; }; } });
  const drawn = new MessageChannel();
  let waiting = [];
  drawn.port1.onmessage = () => { const t = performance.now(); for (const r of waiting) r.painted = t; waiting = []; };
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    if (name === 'render') {
      const app = document.getElementById('app');
      const rec = { t: performance.now(), busy: app.dataset.busy === 'true', frame: null, painted: null,
                    morph: morphs.length ? [morphs[0][0], morphs[morphs.length - 1][1]] : null };
      morphs = [];
      window.__lat.swaps.push(rec);
      requestAnimationFrame(() => { rec.frame = performance.now(); waiting.push(rec); drawn.port2.postMessage(0); });
    }
    return mark(name, ...rest);
  };
})();
"""
BUDGET_MS = 30          # issue 31: click -> rendered at p95, every game, with motion on
DETOURS = ("unpay:", "cancel", "turn:")


def ready_games() -> list[dict]:
    sys.path.insert(0, str(ROOT))
    from pyapp import games
    return [g for g in games.catalog() if g.get("ready")]


def _play_one(br: Browser, base: str, game: str, seats: str, seed: int, max_clicks: int, t_end: float,
              motion: bool = True) -> dict:
    """One game from a fresh context: a human clicking at random (seeded) against the game's bots; without
    ``motion``, the browser asks for reduced motion (web/motion.js then animates nothing)."""
    import random
    ctx = br.context(reduced_motion="no-preference" if motion else "reduce")
    page = ctx.new_page()
    page.add_init_script(LATENCY_PROBE)
    url = base + f"index.html?game={game}&seats={seats}&seed={seed}&fast=1&sw=0"
    page.goto(url)
    idle = "() => { const a = document.getElementById('app'); return a.dataset.ready === 'true' && !a.dataset.busy; }"
    page.wait_for_function(idle, polling=20, timeout=180_000)
    rng = random.Random(seed)
    click_ms, problems, finished, phases = [], [], False, []
    try:
        while len(click_ms) < max_clicks and time.monotonic() < t_end:
            page.wait_for_function(idle, polling=20, timeout=120_000)
            if page.locator("#app .outcome").count():
                finished = True
                break
            ids = page.eval_on_selector_all("#app [data-action]",
                                            "els => els.filter(e => !e.disabled).map(e => e.dataset.action)")
            if not ids:
                problems.append("no action offered: " + " | ".join(page.locator("#app .notice").all_inner_texts()))
                break
            aid = rng.choice([a for a in ids if not a.startswith(AVOID)] or ids)
            n_swaps = page.evaluate("window.__lat.swaps.length")
            n_clicks = page.evaluate("window.__lat.clicks.length")
            loc = page.locator(f'#app [data-action="{aid}"]').first
            try:
                loc.click(timeout=10_000)
            except Exception:
                loc.dispatch_event("click")
            page.wait_for_function("([s, c]) => window.__lat.swaps.length > s && window.__lat.swaps[s].painted !== null"
                                   " && window.__lat.clicks.length > c", arg=[n_swaps, n_clicks], polling=20)
            t_click, swap = page.evaluate("([s, c]) => [window.__lat.clicks[c], window.__lat.swaps[s]]",
                                          [n_swaps, n_clicks])
            click_ms.append(swap["frame"] - t_click)
            m = swap.get("morph") or [swap["t"], swap["t"]]
            # click -> patch starts (Python: the action, the markup), the patch, patch -> mark (Python: focus,
            # title, popovers), mark -> frame, frame -> drawn (style, layout, paint, web/motion.js), click -> drawn
            phases.append([m[0] - t_click, m[1] - m[0], swap["t"] - m[1], swap["frame"] - swap["t"],
                           swap["painted"] - swap["frame"], swap["painted"] - t_click])
        swaps = page.evaluate("window.__lat.swaps")
        long_tasks = page.evaluate("window.__lat.long")
    finally:
        ctx.close()
    return {"url": url.replace(base, ""), "click_ms": click_ms, "swaps": swaps, "finished": finished,
            "problems": problems, "long_tasks": long_tasks, "phases": phases}


PHASES = ("python", "patch", "after", "to frame", "drawn", "click->drawn")


def bot_long_tasks(run: dict) -> list[float]:
    """The durations of the long tasks that began while a bot was to act (from an update that hands the turn to a
    bot, flagged busy, to the next update)."""
    spans = [(a["t"], b["t"]) for a, b in zip(run["swaps"], run["swaps"][1:]) if a["busy"]]
    return [d for t, d in run.get("long_tasks") or [] if any(a <= t < b for a, b in spans)]


def bench_latency(br: Browser, base: str, game: str = "hexbattle", players: int = 2, seed: int = 42,
                  max_clicks: int = 800, budget_s: float = 600, min_clicks: int = 100, motion: bool = True) -> dict:
    """Whole games, seeds ``seed``, ``seed + 1``, ... until ``min_clicks`` clicks are measured
    (or the time budget ends); at most ``max_clicks`` clicks in one game."""
    opponent = f"bot:{old_best_bot(game) or 'random'}"       # the same opponent as every earlier run
    seats = ",".join(["human"] + [opponent] * (players - 1))
    t_end = time.monotonic() + budget_s
    click_ms, runs, problems = [], [], []
    bot_turns, bot_steps, bot_long = [], [], []
    while not runs or (len(click_ms) < min_clicks and time.monotonic() < t_end):
        run = _play_one(br, base, game, seats, seed + len(runs), max_clicks, t_end, motion=motion)
        runs.append(run)
        click_ms += run["click_ms"]
        problems += run["problems"]
        # bot turns: from the update that hands the turn to the bot (busy) to the first one that hands it back
        start = None
        for prev, cur in zip(run["swaps"], run["swaps"][1:]):
            if prev["busy"]:
                bot_steps.append(cur["t"] - prev["t"])
                if start is None:
                    start = prev["t"]
                if not cur["busy"]:
                    bot_turns.append(cur["t"] - start)
                    start = None
        bot_long += bot_long_tasks(run)
        if run["problems"]:
            break
    phases = [p for r in runs for p in r["phases"]]
    return {"game": game, "motion": motion, "url": runs[0]["url"], "games": len(runs),
            "seeds": [seed, seed + len(runs) - 1],
            "phases_ms": {name: {"median": med([p[i] for p in phases]), "p95": pct([p[i] for p in phases], 95)}
                          for i, name in enumerate(PHASES)},
            "clicks": len(click_ms), "finished": sum(r["finished"] for r in runs), "problems": problems,
            "click_ms": {"median": med(click_ms), "p95": pct(click_ms, 95), "max": max(click_ms, default=None),
                         "samples": [round(x, 2) for x in click_ms]},
            "bot_turns": len(bot_turns),
            "bot_ms": {"median": med(bot_turns), "p95": pct(bot_turns, 95)},
            "bot_step_ms": {"median": med(bot_steps), "p95": pct(bot_steps, 95), "count": len(bot_steps)},
            "bot_long_tasks": {"over_50ms": len(bot_long), "over_100ms": sum(d > 100 for d in bot_long),
                               "max_ms": max(bot_long, default=None)},
            "hooks": {"measured": "click event timeStamp -> first animation frame after #app's update (mark \"render\")"}}


# ------------------------------------------------------------------ CPython playouts
def bench_playouts(games: int) -> dict:
    sys.path.insert(0, str(ROOT))
    from pyapp import sim
    r = sim.run("hexbattle", games, 1, ["random", "random"])
    return {"games": r["games"], "finished": r["finished"], "actions": r["actions"], "seconds": r["seconds"],
            "actions_per_second": r["actions_per_second"], "mean_length": r["mean_length"],
            "ms_per_game": round(1000 * r["seconds"] / max(r["finished"], 1), 2), "errors": len(r["errors"]),
            "python": platform.python_version()}


# ------------------------------------------------------------------ CPython playout speed, side by side
# The commit before the game kit (issue 33's reference): the three older games as they were.
PRE_KIT = "410c693"
# (game, players) rows of the speed table; the older games are also measured on PRE_KIT
SPEED_ROWS = (("hexbattle", 2), ("doomspire", 2), ("doomspire", 4), ("clockwork", 2), ("clockwork", 4),
              ("icefortress", 2), ("cloudspire", 2), ("cloudspire", 4))
SPEED_TARGET = 10_000
# Runs in a child process with the tree under test first on sys.path: random legal actions through the
# contract (to_act, legal_actions, apply by id), never conceding while anything else is legal, new games
# (seeds first + 1, first + 2, ...) until the time is up; prints actions, seconds and games as JSON.  The clock is
# the process's CPU time: on a machine shared with other work, wall time counts their turns too.
SPEED_CHILD = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from pyapp import games
game, players, seconds, g = games.get(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
pick = random.Random(g)
n = 0
clock = time.process_time
t0 = clock()
while clock() - t0 < seconds:
    g += 1
    state = game.new(players, g)
    steps = 0
    while not state.is_over and steps < 20000 and clock() - t0 < seconds:
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        playing = [a for a in acts if a.kind != "concede"] or acts
        state.apply(seat, pick.choice(playing).id)
        n += 1
        steps += 1
print(json.dumps({"actions": n, "seconds": clock() - t0, "games": g - int(sys.argv[5])}))
"""


def _pre_kit_tree(rev: str = PRE_KIT) -> Path | None:
    """``pyapp`` of commit ``rev`` (default :data:`PRE_KIT`), extracted once under ``.bench/`` (None when git cannot)."""
    dest = OUT / f"tree-{rev}"
    if (dest / "pyapp" / "__init__.py").exists():
        return dest
    dest.mkdir(parents=True, exist_ok=True)
    try:
        arch = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "pyapp"], check=True,
                              capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=arch, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return dest


def _speed_once(tree: Path, game: str, players: int, seconds: float, first: int) -> dict:
    out = subprocess.run([sys.executable, "-c", SPEED_CHILD, str(tree), game, str(players), str(seconds), str(first)],
                         check=True, capture_output=True, text=True, cwd=str(tree)).stdout
    return json.loads(out)


def _speed(trees: dict, game: str, players: int, seconds: float, rounds: int = 3) -> dict:
    """Each tree in turn, ``rounds`` times, ``seconds / rounds`` each (the same games in each round: seeds
    from ``1000 * round``), summed per tree: the machine's load changes hit every tree alike."""
    out = {name: {"actions": 0, "seconds": 0.0, "games": 0} for name in trees}
    for r in range(rounds):
        for name, tree in trees.items():
            one = _speed_once(tree, game, players, seconds / rounds, 1000 * r)
            for k in out[name]:
                out[name][k] += one[k]
    for v in out.values():
        v["per_second"] = round(v["actions"] / v["seconds"])
        v["seconds"] = round(v["seconds"], 2)
    return out


def speed_rows(spec: str) -> tuple:
    """The rows of :data:`SPEED_ROWS` that ``spec`` names (``game`` or ``game:players``, comma separated); all
    of them when it is empty.

    >>> speed_rows("hexbattle,doomspire:4")
    (('hexbattle', 2), ('doomspire', 4))
    """
    wanted = [w.strip() for w in spec.split(",") if w.strip()]
    if not wanted:
        return SPEED_ROWS
    return tuple(r for r in SPEED_ROWS if any(w in (r[0], f"{r[0]}:{r[1]}") for w in wanted))


def bench_speed(seconds: float = 6.0, rows=SPEED_ROWS, also: str = "") -> list[dict]:
    """Random actions/s per game and player count, this tree against :data:`PRE_KIT` (and commit ``also``, if
    given) in the same run, alternating in rounds (:func:`_speed`)."""
    other = _pre_kit_tree(also) if also else None
    old = _pre_kit_tree()
    old_games = set()
    if old is not None:
        old_games = {p.name for p in (old / "pyapp" / "games").iterdir() if (p / "rules.py").exists()}
    out = []
    for game, players in rows:
        print(f"  {game} {players} players ...", flush=True)
        trees = {"now": ROOT}
        if other is not None:
            trees["also"] = other
        if game in old_games and old is not None:
            trees["pre_kit"] = old
        out.append({"game": game, "players": players, **_speed(trees, game, players, seconds)})
    return out


def report_speed(rows: list[dict], seconds: float, also: str = "") -> None:
    print(f"\nCPython random playouts through the contract, actions per CPU second ({seconds:g} s a row and tree, alternating; "
          f"pre-kit = {PRE_KIT}; target {SPEED_TARGET:,})")
    extra = f"{also[:9]:>10}" if also else ""
    print(f"  {'game':<12}{'players':>8}{'now':>10}{extra}{'pre-kit':>10}{'now/pre':>9}  target")
    for r in rows:
        now = r["now"]["per_second"]
        pre = r.get("pre_kit", {}).get("per_second")
        ratio = f"{now / pre:.2f}x" if pre else "-"
        ok = now >= SPEED_TARGET and (pre is None or now >= pre)
        mid = f"{r['also']['per_second']:>10,}" if also and "also" in r else ""
        print(f"  {r['game']:<12}{r['players']:>8}{now:>10,}{mid}{(f'{pre:,}' if pre else '-'):>10}{ratio:>9}  "
              f"{'met' if ok else 'NOT met'}")


# ------------------------------------------------------------------ bots in the browser
# In the page: each timer callback the glue runs with no arguments (the bot's slices: App.step_bot(BOT_SLICE_MS)),
# its start, length and whether it ended with an update of #app (the bot moved); the long tasks; and, for each
# click, its event time and the moment the app's delegated handler had run (a listener on window, after #app's).
BOT_PROBE = """
(() => {
  const rec = window.__bots = { slices: [], renders: [], long: [], clicks: [] };
  let renders = 0;
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    if (name === 'render') { renders++; rec.renders.push(performance.now()); }
    return mark(name, ...rest);
  };
  const st = window.setTimeout.bind(window);
  window.setTimeout = (fn, delay, ...args) => {
    if (typeof fn !== 'function' || args.length) return st(fn, delay, ...args);
    return st(() => {
      const t0 = performance.now(), r0 = renders;
      try { fn(); } finally { rec.slices.push([t0, performance.now() - t0, renders > r0 ? 1 : 0]); }
    }, delay);
  };
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) rec.long.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch (_e) { /* no long-task observer */ }
  window.addEventListener('click', (e) => {
    const nav = e.target && e.target.closest ? e.target.closest('[data-nav]') : null;
    rec.clicks.push([e.timeStamp, performance.now(), nav ? nav.dataset.nav : null]);
  });
})();
"""
BOT_SEATS = {"hexbattle": 2, "doomspire": 2, "clockwork": 2, "icefortress": 2, "cloudspire": 2}


def old_best_bot(game_id: str) -> str | None:
    """The game's strongest bot that is not a level (``greedy``, ``goal``, ``crusader``...): what a plain ``bot``
    in a link meant before it meant the hard level, and the opponent the click bench has always played."""
    sys.path.insert(0, str(ROOT))
    from pyapp import bots as botlib
    avail = botlib.available(game_id)
    ranked = [(getattr(cls, "strength", i), name) for i, (name, cls) in enumerate(avail.items())
              if not getattr(cls, "level", None) and name != "random" and getattr(cls, "listed", True)]
    return max(ranked)[1] if ranked else None


def bench_bot_names(game_id: str) -> list[str]:
    """The bots the bench measures for a game, from the registry: its levels (``level`` 1-3, in order) and its
    old best bot (:func:`old_best_bot`)."""
    sys.path.insert(0, str(ROOT))
    from pyapp import bots as botlib
    avail = botlib.available(game_id)
    levels = sorted((cls.level, name) for name, cls in avail.items() if getattr(cls, "level", None))
    names = [n for _l, n in levels]
    best = old_best_bot(game_id)
    if best is not None and avail[best] not in {avail[n] for n in names}:
        names.append(best)
    return names or ["random"]


def _bot_decisions(slices: list) -> tuple[list[float], list[float]]:
    """From the slice records: each decision's time from its first slice to the update after the move, and
    the slices' lengths that did not end in an update (the thinking alone)."""
    decisions, thinking = [], []
    start = None
    for t0, dur, rendered in slices:
        if start is None:
            start = t0
        if rendered:
            decisions.append(t0 + dur - start)
            start = None
        else:
            thinking.append(dur)
    return decisions, thinking


def bench_bot_play(br: "Browser", base: str, game: str, name: str, seconds: float, seed: int = 7,
                   max_decisions: int = 80, click_every: float = 0.25) -> dict:
    """Every seat played by bot ``name`` (fast, no pause between moves) for ``seconds`` (or ``max_decisions``
    moves, or the game's end); meanwhile a real mouse click on the game's Settings control (open, then close)
    every ``click_every`` s or so, at moments unrelated to the bots' slices."""
    import random
    players = BOT_SEATS.get(game, 2)
    seats = ",".join([f"bot:{name}"] * players)
    ctx = br.context()
    page = ctx.new_page()
    page.add_init_script(BOT_PROBE)
    url = base + f"index.html?game={game}&seats={seats}&seed={seed}&fast=1&sw=0"
    rng = random.Random(seed)
    problems: list[str] = []
    try:
        page.goto(url)
        page.wait_for_function("() => document.getElementById('app').dataset.ready === 'true'", polling=50,
                               timeout=180_000)
        page.evaluate("() => { const r = window.__bots; r.slices.length = 0; r.long.length = 0; r.clicks.length = 0; }")
        t_end = time.monotonic() + seconds
        clicks = 0
        while time.monotonic() < t_end:
            time.sleep(click_every * (0.5 + rng.random()))
            n = page.evaluate("() => window.__bots.slices.filter(s => s[2]).length")
            if n >= max_decisions or page.locator("#app .outcome").count():
                break
            box = page.locator('#app [data-nav="settings"]').first.bounding_box()
            if box is None:
                problems.append("no Settings control on the game screen")
                break
            time.sleep(rng.random() * 0.05)
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            clicks += 1
        page.wait_for_timeout(100)
        rec = page.evaluate("window.__bots")
        final = page.evaluate("document.querySelectorAll('#app .outcome').length")
    finally:
        ctx.close()
    decisions, thinking = _bot_decisions(rec["slices"])
    answers = [done - t for t, done, nav in rec["clicks"] if nav == "settings"]
    long_all = [d for _t, d in rec["long"]]
    # a long task that is a slice ending without an update is the bot's thinking alone
    think_spans = [(t0, t0 + dur) for t0, dur, r in rec["slices"] if not r]
    long_think = [d for t, d in rec["long"] if any(a - 5 <= t <= a + 1 for a, _b in think_spans)]
    return {"game": game, "bot": name, "players": players, "url": url.replace(base, ""), "seconds": seconds,
            "moves": len(decisions), "finished": bool(final), "problems": problems,
            "decision_ms": {"median": med(decisions), "p95": pct(decisions, 95), "max": max(decisions, default=None)},
            "slice_ms": {"count": len(thinking), "median": med(thinking), "p95": pct(thinking, 95),
                         "max": max(thinking, default=None)},
            "long_tasks": {"over_50ms": sum(d > 50 for d in long_all), "over_100ms": sum(d > 100 for d in long_all),
                           "max_ms": max(long_all, default=None),
                           "thinking_over_50ms": sum(d > 50 for d in long_think),
                           "thinking_over_100ms": sum(d > 100 for d in long_think),
                           "thinking_max_ms": max(long_think, default=None)},
            "click_answer_ms": {"clicks": len(answers), "median": med(answers), "p95": pct(answers, 95),
                                "max": max(answers, default=None), "over_100": sum(a > 100 for a in answers)},
            "hooks": {"decision": "first slice's start -> end of the slice whose update shows the move",
                      "click": "mouse click event timeStamp -> a window listener after #app's handler"}}


def run_bot_play(br: "Browser", base: str, args) -> list[dict]:
    out = []
    only = set(filter(None, args.games_only.split(",")))
    for g in ready_games():
        if only and g["id"] not in only:
            continue
        names = args.bot_names.split(",") if args.bot_names else bench_bot_names(g["id"])
        for name in names:
            print(f"bots in the browser, {g['id']} {name} ...", flush=True)
            out.append(bench_bot_play(br, base, g["id"], name, args.bot_seconds, seed=args.bot_seed))
    return out


# ------------------------------------------------------------------ CPython: bot thinking in pieces
# the bots measured by default, per game: the levels and the old best bot (``random`` has nothing to think)
SLICE_BOTS = {"hexbattle": ("easy", "normal", "hard", "greedy"), "doomspire": ("easy", "normal", "hard", "goal"),
              "clockwork": ("easy", "normal", "hard", "crusader")}


def bench_slices(game_id: str, name: str, players: int = 2, n_games: int = 2, seed: int = 500,
                 max_decisions: int = 150, opponent: str = "normal") -> dict:
    """CPython, no browser: the bot ``name`` plays seat ``g % players`` of game ``g`` against ``opponent`` bots,
    for at most ``max_decisions`` of its decisions a game.  Each decision is taken twice on clones of the same
    position by bots in the same state: once by driving ``think`` (the pieces between its yields, as the browser
    runs them; a bot without ``think`` is one piece) and once by ``choose`` (the decision time), which must give
    the same action.  Times are CPU time of this process (``time.process_time``), in ms."""
    import copy
    sys.path.insert(0, str(ROOT))
    from pyapp import bots as botlib
    from pyapp import games as gamelib
    game = gamelib.get(game_id)
    clock = time.process_time
    pieces: list[float] = []
    decide_think: list[float] = []
    decide_choose: list[float] = []
    mismatches = 0
    for g in range(n_games):
        me = g % players
        state = game.new(players, seed + g)
        seats = [botlib.make(game_id, name if i == me else opponent, (seed + g) * 31 + i) for i in range(players)]
        made = 0
        while not state.is_over and made < max_decisions:
            p = state.to_act[0]
            if p != me:
                state.apply(p, seats[p].choose(state, p))
                continue
            twin = copy.deepcopy(seats[p])            # the same bot in the same state, for choose
            think = getattr(seats[p], "think", None)
            s1 = state.clone()
            if think is None:
                t0 = clock()
                a1 = seats[p].choose(s1, p)
                t1 = clock()
                pieces.append(t1 - t0)
                decide_think.append(t1 - t0)
            else:
                gen = think(s1, p)
                total = 0.0
                while True:
                    t0 = clock()
                    try:
                        next(gen)
                    except StopIteration as stop:
                        a1 = stop.value
                        t1 = clock()
                        pieces.append(t1 - t0)
                        total += t1 - t0
                        break
                    t1 = clock()
                    pieces.append(t1 - t0)
                    total += t1 - t0
                decide_think.append(total)
            s2 = state.clone()
            t0 = clock()
            a2 = twin.choose(s2, p)
            decide_choose.append(clock() - t0)
            mismatches += a1 != a2
            state.apply(p, a1)
            made += 1
    ms = [x * 1000 for x in pieces]
    dc = [x * 1000 for x in decide_choose]
    dt_ = [x * 1000 for x in decide_think]
    return {"game": game_id, "bot": name, "players": players, "games": n_games, "seed": seed,
            "decisions": len(dc), "pieces": len(ms), "mismatches": mismatches,
            "piece_ms": {"p50": med(ms), "p99": pct(ms, 99), "max": max(ms, default=None),
                         "over_10": sum(x > 10 for x in ms), "over_30": sum(x > 30 for x in ms)},
            "choose_ms": {"total": sum(dc), "median": med(dc), "p95": pct(dc, 95), "max": max(dc, default=None)},
            "think_ms": {"total": sum(dt_)}}


def run_slices(args) -> list[dict]:
    out = []
    only = set(filter(None, args.games_only.split(",")))
    for game_id, names in SLICE_BOTS.items():
        if only and game_id not in only:
            continue
        for name in (args.slice_bots.split(",") if args.slice_bots else names):
            print(f"bot pieces (CPython), {game_id} {name} ...", flush=True)
            out.append(bench_slices(game_id, name, n_games=args.slice_games, max_decisions=args.slice_decisions))
    return out


# ------------------------------------------------------------------ hard bots' rollouts per CPU second, side by side
# Issue 33, item 1 ("give the gain to the bots").  The hard bots were written after the game kit, so the pre-kit
# commit has none: the reference is the kit before issue 33's speed work (the same budgets as the strength table
# measured, 2026-11-26).  Each game's hard bot against its strength-table opponent (Ice Fortress: a hard team).
ROLLOUT_BEFORE = "8520796"
ROLLOUT_GAMES = {"hexbattle": "greedy", "doomspire": "goal", "clockwork": "crusader", "icefortress": "hard",
                 "cloudspire": "raider"}
# Child process, tree first on sys.path.  "collect": play seeded games (seat 0 the hard bot) and print, per game,
# its actions up to its last sampled decision and the indices of up to N of seat 0's decisions the hard bot searched
# (rollouts > 0), spread evenly.  "time": replay those games by action id and take the hard bot's decision (a new
# bot seeded by the decision's number) on each sampled position: its CPU time, rollouts, simulated actions (each
# rollout's actions plus the candidate's own, counted as the search loop counts its budget) and its choice.
ROLLOUT_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pyapp import bots as botlib, games as gamelib
mode, game_id, players = sys.argv[2], sys.argv[3], int(sys.argv[4])
game = gamelib.get(game_id)
clock = time.process_time

def counted(bot, box):
    from pyapp.bots.levels import RolloutBot
    if type(bot).rollout is not RolloutBot.rollout:       # the search loop calls the game's own rollout
        orig = bot.rollout
        def rollout(s, seat, seed):
            v, n = orig(s, seat, seed)
            box[0] += n + 1
            return v, n
        bot.rollout = rollout
    else:
        orig_steps = bot.rollout_steps
        def rollout_steps(s, seat, seed):
            v, n = yield from orig_steps(s, seat, seed)
            box[0] += n + 1
            return v, n
        bot.rollout_steps = rollout_steps

if mode == "collect":
    opp, seed, n_games, per_game = sys.argv[5], int(sys.argv[6]), int(sys.argv[7]), int(sys.argv[8])
    out = []
    for g in range(n_games):
        state = game.new(players, seed + g)
        seats = [botlib.make(game_id, "hard" if i == 0 else opp, (seed + g) * 31 + i) for i in range(players)]
        ids, searched = [], []
        while not state.is_over and len(ids) < 20000:
            p = state.to_act[0]
            a = seats[p].choose(state, p)
            if p == 0 and getattr(seats[0], "last_rollouts", 0) > 0:
                searched.append(len(ids))
            state.apply(p, a)
            ids.append(a)
        k = len(searched)
        pick = sorted({searched[i * k // per_game] for i in range(min(per_game, k))}) if k else []
        if pick:
            out.append({"seed": seed + g, "ids": ids[:pick[-1]], "at": pick})
    print(json.dumps(out))
else:
    plan = json.loads(open(sys.argv[5]).read())
    rows = []
    for gi, g in enumerate(plan):
        state = game.new(players, g["seed"])
        done = 0
        for j, at in enumerate(g["at"]):
            try:
                while done < at:
                    state.apply(state.to_act[0], g["ids"][done])
                    done += 1
            except Exception as exc:          # this tree's rules differ here: the rest of the game is not the same
                print(f"{game_id} seed {g['seed']}: replay stops at action {done}: {exc!r}", file=sys.stderr)
                break
            bot = botlib.make(game_id, "hard", 7000 + 100 * gi + j)
            box = [0]
            counted(bot, box)
            t0 = clock()
            a = bot.choose(state, 0)
            cands = len(getattr(bot, "_totals", None) or {}) or 1
            rows.append({"at": f"{g['seed']}:{at}", "cpu": clock() - t0, "rollouts": bot.last_rollouts, "sim": box[0],
                         "choice": a, "copies": bot.last_rollouts // cands,
                         "capped": bot.last_rollouts // cands >= getattr(bot, "determinizations", 0)})
    print(json.dumps(rows))
"""


def _rollout_child(tree: Path, *args: str) -> list:
    run = subprocess.run([sys.executable, "-c", ROLLOUT_CHILD, str(tree), *args], capture_output=True, text=True,
                         cwd=str(tree))
    if run.returncode:
        raise RuntimeError(f"rollouts child in {tree} failed:\n{run.stderr[-2000:]}")
    for line in run.stderr.splitlines():
        print("  " + line, flush=True)
    return json.loads(run.stdout)


def rollout_summary(rows: list[dict], budget_s: float) -> dict:
    """One tree's figures over its timed decisions: simulated actions and rollouts per CPU second, the decision
    times (median, p95, max, in s), and what a decision holding ``budget_s`` of CPU would do at that rate.

    >>> s = rollout_summary([{"cpu": 0.5, "rollouts": 10, "sim": 100}, {"cpu": 1.5, "rollouts": 30, "sim": 300}], 0.2)
    >>> s["sim_per_s"], s["rollouts_per_s"], s["sim_at_budget"], s["median_s"]
    (200.0, 20.0, 40.0, 1.0)
    """
    cpu = sum(r["cpu"] for r in rows)
    times = [r["cpu"] for r in rows]
    sim = sum(r["sim"] for r in rows)
    rolls = sum(r["rollouts"] for r in rows)
    rate = sim / cpu if cpu else 0.0
    return {"decisions": len(rows), "cpu_s": round(cpu, 3), "sim": sim, "rollouts": rolls,
            "copies_capped": sum(bool(r.get("capped")) for r in rows),
            "sim_per_s": round(rate, 1), "rollouts_per_s": round(rolls / cpu, 1) if cpu else 0.0,
            "median_s": med(times), "p95_s": pct(times, 95), "max_s": max(times, default=None),
            "sim_per_decision": round(sim / len(rows), 1) if rows else 0.0,
            "sim_at_budget": round(rate * budget_s, 1)}


def bench_rollouts(game_id: str, players: int = 2, n_games: int = 2, per_game: int = 12, seed: int = 900,
                   rounds: int = 2, also: str = "") -> dict:
    """The hard bot's search, this tree beside :data:`ROLLOUT_BEFORE` (and commit ``also``): seeded games played
    once in this tree give the positions (``per_game`` searched decisions a game); every tree times the same
    positions in child processes on CPU time, the trees alternating over ``rounds`` chunks of them (the order
    reversed every other chunk).  The fixed time budget is the reference tree's median decision time."""
    import tempfile
    plan = _rollout_child(ROOT, "collect", game_id, str(players), ROLLOUT_GAMES[game_id], str(seed), str(n_games),
                          str(per_game))
    trees = {"now": ROOT}
    before = _pre_kit_tree(ROLLOUT_BEFORE)
    if before is not None:
        trees["before"] = before
    if also:
        other = _pre_kit_tree(also)
        if other is not None:
            trees["also"] = other
    rows: dict = {name: [] for name in trees}
    chunks = [plan[i::rounds] for i in range(rounds)]
    for r, chunk in enumerate(chunks):
        if not chunk:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(chunk, f)
        order = list(trees) if r % 2 == 0 else list(trees)[::-1]
        for name in order:
            rows[name] += _rollout_child(trees[name], "time", game_id, str(players), f.name)
        os.unlink(f.name)
    # only the positions every tree reached (a tree whose rules differ may stop replaying a game early)
    common = set.intersection(*({x["at"] for x in v} for v in rows.values()))
    dropped = len(rows["now"]) - len(common)
    rows = {name: [x for x in v if x["at"] in common] for name, v in rows.items()}
    ref = rows.get("before") or rows["now"]
    budget_s = med([x["cpu"] for x in ref]) or 0.0
    out = {"game": game_id, "players": players, "games": len(plan), "budget_s": budget_s, "dropped": dropped,
           **{name: rollout_summary(v, budget_s) for name, v in rows.items()},
           "positions": {name: v for name, v in rows.items()}}
    if "before" in rows and len(rows["before"]) == len(rows["now"]):
        out["same_choice"] = sum(a["choice"] == b["choice"] for a, b in zip(rows["now"], rows["before"]))
    return out


def run_rollouts(args) -> list[dict]:
    out = []
    only = set(filter(None, args.games_only.split(",")))
    for game_id in ROLLOUT_GAMES:
        if only and game_id not in only:
            continue
        print(f"hard bot's rollouts (CPython), {game_id}, this tree and {ROLLOUT_BEFORE} side by side ...", flush=True)
        out.append(bench_rollouts(game_id, n_games=args.rollout_games, per_game=args.rollout_decisions,
                                  also=args.speed_also))
    return out


def report_rollouts(rows: list[dict], also: str = "") -> None:
    print(f"\nHard bots' search, CPython, the same positions in each tree (before = {ROLLOUT_BEFORE}, the kit before "
          "issue 33's speed work); simulated actions and rollouts per CPU second; the fixed budget is before's "
          "median decision; capped: decisions of this tree that dealt all the copies it may (`determinizations`), "
          "not stopped by the budget")
    names = ["now", "before"] + (["also"] if also else [])
    print(f"  {'game':<12}{'dec':>5}  " + "".join(f"{n + ' act/s':>13}{'roll/s':>8}{'med s':>7}{'p95 s':>7}"
                                                   for n in names) + f"{'gain':>7}{'budget s':>10}{'act/dec now':>12}"
                                                                     f"{'before':>8}{'same':>6}{'capped':>8}")
    for r in rows:
        cells = ""
        for n in names:
            s = r.get(n)
            cells += (f"{s['sim_per_s']:>13,.0f}{s['rollouts_per_s']:>8,.0f}{s['median_s']:>7.3f}{s['p95_s']:>7.3f}"
                      if s else f"{'-':>13}{'-':>8}{'-':>7}{'-':>7}")
        b = r.get("before")
        gain = f"{r['now']['sim_per_s'] / b['sim_per_s']:.2f}x" if b and b["sim_per_s"] else "-"
        print(f"  {r['game']:<12}{r['now']['decisions']:>5}  {cells}{gain:>7}{r['budget_s']:>10.3f}"
              f"{r['now']['sim_at_budget']:>12,.0f}{(b['sim_at_budget'] if b else 0):>8,.0f}"
              f"{r.get('same_choice', '-'):>6}{r['now'].get('copies_capped', 0):>8}")


# ------------------------------------------------------------------ main
def machine() -> dict:
    chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    return {"date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "cpus": os.cpu_count(),
            "platform": platform.platform(), "python": platform.python_version(), "chromium": chromium,
            "load_avg": os.getloadavg()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="start-up runs per page (alternated)")
    ap.add_argument("--games", type=int, default=200, help="CPython random playouts")
    ap.add_argument("--skip", default="", help="comma list of sections to skip: boot,latency,playout,speed")
    ap.add_argument("--speed-seconds", type=float, default=6.0, help="speed: seconds of random play per row and tree")
    ap.add_argument("--speed-also", default="", help="speed: a commit measured beside this tree and the pre-kit one")
    ap.add_argument("--speed-rows", default="",
                    help="speed: comma list of the only rows, game or game:players (hexbattle,doomspire:4)")
    ap.add_argument("--clicks", type=int, default=300, help="at most this many human clicks per game")
    ap.add_argument("--min-clicks", type=int, default=100,
                    help="play more games (next seeds) until this many clicks are measured per game id")
    ap.add_argument("--budget", type=float, default=300, help="at most this many seconds of play per game id")
    ap.add_argument("--motion-off-too", action="store_true",
                    help="(the default now) latency: each game also with reduced motion (web/motion.js off), side by side")
    ap.add_argument("--motion-on-only", action="store_true",
                    help="latency: each game with motion on only (no reduced-motion run beside it)")
    ap.add_argument("--games-only", default="", help="comma list of game ids for the play bench")
    ap.add_argument("--only", default="",
                    help="comma list of the only sections to run: boot,latency,playout,speed,bots,slices,rollouts")
    ap.add_argument("--rollout-games", type=int, default=2, help="rollouts: seeded games per game giving the positions")
    ap.add_argument("--rollout-decisions", type=int, default=12, help="rollouts: the hard bot's searched decisions a game")
    ap.add_argument("--slice-games", type=int, default=2, help="slices: games per bot")
    ap.add_argument("--slice-decisions", type=int, default=120, help="slices: at most this many decisions a game")
    ap.add_argument("--slice-bots", default="", help="slices: comma list of bot names (default: the levels and the old best)")
    ap.add_argument("--bot-seconds", type=float, default=9, help="bots: seconds of play per game and bot")
    ap.add_argument("--bot-names", default="", help="bots: comma list of bot names (default: each game's levels and old best)")
    ap.add_argument("--bot-seed", type=int, default=7, help="bots: the game's seed")
    args = ap.parse_args(argv)
    skip = set(filter(None, args.skip.split(",")))
    if args.only:
        skip = {"boot", "latency", "playout", "speed", "bots", "slices", "rollouts"} - set(args.only.split(","))
    elif "rollouts" not in set(filter(None, args.skip.split(","))):
        skip.add("rollouts")                          # minutes of CPU: only when asked for (--only rollouts)
    results = {"machine": machine()}
    if "rollouts" not in skip:
        results["rollouts"] = {"before": ROLLOUT_BEFORE, "also": args.speed_also, "rows": run_rollouts(args)}
    if "slices" not in skip:
        results["slices"] = run_slices(args)
    if "playout" not in skip:
        print("CPython random playouts ...", flush=True)
        results["playout"] = bench_playouts(args.games)
    if "speed" not in skip:
        print("CPython playout speed, this tree and the pre-kit commit side by side ...", flush=True)
        results["speed"] = {"seconds": args.speed_seconds, "also": args.speed_also,
                            "rows": bench_speed(args.speed_seconds, rows=speed_rows(args.speed_rows),
                                                also=args.speed_also)}
    if {"boot", "latency", "bots"} <= skip:           # CPython only
        report(results)
        save(results)
        return 0
    serve = _tool("serve")
    stats = serve.Stats()
    server, base = serve.start(ROOT, stats=stats)
    br = Browser()
    try:
        if "boot" not in skip:
            print("start-up, side by side ...", flush=True)
            results["boot"] = bench_boot(br, base, prepare_pages(ROOT), args.runs, stats=stats)
        if "bots" not in skip:
            results["bots"] = run_bot_play(br, base, args)
        if "latency" not in skip:
            results["play"] = []
            for g in ready_games():
                if args.games_only and g["id"] not in args.games_only.split(","):
                    continue
                players = SEATS.get(g["id"], g["min_players"])
                for motion in ((True,) if args.motion_on_only else (True, False)):
                    print(f"click latency, {g['id']} (human + {players - 1} bot), motion {'on' if motion else 'off'} ...",
                          flush=True)
                    results["play"].append(bench_latency(br, base, g["id"], players, max_clicks=args.clicks,
                                                         budget_s=args.budget, min_clicks=args.min_clicks,
                                                         motion=motion))
            if results["play"]:
                results["latency"] = results["play"][0]
    finally:
        br.close()
        server.shutdown()
    results["external_requests"] = br.external
    report(results)
    save(results)
    return 1 if br.external else 0


def save(results: dict) -> None:
    OUT.mkdir(exist_ok=True)
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    for name in (f"results-{stamp}.json", "latest.json"):
        (OUT / name).write_text(json.dumps(results, indent=2))
    print(f"\nresults: .bench/results-{stamp}.json")


def report(r: dict) -> None:
    m = r["machine"]
    print(f"\nBoardshelf benchmark  {m['date']}  {m['cpus']} cores  {m['chromium']}  load {m['load_avg'][0]:.1f}")
    if "boot" in r:
        b = r["boot"]
        print(f"\nStart-up (median of {b['runs']} runs each, ms from navigation start)")
        print(f"  {'page':<12}{'cold':>9}{'warm':>9}")
        for name, v in b["median"].items():
            print(f"  {name:<12}{v['cold_ms']:>9.0f}{v['warm_ms']:>9.0f}")
        print(f"  app / bare (same vendored runtime): cold {b['ratio_app_vs_bare']['cold_ms']:.2f}x  "
              f"warm {b['ratio_app_vs_bare']['warm_ms']:.2f}x")
        if b.get("app_phases_ms"):
            print("  app, cold, PyScript phases (median ms from navigation start): " +
                  ", ".join(f"{k} {v}" for k, v in b["app_phases_ms"].items()
                            if k in ("Loading Pyodide", "Loaded interpreter", "Loaded files", "Loaded Pyodide",
                                     "data-ready")))
        pr = b.get("paired_ratio_app_vs_bare")
        if pr:
            print(f"  median of per-round ratios app / bare: cold {pr['cold_ms']:.2f}x  warm {pr['warm_ms']:.2f}x")
        for name, v in b.get("bytes", {}).items():
            if v:
                print(f"  bytes on the wire, {name}: first visit to ready {v.get('cold_bytes', 0) / 1e6:.2f} MB"
                      + (f", service worker storing the build {v['sw_bytes'] / 1e6:.2f} MB" if v.get("sw_bytes") is not None else "")
                      + f", repeat visit {v.get('warm_bytes', 0) / 1e6:.3f} MB")
        if b.get("app_warm_start"):
            ws = [str(x) for x in b["app_warm_start"]]
            print("  how the app's repeat visits started Python: " + ", ".join(f"{k} {ws.count(k)}" for k in sorted(set(ws))))
        if b.get("app_sw_cached"):
            print(f"  app service worker had cached the build before the repeat visit: "
                  f"{sum(b['app_sw_cached'])}/{len(b['app_sw_cached'])} runs")
        pr = b.get("paired_ratio_app_vs_bare_stock")
        if pr:
            print(f"  median of per-round ratios app / bare stock: cold {pr['cold_ms']:.2f}x  warm {pr['warm_ms']:.2f}x")
        if "ratio_app_vs_bare_stock" in b:
            print(f"  app / bare on stock source-only stdlib: cold {b['ratio_app_vs_bare_stock']['cold_ms']:.2f}x  "
                  f"warm {b['ratio_app_vs_bare_stock']['warm_ms']:.2f}x   (target <= 1.2x)")
    if r.get("play"):
        print(f"\nClick -> rendered (ms; budget p95 <= {BUDGET_MS} ms with motion on), and where the time goes (p95 of"
              " each phase: python = click to the patch, patch = web/morph.js, after = the glue after the patch,"
              " to frame = mark to the next frame, drawn = frame to drawn: style, layout, paint and web/motion.js)")
        print(f"  {'game':<12}{'motion':<7}{'clicks':>7}{'median':>8}{'p95':>7}{'budget':>8}   "
              + "".join(f"{n:>13}" for n in PHASES))
        for lat in r["play"]:
            ph = lat.get("phases_ms") or {}
            p95 = lat["click_ms"]["p95"]
            ok = "-" if p95 is None or not lat.get("motion", True) else ("ok" if p95 <= BUDGET_MS else "OVER")
            print(f"  {lat.get('game', '?'):<12}{'on' if lat.get('motion', True) else 'off':<7}{lat['clicks']:>7}"
                  f"{lat['click_ms']['median'] or 0:>8.1f}{p95 or 0:>7.1f}{ok:>8}   "
                  + "".join(f"{(ph.get(n) or {}).get('p95') or 0:>13.1f}" for n in PHASES))
    for lat in r.get("play", []):
        print(f"\n{lat['url']}  ({lat['clicks']} clicks, {lat['bot_turns']} bot turns; "
              f"{lat['games']} game(s), seeds {lat['seeds'][0]}-{lat['seeds'][1]}, {lat['finished']} played to the end)")
        print(f"  click -> rendered   median {lat['click_ms']['median']:.1f} ms   p95 {lat['click_ms']['p95']:.1f} ms"
              f"   max {lat['click_ms']['max']:.1f} ms")
        if lat.get("bot_ms", {}).get("median") is not None:
            print(f"  bot turn (hand-over to hand-back)  median {lat['bot_ms']['median']:.1f} ms   "
                  f"p95 {lat['bot_ms']['p95']:.1f} ms")
            print(f"  bot step (one action: timer + decision + render)  median {lat['bot_step_ms']['median']:.1f} ms"
                  f"   p95 {lat['bot_step_ms']['p95']:.1f} ms   ({lat['bot_step_ms']['count']} steps)")
        lt = lat.get("bot_long_tasks")
        if lt is not None:
            top = f", longest {lt['max_ms']:.0f} ms" if lt["max_ms"] is not None else ""
            print(f"  long tasks in bot turns  {lt['over_50ms']} over 50 ms, {lt['over_100ms']} over 100 ms{top}")
        for p in lat.get("problems", []):
            print(f"  PROBLEM: {p}")
    if "playout" in r:
        p = r["playout"]
        print(f"\nCPython {p['python']} random playouts (pyapp.sim.run, hexbattle, random vs random)")
        print(f"  {p['finished']}/{p['games']} games, {p['actions']} actions in {p['seconds']} s: "
              f"{p['actions_per_second']} actions/s, {p['ms_per_game']} ms per game "
              f"(mean {p['mean_length']} actions), errors {p['errors']}")
    if r.get("speed"):
        report_speed(r["speed"]["rows"], r["speed"]["seconds"], r["speed"].get("also", ""))
    if "rollouts" in r:
        report_rollouts(r["rollouts"]["rows"], r["rollouts"].get("also", ""))
    if r.get("bots"):
        print("\nBots in the browser (every seat the bot; fast; a mouse click on Settings every ~0.25 s meanwhile)")
        print(f"  {'game':<12}{'bot':<10}{'moves':>6}  decision median / p95 / max ms   think slices p95 / max"
              f"   long tasks >50 / >100 / max (thinking alone >50 / >100)   click answered median / p95 / max (n)")
        for b in r["bots"]:
            d, s, lt, c = b["decision_ms"], b["slice_ms"], b["long_tasks"], b["click_answer_ms"]
            f = lambda x, k=0: "-" if x is None else f"{x:.{k}f}"  # noqa: E731
            print(f"  {b['game']:<12}{b['bot']:<10}{b['moves']:>6}  {f(d['median']):>6} / {f(d['p95']):>5} / {f(d['max']):>5}"
                  f"          {f(s['p95']):>4} / {f(s['max']):>4}      {lt['over_50ms']:>3} / {lt['over_100ms']:>3} / "
                  f"{f(lt['max_ms']):>4}   ({lt['thinking_over_50ms']} / {lt['thinking_over_100ms']})"
                  f"          {f(c['median'])} / {f(c['p95'])} / {f(c['max'])} ({c['clicks']})")
            for p in b["problems"]:
                print(f"  PROBLEM: {p}")
    if r.get("slices"):
        print("\nBot thinking in pieces, CPython (CPU ms; a piece runs between two yields of think; "
              "a bot without think is one piece a decision)")
        print(f"  {'game':<10}{'bot':<10}{'decisions':>10}{'pieces':>8}{'p50':>7}{'p99':>7}{'max':>7}{'>10ms':>7}"
              f"{'>30ms':>7}  choose: total / median / p95 / max ms   think total  same action")
        for s in r["slices"]:
            pm, cm = s["piece_ms"], s["choose_ms"]
            print(f"  {s['game']:<10}{s['bot']:<10}{s['decisions']:>10}{s['pieces']:>8}{pm['p50']:>7.2f}{pm['p99']:>7.1f}"
                  f"{pm['max']:>7.1f}{pm['over_10']:>7}{pm['over_30']:>7}  {cm['total']:8.0f} / {cm['median']:.2f} / "
                  f"{cm['p95']:.1f} / {cm['max']:.1f}   {s['think_ms']['total']:8.0f}   "
                  f"{'yes' if not s['mismatches'] else 'NO: %d differ' % s['mismatches']}")
    if "external_requests" in r:
        print(f"\nrequests to other hosts: {len(r['external_requests'])}")


if __name__ == "__main__":
    sys.exit(main())

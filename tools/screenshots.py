"""Screenshots of every ready game at the three sizes players use (a script, not a test; nothing committed).

    python3 tools/screenshots.py [--out .shots] [--games hexbattle,doomspire] [--steps 6]

For each ready game and each size (phone 390x844 with touch, small laptop 1366x768, desktop 1920x1080)
it opens a new game from URL parameters (one person, the rest the game's default bot, a fixed seed),
takes ``--steps`` legal actions at random (seeded), and saves a full-page PNG of the game screen,
``<out>/<game>-<size>.png``.  Beside each it prints what a person checks first: the board's width
against the viewport, the smallest font size of any visible text, and pairs of visible controls whose
boxes overlap.  Needs a build (`make build`).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"phone": (390, 844, True), "laptop": (1366, 768, False), "desktop": (1920, 1080, False)}
AVOID = ("concede", "undo", "resign", "offer:", "unpay:", "cancel")

MEASURE_JS = """() => {
  const vis = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
                     return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const board = document.querySelector('#app svg');
  const boardBox = board ? board.getBoundingClientRect() : null;
  let minFont = null, minText = '';
  for (const e of document.querySelectorAll('#app *')) {
    if (!vis(e)) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const f = parseFloat(getComputedStyle(e).fontSize) * (e.closest('svg') ? (() => {
      const svg = e.closest('svg'); const vb = svg.viewBox && svg.viewBox.baseVal;
      return vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1; })() : 1);
    if (minFont === null || f < minFont) { minFont = f; minText = e.textContent.trim().slice(0, 30); }
  }
  const ctl = [...document.querySelectorAll('#app [data-action], #app button, #app a[href], #app input, #app select')]
    .filter(vis).map(e => [e, e.getBoundingClientRect()]);
  const overlaps = [];
  for (let i = 0; i < ctl.length; i++) for (let j = i + 1; j < ctl.length; j++) {
    const [a, ra] = ctl[i], [b, rb] = ctl[j];
    if (a.contains(b) || b.contains(a)) continue;
    const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (w > 2 && h > 2) overlaps.push([a.dataset.action || a.textContent.trim().slice(0, 20),
                                       b.dataset.action || b.textContent.trim().slice(0, 20)]);
  }
  return {viewport: innerWidth, board: boardBox && [Math.round(boardBox.left), Math.round(boardBox.right)],
          minFont: minFont && Math.round(minFont * 10) / 10, minText, overlaps: overlaps.slice(0, 8),
          overlapCount: overlaps.length};
}"""


def _bench():
    """tools/bench.py as a module (its ``_tool`` then loads the other tools)."""
    spec = importlib.util.spec_from_file_location("_bs_tool_bench", ROOT / "tools" / "bench.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=".shots")
    ap.add_argument("--games", default="", help="comma list of game ids (default: every ready game)")
    ap.add_argument("--steps", type=int, default=6, help="random legal actions before the picture")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    bench = _bench()
    serve = bench._tool("serve")
    out = ROOT / args.out
    out.mkdir(exist_ok=True)
    games = [g for g in bench.ready_games() if not args.games or g["id"] in args.games.split(",")]
    server, base = serve.start(ROOT)
    br = bench.Browser()
    idle = "() => { const a = document.getElementById('app'); return a.dataset.ready === 'true' && !a.dataset.busy; }"
    report = {}
    try:
        for g in games:
            players = bench.SEATS.get(g["id"], g["min_players"])
            seats = ",".join(["human"] + ["bot"] * (players - 1))
            for size, (w, h, touch) in SIZES.items():
                ctx = br.browser.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch,
                                             service_workers="block")
                page = ctx.new_page()
                page.goto(base + f"index.html?game={g['id']}&seats={seats}&seed={args.seed}&fast=1&sw=0")
                page.wait_for_function(idle, polling=50, timeout=180_000)
                rng = random.Random(args.seed)
                for _ in range(args.steps):
                    ids = page.eval_on_selector_all("#app [data-action]",
                                                    "els => els.filter(e => !e.disabled).map(e => e.dataset.action)")
                    ids = [a for a in ids if not a.startswith(AVOID)]
                    if not ids or page.locator("#app .outcome").count():
                        break
                    page.locator(f'#app [data-action="{rng.choice(ids)}"]').first.dispatch_event("click")
                    page.wait_for_function(idle, polling=50, timeout=120_000)
                path = out / f"{g['id']}-{size}.png"
                page.screenshot(path=str(path), full_page=True)
                m = page.evaluate(MEASURE_JS)
                report[f"{g['id']}-{size}"] = m
                fits = m["board"] is None or (m["board"][0] >= 0 and m["board"][1] <= m["viewport"])
                print(f"{g['id']:12} {size:8} board {m['board']} in {m['viewport']} px: "
                      f"{'fits' if fits else 'WIDER THAN THE SCREEN'}; smallest text {m['minFont']} px "
                      f"({m['minText']!r}); overlapping controls {m['overlapCount']} {m['overlaps'][:3]}")
                ctx.close()
    finally:
        br.close()
        server.shutdown()
    (out / "report.json").write_text(json.dumps(report, indent=2))
    print(f"\n{len(report)} screenshots in {out}/ (report.json beside them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

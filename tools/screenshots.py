"""Screenshots of every ready game at the three sizes players use (a script, not a test; nothing committed).

    python3 tools/screenshots.py [--out .shots] [--games hexbattle,doomspire] [--steps 6] [--later 40,120]

For each ready game and each size (phone 390x844 with touch, small laptop 1366x768, desktop 1920x1080)
it opens a new game from URL parameters (one person, the rest the game's default bot, a fixed seed),
takes ``--steps`` legal actions at random (seeded), and saves what the player sees (the viewport, unscrolled),
``<out>/<game>-<size>.png``, and the whole page, ``<game>-<size>-page.png``.  Beside each it prints what a person checks first: the board's width
against the viewport, the smallest font size of any visible text, and pairs of visible controls whose
boxes overlap, and the current choices that cannot be reached (scrolled into view, not covered); then the board's
own figures (its smallest text and control, the box it scrolls in) and, on the touch screen, the same with the board
zoom "Fit" (``<game>-phone-fit.png``).  ``--later 40,120``: the same, also for positions later in each game
(:func:`later_save`: that many seeded random actions of every seat in; ``<game>-<size>-at40.png``).  The measuring
code (MEASURE_JS, REACH_JS, game_url, play_random, set_zoom, later_save, open_later) is shared with
tests/browser/test_sizes.py.  Needs a build (`make build`).
"""
from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"phone": (390, 844, True), "laptop": (1366, 768, False), "desktop": (1920, 1080, False)}
# never taken by a random walk: giving up, taking back, and rearranging a Cloudspire stack (it changes nothing on the
# table, and a walk among those would stay in the Stack step for ever)
AVOID = ("concede", "undo", "resign", "offer:", "unpay:", "cancel", "raise:", "lower:", "flip:", "group:", "ungroup:")

# Whether an element is folded away: inside a closed <details> and not in that panel's own summary, at any depth
# (a summary inside a closed panel is as hidden as the rest of it: Settings' "Connection servers" in the game bar)
FOLDED_JS = """e => { for (let d = e.closest('details:not([open])'); d;
                     d = d.parentElement ? d.parentElement.closest('details:not([open])') : null) {
                  const s = d.querySelector(':scope > summary'); if (!s || !s.contains(e)) return true; }
                return false; }"""

# (scope: a selector of the parts whose text is measured, '#app' when not given)
MEASURE_JS = """(scope) => {
  // (the contents of a closed <details> keep a layout box in Chromium but are not drawn: not visible)
  const folded = __FOLDED__;
  const vis = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
                     return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !folded(e); };
  const fixedIn = e => { for (let n = e; n && n.nodeType === 1; n = n.parentElement)
                           if (getComputedStyle(n).position === 'fixed') return n;
                         return null; };
  // the board: the svgs that declare their legible width (a game may draw its board in several: the union of
  // their boxes), else the first svg; the boxes scrolling sideways around them (board zoom "Legible")
  const boards = [...document.querySelectorAll('#app .game-board svg[style*="--legible"]')].filter(vis);
  const first = document.querySelector('#app svg');
  const boxes = (boards.length ? boards : first ? [first] : []).map(b => b.getBoundingClientRect());
  const boardBox = boxes.length ? {left: Math.min(...boxes.map(r => r.left)), right: Math.max(...boxes.map(r => r.right))} : null;
  const scroller = e => { for (let n = e.parentElement; n && n !== document.body; n = n.parentElement)
                            if (/(auto|scroll)/.test(getComputedStyle(n).overflowX)) return n;
                          return null; };
  const scrollers = [...new Set(boards.map(scroller).filter(Boolean))].map(n => n.getBoundingClientRect());
  // px per unit of the svg's own coordinates, also for a board drawn sideways (a rotation in its screen matrix)
  const scale = svg => { const m = svg.getScreenCTM && svg.getScreenCTM(); return m ? Math.hypot(m.a, m.b) : 1; };
  // the board's own text (inside those svgs) and its controls' boxes (WCAG 2.2 target size: 24 x 24 px)
  let boardFont = null, boardText = '', minTarget = null, minTargetId = '';
  for (const svg of boards) {
    const k = scale(svg);
    for (const t of svg.querySelectorAll('text, tspan')) {
      if (!vis(t) || !t.textContent.trim()) continue;
      const f = parseFloat(getComputedStyle(t).fontSize) * k;
      if (boardFont === null || f < boardFont) { boardFont = f; boardText = t.textContent.trim().slice(0, 30); }
    }
    for (const a of svg.querySelectorAll('[data-action], [data-opens]')) {
      if (!vis(a)) continue;
      const r = a.getBoundingClientRect(), m = Math.min(r.width, r.height);
      if (minTarget === null || m < minTarget) { minTarget = m; minTargetId = a.dataset.action || a.id; }
    }
  }
  let minFont = null, minText = '';
  const texts = [...document.querySelectorAll(scope || '#app')].flatMap(r => [r, ...r.querySelectorAll('*')]);
  for (const e of texts) {
    if (!vis(e)) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const f = parseFloat(getComputedStyle(e).fontSize) * (e.closest('svg') ? (() => {
      const svg = e.closest('svg'); const vb = svg.viewBox && svg.viewBox.baseVal;
      return vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1; })() : 1);
    if (minFont === null || f < minFont) { minFont = f; minText = e.textContent.trim().slice(0, 30); }
  }
  const ctl = [...document.querySelectorAll('#app [data-action], #app [data-opens], #app button, #app a[href], #app input, #app select')]
    .filter(vis).map(e => [e, e.getBoundingClientRect(), fixedIn(e)]);
  // controls outside the viewport's width (but for a board's in its box scrolling sideways: the zoom Legible)
  const inScroller = e => { const b = e.closest('svg[style*="--legible"]'); return !!b && !!scroller(b); };
  const offside = ctl.filter(([e, r]) => (r.left < -1 || r.right > innerWidth + 1) && !inScroller(e))
    .map(([e]) => e.dataset.action || e.textContent.trim().slice(0, 20));
  const overlaps = [];
  for (let i = 0; i < ctl.length; i++) for (let j = i + 1; j < ctl.length; j++) {
    const [a, ra, fa] = ctl[i], [b, rb, fb] = ctl[j];
    if (a.contains(b) || b.contains(a)) continue;
    // a bar fixed to the viewport (the action bar on phones) and the page scrolling under it never stay put together
    if (fa !== fb) continue;
    const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (w > 2 && h > 2) overlaps.push([a.dataset.action || a.dataset.opens || a.textContent.trim().slice(0, 20),
                                       b.dataset.action || b.dataset.opens || b.textContent.trim().slice(0, 20)]);
  }
  return {viewport: innerWidth, pageWidth: document.documentElement.scrollWidth, board: boardBox && [Math.round(boardBox.left), Math.round(boardBox.right)],
          boardScroll: scrollers.length ? [Math.round(Math.min(...scrollers.map(r => r.left))),
                                           Math.round(Math.max(...scrollers.map(r => r.right)))] : null,
          boardFont: boardFont && Math.round(boardFont * 10) / 10, boardText,
          minTarget: minTarget && Math.round(minTarget * 10) / 10, minTargetId,
          minFont: minFont && Math.round(minFont * 10) / 10, minText, overlaps: overlaps.slice(0, 8),
          overlapCount: overlaps.length, offside};
}"""
MEASURE_JS = MEASURE_JS.replace("__FOLDED__", FOLDED_JS)


# Every current choice of the person reachable: each [data-action] (not disabled) scrolled into view has its
# centre inside the viewport and hit by itself (document.elementFromPoint), not by another element over it; one in a
# folded <details> through its summary, one in a list a board control opens (``data-via``: that control's id;
# the control says ``data-opens``) through that control.
# Returns the ones that are not, with what covers them.
REACH_JS = """() => {
  const bad = [];
  for (const a of document.querySelectorAll('#app [data-action]')) {
    if (a.disabled) continue;
    // an action in a folded panel is reached through the panel's summary: one click opens it
    const fold = a.closest('details:not([open])');
    // an action in a board's list that one of its controls opens (data-via names it: a hex with several choices)
    // is reached through that control: one tap opens the list
    const via = a.closest('[data-via]'), opener = via && document.getElementById(via.dataset.via);
    const e = fold && fold.querySelector(':scope > summary') ? fold.querySelector(':scope > summary') : opener || a;
    e.scrollIntoView({block: 'center', inline: 'center'});
    const r = e.getBoundingClientRect();
    const id = a.dataset.action;
    if (r.width === 0 || r.height === 0) { bad.push([id, 'not displayed']); continue; }
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) { bad.push([id, 'outside the viewport']); continue; }
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === e || e.contains(hit))) {
      const by = hit ? (hit.closest('[data-action]') ? 'action ' + hit.closest('[data-action]').dataset.action
                        : hit.tagName.toLowerCase() + (hit.className && hit.className.baseVal === undefined
                          ? '.' + String(hit.className).split(' ').join('.') : '')) : 'nothing';
      bad.push([id, 'covered by ' + by]);
    }
  }
  scrollTo(0, 0);
  return bad;
}"""
# The table (issue 31): where the board lies at the top of the page, the dock's height, and the visible controls
# that something fixed or sticky lies over (each scrolled to the middle of the screen, then the element found at
# its centre: a control is covered when that element is neither it nor inside it and is fixed or sticky itself or
# inside such an element).  The board is the element marked [data-board].
TABLE_JS = """() => {
  const app = document.getElementById('app');
  window.scrollTo(0, 0);
  const boards = [...app.querySelectorAll('[data-board]')];
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round); };
  const pinned = e => { for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
                          const p = getComputedStyle(n).position; if (p === 'fixed' || p === 'sticky') return n; }
                        return null; };
  const dockEl = [...app.querySelectorAll('.bs-actions')].find(e => getComputedStyle(e).position === 'fixed');
  const out = {boards: boards.length, board: boards.length ? box(boards[0]) : null, viewport: [innerWidth, innerHeight],
               dock: dockEl ? Math.round(dockEl.getBoundingClientRect().height) : null, covered: []};
  // the recap box scrolls in a fixed height: its visible bottom edge must fall between two lines of text, never
  // through one (a line cut in half reads as a fault)
  out.cut = [];
  for (const b of app.querySelectorAll('.since')) {
    const r = b.getBoundingClientRect(), cs = getComputedStyle(b);
    if (!r.height || b.scrollHeight <= b.clientHeight + 1) continue;
    const edge = r.top + b.clientTop + b.clientHeight;
    const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange(); range.selectNodeContents(n);
      for (const q of range.getClientRects())
        if (q.height && q.top < edge - 2 && q.bottom > edge + 2) out.cut.push(n.textContent.trim().slice(0, 40));
    }
  }
  const folded = __FOLDED__;
  const controls = [...app.querySelectorAll('[data-action], [data-nav], button, summary, select, input, a[href]')]
    .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !folded(e)
                   && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.sr-only'); });
  for (const c of controls) {
    c.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === c || c.contains(hit)) continue;
    const over = pinned(hit);
    if (over && !over.contains(c)) {
      const name = (c.dataset.action || c.dataset.nav || c.textContent || c.tagName).trim().slice(0, 40);
      out.covered.push([name, (over.className && over.className.baseVal === undefined ? String(over.className) : over.tagName)]);
    }
  }
  window.scrollTo(0, 0);
  return out;
}"""
TABLE_JS = TABLE_JS.replace("__FOLDED__", FOLDED_JS)

IDLE_JS = "() => { const a = document.getElementById('app'); return a.dataset.ready === 'true' && !a.dataset.busy; }"


def set_zoom(page, zoom: str, timeout: int = 60_000) -> None:
    """Choose the board's size with its buttons (``fit``, ``legible``, ``large``: shown on narrow or touch screens)."""
    page.locator(f'#app [data-nav="zoom:{zoom}"]').first.click()
    page.wait_for_function(f"""() => document.querySelector('#app .game-board').dataset.zoom === '{zoom}'
                               && ({IDLE_JS})()""", polling=50, timeout=timeout)


def board_line(m: dict) -> str:
    """What MEASURE_JS found of the board: its box, its scrolling box, its smallest text and control."""
    return (f"board {m['board']} (scrolls in {m['boardScroll']}) in {m['viewport']} px; board text >= {m['boardFont']} px "
            f"({m['boardText']!r}); board controls >= {m['minTarget']} px ({m['minTargetId']!r})")


def game_url(game: dict, seed: int) -> str:
    """The URL (relative to the site) of a new game of ``game`` (a catalogue entry): one person, bots elsewhere (the
    game's old best bot, quick to answer: the same games as every earlier run)."""
    bench = _bench()
    players = bench.SEATS.get(game["id"], game["min_players"])
    seats = ",".join(["human"] + [f"bot:{bench.old_best_bot(game['id']) or 'random'}"] * (players - 1))
    return f"index.html?game={game['id']}&seats={seats}&seed={seed}&fast=1&sw=0"


def play_random(page, steps: int, seed: int, timeout: int = 120_000) -> None:
    """Take ``steps`` legal actions of the person at random (seeded; never conceding, undoing or cancelling)."""
    rng = random.Random(seed)
    for _ in range(steps):
        ids = page.eval_on_selector_all("#app [data-action]",
                                        "els => els.filter(e => !e.disabled).map(e => e.dataset.action)")
        ids = [a for a in ids if not a.startswith(AVOID)]
        if not ids or page.locator("#app .outcome").count():
            break
        page.locator(f'#app [data-action="{rng.choice(ids)}"]').first.dispatch_event("click")
        page.wait_for_function(IDLE_JS, polling=50, timeout=timeout)
        if page.locator('#app [data-nav="confirm"]').count():     # a warning asked first: go ahead, as a player may
            page.locator('#app [data-nav="confirm"]').first.dispatch_event("click")
            page.wait_for_function(IDLE_JS, polling=50, timeout=timeout)


def later_save(game: dict, seed: int, actions: int) -> dict:
    """The save (a dict, :func:`pyapp.engine.saves.to_save`) of a new game of ``game`` as :func:`game_url` starts it
    (one person at seat 0, the game's default bot elsewhere), after ``actions`` legal actions of every seat drawn at
    random from ``seed`` (never conceding or undoing), then on until the person is to act (or the game ends):
    a position later in a game, opened in the app by :func:`open_later`."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pyapp import games
    from pyapp.engine import saves
    players = _bench().SEATS.get(game["id"], game["min_players"])
    state = games.get(game["id"]).new(players, seed)
    rng = random.Random(seed * 1009 + actions)
    done = alive = 0
    while not state.is_over and (done < actions or 0 not in state.to_act) and done < actions + 5000:
        if 0 in state.to_act:
            alive = done                       # the last position with the person to act, the game going on
        seat = rng.choice(sorted(state.to_act))
        legal = [a.id for a in state.legal_actions(seat)]
        state.apply(seat, rng.choice([a for a in legal if not a.startswith(AVOID)] or legal))
        done += 1
    if state.is_over and alive:                # random play ended the game first (Ice Fortress loses within ~30
        moves = [(int(s), str(a)) for s, a in state.history[:alive]]   # actions): its last live position instead
        state = games.get(game["id"]).replay(players, seed, None, moves)
    from pyapp.ui.seats import best_bot as _best_bot   # the bot a link's "bot" seat gets
    seats = ["human"] + [f"bot:{_best_bot(game['id'])}"] * (players - 1)
    return saves.to_save(state, save_id=f"later{game['id']}{seed}x{actions}", seats=seats,
                         title=f"{actions} actions in")


def open_later(page, base: str, game: dict, seed: int, actions: int, timeout: int = 180_000) -> dict:
    """Open in ``page`` (a fresh context: nothing stored) the game of :func:`later_save`, from the app's
    ``save=<id>`` link (``base``: the site's address, ending in ``/``); returns the save."""
    save = later_save(game, seed, actions)
    key, text = f"boardshelf:save:{save['id']}", json.dumps(save, separators=(",", ":"), sort_keys=True)
    page.add_init_script(f"try {{ if (!localStorage.getItem({json.dumps(key)})) "
                         f"localStorage.setItem({json.dumps(key)}, {json.dumps(text)}); }} catch (e) {{}}")
    page.goto(f"{base}index.html?save={save['id']}&fast=1&sw=0")
    page.wait_for_function(IDLE_JS, polling=50, timeout=timeout)
    return save


def ready_games() -> list[dict]:
    return _bench().ready_games()


@functools.cache
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
    ap.add_argument("--jpeg", action="store_true", help="what the player sees as JPEG (quality 80; for docs/screens)")
    ap.add_argument("--no-page", action="store_true", help="no whole-page pictures (<game>-<size>-page.png)")
    ap.add_argument("--later", default="", help="comma list of numbers of actions: also a picture of each game that "
                    "many seeded random actions in (later_save), e.g. 40,120 (<game>-<size>-at<n>.png)")
    args = ap.parse_args(argv)
    later = [int(n) for n in args.later.split(",") if n.strip()]
    bench = _bench()
    serve = bench._tool("serve")
    out = ROOT / args.out
    out.mkdir(parents=True, exist_ok=True)
    games = [g for g in bench.ready_games() if not args.games or g["id"] in args.games.split(",")]
    server, base = serve.start(ROOT)
    br = bench.Browser()
    report = {}
    try:
        for g in games:
            for (size, (w, h, touch)), at in ((sz, n) for sz in SIZES.items() for n in [None, *later]):
                ctx = br.browser.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch,
                                             service_workers="block")
                page = ctx.new_page()
                if at is None:
                    page.goto(base + game_url(g, args.seed))
                    page.wait_for_function(IDLE_JS, polling=50, timeout=180_000)
                    play_random(page, args.steps, args.seed)
                else:
                    open_later(page, base, g, args.seed, at)
                    size = f"{size}-at{at}"
                # what the player sees, unscrolled; then the whole page
                path = out / f"{g['id']}-{size}.{'jpg' if args.jpeg else 'png'}"
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(path), **({"type": "jpeg", "quality": 80} if args.jpeg else {}))
                if not args.no_page:
                    page.screenshot(path=str(out / f"{g['id']}-{size}-page.png"), full_page=True)
                m = page.evaluate(MEASURE_JS)
                m["unreachable"] = page.evaluate(REACH_JS)
                report[f"{g['id']}-{size}"] = m
                # (board zoom Legible: the board may be wider, in a box scrolling sideways within the screen)
                fits = m["board"] is None or any(b is not None and b[0] >= 0 and b[1] <= m["viewport"]
                                                 for b in (m["board"], m["boardScroll"]))
                print(f"{g['id']:12} {size:8} board {m['board']} in {m['viewport']} px: "
                      f"{'fits' if fits else 'WIDER THAN THE SCREEN'}; smallest text {m['minFont']} px "
                      f"({m['minText']!r}); overlapping controls {m['overlapCount']} {m['overlaps'][:3]}; "
                      f"unreachable actions {len(m['unreachable'])} {m['unreachable'][:3]}")
                print(f"{'':12} {size:8} {page.eval_on_selector('#app .game-board', 'e => e.dataset.zoom')}: {board_line(m)}")
                if touch:                    # the other zoom: "Fit" (the whole board in the width)
                    set_zoom(page, "fit")
                    if not args.no_page:
                        page.screenshot(path=str(out / f"{g['id']}-{size}-fit.png"), full_page=True)
                    f = page.evaluate(MEASURE_JS)
                    report[f"{g['id']}-{size}-fit"] = f
                    print(f"{'':12} {size:8} fit: {board_line(f)}")
                ctx.close()
    finally:
        br.close()
        server.shutdown()
    (out / "report.json").write_text(json.dumps(report, indent=2))
    print(f"\n{len(report)} screenshots in {out}/ (report.json beside them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

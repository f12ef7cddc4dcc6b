"""Motion on the board (issue 31, web/motion.js): a piece that moves slides from where it was; nothing waits for an
animation; ``prefers-reduced-motion: reduce`` turns it all off.

A game is played by clicking at random (seeded) as tools/screenshots.py opens it.  Just before each click, in the
same task of the page as the click, every piece on the board (``[data-board] [data-key]``) is read where it is drawn, as web/motion.js reads it (in its svg's user space,
by its origin, not its box; no animation running); after the update and the bots' moves after it, in a frame that
draws them, ``document.getAnimations()`` is read, then every animation is run to its end and the pieces are read
again.  Every piece whose place changed (a move, not a whole new view) must have had a slide, even one a bot moved
in the same frame as another piece, and every slide at its start must draw the piece where it was (Hex Battle's
field is drawn sideways at 1366x768: the slide is checked in the field's own units).  The slides are stretched
(``slow``) so that they stand still while the test reads them.
"""
from __future__ import annotations

import random

import pytest

from harness import IDLE_JS, new_page, sized_page, wait_idle, wait_ready, wait_render
from tool_modules import tool

pytestmark = pytest.mark.browser

shots = tool("screenshots")
SEED = 7
SLOW = 10_000                              # the slides barely move here (220 ms -> 37 min): a test finishes them

# where each piece is drawn, as web/motion.js reads it: an SVG piece in its outermost svg's user space (whatever size
# that svg is drawn at), by its origin where it has a transform, else by the centre of its first shape (not by its
# box, which grows with what is drawn on it); an HTML piece by its box's centre, in px from the board's corner
USER_JS = """(svg, x, y) => { const m = svg.getScreenCTM(); const det = m.a * m.d - m.b * m.c;
  x -= m.e; y -= m.f; return [(m.d * x - m.c * y) / det, (-m.b * x + m.a * y) / det]; }"""
ANCHOR_JS = """(el) => { const user = %s;
  let svg = el.ownerSVGElement; while (svg && svg.ownerSVGElement) svg = svg.ownerSVGElement;
  if (el instanceof SVGGraphicsElement && svg) {
    let shape = el, x = 0, y = 0;
    if (!el.transform || !el.transform.baseVal.numberOfItems) {
      shape = Array.from(el.children).find(c => c instanceof SVGGraphicsElement && !(c instanceof SVGTextElement)) || el;
      const b = shape.getBBox(); x = b.x + b.width / 2; y = b.y + b.height / 2;
    }
    const m = shape.getScreenCTM();
    return user(svg, m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f);
  }
  const f = el.closest('[data-board]').getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2 - f.left, r.top + r.height / 2 - f.top];
}""" % USER_JS
PLACES_JS = """() => {
  const anchor = %s;
  const out = {};
  for (const el of document.querySelectorAll('[data-board] [data-key]')) {
    const r = el.getBoundingClientRect();
    if (r.width || r.height) out[el.dataset.key] = anchor(el);
  }
  return out;
}""" % ANCHOR_JS
# the animations running now: [id, the key of the piece (or the die's class), its play state]
ANIMATIONS_JS = """() => document.getAnimations().filter(a => !(a instanceof CSSTransition)).map(a => {
  const t = a.effect && a.effect.target;
  return [a.id, t ? (t.getAttribute('data-key') || t.getAttribute('class') || t.nodeName) : '', a.playState];
})"""
FINISH_JS = "() => { for (const a of document.getAnimations()) if (a.id && a.id.startsWith('bs-')) a.finish(); }"
# each slide at its start: [key, where the piece is drawn then, relative to its svg] (its place without the slide,
# moved by how far the slide's start shifts its box)
AT_START_JS = """() => { const anchor = %s, user = %s;
  return document.getAnimations().filter(a => a.id === 'bs-move').map(a => {
    const el = a.effect.target;
    const t = a.currentTime;
    a.pause(); a.currentTime = 0;
    const r0 = el.getBoundingClientRect();
    a.currentTime = a.effect.getComputedTiming().endTime;
    const r1 = el.getBoundingClientRect();
    const [x, y] = anchor(el);
    a.currentTime = t; a.play();
    let svg = el.ownerSVGElement; while (svg && svg.ownerSVGElement) svg = svg.ownerSVGElement;
    if (!svg) return [el.dataset.key, [x + r0.left - r1.left, y + r0.top - r1.top]];
    const p0 = user(svg, r0.left, r0.top), p1 = user(svg, r1.left, r1.top);
    return [el.dataset.key, [x + p0[0] - p1[0], y + p0[1] - p1[1]]];
  });
}""" % (ANCHOR_JS, USER_JS)
TWO_FRAMES_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
# web/motion.js reads an SVG piece's place from its markup (the transform attributes from it up to its svg, its
# first shape's attributes: no layout), and keeps a reading across a class change.  Both hold only if no CSS rule
# moves a piece: every rule of the page (in every @media, whatever the size now) that sets a property able to move
# an SVG element (transform, translate, rotate, scale, x, y, cx, cy, an offset path) must match no piece, no group
# between a piece and its svg and no piece's first shape, in any state (its :hover, :focus... taken as matching).
# Returns [problems, pieces read from the markup]: a piece whose markup place is not where it is drawn, a rule that
# could move one.
MARKUP_JS = """(places) => {
  const motion = globalThis.boardshelfMotion;
  const out = [];
  let read = 0;
  const els = new Set();
  for (const el of document.querySelectorAll('[data-board] [data-key]')) {
    const key = el.dataset.key;
    const at = motion.placeOf(el);
    if (at) {
      read++;
      const p = places[key];
      if (p && (Math.abs(p[0] - at[0]) > 0.05 || Math.abs(p[1] - at[1]) > 0.05))
        out.push(`${key}: read from the markup at ${at.map(v => v.toFixed(2))}, drawn at ${p.map(v => v.toFixed(2))}`);
    }
    let svg = el.ownerSVGElement; while (svg && svg.ownerSVGElement) svg = svg.ownerSVGElement;
    if (!svg) continue;
    for (let n = el; n && n !== svg; n = n.parentElement) els.add(n);
    const shape = Array.from(el.children).find(c => c instanceof SVGGraphicsElement && !(c instanceof SVGTextElement));
    if (shape) els.add(shape);
  }
  const MOVES = ['transform', 'translate', 'rotate', 'scale', 'x', 'y', 'cx', 'cy', 'offset-path', 'offset-distance'];
  const STATES = /:(hover|focus-visible|focus-within|focus|active|target)\\b/g;
  const rules = [];
  const walk = (list) => { for (const r of list) { if (r.cssRules && !(r instanceof CSSStyleRule)) walk(r.cssRules);
                                                  else if (r instanceof CSSStyleRule) rules.push(r); } };
  for (const sheet of document.styleSheets) { try { walk(sheet.cssRules); } catch (e) { /* another origin */ } }
  for (const r of rules) {
    const props = MOVES.filter(m => r.style.getPropertyValue(m));
    if (!props.length) continue;
    const sel = r.selectorText.replace(STATES, ':is(*)');
    let hit = null;
    try { for (const el of els) if (el.matches(sel)) { hit = el; break; } } catch (e) { continue; }
    if (hit) out.push(`the rule "${r.selectorText}" sets ${props.join(', ')} on ${hit.closest('[data-key]').dataset.key}'s `
                      + `${hit.nodeName}${hit.getAttribute('class') ? '.' + hit.getAttribute('class') : ''}`);
  }
  return [out, read];
}"""


def _open(page, site, game: str) -> None:
    entry = next(g for g in shots.ready_games() if g["id"] == game)
    page.goto(site.url(shots.game_url(entry, SEED)))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    page.evaluate(f"() => {{ if (globalThis.boardshelfMotion) globalThis.boardshelfMotion.slow = {SLOW}; }}")


# Where the pieces are drawn just before the click, and the click, in one task of the page: nothing the page does
# on its own (a frame that starts a slide for an update just made, a late update) can fall between the reading and
# the click.  Two frames first (a slide still to start starts), then the slides are run to their end.
CLICK_JS = """async ([id, finish]) => {
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  if (finish) for (const a of document.getAnimations()) if (a.id && a.id.startsWith('bs-')) a.finish();
  const places = (%s)();
  const n = +(document.body.dataset.renders || 0);
  const el = document.querySelector(`#app [data-action="${CSS.escape(id)}"]`);
  if (!el) return null;
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, composed: true}));
  return [places, n];
}""" % PLACES_JS


def _click_random(page, rng: random.Random, finish: bool = True) -> tuple[dict, int] | None:
    """Click a random enabled action (seeded); returns where the pieces were drawn just before it and the render
    count then, or None when there is nothing to click.  ``finish``: the slides are run to their end first."""
    ids = page.eval_on_selector_all("#app [data-action]", "els => els.filter(e => !e.disabled).map(e => e.dataset.action)")
    ids = [a for a in ids if not a.startswith(shots.AVOID)]
    if not ids or page.locator("#app .outcome").count():
        return None
    return page.evaluate(CLICK_JS, [rng.choice(ids), finish])


def _moved(before: dict, after: dict) -> set[str]:
    return {k for k, (x, y) in after.items() if k in before
            and (abs(x - before[k][0]) > 2 or abs(y - before[k][1]) > 2)}


def _play_and_watch(page, clicks: int, want_moves: int) -> tuple[int, list[str]]:
    """Click at random; after each update check the slides, and that web/motion.js's markup reading of each piece is
    where it is drawn and no CSS rule can move one (MARKUP_JS). Returns (moves seen, problems)."""
    rng = random.Random(SEED)
    seen, problems, markup = 0, [], 0
    for _ in range(clicks):
        page.wait_for_function(IDLE_JS, polling=50, timeout=120_000)
        clicked = _click_random(page, rng)
        if not clicked:
            break
        before, n = clicked
        wait_render(page, n)
        page.wait_for_function(IDLE_JS, polling=50, timeout=120_000)    # the bots' moves after it too
        page.evaluate(TWO_FRAMES_JS)
        running = page.evaluate(ANIMATIONS_JS)
        starts = dict((k, xy) for k, xy in page.evaluate(AT_START_JS))
        page.evaluate(FINISH_JS)
        places = page.evaluate(PLACES_JS)
        wrong, read = page.evaluate(MARKUP_JS, places)
        problems += wrong
        markup += read
        moved = _moved(before, places)
        sliding = {k for a, k, _s in running if a == "bs-move"}
        for k in sliding:                            # every slide, a moved piece's or not, starts where it was
            x, y = starts[k]
            if k in before and (abs(x - before[k][0]) > 3 or abs(y - before[k][1]) > 3):
                problems.append(f"{k}'s slide starts at {x:.0f},{y:.0f}, not where it was ({before[k][0]:.0f},"
                                f"{before[k][1]:.0f})")
        if not moved or len(moved) > 12:            # nothing moved, or a new view (another seat's, the board turned)
            continue
        if moved - sliding:
            problems.append(f"moved without a slide: {sorted(moved - sliding)} (slides: {sorted(sliding)})")
        seen += 1
        if seen >= want_moves:
            break
    if not markup:
        problems.append("no piece was read from its markup: the check saw nothing")
    return seen, problems


@pytest.mark.parametrize("game,size", [("hexbattle", "laptop"), ("hexbattle", "phone"), ("doomspire", "laptop"),
                                       ("clockwork", "laptop"), ("icefortress", "laptop"), ("cloudspire", "laptop")])
def test_a_moved_piece_slides_from_where_it_was(site, browser, game, size):
    """Ice Fortress's pieces never move on the board (invaders and pillars appear on their squares and leave): there
    the check is that no square or invader slides (it once did, from a box that grew with what was drawn on it)."""
    ctx, page, guard = sized_page(browser, size)
    try:
        _open(page, site, game)
        seen, problems = _play_and_watch(page, clicks=60 if game != "icefortress" else 30, want_moves=3)
        assert not problems, problems
        if game != "icefortress":
            assert seen, f"no piece moved in 60 clicks of {game}"
    finally:
        ctx.close()
    guard.check()


@pytest.mark.parametrize("game", ["hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire"])
def test_nothing_moves_under_reduced_motion(site, browser, game):
    ctx, page, guard = new_page(browser, viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
    try:
        _open(page, site, game)
        rng = random.Random(SEED)
        moves = 0
        for _ in range(40):
            page.wait_for_function(IDLE_JS, polling=50, timeout=120_000)
            clicked = _click_random(page, rng)
            if not clicked:
                break
            before, n = clicked
            wait_render(page, n)
            page.evaluate(TWO_FRAMES_JS)
            running = page.evaluate(ANIMATIONS_JS)
            assert not running, f"animations under reduced motion: {running}"
            assert not page.locator(".bs-motion-gone").count()
            after = page.evaluate(PLACES_JS)      # a move, or a piece that came or went (Ice Fortress's never move)
            moves += bool(_moved(before, after) or set(before) != set(after))
            if moves >= 3:
                break
        assert moves, f"no piece moved, came or went in 40 clicks of {game}: the test saw nothing"
    finally:
        ctx.close()
    guard.check()


def test_input_is_taken_while_a_piece_slides(site, browser):
    """A click while a slide runs is handled at once (the app never waits for an animation)."""
    ctx, page, guard = sized_page(browser, "laptop")
    try:
        _open(page, site, "hexbattle")
        rng = random.Random(SEED)
        for _ in range(60):
            page.wait_for_function(IDLE_JS, polling=50, timeout=120_000)
            clicked = _click_random(page, rng)
            if not clicked:
                break
            wait_render(page, clicked[1])
            page.evaluate(TWO_FRAMES_JS)
            if not any(a == "bs-move" and s == "running" for a, _k, s in page.evaluate(ANIMATIONS_JS)):
                continue
            page.wait_for_function(IDLE_JS, polling=20, timeout=120_000)
            clicked = _click_random(page, rng, finish=False)
            assert clicked
            wait_render(page, clicked[1], timeout=5_000)
            still = [a for a in page.evaluate(ANIMATIONS_JS) if a[0] == "bs-move" and a[2] == "running"]
            assert still, "the slide was over before the next click was handled: the test proved nothing"
            break
        else:
            pytest.fail("no slide seen in 60 clicks")
    finally:
        ctx.close()
    guard.check()

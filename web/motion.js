// Motion on the board (issue 31): a piece that moves slides from where it was, newly rolled dice tumble, a piece
// that loses health flashes, a piece taken off the board leaves a fading flash where it stood.
//
// How (FLIP): web/morph.js calls before(root) right before every patch of #app: it reads where each piece
// ([data-board] [data-key]) is drawn (in its board's coordinates: an SVG piece by its origin, not by its box), and
// keeps the first reading of each piece since the last frame drawn: where the player saw it, even when several
// patches land in one frame (bots).  After the patch, morph calls after(root): in the next animation frame, the frame
// that draws the new state, this reads the new places and starts a Web Animations API animation from the old place
// to the new one (a transform added on top of the piece's own, so SVG pieces with a transform attribute move too).
// Nothing here runs before the new state is in the page, and nothing waits for an animation: the pieces take clicks
// while they move, and the next update starts from where they are drawn.  Reads are batched (one pass of reads,
// then the writes); the frame's reading costs no layout of its own (the frame lays the page out anyway).
//
// `prefers-reduced-motion: reduce` turns all of it off (no reading, no animation).  Tests can stretch the durations
// with globalThis.boardshelfMotion.slow (a factor).
const REDUCE = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
const MOVE_MS = 220;        // a slide (150-300 ms)
const EASE = "cubic-bezier(.2, .7, .3, 1)";
const TUMBLE_MS = 300;      // newly rolled dice
const FLASH_MS = 300;       // damage, a capture
const MAX_MOVES = 12;       // more pieces moving at once is a new view (the board turned, another seat), not a move
const MAX_GONE = 4;
const PIECES = "[data-board] [data-key]";
const DICE = ".die, .die-off";
const HEALTH = /\bhealth (\d+)|(\d+)\s*\/\s*\d+ health/i;

let seen = null;            // where the player last saw the pieces: {sig, pieces: Map key -> piece}, read before a patch
let dice = null;            // the dice after the last update (Map group -> values)
let pending = false;
// The frame's reading of the pieces, kept while it stays true: nothing in the board changed since (a
// MutationObserver on it), the board kept its size (a ResizeObserver) and no slide runs (a slide moves the piece).
// The next click's reading before its patch is then this one, not read again (the player sees the pieces where the
// frame read them).
let last = null;
// What changed in the board since the kept reading (the observer's records: the frame after a patch reads again only
// the pieces a change can have moved); null when too much did (then every piece is read).
let changed = [];
const note = (records) => {
  if (changed && changed.length + records.length > 4000) changed = null;
  else if (changed) for (const r of records) changed.push(r);
};
const stale = (records) => { last = null; note(records); };
const boardWatch = typeof MutationObserver === "function" ? new MutationObserver(stale) : null;
const sizeWatch = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
  if (last && last.sized) last = null;
  else if (last) last.sized = true;             // its first call only reports the size it was observed at
}) : null;

function keep(board, pieces) {
  last = null;
  changed = [];
  if (boardWatch) boardWatch.disconnect();
  if (sizeWatch) sizeWatch.disconnect();
  if (!board || !boardWatch || !sizeWatch) return;
  boardWatch.observe(board.el, { subtree: true, childList: true, attributes: true, characterData: true });
  sizeWatch.observe(board.el);
  last = { sig: board.sig, cls: board.el.className, el: board.el, w: board.w, h: board.h, pieces, sized: false };
}

// The kept reading, if it still tells where the pieces are drawn.
function kept(root) {
  if (!last) return null;
  const running = (a) => a.id === "bs-move" && a.playState === "running";
  const records = boardWatch.takeRecords();
  note(records);
  if (records.length || document.getAnimations().some(running)
      || root.querySelector("[data-board]") !== last.el || last.el.className !== last.cls) { last = null; return null; }
  return last;
}

const off = () => !!(REDUCE && REDUCE.matches);
const slow = () => Number(motion.slow) > 0 ? Number(motion.slow) : 1;

// What the board is (a piece's place is only compared on the same board at about the same size).
function boardOf(root) {
  const board = root.querySelector("[data-board]");
  if (!board) return null;
  const r = board.getBoundingClientRect();
  return { el: board, w: r.width, h: r.height,
    sig: `${board.className}|${Math.round(r.width / 4)}|${Math.round(r.height / 4)}` };
}

// The box a piece's place is measured in: its outermost svg, or the board; so that scrolling the page or the
// board's own box moves nothing.
function frameOf(el, board) {
  let svg = el.ownerSVGElement;
  while (svg && svg.ownerSVGElement) svg = svg.ownerSVGElement;
  return svg || board;
}

// Where a piece is drawn, on screen: an SVG piece by its own origin where it has a transform (Hex Battle, Doomspire,
// Clockwork), else by the centre of its first shape (Cloudspire's stacks, Ice Fortress's squares and invaders): not
// by its box, which grows with what is drawn on it (a square's highlight, an invader below it).  The running slides
// are in the reading (the player sees the piece there).  An HTML piece: its box.
function anchorOf(el) {
  if (el instanceof SVGGraphicsElement) {
    let shape = el;
    let x = 0;
    let y = 0;
    if (!el.transform || !el.transform.baseVal.numberOfItems) {
      shape = null;
      for (const c of el.children) if (c instanceof SVGGraphicsElement && !(c instanceof SVGTextElement)) { shape = c; break; }
      if (!shape) shape = el;
      const b = shape.getBBox();
      x = b.x + b.width / 2;
      y = b.y + b.height / 2;
    }
    const m = shape.getScreenCTM();
    if (m) return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
  }
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

function healthOf(el) {
  const t = el.getAttribute("aria-label") || (el.querySelector(":scope > title") || {}).textContent || "";
  const m = HEALTH.exec(t);
  return m ? Number(m[1] || m[2]) : null;
}

// A point on screen in the user space of an svg whose screen matrix is m (its own units: the same whatever size the
// svg is drawn at).
function toUser(m, x, y) {
  const det = m ? m.a * m.d - m.b * m.c : 0;
  if (!det) return [x, y];
  x -= m.e;
  y -= m.f;
  return [(m.d * x - m.c * y) / det, (-m.b * x + m.a * y) / det];
}

// Every keyed piece on the board (but those in `skip`): reads only (one layout at most, none when there is nothing
// to read), nothing written.  An SVG piece's place is in its outermost svg's user space; an HTML piece's in px from
// the board's corner.  Each frame's box and its screen matrix are read once per reading, not once per piece.
function readPieces(board, skip, still) {
  const out = new Map();
  const frames = new Map();
  for (const el of board.el.querySelectorAll("[data-key]")) {
    const key = el.getAttribute("data-key");
    if (skip && skip.has(key)) continue;
    const same = still && still(el, key);
    if (same) { out.set(key, same); continue; }
    motion.reads.read++;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const frame = frameOf(el, board.el);
    let f = frames.get(frame);
    if (!f) frames.set(frame, f = { box: frame.getBoundingClientRect(), m: frame === board.el ? null : frame.getScreenCTM() });
    const [ax, ay] = anchorOf(el);
    const [x, y] = frame === board.el ? [ax - f.box.left, ay - f.box.top] : toUser(f.m, ax, ay);
    out.set(key, { el, frame, x, y, bx: r.left - f.box.left, by: r.top - f.box.top, w: r.width,
      h: r.height, hp: healthOf(el) });
  }
  return out;
}

// Dice by the group that shows them (the closest element with a name, the group's class and its place among the
// groups of that name): a group whose values changed, or that is new, was just rolled.
function readDice(root) {
  const groups = new Map();
  const count = new Map();
  const seen = new Set();
  for (const die of root.querySelectorAll(DICE)) {
    const group = die.parentElement;
    if (!group || seen.has(group)) continue;
    seen.add(group);
    const owner = group.closest("[id], [data-key], [data-part]");
    const base = `${owner ? owner.id || owner.getAttribute("data-key") || owner.getAttribute("data-part") : ""}/`
      + `${group.getAttribute("class") || group.nodeName}`;
    const n = count.get(base) || 0;
    count.set(base, n + 1);
    const dice = Array.from(group.querySelectorAll(`:scope > :is(${DICE})`));
    groups.set(`${base}/${n}`, { dice, values: dice.map((d) => d.getAttribute("aria-label") || d.textContent).join(",") });
  }
  return groups;
}

// A translation on screen (dx, dy px) in the element's own units (an SVG element's user space may be scaled or
// turned: Hex Battle's field is drawn sideways on a landscape screen).
function local(el, dx, dy) {
  if (el instanceof SVGGraphicsElement && el.getScreenCTM) {
    const m = el.getScreenCTM();
    const det = m ? m.a * m.d - m.b * m.c : 0;
    if (!det) return null;
    return [(m.d * dx - m.c * dy) / det, (-m.b * dx + m.a * dy) / det];
  }
  const sx = el.offsetWidth ? el.getBoundingClientRect().width / el.offsetWidth : 1;
  const sy = el.offsetHeight ? el.getBoundingClientRect().height / el.offsetHeight : 1;
  return [dx / (sx || 1), dy / (sy || 1)];
}

// A slide by (dx, dy) in the units of the piece's frame (its outermost svg's user space, or px on the board), as a
// translation in the piece's own units: reads only (all of them are read before any slide starts: a started
// animation would make the next read lay the page out again).
function slideBy(el, frame, dx, dy) {
  if (frame instanceof SVGSVGElement) {
    const m = frame.getScreenCTM();
    if (!m) return null;
    [dx, dy] = [m.a * dx + m.c * dy, m.b * dx + m.d * dy];
  }
  return local(el, dx, dy);
}

function slide(el, d) {
  el.animate([{ transform: `translate(${d[0]}px, ${d[1]}px)` }, { transform: "translate(0px, 0px)" }],
    { duration: MOVE_MS * slow(), easing: EASE, composite: "add", id: "bs-move" });
}

function flash(el) {
  el.animate([{ opacity: 1 }, { opacity: 0.25 }, { opacity: 1 }, { opacity: 0.25 }, { opacity: 1 }],
    { duration: FLASH_MS * slow(), id: "bs-hit" });
}

function tumble(die) {
  die.animate([{ transform: "rotate(0deg) scale(1)" }, { transform: "rotate(-100deg) scale(.75)", offset: 0.35 },
    { transform: "rotate(-250deg) scale(1.1)", offset: 0.75 }, { transform: "rotate(-360deg) scale(1)" }],
  { duration: TUMBLE_MS * slow(), easing: "ease-out", composite: "add", id: "bs-roll" });
}

// A piece taken off the board: a ring where it stood, fading out (outside #app: the page's markup stays the
// markup; it takes no clicks, pointer-events: none in web/ui.css).
function gone(p, f) {
  const ring = document.createElement("div");
  ring.className = "bs-motion-gone";
  ring.setAttribute("aria-hidden", "true");
  const size = Math.max(p.w, p.h, 16);
  ring.style.left = `${f.left + p.bx + p.w / 2 - size / 2}px`;
  ring.style.top = `${f.top + p.by + p.h / 2 - size / 2}px`;
  ring.style.width = ring.style.height = `${size}px`;
  document.body.appendChild(ring);
  const a = ring.animate([{ opacity: 1, transform: "scale(.8)" }, { opacity: 0, transform: "scale(1.6)" }],
    { duration: FLASH_MS * slow(), easing: "ease-out", id: "bs-gone" });
  a.onfinish = a.oncancel = () => ring.remove();
}

// Which pieces the patch cannot have moved, when the click started from the kept reading (the board the same
// element, class and size, no slide running): an SVG piece (placed by the transforms from it to its svg, in its
// svg's units) in which nothing changed and none of whose elements up to the board had an attribute changed keeps
// its reading (a changed aria-label or <title> text does not count: they draw nothing); the others (HTML pieces,
// which siblings can push) are read again.  A change in a <defs> (a symbol a
// piece draws) reads every piece.  Returns (el, key) -> the kept reading or null; null when every piece is read.
function stillOf(was, board, sliding) {
  const k = was && was.kept;
  if (!k || !board || sliding || board.el !== k.el || board.el.className !== k.cls || board.w !== k.w
      || board.h !== k.h) return null;
  note(boardWatch.takeRecords());
  if (!changed) return null;
  const inside = new Set();               // the nodes changed and every element above them (to the board)
  const attrs = new Set();                // the elements whose attributes changed
  for (const r of changed) {
    const t = r.target;
    if (r.type === "attributes" && r.attributeName === "aria-label") continue;   // a name moves nothing (a health)
    const el = t.nodeType === 1 ? t : t.parentElement;
    if (el && el.closest("title")) continue;                                      // nor a tooltip's text
    if (el && el.closest("defs")) return null;
    if (r.type === "attributes") attrs.add(t);
    for (let n = t; n && n !== board.el && !inside.has(n); n = n.parentNode) inside.add(n);
  }
  return (el, key) => {
    const q = k.pieces.get(key);
    if (!q || q.el !== el || !(el instanceof SVGGraphicsElement) || inside.has(el)) return null;
    for (let n = el.parentNode; n && n !== board.el; n = n.parentNode) if (attrs.has(n)) return null;
    motion.reads.kept++;
    return { ...q, hp: healthOf(el) };           // its health read again (a name, no layout)
  };
}

// web/morph.js, right before every patch of #app: where the player last saw each piece.  Several patches can land
// in one frame (bots moving one after another): the first reading of a piece since the last frame drawn is the
// place the player saw, a later one only adds the pieces that were not there yet.
export function before(root) {
  if (off()) { seen = null; return; }
  if (seen) {
    // not drawn since the first reading: only pieces new since then are read (none, mostly: then nothing is read and
    // no layout is forced between two patches of one frame).  A board that changed its size or kind in between is
    // found in the frame (its sig), where nothing then moves.
    const el = root.querySelector("[data-board]");
    if (!el || el.className !== seen.cls) return;
    const fresh = Array.from(el.querySelectorAll("[data-key]"), (e) => e.getAttribute("data-key"))
      .filter((k) => !seen.pieces.has(k));
    if (!fresh.length) return;
    for (const [key, p] of readPieces({ el }, seen.pieces)) seen.pieces.set(key, p);
    return;
  }
  const k = kept(root);
  last = null;
  if (k) { seen = { sig: k.sig, cls: k.cls, pieces: new Map(k.pieces), kept: k }; return; }
  const board = boardOf(root);
  if (!board) return;
  seen = { sig: board.sig, cls: board.el.className, pieces: readPieces(board) };
}

// The frame that draws the new state: read, compare with where the player saw the pieces, animate.
function play(root) {
  pending = false;
  const was = seen;
  seen = null;
  if (off()) { dice = null; return; }
  const board = boardOf(root);
  // the slides still running: lifted while the new places are read, put back below for the pieces that did not
  // move again (the morph may have built a piece anew: it is found by its key)
  const sliding = [];
  for (const a of document.getAnimations()) {
    if (a.id !== "bs-move") continue;
    const el = a.effect.target;
    sliding.push([el.getAttribute("data-key"), a.effect.getKeyframes().map((k) => ({ transform: k.transform })),
      a.currentTime]);
    a.cancel();
  }
  const now = board ? readPieces(board, null, stillOf(was, board, sliding.length)) : null;
  const before = dice;
  dice = board ? readDice(root) : null;
  const moves = [];
  const hits = [];
  const same = !!(now && was && was.sig === board.sig);
  if (same) {
    for (const [key, p] of now) {
      const q = was.pieces.get(key);
      if (!q || q.frame !== p.frame && q.frame.isConnected) continue;
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      if (Math.abs(dx) > 1 || Math.abs(dy) > 1) moves.push([p.el, p.frame, dx, dy]);
      if (q.hp !== null && p.hp !== null && p.hp < q.hp) hits.push(p.el);
    }
  }
  // every read first (the slides in the pieces' units, the boxes of the lost pieces' frames), then the writes
  const slides = moves.length <= MAX_MOVES ? moves.map(([el, frame, dx, dy]) => [el, slideBy(el, frame, dx, dy)]) : [];
  const lost = [];
  if (same) {
    for (const [key, q] of was.pieces) if (!now.has(key)) lost.push(q);
    if (lost.length > MAX_GONE) lost.length = 0;
  }
  const lostAt = lost.map((q) => (q.frame.isConnected ? q.frame : board.el).getBoundingClientRect());
  const again = new Set();
  keep(board, now);
  for (const [el, d] of slides) { if (d) slide(el, d); again.add(el); }
  for (const [key, frames, t] of sliding) {
    const p = now && now.get(key);
    const el = p && p.el;
    if (!el || again.has(el) || moves.length > MAX_MOVES) continue;
    el.animate(frames, { duration: MOVE_MS * slow(), easing: EASE, composite: "add", id: "bs-move" }).currentTime = t;
  }
  if (!same) return;
  for (const el of hits) flash(el);
  lost.forEach((q, i) => gone(q, lostAt[i]));
  if (before) {
    for (const [key, g] of dice) {
      const old = before.get(key);
      if (!old || old.values !== g.values) for (const die of g.dice) tumble(die);
    }
  }
}

// web/morph.js: #app was just patched into a new state; the pieces are compared in the next frame (the one that
// draws it: its layout is needed anyway).
export function after(root) {
  if (off()) { seen = null; dice = null; last = null; return; }
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => play(root));
}

const motion = { before, after, slow: 1, reads: { read: 0, kept: 0 } };
globalThis.boardshelfMotion = motion;
if (typeof addEventListener === "function") addEventListener("resize", () => { seen = null; dice = null; last = null; });

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
// then the writes).  An SVG piece's place is read from its markup (the transform attributes from it up to its
// svg, and its first shape's attributes), so the frame's callback forces no style or layout: the update's style
// and layout are done after it, as the frame does them anyway; a piece caught mid-slide before a patch is read from
// its markup and its slides' progress.  Only a piece the markup does not place (an HTML piece, a piece inside a
// nested svg, a shape without plain coordinates) is measured on screen (that forces the layout).  This holds because no CSS rule moves a piece, its shape or a
// group between it and its svg (no transform, translate, rotate, scale, x, y, cx, cy set on them, in any state):
// tests/browser/test_motion.py checks it over every rule of the page in every game.
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

// The slides this started (Animation -> its keyframes), while they run or are paused: document.getAnimations() would
// bring the page's style up to date first (a forced style recalc in the frame's callback).
const moving = new Map();
const slidesOn = () => {
  for (const a of moving.keys()) if (a.playState !== "running" && a.playState !== "paused") moving.delete(a);
  return moving;
};

// The board's size at the last layout, {el, w, h}, from a ResizeObserver (its callback comes after the frame's layout:
// reading the box there lays nothing out), so that neither the click nor the frame's callback measures the board.
// The frame that starts animations takes the board's size before the patch as its size; when the layout that follows
// finds another size (the sig differs: a new view, where nothing moves), `check` takes back what that frame started,
// before it is painted.
let size = null;
let watched = null;
let check = null;       // {el, sig, cls, anims: [], rings: []}: what the frame started, until its layout is known
const sigOf = (cls, w, h) => `${cls}|${Math.round(w / 4)}|${Math.round(h / 4)}`;
const sizeWatch = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  for (const e of entries) {
    const r = e.target.getBoundingClientRect();
    const was = size && size.el === e.target ? size : null;
    size = { el: e.target, w: r.width, h: r.height };
    if (was && (was.w !== r.width || was.h !== r.height) && last && last.el === e.target) last = null;
    if (check && check.el === e.target && sigOf(check.cls, r.width, r.height) !== check.sig) {
      for (const a of check.anims) a.cancel();
      for (const ring of check.rings) ring.remove();
      last = null;
      check = null;
    }
  }
}) : null;

function watchSize(el) {
  if (!sizeWatch || watched === el) return;
  sizeWatch.disconnect();
  sizeWatch.observe(el);
  watched = el;
}

function keep(board, pieces) {
  last = null;
  changed = [];
  if (boardWatch) boardWatch.disconnect();
  if (!board || !boardWatch || !sizeWatch) return;
  boardWatch.observe(board.el, { subtree: true, childList: true, attributes: true, characterData: true });
  last = { sig: board.sig, cls: board.el.className, el: board.el, w: board.w, h: board.h, pieces };
}

// The kept reading, if it still tells where the pieces are drawn.
function kept(root) {
  if (!last) return null;
  const records = boardWatch.takeRecords();
  note(records);
  if (records.length || [...slidesOn().keys()].some((a) => a.playState === "running")
      || root.querySelector("[data-board]") !== last.el || last.el.className !== last.cls) { last = null; return null; }
  return last;
}

const off = () => !!(REDUCE && REDUCE.matches);
const slow = () => Number(motion.slow) > 0 ? Number(motion.slow) : 1;

// What the board is (a piece's place is only compared on the same board at about the same size): its size at the
// last layout where the ResizeObserver knows it (no layout forced), else measured (a board new to the page).
function boardOf(root) {
  const board = root.querySelector("[data-board]");
  if (!board) return null;
  watchSize(board);
  let w;
  let h;
  if (size && size.el === board) ({ w, h } = size);
  else {
    const r = board.getBoundingClientRect();
    [w, h] = [r.width, r.height];
    motion.reads.boards++;
  }
  return { el: board, w, h, sig: sigOf(board.className, w, h) };
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

// 2-D matrices [a, b, c, d, e, f], as SVG and DOMMatrix write them.
const mul = (A, B) => [A[0] * B[0] + A[2] * B[1], A[1] * B[0] + A[3] * B[1], A[0] * B[2] + A[2] * B[3],
  A[1] * B[2] + A[3] * B[3], A[0] * B[4] + A[2] * B[5] + A[4], A[1] * B[4] + A[3] * B[5] + A[5]];
const ID = [1, 0, 0, 1, 0, 0];

// From an element's own units to its svg's user space, by the transform attributes from it up to the svg (read from
// the markup: no style, no layout); null where the markup does not say it (a nested svg or a foreignObject between,
// an element outside the svg).
function chainOf(el, svg) {
  let m = ID;
  for (let n = el; n !== svg; n = n.parentNode) {
    if (!(n instanceof SVGGraphicsElement) || n instanceof SVGSVGElement || n instanceof SVGForeignObjectElement) return null;
    const list = n.transform.baseVal;
    for (let i = list.numberOfItems - 1; i >= 0; i--) {
      const t = list.getItem(i).matrix;
      m = mul([t.a, t.b, t.c, t.d, t.e, t.f], m);
    }
  }
  return m;
}

const num = (el, name) => {
  const v = el.getAttribute(name);
  if (v === null) return 0;
  const x = Number(v);
  return Number.isFinite(x) && v.trim() !== "" ? x : NaN;   // a length with units or a percentage: not read here
};
const useCentre = new Map();   // a <use>'s box centre from its x, y, by what it shows (measured once per symbol)

// The point a piece is placed by, in its own units, from the markup: its origin where it has a transform, else the
// centre of its first shape (as getBBox would give it: a circle's or an ellipse's centre, a rect's, the points' box
// of a polygon, a line's middle, a <use>'s x, y and its symbol's centre); [shape, x, y] or null.
function pointOf(el) {
  if (el.transform.baseVal.numberOfItems) return [el, 0, 0];
  let shape = null;
  for (const c of el.children) if (c instanceof SVGGraphicsElement && !(c instanceof SVGTextElement)) { shape = c; break; }
  if (!shape) return null;
  let x = NaN;
  let y = NaN;
  if (shape instanceof SVGCircleElement || shape instanceof SVGEllipseElement) [x, y] = [num(shape, "cx"), num(shape, "cy")];
  else if (shape instanceof SVGRectElement) {
    [x, y] = [num(shape, "x") + num(shape, "width") / 2, num(shape, "y") + num(shape, "height") / 2];
  } else if (shape instanceof SVGLineElement) {
    [x, y] = [(num(shape, "x1") + num(shape, "x2")) / 2, (num(shape, "y1") + num(shape, "y2")) / 2];
  } else if (shape instanceof SVGPolygonElement || shape instanceof SVGPolylineElement) {
    const pts = shape.points;
    if (!pts.numberOfItems) return null;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < pts.numberOfItems; i++) {
      const p = pts.getItem(i);
      [x0, y0, x1, y1] = [Math.min(x0, p.x), Math.min(y0, p.y), Math.max(x1, p.x), Math.max(y1, p.y)];
    }
    [x, y] = [(x0 + x1) / 2, (y0 + y1) / 2];
  } else if (shape instanceof SVGUseElement) {
    const ux = num(shape, "x");
    const uy = num(shape, "y");
    const what = `${shape.getAttribute("href") || shape.getAttribute("xlink:href")}|${shape.getAttribute("width")}|`
      + `${shape.getAttribute("height")}`;
    let c = useCentre.get(what);
    if (!c) {
      const b = shape.getBBox();
      motion.reads.measured++;
      if (!b.width && !b.height) return null;
      useCentre.set(what, c = [b.x + b.width / 2 - ux, b.y + b.height / 2 - uy]);
    }
    [x, y] = [ux + c[0], uy + c[1]];
  }
  return Number.isFinite(x) && Number.isFinite(y) ? [shape, x, y] : null;
}

// A piece's place in its svg's user space from the markup, [x, y] (null: to be measured).
function markupPlace(el, frame) {
  if (!(el instanceof SVGGraphicsElement) || !(frame instanceof SVGSVGElement)) return null;
  const at = pointOf(el);
  const m = at && chainOf(at[0], frame);
  if (!m) return null;
  const [, x, y] = at;
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
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

// Where a piece caught mid-slide is drawn, in its svg's user space: its markup place moved by what its slides add
// now (a slide from translate(d) to none, in the piece's own units, adds d * (1 - its eased progress)); null (to be
// measured) where the markup does not place it or a slide's progress is not known.
const FROM = /translate\(([-\d.e]+)px, ([-\d.e]+)px\)/;
function slidPlace(el, frame, anims) {
  const at = markupPlace(el, frame);
  const m = at && chainOf(el, frame);
  if (!m) return null;
  let [ox, oy] = [0, 0];
  for (const a of anims) {
    const from = FROM.exec(moving.get(a)[0].transform || "");
    const t = a.effect.getComputedTiming().progress;
    if (!from || typeof t !== "number") return null;
    ox += Number(from[1]) * (1 - t);
    oy += Number(from[2]) * (1 - t);
  }
  return [at[0] + m[0] * ox + m[2] * oy, at[1] + m[1] * ox + m[3] * oy];
}

// Every keyed piece on the board (but those in `skip`): reads only, nothing written.  An SVG piece's place is in its
// outermost svg's user space, read from the markup (no layout); an HTML piece's in px from the board's corner, and
// any piece the markup does not place, are measured (one layout at most, none when none is); one in `onScreen` (a
// piece caught mid-slide, -> its slides: the player sees it where the slides have it) is read from its markup and its
// slides' progress (slidPlace), or measured.  `lift(el)`, when given, is called before a
// piece is measured (the frame: a slide still running on it is taken off for the reading).  Each frame's box and its
// screen matrix are read once per reading, not once per piece.  The box of a piece placed from the markup
// (`bx`, `by`, `w`, `h`: where a piece taken off leaves its ring) is read after the frame is drawn (fill()).
function readPieces(board, skip, still, onScreen, lift) {
  const out = new Map();
  const frames = new Map();
  const measure = [];
  for (const el of board.el.querySelectorAll("[data-key]")) {
    const key = el.getAttribute("data-key");
    if (skip && skip.has(key)) continue;
    const same = still && still(el, key);
    if (same) { out.set(key, same); continue; }
    motion.reads.read++;
    const frame = frameOf(el, board.el);
    const at = onScreen && onScreen.has(el) ? slidPlace(el, frame, onScreen.get(el)) : markupPlace(el, frame);
    if (at) { out.set(key, { el, frame, x: at[0], y: at[1], hp: healthOf(el) }); continue; }
    out.set(key, null);                 // measured below (the map keeps the pieces' order)
    measure.push([key, el, frame]);
  }
  if (lift) for (const [, el] of measure) lift(el);
  for (const [key, el, frame] of measure) {
    motion.reads.measured++;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) { out.delete(key); continue; }
    let f = frames.get(frame);
    if (!f) frames.set(frame, f = { box: frame.getBoundingClientRect(), m: frame === board.el ? null : frame.getScreenCTM() });
    const [ax, ay] = anchorOf(el);
    const [x, y] = frame === board.el ? [ax - f.box.left, ay - f.box.top] : toUser(f.m, ax, ay);
    out.set(key, { el, frame, x, y, bx: r.left - f.box.left, by: r.top - f.box.top, w: r.width,
      h: r.height, hp: healthOf(el) });
  }
  return out;
}

// After the frame is drawn (its layout done: reading a box lays nothing out), the boxes of the kept reading's pieces
// placed from the markup, but those sliding (their box is not where they stand): where a piece taken off later
// leaves its ring.  Also ends the frame's `check` (its layout is known by now).
let filling = false;
function fill() {
  filling = false;
  check = null;
  if (!last || !boardWatch) return;
  const records = boardWatch.takeRecords();
  if (records.length) { stale(records); return; }
  const busy = new Set();
  for (const a of slidesOn().keys()) if (a.effect) busy.add(a.effect.target);
  const boxes = new Map();
  for (const p of last.pieces.values()) {
    if (p.w !== undefined || busy.has(p.el) || !p.el.isConnected || !p.frame.isConnected) continue;
    let f = boxes.get(p.frame);
    if (!f) boxes.set(p.frame, f = p.frame.getBoundingClientRect());
    const r = p.el.getBoundingClientRect();
    Object.assign(p, { bx: r.left - f.left, by: r.top - f.top, w: r.width, h: r.height });
  }
}
const fillLater = () => { if (!filling) { filling = true; setTimeout(fill, 0); } };

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
  const m = el instanceof SVGGraphicsElement && frame instanceof SVGSVGElement ? chainOf(el, frame) : null;
  if (m) {                              // the piece's own units from its svg's, by the markup: no layout
    const det = m[0] * m[3] - m[1] * m[2];
    return det ? [(m[3] * dx - m[2] * dy) / det, (-m[1] * dx + m[0] * dy) / det] : null;
  }
  if (frame instanceof SVGSVGElement) {
    const m = frame.getScreenCTM();
    if (!m) return null;
    [dx, dy] = [m.a * dx + m.c * dy, m.b * dx + m.d * dy];
  }
  return local(el, dx, dy);
}

// Every animation started in a frame goes through here (so that the frame's `check` can take it back).
function started(a) {
  if (check) check.anims.push(a);
  return a;
}

function slideFrames(el, frames, t) {
  const a = started(el.animate(frames, { duration: MOVE_MS * slow(), easing: EASE, composite: "add", id: "bs-move" }));
  if (t !== undefined) a.currentTime = t;
  moving.set(a, frames);
  a.addEventListener("finish", fillLater);
}

function slide(el, d) {
  slideFrames(el, [{ transform: `translate(${d[0]}px, ${d[1]}px)` }, { transform: "translate(0px, 0px)" }]);
}

function flash(el) {
  started(el.animate([{ opacity: 1 }, { opacity: 0.25 }, { opacity: 1 }, { opacity: 0.25 }, { opacity: 1 }],
    { duration: FLASH_MS * slow(), id: "bs-hit" }));
}

function tumble(die) {
  started(die.animate([{ transform: "rotate(0deg) scale(1)" }, { transform: "rotate(-100deg) scale(.75)", offset: 0.35 },
    { transform: "rotate(-250deg) scale(1.1)", offset: 0.75 }, { transform: "rotate(-360deg) scale(1)" }],
  { duration: TUMBLE_MS * slow(), easing: "ease-out", composite: "add", id: "bs-roll" }));
}

// A piece taken off the board: a ring where it stood, fading out (outside #app: the page's markup stays the
// markup; it takes no clicks, pointer-events: none in web/ui.css).
// `at`: [left, top, size] of the ring on screen (ringAt()).
function gone(at) {
  const ring = document.createElement("div");
  ring.className = "bs-motion-gone";
  ring.setAttribute("aria-hidden", "true");
  const [left, top, size] = at;
  ring.style.left = `${left}px`;
  ring.style.top = `${top}px`;
  ring.style.width = ring.style.height = `${size}px`;
  document.body.appendChild(ring);
  if (check) check.rings.push(ring);
  const a = ring.animate([{ opacity: 1, transform: "scale(.8)" }, { opacity: 0, transform: "scale(1.6)" }],
    { duration: FLASH_MS * slow(), easing: "ease-out", id: "bs-gone" });
  a.onfinish = a.oncancel = () => ring.remove();
}

// Where the ring of a piece taken off goes: around its box as last read (f: its frame's box now); a piece whose box
// was not read yet (taken off in the frame after it came), around its place, at the smallest size.
function ringAt(p, f) {
  if (p.w !== undefined) {
    const size = Math.max(p.w, p.h, 16);
    return [f.left + p.bx + p.w / 2 - size / 2, f.top + p.by + p.h / 2 - size / 2, size];
  }
  const m = p.frame instanceof SVGSVGElement && p.frame.isConnected ? p.frame.getScreenCTM() : null;
  const [x, y] = m ? [m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f] : [f.left + p.x, f.top + p.y];
  return [x - 8, y - 8, 16];
}

// Which pieces the patch cannot have moved, when the click started from the kept reading (the board the same
// element, class and size, no slide running): an SVG piece (placed by the transforms from it to its svg, in its
// svg's units) in which nothing changed and none of whose elements up to the board had an attribute changed keeps
// its reading (a changed aria-label or <title> text does not count: they draw nothing; nor a changed class: no CSS
// rule moves a piece, checked by tests/browser/test_motion.py); the others (HTML pieces,
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
    if (r.type === "attributes" && r.attributeName === "class") continue;        // nor a class (no CSS rule moves a piece)
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
  const onScreen = new Map();              // pieces caught mid-slide (-> their slides): read where the slides draw them
  for (const a of slidesOn().keys()) {
    const el = a.effect && a.effect.target;
    if (el) onScreen.set(el, [...(onScreen.get(el) || []), a]);
  }
  if (seen) {
    // not drawn since the first reading: only pieces new since then are read (none, mostly: then nothing is read and
    // no layout is forced between two patches of one frame).  A board that changed its size or kind in between is
    // found in the frame (its sig), where nothing then moves.
    const el = root.querySelector("[data-board]");
    if (!el || el.className !== seen.cls) return;
    const fresh = Array.from(el.querySelectorAll("[data-key]"), (e) => e.getAttribute("data-key"))
      .filter((k) => !seen.pieces.has(k));
    if (!fresh.length) return;
    for (const [key, p] of readPieces({ el }, seen.pieces, null, onScreen)) seen.pieces.set(key, p);
    return;
  }
  const k = kept(root);
  last = null;
  if (k) { seen = { sig: k.sig, cls: k.cls, pieces: new Map(k.pieces), kept: k }; return; }
  const board = boardOf(root);
  if (!board) return;
  seen = { sig: board.sig, cls: board.el.className, pieces: readPieces(board, null, null, onScreen) };
}

// The frame that draws the new state: read, compare with where the player saw the pieces, animate.
function play(root) {
  pending = false;
  const was = seen;
  seen = null;
  if (off()) { dice = null; return; }
  const known = !!(size && root.querySelector("[data-board]") === size.el);
  const board = boardOf(root);
  // the slides still running (pieces placed from the markup are read without them); one on a piece that is measured
  // on screen is lifted for the reading and put back below, for the pieces that did not move again (the morph may
  // have built a piece anew: it is found by its key)
  const running = new Map(slidesOn());
  const sliding = running.size;
  const lifted = [];
  const lift = (el) => {
    for (const [a, frames] of running) {
      if (a.effect.target !== el) continue;
      lifted.push([el.getAttribute("data-key"), frames, a.currentTime]);
      a.cancel();
      running.delete(a);
      moving.delete(a);
    }
  };
  const now = board ? readPieces(board, null, stillOf(was, board, sliding), null, lift) : null;
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
  const rings = lost.map((q) => ringAt(q, (q.frame.isConnected ? q.frame : board.el).getBoundingClientRect()));
  const again = new Set();
  keep(board, now);
  // the board's size was taken from before the patch: if the layout finds another, the sizeWatch takes back what
  // this frame starts (fill() ends the check after the frame)
  check = known ? { el: board.el, sig: board.sig, cls: board.el.className, anims: [], rings: [] } : null;
  fillLater();
  for (const [el, d] of slides) { if (d) slide(el, d); again.add(el); }
  for (const [a, frames] of running) {             // slides from earlier frames, still running
    const el = a.effect.target;
    const p = now && now.get(el.getAttribute("data-key"));
    if (p && p.el === el && !again.has(el) && moves.length <= MAX_MOVES) continue;   // it goes on
    const t = a.currentTime;
    a.cancel();
    moving.delete(a);
    if (p && !again.has(p.el) && moves.length <= MAX_MOVES) slideFrames(p.el, frames, t);
  }
  for (const [key, frames, t] of lifted) {
    const p = now && now.get(key);
    const el = p && p.el;
    if (!el || again.has(el) || moves.length > MAX_MOVES) continue;
    slideFrames(el, frames, t);
  }
  if (!same) return;
  for (const el of hits) flash(el);
  rings.forEach((at) => gone(at));
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

// reads: pieces read (from the markup or measured), kept (a reading kept), measured (on screen: a layout), boards (a
// board's box measured: a layout)
const motion = { before, after, slow: 1, reads: { read: 0, kept: 0, measured: 0, boards: 0 } };
// For tests: a piece's place as read from the markup ([x, y] in its svg's user space), or null where it is measured.
// A piece sliding now: where its slides draw it (slidPlace).
motion.placeOf = (el) => {
  const frame = frameOf(el, el.closest("[data-board]"));
  const anims = [...slidesOn().keys()].filter((a) => a.effect && a.effect.target === el);
  return anims.length ? slidPlace(el, frame, anims) : markupPlace(el, frame);
};
globalThis.boardshelfMotion = motion;
if (typeof addEventListener === "function") addEventListener("resize", () => { seen = null; dice = null; last = null; });

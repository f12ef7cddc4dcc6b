// Motion on the board (issue 31): a piece that moves slides from where it was, newly rolled dice tumble, a piece
// that loses health flashes, a piece taken off the board leaves a fading flash where it stood.
//
// How (FLIP): web/morph.js calls after(root) once it has patched #app.  In the next animation frame, the frame that
// draws the new state, this reads where each piece ([data-board] [data-key]) is drawn now, compares it with where it
// was drawn after the last update (the same reading, kept), and starts a Web Animations API animation from the old
// place to the new one (a transform added on top of the piece's own, so SVG pieces with a transform attribute move
// too).  Nothing here runs before the new state is in the page, and nothing waits for an animation: the pieces take
// clicks while they move, and the next update simply starts from where they are drawn.  The reading costs no layout
// of its own: the frame lays the page out anyway, and the animations only change transforms and opacity.
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

let last = null;            // the board as drawn after the last update: {sig, pieces: Map key -> piece, dice: Map}
let pending = false;

const off = () => !!(REDUCE && REDUCE.matches);
const slow = () => Number(motion.slow) > 0 ? Number(motion.slow) : 1;

// What the board is (a piece's place is only compared on the same board at about the same size).
function boardOf(root) {
  const board = root.querySelector("[data-board]");
  if (!board) return null;
  const r = board.getBoundingClientRect();
  return { el: board, sig: `${board.className}|${Math.round(r.width / 4)}|${Math.round(r.height / 4)}` };
}

// The box a piece's place is measured in: its outermost svg, or the board; so that scrolling the page or the
// board's own box moves nothing.
function frameOf(el, board) {
  let svg = el.ownerSVGElement;
  while (svg && svg.ownerSVGElement) svg = svg.ownerSVGElement;
  return svg || board;
}

function healthOf(el) {
  const t = el.getAttribute("aria-label") || (el.querySelector(":scope > title") || {}).textContent || "";
  const m = HEALTH.exec(t);
  return m ? Number(m[1] || m[2]) : null;
}

function readPieces(board) {
  const out = new Map();
  const frames = new Map();
  for (const el of board.el.querySelectorAll("[data-key]")) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const frame = frameOf(el, board.el);
    let f = frames.get(frame);
    if (!f) frames.set(frame, f = frame.getBoundingClientRect());
    out.set(el.getAttribute("data-key"), { el, x: r.left - f.left, y: r.top - f.top, w: r.width, h: r.height,
      svg: frame !== board.el, hp: healthOf(el) });
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

function slide(el, dx, dy) {
  const d = local(el, dx, dy);
  if (!d) return;
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
function gone(p, frame) {
  const f = frame.getBoundingClientRect();
  const ring = document.createElement("div");
  ring.className = "bs-motion-gone";
  ring.setAttribute("aria-hidden", "true");
  const size = Math.max(p.w, p.h, 16);
  ring.style.left = `${f.left + p.x + p.w / 2 - size / 2}px`;
  ring.style.top = `${f.top + p.y + p.h / 2 - size / 2}px`;
  ring.style.width = ring.style.height = `${size}px`;
  document.body.appendChild(ring);
  const a = ring.animate([{ opacity: 1, transform: "scale(.8)" }, { opacity: 0, transform: "scale(1.6)" }],
    { duration: FLASH_MS * slow(), easing: "ease-out", id: "bs-gone" });
  a.onfinish = a.oncancel = () => ring.remove();
}

// The frame that draws the new state: read, compare with the last reading, animate.
function play(root) {
  pending = false;
  if (off()) { last = null; return; }
  const board = boardOf(root);
  const before = last;
  // a piece still sliding from the last update is read where it ends, then slides on (below) unless it moves again
  const sliding = [];
  for (const a of document.getAnimations()) {
    if (a.id !== "bs-move") continue;
    const el = a.effect.target;
    sliding.push([el.getAttribute("data-key"), a.effect.getKeyframes().map((k) => ({ transform: k.transform })),
      a.currentTime]);
    a.cancel();
  }
  const now = board ? { sig: board.sig, pieces: readPieces(board), dice: readDice(root) } : null;
  last = now;
  if (!now || !before || before.sig !== now.sig) return;
  const again = new Set();
  const moves = [];
  const hits = [];
  for (const [key, p] of now.pieces) {
    const q = before.pieces.get(key);
    if (!q) continue;
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    if (Math.abs(dx) > 2 || Math.abs(dy) > 2) moves.push([p.el, dx, dy]);
    if (q.hp !== null && p.hp !== null && p.hp < q.hp) hits.push(p.el);
  }
  if (moves.length > MAX_MOVES) return;
  for (const [el, dx, dy] of moves) { slide(el, dx, dy); again.add(el); }
  for (const [key, frames, t] of sliding) {            // (the morph may have built the piece anew: found by its key)
    const p = now.pieces.get(key);
    const el = p && p.el;
    if (!el || again.has(el)) continue;
    el.animate(frames, { duration: MOVE_MS * slow(), easing: EASE, composite: "add", id: "bs-move" }).currentTime = t;
  }
  for (const el of hits) flash(el);
  const lost = [];
  for (const [key, q] of before.pieces) if (!now.pieces.has(key)) lost.push(q);
  if (lost.length <= MAX_GONE) {
    const svg = board.el.querySelector("svg");
    for (const q of lost) gone(q, q.svg && svg ? svg : board.el);
  }
  for (const [key, g] of now.dice) {
    const old = before.dice.get(key);
    if (!old || old.values !== g.values) for (const die of g.dice) tumble(die);
  }
}

// web/morph.js: #app was just patched into a new state.
export function after(root) {
  if (off()) { last = null; return; }
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => play(root));
}

const motion = { after, slow: 1 };
globalThis.boardshelfMotion = motion;
if (typeof addEventListener === "function") addEventListener("resize", () => { last = null; });

// The keyboard on a game's board (issue 31, item 8): arrow keys move the focus between the places and pieces
// of any board, whatever its shape (hex grid, squares, an HTML fortress, Hex Battle's field drawn sideways).
//
// Inside the element that holds a game's board (`[data-board]`, every renderer marks it), an arrow key moves
// the focus to the nearest focusable element of that board in the arrow's direction, measured on screen from
// the elements' boxes (so the arrows follow what the player sees, also on a board turned 90 or 180 degrees);
// Home and End go to the first and the last of them.  Enter and Space on a focused place or piece do what a
// click does (pyapp/browser/main.py does it for the game's `[data-action][role=button]` targets; a focused
// piece shows its description, as a hover or a tap does: main.py's Tips).
//
// Every place and piece stays a Tab stop of its own (no roving tabindex): web/morph.js gives every element
// its markup's attributes at each update, the walks by Tab (tests, players, screen readers' focus mode)
// reach each target as before, and a screen reader's browse mode lists them all.  docs/table.md says so.
//
// Nothing here changes the markup; the replay (its own arrow keys step through the game) is left alone.
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), '
  + 'textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The board's focusable elements that are shown (a box of some size), in document order, with their boxes.
function places(board) {
  const out = [];
  for (const el of board.querySelectorAll(FOCUSABLE)) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (el.closest("[hidden], [inert], [aria-hidden=true]")) continue;
    out.push({ el, x: r.left + r.width / 2, y: r.top + r.height / 2, r });
  }
  return out;
}

// The nearest of `all` from `from` in direction (dx, dy): only elements whose centre lies ahead (within the
// 90-degree cone around the direction, or, when none does, anywhere in the half plane ahead); the distance
// along the direction counts once, the distance across it twice (a place straight ahead before one that is
// nearer but off to the side).
export function nearest(from, all, dx, dy) {
  let best = null;
  let bestScore = Infinity;
  for (const wide of [false, true]) {
    for (const p of all) {
      if (p.el === from.el) continue;
      const vx = p.x - from.x;
      const vy = p.y - from.y;
      const along = vx * dx + vy * dy;
      const across = Math.abs(vx * dy - vy * dx);
      if (along < 1) continue;                       // not ahead (1 px: the same row or column)
      if (!wide && across > along) continue;         // outside the cone
      const score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = p; }
    }
    if (best) return best;
  }
  return null;
}

function onKey(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const dir = KEYS[event.key];
  const home = event.key === "Home" || event.key === "End";
  if (!dir && !home) return;
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (target.closest("input, select, textarea, [contenteditable], .replay")) return;
  const board = target.closest("[data-board]");
  if (!board || board === target || !board.closest("#app")) return;     // (the board's own box scrolls)
  const all = places(board);
  if (!all.length) return;
  let to = null;
  if (home) to = event.key === "Home" ? all[0] : all[all.length - 1];
  else {
    const r = target.getBoundingClientRect();
    const from = all.find((p) => p.el === target) || { el: target, x: r.left + r.width / 2, y: r.top + r.height / 2 };
    to = nearest(from, all, dir[0], dir[1]);
  }
  event.preventDefault();                            // never scroll the page or the board's box instead
  if (!to || to.el === target) return;
  to.el.focus({ preventScroll: true });
  if (to.el.scrollIntoView) to.el.scrollIntoView({ block: "nearest", inline: "nearest" });
}

if (typeof document !== "undefined") document.addEventListener("keydown", onKey, true);

// Swaps #app's markup by patching the live DOM into the new markup instead of replacing it.
//
// The Python renderer still builds the whole page as one string per update (pyapp/browser/main.py);
// this only changes how that string reaches the page.  Replacing every node (innerHTML) makes the
// browser recompute style and layout for all of them: about 20 ms for a Hex Battle board on our
// machines, most of a click's latency.  Patching keeps every node whose markup did not change, so
// style and layout are redone only where something did (2-6 ms), and the page keeps what lives in
// the nodes themselves: scroll positions (the log), focus, a text field's caret.
//
// Guarantee (tests/browser/test_morph.py): afterwards root.innerHTML is exactly what assigning the
// markup would give (the same nodes, attributes in the same order, text), and every form field's
// value, tick and selection is the markup's.
//
// Matching is positional, with a look-ahead (a few nodes: LOOK) so that nodes inserted or removed do not
// shift every node after them: two nodes match when they have the same type and tag and the same
// key, where the key is the id, else data-key, else data-part, else the first class name.  A named node
// elsewhere among its siblings is moved, not built again; a live node no new sibling wants goes first; among
// siblings of one key and no name (a column's coordinates), one that equals the next sibling's new markup was
// removed, and one that equals the node after the new one had one inserted before it (so the rest are kept,
// not each rewritten into its neighbour).  Session 25 (latweb2) measured what a patch writes: docs/table.md.
//
// Parts (pyapp.ui.markup.part / keep_unchanged): an element marked data-part="k" whose markup is the same
// as at the last update comes as its start tag with data-keep and no content: the live element stays as
// it is, not read or compared; one marked data-keep-tail grew at the front (a log, newest first): the
// element comes with only its new content, which goes before the nodes the live element keeps.  If one
// cannot be matched (the page is not what the last update left), morph() returns false and the caller
// sends the whole markup.
// The id, data-key or data-part of an element: a name that says which element it is wherever it moves.
const strongKey = (node) => (node.nodeType === 1
  && (node.getAttribute("id") || node.getAttribute("data-key") || node.getAttribute("data-part"))) || "";
const keyOf = (node) => (node.nodeType !== 1 ? ""
  : strongKey(node) || (node.getAttribute("class") || "").split(" ", 1)[0]);
let kept = [];           // the live elements kept whole in this morph

const matches = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);

function patchAttributes(live, next) {
  const want = next.attributes;
  const have = live.attributes;
  let sameNames = want.length === have.length;
  for (let i = 0; sameNames && i < want.length; i++) sameNames = want[i].name === have[i].name;
  if (sameNames) {                          // the usual case: only values change
    for (let i = 0; i < want.length; i++) if (have[i].value !== want[i].value) have[i].value = want[i].value;
    return;
  }
  // Attributes added or removed: those before the first name that differs stay (their values patched: an
  // unchanged class is not set again, which would restyle the element); from there on they are set again in the
  // markup's order, so that the page still serializes exactly as the markup does.
  let i = 0;
  for (; i < want.length && i < have.length && want[i].name === have[i].name; i++) {
    if (have[i].value !== want[i].value) have[i].value = want[i].value;
  }
  while (have.length > i) live.removeAttributeNode(have[i]);
  for (; i < want.length; i++) live.setAttributeNode(want[i].cloneNode());
}

// A field's live state (what the player typed, ticked or picked) is not in its attributes: after
// patching, every field takes the state the markup gives it (fields pair up in document order).
const FIELDS = "input, textarea, select";

function fieldState(field) {
  if (field.nodeName === "SELECT") return { selectedIndex: field.selectedIndex };
  if (field.type === "checkbox" || field.type === "radio") return { checked: field.checked };
  if (field.type === "file") return {};
  return { value: field.value };
}

function applyFieldState(field, state) {
  for (const [k, v] of Object.entries(state)) if (field[k] !== v) field[k] = v;
}

function patch(live, next) {
  if (live.nodeType !== 1) {
    if (live.nodeValue !== next.nodeValue) live.nodeValue = next.nodeValue;
    return;
  }
  if (next.hasAttribute("data-keep")) {
    kept.push(live);
    return;
  }
  if (next.hasAttribute("data-keep-tail")) {     // a part that grew at the front: its new nodes go first
    const first = live.firstChild;
    while (next.firstChild) live.insertBefore(next.firstChild, first);
    kept.push(live);
    return;
  }
  if (live.isEqualNode(next)) return;
  patchAttributes(live, next);
  patchChildren(live, next);
}

// How far to look ahead for the node that matches, when two do not: a few panels that appear or go at once (the
// setup's sections, a phase's panels) then shift nothing after them, where a one-step look found no match and
// replaced every node after them whole (a log, a key to the board: hundreds of elements built again).
const LOOK = 6;

// How many live nodes from `live` on come before the first that matches `next`; 0 when none does within LOOK.
function ahead(live, next) {
  let n = 1;
  for (let c = live.nextSibling; c && n <= LOOK; c = c.nextSibling, n++) {
    if (matches(c, next)) return n;
  }
  return 0;
}

// How many new nodes from `next` on come before the first that matches `live`; look + 1 when none does within look.
function behind(next, live, look = LOOK) {
  let n = 1;
  for (let c = next.nextSibling; c && n <= look; c = c.nextSibling, n++) {
    if (matches(live, c)) return n;
  }
  return look + 1;
}

function patchChildren(liveParent, nextParent) {
  let gap = 0;
  let live = liveParent.firstChild;
  let next = nextParent.firstChild;
  let named = null;                           // strong key -> the live child of that name (made when needed)
  let wanted = null;                          // the strong keys among the new children (made when needed)
  const namedChild = (key, name) => {
    if (!named) {
      named = new Map();
      for (const c of liveParent.children) { const k = strongKey(c); if (k) named.set(k, c); }
    }
    const n = named.get(key);
    if (n && n.nodeName === name) { named.delete(key); return n; }
    return null;
  };
  const isWanted = (node) => {
    const key = strongKey(node);
    if (!key) return false;
    if (!wanted) wanted = new Set(Array.from(nextParent.children, strongKey).filter(Boolean));
    return wanted.has(key);
  };
  while (next) {
    const nextAfter = next.nextSibling;
    const key = strongKey(next);
    if (live && matches(live, next)) {
      // Siblings told apart by their content only (no id or key: a column's coordinates, a panel's unit details,
      // the cells of a list): when one was removed or inserted, the live node after this one is the new one, or
      // this one is the new node after: take it out or put the new one in, instead of rewriting each sibling
      // after it into its neighbour (hundreds of attribute and text writes, each laid out again).
      if (!key && live.nodeType === 1 && !strongKey(live)) {
        if (!live.isEqualNode(next)) {
          const liveAfter = live.nextSibling;
          if (liveAfter && liveAfter.isEqualNode(next)) {
            liveParent.removeChild(live);
            live = liveAfter;
            continue;                           // `next` again, with the node after (equal: kept as it is)
          }
          if (nextAfter && live.isEqualNode(nextAfter)) {
            liveParent.insertBefore(next, live);  // inserted here (`live` is the one after it)
            next = nextAfter;
            continue;
          }
          patchAttributes(live, next);          // (patch() without comparing the two again)
          patchChildren(live, next);
        }
        live = live.nextSibling;
        next = nextAfter;
        continue;
      }
      if (key && named) named.delete(key);
      patch(live, next);
      live = live.nextSibling;
      next = nextAfter;
      continue;
    }
    // A live element that the new children do not name (a piece taken off, a unit's details gone), or before a
    // named one, one that no new child near matches (a hint above a panel's named parts, gone): out first, so
    // that the named ones after it stay where they are (bringing each of them forward past it took them out of
    // the page and put them back: each one styled and laid out again).
    if (live && live.nodeType === 1 && !isWanted(live) && (strongKey(live) || (key && behind(next, live, 64) > 64))) {
      const gone = live;
      live = live.nextSibling;
      liveParent.removeChild(gone);
      continue;
    }
    // A named element (a board's piece, a part) that is elsewhere among the live children (or was taken out
    // in this morph) is brought here whole, not built again.
    const found = key ? namedChild(key, next.nodeName) : null;
    if (found) {
      if (found !== live) liveParent.insertBefore(found, live);
      else live = live.nextSibling;
      patch(found, next);
    } else if (!live) {
      liveParent.appendChild(next);          // moves it out of the template
    } else if (isWanted(live)) {
      liveParent.insertBefore(next, live);    // inserted here (`live` comes later)
    } else if ((gap = ahead(live, next)) > 0 && gap <= behind(next, live)) {
      for (let i = 0; i < gap && !isWanted(live); i++) {   // `gap` nodes removed here (a named one is kept for later)
        const gone = live;
        live = live.nextSibling;
        liveParent.removeChild(gone);
      }
      continue;                               // compare `next` again, with the node after them
    } else if (behind(next, live) <= LOOK) {
      liveParent.insertBefore(next, live);    // inserted here (`live` comes later)
    } else {
      const after = live.nextSibling;
      liveParent.replaceChild(next, live);
      live = after;
    }
    next = nextAfter;
  }
  while (live) {
    const after = live.nextSibling;
    liveParent.removeChild(live);
    live = after;
  }
}

// The action bar (.bs-actions: fixed at the bottom of the screen on narrow or touch screens, web/ui.css):
// there #app is padded at the bottom by the bar's height, so the bar never covers the end of the page.  A
// ResizeObserver reads the height after layout (an update never forces a layout of its own to measure it),
// and the padding is set on #app itself: not a custom property, whose change would restyle every element.
const NARROW = "(max-width: 700px), (pointer: coarse)";     // the media query of the fixed bar in web/ui.css
const narrow = typeof matchMedia === "function" ? matchMedia(NARROW) : null;
let bar = null;
let barRoot = null;
const barWatch = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  for (const e of entries) {
    const box = e.borderBoxSize && e.borderBoxSize[0];
    const h = Math.round(box ? box.blockSize : e.target.offsetHeight);
    if (barRoot && e.target === bar) barRoot.style.paddingBottom = `calc(${h}px + 1rem)`;
  }
}) : null;

function watchBar(root) {
  barRoot = root;
  // the same query marks #app for web/ui.css's board zoom: "auto" is Legible on these screens
  root.classList.toggle("bs-narrow", !!(narrow && narrow.matches));
  // a game's table is on the page (web/ui.css's table layout hangs on this class, not on a :has() rule)
  root.classList.toggle("bs-table", !!root.querySelector(".game [data-table]"));
  const now = narrow && narrow.matches ? root.querySelector(".bs-actions") : null;
  if (now === bar || !barWatch) return;
  if (bar) barWatch.unobserve(bar);
  bar = now;
  if (bar) barWatch.observe(bar, { box: "border-box" });
  else root.style.removeProperty("padding-bottom");
}
if (narrow && narrow.addEventListener) narrow.addEventListener("change", () => { if (barRoot) watchBar(barRoot); });

// Patch root into markup; false when a kept part could not be matched (then send the whole markup).
export function morph(root, markup) {
  const motion = globalThis.boardshelfMotion;      // web/motion.js: where the player sees the pieces, before the patch
  if (motion && motion.before) motion.before(root);
  const template = document.createElement("template");
  template.innerHTML = markup;
  const states = Array.from(template.content.querySelectorAll(FIELDS), fieldState);
  kept = [];
  const keeps = markup.includes(" data-keep>") || markup.includes(" data-keep-tail>");
  // the parts on the page before this patch, by name: a part whose surroundings were built anew (a panel
  // appeared before it) is found here and put in its place
  const before = keeps ? new Map(Array.from(root.querySelectorAll("[data-part]"), (e) => [e.getAttribute("data-part"), e])) : null;
  patchChildren(root, template.content);
  if (keeps) {
    for (const stub of root.querySelectorAll("[data-keep], [data-keep-tail]")) {
      const live = before.get(stub.getAttribute("data-part"));
      if (!live || live.nodeName !== stub.nodeName || root.contains(live)) return false;
      if (stub.hasAttribute("data-keep-tail")) {
        const first = live.firstChild;
        while (stub.firstChild) live.insertBefore(stub.firstChild, first);
      }
      stub.replaceWith(live);
      kept.push(live);
    }
  }
  if (states.length) {
    let fields = Array.from(root.querySelectorAll(FIELDS));
    if (kept.length) fields = fields.filter((f) => !kept.some((k) => k.contains(f)));   // fields of kept parts keep their state
    fields.forEach((f, i) => { if (i < states.length) applyFieldState(f, states[i]); });
  }
  kept = [];
  watchBar(root);
  if (motion) motion.after(root);                  // web/motion.js: pieces slide in the frame that draws this
  return true;
}

globalThis.boardshelfMorph = morph;

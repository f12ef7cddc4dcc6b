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
// Matching is positional, with a one-step look-ahead so that one inserted or removed node does not
// shift every node after it: two nodes match when they have the same type and tag and the same
// key, where the key is the id, else data-key, else the first class name.
const keyOf = (node) => {
  if (node.nodeType !== 1) return "";
  return node.getAttribute("id") || node.getAttribute("data-key") || (node.getAttribute("class") || "").split(" ", 1)[0];
};

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
  // Attributes added or removed: set them again in the markup's order, so that the page still
  // serializes exactly as the markup does.
  while (have.length) live.removeAttributeNode(have[0]);
  for (let i = 0; i < want.length; i++) live.setAttributeNode(want[i].cloneNode());
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
  if (live.isEqualNode(next)) return;
  patchAttributes(live, next);
  patchChildren(live, next);
}

function patchChildren(liveParent, nextParent) {
  let live = liveParent.firstChild;
  let next = nextParent.firstChild;
  while (next) {
    const nextAfter = next.nextSibling;
    if (!live) {
      liveParent.appendChild(next);          // moves it out of the template
    } else if (matches(live, next)) {
      patch(live, next);
      live = live.nextSibling;
    } else if (live.nextSibling && matches(live.nextSibling, next)) {
      const gone = live;                      // one node removed here
      live = live.nextSibling;
      liveParent.removeChild(gone);
      continue;                               // compare `next` again, with the node after
    } else if (nextAfter && matches(live, nextAfter)) {
      liveParent.insertBefore(next, live);    // one node inserted here
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

export function morph(root, markup) {
  const template = document.createElement("template");
  template.innerHTML = markup;
  const states = Array.from(template.content.querySelectorAll(FIELDS), fieldState);
  patchChildren(root, template.content);
  if (states.length) root.querySelectorAll(FIELDS).forEach((f, i) => { if (i < states.length) applyFieldState(f, states[i]); });
}

globalThis.boardshelfMorph = morph;

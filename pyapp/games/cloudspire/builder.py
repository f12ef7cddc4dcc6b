"""Cloudspire's deployment stack builder, for the panel: the owner's stack top first, one row per entry with its
controls (up, down, a hero to the other side of the minions, group with the entry above, split a group), and one
button that places every unit still to place.  A pure function of the viewer's own stack and its legal actions;
other seats never get these actions nor this stack (the view gives them sizes only)."""
from __future__ import annotations

from ...ui.markup import action_button, esc
from .content import UNITS

ARRANGE = ("fill", "raise:", "lower:", "flip:", "group:", "ungroup:")
SHORT = {"raise": ("\u25b2", "Up"), "lower": ("\u25bc", "Down"), "flip": ("\u21c5", "Other side"),
         "group": ("\u2295", "Group"), "ungroup": ("\u2296", "Split")}


def _name(t: str) -> str:
    return UNITS[t]["name"] if t in UNITS else t


def _button(a) -> str:
    kind = a.id.split(":")[0]
    glyph, word = SHORT[kind]
    return action_button(a.id, f'<span aria-hidden="true">{glyph}</span> {word}'
                               f'<span class="sr-only">: {esc(a.label)}</span>', cls="cs-arr", title=a.label)


def stack_builder(view: dict, acts: list, seat) -> str:
    """The builder, or '' when the viewer has no stack to build now."""
    if seat is None or view["phase"] != "stack" or not isinstance(seat, int):
        return ""
    mine = [a for a in acts if a.id.startswith(ARRANGE) or a.id.startswith(("put:", "join:"))]
    if not mine and not view["stacks"][seat]:
        return ""
    by_entry: dict = {}
    fill = None
    for a in acts:
        if a.id == "fill":
            fill = a
        elif a.id.startswith(ARRANGE):
            by_entry.setdefault(int(a.id.split(":")[1]), []).append(a)
    rows = []
    for i, e in enumerate(view["stacks"][seat]):
        if "hero" in e:
            what, kind = esc(_name(e["hero"])), "hero"
        else:
            chips = e.get("chips") or []
            what = " + ".join(esc(_name(c)) for c in chips)
            kind = "group of %d" % len(chips) if len(chips) > 1 else "minion"
        ctl = "".join(_button(a) for a in by_entry.get(i, []))
        rows.append(f'<li><span class="cs-entry"><b>{i + 1}.</b> {what} <span class="cs-small">({kind})</span>'
                    f'</span><span class="cs-ctl">{ctl}</span></li>')
    out = ['<section class="cs-builder" aria-label="Your deployment stack"><h3>Your deployment stack</h3>']
    if fill is not None:
        out.append(action_button("fill", esc(fill.label.split(":")[0]), cls="primary", title=fill.label)
                   + f'<p class="cs-small">{esc(fill.label.split(": ", 1)[-1])}; then change the order and the groups '
                   f'below. Only the top unit is ever shown to the others.</p>')
    if rows:
        out.append(f'<ol class="cs-stacklist" aria-label="Top first">{"".join(rows)}</ol>')
    elif fill is None:
        out.append('<p class="cs-small">Nothing selected to place.</p>')
    out.append("</section>")
    return "".join(out)

"""Ice Fortress renderer: a view dict and the legal actions -> one HTML fragment (inline SVG + panels).

A pure function of its inputs plus the static content (room and card texts); it never imports the
rules.  Every element whose click applies a game action carries ``data-action="<id>"`` and is a
focusable control with an accessible name (``<button>``, or an SVG ``<g role="button" tabindex="0"
aria-label=...>``); every legal action appears at least once (anything without a place on the board
or in a panel falls back to a labelled button), and nothing else carries ``data-action``.

The fortress is a column per bottom space of the foundation board, its levels stacked upward in
rows; each room is a small SVG card drawn at 1 SVG unit = 1 CSS pixel (so no text is under 11 px at any
screen size) and the rows wrap on narrow screens, so a tower of 20+ rooms stays legible and never wider
than a phone.  A card under another names the room it stands on; a group names the room it carries.
Each seat's last move (``view["marks"]``) is drawn on the squares, groups and rooms it touched: a dashed
outline in the seat's colour and a tag with the seat's number; the same marks are listed in words under
"Last moves".  The move in hand (the open question, the dice, roll / put back / end) is one panel with
the app's ``bs-actions`` class (a sticky bar on phones).  Seat colours come from ``seat-N`` classes,
element colours from ``el-<element>`` classes; the styles are ``web/icefortress.css`` (scoped to
``.if-game``).

>>> from pyapp.engine import Action
>>> v = {"base": [None] * 4, "rooms": {}, "players": 1, "chars": [], "ib": {}, "supply": {"rooms": [], "shards": {}}}
>>> "data-action=\\"roll\\"" in render(v, [Action("roll", "Roll your dice (5)", "roll")], seat=0, names=["Ann"], interactive=True)
True
"""
from __future__ import annotations

from ...ui.markup import action_button, esc, log_details, memo, number, part, seat_names
from . import content

ELEMENTS = ("fire", "water", "air", "earth")
SIZES = ("jumbo", "large", "medium", "small")
CARD_W = {"jumbo": 320, "large": 220, "medium": 180, "small": 130}   # room cards, in CSS pixels
CARD_H = {"jumbo": 100, "large": 100, "medium": 100, "small": 56}
# the smallest board text in SVG units (web/icefortress.css: group sizes, investment counts); the board's svg declares the width where it is 11 px
# (``--legible``: web/ui.css's board zoom)
MIN_FONT = 11.0
SLOT_W, SLOT_H = 150, 60      # an empty bottom space (small: four fit a laptop's board, two a phone's)
SQ = 24                        # pillar square size
SQ_Y = 47                      # top of the row of squares in a card
GRP_Y, GRP_H = 24, 60          # the pillar groups' boxes
EL_NAME = {"fire": "fire (orange)", "water": "water (blue)", "air": "air (purple)", "earth": "earth (green)",
           "white": "white (no element)"}
STEP_NAMES = ("Roll Dice", "Build the Fortress", "Pull Invaders")


SNOW = "\u2744"
DASH = " \u2014 "
ICON = {"fire": "\u25b2", "water": "\u25cf", "air": "\u223f", "earth": "\u25a0", "white": "\u2744"}
# the elements drawn on the board: our own symbols of 10 x 10 units round (0, 0) in the ink of where they stand
# (currentColor): a flame in a triangle (fire), a drop (water), two gusts (air), a cracked block (earth), a snowflake
# (white): the shapes of the panels' ▲ ● ∿ ■ ❄; the words are in the room's and the invader's names
_INK = 'fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"'
EL_SYMBOLS = {
    "fire": '<path fill="currentColor" fill-rule="evenodd" d="M0-5.2 5 4.6H-5ZM0-1.2C.9.4 2.2 1.3 2 2.7 1.9 3.6 1 3.9 0 '
            '3.9-1 3.9-1.9 3.6-2 2.7-2.2 1.3-.9.4 0-1.2Z"/>',
    "water": '<path fill="currentColor" d="M0-5C1.6-2.4 4-.2 4 2 4 3.8 2.2 5 0 5-2.2 5-4 3.8-4 2-4-.2-1.6-2.4 0-5Z"/>',
    "air": f'<path {_INK} stroke-width="1.5" d="M-4.6-1.6H1.6A1.8 1.8 0 1 0-.2-3.4M-4.6 1.6H3A1.8 1.8 0 1 1 1.2 3.4"/>',
    "earth": '<path fill="currentColor" fill-rule="evenodd" d="M-4.6-4.6H4.6V4.6H-4.6ZM-1.2-4.6-.2-1.2-1.8.8-.4 4.6H.6L-.8 '
             '.8.8-1.2-.2-4.6Z"/>',
    "white": f'<path {_INK} stroke-width="1.2" d="M0-5V5M-4.3-2.5 4.3 2.5M-4.3 2.5 4.3-2.5"/>',
}


def el_icon(el: str, x: float, y: float, size: float = 10.0, cls: str = "ico") -> str:
    """A ``<use>`` of element ``el``'s symbol centred at (x, y), ``size`` units square."""
    return (f'<use href="#if-el-{el}" class="{cls}" x="{x - size / 2:.1f}" y="{y - size / 2:.1f}" '
            f'width="{size:g}" height="{size:g}"/>')


def el_defs() -> str:
    """The element symbols, once per board (an svg of no size that the rooms' ``<use>`` elements refer to)."""
    return ('<svg class="if-defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>'
            + "".join(f'<symbol id="if-el-{el}" viewBox="-5 -5 10 10" overflow="visible">{d}</symbol>'
                      for el, d in EL_SYMBOLS.items()) + '</defs></svg>')


def _c() -> dict:
    try:
        return content.load()
    except Exception:  # pragma: no cover - the renderer still draws without content
        return {"rooms": {}, "names": {}, "abilities": {}, "classes": {}, "beacons": {}}


def _room(cid) -> dict:
    return _c()["rooms"].get(cid) or {"name": str(cid), "size": "small", "element": "white", "crystal": 0,
                                      "squares": [], "groups": []}


def room_text(cid) -> str:
    r = _room(cid)
    crystal = f", {r['crystal']} ice crystal{'s' if r['crystal'] > 1 else ''}" if r["crystal"] else ""
    return f"{r['name']} ({r['size']} {r['element']} room{crystal})"


def need_label(q: dict) -> str:
    if q.get("colour") == "black":
        return "\u00d72" if q.get("mod") == "x2" else str(q.get("mod"))
    return str(q.get("need", "?"))


def power_label(key: str) -> tuple:
    """(card title, power dict) for a power key."""
    c = _c()
    if key in c["beacons"]:
        b = c["beacons"][key]["beacon"]
        return b["title"], b["power"]
    if key.endswith("+") and key[:-1] in c["names"]:
        n = c["names"][key[:-1]]["advanced"]
        return n["title"], n["power"]
    if key in c["names"]:
        n = c["names"][key]
        return n["name"], n["start"]["power"]
    for kind in ("abilities", "classes"):
        if key in c[kind]:
            return c[kind][key]["title"], c[kind][key]["power"]
    return key, {"cost": [], "effects": []}


class _Out:
    """Collects markup and remembers which action ids were drawn."""

    def __init__(self, acts: dict) -> None:
        self.acts = acts
        self.used: set = set()

    def take(self, aid: str):
        a = self.acts.get(aid)
        if a is not None:
            self.used.add(aid)
        return a

    def button(self, aid: str, label_html: str, cls: str = "", title: str = "") -> str:
        a = self.take(aid)
        if a is None:
            return ""
        return action_button(aid, label_html, cls=cls, title=title or a.label)


# ---------------------------------------------------------------- the fortress
# Each room is its own small SVG card drawn at its natural size (1 SVG unit = 1 CSS pixel, so no text is
# under 11 px); the cards sit in HTML rows, one column per bottom space with the levels stacked upward,
# and the rows wrap on narrow screens (a re-flowed tower rather than a scaled-down picture).
def _tower_rooms(view: dict) -> list:
    """Per bottom space: ``[level rows]``, each row the built room ids of that level in tree order."""
    rooms = view.get("rooms") or {}
    out = []
    for cid in (view.get("base") or [None] * 4):
        rows: list = []

        def walk(c, level):
            if c not in rooms:
                return
            while len(rows) < level:
                rows.append([])
            rows[level - 1].append(c)
            tops = rooms[c].get("top") or {}
            for g in _room(c)["groups"]:
                if g["id"] in tops:
                    walk(tops[g["id"]], level + 1)
        if cid:
            walk(cid, 1)
        out.append(rows)
    return out


def _int(v: object) -> int:
    """A seat or space number given as an int or a string of digits (JSON keys are strings); else 0."""
    if isinstance(v, str) and v.isdigit():
        return int(v)
    return int(number(v))


def _marks_at(view: dict) -> dict:
    """place -> [(seat, kind, text)] for every mark with a place on the board."""
    out: dict = {}
    for s, ms in sorted((view.get("marks") or {}).items()):
        for m in ms or []:
            for p in m.get("at") or []:
                out.setdefault(str(p), []).append((_int(s), str(m.get("kind", "")), str(m.get("text", ""))))
    return out


def _mark_svg(marks: list, x: float, y: float, w: float, h: float, rx: float = 4) -> str:
    """The last-move outline of each seat that marked this place (dashed, in its colour) with its
    seat number on a tag at the top-left corner (the cue that is not colour)."""
    out = []
    for i, (s, kind, _text) in enumerate(marks[:4]):
        pad = 2 + 3 * i
        out.append(f'<rect class="mark seat-{s}" x="{x - pad:.1f}" y="{y - pad:.1f}" width="{w + 2 * pad:.1f}" '
                   f'height="{h + 2 * pad:.1f}" rx="{rx}"/>')
        tx, ty = x - pad - 2 + 16 * i, y - pad - 6
        out.append(f'<g class="mtag seat-{s}"><rect x="{tx:.1f}" y="{ty:.1f}" width="15" height="15" rx="3"/>'
                   f'<text x="{tx + 7.5:.1f}" y="{ty + 11.5:.1f}">{s + 1}</text></g>')
    return "".join(out)


def _fit(text: str, width: float, px: float = 6.6) -> str:
    n = max(int(width // px), 3)
    return text if len(text) <= n else text[:n - 1] + "\u2026"


def _room_card(o: _Out, view: dict, cid: str, hints: dict, marks: dict) -> str:
    """One built room as an SVG card: name, element icons, ice crystals, pillar groups with their squares,
    the build targets on its groups, and the last-move marks on it."""
    r = _room(cid)
    room = (view.get("rooms") or {}).get(cid) or {}
    size = r["size"] if r["size"] in CARD_W else "small"
    w, h = CARD_W[size], CARD_H[size]
    el = r["element"] if r["element"] in ICON else "white"
    takes = _card_places(cid, o.acts)          # (which action each group and square places: one rule)
    pad = 8
    parts = [f'<svg class="if-room if-{size}" width="{w + 2 * pad}" height="{h + 2 * pad}" viewBox="{-pad} {-pad} {w + 2 * pad} {h + 2 * pad}" '
             f'style="--legible: {int((w + 2 * pad) * 11 / MIN_FONT) + 1}px; --nat: {w + 2 * pad}" '
             f'role="group" aria-label="{esc(room_text(cid))}, {esc(_where(view, cid))}">',
             f'<g class="room el-{el}"><rect class="bg" x="1" y="1" width="{w - 2}" height="{h - 2}" rx="6"/>']
    bottom = h - 7
    for cx, cy in ((9, 15), (w - 9, 15), (9, bottom), (w - 9, bottom)):
        parts.append(el_icon(el, cx, cy - 4.5, 11))
    name_y = 17 if r["groups"] else h / 2 + 4
    parts.append(f'<text class="rname" x="{w / 2:.1f}" y="{name_y:.1f}">{esc(_fit(r["name"], w - 36, 7.4))}</text>')
    if r["crystal"]:
        n = min(r["crystal"], 4)
        parts += [el_icon("white", w / 2 + (i - (n - 1) / 2) * 13, bottom - 4.5, 11, "ico crystal") for i in range(n)]
    parts.append("</g>")
    pos = {q["id"]: (4 + (w - 8) * number(q.get("pos", [50, 55])[0]) / 100 - SQ / 2, SQ_Y) for q in r["squares"]}
    groups, targets = _room_groups(o, r, room, cid, w, bool(view.get("sel")), hints, marks, takes)
    parts.append(groups)
    parts.append(_room_links(r, pos))
    parts += [_room_square(o, q, cid, pos[q["id"]], room, hints, marks, takes) for q in r["squares"]]
    parts.append(targets)
    parts.append(_mark_svg(marks.get(cid, []), 1, 1, w - 2, h - 2, 7))
    parts.append("</svg>")
    on = room.get("on") or ""
    if "." in on:                                   # which room it stands on, in words under the card
        pc, _, g = on.partition(".")
        gids = [x["id"] for x in _room(pc)["groups"]]
        side = (", " + ("left", "right")[gids.index(g)] + " group") if len(gids) == 2 and g in gids else ""
        parts.append(f'<figcaption>on {esc(_room(pc)["name"])}{side}</figcaption>')
    return '<figure class="if-card">' + "".join(parts) + "</figure>"


class _Label:
    """An action as a room card reads it: its label only."""
    __slots__ = ("label",)

    def __init__(self, label: str) -> None:
        self.label = label


def _card_places(cid: str, acts: dict) -> dict[str, str]:
    """Which action each place of the room card ``cid`` holds (place id -> action id): a group's build or land (land:
    earth), a square's pillar, land, inv or pil; the card draws these (:func:`_room_groups`, :func:`_room_square`)
    and the action bar the rest."""
    r = _room(cid)
    out = {}
    for places, kinds in (([g["id"] for g in r["groups"]], ("build", "land")),
                          ([q["id"] for q in r["squares"]], ("pillar", "land", "inv", "pil"))):
        for pid in places:
            aid = next((f"{k}:{cid}.{pid}" for k in kinds if f"{k}:{cid}.{pid}" in acts), "")
            if aid:
                out[pid] = aid
    return out


def _card_takes(cid: str, acts: dict) -> list[str]:
    """The action ids the room card ``cid`` places (:func:`_card_places`), without drawing it."""
    return list(_card_places(cid, acts).values())


def _card(o: _Out, view: dict, cid: str, hints: dict, marks: dict) -> str:
    """:func:`_room_card`, remembered by the slice of the view it reads (the room, whether a die is selected, the
    hints and marks on it, the labels of the actions it places): a room that did not change is not drawn again
    (choosing another die redraws no card)."""
    dot = cid + "."
    room = (view.get("rooms") or {}).get(cid) or {}
    takes = _card_takes(cid, o.acts)
    o.used.update(takes)
    return _card_drawn(cid, room, bool(view.get("sel")), {k: v for k, v in hints.items() if k.startswith(dot)},
                       {k: v for k, v in marks.items() if k == cid or k.startswith(dot)},
                       {aid: o.acts[aid].label for aid in takes})


@memo
def _card_drawn(cid: str, room: dict, sel: bool, hints: dict, marks: dict, labels: dict) -> str:
    """One room card from plain data only (:func:`_card`)."""
    return _room_card(_Out({aid: _Label(lb) for aid, lb in labels.items()}), {"rooms": {cid: room}, "sel": sel}, cid,
                      hints, marks)


def _where(view: dict, cid: str) -> str:
    on = ((view.get("rooms") or {}).get(cid) or {}).get("on") or ""
    if on.startswith("base:"):
        return f"on bottom space {_int(on[5:]) + 1}"
    pc, _, g = on.partition(".")
    return f"on group {g} of {_room(pc)['name']} ({pc})" if pc else ""


def _room_groups(o: _Out, r: dict, room: dict, cid: str, w: float, sel: bool, hints: dict, marks: dict,
                 takes: dict[str, str]) -> tuple[str, str]:
    """The room's pillar groups (size or the room they carry, occupying invader, why a build there is
    refused) and, apart, the legal build targets (drawn last, on top, so a tap anywhere in the group lands)."""
    ginv, tops = room.get("ginv") or {}, room.get("top") or {}
    n = max(len(r["groups"]), 1)
    parts, targets = [], []
    for i, g in enumerate(r["groups"]):
        gx = 4 + i * (w - 8) / n
        gw = (w - 8) / n
        gy, gh = GRP_Y, GRP_H
        place = f"{cid}.{g['id']}"
        aid = takes.get(g["id"], "")
        a = o.take(aid) if aid else None
        shape = f'<rect class="grp hl" x="{gx + 2:.1f}" y="{gy:.1f}" width="{gw - 4:.1f}" height="{gh:.1f}" rx="4"/>'
        if a is not None:
            targets.append(f'<g class="target legal" role="button" tabindex="0" data-action="{esc(aid)}" '
                           f'aria-label="{esc(a.label)}">{shape}</g>')
        else:
            why = hints.get(place)
            parts.append(f'<g class="grp-wrap{" refused" if why and sel else ""}">{shape}</g>')
        label = (f"\u2191 {_room(tops[g['id']])['name']}" if g["id"] in tops else f"{g['size']} group")
        parts.append(f'<text class="gsize" x="{gx + 6:.1f}" y="{gy + 12:.1f}">{esc(_fit(label, gw - 26))}</text>')
        if g["id"] in ginv:
            e = ginv[g["id"]]
            parts.append(_invader(e, gx + gw - 13, gy + 9, f"{e} invader occupying the group {place}",
                                  f"if-inv-{place}"))
        parts.append(_mark_svg(marks.get(place, []), gx + 2, gy, gw - 4, gh))
    return "".join(parts), "".join(targets)


def _invader(el: str, x: float, y: float, label: str, key: str = "") -> str:
    """An invader's disc; with ``key`` it takes the focus itself (one on a pillar group: one on a square is
    read with its square, which takes the focus)."""
    el = el if el in ICON else "white"
    focus = f' tabindex="0" data-key="{esc(key)}"' if key else ""
    tip = f"<title>{esc(label)}</title>" if key else ""      # what a hover, a tap or the keyboard's focus shows
    return (f'<g class="inv {esc(el)}" role="img" aria-label="{esc(label)}"{focus}>{tip}<circle cx="{x:.1f}" cy="{y:.1f}" r="8"/>'
            f'{el_icon(el, x, y, 10, "sym")}</g>')


def _room_links(r: dict, pos: dict) -> str:
    """The lines joining each black square to the square it modifies (drawn under the squares, arched
    above the row so a line never hides a square between them)."""
    parts = []
    for q in r["squares"]:
        if q.get("colour") == "black" and q.get("from") in pos:
            (x1, y1), (x2, _y2) = pos[q["id"]], pos[q["from"]]
            a, b = x1 + SQ / 2, x2 + SQ / 2
            top = y1 - 7
            parts.append(f'<path class="link" d="M{a:.1f} {y1:.1f} L{a:.1f} {top:.1f} L{b:.1f} {top:.1f} L{b:.1f} {y1:.1f}"/>')
    return "".join(parts)


def _room_square(o: _Out, q: dict, cid: str, at: tuple, room: dict, hints: dict, marks: dict,
                 takes: dict[str, str]) -> str:
    """One pillar square at ``at``: its need, the pillar die or invader on it, the last moves there, and
    the tap to place a pillar there."""
    pillars, inv = room.get("pillars") or {}, room.get("inv") or {}
    sid = q["id"]
    sx, sy = at
    place = f"{cid}.{sid}"
    colour = "black" if q.get("colour") == "black" else "white"
    desc = (f"black square {need_label(q)} of the pillar on {q.get('from')}" if colour == "black"
            else f"white square {need_label(q)}")
    # the words on the square, a space apart (what a speech-input user reads off it: its need, the pillar's die)
    shown = [need_label(q)] + ([str(number(pillars[sid]))] if sid in pillars else [])
    body = (f'<rect class="face" x="{sx:.1f}" y="{sy:.1f}" width="{SQ}" height="{SQ}" rx="3"/>'
            f'<text x="{sx + SQ / 2:.1f}" y="{sy + SQ / 2 + 4:.1f}">{esc(need_label(q))}</text>')
    if sid in pillars:
        body += (f' <g class="die"><rect x="{sx + 1:.1f}" y="{sy + 1:.1f}" width="{SQ - 2}" height="{SQ - 2}" rx="4"/>'
                 f'<text x="{sx + SQ / 2:.1f}" y="{sy + SQ / 2 + 5:.1f}">{number(pillars[sid])}</text></g>')
    if sid in inv:
        body += " " + _invader(inv[sid], sx + SQ - 2, sy + SQ + 4, f"{inv[sid]} invader on {place}")
    state = (f", pillar {pillars[sid]}" if sid in pillars else "") + (f", {inv[sid]} invader" if sid in inv else "")
    mark = _mark_svg(marks.get(place, []), sx, sy, SQ, SQ)
    # the square is the control for a die (pillar:), and for a question about it: where an invader lands,
    # which invader to crystallize or repel, which pillar to destroy (the same answers are listed in the bar)
    aid = takes.get(sid, "")
    a = o.take(aid) if aid else None
    if a is not None:
        # its name starts with the words on it (WCAG 2.5.3 Label in Name); the last moves' seat tags are drawn
        # over it, outside the control, so that their numbers are not read as part of its label
        words = ", ".join(w for w in shown if any(ch.isalnum() for ch in w))
        name = f"{words}: {a.label} ({desc}{state})" if words else f"{a.label} ({desc}{state})"
        # (its attributes in the order of a square that is not a control, the control's own last: a square that
        # becomes one, or stops being one, has those added or taken off at the end, web/morph.js writes no other)
        return (part(f"if-sq-{place}", f'<g class="sq {colour} legal" role="button" data-key="if-sq-{esc(place)}" '
                     f'aria-label="{esc(name)}" tabindex="0" data-action="{esc(aid)}">{body}'
                     f'<rect class="hl" x="{sx - 2:.1f}" y="{sy - 2:.1f}" width="{SQ + 4}" height="{SQ + 4}" rx="4"/></g>')
                + mark)
    why = hints.get(place)
    # a square holding a piece (a pillar's die, an invader) takes the focus, so that every piece can be read
    # every square carries its key (a tap on one that refuses says why: pyapp/ui/why.py)
    focus = ' tabindex="0"' if state else ""
    name = f'{place}: {desc}{state}{DASH + "refused: " + why if why else ""}'
    tip = f"<title>{esc(name)}</title>" if state else ""      # a piece's description: hover, tap, keyboard focus
    return part(f"if-sq-{place}",           # (a part: a room whose other squares changed keeps this one's nodes)
                f'<g class="sq {colour}{" refused" if why else ""}" role="img" data-key="if-sq-{esc(place)}" '
                f'aria-label="{esc(name)}"{focus}>'
                f'{tip}{body}{mark}</g>')


def _slot(o: _Out, k: int, marks: dict) -> str:
    """An empty bottom space of the foundation board (a build target when a jumbo room can go there)."""
    w, h = SLOT_W, SLOT_H
    pad = 8
    shape = f'<rect class="slot hl" x="1" y="1" width="{w - 2}" height="{h - 2}" rx="8"/>'
    a = o.take(f"build:base:{k}")
    body = (f'<g class="target legal" role="button" tabindex="0" data-action="build:base:{k}" aria-label="{esc(a.label)}">'
            f'{shape}</g>' if a is not None else shape)
    return (f'<svg class="if-room if-slot" width="{w + 2 * pad}" height="{h + 2 * pad}" viewBox="{-pad} {-pad} {w + 2 * pad} {h + 2 * pad}" '
            f'style="--legible: {int((w + 2 * pad) * 11 / MIN_FONT) + 1}px; --nat: {w + 2 * pad}" '
            f'role="group" aria-label="Bottom space {k + 1}: empty">{body}'
            f'<text class="gsize" x="{w / 2}" y="{h / 2 - 4}" text-anchor="middle">Bottom space {k + 1}</text>'
            f'<text class="gsize" x="{w / 2}" y="{h / 2 + 13}" text-anchor="middle">jumbo rooms only</text>'
            + _mark_svg(marks.get(f"base:{k}", []), 1, 1, w - 2, h - 2, 9) + "</svg>")


def _towers_size(view: dict, towers: list) -> tuple[int, int]:
    """The towers' width and height at their own size (CSS px, as web/icefortress.css lays them out: a built tower
    on a line of its own, empty bottom spaces side by side): a wide screen scales the rooms up until this fills
    the board's width or the screen's height."""
    rooms = view.get("rooms") or {}
    lines: list[tuple[float, float]] = []
    empty = 0
    for rows in towers + [None]:
        if rows == [] and rows is not None:
            empty += 1
            continue
        if empty:
            lines.append((empty * (SLOT_W + 16) + (empty - 1) * 8, SLOT_H + 16 + 14))
            empty = 0
        if not rows:
            continue
        width = height = 0.0
        for row in rows:
            cards = [(CARD_W.get(_room(c)["size"], CARD_W["small"]) + 16, CARD_H.get(_room(c)["size"], CARD_H["small"])
                      + 16 + (14 if "." in str((rooms.get(c) or {}).get("on") or "") else 0)) for c in row]
            width = max(width, sum(cw for cw, _ in cards) + 6 * (len(cards) - 1))
            height += max(ch for _, ch in cards) + 4 + 3
        lines.append((width, height + 12))
    return int(max(w for w, _ in lines)) + 1, int(sum(h for _, h in lines) + 8 * (len(lines) - 1)) + 1


def fortress_html(o: _Out, view: dict, names: list) -> str:
    """The whole board: a column per bottom space (levels stacked upward), then the foundation board's
    Invader/Beacon cards."""
    hints = view.get("hints") or {}
    marks = _marks_at(view)
    rooms = view.get("rooms") or {}
    towers = _tower_rooms(view)
    nat_w, nat_h = _towers_size(view, towers)
    out = [f'<div class="if-board" role="group" aria-label="The fortress: {len(rooms)} rooms" '
           f'style="--if-w: {nat_w}; --if-h: {nat_h}">{part("if-defs", el_defs())}<div class="if-towers">']
    for k, rows in enumerate(towers):
        out.append(f'<section class="if-tower{"" if rows else " empty"}" aria-label="Bottom space {k + 1}">')
        if not rows:
            out.append(f'<div class="if-level"><figure class="if-card">{_slot(o, k, marks)}</figure></div>')
        for lv, row in enumerate(rows):
            out.append(f'<div class="if-level lv{lv + 1}">'
                       + "".join(part(f"if-r-{esc(c)}", _card(o, view, c, hints, marks)) for c in row)
                       + "</div>")
        out.append("</section>")
    out.append("</div>")
    found = ['<ul class="if-found" aria-label="The foundation board: Invader/Beacon cards">']
    ib = view.get("ib") or {}
    for el in ELEMENTS:
        info = ib.get(el) or {}
        card = (_c()["beacons"].get(info.get("card")) or {})
        side = info.get("side", "invader")
        face = card.get(side) or {}
        state = {"active": "invader ability active", "beacon": "beacon lit",
                 "neutralized": "invader ability neutralized"}.get(info.get("ability", ""), "")
        lit_by = [s for s, kind, text in marks.get(str(info.get("card")), []) if kind == "beacon"]
        tags = "".join(f' <span class="mtag seat-{s}">{s + 1}</span>' for s in lit_by)
        short = {"active": "active", "beacon": "beacon lit", "neutralized": "neutralized"}.get(info.get("ability", ""), "")
        badge = f' <span class="ib-state">{esc(short)}</span>' if short else ""
        found.append(f'<li class="ib el-{el} {esc(side)}"><details><summary><b>{ICON[el]} {esc(face.get("title", el))}'
                     f'</b>{tags}{badge}</summary>'                                                       # a line each
                     f'<span>{esc(side.title())} side{DASH}{esc(state)}</span>'                           # opens into
                     f'<span class="ib-text">{esc(_ib_text(side, face))}</span></details></li>')        # its detail
    found.append("</ul>")
    out += [part("if-found", "".join(found)), "</div>"]
    return "".join(out)


def _ib_text(side: str, face: dict) -> str:
    if side == "beacon":
        p = face.get("power") or {}
        return ("Everyone's power: " + content.power_text(p)) if p.get("effects") else ""
    return str(face.get("text", ""))


# ---------------------------------------------------------------- panels
def _cost_html(p: dict) -> str:
    bits = []
    for c in p.get("cost") or []:
        if "shard" in c:
            bits.append(f'<span class="chip el-{esc(c["shard"]) if c["shard"] != "any" else "white"}">'
                        f'{esc(c["shard"])} shard</span>')
        else:
            bits.append(f'<span class="chip">die {esc(c["die"])}</span>')
    return " ".join(bits) or '<span class="chip">free</span>'


def _full_supply_stops(view: dict, p: dict) -> bool:
    """The power brings in rooms and the supply is full for it (house rule: powers.PowersMixin.stopped_by_full_supply)."""
    fs = _c()["game"].get("full_supply")
    rooms = len((view.get("supply") or {}).get("rooms") or [])
    return bool(fs) and rooms >= int(view.get("difficulty") or 0) + fs["over"] and any(
        e.get("do") in fs["stops"] for e in p.get("effects") or [])


def _power_line(o: _Out, view: dict, key: str, card_title: str) -> str:
    title, p = power_label(key)
    used = key in (view.get("used") or [])
    spent = (view.get("spent") or {}).get(key) or {}
    spent_txt = ", ".join([f"{s} shard" for s in spent.get("shards") or []] + [f"die {d}" for d in spent.get("dice") or []])
    btn = o.button(f"power:{key}", "Use", cls="power")
    text = content.power_text(p) if p.get("effects") else ""
    mark = (DASH + "used this turn" + (f' (<span class="spent">{esc(spent_txt)}</span> on the card)' if spent_txt else "")
            if used else "")
    if not used and not btn and _full_supply_stops(view, p):
        mark = DASH + "not while the supply holds " + str(len((view.get("supply") or {}).get("rooms") or [])) + " rooms"
    return _power_box(card_title, p, f'{esc(text)}{mark}', btn, used)


def _power_box(title: str, p: dict, text: str, btn: str = "", used: bool = False) -> str:
    """A power as a row: its name, what it costs and its Use button, then what it does (not a hand card)."""
    return (f'<div class="if-power{" used" if used else ""}"><div class="if-power-head"><b>{esc(title)}</b> '
            f'<span class="if-cost">{_cost_html(p)}</span>{" " + btn if btn else ""}</div>'
            f'<div class="if-power-text">{text}</div></div>')


def _characters(o: _Out, view: dict, names: list) -> str:
    """A line per character (seat, title, dice, acting) that opens into its name card and powers; the acting
    character comes open, with its Use buttons.  Each character is its own part: one the player opened stays
    open while the others' lines change (the glue keeps an unchanged part as it is on the page)."""
    c = _c()
    out = ['<section class="panel if-chars"><h3>Characters</h3>']
    flipped = bool(view.get("flipped"))
    for i, ch in enumerate(view.get("chars") or []):
        s = number(ch.get("seat"))
        acting = i == view.get("cur") and view.get("phase") == "turn"
        name = c["names"].get(ch.get("name")) or {}
        who = esc(names[s] if s < len(names) else "")
        one = [f'<details class="char seat-{s}{" acting" if acting else ""}"{" open" if acting else ""}>'
               f'<summary><h4><span class="ch-who">{who}</span>: {esc(ch.get("title", ""))}</h4>'
               f'<span class="ch-dice">{number(ch.get("dice"))} dice</span>'
               + ('<span class="ch-acting">acting</span>' if acting else "") + '</summary>']
        side = "advanced" if flipped else "starting"
        one.append(f'<div class="hint">Name card ({esc(name.get("name", ""))}, {number(name.get("dice"))} dice), '
                   f'{side} side up; {number(ch.get("dice"))} dice depicted in all</div>')
        keys = [ch.get("name")] + ([ch.get("name") + "+"] if flipped else []) + list(ch.get("abilities") or []) + [ch.get("class")]
        for k in keys:
            if not isinstance(k, str):
                continue
            if k in c["names"] or (k.endswith("+") and k[:-1] in c["names"]):
                label = power_label(k)[0]
            else:
                card = c["abilities"].get(k) or c["classes"].get(k) or {}
                label = f"{card.get('title', k)} ({number(card.get('dice'))} dice)"
            power = power_label(k)[1]
            one.append(_power_line(o, view, k, label) if acting else
                       _power_box(label, power, esc(content.power_text(power) if power.get("effects") else "")))
        one.append("</details>")
        out.append(part(f"if-ch-{i}", "".join(one)))
    dealt = view.get("dealt") or []
    out.append("</section>")
    if view.get("phase") == "setup" and any(dealt):
        out.append('<section class="panel"><h3>Choose your abilities</h3>')
        for aid, a in list(o.acts.items()):
            if a.kind == "setup":
                card = c["abilities"].get(aid.split(":")[-1]) or {}
                out.append(f'<div class="if-power">{o.button(aid, esc(a.label))} <span class="hint">'
                           f'{number(card.get("dice"))} dice; {esc(content.power_text(card["power"]) if card else "")}</span></div>')
        out.append("</section>")
    return "".join(out)


def _status(o: _Out, view: dict, names: list) -> str:
    step = number(view.get("step"))
    cur = view.get("cur")
    chars = view.get("chars") or []
    who = ""
    if view.get("phase") == "turn" and isinstance(cur, int) and cur < len(chars):
        s = number(chars[cur].get("seat"))
        who = f'<span class="seat seat-{s}">{esc(names[s] if s < len(names) else "")}</span> ({esc(chars[cur].get("title", ""))})'
    steps = "".join(f'<li class="{"now" if step == i + 1 else ""}">{i + 1} {esc(t)}</li>' for i, t in enumerate(STEP_NAMES))
    shards = view.get("supply", {}).get("shards") or {}
    decks = view.get("decks") or {}
    pull = view.get("pull") or {}
    seen = "; ".join(f"{esc(e)} \u2192 {'the shield' if where == 'shield' else esc(where)}"
                     for e, where in (pull.get("seen") or []) if isinstance(e, str))
    diff = number(view.get("difficulty"))
    return (f'<section class="panel status"><h3>{"Setup: choose abilities" if view.get("phase") == "setup" else "Turn"}</h3>'
            + (f"<div>{who} is acting</div>" if who else "")
            + f'<ol class="steps" aria-label="Steps of a turn">{steps}</ol>'
            f'<div>Ice shield: <b>{number(view.get("shield"))}</b> cubes \u00b7 Difficulty {diff} '
            f'(supply limit {diff} rooms and {diff} shards) \u00b7 Bag: {number(view.get("bag"))} figures</div>'
            f'<div>Decks (face down): ' + ", ".join(f"{esc(z)} {number(decks.get(z))}" for z in SIZES) + '</div>'
            f'<div>Invaders to pull this turn: {number(view.get("to_pull"))} (2 + 1 per beacon)'
            + (f' \u00b7 pulled {number(pull.get("done"))}: {seen}' if seen else "") + "</div>"
            f'<div>Unused dice pool: {number(view.get("pool"))} \u00b7 Beacons lit: '
            f'{esc(", ".join(view.get("beacons") or []) or "none")}</div>'
            f'<div class="hint">Shards in the supply: ' + ", ".join(f"{esc(e)} {number(shards.get(e))}" for e in ELEMENTS)
            + f' ({sum(number(v) for v in shards.values())} of {diff})</div>' + _siege(view) + '</section>')


def _siege(view: dict) -> str:
    """The siege clock (house rule), shown once half of it has run: turns without a new room."""
    quiet, siege = number(view.get("quiet")), number(view.get("siege"))
    if not siege or quiet * 2 < siege:
        return ""
    return (f'<div class="warn">No room built for {quiet} turns: after {siege} turns without one the siege is lost'
            f' ({siege - quiet} left)</div>')


def _dice(o: _Out, view: dict) -> str:
    """The rolled dice (buttons while they can be placed) and what limited the roll."""
    if number(view.get("step")) != 2:
        return ""
    sel = view.get("sel") or {}
    out = ['<div class="dice" role="group" aria-label="Your dice">']
    for v in view.get("dice") or []:
        aid = f"die:{v}"
        if aid in o.acts and aid not in o.used:
            out.append(o.button(aid, str(v), cls="die-btn", title=f"Take a die showing {v}"))
        elif sel.get("die") == v and "die-sel" not in o.used:
            o.used.add("die-sel")
            out.append(f'<span class="die-off selected" role="img" aria-label="chosen die {v}">{v}</span>')
        else:
            out.append(f'<span class="die-off" role="img" aria-label="die {v}">{v}</span>')
    if not view.get("dice"):
        out.append('<span class="hint">no dice left</span>')
    out.append("</div>")
    note = []
    if view.get("withheld"):
        note.append(f"{number(view['withheld'])} dice withheld by air invaders")
    if view.get("short"):
        note.append(f"{number(view['short'])} dice short: the unused pool ran out")
    if sel.get("die"):
        note.append(f"Die {number(sel['die'])} chosen: tap a highlighted square")
    if sel.get("room"):
        note.append(f"{_room(sel['room'])['name']} chosen: tap a highlighted group or bottom space")
    if note:
        out.append(f'<div class="hint">{esc("; ".join(note))}</div>')
    return "".join(out)


def _why(view: dict) -> str:
    """Why the other squares or groups refuse the chosen die or room, grouped by reason (shown, not
    hidden in a tooltip)."""
    hints = view.get("hints") or {}
    if not hints or not view.get("sel"):
        return ""
    by: dict = {}
    for place, why in sorted(hints.items()):
        by.setdefault(str(why), []).append(str(place))
    items = "".join(f"<li>{esc(', '.join(ps[:8]) + (' and ' + str(len(ps) - 8) + ' more' if len(ps) > 8 else ''))}: "
                    f"{esc(why)}</li>" for why, ps in by.items())
    return f'<details class="panel why"><summary>Why not elsewhere ({len(hints)})</summary><ul>{items}</ul></details>'


MARK_WORDS = {"pillar": "put a {t} on {0}", "build": "built {t} on {0}", "beacon": "lit the {t} beacon",
              "power": "used {t}", "supply": "added {t} to the supply", "destroy": "destroyed {t}",
              "crystallize": "crystallized the {t} invader at {0}", "repel": "repelled the {t} invader at {0}",
              "land": "{a} {t} invader landed on {0}", "melt": "it melted the pillar {t}",
              "attack": "{a} {t} invader hit the shield", "flood": "water flooded {t}", "discard": "discarded {t}",
              "neutralize": "neutralized the {t} invaders"}


def _place_words(p: str) -> str:
    if p.startswith("base:"):
        return f"bottom space {_int(p[5:]) + 1}"
    return p


def _last_moves(view: dict, names: list) -> str:
    """Each seat's last move in words, in its colour (the board marks the same places)."""
    rows = []
    for s, ms in sorted((view.get("marks") or {}).items(), key=lambda kv: _int(kv[0])):
        s = _int(s)
        bits = []
        for m in ms or []:
            at = [_place_words(str(p)) for p in m.get("at") or []]
            words = MARK_WORDS.get(str(m.get("kind")), "{t} {0}")
            if m.get("kind") == "destroy" and at:
                words = "destroyed {t} at {0}"
            t = str(m.get("text", ""))
            bits.append(words.format(*(at or [""]), t=t, a="an" if t[:1] in "aeiou" and t else "a"))
        if bits:
            name = names[s] if s < len(names) else f"Player {s + 1}"
            rows.append(f'<li class="seat-{s}"><span class="mtag seat-{s}">{s + 1}</span> '
                        f'<span class="seat seat-{s}">{esc(name)}</span>: {esc("; ".join(_squash(bits)))}</li>')
    if not rows:
        return ""
    return ('<section class="panel if-last"><h3>Last moves</h3><p class="hint">Marked on the board with a dashed '
            'outline and the seat\'s number until that seat moves again.</p><ul>' + "".join(rows) + "</ul></section>")


def _squash(bits: list) -> list:
    """Repeated phrases once, with a count."""
    out: list = []
    for b in bits:
        if out and out[-1][0] == b:
            out[-1][1] += 1
        else:
            out.append([b, 1])
    return [b if n == 1 else f"{b} ({n} times)" for b, n in out]


def _supply(o: _Out, view: dict) -> str:
    sup = view.get("supply") or {}
    rooms = sup.get("rooms") or []
    diff = number(view.get("difficulty"))
    sel = view.get("sel") or {}
    out = [f'<section class="panel"><h3>Supply: {len(rooms)} of {diff} rooms</h3><div class="rooms">']
    marks = _marks_at(view)
    for cid in rooms:
        r = _room(cid)
        el = r["element"] if r["element"] in ICON else "white"
        new = [s for s, kind, _t in marks.get(cid, []) if kind == "supply"]
        label = f'{ICON[el]} {esc(room_text(cid))}' + "".join(
            f' <span class="mtag seat-{s}"><span class="sr-only">new, added by seat </span>{s + 1}</span>' for s in new)
        aid = f"pick:{cid}"
        if aid in o.acts:
            out.append(o.button(aid, label, cls=f"el-{el}"))
        else:
            chosen = " selected" if sel.get("room") == cid else ""
            out.append(f'<span class="chip el-{el}{chosen}">{label}{" (chosen)" if chosen else ""}</span>')
    out.append("</div></section>")
    return "".join(out)


def _beacon_powers(o: _Out, view: dict) -> str:
    lit = view.get("beacons") or []
    if not lit:
        return ""
    out = ['<section class="panel"><h3>Beacon abilities (everyone, once a turn)</h3>']
    for el in lit:
        key = (view.get("ib") or {}).get(el, {}).get("card")
        if key:
            out.append(_power_line(o, view, key, power_label(key)[0]))
    out.append("</section>")
    return "".join(out)


def render(view: dict, actions: list, *, seat: int | None, names: list[str], interactive: bool) -> str:
    """The whole Ice Fortress game area for ``view``; ``actions`` are ``seat``'s legal actions."""
    acts = {a.id: a for a in actions} if interactive else {}
    o = _Out(acts)
    names = seat_names(list(names or []), max(number(view.get("players"), 1), 1))
    outcome = view.get("outcome")
    board = fortress_html(o, view, names)
    side = []
    if isinstance(outcome, dict):
        side.append(f'<div class="banner" role="status">{"Victory" if outcome.get("winners") else "Defeat"}: '
                    f'{esc(outcome.get("reason", ""))}</div>')
    # the move in hand: the open question, the dice, roll / put back / end (a sticky bar on phones)
    bar = []
    prompt = [a for a in actions if interactive and a.kind.startswith("prompt:")]
    if prompt:
        bar.append('<div class="opts" role="group" aria-label="Choose">'
                   + "".join(o.button(a.id, esc(a.label)) for a in prompt) + "</div>")
    bar.append(_dice(o, view))
    controls = "".join(o.button(aid, esc(acts[aid].label), cls="primary" if aid in ("roll", "end") else "")
                       for aid in ("roll", "cancel", "end") if aid in acts)
    if controls:
        bar.append(f'<div class="ctl">{controls}</div>')
    if any(bar):
        step = STEP_NAMES[number(view.get("step")) - 1] if 1 <= number(view.get("step")) <= 3 else "Your move"
        side.append(f'<section class="panel if-acts bs-actions" aria-label="Your move"><h3>{esc(step)}</h3>'
                    + "".join(bar) + "</section>")
    side.append(part("if-why", _why(view)))
    side.append(_supply(o, view))
    side.append(_last_moves(view, names))
    side.append(part("if-status", _status(o, view, names)))
    side.append(_beacon_powers(o, view))
    side.append(_characters(o, view, names))
    rest = [a for a in actions if interactive and a.id not in o.used]
    if rest:
        side.append('<section class="panel"><h3>Other actions</h3>'
                    + "".join(o.button(a.id, esc(a.label)) for a in rest) + "</section>")
    side.append(log_details("if-log", view.get("log") or [], names=names))
    return (f'<div class="if-game" data-table><div class="if-board-wrap" data-board>{board}</div>'
            f'<div class="if-side" data-side>{"".join(side)}</div></div>')

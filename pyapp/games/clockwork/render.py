"""Clockwork Crusade renderer: a view dict and the legal actions -> one HTML fragment (inline SVG + panels).

Pure function of its inputs; it never imports the rules (only the view and the
actions).  Every element whose click applies a game action carries
``data-action="<action id>"`` and every legal action appears at least once:
moves, attacks, shells, Portal Walls and Building placements are markers on
the board (one per id, grouped per unit: ``<g class="dests k3">`` belongs to
the unit ``<g class="unit ... k3">``; pointing at or focusing the unit lights
up its group with pure CSS), Gate Token spots are small arrow wedges inside
their hex (one per hex and arrow), everything else is a labelled button
grouped by kind; an id the renderer has no place for falls back to a button.

Hidden information: the renderer shows only what ``view(seat)`` holds (a
face-down portal's unit and a hand are in another seat's view as ``None``),
and action ids are only ever those of the interactive seat.

Board geometry: the shared hex grid (:mod:`pyapp.engine.hexgrid`) as Clockwork's ``geometry.TABLE``:
flat-topped hexes in odd-q offset layout, 24 columns (a-x) by 15 rows (1-15); 12 grid slots of 6 x 5 hexes.
The log is a list of structured events, drawn with :func:`pyapp.engine.log.html` (seat names in their colour).

>>> TABLE.parse("e4")
(4, 3)
>>> pos("a1"), pos("b1")
((26.0, 23.32), (56.0, 40.64))
>>> abbrev({"card": "crab-tank", "name": "Crab Tank"}), abbrev({"card": "new", "name": "Steam Golem"})
('CT', 'SG')
"""
from __future__ import annotations

import math
from functools import lru_cache

from ...engine.hexgrid import corners
from ...engine.log import html as event_html
from ...ui.markup import action_button, dest_layer, esc, log_details, number, seat_names
from .geometry import GRID_COLS, GRID_ROWS, SLOT_COLS, SLOT_ROWS, TABLE

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ...engine import Action
    from ...engine.types import Event
    from .types import BoardView, ClockworkView, PendingView, RollData, UnitView

SIZE = 20.0                       # hex circumradius in SVG units
HH = SIZE * math.sqrt(3)          # hex height (flat-topped)
PAD = 6.0
BOARD_W = TABLE.width(SIZE, pad=PAD)
BOARD_H = TABLE.height(SIZE, pad=PAD)
STEPS = (("control", "Control"), ("portal", "Portal"), ("resources", "Resources"), ("main", "Main"), ("draw", "Draw"))
MAX_LINKED = 48                   # web/clockwork.css links unit k0..k47 with its markers

ABBREV = {"infantry": "Inf", "sharpshooter": "Shp", "shade": "Shd", "hexer": "Hex", "berserker": "Brs",
          "squire": "Sq", "engineer": "Eng", "skirmisher": "Skr", "crab-tank": "CT", "mortar-walker": "MW",
          "bomb-beetle": "BB", "phoenix-rig": "PR", "bulwark": "BC", "strider": "SG", "turret": "GT",
          "bunker": "Bnk", "scrap-foundry": "SF", "siege-battery": "SB", "wall": "W"}
UNIT_NAMES = {"infantry": "Infantry", "sharpshooter": "Sharpshooter", "shade": "Shade", "hexer": "Hexer",
              "berserker": "Berserker", "squire": "Shield Squire", "engineer": "Field Engineer",
              "skirmisher": "Skirmisher", "crab-tank": "Crab Tank", "mortar-walker": "Mortar Walker",
              "bomb-beetle": "Bomb Beetle", "phoenix-rig": "Phoenix Rig", "bulwark": "Bulwark Crawler",
              "strider": "Strider Gunship", "turret": "Gun Turret", "bunker": "Bunker", "scrap-foundry": "Scrap Foundry",
              "siege-battery": "Siege Battery", "wall": "Wall"}
TYPE_SHAPE = {"soldier": "cw-soldier", "vehicle": "cw-vehicle", "building": "cw-building"}
# marker kinds on the board: glyph, verb for the title
MARKS = {"move": ("•", "move"), "attack": ("⚔", "attack"), "shell": ("✹", "Artillery Shell"),
         "wall": ("▦", "Portal Wall"), "place": ("⌂", "place the Building")}
GROUPS = (  # button groups: (title, predicate on the id)
    ("Turn", lambda a: a in ("done", "end", "draw", "research")),
    ("Prompt", lambda a: a in ("stealth", "nostealth", "counter", "nocounter", "noscapegoat", "decline")
     or a.startswith(("scapegoat:", "assassinate:", "corrupt:")) and ">" in a or a.startswith("scapegoat:")),
    ("Abilities", lambda a: a.startswith(("assassinate:", "corrupt:", "salvage:", "selfdestruct:"))),
)


LEGEND = ('<p class="cw-legend">● soldier · ⬢ vehicle · ■ building (attack/defense below) · ◆ face-down portal · '
          '✷ Gate Token and its arrow · markers: • move, ⚔ attack, ✹ Artillery Shell, ▦ Portal Wall, ⌂ place · '
          'M/A: moved/attacked this turn · dashed ring: corrupted (owner colour)</p>')


@lru_cache(maxsize=512)
def pos(h: str) -> tuple[float, float]:
    """SVG centre of the hex named ``h`` (cached); ValueError for a name off the table.

    >>> pos("x15")
    (716.0, 525.62)
    """
    if h not in TABLE:
        raise ValueError(f"not a hex of the table: {h!r}")
    return TABLE.center(h, SIZE, pad=PAD)


def _hex_order(h: str) -> tuple[int, int]:
    """Row first, then column: reading order on the board (names off the table first)."""
    cr = TABLE.parse(h)
    return (-1, -1) if cr is None else cr[::-1]


def abbrev(u: UnitView) -> str:
    """The short label drawn on a unit (known card keys, else the initials of its name)."""
    key = u.get("card")
    if key in ABBREV:
        return ABBREV[key]
    words = str(u.get("name") or "?").split()
    return "".join(w[0] for w in words[:3]).upper() if len(words) > 1 else words[0][:3]


@lru_cache(maxsize=2048)
def _event_line(text: str, seats: tuple[int, ...], names: tuple[str, ...]) -> str:
    return event_html({"text": text, "seats": list(seats)}, names)


def log_line(entry: Event | str, names: list[str] | tuple[str, ...]) -> str:
    """One log entry as HTML (:func:`pyapp.engine.log.html`: each seat named in its colour), remembered:
    the same entries are drawn again at every update.

    >>> log_line({"text": "{0} draws a card.", "seats": [1], "kind": "draw"}, ("Ann", "<Bo>"))
    '<span class="seat seat-1">&lt;Bo&gt;</span> draws a card.'
    """
    if isinstance(entry, dict):
        return _event_line(str(entry.get("text", "")), tuple(entry.get("seats") or ()), tuple(names))
    return event_html(entry, names)


def _seat_cls(p: object) -> str:
    return f"cw-p{p}" if isinstance(p, int) and 0 <= p < 6 else "cw-pn"


@lru_cache(maxsize=1)
def defs() -> str:
    """Shapes shared by every hex, unit and marker (placed with ``<use>``)."""
    r = SIZE * 0.62
    sq = SIZE * 0.55
    return (f'<defs><polygon id="cw-cell" points="{corners(SIZE)}"/>'
            f'<polygon id="cw-hl" points="{corners(SIZE - 1.5)}"/>'
            f'<circle id="cw-soldier" r="{r:.1f}"/>'
            f'<polygon id="cw-vehicle" points="{corners(r + 1)}" transform="rotate(30)"/>'
            f'<rect id="cw-building" x="{-sq:.1f}" y="{-sq:.1f}" width="{2 * sq:.1f}" height="{2 * sq:.1f}" rx="2"/>'
            f'<rect id="cw-portal" x="-8" y="-8" width="16" height="16" rx="2" transform="rotate(45)"/>'
            f'<path id="cw-gate" d="M0-11 L3-8 L8-8 L8-3 L11 0 L8 3 L8 8 L3 8 L0 11 L-3 8 L-8 8 L-8 3 L-11 0 '
            f'L-8-3 L-8-8 L-3-8 Z"/>'
            f'<path id="cw-wedge" d="M4.4 0 L-3.4 -3.2 L-1.4 0 L-3.4 3.2 Z"/>'
            '<marker id="cw-arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
            'orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" class="ah"/></marker></defs>')


@lru_cache(maxsize=1)
def slot_frames() -> tuple[tuple[float, float, float, float], ...]:
    """Per slot ``s1``..``s12``: (x, y, w, h) of the frame around its 6 x 5 hexes."""
    out = []
    for i in range(SLOT_COLS * SLOT_ROWS):
        ox, oy = (i % SLOT_COLS) * GRID_COLS, (i // SLOT_COLS) * GRID_ROWS
        x0, y0 = TABLE.center(TABLE.name(ox, oy), SIZE, pad=PAD)
        out.append((round(x0 - SIZE + 2, 1), round(y0 - HH / 2 + 2, 1), round(GRID_COLS * 1.5 * SIZE - 4, 1),
                    round(GRID_ROWS * HH - 4, 1)))
    return tuple(out)


def _edge(x: float, y: float, d: int) -> str:
    """The edge of the hex at (x, y) facing direction ``d`` (0 N clockwise) as a path segment."""
    a1, a2 = math.radians(-120 + 60 * d), math.radians(-60 + 60 * d)
    return (f"M{x + SIZE * math.cos(a1):.1f} {y + SIZE * math.sin(a1):.1f}"
            f"L{x + SIZE * math.cos(a2):.1f} {y + SIZE * math.sin(a2):.1f}")


@lru_cache(maxsize=8)
def _terrain(key: tuple) -> tuple:
    """Static part of the board for one arrangement of grids (cached): per hex (h, x, y, kind, territory),
    the territory border path and the coordinate labels."""
    hexes = dict((h, (k, t)) for h, k, t in key)
    cells, borders, labels = [], [], []
    for h, (kind, terr) in hexes.items():
        if h not in TABLE:
            continue
        x, y = pos(h)
        cells.append((h, x, y, kind, terr))
        labels.append(f'<text class="coord" x="{x}" y="{y - HH / 2 + 6.5:.1f}">{h}</text>')
        around = TABLE.neighbours(h)                                    # by direction, None off the table
        for d in range(6):
            other = hexes.get(around[d]) if around[d] else None
            if kind == "territory" and (other is None or other[1] != terr):
                borders.append(_edge(x, y, d))
            elif kind != "territory" and other is None:
                borders.append(_edge(x, y, d))
    return tuple(cells), "".join(borders), "".join(labels)


@lru_cache(maxsize=16)
def die_svg(n: int) -> str:
    """A die face (inline SVG) showing ``n`` pips."""
    pips = {1: ((2, 2),), 2: ((1, 1), (3, 3)), 3: ((1, 1), (2, 2), (3, 3)), 4: ((1, 1), (3, 1), (1, 3), (3, 3)),
            5: ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)), 6: ((1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3))}
    dots = "".join(f'<circle cx="{x * 5}" cy="{y * 5}" r="1.6"/>' for x, y in pips.get(n, ()))
    return (f'<svg class="die" viewBox="0 0 20 20" width="22" height="22" role="img" aria-label="die showing {n}">'
            f'<rect x="0.5" y="0.5" width="19" height="19" rx="4"/>{dots}</svg>')


def _name(names: list[str], p: object) -> str:
    return names[p] if isinstance(p, int) and 0 <= p < len(names) else "?"


def unit_title(u: UnitView, names: list[str], own: bool) -> str:
    """The tooltip of a unit: name, type, owner (and controller), hex, stats, abilities, what it did this turn.

    >>> unit_title({"name": "Shade", "type": "soldier", "owner": 0, "controller": 1, "hex": "e4", "attack": 2,
    ...             "defense": 1, "movement": 3, "range": [1, 1], "abilities": ["stealth"], "moved": True}, ["A", "B"], False)
    'Shade (soldier, A, controlled by B this turn) at e4 · attack 2 · defense 1 · movement 3 · range 1 · stealth · moved'
    """
    owner, ctrl = u.get("owner"), u.get("controller", u.get("owner"))
    who = _name(names, owner) + ("" if ctrl == owner else f", controlled by {_name(names, ctrl)} this turn")
    span = u.get("range")
    r: list[int | str] = list(span) if span else ["?"]
    rng = f"{r[0]}" if r[0] == r[-1] else f"{r[0]}-{r[-1]}"
    state = [w for w, on in (("moved", u.get("moved")), ("attacked", u.get("attacked")), ("done", u.get("done"))) if on]
    ab = ", ".join(str(a).replace("-", " ") for a in u.get("abilities") or [])
    return (f"{u.get('name', '?')} ({u.get('type', '?')}, {who}) at {u.get('hex', '?')} · attack {u.get('attack')}"
            f" · defense {u.get('defense')} · movement {u.get('movement')} · range {rng}"
            f"{' (effective)' if own else ''}{' · ' + ab if ab else ''}{' · ' + ', '.join(state) if state else ''}")


# ---------------------------------------------------------------- the board
def _board(view: ClockworkView, acts: dict[str, Action], used: set[str], seat: int | None, names: list[str]) -> str:
    """The battlefield: slots, hexes and borders, rings, gates, portals, units, and the markers to click."""
    board = view.get("board") or {}
    hexes = board.get("hexes") or {}
    marks = _board_marks(acts, hexes)
    sources = sorted({s for lst in marks.values() for s, _a, _k in lst}, key=_hex_order)
    link = {h: i for i, h in enumerate(sources)}      # source hex -> k<i>: a unit and its markers light up together
    return (f'<svg class="cw-board" viewBox="0 0 {BOARD_W:.0f} {BOARD_H:.0f}" role="img" '
            f'aria-label="Clockwork Crusade battlefield">{defs()}{_slots_svg(board, acts)}{_terrain_svg(board)}'
            f'{_rings_svg(view, acts, hexes)}{_gates_svg(view, names)}{_portals_svg(view, names)}'
            f'{_units_svg(view, hexes, link, seat, names)}{_gate_spots_svg(acts, used)}'
            f'{_markers_svg(marks, link, acts, used)}</svg>')


def _slots_svg(board: BoardView | dict, acts: dict[str, Action]) -> str:
    """The empty grid slots (in setup: where grids may go, ``legal`` where one may go now)."""
    grid_slots: dict[str, list[str]] = {}
    for aid in acts:
        if aid.startswith("grid:") and "@" in aid:
            k, _, sl = aid[5:].partition("@")
            grid_slots.setdefault(sl, []).append(k)
    placed = {g.get("slot") for g in board.get("grids") or []}
    out = []
    for i, (x, y, w, fh) in enumerate(slot_frames()):
        sl = f"s{i + 1}"
        if sl in placed:
            continue
        cls = "slot legal" if sl in grid_slots else "slot"
        out.append(f'<g class="{cls}"><rect x="{x}" y="{y}" width="{w}" height="{fh}" rx="6"/>'
                   f'<text x="{x + w / 2:.1f}" y="{y + fh / 2 + 5:.1f}">{"slot " + str(i + 1)}</text></g>')
    return "".join(out)


def _terrain_svg(board: BoardView | dict) -> str:
    """The hexes (coloured by their territory's controller), the borders, coordinates and grid names."""
    hexes = board.get("hexes") or {}
    terr_ctrl = {t.get("id"): t.get("controller") for t in board.get("territories") or []}
    key = tuple((h, (v or {}).get("kind"), (v or {}).get("territory")) for h, v in sorted(hexes.items()))
    cells, borders, labels = _terrain(key)
    out = []
    for h, x, y, kind, terr in cells:
        ctrl = terr_ctrl.get(terr) if terr else None
        cls = f"cell {kind}" + (f" ctl {_seat_cls(ctrl)}" if isinstance(ctrl, int) else "")
        out.append(f'<use href="#cw-cell" class="{cls}" x="{x}" y="{y}"/>')
    if borders:
        out.append(f'<path class="borders" d="{borders}"/>')
    out.append(f'<g class="coords">{labels}</g>')
    placed = {g.get("slot"): g for g in board.get("grids") or []}
    frames = slot_frames()
    for g in placed.values():
        sl = str(g.get("slot", ""))
        if sl[1:].isdigit() and 1 <= int(sl[1:]) <= len(frames):
            x, y, w, fh = frames[int(sl[1:]) - 1]
            out.append(f'<text class="grid-name" x="{x + w / 2:.1f}" y="{y + fh - 2:.1f}">{esc(g.get("name", ""))}</text>')
    return "".join(out)


def _rings_svg(view: ClockworkView, acts: dict[str, Action], hexes: dict) -> str:
    """Rings round what the last attack or the open prompt is about, and round the spots a portal may open."""
    rings = []
    pend: PendingView | dict = view.get("pending") or {}
    roll: RollData | dict = view.get("roll") or {}
    for h, cls in ((roll.get("attacker"), "last-atk"), (roll.get("target"), "last-tgt"),
                   (pend.get("attacker"), "pend-atk"), (pend.get("target"), "pend-tgt"), (view.get("place"), "placing")):
        if h in hexes:
            x, y = pos(h)
            rings.append(f'<use href="#cw-hl" class="ring {cls}" x="{x}" y="{y}"/>')
    for h in sorted({aid.rpartition("@")[2] for aid in acts if aid.startswith("portal:")}):
        if h in hexes:
            x, y = pos(h)
            rings.append(f'<use href="#cw-hl" class="ring portal-spot" x="{x}" y="{y}"/>')
    return "".join(rings)


def _gates_svg(view: ClockworkView, names: list[str]) -> str:
    """Every Gate Token with its arrow."""
    out = []
    for gate in view.get("gates") or []:
        h, ah = gate.get("hex"), gate.get("arrow")
        try:
            x, y = pos(h)
        except (ValueError, TypeError):
            continue
        pc = _seat_cls(gate.get("owner"))
        arrow = ""
        try:
            ax, ay = pos(ah)
            arrow = (f'<line class="gate-arrow" x1="{x + (ax - x) * 0.35:.1f}" y1="{y + (ay - y) * 0.35:.1f}" '
                     f'x2="{x + (ax - x) * 0.8:.1f}" y2="{y + (ay - y) * 0.8:.1f}" marker-end="url(#cw-arrowhead)"/>')
        except (ValueError, TypeError):
            pass
        gt = f"Gate Token of {_name(names, gate.get('owner'))} on {h}, arrow to {ah} (defense 9)"
        out.append(f'<g class="gate {pc}"><title>{esc(gt)}</title>'
                   f'<use href="#cw-gate" class="gate-body" x="{x}" y="{y}"/>{arrow}</g>')
    return "".join(out)


def _portals_svg(view: ClockworkView, names: list[str]) -> str:
    """The face-down portals (the unit only in the owner's own view)."""
    out = []
    for p in view.get("portals") or []:
        try:
            x, y = pos(p.get("hex"))
        except (ValueError, TypeError):
            continue
        unit = p.get("unit")
        src = {"gate": "", "regenerate": " (Regenerate)", "wall": " (Portal Wall)"}.get(p.get("source"), "")
        title = (f"Face-down portal of {_name(names, p.get('owner'))} on {p.get('hex')}{src}"
                 + (f": {UNIT_NAMES.get(unit, str(unit).replace('-', ' '))} (only you see this)" if unit else ""))
        label = f'<text class="plabel" x="{x}" y="{y + 3:.1f}">{esc(ABBREV.get(unit, str(unit)[:3]))}</text>' if unit else \
            f'<text class="plabel" x="{x}" y="{y + 3:.1f}">?</text>'
        out.append(f'<g class="portal {_seat_cls(p.get("owner"))}{" known" if unit else ""}"><title>{esc(title)}</title>'
                   f'<use href="#cw-portal" x="{x}" y="{y}"/>{label}</g>')
    return "".join(out)


def _board_marks(acts: dict[str, Action], hexes: dict) -> dict:
    """The actions drawn as markers: target hex -> [(source hex, id, kind)] (kinds of :data:`MARKS`)."""
    marks: dict = {}
    for aid in acts:
        kind, _, arg = aid.partition(":")
        if kind in MARKS and ">" in arg:
            src, _, dst = arg.partition(">")
            if src in hexes and dst in hexes:
                marks.setdefault(dst, []).append((src, aid, kind))
    return marks


def _units_svg(view: ClockworkView, hexes: dict, link: dict[str, int], seat: int | None, names: list[str]) -> str:
    """Every unit on the table; one with markers is focusable and linked (``k<i>``) to its marker group."""
    active = view.get("active")
    out = []
    for u in view.get("units") or []:
        if u.get("hex") not in hexes:
            continue
        h = u["hex"]
        x, y = pos(h)
        ctrl = u.get("controller", u.get("owner"))
        own = isinstance(seat, int) and u.get("owner") == seat
        ucls = ["unit", _seat_cls(ctrl), str(u.get("type", ""))]
        if ctrl != u.get("owner"):
            ucls.append("corrupted")
        if ctrl == active and (u.get("moved") or u.get("attacked") or u.get("done")):
            ucls.append("spent")
        tab = ""
        if h in link:
            ucls += ["act", f"k{link[h]}"]
            tab = ' tabindex="0" role="button"'
        shape = TYPE_SHAPE.get(u.get("type"), "cw-soldier")
        owner_ring = (f'<circle class="owner-ring {_seat_cls(u.get("owner"))}" r="{SIZE * 0.78:.1f}"/>'
                      if ctrl != u.get("owner") else "")
        flags = ("M" if u.get("moved") else "") + ("A" if u.get("attacked") else "")
        out.append(f'<g class="{" ".join(ucls)}" transform="translate({x},{y})"{tab}>'
                   f'<title>{esc(unit_title(u, names, own))}</title>{owner_ring}<use href="#{shape}" class="body"/>'
                   f'<text class="uname" y="3">{esc(abbrev(u))}</text>'
                   f'<text class="ustat" y="{SIZE * 0.62 + 6:.1f}">'
                   f'{esc(number(u.get("attack")))}/{esc(number(u.get("defense")))}</text>'
                   + (f'<text class="uflag" x="{SIZE * 0.55:.1f}" y="{-SIZE * 0.45:.1f}">{flags}</text>' if flags else "")
                   + "</g>")
    return "".join(out)


def _gate_spots_svg(acts: dict[str, Action], used: set[str]) -> str:
    """The Gate Token spots to click: a wedge inside hex h pointing at the arrow hex."""
    spots = []
    for aid, a in acts.items():
        if not aid.startswith("gate:") or ">" not in aid:
            continue
        h, _, ar = aid[5:].partition(">")
        try:
            x, y = pos(h)
            ax, ay = pos(ar)
        except ValueError:
            continue
        ang = math.degrees(math.atan2(ay - y, ax - x))
        dx, dy = (ax - x) * 0.33, (ay - y) * 0.33     # inside h: the reverse spot (ar>h) sits inside ar
        spots.append(f'<g class="mk spot" data-action="{esc(aid)}" role="button" tabindex="0" '
                     f'transform="translate({x + dx:.1f},{y + dy:.1f}) rotate({ang:.0f})">'
                     f'<title>{esc(a.label or aid)}</title><circle r="5.2"/><use href="#cw-wedge"/></g>')
        used.add(aid)
    return f'<g class="gate-spots">{"".join(spots)}</g>' if spots else ""


def _markers_svg(marks: dict, link: dict[str, int], acts: dict[str, Action], used: set[str]) -> str:
    """The move/attack/shell/wall/place markers, one per id, grouped per source unit; several on one
    hex sit in a ring round its centre."""
    groups: dict = {}
    for dst, lst in marks.items():
        x, y = pos(dst)
        n = len(lst)
        for i, (src, aid, kind) in enumerate(lst):
            glyph, verb = MARKS[kind]
            title = acts[aid].label or f"{verb} {src} to {dst}"
            if n == 1:
                body = (f'<use href="#cw-hl" class="hl"/><circle class="dot" r="6"/>'
                        f'<text class="glyph" y="3.5">{glyph}</text>')
                tx, ty = x, y
            else:
                ang = math.radians(-90 + 360 * i / n)
                dot = 6 if n <= 4 else 5 if n <= 8 else 4.5
                rr = min(15.0, max(9.5, (dot + 0.5) / math.sin(math.pi / n)))   # neighbours do not overlap
                tx, ty = round(x + rr * math.cos(ang), 1), round(y + rr * math.sin(ang), 1)
                body = f'<circle class="dot" r="{dot}"/><text class="glyph" y="3">{glyph}</text>'
            groups.setdefault(src, []).append(
                f'<g class="mk {kind}{" one" if n == 1 else ""}" data-action="{esc(aid)}" role="button" tabindex="0" '
                f'transform="translate({tx},{ty})"><title>{esc(title)}</title>{body}</g>')
            used.add(aid)
    return dest_layer({f"k{link[src]}": items for src, items in groups.items()}) if groups else ""


# ---------------------------------------------------------------- panels
def _steps_html(view: ClockworkView, names: list[str]) -> str:
    phase = view.get("phase")
    active = view.get("active")
    n = number(view.get("players"), len(names))
    if phase in ("grids", "gates"):
        board = view.get("board") or {}
        if phase == "grids":
            what = (f"Setup: place Territory Grids ({len(board.get('grids') or [])} of "
                    f"{esc(board.get('grids_total', '?'))} placed)")
        else:
            what = "Setup: choose a starting territory and place a Gate Token (pick the hex and its arrow)"
        rolls = [e for e in view.get("log") or [] if isinstance(e, dict) and e.get("kind") == "roll-off"]
        shown = "".join(f"<li>{log_line(e, names)}</li>" for e in rolls[-4:])
        return (f'<div class="cw-turn"><strong class="{_seat_cls(active)}">{esc(_name(names, active))}</strong> · {what}'
                + (f'<ul class="cw-setup-rolls" aria-label="setup rolls">{shown}</ul>' if shown else "") + "</div>")
    if phase == "over":
        return '<div class="cw-turn">The game is over.</div>'
    cur = phase if phase in ("control", "portal", "main", "draw") else ""
    items = "".join(f'<li class="{"now" if k == cur else ""}{" auto" if k == "resources" else ""}">{t}</li>'
                    for k, t in STEPS)
    first = view.get("start")
    start = first if isinstance(first, int) else 0
    order = " → ".join(f'<span class="{_seat_cls((start + i) % n)}">{esc(_name(names, (start + i) % n))}</span>'
                       for i in range(n)) if n else ""
    limit = view.get("turn_limit", "?")          # None: the round limit is switched off
    return (f'<div class="cw-turn">Turn {esc(view.get("turn", "?"))}{"" if limit is None else f" of {esc(limit)}"} · '
            f'<strong class="{_seat_cls(active)}">{esc(_name(names, active))}</strong> to play'
            f'<ol class="cw-steps" aria-label="turn steps">{items}</ol>'
            f'<div class="cw-order">Turn order: {order}</div></div>')


def _players_html(view: ClockworkView, seat: int | None, names: list[str]) -> str:
    active = view.get("active")
    over = bool(view.get("outcome")) or view.get("phase") == "over"
    colour = view.get("names") or []          # the rules' seat names (colours)
    rows = []
    for info in view.get("player_info") or []:
        p = info.get("seat")
        badges = []
        if p == active and not over:
            badges.append('<span class="badge turn">to play</span>')
        if p == seat:
            badges.append('<span class="badge you">you</span>')
        if info.get("out"):
            badges.append('<span class="badge out">out</span>')
        levels = info.get("levels")
        lv = ""
        if isinstance(levels, dict) and levels:
            lv = ('<div class="levels">Levels: ' + ", ".join(
                f'{esc(k.replace("-", " "))} <b>{esc(v)}.0</b>' for k, v in levels.items()) + "</div>")
        rows.append(
            f'<div class="cw-player {_seat_cls(p)}{" active" if p == active and not over else ""}'
            f'{" out" if info.get("out") else ""}">'
            f'<div class="pname"><span class="swatch {_seat_cls(p)}"></span>{esc(_name(names, p))}'
            + (f' <small class="colour">({esc(colour[p])})</small>' if isinstance(p, int) and p < len(colour)
               and colour[p] != _name(names, p) else "")
            + f' {"".join(badges)}</div>'
            f'<dl><dt>Resources</dt><dd class="res">{esc(info.get("resources"))}</dd>'
            f'<dt>Income</dt><dd>+{esc(info.get("income"))}</dd>'
            f'<dt>Cards</dt><dd class="hand-count">{esc(info.get("hand_count"))}</dd>'
            f'<dt>Territories</dt><dd>{esc(info.get("territories"))}</dd>'
            f'<dt>Gate Tokens</dt><dd>{esc(info.get("gates"))}</dd></dl>{lv}</div>')
    extra = (f'<div class="cw-stack">Card stack: {esc(view.get("stack", "?"))} · research costs '
             f'{esc(view.get("research_cost", "?"))}{" (done this turn)" if view.get("researched") else ""}</div>')
    return f'<section class="cw-players">{"".join(rows)}{extra}</section>'


def _roll_html(view: ClockworkView, names: list[str]) -> str:
    parts = []
    roll = view.get("roll")
    if isinstance(roll, dict) and roll.get("dice"):
        dice = "".join(die_svg(number(d)) for d in roll.get("dice") or [])
        kind = {"counter": "Counter attack", "shell": "Artillery Shell"}.get(roll.get("kind") or "", "Attack")
        dd = roll.get("defense_dice")
        if dd:
            dtxt = (f'<span class="dice">{"".join(die_svg(number(d)) for d in dd)}</span> + {esc(roll.get("defense_bonus"))}'
                    f' = <b>{esc(roll.get("defense_total"))}</b>')
        else:
            dtxt = f'fixed <b>{esc(roll.get("defense_total"))}</b>'
        hit = bool(roll.get("hit"))
        parts.append(f'<div class="cw-roll {"hit" if hit else "miss"}"><div class="rk">{kind}: '
                     f'{esc(roll.get("attacker", "?"))} → {esc(roll.get("target", "?"))}</div>'
                     f'<div class="rl"><span class="who">Attack</span> <span class="dice">{dice}</span> + '
                     f'{esc(roll.get("bonus"))} = <b>{esc(roll.get("total"))}</b></div>'
                     f'<div class="rl"><span class="who">Defense</span> {dtxt}</div>'
                     f'<div class="res">{"Hit!" if hit else "Miss (ties go to the defender)"}</div></div>')
    coin = view.get("coin")
    if isinstance(coin, dict) and "heads" in coin:
        heads = bool(coin.get("heads"))
        parts.append(f'<div class="cw-coin {"heads" if heads else "tails"}"><span class="coin" aria-hidden="true">'
                     f'{"H" if heads else "T"}</span> {esc(_name(names, coin.get("seat")))} flipped for '
                     f'{esc(coin.get("why", "?"))}: <b>{"heads" if heads else "tails"}</b></div>')
    return f'<section class="cw-dice" aria-live="polite">{"".join(parts)}</section>' if parts else ""


PROMPT_TEXT = {"stealth": "Stealth: flip a coin to dodge the attack?",
               "scapegoat": "Scapegoat: flip a coin to let a neighbouring unit take the attack?",
               "counter": "The attack missed: counter attack?",
               "assassinate": "Heads! Assassinate: choose the unit to destroy (pay its cost) or do nothing.",
               "corrupt": "Heads! Corrupt: choose the unit to take control of this turn, or do nothing."}


def _prompt_html(view: ClockworkView, acts: dict[str, Action], used: set[str], names: list[str]) -> str:
    pend = view.get("pending")
    if not isinstance(pend, dict):
        return ""
    kind = pend.get("kind")
    text = PROMPT_TEXT.get(kind, str(kind))
    where = " · ".join(f"{w} {esc(h)}" for w, h in (("attacker", pend.get("attacker")), ("target", pend.get("target"))) if h)
    btns = []
    for aid, a in acts.items():
        if aid in ("stealth", "nostealth", "counter", "nocounter", "noscapegoat", "decline") or \
                aid.startswith(("scapegoat:", "assassinate:", "corrupt:")) and (">" in aid or aid.startswith("scapegoat:")):
            primary = aid in ("stealth", "counter") or ":" in aid
            btns.append(action_button(aid, esc(a.label or aid), cls="primary" if primary else ""))
            used.add(aid)
    wait = "" if btns else f'<p class="wait">Waiting for {esc(_name(names, pend.get("seat")))} to decide.</p>'
    return (f'<section class="cw-prompt" role="alert"><h3>{esc(_name(names, pend.get("seat")))}: {esc(text)}</h3>'
            f'<p class="where">{where}</p>{wait}<div class="btns">{"".join(btns)}</div></section>')


def _hand_html(view: ClockworkView, acts: dict[str, Action], used: set[str], seat: int | None) -> str:
    info = next((p for p in view.get("player_info") or [] if p.get("seat") == seat), None)
    hand = info.get("hand") if info else None
    if not info or not isinstance(hand, list):
        return ""
    levels = info.get("levels") or {}
    plays: dict = {}
    for aid, a in acts.items():
        if aid.startswith("play:"):
            cid = aid[5:].partition(">")[0]
            plays.setdefault(cid, []).append((aid, a))
    # unit cards: one entry per type with its copies and level; specials one by one
    units: dict = {}
    cards = []
    for c in hand:
        if c.get("kind") == "unit":
            units.setdefault(c.get("key"), []).append(c)
    for key, lst in units.items():
        c = lst[0]
        lv = levels.get(key)
        cards.append(f'<div class="cw-card unit"><span class="cname">{esc(c.get("name"))}</span>'
                     f'<span class="copies">×{len(lst)}</span>'
                     + (f'<span class="lvl">level {esc(lv)}.0</span>' if lv else "")
                     + f'<span class="ctext">{esc(c.get("text", ""))}</span></div>')
    for c in hand:
        if c.get("kind") == "unit":
            continue
        btns = []
        for aid, a in plays.get(c.get("id"), []):
            btns.append(action_button(aid, esc(a.label or aid), cls="small play"))
            used.add(aid)
        cards.append(f'<div class="cw-card special{" playable" if btns else ""}"><span class="cname">'
                     f'{esc(c.get("name"))}</span><span class="ctext">{esc(c.get("text", ""))}</span>'
                     + (f'<div class="btns">{"".join(btns)}</div>' if btns else "") + "</div>")
    drawn = view.get("drawn")
    dr = (f'<div class="cw-drawn">The card you drew last: <b>{esc(drawn.get("name"))}</b> — {esc(drawn.get("text", ""))}</div>'
          if isinstance(drawn, dict) else "")
    return (f'<section class="cw-hand"><h3>Your cards ({len(hand)})</h3>{dr}'
            f'<div class="cards">{"".join(cards) or "<p class=empty>No cards.</p>"}</div></section>')


def _by_key(acts: dict[str, Action], prefix: str) -> dict[str, list[tuple[str, str, Action]]]:
    """Actions ``<prefix><key>@<target>`` grouped by key, in order: {key: [(target, id, action), ...]}."""
    out: dict[str, list[tuple[str, str, Action]]] = {}
    for aid, a in acts.items():
        if aid.startswith(prefix) and "@" in aid:
            key, _, target = aid[len(prefix):].rpartition("@")
            out.setdefault(key, []).append((target, aid, a))
    return out


def _choice_row(title: str, choices: list[tuple[str, str, Action]], buttons: str, used: set[str]) -> str:
    used.update(aid for _t, aid, _a in choices)
    return f'<div class="prow"><span class="at">{title}</span>{buttons}</div>'


def _portal_buttons(view: ClockworkView, acts: dict[str, Action], used: set[str]) -> str:
    """CC-UI-15: one row per unit type (name and cost), one button per Gate Token arrow hex."""
    by_unit = _by_key(acts, "portal:")
    if not by_unit:
        return ""
    gates = {g.get("arrow"): g.get("hex") for g in view.get("gates") or []}
    rows = []
    for key, lst in by_unit.items():
        label = lst[0][2].label or key
        name = label.removeprefix("Create a ").partition(" portal at ")[0] or key
        cost = label.rpartition("(cost ")[2].rstrip(")") if "(cost " in label else "?"
        btns = "".join(action_button(aid, esc(h), cls="small", title=f"{a.label or aid} (Gate Token {gates.get(h, '?')})")
                       for h, aid, a in sorted(lst, key=lambda t: _hex_order(t[0])))
        rows.append(_choice_row(f"{esc(name)} <small>(cost {esc(cost)})</small>", lst, btns, used))
    return (f'<div class="cw-group portals"><h4>Create a face-down portal: unit, then the hex at a Gate Token\'s arrow'
            f'</h4>{"".join(rows)}</div>')


def _grid_buttons(acts: dict[str, Action], used: set[str]) -> str:
    """CC-UI-13: one row per Territory Grid design, one button per slot it may take."""
    by_design = _by_key(acts, "grid:")
    if not by_design:
        return ""
    rows = []
    for k, lst in by_design.items():
        name = lst[0][2].label.partition(" in slot")[0].removeprefix("Place ") if lst[0][2].label else k
        btns = "".join(action_button(aid, f"slot {esc(sl[1:])}", cls="small", title=a.label) for sl, aid, a in lst)
        rows.append(_choice_row(esc(name), lst, btns, used))
    return f'<div class="cw-group grids"><h4>Place a Territory Grid</h4>{"".join(rows)}</div>'


def _units_table(view: ClockworkView, seat: int | None, names: list[str]) -> str:
    rows = []
    for u in view.get("units") or []:
        if u.get("controller", u.get("owner")) != seat and u.get("owner") != seat:
            continue
        rng: list[int] | list[str] = u.get("range") or ["?", "?"]
        st = ", ".join(w for w, on in (("moved", u.get("moved")), ("attacked", u.get("attacked")),
                                       ("done", u.get("done"))) if on) or "ready"
        rows.append(f'<tr><td>{esc(u.get("name"))}</td><td>{esc(u.get("hex"))}</td><td>{esc(u.get("attack"))}</td>'
                    f'<td>{esc(u.get("defense"))}</td><td>{esc(u.get("movement"))}</td>'
                    f'<td>{esc(rng[0])}-{esc(rng[-1])}</td><td>{esc(st)}</td></tr>')
    if not rows:
        return ""
    return ('<details class="cw-units"><summary>Your units (effective stats)</summary><table><thead><tr><th>Unit</th>'
            '<th>Hex</th><th>Atk</th><th>Def</th><th>Mov</th><th>Range</th><th>This turn</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></details>')


def _territories(view: ClockworkView, names: list[str]) -> str:
    items = []
    for t in (view.get("board") or {}).get("territories") or []:
        c = t.get("controller")
        items.append(f'<li><span class="swatch {_seat_cls(c) if isinstance(c, int) else "none"}"></span>'
                     f'{esc(t.get("name"))}: {esc(_name(names, c)) if isinstance(c, int) else "nobody"}</li>')
    if not items:
        return ""
    return f'<details class="cw-terr"><summary>Territories</summary><ul>{"".join(items)}</ul></details>'


def _outcome_html(view: ClockworkView, names: list[str]) -> str:
    out = view.get("outcome")
    if not isinstance(out, dict):
        return ""
    winners = ", ".join(esc(_name(names, w)) for w in out.get("winners") or []) or "nobody"
    ranking = "".join(f"<li>{', '.join(esc(_name(names, p)) for p in group)}</li>" for group in out.get("ranking") or [])
    return (f'<section class="cw-outcome"><h3>{"Shared win" if len(out.get("winners") or []) > 1 else "Winner"}: '
            f'{winners}</h3><p>{esc(out.get("reason", ""))}</p><ol class="ranking">{ranking}</ol></section>')


def render(view: ClockworkView, actions: list[Action], *, seat: int | None, names: list[str], interactive: bool) -> str:
    """The whole Clockwork Crusade game area for ``view`` (one seat's view or the spectator's).

    ``actions`` are the legal actions of ``seat`` (shown only when ``interactive``).
    """
    acts = {a.id: a for a in actions} if interactive else {}
    used: set[str] = set()
    n = number(view.get("players"), len(names))
    names = seat_names(names, max(n, 2))
    svg = _board(view, acts, used, seat, names)
    ctl = [_prompt_html(view, acts, used, names), _grid_buttons(acts, used), _portal_buttons(view, acts, used)]
    hints = []
    if any(a.startswith("gate:") for a in acts):
        hints.append("Gate Token: click a wedge inside a territory hex; the wedge points where the arrow will go.")
    if any(a.startswith(("move:", "attack:", "shell:", "wall:")) for a in acts):
        hints.append("Point at or click one of your units to light up its moves (•) and targets (⚔, ✹ shell, ▦ wall); "
                     "then click a marker.")
    if any(a.startswith("place:") for a in acts):
        hints.append("Choose a highlighted hex (⌂) for the new Building.")
    hand = _hand_html(view, acts, used, seat)
    groups: dict = {}
    for aid, a in acts.items():
        if aid in used:
            continue
        title = next((t for t, pred in GROUPS if pred(aid)), None) or (a.kind or "other").capitalize()
        groups.setdefault(title, []).append(action_button(aid, esc(a.label or aid),
                                                 cls="primary" if aid in ("end", "done") else "", title=aid))
        used.add(aid)
    for title, btns in groups.items():
        ctl.append(f'<div class="cw-group"><h4>{esc(title)}</h4><div class="btns">{"".join(btns)}</div></div>')
    if hints:
        ctl.insert(0, "".join(f'<p class="hint">{esc(h)}</p>' for h in hints))
    controls = "".join(c for c in ctl if c)
    controls = f'<section class="cw-controls">{controls}</section>' if controls else ""
    log_html = log_details("cw-log", view.get("log") or [], line_html=lambda e: log_line(e, names))
    return (f'<div class="cw-game{" interactive" if interactive else ""}">'
            f'<div class="cw-board-wrap">{svg}{LEGEND}</div>'
            f'<div class="cw-side">{_outcome_html(view, names)}{_steps_html(view, names)}{_roll_html(view, names)}'
            f'{controls}{_players_html(view, seat, names)}{hand}{_units_table(view, seat, names)}'
            f'{_territories(view, names)}{log_html}</div></div>')

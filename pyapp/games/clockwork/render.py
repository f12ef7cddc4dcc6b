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
from ...ui.markup import action_button, dest_layer, esc, log_details, number, part, seat_names
from .geometry import GRID_COLS, GRID_ROWS, SLOTS, TABLE, slot_neighbours, slot_origin

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ...engine import Action
    from .types import BoardView, ClockworkView, PendingView, RollData, UnitView

# the smallest board text in SVG units (web/clockwork.css: coordinates, unit names and stats, markers' glyphs); the board's svg declares the width where it is 11 px
# (``--legible``: web/ui.css's board zoom)
MIN_FONT = 9.5
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


LEGEND = ('<p class="cw-legend">● soldier · ⬢ vehicle · ■ building (attack/defense below each unit) · ◆ face-down '
          'portal · ✷ Gate Token: its arrow points at the hex where its portals come in (ringed in its colour) · '
          'markers: • move, ⚔ attack, ✹ Artillery Shell, ▦ Portal Wall, ⌂ place (a hex with several: a dot per '
          'choice, diamonds attack; choose the hex for the list of them) · faded unit: it moved or attacked this '
          'turn · dashed ring round a unit: corrupted (owner colour) · last moves, in each player\'s colour until that player moves again: solid arrow move, '
          'dashed arrow attack, cross destroyed, dashed ring something came in or happened there</p>')
KEY_HTML = part("cw-key", f'<details class="cw-key"><summary>Key to the board</summary>{LEGEND}</details>')


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


def _seat_cls(p: object) -> str:
    return f"cw-p{p}" if isinstance(p, int) and 0 <= p < 6 else "cw-pn"


@lru_cache(maxsize=1)
def defs() -> str:
    """Shapes shared by every hex, unit and marker (placed with ``<use>``)."""
    r = SIZE * 0.62
    sq = SIZE * 0.55
    return (f'<defs><polygon id="cw-cell" points="{corners(SIZE)}"/>'
            f'<polygon id="cw-hl" points="{corners(SIZE - 1.5)}"/><polygon id="cw-hit" points="{hit_points()}"/>'
            f'<circle id="cw-soldier" r="{r:.1f}"/>'
            f'<polygon id="cw-vehicle" points="{corners(r + 1)}" transform="rotate(30)"/>'
            f'<rect id="cw-building" x="{-sq:.1f}" y="{-sq:.1f}" width="{2 * sq:.1f}" height="{2 * sq:.1f}" rx="2"/>'
            f'<rect id="cw-portal" x="-8" y="-8" width="16" height="16" rx="2" transform="rotate(45)"/>'
            f'<path id="cw-gate" d="M0-11 L3-8 L8-8 L8-3 L11 0 L8 3 L8 8 L3 8 L0 11 L-3 8 L-8 8 L-8 3 L-11 0 '
            f'L-8-3 L-8-8 L-3-8 Z"/>'
            f'<path id="cw-wedge" d="M4.4 0 L-3.4 -3.2 L-1.4 0 L-3.4 3.2 Z"/>'
            '<marker id="cw-arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
            'orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" class="ah"/></marker></defs>')


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
        labels.append((h, f'<text class="coord" x="{x}" y="{y - HH / 2 + 10.5:.1f}">{h}</text>'))
        around = TABLE.neighbours(h)                                    # by direction, None off the table
        for d in range(6):
            other = hexes.get(around[d]) if around[d] else None
            if kind == "territory" and (other is None or other[1] != terr):
                borders.append(_edge(x, y, d))
            elif kind != "territory" and other is None:
                borders.append(_edge(x, y, d))
    return tuple(cells), "".join(borders), tuple(labels)


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
MIN_TEXT = 9.5                    # the smallest board text in SVG units: 11 px and more at 1366 px wide (checked)


@lru_cache(maxsize=16)
def slot_cells(slot: str) -> tuple[str, ...]:
    """The hexes of ``slot`` (6 x 5)."""
    ox, oy = slot_origin(slot)
    return tuple(TABLE.name(ox + c, oy + r) for r in range(GRID_ROWS) for c in range(GRID_COLS))


@lru_cache(maxsize=16)
def slot_box(slot: str) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1): the box round the hexes of ``slot``."""
    pts = [pos(h) for h in slot_cells(slot)]
    return (min(x for x, _ in pts) - SIZE, min(y for _, y in pts) - HH / 2,
            max(x for x, _ in pts) + SIZE, max(y for _, y in pts) + HH / 2)


@lru_cache(maxsize=16)
def slot_outline(slot: str) -> str:
    """The outline of ``slot``'s hexes (its real zigzag edge, so it never covers a neighbouring slot)."""
    cells = set(slot_cells(slot))
    out = []
    for h in cells:
        x, y = pos(h)
        for d, n in enumerate(TABLE.neighbours(h)):
            if n not in cells:
                out.append(_edge(x, y, d))
    return "".join(out)


def shown_slots(board: BoardView | dict, phase: object) -> list[str]:
    """The slots the board shows: the placed grids and, while grids are placed, the slots of the game's table
    next to them (its whole table before the first grid); the rest never matters and is left out."""
    placed = [str(g.get("slot")) for g in board.get("grids") or [] if g.get("slot") in SLOTS]
    table = [str(sl) for sl in board.get("slots") or SLOTS if sl in SLOTS] or list(SLOTS)
    if not placed:
        return table
    out = set(placed)
    if phase == "grids":
        for sl in placed:
            out.update(n for n in slot_neighbours(sl) if n in table)
    return [sl for sl in SLOTS if sl in out]


def view_box(slots: list[str]) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the board's viewBox round ``slots`` (with a margin).

    >>> view_box(["s1"])
    (0.0, 0.0, 202.0, 202.53)
    """
    boxes = [slot_box(sl) for sl in slots] or [(0.0, 0.0, BOARD_W, BOARD_H)]
    x0, y0 = min(b[0] for b in boxes) - PAD, min(b[1] for b in boxes) - PAD
    x1, y1 = max(b[2] for b in boxes) + PAD, max(b[3] for b in boxes) + PAD
    return round(x0, 2) + 0.0, round(y0, 2) + 0.0, round(x1 - x0, 2), round(y1 - y0, 2)


def _board(view: ClockworkView, acts: dict[str, Action], used: set[str], seat: int | None, names: list[str]) -> str:
    """The battlefield: slots, hexes and borders, rings, gates, portals, units, last moves, and the markers to
    click."""
    board = view.get("board") or {}
    hexes = board.get("hexes") or {}
    marks = _board_marks(acts, hexes)
    sources = sorted({s for lst in marks.values() for s, _a, _k in lst}, key=_hex_order)
    link = {h: i for i, h in enumerate(sources)}      # source hex -> k<i>: a unit and its markers light up together
    slots = shown_slots(board, view.get("phase"))
    x, y, w, h = view_box(slots)
    return (f'<svg class="cw-board" viewBox="{x:g} {y:g} {w:g} {h:g}" role="group" '
            f'style="--legible: {int(w * 11 / MIN_FONT) + 1}px" '
            f'aria-label="Clockwork Crusade battlefield">{part("cw-defs", defs())}'
            f'{part("cw-designs", _designs_defs(board))}{part("cw-slots", _slots_svg(board, slots))}'
            f'{_terrain_svg(board, view, acts)}{_rings_svg(view, acts, hexes)}{_gates_svg(view, names)}'
            f'{_portals_svg(view, names)}{_units_svg(view, hexes, link, seat, names)}{_last_moves_svg(view, names)}'
            f'{_grid_spots_svg(board, slots, acts, used)}{_gate_spots_svg(acts, used)}'
            f'{_markers_svg(marks, link, acts, used, (x, y, w, h))}</svg>')


def _slots_svg(board: BoardView | dict, slots: list[str]) -> str:
    """The empty slots shown (while grids are placed): their hex outlines, dashed, not clickable themselves."""
    placed = {g.get("slot") for g in board.get("grids") or []}
    out = [f'<path class="slot" d="{slot_outline(sl)}"/>' for sl in slots if sl not in placed]
    return f'<g class="slots" aria-hidden="true">{"".join(out)}</g>' if out else ""


TERRAIN_TINT = {"A": "ta", "B": "tb", "C": "tc", "D": "td", ".": "neutral", "~": "water"}


@lru_cache(maxsize=32)
def _design_svg(rows: tuple[str, ...], ox: float = 0.0, oy: float = 0.0, size: float = SIZE) -> str:
    """A grid design's hexes (territories A-D tinted apart, neutral, water) as slot s1 would hold them."""
    out = []
    for r, line in enumerate(rows[:GRID_ROWS]):
        for c, ch in enumerate(str(line)[:GRID_COLS]):
            cx, cy = TABLE.center(TABLE.name(c, r), size, pad=0)
            out.append(f'<use href="#cw-cell" class="cell {TERRAIN_TINT.get(ch, "neutral")}" '
                       f'x="{cx + ox:.1f}" y="{cy + oy:.1f}"/>')
    return "".join(out)


def _key(k: object) -> str:
    """A design key as a class/id fragment (letters, digits and dashes only)."""
    return "".join(ch for ch in str(k) if ch.isalnum() or ch == "-")[:32] or "x"


def _designs_defs(board: BoardView | dict) -> str:
    """Each design left to place, once, in slot s1's place (placed with ``<use>`` in every legal slot)."""
    out = []
    for d in board.get("designs") or []:
        x0, y0 = pos("a1")
        out.append(f'<g id="cw-prev-{_key(d.get("key"))}">'
                   f'{_design_svg(tuple(str(r) for r in d.get("rows") or []), x0 - SIZE, y0 - HH / 2)}</g>')
    return f'<defs>{"".join(out)}</defs>' if out else ""


def _grid_spots_svg(board: BoardView | dict, slots: list[str], acts: dict[str, Action], used: set[str]) -> str:
    """Grid placement on the board: for each design (the one picked in the panel is shown), its terrain
    previewed in every slot it may take, with a "place here" button inside the slot."""
    by_design = _by_key(acts, "grid:")
    out = []
    a1x, a1y = pos("a1")
    for k, lst in by_design.items():
        items = []
        for sl, aid, a in lst:
            if sl not in SLOTS:
                continue
            x0, y0, x1, y1 = slot_box(sl)
            sx, sy = pos(slot_cells(sl)[0])
            label = "Place here: " + (a.label or aid).removeprefix("Place ")   # the visible words start the name
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            items.append(f'<use href="#cw-prev-{_key(k)}" class="prev" x="{sx - a1x:.1f}" y="{sy - a1y:.1f}"/>'
                         f'<g class="mk gslot" data-action="{esc(aid)}" role="button" tabindex="0" '
                         f'aria-label="{esc(label)}"><rect x="{cx - 62:.1f}" y="{cy - 16:.1f}" width="124" '
                         f'height="32" rx="8"/><text x="{cx:.1f}" y="{cy + 4.5:.1f}">Place here</text></g>')
            used.add(aid)
        out.append(f'<g class="gslots d-{_key(k)}">{"".join(items)}</g>')
    return f'<g class="grid-spots">{"".join(out)}</g>' if out else ""


@lru_cache(maxsize=16)
def _cells_svg(key: tuple, ctrl: tuple[tuple[str, int], ...]) -> str:
    """The hexes of one arrangement, each territory tinted by its controller (remembered: it seldom changes)."""
    terr_ctrl = dict(ctrl)
    out = []
    for _h, x, y, kind, terr in _terrain(key)[0]:
        c = terr_ctrl.get(terr) if terr else None
        cls = f"cell {kind}" + (f" ctl {_seat_cls(c)}" if isinstance(c, int) else "")
        out.append(f'<use href="#cw-cell" class="{cls}" x="{x}" y="{y}"/>')
    return "".join(out)


def _terrain_svg(board: BoardView | dict, view: ClockworkView | dict, acts: dict[str, Action]) -> str:
    """The hexes (coloured by their territory's controller), the borders, the coordinates of the free hexes
    (a piece's own label says where it is) and the grid names."""
    hexes = board.get("hexes") or {}
    terr_ctrl = {t.get("id"): t.get("controller") for t in board.get("territories") or []}
    key = tuple((h, (v or {}).get("kind"), (v or {}).get("territory")) for h, v in sorted(hexes.items()))
    _cells, borders, labels = _terrain(key)
    cells = _cells_svg(key, tuple(sorted((str(t), c) for t, c in terr_ctrl.items() if isinstance(c, int))))
    out = [part("cw-cells", f'<g class="cw-cells">{cells}</g>')]
    if borders:
        out.append(part("cw-borders", f'<path class="borders" d="{borders}"></path>'))
    taken = ({u.get("hex") for u in view.get("units") or []} | {g.get("hex") for g in view.get("gates") or []}
             | {p.get("hex") for p in view.get("portals") or []})
    taken.update(aid[5:].partition(">")[0] for aid in acts if aid.startswith("gate:"))
    out.append(part("cw-coords", f'<g class="coords" aria-hidden="true">{"".join(t for h, t in labels if h not in taken)}</g>'))
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


@lru_cache(maxsize=2048)
def _arrow_points(x: float, y: float, ax: float, ay: float, r0: float, r1: float, head: float, half: float,
                  shaft: float) -> str:
    """An arrow from ``r0`` to ``r1`` along the line (x, y) -> (ax, ay): its head ``head`` long, ``half`` wide
    each side, its shaft ``shaft`` wide each side."""
    d = math.hypot(ax - x, ay - y) or 1.0
    ux, uy = (ax - x) / d, (ay - y) / d
    px, py = -uy, ux

    def at(r: float, side: float) -> str:
        return f"{x + ux * r + px * side:.1f},{y + uy * r + py * side:.1f}"
    return " ".join((at(r0, shaft), at(r1 - head, shaft), at(r1 - head, half), at(r1, 0), at(r1 - head, -half),
                     at(r1 - head, -shaft), at(r0, -shaft)))


def _gates_svg(view: ClockworkView, names: list[str]) -> str:
    """Every Gate Token: the token with a broad arrow inside its own hex pointing at the side where its
    portals come in, and that hex ringed in the owner's colour (arrows never reach into another hex)."""
    out = []
    for gate in view.get("gates") or []:
        h, ah = gate.get("hex"), gate.get("arrow")
        try:
            x, y = pos(h)
        except (ValueError, TypeError):
            continue
        pc = _seat_cls(gate.get("owner"))
        arrow = spot = ""
        try:
            ax, ay = pos(ah)
            arrow = f'<polygon class="gate-arrow" points="{_arrow_points(x, y, ax, ay, 0, SIZE * 0.84, 8, 7, 2.6)}"/>'
            spot = f'<use href="#cw-hl" class="ring arrow-spot {pc}" x="{ax}" y="{ay}"/>'
        except (ValueError, TypeError):
            pass
        gt = f"Gate Token of {_name(names, gate.get('owner'))} on {h}, arrow to {ah} (defense 9)"
        out.append(f'{spot}<g class="gate {pc}" role="img" aria-label="{esc(gt)}">'
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
    """Every unit on the table, focusable with its details as its name (a tap or Tab shows them in the
    details panel); one with markers is linked (``k<i>``) to its marker group."""
    active = view.get("active")
    out = []
    for i, u in enumerate(view.get("units") or []):
        if u.get("hex") not in hexes:
            continue
        h = u["hex"]
        x, y = pos(h)
        ctrl = u.get("controller", u.get("owner"))
        own = isinstance(seat, int) and u.get("owner") == seat
        ucls = ["unit", _seat_cls(ctrl), str(u.get("type", "")), f"i{i}"]
        if ctrl != u.get("owner"):
            ucls.append("corrupted")
        if ctrl == active and (u.get("moved") or u.get("attacked") or u.get("done")):
            ucls.append("spent")
        if h in link:
            ucls += ["act", f"k{link[h]}"]
        shape = TYPE_SHAPE.get(u.get("type"), "cw-soldier")
        owner_ring = (f'<circle class="owner-ring {_seat_cls(u.get("owner"))}" cy="-3.5" r="{SIZE * 0.7:.1f}"/>'
                      if ctrl != u.get("owner") else "")
        short = f'{abbrev(u)} {number(u.get("attack"))}/{number(u.get("defense"))}'
        out.append(part(f"cw-u{i}", f'<g class="{" ".join(ucls)}" transform="translate({x},{y})" tabindex="0" role="button" '
                   f'aria-label="{esc(short)}: {esc(unit_title(u, names, own))}">{owner_ring}'
                   f'<use href="#{shape}" class="body" transform="translate(0,-3.5) scale(.9)"/>'
                   f'<text class="uname" y="-0.2" aria-hidden="true">{esc(abbrev(u))}</text>'
                   f'<text class="ustat" y="15.2" aria-hidden="true">{esc(number(u.get("attack")))}/'
                   f'{esc(number(u.get("defense")))}</text></g>'))
    return "".join(out)


def _unit_details(view: ClockworkView, seat: int | None, names: list[str]) -> str:
    """The details of the unit tapped or focused on the board (web/clockwork.css shows the one of ``.unit.i<n>``),
    so nothing is only in a hover tooltip."""
    items = []
    for i, u in enumerate(view.get("units") or []):
        own = isinstance(seat, int) and u.get("owner") == seat
        items.append(f'<p class="ud i{i}">{esc(unit_title(u, names, own))}</p>')
    if not items:
        return ""
    return (f'<div class="cw-details" aria-hidden="true"><p class="ud-hint">Tap or focus a unit on the board for its '
            f'details.</p>{"".join(items)}</div>')


# a Gate Token's arrow to choose: a round button ARROW_R round, ARROW_AT from its hex's centre towards the side it
# points at (22 units: 25 px at Legible; two neighbours' boxes, 60 degrees apart, never overlap, nor the hex's own)
ARROW_R, ARROW_AT = 11.0, 29.0


def _gate_spots_svg(acts: dict[str, Action], used: set[str]) -> str:
    """Gate Token placement in two steps on the board: a round button on each hex a Gate Token may take;
    choosing it (focus or tap) shows its arrows right after it, one per side the arrow may point at (round its
    button, reaching into the neighbouring hexes, whose buttons step aside meanwhile: no two visible buttons ever
    overlap, and no button holds another).  The button's area is the hex's (``#cw-hit``); ``data-opens`` and
    ``data-via`` name the button and the arrows it opens (tools/screenshots.py reaches the arrows through it)."""
    by_hex: dict[str, list[tuple[str, str, Action]]] = {}
    for aid, a in acts.items():
        if aid.startswith("gate:") and ">" in aid:
            h, _, ar = aid[5:].partition(">")
            if h in TABLE and ar in TABLE:
                by_hex.setdefault(h, []).append((ar, aid, a))
    out = []
    for h in sorted(by_hex, key=_hex_order):
        x, y = pos(h)
        arrows = []
        for ar, aid, a in by_hex[h]:
            ax, ay = pos(ar)
            ang = math.atan2(ay - y, ax - x)
            dx, dy = ARROW_AT * math.cos(ang), ARROW_AT * math.sin(ang)
            arrows.append(f'<g class="mk spot" data-action="{esc(aid)}" role="button" tabindex="0" '
                          f'aria-label="{esc(a.label or aid)}" transform="translate({x + dx:.1f},{y + dy:.1f})">'
                          f'<circle r="{ARROW_R:g}"/><use href="#cw-wedge" transform="rotate({math.degrees(ang):.0f}) '
                          f'scale(2.2)"/></g>')
            used.add(aid)
        out.append(f'<g class="gpick" id="cw-gpick-{h}" data-opens="cw-arrows-{h}" role="button" tabindex="0" '
                   f'aria-label="Gate Token on {h}: choose it, then its arrow ({len(arrows)} sides)">'
                   f'<use href="#cw-hit" fill="transparent" x="{x}" y="{y}"/><circle class="gp" cx="{x}" cy="{y}" r="7"/>'
                   f'</g><g class="arrows" id="cw-arrows-{h}" data-via="cw-gpick-{h}">{"".join(arrows)}</g>')
    return f'<g class="gate-spots">{"".join(out)}</g>' if out else ""


# A control on a hex (a marker, a hex with several choices, a Gate Token spot): the hex a little inset with its
# left and right corners cut off, so that two controls on neighbouring hexes never overlap (columns are 1.5 SIZE
# apart, a whole hex is 2 SIZE wide) and each is at least 24 px at the board zoom Legible (28 x 32 units).
HIT_HALF_W = SIZE * 0.75 - 1.0
OPT_W, OPT_H, OPT_GAP = 88.0, 24.0, 3.0     # one choice of a hex with several (24 units: 27 px at Legible)
OPT_WORDS = {"move": "move from", "attack": "attack from", "shell": "shell from", "wall": "Wall from",
             "place": "place from"}


@lru_cache(maxsize=1)
def hit_points() -> str:
    """The corners of a hex control's area round (0, 0) (:data:`HIT_HALF_W`).

    >>> hit_points()
    '-9.2,-16.0 9.2,-16.0 14.0,-7.8 14.0,7.8 9.2,16.0 -9.2,16.0 -14.0,7.8 -14.0,-7.8'
    """
    r = SIZE - 1.5
    top, cut = r * math.sqrt(3) / 2, (r - HIT_HALF_W) * math.sqrt(3)
    pts = [(-r / 2, -top), (r / 2, -top), (HIT_HALF_W, -cut), (HIT_HALF_W, cut), (r / 2, top), (-r / 2, top),
           (-HIT_HALF_W, cut), (-HIT_HALF_W, -cut)]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def _markers_svg(marks: dict, link: dict[str, int], acts: dict[str, Action], used: set[str],
                 box: tuple[float, float, float, float]) -> str:
    """The move/attack/shell/wall/place markers, one per id.  A hex with one is a marker filling the hex (its
    area ``#cw-hit``), grouped per source unit (``dests k<i>``: pointing at the unit lights up its markers).
    A hex with several is one control (``pick``, drawn with a small dot per choice round its centre: attack-like
    ones as diamonds, moves as dots, not colour alone) that opens the list of its choices (``choices``, each a
    button of its own, shown while the hex or one of them has the focus: a tap, a click or Tab), after every
    marker so that the list covers them; ``box``: the board's viewBox, which the list stays inside."""
    groups: dict = {}
    picks = []
    for dst in sorted(marks, key=_hex_order):
        lst = marks[dst]
        x, y = pos(dst)
        n = len(lst)
        if n == 1:
            src, aid, kind = lst[0]
            glyph, verb = MARKS[kind]
            shape = "dot" if kind in ("move", "place") else "dot dia"
            groups.setdefault(src, []).append(
                f'<g class="mk {kind} one" data-action="{esc(aid)}" role="button" tabindex="0" '
                f'aria-label="{esc(acts[aid].label or f"{verb} {src} to {dst}")}" transform="translate({x},{y})">'
                f'<use href="#cw-hit" class="hl"/><circle class="{shape}" r="7.5"/>'
                f'<text class="glyph" y="3.4">{glyph}</text></g>')
            used.add(aid)
            continue
        picks.append(_pick_svg(dst, lst, acts, used, box))
    out = dest_layer({f"k{link[src]}": items for src, items in groups.items()}) if groups else ""
    return out + (f'<g class="picks">{"".join(picks)}</g>' if picks else "")


def _pick_svg(dst: str, lst: list, acts: dict[str, Action], used: set[str],
              box: tuple[float, float, float, float]) -> str:
    """A hex with several choices: the control on the hex, then the list it opens (below the hex, or above it
    near the board's bottom edge; within the board's width)."""
    x, y = pos(dst)
    n = len(lst)
    pips = []
    dot = 4.5 if n <= 4 else 3.5
    rr = 9.0
    for i, (_src, _aid, kind) in enumerate(lst[:8]):
        ang = math.radians(-90 + 360 * i / min(n, 8))
        px, py = round(rr * math.cos(ang), 1), round(rr * math.sin(ang), 1)
        pips.append(f'<circle class="pip" cx="{px}" cy="{py}" r="{dot}"/>' if kind in ("move", "place") else
                    f'<rect class="pip dia" x="{px - dot * .8:.1f}" y="{py - dot * .8:.1f}" width="{dot * 1.6:.1f}" '
                    f'height="{dot * 1.6:.1f}" transform="rotate(45 {px} {py})"/>')
    bx, by, bw, bh = box
    total = n * OPT_H + (n - 1) * OPT_GAP
    top = y + HH / 2 - 2
    if top + total > by + bh - 2:
        top = max(by + 2, y - HH / 2 + 2 - total)
    cx = min(max(x, bx + OPT_W / 2 + 2), bx + bw - OPT_W / 2 - 2)
    opts, words = [], []
    for i, (src, aid, kind) in enumerate(lst):
        glyph, verb = MARKS[kind]
        label = acts[aid].label or f"{verb} {src} to {dst}"
        words.append(label)
        oy = top + i * (OPT_H + OPT_GAP) + OPT_H / 2
        opts.append(f'<g class="mk opt {kind}" data-action="{esc(aid)}" role="button" tabindex="0" '
                    f'aria-label="{esc(label)}" transform="translate({cx:.1f},{oy:.1f})">'
                    f'<rect class="pill" x="{-OPT_W / 2:g}" y="{-OPT_H / 2:g}" width="{OPT_W:g}" height="{OPT_H:g}" '
                    f'rx="6"/><text class="glyph" y="3.4">{glyph} {OPT_WORDS[kind]} {esc(src)}</text></g>')
        used.add(aid)
    name = f"{dst}: {n} choices ({'; '.join(words)}): choose the hex, then one of them"
    return (f'<g class="mk pick" id="cw-pick-{dst}" data-opens="cw-choices-{dst}" role="button" tabindex="0" '
            f'aria-label="{esc(name)}" transform="translate({x},{y})"><use href="#cw-hit" class="hl"/>{"".join(pips)}'
            f'</g><g class="choices" id="cw-choices-{dst}" data-via="cw-pick-{dst}">{"".join(opts)}</g>')


# ---------------------------------------------------------------- last moves
MARK_WORDS = {"move": "moved", "attack": "attacked", "counter": "counter attacked", "shell": "shelled",
              "selfdestruct": "blasted", "wall": "raised a Wall portal", "assassinate": "assassinated",
              "corrupt": "corrupted", "place": "placed", "gate": "placed a Gate Token", "grid": "placed",
              "portal": "opened a face-down portal", "reveal": "brought in", "destroyed": "destroyed",
              "salvage": "salvaged", "card": "played"}
LINE_KINDS = ("move", "attack", "counter", "shell", "selfdestruct", "wall", "assassinate", "corrupt", "place")


def mark_text(m: dict) -> str:
    """One last-move mark in words.

    >>> mark_text({"kind": "attack", "at": ["b3", "c4"], "text": "hit"})
    'attacked b3 → c4: hit'
    >>> mark_text({"kind": "card", "at": [], "text": "drew a card"})
    'drew a card'
    """
    kind, at, text = str(m.get("kind", "")), [str(a) for a in m.get("at") or []], str(m.get("text") or "")
    if kind == "card" and not at:
        return text if text.endswith("card") else f"played {text}"
    if kind in ("salvage", "assassinate", "corrupt") and len(at) < 2:
        return f"{text} ({at[0]})" if at else text
    where = " → ".join(at)
    if kind in ("attack", "counter", "shell", "selfdestruct"):
        return f"{MARK_WORDS[kind]} {where}: {text}" if text else f"{MARK_WORDS[kind]} {where}"
    if kind in ("move", "place", "reveal", "destroyed", "card", "assassinate", "corrupt", "grid"):
        return f"{MARK_WORDS[kind]} {text} {'in slot ' + where[1:] if kind == 'grid' else where}".replace("  ", " ")
    return f"{MARK_WORDS.get(kind, kind)} {where}".strip()


def _last_moves_svg(view: ClockworkView, names: list[str]) -> str:
    """Each seat's last move on the board in its colour until it moves again: arrows for moves (solid) and
    attacks (dashed, a cross at the target on a hit), a dashed ring on a hex where something came in, a
    cross on what was destroyed, a seat-coloured outline round a grid just placed."""
    marks = view.get("marks") or {}
    out = []
    for key in sorted(marks, key=str):
        p = int(key) if str(key).isdigit() else None
        pc = _seat_cls(p)
        for m in marks.get(key) or []:
            kind = m.get("kind")
            at = [str(a) for a in m.get("at") or []]
            if kind == "grid" and at and at[0] in SLOTS:
                out.append(f'<path class="lm slot-done {pc}" d="{slot_outline(at[0])}"/>')
                continue
            at = [a for a in at if a in TABLE]
            if kind in LINE_KINDS and len(at) >= 2 and at[0] != at[1]:
                (x, y), (ax, ay) = pos(at[0]), pos(at[1])
                d = math.hypot(ax - x, ay - y)
                pts = _arrow_points(x, y, ax, ay, min(8.0, d / 4), d - 9, 9, 6.5, 1.8)
                style = "solid" if kind in ("move", "place") else "dashed"
                out.append(f'<polygon class="lm arrow {style} {pc}" points="{pts}"/>')
            elif kind == "destroyed" and at:
                x, y = pos(at[0])
                out.append(f'<path class="lm cross {pc}" d="M{x - 9} {y - 9}L{x + 9} {y + 9}M{x + 9} {y - 9}L{x - 9} {y + 9}"/>')
            elif at and kind not in LINE_KINDS:
                x, y = pos(at[0] if kind == "gate" else at[-1])
                out.append(f'<use href="#cw-hl" class="lm ring {pc}" x="{x}" y="{y}"/>')
    return f'<g class="last-moves" aria-hidden="true">{"".join(out)}</g>' if out else ""


def _last_moves_html(view: ClockworkView, names: list[str]) -> str:
    """The same last moves in words, per player in seat order (for everyone, screen readers included)."""
    marks = view.get("marks") or {}
    rows = []
    for key in sorted(marks, key=lambda k: int(k) if str(k).isdigit() else 99):
        lst = marks.get(key) or []
        p = int(key) if str(key).isdigit() else None
        if not lst:
            continue
        words = "; ".join(esc(mark_text(m)) for m in lst[:12]) + (f"; and {len(lst) - 12} more" if len(lst) > 12 else "")
        rows.append(f'<li><span class="swatch {_seat_cls(p)}"></span><b>{esc(_name(names, p))}</b>: {words}</li>')
    if not rows:
        return ""
    return f'<details class="cw-last" open><summary>Last moves</summary><ul>{"".join(rows)}</ul></details>'


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
        shown = "".join(f"<li>{event_html(e, names)}</li>" for e in rolls[-4:])
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
    return f'<section class="cw-players" aria-label="Players">{"".join(rows)}{extra}</section>'


def _progress_html(view: ClockworkView, names: list[str]) -> str:
    """Who is winning: per player its Gate Tokens (the last player holding any wins) and its territories of
    all on the board (most territories wins at the round limit), in seat colours with names."""
    infos = [i for i in view.get("player_info") or [] if isinstance(i.get("seat"), int)]
    terrs = (view.get("board") or {}).get("territories") or []
    if not infos or not terrs:
        return ""
    total = len(terrs)
    keys = [(number(i.get("gates")) > 0, number(i.get("territories")), number(i.get("gates"))) for i in infos]
    best = max(keys)
    alone = keys.count(best) == 1                  # a tie leads nobody
    rows = []
    for i in infos:
        p = i.get("seat")
        t, g = number(i.get("territories")), number(i.get("gates"))
        lead = alone and (g > 0, t, g) == best and t > 0
        pct = round(100 * t / total) if total else 0
        state = " out" if i.get("out") else (" lead" if lead else "")
        rows.append(f'<li class="{_seat_cls(p)}{state}"><span class="who"><span class="swatch {_seat_cls(p)}">'
                    f'</span>{esc(_name(names, p))}{" <b>(leads)</b>" if lead else ""}'
                    f'{" <b>(out)</b>" if i.get("out") else ""}</span>'
                    f'<span class="bar" aria-hidden="true"><span style="width:{pct}%"></span></span>'
                    f'<span class="fig">{t}/{total} territories · {g} Gate Token{"s" * (g != 1)}</span></li>')
    limit = view.get("turn_limit")
    foot = ("The last player holding Gate Tokens wins"
            + (f"; at the round limit (turn {esc(limit)}) the most territories wins." if isinstance(limit, int)
               else "."))
    return (f'<section class="cw-progress" aria-label="Who is winning"><h3>Crusade</h3><ul>{"".join(rows)}</ul>'
            f'<p class="foot">{foot}</p></section>')


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
        btns = "".join(action_button(aid, f'<span class="sr-only">{esc(name)} portal at </span>{esc(h)}', cls="small",
                                     title=f"{a.label or aid} (Gate Token {gates.get(h, '?')})")
                       for h, aid, a in sorted(lst, key=lambda t: _hex_order(t[0])))
        rows.append(_choice_row(f"{esc(name)} <small>(cost {esc(cost)})</small>", lst, btns, used))
    return (f'<div class="cw-group portals"><h4>Create a face-down portal: unit, then the hex at a Gate Token\'s arrow'
            f'</h4>{"".join(rows)}</div>')


def _grid_picker(view: ClockworkView, acts: dict[str, Action]) -> str:
    """Grid placement, step one: pick a design (its terrain previewed); step two is on the board, where the
    slots it may take show it in place with a "Place here" button (web/clockwork.css shows the picked one's)."""
    by_design = _by_key(acts, "grid:")
    if not by_design:
        return ""
    rows = {d.get("key"): d.get("rows") or [] for d in (view.get("board") or {}).get("designs") or []}
    items = []
    for i, (k, lst) in enumerate(by_design.items()):
        name = lst[0][2].label.partition(" in slot")[0].removeprefix("Place ") if lst[0][2].label else k
        kid = _key(k)
        mini = (f'<svg class="mini" viewBox="0 0 59 60" aria-hidden="true">'
                f'{_mini_design(tuple(str(r) for r in rows.get(k) or []))}</svg>')
        items.append(f'<label class="gp-item"><input type="radio" name="cw-grid-pick" id="cw-pick-{kid}" '
                     f'value="{esc(k)}"{" checked" if i == 0 else ""}>{mini}<span>{esc(name)} '
                     f'<small>({len(lst)} slot{"s" * (len(lst) != 1)})</small></span></label>')
    return (f'<fieldset class="cw-group cw-gridpick"><legend>Place a Territory Grid: pick one, then '
            f'"Place here" in a highlighted slot on the board</legend><div class="gp-list">{"".join(items)}</div>'
            f'</fieldset>')


@lru_cache(maxsize=32)
def _mini_design(rows: tuple[str, ...]) -> str:
    """A small picture of a grid design (hexes of radius 6)."""
    out = []
    r = 6.0
    for y, line in enumerate(rows[:GRID_ROWS]):
        for x, ch in enumerate(str(line)[:GRID_COLS]):
            cx, cy = TABLE.center(TABLE.name(x, y), r, pad=1.0)
            pts = " ".join(f"{cx + (r - .4) * math.cos(math.radians(a)):.1f},{cy + (r - .4) * math.sin(math.radians(a)):.1f}"
                           for a in range(0, 360, 60))
            out.append(f'<polygon class="{TERRAIN_TINT.get(ch, "neutral")}" points="{pts}"/>')
    return "".join(out)


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

    ``actions`` are the legal actions of ``seat`` (shown only when ``interactive``).  Beside the board (under it
    on narrow screens): the turn, the open question and the current choices (``bs-actions``: the app keeps
    them in view on phones), then who is winning, the last moves, the players, the hand and the log.
    """
    acts = {a.id: a for a in actions} if interactive else {}
    used: set[str] = set()
    n = number(view.get("players"), len(names))
    names = seat_names(names, max(n, 2))
    svg = _board(view, acts, used, seat, names)
    picks = [_grid_picker(view, acts), _portal_buttons(view, acts, used)]
    ctl = [_prompt_html(view, acts, used, names)]
    hints = []
    if any(a.startswith("gate:") for a in acts):
        hints.append("Gate Token: choose a round button on a territory hex, then one of its arrows: the side "
                     "where your portals will come in.")
    if any(a.startswith(("move:", "attack:", "shell:", "wall:")) for a in acts):
        hints.append("Tap or focus one of your units to light up its moves (• dots) and targets (◆ ⚔ attack, "
                     "✹ shell, ▦ wall); then choose a marker.")
    if any(a.startswith("place:") for a in acts):
        hints.append("Choose a highlighted hex (⌂) for the new Building.")
    hand = _hand_html(view, acts, used, seat)
    groups: dict = {}
    for aid, a in acts.items():
        if aid in used:
            continue
        title = next((t for t, pred in GROUPS if pred(aid)), None) or (a.kind or "other").capitalize()
        groups.setdefault(title, []).append(action_button(aid, esc(a.label or aid),
                                                 cls="primary" if aid in ("end", "done") else "", title=""))
        used.add(aid)
    for title, btns in groups.items():
        ctl.append(f'<div class="cw-group"><h4>{esc(title)}</h4><div class="btns">{"".join(btns)}</div></div>')
    hint_html = "".join(f'<p class="hint">{esc(h)}</p>' for h in hints)
    controls = "".join(c for c in ctl if c)
    controls = f'<section class="cw-controls bs-actions" aria-label="Your choices">{controls}</section>' if controls else ""
    pick_html = "".join(c for c in picks if c)
    pick_html = f'<section class="cw-picks">{hint_html}{pick_html}</section>' if pick_html or hint_html else ""
    log_html = log_details("cw-log", view.get("log") or [], names=names)
    return (f'<div class="cw-game{" interactive" if interactive else ""}">'
            f'<div class="cw-board-wrap">{svg}{part("cw-details", _unit_details(view, seat, names))}</div>'
            f'<div class="cw-side">{_outcome_html(view, names)}{_steps_html(view, names)}{controls}{pick_html}'
            f'{_roll_html(view, names)}{part("cw-progress", _progress_html(view, names))}{_last_moves_html(view, names)}'
            f'{part("cw-players", _players_html(view, seat, names))}{hand}{part("cw-units", _units_table(view, seat, names))}'
            f'{part("cw-terr", _territories(view, names))}'
            f'{KEY_HTML}'
            f'{log_html}</div></div>')

"""Hex Battle renderer: a view dict and the legal actions -> one HTML fragment (inline SVG + panels).

Pure function of its inputs; it never imports the rules.  Every element whose
click applies a game action carries ``data-action="<action id>"``, and every
legal action appears at least once (actions the renderer has no special place
for fall back to plain buttons), so the board is playable with any view.

Board geometry (ARCHITECTURE.md): flat-topped hexes in odd-q offset
coordinates, 8 columns (a-h) by 16 rows (1-16), odd columns half a hex lower,
the centerline between rows 8 and 9.  Directions clockwise from up:
0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW; the edge facing direction ``d`` of a unit
has strength ``edges[(d - facing) % 6]``.  Hex names, neighbours, distances,
the 180-degree turn and the SVG positions come from the shared grid
(``hexgrid.GRID``, :class:`pyapp.engine.hexgrid.HexGrid`: geometry, not rules).
The log is a list of structured events (:mod:`pyapp.engine.log`), each
rendered with the seats' names; no log text is parsed.

Issue 16: each seat's last moves (the view's ``marks``) are drawn on the board in
the seat's colour with a shape that says what happened (an arrow for a step, a
dotted arrow for a shot, a clash for a fight, a cross for a removed unit, a
badge for health lost; seat 2's lines dashed) and listed in words beside it;
every board target (a unit to move or shoot with, a target, the hex ahead) is a
focusable button with an accessible name; the unit being moved or aiming, and
any unit tapped or focused, shows its details in a panel (web/hexbattle.css);
the panel of current choices carries ``bs-actions`` (the app's sticky bar on
phones).

>>> parse_hex("c5"), center(2, 4)
((2, 4), (150.0, 286.59))
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

from ...engine.hexgrid import corners
from ...ui.markup import action_button, esc, fold, log_details, memo, part, seat_names
from .hexgrid import CENTERLINE, COLS, DIRS, GRID, ROWS

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Iterable, Sequence

    from ...engine import Action
    from .types import CardView, HexBattleView, PendingView, UnitView

# the smallest board text in SVG units (web/hexbattle.css: coordinates, unit type and health; 13.5 on phones); the board's svg declares the width where it is 11 px
# (``--legible``: web/ui.css's board zoom)
MIN_FONT = 12.0
SIZE = 36.0                       # hex circumradius in SVG units
HH = SIZE * math.sqrt(3)          # hex height (flat-topped)
PAD = 6.0
BOARD_W = GRID.width(SIZE, pad=PAD)
BOARD_H = GRID.height(SIZE, pad=PAD)
TYPE_LETTER = {"infantry": "I", "cavalry": "C", "ranged": "R"}
TYPE_SHORT = {"infantry": "INF", "cavalry": "CAV", "ranged": "RNG"}     # the type in short (panels, tests)
# the type drawn on the unit: our own symbols of 10 x 10 units round (0, 0), in the unit's light ink: a shield
# (infantry), a horseshoe (cavalry), a bow with its arrow (ranged); the unit's name says the type in words
_CUT = 'fill="none" style="stroke: var(--hb-ink, #1f2328)" stroke-width="1.2"'     # the seat's colour, as a cut
_LINE = 'fill="none" stroke="#fff" stroke-linecap="round"'
TYPE_SYMBOLS = {          # (presentation attributes: the page's CSS does not reach into a <use>'s copy)
    "infantry": f'<path fill="#fff" d="M-4.2-4.8H4.2V-.2C4.2 2.9 1.7 4.4 0 5.1-1.7 4.4-4.2 2.9-4.2-.2Z"/>'
                f'<path {_CUT} d="M0-3.2V3.4M-2.8-1H2.8"/>',
    "cavalry": f'<path {_LINE} stroke-width="2.4" d="M-3.2 4.2V-.6A3.2 3.2 0 0 1 3.2-.6V4.2"/>'
               f'<path {_LINE} stroke-width="1.6" d="M-4.8 4.6H-1.8M1.8 4.6H4.8"/>',
    "ranged": f'<path {_LINE} stroke-width="1.8" d="M-2.6-4.8A7.2 7.2 0 0 1-2.6 4.8"/>'
              f'<path {_LINE} stroke-width=".8" d="M-2.6-4.8V4.8M-4.6 0H3"/><path fill="#fff" d="M5 0 2.2-2.2V2.2Z"/>',
}
# the seats apart without their colours: the second seat's units are hatched
EDGE_R = SIZE * 0.6               # the edge strengths' distance from the unit's centre
SEAT_STROKE = ("var(--hb-unit-p0)", "var(--hb-unit-p1)")    # the seats' colours: the palette in web/ui.css

MOVE_BUTTONS = (
    ("step", "Step forward", "↑"),
    ("step:ccw", "Step, then turn left", "↖"),
    ("step:cw", "Step, then turn right", "↗"),
    ("turn:ccw", "Turn left 60°", "↺"),
    ("turn:cw", "Turn right 60°", "↻"),
    ("stop", "Stop moving", "■"),
)


def parse_hex(name: str) -> tuple[int, int]:
    """``"c5"`` -> ``(2, 4)`` (column index, row index); ValueError if not a hex on the board."""
    cr = GRID.parse(name)
    if cr is None:
        raise ValueError(f"not a hex on the board: {name!r}")
    return cr


def center(col: int, row: int, *, row0: int = 0) -> tuple[float, float]:
    """SVG centre of a hex; ``row0`` shifts the grid up (the builder draws rows 9-16 only)."""
    return GRID.center(GRID.name(col, row - row0), SIZE, pad=PAD)


def _edge_mid(d: int, r: float) -> tuple[float, float]:
    a = math.radians(-90 + 60 * d)
    return round(r * math.cos(a), 1), round(r * math.sin(a), 1)


@lru_cache(maxsize=1)
def defs() -> str:
    """Shapes shared by every hex and unit (placed with ``<use>``)."""
    ur = SIZE * 0.9
    # front edge of a unit pointing N: the top edge of the unit hexagon, plus an arrow head
    x1, y = ur * 0.5, -ur * math.sqrt(3) / 2
    front = (f'<g id="hb-front"><line class="front-edge" x1="{-x1:.1f}" y1="{y:.1f}" x2="{x1:.1f}" y2="{y:.1f}"/>'
             f'<path class="front-arrow" d="M0 {y - 6:.1f} L6 {y + 0.5:.1f} L-6 {y + 0.5:.1f} Z"/></g>')
    arrows = "".join(f'<marker id="hb-arrow-p{i}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4.5" '
                     f'markerHeight="4.5" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z" style="fill:{c}"/></marker>'
                     for i, c in enumerate(SEAT_STROKE))
    return (f'<defs><polygon id="hb-cell" points="{corners(SIZE)}"/>'
            f'<polygon id="hb-unit" points="{corners(ur)}"/>'
            f'<polygon id="hb-hl" points="{corners(SIZE - 2)}"/>'
            f'<polygon id="hb-hit" points="{hit_points()}"/>{front}{arrows}'
            + "".join(f'<symbol id="hb-t-{t}" viewBox="-5 -5 10 10" overflow="visible">{d}</symbol>'
                      for t, d in TYPE_SYMBOLS.items())
            + '<pattern id="hb-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
              '<rect width="2.2" height="6" fill="#fff" fill-opacity=".2"/></pattern></defs>')


# A board target's hit area: its hex (a little inset) with the left and right corners cut off, so that the boxes of
# two targets on neighbouring hexes never overlap (columns are 1.5 SIZE apart; a whole hex is 2 SIZE wide):
# it spans HIT_HALF_W each side of the centre and the hex's height less 2 units each side.
HIT_HALF_W = SIZE * 0.75 - 1.0


@lru_cache(maxsize=1)
def hit_points() -> str:
    """The corners of a board target's hit area round (0, 0) (:data:`HIT_HALF_W`).

    >>> hit_points()
    '-17.0,-29.4 17.0,-29.4 26.0,-13.9 26.0,13.9 17.0,29.4 -17.0,29.4 -26.0,13.9 -26.0,-13.9'
    """
    r = SIZE - 2
    top, cut = r * math.sqrt(3) / 2, (r - HIT_HALF_W) * math.sqrt(3)
    pts = [(-r / 2, -top), (r / 2, -top), (HIT_HALF_W, -cut), (HIT_HALF_W, cut), (r / 2, top), (-r / 2, top),
           (-HIT_HALF_W, cut), (-HIT_HALF_W, -cut)]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def cells(rows: Iterable[int] = range(ROWS), *, row0: int = 0, nav_prefix: str | None = None, labels: bool = True,
          flip: bool = False) -> str:
    """The empty grid (cached: it never changes); see :func:`_cells`."""
    return _cells(tuple(rows), row0, nav_prefix, labels, flip)


@lru_cache(maxsize=16)
def _cells(rows: tuple[int, ...], row0: int, nav_prefix: str | None, labels: bool, flip: bool) -> str:
    """The empty grid; with ``nav_prefix`` each cell is a ``data-nav="<prefix><hex>"`` target (army builder).

    ``rows`` are screen rows; with ``flip`` the board is seen from the other side (labels name the real hexes).
    """
    out = []
    for row in rows:
        half = "top" if row < CENTERLINE else "home"
        for col in range(COLS):
            x, y = center(col, row, row0=row0)
            name = GRID.rotate180(GRID.name(col, row)) if flip else GRID.name(col, row)
            nav = f' data-nav="{nav_prefix}{name}"' if nav_prefix else ""
            out.append(f'<use href="#hb-cell" class="cell half-{half}" x="{x}" y="{y}"{nav}/>')
            if labels:
                out.append(f'<text class="coord" x="{x}" y="{y - HH / 2 + 14:.1f}">{name}</text>')
    return "".join(out)


@lru_cache(maxsize=1)
def centerline() -> str:
    """The line between the two halves."""
    pts = []
    last = CENTERLINE - 1                 # the row above the line
    for col in range(COLS):
        x, y = center(col, last)
        pts.append(f"{x - SIZE / 2:.1f},{y + HH / 2:.1f} {x + SIZE / 2:.1f},{y + HH / 2:.1f}")
    x0, y0 = center(0, last)
    x7, y7 = center(COLS - 1, last)
    return (f'<polyline class="centerline" points="{x0 - SIZE:.1f},{y0:.1f} {" ".join(pts)} '
            f'{x7 + SIZE:.1f},{y7:.1f}"/>')


def unit_title(u: UnitView, owner_name: str = "") -> str:
    facing = DIRS[int(u.get("facing", 0)) % 6]
    armor = u.get("armor")
    rng = u.get("range")
    edges = u.get("edges") or [0] * 6
    return (f"{u.get('name', '?')} ({u.get('type', '?')}{', ' + owner_name if owner_name else ''}) at {u.get('hex', '?')}"
            f" · health {u.get('health')}/{u.get('max_health', u.get('health'))} · speed {u.get('speed')}"
            f" · armor {armor if armor is not None else '-'} · range {rng if rng is not None else '-'}"
            f" · {u.get('points')} pts · front {facing} · edges from front clockwise {'/'.join(str(e) for e in edges)}")


def unit_label(u: UnitView, owner_name: str = "") -> str:
    """A unit in words for a screen reader: ``Ann's Spearwall (infantry) on c10, health 4 of 6, facing N``."""
    who = f"{owner_name}'s " if owner_name else ""
    return (f"{who}{u.get('name', '?')} ({u.get('type', '?')}) on {u.get('hex', '?')}, health {u.get('health')} of "
            f"{u.get('max_health', u.get('health'))}, facing {DIRS[int(u.get('facing', 0)) % 6]}")


def unit_class(u: UnitView) -> str:
    """The CSS class naming one unit (``u0-3`` for id ``0.3``): its details panel shows when it has focus."""
    return "u" + re.sub(r"[^A-Za-z0-9]", "-", str(u.get("id", "")))


@memo                         # (a unit that did not move or change is not drawn again: about 11 at every update)
def unit_svg(u: UnitView, x: float, y: float, *, owner_name: str = "", extra_cls: str = "", flip: bool = False,
             focusable: bool = False) -> str:
    """One unit: body coloured by owner, front edge marked, the 6 edge strengths at their current edges.

    With ``flip`` (board seen from the other side) every direction on screen is turned by 180 degrees.
    """
    facing = (int(u.get("facing", 0)) + (3 if flip else 0)) % 6
    edges = list(u.get("edges") or [0] * 6)
    owner = u.get("owner", 0)
    utype = u.get("type", "infantry")
    cls = " ".join(c for c in ("unit", f"p{owner}", str(utype), extra_cls) if c)
    # every unit, a rival's too, takes the focus (Tab) and is read by its name; its details show in the panel
    focus = (f' tabindex="0" role="img" aria-label="{esc(unit_title(u, owner_name))}" data-key="hb-{esc(unit_class(u))}"'
             f' data-unit="{esc(unit_class(u))}"' if focusable else "")
    parts = [f'<g class="{esc(cls)}" transform="translate({x},{y})"{focus}>',
             f"<title>{esc(unit_title(u, owner_name))}</title>",
             '<use href="#hb-unit" class="body"/>' + ('<use href="#hb-unit" class="hatch"/>' if owner == 1 else ""),
             f'<use href="#hb-front" class="front" transform="rotate({facing * 60})"/>']
    for d in range(6):
        k = (d - facing) % 6
        ex, ey = _edge_mid(d, EDGE_R)
        cls = "edge front" if k == 0 else "edge"
        if k == 0:                        # dark on a yellow chip: legible on either army's colour
            parts.append(f'<rect class="front-chip" x="{ex - 7.5:.1f}" y="{ey - 7.5:.1f}" width="15" height="15" rx="3"/>')
        parts.append(f'<text class="{cls}" x="{ex}" y="{ey + 4.6:.1f}">{esc(edges[k] if k < len(edges) else "?")}</text>')
    # the unit's type and health: one label, kept upright as a whole when the board is drawn sideways
    health, max_h = u.get("health"), u.get("max_health", u.get("health"))
    hurt = " hurt" if isinstance(health, int) and isinstance(max_h, int) and health < max_h else ""
    sym = (f'<use class="utype" href="#hb-t-{utype}" x="-8" y="-16" width="16" height="16"/>'
           if utype in TYPE_SYMBOLS else '<text class="utype" y="-2.5">?</text>')
    parts.append(f'<g class="ulabel bs-upright">{sym}'
                 f'<rect class="hp-bg{hurt}" x="-10" y="1" width="20" height="14" rx="7"/>'
                 f'<text class="uhp{hurt}" y="12.3">{esc(health)}</text></g>')
    parts.append("</g>")
    return "".join(parts)


# ---------------------------------------------------------------- panels
def _card_actions(card: CardView) -> str:
    items = []
    for a in card.get("actions") or []:
        do = a.get("do", "?") if isinstance(a, dict) else str(a)
        label = {"move": "Move a unit", "ranged": "Ranged attack"}.get(do, do)
        if isinstance(a, dict):
            notes = []
            if a.get("only"):
                notes.append(f"{a['only']} only")
            if a.get("limit"):
                notes.append(f"up to {a['limit']} MP")
            if a.get("within"):
                notes.append(f"target within {a['within']}")
            if notes:
                label += f" ({', '.join(notes)})"
        items.append(f"<li>{esc(label)}</li>")
    return f'<ul class="card-actions">{"".join(items)}</ul>'


_SEAT_REF = re.compile(r"\bP([1-9])\b")


def named(text: str, names: Sequence[str]) -> str:
    """An outcome's reason names players as P1 and P2 (the rules know no names); a player reads the
    seat's name.  (The app calls this for the game-over banner; the log needs no such parsing.)

    >>> named("P2 draws 5 card(s). P1 passes.", ["Ann", "Bot"])
    'Bot draws 5 card(s). Ann passes.'
    """
    return _SEAT_REF.sub(lambda m: names[int(m.group(1)) - 1] if int(m.group(1)) <= len(names) else m.group(0),
                         str(text))


def card_html(card: CardView, *, action: str | None = None, cls: str = "", title: str = "") -> str:
    """A card: cost in the top corner, name, its actions, text.  Clickable when ``action`` is given."""
    act = f' data-action="{esc(action)}" role="button" tabindex="0"' if action else ""
    t = f' title="{esc(title)}"' if title else ""
    return (f'<div class="card {cls}{" clickable" if action else ""}"{act}{t}>'
            f'<span class="card-cost" title="cost">{esc(card.get("cost", "?"))}</span>'
            f'<span class="card-name">{esc(card.get("name", "?"))}</span>'
            f"{_card_actions(card)}"
            f'<span class="card-text">{esc(card.get("text", ""))}</span></div>')


def _num(v: object, default: int = 0) -> int | float:
    """``v`` if it is a number, else ``default`` (a bool counts as a number here, unlike ``markup.number``)."""
    return v if isinstance(v, (int, float)) else default


def render(view: HexBattleView, actions: list[Action], *, seat: int | None, names: list[str],
           interactive: bool) -> str:
    """The whole Hex Battle game area for ``view`` (one seat's view or the spectator's).

    ``actions`` are the legal actions of ``seat`` (shown only when ``interactive``).  Every legal
    action is reachable: ``used`` collects the ids placed on the board, the hand and the controls,
    and the controls add a button for any other.
    """
    acts = {a.id: a for a in actions} if interactive else {}
    used: set[str] = set()
    names = seat_names(names, 2)
    units = [u for u in view.get("units") or [] if u.get("hex")]
    pending: PendingView | dict = view.get("pending") or {}
    first = view.get("first")
    marks = view.get("marks") if isinstance(view.get("marks"), dict) else {}
    # a seat that is not the first player sees the board turned 180 degrees, its own army at the bottom
    flip = isinstance(seat, int) and isinstance(first, int) and seat != first
    board = _board_svg(units, pending, acts, used, names, seat, flip, marks)
    hand = _hand_html(view, pending, acts, used)
    hand_acts = any(k.startswith(("play:", "pay:", "unpay:")) for k in acts)
    return (f'<div class="hb-game{" interactive" if interactive else ""}" data-table>'
            f'<div class="hb-board-wrap" data-board data-tall style="--tall: {BOARD_H / BOARD_W:.4f}">{board}</div>'
            f'<div class="hb-side" data-side><div class="hb-play">{_turn_line(view, names)}'
            f'{_controls_html(view, pending, acts, used, hand if hand_acts else "")}'
            f'{_detail_html(units, pending, names)}{_last_html(marks, names)}</div>'
            f'{"" if hand_acts else hand}{_status_html(view, units, names, seat)}{_units_table(units)}'
            f'{_discards_html(view, names)}'
            f'{log_details("hb-log", view.get("log") or [], names=names)}'
            '</div></div>')


def _owner_name(u: UnitView | dict, names: list[str]) -> str:
    owner = u.get("owner", 0)
    return names[owner] if isinstance(owner, int) and 0 <= owner < len(names) else ""


def _board_svg(units: list, pending, acts: dict, used: set, names: list[str], seat: int | None,
               flip: bool, marks: dict | None = None) -> str:
    """The battlefield: cells, the range being aimed at, last moves, units, and the hexes to click
    (each a focusable button with an accessible name, in screen order)."""
    sel_hex = pending.get("unit")
    aim_hex = pending.get("aim")

    def pos(name: str) -> tuple[float, float]:
        return _hex_pos(name, flip)

    side = f", seen from {names[seat]}'s side" if isinstance(seat, int) and 0 <= seat < len(names) else ""
    svg = [f'<svg class="hb-board{" flipped" if flip else ""}" viewBox="0 0 {BOARD_W:.0f} {BOARD_H:.0f}" role="group" '
           f'style="--legible: {int(BOARD_W * 11 / MIN_FONT) + 1}px" '
           f'aria-label="Hex Battle battlefield, 8 by 16 hexes{esc(side)}">', part("hb-defs", defs()),
           part("hb-cells", f'<g class="hb-cells">{cells(flip=flip)}{centerline()}</g>')]
    if aim_hex and any(k.startswith("shoot:") for k in acts):
        svg += [f'<use href="#hb-hl" class="in-range" x="{x}" y="{y}"/>'
                for x, y in (pos(h) for h in _in_range(units, pending, aim_hex))]
    under, over = _marks_svg(marks or {}, pos)
    svg.append(under)
    for u in units:
        try:
            x, y = pos(u["hex"])
        except (ValueError, KeyError, TypeError):
            continue
        extra = " ".join(c for c, on in (("selected", u["hex"] == sel_hex), ("aiming", u["hex"] == aim_hex)) if on)
        svg.append(part(f"hb-{unit_class(u)}",
                        unit_svg(u, x, y, owner_name=_owner_name(u, names), extra_cls=extra, flip=flip, focusable=True)))
    svg.append(over)
    targets: list[tuple[float, float, str]] = []
    by_hex = {u.get("hex"): u for u in units}
    # forward-step hex, clickable
    if sel_hex and "step" in acts:
        mover = by_hex.get(sel_hex)
        ahead = GRID.step(sel_hex, int(mover.get("facing", 0))) if mover else None
        if ahead:
            x, y = pos(ahead)
            label = f"Step forward to {ahead}"
            targets.append((y, x, _target("step", "step", x, y, label)))
    # unit / aim / shoot targets
    for aid, a in acts.items():
        kind, _, target = aid.partition(":")
        if kind not in ("unit", "aim", "shoot") or not target:
            continue
        try:
            x, y = pos(target)
        except ValueError:
            continue
        used.add(aid)
        label = a.label or aid
        u = by_hex.get(target)
        if u is not None:                                  # the unit's state, for a screen reader
            label += f" ({u.get('health')} of {u.get('max_health', u.get('health'))} health, facing " \
                     f"{DIRS[int(u.get('facing', 0)) % 6]})"
        targets.append((y, x, _target(kind, aid, x, y, label)))
    svg += [t for _y, _x, t in sorted(targets, key=lambda t: (t[0], t[1]))]     # tab order: top to bottom
    svg.append("</svg>")
    return "".join(svg)


@lru_cache(maxsize=512)
def _hex_pos(name: str, flip: bool) -> tuple[float, float]:
    """The centre of hex ``name`` on the drawn board (turned when ``flip``); ValueError for a hex off the board."""
    parse_hex(name)
    return GRID.center(GRID.rotate180(name) if flip else name, SIZE, pad=PAD)


def _target(kind: str, aid: str, x: float, y: float, label: str) -> str:
    """A hex to click: its highlight (the whole hex, drawn for the eye only), then the button itself, whose hit
    area (``#hb-hit``) keeps clear of the neighbouring hexes' (web/ui.css: ``.hl-ring``, ``.hl``)."""
    return (f'<use href="#hb-hl" class="hl-ring hl-{kind}" x="{x}" y="{y}"/>'
            f'<g class="hl hl-{kind}" data-action="{esc(aid)}" transform="translate({x},{y})" role="button" '
            f'tabindex="0" aria-label="{esc(label)}"><title>{esc(label)}</title><use href="#hb-hit" class="hit"/></g>')


def _seat_of(key: object) -> int | None:
    try:
        seat = int(str(key))
    except ValueError:
        return None
    return seat if seat in (0, 1) else None


def _marks_svg(marks: dict, pos) -> tuple[str, str]:
    """Each seat's last moves on the board (under the units, and over them), ``mark mark-p<seat>``:
    an arrow from where a unit stepped from, an outline where it turned, a clash between fighters, a
    dotted arrow from shooter to target, a badge with the health lost, a cross where a unit was removed."""
    under: list[str] = []
    over: list[str] = []
    for key, entries in sorted(marks.items()):
        seat = _seat_of(key)
        if seat is None or not isinstance(entries, list):
            continue
        for m in entries:
            if not isinstance(m, dict) or not isinstance(m.get("at"), list) or not m["at"]:
                continue
            kind = str(m.get("kind", ""))
            try:
                pts = [pos(str(h)) for h in m["at"]]
            except ValueError:
                continue
            cls = f'class="mark mark-p{seat} mark-{esc(kind)}" aria-hidden="true"'
            (x1, y1), (x2, y2) = pts[0], pts[-1]
            if kind in ("move", "shoot") and len(pts) >= 2:
                dx, dy = x2 - x1, y2 - y1
                dist = math.hypot(dx, dy) or 1.0
                trim_start = 0.0 if kind == "move" else 14.0
                trim_end = 26.0 if kind == "move" else 20.0
                sx, sy = x1 + dx * trim_start / dist, y1 + dy * trim_start / dist
                ex, ey = x2 - dx * trim_end / dist, y2 - dy * trim_end / dist
                line = (f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" class="halo"/>'
                        f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" class="path" '
                        f'marker-end="url(#hb-arrow-p{seat})"/>')
                if kind == "move":
                    under.append(f'<g {cls}><use href="#hb-hl" class="from" x="{x1}" y="{y1}"/>{line}</g>')
                else:
                    over.append(f'<g {cls}>{line}</g>')
            elif kind == "fight" and len(pts) >= 2:
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                star = " ".join(f"{mx + r * math.cos(math.radians(a * 36 - 90)):.1f},"
                                f"{my + r * math.sin(math.radians(a * 36 - 90)):.1f}"
                                for a, r in ((a, 9.0 if a % 2 == 0 else 4.0) for a in range(10)))
                over.append(f'<g {cls}><polygon class="clash" points="{star}"/></g>')
            elif kind == "hit":
                bx, by = x1 + 17, y1 - 19
                over.append(f'<g {cls}><rect class="badge" x="{bx - 11:.1f}" y="{by - 8:.1f}" width="22" height="16" '
                            f'rx="8"/><text class="badge-text" x="{bx:.1f}" y="{by + 4.5:.1f}">'
                            f'{esc(str(m.get("text", ""))).replace("-", "−")}</text></g>')
            elif kind == "remove":
                d = 12
                under.append(f'<g {cls}><use href="#hb-hl" class="from" x="{x1}" y="{y1}"/>'
                             f'<path class="cross" d="M{x1 - d:.1f} {y1 - d:.1f} L{x1 + d:.1f} {y1 + d:.1f} '
                             f'M{x1 + d:.1f} {y1 - d:.1f} L{x1 - d:.1f} {y1 + d:.1f}"/></g>')
            else:                                           # a turn in place (or anything else placed)
                over.append(f'<g {cls}><use href="#hb-hl" class="ring" x="{x1}" y="{y1}"/></g>')
    return "".join(under), "".join(over)


def _mark_words(entries: list) -> list[str]:
    """A seat's marks in words, consecutive steps joined into one path (``c12 → c11 → c10``)."""
    out: list[str] = []
    path: list[str] = []

    def flush() -> None:
        if path:
            out.append("moved " + " → ".join(path))
            path.clear()
    for m in entries:
        if not isinstance(m, dict):
            continue
        kind, at, text = str(m.get("kind", "")), [str(h) for h in m.get("at") or []], str(m.get("text", ""))
        if kind == "move" and len(at) >= 2:
            if path and path[-1] == at[0]:
                path.append(at[-1])
            else:
                flush()
                path.extend([at[0], at[-1]])
            continue
        flush()
        if kind == "play":
            out.append(f"played {text}")
        elif kind == "draw":
            out.append(f"drew {text}")
        elif kind == "turn" and at:
            out.append(f"turned on {at[0]} to face {text}")
        elif kind == "fight" and len(at) >= 2:
            out.append(f"fought {at[0]} against {at[1]}")
        elif kind == "shoot" and len(at) >= 2:
            out.append(f"shot from {at[0]} at {at[1]}")
        elif kind == "hit" and at:
            out.append(f"{at[0]} lost {text.lstrip('-')} health")
        elif kind == "remove" and at:
            out.append(f"destroyed {text} on {at[0]}")
        elif at or text:
            out.append(" ".join([kind] + at + ([text] if text else [])))
    flush()
    return out


def _last_html(marks: dict, names: list[str]) -> str:
    """Each seat's last moves in words, beside the board under the choices (marked on it in the seat's colour)."""
    items = []
    for key, entries in sorted(marks.items()):
        seat = _seat_of(key)
        if seat is None or not isinstance(entries, list):
            continue
        words = _mark_words(entries)
        if words:
            items.append(f'<li class="p{seat}"><span class="swatch p{seat}" aria-hidden="true"></span>'
                         f'<strong>{esc(names[seat])}</strong>: {esc("; ".join(words))}.</li>')
    if not items:
        return '<section class="hb-last empty" aria-label="Last moves"></section>'
    return (f'<section class="hb-last" aria-label="Last moves"><h3>Last moves</h3><ul>{"".join(items)}</ul>'
            '</section>')


def _turn_line(view: HexBattleView, names: list[str]) -> str:
    """Round, whose turn, actions left (HB-UI-12): both players' first turns are round 1."""
    active = view.get("active")
    if view.get("phase", "") == "over" or view.get("outcome") or active is None:
        return ""
    turn = view.get("turn")
    rnd = view.get("round", (turn + 1) // 2 if isinstance(turn, int) else "?")
    who = names[active] if isinstance(active, int) and 0 <= active < len(names) else "?"
    return (f'<div class="turn-line">Round {esc(rnd)} · <strong>{esc(who)}</strong>'
            f' to play · actions left: {esc(view.get("actions_left", "?"))}</div>')


EDGE_WORDS = ("front", "front-right", "back-right", "back", "back-left", "front-left")


def _detail_html(units: list, pending, names: list[str]) -> str:
    """Every unit's details (hidden); the one being moved or aiming is shown, and the one a player taps
    or focuses on the board replaces it (web/hexbattle.css).  What a hover title showed, for touch too."""
    current = pending.get("unit") or pending.get("aim")
    blocks = [_unit_detail(u, u.get("hex") == current, _owner_name(u, names)) for u in units]
    hint = "" if current else '<p class="ud-hint">Tap or click a unit on the board to see its details here.</p>'
    return f'<section class="hb-detail" aria-label="Unit details">{hint}{"".join(blocks)}</section>'


@memo
def _unit_detail(u: UnitView, current: bool, owner_name: str) -> str:
    """One unit's details (a part), ``current`` when it is the one being moved or aiming."""
    edges = list(u.get("edges") or [])
    armor, rng = u.get("armor"), u.get("range")
    facts = [("Type", u.get("type")), ("Hex", u.get("hex")),
             ("Health", f"{u.get('health')} of {u.get('max_health', u.get('health'))}"),
             ("Speed", u.get("speed")), ("Armor", armor if armor is not None else "none"),
             ("Range", rng if rng is not None else "none"), ("Points", u.get("points")),
             ("Facing", DIRS[int(u.get("facing", 0)) % 6])]
    dl = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in facts)
    edge_items = "".join(f"<li><span>{esc(EDGE_WORDS[k])}</span> <strong>{esc(e)}</strong></li>"
                         for k, e in enumerate(edges[:6]))
    cur = " current" if current else ""
    owner = u.get("owner", 0)
    return part(f"hb-d{unit_class(u)}", f'<div class="ud {esc(unit_class(u))} p{esc(owner)}{cur}"><div class="ud-name">'
                f'<span class="swatch p{esc(owner)}" aria-hidden="true"></span>{esc(u.get("name", "?"))} '
                f'<small>({esc(owner_name)})</small></div><dl>{dl}</dl>'
                f'<ul class="ud-edges" aria-label="edge strengths">{edge_items}</ul></div>')


def _in_range(units: list, pending, aim_hex: str) -> list[str]:
    """The hexes within the aiming unit's range, capped by the card's distance (HB-UI-16)."""
    shooter = next((u for u in units if u.get("hex") == aim_hex), None)
    reach = shooter.get("range") if shooter else None
    steps = (pending.get("card") or {}).get("actions") or []
    step_i = pending.get("step")
    if isinstance(step_i, int) and 0 <= step_i < len(steps) and isinstance(steps[step_i], dict):
        within = steps[step_i].get("within")
        if isinstance(within, int) and isinstance(reach, int):
            reach = min(reach, within)
    if not isinstance(reach, int):
        return []
    return [h for h in (GRID.name(col, row) for col in range(COLS) for row in range(ROWS))
            if 1 <= GRID.distance(aim_hex, h) <= reach]


def _status_html(view: HexBattleView, units: list, names: list[str], seat: int | None) -> str:
    """Both players (deck, hand, discard, units, points lost), the turn and who went first."""
    first = view.get("first")
    active = view.get("active")
    deck = view.get("deck") or [0, 0]
    hand_count = view.get("hand_count") or [0, 0]
    discard = view.get("discard") or [[], []]
    lost = view.get("lost") or [0, 0]
    armies = view.get("names") or ["", ""]
    over = view.get("phase", "") == "over" or bool(view.get("outcome"))
    pl = []
    for i in range(2):
        n_units = sum(1 for u in units if u.get("owner") == i)
        badges = []
        if first == i:
            badges.append('<span class="badge first">went first</span>')
        if active == i and not over:
            badges.append('<span class="badge turn">to play</span>')
        if seat == i:
            badges.append('<span class="badge you">you</span>')
        army = armies[i] if i < len(armies) and armies[i] else ""
        if army:
            army_html = f'<div class="parmy">{esc(army)}</div>' + (_army_cards_html(view, i) if over else "")
        else:              # the opponent's army stays secret until the end (HB-ARMY-2)
            army_html = '<div class="parmy hidden"><em>army kept secret until the end</em></div>'
        pl.append(part(f"hb-player{i}",      # (kept while that player's figures stand)
            f'<div class="player p{i}{" active" if active == i and not over else ""}">'
            f'<div class="pname"><span class="swatch p{i}"></span>{esc(names[i])} {"".join(badges)}</div>'
            + army_html
            + f'<dl class="pstats"><dt>Deck</dt><dd class="deck-count">{esc(_num(deck[i] if i < len(deck) else 0))}</dd>'
            f'<dt>Hand</dt><dd class="hand-count">{esc(_num(hand_count[i] if i < len(hand_count) else 0))}</dd>'
            f'<dt>Discard</dt><dd class="discard-count">{len(discard[i]) if i < len(discard) else 0}</dd>'
            f'<dt>Units</dt><dd>{n_units}</dd>'
            f'<dt>Lost</dt><dd class="lost">{esc(_num(lost[i] if i < len(lost) else 0))}/20 pts</dd></dl></div>'))
    first_line = (f'<div class="first-line">{esc(names[first])} was chosen at random to go first.</div>'
                  if isinstance(first, int) and first < len(names) else "")
    return f'<section class="hb-status">{first_line}<div class="players">{"".join(pl)}</div></section>'


def _army_cards_html(view: HexBattleView, i: int) -> str:
    """Seat ``i``'s card list, once the view reveals it (at the end)."""
    lists = view.get("army_cards") or []
    cards = lists[i] if i < len(lists) and isinstance(lists[i], list) else None
    if not cards:
        return ""
    total = sum(_num(c.get("count")) for c in cards)
    items = "".join(f'<li>{esc(c.get("count", "?"))} × {esc(c.get("name", "?"))} <small>({esc(c.get("cost", "?"))})</small></li>'
                    for c in cards)
    return f'<details class="parmy-cards"><summary>Its {esc(total)} cards</summary><ul>{items}</ul></details>'


def _playing_html(view: HexBattleView, pending, acts: dict) -> str:
    """The card being played: payment so far, the action being resolved, movement points left."""
    pcard = pending.get("card") if isinstance(pending.get("card"), dict) else None
    if not pcard:
        return ""
    phase = view.get("phase", "")
    pay_ids = {aid for aid in acts if aid.startswith(("pay:", "unpay:")) and aid != "pay:ok"}
    cost = _num(pcard.get("cost"))
    paid_total = _num(pending.get("paid_total"))
    info = []
    if pay_ids or "pay:ok" in acts or phase == "pay":
        ok = "enough" if paid_total >= cost else "short"
        info.append(f'<div class="pay-total {ok}">Paid <strong>{esc(paid_total)}</strong> of cost '
                    f'<strong>{esc(cost)}</strong> — select cards from your hand to discard.</div>')
        # HB-GAP-28: any payment that reaches the cost is accepted; say when a card could be kept
        by_id = {c.get("id"): c for c in (view.get("hand") or [])}
        spare = [by_id[cid] for cid in pending.get("paid") or [] if cid in by_id
                 and paid_total - _num(by_id[cid].get("cost")) >= cost]
        if paid_total >= cost and spare:
            keep = max(spare, key=lambda c: _num(c.get("cost")))
            info.append(f'<div class="pay-hint">More than needed: you could keep '
                        f'<strong>{esc(keep.get("name", "?"))}</strong>.</div>')
    steps = pcard.get("actions") or []
    step_i = pending.get("step")
    if isinstance(step_i, int) and 0 <= step_i < len(steps) and phase != "pay":
        step = steps[step_i]
        do = step.get("do") if isinstance(step, dict) else step
        what = {"move": "move a unit", "ranged": "ranged attack"}.get(do, do) if isinstance(do, str) else do
        info.append(f'<div class="step-line">Action {step_i + 1} of {len(steps)}: {esc(what)}</div>')
    sel_hex = pending.get("unit")
    if pending.get("mp_left") is not None and sel_hex:
        info.append(f'<div class="mp">Movement points left: <strong class="mp-left">'
                    f'{esc(pending.get("mp_left"))}</strong> (unit at {esc(sel_hex)})</div>')
    return (f'<div class="now-playing"><div class="np-label">Playing</div>'
            f'{card_html(pcard, cls="pending")}<div class="np-info">{"".join(info)}</div></div>')


def _controls_html(view: HexBattleView, pending, acts: dict, used: set, hand: str = "") -> str:
    """The panel of current choices (``bs-actions``: the app keeps it in view on phones): the card being
    played, hints, the movement buttons, a button for every other legal action, and the hand when its
    cards are the choices (playing or paying)."""
    ctl = []
    playing = _playing_html(view, pending, acts)
    if playing:
        ctl.append(playing)
    move_btns = [action_button(aid, f'<span class="ico">{ico}</span> {esc(label)}', cls="move", title=acts[aid].label)
                 for aid, label, ico in MOVE_BUTTONS if aid in acts]
    used.update(aid for aid, _l, _i in MOVE_BUTTONS if aid in acts)
    if move_btns:
        mp = pending.get("mp_left")
        mp_html = f'<span class="mp-chip">MP left: <strong>{esc(mp)}</strong></span>' if mp is not None else ""
        ctl.append(f'<div class="move-controls">{mp_html}{"".join(move_btns)}</div>')
    buttons = []
    for aid, label, klass in (("pay:ok", "Pay", "primary"), ("skip", "Skip this action", ""),
                              ("cancel", "Cancel", ""), ("draw", "Draw 5 cards", "primary")):
        if aid in acts:
            buttons.append(action_button(aid, esc(label), cls=klass, title=acts[aid].label))
            used.add(aid)
    for prefix, hint in (("unit:", "Choose a highlighted unit to move."),
                         ("aim:", "Choose a highlighted ranged unit to shoot with."),
                         ("shoot:", "Choose a highlighted enemy unit in range as the target.")):
        if any(k.startswith(prefix) for k in acts):
            ctl.append(f'<div class="hint">{hint}</div>')
    for aid, a in acts.items():                        # anything else: every legal action stays reachable
        if aid not in used:
            buttons.append(action_button(aid, esc(a.label or aid), cls="other"))
            used.add(aid)
    if buttons:
        ctl.append(f'<div class="action-row">{"".join(buttons)}</div>')
    if hand:
        ctl.append(hand)
    return (f'<section class="hb-controls bs-actions" aria-label="Your choices">{"".join(ctl)}</section>'
            if ctl else "")


def _hand_html(view: HexBattleView, pending, acts: dict, used: set) -> str:
    """The seat's hand: cards to play, to pay with or paid, and cards it cannot afford now."""
    hand = view.get("hand")
    if not isinstance(hand, list):
        return ""
    pcard = pending.get("card") if isinstance(pending.get("card"), dict) else None
    cards = []
    pid = pcard.get("id") if pcard else None
    paid = set(pending.get("paid") or [])
    for c in hand:
        cid = c.get("id")
        if cid == pid:
            continue
        action: str | None = None
        card_cls = ""
        for aid, klass in ((f"unpay:{cid}", "paid"), (f"pay:{cid}", "payable"), (f"play:{cid}", "playable")):
            if aid in acts:
                action, card_cls = aid, klass
                break
        if action is None and cid in paid:
            card_cls = "paid"
        elif action is None and any(k.startswith("play:") for k in acts):
            card_cls = "unplayable"                 # not enough other cards to pay for it now
        if action:
            used.add(action)
        cards.append(card_html(c, action=action, cls=card_cls, title=acts[action].label if action else ""))
    # the card being played is shown above, not here: the count is of the cards below
    return (f'<section class="hb-hand"><h3>Your hand ({len(cards)})</h3>'
            f'<div class="cards">{"".join(cards) or "<p class=empty>No cards in hand.</p>"}</div></section>')


def _units_table(units: list) -> str:
    """Every unit on the field with its figures (what a touch screen cannot hover for)."""
    rows = [_unit_row(u) for u in sorted(units, key=lambda u: (u.get("owner", 0), str(u.get("hex"))))]
    return part("hb-units", '<details class="hb-units" open><summary>Units</summary><table><thead><tr><th>Unit</th>'
                '<th>Type</th><th>Hex</th><th>Health</th><th>Speed</th><th>Armor</th><th>Range</th><th>Pts</th><th>Front</th>'
                f'<th title="edge strengths from the front, clockwise">Edges</th></tr></thead><tbody>{"".join(rows)}</tbody>'
                "</table></details>")


@memo
def _unit_row(u: UnitView) -> str:
    """A unit's row of the units table: a part, so a hit sends that unit's row, not the table."""
    owner = u.get("owner", 0)
    return (part(
        f"hb-r{unit_class(u)}", f'<tr class="p{esc(owner)}"><td><span class="swatch p{esc(owner)}"></span>{esc(u.get("name"))}</td>'
        f'<td>{esc(u.get("type"))}</td><td>{esc(u.get("hex"))}</td>'
        f'<td>{esc(u.get("health"))}/{esc(u.get("max_health", u.get("health")))}</td><td>{esc(u.get("speed"))}</td>'
        f'<td>{esc(u.get("armor") if u.get("armor") is not None else "–")}</td>'
        f'<td>{esc(u.get("range") if u.get("range") is not None else "–")}</td><td>{esc(u.get("points"))}</td>'
        f'<td>{esc(DIRS[int(u.get("facing", 0)) % 6])}</td>'
        f'<td class="edges">{esc("/".join(str(e) for e in u.get("edges") or []))}</td></tr>'))


def _discards_html(view: HexBattleView, names: list[str]) -> str:
    """Both discard piles, newest first (public: HB-SET-5)."""
    return part("hb-discards", fold("hb-discards", "hb-discards", "Discard piles",     # (closed: its summary only)
                                    lambda: _discards(view.get("discard") or [[], []], names)))


@memo
def _discards(discard: list, names: list[str]) -> str:
    disc = []
    for i in range(2):
        pile = discard[i] if i < len(discard) else []
        items = "".join(f"<li>{esc(c.get('name', '?'))} <small>({esc(c.get('cost', '?'))})</small></li>"
                        for c in reversed(pile[-30:]))
        disc.append(f'<div class="pile"><h4>{esc(names[i])}: discard ({len(pile)})</h4><ol>{items}</ol></div>')
    return "".join(disc)

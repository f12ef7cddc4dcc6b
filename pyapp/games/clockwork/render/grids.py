"""The table's grid slots and the Territory Grids: which slots the board shows and its viewBox, the empty slots'
outlines, each design previewed where it may go with its "Place here" button, and the picker of designs beside
the board."""
from __future__ import annotations

import math
from functools import lru_cache

from ....ui.markup import esc
from ..geometry import GRID_COLS, GRID_ROWS, SLOTS, TABLE, slot_neighbours, slot_origin
from .shared import BOARD_H, BOARD_W, HH, PAD, SIZE, by_key, hex_edge, pos

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from ..types import BoardView, ClockworkView


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
    """The outline of ``slot``'s hexes (its real zigzag edge, so it never covers a neighbouring slot), hex by hex
    in reading order (the same path in every process)."""
    cells = set(slot_cells(slot))
    out = []
    for h in slot_cells(slot):
        x, y = pos(h)
        for d, n in enumerate(TABLE.neighbours(h)):
            if n not in cells:
                out.append(hex_edge(x, y, d))
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


def slots_svg(board: BoardView | dict, slots: list[str]) -> str:
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


def design_key(k: object) -> str:
    """A design key as a class/id fragment (letters, digits and dashes only)."""
    return "".join(ch for ch in str(k) if ch.isalnum() or ch == "-")[:32] or "x"


def designs_defs(board: BoardView | dict) -> str:
    """Each design left to place, once, in slot s1's place (placed with ``<use>`` in every legal slot)."""
    out = []
    for d in board.get("designs") or []:
        x0, y0 = pos("a1")
        out.append(f'<g id="cw-prev-{design_key(d.get("key"))}">'
                   f'{_design_svg(tuple(str(r) for r in d.get("rows") or []), x0 - SIZE, y0 - HH / 2)}</g>')
    return f'<defs>{"".join(out)}</defs>' if out else ""


def grid_spots_svg(board: BoardView | dict, slots: list[str], acts: dict[str, Action], used: set[str]) -> str:
    """Grid placement on the board: for each design (the one picked in the panel is shown), its terrain
    previewed in every slot it may take, with a "place here" button inside the slot."""
    by_design = by_key(acts, "grid:")
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
            items.append(f'<use href="#cw-prev-{design_key(k)}" class="prev" x="{sx - a1x:.1f}" y="{sy - a1y:.1f}"/>'
                         f'<g class="mk gslot" data-action="{esc(aid)}" role="button" tabindex="0" '
                         f'aria-label="{esc(label)}"><rect x="{cx - 62:.1f}" y="{cy - 16:.1f}" width="124" '
                         f'height="32" rx="8"/><text x="{cx:.1f}" y="{cy + 4.5:.1f}">Place here</text></g>')
            used.add(aid)
        out.append(f'<g class="gslots d-{design_key(k)}">{"".join(items)}</g>')
    return f'<g class="grid-spots">{"".join(out)}</g>' if out else ""


def grid_picker(view: ClockworkView, acts: dict[str, Action]) -> str:
    """Grid placement, step one: pick a design (its terrain previewed); step two is on the board, where the
    slots it may take show it in place with a "Place here" button (web/clockwork.css shows the picked one's)."""
    by_design = by_key(acts, "grid:")
    if not by_design:
        return ""
    rows = {d.get("key"): d.get("rows") or [] for d in (view.get("board") or {}).get("designs") or []}
    items = []
    for i, (k, lst) in enumerate(by_design.items()):
        name = lst[0][2].label.partition(" in slot")[0].removeprefix("Place ") if lst[0][2].label else k
        kid = design_key(k)
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

"""The placed grids' hexes: territories tinted by their controller, water and neutral hexes, the borders,
the coordinates, and the rings on hexes that matter now (an attack being resolved, a portal's spot)."""
from __future__ import annotations

from functools import lru_cache

from ....ui import markup
from ....ui.markup import part
from ..geometry import TABLE
from .shared import HH, hex_edge, pos, seat_cls

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from ..types import BoardView, ClockworkView, PendingView, RollData


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
                borders.append(hex_edge(x, y, d))
            elif kind != "territory" and other is None:
                borders.append(hex_edge(x, y, d))
    return tuple(cells), "".join(borders), tuple(labels)


@lru_cache(maxsize=16)
def _cells_svg(key: tuple, ctrl: tuple[tuple[str, int], ...]) -> str:
    """The hexes of one arrangement, each territory tinted by its controller (remembered: it seldom changes)."""
    terr_ctrl = dict(ctrl)
    out = []
    for _h, x, y, kind, terr in _terrain(key)[0]:
        c = terr_ctrl.get(terr) if terr else None
        cls = f"cell {kind}" + (f" ctl {seat_cls(c)}" if isinstance(c, int) else "")
        out.append(f'<use href="#cw-cell" class="{cls}" x="{x}" y="{y}"/>')
    return "".join(out)


def terrain_svg(board: BoardView | dict, view: ClockworkView | dict, acts: dict[str, Action]) -> str:
    """The hexes (coloured by their territory's controller), the borders, the coordinates of the free hexes
    (a piece's own label says where it is) and the grid names."""
    hexes = board.get("hexes") or {}
    terr_ctrl = {t.get("id"): t.get("controller") for t in board.get("territories") or []}
    key = tuple((h, (v or {}).get("kind"), (v or {}).get("territory")) for h, v in sorted(hexes.items()))
    taken = ({u.get("hex") for u in view.get("units") or []} | {g.get("hex") for g in view.get("gates") or []}
             | {p.get("hex") for p in view.get("portals") or []})
    taken.update(aid[5:].partition(">")[0] for aid in acts if aid.startswith("gate:"))
    ctrl = tuple(sorted((str(t), c) for t, c in terr_ctrl.items() if isinstance(c, int)))
    # (drawn once per arrangement, control and set of occupied hexes: most updates change none of them)
    draw = _terrain_drawn.__wrapped__ if markup.MEMO_OFF else _terrain_drawn
    return draw(key, ctrl, frozenset(h for h in taken if h in hexes))


@lru_cache(maxsize=32)
def _terrain_drawn(key: tuple, ctrl: tuple[tuple[str, int], ...], taken: frozenset) -> str:
    """:func:`terrain_svg`'s markup for one arrangement of grids (``key``), control of its territories and set of
    hexes with a piece on them."""
    _cells, borders, labels = _terrain(key)
    cells = _cells_svg(key, ctrl)
    out = [part("cw-cells", f'<g class="cw-cells">{cells}</g>')]
    if borders:
        out.append(part("cw-borders", f'<path class="borders" d="{borders}"></path>'))
    # a group per column of the table (a part each), so a piece that moves resends one or two columns' labels,
    # not all of them (6.6 K)
    cols: dict[str, list[str]] = {}
    for h, t in labels:
        if h not in taken:
            cols.setdefault(h.rstrip("0123456789"), []).append(t)
    out.append(part("cw-coords", '<g class="coords" aria-hidden="true">' + "".join(
        part(f"cw-coords-{c}", f'<g>{"".join(ts)}</g>') for c, ts in cols.items()) + '</g>'))
    return "".join(out)


def rings_svg(view: ClockworkView, acts: dict[str, Action], hexes: dict) -> str:
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

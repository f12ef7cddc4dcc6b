"""What every part of the Clockwork Crusade renderer shares: the board's hex geometry (a hex's centre, edges,
reading order, an arrow's outline), the seats' names and colour classes, and the grouping of ``<key>@<target>``
action ids."""
from __future__ import annotations

import math
from functools import lru_cache

from ..geometry import TABLE

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action

# the smallest board text in SVG units (web/clockwork.css: coordinates, unit names and stats, markers' glyphs); the board's svg declares the width where it is 11 px
# (``--legible``: web/ui.css's board zoom)
MIN_FONT = 9.5
SIZE = 20.0                       # hex circumradius in SVG units
HH = SIZE * math.sqrt(3)          # hex height (flat-topped)
PAD = 6.0
BOARD_W = TABLE.width(SIZE, pad=PAD)
BOARD_H = TABLE.height(SIZE, pad=PAD)
MIN_TEXT = 9.5                    # the smallest board text in SVG units: 11 px and more at 1366 px wide (checked)


@lru_cache(maxsize=512)
def pos(h: str) -> tuple[float, float]:
    """SVG centre of the hex named ``h`` (cached); ValueError for a name off the table.

    >>> pos("x15")
    (716.0, 525.62)
    """
    if h not in TABLE:
        raise ValueError(f"not a hex of the table: {h!r}")
    return TABLE.center(h, SIZE, pad=PAD)


def hex_order(h: str) -> tuple[int, int]:
    """Row first, then column: reading order on the board (names off the table first)."""
    cr = TABLE.parse(h)
    return (-1, -1) if cr is None else cr[::-1]


def seat_cls(p: object) -> str:
    return f"cw-p{p}" if isinstance(p, int) and 0 <= p < 6 else "cw-pn"


def hex_edge(x: float, y: float, d: int) -> str:
    """The edge of the hex at (x, y) facing direction ``d`` (0 N clockwise) as a path segment."""
    a1, a2 = math.radians(-120 + 60 * d), math.radians(-60 + 60 * d)
    return (f"M{x + SIZE * math.cos(a1):.1f} {y + SIZE * math.sin(a1):.1f}"
            f"L{x + SIZE * math.cos(a2):.1f} {y + SIZE * math.sin(a2):.1f}")


def name_of(names: list[str], p: object) -> str:
    return names[p] if isinstance(p, int) and 0 <= p < len(names) else "?"


@lru_cache(maxsize=2048)
def arrow_points(x: float, y: float, ax: float, ay: float, r0: float, r1: float, head: float, half: float,
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


def by_key(acts: dict[str, Action], prefix: str) -> dict[str, list[tuple[str, str, Action]]]:
    """Actions ``<prefix><key>@<target>`` grouped by key, in order: {key: [(target, id, action), ...]}."""
    out: dict[str, list[tuple[str, str, Action]]] = {}
    for aid, a in acts.items():
        if aid.startswith(prefix) and "@" in aid:
            key, _, target = aid[len(prefix):].rpartition("@")
            out.setdefault(key, []).append((target, aid, a))
    return out

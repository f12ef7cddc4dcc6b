"""Hex grids: flat-topped hexes in odd-q offset layout, named like ``c5`` (column letter, row number).

One grid serves every hex game (Hex Battle's 8 x 16 field, Clockwork's 24 x 15
table, Cloudspire's islands).  Column index ``c`` and row index ``r`` start at 0;
odd columns sit half a hex lower; row 0 is the top of the screen.  Directions
are numbered clockwise from up: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.  A grid may
leave out hexes (``cells``) for maps that are not rectangles.

>>> g = HexGrid(8, 16)
>>> g.parse("c5"), g.name(2, 4)
((2, 4), 'c5')
>>> g.step("c5", 0), g.neighbours("a1")
('c4', (None, None, 'b1', 'a2', None, None))
>>> sorted(g.adjacent("b2"))
['a2', 'a3', 'b1', 'b3', 'c2', 'c3']
>>> g.distance("a1", "a4"), g.distance("a1", "c2"), g.direction("c5", "d5")
(3, 2, 2)
>>> g.rotate180("a1")
'h16'
>>> sorted(g.between("a1", "a4"))
['a2', 'a3']
>>> HexGrid(3, 3, cells=["a1", "b1"]).hexes
('a1', 'b1')

SVG geometry (``size`` is the circumradius, ``pad`` the margin):

>>> g.center("a1", 10, pad=0)
(10.0, 8.66)
>>> g.center("b1", 10, pad=0)
(25.0, 17.32)
>>> g.width(10, pad=0), g.height(10, pad=0)
(125.0, 285.79)
>>> corners(10)
'10.0,0.0 5.0,8.66 -5.0,8.66 -10.0,0.0 -5.0,-8.66 5.0,-8.66'
"""
from __future__ import annotations

LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
SQRT3 = 1.7320508075688772
# (column step, row step) for each direction, for even and for odd columns
_EVEN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_ODD = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def corners(size: float) -> str:
    """The six corners of a flat-topped hex of circumradius ``size`` around (0, 0), as SVG points."""
    h = size * SQRT3 / 2
    pts = ((size, 0.0), (size / 2, h), (-size / 2, h), (-size, 0.0), (-size / 2, -h), (size / 2, -h))
    return " ".join(f"{round(x, 2) + 0.0},{round(y, 2) + 0.0}" for x, y in pts)


def _cube(c: int, r: int) -> tuple:
    z = r - (c - (c & 1)) // 2
    return c, -c - z, z


def _round_cube(x: float, y: float, z: float) -> tuple:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


class HexGrid:
    """A grid of ``cols`` x ``rows`` hexes (or only ``cells`` of it); tables are built once."""

    def __init__(self, cols: int, rows: int, cells=None) -> None:
        if not 0 < cols <= len(LETTERS) or rows <= 0:
            raise ValueError(f"a hex grid has 1-{len(LETTERS)} columns and at least one row")
        self.cols, self.rows = cols, rows
        every = [f"{LETTERS[c]}{r + 1}" for r in range(rows) for c in range(cols)]
        keep = set(every) if cells is None else set(cells)
        unknown = keep - set(every)
        if unknown:
            raise ValueError(f"cells off a {cols} x {rows} grid: {sorted(unknown)}")
        self.hexes: tuple = tuple(h for h in every if h in keep)
        self._pos = {h: (LETTERS.index(h[0]), int(h[1:]) - 1) for h in self.hexes}
        self._cube = {h: _cube(*cr) for h, cr in self._pos.items()}
        self._near = {h: tuple(self._name_if((c + dc, r + dr))
                               for dc, dr in (_ODD if c & 1 else _EVEN))
                      for h, (c, r) in self._pos.items()}
        self._by_cube = {v: h for h, v in self._cube.items()}
        self._adj = {h: tuple(n for n in near if n is not None) for h, near in self._near.items()}

    def _name_if(self, cr) -> str | None:
        c, r = cr
        if 0 <= c < self.cols and 0 <= r < self.rows:
            h = f"{LETTERS[c]}{r + 1}"
            return h if h in self._pos else None
        return None

    # ---- names ------------------------------------------------------------
    def name(self, col: int, row: int) -> str:
        return f"{LETTERS[col]}{row + 1}"

    def parse(self, h) -> tuple | None:
        """``"c5"`` -> ``(2, 4)``; None if ``h`` is not a hex of this grid."""
        return self._pos.get(h) if isinstance(h, str) else None

    def __contains__(self, h) -> bool:
        return isinstance(h, str) and h in self._pos

    # ---- neighbours, distance, lines -------------------------------------------
    def neighbours(self, h: str) -> tuple:
        """The six neighbours of ``h`` in direction order, None where the grid has no hex."""
        return self._near[h]

    def adjacent(self, h: str) -> tuple:
        """The neighbours of ``h`` that exist, clockwise from north (from a table)."""
        return self._adj[h]

    def step(self, h: str, direction: int) -> str | None:
        """The neighbour of ``h`` in ``direction`` (0 N .. 5 NW), or None."""
        return self._near[h][direction % 6]

    def direction(self, a: str, b: str) -> int | None:
        """The direction from ``a`` to its neighbour ``b`` (None if not adjacent)."""
        near = self._near[a]
        return near.index(b) if b in near else None

    def distance(self, a: str, b: str) -> int:
        ax, ay, az = self._cube[a]
        bx, by, bz = self._cube[b]
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def between(self, a: str, b: str) -> frozenset:
        """Hexes strictly between ``a`` and ``b`` that the straight line through their centres
        touches; a line running along an edge touches both hexes of that edge."""
        n = self.distance(a, b)
        if n <= 1:
            return frozenset()
        ax, ay, az = self._cube[a]
        bx, by, bz = self._cube[b]
        out = set()
        for e in (1e-6, -1e-6):
            sx, sy, sz = ax + e, ay + 2 * e, az - 3 * e
            for i in range(1, n):
                t = i / n
                h = self._by_cube.get(_round_cube(sx + (bx - ax) * t, sy + (by - ay) * t, sz + (bz - az) * t))
                if h is not None:
                    out.add(h)
        out.discard(a)
        out.discard(b)
        return frozenset(out)

    def within(self, h: str, reach: int) -> list:
        """Every hex at distance 1..``reach`` from ``h``."""
        return [x for x in self.hexes if 0 < self.distance(h, x) <= reach]

    def rotate180(self, h: str) -> str:
        """Point reflection through the grid's centre."""
        c, r = self._pos[h]
        return self.name(self.cols - 1 - c, self.rows - 1 - r)

    # ---- SVG geometry ----------------------------------------------------------
    def center(self, h: str, size: float, *, pad: float = 0.0) -> tuple:
        """Centre of ``h`` for hexes of circumradius ``size``, the grid's top-left at (pad, pad)."""
        c, r = self._pos[h] if isinstance(h, str) else h
        hh = size * SQRT3
        return (round(pad + size + c * size * 1.5, 2), round(pad + hh / 2 + r * hh + (hh / 2 if c & 1 else 0), 2))

    def width(self, size: float, *, pad: float = 0.0) -> float:
        return round(pad * 2 + size * 2 + (self.cols - 1) * size * 1.5, 2)

    def height(self, size: float, *, pad: float = 0.0) -> float:
        hh = size * SQRT3
        return round(pad * 2 + hh * self.rows + (hh / 2 if self.cols > 1 else 0), 2)

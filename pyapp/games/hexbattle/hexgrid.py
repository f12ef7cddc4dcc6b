"""The Hex Battle battlefield (HB-BF-*, HB-GAP-8): the shared grid at 8 x 16 and its two halves.

The geometry (flat-topped hexes in odd-q offset, named ``c5``; directions
clockwise from up: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW) is
:class:`pyapp.engine.hexgrid.HexGrid`.  What is Hex Battle's own: 8 columns
(``a``-``h``) by 16 rows (``1``-``16``), and the centerline between rows 8 and
9 (row indices 7 and 8) that splits the field into two 8 x 8 halves; each
army deploys in its home half (rows 9-16 in the builder, HB-DEP-4).

>>> GRID.parse("c5"), GRID.step("c5", 0), GRID.distance("a1", "a4")
((2, 4), 'c4', 3)
>>> half("a8"), half("a9"), GRID.rotate180("a9")
(0, 1, 'h8')
"""
from __future__ import annotations

from ...engine.hexgrid import DIRECTIONS, HexGrid

COLS, ROWS = 8, 16
GRID = HexGrid(COLS, ROWS)
DIRS = DIRECTIONS                      # direction names, 0 N .. 5 NW
CENTERLINE = ROWS // 2                 # the first row index below the centerline (row 9)
HOME_ROWS = range(CENTERLINE, ROWS)    # the half an army is built in (row indices 8-15)


def _cr(h: str) -> tuple[int, int]:
    """``(column, row)`` of ``h``; ValueError if it is not a hex of the battlefield."""
    cr = GRID.parse(h)
    if cr is None:
        raise ValueError(f"not a hex on the battlefield: {h!r}")
    return cr[0], cr[1]


def half(h: str) -> int:
    """0 for the top half (rows 1-8), 1 for the bottom (home) half (rows 9-16)."""
    return 0 if _cr(h)[1] < CENTERLINE else 1


def cube(h: str) -> tuple[int, int, int]:
    """Cube coordinates ``(x, y, z)`` of ``h`` (x + y + z == 0), for the bots' sense of direction.

    >>> cube("a1"), cube("b1"), cube("c5")
    ((0, 0, 0), (1, -1, 0), (2, -5, 3))
    """
    c, r = _cr(h)
    z = r - (c - (c & 1)) // 2
    return c, -c - z, z

"""The Hex Battle battlefield geometry (HB-BF-*, HB-GAP-8).

Flat-topped hexes in odd-q offset coordinates: 8 columns (``a``-``h``) by 16
rows (``1``-``16``).  Column index ``c`` 0-7, row index ``r`` 0-15; odd
columns sit half a hex lower.  The centerline runs between row indices 7 and
8.  Directions are numbered clockwise from up: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.

>>> name(parse("c5")) == "c5"
True
>>> neighbor((2, 4), 0)
(2, 3)
>>> distance(parse("a1"), parse("a4"))
3
"""
from __future__ import annotations

COLS, ROWS = 8, 16
LETTERS = "abcdefgh"
DIRS = ("N", "NE", "SE", "S", "SW", "NW")
# cube-coordinate steps for flat-topped hexes, in direction order
_CUBE = ((0, 1, -1), (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0))


def name(cr) -> str:
    c, r = cr
    return f"{LETTERS[c]}{r + 1}"


def parse(text: str):
    """``"c5"`` -> ``(2, 4)``; None if it is not a battlefield hex."""
    if not isinstance(text, str) or len(text) < 2 or text[0] not in LETTERS or not text[1:].isdigit():
        return None
    c, r = LETTERS.index(text[0]), int(text[1:]) - 1
    return (c, r) if on_board((c, r)) and text[1] != "0" else None


def on_board(cr) -> bool:
    c, r = cr
    return 0 <= c < COLS and 0 <= r < ROWS


def half(cr) -> int:
    """0 for the top half (rows 1-8), 1 for the bottom (home) half (rows 9-16)."""
    return 0 if cr[1] < ROWS // 2 else 1


def to_cube(cr):
    c, r = cr
    z = r - (c - (c & 1)) // 2
    return (c, -c - z, z)


def from_cube(x, y, z):
    return (x, z + (x - (x & 1)) // 2)


def neighbor(cr, d: int):
    x, y, z = to_cube(cr)
    dx, dy, dz = _CUBE[d % 6]
    return from_cube(x + dx, y + dy, z + dz)


def distance(a, b) -> int:
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def direction_to(a, b):
    """The direction from hex ``a`` to adjacent hex ``b``, or None if not adjacent."""
    for d in range(6):
        if neighbor(a, d) == b:
            return d
    return None


def rotate180(cr):
    """Point reflection through the battlefield's centre (HB-GAP-9)."""
    return (COLS - 1 - cr[0], ROWS - 1 - cr[1])


ALL_HEXES = tuple((c, r) for r in range(ROWS) for c in range(COLS))
CUBE_OF = {name(cr): to_cube(cr) for cr in ALL_HEXES}    # hex name -> cube coordinates
# hex name -> the names of its six neighbours in direction order (None off the battlefield)
NEIGHBORS = {name(cr): tuple(name(n) if on_board(n) else None for n in (neighbor(cr, d) for d in range(6)))
             for cr in ALL_HEXES}


def name_distance(a: str, b: str) -> int:
    """Distance between two hexes given by name (fast path for bots and range checks)."""
    ax, ay, az = CUBE_OF[a]
    bx, by, bz = CUBE_OF[b]
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))

"""Hex geometry for Clockwork Crusade (pure functions on hex ids).

The board is a table of 4 x 3 slots; each slot holds one Territory Grid of
6 columns x 5 rows, so the whole table is 24 columns (``a``-``x``) by 15 rows
(``1``-``15``).  Hexes are flat-topped in odd-q offset layout: odd columns sit
half a hex lower.  ``e4`` is column index 4, row index 3.  Distance is the
number of hex steps (CC-MAT-7, CC-GAP-27).

>>> distance("a1", "b1"), distance("a1", "c2"), sorted(neighbours("b2"))
(1, 2, ['a2', 'a3', 'b1', 'b3', 'c2', 'c3'])
"""
from __future__ import annotations

from functools import lru_cache

GRID_COLS, GRID_ROWS = 6, 5
SLOT_COLS, SLOT_ROWS = 4, 3
COLS, ROWS = GRID_COLS * SLOT_COLS, GRID_ROWS * SLOT_ROWS
LETTERS = "abcdefghijklmnopqrstuvwxyz"
SLOTS = tuple(f"s{i}" for i in range(1, SLOT_COLS * SLOT_ROWS + 1))

# Directions clockwise from up: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
_EVEN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_ODD = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def hex_id(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


@lru_cache(maxsize=None)
def parse(h: str) -> tuple:
    """``'e4'`` -> ``(4, 3)``; raises ValueError for a hex off the table."""
    if not isinstance(h, str) or len(h) < 2 or h[0] not in LETTERS or not h[1:].isdigit():
        raise ValueError(f"not a hex: {h!r}")
    c, r = LETTERS.index(h[0]), int(h[1:]) - 1
    if not (0 <= c < COLS and 0 <= r < ROWS):
        raise ValueError(f"hex off the table: {h!r}")
    return c, r


@lru_cache(maxsize=None)
def neighbours(h: str) -> tuple:
    """The (up to six) hexes of the table sharing an edge with ``h``, clockwise from north."""
    c, r = parse(h)
    out = []
    for dc, dr in (_ODD if c & 1 else _EVEN):
        cc, rr = c + dc, r + dr
        if 0 <= cc < COLS and 0 <= rr < ROWS:
            out.append(hex_id(cc, rr))
    return tuple(out)


def direction(a: str, b: str) -> int | None:
    """Direction index (0 N .. 5 NW) from ``a`` to its neighbour ``b``."""
    c, r = parse(a)
    bc, br = parse(b)
    for i, (dc, dr) in enumerate(_ODD if c & 1 else _EVEN):
        if (c + dc, r + dr) == (bc, br):
            return i
    return None


@lru_cache(maxsize=None)
def cube(h: str) -> tuple:
    c, r = parse(h)
    x, z = c, r - (c - (c & 1)) // 2
    return x, -x - z, z


def _from_cube(x: int, z: int) -> tuple:
    return x, z + (x - (x & 1)) // 2


@lru_cache(maxsize=None)
def distance(a: str, b: str) -> int:
    ax, ay, az = cube(a)
    bx, by, bz = cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def _round(x: float, y: float, z: float) -> tuple:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


@lru_cache(maxsize=65536)
def between(a: str, b: str) -> frozenset:
    """Hexes strictly between ``a`` and ``b`` that the straight line through their
    centres touches; a line running along an edge touches both hexes of that edge
    (CC-GAP-46)."""
    n = distance(a, b)
    if n <= 1:
        return frozenset()
    ax, ay, az = cube(a)
    bx, by, bz = cube(b)
    out = set()
    for e in (1e-6, -1e-6):
        sx, sy, sz = ax + e, ay + 2 * e, az - 3 * e
        for i in range(1, n):
            t = i / n
            x, _y, z = _round(sx + (bx - ax) * t, sy + (by - ay) * t, sz + (bz - az) * t)
            c, r = _from_cube(x, z)
            if 0 <= c < COLS and 0 <= r < ROWS:
                out.add(hex_id(c, r))
    out.discard(a)
    out.discard(b)
    return frozenset(out)


def slot_origin(slot: str) -> tuple:
    i = SLOTS.index(slot)
    return (i % SLOT_COLS) * GRID_COLS, (i // SLOT_COLS) * GRID_ROWS


def slot_neighbours(slot: str) -> tuple:
    """Slots sharing a side with ``slot`` in the 4 x 3 table."""
    i = SLOTS.index(slot)
    x, y = i % SLOT_COLS, i // SLOT_COLS
    out = []
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        if 0 <= x + dx < SLOT_COLS and 0 <= y + dy < SLOT_ROWS:
            out.append(SLOTS[(y + dy) * SLOT_COLS + x + dx])
    return tuple(out)


def grid_hexes(rows, slot: str) -> dict:
    """hex id -> design character for a grid design placed in ``slot``."""
    ox, oy = slot_origin(slot)
    return {hex_id(ox + c, oy + r): ch for r, line in enumerate(rows) for c, ch in enumerate(line)}

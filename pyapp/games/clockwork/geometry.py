"""Clockwork Crusade's own geometry on the shared hex grid (:mod:`pyapp.engine.hexgrid`).

The board is a table of 4 x 3 slots; each slot holds one Territory Grid of
6 columns x 5 rows, so the whole table is ``TABLE = HexGrid(24, 15)``: columns
``a``-``x``, rows ``1``-``15``, flat-topped hexes in odd-q offset layout (odd
columns sit half a hex lower; ``e4`` is column index 4, row index 3).
Distance is the number of hex steps (CC-MAT-7, CC-GAP-27); the line of fire
between two hexes is every hex the straight line through their centres
touches, both hexes of an edge it runs along (CC-GAP-46).

Bots and the rules ask for distances and lines of fire in their inner loops,
so :func:`adjacent`, :func:`distance` and :func:`line_of_fire` are the table's own, remembered.

>>> distance("a1", "b1"), distance("a1", "c2"), sorted(adjacent("b2"))
(1, 2, ['a2', 'a3', 'b1', 'b3', 'c2', 'c3'])
>>> sorted(line_of_fire("a3", "c3")), slot_origin("s6"), slot_neighbours("s1")
(['b2', 'b3'], (6, 5), ('s2', 's5'))
"""
from __future__ import annotations

from functools import lru_cache

from ...engine.hexgrid import HexGrid

GRID_COLS, GRID_ROWS = 6, 5
SLOT_COLS, SLOT_ROWS = 4, 3
COLS, ROWS = GRID_COLS * SLOT_COLS, GRID_ROWS * SLOT_ROWS
SLOTS = tuple(f"s{i}" for i in range(1, SLOT_COLS * SLOT_ROWS + 1))
TABLE = HexGrid(COLS, ROWS)

adjacent = lru_cache(maxsize=None)(TABLE.adjacent)
distance = lru_cache(maxsize=None)(TABLE.distance)
line_of_fire = lru_cache(maxsize=65536)(TABLE.between)


# The part of the table a game uses (columns x rows of slots, from the top left): no more than the grids of
# the game can fill, so the board stays compact (a 2- or 3-player game in 3 x 2 slots, not 4 x 3).
TABLE_SLOTS = {2: (3, 2), 3: (3, 2), 4: (4, 2), 5: (4, 3), 6: (4, 3)}


def table_slots(players: int) -> tuple[str, ...]:
    """The slots a game of ``players`` may use, in order.

    >>> table_slots(2), len(table_slots(6))
    (('s1', 's2', 's3', 's5', 's6', 's7'), 12)
    """
    cols, rows = TABLE_SLOTS.get(players, (SLOT_COLS, SLOT_ROWS))
    return tuple(sl for i, sl in enumerate(SLOTS) if i % SLOT_COLS < cols and i // SLOT_COLS < rows)


def slot_origin(slot: str) -> tuple[int, int]:
    """(column, row) of the top-left hex of ``slot``."""
    i = SLOTS.index(slot)
    return (i % SLOT_COLS) * GRID_COLS, (i // SLOT_COLS) * GRID_ROWS


def slot_neighbours(slot: str) -> tuple[str, ...]:
    """Slots sharing a side with ``slot`` in the 4 x 3 table."""
    i = SLOTS.index(slot)
    x, y = i % SLOT_COLS, i // SLOT_COLS
    out = []
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        if 0 <= x + dx < SLOT_COLS and 0 <= y + dy < SLOT_ROWS:
            out.append(SLOTS[(y + dy) * SLOT_COLS + x + dx])
    return tuple(out)


def grid_hexes(rows: list[str], slot: str) -> dict[str, str]:
    """hex id -> design character for a grid design placed in ``slot``."""
    ox, oy = slot_origin(slot)
    return {TABLE.name(ox + c, oy + r): ch for r, line in enumerate(rows) for c, ch in enumerate(line)}

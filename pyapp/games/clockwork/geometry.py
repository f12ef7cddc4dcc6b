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
    """Slots sharing a side with ``slot`` in the 4 x 3 table (remembered)."""
    got = _SLOT_NB.get(slot)
    if got is None:
        got = _SLOT_NB[slot] = _slot_neighbours(slot)
    return got


_SLOT_NB: dict[str, tuple[str, ...]] = {}


def _slot_neighbours(slot: str) -> tuple[str, ...]:
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


# ---- the board of the placed grids (the rules' ``board``)
def _grids() -> dict:
    from .content import GRIDS        # (content reads this module's grid_hexes as it loads)
    return GRIDS


_BOARDS: dict[tuple, Board] = {}


class Board:
    """Geometry of the placed grids: terrain, territories and their contacts."""

    def __init__(self, placed: list[list[str]]) -> None:
        # joined from each placed grid's remembered part (:func:`grid_part`): only the hexes at a grid's edge look at
        # the grids around; every dict keeps the order the hexes have in the placed grids (as a hex-by-hex build would)
        self.kind: dict[str, str] = {}              # hex -> "territory" | "neutral" | "water"
        self.terr: dict[str, str] = {}              # hex -> territory id ("5B": slot 5, letter B)
        self.terr_hexes: dict[str, list[str]] = {}  # territory id -> [hex] (shared with the part: never change it)
        self.terr_name: dict[str, str] = {}
        self.nb: dict[str, tuple[str, ...]] = {}
        self.land_nb: dict[str, tuple[str, ...]] = {}
        self._pairs: dict[str, list[tuple[str, str]]] = {}
        kind, terr, nb, land_nb = self.kind, self.terr, self.nb, self.land_nb
        parts = [grid_part(key, slot) for key, slot in placed]
        for p in parts:
            kind.update(p.kind)
            terr.update(p.terr)
            self.terr_hexes.update(p.terr_hexes)
            self.terr_name.update(p.terr_name)
            nb.update(p.nb)
            land_nb.update(p.land_nb)
            self._pairs.update(p.pairs)
        self.terr_adj: dict[str, set[str]] = {}
        terr_adj = self.terr_adj
        for p in parts:
            for t, inner in p.adj.items():
                terr_adj[t] = set(inner)
        for p in parts:
            for h in p.edge:                        # its neighbours depend on the grids around
                ns = nb[h] = tuple([n for n in adjacent(h) if n in kind])
                land_nb[h] = tuple([n for n in ns if kind[n] != "water"])
            for t, outside in p.cross:              # a territory hex's neighbours outside its grid
                for n in outside:
                    o = terr.get(n)
                    if o is not None:
                        terr_adj[t].add(o)
        self.land = frozenset().union(*[p.land for p in parts])
        self._balls: dict[tuple[str, int], frozenset[str]] = {}
        self.terr_order = sorted(self.terr_hexes)   # territory ids in order (the order the rules list them in)

    def pairs(self, t: str) -> list[tuple[str, str]]:
        """(hex, neighbour) pairs of territory ``t`` with both hexes in it, in hex and neighbour order: where a Gate
        Token and its arrow may go on an empty board (remembered)."""
        return self._pairs[t]

    def ball(self, h: str, steps: int) -> frozenset[str]:
        """The land hexes at most ``steps`` land steps from ``h`` (``h`` with them): every hex a move of
        ``steps`` from ``h`` may enter or be stopped by, whatever blocks the way (remembered)."""
        got = self._balls.get((h, steps))
        if got is None:
            seen = {h}
            frontier = [h]
            land_nb = self.land_nb
            for _ in range(steps):
                nxt = []
                for x in frontier:
                    for n in land_nb[x]:
                        if n not in seen:
                            seen.add(n)
                            nxt.append(n)
                frontier = nxt
            got = self._balls[h, steps] = frozenset(seen)
        return got


_DISCS: dict[tuple[str, int], frozenset[str]] = {}
_TABLE_HEXES = tuple(TABLE.name(c, r) for c in range(COLS) for r in range(ROWS))


def disc(h: str, r: int) -> frozenset[str]:
    """The table's hexes at distance at most ``r`` from ``h`` (remembered for every game: a board's hexes within
    ``r`` are these, intersected with the board).

    >>> sorted(disc("b2", 1)) == sorted(adjacent("b2") + ("b2",))
    True
    """
    got = _DISCS.get((h, r))
    if got is None:
        # step by step over the table (on the whole rectangle of the table the steps are the distance:
        # tests/clockwork/test_clockwork_fast_listing.py compares them for every hex), each radius on the way remembered
        seen = {h}
        frontier = [h]
        for k in range(1, r + 1):
            nxt = []
            for x in frontier:
                for n in adjacent(x):
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
            got = _DISCS[h, k] = frozenset(seen)
        if r <= 0:
            got = _DISCS[h, r] = frozenset(seen)
    assert got is not None
    return got


_CELLS: dict[tuple[str, str], dict[str, str]] = {}
_HALOS: dict[tuple[str, str], frozenset[str]] = {}


def _cells(key: str, slot: str) -> dict[str, str]:
    """hex -> design character of grid design ``key`` placed in ``slot`` (remembered: never change the answer)."""
    got = _CELLS.get((key, slot))
    if got is None:
        got = _CELLS[key, slot] = grid_hexes(_grids()[key]["rows"], slot)
    return got


def grid_halo(key: str, slot: str) -> frozenset[str]:
    """The hexes next to the land hexes of design ``key`` placed in ``slot`` (remembered)."""
    got = _HALOS.get((key, slot))
    if got is None:
        got = _HALOS[key, slot] = frozenset(n for h, ch in _cells(key, slot).items() if ch != "~"
                                            for n in adjacent(h))
    return got


_LANDS: dict[tuple[str, str], frozenset[str]] = {}
_INNER: dict[tuple[str, str], dict[str, tuple[str, ...] | None]] = {}


def _inner_nb(key: str, slot: str) -> dict[str, tuple[str, ...] | None]:
    """hex -> its neighbours, for the hexes of design ``key`` in ``slot`` whose neighbours on the table all lie in
    that grid (None for the others: theirs depend on the grids around) (remembered)."""
    got = _INNER.get((key, slot))
    if got is None:
        cells = _cells(key, slot)
        inside = cells.__contains__
        got = _INNER[key, slot] = {h: ns if all(map(inside, ns)) else None for h, ns in zip(cells, map(adjacent, cells))}
    return got


def grid_land(key: str, slot: str) -> frozenset[str]:
    """The land hexes (not water) of design ``key`` placed in ``slot`` (remembered)."""
    got = _LANDS.get((key, slot))
    if got is None:
        got = _LANDS[key, slot] = frozenset(h for h, ch in _cells(key, slot).items() if ch != "~")
    return got


class GridPart:
    """What a Board takes from grid design ``key`` placed in ``slot``, the same in every layout (:func:`grid_part`):
    its hexes' kind, territory, the territories' hexes and names, the neighbours of its inner hexes (``nb``,
    ``land_nb``; its edge hexes, in ``edge``, get theirs from the Board), the territories next to each territory
    inside the grid (``adj``), (territory, its hexes' neighbours outside the grid) in ``cross``, its land hexes and
    each territory's (hex, neighbour) pairs inside it (``pairs``, :meth:`Board.pairs`)."""

    __slots__ = ("kind", "terr", "terr_hexes", "terr_name", "nb", "land_nb", "edge", "adj", "cross", "land", "pairs")

    def __init__(self, key: str, slot: str) -> None:
        cells = _cells(key, slot)
        name = _grids()[key]["name"]
        self.kind: dict[str, str] = {}
        self.terr: dict[str, str] = {}
        self.terr_hexes: dict[str, list[str]] = {}
        self.terr_name: dict[str, str] = {}
        for h, ch in cells.items():
            if ch == "~":
                self.kind[h] = "water"
            elif ch == ".":
                self.kind[h] = "neutral"
            else:
                tid = f"{slot[1:]}{ch}"
                self.kind[h] = "territory"
                self.terr[h] = tid
                self.terr_hexes.setdefault(tid, []).append(h)
                self.terr_name[tid] = f"{name} {ch}"
        kind = self.kind
        inner = _inner_nb(key, slot)
        # edge hexes keep their place in the dicts (the Board fills them in)
        self.nb: dict[str, tuple[str, ...]] = {h: ns or () for h, ns in inner.items()}
        self.land_nb: dict[str, tuple[str, ...]] = {h: tuple([n for n in ns if kind[n] != "water"]) if ns else ()
                                                     for h, ns in inner.items()}
        self.edge = tuple(h for h, ns in inner.items() if ns is None)
        terr = self.terr
        self.adj: dict[str, set[str]] = {t: set() for t in self.terr_hexes}
        self.pairs: dict[str, list[tuple[str, str]]] = {t: [] for t in self.terr_hexes}
        cross: list[tuple[str, tuple[str, ...]]] = []
        for h, t in terr.items():               # (a territory's hexes in its terr_hexes order)
            ns = inner[h]
            if ns is None:
                ns = adjacent(h)
                outside = tuple([n for n in ns if n not in cells])
                if outside:
                    cross.append((t, outside))
            pairs, adj = self.pairs[t], self.adj[t]
            for n in ns:
                o = terr.get(n)
                if o == t:
                    pairs.append((h, n))
                elif o is not None:
                    adj.add(o)
        self.cross = tuple(cross)
        self.land = grid_land(key, slot)


_PARTS: dict[tuple[str, str], GridPart] = {}


def grid_part(key: str, slot: str) -> GridPart:
    """The :class:`GridPart` of design ``key`` in ``slot`` (remembered)."""
    got = _PARTS.get((key, slot))
    if got is None:
        got = _PARTS[key, slot] = GridPart(key, slot)
    return got


def board_for(placed: list[list[str]]) -> Board:
    key = tuple(tuple(p) for p in placed)
    b = _BOARDS.get(key)
    if b is None:
        if len(_BOARDS) > 256:
            _BOARDS.clear()
        b = _BOARDS[key] = Board(placed)
    return b

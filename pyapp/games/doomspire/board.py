"""Lords of Doomspire board geometry: tile names, neighbours, the coast and its four sea zones.

Tile ``a1`` is the north-west corner (row 0, column 0 in the rulebook's (row, column)
examples); columns a-h run west to east, rows 1-8 north to south, so (0,3) is ``d1`` and
(0,6) is ``g1`` (LD-BRD-10).  The sea is four zones clockwise (LD-GAP-37); a coastal tile
belongs to the zone of its quarter of the island.

>>> tid(0, 3), rc("g1"), COAST["d1"], COAST["g1"], region("d4")
('d1', (0, 6), 'nw', 'ne', 'mountains')
>>> zone_dist("nw", "se"), manhattan("a1", "c2")
(2, 3)
"""
from __future__ import annotations

COLS = "abcdefgh"
RES = ("gold", "food", "wood", "ore")
ZONES = ("nw", "ne", "se", "sw")                 # clockwise ring (LD-GAP-37)
ZONE_NAMES = {"nw": "north-west", "ne": "north-east", "se": "south-east", "sw": "south-west"}
CORNER = {"nw": "a1", "ne": "h1", "se": "h8", "sw": "a8"}
SEAT_CORNERS = {2: ("nw", "se"), 3: ("nw", "ne", "se"), 4: ("nw", "ne", "se", "sw")}
SPECIAL = ("trader", "mercenary", "temple")


def tid(r: int, c: int) -> str:
    """The name of the tile at row ``r``, column ``c`` (0-based)."""
    return f"{COLS[c]}{r + 1}"


def rc(t: str) -> tuple:
    """(row, column) of tile ``t``."""
    return int(t[1:]) - 1, COLS.index(t[0])


ALL = [tid(r, c) for r in range(8) for c in range(8)]
BOARD_ORDER = {t: i for i, t in enumerate(ALL)}          # tile -> its place in ALL (board order: rows, west to east)
NB = {t: [tid(r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
          if 0 <= r + dr < 8 and 0 <= c + dc < 8] for t in ALL for r, c in [rc(t)]}
COAST = {t: ("n" if r < 4 else "s") + ("w" if c < 4 else "e")
         for t in ALL for r, c in [rc(t)] if min(r, c, 7 - r, 7 - c) == 0}
ZONE_TILES = {z: [t for t in ALL if COAST.get(t) == z] for z in ZONES}


def _zone_dist(a: str, b: str) -> int:
    d = abs(ZONES.index(a) - ZONES.index(b))
    return min(d, 4 - d)


_ZONE_DIST = {(a, b): _zone_dist(a, b) for a in ZONES for b in ZONES}


def zone_dist(a: str, b: str) -> int:
    """Steps between two sea zones round the ring (from a table: the move listing asks it thousands of times)."""
    return _ZONE_DIST[a, b]


# (boat's zone, knight's zone) -> every coast tile in board order with its zone and the steps of the trip: the
# boat sails to the knight, then on to the tile's zone (LD-BOAT-5)
SHORE_TRIPS = {(bz, kz): tuple((t, ez, _ZONE_DIST[bz, kz] + _ZONE_DIST[kz, ez]) for t, ez in COAST.items())
               for bz in ZONES for kz in ZONES}


def manhattan(a: str, b: str) -> int:
    (r1, c1), (r2, c2) = rc(a), rc(b)
    return abs(r1 - r2) + abs(c1 - c2)


def region(t: str) -> str:
    """``plains`` (the two outer rings), ``hills`` (the third) or ``mountains`` (the centre)."""
    r, c = rc(t)
    ring = min(r, c, 7 - r, 7 - c)
    return "plains" if ring < 2 else "hills" if ring == 2 else "mountains"


def res_text(d: dict) -> str:
    """``{"gold": 2, "ore": 1}`` -> ``"2 gold, 1 ore"`` (``"nothing"`` when empty)."""
    return ", ".join(f"{n} {r}" for r, n in d.items() if n) or "nothing"


def stack_text(d: dict) -> str:
    """A treasure stack of the dragon's hoard in the order it was dealt (gold, food, wood, ore),
    whatever the order of the dict's keys after a JSON round trip.

    >>> stack_text({"ore": 1, "gold": 2})
    '2 gold, 1 ore'
    """
    return res_text({r: d[r] for r in RES if d.get(r)})

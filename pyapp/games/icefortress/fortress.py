"""The fortress as data: which squares take which die, which groups take which room, where an invader lands.

Pure functions of the state's data dict ``d`` (see rules.py) and the content; no randomness.

Places are named by strings: a pillar square ``"J03.a"`` (room card id, square id), a pillar group
``"J03.g1"``, a bottom space of the foundation board ``"base:0"``.  A built room is
``d["rooms"][card_id] = {"on": place, "level": n, "pillars": {sq: value}, "inv": {sq: element},
"ginv": {group: element}, "top": {group: card_id}}``; level 1 is a room on the foundation board.
"""
from __future__ import annotations

from . import content
from .content import ELEMENTS, allowed, modified

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable


_IDX: dict = {}


def _index() -> dict:
    """Lookups built once from the content: rooms, squares by id, groups by id, square -> group."""
    if not _IDX:
        rooms = content.load()["rooms"]
        _IDX["rooms"] = rooms
        _IDX["sq"] = {(cid, q["id"]): q for cid, r in rooms.items() for q in r["squares"]}
        _IDX["group"] = {(cid, g["id"]): g for cid, r in rooms.items() for g in r["groups"]}
        _IDX["group_of"] = {(cid, s): g["id"] for cid, r in rooms.items() for g in r["groups"] for s in g["squares"]}
    return _IDX


def rc(cid: str) -> dict:
    """The content of room card ``cid``."""
    return (_IDX or _index())["rooms"][cid]


def sq_of(cid: str, sid: str) -> dict:
    try:
        return (_IDX or _index())["sq"][(cid, sid)]
    except KeyError:
        raise KeyError(f"{cid}.{sid}") from None


def group_of(cid: str, sid: str) -> str | None:
    """The group id holding square ``sid`` of room ``cid`` (None if it is in no group)."""
    return (_IDX or _index())["group_of"].get((cid, sid))


def group(cid: str, gid: str) -> dict:
    try:
        return (_IDX or _index())["group"][(cid, gid)]
    except KeyError:
        raise KeyError(f"{cid}.{gid}") from None


def split(place: str) -> tuple[str, str]:
    cid, _, part = place.partition(".")
    return cid, part


def active(d: dict, element: str) -> bool:
    """Whether invaders of ``element`` still have their Invader Ability (IF-INV-1, IF-NEUT-2)."""
    return element not in d["beacons"] and element not in d["neutral"]


def under_room(d: dict, cid: str, sid: str) -> bool:
    """Square ``sid`` of built room ``cid`` lies in a group that carries a room."""
    gid = group_of(cid, sid)
    return gid is not None and gid in d["rooms"][cid]["top"]


def _built_part(d: dict, place: str, lookup: Callable[[str, str], dict], what: str) -> tuple[dict, str, dict] | str:
    """``(built room, part id, the part's content)`` for a square or group ``place``, found with ``lookup``
    (:func:`sq_of` or :func:`group`); or why there is none: the room is not built, or it has no such ``what``."""
    cid, part = split(place)
    room = d["rooms"].get(cid)
    if room is None:
        return "that room is not in the fortress"
    try:
        return room, part, lookup(cid, part)
    except KeyError:
        return f"no such {what}"


# ---------------------------------------------------------------- pillars
def pillar_problem(d: dict, place: str, value: int) -> str | None:
    """Why a die showing ``value`` cannot go on square ``place`` now (None: it can)."""
    found = _built_part(d, place, sq_of, "pillar square")
    if isinstance(found, str):
        return found
    room, sid, q = found
    if sid in room["pillars"]:
        return "that square already holds a pillar"                          # IF-PIL-11
    if sid in room["inv"]:
        return "an invader stands on that square"                             # IF-PIL-9
    if q["colour"] == "white":
        if value not in allowed(q["need"]):
            return f"this square takes {need_text(q['need'])}"                  # IF-PIL-2..4
        return None
    src = room["pillars"].get(q["from"])
    if src is None:
        return "the square it is joined to holds no pillar yet"                # IF-PIL-5
    want = modified(q["mod"], src)
    if not 1 <= want <= 6:
        return f"it needs a {want}, which no die shows"                       # IF-GAP-18
    if value != want:
        return f"it needs exactly {want} ({content.mod_text(q['mod'])} the joined pillar's {src})"   # IF-PIL-6
    return None


def need_text(need: str) -> str:
    if need == "?":
        return "any die"
    if "-" in need:
        return "a die from " + need.replace("-", " to ")
    return f"only a {need}"


def open_squares(d: dict) -> list[str]:
    """Every square of the fortress holding neither a pillar nor an invader, in a fixed order."""
    out = []
    for cid in sorted(d["rooms"]):
        room = d["rooms"][cid]
        for q in rc(cid)["squares"]:
            if q["id"] not in room["pillars"] and q["id"] not in room["inv"]:
                out.append(f"{cid}.{q['id']}")
    return out


def _fits(room: dict, q: dict) -> tuple:
    """The die values open square ``q`` of built ``room`` takes now: what :func:`pillar_problem` accepts, found
    without writing its reasons (the move listing asks for every square at every step)."""
    if q["colour"] == "white":
        return allowed(q["need"])                                             # IF-PIL-2..4
    src = room["pillars"].get(q["from"])
    if src is None:
        return ()                                                             # IF-PIL-5
    want = modified(q["mod"], src)
    return (want,) if 1 <= want <= 6 else ()                                  # IF-PIL-6, IF-GAP-18


def pillar_places(d: dict, value: int) -> list[str]:
    """Every square a die showing ``value`` may go on now, in :func:`open_squares`' order."""
    out = []
    rooms = d["rooms"]
    for cid in sorted(rooms):
        room = rooms[cid]
        pillars, inv = room["pillars"], room["inv"]
        for q in rc(cid)["squares"]:
            sid = q["id"]
            if sid not in pillars and sid not in inv and value in _fits(room, q):
                out.append(f"{cid}.{sid}")
    return out


def pillar_values(d: dict) -> set[int]:
    """The die values that fit on some square now (each value with :func:`pillar_places` not empty)."""
    out: set[int] = set()
    for cid, room in d["rooms"].items():
        pillars, inv = room["pillars"], room["inv"]
        for q in rc(cid)["squares"]:
            sid = q["id"]
            if sid not in pillars and sid not in inv:
                out.update(_fits(room, q))
    return out


def any_pillar_place(d: dict, value: int) -> bool:
    """Whether a die showing ``value`` fits somewhere (``pillar_places`` not empty)."""
    return value in pillar_values(d)


# ---------------------------------------------------------------- rooms
def build_problem(d: dict, card: str, place: str) -> str | None:
    """Why supply room ``card`` cannot be built on ``place`` now (None: it can)."""
    size = rc(card)["size"]
    if place.startswith("base:"):
        k = int(place[5:]) if place[5:].isdigit() else -1
        if not 0 <= k < len(d["base"]):
            return "no such bottom space"
        if size != "jumbo":
            return "only jumbo rooms go on the foundation board"             # IF-GAP-9
        if d["base"][k] is not None:
            return "that bottom space is taken"
        return None
    found = _built_part(d, place, group, "pillar group")
    if isinstance(found, str):
        return found
    room, gid, g = found
    if gid in room["top"]:
        return "that group already carries a room"                            # IF-ROOM-7
    if g["size"] != size:
        return f"that group carries a {g['size']} room"                        # IF-ROOM-1
    if gid in room["ginv"]:
        return "an earth invader occupies that group"                          # IF-INV-12
    if any(s in room["inv"] for s in g["squares"]):
        return "an invader stands in that group"                               # IF-ROOM-5
    if any(s not in room["pillars"] for s in g["squares"]):
        return "every pillar square of the group needs a pillar first"        # IF-ROOM-2
    return None


def build_places(d: dict, card: str) -> list[str]:
    """Every place supply room ``card`` may be built on now (where :func:`build_problem` finds nothing)."""
    return size_places(d, rc(card)["size"])


def size_places(d: dict, size: str) -> list[str]:
    """Every place a room of ``size`` may be built on now: free bottom spaces (jumbo), then the free groups
    of that size with a pillar on every square and no invader, rooms in card order (see :func:`build_problem`)."""
    return places_by_size(d)[size]


def places_by_size(d: dict) -> dict[str, list[str]]:
    """:func:`size_places` for every size at once (one pass over the fortress): ``{size: [place...]}``."""
    out: dict[str, list[str]] = {z: [] for z in content.SIZES}
    out["jumbo"] += [f"base:{k}" for k in range(len(d["base"])) if d["base"][k] is None]
    rooms = d["rooms"]
    for cid in sorted(rooms):
        room = rooms[cid]
        top, ginv, inv, pillars = room["top"], room["ginv"], room["inv"], room["pillars"]
        for g in rc(cid)["groups"]:
            gid = g["id"]
            if gid in top or gid in ginv:                                    # IF-ROOM-1, IF-ROOM-7, IF-INV-12
                continue
            sqs = g["squares"]
            if any(s in inv for s in sqs) or any(s not in pillars for s in sqs):   # IF-ROOM-5, IF-ROOM-2
                continue
            out[g["size"]].append(f"{cid}.{gid}")
    return out


def parent(d: dict, cid: str) -> str | None:
    """The built room ``cid`` stands on (None on the foundation board)."""
    on = d["rooms"][cid]["on"]
    return None if on.startswith("base:") else split(on)[0]


def chain(d: dict, cid: str) -> int:
    """How many rooms of ``cid``'s element stand one on another, ``cid`` on top (IF-BCN-1)."""
    el = rc(cid)["element"]
    if el == "white":
        return 0
    n = 0
    at: str | None = cid
    while at is not None and rc(at)["element"] == el:
        n += 1
        at = parent(d, at)
    return n


def covered(d: dict, cid: str) -> bool:
    """Every group of the room carries a room (or it has none): no invader may enter (IF-GAP-36)."""
    return all(g["id"] in d["rooms"][cid]["top"] for g in rc(cid)["groups"])


def destroyable(d: dict, cid: str) -> bool:
    return not d["rooms"][cid]["top"]                                           # IF-DEST-9


# ---------------------------------------------------------------- invaders
def invaders(d: dict) -> list[tuple[str, str]]:
    """Every invader in the fortress: ``(place, element)``; groups for earth on a pillar group."""
    out = []
    for cid in sorted(d["rooms"]):
        room = d["rooms"][cid]
        out += [(f"{cid}.{s}", e) for s, e in sorted(room["inv"].items())]
        out += [(f"{cid}.{g}", e) for g, e in sorted(room["ginv"].items())]
    return out


def air_count(d: dict) -> int:
    if not active(d, "air"):
        return 0                                                                # IF-INV-18, IF-GAP-40
    return sum(list(r["inv"].values()).count("air") + list(r["ginv"].values()).count("air")   # (as invaders(d) counts)
               for r in d["rooms"].values())


def landing(d: dict, element: str) -> list[tuple[str, str]]:
    """Where an invader of ``element`` may land now (the current player picks among several):
    ``[(place, "pillar"|"square"|"group")]``; empty: it attacks the shield (IF-PULL-3..12)."""
    rooms = [cid for cid in d["rooms"] if rc(cid)["element"] == element and not covered(d, cid)]
    if element == "earth" and active(d, "earth"):                              # IF-PULL-14, IF-GAP-37
        best: int | None = None
        out: list[tuple[str, str]] = []
        for cid in rooms:
            room = d["rooms"][cid]
            free = [g["id"] for g in rc(cid)["groups"] if g["id"] not in room["top"] and g["id"] not in room["ginv"]]
            if not free:
                continue
            lv = room["level"]
            if best is None or lv > best:
                best, out = lv, []
            if lv == best:
                out += [(f"{cid}.{g}", "group") for g in free]
        return sorted(out)
    by_level: dict = {}
    for cid in rooms:
        room = d["rooms"][cid]
        pillars: list[str] = []
        squares: list[str] = []
        for q in rc(cid)["squares"]:
            s = q["id"]
            if s in room["inv"] or under_room(d, cid, s):
                continue
            (pillars if s in room["pillars"] else squares).append(f"{cid}.{s}")
        if pillars or squares:
            by_level.setdefault(room["level"], []).append((pillars, squares))
    if not by_level:
        return []
    top = by_level[max(by_level)]                                               # IF-PULL-5, IF-PULL-9
    pillars = sorted(p for ps, _ in top for p in ps)
    if pillars:
        return [(p, "pillar") for p in pillars]                                 # IF-PULL-6
    return [(p, "square") for p in sorted(s for _, ss in top for s in ss)]     # IF-PULL-7


__all__ = ["ELEMENTS", "rc", "sq_of", "group", "split", "active", "pillar_problem", "pillar_places", "pillar_values",
           "build_problem", "build_places", "size_places", "places_by_size", "chain", "covered", "invaders", "air_count", "landing"]

"""Clockwork Crusade content: unit cards, special cards and territory grids,
loaded from ``data/*.json`` and checked against a schema at import.

The rules text names only Infantry and the Crab Tank and gives no card chart,
special card or grid layout (CC-GAP-1 to CC-GAP-5); everything here is
Boardshelf's own design.
"""
from __future__ import annotations

import json

from ...engine.util import read_text
from . import geometry

UNIT_TYPES = ("soldier", "vehicle", "building")
ABILITIES = ("assassinate", "artillery-shell", "barricade", "cleave", "corrupt", "mounted-weaponry",
             "portal-wall", "ranged-only", "regenerate", "run-and-gun", "salvage", "scapegoat",
             "self-destruct", "stealth")
LEVEL_STATS = ("attack", "defense", "movement", "range")
EFFECTS = ("gain", "bonds", "buff", "march", "again", "grant", "sabotage", "raid")
TARGETS = ("none", "own-unit", "enemy-portal", "opponent")
GRID_CHARS = set("ABCD.~")


class ContentError(ValueError):
    """The content data breaks its schema."""


def _read(name: str) -> dict:
    return json.loads(read_text(__package__, "data", name))


def _is_int(v, lo=None, hi=None) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool) and (lo is None or v >= lo)
            and (hi is None or v <= hi))


def parse_range(r) -> tuple:
    """``3`` -> ``(1, 3)``; ``"2-5"`` -> ``(2, 5)`` (Ranged Only, CC-RONLY-1); ``0`` -> ``(0, 0)``."""
    if isinstance(r, str):
        lo, hi = r.split("-")
        return int(lo), int(hi)
    return (1, r) if r else (0, 0)


def check_units(units: list) -> None:
    """Raise ContentError unless every unit card follows the schema (CC-UCARD-1 to CC-UCARD-9)."""
    need = {"key", "name", "type", "cost", "range", "attack", "defense", "movement", "abilities",
            "level2", "level3", "copies", "text"}
    seen = set()
    for u in units:
        where = f"unit {u.get('key')!r}"
        extra = set(u) - need - {"shell", "blast", "token"}
        if need - set(u) or extra:
            raise ContentError(f"{where}: fields {sorted((need - set(u)) | extra)} wrong")
        if u["key"] in seen:
            raise ContentError(f"{where}: duplicate key")
        seen.add(u["key"])
        if u["type"] not in UNIT_TYPES:
            raise ContentError(f"{where}: type must be one of {UNIT_TYPES}")
        for f in ("cost", "attack", "copies"):
            if not _is_int(u[f], 0):
                raise ContentError(f"{where}: {f} must be a whole number >= 0")
        if not _is_int(u["cost"], 1):
            raise ContentError(f"{where}: cost must be >= 1")
        if not _is_int(u["defense"], 0) or not _is_int(u["movement"], 0):
            raise ContentError(f"{where}: defense and movement must be whole numbers >= 0")
        ab = u["abilities"]
        if not isinstance(ab, list) or any(a not in ABILITIES for a in ab) or len(set(ab)) != len(ab):
            raise ContentError(f"{where}: abilities must be distinct names from {ABILITIES}")
        r = u["range"]
        if isinstance(r, str):
            parts = r.split("-")
            if len(parts) != 2 or not all(p.isdigit() for p in parts) or not 2 <= int(parts[0]) <= int(parts[1]):
                raise ContentError(f"{where}: a dashed range must read a-b with 2 <= a <= b")
            if "ranged-only" not in ab:
                raise ContentError(f"{where}: a dashed range needs Ranged Only (CC-RONLY-1)")
        elif not _is_int(r, 0):
            raise ContentError(f"{where}: range must be a whole number or 'a-b'")
        elif "ranged-only" in ab:
            raise ContentError(f"{where}: Ranged Only needs a dashed range (CC-RONLY-1)")
        if u["type"] == "building":
            if u["movement"] != 0:
                raise ContentError(f"{where}: buildings have Movement 0 (CC-UTYPE-5)")
            armed = "mounted-weaponry" in ab
            if armed != (parse_range(r)[1] > 0):
                raise ContentError(f"{where}: a building has a range exactly when it has Mounted Weaponry")
        elif "mounted-weaponry" in ab:
            raise ContentError(f"{where}: Mounted Weaponry is only for buildings (CC-MOUNT-1)")
        elif parse_range(r)[1] < 1 or u["movement"] < 1:
            raise ContentError(f"{where}: soldiers and vehicles need range and movement >= 1")
        if ("artillery-shell" in ab) != ("shell" in u):
            raise ContentError(f"{where}: Artillery Shell and a 'shell' [x, y] go together")
        if "shell" in u and not (isinstance(u["shell"], list) and len(u["shell"]) == 2
                                 and all(_is_int(v, 2) for v in u["shell"]) and u["shell"][0] <= u["shell"][1]):
            raise ContentError(f"{where}: shell must be [x, y] with 2 <= x <= y")
        if ("self-destruct" in ab) != ("blast" in u):
            raise ContentError(f"{where}: Self Destruct and a 'blast' radius go together")
        if "blast" in u and not _is_int(u["blast"], 1):
            raise ContentError(f"{where}: blast must be >= 1")
        for lv in ("level2", "level3"):
            if not isinstance(u[lv], list):
                raise ContentError(f"{where}: {lv} must be a list")
            for b in u[lv]:
                if (set(b) - {"stat", "add", "vs"}) or b.get("stat") not in LEVEL_STATS or not _is_int(b.get("add"), 1):
                    raise ContentError(f"{where}: {lv} entries are {{stat, add >= 1, vs?}}")
                if "vs" in b and (b["vs"] not in UNIT_TYPES or b["stat"] not in ("attack", "defense")):
                    raise ContentError(f"{where}: vs applies to attack/defense against a unit type")
        if u.get("token"):
            if u["copies"] != 0:
                raise ContentError(f"{where}: a token is not in the stack")
        elif u["copies"] < 1:
            raise ContentError(f"{where}: a card must have copies >= 1")
    keys = {u["key"] for u in units}
    if "infantry" not in keys or "wall" not in keys or "crab-tank" not in keys:
        raise ContentError("infantry, crab-tank and wall are required (CC-MAT-1, CC-GAP-1, CC-PWALL-5)")
    inf = next(u for u in units if u["key"] == "infantry")
    if inf["type"] != "soldier" or parse_range(inf["range"]) != (1, 1):
        raise ContentError("Infantry must be a Soldier with Range 1 (CC-GAP-2)")
    wall = next(u for u in units if u["key"] == "wall")
    if wall["type"] != "building" or wall["defense"] != 10 or wall["abilities"] != ["barricade"]:
        raise ContentError("the Wall is a Building with Defense 10 and Barricade (CC-PWALL-5)")
    cards = [u for u in units if not u.get("token")]
    missing = set(ABILITIES) - {a for u in cards for a in u["abilities"]}
    if missing:
        raise ContentError(f"abilities on no unit card: {sorted(missing)}")
    if len(cards) < 14 or {u["type"] for u in cards} != set(UNIT_TYPES):
        raise ContentError("need >= 14 unit cards over soldiers, vehicles and buildings")


def check_specials(specials: list) -> None:
    """Raise ContentError unless every special card follows the schema (CC-SPEC-1, CC-GAP-4)."""
    seen = set()
    for s in specials:
        where = f"special {s.get('key')!r}"
        for f in ("key", "name", "effect", "target", "copies", "overrides", "text"):
            if f not in s:
                raise ContentError(f"{where}: missing {f}")
        if s["key"] in seen:
            raise ContentError(f"{where}: duplicate key")
        seen.add(s["key"])
        if s["effect"] not in EFFECTS or s["target"] not in TARGETS:
            raise ContentError(f"{where}: effect/target unknown")
        if not _is_int(s["copies"], 1) or not isinstance(s["overrides"], list):
            raise ContentError(f"{where}: copies >= 1 and a list of overridden clauses")
        if s["effect"] in ("gain", "grant", "march") and not _is_int(s.get("amount"), 1):
            raise ContentError(f"{where}: needs an amount >= 1")
        if s["effect"] == "buff":
            if s.get("stat") not in ("attack", "defense", "movement") or not _is_int(s.get("amount"), 1) \
                    or s.get("until") not in ("turn", "next") or s["target"] != "own-unit":
                raise ContentError(f"{where}: a buff needs stat, amount, until and an own-unit target")
        wanted = {"sabotage": "enemy-portal", "raid": "opponent", "again": "own-unit"}.get(s["effect"])
        if wanted and s["target"] != wanted:
            raise ContentError(f"{where}: effect {s['effect']} targets {wanted}")
    if len(specials) < 8:
        raise ContentError("need >= 8 special cards")


def _connected(cells: set) -> bool:
    if not cells:
        return False
    todo, seen = [next(iter(cells))], set()
    while todo:
        h = todo.pop()
        if h in seen:
            continue
        seen.add(h)
        todo.extend(n for n in geometry.neighbours(h) if n in cells)
    return seen == cells


def check_grids(data: dict) -> None:
    """Raise ContentError unless every grid design follows the schema (CC-GAP-5)."""
    grids = data["grids"]
    seen = set()
    for g in grids:
        where = f"grid {g.get('key')!r}"
        if set(g) != {"key", "name", "rows"} or g["key"] in seen:
            raise ContentError(f"{where}: fields key, name, rows (unique key)")
        seen.add(g["key"])
        rows = g["rows"]
        if len(rows) != geometry.GRID_ROWS or any(len(r) != geometry.GRID_COLS or set(r) - GRID_CHARS for r in rows):
            raise ContentError(f"{where}: {geometry.GRID_ROWS} rows of {geometry.GRID_COLS} characters from 'ABCD.~'")
        cells = geometry.grid_hexes(rows, "s1")
        letters = sorted({ch for ch in cells.values() if ch.isalpha()})
        if not letters or "." not in cells.values():
            raise ContentError(f"{where}: needs territories and neutral space")
        for ch in letters:
            terr = {h for h, c in cells.items() if c == ch}
            if len(terr) < 3 or not _connected(terr):
                raise ContentError(f"{where}: territory {ch} must be >= 3 connected hexes")
        land = {h for h, c in cells.items() if c != "~"}
        if not _connected(land):
            raise ContentError(f"{where}: land must be connected")
        for side in (rows[0], rows[-1], "".join(r[0] for r in rows), "".join(r[-1] for r in rows)):
            if set(side) == {"~"}:
                raise ContentError(f"{where}: every side needs a land hex so grids can join (CC-SETUP-3)")
    if len(grids) < 8 or not any("~" in "".join(g["rows"]) for g in grids):
        raise ContentError("need >= 8 grid designs, some with water")
    gp = data["grids_per_players"]
    for n in range(2, 7):
        if not _is_int(gp.get(str(n)), 2) or gp[str(n)] > min(len(grids), len(geometry.SLOTS)):
            raise ContentError(f"grids_per_players[{n}] wrong")


def load() -> tuple:
    units = _read("units.json")["units"]
    specials = _read("specials.json")["specials"]
    grids = _read("grids.json")
    check_units(units)
    check_specials(specials)
    check_grids(grids)
    return units, specials, grids


_UNITS, _SPECIALS, _GRIDS = load()
UNITS = {u["key"]: u for u in _UNITS}
SPECIALS = {s["key"]: s for s in _SPECIALS}
GRIDS = {g["key"]: g for g in _GRIDS["grids"]}
GRIDS_PER_PLAYERS = {int(k): v for k, v in _GRIDS["grids_per_players"].items()}


def stack_cards() -> list:
    """The card keys of the stack, in data order, one entry per copy (CC-SETUP-7)."""
    out = [u["key"] for u in _UNITS for _ in range(u["copies"])]
    out += [s["key"] for s in _SPECIALS for _ in range(s["copies"])]
    return out


def card_name(key: str) -> str:
    return (UNITS.get(key) or SPECIALS[key])["name"]

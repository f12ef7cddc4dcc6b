"""Clockwork Crusade content: unit cards, special cards and territory grids,
loaded from ``data/*.json`` and checked against a schema at import
(:mod:`pyapp.engine.content`: every problem of a file is reported at once in one
:class:`ContentError`).

The rules text names only Infantry and the Crab Tank and gives no card chart,
special card or grid layout (CC-GAP-1 to CC-GAP-5); everything here is
Boardshelf's own design.
"""
from __future__ import annotations

from ...engine.content import Checker, ContentError, is_int, read_json
from . import geometry

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import GridSpec, SpecialSpec, UnitSpec

__all__ = ["ABILITIES", "ContentError", "GRIDS", "GRIDS_PER_PLAYERS", "SPECIALS", "UNITS", "card_name", "load",
           "parse_range", "stack_cards"]

UNIT_TYPES = ("soldier", "vehicle", "building")
ABILITIES = ("assassinate", "artillery-shell", "barricade", "cleave", "corrupt", "mounted-weaponry",
             "portal-wall", "ranged-only", "regenerate", "run-and-gun", "salvage", "scapegoat",
             "self-destruct", "stealth")
LEVEL_STATS = ("attack", "defense", "movement", "range")
EFFECTS = ("gain", "bonds", "buff", "march", "again", "grant", "sabotage", "raid")
TARGETS = ("none", "own-unit", "enemy-portal", "opponent")
GRID_CHARS = set("ABCD.~")


def parse_range(r: int | str) -> tuple[int, int]:
    """``3`` -> ``(1, 3)``; ``"2-5"`` -> ``(2, 5)`` (Ranged Only, CC-RONLY-1); ``0`` -> ``(0, 0)``."""
    if isinstance(r, str):
        lo, hi = r.split("-")
        return int(lo), int(hi)
    return (1, r) if r else (0, 0)


def _range_ok(r) -> bool:
    if isinstance(r, str):
        parts = r.split("-")
        return len(parts) == 2 and all(p.isdigit() for p in parts) and 2 <= int(parts[0]) <= int(parts[1])
    return is_int(r, 0)


def check_units(units: list) -> None:
    """Raise ContentError unless every unit card follows the schema (CC-UCARD-1 to CC-UCARD-9)."""
    chk = Checker("units.json")
    need = {"key", "name", "type", "cost", "range", "attack", "defense", "movement", "abilities",
            "level2", "level3", "copies", "text"}
    chk.unique([u.get("key") for u in units if isinstance(u, dict)], "units", "key")
    for u in units:
        where = f"unit {u.get('key') if isinstance(u, dict) else u!r}"
        if not chk.fields(u, need, where, optional={"shell", "blast", "token"}):
            continue
        chk.one_of(u["type"], UNIT_TYPES, where, "type")
        chk.int(u["cost"], where, "cost", lo=1)
        for f in ("attack", "copies", "defense", "movement"):
            chk.int(u[f], where, f, lo=0)
        ab = u["abilities"]
        if not (isinstance(ab, list) and all(a in ABILITIES for a in ab) and len(set(ab)) == len(ab)):
            chk.fail(where, f"abilities must be distinct names from {', '.join(ABILITIES)}")
            continue
        r = u["range"]
        if not _range_ok(r):
            chk.fail(where, "range must be a whole number >= 0 or 'a-b' with 2 <= a <= b")
            continue
        if isinstance(r, str):
            chk.check("ranged-only" in ab, where, "a dashed range needs Ranged Only (CC-RONLY-1)")
        else:
            chk.check("ranged-only" not in ab, where, "Ranged Only needs a dashed range (CC-RONLY-1)")
        if u["type"] == "building":
            chk.check(u["movement"] == 0, where, "buildings have Movement 0 (CC-UTYPE-5)")
            chk.check(("mounted-weaponry" in ab) == (parse_range(r)[1] > 0), where,
                      "a building has a range exactly when it has Mounted Weaponry")
        elif "mounted-weaponry" in ab:
            chk.fail(where, "Mounted Weaponry is only for buildings (CC-MOUNT-1)")
        else:
            chk.check(parse_range(r)[1] >= 1 and is_int(u["movement"], 1), where,
                      "soldiers and vehicles need range and movement >= 1")
        shell_ok = chk.check(("artillery-shell" in ab) == ("shell" in u), where,
                             "Artillery Shell and a 'shell' [x, y] go together")
        if shell_ok and "shell" in u:
            sh = u["shell"]
            chk.check(isinstance(sh, list) and len(sh) == 2 and all(is_int(v, 2) for v in sh) and sh[0] <= sh[1],
                      where, "shell must be [x, y] with 2 <= x <= y")
        blast_ok = chk.check(("self-destruct" in ab) == ("blast" in u), where,
                             "Self Destruct and a 'blast' radius go together")
        if blast_ok and "blast" in u:
            chk.int(u["blast"], where, "blast", lo=1)
        for lv in ("level2", "level3"):
            if not isinstance(u[lv], list):
                chk.fail(where, f"{lv} must be a list")
                continue
            for b in u[lv]:
                if not (isinstance(b, dict) and not set(b) - {"stat", "add", "vs"} and b.get("stat") in LEVEL_STATS
                        and is_int(b.get("add"), 1)):
                    chk.fail(where, f"{lv} entries are {{stat, add >= 1, vs?}}")
                elif "vs" in b and (b["vs"] not in UNIT_TYPES or b["stat"] not in ("attack", "defense")):
                    chk.fail(where, "vs applies to attack/defense against a unit type")
        if u.get("token"):
            chk.check(u["copies"] == 0, where, "a token is not in the stack")
        else:
            chk.check(is_int(u["copies"], 1), where, "a card must have copies >= 1")
    chk.done()
    by_key = {u["key"]: u for u in units}
    if not {"infantry", "wall", "crab-tank"} <= set(by_key):
        chk.fail("units", "infantry, crab-tank and wall are required (CC-MAT-1, CC-GAP-1, CC-PWALL-5)")
        chk.done()
    inf, wall = by_key["infantry"], by_key["wall"]
    chk.check(inf["type"] == "soldier" and parse_range(inf["range"]) == (1, 1), "unit 'infantry'",
              "Infantry must be a Soldier with Range 1 (CC-GAP-2)")
    chk.check(wall["type"] == "building" and wall["defense"] == 10 and wall["abilities"] == ["barricade"],
              "unit 'wall'", "the Wall is a Building with Defense 10 and Barricade (CC-PWALL-5)")
    cards = [u for u in units if not u.get("token")]
    missing = set(ABILITIES) - {a for u in cards for a in u["abilities"]}
    chk.check(not missing, "units", f"abilities on no unit card: {', '.join(sorted(missing))}")
    chk.check(len(cards) >= 14 and {u["type"] for u in cards} == set(UNIT_TYPES), "units",
              "need >= 14 unit cards over soldiers, vehicles and buildings")
    chk.done()


def check_specials(specials: list) -> None:
    """Raise ContentError unless every special card follows the schema (CC-SPEC-1, CC-GAP-4)."""
    chk = Checker("specials.json")
    need = {"key", "name", "effect", "target", "copies", "overrides", "text"}
    chk.unique([s.get("key") for s in specials if isinstance(s, dict)], "specials", "key")
    for s in specials:
        where = f"special {s.get('key') if isinstance(s, dict) else s!r}"
        if not chk.fields(s, need, where, optional={"amount", "stat", "until"}):
            continue
        if not (chk.one_of(s["effect"], EFFECTS, where, "effect") & chk.one_of(s["target"], TARGETS, where, "target")):
            continue
        chk.int(s["copies"], where, "copies", lo=1)
        chk.check(isinstance(s["overrides"], list), where, "overrides must be a list of overridden clauses")
        if s["effect"] in ("gain", "grant", "march"):
            chk.int(s.get("amount"), where, "amount", lo=1)
        if s["effect"] == "buff":
            chk.check(s.get("stat") in ("attack", "defense", "movement") and is_int(s.get("amount"), 1)
                      and s.get("until") in ("turn", "next") and s["target"] == "own-unit", where,
                      "a buff needs stat, amount, until and an own-unit target")
        wanted = {"sabotage": "enemy-portal", "raid": "opponent", "again": "own-unit"}.get(s["effect"])
        if wanted:
            chk.check(s["target"] == wanted, where, f"effect {s['effect']} targets {wanted}")
    chk.check(len(specials) >= 8, "specials", "need >= 8 special cards")
    chk.done()


def _connected(cells: set[str]) -> bool:
    if not cells:
        return False
    todo, seen = [next(iter(cells))], set()
    while todo:
        h = todo.pop()
        if h in seen:
            continue
        seen.add(h)
        todo.extend(n for n in geometry.adjacent(h) if n in cells)
    return seen == cells


def check_grids(data: dict) -> None:
    """Raise ContentError unless every grid design follows the schema (CC-GAP-5)."""
    chk = Checker("grids.json")
    grids = data["grids"]
    chk.unique([g.get("key") for g in grids if isinstance(g, dict)], "grids", "key")
    for g in grids:
        where = f"grid {g.get('key') if isinstance(g, dict) else g!r}"
        if not chk.fields(g, {"key", "name", "rows"}, where):
            continue
        rows = g["rows"]
        if not (isinstance(rows, list) and len(rows) == geometry.GRID_ROWS
                and all(isinstance(r, str) and len(r) == geometry.GRID_COLS and not set(r) - GRID_CHARS for r in rows)):
            chk.fail(where, f"{geometry.GRID_ROWS} rows of {geometry.GRID_COLS} characters from 'ABCD.~'")
            continue
        cells = geometry.grid_hexes(rows, "s1")
        letters = sorted({ch for ch in cells.values() if ch.isalpha()})
        if not chk.check(bool(letters) and "." in cells.values(), where, "needs territories and neutral space"):
            continue
        for ch in letters:
            terr = {h for h, c in cells.items() if c == ch}
            chk.check(len(terr) >= 3 and _connected(terr), where, f"territory {ch} must be >= 3 connected hexes")
        chk.check(_connected({h for h, c in cells.items() if c != "~"}), where, "land must be connected")
        for side in (rows[0], rows[-1], "".join(r[0] for r in rows), "".join(r[-1] for r in rows)):
            if set(side) == {"~"}:
                chk.fail(where, "every side needs a land hex so grids can join (CC-SETUP-3)")
                break
    chk.check(len(grids) >= 8 and any("~" in "".join(g.get("rows") or ()) for g in grids if isinstance(g, dict)),
              "grids", "need >= 8 grid designs, some with water")
    gp = data["grids_per_players"]
    for n in range(2, 7):
        chk.check(is_int(gp.get(str(n)), 2, min(len(grids), len(geometry.SLOTS))), "grids_per_players",
                  f"{n} players: a whole number from 2 to {min(len(grids), len(geometry.SLOTS))}")
    chk.done()


def load() -> tuple[list, list, dict]:
    units = read_json(__package__, "units.json")["units"]
    specials = read_json(__package__, "specials.json")["specials"]
    grids = read_json(__package__, "grids.json")
    check_units(units)
    check_specials(specials)
    check_grids(grids)
    return units, specials, grids


_UNITS, _SPECIALS, _GRIDS = load()
UNITS: dict[str, UnitSpec] = {u["key"]: u for u in _UNITS}
SPECIALS: dict[str, SpecialSpec] = {s["key"]: s for s in _SPECIALS}
GRIDS: dict[str, GridSpec] = {g["key"]: g for g in _GRIDS["grids"]}
GRIDS_PER_PLAYERS: dict[int, int] = {int(k): v for k, v in _GRIDS["grids_per_players"].items()}


def stack_cards() -> list[str]:
    """The card keys of the stack, in data order, one entry per copy (CC-SETUP-7)."""
    out = [u["key"] for u in _UNITS for _ in range(u["copies"])]
    out += [s["key"] for s in _SPECIALS for _ in range(s["copies"])]
    return out


def card_name(key: str) -> str:
    return (UNITS.get(key) or SPECIALS[key])["name"]

"""Hex Battle content: units, command cards and pre-built armies, loaded from
``data/*.json`` and checked against a schema at import.

The rules text gives no units or cards (HB-GAP-1, HB-GAP-2); these are
Boardshelf's own designs.  Army rules (HB-ARMY-*, HB-DEP-*, HB-GAP-6) are
checked by :func:`validate_army`, which the builder, the setup screen and
``new()`` all share.
"""
from __future__ import annotations

import json

from ...engine.util import read_text
from . import hexgrid


UNIT_TYPES = ("infantry", "cavalry", "ranged")
ACTION_KINDS = ("move", "ranged")
MAX_POINTS = 50
MIN_CARDS = 30
MIN_UNITS = 2


class ContentError(ValueError):
    """The content data breaks its schema."""


def _read(name: str) -> dict:
    return json.loads(read_text(__package__, "data", name))


def _is_int(v, lo=None) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and (lo is None or v >= lo)


def check_units(units: dict) -> None:
    """Raise ContentError unless every unit follows the schema (HB-GAP-1, HB-GAP-25)."""
    for key, u in units.items():
        where = f"unit {key!r}"
        need = {"name", "type", "points", "edges", "health", "speed", "armor", "range", "text"}
        if set(u) != need:
            raise ContentError(f"{where}: fields {sorted(set(u) ^ need)} wrong")
        if u["type"] not in UNIT_TYPES:
            raise ContentError(f"{where}: type must be one of {UNIT_TYPES}")
        if not _is_int(u["points"], 1):
            raise ContentError(f"{where}: points must be a whole number >= 1")
        if not (isinstance(u["edges"], list) and len(u["edges"]) == 6 and all(_is_int(e, 0) for e in u["edges"])):
            raise ContentError(f"{where}: edges must be six whole numbers >= 0")
        for f in ("health", "speed"):
            if not _is_int(u[f], 1):
                raise ContentError(f"{where}: {f} must be a whole number >= 1")
        if u["armor"] is not None and not _is_int(u["armor"], 1):
            raise ContentError(f"{where}: armor must be null or a whole number >= 1")
        if u["type"] == "ranged":
            if not _is_int(u["range"], 1):
                raise ContentError(f"{where}: a ranged unit needs a range >= 1")
        elif u["range"] is not None:
            raise ContentError(f"{where}: only ranged units carry a range")


def check_cards(cards: dict) -> None:
    """Raise ContentError unless every card follows the schema (HB-GAP-2, HB-GAP-3)."""
    for key, c in cards.items():
        where = f"card {key!r}"
        if set(c) != {"name", "cost", "actions", "text"}:
            raise ContentError(f"{where}: fields must be name, cost, actions, text")
        if not _is_int(c["cost"], 0):
            raise ContentError(f"{where}: cost must be a whole number >= 0")
        if not (isinstance(c["actions"], list) and c["actions"]):
            raise ContentError(f"{where}: needs at least one action")
        for a in c["actions"]:
            if a.get("do") not in ACTION_KINDS or set(a) - {"do", "only", "limit", "within"}:
                raise ContentError(f"{where}: bad action {a!r}")
            if "only" in a and a["only"] not in UNIT_TYPES:
                raise ContentError(f"{where}: 'only' must name a unit type")
            if "limit" in a and (a["do"] != "move" or not _is_int(a["limit"], 1)):
                raise ContentError(f"{where}: 'limit' is a move's movement-point cap >= 1")
            if "within" in a and (a["do"] != "ranged" or not _is_int(a["within"], 1)):
                raise ContentError(f"{where}: 'within' is a ranged attack's distance cap >= 1")


UNITS: dict = _read("units.json")["units"]
CARDS: dict = _read("cards.json")["cards"]
check_units(UNITS)
check_cards(CARDS)


def unit_points(key: str) -> int:
    return UNITS[key]["points"]


def army_points(army: dict) -> int:
    """Units plus cards (HB-ARMY-8); a card's points are its cost (HB-ARMY-7)."""
    return (sum(UNITS[u["key"]]["points"] for u in army.get("units", []) if u.get("key") in UNITS)
            + sum(CARDS[k]["cost"] * n for k, n in army.get("cards", {}).items() if k in CARDS))


def army_card_count(army: dict) -> int:
    return sum(n for n in army.get("cards", {}).values() if _is_int(n, 0))


def validate_army(army) -> list[str]:
    """Every reason this army cannot start a game, in words a player reads; empty when it is valid.

    Checks the shape, HB-ARMY-9 (<= 50 points), HB-ARMY-10 (>= 30 cards), HB-GAP-6 (>= 2 units),
    HB-DEP-3 (every unit placed on a battlefield hex), HB-DEP-4 and HB-GAP-9 (all in the home half,
    rows 9-16), HB-GAP-11 (one unit per hex) and HB-GAP-10 (a facing per unit).
    """
    if not isinstance(army, dict):
        return ["this is not an army"]
    problems = []
    name = army.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append("the army needs a name")
    units = army.get("units")
    cards = army.get("cards")
    if not isinstance(units, list) or not all(isinstance(u, dict) for u in units):
        return problems + ["the unit list is malformed"]
    if not isinstance(cards, dict) or not all(isinstance(k, str) and _is_int(n, 0) for k, n in cards.items()):
        return problems + ["the card list is malformed"]
    unknown = sorted({str(u.get("key")) for u in units if u.get("key") not in UNITS}
                     | {k for k in cards if k not in CARDS})
    if unknown:
        problems.append("unknown units or cards: " + ", ".join(unknown))
        return problems
    pts = army_points(army)
    if pts > MAX_POINTS:
        problems.append(f"worth {pts} points: the limit is {MAX_POINTS}")
    n = army_card_count(army)
    if n < MIN_CARDS:
        problems.append(f"only {n} cards: an army needs at least {MIN_CARDS}")
    if len(units) < MIN_UNITS:
        problems.append(f"only {len(units)} unit(s): an army needs at least {MIN_UNITS}")
    seen = set()
    unplaced = off_half = 0
    for u in units:
        h = u.get("hex")
        cr = hexgrid.parse(h) if isinstance(h, str) else None
        if cr is None:
            unplaced += 1
            continue
        if cr[1] < 8:
            off_half += 1
        if h in seen:
            problems.append(f"two units on {h}")
        seen.add(h)
        if not _is_int(u.get("facing"), 0) or u["facing"] > 5:
            problems.append(f"the unit on {h} has no facing")
    if unplaced:
        problems.append(f"{unplaced} unit(s) not placed on the battlefield")
    if off_half:
        problems.append(f"{off_half} unit(s) outside your half (rows 9-16): all units deploy on one side of the centerline")
    return problems


def load_prebuilt() -> list[dict]:
    armies = _read("armies.json")["armies"]
    for a in armies:
        bad = validate_army(a)
        if bad:
            raise ContentError(f"pre-built army {a.get('name')!r}: {'; '.join(bad)}")
    return armies


PREBUILT: list = load_prebuilt()

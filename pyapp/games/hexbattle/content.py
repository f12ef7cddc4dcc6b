"""Hex Battle content: units, command cards and pre-built armies, loaded from
``data/*.json`` and checked against a schema at import.

The rules text gives no units or cards (HB-GAP-1, HB-GAP-2); these are
Boardshelf's own designs.  Army rules (HB-ARMY-*, HB-DEP-*, HB-GAP-6) are
checked by :func:`validate_army`, which the builder, the setup screen and
``new()`` all share.
"""
from __future__ import annotations

from ...engine.content import Checker, ContentError, is_int, read_json
from .hexgrid import GRID, half

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import CardSpec, UnitSpec

__all__ = ["CARDS", "PREBUILT", "UNITS", "ContentError", "army_card_count", "army_points", "check_cards",
           "check_units", "validate_army"]

UNIT_TYPES = ("infantry", "cavalry", "ranged")
ACTION_KINDS = ("move", "ranged")
MAX_POINTS = 50
MIN_CARDS = 30
MIN_UNITS = 2
# House rule (the text has no upper card limit but points, HB-ARMY-11, and free cards add no points):
# at most 200 cards, so a file or link cannot make a deck of millions that freezes the page
MAX_CARDS = 200
UNIT_FIELDS = {"name", "type", "points", "edges", "health", "speed", "armor", "range", "text"}
CARD_FIELDS = {"name", "cost", "actions", "text"}
ACTION_FIELDS = {"do", "only", "limit", "within"}


def check_units(units: dict, source: str = "units.json") -> None:
    """Raise ContentError (listing every problem) unless every unit follows the schema (HB-GAP-1, HB-GAP-25)."""
    chk = Checker(source)
    for key, u in units.items():
        where = f"unit {key!r}"
        if not chk.fields(u, UNIT_FIELDS, where):
            continue
        chk.text(u["name"], where, "name")
        chk.one_of(u["type"], UNIT_TYPES, where, "type")
        chk.int(u["points"], where, "points", lo=1)
        chk.check(isinstance(u["edges"], list) and len(u["edges"]) == 6 and all(is_int(e, 0) for e in u["edges"]),
                  where, "edges must be six whole numbers >= 0")
        chk.int(u["health"], where, "health", lo=1)
        chk.int(u["speed"], where, "speed", lo=1)
        if u["armor"] is not None:
            chk.int(u["armor"], where, "armor (null or a number)", lo=1)
        if u["type"] == "ranged":
            chk.int(u["range"], where, "range of a ranged unit", lo=1)
        else:
            chk.check(u["range"] is None, where, "only ranged units carry a range")
    chk.done()


def check_cards(cards: dict, source: str = "cards.json") -> None:
    """Raise ContentError (listing every problem) unless every card follows the schema (HB-GAP-2, HB-GAP-3)."""
    chk = Checker(source)
    for key, c in cards.items():
        where = f"card {key!r}"
        if not chk.fields(c, CARD_FIELDS, where):
            continue
        chk.text(c["name"], where, "name")
        chk.int(c["cost"], where, "cost", lo=0)
        if not chk.check(isinstance(c["actions"], list) and bool(c["actions"]), where, "needs at least one action"):
            continue
        for i, a in enumerate(c["actions"]):
            at = f"{where} action {i + 1}"
            if not chk.fields(a, {"do"}, at, ACTION_FIELDS - {"do"}):
                continue
            chk.one_of(a["do"], ACTION_KINDS, at, "do")
            if "only" in a:
                chk.one_of(a["only"], UNIT_TYPES, at, "'only' (a unit type)")
            if "limit" in a:
                chk.check(a["do"] == "move", at, "'limit' caps a move's movement points")
                chk.int(a["limit"], at, "limit", lo=1)
            if "within" in a:
                chk.check(a["do"] == "ranged", at, "'within' caps a ranged attack's distance")
                chk.int(a["within"], at, "within", lo=1)
    chk.done()


UNITS: dict[str, UnitSpec] = read_json(__package__, "units.json")["units"]
CARDS: dict[str, CardSpec] = read_json(__package__, "cards.json")["cards"]
check_units(UNITS)
check_cards(CARDS)


def unit_points(key: str) -> int:
    return UNITS[key]["points"]


def army_points(army: dict) -> int:
    """Units plus cards (HB-ARMY-8); a card's points are its cost (HB-ARMY-7)."""
    return (sum(UNITS[u["key"]]["points"] for u in army.get("units", []) if u.get("key") in UNITS)
            + sum(CARDS[k]["cost"] * n for k, n in army.get("cards", {}).items() if k in CARDS))


def army_card_count(army: dict) -> int:
    return sum(n for n in army.get("cards", {}).values() if is_int(n, 0))


def validate_army(army: object) -> list[str]:
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
    if not isinstance(cards, dict) or not all(isinstance(k, str) and is_int(n, 0) for k, n in cards.items()):
        return problems + ["the card list is malformed"]
    if len(units) > MAX_POINTS or len(cards) > len(CARDS):      # every unit costs a point: cheap bounds first
        return problems + [f"{len(units)} units and {len(cards)} kinds of card: far beyond what {MAX_POINTS} points buy"]
    unknown = sorted({str(u.get("key")) for u in units if not isinstance(u.get("key"), str) or u["key"] not in UNITS}
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
    if n > MAX_CARDS:
        problems.append(f"{n} cards: Boardshelf allows at most {MAX_CARDS} (a house rule)")
    if len(units) < MIN_UNITS:
        problems.append(f"only {len(units)} unit(s): an army needs at least {MIN_UNITS}")
    seen: set[str] = set()
    unplaced = off_half = 0
    for u in units:
        h = u.get("hex")
        if h not in GRID:
            unplaced += 1
            continue
        if half(h) == 0:
            off_half += 1
        if h in seen:
            problems.append(f"two units on {h}")
        seen.add(h)
        if not is_int(u.get("facing"), 0) or u["facing"] > 5:
            problems.append(f"the unit on {h} has no facing")
    if unplaced:
        problems.append(f"{unplaced} unit(s) not placed on the battlefield")
    if off_half:
        problems.append(f"{off_half} unit(s) outside your half (rows 9-16): all units deploy on one side of the centerline")
    return problems


def load_prebuilt() -> list[dict]:
    """The sample armies (HB-GAP-5); each must be a valid army."""
    armies = read_json(__package__, "armies.json")["armies"]
    chk = Checker("armies.json")
    for a in armies:
        for problem in validate_army(a):
            chk.fail(f"army {a.get('name') if isinstance(a, dict) else a!r}", problem)
    chk.done()
    return armies


PREBUILT: list[dict] = load_prebuilt()

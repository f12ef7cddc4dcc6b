"""Clockwork Crusade: per-card tables and remembered Actions for the Main step's listing (:mod:`.units`).

Pure functions of the unit cards (:data:`.content.UNITS`) and caches shared by every game: what the hot listing
looks up instead of computing (levels, ranges, abilities), and the move, attack, portal and end Actions it made
before (Actions are immutable: the same one may be listed in any game).
"""
from __future__ import annotations

from operator import itemgetter

from ...engine import Action
from .content import UNITS, parse_range
from .geometry import distance, line_of_fire

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from collections.abc import Mapping
    from typing import Any

_ABIL = {k: frozenset(u["abilities"]) for k, u in UNITS.items()}


def _level_table(card: Mapping[str, Any], stat: str) -> tuple[int, int, int, int]:
    """A card's ``stat`` (no ``vs``) at level class 0, 1, 2 and 3 (see :func:`_lv_class`; 0 and 1 alike)."""
    def at(bonuses) -> int:
        return card[stat] + sum(b["add"] for b in bonuses if b["stat"] == stat and b.get("vs") is None)
    return at(()), at(()), at(card["level2"]), at(card["level3"])


def _lv_class(copies: int) -> int:
    """The level bonuses a unit gets from ``copies`` of its card: none (1), level 2, or level 3 (3 or more)."""
    return 3 if copies >= 3 else copies


def _range_table(card: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    lo, hi = parse_range(card["range"])
    if hi == 0:
        return ((0, 0),) * 4
    adds = [0, 0] + [sum(b["add"] for b in card[f"level{n}"] if b["stat"] == "range") for n in (2, 3)]
    return tuple((lo, hi + a) for a in adds)


# per card: Movement and range by level class (what :meth:`stat` and :meth:`urange` give with no buff), whether
# it fights, whether it is a Building or a Barricade; the abilities that list actions of their own
_MOVE = {k: _level_table(u, "movement") for k, u in UNITS.items()}
_RANGE = {k: _range_table(u) for k, u in UNITS.items()}
_FIGHTS = frozenset(k for k, u in UNITS.items() if parse_range(u["range"])[1] > 0
                    and (u["type"] != "building" or "mounted-weaponry" in u["abilities"]))
_BUILDING = frozenset(k for k, u in UNITS.items() if u["type"] == "building")
_BARRICADE = frozenset(k for k, u in UNITS.items() if "barricade" in u["abilities"])
_SPECIAL_ABILITIES = frozenset(("artillery-shell", "assassinate", "corrupt", "portal-wall", "self-destruct"))
_UNIT_ORDER = {k: i for i, k in enumerate(UNITS)}
_MOVES_KEPT = 16384                    # remembered move and attack listings (_MOVES, _ATTACKS), at most
# remembered listings for every game, pure functions of their keys: (hex, Movement, card, the land hexes within
# Movement steps of it (Board.ball), the blocked hexes among them) -> the unit's moves: (the hexes it may reach,
# their Actions in hex order, [(hex, Action)], {its own units' hexes among them: the Actions without those}); a move
# never leaves that ball, so the board around it does not matter.  (hex, lo, hi, may fire at range, card, other
# players' units' hexes within hi, open Gate Tokens' hexes within hi, barricades' hexes) -> the attack Actions of a
# unit with no target called off or half used (distances and lines of fire are the table's)
_MOVES: dict[tuple, tuple[frozenset[str], list[Action], list[tuple[str, Action]], dict[frozenset[str], list[Action]]]] = {}
_ATTACKS: dict[tuple, list[Action]] = {}
# per card, what the Main step's listing asks of it: (name, abilities, moves (not a Building), Movement by level
# class, fights, range by level class, attacks a turn (Cleave: 2), fires after moving (Run and Gun), has an ability
# with actions of its own, Salvage)
_CARD = {k: (u["name"], _ABIL[k], k not in _BUILDING, _MOVE[k], k in _FIGHTS, _RANGE[k], 2 if "cleave" in _ABIL[k] else 1,
             "run-and-gun" in _ABIL[k], bool(_ABIL[k] & _SPECIAL_ABILITIES), "salvage" in _ABIL[k])
         for k, u in UNITS.items()}
_MOVE_ACTS: dict[tuple[str, str, str], Action] = {}    # (card, from hex, to hex) -> its move Action, for every game
_PORTAL_ACTS: dict[tuple[str, str], Action] = {}  # (card, arrow hex) -> its portal Action (the cost is the card's)
_END_ACTS: dict[int, Action] = {}                       # units that can still act -> the Action ending the Main step
_ACTION_ID = itemgetter(0)
_FEW = 12                      # units on the board up to which the Main listing sorts them in a plain loop
_NO_ATTACKS: tuple = (None, None, None, None, None, {}, [], frozenset(), frozenset(), frozenset())  # (never written)
# (card id, special card's name, hex, controller, unit card) -> the Action playing it on that unit, for every game
_PLAY_ACTS: dict[tuple[str, str, str, int, str], Action] = {}
_HEX, _CTRL, _CARDK = itemgetter("hex"), itemgetter("ctrl"), itemgetter("card")


def _moves_without(entry: tuple, hit: frozenset[str]) -> list[Action]:
    """The moves of a memo entry (see _MOVES) that do not end on ``hit`` (the seat's own units' hexes
    among the hexes it reaches), remembered in the entry."""
    by_hit = entry[3]
    if len(by_hit) >= 64:
        by_hit.clear()
    moves = by_hit[hit] = [a for t, a in entry[2] if t not in hit]
    return moves


def _near_targets(h: str, lo: int, ranged_ok: bool, cand: frozenset[str], bar: set[str]) -> list[str]:
    """:meth:`.units.UnitActions._fast_targets` of an attack from ``h`` with no target called off and no Cleave half
    used, given ``cand``: the other players' units' hexes and the open Gate Tokens' hexes within its range."""
    out = []
    for t in cand:
        dist = distance(h, t)
        if dist >= lo and (dist <= 1 or (ranged_ok and bar.isdisjoint(line_of_fire(h, t)))):
            out.append(t)
    out.sort()
    return out

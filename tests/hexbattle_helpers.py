"""Scenario builders for Hex Battle rule tests: set up an exact board, hand and turn.

Tests build positions only through these named helpers (never by editing a state's dicts)."""
from __future__ import annotations

import copy

from pyapp.engine.flow import Flow
from pyapp.engine.log import plain
from pyapp.games.hexbattle import GAME
from pyapp.games.hexbattle.content import PREBUILT, UNITS


def army(name="Test", units=None, cards=None):
    units = units if units is not None else [{"key": "spearwall", "hex": "c10", "facing": 0},
                                            {"key": "militia", "hex": "d10", "facing": 0}]
    cards = cards if cards is not None else {"shuffle": 30}
    return {"name": name, "units": units, "cards": cards}


def new(seed=1, armies=None):
    return GAME.new(2, seed, {"armies": armies or [copy.deepcopy(PREBUILT[0]), copy.deepcopy(PREBUILT[1])]})


def unit(owner, key, hex_name, facing=0, health=None, uid=None):
    return {"id": uid or f"{owner}.{key}.{hex_name}", "owner": owner, "key": key, "hex": hex_name,
            "facing": facing, "health": UNITS[key]["health"] if health is None else health}


def scenario(units, active=0, hand=None, deck=None, actions_left=2):
    """A state at the start of ``active``'s turn (seat 0 went first) with exactly these units, this
    hand and deck (card keys); the opponent holds no cards and 3 Shuffle Steps in its deck."""
    s = new()
    d = s.data
    d.update(units=[dict(u) for u in units], first=0, active=active, turn=1, actions_left=actions_left,
             lost=[0, 0], hand=[[], []], deck=[[], []], discard=[[], []])
    flow = Flow.new("turn", 0)
    # the active seat's turn is under way; the seats after it in this round are still to come
    flow.update(active=active, order=[seat for seat in (0, 1) if seat > active], turn=1)
    d["flow"] = flow
    for key in hand or []:
        give(s, active, key)
    for key in deck or []:
        s.data["deck"][active].append(_new_card(s, key))
    # the opponent needs something to do so turns can pass normally
    for _ in range(3):
        s.data["deck"][1 - active].append(_new_card(s, "shuffle"))
    return s


def _new_card(s, key):
    cid = f"t{len(s.data['cards']) + 1:03d}"
    s.data["cards"][cid] = key
    return cid


def give(s, seat, key):
    """A new card of ``key`` in ``seat``'s hand; returns its id."""
    cid = _new_card(s, key)
    s.data["hand"][seat].append(cid)
    return cid


def discarded(s, seat, *keys):
    """New cards of these keys on ``seat``'s discard pile (oldest first); returns their ids."""
    ids_ = [_new_card(s, key) for key in keys]
    s.data["discard"][seat].extend(ids_)
    return ids_


def remove_from_hand(s, seat, cid):
    """Card ``cid`` leaves ``seat``'s hand (and the game)."""
    s.data["hand"][seat].remove(cid)


def empty_hand(s, seat):
    s.data["hand"][seat] = []


def empty_deck(s, seat):
    s.data["deck"][seat] = []


def set_lost(s, lost):
    """Each seat has already lost units worth ``lost[seat]`` points."""
    s.data["lost"] = list(lost)


def recheck_turn(s):
    """Let the game notice a position built by hand: a seat with no legal action forfeits
    (HB-GAP-31), both stuck ends the game (HB-GAP-32)."""
    s._ensure_can_act(s.data["active"])
    s._advance()


def log_texts(s, kind=None):
    """The log as plain text (seats as P1, P2), only entries of ``kind`` if given."""
    return [plain(e) for e in s.log if kind is None or (isinstance(e, dict) and e.get("kind") == kind)]


def play_move(s, unit_hex, *points, seat=None):
    """Play a fresh March (paid with a fresh March) to move the unit on ``unit_hex``."""
    seat = s.active if seat is None else seat
    card, payment = give(s, seat, "march"), give(s, seat, "march")
    s.apply(seat, f"play:{card}")
    s.apply(seat, f"pay:{payment}")
    s.apply(seat, "pay:ok")
    s.apply(seat, f"unit:{unit_hex}")
    for p in points:
        s.apply(seat, p)
    return card


def ids(s, seat=None):
    return [a.id for a in s.legal_actions(s.active if seat is None else seat)]

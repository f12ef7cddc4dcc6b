"""Scenario builders for Hex Battle rule tests: set up an exact board, hand and turn."""
from __future__ import annotations

import copy

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
    """A state in ``active``'s main phase with exactly these units and this hand (card keys)."""
    s = new()
    s.units = [dict(u) for u in units]
    s.active = active
    s.first = 0
    s.turn = 1
    s.actions_left = actions_left
    s.phase = "main"
    s.pending = None
    s.result = None
    s.lost = [0, 0]
    s.hand = [[], []]
    s.deck = [[], []]
    s.discard = [[], []]
    for key in hand or []:
        give(s, active, key)
    for key in deck or []:
        s.deck[active].append(_new_card(s, key))
    # the opponent needs something to do so turns can pass normally
    for _ in range(3):
        s.deck[1 - active].append(_new_card(s, "shuffle"))
    return s


def _new_card(s, key):
    cid = f"t{len(s.cards) + 1:03d}"
    s.cards[cid] = key
    return cid


def give(s, seat, key):
    cid = _new_card(s, key)
    s.hand[seat].append(cid)
    return cid


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

"""Shared helpers for the Clockwork Crusade tests (no tests here).

``board(players)`` plays a fixed setup: Rivet Steppe in slot 1, Rail Crossing
in slot 2, Brass Plateau in slot 5, Foundry Yards in slot 6 (then more for more
players); Red's Gate Token on a1 (arrow a2, territory 1A), Blue's on f5 (arrow
f4, territory 1D).  Rivet Steppe (slot 1) reads::

    a-c 1-2: 1A   d-f 1-2: 1B   row 3: neutral, d3 water   a-c 4-5: 1C   d-f 4-5: 1D
"""
from __future__ import annotations

from pyapp.games.clockwork import GAME

GRIDS = ["steppe@s1", "crossing@s2", "plateau@s5", "foundry@s6", "canal@s3", "ridge@s7", "delta@s9", "lagoon@s10"]
GATES = ["a1>a2", "f5>f4", "j1>j2", "a14>a15", "v1>v2", "g6>g7"]


class Script:
    """A stand-in for the state's Rng that replays scripted dice and coins."""

    def __init__(self, rolls=(), coins=(), choices=()):
        self.rolls, self.coins, self.choices = list(rolls), list(coins), list(choices)
        self.draws = 0

    def roll(self, sides=6):
        self.draws += 1
        return self.rolls.pop(0)

    def coin(self):
        self.draws += 1
        return self.coins.pop(0)

    def choice(self, seq):
        self.draws += 1
        return seq[self.choices.pop(0) if self.choices else 0]

    def to_json(self):
        return [1, 1, self.draws]


def setup(players=2, seed=1, gates=None):
    """A game after setup (grids and gates placed as above), at the first turn's first decision."""
    st = GAME.new(players, seed)
    n = st.n_grids()
    for g in GRIDS[:n]:
        st.apply(st.to_act[0], "grid:" + g)
    for g in (gates or GATES)[:players]:
        st.apply(st.to_act[0], "gate:" + g)
    return st


def main(players=2, seed=1, active=0, res=None, gates=None, clear=True):
    """A game at ``active``'s Main step with no units or portals, not on a first turn."""
    st = setup(players, seed, gates)
    s = st.s
    s["phase"] = "main"
    s["active"] = active
    s["pending"] = None
    s["place"] = []
    for i, g in enumerate(s["gates"]):  # GATES[i] belongs to seat i whoever placed first
        g["owner"] = i
    if clear:
        s["units"], s["portals"] = [], []
    s["turns"] = [3] * players
    s["turn"] = 10
    if res is not None:
        s["res"] = list(res)
    return st


def put(st, card, seat, hexes):
    """Put a face-up unit (or several) of ``seat`` on the board; returns the last."""
    u = None
    for h in hexes.split():
        u = st._new_unit(card, seat, h)
    return u


def give(st, seat, *keys):
    """Give unit/special cards to a seat's hand (taken from the stack); returns their ids."""
    s = st.s
    out = []
    for key in keys:
        cid = next(c for c in s["stack"] if s["cards"][c] == key)
        s["stack"].remove(cid)
        s["hands"][seat].append(cid)
        out.append(cid)
    return out


def ids(st, seat=None):
    seat = st.to_act[0] if seat is None else seat
    return [a.id for a in st.legal_actions(seat)]

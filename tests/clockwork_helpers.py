"""Shared helpers for the Clockwork Crusade tests (no tests here): positions are built and read
through these named functions, never by editing the state's data in a test.

``board(players)`` plays a fixed setup: Rivet Steppe in slot 1, Rail Crossing
in slot 2, Brass Plateau in slot 5, Foundry Yards in slot 6 (then more for more
players); Red's Gate Token on a1 (arrow a2, territory 1A), Blue's on f5 (arrow
f4, territory 1D).  Rivet Steppe (slot 1) reads::

    a-c 1-2: 1A   d-f 1-2: 1B   row 3: neutral, d3 water   a-c 4-5: 1C   d-f 4-5: 1D
"""
from __future__ import annotations

from pyapp.engine.log import plain
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


# ---------------------------------------------------------------- building positions
def setup(players=2, seed=1, gates=None):
    """A game after setup (grids and gates placed as above), at the first turn's first decision."""
    st = GAME.new(players, seed)
    n = st.n_grids()
    for g in GRIDS[:n]:
        st.apply(st.to_act[0], "grid:" + g)
    for g in (gates or GATES)[:players]:
        st.apply(st.to_act[0], "gate:" + g)
    return st


def _jump(st, seat, step):
    """Make it ``seat``'s turn at ``step`` now (no question open); the following turns go on clockwise."""
    d, flow = st.data, st.data["flow"]
    n = st.players
    d["start"] = seat
    flow.update(phase="round", active=seat, prompt=None, stack=[{"kind": step, "seat": seat}],
                order=[(seat + i) % n for i in range(1, n)])
    st._advance()


def main(players=2, seed=1, active=0, res=None, gates=None, clear=True):
    """A game at ``active``'s Main step with no units or portals, not on a first turn."""
    st = setup(players, seed, gates)
    d = st.data
    for i, g in enumerate(d["gates"]):  # GATES[i] belongs to seat i whoever placed first
        g["owner"] = i
    if clear:
        d["units"], d["portals"] = [], []
    d["turns_taken"] = [3] * players
    d["turn"] = 10
    if res is not None:
        d["resources"] = list(res)
    _jump(st, active, "main")
    return st


def begin_turn(st, seat):
    """Start ``seat``'s turn now (its Control step, then what follows by itself), whatever was under way."""
    flow = st.data["flow"]
    flow.update(active=seat, prompt=None, stack=[])
    st._begin_turn_round(seat)
    st._advance()


def put(st, card, seat, hexes):
    """Put a face-up unit (or several) of ``seat`` on the board; returns the last."""
    u = None
    for h in hexes.split():
        u = st._new_unit(card, seat, h)
    return u


def give(st, seat, *keys):
    """Give unit/special cards to a seat's hand (taken from the stack); returns their ids."""
    d = st.data
    out = []
    for key in keys:
        cid = next(c for c in d["stack"] if d["cards"][c] == key)
        d["stack"].remove(cid)
        d["hands"][seat].append(cid)
        out.append(cid)
    return out


def take_control(st, u, seat):
    """``seat`` controls the unit ``u`` until the end of the turn (as after Corrupt)."""
    u["ctrl"] = seat


def add_gate(st, h, owner, arrow):
    """A Gate Token of ``owner`` on ``h`` with its arrow at ``arrow``."""
    st.data["gates"].append({"hex": h, "owner": owner, "arrow": arrow})


def remove_gate(st, h):
    st.data["gates"].remove(st._gate_at(h))


def add_portal(st, h, owner, card, src="gate"):
    """A face-down portal of ``owner`` on ``h`` hiding ``card`` (``src``: gate, wall or regen)."""
    st.data["portals"].append({"hex": h, "owner": owner, "card": card, "src": src})


def set_resources(st, seat, n):
    st.data["resources"][seat] = n


def empty_stack(st):
    st.data["stack"] = []


def hide_differently(st, seat):
    """A copy of ``st`` whose hidden information of the other seats differs (portal units, hand card types)."""
    other = st.clone()
    d = other.data
    keys = ["crab-tank", "shade", "hexer", "mortar-walker", "siege-battery"]
    for i, p in enumerate(d["portals"]):
        if p["owner"] != seat:
            p["card"] = keys[i % len(keys)] if p["card"] != keys[i % len(keys)] else "bomb-beetle"
    for q in range(st.players):
        if q == seat:
            continue
        for cid in d["hands"][q]:
            if not cid.startswith("i"):
                d["cards"][cid] = "supply-drop" if d["cards"][cid] != "supply-drop" else "sabotage"
    return other


# ---------------------------------------------------------------- reading positions
def ids(st, seat=None):
    seat = st.to_act[0] if seat is None else seat
    return [a.id for a in st.legal_actions(seat)]


def log(st):
    """The log as players read it (seats named by their colours)."""
    names = st.view(None)["names"]
    return [plain(e, names) for e in st.log]


def phase(st):
    return st.view(None)["phase"]


def active(st):
    return st.view(None)["active"]


def resources(st):
    return list(st.data["resources"])


def units(st):
    """The units on the board (the rules' own dicts: a unit returned by :func:`put` is one of them)."""
    return st.data["units"]


def portals(st):
    """Every portal with its hidden unit (``card``), as the rules keep them."""
    return st.data["portals"]


def gates(st):
    return st.data["gates"]


def hand(st, seat):
    """The card ids in ``seat``'s hand."""
    return list(st.data["hands"][seat])


def hand_keys(st, seat):
    """The card keys in ``seat``'s hand, in order."""
    return [st.data["cards"][c] for c in st.data["hands"][seat]]


def stack(st):
    """The card ids of the stack, the top last."""
    return list(st.data["stack"])


def out(st):
    return list(st.data["out"])

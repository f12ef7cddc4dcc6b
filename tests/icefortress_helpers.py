"""Helpers for the Ice Fortress tests: build exact fortress situations in one place.

Tests build positions only through these functions (they are the one place that knows the
state's data layout, see pyapp/games/icefortress/rules.py).
"""
from __future__ import annotations

from pyapp.games.icefortress import GAME, content
from pyapp.games.icefortress import fortress as fx


def new(players=2, seed=1, difficulty=7):
    """A game right after setup: every seat keeps its first two dealt abilities; step 1 of the first turn."""
    st = GAME.new(players, seed, {"difficulty": difficulty})
    if players == 1:
        dealt = list(st.data["dealt"][0])
        for ci, a in ((0, dealt[0]), (0, dealt[1]), (1, dealt[2]), (1, dealt[3])):
            st.apply(0, f"give:{ci}:{a}")
    else:
        for seat in range(players):
            st.apply(seat, f"discard:{st.data['dealt'][seat][2]}")
    return st


def ids(st, seat=None):
    seat = st.to_act[0] if seat is None else seat
    return [a.id for a in st.legal_actions(seat)]


def seat(st):
    return st.to_act[0]


def character(st, ci, name, abilities, cls):
    """Give character ``ci`` these cards."""
    ch = st.data["chars"][ci]
    ch["name"], ch["abilities"], ch["class"] = name, list(abilities), cls


def dice(st, *values):
    """Step 2 of the current turn with these rolled dice."""
    st.data["dice"] = sorted(values)
    st.data["step"] = 2
    st.data["sel"] = None


def _take(st, cid):
    d = st.data
    for deck in d["decks"].values():
        if cid in deck:
            deck.remove(cid)
            return
    if cid in d["supply"]["rooms"]:
        d["supply"]["rooms"].remove(cid)


def built(st, cid, place, pillars=None):
    """Room ``cid`` standing on ``place`` (``base:k`` or ``<room>.<group>``), with ``pillars`` {square: value}."""
    _take(st, cid)
    st._place_room(cid, place)["pillars"].update(pillars or {})
    return cid


def pillars(st, cid, **values):
    st.data["rooms"][cid]["pillars"].update(values)


def invader(st, place, el):
    """An invader of ``el`` (taken from the bag) on a square or, for a group id, on the group."""
    d = st.data
    d["bag"].remove(el)
    cid, part = fx.split(place)
    if part.startswith("g"):
        d["rooms"][cid]["ginv"][part] = el
    else:
        d["rooms"][cid]["inv"][part] = el


def supply(st, rooms=None, **shards):
    """The supply holds exactly these rooms (taken from the decks) and shards (taken from the bag)."""
    d = st.data
    if rooms is not None:
        for cid in list(d["supply"]["rooms"]):
            d["supply"]["rooms"].remove(cid)
            d["decks"][fx.rc(cid)["size"]].insert(0, cid)
        for cid in rooms:
            _take(st, cid)
            d["supply"]["rooms"].append(cid)
    for el, n in shards.items():
        while d["supply"]["shards"][el] < n:
            d["bag"].remove(el)
            d["supply"]["shards"][el] += 1
        while d["supply"]["shards"][el] > n:
            d["supply"]["shards"][el] -= 1
            d["bag"].append(el)


def bag(st, *elements):
    """The bag holds exactly these figures (the others are set aside, out of the game)."""
    st.data["bag"] = list(elements)


def top_of_deck(st, size, cid):
    deck = st.data["decks"][size]
    if cid in deck:
        deck.remove(cid)
    else:
        _take(st, cid)
    deck.append(cid)


def shield(st, n):
    st.data["shield"] = n


def beacons(st, *elements):
    st.data["beacons"] = list(elements)


def neutral(st, *elements):
    st.data["neutral"] = list(elements)


def flipped(st, yes=True):
    st.data["flipped"] = yes


def play(st, *actions):
    """Apply actions for whoever is to act."""
    for a in actions:
        st.apply(st.to_act[0], a)
    return st


def room(st, cid):
    return st.view(None)["rooms"].get(cid)


def fire_stack(st, top="M01"):
    """Fire jumbo J01 on base:0 with large L01 on g1 and medium M01 on L01.g1, all pillars filled."""
    built(st, "J01", "base:0", {"a": 3, "b": 3, "c": 5, "d": 4})
    built(st, "L01", "J01.g1", {"a": 4, "b": 4})
    built(st, top, "L01.g1", {"a": 5})


def siege_clock(st, quiet):
    """``quiet`` whole turns have passed since a room was last built (the siege clock, a house rule)."""
    d = st.data
    d["turns"] = max(d["turns"], quiet)
    d["built_at"] = d["turns"] - quiet


def finish_turn(st):
    """End building and answer every prompt of step 3 with its first option, until the next turn or the end."""
    turns = st.data["turns"]
    play(st, "end")
    while not st.is_over and st.data["turns"] == turns:
        play(st, ids(st)[0])
    return st


def content_before_issue34(monkeypatch):
    """The card set as it was before issue 34's difficulty dial (for positions recorded then): every elemental
    medium room shows a crystal, Stern and Corvin's boost are free, and the beacons of water, air and earth add a boost
    to their Immediately effects."""
    c = content.load()
    for r in c["rooms"].values():
        if r["size"] == "medium" and r["element"] != "white" and not r["crystal"]:
            monkeypatch.setitem(r, "crystal", 1)
    monkeypatch.setitem(c["abilities"]["A16"]["power"], "cost", [])
    monkeypatch.setitem(c["names"]["N2"]["advanced"]["power"], "cost", [])
    for key in ("water-1", "water-2", "air-1", "earth-1", "earth-2"):
        b = c["beacons"][key]["beacon"]
        monkeypatch.setitem(b, "immediately", b["immediately"] + [{"do": "boost", "n": 1}])
    b = c["beacons"]["air-2"]["beacon"]
    monkeypatch.setitem(b, "immediately", [{"do": "boost", "n": 1}] + b["immediately"])

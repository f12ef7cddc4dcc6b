"""Helpers for the Lords of Doomspire tests: build exact board situations."""
from pyapp.games.doomspire import GAME


def game(players=4, seed=1):
    return GAME.new(players, seed)


def to_move(st, seat, dice, rnd=1):
    """Put ``st`` in the move phase of round ``rnd`` with ``seat`` active holding ``dice``."""
    d = st.d
    d["round"], d["phase"], d["order"], d["active"] = rnd, "move", [seat], seat
    d["stack"], d["prompt"], d["window"] = [], None, None
    for p in d["pl"]:
        p["roll"], p["dice"], p["used"], p["spec"] = 1, [], [], []
        for k in p["kn"]:
            k["done"] = False
    p = d["pl"][seat]
    p["dice"], p["used"] = list(dice), [False] * len(dice)


def to_harvest(st, dice_by_seat, rnd=1):
    d = st.d
    d["round"], d["phase"], d["order"], d["active"] = rnd, "harvest", [], None
    d["stack"], d["prompt"], d["window"] = [], None, None
    for s, p in enumerate(d["pl"]):
        dice = dice_by_seat.get(s, [])
        p["roll"], p["dice"], p["used"] = 1, list(dice), [False] * len(dice)
        p["hv"] = {"cap": 0, "got": [], "use": False, "smith": False, "fletch": False, "done": False}


def rolls(st, *values):
    """Script the next 1D3 results."""
    seq = list(values)
    st.roll3 = lambda: seq.pop(0)
    return seq


def ids(st, seat):
    return [a.id for a in st.legal_actions(seat)]


def knight(st, seat, kid="k1"):
    return st.knight(seat, kid)


def add_knight(st, seat, tile):
    p = st.d["pl"][seat]
    k = {"id": f"k{p['nk']}", "at": tile, "it": [], "fo": [], "done": False}
    p["nk"] += 1
    p["kn"].append(k)
    return k


def set_tile(st, t, code, explored=True, tokens=None):
    x = st.d["tiles"][t]
    x["k"], x["x"] = code, explored
    kind = st.C["board"]["kinds"][code]
    x["n"] = kind.get("tokens", 0) if tokens is None else tokens
    x["m"] = None
    return x


def bear(st):
    return dict(st.C["board"]["bear"], card=None)


def top_card(st, cid):
    """Put card ``cid`` on top of its tier deck."""
    card = st.C["card_by_id"][cid]
    deck = st.d["decks"][str(card["tier"])]
    if cid in deck:
        deck.remove(cid)
    deck.append(cid)


def doomspire(st):
    return next(t for t, x in st.d["tiles"].items() if x["k"] == "DS")


def give_item(st, seat, key, kid="k1"):
    iid = st.new_item(key)
    knight(st, seat, kid)["it"].append(iid)
    return iid

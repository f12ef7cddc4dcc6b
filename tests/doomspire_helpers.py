"""Helpers for the Lords of Doomspire tests: build exact board situations and read them back.

Tests go through these named functions, never through the state's internal dict, so a change
of the state's layout is fixed here once.
"""
from pyapp.engine.log import plain
from pyapp.games.doomspire import GAME


def game(players=4, seed=1):
    return GAME.new(players, seed)


def _data(st):
    return st.data


def _player(st, seat):
    return st.data["players"][seat]


def _flow(st):
    return st.data["flow"]


# ---------------------------------------------------------------- phases and turns
def to_move(st, seat, dice, rnd=1):
    """Put ``st`` in the move phase of round ``rnd`` with ``seat`` active holding ``dice`` (nobody after it)."""
    d, f = _data(st), _flow(st)
    d["round"] = rnd
    f["phase"], f["order"], f["active"], f["waiting"], f["passed"] = "move", [], seat, [], []
    f["stack"], f["prompt"] = [], None
    d["window"] = None
    d["move_turns"] = 1
    for p in d["players"]:
        p["roll"], p["dice"], p["used"], p["specials_used"] = 1, [], [], []
        for k in p["knights"]:
            k["done"] = False
    p = d["players"][seat]
    p["dice"], p["used"] = list(dice), [False] * len(dice)


def to_harvest(st, dice_by_seat, rnd=1):
    """Put ``st`` in the harvest phase of round ``rnd``; every lord in play still to harvest, with the given dice."""
    d, f = _data(st), _flow(st)
    d["round"] = rnd
    f["phase"], f["order"], f["active"], f["passed"] = "harvest", [], None, []
    f["waiting"] = st.active_seats()
    f["stack"], f["prompt"] = [], None
    d["window"] = None
    for s, p in enumerate(d["players"]):
        dice = dice_by_seat.get(s, [])
        p["roll"], p["dice"], p["used"] = 1, list(dice), [False] * len(dice)
        p["harvest"] = {"capacity": 0, "harvested": [], "used_building": False, "smith": False, "fletch": False,
                        "build": None}


def end_harvest(st):
    """Every lord still harvesting finishes without building: the phase ends (builds paid for arrive now)."""
    while phase(st) == "harvest" and st.to_act:
        st.apply(st.to_act[0], "done")


def phase(st):
    return st.view(None)["phase"]


def round_no(st):
    return _data(st)["round"]


def set_round(st, rnd):
    _data(st)["round"] = rnd


def first_player(st):
    """The seat holding the first-player token."""
    return _flow(st)["first"]


def move_order(st):
    """The move phase's turn order from the active seat on."""
    f = _flow(st)
    return ([f["active"]] if f["active"] is not None else []) + list(f["order"])


def active(st):
    return _flow(st)["active"]


def pending(st):
    """Something is being resolved (a frame on the stack: a walk, a fight, a question...)."""
    return bool(_flow(st)["stack"])


def top_frame(st):
    """What is being resolved now (the top frame, a dict with its ``kind``), or None."""
    stack = _flow(st)["stack"]
    return stack[-1] if stack else None


def later_turn(st):
    """Count a new turn begun (as the flow does when the next move turn starts), nothing else changing."""
    _flow(st)["turn"] += 1


def harvest_done(st, seat):
    """``seat`` has finished its harvest phase (built, or said done)."""
    return seat not in _flow(st)["waiting"]


def harvest_capacity(st, seat):
    """Tiles ``seat`` may still harvest with the die already spent."""
    return _player(st, seat)["harvest"]["capacity"]


def crown(st, king):
    """``king`` impresses the dragon for the third time now: the final ranking begins."""
    st._crown(king)


def rolls(st, *values):
    """Script the next 1D3 results."""
    seq = list(values)
    st.roll3 = lambda: seq.pop(0)
    return seq


def ids(st, seat):
    return [a.id for a in st.legal_actions(seat)]


def free_ids(st, seat):
    """What ``seat`` may do at any moment (``State.free_actions``), to act or not."""
    return [a.id for a in st.free_actions(seat)]


def offer(st, seat, to, give=None, get=None):
    """``seat`` drafts an offer to lord ``to`` one unit at a time through its trade actions and sends it
    (``give``/``get``: {resource: n}); the draft steps are free actions, so ``seat`` need not be to act."""
    if st.view(seat)["draft"] is not None:
        st.apply(seat, "trade:clear")
    steps = [f"trade:to:{to + 1}"]
    steps += [f"trade:give:{r}" for r, n in (give or {}).items() for _ in range(n)]
    steps += [f"trade:get:{r}" for r, n in (get or {}).items() for _ in range(n)]
    for a in steps + ["trade:send"]:
        st.apply(seat, a)


def draft(st, seat):
    """``seat``'s trade offer in the making, as its view shows it (None: none)."""
    return st.view(seat)["draft"]


def go(st, seat, aid):
    """Apply the die-spending move ``aid`` (``move:k1>c2``, ``stay:k1``, ``boat:b1>ne``...) with the lowest die
    that allows it (the legal id carries the die: ``move:k1>c2:1``)."""
    legal = ids(st, seat)
    if aid in legal:
        return st.apply(seat, aid)
    withdie = sorted((int(a.rpartition(":")[2]), a) for a in legal if a.rpartition(":")[0] == aid)
    assert withdie, f"{aid} is not legal for seat {seat}: {legal}"
    return st.apply(seat, withdie[0][1])


def plain_ids(st, seat):
    """The legal ids of ``seat`` with the die left out of die-spending moves (``move:k1>c2:1`` -> ``move:k1>c2``)."""
    out = set()
    for a in ids(st, seat):
        head, _, die = a.rpartition(":")
        out.add(head if a.startswith(("move:", "stay:", "boat:")) and die.isdigit() else a)
    return out


def flags_left(st, seat):
    """Flags ``seat`` has not placed yet (as the view shows them)."""
    return st.view(seat)["players"][seat]["flags"]


def log_lines(st):
    """The log as plain text (seats as P1, P2...)."""
    return [plain(e) for e in st.log]


# ---------------------------------------------------------------- lords
def fame(st, seat):
    return _player(st, seat)["fame"]


def might(st, seat):
    return _player(st, seat)["might"]


def res(st, seat):
    """``seat``'s resources (a copy)."""
    return dict(_player(st, seat)["resources"])


def set_lord(st, seat, *, fame=None, might=None, warship=None, resources=None, **amounts):
    """Set a lord's fame, might, warship; ``resources`` replaces all four, ``gold=3``... set one each."""
    p = _player(st, seat)
    if fame is not None:
        p["fame"] = fame
    if might is not None:
        p["might"] = might
    if warship is not None:
        p["warship"] = warship
    if resources is not None:
        p["resources"] = dict(resources)
    p["resources"].update(amounts)


def home(st, seat):
    """``seat``'s home castle tile."""
    return _player(st, seat)["home"]


def dice(st, seat):
    return list(_player(st, seat)["dice"])


def dice_used(st, seat):
    return list(_player(st, seat)["used"])


def is_out(st, seat):
    return _player(st, seat)["out"]


def has_warship(st, seat):
    return _player(st, seat)["warship"]


def buildings(st, seat):
    return list(_player(st, seat)["buildings"])


def set_boats(st, seat, *zones):
    """Give ``seat`` boats b1, b2... in these sea zones."""
    p = _player(st, seat)
    p["boats"] = [{"id": f"b{i + 1}", "zone": z} for i, z in enumerate(zones)]
    p["next_boat"] = len(zones) + 1


def boats(st, seat):
    """``seat``'s boats as ``[(id, zone)]``."""
    return [(b["id"], b["zone"]) for b in _player(st, seat)["boats"]]


# ---------------------------------------------------------------- knights, items, followers
def knight(st, seat, kid="k1"):
    return st.knight(seat, kid)


def knight_ids(st, seat):
    return [k["id"] for k in _player(st, seat)["knights"]]


def where(st, seat, kid="k1"):
    """The tile knight ``kid`` of ``seat`` stands on."""
    return st.knight(seat, kid)["at"]


def place(st, seat, tile, kid="k1"):
    st.knight(seat, kid)["at"] = tile


def is_done(st, seat, kid="k1"):
    """The knight has interacted this round."""
    return st.knight(seat, kid)["done"]


def add_knight(st, seat, tile):
    p = _player(st, seat)
    k = {"id": f"k{p['next_knight']}", "at": tile, "items": [], "followers": [], "done": False}
    p["next_knight"] += 1
    p["knights"].append(k)
    return k


def give_item(st, seat, key, kid="k1"):
    iid = st.new_item(key)
    st.knight(seat, kid)["items"].append(iid)
    return iid


def items(st, seat, kid="k1"):
    """The item ids knight ``kid`` carries."""
    return list(st.knight(seat, kid)["items"])


def followers(st, seat, kid="k1"):
    return list(st.knight(seat, kid)["followers"])


def set_followers(st, seat, keys, kid="k1"):
    st.knight(seat, kid)["followers"] = list(keys)


# ---------------------------------------------------------------- tiles
def set_tile(st, t, code, explored=True, tokens=None):
    x = _data(st)["tiles"][t]
    x["kind"], x["revealed"] = code, explored
    kind = st.C["board"]["kinds"][code]
    x["tokens"] = kind.get("tokens", 0) if tokens is None else tokens
    x["monster"] = None
    return x


def tile_code(st, t):
    """The content code of what lies on ``t`` (hidden or not)."""
    return _data(st)["tiles"][t]["kind"]


def swap_tiles(st, t1, t2):
    """Exchange what lies on two tiles (kind and adventure tokens)."""
    a, b = _data(st)["tiles"][t1], _data(st)["tiles"][t2]
    a["kind"], b["kind"] = b["kind"], a["kind"]
    a["tokens"], b["tokens"] = b["tokens"], a["tokens"]


def all_tiles(st):
    return list(_data(st)["tiles"])


def revealed(st, t):
    return _data(st)["tiles"][t]["revealed"]


def reveal_tile(st, t):
    _data(st)["tiles"][t]["revealed"] = True


def owner(st, t):
    return _data(st)["tiles"][t]["owner"]


def set_owner(st, t, seat):
    _data(st)["tiles"][t]["owner"] = seat


def monster(st, t):
    return _data(st)["tiles"][t]["monster"]


def bear(st):
    return dict(st.C["board"]["bear"], card=None)


def put_monster(st, t, mon=None):
    """A monster on ``t`` (default: a bear)."""
    _data(st)["tiles"][t]["monster"] = bear(st) if mon is None else mon


def home_of(st, t):
    """The seat whose home castle ``t`` is, or None."""
    return _data(st)["tiles"][t]["home_of"]


def tokens(st, t):
    return _data(st)["tiles"][t]["tokens"]


def tile_items(st, t):
    """Item ids lying on ``t``."""
    return list(_data(st)["tiles"][t]["items"])


def doomspire(st):
    return next(t for t, x in _data(st)["tiles"].items() if x["kind"] == "DS")


# ---------------------------------------------------------------- cards, the trader, the dragon
def top_card(st, cid):
    """Put card ``cid`` on top of its tier deck."""
    card = st.C["card_by_id"][cid]
    deck = _data(st)["decks"][str(card["tier"])]
    if cid in deck:
        deck.remove(cid)
    deck.append(cid)


def deck(st, tier):
    """Card ids of a tier's deck, top last."""
    return list(_data(st)["decks"][str(tier)])


def discards(st, tier):
    return list(_data(st)["discards"][str(tier)])


def discards_become_deck(st, tier):
    """Move the whole deck of ``tier`` to its discards (the next draw reshuffles them)."""
    d = _data(st)
    d["discards"][str(tier)] = list(d["decks"][str(tier)])
    d["decks"][str(tier)] = []


def trader_stock(st, key):
    return _data(st)["trader"].get(key, 0)


def set_trader_stock(st, key, n):
    _data(st)["trader"][key] = n


def hoard(st):
    """The dragon's treasure stacks (copies)."""
    return [dict(h) for h in _data(st)["hoard"]]


def set_hoard(st, stacks):
    _data(st)["hoard"] = [dict(h) for h in stacks]


def impressions(st):
    """Seats that impressed the dragon, in order."""
    return list(_data(st)["impressions"])


def set_impressions(st, seats):
    _data(st)["impressions"] = list(seats)


# ---------------------------------------------------------------- last-move marks (issue 16)
def marks(st, seat):
    """``seat``'s last-move marks as every view shows them: [(kind, [places], text)]."""
    return [(m["kind"], m["at"], m.get("text", "")) for m in st.view(None)["marks"].get(str(seat), [])]

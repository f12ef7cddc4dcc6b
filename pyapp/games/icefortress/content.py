"""Ice Fortress content: rooms, character cards, Invader/Beacon cards and component counts.

Everything lives in ``data/*.json`` (original Boardshelf names and wording) and is checked by
:func:`load` with :class:`pyapp.engine.content.Checker`: a typo fails loudly, listing every problem.

Pillar squares: ``colour`` white (``need``: ``"?"``, a number ``"4"`` or a range ``"4-5"``) or black
(``mod``: ``"+1"``, ``"-2"``, ``"x2"``... applied to the square named by ``from``).  Groups carry a
room of the next size down (jumbo > large > medium > small; small rooms carry nothing).

>>> c = load()
>>> [len([r for r in c["rooms"].values() if r["size"] == z]) for z in SIZES]
[12, 26, 32, 36]
>>> allowed("4-5"), allowed("3"), allowed("?")
((4, 5), (3,), (1, 2, 3, 4, 5, 6))
>>> modified("+1", 4), modified("x2", 3), modified("-2", 1)
(5, 6, -1)
>>> power_text({"cost": [{"die": "3"}], "effects": [{"do": "draw_room", "size": "any"}]})
'Pay a die showing 3: draw a room of any size into the supply.'
"""
from __future__ import annotations

import copy

from ...engine.content import Checker, is_int, read_json

ELEMENTS = ("fire", "water", "air", "earth")
COLOURS = ELEMENTS + ("white",)
SIZES = ("jumbo", "large", "medium", "small")
NEXT_SIZE = {"jumbo": "large", "large": "medium", "medium": "small"}
MODS = ("+1", "+2", "+3", "-1", "-2", "-3", "x2")
EFFECTS = {"draw_room": {"size"}, "draw_shard": {"n"}, "search": set(), "look": {"n"},
           "crystallize": {"n"}, "repel": {"n"}, "repel_room": set(), "destroy_pillar": set(),
           "destroy_room": set(), "boost": {"n"}, "neutralize": set(), "adjust": set(), "reroll": set(),
           "roll_extra": {"n"}}
OPTIONAL = {"look": {"decks"}}                 # a look may name the decks it can choose from (default: any deck)

_CACHE: dict = {}


_ALLOWED: dict = {}


def allowed(need: str) -> tuple:
    """The die values a restriction accepts: ``"?"`` any, ``"4"`` exactly, ``"4-5"`` a range (each text
    read once: the move listing asks thousands of times)."""
    got = _ALLOWED.get(need)
    if got is None:
        if need == "?":
            got = (1, 2, 3, 4, 5, 6)
        elif "-" in need:
            lo, hi = need.split("-")
            got = tuple(range(int(lo), int(hi) + 1))
        else:
            got = (int(need),)
        _ALLOWED[need] = got
    return got


def valid_need(need) -> bool:
    if not isinstance(need, str):
        return False
    if need == "?":
        return True
    try:
        vals = allowed(need)
    except ValueError:
        return False
    return bool(vals) and all(1 <= v <= 6 for v in vals) and ("-" not in need or len(vals) > 1)


def modified(mod: str, value: int) -> int:
    """The value a black square with modifier ``mod`` demands when its source shows ``value``."""
    if mod == "x2":
        return value * 2
    return value + int(mod)


def mod_text(mod: str) -> str:
    return "double" if mod == "x2" else mod


# ---------------------------------------------------------------- power texts (built from the data)
def _cost_text(c: dict) -> str:
    if "shard" in c:
        return "a shard of any element" if c["shard"] == "any" else f"a {c['shard']} shard"
    need = c["die"]
    return "any die" if need == "?" else (f"a die showing {need}" if "-" not in need
                                          else f"a die showing {need.replace('-', ' to ')}")


def _decks_text(e: dict) -> str:
    """Which decks a look may choose: any (no ``decks`` field) or the listed sizes."""
    sizes = e.get("decks")
    if not sizes:
        return "a deck"
    return "the " + (sizes[0] if len(sizes) == 1 else ", ".join(sizes[:-1]) + " or " + sizes[-1]) + " deck"


def effect_text(e: dict) -> str:
    do, n = e["do"], e.get("n", 1)
    s = "" if n == 1 else "s"
    return {
        "draw_room": (f"draw a room of any size into the supply" if e.get("size") == "any"
                      else f"draw a {e.get('size')} room into the supply"),
        "draw_shard": f"draw {n} shard{s} from the bag into the supply",
        "search": "search any room deck for a room of your choice",
        "look": f"look at the top {n} rooms of {_decks_text(e)}, put one into the supply and the rest at the bottom",
        "crystallize": f"crystallize {'an invader' if n == 1 else f'up to {n} invaders'}",
        "repel": f"repel {'an invader' if n == 1 else f'up to {n} invaders'}",
        "repel_room": "repel every invader in one room",
        "destroy_pillar": "destroy a pillar",
        "destroy_room": "destroy a room (in the supply, or built with nothing on it)",
        "boost": f"boost the ice shield{'' if n == 1 else f' {n} times'}",
        "neutralize": "neutralize the invader ability of an element",
        "adjust": "add 1 to or take 1 from one of your rolled dice",
        "reroll": "roll one of your rolled dice again",
        "roll_extra": f"roll {n} more dice from the unused pool",
    }[do]


_TEXTS: dict = {}


def power_text(p: dict) -> str:
    """One plain sentence for a power: its cost, then its effects (each text written once and kept with a copy of
    the power it was written for, used again only while the power still equals that copy: the move listing labels
    every usable power at every step, and tests change powers in place)."""
    got = _TEXTS.get(id(p))
    if got is not None and got[0] == p:
        return got[1]
    text = _power_text(p)
    _TEXTS[id(p)] = (copy.deepcopy(p), text)
    return text


def _power_text(p: dict) -> str:
    body = ", then ".join(effect_text(e) for e in p["effects"])
    if not p["cost"]:
        return body[0].upper() + body[1:] + "."
    return "Pay " + " and ".join(_cost_text(c) for c in p["cost"]) + ": " + body + "."


# ---------------------------------------------------------------- the schema check
def _check_power(chk: Checker, p, at: str) -> None:
    if not chk.fields(p, {"cost", "effects"}, at):
        return
    if not isinstance(p["cost"], list) or len(p["cost"]) > 2:
        chk.fail(at, "cost must be a list of at most 2 items")
    else:
        for c in p["cost"]:
            if isinstance(c, dict) and set(c) == {"shard"}:
                chk.one_of(c["shard"], ELEMENTS + ("any",), at, "shard cost")
            elif isinstance(c, dict) and set(c) == {"die"}:
                chk.check(valid_need(c["die"]), at, f"bad die cost {c['die']!r}")
            else:
                chk.fail(at, f"a cost is {{shard: element|any}} or {{die: restriction}}, not {c!r}")
    if not isinstance(p["effects"], list) or not p["effects"]:
        chk.fail(at, "effects must be a non-empty list")
        return
    for e in p["effects"]:
        if not isinstance(e, dict) or e.get("do") not in EFFECTS:
            chk.fail(at, f"unknown effect {e!r}")
            continue
        chk.fields(e, {"do"} | EFFECTS[e["do"]], at, OPTIONAL.get(e["do"], set()))
        if "decks" in e:
            chk.check(isinstance(e["decks"], list) and bool(e["decks"]) and len(set(e["decks"])) == len(e["decks"])
                      and all(z in SIZES for z in e["decks"]), at, "decks: a list of different sizes")
        if "n" in EFFECTS[e["do"]]:
            chk.int(e.get("n"), at, "n", lo=1, hi=4)
        if "size" in EFFECTS[e["do"]]:
            chk.one_of(e.get("size"), SIZES + ("any",), at, "size")


def _check_rooms(data, game: dict) -> dict:
    chk = Checker("rooms.json")
    rooms: dict = {}
    if not chk.fields(data, {"note", "rooms"}, "file") or not isinstance(data["rooms"], list):
        chk.done()
    for r in data["rooms"]:
        at = f"room {r.get('id') if isinstance(r, dict) else r!r}"
        if not chk.fields(r, {"id", "name", "size", "element", "crystal", "squares", "groups"}, at):
            continue
        chk.text(r["id"], at, "id")
        chk.text(r["name"], at, "name")
        chk.one_of(r["size"], SIZES, at, "size")
        chk.one_of(r["element"], COLOURS, at, "element")
        chk.int(r["crystal"], at, "crystal", lo=0, hi=4)
        if r["element"] == "white":
            chk.check(is_int(r["crystal"], 1), at, "a white room shows ice crystal icons only (crystal >= 1)")
        if r["id"] in rooms:
            chk.fail(at, "id repeated")
        rooms[r["id"]] = r
        sq = {}
        for q in r["squares"] if isinstance(r["squares"], list) else []:
            qa = f"{at} square {q.get('id') if isinstance(q, dict) else q!r}"
            if not isinstance(q, dict) or q.get("colour") not in ("white", "black"):
                chk.fail(qa, "colour must be white or black")
                continue
            if q["colour"] == "white":
                chk.fields(q, {"id", "colour", "need", "pos"}, qa)
                chk.check(valid_need(q.get("need")), qa, f"bad restriction {q.get('need')!r}")
            else:
                chk.fields(q, {"id", "colour", "mod", "from", "pos"}, qa)
                chk.one_of(q.get("mod"), MODS, qa, "mod")
            pos = q.get("pos")
            chk.check(isinstance(pos, list) and len(pos) == 2 and all(is_int(v, 0, 100) for v in pos), qa,
                      "pos must be [x, y] in 0..100")
            sq[q.get("id")] = q
        for q in sq.values():
            if q["colour"] == "black":
                src = sq.get(q.get("from"))
                chk.check(src is not None and src is not q, f"{at} square {q['id']}",
                          "a black square connects to another square of the same room")
        seen: set = set()
        for g in r["groups"] if isinstance(r["groups"], list) else []:
            ga = f"{at} group {g.get('id') if isinstance(g, dict) else g!r}"
            if not chk.fields(g, {"id", "size", "squares"}, ga):
                continue
            chk.check(g["size"] == NEXT_SIZE.get(r["size"]), ga,
                      "a group carries a room of the next size down (IF-GAP-12)")
            chk.check(bool(g["squares"]) and all(s in sq for s in g["squares"]), ga, "unknown or no squares")
            chk.check(not (seen & set(g["squares"])), ga, "a square belongs to one group only")
            seen |= set(g["squares"])
        if r["size"] == "small":
            chk.check(not r["squares"] and not r["groups"], at, "small rooms carry no squares and no groups")
        elif r["size"] in NEXT_SIZE:
            chk.check(bool(r["groups"]), at, "a room that is not small has at least one pillar group")
    for size, want in game["decks"].items():
        for colour, n in want.items():
            got = sum(1 for r in rooms.values() if r.get("size") == size and r.get("element") == colour)
            chk.check(got == n, "decks", f"{size} {colour}: {got} rooms, game.json says {n}")
    chk.done()
    return rooms


def _check_characters(data) -> dict:
    chk = Checker("characters.json")
    out: dict[str, dict] = {"names": {}, "abilities": {}, "classes": {}}
    if not chk.fields(data, {"note", "names", "abilities", "classes"}, "file"):
        chk.done()
    for n in data["names"]:
        at = f"name {n.get('id') if isinstance(n, dict) else n!r}"
        if not chk.fields(n, {"id", "name", "dice", "start", "advanced"}, at):
            continue
        chk.int(n["dice"], at, "dice", lo=1, hi=3)
        for side in ("start", "advanced"):
            if chk.fields(n[side], {"title", "power"}, f"{at} {side}"):
                _check_power(chk, n[side]["power"], f"{at} {side}")
        chk.check(str(n["start"].get("title", "")).endswith(" the"), at,
                  "the starting side's title ends in 'the' (IF-SETUP-9)")
        out["names"][n["id"]] = n
    for kind, lo in (("abilities", 1), ("classes", 0)):
        for c in data[kind]:
            at = f"{kind} {c.get('id') if isinstance(c, dict) else c!r}"
            if not chk.fields(c, {"id", "title", "dice", "power"}, at):
                continue
            chk.int(c["dice"], at, "dice", lo=lo, hi=3)
            _check_power(chk, c["power"], at)
            out[kind][c["id"]] = c
    for kind, want in (("names", 4), ("abilities", 22), ("classes", 10)):
        chk.check(len(out[kind]) == want, kind, f"{want} cards expected, not {len(out[kind])}")
    ids = [i for k in out.values() for i in k]
    chk.unique(ids, "file", "card id")
    chk.done()
    return out


def _check_beacons(data) -> dict:
    chk = Checker("beacons.json")
    out = {}
    if not chk.fields(data, {"note", "cards"}, "file"):
        chk.done()
    for c in data["cards"]:
        at = f"card {c.get('id') if isinstance(c, dict) else c!r}"
        if not chk.fields(c, {"id", "element", "invader", "beacon"}, at):
            continue
        chk.one_of(c["element"], ELEMENTS, at, "element")
        chk.fields(c["invader"], {"title", "text"}, f"{at} invader")
        if chk.fields(c["beacon"], {"title", "immediately", "power"}, f"{at} beacon"):
            _check_power(chk, {"cost": [], "effects": c["beacon"]["immediately"]}, f"{at} immediately")
            _check_power(chk, c["beacon"]["power"], f"{at} new ability")
        out[c["id"]] = c
    for e in ELEMENTS:
        chk.check(sum(1 for c in out.values() if c.get("element") == e) == 2, "cards", f"two {e} cards expected")
    chk.done()
    return out


def _check_game(g) -> dict:
    chk = Checker("game.json")
    chk.fields(g, {"note", "dice", "die_faces", "cubes", "shield_cap", "siege_rounds", "base_spaces", "figures", "decks"},
               "file", optional={"full_supply", "shield_cap_over"})
    if "full_supply" in g:           # a balance lever tied to the difficulty (powers.PowersMixin.stopped_by_full_supply)
        fs = g["full_supply"]
        if chk.fields(fs, {"stops", "over"}, "full_supply"):
            chk.check(isinstance(fs["stops"], list) and all(e in EFFECTS for e in fs["stops"]), "full_supply",
                      "stops: a list of effect kinds")
            chk.int(fs["over"], "full_supply", "over", lo=-3, hi=3)
    if "shield_cap_over" in g:       # the shield's cap follows the difficulty (shield_cap below)
        chk.int(g["shield_cap_over"], "file", "shield_cap_over", lo=1, hi=10)
    chk.int(g.get("dice"), "file", "dice", lo=1)
    chk.check(g.get("die_faces") == 6, "file", "dice are six-sided (IF-GAP-5)")
    chk.int(g.get("cubes"), "file", "cubes", lo=1)
    chk.int(g.get("shield_cap"), "file", "shield_cap", lo=1)
    chk.int(g.get("siege_rounds"), "file", "siege_rounds", lo=1)
    chk.int(g.get("base_spaces"), "file", "base_spaces", lo=1, hi=8)
    figs = g.get("figures") or {}
    chk.check(set(figs) == set(ELEMENTS) and all(is_int(v, 1) for v in figs.values()), "figures",
              "one whole number per element")
    decks = g.get("decks") or {}
    chk.check(set(decks) == set(SIZES) and all(isinstance(d, dict) and set(d) == set(COLOURS) for d in decks.values()),
              "decks", "a count per size and per element or white")
    chk.done()
    return g


def shield_cap(difficulty: int) -> int:
    """The most cubes the ice shield can hold (IF-GAP-8: configurable): ``game.json: shield_cap`` (10), or with
    ``shield_cap_over`` = k the difficulty + k when that is lower (a balance house rule, issue 34 item 13: the
    shield's headroom shrinks with the difficulty; with k = 3 difficulty 7 keeps 10, 5 gets 8, 3 gets 6)."""
    g = load()["game"]
    cap = g["shield_cap"]
    return min(cap, difficulty + g["shield_cap_over"]) if "shield_cap_over" in g else cap


def load() -> dict:
    """Every content file, checked: ``{"game", "rooms", "names", "abilities", "classes", "beacons"}``."""
    if not _CACHE:
        game = _check_game(read_json(__package__, "game.json"))
        rooms = _check_rooms(read_json(__package__, "rooms.json"), game)
        chars = _check_characters(read_json(__package__, "characters.json"))
        beacons = _check_beacons(read_json(__package__, "beacons.json"))
        _CACHE.update(game=game, rooms=rooms, beacons=beacons, **chars)
    return _CACHE


def card(card_id: str) -> dict:
    """A character card (name, ability or class) by id."""
    c = load()
    for kind in ("names", "abilities", "classes"):
        if card_id in c[kind]:
            return c[kind][card_id]
    raise KeyError(card_id)

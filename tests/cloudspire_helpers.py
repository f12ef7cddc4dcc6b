"""Positions for Cloudspire tests, built through the rules' own moves where possible and otherwise
through these helpers (tests never edit the state's dicts themselves)."""
from __future__ import annotations

from pyapp.engine.rng import Rng
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire.content import MAPS


def new(players: int = 2, factions=None, seed: int = 7):
    factions = factions or ["heirs", "keel", "brawnen", "grovetenders"][:players]
    return GAME.new(players, seed, {"factions": list(factions)})


def ids(s, seat=None) -> list:
    seat = s.to_act[0] if seat is None else seat
    return [a.id for a in s.legal_actions(seat)]


def act(s, aid: str, seat=None):
    seat = s.to_act[0] if seat is None else seat
    s.apply(seat, aid)
    return s


def default_choice(s, seat) -> str:
    got = ids(s, seat)
    for pref in ("pass", "done", "go", "minions", "fire", "attack", "end", "nolevel", "leave", "es:none"):
        if pref in got:
            return pref
    return got[0]


def skip_to(s, phase: str, wave=None, limit: int = 5000):
    """Play default choices (pass, done, the first mark...) until ``phase`` (of ``wave``) begins."""
    for _ in range(limit):
        if s.flow.phase == phase and (wave is None or s.data["wave"] == wave) and not s.flow.stack:
            return s
        seat = s.to_act[0]
        s.apply(seat, default_choice(s, seat))
    raise AssertionError(f"{phase} never came")


def give(s, seat: int, source: int):
    s.data["source"][seat] = source
    return s


def gate(s, seat: int) -> str:
    return MAPS[s.players].gates[seat]


def spire(s, seat: int, stype: str, h: str, ups) -> str:
    sid = "s%d" % s.data["next_id"]
    s.data["next_id"] += 1
    s.data["spires"][sid] = {"owner": seat, "type": stype, "hex": h, "ups": list(ups), "cap": 5}
    return sid


def unit(s, seat: int, h: str, hero=None, chips=None, hp=None) -> str:
    if hero and hero not in s.data["heroes"][seat]:
        s.data["heroes"][seat][hero] = {"level": 1, "equip": []}
    uid = s.new_unit(seat, h, hero=hero, chips=chips)
    if hp is not None:
        s.data["units"][uid]["hp"] = hp
    return uid


def stack(s, seat: int, entries):
    """Put a ready deployment stack (entries top first: a hero id, or a list of minion ids)."""
    s.data["stacks"][seat] = [{"hero": e} if isinstance(e, str) else {"chips": list(e)} for e in entries]


def landmark(s, h: str, tile: str, up: bool = False, health: int = 0):
    s.data["landmarks"][h] = {"tile": tile, "up": up, "health": health, "known": [], "hit": False}


def clear_landmarks(s):
    s.data["landmarks"].clear()


def relic(s, seat: int, rid: str):
    s.data["relics"][seat].append(rid)


def event(s, eid):
    s.data["events"]["current"] = eid


def level(s, seat: int, hero: str, lv: int):
    s.data["heroes"][seat][hero]["level"] = lv


def gate_health(s, seat: int, hp: int):
    s.data["gate"][seat]["health"] = hp


def owned(s, seat: int, *chips):
    s.data["owned"][seat]["chips"].extend(chips)


def start_turn(s, seat: int, marks=None):
    """Begin ``seat``'s Onslaught turn now (round 1 of the current wave), with marks (default: each
    seat marks the next seat)."""
    d = s.data
    d["marks"] = list(marks) if marks is not None else [(p + 1) % s.players for p in range(s.players)]
    f = d["flow"]
    f.update(phase="onslaught", order=[], active=None, waiting=[], passed=[], stack=[], prompt=None)
    if d["round"] == 0:
        d["round"] = 1
    f["order"] = [seat]
    s._advance()
    return s


class FixedRng(Rng):
    """An Rng whose ``below`` returns queued values first (dice faces are indices into the die)."""

    def __init__(self, values, seed: int = 1) -> None:
        super().__init__(seed)
        self.queue = list(values)

    def below(self, n: int) -> int:
        if self.queue:
            self.draws += 1
            return self.queue.pop(0) % n
        return super().below(n)


def rig(s, *values):
    """The next random draws (``below``) give ``values``; die faces: 0->0, 1..3->1, 4..5->2;
    ``roll(6)`` gives value+1."""
    s.rng = FixedRng(values)
    return s


def lane(s, seat: int, target: int) -> list:
    """Path hexes from ``seat``'s gate to ``target``'s gate, each one step closer (distance
    strictly falling), chosen by hex name where several are as close."""
    dist = s.march_distance({"path"}, gate(s, target))
    h = gate(s, seat)
    out = []
    cur = s.distance_from(dist, h)
    while cur > 1:
        nxt = sorted(x for x in s.map.grid.adjacent(h) if dist.get(x) == cur - 1)
        h = nxt[0]
        cur -= 1
        out.append(h)
    return out


def march(s, h: str, target: int, allowed=("path",)) -> int:
    return s.distance_from(s.march_distance(set(allowed), gate(s, target)), h)


def hp(s, uid: str, n: int):
    s.data["units"][uid]["hp"] = n


def camp(s, uid: str):
    s.data["units"][uid]["camp"] = True


def scape(s, seat: int, sid: str):
    """``seat`` holds the earthscape ``sid`` beside its barracks, ready to place."""
    s.data["owned"][seat]["scapes"].append(sid)


def known(s, h: str, *seats):
    """The facedown landmark at ``h`` has been seen by ``seats``."""
    s.data["landmarks"][h]["known"] = sorted(seats)


def wave(s, n: int):
    s.data["wave"] = n


# ---- solo and co-operative play (CS-GAP-6) --------------------------------------------------------------
def solo(faction: str = "heirs", seed: int = 7, opponent=None):
    """A solo game: one player against the automated Raider Fortress (seat 1 on the 2-player map)."""
    opts: dict = {"factions": [faction]}
    if opponent:
        opts["opponent"] = opponent
    return GAME.new(1, seed, opts)


def coop(factions=("heirs", "keel"), seed: int = 7, opponent=None):
    """A co-operative game: two players together against the Raider Fortress (seat 2 on the 3-player map)."""
    opts: dict = {"factions": list(factions), "mode": "coop"}
    if opponent:
        opts["opponent"] = opponent
    return GAME.new(2, seed, opts)


def fort_gate(s, seat: int) -> str:
    """The gate hex of any fortress on the board, the automaton's included."""
    return s.map.gates[seat]


def next_to(s, h: str, terrain: str = "path", n: int = 1) -> list:
    """The first ``n`` empty hexes of ``terrain`` next to ``h`` (by name)."""
    out = [x for x in sorted(s.map.grid.adjacent(h)) if s.terrain(x) == terrain and not s.solid(x)
           and s.unit_at(x) is None]
    return out[:n]


def no_spires(s, seat: int, keep=()):
    """Remove ``seat``'s spires (but those in ``keep``) from the board."""
    for k in [k for k, v in s.data["spires"].items() if v["owner"] == seat and k not in keep]:
        del s.data["spires"][k]


def market(s, *chips):
    """The market's faceup chips are ``chips`` (taken out of the draw pile)."""
    m = s.data["market"]
    m["deck"] = [c for c in m["deck"] if c not in chips] + [c for c in m["face"] if c not in chips]
    m["face"] = list(chips)


def board(factions=None, players: int = 2):
    """A position to play Onslaught turns in: ``factions`` by seat (default: ``new``'s), no landmarks, no Source, and every
    seat but the first with a minion waiting in its stack (so nobody is in campfire mode)."""
    s = new(players, factions)
    clear_landmarks(s)
    for seat in range(players):
        give(s, seat, 0)
        if seat:
            stack(s, seat, [[sorted(s.data["barracks"][seat]["minions"])[0]]])
    return s


def at_stack(picks):
    """A two-player game at the Stack step, each seat having selected ``picks[seat]`` (unit keys)."""
    s = new()
    skip_to(s, "select")
    for _ in range(2):
        p = s.to_act[0]
        for t in picks[p]:
            act(s, "sel:" + t)
        act(s, "done")
    assert s.flow.phase == "stack"
    return s

"""Ice Fortress bots.  ``random`` (every legal action alike) comes from :mod:`pyapp.bots`; ``planner`` plays
for the team: it raises one line of rooms per element from the foundation board (jumbo, large, medium,
small of one element: a beacon), fills the pillar groups those lines need next, keeps invaders off them,
and spends powers where they help.  It reads only its seat's view, the legal actions and the content.

The three levels (:mod:`pyapp.bots.levels`): ``easy`` is the planner slipping into a random choice at some
of its big decisions, ``normal`` is the planner (registered as ``hard`` before the levels; ``planner`` keeps
that bot for links, saves and comparisons), ``hard`` tries the planner's move and a few others on copies of
the game with the face-down decks and the bag shuffled anew, lets planners play the team's next turns, and
keeps the move whose position (beacons, lines, shield, invaders: public facts) holds up best.  Every bot
thinks in slices: ``think(state, seat)`` yields every few milliseconds of work and returns what ``choose``
returns (``choose`` runs it to the end).
"""
from __future__ import annotations

from ...bots.levels import OnePiece, SlicedRollouts, SloppyBot
from ...engine import Rng
from . import content
from . import fortress as fx
from .content import ELEMENTS, SIZES, allowed
from .rules import IceState

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Generator

    from ...engine import Action, State

EFFECT_VALUE = {"boost": 6, "draw_room": 4, "search": 5, "look": 4, "draw_shard": 2, "crystallize": 4, "repel": 3,
                "repel_room": 3, "neutralize": 4, "adjust": 2, "reroll": 1, "roll_extra": 3, "destroy_room": 1,
                "destroy_pillar": 0}


class Board:
    """The public facts of a view, in the shape the fortress functions read."""

    def __init__(self, view: dict) -> None:
        self.v = view
        self.d = {"rooms": view["rooms"], "base": view["base"], "beacons": view["beacons"],
                  "neutral": [e for e, x in view["ib"].items() if x["ability"] == "neutralized"]}
        self.lines = self._lines()

    def _lines(self) -> dict:
        """element -> the top room of its line (a stack of that element from the foundation board), if any."""
        d = self.d
        out = {}
        for el in ELEMENTS:
            best = None
            for cid, room in d["rooms"].items():
                if fx.rc(cid)["element"] == el and fx.chain(d, cid) == room["level"]:
                    if best is None or room["level"] > d["rooms"][best]["level"]:
                        best = cid
            out[el] = best
        return out

    def level(self, cid) -> int:
        return self.d["rooms"][cid]["level"] if cid else 0

    def need(self, el: str):
        """The size the line of ``el`` needs next (None when lit or complete)."""
        if el in self.v["beacons"]:
            return None
        lv = self.level(self.lines[el])
        return SIZES[lv] if lv < 4 else None

    def line_groups(self, el: str) -> list:
        """Groups of the top room of ``el``'s line that could carry its next room (best progress first)."""
        top = self.lines[el]
        if top is None or self.need(el) is None:
            return []
        room = self.d["rooms"][top]
        gs = [g for g in fx.rc(top)["groups"] if g["id"] not in room["top"]]
        gs.sort(key=lambda g: -sum(1 for s in g["squares"] if s in room["pillars"]))
        return [(top, g["id"]) for g in gs]

    def group_role(self, cid: str, gid: str) -> int:
        """3: the best next group of a line; 2: another group of a line's top room; 0: anything else."""
        el = fx.rc(cid)["element"]
        if el == "white" or self.lines.get(el) != cid:
            return 0
        gs = self.line_groups(el)
        if gs and gs[0] == (cid, gid):
            return 3
        return 2 if (cid, gid) in gs else 0

    def room_value(self, card: str) -> int:
        """How much the team wants supply room ``card`` (for keeping, flooding, discarding, searching)."""
        r = fx.rc(card)
        el, size = r["element"], r["size"]
        if el != "white" and self.need(el) == size:
            if size == "jumbo":
                return 50 if None in self.v["base"] else 5
            return 40 + 5 * SIZES.index(size)
        if size == "jumbo":
            return 2 if None in self.v["base"] and self.lines[el] is None and el != "white" else 0
        return 4 + 6 * (r["crystal"] > 0)


def plan_group(d: dict, cid: str, gid: str, dice: list, placed: dict):
    """Die values for the empty squares of a group (``placed`` already decided), or None if the
    dice cannot fill it (white squares by restriction, black squares from their source's value)."""
    room = d["rooms"][cid]
    vals = dict(room["pillars"], **placed)
    empty = [s for s in fx.group(cid, gid)["squares"] if s not in vals]
    if not empty:
        return dict(placed)
    for s in empty:
        q = fx.sq_of(cid, s)
        if q["colour"] == "white":
            fits = [v for v in set(dice) if v in allowed(q["need"])]
        elif q["from"] in vals:
            want = content.modified(q["mod"], vals[q["from"]])
            fits = [want] if want in dice else []
        else:
            continue
        for v in sorted(fits):
            rest = list(dice)
            rest.remove(v)
            got = plan_group(d, cid, gid, rest, dict(placed, **{s: v}))
            if got is not None:
                return got
        return None
    return None


class PlannerBot(OnePiece):
    """The team player (the best bot before the levels; ``normal`` is this bot)."""
    name = "planner"
    label = "Team planner"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=11)

    # ---------------------------------------------------------------- the decision
    def choose(self, state, seat: int) -> str:
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        ids = [a.id for a in actions]
        view = state.view(seat)
        b = Board(view)
        if view["phase"] == "setup":
            return self.setup(view, ids)
        if view["prompt"]:
            return self.prompt(view, b, ids)
        if "roll" in ids:
            return "roll"
        return self.build_step(view, b, ids)

    def setup(self, view, ids) -> str:
        def worth(a):
            c = content.load()["abilities"][a]
            return c["dice"] * 3 + self.power_value(c["power"])
        if ids[0].startswith("discard:"):
            return min(ids, key=lambda i: (worth(i.split(":")[1]), i))
        return max(ids, key=lambda i: (worth(i.split(":")[2]), -int(i.split(":")[1]), i))

    @staticmethod
    def power_value(p) -> int:
        v = sum(EFFECT_VALUE[e["do"]] * e.get("n", 1) for e in p["effects"])
        return v - len(p["cost"])

    # ---------------------------------------------------------------- step 2
    def build_step(self, view, b: Board, ids) -> str:
        d = b.d
        sel = view["sel"]
        if sel and "room" in sel:
            best = max((i for i in ids if i.startswith("build:")), key=lambda i: (self.build_score(b, sel["room"], i[6:]), i),
                       default=None)
            if best and self.build_score(b, sel["room"], best[6:]) > 0:
                return best
            return "cancel"
        if sel and "die" in sel:
            best = max((i for i in ids if i.startswith("pillar:")), key=lambda i: (self.square_score(b, i[7:], sel["die"]), i),
                       default=None)
            if best and self.square_score(b, best[7:], sel["die"]) > 0:
                return best
            return "cancel"
        # 1. powers that cost no die
        for i in ids:
            if i.startswith("power:") and self.want_power(view, b, i[6:], dice_ok=False):
                return i
        # 2. rooms
        best, score = None, 0
        for i in ids:
            if i.startswith("pick:"):
                card = i[5:]
                for p in fx.build_places(d, card):
                    s = self.build_score(b, card, p)
                    if s > score:
                        best, score = i, s
        if best:
            return best
        # 3. dice
        best, score = None, 0
        for i in ids:
            if i.startswith("die:"):
                v = int(i[4:])
                for p in fx.pillar_places(d, v):
                    s = self.square_score(b, p, v)
                    if s > score:
                        best, score = i, s
        if best:
            return best
        # 4. powers paid with the dice left over
        for i in ids:
            if i.startswith("power:") and self.want_power(view, b, i[6:], dice_ok=True):
                return i
        return "end"

    def build_score(self, b: Board, card: str, place: str) -> int:
        r = fx.rc(card)
        el = r["element"]
        lit = el in b.v["beacons"]
        if place.startswith("base:"):
            return 100 if el != "white" and b.lines[el] is None and not lit else 0
        cid, gid = fx.split(place)
        role = b.group_role(cid, gid)
        pel = fx.rc(cid)["element"]
        if role and el == pel:
            return 60 + 20 * b.level(cid)                      # the next room of a line (the fourth lights it)
        if role == 3 or (role == 2 and len(b.line_groups(pel)) < 2):
            return 0                                            # keep the line's group for its own element
        homeless = el != "white" and not fx.landing(b.d, el)
        if el != "white" and not lit and not homeless and b.need(el) == r["size"] and b.lines[el]:
            return 0                                            # its own line wants it
        top = b.lines.get(el) if el != "white" else None
        decoy = bool(top) and not lit and b.level(cid) + 1 >= b.level(top) and bool(r["groups"])
        return 10 + 20 * (r["crystal"] > 0) + 30 * homeless + 25 * decoy   # a boost, a home or a lure for invaders

    def square_score(self, b: Board, place: str, v: int) -> int:
        d = b.d
        cid, sid = fx.split(place)
        gid = fx.group_of(cid, sid)
        if gid is None:
            return 1
        room = d["rooms"][cid]
        role = b.group_role(cid, gid)
        g = fx.group(cid, gid)
        have = any(fx.rc(c)["element"] == fx.rc(cid)["element"] and fx.rc(c)["size"] == g["size"]
                   for c in b.v["supply"]["rooms"])
        blocked = gid in room["ginv"] or any(s in room["inv"] for s in g["squares"])
        filled = sum(1 for s in g["squares"] if s in room["pillars"])
        # a die that fits few places should go where it fits
        q = fx.sq_of(cid, sid)
        tight = 6 - len(allowed(q["need"])) if q["colour"] == "white" else 5
        if role and len(g["squares"]) <= 2:
            # a pillar on a small group is a magnet for invaders: only start it if it can be finished now
            rest = list(b.v["dice"])
            if v in rest:
                rest.remove(v)
            if blocked or plan_group(d, cid, gid, rest, {sid: v}) is None:
                return 2
        if role == 3:
            return 40 + 15 * have + 3 * filled + tight - 20 * blocked
        if role == 2:
            return 15 + 2 * filled + tight - 10 * blocked
        if b.v["pool"] + len(b.v["dice"]) < 20:
            return 0                                            # keep dice for the lines
        crystal_room = any(fx.rc(c)["crystal"] and fx.rc(c)["size"] == g["size"] for c in b.v["supply"]["rooms"])
        return 3 + 10 * crystal_room + filled

    def useful_dice(self, b: Board, view) -> set:
        """Rolled dice values that have a good square."""
        out = set()
        for v in set(view["dice"]):
            if any(self.square_score(b, p, v) >= 15 for p in fx.pillar_places(b.d, v)):
                out.add(v)
        return out

    def want_power(self, view, b: Board, key: str, dice_ok: bool) -> bool:
        c = content.load()
        if key in c["beacons"]:
            p = c["beacons"][key]["beacon"]["power"]
        elif key.endswith("+"):
            p = c["names"][key[:-1]]["advanced"]["power"]
        elif key in c["names"]:
            p = c["names"][key]["start"]["power"]
        else:
            p = content.card(key)["power"]
        if any("die" in x for x in p["cost"]):
            if not dice_ok:
                return False
            useful = self.useful_dice(b, view)
            if not any(v not in useful and v in allowed(x["die"]) for x in p["cost"] if "die" in x
                       for v in view["dice"]):
                if not (view["shield"] <= 3 and any(e["do"] == "boost" for e in p["effects"])):
                    return False
        rooms = len(view["supply"]["rooms"])
        shards = sum(view["supply"]["shards"].values())
        invaders = fx.invaders(b.d)
        for e in p["effects"]:
            do = e["do"]
            if do == "boost" and view["shield"] < content.shield_cap(view["difficulty"]):
                return True
            if do in ("draw_room", "search", "look") and (rooms < view["difficulty"] or min(
                    b.room_value(c) for c in view["supply"]["rooms"]) < 10):
                return True
            if do == "draw_shard" and shards < view["difficulty"] and view["bag"]:
                return True
            if do in ("crystallize", "repel", "repel_room") and invaders:
                if do == "crystallize" or any(self.invader_harm(b, pl) >= 2 for pl, _ in invaders):
                    return True
            if do == "neutralize" and any(x["ability"] == "active" for x in view["ib"].values()):
                return True
            if do == "destroy_pillar" and view["pool"] < 8:
                return True
            if do == "roll_extra" and view["pool"]:
                return True
            if do in ("adjust", "reroll") and view["dice"] and set(view["dice"]) - self.useful_dice(b, view):
                return True
        return False

    @staticmethod
    def invader_harm(b: Board, place: str) -> int:
        cid, part = fx.split(place)
        el = (b.d["rooms"][cid]["inv"].get(part) or b.d["rooms"][cid]["ginv"].get(part))
        extra = 4 if el == "air" and fx.active(b.d, "air") else 0
        gid = part if part.startswith("g") and part in {g["id"] for g in fx.rc(cid)["groups"]} else fx.group_of(cid, part)
        if gid is None:
            return extra
        return b.group_role(cid, gid) + extra

    # ---------------------------------------------------------------- prompts
    def prompt(self, view, b: Board, ids) -> str:
        kind = view["prompt"]
        first = ids[0].split(":")[0]
        if kind == "land":
            def harm(i):
                place = i[5:]
                cid, part = fx.split(place)
                h = self.invader_harm(b, place) * 10
                if part in b.d["rooms"][cid]["pillars"]:
                    h += 2
                return (h, i)
            return min(ids, key=harm)
        if kind == "flood" or first == "discard":
            return min(ids, key=lambda i: (b.room_value(i.split(":")[1]), i))
        if first == "shard":
            sh = view["supply"]["shards"]
            return max(ids, key=lambda i: (sh[i[6:]], i))
        if first == "pay":
            if ids[0][4:].isdigit():
                useful = self.useful_dice(b, view)
                return min(ids, key=lambda i: (int(i[4:]) in useful, i))
            sh = view["supply"]["shards"]
            return max(ids, key=lambda i: (sh[i[4:]], i))
        if first == "deck":
            want = self.wanted_size(b)
            for i in ids:
                if i == f"deck:{want}":
                    return i
            return ids[0]
        if first == "take":
            return max(ids, key=lambda i: (b.room_value(i[5:]), i))
        if first in ("inv", "stop"):
            opts = [i for i in ids if i.startswith("inv:")]
            if not opts:
                return "stop"
            return max(opts, key=lambda i: (self.invader_harm(b, i[4:]), i))
        if first == "room":
            def load(i):
                cid = i[5:]
                return (sum(self.invader_harm(b, p) + 1 for p, _ in fx.invaders(b.d) if fx.split(p)[0] == cid), i)
            if all(i.startswith("room:") for i in ids) and any(fx.invaders(b.d)):
                return max(ids, key=load)
        if first == "elem":
            airs = sum(1 for _p, e in fx.invaders(b.d) if e == "air")
            pref = ("air", "earth", "fire", "water") if airs >= 2 else ("earth", "air", "fire", "water")
            order = [e for e in pref if view["ib"][e]["ability"] == "active"]
            return f"elem:{order[0]}" if order else ids[0]
        if first == "adj":
            useful = self.useful_dice(b, view)
            for i in ids:
                _, v, way = i.split(":")
                nv = int(v) + (1 if way == "up" else -1)
                if int(v) not in useful and any(self.square_score(b, p, nv) >= 15 for p in fx.pillar_places(b.d, nv)):
                    return i
            return ids[0]
        if first == "reroll":
            useful = self.useful_dice(b, view)
            return min(ids, key=lambda i: (int(i[7:]) in useful, i))
        if first == "pil":                                      # destroy a pillar: one no line needs
            def role(i):
                cid, sid = fx.split(i[4:])
                return (b.group_role(cid, fx.group_of(cid, sid) or ""), i)
            return min(ids, key=role)
        if first == "sup":                                      # destroy a room: the least wanted in the supply
            sup = [i for i in ids if i.startswith("sup:")]
            return min(sup, key=lambda i: (b.room_value(i[4:]), i))
        return ids[0]

    def wanted_size(self, b: Board) -> str:
        if None in b.v["base"] and any(b.lines[e] is None and e not in b.v["beacons"] for e in ELEMENTS):
            missing = [e for e in ELEMENTS if b.lines[e] is None and e not in b.v["beacons"]]
            if not any(fx.rc(c)["size"] == "jumbo" and fx.rc(c)["element"] in missing for c in b.v["supply"]["rooms"]):
                return "jumbo"
        best = None
        for el in ELEMENTS:
            z = b.need(el)
            if z and z != "jumbo" and b.lines[el] and (best is None or SIZES.index(z) > SIZES.index(best)):
                have = any(fx.rc(c)["size"] == z and fx.rc(c)["element"] == el for c in b.v["supply"]["rooms"])
                if not have:
                    best = z
        return best or "large"




# ---------------------------------------------------------------- the three levels (pyapp.bots.levels)
def evaluate(view: dict) -> float:
    """How well the team stands, from a view (public facts only): beacons lit, the height of each element's
    line and the pillars on its next group, the shield (its last cubes count double), invaders (more on a
    line's groups), the rooms in the supply the lines want, and the siege clock."""
    b = Board(view)
    score = 60.0 * len(view["beacons"])
    for el in ELEMENTS:
        if el in view["beacons"]:
            continue
        top = b.lines[el]
        score += 14.0 * b.level(top)
        gs = b.line_groups(el)
        if gs:
            room = b.d["rooms"][top]
            g = fx.group(*gs[0])
            score += 4.0 * sum(1 for s in g["squares"] if s in room["pillars"]) / max(1, len(g["squares"]))
    shield = view["shield"]
    score += 5.0 * shield + 6.0 * max(0, 3 - shield)
    for place, el in fx.invaders(b.d):
        score -= 1.0 + 2.0 * PlannerBot.invader_harm(b, place)
    wanted = sorted((b.room_value(c) for c in view["supply"]["rooms"]), reverse=True)[:3]
    score += sum(min(w, 45) for w in wanted) / 15.0
    left = view["siege"] - view["quiet"]
    if left <= 2:
        score -= 8.0 * (3 - left)
    return score


def _own(state: State) -> IceState:
    """This game's state behind the contract's ``State`` (a Ice Fortress bot is only ever given one): a typed
    accessor, so that mypy checks what the bot reads from it instead of ignoring it."""
    if not isinstance(state, IceState):
        raise TypeError(f"a Ice Fortress bot was given {type(state).__name__}")
    return state


def _big(state: "State", seat: int) -> bool:
    """A decision of the build step with nothing selected (which room, die or power next, or the end of
    the turn), or where invaders land."""
    v = state.view(seat)
    return v["phase"] == "turn" and (v["prompt"] == "land" or (not v["prompt"] and v["step"] == 2 and not v["sel"]))


class EasyBot(SloppyBot):
    name = "easy"
    level = 1
    label = "Apprentice"
    blurb = "Builds sensibly for the team, but often picks a room, die or power at random."
    base = PlannerBot
    slip = 0.35

    def slips(self, state: "State", seat: int, playing: "list[Action]") -> bool:
        return _big(state, seat) and self.rng.random() < self.slip


class NormalBot(PlannerBot):
    name = "normal"
    level = 2
    label = "Keeper"
    blurb = "Raises one line of rooms per element, guards them from invaders and spends powers where they help."


class HardBot(SlicedRollouts):
    """The planner's move and a few others, each tried on copies with the decks and the bag shuffled anew,
    planners playing the team's turns to the end of the next character's turn; the best position wins."""

    name = "hard"
    label = "Frost Warden"
    blurb = "Looks ahead: tries its best moves on many possible draws and keeps the one that leaves the fortress strongest."
    base = PlannerBot
    budget = 600
    determinizations = 3
    max_candidates = 4
    horizon = 120
    turns_ahead = 1          # rollouts end once this many more character turns have ended
    margin = 1.5

    def determinize(self, state: "State", seat: int) -> "State":
        """A copy with the room decks and the bag dealt anew from a sorted order, so that it depends on what
        the seat sees only (the game's own reshuffle starts from the hidden order)."""
        c: Any = state.clone()
        for z in SIZES:
            c.data["decks"][z].sort()
        c.data["bag"].sort()
        return c.resample_hidden(seat, self.rng)

    def start(self, state: "State", seat: int) -> None:
        self._until = state.view(seat)["turns"] + self.turns_ahead

    def horizon_over(self, state: "State", seat: int, steps: int, left_turn: bool) -> bool:
        return steps >= self.horizon or _own(state).data["turns"] >= self._until

    def evaluate(self, state: "State", seat: int) -> float:
        return evaluate(state.view(seat))

    def worth(self, state: "State", seat: int, playing: "list[Action]", default: str) -> bool:
        return _big(state, seat)

    def candidates(self, state: "State", seat: int, playing: "list[Action]", default: str) -> list[str]:
        """The planner's move and up to three others, leaving out selecting a room or a die that the planner
        would then cancel: that comes back to this very position, so trying it only measures the rollouts'
        noise. (When search copies held their records in another order than the game, the rollouts' planner
        built with a die the real one put back, and the Frost Warden picked and cancelled forever: seed 185,
        difficulty 7; copies now keep the game's order, see ``State.clone``.)"""
        return super().candidates(state, seat, [a for a in playing if not self._cancelled(state, seat, a.id)], default)

    @staticmethod
    def _cancelled(state: "State", seat: int, action: str) -> bool:
        if not action.startswith(("pick:", "die:")):
            return False
        after = state.clone()
        after.apply(seat, action)
        return PlannerBot(0).choose(after, seat) == "cancel"


BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot, "planner": PlannerBot}

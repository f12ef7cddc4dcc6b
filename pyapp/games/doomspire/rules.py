"""Lords of Doomspire rules engine (game id ``doomspire``).

Clause IDs (``LD-...``) refer to ``shared/rules/lords-of-doomspire.clauses.md``.

Shape of the engine
-------------------
* The whole game state is one JSON-native dict ``self.d`` (so ``_dump``/``_load``
  are lossless by construction).
* A round is three declared phases (:data:`PHASES`): ``roll`` (parallel),
  ``move`` (one seat at a time, clockwise from the first-player token) and
  ``harvest`` (parallel).  Each phase has a ``_legal_<phase>`` and ``_do_<phase>``.
* Anything that interrupts a phase -- a combat, a flee, a support request, a
  block request, a trade offer, a loss to choose -- is a *frame* on
  ``d["stack"]``.  :meth:`_run` advances the top frame (``_f_<kind>``) until one
  needs a decision; the decision is ``d["prompt"]`` = {seat, kind, opts} and the
  prompt's seat is the only seat in ``to_act`` until it answers.  So
  out-of-turn decisions (support, block, accept a trade, give up a resource)
  are ordinary actions of the seat that owns them.

Coordinates: tile ``a1`` is the north-west corner (row 0, column 0 in the
rulebook's (row, column) examples); columns a-h run west to east, rows 1-8
north to south, so (0,3) is ``d1`` and (0,6) is ``g1`` (LD-BRD-10).
"""
from __future__ import annotations

import json

from ...engine import Action, Game, Option, Outcome, State
from ...engine.util import read_text
from . import content

COLS = "abcdefgh"
RES = ("gold", "food", "wood", "ore")
ZONES = ("nw", "ne", "se", "sw")                 # clockwise ring (LD-GAP-37)
ZONE_NAMES = {"nw": "north-west", "ne": "north-east", "se": "south-east", "sw": "south-west"}
CORNER = {"nw": "a1", "ne": "h1", "se": "h8", "sw": "a8"}
SEAT_CORNERS = {2: ("nw", "se"), 3: ("nw", "ne", "se"), 4: ("nw", "ne", "se", "sw")}
SPECIAL = ("trader", "mercenary", "temple")

# The round as declared data (LD-TURN-2..5).
PHASES = {
    "roll": {"parallel": True, "next": "move", "doc": "choose how many dice to roll (2 food tax per die after the second)"},
    "move": {"parallel": False, "next": "harvest", "doc": "one lord at a time spends dice on knight and boat moves"},
    "harvest": {"parallel": True, "next": "roll", "doc": "harvest with the remaining dice, use buildings, build once"},
}


# Every out-of-phase decision, as data: prompt kind -> (who decides, what about).  ``view()["prompt"]["text"]``.
PROMPTS = {
    "flee": "fight, or try to flee before the combat roll",
    "fleeto": "choose among equally near tiles to flee to",
    "support": "support a fighter next to your knights or warships (announced after the roll)",
    "bonus": "use a one-shot item in this combat",
    "lose": "choose the resource to lose",
    "give": "choose the resource or item to give the attacker",
    "steal": "choose what to take from the beaten knight",
    "block": "block a rival knight passing your knight, and fight it",
    "stack": "choose a treasure stack of the dragon's hoard",
    "offer": "accept or decline a trade offer",
    "follower": "make room for a new follower or send it away",
    "last": "your last knight is gone: stay in the game or concede",
    "concede": "confirm conceding defeat",
    "tie": "as King, break a tie for a title",
}


def tid(r: int, c: int) -> str:
    return f"{COLS[c]}{r + 1}"


def rc(t: str) -> tuple:
    return int(t[1:]) - 1, COLS.index(t[0])


ALL = [tid(r, c) for r in range(8) for c in range(8)]
NB = {t: [tid(r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
          if 0 <= r + dr < 8 and 0 <= c + dc < 8] for t in ALL for r, c in [rc(t)]}
COAST = {t: ("n" if r < 4 else "s") + ("w" if c < 4 else "e")
         for t in ALL for r, c in [rc(t)] if min(r, c, 7 - r, 7 - c) == 0}
ZONE_TILES = {z: [t for t in ALL if COAST.get(t) == z] for z in ZONES}


def zone_dist(a: str, b: str) -> int:
    d = abs(ZONES.index(a) - ZONES.index(b))
    return min(d, 4 - d)


def manhattan(a: str, b: str) -> int:
    (r1, c1), (r2, c2) = rc(a), rc(b)
    return abs(r1 - r2) + abs(c1 - c2)


def region(t: str) -> str:
    r, c = rc(t)
    ring = min(r, c, 7 - r, 7 - c)
    return "plains" if ring < 2 else "hills" if ring == 2 else "mountains"


def res_text(d: dict) -> str:
    return ", ".join(f"{n} {r}" for r, n in d.items() if n) or "nothing"


class DoomspireState(State):
    """A game of Lords of Doomspire; see the module docstring."""

    # ------------------------------------------------------------ setup
    def _setup(self) -> None:
        C = content.load()
        b = C["board"]
        n = self.players
        rows = [r.split() for r in b["rows"]]
        hills, mounts = list(b["hills"]), list(b["mountains"])
        self.rng.shuffle(hills)                      # LD-GAP-11: hidden tiles shuffled by the seed
        self.rng.shuffle(mounts)
        homes = {CORNER[z]: s for s, z in enumerate(SEAT_CORNERS[n])}
        tiles = {}
        for r in range(8):
            for c in range(8):
                t, code, hidden = tid(r, c), rows[r][c], False
                if code == "HL":
                    code, hidden = hills.pop(), True
                elif code == "MT":
                    code, hidden = mounts.pop(), True
                if code == "HM" and t not in homes:
                    code = "EM"                      # an unused corner is a plain meadow
                kind = b["kinds"][code]
                tiles[t] = {"k": code, "x": not hidden, "o": homes.get(t), "m": None,
                            "n": kind.get("tokens", 0), "it": [], "h": homes.get(t)}
        decks = {}
        for tier in ("1", "2", "3"):
            deck = [cd["id"] for cd in C["cards"] if str(cd["tier"]) == tier]
            self.rng.shuffle(deck)
            decks[tier] = deck
        players = []
        for s in range(n):
            home = CORNER[SEAT_CORNERS[n][s]]
            players.append({
                "fame": 0, "might": 0, "res": {"gold": 2, "food": 0, "wood": 0, "ore": 0},   # LD-SET-1, LD-GAP-3
                "home": home, "kn": [{"id": "k1", "at": home, "it": [], "fo": [], "done": False}],  # LD-GAP-2
                "nk": 2, "boats": [], "nb": 1, "war": False, "bld": [],
                "dice": [], "used": [], "roll": None, "out": False,
                "hv": None, "spec": [], "offers": 0,
            })
        self.d = {
            "round": 0, "phase": "roll", "first": self.rng.below(n), "active": None, "order": [],
            "tiles": tiles, "pl": players, "items": {}, "ni": 1,
            "trader": {k: it["stock"] for k, it in C["items"].items() if it["stock"] > 0},
            "decks": decks, "disc": {"1": [], "2": [], "3": []},
            "hoard": None, "imp": [], "stack": [], "prompt": None, "window": None,
            "moved": [], "end": None, "rank": None,
        }
        self._new_round()

    # ------------------------------------------------------------ helpers
    @property
    def C(self) -> dict:
        return content.load()

    def kind(self, t: str) -> dict:
        return self.C["board"]["kinds"][self.d["tiles"][t]["k"]]

    def ktype(self, t: str) -> str:
        return self.kind(t)["type"]

    def name(self, s) -> str:
        return "Neutral" if s == -1 else f"P{s + 1}"

    def pl(self, s: int) -> dict:
        return self.d["pl"][s]

    def active_seats(self) -> list:
        return [s for s in range(self.players) if not self.d["pl"][s]["out"]]

    def clockwise(self, start: int) -> list:
        return [(start + i) % self.players for i in range(self.players)
                if not self.d["pl"][(start + i) % self.players]["out"]]

    def knight(self, s: int, kid: str):
        for k in self.d["pl"][s]["kn"]:
            if k["id"] == kid:
                return k
        return None

    def occ(self) -> dict:
        """tile -> [(seat, knight dict)]"""
        out: dict = {}
        for s, p in enumerate(self.d["pl"]):
            for k in p["kn"]:
                out.setdefault(k["at"], []).append((s, k))
        return out

    def is_special(self, t: str) -> bool:
        return self.ktype(t) in SPECIAL

    def is_resource(self, t: str) -> bool:
        return self.ktype(t) in ("resource", "home")

    def starred(self, t: str) -> bool:
        k = self.kind(t)
        return k["type"] == "resource" and sum(k["yield"].values()) >= 2     # LD-RES-6, LD-GAP-14

    def owned(self, s: int) -> list:
        return [t for t, x in self.d["tiles"].items() if x["o"] == s and self.is_resource(t)]

    def starred_count(self, s: int) -> int:
        return sum(1 for t in self.owned(s) if self.starred(t))

    def protected(self, t: str, occ=None) -> bool:
        """LD-TERR-2: the owner has a knight orthogonally adjacent (LD-GAP-52)."""
        o = self.d["tiles"][t]["o"]
        if o is None or o < 0:
            return False
        occ = self.occ() if occ is None else occ
        return any(s == o for nb in NB[t] for s, _k in occ.get(nb, ()))

    def effects(self, k: dict) -> list:
        C = self.C
        return [C["items"][self.d["items"][i]]["effects"] for i in k["it"]] + [C["followers"][f]["effects"] for f in k["fo"]]

    def eff_sum(self, k: dict, key: str) -> int:
        return sum(e.get(key, 0) for e in self.effects(k) if "vs" not in e and key != "ring")

    def slots(self, k: dict) -> int:
        return 2 + self.eff_sum(k, "carry")                  # LD-ITEM-1, LD-ITEM-2

    def combat_bonus(self, k: dict, theme=None, duel=False) -> int:
        total = 0
        for e in self.effects(k):
            if "vs" in e:
                if e["vs"] == theme:
                    total += e.get("might", 0)
            else:
                total += e.get("might", 0)
                if duel:
                    total += e.get("duel", 0)
        return total

    def gain(self, s: int, res: dict) -> None:
        for r, n in res.items():
            self.d["pl"][s]["res"][r] += n

    def can_pay(self, s: int, cost: dict) -> bool:
        return all(self.d["pl"][s]["res"][r] >= n for r, n in cost.items())

    def pay(self, s: int, cost: dict) -> None:
        for r, n in cost.items():
            self.d["pl"][s]["res"][r] -= n

    def say(self, text: str) -> None:
        self.log.append(f"R{self.d['round']}: {text}")

    def roll3(self) -> int:
        return self.rng.roll(3)                                # LD-GAP-4, LD-GAP-5

    def send_home(self, s: int, k: dict) -> None:
        k["at"] = self.d["pl"][s]["home"]

    def overflow(self, k: dict) -> None:
        """A knight that lost a carry bonus drops the items it can no longer carry on its tile (LD-GAP-44)."""
        while len(k["it"]) > self.slots(k):
            iid = k["it"].pop()
            self.d["tiles"][k["at"]]["it"].append(iid)
            self.say(f"{self.item_name(iid)} is left on {k['at']}")

    def new_item(self, key: str) -> str:
        iid = f"i{self.d['ni']}"
        self.d["ni"] += 1
        self.d["items"][iid] = key
        return iid

    def item_name(self, iid: str) -> str:
        return self.C["items"][self.d["items"][iid]]["name"]

    def units_adjacent(self, s: int, t: str, occ=None) -> int:
        """Knights of ``s`` orthogonally adjacent to ``t`` plus warships in ``t``'s zone (LD-MON-8, LD-GAP-38)."""
        occ = self.occ() if occ is None else occ
        n = sum(1 for nb in NB[t] for s2, _k in occ.get(nb, ()) if s2 == s)
        p = self.d["pl"][s]
        if p["war"] and t in COAST:
            n += sum(1 for b in p["boats"] if b["z"] == COAST[t])
        return n

    def unused(self, s: int) -> list:
        p = self.d["pl"][s]
        return [v for v, u in zip(p["dice"], p["used"]) if not u]

    def spend(self, s: int, need: int) -> int:
        """Spend the lowest unused die worth at least ``need``; returns its value."""
        p = self.d["pl"][s]
        best = None
        for i, (v, u) in enumerate(zip(p["dice"], p["used"])):
            if not u and v >= need and (best is None or v < p["dice"][best]):
                best = i
        p["used"][best] = True
        return p["dice"][best]

    def low_die(self, s: int, need: int):
        vals = [v for v in self.unused(s) if v >= need]
        return min(vals) if vals else None

    # ------------------------------------------------------------ round flow
    def _new_round(self) -> None:
        d = self.d
        limit = self.options["round_limit"]
        if d["round"] >= limit:
            self._end_by_limit()
            return
        d["round"] += 1
        nxt = self.clockwise((d["first"] + 1) % self.players)        # LD-ROLL-1
        d["first"] = nxt[0]
        d["phase"] = "roll"
        d["window"] = None
        d["moved"] = []
        for p in d["pl"]:
            p["roll"] = None
            p["dice"], p["used"] = [], []
            p["spec"], p["offers"], p["hv"] = [], 0, None
            for k in p["kn"]:
                k["done"] = False
        self.say(f"round {d['round']} begins; {self.name(d['first'])} holds the first-player token")

    def _settle(self) -> None:
        """Advance phases while nobody needs to decide anything."""
        d = self.d
        while d["end"] is None and not d["prompt"] and not d["stack"]:
            if len(self.active_seats()) < 2:
                self._end_last_standing()
                return
            ph = d["phase"]
            if ph == "roll":
                if any(d["pl"][s]["roll"] is None for s in self.active_seats()):
                    return
                for s in self.active_seats():                       # LD-ROLL-2, LD-ROLL-8
                    p = d["pl"][s]
                    p["roll"] = max(1, min(p["roll"], 2 + p["res"]["food"] // 2))   # LD-ROLL-6 (food traded away meanwhile)
                    tax = 2 * max(0, p["roll"] - 2)                  # LD-ROLL-5
                    p["res"]["food"] -= tax
                    p["dice"] = [self.roll3() for _ in range(p["roll"])]
                    p["used"] = [False] * p["roll"]
                    self.say(f"{self.name(s)} rolls {p['dice']}" + (f" (paid {tax} food tax)" if tax else ""))
                d["phase"] = PHASES["roll"]["next"]
                d["order"] = self.clockwise(d["first"])              # LD-MOVE-1, LD-GAP-7
                d["active"] = d["order"][0]
            elif ph == "move":
                if d["active"] is not None and not d["pl"][d["active"]]["out"]:
                    return
                d["order"] = [s for s in d["order"] if s != d["active"] and not d["pl"][s]["out"]]
                if d["order"]:
                    d["active"] = d["order"][0]
                    for p in d["pl"]:
                        p["offers"] = 0
                    continue
                d["active"] = None
                d["window"] = None
                d["phase"] = PHASES["move"]["next"]                  # LD-HARV-1
                for p in d["pl"]:
                    p["hv"] = {"cap": 0, "got": [], "use": False, "smith": False, "fletch": False, "done": p["out"]}
                    p["offers"] = 0
            elif ph == "harvest":
                if any(not d["pl"][s]["hv"]["done"] for s in self.active_seats()):
                    return
                self._new_round()
            else:
                return

    def _end_by_limit(self) -> None:
        d = self.d
        seats = self.active_seats()
        key = lambda s: (d["imp"].count(s), d["pl"][s]["fame"], len(self.owned(s)), d["pl"][s]["res"]["gold"])
        groups: list = []
        for s in sorted(seats, key=key, reverse=True):
            if groups and key(groups[-1][0]) == key(s):
                groups[-1].append(s)
            else:
                groups.append([s])
        outs = [s for s in range(self.players) if d["pl"][s]["out"]]
        if outs:
            groups.append(outs)
        d["phase"] = "over"
        d["end"] = {"winners": groups[0] if groups else [], "ranking": groups,
                    "reason": f"round limit: the dragon grew tired of waiting after round {d['round']}; "
                              "lords ranked by impressions, fame, tiles and gold"}
        self.say(d["end"]["reason"])

    def _end_last_standing(self) -> None:
        d = self.d
        seats = self.active_seats()
        outs = [s for s in range(self.players) if d["pl"][s]["out"]]
        d["phase"] = "over"
        d["stack"], d["prompt"] = [], None
        d["end"] = {"winners": seats, "ranking": [seats, outs] if seats else [outs],
                    "reason": "conceded: every other lord conceded defeat"}
        self.say(d["end"]["reason"])

    # ------------------------------------------------------------ final ranking (LD-RANK)
    def _crown(self, king: int) -> None:
        d = self.d
        d["stack"], d["prompt"], d["window"] = [], None, None
        pool = [s for s in self.active_seats() if s != king]
        titles = {0: [], 1: ["jester"], 2: ["hand", "jester"]}.get(len(pool), ["hand", "coin", "jester"])
        d["phase"] = "ranking"
        d["rank"] = {"king": king, "pool": pool, "titles": titles, "placed": [[king]], "names": ["King of Doomspire"]}
        self.say(f"{self.name(king)} impressed the dragon for the third time and is King of Doomspire")
        self._rank_next()

    def _rank_key(self, title: str, s: int) -> tuple:
        p = self.d["pl"][s]
        if title == "hand":                                          # LD-RANK-4, LD-RANK-5
            return (len(self.owned(s)), self.starred_count(s))
        return (p["res"]["gold"], sum(p["res"].values()))            # LD-RANK-6, LD-RANK-7

    def _rank_next(self, pick=None) -> None:
        rk = self.d["rank"]
        label = {"hand": "Hand of the King", "coin": "Master of Coin", "jester": "Court Jester"}
        while rk["titles"]:
            title = rk["titles"][0]
            if title == "jester":                                    # LD-RANK-8
                chosen = list(rk["pool"])
            else:
                best = max(self._rank_key(title, s) for s in rk["pool"])
                tied = [s for s in rk["pool"] if self._rank_key(title, s) == best]
                if len(tied) > 1 and pick not in tied:
                    self.d["stack"] = [{"k": "tie", "title": title}]
                    self._ask(rk["king"], "tie", [[f"pick:{s + 1}", f"Name {self.name(s)} {label[title]}"] for s in tied])
                    return
                chosen = [pick] if len(tied) > 1 else tied
                pick = None
            rk["titles"].pop(0)
            rk["placed"].append(chosen)
            rk["names"].append(label[title])
            rk["pool"] = [s for s in rk["pool"] if s not in chosen]
            self.say(f"{', '.join(self.name(s) for s in chosen)}: {label[title]}")
        self.d["stack"], self.d["prompt"] = [], None
        outs = [s for s in range(self.players) if self.d["pl"][s]["out"]]
        ranking = rk["placed"] + ([outs] if outs else [])
        self.d["phase"] = "over"
        self.d["end"] = {"winners": [rk["king"]], "ranking": ranking,
                         "reason": f"dragon impressed three times: {self.name(rk['king'])} is King of Doomspire"}

    def _f_tie(self, fr, choice=None) -> None:
        if choice is None:
            return
        self._rank_next(int(choice.split(":")[1]) - 1)

    # ------------------------------------------------------------ prompts and the frame stack
    def _ask(self, seat: int, kind: str, opts: list) -> None:
        self.d["prompt"] = {"seat": seat, "kind": kind, "opts": [[i, l] for i, l in opts]}

    def _push(self, frame: dict) -> None:
        self.d["stack"].append(frame)

    def _pop(self, fr: dict) -> None:
        st = self.d["stack"]
        if st and st[-1] is fr:
            st.pop()
        elif fr in st:
            st.remove(fr)

    def _run(self) -> None:
        d = self.d
        guard = 0
        while d["stack"] and not d["prompt"] and d["end"] is None and d["phase"] != "ranking":
            guard += 1
            if guard > 10000:
                raise RuntimeError("frame loop does not progress")
            fr = d["stack"][-1]
            getattr(self, "_f_" + fr["k"])(fr)

    # ------------------------------------------------------------ contract hooks
    def _to_act(self) -> tuple:
        d = self.d
        if d["end"] is not None:
            return ()
        if d["prompt"]:
            return (d["prompt"]["seat"],)
        if d["phase"] == "roll":
            return tuple(s for s in self.active_seats() if d["pl"][s]["roll"] is None)
        if d["phase"] == "move":
            return () if d["active"] is None else (d["active"],)
        if d["phase"] == "harvest":
            return tuple(s for s in self.active_seats() if not d["pl"][s]["hv"]["done"])
        return ()

    def _legal(self, seat: int) -> list:
        d = self.d
        if d["prompt"]:
            return [Action(i, l, "prompt:" + d["prompt"]["kind"]) for i, l in d["prompt"]["opts"]]
        return getattr(self, "_legal_" + d["phase"])(seat)

    def _apply(self, seat: int, action: Action) -> None:
        d = self.d
        if d["prompt"]:
            fr = d["stack"][-1]
            d["prompt"] = None
            getattr(self, "_f_" + fr["k"])(fr, action.id)
        else:
            getattr(self, "_do_" + d["phase"])(seat, action.id)
        self._run()
        self._settle()

    def _outcome(self):
        e = self.d["end"]
        if e is None:
            return None
        return Outcome(tuple(e["winners"]), tuple(tuple(g) for g in e["ranking"]), e["reason"])

    def _dump(self) -> dict:
        return self.d

    def _load(self, data: dict) -> None:
        self.d = data

    # ------------------------------------------------------------ roll phase (LD-ROLL)
    def max_dice(self, s: int) -> int:
        p = self.d["pl"][s]
        entitled = 1 + len(p["kn"])                                  # LD-ROLL-3
        affordable = 2 + p["res"]["food"] // 2                        # LD-ROLL-6
        return max(1, min(entitled, affordable))

    def _legal_roll(self, s: int) -> list:
        out = []
        for n in range(1, self.max_dice(s) + 1):
            tax = 2 * max(0, n - 2)
            out.append(Action(f"roll:{n}", f"Roll {n} {'die' if n == 1 else 'dice'}" + (f" (pay {tax} food tax)" if tax else ""), "roll"))
        out.extend(self._offer_actions(s))                           # e.g. buy food for the dice tax
        out.append(Action("concede", "Concede defeat", "concede"))
        return out

    def _do_roll(self, s: int, aid: str) -> None:
        if aid == "concede":
            self._push({"k": "confirm", "s": s})
            return
        if self._do_common(s, aid):
            return
        self.d["pl"][s]["roll"] = int(aid.split(":")[1])            # LD-ROLL-4

    # ------------------------------------------------------------ move phase (LD-MOVE, LD-BOAT)
    def enterable(self, s: int, t: str, occ: dict) -> bool:
        x = self.d["tiles"][t]
        if x["h"] is not None and x["h"] != s and not self.d["pl"][x["h"]]["out"]:
            return False                                             # LD-MOVE-10
        special = self.is_special(t)
        if t == self.d["pl"][s]["home"] or special:
            return True                                              # LD-GAP-32, LD-MOVE-16
        for s2, _k in occ.get(t, ()):
            if s2 == s:
                return False                                         # LD-MOVE-11, LD-GAP-31
            if self.d["round"] < 2:
                return False                                         # LD-MOVE-12
        return True

    def must_stop(self, t: str) -> bool:
        x = self.d["tiles"][t]
        return not x["x"] or x["m"] is not None or x["k"] == "DS"    # LD-MOVE-8, LD-MOVE-9, LD-GAP-33

    def opp_at(self, s: int, t: str, occ: dict) -> list:
        if self.d["round"] < 2 or self.is_special(t):
            return []
        return [(s2, k) for s2, k in occ.get(t, ()) if s2 != s]

    def knight_dests(self, s: int, k: dict, reach: int, occ: dict) -> dict:
        """dest -> (opponent tiles passed, steps, path) -- fewest passes, then fewest steps."""
        best: dict = {}
        start = k["at"]

        def walk(t, path, opps):
            steps = len(path)
            if steps >= reach:
                return
            for nb in NB[t]:
                if nb == start or nb in path or not self.enterable(s, nb, occ):
                    continue
                npath = path + [nb]
                key = (opps, len(npath))
                if nb not in best or key < best[nb][:2]:
                    best[nb] = (opps, len(npath), npath)
                if self.must_stop(nb):
                    continue
                walk(nb, npath, opps + (1 if self.opp_at(s, nb, occ) else 0))
        walk(start, [], 0)
        return best

    def can_stay(self, s: int, k: dict, occ: dict) -> bool:
        """LD-MOVE-7, LD-MOVE-19: a zero-step action makes sense only if the tile offers an interaction."""
        t = k["at"]
        x = self.d["tiles"][t]
        typ = self.ktype(t)
        if x["n"] > 0 and x["m"] is None:
            return True
        if typ in SPECIAL and t not in self.d["pl"][s]["spec"]:
            return True
        if typ in ("resource", "home") and x["o"] is None:
            return True
        if self.d["round"] >= 2 and typ in ("resource", "home") and x["o"] is not None and x["o"] != s:
            p = self.d["pl"][s]
            return (p["fame"] >= 1 or p["might"] >= 1) and not self.protected(t, occ)
        return False

    def _legal_move(self, s: int) -> list:
        d = self.d
        p = d["pl"][s]
        occ = self.occ()
        out = []
        dice = self.unused(s)
        top = max(dice) if dice else 0
        out.extend(self._window_actions(s, occ))
        if dice:
            for k in p["kn"]:
                if k["done"]:
                    continue
                bonus = self.eff_sum(k, "steps")
                for dest, (opps, steps, _path) in sorted(self.knight_dests(s, k, top + bonus, occ).items()):
                    die = self.low_die(s, max(1, steps - bonus))
                    extra = f", passing {opps} rival knight(s)" if opps else ""
                    out.append(Action(f"move:{k['id']}>{dest}", f"Move knight {k['id'][1:]} to {dest} ({steps} step(s), die {die}{extra})", "move"))
                if self.can_stay(s, k, occ):
                    out.append(Action(f"stay:{k['id']}", f"Knight {k['id'][1:]} stays on {k['at']} and interacts (die {min(dice)})", "stay"))
            out.extend(self._boat_actions(s, top, occ))
        out.extend(self._item_actions(s, occ))
        out.extend(self._offer_actions(s))
        out.append(Action("end", "End your move turn" + (f" (keep dice {dice} for the harvest)" if dice else ""), "end"))
        out.append(Action("concede", "Concede defeat", "concede"))
        return out

    def _boat_actions(self, s: int, top: int, occ: dict) -> list:
        p = self.d["pl"][s]
        out = []
        for b in p["boats"]:
            for z in ZONES:
                dist = zone_dist(b["z"], z)
                if z != b["z"] and dist <= top:
                    out.append(Action(f"boat:{b['id']}>{z}", f"Sail boat {b['id'][1:]} to the {ZONE_NAMES[z]} sea (die {self.low_die(s, max(1, dist))})", "boat"))
            for k in p["kn"]:
                kz = COAST.get(k["at"])
                if kz is None:
                    continue
                for t, ez in COAST.items():
                    if t == k["at"]:
                        continue
                    steps = zone_dist(b["z"], kz) + zone_dist(kz, ez)
                    if steps > top or not self.drop_ok(s, k, t, occ):
                        continue
                    out.append(Action(f"boat:{b['id']}:{k['id']}>{t}",
                                      f"Boat {b['id'][1:]} carries knight {k['id'][1:]} from {k['at']} to {t} ({steps} step(s), die {self.low_die(s, max(1, steps))})", "boat"))
        return out

    def drop_ok(self, s: int, k: dict, t: str, occ: dict) -> bool:
        if not self.enterable(s, t, occ):                            # LD-GAP-40
            return False
        if k["done"]:                                                # LD-BOAT-11
            x = self.d["tiles"][t]
            if x["m"] is not None or not x["x"] or x["n"] > 0 or self.opp_at(s, t, occ):
                return False
        return True

    def _window_actions(self, s: int, occ: dict) -> list:
        """Voluntary interactions right after an entry (LD-TILE-12..16)."""
        w = self.d["window"]
        if not w or w["s"] != s:
            return []
        k = self.knight(s, w["kn"])
        if k is None or k["at"] != w["t"]:
            return []
        t = w["t"]
        x = self.d["tiles"][t]
        p = self.d["pl"][s]
        typ = self.ktype(t)
        out = []
        if typ in ("resource", "home") and x["o"] is None and "revolt" not in w["acts"] and "claim" not in w["acts"]:
            y = self.kind(t)["yield"]
            out.append(Action("claim", f"Claim {t} ({res_text(y)}{', starred' if self.starred(t) else ''})", "claim"))
        if (self.d["round"] >= 2 and typ in ("resource", "home") and x["o"] is not None and x["o"] != s
                and not w["acts"] and not self.protected(t, occ)):
            if p["fame"] >= 1:
                out.append(Action("revolt", f"Incite revolt on {t}: pay 1 fame, remove {self.name(x['o'])}'s claim", "revolt"))
            if p["might"] >= 1:
                out.append(Action("conquer", f"Conquer {t}: pay 1 might, replace {self.name(x['o'])}'s flag with yours", "conquer"))
        fresh = t not in p["spec"]
        if typ == "trader" and (fresh or "trader" in w["acts"]):
            for i, a in enumerate(RES):                               # LD-SPEC-2: any 2 for 1 of another type
                for b1 in RES[i:]:
                    if (a == b1 and p["res"][a] >= 2) or (a != b1 and p["res"][a] and p["res"][b1]):
                        for c in RES:
                            if c not in (a, b1):
                                out.append(Action(f"swap:{a}+{b1}>{c}", f"Trader: 1 {a} + 1 {b1} for 1 {c}", "trader"))
            if len(k["it"]) < self.slots(k):
                for key, n in sorted(self.d["trader"].items()):
                    price = self.C["items"][key]["price"]
                    if n > 0 and p["res"]["gold"] >= price:
                        out.append(Action(f"buy:{key}", f"Trader: buy {self.C['items'][key]['name']} for {price} gold", "trader"))
        if typ == "mercenary" and fresh and p["res"]["gold"] >= 3:
            out.append(Action("merc", "Mercenary camp: pay 3 gold for 1 might", "special"))
        if typ == "temple" and fresh and p["fame"] >= 2:
            out.append(Action("temple", "Temple: sacrifice 2 fame for 1 might", "special"))
        return out

    def _item_actions(self, s: int, occ: dict, pick: bool = True) -> list:
        """Drop and dismiss at any time (LD-UI-21); pick up only in the owner's move turn (LD-GAP-43)."""
        out = []
        moved = self.d["moved"]
        for k in self.d["pl"][s]["kn"]:
            for iid in k["it"]:
                if iid not in moved:
                    out.append(Action(f"drop:{k['id']}:{iid}", f"Knight {k['id'][1:]} drops {self.item_name(iid)} on {k['at']}", "item"))
            if pick and len(k["it"]) < self.slots(k):
                for iid in self.d["tiles"][k["at"]]["it"]:
                    if iid not in moved:
                        out.append(Action(f"pick:{k['id']}:{iid}", f"Knight {k['id'][1:]} picks up {self.item_name(iid)}", "item"))
            for f in k["fo"]:
                out.append(Action(f"dismiss:{k['id']}:{f}", f"Knight {k['id'][1:]} dismisses {self.C['followers'][f]['name']}", "item"))
        return out

    def _offer_actions(self, s: int) -> list:
        """LD-TRADE-1, LD-GAP-57: from round 2, offer 1 or 2 of a resource for 1 of another (2 offers a phase)."""
        d = self.d
        p = d["pl"][s]
        if d["round"] < 2 or p["offers"] >= 2:
            return []
        out = []
        for o in self.active_seats():
            if o == s:
                continue
            for a in RES:
                for b in RES:
                    if a == b:
                        continue
                    for n in (1, 2):
                        if p["res"][a] >= n:
                            out.append(Action(f"offer:{o + 1}:{'' if n == 1 else n}{a}>{b}",
                                              f"Offer {self.name(o)} {n} {a} for 1 {b}", "trade"))
        return out

    def _do_move(self, s: int, aid: str) -> None:
        d = self.d
        if aid == "end":
            d["window"] = None
            self.say(f"{self.name(s)} ends the move turn")
            d["order"] = [x for x in d["order"] if x != s]
            d["active"] = None
            return
        if aid == "concede":
            self._push({"k": "confirm", "s": s})
            return
        if self._do_common(s, aid):
            return
        head, _, rest = aid.partition(":")
        p = d["pl"][s]
        if head == "move":
            d["window"] = None
            kid, dest = rest.split(">")
            k = self.knight(s, kid)
            bonus = self.eff_sum(k, "steps")
            occ = self.occ()
            opps, steps, path = self.knight_dests(s, k, max(self.unused(s)) + bonus, occ)[dest]
            die = self.spend(s, max(1, steps - bonus))
            self.say(f"{self.name(s)} moves knight {kid[1:]} {k['at']}->{dest} with a {die}")
            self._push({"k": "walk", "s": s, "kn": kid, "path": path, "i": 0, "asked": -1})
        elif head == "stay":
            d["window"] = None
            k = self.knight(s, rest)
            die = self.spend(s, 1)
            self.say(f"{self.name(s)}'s knight {rest[1:]} stays on {k['at']} with a {die}")
            self._push({"k": "entry", "s": s, "kn": rest, "t": k["at"], "st": "explore", "fought": False, "tired": False, "blk": None})
        elif head == "boat":
            d["window"] = None
            if ">" in rest and ":" not in rest:
                bid, z = rest.split(">")
                b = next(b for b in p["boats"] if b["id"] == bid)
                die = self.spend(s, max(1, zone_dist(b["z"], z)))
                self.say(f"{self.name(s)} sails boat {bid[1:]} {b['z']}->{z} with a {die}")
                b["z"] = z
            else:
                bid, move = rest.split(":")
                kid, t = move.split(">")
                b = next(b for b in p["boats"] if b["id"] == bid)
                k = self.knight(s, kid)
                kz, ez = COAST[k["at"]], COAST[t]
                die = self.spend(s, max(1, zone_dist(b["z"], kz) + zone_dist(kz, ez)))
                self.say(f"{self.name(s)}'s boat {bid[1:]} carries knight {kid[1:]} {k['at']}->{t} with a {die}")
                b["z"] = ez
                k["at"] = t
                self._push({"k": "entry", "s": s, "kn": kid, "t": t, "st": "explore", "fought": False,
                            "tired": k["done"], "blk": None})                 # LD-MOVE-22, LD-BOAT-10
        elif head == "claim":
            w = d["window"]
            t = w["t"]
            d["tiles"][t]["o"] = s                                     # LD-RES-8
            w["acts"].append("claim")
            self.knight(s, w["kn"])["done"] = True
            self.say(f"{self.name(s)} claims {t}")
        elif head in ("revolt", "conquer"):
            w = d["window"]
            t = w["t"]
            x = d["tiles"][t]
            prev = x["o"]
            if head == "revolt":                                       # LD-TERR-7
                p["fame"] -= 1
                x["o"] = None
            else:                                                      # LD-TERR-10
                p["might"] -= 1
                x["o"] = s
            w["acts"].append(head)
            self.knight(s, w["kn"])["done"] = True
            self.say(f"{self.name(s)} {'incites revolt on' if head == 'revolt' else 'conquers'} {t} (was {self.name(prev)}'s)")
        elif head in ("swap", "buy", "merc", "temple"):
            w = d["window"]
            t = w["t"]
            if t not in p["spec"]:
                p["spec"].append(t)                                    # LD-SPEC-9, LD-GAP-41
            self.knight(s, w["kn"])["done"] = True
            if head == "swap":
                pair, b = rest.split(">")
                a1, a2 = pair.split("+")
                p["res"][a1] -= 1
                p["res"][a2] -= 1
                p["res"][b] += 1
                w["acts"].append("trader")
                self.say(f"{self.name(s)} trades 1 {a1} + 1 {a2} for 1 {b} at the trader")
            elif head == "buy":
                price = self.C["items"][rest]["price"]
                p["res"]["gold"] -= price
                d["trader"][rest] -= 1                                 # LD-SPEC-6
                k = self.knight(s, w["kn"])
                k["it"].append(self.new_item(rest))
                w["acts"].append("trader")
                self.say(f"{self.name(s)} buys {self.C['items'][rest]['name']} for {price} gold")
            elif head == "merc":
                p["res"]["gold"] -= 3
                p["might"] += 1
                w["acts"].append("merc")
                self.say(f"{self.name(s)} hires mercenaries: +1 might")
            else:
                p["fame"] -= 2
                p["might"] += 1
                w["acts"].append("temple")
                self.say(f"{self.name(s)} sacrifices 2 fame at the temple: +1 might")
        elif head in ("drop", "pick", "dismiss"):
            self._do_item(s, head, rest)
        else:
            raise ValueError(aid)

    def _do_item(self, s: int, head: str, rest: str) -> None:
        d = self.d
        kid, what = rest.split(":")
        k = self.knight(s, kid)
        tile = d["tiles"][k["at"]]
        if head == "drop":                                         # LD-ITEM-4, LD-ITEM-5
            k["it"].remove(what)
            tile["it"].append(what)
            d["moved"].append(what)
            self.say(f"{self.name(s)}'s knight {kid[1:]} drops {self.item_name(what)} on {k['at']}")
        elif head == "pick":                                       # LD-ITEM-6, LD-GAP-43
            tile["it"].remove(what)
            k["it"].append(what)
            d["moved"].append(what)
            self.say(f"{self.name(s)}'s knight {kid[1:]} picks up {self.item_name(what)}")
        else:                                                      # LD-FOL-6
            k["fo"].remove(what)
            self.say(f"{self.name(s)}'s knight {kid[1:]} dismisses {self.C['followers'][what]['name']}")
        self.overflow(k)

    def _do_common(self, s: int, aid: str) -> bool:
        if not aid.startswith("offer:"):
            return False
        _, o, deal = aid.split(":")
        give, get = deal.split(">")
        n = 1
        if give[0].isdigit():
            n, give = int(give[0]), give[1:]
        self.d["pl"][s]["offers"] += 1
        self.say(f"{self.name(s)} offers {self.name(int(o) - 1)} {n} {give} for 1 {get}")
        self._push({"k": "offer", "f": s, "to": int(o) - 1, "give": give, "n": n, "get": get})
        return True

    def _f_offer(self, fr, choice=None) -> None:
        to = fr["to"]
        if choice is None:
            opts = []
            if self.d["pl"][to]["res"][fr["get"]] >= 1 and self.d["pl"][fr["f"]]["res"][fr["give"]] >= fr["n"]:
                opts.append(["accept", f"Accept: give 1 {fr['get']}, receive {fr['n']} {fr['give']} from {self.name(fr['f'])}"])
            opts.append(["decline", f"Decline {self.name(fr['f'])}'s offer"])
            self._ask(to, "offer", opts)
            return
        self._pop(fr)
        if choice == "accept":
            self.gain(to, {fr["give"]: fr["n"], fr["get"]: -1})
            self.gain(fr["f"], {fr["give"]: -fr["n"], fr["get"]: 1})
            self.say(f"{self.name(to)} accepts the trade")
        else:
            self.say(f"{self.name(to)} declines the trade")

    # ------------------------------------------------------------ walking, blocking, entering
    def _f_walk(self, fr, choice=None) -> None:
        s = fr["s"]
        k = self.knight(s, fr["kn"])
        path = fr["path"]
        if choice is not None:
            t = path[fr["i"]]
            if choice == "block":                                      # LD-MOVE-15, LD-KVK-3
                blocker = fr["blocker"]
                self.say(f"{self.name(blocker)} blocks the knight on {t}")
                k["at"] = t
                self._pop(fr)
                self._push({"k": "entry", "s": s, "kn": fr["kn"], "t": t, "st": "explore", "fought": False,
                            "tired": False, "blk": blocker})
                return
            fr["i"] += 1
        occ = self.occ()
        while fr["i"] < len(path) - 1:
            t = path[fr["i"]]
            opps = self.opp_at(s, t, occ)
            if opps and fr["asked"] < fr["i"]:                          # LD-MOVE-14
                fr["asked"] = fr["i"]
                fr["blocker"] = opps[0][0]
                self._ask(opps[0][0], "block", [["block", f"Block {self.name(s)}'s knight on {t} and fight"],
                                                 ["pass", f"Let {self.name(s)}'s knight pass {t}"]])
                return
            fr["i"] += 1
        t = path[-1]
        k["at"] = t
        self._pop(fr)
        self._push({"k": "entry", "s": s, "kn": fr["kn"], "t": t, "st": "explore", "fought": False, "tired": False, "blk": None})

    def _f_entry(self, fr, choice=None) -> None:
        """Automatic interactions in order: explore, combat, dragon, adventure (LD-TILE-2); then the voluntary window."""
        d = self.d
        s, t = fr["s"], fr["t"]
        k = self.knight(s, fr["kn"])
        here = k is not None and k["at"] == t and not d["pl"][s]["out"]
        x = d["tiles"][t]
        st = fr["st"]
        if st == "explore":
            fr["st"] = "knight"
            if here and not x["x"]:
                x["x"] = True                                          # LD-TILE-3
                self.reveal()
                d["pl"][s]["fame"] += 1                                # LD-TILE-4
                k["done"] = True                                       # LD-TILE-7
                kind = self.kind(t)
                self.say(f"{self.name(s)} explores {t}: {kind['name']} (+1 fame)")
                if kind["type"] in ("resource", "den"):                # LD-TILE-5
                    x["m"] = dict(self.C["board"]["bear"], card=None)
                    self.say(f"a bear guards {t}")
                if kind["type"] == "doomspire":                        # LD-DOOM-2, LD-DOOM-3
                    pile = [r for r in RES for _ in range(3)]
                    self.rng.shuffle(pile)
                    d["hoard"] = [{r: pile[i:i + 4].count(r) for r in RES if pile[i:i + 4].count(r)} for i in (0, 4, 8)]
                    self.say("the dragon's hoard: " + " | ".join(res_text(h) for h in d["hoard"]))
            return
        if st == "knight":
            fr["st"] = "monster"
            if here:
                occ = self.occ()
                opps = self.opp_at(s, t, occ)
                if fr["blk"] is not None:
                    bk = next((kk for s2, kk in opps if s2 == fr["blk"]), None)
                    if bk is not None:                                 # LD-GAP-46: the blocker attacks
                        fr["fought"] = True
                        k["done"] = True
                        self._push({"k": "kvk", "a": fr["blk"], "ak": bk["id"], "d": s, "dk": k["id"], "t": t, "fl": s, "st": "ask"})
                        return
                elif opps:                                             # LD-MOVE-13, LD-KVK-2
                    s2, k2 = opps[0]
                    fr["fought"] = True
                    k["done"] = True
                    self._push({"k": "kvk", "a": s, "ak": k["id"], "d": s2, "dk": k2["id"], "t": t, "fl": s2, "st": "ask"})
                    return
            return
        if st == "monster":
            fr["st"] = "dragon"
            if here and x["m"] is not None:                           # LD-TILE-8
                fr["fought"] = True
                k["done"] = True
                self._push({"k": "mon", "s": s, "kn": k["id"], "t": t, "mon": x["m"], "card": False, "st": "ask"})
            return
        if st == "dragon":
            fr["st"] = "adv"
            if here and x["k"] == "DS":                                # LD-TILE-9
                fr["fought"] = True
                k["done"] = True
                self._push({"k": "drag", "s": s, "kn": k["id"], "t": t, "st": "check"})
            return
        if st == "adv":
            fr["st"] = "end"
            if here and x["n"] > 0 and x["m"] is None and not fr["fought"]:   # LD-TILE-10, LD-TILE-11, LD-GAP-17
                x["n"] -= 1                                            # LD-ADV-2
                k["done"] = True
                tier = str(self.kind(t)["tier"])                       # LD-ADV-4
                deck = d["decks"][tier]
                if not deck:                                           # LD-GAP-18: reshuffle discards
                    deck.extend(d["disc"][tier])
                    d["disc"][tier] = []
                    self.rng.shuffle(deck)
                if not deck:
                    self.say(f"the tier-{tier} deck is empty")
                    return
                cid = deck.pop()
                self.reveal()
                card = self.C["card_by_id"][cid]
                self.say(f"{self.name(s)} draws a tier-{tier} {card['theme']} card on {t}: {card['name']} ({card['type']})")
                self._push({"k": "card", "s": s, "kn": k["id"], "t": t, "c": cid, "i": 0})
            return
        self._pop(fr)
        if here and not fr["tired"] and d["phase"] == "move" and d["active"] == s:
            d["window"] = {"s": s, "kn": k["id"], "t": t, "acts": []}  # LD-TILE-12, LD-TILE-13

    def _f_card(self, fr, choice=None) -> None:
        d = self.d
        s = fr["s"]
        card = self.C["card_by_id"][fr["c"]]
        k = self.knight(s, fr["kn"])
        tier = str(card["tier"])
        if card["type"] == "monster":                                  # LD-ADV-10
            self._pop(fr)
            mon = {"name": card["name"], "might": card["might"], "fame": card["fame"], "loot": card["loot"],
                   "theme": card["theme"], "card": card["id"]}
            if k is None or k["at"] != fr["t"]:
                d["tiles"][fr["t"]]["m"] = mon
                return
            self._push({"k": "mon", "s": s, "kn": k["id"], "t": fr["t"], "mon": mon, "card": True, "st": "ask"})
            return
        if card["type"] == "encounter":                                # LD-ADV-13, LD-FOL-2
            f = card["follower"]
            fname = self.C["followers"][f]["name"]
            if k is None:
                self._pop(fr)
                d["disc"][tier].append(card["id"])
                return
            if choice is None and len(k["fo"]) >= 2:                   # LD-FOL-1, LD-GAP-44
                opts = [[f"dismiss:{g}", f"Dismiss {self.C['followers'][g]['name']} to make room for {fname}"] for g in k["fo"]]
                opts.append(["decline", f"Send {fname} away"])
                self._ask(s, "follower", opts)
                return
            self._pop(fr)
            d["disc"][tier].append(card["id"])
            if choice and choice.startswith("dismiss:"):
                k["fo"].remove(choice.split(":")[1])
                self.overflow(k)
            if choice == "decline":
                self.say(f"{self.name(s)} sends {fname} away")
                return
            k["fo"].append(f)
            self.say(f"{fname} joins {self.name(s)}'s knight {k['id'][1:]}")
            return
        effects = card["effects"]                                      # LD-ADV-11, LD-ADV-12
        p = d["pl"][s]
        while fr["i"] < len(effects):
            e = effects[fr["i"]]
            fr["i"] += 1
            if "gain" in e:
                self.gain(s, e["gain"])
                self.say(f"{self.name(s)} gains {res_text(e['gain'])}")
            elif "fame" in e:
                p["fame"] += e["fame"]
                self.say(f"{self.name(s)} gains {e['fame']} fame")
            elif "might" in e:
                p["might"] += e["might"]
                self.say(f"{self.name(s)} gains {e['might']} might")
            elif "lose" in e:
                self._push({"k": "lose", "s": s, "to": None, "kn": None, "why": card["name"]})
                return
            elif "home" in e and k is not None:
                self.send_home(s, k)
                self.say(f"{self.name(s)}'s knight is sent home")
            elif "scatter" in e and d["round"] >= 2:
                for s2, k2 in list(self._units_near(fr["t"])):
                    if s2 != s:
                        self.send_home(s2, k2)
                        self.say(f"{self.name(s2)}'s knight on {k2['at']} flees home")
            elif "item" in e and k is not None:
                iid = self.new_item(e["item"])
                if len(k["it"]) < self.slots(k):
                    k["it"].append(iid)
                    self.say(f"{self.name(s)}'s knight finds {self.item_name(iid)}")
                else:                                                  # LD-GAP-44
                    d["tiles"][k["at"]]["it"].append(iid)
                    self.say(f"{self.name(s)}'s knight finds {self.item_name(iid)} but cannot carry it; it lies on {k['at']}")
        self._pop(fr)
        d["disc"][tier].append(card["id"])

    def _units_near(self, t: str):
        occ = self.occ()
        for nb in NB[t]:
            if self.is_special(nb):
                continue
            for s2, k2 in occ.get(nb, ()):
                yield s2, k2

    # ------------------------------------------------------------ losses, flee destinations
    def _f_lose(self, fr, choice=None) -> None:
        """Lose (or, with ``to``, give) 1 resource -- or an item of knight ``kn`` when giving (LD-MON-13..15, LD-KVK-6)."""
        s, to = fr["s"], fr["to"]
        p = self.d["pl"][s]
        verb = "give" if to is not None else "lose"
        if choice is None:
            opts = [[f"{verb}:{r}", f"{verb.title()} 1 {r}" + (f" to {self.name(to)}" if to is not None else "")] for r in RES if p["res"][r] > 0]
            if to is not None and fr["kn"]:
                k = self.knight(s, fr["kn"])
                ak = self.knight(to, fr["tk"]) if fr.get("tk") else None
                if k is not None and ak is not None and len(ak["it"]) < self.slots(ak):
                    opts += [[f"give:{i}", f"Give {self.item_name(i)} to {self.name(to)}"] for i in k["it"]]
            if not opts:
                self._pop(fr)
                if p["fame"] > 0:                                      # LD-MON-14, LD-GAP-47
                    p["fame"] -= 1
                    self.say(f"{self.name(s)} has nothing to {verb} and loses 1 fame")
                else:                                                  # LD-MON-15
                    self.say(f"{self.name(s)} has nothing to {verb}")
                return
            if len(opts) > 1:
                self._ask(s, verb, opts)
                return
            choice = opts[0][0]
        self._pop(fr)
        what = choice.split(":")[1]
        if what in RES:
            p["res"][what] -= 1
            if to is not None:
                self.d["pl"][to]["res"][what] += 1
            self.say(f"{self.name(s)} {verb}s 1 {what}" + (f" to {self.name(to)}" if to is not None else ""))
        else:
            k = self.knight(s, fr["kn"])
            k["it"].remove(what)
            self.knight(to, fr["tk"])["it"].append(what)
            self.overflow(k)
            self.say(f"{self.name(s)} gives {self.item_name(what)} to {self.name(to)}")

    def flee_dests(self, s: int, t: str) -> list:
        """LD-GAP-34: nearest own flagged tile (not home, not the combat tile) without knight or monster."""
        occ = self.occ()
        home = self.d["pl"][s]["home"]
        cands = [u for u in self.owned(s) if u != home and u != t and not occ.get(u) and self.d["tiles"][u]["m"] is None]
        if not cands:
            return [home]
        best = min(manhattan(t, u) for u in cands)
        return sorted(u for u in cands if manhattan(t, u) == best)

    def _flee_roll(self, s: int, k: dict) -> int:
        r = self.roll3()
        return min(3, r + self.eff_sum(k, "flee"))                     # items: +1 to flee rolls, best result 3

    def _support_askers(self, t: str, fighters: tuple) -> list:
        """Other lords with units next to the combat, clockwise from the first fighter (LD-GAP-45)."""
        occ = self.occ()
        return [s for s in self.clockwise(fighters[0]) if s not in fighters and self.units_adjacent(s, t, occ) > 0]

    # ------------------------------------------------------------ monster combat (LD-MON)
    def _f_mon(self, fr, choice=None) -> None:
        d = self.d
        s, t, mon = fr["s"], fr["t"], fr["mon"]
        k = self.knight(s, fr["kn"])
        p = d["pl"][s]
        st = fr["st"]
        if st == "ask":
            if choice is None:
                base = p["might"] + self.combat_bonus(k, mon["theme"]) + 2 * self.units_adjacent(s, t)
                self._ask(s, "flee", [["fight", f"Fight the {mon['name']} (might {mon['might']}; you have {base} + 1D3 before support)"],
                                       ["flee", "Try to flee (1D3: 1 fight anyway, 2 flee and lose 1 resource, 3 flee home)"]])
                return
            if choice == "fight":
                fr["st"] = "roll"
                return
            r = self._flee_roll(s, k)                                  # LD-MON-2
            self.say(f"{self.name(s)} tries to flee and rolls {r}")
            if r == 1:                                                 # LD-MON-3
                fr["st"] = "roll"
                return
            if r == 3:                                                 # LD-MON-6
                self.send_home(s, k)
                self._mon_left(fr)
                return
            fr["st"] = "fleeto"
            return
        if st == "fleeto":                                            # LD-MON-4, LD-MON-5
            dests = self.flee_dests(s, t)
            if choice is None and len(dests) > 1:
                self._ask(s, "fleeto", [[f"fleeto:{u}", f"Flee to {u}"] for u in dests])
                return
            k["at"] = choice.split(":")[1] if choice else dests[0]
            self.say(f"{self.name(s)}'s knight flees to {k['at']}")
            self._mon_left(fr)
            self._push({"k": "lose", "s": s, "to": None, "kn": None, "why": "flee"})
            return
        if st == "roll":                                              # LD-MON-7
            fr["roll"] = self.roll3()
            fr["own"] = self.units_adjacent(s, t)
            fr["sup"] = 0
            fr["ask"] = self._support_askers(t, (s,))
            fr["st"] = "sup"
            self.say(f"{self.name(s)} rolls {fr['roll']} against the {mon['name']}")
            return
        if st == "sup":                                               # LD-MON-16, LD-MON-17
            if choice is not None:
                o = fr["ask"].pop(0)
                if choice == "support:yes":
                    n = self.units_adjacent(o, t)
                    fr["sup"] += n
                    self.say(f"{self.name(o)} supports with {n} unit(s)")
                else:
                    self.say(f"{self.name(o)} does not support")
            if fr["ask"]:
                o = fr["ask"][0]
                total = fr["roll"] + p["might"] + self.combat_bonus(k, mon["theme"]) + 2 * (fr["own"] + fr["sup"])
                self._ask(o, "support", [["support:yes", f"Support {self.name(s)} (+{2 * self.units_adjacent(o, t)}; now {total} vs {mon['might']})"],
                                         ["support:no", f"Do not support {self.name(s)}"]])
                return
            fr["st"] = "bonus"
            return
        if st == "bonus":                                             # LD-MON-9
            fr["st"] = "resolve"
            fr["extra"] = 0
            shots = [i for i in k["it"] if self.C["items"][d["items"][i]]["effects"].get("oneshot")]
            if shots:
                fr["st"] = "shot"
                self._ask_shot(fr, s, shots, mon["might"],
                               fr["roll"] + p["might"] + self.combat_bonus(k, mon["theme"]) + 2 * (fr["own"] + fr["sup"]))
            return
        if st == "shot":
            self._use_shot(fr, s, k, choice)
            fr["st"] = "resolve"
            return
        total = fr["roll"] + p["might"] + self.combat_bonus(k, mon["theme"]) + 2 * (fr["own"] + fr["sup"]) + fr.get("extra", 0)
        self._pop(fr)
        if total >= mon["might"]:                                     # LD-MON-10, LD-MON-11
            bonus = self.eff_sum(k, "fame_win")
            p["fame"] += mon["fame"] + bonus
            self.gain(s, mon["loot"])
            d["tiles"][t]["m"] = None                                  # LD-GAP-22
            if mon.get("card"):
                d["disc"][str(self.C["card_by_id"][mon["card"]]["tier"])].append(mon["card"])
            self.say(f"{self.name(s)} beats the {mon['name']} ({total} vs {mon['might']}): +{mon['fame']} fame, {res_text(mon['loot'])}")
        else:                                                         # LD-MON-12, LD-MON-13
            self.say(f"{self.name(s)} loses to the {mon['name']} ({total} vs {mon['might']}); the knight goes home")
            self.send_home(s, k)
            d["tiles"][t]["m"] = mon                                   # LD-ADV-14
            if not any(e.get("heal") for e in self.effects(k)):
                self._push({"k": "lose", "s": s, "to": None, "kn": None, "why": "healing"})

    def _mon_left(self, fr) -> None:
        self._pop(fr)
        self.d["tiles"][fr["t"]]["m"] = fr["mon"]                      # a fled-from monster stays (LD-GAP-22)

    def _ask_shot(self, fr, s, shots, target, total) -> None:
        opts = [[f"use:{i}", f"Use {self.item_name(i)} (+{self.C['items'][self.d['items'][i]]['effects']['oneshot']}; now {total} vs {target})"] for i in shots]
        opts.append(["nouse", f"Keep it (now {total} vs {target})"])
        self._ask(s, "bonus", opts)

    def _use_shot(self, fr, s, k, choice, key="extra") -> None:
        if choice and choice.startswith("use:"):
            iid = choice.split(":")[1]
            k["it"].remove(iid)
            fr[key] = fr.get(key, 0) + self.C["items"][self.d["items"][iid]]["effects"]["oneshot"]
            self.say(f"{self.name(s)} uses {self.item_name(iid)}")

    # ------------------------------------------------------------ knight combat (LD-KVK)
    def _f_kvk(self, fr, choice=None) -> None:
        d = self.d
        a, dd, t = fr["a"], fr["d"], fr["t"]
        ka, kd = self.knight(a, fr["ak"]), self.knight(dd, fr["dk"])
        st = fr["st"]
        if st == "ask":                                               # LD-KVK-4
            fl = fr["fl"]
            other = a if fl == dd else dd
            if choice is None:
                self._ask(fl, "flee", [["fight", f"Fight {self.name(other)}'s knight on {t}"],
                                        ["flee", "Try to flee (1D3: 1 fight anyway, 2 flee and give 1 resource or item, 3 flee home)"]])
                return
            if choice == "fight":
                fr["st"] = "roll"
                return
            kf = kd if fl == dd else ka
            r = self._flee_roll(fl, kf)
            self.say(f"{self.name(fl)} tries to flee and rolls {r}")
            if r == 1:                                                 # LD-KVK-5
                fr["st"] = "roll"
                return
            if r == 3:                                                 # LD-KVK-8
                self._pop(fr)
                self.send_home(fl, kf)
                return
            fr["st"] = "fleeto"
            return
        if st == "fleeto":                                            # LD-KVK-6, LD-KVK-7
            fl = fr["fl"]
            other = a if fl == dd else dd
            kf, ko = (kd, ka) if fl == dd else (ka, kd)
            dests = self.flee_dests(fl, t)
            if choice is None and len(dests) > 1:
                self._ask(fl, "fleeto", [[f"fleeto:{u}", f"Flee to {u}"] for u in dests])
                return
            self._pop(fr)
            self._push({"k": "lose", "s": fl, "to": other, "kn": kf["id"], "tk": ko["id"], "why": "flee"})
            kf["at"] = choice.split(":")[1] if choice else dests[0]
            self.say(f"{self.name(fl)}'s knight flees to {kf['at']}")
            return
        if st == "roll":                                              # LD-KVK-9
            fr["ra"] = self.roll3() + self.roll3()
            fr["rd"] = self.roll3() + self.roll3()
            fr["oa"], fr["od"] = self.units_adjacent(a, t), self.units_adjacent(dd, t)
            fr["sa"], fr["sd"] = 0, 0
            fr["ask"] = self._support_askers(t, (a, dd))
            fr["st"] = "sup"
            self.say(f"knight combat on {t}: {self.name(a)} rolls {fr['ra']}, {self.name(dd)} rolls {fr['rd']}")
            return
        if st == "sup":
            if choice is not None:
                o = fr["ask"].pop(0)
                n = self.units_adjacent(o, t)
                if choice == f"support:{a + 1}":
                    fr["sa"] += n
                    self.say(f"{self.name(o)} supports {self.name(a)}")
                elif choice == f"support:{dd + 1}":
                    fr["sd"] += n
                    self.say(f"{self.name(o)} supports {self.name(dd)}")
                else:
                    self.say(f"{self.name(o)} stays out of it")
            if fr["ask"]:
                o = fr["ask"][0]
                ta, td = self._kvk_totals(fr, ka, kd)
                self._ask(o, "support", [[f"support:{a + 1}", f"Support {self.name(a)} ({ta} now)"],
                                         [f"support:{dd + 1}", f"Support {self.name(dd)} ({td} now)"],
                                         ["support:no", "Support nobody"]])
                return
            fr["st"] = "shot_a"
            return
        if st in ("shot_a", "shot_d"):
            side = st[-1]
            seat, kk = (a, ka) if side == "a" else (dd, kd)
            if choice is not None:
                self._use_shot(fr, seat, kk, choice, key="x" + side)
                fr["st"] = "shot_d" if side == "a" else "resolve"
                return
            shots = [i for i in kk["it"] if self.C["items"][d["items"][i]]["effects"].get("oneshot")]
            if shots and not fr.get("asked_" + side):
                fr["asked_" + side] = True
                ta, td = self._kvk_totals(fr, ka, kd)
                mine, theirs = (ta, td) if side == "a" else (td, ta)
                self._ask_shot(fr, seat, shots, theirs, mine)
                return
            fr["st"] = "shot_d" if side == "a" else "resolve"
            return
        ta, td = self._kvk_totals(fr, ka, kd)
        if ta == td:                                                  # LD-KVK-11, LD-GAP-50
            fr["ra"] = self.roll3() + self.roll3()
            fr["rd"] = self.roll3() + self.roll3()
            self.say(f"tie at {ta}; reroll: {fr['ra']} and {fr['rd']}")
            return
        self._pop(fr)
        (w, kw), (l, kl) = ((a, ka), (dd, kd)) if ta > td else ((dd, kd), (a, ka))
        d["pl"][w]["fame"] += 1                                       # LD-KVK-12
        self.say(f"{self.name(w)} wins the knight combat on {t} ({max(ta, td)} vs {min(ta, td)}); {self.name(l)}'s knight goes home")
        self.send_home(l, kl)                                         # LD-KVK-14
        self._push({"k": "steal", "w": w, "wk": kw["id"], "l": l, "lk": kl["id"]})   # LD-KVK-13

    def _kvk_totals(self, fr, ka, kd) -> tuple:
        pa, pd = self.d["pl"][fr["a"]], self.d["pl"][fr["d"]]
        ta = fr["ra"] + pa["might"] + 2 * (fr["oa"] + fr["sa"]) + self.combat_bonus(ka, None, duel=True) + fr.get("xa", 0)
        td = fr["rd"] + pd["might"] + 2 * (fr["od"] + fr["sd"]) + self.combat_bonus(kd, None, duel=True) + fr.get("xd", 0)
        return ta, td

    def _f_steal(self, fr, choice=None) -> None:
        """LD-KVK-13, LD-KVK-15, LD-GAP-48: the winner picks a resource or an item of the beaten knight."""
        w, l = fr["w"], fr["l"]
        kw, kl = self.knight(w, fr["wk"]), self.knight(l, fr["lk"])
        pl = self.d["pl"][l]
        if choice is None:
            opts = [[f"steal:{r}", f"Take 1 {r}"] for r in RES if pl["res"][r] > 0]
            if kw is not None and kl is not None and len(kw["it"]) < self.slots(kw):
                opts += [[f"steal:{i}", f"Take {self.item_name(i)}"] for i in kl["it"]]
            if not opts:
                self._pop(fr)
                return
            if len(opts) > 1:
                self._ask(w, "steal", opts)
                return
            choice = opts[0][0]
        self._pop(fr)
        what = choice.split(":")[1]
        if what in RES:
            pl["res"][what] -= 1
            self.d["pl"][w]["res"][what] += 1
            self.say(f"{self.name(w)} takes 1 {what} from {self.name(l)}")
        else:
            kl["it"].remove(what)
            kw["it"].append(what)
            self.overflow(kl)
            self.say(f"{self.name(w)} takes {self.item_name(what)} from {self.name(l)}")

    # ------------------------------------------------------------ the dragon (LD-DOOM, LD-DRAG)
    def impresses(self, s: int, k: dict) -> str | None:
        p = self.d["pl"][s]
        dr = self.C["board"]["dragon"]
        if p["fame"] >= dr["fame_threshold"]:
            return "fame"                                              # LD-VIC-3
        if p["res"]["gold"] >= dr["gold_threshold"]:
            return "gold"                                              # LD-VIC-5
        if self.starred_count(s) >= dr["starred_threshold"]:
            return "economy"                                           # LD-VIC-4
        if any(e.get("ring") for e in self.effects(k)):
            return "ring"                                              # LD-VIC-7, LD-GAP-25
        return None

    def _f_drag(self, fr, choice=None) -> None:
        d = self.d
        s, t = fr["s"], fr["t"]
        k = self.knight(s, fr["kn"])
        p = d["pl"][s]
        st = fr["st"]
        if st == "check":                                             # LD-DOOM-5, LD-DOOM-6
            why = self.impresses(s, k)
            if why:
                self.say(f"the dragon is impressed by {self.name(s)}'s {why}")
                fr["st"] = "impress"
            else:
                fr["st"] = "roll"
                self.say(f"{self.name(s)} must fight the dragon")
            return
        if st == "roll":                                              # LD-DRAG-5
            fr["rk"] = self.roll3() + self.roll3()
            fr["rd"] = self.roll3() + self.roll3()
            fr["own"] = self.units_adjacent(s, t)
            fr["sup"] = 0
            fr["ask"] = self._support_askers(t, (s,))
            rival = max((o for o in self.active_seats() if o != s), key=lambda o: (d["pl"][o]["fame"], -o), default=None)
            fr["rival"] = rival                                        # LD-DRAG-4: the rival rolls for the dragon
            self.say(f"{self.name(s)} rolls {fr['rk']}; the dragon" + (f" (rolled by {self.name(rival)})" if rival is not None else "") + f" rolls {fr['rd']}")
            fr["st"] = "sup"
            return
        if st == "sup":
            if choice is not None:
                o = fr["ask"].pop(0)
                if choice == "support:yes":
                    fr["sup"] += self.units_adjacent(o, t)
                    self.say(f"{self.name(o)} supports against the dragon")
            if fr["ask"]:
                o = fr["ask"][0]
                self._ask(o, "support", [["support:yes", f"Support {self.name(s)} against the dragon"], ["support:no", "Do not support"]])
                return
            fr["st"] = "bonus"
            return
        if st == "bonus":
            fr["st"] = "resolve"
            shots = [i for i in k["it"] if self.C["items"][d["items"][i]]["effects"].get("oneshot")]
            if shots:
                fr["st"] = "shot"
                self._ask_shot(fr, s, shots, fr["rd"] + self.C["board"]["dragon"]["might"], self._drag_total(fr, k))
            return
        if st == "shot":
            self._use_shot(fr, s, k, choice)
            fr["st"] = "resolve"
            return
        if st == "resolve":
            tk = self._drag_total(fr, k)
            td = fr["rd"] + self.C["board"]["dragon"]["might"]      # LD-DRAG-3
            if tk == td:                                              # LD-DRAG-6
                fr["rk"] = self.roll3() + self.roll3()
                fr["rd"] = self.roll3() + self.roll3()
                self.say(f"tie at {tk}; reroll: {fr['rk']} and {fr['rd']}")
                return
            if tk > td:                                               # LD-DOOM-7, LD-VIC-6
                self.say(f"{self.name(s)} defeats the dragon ({tk} vs {td}) and impresses it")
                fr["st"] = "impress"
                return
            self._pop(fr)                                             # LD-DOOM-11, LD-DRAG-7
            self.say(f"the dragon eats {self.name(s)}'s knight {k['id'][1:]} ({tk} vs {td})")
            p["kn"].remove(k)
            if not p["kn"]:
                self._push({"k": "last", "s": s})                     # LD-DOOM-12
            return
        # impress: take a stack (LD-DOOM-8, LD-GAP-26, LD-GAP-27)
        if choice is None and len(d["hoard"]) > 1:
            self._ask(s, "stack", [[f"stack:{i + 1}", f"Take treasure stack {i + 1}: {res_text(h)}"] for i, h in enumerate(d["hoard"])])
            return
        i = int(choice.split(":")[1]) - 1 if choice else 0
        stack = d["hoard"].pop(i)
        self.gain(s, stack)
        d["imp"].append(s)                                            # LD-VIC-1, LD-GAP-28
        self.say(f"{self.name(s)} takes {res_text(stack)} ({len(d['imp'])} impression(s) so far)")
        self._pop(fr)
        if not d["hoard"]:                                            # LD-DOOM-9, LD-VIC-9
            self._crown(s)
            return
        self.send_home(s, k)                                          # LD-DOOM-10, LD-VIC-8

    def _drag_total(self, fr, k) -> int:
        p = self.d["pl"][fr["s"]]
        return fr["rk"] + p["might"] + 2 * (fr["own"] + fr["sup"]) + self.combat_bonus(k, None, duel=True) + fr.get("extra", 0)

    def _f_last(self, fr, choice=None) -> None:
        s = fr["s"]
        if choice is None:
            self._ask(s, "last", [["stay", "Stay in the game and save up for a new knight"], ["concede", "Concede defeat"]])
            return
        self._pop(fr)
        if choice == "concede":
            self.concede(s)
        else:
            self.say(f"{self.name(s)} stays in the game without knights")

    # ------------------------------------------------------------ conceding (LD-CONC)
    def _f_confirm(self, fr, choice=None) -> None:
        s = fr["s"]
        if choice is None:
            self._ask(s, "concede", [["concede:yes", "Yes, concede defeat"], ["concede:no", "No, play on"]])
            return
        self._pop(fr)
        if choice == "concede:yes":
            self.concede(s)

    def concede(self, s: int) -> None:
        d = self.d
        p = d["pl"][s]
        p["out"] = True                                               # LD-CONC-1
        p["kn"], p["boats"] = [], []                                  # LD-CONC-2
        for x in d["tiles"].values():
            if x["o"] == s:
                x["o"] = -1                                           # LD-CONC-3
        p["res"] = {r: 0 for r in RES}                                # LD-GAP-54
        if p["hv"] is not None:
            p["hv"]["done"] = True
        if d["window"] and d["window"]["s"] == s:
            d["window"] = None
        if d["active"] == s:
            d["active"] = None
        d["order"] = [x for x in d["order"] if x != s]
        self.say(f"{self.name(s)} concedes defeat")

    # ------------------------------------------------------------ harvest phase (LD-HARV, LD-BLD, LD-TERR)
    def eligible(self, s: int, occ=None) -> list:
        """Tiles ``s`` may harvest: own unblockaded tiles plus tiles ``s`` blockades (LD-HARV-4, LD-TERR-4/5)."""
        occ = self.occ() if occ is None else occ
        r2 = self.d["round"] >= 2
        out = []
        for t, x in self.d["tiles"].items():
            if x["o"] is None or not self.is_resource(t):
                continue
            others = [s2 for s2, _k in occ.get(t, ()) if s2 != x["o"]]
            if x["o"] == s:
                if r2 and others and not self.protected(t, occ):
                    continue
                out.append(t)
            elif r2 and s in others and not self.protected(t, occ):
                out.append(t)
        return out

    def _legal_harvest(self, s: int) -> list:
        p = self.d["pl"][s]
        hv = p["hv"]
        out = []
        if not hv["use"]:
            cap = hv["cap"] + sum(self.unused(s))
            left = [t for t in self.eligible(s) if t not in hv["got"]]
            if cap > 0:
                for t in left:
                    out.append(Action(f"harvest:{t}", f"Harvest {t} ({res_text(self.kind(t)['yield'])})", "harvest"))
                if len(left) > 1 and cap >= len(left):
                    out.append(Action("harvest:all", f"Harvest all {len(left)} tiles", "harvest"))
        bld = p["bld"]
        if "market" in bld:                                           # LD-BLD-12
            sellable = ("food", "wood", "ore")
            for i, a in enumerate(sellable):
                for b in sellable[i:]:
                    if (a == b and p["res"][a] >= 2) or (a != b and p["res"][a] >= 1 and p["res"][b] >= 1):
                        out.append(Action(f"sell:{a}+{b}", f"Market: sell 1 {a} and 1 {b} for 1 gold", "building"))
        if "blacksmith" in bld and not hv["smith"] and self.can_pay(s, {"gold": 1, "ore": 3}):
            out.append(Action("smith", "Blacksmith: 1 gold + 3 ore for 1 might", "building"))
        if "fletcher" in bld and not hv["fletch"] and self.can_pay(s, {"wood": 3, "ore": 1}):
            out.append(Action("fletch", "Fletcher: 3 wood + 1 ore for 1 might", "building"))
        for key, bd in self.C["builds"].items():
            if self.can_build(s, key):
                out.append(Action(f"build:{key}", f"Build: {bd['name']} ({res_text(bd['cost'])}) and end the harvest", "build"))
        out.extend(self._item_actions(s, None, pick=False))
        out.extend(self._offer_actions(s))
        out.append(Action("done", "Finish the harvest phase without building", "end"))
        out.append(Action("concede", "Concede defeat", "concede"))
        return out

    def can_build(self, s: int, key: str) -> bool:
        p = self.d["pl"][s]
        C = self.C
        bd = C["builds"][key]
        if not self.can_pay(s, bd["cost"]):
            return False
        if key == "knight":
            return len(p["kn"]) < C["max_knights"]                   # LD-BLD-4
        if key == "boat":
            return len(p["boats"]) < C["max_boats"]                  # LD-BLD-7
        if key == "warship":
            return not p["war"]
        if bd.get("needs") and bd["needs"] not in p["bld"]:
            return False                                              # LD-BLD-21
        return key not in p["bld"]                                    # LD-GAP-58

    def _do_harvest(self, s: int, aid: str) -> None:
        d = self.d
        p = d["pl"][s]
        hv = p["hv"]
        if aid == "concede":
            self._push({"k": "confirm", "s": s})
            return
        if self._do_common(s, aid):
            return
        head, _, rest = aid.partition(":")
        if head == "harvest":                                         # LD-HARV-3..6
            left = [t for t in self.eligible(s) if t not in hv["got"]]
            todo = left if rest == "all" else [rest]
            for t in todo:
                if hv["cap"] == 0:
                    dice = [(v, i) for i, (v, u) in enumerate(zip(p["dice"], p["used"])) if not u]
                    v, i = max(dice)
                    p["used"][i] = True
                    hv["cap"] += v
                hv["cap"] -= 1
                hv["got"].append(t)
                self.gain(s, self.kind(t)["yield"])
            self.say(f"{self.name(s)} harvests {', '.join(todo)}")
        elif head == "sell":
            a, b = rest.split("+")
            p["res"][a] -= 1
            p["res"][b] -= 1
            p["res"]["gold"] += 1
            hv["use"] = True
            self.say(f"{self.name(s)} sells {a} and {b} for 1 gold")
        elif head == "smith":                                         # LD-BLD-15
            self.pay(s, {"gold": 1, "ore": 3})
            p["might"] += 1
            hv["smith"] = hv["use"] = True
            self.say(f"{self.name(s)}'s blacksmith forges 1 might")
        elif head == "fletch":                                        # LD-BLD-17
            self.pay(s, {"wood": 3, "ore": 1})
            p["might"] += 1
            hv["fletch"] = hv["use"] = True
            self.say(f"{self.name(s)}'s fletcher makes 1 might")
        elif head == "build":                                         # LD-HARV-10..12
            bd = self.C["builds"][rest]
            self.pay(s, bd["cost"])
            if rest == "knight":
                p["kn"].append({"id": f"k{p['nk']}", "at": p["home"], "it": [], "fo": [], "done": False})   # LD-BLD-2
                p["nk"] += 1
            elif rest == "boat":
                zone = COAST[p["home"]]                               # LD-BLD-6
                p["boats"].append({"id": f"b{p['nb']}", "z": zone})
                p["nb"] += 1
            elif rest == "warship":
                p["war"] = True                                       # LD-BLD-9
            else:
                p["bld"].append(rest)
                p["fame"] += bd.get("fame", 0)                        # LD-BLD-19, LD-BLD-22
            hv["done"] = True
            self.say(f"{self.name(s)} builds: {bd['name']}")
        elif head == "done":
            hv["done"] = True
        elif head in ("drop", "dismiss"):
            self._do_item(s, head, rest)
        else:
            raise ValueError(aid)

    def _legal_ranking(self, s: int) -> list:
        return []

    def _legal_over(self, s: int) -> list:
        return []

    # ------------------------------------------------------------ view (LD-UI-1, LD-UI-2)
    def _view(self, seat) -> dict:
        d = self.d
        occ = self.occ()
        tiles = {}
        for t, x in d["tiles"].items():
            if not x["x"]:
                tiles[t] = {"explored": False, "region": region(t), "knights": []}
                continue
            kind = self.kind(t)
            v = {"explored": True, "region": region(t), "type": kind["type"], "name": kind["name"],
                 "owner": x["o"], "home_of": x["h"], "monster": x["m"], "tokens": x["n"], "tier": kind.get("tier"),
                 "yield": kind.get("yield"), "starred": self.starred(t), "items": [[i, d["items"][i]] for i in x["it"]],
                 "doomspire": x["k"] == "DS"}
            if x["o"] is not None and self.is_resource(t):
                v["protected"] = self.protected(t, occ)
                others = [s2 for s2, _k in occ.get(t, ()) if s2 != x["o"]]
                v["blockaded_by"] = others[0] if d["round"] >= 2 and others and not v["protected"] else None
            tiles[t] = v
        for t, lst in occ.items():
            tiles[t]["knights"] = [[s, k["id"]] for s, k in lst]
        for t in tiles:
            tiles[t].setdefault("knights", [])
        players = []
        for s, p in enumerate(d["pl"]):
            pv = {"seat": s, "fame": p["fame"], "might": p["might"], "res": dict(p["res"]), "home": p["home"],
                  "knights": [{"id": k["id"], "at": k["at"], "items": [[i, d["items"][i]] for i in k["it"]],
                               "followers": list(k["fo"]), "done": k["done"]} for k in p["kn"]],
                  "boats": [dict(b) for b in p["boats"]], "warship": p["war"], "buildings": list(p["bld"]),
                  "dice": list(p["dice"]), "used": list(p["used"]), "out": p["out"], "impressions": d["imp"].count(s),
                  "tiles": len(self.owned(s)), "starred": self.starred_count(s), "rolled": p["roll"] is not None}
            if d["phase"] == "roll" and p["roll"] is not None and seat != s:
                pv["roll_choice"] = None                              # a choice is secret until everyone has chosen
            else:
                pv["roll_choice"] = p["roll"]
            players.append(pv)
        pr = d["prompt"]
        prompt = None
        if pr:
            prompt = {"seat": pr["seat"], "kind": pr["kind"], "text": PROMPTS[pr["kind"]]}
            if seat == pr["seat"]:
                prompt["opts"] = [list(o) for o in pr["opts"]]
        top = d["stack"][-1] if d["stack"] else None
        return {
            "game": "doomspire", "seat": seat, "round": d["round"], "phase": d["phase"], "first": d["first"],
            "active": d["active"], "to_act": list(self._to_act()), "tiles": tiles, "players": players,
            "decks": {tier: {"count": len(dk), "next_theme": self.C["card_by_id"][dk[-1]]["theme"] if dk else None}
                      for tier, dk in d["decks"].items()},                # LD-UI-20
            "discards": {tier: list(v) for tier, v in d["disc"].items()},
            "trader": dict(d["trader"]), "hoard": d["hoard"], "impressions": list(d["imp"]),
            "prompt": prompt, "frame": json.loads(json.dumps(top)) if top else None,
            "window": dict(d["window"]) if d["window"] else None,
            "log": self.log[-40:], "outcome": self.outcome().to_dict() if self.is_over else None,
            "titles": d["rank"]["names"] if d["rank"] else None,
        }


class DoomspireGame(Game):
    """Lords of Doomspire as data."""

    id = "doomspire"
    title = "Lords of Doomspire"
    min_players = 2
    max_players = 4
    description = "Knights explore an island, fight monsters, build and trade to impress the dragon of Doomspire."
    options_spec = (Option("round_limit", 40, "Round limit", kind="int", min=1, max=1000, advanced=True,
                           help="House rule: the game ends after this many rounds and the lords are ranked by "
                                "impressions, fame, tiles and gold."),)
    state_class = DoomspireState

    def rules_html(self) -> str:
        return read_text(__package__, "rules.html")


GAME = DoomspireGame()
DoomspireState.game = GAME

"""Clockwork Crusade rules (game id ``clockwork``): 2-6 players.

Clause IDs (CC-...) refer to ../shared/rules/clockwork-crusade.clauses.md; the
GAP decisions taken here are written out in ``rules.html``.

Phases (``view()["phase"]``): setup ``grids`` (place Territory Grids) and
``gates`` (starting Gate Tokens), then each turn ``control`` -> ``portal``
(only while a Building awaits placement) -> ``main`` -> ``draw`` (only when a
free card may be taken).  The Resources step has no choice and runs by itself.
Out-of-turn decisions (Stealth, Scapegoat, counter attacks) and the
Assassinate/Corrupt target after heads are ``pending`` prompts.

Action ids (hexes like ``e4``; see :mod:`.geometry`):
``grid:foundry@s5`` place a grid design in a slot; ``gate:e4>e5`` Gate Token on
e4 with its arrow at e5; ``done`` end the Control step; ``place:e4>f5`` put a
Building that just came into play; ``portal:crab-tank@e5`` create a portal at
a Gate Token's arrow hex; ``move:e4>f5``; ``attack:e4>f6``; ``shell:e4>h6``;
``assassinate:e4`` then ``assassinate:e4>f6`` or ``decline``; ``corrupt:e4``
then ``corrupt:e4>f6`` or ``decline``; ``wall:e4>e5``; ``salvage:e4``;
``selfdestruct:e4``; ``research``; ``play:c12`` / ``play:c12>e4`` /
``play:c12>2`` (a special card, with a hex or seat target); ``end`` (end the
Main step, or skip the Draw-step card); ``draw``; prompts ``stealth`` /
``nostealth``, ``scapegoat:f7`` / ``noscapegoat``, ``counter`` / ``nocounter``.

End-of-game safeguard (the text has none, CC-GAP-42): the game also ends after
``max_rounds`` rounds (``max_rounds x players`` turns, default 30 rounds); then
the most territories wins, ties broken by Gate Tokens, then the total Cost of
units on the board, then resources; players still tied share the win.
"""
from __future__ import annotations

import json

from ...engine import Action, Game, Option, Outcome, State
from ...engine.util import read_text
from . import content, geometry
from .content import GRIDS, GRIDS_PER_PLAYERS, SPECIALS, UNITS, parse_range
from .geometry import between, distance, neighbours

START_RESOURCES = 5
RESEARCH_COST = 4
GATE_COST = 1
GATE_DEFENSE = 9
WALL_COST = 1
DEFAULT_MAX_ROUNDS = 30
TURN_PHASES = ("control", "portal", "main", "draw")
COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")

_BOARDS: dict = {}


class Board:
    """Geometry of the placed grids: terrain, territories and their contacts."""

    def __init__(self, placed) -> None:
        self.kind: dict = {}          # hex -> "territory" | "neutral" | "water"
        self.terr: dict = {}          # hex -> territory id ("5B": slot 5, letter B)
        self.terr_hexes: dict = {}    # territory id -> [hex]
        self.terr_name: dict = {}
        for key, slot in placed:
            for h, ch in geometry.grid_hexes(GRIDS[key]["rows"], slot).items():
                if ch == "~":
                    self.kind[h] = "water"
                elif ch == ".":
                    self.kind[h] = "neutral"
                else:
                    tid = f"{slot[1:]}{ch}"
                    self.kind[h] = "territory"
                    self.terr[h] = tid
                    self.terr_hexes.setdefault(tid, []).append(h)
                    self.terr_name[tid] = f"{GRIDS[key]['name']} {ch}"
        self.nb = {h: tuple(n for n in neighbours(h) if n in self.kind) for h in self.kind}
        self.land_nb = {h: tuple(n for n in ns if self.kind[n] != "water") for h, ns in self.nb.items()}
        self.terr_adj: dict = {t: set() for t in self.terr_hexes}
        for h, t in self.terr.items():
            for n in self.nb[h]:
                o = self.terr.get(n)
                if o is not None and o != t:
                    self.terr_adj[t].add(o)


def board_for(placed) -> Board:
    key = tuple(tuple(p) for p in placed)
    b = _BOARDS.get(key)
    if b is None:
        if len(_BOARDS) > 256:
            _BOARDS.clear()
        b = _BOARDS[key] = Board(placed)
    return b


def seat_name(seat: int) -> str:
    return COLOURS[seat]


_ABIL = {k: frozenset(u["abilities"]) for k, u in UNITS.items()}


def has(u: dict, ability: str) -> bool:
    return ability in _ABIL[u["card"]]


def utype(u: dict) -> str:
    return UNITS[u["card"]]["type"]


def can_fight(u: dict) -> bool:
    """Soldiers, vehicles and Buildings with Mounted Weaponry attack (CC-UTYPE-4, CC-MOUNT-2)."""
    card = UNITS[u["card"]]
    return parse_range(card["range"])[1] > 0 and (card["type"] != "building" or "mounted-weaponry" in card["abilities"])


class ClockworkState(State):
    """A game of Clockwork Crusade; all mutable data lives in ``self.s`` (plain JSON)."""

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        n = self.players
        cards = {f"i{p}": "infantry" for p in range(n)}
        stack = []
        for i, key in enumerate(content.stack_cards(), 1):
            cid = f"c{i:02d}"
            cards[cid] = key
            stack.append(cid)
        self.rng.shuffle(stack)  # CC-SETUP-7
        self.s = {
            "phase": "grids", "active": 0, "first": 0, "start": 0, "turn": 0,
            "placed": [], "res": [START_RESOURCES] * n,  # CC-SETUP-8
            "hands": [[f"i{p}"] for p in range(n)],     # CC-MAT-1
            "cards": cards, "stack": stack,
            "gates": [], "portals": [], "units": [], "uid": 1,
            "turns": [0] * n, "out": [False] * n, "elim": [],
            "researched": False, "gate_killed": False, "research_cost": RESEARCH_COST, "ctl_done": [],
            "place": [], "pending": None, "roll": None, "coin": None, "drawn": None, "outcome": None,
            "gates_left": n,
        }
        first = self._roll_off(list(range(n)), "to place the first Territory Grid")  # CC-SETUP-1
        self.s["first"] = self.s["active"] = first

    def _roll_off(self, seats: list, why: str) -> int:
        """Everyone rolls a die; only tied highest rollers re-roll (CC-GAP-7)."""
        while True:
            rolls = {p: self.rng.roll() for p in seats}
            self.log.append(f"Roll {why}: " + ", ".join(f"{seat_name(p)} {r}" for p, r in rolls.items()))
            best = max(rolls.values())
            seats = [p for p in seats if rolls[p] == best]
            if len(seats) == 1:
                self.log.append(f"{seat_name(seats[0])} rolls highest.")
                return seats[0]

    # ------------------------------------------------------------ helpers
    @property
    def board(self) -> Board:
        return board_for(self.s["placed"])

    def n_grids(self) -> int:
        return GRIDS_PER_PLAYERS[self.players]

    def turn_limit(self) -> int:
        return int(self.options["max_rounds"]) * self.players

    def _unit_at(self, h: str):
        for u in self.s["units"]:
            if u["hex"] == h:
                return u
        return None

    def _uid(self, uid: int):
        for u in self.s["units"]:
            if u["id"] == uid:
                return u
        return None

    def _gate_at(self, h: str):
        for g in self.s["gates"]:
            if g["hex"] == h:
                return g
        return None

    def _portal_at(self, h: str):
        for p in self.s["portals"]:
            if p["hex"] == h:
                return p
        return None

    def _occupied(self) -> set:
        s = self.s
        return ({u["hex"] for u in s["units"]} | {g["hex"] for g in s["gates"]} | {p["hex"] for p in s["portals"]})

    def _arrows(self) -> set:
        return {g["arrow"] for g in self.s["gates"]}

    def level(self, seat: int, key: str) -> int:
        """How many copies of the Unit card ``key`` the seat holds (CC-CARD-3, CC-GAP-33)."""
        cards = self.s["cards"]
        return sum(1 for c in self.s["hands"][seat] if cards[c] == key)

    def stat(self, u: dict, stat: str, vs: str | None = None) -> int:
        """Effective Attack/Defense/Movement with level bonuses and card buffs (CC-ATK-10, CC-CARD-3..8)."""
        card = UNITS[u["card"]]
        val = card[stat]
        lv = self.level(u["owner"], u["card"])  # the owner's cards, even while corrupted (CC-GAP-48)
        for b in (card["level3"] if lv >= 3 else card["level2"] if lv == 2 else ()):
            if b["stat"] == stat and b.get("vs") in (None, vs):
                val += b["add"]
        for st, add, _until, _seat in u["buffs"]:
            if st == stat:
                val += add
        return val

    def urange(self, u: dict) -> tuple:
        lo, hi = parse_range(UNITS[u["card"]]["range"])
        if hi == 0:
            return 0, 0
        lv = self.level(u["owner"], u["card"])
        card = UNITS[u["card"]]
        for b in (card["level3"] if lv >= 3 else card["level2"] if lv == 2 else ()):
            if b["stat"] == "range":
                hi += b["add"]
        return lo, hi

    def _label(self, u: dict) -> str:
        return f"{seat_name(u['ctrl'])} {UNITS[u['card']]['name']} {u['hex']}"

    def _barricades(self) -> set:
        return {u["hex"] for u in self.s["units"] if has(u, "barricade")}

    def _controlled(self, seat: int) -> set:
        b = self.board
        return {b.terr[g["hex"]] for g in self.s["gates"] if g["owner"] == seat}

    def income(self, seat: int) -> int:
        """1 per controlled territory touching another controlled one (CC-RSRC-1, CC-RSRC-2, CC-RSRC-4)."""
        mine = self._controlled(seat)
        adj = self.board.terr_adj
        return sum(1 for t in mine if adj[t] & mine)

    def _alive(self, seat: int) -> bool:
        s = self.s
        return (any(g["owner"] == seat for g in s["gates"]) or any(u["owner"] == seat for u in s["units"])
                or any(p["owner"] == seat for p in s["portals"]))

    def _coin(self, seat: int, why: str) -> bool:
        heads = self.rng.coin()
        self.s["coin"] = {"seat": seat, "why": why, "heads": heads}
        self.log.append(f"{seat_name(seat)} flips a coin for {why}: {'heads' if heads else 'tails'}.")
        return heads

    # ------------------------------------------------------------- setup moves
    def _grid_slots(self, key: str) -> list:
        """Slots where design ``key`` may go now (CC-SETUP-3, CC-GAP-6)."""
        placed = self.s["placed"]
        used = {slot for _k, slot in placed}
        if not placed:
            return list(geometry.SLOTS)
        b = self.board
        out = []
        for slot in geometry.SLOTS:
            if slot in used or not any(n in used for n in geometry.slot_neighbours(slot)):
                continue
            cells = geometry.grid_hexes(GRIDS[key]["rows"], slot)
            if any(ch != "~" and any(b.kind.get(n) not in (None, "water") for n in neighbours(h))
                   for h, ch in cells.items()):
                out.append(slot)
        return out

    def _gate_spots(self, tids) -> list:
        """(gate hex, arrow hex) pairs in the given territories (CC-GATE-3, CC-GATE-4, CC-GAP-17)."""
        b = self.board
        occ = self._occupied()
        arrows = self._arrows()
        gate_hexes = {g["hex"] for g in self.s["gates"]}
        out = []
        for t in tids:
            cells = b.terr_hexes[t]
            for h in cells:
                if h in occ or h in arrows:
                    continue
                for n in b.nb[h]:
                    if b.terr.get(n) == t and n not in gate_hexes and n not in arrows:
                        out.append((h, n))
        return out

    def _control_territories(self, seat: int) -> list:
        """Territories the seat may capture now (CC-TERR-5..8, CC-GAP-18, CC-GAP-19)."""
        s = self.s
        if s["res"][seat] < GATE_COST:
            return []
        b = self.board
        out = []
        for t in sorted(b.terr_hexes):
            if t in s["ctl_done"]:
                continue
            if any(g["owner"] != seat and b.terr[g["hex"]] == t for g in s["gates"]):
                continue
            inside = [u for u in s["units"] if b.terr.get(u["hex"]) == t]
            if any(u["ctrl"] != seat for u in inside):
                continue
            if any(u["ctrl"] == seat and utype(u) == "soldier" for u in inside):
                out.append(t)
        return out

    # -------------------------------------------------------------- turn flow
    def _start_turn(self, seat: int) -> None:
        s = self.s
        s["active"] = seat
        s["turn"] += 1
        s.update(researched=False, gate_killed=False, research_cost=RESEARCH_COST, ctl_done=[])
        for u in s["units"]:
            u.update(moved=False, fired=False, attacks=0, acted=False, done=False, salv=False, wall=False,
                     blocked=[], targets=[])
            u["buffs"] = [bf for bf in u["buffs"] if not (bf[2] == "next" and bf[3] == seat)]
        self.log.append(f"Turn {s['turn']}: {seat_name(seat)}.")
        s["phase"] = "control"  # CC-TURN-1
        if not self._gate_spots(self._control_territories(seat)):
            self._portal_step()

    def _portal_step(self) -> None:
        """Turn every face-down portal of the active player face up (CC-TURN-3, CC-PORT-6)."""
        s = self.s
        seat = s["active"]
        s["phase"] = "portal"
        mine = [p for p in s["portals"] if p["owner"] == seat]
        s["portals"] = [p for p in s["portals"] if p["owner"] != seat]
        queue = []
        for p in mine:
            u = self._new_unit(p["card"], seat, p["hex"])
            self.log.append(f"{seat_name(seat)}'s portal at {p['hex']} opens: {UNITS[p['card']]['name']}.")
            if utype(u) == "building" and p["src"] != "wall" and p["hex"] in self.board.terr:
                queue.append(u["id"])  # CC-UTYPE-6, CC-GAP-24
        if mine:
            self.reveal()
        s["place"] = queue
        if not queue:
            self._resources_step()

    def _new_unit(self, key: str, seat: int, h: str) -> dict:
        s = self.s
        u = {"id": s["uid"], "card": key, "owner": seat, "ctrl": seat, "hex": h, "moved": False, "fired": False,
             "attacks": 0, "acted": False, "done": False, "salv": False, "wall": False, "blocked": [],
             "targets": [], "buffs": []}
        s["uid"] += 1
        s["units"].append(u)
        return u

    def _resources_step(self) -> None:
        s = self.s
        seat = s["active"]
        if s["turns"][seat] == 0:
            self.log.append(f"{seat_name(seat)} gains no resources on their first turn.")  # CC-RSRC-3
        else:
            inc = self.income(seat)
            s["res"][seat] += inc
            self.log.append(f"{seat_name(seat)} gains {inc} resource{'s' * (inc != 1)} (now {s['res'][seat]}).")
        s["phase"] = "main"

    def _end_main(self) -> None:
        s = self.s
        if s["gate_killed"] and not s["researched"] and s["stack"]:
            s["phase"] = "draw"  # CC-RSCH-5
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        s = self.s
        seat = s["active"]
        for u in s["units"]:
            if u["ctrl"] != u["owner"]:
                u["ctrl"] = u["owner"]  # CC-CORR-3
                self.log.append(f"{UNITS[u['card']]['name']} {u['hex']} returns to {seat_name(u['owner'])}.")
            u["buffs"] = [bf for bf in u["buffs"] if bf[2] != "turn"]
        s["turns"][seat] += 1
        s["pending"] = None
        if s["turn"] >= self.turn_limit():
            self._end_by_limit()
            return
        for i in range(1, self.players + 1):
            nxt = (seat + i) % self.players
            if not s["out"][nxt]:
                break
        self._start_turn(nxt)

    def _after(self) -> None:
        """Eliminations and the end of the game, checked after every action (CC-GAP-40)."""
        s = self.s
        if s["phase"] not in TURN_PHASES or s["outcome"]:
            return
        for p in range(self.players):
            if not s["out"][p] and not self._alive(p):
                s["out"][p] = True
                s["elim"].append(p)
                self.log.append(f"{seat_name(p)} has no Gate Token, unit or portal left and is out.")
        holders = {g["owner"] for g in s["gates"]}
        if len(holders) <= 1:
            w = holders.pop() if holders else s["active"]  # CC-GAP-41
            self._finish((w,), f"{seat_name(w)} wins: no other player has a Gate Token left")
            return
        if s["out"][s["active"]] and not s["pending"]:
            self._end_turn()

    def _score(self, p: int) -> tuple:
        s = self.s
        return (len(self._controlled(p)), sum(1 for g in s["gates"] if g["owner"] == p),
                sum(UNITS[u["card"]]["cost"] for u in s["units"] if u["owner"] == p), s["res"][p])

    def _finish(self, winners: tuple, reason: str) -> None:
        s = self.s
        rest = [p for p in range(self.players) if p not in winners]

        def key(p):
            e = s["elim"].index(p) if p in s["elim"] else len(s["elim"])
            return (not s["out"][p], e) + self._score(p)

        ranking = [list(winners)]
        for p in sorted(rest, key=key, reverse=True):
            if ranking[-1] and ranking[-1][0] not in winners and key(ranking[-1][0]) == key(p):
                ranking[-1].append(p)
            else:
                ranking.append([p])
        s["outcome"] = {"winners": list(winners), "ranking": ranking, "reason": reason}
        s["phase"] = "over"
        s["pending"] = None
        self.log.append(reason + ".")

    def _end_by_limit(self) -> None:
        """The end-of-game safeguard (CC-GAP-42): a turn limit with a tie-break."""
        alive = [p for p in range(self.players) if not self.s["out"][p]]
        best = max(self._score(p) for p in alive)
        winners = tuple(p for p in alive if self._score(p) == best)
        names = " and ".join(seat_name(p) for p in winners)
        self._finish(winners, f"Turn limit reached: {names} {'win' if len(winners) > 1 else 'wins'} on "
                              "territories, then Gate Tokens, units and resources")

    # ----------------------------------------------------------------- legality
    def _to_act(self) -> tuple:
        s = self.s
        if s["outcome"]:
            return ()
        if s["pending"]:
            return (s["pending"]["seat"],)
        return (s["active"],)

    def _legal(self, seat: int) -> list:
        s = self.s
        pend = s["pending"]
        if pend:
            return self._pending_actions(pend)
        ph = s["phase"]
        if ph == "grids":
            acts = []
            used = {k for k, _ in s["placed"]}
            for key in GRIDS:
                if key in used:
                    continue
                for slot in self._grid_slots(key):
                    acts.append(Action(f"grid:{key}@{slot}", f"Place {GRIDS[key]['name']} in slot {slot[1:]}", "grid"))
            return acts
        if ph == "gates":
            b = self.board
            taken = {b.terr[g["hex"]] for g in s["gates"]}
            free = [t for t in sorted(b.terr_hexes) if t not in taken]  # CC-GAP-9
            return [Action(f"gate:{h}>{a}", f"Starting Gate Token on {h} ({b.terr_name[b.terr[h]]}), arrow to {a}",
                           "gate") for h, a in self._gate_spots(free)]
        if ph == "control":
            b = self.board
            acts = [Action(f"gate:{h}>{a}", f"Capture {b.terr_name[b.terr[h]]}: Gate Token on {h}, arrow to {a} "
                                            f"(cost {GATE_COST})", "gate")
                    for h, a in self._gate_spots(self._control_territories(seat))]
            acts += self._specials(seat)
            acts.append(Action("done", "Finish the Control step", "step"))
            return acts
        if ph == "portal":
            u = self._uid(s["place"][0])
            return [Action(f"place:{u['hex']}>{h}", f"Place {UNITS[u['card']]['name']} on {h}", "place")
                    for h in self._building_spots(u)]
        if ph == "main":
            return self._main_actions(seat)
        if ph == "draw":
            return [Action("draw", "Draw a free card for destroying a Gate Token", "draw"),
                    Action("end", "End the turn without drawing", "step")] + self._specials(seat)
        return []

    def _building_spots(self, u: dict) -> list:
        b = self.board
        occ = self._occupied()
        t = b.terr[u["hex"]]
        return sorted(h for h in b.terr_hexes[t] if h == u["hex"] or h not in occ)

    def _pending_actions(self, pend: dict) -> list:
        kind = pend["kind"]
        if kind == "stealth":
            return [Action("stealth", "Flip a coin for Stealth", "prompt"),
                    Action("nostealth", "Do not use Stealth", "prompt")]
        if kind == "scapegoat":
            v = self._uid(int(pend["ctx"]["t"][1:]))
            return [Action(f"scapegoat:{w['hex']}", f"Flip for Scapegoat: {UNITS[w['card']]['name']} {w['hex']} "
                                                     "takes the attack on heads", "prompt")
                    for w in self._substitutes(v)] + [Action("noscapegoat", "Do not use Scapegoat", "prompt")]
        if kind == "counter":
            return [Action("counter", "Counter attack", "prompt"), Action("nocounter", "Do not counter attack", "prompt")]
        if kind in ("assassinate", "corrupt"):
            u = self._uid(pend["a"])
            res = self.s["res"][pend["seat"]]
            acts = []
            for v in self._in_range(u):
                cost = UNITS[v["card"]]["cost"]
                if kind == "corrupt" or cost <= res:
                    what = f"pay {cost} to destroy" if kind == "assassinate" else "take control of"
                    acts.append(Action(f"{kind}:{u['hex']}>{v['hex']}", f"{what.capitalize()} {self._label(v)}", "prompt"))
            acts.append(Action("decline", "Do nothing", "prompt"))
            return acts
        return []

    def _substitutes(self, v: dict) -> list:
        """Units adjacent to a Scapegoat unit controlled by its player (CC-SCAPE-2)."""
        near = set(neighbours(v["hex"]))
        return [w for w in self.s["units"] if w["hex"] in near and w["ctrl"] == v["ctrl"]]

    def _in_range(self, u: dict) -> list:
        lo, hi = self.urange(u)
        return [v for v in self.s["units"] if v["ctrl"] != u["ctrl"] and lo <= distance(u["hex"], v["hex"]) <= hi]

    def _can_move(self, u: dict) -> bool:
        return not (u["moved"] or u["fired"] or u["done"]) and utype(u) != "building"

    def _can_attack(self, u: dict) -> bool:
        limit = 2 if has(u, "cleave") else 1  # CC-CLEAVE-1
        return not (u["done"] or u["acted"]) and u["attacks"] < limit and can_fight(u)

    def _reach(self, u: dict, mine=None, blocked=None) -> list:
        """Hexes the unit may end its move on (CC-MOVE-1, CC-MOVE-6, CC-GAP-25)."""
        s = self.s
        b = self.board
        mv = self.stat(u, "movement")
        if mine is None:
            mine = {v["hex"] for v in s["units"] if v["ctrl"] == u["ctrl"]}
            blocked = self._occupied() - mine
        seen = {u["hex"]}
        frontier = [u["hex"]]
        for _ in range(mv):
            nxt = []
            for h in frontier:
                for n in b.land_nb[h]:
                    if n not in seen and n not in blocked:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return sorted(h for h in seen if h not in mine)

    def _gate_open(self, g: dict, seat: int) -> bool:
        """A Gate Token may be attacked only with no unit of another player in its territory or next to it
        (CC-GATE-5, CC-GATE-6, CC-GAP-19)."""
        b = self.board
        t = b.terr[g["hex"]]
        for v in self.s["units"]:
            if v["ctrl"] != seat and (b.terr.get(v["hex"]) == t or distance(v["hex"], g["hex"]) == 1):
                return False
        return True

    def _targets(self, u: dict, shell: bool = False, bar=None, others=None) -> list:
        s = self.s
        if others is None:
            others = [v for v in s["units"] if v["ctrl"] != u["ctrl"]]
        lo, hi = UNITS[u["card"]]["shell"] if shell else self.urange(u)
        ranged_ok = not u["moved"] or has(u, "run-and-gun")  # CC-MOVE-4, CC-RUNGUN-1
        if shell:
            bar = set()  # CC-ARTY-5
        elif bar is None:
            bar = self._barricades()
        out = []
        uh = u["hex"]
        cleave = has(u, "cleave") and bool(u["targets"])
        for v in others:
            if v["id"] in u["blocked"]:  # CC-GAP-28 (others only), CC-GAP-56
                continue
            d = distance(uh, v["hex"])
            if not lo <= d <= hi or (d > 1 and (not ranged_ok or (bar and between(uh, v["hex"]) & bar))):
                continue
            if cleave and f"u{v['id']}" in u["targets"]:  # Cleave: two different targets (CC-GAP-47)
                continue
            out.append(v["hex"])
        for g in s["gates"]:
            if g["owner"] == u["ctrl"] or (cleave and f"g{g['hex']}" in u["targets"]):
                continue
            d = distance(u["hex"], g["hex"])
            if not lo <= d <= hi or (d > 1 and not ranged_ok) or (d > 1 and between(u["hex"], g["hex"]) & bar):
                continue
            if self._gate_open(g, u["ctrl"]):
                out.append(g["hex"])
        return sorted(out)

    def _main_actions(self, seat: int) -> list:
        s = self.s
        b = self.board
        acts = []
        occ = self._occupied()
        res = s["res"][seat]
        bar = self._barricades()
        mine = {u["hex"] for u in s["units"] if u["ctrl"] == seat}
        blocked = occ - mine
        others = [v for v in s["units"] if v["ctrl"] != seat]
        for u in sorted((u for u in s["units"] if u["ctrl"] == seat), key=lambda u: u["id"]):
            h, name = u["hex"], UNITS[u["card"]]["name"]
            if self._can_move(u):
                acts += [Action(f"move:{h}>{d}", f"Move {name} {h} to {d}", "move") for d in self._reach(u, mine, blocked)]
            if self._can_attack(u):
                acts += [Action(f"attack:{h}>{t}", f"{name} {h} attacks {t}", "attack")
                         for t in self._targets(u, bar=bar, others=others)]
            if not (u["acted"] or u["done"]) and u["attacks"] == 0:
                if has(u, "artillery-shell"):
                    acts += [Action(f"shell:{h}>{t}", f"{name} {h} fires an Artillery Shell at {t}", "ability")
                             for t in self._targets(u, shell=True)]
                if has(u, "assassinate") and self._in_range(u):
                    acts.append(Action(f"assassinate:{h}", f"{name} {h}: flip a coin to Assassinate", "ability"))
                if has(u, "corrupt") and self._in_range(u):
                    acts.append(Action(f"corrupt:{h}", f"{name} {h}: flip a coin to Corrupt", "ability"))
                if has(u, "portal-wall") and not u["wall"] and res >= WALL_COST:
                    acts += [Action(f"wall:{h}>{n}", f"{name} {h} creates a Wall portal on {n} (cost {WALL_COST})",
                                    "ability") for n in b.land_nb[h] if n not in occ]
                if has(u, "self-destruct"):
                    acts.append(Action(f"selfdestruct:{h}", f"{name} {h} self-destructs", "ability"))
            if has(u, "salvage") and not (u["moved"] or u["fired"] or u["salv"] or u["done"]):
                acts.append(Action(f"salvage:{h}", f"{name} {h}: flip a coin to Salvage", "ability"))
        hand = s["hands"][seat]
        cards = s["cards"]
        keys = sorted({cards[c] for c in hand if cards[c] in UNITS}, key=list(UNITS).index)
        free_arrows = [g["arrow"] for g in s["gates"] if g["owner"] == seat and g["arrow"] not in occ]  # CC-GAP-21
        for key in keys:
            cost = UNITS[key]["cost"]
            if cost <= res:
                acts += [Action(f"portal:{key}@{a}", f"Create a {UNITS[key]['name']} portal at {a} (cost {cost})",
                                "portal") for a in sorted(free_arrows)]
        if not s["researched"] and s["stack"] and res >= s["research_cost"]:
            acts.append(Action("research", f"Research: pay {s['research_cost']} to draw a card", "research"))
        acts += self._specials(seat)
        acts.append(Action("end", "End the Main step", "step"))
        return acts

    def _specials(self, seat: int) -> list:
        """Special cards playable now: any step of the holder's own turn with a choice (CC-SPEC-2, CC-GAP-39)."""
        s = self.s
        cards = s["cards"]
        acts, seen = [], set()
        for cid in sorted(s["hands"][seat]):
            key = cards[cid]
            if key not in SPECIALS or key in seen:
                continue
            seen.add(key)
            if SPECIALS[key]["effect"] == "grant" and s["phase"] != "main":
                continue  # Research happens only in the Main step
            acts += self._special_actions(seat, cid, SPECIALS[key])
        return acts

    def _special_actions(self, seat: int, cid: str, sp: dict) -> list:
        s = self.s
        name = sp["name"]
        tgt = sp["target"]
        if sp["effect"] == "grant" and (s["researched"] or s["research_cost"] <= sp["amount"]):
            return []
        if tgt == "none":
            return [Action(f"play:{cid}", f"Play {name}", "card")]
        if tgt == "own-unit":
            out = []
            for u in s["units"]:
                ok = u["ctrl"] == seat
                if sp["effect"] == "again":
                    ok = ok and u["fired"] and not u["done"]
                elif sp["stat"] == "movement":
                    ok = ok and self._can_move(u)
                elif sp["stat"] == "attack":
                    ok = ok and can_fight(u)
                else:
                    ok = ok and u["owner"] == seat
                if ok:
                    out.append(Action(f"play:{cid}>{u['hex']}", f"Play {name} on {self._label(u)}", "card"))
            return sorted(out, key=lambda a: a.id)
        if tgt == "enemy-portal":
            return [Action(f"play:{cid}>{p['hex']}", f"Play {name} on the portal at {p['hex']}", "card")
                    for p in sorted(s["portals"], key=lambda p: p["hex"]) if p["owner"] != seat]
        if tgt == "opponent":
            return [Action(f"play:{cid}>{p}", f"Play {name} on {seat_name(p)}", "card")
                    for p in range(self.players) if p != seat and not s["out"][p] and len(s["hands"][p]) > 1]
        return []

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int, action: Action) -> None:
        s = self.s
        aid = action.id
        verb, _, arg = aid.partition(":")
        pend = s["pending"]
        if pend:
            self._apply_prompt(pend, verb, arg)
        elif verb == "grid":
            self._apply_grid(seat, arg)
        elif verb == "gate":
            self._apply_gate(seat, arg)
        elif verb == "done":
            self._portal_step()
        elif verb == "place":
            src, dst = arg.split(">")
            u = self._unit_at(src)
            u["hex"] = dst
            s["place"].pop(0)
            self.log.append(f"{seat_name(seat)} places the {UNITS[u['card']]['name']} on {dst}.")
            if not s["place"]:
                self._resources_step()
        elif verb == "end":
            if s["phase"] == "draw":
                self._end_turn()
            else:
                self._end_main()
        elif verb in ("research", "draw"):
            self._apply_draw(seat, verb)
        else:
            getattr(self, "_do_" + verb)(seat, arg)
        self._after()

    def _apply_grid(self, seat: int, arg: str) -> None:
        s = self.s
        key, slot = arg.split("@")
        s["placed"].append([key, slot])
        self.log.append(f"{seat_name(seat)} places {GRIDS[key]['name']} in slot {slot[1:]}.")
        if len(s["placed"]) < self.n_grids():
            s["active"] = (seat + 1) % self.players  # CC-SETUP-2
        else:
            s["phase"] = "gates"
            s["active"] = s["first"]  # CC-SETUP-4

    def _apply_gate(self, seat: int, arg: str) -> None:
        s = self.s
        h, a = arg.split(">")
        b = self.board
        s["gates"].append({"hex": h, "owner": seat, "arrow": a})
        if s["phase"] == "gates":
            self.log.append(f"{seat_name(seat)} starts in {b.terr_name[b.terr[h]]}: Gate Token on {h}, arrow to {a}.")
            s["gates_left"] -= 1
            if s["gates_left"]:
                s["active"] = (seat + 1) % self.players  # CC-SETUP-5
            else:
                start = self._roll_off(list(range(self.players)), "for the first turn")  # CC-SETUP-6
                s["start"] = start
                self._start_turn(start)
            return
        s["res"][seat] -= GATE_COST  # CC-TERR-8, CC-TURN-8
        s["ctl_done"].append(b.terr[h])
        self.log.append(f"{seat_name(seat)} captures {b.terr_name[b.terr[h]]}: Gate Token on {h}, arrow to {a}.")
        if not self._gate_spots(self._control_territories(seat)):
            self._portal_step()

    def _apply_draw(self, seat: int, verb: str) -> None:
        s = self.s
        if verb == "research":
            s["res"][seat] -= s["research_cost"]
            s["researched"] = True
        cid = s["stack"].pop()
        s["hands"][seat].append(cid)
        s["drawn"] = [seat, cid]
        self.reveal()
        self.log.append(f"{seat_name(seat)} {'researches and draws' if verb == 'research' else 'draws'} a card.")
        if verb == "draw":
            self._end_turn()

    # --- main step actions
    def _do_portal(self, seat: int, arg: str) -> None:
        key, a = arg.split("@")
        s = self.s
        s["res"][seat] -= UNITS[key]["cost"]
        s["portals"].append({"hex": a, "owner": seat, "card": key, "src": "gate"})
        self.log.append(f"{seat_name(seat)} creates a face-down portal at {a}.")

    def _do_move(self, seat: int, arg: str) -> None:
        src, dst = arg.split(">")
        u = self._unit_at(src)
        u["hex"] = dst
        u["moved"] = True
        self.log.append(f"{seat_name(seat)} moves {UNITS[u['card']]['name']} {src} to {dst}.")

    def _target_key(self, h: str) -> str:
        v = self._unit_at(h)
        return f"u{v['id']}" if v else f"g{h}"

    def _do_attack(self, seat: int, arg: str, kind: str = "attack") -> None:
        src, dst = arg.split(">")
        u = self._unit_at(src)
        what = "fires an Artillery Shell at" if kind == "shell" else "attacks"
        self.log.append(f"{self._label(u)} {what} {dst}.")
        self._strike({"kind": kind, "a": u["id"], "t": self._target_key(dst), "pos": dst, "st": False, "sc": False})

    def _do_shell(self, seat: int, arg: str) -> None:
        self._do_attack(seat, arg, "shell")

    def _do_assassinate(self, seat: int, arg: str, kind: str = "assassinate") -> None:
        src, _, dst = arg.partition(">")
        u = self._unit_at(src)
        if not dst:
            u["acted"] = u["fired"] = True  # CC-ASSN-5, CC-CORR-5, CC-GAP-31
            if self._coin(seat, f"{kind.capitalize()} ({self._label(u)})"):
                self.s["pending"] = {"kind": kind, "seat": seat, "a": u["id"]}
            return
        v = self._unit_at(dst)
        if kind == "assassinate":
            cost = UNITS[v["card"]]["cost"]
            self.s["res"][seat] -= cost
            self.log.append(f"{seat_name(seat)} pays {cost} to assassinate {self._label(v)}.")  # CC-GAP-43
            self._destroy(v)
        else:
            self.log.append(f"{seat_name(seat)} takes control of {self._label(v)} until the end of the turn.")
            v["ctrl"] = seat

    def _do_corrupt(self, seat: int, arg: str) -> None:
        self._do_assassinate(seat, arg, "corrupt")

    def _do_wall(self, seat: int, arg: str) -> None:
        src, dst = arg.split(">")
        u = self._unit_at(src)
        u["acted"] = u["fired"] = u["wall"] = True
        self.s["res"][seat] -= WALL_COST
        self.s["portals"].append({"hex": dst, "owner": seat, "card": "wall", "src": "wall"})
        self.log.append(f"{self._label(u)} creates a Wall portal on {dst}.")

    def _do_salvage(self, seat: int, arg: str) -> None:
        u = self._unit_at(arg)
        u["salv"] = True
        if self._coin(seat, f"Salvage ({self._label(u)})"):
            self.s["res"][seat] += 1  # CC-SALV-2
            u["done"] = True

    def _do_selfdestruct(self, seat: int, arg: str) -> None:
        u = self._unit_at(arg)
        u["acted"] = u["fired"] = True
        x = UNITS[u["card"]]["blast"]
        self.log.append(f"{self._label(u)} self-destructs!")
        self._destroy(u)  # CC-SELFD-2
        victims = sorted((v for v in self.s["units"] if 1 <= distance(u["hex"], v["hex"]) <= x),
                         key=lambda v: v["hex"])
        for v in victims:  # CC-SELFD-3, CC-SELFD-4, CC-GAP-55
            if v in self.s["units"]:
                self._resolve_roll(u, v, "selfdestruct")

    def _do_play(self, seat: int, arg: str) -> None:
        s = self.s
        cid, _, tgt = arg.partition(">")
        sp = SPECIALS[s["cards"][cid]]
        s["hands"][seat].remove(cid)  # CC-SPEC-3, CC-GAP-37
        self.log.append(f"{seat_name(seat)} plays {sp['name']}" + (f" on {tgt}." if tgt else "."))
        eff = sp["effect"]
        if eff == "gain":
            s["res"][seat] += sp["amount"]
        elif eff == "bonds":
            s["res"][seat] += len(self._controlled(seat))
        elif eff == "buff":
            self._unit_at(tgt)["buffs"].append([sp["stat"], sp["amount"], sp["until"], seat])
        elif eff == "march":
            for u in s["units"]:
                if u["ctrl"] == seat:
                    u["buffs"].append(["movement", sp["amount"], "turn", seat])
        elif eff == "again":
            u = self._unit_at(tgt)
            u["attacks"] = max(0, u["attacks"] - 1)
            u["acted"] = False
        elif eff == "grant":
            s["research_cost"] = sp["amount"]
        elif eff == "sabotage":
            if self._coin(seat, sp["name"]):
                s["portals"].remove(self._portal_at(tgt))
                self.log.append(f"The face-down portal at {tgt} is destroyed.")
        elif eff == "raid":
            victim = int(tgt)
            pool = [c for c in sorted(s["hands"][victim]) if s["cards"][c] in UNITS and c != f"i{victim}"]
            self.reveal()
            if pool:
                c = self.rng.choice(pool)
                s["hands"][victim].remove(c)
                s["hands"][seat].append(c)
                s["drawn"] = [seat, c]
                self.log.append(f"{seat_name(seat)} takes a unit card from {seat_name(victim)}.")
            else:
                self.log.append(f"{seat_name(victim)} holds no unit card that can be taken.")

    # --- attacks
    def _strike(self, ctx: dict) -> None:
        """Run an attack through Stealth, Scapegoat, the roll and the counter attack prompt."""
        s = self.s
        t = ctx["t"]
        if t[0] == "u" and ctx["kind"] != "selfdestruct":
            v = self._uid(int(t[1:]))
            if not ctx["st"]:
                ctx["st"] = True
                if has(v, "stealth"):  # CC-STLTH-1, CC-GAP-56
                    s["pending"] = {"kind": "stealth", "seat": v["ctrl"], "ctx": ctx}
                    return
            if not ctx["sc"]:
                ctx["sc"] = True
                if has(v, "scapegoat") and self._substitutes(v):  # CC-SCAPE-1, CC-GAP-53
                    s["pending"] = {"kind": "scapegoat", "seat": v["ctrl"], "ctx": ctx}
                    return
        self._roll(ctx)

    def _roll(self, ctx: dict) -> None:
        s = self.s
        a = self._uid(ctx["a"])
        kind = ctx["kind"]
        if kind == "attack":
            a["attacks"] += 1
            a["fired"] = True
            a["targets"].append(ctx["t"])
        elif kind == "shell":
            a["acted"] = a["fired"] = True
            if not self._coin(a["ctrl"], f"Artillery Shell ({self._label(a)})"):  # CC-ARTY-2
                self.log.append("The shell misses.")
                return
        t = ctx["t"]
        if t[0] == "g":
            g = self._gate_at(t[1:])
            d1, d2 = self.rng.roll(), self.rng.roll()
            atk = self.stat(a, "attack", "gate")
            total = d1 + d2 + atk
            hit = total > GATE_DEFENSE  # CC-GATE-7, CC-GAP-12
            s["roll"] = {"attacker": a["hex"], "target": g["hex"], "dice": [d1, d2], "bonus": atk, "total": total,
                         "defense_dice": None, "defense_bonus": None, "defense_total": GATE_DEFENSE, "hit": hit}
            self.log.append(f"  {d1}+{d2}+{atk}={total} against the Gate Token's {GATE_DEFENSE}: "
                            f"{'destroyed' if hit else 'holds'}.")
            if hit:
                self._destroy_gate(g)
            return
        v = self._uid(int(t[1:]))
        hit = self._resolve_roll(a, v, kind)
        if not hit and kind == "attack" and self._can_counter(v, a, ctx["pos"]):
            s["pending"] = {"kind": "counter", "seat": v["ctrl"],
                            "ctx": {"kind": "counter", "a": v["id"], "t": f"u{a['id']}", "pos": a["hex"],
                                    "st": False, "sc": False}}

    def _resolve_roll(self, a: dict, v: dict, kind: str) -> bool:
        """One dice roll of ``a`` against ``v`` (CC-ATK-3..5, CC-ATK-7); destroys ``v`` on a hit."""
        s = self.s
        d1, d2 = self.rng.roll(), self.rng.roll()
        atk = self.stat(a, "attack", utype(v))
        total = d1 + d2 + atk
        dfn = self.stat(v, "defense", utype(a))
        if utype(v) == "building":
            dd, dtotal = None, dfn
        else:
            dd = [self.rng.roll(), self.rng.roll()]
            dtotal = dd[0] + dd[1] + dfn
        hit = total > dtotal  # ties go to the defender (CC-ATK-4, CC-CTR-3)
        s["roll"] = {"attacker": a["hex"], "target": v["hex"], "dice": [d1, d2], "bonus": atk, "total": total,
                     "defense_dice": dd, "defense_bonus": dfn, "defense_total": dtotal, "hit": hit, "kind": kind}
        dtxt = f"{dd[0]}+{dd[1]}+{dfn}={dtotal}" if dd else f"its fixed {dfn}"
        self.log.append(f"  {'Counter attack: ' if kind == 'counter' else ''}{d1}+{d2}+{atk}={total} against "
                        f"{UNITS[v['card']]['name']} {v['hex']} {dtxt}: {'hit' if hit else 'miss'}.")
        if hit:
            self._destroy(v)
        return hit

    def _can_counter(self, v: dict, a: dict, pos: str) -> bool:
        """CC-CTR-1, CC-CTR-5, CC-GAP-30: in range (from the defended hex), line of fire clear."""
        if v not in self.s["units"] or a not in self.s["units"] or not can_fight(v):
            return False
        lo, hi = self.urange(v)
        d = distance(pos, a["hex"])
        if not lo <= d <= hi:
            return False
        return d <= 1 or not (between(pos, a["hex"]) & self._barricades())

    def _destroy(self, v: dict) -> None:
        s = self.s
        s["units"].remove(v)
        self.log.append(f"{seat_name(v['owner'])}'s {UNITS[v['card']]['name']} on {v['hex']} is destroyed.")
        if v["id"] in s["place"]:
            s["place"].remove(v["id"])
        if has(v, "regenerate") and self._coin(v["owner"], f"Regenerate ({UNITS[v['card']]['name']})"):
            s["portals"].append({"hex": v["hex"], "owner": v["owner"], "card": v["card"], "src": "regen"})
            self.log.append(f"It falls face down as a portal on {v['hex']}.")  # CC-REGEN-2

    def _destroy_gate(self, g: dict) -> None:
        s = self.s
        s["gates"].remove(g)
        s["gate_killed"] = True
        self.log.append(f"{seat_name(g['owner'])}'s Gate Token on {g['hex']} is destroyed.")
        p = self._portal_at(g["arrow"])
        if p:  # CC-GATE-11
            s["portals"].remove(p)
            self.log.append(f"The portal at {g['arrow']} is destroyed with it.")

    def _apply_prompt(self, pend: dict, verb: str, arg: str) -> None:
        s = self.s
        s["pending"] = None
        kind = pend["kind"]
        seat = pend["seat"]
        if kind in ("assassinate", "corrupt"):
            if verb != "decline":
                getattr(self, "_do_" + kind)(seat, arg)
            return
        ctx = pend["ctx"]
        if verb == "stealth":
            v = self._uid(int(ctx["t"][1:]))
            if self._coin(seat, f"Stealth ({self._label(v)})"):
                self.log.append("The attack is called off.")  # CC-STLTH-2
                if ctx["kind"] != "counter":
                    self._uid(ctx["a"])["blocked"].append(v["id"])
                return
        elif verb == "scapegoat":
            v = self._uid(int(ctx["t"][1:]))
            w = self._unit_at(arg)
            if self._coin(seat, f"Scapegoat ({self._label(v)})"):
                ctx["t"] = f"u{w['id']}"  # CC-SCAPE-2, CC-SCAPE-3: pos stays the Scapegoat's hex
                self.log.append(f"The attack is redirected to {self._label(w)}.")
        elif verb == "nocounter":
            return
        elif verb == "counter":
            a = self._uid(ctx["a"])
            self.log.append(f"{self._label(a)} counter attacks.")
        self._strike(ctx)

    # ----------------------------------------------------------------- outcome
    def _outcome(self):
        o = self.s["outcome"]
        if not o:
            return None
        return Outcome(tuple(o["winners"]), tuple(tuple(p) for p in o["ranking"]), o["reason"])

    # -------------------------------------------------------------------- view
    def _view(self, seat) -> dict:
        s = self.s
        b = self.board
        cards = s["cards"]

        def card_view(cid):
            key = cards[cid]
            c = UNITS.get(key) or SPECIALS[key]
            return {"id": cid, "key": key, "name": c["name"], "kind": "unit" if key in UNITS else "special",
                    "text": c["text"], "starting": cid.startswith("i")}

        owners = {}
        for g in s["gates"]:
            owners.setdefault(b.terr[g["hex"]], g["owner"])
        players = []
        for p in range(self.players):
            info = {"seat": p, "name": seat_name(p), "resources": s["res"][p], "hand_count": len(s["hands"][p]),
                    "out": s["out"][p], "turns": s["turns"][p], "gates": sum(1 for g in s["gates"] if g["owner"] == p),
                    "territories": len(self._controlled(p)), "income": self.income(p), "hand": None, "levels": None}
            if seat == p:
                info["hand"] = [card_view(c) for c in s["hands"][p]]
                info["levels"] = {k: self.level(p, k) for k in sorted({cards[c] for c in s["hands"][p]}) if k in UNITS}
            players.append(info)
        units = []
        for u in s["units"]:
            card = UNITS[u["card"]]
            own = seat == u["owner"]  # effective stats reveal level bonuses, i.e. the owner's hand
            lo, hi = self.urange(u) if own else parse_range(card["range"])
            units.append({"id": u["id"], "hex": u["hex"], "owner": u["owner"], "controller": u["ctrl"],
                          "card": u["card"], "name": card["name"], "type": card["type"],
                          "abilities": list(card["abilities"]),
                          "attack": self.stat(u, "attack") if own else card["attack"],
                          "defense": self.stat(u, "defense") if own else card["defense"],
                          "movement": self.stat(u, "movement") if own else card["movement"],
                          "range": [lo, hi], "moved": u["moved"], "attacked": u["fired"], "attacks": u["attacks"],
                          "done": u["done"]})
        pend = s["pending"]
        pview = None
        if pend:
            pview = {"kind": pend["kind"], "seat": pend["seat"]}
            if "ctx" in pend:
                a = self._uid(pend["ctx"]["a"])
                t = pend["ctx"]["t"]
                pview["attacker"] = a["hex"] if a else None
                pview["target"] = t[1:] if t[0] == "g" else (self._uid(int(t[1:])) or {}).get("hex")
            else:
                pview["attacker"] = self._uid(pend["a"])["hex"]
        drawn = s["drawn"]
        return {
            "game": "clockwork", "seat": seat, "players": self.players, "names": [seat_name(p) for p in range(self.players)],
            "phase": s["phase"], "active": s["active"], "first": s["first"], "start": s["start"], "turn": s["turn"],
            "turn_limit": self.turn_limit(),
            "board": {"hexes": {h: {"kind": k, "territory": b.terr.get(h)} for h, k in sorted(b.kind.items())},
                      "grids": [{"key": k, "name": GRIDS[k]["name"], "slot": sl} for k, sl in s["placed"]],
                      "territories": [{"id": t, "name": b.terr_name[t], "hexes": hx, "controller": owners.get(t)}
                                      for t, hx in sorted(b.terr_hexes.items())],
                      "grids_total": self.n_grids(),
                      "grids_left": [k for k in GRIDS if k not in {x for x, _ in s["placed"]}]},
            "gates": [dict(g) for g in s["gates"]],
            "portals": [{"hex": p["hex"], "owner": p["owner"], "source": p["src"],
                         "unit": p["card"] if seat == p["owner"] else None} for p in s["portals"]],
            "units": units, "player_info": players, "stack": len(s["stack"]),
            "research_cost": s["research_cost"], "researched": s["researched"], "gate_destroyed": s["gate_killed"],
            "pending": pview, "place": self._uid(s["place"][0])["hex"] if s["place"] else None,
            "roll": s["roll"], "coin": s["coin"],
            "drawn": card_view(drawn[1]) if drawn and drawn[0] == seat else None,
            "log": list(self.log),
            "outcome": self._outcome().to_dict() if s["outcome"] else None,
        }

    # --------------------------------------------------------------- save/load
    def _dump(self) -> dict:
        return json.loads(json.dumps(self.s))

    def _load(self, data: dict) -> None:
        self.s = json.loads(json.dumps(data))


class ClockworkGame(Game):
    """Clockwork Crusade as data: 2-6 players, one option (the turn limit safeguard)."""

    id = "clockwork"
    title = "Clockwork Crusade"
    min_players = 2
    max_players = 6
    description = "Assemble the battlefield, open secret portals and research levelled war machines."
    options_spec = (Option("max_rounds", DEFAULT_MAX_ROUNDS, "Round limit", kind="int", min=1, max=1000,
                           advanced=True, help="House rule: after this many rounds the player holding the most "
                                               "territories wins."),)
    state_class = ClockworkState

    def rules_html(self) -> str:
        return read_text(__package__, "rules.html")


ClockworkState.game = GAME = ClockworkGame()

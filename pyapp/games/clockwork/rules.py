"""Clockwork Crusade rules (game id ``clockwork``): 2-6 players.

Clause IDs (CC-...) refer to ../shared/rules/clockwork-crusade.clauses.md; the
GAP decisions taken here are written out in ``rules.html``.

**Flow** (:mod:`pyapp.engine.flow`).  Setup phases ``grids`` (Territory Grids,
in turn from the highest roller, CC-SETUP-2) and ``gates`` (starting Gate
Tokens, CC-SETUP-5); then ``round`` after ``round`` of turns, clockwise from
the player who won the roll for the first turn.  A turn is a step frame at the
bottom of the stack that asks the active player: ``control`` -> ``portal``
(only while a Building awaits placement) -> ``main`` -> ``draw`` (only when
the free card may be taken); the Resources step has no choice and runs by
itself.  Questions in the middle of a step are frames on top of it:
``strike`` (an attack on its way, which asks the defender about ``stealth`` or
``scapegoat``), ``counter`` (the defender of a missed attack may counter) and
``target`` (after heads, the ``assassinate``/``corrupt`` target).
``view()["phase"]`` is the setup phase, the step, or ``over``;
``view()["pending"]`` is the open question.  The Main step's unit and card
actions and the attacks with their questions are in :mod:`.units`.

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

**Log**: structured events (:mod:`pyapp.engine.log`) naming seats as ``{0}``;
their plain text with the seat colours as names (``view()["names"]``) is the
game's log as players read it.  Kinds: ``roll-off`` (the set-up rolls),
``turn``, ``grid``, ``gate``, ``capture``, ``portal``, ``place``, ``resources``,
``move``, ``attack``, ``dice`` (an attack's roll), ``coin``, ``destroyed``,
``ability``, ``card``, ``draw``, ``control``, ``out``, ``end``.

**Hidden information**: the order of the stack, other players' hands (their
counts are public) and the unit types behind other players' face-down portals
(:meth:`ClockworkState._resample` deals them anew for search bots).

End-of-game safeguard (the text has none, CC-GAP-42; a house rule): the game
also ends after ``max_rounds`` rounds (``max_rounds x players`` turns, default
100 rounds; 0 switches it off); then the most territories wins, ties broken by
Gate Tokens, then the total Cost of units on the board, then resources;
players still tied share the win (``Outcome.ranked(..., ties_share=True)``).
"""
from __future__ import annotations

from itertools import compress, repeat
from operator import itemgetter, ne

from .. import declared
from ...engine import Action, Game, Option, Outcome, State
from ...engine.flow import FlowState, Phase, phases
from ...engine.util import read_text
from . import content, geometry
from .setup import SetupMoves           # (the setup moves, a mix-in)
from .content import GRIDS, GRIDS_PER_PLAYERS, SPECIALS, UNITS, parse_range
from .geometry import Board, adjacent, board_for, distance, grid_halo
from .units import UnitActions, has, seat_name, unit_ref, utype

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ...engine.rng import Rng
    from .types import CardView, ClockworkView, GateData, PendingView, PlayerView, PortalData, Stat, UnitData, UnitView

START_RESOURCES = 5
RESEARCH_COST = 4
GATE_COST = 1
DEFAULT_MAX_ROUNDS = 100                               # a rare backstop: see docs/notes/clockwork.md
STEPS = ("control", "portal", "main", "draw")          # the step frames of a turn, in order
_STACK: list[tuple[str, str]] = []                   # (card id, card key) of the stack in data order (content's)
# a unit's fields reset as a turn begins, and their values when reset (see _begin_turn_round)
_TURN_FIELDS = itemgetter("moved", "fired", "attacks", "acted", "done", "salv", "wall", "blocked", "targets")
_TURN_FRESH: tuple = (False, False, 0, False, False, False, False, [], [])
_CTRL, _OWNER, _BUFFS = itemgetter("ctrl"), itemgetter("owner"), itemgetter("buffs")


class ClockworkState(SetupMoves, UnitActions, FlowState):
    """A game of Clockwork Crusade; all of its data lives in ``self.data`` (plain JSON, named keys)."""
    HIDDEN = ("stack", "portals")                  # the draw stack; face-down portals (opened: shown)
    HIDDEN_COUNTED = True                          # every draw and every portal that leaves marks itself (reveal())

    PHASES = phases(
        Phase("grids", "one", next="gates", doc="from the highest roller, each player in turn places a Territory Grid"),
        Phase("gates", "one", next="round", doc="each player places a starting Gate Token"),
        Phase("round", "one", next="round", moves=False, doc="a round of turns, clockwise from the player who won the first turn"),
    )
    FIRST_PHASE = "grids"
    FRAMES = ("control", "counter", "draw", "main", "portal", "strike", "target")
    PROMPT_KINDS = ("assassinate", "corrupt", "scapegoat", "stealth")

    # ------------------------------------------------------------------ setup
    def _setup_data(self) -> dict:
        n = self.players
        cards = {f"i{p}": "infantry" for p in range(n)}
        if not _STACK:
            _STACK.extend((f"c{i:02d}", key) for i, key in enumerate(content.stack_cards(), 1))
        cards.update(_STACK)
        stack = [cid for cid, _key in _STACK]
        self.rng.shuffle(stack)  # CC-SETUP-7
        return {
            "start": 0,                                   # the seat that won the roll for the first turn
            "turn": 0,                                    # turns of play begun
            "placed": [],                                 # [grid key, slot]
            "resources": [START_RESOURCES] * n,           # CC-SETUP-8
            "hands": [[f"i{p}"] for p in range(n)],       # card ids (CC-MAT-1)
            "cards": cards,                               # card id -> card key
            "stack": stack,                               # card ids, the top last
            "gates": [],                                  # {hex, owner, arrow}
            "portals": [],                                # {hex, owner, card, src: gate | wall | regen}
            "units": [],                                  # see _new_unit
            "next_uid": 1,
            "turns_taken": [0] * n,
            "out": [False] * n,
            "eliminated": [],                             # seats in the order they went out
            "researched": False, "gate_destroyed": False, "research_cost": RESEARCH_COST,
            "captured": [],                               # territories captured this turn
            "roll": None, "coin": None,                   # the last roll and coin flip, for the view
            "drawn": None,                                # [seat, card id] of the last card gained from the stack
            "raided": [],                                 # [card id, victim]: a victim knows where its card went
            "last_active": None,                          # whose turn it was when the game ended
        }

    def _roll_off(self, seats: list[int], why: str) -> int:
        """Everyone rolls a die; only tied highest rollers re-roll (CC-GAP-7)."""
        while True:
            rolls = [(p, self.rng.roll()) for p in seats]
            self.say(f"Roll {why}: " + ", ".join(f"{{{i}}} {r}" for i, (_p, r) in enumerate(rolls)),
                     *(p for p, _r in rolls), kind="roll-off")
            best = max(r for _p, r in rolls)
            seats = [p for p, r in rolls if r == best]
            if len(seats) == 1:
                self.say("{0} rolls highest.", seats[0], kind="roll-off")
                return seats[0]

    def _begin_grids(self) -> None:
        first = self._roll_off(list(range(self.players)), "to place the first Territory Grid")  # CC-SETUP-1
        self.flow.first = first
        self.flow.set_order([(first + i) % self.players for i in range(self.n_grids())])  # CC-SETUP-2

    def _end_gates(self) -> None:
        self.data["start"] = self._roll_off(list(range(self.players)), "for the first turn")  # CC-SETUP-6

    def _begin_round(self) -> None:
        self.flow.set_order(self.clockwise(self.data["start"]))

    STATS = ("kills", "lost", "razed", "units", "buildings", "cards", "drawn")

    def _count(self, what: str, seat: int) -> None:
        """One more of ``what`` (a key of :attr:`STATS`) for ``seat``: the public figures of the summary."""
        stats = self.data.setdefault("stats", {})
        row = stats.setdefault(what, [0] * self.players)
        row[seat] += 1

    def stats(self, what: str) -> list[int]:
        """Per seat, how many of ``what`` (a key of :attr:`STATS`) so far."""
        return list(self.data.get("stats", {}).get(what) or [0] * self.players)

    def in_play(self, seat: int) -> bool:
        return not self.data["out"][seat]

    # ------------------------------------------------------------ helpers
    # (a copy of data["placed"], its Board): the last board asked for (compared with the data at every use; a
    # clone, made without __init__, starts with none)
    _board_seen: tuple[list[list[str]], Board] | None = None

    @property
    def board(self) -> Board:
        placed = self.data["placed"]
        seen = self._board_seen
        if seen is not None and seen[0] == placed:
            return seen[1]
        b = board_for(placed)
        self._board_seen = ([list(p) for p in placed], b)
        return b

    def n_grids(self) -> int:
        return GRIDS_PER_PLAYERS[self.players]

    def turn_limit(self) -> int | None:
        """The last turn before the round-limit safeguard ends the game; None when players switched it off."""
        rounds = int(self.options["max_rounds"])
        return rounds * self.players if rounds else None

    def _step(self) -> str | None:
        """The step of the turn under way (``control``, ``portal``, ``main``, ``draw``) or None."""
        stack = self.data["flow"]["stack"]
        return stack[0]["kind"] if stack and stack[0]["kind"] in STEPS else None

    def _unit_at(self, h: str) -> UnitData | None:
        for u in self.data["units"]:
            if u["hex"] == h:
                return u
        return None

    def _unit_on(self, h: str) -> UnitData:
        """The unit on ``h``, where the rules know there is one (a hex named by a legal action)."""
        u = self._unit_at(h)
        if u is None:
            raise LookupError(f"no unit on {h}")
        return u

    def _uid(self, uid: int) -> UnitData | None:
        for u in self.data["units"]:
            if u["id"] == uid:
                return u
        return None

    def _unit_by_id(self, uid: int) -> UnitData:
        """The unit ``uid``, where the rules know it is on the board (a frame's attacker or target)."""
        u = self._uid(uid)
        if u is None:
            raise LookupError(f"no unit {uid}")
        return u

    def _gate_at(self, h: str) -> GateData | None:
        for g in self.data["gates"]:
            if g["hex"] == h:
                return g
        return None

    def _portal_at(self, h: str) -> PortalData | None:
        for p in self.data["portals"]:
            if p["hex"] == h:
                return p
        return None

    def _occupied(self) -> set[str]:
        d = self.data
        return {u["hex"] for u in d["units"]} | {g["hex"] for g in d["gates"]} | {p["hex"] for p in d["portals"]}

    # (a copy of data["gates"], their hexes, their owners, arrow hexes per owner, the set of their hexes, the seats
    # holding one): the last Gate Tokens seen, compared by value at every use (a clone starts with none)
    _gates_seen: tuple[list, list[str], list[int], dict[int, list[str]], frozenset[str], frozenset[int]] | None = None

    def _gate_facts(self) -> tuple[list, list[str], list[int], dict[int, list[str]], frozenset[str], frozenset[int]]:
        """What the Main listing and the checks after an action need of the Gate Tokens (see _gates_seen)."""
        gates = self.data["gates"]
        seen = self._gates_seen
        if seen is not None and seen[0] == gates:
            return seen
        arrows: dict[int, list[str]] = {}
        for g in gates:
            arrows.setdefault(g["owner"], []).append(g["arrow"])
        hexes = [g["hex"] for g in gates]
        owners = [g["owner"] for g in gates]
        seen = self._gates_seen = ([dict(g) for g in gates], hexes, owners, arrows, frozenset(hexes), frozenset(owners))
        return seen

    def _arrows(self) -> set[str]:
        return {g["arrow"] for g in self.data["gates"]}

    def level(self, seat: int, key: str) -> int:
        """How many copies of the Unit card ``key`` the seat holds (CC-CARD-3, CC-GAP-33)."""
        cards = self.data["cards"]
        return sum(1 for c in self.data["hands"][seat] if cards[c] == key)

    def unit_level(self, u: UnitData) -> int:
        """The level a unit fights at: its owner's copies of its card while its owner controls it; a unit
        taken by Corrupt has its printed numbers (house rule on CC-GAP-48: the levels belong to the cards in
        the hand of the player whose units they are, and the controller learns nothing about that hand)."""
        return self.level(u["owner"], u["card"]) if u["ctrl"] == u["owner"] else 1

    def stat(self, u: UnitData, stat: Stat, vs: str | None = None) -> int:
        """Effective Attack/Defense/Movement with level bonuses and card buffs (CC-ATK-10, CC-CARD-3..8)."""
        card = UNITS[u["card"]]
        val = card[stat]
        lv = self.unit_level(u)
        for b in (card["level3"] if lv >= 3 else card["level2"] if lv == 2 else ()):
            if b["stat"] == stat and b.get("vs") in (None, vs):
                val += b["add"]
        for st, add, _until, _seat in u["buffs"]:
            if st == stat:
                val += add
        return val

    def urange(self, u: UnitData) -> tuple[int, int]:
        lo, hi = parse_range(UNITS[u["card"]]["range"])
        if hi == 0:
            return 0, 0
        lv = self.unit_level(u)
        card = UNITS[u["card"]]
        for b in (card["level3"] if lv >= 3 else card["level2"] if lv == 2 else ()):
            if b["stat"] == "range":
                hi += b["add"]
        return lo, hi

    def _label(self, u: UnitData) -> str:
        return f"{seat_name(u['ctrl'])} {UNITS[u['card']]['name']} {u['hex']}"

    def _barricades(self) -> set[str]:
        return {u["hex"] for u in self.data["units"] if has(u, "barricade")}

    def _controlled(self, seat: int) -> set[str]:
        b = self.board
        return {b.terr[g["hex"]] for g in self.data["gates"] if g["owner"] == seat}

    def income(self, seat: int) -> int:
        """1 per controlled territory touching another controlled one (CC-RSRC-1, CC-RSRC-2, CC-RSRC-4)."""
        mine = self._controlled(seat)
        adj = self.board.terr_adj
        return sum(1 for t in mine if adj[t] & mine)

    def _alive(self, seat: int) -> bool:
        d = self.data
        return (any(g["owner"] == seat for g in d["gates"]) or any(u["owner"] == seat for u in d["units"])
                or any(p["owner"] == seat for p in d["portals"]))

    def _coin(self, seat: int, what: str, unit: UnitData | None = None) -> bool:
        """Flip a coin for ``what`` (about ``unit``, if given: ``Stealth (Red Shade e5)``)."""
        heads = self.rng.coin()
        why = f"{what} ({self._label(unit)})" if unit else what
        self.data["coin"] = {"seat": seat, "why": why, "heads": heads}
        result = "heads" if heads else "tails"
        if unit:
            self.say(f"{{0}} flips a coin for {what} ({unit_ref(unit, 1)}): {result}.", seat, unit["ctrl"], kind="coin")
        else:
            self.say(f"{{0}} flips a coin for {what}: {result}.", seat, kind="coin")
        return heads

    # -------------------------------------------------------------- the turn
    def _begin_turn_round(self, seat: int) -> None:
        d = self.data
        d["turn"] += 1
        d.update(researched=False, gate_destroyed=False, research_cost=RESEARCH_COST, captured=[])
        units = d["units"]
        if len(units) > 12:         # a big army: the units that did something since their last reset found in C
            for u in compress(units, map(ne, map(_TURN_FIELDS, units), repeat(_TURN_FRESH))):
                u.update(moved=False, fired=False, attacks=0, acted=False, done=False, salv=False, wall=False,
                         blocked=[], targets=[])
            if any(map(_BUFFS, units)):
                for u in units:
                    if u["buffs"]:
                        u["buffs"] = [bf for bf in u["buffs"] if not (bf[2] == "next" and bf[3] == seat)]
        else:
            for u in units:
                # only a unit that did something since its last reset (most stood still: checking is cheaper)
                if (u["moved"] or u["fired"] or u["attacks"] or u["acted"] or u["done"] or u["salv"] or u["wall"]
                        or u["blocked"] or u["targets"]):
                    u.update(moved=False, fired=False, attacks=0, acted=False, done=False, salv=False, wall=False,
                             blocked=[], targets=[])
                if u["buffs"]:
                    u["buffs"] = [bf for bf in u["buffs"] if not (bf[2] == "next" and bf[3] == seat)]
        self.say(f"Turn {d['turn']}: {{0}}.", seat, kind="turn")
        self.flow.push("control", seat=seat)  # CC-TURN-1

    def _control_territories(self, seat: int) -> list[str]:
        """Territories the seat may capture now (CC-TERR-5..8, CC-GAP-18, CC-GAP-19)."""
        d = self.data
        if d["resources"][seat] < GATE_COST:
            return []
        b = self.board
        terr = b.terr
        closed = set(d["captured"]) | {terr[g["hex"]] for g in d["gates"] if g["owner"] != seat}
        soldiers: set[str] = set()                  # territories with a soldier of the seat
        for u in d["units"]:
            t = terr.get(u["hex"])
            if t is None:
                continue
            if u["ctrl"] != seat:
                closed.add(t)                       # another player's unit inside
            elif UNITS[u["card"]]["type"] == "soldier":
                soldiers.add(t)
        return sorted(soldiers - closed)

    # --- the Control step
    def _f_control(self, frame: dict, choice: str | None, seat: int | None) -> None:
        seat = frame["seat"]
        if choice is None:
            if self._gate_spots(self._control_territories(seat)):
                self._prompt_step(frame)
            else:
                self.flow.pop(frame)
                self._open_portals(seat)
            return
        verb, _, arg = choice.partition(":")
        if verb == "done":
            self.flow.pop(frame)
            self._open_portals(seat)
        elif verb == "gate":
            self._capture(seat, arg)
        else:
            self._act_play(seat, arg)
        self._after()

    def _ask_control(self, frame: dict, seat: int) -> list[Action]:
        b = self.board
        acts = [Action(f"gate:{h}>{a}", f"Capture {b.terr_name[b.terr[h]]}: Gate Token on {h}, arrow to {a} "
                                        f"(cost {GATE_COST})", "gate")
                for h, a in self._gate_spots(self._control_territories(seat))]
        acts += self._specials(seat)
        acts.append(Action("done", "Finish the Control step", "step"))
        return acts

    def _capture(self, seat: int, arg: str) -> None:
        d = self.data
        h, a = arg.split(">")
        b = self.board
        d["gates"].append({"hex": h, "owner": seat, "arrow": a})
        d["resources"][seat] -= GATE_COST  # CC-TERR-8, CC-TURN-8
        d["captured"].append(b.terr[h])
        self.mark(seat, "gate", h, a)
        self.say(f"{{0}} captures {b.terr_name[b.terr[h]]}: Gate Token on {h}, arrow to {a}.", seat, kind="capture")

    # --- the Portal step
    def _open_portals(self, seat: int) -> None:
        """Turn every face-down portal of the active player face up (CC-TURN-3, CC-PORT-6)."""
        d = self.data
        mine = [p for p in d["portals"] if p["owner"] == seat]
        if mine:
            d["portals"] = [p for p in d["portals"] if p["owner"] != seat]
            self.reveal()                                 # face-down portals open (HIDDEN_COUNTED)
        queue = []
        for p in mine:
            u = self._new_unit(p["card"], seat, p["hex"])
            self.mark(seat, "reveal", p["hex"], text=UNITS[p["card"]]["name"])
            self._count("units", seat)
            if utype(u) == "building":
                self._count("buildings", seat)
            self.say(f"{{0}}'s portal at {p['hex']} opens: {UNITS[p['card']]['name']}.", seat, kind="portal")
            if utype(u) == "building" and p["src"] != "wall" and p["hex"] in self.board.terr:
                queue.append(u["id"])  # CC-UTYPE-6, CC-GAP-24
        if queue:
            self.flow.push("portal", seat=seat, queue=queue)
        else:
            self._collect_resources(seat)

    def _f_portal(self, frame: dict, choice: str | None, seat: int | None) -> None:
        seat = frame["seat"]
        if choice is None:
            while frame["queue"] and not self._building_spots(self._unit_by_id(frame["queue"][0])):
                u = self._unit_by_id(frame["queue"].pop(0))        # the whole board is full (CC-GAP-24, house rule)
                self.data["units"].remove(u)
                self.say(f"{{0}}'s {UNITS[u['card']]['name']} has no free hex to stand on and is lost.", seat,
                         kind="place")
            if frame["queue"]:
                self._prompt_step(frame)
            else:
                self.flow.pop(frame)
                self._collect_resources(seat)
            return
        src, dst = choice.partition(":")[2].split(">")
        u = self._unit_on(src)
        u["hex"] = dst
        frame["queue"].pop(0)
        self.mark(seat, "place", src, dst, text=UNITS[u["card"]]["name"])
        self.say(f"{{0}} places the {UNITS[u['card']]['name']} on {dst}.", seat, kind="place")
        self._after()

    def _ask_portal(self, frame: dict, seat: int) -> list[Action]:
        u = self._unit_by_id(frame["queue"][0])
        return [Action(f"place:{u['hex']}>{h}", f"Place {UNITS[u['card']]['name']} on {h}", "place")
                for h in self._building_spots(u)]

    def _building_spots(self, u: UnitData) -> list[str]:
        """Where an arriving Building may go (CC-UTYPE-6, CC-GAP-24, house rule with CC-GAP-17): a free hex of
        its territory, its portal hex included, but never a hex a Gate Token's arrow points at, since a Building
        never moves and would block those portals for good.  When its territory has no such hex (every other
        hex taken, even by units that could move away), the nearest free non-water hexes that no arrow points
        at, in any territory or none.  Empty only when the whole board is full (the Building is then lost)."""
        b = self.board
        occ = self._occupied()
        arrows = self._arrows()
        at = u["hex"]
        t = b.terr[at]
        spots = sorted(h for h in b.terr_hexes[t] if (h == at or h not in occ) and h not in arrows)
        if spots:
            return spots
        free = [h for h, kind in b.kind.items() if kind != "water" and h not in occ and h not in arrows]
        if not free:
            return []
        best = min(distance(at, h) for h in free)
        return sorted(h for h in free if distance(at, h) == best)

    def _new_unit(self, key: str, seat: int, h: str) -> UnitData:
        d = self.data
        u: UnitData = {"id": d["next_uid"], "card": key, "owner": seat, "ctrl": seat, "hex": h, "moved": False, "fired": False,
             "attacks": 0, "acted": False, "done": False, "salv": False, "wall": False, "blocked": [],
             "targets": [], "buffs": []}
        d["next_uid"] += 1
        d["units"].append(u)
        return u

    # --- the Resources step (no choice) and the Main step
    def _collect_resources(self, seat: int) -> None:
        d = self.data
        if d["turns_taken"][seat] == 0:
            self.say("{0} gains no resources on their first turn.", seat, kind="resources")  # CC-RSRC-3
        else:
            inc = self.income(seat)
            d["resources"][seat] += inc
            self.say(f"{{0}} gains {inc} resource{'s' * (inc != 1)} (now {d['resources'][seat]}).", seat,
                     kind="resources")
        self.flow.push("main", seat=seat)

    def _f_main(self, frame: dict, choice: str | None, seat: int | None) -> None:
        seat = frame["seat"]
        if choice is None:
            self._prompt_step(frame)
            return
        verb, _, arg = choice.partition(":")
        if verb == "end":
            self.flow.pop(frame)
            d = self.data
            if d["gate_destroyed"] and not d["researched"] and d["stack"]:
                self.flow.push("draw", seat=seat)  # CC-RSCH-5
            else:
                self._close_turn()
        elif verb == "research":
            self._draw_card(seat, research=True)
        else:
            getattr(self, "_act_" + verb)(seat, arg)
        self._after()

    def _ask_main(self, frame: dict, seat: int) -> list[Action]:
        return self._main_actions(seat)

    def _research_warning(self, seat: int, cheapest: int | None) -> str:
        """The question before researching when it leaves too little to create any unit portal the player can
        afford now (``cheapest``: the cost of the cheapest, None when there is none; issue 32: researching on the
        first turn left no money for a unit, and the player was knocked out a few turns later), else ""."""
        d = self.data
        left = d["resources"][seat] - d["research_cost"]
        if cheapest is None or left >= cheapest:
            return ""
        alone = not any(u["owner"] == seat for u in d["units"]) and not any(p["owner"] == seat for p in d["portals"])
        risk = (" With no unit or portal of yours on the board, your Gate Tokens stand alone and you could be "
                "knocked out." if alone else "")
        return (f"Research costs {d['research_cost']} and leaves you {left}: not enough for a unit portal "
                f"(the cheapest you hold costs {cheapest}).{risk} Research anyway?")


    # --- the Draw step
    def _f_draw(self, frame: dict, choice: str | None, seat: int | None) -> None:
        seat = frame["seat"]
        if choice is None:
            self._prompt_step(frame)
            return
        verb, _, arg = choice.partition(":")
        if verb == "draw":
            self._draw_card(seat, research=False)
            self._close_turn()
        elif verb == "end":
            self._close_turn()
        else:
            self._act_play(seat, arg)
        self._after()

    def _ask_draw(self, frame: dict, seat: int) -> list[Action]:
        return [Action("draw", "Draw a free card for destroying a Gate Token", "draw"),
                Action("end", "End the turn without drawing", "step")] + self._specials(seat)

    def _draw_card(self, seat: int, research: bool) -> None:
        d = self.data
        if research:
            d["resources"][seat] -= d["research_cost"]
            d["researched"] = True
        cid = d["stack"].pop()
        self.reveal()                                     # a card left the hidden stack (HIDDEN_COUNTED)
        d["hands"][seat].append(cid)
        d["drawn"] = [seat, cid]
        self.mark(seat, "card", text="researched a card" if research else "drew a card")
        self._count("drawn", seat)
        self.say(f"{{0}} {'researches and draws' if research else 'draws'} a card.", seat, kind="draw")

    # --- the end of a turn, eliminations, the end of the game
    def _close_turn(self) -> None:
        d = self.data
        seat = self.flow.active
        units = d["units"]
        if len(units) > 12:         # a big army: the units to hand back and the buffed ones found in C
            for u in compress(units, map(ne, map(_CTRL, units), map(_OWNER, units))):
                u["ctrl"] = u["owner"]  # CC-CORR-3
                self.say(f"{UNITS[u['card']]['name']} {u['hex']} returns to {{0}}.", u["owner"], kind="control")
            if any(map(_BUFFS, units)):
                for u in units:
                    if u["buffs"]:
                        u["buffs"] = [bf for bf in u["buffs"] if bf[2] != "turn"]
        else:
            for u in units:
                if u["ctrl"] != u["owner"]:
                    u["ctrl"] = u["owner"]  # CC-CORR-3
                    self.say(f"{UNITS[u['card']]['name']} {u['hex']} returns to {{0}}.", u["owner"], kind="control")
                if u["buffs"]:
                    u["buffs"] = [bf for bf in u["buffs"] if bf[2] != "turn"]
        d["turns_taken"][seat] += 1
        del self.flow.stack[:]
        d["flow"]["prompt"] = None
        limit = self.turn_limit()
        if limit is not None and d["turn"] >= limit:
            self._finish_by_limit()
            return
        self.flow.end_turn()

    def _prompt_step(self, frame: dict) -> None:
        """Ask the active player what to do in this step; as the step begins, eliminations and the end are
        checked first (later questions follow an action, which checked them)."""
        if frame.get("asked") or self._after():
            frame["asked"] = True
            self.flow.ask(frame["seat"])

    def _after(self) -> bool:
        """Eliminations and the end of the game, checked after every action of a turn and as each step
        asks (CC-GAP-40); True while the turn goes on."""
        flow = self.flow
        if flow.over or flow.active is None:
            return False
        d = self.data
        holders = set(self._gate_facts()[5])
        out = d["out"]
        for p in range(self.players):
            if not out[p] and p not in holders and not self._alive(p):
                out[p] = True
                d["eliminated"].append(p)
                self.say("{0} has no Gate Token, unit or portal left and is out.", p, kind="out")
        if len(holders) <= 1:
            w = holders.pop() if holders else flow.active  # CC-GAP-41
            self._finish((w,), f"{seat_name(w)} wins: no other player has a Gate Token left",
                         "{0} wins: no other player has a Gate Token left", (w,))
            return False
        if d["out"][flow.active] and all(f["kind"] in STEPS for f in flow.stack):
            self._close_turn()
            return False
        return True

    def _score(self, p: int) -> tuple[int, int, int, int]:
        d = self.data
        return (len(self._controlled(p)), sum(1 for g in d["gates"] if g["owner"] == p),
                sum(UNITS[u["card"]]["cost"] for u in d["units"] if u["owner"] == p), d["resources"][p])

    def _finish(self, winners: tuple[int, ...], reason: str, text: str, seats: tuple[int, ...]) -> None:
        """The game ends: ``winners`` first, then the rest by when they went out and by score; ``reason``
        for the outcome, ``text`` (with ``seats``) for the log."""
        d = self.data
        rest = [p for p in range(self.players) if p not in winners]

        def key(p: int) -> tuple:
            e = d["eliminated"].index(p) if p in d["eliminated"] else len(d["eliminated"])
            return (not d["out"][p], e) + self._score(p)

        ranking = [list(winners)]
        for p in sorted(rest, key=key, reverse=True):
            if ranking[-1] and ranking[-1][0] not in winners and key(ranking[-1][0]) == key(p):
                ranking[-1].append(p)
            else:
                ranking.append([p])
        outcome = Outcome.ranked(ranking, reason, ties_share=True)  # every player tied: they share the win
        d["last_active"] = self.flow.active
        self.finish(outcome)
        self.say(text + ".", *seats, kind="end")

    def _finish_by_limit(self) -> None:
        """The end-of-game safeguard (CC-GAP-42): a turn limit with a tie-break."""
        alive = [p for p in range(self.players) if not self.data["out"][p]]
        best = max(self._score(p) for p in alive)
        winners = tuple(p for p in alive if self._score(p) == best)
        verb = "win" if len(winners) > 1 else "wins"
        tail = f" {verb} on territories, then Gate Tokens, units and resources"
        self._finish(winners, "Turn limit reached: " + " and ".join(seat_name(p) for p in winners) + tail,
                     "Turn limit reached: " + " and ".join(f"{{{i}}}" for i in range(len(winners))) + tail, winners)

    # ----------------------------------------------------------------- hidden information
    def _resample(self, seat: int, rng: Rng) -> None:
        """Deal anew what ``seat`` cannot see: the order of the stack, the other players' hands (same
        counts; their starting Infantry and any card ``seat`` lost to them in a raid stay) and the unit
        types behind the other players' face-down portals (same cost; Walls and Regenerate portals are public).
        A corrupted unit that ``seat`` controls has its printed numbers (:meth:`unit_level`): its owner's
        levels are not something ``seat`` knows.
        """
        d = self.data
        cards = d["cards"]
        known = {c for c, victim in d["raided"] if victim == seat}
        others = [q for q in range(self.players) if q != seat]
        slots = [(q, i) for q in others for i, c in enumerate(d["hands"][q]) if c != f"i{q}" and c not in known]
        # sorted first: the copy depends on what ``seat`` sees, not on how the hidden cards lie
        pool = sorted([d["hands"][q][i] for q, i in slots] + list(d["stack"]))
        rng.shuffle(pool)
        for q, i in slots:
            old = d["hands"][q][i]
            d["hands"][q][i] = pool.pop(0)
            if d["drawn"] == [q, old]:
                d["drawn"] = [q, d["hands"][q][i]]
        d["stack"] = pool
        for p in d["portals"]:
            if p["owner"] == seat or p["src"] != "gate":
                continue
            cost = UNITS[p["card"]]["cost"]
            held = sorted({cards[c] for c in d["hands"][p["owner"]] if cards[c] in UNITS
                           and UNITS[cards[c]]["cost"] == cost}, key=list(UNITS).index)
            same = held or [k for k, u in UNITS.items() if u["cost"] == cost and not u.get("token")]
            p["card"] = rng.choice(same)

    # -------------------------------------------------------------------- view
    if TYPE_CHECKING:
        # State.view returns what _view returns: for mypy, this game's view (bots read it typed)
        def view(self, seat: int | None) -> ClockworkView: ...  # type: ignore[override]

    # the engine's State._view promises a plain dict; this one is (a TypedDict is a dict at run time),
    # but mypy lets a TypedDict stand only for a Mapping, not for dict
    def _view(self, seat: int | None) -> ClockworkView:  # type: ignore[override]
        d = self.data
        flow = self.flow
        b = self.board
        cards = d["cards"]

        def card_view(cid: str) -> CardView:
            key = cards[cid]
            c = UNITS.get(key) or SPECIALS[key]
            return {"id": cid, "key": key, "name": c["name"], "kind": "unit" if key in UNITS else "special",
                    "text": c["text"], "starting": cid.startswith("i")}

        owners: dict[str, int] = {}
        for g in d["gates"]:
            owners.setdefault(b.terr[g["hex"]], g["owner"])
        players: list[PlayerView] = []
        for p in range(self.players):
            info: PlayerView = {"seat": p, "name": seat_name(p), "resources": d["resources"][p], "hand_count": len(d["hands"][p]),
                    "out": d["out"][p], "turns": d["turns_taken"][p],
                    "gates": sum(1 for g in d["gates"] if g["owner"] == p),
                    "territories": len(self._controlled(p)), "income": self.income(p), "hand": None, "levels": None}
            if seat == p:
                info["hand"] = [card_view(c) for c in d["hands"][p]]
                info["levels"] = {k: self.level(p, k) for k in sorted({cards[c] for c in d["hands"][p]}) if k in UNITS}
            players.append(info)
        units: list[UnitView] = []
        for u in d["units"]:
            card = UNITS[u["card"]]
            # effective stats reveal level bonuses, i.e. the owner's hand; a corrupted unit has none (unit_level),
            # so its controller sees the numbers its legal actions use (CC-UI-8, CC-GAP-48)
            own = seat in (u["owner"], u["ctrl"])
            lo, hi = self.urange(u) if own else parse_range(card["range"])
            units.append({"id": u["id"], "hex": u["hex"], "owner": u["owner"], "controller": u["ctrl"],
                          "card": u["card"], "name": card["name"], "type": card["type"],
                          "abilities": list(card["abilities"]),
                          "attack": self.stat(u, "attack") if own else card["attack"],
                          "defense": self.stat(u, "defense") if own else card["defense"],
                          "movement": self.stat(u, "movement") if own else card["movement"],
                          "range": [lo, hi], "moved": u["moved"], "attacked": u["fired"], "attacks": u["attacks"],
                          "done": u["done"]})
        pview: PendingView | None = None
        prompt = flow.prompt
        if prompt and prompt["kind"] not in STEPS:
            frame = flow.top
            if frame["kind"] == "target":
                pview = {"kind": prompt["kind"], "seat": prompt["seats"][0],
                         "attacker": self._unit_by_id(frame["unit"])["hex"]}
            else:
                a = self._uid(frame["attacker"])
                t = frame["target"]
                v = None if t[0] == "g" else self._uid(int(t[1:]))
                pview = {"kind": prompt["kind"], "seat": prompt["seats"][0], "attacker": a["hex"] if a else None,
                         "target": t[1:] if t[0] == "g" else v["hex"] if v else None}
        portal = flow.stack[0] if flow.stack and flow.stack[0]["kind"] == "portal" else None
        drawn = d["drawn"]
        gates: list[GateData] = d["gates"]
        outcome = self.outcome()
        return {
            "game": "clockwork", "seat": seat, "players": self.players, "names": [seat_name(p) for p in range(self.players)],
            "phase": "over" if outcome else self._step() or flow.phase,
            "active": d["last_active"] if outcome else flow.active,
            "first": flow.first, "start": d["start"], "turn": d["turn"],
            "turn_limit": self.turn_limit(),
            "board": {"hexes": {h: {"kind": k, "territory": b.terr.get(h)} for h, k in sorted(b.kind.items())},
                      "grids": [{"key": k, "name": GRIDS[k]["name"], "slot": sl} for k, sl in d["placed"]],
                      "territories": [{"id": t, "name": b.terr_name[t], "hexes": hx, "controller": owners.get(t)}
                                      for t, hx in sorted(b.terr_hexes.items())],
                      "grids_total": self.n_grids(),
                      "slots": list(geometry.table_slots(self.players)),
                      "grids_left": [k for k in GRIDS if k not in {x for x, _ in d["placed"]}],
                      # the designs still to place, for their previews (only while grids are placed)
                      "designs": [{"key": k, "name": GRIDS[k]["name"], "rows": list(GRIDS[k]["rows"])}
                                  for k in GRIDS if k not in {x for x, _ in d["placed"]}]
                      if flow.phase == "grids" and not outcome else []},
            "gates": [g.copy() for g in gates],
            "portals": [{"hex": p["hex"], "owner": p["owner"], "source": p["src"],
                         "unit": p["card"] if seat == p["owner"] else None} for p in d["portals"]],
            "units": units, "player_info": players, "stack": len(d["stack"]),
            "research_cost": d["research_cost"], "researched": d["researched"], "gate_destroyed": d["gate_destroyed"],
            "pending": pview,
            "place": self._unit_by_id(portal["queue"][0])["hex"] if portal and portal["queue"] else None,
            "roll": d["roll"], "coin": d["coin"],
            "drawn": card_view(drawn[1]) if drawn and drawn[0] == seat else None,
            "log": list(self.log),
            "marks": self.marks(),
            "outcome": outcome.to_dict() if outcome else None,
        }


@declared
class ClockworkGame(Game):
    """Clockwork Crusade as data: 2-6 players, one option (the turn limit safeguard)."""

    rules_version = 3                 # 2: no Wall or Building on a Gate Token arrow hex, corrupted units at printed numbers;
    #                                   3: a game uses only part of the slot table (3 x 2 for 2-3 players...: geometry.TABLE_SLOTS)
    options_spec = (Option("max_rounds", DEFAULT_MAX_ROUNDS, "Round limit (0: none)", kind="int", min=0, max=1000,
                           advanced=True, help="A house rule, not in the printed rules, against endless games: after "
                                               "this many rounds the player holding the most territories wins. "
                                               "0 switches it off: play until only one player has Gate Tokens."),)
    state_class = ClockworkState

    def rules_html(self) -> str:
        return read_text(__package__, "rules.html")

    def summary(self, state: State) -> list:
        """What decided the game (Gate Tokens held; territories, which decide at the round limit), then the
        battle figures: enemy units destroyed, units lost, Gate Tokens destroyed, units and Buildings brought
        into play, special cards played, cards gained from the stack.  Public facts only."""
        assert isinstance(state, ClockworkState)
        d = state.data
        n = state.players
        rows: list = [("Gate Tokens held", [str(sum(1 for g in d["gates"] if g["owner"] == p)) for p in range(n)]),
                      ("Territories", [str(len(state._controlled(p))) for p in range(n)])]
        for label, key in (("Enemy units destroyed", "kills"), ("Units lost", "lost"),
                           ("Gate Tokens destroyed", "razed"), ("Units brought into play", "units"),
                           ("Buildings brought into play", "buildings"), ("Special cards played", "cards"),
                           ("Cards gained", "drawn")):
            rows.append((label, [str(v) for v in state.stats(key)]))
        return rows


ClockworkState.game = GAME = ClockworkGame()

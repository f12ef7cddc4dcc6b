"""Clockwork Crusade: what units and special cards do in the Main step, and the attacks with their questions.

:class:`UnitActions` is the part of :class:`.rules.ClockworkState` that lists the Main step's unit and card
actions (moves, attacks, Artillery Shells, the other abilities, portals, special cards) and carries them out:
an attack is a ``strike`` frame that may ask the defender about Stealth or Scapegoat before the roll, a missed
attack may be answered by a ``counter`` frame, and heads for Assassinate or Corrupt opens a ``target`` frame.
It works on the state's ``data`` through the helpers of :mod:`.rules` (``_unit_at``, ``stat``, ``_coin``...).
Clause IDs (CC-...) refer to ../shared/rules/clockwork-crusade.clauses.md.
"""
from __future__ import annotations

from itertools import compress
from operator import itemgetter, not_

from ...engine import Action
from .content import SPECIALS, UNITS, parse_range
from .geometry import adjacent, disc, distance, line_of_fire
from .tables import (_ABIL, _ACTION_ID, _ATTACKS, _BARRICADE, _BUILDING, _CARD, _CARDK, _CTRL, _END_ACTS, _FEW, _FIGHTS,
                     _HEX, _MOVE_ACTS, _MOVES, _MOVES_KEPT, _NO_ATTACKS, _PLAY_ACTS, _PORTAL_ACTS,
                     _UNIT_ORDER, _moves_without, _near_targets)

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ...engine.flow import FlowState
    from .rules import Board
    from .types import GateData, PortalData, SpecialSpec, Stat, UnitData

    class _StateBase(FlowState):
        """What :class:`UnitActions` uses from :class:`.rules.ClockworkState` (defined in rules.py)."""

        @property
        def board(self) -> Board: ...
        def _step(self) -> str | None: ...
        def _unit_at(self, h: str) -> UnitData | None: ...
        def _unit_on(self, h: str) -> UnitData: ...
        def _uid(self, uid: int) -> UnitData | None: ...
        def _unit_by_id(self, uid: int) -> UnitData: ...
        def _gate_at(self, h: str) -> GateData | None: ...
        def _gate_facts(self) -> tuple[list, list[str], list[int], dict[int, list[str]], frozenset[str],
                                       frozenset[int]]: ...
        def _portal_at(self, h: str) -> PortalData | None: ...
        def _occupied(self) -> set[str]: ...
        def _arrows(self) -> set[str]: ...
        def stat(self, u: UnitData, stat: Stat, vs: str | None = None) -> int: ...
        def urange(self, u: UnitData) -> tuple[int, int]: ...
        def _label(self, u: UnitData) -> str: ...
        def _barricades(self) -> set[str]: ...
        def _controlled(self, seat: int) -> set[str]: ...
        def _coin(self, seat: int, what: str, unit: UnitData | None = None) -> bool: ...
        def _after(self) -> bool: ...
        def _count(self, what: str, seat: int) -> None: ...
        def _research_warning(self, seat: int, cheapest: int | None) -> str: ...
else:
    _StateBase = object

GATE_DEFENSE = 9
WALL_COST = 1
COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")     # the seats' names in the game's own texts


def seat_name(seat: int) -> str:
    return COLOURS[seat]


def has(u: UnitData, ability: str) -> bool:
    return ability in _ABIL[u["card"]]


def utype(u: UnitData) -> str:
    return UNITS[u["card"]]["type"]


def can_fight(u: UnitData) -> bool:
    """Soldiers, vehicles and Buildings with Mounted Weaponry attack (CC-UTYPE-4, CC-MOUNT-2)."""
    card = UNITS[u["card"]]
    return parse_range(card["range"])[1] > 0 and (card["type"] != "building" or "mounted-weaponry" in card["abilities"])


_BY_ID = itemgetter("id")


def unit_ref(u: UnitData, i: int = 0) -> str:
    """A unit as log text with its controller as seat reference ``{i}``: ``{0} Crab Tank e4``."""
    return f"{{{i}}} {UNITS[u['card']]['name']} {u['hex']}"


class UnitActions(_StateBase):
    """The Main step's unit and card actions and the attacks (a mix-in of :class:`.rules.ClockworkState`)."""

    # the last Main step listed for each seat: per seat, (board, blocked hexes, {(hex, Movement, card): a move
    # listing (see Board.moves)}), and per ~seat, (other players' unit hexes, barricade hexes, open Gate Token hexes,
    # {(hex, lo, hi, ranged, card): [attack Action]}): plain caches of pure functions of their keys, checked at
    # every use (see _main_actions) and never copied (clone makes a new object without them)
    _memos: dict[int, tuple] | None = None

    def _substitutes(self, v: UnitData) -> list[UnitData]:
        """Units adjacent to a Scapegoat unit controlled by its player (CC-SCAPE-2)."""
        near = set(adjacent(v["hex"]))
        return [w for w in self.data["units"] if w["hex"] in near and w["ctrl"] == v["ctrl"]]

    def _in_range(self, u: UnitData) -> list[UnitData]:
        lo, hi = self.urange(u)
        return [v for v in self.data["units"] if v["ctrl"] != u["ctrl"] and lo <= distance(u["hex"], v["hex"]) <= hi]

    def _any_in_range(self, u: UnitData) -> bool:
        """``bool(self._in_range(u))``, stopping at the first."""
        lo, hi = self.urange(u)
        ctrl, uh = u["ctrl"], u["hex"]
        return any(v["ctrl"] != ctrl and lo <= distance(uh, v["hex"]) <= hi for v in self.data["units"])

    def _can_move(self, u: UnitData) -> bool:
        return not (u["moved"] or u["fired"] or u["done"]) and utype(u) != "building"

    def _can_attack(self, u: UnitData) -> bool:
        limit = 2 if has(u, "cleave") else 1  # CC-CLEAVE-1
        return not (u["done"] or u["acted"]) and u["attacks"] < limit and can_fight(u)

    def _reach(self, u: UnitData, mine: set[str] | None = None, blocked: set[str] | None = None) -> list[str]:
        """Hexes the unit may end its move on (CC-MOVE-1, CC-MOVE-6, CC-GAP-25)."""
        d = self.data
        b = self.board
        mv = self.stat(u, "movement")
        if mine is None or blocked is None:
            mine = {v["hex"] for v in d["units"] if v["ctrl"] == u["ctrl"]}
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

    def _gate_open(self, g: GateData, seat: int) -> bool:
        """A Gate Token may be attacked only with no unit of another player in its territory or next to it
        (CC-GATE-5, CC-GATE-6, CC-GAP-19)."""
        b = self.board
        t = b.terr[g["hex"]]
        for v in self.data["units"]:
            if v["ctrl"] != seat and (b.terr.get(v["hex"]) == t or distance(v["hex"], g["hex"]) == 1):
                return False
        return True

    def _targets(self, u: UnitData, shell: bool = False, bar: set[str] | None = None,
                 others: list[UnitData] | None = None) -> list[str]:
        d = self.data
        if others is None:
            others = [v for v in d["units"] if v["ctrl"] != u["ctrl"]]
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
            dist = distance(uh, v["hex"])
            if not lo <= dist <= hi or (dist > 1 and (not ranged_ok or (bar and line_of_fire(uh, v["hex"]) & bar))):
                continue
            if cleave and f"u{v['id']}" in u["targets"]:  # Cleave: two different targets (CC-GAP-47)
                continue
            out.append(v["hex"])
        for g in d["gates"]:
            if g["owner"] == u["ctrl"] or (cleave and f"g{g['hex']}" in u["targets"]):
                continue
            dist = distance(uh, g["hex"])
            if not lo <= dist <= hi or (dist > 1 and not ranged_ok) or (dist > 1 and line_of_fire(uh, g["hex"]) & bar):
                continue
            if self._gate_open(g, u["ctrl"]):
                out.append(g["hex"])
        return sorted(out)

    def _main_actions(self, seat: int) -> list[Action]:
        """The Main step's actions of ``seat``, in one pass over the board (the hot path of every playout and
        search: tests/clockwork/test_clockwork_fast_listing.py compares it with the plain listing of
        :meth:`_reach`, :meth:`_targets` and :meth:`_in_range` at every step of random games)."""
        d = self.data
        b = self.board
        land_nb = b.land_nb
        acts: list[Action] = []
        units = d["units"]
        cards = d["cards"]
        res = d["resources"][seat]
        held: dict[str, int] = {}                  # the seat's copies of each card: its units' levels
        specials = False                           # a special card among them
        for c in d["hands"][seat]:
            k = cards[c]
            if k in held:
                held[k] += 1
            else:
                held[k] = 1
                if k in SPECIALS:
                    specials = True
        # the seat's units and hexes, the others', the barricades (in C when the armies are big: a hundred units)
        bar: set[str] = set()
        if len(units) > _FEW:
            hexes = list(map(_HEX, units))
            is_own = list(map(seat.__eq__, map(_CTRL, units)))
            own: list[UnitData] = list(compress(units, is_own))
            mine: set[str] = set(compress(hexes, is_own))
            is_other = list(map(not_, is_own))
            others: list[UnitData] = list(compress(units, is_other))
            far = set(compress(hexes, is_other))
            if not _BARRICADE.isdisjoint(map(_CARDK, units)):
                bar = {u["hex"] for u in units if u["card"] in _BARRICADE}
            occ = set(hexes)
        else:
            mine = set()
            own = []
            others = []
            far = set()
            for u in units:
                if u["ctrl"] == seat:
                    mine.add(u["hex"])
                    own.append(u)
                else:
                    others.append(u)
                    far.add(u["hex"])
                if u["card"] in _BARRICADE:
                    bar.add(u["hex"])
            occ = {u["hex"] for u in units}
        _copy, gate_hexes, gate_owners, arrows_of, gate_set, _holders = self._gate_facts()
        own_arrows = arrows_of.get(seat, ())       # the arrow hexes of the seat's Gate Tokens
        occ |= gate_set
        occ.update([p["hex"] for p in d["portals"]])
        blocked = occ - mine
        # the moves of a unit depend only on the board, its hex, its Movement and the hexes it may not enter
        # (``blocked``: its own units' hexes are not): remembered while those are the same, for any seat
        memos = self._memos
        if memos is None:
            memos = self._memos = {}
        memo_of = memos.get(seat)
        if memo_of is None or memo_of[0] is not b or memo_of[1] != blocked:
            memo_of = memos[seat] = (b, blocked, {})
        memo = memo_of[2]
        bmoves = _MOVES
        # an attack's targets depend only on the attacker's hex, range, card and whether it moved, on the other
        # players' units' hexes, the barricades and the open Gate Tokens (which depend on the board, the other
        # players' units and the Gate Tokens), unless it was called off by Stealth or Cleave is half used:
        # remembered while those are the same
        amemo_of = memos.get(~seat)
        if not own:
            amemo_of = _NO_ATTACKS                 # (no unit to list)
        elif (amemo_of is None or amemo_of[0] != far or amemo_of[1] != bar or amemo_of[2] != gate_hexes
                or amemo_of[3] != gate_owners or amemo_of[4] is not b):
            og = self._open_gates(seat, others)
            amemo_of = memos[~seat] = (far, bar, gate_hexes, gate_owners, b, {}, og, frozenset(far),
                                       frozenset([g["hex"] for g in og]), frozenset(bar))
        amemo: dict[tuple, list[Action]] = amemo_of[5]
        open_gates: list[GateData] = amemo_of[6]   # the Gate Tokens ``seat`` may attack (CC-GATE-5, CC-GATE-6)
        far_f, gh_f, bar_f = amemo_of[7], amemo_of[8], amemo_of[9]
        battacks = _ATTACKS
        own.sort(key=_BY_ID)
        idle = 0
        for u in own:
            if u["done"]:                           # nothing more for it this turn: no move, attack or ability
                continue
            key = u["card"]
            name, ability, mobile, mtab, fights, rtab, limit, rungun, special, salvage = _CARD[key]
            h = u["hex"]
            if u["owner"] == seat:                  # :meth:`unit_level`, as :func:`_lv_class`
                lv = held.get(key, 0)
                if lv > 3:
                    lv = 3
            else:
                lv = 1
            moved = u["moved"]
            busy = u["acted"]
            listed = False
            if mobile and not (moved or u["fired"]):      # :meth:`_can_move` (not done: see above)
                mv = mtab[lv]
                buffs = u["buffs"]
                if buffs:
                    for st, add, _until, _seat in buffs:
                        if st == "movement":
                            mv += add
                entry = memo.get((h, mv, key))
                if entry is None:
                    # the same move from another time, on this board or another: where the land within reach
                    # and the blocked hexes in it are the same, the moves are (a game goes back to much the same
                    # places turn after turn, and boards share their grids)
                    ball = b.ball(h, mv)
                    bkey = (h, mv, key, ball, ball & blocked)
                    entry = bmoves.get(bkey)
                    if entry is None:
                        seen = {h}
                        frontier = [h]
                        for _ in range(mv):            # :meth:`_reach` (CC-MOVE-1, CC-MOVE-6, CC-GAP-25)
                            nxt = []
                            for x in frontier:
                                for n in land_nb[x]:
                                    if n not in seen and n not in blocked:
                                        seen.add(n)
                                        nxt.append(n)
                            frontier = nxt
                        seen.discard(h)
                        pairs = []
                        for t in sorted(seen):
                            act = _MOVE_ACTS.get((key, h, t))
                            if act is None:
                                if len(_MOVE_ACTS) >= 4 * _MOVES_KEPT:      # a bound on memory (the browser's too)
                                    _MOVE_ACTS.clear()
                                act = _MOVE_ACTS[key, h, t] = Action(f"move:{h}>{t}", f"Move {name} {h} to {t}", "move")
                            pairs.append((t, act))
                        entry = (frozenset(seen), [a for _t, a in pairs], pairs, {})
                        if len(bmoves) >= _MOVES_KEPT:
                            bmoves.clear()
                        bmoves[bkey] = entry
                    memo[h, mv, key] = entry
                # its own units' hexes may be passed, not ended on: the listing without those in reach,
                # remembered by which of them are
                hit = entry[0] & mine
                if hit:
                    moves = entry[3].get(hit)
                    if moves is None:
                        moves = _moves_without(entry, hit)
                else:
                    moves = entry[1]
                if moves:
                    acts += moves
                    listed = True
            if fights and not busy and u["attacks"] < limit:  # :meth:`_can_attack`
                lo, hi = rtab[lv]
                attacks: list[Action] | None
                if u["blocked"] or (u["targets"] and "cleave" in ability):
                    attacks = [Action(f"attack:{h}>{t}", f"{name} {h} attacks {t}", "attack")
                               for t in self._fast_targets(u, lo, hi, bar, others, open_gates)]
                else:
                    ak = (h, lo, hi, not moved or rungun, key)
                    attacks = amemo.get(ak)
                    if attacks is None:
                        # the same attack from another time on this board: its targets can only be the other
                        # players' units and open Gate Tokens within its range, through the barricades
                        near = disc(h, hi)
                        nf = near & far_f
                        ng = near & gh_f
                        bk = ak + (nf, ng, bar_f)
                        attacks = battacks.get(bk)
                        if attacks is None:
                            attacks = [Action(f"attack:{h}>{t}", f"{name} {h} attacks {t}", "attack")
                                       for t in _near_targets(h, lo, ak[3], nf | ng, bar)]
                            if len(battacks) >= _MOVES_KEPT:
                                battacks.clear()
                            battacks[bk] = attacks
                        amemo[ak] = attacks
                if attacks:
                    listed = True
                    acts += attacks
            if listed:
                idle += 1
            if special and not busy and u["attacks"] == 0:
                if "artillery-shell" in ability:
                    # like an attack's, remembered with the attack facts (unless a target was called off)
                    sk = ("shell", h, not moved or rungun, key)
                    shells = None if u["blocked"] else amemo.get(sk)
                    if shells is None:
                        shells = [Action(f"shell:{h}>{t}", f"{name} {h} fires an Artillery Shell at {t}", "ability")
                                  for t in self._targets(u, shell=True)]
                        if not u["blocked"]:
                            amemo[sk] = shells
                    acts += shells
                if "assassinate" in ability or "corrupt" in ability:
                    # :meth:`_any_in_range`: another player's unit at a distance within its range
                    lo, hi = rtab[lv]
                    near = disc(h, hi)
                    if not far_f.isdisjoint(near) and (lo <= 1 or not far_f.isdisjoint(near - disc(h, lo - 1))):
                        if "assassinate" in ability:
                            acts.append(Action(f"assassinate:{h}", f"{name} {h}: flip a coin to Assassinate", "ability"))
                        if "corrupt" in ability:
                            acts.append(Action(f"corrupt:{h}", f"{name} {h}: flip a coin to Corrupt", "ability"))
                if "portal-wall" in ability and not u["wall"] and res >= WALL_COST:
                    # never on a hex a Gate Token's arrow points at: a Wall never moves and would block that
                    # Gate Token's portals for good (house rule with CC-GAP-17, CC-GAP-21, CC-GAP-49)
                    arrows = self._arrows()
                    acts += [Action(f"wall:{h}>{n}", f"{name} {h} creates a Wall portal on {n} (cost {WALL_COST})",
                                    "ability") for n in land_nb[h] if n not in occ and n not in arrows]
                if "self-destruct" in ability:
                    acts.append(Action(f"selfdestruct:{h}", f"{name} {h} self-destructs", "ability"))
            # only the owner flips for Salvage, in its own Main step: not a player who took the unit by Corrupt
            # (CC-SALV-1, CC-SALV-2, CC-GAP-52)
            if salvage and u["owner"] == seat and not (moved or u["fired"] or u["salv"]):
                acts.append(Action(f"salvage:{h}", f"{name} {h}: flip a coin to Salvage", "ability"))
        free_arrows = sorted([a for a in own_arrows if a not in occ])  # CC-GAP-21
        costs = []
        for key in sorted([k for k in held if k in UNITS], key=_UNIT_ORDER.__getitem__) if free_arrows else ():
            cost = UNITS[key]["cost"]
            if cost <= res:
                costs.append(cost)
                for a in free_arrows:
                    act = _PORTAL_ACTS.get((key, a))
                    if act is None:
                        act = _PORTAL_ACTS[key, a] = Action(f"portal:{key}@{a}", f"Create a {UNITS[key]['name']} portal "
                                                                                 f"at {a} (cost {cost})", "portal")
                    acts.append(act)
        if not d["researched"] and d["stack"] and res >= d["research_cost"]:
            acts.append(Action("research", f"Research: pay {d['research_cost']} to draw a card", "research",
                               confirm=self._research_warning(seat, min(costs) if costs else None)))
        if specials:
            acts += self._specials(seat)
        # ending with units that can still act is probably a slip: the app asks first (issue 16)
        end = _END_ACTS.get(idle)
        if end is None:
            ask = (f"{idle} of your units" if idle > 1 else "One of your units") + " can still move or attack. End the Main step?"
            end = _END_ACTS[idle] = Action("end", "End the Main step", "step", confirm=ask if idle else "")
        acts.append(end)
        return acts

    def _open_gates(self, seat: int, others: list[UnitData]) -> list[GateData]:
        """The other players' Gate Tokens with no unit of a player other than ``seat`` in their territory or
        next to them (:meth:`_gate_open` for every Gate Token at once)."""
        b = self.board
        terr = b.terr
        near: set[str] = set()
        where: set[str | None] = set()
        for v in others:
            near.add(v["hex"])
            where.add(terr.get(v["hex"]))
        return [g for g in self.data["gates"] if g["owner"] != seat and terr[g["hex"]] not in where
                and near.isdisjoint(adjacent(g["hex"]))]

    def _fast_targets(self, u: UnitData, lo: int, hi: int, bar: set[str], others: list[UnitData],
                      open_gates: list[GateData]) -> list[str]:
        """:meth:`_targets` of an attack of ``u`` (range ``lo``-``hi``), given the barricades, the units of the
        other players and the Gate Tokens open to ``u``'s controller."""
        ranged_ok = not u["moved"] or "run-and-gun" in _ABIL[u["card"]]  # CC-MOVE-4, CC-RUNGUN-1
        done = u["targets"]
        cleave = bool(done) and "cleave" in _ABIL[u["card"]]
        blocked = u["blocked"]
        uh = u["hex"]
        out = []
        for v in others:
            vh = v["hex"]
            dist = distance(uh, vh)
            if not lo <= dist <= hi:
                continue
            if dist > 1 and (not ranged_ok or (bar and not bar.isdisjoint(line_of_fire(uh, vh)))):
                continue
            if v["id"] in blocked:  # CC-GAP-28 (others only), CC-GAP-56
                continue
            if cleave and f"u{v['id']}" in done:  # Cleave: two different targets (CC-GAP-47)
                continue
            out.append(vh)
        for g in open_gates:
            gh = g["hex"]
            dist = distance(uh, gh)
            if not lo <= dist <= hi or (dist > 1 and (not ranged_ok or not bar.isdisjoint(line_of_fire(uh, gh)))):
                continue
            if cleave and f"g{gh}" in done:
                continue
            out.append(gh)
        out.sort()
        return out

    def _specials(self, seat: int) -> list[Action]:
        """Special cards playable now: any step of the holder's own turn with a choice (CC-SPEC-2, CC-GAP-39)."""
        d = self.data
        cards = d["cards"]
        acts, seen = [], set()
        for cid in sorted(d["hands"][seat]):
            key = cards[cid]
            if key not in SPECIALS or key in seen:
                continue
            seen.add(key)
            if SPECIALS[key]["effect"] == "grant" and self._step() != "main":
                continue  # Research happens only in the Main step
            acts += self._special_actions(seat, cid, SPECIALS[key])
        return acts

    def _special_actions(self, seat: int, cid: str, sp: SpecialSpec) -> list[Action]:
        d = self.data
        name = sp["name"]
        tgt = sp["target"]
        if sp["effect"] == "grant" and (d["researched"] or d["research_cost"] <= sp["amount"]):
            return []
        if tgt == "none":
            return [Action(f"play:{cid}", f"Play {name}", "card")]
        if tgt == "own-unit":
            out = []
            effect, stat = sp["effect"], sp.get("stat")
            for u in d["units"]:
                if u["ctrl"] != seat:
                    continue
                if effect == "again":
                    ok = u["fired"] and not u["done"]
                elif stat == "movement":                # :meth:`_can_move`
                    ok = not (u["moved"] or u["fired"] or u["done"]) and u["card"] not in _BUILDING
                elif stat == "attack":                  # :func:`can_fight`
                    ok = u["card"] in _FIGHTS
                else:
                    ok = u["owner"] == seat
                if ok:
                    h = u["hex"]
                    act = _PLAY_ACTS.get((cid, name, h, seat, u["card"]))
                    if act is None:
                        if len(_PLAY_ACTS) >= _MOVES_KEPT:
                            _PLAY_ACTS.clear()
                        act = _PLAY_ACTS[cid, name, h, seat, u["card"]] = Action(
                            f"play:{cid}>{h}", f"Play {name} on {self._label(u)}", "card")
                    out.append(act)
            return sorted(out, key=_ACTION_ID)
        if tgt == "enemy-portal":
            return [Action(f"play:{cid}>{p['hex']}", f"Play {name} on the portal at {p['hex']}", "card")
                    for p in sorted(d["portals"], key=lambda p: p["hex"]) if p["owner"] != seat]
        if tgt == "opponent":
            return [Action(f"play:{cid}>{p}", f"Play {name} on {seat_name(p)}", "card")
                    for p in range(self.players) if p != seat and not d["out"][p] and len(d["hands"][p]) > 1]
        return []

    def _act_portal(self, seat: int, arg: str) -> None:
        key, a = arg.split("@")
        d = self.data
        d["resources"][seat] -= UNITS[key]["cost"]
        d["portals"].append({"hex": a, "owner": seat, "card": key, "src": "gate"})
        self.mark(seat, "portal", a)                 # never the unit: it is face down
        self.say(f"{{0}} creates a face-down portal at {a}.", seat, kind="portal")

    def _act_move(self, seat: int, arg: str) -> None:
        src, dst = arg.split(">")
        u = self._unit_on(src)
        u["hex"] = dst
        u["moved"] = True
        self.mark(seat, "move", src, dst, text=UNITS[u["card"]]["name"])
        self.say(f"{{0}} moves {UNITS[u['card']]['name']} {src} to {dst}.", seat, kind="move")

    def _target_key(self, h: str) -> str:
        v = self._unit_at(h)
        return f"u{v['id']}" if v else f"g{h}"

    def _act_attack(self, seat: int, arg: str, how: str = "attack") -> None:
        src, dst = arg.split(">")
        u = self._unit_on(src)
        what = "fires an Artillery Shell at" if how == "shell" else "attacks"
        self.say(f"{unit_ref(u)} {what} {dst}.", u["ctrl"], kind="attack")
        self._strike(how, u["id"], self._target_key(dst), dst)

    def _strike(self, how: str, attacker: int, target: str, pos: str) -> None:
        """An attack of the unit ``attacker`` on ``target`` (``u<id>`` or ``g<hex>``), defended at ``pos``:
        it runs at once, up to the first question it asks."""
        frame = self.flow.push("strike", how=how, attacker=attacker, target=target, pos=pos,
                               stealth=False, scapegoat=False)
        self._f_strike(frame, None, None)

    def _act_shell(self, seat: int, arg: str) -> None:
        self._act_attack(seat, arg, "shell")

    def _act_assassinate(self, seat: int, arg: str, verb: str = "assassinate") -> None:
        u = self._unit_on(arg)
        u["acted"] = u["fired"] = True  # CC-ASSN-5, CC-CORR-5, CC-GAP-31
        if self._coin(seat, verb.capitalize(), u):
            self.flow.push("target", verb=verb, seat=seat, unit=u["id"])
        else:
            self.mark(seat, verb, arg, text=f"{verb.capitalize()}: tails")

    def _act_corrupt(self, seat: int, arg: str) -> None:
        self._act_assassinate(seat, arg, "corrupt")

    def _act_wall(self, seat: int, arg: str) -> None:
        src, dst = arg.split(">")
        u = self._unit_on(src)
        u["acted"] = u["fired"] = u["wall"] = True
        self.data["resources"][seat] -= WALL_COST
        self.data["portals"].append({"hex": dst, "owner": seat, "card": "wall", "src": "wall"})
        self.mark(seat, "wall", src, dst)
        self.say(f"{unit_ref(u)} creates a Wall portal on {dst}.", u["ctrl"], kind="ability")

    def _act_salvage(self, seat: int, arg: str) -> None:
        u = self._unit_on(arg)
        u["salv"] = True
        if self._coin(seat, "Salvage", u):
            self.data["resources"][seat] += 1  # CC-SALV-2
            u["done"] = True
            self.mark(seat, "salvage", arg, text="Salvage: +1 resource")
        else:
            self.mark(seat, "salvage", arg, text="Salvage: tails")

    def _act_selfdestruct(self, seat: int, arg: str) -> None:
        u = self._unit_on(arg)
        u["acted"] = u["fired"] = True
        x = UNITS[u["card"]]["blast"]
        self.say(f"{unit_ref(u)} self-destructs!", u["ctrl"], kind="ability")
        self.mark(seat, "selfdestruct", arg, text=UNITS[u["card"]]["name"])
        self._destroy(u)  # CC-SELFD-2
        victims = sorted((v for v in self.data["units"] if 1 <= distance(u["hex"], v["hex"]) <= x),
                         key=lambda v: v["hex"])
        for v in victims:  # CC-SELFD-3, CC-SELFD-4, CC-GAP-55
            if v in self.data["units"]:
                self._resolve_roll(u, v, "selfdestruct")

    def _act_play(self, seat: int, arg: str) -> None:
        d = self.data
        cid, _, tgt = arg.partition(">")
        sp = SPECIALS[d["cards"][cid]]
        d["hands"][seat].remove(cid)  # CC-SPEC-3, CC-GAP-37
        self._count("cards", seat)
        self.say(f"{{0}} plays {sp['name']}" + (f" on {tgt}." if tgt else "."), seat, kind="card")
        if tgt and not tgt.isdigit():
            self.mark(seat, "card", tgt, text=sp["name"])
        else:
            self.mark(seat, "card", text=sp["name"] + (f" on {seat_name(int(tgt))}" if tgt else ""))
        eff = sp["effect"]
        if eff == "gain":
            d["resources"][seat] += sp["amount"]
        elif eff == "bonds":
            d["resources"][seat] += len(self._controlled(seat))
        elif eff == "buff":
            self._unit_on(tgt)["buffs"].append([sp["stat"], sp["amount"], sp["until"], seat])
        elif eff == "march":
            for u in d["units"]:
                if u["ctrl"] == seat:
                    u["buffs"].append(["movement", sp["amount"], "turn", seat])
        elif eff == "again":
            u = self._unit_on(tgt)
            u["attacks"] = max(0, u["attacks"] - 1)
            u["acted"] = False
        elif eff == "grant":
            d["research_cost"] = sp["amount"]
        elif eff == "sabotage":
            if self._coin(seat, sp["name"]):
                d["portals"].remove(self._portal_at(tgt))
                self.reveal()                             # a face-down portal left (HIDDEN_COUNTED)
                self.mark(seat, "destroyed", tgt, text="portal")
                self.say(f"The face-down portal at {tgt} is destroyed.", kind="destroyed")
        elif eff == "raid":
            victim = int(tgt)
            pool = [c for c in sorted(d["hands"][victim]) if d["cards"][c] in UNITS and c != f"i{victim}"]
            self.reveal()
            if pool:
                c = self.rng.choice(pool)
                d["hands"][victim].remove(c)
                d["hands"][seat].append(c)
                d["drawn"] = [seat, c]
                d["raided"] = [r for r in d["raided"] if r[0] != c] + [[c, victim]]
                self.say("{0} takes a unit card from {1}.", seat, victim, kind="card")
            else:
                self.say("{0} holds no unit card that can be taken.", victim, kind="card")

    # ----------------------------------------------------------------- attacks: frames and questions
    def _f_strike(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """An attack on its way: Stealth, then Scapegoat, then the roll (and a counter attack question)."""
        if choice == "stealth":
            assert seat is not None          # an answer comes from the seat asked
            v = self._unit_by_id(int(frame["target"][1:]))
            if self._coin(seat, "Stealth", v):
                self.say("The attack is called off.", kind="ability")  # CC-STLTH-2
                a = self._unit_by_id(frame["attacker"])
                self.mark(a["ctrl"], frame["how"], a["hex"], v["hex"], text="called off (Stealth)")
                if frame["how"] != "counter":
                    self._unit_by_id(frame["attacker"])["blocked"].append(v["id"])
                self.flow.pop(frame)
                self._after()
                return
        elif choice is not None and choice.startswith("scapegoat:"):
            assert seat is not None
            v = self._unit_by_id(int(frame["target"][1:]))
            w = self._unit_on(choice.partition(":")[2])
            if self._coin(seat, "Scapegoat", v):
                frame["target"] = f"u{w['id']}"  # CC-SCAPE-2, CC-SCAPE-3: pos stays the Scapegoat's hex
                self.say(f"The attack is redirected to {unit_ref(w)}.", w["ctrl"], kind="ability")
        t = frame["target"]
        if t[0] == "u":
            v = self._unit_by_id(int(t[1:]))
            if not frame["stealth"]:
                frame["stealth"] = True
                if has(v, "stealth"):  # CC-STLTH-1, CC-GAP-56
                    self.flow.ask(v["ctrl"], kind="stealth")
                    return
            if not frame["scapegoat"]:
                frame["scapegoat"] = True
                if has(v, "scapegoat") and self._substitutes(v):  # CC-SCAPE-1, CC-GAP-53
                    self.flow.ask(v["ctrl"], kind="scapegoat")
                    return
        self.flow.pop(frame)
        self._roll(frame)
        self._after()

    def _ask_stealth(self, frame: dict, seat: int) -> list[Action]:
        return [Action("stealth", "Flip a coin for Stealth", "prompt"),
                Action("nostealth", "Do not use Stealth", "prompt")]

    def _ask_scapegoat(self, frame: dict, seat: int) -> list[Action]:
        v = self._unit_by_id(int(frame["target"][1:]))
        return [Action(f"scapegoat:{w['hex']}", f"Flip for Scapegoat: {UNITS[w['card']]['name']} {w['hex']} "
                                                 "takes the attack on heads", "prompt")
                for w in self._substitutes(v)] + [Action("noscapegoat", "Do not use Scapegoat", "prompt")]

    def _roll(self, ctx: dict) -> None:
        d = self.data
        a = self._unit_by_id(ctx["attacker"])
        how = ctx["how"]
        if how == "attack":
            a["attacks"] += 1
            a["fired"] = True
            a["targets"].append(ctx["target"])
        elif how == "shell":
            a["acted"] = a["fired"] = True
            if not self._coin(a["ctrl"], "Artillery Shell", a):  # CC-ARTY-2
                self.say("The shell misses.", kind="dice")
                self.mark(a["ctrl"], "shell", a["hex"], ctx["pos"], text="missed (tails)")
                return
        t = ctx["target"]
        if t[0] == "g":
            g = self._gate_at(t[1:])
            assert g is not None             # the target of a strike on its way
            d1, d2 = self.rng.roll(), self.rng.roll()
            atk = self.stat(a, "attack", "gate")
            total = d1 + d2 + atk
            hit = total > GATE_DEFENSE  # CC-GATE-7, CC-GAP-12
            d["roll"] = {"attacker": a["hex"], "target": g["hex"], "dice": [d1, d2], "bonus": atk, "total": total,
                         "defense_dice": None, "defense_bonus": None, "defense_total": GATE_DEFENSE, "hit": hit}
            self.say(f"  {d1}+{d2}+{atk}={total} against the Gate Token's {GATE_DEFENSE}: "
                     f"{'destroyed' if hit else 'holds'}.", kind="dice")
            self.mark(a["ctrl"], how, a["hex"], g["hex"], text="hit" if hit else "miss")
            if hit:
                self.mark(a["ctrl"], "destroyed", g["hex"], text="Gate Token")
                self._count("razed", a["ctrl"])
                self._destroy_gate(g)
            return
        v = self._unit_by_id(int(t[1:]))
        hit = self._resolve_roll(a, v, how)
        if not hit and how == "attack" and self._can_counter(v, a, ctx["pos"]):
            self.flow.push("counter", attacker=v["id"], target=f"u{a['id']}", pos=a["hex"])

    def _f_counter(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """The defender of a missed attack may counter attack (CC-CTR-1, CC-CTR-2)."""
        if choice is None:
            self.flow.ask(self._unit_by_id(frame["attacker"])["ctrl"], kind="counter")
            return
        self.flow.pop(frame)
        if choice == "counter":
            a = self._unit_by_id(frame["attacker"])
            self.new_marks(a["ctrl"])             # a counter attack is that player's new move
            self.say(f"{unit_ref(a)} counter attacks.", a["ctrl"], kind="attack")
            self._strike("counter", frame["attacker"], frame["target"], frame["pos"])
        self._after()

    def _ask_counter(self, frame: dict, seat: int) -> list[Action]:
        return [Action("counter", "Counter attack", "prompt"), Action("nocounter", "Do not counter attack", "prompt")]

    def _resolve_roll(self, a: UnitData, v: UnitData, how: str) -> bool:
        """One dice roll of ``a`` against ``v`` (CC-ATK-3..5, CC-ATK-7); destroys ``v`` on a hit."""
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
        self.data["roll"] = {"attacker": a["hex"], "target": v["hex"], "dice": [d1, d2], "bonus": atk, "total": total,
                             "defense_dice": dd, "defense_bonus": dfn, "defense_total": dtotal, "hit": hit,
                             "kind": how}
        dtxt = f"{dd[0]}+{dd[1]}+{dfn}={dtotal}" if dd else f"its fixed {dfn}"
        self.mark(a["ctrl"], how, a["hex"], v["hex"], text="hit" if hit else "miss")
        if hit:
            self.mark(a["ctrl"], "destroyed", v["hex"], text=UNITS[v["card"]]["name"])
            if v["owner"] != a["ctrl"]:
                self._count("kills", a["ctrl"])
        self.say(f"  {'Counter attack: ' if how == 'counter' else ''}{d1}+{d2}+{atk}={total} against "
                 f"{UNITS[v['card']]['name']} {v['hex']} {dtxt}: {'hit' if hit else 'miss'}.", kind="dice")
        if hit:
            self._destroy(v)
        return hit

    def _can_counter(self, v: UnitData, a: UnitData, pos: str) -> bool:
        """CC-CTR-1, CC-CTR-5, CC-GAP-30: in range (from the defended hex), line of fire clear."""
        if v not in self.data["units"] or a not in self.data["units"] or not can_fight(v):
            return False
        lo, hi = self.urange(v)
        dist = distance(pos, a["hex"])
        if not lo <= dist <= hi:
            return False
        return dist <= 1 or not (line_of_fire(pos, a["hex"]) & self._barricades())

    def _destroy(self, v: UnitData) -> None:
        d = self.data
        d["units"].remove(v)
        self._count("lost", v["owner"])
        self.say(f"{{0}}'s {UNITS[v['card']]['name']} on {v['hex']} is destroyed.", v["owner"], kind="destroyed")
        for f in self.flow.stack:
            if f["kind"] == "portal" and v["id"] in f["queue"]:
                f["queue"].remove(v["id"])
        if has(v, "regenerate") and self._coin(v["owner"], f"Regenerate ({UNITS[v['card']]['name']})"):
            d["portals"].append({"hex": v["hex"], "owner": v["owner"], "card": v["card"], "src": "regen"})
            self.say(f"It falls face down as a portal on {v['hex']}.", kind="ability")  # CC-REGEN-2

    def _destroy_gate(self, g: GateData) -> None:
        d = self.data
        d["gates"].remove(g)
        d["gate_destroyed"] = True
        self.say(f"{{0}}'s Gate Token on {g['hex']} is destroyed.", g["owner"], kind="destroyed")
        p = self._portal_at(g["arrow"])
        if p:  # CC-GATE-11
            d["portals"].remove(p)
            self.reveal()                                 # a face-down portal left (HIDDEN_COUNTED)
            self.say(f"The portal at {g['arrow']} is destroyed with it.", kind="destroyed")

    # --- Assassinate and Corrupt after heads: the target
    def _f_target(self, frame: dict, choice: str | None, seat: int | None) -> None:
        if choice is None:
            self.flow.ask(frame["seat"], kind=frame["verb"])
            return
        self.flow.pop(frame)
        assert seat is not None              # the answer of the seat asked
        if choice != "decline":
            src, dst = choice.partition(":")[2].split(">")
            v = self._unit_on(dst)
            self.mark(seat, frame["verb"], src, dst, text=UNITS[v["card"]]["name"])
            if frame["verb"] == "assassinate":
                self.mark(seat, "destroyed", dst, text=UNITS[v["card"]]["name"])
                self._count("kills", seat)
                cost = UNITS[v["card"]]["cost"]
                self.data["resources"][seat] -= cost
                self.say(f"{{0}} pays {cost} to assassinate {unit_ref(v, 1)}.", seat, v["ctrl"],
                         kind="ability")  # CC-GAP-43
                self._destroy(v)
            else:
                self.say(f"{{0}} takes control of {unit_ref(v, 1)} until the end of the turn.", seat, v["ctrl"],
                         kind="ability")
                v["ctrl"] = seat
        else:
            u = self._uid(frame["unit"])
            self.mark(seat, frame["verb"], *([u["hex"]] if u else []),
                      text=f"{frame['verb'].capitalize()}: heads, no target taken")
        self._after()

    def _ask_assassinate(self, frame: dict, seat: int) -> list[Action]:
        u = self._unit_by_id(frame["unit"])
        verb = frame["verb"]
        res = self.data["resources"][frame["seat"]]
        acts = []
        for v in self._in_range(u):
            cost = UNITS[v["card"]]["cost"]
            if verb == "corrupt" or cost <= res:
                what = f"pay {cost} to destroy" if verb == "assassinate" else "take control of"
                acts.append(Action(f"{verb}:{u['hex']}>{v['hex']}", f"{what.capitalize()} {self._label(v)}", "prompt"))
        acts.append(Action("decline", "Do nothing", "prompt"))
        return acts

    _ask_corrupt = _ask_assassinate

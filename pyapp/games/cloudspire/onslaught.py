"""Cloudspire Onslaught Phase: rounds of turns, each of five stages (CS-ONS-1..4): start of turn,
movement, spires fire, exploration, attack.  A turn is the frame ``turn``; each stage lists its
choices in ``_ask_turn`` and stages with nothing to choose pass at once (CS-GAP-65).
A mixin of :class:`~.rules.CloudspireState`."""
from __future__ import annotations

from ...engine import Action
from .content import RELIC, UNITS, the
from .units import UnitsMixin
# Action(...) made without its Python-level __new__ in the listings that make the most (an Action is a tuple
# underneath: (id, label, kind, confirm)); tests/cloudspire/test_cloudspire_fast_listing.py checks they are equal
_new = tuple.__new__

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import StackEntry, UnitData, UnitRead

ROUND_LIMIT = 30                                  # CS-GAP-66
LIMITED = 2                                       # CS-SOT-4
_INF = float("inf")


def _path_ends(start: str, move: int, steps) -> list:
    """Per number of steps n = 1..``move`` (index n - 1), the hexes where a path of exactly n steps from ``start``
    may end, a path never visiting a hex twice (``steps(h)``: the hexes one may step to from ``h``).  The first
    three steps written out (movement is rarely more), the rest walked."""
    ends: list = [set() for _ in range(move)]
    e1 = ends[0]
    for x1 in steps(start):
        e1.add(x1)
        if move < 2:
            continue
        e2 = ends[1]
        for x2 in steps(x1):
            if x2 == start:
                continue
            e2.add(x2)
            if move < 3:
                continue
            e3 = ends[2]
            for x3 in steps(x2):
                if x3 == start or x3 == x1:
                    continue
                e3.add(x3)
                if move > 3:
                    _walk_on(x3, 3, move, steps, {start, x1, x2, x3}, ends)
    return ends


def _walk_on(h: str, n: int, move: int, steps, path: set, ends: list) -> None:
    """:func:`_path_ends` past three steps: every path on from ``h`` (reached in ``n`` steps along ``path``)."""
    at = ends[n]
    n += 1
    for x in steps(h):
        if x in path:
            continue
        at.add(x)
        if n < move:
            path.add(x)
            _walk_on(x, n, move, steps, path, ends)
            path.discard(x)


class OnslaughtMixin(UnitsMixin):

    # ---- rounds and turns -------------------------------------------------------------------
    def _begin_onslaught(self) -> None:
        d = self.data
        d["round"] += 1
        if d["round"] == 1:
            if any(d["picked"]):                                        # the stacks' tops come into view
                self.reveal()                                           # (HIDDEN_COUNTED)
            d["limited"] = [0] * self.fortresses
            d["camp"] = [[] for _ in range(self.fortresses)]
            self.say("Wave %d: the Onslaught begins" % d["wave"], kind="wave")

    def _begin_turn_onslaught(self, seat) -> None:
        for u in self.data["units"].values():
            if u.get("hit") is not False:
                u["hit"] = False
        for lm in self.data["landmarks"].values():
            if lm.get("hit") is not False:
                lm["hit"] = False
        self.data["hero_moved"] = []
        self.flow.push("turn", seat=seat, stage="start", begun=False, explored=[], stuck=False)

    def in_play_units(self, seat: int, minions_only: bool = False) -> bool:
        d = self.data
        for u in d["units"].values():
            if u["owner"] == seat and (not minions_only or not u.get("hero")):
                return True
        for e in d["stacks"][seat]:
            if not minions_only or "chips" in e:
                return True
        return False

    def active_heroes(self, seat: int) -> list:
        return sorted([uid for uid, u in self.data["units"].items()
                       if u["owner"] == seat and u.get("hero") and not u.get("camp")])

    def _start_of_turn(self, s: int) -> None:
        d = self.data
        # CS-SOT-1/2, CS-GAP-48: campfire check
        holding = {u["owner"] for u in d["units"].values()}              # (in_play_units, for every seat at once)
        out = d.get("out", ())                                          # (in_play)
        stacks = d["stacks"]
        holders = [p for p in range(self.fortresses) if p not in out and (p in holding or stacks[p])]
        if len(holders) == 1:
            p = holders[0]
            newly = False
            for uid, u in d["units"].items():
                if u["owner"] == p and u.get("hero") and not u.get("camp"):
                    u["camp"] = True
                    newly = True
            stack = d["stacks"][p]
            if len(stack) > 1 and any("hero" in e for e in stack):
                self.reveal()                                           # entries below the top leave (HIDDEN_COUNTED)
            for e in [e for e in stack if "hero" in e]:
                stack.remove(e)
                d["camp"][p].append(e["hero"])
                newly = True
            if newly:
                self.say("{0}'s heroes make camp: campfire mode until the end of the wave", p, kind="campfire")
        # start-of-turn talents (CS-SOT-3): they never interact, so they resolve first
        units = d["units"]
        regrow = self.trait(s, "regrowth", 0)                           # CS-GAP-80: every Graft unit
        for uid in sorted([uid for uid, u in units.items() if u["owner"] == s]):
            u = units[uid]
            u["moved"] = u["attacked"] = False
            u["idle"] = False
            t = self.talents(u)
            if (regrow or "regenerate" in t) and u["hp"] < self.stat(u, "health"):
                heal = min(max(regrow, 1 if "regenerate" in t else 0), self.stat(u, "health") - u["hp"])
                u["hp"] += heal
                verb = "regrows" if regrow else "regenerates"
                self.say("{0}'s %s %s %d health" % (self.label(u), verb, heal), s, kind="heal")
            if "forsaken" in t:
                self.forsaken_roll(u)

    def forsaken_roll(self, u: UnitData) -> None:
        """CS-GAP-72: a d6; on 1 or 2 the unit will not attack this turn (it still retaliates).  A unit
        still hidden in its stack at the start of the turn rolls when it leaves the stack."""
        roll = self.rng.roll(6)
        u["idle"] = roll <= 2
        self.say("{0}'s forsaken %s rolls %d%s" % (self.label(u), roll, ": it will not attack this turn"
                                                    if roll <= 2 else ""), u["owner"], kind="forsaken")

    # (frame, choices): what _f_turn has just worked out for the prompt it opened, taken by the next
    # listing of that prompt (_ask_turn) instead of working it out a second time, once: a listing after
    # it works them out again.  On the object only (a copy, an undo, a loaded game start without it).
    _turn_asked: tuple | None = None

    def _f_turn(self, frame, choice, seat) -> None:
        s = frame["seat"]
        self._turn_asked = None
        if choice is None:
            if not frame["begun"]:
                frame["begun"] = True
                self._start_of_turn(s)
            fl = self.data["flow"]
            stack = fl["stack"]
            while True:
                opts = self._turn_options(frame)
                if opts is None:                  # the stage moved on by itself, or the turn ended
                    if fl["outcome"] is not None or not stack or stack[-1] is not frame:   # (the top frame, is_over)
                        return
                    continue
                self.flow.ask(s)
                self._turn_asked = (frame, opts)
                return
        self._turn_choice(frame, choice)

    def _ask_turn(self, frame, seat) -> list[Action]:
        asked = self._turn_asked
        if asked is not None:
            self._turn_asked = None
            if asked[0] is frame:
                return asked[1]
        return self._turn_options(frame, peek=True) or []

    def _turn_options(self, frame, peek: bool = False) -> list[Action] | None:
        """The choices of the current stage; with ``peek`` False a stage that has none moves on
        (and None is returned)."""
        s = frame["seat"]
        st = frame["stage"]
        if st == "start":
            opts = []
            for r in self.data["relics"][s]:
                opts.append(Action("relic:" + r, f"Use the relic {RELIC[r]['name']}: {RELIC[r]['text']}", "relic"))
            if self.data["limited"][s] < LIMITED:                       # CS-SOT-4/5
                opts += self.build_options(s, full=False)
            opts += self.fuse_options(s)
            if not opts:
                d = self.data
                if not peek and not d["stacks"][s] and not any([u["owner"] == s for u in d["units"].values()]):
                    self.end_turn(frame)                                # nothing of its own on the map or in a stack:
                    return None                                         # every later stage has nothing (one step)
                return self._next_stage(frame, "hero1", peek)
            return opts + [Action("go", "Go on to movement", "stage")]
        if st in ("hero1", "hero2"):
            opts = self.hero_moves(s)
            must = self.must_move_top_hero(s, st, opts)
            if not opts:
                return self._next_stage(frame, "minions" if st == "hero1" else "fire", peek)
            if not must:
                opts.append(Action("minions" if st == "hero1" else "fire",
                                   "Move the minions" if st == "hero1" else "End movement", "stage"))
            return opts
        if st == "minions":
            moves = self.minion_moves(frame, peek)
            if moves is None:
                return None
            if not moves:
                return self._next_stage(frame, "hero2", peek)
            return moves
        if st == "fire":
            if peek:
                return []
            frame["stage"] = "explore"
            spires = self.firing_spires(s)
            if spires:                                                  # (none: the fire frame would only pop)
                self.flow.push("fire", seat=s, spires=spires)
            return None
        if st == "explore":
            opts = self.explore_options(frame)
            if not opts:
                return self._next_stage(frame, "attack", peek)
            return opts + [Action("attack", "Stop exploring", "stage")]
        if st == "attack":
            forced: list = []
            opts = self.attack_options(s, forced)
            if not any(a.kind == "attack" for a in opts):
                if peek:
                    return []
                self.end_turn(frame)
                return None
            if not forced[0]:
                able = sorted({a.id.split(":")[1] for a in opts if a.kind == "attack"})
                names = [self.label(self.data["units"][uid]) for uid in able]
                opts.append(Action("end", "End the turn", "stage", confirm=(   # issue 32: units that could still act
                    f"End the turn without attacking? {names[0] if len(names) == 1 else f'{len(names)} of your units'} "
                    f"could still attack." if names else "")))
            return opts
        raise AssertionError(st)

    def _next_stage(self, frame, stage, peek) -> list[Action] | None:
        if peek:
            return []
        frame["stage"] = stage
        return None

    def _turn_choice(self, frame, choice) -> None:
        s = frame["seat"]
        kind, _, rest = choice.partition(":")
        if kind == "go":
            frame["stage"] = "hero1"
        elif kind in ("minions", "fire", "attack"):
            frame["stage"] = {"minions": "minions", "fire": "fire", "attack": "attack"}[kind]
        elif kind == "end":
            self.end_turn(frame)
        elif kind == "relic":
            self.use_relic(s, rest)
        elif kind == "fuse":
            a, b = rest.split(":")
            self.fuse(s, a, b)
        elif kind in ("spire", "up"):
            self.start_build(s, choice, then="limited")
        elif kind == "hero":
            ref, h = rest.split(":")
            self.move_hero(s, ref, h)
        elif kind == "step":
            ref, h = rest.split(":")
            self.move_minion(frame, s, ref, h)
        elif kind == "explore":
            frame["explored"].append(rest)
            self.flow.push("explore", seat=s, hex=rest)
        elif kind == "atk":
            uid, h = rest.split(":")
            self.attack(s, uid, h)

    def end_turn(self, frame) -> None:
        self.flow.pop(frame)
        d = self.data
        holding = {u["owner"] for u in d["units"].values() if not u.get("hero")}   # (in_play_units, minions only)
        out = d.get("out", ())                                          # (in_play)
        if not any(p not in out and (p in holding or any("chips" in e for e in d["stacks"][p]))
                   for p in range(self.fortresses)):
            d["wave_over"] = True                                       # CS-END-1, CS-GAP-66
            self.flow.data["order"] = []
        self.flow.end_turn()

    def _end_onslaught(self) -> None:
        d = self.data
        if d["wave_over"] or d["round"] >= ROUND_LIMIT:
            self.end_wave()

    # ---- Stage 1 -----------------------------------------------------------------------------
    def use_relic(self, s: int, rid: str) -> None:
        r = RELIC[rid]
        self.data["relics"][s].remove(rid)
        self.reveal()                                                   # from a hidden hand (HIDDEN_COUNTED)
        self.data["relic_discard"].append(rid)
        self.say("{0} uses the relic %s" % r["name"], s, kind="relic")
        if r["effect"] == "source":
            self.gain(s, r["amount"], r["name"])
        elif r["effect"] == "heal":
            for uid in self.active_heroes(s):
                u = self.data["units"][uid]
                u["hp"] = min(self.stat(u, "health"), u["hp"] + r["amount"])
        else:
            g = self.data["gate"][s]
            g["health"] = min(g["max"], g["health"] + r["amount"])

    def fusable(self, s: int) -> list:
        """CS-GAP-79: the Shada's ungrouped faction minions on the map (not campfire, not yet fused)."""
        if not self.trait(s, "combine"):
            return []
        return [uid for uid, u in sorted(self.data["units"].items())
                if u["owner"] == s and not u.get("hero") and len(u["chips"]) == 1 and not u.get("fused")
                and UNITS[u["chips"][0]]["faction"] == self.data["factions"][s]]

    def fuse_options(self, s: int) -> list:
        units = self.data["units"]
        free = self.fusable(s)
        out = []
        for i, a in enumerate(free):
            for b in free[i + 1:]:
                if self.map.grid.distance(units[a]["hex"], units[b]["hex"]) == 1:
                    ua, ub = units[a], units[b]
                    out.append(Action(f"fuse:{a}:{b}", f"Combine {the(self.label(ua))} at {ua['hex']} and "
                                                       f"{the(self.label(ub))} at {ub['hex']} into one elemental", "fuse"))
        return out

    def fuse(self, s: int, a: str, b: str) -> None:
        """CS-GAP-79: two adjacent ungrouped Shada minions become one elemental on the first one's hex,
        with their attack and current health summed and the higher movement."""
        units = self.data["units"]
        ua, ub = units[a], units.pop(b)
        ua["chips"] = ua["chips"] + ub["chips"]
        ua["fused"] = True
        ua["hp"] += ub["hp"]
        self.say("{0}'s %s and %s combine into one elemental at %s" % (
            UNITS[ua["chips"][0]]["name"], UNITS[ub["chips"][0]]["name"], ua["hex"]), s, kind="fuse")
        self.mark(s, "fuse", ub["hex"], ua["hex"], text="combined")

    # ---- Stage 2: movement ------------------------------------------------------------------------
    def stack_top(self, s: int) -> StackEntry | None:
        st = self.data["stacks"][s]
        return st[0] if st else None

    def must_move_top_hero(self, s: int, stage: str, listed: list | None = None) -> bool:
        """CS-MOV-3/7: a hero on top of the stack moves before minions beneath it, and after the
        minions it must move in any case, if it has anywhere to go (CS-GAP-47).  ``listed``: ``hero_moves(s)``
        of this very position, when the caller has it (it lists the top hero's moves unless that hero has moved)."""
        top = self.stack_top(s)
        if top is None or "hero" not in top:
            return False
        if stage == "hero1" and not any("chips" in e for e in self.data["stacks"][s]):
            return False
        if listed is not None and top["hero"] not in self.data["hero_moved"]:
            return any(a.id.startswith("hero:top:") for a in listed)
        return bool(self.hero_destinations(s, None, top["hero"]))

    def hero_moves(self, s: int) -> list:
        out = []
        d = self.data
        moved = d["hero_moved"]
        stack = d["stacks"][s]
        top = stack[0] if stack else None
        ctx = None
        if top is not None and "hero" in top and top["hero"] not in moved:
            ctx = self._hero_ctx()
            name = UNITS[top["hero"]]["name"] + " leaves the stack to "
            for h in self.hero_destinations(s, None, top["hero"], ctx):
                out.append(_new(Action, ("hero:top:" + h, name + h, "move", "")))
        units = d["units"]
        free = [uid for uid, u in units.items()                          # (active_heroes not yet moved)
                if u["owner"] == s and u.get("hero") and not u.get("camp") and u["hero"] not in moved]
        if free:
            ctx = ctx or self._hero_ctx()
            for uid in sorted(free):
                u = units[uid]
                pre = f"hero:{uid}:"
                name = f"Move {UNITS[u['hero']]['name']} to "
                for h in self.hero_destinations(s, uid, u["hero"], ctx):
                    out.append(_new(Action, (pre + h, name + h, "move", "")))
        return out

    def _hero_ctx(self) -> tuple:
        """What every hero's destinations read of the position: (land, blocked hexes, owner per unit hex)."""
        return self.land(), self.blocked(), {x["hex"]: x["owner"] for x in self.data["units"].values()}

    def hero_destinations(self, s: int, uid, hero: str | None, ctx: tuple | None = None) -> list:
        """CS-MOV-13/14/15, CS-GAP-9: up to its movement in any direction; it passes friendly units
        but stops on none and never passes opposing units.  ``ctx``: :meth:`_hero_ctx` of this position."""
        u: UnitRead = self.data["units"][uid] if uid else {"owner": s, "hero": hero}
        start = u["hex"] if uid else self.gate_hex(s)
        allowed = self.allowance(u)
        _land, blocked, owner = ctx or self._hero_ctx()
        move = self.stat(u, "move")
        terrain = self.steps_for(frozenset(allowed))

        steps_from = self.steps_from

        def reach(start) -> set:
            seen = {start}
            frontier = [start]
            out = set()
            for _ in range(move):                                       # breadth first, a step at a time
                nxt = []
                for h in frontier:
                    for x in terrain.get(h) or steps_from(h, allowed):
                        if x in seen:
                            continue
                        seen.add(x)
                        if x in blocked:
                            continue
                        other = owner.get(x)
                        if other is None:
                            out.add(x)
                        elif other != s:
                            continue
                        nxt.append(x)
                if not nxt:
                    break
                frontier = nxt
            return out

        out = reach(start)
        if not uid:                                                     # CS-GAP-76: or from a hex beside the gate
            for x in self.launch_hexes(s, allowed):
                out |= {x} | reach(x)
        return sorted(out)

    def launch_hexes(self, s: int, allowed: set | frozenset) -> list:
        """CS-GAP-76: an airship's deployment stack may start on the gate or on any valid hex beside it
        (land the unit may enter, nothing standing on it)."""
        if not self.trait(s, "airship"):
            return []
        land = self.land()
        return [x for x in sorted(self.map.grid.adjacent(self.gate_hex(s)))
                if not self.solid(x) and land.get(x) in allowed and self.unit_at(x) is None]

    def move_hero(self, s: int, ref: str, h: str) -> None:
        d = self.data
        if ref == "top":
            e = d["stacks"][s].pop(0)
            start = self.gate_hex(s)
            uid = self.new_unit(s, hero=e["hero"], h=h)
            self.show_equipment(s, e["hero"])
        else:
            uid = ref
            start = d["units"][uid]["hex"]
            d["units"][uid]["hex"] = h
        u = d["units"][uid]
        assert u["hero"] is not None                                    # a hero moved
        d["hero_moved"].append(u["hero"])
        self.say("{0}'s %s moves to %s" % (UNITS[u["hero"]]["name"], h), s, kind="move")
        self.mark(s, "move", start, h, text=UNITS[u["hero"]]["name"])
        if ref == "top":
            self.top_changed(s)

    def new_unit(self, s: int, h: str, hero=None, chips=None) -> str:
        d = self.data
        uid = "u%d" % d["next_id"]
        d["next_id"] += 1
        u: UnitData = {"owner": s, "hero": hero, "chips": list(chips or []), "hex": h, "hp": 0, "moved": False,
             "attacked": False, "hit": False, "idle": False, "camp": False}
        u["hp"] = self.stat(u, "health")                               # CS-STK-5/7
        d["units"][uid] = u
        return uid

    def top_changed(self, s: int) -> None:
        top = self.stack_top(s)
        if top is not None:
            self.reveal()                                               # the stack's new top (HIDDEN_COUNTED)
            name = UNITS[top.get("hero") or top["chips"][0]]["name"]
            self.say("{0}'s stack now shows %s on top" % name, s, kind="reveal")

    def mark_gate(self, s: int) -> str:
        mark = self.data["marks"][s]
        assert mark is not None                                         # marked in the Mark Phase
        return self.gate_hex(mark)

    # (what the minion moves of one turn share, see minion_moves): on the object only, never in the data
    _minion_ctx: tuple | None = None

    def minion_moves(self, frame, peek: bool) -> list[Action] | None:
        """CS-MOV-4/5, CS-GAP-45: the leading minion (closest to the mark, not moved) moves next;
        among ties the owner chooses; a stack's top leads for the stack."""
        s = frame["seat"]
        d = self.data
        units = d["units"]
        mine = [uid for uid, u in units.items() if u["owner"] == s and not u.get("hero") and not u["moved"]]
        stack = d["stacks"][s]
        top = stack[0] if stack else None
        if top is not None and ("chips" not in top or frame["stuck"]):
            top = None
        if not mine and top is None:
            return []
        cands: list[tuple[float, str, UnitRead, dict, frozenset]] = []
        here = {x["hex"]: x for x in units.values()}
        u: UnitRead
        # the mark, the blocked hexes and the march maps stay the same through a turn's minion moves (only spires,
        # landmarks and gates block, and none of them changes while minions move): kept for the frame, checked
        # against the spires, landmarks and gates standing
        fixed = (frame, tuple(d["spires"]), tuple(d["landmarks"]), tuple(d.get("gate_at") or ()), d["marks"][s],
                 len(d["scape_terrain"]))
        kept = self._minion_ctx
        if kept is not None and kept[0] == fixed and kept[0][0] is frame:
            target, blocked, marches = kept[1], kept[2], kept[3]
        else:
            target = self.mark_gate(s)
            blocked = frozenset(self.blocked())
            marches = {}                                                # march maps by allowance
            self._minion_ctx = (fixed, target, blocked, marches)
        for uid in sorted(mine):
            u = units[uid]
            allowed = frozenset(self.allowance(u))                     # (the same object when shared)
            dist = marches.get(allowed)
            if dist is None:
                dist = marches[allowed] = self.march_distance(allowed, target, blocked)
            h = u["hex"]
            cands.append((dist[h] if h in dist else self.distance_from(dist, h), uid, u, dist, allowed))
        if top is not None:
            u = {"owner": s, "hero": None, "chips": top["chips"], "hex": self.gate_hex(s)}
            allowed = frozenset(self.allowance(u))
            dist = marches.get(allowed)
            if dist is None:
                dist = marches[allowed] = self.march_distance(allowed, target, blocked)
            cands.append((self.distance_from(dist, u["hex"]), "top", u, dist, allowed))
        best = min(c[0] for c in cands)
        options = []
        for cur, ref, u, dist, allowed in cands:
            if cur != best:
                continue
            ends = self.minion_destinations(s, u, dist, cur, blocked, here, allowed)
            if ref == "top":                                            # CS-GAP-76: or from beside the gate
                more = set(ends)
                for x in self.launch_hexes(s, allowed):
                    more |= set(self.minion_destinations(s, dict(u, hex=x), dist, self.distance_from(dist, x), blocked,
                                                         here, allowed))
                ends = sorted(more)
            if not ends:
                if peek:
                    continue
                self.stay(frame, ref, u)                                # nowhere to go: it stays (CS-GAP-44)
                return None
            pre = f"step:{ref}:"
            name = f"Move {self.label(u)} from {u['hex']} to "
            for h in ends:
                options.append(_new(Action, (pre + h, name + h, "move", "")))
        if not peek and len(options) == 1:
            self._turn_choice(frame, options[0].id)                     # a single legal move is made at once
            return None
        return options

    def stay(self, frame, ref, u) -> None:
        if ref == "top":
            frame["stuck"] = True                                       # CS-GAP-42: it cannot leave; those under it wait
        else:
            u["moved"] = True

    def minion_destinations(self, s: int, u: UnitRead, dist: dict, cur, blocked=None, here=None,
                            allowed=None) -> list:
        """CS-MOV-9..11, CS-GAP-43/44: the full movement ending closer; else the most hexes that
        still end closer; else a lateral move (as long as possible); else none.  A minion next to
        its marked gate stays.  It never enters or passes opposing units or friendly minions; it may
        pass a friendly hero and end on one (displacing it, CS-MOV-12).  ``blocked``: :meth:`blocked`, ``here``
        the units by hex and ``allowed`` the unit's :meth:`allowance`, when the caller has them."""
        if cur <= 1 or cur == _INF:
            return []                                                   # next to the mark, or no way there
        if allowed is None:
            allowed = self.allowance(u)
        move = self.stat(u, "move")
        if move <= 0:
            return []
        if blocked is None:
            blocked = self.blocked()
        if here is None:
            here = {x["hex"]: x for x in self.data["units"].values()}
        slip = bool(self.trait(s, "slip"))                              # CS-GAP-73: Griege minions slip through
        stop = set(blocked)                                             # hexes it may not enter
        foes = set()                                                    # hexes it may pass (slip) but not end on
        for h, o in here.items():
            if o["owner"] != s:
                if slip:
                    foes.add(h)
                else:
                    stop.add(h)
            elif not o.get("hero"):
                stop.add(h)                                             # only a friendly hero may be passed
        terrain = self.steps_for(frozenset(allowed))
        nexts: dict = {}                                                # the hexes one may step to from a hex

        def steps(h) -> list:
            got = nexts.get(h)
            if got is None:
                got = nexts[h] = [x for x in terrain.get(h) or self.steps_from(h, allowed) if x not in stop]
            return got

        ends = _path_ends(u["hex"], move, steps)                        # every path of up to ``move`` steps
        for n in range(move - 1, -1, -1):
            closer = sorted([h for h in ends[n] if h not in foes and dist.get(h, _INF) < cur])
            if closer:
                return closer
        for n in range(move - 1, -1, -1):
            side = sorted([h for h in ends[n] if h not in foes and dist.get(h, _INF) == cur])
            if side:
                return side
        return []

    def move_minion(self, frame, s: int, ref: str, h: str) -> None:
        d = self.data
        if ref == "top":
            e = d["stacks"][s].pop(0)
            start = self.gate_hex(s)
            uid = self.new_unit(s, chips=e["chips"], h=start)
        else:
            uid = ref
            start = d["units"][uid]["hex"]
        u = d["units"][uid]
        hero = self.unit_at(h)
        u["hex"] = h
        u["moved"] = True
        self.say("{0}'s %s moves from %s to %s" % (self.label(u), start, h), s, kind="move")
        self.mark(s, "move", start, h, text=self.label(u))
        if ref == "top":
            if "forsaken" in self.talents(u):
                self.forsaken_roll(u)
            self.top_changed(s)
        if hero is not None and hero != uid:
            self.flow.push("displace", seat=s, uid=hero, start=start)

    def _f_displace(self, frame, choice, seat) -> None:
        """CS-GAP-46: the displaced hero goes to an adjacent valid hex its owner chooses (into the
        minion's start hex if there is none); this is not the hero's move."""
        d = self.data
        u = d["units"][frame["uid"]]
        if choice is None:
            allowed = self.allowance(u)
            opts = [x for x in self.map.grid.adjacent(u["hex"])
                    if not self.solid(x) and self.terrain(x) in allowed and self.unit_at(x) is None]
            if not opts:
                self.flow.pop(frame)
                if frame["start"] == self.gate_hex(frame["seat"]):
                    del d["units"][frame["uid"]]
                    d["stacks"][frame["seat"]].insert(0, {"hero": u["hero"]})
                else:
                    u["hex"] = frame["start"]
                return
            name = UNITS[u["hero"]]["name"]
            self.flow.ask(frame["seat"], [("push:" + x, f"{name} steps aside to {x}") for x in sorted(opts)])
            return
        self.flow.pop(frame)
        start, u["hex"] = u["hex"], choice.split(":")[1]
        self.say("{0}'s %s steps aside to %s" % (UNITS[u["hero"]]["name"], u["hex"]), frame["seat"], kind="move")
        self.mark(frame["seat"], "move", start, u["hex"], text=UNITS[u["hero"]]["name"])

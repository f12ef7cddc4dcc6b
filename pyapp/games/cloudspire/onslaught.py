"""Cloudspire Onslaught Phase: rounds of turns, each of five stages (CS-ONS-1..4): start of turn,
movement, spires fire, exploration, attack.  A turn is the frame ``turn``; each stage lists its
choices in ``_ask_turn`` and stages with nothing to choose pass at once (CS-GAP-65).
A mixin of :class:`~.rules.CloudspireState`."""
from __future__ import annotations

from ...engine import Action
from .content import LANDMARKS, RELIC, SPIRES, UNITS
from .deploy import DeployMixin
from .units import DIE

ROUND_LIMIT = 30                                  # CS-GAP-66
LIMITED = 2                                       # CS-SOT-4


class OnslaughtMixin(DeployMixin):

    # ---- rounds and turns -------------------------------------------------------------------
    def _begin_onslaught(self):
        d = self.data
        d["round"] += 1
        if d["round"] == 1:
            d["limited"] = [0] * self.players
            d["camp"] = [[] for _ in range(self.players)]
            self.say("Wave %d: the Onslaught begins" % d["wave"], kind="wave")

    def _begin_turn_onslaught(self, seat):
        for u in self.data["units"].values():
            u["hit"] = False
        for lm in self.data["landmarks"].values():
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
        return [uid for uid, u in sorted(self.data["units"].items())
                if u["owner"] == seat and u.get("hero") and not u.get("camp")]

    def _start_of_turn(self, s: int) -> None:
        d = self.data
        # CS-SOT-1/2, CS-GAP-48: campfire check
        holders = [p for p in range(self.players) if self.in_play(p) and self.in_play_units(p)]
        if len(holders) == 1:
            p = holders[0]
            newly = False
            for uid, u in d["units"].items():
                if u["owner"] == p and u.get("hero") and not u.get("camp"):
                    u["camp"] = True
                    newly = True
            stack = d["stacks"][p]
            for e in [e for e in stack if "hero" in e]:
                stack.remove(e)
                d["camp"][p].append(e["hero"])
                newly = True
            if newly:
                self.say("{0}'s heroes make camp: campfire mode until the end of the wave", p, kind="campfire")
        # start-of-turn talents (CS-SOT-3): they never interact, so they resolve first
        for uid, u in sorted(d["units"].items()):
            if u["owner"] != s:
                continue
            u["moved"] = u["attacked"] = False
            u["idle"] = False
            t = self.talents(u)
            if "regenerate" in t and u["hp"] < self.stat(u, "health"):
                u["hp"] += 1
                self.say("{0}'s %s regenerates 1 health" % self.label(u), s, kind="heal")
            if "forsaken" in t:
                self.forsaken_roll(u)

    def forsaken_roll(self, u: dict) -> None:
        """CS-GAP-72: a d6; on 1 or 2 the unit will not attack this turn (it still retaliates).  A unit
        still hidden in its stack at the start of the turn rolls when it leaves the stack."""
        roll = self.rng.roll(6)
        u["idle"] = roll <= 2
        self.say("{0}'s forsaken %s rolls %d%s" % (self.label(u), roll, ": it will not attack this turn"
                                                    if roll <= 2 else ""), u["owner"], kind="forsaken")

    def _f_turn(self, frame, choice, seat):
        s = frame["seat"]
        if choice is None:
            if not frame["begun"]:
                frame["begun"] = True
                self._start_of_turn(s)
            while True:
                opts = self._turn_options(frame)
                if opts is None:                  # the stage moved on by itself, or the turn ended
                    if self.flow.top is not frame or self.is_over:
                        return
                    continue
                self.flow.ask(s)
                return
        self._turn_choice(frame, choice)

    def _ask_turn(self, frame, seat):
        return self._turn_options(frame, peek=True) or []

    def _turn_options(self, frame, peek: bool = False):
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
            if not opts:
                return self._next_stage(frame, "hero1", peek)
            return opts + [Action("go", "Go on to movement", "stage")]
        if st in ("hero1", "hero2"):
            opts = self.hero_moves(s)
            must = self.must_move_top_hero(s, st)
            if not opts:
                return self._next_stage(frame, "minions" if st == "hero1" else "fire", peek)
            if not must:
                opts.append(Action("minions" if st == "hero1" else "fire",
                                   "Move the minions" if st == "hero1" else "End movement", "stage"))
            return opts
        if st == "minions":
            opts = self.minion_moves(frame, peek)
            if opts is None:
                return None
            if not opts:
                return self._next_stage(frame, "hero2", peek)
            return opts
        if st == "fire":
            if peek:
                return []
            frame["stage"] = "explore"
            self.flow.push("fire", seat=s, spires=self.firing_spires(s))
            return None
        if st == "explore":
            opts = self.explore_options(frame)
            if not opts:
                return self._next_stage(frame, "attack", peek)
            return opts + [Action("attack", "Stop exploring", "stage")]
        if st == "attack":
            opts = self.attack_options(s)
            if not any(a.kind == "attack" for a in opts):
                if peek:
                    return []
                self.end_turn(frame)
                return None
            if not self.minions_must_attack(s):
                opts.append(Action("end", "End the turn", "stage"))
            return opts
        raise AssertionError(st)

    def _next_stage(self, frame, stage, peek):
        if peek:
            return []
        frame["stage"] = stage
        return None

    def _turn_choice(self, frame, choice):
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

    def end_turn(self, frame):
        self.flow.pop(frame)
        d = self.data
        if not any(self.in_play(p) and self.in_play_units(p, minions_only=True) for p in range(self.players)):
            d["wave_over"] = True                                       # CS-END-1, CS-GAP-66
            self.flow.data["order"] = []
        self.flow.end_turn()

    def _end_onslaught(self):
        d = self.data
        if d["wave_over"] or d["round"] >= ROUND_LIMIT:
            self.end_wave()

    # ---- Stage 1 -----------------------------------------------------------------------------
    def use_relic(self, s: int, rid: str) -> None:
        r = RELIC[rid]
        self.data["relics"][s].remove(rid)
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

    # ---- Stage 2: movement ------------------------------------------------------------------------
    def stack_top(self, s: int):
        st = self.data["stacks"][s]
        return st[0] if st else None

    def must_move_top_hero(self, s: int, stage: str) -> bool:
        """CS-MOV-3/7: a hero on top of the stack moves before minions beneath it, and after the
        minions it must move in any case, if it has anywhere to go (CS-GAP-47)."""
        top = self.stack_top(s)
        if top is None or "hero" not in top:
            return False
        if stage == "hero1" and not any("chips" in e for e in self.data["stacks"][s]):
            return False
        return bool(self.hero_destinations(s, None, top["hero"]))

    def hero_moves(self, s: int) -> list:
        out = []
        moved = self.data["hero_moved"]
        top = self.stack_top(s)
        if top is not None and "hero" in top and top["hero"] not in moved:
            for h in self.hero_destinations(s, None, top["hero"]):
                out.append(Action(f"hero:top:{h}", f"{UNITS[top['hero']]['name']} leaves the stack to {h}", "move"))
        for uid in self.active_heroes(s):
            u = self.data["units"][uid]
            if u["hero"] in moved:
                continue
            for h in self.hero_destinations(s, uid, u["hero"]):
                out.append(Action(f"hero:{uid}:{h}", f"Move {UNITS[u['hero']]['name']} to {h}", "move"))
        return out

    def hero_destinations(self, s: int, uid, hero: str) -> list:
        """CS-MOV-13/14/15, CS-GAP-9: up to its movement in any direction; it passes friendly units
        but stops on none and never passes opposing units."""
        u = self.data["units"][uid] if uid else {"owner": s, "hero": hero}
        start = u["hex"] if uid else self.gate_hex(s)
        allowed = self.allowance(u)
        grid = self.map.grid
        land, blocked = self.land(), self.blocked()
        owner = {x["hex"]: x["owner"] for x in self.data["units"].values()}
        move = self.stat(u, "move")
        seen = {start: 0}
        todo = [start]
        out = set()
        while todo:
            h = todo.pop(0)
            if seen[h] >= move:
                continue
            for x in grid.adjacent(h):
                if x in seen or x in blocked or land.get(x) not in allowed:
                    continue
                other = owner.get(x)
                if other is not None and other != s:
                    continue
                seen[x] = seen[h] + 1
                todo.append(x)
                if other is None:
                    out.add(x)
        return sorted(out)

    def move_hero(self, s: int, ref: str, h: str) -> None:
        d = self.data
        if ref == "top":
            e = d["stacks"][s].pop(0)
            uid = self.new_unit(s, hero=e["hero"], h=h)
        else:
            uid = ref
            d["units"][uid]["hex"] = h
        u = d["units"][uid]
        d["hero_moved"].append(u["hero"])
        self.say("{0}'s %s moves to %s" % (UNITS[u["hero"]]["name"], h), s, kind="move")
        if ref == "top":
            self.top_changed(s)

    def new_unit(self, s: int, h: str, hero=None, chips=None) -> str:
        d = self.data
        uid = "u%d" % d["next_id"]
        d["next_id"] += 1
        u = {"owner": s, "hero": hero, "chips": list(chips or []), "hex": h, "hp": 0, "moved": False,
             "attacked": False, "hit": False, "idle": False, "camp": False}
        u["hp"] = self.stat(u, "health")                               # CS-STK-5/7
        d["units"][uid] = u
        return uid

    def top_changed(self, s: int) -> None:
        top = self.stack_top(s)
        if top is not None:
            self.reveal()
            name = UNITS[top.get("hero") or top["chips"][0]]["name"]
            self.say("{0}'s stack now shows %s on top" % name, s, kind="reveal")

    def mark_gate(self, s: int) -> str:
        return self.gate_hex(self.data["marks"][s])

    def minion_moves(self, frame, peek: bool):
        """CS-MOV-4/5, CS-GAP-45: the leading minion (closest to the mark, not moved) moves next;
        among ties the owner chooses; a stack's top leads for the stack."""
        s = frame["seat"]
        d = self.data
        target = self.mark_gate(s)
        cands = []
        for uid, u in sorted(d["units"].items()):
            if u["owner"] == s and not u.get("hero") and not u["moved"]:
                dist = self.march_distance(self.allowance(u), target)
                cands.append((self.distance_from(dist, u["hex"]), uid, u, dist))
        top = self.stack_top(s)
        if top is not None and "chips" in top and not frame["stuck"]:
            u = {"owner": s, "hero": None, "chips": top["chips"], "hex": self.gate_hex(s)}
            dist = self.march_distance(self.allowance(u), target)
            cands.append((self.distance_from(dist, u["hex"]), "top", u, dist))
        if not cands:
            return []
        best = min(c[0] for c in cands)
        leaders = [c for c in cands if c[0] == best]
        options = []
        for cur, ref, u, dist in leaders:
            ends = self.minion_destinations(s, u, dist, cur)
            if not ends:
                if peek:
                    continue
                self.stay(frame, ref, u)                                # nowhere to go: it stays (CS-GAP-44)
                return None
            for h in ends:
                options.append(Action(f"step:{ref}:{h}", f"Move {self.label(u)} from {u['hex']} to {h}", "move"))
        if not peek and len(options) == 1:
            self._turn_choice(frame, options[0].id)                     # a single legal move is made at once
            return None
        return options

    def stay(self, frame, ref, u) -> None:
        if ref == "top":
            frame["stuck"] = True                                       # CS-GAP-42: it cannot leave; those under it wait
        else:
            u["moved"] = True

    def minion_destinations(self, s: int, u: dict, dist: dict, cur) -> list:
        """CS-MOV-9..11, CS-GAP-43/44: the full movement ending closer; else the most hexes that
        still end closer; else a lateral move (as long as possible); else none.  A minion next to
        its marked gate stays.  It never enters or passes opposing units or friendly minions; it may
        pass a friendly hero and end on one (displacing it, CS-MOV-12)."""
        if cur <= 1 or cur == float("inf"):
            return []                                                   # next to the mark, or no way there
        grid = self.map.grid
        allowed = self.allowance(u)
        move = self.stat(u, "move")
        land, blocked = self.land(), self.blocked()
        here = {x["hex"]: x for x in self.data["units"].values()}
        ends: dict = {}

        def walk(h, path):
            n = len(path) - 1
            if n:
                ends.setdefault(n, set()).add(h)
            if n == move:
                return
            for x in grid.adjacent(h):
                if x in path or x in blocked or land.get(x) not in allowed:
                    continue
                o = here.get(x)
                if o is not None and (o["owner"] != s or not o.get("hero")):
                    continue                                            # only a friendly hero may be passed
                walk(x, path + [x])

        walk(u["hex"], [u["hex"]])
        for n in range(move, 0, -1):
            closer = sorted(h for h in ends.get(n, ()) if dist.get(h, float("inf")) < cur)
            if closer:
                return closer
        for n in range(move, 0, -1):
            side = sorted(h for h in ends.get(n, ()) if dist.get(h, float("inf")) == cur)
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
        if ref == "top":
            if "forsaken" in self.talents(u):
                self.forsaken_roll(u)
            self.top_changed(s)
        if hero is not None and hero != uid:
            self.flow.push("displace", seat=s, uid=hero, start=start)

    def _f_displace(self, frame, choice, seat):
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
        u["hex"] = choice.split(":")[1]
        self.say("{0}'s %s steps aside to %s" % (UNITS[u["hero"]]["name"], u["hex"]), frame["seat"], kind="move")

    # ---- Stage 3: spires fire (CS-FIRE-1..9) --------------------------------------------------------
    def firing_spires(self, s: int) -> list:
        order = self.opponents(s)                                       # CS-GAP-3: the left is the next seat
        return [sid for p in order for sid, sp in sorted(self.data["spires"].items()) if sp["owner"] == p]

    def spire_targets(self, sid: str, s: int) -> list:
        """CS-GAP-51: the current player's units on the map (not stacked, not campfire heroes)."""
        sp = self.data["spires"][sid]
        rng = self.reach_map(sp["hex"], self.spire_range(sid))
        return [uid for uid, u in sorted(self.data["units"].items())
                if u["owner"] == s and not u.get("camp") and u["hex"] in rng]

    def _f_fire(self, frame, choice, seat):
        d = self.data
        s = frame["seat"]
        while frame["spires"]:
            sid = frame["spires"][0]
            if sid not in d["spires"] or self.dice(sid) == 0:
                frame["spires"].pop(0)
                continue
            targets = self.spire_targets(sid, s)
            if not targets:
                frame["spires"].pop(0)
                continue
            owner = d["spires"][sid]["owner"]
            if choice is None and len(targets) > 1:                     # CS-FIRE-5: the owner chooses
                name = SPIRES[d["spires"][sid]["type"]]["name"]
                self.flow.ask(owner, [("shoot:" + t, f"{name} at {d['spires'][sid]['hex']} shoots "
                                       f"{self.label(d['units'][t])} at {d['units'][t]['hex']}") for t in targets])
                return
            target = choice.split(":")[1] if choice else targets[0]
            choice = None
            frame["spires"].pop(0)
            self.spire_shot(sid, target)
            if self.flow.top is not frame:
                return
        self.flow.pop(frame)

    def spire_shot(self, sid: str, uid: str) -> None:
        d = self.data
        sp = d["spires"][sid]
        rolls = [DIE[self.rng.below(6)] for _ in range(self.dice(sid))]   # CS-FIRE-6/7
        u = d["units"][uid]
        dmg = sum(rolls)
        if "ward" in self.talents(u):
            dmg = max(0, dmg - 1)
        self.say("{0}'s %s fires at {1}'s %s: dice %s, %d damage" % (
            SPIRES[sp["type"]]["name"], self.label(u), " ".join(map(str, rolls)), dmg), sp["owner"], u["owner"],
            kind="fire")
        self.damage_unit(uid, dmg, sp["owner"])

    # ---- Stage 4: exploration (CS-EXP-1..7) ----------------------------------------------------------
    def explore_options(self, frame) -> list:
        s = frame["seat"]
        grid = self.map.grid
        near = set()
        for u in self.data["units"].values():
            if u["owner"] == s and not u.get("camp"):
                near.update(grid.adjacent(u["hex"]))
        out = []
        for h, lm in sorted(self.data["landmarks"].items()):
            if h in near and not lm["up"] and h not in frame["explored"]:
                out.append(Action("explore:" + h, f"Explore the landmark at {h}", "explore"))
        return out

    def _f_explore(self, frame, choice, seat):
        lm = self.data["landmarks"][frame["hex"]]
        s = frame["seat"]
        if choice is None:
            self.reveal()                                               # CS-EXP-3: the explorer looks
            if s not in lm["known"]:
                lm["known"].append(s)
                lm["known"].sort()
            self.say("{0} explores the landmark at %s" % frame["hex"], s, kind="explore")
            name = LANDMARKS["kinds"][lm["tile"]]["name"]
            self.flow.ask(s, [("reveal", f"Reveal the {name}"), ("leave", "Leave it facedown")])
            return
        self.flow.pop(frame)
        if choice == "leave":
            self.say("{0} leaves the landmark at %s facedown" % frame["hex"], s, kind="explore")
            return
        kind = LANDMARKS["kinds"][lm["tile"]]
        lm["up"] = True
        self.say("{0} reveals the landmark at %s: %s" % (frame["hex"], kind["name"]), s, kind="explore")
        if "health" in kind:
            lm["health"] = kind["health"]                               # CS-EXP-5
        if "source" in kind:
            self.gain(s, kind["source"], kind["name"])
        if "relic" in kind:
            d = self.data
            if d["relic_deck"]:
                d["relics"][s].append(d["relic_deck"].pop())
                self.say("{0} draws a relic", s, kind="relic")

    # ---- Stage 5: attack (CS-ATK-1..17) ---------------------------------------------------------------
    def targets_of(self, s: int, uid: str) -> list:
        """CS-ATK-4, CS-GAP-55: adjacent (with Reach, 2 hexes away) opposing units on the map, opposing
        spires and gates, and revealed landmarks with health."""
        d = self.data
        u = d["units"][uid]
        reach = 2 if "reach" in self.talents(u) else 1
        out = []
        for h in sorted(self.reach_map(u["hex"], reach)):
            if h == u["hex"]:
                continue
            other = self.unit_at(h)
            if other is not None:
                o = d["units"][other]
                if o["owner"] != s and not o.get("camp"):
                    out.append(h)
                continue
            sid = self.spire_at(h)
            if sid is not None:
                if d["spires"][sid]["owner"] != s:
                    out.append(h)
                continue
            if h in self.map.gates:
                p = self.map.gates.index(h)
                if p != s and self.in_play(p):
                    out.append(h)
                continue
            lm = d["landmarks"].get(h)
            if lm is not None and lm["up"] and lm.get("health", 0) > 0:
                out.append(h)
        return out

    def attackers(self, s: int) -> list:
        return [uid for uid, u in sorted(self.data["units"].items())
                if u["owner"] == s and not u["attacked"] and not u.get("idle") and not u.get("camp")]

    def minions_must_attack(self, s: int) -> bool:
        """CS-ATK-2: a minion with a valid target must attack (heroes may decline, CS-ATK-3)."""
        return any(not self.data["units"][uid].get("hero") and self.targets_of(s, uid) for uid in self.attackers(s))

    def attack_options(self, s: int) -> list:
        out = []
        for uid in self.attackers(s):
            u = self.data["units"][uid]
            for h in self.targets_of(s, uid):
                out.append(Action(f"atk:{uid}:{h}", f"{self.label(u)} at {u['hex']} attacks {self.describe(h)}", "attack"))
        return out

    def describe(self, h: str) -> str:
        d = self.data
        other = self.unit_at(h)
        if other is not None:
            return f"P{d['units'][other]['owner'] + 1}'s {self.label(d['units'][other])} at {h}"
        sid = self.spire_at(h)
        if sid is not None:
            return f"P{d['spires'][sid]['owner'] + 1}'s {SPIRES[d['spires'][sid]['type']]['name']} at {h}"
        if h in self.map.gates:
            return f"the gate of P{self.map.gates.index(h) + 1}"
        return f"the {LANDMARKS['kinds'][d['landmarks'][h]['tile']]['name']} at {h}"

    def attack(self, s: int, uid: str, h: str) -> None:
        d = self.data
        u = d["units"][uid]
        u["attacked"] = True                                            # CS-ATK-5
        atk = self.stat(u, "attack")
        siege = 1 if "siege" in self.talents(u) else 0
        other = self.unit_at(h)
        if other is not None:                                           # CS-ATK-6..12
            o = d["units"][other]
            first = not o["hit"]
            o["hit"] = True
            self.say("{0}'s %s attacks {1}'s %s for %d" % (self.label(u), self.label(o), atk), s, o["owner"], kind="attack")
            chips = len(o["chips"])
            gone = self.damage_unit(other, atk, s, uid)
            survived = not gone and (o.get("hero") or len(o["chips"]) == chips)
            if first and survived:                                      # CS-ATK-9/10, CS-GAP-52
                back = self.stat(o, "attack")
                self.say("{0}'s %s retaliates for %d" % (self.label(o), back), o["owner"], kind="retaliate")
                self.damage_unit(uid, back, o["owner"], other)
            return
        sid = self.spire_at(h)
        if sid is not None:                                             # CS-ATK-13..17
            sp = d["spires"][sid]
            self.say("{0}'s %s attacks {1}'s %s for %d" % (self.label(u), SPIRES[sp["type"]]["name"], atk + siege),
                     s, sp["owner"], kind="attack")
            self.damage_spire(sid, atk + siege, s, uid)
            return
        if h in self.map.gates:                                         # CS-GAP-54
            p = self.map.gates.index(h)
            g = d["gate"][p]
            dealt = min(g["health"], atk + siege)
            g["health"] -= dealt
            d["gate_damage"][s] += dealt
            self.say("{0}'s %s strikes the gate of {1} for %d (%d left)" % (self.label(u), dealt, g["health"]),
                     s, p, kind="gate")
            if g["health"] <= 0:
                self.destroy_fortress(p, s)
                if self.is_over:
                    return
            elif uid in d["units"]:
                self.say("The gate of {0} strikes back for 1", p, kind="retaliate")
                self.damage_unit(uid, 1, p)
            return
        lm = d["landmarks"][h]                                          # CS-GAP-57
        kind = LANDMARKS["kinds"][lm["tile"]]
        first = not lm.get("hit")
        lm["hit"] = True
        self.say("{0}'s %s attacks the %s at %s for %d" % (self.label(u), kind["name"], h, atk), s, kind="attack")
        if not self.damage_landmark(h, atk, s, uid) and first and kind.get("attack"):
            self.say("The %s strikes back for %d" % (kind["name"], kind["attack"]), kind="retaliate")
            self.damage_unit(uid, kind["attack"], None)

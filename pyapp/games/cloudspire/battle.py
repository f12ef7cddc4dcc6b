"""Cloudspire Onslaught stages 3-5: spires fire (CS-FIRE), exploration (CS-EXP) and attack (CS-ATK).
A link of the chain of :class:`~.rules.CloudspireState`, before :mod:`.onslaught` (the turn and movement)."""
from __future__ import annotations

from ...engine import Action
from .content import LANDMARKS, SPIRES, the
from .units import DIE, UnitsMixin
# Action(...) made without its Python-level __new__ in the listings that make the most (an Action is a tuple
# underneath: (id, label, kind, confirm)); tests/cloudspire/test_cloudspire_fast_listing.py checks they are equal
_new = tuple.__new__


class BattleMixin(UnitsMixin):
    # ---- Stage 3: spires fire (CS-FIRE-1..9) --------------------------------------------------------
    def firing_spires(self, s: int) -> list:
        """The spires that fire at ``s``'s units, in order (none while ``s`` has no unit they may shoot)."""
        d = self.data
        if not d["spires"] or not any(u["owner"] == s and not u.get("camp") for u in d["units"].values()):
            return []
        by: dict = {}                                                   # spire ids by owner, in id order
        for sid, sp in sorted(d["spires"].items()):
            by.setdefault(sp["owner"], []).append(sid)
        n = self.fortresses
        auto = self.automaton
        out = d.get("out", ())
        # (opponents: clockwise from s, the left being the next seat, CS-GAP-3; seats in play and opposed)
        return [sid for i in range(1, n) for p in ((s + i) % n,)
                if p in by and p not in out and (auto is None or s == auto or p == auto) for sid in by[p]]

    def spire_targets(self, sid: str, s: int) -> list:
        """CS-GAP-51: the current player's units on the map (not stacked, not campfire heroes)."""
        sp = self.data["spires"][sid]
        rng = self.reach_map(sp["hex"], self.spire_range(sid))
        return sorted([uid for uid, u in self.data["units"].items()
                       if u["owner"] == s and not u.get("camp") and u["hex"] in rng])

    def _f_fire(self, frame, choice, seat) -> None:
        d = self.data
        s = frame["seat"]
        mine = None                      # [(uid, hex)] of the units the spires may shoot, until a shot is fired
        if frame["spires"]:
            mine = [(uid, u["hex"]) for uid, u in d["units"].items() if u["owner"] == s and not u.get("camp")]
            if not mine:                 # nothing to shoot at: no spire fires
                frame["spires"].clear()
        while frame["spires"]:
            sid = frame["spires"][0]
            if sid not in d["spires"] or self.dice(sid) == 0:
                frame["spires"].pop(0)
                continue
            if mine is None:
                mine = [(uid, u["hex"]) for uid, u in d["units"].items() if u["owner"] == s and not u.get("camp")]
            if mine:
                rng = self.reach_map(d["spires"][sid]["hex"], self.spire_range(sid))
                targets = sorted([uid for uid, h in mine if h in rng])     # (spire_targets)
            else:
                targets = []
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
            mine = None
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
        self.mark(sp["owner"], "fire", sp["hex"], u["hex"], text=str(dmg))          # the owner's shot
        top = u["chips"][:1]
        self.damage_unit(uid, dmg, sp["owner"])
        if uid in d["units"] and u["chips"][:1] == top:
            self.promote(uid, "it survived a spire attack")

    # ---- Stage 4: exploration (CS-EXP-1..7) ----------------------------------------------------------
    def explore_options(self, frame) -> list:
        s = frame["seat"]
        explored = frame["explored"]
        hidden = [h for h, lm in self.data["landmarks"].items() if not lm["up"] and h not in explored]
        if not hidden:
            return []
        grid = self.map.grid
        near: set[str] = set()
        for u in self.data["units"].values():
            if u["owner"] == s and not u.get("camp"):
                near.update(grid.adjacent(u["hex"]))
        return [Action("explore:" + h, f"Explore the landmark at {h}", "explore") for h in sorted(hidden) if h in near]

    def _f_explore(self, frame, choice, seat) -> None:
        lm = self.data["landmarks"][frame["hex"]]
        s = frame["seat"]
        if choice is None:
            if s not in lm["known"]:
                lm["known"].append(s)
                lm["known"].sort()
                self.reveal()                                           # a private look (HIDDEN_COUNTED)
            self.say("{0} explores the landmark at %s" % frame["hex"], s, kind="explore")
            self.mark(s, "explore", frame["hex"])                       # where, not what (a private look)
            self.count(s, "explored")
            name = LANDMARKS["kinds"][lm["tile"]]["name"]
            self.flow.ask(s, [("reveal", f"Reveal {the(name)}"), ("leave", "Leave it facedown")])
            return
        self.flow.pop(frame)
        if choice == "leave":
            self.say("{0} leaves the landmark at %s facedown" % frame["hex"], s, kind="explore")
            return
        kind = LANDMARKS["kinds"][lm["tile"]]
        lm["up"] = True
        self.reveal()                                                   # (HIDDEN_COUNTED)
        self.say("{0} reveals the landmark at %s: %s" % (frame["hex"], kind["name"]), s, kind="explore")
        self.mark(s, "reveal", frame["hex"], text=kind["name"])
        if "health" in kind:
            lm["health"] = kind["health"]                               # CS-EXP-5
        if "source" in kind:
            self.gain(s, kind["source"], kind["name"])
        if "relic" in kind:
            d = self.data
            if d["relic_deck"]:
                d["relics"][s].append(d["relic_deck"].pop())
                self.reveal()                                           # (HIDDEN_COUNTED)
                self.say("{0} draws a relic", s, kind="relic")

    # ---- Stage 5: attack (CS-ATK-1..17) ---------------------------------------------------------------
    def _hex_ctx(self) -> tuple:
        """(the first unit's id per hex, as unit_at; the first spire's id per hex, as spire_at; gate_hexes)."""
        d = self.data
        units: dict = {}
        for uid, x in d["units"].items():
            units.setdefault(x["hex"], uid)
        spires: dict = {}
        for sid, y in d["spires"].items():
            spires.setdefault(y["hex"], sid)
        return units, spires, self.gate_hexes()

    def targets_of(self, s: int, uid: str, ctx: tuple | None = None) -> list:
        """CS-ATK-4, CS-GAP-55: adjacent (with Reach, 2 hexes away) opposing units on the map, opposing
        spires and gates, and revealed landmarks with health.  ``ctx``: :meth:`_hex_ctx` of this position."""
        d = self.data
        u = d["units"][uid]
        reach = 2 if "reach" in self.talents(u) else 1
        units, spires, gates = ctx or self._hex_ctx()
        out = []
        auto = self.automaton
        landmarks = d["landmarks"]
        for h in self.near(u["hex"], reach):
            o = units.get(h)
            if o is not None:
                o = d["units"][o]
                p = o["owner"]
                if p != s and (auto is None or s == auto or p == auto) and not o.get("camp"):   # (opposed)
                    out.append(h)
                continue
            if h in spires:
                if self.opposed(s, d["spires"][spires[h]]["owner"]):
                    out.append(h)
                continue
            if h in gates:
                p = gates.index(h)
                if self.opposed(s, p) and self.in_play(p):
                    out.append(h)
                continue
            lm = landmarks.get(h)
            if lm is not None and lm["up"] and lm.get("health", 0) > 0:
                out.append(h)
        return out

    def attackers(self, s: int) -> list:
        return sorted([uid for uid, u in self.data["units"].items()
                       if u["owner"] == s and not u["attacked"] and not u.get("idle") and not u.get("camp")])

    def minions_must_attack(self, s: int) -> bool:
        """CS-ATK-2: a minion with a valid target must attack (heroes may decline, CS-ATK-3)."""
        return any(not self.data["units"][uid].get("hero") and self.targets_of(s, uid) for uid in self.attackers(s))

    def attack_options(self, s: int, must: list | None = None) -> list:
        """The attacks ``s`` may make; with ``must`` (a list) given, whether a minion must attack (CS-ATK-2,
        :meth:`minions_must_attack`) is appended to it, from the same targets."""
        out = []
        forced = False
        units = self.data["units"]
        ctx = None
        for uid in self.attackers(s):
            u = units[uid]
            ctx = ctx or self._hex_ctx()
            targets = self.targets_of(s, uid, ctx)
            if targets and not u.get("hero"):
                forced = True
            if targets:
                name = f"{self.label(u)} at {u['hex']} attacks "
                for h in targets:
                    out.append(_new(Action, (f"atk:{uid}:{h}", name + self.describe(h, ctx), "attack", "")))
        if must is not None:
            must.append(forced)
        return out

    def describe(self, h: str, ctx: tuple | None = None) -> str:
        """What stands at ``h``, for an attack's label; ``ctx``: :meth:`_hex_ctx` of this position."""
        d = self.data
        units_at, spires_at, gates = ctx or self._hex_ctx()
        other = units_at.get(h)
        if other is not None:
            return f"P{d['units'][other]['owner'] + 1}'s {self.label(d['units'][other])} at {h}"
        sid = spires_at.get(h)
        if sid is not None:
            return f"P{d['spires'][sid]['owner'] + 1}'s {SPIRES[d['spires'][sid]['type']]['name']} at {h}"
        if h in gates:
            return f"the gate of P{gates.index(h) + 1}"
        return f"{the(LANDMARKS['kinds'][d['landmarks'][h]['tile']]['name'])} at {h}"

    def attack(self, s: int, uid: str, h: str) -> None:
        d = self.data
        u = d["units"][uid]
        u["attacked"] = True                                            # CS-ATK-5
        atk = self.stat(u, "attack")
        tal = self.talents(u)
        siege = 1 if "siege" in tal else 0
        siege += 2 if "spirebreaker" in tal and self.spire_at(h) is not None else 0   # CS-GAP-78 specialties
        siege += 2 if "gatecrasher" in tal and h in self.gate_hexes() else 0
        other = self.unit_at(h)
        if other is not None:                                           # CS-ATK-6..12
            o = d["units"][other]
            if "herobane" in tal and o.get("hero"):
                atk += 2
            first = not o["hit"]
            o["hit"] = True
            self.say("{0}'s %s attacks {1}'s %s for %d" % (self.label(u), self.label(o), atk), s, o["owner"], kind="attack")
            self.mark(s, "attack", u["hex"], h, text=str(atk))
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
            self.mark(s, "attack", u["hex"], h, text=str(atk + siege))
            self.damage_spire(sid, atk + siege, s, uid)
            return
        if h in self.gate_hexes():                                      # CS-GAP-54
            p = self.gate_hexes().index(h)
            g = d["gate"][p]
            dealt = min(g["health"], atk + siege)
            g["health"] -= dealt
            d["gate_damage"][s] += dealt
            self.mark(s, "gate", u["hex"], h, text=f"-{dealt}")
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
        self.say("{0}'s %s attacks %s at %s for %d" % (self.label(u), the(kind["name"]), h, atk), s, kind="attack")
        self.mark(s, "attack", u["hex"], h, text=str(atk))
        if not self.damage_landmark(h, atk, s, uid) and first and kind.get("attack"):
            self.say("The %s strikes back for %d" % (kind["name"], kind["attack"]), kind="retaliate")
            self.damage_unit(uid, kind["attack"], None)

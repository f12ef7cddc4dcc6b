"""Cloudspire Event, Income, Market and Build Phases, and the build options (also used as the
limited build options of the Onslaught).  A mixin of :class:`~.rules.CloudspireState`."""
from __future__ import annotations

from ...engine import Action
from ...engine.piles import draw_one
from .content import CHIPS, EVENT, FACTIONS, SCAPE, SPIRES, one, the
from .units import UnitsMixin
# Action(...) made without its Python-level __new__ in the listings that make the most (an Action is a tuple
# underneath: (id, label, kind, confirm)); tests/cloudspire/test_cloudspire_fast_listing.py checks they are equal
_new = tuple.__new__

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import SpireData

BASE_INCOME = (5, 7, 9, 11)                       # CS-INC-2, CS-GAP-14
SCAPE_COST = 2                                    # CS-MKT-9
FORT_COST = 2                                     # CS-BLD-13


class EconomyMixin(UnitsMixin):

    # ---- Event (CS-EVT-1/2, CS-WAVE-4) ------------------------------------------------------
    def _begin_event(self) -> None:
        d = self.data
        if d["wave"] > 1:
            left = len(d["events"]["deck"])
            card = draw_one(d["events"]["deck"], self.rng, discard=d["events"]["discard"])
            if len(d["events"]["deck"]) < left:
                self.reveal()                                           # a card of the hidden deck (HIDDEN_COUNTED)
            d["events"]["current"] = card
            if card is not None:
                self.say("Wave %d event: %s. %s" % (d["wave"], EVENT[card]["name"], EVENT[card]["text"]), kind="event")
        self.flow.set_order([])

    # ---- Income (CS-INC-1..6) ------------------------------------------------------------------
    def income_of(self, seat: int) -> tuple:
        return BASE_INCOME[self.data["wave"] - 1], self.adv_bonus(seat, "income") + self.event_bonus("income")

    def _begin_income(self) -> None:
        for seat in self.clockwise(self.flow.first):
            base, bonus = self.income_of(seat)
            self.say("{0} earns %d Source: %d for wave %d and %d from advancements and events"
                     % (base + bonus, base, self.data["wave"], bonus), seat, kind="income")
            self.gain(seat, base + bonus)
        self.flow.set_order([])

    # ---- Market (CS-MKT-1..17) -------------------------------------------------------------------
    def _begin_market(self) -> None:
        m = self.data["market"]
        if self.data["wave"] > 1:                                       # CS-MKT-2/3
            m["discard"].extend(c for c in m["face"] if c is not None)
            m["face"] = []
            if m["scape_face"] is not None:
                m["scape_discard"].append(m["scape_face"])
                m["scape_face"] = None
            self.refill_market()
        self.data["bought_scape"] = [False] * self.fortresses

    def refill_market(self) -> None:
        """CS-MKT-4/5/11, CS-GAP-22: player count + 1 chips and one earthscape faceup."""
        m = self.data["market"]
        m["face"] = [c for c in m["face"] if c is not None]
        left = len(m["deck"]), len(m["scapes"])
        while len(m["face"]) < self.players + 1:
            c = draw_one(m["deck"], self.rng, discard=m["discard"])
            if c is None:
                break
            m["face"].append(c)
        if m["scape_face"] is None:
            m["scape_face"] = draw_one(m["scapes"], self.rng, discard=m["scape_discard"])
        if len(m["deck"]) < left[0] or len(m["scapes"]) < left[1]:
            self.reveal()                                               # from a hidden pile (HIDDEN_COUNTED)

    def chip_price(self, seat: int, chip: str) -> int:
        """A market chip's cost, less the Uprising's discount (at least 1, CS-GAP-81)."""
        cost = CHIPS[chip]["cost"]
        off = self.trait(seat, "discount", 0)
        return max(1, cost - off) if off else cost

    def _legal_market(self, seat) -> list[Action]:
        m = self.data["market"]
        src = self.data["source"][seat]
        out = [Action("pass", "Pass (no more market turns this wave)", "pass")]
        for c in m["face"]:
            chip = CHIPS[c]
            price = self.chip_price(seat, c)
            if price <= src:
                out.append(_new(Action, ("buy:" + c, f"Buy {chip['name']} ({chip['kind']}) for {price} Source", "buy", "")))
        sc = m["scape_face"]
        if sc is not None and src >= SCAPE_COST and not self.data["bought_scape"][seat]:
            out.append(Action("buy:scape", f"Buy the earthscape {SCAPE[sc]['name']} for {SCAPE_COST} Source", "buy"))
        return out

    def _do_market(self, seat, action) -> None:
        m = self.data["market"]
        if action.id == "pass":
            self.say("{0} passes in the market", seat, kind="pass")
            self.flow.pass_turn(seat)
            return
        what = action.id.split(":", 1)[1]
        if what == "scape":
            sc = m["scape_face"]
            self.pay(seat, SCAPE_COST)
            self.data["owned"][seat]["scapes"].append(sc)
            self.data["bought_scape"][seat] = True
            m["scape_face"] = None
            self.say("{0} buys the earthscape %s" % SCAPE[sc]["name"], seat, kind="buy")
        else:
            chip = CHIPS[what]
            price = self.chip_price(seat, what)
            self.pay(seat, price)
            m["face"].remove(what)
            self.data["owned"][seat]["chips"].append(what)
            self.say("{0} buys %s for %d Source" % (chip["name"], price), seat, kind="buy")
        self.refill_market()
        self.flow.next()

    # ---- Build (CS-BLD-1..17) --------------------------------------------------------------------
    def _legal_build(self, seat) -> list[Action]:
        return [Action("pass", "Pass (no more build turns this wave)", "pass")] + self.build_options(seat, full=True)

    def _do_build(self, seat, action) -> None:
        if action.id == "pass":
            self.say("{0} passes in the Build Phase", seat, kind="pass")
            self.flow.pass_turn(seat)
            return
        self.start_build(seat, action.id, then="next")

    def spire_cost(self, seat: int, stype: str) -> int:
        """A merc spire was paid for in the market (CS-MKT-14); a faction spire costs its Source."""
        return 0 if SPIRES[stype]["merc"] else SPIRES[stype]["cost"]

    def spire_types(self, seat: int) -> list:
        """Spire types ``seat`` could construct now (barracks stock or an owned merc spire)."""
        d = self.data
        src = d["source"][seat]
        out = sorted([t for t, n in d["barracks"][seat]["spires"].items()            # (spire_cost)
                      if n > 0 and (0 if SPIRES[t]["merc"] else SPIRES[t]["cost"]) <= src])
        chips = d["owned"][seat]["chips"]
        if chips:
            out += sorted([c for c in chips if CHIPS[c]["kind"] == "spire"
                           and (0 if SPIRES[c]["merc"] else SPIRES[c]["cost"]) <= src])
        return out

    def free_wells(self, seat: int, only=None, first: bool = False) -> list:
        """CS-BLD-8, CS-GAP-11: empty wells within the builder's influence (``first``: only the first one found,
        for callers that only ask whether there is one)."""
        keep = self.influence_groups(seat)
        of = self.board().of
        d = self.data
        taken = {sp["hex"] for sp in d["spires"].values()}
        taken.update([u["hex"] for u in d["units"].values()])
        taken.update(d["landmarks"])
        if first:
            for w in only or self.wells():
                if w in of and of[w] in keep and w not in taken:
                    return [w]
            return []
        return sorted([w for w in (only or self.wells()) if w in of and of[w] in keep and w not in taken])

    def upgrade_price(self, sp: SpireData, kind: str) -> int:
        """CS-BLD-12/13, CS-GAP-28: attack/range cost the number of upgrades the spire will have."""
        return FORT_COST if kind == "fortification" else len(sp["ups"]) + 1

    def upgradable(self, seat: int) -> list:
        src = self.data["source"][seat]
        return sorted([sid for sid, sp in self.data["spires"].items()              # (the cheaper upgrade_price)
                       if sp["owner"] == seat and len(sp["ups"]) < sp["cap"] and min(len(sp["ups"]) + 1, FORT_COST) <= src])

    def scape_slots(self, seat: int) -> list:
        """CS-GAP-12: a free slot next to a hex group the player has influence over."""
        keep = self.influence_groups(seat)
        of = self.board().of
        grid = self.map.grid
        out = []
        for i, slot in enumerate(self.map.slots):
            if str(i) in self.data["placed"]:
                continue
            if any(x in of and of[x] in keep for h in slot for x in grid.adjacent(h)):   # (in influence)
                out.append(i)
        return out

    def next_advancement(self, seat: int, st: dict) -> dict | None:
        n = self.data["adv"][seat].get(st["id"], 0)
        return st["advancements"][n] if n < len(st["advancements"]) else None

    def build_options(self, seat: int, full: bool) -> list:
        """Build options as actions; ``full`` adds the two that are not limited options (CS-SOT-6)."""
        out = []
        types = self.spire_types(seat)
        if types and self.free_wells(seat, first=True):
            for t in types:
                sp = SPIRES[t]
                cost = self.spire_cost(seat, t)
                what = "merc spire" if sp["merc"] else f"{cost} Source"
                out.append(_new(Action, ("spire:" + t, f"Construct {one(sp['name'])} ({what})", "build", "")))
        for sid in self.upgradable(seat):
            out.append(Action("up:" + sid, f"Upgrade {SPIRES[self.data['spires'][sid]['type']]['name']} at "
                                            f"{self.data['spires'][sid]['hex']}", "build"))
        if full:
            slots = self.scape_slots(seat)
            for sc in sorted(set(self.data["owned"][seat]["scapes"])):
                for i in slots:
                    out.append(_new(Action, (f"scape:{sc}:{i + 1}", f"Place {SCAPE[sc]['name']} in sky slot {i + 1}", "build", "")))
            out += self.dock_options(seat)
            for st in FACTIONS[self.data["factions"][seat]]["structures"]:
                a = self.next_advancement(seat, st)
                if a is not None and a["cost"] <= self.data["source"][seat]:
                    out.append(Action("adv:" + st["id"], f"Advance {st['name']}: {a['name']} ({a['cost']} Source)", "build"))
        return out

    def dock_options(self, seat: int) -> list:
        """CS-GAP-76: once per Build Phase, for free, an airship fortress moves its gate to another of its
        berths (its home gate hex or a docking hex) that nothing stands on."""
        if not self.berths(seat) or self.data.get("airship_moved", {}).get(str(seat)) == self.data["wave"]:
            return []
        here = self.gate_hex(seat)
        taken = {u["hex"] for u in self.data["units"].values()} | {sp["hex"] for sp in self.data["spires"].values()}
        return [Action("dock:" + h, f"Move the airship fortress from {here} to {h} (free, once this Build Phase)",
                       "build") for h in self.berths(seat) if h != here and h not in taken]

    def move_airship(self, seat: int, h: str) -> None:
        d = self.data
        here = self.gate_hex(seat)
        d.setdefault("gate_at", list(self.map.gates))[seat] = h
        d.setdefault("airship_moved", {})[str(seat)] = d["wave"]
        self.say("{0}'s airship fortress moves from %s to %s" % (here, h), seat, kind="build")
        self.mark(seat, "dock", here, h, text="airship")

    def start_build(self, seat: int, aid: str, then: str) -> None:
        """Begin a build option; ``then`` is what follows when it is finished (``next``: the next
        build turn; ``limited``: back to the start of the Onslaught turn)."""
        kind, _, rest = aid.partition(":")
        if kind == "spire":
            self.flow.push("construct", seat=seat, type=rest, then=then, wells=None)
        elif kind == "up":
            self.flow.push("upgrade", seat=seat, spire=rest, then=then, added=0)
        elif kind == "scape":
            sc, slot = rest.split(":")
            slot_i = int(slot) - 1
            self.data["owned"][seat]["scapes"].remove(sc)
            self.data["placed"][str(slot_i)] = sc
            for h, t in zip(self.map.slots[slot_i], SCAPE[sc]["terrain"]):
                self.data["scape_terrain"][h] = t
            self.say("{0} places the earthscape %s in sky slot %d" % (SCAPE[sc]["name"], slot_i + 1), seat, kind="build")
            self.mark(seat, "place", *self.map.slots[slot_i], text=SCAPE[sc]["name"])
            well = self.map.slots[slot_i][SCAPE[sc]["well"]]
            if self.spire_types(seat) and self.free_wells(seat, only=[well]):          # CS-BLD-15, CS-GAP-34
                self.flow.push("construct", seat=seat, type=None, then=then, wells=[well])
            else:
                self.after_build(seat, then)
        elif kind == "dock":
            self.move_airship(seat, rest)
            self.after_build(seat, then)
        elif kind == "adv":
            st = next(s for s in FACTIONS[self.data["factions"][seat]]["structures"] if s["id"] == rest)
            a = self.next_advancement(seat, st)
            assert a is not None                                        # offered only while one is left
            self.pay(seat, a["cost"])
            self.data["adv"][seat][rest] = self.data["adv"][seat].get(rest, 0) + 1
            gate = a["effect"].get("gate", 0)
            if gate:
                g = self.data["gate"][seat]
                g["max"] += gate
                g["health"] += gate
            self.say("{0} advances %s: %s" % (st["name"], a["name"]), seat, kind="build")
            self.mark(seat, "build", self.gate_hex(seat), text=a["name"])
            self.after_build(seat, then)

    def after_build(self, seat: int, then: str) -> None:
        if then == "next":
            self.flow.next()
        else:
            self.data["limited"][seat] += 1                                # CS-SOT-4/7: one peg

    def _f_construct(self, frame, choice, seat) -> None:
        s = frame["seat"]
        if choice is None:
            if frame["type"] is None:
                opts = [("es:" + t, f"Construct {one(SPIRES[t]['name'])} there") for t in self.spire_types(s)]
                self.flow.ask(s, opts + [("es:none", "Construct nothing")])
                return
            if "hex" not in frame:
                wells = self.free_wells(s, only=frame["wells"])
                self.flow.ask(s, [("at:" + w, f"On the Source well at {w}") for w in wells] +
                              ([("back", "Choose another option")] if frame["wells"] is None else []))
                return
            ups = SPIRES[frame["type"]]["start"]
            if len(set(ups)) > 1 and "order" not in frame:                # CS-BLD-9, CS-UI-8
                self.flow.ask(s, [("bottom:" + k, f"Put the {k} upgrade at the bottom") for k in ups])
                return
            self.place_spire(s, frame["type"], frame["hex"], frame.get("order") or list(ups))
            self.flow.pop(frame)
            self.after_build(s, frame["then"])
            return
        if choice == "back":
            self.flow.pop(frame)
            return
        if choice == "es:none":
            self.flow.pop(frame)
            self.after_build(s, frame["then"])
            return
        if choice.startswith("es:"):
            frame["type"] = choice[3:]
            frame["hex"] = frame["wells"][0]
        elif choice.startswith("at:"):
            frame["hex"] = choice[3:]
        elif choice.startswith("bottom:"):
            k = choice[7:]
            rest = list(SPIRES[frame["type"]]["start"])
            rest.remove(k)
            frame["order"] = [k] + rest

    def place_spire(self, seat: int, stype: str, h: str, ups: list) -> None:
        sp = SPIRES[stype]
        if sp["merc"]:
            self.data["owned"][seat]["chips"].remove(stype)
        else:
            self.pay(seat, sp["cost"])
            self.data["barracks"][seat]["spires"][stype] -= 1
        sid = "s%d" % self.data["next_id"]
        self.data["next_id"] += 1
        self.data["spires"][sid] = {"owner": seat, "type": stype, "hex": h, "ups": list(ups), "cap": sp["capacity"]}
        self.say("{0} constructs %s at %s (bottom to top: %s)" % (one(sp["name"]), h, ", ".join(ups)), seat, kind="build")
        self.mark(seat, "build", h, text=sp["name"])
        self.count(seat, "spires")

    def _f_upgrade(self, frame, choice, seat) -> None:
        """CS-BLD-10..13, CS-GAP-29/30: one option adds one or more upgrades, each priced in turn,
        each put where its owner chooses."""
        s = frame["seat"]
        sp = self.data["spires"][frame["spire"]]
        if choice is None:
            opts = []
            if len(sp["ups"]) < sp["cap"]:
                for k in ("attack", "range", "fortification"):
                    price = self.upgrade_price(sp, k)
                    if price <= self.data["source"][s]:
                        for pos in range(len(sp["ups"]) + 1):
                            where = "at the bottom" if pos == 0 else "on top" if pos == len(sp["ups"]) else f"above {pos}"
                            opts.append((f"add:{k}:{pos}", f"Add {k} ({price} Source) {where}"))
            opts.append(("done", "Finish upgrading") if frame["added"] else ("back", "Choose another option"))
            if frame["added"] and len(opts) == 1:
                self.finish_upgrade(frame)
                return
            self.flow.ask(s, opts)
            return
        if choice == "back":
            self.flow.pop(frame)
            return
        if choice == "done":
            self.finish_upgrade(frame)
            return
        _, k, pos = choice.split(":")
        self.pay(s, self.upgrade_price(sp, k))
        sp["ups"].insert(int(pos), k)
        frame["added"] += 1

    def finish_upgrade(self, frame) -> None:
        sp = self.data["spires"][frame["spire"]]
        self.flow.pop(frame)
        self.say("{0} upgrades %s at %s (bottom to top: %s)" % (the(SPIRES[sp["type"]]["name"]), sp["hex"],
                                                                     ", ".join(sp["ups"])), frame["seat"], kind="build")
        self.mark(frame["seat"], "build", sp["hex"], text="upgraded")
        self.after_build(frame["seat"], frame["then"])

"""Cloudspire Prep Phase: declare the mark, select units with Command Points, and build the secret
deployment stack.  A mixin of :class:`~.rules.CloudspireState`.

A stack is a list of entries, top first: ``{"hero": id}`` or ``{"chips": [minion ids, top first]}``
(a group of one is an ungrouped minion).  Only the top entry is public (CS-STK-10, CS-GAP-41: the
number of entries and of chips in each is public too)."""
from __future__ import annotations

from ...engine import Action
from .content import CHIPS, UNITS
from .economy import BASE_INCOME, EconomyMixin


class DeployMixin(EconomyMixin):

    # ---- Step 1: the mark (CS-PREP-2/3, CS-GAP-36) ------------------------------------------------
    def opponents(self, seat: int) -> list:
        return [s for s in self.clockwise(seat) if self.opposed(seat, s)]

    def _legal_mark(self, seat):
        return [Action(f"mark:{s + 1}", f"Mark the gate of P{s + 1}", "mark") for s in self.opponents(seat)]

    def _do_mark(self, seat, action):
        target = int(action.id.split(":")[1]) - 1
        self.data["marks"][seat] = target
        self.say("{0} marks the gate of {1}", seat, target, kind="mark")
        self.mark(seat, "aim", self.gate_hex(target), text="marked")
        self.flow.end_turn()

    # ---- Step 2: select units (CS-PREP-4..10) ----------------------------------------------------------
    def command_points(self, seat: int) -> int:
        """CS-GAP-15: the wave's base income plus advancement and event bonuses."""
        return BASE_INCOME[self.data["wave"] - 1] + self.adv_bonus(seat, "cp") + self.event_bonus("cp")

    def _begin_turn_select(self, seat):
        self.data["cp"][seat] = self.command_points(seat)
        self.data["picked"][seat] = []

    def hero_limit(self) -> int:
        return 1 if self.data["wave"] == 1 else 2                      # CS-PREP-9/10, CS-GAP-38

    def _legal_select(self, seat):
        d = self.data
        cp = d["cp"][seat]
        picked = d["picked"][seat]
        heroes = [p for p in picked if UNITS[p]["kind"] == "hero"]
        out = [Action("done", f"Finish selecting ({cp} CP left; unspent CP is lost)", "done")]
        for t, n in sorted(d["barracks"][seat]["minions"].items()):
            if n > 0 and UNITS[t]["cp"] <= cp:
                out.append(Action("sel:" + t, f"Select a {UNITS[t]['name']} ({UNITS[t]['cp']} CP, {n} left)", "select"))
        for c in sorted(set(d["owned"][seat]["chips"])):
            k = CHIPS[c]["kind"]
            if k == "minion" or (k == "hero" and len(heroes) < self.hero_limit()):
                out.append(Action("sel:" + c, f"Select the merc {UNITS[c]['name']} (0 CP)", "select"))
        if len(heroes) < self.hero_limit():
            for h in sorted(d["heroes"][seat]):
                if h in picked or UNITS[h]["merc"] or (d["wave"] == 1 and not UNITS[h]["start"]):
                    continue                                            # CS-GAP-38: wave 1 offers one hero
                if UNITS[h]["cp"] <= cp:
                    out.append(Action("sel:" + h, f"Select the hero {UNITS[h]['name']} ({UNITS[h]['cp']} CP)", "select"))
        for p in sorted(set(picked)):
            out.append(Action("unsel:" + p, f"Put back a {UNITS[p]['name']}", "unselect"))
        return out

    def _do_select(self, seat, action):
        d = self.data
        kind, _, t = action.id.partition(":")
        u = UNITS.get(t)
        if kind == "done":
            names = ", ".join(UNITS[p]["name"] for p in d["picked"][seat]) or "nothing"
            self.say("{0} selects %s" % names, seat, kind="select")
            d["cp"][seat] = 0                                            # CS-PREP-5: unspent CP is lost
            self.flow.end_turn()
            return
        if kind == "sel":
            d["picked"][seat].append(t)
            d["cp"][seat] -= u["cp"]
            self._take(seat, t, -1)
        else:
            d["picked"][seat].remove(t)
            d["cp"][seat] += u["cp"]
            self._take(seat, t, +1)

    def _take(self, seat: int, t: str, delta: int) -> None:
        u = UNITS[t]
        if u["merc"]:
            if delta < 0:
                self.data["owned"][seat]["chips"].remove(t)
            else:
                self.data["owned"][seat]["chips"].append(t)
        elif u["kind"] == "minion":
            self.data["barracks"][seat]["minions"][t] += delta

    def _add_merc_hero(self, seat: int, t: str) -> None:
        if t not in self.data["heroes"][seat]:
            self.data["heroes"][seat][t] = {"level": 1, "equip": []}

    # ---- Step 3: the deployment stack (CS-STK-1..11) -------------------------------------------------
    def _begin_stack(self):
        for s in range(self.fortresses):
            self.data["stacks"][s] = []
            for t in self.data["picked"][s]:
                if UNITS[t]["kind"] == "hero" and UNITS[t]["merc"]:
                    self._add_merc_hero(s, t)

    def unplaced(self, seat: int) -> list:
        rest = list(self.data["picked"][seat])
        for e in self.data["stacks"][seat]:
            for t in ([e["hero"]] if "hero" in e else e["chips"]):
                rest.remove(t)
        return rest

    def _legal_stack(self, seat):
        stack = self.data["stacks"][seat]
        rest = self.unplaced(seat)
        minions_left = [t for t in rest if UNITS[t]["kind"] == "minion"]
        minions_placed = any("chips" in e for e in stack)
        out = []
        if not rest:
            out.append(Action("done", "The stack is ready", "done"))
        for t in sorted(set(rest)):
            u = UNITS[t]
            if u["kind"] == "hero":
                if not minions_placed or not minions_left:                 # CS-STK-9, CS-GAP-39
                    out.append(Action("put:" + t, f"Put {u['name']} next (a hero, never grouped)", "stack"))
            else:
                out.append(Action("put:" + t, f"Put a {u['name']} next, ungrouped or starting a group", "stack"))
                last = stack[-1] if stack else None
                if last is not None and "chips" in last and UNITS[last["chips"][-1]]["move"] <= u["move"]:
                    out.append(Action("join:" + t, f"Add a {u['name']} to the bottom of the group above", "stack"))
        heroes = [t for t in self.data["picked"][seat] if UNITS[t]["kind"] == "hero"]
        for c in sorted(set(self.data["owned"][seat]["chips"])):
            if CHIPS[c]["kind"] == "equipment":
                for h in heroes:                                          # CS-MKT-12/13
                    out.append(Action(f"equip:{c}:{h}", f"Equip {UNITS[h]['name']} with {CHIPS[c]['name']}", "equip"))
        if stack:
            out.append(Action("restart", "Take the stack apart and start again", "stack"))
        return out

    def _do_stack(self, seat, action):
        d = self.data
        kind, _, rest = action.id.partition(":")
        stack = d["stacks"][seat]
        if kind == "done":
            self.say("{0}'s deployment stack of %d is ready on the gate" % len(stack), seat, kind="stack")
            self.flow.done(seat)
        elif kind == "restart":
            stack.clear()
        elif kind == "put":
            stack.append({"hero": rest} if UNITS[rest]["kind"] == "hero" else {"chips": [rest]})
        elif kind == "join":
            stack[-1]["chips"].append(rest)                               # CS-STK-4: lowest movement on top
        elif kind == "equip":
            chip, hero = rest.split(":")
            d["owned"][seat]["chips"].remove(chip)
            d["heroes"][seat][hero]["equip"].append(chip)
            self.say("{0} equips %s with %s" % (UNITS[hero]["name"], CHIPS[chip]["name"]), seat, kind="equip")

    def stack_view(self, owner: int, seat) -> list:
        """The stack as ``seat`` may see it: everything for its owner; for others the top entry and
        the size of each entry (CS-STK-10, CS-GAP-41, CS-UI-15); while stacks are being built, not
        even the top."""
        out = []
        building = self.flow.phase == "stack"
        for i, e in enumerate(self.data["stacks"][owner]):
            size = 1 if "hero" in e else len(e["chips"])
            if seat == owner:
                out.append(dict(e, size=size))
            elif i == 0 and not building:
                shown = {"hero": e["hero"]} if "hero" in e else {"chips": e["chips"][:1]}
                out.append(dict(shown, size=size))
            else:
                out.append({"size": size})
        return out

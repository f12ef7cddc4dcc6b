"""Cloudspire Prep Phase: declare the mark, select units with Command Points, and build the secret
deployment stack.  A mixin of :class:`~.rules.CloudspireState`.

A stack is a list of entries, top first: ``{"hero": id}`` or ``{"chips": [minion ids, top first]}``
(a group of one is an ungrouped minion).  Only the top entry is public (CS-STK-10, CS-GAP-41: the
number of entries and of chips in each is public too)."""
from __future__ import annotations

from ...engine import Action
from .content import CHIPS, UNITS, one
from .economy import BASE_INCOME
from .units import UnitsMixin
# Action(...) made without its Python-level __new__ in the listings that make the most (an Action is a tuple
# underneath: (id, label, kind, confirm)); tests/cloudspire/test_cloudspire_fast_listing.py checks they are equal
_new = tuple.__new__
# the selection's actions that depend only on the unit type (and the count left), made once and shared (an Action
# is immutable): by (minion type, count left) for a selection, by unit type for putting one back
_SELECT: dict = {}
_STACKS: dict = {}                   # the stack phase's listing by (stack, selection, chips owned): _legal_stack

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import StackEntry


class DeployMixin(UnitsMixin):

    # ---- Step 1: the mark (CS-PREP-2/3, CS-GAP-36) ------------------------------------------------
    def opponents(self, seat: int) -> list:
        return [s for s in self.clockwise(seat) if self.opposed(seat, s)]

    def _legal_mark(self, seat) -> list[Action]:
        return [Action(f"mark:{s + 1}", f"Mark the gate of P{s + 1}", "mark") for s in self.opponents(seat)]

    def _do_mark(self, seat, action) -> None:
        target = int(action.id.split(":")[1]) - 1
        self.data["marks"][seat] = target
        self.say("{0} marks the gate of {1}", seat, target, kind="mark")
        self.mark(seat, "aim", self.gate_hex(target), text="marked")
        self.flow.end_turn()

    # ---- Step 2: select units (CS-PREP-4..10) ----------------------------------------------------------
    def command_points(self, seat: int) -> int:
        """CS-GAP-15: the wave's base income plus advancement and event bonuses."""
        return BASE_INCOME[self.data["wave"] - 1] + self.adv_bonus(seat, "cp") + self.event_bonus("cp")

    def _begin_turn_select(self, seat) -> None:
        self.data["cp"][seat] = self.command_points(seat)
        self.data["picked"][seat] = []

    def hero_limit(self) -> int:
        return 1 if self.data["wave"] == 1 else 2                      # CS-PREP-9/10, CS-GAP-38

    def _legal_select(self, seat) -> list[Action]:
        d = self.data
        cp = d["cp"][seat]
        picked = d["picked"][seat]
        heroes = [p for p in picked if UNITS[p]["kind"] == "hero"]
        out = [Action("done", f"Finish selecting ({cp} CP left; unspent CP is lost)", "done")]
        for t, n in sorted(d["barracks"][seat]["minions"].items()):
            if n > 0 and UNITS[t]["cp"] <= cp:
                a = _SELECT.get((t, n))
                if a is None:
                    a = _SELECT[(t, n)] = _new(Action, ("sel:" + t, f"Select {one(UNITS[t]['name'])} ({UNITS[t]['cp']} CP, "
                                                                     f"{n} left)", "select", ""))
                out.append(a)
        for c in sorted(set(d["owned"][seat]["chips"])):
            k = CHIPS[c]["kind"]
            if k == "minion" or (k == "hero" and len(heroes) < self.hero_limit()):
                out.append(_new(Action, ("sel:" + c, f"Select the merc {UNITS[c]['name']} (0 CP)", "select", "")))
        if len(heroes) < self.hero_limit():
            for h in sorted(d["heroes"][seat]):
                if h in picked or UNITS[h]["merc"] or (d["wave"] == 1 and not UNITS[h]["start"]):
                    continue                                            # CS-GAP-38: wave 1 offers one hero
                if UNITS[h]["cp"] <= cp:
                    out.append(_new(Action, ("sel:" + h, f"Select the hero {UNITS[h]['name']} ({UNITS[h]['cp']} CP)", "select", "")))
        for p in sorted(set(picked)):
            a = _SELECT.get(p)
            if a is None:
                a = _SELECT[p] = _new(Action, ("unsel:" + p, f"Put back {one(UNITS[p]['name'])}", "unselect", ""))
            out.append(a)
        costly = [a for a in out if a[2] == "select" and "(0 CP)" not in a[1]]     # (kind, label)
        if cp > 0 and costly:                   # issue 32: ending with CP that could still field a unit asks first
            out[0] = Action("done", out[0].label, "done",
                            confirm=f"Finish selecting with {cp} CP left? You could still select "
                                    f"{costly[0].label[len('Select '):]}; unspent CP is lost.")
        return out

    def _do_select(self, seat, action) -> None:
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
    def _begin_stack(self) -> None:
        for s in range(self.fortresses):
            self.data["stacks"][s] = []
            for t in self.data["picked"][s]:
                if UNITS[t]["kind"] == "hero" and UNITS[t]["merc"]:
                    self._add_merc_hero(s, t)

    def unplaced(self, seat: int) -> list:
        rest = list(self.data["picked"][seat])
        for e in self.data["stacks"][seat]:
            if "hero" in e:
                rest.remove(e["hero"])
            else:
                for t in e["chips"]:
                    rest.remove(t)
        return rest

    def _legal_stack(self, seat) -> list[Action]:
        d = self.data
        stack = d["stacks"][seat]
        # the listing depends on the stack, the selection and the chips owned only: kept by them (shared by every
        # state; random play and the builder's moves back and forth meet the same stacks again)
        key = (tuple([e["hero"] if "hero" in e else tuple(e["chips"]) for e in stack]), tuple(d["picked"][seat]),
               tuple(d["owned"][seat]["chips"]))
        got = _STACKS.get(key)
        if got is None:
            if len(_STACKS) > 4096:
                _STACKS.clear()
            got = _STACKS[key] = self._stack_listing(seat, stack)
        return list(got)

    def _stack_listing(self, seat: int, stack: list) -> list[Action]:
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
                    out.append(_new(Action, ("put:" + t, f"Put {u['name']} next (a hero, never grouped)", "stack", "")))
            else:
                out.append(_new(Action, ("put:" + t, f"Put {one(u['name'])} next, ungrouped or starting a group", "stack", "")))
                last = stack[-1] if stack else None
                if last is not None and "chips" in last and UNITS[last["chips"][-1]]["move"] <= u["move"]:
                    out.append(_new(Action, ("join:" + t, f"Add {one(u['name'])} to the bottom of the group above", "stack", "")))
        heroes = [t for t in self.data["picked"][seat] if UNITS[t]["kind"] == "hero"]
        for c in sorted(set(self.data["owned"][seat]["chips"])):
            if CHIPS[c]["kind"] == "equipment":
                for h in heroes:                                          # CS-MKT-12/13
                    out.append(_new(Action, (f"equip:{c}:{h}", f"Equip {UNITS[h]['name']} with {CHIPS[c]['name']}", "equip", "")))
        if stack:
            out.append(Action("restart", "Take the stack apart and start again", "stack"))
        if rest:
            out.insert(0, Action("fill", "Build the whole stack: every unit still to place, heroes "
                                         + ("on top" if not minions_placed else "at the bottom")
                                         + ", each minion on its own, slowest first", "stack"))
        out += self._arrange_actions(stack)
        return out

    # the stack builder: one step puts every unit (``fill``), then one step per change of order or grouping
    @staticmethod
    def stack_ok(stack: list) -> bool:
        """CS-STK-9: no hero between two minion entries."""
        kinds = "".join("h" if "hero" in e else "m" for e in stack)
        return "m" not in kinds or "h" not in kinds.strip("h")

    @staticmethod
    def _entry_name(e: dict) -> str:
        if "hero" in e:
            return UNITS[e["hero"]]["name"]
        return " + ".join(UNITS[c]["name"] for c in e["chips"])

    def _arrange_actions(self, stack: list) -> list:
        """Change the order and grouping of the entries placed: up, down, a hero to the other side of the
        minions, a minion entry grouped with the minion entry above it (re-ordered slowest on top, CS-STK-4),
        a group split into single minions."""
        out = []
        kinds = "".join(["h" if "hero" in e else "m" for e in stack])
        ok = "m" not in kinds or "h" not in kinds.strip("h")            # (stack_ok: a swap of two alike keeps it)
        last = kinds.rfind("m")                                          # the last minion entry (-1: none)
        n = len(stack)
        names = [self._entry_name(e) for e in stack]
        for i, e in enumerate(stack):
            name = names[i]
            for d, verb, aid in ((-1, "up", "raise"), (1, "down", "lower")):
                j = i + d
                if 0 <= j < n and stack[j] != e:                        # (two alike: nothing to swap)
                    if kinds[i] == kinds[j]:
                        fine = ok
                    else:                                               # (stack_ok of the stack with the two swapped)
                        lo = min(i, j)
                        moved = kinds[:lo] + kinds[lo + 1] + kinds[lo] + kinds[lo + 2:]
                        fine = "m" not in moved or "h" not in moved.strip("h")
                    if fine:
                        out.append(_new(Action, (f"{aid}:{i}", f"Move {name} {verb} one place", "arrange", "")))
            if kinds[i] == "h":
                if last >= 0:
                    out.append(_new(Action, (f"flip:{i}", f"Move {name} " + ("above" if i > last else "below")
                                             + " all minions", "arrange", "")))
                continue
            if i and kinds[i - 1] == "m":
                out.append(_new(Action, (f"group:{i}", f"Group {name} with {names[i - 1]} above it", "arrange", "")))
            if len(e["chips"]) > 1:
                out.append(_new(Action, (f"ungroup:{i}", f"Split the group {name} into single minions", "arrange", "")))
        return out

    def _fill(self, seat: int) -> None:
        stack = self.data["stacks"][seat]
        rest = self.unplaced(seat)
        heroes = sorted(t for t in rest if UNITS[t]["kind"] == "hero")
        minions = sorted((t for t in rest if UNITS[t]["kind"] == "minion"), key=lambda t: (UNITS[t]["move"], t))
        top = not any("chips" in e for e in stack)
        entries: list[StackEntry] = [{"chips": [t]} for t in minions]
        hs: list[StackEntry] = [{"hero": h} for h in heroes]
        stack.extend(hs + entries if top else entries + hs)

    def _arrange(self, seat: int, kind: str, i: int) -> None:
        stack = self.data["stacks"][seat]
        if kind in ("raise", "lower"):
            j = i - 1 if kind == "raise" else i + 1
            stack[i], stack[j] = stack[j], stack[i]
        elif kind == "flip":
            e = stack.pop(i)
            minions = [k for k, x in enumerate(stack) if "chips" in x]
            if i > minions[-1]:
                stack.insert(0, e)
            else:
                stack.append(e)
        elif kind == "group":
            chips = stack[i - 1]["chips"] + stack.pop(i)["chips"]
            stack[i - 1] = {"chips": sorted(chips, key=lambda c: UNITS[c]["move"])}   # stable: CS-STK-4
        elif kind == "ungroup":
            stack[i:i + 1] = [{"chips": [c]} for c in stack[i]["chips"]]

    def _do_stack(self, seat, action) -> None:
        d = self.data
        kind, _, rest = action.id.partition(":")
        stack = d["stacks"][seat]
        if kind == "done":
            self.say("{0}'s deployment stack of %d is ready on the gate" % len(stack), seat, kind="stack")
            self.flow.done(seat)
        elif kind == "restart":
            stack.clear()
        elif kind == "fill":
            self._fill(seat)
        elif kind in ("raise", "lower", "flip", "group", "ungroup"):
            self._arrange(seat, kind, int(rest))
        elif kind == "put":
            stack.append({"hero": rest} if UNITS[rest]["kind"] == "hero" else {"chips": [rest]})
        elif kind == "join":
            stack[-1]["chips"].append(rest)                               # CS-STK-4: lowest movement on top
        elif kind == "equip":
            chip, hero = rest.split(":")
            d["owned"][seat]["chips"].remove(chip)
            d["heroes"][seat][hero]["equip"].append(chip)
            # CS-MKT-12, CS-STK-10: the chip goes under a hero in the secret stack; which hero is hidden (the
            # chip itself left the public pool of owned chips, so it may be named)
            self.say("{0} puts %s under a hero in the deployment stack" % CHIPS[chip]["name"], seat, kind="equip")

    def show_equipment(self, seat: int, hero: str) -> None:
        """A hero leaves the stack for the map: the equipment under it comes into the open with it."""
        hs = self.hero_state(seat, hero)
        new = [c for c in hs["equip"] if c not in hs.get("shown", ())]
        if new:
            hs["shown"] = hs.get("shown", []) + new
            self.reveal()                                               # (HIDDEN_COUNTED)
            self.say("{0}'s %s carries %s" % (UNITS[hero]["name"], " and ".join(CHIPS[c]["name"] for c in new)),
                     seat, kind="equip")

    def equipment_view(self, owner: int, hero: str, seat) -> list:
        """The equipment ``seat`` may see on a hero: all of it for the owner, for others what has been shown."""
        hs = self.hero_state(owner, hero)
        if seat == owner:
            return list(hs["equip"])
        return [c for c in hs["equip"] if c in hs.get("shown", ())]

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

    # ---- redealing what another seat cannot see (for ``_resample``) ------------------------------------------
    def redeal_units(self, s: int, rng) -> None:
        """Deal seat ``s``'s hidden units anew, from sorted pools, so the result depends only on what the
        others see (the entries' sizes, the top entry once the stack is built, the selection, the groups on
        the map with their top chip and size): which entries of the stack hold heroes (a block on top and a
        block at the bottom, CS-STK-9), which hero is where, which chips each group holds below its visible
        top (slowest first, never slower than that top, CS-STK-4), and, while stacks are built, which selected
        units are placed at all; then the equipment not yet shown among the heroes that may carry it."""
        d = self.data
        stack = d["stacks"][s]
        building = self.flow.phase == "stack"
        sizes = [1 if "hero" in e else len(e["chips"]) for e in stack]
        n = len(stack)
        top = stack[0] if stack and not building else None
        if building:                                           # the whole selection: which are placed is hidden
            heroes = sorted(t for t in d["picked"][s] if UNITS[t]["kind"] == "hero")
            chips = sorted(t for t in d["picked"][s] if UNITS[t]["kind"] == "minion")
        else:
            heroes = sorted(e["hero"] for e in stack if "hero" in e)
            chips = sorted(c for e in stack for c in e.get("chips", ()))
        valid = set()
        for a in range(n + 1):
            for b in range(n + 1 - a):
                at = frozenset(range(a)) | frozenset(range(n - b, n))
                middle = [i for i in range(n) if i not in at]
                need = sum(sizes[i] for i in middle)
                if any(sizes[i] != 1 for i in at) or (top is not None and ("hero" in top) != (0 in at)):
                    continue
                if building:
                    ok = len(at) <= len(heroes) and need <= len(chips) and (not (b and middle) or need == len(chips))
                else:
                    ok = len(at) == len(heroes)
                if ok:
                    valid.add(tuple(sorted(at)))
        if valid:
            spots = list(rng.choice(sorted(valid)))
        else:                                                  # a stack no rule could build (a test's position)
            spots = [i for i, e in enumerate(stack) if "hero" in e]
        if top is not None and "hero" in top:
            heroes.remove(top["hero"])
            spots.remove(0)
        rng.shuffle(heroes)
        new: list = [dict(top)] if top is not None and "hero" in top else []
        groups = []                                            # (entry, visible chips, hidden count)
        if top is not None and "chips" in top:
            chips.remove(top["chips"][0])
            new.append({"chips": [top["chips"][0]]})
            groups.append((new[0], 1, sizes[0] - 1))
        for i in range(len(new), n):
            if i in spots:
                new.append({"hero": heroes.pop(0)})
            else:
                new.append({"chips": []})
                groups.append((new[-1], 0, sizes[i]))
        on_map = [u for _uid, u in sorted(d["units"].items())
                  if u["owner"] == s and len(u["chips"]) > 1 and not u.get("fused")]    # an elemental's chips are public
        for u in on_map:
            chips += u["chips"][1:]
            groups.append((u, 1, len(u["chips"]) - 1))
        chips.sort()
        # groups behind a visible top first, the slowest top last: each takes chips no slower than its top
        lead = sorted((g for g in groups if g[1]), key=lambda g: -UNITS[g[0]["chips"][0]]["move"])
        for entry, _k, count in lead:
            floor = UNITS[entry["chips"][0]]["move"]
            fit = [c for c in chips if UNITS[c]["move"] >= floor]
            rng.shuffle(fit)
            part = fit[:count]
            for c in part:
                chips.remove(c)
            entry["chips"][1:] = sorted(part, key=lambda c: UNITS[c]["move"])
        rng.shuffle(chips)
        for entry, k, count in groups:
            if not k:
                entry["chips"][:] = sorted(chips[:count], key=lambda c: UNITS[c]["move"])
                chips = chips[count:]
        stack[:] = new
        self._redeal_equipment(s, rng)

    def _redeal_equipment(self, s: int, rng) -> None:
        """Equipment not yet shown goes to a hero of the selection not on the map (else any hero not on it)."""
        d = self.data
        pool = []
        for hs in d["heroes"][s].values():
            hidden = [c for c in hs["equip"] if c not in hs.get("shown", ())]
            pool += hidden
            hs["equip"] = [c for c in hs["equip"] if c not in hidden]
        if not pool:
            return
        out = {u["hero"] for u in d["units"].values() if u["owner"] == s and u.get("hero")}
        free = sorted(h for h in d["heroes"][s] if h not in out)
        carriers = [h for h in free if h in d["picked"][s]] or free
        for c in sorted(pool):
            d["heroes"][s][rng.choice(carriers)]["equip"].append(c)

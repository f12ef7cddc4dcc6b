"""Powers: costs and effects, resolved as flow frames (a mixin of :class:`rules.IceState`).

A power is ``{"cost": [...], "effects": [...]}`` (content.py).  ``power:<key>`` pushes a ``pay``
frame (which asks for a shard element or a die value when there is a choice), then a ``seq``
frame runs the effects one by one, each an ``fx`` frame that asks for its targets in small named steps
(``STAGES``: the first step is the effect's kind, ``_s_fx_<kind>``; ``search``/``look`` go on to ``take``).  A Beacon's
"Immediately" effect is a ``seq`` frame too.
"""
from __future__ import annotations

from ...engine import piles
from . import content
from . import fortress as fx
from .base import IceBase
from .content import ELEMENTS, SIZES, allowed


class PowersMixin(IceBase):

    # ---------------------------------------------------------------- which powers, what they cost
    def power_of(self, key: str) -> dict:
        c = content.load()
        if key in c["beacons"]:
            return c["beacons"][key]["beacon"]["power"]
        if key.endswith("+"):
            return c["names"][key[:-1]]["advanced"]["power"]
        if key in c["names"]:
            return c["names"][key]["start"]["power"]
        return content.card(key)["power"]

    def power_keys(self, ci: int) -> list[str]:
        """The powers character ``ci`` may use this turn (IF-POW-1, IF-BCN-7, IF-BCN-13)."""
        ch = self.data["chars"][ci]
        keys = [ch["name"]] + ([ch["name"] + "+"] if self.data["flipped"] else [])
        keys += list(ch["abilities"]) + [ch["class"]]
        keys += [self.data["ib"][e] for e in ELEMENTS if e in self.data["beacons"]]
        return keys

    def payments(self, cost: dict) -> list:
        """The ways to pay one cost item now: shard elements or die values."""
        d = self.data
        if "shard" in cost:
            els = ELEMENTS if cost["shard"] == "any" else (cost["shard"],)
            return [e for e in els if d["supply"]["shards"].get(e, 0) > 0]
        return sorted({v for v in d["dice"] if v in allowed(cost["die"])})

    def affordable(self, power: dict) -> bool:
        """Whether the whole cost can be paid (IF-POW-7); costs are at most two items."""
        d = self.data
        cost = power["cost"]
        if not cost:
            return True
        if len(cost) == 1:                                              # the common case: one item, no search
            c = cost[0]
            if "shard" in c:
                shards = d["supply"]["shards"]
                return any(shards.get(e, 0) > 0 for e in (ELEMENTS if c["shard"] == "any" else (c["shard"],)))
            ok = allowed(c["die"])
            return any(v in ok for v in d["dice"])
        shards, dice = dict(d["supply"]["shards"]), list(d["dice"])

        def go(i: int) -> bool:
            if i == len(power["cost"]):
                return True
            c = power["cost"][i]
            for opt in self.payments_from(c, shards, dice):
                if "shard" in c:
                    shards[opt] -= 1
                    ok = go(i + 1)
                    shards[opt] += 1
                else:
                    dice.remove(opt)
                    ok = go(i + 1)
                    dice.append(opt)
                if ok:
                    return True
            return False
        return go(0)

    @staticmethod
    def payments_from(cost: dict, shards: dict, dice: list[int]) -> list:
        if "shard" in cost:
            els = ELEMENTS if cost["shard"] == "any" else (cost["shard"],)
            return [e for e in els if shards.get(e, 0) > 0]
        ok = allowed(cost["die"])
        return sorted({v for v in dice if v in ok})

    def usable_powers(self) -> list[str]:
        return [k for k, _power in self.usable_power_list()]

    def usable_power_list(self) -> list[tuple[str, dict]]:
        """``(key, power)`` for each power the current character may use now, in :meth:`power_keys` order."""
        d = self.data
        used = d["used"]
        fs = content.load()["game"].get("full_supply")                # see stopped_by_full_supply
        stops = fs["stops"] if fs and len(d["supply"]["rooms"]) >= d["difficulty"] + fs["over"] else ()
        out = []
        for k in self.power_keys(d["cur"]):
            if k in used:
                continue
            power = self.power_of(k)
            if stops and any(e["do"] in stops for e in power["effects"]):
                continue
            if self.affordable(power):
                out.append((k, power))
        return out

    def stopped_by_full_supply(self, power: dict) -> bool:
        """A balance lever tied to the difficulty (issue 34 item 13, docs/notes/icefortress.md
        "The difficulty dial for a strong team"): with ``game.json: full_supply = {"stops": [effect kinds], "over": k}``
        a power with one of those effects cannot be used while the supply holds at least difficulty + k rooms (the
        difficulty is the supply limit, so the rule bites most at low difficulty)."""
        fs = content.load()["game"].get("full_supply")
        if not fs:
            return False
        d = self.data
        return (len(d["supply"]["rooms"]) >= d["difficulty"] + fs["over"]
                and any(e["do"] in fs["stops"] for e in power["effects"]))

    def start_power(self, key: str) -> None:
        d = self.data
        d["used"].append(key)                                          # IF-POW-2
        d["spent"][key] = {"shards": [], "dice": []}
        self.flow.push("pay", key=key, i=0)

    def _f_pay(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        power = self.power_of(frame["key"])
        while frame["i"] < len(power["cost"]):
            c = power["cost"][frame["i"]]
            opts = self.payments(c)
            if choice is None and len(opts) > 1:
                what = "shard" if "shard" in c else "die"
                self.flow.ask(self.cur_seat, [(f"pay:{o}", f"Pay with a {o} shard" if what == "shard"
                                               else f"Pay with a die showing {o}") for o in opts], kind="pay")
                return
            pick = opts[0] if choice is None else (choice.split(":", 1)[1] if "shard" in c else int(choice.split(":", 1)[1]))
            choice = None
            spent = d["spent"][frame["key"]]
            if "shard" in c:                                            # IF-POW-5
                d["supply"]["shards"][pick] -= 1
                spent["shards"].append(pick)
            else:                                                       # IF-POW-6
                d["dice"].remove(pick)
                spent["dice"].append(pick)
            frame["i"] += 1
        self.flow.pop(frame)
        self.mark(self.cur_seat, "power", text=self.power_name(frame["key"]))
        self.say("{0} uses " + self.power_name(frame["key"]) + ": " + content.power_text(power), self.cur_seat,
                 kind="power")
        self.flow.push("seq", effects=power["effects"], i=0)

    def power_name(self, key: str) -> str:
        c = content.load()
        if key in c["beacons"]:
            return c["beacons"][key]["beacon"]["title"]
        if key.endswith("+"):
            return c["names"][key[:-1]]["advanced"]["title"]
        if key in c["names"]:
            return c["names"][key]["name"]
        return content.card(key)["title"]

    # ---------------------------------------------------------------- effects
    def _f_seq(self, frame: dict, choice: str | None, seat: int | None) -> None:
        if frame["i"] >= len(frame["effects"]):
            self.flow.pop(frame)
            return
        e = frame["effects"][frame["i"]]
        frame["i"] += 1
        self.push_fx(e)

    def push_fx(self, e: dict) -> dict:
        """Push the ``fx`` frame that resolves effect ``e``: its first step is the effect's kind (``STAGES``)."""
        return self.flow.push("fx", e=e, left=e.get("n", 1), stage=e["do"])

    def _ask(self, frame: dict, options: list[tuple[str, str]], prompt_kind: str = "fx") -> bool:
        if not options:
            return False
        self.flow.ask(self.cur_seat, options, kind=prompt_kind)
        return True

    # An ``fx`` frame's steps (``_s_fx_<step>``, routed by the kit on ``frame["stage"]``): one per effect kind,
    # each asking for its targets (``choice`` None) and resolving the answer, then popping the frame; ``take`` is
    # the second step of ``search`` and ``look`` (which card of the chosen deck goes to the supply).
    FX_STEPS = ("boost", "draw_shard", "draw_room", "search", "look", "take", "crystallize", "repel", "repel_room",
                "destroy_pillar", "destroy_room", "neutralize", "adjust", "reroll", "roll_extra")

    def _s_fx_boost(self, frame: dict, choice: str | None, seat: int | None) -> None:   # IF-BOOST-1, IF-BOOST-2, IF-GAP-8
        self.boost(frame["e"]["n"])
        self.flow.pop(frame)

    def _s_fx_draw_shard(self, frame: dict, choice: str | None, seat: int | None) -> None:   # IF-DRAW-2, IF-GAP-35
        d = self.data
        got = piles.take_random(d["bag"], frame["e"]["n"], self.rng)
        for el in got:
            d["supply"]["shards"][el] += 1
        self.say("{0} draws shards: " + (", ".join(got) or "the bag is empty"), self.cur_seat, kind="shard")
        self.flow.pop(frame)

    def _s_fx_draw_room(self, frame: dict, choice: str | None, seat: int | None) -> None:
        size = frame["e"]["size"]
        if size != "any":
            self.draw_room(size)
        elif self._deck_step(frame, choice):
            return
        self.flow.pop(frame)

    def _s_fx_search(self, frame: dict, choice: str | None, seat: int | None) -> None:
        if not self._deck_step(frame, choice):
            self.flow.pop(frame)

    _s_fx_look = _s_fx_search

    def _deck_step(self, frame: dict, choice: str | None) -> bool:
        """Ask which deck (``choice`` None) or act on the chosen one: ``draw_room`` draws its top room; ``search``
        and ``look`` show its cards and move on to ``take``.  True while the frame waits for an answer."""
        d = self.data
        e = frame["e"]
        if choice is None:
            decks = [z for z in SIZES if d["decks"][z] and z in e.get("decks", SIZES)]
            return self._ask(frame, [(f"deck:{z}", f"{z.title()} deck ({len(d['decks'][z])} rooms)") for z in decks])
        z = choice.split(":", 1)[1]
        if e["do"] == "draw_room":
            self.draw_room(z)
            return False
        deck = d["decks"][z]
        cards = sorted(deck) if e["do"] == "search" else list(reversed(deck[-e["n"]:]))
        frame["deck"], frame["cards"] = z, cards
        if cards:
            self.reveal()                                               # rooms of a hidden deck on show (HIDDEN_COUNTED)
        self.stage(frame, "take")
        self.flow.ask(self.cur_seat, [(f"take:{c}", self.room_label(c)) for c in cards], kind="fx")
        return True

    def _s_fx_take(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        assert choice is not None                                       # the "take" prompt's answer
        cid = choice.split(":", 1)[1]
        deck = d["decks"][frame["deck"]]
        deck.remove(cid)
        d["supply"]["rooms"].append(cid)
        self.mark(self.cur_seat, "supply", cid, text=fx.rc(cid)["name"])
        if frame["e"]["do"] == "search":                                # IF-SRCH-1, IF-SRCH-2
            piles.shuffle(deck, self.rng)
        else:
            rest = [c for c in frame["cards"] if c != cid]
            for c in rest:
                deck.remove(c)
            piles.put_bottom(deck, rest)
        self.say("{0} adds " + self.room_label(cid) + " to the supply", self.cur_seat, kind="room")
        self.flow.pop(frame)

    def _s_fx_crystallize(self, frame: dict, choice: str | None, seat: int | None) -> None:
        do = frame["e"]["do"]
        if choice is not None and choice != "stop":
            self.remove_invader(choice.split(":", 1)[1], crystal=(do == "crystallize"))
            frame["left"] -= 1
            choice = None
        if choice is None and frame["left"] > 0:
            opts = [(f"inv:{p}", f"{do.title()} the {el} invader at {p}") for p, el in fx.invaders(self.data)]
            if opts and self._ask(frame, opts + [("stop", "Stop")]):
                return
        self.flow.pop(frame)

    _s_fx_repel = _s_fx_crystallize

    def _s_fx_repel_room(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        if choice is None:
            rooms = sorted({fx.split(p)[0] for p, _ in fx.invaders(d)})
            if self._ask(frame, [(f"room:{c}", f"Repel every invader in {self.room_label(c)}") for c in rooms]):
                return
        else:
            cid = choice.split(":", 1)[1]
            for p, _el in fx.invaders(d):
                if fx.split(p)[0] == cid:
                    self.remove_invader(p, crystal=False)
        self.flow.pop(frame)

    def _s_fx_destroy_pillar(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        if choice is None:
            places = [f"{cid}.{s}" for cid in sorted(d["rooms"]) for s in sorted(d["rooms"][cid]["pillars"])
                      if s not in d["rooms"][cid]["inv"] and not fx.under_room(d, cid, s)]   # IF-DEST-2
            if self._ask(frame, [(f"pil:{p}", f"Destroy the pillar at {p}") for p in places]):
                return
        else:
            p = choice.split(":", 1)[1]
            cid, s = fx.split(p)
            v = d["rooms"][cid]["pillars"].pop(s)                     # IF-DEST-1
            self.mark(self.cur_seat, "destroy", p, text=f"pillar {v}")
            self.say("{0} destroys the pillar " + str(v) + " at " + p, self.cur_seat, kind="destroy")
        self.flow.pop(frame)

    def _s_fx_destroy_room(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        if choice is None:
            opts = [(f"sup:{c}", f"Destroy {self.room_label(c)} in the supply") for c in d["supply"]["rooms"]]
            opts += [(f"room:{c}", f"Destroy the built {self.room_label(c)}") for c in sorted(d["rooms"])
                     if fx.destroyable(d, c)]
            if self._ask(frame, opts):
                return
        else:
            kind, cid = choice.split(":", 1)
            if kind == "sup":
                d["supply"]["rooms"].remove(cid)
                piles.put_bottom(d["decks"][fx.rc(cid)["size"]], [cid])                # IF-DEST-5
                self.mark(self.cur_seat, "destroy", text=fx.rc(cid)["name"])
                self.say("{0} destroys " + self.room_label(cid) + " in the supply", self.cur_seat, kind="destroy")
            else:
                self.destroy_built(cid)
        self.flow.pop(frame)

    def _s_fx_neutralize(self, frame: dict, choice: str | None, seat: int | None) -> None:   # IF-NEUT-1..3, IF-GAP-47
        d = self.data
        if choice is None:
            self.flow.ask(self.cur_seat, [(f"elem:{el}", f"Neutralize the {el} invaders") for el in ELEMENTS],
                          kind="fx")
            return
        el = choice.split(":", 1)[1]
        if el not in d["neutral"]:
            d["neutral"].append(el)
        self.mark(self.cur_seat, "neutralize", text=el)
        self.say("{0} neutralizes the " + el + " invader ability", self.cur_seat, kind="neutralize")
        self.flow.pop(frame)

    def _s_fx_adjust(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        if choice is None:
            opts = []
            for v in sorted(set(d["dice"])):
                opts += [(f"adj:{v}:{s}", f"Turn a {v} into a {v + k}") for s, k in (("up", 1), ("down", -1))
                         if 1 <= v + k <= 6]
            if self._ask(frame, opts):
                return
        else:
            _, v, way = choice.split(":")
            d["dice"].remove(int(v))
            d["dice"].append(int(v) + (1 if way == "up" else -1))
            d["dice"].sort()
            self.say("{0} turns a " + v + " into a " + str(int(v) + (1 if way == "up" else -1)), self.cur_seat,
                     kind="dice")
        self.flow.pop(frame)

    def _s_fx_reroll(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        if choice is None:
            if self._ask(frame, [(f"reroll:{v}", f"Roll a {v} again") for v in sorted(set(d["dice"]))]):
                return
        else:
            v = int(choice.split(":")[1])
            d["dice"].remove(v)
            nv = self.rng.roll(6)
            d["dice"].append(nv)
            d["dice"].sort()
            self.say("{0} rolls a " + str(v) + " again: " + str(nv), self.cur_seat, kind="dice")
        self.flow.pop(frame)

    def _s_fx_roll_extra(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        n = min(frame["e"]["n"], self.pool())
        got = [self.rng.roll(6) for _ in range(n)]
        d["dice"] = sorted(d["dice"] + got)
        self.say("{0} rolls " + str(n) + " more dice: " + (" ".join(map(str, got)) or "none"), self.cur_seat,
                 kind="dice")
        self.flow.pop(frame)

    # ---------------------------------------------------------------- glossary actions
    def boost(self, n: int = 1) -> None:
        d = self.data
        cap = content.shield_cap(d["difficulty"])
        before = d["shield"]
        d["shield"] = max(before, min(cap, before + n))                 # at (or over) the cap a boost does nothing
        self.say("The ice shield grows to " + str(d["shield"]) + (" (it is at its limit)" if d["shield"] == before else ""),
                 kind="shield")

    def draw_room(self, size: str) -> None:
        """The top room of the ``size`` deck into the supply (IF-DRAW-1; empty deck: nothing, IF-GAP-45)."""
        d = self.data
        deck = d["decks"][size]
        if not deck:
            self.say("The " + size + " deck is empty", kind="room")
            return
        cid = deck.pop()
        self.reveal()                                                   # the top room of a hidden deck (HIDDEN_COUNTED)
        d["supply"]["rooms"].append(cid)
        self.mark(self.cur_seat, "supply", cid, text=fx.rc(cid)["name"])
        self.say("{0} draws " + self.room_label(cid) + " into the supply", self.cur_seat, kind="room")

    def remove_invader(self, place: str, crystal: bool) -> None:
        """Crystallize (into the supply) or repel (into the bag) the invader at ``place`` (IF-CRYS-1, IF-REPEL-1)."""
        d = self.data
        cid, part = fx.split(place)
        room = d["rooms"][cid]
        el = room["inv"].pop(part, None) or room["ginv"].pop(part)
        if crystal:
            d["supply"]["shards"][el] += 1
        else:
            d["bag"].append(el)
        self.mark(self.cur_seat, "crystallize" if crystal else "repel", place, text=el)
        self.say(("{0} crystallizes" if crystal else "{0} repels") + " the " + el + " invader at " + place,
                 self.cur_seat, kind="invader")

    def destroy_built(self, cid: str) -> None:
        """Destroy a built room with nothing on it: invaders repelled, pillars destroyed, card to the bottom
        of its deck; the pillars beneath stay (IF-DEST-5..9, IF-GAP-46)."""
        d = self.data
        room = d["rooms"][cid]
        for p, el in fx.invaders(d):
            if fx.split(p)[0] == cid:
                d["bag"].append(el)
        on = room["on"]
        self.mark(self.cur_seat, "destroy", on, text=fx.rc(cid)["name"])
        if on.startswith("base:"):
            d["base"][int(on[5:])] = None
        else:
            pc, g = fx.split(on)
            del d["rooms"][pc]["top"][g]
        del d["rooms"][cid]
        piles.put_bottom(d["decks"][fx.rc(cid)["size"]], [cid])
        self.say("{0} destroys the built " + self.room_label(cid), self.cur_seat, kind="destroy")

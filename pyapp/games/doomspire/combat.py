"""Lords of Doomspire: combat -- monsters, knight against knight, support, one-shot items,
flight, losses and theft (LD-MON, LD-KVK).

A mixin of :class:`~pyapp.games.doomspire.rules.DoomspireState`.  Frames: ``monster`` (a
knight fights a monster), ``duel`` (knight against knight), ``lose`` (lose, or give the
attacker, one resource or item), ``steal`` (the winner of a duel takes something).  Each
combat frame walks through ``stage``\\ s: ``ask`` (fight or flee), ``fleeto``, ``roll``,
``support`` (the other lords next to the fight, one by one), the one-shot items, ``resolve``.
"""
from __future__ import annotations

from .base import DoomspireBase
from .board import RES, manhattan, res_text

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import KnightData, Monster


class CombatRules(DoomspireBase):
    """Fights and their consequences (a mixin; see the module docstring)."""

    # ------------------------------------------------------------ starting a fight or a loss
    def _push_monster(self, s: int, kid: str, t: str, mon: Monster, from_card: bool) -> None:
        self.flow.push("monster", seat=s, knight=kid, tile=t, monster=mon, from_card=from_card, stage="ask")

    def _push_duel(self, attacker: int, akid: str, defender: int, dkid: str, t: str, fleer: int) -> None:
        """Knight combat on ``t``; ``fleer`` is the side that may try to flee (LD-KVK-4)."""
        self.flow.push("duel", attacker=attacker, attacker_knight=akid, defender=defender, defender_knight=dkid,
                       tile=t, fleer=fleer, stage="ask")

    def _push_lose(self, s: int, why: str, to: int | None = None, kid: str | None = None,
                   to_kid: str | None = None) -> None:
        """Lose 1 resource to the bank; with ``to``, give lord ``to`` 1 resource or 1 item of knight ``kid``
        (to its knight ``to_kid``), chosen by ``s``: a hand-over (LD-KVK-6, LD-KVK-7, LD-GAP-47)."""
        if to is None:
            self.flow.push("lose", seat=s, why=why)
        else:
            self._push_handover(giver=s, giver_knight=kid, taker=to, taker_knight=to_kid, chooser=s)

    def _push_handover(self, giver: int, giver_knight: str | None, taker: int, taker_knight: str | None,
                       chooser: int) -> None:
        """One resource or one item passes from ``giver`` to ``taker``: a theft (``chooser`` the taker,
        LD-KVK-13) or the gift of a partial flight (``chooser`` the giver, LD-KVK-6).  See :meth:`_f_handover`."""
        self.flow.push("handover", giver=giver, giver_knight=giver_knight, taker=taker, taker_knight=taker_knight,
                       chooser=chooser, declined=[])

    def _one_of(self, frame: dict, choice: str | None, seat: int, opts: list[tuple[str, str]], kind: str) -> str | None:
        """The step a loss and a theft share: settle on one of ``opts`` (``(id, label)``, ids ``verb:what``).

        With no answer yet (``choice`` None): ask ``seat`` when there are several options and return None;
        otherwise take the only one.  Once settled the frame is popped and ``what`` (the id's part after the
        colon) is returned.  The caller hands over what was chosen (:meth:`_hand_over` for a resource)."""
        if choice is None:
            if len(opts) > 1:
                self.flow.ask(seat, opts, kind=kind)
                return None
            choice = opts[0][0]
        self.flow.pop(frame)
        return choice.split(":", 1)[1]

    def _hand_over(self, s: int, to: int | None, r: str) -> None:
        """1 resource ``r`` leaves ``s``: to lord ``to``, or to the bank when ``to`` is None."""
        self.data["players"][s]["resources"][r] -= 1
        if to is not None:
            self.data["players"][to]["resources"][r] += 1

    # ------------------------------------------------------------ losses, flee destinations
    def _f_lose(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """Lose 1 resource to the bank (LD-MON-13..15); with none, 1 fame (LD-MON-14), or nothing at 0 fame."""
        s = frame["seat"]
        p = self.data["players"][s]
        opts = [(f"lose:{r}", f"Lose 1 {r}") for r in RES if p["resources"][r] > 0]
        if choice is None and not opts:
            self.flow.pop(frame)
            self._nothing_to(s, "lose")
            return
        what = self._one_of(frame, choice, s, opts, "lose")
        if what is None:
            return
        self._hand_over(s, None, what)
        self.say(f"{{0}} loses 1 {what}", s, kind="lose")

    def _nothing_to(self, s: int, verb: str) -> None:
        """Lord ``s`` owes 1 resource (or item) and has none: 1 fame instead, or nothing at 0 fame
        (LD-MON-14, LD-MON-15, LD-GAP-47)."""
        p = self.data["players"][s]
        if p["fame"] > 0:
            p["fame"] -= 1
            self.say(f"{{0}} has nothing to {verb} and loses 1 fame", s, kind="lose")
        else:
            self.say(f"{{0}} has nothing to {verb}", s, kind="lose")

    def flee_dests(self, s: int, t: str) -> list[str]:
        """LD-GAP-34: nearest own flagged tile, home included (not the combat tile), without knight or monster;
        home if there is none."""
        occ = self.occ()
        home = self.data["players"][s]["home"]
        cands = [u for u in self.owned(s) if u != t and not occ.get(u) and self.data["tiles"][u]["monster"] is None]
        if not cands:
            return [home]
        best = min(manhattan(t, u) for u in cands)
        return sorted(u for u in cands if manhattan(t, u) == best)

    def _flee_roll(self, s: int, k: KnightData) -> int:
        r = self.roll3()
        return min(3, r + self.eff_sum(k, "flee"))                     # items: +1 to flee rolls, best result 3

    def _support_askers(self, t: str, fighters: tuple[int, ...]) -> list[int]:
        """Other lords with units next to the combat, clockwise from the first fighter (LD-GAP-45)."""
        occ = self.occ()
        return [s for s in self.clockwise(fighters[0]) if s not in fighters and self.units_adjacent(s, t, occ) > 0]

    # ------------------------------------------------------------ one-shot items (LD-MON-9)
    def _oneshots(self, k: KnightData) -> list[str]:
        return [i for i in k["items"] if self.C["items"][self.data["items"][i]]["effects"].get("oneshot")]

    def _offer_shot(self, s: int, shots: list[str], target: int, total: int) -> None:
        opts = [(f"use:{i}", f"Use {self.item_name(i)} (+{self.C['items'][self.data['items'][i]]['effects']['oneshot']}; "
                 f"now {total} vs {target})") for i in shots]
        opts.append(("nouse", f"Keep it (now {total} vs {target})"))
        self.flow.ask(s, opts, kind="bonus")

    def _use_shot(self, frame: dict, s: int, k: KnightData, choice: str | None, key: str = "extra") -> None:
        if choice and choice.startswith("use:"):
            iid = choice.split(":")[1]
            k["items"].remove(iid)
            frame[key] = frame.get(key, 0) + self.C["items"][self.data["items"][iid]]["effects"]["oneshot"]
            self.say(f"{{0}} uses {self.item_name(iid)}", s, kind="combat")

    # ------------------------------------------------------------ monster combat (LD-MON)
    def _monster_total(self, frame: dict, k: KnightData) -> int:
        p = self.data["players"][frame["seat"]]
        return (frame["roll"] + p["might"] + self.combat_bonus(k, frame["monster"]["theme"])
                + 2 * (frame["own"] + frame["support"]))

    def _monster_sides(self, frame: dict) -> tuple:
        """A monster fight's seat, tile, monster and knight."""
        s = frame["seat"]
        return s, frame["tile"], frame["monster"], self.knight_of(s, frame["knight"])

    def _s_monster_ask(self, frame: dict, choice: str | None, seat: int | None) -> None:
        s, t, mon, k = self._monster_sides(frame)
        if choice is None:
            base = self.data["players"][s]["might"] + self.combat_bonus(k, mon["theme"]) + 2 * self.units_adjacent(s, t)
            self.flow.ask(s, [("fight", f"Fight the {mon['name']} (might {mon['might']}; you have {base} + 1D3 "
                                        "before support)"),
                              ("flee", "Try to flee (1D3: 1 fight anyway, 2 flee and lose 1 resource, 3 flee home)")],
                          kind="flee")
            return
        if choice == "fight":
            self.stage(frame, "roll")
            return
        r = self._flee_roll(s, k)                                      # LD-MON-2
        self.say(f"{{0}} tries to flee and rolls {r}", s, kind="flee")
        if r == 1:                                                     # LD-MON-3
            self.stage(frame, "roll")
            return
        if r == 3:                                                     # LD-MON-6
            self.send_home(s, k, why=f"flees from the {mon['name']}")
            self._monster_left(frame)
            return
        self.stage(frame, "fleeto")

    def _s_monster_fleeto(self, frame: dict, choice: str | None, seat: int | None) -> None:  # LD-MON-4, LD-MON-5
        s, t, mon, k = self._monster_sides(frame)
        dests = self.flee_dests(s, t)
        if choice is None and len(dests) > 1:
            self.flow.ask(s, [(f"fleeto:{u}", f"Flee to {u}") for u in dests], kind="fleeto")
            return
        dest = choice.split(":")[1] if choice else dests[0]
        self.mark(self.mover(s), "flee", t, dest, text=f"knight {k['id'][1:]} flees from the {mon['name']}")
        k["at"] = dest
        self.say(f"{{0}}'s knight flees to {k['at']}", s, kind="flee")
        self._monster_left(frame)
        self._push_lose(s, why="flee")

    def _s_monster_roll(self, frame: dict, choice: str | None, seat: int | None) -> None:  # LD-MON-7
        s, t, mon = frame["seat"], frame["tile"], frame["monster"]
        frame["roll"] = self.roll3()
        frame["own"] = self.units_adjacent(s, t)
        frame["support"] = 0
        frame["askers"] = self._support_askers(t, (s,))
        self.stage(frame, "support")
        self.say(f"{{0}} rolls {frame['roll']} against the {mon['name']}", s, kind="combat")

    def _s_monster_support(self, frame: dict, choice: str | None, seat: int | None) -> None:  # LD-MON-16, LD-MON-17
        s, t, mon, k = self._monster_sides(frame)
        if choice is not None:
            o = frame["askers"].pop(0)
            if choice == "support:yes":
                n = self.units_adjacent(o, t)
                frame["support"] += n
                self.say(f"{{0}} supports with {n} unit(s)", o, kind="support")
            else:
                self.say("{0} does not support", o, kind="support")
        if frame["askers"]:
            o = frame["askers"][0]
            total = self._monster_total(frame, k)
            self.flow.ask(o, [("support:yes", f"Support {self.name(s)} (+{2 * self.units_adjacent(o, t)}; "
                                              f"now {total} vs {mon['might']})"),
                              ("support:no", f"Do not support {self.name(s)}")], kind="support")
            return
        self.stage(frame, "bonus")

    def _s_monster_bonus(self, frame: dict, choice: str | None, seat: int | None) -> None:  # LD-MON-9
        s, _t, mon, k = self._monster_sides(frame)
        frame["extra"] = 0
        shots = self._oneshots(k)
        if shots:
            self.stage(frame, "shot")
            self._offer_shot(s, shots, mon["might"], self._monster_total(frame, k))
        else:
            self.stage(frame, "resolve")

    def _s_monster_shot(self, frame: dict, choice: str | None, seat: int | None) -> None:
        s, _t, _mon, k = self._monster_sides(frame)
        self._use_shot(frame, s, k, choice)
        self.stage(frame, "resolve")

    def _s_monster_resolve(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        s, t, mon, k = self._monster_sides(frame)
        p = d["players"][s]
        total = self._monster_total(frame, k) + frame.get("extra", 0)
        self.flow.pop(frame)
        if total >= mon["might"]:                                      # LD-MON-10, LD-MON-11
            bonus = self.eff_sum(k, "fame_win")
            p["fame"] += mon["fame"] + bonus
            self.gain(s, mon["loot"])
            d["tiles"][t]["monster"] = None                            # LD-GAP-22
            if mon.get("card"):
                d["discards"][str(self.C["card_by_id"][mon["card"]]["tier"])].append(mon["card"])
            self.mark(self.mover(s), "fight", t, text=f"beats the {mon['name']} ({total} vs {mon['might']})")
            self.say(f"{{0}} beats the {mon['name']} ({total} vs {mon['might']}): +{mon['fame']} fame, "
                     f"{res_text(self._content_loot(mon))}", s, kind="combat")
        else:                                                          # LD-MON-12, LD-MON-13
            self.say(f"{{0}} loses to the {mon['name']} ({total} vs {mon['might']}); the knight goes home", s,
                     kind="combat")
            self.mark(self.mover(s), "fight", t, text=f"loses to the {mon['name']} ({total} vs {mon['might']})")
            self.send_home(s, k, why="goes home")
            d["tiles"][t]["monster"] = mon                             # LD-ADV-14
            if not any(e.get("heal") for e in self.effects(k)):
                self._push_lose(s, why="healing")

    def _content_loot(self, mon: Monster) -> dict[str, int]:
        """The monster's loot as its content lists it (the state's copy may have its keys reordered by JSON)."""
        if mon.get("card"):
            return self.C["card_by_id"][mon["card"]]["loot"]
        return self.C["board"]["bear"]["loot"]

    def _monster_left(self, frame: dict) -> None:
        self.flow.pop(frame)
        self.data["tiles"][frame["tile"]]["monster"] = frame["monster"]   # a fled-from monster stays (LD-GAP-22)

    # ------------------------------------------------------------ knight combat (LD-KVK)
    def _duel_sides(self, frame: dict) -> tuple:
        """A knight fight's attacker, defender, tile and their two knights."""
        a, dd = frame["attacker"], frame["defender"]
        return (a, dd, frame["tile"], self.knight_of(a, frame["attacker_knight"]),
                self.knight_of(dd, frame["defender_knight"]))

    def _s_duel_ask(self, frame: dict, choice: str | None, seat: int | None) -> None:  # LD-KVK-4
        a, dd, t, ka, kd = self._duel_sides(frame)
        fl = frame["fleer"]
        other = a if fl == dd else dd
        if choice is None:
            self.flow.ask(fl, [("fight", f"Fight {self.name(other)}'s knight on {t}"),
                               ("flee", "Try to flee (1D3: 1 fight anyway, 2 flee and give 1 resource or item, "
                                        "3 flee home)")], kind="flee")
            return
        if choice == "fight":
            self.stage(frame, "roll")
            return
        kf = kd if fl == dd else ka
        r = self._flee_roll(fl, kf)
        self.say(f"{{0}} tries to flee and rolls {r}", fl, kind="flee")
        if r == 1:                                                     # LD-KVK-5
            self.stage(frame, "roll")
            return
        if r == 3:                                                     # LD-KVK-8
            self.flow.pop(frame)
            self.send_home(fl, kf, why="flees home from a knight fight", by=self.mover(a))
            return
        self.stage(frame, "fleeto")

    def _s_duel_fleeto(self, frame: dict, choice: str | None, seat: int | None) -> None:  # LD-KVK-6, LD-KVK-7
        a, dd, t, ka, kd = self._duel_sides(frame)
        fl = frame["fleer"]
        other = a if fl == dd else dd
        kf, ko = (kd, ka) if fl == dd else (ka, kd)
        dests = self.flee_dests(fl, t)
        if choice is None and len(dests) > 1:
            self.flow.ask(fl, [(f"fleeto:{u}", f"Flee to {u}") for u in dests], kind="fleeto")
            return
        self.flow.pop(frame)
        self._push_lose(fl, why="flee", to=other, kid=kf["id"], to_kid=ko["id"])
        dest = choice.split(":")[1] if choice else dests[0]
        self.mark(self.mover(a), "flee", t, dest, text=f"{self.name(fl)}'s knight {kf['id'][1:]} flees a knight fight")
        kf["at"] = dest
        self.say(f"{{0}}'s knight flees to {kf['at']}", fl, kind="flee")

    def _s_duel_roll(self, frame: dict, choice: str | None, seat: int | None) -> None:  # LD-KVK-9
        a, dd, t = frame["attacker"], frame["defender"], frame["tile"]
        self._fight_happens(t)
        frame["roll_a"] = self.roll3() + self.roll3()
        frame["roll_d"] = self.roll3() + self.roll3()
        frame["own_a"], frame["own_d"] = self.units_adjacent(a, t), self.units_adjacent(dd, t)
        frame["support_a"], frame["support_d"] = 0, 0
        frame["askers"] = self._support_askers(t, (a, dd))
        self.stage(frame, "support")
        self.say(f"knight combat on {t}: {{0}} rolls {frame['roll_a']}, {{1}} rolls {frame['roll_d']}", a, dd,
                 kind="combat")

    def _s_duel_support(self, frame: dict, choice: str | None, seat: int | None) -> None:
        a, dd, t, ka, kd = self._duel_sides(frame)
        if choice is not None:
            o = frame["askers"].pop(0)
            n = self.units_adjacent(o, t)
            if choice == f"support:{a + 1}":
                frame["support_a"] += n
                self.say("{0} supports {1}", o, a, kind="support")
            elif choice == f"support:{dd + 1}":
                frame["support_d"] += n
                self.say("{0} supports {1}", o, dd, kind="support")
            else:
                self.say("{0} stays out of it", o, kind="support")
        if frame["askers"]:
            o = frame["askers"][0]
            ta, td = self._duel_totals(frame, ka, kd)
            self.flow.ask(o, [(f"support:{a + 1}", f"Support {self.name(a)} ({ta} now)"),
                              (f"support:{dd + 1}", f"Support {self.name(dd)} ({td} now)"),
                              ("support:no", "Support nobody")], kind="support")
            return
        self.stage(frame, "shot_a")

    def _s_duel_shot_a(self, frame: dict, choice: str | None, seat: int | None) -> None:
        self._duel_shot(frame, choice, "a", then="shot_d")

    def _s_duel_shot_d(self, frame: dict, choice: str | None, seat: int | None) -> None:
        self._duel_shot(frame, choice, "d", then="resolve")

    def _duel_shot(self, frame: dict, choice: str | None, side: str, then: str) -> None:
        """One side of a knight fight may use a one-shot item once the totals are known."""
        a, dd, _t, ka, kd = self._duel_sides(frame)
        seat_, kk = (a, ka) if side == "a" else (dd, kd)
        if choice is not None:
            self._use_shot(frame, seat_, kk, choice, key="extra_" + side)
            self.stage(frame, then)
            return
        shots = self._oneshots(kk)
        if shots and not frame.get("asked_" + side):
            frame["asked_" + side] = True
            ta, td = self._duel_totals(frame, ka, kd)
            mine, theirs = (ta, td) if side == "a" else (td, ta)
            self._offer_shot(seat_, shots, theirs, mine)
            return
        self.stage(frame, then)

    def _s_duel_resolve(self, frame: dict, choice: str | None, seat: int | None) -> None:
        a, dd, t, ka, kd = self._duel_sides(frame)
        ta, td = self._duel_totals(frame, ka, kd)
        if ta == td:                                                   # LD-KVK-11, LD-GAP-50
            frame["roll_a"] = self.roll3() + self.roll3()
            frame["roll_d"] = self.roll3() + self.roll3()
            self.say(f"tie at {ta}; reroll: {frame['roll_a']} and {frame['roll_d']}", kind="combat")
            return
        self.flow.pop(frame)
        (w, kw), (l, kl) = ((a, ka), (dd, kd)) if ta > td else ((dd, kd), (a, ka))
        self.data["players"][w]["fame"] += 1                           # LD-KVK-12
        self.say(f"{{0}} wins the knight combat on {t} ({max(ta, td)} vs {min(ta, td)}); {{1}}'s knight goes home",
                 w, l, kind="combat")
        self.mark(self.mover(a), "fight", t, text=f"knight fight: {self.name(w)} beats {self.name(l)} "
                                                   f"({max(ta, td)} vs {min(ta, td)})")
        self.send_home(l, kl, why="goes home", by=self.mover(a))       # LD-KVK-14
        self._push_handover(giver=l, giver_knight=kl["id"], taker=w, taker_knight=kw["id"], chooser=w)  # LD-KVK-13

    def _fight_happens(self, t: str) -> None:
        """A knight fight on ``t`` really takes place: the entry that led to it draws no adventure card
        (LD-TILE-11, LD-GAP-36; a flight before any fight is not combat)."""
        for fr in reversed(self.flow.stack):
            if fr["kind"] == "entry" and fr["tile"] == t:
                fr["fought"] = True
                return

    def _duel_totals(self, frame: dict, ka: KnightData, kd: KnightData) -> tuple[int, int]:
        pa, pd = self.data["players"][frame["attacker"]], self.data["players"][frame["defender"]]
        ta = (frame["roll_a"] + pa["might"] + 2 * (frame["own_a"] + frame["support_a"])
              + self.combat_bonus(ka, None, duel=True) + frame.get("extra_a", 0))
        td = (frame["roll_d"] + pd["might"] + 2 * (frame["own_d"] + frame["support_d"])
              + self.combat_bonus(kd, None, duel=True) + frame.get("extra_d", 0))
        return ta, td

    def _f_handover(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """One resource or one item passes from the giver's lord and knight to the taker's: the theft after a
        knight fight (the taker chooses: LD-KVK-13, LD-KVK-15, LD-GAP-48) or the gift after a partial flight (the
        fleeing giver chooses: LD-KVK-6, LD-KVK-7, LD-GAP-47); items only between the two knights of the fight.

        Every item of the giver's knight is offered.  One that does not fit on the taking knight asks the taker
        which of its own items to drop on its tile to make room, or to turn it down (stage ``room``, LD-GAP-44);
        a turned-down item is not offered again and the chooser picks something else.  The hand-over settles by
        itself only when a single resource or a single item that fits is all there is.  A giver of a gift with
        nothing at all loses 1 fame instead (LD-GAP-47), but not once the taker has turned an item down."""
        if frame.get("stage") == "room":
            self._handover_room_step(frame, choice)
            return
        g, t = frame["giver"], frame["taker"]
        steal = frame["chooser"] == t
        verb = "steal" if steal else "give"
        kg, kt = self.knight(g, frame["giver_knight"]), self.knight(t, frame["taker_knight"])
        res = self.data["players"][g]["resources"]
        opts = [(f"{verb}:{r}", f"Take 1 {r}" if steal else f"Give 1 {r} to {self.name(t)}") for r in RES if res[r] > 0]
        if kg is not None and kt is not None:                          # an item only between the fighting knights
            for i in kg["items"]:
                if i in frame["declined"]:
                    continue
                fits = self._fits(kt, i)
                opts.append((f"{verb}:{i}", (f"Take {self.item_name(i)}" + ("" if fits else " (drop an item for it)"))
                             if steal else (f"Give {self.item_name(i)} to {self.name(t)}"
                                            + ("" if fits else " (their hands are full: they may drop an item for "
                                                               "it or turn it down)"))))
        if not opts:
            self.flow.pop(frame)
            if not steal and not frame["declined"]:
                self._nothing_to(g, "give")
            return
        only = opts[0][0].split(":", 1)[1]
        if choice is None and len(opts) == 1 and only not in RES and not (kt and self._fits(kt, only)):
            self.flow.pop(frame)                                       # the only thing is an item with no room for it
            self._push_room(frame, only)
            return
        what = self._one_of(frame, choice, frame["chooser"], opts, verb)
        if what is None:
            return
        if what in RES:
            self._hand_over(g, t, what)
            if steal:
                self.say(f"{{0}} takes 1 {what} from {{1}}", t, g, kind="steal")
            else:
                self.say(f"{{0}} gives 1 {what} to {{1}}", g, t, kind="lose")
            return
        if self._fits(self.knight_of(t, frame["taker_knight"]), what):
            self._take_item(frame, what)
            return
        self._push_room(frame, what)

    def _push_room(self, frame: dict, what: str) -> None:
        self.flow.push("handover", **{k: frame[k] for k in ("giver", "giver_knight", "taker", "taker_knight",
                                                            "chooser")},
                       declined=list(frame["declined"]), stage="room", item=what)

    def _handover_room_step(self, frame: dict, choice: str | None) -> None:
        """The taking knight has no room for the item: its lord drops one of its own items, or turns it down."""
        g, t, what = frame["giver"], frame["taker"], frame["item"]
        steal = frame["chooser"] == t
        kt = self.knight_of(t, frame["taker_knight"])
        if choice is None:
            opts = [(f"room:{i}", f"Drop {self.item_name(i)} on {kt['at']} and take {self.item_name(what)}")
                    for i in kt["items"] if self._fits(kt, what, drop=i)]
            opts.append(("room:no", f"Keep your items: take something else instead of {self.item_name(what)}"
                         if steal else f"Keep your items: turn down {self.item_name(what)} "
                                       f"({self.name(g)} gives something else if they can)"))
            self.flow.ask(t, opts, kind="steal" if steal else "gift")
            return
        self.flow.pop(frame)
        mine = choice.split(":", 1)[1]
        if mine == "no":                                               # back to the choice, without this item
            if not steal:
                self.say(f"{{0}} turns down {self.item_name(what)} from {{1}}", t, g, kind="lose")
            self.flow.push("handover", **{k: frame[k] for k in ("giver", "giver_knight", "taker", "taker_knight",
                                                                "chooser")},
                           declined=frame["declined"] + [what])
            return
        kt["items"].remove(mine)
        self.data["tiles"][kt["at"]]["items"].append(mine)
        self.data["moved_items"].append([t, mine, self.data["flow"]["turn"]])   # LD-ITEM-4, as a drop
        self.say(f"{{0}}'s knight {frame['taker_knight'][1:]} drops {self.item_name(mine)} on {kt['at']}", t,
                 kind="item")
        self._take_item(frame, what)

    def _fits(self, k: KnightData, iid: str, drop: str | None = None) -> bool:
        """Whether knight ``k`` could carry item ``iid`` too (after dropping ``drop``), counting carry bonuses."""
        items = [i for i in k["items"] if i != drop] + [iid]
        return len(items) <= self.slots({"id": k["id"], "at": k["at"], "items": items, "followers": k["followers"],
                                          "done": k["done"]})

    def _take_item(self, frame: dict, what: str) -> None:
        g, t = frame["giver"], frame["taker"]
        kt, kg = self.knight_of(t, frame["taker_knight"]), self.knight_of(g, frame["giver_knight"])
        kg["items"].remove(what)
        kt["items"].append(what)
        self.overflow(kg)
        if frame["chooser"] == t:
            self.say(f"{{0}} takes {self.item_name(what)} from {{1}}", t, g, kind="steal")
            self.mark(self.mover(t), "item", kt["at"],
                      text=f"{self.name(t)} takes {self.item_name(what)} from {self.name(g)}")
        else:
            self.say(f"{{0}} gives {self.item_name(what)} to {{1}}", g, t, kind="lose")

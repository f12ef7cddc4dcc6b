"""Lords of Doomspire: the dragon -- impressing it or fighting it, its hoard, a lord's last
knight, and the final ranking once it is impressed three times (LD-DOOM, LD-DRAG, LD-VIC, LD-RANK).

A mixin of :class:`~pyapp.games.doomspire.rules.DoomspireState`.  Frames: ``dragon`` (a
knight on Doomspire: ``stage`` check, roll, support, bonus, shot, resolve, impress),
``last`` (the last knight is gone: stay or concede), ``tie`` (the King breaks a tie for a title).
"""
from __future__ import annotations

from ...engine import Outcome
from .base import DoomspireBase
from .board import stack_text

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import KnightData

TITLE_NAMES = {"hand": "Hand of the King", "coin": "Master of Coin", "jester": "Court Jester"}


class DragonRules(DoomspireBase):
    """The dragon of Doomspire and the crowning (a mixin; see the module docstring)."""

    def impresses(self, s: int, k: KnightData) -> str | None:
        p = self.data["players"][s]
        dr = self.C["board"]["dragon"]
        if p["fame"] >= dr["fame_threshold"]:
            return "fame"                                              # LD-VIC-3
        if p["resources"]["gold"] >= dr["gold_threshold"]:
            return "gold"                                              # LD-VIC-5
        if self.starred_count(s) >= dr["starred_threshold"]:
            return "economy"                                           # LD-VIC-4
        if any(e.get("ring") for e in self.effects(k)):
            return "ring"                                              # LD-VIC-7, LD-GAP-25
        return None

    def _dragon_total(self, frame: dict, k: KnightData) -> int:
        p = self.data["players"][frame["seat"]]
        return (frame["roll_knight"] + p["might"] + 2 * (frame["own"] + frame["support"])
                + self.combat_bonus(k, None, duel=True) + frame.get("extra", 0))

    def _s_dragon_check(self, frame: dict, choice: str | None, seat: int | None) -> None:  # LD-DOOM-5, LD-DOOM-6
        s, t = frame["seat"], frame["tile"]
        why = self.impresses(s, self.knight_of(s, frame["knight"]))
        if why:
            self.say(f"the dragon is impressed by {{0}}'s {why}", s, kind="dragon")
            self.mark(self.mover(s), "dragon", t, text=f"impresses the dragon ({why})")
            self.stage(frame, "impress")
        else:
            self.stage(frame, "roll")
            self.say("{0} must fight the dragon", s, kind="dragon")

    def _s_dragon_roll(self, frame: dict, choice: str | None, seat: int | None) -> None:  # LD-DRAG-5
        d = self.data
        s, t = frame["seat"], frame["tile"]
        frame["roll_knight"] = self.roll3() + self.roll3()
        frame["roll_dragon"] = self.roll3() + self.roll3()
        frame["own"] = self.units_adjacent(s, t)
        frame["support"] = 0
        frame["askers"] = self._support_askers(t, (s,))
        rival = max((o for o in self.active_seats() if o != s),
                    key=lambda o: (d["players"][o]["fame"], -o), default=None)
        frame["rival"] = rival                                         # LD-DRAG-4: the rival rolls for the dragon
        if rival is not None:
            self.say(f"{{0}} rolls {frame['roll_knight']}; the dragon (rolled by {{1}}) rolls {frame['roll_dragon']}",
                     s, rival, kind="dragon")
        else:
            self.say(f"{{0}} rolls {frame['roll_knight']}; the dragon rolls {frame['roll_dragon']}", s, kind="dragon")
        self.stage(frame, "support")

    def _s_dragon_support(self, frame: dict, choice: str | None, seat: int | None) -> None:
        s, t = frame["seat"], frame["tile"]
        if choice is not None:
            o = frame["askers"].pop(0)
            if choice == "support:yes":
                frame["support"] += self.units_adjacent(o, t)
                self.say("{0} supports against the dragon", o, kind="support")
        if frame["askers"]:
            o = frame["askers"][0]
            self.flow.ask(o, [("support:yes", f"Support {self.name(s)} against the dragon"),
                              ("support:no", "Do not support")], kind="support")
            return
        self.stage(frame, "bonus")

    def _s_dragon_bonus(self, frame: dict, choice: str | None, seat: int | None) -> None:
        s = frame["seat"]
        k = self.knight_of(s, frame["knight"])
        shots = self._oneshots(k)
        if shots:
            self.stage(frame, "shot")
            self._offer_shot(s, shots, frame["roll_dragon"] + self.C["board"]["dragon"]["might"],
                             self._dragon_total(frame, k))
        else:
            self.stage(frame, "resolve")

    def _s_dragon_shot(self, frame: dict, choice: str | None, seat: int | None) -> None:
        s = frame["seat"]
        self._use_shot(frame, s, self.knight_of(s, frame["knight"]), choice)
        self.stage(frame, "resolve")

    def _s_dragon_resolve(self, frame: dict, choice: str | None, seat: int | None) -> None:
        s, t = frame["seat"], frame["tile"]
        k = self.knight_of(s, frame["knight"])
        tk = self._dragon_total(frame, k)
        td = frame["roll_dragon"] + self.C["board"]["dragon"]["might"]  # LD-DRAG-3
        if tk == td:                                                    # LD-DRAG-6
            frame["roll_knight"] = self.roll3() + self.roll3()
            frame["roll_dragon"] = self.roll3() + self.roll3()
            self.say(f"tie at {tk}; reroll: {frame['roll_knight']} and {frame['roll_dragon']}", kind="dragon")
            return
        if tk > td:                                                     # LD-DOOM-7, LD-VIC-6
            self.say(f"{{0}} defeats the dragon ({tk} vs {td}) and impresses it", s, kind="dragon")
            self.mark(self.mover(s), "dragon", t, text=f"defeats the dragon ({tk} vs {td})")
            self.stage(frame, "impress")
            return
        self.flow.pop(frame)                                            # LD-DOOM-11, LD-DRAG-7
        self.say(f"the dragon eats {{0}}'s knight {k['id'][1:]} ({tk} vs {td})", s, kind="dragon")
        self.mark(self.mover(s), "dragon", t, text=f"the dragon eats knight {k['id'][1:]} ({tk} vs {td})")
        self.data["players"][s]["knights"].remove(k)
        if not self.data["players"][s]["knights"]:
            self.flow.push("last", seat=s)                              # LD-DOOM-12

    def _s_dragon_impress(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """Take a treasure stack (LD-DOOM-8, LD-GAP-26, LD-GAP-27)."""
        d = self.data
        s, t = frame["seat"], frame["tile"]
        if choice is None and len(d["hoard"]) > 1:
            self.flow.ask(s, [(f"stack:{i + 1}", f"Take treasure stack {i + 1}: {stack_text(h)}")
                              for i, h in enumerate(d["hoard"])], kind="stack")
            return
        i = int(choice.split(":")[1]) - 1 if choice else 0
        stack = d["hoard"].pop(i)
        self.gain(s, stack)
        d["impressions"].append(s)                                      # LD-VIC-1, LD-GAP-28
        self.say(f"{{0}} takes {stack_text(stack)} ({len(d['impressions'])} impression(s) so far)", s, kind="dragon")
        self.mark(self.mover(s), "dragon", t, text=f"takes the treasure {stack_text(stack)}")
        self.flow.pop(frame)
        if not d["hoard"]:                                              # LD-DOOM-9, LD-VIC-9
            self._crown(s)
            return
        self.send_home(s, self.knight_of(s, frame["knight"]), why="is flown home by the dragon")  # LD-DOOM-10, LD-VIC-8

    def _f_last(self, frame: dict, choice: str | None, seat: int | None) -> None:
        s = frame["seat"]
        if choice is None:
            self.flow.ask(s, [("stay", "Stay in the game and save up for a new knight"), ("concede", "Concede defeat")],
                          kind="last")
            return
        self.flow.pop(frame)
        if choice == "concede":
            self.concede(s)
        else:
            self.say("{0} stays in the game without knights", s, kind="concede")

    # ------------------------------------------------------------ final ranking (LD-RANK)
    def _crown(self, king: int) -> None:
        d = self.data
        d["flow"]["stack"].clear()
        d["flow"]["prompt"] = None
        d["window"] = None
        d["final_active"] = self.flow.active
        pool = [s for s in self.active_seats() if s != king]
        titles = {0: [], 1: ["jester"], 2: ["hand", "jester"]}.get(len(pool), ["hand", "coin", "jester"])
        self.goto("ranking")
        d["ranking"] = {"king": king, "pool": pool, "titles": titles, "placed": [[king]], "names": ["King of Doomspire"]}
        self.say("{0} impressed the dragon for the third time and is King of Doomspire", king, kind="crown")
        self._rank_next()

    def _rank_key(self, title: str, s: int) -> tuple[int, int]:
        p = self.data["players"][s]
        if title == "hand":                                            # LD-RANK-4, LD-RANK-5
            return (len(self.owned(s)), self.starred_count(s))
        return (p["resources"]["gold"], sum(p["resources"].values()))  # LD-RANK-6, LD-RANK-7

    def _rank_next(self, pick: int | None = None) -> None:
        rk = self.data["ranking"]
        while rk["titles"]:
            title = rk["titles"][0]
            if title == "jester":                                      # LD-RANK-8
                chosen = list(rk["pool"])
            else:
                best = max(self._rank_key(title, s) for s in rk["pool"])
                tied = [s for s in rk["pool"] if self._rank_key(title, s) == best]
                if len(tied) > 1 and pick not in tied:
                    self.flow.stack.clear()
                    self.flow.push("tie", title=title)
                    self.flow.ask(rk["king"], [(f"pick:{s + 1}", f"Name {self.name(s)} {TITLE_NAMES[title]}")
                                               for s in tied], kind="tie")
                    return
                chosen = [pick] if len(tied) > 1 else tied
                pick = None
            rk["titles"].pop(0)
            rk["placed"].append(chosen)
            rk["names"].append(TITLE_NAMES[title])
            rk["pool"] = [s for s in rk["pool"] if s not in chosen]
            self.say(", ".join("{%d}" % i for i in range(len(chosen))) + f": {TITLE_NAMES[title]}", *chosen,
                     kind="title")
        outs = [s for s in range(self.players) if self.data["players"][s]["out"]]
        ranking = rk["placed"] + ([outs] if outs else [])
        self.finish(Outcome.ranked(ranking, f"dragon impressed three times: {self.name(rk['king'])} is King of Doomspire"))

    def _f_tie(self, frame: dict, choice: str | None, seat: int | None) -> None:
        if choice is None:
            return
        self._rank_next(int(choice.split(":")[1]) - 1)

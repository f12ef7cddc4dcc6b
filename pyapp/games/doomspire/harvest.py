"""Lords of Doomspire: the harvest phase, buildings, and trade offers between lords
(LD-HARV, LD-BLD, LD-TERR-4/5, LD-TRADE).

A mixin of :class:`~pyapp.games.doomspire.rules.DoomspireState`; frame ``offer`` asks the other
lord to accept or decline a trade (offers are made in every phase from round 2).
"""
from __future__ import annotations

from ...engine import Action
from .base import DoomspireBase
from .board import ALL, COAST, RES, res_text

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import Occupancy


class HarvestRules(DoomspireBase):
    """Harvest, buildings and trade offers (a mixin; see the module docstring)."""

    # ------------------------------------------------------------ harvest (LD-HARV, LD-TERR-4/5)
    def eligible(self, s: int, occ: Occupancy | None = None) -> list[str]:
        """Tiles ``s`` may harvest: own unblockaded tiles plus tiles ``s`` blockades (LD-HARV-4, LD-TERR-4/5)."""
        occ = self.occ() if occ is None else occ
        r2 = self.data["round"] >= 2
        out = []
        for t in ALL:                                # board order, whatever the dict's order after a JSON round trip
            x = self.data["tiles"][t]
            if x["owner"] is None or not self.is_resource(t):
                continue
            others = [s2 for s2, _k in occ.get(t, ()) if s2 != x["owner"]]
            if x["owner"] == s:
                if r2 and others and not self.protected(t, occ):
                    continue
                out.append(t)
            elif r2 and s in others and not self.protected(t, occ):
                out.append(t)
        return out

    def _legal_harvest(self, s: int) -> list[Action]:
        p = self.data["players"][s]
        res = p["resources"]
        hv = p["harvest"]
        out = []
        if not hv["used_building"]:
            cap = hv["capacity"] + sum(self.unused(s))
            left = [t for t in self.eligible(s) if t not in hv["harvested"]]
            if cap > 0:
                for t in left:
                    out.append(Action(f"harvest:{t}", f"Harvest {t} ({res_text(self.kind(t)['yield'])})", "harvest"))
                if len(left) > 1 and cap >= len(left):
                    out.append(Action("harvest:all", f"Harvest all {len(left)} tiles", "harvest"))
        bld = p["buildings"]
        if "market" in bld:                                           # LD-BLD-12
            sellable = ("food", "wood", "ore")
            for i, a in enumerate(sellable):
                for b in sellable[i:]:
                    if (a == b and res[a] >= 2) or (a != b and res[a] >= 1 and res[b] >= 1):
                        out.append(Action(f"sell:{a}+{b}", f"Market: sell 1 {a} and 1 {b} for 1 gold", "building"))
        if "blacksmith" in bld and not hv["smith"] and self.can_pay(s, {"gold": 1, "ore": 3}):
            out.append(Action("smith", "Blacksmith: 1 gold + 3 ore for 1 might", "building"))
        if "fletcher" in bld and not hv["fletch"] and self.can_pay(s, {"wood": 3, "ore": 1}):
            out.append(Action("fletch", "Fletcher: 3 wood + 1 ore for 1 might", "building"))
        for key, bd in self.C["builds"].items():
            if self.can_build(s, key):
                out.append(Action(f"build:{key}", f"Build: {bd['name']} ({res_text(bd['cost'])}) and end the harvest",
                                  "build"))
        out.extend(self._item_actions(s, None, pick=False))
        out.extend(self._offer_actions(s))
        out.append(Action("done", "Finish the harvest phase without building", "end"))
        out.append(Action("concede", "Concede defeat", "concede"))
        return out

    def _end_harvest(self) -> None:
        """The single builds come at the end of the phase, once everyone has harvested (LD-HARV-2, LD-HARV-10,
        LD-HARV-12): a knight recruited now does not change who may harvest in this harvest."""
        for s in self.active_seats():
            p = self.data["players"][s]
            key = (p["harvest"] or {}).get("build")
            if key:
                self._build(s, key)

    def _build(self, s: int, key: str) -> None:
        p = self.data["players"][s]
        bd = self.C["builds"][key]
        if key == "knight":
            p["knights"].append({"id": f"k{p['next_knight']}", "at": p["home"], "items": [], "followers": [],
                                 "done": False})                      # LD-BLD-2
            p["next_knight"] += 1
        elif key == "boat":
            zone = COAST[p["home"]]                                   # LD-BLD-6
            p["boats"].append({"id": f"b{p['next_boat']}", "zone": zone})
            p["next_boat"] += 1
        elif key == "warship":
            p["warship"] = True                                       # LD-BLD-9
        else:
            p["buildings"].append(key)
            p["fame"] += bd.get("fame", 0)                            # LD-BLD-19, LD-BLD-22
        self.say(f"{{0}} builds: {bd['name']}", s, kind="build")

    def can_build(self, s: int, key: str) -> bool:
        p = self.data["players"][s]
        C = self.C
        bd = C["builds"][key]
        if not self.can_pay(s, bd["cost"]):
            return False
        if key == "knight":
            return len(p["knights"]) < C["max_knights"]              # LD-BLD-4
        if key == "boat":
            return len(p["boats"]) < C["max_boats"]                  # LD-BLD-7
        if key == "warship":
            return not p["warship"]
        if bd.get("needs") and bd["needs"] not in p["buildings"]:
            return False                                              # LD-BLD-21
        return key not in p["buildings"]                              # LD-GAP-58

    def _do_harvest(self, s: int, action: Action) -> None:
        d = self.data
        aid = action.id
        p = d["players"][s]
        hv = p["harvest"]
        if aid == "concede":
            self.flow.push("confirm", seat=s)
            return
        if self._do_offer(s, aid):
            return
        head, _, rest = aid.partition(":")
        if head == "harvest":                                         # LD-HARV-3..6
            left = [t for t in self.eligible(s) if t not in hv["harvested"]]
            todo = left if rest == "all" else [rest]
            for t in todo:
                if hv["capacity"] == 0:
                    dice = [(v, i) for i, (v, u) in enumerate(zip(p["dice"], p["used"])) if not u]
                    v, i = max(dice)
                    p["used"][i] = True
                    hv["capacity"] += v
                hv["capacity"] -= 1
                hv["harvested"].append(t)
                self.gain(s, self.kind(t)["yield"])
            self.say(f"{{0}} harvests {', '.join(todo)}", s, kind="harvest")
        elif head == "sell":
            a, b = rest.split("+")
            p["resources"][a] -= 1
            p["resources"][b] -= 1
            p["resources"]["gold"] += 1
            hv["used_building"] = True
            self.say(f"{{0}} sells {a} and {b} for 1 gold", s, kind="building")
        elif head == "smith":                                         # LD-BLD-15
            self.pay(s, {"gold": 1, "ore": 3})
            p["might"] += 1
            hv["smith"] = hv["used_building"] = True
            self.say("{0}'s blacksmith forges 1 might", s, kind="building")
        elif head == "fletch":                                        # LD-BLD-17
            self.pay(s, {"wood": 3, "ore": 1})
            p["might"] += 1
            hv["fletch"] = hv["used_building"] = True
            self.say("{0}'s fletcher makes 1 might", s, kind="building")
        elif head == "build":                                         # LD-HARV-10..12
            bd = self.C["builds"][rest]
            self.pay(s, bd["cost"])
            hv["build"] = rest                                        # it comes at the end of the phase
            self.flow.done(s)
            self.say(f"{{0}} pays for: {bd['name']} (built at the end of the harvest)", s, kind="build")
        elif head == "done":
            self.flow.done(s)
        elif head in ("drop", "dismiss"):
            self._do_item(s, head, rest)
        else:
            raise ValueError(aid)

    # ------------------------------------------------------------ trade offers (LD-TRADE)
    def _offer_actions(self, s: int) -> list[Action]:
        """LD-TRADE-1, LD-GAP-57: from round 2, offer 1 or 2 of a resource for 1 of another (2 offers a phase)."""
        d = self.data
        p = d["players"][s]
        if d["round"] < 2 or p["offers"] >= 2:
            return []
        out = []
        for o in self.active_seats():
            if o == s:
                continue
            for a in RES:
                for b in RES:
                    if a == b:
                        continue
                    for n in (1, 2):
                        if p["resources"][a] >= n:
                            out.append(Action(f"offer:{o + 1}:{'' if n == 1 else n}{a}>{b}",
                                              f"Offer {self.name(o)} {n} {a} for 1 {b}", "trade"))
        return out

    def _do_offer(self, s: int, aid: str) -> bool:
        """An ``offer:`` action in any phase: ask the other lord (returns False for other actions)."""
        if not aid.startswith("offer:"):
            return False
        _, o, deal = aid.split(":")
        give, get = deal.split(">")
        n = 1
        if give[0].isdigit():
            n, give = int(give[0]), give[1:]
        to = int(o) - 1
        self.data["players"][s]["offers"] += 1
        self.say(f"{{0}} offers {{1}} {n} {give} for 1 {get}", s, to, kind="trade")
        self.flow.push("offer", seat=s, to=to, give=give, n=n, get=get)
        return True

    def _f_offer(self, frame: dict, choice: str | None, seat: int | None) -> None:
        to, s = frame["to"], frame["seat"]
        if choice is None:
            opts = []
            if (self.data["players"][to]["resources"][frame["get"]] >= 1
                    and self.data["players"][s]["resources"][frame["give"]] >= frame["n"]):
                opts.append(("accept", f"Accept: give 1 {frame['get']}, receive {frame['n']} {frame['give']} "
                                       f"from {self.name(s)}"))
            opts.append(("decline", f"Decline {self.name(s)}'s offer"))
            self.flow.ask(to, opts, kind="offer")
            return
        self.flow.pop(frame)
        if choice == "accept":
            self.gain(to, {frame["give"]: frame["n"], frame["get"]: -1})
            self.gain(s, {frame["give"]: -frame["n"], frame["get"]: 1})
            self.say("{0} accepts the trade", to, kind="trade")
        else:
            self.say("{0} declines the trade", to, kind="trade")


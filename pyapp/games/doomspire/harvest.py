"""Lords of Doomspire: the harvest phase, buildings, and trade offers between lords
(LD-HARV, LD-BLD, LD-TERR-4/5, LD-TRADE).

A mixin of :class:`~pyapp.games.doomspire.rules.DoomspireState`; frame ``offer`` asks the other
lord to accept or decline a trade (offers are drafted and sent in every phase from round 2).  It also
holds the "at any time" actions (``_free`` / ``_do_free``: trades, dropping items, dismissing followers),
which any lord may take whether or not it is to act.
"""
from __future__ import annotations

from ...engine import Action
from .base import CONCEDE, DoomspireBase, ktype_of
from .board import BOARD_ORDER, COAST, RES, res_text

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import Occupancy


# the harvest listing's actions, made once (content is fixed): (tile, kind code) -> harvest, build key -> build
_HARVEST: dict = {}
_BUILD: dict = {}
_RH = ("resource", "home")
_DONE = Action("done", "Finish the harvest phase without building", "end")


class HarvestRules(DoomspireBase):
    """Harvest, buildings and trade offers (a mixin; see the module docstring)."""

    # ------------------------------------------------------------ harvest (LD-HARV, LD-TERR-4/5)
    def eligible(self, s: int, occ: Occupancy | None = None, own: list[str] | None = None) -> list[str]:
        """Tiles ``s`` may harvest: own unblockaded tiles plus tiles ``s`` blockades (LD-HARV-4, LD-TERR-4/5).
        ``own``: :meth:`own_tiles` of ``s``, if the caller has it (not changed here)."""
        d = self.data
        tiles = d["tiles"]
        # the tiles ``s`` owns (one pass over the board, in C), then the tiles its knights stand on: the only
        # tiles a blockade can add (the rules' scan of every tile gave the same list, in board order below)
        out = ([t for t, x in tiles.items() if x["owner"] == s and ktype_of(x["kind"]) in _RH] if own is None
               else list(own))
        if d["round"] >= 2:                                          # blockades count from round 2 (LD-TERR-4/5)
            occ = self.occ() if occ is None else occ
            own = out
            out = []
            for t in own:
                here = occ.get(t)
                if here and any(s2 != s for s2, _k in here) and not self.protected(t, occ):
                    continue
                out.append(t)
            for k in d["players"][s]["knights"]:
                t = k["at"]
                x = tiles[t]
                o = x["owner"]
                if o is None or o == s or t in out or ktype_of(x["kind"]) not in _RH:
                    continue
                if not self.protected(t, occ):
                    out.append(t)
        out.sort(key=BOARD_ORDER.__getitem__)        # board order, whatever the dict's order after a JSON round trip
        return out

    def harvest_spare(self, s: int, occ: Occupancy | None = None, need: int | None = None) -> list[int]:
        """The unspent dice of ``s`` its harvest could not use if it came now: the harvest spends the highest
        dice first until their sum covers every tile ``s`` may harvest (LD-HARV-3); the rest are lost at the
        end of the round.  (Rivals moving later can only take tiles away, so these dice stay spare.)"""
        if need is None:                             # ``need``: len(self.eligible(s, occ)) if the caller has it
            need = len(self.eligible(s, occ))
        dice = sorted(self.unused(s), reverse=True)
        cap = 0
        while dice and cap < need:
            cap += dice.pop(0)
        return dice

    def _legal_harvest(self, s: int) -> list[Action]:
        p = self.data["players"][s]
        res = p["resources"]
        hv = p["harvest"]
        out = []
        if not hv["used_building"]:
            cap = hv["capacity"] + sum(self.unused(s))
            left = [t for t in self.eligible(s) if t not in hv["harvested"]]
            if cap > 0:
                tiles = self.data["tiles"]
                for t in left:
                    key = (t, tiles[t]["kind"])
                    a = _HARVEST.get(key)
                    if a is None:
                        a = _HARVEST[key] = Action(f"harvest:{t}", f"Harvest {t} ({res_text(self.kind(t)['yield'])})",
                                                   "harvest")
                    out.append(a)
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
        C = self.C
        for key, bd in C["builds"].items():
            cost = bd["cost"]
            for r, n in cost.items():                                 # can_build, inlined: can pay...
                if res[r] < n:
                    break
            else:
                if not self._may_build(p, C, key, bd):                # ... and may build it
                    continue
                a = _BUILD.get(key)
                if a is None:
                    a = _BUILD[key] = Action(f"build:{key}", f"Build: {bd['name']} ({res_text(cost)}) and end the "
                                             "harvest", "build")
                out.append(a)
        out.extend(self._item_actions(s, None, pick=False))
        out.append(_DONE)
        out.append(CONCEDE)
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
        self.mark(s, "build", p["home"], text=f"builds: {bd['name']}")

    def can_build(self, s: int, key: str) -> bool:
        p = self.data["players"][s]
        C = self.C
        bd = C["builds"][key]
        if not self.can_pay(s, bd["cost"]):
            return False
        return self._may_build(p, C, key, bd)

    @staticmethod
    def _may_build(p: dict, C: dict, key: str, bd: dict) -> bool:
        """:meth:`can_build` once the lord can pay."""
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
            self._use_item(s, head, rest)
        else:
            raise ValueError(aid)

    # ------------------------------------------------------------ at any time (State.free_actions)
    # items may be dropped and followers dismissed at any moment, also outside one's turn, but not while a
    # knight's entry into a tile is being resolved: its fight, the dragon, its card, a theft (LD-GAP-43)
    RESOLVING = ("entry", "card", "monster", "duel", "dragon", "lose", "handover")

    def items_free(self) -> bool:
        """No entry, fight, card or theft is being resolved (drops and dismissals are allowed)."""
        return not any(f["kind"] in self.RESOLVING for f in self.data["flow"]["stack"])

    def _free(self, s: int) -> list[Action]:
        """What lord ``s`` may do at any moment, to act or not: drop items and dismiss followers (LD-ITEM-4,
        LD-FOL-6; not while an entry, a fight or a card is being resolved) and trade (LD-TRADE-1, from round 2)."""
        if self.data["players"][s]["out"] or self.flow.phase == "ranking":
            return []
        out = self._item_actions(s, None, pick=False) if self.items_free() else []
        return out + self._offer_actions(s)

    def _do_free(self, s: int, action: Action) -> None:
        head, _, rest = action.id.partition(":")
        if head in ("drop", "dismiss"):
            self._use_item(s, head, rest)
        elif not self._take_offer(s, action.id):
            raise ValueError(action.id)

    # ------------------------------------------------------------ trade offers (LD-TRADE)
    # An offer is drafted one unit at a time and then sent, so the ids stay a short fixed list (at most
    # 3 lords + 4 x 4 resource steps + clear + send) while any bundle can be offered for any bundle:
    # ``trade:to:<P>`` picks the lord, ``trade:give:<r>`` / ``trade:get:<r>`` add 1 of a resource to what you
    # give / ask for, ``trade:ungive:<r>`` / ``trade:unget:<r>`` take 1 back, ``trade:clear``, ``trade:send``.
    # The draft (``data["drafts"]``, per seat) is the lord's own business: only its view shows it.
    # The steps are free actions only (``State.free_actions``), not repeated among a seat's legal actions:
    # a player choosing uniformly among legal actions would otherwise spend about half its moves drafting.
    # ``data["declined"]`` lists ``[round, phase, from, to, give, get]`` for the phase under way: the same offer
    # is not made to the same lord again after a refusal in that phase.  Both keys are created on first use.
    def draft(self, s: int) -> dict | None:
        drafts = self.data.get("drafts")
        return drafts[s] if drafts else None

    def _offer_actions(self, s: int) -> list[Action]:
        """LD-TRADE-1, LD-GAP-57, LD-TURN-6: from round 2 a lord may offer any resources for any resources to
        another lord, in any phase (drafting at any moment; sending while no other question is open)."""
        d = self.data
        if d["round"] < 2 or d["players"][s]["out"] or self.flow.phase == "ranking" or self.is_over:
            return []
        res = d["players"][s]["resources"]
        dr = self.draft(s)
        others = [o for o in self.active_seats() if o != s]
        if not others:
            return []
        if dr is None:
            return [Action(f"trade:to:{o + 1}", f"Trade with {self.name(o)}", "trade") for o in others]
        to: int = dr["to"]
        out = [Action(f"trade:to:{o + 1}", f"Make the offer to {self.name(o)} instead", "trade")
               for o in others if o != to]
        give, get = dr["give"], dr["get"]
        theirs = d["players"][to]["resources"]
        for r in RES:
            if res[r] > give.get(r, 0) and r not in get:
                out.append(Action(f"trade:give:{r}", f"Offer 1 more {r} (you give {give.get(r, 0) + 1})", "trade"))
        for r in RES:
            if theirs[r] > get.get(r, 0) and r not in give:
                out.append(Action(f"trade:get:{r}", f"Ask 1 more {r} (you get {get.get(r, 0) + 1})", "trade"))
        for r in RES:
            if give.get(r):
                out.append(Action(f"trade:ungive:{r}", f"Offer 1 {r} less", "trade"))
        for r in RES:
            if get.get(r):
                out.append(Action(f"trade:unget:{r}", f"Ask 1 {r} less", "trade"))
        if self._can_send(s, dr):
            out.append(Action("trade:send", f"Send {self.name(to)} the offer: {self._deal_text(give)} for "
                                            f"{self._deal_text(get)}", "trade"))
        out.append(Action("trade:clear", f"Discard the offer to {self.name(to)}", "trade"))
        return out

    @staticmethod
    def _deal_text(bundle: dict) -> str:
        return res_text({r: bundle[r] for r in RES if bundle.get(r)}) if any(bundle.values()) else "nothing"

    def _can_send(self, s: int, dr: dict) -> bool:
        d = self.data
        to, give, get = dr["to"], dr["give"], dr["get"]
        if d["flow"]["stack"] or not (any(give.values()) or any(get.values())) or d["players"][to]["out"]:
            return False                            # one question at a time; an empty offer says nothing
        if not self.can_pay(s, give) or not self.can_pay(to, get):
            return False
        key = [d["round"], self.flow.phase, s, to, give, get]
        return key not in d.get("declined", [])

    def _take_offer(self, s: int, aid: str) -> bool:
        """A ``trade:`` action in any phase (returns False for other actions): a draft step, or sending the
        offer, which asks the other lord."""
        if not aid.startswith("trade:"):
            return False
        d = self.data
        _, step, arg = (aid.split(":") + [""])[:3]
        drafts = d.setdefault("drafts", [None] * self.players)
        dr = drafts[s]
        if step == "to":
            to = int(arg) - 1
            drafts[s] = {"to": to, "give": dict(dr["give"]) if dr else {}, "get": {}}   # what they hold may differ
        elif step == "clear":
            drafts[s] = None
        elif step == "send":
            drafts[s] = None
            self.say(f"{{0}} offers {{1}} {self._deal_text(dr['give'])} for {self._deal_text(dr['get'])}", s, dr["to"],
                     kind="trade")
            self.flow.push("offer", seat=s, to=dr["to"], give=dr["give"], get=dr["get"])
        else:
            side = "give" if step in ("give", "ungive") else "get"
            n = dr[side].get(arg, 0) + (1 if step in ("give", "get") else -1)
            if n:
                dr[side][arg] = n
            else:
                del dr[side][arg]
        return True

    def _f_offer(self, frame: dict, choice: str | None, seat: int | None) -> None:
        to, s = frame["to"], frame["seat"]
        give, get = frame["give"], frame["get"]
        if choice is None:
            opts = []
            if self.can_pay(to, get) and self.can_pay(s, give):
                opts.append(("accept", f"Accept: give {self._deal_text(get)}, receive {self._deal_text(give)} "
                                       f"from {self.name(s)}"))
            opts.append(("decline", f"Decline {self.name(s)}'s offer"))
            self.flow.ask(to, opts, kind="offer")
            return
        self.flow.pop(frame)
        if choice == "accept":
            self.pay(to, get)
            self.gain(to, give)
            self.pay(s, give)
            self.gain(s, get)
            self.say("{0} accepts the trade", to, kind="trade")
        else:
            d = self.data
            here = [d["round"], self.flow.phase]
            d["declined"] = [x for x in d.get("declined", []) if x[:2] == here] + [here + [s, to, give, get]]
            self.say("{0} declines the trade", to, kind="trade")

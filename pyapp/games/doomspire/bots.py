"""Lords of Doomspire bots.

``goal`` plans toward impressing the dragon.  It reads only ``state.view(seat)``,
``state.legal_actions(seat)`` and ``state.free_actions(seat)`` (plus the public static
content), never the hidden board, and keeps its own :class:`~pyapp.engine.Rng` for tie-breaking.

Plan: grow the economy (claim tiles, starred ones first; recruit a second
knight; a fletcher and the mercenary camp for might), win fights it is likely
to win and flee the others, and as soon as one dragon condition holds (15 fame,
12 gold, 4 starred tiles, a ring) or its knight is strong enough to beat the
dragon, head for Doomspire -- exploring the centre to find it.

:class:`RushBot`, the Dragonlord's plan, is that seeker with the last step taken at once: as soon as one
condition holds it leaves the small gains aside and walks through the unexplored hills to the mountains.

It decides in steps (``think``: after reading the view, after each knight's tile values and every
``TICK`` moves scored) so the browser can keep the page answering; ``choose`` runs the same steps.
"""
from __future__ import annotations

from ...bots.levels import RolloutBot, SloppyBot, drive
from ...engine import Rng
from . import content
from .board import ALL, NB, manhattan
from .rules import DoomspireState

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Generator

    from ...engine import Action, State
    from .types import DoomspireView, KnightView, PlayerView, PromptView

VALUE = {"gold": 1.3, "food": 1.0, "wood": 0.9, "ore": 1.0}
BUY_ORDER = ("sword", "spear", "shield", "lantern", "axe", "potion", "rope", "backpack", "boots")
MOUNTAINS = ("d4", "e4", "d5", "e5")
_MANHATTAN = {(a, b): manhattan(a, b) for a in ALL for b in ALL}    # the bots' hot path: looked up, not computed


def _p_win(need: int, dice: int = 1) -> float:
    """Chance that 1D3 (or 2D3) reaches ``need``."""
    outcomes = [a for a in (1, 2, 3)] if dice == 1 else [a + b for a in (1, 2, 3) for b in (1, 2, 3)]
    return sum(1 for o in outcomes if o >= need) / len(outcomes)


class GoalBot:
    """Plans toward impressing the dragon (see the module docstring)."""

    name = "goal"
    label = "Dragon-seeker (goal-driven)"
    strength = 10                     # the app picks the strongest bot by this attribute
    TICK = 24                         # ``think`` yields after scoring this many moves

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=13)
        self.C = content.load()
        self._ds_view: DoomspireView | None = None      # the view ``_ds_known`` was worked out for
        self._ds_known = False

    # ---------------------------------------------------------------- knowledge from the view
    def power(self, me: PlayerView, k: KnightView, theme: str | None = None, duel: bool = False) -> int:
        total = me["might"]
        effs = [self.C["items"][key]["effects"] for _i, key in k["items"]] + [self.C["followers"][f]["effects"] for f in k["followers"]]
        for e in effs:
            if "vs" in e:
                total += e.get("might", 0) if e["vs"] == theme else 0
            else:
                total += e.get("might", 0) + (e.get("duel", 0) if duel else 0)
        return total

    @staticmethod
    def holds_a_condition(p: PlayerView) -> bool:
        """Whether a lord meets one of the dragon's conditions that show in its public figures (15 fame,
        12 gold, 4 starred tiles)."""
        return p["fame"] >= 15 or p["res"]["gold"] >= 12 or p["starred"] >= 4

    def ready(self, me: PlayerView, k: KnightView) -> bool:
        if self.holds_a_condition(me):
            return True
        if any(self.C["items"][key]["effects"].get("ring") for _i, key in k["items"]):
            return True
        return self.power(me, k, duel=True) >= 8

    def tile_value(self, v: DoomspireView, me: PlayerView, k: KnightView, t: str) -> float:
        tv = v["tiles"][t]
        seat = me["seat"]
        if self._ds_view is not v:                      # once per view, not once per tile
            self._ds_view, self._ds_known = v, any(x.get("doomspire") for x in v["tiles"].values())
        ds_known = self._ds_known
        ready = self.ready(me, k)
        if not tv["explored"]:
            if tv["region"] == "mountains":
                if ds_known:
                    return 3.0 if self.power(me, k) >= 5 else -3
                return 12.0 if ready else -20
            return 2.0 if self.power(me, k, "beast") >= 3 else -1.0
        if tv.get("doomspire"):
            return 40.0 if ready else -50
        typ = tv["type"]
        val = 0.0
        if tv["monster"]:
            m = tv["monster"]
            p = _p_win(m["might"] - self.power(me, k, m.get("theme")))
            if p < 0.6:
                return -2.0
            val += p * (m["fame"] * 1.5 + sum(VALUE[r] * n for r, n in m["loot"].items())) - (1 - p) * 2
        if typ in ("resource", "home") and tv["owner"] is None and me["flags"] > 0:
            star = tv["starred"]
            val += (6.0 if me["starred"] < 4 else 3.0) if star else 2.5
        if typ in ("adventure", "oasis") and tv["tokens"] > 0 and not tv["monster"]:
            tier = tv["tier"] or 0               # adventure and oasis tiles have a tier 1-3 (content.check)
            s = self.power(me, k)
            val += {1: 2.5, 2: 3.0 if s >= 2 else 0.8, 3: 4.0 if s >= 4 else 0.3}[tier]
        if typ == "mercenary" and me["res"]["gold"] >= 3 and me["res"]["gold"] < 9:
            val += 2.5
        if typ == "temple" and me["fame"] >= 2 and me["fame"] < 12 and me["might"] < 4:
            val += 1.2
        if typ == "trader" and len(k["items"]) < 2 and me["res"]["gold"] >= 2:
            val += 2.0
        if tv["items"] and len(k["items"]) < 2:
            val += 1.0
        if (v["round"] >= 2 and typ in ("resource", "home") and tv["owner"] not in (None, seat)
                and not tv.get("protected") and me["might"] >= 2 and tv["starred"] and me["flags"] > 0):
            val += 2.5
        return val

    def potential(self, v: DoomspireView, me: PlayerView, k: KnightView, values: dict[str, float], at: str) -> float:
        best = 0.0
        for t, val in values.items():
            if val > 0:
                x = val - 0.8 * _MANHATTAN[at, t]
                if x > best:
                    best = x
        return best

    # ---------------------------------------------------------------- choose
    def choose(self, state: DoomspireState, seat: int) -> str:
        return str(drive(self.think(state, seat)))

    def think(self, state: DoomspireState, seat: int) -> Generator[None, None, str]:
        """:meth:`choose` in steps (see the module docstring); returns the action id."""
        acts = state.legal_actions(seat)
        if not acts:
            raise ValueError(f"seat {seat} has no legal action")
        ids = [a.id for a in acts]
        v = state.view(seat)
        yield
        me = v["players"][seat]
        prompt = v["prompt"]
        if prompt:
            return self.answer(v, prompt, me, acts, ids)
        if v["phase"] == "roll":
            return max((a for a in ids if a.startswith("roll:")), key=lambda a: int(a.split(":")[1]))
        if v["phase"] == "harvest":
            return self.harvest(v, me, ids, [a.id for a in state.free_actions(seat)])
        return (yield from self.move_steps(v, me, ids))

    def answer(self, v: DoomspireView, prompt: PromptView, me: PlayerView, acts: list[Action], ids: list[str]) -> str:
        kind = prompt["kind"]
        fr = v["frame"] or {}
        if kind == "flee":
            if fr.get("kind") == "monster":
                k = next(k for k in me["knights"] if k["id"] == fr["knight"])      # the asked lord's fighting knight
                need = fr["monster"]["might"] - self.power(me, k, fr["monster"].get("theme")) - 2 * self.own_units(v, me, fr["tile"])
                return "fight" if _p_win(need) >= 0.6 else "flee"
            if fr.get("kind") == "duel":
                return "fight" if me["might"] >= 1 else "flee"
            return "fight"
        if kind == "support":
            return "support:no" if "support:no" in ids else ids[-1]
        if kind == "route":                       # pass as few rival knights as possible, then the shortest way
            return min(ids, key=lambda a: (len(self._rivals_on(v, me, a[4:].split("-")[:-1])), a.count("-"), a))
        if kind == "block":
            return "block" if me["might"] >= 3 else "pass"
        if kind in ("lose", "give"):
            res = me["res"]
            opts = [a for a in ids if a.split(":")[1] in res]
            if opts:
                return max(opts, key=lambda a: (res[a.split(":")[1]] / VALUE[a.split(":")[1]], a))
            # no resource: the item we miss least (a gift of a partial flight)
            return min(ids, key=lambda a: (self.item_value(self.item_key(v, a.split(":", 1)[1], me["seat"])), a))
        if kind == "gift" or (kind == "steal" and fr.get("stage") == "room"):
            # no room for the item handed over: drop our least useful item if the new one is better
            mine = {i: key for k in me["knights"] if k["id"] == fr["taker_knight"] for i, key in k["items"]}
            drops = [a for a in ids if a != "room:no"]
            if drops:
                worst = min(drops, key=lambda a: (self.item_value(mine.get(a[5:], "")), a))
                new = self.item_value(self.item_key(v, fr["item"], fr["giver"]))
                if new > self.item_value(mine.get(worst[5:], "")):
                    return worst
            return "room:no"
        if kind == "steal":
            carried = [key for k in me["knights"] if k["id"] == fr.get("taker_knight") for _i, key in k["items"]]
            least = min((self.item_value(key) for key in carried), default=0.0)
            labels = {a.id: a.label or "" for a in acts}

            def gain(aid: str) -> float:
                """What taking item ``aid`` adds: its worth, less the item we would drop for it when hands are full."""
                new = self.item_value(self.item_key(v, aid[6:], fr.get("giver")))
                return new - least if "drop an item" in labels.get(aid, "") else new
            items = [a for a in ids if a.split(":")[1] not in VALUE and gain(a) > 0]
            if items:
                return max(items, key=lambda a: (gain(a), a))
            takes = [a for a in ids if a.split(":")[1] in VALUE]
            return max(takes, key=lambda a: VALUE[a.split(":")[1]]) if takes else ids[0]
        if kind == "stack":
            hoard = v["hoard"] or []             # a stack is asked for only once the hoard is known
            return max(ids, key=lambda a: sum(VALUE[r] * n for r, n in hoard[int(a.split(":")[1]) - 1].items()))
        if kind == "bonus":
            return next((a for a in ids if a.startswith("use:")), ids[0])
        if kind == "offer":                       # accept a deal that is good for us and spares what we hold plenty of
            if "accept" in ids and fr.get("kind") == "offer":
                gain = sum(VALUE[r] * n for r, n in fr["give"].items())
                loss = sum(VALUE[r] * n for r, n in fr["get"].items())
                want = self.next_build(me)
                cost = self.C["builds"][want]["cost"] if want else {}
                after = {r: me["res"][r] + fr["give"].get(r, 0) - fr["get"].get(r, 0) for r in VALUE}
                spoils = all(me["res"][r] >= n for r, n in cost.items()) and any(after[r] < n for r, n in cost.items())
                if gain > loss + 0.2 and all(after[r] >= 1 for r in fr["get"]) and not spoils:
                    return "accept"
            return "decline"
        if kind == "follower":
            return "decline"
        if kind == "last":
            return "stay"
        if kind == "concede":
            return "concede:no"
        return ids[0]

    def item_value(self, key: str) -> float:
        """How much an item (content key) is worth carrying: rings most, then might, then the rest."""
        it = self.C["items"].get(key)
        if it is None:
            return 0.0
        e = it["effects"]
        if e.get("ring"):
            return 10.0
        return 2.0 * e.get("might", 0) * (0.5 if "vs" in e else 1.0) + e.get("duel", 0) + e.get("steps", 0) * 1.5 \
            + e.get("carry", 0) + e.get("flee", 0) * 0.5 + e.get("oneshot", 0) * 0.5

    @staticmethod
    def item_key(v: DoomspireView, iid: str, seat: int | None) -> str:
        """The content key of item ``iid`` carried by a knight of ``seat`` (from the public view)."""
        for p in v["players"]:
            if seat is None or p["seat"] == seat:
                for k in p["knights"]:
                    for i, key in k["items"]:
                        if i == iid:
                            return key
        return ""

    # ---------------------------------------------------------------- trading
    def next_build(self, me: PlayerView) -> str | None:
        """The build the harvest plan wants next (a knight first, then the might and fame buildings)."""
        nk = len(me["knights"])
        want = ["knight"] if nk < 2 else []
        want += [b for b in ("fletcher", "market", "chapel", "monastery") if b not in me["buildings"]
                 and (b != "monastery" or "chapel" in me["buildings"])]
        if nk < 3:
            want.append("knight")
        return want[0] if want else None

    def wanted_deal(self, v: DoomspireView, me: PlayerView) -> tuple[int, dict[str, int], dict[str, int]] | None:
        """An offer that would pay for the next build we want: (lord, what we give, what we ask), or None.

        At most 2 missing units, paid from what that build does not need, at a price the asked lord's
        goal bot would take (worth a bit more than what it gives)."""
        res = me["res"]
        want = self.next_build(me)
        if want is None:
            return None
        cost = self.C["builds"][want]["cost"]
        short = {r: n - res[r] for r, n in cost.items() if res[r] < n}
        if not short or sum(short.values()) > 2:
            return None
        spare = {r: res[r] - cost.get(r, 0) for r in VALUE if r not in short and res[r] > cost.get(r, 0)}
        give: dict[str, int] = {}
        price = sum(VALUE[r] * n for r, n in short.items()) + 0.3
        while sum(VALUE[r] * n for r, n in give.items()) <= price:
            left = [r for r in spare if spare[r] > give.get(r, 0)]
            if not left:
                return None
            r = max(left, key=lambda x: (spare[x] - give.get(x, 0), -VALUE[x], x))
            give[r] = give.get(r, 0) + 1
        lords = [p for p in v["players"] if p["seat"] != me["seat"] and not p["out"]
                 and all(p["res"][r] - n >= 1 for r, n in short.items())]
        if not lords:
            return None
        to = max(lords, key=lambda p: (sum(p["res"][r] for r in short), -p["seat"]))["seat"]
        return to, give, short

    def trade_step(self, v: DoomspireView, me: PlayerView, ids: list[str]) -> str | None:
        """The next step toward :meth:`wanted_deal`'s offer, or None (nothing to offer, or it was refused);
        ``ids``: the seat's free actions, where the trade steps are."""
        deal = self.wanted_deal(v, me)
        dr = v["draft"]
        if deal is None:
            return "trade:clear" if dr is not None and "trade:clear" in ids else None
        to, give, get = deal
        if dr is None or dr["to"] != to:
            return f"trade:to:{to + 1}" if f"trade:to:{to + 1}" in ids else None
        for side, goal in (("give", give), ("get", get)):
            have = dr["give"] if side == "give" else dr["get"]
            for r in sorted(set(have) | set(goal)):
                if have.get(r, 0) > goal.get(r, 0):
                    return f"trade:un{side}:{r}"
                if have.get(r, 0) < goal.get(r, 0):
                    step = f"trade:{side}:{r}"
                    return step if step in ids else None
        return "trade:send" if "trade:send" in ids else None     # no send: this offer was refused this phase

    def _rivals_on(self, v: DoomspireView, me: PlayerView, path: list[str]) -> list[str]:
        return [t for t in path if any(s != me["seat"] for s, _k in v["tiles"][t]["knights"])]

    def own_units(self, v: DoomspireView, me: PlayerView, t: str) -> int:
        return sum(1 for nb in NB[t] for s, _k in v["tiles"][nb]["knights"] if s == me["seat"])

    def harvest(self, v: DoomspireView, me: PlayerView, ids: list[str], free: list[str] | None = None) -> str:
        """The harvest phase; ``free``: the seat's "at any time" actions (trade offers are made with them)."""
        if "harvest:all" in ids:
            return "harvest:all"
        hv = [a for a in ids if a.startswith("harvest:")]
        if hv:
            def worth(a: str) -> float:
                tv = v["tiles"][a.split(":")[1]]
                return sum(VALUE[r] * n for r, n in (tv.get("yield") or {}).items())
            return max(hv, key=worth)
        res = me["res"]
        for a in ("fletch", "smith"):
            if a in ids:
                return a
        for a in ids:
            if a.startswith("sell:"):
                x, y = a.split(":")[1].split("+")
                keep = {"food": 6, "wood": 4, "ore": 3}
                if res[x] - (2 if x == y else 1) >= keep[x] and res[y] - (0 if x == y else 1) >= keep[y] - (1 if x == y else 0):
                    return a
        nk = len(me["knights"])
        order = []
        if v["round"] >= 2 and not any(a.startswith("build:") and a[6:] in ("knight", "fletcher", "market", "chapel",
                                                                             "monastery") for a in ids):
            step = self.trade_step(v, me, free or [])                    # short of a build: ask another lord
            if step is not None:
                return step
        if nk < 2:
            order.append("build:knight")
        order += ["build:fletcher", "build:market", "build:chapel", "build:monastery"]
        if nk < 3:
            order.append("build:knight")
        order.append("build:blacksmith")
        for a in order:
            if a in ids:
                return a
        return "done"

    def move(self, v: DoomspireView, me: PlayerView, ids: list[str]) -> str:
        return str(drive(self.move_steps(v, me, ids)))

    def move_steps(self, v: DoomspireView, me: PlayerView, ids: list[str]) -> Generator[None, None, str]:
        """The move phase's choice, in steps."""
        knights = {k["id"]: k for k in me["knights"]}
        # voluntary interactions first
        for a in ("claim", "merc", "conquer"):
            if a in ids and (a != "merc" or me["res"]["gold"] < 9):
                return a
        if "temple" in ids and me["might"] < 4 and me["fame"] < 12:
            return "temple"
        buys = [a for a in ids if a.startswith("buy:")]
        for key in BUY_ORDER:
            if f"buy:{key}" in buys and (me["res"]["gold"] < 9 or key == "sword"):
                return f"buy:{key}"
        picks = [a for a in ids if a.startswith("pick:")]
        if picks:
            return picks[0]
        values_by_k: dict[str, dict[str, float]] = {}
        here_by_k: dict[str, float] = {}
        best, best_score = "end", 0.6
        lowest: dict[str, str] = {}                 # a move without its die -> the move with the lowest die
        for a in ids:
            if a.startswith(("move:", "stay:", "boat:")):
                trip, _, die = a.rpartition(":")
                if trip not in lowest or int(die) < int(lowest[trip].rpartition(":")[2]):
                    lowest[trip] = a
        tick = 0
        for trip, a in lowest.items():
            tick += 1
            if tick >= self.TICK:
                tick = 0
                yield
            head = trip.split(":")[0]
            if head == "stay":
                kid = trip.split(":")[1]
                k = knights[kid]
                score = self.tile_value(v, me, k, k["at"]) - 0.3
            else:
                body = trip.split(":", 1)[1]
                if head == "boat":
                    if body.count(":") == 0:
                        continue
                    body = body.split(":", 1)[1]
                kid, dest = body.split(">")
                k = knights[kid]
                if kid not in values_by_k:
                    values_by_k[kid] = {t: self.tile_value(v, me, k, t) for t in v["tiles"]}
                    yield
                vals = values_by_k[kid]
                if kid not in here_by_k:
                    here_by_k[kid] = self.potential(v, me, k, vals, k["at"])
                here = here_by_k[kid]
                there = self.potential(v, me, k, vals, dest)
                direct = vals[dest]
                if head == "boat" and k["done"]:         # a tired knight cannot interact where it lands
                    score = 0.9 * (there - here) - 1.0 if direct >= 0 else direct
                else:
                    score = max(direct, 0.9 * (there - here) if direct >= 0 else direct)
                score -= 0.6 if head == "boat" else 0.0      # a die kept for the harvest is worth something
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = a, score
        return best


class RushBot(GoalBot):
    """The seeker that heads for Doomspire as soon as it could impress the dragon (the Dragonlord's plan).

    Measured on goal-vs-goal games (docs/notes/doomspire.md, "Bots"): both lords usually hold 4 starred
    tiles by round 5 or 6, yet the dragon is first found around round 20, because the seeker keeps taking
    the small gains next to its knights (a tier-1 adventure is worth 2.5, a step toward the mountains 0.7)
    and never enters an unexplored hill tile, the ring around the mountains, while its might is low.
    Once one condition holds (:meth:`GoalBot.ready`) this bot values everything else at ``RUSH`` times the
    seeker's figure and an unexplored hill at ``HILLS``, so its knights walk through the hills to the
    mountains, to Doomspire, and back there after each impression.  With 3+ players only the third impression
    wins: once one is made and a rival could impress the dragon too, it waits next to Doomspire rather than make
    the second (:meth:`lurking`), unless knights of its own next to Doomspire can make the second and the third in
    the same turn.  Otherwise it is the seeker."""

    name = "rusher"
    label = "Dragon-rusher (goal-driven)"
    RUSH = 0.2          # what the other tiles are still worth, once ready
    HILLS = 1.0         # an unexplored hill tile once ready: on the way to the mountains
    LURK_AT = (1,)      # 3+ players: impressions made when it waits rather than impress (the third one wins)
    LURK = 6.0          # a tile next to Doomspire while it waits

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._lurk_view: DoomspireView | None = None      # the view ``_lurk`` was worked out for
        self._lurk = False

    def tile_value(self, v: DoomspireView, me: PlayerView, k: KnightView, t: str) -> float:
        val = super().tile_value(v, me, k, t)
        if not self.ready(me, k):
            return val
        tv = v["tiles"][t]
        if not tv["explored"]:
            val = self.HILLS if tv["region"] == "hills" else val
        elif not tv.get("doomspire") and val > 0:
            val *= self.RUSH
        if self.lurking(v, me):
            if tv.get("doomspire"):
                return -50.0
            if val >= 0 and any(v["tiles"][nb].get("doomspire") for nb in NB[t]):
                return self.LURK
        return val

    def lurking(self, v: DoomspireView, me: PlayerView) -> bool:
        """Wait next to Doomspire instead of impressing the dragon (only the third impression wins): with 3+
        players, ``LURK_AT`` impressions made and a rival who could impress it too (its public fame, gold or
        starred tiles).  Worked out once per view."""
        if self._lurk_view is v:
            return self._lurk
        self._lurk_view = v
        ds = doomspire_tile(v)
        self._lurk = (len(v["players"]) >= 3 and len(v["impressions"]) in self.LURK_AT and ds is not None
                      and any(p["seat"] != me["seat"] and not p["out"]
                              and self.holds_a_condition(p) for p in v["players"])
                      and not self.strikes_home(v, me, ds))
        return self._lurk

    @staticmethod
    def strikes_home(v: DoomspireView, me: PlayerView, ds: str) -> bool:
        """Whether enough of its knights that have not moved yet stand next to Doomspire to make every impression
        still to be made this turn, the winning third included (each is flown home after its impression)."""
        fresh = sum(1 for k in me["knights"] if not k["done"] and k["at"] in NB[ds])
        return fresh >= 3 - len(v["impressions"])


class WandererBot:
    """Uniformly random among the legal actions, except that it never concedes on its own.

    Written when the generic ``random`` bot still conceded whenever it happened to pick ``concede``;
    ``random`` no longer does, so this one stays registered only for the recorded comparisons
    (docs/bots.md, links and saves naming it) and is not offered on the setup screen (``listed``).
    """

    name = "wanderer"
    label = "Wanderer (random, never concedes)"
    strength = 1
    listed = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=17)

    def choose(self, state: State, seat: int) -> str:
        ids = [a.id for a in state.legal_actions(seat)]
        if not ids:
            raise ValueError(f"seat {seat} has no legal action")
        pool = [a for a in ids if a not in ("concede", "concede:yes")]
        return self.rng.choice(pool or ids)

    def think(self, state: State, seat: int) -> Generator[None, None, str]:
        """:meth:`choose` as one quick step (the same choice)."""
        return self.choose(state, seat)
        yield                                                  # a generator (never reached)


# ---------------------------------------------------------------- the three levels (pyapp.bots.levels)
def _own(state: State) -> DoomspireState:
    """This game's state behind the contract's ``State`` (a Lords of Doomspire bot is only ever given one): a typed
    accessor, so that mypy checks what the bot reads from it instead of ignoring it."""
    if not isinstance(state, DoomspireState):
        raise TypeError(f"a Lords of Doomspire bot was given {type(state).__name__}")
    return state


def evaluate(state: DoomspireState, seat: int) -> float:
    """How good a (search copy of a) position is for ``seat``, from public facts only: impressions
    first, then progress toward the dragon's conditions (fame, gold, starred tiles, might), tiles,
    knights, buildings, items and resources, against the strongest rival."""
    d = state.data
    moving = d["flow"]["phase"] == "move"
    scores = []
    for p in range(state.players):
        pl = d["players"][p]
        if pl["out"]:
            scores.append(-100.0)
            continue
        res = pl["resources"]
        starred = state.starred_count(p)
        items = sum(len(k["items"]) + len(k["followers"]) for k in pl["knights"])
        ready = pl["fame"] >= 15 or res["gold"] >= 12 or starred >= 4
        # dice not spent in the move phase harvest that many tiles (LD-HARV-3): worth keeping
        pips = sum(die for die, used in zip(pl["dice"], pl["used"]) if not used) if moving else 0
        harvest = 0.5 * min(pips, len(state.eligible(p))) if pips else 0.0
        scores.append(40.0 * d["impressions"].count(p) + (6.0 if ready else 0.0) + harvest
                      + 0.7 * min(pl["fame"], 15) + 0.35 * min(res["gold"], 12)
                      + 0.15 * (res["food"] + res["wood"] + res["ore"])
                      + 1.3 * len(state.owned(p)) + 1.8 * min(starred, 4) + 1.0 * pl["might"]
                      + 3.0 * len(pl["knights"]) + 1.5 * len(pl["buildings"]) + 0.8 * items)
    rivals = [scores[p] for p in range(state.players) if p != seat]
    return scores[seat] - 0.5 * max(rivals) - 0.5 * sum(rivals) / len(rivals)


class EasyBot(SloppyBot):
    name = "easy"
    label = "Squire"
    blurb = "Chases the dragon like the seeker, but one move in three is a careless one."
    base = GoalBot
    slip = 0.35


class NormalBot(GoalBot):
    name = "normal"
    level = 2
    label = "Knight"
    blurb = "Builds up its lands and knights, takes the fights it is likely to win and heads for the dragon when ready."


PLAIN_MOVES = ("move:", "boat:", "stay:")     # a knight's or a boat's trip: the seeker's plan, not searched
NOT_TRIED = ("drop:", "dismiss:")             # giving up an item or a follower: only when the seeker would


class HardBot(RolloutBot):
    """Dragonlord: the rusher (:class:`RushBot`: the seeker that heads for Doomspire as soon as one condition to
    impress the dragon holds), searching only the move-phase decisions whose result shows by the end of its
    own turn -- fights and flight, claims, the camp, the temple, the trader, picking items up.

    The plan's plain trips (``move:``, ``boat:``, ``stay:``) are never replaced: a rollout to the end of the
    turn cannot tell where a trip leads (its evaluation does not see a knight's way toward a goal), and the
    old Dragonlord, which also tried other trips, won only 8 of 24 games against the seeker.  Measured
    (docs/notes/doomspire.md, "Bots"): searching trips too, or rolling out a whole round, scored worse.

    The one exception is the race at the dragon (3+ players, an impression made, Doomspire found, a trip into
    Doomspire or beside it among its moves): there whether to enter now, wait beside it or end the turn decides
    the game within a round or two, so it tries the plan's move, entering Doomspire and one other such move on
    copies played ``race_horizon`` actions on, where the game's result shows (``race_*``)."""

    name = "hard"
    label = "Dragonlord"
    blurb = ("Builds up like the Knight, but marches on the dragon the moment it can impress it (among three or more "
             "lords it waits beside Doomspire rather than set up a rival's winning visit, unless two of its knights "
             "there can make both visits in one turn), and weighs every fight, flight, claim and purchase, and in the "
             "race at Doomspire whether to go in now or wait, against many possible rolls and hidden tiles before "
             "it commits.")
    base = RushBot
    budget = 150
    determinizations = 4
    max_candidates = 6
    horizon = 20
    margin = 1.0
    yield_every = 2          # a simulated action is a millisecond or two of CPython

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(_own(state), seat)

    @staticmethod
    def _others(playing: list[Action], default: str) -> list[str]:
        """The alternatives worth trying: interactions, never a plain trip, ending the turn early (a short look
        ahead sees dice kept, not the way a move leads), dropping an item or dismissing a follower."""
        return [a.id for a in playing if a.id != default and a.id != "end" and not a.id.startswith(PLAIN_MOVES + NOT_TRIED)]

    race_budget = 1000       # the race at the dragon: simulated actions per decision
    race_horizon = 120       # actions per rollout (about four rounds at 4 players: often to the end)
    race_candidates = 3      # the plan's move, entering Doomspire, one other
    _race: str | None = None  # Doomspire's tile while this decision is a race at the dragon

    def worth(self, state: State, seat: int, playing: list[Action], default: str) -> bool:
        self._race = self._race_at(state, seat, playing, default)
        if self._race is not None:
            return True
        # only the move phase (rolls and harvests follow the seeker's plan), and only with an interaction to try
        return _own(state).data["flow"]["phase"] == "move" and bool(self._others(playing, default))

    @staticmethod
    def _race_at(state: State, seat: int, playing: list[Action], default: str) -> str | None:
        """Doomspire's tile when this decision is part of the race at the dragon (from the seat's view: 3+
        players, the move phase, an impression made, Doomspire found, a trip into or beside it possible)."""
        if state.players < 3:
            return None
        v = _own(state).view(seat)
        if v["phase"] != "move" or not v["impressions"]:
            return None
        ds = doomspire_tile(v)
        if ds is None:
            return None
        zone = (ds, *NB[ds])
        return ds if any(trip_end(a) in zone for a in [default, *(x.id for x in playing)]) else None

    def candidates(self, state: State, seat: int, playing: list[Action], default: str) -> list[str]:
        if self._race is not None:
            return self._race_candidates(playing, default, self._race)
        pool = self._others(playing, default)
        picked: list[str] = []
        while pool and len(picked) < self.max_candidates - 1:
            picked.append(pool.pop(self.rng.below(len(pool))))
        return [default] + picked

    def _race_candidates(self, playing: list[Action], default: str, ds: str) -> list[str]:
        """The plan's move, then a trip into Doomspire (with the lowest die that makes it), then one other of:
        trips beside it, ending the turn, the interactions."""
        zone = (ds, *NB[ds])
        cheapest: dict[str, str] = {}
        for a in playing:
            if a.id.startswith(PLAIN_MOVES) and trip_end(a.id) in zone:
                trip, _, die = a.id.rpartition(":")
                if trip not in cheapest or int(die) < int(cheapest[trip].rpartition(":")[2]):
                    cheapest[trip] = a.id
        pool = [a for a in cheapest.values() if a != default]
        pool += [a.id for a in playing if a.id == "end" != default]
        pool += [a for a in self._others(playing, default) if a not in pool]
        pool.sort(key=lambda a: trip_end(a) != ds)              # entering Doomspire first
        picked: list[str] = []
        while pool and len(picked) < self.race_candidates - 1:
            picked.append(pool.pop(0 if trip_end(pool[0]) == ds else self.rng.below(len(pool))))
        return [default] + picked

    def budget_for(self, state: State) -> int:
        return self.race_budget if self._race is not None else self.budget

    def rollout_bots(self, state: State, seat: int, seed: int) -> list:
        """In the race its rollouts play its own plan for its seat and the seeker (who goes in as soon as it can)
        for every rival: 162 of 400 paired screen games against 149 with the rusher for the rivals too."""
        if self._race is None:
            return super().rollout_bots(state, seat, seed)
        return [(self.base if i == seat else GoalBot)(seed * 7 + i) for i in range(state.players)]

    def horizon_over(self, state: State, seat: int, steps: int, left_turn: bool) -> bool:
        if self._race is not None:
            return steps >= self.race_horizon
        return steps >= self.horizon or left_turn        # the end of its own turn


def doomspire_tile(v: DoomspireView) -> str | None:
    """Doomspire's tile, once a seat's view shows it found (face up), else None."""
    return next((t for t, tv in v["tiles"].items() if tv.get("doomspire")), None)


def trip_end(action: str) -> str | None:
    """Where a knight's trip ends (``move:k1>c4:3``, ``boat:b1:k1>g1:2``), or None (not a trip, a boat alone)."""
    head, _, body = action.partition(":")
    if head == "boat":
        if body.count(":") < 2:
            return None
        body = body.partition(":")[2]
    elif head != "move":
        return None
    return body.rpartition(":")[0].partition(">")[2] or None


BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot, "goal": GoalBot, "wanderer": WandererBot}

"""Lords of Doomspire rules engine (game id ``doomspire``).

Clause IDs (``LD-...``) refer to ``shared/rules/lords-of-doomspire.clauses.md``.

Shape of the engine
-------------------
* :class:`DoomspireState` is a :class:`~pyapp.engine.flow.FlowState`: the whole state is
  one JSON dict with named keys, ``self.data`` (see :meth:`DoomspireState._setup_data`),
  the turn flow's bookkeeping in ``self.data["flow"]``.
* A round is three declared phases (:data:`PHASES`): ``roll`` (all lords at once),
  ``move`` (one lord at a time, clockwise from the first-player token) and ``harvest``
  (all at once); the round begins in ``_begin_roll`` (round limit, first-player token).
  The dragon's third impression leads to ``ranking`` (titles; a tie is a question to the King).
* Anything that interrupts a phase -- a walk past rival knights, a tile entry, a combat,
  a flee, a support request, a trade offer, a loss to choose -- is a frame
  (``flow.push(kind, ...)``, handler ``_f_<kind>(frame, choice, seat)``); a decision is a
  prompt (``flow.ask``) to the seat that owns it, so out-of-turn decisions (support,
  block, accept a trade, give up a resource) are ordinary actions of that seat.
* The rules are split by concern into mixins the state combines: :mod:`.movement`
  (knights, boats, routes, tile entry, items), :mod:`.combat` (monsters, knight against
  knight, support, flight, losses and theft), :mod:`.adventures` (cards), :mod:`.harvest`
  (harvest, buildings, trade offers), :mod:`.dragon` (impressing the dragon, the ranking).
  Their common base, :class:`.base.DoomspireBase`, holds the helpers they share (tiles, knights,
  items, dice) and declares for mypy what they call of one another.  Board geometry is
  :mod:`.board`; the view is described in :mod:`.types` (typed dicts, for mypy only).

Coordinates: see :mod:`.board` (``a1`` is the north-west corner, LD-BRD-10).
"""
from __future__ import annotations

import json

from .. import declared
from ...engine import Action, Game, Option, Outcome
from ...engine.flow import Phase, phases
from ...engine.util import read_text
from . import content
from .adventures import AdventureRules
from .base import CONCEDE
from .board import (ALL, COAST, COLS, CORNER, NB, RES, SEAT_CORNERS, SPECIAL, ZONE_NAMES, ZONE_TILES, ZONES,  # noqa: F401
                    manhattan, rc, region, res_text, tid, zone_dist)
from .combat import CombatRules
from .dragon import DragonRules
from .harvest import HarvestRules
from .movement import MovementRules

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ...engine.rng import Rng
    from .types import DoomspireView, DraftView, PlayerView, PromptView, TileView, WindowView

# The round as declared data (LD-TURN-2..5); ``ranking`` follows the third impression.
PHASES = phases(
    Phase("roll", "all", next="move", doc="choose how many dice to roll (2 food tax per die after the second)"),
    Phase("move", "one", next="harvest", doc="one lord at a time spends dice on knight and boat moves"),
    Phase("harvest", "all", next="roll", doc="harvest with the remaining dice, use buildings, build once"),
    Phase("ranking", "one", moves=False, doc="the King of Doomspire is crowned; the other lords get their titles"),
)


# Every out-of-phase decision, as data: prompt kind -> (who decides, what about).  ``view()["prompt"]["text"]``.
PROMPTS = {
    "flee": "fight, or try to flee before the combat roll",
    "fleeto": "choose among equally near tiles to flee to",
    "support": "support a fighter next to your knights or warships (announced after the roll)",
    "bonus": "use a one-shot item in this combat",
    "lose": "choose the resource to lose",
    "give": "choose the resource or item to give the attacker",
    "steal": "choose what to take from the beaten knight",
    "gift": "make room for the item a fleeing knight gives you, or turn it down",
    "block": "block a rival knight passing your knight, and fight it",
    "route": "choose the route: which rival knights you pass (and who may block you)",
    "stack": "choose a treasure stack of the dragon's hoard",
    "offer": "accept or decline a trade offer",
    "follower": "make room for a new follower or send it away",
    "last": "your last knight is gone: stay in the game or concede",
    "concede": "confirm conceding defeat",
    "tie": "as King, break a tie for a title",
}


class DoomspireState(MovementRules, CombatRules, AdventureRules, HarvestRules, DragonRules):
    """A game of Lords of Doomspire; see the module docstring."""
    HIDDEN = ("decks.*", "+tiles.*.revealed")      # the adventure decks; a face-down tile turned up
    HIDDEN_COUNTED = True     # the draw and the exploration mark themselves (self.reveal(), adventures.py)

    PHASES = PHASES
    FIRST_PHASE = "roll"
    FRAMES = ("card", "confirm", "dragon", "duel", "entry", "handover", "last", "lose", "monster", "offer",
              "route", "standing", "tie", "walk")
    STAGES = {"duel": ("ask", "fleeto", "roll", "support", "shot_a", "shot_d", "resolve"),
              "monster": ("ask", "fleeto", "roll", "support", "bonus", "shot", "resolve"),
              "dragon": ("check", "roll", "support", "bonus", "shot", "resolve", "impress")}

    # ------------------------------------------------------------ setup
    def _setup_data(self) -> dict:
        """The data dict (named keys).

        ``round``; ``tiles``: tile -> {``kind`` (content code), ``revealed``, ``owner`` (seat, -1 for a
        conceded lord's tile, or None), ``monster`` (None or {name, might, fame, loot, theme, card}),
        ``tokens`` (adventure tokens left), ``items`` (item ids lying there), ``home_of`` (seat or None)};
        ``players``: per seat {``fame``, ``might``, ``resources``, ``home``, ``knights`` [{id, at, items,
        followers, done}], ``next_knight``, ``boats`` [{id, zone}], ``next_boat``, ``warship``,
        ``buildings``, ``dice``, ``used`` (per die), ``roll`` (dice chosen this round), ``out`` (conceded),
        ``harvest`` (None or {capacity, harvested, used_building, smith, fletch, build (paid for, built at the
        end of the phase)}), ``specials_used``
        (special tiles used this round)};
        ``items`` (item id -> content key), ``next_item``, ``trader`` (stock), ``decks`` / ``discards``
        (tier -> card ids, top last), ``hoard`` (the dragon's treasure stacks), ``impressions`` (seats, in
        order), ``window`` (None or {seat, knight, tile, acts}: voluntary interactions after an entry),
        ``moved_items`` (dropped or picked up this turn),
        ``ranking`` (None or {king, pool, titles, placed, names}); ``final_active`` (the seat whose
        move turn it was when the game ended: the view's ``active`` keeps showing it).  The
        first-player token is ``flow.first``.
        """
        C = content.load()
        b = C["board"]
        n = self.players
        rows = [r.split() for r in b["rows"]]
        hills, mounts = list(b["hills"]), list(b["mountains"])
        self.rng.shuffle(hills)                      # LD-GAP-11: hidden tiles shuffled by the seed
        self.rng.shuffle(mounts)
        homes = {CORNER[z]: s for s, z in enumerate(SEAT_CORNERS[n])}
        tiles = {}
        for r in range(8):
            for c in range(8):
                t, code, hidden = tid(r, c), rows[r][c], False
                if code == "HL":
                    code, hidden = hills.pop(), True
                elif code == "MT":
                    code, hidden = mounts.pop(), True
                if code == "HM" and t not in homes:
                    code = "EM"                      # an unused corner is a plain meadow
                kind = b["kinds"][code]
                wolf = (self.options["wolves"] and not hidden and kind["type"] == "resource"
                        and sum(kind["yield"].values()) >= 2)       # LD-GAP-21: the designer's wolves (an option)
                tiles[t] = {"kind": code, "revealed": not hidden, "owner": homes.get(t),
                            "monster": dict(b["wolf"], card=None) if wolf else None,
                            "tokens": kind.get("tokens", 0), "items": [], "home_of": homes.get(t)}
        decks = {}
        for tier in ("1", "2", "3"):
            deck = [cd["id"] for cd in C["cards"] if str(cd["tier"]) == tier]
            self.rng.shuffle(deck)
            decks[tier] = deck
        players = []
        for s in range(n):
            home = CORNER[SEAT_CORNERS[n][s]]
            boat = {"id": "b1", "zone": COAST[home]}                 # LD-GAP-3: one boat next to home
            players.append({
                "fame": 0, "might": 0, "resources": {"gold": 2, "food": 0, "wood": 0, "ore": 0},  # LD-SET-1, LD-GAP-3
                "home": home,
                "knights": [{"id": "k1", "at": home, "items": [], "followers": [], "done": False}],  # LD-GAP-2
                "next_knight": 2, "boats": [boat], "next_boat": 2, "warship": False, "buildings": [],
                "dice": [], "used": [], "roll": None, "out": False,
                "harvest": None, "specials_used": [],
            })
        self.data["flow"]["first"] = self.rng.below(n)
        return {
            "round": 0, "tiles": tiles, "players": players, "items": {}, "next_item": 1,
            "trader": {k: it["stock"] for k, it in C["items"].items() if it["stock"] > 0},
            "decks": decks, "discards": {"1": [], "2": [], "3": []},
            "hoard": None, "impressions": [], "window": None, "moved_items": [],
            "ranking": None, "final_active": None,
        }

    # ------------------------------------------------------------ the round (LD-TURN, LD-ROLL)
    def _begin_roll(self) -> None:
        """A new round: the round limit, the first-player token, fresh dice (LD-ROLL-1)."""
        d = self.data
        flow = self.flow
        if d["round"] >= self.options["round_limit"]:
            self._finish_by_limit()
            flow.set_order([])
            return
        d["round"] += 1
        flow.first = self.clockwise((flow.first + 1) % self.players)[0]        # LD-ROLL-1
        d["window"] = None
        d["moved_items"] = []
        for p in d["players"]:
            p["roll"] = None
            p["dice"], p["used"] = [], []
            p["specials_used"], p["harvest"] = [], None
            for k in p["knights"]:
                k["done"] = False
        flow.set_order(self.active_seats())              # everyone chooses at once; to_act in seat order
        self.say(f"round {d['round']} begins; {{0}} holds the first-player token", flow.first, kind="round")

    def max_dice(self, s: int) -> int:
        p = self.data["players"][s]
        entitled = 1 + len(p["knights"])                             # LD-ROLL-3
        affordable = 2 + p["resources"]["food"] // 2                  # LD-ROLL-6
        return max(1, min(entitled, affordable))

    def _legal_roll(self, s: int) -> list[Action]:
        out = []
        for n in range(1, self.max_dice(s) + 1):
            tax = 2 * max(0, n - 2)
            out.append(Action(f"roll:{n}", f"Roll {n} {'die' if n == 1 else 'dice'}"
                              + (f" (pay {tax} food tax)" if tax else ""), "roll"))
        out.append(CONCEDE)
        return out

    def _do_roll(self, s: int, action: Action) -> None:
        aid = action.id
        if aid == "concede":
            self.flow.push("confirm", seat=s)
            return
        self.data["players"][s]["roll"] = int(aid.split(":")[1])    # LD-ROLL-4
        self.flow.done(s)

    def _end_roll(self) -> None:
        """Everyone has chosen: pay the tax and roll (LD-ROLL-2, LD-ROLL-5, LD-ROLL-8)."""
        for s in self.active_seats():
            p = self.data["players"][s]
            p["roll"] = max(1, min(p["roll"], 2 + p["resources"]["food"] // 2))   # LD-ROLL-6 (food traded away meanwhile)
            tax = 2 * max(0, p["roll"] - 2)                                         # LD-ROLL-5
            p["resources"]["food"] -= tax
            p["dice"] = [self.roll3() for _ in range(p["roll"])]
            p["used"] = [False] * p["roll"]
            self.say(f"{{0}} rolls {p['dice']}" + (f" (paid {tax} food tax)" if tax else ""), s, kind="roll")

    def _begin_harvest(self) -> None:
        """LD-HARV-1: every lord harvests at once."""
        d = self.data
        d["window"] = None
        for p in d["players"]:
            p["harvest"] = {"capacity": 0, "harvested": [], "used_building": False, "smith": False, "fletch": False,
                            "build": None}
        self.flow.set_order(self.active_seats())         # to_act in seat order

    def _begin_ranking(self) -> None:
        self.flow.set_order([])

    # ------------------------------------------------------------ the end
    def finish(self, outcome: Outcome) -> None:
        if self.data["final_active"] is None:
            self.data["final_active"] = self.flow.active
        super().finish(outcome)

    def _finish_by_limit(self) -> None:
        d = self.data
        seats = self.active_seats()
        key = lambda s: (d["impressions"].count(s), d["players"][s]["fame"], len(self.owned(s)),  # noqa: E731
                         d["players"][s]["resources"]["gold"])
        groups: list = []
        for s in sorted(seats, key=key, reverse=True):
            if groups and key(groups[-1][0]) == key(s):
                groups[-1].append(s)
            else:
                groups.append([s])
        outs = [s for s in range(self.players) if d["players"][s]["out"]]
        if outs:
            groups.append(outs)
        reason = (f"round limit: the dragon grew tired of waiting after round {d['round']}; "
                  "lords ranked by impressions, fame, tiles and gold")
        self.finish(Outcome.ranked(groups, reason))
        self.say(reason, kind="end")

    def _f_standing(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """Fewer than two lords are left once everything else is resolved: the last one wins."""
        seats = self.active_seats()
        outs = [s for s in range(self.players) if self.data["players"][s]["out"]]
        reason = "conceded: every other lord conceded defeat"
        self.finish(Outcome.ranked([seats, outs] if seats else [outs], reason))
        self.say(reason, kind="end")

    # ------------------------------------------------------------ conceding (LD-CONC)
    def _f_confirm(self, frame: dict, choice: str | None, seat: int | None) -> None:
        s = frame["seat"]
        if choice is None:
            self.flow.ask(s, [("concede:yes", "Yes, concede defeat"), ("concede:no", "No, play on")], kind="concede")
            return
        self.flow.pop(frame)
        if choice == "concede:yes":
            self.concede(s)

    def concede(self, s: int) -> None:
        d = self.data
        p = d["players"][s]
        p["out"] = True                                               # LD-CONC-1
        p["knights"], p["boats"] = [], []                             # LD-CONC-2
        for x in d["tiles"].values():
            if x["owner"] == s:
                x["owner"] = -1                                       # LD-CONC-3
        p["resources"] = {r: 0 for r in RES}                          # LD-GAP-54
        if d["window"] and d["window"]["seat"] == s:
            d["window"] = None
        self.flow.remove(s)
        self.say("{0} concedes defeat", s, kind="concede")
        if len(self.active_seats()) < 2:                              # decided once the stack above is resolved
            self.flow.defer("standing")

    # ------------------------------------------------------------ view (LD-UI-1, LD-UI-2)
    if TYPE_CHECKING:
        # State.view returns what _view returns: for mypy, this game's view (see _view)
        def view(self, seat: int | None) -> DoomspireView: ...  # type: ignore[override]

    # the engine's State._view promises a plain dict; this one is (a TypedDict is a dict at run time),
    # but mypy lets a TypedDict stand only for a Mapping, not for dict
    def _view(self, seat: int | None) -> DoomspireView:  # type: ignore[override]
        d = self.data
        flow = self.flow
        occ = self.occ()
        tiles: dict[str, TileView] = {}
        for t in ALL:
            x = d["tiles"][t]
            knights = [[s, k["id"]] for s, k in occ.get(t, ())]
            if not x["revealed"]:
                tiles[t] = {"explored": False, "region": region(t), "knights": knights}
                continue
            kind = self.kind(t)
            v: TileView = {"explored": True, "region": region(t), "type": kind["type"], "name": kind["name"],
                 "owner": x["owner"], "home_of": x["home_of"], "monster": x["monster"], "tokens": x["tokens"],
                 "tier": kind.get("tier"), "yield": kind.get("yield"), "starred": self.starred(t),
                 "items": [[i, d["items"][i]] for i in x["items"]], "doomspire": x["kind"] == "DS", "knights": knights}
            if x["owner"] is not None and self.is_resource(t):
                v["protected"] = self.protected(t, occ)
                others = [s2 for s2, _k in occ.get(t, ()) if s2 != x["owner"]]
                v["blockaded_by"] = others[0] if d["round"] >= 2 and others and not v["protected"] else None
            tiles[t] = v
        over = self.is_over
        phase = "over" if over else flow.phase
        players: list[PlayerView] = []
        for s, p in enumerate(d["players"]):
            secret = phase == "roll" and p["roll"] is not None and seat != s   # a choice is secret until everyone has chosen
            pv: PlayerView = {"seat": s, "fame": p["fame"], "might": p["might"], "res": dict(p["resources"]), "home": p["home"],
                  "knights": [{"id": k["id"], "at": k["at"], "items": [[i, d["items"][i]] for i in k["items"]],
                               "followers": list(k["followers"]), "done": k["done"]} for k in p["knights"]],
                  "boats": [{"id": b["id"], "z": b["zone"]} for b in p["boats"]], "warship": p["warship"],
                  "buildings": list(p["buildings"]), "dice": list(p["dice"]), "used": list(p["used"]),
                  "out": p["out"], "impressions": d["impressions"].count(s),
                  "tiles": len(self.owned(s)), "flags": self.flags_left(s), "starred": self.starred_count(s), "rolled": p["roll"] is not None,
                  "roll_choice": None if secret else p["roll"]}
            players.append(pv)
        pr = flow.prompt
        prompt: PromptView | None = None
        if pr and not over:
            prompt = {"seat": pr["seats"][0], "kind": pr["kind"], "text": PROMPTS[pr["kind"]]}
            if seat == pr["seats"][0]:
                prompt["opts"] = [list(o) for o in pr["options"]]
        top = flow.top
        w = d["window"]
        window: WindowView | None = ({"seat": w["seat"], "knight": w["knight"], "tile": w["tile"], "acts": list(w["acts"])}
                                     if w else None)
        outcome = self.outcome()
        return {
            "game": "doomspire", "seat": seat, "round": d["round"], "phase": phase, "first": flow.first,
            "active": d["final_active"] if over else flow.active, "to_act": list(self.to_act), "tiles": tiles, "players": players,
            "decks": {tier: {"count": len(dk), "next_theme": self.C["card_by_id"][dk[-1]]["theme"] if dk else None}
                      for tier, dk in d["decks"].items()},                # LD-UI-20
            "discards": {tier: list(v) for tier, v in d["discards"].items()},
            "trader": dict(d["trader"]), "hoard": d["hoard"], "impressions": list(d["impressions"]),
            "prompt": prompt, "frame": json.loads(json.dumps(top)) if top and not over else None,
            "window": window,
            "log": self.log[-40:], "outcome": outcome.to_dict() if outcome is not None else None,
            "titles": d["ranking"]["names"] if d["ranking"] else None,
            "draft": self._draft_view(seat),
            "marks": self.marks(),
        }

    def _draft_view(self, seat: int | None) -> DraftView | None:
        """The seat's own trade offer in the making (nobody else sees it)."""
        dr = self.draft(seat) if seat is not None and not self.is_over else None
        return None if dr is None else {"to": dr["to"], "give": dict(dr["give"]), "get": dict(dr["get"])}

    # ------------------------------------------------------------ hidden information
    def _resample(self, seat: int, rng: Rng) -> None:
        """Redeal what ``seat`` has not seen: the face-down hill and mountain tiles (their codes shuffled
        among the unrevealed tiles of the same region), the order of every adventure deck (the next
        card's theme is public, LD-UI-20, so a card of that theme stays on top) and, in the roll phase,
        the other lords' secret choices of how many dice to roll (LD-UI-4)."""
        if self.flow.phase == "roll" and not self.is_over:
            for s in self.active_seats():
                p = self.data["players"][s]
                if s != seat and p["roll"] is not None:
                    p["roll"] = 1 + rng.below(self.max_dice(s))
        tiles = self.data["tiles"]
        for reg in ("hills", "mountains"):
            hidden = [t for t in ALL if not tiles[t]["revealed"] and region(t) == reg]
            codes = sorted(tiles[t]["kind"] for t in hidden)    # canonical first: the copy depends on
            rng.shuffle(codes)                                  # what ``seat`` sees, not on the hidden order
            for t, code in zip(hidden, codes):
                tiles[t]["kind"] = code
                tiles[t]["tokens"] = self.C["board"]["kinds"][code].get("tokens", 0)
        by_id = self.C["card_by_id"]
        for deck in self.data["decks"].values():
            if len(deck) < 2:
                continue
            theme = by_id[deck[-1]]["theme"]
            deck.sort()
            rng.shuffle(deck)
            top = max(i for i, cid in enumerate(deck) if by_id[cid]["theme"] == theme)
            deck.append(deck.pop(top))


@declared
class DoomspireGame(Game):
    """Lords of Doomspire as data."""

    rules_version = 2                 # 2: a starting boat, dice named in move ids, builds at the end of the harvest, trading in steps
    options_spec = (Option("round_limit", 40, "Round limit", kind="int", min=1, max=1000, advanced=True,
                           help="House rule: the game ends after this many rounds and the lords are ranked by "
                                "impressions, fame, tiles and gold."),
                    Option("wolves", False, "Wolves guard the starred plains", kind="bool", advanced=True,
                           help="House rule from the designer's prototype: at the start a wolf (might 2) guards each "
                                "starred resource tile of the plains."))
    state_class = DoomspireState

    def rules_html(self) -> str:
        return read_text(__package__, "rules.html")

    def summary(self, state) -> list:
        """The end of a game in figures, per lord, from public facts: first what decided it (the place or title,
        the dragon's impressions and each lord's progress toward the four ways to impress it, then the title
        tie-breaks: tiles and resources), then fights won and lost, exploring, cards, might and what was built."""
        v = state.view(None)
        n = state.players
        C = content.load()
        dr = C["board"]["dragon"]
        players = v["players"]
        out = v["outcome"] or {}
        titles = v["titles"] or []
        place = ["—"] * n
        for i, grp in enumerate(out.get("ranking") or []):
            for s in grp:
                if players[s]["out"]:
                    place[s] = "conceded"
                elif i < len(titles):
                    place[s] = titles[i]
                else:
                    place[s] = ("1st", "2nd", "3rd", "4th")[i] + (" (shared)" if len(grp) > 1 else "")
        fights = [[0, 0] for _ in range(n)]
        explored, cards = [0] * n, [0] * n
        for ev in state.log:
            if not isinstance(ev, dict) or not ev.get("seats"):
                continue
            text, seats, kind = str(ev.get("text", "")), ev["seats"], ev.get("kind")
            if kind == "combat" and ("{0} beats the" in text or "{0} wins the knight combat" in text):
                fights[seats[0]][0] += 1
                if len(seats) > 1:
                    fights[seats[1]][1] += 1
            elif (kind == "combat" and "{0} loses to the" in text) or (kind == "dragon" and "eats {0}'s" in text):
                fights[seats[0]][1] += 1
            elif kind == "dragon" and "{0} defeats the dragon" in text:
                fights[seats[0]][0] += 1
            elif kind == "explore" and "{0} explores" in text:
                explored[seats[0]] += 1
            elif kind == "card" and "{0} draws" in text:
                cards[seats[0]] += 1

        def ring(p: dict) -> str:
            return "yes" if any(C["items"].get(key, {}).get("effects", {}).get("ring")
                                for k in p["knights"] for _i, key in k["items"]) else "no"

        def built(p: dict) -> str:
            names = [C["builds"][b]["name"] for b in p["buildings"]] + (["warship upgrade"] if p["warship"] else [])
            return ", ".join(names) or "nothing"
        return [
            ("Place", place),
            ("Dragon impressed (3rd time crowns the King)", [str(p["impressions"]) for p in players]),
            (f"Fame ({dr['fame_threshold']} impresses the dragon)", [f"{p['fame']}/{dr['fame_threshold']}" for p in players]),
            (f"Gold ({dr['gold_threshold']} impresses the dragon)",
             [f"{p['res']['gold']}/{dr['gold_threshold']}" for p in players]),
            (f"Starred tiles ({dr['starred_threshold']} impress the dragon)",
             [f"{p['starred']}/{dr['starred_threshold']}" for p in players]),
            ("Dragon ring (impresses the dragon)", [ring(p) for p in players]),
            ("Tiles (Hand of the King)", [str(p["tiles"]) for p in players]),
            ("Resources (Master of Coin: gold first)",
             [", ".join(f"{p['res'][r]} {r}" for r in RES) for p in players]),
            ("Fights won / lost", [f"{w} / {lo}" for w, lo in fights]),
            ("Tiles explored", [str(x) for x in explored]),
            ("Adventure cards drawn", [str(x) for x in cards]),
            ("Might", [str(p["might"]) for p in players]),
            ("Knights, boats", [f"{len(p['knights'])}, {len(p['boats'])}" for p in players]),
            ("Buildings", [built(p) for p in players]),
        ]


GAME = DoomspireGame()
DoomspireState.game = GAME

"""Cloudspire on the game kit: the state (data, set-up, the wave sequence, view, hidden information,
the end) and the Game.  The phases live in mixins split by concern: :mod:`.economy` (event, income,
market, build), :mod:`.deploy` (prep and stacks), :mod:`.battle` (spires fire, exploration, attack),
:mod:`.onslaught` (the turn and movement) over one base, :mod:`.units` (stats, board, damage), composed as a
flat list of mixins; the data is typed in :mod:`.types` (``CloudData``).  Competitive play for 2-4 players with all ten factions
(their special rules are faction traits, read with ``trait``).  Solo (1 player) and co-operative play (2 players,
option ``mode``) against the scripted Raider Fortress: :mod:`.automa`, an extra seat the script plays inside
:meth:`CloudspireState._advance`."""
from __future__ import annotations

from .. import declared
from ...engine import Game, Option, Outcome
from ...engine.flow import Phase, phases
from ...engine.util import read_text
from .content import (CHIPS, EARTHSCAPES, EVENTS, FACTIONS, LANDMARKS, PART1, PLAYABLE, RELICS,
                      UNITS, faction_name, the)
from .battle import BattleMixin
from .deploy import DeployMixin
from .economy import EconomyMixin
from .onslaught import OnslaughtMixin
from . import automa

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .content import Map
    from .types import CloudSetup, LandmarkData

WAVES = 4                                          # CS-WAVE-1


class CloudspireState(OnslaughtMixin, BattleMixin, DeployMixin, EconomyMixin):
    # the draw piles and other seats' relics; a stack below its top, a group below its leader; what was shown
    HIDDEN = ("market.deck", "market.scapes", "events.deck", "relic_deck", "relics.*", "lm_pool", "@stacks_hidden",
              "units.*.chips[1:]", "+landmarks.*.known", "+landmarks.*.up", "+@equipment_shown")
    HIDDEN_COUNTED = True                          # every draw and show marks itself (self.reveal(): see reveal_* below)

    def equipment_shown(self) -> dict:
        """Per fortress, how many of its heroes' equipment chips have been shown (for HIDDEN)."""
        return dict(enumerate([sum([len(h["shown"]) for h in hs.values() if "shown" in h]) for hs in self.data["heroes"]]))

    def stacks_hidden(self) -> dict:
        """Per fortress, the units of its deployment stack that the others cannot see (for HIDDEN): while stacks
        are built, its whole selection (which units are placed, and where, is secret); then the entries below the
        top."""
        d = self.data
        if d["flow"]["phase"] == "stack":
            return dict(enumerate(map(len, d["picked"])))
        return dict(enumerate([len(st) - 1 if st else 0 for st in d["stacks"]]))
    PHASES = phases(                               # CS-WAVE-2: six phases in order, Prep in three steps
        Phase("event", "all", moves=False, next="income", doc="an event card is revealed (from wave 2)"),
        Phase("income", "all", moves=False, next="market", doc="every player gains Source"),
        Phase("market", "round", next="build", doc="one purchase or pass each, round the table until all pass"),
        Phase("build", "round", next="mark", doc="one build option or pass each, round the table until all pass"),
        Phase("mark", "one", next="select", doc="prep step 1: each player declares a mark"),
        Phase("select", "one", next="stack", doc="prep step 2: each player selects units with Command Points"),
        Phase("stack", "all", next="onslaught", doc="prep step 3: everybody builds a secret deployment stack"),
        Phase("onslaught", "one", next="onslaught", moves=False, doc="rounds of five-stage turns until the wave ends"),
    )
    FIRST_PHASE = "event"
    FRAMES = ("construct", "displace", "explore", "fire", "levelup", "turn", "upgrade")

    # ---- set-up (CS-GAP-1/2) ---------------------------------------------------------------------
    def _setup_data(self) -> dict:
        n = self.fortresses                         # the people's fortresses and the automaton's (CS-GAP-6)
        rng = self.rng
        factions = list(self.options["factions"] or [])
        if not factions:
            pool = list(PLAYABLE)
            rng.shuffle(pool)
            factions = pool[:self.players]
        if self.automaton is not None:              # the raider leads a faction nobody else leads
            pool = [f for f in PART1 if f not in factions]
            rng.shuffle(pool)
            factions.append(pool[0])
        first = rng.below(n)
        market = [c for c in sorted(CHIPS)]
        rng.shuffle(market)
        scapes = [e["id"] for e in EARTHSCAPES]
        rng.shuffle(scapes)
        events = [e["id"] for e in EVENTS]
        rng.shuffle(events)
        relics = [r["id"] for r in RELICS]
        rng.shuffle(relics)
        tiles = list(LANDMARKS["tiles"])
        rng.shuffle(tiles)
        lms: dict[str, LandmarkData] = {h: {"tile": tiles.pop(), "up": False, "health": 0, "known": [], "hit": False}
               for h in self.map_for(n).landmarks}
        d: CloudSetup = {
            "wave": 1, "round": 0, "factions": factions, "source": [0] * n,
            "adv": [{} for _ in range(n)],
            "gate": [{"health": FACTIONS[f]["gate"], "max": FACTIONS[f]["gate"]} for f in factions],
            "out": [], "gate_damage": [0] * n,
            "barracks": [{"minions": {m["id"]: m["count"] for m in FACTIONS[f]["minions"]},
                          "spires": {s["id"]: s["count"] for s in FACTIONS[f]["spires"]}} for f in factions],
            "heroes": [{h["id"]: {"level": 1, "equip": []} for h in FACTIONS[f]["heroes"]} for f in factions],
            "owned": [{"chips": [], "scapes": []} for _ in range(n)],
            "bought_scape": [False] * n,
            "market": {"deck": market, "discard": [], "face": [], "scapes": scapes, "scape_discard": [],
                       "scape_face": None},
            "events": {"deck": events, "discard": [], "current": None},
            "relic_deck": relics, "relic_discard": [], "relics": [[] for _ in range(n)],
            "lm_pool": tiles, "landmarks": lms,
            "placed": {}, "scape_terrain": {}, "spires": {}, "units": {}, "next_id": 1,
            "marks": [None] * n, "cp": [0] * n, "picked": [[] for _ in range(n)],
            "stacks": [[] for _ in range(n)], "camp": [[] for _ in range(n)],
            "limited": [0] * n, "hero_moved": [], "wave_over": False,
            "stats": {"earned": [0] * n, "lost": [0] * n, "spires": [0] * n, "explored": [0] * n,
                      "out_wave": [None] * n},                          # for the summary (public facts)
        }
        self.data.update(d)
        self.data["flow"]["first"] = first
        self.refill_market()                                            # CS-GAP-2
        for s in range(n):
            self.say("{0} leads %s" % the(faction_name(factions[s])), s, kind="setup")
        if self.automaton is not None:
            automa.setup(self)
        self.say("{0} is the first player", first, kind="setup")
        return dict(d)                              # the same values: FlowState puts them in self.data again

    @staticmethod
    def map_for(n: int) -> Map:
        from .content import MAPS
        return MAPS[n]

    def in_play(self, seat: int) -> bool:
        return seat not in self.data.get("out", ())

    @property
    def mode(self) -> str:
        """``solo`` (1 player), ``coop`` (2 players together) or ``competitive`` (CS-OVR-2)."""
        if self.players == 1:
            return "solo"
        return "coop" if self.automaton is not None else "competitive"

    def clockwise(self, start: int) -> list:
        """Every fortress in play in seat order from ``start`` (the automaton's seat comes after the people's)."""
        n = self.fortresses
        return [(start + i) % n for i in range(n) if self.in_play((start + i) % n)]

    # ---- the automated fortress (CS-GAP-6): its seat is never to act; the script answers for it ----------
    _auto_busy = False

    def _advance(self) -> None:
        """Run the flow; whenever it waits for the automaton, the script (:mod:`.automa`) answers
        through the ordinary moves and prompts, so its turns follow the same rules as a person's."""
        if self._auto_busy or self.automaton is None:
            super()._advance()
            return
        self._auto_busy = True
        try:
            a = self.automaton
            for _ in range(100_000):
                super()._advance()
                if a not in self.flow.to_act():
                    return
                acts = self._legal(a)
                pick = automa.choose(self, a, acts)
                self._apply(a, next(x for x in acts if x.id == pick))
            raise RuntimeError("the automaton does not finish its moves")
        finally:
            self._auto_busy = False

    def say(self, text: str, *seats: int, kind: str = "") -> None:
        """Log an event; the automaton is written by its name, not as a seat (players read "The Raider
        Fortress", wherever the log is shown)."""
        a = (self._seats or self._seat_count())[0]                      # (automaton)
        if a is not None and a in seats:
            text, rest = automa.named(text, seats, a)
            seats = tuple(rest)
        super().say(text, *seats, kind=kind)

    def command_points(self, seat: int) -> int:
        extra = automa.level(self)["cp"] if seat == self.automaton else 0
        return super().command_points(seat) + extra

    # ---- the end of a wave (CS-END-1..3, CS-GAP-67) ----------------------------------------------------
    def _begin_mark(self) -> None:
        self.data["marks"] = [None] * self.fortresses

    def hides_units(self, p: int | None = None) -> bool:
        """Whether fortress ``p`` (every fortress: None) has units others cannot see below a stack's top or a group's
        leader (HIDDEN): when they all go home at once, that is shown (HIDDEN_COUNTED)."""
        d = self.data
        return (any(len(st) > 1 for s, st in enumerate(d["stacks"]) if p is None or s == p)
                or any(len(u["chips"]) > 1 for u in d["units"].values() if p is None or u["owner"] == p))

    def end_wave(self) -> None:
        d = self.data
        if self.hides_units():
            self.reveal()
        for uid, u in sorted(d["units"].items()):
            self._home(u["owner"], u.get("hero"), u["chips"])
        for s in range(self.fortresses):
            for e in d["stacks"][s]:
                self._home(s, e.get("hero"), e.get("chips", []))
            for h in d["camp"][s]:
                self._home(s, h, [])
        d["units"] = {}
        d["stacks"] = [[] for _ in range(self.fortresses)]
        d["camp"] = [[] for _ in range(self.fortresses)]
        d["picked"] = [[] for _ in range(self.fortresses)]
        d["marks"] = [None] * self.fortresses
        d["round"] = 0
        d["wave_over"] = False
        if d["events"]["current"] is not None:
            d["events"]["discard"].append(d["events"]["current"])
            d["events"]["current"] = None
        self.say("Wave %d ends" % d["wave"], kind="wave")
        if d["wave"] >= WAVES:
            self.final_outcome()
            return
        d["wave"] += 1
        live = self.clockwise(self.flow.first)                          # CS-GAP-4
        self.flow.first = live[1 % len(live)]
        self.goto("event")

    def _home(self, s: int, hero, chips) -> None:
        if hero:
            if UNITS[hero]["merc"] and hero in self.data["heroes"][s]:
                self.data["owned"][s]["chips"].append(hero)
            return
        for c in chips:
            if UNITS[c]["merc"]:
                self.data["owned"][s]["chips"].append(c)
            else:
                self.data["barracks"][s]["minions"][c] += 1

    # ---- fortresses destroyed and the outcome (CS-GAP-68/69) ----------------------------------------------
    def destroy_fortress(self, p: int, by: int) -> None:
        d = self.data
        self.say("The fortress of {0} is destroyed", p, kind="destroyed")
        self.mark(by, "remove", self.gate_hex(p), text="fortress destroyed")
        if self.hides_units(p):
            self.reveal()
        d["stats"]["out_wave"][p] = d["wave"]
        d["out"].append(p)
        self.flow.remove(p)
        for uid in [u for u, x in d["units"].items() if x["owner"] == p]:
            del d["units"][uid]
        for sid in [s for s, x in d["spires"].items() if x["owner"] == p]:
            del d["spires"][sid]
        d["stacks"][p] = []
        if self.automaton is not None:                                  # CS-GAP-6: together, at once
            won = p == self.automaton
            reason = (f"{automa.NAME} is destroyed" if won else
                      f"the fortress of P{p + 1} is destroyed: the raid succeeds")
            self.finish(Outcome.team(self.players, won, reason, scores=list(d["gate_damage"][:self.players])))
            return
        live = [s for s in range(self.players) if self.in_play(s)]
        if len(live) == 1:
            rest = [[s] for s in reversed(d["out"])]
            self.finish(Outcome.ranked([live] + rest, f"the last fortress standing is P{live[0] + 1}'s",
                                       scores=list(d["gate_damage"])))
            return
        for s in live:
            if d["marks"][s] == p:
                nxt = [x for x in self.clockwise(p) if x != s and self.in_play(x)]
                d["marks"][s] = nxt[0]

    def final_outcome(self) -> None:
        """CS-GAP-68: most damage dealt to opposing gates, then remaining gate health, then Source."""
        d = self.data
        if self.automaton is not None:                                  # CS-GAP-6: the raider still stands
            g = d["gate"][self.automaton]
            self.finish(Outcome.team(self.players, False, f"after wave 4 {automa.NAME} still stands "
                                     f"({g['health']} of {g['max']} gate health)",
                                     scores=list(d["gate_damage"][:self.players])))
            return
        live = [s for s in range(self.players) if self.in_play(s)]
        key = {s: (d["gate_damage"][s], d["gate"][s]["health"], d["source"][s]) for s in live}
        groups = []
        for k in sorted(set(key.values()), reverse=True):
            groups.append([s for s in live if key[s] == k])
        groups += [[s] for s in reversed(d["out"])]
        figures = ", ".join(f"P{s + 1} {d['gate_damage'][s]}" for s in range(self.players))
        # CS-GAP-68: "else a shared win". A partial tie for first place is shared already; a complete tie (one
        # place holding every seat) needs the flag, and only then is it set, so other outcomes keep their record.
        self.finish(Outcome.ranked(groups, f"after wave 4, damage dealt to opposing gates: {figures}",
                                   scores=list(d["gate_damage"]), ties_share=len(groups) == 1))

    # ---- views and hidden information ----------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        d = self.data
        flow = self.flow
        units = []
        for uid, u in sorted(d["units"].items()):
            mine = seat == u["owner"]
            units.append({"id": uid, "owner": u["owner"], "hex": u["hex"], "hero": u.get("hero"),
                          "chips": list(u["chips"]) if mine or u.get("fused") else u["chips"][:1],
                          "size": 1 if u.get("fused") else len(u["chips"]) or 1, "fused": bool(u.get("fused")),
                          "hp": u["hp"], "max_hp": self.stat(u, "health"), "label": self.label(u),
                          "camp": bool(u.get("camp")), "idle": bool(u.get("idle")),
                          "promoted": bool(u.get("promoted"))})
        lms = {}
        for h, lm in sorted(d["landmarks"].items()):
            known = lm["up"] or (seat is not None and seat in lm["known"])
            lms[h] = {"up": lm["up"], "tile": lm["tile"] if known else None, "health": lm["health"]}
        m = d["market"]
        top = flow.top
        turn = None
        if flow.phase == "onslaught" and top is not None:
            base = next((f for f in flow.stack if f["kind"] == "turn"), None)
            if base is not None:
                turn = {"seat": base["seat"], "stage": base["stage"]}
        return {
            "game": "cloudspire", "seat": seat, "players": self.fortresses, "people": self.players,
            "automaton": self.automaton, "automaton_name": automa.NAME, "mode": self.mode,
            "opponent": automa.level_name(self) if self.automaton is not None else None, "wave": d["wave"],
            "phase": flow.phase, "round": d["round"], "turn": turn, "first": flow.first,
            "order": self.clockwise(flow.first), "passed": list(flow.data["passed"]),
            "factions": list(d["factions"]), "source": list(d["source"]),
            "cap": [self.cap(s) for s in range(self.fortresses)],
            "gates": [dict(g, hex=self.gate_hex(s)) for s, g in enumerate(d["gate"])], "out": list(d["out"]),
            "berths": [self.berths(s) for s in range(self.fortresses)],
            "gate_damage": list(d["gate_damage"]), "adv": [dict(a) for a in d["adv"]],
            "barracks": [{"minions": dict(b["minions"]), "spires": dict(b["spires"])} for b in d["barracks"]],
            "heroes": [{h: {"level": v["level"], "equip": self.equipment_view(s, h, seat)} for h, v in hs.items()}
                       for s, hs in enumerate(d["heroes"])],
            "owned": [{"chips": sorted(o["chips"]), "scapes": sorted(o["scapes"])} for o in d["owned"]],
            "market": {"face": list(m["face"]), "scape": m["scape_face"], "deck": len(m["deck"]),
                       "discard": len(m["discard"]), "scapes": len(m["scapes"])},
            "event": d["events"]["current"], "events_left": len(d["events"]["deck"]),
            "relics": [list(r) if s == seat else len(r) for s, r in enumerate(d["relics"])],
            "placed": dict(d["placed"]), "spires": {k: dict(v, ups=list(v["ups"])) for k, v in sorted(d["spires"].items())},
            "landmarks": lms, "units": units,
            "stacks": [self.stack_view(s, seat) for s in range(self.fortresses)],
            "gate_marks": list(d["marks"]), "marks": self.marks(), "cp": list(d["cp"]), "picked": [list(p) for p in d["picked"]],
            "limited": list(d["limited"]), "outcome": d["flow"]["outcome"], "log": self.log[-40:],
            "prompt": None if flow.prompt is None else {"seats": list(flow.prompt["seats"]),
                                                        "kind": flow.prompt["kind"]},
        }

    def _resample(self, seat: int, rng) -> None:
        """Deal anew what ``seat`` cannot see, every pile from a sorted start so that the copy depends only on
        what the seat sees: other fortresses' hidden units (``redeal_units``: the stack below its top, heroes
        and their depths included, the chips below the top of groups on the map, equipment not yet shown),
        facedown landmarks it has not seen, the draw piles and other seats' relics (CS-STK-10)."""
        d = self.data
        for s in range(self.fortresses):
            if s != seat:
                self.redeal_units(s, rng)
        hidden = [h for h, lm in sorted(d["landmarks"].items()) if not lm["up"] and seat not in lm["known"]]
        pool = sorted([d["landmarks"][h]["tile"] for h in hidden] + d["lm_pool"])
        rng.shuffle(pool)
        for h in hidden:
            d["landmarks"][h]["tile"] = pool.pop()
            d["landmarks"][h]["known"] = [k for k in d["landmarks"][h]["known"] if k != seat]
        d["lm_pool"] = pool
        for pile in (d["market"]["deck"], d["market"]["scapes"], d["events"]["deck"]):
            pile.sort()
            rng.shuffle(pile)
        hands = [s for s in range(self.fortresses) if s != seat]
        relics = sorted(d["relic_deck"] + [r for s in hands for r in d["relics"][s]])
        rng.shuffle(relics)
        for s in hands:
            k = len(d["relics"][s])
            d["relics"][s] = relics[:k]
            relics = relics[k:]
        d["relic_deck"] = relics


FACTION_CHOICES = [(f, FACTIONS[f]["name"]) for f in PLAYABLE]
MODE_CHOICES = [("competitive", "Competitive"), ("coop", "Co-operative against the Raider Fortress")]


@declared
class CloudspireGame(Game):
    # 2: the Heirs' Outrider and Court Warden, the Bellows Spire and the Forsaken Colossus at the numbers of
    #    CS-GAP-75/72 (a recorded game with them no longer replays the same); equipment hidden under its hero
    rules_version = 2

    def plays_together(self, options: dict, players: int) -> bool:
        return players > 1 and options.get("mode") == "coop"      # CS-OVR-2: together against the Raider Fortress
    options_spec = (
        Option("factions", None, "Factions", FACTION_CHOICES, kind="choice", per_seat=True,
               help="One faction per player; by default each player is dealt a different faction at random."),
        Option("mode", "competitive", "Mode", MODE_CHOICES, kind="choice",
               help="With 2 players: competitive (each for themself), or co-operative (both together against "
                    "the automated Raider Fortress; win or lose as a team). One player always plays solo "
                    "against the Raider Fortress."),
        Option("opponent", "normal", "Raider Fortress", automa.LEVEL_CHOICES, kind="choice",
               help="How strong the automated Raider Fortress is in solo and co-operative play: "
                    + automa.LEVEL_HELP),
    )
    state_class = CloudspireState
    setup_step = "setup"                            # shows every faction at selection (CS-UI-30)

    def check_options(self, options: dict, players: int) -> dict:
        if options.get("mode") == "coop" and players != 2:
            raise ValueError("Co-operative play is for 2 players (1 player always plays solo)")
        f = options.get("factions")
        if f is not None:
            if len(set(f)) != len(f):
                raise ValueError("Each player must lead a different faction")
            for x in f:
                if x not in PLAYABLE:
                    raise ValueError(f"unknown faction {x!r}")
        return options

    def summary(self, state) -> list:
        """The deciding figures first (gates, the wave reached, damage dealt to opposing gates, Source
        held: the order of the final ranking), then Source earned, units lost, spires built and
        landmarks explored.  Public facts only."""
        d = state.data
        n = state.players
        st = d.get("stats", {})

        def row(key: str) -> list:
            vals = st.get(key) or [0] * n
            return [str(v) for v in vals[:n]]

        out_wave = st.get("out_wave") or [None] * n
        gates = [f"{g['health']} of {g['max']} health" if s not in d["out"] else "destroyed"
                 for s, g in enumerate(d["gate"])]
        waves = [str(d["wave"]) if out_wave[s] is None else f"{out_wave[s]} (fortress destroyed)" for s in range(n)]
        rows = [("Gate", gates[:n]), ("Wave reached", waves),
                ("Damage dealt to opposing gates", [str(v) for v in d["gate_damage"][:n]]),
                ("Source at the end", [str(v) for v in d["source"][:n]]),
                ("Source earned", row("earned")), ("Units lost", row("lost")), ("Spires built", row("spires")),
                ("Landmarks explored", row("explored"))]
        a = state.automaton
        if a is not None:                       # solo and co-op: the raider's gate decided it, for everyone
            g = d["gate"][a]
            raider = "destroyed" if a in d["out"] else f"{g['health']} of {g['max']} health"
            rows.insert(0, (f"{automa.NAME}'s gate", [raider] * n))
        return rows

    def rules_html(self) -> str:
        return read_text(__package__, "rules.html")


CloudspireState.game = GAME = CloudspireGame()

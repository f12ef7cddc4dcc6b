"""Ice Fortress rules (game id ``icefortress``): a cooperative tower of ice rooms on pillar dice.

Flow: ``setup`` (every seat at once keeps 2 of its 3 dealt ability cards; solo: one seat shares 4
of 6 between its two characters), then ``turn`` over and over (one character at a time: solo plays
two characters from seat 0, so ``data["cur"]`` names the acting character, not the seat).  A turn:
``roll`` (step 1), then step 2: ``die:V`` picks a rolled die and ``pillar:<room>.<square>`` places
it; ``pick:<card>`` picks a supply room and ``build:<room>.<group>`` / ``build:base:<k>`` builds it;
``power:<key>`` uses a power; ``cancel``; ``end`` starts step 3, where the ``pull`` frame pulls the
invaders one at a time (prompts ``land:<place>``, ``flood:<card>``), then the ``limit`` frame
enforces the supply limit (prompts ``discard:<card>``, ``shard:<element>``) and the turn ends.

Data keys: see :meth:`IceState._setup_data`.  Hidden: the order of the room decks and of the bag
(views show counts only; :meth:`IceState._resample` reshuffles them).
"""
from __future__ import annotations

from .. import declared
from ...engine import Action, Game, Option, Outcome, Rng, piles
from ...engine.flow import Phase, phases
from ...engine.util import read_text
from . import content
from . import fortress as fx
from .content import ELEMENTS, SIZES
from .powers import PowersMixin

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import CharView, IceView

STEPS = {0: "Setup", 1: "Step 1: Roll Dice", 2: "Step 2: Build the Fortress", 3: "Step 3: Pull Invaders"}


class IceState(PowersMixin):
    HIDDEN = ("@unseen_rooms",)                     # the room decks, less the rooms a search or look has on show
    HIDDEN_COUNTED = True                          # a draw and a search or look mark themselves (self.reveal())

    def unseen_rooms(self) -> dict:
        """Per room deck, how many of its rooms are face down and not on show (for HIDDEN: pyapp/engine/hidden.py)."""
        out = {z: len(deck) for z, deck in self.data["decks"].items()}
        for f in self.data["flow"]["stack"]:
            if f.get("cards") and f.get("deck") in out:
                out[f["deck"]] -= len(f["cards"])
        return out
    PHASES = phases(
        Phase("setup", "all", next="turn", doc="every player keeps two of three ability cards"),
        Phase("turn", "one", next="turn", doc="each character in turn: roll, build, pull invaders"),
    )
    FIRST_PHASE = "setup"
    FRAMES = ("flipnames", "fx", "limit", "pay", "pull", "seq")
    STAGES = {"fx": PowersMixin.FX_STEPS}          # an effect's steps (powers.py): the kit routes _f_fx to them

    # ---------------------------------------------------------------- setup (IF-SETUP-*)
    def _setup_data(self) -> dict:
        c = content.load()
        rng = self.rng
        ib = {}
        for el in ELEMENTS:                                             # IF-SETUP-1, IF-SETUP-2
            ids = sorted(k for k, v in c["beacons"].items() if v["element"] == el)
            ib[el] = ids[rng.below(len(ids))]
        decks: dict[str, list[str]] = {z: [] for z in SIZES}
        for k in sorted(c["rooms"]):                                     # IF-SETUP-3: one deck per size
            decks[c["rooms"][k]["size"]].append(k)
        for z in SIZES:
            piles.shuffle(decks[z], rng)
        supply = [decks[z].pop() for z in SIZES]                         # IF-SETUP-4
        names, abil, cls = sorted(c["names"]), sorted(c["abilities"]), sorted(c["classes"])
        for deck in (names, abil, cls):                                  # IF-SETUP-6
            piles.shuffle(deck, rng)
        solo = self.players == 1
        chars = []
        for i in range(2 if solo else self.players):                     # IF-SETUP-7, IF-SOLO-1, IF-SOLO-4
            chars.append({"seat": 0 if solo else i, "name": names.pop(), "class": cls.pop(), "abilities": []})
        dealt = [[abil.pop() for _ in range(6 if solo else 3)] for _ in range(self.players)]   # IF-SOLO-2
        figures = [el for el in ELEMENTS for _ in range(c["game"]["figures"][el])]             # IF-SETUP-10
        diff = self.options["difficulty"]
        self.data["flow"]["first"] = rng.below(self.players)            # IF-GAP-15
        return {
            "difficulty": diff, "shield": diff,                          # IF-SETUP-11, IF-SETUP-14
            "chars": chars, "dealt": dealt, "cur": 0, "step": 0, "flipped": False,
            "ib": ib, "beacons": [], "neutral": [],
            "decks": decks, "supply": {"rooms": supply, "shards": {el: 0 for el in ELEMENTS}},
            "bag": figures, "base": [None] * c["game"]["base_spaces"], "rooms": {},
            "dice": [], "sel": None, "used": [], "spent": {}, "withheld": 0, "short": 0, "depicted": 0,
            "pull": {"total": 0, "done": 0, "seen": []}, "last": [None] * self.players, "turns": 0,
            "built_at": 0,
        }

    def _legal_setup(self, seat: int) -> list[Action]:
        dealt = self.data["dealt"][seat]
        if not self.solo:                                                 # IF-SETUP-8, IF-UI-2
            return [Action(f"discard:{a}", f"Discard {self.card_title(a)} (keep the other two)", "setup")
                    for a in dealt]
        out = []                                                          # IF-UI-3
        for ci, ch in enumerate(self.data["chars"]):
            if len(ch["abilities"]) < 2:
                out += [Action(f"give:{ci}:{a}", f"Give {self.card_title(a)} to {self.card_title(ch['name'])}", "setup")
                        for a in dealt]
        return out

    def _do_setup(self, seat: int, action: Action) -> None:
        d = self.data
        parts = action.id.split(":")
        if parts[0] == "discard":
            d["chars"][seat]["abilities"] = [a for a in d["dealt"][seat] if a != parts[1]]   # IF-GAP-14
            d["dealt"][seat] = []
            self.flow.done(seat)
            return
        ci, a = int(parts[1]), parts[2]
        d["chars"][ci]["abilities"].append(a)
        d["dealt"][seat].remove(a)
        if all(len(ch["abilities"]) == 2 for ch in d["chars"]):
            d["dealt"][seat] = []
            self.flow.done(seat)

    def _end_setup(self) -> None:
        self.say("The defenders take their posts", kind="setup")

    # ---------------------------------------------------------------- turns
    def _begin_turn(self) -> None:
        if self.solo:                                                    # IF-SOLO-3
            self.flow.set_order([0, 0])
        else:                                                             # IF-ROUND-1
            self.flow.set_order(self.clockwise(self.flow.first))

    def _begin_turn_turn(self, seat: int) -> None:
        d = self.data
        if self.solo:
            d["cur"] = 0 if d["turns"] == 0 else 1 - d["cur"]
        else:
            d["cur"] = seat
        d["step"] = 1

    def _legal_turn(self, seat: int) -> list[Action]:
        d = self.data
        if d["step"] == 1:
            return [Action("roll", f"Roll your dice ({self.roll_count()[0]})", "roll")]
        out = []
        sel = d["sel"]
        sel_die = sel.get("die") if sel else None
        sel_room = sel.get("room") if sel else None
        places = fx.places_by_size(d) if d["supply"]["rooms"] or sel_room else {}   # size -> where it may go now
        if sel_die is not None:
            out += [Action(f"pillar:{p}", f"Put the {sel_die} on {p}", "pillar") for p in fx.pillar_places(d, sel_die)]
        if sel_room is not None:
            size = fx.rc(sel_room)["size"]
            out += [Action(f"build:{p}", f"Build {self.room_label(sel_room)} on {p}", "build") for p in places[size]]
        if sel:
            out.append(Action("cancel", "Put it back", "select"))
        takes: set[int] = set()                                           # die values on offer
        if d["dice"]:
            fits = fx.pillar_values(d)
            for v in sorted(set(d["dice"])):
                if v != sel_die and v in fits:
                    out.append(Action(f"die:{v}", f"Take a die showing {v}", "die"))
                    takes.add(v)
        rooms = sel_room is not None and bool(places[fx.rc(sel_room)["size"]])
        for cid in d["supply"]["rooms"]:
            if cid == sel_room:
                continue
            if places[fx.rc(cid)["size"]]:
                out.append(Action(f"pick:{cid}", f"Take {self.room_label(cid)} from the supply", "pick"))
                rooms = True
        out += [Action(f"power:{k}", f"{self.power_name(k)}: {content.power_text(power)}", "power")
                for k, power in self.usable_power_list()]                 # IF-POW-3, IF-GAP-25
        usable = sorted(takes | ({sel_die} if sel_die is not None else set()))
        ask = ""                                # issue 32: ending with dice or rooms still usable asks first
        if usable or rooms:
            what = " and ".join(([f"a die showing {' or '.join(map(str, usable))}"] if usable else [])
                                + (["a room"] if rooms else []))
            ask = (f"End building and pull {self.to_pull()} invaders? You could still place {what}; "
                   "dice you do not place go back to the pool unused.")
        out.append(Action("end", f"End building and pull {self.to_pull()} invaders", "end", confirm=ask))  # IF-BUILD-3
        return out

    def roll_count(self) -> tuple[int, int, int]:
        """(dice to roll, withheld by air, short of the pool) for the current character (IF-GAP-17)."""
        want = self.depicted(self.data["cur"])
        air = fx.air_count(self.data)                                    # IF-ROLL-4, IF-INV-17
        n = max(0, want - air)
        got = min(n, self.pool())                                        # IF-ROLL-5
        return got, min(air, want), n - got

    def to_pull(self) -> int:
        return 2 + len(self.data["beacons"])                             # IF-PULL-1, IF-BCN-8, IF-GAP-30

    def _do_turn(self, seat: int, action: Action) -> None:
        d = self.data
        kind, _, arg = action.id.partition(":")
        if kind == "roll":                                               # IF-ROUND-2, IF-ROLL-7
            n, withheld, short = self.roll_count()
            d["dice"] = sorted(self.rng.roll(6) for _ in range(n))
            d["withheld"], d["short"], d["depicted"] = withheld, short, self.depicted(d["cur"])
            d["step"] = 2
            extra = (f" ({withheld} withheld by air invaders)" if withheld else "") + \
                    (f" ({short} short: the pool is empty)" if short else "")
            self.say("{0} " + self.char_title(d["cur"]) + " rolls " + (" ".join(map(str, d["dice"])) or "no dice")
                     + extra, seat, kind="roll")
        elif kind == "die":
            d["sel"] = {"die": int(arg)}
        elif kind == "pick":
            d["sel"] = {"room": arg}
        elif kind == "cancel":
            d["sel"] = None
        elif kind == "pillar":
            v = d["sel"]["die"]
            cid, sid = fx.split(arg)
            d["dice"].remove(v)
            d["rooms"][cid]["pillars"][sid] = v                            # IF-PIL-1
            d["sel"] = None
            d["last"][seat] = arg
            self.mark(seat, "pillar", arg, text=str(v))
            self.say("{0} puts a " + str(v) + " on " + arg, seat, kind="pillar")
        elif kind == "build":
            cid = d["sel"]["room"]
            d["sel"] = None
            d["last"][seat] = cid
            self.mark(seat, "build", arg, cid, text=fx.rc(cid)["name"])
            self.build(cid, arg)
        elif kind == "power":
            d["sel"] = None
            self.start_power(arg)
        elif kind == "end":
            d["sel"] = None
            d["step"] = 3
            n = self.to_pull()
            d["pull"] = {"total": n, "done": 0, "seen": []}
            self.say("{0} pulls " + str(n) + " invaders", seat, kind="pull")
            self.flow.push("pull", left=n, fig=None, flood=False)

    def build(self, cid: str, place: str) -> None:
        """Build supply room ``cid`` on ``place``; boost, then check for a beacon (IF-GAP-32)."""
        d = self.data
        d["supply"]["rooms"].remove(cid)                                  # IF-GAP-22
        self._place_room(cid, place)
        self.say("{0} builds " + self.room_label(cid) + " on " + place, self.cur_seat, kind="build")
        d["built_at"] = d["turns"] + 1                                    # progress: the siege clock restarts
        if fx.rc(cid)["crystal"]:                                         # IF-ROOM-8, IF-GAP-24
            self.boost(1)
        el = fx.rc(cid)["element"]
        if el == "white" or el in d["beacons"] or fx.chain(d, cid) < 4:  # IF-BCN-2, IF-BCN-4
            return
        self.mark(self.cur_seat, "beacon", cid, text=el)
        if len(d["beacons"]) == 3:                                        # IF-WIN-1, IF-WIN-2
            self.say("The beacon of " + el + " is lit: all four beacons burn", kind="win")
            self.finish(Outcome.team(self.players, True, "All four beacons are lit: the fortress holds"))
            return
        d["beacons"].append(el)                                           # IF-BCN-3
        card = content.load()["beacons"][d["ib"][el]]
        self.say("A beacon of " + el + " is complete: " + card["beacon"]["title"] + " is revealed", kind="beacon")
        if not d["flipped"]:                                              # IF-BCN-12, IF-GAP-33
            self.flow.push("flipnames")
        self.flow.push("seq", effects=card["beacon"]["immediately"], i=0)  # IF-BCN-6

    def _place_room(self, cid: str, place: str) -> dict:
        """Put room card ``cid`` on ``place`` (a bottom space ``base:k`` or a group ``<room>.<group>``),
        empty: no pillars, no invaders.  Only the placement: no checks, no effects (see :meth:`build`)."""
        d = self.data
        if place.startswith("base:"):
            d["base"][int(place[5:])] = cid
            level = 1
        else:
            pc, g = fx.split(place)
            d["rooms"][pc]["top"][g] = cid
            level = d["rooms"][pc]["level"] + 1
        room: dict = {"on": place, "level": level, "pillars": {}, "inv": {}, "ginv": {}, "top": {}}
        d["rooms"][cid] = room
        return room

    def _f_flipnames(self, frame: dict, choice: str | None, seat: int | None) -> None:
        self.data["flipped"] = True
        self.flow.pop(frame)
        self.say("The first beacon burns: every name card turns to its advanced side", kind="beacon")

    # ---------------------------------------------------------------- step 3: invaders (IF-PULL-*)
    def _f_pull(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        if choice is not None and choice.startswith("land:"):
            self.land(frame, frame["fig"], choice[5:])
            if self.is_over or d["flow"]["prompt"]:
                return
            choice = None
        elif choice is not None and choice.startswith("flood:"):
            self.flood(choice[6:])
            frame["flood"] = False
            choice = None
        while frame["left"] > 0:
            frame["left"] -= 1
            got = piles.take_random(d["bag"], 1, self.rng)                   # IF-PULL-2, IF-GAP-34
            if not got:                                                     # IF-GAP-35
                frame["left"] = 0
                self.say("The bag is empty", kind="pull")
                break
            el = got[0]
            d["pull"]["done"] += 1
            spots = fx.landing(d, el)
            if not spots:                                                   # IF-PULL-12, IF-PULL-13
                self.mark(self.cur_seat, "attack", "shield", text=el)
                d["bag"].append(el)
                d["shield"] -= 1
                d["pull"]["seen"].append([el, "shield"])
                self.say("A " + el + " invader attacks the ice shield: " + str(d["shield"]) + " cubes left", kind="attack")
                if d["shield"] <= 0:                                          # IF-WIN-3, IF-GAP-44
                    self.finish(Outcome.team(self.players, False, "The ice shield is broken"))
                    return
                continue
            if len(spots) > 1:                                              # IF-PULL-11, IF-UI-11
                frame["fig"] = el
                self.flow.ask(self.cur_seat, [(f"land:{p}", f"The {el} invader lands on the {k} at {p}")
                                              for p, k in spots], kind="land")
                return
            self.land(frame, el, spots[0][0])
            if d["flow"]["prompt"]:
                return
        self.flow.pop(frame)
        self.flow.push("limit")

    def land(self, frame: dict, el: str, place: str) -> None:
        d = self.data
        cid, part = fx.split(place)
        room = d["rooms"][cid]
        d["pull"]["seen"].append([el, place])
        self.mark(self.cur_seat, "land", place, text=el)
        if el == "earth" and fx.active(d, "earth") and part in {g["id"] for g in fx.rc(cid)["groups"]}:
            room["ginv"][part] = el                                           # IF-INV-9
            self.say("An earth invader occupies the group " + place, kind="invader")
            return
        room["inv"][part] = el
        if part in room["pillars"]:
            self.say("A " + el + " invader lands on the pillar at " + place, kind="invader")
            if el == "fire" and fx.active(d, "fire"):                        # IF-INV-3, IF-GAP-38
                v = room["pillars"].pop(part)
                self.mark(self.cur_seat, "melt", place, text=str(v))
                self.say("It melts the pillar " + str(v), kind="melt")
        else:
            self.say("A " + el + " invader lands on the empty square " + place, kind="invader")
        if el == "water" and fx.active(d, "water"):                          # IF-INV-6..8
            rooms = d["supply"]["rooms"]
            if len(rooms) == 1:
                self.flood(rooms[0])
            elif rooms:                                                     # IF-INV-7, IF-UI-12
                frame["flood"] = True
                self.flow.ask(self.cur_seat, [(f"flood:{c}", f"Flood {self.room_label(c)}") for c in rooms],
                              kind="flood")

    def flood(self, cid: str) -> None:
        d = self.data
        d["supply"]["rooms"].remove(cid)
        piles.put_bottom(d["decks"][fx.rc(cid)["size"]], [cid])
        self.mark(self.cur_seat, "flood", text=fx.rc(cid)["name"])
        self.say("The water floods " + self.room_label(cid) + " out of the supply", kind="flood")

    def _f_limit(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """The supply limit after the pull, rooms and shards apart (IF-END-*, IF-GAP-41..43)."""
        d = self.data
        lim = d["difficulty"]
        if choice is not None:
            kind, _, arg = choice.partition(":")
            if kind == "discard":
                d["supply"]["rooms"].remove(arg)
                piles.put_bottom(d["decks"][fx.rc(arg)["size"]], [arg])
                self.mark(self.cur_seat, "discard", text=fx.rc(arg)["name"])
                self.say("{0} discards " + self.room_label(arg), self.cur_seat, kind="discard")
            else:
                d["supply"]["shards"][arg] -= 1
                d["bag"].append(arg)
                self.mark(self.cur_seat, "discard", text=arg + " shard")
                self.say("{0} discards a " + arg + " shard", self.cur_seat, kind="discard")
        if len(d["supply"]["rooms"]) > lim:
            self.flow.ask(self.cur_seat, [(f"discard:{c}", f"Discard {self.room_label(c)}") for c in d["supply"]["rooms"]],
                          kind="limit")
            return
        if sum(d["supply"]["shards"].values()) > lim:
            self.flow.ask(self.cur_seat, [(f"shard:{el}", f"Discard a {el} shard") for el in ELEMENTS
                                          if d["supply"]["shards"][el]], kind="limit")
            return
        for s in d["spent"].values():                                         # IF-POW-8, IF-POW-9, IF-GAP-28
            d["bag"] += s["shards"]
        d["spent"], d["used"], d["dice"], d["sel"] = {}, [], [], None         # IF-GAP-16
        d["turns"] += 1
        d["step"] = 1
        if self.quiet_turns() >= self.siege_turns():                        # house rule: the siege clock
            rounds = content.load()["game"]["siege_rounds"]
            self.say(f"{rounds} rounds without a new room: the siege wears the defenders down", kind="attack")
            self.finish(Outcome.team(self.players, False, f"The siege lasted too long: no room was built in {rounds} rounds"))
            return
        self.flow.pop(frame)
        self.flow.end_turn()

    def quiet_turns(self) -> int:
        """Whole turns since the last room was built (or since the game began)."""
        d = self.data
        n: int = d["turns"] - d.get("built_at", 0)
        return n

    def siege_turns(self) -> int:
        """House rule (the rulebook has no clock, so a stuck fortress would never end): after
        ``siege_rounds`` whole rounds in a row (a round: every character's turn) without a new room, the
        players lose."""
        n: int = content.load()["game"]["siege_rounds"] * len(self.data["chars"])
        return n

    # ---------------------------------------------------------------- names and views
    def card_title(self, key: str) -> str:
        c = content.load()
        if key in c["names"]:
            return c["names"][key]["name"]
        return content.card(key)["title"]

    def char_title(self, ci: int) -> str:
        """``Brisa the Keen Bold Mason``, or the advanced title once the name cards flip."""
        ch = self.data["chars"][ci]
        c = content.load()
        n = c["names"][ch["name"]]
        adj = " ".join(c["abilities"][a]["title"] for a in ch["abilities"])
        if self.data["flipped"]:
            return f"{n['advanced']['title']} ({adj} {c['classes'][ch['class']]['title']})"
        return f"{n['start']['title']} {adj} {c['classes'][ch['class']]['title']}".replace("  ", " ")

    if TYPE_CHECKING:
        # State.view returns what _view returns: for mypy, this game's view (see _view)
        def view(self, seat: int | None) -> IceView: ...  # type: ignore[override]

    # the engine's State._view promises a plain dict; this one is (a TypedDict is a dict at run time),
    # but mypy lets a TypedDict stand only for a Mapping, not for dict
    def _view(self, seat: int | None) -> IceView:  # type: ignore[override]
        d = self.data
        flow = d["flow"]
        sel = d["sel"]
        hints: dict[str, str] = {}
        if sel and "die" in sel:                                           # why a square refuses the die
            for p in fx.open_squares(d):
                why = fx.pillar_problem(d, p, sel["die"])
                if why:
                    hints[p] = why
        if sel and "room" in sel:
            for cid in sorted(d["rooms"]):
                for g in fx.rc(cid)["groups"]:
                    p = f"{cid}.{g['id']}"
                    if g["id"] not in d["rooms"][cid]["top"]:
                        why = fx.build_problem(d, sel["room"], p)
                        if why:
                            hints[p] = why
        prompt = flow["prompt"]
        return {
            "game": "icefortress", "seat": seat, "players": self.players, "solo": self.solo,
            "phase": flow["phase"], "step": d["step"], "step_text": STEPS[d["step"]],
            "cur": d["cur"], "active": self.cur_seat if flow["phase"] == "turn" else None,
            "to_act": list(self.to_act), "prompt": prompt and prompt["kind"],
            "difficulty": d["difficulty"], "shield": d["shield"], "turns": d["turns"],
            "chars": [self._char_view(i) for i in range(len(d["chars"]))],
            "dealt": [list(x) for x in d["dealt"]], "flipped": d["flipped"],
            "powers": self.power_keys(d["cur"]) if d["step"] else [],
            "used": list(d["used"]), "spent": d["spent"],
            "ib": {el: {"card": d["ib"][el], "side": "beacon" if el in d["beacons"] else "invader",
                        "ability": "beacon" if el in d["beacons"] else "neutralized" if el in d["neutral"] else "active"}
                   for el in ELEMENTS},
            "beacons": list(d["beacons"]),
            "decks": {z: len(d["decks"][z]) for z in SIZES}, "bag": len(d["bag"]),
            "supply": {"rooms": list(d["supply"]["rooms"]), "shards": dict(d["supply"]["shards"])},
            "base": list(d["base"]), "rooms": d["rooms"], "pool": self.pool(),
            "dice": list(d["dice"]), "sel": sel, "hints": hints,
            "withheld": d["withheld"], "short": d["short"], "depicted": d["depicted"],
            "to_pull": self.to_pull(), "pull": d["pull"], "last": list(d["last"]), "marks": self.marks(),
            "quiet": self.quiet_turns(), "siege": self.siege_turns(),
            "log": self.log[-60:], "outcome": flow["outcome"],
        }

    def _char_view(self, ci: int) -> CharView:
        ch = self.data["chars"][ci]
        return {"seat": ch["seat"], "name": ch["name"], "class": ch["class"], "abilities": list(ch["abilities"]),
                "title": self.char_title(ci), "dice": self.depicted(ci)}

    def _resample(self, seat: int, rng: Rng) -> None:
        """The room decks and the bag are face down: shuffle them anew (the bag's order is meaningless)."""
        for z in SIZES:
            rng.shuffle(self.data["decks"][z])
        rng.shuffle(self.data["bag"])


@declared
class IceGame(Game):
    private_views = False            # a co-operative game with nothing hidden between players: no hand-off
    cooperative = True
    rules_version = 3                 # 3: a full supply stops room powers, the shield cap is difficulty + 3 (issue 34 item 13)
    #                                   2: the difficulty dial re-tuned (issue 34): 8 of 28 medium rooms with a crystal,
    #                                   Stern's destroy costs a die, Corvin's boost a shard, one beacon boost (the Hearth's)
    options_spec = (Option("difficulty", 7, "Difficulty", kind="int", min=1, max=10,     # IF-GAP-7, IF-SETUP-12
                           help="Shield cubes and supply limit: 7 is the introductory game, lower is harder."),)
    state_class = IceState

    def rules_html(self) -> str:
        return read_text(__package__, "rules.html")

    def summary(self, state) -> list:
        """The team's figures (beacons lit, the shield against the difficulty, attacks on it), then each
        seat's: rooms built, invaders crystallized or repelled, turns played, powers used (solo: per
        character).  From the public state and the log."""
        d = state.data
        n = state.players
        chars = d["chars"]
        c = content.load()
        out = state.outcome()
        won = out is not None and out.kind == "team-win"            # the fourth beacon ends the game unlisted
        lit = d["beacons"] + ([el for el in ELEMENTS if el not in d["beacons"]] if won else [])
        built = [0] * n
        removed = [0] * n
        turns = [0] * n
        powers = [0] * len(chars)
        attacks = 0
        ci = -1
        for ev in state.log:
            if not isinstance(ev, dict):
                continue
            kind, seats = ev.get("kind"), ev.get("seats") or []
            s = seats[0] if seats and 0 <= seats[0] < n else None
            if kind == "roll" and s is not None:
                turns[s] += 1
                ci = (ci + 1) % 2 if state.players == 1 else s
            elif kind == "build" and s is not None:
                built[s] += 1
            elif kind == "invader" and s is not None:
                removed[s] += 1
            elif kind == "power" and 0 <= ci < len(chars):
                powers[ci] += 1
            elif kind == "attack" and "attacks" in ev.get("text", ""):
                attacks += 1

        def team(text: str) -> list[str]:
            return [text] * n

        def per_char(s: int) -> str:
            mine = [i for i, ch in enumerate(chars) if ch["seat"] == s]
            if len(mine) == 1:
                return str(powers[mine[0]])
            return ", ".join(f"{c['names'][chars[i]['name']]['name']} {powers[i]}" for i in mine)

        return [
            ("Beacons lit", team(f"{len(lit)} of 4" + (f" ({', '.join(lit)})" if lit else ""))),
            ("Ice shield left", team(f"{d['shield']} cubes (difficulty {d['difficulty']})")),
            ("Invaders that hit the shield", team(str(attacks))),
            ("Rooms in the fortress", team(str(len(d["rooms"])))),
            ("Rooms built", [str(v) for v in built]),
            ("Invaders crystallized or repelled", [str(v) for v in removed]),
            ("Turns played", [str(v) for v in turns]),
            ("Powers used", [per_char(s) for s in range(n)]),
        ]


GAME = IceGame()
IceState.game = GAME

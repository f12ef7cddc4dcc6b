"""Hex Battle rules (../shared/rules/hex-battle.txt; clause IDs in comments).

The flow (:mod:`pyapp.engine.flow`) has one phase, ``turn`` (seats take whole
turns, the first player first, HB-TURN-1); each turn is 2 actions
(HB-TURN-2), each ``draw`` or playing a card.  Playing a card is a frame,
``card``, resolved by small decisions, each its own action id, so the player
(or a bot) chooses step by step and the UI can show every choice; the
frame's ``stage`` is what the view calls the phase:

* ``play:c07`` picks the card (stage ``pay``; a cost-0 card skips payment);
* ``pay:c12`` / ``unpay:c12`` toggle a card of the same hand as payment,
  ``pay:ok`` pays once the total reaches the cost, ``cancel`` puts the card
  back with no action used (HB-GAP-29);
* then the card's actions resolve in printed order (HB-GAP-26), stage
  ``resolve``: for a move, ``unit:c12`` picks the unit (stage ``move``), and
  each movement point is ``step``, ``step:cw``, ``step:ccw``, ``turn:cw`` or
  ``turn:ccw``; ``stop`` ends the move early; for a ranged attack ``aim:c12``
  picks the shooter (stage ``aim``) and ``shoot:d5`` the target; ``skip``
  declines the current card action.  The card goes to the discard pile last
  (HB-CARD-12).

``self.data`` keys: ``first`` (the seat that went first), ``active`` (the seat
whose turn it is, kept after the end for the view), ``turn`` (turns begun),
``actions_left``, ``units`` ([{id, owner, key, hex, facing, health}]),
``cards`` (card instance id -> card key), ``deck``, ``hand``, ``discard``
(per seat, lists of card ids; a deck's top is its start), ``lost`` (per seat,
points of removed units), ``played`` (per seat, cards played) and ``dealt``
(per seat, health its opponent's units lost), for the end-of-game summary;
``flow`` is the engine's.

Last moves (:meth:`FlowState.mark`, drawn by the renderer until the seat's next
turn begins): ``play`` (text: the card's name), ``draw`` (text: how many),
``move`` (from, to: one per step), ``turn`` (the hex; text: the new facing),
``fight`` (the mover's hex, the enemy's), ``shoot`` (shooter, target), ``hit``
(the hex; text: health lost) and ``remove`` (the hex; text: the unit's name),
all marked for the seat whose turn it is.
"""
from __future__ import annotations

import json

from .. import declared
from ...engine import Action, Game, Option, Outcome
from ...engine.flow import FlowState, Phase, phases
from ...engine.log import event, plain
from ...engine.util import read_text
from . import content
from .content import CARDS, UNITS
from .hexgrid import DIRS, GRID

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ...engine.rng import Rng
    from .types import ArmyCardView, CardAction, CardSpec, CardView, HexBattleView, PendingView, UnitData, UnitView

LOSS_POINTS = 20          # HB-END-1
HAND_START = 5            # HB-SET-4
DRAW_COUNT = 5            # HB-DRAW-1
ACTIONS_PER_TURN = 2      # HB-TURN-2
TURN_WORDS = {"cw": 1, "ccw": -1}
EDGE_NAMES = ("front", "front-right", "back-right", "back", "back-left", "front-left")
RANGED_DAMAGE = 2         # HB-RNG-6
# card ids are "c" + a number drawn at random (rules version 2); version 1 numbered them in blocks of kinds
CARD_ID_PREFIX = "c"


def _deploy(army: dict, owner: int, rotate: bool) -> list[UnitData]:
    """Units as placed at load (HB-SET-2); the second player's army rotated 180 degrees (HB-GAP-9)."""
    units: list[UnitData] = []
    for i, u in enumerate(army["units"]):
        hex_name, facing = u["hex"], u["facing"]
        if rotate:
            hex_name, facing = GRID.rotate180(hex_name), (facing + 3) % 6
        units.append({"id": f"{owner}.{i}", "owner": owner, "key": u["key"], "hex": hex_name,
                      "facing": facing, "health": UNITS[u["key"]]["health"]})
    return units


def _data_key(name: str, doc: str) -> property:
    return property(lambda self: self.data[name], doc=doc)


def _describe(act: CardAction | None) -> str:
    """A card action in words (log lines and card summaries)."""
    if act is None:
        return "nothing"
    what = "move " + (f"a {act['only']} unit" if "only" in act else "a unit") if act["do"] == "move" else "a ranged attack"
    if "limit" in act:
        what += f" (at most {act['limit']} movement point{'s' if act['limit'] > 1 else ''})"
    if "within" in act:
        what += f" (target at most {act['within']} hexes away)"
    return what


def _warning(card: CardSpec) -> str:
    """The question before playing ``card`` when no unit can perform any of its actions (a text that depends on
    the card alone), "" for a card without actions."""
    why = []
    for act in card["actions"]:
        if act["do"] == "ranged":
            reach = f" within {act['within']} hexes of" if "within" in act else " within range of"
            why.append(f"one of your ranged units{reach} an enemy")
        else:
            why.append(f"a {act['only']} unit of yours" if "only" in act else "a unit of yours")
    if not why:
        return ""
    return (f"{card['name']} needs {' or '.join(dict.fromkeys(why))}: none is, so it would do nothing "
            f"and the card and its payment would be lost. Play it anyway?")


# Actions are immutable values: the listings reuse them instead of writing the same labels again (random playouts
# and search bots list thousands).  Each cache holds at most one entry per card id and kind, hex and unit kind, or
# number of points: a few thousand at most.
_PLAY: dict[tuple[str, str], tuple[Action, Action]] = {}      # (card id, kind) -> (play, play with the warning)
_PAY: dict[tuple[str, str], tuple[Action, Action]] = {}       # (card id, kind) -> (pay, unpay)
_UNIT: dict[tuple[str, str, str], Action] = {}                # (verb, hex, unit kind) -> unit:, aim:, shoot:...
_SMALL: dict[tuple, Action] = {}                              # draw, cancel, stop
_STEP: dict[str, tuple[Action, Action, Action]] = {}          # hex ahead -> step, step:cw, step:ccw
_SKIP = Action("skip", "Skip this action", "skip")
_TURNS = (Action("turn:cw", "Turn 60 degrees clockwise", "move"),
          Action("turn:ccw", "Turn 60 degrees counterclockwise", "move"))
_UNIT_LABELS = {"unit": ("Move {} on {}", "unit"), "aim": ("Shoot with {} on {}", "unit"),
                "shoot": ("Shoot {} on {} for 2 damage", "target"), "aim+": ("Shoot with {} on {} instead", "unit")}


def _play_actions(cid: str, key: str) -> tuple[Action, Action]:
    card = CARDS[key]
    aid, label = f"play:{cid}", f"Play {card['name']} (cost {card['cost']})"
    got = _PLAY[(cid, key)] = (Action(aid, label, "card"), Action(aid, label, "card", _warning(card)))
    return got


def _pay_actions(cid: str, key: str) -> tuple[Action, Action]:
    spec = CARDS[key]
    got = _PAY[(cid, key)] = (Action(f"pay:{cid}", f"Discard {spec['name']} ({spec['cost']}) as payment", "pay"),
                              Action(f"unpay:{cid}", f"Keep {spec['name']}", "pay"))
    return got


def _unit_action(verb: str, u: UnitData) -> Action:
    """``unit:``, ``aim:``, ``shoot:`` or (``aim+``) ``aim:`` ... instead, for the unit ``u``."""
    k = (verb, u["hex"], u["key"])
    a = _UNIT.get(k)
    if a is None:
        text, kind = _UNIT_LABELS[verb]
        a = _UNIT[k] = Action(f"{verb.rstrip('+')}:{u['hex']}", text.format(UNITS[u["key"]]["name"], u["hex"]), kind)
    return a


def _small(k: tuple) -> Action:
    a = _SMALL.get(k)
    if a is None:
        what, x = k
        if what == "draw":
            a = Action("draw", f"Draw {x} cards", "draw")
        elif what == "cancel":
            a = Action("cancel", f"Do not play {x}", "pay")
        else:
            a = Action("stop", f"End the move ({x} point(s) unused)", "move")
        _SMALL[k] = a
    return a


def _steps(fwd: str) -> tuple[Action, Action, Action]:
    """The three ways to step forward onto ``fwd``."""
    got = _STEP.get(fwd)
    if got is None:
        got = _STEP[fwd] = (Action("step", f"Step forward to {fwd}", "move"),
                            Action("step:cw", f"Step to {fwd} and turn clockwise", "move"),
                            Action("step:ccw", f"Step to {fwd} and turn counterclockwise", "move"))
    return got


def _draw_action(n: int) -> Action:
    return _small(("draw", n))


class HexBattleState(FlowState):
    """The state of one Hex Battle game."""
    HIDDEN = ("deck.*", "hand.*")                  # the draw decks; a hand is secret from the other seat
    HIDDEN_COUNTED = True                          # the draw and the payment mark themselves (self.reveal())

    PHASES = phases(Phase("turn", "one", next="turn",
                          doc="each player in turn takes 2 actions: draw 5 cards or play a card"))
    FIRST_PHASE = "turn"
    FRAMES = ("card",)

    # read-only names for the data (bots and tests read them; the rules write self.data)
    units = _data_key("units", "The units on the battlefield.")
    cards = _data_key("cards", "Card instance id -> card key.")
    deck = _data_key("deck", "Per seat, the card ids of the deck, top first.")
    hand = _data_key("hand", "Per seat, the card ids in hand.")
    discard = _data_key("discard", "Per seat, the discarded card ids, oldest first.")
    lost = _data_key("lost", "Per seat, the points of its removed units.")
    first = _data_key("first", "The seat that went first.")
    active = _data_key("active", "The seat whose turn it is (after the end: whose turn it was).")
    turn = _data_key("turn", "Turns begun so far.")
    actions_left = _data_key("actions_left", "Actions left in this turn.")

    @property
    def pending(self) -> dict | None:
        """The card being played (the ``card`` frame), or None."""
        return self.data["flow"]["stack"][-1] if self.data["flow"]["stack"] else None

    @property
    def phase(self) -> str:
        """``main``, ``pay``, ``resolve``, ``move``, ``aim`` (the card frame's stage) or ``over``."""
        flow = self.data["flow"]
        if flow["outcome"] is not None:
            return "over"
        return flow["stack"][-1]["stage"] if flow["stack"] else "main"

    @property
    def result(self) -> dict | None:
        """The outcome as a dict (``winners``, ``ranking``, ``reason``...) once the game is over, else None."""
        return self.data["flow"]["outcome"]

    # ---- setup ---------------------------------------------------------------
    def _setup_data(self) -> dict:
        armies = self.options["armies"]
        first = self.rng.below(2)                            # HB-SET-6, HB-GAP-35
        second = 1 - first
        self.flow.first = first                              # HB-TURN-1
        units: list[UnitData] = []
        for seat in (first, second):                         # HB-SET-2, HB-GAP-9
            units += _deploy(armies[seat], seat, rotate=(seat == second))
        units.sort(key=lambda u: u["id"])
        # Card ids carry no information (issue 15): both decks' cards get the numbers 1..n in an order
        # drawn at random, so a card's id says nothing about its kind, its owner or the rest of a deck.
        # The draws depend only on the decks' sizes, which are public.
        owned = [(seat, key) for seat in (0, 1) for key in sorted(armies[seat]["cards"])
                 for _ in range(armies[seat]["cards"][key])]
        numbers = list(range(1, len(owned) + 1))
        self.rng.shuffle(numbers)
        cards: dict[str, str] = {}                           # card instance id -> card key
        deck: list[list[str]] = [[], []]
        for (seat, key), num in zip(owned, numbers):
            cid = f"{CARD_ID_PREFIX}{num:02d}"
            cards[cid] = key
            deck[seat].append(cid)
        for seat in (0, 1):
            deck[seat].sort()                                # the list order carries nothing either
            self.rng.shuffle(deck[seat])                     # HB-SET-3
        hand = [deck[s][:HAND_START] for s in (0, 1)]       # HB-SET-4, HB-GAP-34
        deck = [deck[s][HAND_START:] for s in (0, 1)]
        hand[second].append(deck[second].pop(0))             # HB-SET-7
        self.say("{0} goes first (chosen at random); {1} draws an extra card.", first, second, kind="setup")
        return {"first": first, "active": first, "turn": 0, "actions_left": ACTIONS_PER_TURN,
                "units": units, "cards": cards, "deck": deck, "hand": hand,
                "discard": [[], []],                         # HB-SET-5
                "lost": [0, 0], "played": [0, 0], "dealt": [0, 0]}

    def _begin_turn_turn(self, seat: int) -> None:
        """A turn begins: 2 actions (HB-TURN-2), unless the seat cannot act at all (HB-GAP-31, -32)."""
        d = self.data
        d["active"] = seat
        d["turn"] += 1
        d["actions_left"] = ACTIONS_PER_TURN
        self._ensure_can_act(seat)

    # ---- helpers ---------------------------------------------------------------
    def unit_at(self, hex_name: str | None) -> UnitData | None:
        """The unit on ``hex_name``, or None."""
        for u in self.data["units"]:
            if u["hex"] == hex_name:
                return u
        return None

    def _unit_on(self, hex_name: str | None) -> UnitData:
        """The unit on ``hex_name``, where the rules know there is one (a chosen, legal hex)."""
        u = self.unit_at(hex_name)
        if u is None:
            raise LookupError(f"no unit on {hex_name}")
        return u

    def units_of(self, seat: int) -> list[UnitData]:
        return [u for u in self.data["units"] if u["owner"] == seat]

    @staticmethod
    def edge_strength(unit: UnitData, direction: int) -> int:
        """Strength of the edge facing ``direction`` (HB-MOVE-10: strengths turn with the unit)."""
        return UNITS[unit["key"]]["edges"][(direction - unit["facing"]) % 6]

    def card_cost(self, cid: str) -> int:
        return CARDS[self.data["cards"][cid]]["cost"]

    def _card_name(self, cid: str) -> str:
        return CARDS[self.data["cards"][cid]]["name"]

    @staticmethod
    def _label(u: UnitData) -> str:
        """A unit in a log line, after its owner's seat reference: ``{0} Spearwall (c10)``."""
        return f"{UNITS[u['key']]['name']} ({u['hex']})"

    def _playable(self, seat: int) -> list[str]:
        """Cards in hand whose cost the other cards of the hand can cover (HB-CARD-5, -6, -9)."""
        kinds = self.data["cards"]
        costs = [(c, CARDS[kinds[c]]["cost"]) for c in self.data["hand"][seat]]   # each looked up once: playouts
        total = sum(cost for _, cost in costs)
        return [c for c, cost in costs if total - cost >= cost]

    def _main_actions(self, seat: int) -> list[Action]:
        acts = []
        deck = self.data["deck"][seat]
        if deck:                                              # HB-GAP-30: no draw from an empty deck
            acts.append(_draw_action(min(DRAW_COUNT, len(deck))))
        kinds = self.data["cards"]
        useful: dict[str, bool] = {}                          # per card kind, within this listing
        for cid in self._playable(seat):
            key = kinds[cid]
            ok = useful.get(key)
            if ok is None:
                ok = useful[key] = self._useful(seat, CARDS[key])
            pair = _PLAY.get((cid, key)) or _play_actions(cid, key)
            acts.append(pair[0] if ok else pair[1])
        return acts

    def _can_act(self, seat: int) -> bool:
        """Whether ``seat`` has a main action: ``bool(self._main_actions(seat))`` without the labels."""
        return bool(self.data["deck"][seat]) or bool(self._playable(seat))

    def _useful(self, seat: int, card: CardSpec) -> bool:
        """Whether a unit of ``seat`` can perform one of the card's actions now (else HB-GAP-24 skips them all)."""
        for act in card["actions"]:
            if act["do"] == "ranged":
                if self._can_shoot(seat, act):
                    return True
            elif self._can_move(seat, act):
                return True
        return False

    def _useless_warning(self, seat: int, card: CardSpec) -> str:
        """The question before playing a card none of whose actions a unit can perform now (HB-GAP-24 would
        skip them all: the card and its payment lost for nothing), else ""."""
        return "" if self._useful(seat, card) else _warning(card)

    def _card_action(self, frame: dict) -> CardAction | None:
        """The card action ``frame`` is at, or None when all are done."""
        actions = CARDS[self.data["cards"][frame["card"]]]["actions"]
        return actions[frame["step"]] if frame["step"] < len(actions) else None

    def _current_action(self, frame: dict) -> CardAction:
        """The card action being resolved (stages ``resolve``, ``move``, ``aim``: one is left)."""
        act = self._card_action(frame)
        if act is None:
            raise LookupError(f"card {frame['card']} has no action {frame['step'] + 1}")
        return act

    def _can_move(self, seat: int, act: CardAction) -> bool:
        """``bool(self._movers(seat, act))``, stopping at the first."""
        if "only" not in act:
            return any(u["owner"] == seat for u in self.data["units"])
        only = act["only"]
        return any(u["owner"] == seat and UNITS[u["key"]]["type"] == only for u in self.data["units"])

    def _can_shoot(self, seat: int, act: CardAction) -> bool:
        """``bool(self._shooters(seat, act))``, stopping at the first."""
        units = self.data["units"]
        dist = GRID.distance
        for u in units:
            if u["owner"] != seat:
                continue
            spec = UNITS[u["key"]]
            if spec["type"] != "ranged" or ("only" in act and spec["type"] != act["only"]):
                continue
            reach = spec["range"] or 0
            if "within" in act:
                reach = min(reach, act["within"])
            here = u["hex"]
            if any(v["owner"] != seat and dist(here, v["hex"]) <= reach for v in units):
                return True
        return False

    def _movers(self, seat: int, act: CardAction) -> list[UnitData]:
        return [u for u in self.units_of(seat) if "only" not in act or UNITS[u["key"]]["type"] == act["only"]]

    def _targets(self, shooter: UnitData, act: CardAction) -> list[UnitData]:
        """Enemy units within the shooter's range (HB-RNG-2..5, HB-GAP-22, HB-GAP-23)."""
        reach = UNITS[shooter["key"]]["range"] or 0
        if "within" in act:
            reach = min(reach, act["within"])
        here = shooter["hex"]
        return [u for u in self.data["units"] if u["owner"] != shooter["owner"]
                and GRID.distance(here, u["hex"]) <= reach]

    def _shooters(self, seat: int, act: CardAction) -> list[UnitData]:
        """Units that can perform this ranged attack: ranged units only (HB-UNIT-11, HB-GAP-24)."""
        return [u for u in self.units_of(seat) if UNITS[u["key"]]["type"] == "ranged"
                and ("only" not in act or UNITS[u["key"]]["type"] == act["only"]) and self._targets(u, act)]

    def _forward(self, unit: UnitData) -> str | None:
        """The hex beyond the unit's front edge, or None if it is off the field or occupied (HB-GAP-11, -12)."""
        nxt = GRID.step(unit["hex"], unit["facing"])
        if nxt is None or self.unit_at(nxt) is not None:
            return None
        return nxt

    # ---- the turn: draw or play (HB-TURN-3) -------------------------------------------
    def _legal_turn(self, seat: int) -> list[Action]:
        return self._main_actions(seat)

    def _do_turn(self, seat: int, action: Action) -> None:
        verb, _, arg = action.id.partition(":")
        d = self.data
        if verb == "draw":                                    # HB-DRAW-1..3, HB-GAP-30
            took = d["deck"][seat][:DRAW_COUNT]
            d["deck"][seat] = d["deck"][seat][DRAW_COUNT:]
            d["hand"][seat] += took
            self.reveal()                                     # cards left the hidden deck (HIDDEN_COUNTED)
            self.say(f"{{0}} draws {len(took)} card(s).", seat, kind="draw")
            self.mark(seat, "draw", text=f"{len(took)} card{'s' if len(took) != 1 else ''}")
            self._action_done(seat)
        else:                                                 # play:<cid>  (HB-CARD-3)
            frame = self.flow.push("card", card=arg, paid=[], step=0, unit=None, mp_left=0, aim=None, stage="pay")
            if self.card_cost(arg) == 0:
                self._pay(seat, frame)

    # ---- the card frame -----------------------------------------------------------------
    def _ask_card(self, frame: dict, seat: int) -> list[Action]:
        """The choices while a card is played, by stage (see the module docstring)."""
        kinds = self.data["cards"]
        card = CARDS[kinds[frame["card"]]]
        stage = frame["stage"]
        if stage == "pay":
            acts = []
            paid = frame["paid"]
            total = sum([CARDS[kinds[c]]["cost"] for c in paid])
            if total >= card["cost"]:
                acts.append(Action("pay:ok", f"Pay {total} for {card['name']}", "pay"))
            played = frame["card"]
            for cid in self.data["hand"][seat]:
                if cid == played:
                    continue                                  # HB-CARD-6
                key = kinds[cid]
                pair = _PAY.get((cid, key)) or _pay_actions(cid, key)
                acts.append(pair[1] if cid in paid else pair[0])
            acts.append(_small(("cancel", card["name"])))
            return acts
        act = self._current_action(frame)
        if stage == "resolve":
            if act["do"] == "move":
                acts = [_unit_action("unit", u) for u in self._movers(seat, act)]
            else:
                acts = [_unit_action("aim", u) for u in self._shooters(seat, act)]
            acts.append(_SKIP)
            return acts
        if stage == "move":
            unit = self._unit_on(frame["unit"])
            fwd = self._forward(unit)
            acts = list(_steps(fwd)) if fwd else []
            acts += _TURNS
            acts.append(_small(("stop", frame["mp_left"])))
            return acts
        shooter = self._unit_on(frame["aim"])                 # stage "aim"
        acts = [_unit_action("shoot", u) for u in self._targets(shooter, act)]
        acts += [_unit_action("aim+", u) for u in self._shooters(seat, act) if u is not shooter]
        acts.append(_SKIP)
        return acts

    def _f_card(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """Play a card: pay, then resolve its actions in order (HB-CARD-4, -11, -12; HB-GAP-26)."""
        active = self.data["active"]
        if choice is None:
            if frame["stage"] == "resolve" and not self._settle(active, frame):
                return                                        # the card is done
            self.flow.ask(active)
            return
        verb, _, arg = choice.partition(":")
        stage = frame["stage"]
        if stage == "pay":
            if choice == "pay:ok":
                self._pay(active, frame)
            elif verb == "pay":
                frame["paid"].append(arg)
            elif verb == "unpay":
                frame["paid"].remove(arg)
            else:                                             # cancel: nothing used (HB-GAP-29)
                self.flow.pop(frame)
        elif verb == "skip":
            self.say(f"{{0}} skips: {_describe(self._card_action(frame))}.", active, kind="skip")
            self._next_card_action(frame)
        elif stage == "resolve" and verb == "unit":
            unit = self._unit_on(arg)
            act = self._current_action(frame)
            frame["unit"] = arg
            frame["mp_left"] = min(UNITS[unit["key"]]["speed"], act.get("limit", 99))   # HB-MOVE-1, -2
            frame["stage"] = "move"
        elif verb == "aim":
            frame["aim"] = arg
            frame["stage"] = "aim"
        elif verb == "shoot":
            shooter, target = self._unit_on(frame["aim"]), self._unit_on(arg)
            self.say(f"{{0}} {self._label(shooter)} shoots {{1}} {self._label(target)}.",
                     shooter["owner"], target["owner"], kind="shoot")
            self.mark(active, "shoot", shooter["hex"], target["hex"])
            self._damage(target, RANGED_DAMAGE)               # HB-RNG-6, -7, -8
            if not self.is_over:
                self._next_card_action(frame)
        else:                                                 # stage "move"
            self._move_point(frame, verb, arg)

    def _pay(self, seat: int, frame: dict) -> None:
        """Pay the cost (HB-CARD-4, -5, -10), then start the card's actions (HB-CARD-11)."""
        d = self.data
        for cid in frame["paid"]:
            d["hand"][seat].remove(cid)
            d["discard"][seat].append(cid)
        d["hand"][seat].remove(frame["card"])                 # the card is in play until resolved
        self.reveal()                                         # cards left the hidden hand (HIDDEN_COUNTED)
        paid = ", ".join(self._card_name(c) for c in frame["paid"])
        self.say(f"{{0}} plays {self._card_name(frame['card'])}" + (f", discarding {paid}." if paid else "."),
                 seat, kind="play")
        self.mark(seat, "play", text=self._card_name(frame["card"]))
        d["played"][seat] += 1
        frame["stage"] = "resolve"

    def _settle(self, seat: int, frame: dict) -> bool:
        """Skip card actions no unit can perform (HB-GAP-24); finish the card when none are left.
        True while the card still asks something."""
        while True:
            act = self._card_action(frame)
            if act is None:
                self._finish_card(seat, frame)
                return False
            if (act["do"] == "ranged" and not self._can_shoot(seat, act)) or \
                    (act["do"] == "move" and not self._can_move(seat, act)):
                self.say(f"No unit can perform: {_describe(act)}.", kind="no-unit")
                frame["step"] += 1
                continue
            return True

    def _next_card_action(self, frame: dict) -> None:
        frame.update(step=frame["step"] + 1, unit=None, mp_left=0, aim=None, stage="resolve")

    def _finish_card(self, seat: int, frame: dict) -> None:
        """The played card goes to the discard pile after its actions (HB-CARD-12)."""
        self.data["discard"][seat].append(frame["card"])
        self.flow.pop(frame)
        self._action_done(seat)

    def _action_done(self, seat: int) -> None:
        self.data["actions_left"] -= 1
        if self.data["actions_left"] <= 0:                    # HB-TURN-6
            self.flow.end_turn()
        else:
            self._ensure_can_act(seat)

    def _ensure_can_act(self, seat: int) -> None:
        """HB-GAP-31: an action with no legal choice is forfeited; HB-GAP-32: both stuck ends the game."""
        if self.is_over or self._can_act(seat):
            return
        if not self._can_act(1 - seat):
            self._finish_stalemate()
            return
        self.say("{0} has no legal action and forfeits the rest of the turn.", seat, kind="forfeit")
        self.flow.end_turn()

    def _finish_stalemate(self) -> None:
        """HB-GAP-32: fewer lost points wins; equal lost points is a draw."""
        a, b = self.data["lost"]
        if a == b:
            reason = f"stalemate: neither player can act and both lost {a} points, a draw"
            self.finish(Outcome.ranked([[0, 1]], reason))
            self.say(f"Game over: {reason}.", kind="over")
            return
        w = 0 if a < b else 1
        self.finish(Outcome.ranked([[w], [1 - w]], f"stalemate: neither player can act; P{w + 1} lost fewer points"))
        self.say("Game over: stalemate: neither player can act; {0} lost fewer points.", w, kind="over")

    # ---- movement and fights -----------------------------------------------------------
    def _move_point(self, frame: dict, verb: str, arg: str) -> None:
        unit = self._unit_on(frame["unit"])
        here = unit["hex"]
        frame["mp_left"] -= 1                                 # HB-MOVE-3: one point per option
        if verb == "stop":
            frame["mp_left"] = 0                              # HB-GAP-16: unspent points are lost
        elif verb == "turn":                                  # HB-MOVE-6: turns never start fights
            unit["facing"] = (unit["facing"] + TURN_WORDS[arg]) % 6
            self.say(f"{{0}} {self._label(unit)} turns to face {DIRS[unit['facing']]}.", unit["owner"], kind="turn")
            self.mark(unit["owner"], "turn", here, text=DIRS[unit["facing"]])
        else:                                                 # step (HB-MOVE-4, -5)
            before = {id(u) for u in self._adjacent_enemies(unit)}
            dest = self._forward(unit)
            if dest is None:                                  # a step is offered only when the hex is free
                raise LookupError(f"{here}: no free hex ahead")
            unit["hex"] = dest
            frame["unit"] = dest
            if arg:
                unit["facing"] = (unit["facing"] + TURN_WORDS[arg]) % 6
            self.say(f"{UNITS[unit['key']]['name']} ({{0}}) steps {here} -> {dest}"
                     + (f", turning to face {DIRS[unit['facing']]}." if arg else "."), unit["owner"], kind="step")
            self.mark(unit["owner"], "move", here, dest)
            # HB-GAP-17: fight each enemy adjacent now that was not before this point,
            # HB-GAP-18: clockwise from the front edge; stop if the mover is removed.
            for enemy in self._adjacent_enemies(unit):
                if id(enemy) in before:
                    continue
                self._fight(unit, enemy)
                if self.is_over or unit not in self.data["units"]:
                    break
        if self.is_over:
            return
        if unit not in self.data["units"] or frame["mp_left"] <= 0:
            self._next_card_action(frame)

    def _adjacent_enemies(self, unit: UnitData) -> list[UnitData]:
        """Enemies edge to edge with ``unit``, clockwise from its front edge (HB-FIGHT-2, HB-GAP-18)."""
        around = GRID.neighbours(unit["hex"])
        enemies = {u["hex"]: u for u in self.data["units"] if u["owner"] != unit["owner"]}   # HB-FIGHT-8
        found = []
        for k in range(6):
            other = enemies.get(around[(unit["facing"] + k) % 6])
            if other is not None:
                found.append(other)
        return found

    def _fight(self, mover: UnitData, enemy: UnitData) -> None:
        """Compare the two contact edges; the weaker takes the difference (HB-FIGHT-3..7)."""
        d = GRID.direction(mover["hex"], enemy["hex"])
        if d is None:                                     # fights are only between neighbours
            raise LookupError(f"{mover['hex']} and {enemy['hex']} are not adjacent")
        ms, es = self.edge_strength(mover, d), self.edge_strength(enemy, (d + 3) % 6)
        me = EDGE_NAMES[(d - mover["facing"]) % 6]
        ee = EDGE_NAMES[(d + 3 - enemy["facing"]) % 6]
        self.say(f"Fight: {{0}} {self._label(mover)} {me} {ms} vs {{1}} {self._label(enemy)} {ee} {es}.",
                 mover["owner"], enemy["owner"], kind="fight")
        self.mark(mover["owner"], "fight", mover["hex"], enemy["hex"])
        if ms > es:
            self._damage(enemy, ms - es)
        elif es > ms:
            self._damage(mover, es - ms)
        else:
            self.say("Equal strength: no damage.", kind="fight")            # HB-FIGHT-6

    def _damage(self, unit: UnitData, amount: int) -> None:
        """Armor first (HB-ARM-1..3, HB-GAP-21), then health (HB-HLTH-1..6), then the end check (HB-GAP-36)."""
        armor = UNITS[unit["key"]]["armor"] or 0
        loss = max(0, amount - armor)
        owner = unit["owner"]
        d = self.data
        d["dealt"][1 - owner] += min(loss, max(unit["health"], 0))
        unit["health"] -= loss
        if loss:
            self.mark(d["active"], "hit", unit["hex"], text=f"-{loss}")
        note = f" (armor {armor} stops {min(armor, amount)})" if armor else ""
        self.say(f"{{0}} {self._label(unit)} takes {amount} damage{note}: loses {loss} health, "
                 f"{max(unit['health'], 0)} left.", owner, kind="damage")
        if unit["health"] > 0:
            return
        d["units"].remove(unit)
        self.mark(d["active"], "remove", unit["hex"], text=UNITS[unit["key"]]["name"])
        d["lost"][owner] += UNITS[unit["key"]]["points"]
        self.say(f"{{0}} {self._label(unit)} is destroyed; {{0}} has lost {d['lost'][owner]} points.", owner,
                 kind="destroyed")
        left = len(self.units_of(owner))
        if d["lost"][owner] >= LOSS_POINTS:
            why = f"{{0}} lost units worth {d['lost'][owner]} points (20 or more)"
        elif left <= 1:
            why = f"{{0}} has only {left} unit left"
        else:
            return
        w = 1 - owner                                                      # HB-END-3
        self.finish(Outcome.ranked([[w], [owner]], plain(event(why, owner))))     # the reason says P1/P2
        self.say(f"Game over: {why}. {{1}} wins.", owner, w, kind="over")

    def search_step(self, seat: int, action_id: str) -> None:
        """Apply an action known to be legal without re-checking it (bots' search copies only)."""
        self._apply(seat, Action(action_id, ""))

    # ---- views and serialisation ------------------------------------------------------------
    def card_view(self, cid: str) -> CardView:
        key = self.data["cards"][cid]
        c = CARDS[key]
        return {"id": cid, "key": key, "name": c["name"], "cost": c["cost"],
                "actions": [a.copy() for a in c["actions"]], "text": c["text"],
                "summary": [_describe(a) for a in c["actions"]]}

    # the engine's State._view promises a plain dict; this one is (a TypedDict is a dict at run time),
    # but mypy lets a TypedDict stand only for a Mapping, not for dict
    def _view(self, seat: int | None) -> HexBattleView:  # type: ignore[override]
        d = self.data
        units: list[UnitView] = []
        for u in d["units"]:
            s = UNITS[u["key"]]
            units.append({"id": u["id"], "owner": u["owner"], "type": s["type"], "key": u["key"], "name": s["name"],
                          "hex": u["hex"], "facing": u["facing"], "edges": list(s["edges"]), "health": u["health"],
                          "max_health": s["health"], "speed": s["speed"], "armor": s["armor"], "range": s["range"],
                          "points": s["points"]})
        frame = self.pending
        pending: PendingView | None = None
        if frame is not None and frame["stage"] == "pay" and seat != d["active"]:
            # choosing a card and its payment is private until paid: then both become public
            pending = {"card": None, "paid": [], "paid_total": 0, "step": 0, "unit": None, "mp_left": 0, "aim": None}
        elif frame is not None:
            pending = {"card": self.card_view(frame["card"]), "paid": list(frame["paid"]),
                       "paid_total": sum(self.card_cost(c) for c in frame["paid"]), "step": frame["step"],
                       "unit": frame["unit"], "mp_left": frame["mp_left"], "aim": frame["aim"]}
        outcome = self.outcome()
        # HB-ARMY-2: an army is chosen "without knowing anything about the opponent's army": its name and
        # card list are the owner's alone until the game ends, then shown to all (units are on the field)
        armies = self.options["armies"]
        known = [outcome is not None or s == seat for s in (0, 1)]
        return {
            "game": "hexbattle", "seat": seat, "players": 2, "turn": d["turn"], "round": (d["turn"] + 1) // 2,
            "active": d["active"],
            "first": d["first"], "actions_left": d["actions_left"], "phase": self.phase, "units": units,
            "lost": list(d["lost"]), "deck": [len(x) for x in d["deck"]], "hand_count": [len(h) for h in d["hand"]],
            "discard": [[self.card_view(c) for c in pile] for pile in d["discard"]],
            "hand": [self.card_view(c) for c in d["hand"][seat]] if seat in (0, 1) else None,
            "pending": pending, "log": list(self.log),
            "outcome": outcome.to_dict() if outcome else None,
            "names": [a["name"] if known[s] else None for s, a in enumerate(armies)],
            "army_cards": [self._army_cards(a) if known[s] else None for s, a in enumerate(armies)],
            "marks": self.marks(),
        }

    @staticmethod
    def _army_cards(army: dict) -> list[ArmyCardView]:
        """An army's card list: ``[{key, name, cost, count}]`` in the content's card order."""
        return [{"key": k, "name": CARDS[k]["name"], "cost": CARDS[k]["cost"], "count": army["cards"][k]}
                for k in CARDS if army["cards"].get(k)]

    # ---- hidden information -------------------------------------------------------------------
    def _resample(self, seat: int, rng: Rng) -> None:
        """Redeal what ``seat`` cannot see (HB-GAP-38): the order of its own deck, and the other
        seat's hand and deck together (same sizes; the cards of that army nobody has seen), with
        other kinds of card: the opponent's card list is secret too (HB-ARMY-2), and card ids carry
        nothing, so any list of the same size within the points limit is as likely as the real one.

        Public cards stay: discards, the card in play and its payment once paid.  A card the other
        seat is still choosing and paying for stays in its hand as it is (with its payment), so the
        payment in progress stays a legal one.  (The options keep the real lists: the rules read
        them only at setup, and the view shows them only once the game is over.)"""
        d = self.data
        frame = self.pending
        keep: set[str] = set()
        if frame is not None and frame["stage"] == "pay":
            keep = {frame["card"], *frame["paid"]}
        for s in (0, 1):
            if s == seat:
                d["deck"][s].sort()             # canonical first: the copy depends on what seat sees only
                rng.shuffle(d["deck"][s])
                continue
            fixed = [c for c in d["hand"][s] if c in keep]
            pool = sorted([c for c in d["hand"][s] if c not in keep] + d["deck"][s])
            rng.shuffle(pool)
            n = len(d["hand"][s]) - len(fixed)
            d["hand"][s] = pool[:n] + fixed
            d["deck"][s] = pool[n:]
            self._redeal_kinds(pool, content.MAX_POINTS - content.army_points(self.options["armies"][s]), rng)

    def _redeal_kinds(self, hidden: list[str], slack: int, rng: Rng) -> None:
        """Give the ``hidden`` cards other kinds at random, spending at most ``slack`` points more."""
        kinds = list(CARDS)
        cards = self.data["cards"]
        for cid in hidden:
            old = CARDS[cards[cid]]["cost"]
            fits = [k for k in kinds if CARDS[k]["cost"] <= old + slack]
            new = fits[rng.below(len(fits))]
            slack -= CARDS[new]["cost"] - old
            cards[cid] = new

    # ---- copies --------------------------------------------------------------------------------
    def clone(self, search: bool = False) -> "HexBattleState":
        """A fast independent copy.  ``search=True`` (for bots) leaves out the history and log and
        shares the card table, so it must only be explored with :meth:`search_step`, never saved or shown."""
        s = HexBattleState.__new__(HexBattleState)
        s.players, s.seed, s.options = self.players, self.seed, self.options
        s.rng = self.rng.copy()
        s.history = [] if search else [list(h) for h in self.history]
        s.undoable = [] if search else list(self.undoable)
        s.log = [] if search else list(self.log)
        s._revealed = False
        d = self.data
        f = d["flow"]
        p = f["prompt"]
        flow = dict(f, order=list(f["order"]), waiting=list(f["waiting"]), passed=list(f["passed"]),
                    stack=[dict(fr, paid=list(fr["paid"])) for fr in f["stack"]],
                    prompt=None if p is None else dict(p, seats=list(p["seats"])))
        if "marks" in f:                # marks are written in place: a copy never shares them (a search needs none)
            flow["marks"] = {} if search else self.marks()
        s.data = dict(d, flow=flow, units=[dict(u) for u in d["units"]],
                      cards=d["cards"] if search else dict(d["cards"]),
                      deck=[list(x) for x in d["deck"]], hand=[list(h) for h in d["hand"]],
                      discard=[list(x) for x in d["discard"]], lost=list(d["lost"]),
                      played=list(d["played"]), dealt=list(d["dealt"]))
        return s


@declared
class HexBattleGame(Game):
    """Hex Battle as data: two players, one option (each player's army)."""

    rules_version = 2                 # 2: card ids drawn at random, cards re-priced, the opponent's army secret
    options_spec = (Option("armies", None, "Army", kind="data", per_seat=True,
                           help="Each player's army: a saved army or the name of a sample army."),)
    state_class = HexBattleState
    setup_step = "setup"

    def check_options(self, opts: dict, players: int) -> dict:
        armies = opts["armies"]
        if armies is None:
            armies = [content.PREBUILT[0], content.PREBUILT[1]]      # HB-GAP-5
        if not isinstance(armies, (list, tuple)) or len(armies) != 2:
            raise ValueError("armies must list exactly one army per player (HB-ARMY-1)")
        armies = [self.prebuilt(a) if isinstance(a, str) else a for a in armies]
        for seat, army in enumerate(armies):
            problems = content.validate_army(army)                    # HB-ARMY-14
            if problems:
                raise ValueError(f"P{seat + 1}'s army cannot be used: " + "; ".join(problems))
        clean = [{"name": a["name"], "units": [{"key": u["key"], "hex": u["hex"], "facing": u["facing"]} for u in a["units"]],
                  "cards": {k: n for k, n in sorted(a["cards"].items()) if n}} for a in armies]
        return {"armies": json.loads(json.dumps(clean))}

    def summary(self, state: HexBattleState) -> list:  # type: ignore[override]
        """The end-of-game figures per seat: what decides Hex Battle first (enemy points destroyed of
        the 20 that win, units left: one left loses), then units lost, cards played, damage dealt.
        All public: the units on the field, the lost points, the cards played face up.

        >>> from pyapp.games.hexbattle import GAME
        >>> [label for label, _ in GAME.summary(GAME.new(2, 1))]
        ['Enemy points destroyed', 'Units left', 'Units lost', 'Cards played', 'Damage dealt']
        """
        d = state.data
        armies = state.options["armies"]
        alive = {u["id"] for u in d["units"]}
        lost_names: list[list[str]] = [[], []]
        for seat in (0, 1):
            for i, u in enumerate(armies[seat]["units"]):
                if f"{seat}.{i}" not in alive:
                    lost_names[seat].append(UNITS[u["key"]]["name"])
        left = [len(state.units_of(s)) for s in (0, 1)]
        return [
            ("Enemy points destroyed", [f"{d['lost'][1 - s]} of {LOSS_POINTS}" for s in (0, 1)]),
            ("Units left", [f"{left[s]} of {len(armies[s]['units'])}" for s in (0, 1)]),
            ("Units lost", [f"{len(n)}: {', '.join(n)}" if n else "0" for n in lost_names]),
            ("Cards played", [str(d["played"][s]) for s in (0, 1)]),
            ("Damage dealt", [str(d["dealt"][s]) for s in (0, 1)]),
        ]

    @staticmethod
    def prebuilt(name: str) -> dict:
        """A sample army by name (so options, URLs and the sim can say ``"Iron Phalanx"``)."""
        for a in content.PREBUILT:
            if a["name"].lower() == name.strip().lower():
                return a
        raise ValueError(f"no sample army called {name!r}")

    def rules_html(self) -> str:
        return read_text(__package__, "rules.html")


GAME = HexBattleGame()
HexBattleState.game = GAME

"""Hex Battle rules (../shared/rules/hex-battle.txt; clause IDs in comments).

A turn is 2 actions (HB-TURN-2); each is ``draw`` or playing a card.  Playing
a card is split into small decisions, each its own action id, so the player
(or a bot) chooses step by step and the UI can show every choice:

* ``play:c07`` picks the card (phase ``pay``; a cost-0 card skips payment);
* ``pay:c12`` / ``unpay:c12`` toggle a card of the same hand as payment,
  ``pay:ok`` pays once the total reaches the cost, ``cancel`` puts the card
  back with no action used (HB-GAP-29);
* then the card's actions resolve in printed order (HB-GAP-26), phase
  ``resolve``: for a move, ``unit:c12`` picks the unit (phase ``move``), and
  each movement point is ``step``, ``step:cw``, ``step:ccw``, ``turn:cw`` or
  ``turn:ccw``; ``stop`` ends the move early; for a ranged attack ``aim:c12``
  picks the shooter and ``shoot:d5`` the target; ``skip`` declines the
  current card action.  The card goes to the discard pile last (HB-CARD-12).
"""
from __future__ import annotations

import json

from ...engine import Action, Game, Option, Outcome, State
from ...engine.util import read_text
from . import content, hexgrid
from .content import CARDS, UNITS

LOSS_POINTS = 20          # HB-END-1
HAND_START = 5            # HB-SET-4
DRAW_COUNT = 5            # HB-DRAW-1
ACTIONS_PER_TURN = 2      # HB-TURN-2
TURN_WORDS = {"cw": 1, "ccw": -1}
EDGE_NAMES = ("front", "front-right", "back-right", "back", "back-left", "front-left")


def _deploy(army: dict, owner: int, rotate: bool) -> list[dict]:
    """Units as placed at load (HB-SET-2); the second player's army rotated 180 degrees (HB-GAP-9)."""
    units = []
    for i, u in enumerate(army["units"]):
        cr = hexgrid.parse(u["hex"])
        facing = u["facing"]
        if rotate:
            cr = hexgrid.rotate180(cr)
            facing = (facing + 3) % 6
        units.append({"id": f"{owner}.{i}", "owner": owner, "key": u["key"], "hex": hexgrid.name(cr),
                      "facing": facing, "health": UNITS[u["key"]]["health"]})
    return units


class HexBattleState(State):
    """The state of one Hex Battle game."""

    # ---- setup ---------------------------------------------------------------
    def _setup(self) -> None:
        armies = self.options["armies"]
        self.first = self.rng.below(2)                       # HB-SET-6, HB-GAP-35
        second = 1 - self.first
        self.units: list[dict] = []
        for seat in (self.first, second):                    # HB-SET-2, HB-GAP-9
            self.units += _deploy(armies[seat], seat, rotate=(seat == second))
        self.units.sort(key=lambda u: u["id"])
        self.cards: dict[str, str] = {}                      # card instance id -> card key
        self.deck: list[list[str]] = [[], []]
        n = 0
        for seat in (0, 1):
            for key in sorted(armies[seat]["cards"]):
                for _ in range(armies[seat]["cards"][key]):
                    n += 1
                    cid = f"c{n:02d}"
                    self.cards[cid] = key
                    self.deck[seat].append(cid)
            self.rng.shuffle(self.deck[seat])                # HB-SET-3
        self.hand: list[list[str]] = [self.deck[s][:HAND_START] for s in (0, 1)]   # HB-SET-4, HB-GAP-34
        self.deck = [self.deck[s][HAND_START:] for s in (0, 1)]
        self.discard: list[list[str]] = [[], []]             # HB-SET-5
        self.hand[second].append(self.deck[second].pop(0))   # HB-SET-7
        self.lost = [0, 0]
        self.active = self.first                             # HB-TURN-1
        self.turn = 1
        self.actions_left = ACTIONS_PER_TURN
        self.phase = "main"
        self.pending = None
        self.result = None
        self.log.append(f"P{self.first + 1} goes first (chosen at random); P{second + 1} draws an extra card.")
        self._ensure_can_act()

    # ---- helpers ---------------------------------------------------------------
    def unit_at(self, hex_name: str):
        for u in self.units:
            if u["hex"] == hex_name:
                return u
        return None

    def units_of(self, seat: int) -> list[dict]:
        return [u for u in self.units if u["owner"] == seat]

    @staticmethod
    def stats(unit: dict) -> dict:
        return UNITS[unit["key"]]

    @staticmethod
    def edge_strength(unit: dict, direction: int) -> int:
        """Strength of the edge facing ``direction`` (HB-MOVE-10: strengths turn with the unit)."""
        return UNITS[unit["key"]]["edges"][(direction - unit["facing"]) % 6]

    def card_cost(self, cid: str) -> int:
        return CARDS[self.cards[cid]]["cost"]

    def _label(self, u: dict) -> str:
        return f"P{u['owner'] + 1} {UNITS[u['key']]['name']} ({u['hex']})"

    def _playable(self, seat: int) -> list[str]:
        """Cards in hand whose cost the other cards of the hand can cover (HB-CARD-5, -6, -9)."""
        hand = self.hand[seat]
        total = sum(self.card_cost(c) for c in hand)
        return [c for c in hand if total - self.card_cost(c) >= self.card_cost(c)]

    def _main_actions(self, seat: int) -> list[Action]:
        acts = []
        if self.deck[seat]:                                   # HB-GAP-30: no draw from an empty deck
            acts.append(Action("draw", f"Draw {min(DRAW_COUNT, len(self.deck[seat]))} cards", "draw"))
        for cid in self._playable(seat):
            card = CARDS[self.cards[cid]]
            acts.append(Action(f"play:{cid}", f"Play {card['name']} (cost {card['cost']})", "card"))
        return acts

    def _current_card_action(self) -> dict | None:
        p = self.pending
        actions = CARDS[self.cards[p["card"]]]["actions"]
        return actions[p["step"]] if p["step"] < len(actions) else None

    def _movers(self, seat: int, act: dict) -> list[dict]:
        return [u for u in self.units_of(seat) if "only" not in act or UNITS[u["key"]]["type"] == act["only"]]

    def _targets(self, shooter: dict, act: dict) -> list[dict]:
        """Enemy units within the shooter's range (HB-RNG-2..5, HB-GAP-22, HB-GAP-23)."""
        reach = UNITS[shooter["key"]]["range"] or 0
        if "within" in act:
            reach = min(reach, act["within"])
        here = shooter["hex"]
        return [u for u in self.units if u["owner"] != shooter["owner"]
                and hexgrid.name_distance(here, u["hex"]) <= reach]

    def _shooters(self, seat: int, act: dict) -> list[dict]:
        """Units that can perform this ranged attack: ranged units only (HB-UNIT-11, HB-GAP-24)."""
        return [u for u in self.units_of(seat) if UNITS[u["key"]]["type"] == "ranged"
                and ("only" not in act or UNITS[u["key"]]["type"] == act["only"]) and self._targets(u, act)]

    def _forward(self, unit: dict):
        """The hex beyond the unit's front edge, or None if it is off the field or occupied (HB-GAP-11, -12)."""
        nxt = hexgrid.NEIGHBORS[unit["hex"]][unit["facing"]]
        if nxt is None or self.unit_at(nxt) is not None:
            return None
        return nxt

    # ---- the contract hooks ------------------------------------------------------
    def _to_act(self) -> tuple:
        return () if self.result else (self.active,)

    def _outcome(self):
        if not self.result:
            return None
        return Outcome(tuple(self.result["winners"]), tuple(tuple(p) for p in self.result["ranking"]),
                       self.result["reason"])

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.active or self.result:
            return []
        if self.phase == "main":
            return self._main_actions(seat)
        p = self.pending
        card = CARDS[self.cards[p["card"]]]
        if self.phase == "pay":
            acts = []
            total = sum(self.card_cost(c) for c in p["paid"])
            if total >= card["cost"]:
                acts.append(Action("pay:ok", f"Pay {total} for {card['name']}", "pay"))
            for cid in self.hand[seat]:
                if cid == p["card"]:
                    continue                                  # HB-CARD-6
                name = CARDS[self.cards[cid]]["name"]
                if cid in p["paid"]:
                    acts.append(Action(f"unpay:{cid}", f"Keep {name}", "pay"))
                else:
                    acts.append(Action(f"pay:{cid}", f"Discard {name} ({self.card_cost(cid)}) as payment", "pay"))
            acts.append(Action("cancel", f"Do not play {card['name']}", "pay"))
            return acts
        act = self._current_card_action()
        if self.phase == "resolve":
            if act["do"] == "move":
                acts = [Action(f"unit:{u['hex']}", f"Move {UNITS[u['key']]['name']} on {u['hex']}", "unit")
                        for u in self._movers(seat, act)]
            else:
                acts = [Action(f"aim:{u['hex']}", f"Shoot with {UNITS[u['key']]['name']} on {u['hex']}", "unit")
                        for u in self._shooters(seat, act)]
            return acts + [Action("skip", "Skip this action", "skip")]
        if self.phase == "move":
            unit = self.unit_at(p["unit"])
            acts = []
            fwd = self._forward(unit)
            if fwd:
                acts.append(Action("step", f"Step forward to {fwd}", "move"))
                acts.append(Action("step:cw", f"Step to {fwd} and turn clockwise", "move"))
                acts.append(Action("step:ccw", f"Step to {fwd} and turn counterclockwise", "move"))
            acts.append(Action("turn:cw", "Turn 60 degrees clockwise", "move"))
            acts.append(Action("turn:ccw", "Turn 60 degrees counterclockwise", "move"))
            acts.append(Action("stop", f"End the move ({p['mp_left']} point(s) unused)", "move"))
            return acts
        if self.phase == "aim":
            shooter = self.unit_at(p["aim"])
            acts = [Action(f"shoot:{u['hex']}", f"Shoot {UNITS[u['key']]['name']} on {u['hex']} for 2 damage", "target")
                    for u in self._targets(shooter, act)]
            acts += [Action(f"aim:{u['hex']}", f"Shoot with {UNITS[u['key']]['name']} on {u['hex']} instead", "unit")
                     for u in self._shooters(seat, act) if u is not shooter]
            return acts + [Action("skip", "Skip this action", "skip")]
        return []

    def _apply(self, seat: int, action: Action) -> None:
        verb, _, arg = action.id.partition(":")
        p = self.pending
        if self.phase == "main":
            if verb == "draw":                                # HB-DRAW-1..3, HB-GAP-30
                took = self.deck[seat][:DRAW_COUNT]
                self.deck[seat] = self.deck[seat][DRAW_COUNT:]
                self.hand[seat] += took
                self.reveal()
                self.log.append(f"P{seat + 1} draws {len(took)} card(s).")
                self._action_done()
            else:                                             # play:<cid>  (HB-CARD-3)
                self.pending = {"card": arg, "paid": [], "step": 0, "unit": None, "mp_left": 0, "aim": None}
                if self.card_cost(arg) == 0:
                    self._pay()
                else:
                    self.phase = "pay"
        elif self.phase == "pay":
            if verb == "pay" and arg == "ok":
                self._pay()
            elif verb == "pay":
                p["paid"].append(arg)
            elif verb == "unpay":
                p["paid"].remove(arg)
            else:                                             # cancel: nothing used (HB-GAP-29)
                self.pending = None
                self.phase = "main"
        elif verb == "skip":
            self.log.append(f"P{seat + 1} skips: {self._describe(self._current_card_action())}.")
            self._next_card_action()
        elif self.phase == "resolve" and verb == "unit":
            unit = self.unit_at(arg)
            act = self._current_card_action()
            p["unit"] = arg
            p["mp_left"] = min(UNITS[unit["key"]]["speed"], act.get("limit", 99))   # HB-MOVE-1, -2
            self.phase = "move"
        elif verb == "aim":
            p["aim"] = arg
            self.phase = "aim"
        elif verb == "shoot":
            shooter, target = self.unit_at(p["aim"]), self.unit_at(arg)
            self.log.append(f"{self._label(shooter)} shoots {self._label(target)}.")
            self._damage(target, 2)                           # HB-RNG-6, -7, -8
            if not self.result:
                self._next_card_action()
        elif self.phase == "move":
            self._move_point(verb, arg)

    # ---- card flow ------------------------------------------------------------------
    def _pay(self) -> None:
        """Pay the cost (HB-CARD-4, -5, -10), then start the card's actions (HB-CARD-11)."""
        seat, p = self.active, self.pending
        self.reveal()                                         # the card and its payment are now public
        for cid in p["paid"]:
            self.hand[seat].remove(cid)
            self.discard[seat].append(cid)
        self.hand[seat].remove(p["card"])                     # the card is in play until resolved
        card = CARDS[self.cards[p["card"]]]
        paid = ", ".join(CARDS[self.cards[c]]["name"] for c in p["paid"])
        self.log.append(f"P{seat + 1} plays {card['name']}" + (f", discarding {paid}." if paid else "."))
        self.phase = "resolve"
        self._settle_step()

    def _settle_step(self) -> None:
        """Skip card actions no unit can perform (HB-GAP-24); finish the card when none are left."""
        while self.pending and not self.result:
            act = self._current_card_action()
            if act is None:
                self._finish_card()
                return
            if act["do"] == "ranged" and not self._shooters(self.active, act):
                self.log.append(f"No unit can perform: {self._describe(act)}.")
                self.pending["step"] += 1
                continue
            if act["do"] == "move" and not self._movers(self.active, act):
                self.log.append(f"No unit can perform: {self._describe(act)}.")
                self.pending["step"] += 1
                continue
            return

    def _next_card_action(self) -> None:
        self.pending.update(step=self.pending["step"] + 1, unit=None, mp_left=0, aim=None)
        self.phase = "resolve"
        self._settle_step()

    def _finish_card(self) -> None:
        """The played card goes to the discard pile after its actions (HB-CARD-12)."""
        self.discard[self.active].append(self.pending["card"])
        self.pending = None
        self._action_done()

    def _action_done(self) -> None:
        self.phase = "main"
        self.actions_left -= 1
        if self.actions_left <= 0:                            # HB-TURN-6
            self._pass_turn()
        else:
            self._ensure_can_act()

    def _pass_turn(self) -> None:
        self.active = 1 - self.active
        self.turn += 1
        self.actions_left = ACTIONS_PER_TURN
        self.phase = "main"
        self._ensure_can_act()

    def _ensure_can_act(self) -> None:
        """HB-GAP-31: an action with no legal choice is forfeited; HB-GAP-32: both stuck ends the game."""
        if self.result or self._main_actions(self.active):
            return
        if not self._main_actions(1 - self.active):
            self._end_stalemate()
            return
        self.log.append(f"P{self.active + 1} has no legal action and forfeits the rest of the turn.")
        self.active = 1 - self.active
        self.turn += 1
        self.actions_left = ACTIONS_PER_TURN

    def _end_stalemate(self) -> None:
        a, b = self.lost
        if a == b:
            self.result = {"winners": [], "ranking": [[0, 1]],
                           "reason": f"stalemate: neither player can act and both lost {a} points, a draw"}
        else:
            w = 0 if a < b else 1
            self.result = {"winners": [w], "ranking": [[w], [1 - w]],
                           "reason": f"stalemate: neither player can act; P{w + 1} lost fewer points"}
        self.phase = "over"
        self.pending = None
        self.log.append("Game over: " + self.result["reason"] + ".")

    # ---- movement and fights -----------------------------------------------------------
    def _move_point(self, verb: str, arg: str) -> None:
        p = self.pending
        unit = self.unit_at(p["unit"])
        here = hexgrid.parse(unit["hex"])
        p["mp_left"] -= 1                                     # HB-MOVE-3: one point per option
        if verb == "stop":
            p["mp_left"] = 0                                  # HB-GAP-16: unspent points are lost
        elif verb == "turn":                                  # HB-MOVE-6: turns never start fights
            unit["facing"] = (unit["facing"] + TURN_WORDS[arg]) % 6
            self.log.append(f"{self._label(unit)} turns to face {hexgrid.DIRS[unit['facing']]}.")
        else:                                                 # step (HB-MOVE-4, -5)
            before = {id(u) for u in self._adjacent_enemies(unit)}
            dest = self._forward(unit)
            unit["hex"] = dest
            p["unit"] = dest
            if arg:
                unit["facing"] = (unit["facing"] + TURN_WORDS[arg]) % 6
            self.log.append(f"{UNITS[unit['key']]['name']} (P{unit['owner'] + 1}) steps {hexgrid.name(here)} -> {dest}"
                            + (f", turning to face {hexgrid.DIRS[unit['facing']]}." if arg else "."))
            # HB-GAP-17: fight each enemy adjacent now that was not before this point,
            # HB-GAP-18: clockwise from the front edge; stop if the mover is removed.
            for enemy in self._adjacent_enemies(unit):
                if id(enemy) in before:
                    continue
                self._fight(unit, enemy)
                if self.result or unit not in self.units:
                    break
        if self.result:
            return
        if unit not in self.units or p["mp_left"] <= 0:
            self._next_card_action()

    def _adjacent_enemies(self, unit: dict) -> list[dict]:
        """Enemies edge to edge with ``unit``, clockwise from its front edge (HB-FIGHT-2, HB-GAP-18)."""
        around = hexgrid.NEIGHBORS[unit["hex"]]
        enemies = {u["hex"]: u for u in self.units if u["owner"] != unit["owner"]}   # HB-FIGHT-8
        found = []
        for k in range(6):
            other = enemies.get(around[(unit["facing"] + k) % 6])
            if other is not None:
                found.append(other)
        return found

    def _fight(self, mover: dict, enemy: dict) -> None:
        """Compare the two contact edges; the weaker takes the difference (HB-FIGHT-3..7)."""
        d = hexgrid.direction_to(hexgrid.parse(mover["hex"]), hexgrid.parse(enemy["hex"]))
        ms, es = self.edge_strength(mover, d), self.edge_strength(enemy, (d + 3) % 6)
        me = EDGE_NAMES[(d - mover["facing"]) % 6]
        ee = EDGE_NAMES[(d + 3 - enemy["facing"]) % 6]
        self.log.append(f"Fight: {self._label(mover)} {me} {ms} vs {self._label(enemy)} {ee} {es}.")
        if ms > es:
            self._damage(enemy, ms - es)
        elif es > ms:
            self._damage(mover, es - ms)
        else:
            self.log.append("Equal strength: no damage.")                 # HB-FIGHT-6

    def _damage(self, unit: dict, amount: int) -> None:
        """Armor first (HB-ARM-1..3, HB-GAP-21), then health (HB-HLTH-1..6), then the end check (HB-GAP-36)."""
        armor = UNITS[unit["key"]]["armor"] or 0
        loss = max(0, amount - armor)
        unit["health"] -= loss
        note = f" (armor {armor} stops {min(armor, amount)})" if armor else ""
        self.log.append(f"{self._label(unit)} takes {amount} damage{note}: loses {loss} health, {max(unit['health'], 0)} left.")
        if unit["health"] > 0:
            return
        self.units.remove(unit)
        owner = unit["owner"]
        self.lost[owner] += UNITS[unit["key"]]["points"]
        self.log.append(f"{self._label(unit)} is destroyed; P{owner + 1} has lost {self.lost[owner]} points.")
        left = len(self.units_of(owner))
        if self.lost[owner] >= LOSS_POINTS:
            reason = f"P{owner + 1} lost units worth {self.lost[owner]} points (20 or more)"
        elif left <= 1:
            reason = f"P{owner + 1} has only {left} unit left"
        else:
            return
        w = 1 - owner                                                      # HB-END-3
        self.result = {"winners": [w], "ranking": [[w], [owner]], "reason": reason}
        self.phase = "over"
        self.pending = None
        self.log.append(f"Game over: {reason}. P{w + 1} wins.")

    def search_step(self, seat: int, action_id: str) -> None:
        """Apply an action known to be legal without re-checking it (bots' search copies only)."""
        self._apply(seat, Action(action_id, ""))

    @staticmethod
    def _describe(act: dict) -> str:
        if act is None:
            return "nothing"
        what = "move " + (f"a {act['only']} unit" if "only" in act else "a unit") if act["do"] == "move" else "a ranged attack"
        if "limit" in act:
            what += f" (at most {act['limit']} movement point{'s' if act['limit'] > 1 else ''})"
        if "within" in act:
            what += f" (target at most {act['within']} hexes away)"
        return what

    # ---- views and serialisation ------------------------------------------------------------
    def card_view(self, cid: str) -> dict:
        key = self.cards[cid]
        c = CARDS[key]
        return {"id": cid, "key": key, "name": c["name"], "cost": c["cost"],
                "actions": [dict(a) for a in c["actions"]], "text": c["text"],
                "summary": [self._describe(a) for a in c["actions"]]}

    def _view(self, seat) -> dict:
        units = []
        for u in self.units:
            s = UNITS[u["key"]]
            units.append({"id": u["id"], "owner": u["owner"], "type": s["type"], "key": u["key"], "name": s["name"],
                          "hex": u["hex"], "facing": u["facing"], "edges": list(s["edges"]), "health": u["health"],
                          "max_health": s["health"], "speed": s["speed"], "armor": s["armor"], "range": s["range"],
                          "points": s["points"]})
        pending = None
        if self.pending and self.phase == "pay" and seat != self.active:
            # choosing a card and its payment is private until paid: then both become public
            pending = {"card": None, "paid": [], "paid_total": 0, "step": 0, "unit": None, "mp_left": 0, "aim": None}
        elif self.pending:
            p = self.pending
            pending = {"card": self.card_view(p["card"]), "paid": list(p["paid"]),
                       "paid_total": sum(self.card_cost(c) for c in p["paid"]), "step": p["step"],
                       "unit": p["unit"], "mp_left": p["mp_left"], "aim": p["aim"]}
        return {
            "game": "hexbattle", "seat": seat, "players": 2, "turn": self.turn, "active": self.active,
            "first": self.first, "actions_left": self.actions_left, "phase": self.phase, "units": units,
            "lost": list(self.lost), "deck": [len(d) for d in self.deck], "hand_count": [len(h) for h in self.hand],
            "discard": [[self.card_view(c) for c in pile] for pile in self.discard],
            "hand": [self.card_view(c) for c in self.hand[seat]] if seat in (0, 1) else None,
            "pending": pending, "log": list(self.log),
            "outcome": self.outcome().to_dict() if self.result else None,
            "names": [a["name"] for a in self.options["armies"]],
        }

    _FIELDS = ("first", "units", "cards", "deck", "hand", "discard", "lost", "active", "turn",
               "actions_left", "phase", "pending", "result")

    def _dump(self) -> dict:
        return {f: getattr(self, f) for f in self._FIELDS}

    def _load(self, data: dict) -> None:
        # ``data`` comes fresh from json.loads, so nothing is shared with another state
        for f in self._FIELDS:
            setattr(self, f, data[f])

    def clone(self, search: bool = False) -> "HexBattleState":
        """A fast independent copy.  ``search=True`` (for bots) leaves out the history and log,
        so it must only be explored with :meth:`search_step`, never saved or shown."""
        s = HexBattleState.__new__(HexBattleState)
        s.players, s.seed, s.options = self.players, self.seed, self.options
        s.rng = self.rng.copy()
        s.history = [] if search else [list(h) for h in self.history]
        s.undoable = [] if search else list(self.undoable)
        s.log = [] if search else list(self.log)
        s._revealed = False
        s.first, s.cards, s.lost = self.first, self.cards, list(self.lost)
        s.units = [dict(u) for u in self.units]
        s.deck = [list(d) for d in self.deck]
        s.hand = [list(h) for h in self.hand]
        s.discard = [list(d) for d in self.discard]
        s.active, s.turn, s.actions_left, s.phase = self.active, self.turn, self.actions_left, self.phase
        s.pending = None if self.pending is None else dict(self.pending, paid=list(self.pending["paid"]))
        s.result = self.result
        return s


class HexBattleGame(Game):
    """Hex Battle as data: two players, one option (each player's army)."""

    id = "hexbattle"
    title = "Hex Battle"
    min_players = 2
    max_players = 2
    description = "Two armies of hexagonal units clash edge to edge on an 8x16 field, driven by command cards."
    options_spec = (Option("armies", None, "Army", kind="data", per_seat=True,
                           help="Each player's army: a saved army or the name of a sample army."),)
    state_class = HexBattleState
    setup_step = "setup"

    def check_options(self, opts, players):
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

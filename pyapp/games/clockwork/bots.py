"""Clockwork Crusade bots.

``crusader`` plays to win with simple priorities, reading only ``view(seat)``
and the legal action ids: it destroys Gate Tokens it can reach, takes fights
it is likely to win (first those threatening its own Gate Tokens), captures
territories with Soldiers, keeps its portals busy, researches when it can
afford to, and walks its units towards the nearest objective.  It turns
aggressive (no guards kept back, every unit marches on the enemy Gate Tokens
and their guards) when it can no longer grow (no income and nothing to spend)
or once the game has run ``AGGRESSIVE_ROUNDS`` rounds: the rulebook's only
end is the last Gate Token standing, so a careful bot must not wait forever.

It decides in steps (``think``: after reading the view, before choosing a move, every ``TICK`` moves
scored) so the browser can keep the page answering; ``choose`` runs the same steps to the end.
"""
from __future__ import annotations

from ...bots.levels import RolloutBot, SloppyBot, drive
from ...engine import Rng
from .content import UNITS, parse_range
from .geometry import adjacent, distance
from .rules import ClockworkState

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Generator

    from ...engine import Action
    from ...engine.core import State
    from .types import ClockworkView, UnitView

_TWO_D6: dict[int, float] = {}
for _a in range(1, 7):
    for _b in range(1, 7):
        _TWO_D6[_a + _b] = _TWO_D6.get(_a + _b, 0) + 1 / 36


def p_beat_roll(attack: int, defense: int) -> float:
    """P(2d6 + attack > 2d6 + defense)."""
    return sum(pa * pd for a, pa in _TWO_D6.items() for d, pd in _TWO_D6.items() if a + attack > d + defense)


def p_beat_fixed(attack: int, number: int) -> float:
    """P(2d6 + attack > number)."""
    return sum(p for a, p in _TWO_D6.items() if a + attack > number)


AGGRESSIVE_ROUNDS = 20


class CrusaderBot:
    """Greedy, objective-driven Clockwork Crusade player."""

    name = "crusader"
    label = "Crusader (plays to win)"
    TICK = 40                         # ``think`` yields after scoring this many moves

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=11)

    # ------------------------------------------------------------------ entry
    def choose(self, state: State, seat: int) -> str:
        return str(drive(self.think(state, seat)))

    def think(self, state: State, seat: int) -> Generator[None, None, str]:
        """:meth:`choose` in steps (see the module docstring); returns the action id."""
        actions = [a.id for a in state.legal_actions(seat)]
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        if len(actions) == 1:
            return actions[0]
        v = _own(state).view(seat)
        yield
        pend = v["pending"]
        if pend:
            return self._prompt(v, seat, actions)
        phase = v["phase"]
        if phase == "grids":
            return self.rng.choice(actions)
        if phase == "gates":
            return self._gate_choice(v, actions, start=True)
        if phase == "control":
            gates = [a for a in actions if a.startswith("gate:")]
            return self._gate_choice(v, gates, start=False) if gates else "done"
        if phase == "portal":
            return self._place(v, seat, actions)
        if phase == "draw":
            return "draw" if "draw" in actions else actions[0]
        return (yield from self._main(v, seat, actions))

    # ---------------------------------------------------------------- helpers
    @staticmethod
    def _units(v: ClockworkView) -> dict[str, UnitView]:
        return {u["hex"]: u for u in v["units"]}

    _ADJ: dict[tuple, dict[str | None, set[str]]] = {}     # by the grids placed (shared: rollouts make many bots)

    def _adjacency(self, v: ClockworkView) -> dict[str | None, set[str]]:
        key = tuple((g["key"], g["slot"]) for g in v["board"]["grids"])
        adj = CrusaderBot._ADJ.get(key)
        if adj is None:
            if len(CrusaderBot._ADJ) > 64:
                CrusaderBot._ADJ.clear()
            adj = CrusaderBot._ADJ[key] = self._terr_adj(v)
        return adj

    @staticmethod
    def _terr_adj(v: ClockworkView) -> dict[str | None, set[str]]:
        """Territory id -> the territories next to it (looked up by a hex's territory, None off territories)."""
        hexes = v["board"]["hexes"]
        adj: dict[str | None, set[str]] = {}
        for h, info in hexes.items():
            t = info["territory"]
            if t is None:
                continue
            for n in adjacent(h):
                cell = hexes.get(n)
                o = cell["territory"] if cell else None
                if o and o != t:
                    adj.setdefault(t, set()).add(o)
        return adj

    def _gate_choice(self, v: ClockworkView, actions: list[str], start: bool) -> str:
        hexes = v["board"]["hexes"]
        adj = self._terr_adj(v)
        enemy_gates = [g["hex"] for g in v["gates"] if g["owner"] != v["seat"]]
        mine = {t["id"] for t in v["board"]["territories"] if t["controller"] == v["seat"]}
        best, score = [], None
        for a in actions:
            h, arrow = a[5:].split(">")
            t = hexes[h]["territory"]
            s: float = len(adj.get(t, ())) * 2 + (3 * len(adj.get(t, set()) & mine) if not start else 0)
            if start and enemy_gates:
                s += min(min(distance(h, g) for g in enemy_gates), 8) * 0.5
            # keep the Gate Token away from the territory's rim, arrow pointing inward
            s -= 0.1 * sum(1 for g in enemy_gates if distance(h, g) < 3)
            if score is None or s > score:
                best, score = [a], s
            elif s == score:
                best.append(a)
        return self.rng.choice(best)

    def _place(self, v: ClockworkView, seat: int, actions: list[str]) -> str:
        enemy = [g["hex"] for g in v["gates"] if g["owner"] != seat] + \
                [u["hex"] for u in v["units"] if u["controller"] != seat]
        if not enemy:
            return actions[0]
        return min(actions, key=lambda a: (min(distance(a.split(">")[1], e) for e in enemy), a))

    def _prompt(self, v: ClockworkView, seat: int, actions: list[str]) -> str:
        pend = v["pending"]
        assert pend is not None          # asked only with a question open
        kind = pend["kind"]
        units = self._units(v)
        if kind == "stealth":
            return "stealth"
        if kind == "counter":
            return "counter"
        if kind == "scapegoat":
            target_hex = pend["target"]
            target = units.get(target_hex) if target_hex else None
            subs = [a for a in actions if a.startswith("scapegoat:")]
            if target and subs:
                cheapest = min(subs, key=lambda a: UNITS[units[a.split(":")[1]]["card"]]["cost"])
                if UNITS[units[cheapest.split(":")[1]]["card"]]["cost"] <= UNITS[target["card"]]["cost"]:
                    return cheapest
            return "noscapegoat"
        picks = [a for a in actions if a != "decline"]
        if not picks:
            return "decline"
        return max(picks, key=lambda a: (UNITS[units[a.split(">")[1]]["card"]]["cost"], a))

    # ------------------------------------------------------------------- main
    aggressive_rounds = AGGRESSIVE_ROUNDS
    fight_odds = 0.42                 # the chance of winning a fight it takes (outside threats and aggression)
    bold_odds = 0.3                   # ... near its own Gate Tokens or when aggressive
    army_cap = 24                     # units beyond which it opens no portal even when aggressive
    research_units = 4                # units on the board before it researches (unless rich)

    def _aggressive(self, v: ClockworkView, seat: int) -> bool:
        """Time to force the end: stuck without income or money, or the game has gone on long."""
        me = v["player_info"][seat]
        return (me["income"] == 0 and me["resources"] < 2) or v["turn"] > self.aggressive_rounds * v["players"]

    def _main(self, v: ClockworkView, seat: int, actions: list[str]) -> Generator[None, None, str]:
        units = self._units(v)
        me = v["player_info"][seat]
        res = me["resources"]
        aggressive = self._aggressive(v, seat)
        my_gates = [g["hex"] for g in v["gates"] if g["owner"] == seat]
        gate_hexes = {g["hex"] for g in v["gates"] if g["owner"] != seat}
        by_verb: dict[str, list[str]] = {}
        for a in actions:
            by_verb.setdefault(a.split(":")[0], []).append(a)

        # 1. free money, cheap research, and cards that help the attacks available now
        attack_srcs = {a.split(":")[1].split(">")[0] for a in by_verb.get("attack", [])}
        enemies = [u["hex"] for u in v["units"] if u["controller"] != seat]
        for a in by_verb.get("play", []):
            key = self._card_key(v, seat, a)
            tgt = a.split(">")[1] if ">" in a else None
            if key in ("supply-drop", "war-bonds", "sabotage", "requisition-raid", "forced-march"):
                return a
            if key == "research-grant" and res >= 2 and "research" not in by_verb:
                return a
            if key == "targeting-lens" and tgt in attack_srcs:
                return a
            tgt_unit = units.get(tgt) if tgt else None
            if key == "double-time" and tgt_unit and tgt_unit["type"] == "soldier":
                return a
            if key == "second-wind" and tgt and any(distance(tgt, e) <= 1 for e in enemies + list(gate_hexes)):
                return a

        # 2. Gate Tokens in reach
        for verb in ("attack", "shell"):
            gate_hits = [a for a in by_verb.get(verb, []) if a.split(">")[1] in gate_hexes]
            if gate_hits:
                return max(gate_hits, key=lambda a: units[a.split(":")[1].split(">")[0]]["attack"])

        # 3. good fights, threats to own gates first
        best, best_score = None, 0.0
        for verb in ("attack", "shell"):
            for a in by_verb.get(verb, []):
                src, dst = a.split(":")[1].split(">")
                att, dfd = units.get(src), units.get(dst)
                if not att or not dfd:
                    continue
                p = (p_beat_fixed(att["attack"], dfd["defense"]) if dfd["type"] == "building"
                     else p_beat_roll(att["attack"], dfd["defense"]))
                if verb == "shell":
                    p *= 0.5
                threat = any(distance(dst, g) <= 3 for g in my_gates)
                score = p * (UNITS[dfd["card"]]["cost"] + (4 if threat else 0))
                if p >= (self.bold_odds if threat or aggressive else self.fight_odds) and score > best_score:
                    best, best_score = a, score
        if best:
            return best
        for a in by_verb.get("assassinate", []) + by_verb.get("corrupt", []):
            return a
        for a in by_verb.get("selfdestruct", []):
            src = a.split(":")[1]
            near = [u for u in v["units"] if 0 < distance(src, u["hex"]) <= 1]
            if sum(1 for u in near if u["owner"] != seat) >= 2 and all(u["owner"] != seat for u in near):
                return a

        # 4. research and portals (keep 1 for a capture that is ready)
        mine = [u for u in v["units"] if u["owner"] == seat]
        hexes = v["board"]["hexes"]
        terr_owner: dict[str | None, int | None] = {t["id"]: t["controller"] for t in v["board"]["territories"]}
        ready = any(u["type"] == "soldier" and hexes[u["hex"]]["territory"]
                    and terr_owner.get(hexes[u["hex"]]["territory"]) in (None, seat) for u in mine)
        reserve = 1 if ready or me["income"] == 0 else 0  # never get stuck without money for a capture
        portals = [a for a in by_verb.get("portal", [])
                   if UNITS[a.split(":")[1].split("@")[0]]["cost"] <= res - reserve]
        spare = res - reserve - v["research_cost"]
        if "research" in by_verb and spare >= (0 if me["income"] else 2) and \
                (len(mine) >= self.research_units or res >= 7):
            return "research"
        if portals and (len(mine) < 14 or (aggressive and len(mine) < self.army_cap)):
            return self._portal_pick(v, seat, portals, res, ranged=aggressive)

        # 5. salvage with idle units
        for a in by_verb.get("salvage", []):
            src = a.split(":")[1]
            if units[src]["type"] == "building" or not any(
                    u["controller"] != seat and distance(src, u["hex"]) <= 4 for u in v["units"]):
                return a

        # 6. move towards objectives
        mv = yield from self._best_move(v, seat, by_verb.get("move", []))
        if mv:
            return mv
        for a in by_verb.get("wall", []):
            dst = a.split(">")[1]
            if any(distance(dst, g) <= 1 for g in my_gates):
                return a
        for a in by_verb.get("play", []):
            tgt = a.split(">")[1] if ">" in a else None
            if self._card_key(v, seat, a) == "reinforced-plating" and tgt and \
                    any(distance(tgt, e) <= 2 for e in enemies):
                return a
        return "end"

    @staticmethod
    def _card_key(v: ClockworkView, seat: int, action: str) -> str | None:
        cid = action.split(":")[1].split(">")[0]
        for c in v["player_info"][seat]["hand"] or ():
            if c["id"] == cid:
                return c["key"]
        return None

    def _portal_pick(self, v: ClockworkView, seat: int, portals: list[str], res: int, ranged: bool = False) -> str:
        """The portal to create; ``ranged`` favours units that shoot over other units (guards in a nook
        that nothing can reach in melee)."""
        mine = [u for u in v["units"] if u["owner"] == seat]
        mine_portals = [p["unit"] for p in v["portals"] if p["owner"] == seat and p["unit"]]
        soldiers = sum(1 for u in mine if u["type"] == "soldier")
        soldiers += sum(1 for k in mine_portals if UNITS[k]["type"] == "soldier")
        buildings = sum(1 for u in mine if u["type"] == "building")
        buildings += sum(1 for k in mine_portals if UNITS[k]["type"] == "building")

        def value(a: str) -> tuple[int, str]:
            key = a.split(":")[1].split("@")[0]
            u = UNITS[key]
            if u["type"] == "building":
                val = u["cost"] + u["attack"] - 4 * buildings
            else:
                val = u["cost"] + u["attack"] + u["defense"] + u["movement"]
            if u["type"] == "soldier" and soldiers < 3:
                val += 10
            if key in ("bunker", "scrap-foundry"):
                val -= 6
            if ranged and u["type"] != "building" and parse_range(u["range"])[1] >= 2:
                val += 6
            return (val, a)

        return max(portals, key=value)

    def _best_move(self, v: ClockworkView, seat: int, moves: list[str]) -> Generator[None, None, str | None]:
        if not moves:
            return None
        yield
        hexes = v["board"]["hexes"]
        terr_owner: dict[str | None, int | None] = {t["id"]: t["controller"] for t in v["board"]["territories"]}
        enemy_units = [u["hex"] for u in v["units"] if u["controller"] != seat]
        enemy_gates = [g["hex"] for g in v["gates"] if g["owner"] != seat]
        my_gates = [g["hex"] for g in v["gates"] if g["owner"] == seat]
        capture = [h for h, info in hexes.items() if info["territory"]
                   and terr_owner.get(info["territory"]) is None]
        units = self._units(v)
        aggressive = self._aggressive(v, seat)
        can_capture = v["player_info"][seat]["resources"] >= 1 or v["player_info"][seat]["income"] > 0
        # defend: enemies close to my gates draw my non-soldiers
        threats = [e for e in enemy_units if any(distance(e, g) <= 3 for g in my_gates)]
        claimed: dict[str | None, int] = {}
        for u in v["units"]:
            tid = hexes[u["hex"]]["territory"]
            if u["controller"] == seat and u["type"] == "soldier" and tid and terr_owner.get(tid) is None:
                claimed[tid] = claimed.get(tid, 0) + 1
        # guard: a Gate Token cannot be attacked while one of my units is in its territory or next to it
        # (CC-GATE-5/6), so keep one guard on every Gate Token that enemies could reach soon
        mine = [u["hex"] for u in v["units"] if u["controller"] == seat]

        def guards(h: str, g: str) -> bool:
            return hexes[h]["territory"] == hexes[g]["territory"] or distance(h, g) == 1

        threatened = [] if aggressive else [g for g in my_gates if any(distance(e, g) <= 4 for e in enemy_units)]
        sole_guard: dict[str, list[str]] = {}
        guard_goal: dict[str, str] = {}
        for g in threatened:
            gs = [h for h in mine if guards(h, g)]
            if len(gs) == 1:
                sole_guard.setdefault(gs[0], []).append(g)
            elif not gs and mine:
                nearest = min(mine, key=lambda h: (distance(h, g), h))
                guard_goal.setdefault(nearest, g)
        owned = {t for t, o in terr_owner.items() if o == seat}
        adj = self._adjacency(v)
        near = [h for h in capture if not claimed.get(hexes[h]["territory"]) and adj.get(hexes[h]["territory"], set()) & owned]
        far = [h for h in capture if not claimed.get(hexes[h]["territory"])]
        capture_goals = (near or far) if can_capture else []
        # Gate Tokens are safe while guarded: the guards (other players' units in the territory or next to them)
        # are the targets; siege the arrow hexes too, which stops new portals
        guards_of = [e for e in enemy_units for g in enemy_gates
                     if (hexes[e]["territory"] == hexes[g]["territory"] or distance(e, g) == 1)]
        siege = guards_of + enemy_gates
        best, best_gain = None, 0
        tick = 0
        near_goal: dict[tuple[int, str], int] = {}      # (which goals, hex) -> distance to the nearest

        def to_goals(h: str, goals: list[str]) -> int:
            k = (id(goals), h)
            dist = near_goal.get(k)
            if dist is None:
                dist = near_goal[k] = min(distance(h, g) for g in goals)
            return dist

        for a in moves:
            tick += 1
            if tick >= self.TICK:
                tick = 0
                yield
            src, dst = a.split(":")[1].split(">")
            u = units[src]
            here = hexes[src]["territory"]
            if src in sole_guard and not all(guards(dst, g) for g in sole_guard[src]):
                continue
            if src in guard_goal:
                g = guard_goal[src]
                gain = 10 if guards(dst, g) else distance(src, g) - distance(dst, g)
                if gain > best_gain:
                    best, best_gain = a, gain
                continue
            if u["type"] == "soldier":
                if here and terr_owner.get(here) is None and claimed.get(here) == 1 and can_capture and \
                        not any(hexes[e]["territory"] == here for e in enemy_units):
                    continue  # stay to capture at the next Control step
                goals = (siege or enemy_units) if aggressive and not capture_goals else \
                    capture_goals or siege or enemy_units
            else:
                goals = (siege or enemy_units) if aggressive else threats or siege or enemy_units
            if not goals:
                continue
            before = to_goals(src, goals)
            after = to_goals(dst, goals)
            gain = before - after
            if u["type"] == "soldier" and hexes[dst]["territory"] and \
                    terr_owner.get(hexes[dst]["territory"]) is None and not claimed.get(hexes[dst]["territory"]):
                gain += 2
            if gain > best_gain:
                best, best_gain = a, gain
        return best


# ---------------------------------------------------------------- the three levels (pyapp.bots.levels)
def _own(state: State) -> ClockworkState:
    """This game's state behind the contract's ``State`` (a Clockwork Crusade bot is only ever given one): a typed
    accessor, so that mypy checks what the bot reads from it instead of ignoring it."""
    if not isinstance(state, ClockworkState):
        raise TypeError(f"a Clockwork Crusade bot was given {type(state).__name__}")
    return state


def evaluate(state: ClockworkState, seat: int) -> float:
    """How good a (search copy of a) position is for ``seat``, from public facts only: Gate Tokens,
    territories, income, the cost of the units on the board, resources and hand sizes, against the
    strongest rival."""
    d = state.data
    n = state.players
    gates = [0] * n
    for g in d["gates"]:
        gates[g["owner"]] += 1
    units = [0.0] * n
    for u in d["units"]:
        units[u["owner"]] += UNITS[u["card"]]["cost"]
    for q in d["portals"]:                       # a portal's cost is public (its unit type is not)
        if q.get("card"):
            units[q["owner"]] += 0.9 * UNITS[q["card"]]["cost"]
    scores = []
    for p in range(n):
        if d["out"][p]:
            scores.append(-60.0)
            continue
        terr = len(state._controlled(p))
        scores.append(9.0 * gates[p] + 3.0 * terr + 2.0 * state.income(p)
                      + 0.7 * units[p] + 0.4 * d["resources"][p] + 0.6 * len(d["hands"][p]))
    rivals = [scores[p] for p in range(n) if p != seat]
    return scores[seat] - 0.5 * max(rivals) - 0.5 * sum(rivals) / len(rivals)


def _in_main(state: State) -> bool:
    """The Main step with no question open (the decisions worth thinking about)."""
    f = _own(state).data["flow"]
    return len(f["stack"]) == 1 and f["stack"][0]["kind"] == "main"


class EasyBot(SloppyBot):
    name = "easy"
    label = "Cadet"
    blurb = "Follows a simple plan, but every other move in a turn is a careless one."
    base = CrusaderBot
    slip = 0.5

    def slips(self, state: State, seat: int, playing: list[Action]) -> bool:
        # careless in the Main step only (set-up and questions are answered as the crusader would)
        return _in_main(state) and self.rng.random() < self.slip


class NormalBot(CrusaderBot):
    name = "normal"
    level = 2
    label = "Commander"
    blurb = "Follows a steady plan: claims territory, guards its Gate Tokens and takes the fights it is likely to win."


BIG = ("attack", "shell", "portal", "research", "end", "assassinate", "corrupt", "selfdestruct", "play")


class PressingBot(CrusaderBot):
    """The crusader, aggressive from the first round: it keeps no guards back and marches every unit on the
    enemy Gate Tokens and their guards at once, and it spends on its army before research: it researches
    only with ``research_units`` units on the board or when rich (the crusader from 4 units; the hard bot's
    own plan; screens in docs/notes/clockwork.md, "Bots: Warlord")."""

    aggressive_rounds = 0
    research_units = 12


class HardBot(RolloutBot):
    """Warlord: the pressing crusader's plan (:class:`PressingBot`), and at its Main-step choices other than
    moves and fights (portals, research, cards, salvage, walls, ending the turn) a look ahead: the plan's
    choice and up to three others, each played on the same copies of the game (other hands, face-down
    portals, the stack and the dice dealt anew) for up to ``horizon`` actions (the rest of its turn and,
    when that is short, the next player's; its plan for its seat, the crusader's for the others), scored
    by :func:`evaluate`; it deviates only when an alternative scores clearly better (``margin`` per copy,
    about half a Gate Token).  Its budget (simulated actions) shrinks as the board fills: fewer copies
    where simulating costs more.  Moves and fights follow the plan: searching them cost most of the time and, with
    one roll of the dice per copy, followed the dice more than the odds."""

    name = "hard"
    label = "Warlord"
    blurb = ("Presses the attack from the first round and builds its army before researching; before spending, "
             "researching or ending its turn it tries a few choices against possible hands and rolls, changing its "
             "plan only when another works out clearly better.")
    base = PressingBot
    budget = 137
    determinizations = 3
    max_candidates = 4
    horizon = 12
    margin = 4.0
    yield_every = 2          # a simulated action is a millisecond or two of CPython
    follows = ("move", "attack", "shell")     # its plan's choices it takes without searching
    _turn0 = 0

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(_own(state), seat)

    def rollout_bots(self, state: State, seat: int, seed: int) -> list:
        # its own plan for its seat, the crusader's for the others
        return [(PressingBot if i == seat else CrusaderBot)(seed * 7 + i) for i in range(state.players)]

    def clone(self, state: State) -> State:
        return state.clone(past=False)

    def determinize(self, state: State, seat: int) -> State:
        return state.clone(past=False).resample_hidden(seat, self.rng)

    def worth(self, state: State, seat: int, playing: list[Action], default: str) -> bool:
        # the Main step's choices but moves and fights (see the class docstring)
        if not _in_main(state):
            return False
        self._turn0 = _own(state).data["turn"]
        return default.split(":")[0] not in self.follows

    def budget_for(self, state: State) -> int:
        # simulating costs more the more units there are: a smaller budget keeps the decision time flat
        n = len(_own(state).data["units"])
        return self.budget * 12 // max(12, n)

    def candidates(self, state: State, seat: int, playing: list[Action], default: str) -> list[str]:
        ids = [a.id for a in playing if a.id != default]
        first = [i for i in ids if i.split(":")[0] in BIG]
        rest = [i for i in ids if i not in first]
        picked: list[str] = []
        for pool, cap in ((first, self.max_candidates - 2), (rest, self.max_candidates - 1)):
            while pool and len(picked) < cap:
                picked.append(pool.pop(self.rng.below(len(pool))))
        return [default] + picked

    def horizon_over(self, state: State, seat: int, steps: int, left_turn: bool) -> bool:
        # ``horizon`` actions, at most to the end of the next player's turn (a question asked of another
        # seat in between, such as a counter-attack, does not end the rollout)
        return steps >= self.horizon or _own(state).data["turn"] >= self._turn0 + 2


BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot, "crusader": CrusaderBot}

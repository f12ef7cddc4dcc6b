"""Hex Battle bots.

``greedy`` plans one whole card at a time: for each playable card (and for
drawing) it simulates the play on copies of the state -- the cheapest
payment, then the best unit and the best sequence of movement points for
each move (a depth-first search over steps and turns, fights included) and
the best shooter and target for each ranged attack -- and keeps the plan
whose position it values most.  It then plays that plan one action at a
time, re-planning if anything it expected is no longer legal.  It plans in
steps (``think``, yielding every ``TICK`` positions looked at), so the browser
can keep the page answering; ``choose`` runs the same steps to the end.

Its search copies only ever come from the state it is given and it reads
nothing a player could not see: its own hand, public counts and the
battlefield.  (The copy does carry the hidden deck order, but the plan never
draws from it: ``draw`` is valued by a fixed heuristic, not simulated.)
"""
from __future__ import annotations

from itertools import combinations

from ...bots.levels import RolloutBot, SloppyBot, drive
from ...engine import Rng
from .content import CARDS, UNITS
from .hexgrid import GRID, cube
from .rules import HexBattleState

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Generator

    from ...engine import Action, State

    Cube = tuple[int, int, int]
    Steps = Generator[None, None, list[str]]
    Found = Generator[None, None, tuple[list[str], HexBattleState]]
    Thinking = Generator[None, None, str]

WIN = 10000.0
_CUBE_DIRS = ((0, 1, -1), (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0))


def _rough_direction(a: Cube, b: Cube) -> int:
    """The direction from cube ``a`` that points most nearly at cube ``b``."""
    dx, dy, dz = b[0] - a[0], b[1] - a[1], b[2] - a[2]
    best: int | None = None
    best_d = 0
    for d, (x, y, z) in enumerate(_CUBE_DIRS):
        dot = dx * x + dy * y + dz * z
        if best is None or dot > best:
            best, best_d = dot, d
    return best_d


_PAIRS: dict[tuple[str, str], tuple[int, int]] = {}
_BEST_EDGE = {k: max(u["edges"]) for k, u in UNITS.items()}


def _pair(a: str, b: str) -> tuple[int, int]:
    """(distance, rough direction) from hex ``a`` to hex ``b``, memoised."""
    res = (GRID.distance(a, b), _rough_direction(cube(a), cube(b)))
    _PAIRS[(a, b)] = res
    return res


def _own(state: State) -> HexBattleState:
    """This game's state behind the contract's ``State`` (a Hex Battle bot is only ever given one): a typed
    accessor, so that mypy checks what the bot reads from it instead of ignoring it."""
    if not isinstance(state, HexBattleState):
        raise TypeError(f"a Hex Battle bot was given {type(state).__name__}")
    return state


def evaluate(state: HexBattleState, seat: int) -> float:
    """How good the position is for ``seat`` (higher is better)."""
    if state.result:
        w = state.result["winners"]
        return WIN if w == [seat] else (-WIN if w else 0.0)
    enemy = 1 - seat
    score = 3.0 * (state.lost[enemy] - state.lost[seat])
    # closeness to the loss thresholds matters more as they near
    score += 0.15 * (state.lost[enemy] ** 2 - state.lost[seat] ** 2) / 10
    units = [(u, UNITS[u["key"]]) for u in state.units]
    for u, s in units:
        sign = 1.0 if u["owner"] == seat else -1.0
        score += sign * s["points"] * (0.4 + 0.6 * u["health"] / s["health"])
        nearest = 99
        rng = (s["range"] or 0) if s["type"] == "ranged" else 0
        here = u["hex"]
        for e, es in units:
            if e["owner"] == u["owner"]:
                continue
            pair = _PAIRS.get((here, e["hex"]))
            if pair is None:
                pair = _pair(here, e["hex"])
            d = pair[0]
            if d < nearest:
                nearest = d
            if d <= es["speed"] + 1:
                # how exposed u is to e: e's best edge against the edge of u pointing at e
                gap = _BEST_EDGE[e["key"]] - s["edges"][(pair[1] - u["facing"]) % 6] - (s["armor"] or 0)
                if gap > 0:
                    # the side to act next can exploit exposure first
                    score -= sign * (0.35 if state.active != u["owner"] else 0.12) * gap
            if d <= rng:
                score += sign * 0.4
        if nearest < 99 and not rng:
            score -= sign * 0.08 * nearest
    return score


class GreedyBot:
    """Plans one card (or a draw) at a time by simulating it; see the module docstring."""

    name = "greedy"
    label = "Greedy tactician"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=11)
        self.plan: list[str] = []
        self.budget = self.BUDGET
        self._ticks = 0

    # positions evaluated per plan at most: bounds the worst-case thinking time (deterministically)
    BUDGET = 1000
    TICK = 6          # ``think`` yields after this many positions looked at (well under 10 ms of CPython)

    def choose(self, state: HexBattleState, seat: int) -> str:
        return str(drive(self.think(state, seat)))

    def think(self, state: HexBattleState, seat: int) -> Thinking:
        """:meth:`choose` in steps: yields every ``TICK`` positions evaluated; returns the action id."""
        legal = {a.id for a in state.legal_actions(seat)}
        if self.plan and self.plan[0] in legal:
            return self.plan.pop(0)
        self.budget = self.BUDGET
        self._ticks = 0
        self.plan = yield from self._plan(state, seat)
        if not self.plan or self.plan[0] not in legal:     # defensive: never return an illegal id
            self.plan = []
            return sorted(legal)[0] if "stop" not in legal else "stop"
        return self.plan.pop(0)

    # ---- planning (generators: ``yield from`` them; each returns what its name says) --------
    def _plan(self, state: HexBattleState, seat: int) -> Steps:
        if state.phase == "main":
            return (yield from self._plan_main(state, seat))
        if state.phase == "pay":
            return self._plan_payment(state, seat) + (yield from self._resolve_plan_after(state, seat))
        seq, _ = yield from self._resolve(state, seat)
        return seq

    def _resolve_plan_after(self, state: HexBattleState, seat: int) -> Steps:
        s = state.clone(True)
        for a in self._plan_payment(state, seat):
            s.search_step(seat, a)
        seq, _ = yield from self._resolve(s, seat)
        return seq

    def _plan_main(self, state: HexBattleState, seat: int) -> Steps:
        """The best of: drawing, or each playable card kind (its cheapest payment, then its best resolution)."""
        base = evaluate(state, seat)
        options: list[tuple[float, list[str], str | None]] = []
        ids = {a.id for a in state.legal_actions(seat)}
        if "draw" in ids:
            hand = len(state.hand[seat])
            playable = len(state._playable(seat))
            options.append((0.9 if playable <= 1 else 0.6 if hand < 6 else 0.1, ["draw"], None))
        tried: set[str] = set()
        for a in state.legal_actions(seat):
            if not a.id.startswith("play:"):
                continue
            key = state.cards[a.id[5:]]
            if key in tried:
                continue
            tried.add(key)
            options.append((yield from self._card_option(state, seat, a.id, key, base)))
        return self._pick(options)

    def _card_option(self, state: HexBattleState, seat: int, aid: str, key: str,
                     base: float) -> Generator[None, None, tuple[float, list[str], str | None]]:
        """Playing card ``aid`` (kind ``key``) now: (value, the ids to play, ``key``)."""
        s = state.clone(True)
        s.search_step(seat, aid)
        pay = self._plan_payment(s, seat)
        for p in pay:
            s.search_step(seat, p)
        paid = [p[4:] for p in pay if p.startswith("pay:") and p != "pay:ok"]
        seq, s = yield from self._resolve(s, seat)
        self._planned(key, s, seat)
        gain = evaluate(s, seat) - base
        cost = sum(CARDS[state.cards[c]]["cost"] for c in paid)
        # paying spends cards; a free card that did nothing is no better than drawing
        value = gain - 0.25 * cost - 0.15 * len(paid) + 0.05
        if not any(x != "skip" for x in seq):
            value -= 0.5
        return value, [aid] + pay + seq, key

    def _planned(self, key: str, after: HexBattleState, seat: int) -> None:
        """Called with the position a card of kind ``key`` would leave (the card measurement records it)."""

    def _pick(self, options: list[tuple[float, list[str], str | None]]) -> list[str]:
        """The best option's ids (ties broken by the bot's own generator)."""
        options.sort(key=lambda o: -o[0])
        best = options[0][0]
        ties = [o for o in options if o[0] >= best - 1e-9]
        return ties[self.rng.below(len(ties))][1]

    def _plan_payment(self, state: HexBattleState, seat: int) -> list[str]:
        """The payment wasting least: smallest overpay, then fewest cards, then cheapest cards kept."""
        p = state.pending
        if p is None or state.phase != "pay":
            return []
        cost = CARDS[state.cards[p["card"]]]["cost"]
        others = [c for c in state.hand[seat] if c != p["card"] and CARDS[state.cards[c]]["cost"] > 0]
        others.sort(key=lambda c: CARDS[state.cards[c]]["cost"])
        best: tuple[tuple[int, int], tuple[str, ...]] | None = None
        for n in range(1, min(len(others), 5) + 1):
            for combo in combinations(others, n):
                total = sum(CARDS[state.cards[c]]["cost"] for c in combo)
                if total < cost:
                    continue
                key = (total - cost, n)
                if best is None or key < best[0]:
                    best = (key, combo)
            if best is not None and best[0][0] == 0:
                break
        if best is None:                                   # cannot happen for a playable card
            return ["cancel"]
        chosen, already = set(best[1]), list(p["paid"])
        # start from what is already marked as payment (e.g. after a reload mid-payment)
        return ([f"unpay:{c}" for c in already if c not in chosen]
                + [f"pay:{c}" for c in best[1] if c not in already] + ["pay:ok"])

    def _resolve(self, state: HexBattleState, seat: int) -> Found:
        """Resolve the rest of the pending card greedily; returns (actions, resulting state)."""
        seq: list[str] = []
        s = state
        guard = 0
        while s.pending is not None and not s.result and s.active == seat and guard < 20:
            guard += 1
            if s.phase == "resolve":
                best_seq, best_state = yield from self._best_card_action(s, seat)
            elif s.phase == "move":
                best_seq, best_state = yield from self._best_move(s, seat)
            elif s.phase == "aim":
                best_seq, best_state = yield from self._best_shot(s, seat, only_from=s.pending["aim"])
            else:
                break
            seq += best_seq
            s = best_state
        return seq, s

    def _best_card_action(self, s: HexBattleState, seat: int) -> Found:
        options: list[tuple[float, list[str], HexBattleState]] = []
        skip = s.clone(True)
        skip.search_step(seat, "skip")
        options.append((evaluate(skip, seat), ["skip"], skip))
        for a in self._candidate_movers(s, seat) + [a for a in s.legal_actions(seat) if a.id.startswith("aim:")]:
            if a.id.startswith("unit:"):
                t = s.clone(True)
                t.search_step(seat, a.id)
                seq, t2 = yield from self._best_move(t, seat)
                options.append((evaluate(t2, seat), [a.id] + seq, t2))
            elif a.id.startswith("aim:"):
                t = s.clone(True)
                t.search_step(seat, a.id)
                seq, t2 = yield from self._best_shot(t, seat, only_from=None)
                options.append((evaluate(t2, seat), [a.id] + seq, t2))
        options.sort(key=lambda o: -o[0])
        return options[0][1], options[0][2]

    def _candidate_movers(self, s: HexBattleState, seat: int) -> list[Action]:
        """The units worth searching for a move: those that could reach an enemy this move
        (speed + 1 hexes), plus the two nearest to the enemy for advancing.  Keeps planning fast."""
        acts = [a for a in s.legal_actions(seat) if a.id.startswith("unit:")]
        enemies = [e["hex"] for e in s.units if e["owner"] != seat]
        if not enemies:
            return acts
        near: list[tuple[int, str, Action]] = []
        rest: list[tuple[int, str, Action]] = []
        for a in acts:
            u = s._unit_on(a.id[5:])
            d = min(GRID.distance(u["hex"], e) for e in enemies)
            (near if d <= UNITS[u["key"]]["speed"] + 1 else rest).append((d, a.id, a))
        rest.sort()
        return [a for _, _, a in near] + [a for _, _, a in rest[:2]]

    def _best_shot(self, s: HexBattleState, seat: int, only_from: str | None) -> Found:
        best: tuple[float, list[str], HexBattleState] | None = None
        for a in s.legal_actions(seat):
            if a.id.startswith("shoot:"):
                t = s.clone(True)
                t.search_step(seat, a.id)
                v = evaluate(t, seat)
                self._ticks += 1
                if self._ticks >= self.TICK:
                    self._ticks = 0
                    yield
                if best is None or v > best[0]:
                    best = (v, [a.id], t)
        if best is None:
            t = s.clone(True)
            t.search_step(seat, "skip")
            return ["skip"], t
        return best[1], best[2]

    def _best_move(self, s: HexBattleState, seat: int) -> Found:
        """Depth-first search over the remaining movement points of the unit being moved."""
        best: list[tuple[float, list[str], HexBattleState] | None] = [None]
        yield from self._visit(s, [], seat, best, {})
        found = best[0]
        if found is None:                              # cannot happen: "stop" is always legal while moving
            raise RuntimeError("no move was evaluated")
        return found[1], found[2]

    def _visit(self, t: HexBattleState, path: list[str], seat: int,
               best: list[tuple[float, list[str], HexBattleState] | None], seen: dict[tuple, bool]
               ) -> Generator[None, None, None]:
        """One node of :meth:`_best_move`'s search (a method, not a closure: no reference cycle for the
        garbage collector, which is slow in the browser)."""
        if t.phase != "move" or t.result or t.pending is None or self.budget <= 0:
            if t.phase == "move" and not t.result and t.pending is not None:
                t = t.clone(True)                  # out of budget: stop here
                t.search_step(seat, "stop")
                path = path + ["stop"]
            self.budget -= 1
            v = evaluate(t, seat)
            if best[0] is None or v > best[0][0]:
                best[0] = (v, list(path), t)
            self._ticks += 1
            if self._ticks >= self.TICK:
                self._ticks = 0
                yield
            return
        u = t._unit_on(t.pending["unit"])
        key = (u["hex"], u["facing"], t.pending["mp_left"], tuple(e["health"] for e in t.units))
        if key in seen:
            return
        seen[key] = True
        self._ticks += 1                           # a node costs its children's copies
        if self._ticks >= self.TICK:
            self._ticks = 0
            yield
        for a in t.legal_actions(seat):
            if a.id == "stop":
                nxt = t.clone(True)
                nxt.search_step(seat, "stop")
                yield from self._visit(nxt, path + ["stop"], seat, best, seen)
            elif a.kind == "move":
                nxt = t.clone(True)
                nxt.search_step(seat, a.id)
                yield from self._visit(nxt, path + [a.id], seat, best, seen)


# ---------------------------------------------------------------- the three levels (pyapp.bots.levels)
class _HastyGreedy(GreedyBot):
    """The greedy tactician looking at far fewer paths for each move: short-sighted."""

    BUDGET = 25


class EasyBot(SloppyBot):
    """A short-sighted greedy tactician (few paths tried per move) that at some of its card choices
    plays a random playable card (or draws) instead of the best one; every card it plays is still
    resolved sensibly."""

    name = "easy"
    label = "Recruit"
    blurb = "Fights sensibly, but looks at few ways to move and often plays a weaker card than it could."
    base = _HastyGreedy
    slip = 0.5

    def slips(self, state: State, seat: int, playing: list[Action]) -> bool:
        return _own(state).phase == "main" and self.rng.random() < self.slip

    def slip_pool(self, state: State, seat: int, playing: list[Action]) -> list[Action]:
        return [a for a in playing if a.id.startswith("play:") or a.id == "draw"]


class NormalBot(GreedyBot):
    name = "normal"
    level = 2
    label = "Veteran"
    blurb = "Plans each card carefully: the best unit, path and target for it, one card at a time."


class _QuickGreedy(GreedyBot):
    """The greedy tactician with a smaller planning budget: the hard bot's model of both players."""

    BUDGET = 300


class HardBot(RolloutBot):
    """Compares its candidate cards by playing each (the greedy tactician resolving it), the rest of
    its turn and the opponent's whole reply, on copies of the game with the hidden cards dealt anew."""

    name = "hard"
    label = "Warlord"
    blurb = "Thinks a turn ahead: tries its best cards against the replies you could make, and keeps the one that holds up best."
    base = GreedyBot
    rollout_base = _QuickGreedy
    rollout_think = True          # a greedy plan can take tens of ms: its steps are the rollout's
    budget = 400
    determinizations = 1
    max_candidates = 4
    horizon = 45
    margin = 0.4

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(_own(state), seat)

    def worth(self, state: State, seat: int, playing: list[Action], default: str) -> bool:
        return _own(state).phase == "main"

    def candidates(self, state: State, seat: int, playing: list[Action], default: str) -> list[str]:
        cards = _own(state).cards
        kinds = {cards[default[5:]]} if default.startswith("play:") else set()
        others: list[str] = []
        for a in playing:
            if a.id == default:
                continue
            if a.id.startswith("play:"):
                key = cards[a.id[5:]]
                if key in kinds:
                    continue
                kinds.add(key)
            elif a.id != "draw":
                continue
            others.append(a.id)
        picked: list[str] = []
        while others and len(picked) < self.max_candidates - 1:
            picked.append(others.pop(self.rng.below(len(others))))
        return [default] + picked


BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot, "greedy": GreedyBot}

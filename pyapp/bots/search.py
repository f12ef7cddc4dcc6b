"""A search bot for every game, through the engine contract only.

Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley
and Whitehouse 2012): each iteration deals a fresh copy of the game in which
everything the bot's seat cannot see is redrawn (:meth:`State.resample_hidden`),
walks one shared tree of action ids down that copy (UCB1 over the actions that
were available, counted per copy), plays it out at random, and backs up each
seat's :attr:`Outcome.returns`.  The bot never reads what its seat may not see:
the true state is only cloned, and the clone's hidden facts replaced before any
use.  Chance (dice, coins, draws) is the copy's own reseeded generator.

Budgets: ``iterations`` (deterministic for a given seed: what ``pyapp.sim`` and
tests use) or ``seconds`` (the browser).  A game may supply ``evaluate(state) ->
per-seat returns`` to cut playouts short (``playout_limit`` actions).

Simultaneous phases are searched as if the seats chose one after another
(the first seat of ``to_act`` first), a usual simplification.
"""
from __future__ import annotations

import math
import time

from ..engine import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Sequence

    from ..engine import State


class _Node:
    __slots__ = ("children", "visits", "avail", "reward")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0          # sum of the returns of the seat that chose the action leading here


class SearchBot:
    """ISMCTS over determinizations; see the module docstring."""

    name = "search"
    label = "Searcher (looks ahead)"

    def __init__(self, seed: int = 0, *, iterations: int = 300, seconds: float | None = None,
                 playout_limit: int = 400, exploration: float = 0.7,
                 evaluate: "Callable[[State], Sequence[float]] | None" = None) -> None:
        self.rng = Rng(seed, stream=11)
        self.iterations = iterations
        self.seconds = seconds
        self.playout_limit = playout_limit
        self.c = exploration
        self.evaluate = evaluate
        self.last_iterations = 0

    def choose(self, state: "State", seat: int) -> str:
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        playing = [a for a in actions if a.kind != "concede"] or actions
        if len(playing) == 1:
            return playing[0].id
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        while n < self.iterations if deadline is None else time.perf_counter() < deadline or n == 0:
            self._iterate(root, state.resample_hidden(seat, self.rng), seat, {a.id for a in playing})
            n += 1
        self.last_iterations = n
        best = max(playing, key=lambda a: (root.children[a.id].visits if a.id in root.children else -1,
                                           root.children[a.id].reward if a.id in root.children else 0.0))
        return best.id

    # ---- one iteration ---------------------------------------------------------
    def _iterate(self, root: _Node, det: "State", seat: int, root_ids: set) -> None:
        path: list[tuple[_Node, int]] = []          # (node reached, seat that chose the action into it)
        node = root
        first = True
        while not det.is_over:
            mover = det.to_act[0]
            legal = det.legal_actions(mover)
            by_id = {a.id: a for a in legal}
            ids = [a.id for a in legal if a.kind != "concede"] or list(by_id)
            if first:
                ids = [i for i in ids if i in root_ids] or ids
                first = False
            for i in ids:
                child = node.children.get(i)
                if child is None:
                    child = node.children[i] = _Node()
                child.avail += 1
            untried = [i for i in ids if node.children[i].visits == 0]
            if untried:
                pick = untried[self.rng.below(len(untried))]
                det.apply_legal(mover, by_id[pick])
                node = node.children[pick]
                path.append((node, mover))
                break
            log_n = math.log
            pick = max(ids, key=lambda i: node.children[i].reward / node.children[i].visits
                       + self.c * math.sqrt(log_n(node.children[i].avail) / node.children[i].visits))
            det.apply_legal(mover, by_id[pick])
            node = node.children[pick]
            path.append((node, mover))
        returns = self._playout(det)
        for n, mover in path:
            n.visits += 1
            n.reward += returns[mover] if mover < len(returns) else 0.0
        root.visits += 1

    def _playout(self, det: "State") -> "Sequence[float]":
        steps = 0
        while not det.is_over and steps < self.playout_limit:
            mover = det.to_act[0]
            acts = det.legal_actions(mover)
            playing = [a for a in acts if a.kind != "concede"] or acts
            det.apply_legal(mover, playing[self.rng.below(len(playing))])
            steps += 1
        out = det.outcome()
        if out is not None:
            r = out.returns
            return tuple(r) + (0.0,) * (det.players - len(r))
        if self.evaluate is not None:
            return tuple(self.evaluate(det))
        return (0.0,) * det.players

"""The three bot levels every game offers: ``easy``, ``normal`` and ``hard``.

A level is an ordinary bot class (``name``, ``label``, ``choose``) with two more class
attributes: ``level`` (1 easy, 2 normal, 3 hard; the setup screen offers ``random`` and the
bots that have a ``level``, in level order) and ``blurb`` (one plain sentence for players on
how it plays).  The older bots (``greedy``, ``goal``, ``crusader``...) stay registered
without ``level`` so that links, saves and the recorded comparisons keep working.

Building blocks a game's ``bots.py`` combines:

- :class:`SloppyBot`: a base bot that, with a seeded chance, plays a random legal move
  instead of its own (easy).
- :class:`RolloutBot`: policy improvement by rollouts over determinizations (hard).  At a
  decision worth thinking about it takes the base bot's move and a few alternatives, and for
  each of several copies of the game dealt with :meth:`State.resample_hidden` (so it never
  reads what its seat cannot see) plays the move, lets base bots play every seat for a short
  horizon, and scores the position with the game's evaluation (public facts of the copy
  only).  It deviates from the base bot only when an alternative scores clearly better on
  the same copies (common random numbers: each copy's dice are the same for every
  alternative).  Its budget is a number of simulated actions per decision, so it is
  deterministic for a seed.

Every level keeps its own :class:`~pyapp.engine.Rng`, never the game's.

Thinking in steps (so the browser can keep the page answering, ``App.step_bot(budget_ms)``): every
bot here has ``think(state, seat)``, a generator that yields between pieces of its thinking and
returns the action id; ``choose`` drives that same generator to its end (:func:`drive`), so the two
always agree and there is one copy of the logic.  A base bot without ``think`` is one piece
(:func:`think_of`).  A rollout yields every ``yield_every`` simulated actions (:meth:`RolloutBot.pause_due`;
:class:`SlicedRollouts` instead whenever ``slice_s`` seconds have passed), and between the base bots' own
pieces when ``rollout_think`` is set (a base bot whose single decision can be long).

:meth:`RolloutBot.think` is the one search loop of both; a game changes it only through its hooks (which
decisions, which candidates, how copies are dealt and cloned, who plays the rollouts, where they stop, how
a position scores, when to pause).  ``state.clone(past=False)`` makes cheap search copies (no history, no log).
"""
from __future__ import annotations

import time

from ..engine import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Generator

    from ..engine import Action, State

    Thinking = Generator[None, None, str]


def drive(steps: "Generator[None, None, Any]") -> "Any":
    """Run a ``think`` generator (or any generator) to its end: its return value."""
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        return stop.value


def think_of(bot: "Any", state: "State", seat: int) -> "Thinking":
    """``bot``'s decision in steps: its ``think`` if it has one, else its ``choose`` as one piece."""
    think = getattr(bot, "think", None)
    if think is None:
        return str(bot.choose(state, seat))
    return (yield from think(state, seat))


class OnePiece:
    """A bot that decides in about a millisecond: its ``think`` is its ``choose`` in one piece (it never yields)."""

    def choose(self, state: "State", seat: int) -> str:
        raise NotImplementedError

    def think(self, state: "State", seat: int) -> "Thinking":
        return str(self.choose(state, seat))
        yield  # pragma: no cover - makes this a generator


def _playing(state: "State", seat: int) -> "list[Action]":
    acts = state.legal_actions(seat)
    if not acts:
        raise ValueError(f"seat {seat} has no legal action")
    # never give up by chance: concession actions (kind "concede", or a prompt's "concede" / "concede:yes")
    return [a for a in acts if a.kind != "concede" and a.id not in ("concede", "concede:yes")] or acts


def _memo_legal(state: "State") -> None:
    """Make a search copy remember its legal actions until its next action: a rollout's bot asks for
    them and ``apply`` checks the chosen id against them again.  Only ever done to a bot's own copies."""
    orig = state._legal
    memo: dict = {}

    def legal(seat: int) -> "list[Action]":
        key = (seat, len(state.history))
        found = memo.get(key)
        if found is None:
            found = memo[key] = orig(seat)
        return found

    state._legal = legal  # type: ignore[method-assign]


class SloppyBot:
    """``base``'s moves, except that with chance ``slip`` it plays a random legal move instead
    (never conceding while anything else is legal).  Subclasses set ``base`` and ``slip``."""

    name = "easy"
    level = 1
    label = "Recruit"
    blurb = "Plays sensible moves but often misses the best one."
    base: "Any" = None
    slip = 0.3

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=23)
        self.me = self.base(seed)

    def slips(self, state: "State", seat: int, playing: "list[Action]") -> bool:
        """Whether to play at random now (a game may narrow this to its big decisions)."""
        return self.rng.random() < self.slip

    def slip_pool(self, state: "State", seat: int, playing: "list[Action]") -> "list[Action]":
        """The moves a slip picks from (default: every playing move); none: no slip after all."""
        return playing

    def choose(self, state: "State", seat: int) -> str:
        return str(drive(self._steps(state, seat)))

    def think(self, state: "State", seat: int) -> "Thinking":
        """:meth:`choose` in steps (the base bot's thinking, when it thinks in steps)."""
        if type(self).choose is not SloppyBot.choose:     # a subclass that decides in its own choose
            return self.choose(state, seat)
        return (yield from self._steps(state, seat))

    def _steps(self, state: "State", seat: int) -> "Thinking":
        playing = _playing(state, seat)
        if len(playing) > 1 and self.slips(state, seat, playing):
            pool = self.slip_pool(state, seat, playing)
            if pool:
                self.deviated()
                return pool[self.rng.below(len(pool))].id
        return (yield from think_of(self.me, state, seat))

    def deviated(self) -> None:
        """The base bot's plan (if it keeps one) no longer holds."""
        if hasattr(self.me, "plan"):
            self.me.plan = []


class RolloutBot:
    """Policy improvement by short rollouts over determinizations (see the module docstring).

    A game's subclass sets ``base`` (the bot class whose moves it improves) and implements
    :meth:`evaluate`; it may narrow :meth:`worth` (which decisions to think about) and
    :meth:`candidates`, and :meth:`horizon_over` (when a rollout stops).
    """

    name = "hard"
    level = 3
    label = "Warlord"
    blurb = "Looks ahead: tries its best moves on many possible futures and keeps the one that works best."
    base: "Any" = None
    rollout_base: "Any" = None   # the bot class playing every seat in rollouts (default: ``base``)
    budget = 1500            # simulated actions per decision at most
    determinizations = 6     # copies of the game per decision at most
    max_candidates = 5       # the base bot's move and up to this many minus one others
    horizon = 40             # actions per rollout at most
    margin = 0.0             # how much better (per copy, in evaluation units) an alternative must score
    yield_every = 4          # a rollout yields after this many simulated actions
    rollout_think = False    # rollouts drive the rollout bots' ``think`` (for base bots whose one decision is long)

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=29)
        self.me = self.base(seed)
        self.last_rollouts = 0

    # ---- hooks --------------------------------------------------------------------
    def evaluate(self, state: "State", seat: int) -> float:
        """How good the (copied) position is for ``seat``, from public facts; higher is better."""
        raise NotImplementedError

    def worth(self, state: "State", seat: int, playing: "list[Action]", default: str) -> bool:
        """Whether this decision is worth searching (default: whenever there is a choice)."""
        return True

    def candidates(self, state: "State", seat: int, playing: "list[Action]", default: str) -> list[str]:
        """The moves to compare, the base bot's first (default: a random sample of the others)."""
        others = [a.id for a in playing if a.id != default]
        picked: list[str] = []
        while others and len(picked) < self.max_candidates - 1:
            picked.append(others.pop(self.rng.below(len(others))))
        return [default] + picked

    def horizon_over(self, state: "State", seat: int, steps: int, left_turn: bool) -> bool:
        """Whether a rollout stops here: by default once ``seat`` is about to act again after the
        others have acted (``left_turn``), or after ``horizon`` actions."""
        return steps >= self.horizon or (left_turn and state.to_act[0] == seat)

    def budget_for(self, state: "State") -> int:
        """The budget for this decision (deterministic: e.g. smaller where simulating costs more)."""
        return self.budget

    def clone(self, state: "State") -> "State":
        return state.clone()

    def determinize(self, state: "State", seat: int) -> "State":
        """A copy of ``state`` with what ``seat`` cannot see dealt anew (one per round of rollouts)."""
        return state.resample_hidden(seat, self.rng)

    # ---- the search ---------------------------------------------------------------
    def value(self, state: "State", seat: int) -> float:
        out = state.outcome()
        if out is not None:
            r = out.returns
            return 1000.0 * (r[seat] if seat < len(r) else 0.0)
        return self.evaluate(state, seat)

    def rollout(self, state: "State", seat: int, seed: int) -> tuple[float, int]:
        """Play base bots on ``state`` (a copy) until the horizon; (value for ``seat``, actions)."""
        return drive(self.rollout_steps(state, seat, seed))

    def rollout_steps(self, state: "State", seat: int, seed: int) -> "Generator[None, None, tuple[float, int]]":
        """:meth:`rollout` in steps: it yields whenever :meth:`pause_due` says so (every ``yield_every``
        actions; by time in :class:`SlicedRollouts`), and inside the bots' thinking with ``rollout_think``."""
        bots = self.rollout_bots(state, seat, seed)
        _memo_legal(state)
        steps = 0
        left = False
        stepped = self.rollout_think
        while not state.is_over:
            mover = state.to_act[0]
            if mover != seat:
                left = True
            if self.horizon_over(state, seat, steps, left):
                break
            if stepped:
                action = yield from think_of(bots[mover], state, mover)
            else:
                action = bots[mover].choose(state, mover)
            state.apply(mover, action)
            steps += 1
            if self.pause_due(steps):
                yield
                self.resumed()
        value = self.value(state, seat)
        del state._legal          # the memo refers to the copy: without it the copy is freed at once, not by the GC
        return value, steps

    def rollout_bots(self, state: "State", seat: int, seed: int) -> list:
        """The bots playing every seat in a rollout from ``seed`` (default: ``rollout_base`` or ``base``)."""
        cls = self.rollout_base or self.base
        return [cls(seed * 7 + i) for i in range(state.players)]

    def pause_due(self, steps: int) -> bool:
        """Whether a rollout yields after its ``steps``-th simulated action (default: every ``yield_every``)."""
        return steps % self.yield_every == 0

    def resumed(self) -> None:
        """Called each time the thinking goes on after a yield (:class:`SlicedRollouts` restarts its clock)."""

    def start(self, state: "State", seat: int) -> None:
        """Called before the rollouts of a decision (e.g. to note where the horizon is)."""

    def choose(self, state: "State", seat: int) -> str:
        return str(drive(self.think(state, seat)))

    def think(self, state: "State", seat: int) -> "Thinking":
        """:meth:`choose` in steps, the same choice: it yields inside the base bot's thinking, inside each
        rollout (:meth:`pause_due`) and after it, so the browser can think in slices and keep the page
        answering (``App.step_bot(budget_ms)``); it returns the action id.  Where it yields never changes
        what it chooses.  The one search loop of every rollout bot; the hooks: :meth:`worth`,
        :meth:`candidates`, :meth:`start`, :meth:`budget_for`, :meth:`determinize`, :meth:`clone`,
        :meth:`rollout` (a subclass's own is one piece) or :meth:`rollout_steps`, :meth:`horizon_over`,
        :meth:`evaluate`, :meth:`pause_due` / :meth:`resumed`."""
        self.last_rollouts = 0
        playing = _playing(state, seat)
        if len(playing) == 1:
            return playing[0].id
        default = yield from think_of(self.me, state, seat)
        yield
        self.resumed()
        if not self.worth(state, seat, playing, default):
            return default
        cands = self.candidates(state, seat, playing, default)
        if len(cands) < 2:
            return default
        self.start(state, seat)
        totals = dict.fromkeys(cands, 0.0)
        spent = 0
        copies = 0
        budget = self.budget_for(state)
        own_rollout = type(self).rollout is not RolloutBot.rollout      # a subclass's rollout: one piece
        while copies < self.determinizations and (copies == 0 or spent * (copies + 1) / copies <= budget):
            det = self.determinize(state, seat)
            seed = self.rng.below(2 ** 30)
            yield
            self.resumed()
            for c in cands:
                s = self.clone(det)
                s.apply(seat, c)
                yield
                self.resumed()
                if own_rollout:
                    v, n = self.rollout(s, seat, seed)
                else:
                    v, n = yield from self.rollout_steps(s, seat, seed)
                totals[c] += v
                spent += n + 1
                self.last_rollouts += 1
                yield
                self.resumed()
            copies += 1
        self._default, self._totals = default, totals      # for inspection (tools, tests)
        best = default
        for c in cands[1:]:
            if totals[c] > totals[best] + self.margin * copies:
                best = c
        if best != default:
            self.deviated()
        return best

    def deviated(self) -> None:
        """The base bot's plan (if it keeps one) no longer holds."""
        if hasattr(self.me, "plan"):
            self.me.plan = []


class SlicedRollouts(RolloutBot):
    """:class:`RolloutBot` thinking in slices: it yields whenever ``slice_s`` seconds of work have passed
    (inside rollouts too), so no piece of its thinking is long; where it yields never changes what it
    chooses.  Its copies are dealt by :meth:`determinize` (the games whose own redeal depends on the hidden order
    deal from a canonical one there).  Ice Fortress and Cloudspire use it."""

    slice_s = 0.004
    _t0 = 0.0

    def resumed(self) -> None:
        self._t0 = time.perf_counter()

    def pause_due(self, steps: int) -> bool:
        return time.perf_counter() - self._t0 >= self.slice_s

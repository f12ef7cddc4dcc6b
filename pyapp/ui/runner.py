"""The bots at the table: bot seats choosing their moves, and "What would the bot do?" (:mod:`pyapp.ui.hints`).

Both think in slices when the browser gives a budget (a bot with a ``think(state, seat)`` generator yields between
steps), so the page keeps answering; a bot that fails falls back to a fresh bot, then to a random move, and never
takes the app down.  Services of the session (:class:`pyapp.ui.session.Session`), shared by the game table and the
browser glue's loop.
"""
from __future__ import annotations

import time

from .. import bots as botlib
from ..bots.levels import think_of
from . import hints as hintlib
from . import hintwhy
from .markup import button, esc
from .text import clip

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Callable

    from ..engine.core import State
    from .session import Session
    from .store import SaveStore

# the pause before each bot move (the "Bot speed" setting), so a person can follow the bots; ``fast=1``: none
BOT_DELAY_MS = {"slow": 1500, "normal": 800, "fast": 300, "instant": 0}


class BotRunner:
    """The bot seats of the game on the table."""

    def __init__(self, session: Session, store: SaveStore) -> None:
        self.s = session
        self.store = store
        self.error = False                   # a bot failed for good: the bots stop (a notice says why)
        self.bots: dict[int, Any] = {}       # seat -> its bot (any object with choose(state, seat))
        self.thinking: tuple[tuple, Any] | None = None   # (what it is about, the bot's think() generator)

    def reset(self) -> None:
        """Another game is on the table."""
        self.error = False
        self.bots = {}
        self.thinking = None

    def delay_ms(self) -> int:
        """The pause before the next bot move (the "Bot speed" setting; none with ``fast=1``)."""
        s = self.s
        return 0 if s.fast else BOT_DELAY_MS.get(str(s.settings.get("bot_speed")), BOT_DELAY_MS["normal"])

    def pending(self) -> bool:
        s = self.s
        if s.screen != "game" or s.state is None or s.meta is None or s.state.is_over or self.error:
            return False
        return any(s.meta["seats"][seat].startswith("bot:") for seat in s.state.to_act)

    def step(self, budget_ms: float | None = None) -> bool:
        """Let one bot seat that is to act choose and apply one action; True if one was applied.

        With ``budget_ms`` (the browser, so that the page keeps answering while a bot thinks), a bot that
        thinks in steps (a ``think(state, seat)`` generator: it yields between steps and returns its action
        id) thinks for about that long at most per call: False while it is still thinking; call again (its
        thinking is dropped if the game moves on meanwhile, e.g. an undo).  Other bots decide in one go.
        """
        if not self.pending():
            self.thinking = None
            return False
        game, state, meta = self.s.playing()
        seat = next(x for x in state.to_act if meta["seats"][x].startswith("bot:"))
        name = meta["seats"][seat][4:]
        base = (state.seed * 31 + seat) & 0xFFFFFFFF
        if budget_ms is not None:
            done, action = self._think(state, seat, lambda: self.bots.get(seat) or botlib.make(game.id, name, base),
                                       budget_ms)
            if not done:
                return False
            if action is not None:
                try:
                    state.apply(seat, action)
                except Exception:  # an action its rules refuse: decide again below, as a bot that failed
                    self.bots.pop(seat, None)
                else:
                    self.store.autosave()
                    return True
        attempts: list[Callable[[], Any]] = [
            lambda: self.bots.get(seat) or botlib.make(game.id, name, base),
            lambda: botlib.make(game.id, name, base + len(state.history)),
            lambda: botlib.RandomBot(base + len(state.history))]
        problem: Exception | None = None
        for i, get_bot in enumerate(attempts):
            try:
                bot = self.bots[seat] = get_bot()
                state.apply(seat, bot.choose(state, seat))
            except Exception as exc:  # a broken bot must not freeze or crash the app
                problem = problem or exc
                self.bots.pop(seat, None)
                continue
            if i == 2:
                self.s.notify(f"The {name} bot hit a problem ({problem}) and played a random move instead.", "info")
            if i:
                self.bots.pop(seat, None)
            self.store.autosave()
            return True
        self.error = True
        self.s.notify(f"The bot {name!r} failed and stopped playing: {problem}")
        return False

    def _think(self, state: State, seat: int, get_bot: Callable[[], Any], budget_ms: float) -> tuple[bool, str | None]:
        """One slice of a stepped bot's thinking: (done, its action id or None to decide in one go)."""
        about = (id(state), len(state.history), seat)
        if self.thinking is None or self.thinking[0] != about:
            try:
                bot = self.bots[seat] = get_bot()
            except Exception:  # (step's fallbacks deal with it)
                return True, None
            think = getattr(bot, "think", None)
            if think is None:
                return True, None
            self.thinking = (about, think(state, seat))
        steps = self.thinking[1]
        deadline = time.perf_counter() + budget_ms / 1000
        try:
            while True:
                next(steps)
                if time.perf_counter() >= deadline:
                    return False, None
        except StopIteration as stop:
            self.thinking = None
            return True, str(stop.value) if stop.value is not None else None
        except Exception:  # a bot that fails while thinking: step's fallbacks
            self.thinking = None
            self.bots.pop(seat, None)
            return True, None


class HintRunner:
    """"What would the bot do?": the hint bot's thinking about the position on the table, and the hint bar."""

    def __init__(self, session: Session, store: SaveStore, bots: BotRunner) -> None:
        self.s = session
        self.store = store
        self.bots = bots
        self.job: dict | None = None     # {about, steps}: the hint bot's think() generator, or None

    def reset(self) -> None:
        self.job = None

    def seat(self) -> int | None:
        """The seat a hint is offered to now: the human seat on screen when it is to act (hot seat: the seat to
        act, after the hand-off), never while a bot is to act, in a finished game or before a person opening a
        game by link has said who they are; else None."""
        s = self.s
        state, meta = s.state, s.meta
        if s.screen != "game" or state is None or meta is None or state.is_over:
            return None
        if s.handoff_seat() is not None or (s.link is not None and s.link["me"] is None):
            return None
        if self.bots.pending():
            return None
        vs = s.view_seat()
        if vs is None or vs not in state.to_act or meta["seats"][vs] != "human":
            return None
        return vs

    def current(self, seat: int | None) -> dict | None:
        """The hint on screen: the one ``seat`` asked for at this very position (it goes at the next action)."""
        if seat is None or self.s.state is None:
            return None
        n = len(self.s.state.history)
        return next((h for h in self.s.hints if h["step"] == n and h["seat"] == seat), None)

    def _about(self, seat: int) -> tuple:
        state = self.s.state
        return (id(state), len(state.history) if state is not None else -1, seat)

    def thinking(self) -> bool:
        """The hint bot is thinking (the browser glue calls :meth:`step` in slices until it is done).  A
        question about a position the game has left (a move, an undo, another screen) is dropped."""
        job = self.job
        if job is None:
            return False
        seat = self.seat()
        if seat is None or job["about"] != self._about(seat):
            self.job = None
            return False
        return True

    def ask(self) -> None:
        """The "What would the bot do?" button: ask the hint bot (its answer comes from :meth:`step`)."""
        seat = self.seat()
        if seat is None:
            return
        if self.current(seat) is not None:      # asked already here: the same answer, at once
            self.s.focus_next = hintlib.FOCUS
            return
        if not self.thinking():
            self.job = {"about": self._about(seat), "steps": None}

    def step(self, budget_ms: float | None = None) -> bool:
        """Let the hint bot think, as a bot seat does (:meth:`BotRunner.step`): with ``budget_ms``, a bot that
        thinks in steps (``think``) thinks about that long at most per call; others, or without a budget, decide
        in one go.  True once the hint is there (or the question was dropped), False while it still thinks."""
        if not self.thinking():
            return True
        job, state = self.job, self.s.state
        seat = self.seat()
        if job is None or state is None or seat is None:
            return True
        deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
        try:
            if job["steps"] is None:
                bot = hintlib.make_bot(state, seat)
                copy = state.clone()                    # asking never changes the game or its generator
                job["steps"] = think_of(bot, copy, seat)     # without a budget the loop below runs it through
            while True:
                try:
                    next(job["steps"])
                except StopIteration as stop:
                    if "action" in job:                 # the reason is found: the hint is complete
                        return self._found(seat, job["action"], str(stop.value))
                    job["action"] = str(stop.value)     # the move; now its reason (pyapp.ui.hintwhy)
                    names = self.s.meta["names"] if self.s.meta is not None else []
                    job["steps"] = hintwhy.reason(state, seat, job["action"],
                                                  lambda: hintlib.make_bot(state, seat),
                                                  hintlib.hint_seed(state.seed, len(state.history), seat) + 1,
                                                  names)
                    continue
                if deadline is not None and time.perf_counter() >= deadline:
                    return False
        except Exception as exc:  # a broken bot must not break the game: say so, the game goes on
            if "action" in job:                         # only the reason failed: the hint without it
                return self._found(seat, job["action"], "")
            self.job = None
            self.s.notify(f"The bot could not think of a hint here ({type(exc).__name__}).", "info")
            return True

    def _found(self, seat: int, action: object, why: str = "") -> bool:
        self.job = None
        state = self.s.state
        if state is None:
            return True
        try:
            hint = hintlib.describe({"step": len(state.history), "seat": seat, "action": str(action)}, state)
        except hintlib.HintsError:
            self.s.notify("The bot could not think of a hint here.", "info")
            return True
        if why:
            hint["why"] = why
        self.s.hints.append(hint)
        self.s.focus_next = hintlib.FOCUS
        self.store.autosave()
        return True

    def render(self, vs: int | None) -> str:
        """The hint button and, once asked, what the bot would do (its controls are marked on the board).  Off
        the person's turn the bar is there empty, keeping its height, so the board below never moves."""
        seat = self.seat()
        if seat is None or seat != vs:
            return '<div class="hint-bar off"></div>'
        cur = self.current(seat)
        if self.thinking():
            ask = (f'<button type="button" class="btn small hint-ask thinking" data-nav="hint" aria-busy="true" '
                   f'aria-disabled="true" title="the bot is thinking about your hint: it shows in a moment">'
                   f'The bot is thinking…</button>')
        else:
            ask = button(esc(hintlib.BUTTON_LABEL), nav="hint", cls="small hint-ask",
                         title="a hint: the move the normal bot would make for you now (the log notes it)")
        line = ""
        if cur is not None:
            why = f' <span class="hint-why">{esc(clip(cur["why"], 300))}</span>' if cur.get("why") else ""
            line = (f'<p class="hint-line seat-{seat}" role="status" tabindex="-1" data-hint-line>'
                    f'<span class="hint-tag" aria-hidden="true">Hint</span> The bot would: '
                    f'<strong>{esc(clip(cur["label"], 160))}</strong>.{why}</p>')
        return f'<div class="hint-bar">{ask}{line}</div>'

"""A reason for every "no" (issue 32): a tap on the board that hits no legal action says why, in one sentence,
near the prompt and in the live region.

The browser glue sends ``why:<key>`` for a tap on the board that hit no ``data-action``: ``<key>`` is the
``data-key`` of the tapped piece or place (renderers give every piece one), or empty for the board itself.
:func:`reason` answers, in this order:

- the game is over; the person is only watching;
- it is not this person's turn ("It is the bot's turn." / "It is Bo's turn.");
- the game's own reason, when it has one: ``pyapp.games.<id>.why.explain(state, seat, key) -> str`` (found by
  name, like the renderer; "" when it has nothing to say).  It reads only what ``seat`` may see: a reason never
  reveals a hidden fact (tests change the hidden facts and compare);
- else the generic one: nothing to do there now, and what this step asks (the guided game's words for the step
  when the game has them, else the person's moves now).

>>> reason_for_moves(["Draw 5 cards", "Play Volley (cost 1)", "Play March (cost 2)"], kinds=["draw", "card", "card"])
'Nothing to do there now. Your moves: Draw 5 cards or Play Volley (cost 1) (or 1 more like it).'
"""
from __future__ import annotations

import importlib

from .. import games
from .markup import esc
from .text import and_list

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from types import ModuleType
    from typing import Callable, Sequence

    from ..engine.core import State
    from .session import Session

MAX_KEY = 80                           # characters of a target key read from a tap
MAX_MOVES = 3                          # moves a generic reason lists


def why_module(game_id: str) -> ModuleType | None:
    """The game's ``why`` module (``explain(state, seat, key) -> str``), or None."""
    try:
        return importlib.import_module(f"{games.__name__}.{game_id}.why")
    except ModuleNotFoundError:
        return None


def reason_for_moves(labels: Sequence[str], asks: str = "", kinds: Sequence[str] = ()) -> str:
    """The generic reason: nothing to do there now, and what the step asks (``asks``) or the moves (one of each
    kind, ``kinds`` parallel to ``labels``; a concession is never suggested)."""
    if asks:
        return f"Nothing to do there now. {asks}"
    kinds = list(kinds) + [""] * (len(labels) - len(kinds))
    groups: dict[str, list[str]] = {}
    for label, kind in zip(labels, kinds):
        if kind != "concede":
            groups.setdefault(kind or str(label), []).append(str(label))
    if not groups:
        return "Nothing to do there now."
    shown = [g[0] + (f" (or {len(g) - 1} more like it)" if len(g) > 1 else "") for g in groups.values()]
    more = len(shown) - MAX_MOVES
    shown = shown[:MAX_MOVES] + ([f"{more} other kind{'s' if more > 1 else ''} of move"] if more > 0 else [])
    words = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    return f"Nothing to do there now. Your moves: {words}."


def step_asks(state: State, seat: int) -> str:
    """What this step asks of ``seat`` in the guided game's words (its ``phases`` by the view's ``phase``)."""
    from .coach import scenario
    try:
        sc = scenario(state.game.id)
    except Exception:                  # a damaged guided game: the moves say it instead
        return ""
    phase = state.view(seat).get("phase") if sc else None
    text = (sc or {}).get("phases", {}).get(phase, "") if isinstance(phase, str) else ""
    return str(text)


def reason(state: State, seat: int | None, key: str, *, names: Sequence[str], bots: Sequence[bool]) -> str:
    """Why a tap on ``key`` (a ``data-key``; "" for the board) did nothing for ``seat`` (None: watching)."""
    key = str(key)[:MAX_KEY]
    if state.is_over:
        return "The game is over."
    if seat is None:
        return "You are watching this game: nothing on the board is yours to move."
    legal = [a for a in state.legal_actions(seat)] if seat in state.to_act else []
    if seat not in state.to_act:
        if state.to_act and all(bots[s] for s in state.to_act):
            return "It is the bot's turn: wait for its move."
        return f"It is {and_list([names[s] for s in state.to_act])}'s turn: wait for their move."
    mod = why_module(state.game.id)
    explain: Callable[[State, int, str], str] | None = getattr(mod, "explain", None)
    if explain is not None:
        own = explain(state, seat, key)
        if own:
            return own
    return reason_for_moves([a.label or a.id for a in legal], step_asks(state, seat), [a.kind for a in legal])


class Why:
    """The app's part that answers ``why:<key>`` and shows the answer until the position changes."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self.text = ""
        self.at: tuple | None = None   # (game id, actions applied) the reason was given at
        self.friend_why: Callable[[str], None] | None = None   # a friend's page asks its host (screens/live.py)

    def navs(self) -> dict[str, Callable[[str], None]]:
        return {"why": self._nav_why}

    def _where(self) -> tuple | None:
        s = self.s
        if s.screen != "game" or s.state is None or s.meta is None:
            return None
        return (s.meta["id"], len(s.state.history), tuple(s.state.to_act))

    def _nav_why(self, arg: str) -> None:
        if self.s.screen == "friend" and self.friend_why is not None:
            self.friend_why(arg)           # a friend's page: its host knows the game and answers
            return
        where = self._where()
        if where is None or self.s.state is None or self.s.meta is None:
            return
        meta = self.s.meta
        self.text = reason(self.s.state, self.s.view_seat(), arg, names=meta["names"],
                           bots=[k != "human" for k in meta["seats"]])
        self.at = where

    def current(self) -> str:
        """The reason on show: given at this very position, else nothing."""
        return self.text if self.at is not None and self.at == self._where() else ""

    def render(self) -> str:
        """The reason near the prompt (the live region says it too: :meth:`live`)."""
        text = self.current()
        return f'<p class="why-not" data-why>{esc(text)}</p>' if text else ""

    def live(self) -> str:
        text = self.current()
        return f" {esc(text)}" if text else ""

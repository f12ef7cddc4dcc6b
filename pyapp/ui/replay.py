"""Replays: a game watched step by step, rebuilt from (game, players, options, seed, action ids).

    rp = Replay(game, players, seed, options, actions, names=["Ann", "Bo"], seats_allowed=[None, 0, 1])
    rp.go(10); rp.forward(); rp.back(); rp.next_turn(); rp.end()
    rp.set_seat(0)                  # whose view: a seat, or None (what the whole table sees)
    rp.view()                       # == game.replay(players, seed, options, actions[:rp.step]).view(rp.seat)

Every state comes from the engine: the actions are applied one by one through ``State.apply`` (an illegal
or unknown id raises :class:`~pyapp.engine.IllegalAction`), and a copy of the state is kept every
:attr:`Replay.every` steps (as its JSON), so going back or jumping anywhere replays at most that many
actions.  The board is the game's own renderer, not interactive; the log up to the step is beside it.

Hidden information: the views a replay may show are ``seats_allowed``.  The app allows every seat's view
of a finished game (the game is over: everything may be revealed), but of a game in progress only the
public view (``None``) and the seat of the person watching: a replay never shows what that seat could not see.
"""
from __future__ import annotations

from ..engine import log as loglib
from .markup import LOG_FILTER_SLOT, bdi, button, esc

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable, Sequence

    from ..engine.core import Game, State

MAX_CHECKPOINTS = 100      # states kept (as JSON) along a replay: at most this many, every ``every`` steps
MIN_EVERY = 10
# keys that move through a replay (the browser glue sends them when no field has the focus)
KEYS = {"ArrowLeft": "rp:back", "ArrowRight": "rp:forward", "Home": "rp:start", "End": "rp:end",
        "PageUp": "rp:prevturn", "PageDown": "rp:nextturn"}


class Replay:
    """A game's moves, watched one step at a time (see the module docstring)."""

    def __init__(self, game: Game, players: int, seed: int, options: dict | None, actions: Sequence,
                 *, names: Sequence[str], seats_allowed: Sequence[int | None] = (None,),
                 seat: int | None = None, step: int = 0, every: int | None = None) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.options = dict(options or {})
        self.actions: list[tuple[int, str]] = [(int(s), str(a)) for s, a in actions]
        self.n = len(self.actions)
        self.names = list(names)
        self.every = every or max(MIN_EVERY, -(-self.n // MAX_CHECKPOINTS))
        self.allowed: list[int | None] = [s for s in seats_allowed if s is None or 0 <= s < players]
        if not self.allowed:
            self.allowed = [None]
        self.seat = seat if seat in self.allowed else self.allowed[0]
        self._marks: dict[int, str] = {}
        self._log_len: list[int] = []
        state = game.new(players, seed, self.options)
        for i, (s, a) in enumerate(self.actions):       # checks every id once; keeps the checkpoints
            if i % self.every == 0:
                self._marks[i] = state.to_json()
            self._log_len.append(len(state.log))
            state.apply(s, a)
        self._log_len.append(len(state.log))
        self._marks[self.n] = state.to_json()
        self.final = state
        self.finished = state.is_over
        self._cur: tuple[int, State] | None = None
        self.step = min(max(int(step), 0), self.n)
        self.hints: list[dict] = []     # the hints asked in the game (pyapp.ui.hints), shown at their steps

    # ---------------------------------------------------------------- moving
    def go(self, i: int) -> None:
        self.step = min(max(int(i), 0), self.n)

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.go(self.step - 1)

    def start(self) -> None:
        self.go(0)

    def end(self) -> None:
        self.go(self.n)

    @property
    def turn_starts(self) -> list[int]:
        """The steps at which a seat begins acting after another (a new turn, or a prompt to another seat)."""
        a = self.actions
        return [i for i in range(self.n) if i == 0 or a[i][0] != a[i - 1][0]]

    def next_turn(self) -> None:
        self.go(next((i for i in self.turn_starts if i > self.step), self.n))

    def prev_turn(self) -> None:
        self.go(max((i for i in self.turn_starts if i < self.step), default=0))

    def set_seat(self, seat: int | None) -> bool:
        """Watch from ``seat``'s view (None: the public view); False (and no change) if it is not allowed."""
        if seat not in self.allowed:
            return False
        self.seat = seat
        return True

    def command(self, cmd: str) -> bool:
        """A control of the screen (``rp:<cmd>``): ``start``, ``back``, ``forward``, ``end``, ``prevturn``,
        ``nextturn``, ``go:<step>``, ``seat:<seat>|all``; False if it is not one."""
        name, _, arg = cmd.partition(":")
        simple = {"start": self.start, "back": self.back, "forward": self.forward, "end": self.end,
                  "prevturn": self.prev_turn, "nextturn": self.next_turn}
        if name in simple and not arg:
            simple[name]()
        elif name == "go" and arg.strip().isdigit():
            self.go(int(arg.strip()))
        elif name == "seat":
            return self.set_seat(None if arg == "all" else int(arg) if arg.isdigit() else -1)
        else:
            return False
        return True

    # ---------------------------------------------------------------- what is shown
    def state(self) -> State:
        """The state after the first :attr:`step` actions (do not change it)."""
        i = self.step
        cur = self._cur
        if cur is None or not cur[0] <= i < cur[0] + self.every:
            k = i if i in self._marks else i // self.every * self.every
            cur = (k, self.game.from_json(self._marks[k]))
        k, state = cur
        for s, a in self.actions[k:i]:
            state.apply(s, a)
        self._cur = (i, state)
        return state

    def view(self) -> dict:
        """What :attr:`seat` sees at this step: ``state().view(seat)``."""
        return self.state().view(self.seat)

    def move_log(self) -> list:
        """The log entries the last action (the one that led to this step) added."""
        if self.step == 0:
            return []
        log = self.state().log
        return log[self._log_len[self.step - 1]:self._log_len[self.step]]

    def seat_label(self, seat: int | None) -> str:
        if seat is None:
            return "Everyone (the public view)"
        name = self.names[seat] if seat < len(self.names) else loglib.seat_name(seat)
        return f"{name}'s view"


def _log_with_hints(rp: Replay, log: list) -> list:
    """The log up to this step with the hints asked so far at their places (:mod:`pyapp.ui.hints`)."""
    if not rp.hints:
        return list(log)
    from .hints import with_hints
    return with_hints(log, rp.hints, rp.seat, rp.game.private_views, upto=rp.step)


def _hints_here(rp: Replay) -> str:
    """A line for each hint asked at this step: who asked and (to that seat's view, or in a game with no
    private views) what the bot suggested."""
    from .hints import shows_label
    lines = []
    for h in rp.hints:
        if h["step"] != rp.step:
            continue
        s = h["seat"]
        who = rp.names[s] if s < len(rp.names) else loglib.seat_name(s)
        what = (f': the bot would <strong>{esc(h["label"])}</strong>'
                if shows_label(h, rp.seat, rp.game.private_views) else "")
        lines.append(f'<p class="hint-line replay-hint seat-{s}"><span class="hint-tag" aria-hidden="true">Hint</span> '
                     f'<span class="seat seat-{s}">{bdi(who)}</span> asked for a hint here{what}.</p>')
    return "".join(lines)


def render(rp: Replay, board_fn: Callable[..., str], *, title: str, extra_html: str = "", zoom: str = "auto",
           zoom_html: str = "") -> str:
    """The replay screen's markup: controls, the step's move, the game's board (not interactive) with its log.

    ``board_fn``: the game's renderer (``render(view, actions, seat=, names=, interactive=)``); ``zoom``: the
    board's size (the setting ``board_zoom``, web/ui.css) and ``zoom_html`` its buttons (the app's, as on a game
    screen: shown on narrow or touch screens), at the end of the controls."""
    names = rp.names
    state = rp.state()
    view = rp.view()
    if isinstance(view, dict) and isinstance(view.get("log"), list):
        view = dict(view, log=_log_with_hints(rp, state.log))   # the whole public log up to this step
    board = board_fn(view, [], seat=rp.seat, names=names, interactive=False).replace(LOG_FILTER_SLOT, "", 1)
    at_start, at_end = rp.step == 0, rp.step >= rp.n

    def ctl(cmd: str, label: str, name: str, off: bool) -> str:
        # a greyed-out button says why in its tooltip (issue 32: a reason for every "no")
        why = (" (already at the start)" if at_start else " (already at the end)") if off else ""
        return (f'<button type="button" class="btn small" data-nav="rp:{cmd}" aria-label="{esc(name)}"'
                f' title="{esc(name + why)}"{" disabled" if off else ""}>{label}</button>')
    controls = (ctl("start", "Start", "Go to the start", at_start)
                + ctl("prevturn", "« Turn", "Back to the previous turn", at_start)
                + ctl("back", "‹ Back", "One step back", at_start)
                + ctl("forward", "Forward ›", "One step forward", at_end)
                + ctl("nextturn", "Turn »", "On to the next turn", at_end)
                + ctl("end", "End", "Go to the end", at_end))
    slider = (f'<label class="field replay-slider">Step <input type="range" min="0" max="{rp.n}" '
              f'value="{rp.step}" data-input="replay-step" aria-valuetext="step {rp.step} of {rp.n}"></label>')
    seats = "".join(f'<option value="{"all" if s is None else s}"{" selected" if s == rp.seat else ""}>'
                    f'{esc(rp.seat_label(s))}</option>' for s in rp.allowed)
    seat_field = (f'<label class="field replay-seat">Seen by <select data-input="replay-seat">{seats}</select></label>'
                  if len(rp.allowed) > 1 else f'<span class="replay-seat">Seen by: {esc(rp.seat_label(rp.seat))}</span>')
    hidden_note = ("" if rp.finished else
                   '<p class="hint">This game is still being played, so its replay shows only what you may see.</p>')
    if at_start:
        move = "The game as it was set up."
    else:
        seat = rp.actions[rp.step - 1][0]
        who = names[seat] if seat < len(names) else loglib.seat_name(seat)
        said = " ".join(loglib.html(e, names) for e in rp.move_log())
        move = (f'<span class="seat seat-{seat}">{bdi(who)}</span> moved'
                + (f': {said}' if said else " (nothing the table can see)."))
    status = ""
    if at_end and rp.finished:
        out = state.outcome()
        status = f' <strong>{esc("Game over")}</strong>' if out is not None else ""
    return (f'<section class="replay" tabindex="-1" aria-labelledby="replay-title">'
            f'<h2 id="replay-title">Replay: {esc(title)}</h2>{extra_html}'
            f'<div class="replay-controls" role="group" aria-label="Replay controls">'
            f'<div class="button-row">{controls}</div>{slider}'
            f'<span class="replay-pos" aria-live="polite">Step {rp.step} of {rp.n}</span>{seat_field}'
            f'{button("Close the replay", nav="rp:close", cls="small")}{zoom_html}</div>{hidden_note}'
            f'<p class="replay-move" data-step="{rp.step}">{move}{status}</p>{_hints_here(rp)}'
            f'<div class="game-board replay-board" data-zoom="{esc(zoom)}">{board}</div></section>')

""""What would the bot do?": a hint for the human seat to act, and the record that one was asked.

The hint is the move the game's ``normal`` bot (``level == 2`` in :mod:`pyapp.bots`, looked up when asked;
a game without levels: its strongest bot) would make for that seat now.  The bot is made afresh for each
hint with its own seed, :func:`hint_seed` (the game's seed, the step and the seat: the same position always
gets the same hint), and is given a copy of the state (so asking can never change the game or its
generator); like every bot it reads only what its seat may see.  The app runs its thinking in slices, as
it does for bot seats (``think`` if the bot has it, else ``choose``).

A hint asked is recorded, so a replay shows that hints were used: ``{"step": n, "seat": s, "action": id}``
(``step``: the number of actions applied when it was asked), in a list of its own beside the moves of a save
and of a game link (``"hints": [...]``; a save without it has none).  The log panel shows each one at its
place ("Ann asked for a hint: Draw a card"; the suggestion itself only to that seat, or to everyone in a
game without private views: it may name something hidden, like a card in hand).

A hints list read from a save or a link is hostile input: :func:`check` bounds it (at most
:data:`MAX_HINTS` records, whole numbers in range, ids of at most :data:`MAX_HINT_ID` characters, one record
per step and seat) and :func:`resolve` checks each suggestion was a legal move of that seat at that step.
Anything wrong drops the whole list (:class:`HintsError`, a message for the player); the game itself loads.

>>> check([{"step": 0, "seat": 1, "action": "draw"}], actions=3, players=2)
[{'step': 0, 'seat': 1, 'action': 'draw'}]
>>> check([{"step": 4, "seat": 0, "action": "draw"}], actions=3, players=2)
Traceback (most recent call last):
...
pyapp.ui.hints.HintsError: This game's record of hints is damaged (hint 1 is not a valid hint), so it was left out; the game itself is fine.
"""
from __future__ import annotations

from ..engine import log as loglib
from .markup import esc

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Callable, Sequence

    from ..engine.core import Game, State

MAX_HINTS = 2000          # hint records a save or a link may hold
MAX_HINT_ID = 200         # characters of a hinted action id
HINT_KEYS = ("step", "seat", "action")
BUTTON_LABEL = "What would the bot do?"
# what the browser glue focuses once the hint is there: the first marked control, else the line saying it
# (selectors in order of preference, separated by "||")
FOCUS = "[data-hint]||[data-hint-line]"


class HintsError(ValueError):
    """A hints list that cannot be used; ``str(err)`` is a message for the player."""


def _damaged(why: str) -> HintsError:
    return HintsError(f"This game's record of hints is damaged ({why}), so it was left out; the game itself is fine.")


def hint_seed(seed: int, step: int, seat: int) -> int:
    """The seed of the bot that gives the hint for ``seat`` after ``step`` actions of a game seeded ``seed``.

    >>> hint_seed(42, 7, 1) == hint_seed(42, 7, 1) != hint_seed(42, 8, 1)
    True
    """
    return (int(seed) * 1_000_003 + int(step) * 7919 + int(seat) * 131 + 17) & 0xFFFFFFFF


def bot_name(game_id: str) -> str:
    """The bot that gives hints in ``game_id``: its ``normal`` level (``level == 2``), else its strongest bot."""
    from .seats import new_seat_bot
    return new_seat_bot(game_id)


def make_bot(state: State, seat: int) -> Any:
    """A new hint bot for ``seat`` at this position (its own seed, :func:`hint_seed`)."""
    from .. import bots as botlib
    return botlib.make(state.game.id, bot_name(state.game.id), hint_seed(state.seed, len(state.history), seat))


def suggest(state: State, seat: int) -> str:
    """The hint for ``seat`` now, in one go (tests, tools): the action id the hint bot would play.  The
    browser thinks in slices instead (:meth:`pyapp.ui.app.App.step_hint`); the answer is the same."""
    return str(make_bot(state, seat).choose(state.clone(), seat))


def check(obj: object, *, actions: int, players: int) -> list[dict]:
    """The hint records of a save or a link, checked for shape and bounds (no replay): a new list of
    ``{"step", "seat", "action"}`` sorted by step, or :class:`HintsError`.  None (no list) is no hints."""
    if obj is None:
        return []
    if not isinstance(obj, list):
        raise _damaged("it is not a list")
    if len(obj) > MAX_HINTS:
        raise _damaged(f"more than {MAX_HINTS:,} hints")
    out: list[dict] = []
    seen: set[tuple[int, int]] = set()
    for i, rec in enumerate(obj):
        ok = isinstance(rec, dict)
        if ok:
            step, seat, action = (rec.get(k) for k in HINT_KEYS)
            ok = (type(step) is int and 0 <= step <= actions and type(seat) is int and 0 <= seat < players
                  and isinstance(action, str) and 0 < len(action) <= MAX_HINT_ID and (step, seat) not in seen)
        if not ok:
            raise _damaged(f"hint {i + 1} is not a valid hint")
        seen.add((step, seat))
        out.append({"step": step, "seat": seat, "action": action})
    out.sort(key=lambda r: (r["step"], r["seat"]))
    return out


def describe(rec: dict, state: State) -> dict:
    """``rec`` (checked by :func:`check`) at its position ``state`` (the game after ``rec["step"]`` actions),
    with its action's ``label`` and where it goes in the log (``log``: the log's length then), or
    :class:`HintsError` if that seat could not have made that move there."""
    seat, aid = rec["seat"], rec["action"]
    label = None
    if seat in state.to_act and not state.is_over:
        label = next((a.label or a.id for a in state.legal_actions(seat) if a.id == aid), None)
    if label is None:
        raise _damaged(f"the hint at move {rec['step'] + 1} is not a move that player could make there")
    return {"step": rec["step"], "seat": seat, "action": aid, "label": str(label), "log": len(state.log)}


def resolve(records: Sequence[dict], game: Game, players: int, seed: int, options: dict,
            actions: Sequence) -> list[dict]:
    """Every checked record described (:func:`describe`) by replaying the moves up to the last hint."""
    if not records:
        return []
    state = game.new(players, seed, options)
    done = 0
    out = []
    for rec in records:
        while done < rec["step"]:
            s, a = actions[done]
            state.apply(int(s), str(a))
            done += 1
        out.append(describe(rec, state))
    return out


def resolve_with(records: Sequence[dict], state_at: Callable[[int], State]) -> list[dict]:
    """Like :func:`resolve` with ``state_at(step)`` giving the game after ``step`` actions (a replay's)."""
    return [describe(rec, state_at(rec["step"])) for rec in records]


def stored(hints: Sequence[dict]) -> list[dict]:
    """What a save or a link keeps of each hint."""
    return [{k: h[k] for k in HINT_KEYS} for h in hints]


def shows_label(hint: dict, viewer: int | None, private_views: bool) -> bool:
    """Whether ``viewer`` may read what the bot suggested (it may name a hidden card): that seat, or anyone
    in a game where nothing is hidden between seats."""
    return not private_views or viewer == hint["seat"]


def log_event(hint: dict, visible: bool) -> object:
    """The hint's line in the log panel (a structured log event, made once per hint and visibility, so the
    log panel draws it only once)."""
    key = "ev_label" if visible else "ev_plain"
    ev = hint.get(key)
    if ev is None:
        label = str(hint.get("label", "")).replace("{", "(").replace("}", ")")
        text = f"{{0}} asked for a hint: {label}" if visible else "{0} asked for a hint"
        ev = hint[key] = loglib.event(text, hint["seat"], kind="hint")
    return ev


def with_hints(log: Sequence, hints: Sequence[dict], viewer: int | None, private_views: bool,
               upto: int | None = None) -> list:
    """The log with each hint's line at its place (hints asked at step ``upto`` at most, if given)."""
    out = list(log)
    for h in sorted((h for h in hints if upto is None or h["step"] <= upto), key=lambda h: h["log"], reverse=True):
        at = min(max(int(h["log"]), 0), len(out))
        out.insert(at, log_event(h, shows_label(h, viewer, private_views)))
    return out


def mark(board: str, action_id: str, seat: int) -> str:
    """The board's markup with every control of ``action_id`` (``data-action="<id>"``, on the board or in the
    action bar) marked as the hint: ``data-hint="<seat>"`` (web/ui.css draws a dashed outline in the seat's
    colour and a "Hint" tag; the browser glue tags board shapes) .

    >>> mark('<button data-action="draw">Draw</button><g data-action="draw:x"></g>', "draw", 1)
    '<button data-action="draw" data-hint="1">Draw</button><g data-action="draw:x"></g>'
    """
    needle = f'data-action="{esc(action_id)}"'
    return board.replace(needle, f'{needle} data-hint="{int(seat)}"')

"""Live play's messages between the host's tab and a friend's (docs/live-play.md): what a friend's tab is sent for its
seat, and the checks every message from a friend goes through before the host acts on it.

The host's tab holds the game; a friend's tab holds no rules state.  For each friend seat the host keeps a
:class:`HostLink`.  After every update of its table it asks the link for the seat's message
(:meth:`HostLink.outgoing`): the seat's view, its legal actions, the public log entries it has not had, whose turn
it is, the outcome; the seed only once the game is over.  A message is sent only when something in it changed, so
its number ``n`` counts changes the friend can see and tells nothing about moves it cannot.

A friend's message is outside text: :meth:`HostLink.incoming` bounds its size and nesting before parsing, accepts
only the known types and fields, binds it to the link's own seat, refuses an action chosen on an older table
(``n``) or not legal now, and limits the rate; it answers a refusal in plain words and drops a peer that floods or
keeps sending what is refused.

>>> from pyapp import games
>>> state = games.get("hexbattle").new(2, 7)
>>> link = HostLink(1, clock=lambda: 0.0)
>>> msg = decode(link.outgoing(state, ["Ann", "Bo"], ["human", "remote"]))
>>> msg["type"], msg["seat"], msg["n"], "seed" in msg, msg["seats"]
('table', 1, 1, False, ['human', 'friend'])
>>> link.outgoing(state, ["Ann", "Bo"], ["human", "remote"]) is None     # nothing changed: nothing sent
True
>>> state.to_act, link.incoming('{"v": 1, "type": "act", "id": "draw", "n": 1}', state)
((1,), ('act', 'draw'))
>>> link.incoming('{"v": 1, "type": "act", "id": "draw", "n": 0}', state)
('refused', 'The table changed before your move arrived: look again and choose.')
"""
from __future__ import annotations

import json
import time

from ..engine import saves

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable, Sequence

    from ..engine.core import Action, State

VERSION = 1
MAX_FROM_FRIEND = 4096          # characters: a friend only ever sends short requests
MAX_FROM_HOST = 256 * 1024      # characters: a table message (a view, the actions, new log entries)
MAX_DEPTH = 6                   # nesting of a friend's message (its fields are flat)
RATE = 20                       # messages a friend may send in any second ...
MAX_REFUSED = 50                # ... and refusals in a row, before the host drops the peer
MAX_ID = 200                    # characters of an action id, a tapped piece's key, a name
# a friend's message types, and the fields each may carry (besides "v" and "type"), with their types
FROM_FRIEND: dict[str, dict[str, type]] = {
    "hello": {"game": str, "name": str},
    "act": {"id": str, "n": int},
    "undo": {"n": int},
    "hint": {"n": int},
    "why": {"key": str, "n": int},
    "bye": {},
}
# what a kind of seat is called in a friend's table (a friend sees the host's tab as a person, itself as "you")
SHOWN_KIND = {"remote": "friend"}


class Refused(ValueError):
    """A friend's message the host does not act on; ``str()`` says why, in plain words."""


def encode(msg: dict) -> str:
    """A message as the compact JSON text sent on the data channel."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def decode(text: object, limit: int = MAX_FROM_HOST, depth: int = 32) -> dict:
    """A message's JSON object, after the size and nesting checks (raises :class:`Refused`)."""
    if not isinstance(text, str):
        raise Refused("The message was not text.")
    if len(text) > limit:
        raise Refused(f"The message was too long ({len(text):,} characters, at most {limit:,}).")
    if saves.json_depth(text) > depth:
        raise Refused("The message nested too deeply.")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("The message was not readable.") from None
    if not isinstance(msg, dict):
        raise Refused("The message was not an object.")
    return msg


def read_friend(text: object) -> dict:
    """A friend's message, checked: the version, a known type, only that type's fields, each of its type and
    bounded (raises :class:`Refused`)."""
    msg = decode(text, MAX_FROM_FRIEND, MAX_DEPTH)
    if msg.get("v") != VERSION:
        raise Refused("The other device runs another version of Boardshelf: reload both pages.")
    kind = msg.get("type")
    fields = FROM_FRIEND.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise Refused("The message was of an unknown kind.")
    extra = set(msg) - set(fields) - {"v", "type"}
    if extra:
        raise Refused("The message carried fields it should not.")
    for name, typ in fields.items():
        value = msg.get(name)
        if type(value) is not typ:
            raise Refused(f"The message's {name} was missing or not a {'number' if typ is int else 'text'}.")
        if isinstance(value, str) and len(value) > MAX_ID:
            raise Refused(f"The message's {name} was too long.")
    return msg


def _undoable(state: State, seat: int) -> bool:
    """``State.can_undo(seat)`` without its side effect (asking marks the state so the next action keeps a snapshot:
    the host asks for every friend after every update, which would make every action keep one)."""
    return bool(state.history) and state.history[-1][0] == seat and bool(state.undoable[-1]) and not state.is_over


def _actions(actions: Sequence[Action]) -> list:
    return [[a.id, a.label, a.kind, a.confirm] for a in actions]


def table_message(state: State, seat: int, names: Sequence[str], kinds: Sequence[str]) -> dict:
    """What the friend at ``seat`` is sent of the game now (without ``n`` and the log, which the link adds):
    only what that seat may see.  ``kinds``: each seat's kind as the host's save has it (``human``, ``remote``,
    ``bot:<name>``)."""
    over = state.is_over
    acting = not over and seat in state.to_act
    acts = state.legal_actions(seat) if acting else []
    have = {a.id for a in acts}
    free = [a for a in state.free_actions(seat) if a.id not in have]
    view = state.view(seat)
    view_log = isinstance(view, dict) and isinstance(view.get("log"), list)
    if view_log:                            # the public log travels on its own, in pieces; the friend puts it back
        view = {k: v for k, v in view.items() if k != "log"}
    out = state.outcome()
    msg = {"v": VERSION, "type": "table", "game": state.game.id, "players": state.players, "options": state.options,
           "rules": state.game.rules_version, "seat": seat, "names": [str(n) for n in names],
           "seats": [SHOWN_KIND.get(k, k) for k in kinds], "view": view, "view_log": view_log,
           "actions": _actions(acts),
           "free": _actions(free), "to_act": list(state.to_act), "over": over,
           "outcome": out.to_dict() if out is not None else None,
           "undo": _undoable(state, seat)}
    if over:
        msg["seed"] = state.seed            # the replay link of a finished game; never while it is played
    return msg


class HostLink:
    """The host's end of one friend's data channel: the friend's seat, what it was last sent, its rate."""

    def __init__(self, seat: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.seat = seat
        self.n = 0                          # table messages sent (a change the friend can see each)
        self.last: dict | None = None       # the last table message sent, without n and the log
        self.log_sent = 0                   # public log entries sent so far
        self.refused = 0                    # refusals in a row
        self.dropped: str | None = None     # why the host dropped this peer (None: still on)
        self._clock = clock
        self._times: list[float] = []       # when the friend's messages of the last second came

    def outgoing(self, state: State, names: Sequence[str], kinds: Sequence[str],
                 log: Sequence | None = None) -> str | None:
        """The seat's table message as text, or None when nothing the friend sees has changed since the last.
        ``log``: the public log as this seat's log panel shows it (the host's with the hints' lines: each goes in at
        the log's end when asked, so the log still only grows), else ``state.log``."""
        msg = table_message(state, self.seat, names, kinds)
        log = list(state.log if log is None else log)
        if len(log) < self.log_sent:        # an undo took entries back: the whole log again
            self.log_sent = 0
        new = log[self.log_sent:]
        if msg == self.last and not new:
            return None
        self.last = dict(msg)
        self.n += 1
        msg.update(n=self.n, log_from=self.log_sent, log=new)
        self.log_sent = len(log)
        return encode(msg)

    def resend(self) -> None:
        """Forget what was sent (a friend rejoined on a fresh channel): the next message is whole."""
        self.last, self.log_sent = None, 0

    def incoming(self, text: object, state: State) -> tuple:
        """Check one message from the friend against the game now: ``("act", id)``, ``("undo",)``, ``("hint",)``,
        ``("why", key)``, ``("hello", name)`` or ``("bye",)`` for the host to do as for a local click by that seat;
        ``("refused", reason)`` to answer, changing nothing; ``("dropped", reason)`` once the peer is dropped."""
        if self.dropped is not None:
            return ("dropped", self.dropped)
        now = self._clock()
        self._times = [t for t in self._times if now - t < 1.0] + [now]
        if len(self._times) > RATE:
            self.dropped = f"The other device sent more than {RATE} messages in a second."
            return ("dropped", self.dropped)
        try:
            out = self._check(read_friend(text), state)
        except Refused as exc:
            self.refused += 1
            if self.refused >= MAX_REFUSED:
                self.dropped = f"The other device sent {MAX_REFUSED} messages in a row that could not be used."
                return ("dropped", self.dropped)
            return ("refused", str(exc))
        self.refused = 0
        return out

    def _check(self, msg: dict, state: State) -> tuple:
        kind = msg["type"]
        if kind == "bye":
            return ("bye",)
        if kind == "hello":
            if msg["game"] != state.game.id:
                raise Refused("This invitation is for another game.")
            return ("hello", msg["name"].strip()[:40])
        if msg["n"] != self.n:
            raise Refused("The table changed before your move arrived: look again and choose.")
        if kind == "act":
            aid = msg["id"]
            if state.is_over:
                raise Refused("The game is over.")
            if any(a.id == aid for a in state.free_actions(self.seat)):
                return ("act", aid)
            if self.seat not in state.to_act:
                raise Refused("It is not your turn.")
            if not any(a.id == aid for a in state.legal_actions(self.seat)):
                raise Refused("That move is not possible now.")
            return ("act", aid)
        if kind == "undo":
            if not _undoable(state, self.seat):
                raise Refused("Your last move cannot be taken back.")
            return ("undo",)
        if kind == "hint":
            if state.is_over or self.seat not in state.to_act:
                raise Refused("A hint is for your turn.")
            return ("hint",)
        return ("why", msg["key"])

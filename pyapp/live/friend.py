"""A friend's tab's side of live play (docs/live-play.md): its seat's table, kept from the host's messages.

The friend's tab holds no rules state: :class:`FriendTable` keeps the last table message and the public log put
together from its pieces, and gives the game's renderer what the host's own table gives it for that seat (the
view with the log, the legal actions as :class:`~pyapp.engine.core.Action`), so the friend sees the same table.  A
message from the host is still outside text here (a page can be opened by anyone): its size and nesting are
bounded, and a table message out of step (an older one, a log piece that does not follow) is refused, after which
the friend's tab asks for the whole table again (``hello``).

>>> from pyapp import games
>>> from pyapp.live.protocol import HostLink
>>> state = games.get("hexbattle").new(2, 7)
>>> table = FriendTable()
>>> table.receive(HostLink(1).outgoing(state, ["Ann", "Bo"], ["human", "remote"]))
'table'
>>> table.seat, table.to_act, table.is_over, table.seed, table.legal_actions()[0].id
(1, (1,), False, None, 'draw')
>>> table.act("draw")
'{"v":1,"type":"act","id":"draw","n":1}'
"""
from __future__ import annotations

from ..engine.core import Action, Outcome
from .protocol import MAX_FROM_HOST, VERSION, Refused, decode, encode

FROM_HOST = ("table", "hint", "why", "refused", "bye")


class FriendTable:
    """The friend's seat's table as the host last sent it."""

    def __init__(self) -> None:
        self.msg: dict | None = None
        self.log: list = []
        self.n = 0
        self.last_other: dict | None = None     # the last message that was not a table (a hint, a refusal...)

    def receive(self, text: object) -> str:
        """Take one message from the host; returns its type (``table``, ``hint``, ``why``, ``refused``, ``bye``)
        for the tab to act on.  Raises :class:`~pyapp.live.protocol.Refused` for a message it cannot use."""
        msg = decode(text, MAX_FROM_HOST, 64)
        kind = msg.get("type")
        if msg.get("v") != VERSION or kind not in FROM_HOST:
            raise Refused("The host's page sent a message this page does not know: reload both pages.")
        if kind != "table":
            self.last_other = msg
            return str(kind)
        n, start, log = msg.get("n"), msg.get("log_from"), msg.get("log")
        if type(n) is not int or n <= self.n or type(start) is not int or not isinstance(log, list) \
                or not 0 <= start <= len(self.log) or not isinstance(msg.get("view"), dict):
            raise Refused("The table arrived out of step: asking the host for all of it again.")
        self.log = self.log[:start] + log
        self.n = n
        self.msg = msg
        return "table"

    def _m(self) -> dict:
        if self.msg is None:
            raise LookupError("no table from the host yet")
        return self.msg

    @property
    def game_id(self) -> str:
        return str(self._m()["game"])

    @property
    def seat(self) -> int:
        return int(self._m()["seat"])

    @property
    def players(self) -> int:
        return int(self._m()["players"])

    @property
    def names(self) -> list[str]:
        return [str(x) for x in self._m()["names"]]

    @property
    def to_act(self) -> tuple:
        return tuple(self._m()["to_act"])

    @property
    def is_over(self) -> bool:
        return bool(self._m()["over"])

    @property
    def seed(self) -> int | None:
        seed = self._m().get("seed")
        return seed if type(seed) is int else None

    def view(self) -> dict:
        """The seat's view as the game's renderer takes it (with the public log, where the game's view has one)."""
        m = self._m()
        view = dict(m["view"])
        if m.get("view_log"):
            view["log"] = list(self.log)
        return view

    def legal_actions(self) -> list[Action]:
        return [Action(*a) for a in self._m()["actions"]]

    def free_actions(self) -> list[Action]:
        return [Action(*a) for a in self._m()["free"]]

    def outcome(self) -> Outcome | None:
        out = self._m().get("outcome")
        return Outcome.from_dict(out) if isinstance(out, dict) else None

    def can_undo(self) -> bool:
        return bool(self._m().get("undo"))

    def act(self, action_id: str) -> str:
        """The message that asks the host to play ``action_id`` for this seat (one this table offers)."""
        if all(a.id != action_id for a in self.legal_actions() + self.free_actions()):
            raise Refused("That move is not on your table.")
        return encode({"v": VERSION, "type": "act", "id": action_id, "n": self.n})

    def ask(self, kind: str, **fields: object) -> str:
        """The message for ``undo``, ``hint``, ``why`` (with ``key``) or ``bye``, chosen on this table."""
        msg: dict = {"v": VERSION, "type": kind, **fields}
        if kind != "bye":
            msg["n"] = self.n
        return encode(msg)

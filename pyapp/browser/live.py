"""The browser glue of live play (docs/live-play.md): :class:`pyapp.ui.screens.live.LivePlay`'s pairing and messages
carried by web/live.js (``globalThis.boardshelfLive``: WebRTC data channels, no server).

After every update of the page (:meth:`LiveGlue.after_update`) the glue makes the invitations the host's panel
needs, answers an invitation the friend's page was opened with, closes dropped peers and sends what the app has
to send: on the host's side each friend's table message (exactly ``table_message`` through
:class:`pyapp.live.protocol.HostLink`), on the friend's side its requests.  What comes in is handed to the app,
which checks it; then the page is updated as after a click.
"""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

    from ..ui.screens.live import LivePlay

RETRY_MS = 200          # web/live.js is a module loaded beside the app: ask again until it is there


def _error_text(err: Any) -> str:
    return str(getattr(err, "message", None) or err or "unknown error")


class LiveGlue:
    def __init__(self, app_of: Callable[[], Any], update: Callable[[], None],
                 after_parts: Callable[[list[str], Callable[[], None]], bool] | None = None) -> None:
        self.app_of = app_of
        self.update = update
        self.after_parts = after_parts     # fetch a game's part first (PartsGlue.after_parts): the friend's page
        self.host: dict[int, Any] = {}     # seat -> the JavaScript invitation {link, code, accept}
        self.friend: Any = None            # the friend's JavaScript join {link, code}
        self.keep: list[Any] = []          # the event proxies of open links
        self.waiting = False

    @property
    def live(self) -> LivePlay:
        return self.app_of().live

    def after_update(self) -> None:
        live = self.live
        if not self.host and self.friend is None and live.friend is None and not live.remote_seats():
            return                         # no live play on this page: nothing to do after a click
        import js                      # (imported here: the glue's tests swap in a fake js per test)
        from pyodide.ffi import create_once_callable, to_js
        api = getattr(getattr(js, "globalThis", None), "boardshelfLive", None)
        if api is None:
            if not self.waiting and (live.remote_seats() or live.friend is not None):
                self.waiting = True
                js.window.setTimeout(create_once_callable(self._retry), RETRY_MS)
            return
        for seat in live.to_close():
            inv = self.host.pop(seat, None)
            if inv is not None:
                inv.link.close()
        for seat in live.invites_wanted():
            api.invite(self._servers(live)).then(create_once_callable(lambda inv, seat=seat: self._invited(seat, inv)),
                                       create_once_callable(lambda err, seat=seat: self._invite_failed(seat, err)))
        code = live.join_wanted()
        if code is not None:
            if self.friend is not None:    # a new invitation opened on a friend's page: the old link ends unheard
                old, self.friend = self.friend, None
                old.link.close()
            api.join(code, self._servers(live)).then(create_once_callable(self._joined), create_once_callable(self._join_failed))
        for seat, text in live.outbox():
            inv = self.host.get(seat)
            if inv is not None:
                inv.link.send(text)
        if self.friend is not None:
            for text in live.friend_outbox():
                self.friend.link.send(text)

    @staticmethod
    def _servers(live: LivePlay) -> Any:
        """The ``iceServers`` for web/live.js: [] unless the players set some (plain JavaScript objects)."""
        import js
        from pyodide.ffi import to_js
        return to_js(live.ice_servers(), dict_converter=js.Object.fromEntries)

    @staticmethod
    def _once(fn: Callable[..., None]) -> Any:
        from pyodide.ffi import create_once_callable
        return create_once_callable(fn)

    @staticmethod
    def _proxy(fn: Callable[..., None]) -> Any:
        from pyodide.ffi import create_proxy
        return create_proxy(fn)

    def _retry(self, *_args: object) -> None:
        self.waiting = False
        self.update()

    # ---- the host
    def _invited(self, seat: int, inv: Any) -> None:
        old = self.host.get(seat)
        if old is not None:
            old.link.close()
        self.host[seat] = inv
        on_message = self._proxy(lambda text: self._from_peer(seat, inv, text))
        on_state = self._proxy(lambda state: self._peer_state(seat, inv, state))
        self.keep += [on_message, on_state]
        inv.link.onmessage, inv.link.onstate = on_message, on_state
        self.live.invite_made(seat, str(inv.code))
        self.update()

    def _invite_failed(self, seat: int, err: Any) -> None:
        self.live.peer_state(seat, "failed")
        self.app_of().notify(f"The invitation could not be made: {_error_text(err)[:200]}")
        self.update()

    def _from_peer(self, seat: int, inv: Any, text: object) -> None:
        if self.host.get(seat) is inv:
            self.live.from_peer(seat, str(text))
            self.update()

    def _peer_state(self, seat: int, inv: Any, state: object) -> None:
        if self.host.get(seat) is inv:
            self.live.peer_state(seat, str(state))
            self.update()

    def on_key(self, event: Any, target: Any) -> bool:
        """Enter in a friend's reply field: the reply taken (True: the event is handled)."""
        if str(event.key) != "Enter" or str(getattr(target, "name", "")) != "reply":
            return False
        raw = str(getattr(target.dataset, "liveReply", "") or "")
        inv = self.host.get(int(raw)) if raw.isdigit() else None
        event.preventDefault()
        if inv is None:
            return True
        seat = int(raw)

        def taken(*_a: object) -> None:
            self.live.reply_sent(seat)
            self.update()

        def refused(err: Any) -> None:
            self.live.peer_error(seat, _error_text(err))
            self.update()

        inv.accept(str(target.value or "")).then(self._once(taken), self._once(refused))
        return True

    # ---- the friend
    def _joined(self, j: Any) -> None:
        self.friend = j
        on_message = self._proxy(lambda text: self._from_host(j, text))
        on_state = self._proxy(lambda state: self._friend_state(j, state))
        self.keep += [on_message, on_state]
        j.link.onmessage, j.link.onstate = on_message, on_state
        self.live.joined(str(j.code))
        self.update()

    def _join_failed(self, err: Any) -> None:
        self.live.friend_state("error", _error_text(err))
        self.update()

    def _from_host(self, j: Any, text: object) -> None:
        if self.friend is not j:
            return
        self.live.friend_receive(str(text))
        gid = self.live.friend_game_id()
        if gid is not None and self.after_parts is not None and self.after_parts([gid], self.update):
            return                         # the game's files first (a friend's page opened none), then drawn
        self.update()

    def _friend_state(self, j: Any, state: object) -> None:
        if self.friend is not j:
            return
        self.live.friend_state(str(state))
        self.update()

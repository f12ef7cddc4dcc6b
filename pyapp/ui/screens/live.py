"""Live play in the app (issue 36, docs/live-play.md): the host's invitation panel for each friend's seat, and the
friend's own table.  Pure Python: the browser glue (:mod:`pyapp.browser.live`) does the pairing with web/live.js
and calls the methods below ("for the glue").

The host: every seat of kind ``remote`` gets a peer: an invitation (a link whose fragment carries the code, so no
web host ever sees it: the ``href`` of the element with ``data-invite``), a field named ``reply`` for the friend's
reply code (the glue takes it on Enter), the connection's state in words, and a button to drop the peer.  Each
open peer is sent its seat's table message (:class:`pyapp.live.protocol.HostLink`) whenever it changes; a friend's
message is checked by the link and an action applied exactly as a local click of that seat.

The friend: a page opened at ``#/join/<code>`` shows its reply code (the text of the element with ``data-reply``),
then the seat's table drawn by the game's own renderer from :class:`pyapp.live.friend.FriendTable` only.
"""
from __future__ import annotations

import time

from ... import games
from ...engine.core import IllegalAction
from ...bots.levels import think_of
from ...live import ice
from ...live.friend import FriendTable
from ...live.protocol import MAX_ID, HostLink, Refused, encode, VERSION
from ..boards import board_function
from .. import hints as hintlib
from .. import hintwhy
from .. import why as whylib
from ..markup import LOG_FILTER_SLOT, bdi, button, esc, log_details, table_choices
from .. import seats as seatlib
from ..text import outcome_text, seat_html
from .table import log_filter_html, recap_box

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from ...engine.core import Game
    from ..session import Session
    from ..store import SaveStore

JOIN = "#/join/"
# where the STUN/TURN setting is drawn: the host's panel and the friend's page ("live"), the game screen's Settings
ICE_PLACES = ("live", "settings")
# a peer's state, in words, for the host's panel
STATE_WORDS = {
    "new": "Making the invitation…",
    "waiting": "Waiting for {name}: send them the invitation, then type the reply code they send back below and "
               "press Enter.",
    "connecting": "Connecting to {name}'s device…",
    "open": "Connected: {name} plays on their own device.",
    "closed": "The connection to {name}'s device was lost. The game waits where it is (or let a bot play the seat "
              "meanwhile): make a new invitation and send it again; {name} finds the game where it was.",
    "failed": "The devices could not reach each other. Try both on the same Wi-Fi network (not a guest network, "
              "no VPN), then a new invitation; or play by link instead (Share).",
    "dropped": "You dropped {name}'s device{why}. Make a new invitation to let them back in.",
}
FRIEND_WORDS = {
    "joining": "Making your reply…",
    "waiting": "Send this reply code back to the person who invited you (the same way the invitation came). "
               "The game starts here once they enter it.",
    "open": "Connected.",
    "closed": "The connection to the host was lost (their page was closed, or a device left the network). Ask them "
              "for a new invitation and open it here or in any tab: the game waits where it was.",
    "failed": "The devices could not reach each other. Try both on the same Wi-Fi network (not a guest network, "
              "no VPN), then ask for a new invitation.",
    "error": "This invitation could not be used: {why}",
}


class LivePlay:
    """Live play's part of the app (see the module docstring)."""

    def __init__(self, session: Session, store: SaveStore) -> None:
        self.s = session
        self.store = store
        self.peers: dict[int, dict] = {}     # seat -> {state, code, link: HostLink, why, queue: [text]}
        self.friend: dict | None = None      # the friend's side: {code, reply, state, why, table, queue}
        self.closing: list[int] = []         # peers the glue must close
        self.clock = time.monotonic          # (tests play faster than a friend's rate limit allows)
        self._ice: dict | None = None        # the STUN/TURN setting (pyapp.live.ice), read when first needed
        self.ice_open: set[str] = set()      # the places where its folded section is open (ICE_PLACES)
        self.ice_refused: dict | None = None  # the last list refused: {where, text, why} (shown there)
        self.hint_jobs: dict[int, dict] = {}  # seat -> {about, steps, hint}: a friend's hint being thought

    def navs(self) -> dict[str, Callable[[str], None]]:
        return {"live-drop": self._nav_drop, "live-again": self._nav_again, "live-bot": self._nav_bot,
                "live-ice": self._nav_ice, "live-hint": self._nav_friend_hint}

    def game_changed(self) -> None:
        self.closing += [seat for seat, p in self.peers.items() if p["state"] in ("waiting", "connecting", "open")]
        self.peers = {}
        self.hint_jobs = {}

    # ================================================================ STUN and TURN servers (a setting)
    @property
    def ice(self) -> dict:
        if self._ice is None:
            self._ice = ice.load(self.s.storage.get(ice.KEY))
        return self._ice

    def _nav_ice(self, arg: str) -> None:
        """``live-ice`` (the live panel, the friend's page) or ``live-ice:settings``: open or fold its section."""
        where = arg or "live"
        if where in ICE_PLACES:
            self.ice_open ^= {where}

    def ice_servers(self) -> list[dict]:
        """(for the glue) The ``iceServers`` of the next connection: none unless the players turned some on."""
        return list(self.ice["servers"]) if self.ice["use"] else []

    def input(self, name: str, value: str) -> bool:
        """The setting's fields: ``live-ice-use`` (``on``/``off``) and ``live-ice-servers`` (the lines), each
        followed by ``:settings`` in the game screen's Settings (one setting, whichever place sets it).  A list
        refused keeps the servers as they were and says why where it was typed.  A change makes the invitations
        (or the friend's reply) not yet answered anew, with the servers now set."""
        base, _, where = name.partition(":")
        where = where or "live"
        if base not in ("live-ice-use", "live-ice-servers") or where not in ICE_PLACES:
            return False
        new = dict(self.ice)
        if base == "live-ice-use":
            new["use"] = value == "on"
        else:
            try:
                new.update(text=str(value)[:ice.MAX_TEXT + 1], servers=ice.parse_servers(value))
            except Refused as exc:
                why = f"The servers were not changed: {exc}"
                self.ice_refused = {"where": where, "text": str(value)[:ice.MAX_TEXT].strip(), "why": why}
                self.s.notify(why)
                return True
            self.ice_refused = None
            new["text"] = "\n".join(line.strip() for line in str(value).splitlines() if line.strip())
        if new == self.ice:
            return True
        self._ice = new
        self.s.write(ice.KEY, ice.dump(new), "the connection servers")
        for seat, p in list(self.peers.items()):                # invitations not yet answered: made again
            if p["state"] in ("new", "waiting"):
                self._nav_again(str(seat))
        f = self.friend
        if f is not None and f["state"] in ("joining", "waiting"):
            f.update(asked=False, reply=None, state="joining")   # a new reply, with the servers now set
        return True

    def ice_html(self, where: str = "live") -> str:
        """The setting, folded, off by default: ``where`` is ``live`` (the host's panel, the friend's page) or
        ``settings`` (the game screen's Settings), one markup for both, its ids and field names per place.  A list
        just refused there stays in its field, marked invalid and described by the reason."""
        cur, sfx, pid = self.ice, "" if where == "live" else f":{where}", f"bs-ice-{where}"
        opts = "".join(f'<option value="{v}"{" selected" if cur["use"] == (v == "on") else ""}>{t}</option>'
                       for v, t in (("off", "Off: no server (the default)"), ("on", "On: use the servers below")))
        state = (f"On: {len(cur['servers'])} server(s)." if cur["use"] and cur["servers"] else "Off.")
        bad = self.ice_refused if self.ice_refused is not None and self.ice_refused["where"] == where else None
        text, described, why, invalid = cur["text"], f"{pid}-about", "", ""
        if bad is not None:
            text, described, invalid = bad["text"], f"{pid}-why {pid}-about", ' aria-invalid="true"'
            why = f'<p class="notice error live-ice-why" id="{pid}-why">{esc(bad["why"])}</p>'
        return (f'<details class="live-ice"{" open" if where in self.ice_open else ""}>'
                f'<summary data-nav="live-ice{sfx}">Connection servers (STUN, TURN)</summary>'
                f'<p class="quiet live-ice-about" id="{pid}-about">{esc(state)} For live play with friends on other '
                "devices: one setting, in Settings and, until connected, on the invitation panel and on a friend's "
                "page. Without servers, the devices connect on the same network, or "
                "wherever they can reach each other directly. A STUN server you name here learns both devices' "
                "public internet addresses; a TURN server also relays the game's traffic (encrypted: it cannot read "
                "it, but sees when and how much you play). Name only servers you trust; both players may set the "
                "same ones. A change makes a new invitation or reply.</p>"
                f'<label class="field" for="{pid}-use">Use them <select id="{pid}-use" data-input="live-ice-use{sfx}">'
                f'{opts}</select></label>'
                f'<label class="field" for="{pid}-servers"><span>Servers, one a line: <code>stun:host:port</code> or '
                '<code>turn:host:port username password</code></span>'
                f'<textarea id="{pid}-servers" data-input="live-ice-servers{sfx}" rows="3" maxlength="{ice.MAX_TEXT}" '
                f'spellcheck="false" autocomplete="off" aria-describedby="{described}"{invalid}>{esc(text)}</textarea>'
                f'</label>{why}</details>')

    # ================================================================ the host
    def remote_seats(self) -> list[int]:
        meta = self.s.meta
        if self.s.state is None or meta is None or self.s.link is not None:
            return []
        away = meta.get("standin", ())
        return [i for i, k in enumerate(meta["seats"]) if k == "remote" or i in away]

    def standin(self, seat: int) -> bool:
        """A bot plays ``seat`` while its friend is away (:meth:`_nav_bot`)."""
        return self.s.meta is not None and seat in self.s.meta.get("standin", ())

    def _peer(self, seat: int) -> dict:
        p = self.peers.get(seat)
        if p is None:
            p = self.peers[seat] = {"state": "new", "code": None, "link": HostLink(seat, clock=lambda: self.clock()), "why": "", "queue": [],
                                    "asked": False}
        return p

    def invites_wanted(self) -> list[int]:
        """(for the glue) The remote seats that need an invitation made now (each is asked for once)."""
        out = []
        for seat in self.remote_seats():
            p = self._peer(seat)
            if p["state"] == "new" and not p["asked"]:
                p["asked"] = True
                out.append(seat)
        return out

    def invite_made(self, seat: int, code: str) -> None:
        """(for the glue) The invitation code for ``seat``'s friend is ready."""
        p = self._peer(seat)
        p.update(state="waiting", code=str(code), why="")

    def reply_sent(self, seat: int) -> None:
        """(for the glue) The friend's reply code was taken: the channel is opening (unless it opened already:
        on one network the channel can open before the reply's promise is seen here)."""
        if seat in self.peers and self.peers[seat]["state"] == "waiting":
            self.peers[seat]["state"] = "connecting"

    def peer_state(self, seat: int, state: str) -> None:
        """(for the glue) The channel to ``seat``'s friend is ``open``, ``closed`` or ``failed``."""
        p = self.peers.get(seat)
        if p is None or p["state"] == "dropped":
            return
        if state == "open":
            p["link"].resend()                      # a fresh channel: the whole table again
            self._back(seat)
        p["state"] = state if state in STATE_WORDS else "closed"

    def peer_error(self, seat: int, why: str) -> None:
        """(for the glue) The reply code could not be used: say why, keep waiting for another."""
        self.s.notify(f"That reply code could not be used: {str(why)[:200]}")

    def invite_link(self, seat: int) -> str | None:
        p = self.peers.get(seat)
        return f"{self.s.page_url}{JOIN}{p['code']}" if p is not None and p["code"] else None

    def outbox(self) -> list[tuple[int, str]]:
        """(for the glue) The messages to send now: each open peer's table when it changed, and the answers."""
        s = self.s
        out: list[tuple[int, str]] = []
        for seat, p in self.peers.items():
            if p["state"] != "open":
                continue
            queue, p["queue"] = p["queue"], []
            if s.state is not None and s.meta is not None:
                log = (hintlib.with_hints(s.state.log, s.hints, seat, s.state.game.private_views)  # the hints' lines
                       if s.hints else None)                                                    # as on a table
                text = p["link"].outgoing(s.state, s.meta["names"], s.meta["seats"], log)
                if text is not None:
                    out.append((seat, text))
            # then the answers; a hint or a reason is stamped with the table it goes with, the one just sent
            # (a hint's own log line makes a new table)
            out += [(seat, t() if callable(t) else t) for t in queue]
        return out

    def to_close(self) -> list[int]:
        """(for the glue) The peers to close (dropped, or their game left the table)."""
        out, self.closing = self.closing, []
        return out

    def from_peer(self, seat: int, text: object) -> None:
        """(for the glue) A message from ``seat``'s friend: checked, then done exactly as a local click of that
        seat, or answered with the reason it was refused."""
        p, s = self.peers.get(seat), self.s
        state, meta = s.state, s.meta
        if p is None or p["state"] != "open" or state is None or meta is None or meta["seats"][seat] != "remote":
            return
        got = p["link"].incoming(text, state)
        kind = got[0]
        if kind == "dropped":
            self._drop(seat, got[1])
        elif kind == "refused":
            p["queue"].append(encode({"v": VERSION, "type": "refused", "reason": got[1]}))
        elif kind == "hello":
            p["link"].resend()
        elif kind == "bye":
            p["state"] = "closed"
        elif kind == "act":
            try:
                state.apply(seat, got[1])
            except IllegalAction as exc:
                p["queue"].append(encode({"v": VERSION, "type": "refused", "reason": f"That move is not allowed now ({exc})."}))
                return
            self.store.autosave()
        elif kind == "undo":
            s.state = state.undo(seat)
            self.store.autosave()
        elif kind == "hint":
            if self._hint_for(seat):
                p["queue"].append(lambda seat=seat: self._hint_message(seat))
        else:                                       # "why": a tap on the friend's board that did nothing
            key = str(got[1])[:MAX_ID]
            text = whylib.reason(state, seat, key, names=meta["names"],
                                 bots=[k not in ("human", "remote") for k in meta["seats"]])
            link = p["link"]
            p["queue"].append(lambda: encode({"v": VERSION, "type": "why", "n": link.n, "key": key, "text": text}))

    def _hint_message(self, seat: int) -> str:
        """The hint for ``seat`` at this position (asked of :meth:`_hint_for`, which knows it is there), stamped with
        the table last sent (the one it goes with)."""
        state = self.s.state
        assert state is not None
        cur = next(h for h in reversed(self.s.hints) if h["seat"] == seat)
        return encode({"v": VERSION, "type": "hint", "n": self.peers[seat]["link"].n, "action": cur["action"],
                       "label": cur["label"], "why": cur.get("why", "")})

    def _hint_for(self, seat: int) -> bool:
        """A friend's hint: computed here for ``seat`` as for a person at this table (the same hint bot, its own
        seed, thinking on a copy: :mod:`pyapp.ui.hints`), in slices (:meth:`step_hint`, from the glue's timer, as
        a local hint: the host's page keeps answering clicks and the friends meanwhile), kept with the game's hints
        (the log notes it; its label shows only to that seat where views are private), and sent to that seat's
        friend only.  Asked again at the same position: the same answer at once, not thought again; asked again
        while it is thought: nothing more.  Whether the answer is there to send now (else it comes later)."""
        state = self.s.state
        assert state is not None
        n = len(state.history)
        if any(h["step"] == n and h["seat"] == seat for h in self.s.hints):
            return True
        if not self.hint_thinking() or seat not in self.hint_jobs:
            self.hint_jobs[seat] = {"about": self._hint_about(seat), "steps": None}
        return False

    def _hint_about(self, seat: int) -> tuple:
        state = self.s.state
        return (id(state), len(state.history) if state is not None else -1, seat)

    def hint_thinking(self) -> bool:
        """(for the glue, through :meth:`pyapp.ui.app.App.hint_thinking`) A friend's hint is being thought.  A
        question about a position the game has left, or from a friend no longer connected, is dropped."""
        s = self.s
        state, meta = s.state, s.meta
        for seat, job in list(self.hint_jobs.items()):
            p = self.peers.get(seat)
            if (p is None or p["state"] != "open" or state is None or meta is None or state.is_over
                    or meta["seats"][seat] != "remote" or seat not in state.to_act
                    or job["about"] != self._hint_about(seat)):
                del self.hint_jobs[seat]
        return bool(self.hint_jobs)

    def step_hint(self, budget_ms: float | None = None) -> bool:
        """The hint bot thinks for a friend (as :meth:`pyapp.ui.runner.HintRunner.step` for a person here): with
        ``budget_ms`` about that long at most, else in one go.  True once no friend's hint is being thought."""
        if not self.hint_thinking():
            return True
        s = self.s
        seat, job = next(iter(self.hint_jobs.items()))
        state = s.state
        assert state is not None and s.meta is not None
        n = len(state.history)
        deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
        try:
            if job["steps"] is None:
                job["steps"] = think_of(hintlib.make_bot(state, seat), state.clone(), seat)
            while True:
                try:
                    next(job["steps"])
                except StopIteration as stop:
                    if "hint" in job:                   # the reason is found: the hint is complete
                        if stop.value:
                            job["hint"]["why"] = str(stop.value)
                        self._hint_found(seat)
                        break
                    job["hint"] = hintlib.describe({"step": n, "seat": seat, "action": str(stop.value)}, state)
                    job["steps"] = hintwhy.reason(state, seat, job["hint"]["action"],
                                                  lambda: hintlib.make_bot(state, seat),
                                                  hintlib.hint_seed(state.seed, n, seat) + 1, s.meta["names"])
                    continue
                if deadline is not None and time.perf_counter() >= deadline:
                    return False
        except Exception as exc:  # a broken bot must not break the game: say so, the game goes on
            if "hint" in job:                           # only the reason failed: the hint without it
                self._hint_found(seat)
            else:
                del self.hint_jobs[seat]
                self.peers[seat]["queue"].append(encode({
                    "v": VERSION, "type": "refused",
                    "reason": f"The bot could not think of a hint here ({type(exc).__name__})."}))
        return not self.hint_thinking()

    def _hint_found(self, seat: int) -> None:
        cur = self.hint_jobs.pop(seat)["hint"]
        self.s.hints.append(cur)
        self.store.autosave()
        self.peers[seat]["queue"].append(lambda: self._hint_message(seat))

    def _drop(self, seat: int, why: str = "") -> None:
        p = self.peers.get(seat)
        if p is None:
            return
        if p["state"] in ("waiting", "connecting", "open"):
            self.closing.append(seat)
        p.update(state="dropped", why=why, code=None)

    def _nav_drop(self, arg: str) -> None:
        if arg.isdigit() and int(arg) in self.peers:
            self._drop(int(arg))

    def _nav_bot(self, arg: str) -> None:
        """A bot plays the seat of a friend whose connection is lost until the friend is back (the save keeps the
        seat ``remote``: :meth:`pyapp.ui.store.SaveStore.autosave`)."""
        meta, state = self.s.meta, self.s.state
        if not arg.isdigit() or meta is None or state is None or int(arg) not in self.remote_seats():
            return
        seat = int(arg)
        if self.standin(seat) or self.peers.get(seat, {}).get("state") == "open":
            return
        meta["seats"][seat] = "bot:" + seatlib.new_seat_bot(state.game.id)
        meta["standin"] = sorted({*meta.get("standin", ()), seat})

    def _back(self, seat: int) -> None:
        """The friend is back on a fresh channel: the seat is theirs again."""
        meta = self.s.meta
        if meta is not None and seat in meta.get("standin", ()):
            meta["seats"][seat] = "remote"
            meta["standin"] = [x for x in meta["standin"] if x != seat]
            self.s.notify(f"{meta['names'][seat]} is back: the bot no longer plays their seat.", "info")

    def _nav_again(self, arg: str) -> None:
        """A new invitation for a seat whose connection was lost, failed or dropped."""
        if arg.isdigit() and int(arg) in self.remote_seats():
            seat = int(arg)
            old = self.peers.pop(seat, None)
            if old is not None and old["state"] in ("waiting", "connecting", "open"):
                self.closing.append(seat)

    def panel(self) -> str:
        """The host's invitation panel on the game screen (nothing without a remote seat)."""
        seats = self.remote_seats()
        if not seats or self.s.meta is None:
            return ""
        names = self.s.meta["names"]
        rows = "".join(self._peer_row(seat, names[seat]) for seat in seats)
        return (f'<section class="live-panel" aria-label="Friends on other devices">'
                f"<h3>Friends on other devices</h3>{rows}{self.ice_html()}</section>")

    def _peer_row(self, seat: int, name: str) -> str:
        p = self._peer(seat)
        st = p["state"]
        words = STATE_WORDS[st].format(name=name, why=f" ({p['why']})" if p["why"] else "")
        if self.standin(seat):
            words += f" Meanwhile a bot plays {name}'s seat."
        body = ""
        link = self.invite_link(seat)
        if st == "waiting" and link:
            body = (f'<p><a class="btn small" data-invite="{seat}" href="{esc(link)}" target="_blank" rel="noopener">'
                    f"Invitation for {esc(name)}</a> (send this link by any messenger, or let {esc(name)} scan "
                    f"the code with a phone's camera)</p>"
                    f'<bs-qr class="live-qr" text="{esc(link)}" label="QR code of the invitation for {esc(name)}">'
                    f"</bs-qr>"
                    f'<label class="field">Invitation link <input type="text" readonly value="{esc(link)}" '
                    f'class="live-code"></label>'
                    f'<label class="field">Reply code from {esc(name)} <input type="text" name="reply" '
                    f'data-live-reply="{seat}" autocomplete="off" spellcheck="false" '
                    f'placeholder="paste it here, then press Enter"></label>')
        tools = ""
        if st in ("waiting", "connecting", "open"):
            tools = button(f"Drop {name}'s device", nav=f"live-drop:{seat}", cls="small")
        elif st in ("closed", "failed", "dropped"):
            tools = button("New invitation", nav=f"live-again:{seat}", cls="small")
            if not self.standin(seat):
                tools += button(f"A bot plays {name}'s seat meanwhile", nav=f"live-bot:{seat}", cls="small")
        return (f'<div class="live-peer live-{st}" data-live-seat="{seat}">'
                f'<p class="live-state" role="status">{seat_html(seat, name)}: {esc(words)}</p>{body}'
                f'<div class="button-row">{tools}</div></div>')

    # ================================================================ the friend
    def join(self, code: str) -> bool:
        """The page was opened from an invitation (``#/join/<code>``): the friend's screen."""
        code = str(code).strip()
        if not code:
            return False
        if self.friend is None or self.friend["code"] != code:
            self.friend = {"code": code, "reply": None, "state": "joining", "why": "", "table": FriendTable(),
                           "queue": [], "asked": False}
        self.s.screen = "friend"
        return True

    def join_wanted(self) -> str | None:
        """(for the glue) The invitation code to answer now (once)."""
        f = self.friend
        if f is None or f["asked"]:
            return None
        f["asked"] = True
        return str(f["code"])

    def joined(self, reply: str) -> None:
        """(for the glue) The reply code is ready."""
        if self.friend is not None:
            self.friend.update(reply=str(reply), state="waiting")

    def friend_state(self, state: str, why: str = "") -> None:
        """(for the glue) ``open``, ``closed``, ``failed``, or ``error`` with ``why``."""
        if self.friend is not None:
            self.friend.update(state=state if state in FRIEND_WORDS else "closed", why=str(why)[:200])

    def friend_receive(self, text: object) -> None:
        """(for the glue) A message from the host."""
        f = self.friend
        if f is None:
            return
        table: FriendTable = f["table"]
        try:
            kind = table.receive(text)
        except Refused as exc:
            f["why"] = str(exc)
            f["queue"].append(table.ask("hello", game=table.game_id if table.msg else "", name=""))
            return
        if kind == "hint" and table.last_other is not None:
            m = table.last_other
            if (type(m.get("n")) is int and all(isinstance(m.get(k), str) for k in ("action", "label", "why"))
                    and len(m["action"]) <= 200 and len(m["label"]) <= 500 and len(m["why"]) <= 2000):
                f["hint"] = {k: m[k] for k in ("n", "action", "label", "why")}
            f["asking"] = False
        elif kind == "why" and table.last_other is not None:
            m = table.last_other
            if type(m.get("n")) is int and isinstance(m.get("text"), str) and len(m["text"]) <= 500:
                f["why_not"] = {"n": m["n"], "text": m["text"]}
        elif kind == "refused" and table.last_other is not None:
            f["asking"] = False
            self.s.notify(f"The host did not take that: {str(table.last_other.get('reason', ''))[:200]}")
        elif kind == "bye":
            f["state"] = "closed"
        elif kind == "table":
            f["why"] = ""
            f["asking"] = False                  # (a hint asked on an older table is not coming)
            acted = f.get("acted")
            if acted is not None:                # the first table after the friend's own move: the recap box keeps
                seen = f.get("seen", 0)          # what the others did before it, as the host's table does
                if acted > seen:
                    f["recap"] = (seen, acted)
                f["seen"], f["acted"] = len(table.log), None

    def friend_act(self, aid: str) -> None:
        """A click on the friend's table: the action asked of the host."""
        f = self.friend
        if f is None or f["table"].msg is None or f["state"] != "open":
            return
        try:
            f["queue"].append(f["table"].act(aid))
        except Refused as exc:
            self.s.notify(str(exc))
            return
        f["acted"] = len(f["table"].log)          # (the recap: the next table's log after this move is "seen")

    def _nav_friend_hint(self, arg: str) -> None:
        """The friend's "What would the bot do?": asked of the host, for this seat at this table."""
        f = self.friend
        if f is None or f["table"].msg is None or f["state"] != "open" or f.get("asking"):
            return
        table: FriendTable = f["table"]
        if table.is_over or table.seat not in table.to_act or self._friend_hint() is not None:
            return
        f["asking"] = True
        f["queue"].append(table.ask("hint"))

    def friend_why(self, key: str) -> None:
        """A tap on the friend's board that hit no action: the host is asked why, for this seat at this table (its
        answer reads only what this seat may see: :mod:`pyapp.ui.why`)."""
        f = self.friend
        if f is None or f["table"].msg is None or f["state"] != "open":
            return
        f["queue"].append(f["table"].ask("why", key=str(key)[:MAX_ID]))

    def _friend_why(self) -> str:
        """The host's answer to the last tap, while the table it was given at is on screen."""
        f = self.friend
        w = f.get("why_not") if f is not None else None
        return w["text"] if w is not None and f is not None and w["n"] == f["table"].n else ""

    def _friend_hint(self) -> dict | None:
        """The hint the host sent for the table on screen (it goes with the next table)."""
        f = self.friend
        h = f.get("hint") if f is not None else None
        return h if h is not None and f is not None and h["n"] == f["table"].n else None

    def friend_outbox(self) -> list[str]:
        """(for the glue) The friend's messages to send to the host now."""
        f = self.friend
        if f is None or f["state"] != "open":
            return []
        out, f["queue"] = f["queue"], []
        return out

    def friend_location(self) -> str:
        return f"{JOIN}{self.friend['code']}" if self.friend is not None else "#/shelf"

    def friend_game_id(self) -> str | None:
        f = self.friend
        return f["table"].game_id if f is not None and f["table"].msg is not None else None

    def friend_game(self) -> tuple[Game, int] | None:
        """The game and player count whose seat colours the friend's screen uses, or None."""
        gid = self.friend_game_id()
        if gid is None or self.friend is None:
            return None
        try:
            return games.get(gid), self.friend["table"].players
        except (LookupError, games.PartMissing):      # (the game's files still on their way: plain colours)
            return None

    def render_friend(self) -> str:
        f = self.friend
        if f is None:
            return ""
        st = f["state"]
        words = FRIEND_WORDS.get(st, "").format(why=f["why"])
        head = f'<p class="live-state" role="status">{esc(words)}</p>'
        if f["reply"] and st == "waiting":
            head += (f'<p class="live-reply-box"><strong>Your reply code:</strong> '
                     f'<code class="live-code" data-reply tabindex="0">{esc(f["reply"])}</code></p>')
        table: FriendTable = f["table"]
        if table.msg is None:
            if st in ("joining", "waiting", "failed"):
                head += self.ice_html()
            return f'<section class="live-friend">{head}</section>'
        if f["why"] and st == "open":
            head += f'<p class="notice quiet">{esc(f["why"])}</p>'
        try:
            game = games.get(table.game_id)
            draw = board_function(game.id)
        except games.PartMissing:                       # the glue fetches the game's files, then draws again
            return f'<section class="live-friend">{head}<p role="status">Loading the game&hellip;</p></section>'
        except LookupError:
            return f'<section class="live-friend">{head}<p>This page does not know the game the host plays.</p></section>'
        seat, names = table.seat, table.names
        interactive = not table.is_over and seat in table.to_act
        actions = table.legal_actions() if interactive else []
        free = [a for a in table.free_actions() if all(a.id != b.id for b in actions)]
        if free:
            actions, interactive = actions + free, True
        view = table.view()
        with table_choices(self.s.log_seat, self.s.log_steps, self.s.folds):   # the log, the folds: as asked
            board = draw(view, actions, seat=seat, names=names, interactive=interactive)
        hint_bar = ""
        if interactive and seat in table.to_act and st == "open":
            hint = self._friend_hint()
            if hint is not None:
                board = hintlib.mark(board, hint["action"], seat)
                why = f' <span class="hint-why">{esc(hint["why"])}</span>' if hint["why"] else ""
                hint_bar = (f'<div class="hint-bar"><p class="hint-line" data-hint-line tabindex="-1">'
                            f'The bot would play: <strong>{esc(hint["label"])}</strong>.{why}</p></div>')
            elif f.get("asking"):
                hint_bar = ('<div class="hint-bar"><button type="button" class="btn small hint-ask thinking" '
                            'aria-busy="true" aria-disabled="true" data-nav="live-hint">The bot is thinking…'
                            '</button></div>')
            else:
                hint_bar = (f'<div class="hint-bar">{button(esc(hintlib.BUTTON_LABEL), nav="live-hint", cls="small hint-ask", title="a hint: the move the normal bot would make for you now (the host computes it; the log notes it)")}</div>')
        if not isinstance(view.get("log"), list):
            with table_choices(self.s.log_seat, self.s.log_steps, self.s.folds):
                board += log_details("live-log", table.log, names=names)
        board = board.replace(LOG_FILTER_SLOT, log_filter_html(names, self.s.log_seat), 1)
        if table.is_over:
            out = table.outcome()
            banner = f'<div class="turn-banner outcome">{esc(outcome_text(out, names) if out else "The game is over.")}</div>'
        else:
            who = ", ".join(seat_html(s, names[s]) + (" (you)" if s == seat else "") for s in table.to_act)
            banner = f'<div class="turn-banner">To play: <strong>{who}</strong></div>'
        why = self._friend_why()
        why = f'<p class="why-not" data-why role="status">{esc(why)}</p>' if why else ""
        recap = ("" if table.is_over else
                 recap_box(table.log, f.get("seen", 0), f.get("recap", (0, 0)), names, "seen" in f))
        opts = table.msg.get("options") if isinstance(table.msg, dict) else None
        try:                                # (teammates are "with" each other, as on the host's game bar)
            together = bool(game.plays_together(opts if isinstance(opts, dict) else {}, table.players))
        except Exception:                   # noqa: BLE001 - options from outside: the plain "vs" then
            together = False
        who = (" with " if together else " vs ").join(
            f'<span class="seat-name seat-{i} p{i}{" to-act" if i in table.to_act else ""}">'
            f'<span class="seat-dot" aria-hidden="true"></span>{bdi(n)}'
            f'{" <small>(you)</small>" if i == seat else ""}</span>' for i, n in enumerate(names))
        # the host's table layout (pyapp/ui/screens/table.py): the names, the turn area, then the board and panels
        return (f'<section class="game live-friend" aria-labelledby="game-title">'
                f'<h2 id="game-title" class="sr-only">{esc(game.title)}</h2>'
                f'<div class="game-bar"><div class="seats">{who}</div></div>'
                f'<div class="turn-area">{head}{banner}{hint_bar}{why}{recap}</div>'
                f'<div class="game-board">{board}</div></section>')

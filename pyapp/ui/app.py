"""The app controller: the page's events routed to the screens, and what the page shows.  Pure Python (no ``js``).

    app = App(storage, query={"game": "hexbattle", "seats": "human,bot", "seed": "42"})
    html = app.render()                  # the whole markup for the #app root
    app.handle("action", "draw")         # a data-action click (a game action id)
    app.handle("nav", "shelf")           # a data-nav click (screens, saves, undo, ...)
    app.handle("input", "seed", "7")     # a data-input field changed
    while app.bot_pending(): app.step_bot()

Screens: ``shelf``, ``setup``, ``game``, ``rules``, ``replay`` and the screens of a game's own setup step
(:mod:`pyapp.ui.steps`; Hex Battle's ``armies`` and ``builder``).  The app imports no game module:
games come from the registry, their renderer and setup step by name.

The parts: :class:`App` is the :class:`~pyapp.ui.session.Session` (the screen on show, the game on the table, the
notices) with one part per screen -- :mod:`~pyapp.ui.screens.shelf` (with the saves list),
:mod:`~pyapp.ui.screens.setup`, :mod:`~pyapp.ui.screens.table` (the game), :mod:`~pyapp.ui.screens.rules`,
:mod:`~pyapp.ui.sharing` (replays, share links, correspondence) and the games' setup steps -- over the services they
share: :mod:`~pyapp.ui.store` (saves), :mod:`~pyapp.ui.runner` (bot seats and hints).  Each part declares its
``data-nav`` commands (``navs()``); the app routes to them, so the browser glue sees one ``render``/``handle``.
Every player-entered string is escaped (:func:`pyapp.ui.markup.esc`).

The app's ``data-nav`` values: ``shelf``, ``setup:<game>``, ``start``, ``reseed``, ``advanced`` (open or
close the setup's Advanced section), ``rules:<game>``, ``back``, ``load:<save id>``, ``delsave:<save id>``,
``confirm`` / ``confirm:never`` (yes, and do not ask that again) / ``cancel-confirm``, ``undo``, ``handoff-ok``,
``new-again``, ``dismiss:<message id>``, ``hint`` ("What would the bot do?", :mod:`pyapp.ui.hints`: the
answer comes from :meth:`App.step_hint`), ``logseat:<seat>|all`` (the log filter), ``settings`` (open or close the
game screen's Settings), ``zoom:fit|legible|large`` (the board's size, setting ``board_zoom``);
replays, links and correspondence: ``replay``, ``replay-save:<id>``, ``rp:<control>``, ``share``, ``share-save:<id>``,
``share-close``, ``link-me:<seat>``, ``link-save`` (:mod:`pyapp.ui.sharing`);
``learn:<game>`` and ``coach-real`` (:mod:`pyapp.ui.coach`: a guided game, then a real one); ``about`` (the setup's
game in brief), ``glance`` / ``glance-close`` (the rules at a glance, :mod:`pyapp.ui.glance`; Escape closes it too);
``why:<key>`` (a tap on the board that hit no action: why, :mod:`pyapp.ui.why`); ``export``, ``import`` and
``copy-link`` are handled by the browser glue (file download / file picker / clipboard).  Any other nav
goes to the setup step on screen (or to the step whose shelf button it is).
The app's ``data-input`` names: ``seed``, ``players``, ``seat-<i>`` (``human`` | ``bot:<name>``), ``name-<i>``,
``opt-<option>`` and, for a per-seat option, ``opt-<option>-<i>``, ``replay-step``, ``replay-seat``, ``setting-<name>`` (the app's settings,
:data:`pyapp.ui.storage.SETTINGS`: ``bot_speed``, ``confirm``, ``board_zoom``), ``live-ice-use`` and
``live-ice-servers`` (live play's STUN/TURN servers, followed by ``:settings`` in Settings: :mod:`pyapp.ui.screens.live`);
others go to the setup step.

Following the game: the root carries the game's seat colours (``--seat-N``, from ``Game.seat_colours``); the
game screen shows the whole log (``view["log"]`` is the state's whole public log), a filter by seat, and a
"since your last move" box that is there all game long (kept with the save, so a reload shows it again).
An action with a ``confirm`` question is asked about before it is applied (setting ``confirm``).
For the browser glue: :meth:`App.title` (the tab title), :meth:`App.location` / :meth:`App.go_to` (one URL
fragment per screen, for Back), :meth:`App.bot_delay_ms` (the bots' pace), :meth:`App.notice_timeouts`; a polite
live region in the markup says the newest moves, whose turn it is and the result.

Query parameters: ``game``, ``seats`` (``human,bot`` | ``bot:<name>``; plain ``bot`` is the game's best bot),
``seed``, ``embed=1`` (no chrome, start at once), ``save=<save id>`` (open that saved game), ``fast=1``
(bots act without delay, read by the glue), ``tutorial=1`` (with ``game``: its guided game, :mod:`pyapp.ui.coach`).
With ``game`` and ``seats`` (or ``embed``) the game starts at once, and reloading the same link resumes it.

Embedded games keep their own saves: with ``embed=1`` the app keeps its games under
``boardshelf:embed:save:<id>`` with one current-game marker per embedding link (its game, seats and seed:
``boardshelf:embed:current:<game>:<seats>:<seed|any>``), so reloading the embedding page resumes the
embedded game, while the player's own current game and saves (``boardshelf:current``,
``boardshelf:save:<id>``) are never resumed, listed or written by it.  Only a link that names a save
(``save=<id>``) opens one of the player's saves in a frame; it then plays and saves that game (and leaves
the main current-game marker alone).  A finished embedded game is replaced by a new one on the next load.
``App(storage, {}, embedded=True)`` keeps to the embedded namespace without a link (the browser glue's
fallback when an embed link could not be opened).

Outside text (names, save titles, ids and values from files and links) is escaped, shortened
(:data:`MAX_TITLE`, :data:`MAX_NOTICE`), shown in ``<bdi>`` in markup (a right-to-left override in a
name cannot reverse the rest of a line) and, inside the app's own sentences (notices, questions), put in
:func:`quote`.  A storage whose ``persistent`` attribute is False (the browser glue's memory fallback)
gets a quiet status line, :data:`NOT_SAVED_NOTE`, on every screen.
"""
from __future__ import annotations

from .. import bots as botlib
from .. import games
from ..engine import saves
from . import links
from . import replay as replaylib
from . import seats as seatlib
from .boards import generic_render as generic_render          # (for tools and tests: a game without a renderer)
from .chrome import confirm_html, notices_html
from .coach import Coach
from .markup import attrs, button, esc
from .runner import BOT_DELAY_MS as BOT_DELAY_MS, BotRunner, HintRunner
from .screens.live import LivePlay
from .screens.rules import RulesScreen
from .screens.setup import SetupScreen
from .screens.shelf import ShelfScreen
from .screens.table import GameTable
from .session import APP_SCREENS, NOTICE_MS, Session
from .session import NOT_SAVED_NOTE as NOT_SAVED_NOTE
from .sharing import Sharing
from .store import SaveStore
from .why import Why
from .text import MAX_NOTICE as MAX_NOTICE, MAX_TITLE as MAX_TITLE
from .text import clip, outcome_text as outcome_text, parse_seed, quote, readable_time as readable_time, seat_style, truthy

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from ..engine.core import Game
    from .steps import SetupStep
    from .storage import Storage


class App(Session):
    """See the module docstring and docs/ARCHITECTURE.md."""

    def __init__(self, storage: Storage, query: dict | None = None, *, clock: Callable[[], str] | None = None,
                 random_seed: Callable[[], int] | None = None, embedded: bool | None = None,
                 local_time: Callable[[str], str] | None = None, page_url: str = "") -> None:
        super().__init__(storage, query, clock=clock, random_seed=random_seed, embedded=embedded,
                         local_time=local_time, page_url=page_url)
        # the services the screens share, then one part per screen
        self.store = SaveStore(self)
        self.bots = BotRunner(self, self.store)
        self.hint_runner = HintRunner(self, self.store, self.bots)
        self.sharing = Sharing(self, self.store, self.bots)
        self.shelf = ShelfScreen(self, self.store)
        self.setup_screen = SetupScreen(self, self.store)
        self.table = GameTable(self, self.store, self.bots, self.hint_runner, self.sharing, self.setup_screen)
        self.rules = RulesScreen(self)
        self.coach = self.table.coach = Coach(self, self.store)      # a guided first game (Learn to play)
        self.why = self.table.why = Why(self)                        # a reason for a tap that did nothing
        self.live = LivePlay(self, self.store)                      # friends on other devices (live play)
        self.table.live_panel = self.live.panel                      # drawn in the table's turn area
        self.table.ice_setting = self.live.ice_html                  # its servers, also in the game's Settings
        self.why.friend_why = self.live.friend_why                   # a friend's tap that did nothing: asked of the host
        self._navs: dict[str, Callable[[str], None]] = {
            "dismiss": self._nav_dismiss, "shelf": self._nav_shelf, "confirm": self._nav_confirm,
            "cancel-confirm": self._nav_cancel_confirm}
        for part in (self.shelf, self.setup_screen, self.table, self.rules, self.sharing, self.coach, self.why, self.live):
            self._navs.update(part.navs())
        if not self._apply_query() and not self.embedded:
            self.store.resume()

    def game_changed(self) -> None:
        self.bots.reset()
        self.hint_runner.reset()
        self.coach.game_changed()
        self.live.game_changed()

    # ================================================================ the contract with the browser glue
    @property
    def bot_error(self) -> bool:
        """A bot failed for good in the game on the table (its seat stopped playing; a notice says why)."""
        return self.bots.error

    def bot_delay_ms(self) -> int:
        """The pause before the next bot move (the "Bot speed" setting; none with ``fast=1``)."""
        return self.bots.delay_ms()

    def notice_timeouts(self) -> list[tuple[int, int]]:
        """``(message id, milliseconds)`` for each notice on screen: how long it stays before it dismisses
        itself (the browser glue sets one timer per notice, then calls ``handle("nav", "dismiss:<id>")``)."""
        return [(m["id"], NOTICE_MS.get(m["level"], NOTICE_MS["error"])) for m in self.messages]

    def bot_pending(self) -> bool:
        return self.bots.pending()

    def step_bot(self, budget_ms: float | None = None) -> bool:
        """One bot move, thought in slices with ``budget_ms`` (:meth:`pyapp.ui.runner.BotRunner.step`)."""
        return self.bots.step(budget_ms)

    def hint_seat(self) -> int | None:
        """The seat "What would the bot do?" is offered to now, or None (:meth:`pyapp.ui.runner.HintRunner.seat`)."""
        return self.hint_runner.seat()

    def hint_thinking(self) -> bool:
        """A hint is being thought: this table's person's or a friend's (live play)."""
        return self.hint_runner.thinking() or self.live.hint_thinking()

    def step_hint(self, budget_ms: float | None = None) -> bool:
        """The hint bot thinks (:meth:`pyapp.ui.runner.HintRunner.step`, then a friend's:
        :meth:`pyapp.ui.screens.live.LivePlay.step_hint`); True once the hint is there."""
        if self.hint_runner.thinking():
            return self.hint_runner.step(budget_ms)
        return self.live.step_hint(budget_ms)

    def export_save(self) -> tuple[str, str] | None:
        """``(filename, text)`` of the game on screen, or None."""
        return self.store.export()

    def import_save(self, text: str | bytes) -> bool:
        """Check and replay a save file; store it under a fresh id (never overwriting another) and open it."""
        return self.store.import_text(text)

    def share_link(self) -> str | None:
        """The link the share panel (or the "send it back" panel) shows: what the glue's ``copy-link`` copies."""
        return self.sharing.share_link()

    def open_link(self, text: str) -> bool:
        """Open a game link's data (``#/link/<data>``): its replay or the game by correspondence."""
        return self.sharing.open_link(text)

    def step(self, gid: str) -> SetupStep | None:
        """The setup step of game ``gid`` (for tests and tools), or None."""
        return self.setup_screen.step_for(gid)

    def focus_once(self) -> str | None:
        """A selector of what the glue focuses after this update, once: what was just opened (the share panel's
        link: focusing it brings the panel into view), or None."""
        once, self.focus_next = self.focus_next, None
        return once

    def focus_target(self) -> str | None:
        """A selector of what the glue focuses after an update when nothing has the focus (the replay, so its
        keys work at once), or None."""
        return ".replay" if self.screen == "replay" and self.replay is not None else None

    def stylesheets(self) -> list[str]:
        """The game stylesheets the screen on show needs (``web/<id>.css`` of the game on the table, in the
        replay, on the rules page, in the setup or its own setup step): the glue loads each once, when first
        needed, and shows the screen when it is there; the shelf needs none."""
        screen = self.screen
        gid = (self.game.id if screen == "game" and self.game is not None
               else self.replay.game.id if screen == "replay" and self.replay is not None
               else self.rules_for if screen == "rules"
               else self.live.friend_game_id() if screen == "friend"
               else self.setup.get("game") if screen == "setup" and self.setup is not None
               else self.step_game if screen not in APP_SCREENS else None)
        return [f"web/{gid}.css"] if isinstance(gid, str) and any(d["id"] == gid for d in games.declarations()) else []

    def key_nav(self, key: str) -> str | None:
        """The nav a key press means on this screen (the glue sends arrows, Home, End, Page Up/Down when no
        field has the focus), or None."""
        if self.screen == "replay" and self.replay is not None:
            return replaylib.KEYS.get(key)
        return self.table.glance.key_nav(key)          # Escape closes the rules at a glance

    # ================================================================ a link that opens the app
    def _apply_query(self) -> bool:
        q = self.query
        if q.get("save") not in (None, "") and self.store.open_linked(str(q["save"])):
            return True
        gid = q.get("game")
        if not gid:
            if self.embed:
                self.notify("This embedded link names no game (add game=hexbattle).")
            return False
        gid = str(gid)
        try:
            game = games.get(gid)
        except LookupError as exc:
            known = any(g["id"] == gid for g in games.catalog())     # then the message is the registry's own
            self.notify(f"The link asks for a game that cannot be played: "
                        f"{exc if known else 'there is no game ' + quote(gid, 40) + ' here'}.")
            self.embed = False
            return False
        if truthy(q.get("tutorial", "")) and not self.embedded and self.coach.start(gid):   # its guided game
            return True
        players = game.setup_players
        seats = ["human"] + ["bot:" + seatlib.new_seat_bot(gid)] * (players - 1)   # as a new setup has them
        seats_ok = True
        if q.get("seats"):
            parsed = self._parse_seats(gid, str(q["seats"]), game)
            if parsed is None:
                seats_ok = False
            else:
                seats = parsed
        seed = None
        if q.get("seed") not in (None, ""):
            seed = parse_seed(q["seed"])
            if seed is None:
                self.notify(f"The seed in the link is not a whole number from 0 to {saves.MAX_SEED}; "
                            "a secret random seed is used.")
        self.setup_screen.new_setup(gid, seats=seats, seed=seed)
        if self.embedded and seats_ok:                  # this embedding link's own current game
            self.current_key = saves.embed_current_key(f"{gid}:{','.join(seats)}:{'any' if seed is None else seed}")
        if seats_ok and (self.embed or q.get("seats")):
            if self.store.resume_matching(gid, seats, seed):     # a reload of the same link resumes its game
                return True
            return self.setup_screen.start()
        if not seats_ok:
            self.embed = False
        self.screen = "setup"
        return True

    def _parse_seats(self, gid: str, text: str, game: Game) -> list[str] | None:
        items = [s.strip().lower() for s in text.split(",") if s.strip()]
        if not game.min_players <= len(items) <= game.max_players:
            self.notify(f"The link lists {len(items)} seat(s); {game.title} takes "
                        f"{game.min_players}-{game.max_players} players.")
            return None
        avail = botlib.available(gid)
        out = []
        for s in items:
            if s in ("human", "remote"):              # remote: a friend's device (pyapp.ui.screens.live)
                out.append(s)
            elif s == "bot":
                out.append("bot:" + seatlib.best_bot(gid))
            elif s.startswith("bot:") and s[4:] in avail:
                out.append(s)
            else:
                self.notify(f"The link has an unknown seat {quote(s, 40)}: use human, remote, bot or bot:<name> "
                            f"(bots: {', '.join(avail)}).")
                return None
        return out

    # ================================================================ events
    def handle(self, kind: str, value: str, extra: object = None) -> None:
        """One user event: ``action`` (game action id), ``nav`` (app navigation) or ``input`` (name, value)."""
        try:
            if kind == "action" and self.screen == "friend":     # a friend's own table: asked of the host
                self.live.friend_act(str(value))
            elif kind == "action":
                self.table.act(str(value))
            elif kind == "nav":
                self._do_nav(str(value))
            elif kind == "input":
                self._do_input(str(value), "" if extra is None else str(extra))
        except (ValueError, LookupError) as exc:             # SaveError and IllegalAction included
            self.notify(str(exc))

    def _do_input(self, name: str, value: str) -> None:
        if name.startswith("setting-"):              # the app's settings, on any screen
            self.set_setting(name[len("setting-"):], value)
            return
        if self.sharing.replay_input(name, value):
            return
        if self.live.input(name, value):             # live play's STUN/TURN servers
            return
        if self.screen == "setup" and self.setup is not None and self.setup_screen.input(name, value):
            return
        step = self.setup_screen.active_step()
        if step is not None:
            step.input(name, value)

    def _do_nav(self, nav: str) -> None:
        """One navigation; the notices from before it go when it changes the screen (they were about that one)."""
        screen, last = self.screen, self.msg_counter
        try:
            self._route_nav(nav)
        finally:
            if self.screen != screen:
                self.messages = [m for m in self.messages if m["id"] > last]
                self.share = None

    def _route_nav(self, nav: str) -> None:
        cmd, _, arg = nav.partition(":")
        step = self.setup_screen.active_step()
        if step is not None and self.screen in step.screens:
            question = step.leaving(nav)             # unsaved work on the step's screen: ask first
            if question:
                def leave() -> None:
                    step.leave()
                    self._route_nav(nav)
                self.ask(question, leave, yes="Discard changes", no="Keep editing")
                return
        handler = self._navs.get(cmd)
        if handler is not None:
            handler(arg)
            return
        if step is not None and step.nav(cmd, arg):
            return
        for other in self.setup_screen.shelf_steps():   # e.g. "armies" on the shelf: the step whose button it is
            if other is not step and other.nav(cmd, arg):
                return

    def _nav_dismiss(self, arg: str) -> None:
        self.messages = [m for m in self.messages if str(m["id"]) != arg]

    def _nav_shelf(self, arg: str) -> None:
        if self.screen == "game" or (self.screen == "replay" and self.replay_back == "game"):
            self.leave_game()
        self.replay = None
        self.confirm = None
        self.step_game = None
        self.screen = "shelf"

    def _nav_confirm(self, arg: str) -> None:
        if self.confirm:
            do, setting = self.confirm["do"], self.confirm.get("setting")
            self.confirm = None
            if arg == "never" and setting:       # "yes, and don't ask again"
                self.set_setting(setting, "never")
            do()

    def _nav_cancel_confirm(self, arg: str) -> None:
        self.confirm = None

    # ================================================================ rendering
    def render(self) -> str:
        screen = self.screen
        if (screen == "game" and self.state is None) or (screen == "replay" and self.replay is None):
            screen = self.screen = "shelf"
        try:
            body = self._render_body(screen)
        except Exception as exc:  # a bug in one screen must leave a way out, never a dead page
            body = ('<section class="screen-error"><h2>Something went wrong on this screen</h2>'
                    f'<p class="notice error">{esc(type(exc).__name__)}: {esc(exc)}</p>'
                    "<p>Your games are saved after every move.</p>"
                    + button("Back to the shelf", nav="shelf", cls="primary") + "</section>")
        embed = self.embed and screen == "game"
        header = "" if embed else (
            '<header class="topbar"><button type="button" class="brand" data-nav="shelf">Boardshelf</button>'
            f'<span class="crumb">{esc(self._crumb())}</span></header>')
        note = (f'<p class="notice quiet storage-note" role="status">{esc(self.storage_note)}</p>'
                if self.storage_note else "")
        on_game = screen == "game" and self.state is not None
        messages = "" if on_game and self.handoff_seat() is not None else notices_html(self.messages)
        style = seat_style(self.game, self.state.players) if on_game and self.state is not None else ""
        if screen == "replay" and self.replay is not None:
            style = seat_style(self.replay.game, self.replay.players)
        friend = self.live.friend_game() if screen == "friend" else None
        if friend is not None:
            style = seat_style(*friend)
        root = attrs(class_=f"bs-app screen-{screen}{' embed' if embed else ''}", style=style or None,
                     data_log_seat=self.log_seat if on_game or friend is not None else None)
        live = (f'<div class="sr-only live" role="status" aria-live="polite" aria-atomic="true">'
                f'{self.table.live_html()}{self.why.live()}</div>')
        return (f'<div{root}>{header}{note}'
                f"{messages}{confirm_html(self.confirm)}{self.sharing.render_share()}<main>{body}</main>{live}</div>")

    def _render_body(self, screen: str) -> str:
        if screen == "setup" and self.setup is not None and "seats" in self.setup:
            return self.setup_screen.render()
        own = {"game": self.table.render, "rules": self.rules.render,
               "replay": self.sharing.render_replay, "friend": self.live.render_friend}.get(screen)
        if own is not None:
            return own()
        step = self.setup_screen.active_step()
        if step is not None and screen in step.screens:
            return step.render(screen)
        return self.shelf.render()

    def _crumb(self) -> str:
        own = {"shelf": "Game shelf", "setup": "New game", "game": self.game.title if self.game else "",
               "rules": "Rules", "replay": "Replay", "friend": "Playing with a friend"}
        if self.screen in own:
            return own[self.screen]
        step = self.setup_screen.active_step()
        return step.screens.get(self.screen, "") if step is not None else ""

    # ---------------------------------------------------------------- what the page says outside #app
    def title(self) -> str:
        """The tab title: the screen, and on a game whose turn it is (``Your turn · Hex Battle — Boardshelf``)."""
        screen = self.screen
        if screen == "game" and self.game is not None and self.state is not None and self.meta is not None:
            return f"{clip(self.table.title_lead(), 60)} · {self.game.title} — Boardshelf"
        if screen == "setup" and self.setup is not None:
            return f"New game: {games.get(self.setup['game']).title} — Boardshelf"
        if screen == "replay" and self.replay is not None:
            return f"Replay, step {self.replay.step} of {self.replay.n} · {self.replay.game.title} — Boardshelf"
        if screen == "rules" and self.rules_for:
            return f"{self.rules.title()} — Boardshelf"
        crumb = self._crumb()
        return f"{crumb} — Boardshelf" if screen != "shelf" and crumb else "Boardshelf"

    def location(self) -> str:
        """The screen's own URL fragment (the browser glue keeps one history entry per screen, so Back works
        inside the app): ``#/shelf``, ``#/setup/<game>``, ``#/rules/<game>``, ``#/game/<save id>``,
        ``#/replay/<save id>`` (the game's replay), ``#/replay-save/<save id>`` (a replay from the saves list),
        ``#/link/<data>`` (a game opened from a link and not saved: its link as it is now; :mod:`pyapp.ui.links`)
        or ``#/<step screen>/<game>``."""
        screen = self.screen
        if screen == "friend":
            return self.live.friend_location()
        if screen in ("game", "replay") and self.link is not None and not self.link["saved"] and self.state is not None:
            return links.fragment(self.store.current_save())   # a game opened from a link, not saved: its link now
        if screen == "replay" and self.replay is not None and self.replay_back == "game" and self.meta is not None:
            return f"#/replay/{self.meta['id']}"
        if screen == "replay" and self.replay is not None and self.replay_sid:
            return f"#/replay-save/{self.replay_sid}"
        if screen == "game" and self.meta is not None:
            return f"#/game/{self.meta['id']}"
        if screen == "setup" and self.setup is not None:
            return f"#/setup/{self.setup['game']}"
        if screen == "rules" and self.rules_for:
            return f"#/rules/{self.rules_for}"
        if screen not in APP_SCREENS and self.step_game:
            return f"#/{screen}/{self.step_game}"
        return "#/shelf"

    def go_to(self, location: str) -> bool:
        """Show the screen a :meth:`location` names (Back and Forward in the browser); False if it cannot be
        shown (a save gone, a game unknown): the screen on show stays."""
        parts = location.lstrip("#").strip("/").split("/")
        what, arg = parts[0], "/".join(parts[1:])
        if location == self.location():
            return True
        if location.startswith(links.LINK_PREFIX):     # a game by link (pyapp.ui.links)
            return self.open_link(location)
        if what == "join":                              # an invitation to play live on a friend's table
            return self.live.join(arg)
        try:
            if what in ("", "shelf"):
                self._do_nav("shelf")
            elif what == "setup" and arg:
                if self.screen == "game":
                    self.leave_game()
                if self.setup is not None and self.setup.get("game") == arg and "seats" in self.setup:
                    self.screen = "setup"
                else:
                    self._do_nav(f"setup:{arg}")
            elif what == "rules" and arg:
                self._do_nav(f"rules:{arg}")
            elif what == "replay-save" and saves.valid_id(arg):
                if self.screen == "game":
                    self.leave_game()
                self._do_nav(f"replay-save:{arg}")
            elif what == "replay" and saves.valid_id(arg):
                if not (self.meta is not None and self.meta["id"] == arg and self.state is not None):
                    if not self.store.open(arg):
                        return False
                self.sharing.start_replay(back="game")
            elif what == "game" and saves.valid_id(arg):
                if self.meta is not None and self.meta["id"] == arg and self.state is not None:
                    self.screen = "game"
                else:
                    self.store.open(arg)
            elif arg:
                step = self.setup_screen.step_for(arg)
                if step is None or what not in step.screens:
                    return False
                self._do_nav(what)                 # the step's own nav of that name, if it has one
        except (ValueError, LookupError):
            return False
        return location == self.location()

"""The game table: the board, whose turn it is and what happened since your last move, the hint bar, the game's
tools (undo, replay, share, export, rules, settings), the hot-seat hand-off and the game-over banner; the moves a
person makes (with a question first when the game thinks a move is a mistake) and what the live region says.
"""
from __future__ import annotations

import functools

from ...engine import IllegalAction
from ...engine import log as loglib
from .. import hints as hintlib
from ..boards import ZOOM_LABELS, board_module, generic_render, zoom_buttons
from ..chrome import notices_html
from ..ending import SHARE_NOTE
from ..glance import Glance
from ..markup import LOG_FILTER_SLOT, bdi, button, esc, part, table_choices
from ..text import MAX_SEATS_STYLED, and_list, names_html, outcome_text, plain_entry, seat_html

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from types import ModuleType
    from typing import Any, Callable, Sequence

    from ..coach import Coach
    from ..runner import BotRunner, HintRunner
    from ..session import Session
    from ..sharing import Sharing
    from ..store import SaveStore
    from ..why import Why
    from .setup import SetupScreen

BOT_SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
RECAP_MAX = 40            # log entries the "since your last move" box lists (the log panel has them all)
RECAP_CHUNK = 8           # ... in lists of this many (by their number in the log), each a part


def log_filter_html(names: Sequence[str], cur: int | None) -> str:
    """The log panel's "show the log of" buttons: everyone, or one seat (web/ui.css hides the rest; ``cur`` the seat
    shown, None: everyone), on the host's table and a friend's page alike."""
    n = min(len(names), MAX_SEATS_STYLED)

    def one(nav: str, label: str, on: bool, cls: str = "") -> str:
        return (f'<button type="button" class="btn small{cls}" data-nav="logseat:{nav}" '
                f'aria-pressed="{"true" if on else "false"}">{label}</button>')
    return part("log-filter",           # (a part: sent only when the choice changes)
                '<div class="log-filter button-row" role="group" aria-label="Show the log of">'
                + one("all", "Everyone", cur is None)
                + "".join(one(str(i), seat_html(i, names[i]), cur == i, f" seat-{i}") for i in range(n)) + "</div>")


def recap_box(log: Sequence[Any], seen: int, before: tuple[int, int], names: Sequence[str], acted: bool) -> str:
    """The recap box: the entries of ``log`` since the viewer's last move (``seen``: the log's length after it),
    or, when nothing happened since, the window ``before`` (what the others did before that move), in names and
    colours; ``acted``: the viewer has moved (else the title is "So far").  The host's table and a friend's page
    (pyapp/ui/screens/live.py) draw it alike."""
    a, b = (seen, len(log)) if len(log) > seen else before
    if log[a:b]:
        first = max(b - RECAP_MAX, a)
        more = (f'<ol class="recap-list"><li class="more">… {first - a} earlier (in the log)</li></ol>'
                if first > a else "")
        # the entries in lists of RECAP_CHUNK by their number in the log, each a part: as the others play, only
        # the newest list changes and the page keeps the others (one list of 40 was sent whole at every step)
        body = '<div class="recap-lists">' + more + "".join(
            part(f"recap-{a}-{k}", '<ol class="recap-list">' + "".join(
                f'<li value="{n + 1}">{loglib.html(log[n], names)}</li>'
                for n in range(max(first, k * RECAP_CHUNK), min(b, (k + 1) * RECAP_CHUNK))) + "</ol>")
            for k in range(first // RECAP_CHUNK, (b - 1) // RECAP_CHUNK + 1)) + "</div>"
    else:
        body = '<p class="empty">Nothing yet: the moves of the other players show here.</p>'
    if b == len(log) and a == seen:
        title = "Since your last move" if acted and seen else "So far"
    else:
        title = "Before your move"
    # (the list a part: it stays the same through the viewer's own actions of a turn, and is sent once)
    return f'<section class="since" tabindex="0" aria-label="{title}"><h3>{title}</h3>{part("recap", body)}</section>'


class GameTable:
    """The game screen (see the module docstring)."""

    def __init__(self, session: Session, store: SaveStore, bots: BotRunner, hints: HintRunner, sharing: Sharing,
                 setup: SetupScreen) -> None:
        self.s = session
        self.store = store
        self.bots = bots
        self.hints = hints
        self.sharing = sharing
        self.setup = setup
        self._live = ""                                 # what the live region says now (moves, turns, results)
        self._live_mark: tuple | None = None            # what it was said about: (game id, log length, to act, over)
        self.coach: Coach | None = None                 # the guided game's coach (set by the app)
        self.glance = Glance(session)                   # the rules at a glance (its navs are the table's)
        self.why: Why | None = None                     # why a tap did nothing (set by the app)
        self.live_panel: Callable[[], str] | None = None  # live play's invitations (set by the app: screens/live.py)
        self.ice_setting: Callable[[str], str] | None = None  # live play's STUN/TURN servers (set by the app: the same)
        self.more_open = False                          # the game bar's "More" list is open (narrow screens)

    def navs(self) -> dict[str, Callable[[str], None]]:
        return {"undo": self._nav_undo, "handoff-ok": self._nav_hand_over, "new-again": self._nav_play_again,
                "logseat": self._nav_log_seat, "logmore": self._nav_log_more, "settings": self._nav_toggle_settings,
                "zoom": self._nav_zoom, "fold": self._nav_fold,
                "more": self._nav_toggle_more,
                "hint": lambda arg: self.hints.ask(), **self.glance.navs()}

    # ================================================================ a person's moves
    def act(self, aid: str) -> None:
        if self.s.screen != "game" or self.s.state is None:
            return
        if self.s.state.is_over:
            self.s.notify("The game is over.")
            return
        if self.s.handoff_seat() is not None or (self.s.link is not None and self.s.link["me"] is None):
            return
        seat, vs = self.s.human_to_act(), self.s.view_seat()
        if vs is not None and seat != vs and any(a.id == aid for a in self.s.free_actions(vs)):
            seat = vs                                  # an "at any time" action of a seat not to act
        elif seat is None or (vs is not None and seat != vs):
            self.s.notify("It is not your turn.")
            return
        question = self._action_question(seat, aid)
        if question:                     # the game says this is probably a mistake now: ask first
            self.s.ask(question, lambda: self._apply_human(seat, aid), yes="Yes, do it", no="No, go back",
                       setting="confirm")
            return
        self._apply_human(seat, aid)

    def _action_question(self, seat: int, aid: str) -> str:
        """The action's ``confirm`` question, if the game gives one and the player wants to be asked."""
        if self.s.settings.get("confirm") == "never" or self.s.state is None:
            return ""
        hint = self.hints.current(seat)
        if hint is not None and hint["action"] == aid:  # following a hint never sets off a warning (issue 32)
            return ""
        if self.coach is not None and self.coach.pointed()[0] == aid:    # nor following the guided game's coach
            return ""
        offered = list(self.s.state.legal_actions(seat)) + self.s.free_actions(seat)
        return next((str(a.confirm) for a in offered if a.id == aid and a.confirm), "")

    def _apply_human(self, seat: int, aid: str) -> None:
        state = self.s.state
        if state is None or state.is_over:
            return
        before = len(state.log)
        try:
            state.apply(seat, aid)
        except IllegalAction as exc:
            self.s.notify(f"That move is not allowed now ({exc}).")
            return
        seen = self.s.seen_log.get(seat, 0)
        if before > seen:                # what the others did before this move stays in the recap box
            self.s.recap[seat] = (seen, before)
        self.s.seen_log[seat] = len(state.log)
        self.store.autosave()

    def _nav_toggle_settings(self, arg: str) -> None:
        self.s.settings_open = not self.s.settings_open

    def _nav_toggle_more(self, arg: str) -> None:
        self.more_open = not (self.more_open or self.s.settings_open)
        if not self.more_open:                          # closing the list closes the settings it holds
            self.s.settings_open = False

    def _nav_zoom(self, arg: str) -> None:
        self.s.set_setting("board_zoom", arg)

    def _nav_log_seat(self, arg: str) -> None:
        players = self.s.state.players if self.s.state is not None else MAX_SEATS_STYLED  # (a friend's page)
        self.s.log_seat = int(arg) if arg.isdigit() and int(arg) < min(players, MAX_SEATS_STYLED) else None
        self.s.log_steps = 0

    def _nav_fold(self, arg: str) -> None:
        """A game panel opened or closed (:func:`pyapp.ui.markup.fold`: the app owns its state)."""
        if len(arg) <= 40:
            self.s.folds ^= {arg}

    def _nav_log_more(self, arg: str) -> None:
        """The log panel's "Show earlier moves" (``more``), "Show the whole log" (``all``), "Show only the latest"
        (``less``): the panel draws the newest lines only until asked (issue 31: a smaller page to update)."""
        steps = self.s.log_steps
        self.s.log_steps = (None if arg == "all" else 0 if arg == "less" else
                            steps if steps is None else steps + 1)
        if arg != "more":                              # (its button goes: the focus to the log's list)
            self.s.focus_next = "ol.log-list"

    def _nav_undo(self, arg: str) -> None:
        if self.s.link is not None and self.s.link["me"] is None:
            return                                     # a game by link: nobody has said who they are yet
        seat = self.s.view_seat() if self.s.view_seat() is not None else self.s.human_to_act()
        if self.s.state is not None and seat is not None and self.s.state.can_undo(seat):
            self.s.state = self.s.state.undo(seat)
            n = len(self.s.state.history)              # hints asked in the future taken back go with it
            self.s.hints = [h for h in self.s.hints if h["step"] <= n]
            self.store.autosave()

    def _nav_hand_over(self, arg: str) -> None:
        h = self.s.handoff_seat()
        if h is not None:
            self.s.viewer = h

    def _nav_play_again(self, arg: str) -> None:
        if self.s.state is None:
            return
        game, _state, meta = self.s.playing()
        gid = game.id
        seats = list(meta["seats"])
        self.s.leave_game()
        self.setup.new_setup(gid, seats=seats)
        self.s.screen = "setup"

    # ================================================================ what the page says
    def title_lead(self) -> str:
        """The tab title's first words on the game screen: ``Your turn``, ``Pass to Ann``, ``Bo to play``..."""
        _game, state, meta = self.s.playing()
        names = meta["names"]
        if state.is_over:
            return "Game over"
        if self.s.handoff_seat() is not None:
            return f"Pass to {names[self.s.handoff_seat() or 0]}"
        vs = self.s.view_seat()
        if vs is not None and vs in state.to_act and meta["seats"][vs] == "human":
            return "Your turn"
        return f"{and_list([names[s] for s in state.to_act])} to play"

    def live_html(self) -> str:
        """What the polite live region says: the newest log entries in plain words when the log grows, then
        whose turn it is, or the result (names in ``<bdi>``).  It changes only when one of those does (a
        screen reader reads it once); it is empty off the game screen."""
        if self.s.screen != "game" or self.s.state is None or self.s.meta is None or self.s.game is None:
            self._live, self._live_mark = "", None
            return ""
        state, names = self.s.state, self.s.meta["names"]
        mark = (self.s.meta["id"], len(state.log), tuple(state.to_act), state.is_over, self.s.handoff_seat(),
                len(state.history))
        old = self._live_mark
        if old == mark:
            return self._live
        parts = []
        def say(make: Callable[[list[str]], str]) -> None:
            text = make([f"\ue000{i}\ue001" for i in range(len(names))]).strip()
            parts.append(names_html(lambda n: text, names) + ("" if text.endswith((".", "!", "?")) else "."))
        undone = old is not None and old[0] == mark[0] and len(state.history) < old[5]
        if undone:                                     # an undo: said, whether or not the action had logged
            say(lambda n: "Undone: your last action was taken back.")
        elif old is not None and old[0] == mark[0] and len(state.log) > old[1]:
            for entry in state.log[old[1]:][-5:]:
                say(functools.partial(plain_entry, entry))
        out = state.outcome()
        handoff = self.s.handoff_seat()
        if out is not None:
            say(lambda n: f"Game over: {outcome_text(out, n)}.")
        elif handoff is not None:
            say(lambda n: f"Pass the device to {n[handoff]}.")
        elif old is None or old[0] != mark[0] or old[2] != mark[2]:
            vs = self.s.view_seat()
            if vs is not None and vs in state.to_act and self.s.meta["seats"][vs] == "human":
                say(lambda n: "Your turn.")
            else:
                say(lambda n: f"{and_list([n[s] for s in state.to_act])} to play.")
        self._live, self._live_mark = " ".join(parts), mark
        return self._live

    # ================================================================ the screen
    def render(self) -> str:
        _game, state, meta = self.s.playing()
        names = meta["names"]
        handoff = self.s.handoff_seat()
        if handoff is not None:                        # (the notices go in front, not behind it)
            return self._render_handoff(names[handoff]).replace("<!--notices-->", notices_html(self.s.messages), 1)
        cover = self.sharing.corr_cover()              # a game by link: "are you <name>?" first
        if cover is not None:
            return cover.replace("<!--notices-->", notices_html(self.s.messages), 1)
        vs = self.s.view_seat()
        interactive = vs is not None and vs in state.to_act and meta["seats"][vs] == "human"
        actions = state.legal_actions(vs) if vs is not None and interactive else []
        free = [a for a in self.s.free_actions(vs) if all(a.id != b.id for b in actions)]
        if free:                                       # "at any time": offered to the viewer even off turn
            actions, interactive = actions + free, True
        mod = board_module(_game.id)             # (None: a game without a renderer of its own)
        view = state.view(vs)
        if isinstance(view, dict) and isinstance(view.get("log"), list):
            # the whole log (public events), numbered from the first, with the hints asked at their places
            view["log"] = hintlib.with_hints(state.log, self.s.hints, vs, _game.private_views) if self.s.hints \
                else list(state.log)
        with table_choices(self.s.log_seat, self.s.log_steps, self.s.folds):   # the log, the folds: as asked
            board = (mod.render if mod is not None else generic_render)(view, actions, seat=vs, names=names,
                                                                        interactive=interactive)
        hint = self.hints.current(self.hints.seat()) if interactive else None
        if hint is not None:                           # the suggested move's controls, marked
            board = hintlib.mark(board, hint["action"], hint["seat"])
        coach = self.coach.render() if self.coach is not None else ""
        if coach and interactive and self.coach is not None:     # a guided game: the control the coach asks for
            board = self.coach.mark(board)
        board = board.replace(LOG_FILTER_SLOT, log_filter_html(names, self.s.log_seat), 1)
        banner = (self._render_outcome(mod) + self.sharing.render_summary() if state.is_over
                  else self.sharing.corr_panel() or self._render_turn(vs, interactive))
        live = self.live_panel() if self.live_panel is not None else ""   # beside the board, never above it
        banner = coach + live + self.glance.render(_game.id, view) + banner   # the coach, the card, whose turn
        if self.why is not None:                        # why the last tap on the board did nothing
            banner += self.why.render()
        zoom = self.s.settings.get("board_zoom", "auto")
        return (f'<section class="game" aria-labelledby="game-title">'
                f'<h2 id="game-title" class="sr-only">{esc(_game.title)}</h2>'
                f'{self._render_game_bar(vs, zoom_buttons(zoom, embed=self.s.embed))}<div class="turn-area">{banner}</div>'
                f'<div class="game-board" data-zoom="{esc(zoom)}">{board}</div>'
                '</section>')

    @staticmethod
    def _render_handoff(name: str) -> str:
        return (f'<section class="handoff" role="dialog" aria-modal="true"><div class="handoff-box">'
                f'<h2>Pass the device to {bdi(name)}</h2><!--notices-->'
                f'<p>{bdi(name)}, tap the button when only you can see the screen.</p>'
                + button(f"I am {bdi(name)}: show my turn", nav="handoff-ok", cls="primary big")
                + "</div></section>")

    def _render_outcome(self, mod: ModuleType | None) -> str:
        """The game-over banner: who won (every kind of outcome), why, the scores if the game gives them."""
        _game, state, meta = self.s.playing()
        names = meta["names"]
        out = state.outcome()
        if out is None:
            return ""
        named = getattr(mod, "named", None)      # the game's "P1" -> the seat's name
        reason = names_html(lambda n: named(out.reason, n), names) if named else esc(out.reason)
        scores = ""
        if out.scores is not None:
            scores = ('<span class="scores">' + " · ".join(
                f"{seat_html(s, names[s] if s < len(names) else loglib.seat_name(s))} {esc(v)}"
                for s, v in enumerate(out.scores)) + "</span> ")
        seed = (f'<span class="seed">Seed {state.seed}: this seed and the moves replay the game.</span> ')
        return (f'<div class="outcome" data-kind="{esc(out.kind)}" role="status"><strong>Game over: '
                f'{names_html(lambda n: outcome_text(out, n), names)}!</strong> <span>{reason}</span> {scores}{seed}'
                '<span class="button-row">' + button("Watch the replay", nav="replay", cls="small primary")
                + ("" if self.s.embed else button("Share…", nav="share", cls="small")
                   + button("Play again", nav="new-again", cls="small primary")
                   + button("Back to the shelf", nav="shelf", cls="small"))
                + "</span>" + ("" if self.s.embed else f'<small class="share-note">{esc(SHARE_NOTE)}</small>')
                + "</div>")

    def _render_turn(self, vs: int | None, interactive: bool) -> str:
        """Whose turn it is and, for the human to act, what the others did since their last move."""
        _game, state, meta = self.s.playing()
        names = meta["names"]
        who = ", ".join(seat_html(s, names[s]) + (" (you)" if s == vs and interactive else "") for s in state.to_act)
        thinking = " (thinking…)" if self.bots.pending() else ""
        banner = f'<div class="turn-banner">To play: <strong>{who}</strong>{thinking}</div>'
        away = [s for s in state.to_act if meta["seats"][s] == "remote"]
        if away:                                       # live play: the turn waits on a friend's own device
            banner += (f'<p class="live-wait" role="status">Waiting for the move of '
                       f'{", ".join(seat_html(s, names[s]) for s in away)} on their own device.</p>')
        if vs is not None and meta["seats"][vs] == "human":
            banner += self.hints.render(vs) + self._render_recap(vs)
        return banner

    def _render_recap(self, vs: int) -> str:
        """What happened since the viewer's last move (their first: since the start), in names and colours.

        The box is there all game long with the same height (it scrolls), so the board below never moves;
        after the viewer's first action of a turn it keeps what the others did before it."""
        _game, state, meta = self.s.playing()
        seen = self.s.seen_log.get(vs, 0)
        return recap_box(state.log, seen, self.s.recap.get(vs, (0, 0)), meta["names"], vs in self.s.seen_log)

    def _render_game_bar(self, vs: int | None, zoom: str = "") -> str:
        """The names of the seats, then the tools (undo, replay, share, export, rules, shelf, settings) and the
        board-size buttons (shown on narrow or touch screens)."""
        game, state, meta = self.s.playing()
        to_act = state.to_act
        seats_html = (" with " if self.s.together(state) else " vs ").join(
            f'<span class="seat-name seat-{i} p{i}{" to-act" if i in to_act else ""}">'
            f'<span class="seat-dot" aria-hidden="true"></span>{bdi(n)}'
            f'{"" if meta["seats"][i] == "human" else " <small>(friend)</small>" if meta["seats"][i] == "remote" else " <small>(bot)</small>"}'
            f'{"<span class=sr-only> (to play)</span>" if i in to_act and not state.is_over else ""}</span>'
            for i, n in enumerate(meta["names"]))
        undo = ""
        if vs is not None and meta["seats"][vs] == "human" and state.can_undo(vs):
            undo = button("Undo", nav="undo", cls="small", title="take back your last action")
        if self.s.embed:
            tools = undo + self.glance.button_html(game.id)
        else:
            keep = (button("Save it in this browser", nav="link-save", cls="small primary")
                    if self.s.link is not None and not self.s.link["saved"] else "")
            more = (button("Replay", nav="replay", cls="small", title="watch this game from the start")
                    + button("Share…", nav="share", cls="small", title="a link that carries this game: " + SHARE_NOTE)
                    + button("Export", nav="export", cls="small", title="download this game as a file")
                    + self.glance.button_html(game.id) + button("Rules", nav=f"rules:{game.id}", cls="small")
                    + button("Shelf", nav="shelf", cls="small")
                    + self._render_settings(any(s != "human" for s in meta["seats"])))
            # (parts: the secondary tools and the board sizes change only when opened or chosen, so most
            # updates send them as their names only and the page keeps their nodes: pyapp.ui.markup.part)
            tools = undo + keep + self._more_html(more)
        if self.s.embed:
            tools += part("game-settings", self._render_settings(any(s != "human" for s in meta["seats"])))
        tools += part("game-zoom", zoom)
        return (f'<div class="game-bar"><div class="seats">{seats_html}</div>'
                f'<div class="tools button-row">{tools}</div></div>')

    def _more_html(self, tools: str) -> str:
        """The secondary tools (replay, share, export, the card, rules, shelf, settings) behind one "More" button
        on a narrow screen, so that the bar is a line of names and one of tools (web/ui.css, "the table"); a wide
        screen shows them in the bar and no button.  Open while the settings it holds are open."""
        opened = self.more_open or self.s.settings_open
        return (f'<button type="button" class="btn small more-toggle" data-nav="more" aria-controls="bs-more-tools" '
                f'aria-expanded="{"true" if opened else "false"}">More<span class="sr-only"> tools</span></button>'
                + part("game-more", f'<span class="more-tools{" open" if opened else ""}" id="bs-more-tools">{tools}</span>'))

    def _render_settings(self, bots: bool) -> str:
        """The app's settings a game screen offers: the bots' pace, the questions before risky moves, the
        board's size, and (not in an embedded game) live play's STUN/TURN servers, drawn by live play itself
        (:meth:`pyapp.ui.screens.live.LivePlay.ice_html`: the same control as on its panel, one setting)."""
        if not self.s.settings_open:                    # (closed: its summary only, issue 31)
            return '<details class="app-settings"><summary data-nav="settings">Settings</summary></details>'

        def select(name: str, label: str, choices: dict) -> str:
            cur = self.s.settings.get(name)
            opts = "".join(f'<option value="{esc(v)}"{" selected" if v == cur else ""}>{esc(t)}</option>'
                           for v, t in choices.items())
            return f'<label class="field setting">{esc(label)} <select data-input="setting-{name}">{opts}</select></label>'
        speed = select("bot_speed", "Bot speed", BOT_SPEED_LABELS) if bots else ""
        ask = select("confirm", "Ask before a move that looks like a mistake",
                     {"ask": "Yes", "never": "No"})
        zoom = select("board_zoom", "Board size", ZOOM_LABELS)
        servers = self.ice_setting("settings") if self.ice_setting is not None and not self.s.embed else ""
        return (f'<details class="app-settings" open>'
                f'<summary data-nav="settings">Settings</summary>{speed}{ask}{zoom}{servers}</details>')

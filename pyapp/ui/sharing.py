"""The app's replays, game links and play by correspondence: the replay screen and the share panel, a part of
the app over the session (:class:`pyapp.ui.session.Session`) and its saves (:class:`pyapp.ui.store.SaveStore`).

Navs (``data-nav``): ``replay`` (the game on screen), ``replay-save:<save id>`` (from the saves list),
``rp:<control>`` (the replay screen's controls, :meth:`pyapp.ui.replay.Replay.command`, and ``rp:close``),
``share`` (the game on screen) / ``share-save:<save id>`` / ``share-close`` (the share panel),
``link-me:<seat>`` ("yes, I am <name>": take that seat of a game opened from a link), ``link-save`` (keep a
game opened from a link in this browser).  ``copy-link`` is the browser glue's: it copies :meth:`share_link`.
Inputs (``data-input``): ``replay-step`` (the slider), ``replay-seat`` (whose view).

A game opened from a link (``#/link/<data>``, :mod:`pyapp.ui.links`) is not saved until the person asks
(``link-save``).  Finished, or with no person's seat: its replay.  In progress: play by correspondence.
The page asks "are you <name>?" for the seat whose turn it is, shows the game from that seat's view and lets
it move (bots play at once), and when the turn has passed to another person it offers the link to send back.
"""
from __future__ import annotations

from ..engine import IllegalAction, saves
from ..engine.saves import SaveError
from . import links
from . import replay as replaylib
from .boards import board_function, zoom_buttons
from .ending import SHARE_NOTE, share_box, summary_html
from .markup import bdi, button, esc, isolate
from .store import save_error
from .text import seat_html

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from ..engine.core import Game, State
    from .runner import BotRunner
    from .session import Session
    from .store import SaveStore


class Sharing:
    """Replays, links and correspondence (see the module docstring)."""

    def __init__(self, session: Session, store: SaveStore, bots: BotRunner) -> None:
        self.s = session
        self.store = store
        self.bots = bots

    def navs(self) -> dict[str, Callable[[str], None]]:
        """This part's ``data-nav`` commands."""
        return {"replay": self._nav_replay, "replay-save": self._nav_replay_save, "rp": self._nav_replay_control,
                "share": self._nav_share, "share-save": self._nav_share_save, "share-close": self._nav_share_close,
                "link-me": self._nav_link_me, "link-save": self._nav_link_save}

    # ================================================================ links
    def link_url(self, save: dict) -> str:
        """The whole link (the app's address, then ``#/link/<data>``) of a save dict."""
        return self.s.page_url + links.fragment(save)

    def share_link(self) -> str | None:
        """The link the share panel (or the "send it back" panel) shows: what the glue's ``copy-link`` copies."""
        if self.s.share is not None:
            return str(self.s.share["url"])
        if self.s.state is not None and self.s.meta is not None and self.s.link is not None:
            return self.link_url(self.store.current_save())
        return None

    def open_link(self, text: str) -> bool:
        """Open a game link's data (``#/link/<data>``): its replay (a finished game, or no person's seat) or the
        game by correspondence.  Anything wrong with it is a notice; False then (the screen stays)."""
        try:
            d = links.decode(text)
            try:
                state, meta = saves.load_save(d)
            except SaveError as exc:      # said of the link, with what the save's fields say
                raise SaveError(links.as_link(save_error(exc, d))) from None
        except SaveError as exc:
            self.s.notify(f"Could not open the game link: {exc}")
            return False
        except Exception as exc:  # a rules bug must not take the app down
            self.s.notify(f"Could not open the game link ({type(exc).__name__}).")
            return False
        meta = dict(meta, id=saves.new_id(), title="")
        self.s.enter_game(state, meta)
        self.s.link = {"saved": False, "me": None}
        self.s.viewer = None
        if state.is_over or not self.s.humans():
            self.start_replay(back="game")
        return True

    def corr(self) -> bool:
        """Play by correspondence: a game opened from a link, still being played."""
        return self.s.link is not None and self.s.state is not None and not self.s.state.is_over

    def corr_waiting(self) -> list[int]:
        """The people whose turn it is now that this page's person has played (the link goes to them)."""
        if not self.corr() or self.s.link is None or self.s.link["me"] is None or self.bots.pending():
            return []
        _game, state, meta = self.s.playing()
        if self.s.link["me"] in state.to_act:
            return []
        return [s for s in state.to_act if meta["seats"][s] == "human"]

    def corr_cover(self) -> str | None:
        """Before the person says who they are: "You are <name>?" (hot-seat hand-off style), or None."""
        if not self.corr() or self.s.link is None or self.s.link["me"] is not None:
            return None
        _game, state, meta = self.s.playing()
        names = meta["names"]
        due = [s for s in state.to_act if meta["seats"][s] == "human"]
        if not due:
            return None
        who = " and ".join(seat_html(s, names[s]) for s in due)
        yes = "".join(button(f"Yes, I am {bdi(names[s])}: show my turn", nav=f"link-me:{s}", cls="primary big")
                      for s in due)
        return (f'<section class="handoff link-cover" role="dialog" aria-modal="true" aria-labelledby="link-q">'
                f'<div class="handoff-box"><h2 id="link-q">A game sent by link: it is {who}’s turn</h2>'
                f'<!--notices--><p>You are {who}? Only that player should look at the game from here on.</p>'
                f'<div class="button-row">{yes}{button("No, watch the replay", nav="replay")}</div>'
                f'<p class="share-note">{esc(SHARE_NOTE)}</p></div></section>')

    def corr_panel(self) -> str:
        """After the person's turn: the link to send back (text field and copy button), in place of the turn line."""
        waiting = self.corr_waiting()
        if not waiting:
            return ""
        _game, _state, meta = self.s.playing()
        who = " and ".join(seat_html(s, meta["names"][s]) for s in waiting)
        url = self.link_url(self.store.current_save())
        intro = (f'<p>Your turn is done. It is {who}’s turn: copy the link and send it to them '
                 '(by message or e-mail). Opening it shows them the game at their turn.</p>')
        return share_box(url, heading="Copy the link to send back", intro=intro).replace(
            'role="dialog" ', 'role="region" ', 1).replace('class="share-box"', 'class="share-box corr-send"', 1)

    # ================================================================ replays
    def start_replay(self, *, back: str) -> None:
        game, state, meta = self.s.playing()
        vs = self.s.view_seat()
        me = vs if vs is not None and meta["seats"][vs] == "human" else None
        self._open_replay(game, state.players, state.seed, state.options, state.history, meta["names"], me,
                          back=back, hints=self.s.hints)

    def _open_replay(self, game: Game, players: int, seed: int, options: dict, actions: list, names: list,
                     me: int | None, *, back: str, hints: list | None = None, raw_hints: object = None) -> bool:
        """Open the replay screen.  Views: every seat's if the game is over (everything may be revealed), else
        the public view and ``me`` (the seat of the person watching, if there is one).  ``hints``: the game's
        hints (:mod:`pyapp.ui.hints`), or ``raw_hints`` as a save holds them (checked here; a bad list is left
        out with a notice)."""
        try:
            rp = replaylib.Replay(game, players, seed, options, actions, names=names,
                                  seats_allowed=[None, *range(players)])
        except IllegalAction as exc:
            self.s.notify(f"This game cannot be replayed ({exc}).")
            return False
        except Exception as exc:  # a rules bug must not take the app down
            self.s.notify(f"This game cannot be replayed ({type(exc).__name__}).")
            return False
        rp.hints = list(hints or []) or self._replay_hints(rp, raw_hints)
        if not rp.finished:
            rp.allowed = [None] + ([me] if me is not None else [])
        rp.seat = me if me in rp.allowed else None
        self.s.replay, self.s.replay_back, self.s.screen, self.s.replay_sid = rp, back, "replay", None
        return True

    def _replay_hints(self, rp: replaylib.Replay, raw: object) -> list[dict]:
        """The hints a save records, checked against the replay's own states (hostile input)."""
        from . import hints as hintlib
        if raw is None:
            return []
        start = rp.step

        def state_at(step: int) -> State:
            rp.go(step)
            return rp.state()
        try:
            return hintlib.resolve_with(hintlib.check(raw, actions=rp.n, players=rp.players), state_at)
        except hintlib.HintsError as exc:
            self.s.notify(str(exc), "info")
        except Exception as exc:  # a rules bug: the replay still opens
            self.s.notify(f"This game's record of hints could not be read ({type(exc).__name__}), so it was left "
                        "out; the game itself is fine.", "info")
        finally:
            rp.go(start)
        return []

    def _nav_replay(self, arg: str) -> None:
        if self.s.state is not None and self.s.screen in ("game", "replay"):
            self.start_replay(back="game")

    def _nav_replay_save(self, sid: str) -> None:
        """A saved game's replay (from the saves list): every seat's view if it is over, else the public view
        and the seat of its one person (a hot-seat game in progress: the public view only)."""
        from .. import games
        try:
            d = saves.check_header(self.s.storage.get(self.s.key(sid)) or "")
            game = games.get(d["game"])
        except (SaveError, LookupError) as exc:
            self.s.notify(f"Could not replay the save: {exc}")
            return
        people = [i for i, s in enumerate(d["seats"]) if s == "human"]
        given = [str(n) for n in d.get("names") or []][:d["players"]]
        given += [""] * (d["players"] - len(given))
        names = [isolate(n) or isolate(f"Player {i + 1}") for i, n in enumerate(given)]     # as the app keeps names
        if self._open_replay(game, d["players"], d["seed"], d.get("options") or {}, d["actions"], names,
                             people[0] if len(people) == 1 else None, back="shelf", raw_hints=d.get("hints")):
            self.s.replay_sid = sid

    def _nav_replay_control(self, arg: str) -> None:
        rp = self.s.replay
        if self.s.screen != "replay" or rp is None:
            return
        if arg == "close":
            self.s.replay = None
            self.s.screen = self.s.replay_back if self.s.replay_back != "game" or self.s.state is not None else "shelf"
            return
        rp.command(arg)

    def replay_input(self, name: str, value: str) -> bool:
        rp = self.s.replay
        if name not in ("replay-step", "replay-seat"):
            return False
        if rp is not None and self.s.screen == "replay":
            if name == "replay-step":
                rp.command(f"go:{value.strip()}")
            elif not rp.command(f"seat:{value}"):
                self.s.notify("That view is not shown in this replay: it would show what you may not see.")
        return True

    def render_replay(self) -> str:
        rp = self.s.replay
        if rp is None:
            return ""
        extra = ""
        if self.s.link is not None and not self.s.link["saved"] and self.s.replay_back == "game":
            extra = ('<p class="link-note">This game came by link. '
                     + button("Save it in this browser", nav="link-save", cls="small") + "</p>")
        zoom = str(self.s.settings.get("board_zoom", "auto"))      # the board's size and its buttons, as in a game
        return replaylib.render(rp, board_function(rp.game.id), title=rp.game.title, extra_html=extra, zoom=zoom,
                                zoom_html=zoom_buttons(zoom, embed=self.s.embed))

    # ================================================================ sharing
    def _nav_share(self, arg: str) -> None:
        if self.s.state is None or self.s.meta is None:
            return
        self.s.share = {"url": self.link_url(self.store.current_save()), "heading": "Share this game as a link"}
        self.s.focus_next = "[data-share-link]"

    def _nav_share_save(self, sid: str) -> None:
        try:
            d = saves.check_header(self.s.storage.get(self.s.key(sid)) or "")
        except SaveError as exc:
            self.s.notify(f"Could not share the save: {exc}")
            return
        self.s.share = {"url": self.link_url(d), "heading": "Share this saved game as a link"}
        self.s.focus_next = "[data-share-link]"

    def _nav_share_close(self, arg: str) -> None:
        self.s.share = None

    def render_share(self) -> str:
        s = self.s.share
        if s is None:
            return ""
        return share_box(str(s["url"]), heading=str(s["heading"]),
                         intro="<p>Send this link to anyone: opening it shows the game (or, if it is not over, "
                               "lets the player whose turn it is take it and send a link back).</p>")

    def _nav_link_me(self, arg: str) -> None:
        if not self.corr() or self.s.link is None or not arg.isdigit():
            return
        _game, state, meta = self.s.playing()
        s = int(arg)
        if s in state.to_act and meta["seats"][s] == "human":
            self.s.link["me"] = s
            self.s.viewer = s

    def _nav_link_save(self, arg: str) -> None:
        if self.s.link is None or self.s.link["saved"] or self.s.meta is None:
            return
        self.s.link["saved"] = True
        self.store.autosave()
        if self.s.storage.get(self.s.key(self.s.meta["id"])) is None:
            self.s.link["saved"] = False
            return
        if self.s.current_key:
            self.s.write(self.s.current_key, self.s.meta["id"], "the current game marker")
        self.s.notify("This game is now in your saved games.", "info")

    def render_summary(self) -> str:
        if self.s.state is None or self.s.game is None or self.s.meta is None or not self.s.state.is_over:
            return ""
        return summary_html(self.s.game, self.s.state, self.s.meta["names"])

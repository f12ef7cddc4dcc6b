"""What every part of the app shares: the screen on show, the game on the table, the notices and questions, the
settings and the storage.  :class:`Session` holds it; the screens (:mod:`pyapp.ui.screens`) and services
(:mod:`pyapp.ui.store`, :mod:`pyapp.ui.runner`, :mod:`pyapp.ui.sharing`) read and change it, and
:class:`pyapp.ui.app.App` is a session that routes the page's events to them.

Nothing here renders a screen or imports one: the parts depend on the session, never the other way round.
"""
from __future__ import annotations

from ..engine import saves
from ..engine.util import random_below
from . import hints as hintlib
from . import seats as seatlib
from .storage import SETTINGS, QuotaError, load_settings, save_settings
from .text import MAX_NOTICE, MAX_TITLE, clip, readable_time, truthy

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from ..engine.core import Action, Game, State
    from . import replay as replaylib
    from .storage import Storage

MAX_MESSAGES = 6
APP_SCREENS = ("shelf", "setup", "game", "rules", "replay", "friend")
# how long a notice stays before it dismisses itself (the browser glue times it)
NOTICE_MS = {"info": 6000, "error": 12000}

# A quiet status line while the storage keeps nothing (``persistent = False``: the browser glue's memory
# fallback where the browser denies storage).  Browser tests look for "will not be saved".
NOT_SAVED_NOTE = ("Games will not be saved: this browser does not let Boardshelf store anything here, "
                  "so they last only while this page is open.")


class Session:
    """The app's shared state and the small services every part uses (see the module docstring)."""

    def __init__(self, storage: Storage, query: dict | None = None, *, clock: Callable[[], str] | None = None,
                 random_seed: Callable[[], int] | None = None, embedded: bool | None = None,
                 local_time: Callable[[str], str] | None = None, page_url: str = "") -> None:
        self.storage = storage
        self.page_url = page_url                        # the app's address without query or fragment (for links)
        self.replay: replaylib.Replay | None = None     # the replay on the replay screen
        self.replay_back = "shelf"                      # where closing the replay goes
        self.replay_sid: str | None = None              # the save a replay from the saves list shows
        self.focus_next: str | None = None              # what the glue focuses after the next update (once)
        self.share: dict | None = None                  # the share panel on screen: {url, heading}
        # a game opened from a link (:mod:`pyapp.ui.links`): {saved (kept in this browser), me (the
        # seat the person said they are, or None)}; play by correspondence while it is set
        self.link: dict | None = None
        self.local_time = local_time or readable_time   # a stored UTC time as the player reads it
        self.settings = load_settings(storage)          # bot speed, questions before risky moves
        self.settings_open = False                      # the game screen's Settings section is open
        self.log_seat: int | None = None                # the log shows only this seat's entries (None: all)
        self.log_steps: int | None = 0                  # the log's earlier lines shown (None: all)
        self.folds: set[str] = set()                    # the game's panels turned from their default (markup.fold)
        self.recap: dict[int, tuple[int, int]] = {}     # seat -> the log range its recap box shows
        self.seen_log: dict[int, int] = {}              # seat -> log length when that human last acted
        self.query = {k: (v[0] if isinstance(v, list) and v else v) for k, v in dict(query or {}).items()}
        self.clock = clock or saves.now_iso
        self.random_seed = random_seed or (lambda: random_below(1_000_000_000))
        self.messages: list[dict] = []
        self.msg_counter = 0
        self.screen = "shelf"
        self.back_to = "shelf"
        self.embed = truthy(self.query.get("embed", ""))
        # Where this app keeps its games: the player's main saves and current-game marker, or (embedded)
        # a namespace of its own, so an embedding page never resumes or changes the player's own games.
        # (stays True when a bad embed link shows the chrome; ``embedded=True``: the glue's fallback app when
        # an embed link could not be opened at all)
        self.embedded = self.embed if embedded is None else embedded
        self.save_prefix = saves.EMBED_SAVE_PREFIX if self.embedded else saves.SAVE_PREFIX
        self.current_key: str | None = None if self.embedded else saves.CURRENT_KEY
        self.fast = truthy(self.query.get("fast", ""))
        self.setup: dict | None = None
        self.game: Game | None = None
        self.state: State | None = None
        self.meta: dict | None = None
        self.viewer: int | None = None      # the human seat whose view is on screen (hot seat)
        # "What would the bot do?" (pyapp.ui.hints): the hints asked in this game ({step, seat, action, label,
        # log}); the one being thought about is the hint runner's (pyapp.ui.runner)
        self.hints: list[dict] = []
        self.rules_for: str | None = None
        self.confirm: dict | None = None     # {text, yes, no, do}: a question on screen
        self.step_game: str | None = None    # the game whose setup step owns the screen on show
        # a storage that keeps nothing (the glue's memory fallback) gets a quiet, lasting status line
        self.storage_note = NOT_SAVED_NOTE if getattr(storage, "persistent", True) is False else None

    # ================================================================ notices, questions, screens
    def notify(self, text: str, level: str = "error") -> None:
        """A notice for the player; outside text in ``text`` must already be put in :func:`~pyapp.ui.text.quote`."""
        text = clip(text, MAX_NOTICE)
        if any(m["text"] == text for m in self.messages):
            return
        self.msg_counter += 1
        self.messages.append({"id": self.msg_counter, "level": level, "text": text})
        del self.messages[:-MAX_MESSAGES]

    def ask(self, question: str, on_yes: Callable[[], None], *, yes: str = "Delete", no: str = "Keep",
            setting: str | None = None) -> None:
        """Put a question on screen; ``setting``: the setting a "don't ask again" answer turns off."""
        self.confirm = {"text": question, "yes": yes, "no": no, "do": on_yes, "setting": setting}

    def show(self, screen: str, gid: str | None = None) -> None:
        if screen not in APP_SCREENS:
            self.step_game = gid
        self.screen = screen

    def set_setting(self, name: str, value: str) -> None:
        if value not in SETTINGS.get(name, ()):
            return
        self.settings[name] = value
        try:
            save_settings(self.storage, self.settings)
        except Exception:  # storage full or denied: the setting holds for this visit
            pass

    # ================================================================ storage
    def write(self, key: str, value: str, what: str) -> bool:
        """Write to storage; on failure (full, blocked) the player gets a notice and False comes back."""
        try:
            self.storage.set(key, value)
            return True
        except QuotaError:
            self.notify(f"Storage is full: {what} could not be saved. Your other saves are untouched; "
                        "delete old saves or export this one to free space.")
        except Exception as exc:  # storage disabled, private mode...
            self.notify(f"Could not save {what}: {exc}")
        return False

    def key(self, sid: str) -> str:
        """Where save ``sid`` of this app's namespace (main or embedded) is stored."""
        return self.save_prefix + sid

    # ================================================================ the game on the table
    def setup_now(self) -> dict:
        """The setup being edited (for code that runs only while there is one)."""
        st = self.setup
        if st is None:
            raise LookupError("There is no game being set up.")
        return st

    def playing(self) -> tuple[Game, State, dict]:
        """The game on screen, its state and its meta (for code that runs only while a game is on screen)."""
        game, state, meta = self.game, self.state, self.meta
        if game is None or state is None or meta is None:
            raise LookupError("There is no game on screen.")
        return game, state, meta

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.meta["seats"]) if s == "human"] if self.meta else []

    def single_human(self) -> int | None:
        h = self.humans()
        return h[0] if len(h) == 1 else None

    def human_to_act(self) -> int | None:
        if self.state is None or self.meta is None:
            return None
        for s in self.state.to_act:
            if self.meta["seats"][s] == "human":
                return s
        return None

    def handoff_seat(self) -> int | None:
        """The human seat the device must be passed to before anything is shown (hot seat), or None."""
        if self.state is None or len(self.humans()) < 2 or self.state.is_over or self.link is not None:
            return None                    # (a game by link asks "are you <name>?" instead, once)
        if self.game is not None and not self.game.private_views:
            return None                         # nothing is hidden between seats: no hand-off screen
        h = self.human_to_act()
        return h if h is not None and h != self.viewer else None

    def view_seat(self) -> int | None:
        """Whose view is rendered: the one human, the last human handed the device, or None (spectator)."""
        humans = self.humans()
        if not humans:
            return None
        if self.link is not None:          # a game opened from a link: the seat the person said they are
            return self.link["me"]
        if len(humans) == 1:
            return humans[0]
        if self.game is not None and not self.game.private_views:
            h = self.human_to_act()             # everything is public: the board follows whoever is to act
            if h is not None:
                self.viewer = h
            return self.viewer if self.viewer is not None else humans[0]
        return self.viewer

    @staticmethod
    def together(state: State) -> bool:
        """The seats of this game play as one team (:meth:`pyapp.engine.core.Game.plays_together`)."""
        return bool(state.game.plays_together(state.options, state.players))

    def free_actions(self, vs: int | None) -> list[Action]:
        """The viewing human's "at any time" actions (``State.free_actions``), also when not to act."""
        if vs is None or self.state is None or self.meta is None or self.meta["seats"][vs] != "human" \
                or self.state.is_over:
            return []
        free = getattr(self.state, "free_actions", None)
        return free(vs) if free is not None else []

    def seat_name(self, i: int, seat: str, typed: str = "") -> str:
        """The name seat ``i`` plays under in the game being set up or played (:func:`pyapp.ui.seats.seat_name`)."""
        gid = self.setup["game"] if self.setup else self.game.id if self.game else ""
        return seatlib.seat_name(gid, i, seat, typed)

    def enter_game(self, state: State, meta: dict) -> None:
        """Put a game on the table (a save opened, a file imported, a link followed): its names, its hints,
        where each person's recap starts."""
        self.game, self.state = state.game, state
        self.link = self.replay = self.share = None
        names = list(meta.get("names") or [])
        seats = list(meta["seats"])
        self.setup = {"game": state.game.id}
        names = seatlib.distinct([self.seat_name(i, s, names[i] if i < len(names) else "")
                                  for i, s in enumerate(seats)])
        self.meta = {"id": meta["id"], "seats": seats, "names": names, "created": meta.get("created") or self.clock(),
                     "title": clip(meta.get("title") or f"{seatlib.joined(names, self.together(state))} — {state.game.title}",
                                   MAX_TITLE)}
        if isinstance(meta.get("tutorial"), str):      # a guided game (pyapp.ui.coach)
            self.meta["tutorial"] = meta["tutorial"]
        self.viewer = self.single_human()
        self.seen_log, self.recap = self._read_recap(meta.get("recap"), len(state.log), len(seats))
        self.hints = self._read_hints(state, meta.get("hints"))
        self.log_seat, self.log_steps, self.folds = None, 0, set()
        self.screen = "game"
        self.game_changed()

    def start_game(self, game: Game, state: State, meta: dict) -> None:
        """Put a new game (from the setup screen) on the table."""
        self.game, self.state, self.meta = game, state, meta
        self.viewer = self.single_human()
        self.seen_log, self.recap = {}, {}
        self.hints = []
        self.link = self.replay = self.share = None
        self.screen = "game"
        self.game_changed()

    def leave_game(self) -> None:
        kept = self.link is None or self.link["saved"]     # a game opened from a link and not saved: no marker
        self.game = self.state = self.meta = None
        self.viewer = None
        self.link = None
        self.hints = []
        self.game_changed()
        if self.current_key and kept:
            self.storage.remove(self.current_key)

    def game_changed(self) -> None:
        """Another game is on the table (or none): the parts drop what they kept about the last one."""

    def _read_hints(self, state: State, raw: object) -> list[dict]:
        """The hints a save or a link records (hostile input: :mod:`pyapp.ui.hints`); a bad list is left out
        with a notice."""
        if raw is None:
            return []
        try:
            records = hintlib.check(raw, actions=len(state.history), players=state.players)
            return hintlib.resolve(records, state.game, state.players, state.seed, state.options, state.history)
        except hintlib.HintsError as exc:
            self.notify(str(exc), "info")
        except Exception as exc:  # a rules bug while replaying: the game still opens
            self.notify(f"This game's record of hints could not be read ({type(exc).__name__}), so it was left "
                        "out; the game itself is fine.", "info")
        return []

    def with_hints(self, save: dict) -> dict:
        """``save`` with the hints asked in this game (none: no ``hints`` key, as saves were before)."""
        if self.hints:
            save["hints"] = hintlib.stored(self.hints)
        return save

    @staticmethod
    def _read_recap(d: object, log_len: int, players: int) -> tuple[dict[int, int], dict[int, tuple[int, int]]]:
        """The recap positions a save keeps (``{"<seat>": [seen, from, to]}``); anything malformed is left out."""
        seen: dict[int, int] = {}
        ranges: dict[int, tuple[int, int]] = {}
        if not isinstance(d, dict):
            return seen, ranges
        for k, v in d.items():
            if not (isinstance(k, str) and k.isdigit() and int(k) < players and isinstance(v, list) and len(v) == 3
                    and all(type(x) is int and 0 <= x <= log_len for x in v) and v[1] <= v[2]):
                continue
            seen[int(k)] = v[0]
            if v[2] > v[1]:
                ranges[int(k)] = (v[1], v[2])
        return seen, ranges

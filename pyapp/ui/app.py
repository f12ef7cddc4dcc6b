"""The app controller: screens, navigation, saves, bots, hot-seat hand-off.  Pure Python (no ``js``).

    app = App(storage, query={"game": "hexbattle", "seats": "human,bot", "seed": "42"})
    html = app.render()                  # the whole markup for the #app root
    app.handle("action", "draw")         # a data-action click (a game action id)
    app.handle("nav", "shelf")           # a data-nav click (screens, saves, undo, ...)
    app.handle("input", "seed", "7")     # a data-input field changed
    while app.bot_pending(): app.step_bot()

Screens: ``shelf``, ``setup``, ``game``, ``rules``, and the screens of a game's own setup step
(:mod:`pyapp.ui.steps`; Hex Battle's ``armies`` and ``builder``).  The app imports no game module:
games come from the registry, their renderer and setup step by name.
Every player-entered string is escaped (:func:`pyapp.ui.markup.esc`).

The app's ``data-nav`` values: ``shelf``, ``setup:<game>``, ``start``, ``reseed``, ``advanced`` (open or
close the setup's Advanced section), ``rules:<game>``, ``back``, ``load:<save id>``, ``delsave:<save id>``,
``confirm`` / ``confirm:never`` (yes, and do not ask that again) / ``cancel-confirm``, ``undo``, ``handoff-ok``,
``new-again``, ``dismiss:<message id>``, ``hint`` ("What would the bot do?", :mod:`pyapp.ui.hints`: the
answer comes from :meth:`App.step_hint`), ``logseat:<seat>|all`` (the log filter), ``settings`` (open or close the
game screen's Settings), ``zoom:fit|legible|large`` (the board's size, setting ``board_zoom``);
replays, links and correspondence: ``replay``, ``replay-save:<id>``, ``rp:<control>``, ``share``, ``share-save:<id>``,
``share-close``, ``link-me:<seat>``, ``link-save`` (:mod:`pyapp.ui.sharing`);
``export``, ``import`` and ``copy-link`` are handled by the browser glue (file download / file picker / clipboard).  Any other nav
goes to the setup step on screen (or to the step whose shelf button it is).
The app's ``data-input`` names: ``seed``, ``players``, ``seat-<i>`` (``human`` | ``bot:<name>``), ``name-<i>``,
``opt-<option>`` and, for a per-seat option, ``opt-<option>-<i>``, ``replay-step``, ``replay-seat``, ``setting-<name>`` (the app's settings,
:data:`pyapp.ui.storage.SETTINGS`: ``bot_speed``, ``confirm``, ``board_zoom``); others go to the setup step.

Following the game: the root carries the game's seat colours (``--seat-N``, from ``Game.seat_colours``); the
game screen shows the whole log (``view["log"]`` is the state's whole public log), a filter by seat, and a
"since your last move" box that is there all game long (kept with the save, so a reload shows it again).
An action with a ``confirm`` question is asked about before it is applied (setting ``confirm``).
For the browser glue: :meth:`App.title` (the tab title), :meth:`App.location` / :meth:`App.go_to` (one URL
fragment per screen, for Back), :meth:`App.bot_delay_ms` (the bots' pace), :meth:`App.notice_timeouts`; a polite
live region in the markup says the newest moves, whose turn it is and the result.

Query parameters: ``game``, ``seats`` (``human,bot`` | ``bot:<name>``; plain ``bot`` is the game's best bot),
``seed``, ``embed=1`` (no chrome, start at once), ``save=<save id>`` (open that saved game), ``fast=1``
(bots act without delay, read by the glue).
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

import functools
import importlib
import json
import re
import time

from .. import bots as botlib
from .. import games
from ..engine import IllegalAction
from ..engine import log as loglib
from ..engine import saves
from ..engine.util import random_below
from ..engine.saves import SaveError
from . import hints as hintlib
from . import links
from . import replay as replaylib
from .ending import SHARE_NOTE
from .markup import LOG_FILTER_SLOT, attrs, bdi, button, clip_text, esc, isolate, log_details
from .sharing import Sharing
from .steps import StepContext
from .storage import SETTINGS, QuotaError, load_settings, save_settings

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from types import ModuleType
    from typing import Any, Callable, Sequence

    from ..engine.core import Action, Game, Option, Outcome, State
    from .steps import SetupStep
    from .storage import Storage

MAX_MESSAGES = 6
APP_SCREENS = ("shelf", "setup", "game", "rules", "replay")
MAX_NOTICE = 500          # characters of a notice (outside text in it is quoted and shortened before that)
MAX_TITLE = 120           # characters of a save's title kept and shown
MAX_QUOTE = 60            # characters of outside text quoted in a notice
MAX_SEATS_STYLED = 6      # seats with a colour of their own (web/ui.css has the log filter rules up to this)
# the pause before each bot move (the "Bot speed" setting), so a person can follow the bots; ``fast=1``: none
BOT_DELAY_MS = {"slow": 1500, "normal": 800, "fast": 300, "instant": 0}
BOT_SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
# the board's size (setting ``board_zoom``): the buttons above the board, and the Settings section's choices
ZOOM_BUTTONS = (("fit", "Fit", "the whole board in the screen's width"),
                ("legible", "Legible", "the board large enough to read; it scrolls sideways"),
                ("large", "Larger", "the board larger still; it scrolls sideways"))
ZOOM_LABELS = {"auto": "Legible on phones, fit elsewhere", "fit": "Fit the width", "legible": "Legible",
               "large": "Larger"}
# how long a notice stays before it dismisses itself (the browser glue times it)
NOTICE_MS = {"info": 6000, "error": 12000}
RECAP_MAX = 40            # log entries the "since your last move" box lists (the log panel has them all)
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

# A quiet status line while the storage keeps nothing (``persistent = False``: the browser glue's memory
# fallback where the browser denies storage).  Browser tests look for "will not be saved".
NOT_SAVED_NOTE = ("Games will not be saved: this browser does not let Boardshelf store anything here, "
                  "so they last only while this page is open.")

_QUOTED_REASON_RE = re.compile(r"(This save's game settings are invalid|This save could not be replayed at move \d+)"
                               r" \((.*)\)\.$", re.DOTALL)
_ISOLATE_MARKS = dict.fromkeys(range(0x2066, 0x206A))     # LRI, RLI, FSI, PDI
_NAME_TOKEN_RE = re.compile("\ue000(\\d+)\ue001")


def clip(text: object, limit: int) -> str:
    """``text`` cut to ``limit`` characters (the last one an ellipsis when cut).

    >>> clip("Boardshelf", 6), clip("Board", 6)
    ('Board…', 'Board')
    """
    t = str(text)
    return clip_text(t, limit)


def quote(text: object, limit: int = MAX_QUOTE) -> str:
    """Outside text (from a file, a stored record or a link) as it appears inside the app's own sentences:
    on one line, shortened, in quotes and bidi-isolated (FSI ... PDI; its own isolate marks are dropped, so
    none can end the isolation early or swallow the closing PDI), so it cannot pose as the app's words nor
    reverse the rest of the sentence (an override inside ends with the isolate).

    >>> quote("Ann") == "“\\u2068Ann\\u2069”"
    True
    >>> quote("a\\nb  " + "x" * 80, 8) == "“\\u2068a b xxx…\\u2069”"
    True
    """
    t = " ".join(str(text).translate(_ISOLATE_MARKS).split())
    return f"“\u2068{clip(t, limit)}\u2069”"


def _names_html(make: Callable[[list[str]], str], names: Sequence[str]) -> str:
    """``make(tokens)`` escaped, with each seat's name put in where its token is, in ``<bdi>`` and in its
    seat's colour: a text the app or a game builds from names (who won, the game's reason) with every name
    isolated.

    >>> _names_html(lambda n: f"{n[1]} beats {n[0]} <3", ["Ann", "Bo"])
    '<span class="seat seat-1"><bdi>Bo</bdi></span> beats <span class="seat seat-0"><bdi>Ann</bdi></span> &lt;3'
    """
    tokens = [f"\ue000{i}\ue001" for i in range(len(names))]
    return _NAME_TOKEN_RE.sub(lambda m: seat_html(int(m.group(1)), names[int(m.group(1))]), esc(make(tokens)))


def _plain_entry(entry: object, names: list[str]) -> str:
    return loglib.plain(entry, names)  # type: ignore[arg-type]


def seat_html(seat: int, name: str) -> str:
    """A seat's name in its colour (``.seat-N``), in ``<bdi>``: the name is always there, the colour only adds to it.

    >>> seat_html(2, "<Cy>")
    '<span class="seat seat-2"><bdi>&lt;Cy&gt;</bdi></span>'
    """
    return f'<span class="seat seat-{seat}">{bdi(name)}</span>'


def readable_time(iso: object) -> str:
    """A stored ``2026-11-25T19:07:18Z`` as ``25 Nov 2026, 19:07 UTC`` (the browser glue gives the app a
    formatter in the player's own time zone instead); anything else as it is, shortened.

    >>> readable_time("2026-11-25T19:07:18Z"), readable_time("yesterday")
    ('25 Nov 2026, 19:07 UTC', 'yesterday')
    """
    t = str(iso)
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::\d\d(?:\.\d+)?)?Z", t)
    if not m or not 1 <= int(m.group(2)) <= 12:
        return clip(t, 40)
    y, mo, d, hh, mm = m.groups()
    return f"{int(d)} {MONTHS[int(mo) - 1]} {y}, {hh}:{mm} UTC"


def seat_style(game: Game | None, players: int) -> str:
    """The ``style`` of the app's root while ``game`` is on screen: each seat's colour as its board draws it
    (``--seat-N``; web/ui.css paints every ``.seat-N`` name, swatch and log line with it).

    >>> class G:
    ...     seat_colours = ("#c0392b", "#2f6db5")
    ...     def seat_colour(self, s): return self.seat_colours[s] if s < 2 else None
    >>> seat_style(G(), 3)
    '--seat-0:#c0392b;--seat-1:#2f6db5'
    """
    if game is None:
        return ""
    cols = [(i, getattr(game, "seat_colour", lambda s: None)(i)) for i in range(min(players, MAX_SEATS_STYLED))]
    return ";".join(f"--seat-{i}:{c}" for i, c in cols if c)


def _parse_seed(text: object) -> int | None:
    """A seed typed or read from a link: a whole number from 0 to ``saves.MAX_SEED``, else None."""
    try:
        seed = int(str(text).strip())
    except ValueError:
        return None
    return seed if 0 <= seed <= saves.MAX_SEED else None


def _best_bot(game_id: str) -> str:
    """The strongest bot a game has: the highest ``strength`` attribute, else the last registered, else random."""
    avail = botlib.available(game_id)
    ranked = [(getattr(cls, "strength", i), name) for i, (name, cls) in enumerate(avail.items())]
    return max(ranked)[1] if ranked else "random"


def _new_seat_bot(game_id: str) -> str:
    """The bot a new setup puts in a bot seat: the game's ``normal`` level (``level = 2``) where it has levels,
    else its strongest bot."""
    for name, cls in botlib.available(game_id).items():
        if getattr(cls, "level", None) == 2:
            return name
    return _best_bot(game_id)


def _offered_bots(game_id: str, chosen: str) -> list[tuple[str, Any]]:
    """The bots a seat's list offers: random, then the game's levels (``level`` 1-3, by level) where it has
    them, else every bot; a bot marked ``listed = False`` or left out stays playable (links, saves) and is
    offered when it is the one ``chosen``."""
    avail = botlib.available(game_id)
    levels = sorted(((c.level, n) for n, c in avail.items() if isinstance(getattr(c, "level", None), int)))
    names = ["random"] + [n for _lv, n in levels] if levels else list(avail)
    names = [n for n in names if n in avail and getattr(avail[n], "listed", True)]
    if chosen.startswith("bot:") and chosen[4:] in avail and chosen[4:] not in names:
        names.append(chosen[4:])
    return [(n, avail[n]) for n in names]


def _truthy(v: object) -> bool:
    return str(v).lower() in ("1", "true", "yes", "on")


def _and(names: Sequence[object]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    texts = [str(n) for n in names]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def outcome_text(out: Outcome, names: Sequence[str]) -> str:
    """How a game ended, in a few words, for every kind of :class:`~pyapp.engine.Outcome`.

    >>> from pyapp.engine import Outcome
    >>> outcome_text(Outcome.ranked([[1], [0]], ""), ["Ann", "Bo"])
    'Bo wins'
    >>> outcome_text(Outcome.ranked([[0, 2], [1]], ""), ["Ann", "Bo", "Cy"])
    'Ann and Cy share the win'
    >>> outcome_text(Outcome.ranked([[0, 1]], ""), ["Ann", "Bo"])
    'a draw'
    >>> outcome_text(Outcome.team(4, True, ""), ["Ann", "Bo", "Cy", "Di"])
    'You all win (Ann, Bo, Cy and Di)'
    >>> outcome_text(Outcome.team(1, False, ""), ["Ann"])
    'Defeat'
    """
    def name(s: int) -> str:
        return names[s] if 0 <= s < len(names) else loglib.seat_name(s)
    kind = out.kind
    if kind == "win":
        return f"{name(out.winners[0])} wins"
    if kind == "shared":
        return f"{_and([name(s) for s in out.winners])} share the win"
    if kind == "draw":
        return "a draw"
    won = kind == "team-win"
    seats = out.seats
    if len(seats) <= 1:
        return "Victory" if won else "Defeat"
    return f"{'You all win' if won else 'You all lose'} ({_and([name(s) for s in seats])})"


def _opt_value(v: object) -> str:
    """An option value as a ``<select>`` / ``<input>`` value."""
    return str(v).lower() if isinstance(v, bool) else "" if v is None else str(v)


def _shown_options(game: Game) -> list[Option]:
    """The options the generic setup screen offers (``data`` options belong to the game's setup step)."""
    return [o for o in game.options_spec if o.kind != "data"]


def _seat_default(o: Option, i: int) -> object:
    d = o.default
    if isinstance(d, (list, tuple)):
        return d[i] if i < len(d) else None
    return d


class App(Sharing):
    """See the module docstring and docs/ARCHITECTURE.md."""

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
        self._recap: dict[int, tuple[int, int]] = {}     # seat -> the log range its recap box shows
        self._live = ""                                 # what the live region says now (moves, turns, results)
        self._live_mark: tuple | None = None            # what it was said about: (game id, log length, to act, over)
        self.query = {k: (v[0] if isinstance(v, list) and v else v) for k, v in dict(query or {}).items()}
        self.clock = clock or saves.now_iso
        self._random_seed = random_seed or (lambda: random_below(1_000_000_000))
        self.messages: list[dict] = []
        self._msg_counter = 0
        self.screen = "shelf"
        self.back_to = "shelf"
        self.embed = _truthy(self.query.get("embed", ""))
        # Where this app keeps its games: the player's main saves and current-game marker, or (embedded)
        # a namespace of its own, so an embedding page never resumes or changes the player's own games.
        # (stays True when a bad embed link shows the chrome; ``embedded=True``: the glue's fallback app when
        # an embed link could not be opened at all)
        self.embedded = self.embed if embedded is None else embedded
        self.save_prefix = saves.EMBED_SAVE_PREFIX if self.embedded else saves.SAVE_PREFIX
        self.current_key: str | None = None if self.embedded else saves.CURRENT_KEY
        self.fast = _truthy(self.query.get("fast", ""))
        self.setup: dict | None = None
        self.game: Game | None = None
        self.state: State | None = None
        self.meta: dict | None = None
        self.viewer: int | None = None      # the human seat whose view is on screen (hot seat)
        self.bot_error = False
        self._bots: dict[int, Any] = {}      # seat -> its bot (any object with choose(state, seat))
        self._thinking: tuple[tuple, Any] | None = None   # (what it is about, the bot's think() generator)
        # "What would the bot do?" (pyapp.ui.hints): the hints asked in this game ({step, seat, action, label,
        # log}), and the one being thought about ({about, steps}: the hint bot's think() generator, or None)
        self.hints: list[dict] = []
        self._hint_job: dict | None = None
        self._seen_log: dict[int, int] = {}  # seat -> log length when that human last acted
        self.rules_for: str | None = None
        self.confirm: dict | None = None     # {text, yes, no, do}: a question on screen
        self._steps: dict[str, SetupStep | None] = {}   # game id -> its setup step (made on first use)
        self._summaries: dict[str, tuple[tuple[int, int], dict]] = {}   # save key -> (fingerprint, shelf entry)
        self.step_game: str | None = None    # the game whose setup step owns the screen on show
        # a storage that keeps nothing (the glue's memory fallback) gets a quiet, lasting status line
        self.storage_note = NOT_SAVED_NOTE if getattr(storage, "persistent", True) is False else None
        if not self._apply_query() and not self.embedded:
            self._resume()

    # ================================================================ messages
    def notify(self, text: str, level: str = "error") -> None:
        """A notice for the player; outside text in ``text`` must already be put in :func:`quote`."""
        text = clip(text, MAX_NOTICE)
        if any(m["text"] == text for m in self.messages):
            return
        self._msg_counter += 1
        self.messages.append({"id": self._msg_counter, "level": level, "text": text})
        del self.messages[:-MAX_MESSAGES]

    # ================================================================ storage helpers
    def _store(self, key: str, value: str, what: str) -> bool:
        try:
            self.storage.set(key, value)
            return True
        except QuotaError:
            self.notify(f"Storage is full: {what} could not be saved. Your other saves are untouched; "
                        "delete old saves or export this one to free space.")
        except Exception as exc:  # storage disabled, private mode...
            self.notify(f"Could not save {what}: {exc}")
        return False

    def _key(self, sid: str) -> str:
        """Where save ``sid`` of this app's namespace (main or embedded) is stored."""
        return self.save_prefix + sid

    def _save_entries(self) -> list[dict]:
        """The saves of this app's namespace, newest first: ``{id, meta, error}``, ``meta`` a short summary
        (``title``, ``game``, ``moves``, ``status``, ``updated``, all shortened) or None for a damaged save.

        A save is parsed only when its stored text is new or changed (the summaries are cached per key with
        the length and hash of the text they came from): the shelf renders without re-parsing every save."""
        out = []
        cache = self._summaries
        keys = [k for k in self.storage.keys() if k.startswith(self.save_prefix)]
        for key in keys:
            text = self.storage.get(key) or ""
            mark = (len(text), hash(text))       # the text's fingerprint: a hash, no parse (the text is not kept)
            hit = cache.get(key)
            if hit is None or hit[0] != mark:
                hit = cache[key] = (mark, self._summarize(key[len(self.save_prefix):], text))
            out.append(hit[1])
        for key in set(cache) - set(keys):
            del cache[key]
        out.sort(key=lambda e: (e["meta"] or {}).get("updated", ""), reverse=True)
        return out

    @staticmethod
    def _summarize(sid: str, text: str) -> dict:
        entry: dict = {"id": sid, "meta": None, "error": None}
        try:
            d = saves.check_header(text)
            if d["id"] != sid:
                raise SaveError("This save is damaged: its id does not match where it is stored.")
            entry["meta"] = {"title": clip(d.get("title") or "", MAX_TITLE), "game": d["game"],
                             "moves": len(d["actions"]), "status": clip(d.get("status") or "", MAX_TITLE),
                             "updated": clip(d.get("updated") or "", 40)}
        except SaveError as exc:
            entry["error"] = str(exc)
        return entry

    # ================================================================ query / resume
    def _apply_query(self) -> bool:
        q = self.query
        if q.get("save") not in (None, "") and self._open_linked_save(str(q["save"])):
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
        players = game.setup_players
        seats = ["human"] + ["bot:" + _best_bot(gid)] * (players - 1)
        seats_ok = True
        if q.get("seats"):
            parsed = self._parse_seats(gid, str(q["seats"]), game)
            if parsed is None:
                seats_ok = False
            else:
                seats = parsed
        seed = None
        if q.get("seed") not in (None, ""):
            seed = _parse_seed(q["seed"])
            if seed is None:
                self.notify(f"The seed in the link is not a whole number from 0 to {saves.MAX_SEED}; "
                            "a secret random seed is used.")
        self._new_setup(gid, seats=seats, seed=seed)
        if self.embedded and seats_ok:                  # this embedding link's own current game
            self.current_key = saves.embed_current_key(f"{gid}:{','.join(seats)}:{'any' if seed is None else seed}")
        if seats_ok and (self.embed or q.get("seats")):
            if self._resume_matching(gid, seats, seed):     # a reload of the same link resumes its game
                return True
            return self._start_from_setup()
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
            if s == "human":
                out.append("human")
            elif s == "bot":
                out.append("bot:" + _best_bot(gid))
            elif s.startswith("bot:") and s[4:] in avail:
                out.append(s)
            else:
                self.notify(f"The link has an unknown seat {quote(s, 40)}: use human, bot or bot:<name> "
                            f"(bots: {', '.join(avail)}).")
                return None
        return out

    def _open_linked_save(self, sid: str) -> bool:
        """``save=<id>`` in the link: open that one of the player's main saves (also when embedded: the
        link names it, so the embedded game plays and saves it; the main current marker stays as it is)."""
        if not saves.valid_id(sid):
            self.notify(f"The link names a save {quote(sid)} that cannot exist (not a save id).")
            return False
        prefix, current = self.save_prefix, self.current_key
        self.save_prefix = saves.SAVE_PREFIX
        self.current_key = None if self.embedded else saves.CURRENT_KEY
        if self.storage.get(saves.save_key(sid)) is None:
            self.notify(f"The link names a save {quote(sid)} that is not in this browser.")
        elif self._open_save(sid):
            return True
        self.save_prefix, self.current_key = prefix, current
        return False

    def _resume_matching(self, gid: str, seats: list[str], seed: int | None) -> bool:
        sid = self.storage.get(self.current_key) if self.current_key else None
        if not sid:
            return False
        try:
            d = saves.check_header(self.storage.get(self._key(sid)) or "")
        except SaveError:
            return False
        if d["game"] != gid or d["seats"] != seats or (seed is not None and d["seed"] != seed):
            return False
        if str(d.get("status", "")).startswith("finished"):
            return False
        return self._open_save(sid, quiet_missing=True)

    def _resume(self) -> None:
        if not self.current_key:
            return
        sid = self.storage.get(self.current_key)
        if not sid:
            return
        if not self._open_save(sid, quiet_missing=True):
            self.storage.remove(self.current_key)

    # ================================================================ setup steps (pyapp.ui.steps)
    def _step_for(self, gid: str) -> SetupStep | None:
        """The setup step of game ``gid`` (made once), or None if the game has none."""
        if gid not in self._steps:
            game = games.get(gid)
            step = None
            if getattr(game, "setup_step", None):
                mod = importlib.import_module(f"{games.__name__}.{gid}.{game.setup_step}")
                step = mod.Step(StepContext(self, game))
            self._steps[gid] = step
        return self._steps[gid]

    def _active_step(self) -> SetupStep | None:
        """The step whose screen is on show, or the step of the game being set up."""
        if self.step_game and self.screen not in APP_SCREENS:
            return self._step_for(self.step_game)
        if self.screen == "setup" and self.setup is not None:
            return self._step_for(self.setup["game"])
        return None

    def _shelf_steps(self) -> list[SetupStep]:
        """The steps of the games with buttons on the shelf (those navs name no game), made on first use."""
        return [s for s in (self._step_for(g["id"]) for g in games.catalog() if g["ready"] and g.get("shelf"))
                if s is not None]

    def step(self, gid: str) -> SetupStep | None:
        """The setup step of game ``gid`` (for tests and tools), or None."""
        return self._step_for(gid)

    def _show(self, screen: str, gid: str | None = None) -> None:
        if screen not in APP_SCREENS:
            self.step_game = gid
        self.screen = screen

    def _ask(self, question: str, on_yes: Callable[[], None], *, yes: str = "Delete", no: str = "Keep",
             setting: str | None = None) -> None:
        """Put a question on screen; ``setting``: the setting a "don't ask again" answer turns off."""
        self.confirm = {"text": question, "yes": yes, "no": no, "do": on_yes, "setting": setting}

    # ================================================================ setup
    def _new_setup(self, gid: str, *, seats: list[str] | None = None, seed: int | None = None) -> None:
        game = games.get(gid)
        players = game.setup_players
        seats = seats or (["human"] + ["bot:" + _new_seat_bot(gid)] * (players - 1))
        n = len(seats)
        options = {o.name: [_seat_default(o, i) for i in range(n)] if o.per_seat else o.default
                   for o in _shown_options(game)}
        self.setup = {"game": gid, "seats": list(seats), "names": [""] * n,
                      "seed": "" if seed is None else str(seed),     # empty: a secret random seed at Start
                      "options": options, "advanced": seed is not None, "step": None}
        step = self._step_for(gid)
        if step is not None:
            step.begin(self.setup)

    def _set_players(self, n: int) -> None:
        st = self._setup_now()
        game = games.get(st["game"])
        if not game.min_players <= n <= game.max_players:
            return
        bot = "bot:" + _new_seat_bot(st["game"])
        for key, fill in (("seats", bot), ("names", "")):
            st[key] = (st[key] + [fill] * n)[:n]
        for o in _shown_options(game):
            if o.per_seat:
                have = list(st["options"][o.name])
                st["options"][o.name] = (have + [_seat_default(o, i) for i in range(len(have), n)])[:n]
        step = self._step_for(st["game"])
        if step is not None:
            step.players_changed(st)

    @staticmethod
    def _parse_option(o: Option, value: str) -> object:
        """A field's text as the option's kind; checked at Start by ``Game.resolve_options``."""
        if o.kind == "int":
            try:
                return int(value.strip())
            except ValueError:
                return value.strip()[:40]             # refused at Start with the option's own message
        if o.kind == "bool":
            return value.strip().lower() in ("true", "1", "yes", "on")
        if o.kind == "choice":
            return next((c[0] for c in o.choices if _opt_value(c[0]) == value), None)
        return value[:o.max if o.max is not None else 1000]

    def _set_option(self, key: str, value: str) -> None:
        st = self._setup_now()
        shown = {o.name: o for o in _shown_options(games.get(st["game"]))}
        seat = None
        if key not in shown:
            name, _, i = key.rpartition("-")
            if name not in shown or not shown[name].per_seat or not i.isdigit() or int(i) >= len(st["seats"]):
                return
            key, seat = name, int(i)
        o = shown[key]
        v = self._parse_option(o, value)
        if o.kind == "choice" and v is None:
            return                                     # not one of the choices: ignored
        if seat is None and not o.per_seat:
            st["options"][key] = v
        elif seat is not None:
            st["options"][key][seat] = v

    def _seat_name(self, i: int, seat: str, typed: str = "") -> str:
        if typed.strip():
            return isolate(typed) or self._seat_name(i, seat)
        if seat.startswith("bot:"):
            gid = self.setup["game"] if self.setup else self.game.id if self.game else ""
            cls = botlib.available(gid).get(seat[4:])
            return f"{getattr(cls, 'label', seat[4:])} bot" if cls else seat[4:]
        return f"Player {i + 1}"

    @staticmethod
    def _distinct(names: list) -> list:
        """Number repeated names ("Greedy bot 1", "Greedy bot 2") so a banner never names two seats alike."""
        out = []
        for i, n in enumerate(names):
            if names.count(n) > 1:
                n = f"{n} {names[:i + 1].count(n)}"
            out.append(isolate(n, saves.MAX_NAME + 10) or isolate(f"Player {i + 1}"))
        return out

    def _setup_seed(self) -> int | None:
        """The chosen seed, a secret random one when none was chosen, or None if the field is invalid."""
        text = str(self._setup_now()["seed"]).strip()
        return self._random_seed() if text == "" else _parse_seed(text)

    def _setup_options(self, game: Game, seed: int) -> dict:
        """The setup's option values (generic fields, then the step's), checked once by the game.

        Raises ``ValueError`` with the message for the player."""
        st = self._setup_now()
        options = {o.name: st["options"][o.name] for o in _shown_options(game) if o.name in st["options"]}
        step = self._step_for(game.id)
        if step is not None:
            options.update(step.option_values(st, seed))
        return game.resolve_options(options, len(st["seats"]))

    def _start_from_setup(self) -> bool:
        st = self._setup_now()
        game = games.get(st["game"])
        seed = self._setup_seed()
        if seed is None:
            self.notify(f"The seed must be a whole number from 0 to {saves.MAX_SEED}, or empty for a secret one.")
            self.screen = "setup"
            return False
        try:
            options = self._setup_options(game, seed)
            state = game.new(len(st["seats"]), seed, options)
        except (ValueError, TypeError) as exc:
            self.notify(str(exc))
            self.screen = "setup"
            return False
        names = self._distinct([self._seat_name(i, s, st["names"][i]) for i, s in enumerate(st["seats"])])
        now = self.clock()
        self.game, self.state = game, state
        self.meta = {"id": saves.new_id(), "seats": list(st["seats"]), "names": names, "created": now,
                     "title": f"{' vs '.join(names)} — {game.title}"}
        self.viewer = self._single_human()
        self.bot_error = False
        self._bots = {}
        self._seen_log = {}
        self._recap = {}
        self.hints, self._hint_job = [], None
        self.link = self.replay = self.share = None
        self.screen = "game"
        self._autosave()
        return True

    # ================================================================ game helpers
    def _setup_now(self) -> dict:
        """The setup being edited (for code that runs only while there is one)."""
        st = self.setup
        if st is None:
            raise LookupError("There is no game being set up.")
        return st

    def _playing(self) -> tuple[Game, State, dict]:
        """The game on screen, its state and its meta (for code that runs only while a game is on screen)."""
        game, state, meta = self.game, self.state, self.meta
        if game is None or state is None or meta is None:
            raise LookupError("There is no game on screen.")
        return game, state, meta

    def _humans(self) -> list[int]:
        return [i for i, s in enumerate(self.meta["seats"]) if s == "human"] if self.meta else []

    def _single_human(self) -> int | None:
        h = self._humans()
        return h[0] if len(h) == 1 else None

    def _human_to_act(self) -> int | None:
        if self.state is None or self.meta is None:
            return None
        for s in self.state.to_act:
            if self.meta["seats"][s] == "human":
                return s
        return None

    def handoff_seat(self) -> int | None:
        """The human seat the device must be passed to before anything is shown (hot seat), or None."""
        if self.state is None or len(self._humans()) < 2 or self.state.is_over or self.link is not None:
            return None                    # (a game by link asks "are you <name>?" instead, once)
        if self.game is not None and not self.game.private_views:
            return None                         # nothing is hidden between seats: no hand-off screen
        h = self._human_to_act()
        return h if h is not None and h != self.viewer else None

    def view_seat(self) -> int | None:
        """Whose view is rendered: the one human, the last human handed the device, or None (spectator)."""
        humans = self._humans()
        if not humans:
            return None
        if self.link is not None:          # a game opened from a link: the seat the person said they are
            return self.link["me"]
        if len(humans) == 1:
            return humans[0]
        if self.game is not None and not self.game.private_views:
            h = self._human_to_act()            # everything is public: the board follows whoever is to act
            if h is not None:
                self.viewer = h
            return self.viewer if self.viewer is not None else humans[0]
        return self.viewer

    def _autosave(self) -> None:
        if self.state is None or self.meta is None or (self.link is not None and not self.link["saved"]):
            return                         # (a game opened from a link is kept only when the person asks)
        now = self.clock()
        save = saves.to_save(self.state, save_id=self.meta["id"], seats=self.meta["seats"], names=self.meta["names"],
                             title=self.meta["title"], created=self.meta["created"], updated=now)
        out = self.state.outcome()
        save["status"] = "in progress" if out is None else f"finished: {outcome_text(out, self.meta['names'])}"
        # where each person's recap starts and what it shows, so a reload shows the same box
        save["recap"] = {str(s): [self._seen_log.get(s, 0), *self._recap.get(s, (0, 0))] for s in self._humans()}
        self._with_hints(save)
        sid = self.meta["id"]
        if self._store(self._key(sid), saves.dumps(save), "this game") and self.current_key:
            old = self.storage.get(self.current_key)
            if old != sid and self.save_prefix == saves.EMBED_SAVE_PREFIX and old and saves.valid_id(old):
                self.storage.remove(self._key(old))     # an embedding link keeps one game: the one it shows
            if old != sid:
                self._store(self.current_key, sid, "the current game marker")

    def _open_save(self, sid: str, *, quiet_missing: bool = False) -> bool:
        text = self.storage.get(self._key(sid))
        if text is None:
            if not quiet_missing:
                self.notify("That save no longer exists.")
            return False
        try:
            d = saves.check_header(text)
            if d["id"] != sid:
                raise SaveError("This save is damaged: its id does not match where it is stored.")
            state, meta = saves.load_save(d)
        except SaveError as exc:
            self.notify(f"Could not open the save: {self._save_error(exc, text)} Your other saves are untouched.")
            return False
        self._enter_game(state, meta)
        if self.current_key and self.storage.get(self.current_key) != sid:
            self._store(self.current_key, sid, "the current game marker")
        return True

    @staticmethod
    def _save_error(exc: SaveError, text: object) -> str:
        """A :class:`SaveError`'s message with the save's own text in it (a move, a game id) quoted.

        ``pyapp.engine.saves`` writes them in parentheses (``move 4 (shoot:a1) is not legal there``,
        ``(no game with id 'chess')``): those are found by the values the file holds and put in :func:`quote`.
        A game's own reason built from the file's settings (``settings are invalid (no sample army called
        'X')``, ``could not be replayed at move 9 (...)``) is quoted whole."""
        msg = str(exc)
        whole = _QUOTED_REASON_RE.match(msg)
        if whole:
            return f"{whole.group(1)} ({quote(whole.group(2), 160)})."
        try:
            d = saves.check_header(text) if not isinstance(text, dict) else text
        except SaveError:
            return msg                         # failed before any field was read: nothing of the file in it
        m = re.search(r"move (\d+) \(", msg)
        outside = [str(d.get("game", ""))]
        if m and 0 < int(m.group(1)) <= len(d["actions"]):
            outside.append(d["actions"][int(m.group(1)) - 1][1])
        for s in sorted({o for o in outside if o}, key=len, reverse=True):
            for form in (f"({s})", f"{s!r}"):
                if form in msg:
                    inner = form[1:-1]
                    msg = msg.replace(form, form[0] + quote(inner) + form[-1] if form[0] == "(" else quote(inner), 1)
        return msg

    def _enter_game(self, state: State, meta: dict) -> None:
        self.game, self.state = state.game, state
        self.link = self.replay = self.share = None
        names = list(meta.get("names") or [])
        seats = list(meta["seats"])
        self.setup = {"game": state.game.id}
        names = self._distinct([self._seat_name(i, s, names[i] if i < len(names) else "") for i, s in enumerate(seats)])
        self.meta = {"id": meta["id"], "seats": seats, "names": names, "created": meta.get("created") or self.clock(),
                     "title": clip(meta.get("title") or f"{' vs '.join(names)} — {state.game.title}", MAX_TITLE)}
        self.viewer = self._single_human()
        self.bot_error = False
        self._bots = {}
        self._seen_log, self._recap = self._read_recap(meta.get("recap"), len(state.log), len(seats))
        self.hints, self._hint_job = self._read_hints(state, meta.get("hints")), None
        self.log_seat = None
        self.screen = "game"

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

    def _with_hints(self, save: dict) -> dict:
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

    def _leave_game(self) -> None:
        kept = self.link is None or self.link["saved"]     # a game opened from a link and not saved: no marker
        self.game = self.state = self.meta = None
        self.viewer = None
        self.link = None
        self.hints, self._hint_job = [], None
        if self.current_key and kept:
            self.storage.remove(self.current_key)

    # ================================================================ the contract
    def bot_delay_ms(self) -> int:
        """The pause before the next bot move (the "Bot speed" setting; none with ``fast=1``)."""
        return 0 if self.fast else BOT_DELAY_MS.get(str(self.settings.get("bot_speed")), BOT_DELAY_MS["normal"])

    def notice_timeouts(self) -> list[tuple[int, int]]:
        """``(message id, milliseconds)`` for each notice on screen: how long it stays before it dismisses
        itself (the browser glue sets one timer per notice, then calls ``handle("nav", "dismiss:<id>")``)."""
        return [(m["id"], NOTICE_MS.get(m["level"], NOTICE_MS["error"])) for m in self.messages]

    def bot_pending(self) -> bool:
        if (self.screen != "game" or self.state is None or self.meta is None or self.state.is_over
                or self.bot_error):
            return False
        return any(self.meta["seats"][s].startswith("bot:") for s in self.state.to_act)

    def step_bot(self, budget_ms: float | None = None) -> bool:
        """Let one bot seat that is to act choose and apply one action; True if one was applied.

        With ``budget_ms`` (the browser, so that the page keeps answering while a bot thinks), a bot that
        thinks in steps (a ``think(state, seat)`` generator: it yields between steps and returns its action
        id) thinks for about that long at most per call: False while it is still thinking; call again (its
        thinking is dropped if the game moves on meanwhile, e.g. an undo).  Other bots decide in one go.
        """
        if not self.bot_pending():
            self._thinking = None
            return False
        game, state, meta = self._playing()
        seat = next(s for s in state.to_act if meta["seats"][s].startswith("bot:"))
        name = meta["seats"][seat][4:]
        base = (state.seed * 31 + seat) & 0xFFFFFFFF
        if budget_ms is not None:
            done, action = self._think(state, seat, lambda: self._bots.get(seat) or botlib.make(game.id, name, base),
                                       budget_ms)
            if not done:
                return False
            if action is not None:
                try:
                    state.apply(seat, action)
                except Exception:  # an action its rules refuse: decide again below, as a bot that failed
                    self._bots.pop(seat, None)
                else:
                    self._autosave()
                    return True
        attempts: list[Callable[[], Any]] = [
            lambda: self._bots.get(seat) or botlib.make(game.id, name, base),
            lambda: botlib.make(game.id, name, base + len(state.history)),
            lambda: botlib.RandomBot(base + len(state.history))]
        problem: Exception | None = None
        for i, get_bot in enumerate(attempts):
            try:
                bot = self._bots[seat] = get_bot()
                state.apply(seat, bot.choose(state, seat))
            except Exception as exc:  # a broken bot must not freeze or crash the app
                problem = problem or exc
                self._bots.pop(seat, None)
                continue
            if i == 2:
                self.notify(f"The {name} bot hit a problem ({problem}) and played a random move instead.", "info")
            if i:
                self._bots.pop(seat, None)
            self._autosave()
            return True
        self.bot_error = True
        self.notify(f"The bot {name!r} failed and stopped playing: {problem}")
        return False

    def _think(self, state: State, seat: int, get_bot: Callable[[], Any], budget_ms: float) -> tuple[bool, str | None]:
        """One slice of a stepped bot's thinking: (done, its action id or None to decide in one go)."""
        about = (id(state), len(state.history), seat)
        if self._thinking is None or self._thinking[0] != about:
            try:
                bot = self._bots[seat] = get_bot()
            except Exception:  # (step_bot's fallbacks deal with it)
                return True, None
            think = getattr(bot, "think", None)
            if think is None:
                return True, None
            self._thinking = (about, think(state, seat))
        steps = self._thinking[1]
        deadline = time.perf_counter() + budget_ms / 1000
        try:
            while True:
                next(steps)
                if time.perf_counter() >= deadline:
                    return False, None
        except StopIteration as stop:
            self._thinking = None
            return True, str(stop.value) if stop.value is not None else None
        except Exception:  # a bot that fails while thinking: step_bot's fallbacks
            self._thinking = None
            self._bots.pop(seat, None)
            return True, None

    # ---------------------------------------------------------------- "What would the bot do?" (pyapp.ui.hints)
    def hint_seat(self) -> int | None:
        """The seat a hint is offered to now: the human seat on screen when it is to act (hot seat: the seat to
        act, after the hand-off), never while a bot is to act, in a finished game or before a person opening a
        game by link has said who they are; else None."""
        state, meta = self.state, self.meta
        if self.screen != "game" or state is None or meta is None or state.is_over:
            return None
        if self.handoff_seat() is not None or (self.link is not None and self.link["me"] is None):
            return None
        if self.bot_pending():
            return None
        vs = self.view_seat()
        if vs is None or vs not in state.to_act or meta["seats"][vs] != "human":
            return None
        return vs

    def _current_hint(self, seat: int | None) -> dict | None:
        """The hint on screen: the one ``seat`` asked for at this very position (it goes at the next action)."""
        if seat is None or self.state is None:
            return None
        n = len(self.state.history)
        return next((h for h in self.hints if h["step"] == n and h["seat"] == seat), None)

    def _hint_about(self, seat: int) -> tuple:
        state = self.state
        return (id(state), len(state.history) if state is not None else -1, seat)

    def hint_thinking(self) -> bool:
        """The hint bot is thinking (the browser glue calls :meth:`step_hint` in slices until it is done).  A
        question about a position the game has left (a move, an undo, another screen) is dropped."""
        job = self._hint_job
        if job is None:
            return False
        seat = self.hint_seat()
        if seat is None or job["about"] != self._hint_about(seat):
            self._hint_job = None
            return False
        return True

    def _nav_hint(self, arg: str) -> None:
        """The "What would the bot do?" button: ask the hint bot (its answer comes from :meth:`step_hint`)."""
        seat = self.hint_seat()
        if seat is None:
            return
        if self._current_hint(seat) is not None:      # asked already here: the same answer, at once
            self.focus_next = hintlib.FOCUS
            return
        if not self.hint_thinking():
            self._hint_job = {"about": self._hint_about(seat), "steps": None}

    def step_hint(self, budget_ms: float | None = None) -> bool:
        """Let the hint bot think, as a bot seat does (:meth:`step_bot`): with ``budget_ms``, a bot that thinks
        in steps (``think``) thinks about that long at most per call; others, or without a budget, decide in
        one go.  True once the hint is there (or the question was dropped), False while it still thinks."""
        if not self.hint_thinking():
            return True
        job, state = self._hint_job, self.state
        seat = self.hint_seat()
        if job is None or state is None or seat is None:
            return True
        try:
            if job["steps"] is None:
                bot = hintlib.make_bot(state, seat)
                copy = state.clone()                    # asking never changes the game or its generator
                think = getattr(bot, "think", None)
                if think is None or budget_ms is None:
                    return self._hint_found(seat, bot.choose(copy, seat))
                job["steps"] = think(copy, seat)
            steps = job["steps"]
            deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
            while True:
                next(steps)
                if deadline is not None and time.perf_counter() >= deadline:
                    return False
        except StopIteration as stop:
            return self._hint_found(seat, stop.value)
        except Exception as exc:  # a broken bot must not break the game: say so, the game goes on
            self._hint_job = None
            self.notify(f"The bot could not think of a hint here ({type(exc).__name__}).", "info")
            return True

    def _hint_found(self, seat: int, action: object) -> bool:
        self._hint_job = None
        state = self.state
        if state is None:
            return True
        try:
            hint = hintlib.describe({"step": len(state.history), "seat": seat, "action": str(action)}, state)
        except hintlib.HintsError:
            self.notify("The bot could not think of a hint here.", "info")
            return True
        self.hints.append(hint)
        self.focus_next = hintlib.FOCUS
        self._autosave()
        return True

    def _render_hint(self, vs: int | None) -> str:
        """The hint button and, once asked, what the bot would do (its controls are marked on the board).  Off
        the person's turn the bar is there empty, keeping its height, so the board below never moves."""
        seat = self.hint_seat()
        if seat is None or seat != vs:
            return '<div class="hint-bar off"></div>'
        cur = self._current_hint(seat)
        if self.hint_thinking():
            ask = (f'<button type="button" class="btn small hint-ask thinking" data-nav="hint" aria-busy="true" '
                   f'aria-disabled="true">The bot is thinking…</button>')
        else:
            ask = button(esc(hintlib.BUTTON_LABEL), nav="hint", cls="small hint-ask",
                         title="a hint: the move the normal bot would make for you now (the log notes it)")
        line = ""
        if cur is not None:
            line = (f'<p class="hint-line seat-{seat}" role="status" tabindex="-1" data-hint-line>'
                    f'<span class="hint-tag" aria-hidden="true">Hint</span> The bot would: '
                    f'<strong>{esc(clip(cur["label"], 160))}</strong></p>')
        return f'<div class="hint-bar">{ask}{line}</div>'

    def export_save(self) -> tuple[str, str] | None:
        """``(filename, text)`` of the game on screen, or None."""
        if self.game is None or self.state is None or self.meta is None:
            return None
        meta = self.meta
        save = self._with_hints(saves.to_save(self.state, save_id=meta["id"], seats=meta["seats"],
                                              names=meta["names"], title=meta["title"], created=meta["created"],
                                              updated=self.clock()))
        return f"boardshelf-{self.game.id}-{meta['id']}.json", json.dumps(save, indent=1, sort_keys=True)

    def import_save(self, text: str | bytes) -> bool:
        """Check and replay a save file; store it under a fresh id (never overwriting another) and open it."""
        try:
            state, meta = saves.load_save(text)
        except SaveError as exc:
            self.notify(f"Import failed: {self._save_error(exc, text)}")
            return False
        same = self._same_game_saved(state, clip(meta.get("title") or "", MAX_TITLE))
        if same is not None and self._open_save(same):     # the same file again: no second copy
            self.notify(f"{quote((self.meta or {}).get('title') or 'This game')} is already in your saves: "
                        "here it is.", "info")
            return True
        meta = dict(meta, id=saves.new_id())
        self._enter_game(state, meta)
        self._autosave()
        self.notify(f"Imported {quote(meta.get('title') or 'saved game')}.", "info")
        return True

    def _same_game_saved(self, state: State, title: str) -> str | None:
        """The id of a save of this namespace holding exactly this game (game, players, seed, options, every
        move and the title alike: the same file imported again), or None."""
        want = (state.game.id, state.players, state.seed, json.dumps(state.options, sort_keys=True),
                [[int(s), str(a)] for s, a in state.history], title)
        for key in self.storage.keys():
            if not key.startswith(self.save_prefix):
                continue
            try:
                d = saves.check_header(self.storage.get(key) or "")
            except SaveError:
                continue
            have = (d["game"], d.get("players"), d["seed"], json.dumps(d.get("options") or {}, sort_keys=True),
                    [[int(s), str(a)] for s, a in d["actions"]], clip(d.get("title") or "", MAX_TITLE))
            if have == want and d["id"] == key[len(self.save_prefix):]:
                return str(d["id"])
        return None

    def handle(self, kind: str, value: str, extra: object = None) -> None:
        """One user event: ``action`` (game action id), ``nav`` (app navigation) or ``input`` (name, value)."""
        try:
            if kind == "action":
                self._do_action(str(value))
            elif kind == "nav":
                self._do_nav(str(value))
            elif kind == "input":
                self._do_input(str(value), "" if extra is None else str(extra))
        except (ValueError, LookupError) as exc:             # SaveError and IllegalAction included
            self.notify(str(exc))

    # ---------------------------------------------------------------- events
    def _do_action(self, aid: str) -> None:
        if self.screen != "game" or self.state is None:
            return
        if self.state.is_over:
            self.notify("The game is over.")
            return
        if self.handoff_seat() is not None or (self.link is not None and self.link["me"] is None):
            return
        seat, vs = self._human_to_act(), self.view_seat()
        if vs is not None and seat != vs and any(a.id == aid for a in self._free_actions(vs)):
            seat = vs                                  # an "at any time" action of a seat not to act
        elif seat is None or (vs is not None and seat != vs):
            self.notify("It is not your turn.")
            return
        question = self._action_question(seat, aid)
        if question:                     # the game says this is probably a mistake now: ask first
            self._ask(question, lambda: self._apply_human(seat, aid), yes="Yes, do it", no="No, go back",
                      setting="confirm")
            return
        self._apply_human(seat, aid)

    def _action_question(self, seat: int, aid: str) -> str:
        """The action's ``confirm`` question, if the game gives one and the player wants to be asked."""
        if self.settings.get("confirm") == "never" or self.state is None:
            return ""
        offered = list(self.state.legal_actions(seat)) + self._free_actions(seat)
        return next((str(a.confirm) for a in offered if a.id == aid and a.confirm), "")

    def _apply_human(self, seat: int, aid: str) -> None:
        state = self.state
        if state is None or state.is_over:
            return
        before = len(state.log)
        try:
            state.apply(seat, aid)
        except IllegalAction as exc:
            self.notify(f"That move is not allowed now ({exc}).")
            return
        seen = self._seen_log.get(seat, 0)
        if before > seen:                # what the others did before this move stays in the recap box
            self._recap[seat] = (seen, before)
        self._seen_log[seat] = len(state.log)
        self._autosave()

    def _free_actions(self, vs: int | None) -> list[Action]:
        """The viewing human's "at any time" actions (``State.free_actions``), also when not to act."""
        if vs is None or self.state is None or self.meta is None or self.meta["seats"][vs] != "human" \
                or self.state.is_over:
            return []
        free = getattr(self.state, "free_actions", None)
        return free(vs) if free is not None else []

    def _do_input(self, name: str, value: str) -> None:
        if name.startswith("setting-"):              # the app's settings, on any screen
            self._set_setting(name[len("setting-"):], value)
            return
        if self._replay_input(name, value):
            return
        if self.screen == "setup" and self.setup is not None and self._setup_input(name, value):
            return
        step = self._active_step()
        if step is not None:
            step.input(name, value)

    def _setup_input(self, name: str, value: str) -> bool:
        """The generic setup fields; False for a name the app does not know (the step's)."""
        st = self._setup_now()
        if name == "seed":
            st["seed"] = value.strip()[:20]
        elif name == "players":
            try:
                self._set_players(int(value))
            except ValueError:
                pass
        elif name.startswith("opt-"):
            self._set_option(name[4:], value)
        elif name.startswith(("seat-", "name-")):
            try:
                i = int(name.split("-", 1)[1])
                st["seats"][i]
            except (ValueError, IndexError):
                return True
            if name.startswith("seat-"):
                if value == "human" or (value.startswith("bot:") and value[4:] in botlib.available(st["game"])):
                    st["seats"][i] = value
            else:
                st["names"][i] = value[:40]
        else:
            return False
        return True

    def _do_nav(self, nav: str) -> None:
        """One navigation; the notices from before it go when it changes the screen (they were about that one)."""
        screen, last = self.screen, self._msg_counter
        try:
            self._route_nav(nav)
        finally:
            if self.screen != screen:
                self.messages = [m for m in self.messages if m["id"] > last]
                self.share = None

    def _route_nav(self, nav: str) -> None:
        cmd, _, arg = nav.partition(":")
        step = self._active_step()
        if step is not None and self.screen in step.screens:
            question = step.leaving(nav)             # unsaved work on the step's screen: ask first
            if question:
                def leave() -> None:
                    step.leave()
                    self._route_nav(nav)
                self._ask(question, leave, yes="Discard changes", no="Keep editing")
                return
        handler = self._NAVS.get(cmd)
        if handler is not None:
            handler(self, arg)
            return
        if step is not None and step.nav(cmd, arg):
            return
        for other in self._shelf_steps():          # e.g. "armies" on the shelf: the step whose button it is
            if other is not step and other.nav(cmd, arg):
                return

    # ---- the app's navs (the table _NAVS below)
    def _nav_toggle_settings(self, arg: str) -> None:
        self.settings_open = not self.settings_open

    def _nav_zoom(self, arg: str) -> None:
        self._set_setting("board_zoom", arg)

    def _nav_log_seat(self, arg: str) -> None:
        players = self.state.players if self.state is not None else 0
        self.log_seat = int(arg) if arg.isdigit() and int(arg) < min(players, MAX_SEATS_STYLED) else None

    def _nav_dismiss(self, arg: str) -> None:
        self.messages = [m for m in self.messages if str(m["id"]) != arg]

    def _nav_shelf(self, arg: str) -> None:
        if self.screen == "game" or (self.screen == "replay" and self.replay_back == "game"):
            self._leave_game()
        self.replay = None
        self.confirm = None
        self.step_game = None
        self.screen = "shelf"

    def _nav_new_setup(self, arg: str) -> None:
        self._new_setup(arg)
        self.screen = "setup"

    def _nav_start(self, arg: str) -> None:
        if self.setup:
            self._start_from_setup()

    def _nav_reseed(self, arg: str) -> None:
        if self.setup:
            self.setup["seed"] = str(self._random_seed())

    def _nav_toggle_advanced(self, arg: str) -> None:
        if self.setup:
            self.setup["advanced"] = not self.setup.get("advanced")

    def _nav_rules(self, arg: str) -> None:
        games.get(arg)
        if self.screen != "rules":
            self.back_to = self.screen
        self.rules_for = arg
        self.screen = "rules"

    def _nav_back(self, arg: str) -> None:
        self.screen = self.back_to if self.back_to != "rules" else "shelf"
        if self.screen == "game" and self.state is None:
            self.screen = "shelf"

    def _nav_load(self, arg: str) -> None:
        self._open_save(arg)

    def _nav_ask_delete_save(self, sid: str) -> None:
        meta = next((e["meta"] for e in self._save_entries() if e["id"] == sid), None)
        label = f"the saved game {quote((meta or {}).get('title') or sid)}"

        def delete() -> None:
            self.storage.remove(self._key(sid))
            if self.current_key and self.storage.get(self.current_key) == sid:
                self.storage.remove(self.current_key)
        self._ask(f"Delete {label}? This cannot be undone.", delete)

    def _nav_confirm(self, arg: str) -> None:
        if self.confirm:
            do, setting = self.confirm["do"], self.confirm.get("setting")
            self.confirm = None
            if arg == "never" and setting:       # "yes, and don't ask again"
                self._set_setting(setting, "never")
            do()

    def _set_setting(self, name: str, value: str) -> None:
        if value not in SETTINGS.get(name, ()):
            return
        self.settings[name] = value
        try:
            save_settings(self.storage, self.settings)
        except Exception:  # storage full or denied: the setting holds for this visit
            pass

    def _nav_cancel_confirm(self, arg: str) -> None:
        self.confirm = None

    def _nav_undo(self, arg: str) -> None:
        if self.link is not None and self.link["me"] is None:
            return                                     # a game by link: nobody has said who they are yet
        seat = self.view_seat() if self.view_seat() is not None else self._human_to_act()
        if self.state is not None and seat is not None and self.state.can_undo(seat):
            self.state = self.state.undo(seat)
            n = len(self.state.history)              # hints asked in the future taken back go with it
            self.hints = [h for h in self.hints if h["step"] <= n]
            self._autosave()

    def _nav_hand_over(self, arg: str) -> None:
        h = self.handoff_seat()
        if h is not None:
            self.viewer = h

    def _nav_play_again(self, arg: str) -> None:
        if self.state is None:
            return
        game, _state, meta = self._playing()
        gid = game.id
        seats = list(meta["seats"])
        self._leave_game()
        self._new_setup(gid, seats=seats)
        self.screen = "setup"

    _NAVS = {"dismiss": _nav_dismiss, "shelf": _nav_shelf, "setup": _nav_new_setup, "start": _nav_start,
             "reseed": _nav_reseed, "advanced": _nav_toggle_advanced, "rules": _nav_rules, "back": _nav_back,
             "load": _nav_load, "delsave": _nav_ask_delete_save, "confirm": _nav_confirm,
             "cancel-confirm": _nav_cancel_confirm, "undo": _nav_undo, "handoff-ok": _nav_hand_over,
             "new-again": _nav_play_again, "logseat": _nav_log_seat,
             "settings": _nav_toggle_settings, "zoom": _nav_zoom, "hint": _nav_hint,
             # replays, links, correspondence (pyapp.ui.sharing)
             "replay": Sharing._nav_replay, "replay-save": Sharing._nav_replay_save,
             "rp": Sharing._nav_replay_control, "share": Sharing._nav_share, "share-save": Sharing._nav_share_save,
             "share-close": Sharing._nav_share_close, "link-me": Sharing._nav_link_me,
             "link-save": Sharing._nav_link_save}

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
        messages = "" if on_game and self.handoff_seat() is not None else self._render_messages()
        style = seat_style(self.game, self.state.players) if on_game and self.state is not None else ""
        if screen == "replay" and self.replay is not None:
            style = seat_style(self.replay.game, self.replay.players)
        root = attrs(class_=f"bs-app screen-{screen}{' embed' if embed else ''}", style=style or None,
                     data_log_seat=self.log_seat if on_game else None)
        live = f'<div class="sr-only live" role="status" aria-live="polite" aria-atomic="true">{self._live_html()}</div>'
        return (f'<div{root}>{header}{note}'
                f"{messages}{self._render_confirm()}{self._render_share()}<main>{body}</main>{live}</div>")

    # ---------------------------------------------------------------- what the page says outside #app
    def title(self) -> str:
        """The tab title: the screen, and on a game whose turn it is (``Your turn · Hex Battle — Boardshelf``)."""
        screen = self.screen
        if screen == "game" and self.game is not None and self.state is not None and self.meta is not None:
            state, names = self.state, self.meta["names"]
            if state.is_over:
                lead = "Game over"
            elif self.handoff_seat() is not None:
                lead = f"Pass to {names[self.handoff_seat() or 0]}"
            elif (vs := self.view_seat()) is not None and vs in state.to_act and self.meta["seats"][vs] == "human":
                lead = "Your turn"
            else:
                lead = f"{_and([names[s] for s in state.to_act])} to play"
            return f"{clip(lead, 60)} · {self.game.title} — Boardshelf"
        if screen == "setup" and self.setup is not None:
            return f"New game: {games.get(self.setup['game']).title} — Boardshelf"
        if screen == "replay" and self.replay is not None:
            return f"Replay, step {self.replay.step} of {self.replay.n} · {self.replay.game.title} — Boardshelf"
        if screen == "rules" and self.rules_for:
            try:
                return f"Rules: {games.get(self.rules_for).title} — Boardshelf"
            except LookupError:
                return "Rules — Boardshelf"
        crumb = self._crumb()
        return f"{crumb} — Boardshelf" if screen != "shelf" and crumb else "Boardshelf"

    def _live_html(self) -> str:
        """What the polite live region says: the newest log entries in plain words when the log grows, then
        whose turn it is, or the result (names in ``<bdi>``).  It changes only when one of those does (a
        screen reader reads it once); it is empty off the game screen."""
        if self.screen != "game" or self.state is None or self.meta is None or self.game is None:
            self._live, self._live_mark = "", None
            return ""
        state, names = self.state, self.meta["names"]
        mark = (self.meta["id"], len(state.log), tuple(state.to_act), state.is_over, self.handoff_seat())
        old = self._live_mark
        if old == mark:
            return self._live
        parts = []
        def say(make: Callable[[list[str]], str]) -> None:
            text = make([f"\ue000{i}\ue001" for i in range(len(names))]).strip()
            parts.append(_names_html(lambda n: text, names) + ("" if text.endswith((".", "!", "?")) else "."))
        if old is not None and old[0] == mark[0] and len(state.log) > old[1]:
            for entry in state.log[old[1]:][-5:]:
                say(functools.partial(_plain_entry, entry))
        out = state.outcome()
        handoff = self.handoff_seat()
        if out is not None:
            say(lambda n: f"Game over: {outcome_text(out, n)}.")
        elif handoff is not None:
            say(lambda n: f"Pass the device to {n[handoff]}.")
        elif old is None or old[0] != mark[0] or old[2] != mark[2]:
            vs = self.view_seat()
            if vs is not None and vs in state.to_act and self.meta["seats"][vs] == "human":
                say(lambda n: "Your turn.")
            else:
                say(lambda n: f"{_and([n[s] for s in state.to_act])} to play.")
        self._live, self._live_mark = " ".join(parts), mark
        return self._live

    def location(self) -> str:
        """The screen's own URL fragment (the browser glue keeps one history entry per screen, so Back works
        inside the app): ``#/shelf``, ``#/setup/<game>``, ``#/rules/<game>``, ``#/game/<save id>``,
        ``#/replay/<save id>`` (the game's replay), ``#/replay-save/<save id>`` (a replay from the saves list),
        ``#/link/<data>`` (a game opened from a link and not saved: its link as it is now; :mod:`pyapp.ui.links`)
        or ``#/<step screen>/<game>``."""
        screen = self.screen
        if screen in ("game", "replay") and self.link is not None and not self.link["saved"] and self.state is not None:
            return links.fragment(self._current_save())   # a game opened from a link, not saved: its link now
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
        try:
            if what in ("", "shelf"):
                self._do_nav("shelf")
            elif what == "setup" and arg:
                if self.screen == "game":
                    self._leave_game()
                if self.setup is not None and self.setup.get("game") == arg and "seats" in self.setup:
                    self.screen = "setup"
                else:
                    self._do_nav(f"setup:{arg}")
            elif what == "rules" and arg:
                self._do_nav(f"rules:{arg}")
            elif what == "replay-save" and saves.valid_id(arg):
                if self.screen == "game":
                    self._leave_game()
                self._do_nav(f"replay-save:{arg}")
            elif what == "replay" and saves.valid_id(arg):
                if not (self.meta is not None and self.meta["id"] == arg and self.state is not None):
                    if not self._open_save(arg):
                        return False
                self._start_replay(back="game")
            elif what == "game" and saves.valid_id(arg):
                if self.meta is not None and self.meta["id"] == arg and self.state is not None:
                    self.screen = "game"
                else:
                    self._open_save(arg)
            elif arg:
                step = self._step_for(arg)
                if step is None or what not in step.screens:
                    return False
                self._do_nav(what)                 # the step's own nav of that name, if it has one
        except (ValueError, LookupError):
            return False
        return location == self.location()

    def _render_body(self, screen: str) -> str:
        own = {"shelf": self._render_shelf, "setup": self._render_setup, "game": self._render_game,
               "rules": self._render_rules, "replay": self._render_replay}.get(screen)
        if own is not None:
            return own()
        step = self._active_step()
        if step is not None and screen in step.screens:
            return step.render(screen)
        return self._render_shelf()

    def _crumb(self) -> str:
        own = {"shelf": "Game shelf", "setup": "New game", "game": self.game.title if self.game else "",
               "rules": "Rules", "replay": "Replay"}
        if self.screen in own:
            return own[self.screen]
        step = self._active_step()
        return step.screens.get(self.screen, "") if step is not None else ""

    def _render_messages(self) -> str:
        if not self.messages:
            return ""
        items = "".join(
            f'<div class="notice {esc(m["level"])}" role="alert"><span>{esc(m["text"])}</span>'
            f'<button type="button" class="dismiss" data-nav="dismiss:{m["id"]}" aria-label="Dismiss">×</button></div>'
            for m in self.messages)
        return f'<div class="notices">{items}</div>'

    def _render_confirm(self) -> str:
        c = self.confirm
        if not c:
            return ""
        never = (button("Yes, and don't ask again", nav="confirm:never", cls="small") if c.get("setting") else "")
        return (f'<div class="confirm" role="alertdialog" aria-label="Please confirm"><span>{esc(c["text"])}</span>'
                + button(esc(c["yes"]), nav="confirm", cls="danger") + button(esc(c["no"]), nav="cancel-confirm")
                + never + "</div>")

    # ---------------------------------------------------------------- shelf
    def _render_shelf(self) -> str:
        """The games to play, then the saved games, then the games still to come."""
        catalog = games.catalog()
        ready = "".join(self._shelf_card(g) for g in catalog if g["ready"])
        soon = "".join(self._shelf_card(g) for g in catalog if not g["ready"])
        return ('<section class="shelf"><h2>Games</h2>'
                f'<div class="game-grid">{ready}</div></section>'
                f'<section class="saves"><h2>Saved games</h2>{self._render_saves()}<div class="button-row">'
                + button("Import a save file…", nav="import") + "</div></section>"
                + (f'<section class="shelf soon"><h2>Coming soon</h2><div class="game-grid">{soon}</div></section>'
                   if soon else ""))

    @staticmethod
    def _shelf_card(g: dict) -> str:
        gid = g["id"]
        players = (f"{g['min_players']} players" if g["min_players"] == g["max_players"]
                   else f"{g['min_players']}-{g['max_players']} players")
        if g["ready"]:
            btns = (button("New game", nav=f"setup:{gid}", cls="primary") + button("Rules", nav=f"rules:{gid}")
                    + "".join(button(esc(label), nav=nav) for nav, label in g.get("shelf", ())))
            badge = ""
        else:
            btns = '<button type="button" class="btn" disabled>Coming soon</button>'
            badge = '<span class="badge soon">coming soon</span>'
        return (f'<article class="game-card{" ready" if g["ready"] else " soon"}" data-game="{esc(gid)}">'
                f'<h3>{esc(g["title"])} {badge}</h3><p>{esc(g["description"])}</p>'
                f'<p class="meta">{players}</p><div class="button-row">{btns}</div></article>')

    def _render_saves(self) -> str:
        titles = {g["id"]: g["title"] for g in games.catalog()}
        rows = []
        for e in self._save_entries():
            m = e["meta"]
            if m is None:
                rows.append(f'<li class="save damaged"><div><strong>Damaged save</strong> <small>({bdi(clip(e["id"], 40))})</small>'
                            f'<div class="why">{esc(clip(e["error"], MAX_NOTICE))}</div></div><div class="button-row">'
                            + button("Delete", nav=f"delsave:{e['id']}", cls="small danger") + "</div></li>")
                continue
            game_title = titles.get(m["game"], clip(m["game"], 40))
            title = m["title"]
            for tail in (f" — {game_title}", f" - {game_title}"):     # the game is named once, in the line below
                if title.endswith(tail) and len(title) > len(tail):
                    title = title[:-len(tail)]
            rows.append(
                f'<li class="save"><div><strong>{bdi(title or "Saved game")}</strong>'
                f'<div class="meta">{bdi(game_title)} · {m["moves"]} moves · '
                f'{bdi(m["status"])} · <time datetime="{esc(m["updated"])}">{esc(self.local_time(m["updated"]))}</time>'
                '</div></div><div class="button-row">'
                + button("Continue", nav=f"load:{e['id']}", cls="small primary")
                + button("Replay", nav=f"replay-save:{e['id']}", cls="small")
                + button("Share…", nav=f"share-save:{e['id']}", cls="small")
                + button("Delete", nav=f"delsave:{e['id']}", cls="small danger") + "</div></li>")
        return (f'<p class="share-note">Share… gives a link to a game. {esc(SHARE_NOTE)}</p>'
                f'<ul class="save-list">{"".join(rows)}</ul>' if rows
                else '<p class="empty">No saved games yet. Games save themselves after every move.</p>')

    # ---------------------------------------------------------------- setup
    def _render_setup(self) -> str:
        st = self.setup
        if st is None:
            return self._render_shelf()
        game = games.get(st["game"])
        step = self._step_for(st["game"])
        cover = step.cover(st) if step is not None else None
        if cover is not None:
            return cover
        rows = "".join(self._seat_row(game, step, i) for i in range(len(st["seats"])))
        extra = step.setup_html(st) if step is not None else ""
        top = ""
        if game.min_players != game.max_players:
            popts = "".join(f'<option value="{n}"{" selected" if n == len(st["seats"]) else ""}>'
                            f'{n} player{"" if n == 1 else "s"}</option>'
                            for n in range(game.min_players, game.max_players + 1))
            top = f'<label class="field">Players <select data-input="players">{popts}</select></label>'
        shown = _shown_options(game)
        fields = "".join(self._option_field(o) for o in shown if not o.advanced and not o.per_seat)
        if fields:
            extra += f'<fieldset class="options"><legend>Options</legend>{fields}</fieldset>'
        advanced = "".join(self._option_field(o) if not o.per_seat else
                           "".join(self._option_field(o, i) for i in range(len(st["seats"])))
                           for o in shown if o.advanced)
        seed = (f'<fieldset class="seed"><legend>Seed</legend><label class="field">Chosen seed '
                f'<input type="text" inputmode="numeric" data-input="seed" placeholder="secret" '
                f'value="{esc(st["seed"])}"></label>' + button("Pick one", nav="reseed", cls="small")
                + '<p class="hint">Leave it empty: the game gets a secret seed, shown when the game ends. '
                'A chosen seed replays the same shuffles and dice, so anyone who knows it can work out '
                'the hidden cards, tiles and dice of this game.</p></fieldset>')
        extra += (f'<details class="advanced"{" open" if st.get("advanced") else ""}>'
                  f'<summary data-nav="advanced">Advanced</summary>{advanced}{seed}</details>')
        return (f'<section class="setup"><h2>New game: {esc(game.title)}</h2>{top}{rows}{extra}'
                '<div class="button-row">' + button("Start", nav="start", cls="primary big")
                + button("Rules", nav=f"rules:{st['game']}") + button("Back", nav="shelf") + "</div></section>")

    def _seat_row(self, game: Game, step: SetupStep | None, i: int) -> str:
        st = self._setup_now()
        seat = st["seats"][i]
        offered = _offered_bots(st["game"], seat)
        opts = [("human", "Human")] + [(f"bot:{n}", f"Bot: {getattr(c, 'label', n)}") for n, c in offered]
        sel = "".join(f'<option value="{esc(v)}"{" selected" if v == seat else ""}>{esc(lbl)}</option>'
                      for v, lbl in opts)
        blurb = next((getattr(c, "blurb", "") for n, c in offered if seat == f"bot:{n}"), "")
        how = f'<p class="hint bot-blurb">{esc(blurb)}</p>' if blurb else ""
        per_seat = "".join(self._option_field(o, i) for o in _shown_options(game) if o.per_seat and not o.advanced)
        own = step.seat_html(st, i) if step is not None else ""
        return (f'<fieldset class="seat"><legend>Seat {i + 1}</legend>'
                f'<label class="field">Player <select data-input="seat-{i}">{sel}</select></label>{how}'
                f'<label class="field">Name <input type="text" maxlength="40" data-input="name-{i}" '
                f'value="{esc(st["names"][i])}" placeholder="{esc(self._seat_name(i, seat))}"></label>'
                f"{per_seat}{own}</fieldset>")

    def _option_field(self, o: Option, seat: int | None = None) -> str:
        """One option's labelled input, typed from its description (``seat``: one seat's entry)."""
        cur = self._setup_now()["options"].get(o.name)
        key = f"opt-{o.name}"
        label = o.label
        if seat is not None:
            cur = cur[seat] if isinstance(cur, list) and seat < len(cur) else None
            key += f"-{seat}"
            label = f"{label} (seat {seat + 1})" if o.advanced else label
        if o.kind in ("bool", "choice"):
            choices = o.choices if o.kind == "choice" else ((True, "yes"), (False, "no"))
            ch = "".join(f'<option value="{esc(_opt_value(c))}"{" selected" if c == cur and type(c) is type(cur) else ""}>'
                         f'{esc(lbl)}</option>' for c, lbl in choices)
            control = f'<select data-input="{esc(key)}">{ch}</select>'
        elif o.kind == "int":
            control = f'<input type="number"{attrs(min=o.min, max=o.max)} data-input="{esc(key)}" value="{esc(_opt_value(cur))}">'
        else:
            control = (f'<input type="text"{attrs(maxlength=o.max)} data-input="{esc(key)}" '
                       f'value="{esc(_opt_value(cur))}">')
        help_html = f'<small class="help">{esc(o.help)}</small>' if o.help else ""
        return f'<label class="field">{esc(label)} {control}{help_html}</label>'

    # ---------------------------------------------------------------- game
    def _render_module(self) -> ModuleType | None:
        game, _state, _meta = self._playing()
        try:
            return importlib.import_module(f"{games.__name__}.{game.id}.render")
        except ModuleNotFoundError:
            return None

    def _render_game(self) -> str:
        _game, state, meta = self._playing()
        names = meta["names"]
        handoff = self.handoff_seat()
        if handoff is not None:                        # (the notices go in front, not behind it)
            return self._render_handoff(names[handoff]).replace("<!--notices-->", self._render_messages(), 1)
        cover = self._corr_cover()                     # a game by link: "are you <name>?" first
        if cover is not None:
            return cover.replace("<!--notices-->", self._render_messages(), 1)
        vs = self.view_seat()
        interactive = vs is not None and vs in state.to_act and meta["seats"][vs] == "human"
        actions = state.legal_actions(vs) if vs is not None and interactive else []
        free = [a for a in self._free_actions(vs) if all(a.id != b.id for b in actions)]
        if free:                                       # "at any time": offered to the viewer even off turn
            actions, interactive = actions + free, True
        mod = self._render_module()
        view = state.view(vs)
        if isinstance(view, dict) and isinstance(view.get("log"), list):
            # the whole log (public events), numbered from the first, with the hints asked at their places
            view["log"] = hintlib.with_hints(state.log, self.hints, vs, _game.private_views) if self.hints \
                else list(state.log)
        board = (mod.render if mod is not None else _generic_render)(view, actions, seat=vs, names=names,
                                                                     interactive=interactive)
        hint = self._current_hint(self.hint_seat()) if interactive else None
        if hint is not None:                           # the suggested move's controls, marked
            board = hintlib.mark(board, hint["action"], hint["seat"])
        board = board.replace(LOG_FILTER_SLOT, self._render_log_filter(names), 1)
        banner = (self._render_outcome(mod) + self._render_summary() if state.is_over
                  else self._corr_panel() or self._render_turn(vs, interactive))
        return (f'<section class="game" aria-labelledby="game-title">'
                f'<h2 id="game-title" class="sr-only">{esc(_game.title)}</h2>'
                f'{self._render_game_bar(vs)}{banner}{self._render_zoom()}'
                f'<div class="game-board" data-zoom="{esc(self.settings.get("board_zoom", "auto"))}">{board}</div>'
                '</section>')

    def _render_zoom(self) -> str:
        """The board's size (setting ``board_zoom``), buttons above the board, shown on narrow or touch screens
        (web/ui.css; the Settings section offers it everywhere): "Fit" (the whole board in the width),
        "Legible" (the board at least the width its renderer declares as ``--legible`` on its ``svg``, where its
        smallest text is 11 px; the board's box scrolls sideways), "Larger" (one and a half times that).
        ``auto`` (the default) is Legible on those screens, so it shows as Legible there (Fit in an embedded game)."""
        cur = self.settings.get("board_zoom", "auto")
        if cur == "auto":                      # (an embedded game fits its frame: the host page sizes it)
            cur = "fit" if self.embed else "legible"
        return ('<div class="board-zoom button-row" role="group" aria-label="Board size">'
                + "".join(f'<button type="button" class="btn small" data-nav="zoom:{v}" '
                          f'aria-pressed="{"true" if v == cur else "false"}"{attrs(title=tip)}>{label}</button>'
                          for v, label, tip in ZOOM_BUTTONS) + "</div>")

    def _render_log_filter(self, names: Sequence[str]) -> str:
        """The log panel's "show the log of" buttons: everyone, or one seat (web/ui.css hides the rest)."""
        n = min(len(names), MAX_SEATS_STYLED)
        cur = self.log_seat

        def one(nav: str, label: str, on: bool, cls: str = "") -> str:
            return (f'<button type="button" class="btn small{cls}" data-nav="logseat:{nav}" '
                    f'aria-pressed="{"true" if on else "false"}">{label}</button>')
        return ('<div class="log-filter button-row" role="group" aria-label="Show the log of">'
                + one("all", "Everyone", cur is None)
                + "".join(one(str(i), seat_html(i, names[i]), cur == i, f" seat-{i}") for i in range(n)) + "</div>")

    @staticmethod
    def _render_handoff(name: str) -> str:
        return (f'<section class="handoff" role="dialog" aria-modal="true"><div class="handoff-box">'
                f'<h2>Pass the device to {bdi(name)}</h2><!--notices-->'
                f'<p>{bdi(name)}, tap the button when only you can see the screen.</p>'
                + button(f"I am {bdi(name)}: show my turn", nav="handoff-ok", cls="primary big")
                + "</div></section>")

    def _render_outcome(self, mod: ModuleType | None) -> str:
        """The game-over banner: who won (every kind of outcome), why, the scores if the game gives them."""
        _game, state, meta = self._playing()
        names = meta["names"]
        out = state.outcome()
        if out is None:
            return ""
        named = getattr(mod, "named", None)      # the game's "P1" -> the seat's name
        reason = _names_html(lambda n: named(out.reason, n), names) if named else esc(out.reason)
        scores = ""
        if out.scores is not None:
            scores = ('<span class="scores">' + " · ".join(
                f"{seat_html(s, names[s] if s < len(names) else loglib.seat_name(s))} {esc(v)}"
                for s, v in enumerate(out.scores)) + "</span> ")
        seed = (f'<span class="seed">Seed {state.seed}: this seed and the moves replay the game.</span> ')
        return (f'<div class="outcome" data-kind="{esc(out.kind)}" role="status"><strong>Game over: '
                f'{_names_html(lambda n: outcome_text(out, n), names)}!</strong> <span>{reason}</span> {scores}{seed}'
                '<span class="button-row">' + button("Watch the replay", nav="replay", cls="small primary")
                + ("" if self.embed else button("Share…", nav="share", cls="small")
                   + button("Play again", nav="new-again", cls="small primary")
                   + button("Back to the shelf", nav="shelf", cls="small"))
                + "</span>" + ("" if self.embed else f'<small class="share-note">{esc(SHARE_NOTE)}</small>')
                + "</div>")

    def _render_turn(self, vs: int | None, interactive: bool) -> str:
        """Whose turn it is and, for the human to act, what the others did since their last move."""
        _game, state, meta = self._playing()
        names = meta["names"]
        who = ", ".join(seat_html(s, names[s]) + (" (you)" if s == vs and interactive else "") for s in state.to_act)
        thinking = " (thinking…)" if self.bot_pending() else ""
        banner = f'<div class="turn-banner">To play: <strong>{who}</strong>{thinking}</div>'
        if vs is not None and meta["seats"][vs] == "human":
            banner += self._render_hint(vs) + self._render_recap(vs)
        return banner

    def _render_recap(self, vs: int) -> str:
        """What happened since the viewer's last move (their first: since the start), in names and colours.

        The box is there all game long with the same height (it scrolls), so the board below never moves;
        after the viewer's first action of a turn it keeps what the others did before it."""
        _game, state, meta = self._playing()
        names = meta["names"]
        seen = self._seen_log.get(vs, 0)
        a, b = (seen, len(state.log)) if len(state.log) > seen else self._recap.get(vs, (0, 0))
        news = state.log[a:b]
        if news:
            first = max(b - RECAP_MAX, a)
            more = (f'<li class="more">… {first - a} earlier (in the log)</li>' if first > a else "")
            items = more + "".join(f'<li value="{n + 1}">{loglib.html(state.log[n], names)}</li>'
                                   for n in range(first, b))
            body = f'<ol class="recap-list">{items}</ol>'
        else:
            body = '<p class="empty">Nothing yet: the moves of the other players show here.</p>'
        if b == len(state.log) and a == seen:
            title = "Since your last move" if vs in self._seen_log and seen else "So far"
        else:
            title = "Before your move"
        return f'<section class="since" tabindex="0" aria-label="{title}"><h3>{title}</h3>{body}</section>'

    def _render_game_bar(self, vs: int | None) -> str:
        game, state, meta = self._playing()
        to_act = state.to_act
        seats_html = " vs ".join(
            f'<span class="seat-name seat-{i} p{i}{" to-act" if i in to_act else ""}">'
            f'<span class="seat-dot" aria-hidden="true"></span>{bdi(n)}'
            f'{"" if meta["seats"][i] == "human" else " <small>(bot)</small>"}'
            f'{"<span class=sr-only> (to play)</span>" if i in to_act and not state.is_over else ""}</span>'
            for i, n in enumerate(meta["names"]))
        undo = ""
        if vs is not None and meta["seats"][vs] == "human" and state.can_undo(vs):
            undo = button("Undo", nav="undo", cls="small", title="take back your last action")
        if self.embed:
            tools = undo
        else:
            keep = (button("Save it in this browser", nav="link-save", cls="small primary")
                    if self.link is not None and not self.link["saved"] else "")
            tools = (undo + keep + button("Replay", nav="replay", cls="small", title="watch this game from the start")
                     + button("Share…", nav="share", cls="small",
                              title="a link that carries this game: " + SHARE_NOTE)
                     + button("Export", nav="export", cls="small", title="download this game as a file")
                     + button("Rules", nav=f"rules:{game.id}", cls="small")
                     + button("Shelf", nav="shelf", cls="small"))
        tools += self._render_settings(any(s != "human" for s in meta["seats"]))
        return (f'<div class="game-bar"><div class="seats">{seats_html}</div>'
                f'<div class="tools button-row">{tools}</div></div>')

    def _render_settings(self, bots: bool) -> str:
        """The app's settings a game screen offers: the bots' pace, the questions before risky moves, the
        board's size."""
        def select(name: str, label: str, choices: dict) -> str:
            cur = self.settings.get(name)
            opts = "".join(f'<option value="{esc(v)}"{" selected" if v == cur else ""}>{esc(t)}</option>'
                           for v, t in choices.items())
            return f'<label class="field setting">{esc(label)} <select data-input="setting-{name}">{opts}</select></label>'
        speed = select("bot_speed", "Bot speed", BOT_SPEED_LABELS) if bots else ""
        ask = select("confirm", "Ask before a move that looks like a mistake",
                     {"ask": "Yes", "never": "No"})
        zoom = select("board_zoom", "Board size", ZOOM_LABELS)
        return (f'<details class="app-settings"{" open" if self.settings_open else ""}>'
                f'<summary data-nav="settings">Settings</summary>{speed}{ask}{zoom}</details>')

    # ---------------------------------------------------------------- rules
    def _render_rules(self) -> str:
        gid = self.rules_for or ""
        try:
            game = games.get(gid)
            body = game.rules_html() or "<p>No rules page yet.</p>"
            title = game.title
        except LookupError as exc:
            body, title = f"<p>{esc(exc)}</p>", "Rules"
        heading = "" if "<h1" in body or "<h2" in body else f"<h2>{esc(title)}: rules</h2>"
        return (f'<section class="rules-page"><div class="button-row">{button("Back", nav="back")}</div>'
                f'<div class="rules-body">{heading}{body}</div>'
                f'<div class="button-row">{button("Back", nav="back")}</div></section>')


def _generic_render(view: dict, actions: list[Action], *, seat: int | None, names: list[str],
                    interactive: bool) -> str:
    """Fallback for a game without its own renderer: the legal actions as buttons, the log, the raw view."""
    btns = "".join(f'<button type="button" class="btn" data-action="{esc(a.id)}">{esc(a.label or a.id)}</button>'
                   for a in actions) if interactive else ""
    log = log_details("generic-log", view.get("log") or [], names=names)
    raw = esc(json.dumps(view, indent=1, sort_keys=True, default=str)[:20000])
    return (f'<div class="generic-game"><div class="button-row">{btns}</div>{log}'
            f'<details><summary>What you can see (raw)</summary><pre>{raw}</pre></details></div>')

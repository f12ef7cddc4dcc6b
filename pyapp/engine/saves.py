"""Save files: a game as its seed, options and action ids (replayed to rebuild the state).

A save is compact JSON::

    {"format": 1, "app": "boardshelf", "id": "k3x9...", "game": "hexbattle", "players": 2,
     "seed": 42, "options": {...}, "actions": [[0, "draw"], [0, "play:c07"], ...],
     "seats": ["human", "bot:greedy"], "names": ["Ann", "Greedy"],
     "created": "2026-11-21T12:00:00Z", "updated": "...", "title": "Ann vs Greedy"}

:func:`load_save` trusts nothing: it checks every field and replays every action
through ``game.replay`` (which checks each one is legal), so a file edited by hand
or from another app raises :class:`SaveError` with a message a player can read.

Storage keys are namespaced (``boardshelf:save:<id>``, ``boardshelf:army:<game>:<id>``,
``boardshelf:current``) so one bad key never touches another.
"""
from __future__ import annotations

import json
import re
import time
from itertools import accumulate

from ..engine.core import IllegalAction
from .util import random_hex

SAVE_FORMAT = 1
APP_ID = "boardshelf"
PREFIX = "boardshelf:"
SAVE_PREFIX = "boardshelf:save:"
ARMY_PREFIX = "boardshelf:army:"
CURRENT_KEY = "boardshelf:current"
# Embedded games (``embed=1``) keep their own saves and current-game markers, apart from the player's
# main games: ``boardshelf:embed:save:<id>`` and ``boardshelf:embed:current:<link>`` (one per embedding link).
EMBED_SAVE_PREFIX = "boardshelf:embed:save:"
EMBED_CURRENT_PREFIX = "boardshelf:embed:current:"

# Bounds on anything read from outside, checked before any work proportional to its content
# (players read them in the rules pages' "Saves" section via docs): a save file of at most 2 MB,
# JSON nested at most 32 deep, at most 20,000 moves (the longest bot games take a few thousand),
# seeds from 0 to 2**53 - 1 (what a URL and JavaScript carry exactly).
MAX_SAVE_BYTES = 2_000_000
MAX_DEPTH = 32
MAX_ACTIONS = 20_000
MAX_SEED = 2 ** 53 - 1
# What :func:`load_save` keeps of a save besides its moves (the fields the format defines and the app's own
# notes), each bounded: a field of any other name is dropped, a name is cut to MAX_NAME characters and a
# title to MAX_TITLE, a date or status longer than its bound is dropped (the app writes its own).  A file's
# 1.9 MB ``created`` was stored and rewritten at every move: two such files filled the browser's storage.
MAX_NAME = 50             # (a name typed at setup has at most 40; the app numbers repeated ones: "Ann 2")
MAX_TITLE = 120
MAX_STAMP = 40
MAX_STATUS = 200
META_FIELDS = ("format", "app", "id", "game", "rules", "players", "seed", "options", "seats", "names",
               "created", "updated", "title", "status", "recap", "hints", "tutorial")
# Directional formatting controls: embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069).
# A name keeps none (the app isolates each name itself, :func:`pyapp.ui.markup.isolate`); the marks
# LRM, RLM and ALM (U+200E, U+200F, U+061C) open nothing and stay.
BIDI_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
# A JSON string, or the rest of the text after a quote that is never closed.  The closing quote is optional,
# so a match started at a quote never fails: nothing is scanned twice (a required closing quote made every
# quote of unbalanced escaped quotes rescan to the end, quadratic: 69 characters of link froze the tab 5 s).
_STRING_RE = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?')
_NOT_BRACKET_RE = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}

# Patterns that validate outside text are used with ``fullmatch`` only (``$`` also matches before a final
# newline: ``"human\n"`` passed as a seat and opened a game on a turn nobody could take).
_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
_SEAT_RE = re.compile(r"human|remote|bot:[A-Za-z0-9_-]{1,40}")     # remote: a friend on another device (live play)


class SaveError(ValueError):
    """A save (or army) that cannot be used; ``str(err)`` is a message for the player."""


def new_id() -> str:
    """A fresh random id for a save or an army (not from any game's rng)."""
    return f"{int(time.time()):x}{random_hex(4)}"


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def save_key(save_id: str) -> str:
    return SAVE_PREFIX + save_id


def embed_save_key(save_id: str) -> str:
    """Where an embedded game's save is kept (never listed or resumed by the main app)."""
    return EMBED_SAVE_PREFIX + save_id


def embed_current_key(link: str) -> str:
    """The current-game marker of one embedding link (``link``: the game, seats and seed it names)."""
    return EMBED_CURRENT_PREFIX + link


def army_key(game_id: str, army_id: str) -> str:
    return f"{ARMY_PREFIX}{game_id}:{army_id}"


def valid_id(text) -> bool:
    return isinstance(text, str) and bool(_ID_RE.fullmatch(text))


def plain_name(text: object, limit: int = MAX_NAME) -> str:
    """A player's name as a save keeps it: on one line, without directional formatting controls, trimmed
    and at most ``limit`` characters.

    >>> plain_name("\\u2068 Ann\\u202e\\n Bo \\u2069"), plain_name("x" * 50, 4)
    ('Ann Bo', 'xxxx')
    """
    return " ".join(str(text).translate(BIDI_CONTROLS).split())[:limit]


def to_save(state, *, save_id: str, seats: list[str], names: list[str] | None = None,
            title: str = "", created: str | None = None, updated: str | None = None) -> dict:
    """The save dict for ``state`` (a game in progress or finished)."""
    stamp = updated or now_iso()
    return {
        "format": SAVE_FORMAT, "app": APP_ID, "id": save_id, "game": state.game.id,
        "rules": getattr(state.game, "rules_version", 1),
        "players": state.players, "seed": state.seed, "options": state.options,
        "actions": [[int(s), str(a)] for s, a in state.history],
        "seats": list(seats), "names": [plain_name(n) for n in names or []],
        "created": created or stamp, "updated": stamp, "title": title,
    }


def dumps(save: dict) -> str:
    return json.dumps(save, separators=(",", ":"), sort_keys=True)


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (brackets inside strings do not count),
    found without parsing it: Pyodide's JSON parser can overflow the JavaScript stack on deep input
    before Python's recursion check fires.

    Linear in the text, whatever it holds (it runs before anything else on text from outside): strings
    are cut out in one pass, each ending at its first unescaped quote as JSON's do, an unclosed one at the
    end of the text (JSON refuses that text anyway), then the brackets left are counted.

    >>> json_depth('{"a": [1, [2, "]]]"]], "b": {}}')
    3
    >>> json_depth('[["a", "b]"], [["open [[[')       # the unclosed string runs to the end
    3
    """
    brackets = _NOT_BRACKET_RE.sub("", _STRING_RE.sub("", text))
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


def parse_json(text, what: str, *, max_bytes: int = MAX_SAVE_BYTES, max_depth: int = MAX_DEPTH):
    """Parse JSON from outside (a file, a stored record, a link) after checking its size and nesting.

    Raises :class:`SaveError` naming ``what`` ("save", "army"...) with a message for the player.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise SaveError(f"This {what} is too large to open ({len(text) // 1000:,} KB; at most {max_bytes // 1000:,} KB).")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(f"This file is not a Boardshelf {what} (it is not text).") from None
    if not isinstance(text, str):
        raise SaveError(f"This is not a Boardshelf {what}.")
    if len(text) > max_bytes:
        raise SaveError(f"This {what} is too large to open ({len(text) // 1000:,} KB; at most {max_bytes // 1000:,} KB).")
    if json_depth(text) > max_depth:
        raise SaveError(f"This file is not a Boardshelf {what} (its data is nested too deeply).")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError(f"This file is not a Boardshelf {what} (it is not valid JSON).") from None


def _parse(obj_or_text) -> dict:
    if isinstance(obj_or_text, (bytes, bytearray, str)):
        try:
            obj = parse_json(obj_or_text, "save")
        except SaveError:
            raise
    else:
        obj = obj_or_text
    if not isinstance(obj, dict):
        raise SaveError("This file is not a Boardshelf save.")
    return obj


def check_header(obj_or_text) -> dict:
    """Cheap checks of a save's fields (no replay): the dict, or :class:`SaveError`."""
    d = _parse(obj_or_text)
    if d.get("app") != APP_ID:
        raise SaveError("This file is not a Boardshelf save (it belongs to another app).")
    fmt = d.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SaveError("This save has no valid format number.")
    if fmt > SAVE_FORMAT:
        raise SaveError("This save was made by a newer version of Boardshelf; update the app to open it.")

    def need(name, types, what):
        v = d.get(name)
        if not isinstance(v, types) or isinstance(v, bool):
            raise SaveError(f"This save is damaged: {name} should be {what}.")
        return v

    if not valid_id(d.get("id")):
        raise SaveError("This save is damaged: its id is missing or invalid.")
    need("game", str, "a game id")
    players = need("players", int, "a whole number")
    seed = need("seed", int, "a whole number")
    if not 0 <= seed <= MAX_SEED:
        raise SaveError(f"This save is damaged: its seed should be a whole number from 0 to {MAX_SEED}.")
    if not isinstance(d.get("options", {}), dict):
        raise SaveError("This save is damaged: options should be an object.")
    actions = need("actions", list, "a list of moves")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"This save has {len(actions):,} moves, more than any game of Boardshelf takes "
                        f"(at most {MAX_ACTIONS:,}); it cannot be opened.")
    for i, a in enumerate(actions):
        if (not isinstance(a, list) or len(a) != 2 or not isinstance(a[0], int) or isinstance(a[0], bool)
                or not isinstance(a[1], str) or not 0 <= a[0] < max(players, 1)):
            raise SaveError(f"This save is damaged: move {i + 1} is not a valid move.")
    seats = need("seats", list, "a list of seats")
    if len(seats) != players or not all(isinstance(s, str) and _SEAT_RE.fullmatch(s) for s in seats):
        raise SaveError("This save is damaged: its seats do not match its players.")
    names = d.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveError("This save is damaged: names should be a list of text.")
    for f in ("title", "created", "updated"):
        if not isinstance(d.get(f, ""), str):
            raise SaveError(f"This save is damaged: {f} should be text.")
    rules = d.get("rules", 1)
    if not isinstance(rules, int) or isinstance(rules, bool) or not 1 <= rules <= 10_000:
        raise SaveError("This save is damaged: its rules version should be a whole number.")
    return d


def load_save(obj_or_text, *, get_game=None) -> tuple:
    """Check and replay a save: ``(state, meta)`` where ``meta`` is the save dict without its actions.

    Raises :class:`SaveError` for anything wrong (bad JSON, another app, a newer format,
    an unknown game, a move that is not legal, wrong types).
    """
    d = check_header(obj_or_text)
    if get_game is None:
        from .. import games
        get_game = games.get
    try:
        game = get_game(d["game"])
    except LookupError as exc:
        raise SaveError(f"This save is for a game this app cannot play ({exc}).") from None
    made, current = d.get("rules", 1), getattr(game, "rules_version", 1)
    if made > current:
        raise SaveError(f"This save was made by a newer version of Boardshelf ({game.title} rules version {made}); "
                        "update the app to open it.")
    if made < current:
        raise SaveError(f"This save was made with an earlier version of {game.title}'s rules, which have changed "
                        "since, so it cannot be replayed or continued. Start a new game.")
    from .. import bots
    names = bots.available(game.id)
    for s in d["seats"]:
        if s.startswith("bot:") and s[4:] not in names:
            raise SaveError(f"This save uses a bot this app does not have ({s[4:]}).")
    try:
        state = game.new(d["players"], d["seed"], d.get("options") or {})
    except (ValueError, TypeError, KeyError) as exc:
        raise SaveError(f"This save's game settings are invalid ({exc}).") from None
    for i, (seat, action_id) in enumerate(d["actions"]):
        try:
            state.apply(seat, action_id)
        except IllegalAction:
            raise SaveError(f"This save is damaged or was edited: move {i + 1} ({action_id}) "
                            "is not legal there.") from None
        except Exception as exc:  # a rules bug must not take the app down with it
            raise SaveError(f"This save could not be replayed at move {i + 1} ({exc}).") from None
    return state, bounded_meta(d)


def bounded_meta(d: dict) -> dict:
    """What the app keeps of a checked save (:func:`check_header`) besides its moves: only
    :data:`META_FIELDS`, each bounded (names and title cut, an overlong date or status dropped, the names
    of the seats only, a ``recap`` of more entries than seats dropped).

    >>> m = bounded_meta({"players": 1, "names": ["Ann", "Bo"], "title": "t" * 200, "created": "x" * 99,
    ...                   "updated": "2026-11-28T01:00:00Z", "junk": 1})
    >>> m == {"players": 1, "names": ["Ann"], "title": "t" * 119 + "…", "updated": "2026-11-28T01:00:00Z",
    ...       "options": {}}
    True
    """
    meta = {k: d[k] for k in META_FIELDS if k in d}
    players = meta.get("players", 0)
    meta.setdefault("options", {})
    meta["names"] = [plain_name(n) for n in meta.get("names", [])[:players]]
    title = str(meta.get("title", ""))
    meta["title"] = title if len(title) <= MAX_TITLE else title[:MAX_TITLE - 1] + "…"
    for f, bound in (("created", MAX_STAMP), ("updated", MAX_STAMP), ("status", MAX_STATUS)):
        if f in meta and not (isinstance(meta[f], str) and len(meta[f]) <= bound):
            del meta[f]
    if "recap" in meta and not (isinstance(meta["recap"], dict) and len(meta["recap"]) <= players):
        del meta["recap"]
    if "tutorial" in meta and not (isinstance(meta["tutorial"], str) and _ID_RE.fullmatch(meta["tutorial"])):
        del meta["tutorial"]                 # a guided game's mark (pyapp.ui.coach): the game's id
    return meta

"""Key-value storage used by the app (localStorage in the browser, a dict in tests).

The protocol is four methods::

    get(key) -> str | None
    set(key, value)          # may raise QuotaError, and then changes nothing
    remove(key)
    keys() -> list[str]

>>> s = DictStorage(quota=10)
>>> s.set("a", "1234")
>>> try:
...     s.set("b", "123456789")
... except QuotaError as exc:
...     print(exc)
storage is full (15 > 10 characters)
>>> s.get("a"), s.get("b")
('1234', None)
"""
from __future__ import annotations


class QuotaError(Exception):
    """The storage refused a write because it is full; nothing was changed."""


TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: the Protocol is for mypy only
    from typing import Protocol

    class Storage(Protocol):
        """What the app needs of a storage: ``get``, ``set`` (may raise QuotaError), ``remove``, ``keys``.

        (A storage may also say ``persistent = False``: it keeps nothing past the page; read with getattr.)"""

        def get(self, key: str) -> str | None: ...
        def set(self, key: str, value: str) -> None: ...
        def remove(self, key: str) -> None: ...
        def keys(self) -> list[str]: ...
else:
    class Storage:  # pragma: no cover - documents the duck type at run time
        """What the app needs of a storage: ``get``, ``set`` (may raise QuotaError), ``remove``, ``keys``."""


class DictStorage:
    """In-memory storage; ``quota`` (total characters of keys and values) simulates a full localStorage."""

    def __init__(self, data: dict | None = None, *, quota: int | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota
        self.writes = 0

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if not isinstance(value, str):
            raise TypeError("storage values are strings")
        if self.quota is not None:
            size = sum(len(k) + len(v) for k, v in self.data.items() if k != key) + len(key) + len(value)
            if size > self.quota:
                raise QuotaError(f"storage is full ({size} > {self.quota} characters)")
        self.data[key] = value
        self.writes += 1

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


# ---------------------------------------------------------------- the app's settings
SETTINGS_KEY = "boardshelf:settings"
MAX_SETTINGS_CHARS = 10_000         # the record the app writes is under 100 characters
# every setting, its allowed values and its default (the first): ``bot_speed`` paces the bots' moves,
# ``confirm`` says whether the app asks before a move a game marks as probably a mistake, ``board_zoom`` sizes
# the game's board: ``auto`` (legible on narrow or touch screens, fit elsewhere: web/ui.css's media query),
# ``fit`` (the whole board in the width), ``legible`` (at least the width where its smallest text is 11 px,
# scrolling sideways), ``large`` (one and a half times that)
SETTINGS = {"bot_speed": ("normal", "slow", "fast", "instant"), "confirm": ("ask", "never"),
            "board_zoom": ("auto", "fit", "legible", "large")}


def load_settings(storage: Storage) -> dict:
    """The player's settings kept in ``storage`` (one JSON record), every one present: an unknown or
    damaged value is its default, so a bad record never stops the app.

    >>> s = DictStorage({SETTINGS_KEY: '{"bot_speed": "slow", "confirm": 7}'})
    >>> load_settings(s) == {"bot_speed": "slow", "confirm": "ask", "board_zoom": "auto"}
    True
    >>> load_settings(DictStorage({SETTINGS_KEY: "{"}))["bot_speed"]
    'normal'
    """
    from ..engine.saves import parse_json
    try:       # checked for size and nesting before it is parsed, as everything read from outside
        stored = parse_json(storage.get(SETTINGS_KEY) or "{}", "settings", max_bytes=MAX_SETTINGS_CHARS)
    except ValueError:                                        # (SaveError is one)
        stored = {}
    if not isinstance(stored, dict):
        stored = {}
    return {k: stored[k] if stored.get(k) in allowed else allowed[0] for k, allowed in SETTINGS.items()}


def save_settings(storage: Storage, settings: dict) -> None:
    """Keep ``settings`` (may raise what ``storage.set`` raises: the caller tells the player)."""
    import json
    storage.set(SETTINGS_KEY, json.dumps({k: settings[k] for k in SETTINGS if k in settings}, sort_keys=True))

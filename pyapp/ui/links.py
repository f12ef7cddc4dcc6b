"""Games by link, with no server: a whole game in the URL fragment.

A link is the app's address followed by ``#/link/<data>``: the fragment never reaches a server (the
browser keeps it), so the game travels only with the link.  ``<data>`` is compact JSON, compressed
with zlib and written in base64url without padding::

    {"v": 1, "game": "hexbattle", "players": 2, "seed": 42, "options": {...}, "rules": 1,
     "seats": ["human", "bot:greedy"], "names": ["Ann", "Greedy bot"],
     "actions": [[0, "draw"], [0, "play:c07"], ...], "hints": [{"step": 3, "seat": 0, "action": "draw"}]}

``v`` is the link format (:data:`LINK_VERSION`); the rest are the fields of a save
(:mod:`pyapp.engine.saves`) without its id and dates; ``hints`` (only when a hint was asked) lists the
"What would the bot do?" hints asked (:mod:`pyapp.ui.hints`, which checks it as hostile input when the game opens).  A link carries the seed and every action id, so
whoever has it can work out every hidden card: the app says so next to every share button.

Reading a link is reading hostile input: :func:`decode` bounds the fragment's length
(:data:`MAX_LINK_CHARS`) before decoding, the decompressed size (:data:`MAX_LINK_JSON`, a zip bomb
stops there), the JSON's nesting, and then goes through the save checks (:func:`saves.check_header`:
types, seats, at most ``saves.MAX_ACTIONS`` moves); :func:`load` replays every action through the
game's rules (:func:`saves.load_save`), so an illegal or unknown id is refused.  Every problem is a
:class:`LinkError` with a message for the player.

>>> text = encode({"game": "g", "players": 2, "seed": 7, "options": {}, "seats": ["human", "human"],
...                "names": ["Ann", "Bo"], "actions": [[0, "a"]]})
>>> decode(text)["actions"], decode("#/link/" + text)["seed"]
([[0, 'a']], 7)
"""
from __future__ import annotations

import json

from ..engine import saves
from ..engine.saves import SaveError

LINK_VERSION = 1
LINK_PREFIX = "#/link/"
MAX_LINK_CHARS = 200_000          # characters of a link's data (a long game's link is 1-3 KB)
MAX_LINK_JSON = 1_000_000         # bytes of the decompressed JSON (a zip bomb stops here)
_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_FIELDS = ("game", "players", "seed", "options", "rules", "seats", "names", "actions", "hints")


class LinkError(SaveError):
    """A game link that cannot be opened; ``str(err)`` is a message for the player."""


def encode(save: dict) -> str:
    """The link data (no ``#``) of a save dict (or any dict with its fields)."""
    import binascii
    import zlib
    d = {"v": LINK_VERSION}
    d.update({k: save[k] for k in _FIELDS if k in save})
    text = json.dumps(d, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    raw = binascii.b2a_base64(zlib.compress(text.encode("utf-8"), 9), newline=False).decode("ascii")
    return raw.rstrip("=").replace("+", "-").replace("/", "_")


def fragment(save: dict) -> str:
    """``#/link/<data>``: what follows the app's address in a link."""
    return LINK_PREFIX + encode(save)


def _inflate(data: bytes) -> bytes:
    """zlib data decompressed, refusing more than :data:`MAX_LINK_JSON` bytes of output (a zip bomb)."""
    import zlib
    d = zlib.decompressobj()
    try:
        out = d.decompress(data, MAX_LINK_JSON + 1)
    except zlib.error:
        raise LinkError("This link is damaged (its data does not unpack); ask for the link again.") from None
    if len(out) > MAX_LINK_JSON or d.unconsumed_tail:
        raise LinkError("This link holds more data than any game of Boardshelf needs; it cannot be opened.")
    if not d.eof:
        raise LinkError("This link is cut short (its data ends early); copy the whole link and try again.")
    return out


def decode(text: object) -> dict:
    """The checked save dict a link's data holds (``#/link/`` before it is allowed), or :class:`LinkError`.

    Checks only what needs no game: for a state, use :func:`load`."""
    import binascii
    if not isinstance(text, str):
        raise LinkError("This is not a Boardshelf game link.")
    data = text[len(LINK_PREFIX):] if text.startswith(LINK_PREFIX) else text
    data = data.strip()
    if len(data) > MAX_LINK_CHARS:
        raise LinkError(f"This link is too long to be a Boardshelf game ({len(data):,} characters; "
                        f"at most {MAX_LINK_CHARS:,}).")
    if not data or not set(data) <= _B64URL or len(data) % 4 == 1:
        raise LinkError("This link is damaged (it has characters a game link never has, or is cut short); "
                        "ask for the link again.")
    try:
        packed = binascii.a2b_base64(data.replace("-", "+").replace("_", "/") + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("This link is damaged (it is not readable data); ask for the link again.") from None
    raw = _inflate(packed)
    try:
        obj = saves.parse_json(raw, "game link", max_bytes=MAX_LINK_JSON)
    except SaveError as exc:
        raise LinkError(str(exc).replace("file is not a Boardshelf game link", "link is damaged")) from None
    if not isinstance(obj, dict):
        raise LinkError("This link is damaged (it holds no game).")
    v = obj.get("v")
    if type(v) is not int:
        raise LinkError("This link is damaged (it has no valid version number).")
    if v > LINK_VERSION:
        raise LinkError("This link was made by a newer version of Boardshelf; update the app to open it.")
    if v < 1:
        raise LinkError("This link is damaged (it has no valid version number).")
    d = {k: obj[k] for k in _FIELDS if k in obj}
    d.update({"format": saves.SAVE_FORMAT, "app": saves.APP_ID, "id": "link"})
    d.setdefault("options", {})
    try:
        return saves.check_header(d)
    except SaveError as exc:
        raise LinkError(as_link(str(exc))) from None


def load(text: object, *, get_game=None) -> tuple:
    """``(state, meta)`` of a link, every action replayed and checked (:func:`saves.load_save`), or :class:`LinkError`."""
    d = decode(text)
    try:
        return saves.load_save(d, get_game=get_game)
    except SaveError as exc:
        raise LinkError(as_link(str(exc))) from None


def as_link(msg: str) -> str:
    """A save's message about the same fields, said of a link.

    >>> as_link("This save is damaged: move 3 is not a valid move.")
    'This link is damaged: move 3 is not a valid move.'
    """
    for a, b in (("This save's", "This link's"), ("This save", "This link"), ("this save", "this link"),
                 ("This file is not a Boardshelf save", "This link is not a Boardshelf game")):
        msg = msg.replace(a, b)
    return msg

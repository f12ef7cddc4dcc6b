"""Structured log events: what happened, and which seats it involves.

A game's log is a list of events, each a small JSON dict::

    {"text": "{0} rolls 3 and 5", "seats": [1], "kind": "roll"}

``text`` names the seats it involves by position in ``seats``: ``{0}`` is
``seats[0]``, ``{1}`` is ``seats[1]``, and so on.  Renderers and the app put
each seat's name and colour there (:func:`html`) without parsing text;
tools and tests read the plain form (:func:`plain`), where a seat with no
name given is ``P1``, ``P2``, ...  Braces that are not a seat reference are
kept as they are, so names and card titles with braces are safe.

>>> ev = event("{0} attacks {1}", 0, 2, kind="attack")
>>> plain(ev)
'P1 attacks P3'
>>> plain(ev, ["Ann", "Bo", "Cy"])
'Ann attacks Cy'
>>> involves(ev)
(0, 2)
>>> html(ev, ["<A>", "Bo", "Cy"])
'<span class="seat seat-0">&lt;A&gt;</span> attacks <span class="seat seat-2">Cy</span>'
>>> plain("an old free-text entry")
'an old free-text entry'
"""
from __future__ import annotations

from functools import lru_cache

from .util import esc

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable, Sequence, Union

    from .types import Event
    Entry = Union[Event, str]           # str: a free-text entry with no seats (older states, tests)


def event(text: str, *seats: int, kind: str = "") -> Event:
    """A log event; ``{i}`` in ``text`` stands for ``seats[i]``."""
    ev: Event = {"text": text, "seats": [int(s) for s in seats]}
    if kind:
        ev["kind"] = kind
    return ev


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """The name of ``seat``: ``names[seat]`` if given, else ``P1``, ``P2``..."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"P{seat + 1}"


def involves(entry: Entry) -> tuple:
    """The seats an entry names, in order (empty for free text)."""
    if isinstance(entry, dict):
        return tuple(entry.get("seats") or ())
    return ()


def _fill(text: str, seats: Sequence[int], part: Callable[[str], str], seat: Callable[[int], str]) -> str:
    out = []
    i, n = 0, len(text)
    while i < n:
        j = text.find("{", i)
        if j < 0:
            out.append(part(text[i:]))
            break
        k = text.find("}", j)
        ref = text[j + 1:k] if k > j else ""
        if ref.isdigit() and int(ref) < len(seats):
            out.append(part(text[i:j]))
            out.append(seat(int(seats[int(ref)])))
            i = k + 1
        else:
            out.append(part(text[i:j + 1]))
            i = j + 1
    return "".join(out)


def plain(entry: Entry, names: Sequence[str] | None = None) -> str:
    """The entry as plain text, seats named by ``names`` (or P1, P2...)."""
    if not isinstance(entry, dict):
        return str(entry)
    return _fill(str(entry.get("text", "")), entry.get("seats") or (), str, lambda s: seat_name(s, names))


def html(entry: Entry, names: Sequence[str] | None = None) -> str:
    """The entry as escaped HTML; each seat is ``<span class="seat seat-N">name</span>`` for its colour.

    Remembered (the whole log is drawn again at every update, and an entry never changes once logged)."""
    if not isinstance(entry, dict):
        return esc(entry)
    return _html(str(entry.get("text", "")), tuple(entry.get("seats") or ()), None if names is None else tuple(names))


@lru_cache(maxsize=4096)
def _html(text: str, seats: tuple, names: tuple | None) -> str:
    return _fill(text, seats, esc, lambda s: f'<span class="seat seat-{s}">{esc(seat_name(s, names))}</span>')

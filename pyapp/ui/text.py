"""Words the app's screens share: outside text shortened and isolated, names in their seats' colours, times,
how a game ended.  Pure functions, no state (every screen of :mod:`pyapp.ui` may use them).
"""
from __future__ import annotations

import re

from ..engine import log as loglib
from ..engine import saves
from .markup import bdi, clip_text, esc

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable, Sequence

    from ..engine.core import Game, Outcome

MAX_NOTICE = 500          # characters of a notice (outside text in it is quoted and shortened before that)
MAX_TITLE = 120           # characters of a save's title kept and shown
MAX_QUOTE = 60            # characters of outside text quoted in a notice
MAX_SEATS_STYLED = 6      # seats with a colour of their own (web/ui.css has the log filter rules up to this)
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

_ISOLATE_MARKS = dict.fromkeys(range(0x2066, 0x206A))     # LRI, RLI, FSI, PDI
_NAME_TOKEN_RE = re.compile("\ue000(\\d+)\ue001")


def clip(text: object, limit: int) -> str:
    """``text`` cut to ``limit`` characters (the last one an ellipsis when cut).

    >>> clip("Boardshelf", 6), clip("Board", 6)
    ('Board…', 'Board')
    """
    return clip_text(str(text), limit)


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


def names_html(make: Callable[[list[str]], str], names: Sequence[str]) -> str:
    """``make(tokens)`` escaped, with each seat's name put in where its token is, in ``<bdi>`` and in its
    seat's colour: a text the app or a game builds from names (who won, the game's reason) with every name
    isolated.

    >>> names_html(lambda n: f"{n[1]} beats {n[0]} <3", ["Ann", "Bo"])
    '<span class="seat seat-1"><bdi>Bo</bdi></span> beats <span class="seat seat-0"><bdi>Ann</bdi></span> &lt;3'
    """
    tokens = [f"\ue000{i}\ue001" for i in range(len(names))]
    return _NAME_TOKEN_RE.sub(lambda m: seat_html(int(m.group(1)), names[int(m.group(1))]), esc(make(tokens)))



def plain_entry(entry: object, names: list[str]) -> str:
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


def parse_seed(text: object) -> int | None:
    """A seed typed or read from a link: a whole number from 0 to ``saves.MAX_SEED``, else None."""
    try:
        seed = int(str(text).strip())
    except ValueError:
        return None
    return seed if 0 <= seed <= saves.MAX_SEED else None


def truthy(v: object) -> bool:
    return str(v).lower() in ("1", "true", "yes", "on")


def and_list(names: Sequence[object]) -> str:
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
        return f"{and_list([name(s) for s in out.winners])} share the win"
    if kind == "draw":
        return "a draw"
    won = kind == "team-win"
    seats = out.seats
    if len(seats) <= 1:
        return "Victory" if won else "Defeat"
    return f"{'You all win' if won else 'You all lose'} ({and_list([name(s) for s in seats])})"

"""What every part of the Lords of Doomspire renderer shares: the board's geometry (tiles, sea zones), the
content's names (items, followers, buildings, the dragon's might) and :class:`Ctx`, the seats' names in one render
(examples: the package's docstring)."""
from __future__ import annotations

import re
from functools import lru_cache

from ....engine.log import html as log_html_entry
from ....ui.markup import esc, number, seat_names
from .. import content

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine.log import Entry

COLS = "abcdefgh"
# the smallest board text in SVG units (web/doomspire.css: tile names, yields, pieces' letters); the board's svg declares the width where it is 11 px
# (``--legible``: web/ui.css's board zoom)
MIN_FONT = 10.0
T = 64.0                     # tile size in SVG units
M = 44.0                     # width of the sea around the island
W = 2 * M + 8 * T            # board width and height
# the smallest board control in SVG units: a numbered marker (circle r 10; several on a tile sit 20 apart), so
# the board's legible width is also where it is 24 px (WCAG 2.2 target size) on a touch screen
MIN_TARGET = 20.0
LEGIBLE_PX = int(max(W * 11 / MIN_FONT, W * 24 / MIN_TARGET)) + 1
RES = ("gold", "food", "wood", "ore")
ZONES = ("nw", "ne", "se", "sw")
TILES = tuple(f"{c}{r}" for r in range(1, 9) for c in COLS)     # drawing order: row by row (markup independent of dict order)
ZONE_NAMES = {"nw": "north-west", "ne": "north-east", "se": "south-east", "sw": "south-west"}
SEAT_COLOURS = ("Red", "Blue", "Yellow", "Green")
_PN = re.compile(r"\bP([1-9])\b")
_SEAT_SPAN = re.compile(r'class="seat seat-(\d+)"')


def tile_xy(t: str) -> tuple[float, float]:
    """SVG centre of tile ``t`` (``"a1"`` .. ``"h8"``); ValueError if not a tile."""
    if not isinstance(t, str) or len(t) != 2 or t[0] not in COLS or t[1] not in "12345678":
        raise ValueError(f"not a tile: {t!r}")
    c, r = COLS.index(t[0]), int(t[1]) - 1
    return M + c * T + T / 2, M + r * T + T / 2


def zone_of(t: str) -> str | None:
    """The sea zone a coastal tile touches (None inland)."""
    c, r = COLS.index(t[0]), int(t[1]) - 1
    if min(r, c, 7 - r, 7 - c) != 0:
        return None
    return ("n" if r < 4 else "s") + ("w" if c < 4 else "e")


def res_text(d: object) -> str:
    if not isinstance(d, dict):
        return ""
    return ", ".join(f"{number(n)} {r}" for r, n in d.items() if n) or "nothing"


# ---------------------------------------------------------------- content lookups (static data)
@lru_cache(maxsize=1)
def content_data() -> dict:
    try:
        return content.load()
    except Exception:  # pragma: no cover - the renderer must still draw without names
        return {}


def item_name(key: str) -> str:
    it = (content_data().get("items") or {}).get(key)
    return it["name"] if it else str(key)


def item_text(key: str) -> str:
    it = (content_data().get("items") or {}).get(key)
    return it.get("text", "") if it else ""


def follower_name(key: str) -> str:
    f = (content_data().get("followers") or {}).get(key)
    return f["name"] if f else str(key)


def build_name(key: str) -> str:
    b = (content_data().get("builds") or {}).get(key)
    return b["name"] if b else str(key)


def dragon_might() -> int:
    return number(((content_data().get("board") or {}).get("dragon") or {}).get("might"), 8)


# ---------------------------------------------------------------- names in a render
class Ctx:
    """Per-render helpers: display names (escaped), rich text with player chips."""

    __slots__ = ("names", "plain", "chips")

    def __init__(self, names: list[str], n: int) -> None:
        names = [str(x) for x in seat_names(names, n)]
        seen: dict = {}
        for x in names:
            seen[x] = seen.get(x, 0) + 1
        plain = [x if seen[x] == 1 else f"{x} ({SEAT_COLOURS[i % 4]})" for i, x in enumerate(names)]
        self.plain = plain
        self.names = [esc(x) for x in plain]
        self.chips = [f'<b class="pn p{i}">{self.names[i]}</b>' for i in range(len(plain))]

    def name(self, s: object) -> str:
        if isinstance(s, int) and 0 <= s < len(self.names):
            return self.names[s]
        return "Neutral" if s == -1 else "?"

    def chip(self, s: object) -> str:
        if isinstance(s, int) and 0 <= s < len(self.chips):
            return self.chips[s]
        return "Neutral" if s == -1 else "?"

    def rich(self, text: object) -> str:
        """Escape ``text``, turning the engine's ``P1``..``P4`` into coloured player names."""
        text = str(text)
        if "P" not in text:
            return esc(text)
        out, pos = [], 0
        for m in _PN.finditer(text):
            i = int(m.group(1)) - 1
            if i >= len(self.chips):
                continue
            out.append(esc(text[pos:m.start()]))
            out.append(self.chips[i])
            pos = m.end()
        out.append(esc(text[pos:]))
        return "".join(out)

    def log_line(self, entry: Entry) -> str:
        """A structured log event as markup: each seat it names is a coloured player name."""
        return _SEAT_SPAN.sub(r'class="seat seat-\1 pn p\1"', log_html_entry(entry, self.plain))

    def flat_text(self, text: object) -> str:
        """``text`` with the engine's ``P1``..``P4`` replaced by plain player names (not escaped)."""
        text = str(text)
        if "P" not in text:
            return text
        return _PN.sub(lambda m: self.plain[int(m.group(1)) - 1] if int(m.group(1)) - 1 < len(self.plain)
                       else m.group(0), text)

    def flat(self, text: object) -> str:
        """Like :meth:`rich` but plain text (for ``<title>`` and attributes), escaped."""
        return esc(self.flat_text(text))

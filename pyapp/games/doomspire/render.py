"""Lords of Doomspire renderer: a view dict and the legal actions -> one HTML fragment (inline SVG + panels).

Pure function of its inputs (plus the game's static content data for item, follower and
build names); it never imports the rules.  Every element whose click applies a game action
carries ``data-action="<action id>"``; every legal action of the seat appears at least once
(anything without a special place falls back to a labelled button), and nothing else does.

Board geometry (docs/notes/doomspire.md): 8x8 square tiles, ``a1`` the north-west corner,
columns a-h west to east, rows 1-8 north to south.  The sea around the island is four
zones (nw, ne, se, sw); a coastal tile belongs to the zone of its quarter.

Moves are clicked on the board: each legal ``move:k1>c4:2`` (knight 1 to c4 spending a 2; and boat
carry ``boat:b1:k1>g1:1``, flee ``fleeto:c4``, harvest ``harvest:c4``, ``stay:k1:1``) is a marker on
its tile, tagged with the knight and the die (``1·2``); a tile with exactly one such action is
clickable as a whole, a tile with several gets one marker per action (grouped per knight:
``<g class="dests k-k1">``).  Sailing (``boat:b1>ne:1``) is a marker in the sea zone.  Everything else is a button, grouped
by kind.

>>> tile_xy("a1"), tile_xy("h8")
((76.0, 76.0), (524.0, 524.0))
>>> zone_of("d1"), zone_of("e8"), zone_of("c3") is None
('nw', 'se', True)
"""
from __future__ import annotations

import re
from functools import lru_cache

from ...engine.log import html as log_html_entry
from ...ui.markup import action_button, dest_layer, esc, log_details, number, part, seat_names
from . import content

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ...engine import Action
    from ...engine.log import Entry
    from .types import DoomspireView, PlayerView, TileView

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
PHASE_TEXT = {"roll": "Roll phase: choose how many action dice to roll (2 food tax per die after the second)",
              "move": "Move phase: lords move one at a time, clockwise from the first-player token",
              "harvest": "Harvest phase: harvest with the remaining dice, use buildings, build once",
              "ranking": "Final ranking", "over": "Game over"}
# marker slots inside a tile (up to 9 markers, then they wrap)
SLOTS = ((-20, -19), (0, -19), (20, -19), (-20, 1), (0, 1), (20, 1), (-20, 21), (0, 21), (20, 21))
# last-move marks (view["marks"], issue 16): which are drawn as a path, and the sign each tile event gets
PATH_MARKS = ("move", "boat", "flee", "home")
MARK_SIGNS = {"stay": "↺", "explore": "?", "card": "✦", "item": "◆", "claim": "⚑", "revolt": "✗⚑", "conquer": "⚑",
              "special": "¤", "dragon": "♛", "build": "⌂", "fight": "⚔"}
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
def _content() -> dict:
    try:
        return content.load()
    except Exception:  # pragma: no cover - the renderer must still draw without names
        return {}


def item_name(key: str) -> str:
    it = (_content().get("items") or {}).get(key)
    return it["name"] if it else str(key)


def item_text(key: str) -> str:
    it = (_content().get("items") or {}).get(key)
    return it.get("text", "") if it else ""


def follower_name(key: str) -> str:
    f = (_content().get("followers") or {}).get(key)
    return f["name"] if f else str(key)


def build_name(key: str) -> str:
    b = (_content().get("builds") or {}).get(key)
    return b["name"] if b else str(key)


def dragon_might() -> int:
    return number(((_content().get("board") or {}).get("dragon") or {}).get("might"), 8)


# ---------------------------------------------------------------- static SVG pieces (cached)
@lru_cache(maxsize=1)
def defs() -> str:
    h = T / 2 - 1
    return ('<defs>'
            f'<rect id="ds-tile" x="{-h}" y="{-h}" width="{2 * h}" height="{2 * h}" rx="4"/>'
            f'<rect id="ds-own" x="{-h + 2.5}" y="{-h + 2.5}" width="{2 * h - 5}" height="{2 * h - 5}" rx="3"/>'
            f'<rect id="ds-hl" x="{-h + 1}" y="{-h + 1}" width="{2 * h - 2}" height="{2 * h - 2}" rx="4"/>'
            '<path id="ds-knight" d="M-6.5 -7 H6.5 V0 C6.5 5 3 7.5 0 9 C-3 7.5 -6.5 5 -6.5 0 Z"/>'
            '<path id="ds-boat" d="M-11 -1 H11 L7 6 H-7 Z M-1 -1 V-11 L7 -3 H-1"/>'
            '<circle id="ds-dest" r="10"/>'
            '<path id="ds-shield" d="M-4 -4.5 H4 V0 C4 3 2 4.5 0 5.5 C-2 4.5 -4 3 -4 0 Z"/>'
            '<path id="ds-flag" d="M0 0 V-12 L9 -8.5 L0 -5"/>'
            + "".join(f'<marker id="ds-arr-{s}" class="arr p{s}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="11" '
                      'markerHeight="11" markerUnits="userSpaceOnUse" orient="auto-start-reverse">'
                      '<path d="M0 0 L10 5 L0 10 Z"/></marker>' for s in range(4))
            + '</defs>')


def _zone_poly(z: str) -> str:
    e = M + 8 * T
    mid = M + 4 * T
    pts = {"nw": ((0, 0), (mid, 0), (mid, M), (M, M), (M, mid), (0, mid)),
           "ne": ((mid, 0), (W, 0), (W, mid), (e, mid), (e, M), (mid, M)),
           "se": ((W, mid), (W, W), (mid, W), (mid, e), (e, e), (e, mid)),
           "sw": ((0, mid), (M, mid), (M, e), (mid, e), (mid, W), (0, W))}[z]
    return " ".join(f"{x:.0f},{y:.0f}" for x, y in pts)


@lru_cache(maxsize=1)
def sea() -> str:
    """The four sea zones, their names and the coordinate labels (static)."""
    out = []
    for z in ZONES:
        out.append(f'<polygon class="zone zone-{z}" points="{_zone_poly(z)}"><title>The {ZONE_NAMES[z]} sea</title>'
                   "</polygon>")
    for z, (x, y) in {"nw": (M / 2, M / 2), "ne": (W - M / 2, M / 2), "se": (W - M / 2, W - M / 2),
                      "sw": (M / 2, W - M / 2)}.items():
        out.append(f'<text class="zone-name" x="{x:.0f}" y="{y + 3:.0f}">{z.upper()}</text>')
    for i, c in enumerate(COLS):
        x = M + i * T + T / 2
        out.append(f'<text class="coord" x="{x:.0f}" y="{M - 6:.0f}">{c}</text>')
    for r in range(8):
        y = M + r * T + T / 2
        out.append(f'<text class="coord" x="{M - 8:.0f}" y="{y + 3:.0f}">{r + 1}</text>')
    return "".join(out)


def _boat_pos(z: str, i: int) -> tuple[float, float]:
    """Where the i-th boat in zone ``z`` sits (along the north/south strip, from the corner inwards)."""
    step = 27
    y = M / 2 + 2 if z in ("nw", "ne") else W - M / 2 + 2
    x = M + 18 + i * step if z in ("nw", "sw") else W - M - 18 - i * step
    return x, y


def _sail_pos(z: str, i: int) -> tuple[float, float]:
    """Where the i-th sail marker into zone ``z`` sits (along the west/east strip)."""
    x = M / 2 if z in ("nw", "sw") else W - M / 2
    y = M + 28 + i * 24 if z in ("nw", "ne") else W - M - 28 - i * 24
    return x, y


# ---------------------------------------------------------------- the renderer
class _Ctx:
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


def _btn(aid: str, label_html: str, *, cls: str = "", title: str = "") -> str:
    """A small action button (``title`` is plain text)."""
    return action_button(aid, label_html, cls=f"small {cls}", title=title)


def _tile_svg(t: str, v: TileView, x: float, y: float, cx: _Ctx) -> str:
    """One tile: background, name, yield/tier, owner, monster, items, protection (knights are drawn later)."""
    if not isinstance(v, dict):
        return ""
    region = esc(v.get("region", ""))
    if not v.get("explored"):
        return (f'<g class="tile hidden r-{region}" transform="translate({x:.0f},{y:.0f})">'
                f'<title>{t}: unexplored {region} (face down)</title><use href="#ds-tile" class="bg"/>'
                f'<text class="qm" y="8">?</text><text class="tid" x="-28" y="-19">{t}</text></g>')
    typ = esc(v.get("type", ""))
    name = esc(v.get("name", ""))
    owner = v.get("owner")
    parts = [f'<g class="tile t-{typ} r-{region}{" starred" if v.get("starred") else ""}'
             f'{" doomspire" if v.get("doomspire") else ""}" transform="translate({x:.0f},{y:.0f})">']
    title = [f"{t}: {v.get('name', '')} ({v.get('region', '')})"]
    parts.append('<use href="#ds-tile" class="bg"/>')
    if isinstance(owner, int) and not isinstance(owner, bool):
        oc = f"p{owner}" if owner >= 0 else "neutral"
        parts.append(f'<use href="#ds-own" class="own {oc}"/><use href="#ds-flag" class="flag {oc}" x="20" y="-16"/>')
        title.append(f"claimed by {cx.plain[owner] if 0 <= owner < len(cx.plain) else 'a neutral lord'}")
    home = v.get("home_of")
    if home is not None:
        title.append(f"home castle of {cx.plain[home] if number(home, -1) in range(len(cx.plain)) else '?'}")
    parts.append(f'<text class="tid" x="-28" y="-19">{t}</text>')
    fit = ' textLength="58" lengthAdjust="spacingAndGlyphs"' if len(str(v.get("name", ""))) > 11 else ""
    parts.append(f'<text class="tn" y="-7"{fit}>{name}</text>')
    yld = v.get("yield")
    if isinstance(yld, dict) and yld:
        star = "★ " if v.get("starred") else ""
        ytxt = star + " ".join(f"{number(n)} {r}" for r, n in yld.items() if n)
        fit = ' textLength="58" lengthAdjust="spacingAndGlyphs"' if len(ytxt) > 11 else ""
        parts.append(f'<text class="yield" y="28"{fit}>{esc(ytxt)}</text>')
        title.append(f"yield {res_text(yld)}" + (", starred" if v.get("starred") else ""))
    tier = v.get("tier")
    tokens = number(v.get("tokens"))
    if tier and v.get("type") in ("adventure", "oasis", "den"):
        dots = "●" * tokens
        parts.append(f'<text class="tier" y="28">T{esc(tier)} {dots}</text>')
        title.append(f"tier {tier}, {tokens} adventure token(s)")
    elif tokens:
        parts.append(f'<text class="tier" y="28">{"●" * tokens}</text>')
        title.append(f"{tokens} adventure token(s)")
    mon = v.get("monster")
    if isinstance(mon, dict):
        fit = ' textLength="56" lengthAdjust="spacingAndGlyphs"' if len(str(mon.get("name", ""))) > 6 else ""
        parts.append(f'<rect class="mon-bg" x="-30" y="-4" width="60" height="13" rx="3"/>'
                     f'<text class="mon" y="6"{fit}>⚔ {esc(mon.get("name", "?"))} {esc(mon.get("might", "?"))}</text>')
        title.append(f"monster: {mon.get('name', '?')} (might {mon.get('might', '?')}, fame {mon.get('fame', '?')},"
                     f" {mon.get('theme', '')})")
    items = v.get("items") or []
    if items:
        names = ", ".join(item_name(k) for _i, k in items if True)
        parts.append(f'<text class="items" x="-29" y="19">◆{len(items)}</text>')
        title.append(f"items left here: {names}")
    if v.get("protected"):
        parts.append('<use href="#ds-shield" class="prot" x="24" y="21"/>')
        title.append("protected")
    blk = v.get("blockaded_by")
    if isinstance(blk, int) and not isinstance(blk, bool):
        parts.append(f'<text class="blk p{blk}" x="24" y="28">✕</text>')
        title.append(f"blockaded by {cx.plain[blk] if 0 <= blk < len(cx.plain) else '?'}")
    parts.append(f"<title>{esc(' · '.join(title))}</title></g>")
    return "".join(parts)


def _knights_svg(t: str, lst: list[list], x: float, y: float, cx: _Ctx, active: set[tuple[int, str]],
                 seat: int | None) -> str:
    n = len(lst)
    if not n:
        return ""
    out = []
    step = 15 if n <= 3 else 11
    x0 = x - (n - 1) * step / 2
    for i, kn in enumerate(lst):
        try:
            s, kid = kn[0], kn[1]
        except (TypeError, IndexError, KeyError):
            continue
        num = esc(str(kid)[1:])
        cls = f"kn p{esc(s)}" + (" moving" if (s, kid) in active else "") + (f" mine k-{esc(kid)}" if s == seat else "")
        name = f"{cx.name(s)}'s knight {num} on {t}"
        # your own knights take the focus (Tab): a focused knight lights up only its moves (web/doomspire.css)
        tab = (f' tabindex="0" role="img" aria-label="Your knight {num} on {t} (its moves are lit up while it has the '
               f'focus)"' if s == seat else f' role="img" aria-label="{name}"')
        out.append(part(f"ds-kn-{esc(s)}-{num}", f'<g class="{cls}"{tab} transform="translate({x0 + i * step:.1f},{y + 3:.0f})">'
                        f'<title>{name}</title><use href="#ds-knight"/><text y="4">{num}</text></g>'))
    return "".join(out)


def render(view: DoomspireView, actions: list[Action], *, seat: int | None, names: list[str], interactive: bool) -> str:
    """The whole Lords of Doomspire game area for ``view`` (one seat's view or the spectator's).

    ``actions`` are the legal actions of ``seat`` (shown only when ``interactive``).  ``used`` collects
    the ids placed on the board, so the controls then add a button for every other one.
    """
    acts = {a.id: a for a in actions} if interactive else {}
    used: set = set()
    players = [p for p in (view.get("players") or []) if isinstance(p, dict)]
    cx = _Ctx(list(names or []), len(players))
    phase = view.get("phase", "")
    over = phase == "over" or bool(view.get("outcome"))
    fr = view.get("frame")
    frame: dict = fr if isinstance(fr, dict) else {}
    board = _board_svg(view, players, frame, acts, used, cx, seat)      # first: the controls skip what it placed
    status = _status_html(view, cx, phase, over)
    controls = _controls_html(view, frame, players, acts, used, cx, seat, phase)
    pl_html = "".join(part(f"ds-p{i}", _player_html(p, view, seat, cx, over)) for i, p in enumerate(players))
    side = "".join(part(key, html) for key, html in (("ds-dragon", _dragon_html(view, cx)),
                   ("ds-tiles", _board_list_html(view, cx)), ("ds-decks", _decks_html(view))) if html)
    log_html = log_details("ds-log", view.get("log") or [], cx.log_line)
    return (f'<div class="ds-game{" interactive" if interactive else ""} phase-{esc(phase)}">'
            f'<div class="ds-board-wrap">{board}</div>'
            f'<div class="ds-side">{status}{_outcome_html(view, cx)}{controls}{_lastmoves_html(view, cx)}'
            f'<section class="ds-players">{pl_html}</section>{side}{log_html}</div></div>')


# ---------------------------------------------------------------- the board
def _board_svg(view: DoomspireView, players: list[PlayerView], frame: dict, acts: dict[str, Action], used: set[str],
               cx: _Ctx, seat: int | None) -> str:
    """The island: sea, tiles, the combat highlight, knights, boats, and the markers to click."""
    me = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
    my_knights = {k.get("id"): k for k in ((me.get("knights") or []) if me else []) if isinstance(k, dict)}
    fixed = part("ds-defs", defs()) + part("ds-sea", f'<g class="ds-sea">{sea()}</g>')     # never changes
    return (f'<svg class="ds-board" viewBox="0 0 {W:.0f} {W:.0f}" role="group" style="--legible: {LEGIBLE_PX}px" '
            f'aria-label="The island of Doomspire: 8 by 8 tiles in four sea zones">{fixed}'
            f'{_tiles_svg(view, frame, cx, seat, _marks_paths(view, cx))}{_boats_svg(players, cx)}{_marks_pills(view, cx)}'
            f'{_markers_svg(acts, used, cx, my_knights)}</svg>')


def _moving(view: DoomspireView, frame: dict) -> set[tuple[int, str]]:
    """The (seat, knight) whose move or fight is being resolved (drawn as ``moving``)."""
    moving: set[tuple[int, str]] = set()
    if isinstance(view.get("active"), int) and frame.get("knight") and isinstance(frame.get("seat"), int):
        moving.add((frame["seat"], frame["knight"]))
    return moving


def _tiles_svg(view: DoomspireView, frame: dict, cx: _Ctx, seat: int | None, under: str = "") -> str:
    """Every tile, then the highlight of the tile being fought on, ``under`` (the last moves' arrows), then
    the knights on top."""
    tiles = view.get("tiles") or {}
    moving = _moving(view, frame)
    svg, knights_svg = [], []
    for t in TILES:
        v = tiles.get(t)
        if v is None:
            continue
        x, y = tile_xy(t)
        tile = _tile_svg(t, v, x, y, cx)
        if tile:
            svg.append(part(f"ds-t-{t}", tile))
        kl = v.get("knights") if isinstance(v, dict) else None
        if kl:
            knights_svg.append(_knights_svg(t, kl, x, y, cx, moving, seat))
    ft = frame.get("tile") if frame.get("kind") in ("monster", "duel", "dragon") else None
    if isinstance(ft, str) and ft in tiles:
        fx, fy = tile_xy(ft)
        svg.append(f'<use href="#ds-hl" class="fight" x="{fx:.0f}" y="{fy:.0f}"><title>Combat on {ft}</title></use>')
    return "".join(svg) + under + "".join(knights_svg)


def _boats_svg(players: list[PlayerView], cx: _Ctx) -> str:
    """Every lord's boats in their sea zones (side by side from the corner inwards)."""
    svg = []
    per_zone: dict = {}
    for p in players:
        s = p.get("seat")
        for b in p.get("boats") or []:
            if not isinstance(b, dict) or b.get("z") not in ZONES:
                continue
            i = per_zone.get(b["z"], 0)
            per_zone[b["z"]] = i + 1
            bx, by = _boat_pos(b["z"], i)
            war = " warship" if p.get("warship") else ""
            svg.append(f'<g class="boat p{esc(s)}{war}" transform="translate({bx:.0f},{by:.0f})">'
                       f'<title>{cx.name(s)}\'s {"warship" if war else "boat"} {esc(str(b.get("id", ""))[1:])} in the '
                       f'{ZONE_NAMES[b["z"]]} sea</title><use href="#ds-boat"/>'
                       f'<text y="5">{esc(str(b.get("id", ""))[1:])}</text></g>')
    return "".join(svg)


def _board_marks(acts: dict[str, Action], my_knights: dict) -> tuple[dict, dict]:
    """The actions drawn on the board: tile -> [(group, id, tag, cls)] and sea zone -> [(id, boat number)]."""
    tile_marks: dict = {}
    sails: dict = {}
    for aid in acts:
        head, _, rest = aid.partition(":")
        if head in ("move", "boat", "stay"):
            rest, _, die = rest.rpartition(":")                  # the die the move spends: ``move:k1>c4:2``
            die = "·" + die
        if head == "move":
            kid, _, t = rest.partition(">")
            tile_marks.setdefault(t, []).append((f"k-{kid}", aid, kid[1:] + die, "walk"))
        elif head == "boat":
            left, _, dest = rest.partition(">")
            if ":" in left:
                bid, _, kid = left.partition(":")
                tile_marks.setdefault(dest, []).append((f"k-{kid} by-{bid}", aid, "⚓" + kid[1:] + die, "carry"))
            else:
                sails.setdefault(dest, []).append((aid, left[1:] + die))
        elif head == "stay":
            k = my_knights.get(rest)
            if k and k.get("at"):
                tile_marks.setdefault(k["at"], []).append((f"k-{rest}", aid, "↺" + rest[1:] + die, "stay"))
        elif head == "fleeto":
            tile_marks.setdefault(rest, []).append(("flee", aid, "⇢", "flee"))
        elif head == "harvest" and rest != "all":
            tile_marks.setdefault(rest, []).append(("harvest", aid, "✚", "harvest"))
    return tile_marks, sails


def _fit(tag: str, per: float = 6.2, room: float = 18) -> str:
    """A ``textLength`` squeezing a marker's tag into its circle when it is wide (the font size stays)."""
    return f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if len(tag) * per > room else ""


# ---------------------------------------------------------------- last moves (view["marks"])
def _zone_xy(z: str) -> tuple[float, float]:
    return {"nw": (M / 2, M / 2), "ne": (W - M / 2, M / 2), "se": (W - M / 2, W - M / 2),
            "sw": (M / 2, W - M / 2)}[z]


def _sea_point(t: str) -> tuple[float, float]:
    """The point in the sea strip just off coastal tile ``t`` (north, south, then west or east edge)."""
    x, y = tile_xy(t)
    c, r = COLS.index(t[0]), int(t[1]) - 1
    if r == 0:
        return x, M / 2
    if r == 7:
        return x, W - M / 2
    return (M / 2, y) if c == 0 else (W - M / 2, y)


def _ring_pos(p: tuple[float, float]) -> float:
    """How far round the sea ring (clockwise from the north-west corner) a point of the strip lies."""
    x, y = p
    lo, hi, side = M / 2, W - M / 2, W - M
    if y == lo:
        return x - lo
    if x == hi:
        return side + y - lo
    if y == hi:
        return 2 * side + hi - x
    return 3 * side + hi - y


def _sea_route(a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    """From sea point ``a`` to ``b`` round the ring the shorter way (clockwise on a tie): ``a``, the corners
    passed, ``b`` -- a boat never crosses the island."""
    side = W - M
    corners = [(M / 2, M / 2), (W - M / 2, M / 2), (W - M / 2, W - M / 2), (M / 2, W - M / 2)]
    da, db = _ring_pos(a), _ring_pos(b)
    cw = (db - da) % (4 * side)
    out = [a]
    if cw <= 2 * side:
        k = int(da // side) + 1
        while (k * side - da) % (4 * side) < cw and (k * side - da) % (4 * side) > 0:
            out.append(corners[k % 4])
            k += 1
    else:
        k = int(-(-da // side)) - 1
        while (da - k * side) % (4 * side) < 4 * side - cw and (da - k * side) % (4 * side) > 0:
            out.append(corners[k % 4])
            k -= 1
    return out + [b]


def _seat_marks(view: DoomspireView) -> list[tuple[int, list[dict]]]:
    """``view["marks"]`` as (seat, [mark]) in seat order, anything malformed left out."""
    marks = view.get("marks")
    out = []
    if isinstance(marks, dict):
        for key, lst in marks.items():
            if isinstance(key, str) and key.isdigit() and int(key) < 4 and isinstance(lst, list):
                out.append((int(key), [m for m in lst if isinstance(m, dict) and isinstance(m.get("at"), list)]))
    return sorted(out, key=lambda x: x[0])


def _mark_sign(s: int, m: dict) -> str:
    """The short sign a tile event gets on the board (a fight: won ✓ or lost ✗, from the mover's side)."""
    kind, text = m.get("kind"), str(m.get("text", ""))
    if kind == "fight":
        won = text.startswith("beats") or text.startswith(f"knight fight: P{s + 1} beats")
        return "⚔" + ("✓" if won else "✗")
    if kind == "dragon":
        return "☠" if "eats" in text else "♛"
    return MARK_SIGNS.get(str(kind), "")


def _path_points(pts: list[tuple[float, float]], off: float, cut: float = 13) -> str:
    """SVG points of a mark's path, shifted by ``off`` (seats apart) and stopping ``cut`` short of the end
    (the arrowhead then points at the piece instead of hiding under it)."""
    pts = [(x + off, y + off) for x, y in pts]
    (x1, y1), (x2, y2) = pts[-2], pts[-1]
    d = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** .5
    if d > 2 * cut:
        pts[-1] = (x2 - (x2 - x1) * cut / d, y2 - (y2 - y1) * cut / d)
    return " ".join(f"{x:.0f},{y:.0f}" for x, y in pts)


def _marks_paths(view: DoomspireView, cx: _Ctx) -> str:
    """Each lord's last moves as arrows in its colour (drawn under the knights): walks (solid), boat trips
    (long dashes), flights and trips home (short dashes), sailing (along the sea)."""
    out = []
    for s, lst in _seat_marks(view):
        off = (s - 1.5) * 3
        for m in lst:
            kind, at = m.get("kind"), [str(a) for a in m["at"]]
            title = f"{cx.plain[s] if s < len(cx.plain) else '?'}: {_mark_words(m, cx)}"
            try:
                if kind == "boat" and len(at) == 2 and zone_of(at[0]) and zone_of(at[1]):
                    pts = [tile_xy(at[0])] + _sea_route(_sea_point(at[0]), _sea_point(at[1])) + [tile_xy(at[1])]
                elif kind in PATH_MARKS and len(at) >= 2:
                    pts = [tile_xy(a) for a in at]
                elif kind == "sail" and len(at) == 2 and all(a in ZONES for a in at):
                    pts = _sea_route(_zone_xy(at[0]), _zone_xy(at[1]))
                else:
                    continue
            except ValueError:
                continue
            sx, sy = pts[0]
            out.append(f'<g class="lastmove p{s} k-{esc(kind)}"><title>{esc(title)}</title>'
                       f'<circle class="lm-start" cx="{sx + off:.0f}" cy="{sy + off:.0f}" r="4.5"/>'
                       f'<polyline points="{_path_points(pts, off)}" marker-end="url(#ds-arr-{s})"/></g>')
    return "".join(out)


def _marks_pills(view: DoomspireView, cx: _Ctx) -> str:
    """What each lord did on a tile (explored, fought and won or lost, claimed, built...): a dashed outline of
    the tile and a tag of signs in the lord's colour at its top edge (the words in its title and in the
    "Last moves" panel)."""
    per_tile: dict = {}
    for s, lst in _seat_marks(view):
        for m in lst:
            at = m["at"]
            if m.get("kind") in PATH_MARKS or m.get("kind") == "sail" or not at or not isinstance(at[0], str):
                continue
            sign = _mark_sign(s, m)
            if not sign:
                continue
            entry = per_tile.setdefault(at[0], {}).setdefault(s, [[], []])
            if sign not in entry[0]:
                entry[0].append(sign)
            entry[1].append(_mark_words(m, cx))
    out = []
    for t in TILES:
        seats = per_tile.get(t)
        if not seats:
            continue
        x, y = tile_xy(t)
        tags = []
        for s, (signs, words) in sorted(seats.items()):
            tag = "".join(signs)
            tags.append((s, tag, 9 + 8.5 * len(tag), f"{cx.plain[s] if s < len(cx.plain) else '?'}: " + "; ".join(words)))
        total = sum(w for _s, _t, w, _x in tags) + 2 * (len(tags) - 1)
        left = x - total / 2
        for s, tag, w, title in tags:
            out.append(f'<use href="#ds-hl" class="lastmove-tile p{s}" x="{x:.0f}" y="{y:.0f}"/>'
                       f'<g class="lastmove p{s} lm-tag" transform="translate({left + w / 2:.0f},{y - 30:.0f})">'
                       f'<title>{esc(title)}</title><rect x="{-w / 2:.1f}" y="-7" width="{w:.1f}" height="14" rx="6"/>'
                       f'<text y="4">{esc(tag)}</text></g>')
            left += w + 2
    return "".join(out)


def _mark_words(m: dict, cx: _Ctx) -> str:
    """One mark in words (plain text, seats by name): ``knight 1: a1 → b1 → c1``, ``c1: beats the Bear (5 vs 5)``."""
    kind, text = m.get("kind"), cx.flat_text(m.get("text", ""))
    at = [str(a) for a in m.get("at") or []]
    if kind == "sail" and len(at) == 2:
        return f"{text}: {ZONE_NAMES.get(at[0], at[0])} → {ZONE_NAMES.get(at[1], at[1])} sea"
    if kind in PATH_MARKS and len(at) >= 2:
        return f"{text}: {' → '.join(at)}"
    return f"{at[0] + ': ' if at else ''}{text}"


def _lastmoves_html(view: DoomspireView, cx: _Ctx) -> str:
    """The "Last moves" panel: each lord's marks in words, in seat order (what the board draws)."""
    rows = []
    for s, lst in _seat_marks(view):
        if lst:
            rows.append(f'<li><span class="lm-key p{s}" aria-hidden="true"></span>{cx.chip(s)}: '
                        + esc("; ".join(_mark_words(m, cx) for m in lst)) + "</li>")
    if not rows:
        return ""
    return (f'<details class="ds-lastmoves" open><summary>Last moves (marked on the board in each lord\'s colour '
            f'until that lord moves again)</summary><ul>{"".join(rows)}</ul></details>')


def _marker(aid: str, label: str, cls: str, x: float, y: float, body: str) -> str:
    """One clickable marker (``label`` already escaped) at (x, y) drawing ``body``."""
    return (f'<g class="{cls}" data-action="{esc(aid)}" role="button" tabindex="0" aria-label="{label}" '
            f'transform="translate({x:.0f},{y:.0f})"><title>{label}</title>{body}</g>')


def _markers_svg(acts: dict[str, Action], used: set[str], cx: _Ctx, my_knights: dict) -> str:
    """The markers of the moves, harvests and sails, grouped per knight (a tile with one action is
    clickable as a whole; a tile with several gets numbered markers; sails sit in the sea)."""
    tile_marks, sails = _board_marks(acts, my_knights)
    groups: dict = {}
    hl = []
    for t, marks in tile_marks.items():
        try:
            x, y = tile_xy(t)
        except ValueError:
            continue
        if len(marks) == 1:
            grp, aid, tag, cls = marks[0]
            used.add(aid)
            groups.setdefault(grp, []).append(_marker(
                aid, cx.flat(acts[aid].label or aid), f"dest one {cls}", x, y,
                f'<use href="#ds-hl" class="hl"/><use href="#ds-dest" class="mk" x="-19" y="11"/>'
                f'<text class="mt" x="-19" y="14.5"{_fit(tag)}>{esc(tag)}</text>'))
            continue
        hl.append(f'<use href="#ds-hl" class="hl multi" x="{x:.0f}" y="{y:.0f}"/>')
        for i, (grp, aid, tag, cls) in enumerate(marks):
            used.add(aid)
            dx, dy = SLOTS[i % len(SLOTS)]
            groups.setdefault(grp, []).append(_marker(
                aid, cx.flat(acts[aid].label or aid), f"dest {cls}", x + dx, y + dy,
                f'<use href="#ds-dest" class="mk"/><text class="mt" y="3.5"{_fit(tag)}>{esc(tag)}</text>'))
    for z, lst in sails.items():
        if z not in ZONES:
            continue
        for i, (aid, bnum) in enumerate(lst):
            used.add(aid)
            sx, sy = _sail_pos(z, i)
            groups.setdefault("sail", []).append(_marker(
                aid, cx.flat(acts[aid].label or aid), "dest sail", sx, sy,
                f'<use href="#ds-dest" class="mk"/><text class="mt" y="3.5"{_fit("➜" + bnum)}>➜{esc(bnum)}</text>'))
    return dest_layer(groups, "".join(hl)) if hl or groups else ""


# ---------------------------------------------------------------- status, prompt and outcome
def _status_html(view: DoomspireView, cx: _Ctx, phase: str, over: bool) -> str:
    """The round and phase, the first-player token, whose move turn it is, who is to act."""
    rnd = view.get("round")
    first = view.get("first")
    active = view.get("active")
    status = [f'<div class="ds-round">Round <strong>{esc(rnd)}</strong> · '
              f'{esc(PHASE_TEXT.get(phase, phase))}</div>']
    bits = []
    if isinstance(first, int):
        bits.append(f"First-player token: {cx.chip(first)}")
    if phase == "move" and isinstance(active, int):
        bits.append(f"Move turn: {cx.chip(active)}")
    to_act = [s for s in view.get("to_act") or [] if isinstance(s, int)]
    if to_act and not over:
        bits.append("To act: " + ", ".join(cx.chip(s) for s in to_act))
    if number(rnd) == 1 and not over:
        bits.append("Round 1: no knight fights, trades or conquests between players yet")
    if bits:
        status.append(f'<div class="ds-turn">{" · ".join(bits)}</div>')
    return f'<section class="ds-status">{"".join(status)}</section>'


def _prompt_html(view: DoomspireView, acts: dict[str, Action], used: set[str], cx: _Ctx, seat: int | None) -> str:
    """The open question: its options for the seat asked, else whom everyone waits for."""
    pr = view.get("prompt")
    prompt = pr if isinstance(pr, dict) else None
    if not prompt:
        return ""
    prompt_ids = [aid for aid, a in acts.items() if str(getattr(a, "kind", "")).startswith("prompt")]
    ps = prompt.get("seat")
    text = prompt.get("text", "")
    if ps == seat and prompt_ids:
        btns = [_btn(aid, cx.rich(acts[aid].label or aid), cls="prompt-opt") for aid in prompt_ids]
        used.update(prompt_ids)
        return (f'<div class="ds-prompt mine" role="alert"><div class="ptext">Your decision: '
                f'<strong>{cx.rich(text)}</strong></div><div class="popts">{"".join(btns)}</div></div>')
    return f'<div class="ds-prompt waiting" role="status">Waiting for {cx.chip(ps)}: {cx.rich(text)}</div>'


def _controls_html(view: DoomspireView, frame: dict, players: list[PlayerView], acts: dict[str, Action],
                   used: set[str], cx: _Ctx, seat: int | None, phase: str) -> str:
    """The prompt, the combat being fought and the buttons of every action not on the board."""
    tiles = view.get("tiles") or {}
    ctl = [_prompt_html(view, acts, used, cx, seat), _combat_html(frame, tiles, players, cx)]
    if acts:
        me = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
        if me is not None and me.get("dice") and phase in ("move", "harvest"):
            ctl.append(f'<div class="ds-mydice">Your dice: {_dice_html(me, view, seat)}</div>')   # beside the moves
        ctl.append(_action_groups(acts, used, cx, phase, view))
    body = "".join(ctl)
    return f'<section class="ds-controls bs-actions" aria-label="Your choices">{body}</section>' if body else ""


def _outcome_html(view: DoomspireView, cx: _Ctx) -> str:
    """The final ranking with the lords' titles, once the game is over."""
    oc = view.get("outcome")
    outcome = oc if isinstance(oc, dict) else None
    if not outcome:
        return ""
    titles = view.get("titles") or []
    rows = []
    for i, grp in enumerate(outcome.get("ranking") or []):
        title = titles[i] if i < len(titles) else ""
        who = ", ".join(cx.chip(s) for s in grp) if isinstance(grp, (list, tuple)) else cx.chip(grp)
        rows.append(f"<li>{who}{' — ' + esc(title) if title else ''}</li>")
    return (f'<section class="ds-outcome"><h3>Final ranking</h3><ol>{"".join(rows)}</ol>'
            f'<p>{cx.rich(outcome.get("reason", ""))}</p></section>')


# ---------------------------------------------------------------- controls
GROUPS = (  # (title, predicate on (head, kind)) in display order
    ("Roll your action dice", lambda h, k: h == "roll"),
    ("On this tile", lambda h, k: h in ("claim", "revolt", "conquer", "merc", "temple") or k in ("claim", "revolt",
                                                                                                   "conquer", "special")),
    ("Trader", lambda h, k: h in ("swap", "buy") or k == "trader"),
    ("Knights", lambda h, k: h in ("stay", "move")),
    ("Boats", lambda h, k: h == "boat"),
    ("Harvest", lambda h, k: h == "harvest"),
    ("Buildings", lambda h, k: h in ("sell", "smith", "fletch")),
    ("Build (ends your harvest)", lambda h, k: h == "build"),
    ("Items and followers", lambda h, k: h in ("pick", "drop", "dismiss")),
)


def _action_groups(acts: dict[str, Action], used: set[str], cx: _Ctx, phase: str, view: DoomspireView) -> str:
    """The buttons of every action not drawn on the board: hints, groups by kind, trade offers, end/concede."""
    buckets, offers, ends, concede, other = _sort_actions(acts, used)
    out = [_move_hints(acts), _groups_html(buckets, acts, used, cx)]
    if other:
        row = "".join(_btn(aid, cx.rich(acts[aid].label or aid), cls="other") for aid in other)
        used.update(other)
        out.append(f'<div class="ds-group"><h4>Other</h4><div class="btns">{row}</div></div>')
    if ends or concede:
        row = "".join(_btn(aid, cx.rich(acts[aid].label or aid), cls="primary end") for aid in ends)
        row += "".join(_btn(aid, cx.rich(acts[aid].label or aid), cls="danger concede") for aid in concede)
        used.update(ends)
        used.update(concede)
        out.append(f'<div class="ds-group ds-end"><div class="btns">{row}</div></div>')
    if offers:              # last: the folded panel's buttons keep boxes even while it is closed
        out.append(_trade_html([aid for ids in offers.values() for aid in ids], acts, used, cx, view))
    return f'<div class="ds-actions">{"".join(out)}</div>'


def _sort_actions(acts: dict[str, Action], used: set[str]) -> tuple[dict, dict, list[str], list[str], list[str]]:
    """The ids still to show as buttons: per group title, trade offers per seat number, end, concede, other."""
    buckets: dict = {g[0]: [] for g in GROUPS}
    offers: dict = {}
    ends, concede, other = [], [], []
    for aid, a in acts.items():
        head = aid.partition(":")[0]
        kind = str(getattr(a, "kind", ""))
        if head == "trade":
            offers.setdefault("trade", []).append(aid)
            continue
        if aid in ("end", "done"):
            ends.append(aid)
            continue
        if aid == "concede":
            concede.append(aid)
            continue
        if head in ("move", "stay", "boat", "fleeto") and aid in used and head != "stay":
            continue                                    # on the board
        if kind.startswith("prompt") and aid in used:
            continue
        for title, pred in GROUPS:
            if pred(head, kind):
                buckets[title].append(aid)
                break
        else:
            if aid not in used:
                other.append(aid)
    return buckets, offers, ends, concede, other


def _move_hints(acts: dict[str, Action]) -> str:
    """How to move, sail and harvest on the board (for the actions that are there)."""
    hints = []
    walk = [a for a in acts if a.startswith("move:")]
    if walk:
        kn = sorted({a[5:].partition(">")[0] for a in walk})
        carry = any(a.startswith("boat:") and ":" in a.partition(":")[2].partition(">")[0] for a in acts)
        hints.append("Move " + ", ".join(f"knight {esc(k[1:])}" for k in kn)
                     + ": click a highlighted tile (a marker shows the knight and the die it spends: 1·2 = knight 1"
                     + " with a 2"
                     + ("; ⚓ = carried by boat" if carry else "") + "). Click a knight of yours to see only its moves.")
    if any(a.startswith("boat:") and ":" not in a.partition(":")[2].partition(">")[0] for a in acts):
        hints.append("Sail a boat: click a ➜ marker in the sea.")
    if any(a.startswith("harvest:") and a != "harvest:all" for a in acts):
        hints.append("Harvest: click a ✚ tile or a button below.")
    return f'<p class="ds-hint">{" ".join(hints)}</p>' if hints else ""


def _groups_html(buckets: dict, acts: dict[str, Action], used: set[str], cx: _Ctx) -> str:
    """One titled row of buttons per non-empty group, in :data:`GROUPS` order."""
    out = []
    for title, _pred in GROUPS:
        ids = buckets[title]
        if not ids:
            continue
        btns = []
        for aid in ids:
            cls = "primary" if aid.startswith(("roll:", "claim", "harvest:all")) else ""
            btns.append(_btn(aid, cx.rich(acts[aid].label or aid), cls=cls))
            used.add(aid)
        out.append(f'<div class="ds-group"><h4>{esc(title)}</h4><div class="btns">{"".join(btns)}</div></div>')
    return "".join(out)


def _trade_html(ids: list[str], acts: dict[str, Action], used: set[str], cx: _Ctx, view: DoomspireView) -> str:
    """The trade panel: the offer being drafted (``view["draft"]``) and its steps (``trade:`` ids, LD-TRADE-1)."""
    rows: dict[str, list[str]] = {"to": [], "give": [], "get": [], "end": []}
    for aid in ids:
        step, _, arg = aid[6:].partition(":")
        title = cx.flat_text(acts[aid].label or aid)
        if step == "to":
            try:
                who = cx.chip(int(arg) - 1)
            except ValueError:
                who = esc(arg)
            rows["to"].append(_btn(aid, who, cls="offer", title=title))
        elif step in ("give", "get", "ungive", "unget"):
            sign = "+1" if step in ("give", "get") else "&minus;1"
            rows[step.removeprefix("un")].append(_btn(aid, f"{sign} {esc(arg)}", cls="offer", title=title))
        else:
            rows["end"].append(_btn(aid, cx.rich(acts[aid].label or aid), cls="primary" if step == "send" else "",
                                    title=title))
    used.update(ids)
    dr = view.get("draft")
    if dr:
        def bundle(b: dict) -> str:
            return esc(", ".join(f"{n} {r}" for r, n in b.items() if n)) or "nothing"
        head = (f'Your offer to {cx.chip(dr["to"])}: you give {bundle(dr["give"])}, you get {bundle(dr["get"])}')
    else:
        head = "Offer a trade to another lord (any resources for any resources; they accept or decline)"
    parts = []
    for key, label in (("to", "To:"), ("give", "You give:"), ("get", "You ask:"), ("end", "")):
        if rows[key]:
            parts.append(f'<div class="offer-to"><span>{label}</span> {"".join(rows[key])}</div>')
    return (f'<details class="ds-group ds-offers"{" open" if dr else ""}><summary>{head}</summary>'
            f'{"".join(parts)}</details>')


# ---------------------------------------------------------------- panels
def _combat_html(fr: dict, tiles: dict[str, TileView], players: list[PlayerView], cx: _Ctx) -> str:
    k = fr.get("kind") if fr else None
    if k == "monster":
        mon = fr.get("monster") or {}
        bits = [f"{cx.chip(fr.get('seat'))}'s knight {esc(str(fr.get('knight', ''))[1:])} fights the "
                f"<strong>{esc(mon.get('name', '?'))}</strong> (might {esc(mon.get('might', '?'))}, "
                f"{esc(mon.get('theme', ''))}) on {esc(fr.get('tile', ''))}"]
        if fr.get("roll") is not None:
            bits.append(f"roll {esc(fr['roll'])}, own units adjacent {esc(fr.get('own', 0))}, "
                        f"support units {esc(fr.get('support', 0))}")
    elif k == "duel":
        bits = [f"Knight fight on {esc(fr.get('tile', ''))}: {cx.chip(fr.get('attacker'))} attacks "
                f"{cx.chip(fr.get('defender'))}"]
        if fr.get("roll_a") is not None:
            bits.append(f"rolls {esc(fr['roll_a'])} against {esc(fr.get('roll_d'))}")
    elif k == "dragon":
        bits = [f"{cx.chip(fr.get('seat'))}'s knight {esc(str(fr.get('knight', ''))[1:])} faces the <strong>dragon</strong> "
                f"(might {dragon_might()}) on {esc(fr.get('tile', ''))}"]
        if fr.get("roll_knight") is not None:
            bits.append(f"rolls {esc(fr['roll_knight'])} against the dragon's {esc(fr.get('roll_dragon'))}")
    else:
        return ""
    return f'<div class="ds-combat" role="status">{" · ".join(bits)}</div>'


def _dice_html(p: PlayerView, view: DoomspireView, seat: int | None) -> str:
    dice = p.get("dice") or []
    usedl = p.get("used") or []
    if dice:
        out = "".join(f'<span class="die{" spent" if i < len(usedl) and usedl[i] else ""}" '
                      f'title="{"spent" if i < len(usedl) and usedl[i] else "unspent"}">{esc(d)}</span>'
                      for i, d in enumerate(dice))
        return f'<span class="dice">{out}</span>'
    if view.get("phase") == "roll":
        if not p.get("rolled"):
            return '<span class="dice muted">choosing dice…</span>'
        rc = p.get("roll_choice")
        if p.get("seat") == seat and rc is not None:
            return f'<span class="dice">chose {esc(rc)} {"die" if rc == 1 else "dice"}</span>'
        return '<span class="dice muted">has chosen (secret)</span>'
    return '<span class="dice muted">no dice</span>'


def _player_html(p: PlayerView, view: DoomspireView, seat: int | None, cx: _Ctx, over: bool) -> str:
    s = p.get("seat")
    res = p.get("res") or {}
    badges = []
    if seat == s:
        badges.append('<span class="badge you">you</span>')
    if view.get("first") == s:
        badges.append('<span class="badge first" title="holds the first-player token">first</span>')
    if view.get("active") == s and view.get("phase") == "move" and not over:
        badges.append('<span class="badge turn">moving</span>')
    if s in (view.get("to_act") or []) and not over:
        badges.append('<span class="badge act">to act</span>')
    if p.get("out"):
        badges.append('<span class="badge out">out</span>')
    imp = number(p.get("impressions"))
    if imp:
        badges.append(f'<span class="badge imp" title="times this lord impressed the dragon">impressed ×{imp}</span>')
    kn = []
    for k in p.get("knights") or []:
        if not isinstance(k, dict):
            continue
        extra = []
        its = [item_name(key) for _i, key in k.get("items") or []]
        if its:
            extra.append("items: " + ", ".join(its))
        fos = [follower_name(f) for f in k.get("followers") or []]
        if fos:
            extra.append("followers: " + ", ".join(fos))
        done = " (done)" if k.get("done") else ""
        kn.append(f"<li>Knight {esc(str(k.get('id', ''))[1:])} on {esc(k.get('at', '?'))}{done}"
                  + (f" <small>{esc('; '.join(extra))}</small>" if extra else "") + "</li>")
    boats = [f"<li>{'Warship' if p.get('warship') else 'Boat'} {esc(str(b.get('id', ''))[1:])}: "
             f"{esc(ZONE_NAMES.get(b.get('z') or '', b.get('z')))} sea</li>" for b in p.get("boats") or []
             if isinstance(b, dict)]
    blds = ", ".join(build_name(b) for b in p.get("buildings") or [])
    if p.get("warship"):
        blds = (blds + ", " if blds else "") + "warship upgrade"
    res_html = "".join(f'<dt class="r-{r}">{r}</dt><dd class="r-{r}">{esc(number(res.get(r)))}</dd>' for r in RES)
    return (f'<article class="ds-player p{esc(s)}{" me" if seat == s else ""}{" out" if p.get("out") else ""}">'
            f'<div class="pname"><span class="swatch p{esc(s)}"></span>{cx.name(s)} {"".join(badges)}</div>'
            f'<dl class="pstats"><dt>Fame</dt><dd class="fame">{esc(number(p.get("fame")))}</dd>'
            f'<dt>Might</dt><dd class="might">{esc(number(p.get("might")))}</dd>{res_html}'
            f'<dt>Tiles</dt><dd>{esc(number(p.get("tiles")))} ({esc(number(p.get("starred")))}★)</dd>'
            f'<dt>Flags left</dt><dd class="flags">{esc(number(p.get("flags")))}</dd></dl>'
            f'<div class="pdice">Dice: {_dice_html(p, view, seat)}</div>'
            f'<ul class="pknights">{"".join(kn)}{"".join(boats)}</ul>'
            + (f'<div class="pbld">Buildings: {esc(blds)}</div>' if blds else "")
            + "</article>")


def _dragon_html(view: DoomspireView, cx: _Ctx) -> str:
    hoard = view.get("hoard")
    imps = view.get("impressions") or []
    if hoard is None:
        body = "<p>The dragon's hoard is hidden in Doomspire until a knight reaches it.</p>"
    elif not hoard:
        body = "<p>The hoard is empty.</p>"
    else:
        body = "<ol class=\"hoard\">" + "".join(f"<li>Stack {i + 1}: {esc(res_text(h))}</li>"
                                                for i, h in enumerate(hoard)) + "</ol>"
    who = ", ".join(cx.chip(s) for s in imps) if imps else "nobody yet"
    return (f'<section class="ds-dragon"><h3>The dragon</h3>{body}'
            f'<p>Impressed by: {who}. Might {dragon_might()}.</p></section>')


def _decks_html(view: DoomspireView) -> str:
    decks = view.get("decks") or {}
    rows = "".join(f"<li>Tier {esc(t)}: {esc(number((d or {}).get('count')))} cards"
                   + (f", next: {esc(d.get('next_theme'))}" if (d or {}).get("next_theme") else "") + "</li>"
                   for t, d in sorted(decks.items()))
    trader = view.get("trader") or {}
    items = (_content().get("items") or {})
    stock = "".join(f'<li title="{esc(item_text(k))}">{esc(item_name(k))}: {esc(n)} left'
                    + (f", {esc(items[k]['price'])} gold" if k in items and "price" in items[k] else "") + "</li>"
                    for k, n in sorted(trader.items()))
    return (f'<details class="ds-decks"><summary>Adventure decks and the trader</summary>'
            f'<ul>{rows}</ul><h4>Trader stock</h4><ul>{stock or "<li>sold out</li>"}</ul></details>')


def _board_list_html(view: DoomspireView, cx: _Ctx) -> str:
    """What the tiles' pictures say, in words (no hover needed, for touch screens and screen readers):
    every tile with a monster, items, an owner, a protection or a blockade."""
    tiles = view.get("tiles") or {}
    rows = []
    for t in TILES:
        v = tiles.get(t)
        if not isinstance(v, dict) or not v.get("explored"):
            continue
        bits = []
        owner = v.get("owner")
        if isinstance(owner, int) and not isinstance(owner, bool):
            bits.append(f"claimed by {cx.chip(owner)}" if owner >= 0 else "neutral")
        if v.get("protected"):
            bits.append("protected")
        blk = v.get("blockaded_by")
        if isinstance(blk, int) and not isinstance(blk, bool):
            bits.append(f"blockaded by {cx.chip(blk)}")
        mon = v.get("monster")
        if isinstance(mon, dict):
            bits.append(f"monster: {esc(mon.get('name', '?'))} (might {esc(mon.get('might', '?'))}, "
                        f"{esc(mon.get('fame', '?'))} fame, {esc(mon.get('theme', ''))})")
        items = v.get("items") or []
        if items:
            bits.append("items: " + esc(", ".join(item_name(k) for _i, k in items)))
        if not bits:
            continue
        what = esc(v.get("name", ""))
        yld = v.get("yield")
        if isinstance(yld, dict) and yld:
            what += f" ({esc(res_text(yld))}{', starred' if v.get('starred') else ''})"
        rows.append(f"<li><b>{t}</b> {what}: {', '.join(bits)}</li>")
    if not rows:
        return ""
    return (f'<details class="ds-tiles"><summary>Tiles in words: claims, monsters, items</summary>'
            f'<ul>{"".join(rows)}</ul></details>')

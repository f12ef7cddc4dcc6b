"""Each lord's last moves (``view["marks"]``) until that lord moves again: arrows for walks, boat trips,
flights and sailing, a tag of signs on the tiles where something happened, and the same in words."""
from __future__ import annotations

from ....ui.markup import esc
from .shared import COLS, M, TILES, W, ZONE_NAMES, ZONES, tile_xy, zone_of

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ..types import DoomspireView
    from .shared import Ctx

# last-move marks (view["marks"], issue 16): which are drawn as a path, and the sign each tile event gets
PATH_MARKS = ("move", "boat", "flee", "home")
MARK_SIGNS = {"stay": "↺", "explore": "?", "card": "✦", "item": "◆", "claim": "⚑", "revolt": "✗⚑", "conquer": "⚑",
              "special": "¤", "dragon": "♛", "build": "⌂", "fight": "⚔"}


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


def marks_paths(view: DoomspireView, cx: Ctx) -> str:
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


def marks_pills(view: DoomspireView, cx: Ctx) -> str:
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


def _mark_words(m: dict, cx: Ctx) -> str:
    """One mark in words (plain text, seats by name): ``knight 1: a1 → b1 → c1``, ``c1: beats the Bear (5 vs 5)``."""
    kind, text = m.get("kind"), cx.flat_text(m.get("text", ""))
    at = [str(a) for a in m.get("at") or []]
    if kind == "sail" and len(at) == 2:
        return f"{text}: {ZONE_NAMES.get(at[0], at[0])} → {ZONE_NAMES.get(at[1], at[1])} sea"
    if kind in PATH_MARKS and len(at) >= 2:
        return f"{text}: {' → '.join(at)}"
    return f"{at[0] + ': ' if at else ''}{text}"


def lastmoves_html(view: DoomspireView, cx: Ctx) -> str:
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

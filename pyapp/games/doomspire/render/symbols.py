"""The board's fixed SVG: the shapes placed with ``<use>`` (tile, knight, boat, marker, shield, flag, the
seats' arrowheads, and our own symbols of the resources, an item, a monster and the dice's faces) and the sea round the island with its zone names and the coordinates (both cached)."""
from __future__ import annotations

from functools import lru_cache

from .shared import COLS, M, T, W, ZONE_NAMES, ZONES


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
            + ICONS + '</defs>')


# our own drawings of the resources, an item, a monster and the dice's faces: ``<symbol>``s of 10 x 10 units
# (``-5 -5 10 10``) placed with ``<use href="#ds-r-food" width="10" height="10" x=".." y=".."/>``; each place that
# uses one names it in words too (a title, an aria-label or the word beside it)
_S = '<symbol id="{}" viewBox="-5 -5 10 10" overflow="visible">{}</symbol>'
_PIPS = {1: ((0, 0),), 2: ((-2.2, -2.2), (2.2, 2.2)), 3: ((-2.2, -2.2), (0, 0), (2.2, 2.2)),
         4: ((-2.2, -2.2), (2.2, -2.2), (-2.2, 2.2), (2.2, 2.2)),
         5: ((-2.2, -2.2), (2.2, -2.2), (0, 0), (-2.2, 2.2), (2.2, 2.2)),
         6: ((-2.2, -2.4), (2.2, -2.4), (-2.2, 0), (2.2, 0), (-2.2, 2.4), (2.2, 2.4))}
ICONS = "".join((
    _S.format("ds-r-gold", '<circle r="4.4" fill="#e9b625" stroke="#7a5a00" stroke-width=".9"/>'
              '<circle r="2.5" fill="none" stroke="#7a5a00" stroke-width=".7"/>'),
    _S.format("ds-r-food", '<path d="M0 4.8 V-2.5" stroke="#6b4e00" stroke-width=".9" fill="none"/>'
              '<g fill="#e0a92a" stroke="#6b4e00" stroke-width=".55">'
              '<ellipse cx="0" cy="-3.2" rx="1.2" ry="1.8"/>'
              '<ellipse cx="-1.7" cy="-1" rx="1.1" ry="1.7" transform="rotate(-30 -1.7 -1)"/>'
              '<ellipse cx="1.7" cy="-1" rx="1.1" ry="1.7" transform="rotate(30 1.7 -1)"/>'
              '<ellipse cx="-1.7" cy="1.8" rx="1.1" ry="1.7" transform="rotate(-30 -1.7 1.8)"/>'
              '<ellipse cx="1.7" cy="1.8" rx="1.1" ry="1.7" transform="rotate(30 1.7 1.8)"/></g>'),
    _S.format("ds-r-wood", '<rect x="-4.8" y="-2.6" width="8.4" height="5.2" rx="2.4" fill="#9a6232" '
              'stroke="#4a2a10" stroke-width=".8"/><ellipse cx="3" cy="0" rx="1.9" ry="2.6" fill="#e2b47a" '
              'stroke="#4a2a10" stroke-width=".7"/><ellipse cx="3" cy="0" rx=".7" ry="1" fill="none" '
              'stroke="#4a2a10" stroke-width=".5"/>'),
    _S.format("ds-r-ore", '<path d="M-4.6 3.4 L-3.2 -1.6 L-0.4 -4.4 L3.2 -2.2 L4.6 3.4 Z" fill="#8a949e" '
              'stroke="#2f363d" stroke-width=".8" stroke-linejoin="round"/><path d="M-0.4 -4.4 L0.6 0.4 L4.6 3.4 '
              'M0.6 0.4 L-4.6 3.4" fill="none" stroke="#2f363d" stroke-width=".5"/>'),
    _S.format("ds-item", '<path d="M-4 -1.2 L-2 -4 H2 L4 -1.2 L0 4.4 Z" fill="#9b59c6" stroke="#3d1858" '
              'stroke-width=".8" stroke-linejoin="round"/><path d="M-4 -1.2 H4 M-2 -4 L-0.9 -1.2 L0 4.4 L0.9 -1.2 '
              'L2 -4" fill="none" stroke="#3d1858" stroke-width=".45"/>'),
    _S.format("ds-monster", '<path d="M-4.4 -1 C-4.4 -4.6 4.4 -4.6 4.4 -1 V1.6 L2.6 4.4 L1.4 2.4 L0 4.4 L-1.4 2.4 '
              'L-2.6 4.4 L-4.4 1.6 Z" fill="#fff"/><circle cx="-1.7" cy="-1" r="1.1" fill="#8b1a0b"/>'
              '<circle cx="1.7" cy="-1" r="1.1" fill="#8b1a0b"/>'),
    "".join(_S.format(f"ds-die-{n}", '<rect x="-4.6" y="-4.6" width="9.2" height="9.2" rx="1.8" fill="#fff" '
                      'stroke="#222" stroke-width=".8"/>' + "".join(f'<circle cx="{x}" cy="{y}" r=".95" fill="#222"/>'
                                                                   for x, y in pips))
            for n, pips in _PIPS.items()),
))


def icon(sym: str, x: float, y: float, size: float = 10.0, cls: str = "") -> str:
    """A ``<use>`` of symbol ``sym`` (an id without ``#``) centred at (x, y), ``size`` units square."""
    c = f' class="{cls}"' if cls else ""
    return (f'<use href="#{sym}"{c} x="{x - size / 2:g}" y="{y - size / 2:g}" width="{size:g}" '
            f'height="{size:g}"/>')


def panel_icon(sym: str) -> str:
    """A symbol in the panels beside the board (HTML): an inline svg of one ``<use>``, hidden from screen readers
    (the words beside it say the same)."""
    return (f'<svg class="ds-ico" viewBox="-5 -5 10 10" aria-hidden="true" focusable="false">'
            f'<use href="#{sym}" x="-5" y="-5" width="10" height="10"/></svg>')


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

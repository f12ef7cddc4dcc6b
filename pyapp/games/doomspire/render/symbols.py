"""The board's fixed SVG: the shapes placed with ``<use>`` (tile, knight, boat, marker, shield, flag, the
seats' arrowheads) and the sea round the island with its zone names and the coordinates (both cached)."""
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

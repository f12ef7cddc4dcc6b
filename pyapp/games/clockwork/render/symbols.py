"""The shapes every hex, unit and marker places with ``<use>`` (cached), among them a hex control's area
``#cw-hit``."""
from __future__ import annotations

import math
from functools import lru_cache

from ....engine.hexgrid import corners
from .art import art_defs
from .shared import SIZE

ARROW_R = 11.0             # a Gate Token's arrow button's radius (markers.py places them)
ARROW_DEGS = (-150, -90, -30, 30, 90, 150)     # the sides of a hex, in degrees from the x axis (the SVG's y down)


@lru_cache(maxsize=1)
def defs() -> str:
    """Shapes shared by every hex, unit and marker (placed with ``<use>``), and the pieces' symbols (:mod:`.art`)."""
    r = SIZE * 0.62
    sq = SIZE * 0.55
    return (f'<defs><polygon id="cw-cell" points="{corners(SIZE)}"/>'
            f'<polygon id="cw-hl" points="{corners(SIZE - 1.5)}"/><polygon id="cw-hit" points="{hit_points()}"/>'
            f'<circle id="cw-soldier" r="{r:.1f}"/>'
            f'<polygon id="cw-vehicle" points="{corners(r + 1)}" transform="rotate(30)"/>'
            f'<rect id="cw-building" x="{-sq:.1f}" y="{-sq:.1f}" width="{2 * sq:.1f}" height="{2 * sq:.1f}" rx="2"/>'
            f'<rect id="cw-portal" x="-8" y="-8" width="16" height="16" rx="2" transform="rotate(45)"/>'
            f'<path id="cw-gate" d="M0-11 L3-8 L8-8 L8-3 L11 0 L8 3 L8 8 L3 8 L0 11 L-3 8 L-8 8 L-8 3 L-11 0 '
            f'L-8-3 L-8-8 L-3-8 Z"/>'
            f'<path id="cw-wedge" d="M4.4 0 L-3.4 -3.2 L-1.4 0 L-3.4 3.2 Z"/>'
            # a Gate Token's arrow button, one per side it may point at (markers.gate_spots_svg: each arrow one <use>,
            # and each hex's button: up to 1,100 elements cut by half; the disc is not turned, so that the button's
            # box stays the disc's); its disc's colours are custom properties, which a <use>'s copy inherits from the button
            # (web/clockwork.css: hover and focus set them)
            f'<circle id="cw-arrowdisc" r="{ARROW_R:g}" style="fill: var(--spot-bg, #fff); stroke: #3b2f00; '
            f'stroke-width: var(--spot-line, 1.2)"/>'
            + "".join(f'<g id="cw-arrow{d}"><use href="#cw-arrowdisc"/><use href="#cw-wedge" '
                      f'transform="rotate({d}) scale(2.2)" style="fill: #222"/></g>' for d in ARROW_DEGS) +
            # and a hex's Gate Token button: the hex control's area, a disc in its middle
            '<g id="cw-gpickbtn"><use href="#cw-hit" fill="transparent"/><circle r="7" style="fill: var(--gp-bg, '
            'color-mix(in srgb, var(--cw-hl) 70%, #fff)); stroke: #3b2f00; stroke-width: var(--gp-line, 1.2)"/></g>'
            '<marker id="cw-arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
            'orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" class="ah"/></marker>'
            f'{art_defs()}</defs>')


# A control on a hex (a marker, a hex with several choices, a Gate Token spot): the hex a little inset with its
# left and right corners cut off, so that two controls on neighbouring hexes never overlap (columns are 1.5 SIZE
# apart, a whole hex is 2 SIZE wide) and each is at least 24 px at the board zoom Legible (28 x 32 units).
HIT_HALF_W = SIZE * 0.75 - 1.0


@lru_cache(maxsize=1)
def hit_points() -> str:
    """The corners of a hex control's area round (0, 0) (:data:`HIT_HALF_W`).

    >>> hit_points()
    '-9.2,-16.0 9.2,-16.0 14.0,-7.8 14.0,7.8 9.2,16.0 -9.2,16.0 -14.0,7.8 -14.0,-7.8'
    """
    r = SIZE - 1.5
    top, cut = r * math.sqrt(3) / 2, (r - HIT_HALF_W) * math.sqrt(3)
    pts = [(-r / 2, -top), (r / 2, -top), (HIT_HALF_W, -cut), (HIT_HALF_W, cut), (r / 2, top), (-r / 2, top),
           (-HIT_HALF_W, cut), (-HIT_HALF_W, -cut)]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)

"""Our own symbols for Clockwork Crusade's pieces (issue 31, "a look of its own"): one ``<symbol>`` per unit card
and one for a face-down portal, each 10 x 10 units round (0, 0), drawn in ``currentColor`` (the ink web/clockwork.css
gives the piece: light on a dark seat colour, dark on yellow and orange) with cuts in the seat's colour
(``var(--pc)``); and one pattern per seat after the first, laid over a unit's body, so that the seats differ by a
pattern as well as by their colour.  Presentation attributes: the page's CSS does not reach into a ``<use>``'s copy,
but ``color`` and custom properties are inherited into it."""
from __future__ import annotations

from functools import lru_cache

_F = 'fill="currentColor"'
_CUT = 'style="fill: var(--pc)"'                 # a hole in the symbol: the body's colour shows through


def _s(width: float) -> str:
    return f'fill="none" stroke="currentColor" stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"'


UNIT_SYMBOLS = {
    # soldiers
    "infantry": f'<path {_F} d="M-4.2 1.4A4.2 4.2 0 0 1 4.2 1.4Z"/><path {_F} d="M-5 1.2H5V2.8H-5Z"/>'
                f'<path {_s(1.2)} d="M0-2.8V-4.6"/>',                                   # a brass helmet
    "sharpshooter": f'<circle {_s(1.1)} r="3.4"/><path {_s(1.1)} d="M0-5V-1.5M0 1.5V5M-5 0H-1.5M1.5 0H5"/>'
                    f'<circle {_F} r=".8"/>',                                           # a sight
    "shade": f'<path {_F} d="M1.6-4.7A4.9 4.9 0 1 0 1.6 4.7A3.7 3.7 0 1 1 1.6-4.7Z"/>'
             f'<circle {_F} cx="3.2" cy="0" r="1.3"/>',                                # a crescent and a coin
    "hexer": f'<path {_s(1.1)} d="M0 0A1 1 0 0 1 2 0A2 2 0 0 1-2 0A3 3 0 0 1 4 0A4 4 0 0 1-4 0"/>',   # a mainspring
    "berserker": f'<path {_s(1.2)} d="M-4 4.2 3.4-3.2M4 4.2-3.4-3.2"/>'
                 f'<path {_F} d="M1.4-4.9A3.2 3.2 0 0 1 4.9-1.4L3.2-3.2Z"/>'
                 f'<path {_F} d="M-1.4-4.9A3.2 3.2 0 0 0-4.9-1.4L-3.2-3.2Z"/>',        # two axes
    "squire": f'<path {_F} d="M-4-4.6H4V-.4C4 2.6 1.6 4.2 0 4.9-1.6 4.2-4 2.6-4-.4Z"/>'
              f'<circle {_CUT} cy="-.6" r="1.4"/>',                                     # a shield with its boss
    "engineer": f'<path {_s(1.8)} d="M-3.8 3.8 1-1"/>'
                f'<path {_s(1.4)} d="M.4-3.6A2.6 2.6 0 1 0 3.6-.4"/>',                 # a wrench
    "skirmisher": f'<path {_s(1.4)} d="M-4.2-3.6-.8 0-4.2 3.6M.4-3.6 3.8 0 .4 3.6"/>',  # on the run
    # vehicles
    "crab-tank": f'<ellipse {_F} cy="2.4" rx="2.6" ry="1.8"/>'
                 f'<path {_s(1.2)} d="M-1.6 1A4.2 4.2 0 0 1-4.2-3.8L-2-2.6M1.6 1A4.2 4.2 0 0 0 4.2-3.8L2-2.6"/>',
    "mortar-walker": f'<path {_s(2.2)} d="M-1.2.6 2.8-3.6"/><circle {_F} cx="-1.2" cy=".8" r="1.7"/>'
                     f'<path {_s(1)} d="M-1.2.8-4.2 4.8M-1.2.8 1.8 4.8"/>',             # a tube on two legs
    "bomb-beetle": f'<circle {_F} cx="-.6" cy="1" r="3.6"/><path {_s(1)} d="M1.6-1.8 3-3.4"/>'
                   f'<circle {_F} cx="3.7" cy="-4.1" r="1"/>',                          # a bomb and its fuse
    "phoenix-rig": f'<path {_F} d="M0-5C2.6-2.4 4.2.2 3.2 2.6 2.6 4.2 1.4 5 0 5-1.4 5-3 4.1-3.3 2.3-3.5.4-2.3-1.2'
                   f'-1.5-2.6-.8-1.3-.3-.5 0 0 .7-1.6.7-3.4 0-5Z"/>',                   # a flame
    "bulwark": f'<rect {_s(1.1)} x="-4.6" y="-.9" width="9.2" height="4.4" rx="2.2"/>'
               f'<path {_F} d="M-3-4.4H3V-2H-3Z"/><circle {_F} cx="-2.2" cy="1.3" r=".9"/><circle {_F} cy="1.3" '
               f'r=".9"/><circle {_F} cx="2.2" cy="1.3" r=".9"/>',                      # an iron wall on treads
    "strider": f'<rect {_F} x="-3.4" y="-3.8" width="6.8" height="2.8" rx="1"/><path {_s(1.1)} d="M3.2-2.4H5"/>'
               f'<path {_s(1)} d="M-2.2-1-4 4.6M2.2-1 4 4.6M0-1V4.6"/>',               # a gun on stilts
    # buildings
    "turret": f'<circle {_F} cy="1" r="2.8"/><path {_s(1.8)} d="M0 1 4-3"/><path {_F} d="M-4.6 2.8H4.6V4.6H-4.6Z"/>',
    "bunker": f'<path {_F} d="M-4.8 3.8A4.8 4.8 0 0 1 4.8 3.8Z"/><rect {_CUT} x="-2.6" y=".2" width="5.2" height="1.2"/>',
    "scrap-foundry": f'<circle {_F} r="3"/><circle {_s(1.8)} r="3.7" stroke-dasharray="1.45 1.456" '
                     f'stroke-linecap="butt"/><circle {_CUT} r="1.2"/>',                # a cog
    "siege-battery": f'<path {_s(2.4)} d="M-3.4 1 4.4-2.8"/><circle {_F} cx="-1.2" cy="2.6" r="2.2"/>'
                     f'<circle {_CUT} cx="-1.2" cy="2.6" r=".8"/>',                     # a long gun on a wheel
    "wall": f'<path {_F} d="M-5-4H-.4V-1.8H-5ZM.4-4H5V-1.8H.4ZM-5-1H-2.8V1.2H-5ZM-2 -1H2V1.2H-2ZM2.8-1H5V1.2H2.8Z'
            f'M-5 2H-.4V4.2H-5ZM.4 2H5V4.2H.4Z"/>',                                     # bricks
}
# a face-down portal whose unit the viewer may not know: a rift (two rings round a spark)
PORTAL_SYMBOL = (f'<circle {_s(1.1)} r="4.2" stroke-dasharray="2.2 1.1"/><circle {_s(1.1)} r="2.2"/>'
                 f'<circle {_F} r=".8"/>')
# the seats apart without their colours: seat 1 (the person's in a new game) plain, the others each a pattern of
# dark lines or dots over the body (dark at low opacity: seen on every seat colour, yellow too)
_INK = 'fill="#000" fill-opacity=".3"'
SEAT_PATTERNS = {
    1: f'<rect width="2" height="6" {_INK}/>',                                          # stripes (turned 45)
    2: f'<circle cx="3" cy="3" r="1.2" {_INK}/>',                                       # dots
    3: f'<rect width="6" height="1.8" {_INK}/>',                                        # bands across
    4: f'<rect width="1.4" height="6" {_INK}/><rect width="6" height="1.4" {_INK}/>',   # a grid (turned 45)
    5: f'<rect width="1.8" height="6" {_INK}/>',                                        # stripes (turned -45)
}
_TURN = {1: 45, 4: 45, 5: -45}
PATTERN_WORDS = {0: "plain", 1: "striped", 2: "dotted", 3: "banded", 4: "checked", 5: "striped the other way"}


@lru_cache(maxsize=1)
def art_defs() -> str:
    """The unit, portal and seat-pattern definitions (inside the board's ``<defs>``)."""
    syms = "".join(f'<symbol id="cw-t-{k}" viewBox="-5 -5 10 10" overflow="visible">{d}</symbol>'
                   for k, d in UNIT_SYMBOLS.items())
    turn = {i: f' patternTransform="rotate({a})"' for i, a in _TURN.items()}
    pats = "".join(f'<pattern id="cw-pat-{i}" width="6" height="6" patternUnits="userSpaceOnUse"{turn.get(i, "")}>'
                   f'{d}</pattern>' for i, d in SEAT_PATTERNS.items())
    return (f'{syms}<symbol id="cw-t-portal" viewBox="-5 -5 10 10" overflow="visible">{PORTAL_SYMBOL}</symbol>'
            f'{pats}')


def symbol_use(key: object, x: float, y: float, size: float, cls: str = "sym") -> str:
    """A ``<use>`` of the symbol of unit card ``key`` (or ``"portal"``) centred at (x, y), ``size`` units square;
    empty for a card without a symbol (the caller draws its initials).

    >>> symbol_use("wall", 0, -3.5, 13)
    '<use class="sym" href="#cw-t-wall" x="-6.5" y="-10" width="13" height="13" aria-hidden="true"/>'
    """
    if key != "portal" and key not in UNIT_SYMBOLS:
        return ""
    h = size / 2
    return (f'<use class="{cls}" href="#cw-t-{key}" x="{x - h:g}" y="{y - h:g}" width="{size:g}" height="{size:g}" '
            f'aria-hidden="true"/>')

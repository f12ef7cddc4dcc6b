"""The actions to click on the board: a marker per move, attack, shell, Portal Wall and placement (a hex with
several opens the list of them), and the Gate Token spots with their arrows."""
from __future__ import annotations

import math

from ....ui.markup import dest_layer, esc
from ..geometry import TABLE
from .shared import HH, hex_order, pos

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action

# marker kinds on the board: glyph, verb for the title
MARKS = {"move": ("•", "move"), "attack": ("⚔", "attack"), "shell": ("✹", "Artillery Shell"),
         "wall": ("▦", "Portal Wall"), "place": ("⌂", "place the Building")}


def board_marks(acts: dict[str, Action], hexes: dict) -> dict:
    """The actions drawn as markers: target hex -> [(source hex, id, kind)] (kinds of :data:`MARKS`)."""
    marks: dict = {}
    for aid in acts:
        kind, _, arg = aid.partition(":")
        if kind in MARKS and ">" in arg:
            src, _, dst = arg.partition(">")
            if src in hexes and dst in hexes:
                marks.setdefault(dst, []).append((src, aid, kind))
    return marks


# a Gate Token's arrow to choose: a round button ARROW_R round (symbols.py's #cw-arrow<degrees>), ARROW_AT from its hex's
# centre towards the side it points at (22 units: 25 px at Legible; two neighbours' boxes, 60 degrees apart, never
# overlap, nor the hex's own)
ARROW_AT = 29.0


def gate_spots_svg(acts: dict[str, Action], used: set[str]) -> str:
    """Gate Token placement in two steps on the board: a round button on each hex a Gate Token may take;
    choosing it (focus or tap) shows its arrows right after it, one per side the arrow may point at (round its
    button, reaching into the neighbouring hexes, whose buttons step aside meanwhile: no two visible buttons ever
    overlap, and no button holds another).  The button's area is the hex's (``#cw-hit``); ``data-opens`` and
    ``data-via`` name the button and the arrows it opens (tools/screenshots.py reaches the arrows through it)."""
    by_hex: dict[str, list[tuple[str, str, Action]]] = {}
    for aid, a in acts.items():
        if aid.startswith("gate:") and ">" in aid:
            h, _, ar = aid[5:].partition(">")
            if h in TABLE and ar in TABLE:
                by_hex.setdefault(h, []).append((ar, aid, a))
    out = []
    for h in sorted(by_hex, key=hex_order):
        x, y = pos(h)
        arrows = []
        for ar, aid, a in by_hex[h]:
            ax, ay = pos(ar)
            ang = math.atan2(ay - y, ax - x)
            dx, dy = ARROW_AT * math.cos(ang), ARROW_AT * math.sin(ang)
            # one <use> of symbols.py's #cw-arrow<degrees>: an arrow points at one of its hex's six sides
            arrows.append(f'<use class="mk spot" data-action="{esc(aid)}" role="button" tabindex="0" '
                          f'aria-label="{esc(a.label or aid)}" href="#cw-arrow{round(math.degrees(ang))}" '
                          f'transform="translate({x + dx:.1f},{y + dy:.1f})"/>')
            used.add(aid)
        out.append(f'<use class="gpick" id="cw-gpick-{h}" data-opens="cw-arrows-{h}" role="button" tabindex="0" '
                   f'aria-label="Gate Token on {h}: choose it, then its arrow ({len(arrows)} sides)" '
                   f'href="#cw-gpickbtn" x="{x}" y="{y}"/>'
                   f'<g class="arrows" id="cw-arrows-{h}" data-via="cw-gpick-{h}">{"".join(arrows)}</g>')
    return f'<g class="gate-spots">{"".join(out)}</g>' if out else ""


OPT_W, OPT_H, OPT_GAP = 88.0, 24.0, 3.0     # one choice of a hex with several (24 units: 27 px at Legible)
OPT_WORDS = {"move": "move from", "attack": "attack from", "shell": "shell from", "wall": "Wall from",
             "place": "place from"}


def markers_svg(marks: dict, link: dict[str, int], acts: dict[str, Action], used: set[str],
                box: tuple[float, float, float, float]) -> str:
    """The move/attack/shell/wall/place markers, one per id.  A hex with one is a marker filling the hex (its
    area ``#cw-hit``), grouped per source unit (``dests k<i>``: pointing at the unit lights up its markers).
    A hex with several is one control (``pick``, drawn with a small dot per choice round its centre: attack-like
    ones as diamonds, moves as dots, not colour alone) that opens the list of its choices (``choices``, each a
    button of its own, shown while the hex or one of them has the focus: a tap, a click or Tab), after every
    marker so that the list covers them; ``box``: the board's viewBox, which the list stays inside."""
    groups: dict = {}
    picks = []
    for dst in sorted(marks, key=hex_order):
        lst = marks[dst]
        x, y = pos(dst)
        n = len(lst)
        if n == 1:
            src, aid, kind = lst[0]
            glyph, verb = MARKS[kind]
            shape = "dot" if kind in ("move", "place") else "dot dia"
            groups.setdefault(src, []).append(
                f'<g class="mk {kind} one" data-action="{esc(aid)}" role="button" tabindex="0" '
                f'aria-label="{esc(acts[aid].label or f"{verb} {src} to {dst}")}" transform="translate({x},{y})">'
                f'<use href="#cw-hit" class="hl"/><circle class="{shape}" r="7.5"/>'
                f'<text class="glyph" y="3.4">{glyph}</text></g>')
            used.add(aid)
            continue
        picks.append(_pick_svg(dst, lst, acts, used, box))
    out = dest_layer({f"k{link[src]}": items for src, items in groups.items()}) if groups else ""
    return out + (f'<g class="picks">{"".join(picks)}</g>' if picks else "")


def _pick_svg(dst: str, lst: list, acts: dict[str, Action], used: set[str],
              box: tuple[float, float, float, float]) -> str:
    """A hex with several choices: the control on the hex, then the list it opens (below the hex, or above it
    near the board's bottom edge; within the board's width)."""
    x, y = pos(dst)
    n = len(lst)
    pips = []
    dot = 4.5 if n <= 4 else 3.5
    rr = 9.0
    for i, (_src, _aid, kind) in enumerate(lst[:8]):
        ang = math.radians(-90 + 360 * i / min(n, 8))
        px, py = round(rr * math.cos(ang), 1), round(rr * math.sin(ang), 1)
        pips.append(f'<circle class="pip" cx="{px}" cy="{py}" r="{dot}"/>' if kind in ("move", "place") else
                    f'<rect class="pip dia" x="{px - dot * .8:.1f}" y="{py - dot * .8:.1f}" width="{dot * 1.6:.1f}" '
                    f'height="{dot * 1.6:.1f}" transform="rotate(45 {px} {py})"/>')
    bx, by, bw, bh = box
    total = n * OPT_H + (n - 1) * OPT_GAP
    top = y + HH / 2 - 2
    if top + total > by + bh - 2:
        top = max(by + 2, y - HH / 2 + 2 - total)
    cx = min(max(x, bx + OPT_W / 2 + 2), bx + bw - OPT_W / 2 - 2)
    opts, words = [], []
    for i, (src, aid, kind) in enumerate(lst):
        glyph, verb = MARKS[kind]
        label = acts[aid].label or f"{verb} {src} to {dst}"
        words.append(label)
        oy = top + i * (OPT_H + OPT_GAP) + OPT_H / 2
        shown = f"{OPT_WORDS[kind]} {src}"             # the name starts with the words shown (WCAG 2.5.3)
        opts.append(f'<g class="mk opt {kind}" data-action="{esc(aid)}" role="button" tabindex="0" '
                    f'aria-label="{esc(shown[0].upper() + shown[1:])}: {esc(label)}" '
                    f'transform="translate({cx:.1f},{oy:.1f})">'
                    f'<rect class="pill" x="{-OPT_W / 2:g}" y="{-OPT_H / 2:g}" width="{OPT_W:g}" height="{OPT_H:g}" '
                    f'rx="6"/><text class="glyph" y="3.4">{glyph} {esc(shown)}</text></g>')
        used.add(aid)
    name = f"{dst}: {n} choices ({'; '.join(words)}): choose the hex, then one of them"
    return (f'<g class="mk pick" id="cw-pick-{dst}" data-opens="cw-choices-{dst}" role="button" tabindex="0" '
            f'aria-label="{esc(name)}" transform="translate({x},{y})"><use href="#cw-hit" class="hl"/>{"".join(pips)}'
            f'</g><g class="choices" id="cw-choices-{dst}" data-via="cw-pick-{dst}">{"".join(opts)}</g>')

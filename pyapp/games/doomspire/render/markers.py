"""The moves to click on the board: a marker per move, stay, boat carry, flight and harvest on its tile (a tile
with exactly one is clickable as a whole), grouped per knight, and the sail markers in the sea."""
from __future__ import annotations

from ....ui.markup import dest_layer, esc
from .shared import M, W, ZONES, tile_xy

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from .shared import Ctx

# marker slots on a tile with several moves (issue 31): along its bottom edge, then its top edge, clear of the
# tile's name (text band y -13..-3) and of the monster in the middle; a seventh and more (one tile in 400 with
# markers, in bot games) go in the middle row.  20 apart (a marker's width), so neither two markers on a tile nor
# the top and bottom rows of two tiles one above the other ever overlap.
SLOTS = ((-20, 21), (0, 21), (20, 21), (20, -23), (-20, -23), (0, -23), (-20, 1), (0, 1), (20, 1))


def _sail_pos(z: str, i: int) -> tuple[float, float]:
    """Where the i-th sail marker into zone ``z`` sits (along the west/east strip)."""
    x = M / 2 if z in ("nw", "sw") else W - M / 2
    y = M + 28 + i * 24 if z in ("nw", "ne") else W - M - 28 - i * 24
    return x, y


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


def _marker(aid: str, label: str, cls: str, x: float, y: float, body: str, tag: str = "") -> str:
    """One clickable marker (``label`` already escaped) at (x, y) drawing ``body``, which shows ``tag``: its
    name starts with the tag's words (``1·2: Move knight 1 to a6 with your 2``, WCAG 2.5.3 Label in Name; a
    leading sign such as ⚓ is left out, a tag of signs only adds nothing)."""
    words = tag.lstrip("⚓↺➜⇢✚")
    name = f"{esc(words)}: {label}" if any(ch.isalnum() for ch in words) else label
    return (f'<g class="{cls}" data-action="{esc(aid)}" role="button" tabindex="0" aria-label="{name}" '
            f'transform="translate({x:.0f},{y:.0f})"><title>{label}</title>{body}</g>')


def markers_svg(acts: dict[str, Action], used: set[str], cx: Ctx, my_knights: dict) -> str:
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
                f'<text class="mt" x="-19" y="14.5"{_fit(tag)}>{esc(tag)}</text>', tag))
            continue
        hl.append(f'<use href="#ds-hl" class="hl multi" x="{x:.0f}" y="{y:.0f}"/>')
        for i, (grp, aid, tag, cls) in enumerate(marks):
            used.add(aid)
            dx, dy = SLOTS[i % len(SLOTS)]
            groups.setdefault(grp, []).append(_marker(
                aid, cx.flat(acts[aid].label or aid), f"dest {cls}", x + dx, y + dy,
                f'<use href="#ds-dest" class="mk"/><text class="mt" y="3.5"{_fit(tag)}>{esc(tag)}</text>', tag))
    for z, lst in sails.items():
        if z not in ZONES:
            continue
        for i, (aid, bnum) in enumerate(lst):
            used.add(aid)
            sx, sy = _sail_pos(z, i)
            groups.setdefault("sail", []).append(_marker(
                aid, cx.flat(acts[aid].label or aid), "dest sail", sx, sy,
                f'<use href="#ds-dest" class="mk"/><text class="mt" y="3.5"{_fit("➜" + bnum)}>➜{esc(bnum)}</text>',
                "➜" + bnum))
    return dest_layer(groups, "".join(hl)) if hl or groups else ""

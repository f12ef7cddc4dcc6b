"""The moves to click on the board: each move, stay, boat carry, flight and harvest on its tile (a tile with
exactly one is clickable as a whole, a tile with several opens the list of them), grouped per knight, and the sail
markers in the sea."""
from __future__ import annotations

from ....ui.markup import dest_layer, esc
from .shared import TILES, ZONE_NAMES, M, T, W, ZONES, tile_xy

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from .shared import Ctx

# a tile with several moves (issue 31 item 5) is one control (the whole tile, ``pick``) opening the list of its
# choices in words: buttons OPT_W x OPT_H units (40 units: 25 px at the phone's Fit zoom, where the board is 377 px
# wide, 48 px at its default Legible), one under another below the tile (above it near the board's bottom edge),
# inside the board.  Neither the tile nor its choices carry a <title>: a tap would show it in a popover over the list
# (the choices' names say it all)
OPT_W, OPT_H, OPT_GAP = 182.0, 40.0, 4.0
OPT_FONT, OPT_CHAR = 13.0, 7.2          # the options' font size (web/doomspire.css) and its widest average letter
PIP_R, PIP_STEP = 3.2, 8.0              # a pick tile's dots along its top edge (at most 4: clear of its id, flag)


SAIL = 40.0                 # a sea zone's sail button, in its corner of the sea (44 units square): 25 px at Fit


def _corner(z: str) -> tuple[float, float]:
    """The centre of sea zone ``z``'s corner square (where its sail button sits, over the zone's short name)."""
    return (M / 2 if z in ("nw", "sw") else W - M / 2), (M / 2 if z in ("nw", "ne") else W - M / 2)


def _board_marks(acts: dict[str, Action], my_knights: dict) -> tuple[dict, dict]:
    """The actions drawn on the board: tile -> [(group, id, tag, cls, words)] and sea zone -> [(id, boat number)].
    ``tag``: the marker's short sign on a tile with one action; ``words``: the choice in words on a tile with several."""
    tile_marks: dict = {}
    sails: dict = {}
    for aid in acts:
        head, _, rest = aid.partition(":")
        if head in ("move", "boat", "stay"):
            rest, _, die = rest.rpartition(":")                  # the die the move spends: ``move:k1>c4:2``
        if head == "move":
            kid, _, t = rest.partition(">")
            tile_marks.setdefault(t, []).append((f"k-{kid}", aid, f"{kid[1:]}·{die}", "walk",
                                                 f"Knight {kid[1:]} with a {die}"))
        elif head == "boat":
            left, _, dest = rest.partition(">")
            if ":" in left:
                bid, _, kid = left.partition(":")
                tile_marks.setdefault(dest, []).append((f"k-{kid} by-{bid}", aid, f"⚓{kid[1:]}·{die}", "carry",
                                                        f"Knight {kid[1:]} by boat {bid[1:]} with a {die}"))
            else:
                sails.setdefault(dest, []).append(("sail", aid, f"➜{left[1:]}·{die}", "sail",
                                                   f"Boat {left[1:]} with a {die}"))
        elif head == "stay":
            k = my_knights.get(rest)
            if k and k.get("at"):
                tile_marks.setdefault(k["at"], []).append((f"k-{rest}", aid, f"↺{rest[1:]}·{die}", "stay",
                                                           f"Knight {rest[1:]} stays with a {die}"))
        elif head == "fleeto":
            tile_marks.setdefault(rest, []).append(("flee", aid, "⇢", "flee", "Flee here"))
        elif head == "harvest" and rest != "all":
            tile_marks.setdefault(rest, []).append(("harvest", aid, "✚", "harvest", "Harvest here"))
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
    """The markers of the moves, harvests and sails, grouped per knight: a tile with one action is clickable as
    a whole (a small marker shows its knight and die); a tile with several is one control (:func:`_pick_svg`)
    opening the list of them in words; sails sit in the sea."""
    tile_marks, sails = _board_marks(acts, my_knights)
    groups: dict = {}
    picks = []
    for t in TILES:
        marks = tile_marks.get(t)
        if not marks:
            continue
        x, y = tile_xy(t)
        if len(marks) == 1:
            grp, aid, tag, cls, _words = marks[0]
            used.add(aid)
            groups.setdefault(grp, []).append(_marker(
                aid, cx.flat(acts[aid].label or aid), f"dest one {cls}", x, y,
                f'<use href="#ds-hl" class="hl"/><use href="#ds-dest" class="mk" x="-19" y="11"/>'
                f'<text class="mt" x="-19" y="14.5"{_fit(tag)}>{esc(tag)}</text>', tag))
            continue
        picks.append(_pick_svg(t, marks, acts, used, cx, (x, y), T / 2, '<use href="#ds-hl" class="hl multi"/>', t))
    for z in ZONES:                     # a sea zone's sails: one button in its corner, or one opening the list
        lst = sails.get(z)
        if not lst:
            continue
        sx, sy = _corner(z)
        box = f'<rect class="mk" x="{-SAIL / 2:g}" y="{-SAIL / 2:g}" width="{SAIL:g}" height="{SAIL:g}" rx="8"/>'
        if len(lst) == 1:
            _grp, aid, tag, _cls, _words = lst[0]
            used.add(aid)
            groups.setdefault("sail", []).append(_marker(
                aid, cx.flat(acts[aid].label or aid), "dest sail", sx, sy,
                f'{box}<text class="mt" y="3.5"{_fit(tag, room=SAIL - 6)}>{esc(tag)}</text>', tag))
            continue
        picks.append(_pick_svg(z, lst, acts, used, cx, (sx, sy), SAIL / 2,
                               f'{box}<text class="mt" y="3.5">➜</text>', f"The {ZONE_NAMES[z]} sea"))
    out = dest_layer(groups) if groups else ""
    return out + (f'<g class="picks">{"".join(picks)}</g>' if picks else "")


def _pick_svg(key: str, marks: list, acts: dict[str, Action], used: set[str], cx: Ctx, at: tuple[float, float],
              half: float, area: str, where: str) -> str:
    """A tile (or a sea zone's corner) with several choices: one control (``area``, ``half`` units either side of
    ``at``; ``data-opens`` the list; classed with every knight it moves, so pointing at a knight lights it up), a dot
    per choice along its top edge (clear of a tile's name), then the list of the choices in words (``data-via`` the
    control; web/doomspire.css shows it while the control or one of its choices has the focus: a click, a tap,
    Tab), drawn after every marker."""
    x, y = at
    t = key
    n = len(marks)
    knights = sorted({c for grp, *_r in marks for c in grp.split() if c.startswith("k-")})
    kinds = sorted({cls for *_r, cls, _w in marks})
    shown = min(n, 4)
    pips = "".join(f'<circle class="pip" cx="{(i - (shown - 1) / 2) * PIP_STEP:.1f}" cy="{6 - half:g}" r="{PIP_R}"/>'
                   for i in range(shown))
    total = n * OPT_H + (n - 1) * OPT_GAP
    top = y + half + 2
    if top + total > W - 2:
        top = max(2.0, y - half - 2 - total)
    ox = min(max(x, OPT_W / 2 + 2), W - OPT_W / 2 - 2)
    opts, labels = [], []
    for i, (_grp, aid, _tag, cls, words) in enumerate(marks):
        label = cx.flat(acts[aid].label or aid)
        labels.append(label)
        oy = top + i * (OPT_H + OPT_GAP) + OPT_H / 2
        room = OPT_W - 14
        fit = (f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if len(words) * OPT_CHAR > room else "")
        # the name starts with the words shown (WCAG 2.5.3 Label in Name)
        opts.append(f'<g class="dest opt {cls}" data-action="{esc(aid)}" role="button" tabindex="0" '
                    f'aria-label="{esc(words)}: {label}" transform="translate({ox:.0f},{oy:.0f})">'
                    f'<rect class="pill" x="{-OPT_W / 2:g}" y="{-OPT_H / 2:g}" '
                    f'width="{OPT_W:g}" height="{OPT_H:g}" rx="7"/><text class="ot" y="{OPT_FONT * .36:.1f}"{fit}>'
                    f'{esc(words)}</text></g>')
        used.add(aid)
    what = "the tile" if key in TILES else "it"
    name = f"{esc(where)}: {n} choices ({'; '.join(labels)}): choose {what}, then one of them"
    return (f'<g class="dest pick {" ".join(knights + kinds)}" id="ds-pick-{t}" data-opens="ds-choices-{t}" '
            f'role="button" tabindex="0" aria-label="{name}" transform="translate({x:.0f},{y:.0f})">'
            f'{area}{pips}</g>'
            f'<g class="choices" id="ds-choices-{t}" data-via="ds-pick-{t}">{"".join(opts)}</g>')

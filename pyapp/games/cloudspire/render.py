"""Cloudspire renderer: view + legal actions -> an HTML fragment (an SVG map and panels).

A pure function of the view and the actions; it never imports the rules.  Every legal action is a
button in the action panel, and the actions aimed at a hex (``at:``, ``hero:``, ``step:``, ``push:``,
``explore:``, ``atk:``, ``shoot:``) are also markers on the map.  Only what the view holds is
drawn: other seats' stacks show their top and sizes, facedown landmarks a question mark.
Its styles are in web/cloudspire.css (scoped to ``.cs-game``).
"""
from __future__ import annotations

import re

from ...engine.hexgrid import SQRT3, corners
from ...ui.markup import action_button, esc, fold, log_details, part, seat_names
from .builder import ARRANGE, stack_builder
from .content import CHIPS, EVENT, FACTIONS, LANDMARKS, MAPS, RELIC, SCAPE, SPIRES, TALENTS, UNITS

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .content import Map

SIZE = 20                          # hex circumradius in SVG units; the map is drawn at 1 unit = 1 px when it fits
PAD = 4                            # map margin in SVG units
FONT = 12                          # board labels (SVG units): >= 11 px wherever the map is shown at full size
SMALL = 11                         # the smallest board text (tags, coordinates, badges)
CROSS = "\u2715"
RING = 13                          # radius of a clickable ring: rings on neighbouring hexes never overlap
FILL = {t: f"var(--cs-{t})" for t in ("path", "forest", "mountain", "water")}   # the palette: web/cloudspire.css
KIND_BORDER = {"equipment": "#3b6fc4", "spire": "#a9b0b8", "minion": "#b07a3c", "hero": "#d4a82a"}
UP_FILL = {"attack": "#b3261e", "range": "#1f5fa8", "fortification": "#5b5b5b"}
DASH = ("", "7 3", "2 3", "9 3 2 3")          # each seat's last-move outline: a pattern as well as a colour
TAG = {"build": "+", "place": "+", "explore": "?", "reveal": "!", "remove": "\u2715", "aim": "\u25ce",
       "promote": "\u25b2"}
VERB = {"move": "moved", "attack": "attacked", "gate": "struck the gate", "fire": "fired", "build": "built",
        "place": "placed", "explore": "explored", "reveal": "revealed", "remove": "removed", "aim": "marked the gate",
        "promote": "promoted", "fuse": "combined", "dock": "moved the airship"}
ARROWS = ("move", "attack", "gate", "fire", "fuse", "dock")      # marks drawn as an arrow from the first hex to the second
PHASES = {"event": "Event", "income": "Income", "market": "Market", "build": "Build", "mark": "Prep: declare marks",
          "select": "Prep: select units", "stack": "Prep: deployment stacks", "onslaught": "Onslaught"}
STAGES = {"start": "1 Start of turn", "hero1": "2 Movement (heroes first)", "minions": "2 Movement (minions)",
          "hero2": "2 Movement (heroes after)", "fire": "3 Spires fire", "explore": "4 Exploration",
          "attack": "5 Attack"}
QUICK = ("Each wave: 1 Event (from wave 2), 2 Income, 3 Market, 4 Build, 5 Prep (mark, select, stack), "
         "6 Onslaught. A turn: 1 Start of turn, 2 Movement, 3 Spires fire, 4 Exploration, 5 Attack.")


def _hex_of(aid: str) -> str | None:
    parts = aid.split(":")
    if parts[0] in ("at", "push", "explore", "dock") and len(parts) == 2:
        return parts[1]
    if parts[0] in ("hero", "step", "atk") and len(parts) == 3:
        return parts[2]
    return None


def _unit_name(t: str) -> str:
    return UNITS[t]["name"] if t in UNITS else t


def _short(t: str) -> str:
    """A unit's name in one word for the map (its last word: Heir, Warden, Page)."""
    return _unit_name(t).split()[-1]


def _map_box(m: Map) -> tuple:
    """The viewBox (x, y, w, h) around every land hex and sky slot, with room for the coordinates."""
    hexes = list(m.terrain) + [h for slot in m.slots for h in slot]
    xs = [_at(m, h)[0] for h in hexes]
    ys = [_at(m, h)[1] for h in hexes]
    x0, y0 = min(xs) - SIZE - PAD - 16, min(ys) - SIZE * 0.87 - PAD - 16
    x1, y1 = max(xs) + SIZE + PAD, max(ys) + SIZE * 0.87 + PAD
    return round(x0, 1), round(y0, 1), round(x1 - x0, 1), round(y1 - y0, 1)


def _board(view: dict, actions: list, names: list) -> str:
    """The map: coordinates, terrain, source wells, gates with their stacks and marks, spires with their
    upgrades, landmarks, units, every seat's last move, and a ring for each action aimed at one hex."""
    m = MAPS[view["players"]]
    (x, y, w, h), ground = _static(m, view)
    ground = part("cs-ground", f'<g class="cs-ground">{ground}</g>')          # the same all game long
    return (f'<svg class="cs-map" viewBox="{x} {y} {w} {h}" width="{w}" height="{h}" role="group" '
            f'style="--legible: {int(w * 11 / SMALL) + 1}px" '   # where its smallest text is 11 px (board zoom)
            f'aria-label="Map of the islands of Ankar"><defs><polygon id="cs-hex" points="{corners(SIZE)}"/></defs>'
            f'{ground}{_last_svg(view, m, tags=False)}{_last_svg(view, m, tags=True)}'     # under the pieces' names
            f'{_gates_svg(view, m, names)}{_spires_svg(view, m, names)}{_landmarks_svg(view, m)}'
            f'{_units_svg(view, m, names)}{_rings_svg(actions, m, (x, y, w, h))}</svg>')


_CENTRES: dict = {}                # id(map) -> {hex: centre}; _STATIC: (id(map), placed) -> markup that never changes
_STATIC: dict = {}


def _at(m: Map, hx: str) -> tuple[float, float]:
    """SVG centre of hex ``hx`` on map ``m`` (computed once per map)."""
    cs = _CENTRES.get(id(m))
    if cs is None:
        cs = _CENTRES[id(m)] = {h: m.grid.center(h, SIZE, pad=PAD) for h in m.grid.hexes}
    got = cs.get(hx)
    return got if got is not None else m.grid.center(hx, SIZE, pad=PAD)


def _static(m: Map, view: dict) -> tuple:
    """The map's box and the markup of what changes only when an earthscape is placed: coordinates, terrain, wells."""
    key = (id(m), tuple(sorted(view["placed"].items())))
    got = _STATIC.get(key)
    if got is None:
        box = _map_box(m)
        got = _STATIC[key] = (box, _coords_svg(m, box[0], box[1]) + _terrain_svg(view, m) + _wells_svg(view, m))
    return got


def _coords_svg(m: Map, x0: float, y0: float) -> str:
    """Column letters along the top and row numbers down the left side, as the action labels name hexes
    (``f7``: column f, row 7; odd columns sit half a hex lower)."""
    cols: dict = {}
    rows: set = set()
    for h in list(m.terrain) + [h for slot in m.slots for h in slot]:
        cols[h.rstrip("0123456789")] = _at(m, h)[0]
        rows.add(int(h.lstrip("abcdefghijklmnopqrstuvwxyz")))
    hh = SIZE * SQRT3
    out = ['<g class="cs-coord" aria-hidden="true">']
    for letter, cx in sorted(cols.items()):
        out.append(f'<text x="{cx}" y="{y0 + 13}" text-anchor="middle" font-size="{SMALL}">{letter}</text>')
    for r in sorted(rows):
        cy = round(PAD + hh / 2 + (r - 1) * hh, 2)
        out.append(f'<text x="{x0 + 2}" y="{cy + 4}" font-size="{SMALL}">{r}</text>')
    out.append("</g>")
    return "".join(out)


def _terrain_svg(view: dict, m: Map) -> str:
    """Every hex of the islands and of the placed earthscapes; an empty sky slot dashed."""
    placed = {}
    for slot, sid in view["placed"].items():
        for hx, t in zip(m.slots[int(slot)], SCAPE[sid]["terrain"]):
            placed[hx] = t
    out = []
    for hx in m.grid.hexes:
        x, y = _at(m, hx)
        t = m.terrain.get(hx) or placed.get(hx)
        if t is None:
            if any(hx in s for s in m.slots):
                out.append(f'<use href="#cs-hex" x="{x}" y="{y}" fill="none" stroke="#8aa" stroke-dasharray="3 2">'
                           f'<title>Sky slot for an earthscape ({hx})</title></use>')
            continue
        out.append(f'<use href="#cs-hex" x="{x}" y="{y}" style="fill:{FILL[t]}" stroke="#554"><title>{hx}: {t}</title></use>')
    return "".join(out)


def _wells_svg(view: dict, m: Map) -> str:
    """The source wells: the map's own and one per placed earthscape."""
    wells = list(m.wells) + [m.slots[int(s)][SCAPE[i]["well"]] for s, i in view["placed"].items()]
    out = []
    for hx in wells:
        x, y = _at(m, hx)
        out.append(f'<circle cx="{x}" cy="{y}" r="6" fill="#7fe0ff" stroke="#246"><title>Source well {hx}</title></circle>')
    return "".join(out)


def _gates_svg(view: dict, m: Map, names: list) -> str:
    """Each seat's gate with its health, a badge per seat that marked it, and its deployment stack below
    (the top unit's name as its viewer may see it, and the number of units under it); an airship
    fortress's empty berths as anchors in its colour."""
    out = []
    for s, berths in enumerate(view.get("berths") or []):
        for hx in berths:
            if hx == view["gates"][s]["hex"]:
                continue
            x, y = _at(m, hx)
            out.append(f'<g class="seat seat-{s} cs-berth"><circle cx="{x}" cy="{y}" r="10" fill="#fff" '
                       f'stroke="currentColor" stroke-width="2" stroke-dasharray="3 2"/><text x="{x}" y="{y + 4.5}" '
                       f'text-anchor="middle" font-size="{FONT}" fill="currentColor">\u2693</text>'
                       f'<title>Berth of the airship of {esc(names[s])} ({hx})</title></g>')
    for s, g in enumerate(view["gates"]):
        x, y = _at(m, g["hex"])
        out_ = s in view["out"]
        by = [p for p, t in enumerate(view["gate_marks"]) if t == s]
        stack = view["stacks"][s]
        n = sum(e["size"] for e in stack)
        top = stack[0] if stack else {}
        what = (_unit_name(top["hero"]) if "hero" in top else _unit_name(top["chips"][0]) if top.get("chips")
                else "hidden")
        words = [f"Gate {CROSS if out_ else g['health']}: gate of {names[s]}, "
                 + ("destroyed" if out_ else f"{g['health']}/{g['max']} health")]
        if by:
            words.append("marked by " + " and ".join(f"{names[p]} (player {p + 1})" for p in by))
        word = f"Stack {n}" if n else "Gate"   # the deployment stack standing on it: how many units
        if n:
            words.append(f"{word}: deployment stack of {n}, on top: {what}")
        name = "; ".join(words)
        badges = []
        for i, p in enumerate(by):              # who marked it: a ring per seat in its colour and its own dashes
            dash = DASH[p % len(DASH)]
            badges.append(f'<rect class="seat-{p}" x="{x - 14 - 2.5 * i}" y="{y - 17 + 2.5 * i}" width="{28 + 5 * i}" '
                          f'height="{25 - 5 * i}" rx="5" fill="none" stroke="currentColor" stroke-width="2.5"'
                          + (f' stroke-dasharray="{dash}"' if dash else "") + '/>')
        out.append(_piece(f"cs-gate-{s}", f'<g class="seat seat-{s} cs-piece cs-gate" tabindex="0" role="img" data-key="cs-gate-{s}" '
                   f'aria-label="{esc(name)}"><rect x="{x - 11}" y="{y - 14}" width="22" height="19" rx="3" '
                   f'fill="{"#777" if out_ else "currentColor"}" stroke="#222"/><text x="{x}" y="{y + 1}" '
                   f'text-anchor="middle" font-size="{FONT}" font-weight="bold" fill="#fff">'
                   f'{CROSS if out_ else g["health"]}</text>{"".join(badges)}'
                   f'{_label(x, y, word)}<title>{esc(name)}</title></g>'))
    return "".join(out)


def _spires_svg(view: dict, m: Map, names: list) -> str:
    """Every spire: a triangle with its number of upgrades, beside it its upgrade stack as coloured bars (attack
    red, range blue, fortification grey) from the bottom (the thick base) up, its name in one word below."""
    out = []
    for sid, sp in view["spires"].items():
        x, y = _at(m, sp["hex"])
        y0 = y - 4
        ups = sp["ups"]
        bars = []
        for i, k in enumerate(ups):
            by = y0 + 9 - (i + 1) * 4
            bars.append(f'<rect x="{x + 9}" y="{by:.1f}" width="5" height="3.5" fill="{UP_FILL[k]}"/>')
        full = SPIRES[sp["type"]]["name"]
        word = full.split()[-1] if full.split()[-1] != "Spire" else full.split()[0]
        name = (f"{word} {len(ups)}: {full} of {names[sp['owner']]}, upgrades bottom to top {', '.join(ups) or 'none'} "
                f"(capacity {sp['cap']})")
        out.append(_piece(f"cs-{sid}", f'<g class="seat seat-{sp["owner"]} cs-piece cs-spire" tabindex="0" role="img" data-key="cs-{esc(sid)}" '
                   f'aria-label="{esc(name)}"><polygon points="{x},{y0 - 12} {x + 9.5},{y0 + 9} {x - 9.5},{y0 + 9}" '
                   f'fill="currentColor" stroke="#222"/><text x="{x}" y="{y0 + 7}" text-anchor="middle" '
                   f'font-size="{SMALL}" font-weight="bold" fill="#fff">{len(ups)}</text>{"".join(bars)}'
                   f'<line x1="{x + 8}" y1="{y0 + 9.5}" x2="{x + 15}" y2="{y0 + 9.5}" stroke="#111" stroke-width="1.5"/>'
                   f'{_label(x, y, word)}'
                   f'<title>{esc(name)}</title></g>'))
    return "".join(out)


LM_GLYPH = {     # a landmark's kind as a small drawing around (0, 0), not a letter
    "cache": '<polygon points="0,-6 5,0 0,6 -5,0" fill="#2a8fb8" stroke="#123"/>',
    "guardian": '<path d="M-5,-6 H5 V0 Q5,5 0,7 Q-5,5 -5,0 Z" fill="#8a8a8a" stroke="#222"/>',
    "shrine": '<path d="M-6,-2 L0,-7 L6,-2 Z M-4,-1 H4 V6 H-4 Z" fill="#b8860b" stroke="#3a2a00" stroke-width=".8"/>',
    "ruins": '<path d="M-6,6 V-2 H-3 V6 Z M-1,6 V-6 H2 V6 Z M4,6 V1 H6 V6 Z" fill="#7a6a5a" stroke="#222" '
             'stroke-width=".6"/>',
}


def _landmarks_svg(view: dict, m: Map) -> str:
    """The landmarks: a question mark while face down, a drawing of the kind (and its health) once known, the kind
    in one word below; focusable, named by what they show."""
    out = []
    for hx, lm in view["landmarks"].items():
        x, y = _at(m, hx)
        cy = y - 4
        fill = "#eee" if lm["up"] else "#cfc6e8"
        if lm["tile"]:
            kind = LANDMARKS["kinds"][lm["tile"]]["name"]
            word = kind.split()[-1]
            glyph = f'<g transform="translate({x} {cy})">{LM_GLYPH.get(lm["tile"], "")}</g>'
            hp = f' {lm["health"]}' if lm["up"] and lm["health"] else ""
            name = (f"{word}{hp}: {kind} at {hx}, " + ("revealed" if lm["up"] else "face down, seen by you")
                    + (f", {lm['health']} health" if hp else ""))
            word += hp
        else:
            word, name = "Landmark", f"Landmark ?: face down at {hx}"
            glyph = (f'<text x="{x}" y="{cy + 4.5}" text-anchor="middle" font-size="{FONT}" font-weight="bold">?</text>')
        out.append(_piece(f"cs-lm-{hx}", f'<g class="cs-piece cs-landmark" tabindex="0" role="img" data-key="cs-lm-{hx}" aria-label="{esc(name)}">'
                   f'<circle cx="{x}" cy="{cy}" r="10" fill="{fill}" stroke="#333"/>{glyph}'
                   f'{_label(x, y, word)}'
                   f'<title>{esc(name)}</title></g>'))
    return "".join(out)


_KEY_OUT = re.compile(r"[^A-Za-z0-9_:.-]")


def _piece(key: str, element: str) -> str:
    """A piece on the map as a part named by its ``data-key`` (an update that leaves it alone sends its name only)."""
    return part(_KEY_OUT.sub("_", key), element)


LABEL_W = 40           # a piece's name is at most this wide (SVG units): it never reaches a neighbouring hex's piece


def _label(x: float, y: float, word: str) -> str:
    """A piece's name in one word under it, white-haloed; a long word drawn narrower to fit ``LABEL_W``."""
    fit = f' textLength="{LABEL_W}" lengthAdjust="spacingAndGlyphs"' if len(word) * 6.7 > LABEL_W else ""
    return (f'<text class="cs-name" x="{x}" y="{y + 16}" text-anchor="middle" font-size="{SMALL}" fill="#111" '
            f'stroke="#fff" stroke-width="2.5" paint-order="stroke"{fit}>{esc(word)}</text>')


def _units_svg(view: dict, m: Map, names: list) -> str:
    """Every unit on the map: its health on its shape (heroes square, minions round) in the upper part of its hex,
    its name in one word below (white halo), a badge with a group's size; focusable, named by what it shows."""
    out = []
    for u in view["units"]:
        x, y = _at(m, u["hex"])
        cy = y - 4
        hero = u["hero"] is not None
        dash = ' stroke-dasharray="3 2"' if u["camp"] else ""
        shape = (f'<rect x="{x - 9.5}" y="{cy - 9.5}" width="19" height="19" rx="2" fill="currentColor" stroke="#111"{dash}/>'
                 if hero else f'<circle cx="{x}" cy="{cy}" r="10" fill="currentColor" stroke="#111"/>')
        badge = ""
        if u.get("fused"):                      # a Shada elemental: a second ring around its disc
            shape += f'<circle class="cs-fused" cx="{x}" cy="{cy}" r="13" fill="none" stroke="currentColor" stroke-width="2.5"/>'
        if u.get("promoted"):                   # a promoted Griege minion: a chevron over its top edge
            badge += (f'<polygon class="cs-promoted" points="{x - 6},{cy - 8} {x},{cy - 14} {x + 6},{cy - 8}" '
                      f'fill="#ffd000" stroke="#111"/>')
        state = " (promoted)" if u.get("promoted") else ""
        word = _short(u["chips"][0]) if u.get("chips") and not hero else u["label"].split()[-1]
        if u.get("fused"):
            word = "Elemental"
        if not hero and u["size"] > 1:          # a group: its size after its name
            word += f" \u00d7{u['size']}"
        group = f", group of {u['size']}" if not hero and u["size"] > 1 else ""
        title = f'{u["label"]}{state} of {names[u["owner"]]}: {u["hp"]}/{u["max_hp"]} health'
        name = f'{word} {u["hp"]}: {title}{group}' + (" (campfire)" if u["camp"] else "")
        out.append(_piece(f"cs-{u['id']}", f'<g class="seat seat-{u["owner"]} cs-piece cs-unit" tabindex="0" role="img" data-key="cs-{esc(u["id"])}" '
                   f'aria-label="{esc(name)}">{shape}<text x="{x}" y="{cy + 4}" text-anchor="middle" '
                   f'font-size="{FONT}" font-weight="bold" fill="#fff">{u["hp"]}</text>{badge}'
                   f'{_label(x, y, word)}'
                   f'<title>{esc(title)}</title></g>'))
    return "".join(out)


def _arrow(x1: float, y1: float, x2: float, y2: float) -> tuple:
    """A line from (x1, y1) towards (x2, y2), stopping short of both centres, and its arrowhead's points."""
    dx, dy = x2 - x1, y2 - y1
    d = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / d, dy / d
    sx, sy = x1 + ux * 8, y1 + uy * 8
    ex, ey = x2 - ux * 9, y2 - uy * 9
    px, py = -uy, ux
    head = (f"{ex + ux * 4:.1f},{ey + uy * 4:.1f} {ex - ux * 6 + px * 5:.1f},{ey - uy * 6 + py * 5:.1f} "
            f"{ex - ux * 6 - px * 5:.1f},{ey - uy * 6 - py * 5:.1f}")
    return f'x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex - ux * 5:.1f}" y2="{ey - uy * 5:.1f}"', head


FLANK = 16.5           # a damage tag's centre beside its piece: clear of the piece (at most 11 wide each side) and of
                       # the names (under the pieces), within the hex


def _tag(x: float, y: float, text: str, h: int = 15) -> str:
    """A small label in the seat's colour (white text on it), centred at (x, y); ``h`` 13: a compact one (one digit
    11 wide) that fits a hex's flank beside its piece."""
    w = (4 if h < 15 else 8) + 7 * len(text)
    return (f'<rect x="{x - w / 2:.1f}" y="{y - h / 2 - .5:.1f}" width="{w}" height="{h}" rx="3" fill="currentColor"/>'
            f'<text x="{x:.1f}" y="{y + 4}" text-anchor="middle" font-size="{SMALL}" font-weight="bold" '
            f'fill="#fff">{esc(text)}</text>')


def _last_svg(view: dict, m: Map, tags: bool) -> str:
    """Every seat's last move, drawn in its colour with its own outline pattern until it moves again:
    arrows for moves, shots and attacks (with the damage in a tag), hex outlines with a tag for the rest
    (+ built or placed, ? explored, ! revealed, the cross for removed, the ring for a marked gate).
    Drawn in two layers, both under the pieces (whose names stay readable): the arrows and outlines, then the tags."""
    out = []
    for key, marks in sorted(view.get("marks", {}).items()):
        seat = int(key)
        dash = DASH[seat % len(DASH)]
        da = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="cs-last seat seat-{seat}" aria-hidden="true">')
        for mk in marks:
            at = [h for h in mk["at"] if h in m.grid]
            if not at:
                continue
            text = mk.get("text", "")
            if mk["kind"] in ARROWS and len(at) == 2:
                (x1, y1), (x2, y2) = _at(m, at[0]), _at(m, at[1])
                line, head = _arrow(x1, y1, x2, y2)
                if not tags:
                    out.append(f'<line {line} stroke="currentColor" stroke-width="3.5"{da}/>'
                               f'<polygon points="{head}" fill="currentColor"/>')
                elif mk["kind"] not in ("move", "fuse") and text:      # the damage beside the piece struck:
                    side = 1 if abs(x1 - x2) < 1 else (-1 if x1 < x2 else 1)   # on the attacker's side, but away
                    if y1 < y2 - 1:                               # from an attacker above, whose name hangs over
                        side = -side                              # that flank of the hex
                    out.append(_tag(x2 + side * FLANK, y2 - 4, text.lstrip("-"), h=13))
                continue
            if tags:
                x, y = _at(m, at[0])
                out.append(_tag(x - SIZE * 0.55, y - SIZE * 0.55, TAG.get(mk["kind"], "\u2022")))
                continue
            for h in at:
                x, y = _at(m, h)
                out.append(f'<use href="#cs-hex" x="{x}" y="{y}" fill="none" stroke="currentColor" '
                           f'stroke-width="3.5"{da} transform="translate({x} {y}) scale(.86) translate({-x} {-y})"/>')
        out.append("</g>")
    return "".join(out)


def _ring_actions(actions: list, m: Map) -> dict:
    """hex -> the actions aimed at it (an earthscape at its slot's first hex)."""
    at: dict = {}
    for a in actions:
        hx = _hex_of(a.id)
        if a.id.startswith("scape:"):
            hx = m.slots[int(a.id.split(":")[2]) - 1][0]
        if hx is None or hx not in m.grid:
            continue
        at.setdefault(hx, []).append(a)
    return at


def _words(label: str, most: int = 30) -> str:
    """The start of ``label`` in whole words, at most ``most`` characters (an option's visible text; its accessible
    name is the whole label, which starts with it)."""
    if len(label) <= most:
        return label
    out = ""
    for w in label.split():
        if len(out) + len(w) + 1 > most:
            break
        out = f"{out} {w}" if out else w
    return out or label[:most]


def _rings_svg(actions: list, m: Map, box: tuple) -> str:
    """A ring to click (or focus and press Enter) on the hex of every action aimed at one; where several actions
    aim at the same hex, a ring with a dot per choice that opens the list of them (shown while it or one of them
    has the focus; ``data-opens``/``data-via`` as in Clockwork), placed below the hex within the map."""
    out, picks = [], []
    bx, by, bw, bh = box
    for hx, acts in sorted(_ring_actions(actions, m).items()):
        x, y = _at(m, hx)
        if len(acts) == 1:
            a = acts[0]
            out.append(f'<g class="cs-mark" role="button" tabindex="0" data-action="{esc(a.id)}" aria-label="{esc(a.label)}">'
                       f'<circle cx="{x}" cy="{y}" r="{RING}" fill="#ffd000" fill-opacity=".22" stroke="#e0a000" '
                       f'stroke-width="3"/></g>')
            continue
        n = len(acts)
        dots = "".join(f'<circle cx="{x + 8 * ((i % 3) - 1)}" cy="{y + 17 - 5 * (i // 3)}" r="2.2" fill="#e0a000"/>'
                       for i in range(min(n, 6)))
        name = f"{hx}: {n} choices ({'; '.join(a.label for a in acts)}): choose the hex, then one of them"
        shown = [_words(a.label) for a in acts]
        w = max(6.2 * max(len(t) for t in shown) + 16, 80)
        h = 19
        top = y + RING + 4
        if top + n * (h + 3) > by + bh:
            top = y - RING - 4 - n * (h + 3)
        cx = min(max(x, bx + w / 2 + 2), bx + bw - w / 2 - 2)
        opts = []
        for i, (a, t) in enumerate(zip(acts, shown)):
            oy = top + i * (h + 3)
            opts.append(f'<g class="cs-opt" role="button" tabindex="0" data-action="{esc(a.id)}" aria-label="{esc(a.label)}">'
                        f'<rect x="{cx - w / 2:.1f}" y="{oy:.1f}" width="{w:.1f}" height="{h}" rx="5"/>'
                        f'<text x="{cx:.1f}" y="{oy + 13.5:.1f}" text-anchor="middle" font-size="{SMALL}">{esc(t)}</text></g>')
        picks.append(f'<g class="cs-pick" id="cs-pick-{hx}" data-opens="cs-opts-{hx}" role="button" tabindex="0" '
                     f'aria-label="{esc(name)}"><circle cx="{x}" cy="{y}" r="{RING}" fill="#ffd000" fill-opacity=".22" '
                     f'stroke="#e0a000" stroke-width="3" stroke-dasharray="5 2"/>{dots}</g>'
                     f'<g class="cs-opts" id="cs-opts-{hx}" data-via="cs-pick-{hx}">{"".join(opts)}</g>')
    return "".join(out) + (f'<g class="cs-picks">{"".join(picks)}</g>' if picks else "")


def _player(view: dict, s: int, seat, names: list) -> str:
    f = FACTIONS[view["factions"][s]]
    g = view["gates"][s]
    auto = view.get("automaton") == s
    out = [f'<details class="cs-player"{" open" if s == seat else ""}><summary><b class="seat seat-{s}">{esc(names[s])}</b>: '
           f'{esc(f["name"])}{" (out)" if s in view["out"] else ""} · Source {view["source"][s]}/{view["cap"][s]} · '
           f'gate {g["health"]}/{g["max"]}</summary>',
           f'<p class="cs-small">Automated: it follows the written script (rules page, "Solo and co-op"); '
           f'{esc(str(view.get("opponent")))} level.</p>' if auto else "",
           f'<p>Damage dealt to gates {view["gate_damage"][s]} · limited builds {view["limited"][s]}/2'
           + (f' · CP {view["cp"][s]}' if view["phase"] == "select" else "")
           + (f' · marks the gate of {esc(names[view["gate_marks"][s]])}' if view["gate_marks"][s] is not None else "") + "</p>"]
    b = view["barracks"][s]
    mins = ", ".join(f"{_unit_name(t)} ×{n} ({UNITS[t]['cp']} CP)" for t, n in b["minions"].items() if n)
    sps = ", ".join(f"{SPIRES[t]['name']} ×{n} ({SPIRES[t]['cost']})" for t, n in b["spires"].items() if n)
    heroes = ", ".join(f"{_unit_name(h)} L{v['level']}" + (f" [{', '.join(CHIPS[c]['name'] for c in v['equip'])}]"
                                                          if v["equip"] else "") for h, v in view["heroes"][s].items())
    out.append(f'<p class="cs-small">Barracks: {esc(mins)}. Spires: {esc(sps)}. Heroes: {esc(heroes)}.</p>')
    own = view["owned"][s]
    if own["chips"] or own["scapes"]:
        items = [CHIPS[c]["name"] for c in own["chips"]] + [SCAPE[e]["name"] for e in own["scapes"]]
        out.append(f'<p class="cs-small">Bought: {esc(", ".join(items))}</p>')
    relics = view["relics"][s]
    if isinstance(relics, list):
        if relics:
            out.append(f'<p class="cs-small">Relics: {esc(", ".join(RELIC[r]["name"] for r in relics))}</p>')
    elif relics:
        out.append(f'<p class="cs-small">Relics: {relics} (hidden)</p>')
    nxt = []
    for st in f["structures"]:
        k = view["adv"][s].get(st["id"], 0)
        owned = ", ".join(a["name"] for a in st["advancements"][:k])
        nx = st["advancements"][k] if k < len(st["advancements"]) else None
        nxt.append(f"{st['name']}: {owned or '-'}" + (f" (next {nx['name']}, {nx['cost']})" if nx else " (complete)"))
    out.append(f'<p class="cs-small">Fortress: {esc("; ".join(nxt))}</p>')
    stack = view["stacks"][s]
    if stack:
        parts = []
        for e in stack:
            if "hero" in e:
                parts.append(_unit_name(e["hero"]))
            elif "chips" in e:
                more = e["size"] - len(e["chips"])
                parts.append("+".join(_unit_name(c) for c in e["chips"]) + (f" +{more} hidden" if more else ""))
            else:
                parts.append(f"hidden ×{e['size']}")
        out.append(f'<p class="cs-small">Deployment stack (top first): {esc(" / ".join(parts))}</p>')
    out.append("</details>")
    return "".join(out)


def _market(view: dict) -> str:
    m = view["market"]
    chips = []
    for c in m["face"]:
        ch = CHIPS[c]
        extra = ", ".join(TALENTS[t]["name"] for t in ch.get("talents", ()))
        stats = (f" {ch['move']}/{ch['attack']}/{ch['health']}" if "move" in ch else
                 f" {'+'.join(ch['start'])} cap {ch['capacity']}" if "capacity" in ch else "")
        chips.append(f'<span class="cs-chip" style="border-color:{KIND_BORDER[ch["kind"]]}">{esc(ch["name"])} '
                     f'({ch["kind"]}, {ch["cost"]}){esc(stats)}{" " + esc(extra) if extra else ""}</span>')
    scape = m["scape"]
    sc = f'<span class="cs-chip" style="border-color:#4a4">{esc(SCAPE[scape]["name"])} (earthscape, 2)</span>' if scape else ""
    return (f'<details class="cs-market"{" open" if view["phase"] == "market" else ""}><summary><b>Market</b>: '
            f'{len(m["face"])} chips{" and an earthscape" if scape else ""} face up</summary><p>{"".join(chips)}{sc}</p>'
            f'<p class="cs-small">Chips left {m["deck"]}, earthscapes left {m["scapes"]}, discards {m["discard"]}</p>'
            f'</details>')


def _last_moves(view: dict, names: list) -> str:
    """Every seat's last move in words (the board shows the same in the seat's colour)."""
    items = []
    for key, marks in sorted(view.get("marks", {}).items()):
        seat = int(key)
        parts = []
        for mk in marks:
            at = mk["at"]
            where = " \u2192 ".join(at[:2]) if mk["kind"] in ARROWS else ", ".join(at)
            text = mk.get("text", "")
            if mk["kind"] in ("attack", "gate", "fire") and text:
                text = f"{text.lstrip('-')} damage"
            parts.append(f"{VERB.get(mk['kind'], mk['kind'])} {where}" + (f" ({text})" if text else ""))
        items.append(f'<li><span class="seat seat-{seat}">{esc(names[seat])}</span>: {esc("; ".join(parts))}</li>')
    if not items:
        return ""
    return f'<section class="cs-lastmoves"><h3>Last moves</h3><ul>{"".join(items)}</ul></section>'


def _pieces(view: dict, names: list) -> str:
    """What the map shows, in words, by seat: the details a tap or hover cannot give on a touch screen."""
    rows = []
    for s in range(view["players"]):
        g = view["gates"][s]
        bits = [f"gate at {g['hex']}: " + ("destroyed" if s in view["out"] else f"{g['health']}/{g['max']} health")]
        berths = [h for h in (view.get("berths") or [[]] * view["players"])[s] if h != g["hex"]]
        if berths:
            bits[-1] += " (an airship: it may move to " + " or ".join(berths) + " in a Build Phase)"
        by = [names[p] for p, t in enumerate(view["gate_marks"]) if t == s]
        if by:
            bits[-1] += ", marked by " + " and ".join(by)
        for u in view["units"]:
            if u["owner"] != s:
                continue
            extra = " (campfire)" if u["camp"] else " (will not attack)" if u["idle"] else ""
            extra += " (promoted)" if u.get("promoted") else ""
            bits.append(f"{u['label']} at {u['hex']}: {u['hp']}/{u['max_hp']} health{extra}")
        for sid, sp in view["spires"].items():
            if sp["owner"] == s:
                bits.append(f"{SPIRES[sp['type']]['name']} at {sp['hex']}: upgrades bottom to top "
                            f"{', '.join(sp['ups'])} (capacity {sp['cap']})")
        rows.append(f'<li><span class="seat seat-{s}">{esc(names[s])}</span>: {esc("; ".join(bits))}</li>')
    lms = []
    for hx, lm in view["landmarks"].items():
        if lm["tile"]:
            name = LANDMARKS["kinds"][lm["tile"]]["name"]
            state = "revealed" if lm["up"] else "face down, seen by you"
            hp = f", {lm['health']} health" if lm["up"] and lm["health"] else ""
            lms.append(f"{hx}: {name} ({state}{hp})")
        else:
            lms.append(f"{hx}: face down")
    if lms:
        rows.append(f"<li>Landmarks: {esc('; '.join(lms))}</li>")
    return fold("cs-pieces", "cs-pieces", "On the map, in words", f'<ul>{"".join(rows)}</ul>')   # (closed: its summary)


def _key(x: float, y: float, body: str) -> str:
    return f'<svg viewBox="-12 -12 24 24" width="22" height="22" aria-hidden="true"><g transform="translate({x} {y})">{body}</g></svg>'


LEGEND_BODY = ('<ul>' + "".join(f'<li>{_key(0, 0, b)}{esc(t)}</li>' for b, t in (
        ('<rect x="-8" y="-8" width="16" height="16" rx="2" fill="#888" stroke="#111"/>', "hero (number: health; dashed: campfire)"),
        ('<circle r="8" fill="#888" stroke="#111"/>', "minion (number: health)"),
        ('<circle r="8" fill="#888" stroke="#111"/><text y="4" text-anchor="middle" font-size="11" fill="#fff">\u00d7</text>',
         "group: its size after its name (Sneak \u00d73)"),
        ('<circle r="7" fill="#888" stroke="#111"/><circle r="10" fill="none" stroke="#888" stroke-width="2"/>',
         "elemental of two minions"),
        ('<polygon points="-6,-1 0,-7 6,-1" fill="#ffd000" stroke="#111"/>', "promoted minion"),
        ('<rect x="-9" y="-8" width="18" height="15" rx="3" fill="#888" stroke="#222"/>',
         "gate (its health; named \u201cStack 6\u201d while 6 units wait in its deployment stack; a ring in a "
         "player's colour and dashes: that player marked it)"),
        ('<polygon points="-2,-10 6,8 -10,8" fill="#888" stroke="#222"/><rect x="7" y="3" width="4" height="3" '
         'fill="#b3261e"/><rect x="7" y="-1" width="4" height="3" fill="#1f5fa8"/><rect x="7" y="-5" width="4" '
         'height="3" fill="#5b5b5b"/>', "spire: bars from the bottom, red attack, blue range, grey fortification"),
        ('<circle r="6" fill="#7fe0ff" stroke="#246"/>', "Source well"),
        ('<circle r="9" fill="#cfc6e8" stroke="#333"/><text y="4.5" text-anchor="middle" font-size="12" '
         'font-weight="bold">?</text>', "landmark, face down"),
        (LM_GLYPH["cache"], "Source Cache"), (LM_GLYPH["guardian"], "Stone Guardian"),
        (LM_GLYPH["shrine"], "Relic Shrine"), (LM_GLYPH["ruins"], "Fallen Ruins"),
        ('<circle r="9" fill="#ffd000" fill-opacity=".3" stroke="#e0a000" stroke-width="2.5"/>', "a choice: click it"),
        ('<circle r="9" fill="#ffd000" fill-opacity=".3" stroke="#e0a000" stroke-width="2.5" stroke-dasharray="4 2"/>'
         '<circle cx="-4" cy="6" r="1.8" fill="#e0a000"/><circle cx="4" cy="6" r="1.8" fill="#e0a000"/>',
         "several choices: click, then pick one"),
        ('<line x1="-9" y1="0" x2="5" y2="0" stroke="#888" stroke-width="3"/><polygon points="9,0 3,-4 3,4" fill="#888"/>',
         "a player's last move, in its colour"),
    )) + '</ul>')
LEGEND = part("cs-legend", fold("cs-legend", "cs-legend", "Map key", LEGEND_BODY))   # (as drawn off the table)


def _actions_panel(acts: list, m: Map) -> str:
    """The current choices: buttons for what is not a ring on the map; the ringed hexes also listed
    (folded) for whoever prefers buttons."""
    if not acts:
        return ""
    on_map = {a.id for xs in _ring_actions(acts, m).values() for a in xs}
    built = [a for a in acts if a.id.startswith(ARRANGE)]
    one_by_one = [a for a in acts if a.id.startswith(("put:", "join:"))] if built else []
    skip = on_map | {a.id for a in built + one_by_one}
    plain = [a for a in acts if a.id not in skip]
    out = ['<section class="cs-acts bs-actions" aria-label="Your choices"><h3>Your choices</h3>']
    if on_map:
        out.append(f'<p class="cs-small">Choose a ringed hex on the map ({len(on_map)} '
                   f'choice{"" if len(on_map) == 1 else "s"}).</p>')
    out += [action_button(a.id, esc(a.label)) for a in plain]
    if one_by_one:
        out.append(f'<details class="cs-onebyone"><summary>Or place the units one by one</summary>'
                   f'{"".join(action_button(a.id, esc(a.label)) for a in one_by_one)}</details>')
    out.append("</section>")
    return "".join(out)


QUICK_HTML = part("cs-quick", f'<details><summary>Quick reference</summary><p>{esc(QUICK)}</p></details>')


def render(view: dict, actions: list, *, seat, names: list, interactive: bool) -> str:
    names = seat_names(list(names)[:view.get("people", view["players"])], view["players"])
    auto = view.get("automaton")
    if auto is not None:                           # solo and co-op: the automated fortress has its name
        names[auto] = view["automaton_name"]
    acts = list(actions) if interactive else []
    head = [f'<p><b>Wave {view["wave"]}/4</b> · {PHASES.get(view["phase"], esc(view["phase"]))}']
    if view["phase"] == "onslaught":
        head.append(f' · round {view["round"]}')
        if view["turn"]:
            head.append(f' · turn of <span class="seat seat-{view["turn"]["seat"]}">'
                        f'{esc(names[view["turn"]["seat"]])}</span>, stage {STAGES[view["turn"]["stage"]]}')
    order = ", ".join(f'<span class="seat seat-{s}">{esc(names[s])}</span>' for s in view["order"])
    head.append(f' · turn order {order} (first: {esc(names[view["first"]])})</p>')
    if view["event"]:
        ev = EVENT[view["event"]]
        head.append(f'<p>Event: <b>{esc(ev["name"])}</b>. {esc(ev["text"])}</p>')
    if auto is not None:
        mode = "Solo" if view.get("people") == 1 else "Co-operative"
        head.append(f'<p>{mode} against {esc(names[auto])} ({esc(str(view.get("opponent")))}): destroy its gate by '
                    f'the end of wave 4; if any player gate falls, everybody loses.</p>')
    if view["outcome"]:
        head.append(f'<p><b>Game over:</b> {esc(view["outcome"]["reason"])}</p>')
    m = MAPS[view["players"]]
    players = "".join(part(f"cs-p{s}", _player(view, s, seat, names)) for s in range(view["players"]))
    return ('<div class="cs-game"><div class="cs-wrap" data-table><div class="cs-board" data-board>'
            + _board(view, acts, names) + '</div><div class="cs-panel" data-side>'
            + '<div class="cs-head">' + "".join(head) + '</div>' + _actions_panel(acts, m) + stack_builder(view, acts, seat)
            + _last_moves(view, names) + part("cs-legend", fold("cs-legend", "cs-legend", "Map key", LEGEND_BODY))
            + players + _market(view) + _pieces(view, names)
            + QUICK_HTML + log_details("cs-log", view["log"], names=names) + '</div></div></div>')

"""Cloudspire renderer: view + legal actions -> an HTML fragment (an SVG map and panels).

A pure function of the view and the actions; it never imports the rules.  Every legal action is a
button in the action panel, and the actions aimed at a hex (``at:``, ``hero:``, ``step:``, ``push:``,
``explore:``, ``atk:``, ``shoot:``) are also markers on the map.  Only what the view holds is
drawn: other seats' stacks show their top and sizes, facedown landmarks a question mark.
Its styles are in web/cloudspire.css (scoped to ``.cs-game``).
"""
from __future__ import annotations

from ...engine.hexgrid import SQRT3, corners
from ...ui.markup import action_button, esc, log_details, part, seat_names
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


def _hex_of(aid: str):
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
            f'{ground}{_last_svg(view, m, tags=False)}'
            f'{_gates_svg(view, m, names)}{_spires_svg(view, m, names)}{_landmarks_svg(view, m)}'
            f'{_units_svg(view, m, names)}{_last_svg(view, m, tags=True)}{_rings_svg(actions, m)}</svg>')


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
        out.append(f'<g class="seat seat-{s}"><rect x="{x - 13}" y="{y - 13}" width="26" height="26" rx="4" '
                   f'fill="{"#777" if out_ else "currentColor"}" stroke="#222"/><text x="{x}" y="{y + 5}" '
                   f'text-anchor="middle" font-size="{FONT + 1}" font-weight="bold" fill="#fff">'
                   f'{CROSS if out_ else g["health"]}</text><title>Gate of {esc(names[s])}: {g["health"]}/{g["max"]} '
                   f'health</title></g>')
        by = [p for p, t in enumerate(view["gate_marks"]) if t == s]
        for i, p in enumerate(by):
            bx, byy = x + 13 + 8 + i * 15, y - 14
            out.append(f'<g class="seat seat-{p}"><circle cx="{bx}" cy="{byy}" r="7.5" fill="currentColor" stroke="#fff"/>'
                       f'<text x="{bx}" y="{byy + 4}" text-anchor="middle" font-size="{SMALL}" fill="#fff">{p + 1}</text>'
                       f'<title>Marked by {esc(names[p])}</title></g>')
        stack = view["stacks"][s]
        if stack:
            top = stack[0]
            what = (_short(top["hero"]) if "hero" in top else _short(top["chips"][0]) if top.get("chips")
                    else "hidden")
            more = sum(e["size"] for e in stack) - 1
            label = what + (f" +{more}" if more else "")
            out.append(f'<text class="cs-stack" x="{x}" y="{y + 27}" text-anchor="middle" font-size="{SMALL}" '
                       f'stroke="#fff" stroke-width="3" paint-order="stroke">{esc(label)}</text>')
    return "".join(out)


def _spires_svg(view: dict, m: Map, names: list) -> str:
    """Every spire: a triangle with its number of upgrades, and beside it its upgrade stack as
    coloured bars (attack red, range blue, fortification grey) from the bottom (the thick base) up."""
    out = []
    for sid, sp in view["spires"].items():
        x, y = _at(m, sp["hex"])
        ups = sp["ups"]
        bars = []
        for i, k in enumerate(ups):
            by = y + 10 - (i + 1) * 4.5
            bars.append(f'<rect x="{x + 11}" y="{by:.1f}" width="6" height="4" fill="{UP_FILL[k]}"/>')
        out.append(f'<g class="seat seat-{sp["owner"]}"><polygon points="{x},{y - 14} {x + 10},{y + 10} {x - 10},{y + 10}" '
                   f'fill="currentColor" stroke="#222"/><text x="{x}" y="{y + 8}" text-anchor="middle" '
                   f'font-size="{FONT}" font-weight="bold" fill="#fff">{len(ups)}</text>{"".join(bars)}'
                   f'<line x1="{x + 10}" y1="{y + 10.5}" x2="{x + 18}" y2="{y + 10.5}" stroke="#111" stroke-width="1.5"/>'
                   f'<title>{esc(SPIRES[sp["type"]]["name"])} of {esc(names[sp["owner"]])}: bottom to top '
                   f'{", ".join(ups)}</title></g>')
    return "".join(out)


def _landmarks_svg(view: dict, m: Map) -> str:
    """The landmarks: a question mark while face down, the initial of the kind (and its health) once known."""
    out = []
    for hx, lm in view["landmarks"].items():
        x, y = _at(m, hx)
        label = "?" if not lm["tile"] else LANDMARKS["kinds"][lm["tile"]]["name"][0]
        if lm["up"] and lm["health"]:
            label += str(lm["health"])
        fill = "#eee" if lm["up"] else "#cfc6e8"
        out.append(f'<g><circle cx="{x}" cy="{y}" r="11" fill="{fill}" stroke="#333"/><text x="{x}" y="{y + 4.5}" '
                   f'text-anchor="middle" font-size="{FONT}" font-weight="bold">{label}</text></g>')
    return "".join(out)


def _units_svg(view: dict, m: Map, names: list) -> str:
    """Every unit on the map with its health: heroes square, minions round, a group with a badge of its size."""
    out = []
    for u in view["units"]:
        x, y = _at(m, u["hex"])
        hero = u["hero"] is not None
        dash = ' stroke-dasharray="3 2"' if u["camp"] else ""
        shape = (f'<rect x="{x - 11}" y="{y - 11}" width="22" height="22" rx="2" fill="currentColor" stroke="#111"{dash}/>'
                 if hero else f'<circle cx="{x}" cy="{y}" r="11" fill="currentColor" stroke="#111"/>')
        badge = ""
        if not hero and u["size"] > 1:
            badge = (f'<circle cx="{x + 11}" cy="{y - 10}" r="7" fill="#fff" stroke="#111"/><text x="{x + 11}" '
                     f'y="{y - 6}" text-anchor="middle" font-size="{SMALL}" fill="#111">{u["size"]}</text>')
        if u.get("fused"):                      # a Shada elemental: a second ring around its disc
            shape += f'<circle class="cs-fused" cx="{x}" cy="{y}" r="14.5" fill="none" stroke="currentColor" stroke-width="2.5"/>'
        if u.get("promoted"):                   # a promoted Griege minion: a chevron over its top edge
            badge += (f'<polygon class="cs-promoted" points="{x - 6},{y - 9} {x},{y - 15} {x + 6},{y - 9}" '
                      f'fill="#ffd000" stroke="#111"/>')
        state = " (promoted)" if u.get("promoted") else ""
        out.append(f'<g class="seat seat-{u["owner"]}">{shape}<text x="{x}" y="{y + 4.5}" text-anchor="middle" '
                   f'font-size="{FONT + 1}" font-weight="bold" fill="#fff">{u["hp"]}</text>{badge}'
                   f'<title>{esc(u["label"])}{state} of {esc(names[u["owner"]])}: {u["hp"]}/{u["max_hp"]} health'
                   f'</title></g>')
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


def _tag(x: float, y: float, text: str) -> str:
    """A small label in the seat's colour (white text on it), anchored at (x, y)."""
    w = 8 + 7 * len(text)
    return (f'<rect x="{x - w / 2:.1f}" y="{y - 8}" width="{w}" height="15" rx="3" fill="currentColor"/>'
            f'<text x="{x:.1f}" y="{y + 4}" text-anchor="middle" font-size="{SMALL}" font-weight="bold" '
            f'fill="#fff">{esc(text)}</text>')


def _last_svg(view: dict, m: Map, tags: bool) -> str:
    """Every seat's last move, drawn in its colour with its own outline pattern until it moves again:
    arrows for moves, shots and attacks (with the damage in a tag), hex outlines with a tag for the rest
    (+ built or placed, ? explored, ! revealed, the cross for removed, the ring for a marked gate).
    Drawn in two layers: the arrows and outlines under the pieces (``tags`` False), the tags over them."""
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
                elif mk["kind"] not in ("move", "fuse") and text:
                    out.append(_tag((x1 + x2) / 2, (y1 + y2) / 2, text.lstrip("-")))
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


def _rings_svg(actions: list, m: Map) -> str:
    """A ring to click (or focus and press Enter) on the hex of every action aimed at one; where several
    actions aim at the same hex, a dashed ring that is not a control (those are buttons in the panel)."""
    out = []
    for hx, acts in sorted(_ring_actions(actions, m).items()):
        x, y = _at(m, hx)
        if len(acts) > 1:
            out.append(f'<circle class="cs-multi" cx="{x}" cy="{y}" r="{RING}" fill="none" stroke="#e0a000" '
                       f'stroke-width="2.5" stroke-dasharray="4 3" aria-hidden="true"/>')
            continue
        a = acts[0]
        out.append(f'<g class="cs-mark" role="button" tabindex="0" data-action="{esc(a.id)}" aria-label="{esc(a.label)}">'
                   f'<circle cx="{x}" cy="{y}" r="{RING}" fill="#ffd000" fill-opacity=".22" stroke="#e0a000" '
                   f'stroke-width="3"/></g>')
    return "".join(out)


def _player(view: dict, s: int, seat, names: list) -> str:
    f = FACTIONS[view["factions"][s]]
    g = view["gates"][s]
    auto = view.get("automaton") == s
    out = [f'<section class="cs-player"><h3><span class="seat seat-{s}">{esc(names[s])}</span>: {esc(f["name"])}'
           f'{" (out)" if s in view["out"] else ""}</h3>',
           f'<p class="cs-small">Automated: it follows the written script (rules page, "Solo and co-op"); '
           f'{esc(str(view.get("opponent")))} level.</p>' if auto else "",
           f'<p>Source {view["source"][s]}/{view["cap"][s]} · gate {g["health"]}/{g["max"]} · damage dealt to gates '
           f'{view["gate_damage"][s]} · limited builds {view["limited"][s]}/2'
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
    out.append("</section>")
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
    return (f'<section><h3>Market</h3><p>{"".join(chips)}{sc}</p><p class="cs-small">Chips left {m["deck"]}, '
            f'earthscapes left {m["scapes"]}, discards {m["discard"]}</p></section>')


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
    return (f'<details class="cs-pieces"><summary>On the map</summary><ul>{"".join(rows)}</ul>'
            f'<p class="cs-small">Spire bars from the bottom: red attack, blue range, grey fortification. '
            f'A badge on a minion: the size of its group; a yellow chevron: a promoted minion; a double ring: an '
            f'elemental of two combined minions. Numbers beside a gate: the '
            f'players who marked it.</p></details>')


def _actions_panel(acts: list, m: Map) -> str:
    """The current choices: buttons for what is not a ring on the map; the ringed hexes also listed
    (folded) for whoever prefers buttons."""
    if not acts:
        return ""
    ringed = {a.id for hx, xs in _ring_actions(acts, m).items() if len(xs) == 1 for a in xs}
    plain = [a for a in acts if a.id not in ringed]
    out = ['<section class="cs-acts bs-actions" aria-label="Your choices"><h3>Your choices</h3>']
    out += [action_button(a.id, esc(a.label)) for a in plain]
    if ringed:
        out.append(f'<details class="cs-ringed"><summary>{len(ringed)} on the map: a ringed hex, or pick from the list'
                   f'</summary>{"".join(action_button(a.id, esc(a.label)) for a in acts if a.id in ringed)}</details>')
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
            + '<div class="cs-head">' + "".join(head) + '</div>' + _actions_panel(acts, m)
            + _last_moves(view, names) + _pieces(view, names) + players + _market(view)
            + QUICK_HTML + log_details("cs-log", view["log"], names=names) + '</div></div></div>')

"""Cloudspire renderer: view + legal actions -> an HTML fragment (an SVG map and panels).

A pure function of the view and the actions; it never imports the rules.  Every legal action is a
button in the action panel, and the actions aimed at a hex (``at:``, ``hero:``, ``step:``, ``push:``,
``explore:``, ``atk:``, ``shoot:``) are also markers on the map.  Only what the view holds is
drawn: other seats' stacks show their top and sizes, facedown landmarks a question mark.
Its styles are in web/cloudspire.css (scoped to ``.cs-game``).
"""
from __future__ import annotations

from ...engine.hexgrid import corners
from ...engine.log import html as log_html
from ...ui.markup import action_button, esc, seat_names
from .content import CHIPS, EVENT, FACTIONS, LANDMARKS, MAPS, RELIC, SCAPE, SPIRES, TALENTS, UNITS

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .content import Map

SIZE = 16
PAD = 4                            # map margin in SVG units
FILL = {"path": "#d9c89a", "forest": "#6f9a5a", "mountain": "#9a8f84", "water": "#6c9cc4"}
KIND_BORDER = {"equipment": "#3b6fc4", "spire": "#a9b0b8", "minion": "#b07a3c", "hero": "#d4a82a"}
PHASES = {"event": "Event", "income": "Income", "market": "Market", "build": "Build", "mark": "Prep: declare marks",
          "select": "Prep: select units", "stack": "Prep: deployment stacks", "onslaught": "Onslaught"}
STAGES = {"start": "1 Start of turn", "hero1": "2 Movement (heroes first)", "minions": "2 Movement (minions)",
          "hero2": "2 Movement (heroes after)", "fire": "3 Spires fire", "explore": "4 Exploration",
          "attack": "5 Attack"}
QUICK = ("Each wave: 1 Event (from wave 2), 2 Income, 3 Market, 4 Build, 5 Prep (mark, select, stack), "
         "6 Onslaught. A turn: 1 Start of turn, 2 Movement, 3 Spires fire, 4 Exploration, 5 Attack.")


def _hex_of(aid: str):
    parts = aid.split(":")
    if parts[0] in ("at", "push", "explore") and len(parts) == 2:
        return parts[1]
    if parts[0] in ("hero", "step", "atk") and len(parts) == 3:
        return parts[2]
    return None


def _unit_name(t: str) -> str:
    return UNITS[t]["name"] if t in UNITS else t


def _board(view: dict, actions: list, names: list) -> str:
    """The map: terrain, source wells, gates, spires, landmarks, units, and a marker per action aimed at a hex."""
    m = MAPS[view["players"]]
    w, h = m.grid.width(SIZE, pad=PAD), m.grid.height(SIZE, pad=PAD)
    return (f'<svg class="cs-map" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
            f'aria-label="Map of the islands of Ankar"><defs><polygon id="cs-hex" points="{corners(SIZE)}"/></defs>'
            f'{_terrain_svg(view, m)}{_wells_svg(view, m)}{_gates_svg(view, m, names)}{_spires_svg(view, m, names)}'
            f'{_landmarks_svg(view, m)}{_units_svg(view, m, names)}{_marks_svg(actions, m)}</svg>')


def _at(m: Map, hx: str) -> tuple[float, float]:
    """SVG centre of hex ``hx`` on map ``m``."""
    return m.grid.center(hx, SIZE, pad=PAD)


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
        out.append(f'<use href="#cs-hex" x="{x}" y="{y}" fill="{FILL[t]}" stroke="#554"><title>{hx}: {t}</title></use>')
    return "".join(out)


def _wells_svg(view: dict, m: Map) -> str:
    """The source wells: the map's own and one per placed earthscape."""
    wells = list(m.wells) + [m.slots[int(s)][SCAPE[i]["well"]] for s, i in view["placed"].items()]
    out = []
    for hx in wells:
        x, y = _at(m, hx)
        out.append(f'<circle cx="{x}" cy="{y}" r="5" fill="#7fe0ff" stroke="#246"><title>Source well {hx}</title></circle>')
    return "".join(out)


def _gates_svg(view: dict, m: Map, names: list) -> str:
    """Each seat's gate with its health, and the size of its deployment stack."""
    out = []
    for s, g in enumerate(view["gates"]):
        x, y = _at(m, g["hex"])
        stack = view["stacks"][s]
        out.append(f'<g class="seat seat-{s}"><rect x="{x - 11}" y="{y - 11}" width="22" height="22" rx="4" '
                   f'fill="currentColor" stroke="#222"/><text x="{x}" y="{y + 4}" text-anchor="middle" font-size="10" '
                   f'fill="#fff">{g["health"]}</text><title>Gate of {esc(names[s])}: {g["health"]}/{g["max"]} health; '
                   f'stack of {len(stack)}</title></g>')
        if stack:
            out.append(f'<text x="{x + 10}" y="{y - 8}" font-size="9">{len(stack)}</text>')
    return "".join(out)


def _spires_svg(view: dict, m: Map, names: list) -> str:
    """Every spire with its number of upgrades (listed in its tooltip)."""
    out = []
    for sid, sp in view["spires"].items():
        x, y = _at(m, sp["hex"])
        ups = ", ".join(sp["ups"])
        out.append(f'<g class="seat seat-{sp["owner"]}"><polygon points="{x},{y - 12} {x + 8},{y + 8} {x - 8},{y + 8}" '
                   f'fill="currentColor" stroke="#222"/><text x="{x}" y="{y + 6}" text-anchor="middle" font-size="8" '
                   f'fill="#fff">{len(sp["ups"])}</text><title>{esc(SPIRES[sp["type"]]["name"])} of '
                   f'{esc(names[sp["owner"]])}: bottom to top {ups} (capacity {sp["cap"]}; next attack or range '
                   f'upgrade {len(sp["ups"]) + 1} Source, fortification 2)</title></g>')
    return "".join(out)


def _landmarks_svg(view: dict, m: Map) -> str:
    """The landmarks: a question mark while face down, the initial of the kind once revealed."""
    out = []
    for hx, lm in view["landmarks"].items():
        x, y = _at(m, hx)
        label = "?" if not lm["tile"] else LANDMARKS["kinds"][lm["tile"]]["name"][0]
        state = "facedown" if not lm["up"] else "revealed"
        name = LANDMARKS["kinds"][lm["tile"]]["name"] if lm["tile"] else "unknown landmark"
        hp = f", {lm['health']} health" if lm["up"] and lm["health"] else ""
        out.append(f'<g><circle cx="{x}" cy="{y}" r="9" fill="#eee" stroke="#333"/><text x="{x}" y="{y + 4}" '
                   f'text-anchor="middle" font-size="10">{label}</text><title>{esc(name)} ({state}{hp})</title></g>')
    return "".join(out)


def _units_svg(view: dict, m: Map, names: list) -> str:
    """Every unit on the map with its health: heroes square, minions round."""
    out = []
    for u in view["units"]:
        x, y = _at(m, u["hex"])
        hero = u["hero"] is not None
        shape = (f'<rect x="{x - 9}" y="{y - 9}" width="18" height="18" fill="currentColor" stroke="#111"/>' if hero
                 else f'<circle cx="{x}" cy="{y}" r="9" fill="currentColor" stroke="#111"/>')
        camp = " (campfire: inactive)" if u["camp"] else ""
        out.append(f'<g class="seat seat-{u["owner"]}">{shape}<text x="{x}" y="{y + 4}" text-anchor="middle" '
                   f'font-size="9" fill="#fff">{u["hp"]}</text><title>{esc(names[u["owner"]])}: {esc(u["label"])} '
                   f'{u["hp"]}/{u["max_hp"]}{camp}</title></g>')
    return "".join(out)


def _marks_svg(actions: list, m: Map) -> str:
    """A ring to click on the hex of every action aimed at one (an earthscape at its slot's first hex)."""
    out = []
    for a in actions:
        hx = _hex_of(a.id)
        if a.id.startswith("scape:"):
            hx = m.slots[int(a.id.split(":")[2]) - 1][0]
        if hx is None or hx not in m.grid:
            continue
        x, y = _at(m, hx)
        out.append(f'<g class="cs-mark" role="button" tabindex="0" data-action="{esc(a.id)}" aria-label="{esc(a.label)}">'
                   f'<circle cx="{x}" cy="{y}" r="{SIZE - 4}" fill="none" stroke="#e0a000" stroke-width="3"/>'
                   f'<title>{esc(a.label)}</title></g>')
    return "".join(out)


def _player(view: dict, s: int, seat, names: list) -> str:
    f = FACTIONS[view["factions"][s]]
    g = view["gates"][s]
    out = [f'<section class="cs-player"><h3><span class="seat seat-{s}">{esc(names[s])}</span>: {esc(f["name"])}'
           f'{" (out)" if s in view["out"] else ""}</h3>',
           f'<p>Source {view["source"][s]}/{view["cap"][s]} · gate {g["health"]}/{g["max"]} · damage dealt to gates '
           f'{view["gate_damage"][s]} · limited builds {view["limited"][s]}/2'
           + (f' · CP {view["cp"][s]}' if view["phase"] == "select" else "")
           + (f' · marks the gate of {esc(names[view["marks"][s]])}' if view["marks"][s] is not None else "") + "</p>"]
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


def render(view: dict, actions: list, *, seat, names: list, interactive: bool) -> str:
    names = seat_names(names, view["players"])
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
    if view["outcome"]:
        head.append(f'<p><b>Game over:</b> {esc(view["outcome"]["reason"])}</p>')
    panel = ""
    if acts:
        panel = ('<section class="cs-acts"><h3>Your choices</h3>'
                 + "".join(action_button(a.id, esc(a.label)) for a in acts) + "</section>")
    players = "".join(_player(view, s, seat, names) for s in range(view["players"]))
    log = "".join(f"<li>{log_html(e, names)}</li>" for e in reversed(view["log"]))
    return ('<div class="cs-game">' + "".join(head) + '<div class="cs-wrap"><div>'
            + _board(view, acts, names) + '</div><div class="cs-panel">' + panel + players + _market(view)
            + f'<details><summary>Quick reference</summary><p>{esc(QUICK)}</p></details>'
            + f'<details open><summary>Log</summary><ol reversed>{log}</ol></details></div></div></div>')

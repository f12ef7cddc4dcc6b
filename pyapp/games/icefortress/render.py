"""Ice Fortress renderer: a view dict and the legal actions -> one HTML fragment (inline SVG + panels).

A pure function of its inputs plus the static content (room and card texts); it never imports the
rules.  Every element whose click applies a game action carries ``data-action="<id>"`` and is a
focusable control with an accessible name (``<button>``, or an SVG ``<g role="button" tabindex="0"
aria-label=...>``); every legal action appears at least once (anything without a place on the board
or in a panel falls back to a labelled button), and nothing else carries ``data-action``.

The fortress is drawn as a tree: the four bottom spaces of the foundation board share the width,
and each room's pillar groups share the room's width among the rooms built on them, so a tower of
20+ rooms keeps every square legible.  Seat colours come from ``seat-N`` classes, element colours
from ``el-<element>`` classes; the styles are ``web/icefortress.css`` (scoped to ``.if-game``).

>>> from pyapp.engine import Action
>>> v = {"base": [None] * 4, "rooms": {}, "players": 1, "chars": [], "ib": {}, "supply": {"rooms": [], "shards": {}}}
>>> "data-action=\\"roll\\"" in render(v, [Action("roll", "Roll your dice (5)", "roll")], seat=0, names=["Ann"], interactive=True)
True
"""
from __future__ import annotations

from ...engine.log import html as log_html
from ...ui.markup import action_button, esc, log_details, number, seat_names
from . import content

ELEMENTS = ("fire", "water", "air", "earth")
SIZES = ("jumbo", "large", "medium", "small")
SLOT_W = 240.0                 # width of one bottom space
LEVEL_H = 104.0                # height of one level of rooms
FOUND_H = 64.0                 # the foundation board strip
SQ = 20.0                      # pillar square size
W = 4 * SLOT_W
H = 4 * LEVEL_H + FOUND_H + 8
EL_NAME = {"fire": "fire (orange)", "water": "water (blue)", "air": "air (purple)", "earth": "earth (green)",
           "white": "white (no element)"}
STEP_NAMES = ("Roll Dice", "Build the Fortress", "Pull Invaders")


SNOW = "\u2744"
DASH = " \u2014 "
ICON = {"fire": "\u25b2", "water": "\u25cf", "air": "\u223f", "earth": "\u25a0", "white": "\u2744"}


def _c() -> dict:
    try:
        return content.load()
    except Exception:  # pragma: no cover - the renderer still draws without content
        return {"rooms": {}, "names": {}, "abilities": {}, "classes": {}, "beacons": {}}


def _room(cid) -> dict:
    return _c()["rooms"].get(cid) or {"name": str(cid), "size": "small", "element": "white", "crystal": 0,
                                      "squares": [], "groups": []}


def room_text(cid) -> str:
    r = _room(cid)
    crystal = f", {r['crystal']} ice crystal{'s' if r['crystal'] > 1 else ''}" if r["crystal"] else ""
    return f"{r['name']} ({r['size']} {r['element']} room{crystal})"


def need_label(q: dict) -> str:
    if q.get("colour") == "black":
        return "\u00d72" if q.get("mod") == "x2" else str(q.get("mod"))
    return str(q.get("need", "?"))


def power_label(key: str) -> tuple:
    """(card title, power dict) for a power key."""
    c = _c()
    if key in c["beacons"]:
        b = c["beacons"][key]["beacon"]
        return b["title"], b["power"]
    if key.endswith("+") and key[:-1] in c["names"]:
        n = c["names"][key[:-1]]["advanced"]
        return n["title"], n["power"]
    if key in c["names"]:
        n = c["names"][key]
        return n["name"], n["start"]["power"]
    for kind in ("abilities", "classes"):
        if key in c[kind]:
            return c[kind][key]["title"], c[kind][key]["power"]
    return key, {"cost": [], "effects": []}


class _Out:
    """Collects markup and remembers which action ids were drawn."""

    def __init__(self, acts: dict) -> None:
        self.acts = acts
        self.used: set = set()

    def take(self, aid: str):
        a = self.acts.get(aid)
        if a is not None:
            self.used.add(aid)
        return a

    def button(self, aid: str, label_html: str, cls: str = "", title: str = "") -> str:
        a = self.take(aid)
        if a is None:
            return ""
        return action_button(aid, label_html, cls=cls, title=title or a.label)


# ---------------------------------------------------------------- the fortress SVG
def _layout(view: dict) -> dict:
    """cid -> (x, width, level) for every built room, from the bottom spaces up."""
    rooms = view.get("rooms") or {}
    out: dict = {}

    def place(cid, x, w, level):
        if cid not in rooms or cid in out:
            return
        out[cid] = (x, w, level)
        groups = _room(cid)["groups"]
        tops = rooms[cid].get("top") or {}
        n = max(len(groups), 1)
        for i, g in enumerate(groups):
            if g["id"] in tops:
                place(tops[g["id"]], x + i * w / n, w / n, level + 1)

    for k, cid in enumerate(view.get("base") or []):
        if cid:
            place(cid, k * SLOT_W, SLOT_W, 1)
    return out


def _y(level: int) -> float:
    return 4 + (4 - level) * LEVEL_H


def _defs() -> str:
    return ('<defs><rect id="if-sq" x="0" y="0" width="20" height="20" rx="2"/>'
            '<circle id="if-inv" r="5.2"/></defs>')


def _svg_room(o: _Out, view: dict, cid: str, x: float, w: float, level: int, sel, hints: dict, last: dict) -> str:
    """One built room at (x, level) and width ``w``: frame, pillar groups, squares and the build targets."""
    r = _room(cid)
    room = (view.get("rooms") or {}).get(cid) or {}
    y = _y(level)
    h = LEVEL_H - 8
    pos = _square_pos(r, x, y, w, h)
    groups, targets = _room_groups(o, r, room, cid, x, y, w, h, sel, hints)
    parts = [_room_frame(r, cid, x, y, w, h), groups, _room_links(r, pos)]
    parts += [_room_square(o, q, cid, pos[q["id"]], room, hints, last) for q in r["squares"]]
    parts.append(targets)
    if cid in last:
        parts.append(f'<rect class="last seat-{last[cid]}" x="{x + 4:.1f}" y="{y + 2:.1f}" width="{w - 8:.1f}" '
                     f'height="{h - 4:.1f}" rx="4"/>')
    parts.append("</g>")
    return "".join(parts)


def _room_frame(r: dict, cid: str, x: float, y: float, w: float, h: float) -> str:
    """A room's group opened, with its background, element icons in the corners, name and ice crystals."""
    el = r["element"] if r["element"] in ICON else "white"
    parts = [f'<g class="room el-{el}" aria-label="{esc(room_text(cid))}">',
             f'<title>{esc(room_text(cid))} {esc(cid)}</title>',
             f'<rect class="bg" x="{x + 2:.1f}" y="{y:.1f}" width="{w - 4:.1f}" height="{h:.1f}" rx="4"/>']
    for cx, cy in ((x + 7, y + 10), (x + w - 12, y + 10), (x + 7, y + h - 3), (x + w - 12, y + h - 3)):
        parts.append(f'<text class="ico" x="{cx:.1f}" y="{cy:.1f}">{ICON[el]}</text>')
    label = r["name"] if w >= 110 else cid
    parts.append(f'<text class="rname" x="{x + w / 2:.1f}" y="{y + 12:.1f}" text-anchor="middle">{esc(label)}</text>')
    if r["crystal"]:
        parts.append(f'<text class="ico" x="{x + w / 2:.1f}" y="{y + h - 3:.1f}" text-anchor="middle">'
                     f'{SNOW * min(r["crystal"], 4)}</text>')
    return "".join(parts)


def _square_pos(r: dict, x: float, y: float, w: float, h: float) -> dict:
    """Square id -> the SVG top-left corner of that pillar square inside the room."""
    pos = {}
    for q in r["squares"]:
        px, py = q.get("pos", [50, 55])
        pos[q["id"]] = (x + 4 + (w - 8) * number(px) / 100 - SQ / 2, y + h * number(py) / 100 - SQ / 2)
    return pos


def _room_groups(o: _Out, r: dict, room: dict, cid: str, x: float, y: float, w: float, h: float, sel,
                 hints: dict) -> tuple[str, str]:
    """The room's pillar groups (size, occupying invader, why a build there is refused) and, apart, the
    legal build targets (drawn last, on top of the squares, so a click anywhere in the group lands)."""
    ginv, tops = room.get("ginv") or {}, room.get("top") or {}
    n = max(len(r["groups"]), 1)
    parts, targets = [], []
    for i, g in enumerate(r["groups"]):
        gx = x + 4 + i * (w - 8) / n
        gw = (w - 8) / n
        gy, gh = y + 17, h - 30
        aid = f"build:{cid}.{g['id']}"
        a = o.take(aid)
        shape = f'<rect class="grp hl" x="{gx + 1:.1f}" y="{gy:.1f}" width="{gw - 2:.1f}" height="{gh:.1f}" rx="3"/>'
        if a is not None:
            targets.append(f'<g class="target legal" role="button" tabindex="0" data-action="{esc(aid)}" '
                           f'aria-label="{esc(a.label)}">{shape}</g>')
        else:
            why = hints.get(f"{cid}.{g['id']}")
            tip = f"<title>{esc(why)}</title>" if why and sel else ""
            parts.append(f'<g class="grp-wrap{" refused" if tip else ""}">{tip}{shape}</g>')
        if g["id"] not in tops:
            parts.append(f'<text class="gsize" x="{gx + 4:.1f}" y="{gy + 8:.1f}">{esc(g["size"])}</text>')
        if g["id"] in ginv:
            parts.append(f'<use href="#if-inv" class="inv {esc(ginv[g["id"]])}" x="{gx + gw - 9:.1f}" y="{gy + 8:.1f}">'
                         f'<title>{esc(ginv[g["id"]])} invader occupying this group</title></use>')
    return "".join(parts), "".join(targets)


def _room_links(r: dict, pos: dict) -> str:
    """The lines joining each black square to the square it modifies."""
    parts = []
    for q in r["squares"]:
        if q.get("colour") == "black" and q.get("from") in pos:
            (x1, y1), (x2, y2) = pos[q["id"]], pos[q["from"]]
            parts.append(f'<line class="link" x1="{x1 + SQ / 2:.1f}" y1="{y1 + SQ / 2:.1f}" '
                         f'x2="{x2 + SQ / 2:.1f}" y2="{y2 + SQ / 2:.1f}"/>')
    return "".join(parts)


def _room_square(o: _Out, q: dict, cid: str, at: tuple, room: dict, hints: dict, last: dict) -> str:
    """One pillar square at ``at``: its need, the pillar die or invader on it, the last placement, and
    the click to place a pillar there (or a tooltip saying why not)."""
    pillars, inv = room.get("pillars") or {}, room.get("inv") or {}
    sid = q["id"]
    sx, sy = at
    place = f"{cid}.{sid}"
    colour = "black" if q.get("colour") == "black" else "white"
    desc = (f"black square joined to {q.get('from')}, {need_label(q)}" if colour == "black"
            else f"white square {need_label(q)}")
    body = (f'<use href="#if-sq" class="hl" x="{sx:.1f}" y="{sy:.1f}"/>'
            f'<rect x="{sx:.1f}" y="{sy:.1f}" width="{SQ}" height="{SQ}" rx="2"/>'
            f'<text x="{sx + SQ / 2:.1f}" y="{sy + SQ / 2 + 3:.1f}">{esc(need_label(q))}</text>')
    if sid in pillars:
        body += (f'<g class="die"><rect x="{sx + 1:.1f}" y="{sy + 1:.1f}" width="{SQ - 2}" height="{SQ - 2}" rx="3"/>'
                 f'<text x="{sx + SQ / 2:.1f}" y="{sy + SQ / 2 + 4:.1f}">{number(pillars[sid])}</text></g>')
    if sid in inv:
        body += (f'<use href="#if-inv" class="inv {esc(inv[sid])}" x="{sx + SQ - 3:.1f}" y="{sy + 3:.1f}"/>')
    if place in last:
        body += f'<rect class="last seat-{last[place]}" x="{sx - 3:.1f}" y="{sy - 3:.1f}" width="{SQ + 6}" height="{SQ + 6}" rx="4"/>'
    state = (f", pillar {pillars[sid]}" if sid in pillars else "") + (f", {inv[sid]} invader" if sid in inv else "")
    aid = f"pillar:{place}"
    a = o.take(aid)
    if a is not None:
        return (f'<g class="sq {colour} legal" role="button" tabindex="0" data-action="{esc(aid)}" '
                f'aria-label="{esc(a.label)} ({esc(desc)})">{body}'
                f'<rect class="hl" x="{sx - 1:.1f}" y="{sy - 1:.1f}" width="{SQ + 2}" height="{SQ + 2}" rx="3"/></g>')
    why = hints.get(place)
    tip = f"<title>{esc(place)}: {esc(desc)}{esc(state)}" + (DASH + "refused: " + esc(why) if why else "") + "</title>"
    return f'<g class="sq {colour}{" refused" if why else ""}">{tip}{body}</g>'


def fortress_svg(o: _Out, view: dict, names: list) -> str:
    sel = view.get("sel")
    hints = view.get("hints") or {}
    last = {}
    for s, place in enumerate(view.get("last") or []):
        if place:
            last[place] = s
    layout = _layout(view)
    top = min(4, max([lv for _x, _w, lv in layout.values()] + [0]) + 1)     # the sky above the tower is cut off
    y0 = _y(top) - 4
    out = [f'<svg class="if-board" viewBox="0 {y0:.0f} {W:.0f} {H - y0:.0f}" role="group" '
           f'aria-label="The fortress: {len(layout)} rooms">', _defs()]
    fy = _y(1) + LEVEL_H - 4
    out.append(f'<rect class="found" x="0" y="{fy:.1f}" width="{W:.0f}" height="{FOUND_H + 8:.0f}"/>')
    for k, cid in enumerate(view.get("base") or []):
        if cid:
            continue
        x = k * SLOT_W
        shape = f'<rect class="slot hl" x="{x + 6:.1f}" y="{_y(1):.1f}" width="{SLOT_W - 12:.1f}" height="{LEVEL_H - 10:.1f}" rx="6"/>'
        a = o.take(f"build:base:{k}")
        if a is not None:
            out.append(f'<g class="target legal" role="button" tabindex="0" data-action="build:base:{k}" '
                       f'aria-label="{esc(a.label)}">{shape}</g>')
        else:
            out.append(f'<g><title>Bottom space {k + 1}: empty (jumbo rooms only)</title>{shape}</g>')
        out.append(f'<text class="gsize" x="{x + SLOT_W / 2:.1f}" y="{_y(1) + LEVEL_H / 2:.1f}" '
                   f'text-anchor="middle">bottom space {k + 1}</text>')
    for cid, (x, w, level) in sorted(layout.items(), key=lambda kv: (kv[1][2], kv[1][0])):
        out.append(_svg_room(o, view, cid, x, w, level, sel, hints, last))
    # the Invader/Beacon cards on the foundation board
    ib = view.get("ib") or {}
    for i, el in enumerate(ELEMENTS):
        x = i * SLOT_W + 8
        info = ib.get(el) or {}
        card = (_c()["beacons"].get(info.get("card")) or {})
        side = info.get("side", "invader")
        title = (card.get(side) or {}).get("title", el)
        state = {"active": "ability active", "beacon": "beacon lit", "neutralized": "ability neutralized"}.get(
            info.get("ability", ""), "")
        out.append(f'<g class="ib {esc(side)}"><title>{esc(el)} card, {esc(side)} side up: {esc(title)} ({esc(state)})</title>'
                   f'<rect x="{x:.1f}" y="{fy + 10:.1f}" width="{SLOT_W - 16:.1f}" height="{FOUND_H - 14:.1f}" rx="5" '
                   f'style="fill:var(--if-{el})"/>'
                   f'<text x="{x + 8:.1f}" y="{fy + 26:.1f}">{ICON[el]} {esc(title)}</text>'
                   f'<text x="{x + 8:.1f}" y="{fy + 42:.1f}">{esc(side.title())} side \u2014 {esc(state)}</text></g>')
    out.append("</svg>")
    return "".join(out)


# ---------------------------------------------------------------- panels
def _cost_html(p: dict) -> str:
    bits = []
    for c in p.get("cost") or []:
        if "shard" in c:
            bits.append(f'<span class="chip el-{esc(c["shard"]) if c["shard"] != "any" else "white"}">'
                        f'{esc(c["shard"])} shard</span>')
        else:
            bits.append(f'<span class="chip">die {esc(c["die"])}</span>')
    return " ".join(bits) or '<span class="chip">free</span>'


def _power_line(o: _Out, view: dict, key: str, card_title: str) -> str:
    title, p = power_label(key)
    used = key in (view.get("used") or [])
    spent = (view.get("spent") or {}).get(key) or {}
    spent_txt = ", ".join([f"{s} shard" for s in spent.get("shards") or []] + [f"die {d}" for d in spent.get("dice") or []])
    btn = o.button(f"power:{key}", "Use", cls="power")
    text = content.power_text(p) if p.get("effects") else ""
    mark = (DASH + "used this turn" + (f' (<span class="spent">{esc(spent_txt)}</span> on the card)' if spent_txt else "")
            if used else "")
    return (f'<div class="card{" used" if used else ""}"><b>{esc(card_title)}</b> \u2728 {_cost_html(p)} '
            f'{esc(text)}{mark} {btn}</div>')


def _characters(o: _Out, view: dict, names: list) -> str:
    c = _c()
    out = ['<section class="panel"><h3>Characters</h3>']
    flipped = bool(view.get("flipped"))
    for i, ch in enumerate(view.get("chars") or []):
        s = number(ch.get("seat"))
        acting = i == view.get("cur") and view.get("phase") == "turn"
        name = c["names"].get(ch.get("name")) or {}
        out.append(f'<div class="char seat-{s}{" acting" if acting else ""}"><h4>{esc(names[s] if s < len(names) else "")}: '
                   f'{esc(ch.get("title", ""))}{DASH + "acting" if acting else ""}</h4>'
                   f'<div class="hint">{number(ch.get("dice"))} dice depicted</div>')
        side = "advanced" if flipped else "starting"
        out.append(f'<div class="hint">Name card ({esc(name.get("name", ""))}, {number(name.get("dice"))} dice), {side} side up</div>')
        keys = [ch.get("name")] + ([ch.get("name") + "+"] if flipped else []) + list(ch.get("abilities") or []) + [ch.get("class")]
        for k in keys:
            if not isinstance(k, str):
                continue
            if k in c["names"] or (k.endswith("+") and k[:-1] in c["names"]):
                label = power_label(k)[0]
            else:
                card = c["abilities"].get(k) or c["classes"].get(k) or {}
                label = f"{card.get('title', k)} ({number(card.get('dice'))} dice)"
            out.append(_power_line(o, view, k, label) if acting else
                       f'<div class="card"><b>{esc(label)}</b> \u2728 {_cost_html(power_label(k)[1])} '
                       f'{esc(content.power_text(power_label(k)[1]) if power_label(k)[1].get("effects") else "")}</div>')
        out.append("</div>")
    dealt = view.get("dealt") or []
    out.append("</section>")
    if view.get("phase") == "setup" and any(dealt):
        out.append('<section class="panel"><h3>Choose your abilities</h3>')
        for aid, a in list(o.acts.items()):
            if a.kind == "setup":
                card = c["abilities"].get(aid.split(":")[-1]) or {}
                out.append(f'<div class="card">{o.button(aid, esc(a.label))} <span class="hint">'
                           f'{number(card.get("dice"))} dice; {esc(content.power_text(card["power"]) if card else "")}</span></div>')
        out.append("</section>")
    return "".join(out)


def _status(o: _Out, view: dict, names: list) -> str:
    step = number(view.get("step"))
    cur = view.get("cur")
    chars = view.get("chars") or []
    who = ""
    if view.get("phase") == "turn" and isinstance(cur, int) and cur < len(chars):
        s = number(chars[cur].get("seat"))
        who = f'<span class="seat seat-{s}">{esc(names[s] if s < len(names) else "")}</span> ({esc(chars[cur].get("title", ""))})'
    steps = "".join(f'<li class="{"now" if step == i + 1 else ""}">{i + 1} {esc(t)}</li>' for i, t in enumerate(STEP_NAMES))
    shards = view.get("supply", {}).get("shards") or {}
    decks = view.get("decks") or {}
    pull = view.get("pull") or {}
    seen = "; ".join(f"{esc(e)} \u2192 {'the shield' if where == 'shield' else esc(where)}"
                     for e, where in (pull.get("seen") or []) if isinstance(e, str))
    diff = number(view.get("difficulty"))
    return (f'<section class="panel status"><h3>{"Setup: choose abilities" if view.get("phase") == "setup" else "Turn"}</h3>'
            + (f"<div>{who} is acting</div>" if who else "")
            + f'<ol class="steps" aria-label="Steps of a turn">{steps}</ol>'
            f'<div>Ice shield: <b>{number(view.get("shield"))}</b> cubes \u00b7 Difficulty {diff} '
            f'(supply limit {diff} rooms and {diff} shards) \u00b7 Bag: {number(view.get("bag"))} figures</div>'
            f'<div>Decks (face down): ' + ", ".join(f"{esc(z)} {number(decks.get(z))}" for z in SIZES) + '</div>'
            f'<div>Invaders to pull this turn: {number(view.get("to_pull"))} (2 + 1 per beacon)'
            + (f' \u00b7 pulled {number(pull.get("done"))}: {seen}' if seen else "") + "</div>"
            f'<div>Unused dice pool: {number(view.get("pool"))} \u00b7 Beacons lit: '
            f'{esc(", ".join(view.get("beacons") or []) or "none")}</div>'
            f'<div class="hint">Shards in the supply: ' + ", ".join(f"{esc(e)} {number(shards.get(e))}" for e in ELEMENTS)
            + f' ({sum(number(v) for v in shards.values())} of {diff})</div>' + _siege(view) + '</section>')


def _siege(view: dict) -> str:
    """The siege clock (house rule), shown once half of it has run: turns without a new room."""
    quiet, siege = number(view.get("quiet")), number(view.get("siege"))
    if not siege or quiet * 2 < siege:
        return ""
    return (f'<div class="warn">No room built for {quiet} turns: after {siege} turns without one the siege is lost'
            f' ({siege - quiet} left)</div>')


def _dice(o: _Out, view: dict) -> str:
    if number(view.get("step")) != 2:
        return ""
    sel = view.get("sel") or {}
    out = ['<section class="panel"><h3>Your dice</h3><div class="dice">']
    for v in view.get("dice") or []:
        aid = f"die:{v}"
        if aid in o.acts and aid not in o.used:
            out.append(o.button(aid, str(v), cls="die-btn", title=f"Take a die showing {v}"))
        elif sel.get("die") == v and "die-sel" not in o.used:
            o.used.add("die-sel")
            out.append(f'<span class="die-off selected" aria-label="selected die {v}">{v}</span>')
        else:
            out.append(f'<span class="die-off" aria-label="die {v}">{v}</span>')
    out.append("</div>")
    note = []
    if view.get("withheld"):
        note.append(f"{number(view['withheld'])} dice withheld by air invaders")
    if view.get("short"):
        note.append(f"{number(view['short'])} dice short: the unused pool ran out")
    if note:
        out.append(f'<div class="hint">{esc("; ".join(note))}</div>')
    if sel.get("die"):
        out.append(f'<div class="hint">Die {number(sel["die"])} chosen: the highlighted squares take it.</div>')
    out.append("</section>")
    return "".join(out)


def _supply(o: _Out, view: dict) -> str:
    sup = view.get("supply") or {}
    rooms = sup.get("rooms") or []
    diff = number(view.get("difficulty"))
    sel = view.get("sel") or {}
    out = [f'<section class="panel"><h3>Supply: {len(rooms)} of {diff} rooms</h3><div class="rooms">']
    for cid in rooms:
        r = _room(cid)
        el = r["element"] if r["element"] in ICON else "white"
        label = f'{ICON[el]} {esc(room_text(cid))}'
        aid = f"pick:{cid}"
        if aid in o.acts:
            out.append(o.button(aid, label, cls=f"el-{el}"))
        else:
            chosen = " selected" if sel.get("room") == cid else ""
            out.append(f'<span class="chip el-{el}{chosen}">{label}{" (chosen)" if chosen else ""}</span>')
    out.append("</div></section>")
    return "".join(out)


def _beacon_powers(o: _Out, view: dict) -> str:
    lit = view.get("beacons") or []
    if not lit:
        return ""
    out = ['<section class="panel"><h3>Beacon abilities (everyone, once a turn)</h3>']
    for el in lit:
        key = (view.get("ib") or {}).get(el, {}).get("card")
        if key:
            out.append(_power_line(o, view, key, power_label(key)[0]))
    out.append("</section>")
    return "".join(out)


def render(view: dict, actions: list, *, seat: int | None, names: list[str], interactive: bool) -> str:
    """The whole Ice Fortress game area for ``view``; ``actions`` are ``seat``'s legal actions."""
    acts = {a.id: a for a in actions} if interactive else {}
    o = _Out(acts)
    names = seat_names(list(names or []), max(number(view.get("players"), 1), 1))
    parts = ['<div class="if-game">']
    outcome = view.get("outcome")
    board = fortress_svg(o, view, names)
    side = []
    if isinstance(outcome, dict):
        side.append(f'<div class="banner" role="status">{"Victory" if outcome.get("winners") else "Defeat"}: '
                    f'{esc(outcome.get("reason", ""))}</div>')
    side.append(_status(o, view, names))
    # questions first: a prompt's options are buttons with their labels
    prompt = [a for a in actions if interactive and a.kind.startswith("prompt:")]
    if prompt:
        side.append('<section class="panel"><h3>Choose</h3>'
                    + "".join(o.button(a.id, esc(a.label)) for a in prompt) + "</section>")
    side.append(_dice(o, view))
    controls = "".join(o.button(aid, esc(acts[aid].label), cls="primary" if aid in ("roll", "end") else "")
                       for aid in ("roll", "cancel", "end") if aid in acts)
    if controls:
        side.append(f'<section class="panel">{controls}</section>')
    side.append(_supply(o, view))
    side.append(_beacon_powers(o, view))
    side.append(_characters(o, view, names))
    rest = [a for a in actions if interactive and a.id not in o.used]
    if rest:
        side.append('<section class="panel"><h3>Other actions</h3>'
                    + "".join(o.button(a.id, esc(a.label)) for a in rest) + "</section>")
    side.append(log_details("if-log", view.get("log") or [], lambda ev: log_html(ev, names)))
    parts.append(f'<div class="if-board-wrap">{board}</div><div class="if-side">{"".join(side)}</div></div>')
    return "".join(parts)

"""The pieces on the board: Gate Tokens with their arrows, face-down portals (the unit only in its owner's
view), and the units, each focusable with its details as its name (and in the details panel beside the board)."""
from __future__ import annotations

from ....ui.markup import esc, memo, number, part
from .art import UNIT_SYMBOLS, symbol_use
from .shared import SIZE, arrow_points, name_of, pos, seat_cls

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ..types import ClockworkView, UnitView

ABBREV = {"infantry": "Inf", "sharpshooter": "Shp", "shade": "Shd", "hexer": "Hex", "berserker": "Brs",
          "squire": "Sq", "engineer": "Eng", "skirmisher": "Skr", "crab-tank": "CT", "mortar-walker": "MW",
          "bomb-beetle": "BB", "phoenix-rig": "PR", "bulwark": "BC", "strider": "SG", "turret": "GT",
          "bunker": "Bnk", "scrap-foundry": "SF", "siege-battery": "SB", "wall": "W"}
UNIT_NAMES = {"infantry": "Infantry", "sharpshooter": "Sharpshooter", "shade": "Shade", "hexer": "Hexer",
              "berserker": "Berserker", "squire": "Shield Squire", "engineer": "Field Engineer",
              "skirmisher": "Skirmisher", "crab-tank": "Crab Tank", "mortar-walker": "Mortar Walker",
              "bomb-beetle": "Bomb Beetle", "phoenix-rig": "Phoenix Rig", "bulwark": "Bulwark Crawler",
              "strider": "Strider Gunship", "turret": "Gun Turret", "bunker": "Bunker", "scrap-foundry": "Scrap Foundry",
              "siege-battery": "Siege Battery", "wall": "Wall"}
TYPE_SHAPE = {"soldier": "cw-soldier", "vehicle": "cw-vehicle", "building": "cw-building"}
MAX_LINKED = 48                   # web/clockwork.css links unit k0..k47 with its markers


def abbrev(u: UnitView) -> str:
    """The short label of a unit (known card keys, else the initials of its name): drawn only on a unit whose card
    has no symbol (:data:`.art.UNIT_SYMBOLS`)."""
    key = u.get("card")
    if key in ABBREV:
        return ABBREV[key]
    words = str(u.get("name") or "?").split()
    return "".join(w[0] for w in words[:3]).upper() if len(words) > 1 else words[0][:3]


def unit_title(u: UnitView, names: list[str], own: bool) -> str:
    """The tooltip of a unit: name, type, owner (and controller), hex, stats, abilities, what it did this turn.

    >>> unit_title({"name": "Shade", "type": "soldier", "owner": 0, "controller": 1, "hex": "e4", "attack": 2,
    ...             "defense": 1, "movement": 3, "range": [1, 1], "abilities": ["stealth"], "moved": True}, ["A", "B"], False)
    'Shade (soldier, A, controlled by B this turn) at e4 · attack 2 · defense 1 · movement 3 · range 1 · stealth · moved'
    """
    owner, ctrl = u.get("owner"), u.get("controller", u.get("owner"))
    who = name_of(names, owner) + ("" if ctrl == owner else f", controlled by {name_of(names, ctrl)} this turn")
    span = u.get("range")
    r: list[int | str] = list(span) if span else ["?"]
    rng = f"{r[0]}" if r[0] == r[-1] else f"{r[0]}-{r[-1]}"
    state = [w for w, on in (("moved", u.get("moved")), ("attacked", u.get("attacked")), ("done", u.get("done"))) if on]
    ab = ", ".join(str(a).replace("-", " ") for a in u.get("abilities") or [])
    return (f"{u.get('name', '?')} ({u.get('type', '?')}, {who}) at {u.get('hex', '?')} · attack {u.get('attack')}"
            f" · defense {u.get('defense')} · movement {u.get('movement')} · range {rng}"
            f"{' (effective)' if own else ''}{' · ' + ab if ab else ''}{' · ' + ', '.join(state) if state else ''}")


def gates_svg(view: ClockworkView, names: list[str]) -> str:
    """Every Gate Token: the token with a broad arrow inside its own hex pointing at the side where its
    portals come in, and that hex ringed in the owner's colour (arrows never reach into another hex); the token
    takes the focus and is named."""
    return "".join(_gate_svg(gate, name_of(names, gate.get("owner"))) for gate in view.get("gates") or [])


@memo
def _gate_svg(gate: dict, owner: str) -> str:
    """One Gate Token (remembered by its own view data and its owner's name: most updates move no token)."""
    h, ah = gate.get("hex"), gate.get("arrow")
    try:
        x, y = pos(h)
    except (ValueError, TypeError):
        return ""
    pc = seat_cls(gate.get("owner"))
    arrow = spot = ""
    try:
        ax, ay = pos(ah)
        arrow = f'<polygon class="gate-arrow" points="{arrow_points(x, y, ax, ay, 0, SIZE * 0.84, 8, 7, 2.6)}"/>'
        spot = f'<use href="#cw-hl" class="ring arrow-spot {pc}" x="{ax}" y="{ay}"/>'
    except (ValueError, TypeError):
        pass
    gt = f"Gate Token of {owner} on {h}, arrow to {ah} (defense 9)"
    # a part each (about 500 characters): an update that leaves a token alone sends its name only
    return spot + part(f"cw-gate-{h}", f'<g class="gate {pc}" tabindex="0" role="img" aria-label="{esc(gt)}" '
                       f'data-key="cw-gate-{esc(h)}"><title>{esc(gt)}</title><use href="#cw-gate" class="gate-body" '
                       f'x="{x}" y="{y}"/>{arrow}</g>')


def portals_svg(view: ClockworkView, names: list[str]) -> str:
    """The face-down portals (the unit only in the owner's own view), each taking the focus and named."""
    out = []
    for p in view.get("portals") or []:
        try:
            x, y = pos(p.get("hex"))
        except (ValueError, TypeError):
            continue
        unit = p.get("unit")
        src = {"gate": "", "regenerate": " (Regenerate)", "wall": " (Portal Wall)"}.get(p.get("source"), "")
        title = (f"Face-down portal of {name_of(names, p.get('owner'))} on {p.get('hex')}{src}"
                 + (f": {UNIT_NAMES.get(unit, str(unit).replace('-', ' '))} (only you see this)" if unit else ""))
        # its symbol: the unit's (only its owner sees it), else a rift; a card without a symbol, its initials
        sym = symbol_use(unit if unit else "portal", x, y, 11, "psym") or \
            f'<text class="plabel" x="{x}" y="{y + 3:.1f}">{esc(ABBREV.get(str(unit), str(unit)[:3]))}</text>'
        out.append(part(f"cw-portal-{p.get('hex')}", f'<g class="portal {seat_cls(p.get("owner"))}{" known" if unit else ""}" '
                   f'tabindex="0" role="img" aria-label="{esc(title)}" data-key="cw-portal-{esc(p.get("hex"))}">'
                   f'<title>{esc(title)}</title><use href="#cw-portal" class="pbody" x="{x}" y="{y}"/>{sym}</g>'))
    return "".join(out)


def units_svg(view: ClockworkView, hexes: dict, link: dict[str, int], seat: int | None, names: list[str]) -> str:
    """Every unit on the table, focusable with its details as its name (a tap or Tab shows them in the
    details panel); one with markers is linked (``k<i>``) to its marker group."""
    active = view.get("active")
    out = []
    for i, u in enumerate(view.get("units") or []):
        if u.get("hex") not in hexes:
            continue
        own = isinstance(seat, int) and u.get("owner") == seat
        out.append(_unit_svg(u, i, link.get(u["hex"]), own, active, names))
    return "".join(out)


@memo                  # (a unit that did not move or change is not drawn again: its own view data and flags only)
def _unit_svg(u: UnitView, i: int, k: int | None, own: bool, active: object, names: list[str]) -> str:
    """One unit as a part: ``k`` its marker group's number (None: no markers), ``own``: the viewer's unit."""
    h = u["hex"]
    x, y = pos(h)
    ctrl = u.get("controller", u.get("owner"))
    ucls = ["unit", seat_cls(ctrl), str(u.get("type", "")), f"i{i}"]
    if ctrl != u.get("owner"):
        ucls.append("corrupted")
    if ctrl == active and (u.get("moved") or u.get("attacked") or u.get("done")):
        ucls.append("spent")
    if k is not None:
        ucls += ["act", f"k{k}"]
    shape = TYPE_SHAPE.get(u.get("type"), "cw-soldier")
    owner_ring = (f'<circle class="owner-ring {seat_cls(u.get("owner"))}" cy="-3.5" r="{SIZE * 0.7:.1f}"/>'
                  if ctrl != u.get("owner") else "")
    # the body's shape says the type (soldier, vehicle, building), a pattern over it the seat (:mod:`.art`), the
    # symbol on it the card (its name in words in the unit's name), attack/defense under it
    name = str(u.get("name") or UNIT_NAMES.get(u.get("card"), "?"))
    short = f'{name} {number(u.get("attack"))}/{number(u.get("defense"))}'
    pat = (f'<use href="#{shape}" class="pat" fill="url(#cw-pat-{ctrl})" transform="translate(0,-3.5) scale(.9)"/>'
           if isinstance(ctrl, int) and 0 < ctrl < 6 else "")
    sym = (symbol_use(u.get("card"), 0, -3.5, 13, "utype") if u.get("card") in UNIT_SYMBOLS else
           f'<text class="uname" y="-0.2" aria-hidden="true">{esc(abbrev(u))}</text>')
    title = unit_title(u, names, own)
    label = short + title[len(name):] if title.startswith(name + " ") else f"{short}: {title}"
    return part(f"cw-u{i}", f'<g class="{" ".join(ucls)}" transform="translate({x},{y})" tabindex="0" role="button" '
                f'data-key="cw-unit-{esc(u.get("id"))}" '
                f'aria-label="{esc(label)}"><title>{esc(label)}</title>{owner_ring}'
                f'<use href="#{shape}" class="body" transform="translate(0,-3.5) scale(.9)"/>{pat}{sym} '
                f'<text class="ustat" y="15.2" aria-hidden="true">{esc(number(u.get("attack")))}/'
                f'{esc(number(u.get("defense")))}</text></g>')


def unit_details(view: ClockworkView, seat: int | None, names: list[str]) -> str:
    """The details of the unit tapped or focused on the board (web/clockwork.css shows the one of ``.unit.i<n>``),
    so nothing is only in a hover tooltip."""
    items = []
    for i, u in enumerate(view.get("units") or []):
        own = isinstance(seat, int) and u.get("owner") == seat
        # (each a part: a bot's step changes one or two units' lines, and the others are sent as their names)
        items.append(part(f"cw-ud{i}", f'<p class="ud i{i}">{esc(unit_title(u, names, own))}</p>'))
    if not items:
        return ""
    return (f'<div class="cw-details" aria-hidden="true"><p class="ud-hint">Tap or focus a unit on the board for its '
            f'details.</p>{"".join(items)}</div>')

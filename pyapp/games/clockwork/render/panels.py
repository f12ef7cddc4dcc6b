"""The panels beside the board: the turn and its steps, the players, who is winning, your cards, your units,
the territories, the outcome and the key to the board."""
from __future__ import annotations

from ....engine.log import html as event_html
from ....ui.markup import action_button, esc, fold, number, part
from .art import UNIT_SYMBOLS, symbol_use
from .pieces import TYPE_SHAPE, UNIT_NAMES
from .shared import name_of, seat_cls

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from ..types import ClockworkView

STEPS = (("control", "Control"), ("portal", "Portal"), ("resources", "Resources"), ("main", "Main"), ("draw", "Draw"))
LEGEND = ('<p class="cw-legend">● soldier · ⬢ vehicle · ■ building, in the colour of the player who commands it, '
          'with the symbol of its card (below) and its attack/defense under it; the first player\'s units plain, '
          'the second\'s striped, the third\'s dotted, then banded, checked, striped the other way · ◆ face-down '
          'portal (a ring: its unit is hidden; its owner sees the unit\'s symbol) · ✷ Gate Token: its arrow points at the hex where its portals come in (ringed in its colour) · '
          'markers: • move, ⚔ attack, ✹ Artillery Shell, ▦ Portal Wall, ⌂ place (a hex with several: a dot per '
          'choice, diamonds attack; choose the hex for the list of them) · faded unit: it moved or attacked this '
          'turn · dashed ring round a unit: corrupted (owner colour) · last moves, in each player\'s colour until that player moves again: solid arrow move, '
          'dashed arrow attack, cross destroyed, dashed ring something came in or happened there</p>')
# the card types by their symbols (the symbols are defined in the board's svg)
_KINDS = {"soldier": ("infantry", "sharpshooter", "shade", "hexer", "berserker", "squire", "engineer", "skirmisher"),
          "vehicle": ("crab-tank", "mortar-walker", "bomb-beetle", "phoenix-rig", "bulwark", "strider"),
          "building": ("turret", "bunker", "scrap-foundry", "siege-battery", "wall")}
SYMBOL_KEY = ('<ul class="cw-syms" aria-label="The units\' symbols">' + "".join(
    f'<li><svg viewBox="-12 -12 24 24" aria-hidden="true"><use href="#{TYPE_SHAPE[kind]}" class="body"/>'
    f'{symbol_use(k, 0, 0, 14)}</svg>{UNIT_NAMES[k]}</li>' for kind, keys in _KINDS.items() for k in keys
    if k in UNIT_SYMBOLS) + '<li><svg viewBox="-12 -12 24 24" aria-hidden="true"><use href="#cw-portal" '
    f'class="pbody"/>{symbol_use("portal", 0, 0, 12)}</svg>Face-down portal</li></ul>')
KEY_BODY = LEGEND + SYMBOL_KEY


def key_html() -> str:
    """The key to the board: closed until opened (on the table, sent as its summary only: markup.fold)."""
    return part("cw-key", fold("cw-key", "cw-key", "Key to the board", KEY_BODY))


def steps_html(view: ClockworkView, names: list[str]) -> str:
    phase = view.get("phase")
    active = view.get("active")
    n = number(view.get("players"), len(names))
    if phase in ("grids", "gates"):
        board = view.get("board") or {}
        if phase == "grids":
            what = (f"Setup: place Territory Grids ({len(board.get('grids') or [])} of "
                    f"{esc(board.get('grids_total', '?'))} placed)")
        else:
            what = "Setup: choose a starting territory and place a Gate Token (pick the hex and its arrow)"
        rolls = [e for e in view.get("log") or [] if isinstance(e, dict) and e.get("kind") == "roll-off"]
        shown = "".join(f"<li>{event_html(e, names)}</li>" for e in rolls[-4:])
        return (f'<div class="cw-turn"><strong class="{seat_cls(active)}">{esc(name_of(names, active))}</strong> · {what}'
                + (f'<ul class="cw-setup-rolls" aria-label="setup rolls">{shown}</ul>' if shown else "") + "</div>")
    if phase == "over":
        return '<div class="cw-turn">The game is over.</div>'
    cur = phase if phase in ("control", "portal", "main", "draw") else ""
    items = "".join(f'<li class="{"now" if k == cur else ""}{" auto" if k == "resources" else ""}">{t}</li>'
                    for k, t in STEPS)
    first = view.get("start")
    start = first if isinstance(first, int) else 0
    order = " → ".join(f'<span class="{seat_cls((start + i) % n)}">{esc(name_of(names, (start + i) % n))}</span>'
                       for i in range(n)) if n else ""
    limit = view.get("turn_limit", "?")          # None: the round limit is switched off
    return (f'<div class="cw-turn">Turn {esc(view.get("turn", "?"))}{"" if limit is None else f" of {esc(limit)}"} · '
            f'<strong class="{seat_cls(active)}">{esc(name_of(names, active))}</strong> to play'
            f'<ol class="cw-steps" aria-label="turn steps">{items}</ol>'
            f'<div class="cw-order">Turn order: {order}</div></div>')


def players_html(view: ClockworkView, seat: int | None, names: list[str]) -> str:
    active = view.get("active")
    over = bool(view.get("outcome")) or view.get("phase") == "over"
    colour = view.get("names") or []          # the rules' seat names (colours)
    rows = []
    for info in view.get("player_info") or []:
        p = info.get("seat")
        badges = []
        if p == active and not over:
            badges.append('<span class="badge turn">to play</span>')
        if p == seat:
            badges.append('<span class="badge you">you</span>')
        if info.get("out"):
            badges.append('<span class="badge out">out</span>')
        levels = info.get("levels")
        lv = ""
        if isinstance(levels, dict) and levels:
            lv = ('<div class="levels">Levels: ' + ", ".join(
                f'{esc(k.replace("-", " "))} <b>{esc(v)}.0</b>' for k, v in levels.items()) + "</div>")
        rows.append(
            f'<div class="cw-player {seat_cls(p)}{" active" if p == active and not over else ""}'
            f'{" out" if info.get("out") else ""}">'
            f'<div class="pname"><span class="swatch {seat_cls(p)}"></span>{esc(name_of(names, p))}'
            + (f' <small class="colour">({esc(colour[p])})</small>' if isinstance(p, int) and p < len(colour)
               and colour[p] != name_of(names, p) else "")
            + f' {"".join(badges)}</div>'
            f'<dl><dt>Resources</dt><dd class="res">{esc(info.get("resources"))}</dd>'
            f'<dt>Income</dt><dd>+{esc(info.get("income"))}</dd>'
            f'<dt>Cards</dt><dd class="hand-count">{esc(info.get("hand_count"))}</dd>'
            f'<dt>Territories</dt><dd>{esc(info.get("territories"))}</dd>'
            f'<dt>Gate Tokens</dt><dd>{esc(info.get("gates"))}</dd></dl>{lv}</div>')
    extra = (f'<div class="cw-stack">Card stack: {esc(view.get("stack", "?"))} · research costs '
             f'{esc(view.get("research_cost", "?"))}{" (done this turn)" if view.get("researched") else ""}</div>')
    return f'<section class="cw-players" aria-label="Players">{"".join(rows)}{extra}</section>'


def progress_html(view: ClockworkView, names: list[str]) -> str:
    """Who is winning: per player its Gate Tokens (the last player holding any wins) and its territories of
    all on the board (most territories wins at the round limit), in seat colours with names."""
    infos = [i for i in view.get("player_info") or [] if isinstance(i.get("seat"), int)]
    terrs = (view.get("board") or {}).get("territories") or []
    if not infos or not terrs:
        return ""
    total = len(terrs)
    keys = [(number(i.get("gates")) > 0, number(i.get("territories")), number(i.get("gates"))) for i in infos]
    best = max(keys)
    alone = keys.count(best) == 1                  # a tie leads nobody
    rows = []
    for i in infos:
        p = i.get("seat")
        t, g = number(i.get("territories")), number(i.get("gates"))
        lead = alone and (g > 0, t, g) == best and t > 0
        pct = round(100 * t / total) if total else 0
        state = " out" if i.get("out") else (" lead" if lead else "")
        rows.append(f'<li class="{seat_cls(p)}{state}"><span class="who"><span class="swatch {seat_cls(p)}">'
                    f'</span>{esc(name_of(names, p))}{" <b>(leads)</b>" if lead else ""}'
                    f'{" <b>(out)</b>" if i.get("out") else ""}</span>'
                    f'<span class="bar" aria-hidden="true"><span style="width:{pct}%"></span></span>'
                    f'<span class="fig">{t}/{total} territories · {g} Gate Token{"s" * (g != 1)}</span></li>')
    limit = view.get("turn_limit")
    foot = ("The last player holding Gate Tokens wins"
            + (f"; at the round limit (turn {esc(limit)}) the most territories wins." if isinstance(limit, int)
               else "."))
    return (f'<section class="cw-progress" aria-label="Who is winning"><h3>Crusade</h3><ul>{"".join(rows)}</ul>'
            f'<p class="foot">{foot}</p></section>')


def hand_html(view: ClockworkView, acts: dict[str, Action], used: set[str], seat: int | None) -> str:
    info = next((p for p in view.get("player_info") or [] if p.get("seat") == seat), None)
    hand = info.get("hand") if info else None
    if not info or not isinstance(hand, list):
        return ""
    levels = info.get("levels") or {}
    plays: dict = {}
    for aid, a in acts.items():
        if aid.startswith("play:"):
            cid = aid[5:].partition(">")[0]
            plays.setdefault(cid, []).append((aid, a))
    # unit cards: one entry per type with its copies and level; specials one by one
    units: dict = {}
    cards = []
    for c in hand:
        if c.get("kind") == "unit":
            units.setdefault(c.get("key"), []).append(c)
    for key, lst in units.items():
        c = lst[0]
        lv = levels.get(key)
        cards.append(f'<div class="cw-card unit"><span class="cname">{esc(c.get("name"))}</span>'
                     f'<span class="copies">×{len(lst)}</span>'
                     + (f'<span class="lvl">level {esc(lv)}.0</span>' if lv else "")
                     + f'<span class="ctext">{esc(c.get("text", ""))}</span></div>')
    for c in hand:
        if c.get("kind") == "unit":
            continue
        btns = []
        for aid, a in plays.get(c.get("id"), []):
            btns.append(action_button(aid, esc(a.label or aid), cls="small play"))
            used.add(aid)
        cards.append(f'<div class="cw-card special{" playable" if btns else ""}"><span class="cname">'
                     f'{esc(c.get("name"))}</span><span class="ctext">{esc(c.get("text", ""))}</span>'
                     + (f'<div class="btns">{"".join(btns)}</div>' if btns else "") + "</div>")
    drawn = view.get("drawn")
    dr = (f'<div class="cw-drawn">The card you drew last: <b>{esc(drawn.get("name"))}</b> — {esc(drawn.get("text", ""))}</div>'
          if isinstance(drawn, dict) else "")
    return (f'<section class="cw-hand"><h3>Your cards ({len(hand)})</h3>{dr}'
            f'<div class="cards">{"".join(cards) or "<p class=empty>No cards.</p>"}</div></section>')


def units_table(view: ClockworkView, seat: int | None, names: list[str]) -> str:
    """The viewer's units with their effective stats: a fold, closed until opened (drawn only when open)."""
    mine = [u for u in view.get("units") or [] if u.get("controller", u.get("owner")) == seat or u.get("owner") == seat]
    if not mine:
        return ""
    return fold("cw-units", "cw-units", "Your units (effective stats)", lambda: _units_rows(mine))


def _units_rows(mine: list) -> str:
    rows = []
    for u in mine:
        rng: list[int] | list[str] = u.get("range") or ["?", "?"]
        st = ", ".join(w for w, on in (("moved", u.get("moved")), ("attacked", u.get("attacked")),
                                       ("done", u.get("done"))) if on) or "ready"
        rows.append(f'<tr><td>{esc(u.get("name"))}</td><td>{esc(u.get("hex"))}</td><td>{esc(u.get("attack"))}</td>'
                    f'<td>{esc(u.get("defense"))}</td><td>{esc(u.get("movement"))}</td>'
                    f'<td>{esc(rng[0])}-{esc(rng[-1])}</td><td>{esc(st)}</td></tr>')
    return ('<table><thead><tr><th>Unit</th>'
            '<th>Hex</th><th>Atk</th><th>Def</th><th>Mov</th><th>Range</th><th>This turn</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def territories_html(view: ClockworkView, names: list[str]) -> str:
    """Who controls each territory: a fold, closed until opened (drawn only when open)."""
    terrs = (view.get("board") or {}).get("territories") or []
    if not terrs:
        return ""

    def body() -> str:
        items = []
        for t in terrs:
            c = t.get("controller")
            items.append(f'<li><span class="swatch {seat_cls(c) if isinstance(c, int) else "none"}"></span>'
                         f'{esc(t.get("name"))}: {esc(name_of(names, c)) if isinstance(c, int) else "nobody"}</li>')
        return f'<ul>{"".join(items)}</ul>'
    return fold("cw-terr", "cw-terr", "Territories", body)


def outcome_html(view: ClockworkView, names: list[str]) -> str:
    out = view.get("outcome")
    if not isinstance(out, dict):
        return ""
    winners = ", ".join(esc(name_of(names, w)) for w in out.get("winners") or []) or "nobody"
    ranking = "".join(f"<li>{', '.join(esc(name_of(names, p)) for p in group)}</li>" for group in out.get("ranking") or [])
    return (f'<section class="cw-outcome"><h3>{"Shared win" if len(out.get("winners") or []) > 1 else "Winner"}: '
            f'{winners}</h3><p>{esc(out.get("reason", ""))}</p><ol class="ranking">{ranking}</ol></section>')

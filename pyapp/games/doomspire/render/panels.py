"""The panels beside the board: the round and phase, the final ranking, each lord (resources, dice, knights,
boats, buildings), the dragon and its hoard, the decks and the trader, and the tiles in words."""
from __future__ import annotations

from ....ui.markup import esc, fold, number
from .shared import (RES, TILES, ZONE_NAMES, build_name, content_data, dragon_might, follower_name, item_name, item_text,
                     res_text)
from .symbols import panel_icon

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ..types import DoomspireView, PlayerView
    from .shared import Ctx

PHASE_TEXT = {"roll": "Roll phase: choose how many action dice to roll (2 food tax per die after the second)",
              "move": "Move phase: lords move one at a time, clockwise from the first-player token",
              "harvest": "Harvest phase: harvest with the remaining dice, use buildings, build once",
              "ranking": "Final ranking", "over": "Game over"}


def status_html(view: DoomspireView, cx: Ctx, phase: str, over: bool) -> str:
    """The round and phase, the first-player token, whose move turn it is, who is to act."""
    rnd = view.get("round")
    first = view.get("first")
    active = view.get("active")
    status = [f'<div class="ds-round">Round <strong>{esc(rnd)}</strong> · '
              f'{esc(PHASE_TEXT.get(phase, phase))}</div>']
    bits = []
    if isinstance(first, int):
        bits.append(f"First-player token: {cx.chip(first)}")
    if phase == "move" and isinstance(active, int):
        bits.append(f"Move turn: {cx.chip(active)}")
    to_act = [s for s in view.get("to_act") or [] if isinstance(s, int)]
    if to_act and not over:
        bits.append("To act: " + ", ".join(cx.chip(s) for s in to_act))
    if number(rnd) == 1 and not over:
        bits.append("Round 1: no knight fights, trades or conquests between players yet")
    if bits:
        status.append(f'<div class="ds-turn">{" · ".join(bits)}</div>')
    return f'<section class="ds-status">{"".join(status)}</section>'


def outcome_html(view: DoomspireView, cx: Ctx) -> str:
    """The final ranking with the lords' titles, once the game is over."""
    oc = view.get("outcome")
    outcome = oc if isinstance(oc, dict) else None
    if not outcome:
        return ""
    titles = view.get("titles") or []
    rows = []
    for i, grp in enumerate(outcome.get("ranking") or []):
        title = titles[i] if i < len(titles) else ""
        who = ", ".join(cx.chip(s) for s in grp) if isinstance(grp, (list, tuple)) else cx.chip(grp)
        rows.append(f"<li>{who}{' — ' + esc(title) if title else ''}</li>")
    return (f'<section class="ds-outcome"><h3>Final ranking</h3><ol>{"".join(rows)}</ol>'
            f'<p>{cx.rich(outcome.get("reason", ""))}</p></section>')


SPENT = '<span class="sr-only"> (spent)</span>'


def _face(d: object) -> str:
    """A die's face drawn with its pips (our symbol; the number follows for screen readers), or its number."""
    n = number(d)
    return panel_icon(f"ds-die-{n}") if 1 <= n <= 6 else f"<b>{esc(d)}</b>"


def dice_html(p: PlayerView, view: DoomspireView, seat: int | None) -> str:
    dice = p.get("dice") or []
    usedl = p.get("used") or []
    if dice:
        spent = [i < len(usedl) and bool(usedl[i]) for i in range(len(dice))]
        out = "".join(f'<span class="die{" spent" if spent[i] else ""}" title="{"spent" if spent[i] else "unspent"}">'
                      f'{_face(d)}<span class="sr-only">{esc(d)}</span>{SPENT if spent[i] else ""}</span>'
                      for i, d in enumerate(dice))
        return f'<span class="dice">{out}</span>'
    if view.get("phase") == "roll":
        if not p.get("rolled"):
            return '<span class="dice muted">choosing dice…</span>'
        rc = p.get("roll_choice")
        if p.get("seat") == seat and rc is not None:
            return f'<span class="dice">chose {esc(rc)} {"die" if rc == 1 else "dice"}</span>'
        return '<span class="dice muted">has chosen (secret)</span>'
    return '<span class="dice muted">no dice</span>'


def player_html(p: PlayerView, view: DoomspireView, seat: int | None, cx: Ctx, over: bool) -> str:
    s = p.get("seat")
    res = p.get("res") or {}
    badges = []
    if seat == s:
        badges.append('<span class="badge you">you</span>')
    if view.get("first") == s:
        badges.append('<span class="badge first" title="holds the first-player token">first</span>')
    if view.get("active") == s and view.get("phase") == "move" and not over:
        badges.append('<span class="badge turn">moving</span>')
    if s in (view.get("to_act") or []) and not over:
        badges.append('<span class="badge act">to act</span>')
    if p.get("out"):
        badges.append('<span class="badge out">out</span>')
    imp = number(p.get("impressions"))
    if imp:
        badges.append(f'<span class="badge imp" title="times this lord impressed the dragon">impressed ×{imp}</span>')
    kn = []
    for k in p.get("knights") or []:
        if not isinstance(k, dict):
            continue
        extra = []
        its = [item_name(key) for _i, key in k.get("items") or []]
        if its:
            extra.append("items: " + ", ".join(its))
        fos = [follower_name(f) for f in k.get("followers") or []]
        if fos:
            extra.append("followers: " + ", ".join(fos))
        done = " (done)" if k.get("done") else ""
        kn.append(f"<li>Knight {esc(str(k.get('id', ''))[1:])} on {esc(k.get('at', '?'))}{done}"
                  + (f" <small>{esc('; '.join(extra))}</small>" if extra else "") + "</li>")
    boats = [f"<li>{'Warship' if p.get('warship') else 'Boat'} {esc(str(b.get('id', ''))[1:])}: "
             f"{esc(ZONE_NAMES.get(b.get('z') or '', b.get('z')))} sea</li>" for b in p.get("boats") or []
             if isinstance(b, dict)]
    blds = ", ".join(build_name(b) for b in p.get("buildings") or [])
    if p.get("warship"):
        blds = (blds + ", " if blds else "") + "warship upgrade"
    res_html = "".join(f'<dt class="r-{r}">{panel_icon("ds-r-" + r)}{r}</dt><dd class="r-{r}">{esc(number(res.get(r)))}</dd>'
                       for r in RES)
    return (f'<article class="ds-player p{esc(s)}{" me" if seat == s else ""}{" out" if p.get("out") else ""}">'
            f'<div class="pname"><span class="swatch p{esc(s)}"></span>{cx.name(s)} {"".join(badges)}</div>'
            f'<dl class="pstats"><dt>Fame</dt><dd class="fame">{esc(number(p.get("fame")))}</dd>'
            f'<dt>Might</dt><dd class="might">{esc(number(p.get("might")))}</dd>{res_html}'
            f'<dt>Tiles</dt><dd>{esc(number(p.get("tiles")))} ({esc(number(p.get("starred")))}★)</dd>'
            f'<dt>Flags left</dt><dd class="flags">{esc(number(p.get("flags")))}</dd></dl>'
            f'<div class="pdice">Dice: {dice_html(p, view, seat)}</div>'
            f'<ul class="pknights">{"".join(kn)}{"".join(boats)}</ul>'
            + (f'<div class="pbld">Buildings: {esc(blds)}</div>' if blds else "")
            + "</article>")


def dragon_html(view: DoomspireView, cx: Ctx) -> str:
    hoard = view.get("hoard")
    imps = view.get("impressions") or []
    if hoard is None:
        body = "<p>The dragon's hoard is hidden in Doomspire until a knight reaches it.</p>"
    elif not hoard:
        body = "<p>The hoard is empty.</p>"
    else:
        body = "<ol class=\"hoard\">" + "".join(f"<li>Stack {i + 1}: {esc(res_text(h))}</li>"
                                                for i, h in enumerate(hoard)) + "</ol>"
    who = ", ".join(cx.chip(s) for s in imps) if imps else "nobody yet"
    return (f'<section class="ds-dragon"><h3>The dragon</h3>{body}'
            f'<p>Impressed by: {who}. Might {dragon_might()}.</p></section>')


def decks_html(view: DoomspireView) -> str:
    decks = view.get("decks") or {}
    rows = "".join(f"<li>Tier {esc(t)}: {esc(number((d or {}).get('count')))} cards"
                   + (f", next: {esc(d.get('next_theme'))}" if (d or {}).get("next_theme") else "") + "</li>"
                   for t, d in sorted(decks.items()))
    trader = view.get("trader") or {}
    items = (content_data().get("items") or {})
    stock = "".join(f'<li title="{esc(item_text(k))}">{esc(item_name(k))}: {esc(n)} left'
                    + (f", {esc(items[k]['price'])} gold" if k in items and "price" in items[k] else "") + "</li>"
                    for k, n in sorted(trader.items()))
    return fold("ds-decks", "ds-decks", "Adventure decks and the trader",   # (closed: sent as its summary only)
                f'<ul>{rows}</ul><h4>Trader stock</h4><ul>{stock or "<li>sold out</li>"}</ul>')


def board_list_html(view: DoomspireView, cx: Ctx) -> str:
    """What the tiles' pictures say, in words (no hover needed, for touch screens and screen readers):
    every tile with a monster, items, an owner, a protection or a blockade."""
    tiles = view.get("tiles") or {}
    rows = []
    for t in TILES:
        v = tiles.get(t)
        if not isinstance(v, dict) or not v.get("explored"):
            continue
        bits = []
        owner = v.get("owner")
        if isinstance(owner, int) and not isinstance(owner, bool):
            bits.append(f"claimed by {cx.chip(owner)}" if owner >= 0 else "neutral")
        if v.get("protected"):
            bits.append("protected")
        blk = v.get("blockaded_by")
        if isinstance(blk, int) and not isinstance(blk, bool):
            bits.append(f"blockaded by {cx.chip(blk)}")
        mon = v.get("monster")
        if isinstance(mon, dict):
            bits.append(f"monster: {esc(mon.get('name', '?'))} (might {esc(mon.get('might', '?'))}, "
                        f"{esc(mon.get('fame', '?'))} fame, {esc(mon.get('theme', ''))})")
        items = v.get("items") or []
        if items:
            bits.append("items: " + esc(", ".join(item_name(k) for _i, k in items)))
        if not bits:
            continue
        what = esc(v.get("name", ""))
        yld = v.get("yield")
        if isinstance(yld, dict) and yld:
            what += f" ({esc(res_text(yld))}{', starred' if v.get('starred') else ''})"
        rows.append(f"<li><b>{t}</b> {what}: {', '.join(bits)}</li>")
    if not rows:
        return ""
    return fold("ds-tiles", "ds-tiles", "Tiles in words: claims, monsters, items",   # (closed: its summary only)
                f'<ul>{"".join(rows)}</ul>')

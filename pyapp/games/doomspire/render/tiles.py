"""The island's tiles: each tile's picture (name, yield, owner, monster, items, protection) with its
description as a title, the highlight of the tile being fought on, and the knights on top."""
from __future__ import annotations

from ....ui.markup import esc, memo, number, part
from .pieces import knight_details, knights_svg
from .shared import TILES, item_name, res_text, tile_xy
from .symbols import icon

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ..types import DoomspireView, TileView
    from .shared import Ctx


@memo                              # (a tile that did not change is not drawn again)
def _tile_svg(t: str, v: TileView, x: float, y: float, plain: list[str]) -> str:
    """One tile (a part): background, name, yield/tier, owner, monster, items, protection (the knights are drawn
    later: ``v`` without them); ``plain`` are the seats' names (:class:`~.shared.Ctx`)."""
    if not isinstance(v, dict):
        return ""
    region = esc(v.get("region", ""))
    if not v.get("explored"):
        return part(f"ds-t-{t}", f'<g class="tile hidden r-{region}" transform="translate({x:.0f},{y:.0f})">'
                    f'<title>{t}: unexplored {region} (face down)</title><use href="#ds-tile" class="bg"/>'
                    f'<text class="qm" y="8">?</text><text class="tid" x="-28" y="-19">{t}</text></g>')
    typ = esc(v.get("type", ""))
    name = esc(v.get("name", ""))
    owner = v.get("owner")
    parts = [f'<g class="tile t-{typ} r-{region}{" starred" if v.get("starred") else ""}'
             f'{" doomspire" if v.get("doomspire") else ""}" transform="translate({x:.0f},{y:.0f})">']
    title = [f"{t}: {v.get('name', '')} ({v.get('region', '')})"]
    parts.append('<use href="#ds-tile" class="bg"/>')
    if isinstance(owner, int) and not isinstance(owner, bool):
        oc = f"p{owner}" if owner >= 0 else "neutral"
        parts.append(f'<use href="#ds-own" class="own {oc}"/><use href="#ds-flag" class="flag {oc}" x="20" y="-16"/>')
        title.append(f"claimed by {plain[owner] if 0 <= owner < len(plain) else 'a neutral lord'}")
    home = v.get("home_of")
    if home is not None:
        title.append(f"home castle of {plain[home] if number(home, -1) in range(len(plain)) else '?'}")
    parts.append(f'<text class="tid" x="-28" y="-19">{t}</text>')
    fit = ' textLength="58" lengthAdjust="spacingAndGlyphs"' if len(str(v.get("name", ""))) > 11 else ""
    parts.append(f'<text class="tn" y="-5.5"{fit}>{name}</text>')      # (below the top row of markers)
    yld = v.get("yield")
    if isinstance(yld, dict) and yld:
        parts.append(_yield_svg(yld, bool(v.get("starred"))))
        title.append(f"yield {res_text(yld)}" + (", starred" if v.get("starred") else ""))
    tier = v.get("tier")
    tokens = number(v.get("tokens"))
    if tier and v.get("type") in ("adventure", "oasis", "den"):
        dots = "●" * tokens
        parts.append(f'<text class="tier" y="28">T{esc(tier)} {dots}</text>')
        title.append(f"tier {tier}, {tokens} adventure token(s)")
    elif tokens:
        parts.append(f'<text class="tier" y="28">{"●" * tokens}</text>')
        title.append(f"{tokens} adventure token(s)")
    mon = v.get("monster")
    if isinstance(mon, dict):
        fit = ' textLength="47" lengthAdjust="spacingAndGlyphs"' if len(str(mon.get("name", ""))) > 5 else ""
        parts.append(f'<rect class="mon-bg" x="-30" y="-4" width="60" height="13" rx="3"/>'
                     f'{icon("ds-monster", -24, 2.5, 9)}'
                     f'<text class="mon" x="5" y="6"{fit}>{esc(mon.get("name", "?"))} {esc(mon.get("might", "?"))}</text>')
        title.append(f"monster: {mon.get('name', '?')} (might {mon.get('might', '?')}, fame {mon.get('fame', '?')},"
                     f" {mon.get('theme', '')})")
    items = v.get("items") or []
    if items:
        names = ", ".join(item_name(k) for _i, k in items if True)
        parts.append(f'{icon("ds-item", -24, 15, 9)}<text class="items" x="-19" y="19">{len(items)}</text>')
        title.append(f"items left here: {names}")
    if v.get("protected"):
        parts.append('<use href="#ds-shield" class="prot" x="24" y="21"/>')
        title.append("protected")
    blk = v.get("blockaded_by")
    if isinstance(blk, int) and not isinstance(blk, bool):
        parts.append(f'<text class="blk p{blk}" x="24" y="28">✕</text>')
        title.append(f"blockaded by {plain[blk] if 0 <= blk < len(plain) else '?'}")
    parts.append(f"<title>{esc(' · '.join(title))}</title></g>")
    return part(f"ds-t-{t}", "".join(parts))


def _yield_svg(yld: dict, starred: bool) -> str:
    """A tile's yield along its bottom edge: a star if starred, then per resource its number and our symbol of it
    (named in words: ``aria-label``)."""
    bits = [(number(n), r) for r, n in yld.items() if n]
    words = ", ".join(f"{n} {r}" for n, r in bits) + (", starred" if starred else "")
    step, star = 21.0, 9.0 if starred else 0.0
    x = -(len(bits) * step - 3 + star) / 2
    out = [f'<g class="yield" role="img" aria-label="yields {esc(words)}">']
    if starred:
        out.append(f'<text class="ystar" x="{x + 4:g}" y="28">★</text>')
        x += star
    for n, r in bits:
        out.append(f'<text x="{x + 3:g}" y="28">{esc(n)}</text>{icon("ds-r-" + esc(r), x + 12.5, 24, 12)}')
        x += step
    return "".join(out) + "</g>"


def _moving(view: DoomspireView, frame: dict) -> set[tuple[int, str]]:
    """The (seat, knight) whose move or fight is being resolved (drawn as ``moving``)."""
    moving: set[tuple[int, str]] = set()
    if isinstance(view.get("active"), int) and frame.get("knight") and isinstance(frame.get("seat"), int):
        moving.add((frame["seat"], frame["knight"]))
    return moving


def tiles_svg(view: DoomspireView, frame: dict, cx: Ctx, seat: int | None, under: str = "") -> str:
    """Every tile, then the highlight of the tile being fought on, ``under`` (the last moves' arrows), then
    the knights on top."""
    tiles = view.get("tiles") or {}
    moving = _moving(view, frame)
    details = knight_details([p for p in view.get("players") or [] if isinstance(p, dict)])
    land, on_top = [], []
    for t in TILES:
        v = tiles.get(t)
        if v is None:
            continue
        kl = v.get("knights") if isinstance(v, dict) else None
        land.append((t, {k: w for k, w in v.items() if k != "knights"} if kl else v))
        if kl:
            x, y = tile_xy(t)
            on_top.append(knights_svg(t, kl, x, y, cx, moving, seat, details))
    ft = frame.get("tile") if frame.get("kind") in ("monster", "duel", "dragon") else None
    fight = ""
    if isinstance(ft, str) and ft in tiles:
        fx, fy = tile_xy(ft)
        fight = (f'<use href="#ds-hl" class="fight" x="{fx:.0f}" y="{fy:.0f}"><title>Combat on {ft}</title></use>')
    return _land_svg(land, cx.plain) + fight + under + "".join(on_top)


@memo                              # (the whole land at once: most updates change no tile, only knights)
def _land_svg(land: list, plain: list[str]) -> str:
    """The tiles (``(tile, its view without knights)`` in drawing order) in one part: an update that changes none
    of them sends one name, not 64."""
    return part("ds-land", '<g class="ds-land">' + "".join(_tile_svg(t, v, *tile_xy(t), plain) for t, v in land)
                + "</g>")

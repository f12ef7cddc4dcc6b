"""The lords' pieces on the board: knights on their tiles (your own take the focus) and boats in the sea."""
from __future__ import annotations

from ....ui.markup import esc, part
from .shared import M, W, ZONE_NAMES, ZONES

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ..types import PlayerView
    from .shared import Ctx


def _boat_pos(z: str, i: int) -> tuple[float, float]:
    """Where the i-th boat in zone ``z`` sits (along the north/south strip, from the corner inwards)."""
    step = 27
    y = M / 2 + 2 if z in ("nw", "ne") else W - M / 2 + 2
    x = M + 18 + i * step if z in ("nw", "sw") else W - M - 18 - i * step
    return x, y


def knights_svg(t: str, lst: list[list], x: float, y: float, cx: Ctx, active: set[tuple[int, str]],
                seat: int | None) -> str:
    n = len(lst)
    if not n:
        return ""
    out = []
    step = 15 if n <= 3 else 11
    x0 = x - (n - 1) * step / 2
    for i, kn in enumerate(lst):
        try:
            s, kid = kn[0], kn[1]
        except (TypeError, IndexError, KeyError):
            continue
        num = esc(str(kid)[1:])
        cls = f"kn p{esc(s)}" + (" moving" if (s, kid) in active else "") + (f" mine k-{esc(kid)}" if s == seat else "")
        name = f"{cx.name(s)}'s knight {num} on {t}"
        # your own knights take the focus (Tab): a focused knight lights up only its moves (web/doomspire.css)
        tab = (f' tabindex="0" role="img" aria-label="Your knight {num} on {t} (its moves are lit up while it has the '
               f'focus)"' if s == seat else f' role="img" aria-label="{name}"')
        out.append(part(f"ds-kn-{esc(s)}-{num}", f'<g class="{cls}"{tab} transform="translate({x0 + i * step:.1f},{y + 3:.0f})">'
                        f'<title>{name}</title><use href="#ds-knight"/><text y="4">{num}</text></g>'))
    return "".join(out)


def boats_svg(players: list[PlayerView], cx: Ctx) -> str:
    """Every lord's boats in their sea zones (side by side from the corner inwards)."""
    svg = []
    per_zone: dict = {}
    for p in players:
        s = p.get("seat")
        for b in p.get("boats") or []:
            if not isinstance(b, dict) or b.get("z") not in ZONES:
                continue
            i = per_zone.get(b["z"], 0)
            per_zone[b["z"]] = i + 1
            bx, by = _boat_pos(b["z"], i)
            war = " warship" if p.get("warship") else ""
            svg.append(f'<g class="boat p{esc(s)}{war}" transform="translate({bx:.0f},{by:.0f})">'
                       f'<title>{cx.name(s)}\'s {"warship" if war else "boat"} {esc(str(b.get("id", ""))[1:])} in the '
                       f'{ZONE_NAMES[b["z"]]} sea</title><use href="#ds-boat"/>'
                       f'<text y="5">{esc(str(b.get("id", ""))[1:])}</text></g>')
    return "".join(svg)

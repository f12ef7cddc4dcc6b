"""The lords' pieces on the board: knights on their tiles (your own take the focus) and boats in the sea."""
from __future__ import annotations

from ....ui.markup import esc, part
from .shared import M, W, ZONE_NAMES, ZONES, follower_name, item_name

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


def knight_details(players: list[PlayerView]) -> dict[tuple[int, str], str]:
    """(seat, knight id) -> its items and followers in words (public: every lord's panel shows them)."""
    out = {}
    for p in players:
        for k in p.get("knights") or []:
            if not isinstance(k, dict):
                continue
            bits = ([item_name(key) for _i, key in k.get("items") or []]
                    + [follower_name(f) for f in k.get("followers") or []])
            if bits:
                out[(p.get("seat"), k.get("id"))] = ", ".join(bits)
    return out


def knights_svg(t: str, lst: list[list], x: float, y: float, cx: Ctx, active: set[tuple[int, str]],
                seat: int | None, details: dict | None = None) -> str:
    """The knights on tile ``t``: each takes the focus (Tab, ``data-key``) and is named in words, with what it
    carries; your own knights' names say that their moves light up while they have the focus."""
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
        extra = (details or {}).get((s, kid))
        carries = f" with {esc(extra)}" if extra else ""
        name = f"{cx.name(s)}'s knight {num} on {t}{carries}"
        # every knight takes the focus (Tab) to be read; a focused knight of yours lights up only its moves
        # (web/doomspire.css)
        label = (f"Your knight {num} on {t}{carries} (its moves are lit up while it has the focus)" if s == seat
                 else name)
        out.append(part(f"ds-kn-{esc(s)}-{num}", f'<g class="{cls}" tabindex="0" role="img" aria-label="{label}" '
                        f'data-key="ds-kn-{esc(s)}-{num}" transform="translate({x0 + i * step:.1f},{y + 3:.0f})">'
                        f'<title>{name}</title><use href="#ds-knight"/><text y="4">{num}</text></g>'))
    return "".join(out)


def boats_svg(players: list[PlayerView], cx: Ctx) -> str:
    """Every lord's boats in their sea zones (side by side from the corner inwards), each taking the focus
    and named in words."""
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
            bnum = esc(str(b.get("id", ""))[1:])
            name = f'{cx.name(s)}\'s {"warship" if war else "boat"} {bnum} in the {ZONE_NAMES[b["z"]]} sea'
            svg.append(f'<g class="boat p{esc(s)}{war}" tabindex="0" role="img" aria-label="{name}" '
                       f'data-key="ds-boat-{esc(s)}-{bnum}" transform="translate({bx:.0f},{by:.0f})">'
                       f'<title>{name}</title><use href="#ds-boat"/><text y="5">{bnum}</text></g>')
    return "".join(svg)

"""Each seat's last moves (``view["marks"]``) until that seat moves again: arrows, crosses and rings on the
board in its colour, and the same in words."""
from __future__ import annotations

import math

from ....ui.markup import esc
from ..geometry import SLOTS, TABLE
from .grids import slot_outline
from .shared import arrow_points, name_of, pos, seat_cls

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ..types import ClockworkView

MARK_WORDS = {"move": "moved", "attack": "attacked", "counter": "counter attacked", "shell": "shelled",
              "selfdestruct": "blasted", "wall": "raised a Wall portal", "assassinate": "assassinated",
              "corrupt": "corrupted", "place": "placed", "gate": "placed a Gate Token", "grid": "placed",
              "portal": "opened a face-down portal", "reveal": "brought in", "destroyed": "destroyed",
              "salvage": "salvaged", "card": "played"}
LINE_KINDS = ("move", "attack", "counter", "shell", "selfdestruct", "wall", "assassinate", "corrupt", "place")


def mark_text(m: dict) -> str:
    """One last-move mark in words.

    >>> mark_text({"kind": "attack", "at": ["b3", "c4"], "text": "hit"})
    'attacked b3 → c4: hit'
    >>> mark_text({"kind": "card", "at": [], "text": "drew a card"})
    'drew a card'
    """
    kind, at, text = str(m.get("kind", "")), [str(a) for a in m.get("at") or []], str(m.get("text") or "")
    if kind == "card" and not at:
        return text if text.endswith("card") else f"played {text}"
    if kind in ("salvage", "assassinate", "corrupt") and len(at) < 2:
        return f"{text} ({at[0]})" if at else text
    where = " → ".join(at)
    if kind in ("attack", "counter", "shell", "selfdestruct"):
        return f"{MARK_WORDS[kind]} {where}: {text}" if text else f"{MARK_WORDS[kind]} {where}"
    if kind in ("move", "place", "reveal", "destroyed", "card", "assassinate", "corrupt", "grid"):
        return f"{MARK_WORDS[kind]} {text} {'in slot ' + where[1:] if kind == 'grid' else where}".replace("  ", " ")
    return f"{MARK_WORDS.get(kind, kind)} {where}".strip()


def last_moves_svg(view: ClockworkView, names: list[str]) -> str:
    """Each seat's last move on the board in its colour until it moves again: arrows for moves (solid) and
    attacks (dashed, a cross at the target on a hit), a dashed ring on a hex where something came in, a
    cross on what was destroyed, a seat-coloured outline round a grid just placed."""
    marks = view.get("marks") or {}
    out = []
    for key in sorted(marks, key=str):
        p = int(key) if str(key).isdigit() else None
        pc = seat_cls(p)
        for m in marks.get(key) or []:
            kind = m.get("kind")
            at = [str(a) for a in m.get("at") or []]
            if kind == "grid" and at and at[0] in SLOTS:
                out.append(f'<path class="lm slot-done {pc}" d="{slot_outline(at[0])}"/>')
                continue
            at = [a for a in at if a in TABLE]
            if kind in LINE_KINDS and len(at) >= 2 and at[0] != at[1]:
                (x, y), (ax, ay) = pos(at[0]), pos(at[1])
                d = math.hypot(ax - x, ay - y)
                pts = arrow_points(x, y, ax, ay, min(8.0, d / 4), d - 9, 9, 6.5, 1.8)
                style = "solid" if kind in ("move", "place") else "dashed"
                out.append(f'<polygon class="lm arrow {style} {pc}" points="{pts}"/>')
            elif kind == "destroyed" and at:
                x, y = pos(at[0])
                out.append(f'<path class="lm cross {pc}" d="M{x - 9} {y - 9}L{x + 9} {y + 9}M{x + 9} {y - 9}L{x - 9} {y + 9}"/>')
            elif at and kind not in LINE_KINDS:
                x, y = pos(at[0] if kind == "gate" else at[-1])
                out.append(f'<use href="#cw-hl" class="lm ring {pc}" x="{x}" y="{y}"/>')
    return f'<g class="last-moves" aria-hidden="true">{"".join(out)}</g>' if out else ""


def last_moves_html(view: ClockworkView, names: list[str]) -> str:
    """The same last moves in words, per player in seat order (for everyone, screen readers included)."""
    marks = view.get("marks") or {}
    rows = []
    for key in sorted(marks, key=lambda k: int(k) if str(k).isdigit() else 99):
        lst = marks.get(key) or []
        p = int(key) if str(key).isdigit() else None
        if not lst:
            continue
        words = "; ".join(esc(mark_text(m)) for m in lst[:12]) + (f"; and {len(lst) - 12} more" if len(lst) > 12 else "")
        rows.append(f'<li><span class="swatch {seat_cls(p)}"></span><b>{esc(name_of(names, p))}</b>: {words}</li>')
    if not rows:
        return ""
    return f'<details class="cw-last" open><summary>Last moves</summary><ul>{"".join(rows)}</ul></details>'

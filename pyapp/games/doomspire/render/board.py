"""The board: one ``<svg>`` of the sea, the tiles, the last moves, the pieces and the markers to click."""
from __future__ import annotations

from ....ui.markup import part
from .lastmoves import marks_paths, marks_pills
from .markers import markers_svg
from .pieces import boats_svg
from .shared import LEGIBLE_PX, W
from .symbols import defs, sea
from .tiles import tiles_svg

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from ..types import DoomspireView, PlayerView
    from .shared import Ctx


def board_svg(view: DoomspireView, players: list[PlayerView], frame: dict, acts: dict[str, Action], used: set[str],
              cx: Ctx, seat: int | None) -> str:
    """The island: sea, tiles, the combat highlight, knights, boats, and the markers to click."""
    me = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
    my_knights = {k.get("id"): k for k in ((me.get("knights") or []) if me else []) if isinstance(k, dict)}
    fixed = part("ds-defs", defs()) + part("ds-sea", f'<g class="ds-sea">{sea()}</g>')     # never changes
    return (f'<svg class="ds-board" viewBox="0 0 {W:.0f} {W:.0f}" role="group" style="--legible: {LEGIBLE_PX}px" '
            f'aria-label="The island of Doomspire: 8 by 8 tiles in four sea zones">{fixed}'
            f'{tiles_svg(view, frame, cx, seat, marks_paths(view, cx))}{boats_svg(players, cx)}{marks_pills(view, cx)}'
            f'{markers_svg(acts, used, cx, my_knights)}</svg>')

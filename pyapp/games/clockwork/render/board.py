"""The battlefield: one ``<svg>`` of the slots, the terrain, the pieces, the last moves and the markers."""
from __future__ import annotations

from ....ui.markup import part
from .grids import designs_defs, grid_spots_svg, shown_slots, slots_svg, view_box
from .lastmoves import last_moves_svg
from .markers import board_marks, gate_spots_svg, markers_svg
from .pieces import gates_svg, portals_svg, units_svg
from .shared import MIN_FONT, hex_order
from .symbols import defs
from .terrain import rings_svg, terrain_svg

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from ..types import ClockworkView


def board_svg(view: ClockworkView, acts: dict[str, Action], used: set[str], seat: int | None, names: list[str]) -> str:
    """The battlefield: slots, hexes and borders, rings, gates, portals, units, last moves, and the markers to
    click."""
    board = view.get("board") or {}
    hexes = board.get("hexes") or {}
    marks = board_marks(acts, hexes)
    sources = sorted({s for lst in marks.values() for s, _a, _k in lst}, key=hex_order)
    link = {h: i for i, h in enumerate(sources)}      # source hex -> k<i>: a unit and its markers light up together
    slots = shown_slots(board, view.get("phase"))
    x, y, w, h = view_box(slots)
    return (f'<svg class="cw-board" viewBox="{x:g} {y:g} {w:g} {h:g}" role="group" '
            f'style="--legible: {int(w * 11 / MIN_FONT) + 1}px" '
            f'aria-label="Clockwork Crusade battlefield">{part("cw-defs", defs())}'
            f'{part("cw-designs", designs_defs(board))}{part("cw-slots", slots_svg(board, slots))}'
            f'{terrain_svg(board, view, acts)}{rings_svg(view, acts, hexes)}{gates_svg(view, names)}'
            f'{portals_svg(view, names)}{units_svg(view, hexes, link, seat, names)}{last_moves_svg(view, names)}'
            f'{grid_spots_svg(board, slots, acts, used)}{gate_spots_svg(acts, used)}'
            f'{markers_svg(marks, link, acts, used, (x, y, w, h))}</svg>')

"""Lords of Doomspire renderer: a view dict and the legal actions -> one HTML fragment (inline SVG + panels).

Pure function of its inputs (plus the game's static content data for item, follower and
build names); it never imports the rules.  Every element whose click applies a game action
carries ``data-action="<action id>"``; every legal action of the seat appears at least once
(anything without a special place falls back to a labelled button), and nothing else does.

Board geometry (docs/notes/doomspire.md): 8x8 square tiles, ``a1`` the north-west corner,
columns a-h west to east, rows 1-8 north to south.  The sea around the island is four
zones (nw, ne, se, sw); a coastal tile belongs to the zone of its quarter.

Moves are clicked on the board: each legal ``move:k1>c4:2`` (knight 1 to c4 spending a 2; and boat
carry ``boat:b1:k1>g1:1``, flee ``fleeto:c4``, harvest ``harvest:c4``, ``stay:k1:1``) is a marker on
its tile: a tile with exactly one such action is clickable as a whole, tagged with the knight and the die
(``1·2``; grouped per knight: ``<g class="dests k-k1">``); a tile with several is one control (``data-opens``) that
opens the list of them in words (``data-via``), as Clockwork's hexes do.  Sailing (``boat:b1>ne:1``) is a marker in the sea zone.  Everything else is a button, grouped
by kind.

The parts, by what they draw (each imports only the ones below it; :func:`render` composes them):
``board`` (the ``<svg>``) of ``symbols`` (shapes, the sea), ``tiles``, ``pieces`` (knights, boats),
``lastmoves`` and ``markers`` (the moves to click); ``controls`` (the question, the combat, the buttons) and
``panels`` (status, lords, dragon, decks, tiles in words); ``shared`` (geometry, content names, seat names).

>>> tile_xy("a1"), tile_xy("h8")
((76.0, 76.0), (524.0, 524.0))
>>> zone_of("d1"), zone_of("e8"), zone_of("c3") is None
('nw', 'se', True)
"""
from __future__ import annotations

from ....ui.markup import esc, log_details, part
from .board import board_svg
from .controls import GROUPS, controls_html
from .lastmoves import MARK_SIGNS, PATH_MARKS, lastmoves_html
from .markers import OPT_H, OPT_W
from .panels import (PHASE_TEXT, board_list_html, decks_html, dragon_html, outcome_html, player_html,
                     status_html)
from .shared import (COLS, LEGIBLE_PX, MIN_FONT, MIN_TARGET, RES, SEAT_COLOURS, TILES, ZONE_NAMES, ZONES, Ctx, M, T,
                     W, build_name, dragon_might, follower_name, item_name, item_text, res_text, tile_xy, zone_of)
from .symbols import defs, sea

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from ..types import DoomspireView

__all__ = ["COLS", "GROUPS", "LEGIBLE_PX", "MARK_SIGNS", "MIN_FONT", "MIN_TARGET", "M", "OPT_H", "OPT_W", "PATH_MARKS", "PHASE_TEXT",
           "RES", "SEAT_COLOURS", "T", "TILES", "W", "ZONES", "ZONE_NAMES", "build_name", "defs",
           "dragon_might", "esc", "follower_name", "item_name", "item_text", "render", "res_text", "sea", "tile_xy",
           "zone_of"]


def render(view: DoomspireView, actions: list[Action], *, seat: int | None, names: list[str], interactive: bool) -> str:
    """The whole Lords of Doomspire game area for ``view`` (one seat's view or the spectator's).

    ``actions`` are the legal actions of ``seat`` (shown only when ``interactive``).  ``used`` collects
    the ids placed on the board, so the controls then add a button for every other one.
    """
    acts = {a.id: a for a in actions} if interactive else {}
    used: set = set()
    players = [p for p in (view.get("players") or []) if isinstance(p, dict)]
    cx = Ctx(list(names or []), len(players))
    phase = view.get("phase", "")
    over = phase == "over" or bool(view.get("outcome"))
    fr = view.get("frame")
    frame: dict = fr if isinstance(fr, dict) else {}
    board = board_svg(view, players, frame, acts, used, cx, seat)      # first: the controls skip what it placed
    status = status_html(view, cx, phase, over)
    controls = controls_html(view, frame, players, acts, used, cx, seat, phase)
    pl_html = "".join(part(f"ds-p{i}", player_html(p, view, seat, cx, over)) for i, p in enumerate(players))
    side = "".join(part(key, html) for key, html in (("ds-dragon", dragon_html(view, cx)),
                   ("ds-tiles", board_list_html(view, cx)), ("ds-decks", decks_html(view))) if html)
    log_html = log_details("ds-log", view.get("log") or [], cx.log_line)
    # the table's parts (web/ui.css, "the table"): the board and the panels, which the app places
    return (f'<div class="ds-game{" interactive" if interactive else ""} phase-{esc(phase)}" data-table>'
            f'<div class="ds-board-wrap" data-board>{board}</div>'
            f'<div class="ds-side" data-side>{status}{outcome_html(view, cx)}{controls}{lastmoves_html(view, cx)}'
            f'<section class="ds-players">{pl_html}</section>{side}{log_html}</div></div>')

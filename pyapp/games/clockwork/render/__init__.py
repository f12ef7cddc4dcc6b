"""Clockwork Crusade renderer: a view dict and the legal actions -> one HTML fragment (inline SVG + panels).

Pure function of its inputs; it never imports the rules (only the view and the
actions).  Every element whose click applies a game action carries
``data-action="<action id>"`` and every legal action appears at least once:
moves, attacks, shells, Portal Walls and Building placements are markers on
the board (one per id, grouped per unit: ``<g class="dests k3">`` belongs to
the unit ``<g class="unit ... k3">``; pointing at or focusing the unit lights
up its group with pure CSS), Gate Token spots are small arrow wedges inside
their hex (one per hex and arrow), everything else is a labelled button
grouped by kind; an id the renderer has no place for falls back to a button.

Hidden information: the renderer shows only what ``view(seat)`` holds (a
face-down portal's unit and a hand are in another seat's view as ``None``),
and action ids are only ever those of the interactive seat.

Board geometry: the shared hex grid (:mod:`pyapp.engine.hexgrid`) as Clockwork's ``geometry.TABLE``:
flat-topped hexes in odd-q offset layout, 24 columns (a-x) by 15 rows (1-15); 12 grid slots of 6 x 5 hexes.
The log is a list of structured events, drawn with :func:`pyapp.engine.log.html` (seat names in their colour).

The parts, by what they draw (each imports only the ones below it; :func:`render` composes them):
``board`` (the ``<svg>``) of ``symbols`` (shapes), ``grids`` (slots, designs, the grid picker), ``terrain``
(hexes, borders, rings), ``pieces`` (Gate Tokens, portals, units), ``lastmoves`` and ``markers`` (the actions
to click); beside it ``controls`` (the question, the portals to create), ``dice`` (the last roll and coin) and
``panels`` (turn, players, progress, cards, units, territories, outcome, key); ``shared`` (hex geometry, names).

>>> TABLE.parse("e4")
(4, 3)
>>> pos("a1"), pos("b1")
((26.0, 23.32), (56.0, 40.64))
>>> abbrev({"card": "crab-tank", "name": "Crab Tank"}), abbrev({"card": "new", "name": "Steam Golem"})
('CT', 'SG')
"""
from __future__ import annotations

from ....ui.markup import action_button, esc, log_details, number, part, seat_names
from ..geometry import SLOTS, TABLE
from .board import board_svg
from .controls import GROUPS, PROMPT_TEXT, portal_buttons, prompt_html
from .dice import die_svg, roll_html
from .grids import TERRAIN_TINT, grid_picker, shown_slots, slot_box, slot_cells, slot_outline, view_box
from .lastmoves import LINE_KINDS, MARK_WORDS, last_moves_html, mark_text
from .markers import ARROW_AT, MARKS, OPT_GAP, OPT_H, OPT_W, OPT_WORDS
from .panels import (LEGEND, STEPS, hand_html, outcome_html, players_html, progress_html, steps_html,
                     key_html, territories_html, units_table)
from .pieces import ABBREV, MAX_LINKED, TYPE_SHAPE, UNIT_NAMES, abbrev, unit_details, unit_title
from .shared import BOARD_H, BOARD_W, HH, MIN_FONT, MIN_TEXT, PAD, SIZE, pos
from .symbols import ARROW_R, HIT_HALF_W, defs, hit_points

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from ..types import ClockworkView

__all__ = ["ABBREV", "ARROW_AT", "ARROW_R", "BOARD_H", "BOARD_W", "GROUPS", "HH", "HIT_HALF_W", "LEGEND",
           "LINE_KINDS", "MARKS", "MARK_WORDS", "MAX_LINKED", "MIN_FONT", "MIN_TEXT", "OPT_GAP", "OPT_H", "OPT_W",
           "OPT_WORDS", "PAD", "PROMPT_TEXT", "SIZE", "SLOTS", "STEPS", "TABLE", "TERRAIN_TINT", "TYPE_SHAPE",
           "UNIT_NAMES", "abbrev", "defs", "die_svg", "hit_points", "mark_text", "pos", "render", "shown_slots",
           "slot_box", "slot_cells", "slot_outline", "unit_title", "view_box"]


def render(view: ClockworkView, actions: list[Action], *, seat: int | None, names: list[str], interactive: bool) -> str:
    """The whole Clockwork Crusade game area for ``view`` (one seat's view or the spectator's).

    ``actions`` are the legal actions of ``seat`` (shown only when ``interactive``).  Beside the board (under it
    on narrow screens): the turn, the open question and the current choices (``bs-actions``: the app keeps
    them in view on phones), then who is winning, the last moves, the players, the hand and the log.
    """
    acts = {a.id: a for a in actions} if interactive else {}
    used: set[str] = set()
    n = number(view.get("players"), len(names))
    names = seat_names(names, max(n, 2))
    svg = board_svg(view, acts, used, seat, names)
    picks = [grid_picker(view, acts), portal_buttons(view, acts, used)]
    ctl = [prompt_html(view, acts, used, names)]
    hints = []
    if any(a.startswith("gate:") for a in acts):
        hints.append("Gate Token: choose a round button on a territory hex, then one of its arrows: the side "
                     "where your portals will come in.")
    if any(a.startswith(("move:", "attack:", "shell:", "wall:")) for a in acts):
        hints.append("Tap or focus one of your units to light up its moves (• dots) and targets (◆ ⚔ attack, "
                     "✹ shell, ▦ wall); then choose a marker.")
    if any(a.startswith("place:") for a in acts):
        hints.append("Choose a highlighted hex (⌂) for the new Building.")
    hand = hand_html(view, acts, used, seat)
    groups: dict = {}
    for aid, a in acts.items():
        if aid in used:
            continue
        title = next((t for t, pred in GROUPS if pred(aid)), None) or (a.kind or "other").capitalize()
        groups.setdefault(title, []).append(action_button(aid, esc(a.label or aid),
                                                 cls="primary" if aid in ("end", "done") else "", title=""))
        used.add(aid)
    for title, btns in groups.items():
        ctl.append(f'<div class="cw-group"><h4>{esc(title)}</h4><div class="btns">{"".join(btns)}</div></div>')
    hint_html = "".join(f'<p class="hint">{esc(h)}</p>' for h in hints)
    controls = "".join(c for c in ctl if c)
    controls = f'<section class="cw-controls bs-actions" aria-label="Your choices">{controls}</section>' if controls else ""
    pick_html = "".join(c for c in picks if c)
    pick_html = f'<section class="cw-picks">{hint_html}{pick_html}</section>' if pick_html or hint_html else ""
    log_html = log_details("cw-log", view.get("log") or [], names=names)
    # the table's parts (web/ui.css, "the table"): the board (its svg alone) and the panels, the details of the
    # unit with the focus first among them
    return (f'<div class="cw-game{" interactive" if interactive else ""}" data-table>'
            f'<div class="cw-board-wrap" data-board>{svg}</div>'
            f'<div class="cw-side" data-side>{part("cw-details", unit_details(view, seat, names))}{outcome_html(view, names)}{steps_html(view, names)}{controls}{pick_html}'
            f'{roll_html(view, names)}{part("cw-progress", progress_html(view, names))}{last_moves_html(view, names)}'
            f'{part("cw-players", players_html(view, seat, names))}{hand}{part("cw-units", units_table(view, seat, names))}'
            f'{part("cw-terr", territories_html(view, names))}'
            f'{key_html()}'
            f'{log_html}</div></div>')

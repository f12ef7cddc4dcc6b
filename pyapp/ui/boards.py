"""A game's board on screen: its renderer (``pyapp.games.<id>.render``, found by name), the fallback for a game
without one, and the board-size buttons shown above every board (the game table and the replay).
"""
from __future__ import annotations

import importlib
import json

from .. import games
from .markup import attrs, esc, log_details

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from types import ModuleType
    from typing import Callable

    from ..engine.core import Action

# the board's size (setting ``board_zoom``): the buttons above the board, and the Settings section's choices
ZOOM_BUTTONS = (("fit", "Fit", "the whole board in the screen's width"),
                ("legible", "Legible", "the board large enough to read; it scrolls sideways"),
                ("large", "Larger", "the board larger still; it scrolls sideways"))
ZOOM_LABELS = {"auto": "Legible on phones, fit elsewhere", "fit": "Fit the width", "legible": "Legible",
               "large": "Larger"}


def board_module(game_id: str) -> ModuleType | None:
    """The game's renderer module (``render(view, actions, *, seat, names, interactive)``), or None."""
    try:
        return importlib.import_module(f"{games.__name__}.{game_id}.render")
    except ModuleNotFoundError:
        return None


def board_function(game_id: str) -> Callable[..., str]:
    """The game's ``render`` function, or :func:`generic_render` for a game without a renderer."""
    mod = board_module(game_id)
    return mod.render if mod is not None else generic_render


def generic_render(view: dict, actions: list[Action], *, seat: int | None, names: list[str],
                   interactive: bool) -> str:
    """Fallback for a game without its own renderer: the legal actions as buttons, the log, the raw view."""
    btns = "".join(f'<button type="button" class="btn" data-action="{esc(a.id)}">{esc(a.label or a.id)}</button>'
                   for a in actions) if interactive else ""
    log = log_details("generic-log", view.get("log") or [], names=names)
    raw = esc(json.dumps(view, indent=1, sort_keys=True, default=str)[:20000])
    return (f'<div class="generic-game"><div class="button-row">{btns}</div>{log}'
            f'<details><summary>What you can see (raw)</summary><pre>{raw}</pre></details></div>')


def zoom_buttons(setting: object, *, embed: bool) -> str:
    """The board's size (setting ``board_zoom``), buttons above the board, shown on narrow or touch screens
    (web/ui.css; the Settings section offers it everywhere): "Fit" (the whole board in the width),
    "Legible" (the board at least the width its renderer declares as ``--legible`` on its ``svg``, where its
    smallest text is 11 px; the board's box scrolls sideways), "Larger" (one and a half times that).
    ``auto`` (the default) is Legible on those screens, so it shows as Legible there (Fit in an embedded game)."""
    cur = setting or "auto"
    if cur == "auto":                      # (an embedded game fits its frame: the host page sizes it)
        cur = "fit" if embed else "legible"
    return ('<div class="board-zoom button-row" role="group" aria-label="Board size">'
            + "".join(f'<button type="button" class="btn small" data-nav="zoom:{v}" '
                      f'aria-pressed="{"true" if v == cur else "false"}"{attrs(title=tip)}>{label}</button>'
                      for v, label, tip in ZOOM_BUTTONS) + "</div>")

"""Why a tap on an Ice Fortress square or pillar group did nothing (issue 32, :mod:`pyapp.ui.why`): the seat's own
view's reasons (``view["hints"]``: why each other place refuses the chosen die or room, the "Why not elsewhere"
panel), so nothing hidden is read.

Keys (pyapp/games/icefortress/render.py): ``if-sq-<place>`` for a square; other keyed pieces get the generic
reason.
"""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ...engine.core import State


def explain(state: State, seat: int, key: str) -> str:
    """Why tapping ``key`` did nothing for ``seat`` (to act), or "" (the generic reason then)."""
    if not key.startswith("if-sq-"):
        return ""
    place = key[len("if-sq-"):]
    view = state.view(seat)
    why = (view.get("hints") or {}).get(place)
    sel = view.get("sel") or {}
    if why:
        return f"Not {place}: {why}" + ("" if str(why).endswith((".", "!", "?")) else ".")
    if not sel and view.get("phase") == "place":
        return "Choose one of your dice first (or a room card): then the squares it may go on light up."
    return ""

REASON_SKIP = ("Turns played", "Powers used")      # summary rows a hint's reason leaves out (any turn adds one)

"""Why a tap on a Doomspire knight or boat did nothing (issue 32, :mod:`pyapp.ui.why`): one sentence from public
facts only (where knights and boats stand, whether they moved; a lord's hidden cards are never read).

Keys (pyapp/games/doomspire/render/pieces.py): ``ds-kn-<seat>-<n>`` (knight ``k<n>``), ``ds-boat-<seat>-<n>``.
"""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .rules import DoomspireState

NOT_NOW = {"roll": "now every lord chooses how many dice to roll",
           "harvest": "now you harvest with the dice left, use your buildings and build"}


def explain(state: DoomspireState, seat: int, key: str) -> str:
    """Why tapping ``key`` did nothing for ``seat`` (to act), or "" (the generic reason then)."""
    kind, _, rest = key.partition("-")[2].partition("-")
    owner, _, num = rest.partition("-")
    if key[:3] != "ds-" or kind not in ("kn", "boat") or not owner.isdigit():
        return ""
    what = "knight" if kind == "kn" else "boat"
    if int(owner) != seat:
        return f"That {what} is another lord's: you move only your own."
    phase = state.data["flow"]["phase"]
    if phase != "move":
        return f"Your {what}s move in the Move phase; {NOT_NOW.get(phase, 'this is another phase')}."
    if state.data["flow"].get("prompt"):
        return "Answer the question on screen first."
    if kind == "kn":
        k = next((k for k in state.data["players"][seat]["knights"] if k["id"] == f"k{num}"), None)
        if k is not None and k["done"]:
            return f"Your knight {num} has already moved this turn."
        return f"Your knight {num} has no move the dice you have left allow."
    return f"Your boat {num} has no move the dice you have left allow."

REASON_SKIP = ("Adventure cards drawn",)          # summary rows a hint's reason leaves out

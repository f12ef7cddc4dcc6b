"""Why a tap on a Cloudspire unit, spire, gate or landmark did nothing (issue 32, :mod:`pyapp.ui.why`): one
sentence from public facts only (pieces on the map and the wave's phase; deployment stacks are never read).

Keys (pyapp/games/cloudspire/render.py): ``cs-<unit id>``, ``cs-<spire id>``, ``cs-gate-<seat>``, ``cs-lm-<hex>``.
"""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .rules import CloudspireState

PHASE_ASKS = {"market": "now is the market: buy a card or pass",
              "build": "now you build (a spire, an upgrade) or pass",
              "mark": "now you declare a mark",
              "select": "now you choose the units for this wave with your Command Points",
              "stack": "now you build your secret deployment stack"}


def explain(state: CloudspireState, seat: int, key: str) -> str:
    """Why tapping ``key`` did nothing for ``seat`` (to act), or "" (the generic reason then)."""
    if not key.startswith("cs-"):
        return ""
    d = state.data
    rest = key[3:]
    phase = d["flow"]["phase"]
    asks = PHASE_ASKS.get(phase, "")
    if rest.startswith("lm-"):
        return "A landmark is part of the map: nothing to do with it itself." + (f" {asks[0].upper()}{asks[1:]}."
                                                                              if asks else "")
    if rest.startswith("gate-"):
        owner = rest[5:]
        if owner.isdigit() and int(owner) != seat:
            return "That fortress gate is another player's: your minions attack it from a next hex in the onslaught."
        return "Your fortress gate is where your deployment stack stands; keep enemy minions away from it in the onslaught."
    what, piece = ("unit", d["units"].get(rest)) if rest in d["units"] else ("spire", d["spires"].get(rest))
    if not isinstance(piece, dict):
        return ""
    if piece.get("owner") != seat:
        return f"That {what} is another player's: you command only your own."
    if phase != "onslaught":
        return f"Your {what}s act in the onslaught; {asks or 'this is another phase'}."
    if what == "spire":
        return "Your spire fires by itself in the Spires Fire stage of your turn: nothing to choose for it now."
    return "Your unit has nothing it may do at this stage of the onslaught (Movement, then Attack, each in turn)."

REASON_SKIP = ("Wave reached",)        # summary rows a hint's reason leaves out
REASON_LABELS = {"Source at the end": "Source"}   # the summary's row names, as a reason mid-game says them

"""Why a tap on a Hex Battle unit did nothing (issue 32, :mod:`pyapp.ui.why`): one sentence from public facts
only (the units on the field and the card in play are public; hands and decks are never read).

Keys: a unit's ``data-key`` is ``hb-u<owner>-<n>`` (:func:`pyapp.games.hexbattle.render.unit_class`).
"""
from __future__ import annotations

import re

from .content import CARDS, UNITS

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .rules import HexBattleState


def _unit(state: HexBattleState, key: str) -> dict | None:
    if not key.startswith("hb-u"):
        return None
    return next((u for u in state.data["units"] if "hb-u" + re.sub(r"[^A-Za-z0-9]", "-", str(u["id"])) == key), None)


def explain(state: HexBattleState, seat: int, key: str) -> str:
    """Why tapping ``key`` did nothing for ``seat`` (to act), or "" (the generic reason then)."""
    u = _unit(state, key)
    if u is None:
        return ""
    name = UNITS[u["key"]]["name"]
    phase = state.phase
    mine = u["owner"] == seat
    if phase == "main":
        if mine:
            return (f"To move or shoot with your {name}, play a card first: each card says which of your units "
                    "it commands.")
        return (f"That {name} is the enemy's. Play a card to move a unit of yours next to it, or to shoot it "
                "with a ranged unit in range.")
    if phase == "pay":
        return "Finish paying for the card first (or choose not to play it): then it commands your units."
    frame = state.data["flow"]["stack"][-1]
    card = CARDS[state.data["cards"][frame["card"]]]
    acts = card["actions"]
    act = acts[frame["step"]] if frame["step"] < len(acts) else None
    if phase == "move":
        return f"Finish this unit's move first (or end it): {card['name']} moves one unit at a time."
    if phase == "aim":
        if mine:
            return "Choose an enemy unit to shoot (a highlighted one), or shoot with another of your ranged units."
        return f"That {name} is out of the shooting unit's range: choose a highlighted enemy."
    if act is None or not mine:
        return (f"That {name} is the enemy's: {card['name']} commands your units only." if not mine else "")
    if "only" in act and UNITS[u["key"]]["type"] != act["only"]:
        return f"{card['name']} commands {act['only']} units only: your {name} is {UNITS[u['key']]['type']}."
    if act["do"] == "ranged":
        if UNITS[u["key"]]["type"] != "ranged":
            return f"{card['name']} needs a ranged unit to shoot: your {name} cannot shoot."
        return f"Your {name} has no enemy within range to shoot."
    return ""

REASON_SKIP = ("Cards played",)        # summary rows a hint's reason leaves out (every card played adds one)

"""Why a tap on a Clockwork unit, Gate Token or portal did nothing (issue 32, :mod:`pyapp.ui.why`): one sentence
from public facts only (units on the board are face up; a portal's card is never read: it is face down).

Keys (pyapp/games/clockwork/render/pieces.py): ``cw-unit-<id>``, ``cw-gate-<hex>``, ``cw-portal-<hex>``.
"""
from __future__ import annotations

from .content import UNITS
from .units import can_fight, utype

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .rules import ClockworkState
    from .types import UnitData

STEP_WORDS = {"control": "the Control step (capture and Gate Tokens)", "portal": "the Portal step (placing units)",
              "draw": "the Draw step"}


def _unit(state: ClockworkState, key: str) -> UnitData | None:
    return next((u for u in state.data["units"] if f"cw-unit-{u.get('id')}" == key), None)


def explain(state: ClockworkState, seat: int, key: str) -> str:
    """Why tapping ``key`` did nothing for ``seat`` (to act), or "" (the generic reason then)."""
    step = state._step()
    if key.startswith("cw-portal-"):
        hx = key[len("cw-portal-"):]
        p = next((p for p in state.data["portals"] if p["hex"] == hx), None)
        if p is None:
            return ""
        if p["owner"] != seat:
            return "That portal is another player's: its unit enters play at their next Portal step."
        return "Your portal turns face up by itself at your next Portal step, and its unit enters play."
    if key.startswith("cw-gate-"):
        hx = key[len("cw-gate-"):]
        g = next((g for g in state.data["gates"] if g["hex"] == hx), None)
        if g is None:
            return ""
        if g["owner"] == seat:
            return ("Your Gate Token opens portals at its arrow: create one with a unit card in the Main step "
                    "(the arrow's hex is marked when you can).")
        return "That Gate Token is another player's: attack it with a unit in range to destroy it."
    u = _unit(state, key)
    if u is None:
        return ""
    name = UNITS[u["card"]]["name"]
    if u["ctrl"] != seat:
        return f"That {name} is another player's: attack it with one of your units in range."
    if step != "main":
        return f"Units move and attack in the Main step; this is {STEP_WORDS.get(str(step), 'another step')}."
    if u["done"]:
        return f"Your {name} has finished for this turn."
    building = utype(u) == "building"
    moved, attacked = bool(u["moved"] or u["fired"]), bool(u["acted"] or u["attacks"])
    if building and not can_fight(u):
        return f"Your {name} is a building: it never moves and has no weapon."
    if moved and attacked:
        return f"Your {name} has already moved and attacked this turn."
    if attacked or (building and u["attacks"]):
        return f"Your {name} has already attacked this turn."
    if moved or building:
        return f"Your {name} has no enemy in range to attack" + (" after its move." if moved else ".")
    return f"Your {name} has no free hex to move to and no enemy in range."

REASON_SKIP = ("Special cards played",)           # summary rows a hint's reason leaves out

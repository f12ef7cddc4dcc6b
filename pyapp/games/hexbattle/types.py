"""Hex Battle's view and content as typed dicts, for mypy only.

Imported only under ``TYPE_CHECKING`` (``typing`` is heavy at start-up in the browser: see
:mod:`pyapp.engine.types`); at run time every one of these is a plain dict.  The view is what
``HexBattleState._view`` returns and ``render.render`` reads (docs/ARCHITECTURE.md, "Hex Battle:
coordinates, view, action ids").
"""
from __future__ import annotations

from typing import Required, TypedDict

from ...engine.types import Event


# ---- content (data/*.json, checked by content.py) ------------------------------------------
class CardAction(TypedDict, total=False):
    """One action printed on a card, resolved in order."""

    do: Required[str]      # "move" | "ranged"
    only: str              # a unit type: only units of that type may perform it
    limit: int             # a move: at most this many movement points
    within: int            # a ranged attack: the target at most this many hexes away


class UnitSpec(TypedDict):
    """A unit type (``data/units.json``)."""

    name: str
    type: str              # "infantry" | "cavalry" | "ranged"
    points: int
    edges: list[int]       # six strengths, clockwise from the front edge
    health: int
    speed: int
    armor: int | None
    range: int | None      # ranged units only
    text: str


class CardSpec(TypedDict):
    """A card type (``data/cards.json``)."""

    name: str
    cost: int
    actions: list[CardAction]
    text: str


# ---- the state's own records (rules.py) -------------------------------------------------------
class UnitData(TypedDict):
    """A unit on the battlefield, as kept in ``state.data["units"]``."""

    id: str                # "<owner>.<index in the army>"
    owner: int
    key: str               # a key of content.UNITS
    hex: str
    facing: int            # 0 N .. 5 NW: the direction of its front edge
    health: int


# ---- the view -------------------------------------------------------------------------------
class UnitView(TypedDict):
    """A unit in the view: its record and its unit type's figures."""

    id: str
    owner: int
    type: str              # "infantry" | "cavalry" | "ranged"
    key: str
    name: str
    hex: str
    facing: int
    edges: list[int]       # edges[k]: the edge k steps clockwise from the front
    health: int
    max_health: int
    speed: int
    armor: int | None
    range: int | None
    points: int


class CardView(TypedDict):
    """A card instance in the view."""

    id: str                # "c07": a card instance, no information about the deck
    key: str
    name: str
    cost: int
    actions: list[CardAction]
    text: str
    summary: list[str]     # each action in words


class PendingView(TypedDict):
    """The card being played; while it is chosen and paid for, the other seat sees ``card`` None."""

    card: CardView | None
    paid: list[str]        # card ids marked as payment
    paid_total: int
    step: int              # index into card["actions"]
    unit: str | None       # the hex of the unit being moved
    mp_left: int
    aim: str | None        # the hex of the unit shooting


class HexBattleView(TypedDict):
    """``HexBattleState.view(seat)``."""

    game: str              # "hexbattle"
    seat: int | None       # None: a spectator
    players: int           # 2
    turn: int              # turns begun (both players' turns count)
    round: int             # rounds begun: the first player's turn and the second's are round 1
    active: int
    first: int
    actions_left: int
    phase: str             # "main" | "pay" | "resolve" | "move" | "aim" | "over"
    units: list[UnitView]
    lost: list[int]        # per seat, points of removed units
    deck: list[int]        # per seat, cards left
    hand_count: list[int]
    discard: list[list[CardView]]    # per seat, oldest first (public)
    hand: list[CardView] | None      # the seat's own hand; None for a spectator
    pending: PendingView | None
    log: list[Event]
    outcome: dict | None   # Outcome.to_dict() once the game is over
    names: list[str | None]          # the armies' names: the opponent's is None until the game ends
    army_cards: list[list[ArmyCardView] | None]   # the armies' card lists, hidden the same way
    marks: dict[str, list[dict]]     # each seat's last-move marks (FlowState.marks), public


class ArmyCardView(TypedDict):
    """One line of an army's card list in the view."""

    key: str
    name: str
    cost: int
    count: int


# ---- the army list (setup.py) -----------------------------------------------------------------
class ArmyEntry(TypedDict):
    """A stored army as the setup step lists it (``setup.list_armies``)."""

    id: str
    key: str                 # its storage key
    army: dict | None        # the parsed record; None if it is damaged
    problems: list[str]      # why it cannot start a game (empty: ready)
    error: str | None        # why it could not be read

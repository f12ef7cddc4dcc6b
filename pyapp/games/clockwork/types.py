"""Clockwork Crusade's content, records and view as typed dicts, for mypy only.

Imported only under ``TYPE_CHECKING`` (``typing`` is heavy at start-up in the browser: see
:mod:`pyapp.engine.types`); at run time every one of these is a plain dict.  The records are what
``ClockworkState.data`` keeps (``rules._setup_data``); the view is what ``ClockworkState._view`` returns
and ``render.render`` reads (hexes like ``e4``, seats 0-based, see :mod:`.rules` for the action ids).
"""
from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ...engine.types import Event

Stat = Literal["attack", "defense", "movement"]     # a unit's stats that levels and cards change (besides range)


# ---- content (data/*.json, checked by content.py) ------------------------------------------
class LevelBonus(TypedDict):
    """A level 2.0 or 3.0 bonus of a unit card."""

    stat: str              # "attack" | "defense" | "movement" | "range"
    add: int
    vs: NotRequired[str]   # only in fights against this unit type


class UnitSpec(TypedDict):
    """A unit card (``data/units.json``)."""

    key: str
    name: str
    type: str              # "soldier" | "vehicle" | "building"
    cost: int
    range: int | str       # 3 (1-3), "2-5" (Ranged Only) or 0
    attack: int
    defense: int
    movement: int
    abilities: list[str]
    level2: list[LevelBonus]
    level3: list[LevelBonus]   # complete: replaces level 2.0
    copies: int            # in the stack
    text: str
    shell: NotRequired[list[int]]  # Artillery Shell range [x, y]
    blast: NotRequired[int]        # Self Destruct radius
    token: NotRequired[bool]       # not a card of the stack (the Wall)


class SpecialSpec(TypedDict):
    """A special card (``data/specials.json``)."""

    key: str
    name: str
    effect: str            # "gain" | "bonds" | "buff" | "march" | "again" | "grant" | "sabotage" | "raid"
    target: str            # "none" | "own-unit" | "enemy-portal" | "opponent"
    copies: int
    overrides: list[str]   # the rule clauses its effect sets aside
    text: str
    amount: NotRequired[int]
    stat: NotRequired[str]
    until: NotRequired[str]    # a buff: "turn" | "next"


class GridSpec(TypedDict):
    """A Territory Grid design (``data/grids.json``): rows of ``ABCD.~`` characters."""

    key: str
    name: str
    rows: list[str]


# ---- the state's own records (rules.py, units.py) ---------------------------------------------
class UnitData(TypedDict):
    """A unit on the board, as kept in ``state.data["units"]`` (``rules._new_unit``)."""

    id: int
    card: str              # a key of content.UNITS
    owner: int
    ctrl: int              # the controller: the owner, or a Corrupt's seat until the end of the turn
    hex: str
    moved: bool
    fired: bool            # attacked or used an ability that counts as attacking
    attacks: int           # attacks made this turn (Cleave allows two)
    acted: bool
    done: bool
    salv: bool             # tried Salvage this turn
    wall: bool             # created a Portal Wall this turn
    blocked: list[int]     # unit ids that called off its attack with Stealth this turn
    targets: list[str]     # what it attacked this turn: "u<id>" or "g<hex>"
    buffs: list[list]      # [stat, amount, until ("turn" | "next"), seat that played the card]


class GateData(TypedDict):
    """A Gate Token: on ``hex``, its arrow pointing at the adjacent hex ``arrow``."""

    hex: str
    owner: int
    arrow: str


class PortalData(TypedDict):
    """A face-down portal; ``card`` is hidden from the other seats."""

    hex: str
    owner: int
    card: str
    src: str               # "gate" | "wall" | "regen"


class RollData(TypedDict):
    """The last attack roll (``data["roll"]``, shown as it is in the view)."""

    attacker: str          # hexes
    target: str
    dice: list[int]
    bonus: int
    total: int
    defense_dice: list[int] | None     # None: a fixed defense (a Building or a Gate Token)
    defense_bonus: int | None
    defense_total: int
    hit: bool
    kind: NotRequired[str]             # "attack" | "shell" | "counter" | "selfdestruct"; not for a Gate Token


class CoinData(TypedDict):
    """The last coin flip."""

    seat: int
    why: str
    heads: bool


# ---- the view -------------------------------------------------------------------------------------
class HexView(TypedDict):
    kind: str              # "territory" | "neutral" | "water"
    territory: str | None  # territory id ("5B")


class GridView(TypedDict):
    key: str
    name: str
    slot: str              # "s1".."s12"


class TerritoryView(TypedDict):
    id: str
    name: str
    hexes: list[str]
    controller: int | None  # the owner of its Gate Token


class BoardView(TypedDict):
    hexes: dict[str, HexView]
    grids: list[GridView]
    territories: list[TerritoryView]
    grids_total: int
    slots: list[str]       # the slots this game may use (house rule: the table is no bigger than its grids need)
    grids_left: list[str]  # grid keys not placed yet
    designs: list[dict]    # while grids are placed: [{key, name, rows}] of the designs left, for previews


class PortalView(TypedDict):
    hex: str
    owner: int
    source: str            # "gate" | "wall" | "regen"
    unit: str | None       # the unit key, for its owner only


class UnitView(TypedDict):
    """A unit; its stats are effective (with levels and buffs) only in its owner's view."""

    id: int
    hex: str
    owner: int
    controller: int
    card: str
    name: str
    type: str              # "soldier" | "vehicle" | "building"
    abilities: list[str]
    attack: int
    defense: int
    movement: int
    range: list[int]       # [lo, hi]
    moved: bool
    attacked: bool
    attacks: int
    done: bool


class CardView(TypedDict):
    id: str                # "c12", or "i<seat>" for a starting Infantry
    key: str
    name: str
    kind: str              # "unit" | "special"
    text: str
    starting: bool


class PlayerView(TypedDict):
    seat: int
    name: str              # the seat's colour
    resources: int
    hand_count: int
    out: bool
    turns: int
    gates: int
    territories: int
    income: int
    hand: list[CardView] | None        # only in the seat's own view
    levels: dict[str, int] | None      # unit key -> level, only in the seat's own view


class PendingView(TypedDict):
    """The open question of an attack (``stealth``, ``scapegoat``, ``counter``) or after heads
    (``assassinate``, ``corrupt``)."""

    kind: str
    seat: int              # the seat asked
    attacker: str | None   # hexes
    target: NotRequired[str | None]    # not for assassinate/corrupt


class ClockworkView(TypedDict):
    """``ClockworkState.view(seat)``."""

    game: str              # "clockwork"
    seat: int | None       # None: a spectator
    players: int
    names: list[str]       # the seats' colours
    phase: str             # "grids" | "gates" | "control" | "portal" | "main" | "draw" | "round" | "over"
    active: int | None
    first: int
    start: int             # the seat that won the roll for the first turn
    turn: int
    turn_limit: int | None  # None: the players switched the round limit off
    board: BoardView
    gates: list[GateData]
    portals: list[PortalView]
    units: list[UnitView]
    player_info: list[PlayerView]
    stack: int             # cards left in the stack
    research_cost: int
    researched: bool
    gate_destroyed: bool
    pending: PendingView | None
    place: str | None      # the Building awaiting placement
    roll: RollData | None
    coin: CoinData | None
    drawn: CardView | None  # the card this seat gained last from the stack or a raid
    log: list[Event]
    marks: dict[str, list[dict]]   # every seat's last move: {"<seat>": [{kind, at: [hex|slot...], text?}]}
    outcome: dict | None   # Outcome.to_dict() once the game is over

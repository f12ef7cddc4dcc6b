"""Cloudspire's state data as typed dicts, for mypy and for the data test (tests/cloudspire/test_cloudspire_types.py).

Imported only under ``TYPE_CHECKING`` in the game (``typing`` is heavy at start-up in the browser: see
:mod:`pyapp.engine.types`); at run time every one of these is a plain dict.  ``CloudData`` is what
``CloudspireState.data`` keeps (``rules._setup`` writes it; the mixins of deploy, economy, battle, onslaught
and the automa read and write it).  Seats index the per-seat lists (``n`` fortresses, the Raider Fortress
last in solo and co-operative play); places are hex names (``"e6"``); units, chips, heroes, spires, scapes,
landmarks, events and relics are content ids (:mod:`.content`).
"""
from __future__ import annotations

from typing import Any, Mapping, TypedDict


class GateData(TypedDict):
    """A fortress's gate (``data["gate"][seat]``)."""

    health: int
    max: int


class BarracksData(TypedDict):
    """What a fortress has not fielded yet: minion chips and spires left, by type."""

    minions: dict[str, int]
    spires: dict[str, int]


class _HeroBase(TypedDict):
    level: int
    equip: list[str]


class HeroData(_HeroBase, total=False):
    """A hero's level and the equipment chips under it; ``shown``: those already revealed (CS-STK-10)."""

    shown: list[str]


class OwnedData(TypedDict):
    """What a fortress bought from the market: minion chips and fortress scapes."""

    chips: list[str]
    scapes: list[str]


class MarketData(TypedDict):
    deck: list[str]                 # face down, top last
    discard: list[str]
    face: list[str]                 # the cards on offer
    scapes: list[str]               # the scape pile, face down
    scape_discard: list[str]
    scape_face: str | None          # the scape on offer


class EventsData(TypedDict):
    deck: list[str]                 # face down
    discard: list[str]
    current: str | None             # this wave's event


class LandmarkData(TypedDict):
    """A landmark space (``data["landmarks"][hex]``): its tile, face up or not, and who has seen it."""

    tile: str
    up: bool
    health: int
    known: list[int]                # seats that have looked at it face down
    hit: bool


class SpireData(TypedDict):
    """A spire on the map (``data["spires"][id]``)."""

    owner: int
    type: str
    hex: str
    ups: list[str]                  # upgrades taken
    cap: int


class _UnitBase(TypedDict):
    owner: int
    hero: str | None                # the hero's id, or None for a group of minion chips
    chips: list[str]                # minion chips, the top first (hidden below the top, CS-STK-4)
    hex: str
    hp: int
    moved: bool
    attacked: bool
    hit: bool
    idle: bool
    camp: bool


class UnitData(_UnitBase, total=False):
    """A unit on the map (``data["units"][id]``): a hero or a group of minion chips."""

    promoted: bool                  # a promoted Griege minion
    fused: bool                     # a Shada elemental (its chips are public)


class StackEntry(TypedDict, total=False):
    """One entry of a deployment stack: a hero, or a group of minion chips (one of the two keys)."""

    hero: str
    chips: list[str]


# a unit to read (its type, talents, stats, label): a unit on the map, or a stand-in for one still in its stack
# or about to be placed (``{"owner", "hero", "chips", "hex"}``)
UnitRead = Mapping[str, Any]


class StatsData(TypedDict):
    """Public facts for the end screen, per seat."""

    earned: list[int]
    lost: list[int]
    spires: list[int]
    explored: list[int]
    out_wave: list[int | None]      # the wave a fortress fell in


class CloudSetup(TypedDict):
    """What ``CloudspireState._setup`` adds to the engine's ``flow`` record."""

    wave: int
    round: int
    factions: list[str]
    source: list[int]               # Source per seat
    adv: list[dict[str, int]]       # per seat, advancement cards -> count
    gate: list[GateData]
    out: list[int]                  # seats whose gate fell
    gate_damage: list[int]
    barracks: list[BarracksData]
    heroes: list[dict[str, HeroData]]
    owned: list[OwnedData]
    bought_scape: list[bool]
    market: MarketData
    events: EventsData
    relic_deck: list[str]
    relic_discard: list[str]
    relics: list[list[str]]         # per seat, held relics (hidden from the others)
    lm_pool: list[str]              # landmark tiles not on the map, face down
    landmarks: dict[str, LandmarkData]
    placed: dict[str, str]          # hex -> the scape placed there
    scape_terrain: dict[str, str]   # hex -> terrain of a placed scape
    spires: dict[str, SpireData]
    units: dict[str, UnitData]
    next_id: int
    marks: list[int | None]         # per seat, the gate it marked this wave
    cp: list[int]                   # Command Points per seat
    picked: list[list[str]]         # per seat, the units selected for the wave
    stacks: list[list[StackEntry]]  # per seat, the deployment stack, top first
    camp: list[list[str]]           # per seat, heroes in camp
    limited: list[int]
    hero_moved: list[str]
    wave_over: bool
    stats: StatsData


class _CloudData(CloudSetup):
    flow: dict[str, Any]            # the engine's FlowState record (phase, stack of frames, prompt, order)


class CloudData(_CloudData, total=False):
    """``CloudspireState.data``: the whole game between two actions."""

    gate_at: list[str]              # per seat, where its gate stands, once an airship fortress moved (CS-GAP-76)
    airship_moved: dict[str, int]   # str(seat) -> the wave its airship last moved in

"""Ice Fortress's records and view as typed dicts, for mypy (and for the view test).

Imported only under ``TYPE_CHECKING`` in the game (``typing`` is heavy at start-up in the browser: see
:mod:`pyapp.engine.types`); at run time every one of these is a plain dict.  The records are what
``IceState.data`` keeps (``rules._setup_data``); the view is what ``IceState._view`` returns and
``render.render`` reads.  Places are strings: a square ``"J03.a"``, a group ``"J03.g1"``, a bottom space
``"base:2"`` (see :mod:`.fortress`); elements are ``"fire" | "water" | "earth" | "air"``.
"""
from __future__ import annotations

from typing import TypedDict

from ...engine.types import Event


# a character (its seat: solo, both are seat 0; its card ids) with its title and dice; "class" is a keyword,
# hence the functional form
CharView = TypedDict("CharView", {
    "seat": int, "name": str, "class": str, "abilities": list[str],
    "title": str,          # "Brisa the Keen Bold Mason" (the advanced title once the name cards flip)
    "dice": int,           # dice depicted on its cards
})


class RoomData(TypedDict):
    """A built room (``data["rooms"][card]``)."""

    on: str                      # "base:k" or "<room>.<group>"
    level: int                   # 1 on the foundation board
    pillars: dict[str, int]      # square -> die value
    inv: dict[str, str]          # square -> invader element
    ginv: dict[str, str]         # group -> earth invader
    top: dict[str, str]          # group -> the room card built on it


class Spent(TypedDict):
    """What a power used this turn cost (returned after the supply check)."""

    shards: list[str]
    dice: list[int]


class BeaconSide(TypedDict):
    """One element's Invader/Beacon card on the foundation board."""

    card: str              # "fire-1"...
    side: str              # "invader" | "beacon"
    ability: str           # the invader ability: "active" | "neutralized" | "beacon" (ended)


class SupplyView(TypedDict):
    rooms: list[str]             # room card ids, in the order they came
    shards: dict[str, int]       # element -> count


class Selection(TypedDict, total=False):
    """The die or supply room picked in step 2 (one of the two keys)."""

    die: int
    room: str


class PullData(TypedDict):
    """Step 3 so far: invaders to pull, pulled, and where each went ("shield": it attacked)."""

    total: int
    done: int
    seen: list[list[str]]        # [element, place | "shield"]


class IceView(TypedDict):
    """What ``IceState.view(seat)`` returns; the same for every seat (nothing is hidden between players)."""

    game: str                    # "icefortress"
    seat: int | None
    players: int
    solo: bool
    phase: str                   # "setup" | "turn"
    step: int                    # 0 setup, 1 roll, 2 build, 3 invaders
    step_text: str
    cur: int                     # the acting character (solo: 0 or 1)
    active: int | None           # its seat during the turn phase
    to_act: list[int]
    prompt: str | None           # the kind of the open question ("land", "flood", "pay", "fx", "limit")
    difficulty: int
    shield: int
    turns: int
    chars: list[CharView]
    dealt: list[list[str]]       # ability cards still to keep or discard, per seat
    flipped: bool                # the name cards show their advanced side
    powers: list[str]            # the acting character's power keys
    used: list[str]              # powers used this turn
    spent: dict[str, Spent]
    ib: dict[str, BeaconSide]    # element -> its Invader/Beacon card
    beacons: list[str]           # elements lit, in order
    decks: dict[str, int]        # size -> cards left (the order is hidden)
    bag: int                     # figures in the bag (which ones is hidden)
    supply: SupplyView
    base: list[str | None]       # the foundation board's bottom spaces
    rooms: dict[str, RoomData]
    pool: int                    # dice left in the pool
    dice: list[int]              # rolled and not yet placed or spent
    sel: Selection | None
    hints: dict[str, str]        # place -> why it refuses the selected die or room
    withheld: int                # dice withheld by air invaders at the roll
    short: int                   # dice the empty pool could not give
    depicted: int
    to_pull: int
    pull: PullData
    last: list[str | None]       # per seat: the place of its last pillar or room
    marks: dict[str, list[dict]]  # per seat ("0".."3"): its last move's marks (FlowState.marks)
    quiet: int                   # whole turns since a room was last built
    siege: int                   # ... and how many of those lose the game (house rule)
    log: list[Event]
    outcome: dict | None         # Outcome.to_dict() once the game is over

"""Lords of Doomspire's view as typed dicts, for mypy only.

Imported only under ``TYPE_CHECKING`` (``typing`` is heavy at start-up in the browser: see
:mod:`pyapp.engine.types`); at run time every one of these is a plain dict.  The view is what
``DoomspireState._view`` returns and ``render.render`` and the bots read (docs/notes/doomspire.md).
The state's own data (``state.data``) stays a plain ``dict``: its keys are described in
``DoomspireState._setup_data``.
"""
from __future__ import annotations

from typing import Required, TypedDict

from ...engine.types import Event


# ---- the state's own records (state.data) -----------------------------------------------------
class KnightData(TypedDict):
    """A knight, as kept in ``state.data["players"][seat]["knights"]``."""

    id: str                      # "k1", "k2"... per lord
    at: str                      # a tile
    items: list[str]             # item ids (``state.data["items"]``: id -> content key)
    followers: list[str]         # follower keys
    done: bool                   # has interacted this round (LD-TILE-7)


class Monster(TypedDict):
    """A monster on a tile, in the state and in the view: a drawn monster card, or the bear guarding
    a tile (``card`` None)."""

    name: str
    might: int
    fame: int
    loot: dict[str, int]   # resource -> count
    theme: str             # "beast" | "cave" | "grove"
    card: str | None       # the card id, to discard once it is beaten


# tile -> [(seat, knight)], as ``DoomspireBase.occ()`` builds it
Occupancy = dict[str, list[tuple[int, KnightData]]]


# ---- the view ---------------------------------------------------------------------------------
# ``yield`` is a keyword: the functional form.  An unexplored tile has only ``explored``, ``region`` and
# ``knights``; ``protected`` and ``blockaded_by`` are there only for an owned home or resource tile.
TileView = TypedDict("TileView", {
    "explored": Required[bool],
    "region": Required[str],             # "plains" | "hills" | "mountains"
    "knights": Required[list[list]],     # [[seat, knight id], ...]
    "type": str,                         # content.TILE_TYPES
    "name": str,
    "owner": int | None,                 # a seat, -1 for a conceded lord's tile, None unclaimed
    "home_of": int | None,
    "monster": Monster | None,
    "tokens": int,                       # adventure tokens left
    "tier": int | None,
    "yield": dict[str, int] | None,
    "starred": bool,
    "items": list[list[str]],            # [[item id, item key], ...] lying there
    "doomspire": bool,
    "protected": bool,
    "blockaded_by": int | None,
}, total=False)


class KnightView(TypedDict):
    id: str                      # "k1"
    at: str                      # a tile
    items: list[list[str]]       # [[item id, item key], ...]
    followers: list[str]         # follower keys
    done: bool                   # has interacted this round


class BoatView(TypedDict):
    id: str                      # "b1"
    z: str                       # sea zone: "nw" | "ne" | "se" | "sw"


class PlayerView(TypedDict):
    """A lord, as every seat sees it (only ``roll_choice`` is secret during the roll phase)."""

    seat: int
    fame: int
    might: int
    res: dict[str, int]          # gold, food, wood, ore
    home: str
    knights: list[KnightView]
    boats: list[BoatView]
    warship: bool
    buildings: list[str]
    dice: list[int]
    used: list[bool]             # per die
    out: bool                    # conceded
    impressions: int
    tiles: int                   # claimed home and resource tiles
    flags: int                   # flags not yet placed (ten per lord, home included)
    starred: int
    rolled: bool                 # has chosen how many dice to roll
    roll_choice: int | None      # None: not chosen, or another lord's secret choice


class PromptView(TypedDict, total=False):
    """The open question; ``opts`` ([id, label] pairs) only for the seat asked."""

    seat: Required[int]
    kind: Required[str]          # a key of rules.PROMPTS
    text: Required[str]
    opts: list[list[str]]


class DeckView(TypedDict):
    count: int
    next_theme: str | None       # the top card's theme is public (LD-UI-20)


class WindowView(TypedDict):
    """The voluntary interactions open after a knight's entry."""

    seat: int
    knight: str
    tile: str
    acts: list[str]              # what was done in it already


class DraftView(TypedDict):
    """A trade offer being drafted (only its author sees it): to whom, what is given, what is asked."""

    to: int
    give: dict[str, int]
    get: dict[str, int]


class DoomspireView(TypedDict):
    """``DoomspireState.view(seat)``."""

    game: str                    # "doomspire"
    seat: int | None             # None: a spectator
    round: int
    phase: str                   # "roll" | "move" | "harvest" | "ranking" | "over"
    first: int                   # holds the first-player token
    active: int | None           # whose move turn it is
    to_act: list[int]
    tiles: dict[str, TileView]
    players: list[PlayerView]
    decks: dict[str, DeckView]   # tier ("1".."3") -> deck
    discards: dict[str, list[str]]
    trader: dict[str, int]       # item key -> stock
    hoard: list[dict[str, int]] | None   # the dragon's treasure stacks; None until Doomspire is found
    impressions: list[int]       # seats, in order
    prompt: PromptView | None
    frame: dict | None           # the frame being resolved (a fight's figures...), a JSON copy
    window: WindowView | None
    log: list[Event]
    outcome: dict | None         # Outcome.to_dict() once the game is over
    titles: list[str] | None     # the final ranking's titles, place by place
    draft: DraftView | None      # the viewing seat's own trade offer in the making (harvest.py)
    marks: dict[str, list[dict]]  # each lord's last move on the board (FlowState.marks): "<seat>" -> [{kind, at, text?}]

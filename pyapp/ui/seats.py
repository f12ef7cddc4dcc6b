"""Who sits in a seat: the bot a new seat gets, the bots a seat's list offers, a seat's name.

A seat is ``human`` or ``bot:<name>`` (the names of :func:`pyapp.bots.available`).  Used by the setup screen, by
links (``seats=human,bot``), by the hints (:mod:`pyapp.ui.hints`) and by the tools.
"""
from __future__ import annotations

from .. import bots as botlib
from ..engine import saves
from .markup import isolate

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any


def best_bot(game_id: str) -> str:
    """The strongest bot a game has (what ``bot`` means in a link's ``seats``): its ``hard`` level (``level = 3``)
    where it has levels, else the highest ``strength`` attribute, else the last registered, else random."""
    avail = botlib.available(game_id)
    hard = [name for name, cls in avail.items() if getattr(cls, "level", None) == 3]
    if hard:
        return hard[0]
    ranked = [(getattr(cls, "strength", i), name) for i, (name, cls) in enumerate(avail.items())]
    return max(ranked)[1] if ranked else "random"


def new_seat_bot(game_id: str) -> str:
    """The bot a new setup puts in a bot seat: the game's ``normal`` level (``level = 2``) where it has levels,
    else its strongest bot."""
    for name, cls in botlib.available(game_id).items():
        if getattr(cls, "level", None) == 2:
            return name
    return best_bot(game_id)


def first_game_bot(game_id: str) -> str:
    """The bot a player's first game of a title gets in its bot seats: the game's ``easy`` level (``level = 1``)
    where it has levels, else what any new setup gets (:func:`new_seat_bot`)."""
    for name, cls in botlib.available(game_id).items():
        if getattr(cls, "level", None) == 1:
            return name
    return new_seat_bot(game_id)


def offered_bots(game_id: str, chosen: str) -> list[tuple[str, Any]]:
    """The bots a seat's list offers: random, then the game's levels (``level`` 1-3, by level) where it has
    them, else every bot; a bot marked ``listed = False`` or left out stays playable (links, saves) and is
    offered when it is the one ``chosen``."""
    avail = botlib.available(game_id)
    levels = sorted(((c.level, n) for n, c in avail.items() if isinstance(getattr(c, "level", None), int)))
    names = ["random"] + [n for _lv, n in levels] if levels else list(avail)
    names = [n for n in names if n in avail and getattr(avail[n], "listed", True)]
    if chosen.startswith("bot:") and chosen[4:] in avail and chosen[4:] not in names:
        names.append(chosen[4:])
    return [(n, avail[n]) for n in names]


def seat_name(game_id: str, i: int, seat: str, typed: str = "") -> str:
    """The name seat ``i`` plays under: the typed one, the bot's (``Greedy bot``), else ``Player <i + 1>``."""
    if typed.strip():                    # outside text: directional controls dropped, right-to-left isolated
        return isolate(typed) or seat_name(game_id, i, seat)
    if seat.startswith("bot:"):                 # its short name: "Crusader bot", not "Crusader (plays to win) bot"
        cls = botlib.available(game_id).get(seat[4:]) if game_id else None
        return f"{str(getattr(cls, 'label', seat[4:])).split(' (')[0]} bot" if cls else seat[4:]
    return f"Player {i + 1}"


def joined(names: list, together: bool) -> str:
    """The seats' names in a game's title: ``Ann vs Bo``, or ``Ann with Bo`` for teammates.

    >>> joined(["Ann", "Bo"], False), joined(["Ann", "Keeper bot"], True)
    ('Ann vs Bo', 'Ann with Keeper bot')
    """
    return (" with " if together else " vs ").join(names)


def distinct(names: list) -> list:
    """Number repeated names so a banner never names two seats alike.

    >>> distinct(["Greedy bot", "Ann", "Greedy bot"])
    ['Greedy bot 1', 'Ann', 'Greedy bot 2']
    """
    out = []
    for i, n in enumerate(names):
        if names.count(n) > 1:
            n = f"{n} {names[:i + 1].count(n)}"
        out.append(isolate(n, saves.MAX_NAME + 10) or isolate(f"Player {i + 1}"))
    return out

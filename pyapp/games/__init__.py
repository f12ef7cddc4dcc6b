"""The game registry.

>>> [g["id"] for g in catalog()]
['hexbattle', 'doomspire', 'clockwork', 'icefortress', 'cloudspire']
"""
from __future__ import annotations

import importlib

# id, title, min players, max players, one-line description, ready to play
_CATALOG = (
    ("hexbattle", "Hex Battle", 2, 2,
     "Two armies of hexagonal units clash edge to edge on an 8x16 field, driven by command cards.", True),
    ("doomspire", "Lords of Doomspire", 2, 4,
     "Knights explore an island, fight monsters, build and trade to impress the dragon of Doomspire.", True),
    ("clockwork", "Clockwork Crusade", 2, 6,
     "Assemble the battlefield, open secret portals and research levelled war machines.", True),
    ("icefortress", "Ice Fortress", 1, 4,
     "Build a fortress of elemental ice rooms together and raise four beacons before the shield breaks.", True),
    ("cloudspire", "Cloudspire", 1, 4,
     "Advance your floating fortress, raise spires and send minions and heroes at rival fortresses.", True),
)

# buttons a game's own setup step (Game.setup_step, see pyapp/ui/steps.py) adds to its card on the shelf:
# (data-nav, label); the app routes those navs to the step.  Here, not on the Game, so the shelf imports no game.
_SHELF = {"hexbattle": (("armies", "Armies"),)}


def catalog() -> list[dict]:
    """Every game on the shelf: id, title, player counts, description, whether it is playable yet,
    and the ``shelf`` buttons of its own setup step."""
    return [{"id": i, "title": t, "min_players": lo, "max_players": hi, "description": d, "ready": r,
             "shelf": [list(b) for b in _SHELF.get(i, ())]}
            for i, t, lo, hi, d, r in _CATALOG]


def get(game_id: str):
    """The :class:`~pyapp.engine.Game` for ``game_id`` (``LookupError`` if unknown or not playable yet)."""
    for i, t, _lo, _hi, _d, ready in _CATALOG:
        if i == game_id:
            if not ready:
                raise LookupError(f"{t} is coming soon and cannot be played yet")
            return importlib.import_module(f"pyapp.games.{game_id}").GAME
    raise LookupError(f"no game with id {game_id!r}")

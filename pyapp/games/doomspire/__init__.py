"""Lords of Doomspire: knights, monsters and a dragon to impress (game id ``doomspire``)."""
from .rules import GAME, DoomspireState

__all__ = ["GAME", "DoomspireState"]

"""Ice Fortress: a cooperative tower of elemental ice rooms (game id ``icefortress``)."""
from .rules import GAME, IceState

__all__ = ["GAME", "IceState"]

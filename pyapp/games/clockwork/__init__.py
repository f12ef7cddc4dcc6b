"""Clockwork Crusade: assembled territory grids, secret portals, levelled war machines (game id ``clockwork``)."""
from .rules import GAME, ClockworkState

__all__ = ["GAME", "ClockworkState"]

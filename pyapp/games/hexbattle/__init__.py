"""Hex Battle: two armies of hexagonal units and command cards (game id ``hexbattle``)."""
from .rules import GAME, HexBattleState

__all__ = ["GAME", "HexBattleState"]

"""Cloudspire: floating fortresses, spires, and waves of minions and heroes (game id ``cloudspire``)."""
from .rules import GAME, CloudspireState

__all__ = ["GAME", "CloudspireState"]

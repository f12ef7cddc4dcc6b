"""Engine contract shared by every game: actions, states, games, rng, saves, and the game kit.

The kit: :mod:`.flow` (phases, turn order, prompts), :class:`Outcome` for every kind of game,
self-describing :class:`Option`, :mod:`.hexgrid`, :mod:`.piles`, :mod:`.content` (data files with a
schema check), :mod:`.log` (structured events).  docs/adding-a-game.md walks through a new game.
"""
from .core import Action, Game, IllegalAction, Option, Outcome, State, STATE_FORMAT
from .rng import Rng

__all__ = ["Action", "Game", "IllegalAction", "Option", "Outcome", "State", "Rng", "STATE_FORMAT"]

"""Engine contract shared by every game: actions, states, games, rng, saves."""
from .core import Action, Game, IllegalAction, Option, Outcome, State, STATE_FORMAT
from .rng import Rng

__all__ = ["Action", "Game", "IllegalAction", "Option", "Outcome", "State", "Rng", "STATE_FORMAT"]

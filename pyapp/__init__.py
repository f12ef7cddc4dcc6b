"""Boardshelf: rules-enforced tabletop games, pure Python, for the browser and CPython.

>>> from pyapp import games
>>> g = games.get("hexbattle")
>>> s = g.new(2, seed=7)
>>> s.to_act in ((0,), (1,))
True
"""
from .engine import Action, IllegalAction, Outcome

__version__ = "0.1.0"
__all__ = ["Action", "IllegalAction", "Outcome", "__version__"]

"""Bots: every seat of every game can be played by one.

A bot is an object with ``name``, ``label`` and ``choose(state, seat) -> action_id``, and, so that the
browser can keep the page answering while it thinks, ``think(state, seat)``: a generator that yields
between short pieces of its thinking and returns the same action id (``choose`` usually drives it:
:func:`pyapp.bots.levels.drive`).
It keeps its own :class:`~pyapp.engine.Rng` (never the game's, so watching a bot
think cannot change the game) and only reads ``state.view(seat)`` and
``state.legal_actions(seat)`` -- plus, for search bots, copies of the state
made with :meth:`~pyapp.engine.State.clone` that are never shown to anyone.

``random`` is available for every game; a game adds its own in
``pyapp/games/<id>/bots.py`` as ``BOTS = {"greedy": GreedyBot, ...}``.

Levels: a game registers ``easy``, ``normal`` and ``hard`` first (so :func:`available` lists
random, easy, normal, hard, then older bots kept for links, saves and comparisons).  A level class
has ``level`` (1, 2 or 3), a ``label`` for players and a ``blurb`` (one sentence on how it plays);
the setup screen offers ``random`` and the classes that have a ``level``
(:mod:`pyapp.bots.levels` has the building blocks).
"""
from __future__ import annotations

import importlib

from ..engine import Rng


class RandomBot:
    """Picks uniformly among the legal actions, except that it never gives up: actions of
    kind ``"concede"`` (conceding, resigning) are chosen only when nothing else is legal."""

    name = "random"
    label = "Random (beginner)"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=7)

    def choose(self, state, seat: int) -> str:
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        playing = [a for a in actions if a.kind != "concede"]
        return self.rng.choice(playing or actions).id

    def think(self, state, seat: int):
        """:meth:`choose` as one quick step (the same choice; see :mod:`pyapp.bots.levels`)."""
        return self.choose(state, seat)
        yield                                                  # a generator (never reached)


def available(game_id: str) -> dict:
    """name -> bot class for ``game_id`` (``random`` first)."""
    bots = {"random": RandomBot}
    try:
        mod = importlib.import_module(f"pyapp.games.{game_id}.bots")
    except ModuleNotFoundError as exc:
        if exc.name != f"pyapp.games.{game_id}.bots":
            raise
    else:
        bots.update(mod.BOTS)
    return bots


def make(game_id: str, name: str, seed: int = 0):
    """A new bot called ``name`` for ``game_id``."""
    bots = available(game_id)
    if name not in bots:
        raise LookupError(f"no bot {name!r} for {game_id} (have: {', '.join(bots)})")
    return bots[name](seed)

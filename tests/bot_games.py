"""Walk through a game the bots play, one decision at a time (the renderer tests draw each position)."""
from __future__ import annotations

from pyapp import bots, games


def bot_game(game_id: str, players: int, seed: int, names: list[str], options=None, limit: int = 100000):
    """Yield (state, seat to act) before every action of a ``players``-seat game of ``game_id`` (seat i
    played by bot ``names[i % len(names)]``, seeded ``seed * 7 + i``), then (state, None) once the game
    is over or ``limit`` actions were played."""
    state = games.get(game_id).new(players, seed, options)
    seats = [bots.make(game_id, names[i % len(names)], seed * 7 + i) for i in range(players)]
    for _ in range(limit):
        if state.is_over:
            break
        seat = state.to_act[0]
        yield state, seat
        state.apply(seat, seats[seat].choose(state, seat))
    yield state, None

"""Ice Fortress bot games and its hidden decks.  The engine contract over random games (round trips, to_act/legal
agreement, illegal ids, undo, replay, hidden information) is checked for every ready game, this one included at
1-4 players, by tests/engine/test_random_simulation.py."""
from __future__ import annotations

import pytest

from pyapp import bots
from pyapp.engine import Rng
from pyapp.games.icefortress import GAME


def test_hidden_decks_really_are_reshuffled():
    st = GAME.new(2, 3)
    orders = {tuple(st.resample_hidden(0, Rng(k)).data["decks"]["large"]) for k in range(5)}
    assert len(orders) > 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_planner_bot_games_finish(players):
    for g in range(2):
        state = GAME.new(players, 900 + g)
        seat_bots = [bots.make("icefortress", "planner", 31 * g + i) for i in range(players)]
        n = 0
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, seat_bots[seat].choose(state, seat))
            n += 1
            assert n < 20000
        out = state.outcome()
        assert out.cooperative and out.kind in ("team-win", "team-loss") and out.winners in ((), tuple(range(players)))

"""Cloudspire random games through the engine contract (as tests/test_random_simulation.py does for
ready games): JSON round trips, to_act/legal agreement, illegal ids rejected, undo, replay, and
hidden information (views and legal actions unchanged on resampled copies)."""
from __future__ import annotations

import json
import random

import pytest

from pyapp.engine import IllegalAction
from pyapp.engine.rng import Rng
from pyapp.games.cloudspire import GAME


def check(state):
    text = state.to_json()
    assert GAME.from_json(text).to_json() == text
    to_act = state.to_act
    assert to_act
    for seat in range(state.players):
        acts = state.legal_actions(seat)
        if seat in to_act:
            assert acts and len({a.id for a in acts}) == len(acts) and all(a.id and a.label for a in acts)
        else:
            assert acts == []
    for bad in ("nope", "", "atk:u999:z99"):
        with pytest.raises(IllegalAction):
            state.apply(to_act[0], bad)
        assert state.to_json() == text
    for seat in list(range(state.players)) + [None]:
        json.dumps(state.view(seat))


def hidden(state, k):
    for seat in range(state.players):
        copy = state.resample_hidden(seat, Rng(k))
        assert copy.view(seat) == state.view(seat)
        assert copy.legal_actions(seat) == state.legal_actions(seat)


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_random_games_keep_the_contract(players, seed):
    state = GAME.new(players, seed)
    r = random.Random(seed)
    steps = undos = 0
    while not state.is_over:
        if steps % 7 == 0:
            check(state)
        if steps % 23 == 0:
            hidden(state, steps)
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        prefer = [a for a in acts if a.id not in ("pass", "done", "end")] if r.random() < 0.6 else acts
        state.apply(seat, r.choice(prefer or acts).id)
        if state.can_undo(seat) and r.random() < 0.05 and undos < 5:
            back = state.undo(seat)
            assert back.history == state.history[:-1]
            undos += 1
        steps += 1
        assert steps < 20000
    assert state.outcome() is not None and state.to_act == ()
    assert GAME.replay(players, seed, state.options, state.history) == state

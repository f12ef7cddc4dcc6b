"""Ice Fortress through the engine contract: random games to the end (round trips, to_act/legal agreement,
illegal ids, undo, replay, hidden information), and bot games."""
from __future__ import annotations

import json

import pytest

from pyapp import IllegalAction, bots
from pyapp.engine import Rng
from pyapp.games.icefortress import GAME


def _check_step(state):
    text = state.to_json()
    again = GAME.from_json(text)
    assert again.to_json() == text
    to_act = state.to_act
    assert to_act
    for seat in range(state.players):
        acts = state.legal_actions(seat)
        if seat in to_act:
            assert acts and len({a.id for a in acts}) == len(acts) and all(a.id and a.label for a in acts)
        else:
            assert acts == []
    for bad in ("nope", "pillar:Z99.a", "", "build:base:9", "power:A99"):
        with pytest.raises(IllegalAction):
            state.apply(to_act[0], bad)
        assert state.to_json() == text
    for seat in list(range(state.players)) + [None]:
        json.dumps(state.view(seat))


def _check_hidden(state, k):
    """Redealing what a seat cannot see (deck order, bag order) changes neither its view nor its actions."""
    for seat in range(state.players):
        copy = state.resample_hidden(seat, Rng(k))
        assert copy.view(seat) == state.view(seat)
        assert copy.legal_actions(seat) == state.legal_actions(seat)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_the_contract(players):
    for g in range(3):
        seed = 500 + 10 * players + g
        state = GAME.new(players, seed)
        bot = bots.make("icefortress", "random", seed=g)
        steps = undos = 0
        while not state.is_over:
            if steps % 3 == 0:
                _check_step(state)
            if steps % 7 == 0:
                _check_hidden(state, steps)
            seat = state.to_act[0]
            before = state.to_json()
            state.apply(seat, bot.choose(state, seat))
            if steps % 5 == 0 and state.can_undo(seat):
                assert state.undo(seat).to_json() == before
                undos += 1
            steps += 1
            assert steps < 5000
        assert undos >= 1
        assert state.to_act == () and all(state.legal_actions(s) == [] for s in range(players))
        out = state.outcome()
        assert out.cooperative and out.kind in ("team-win", "team-loss")
        assert GAME.replay(players, seed, state.options, state.history).to_json() == state.to_json()


def test_hidden_decks_really_are_reshuffled():
    st = GAME.new(2, 3)
    orders = {tuple(st.resample_hidden(0, Rng(k)).data["decks"]["large"]) for k in range(5)}
    assert len(orders) > 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_hard_bot_games_finish(players):
    for g in range(2):
        state = GAME.new(players, 900 + g)
        seat_bots = [bots.make("icefortress", "hard", 31 * g + i) for i in range(players)]
        n = 0
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, seat_bots[seat].choose(state, seat))
            n += 1
            assert n < 20000
        assert state.outcome().kind in ("team-win", "team-loss")

"""Cloudspire random games through the engine contract (as tests/engine/test_random_simulation.py does for
ready games): JSON round trips, to_act/legal agreement, illegal ids rejected, undo, replay, and
hidden information (views and legal actions unchanged on resampled copies)."""
from __future__ import annotations

import json
import random

import pytest

from pyapp.engine import IllegalAction
from pyapp.engine.rng import Rng
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire.content import PART1, PLAYABLE


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


def play_randomly(state, seed: int, check_every: int, hidden_every: int, undo: bool = False):
    """A random game to its end, mostly past the passing actions, checking the contract (and the hidden facts)
    every few steps, with a few undos if ``undo``; then the outcome and the replay."""
    r = random.Random(seed)
    steps = undos = 0
    while not state.is_over:
        if steps % check_every == 0:
            check(state)
        if steps % hidden_every == 0:
            hidden(state, steps)
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        prefer = [a for a in acts if a.id not in ("pass", "done", "end")] if r.random() < 0.6 else acts
        state.apply(seat, r.choice(prefer or acts).id)
        if undo and state.can_undo(seat) and r.random() < 0.05 and undos < 5:
            back = state.undo(seat)
            assert back.history == state.history[:-1]
            undos += 1
        steps += 1
        assert steps < 20000
    assert state.outcome() is not None and state.to_act == ()
    assert GAME.replay(state.players, seed, state.options, state.history) == state


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_random_games_keep_the_contract(players, seed):
    play_randomly(GAME.new(players, seed), seed, 7, 23, undo=True)


PART2 = [f for f in PLAYABLE if f not in PART1]


@pytest.mark.parametrize("faction", PART2)
def test_random_games_with_every_part_2_faction(faction):
    """Every faction appears in some random game (against each part-1 faction in turn, seats swapped),
    with the same contract checks as above, less often."""
    i = PART2.index(faction)
    rival = PART1[i % len(PART1)]
    for k, factions in enumerate(([faction, rival], [rival, faction])):
        seed = 300 + 10 * i + k
        play_randomly(GAME.new(2, seed, {"factions": factions}), seed, 29, 41)

"""Random play frees everything as it goes: no move listing or rule leaves a reference cycle for the cyclic garbage
collector (a nested function that calls itself is one: Doomspire's knight routes and Cloudspire's minion walks each
left thousands of objects a game, and the collector's pauses cost a search bot's playouts about a tenth of their
time).  Every game, at its fewest and most players the speed table measures."""
from __future__ import annotations

import gc

import pytest

from pyapp import games
from pyapp.engine.rng import Rng

ROWS = [("hexbattle", 2), ("doomspire", 2), ("doomspire", 4), ("clockwork", 2), ("clockwork", 4),
        ("icefortress", 2), ("cloudspire", 2), ("cloudspire", 4)]


@pytest.mark.parametrize("game_id,players", ROWS)
def test_random_play_leaves_no_garbage_for_the_cycle_collector(game_id, players):
    game = games.get(game_id)
    rng = Rng(11, stream=3)
    gc.collect()
    gc.disable()
    try:
        actions, games_played = 0, 0
        while actions < 600:                   # new games (Ice Fortress's random team loses early) up to 600 actions
            games_played += 1
            st = game.new(players, 4 + games_played)
            while not st.is_over and actions < 600:
                seat = st.to_act[0]
                acts = st.legal_actions(seat)
                playing = [a for a in acts if a.kind != "concede"] or acts
                st.apply(seat, playing[rng.below(len(playing))].id)
                actions += 1
        del st
        assert gc.collect() == 0
    finally:
        gc.enable()

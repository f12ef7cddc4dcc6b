"""Clockwork Crusade's view matches its typed description (pyapp/games/clockwork/types.py, ``ClockworkView``).

mypy checks the code that builds the view against the description; this checks the values: real views of
random games at every player count, every few steps, for every seat and for no seat (``None``), walked key
by key (missing, extra and mistyped keys all fail).
"""
from __future__ import annotations

import pytest

from pyapp import bots
from pyapp.games.clockwork import GAME
from pyapp.games.clockwork.types import ClockworkView

from typed_data import conforms

GAMES = 1


@pytest.mark.parametrize("players", range(GAME.min_players, GAME.max_players + 1))
def test_views_match_the_typed_description(players):
    checked = 0
    for g in range(GAMES):
        state = GAME.new(players, 60 + g)
        bot = bots.make("clockwork", "random", g)
        n = 0
        while True:
            if n % 11 == 0 or state.is_over:
                for seat in [None, *range(players)]:
                    problems = conforms(state.view(seat), ClockworkView, "view")
                    assert problems == [], (n, seat, problems[:5])
                    checked += 1
            if state.is_over or n >= 500:
                break
            seat = state.to_act[0]
            state.apply(seat, bot.choose(state, seat))
            n += 1
    assert checked > 20

"""Ice Fortress's view matches its typed description (pyapp/games/icefortress/types.py).

mypy checks the code that builds the view; this checks the values: real views from random and
hard-bot games at 1-4 players, at every step, for every seat and for no seat (``None``), walked
against ``IceView`` key by key (missing, extra and mistyped keys all fail).
"""
from __future__ import annotations

import pytest

from pyapp import bots
from pyapp.games.icefortress import GAME
from pyapp.games.icefortress.types import IceView

from typed_data import conforms


def test_the_checker_catches_what_it_should():
    from pyapp.games.icefortress.types import RoomData, Selection
    good = {"on": "base:0", "level": 1, "pillars": {"a": 3}, "inv": {}, "ginv": {}, "top": {}}
    assert conforms(good, RoomData) == []
    assert conforms(dict(good, level="1"), RoomData)                 # mistyped
    assert conforms({k: v for k, v in good.items() if k != "top"}, RoomData)   # missing
    assert conforms(dict(good, extra=1), RoomData)                    # unexpected
    assert conforms(dict(good, pillars={"a": True}), RoomData)        # a bool is not a die value
    assert conforms({"die": 4}, Selection) == [] and conforms({"die": "4"}, Selection)


def _views(state):
    yield state.view(None)
    for seat in range(state.players):
        yield state.view(seat)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "planner"])
def test_views_match_the_typed_description(players, bot):
    checked = 0
    for g in range(4 if bot == "random" else 1):
        state = GAME.new(players, 70 + g, {"difficulty": 3 + 2 * g})
        seat_bots = [bots.make("icefortress", bot, 11 * g + i) for i in range(players)]
        n = 0
        while not state.is_over and n < 300:
            if n % 4 == 0:                                 # every fourth position, at all its seats
                for v in _views(state):
                    assert conforms(v, IceView) == [], (n, conforms(v, IceView)[:5])
                    checked += 1
            seat = state.to_act[0]
            state.apply(seat, seat_bots[seat].choose(state, seat))
            n += 1
        for v in _views(state):                            # the last position (the outcome, once over)
            assert conforms(v, IceView) == []
            checked += 1
    assert checked > 30

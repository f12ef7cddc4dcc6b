"""Each game's view matches its typed description (``pyapp/games/<id>/types.py``; issue 33 item 3).

mypy checks the code that builds a view against the description; this checks the values: real views of random
games at every player count, every few steps, for every seat and for no seat (``None``), walked key by key
(missing, extra and mistyped keys all fail: tests/typed_data.py).  Ice Fortress's and Cloudspire's own types
tests check their data and views with more bots."""
from __future__ import annotations

import importlib

import pytest

from pyapp import bots, games

from typed_data import conforms

# game: (its view's TypedDict, games played, a view checked every this many steps, steps at most, views at least)
TYPED = {"hexbattle": ("HexBattleView", 2, 5, 400, 30), "doomspire": ("DoomspireView", 1, 13, 300, 20),
         "clockwork": ("ClockworkView", 1, 11, 500, 20)}
CASES = [(gid, n) for gid in TYPED for n in range(games.get(gid).min_players, games.get(gid).max_players + 1)]


@pytest.mark.parametrize("gid,players", CASES)
def test_views_match_the_typed_description(gid, players):
    name, rounds, every, most, least = TYPED[gid]
    view_type = getattr(importlib.import_module(f"pyapp.games.{gid}.types"), name)
    game = games.get(gid)
    checked = 0
    for g in range(rounds):
        state = game.new(players, 60 + g)
        bot = bots.make(gid, "random", g)
        n = 0
        while True:
            if n % every == 0 or state.is_over:
                for seat in [None, *range(players)]:
                    problems = conforms(state.view(seat), view_type, "view")
                    assert problems == [], (n, seat, problems[:5])
                    checked += 1
            if state.is_over or n >= most:
                break
            seat = state.to_act[0]
            state.apply(seat, bot.choose(state, seat))
            n += 1
    assert checked > least

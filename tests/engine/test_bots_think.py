"""Bots think in steps (issue 17, "never freeze the page"): every bot of Hex Battle, Lords of Doomspire and
Clockwork Crusade, at every level and under its old name, has ``think(state, seat)``, a generator that yields
between pieces of its thinking and returns exactly what ``choose`` returns for the same seed and position.

Two bots of the same name and seed play each seat side by side: one decides by driving ``think`` (as the
browser does, ``App.step_bot(budget_ms)``), the other by ``choose``; their actions must agree at every
decision, over a few games.  No wall-clock asserts: the piece lengths are measured by
``python3 tools/bench.py --only slices`` (docs/bots.md).
"""
from __future__ import annotations

import types

import pytest

from pyapp import bots, games
from pyapp.bots.levels import RolloutBot, SloppyBot, drive, think_of

from play_helpers import think_to_end

GAMES = {"hexbattle": 2, "doomspire": 2, "clockwork": 2}


def _all_bots():
    for game_id in GAMES:
        for name in bots.available(game_id):
            yield game_id, name


def run_think(bot, state, seat):
    """Drive ``bot.think`` (a generator) to its end: (action id, number of yields)."""
    assert isinstance(bot.think(state, seat), types.GeneratorType)
    return think_to_end(bot, state, seat)


def lockstep(game_id: str, name: str, seed: int, limit: int, others: str = "normal"):
    """Seat ``seed % players`` plays ``name`` twice over (think and choose twins); the other seats ``others``.
    Returns (decisions compared, yields seen, the largest number of yields in one decision)."""
    players = GAMES[game_id]
    me = seed % players
    state = games.get(game_id).new(players, seed)
    thinker = bots.make(game_id, name, seed * 31 + me)
    chooser = bots.make(game_id, name, seed * 31 + me)
    rest = [bots.make(game_id, others, seed * 31 + i) for i in range(players)]
    compared = yields = most = 0
    for _ in range(limit):
        if state.is_over:
            break
        seat = state.to_act[0]
        if seat != me:
            state.apply(seat, rest[seat].choose(state, seat))
            continue
        a, n = run_think(thinker, state.clone(), seat)
        b = chooser.choose(state.clone(), seat)
        assert a == b, (game_id, name, seed, len(state.history))
        free = state.free_actions(seat) if hasattr(state, "free_actions") else []   # Doomspire's trade steps
        assert a in {x.id for x in state.legal_actions(seat) + free}
        compared += 1
        yields += n
        most = max(most, n)
        state.apply(seat, a)
    return compared, yields, most


# hard bots think for long: one game, fewer of its actions
SEEDS = {"hard": (3,)}
LIMITS = {"hard": 50, "greedy": 150, "normal": 150, "easy": 200}
LONG_THINKERS = ("normal", "hard", "greedy")       # decisions that can be long: they yield inside a decision


@pytest.mark.parametrize("game_id,name", list(_all_bots()))
def test_think_returns_what_choose_returns(game_id, name):
    compared = yields = most = 0
    for seed in SEEDS.get(name, (3, 8)):
        c, y, m = lockstep(game_id, name, seed, LIMITS.get(name, 260))
        compared, yields, most = compared + c, yields + y, max(most, m)
    assert compared >= 10
    if name in LONG_THINKERS:
        # they give the page back inside a decision, not only at its end
        assert yields > 0 and most >= 2, (game_id, name, yields, most)


def test_sloppy_subclass_with_its_own_choose_keeps_its_choice():
    """A SloppyBot subclass deciding in its own ``choose`` (as before bots thought in steps) still gets a
    ``think`` that returns what its ``choose`` returns (the app uses ``think`` when there is one)."""
    class Own(SloppyBot):
        base = bots.RandomBot

        def choose(self, state, seat):
            return state.legal_actions(seat)[-1].id

    s = games.get("doomspire").new(2, 1)
    seat = s.to_act[0]
    assert run_think(Own(1), s, seat)[0] == s.legal_actions(seat)[-1].id


def test_rollout_subclass_with_its_own_rollout_is_used():
    """A RolloutBot subclass that overrides ``rollout`` (one piece) is still called by ``think``."""
    from pyapp.games.doomspire.bots import HardBot

    calls = []

    class Own(HardBot):
        def rollout(self, state, seat, seed):
            calls.append(seed)
            return 0.0, 1

    s = games.get("doomspire").new(2, 4)
    normal = [bots.make("doomspire", "normal", i) for i in range(2)]
    bot = Own(2)
    while not calls and not s.is_over:
        seat = s.to_act[0]
        a = bot.choose(s.clone(), seat)
        assert a in {x.id for x in s.legal_actions(seat)}
        s.apply(seat, normal[seat].choose(s, seat))
    assert calls


def test_think_of_and_drive():
    class Plain:
        def choose(self, state, seat):
            return "x"

    assert drive(think_of(Plain(), None, 0)) == "x"
    assert isinstance(RolloutBot.rollout_steps, types.FunctionType)

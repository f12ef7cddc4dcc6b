"""Cloudspire bots: the raider plays legal games to the end from its own view and beats random."""
from __future__ import annotations

from pyapp import bots
from pyapp.games.cloudspire import GAME


def play(players, seed, names):
    s = GAME.new(players, seed)
    bs = [bots.make("cloudspire", n, seed * 31 + i) for i, n in enumerate(names)]
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, bs[seat].choose(s, seat))
    return s


def test_raider_is_offered_and_finishes_games_of_every_size():
    assert "raider" in bots.available("cloudspire")
    for players in (2, 3, 4):
        s = play(players, 40 + players, ["raider"] * players)
        assert s.outcome() is not None


def test_raider_beats_random_most_of_the_time():
    wins = 0
    for seed in range(4):
        s = play(2, seed, ["raider", "random"] if seed % 2 == 0 else ["random", "raider"])
        wins += (seed % 2 == 0 and s.outcome().winners == (0,)) or (seed % 2 == 1 and s.outcome().winners == (1,))
    assert wins >= 3

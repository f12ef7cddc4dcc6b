"""Positions for tests of saves, links and replays: a game played some seeded random legal moves in."""
from pyapp import games
from pyapp.engine import Rng


def played(gid: str = "hexbattle", players: int = 2, seed: int = 11, n: int = 40, stream: int = 5):
    """``gid`` for ``players`` from ``seed``, after ``n`` random legal moves (fewer if it ends), the
    moves drawn from ``Rng(seed, stream=stream)``."""
    s = games.get(gid).new(players, seed)
    r = Rng(seed, stream=stream)
    for _ in range(n):
        if s.is_over:
            break
        seat = s.to_act[0]
        s.apply(seat, r.choice(s.legal_actions(seat)).id)
    return s

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


def redeal_changes_nothing_seen(state, step: int) -> tuple[int, int]:
    """The generic hidden-information check at one position: for every seat, a copy with what that seat may not
    see dealt anew (``State.resample_hidden``) shows it the same view, legal actions and seats to act.  Returns
    (seats checked, copies whose hidden facts really changed)."""
    import json
    data = json.loads(state.to_json())["data"]
    changed = 0
    for seat in range(state.players):
        other = state.resample_hidden(seat, Rng(step * 31 + seat))
        assert other.view(seat) == state.view(seat), (step, seat)
        assert other.legal_actions(seat) == state.legal_actions(seat), (step, seat)
        assert other.to_act == state.to_act
        changed += json.loads(other.to_json())["data"] != data
    return state.players, changed


def think_to_end(bot, state, seat: int) -> tuple[str, int]:
    """Drive ``bot.think(state, seat)`` (a generator: pyapp.bots) to its end: (the action id, how many times it
    yielded)."""
    gen = bot.think(state, seat)
    n = 0
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value, n
        n += 1


def positions_where(gid: str, bot: str, want: int, keep, seed: int = 3, players: int = 2, every: int = 3) -> list:
    """Copies of positions of a game that ``bot`` plays in every seat where ``keep(state, pick)`` holds for seat 0
    to act with more than one legal action (``pick``: the bot's choice there); every ``every``-th such position,
    ``want`` of them."""
    from pyapp import bots
    s = games.get(gid).new(players, seed)
    seats = [bots.make(gid, bot, 10 + i) for i in range(players)]
    found, k = [], 0
    while not s.is_over and len(found) < want:
        p = s.to_act[0]
        pick = seats[p].choose(s, p)
        if p == 0 and len(s.legal_actions(0)) > 1 and keep(s, pick):
            k += 1
            if k % every == 0:
                found.append(s.clone())
        s.apply(p, pick)
    assert len(found) == want
    return found

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


def check_levels(gid: str, old: str, old_cls, classes: dict, banned: tuple = ()) -> None:
    """The three levels are registered right after ``random`` with names for players (no algorithm words), the
    old best bot stays registered as ``old`` without a level, and ``normal`` is that bot under a new name."""
    from pyapp import bots
    avail = bots.available(gid)
    assert list(avail) == ["random", "easy", "normal", "hard", old]
    labels = set()
    for lvl, name in enumerate(("easy", "normal", "hard"), start=1):
        cls = avail[name]
        assert cls is classes[name] and cls.level == lvl and cls.name == name and cls.blurb.endswith(".")
        assert cls.label not in labels and not any(w in cls.label.lower()
                                                   for w in ("rollout", "heuristic", "random") + banned)
        labels.add(cls.label)
    assert not hasattr(old_cls, "level") and issubclass(classes["normal"], old_cls)


def check_think_matches_choose(gid: str, name: str, positions: list) -> int:
    """At each position, ``name``'s ``think`` (driven to the end) gives the legal action ``choose`` gives from a bot
    with the same seed; a searching bot (one with ``last_rollouts``) yields more often than it rolls out.
    Returns how many times it yielded."""
    from pyapp import bots
    yielded = 0
    for i, s in enumerate(positions):
        a, b = bots.make(gid, name, 40 + i), bots.make(gid, name, 40 + i)
        got, n = think_to_end(a, s.clone(), 0)
        assert got == b.choose(s.clone(), 0) and got in {x.id for x in s.legal_actions(0)}
        if hasattr(a, "last_rollouts"):
            assert n > a.last_rollouts > 0
        yielded += n
    return yielded


def check_hard_blind(gid: str, positions: list) -> int:
    """Dealing anew what seat 0 cannot see leaves its view the same and the hard bot's choice and every rollout
    score, for a fixed seed, the same.  Returns how many of the checks searched."""
    from pyapp import bots
    searched = 0
    for s in positions:
        for k in (1, 2):
            other = s.resample_hidden(0, Rng(k))
            assert other.view(0) == s.view(0) and other.to_json() != s.to_json()
            a, b = bots.make(gid, "hard", 7), bots.make(gid, "hard", 7)
            assert a.choose(s, 0) == b.choose(other, 0)
            assert a.last_rollouts == b.last_rollouts and getattr(a, "_totals", None) == getattr(b, "_totals", None)
            searched += a.last_rollouts > 0
    return searched

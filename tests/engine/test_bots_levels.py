"""The three bot levels (pyapp.bots.levels) of Hex Battle, Lords of Doomspire and Clockwork Crusade:
registered in order with names and a line for players, deterministic for a seed, and the hard bot
never uses what its seat cannot see.  No wall-clock asserts (docs/BOTS.md has the timings)."""
from __future__ import annotations

import pytest

from pyapp import bots, games
from pyapp.bots.levels import RolloutBot
from pyapp.engine import Rng

LEVEL_GAMES = {"hexbattle": "greedy", "doomspire": "goal", "clockwork": "crusader"}


@pytest.mark.parametrize("game_id", LEVEL_GAMES)
def test_levels_are_registered_in_order_with_names_for_players(game_id):
    avail = bots.available(game_id)
    names = list(avail)
    assert names[:4] == ["random", "easy", "normal", "hard"] and LEVEL_GAMES[game_id] in names[4:]
    labels = set()
    for lvl, name in enumerate(("easy", "normal", "hard"), start=1):
        cls = avail[name]
        assert cls.level == lvl and cls.name == name
        assert cls.label and cls.blurb.endswith(".") and cls.label not in labels
        for word in ("greedy", "search", "rollout", "mcts", "heuristic", "random"):
            assert word not in cls.label.lower()
        labels.add(cls.label)
    # the older bots stay playable but are not levels: the setup offers random and the levels
    assert all(not hasattr(cls, "level") for n, cls in avail.items() if n not in ("easy", "normal", "hard"))


def positions(game_id: str, seat: int = 0, want: int = 3, seed: int = 4, players: int = 2, every: int = 1):
    """Positions of a game the normal bots play where the hard bot at ``seat`` would search."""
    game = games.get(game_id)
    s = game.new(players, seed)
    hard = bots.make(game_id, "hard", 1)
    players_ = [bots.make(game_id, "normal", 10 + i) for i in range(players)]
    found, k = [], 0
    while not s.is_over and len(found) < want:
        p = s.to_act[0]
        acts = [a for a in s.legal_actions(p) if a.kind != "concede"]
        if p == seat and len(acts) > 1:
            default = bots.make(game_id, "normal", 99).choose(s.clone(), p)
            if hard.worth(s, p, acts, default):
                k += 1
                if k % every == 0:
                    found.append(s.clone())
        s.apply(p, players_[p].choose(s, p))
    assert len(found) == want
    return found


@pytest.mark.parametrize("game_id", LEVEL_GAMES)
def test_each_level_is_deterministic_for_a_seed(game_id):
    s = positions(game_id, want=1)[0]
    for name in ("easy", "normal", "hard"):
        picks = {bots.make(game_id, name, 5).choose(s.clone(), 0) for _ in range(2)}
        assert len(picks) == 1 and picks <= {a.id for a in s.legal_actions(0)}, name


def _reshuffle_hexbattle(s, seat: int, rng: Rng):
    """Change what ``seat`` cannot see in Hex Battle: which of the other seat's cards are in its hand and
    which in its deck, and the order of both decks (the cards and their kinds stay)."""
    d = s.data
    o = 1 - seat
    pool = d["hand"][o] + d["deck"][o]
    rng.shuffle(pool)
    n = len(d["hand"][o])
    d["hand"][o], d["deck"][o] = pool[:n], pool[n:]
    rng.shuffle(d["deck"][seat])
    return s


def changed_hidden(game_id: str, s, seat: int, k: int):
    """A copy of ``s`` with other hidden facts, the same for ``seat`` to see."""
    if game_id == "hexbattle":
        return _reshuffle_hexbattle(s.clone(), seat, Rng(k))
    return s.resample_hidden(seat, Rng(k))           # other hands, face-down tiles and portals, deck order


@pytest.mark.parametrize("game_id", LEVEL_GAMES)
def test_hard_bot_chooses_the_same_whatever_the_hidden_facts(game_id):
    """Changing another seat's hand, face-down things and the order of decks (what seat 0 cannot see)
    leaves seat 0's view the same and the hard bot's choice, for a fixed seed, the same: it reads
    only the view, the legal actions and copies dealt by ``resample_hidden``."""
    searched = 0
    for s in positions(game_id, want=3, every=2):
        for k in (1, 2):
            other = changed_hidden(game_id, s, 0, k)
            assert other.view(0) == s.view(0) and other.to_json() != s.to_json()
            a, b = bots.make(game_id, "hard", 7), bots.make(game_id, "hard", 7)
            assert a.choose(s, 0) == b.choose(other, 0)
            # not only the choice: every rollout scored the same, so no hidden fact reached the search
            assert a.last_rollouts == b.last_rollouts and getattr(a, "_totals", None) == getattr(b, "_totals", None)
            searched += a.last_rollouts > 0
    assert searched >= 2                                 # the search really ran, on both sides


def test_rollout_bot_keeps_the_base_move_unless_an_alternative_is_clearly_better():
    from test_search_bot import NIM

    class Counter(RolloutBot):
        """Nim with a base bot that always takes 1; the evaluation is 1 for having just won."""

        class base:
            def __init__(self, seed=0):
                pass

            def choose(self, state, seat):
                return "take:1"

        def evaluate(self, state, seat):
            return 0.0

    s = NIM.new(2, 1)
    s.apply(0, "take:3")
    s.apply(1, "take:1")                                 # 3 left: taking 3 wins at once
    bot = Counter(3)
    bot.max_candidates = 3
    assert bot.choose(s, 0) == "take:3" and bot.last_rollouts >= 3
    assert bot.choose(NIM.new(2, 1), 0) in ("take:1", "take:2", "take:3")


@pytest.mark.parametrize("game_id", LEVEL_GAMES)
def test_easy_loses_to_the_best_old_bot_in_a_small_sample(game_id):
    """Strength smoke test (sample far too small to publish; docs/BOTS.md has the table)."""
    from pyapp import sim
    game = games.get(game_id)
    best = LEVEL_GAMES[game_id]
    wins = 0
    for seed in range(6):
        names = ["easy", best] if seed % 2 == 0 else [best, "easy"]
        st, _ = sim.play(game, 2, 300 + seed, names)
        out = st.outcome()
        wins += out.kind == "win" and names[out.winners[0]] == "easy"
    assert wins <= 3


def test_a_careless_move_is_never_a_concession():
    """Doomspire asks a lord without knights "stay" or "concede" (a prompt's options have no kind
    "concede"): the easy bot's random slips must never pick the concession."""
    from pyapp.bots.levels import SloppyBot
    from pyapp.engine import Action

    class Prompted:
        def legal_actions(self, seat):
            return [Action("stay", "Stay in the game"), Action("concede", "Concede defeat"),
                    Action("concede:yes", "Yes, concede")]

    class Careless(SloppyBot):
        slip = 1.0

        class base:
            def __init__(self, seed=0):
                pass

            def choose(self, state, seat):
                return "stay"

    bot = Careless(1)
    assert {bot.choose(Prompted(), 0) for _ in range(40)} == {"stay"}


def test_hard_thinks_in_steps_and_chooses_as_it_would_in_one_go():
    """RolloutBot.think (the browser runs it in slices) yields between rollouts and returns choose()'s action."""
    from pyapp import bots, games
    from pyapp.engine import Rng
    state = games.get("hexbattle").new(2, 5)
    rng = Rng(5)
    steps_seen = 0
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_act[0]
        one_go = bots.make("hexbattle", "hard", 9).choose(state, seat)
        stepped = bots.make("hexbattle", "hard", 9).think(state, seat)
        n = 0
        while True:
            try:
                next(stepped)
                n += 1
            except StopIteration as stop:
                assert stop.value == one_go
                break
        steps_seen = max(steps_seen, n)
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    assert steps_seen > 3                       # somewhere it thought in several steps

"""The search bot (pyapp.bots.search): it finds good moves through the engine contract alone,
and never uses what its seat may not see."""
from __future__ import annotations

from pyapp.bots.search import SearchBot
from pyapp.engine import Action, Game, Outcome, Rng
from pyapp.engine.flow import FlowState, Phase, phases


class NimState(FlowState):
    """One pile; take 1-3 in turn; whoever takes the last counter wins."""
    PHASES = phases(Phase("take", "one", next="take"))
    FIRST_PHASE = "take"

    def _setup_data(self):
        return {"pile": 7}

    def _legal_take(self, seat):
        return [Action(f"take:{n}", f"Take {n}") for n in (1, 2, 3) if n <= self.data["pile"]]

    def _do_take(self, seat, action):
        self.data["pile"] -= int(action.id[5:])
        if self.data["pile"] == 0:
            self.finish(Outcome.ranked([[seat], [1 - seat]], "took the last counter"))
        self.flow.end_turn()

    def _view(self, seat):
        return dict(self.data)


class NimGame(Game):
    id, title, min_players, max_players, description = "nim", "Nim", 2, 2, "test"
    state_class = NimState


NimState.game = NIM = NimGame()


class GuessState(FlowState):
    """Seat 1 holds a hidden card (0-9) dealt from the seed; seat 0 guesses it and wins if right."""
    PHASES = phases(Phase("guess", "one", next="guess"))
    FIRST_PHASE = "guess"

    def _setup_data(self):
        return {"card": self.rng.below(10)}

    def _legal_guess(self, seat):
        return [Action(f"guess:{n}", f"Guess {n}") for n in range(10)]

    def _do_guess(self, seat, action):
        right = int(action.id[6:]) == self.data["card"]
        self.finish(Outcome.ranked([[0], [1]] if right else [[1], [0]], "guessed"))

    def _resample(self, seat, rng):
        if seat != 1:
            self.data["card"] = rng.below(10)      # seat 0 cannot see the card

    def _view(self, seat):
        return {"card": self.data["card"] if seat == 1 else None}


class GuessGame(Game):
    id, title, min_players, max_players, description = "guess", "Guess", 2, 2, "test"
    state_class = GuessState


GuessState.game = GUESS = GuessGame()


def test_search_finds_the_winning_nim_move():
    # from 7, taking 3 leaves 4: a lost position for the other player
    for seed in range(3):
        assert SearchBot(seed, iterations=400).choose(NIM.new(2, 1), 0) == "take:3"
    s = NIM.new(2, 1)
    s.apply(0, "take:1")                              # 6 left: taking 2 leaves 4
    assert SearchBot(5, iterations=400).choose(s, 1) == "take:2"


def test_search_is_deterministic_for_a_seed_with_an_iteration_budget():
    s = NIM.new(2, 1)
    a, b = SearchBot(9, iterations=50), SearchBot(9, iterations=50)
    assert a.choose(s, 0) == b.choose(s, 0) and a.last_iterations == 50


def test_search_does_not_see_hidden_information():
    """If the bot peeked at the hidden card it would always guess right; through resample_hidden it
    can only guess (about 1 in 10)."""
    right = 0
    for seed in range(60):
        s = GUESS.new(2, seed)
        guess = SearchBot(seed, iterations=30).choose(s, 0)
        right += int(guess[6:]) == s.data["card"]
    assert right <= 18, right


def test_time_budget_runs_at_least_one_iteration():
    bot = SearchBot(1, seconds=0.0)
    bot.choose(NIM.new(2, 1), 0)
    assert bot.last_iterations >= 1


def test_search_plays_every_game_through_the_contract():
    from pyapp import games
    for gid in [g["id"] for g in games.catalog() if g["ready"]]:
        game = games.get(gid)
        s = game.new(game.min_players, 3)
        seat = s.to_act[0]
        choice = SearchBot(1, iterations=8, playout_limit=30).choose(s, seat)
        assert choice in [a.id for a in s.legal_actions(seat)]
        rng = Rng(2)
        assert s.resample_hidden(seat, rng).view(seat) == s.view(seat)

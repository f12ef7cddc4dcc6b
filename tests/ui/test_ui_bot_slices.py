"""A bot that thinks in steps never holds the page: the app lets it think in slices (issue 17, "never freeze").

A bot may offer ``think(state, seat)``: a generator that yields between steps of its thinking and returns its
action id.  ``App.step_bot(budget_ms)`` runs it for about that long and returns False while it is not done;
the browser glue calls again after any waiting input.  The thinking is dropped when the game moves on meanwhile."""
import time

import pytest

from pyapp.ui import App, DictStorage


class SteppedBot:
    """Thinks ``steps`` steps of ``ms`` each, then plays the first legal action; counts what it was asked."""
    name = "stepped"

    def __init__(self, steps=5, ms=4.0, fail_at=None):
        self.steps, self.ms, self.fail_at = steps, ms, fail_at
        self.started = 0
        self.chose = 0

    def think(self, state, seat):
        self.started += 1
        for i in range(self.steps):
            if i == self.fail_at:
                raise RuntimeError("broken mid-thought")
            end = time.perf_counter() + self.ms / 1000
            while time.perf_counter() < end:
                pass
            yield
        return state.legal_actions(seat)[0].id

    def choose(self, state, seat):
        self.chose += 1
        return state.legal_actions(seat)[0].id


def app_with(bot):
    app = App(DictStorage(), {"game": "hexbattle", "seats": "bot:greedy,bot:greedy", "seed": "3", "fast": "1"})
    assert app.bot_pending()
    seat = app.state.to_act[0]
    app.bots.bots[seat] = bot
    return app


def test_a_stepped_bot_thinks_in_slices_and_moves_when_done():
    bot = SteppedBot(steps=6, ms=4.0)
    app = app_with(bot)
    calls = 0
    while not app.step_bot(budget_ms=5):
        calls += 1
        assert app.state.history == [] and calls < 50      # nothing applied while it thinks
    assert calls >= 2                                        # several slices: the page was given back between them
    assert len(app.state.history) == 1 and bot.started == 1 and bot.chose == 0


def test_without_a_budget_or_without_think_a_bot_decides_in_one_go():
    bot = SteppedBot()
    app = app_with(bot)
    assert app.step_bot() and bot.chose == 1 and bot.started == 0


def test_thinking_is_dropped_when_the_game_moves_on():
    bot = SteppedBot(steps=50, ms=2.0)
    app = app_with(bot)
    assert not app.step_bot(budget_ms=3)
    # the position changes under the bot (here: another game is loaded into the app)
    app2 = app_with(bot)
    app.bots.thinking, app2.bots.thinking = app.bots.thinking, None
    app.state = app2.state
    assert not app.step_bot(budget_ms=3)
    assert bot.started == 2                                   # it started again on the new position


def test_a_bot_that_fails_while_thinking_still_moves():
    bot = SteppedBot(steps=5, ms=1.0, fail_at=2)
    app = app_with(bot)
    for _ in range(10):
        if app.step_bot(budget_ms=50):
            break
    assert len(app.state.history) == 1 and not app.bot_error

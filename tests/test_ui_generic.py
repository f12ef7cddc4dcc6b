"""The app is game-independent: a tiny fake game with options, 2-4 players and a secret per seat."""
import json
import re
from html import unescape
import sys
import types

import pytest

from pyapp import games
from pyapp.engine import Action, Game, Option, Outcome, State, saves
from pyapp.ui import App, DictStorage

ACTION_RE = re.compile(r'data-action="([^"]+)"')


class CountState(State):
    def _setup(self):
        self.left = self.options["start"]
        self.turn = 0
        self.winner = None
        self.secrets = [f"SECRET{self.rng.below(1000)}X{i}" for i in range(self.players)]

    def _to_act(self):
        return (self.turn,)

    def _legal(self, seat):
        # ids with characters that markup must escape: the browser's dataset gives them back decoded
        return [Action(f'take:{n}' if n == 1 else f'take:<{n}>&"', f"Take {n}") for n in (1, 2) if n <= self.left]

    def _apply(self, seat, action):
        self.left -= int(re.sub(r"\D", "", action.id))
        self.log.append(f"seat {seat} took")
        if self.left == 0:
            self.winner = seat
        self.turn = (self.turn + 1) % self.players

    def _outcome(self):
        if self.winner is None:
            return None
        return Outcome((self.winner,), ((self.winner,),), "took the last one")

    def _view(self, seat):
        return {"left": self.left, "secret": self.secrets[seat] if seat is not None else None, "log": self.log}

    def _dump(self):
        return {"left": self.left, "turn": self.turn, "winner": self.winner, "secrets": self.secrets}

    def _load(self, d):
        self.__dict__.update(d)


class CountGame(Game):
    id = "countdown"
    title = "Countdown"
    min_players, max_players = 2, 4
    description = "Take 1 or 2; the last taker wins."
    options_spec = (Option("start", 7, "Counters at the start"), Option("mode", "plain", "Mode", ("plain", "fancy")))
    state_class = CountState


GAME = CountGame()
CountState.game = GAME


@pytest.fixture
def fake_registry(monkeypatch):
    real_get, real_catalog = games.get, games.catalog

    def get(gid):
        return GAME if gid == "countdown" else real_get(gid)

    def catalog():
        return real_catalog() + [dict(GAME.info())]

    pkg = types.ModuleType("pyapp.games.countdown")
    pkg.__path__ = []                                   # a package without bots.py or render.py
    pkg.GAME = GAME
    monkeypatch.setitem(sys.modules, "pyapp.games.countdown", pkg)
    monkeypatch.setattr(games, "get", get)
    monkeypatch.setattr(games, "catalog", catalog)


def test_players_and_options_from_the_game_spec(fake_registry):
    app = App(DictStorage(), {}, random_seed=lambda: 3)
    assert 'data-nav="setup:countdown"' in app.render()
    app.handle("nav", "setup:countdown")
    html = app.render()
    assert 'data-input="players"' in html and 'data-input="opt-start" value="7"' in html
    assert '<option value="fancy">fancy</option>' in html
    app.handle("input", "players", "3")
    app.handle("input", "opt-start", "11")
    app.handle("input", "opt-mode", "fancy")
    app.handle("input", "opt-mode", "bogus")            # not a choice: ignored
    app.handle("input", "opt-start", "lots")            # not a number: message, value kept
    assert "whole number" in app.messages[-1]["text"]
    html = app.render()
    assert 'data-input="seat-2"' in html
    app.handle("nav", "start")
    assert app.screen == "game" and app.state.players == 3
    assert app.state.options == {"start": 11, "mode": "fancy"}


def test_generic_renderer_plays_a_hot_seat_game_to_the_end(fake_registry):
    storage = DictStorage()
    app = App(storage, {"game": "countdown", "seats": "human,human,bot:random", "seed": "4"})
    assert app.screen == "game"
    for _ in range(100):
        if app.state.is_over:
            break
        if app.bot_pending():
            app.step_bot()
            continue
        html = app.render()
        h = app.handoff_seat()
        if h is not None:
            assert not ACTION_RE.findall(html) and "SECRET" not in html
            app.handle("nav", "handoff-ok")
            continue
        seat = app.view_seat()
        assert app.state.secrets[seat] in html
        for other, secret in enumerate(app.state.secrets):
            if other != seat:
                assert secret not in html
        ids = [unescape(a) for a in ACTION_RE.findall(html)]
        assert set(ids) == {a.id for a in app.state.legal_actions(seat)}
        app.handle("action", ids[-1])
    assert app.state.is_over and 'class="outcome"' in app.render()
    state, meta = saves.load_save(storage.get(saves.save_key(app.meta["id"])))
    assert state == app.state and meta["seats"] == ["human", "human", "bot:random"]
    assert json.loads(storage.get(saves.save_key(app.meta["id"])))["status"].startswith("finished")

"""The app is game-independent: tiny fake games (options of every kind, 2-4 players, a secret per seat,
outcomes of every kind, a game with its own setup step); pyapp/ui imports no game; the sim counts every kind."""
import json
import pathlib
import re
from html import unescape
import sys
import types

import pytest

from pyapp import games, sim
from pyapp.engine import Action, Game, Option, Outcome, State, saves
from pyapp.engine import log as loglib
from pyapp.ui import App, DictStorage
from pyapp.ui.app import outcome_text
from pyapp.ui.steps import SetupStep

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
        self.say("{0} took", seat, kind="take")
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
    options_spec = (Option("start", 7, "Counters at the start", kind="int", min=1, max=99),
                    Option("mode", "plain", "Mode", ("plain", "fancy"), kind="choice"),
                    Option("handicap", 0, "Handicap", kind="int", min=0, max=3, per_seat=True,
                           help="Counters this seat gives away."),
                    Option("motto", "", "Motto", kind="text", max=12, advanced=True, help="Shown to nobody."),
                    Option("loud", False, "Loud", kind="bool", advanced=True),
                    Option("notes", None, "Notes", kind="data"))
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


def seat_row(html, i):
    return html.split(f"<legend>Seat {i + 1}</legend>", 1)[1].split("</fieldset>", 1)[0]


def test_players_and_options_from_the_game_spec(fake_registry):
    app = App(DictStorage(), {}, random_seed=lambda: 3)
    assert 'data-nav="setup:countdown"' in app.render()
    app.handle("nav", "setup:countdown")
    html = app.render()
    assert 'data-input="players"' in html
    assert '<input type="number" min="1" max="99" data-input="opt-start" value="7">' in html
    assert '<option value="fancy">fancy</option>' in html
    # per-seat options sit in each seat's row, with their help text
    assert 'data-input="opt-handicap-0" value="0"' in seat_row(html, 0) and "Counters this seat gives away." in html
    assert 'data-input="opt-handicap-1"' in seat_row(html, 1) and 'data-input="opt-handicap-0"' not in seat_row(html, 1)
    # advanced options under a collapsed Advanced section; "data" options are not guessed at
    adv = html.split('<details class="advanced">', 1)[1].split("</details>", 1)[0]
    assert '<summary data-nav="advanced">Advanced</summary>' in adv
    assert '<input type="text" maxlength="12" data-input="opt-motto" value="">' in adv and "Shown to nobody." in adv
    assert '<select data-input="opt-loud"><option value="true">yes</option><option value="false" selected>no</option>' in adv
    assert "opt-notes" not in html and 'data-input="opt-motto"' not in html.split("<details", 1)[0]
    app.handle("nav", "advanced")
    assert '<details class="advanced" open>' in app.render()
    app.handle("input", "players", "3")
    app.handle("input", "opt-start", "11")
    app.handle("input", "opt-mode", "fancy")
    app.handle("input", "opt-mode", "bogus")            # not a choice: ignored
    app.handle("input", "opt-handicap-2", "2")
    app.handle("input", "opt-handicap-7", "2")          # no such seat: ignored
    app.handle("input", "opt-motto", "Onward")
    app.handle("input", "opt-loud", "true")
    html = app.render()
    assert 'data-input="seat-2"' in html and 'data-input="opt-handicap-2" value="2"' in seat_row(html, 2)
    app.handle("input", "opt-start", "lots")            # not a number: refused at Start, with the option's message
    app.handle("nav", "start")
    assert app.screen == "setup" and app.state is None
    assert app.messages[-1]["text"] == "Counters at the start must be a whole number from 1 to 99, not 'lots'"
    app.handle("input", "opt-start", "100")             # out of range: the same check
    app.handle("nav", "start")
    assert app.screen == "setup" and "from 1 to 99, not 100" in app.messages[-1]["text"]
    app.handle("input", "opt-start", "11")
    app.handle("nav", "start")
    assert app.screen == "game" and app.state.players == 3
    assert app.state.options == {"start": 11, "mode": "fancy", "handicap": [0, 0, 2], "motto": "Onward",
                                 "loud": True, "notes": None}


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


def test_log_events_render_with_seat_names_and_colours(fake_registry):
    app = App(DictStorage(), {"game": "countdown", "seats": "human,bot:random", "seed": "4"})
    app.handle("input", "name-0", "x")
    app.handle("action", "take:1")
    while app.bot_pending():
        app.step_bot()
    html = app.render()
    names = app.meta["names"]
    assert app.state.log[0] == {"text": "{0} took", "seats": [0], "kind": "take"}
    assert '<span class="log-n">1</span> <span class="seat seat-0">Player 1</span> took</li>' in html          # the generic log
    recap = html.split('class="since"', 1)[1].split("</div>", 1)[0]                   # since your last move
    assert loglib.html(app.state.log[-1], names) in recap and 'class="seat seat-1"' in recap
    assert '<span class="log-n">1</span> an old entry &lt;b&gt;</li>' in loglib_generic(["an old entry <b>"])


def loglib_generic(log):
    from pyapp.ui.boards import generic_render as _generic_render
    return _generic_render({"log": log}, [], seat=None, names=["A", "B"], interactive=False)


def test_free_actions_are_offered_and_taken_off_turn(fake_registry, monkeypatch):
    """``State.free_actions`` (the rules' "at any time"): the viewer gets them even while a bot is to act."""
    monkeypatch.setattr(CountState, "_free", lambda self, seat: [Action("wave", "Wave")], raising=False)

    def wave(self, seat, action):
        self.say("{0} waves", seat)
    monkeypatch.setattr(CountState, "_apply_free", wave, raising=False)
    app = App(DictStorage(), {"game": "countdown", "seats": "bot:random,human", "seed": "4"})
    assert app.state.to_act == (0,) and app.bot_pending()
    html = app.render()
    assert [unescape(a) for a in ACTION_RE.findall(html)] == ["wave"]
    app.handle("action", "wave")
    assert app.state.history == [[1, "wave"]] and app.state.to_act == (0,)
    app.handle("action", "take:1")
    assert app.messages[-1]["text"] == "It is not your turn." and len(app.state.history) == 1


# ------------------------------------------------------------------ outcomes of every kind
OUTCOMES = [
    (Outcome.ranked([[2], [0, 1, 3]], "P3 took the last one"), "win", "Game over: Cy wins!"),
    (Outcome.ranked([[0, 2], [1, 3]], "tied"), "shared", "Game over: Ann and Cy share the win!"),
    (Outcome.ranked([[0, 1, 2, 3]], "nobody could move"), "draw", "Game over: a draw!"),
    (Outcome.team(4, True, "the fourth beacon is lit"), "team-win", "Game over: You all win (Ann, Bo, Cy and Di)!"),
    (Outcome.team(4, False, "the shield broke"), "team-loss", "Game over: You all lose (Ann, Bo, Cy and Di)!"),
]


@pytest.mark.parametrize("out, kind, banner", OUTCOMES, ids=[o[1] for o in OUTCOMES])
def test_the_banner_and_the_saves_list_say_how_it_ended(fake_registry, monkeypatch, out, kind, banner):
    storage = DictStorage()
    app = App(storage, {"game": "countdown", "seats": "human,bot:random,bot:random,bot:random", "seed": "4"})
    for i, n in enumerate(("Ann", "Bo", "Cy", "Di")):
        app.meta["names"][i] = n
    monkeypatch.setattr(CountState, "_outcome", lambda self: out if self.history else None)
    app.handle("action", "take:1")
    assert out.kind == kind and app.state.is_over
    html = app.render()
    assert banner in re.sub(r"</?bdi>|</?span[^>]*>", "", html) and f'data-kind="{kind}"' in html and out.reason in html
    assert ("wins" in banner) == (kind == "win") and ("draw" in banner) == (kind == "draw")
    sid = app.meta["id"]
    app.handle("nav", "shelf")
    status = json.loads(storage.get(saves.save_key(sid)))["status"]
    assert status == "finished: " + banner[len("Game over: "):-1]
    assert status in unescape(app.render())


def test_solo_results_and_scores():
    assert outcome_text(Outcome.team(1, False, "the shield broke"), ["Ann"]) == "Defeat"
    assert outcome_text(Outcome.team(1, True, "all four beacons"), ["Ann"]) == "Victory"
    assert outcome_text(Outcome.ranked([[1], [0]], ""), []) == "P2 wins"


def test_scores_are_shown_with_the_banner(fake_registry, monkeypatch):
    app = App(DictStorage(), {"game": "countdown", "seats": "human,bot:random", "seed": "4"})
    out = Outcome.ranked([[1], [0]], "more fame", scores=[3, 9])
    monkeypatch.setattr(CountState, "_outcome", lambda self: out if self.history else None)
    app.handle("action", "take:1")
    names = app.meta["names"]
    assert (f'<span class="scores"><span class="seat seat-0"><bdi>{names[0]}</bdi></span> 3 · '
            f'<span class="seat seat-1"><bdi>{names[1]}</bdi></span> 9</span>') in app.render()


# ------------------------------------------------------------------ a game with its own setup step
class PickState(CountState):
    pass


class PickGame(CountGame):
    id = "picks"
    title = "Picks"
    min_players, max_players = 2, 3
    options_spec = (Option("start", 5, "Counters at the start", kind="int", min=1, max=9),
                    Option("colours", None, "Colour", kind="data", per_seat=True))
    state_class = PickState
    setup_step = "setup"

    def check_options(self, opts, players):
        colours = opts["colours"] or ["red"] * players
        if len(set(colours)) != players:
            raise ValueError("Each player needs a colour of their own.")
        return dict(opts, colours=colours)


PICKS = PickGame()
PickState.game = PICKS


class PickStep(SetupStep):
    """Each seat picks a colour; a palette screen from the shelf lists the colours."""
    screens = {"palette": "Palette"}
    COLOURS = ("red", "blue", "green")

    def begin(self, setup):
        setup["step"] = {"colours": list(self.COLOURS[:len(setup["seats"])])}

    def players_changed(self, setup):
        n = len(setup["seats"])
        setup["step"]["colours"] = (setup["step"]["colours"] + ["red"] * n)[:n]

    def seat_html(self, setup, i):
        return f'<span class="colour">colour-{i}={setup["step"]["colours"][i]}</span>'

    def setup_html(self, setup):
        return '<p class="palette-hint">Colours matter.</p>'

    def option_values(self, setup, seed):
        return {"colours": setup["step"]["colours"]}

    def input(self, name, value):
        if name.startswith("colour-"):
            self.ctx.setup["step"]["colours"][int(name[7:])] = value
            return True
        return False

    def nav(self, cmd, arg):
        if cmd == "palette":
            self.ctx.show("palette")
            return True
        if cmd == "paint":
            self.ctx.ask(f"Paint it {arg}?", lambda: self.ctx.notify(f"painted {arg}", "info"), yes="Paint")
            return True
        return False

    def render(self, screen):
        return '<section class="palette">' + " ".join(self.COLOURS) + "</section>"


@pytest.fixture
def picks_registry(fake_registry, monkeypatch):
    real_get, real_catalog = games.get, games.catalog
    monkeypatch.setattr(games, "get", lambda gid: PICKS if gid == "picks" else real_get(gid))
    monkeypatch.setattr(games, "catalog", lambda: real_catalog() + [dict(PICKS.info(), shelf=[["palette", "Palette"]])])
    pkg = types.ModuleType("pyapp.games.picks")
    pkg.__path__ = []
    mod = types.ModuleType("pyapp.games.picks.setup")
    mod.Step = PickStep
    monkeypatch.setitem(sys.modules, "pyapp.games.picks", pkg)
    monkeypatch.setitem(sys.modules, "pyapp.games.picks.setup", mod)


def test_a_game_with_its_own_setup_step(picks_registry):
    app = App(DictStorage(), {}, random_seed=lambda: 3)
    html = app.render()
    card = html.split('data-game="picks"', 1)[1].split("</article>", 1)[0]
    assert 'data-nav="palette"' in card
    app.handle("nav", "palette")                        # the step's own screen, from the shelf
    html = app.render()
    assert app.screen == "palette" and '<section class="palette">' in html and ">Palette<" in html
    app.handle("nav", "paint:blue")
    assert "Paint it blue?" in app.render()
    app.handle("nav", "confirm")
    assert app.messages[-1]["text"] == "painted blue"
    app.handle("nav", "setup:picks")
    html = app.render()
    assert "colour-0=red" in seat_row(html, 0) and "colour-1=blue" in seat_row(html, 1)
    assert 'class="palette-hint"' in html and "opt-colours" not in html and 'data-input="opt-start"' in html
    app.handle("input", "players", "3")
    assert "colour-2=red" in seat_row(app.render(), 2)
    app.handle("input", "colour-2", "blue")
    app.handle("nav", "start")                          # the game's own check, its message for the player
    assert app.screen == "setup" and app.messages[-1]["text"] == "Each player needs a colour of their own."
    app.handle("input", "colour-2", "green")
    app.handle("input", "opt-start", "4")
    app.handle("nav", "start")
    assert app.screen == "game" and app.state.options == {"start": 4, "colours": ["red", "blue", "green"]}


def test_pyapp_ui_imports_no_game():
    ids = "|".join(re.escape(g["id"]) for g in games.catalog())
    bad = re.compile(rf"(pyapp\.games\.({ids})\b|games\.({ids})\b|from \.\.games\.|import_module\([\"']pyapp\.games\.)")
    ui = pathlib.Path(__file__).resolve().parents[2] / "pyapp" / "ui"
    found = {p.name: bad.findall(p.read_text(encoding="utf-8")) for p in sorted(ui.glob("*.py"))}
    assert found and not any(found.values()), found


# ------------------------------------------------------------------ the sim counts every kind of result
class KindState(State):
    def _setup(self):
        self.done = False

    def _to_act(self):
        return (0,)

    def _legal(self, seat):
        return [Action("end", "End")]

    def _apply(self, seat, action):
        self.done = True

    def _outcome(self):
        if not self.done:
            return None
        ending = ("win", "shared", "draw", "team-win", "team-loss")[self.seed % 5]
        n = self.players
        return {"win": Outcome.ranked([[1], [0, 2]], "one"), "shared": Outcome.ranked([[0, 2], [1]], "two"),
                "draw": Outcome.ranked([[0, 1, 2]], "none"), "team-win": Outcome.team(n, True, "all"),
                "team-loss": Outcome.team(n, False, "all")}[ending]

    def _view(self, seat):
        return {}

    def _dump(self):
        return {"done": self.done}

    def _load(self, d):
        self.done = d["done"]


class KindGame(Game):
    id, title, min_players, max_players, description = "kinds", "Kinds", 3, 3, "Every kind of ending."
    state_class = KindState


KindState.game = KINDS = KindGame()


def test_the_sim_counts_every_kind_of_result(monkeypatch):
    real_get = games.get
    monkeypatch.setattr(games, "get", lambda gid: KINDS if gid == "kinds" else real_get(gid))
    monkeypatch.setattr(sim.botlib, "make", lambda gid, name, seed=0: sim.botlib.RandomBot(seed))
    r = sim.run("kinds", 10, 0, ["random", "random", "other"])      # seeds 0..9: each ending twice
    assert r["finished"] == 10 and not r["errors"]
    assert r["wins_per_seat"] == {"0": 0, "1": 2, "2": 0} and r["wins_per_bot"] == {"random": 2}
    assert r["shared_wins"] == 2 and r["shared_wins_per_seat"] == {"0": 2, "1": 0, "2": 2}
    assert r["shared_wins_per_bot"] == {"random": 2, "other": 2}
    assert (r["draws"], r["team_wins"], r["team_losses"]) == (2, 2, 2)
    # returns per game: win (-0.5, 1, -0.5), shared (0.5, -1, 0.5), draw 0, team +1 / -1
    assert r["mean_returns_per_seat"] == {"0": 0.0, "1": 0.0, "2": 0.0}
    assert r["mean_returns_per_bot"] == {"random": 0.0, "other": 0.0}

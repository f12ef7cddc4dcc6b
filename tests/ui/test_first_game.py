"""Issue 32, items 4 and 5: a first game of a title is set up against the easy bot and says why; every game says
its players, a measured length and how to win on the setup screen; the rules at a glance open from the game screen,
close by their button and by Escape, and mark the step the game is at."""
import json
import pathlib
import re

import pytest

from pyapp import bots as botlib
from pyapp import games
from pyapp.ui import App, DictStorage
from pyapp.ui import glance as glancelib
from pyapp.ui import seats as seatlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = ["hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire"]


def _bot_seats(app: App) -> list[str]:
    return [s for s in app.setup["seats"] if s.startswith("bot:")]


@pytest.mark.parametrize("gid", GAMES)
def test_a_first_game_suggests_the_easy_bot_and_a_second_does_not(gid):
    app = App(DictStorage(), {})
    app.handle("nav", f"setup:{gid}")
    easy, usual = seatlib.first_game_bot(gid), seatlib.new_seat_bot(gid)
    assert easy != usual and getattr(botlib.available(gid)[easy], "level", None) == 1
    html = app.render()
    if games.get(gid).setup_players > 1:
        assert set(_bot_seats(app)) == {f"bot:{easy}"}
        assert "first-bot" in html and "easy level" in html         # the line saying why
    else:                                              # (Ice Fortress alone: no bot seat, nothing to say)
        assert not _bot_seats(app) and "first-bot" not in html
    # more players in a first game: the new seats are easy too
    app.handle("input", "players", str(games.get(gid).setup_players + 1))
    assert set(_bot_seats(app)) == {f"bot:{easy}"} and "easy level" in app.render()
    app.handle("nav", "start")
    assert app.screen == "game"
    app.handle("nav", "shelf")
    app.handle("nav", f"setup:{gid}")                 # the second game of the title: today's default level
    app.handle("input", "players", "2")
    assert set(_bot_seats(app)) == {f"bot:{usual}"}
    assert "first-bot" not in app.render()


def test_a_save_of_another_game_does_not_count():
    app = App(DictStorage(), {})
    app.handle("nav", "setup:doomspire")
    app.handle("nav", "start")
    app.handle("nav", "shelf")
    app.handle("nav", "setup:clockwork")
    assert _bot_seats(app) == [f"bot:{seatlib.first_game_bot('clockwork')}"]
    app.handle("nav", "setup:doomspire")
    assert _bot_seats(app) == [f"bot:{seatlib.new_seat_bot('doomspire')}"]


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_says_players_length_and_how_to_win(gid):
    d = glancelib.first_game(gid)
    assert d is not None and glancelib.check_first_game(d, gid) == []
    app = App(DictStorage(), {})
    app.handle("nav", f"setup:{gid}")
    html = app.render()
    summary = re.search(r'<details class="first-game"><summary data-nav="about">(.*?)</summary>', html)
    assert summary, "a summary line that opens"
    line = re.sub(r"<[^>]+>", "", summary.group(1))
    assert str(games.get(gid).min_players) in line and str(games.get(gid).max_players) in line
    assert f'{d["length"]["decisions"]} decisions' in line and f'{d["length"]["rounds"]} {d["length"]["round"]}' in line
    assert len(line) < 90                              # one line, not a wall of text
    app.handle("nav", "about")
    opened = app.render()
    assert '<details class="first-game" open>' in opened and "win" in d["win"].lower()
    assert d["win"].replace("'", "&#x27;") in opened
    if (ROOT / "pyapp" / "games" / gid / "tutorial.json").exists():
        assert f'data-nav="learn:{gid}"' in opened.split("</details>")[0]


def test_the_check_refuses_a_clause_id_a_missing_length_and_a_step_mapped_to_nothing():
    d = json.loads((ROOT / "pyapp" / "games" / "hexbattle" / "first_game.json").read_text(encoding="utf-8"))
    assert glancelib.check_first_game(d, "hexbattle") == []
    bad = json.loads(json.dumps(d))
    bad["win"] += " (HB-WIN-1)"
    del bad["length"]["rounds"]
    bad["glance"]["at"]["main"] = "nowhere"
    problems = " ".join(glancelib.check_first_game(bad, "hexbattle"))
    assert "clause id" in problems and "length.rounds" in problems and "nowhere" in problems
    assert glancelib.check_first_game(d, "doomspire")            # the wrong game


def test_the_lengths_are_the_measured_ones_in_the_docs():
    """docs/simulation.md publishes tools/game_length.py's table; the setup shows its medians."""
    doc = (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8")
    for gid in GAMES:
        n = glancelib.first_game(gid)["length"]
        assert re.search(rf"\| {gid} \| {n['games']} \| {n['decisions']} \(\d+-\d+\) \| {n['rounds']} \(", doc), gid


# the step a position is at, told by the person's legal actions (not by the view's key the card reads)
BY_LABEL = {
    "hexbattle": [("Draw", "choose"), ("as payment", "pay")],
    "doomspire": [("Roll 1 die", "roll"), ("Move knight", "move")],
    "clockwork": [("End the Main step", "main"), ("Capture", "control"), (" in slot ", "setup")],
    "icefortress": [("Give ", "setup"), ("Roll your dice", "roll")],
    "cloudspire": [("Buy ", "market"), ("no more build turns", "build")],
}


def _marked(html: str) -> list[str]:
    return re.findall(r'data-step="([^"]+)" aria-current="step"', html)


@pytest.mark.parametrize("gid", GAMES)
def test_the_glance_marks_the_step_at_two_positions(gid):
    game = games.get(gid)
    state = game.new(game.setup_players, 5, None)
    bot = botlib.make(gid, "easy" if gid == "clockwork" else "random", 5)   # (Clockwork's captures need a plan)
    want = dict((step, label) for label, step in BY_LABEL[gid])
    seen: dict[str, str] = {}
    for _ in range(3000):
        if state.is_over or len(seen) == len(want):
            break
        seat = state.to_act[0]
        labels = " | ".join(a.label for a in state.legal_actions(seat))
        for step, label in want.items():
            if step not in seen and label in labels and not any(
                    other != step and lb in labels for other, lb in want.items()):
                seen[step] = glancelib.card_html(gid, state.view(seat))
        state.apply(seat, bot.choose(state, seat))
    assert set(seen) == set(want), f"positions not reached: {set(want) - set(seen)}"
    for step, html in seen.items():
        assert _marked(html) == [step]


def test_the_glance_opens_from_the_game_screen_and_closes_by_its_button_and_escape():
    app = App(DictStorage(), {"game": "doomspire", "seats": "human,bot:easy", "seed": "4"})
    html = app.render()
    assert 'data-nav="glance"' in html and 'aria-expanded="false"' in html and 'class="glance"' not in html
    assert app.key_nav("Escape") is None                 # nothing to close
    app.handle("nav", "glance")
    html = app.render()
    assert 'aria-expanded="true"' in html and _marked(html) == ["roll"]
    turn = html.split('<div class="turn-area">', 1)[1]
    assert turn.index('class="glance"') < turn.index("turn-banner")      # beside the board, above the turn
    assert 'data-nav="glance-close"' in html
    app.handle("nav", "glance-close")
    assert 'class="glance"' not in app.render()
    app.handle("nav", "glance")
    assert app.key_nav("Escape") == "glance-close"
    app.handle("nav", app.key_nav("Escape"))
    assert 'class="glance"' not in app.render()

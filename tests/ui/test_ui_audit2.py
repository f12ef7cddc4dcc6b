"""The second audit's findings in the app (issue 34): a save file imported again after the game moved on, and what
a plain ``bot`` seat in a link means."""
import json

import pytest

from pyapp import bots as botlib
from pyapp import games
from pyapp.engine import saves
from pyapp.ui import App, DictStorage


def make(query=None, storage=None):
    return App(storage if storage is not None else DictStorage(), query or {}, random_seed=lambda: 1234,
               clock=lambda: "2026-11-28T02:00:00Z")


def move(app, n=1, pick=0):
    """``n`` of the person's moves (the ``pick``-th legal action each time), the bots answering."""
    for _ in range(n):
        while app.bot_pending():
            assert app.step_bot()
        seat = app.view_seat()
        legal = [a.id for a in app.state.legal_actions(seat)]
        app.handle("action", legal[min(pick, len(legal) - 1)])
    while app.bot_pending():
        assert app.step_bot()


def save_keys(storage):
    return sorted(k for k in storage.keys() if k.startswith(saves.SAVE_PREFIX))


LINK = {"game": "hexbattle", "seats": "human,bot:random", "seed": "4"}


def carried_away():
    """A game one move in at home, exported and imported in another browser: (home, its file, away, its storage)."""
    home = make(LINK)
    move(home, 1)
    _name, text = home.export_save()
    storage = DictStorage()
    away = make({}, storage)
    assert away.import_save(text)
    return home, text, away, storage


def test_importing_a_file_again_after_the_game_moved_on_opens_the_stored_game_and_makes_no_copy():
    home, text, away, storage = carried_away()
    key = save_keys(storage)
    assert len(key) == 1 and key[0].endswith(json.loads(text)["id"])       # kept under the file's own id
    move(away, 2)                                                           # the bot answers: the game moved on
    further = len(away.state.history)
    assert further > len(json.loads(text)["actions"])
    away.handle("nav", "shelf")
    assert away.import_save(text)
    assert save_keys(storage) == key                                        # no second copy
    assert len(away.state.history) == further                               # the stored game, not the file's
    assert any("already in your saves" in m["text"] and "moves further on" in m["text"] for m in away.messages)


def test_a_file_that_has_gone_further_brings_the_stored_game_up_to_it():
    home, _early, away, storage = carried_away()
    move(home, 2)
    _name, later = home.export_save()
    away.handle("nav", "shelf")
    assert away.import_save(later)
    assert len(save_keys(storage)) == 1
    assert away.state.history == home.state.history
    assert json.loads(storage.get(save_keys(storage)[0]))["actions"] == [list(a) for a in home.state.history]
    assert any("moves behind" in m["text"] for m in away.messages)


def test_the_same_id_with_other_moves_is_another_game_and_gets_a_save_of_its_own():
    home, text, away, storage = carried_away()
    move(away, 2, pick=0)
    move(home, 2, pick=1)                               # the same game played on differently at home
    _name, other = home.export_save()
    assert home.state.history[:len(away.state.history)] != away.state.history
    away.handle("nav", "shelf")
    assert away.import_save(other)
    assert len(save_keys(storage)) == 2                 # never overwritten: both games kept


LEVELLED = [g["id"] for g in games.catalog() if g["ready"]
            and any(getattr(c, "level", None) == 3 for c in botlib.available(g["id"]).values())]


@pytest.mark.parametrize("game_id", LEVELLED)
def test_a_plain_bot_in_a_link_is_the_hard_level(game_id):
    game = games.get(game_id)
    hard = next(n for n, c in botlib.available(game_id).items() if getattr(c, "level", None) == 3)
    seats = ",".join(["human"] + ["bot"] * (game.setup_players - 1))
    app = make({"game": game_id, "seats": seats, "seed": "3"})
    assert app.meta is not None and app.meta["seats"][1:] == [f"bot:{hard}"] * (game.setup_players - 1)
    # a link without seats gets what a new setup offers (the normal level), not a stronger or older bot
    setup = make({"game": game_id})
    normal = next(n for n, c in botlib.available(game_id).items() if getattr(c, "level", None) == 2)
    assert setup.setup["seats"][1:] == [f"bot:{normal}"] * (game.setup_players - 1)


def test_every_game_on_the_shelf_has_a_hard_level():
    assert LEVELLED == [g["id"] for g in games.catalog() if g["ready"]]


def test_teammates_are_named_with_and_bots_by_their_short_names():
    """Issue 31 (the look): a co-operative game's header and title say "with", not "vs"; a bot seat is named by its
    short label ("Crusader bot", not "Crusader (plays to win) bot")."""
    team = make({"game": "icefortress", "seats": "human,bot:normal", "seed": "3"})
    html = team.render()
    bar = html.split('<div class="seats">', 1)[1].split('<div class="tools', 1)[0]
    assert " with " in bar and " vs " not in bar
    assert " with " in team.meta["title"] and " vs " not in team.meta["title"]
    duel = make({"game": "clockwork", "seats": "human,bot:crusader", "seed": "3"})
    assert duel.meta["names"][1] == "Crusader bot" and " vs " in duel.meta["title"]
    coop = make({"game": "cloudspire", "seats": "human,human", "seed": "3"})
    assert " vs " in coop.meta["title"]                       # the competitive game by default
    assert games.get("cloudspire").plays_together({"mode": "coop"}, 2)
    assert not games.get("cloudspire").plays_together({"mode": "competitive"}, 2)


def test_an_undo_is_announced_in_the_live_region():
    """Issue 31 item 8: "Undo announces nothing": the polite live region says an action was taken back."""
    app = make({"game": "clockwork", "seats": "human,bot:random", "seed": "4"})
    live = lambda: app.render().split('aria-live="polite" aria-atomic="true">', 1)[1].split("</div>", 1)[0]
    seat = app.view_seat()
    for _ in range(40):                              # on to an action the person may take back
        while app.bot_pending():
            assert app.step_bot()
        live()
        app.handle("action", [a.id for a in app.state.legal_actions(seat)][0])
        if app.state.can_undo(seat):
            break
    before = live()
    assert app.state.can_undo(seat)
    app.handle("nav", "undo")
    said = live()
    assert "Undone: your last action was taken back." in said and said != before
    assert live() == said                                    # said once, not again at the next render

"""Replays (pyapp/ui/replay.py), the end screen's summary (pyapp/ui/ending.py), sharing and play by
correspondence (pyapp/ui/sharing.py), through the app's render() and handle() as the browser drives them."""
import json
import re
from html import unescape

import pytest

from pyapp import games
from pyapp.engine import Rng, saves
from pyapp.games.hexbattle import render as hb_render
from pyapp.ui import DictStorage, links
from pyapp.ui.ending import SHARE_NOTE, summary_html
from pyapp.ui.markup import LOG_FILTER_SLOT, esc
from pyapp.ui.replay import Replay

from test_ui_app import actions_in, bots_move, make, navs_in, play_out
from test_ui_generic import fake_registry  # noqa: F401  (a fixture)

HB = games.get("hexbattle")


def _random_game(gid="hexbattle", players=2, seed=7, n=10_000, stream=3):
    g = games.get(gid)
    s = g.new(players, seed)
    r = Rng(seed, stream=stream)
    while not s.is_over and len(s.history) < n:
        seat = s.to_act[0]
        s.apply(seat, r.choice(s.legal_actions(seat)).id)
    return s


def _finished_app(storage=None, seats="human,bot:random", seed="3"):
    app = make({"game": "hexbattle", "seats": seats, "seed": seed}, storage if storage is not None else DictStorage())
    play_out(app, Rng(2))
    return app


# ------------------------------------------------------------------ the replay controller
@pytest.mark.parametrize("gid,players", [("hexbattle", 2), ("doomspire", 3)])
def test_every_step_back_and_jump_equals_the_engines_replay(gid, players):
    s = _random_game(gid, players, n=300)
    g = games.get(gid)
    rp = Replay(g, players, s.seed, s.options, s.history, names=["A", "B", "C"][:players],
                seats_allowed=[None, *range(players)], every=7)
    assert rp.n == len(s.history) and rp.step == 0 and rp.final == s
    r = Rng(4)
    moves = ["forward"] * 5 + ["back"] * 2 + ["end", "back", "start", "nextturn", "nextturn", "prevturn"]
    moves += [f"go:{r.below(rp.n + 1)}" for _ in range(12)] + ["forward", "back", "back", "forward"] * 3
    for cmd in moves:
        assert rp.command(cmd)
        want = g.replay(players, s.seed, s.options, s.history[:rp.step])
        assert rp.state() == want, (cmd, rp.step)
        for seat in rp.allowed:
            rp.set_seat(seat)
            assert rp.view() == want.view(seat), (cmd, rp.step, seat)


def test_turns_start_where_another_seat_acts():
    s = _random_game(n=120)
    rp = Replay(HB, 2, s.seed, s.options, s.history, names=["A", "B"])
    starts = rp.turn_starts
    assert starts[0] == 0 and all(s.history[i][0] != s.history[i - 1][0] for i in starts[1:])
    assert all(s.history[i][0] == s.history[i - 1][0] for i in range(1, len(s.history)) if i not in starts)
    rp.go(starts[1] + 1)
    rp.prev_turn()
    assert rp.step == starts[1]
    rp.next_turn()
    assert rp.step == starts[2]
    rp.end()
    rp.next_turn()
    rp.forward()
    assert rp.step == rp.n                                      # never past the end, never before the start
    rp.start()
    rp.back()
    rp.prev_turn()
    assert rp.step == 0
    assert not rp.command("seat:1") and rp.seat is None          # a view not allowed: refused, unchanged
    assert not rp.command("fly") and not rp.command("go:x")


def test_an_illegal_id_in_a_replay_raises():
    from pyapp.engine import IllegalAction
    s = _random_game(n=30)
    bad = [list(a) for a in s.history] + [[0, "no-such-move"]]
    with pytest.raises(IllegalAction):
        Replay(HB, 2, s.seed, s.options, bad, names=["A", "B"])


# ------------------------------------------------------------------ the end screen
def test_the_end_screen_shows_the_summary_the_outcome_and_its_buttons(monkeypatch):
    monkeypatch.setattr(type(HB), "summary", lambda self, state: [("Units lost", ["3", "5"]), ("Cards", ["12", "<9>"])],
                        raising=False)
    app = _finished_app()
    html = app.render()
    end = html.split('class="outcome"', 1)[1].split('class="game-board"', 1)[0]
    assert "Game over" in end
    table = end.split('<table class="summary">', 1)[1].split("</table>", 1)[0]
    names = app.meta["names"]
    for i, n in enumerate(names):                        # each seat's column is headed by its name in its colour
        assert f'<th scope="col"><span class="seat seat-{i}"><bdi>{esc(n)}</bdi></span></th>' in table
    assert '<th scope="row">Units lost</th><td>3</td><td>5</td>' in table and "&lt;9&gt;" in table
    for nav in ("replay", "share", "new-again", "shelf"):
        assert f'data-nav="{nav}"' in end, nav
    assert "Watch the replay" in end and "Play again" in end and esc(SHARE_NOTE) in end


def test_the_summary_uses_the_games_figures_and_survives_a_broken_one():
    class G:
        def summary(self, state):
            return [("Score", ["1", "2"])]

    class Broken:
        def summary(self, state):
            raise KeyError("oops")
    assert "<caption>" in summary_html(G(), None, ["A", "B"])
    assert summary_html(Broken(), None, ["A", "B"]) == ""
    # the default (the outcome's scores) of a Game that does not override it
    from pyapp.engine import Game, Outcome

    class Plain(Game):
        pass

    class S:
        players = 2

        def outcome(self):
            return Outcome.ranked([[1], [0]], "", scores=[4, 6])
    html = summary_html(Plain(), S(), ["Ann", "Bo"])
    assert '<th scope="row">Score</th><td>4</td><td>6</td>' in html


# ------------------------------------------------------------------ the replay screen in the app
def test_watch_the_replay_from_the_end_screen_step_back_forward_and_jump():
    app = _finished_app()
    state = app.state
    app.handle("nav", "replay")
    assert app.screen == "replay" and app.replay.step == 0 and app.replay.allowed == [None, 0, 1]
    html = app.render()
    assert 'data-input="replay-step"' in html and f'max="{len(state.history)}"' in html
    assert not actions_in(html)                                   # the board is not interactive
    assert app.location() == f"#/replay/{app.meta['id']}" and app.title().startswith("Replay")
    for nav in ("rp:start", "rp:prevturn", "rp:back", "rp:forward", "rp:nextturn", "rp:end", "rp:close"):
        assert nav in navs_in(html)
    for label in ("Go to the start", "One step back", "One step forward", "Go to the end"):
        assert f'aria-label="{label}"' in html
    app.handle("nav", "rp:forward")
    app.handle("nav", "rp:forward")
    app.handle("nav", "rp:back")
    assert app.replay.step == 1
    app.handle("input", "replay-step", "25")
    assert app.replay.step == 25 and "Step 25 of" in app.render()
    # every seat's view of a finished game (everything may be revealed), each the engine's own view
    for seat in ("1", "0", "all"):
        app.handle("input", "replay-seat", seat)
        want = HB.replay(2, state.seed, state.options, state.history[:25]).view(None if seat == "all" else int(seat))
        assert app.replay.view() == want
    assert app.key_nav("ArrowRight") == "rp:forward" and app.key_nav("Home") == "rp:start"
    app.handle("nav", app.key_nav("End"))
    assert app.replay.step == len(state.history) and "Game over" in app.render()
    app.handle("nav", "rp:close")
    assert app.screen == "game" and app.replay is None and app.key_nav("ArrowLeft") is None
    # a reload on the replay's address comes back to it
    again = make({}, app.storage)
    assert again.go_to(f"#/replay/{app.meta['id']}") and again.screen == "replay" and again.replay.n == len(state.history)


def _board_of(view, seat, names, log):
    return hb_render.render(dict(view, log=list(log)), [], seat=seat, names=names, interactive=False).replace(
        LOG_FILTER_SLOT, "", 1)


def test_replaying_a_game_in_progress_shows_only_what_the_seat_may_see():
    """Hidden information: a game still being played is replayed from the person's own view (or the public
    view), each step exactly the engine's view for that seat; another seat's view is refused."""
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "8"})
    rng = Rng(3)
    while len(app.state.history) < 40:
        bots_move(app)
        ids = actions_in(app.render())
        app.handle("action", rng.choice(ids))
    state, names = app.state, app.meta["names"]
    app.handle("nav", "replay")
    rp = app.replay
    assert rp.allowed == [None, 0] and rp.seat == 0 and not rp.finished
    html = app.render()
    assert "Everyone (the public view)" in html and f"{esc(names[1])}&#x27;s view" not in html
    app.handle("input", "replay-seat", "1")
    assert rp.seat == 0 and "not shown in this replay" in app.messages[-1]["text"]
    app.handle("nav", "rp:seat:1")
    assert rp.seat == 0
    for step in (0, 5, 17, len(state.history)):
        app.handle("input", "replay-step", str(step))
        for seat in (0, None):
            app.handle("input", "replay-seat", "all" if seat is None else str(seat))
            want = HB.replay(2, state.seed, state.options, state.history[:step])
            assert rp.view() == want.view(seat)
            assert _board_of(want.view(seat), seat, names, want.log) in app.render()


def test_a_saved_games_replay_from_the_saves_list():
    storage = DictStorage()
    app = _finished_app(storage)
    done = app.meta["id"]
    other = make({"game": "hexbattle", "seats": "human,human", "seed": "6"}, storage)
    other.handle("nav", "handoff-ok")
    other.handle("action", actions_in(other.render())[0])
    hot = other.meta["id"]
    other.handle("nav", "shelf")
    html = other.render()
    for sid in (done, hot):
        assert f'data-nav="replay-save:{sid}"' in html and f'data-nav="share-save:{sid}"' in html
    assert esc(SHARE_NOTE) in html
    other.handle("nav", f"replay-save:{done}")
    assert other.screen == "replay" and other.replay.allowed == [None, 0, 1] and other.replay.finished
    assert other.location() == f"#/replay-save/{done}"            # its own address: Back and reload come back
    again = make({}, storage)
    assert again.go_to(f"#/replay-save/{done}") and again.screen == "replay" and again.replay.n == other.replay.n
    other.handle("nav", "rp:close")
    assert other.screen == "shelf"
    other.handle("nav", f"replay-save:{hot}")              # hot seat in progress: the public view only
    assert other.screen == "replay" and other.replay.allowed == [None]
    other.handle("nav", "rp:close")
    other.handle("nav", "replay-save:nosuchsave")
    assert other.screen == "shelf" and "Could not replay" in other.messages[-1]["text"]


def test_share_gives_a_link_that_opens_the_replay_of_a_finished_game():
    app = _finished_app()
    app.handle("nav", "share")
    assert app.focus_once() == "[data-share-link]" and app.focus_once() is None     # the glue focuses the link once
    html = app.render()
    box = html.split('class="share-box"', 1)[1]
    url = unescape(re.search(r'data-share-link="1"|value="([^"]*)"', box).group(1) or "")
    assert url == app.share_link() and url.startswith("#/link/") and esc(SHARE_NOTE) in box
    assert 'data-nav="copy-link"' in box
    app.handle("nav", "share-close")
    assert app.share is None and 'class="share-box"' not in app.render()
    storage = DictStorage()
    friend = make({}, storage)
    assert friend.go_to(url)
    assert friend.screen == "replay" and friend.replay.finished and friend.replay.allowed == [None, 0, 1]
    assert friend.state == app.state and friend.location() == url
    assert not [k for k in storage.keys() if k.startswith(saves.SAVE_PREFIX)]      # not saved unless asked
    assert "link-save" in navs_in(friend.render())
    friend.handle("nav", "link-save")
    assert [k for k in storage.keys() if k.startswith(saves.SAVE_PREFIX)] == [saves.save_key(friend.meta["id"])]


# ------------------------------------------------------------------ play by correspondence
def _play_my_turn(app, rng, limit=400):
    """Click the person's actions until the turn has passed to another person (the link goes back)."""
    for _ in range(limit):
        bots_move(app)
        if app.sharing.corr_waiting() or app.state.is_over:
            return
        ids = actions_in(app.render())
        assert ids
        app.handle("action", rng.choice(ids))
    raise AssertionError("the turn never passed")


def test_a_two_person_game_by_correspondence():
    first = make({"game": "hexbattle", "seats": "human,human", "seed": "12"})
    first.meta["names"] = ["Ann", "Bo"]
    first.handle("nav", "share")
    url = first.share_link()
    rng = Rng(7)
    names_seen = []
    for leg in range(4):
        storage = DictStorage()
        page = make({}, storage)                                # a new page opens the link it was sent
        assert page.go_to(url) and page.screen == "game" and page.link["me"] is None
        due = page.state.to_act[0]
        html = page.render()
        assert "Yes, I am" in html and f"link-me:{due}" in navs_in(html) and not actions_in(html)
        assert esc(SHARE_NOTE) in html and "handoff" in html
        page.handle("action", page.state.legal_actions(due)[0].id)      # nothing before the person says who
        page.handle("nav", "undo")
        assert len(page.state.history) == len(links.decode(url)["actions"])
        page.handle("nav", "link-me:" + str(1 - due))                    # not the seat whose turn it is
        assert page.link["me"] is None
        page.handle("nav", f"link-me:{due}")
        assert page.view_seat() == due and page.handoff_seat() is None
        assert "Your hand" in page.render()
        _play_my_turn(page, rng)
        html = page.render()
        assert "Copy the link to send back" in html and esc(SHARE_NOTE) in html
        assert page.sharing.corr_waiting() == [1 - due] and not actions_in(html)
        back = page.share_link()
        assert back != url and back in unescape(html)
        names_seen.append(page.meta["names"][due])
        assert not [k for k in storage.keys() if k.startswith(saves.SAVE_PREFIX)]
        assert links.load(back)[0] == page.state
        assert page.location() == back            # the address is the game as it is now: a reload keeps the move
        url = back
    assert set(names_seen[:2]) == {"Ann", "Bo"} and names_seen[0::2] == names_seen[:1] * 2    # the seats take turns


def test_bots_play_at_once_in_a_game_by_link_and_it_can_be_saved():
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "21"})
    app.handle("action", actions_in(app.render())[0])
    bots_move(app)
    app.handle("nav", "share")
    url = app.share_link()
    storage = DictStorage()
    mine = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "2"}, storage)   # the player's own game
    own = mine.meta["id"]
    assert mine.go_to(url) and mine.link is not None
    mine.handle("nav", f"link-me:{mine.state.to_act[0]}")
    rng = Rng(1)
    for _ in range(60):
        bots_move(mine)                                         # the bot answers at once
        mine.handle("action", rng.choice(actions_in(mine.render())))
    assert any(s == 1 for s, _ in mine.state.history[len(links.decode(url)["actions"]):])
    assert storage.get(saves.CURRENT_KEY) == own               # not saved, not the current game
    assert "link-save" in navs_in(mine.render())
    mine.handle("nav", "link-save")
    assert storage.get(saves.CURRENT_KEY) == mine.meta["id"] != own
    stored = json.loads(storage.get(saves.save_key(mine.meta["id"])))
    assert stored["actions"] == mine.state.history
    assert mine.location() == f"#/game/{mine.meta['id']}"
    assert "link-save" not in navs_in(mine.render())


def test_leaving_an_unsaved_game_by_link_keeps_the_players_own_game():
    storage = DictStorage()
    mine = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "2"}, storage)
    own = mine.meta["id"]
    s = _random_game(n=15)
    assert mine.go_to(links.fragment(saves.to_save(s, save_id="x", seats=["human", "human"], names=[])))
    mine.handle("nav", "shelf")
    assert storage.get(saves.CURRENT_KEY) == own
    assert make({}, storage).meta["id"] == own                  # a reload resumes the player's own game


def test_nothing_is_undone_before_the_person_says_who_they_are():
    """A link shared in the middle of a turn: its last action can be taken back, but only by the seat that made
    it, once the person opening the link has said they are that seat."""
    for seed in range(9, 60):                  # a seed whose first player can choose a card with a cost
        first = make({"game": "hexbattle", "seats": "human,human", "seed": str(seed)})
        first.handle("nav", "handoff-ok")
        seat = first.state.to_act[0]
        plays = [i for i in actions_in(first.render()) if i.startswith("play:") and first.state.card_cost(i[5:]) > 0]
        if plays:
            first.handle("action", plays[0])
            break
    assert first.state.can_undo(seat)
    first.handle("nav", "share")
    page = make({}, DictStorage())
    assert page.go_to(first.share_link())
    n = len(page.state.history)
    page.handle("nav", "undo")                                   # forged: nobody has said who they are
    assert len(page.state.history) == n
    page.handle("nav", f"link-me:{seat}")
    page.handle("nav", "undo")
    assert len(page.state.history) == n - 1


def test_a_game_without_a_renderer_replays_and_hides_each_seats_secret(fake_registry):
    """Game independence: a fake game (no render.py) replays through the generic renderer; a hot-seat game in
    progress replays from the public view only, where no seat's secret shows; once over, each seat's view does."""
    from test_ui_generic import GAME as COUNT
    storage = DictStorage()
    app = make({"game": "countdown", "seats": "human,human", "seed": "4"}, storage)
    app.handle("nav", "handoff-ok")
    app.handle("action", actions_in(app.render())[0])
    secrets = app.state.secrets
    sid = app.meta["id"]
    app.handle("nav", "shelf")
    app.handle("nav", f"replay-save:{sid}")
    assert app.screen == "replay" and app.replay.allowed == [None]
    for step in ("0", "1"):
        app.handle("input", "replay-step", step)
        html = app.render()
        assert "generic-game" in html and not any(s in html for s in secrets)
    app.handle("nav", "rp:close")
    app.handle("nav", f"load:{sid}")
    play_out(app, Rng(3))
    app.handle("nav", "replay")
    assert app.replay.allowed == [None, 0, 1]
    for seat in (0, 1):
        app.handle("input", "replay-seat", str(seat))
        assert secrets[seat] in app.render() and secrets[1 - seat] not in app.render()
    app.handle("nav", "share")
    friend = make({}, DictStorage())
    assert friend.go_to(app.share_link()) and friend.screen == "replay" and friend.state.game is COUNT


def test_the_replay_has_the_board_size_buttons_of_a_game_screen():
    """Issue 16: a replay's board has the game screen's size buttons (Fit/Legible/Larger: shown on narrow or touch
    screens, web/ui.css) in its toolbar and follows the setting ``board_zoom``; choosing one keeps the replay at
    its step."""
    app = _finished_app()
    app.handle("nav", "replay")
    app.handle("input", "replay-step", "12")
    html = app.render()
    toolbar = html[html.index('class="replay-controls"'):html.index('class="game-board replay-board"')]
    for z in ("fit", "legible", "large"):
        assert f'data-nav="zoom:{z}"' in toolbar
    assert 'data-nav="zoom:legible" aria-pressed="true"' in toolbar                  # auto: Legible there
    assert '<div class="game-board replay-board" data-zoom="auto">' in html
    app.handle("nav", "zoom:fit")
    html = app.render()
    assert app.screen == "replay" and app.replay.step == 12 and app.settings["board_zoom"] == "fit"
    assert '<div class="game-board replay-board" data-zoom="fit">' in html
    assert 'data-nav="zoom:fit" aria-pressed="true"' in html

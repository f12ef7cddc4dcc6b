"""App controller flows, driven only through render() markup and handle(), as the browser does."""
import json
import re
from html import unescape
from types import SimpleNamespace

import pytest

from pyapp import games
from pyapp.engine import Rng, saves
from pyapp.engine import log as loglib
from pyapp.ui import App, DictStorage
from pyapp.games.hexbattle.render import named
from pyapp.ui.markup import esc
from pyapp.ui.storage import QuotaError

ACTION_RE = re.compile(r'data-action="([^"]+)"')
NAV_RE = re.compile(r'data-nav="([^"]+)"')


def actions_in(html):
    """The action ids as the browser's dataset gives them (attribute text unescaped)."""
    return [unescape(a) for a in ACTION_RE.findall(html)]


def navs_in(html):
    return NAV_RE.findall(html)


def make(query=None, storage=None, seed=1234):
    return App(storage if storage is not None else DictStorage(), query or {}, random_seed=lambda: seed)


def bots_move(app):
    while app.bot_pending():
        assert app.step_bot()


def click_action(app, rng, prefer=("play:", "pay:", "unit:", "step", "aim:", "shoot:")):
    bots_move(app)
    ids = actions_in(app.render())
    assert ids, "a human to act must have something to click"
    good = [i for i in ids if i.startswith(prefer)]
    app.handle("action", rng.choice(good if good and rng.below(4) else ids))


def play_out(app, rng, limit=4000):
    """Play to the end: humans click ids found in the markup, bots step."""
    for _ in range(limit):
        if app.state.is_over:
            return
        if app.bot_pending():
            assert app.step_bot()
            continue
        if app.handoff_seat() is not None:
            assert "handoff-ok" in navs_in(app.render())
            app.handle("nav", "handoff-ok")
            continue
        click_action(app, rng)
    raise AssertionError("game did not end")


# ------------------------------------------------------------------ shelf and setup
@pytest.fixture
def cloudspire_not_ready(monkeypatch):
    """The catalog as it was while Cloudspire was being written: a game listed but not playable yet."""
    monkeypatch.setattr(games, "_declarations", tuple({**d, "ready": d["id"] != "cloudspire"} for d in games.declarations()))


def test_shelf_lists_five_games_and_marks_coming_soon(cloudspire_not_ready):
    app = make()
    html = app.render()
    assert app.screen == "shelf"
    for g in games.catalog():
        assert f'data-game="{g["id"]}"' in html
        if g["ready"]:
            assert f'data-nav="setup:{g["id"]}"' in html
        else:
            assert f'data-nav="setup:{g["id"]}"' not in html
    assert html.count("coming soon") == sum(1 for g in games.catalog() if not g["ready"]) == 1
    app.handle("nav", "setup:cloudspire")          # forged nav for a game that is not ready: a message, no crash
    assert app.screen == "shelf" and "coming soon" in app.messages[-1]["text"]


@pytest.mark.rule("HB-UI-13", "HB-UI-20")
def test_setup_then_a_whole_human_vs_bot_game_through_the_markup():
    app = make()
    app.handle("nav", "setup:hexbattle")
    html = app.render()
    assert app.screen == "setup"
    # the bots offered: random and the three levels by their names for players, the chosen one's way of playing said
    assert 'value="bot:random"' in html and 'value="bot:greedy"' not in html
    levels = [f'value="bot:{n}"' for n in ("easy", "normal", "hard")]
    assert all(v in html for v in levels) and html.index(levels[0]) < html.index(levels[1]) < html.index(levels[2])
    # a new bot seat: easy in a first game of the title (tests/ui/test_first_game.py), else normal
    assert '<option value="bot:easy" selected>Bot: Recruit</option>' in html
    assert 'class="hint bot-blurb"' in html
    assert 'data-input="seed" placeholder="secret" value=""' in html       # a secret seed unless chosen
    app.handle("input", "seat-1", "bot:random")
    app.handle("input", "seed", "77")
    app.handle("input", "name-0", "Ann")
    app.handle("nav", "start")
    assert app.screen == "game" and app.state.seed == 77 and app.meta["seats"] == ["human", "bot:random"]
    play_out(app, Rng(5, stream=2))
    out = app.state.outcome()
    html = app.render()
    assert 'class="outcome"' in html
    assert out.winners == (0,) and "Game over: <span class=\"seat seat-0\"><bdi>Ann</bdi></span> wins!" in html  # isolated, coloured
    shown = re.sub(r"</?bdi>|</?span[^>]*>", "", html.split('class="outcome"', 1)[1].split("<span class=\"seed", 1)[0])
    # the reason as the rules give it, with the seats' names for the rules' P1/P2
    assert esc(named(out.reason, app.meta["names"])) in shown and not re.search(r"\bP[12]\b", shown)
    assert not app.bot_pending() and not actions_in(html)


def test_bots_only_game_shows_spectator_view_and_bots_play_out():
    app = make({"game": "hexbattle", "seats": "bot:greedy,bot:random", "seed": "3"})
    assert app.meta["seats"] == ["bot:greedy", "bot:random"]      # plain "bot" = the best bot
    assert app.view_seat() is None
    html = app.render()
    assert "Your hand" not in html and not actions_in(html)
    n = 0
    while app.bot_pending():
        app.step_bot()
        n += 1
    assert app.state.is_over and n == len(app.state.history)


# ------------------------------------------------------------------ undo
def test_undo_takes_back_a_human_action():
    # a card with a cost (choosing it and its payment is private, so it can be taken back; a free card
    # is shown at once): the first seed whose opening hand can play one
    for seed in range(9, 60):
        app = make({"game": "hexbattle", "seats": "human,human", "seed": str(seed)})
        app.handle("nav", "handoff-ok")
        plays = [i for i in actions_in(app.render()) if i.startswith("play:") and app.state.card_cost(i[5:]) > 0]
        if plays:
            break
    seat = app.state.to_act[0]
    assert 'data-nav="undo"' not in app.render()
    play = plays[0]
    before = app.state.to_json()
    app.handle("action", play)
    assert app.state.can_undo(seat) and 'data-nav="undo"' in app.render()
    app.handle("nav", "undo")
    assert app.state.to_json() == before
    stored = json.loads(app.storage.get(saves.save_key(app.meta["id"])))
    assert stored["actions"] == []                                  # the autosave follows the undo


def test_undo_not_offered_after_the_bot_moved():
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "4"})
    rng = Rng(1)
    for _ in range(200):              # until the human's turn ends with an action that can be taken back
        bots_move(app)
        click_action(app, rng)
        if app.state.to_act == (1,) and app.state.can_undo(0):
            break
    assert app.state.history[-1][0] == 0 and 'data-nav="undo"' in app.render()   # offered before the bot acts
    bots_move(app)
    assert app.state.history[-1][0] == 1 and app.state.to_act == (0,)
    assert 'data-nav="undo"' not in app.render() and not app.state.can_undo(0)


# ------------------------------------------------------------------ hot seat
def _hidden_names(app, hidden_seat):
    """Names of cards in ``hidden_seat``'s hand that appear nowhere else the viewer may see."""
    state = app.state
    viewer = 1 - hidden_seat
    own = state.view(viewer)
    public = {c["name"] for c in own["hand"]} | {c["name"] for p in own["discard"] for c in p}
    if own["pending"]:
        public.add(own["pending"]["card"]["name"])
    public_text = " ".join(loglib.plain(x) for x in own["log"])
    return {c["name"] for c in state.view(hidden_seat)["hand"]} - public - {n for n in public if n in public_text} \
        - {c["name"] for c in state.view(hidden_seat)["hand"] if c["name"] in public_text}


@pytest.mark.rule("HB-UI-10", "HB-GAP-38")
def test_hot_seat_hand_off_hides_the_other_hand():
    app = make({"game": "hexbattle", "seats": "human,human", "seed": "21"})
    rng = Rng(3)
    checked = 0
    handoffs = 0
    for _ in range(300):
        if app.state.is_over:
            break
        h = app.handoff_seat()
        html = app.render()
        if h is not None:
            handoffs += 1
            assert 'class="handoff"' in html and f"Pass the device to <bdi>{app.meta['names'][h]}</bdi>" in html
            assert not actions_in(html) and 'class="card' not in html and "hb-board" not in html
            app.handle("action", "draw")                     # clicks behind the hand-off do nothing
            assert app.handoff_seat() == h
            app.handle("nav", "handoff-ok")
            continue
        seat = app.view_seat()
        assert seat in app.state.to_act
        hidden = _hidden_names(app, 1 - seat)
        for name in hidden:
            assert not re.search(r">\s*" + re.escape(name) + r"\s*<", html), name
        checked += bool(hidden)
        click_action(app, rng)
    assert handoffs >= 3 and checked >= 3


@pytest.mark.rule("HB-UI-5", "HB-UI-6")
def test_hot_seat_armies_are_picked_privately():
    app = make()
    app.handle("nav", "setup:hexbattle")
    app.handle("input", "seat-1", "human")
    html = app.render()
    assert 'data-nav="pick-army:0"' in html and 'data-nav="pick-army:1"' in html
    assert 'data-input="army-0"' not in html and 'data-input="army-1"' not in html
    app.handle("nav", "pick-army:0")
    html = app.render()
    assert 'data-input="army-0"' in html and 'data-input="army-1"' not in html
    app.handle("input", "army-0", "pre2")
    app.handle("nav", "pick-done")
    html = app.render()
    chosen = json.loads(app.storage.get(saves.army_key("hexbattle", "pre2")))["name"]
    assert chosen not in html and "chosen (hidden)" in html
    app.handle("nav", "start")
    assert app.state.options["armies"][0]["name"] == chosen


@pytest.mark.rule("HB-UI-6")
def test_the_bots_army_is_not_shown_before_the_game():
    app = make()
    app.handle("nav", "setup:hexbattle")
    html = app.render()
    assert "kept secret" in html and 'data-input="army-1"' not in html


# ------------------------------------------------------------------ saves
def test_autosave_after_every_action_and_resume_after_reload():
    storage = DictStorage()
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "8"}, storage)
    rng = Rng(4)
    for _ in range(12):
        if app.bot_pending():
            app.step_bot()
        else:
            click_action(app, rng)
        stored = json.loads(storage.get(saves.save_key(app.meta["id"])))
        assert stored["actions"] == app.state.history
    assert storage.get(saves.CURRENT_KEY) == app.meta["id"]
    again = make({}, storage)                                       # a reload: no query
    assert again.screen == "game" and again.state == app.state and again.meta["names"] == app.meta["names"]
    again.handle("nav", "shelf")
    assert storage.get(saves.CURRENT_KEY) is None
    html = again.render()
    assert f'data-nav="load:{app.meta["id"]}"' in html
    again.handle("nav", f"load:{app.meta['id']}")
    assert again.screen == "game" and again.state == app.state



def test_a_save_written_from_the_moves_written_before_is_the_whole_save_written_afresh():
    """The autosave writes the moves from the text of those it wrote at the last move (pyapp.ui.store): the text
    is byte for byte what :func:`saves.dumps` writes for the save, through moves, undos and another game opened."""
    storage = DictStorage()
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "8"}, storage)
    elsewhere = DictStorage()
    other = make({"game": "icefortress", "seats": "human,bot:planner", "seed": "3"}, elsewhere)
    rng = Rng(5)
    for _ in range(4):
        click_action(other, rng)
    checked = 0
    for i in range(40):
        if i == 20:                                  # the same tab opens another game: its moves are other moves
            storage.set(saves.save_key(other.meta["id"]), elsewhere.get(saves.save_key(other.meta["id"])))
            app.handle("nav", "shelf")
            app.handle("nav", f"load:{other.meta['id']}")
            assert app.game.id == "icefortress"
        if app.bot_pending():
            app.step_bot()
        elif i % 7 == 6 and app.state.can_undo(0):
            app.handle("nav", "undo")
        else:
            click_action(app, rng)
        text = storage.get(saves.save_key(app.meta["id"]))
        stored = json.loads(text)
        assert text == saves.dumps(stored) and stored["actions"] == [[s, a] for s, a in app.state.history]
        checked += len(stored["actions"]) > 1
    assert checked > 20


def _two_saves():
    storage = DictStorage()
    ids = []
    for seed in (1, 2):
        app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": str(seed)}, storage)
        click_action(app, Rng(seed))
        ids.append(app.meta["id"])
    storage.remove(saves.CURRENT_KEY)
    return storage, ids


def test_corrupt_or_foreign_data_gives_a_message_and_loses_nothing():
    storage, (good, bad) = _two_saves()
    storage.set(saves.save_key(bad), "{garbage")
    storage.set(saves.save_key("foreign1"), json.dumps({"app": "othergame", "id": "foreign1"}))
    storage.set("unrelated-key", "keep me")
    before = dict(storage.data)
    storage.set(saves.CURRENT_KEY, bad)
    app = make({}, storage)                                         # resume points at the corrupt save
    assert app.screen == "shelf" and "not valid JSON" in app.messages[-1]["text"]
    html = app.render()
    assert html.count('class="save damaged"') == 2 and f'data-nav="load:{good}"' in html
    app.handle("nav", f"load:{bad}")
    assert app.screen == "shelf"
    app.handle("nav", f"load:{good}")
    assert app.screen == "game"
    for k, v in before.items():
        assert storage.get(k) == v or k == saves.save_key(good)


def test_tampered_save_is_rejected_and_kept():
    storage, (good, other) = _two_saves()
    d = json.loads(storage.get(saves.save_key(good)))
    d["actions"][0][1] = "shoot:a1"
    storage.set(saves.save_key(good), json.dumps(d))
    app = make({}, storage)
    app.handle("nav", f"load:{good}")
    assert app.screen == "shelf" and "damaged or was edited" in app.messages[-1]["text"]
    assert storage.get(saves.save_key(good)) == json.dumps(d)      # kept exactly as found
    app.handle("nav", f"load:{other}")
    assert app.screen == "game"


def test_quota_error_keeps_playing_with_a_message_and_old_saves_intact():
    storage, ids = _two_saves()
    before = {k: storage.get(k) for k in storage.keys()}
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items()) + 200
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "5"}, storage)
    assert app.screen == "game"
    assert any("Storage is full" in m["text"] for m in app.messages)
    click_action(app, Rng(2))
    for k, v in before.items():
        assert storage.get(k) == v
    assert "Storage is full" in app.render()
    # the notice is dismissible
    mid = app.messages[0]["id"]
    app.handle("nav", f"dismiss:{mid}")
    assert all(m["id"] != mid for m in app.messages)


def test_quota_error_from_storage_set_is_the_protocol_error():
    s = DictStorage(quota=5)
    with pytest.raises(QuotaError):
        s.set("boardshelf:x", "y")
    assert s.keys() == []


def test_export_import_round_trip_never_overwrites():
    storage, ids = _two_saves()
    app = make({}, storage)
    app.handle("nav", f"load:{ids[0]}")
    name, text = app.export_save()
    assert name.endswith(".json") and "hexbattle" in name
    assert json.loads(text)["actions"] == app.state.history
    fresh = make({}, DictStorage())
    assert fresh.import_save(text)
    assert fresh.screen == "game" and fresh.state == app.state
    # importing into the same storage keeps the original under its own id: the same file opens it, no copy
    before = storage.get(saves.save_key(ids[0]))
    count = len(storage.keys())
    assert app.import_save(text)
    assert app.meta["id"] == ids[0] and storage.get(saves.save_key(ids[0])) == before and len(storage.keys()) == count
    renamed = json.dumps(dict(json.loads(text), title="Another title"))     # a new title: still the same game
    assert app.import_save(renamed)
    assert app.meta["id"] == ids[0] and storage.get(saves.save_key(ids[0])) == before and len(storage.keys()) == count
    app.handle("nav", f"load:{ids[1]}")
    other = json.dumps(dict(json.loads(app.export_save()[1]), id=ids[0]))       # another game under that id
    assert app.import_save(other)
    assert app.meta["id"] != ids[0] and storage.get(saves.save_key(ids[0])) == before
    assert not fresh.import_save("{}") and "Import failed" in fresh.messages[-1]["text"]
    assert not fresh.import_save(text.replace('"boardshelf"', '"chess-app"'))


def test_delete_save_asks_first():
    storage, ids = _two_saves()
    app = make({}, storage)
    app.handle("nav", f"delsave:{ids[0]}")
    assert 'data-nav="confirm"' in app.render()
    app.handle("nav", "cancel-confirm")
    assert storage.get(saves.save_key(ids[0]))
    app.handle("nav", f"delsave:{ids[0]}")
    app.handle("nav", "confirm")
    assert storage.get(saves.save_key(ids[0])) is None and storage.get(saves.save_key(ids[1]))


# ------------------------------------------------------------------ escaping
def test_player_entered_strings_are_escaped_everywhere():
    evil = '<script>alert("x")</script>"'
    app = make()
    app.handle("nav", "setup:hexbattle")
    app.handle("input", "name-0", evil)
    html = app.render()
    assert "<script>" not in html and "&lt;script&gt;" in html
    app.handle("nav", "start")
    assert app.meta["names"][0] == evil
    html = app.render()
    assert "<script>" not in html and "&lt;script&gt;alert(&quot;x&quot;)" in html
    app.handle("nav", "shelf")
    html = app.render()                                             # the save title on the shelf
    assert "<script>" not in html and "&lt;script&gt;" in html
    app.handle("nav", "army-new")
    app.handle("input", "army-name", evil)
    app.handle("nav", "b-save")
    for screen in ("builder", "armies"):
        html = app.render() if screen == "builder" else (app.handle("nav", "armies"), app.render())[1]
        assert "<script>" not in html and "&lt;script&gt;" in html


# ------------------------------------------------------------------ URL parameters
def test_query_starts_a_game_directly():
    app = make({"game": "hexbattle", "seats": "human,bot:greedy", "seed": "42"})
    assert app.screen == "game" and app.state.seed == 42 and app.meta["seats"] == ["human", "bot:greedy"]
    assert 'class="topbar"' in app.render()


def test_query_game_only_opens_setup():
    app = make({"game": "hexbattle", "seed": "5"})
    assert app.screen == "setup" and app.setup["seed"] == "5"


def test_embed_hides_chrome_and_starts():
    app = make({"game": "hexbattle", "embed": "1", "seed": "1"})
    bots_move(app)
    html = app.render()
    assert app.screen == "game" and 'class="bs-app screen-game embed"' in html
    assert 'class="topbar"' not in html and 'data-nav="shelf"' not in html and 'data-nav="export"' not in html
    assert "hb-board" in html and actions_in(html)


@pytest.mark.parametrize("query, words", [
    ({"game": "chess"}, "cannot be played"),
    ({"game": "cloudspire", "embed": "1"}, "coming soon"),
    ({"game": "hexbattle", "seats": "human"}, "takes 2-2 players"),
    ({"game": "hexbattle", "seats": "human,robot"}, "unknown seat"),
    ({"game": "hexbattle", "seats": "human,bot:deepblue"}, "unknown seat"),
    ({"embed": "1"}, "names no game"),
])
def test_invalid_query_gives_a_clear_message(query, words, cloudspire_not_ready):
    app = make(query)
    assert app.screen in ("shelf", "setup")
    assert any(words in m["text"] for m in app.messages), app.messages
    assert 'class="notice error"' in app.render()


def test_the_seed_is_secret_during_play_and_shown_when_the_game_ends():
    """Issue 15: the seed fixes every shuffle and die, so it is drawn secretly by default, never shown
    while the game is played, and shown at the end (for replays)."""
    app = make(seed=987654321)
    app.handle("nav", "setup:hexbattle")
    html = app.render()
    assert "987654321" not in html and '<details class="advanced">' in html     # advanced: closed
    app.handle("input", "seat-1", "bot:random")
    app.handle("nav", "start")
    assert app.state.seed == 987654321
    clicks = Rng(1)            # one generator: Hex Battle draws nothing after setup, so a fresh Rng per click
    while not app.state.is_over:  # seeded by rng.draws would repeat the same choice (pay/unpay) forever
        assert "987654321" not in app.render()
        if app.bot_pending():
            app.step_bot()
        else:
            click_action(app, clicks)
    assert "Seed 987654321" in app.render()


def test_a_chosen_seed_opens_the_advanced_section_and_is_range_checked():
    app = make({"game": "hexbattle", "seed": "5"})
    assert '<details class="advanced" open>' in app.render()
    for bad in ("-5", str(10 ** 30), "twelve"):
        app.handle("input", "seed", bad)
        app.handle("nav", "start")
        assert app.screen == "setup" and "seed must be a whole number" in app.messages[-1]["text"]


def test_invalid_seed_in_query_falls_back_to_random():
    app = make({"game": "hexbattle", "seats": "human,bot:greedy", "seed": "abc"}, seed=999)
    assert app.screen == "game" and app.state.seed == 999
    assert "not a whole number" in app.messages[-1]["text"]


def test_bad_seed_in_setup_is_refused():
    app = make()
    app.handle("nav", "setup:hexbattle")
    app.handle("input", "seed", "twelve")
    app.handle("nav", "start")
    assert app.screen == "setup" and "whole number" in app.messages[-1]["text"]


# ------------------------------------------------------------------ rules page and misc
def test_rules_page_shows_the_game_rules_and_goes_back():
    app = make({"game": "hexbattle", "seats": "human,bot:greedy", "seed": "1"})
    app.handle("nav", "rules:hexbattle")
    html = app.render()
    assert app.screen == "rules" and 'class="rules-body"' in html
    page = games.get("hexbattle").rules_html()
    assert "<figure" in page
    # the rules as written, each figure a Tab stop (it may scroll sideways on a phone)
    assert page.replace("<figure>", '<figure tabindex="0">').replace("<figure ", '<figure tabindex="0" ') in html
    assert html.count("<figure") == html.count('<figure tabindex="0"')
    app.handle("nav", "back")
    assert app.screen == "game"


def test_actions_out_of_turn_or_illegal_give_a_message():
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "2"})
    while app.bot_pending():
        app.step_bot()
    before = app.state.to_json()
    app.handle("action", "shoot:z99")
    assert app.state.to_json() == before and "not allowed" in app.messages[-1]["text"]


def test_a_failing_bot_falls_back_to_a_random_move(monkeypatch):
    from pyapp import bots as botlib

    class Broken:
        name, label = "greedy", "Broken"

        def __init__(self, seed=0):
            pass

        def choose(self, state, seat):
            raise RuntimeError("boom")

    real_make = botlib.make
    monkeypatch.setattr(botlib, "make", lambda g, n, s=0: Broken() if n == "greedy" else real_make(g, n, s))
    app = make({"game": "hexbattle", "seats": "bot:greedy,bot:random", "seed": "6"})
    for _ in range(5):
        assert app.step_bot()
    assert len(app.state.history) == 5
    assert any("played a random move instead" in m["text"] and "boom" in m["text"] for m in app.messages)


def test_reloading_a_game_link_resumes_that_game():
    storage = DictStorage()
    q = {"game": "hexbattle", "seats": "human,bot:random", "seed": "12"}
    app = make(q, storage)
    click_action(app, Rng(1))
    again = make(q, storage)
    assert again.meta["id"] == app.meta["id"] and again.state == app.state
    other = make(dict(q, seed="13"), storage)                       # another seed: a new game
    assert other.meta["id"] != app.meta["id"] and other.state.seed == 13


def test_a_renderer_bug_leaves_a_way_back_to_the_shelf(monkeypatch):
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "2"})

    def broken(*a, **k):
        raise KeyError("units")

    monkeypatch.setattr("pyapp.ui.screens.table.board_module", lambda gid: SimpleNamespace(render=broken))
    html = app.render()
    assert "Something went wrong" in html and "KeyError" in html and 'data-nav="shelf"' in html
    app.handle("nav", "shelf")
    assert app.screen == "shelf" and 'data-game="hexbattle"' in app.render()


def test_the_human_sees_what_happened_since_their_last_move():
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "7"})
    bots_move(app)
    first = app.state.log[:]
    recap = app.render().split('class="since"', 1)[1].split("</section>", 1)[0]
    if first:                                   # the bot moved first: the recap says what it did, from the start
        assert all(loglib.html(entry, app.meta["names"]) in recap for entry in first)
    else:
        assert "Nothing yet" in recap           # the box is there all game (the board below never moves)
    rng = Rng(3)
    while app.state.to_act == (0,) and not app.state.is_over:
        click_action(app, rng)
    seen = len(app.state.log)
    bots_move(app)
    html = app.render()
    news = app.state.log[seen:]
    assert news and 'class="since"' in html
    for entry in news[-12:]:                                        # structured events or old strings
        assert loglib.html(entry, app.meta["names"]) in html


def test_a_full_storage_still_starts_a_game_with_the_sample_armies():
    storage = DictStorage(quota=50)                                 # cannot even hold the sample armies
    app = make({"game": "hexbattle", "seats": "human,bot:greedy", "seed": "3"}, storage)
    assert app.screen == "game" and app.state.options["armies"] == games.get("hexbattle").resolve_options(None, 2)["armies"]
    texts = " ".join(m["text"] for m in app.messages)
    assert "Storage is full" in texts and "sample armies" in texts
    click_action(app, Rng(1))                                       # still playable, with a notice


def test_seats_with_the_same_name_are_numbered():
    app = make(query={"game": "doomspire", "seats": "human,bot:normal,bot:normal,bot:normal", "seed": "3"})
    names = app.meta["names"]
    assert len(set(names)) == 4
    assert names[1].endswith(" 1") and names[3].endswith(" 3")


def test_setup_offers_no_redundant_bot_but_a_link_naming_one_still_works():
    """Issue 16: Doomspire's setup offered two near-identical random bots; "wanderer" (like the old "goal")
    stays playable (links, saves, recorded comparisons) but is offered only where it is already chosen;
    issue 17: the setup offers random and the three levels."""
    app = make()
    app.handle("nav", "setup:doomspire")
    html = app.render()
    assert 'value="bot:random"' in html and 'value="bot:normal"' in html and 'value="bot:wanderer"' not in html
    assert 'value="bot:goal"' not in html
    app = make({"game": "doomspire", "seats": "human,bot:wanderer", "seed": "4"})
    assert app.screen == "game" and app.meta["seats"] == ["human", "bot:wanderer"]

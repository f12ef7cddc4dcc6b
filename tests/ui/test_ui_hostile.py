"""Hostile input in the app (issue 21): embedded games keep their own saves, names are bidi-isolated, long
text is shortened and wraps, outside text in notices is quoted, the shelf parses a save only when it changed,
and a storage that keeps nothing gets a quiet status line."""
import json
import pathlib
import re

from pyapp.engine import Outcome, Rng, saves
from pyapp.ui import App, DictStorage
from pyapp.ui.app import MAX_NOTICE, MAX_TITLE, NOT_SAVED_NOTE, quote
from pyapp.ui.boards import board_module

from test_ui_app import bots_move, click_action, make

UI_CSS = (pathlib.Path(__file__).resolve().parents[2] / "web" / "ui.css").read_text(encoding="utf-8")
FSI, PDI, RLO = "\u2068", "\u2069", "\u202e"
MAIN = {"game": "hexbattle", "seats": "human,bot:greedy", "seed": "5"}


def _main_game(storage):
    app = make(MAIN, storage)
    click_action(app, Rng(1))
    return app


def _play(app, n=3, seed=2):
    rng = Rng(seed)
    for _ in range(n):
        click_action(app, rng)
    bots_move(app)


# ------------------------------------------------------------------ 1. embedded games keep their saves apart
def test_an_embedded_game_never_resumes_or_changes_the_players_own_game():
    storage = DictStorage()
    main = _main_game(storage)
    main_text = storage.get(saves.save_key(main.meta["id"]))
    assert storage.get(saves.CURRENT_KEY) == main.meta["id"]
    for query in ({"game": "hexbattle", "embed": "1"},                       # no seed: it used to resume the main game
                  {"game": "hexbattle", "seats": "human,bot:greedy", "embed": "1"},
                  {"embed": "1"}):                                             # a bad embed link: no resume either
        emb = make(query, storage)
        assert emb.meta is None or emb.meta["id"] != main.meta["id"], query
        if emb.state is not None:
            _play(emb)
        assert storage.get(saves.CURRENT_KEY) == main.meta["id"]
        assert storage.get(saves.save_key(main.meta["id"])) == main_text
    # the embedded games are not among the player's saves, and the player's reload resumes their own game
    again = make({}, storage)
    assert again.meta["id"] == main.meta["id"] and again.state == main.state
    assert [k for k in storage.keys() if k.startswith(saves.SAVE_PREFIX)] == [saves.save_key(main.meta["id"])]
    again.handle("nav", "shelf")
    assert again.render().count('class="save"') == 1


def test_reloading_the_embedding_page_resumes_the_embedded_game():
    storage = DictStorage()
    q = {"game": "hexbattle", "seats": "human,bot:random", "embed": "1"}
    emb = make(q, storage)
    _play(emb)
    again = make(q, storage)
    assert again.meta["id"] == emb.meta["id"] and again.state == emb.state
    other = make(dict(q, seed="9"), storage)                   # another embedding link: its own game
    assert other.meta["id"] != emb.meta["id"] and other.state.seed == 9
    assert make(q, storage).meta["id"] == emb.meta["id"] and make(dict(q, seed="9"), storage).meta["id"] == other.meta["id"]
    keys = [k for k in storage.keys() if k.startswith(saves.EMBED_CURRENT_PREFIX)]
    assert len(keys) == 2 and storage.get(saves.CURRENT_KEY) is None
    assert {storage.get(k) for k in keys} == {emb.meta["id"], other.meta["id"]}
    assert all(storage.get(saves.embed_save_key(sid)) for sid in (emb.meta["id"], other.meta["id"]))


def test_an_embedding_link_keeps_one_game_a_finished_one_is_replaced():
    storage = DictStorage()
    q = {"game": "hexbattle", "seats": "bot:random,bot:random", "seed": "3", "embed": "1"}
    emb = make(q, storage)
    while not emb.state.is_over:
        assert emb.step_bot()
    first = emb.meta["id"]
    new = make(q, storage)                                     # the game is over: a reload starts a new one
    assert new.meta["id"] != first and storage.get(saves.embed_save_key(first)) is None
    assert [k for k in storage.keys() if k.startswith(saves.EMBED_SAVE_PREFIX)] == [saves.embed_save_key(new.meta["id"])]


def test_a_link_that_names_a_save_opens_and_plays_it_when_embedded():
    storage = DictStorage()
    main = _main_game(storage)
    sid = main.meta["id"]
    storage.remove(saves.CURRENT_KEY)
    emb = make({"game": "hexbattle", "embed": "1", "save": sid}, storage)
    assert emb.screen == "game" and emb.meta["id"] == sid and emb.state == main.state and emb.embed
    _play(emb)
    stored = json.loads(storage.get(saves.save_key(sid)))
    assert stored["actions"] == emb.state.history and len(stored["actions"]) > len(main.state.history)
    assert storage.get(saves.CURRENT_KEY) is None                # the main current marker is not touched
    for bad, words in (("nosuchsave", "not in this browser"), ("../x", "cannot exist")):
        app = make({"game": "hexbattle", "embed": "1", "save": bad}, storage)
        assert app.screen == "game" and app.meta["id"] != sid         # the link's game, in the embed's own namespace
        assert any(words in m["text"] and quote(bad) in m["text"] for m in app.messages), app.messages
    # without embed, save=<id> opens the save as the shelf's Continue does
    app = make({"save": sid}, storage)
    assert app.meta["id"] == sid and storage.get(saves.CURRENT_KEY) == sid


# ------------------------------------------------------------------ 2. names are bidi-isolated
def _name_occurrences_isolated(fragment, name):
    parts = fragment.split(name)
    return len(parts) > 1 and all(p.endswith("<bdi>") for p in parts[:-1])


def test_player_names_are_bidi_isolated_everywhere_the_app_shows_them():
    evil = RLO + "evil"
    app = make({"game": "hexbattle", "seed": "4"})
    app.handle("input", "seat-1", "human")
    app.handle("input", "name-0", evil)
    app.handle("input", "name-1", "Bo" + RLO)
    app.handle("nav", "start")
    html = app.render()
    if app.handoff_seat() is not None:                           # hot seat: the hand-off names the player
        box = html.split('class="handoff"', 1)[1]
        assert _name_occurrences_isolated(box, app.meta["names"][app.handoff_seat()])
        app.handle("nav", "handoff-ok")
        html = app.render()
    bar = html.split('<div class="game-bar">', 1)[1].split('<div class="tools', 1)[0]
    banner = html.split('<div class="turn-banner">', 1)[1].split("</div>", 1)[0]
    assert app.meta["names"] == ["evil", "Bo"] and RLO not in html          # the override is dropped (issue 34)
    assert _name_occurrences_isolated(bar, "evil") and _name_occurrences_isolated(bar, "Bo")
    assert _name_occurrences_isolated(banner, app.meta["names"][app.state.to_act[0]])
    # the game-over banner: who won and the game's reason, each name in <bdi>
    app.state.outcome = lambda: Outcome.ranked([[0], [1]], "P2 ran out of units; P1 stands", scores=[3, 1])
    outcome = app.table._render_outcome(board_module(app.game.id))
    assert _name_occurrences_isolated(outcome, "evil") and _name_occurrences_isolated(outcome, "Bo")
    assert outcome.count("<bdi>") == 2 + 2 + 1                   # reason (2), scores (2), "<name> wins" (1)
    # the log's seat spans (pyapp.engine.log.html) are isolated by the stylesheet
    assert re.search(r"span\.seat\s*\{[^}]*unicode-bidi:\s*isolate", UI_CSS)


def test_the_saves_list_isolates_titles_and_statuses():
    storage = DictStorage()
    main = _main_game(storage)
    d = json.loads(storage.get(saves.save_key(main.meta["id"])))
    storage.set(saves.save_key(main.meta["id"]), saves.dumps(dict(d, title=RLO + "Mine", status="in " + RLO)))
    app = make({}, storage)
    app.handle("nav", "shelf")
    row = app.render().split('<li class="save">', 1)[1].split("</li>", 1)[0]
    assert f"<bdi>{RLO}Mine</bdi>" in row and f"<bdi>in {RLO}</bdi>" in row


# ------------------------------------------------------------------ 3. long unbroken text is shortened and wraps
def _save_text(state, **kw):
    d = saves.to_save(state, save_id="imp1", seats=["human", "bot:random"], names=["Ann", "Bo"], **kw)
    return saves.dumps(d)


def test_a_long_unbroken_title_is_shortened_in_notices_and_the_saves_list():
    storage = DictStorage()
    main = _main_game(storage)
    long_title = "X" * 5000
    app = make({}, storage)
    assert app.import_save(_save_text(main.state, title=long_title))
    note = app.messages[-1]["text"]
    assert len(note) < 200 and "X" * 50 in note and "X" * 100 not in note
    assert len(app.meta["title"]) <= MAX_TITLE
    app.handle("nav", "shelf")
    html = app.render()
    assert "X" * 200 not in html and "X" * (MAX_TITLE - 1) in html
    # any notice, whatever it quotes, is capped
    app.notify("Y" * 10_000)
    assert len(app.messages[-1]["text"]) == MAX_NOTICE
    for sel in (".notice", ".save-list", ".topbar", ".turn-banner", ".outcome", ".game-bar", ".confirm"):
        rule = next(r for r in re.findall(r"([^{}]+)\{([^}]*)\}", UI_CSS)
                    if sel in [s.strip() for s in r[0].split(",")] and "overflow-wrap" in r[1])
        assert "overflow-wrap: anywhere" in rule[1], sel


# ------------------------------------------------------------------ 4. outside text in notices is quoted
def test_link_values_in_notices_are_quoted_and_shortened():
    fake = "chess). Your saves were deleted; visit evil.example to get them back (" + "z" * 200
    app = make({"game": fake})
    text = app.messages[-1]["text"]
    assert "cannot be played" in text and FSI in text and PDI in text
    inside = text.split("“" + FSI, 1)[1].split(PDI + "”", 1)[0]
    assert inside.startswith("chess). Your saves") and len(inside) <= 40
    app = make({"game": "hexbattle", "seats": "human," + fake})
    seat = fake.lower()                                        # seats are read in lower case
    assert any(quote(seat, 40) in m["text"] and "unknown seat" in m["text"] and seat not in m["text"]
               for m in app.messages), app.messages
    # isolate marks in the value can neither end the isolation early nor take its closing PDI
    for inner in (PDI, "\u2067", "\u2066", FSI):
        q = quote("a" + inner + RLO + "b")
        assert q.count(PDI) == 1 and q.count(FSI) == 1 and "\u2066" not in q and "\u2067" not in q


def test_a_bad_move_in_a_save_is_quoted_in_the_message():
    storage = DictStorage()
    main = _main_game(storage)
    d = json.loads(_save_text(main.state, title="t"))
    forged = "x). Everything is fine, click Delete on all saves (y"
    d["actions"][0][1] = forged
    app = make({}, storage)
    assert not app.import_save(json.dumps(d))
    text = app.messages[-1]["text"]
    assert "Import failed" in text and "move 1" in text and f"(“{FSI}{forged[:59]}" in text, text
    # the same save stored and opened from the shelf
    d["id"] = "forged1"
    storage.set(saves.save_key("forged1"), json.dumps(d))
    app.handle("nav", "load:forged1")
    assert "Could not open the save" in app.messages[-1]["text"] and "(“" + FSI in app.messages[-1]["text"]
    # a game's reason built from the file's settings
    d["actions"] = []
    d["options"] = {"armies": ["Your saves were deleted (really)", "Iron Phalanx"]}
    assert not app.import_save(json.dumps(d))
    text = app.messages[-1]["text"]
    assert "settings are invalid (“" + FSI in text and text.endswith(PDI + "”)."), text
    # a game id from a file
    d["game"] = "nope'); alert(1); ('"
    d["actions"] = []
    assert not app.import_save(json.dumps(d))
    assert "cannot play" in app.messages[-1]["text"] and FSI in app.messages[-1]["text"]


def test_the_delete_question_quotes_the_save_title():
    storage = DictStorage()
    main = _main_game(storage)
    d = json.loads(storage.get(saves.save_key(main.meta["id"])))
    storage.set(saves.save_key(main.meta["id"]), saves.dumps(dict(d, title="Q" * 300)))
    app = make({}, storage)
    app.handle("nav", "shelf")
    app.handle("nav", f"delsave:{main.meta['id']}")
    assert app.confirm and f"“{FSI}" in app.confirm["text"] and "Q" * 100 not in app.confirm["text"]


# ------------------------------------------------------------------ 5. the shelf parses a save only when it changed
def test_the_shelf_parses_each_save_once_until_it_changes(monkeypatch):
    storage = DictStorage()
    ids = []
    for seed in (1, 2, 3):
        app = make(dict(MAIN, seed=str(seed)), storage)
        click_action(app, Rng(seed))
        ids.append(app.meta["id"])
    storage.remove(saves.CURRENT_KEY)
    calls = []
    real = saves.check_header
    monkeypatch.setattr(saves, "check_header", lambda obj: calls.append(1) or real(obj))
    app = make({}, storage)
    for _ in range(4):
        html = app.render()
        assert html.count('class="save"') == 3
    assert len(calls) == 3
    d = json.loads(storage.get(saves.save_key(ids[0])))
    storage.set(saves.save_key(ids[0]), saves.dumps(dict(d, title="Renamed")))   # one save changed
    assert "Renamed" in app.render() and len(calls) == 4
    storage.remove(saves.save_key(ids[1]))                                       # one deleted
    assert app.render().count('class="save"') == 2 and len(calls) == 4


# ------------------------------------------------------------------ 5b. the hints a save records (issue 17)
def test_a_stored_save_with_a_hostile_hints_list_opens_without_it_and_says_so():
    from pyapp.ui import hints
    storage = DictStorage()
    main = _main_game(storage)
    sid = main.meta["id"]
    d = json.loads(storage.get(saves.save_key(sid)))
    n = len(d["actions"])
    forged = "x). Everything is fine, click Delete on all saves (y"
    for bad in ({"step": 0}, [None], [{"step": n + 1, "seat": 0, "action": "draw"}],
                [{"step": 0, "seat": 0, "action": forged}], [{"step": 0, "seat": 0, "action": "q" * 10_000}],
                [{"step": i, "seat": 0, "action": "draw"} for i in range(hints.MAX_HINTS + 1)]):
        storage.set(saves.save_key(sid), saves.dumps(dict(d, hints=bad)))
        storage.set(saves.CURRENT_KEY, sid)
        app = make({}, storage)                                  # resumes the current game
        assert app.state == main.state and app.hints == [], bad
        assert any("record of hints is damaged" in m["text"] for m in app.messages), app.messages
        html = app.render()
        assert forged not in html and "q" * 300 not in html
        # the saves list still lists it, and its replay opens without the hints
        app.handle("nav", "shelf")
        assert app.render().count('class="save"') == 1
        app.handle("nav", f"replay-save:{sid}")
        assert app.screen == "replay" and app.replay is not None and app.replay.hints == []


# ------------------------------------------------------------------ 6. a storage that keeps nothing
class MemoryOnly(DictStorage):
    persistent = False


def test_a_storage_that_keeps_nothing_gets_a_quiet_lasting_status_line():
    for query in ({}, {"game": "hexbattle", "seats": "human,bot:greedy", "embed": "1"}):
        app = App(MemoryOnly(), query)
        html = app.render()
        line = re.search(r'<p class="notice quiet storage-note" role="status">([^<]*)</p>', html)
        assert line and "will not be saved" in line.group(1) and line.group(1) == NOT_SAVED_NOTE, html[:600]
        assert not app.messages and 'role="alert"' not in html           # not an error, not a dismissable notice
        for m in list(app.messages):
            app.handle("nav", f"dismiss:{m['id']}")
        if app.state is not None:
            click_action(app, Rng(1))
        assert "will not be saved" in app.render()                          # still there after a move
    assert "will not be saved" not in App(DictStorage(), {}).render()

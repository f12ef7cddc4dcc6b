"""The players' experience at the app level (issue 16): one colour per seat, following the game (the whole
log numbered and filterable, a recap that never moves the board, bot pace), screen readers (live region,
headings, tab title), small frictions (notices, Back, the saves list, duplicate imports) and the question
before a move a game marks as probably a mistake."""
import json
import re
from pathlib import Path

import pytest
from test_ui_generic import CountState, fake_registry  # noqa: F401 - the fixture is used by name

from pyapp import games
from pyapp.engine import Action, saves
from pyapp.engine import log as loglib
from pyapp.ui import App, DictStorage, markup
from pyapp.ui.app import BOT_DELAY_MS, readable_time
from pyapp.ui.storage import SETTINGS_KEY

ROOT = Path(__file__).resolve().parents[2]
READY = [g["id"] for g in games.catalog() if g["ready"]]
GAME_CSS = {"hexbattle": "ui.css", "doomspire": "doomspire.css", "clockwork": "clockwork.css",
            "icefortress": "icefortress.css", "cloudspire": "cloudspire.css"}


def make(query=None, storage=None):
    return App(storage if storage is not None else DictStorage(), query or {}, random_seed=lambda: 1234,
               clock=lambda: "2026-11-25T19:07:18Z")


def bots_move(app):
    while app.bot_pending():
        assert app.step_bot()


def first_action(app):
    bots_move(app)
    ids = re.findall(r'data-action="([^"]+)"', app.render())
    assert ids
    app.handle("action", ids[0].replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"'))


def recap_of(html):
    return html.split('<section class="since" tabindex="0"', 1)[1].split("</section>", 1)[0]


# ------------------------------------------------------------------ 1. one colour per seat
@pytest.mark.parametrize("gid", READY)
def test_each_ready_game_gives_the_colours_its_board_draws(gid):
    game = games.get(gid)
    assert len(game.seat_colours) >= game.max_players
    css = (ROOT / "web" / GAME_CSS[gid]).read_text().lower()
    for seat in range(game.max_players):
        colour = game.seat_colour(seat)
        assert colour is not None and colour.lower() in css, (gid, seat, colour)   # the board's own colour


def test_the_app_paints_every_seat_name_in_the_board_colour():
    app = make({"game": "doomspire", "seats": "human,bot:normal,bot:normal,bot:normal", "seed": "3"})
    bots_move(app)
    html = app.render()
    root = re.match(r'<div class="bs-app screen-game" style="([^"]+)"', html)
    assert root is not None
    # Doomspire draws Player 1 red and the bots blue, yellow, green: the app's header and lines say the same
    assert root.group(1) == "--seat-0:#ca2b2b;--seat-1:#2b65ca;--seat-2:#fff200;--seat-3:#0e814b"
    bar = html.split('<div class="game-bar">', 1)[1].split('<div class="tools', 1)[0]
    for i, name in enumerate(app.meta["names"]):
        assert f'class="seat-name seat-{i} p{i}' in bar and name in bar           # the name stays: colour adds to it
    assert bar.count('<span class="seat-dot" aria-hidden="true"></span>') == 4
    turn = html.split('<div class="turn-banner">', 1)[1].split("</div>", 1)[0]
    assert 'class="seat seat-0"' in turn and "(you)" in turn
    css = (ROOT / "web" / "ui.css").read_text()
    assert ".seat-0 { --seat-c: var(--seat-0); }" in css and "color-mix(in srgb, var(--seat-c)" in css
    # off the game screen no game colours are given
    app.handle("nav", "shelf")
    assert 'style="--seat' not in app.render()


def test_a_game_without_colours_keeps_the_app_palette(fake_registry):
    app = make({"game": "countdown", "seats": "human,bot:random", "seed": "4"})
    assert '<div class="bs-app screen-game">' in app.render()      # no style: web/ui.css's own palette


# ------------------------------------------------------------------ 2. follow the game
def test_the_whole_log_is_kept_and_numbered_stably():
    """Doomspire's view keeps its last 40 entries; the app shows the newest, newest first, and entry n always
    shows number n (web/ui.css leaves room for five digits); "Show earlier moves" and "Show the whole log" reach
    every entry down to number 1 (issue 31: the panel draws the newest lines until asked), by keyboard too
    (buttons), and "Show only the latest" goes back."""
    app = make({"game": "doomspire", "seats": "bot:normal,bot:normal,bot:normal,bot:normal", "seed": "5"})
    steps = 0
    while len(app.state.log) <= 100 and app.bot_pending() and steps < 3000:
        app.step_bot()
        steps += 1
    log = list(app.state.log)
    assert len(log) > 100

    def panel():
        html = app.render().split('<details class="ds-log"', 1)[1].split("</details>", 1)[0]
        items = re.findall(r'<li data-key="log(\d+)"><span class="log-n">(\d+)</span> (.*?)</li>', html)
        n = len(app.state.log)
        assert [int(n) for n, _, _ in items] == [int(n) for _, n, _ in items] == list(range(n, n - len(items), -1))
        return [text for _, _, text in items], html
    items, html = panel()
    assert markup.LOG_LAST <= len(items) < markup.LOG_LAST + markup.LOG_STEP < len(log)   # the newest only
    assert '<button type="button" class="btn small" data-nav="logmore:more">Show earlier moves' in html
    assert f"({len(log)} in all)" in html
    shown = len(items)
    app.handle("nav", "logmore:more")                                   # one step more, then the whole log
    items, html = panel()
    assert len(items) == shown + markup.LOG_STEP and 'data-nav="logmore:less"' in html
    app.handle("nav", "logmore:all")
    items, html = panel()
    assert len(items) == len(log) and "logmore:more" not in html        # every entry, newest first, down to 1
    oldest = items[-1]
    for _ in range(10):
        app.step_bot()
    items, _ = panel()
    assert len(items) == len(app.state.log) and items[-1] == oldest     # still number 1 as the log grows
    app.handle("nav", "logmore:less")
    items, html = panel()
    assert len(items) < markup.LOG_LAST + markup.LOG_STEP and "logmore:less" not in html
    css = (ROOT / "web" / "ui.css").read_text()
    assert re.search(r"\.bs-app ol\.log-list \{ list-style: none; padding-left: 3\.9em;", css)


def test_the_log_filter_covers_the_earlier_moves():
    """The filter by seat picks from the whole log, not from the lines shown: the newest lines of that seat,
    its earlier ones on asking, every one of them with "Show the whole log" (issue 31)."""
    app = make({"game": "doomspire", "seats": "bot:normal,bot:normal,bot:normal,bot:normal", "seed": "5"})
    steps = 0
    while len(app.state.log) <= 250 and app.bot_pending() and steps < 3000:
        app.step_bot()
        steps += 1

    def lines():
        html = app.render().split('<details class="ds-log"', 1)[1].split("</details>", 1)[0]
        return re.findall(r'<li data-key="log(\d+)">(.*?)</li>', html)

    def numbers():
        return [int(n) for n, _ in lines()]
    app.handle("nav", "logmore:all")
    assert len(lines()) == len(app.state.log)
    mine = [int(n) for n, text in lines() if re.search(r'class="(?:[^"]* )?seat-2[ "]', text)]
    assert len(mine) > markup.LOG_LAST + markup.LOG_STEP
    app.handle("nav", "logseat:2")
    shown = numbers()
    assert shown == mine[:len(shown)] and len(shown) >= markup.LOG_LAST     # only seat 2's, newest first
    assert min(shown) < len(app.state.log) - markup.LOG_LAST - markup.LOG_STEP   # from earlier than the window
    app.handle("nav", "logmore:all")
    assert numbers() == mine
    app.handle("nav", "logseat:all")                                # another choice: the newest lines again
    assert len(numbers()) < markup.LOG_LAST + markup.LOG_STEP


def test_the_log_filters_by_seat():
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "7"})
    bots_move(app)
    first_action(app)
    bots_move(app)
    html = app.render()
    filt = html.split('class="log-filter', 1)[1].split("</div>", 1)[0]
    assert 'data-nav="logseat:all" aria-pressed="true"' in filt and 'data-nav="logseat:1"' in filt
    assert all(name in filt for name in app.meta["names"])
    app.handle("nav", "logseat:1")
    html = app.render()
    assert 'data-log-seat="1"' in html and 'data-nav="logseat:1" aria-pressed="true"' in html
    css = (ROOT / "web" / "ui.css").read_text()
    assert '.bs-app[data-log-seat="1"] ol.log-list > li:not(:has(.seat-1))' in css    # the others are hidden
    app.handle("nav", "logseat:all")
    assert "data-log-seat" not in app.render()
    app.handle("nav", "logseat:9")                                  # no such seat: everyone
    assert app.log_seat is None


def test_the_recap_sends_only_its_newest_entries_as_the_others_play():
    """Issue 31: the recap's entries are lists of ``RECAP_CHUNK`` by their number in the log, each a part, so while
    the bots play (an update per step) the page is sent the newest list and keeps the others; the box still shows
    the same entries, numbered, in order, at most ``RECAP_MAX``."""
    from pyapp.ui.markup import keep_unchanged
    from pyapp.ui.screens.table import RECAP_CHUNK, RECAP_MAX
    app = make({"game": "doomspire", "seats": "human,bot:normal,bot:normal,bot:normal", "seed": "5"})
    parts, kept, grown = {}, 0, 0
    for _ in range(6):
        while app.bot_pending():
            app.step_bot()
            html = app.render()
            sent, parts = keep_unchanged(html, parts)
            shown = re.findall(r'<li value="(\d+)">', recap_of(html))
            if len(shown) > RECAP_CHUNK:
                grown += 1
                kept += bool(re.search(r'data-part="recap-\d+-\d+" data-keep>', sent))
            numbers = [int(n) for n in shown]
            assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) and len(numbers) <= RECAP_MAX
        first_action(app)
    assert grown > 5 and kept >= grown // 2


def test_the_recap_is_there_all_game_and_keeps_what_the_others_did():
    """The box never appears or vanishes (the board below never moves); it names seats in their colours; a
    bot's first moves are in it from the start; after the player's own move it keeps what the others did."""
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "1"})   # seed 1: the bot goes first
    bots_move(app)
    assert app.state.log
    recap = recap_of(app.render())
    assert all(loglib.html(e, app.meta["names"]) in recap for e in app.state.log)
    assert 'class="seat seat-1"' in recap
    before = list(app.state.log)
    first_action(app)
    if not app.state.is_over and 0 in app.state.to_act:
        recap = recap_of(app.render())
        assert "Before your move" in recap and loglib.html(before[-1], app.meta["names"]) in recap
    css = (ROOT / "web" / "ui.css").read_text()
    assert re.search(r"\.since \{[^}]*height: calc\(var\(--lines\) \* 1\.4em[^}]*overflow-y: auto;", css)   # one height
    # (whole lines: its scrolling edge never cuts a line, tests/browser/test_table.py), it scrolls


def test_nothing_yet_in_the_recap_when_nobody_has_moved(fake_registry):
    app = make({"game": "countdown", "seats": "human,bot:random", "seed": "4"})
    assert not app.state.log and "Nothing yet" in recap_of(app.render())


def test_bot_speed_is_a_kept_setting():
    storage = DictStorage()
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "1"}, storage)
    assert app.bot_delay_ms() == BOT_DELAY_MS["normal"] >= 500        # a person can follow the bots
    assert 'data-input="setting-bot_speed"' not in app.render()   # the Settings closed: its summary only (issue 31)
    app.handle("nav", "settings")
    html = app.render()
    assert 'data-input="setting-bot_speed"' in html and "Instant" in html
    app.handle("input", "setting-bot_speed", "instant")
    assert app.bot_delay_ms() == 0 and json.loads(storage.get(SETTINGS_KEY))["bot_speed"] == "instant"
    assert make({}, storage).settings["bot_speed"] == "instant"          # kept for the next visit
    app.handle("input", "setting-bot_speed", "ludicrous")
    assert app.settings["bot_speed"] == "instant"
    assert make({"fast": "1"}, DictStorage()).bot_delay_ms() == 0
    storage.set(SETTINGS_KEY, "[1, 2")                                   # damaged: the defaults
    assert make({}, storage).settings["bot_speed"] == "normal"


def test_the_settings_section_stays_open_across_updates():
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "1"})
    assert '<details class="app-settings">' in app.render()
    app.handle("nav", "settings")
    bots_move(app)
    assert '<details class="app-settings" open>' in app.render()


# ------------------------------------------------------------------ 3. screen readers: live region, headings, title
def live_of(html):
    return re.search(r'<div class="sr-only live" role="status" aria-live="polite" aria-atomic="true">(.*?)</div>',
                     html).group(1)


def test_the_live_region_announces_moves_turns_and_the_result(fake_registry):
    app = make({"game": "countdown", "seats": "human,bot:random", "seed": "4"})
    assert re.sub("<[^>]+>", "", live_of(app.render())) == "Your turn."
    app.handle("action", "take:1")
    text = re.sub("<[^>]+>", "", live_of(app.render()))
    assert text.startswith("Player 1 took.") and "to play" in text
    assert live_of(app.render()) == live_of(app.render())              # unchanged until something happens
    bots_move(app)
    text = re.sub("<[^>]+>", "", live_of(app.render()))
    assert "took." in text and text.endswith("Your turn.")
    while not app.state.is_over:
        if app.bot_pending():
            app.step_bot()
        else:
            app.handle("action", "take:1")
    assert "Game over:" in live_of(app.render())
    app.handle("nav", "shelf")
    assert live_of(app.render()) == ""


@pytest.mark.parametrize("gid", READY)
def test_every_screen_has_a_heading(gid):
    app = make()
    assert "<h2" in app.render()                                       # shelf
    app.handle("nav", f"setup:{gid}")
    assert "<h2" in app.render()
    app.handle("nav", f"rules:{gid}")
    assert re.search("<h[12]", app.render())
    app.handle("nav", "back")
    app.handle("nav", "start")
    html = app.render()
    assert app.screen == "game" and f'<h2 id="game-title" class="sr-only">{games.get(gid).title}</h2>' in html


def test_the_tab_title_says_the_game_and_whose_turn(fake_registry):
    app = make()
    assert app.title() == "Boardshelf"
    app.handle("nav", "rules:hexbattle")
    assert app.title() == "Rules: Hex Battle — Boardshelf"
    app = make({"game": "countdown", "seats": "human,bot:random", "seed": "4"})
    assert app.title() == "Your turn · Countdown — Boardshelf"
    app.handle("action", "take:1")
    assert app.title() == f"{app.meta['names'][1]} to play · Countdown — Boardshelf"
    app = make({"game": "countdown", "seats": "human,human", "seed": "4"})
    assert app.title().startswith("Pass to Player ")


# ------------------------------------------------------------------ 4. small frictions
def test_notices_go_with_the_screen_and_time_out():
    app = make()
    app.notify("Something about the shelf.", "info")
    assert app.notice_timeouts() == [(app.messages[0]["id"], 6000)]
    app.notify("A problem.")
    assert app.notice_timeouts()[1][1] == 12000
    app.handle("nav", "setup:hexbattle")
    assert app.messages == []                                          # they do not follow to another screen
    app.handle("input", "seed", "x")
    app.handle("nav", "start")                                         # the refusal's notice stays with its screen
    assert app.screen == "setup" and len(app.messages) == 1


def test_an_imported_game_shows_its_notice_in_front_of_the_hand_off():
    storage = DictStorage()
    app = make({"game": "hexbattle", "seats": "human,human", "seed": "4"}, storage)
    name, text = app.export_save()
    other = make({}, DictStorage())
    assert other.import_save(text)
    html = other.render()
    if other.handoff_seat() is not None:
        box = html.split('class="handoff"', 1)[1]
        assert "Imported" in box and 'class="notices"' in box
        assert html.count('class="notices"') == 1


def test_importing_the_same_file_twice_keeps_one_copy():
    storage = DictStorage()
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "4"}, storage)
    first_action(app)
    _name, text = app.export_save()
    other_storage = DictStorage()
    other = make({}, other_storage)
    assert other.import_save(text)
    keys = [k for k in other_storage.keys() if k.startswith(saves.SAVE_PREFIX)]
    assert len(keys) == 1
    other.handle("nav", "shelf")
    assert other.import_save(text)
    assert [k for k in other_storage.keys() if k.startswith(saves.SAVE_PREFIX)] == keys
    assert any("already in your saves" in m["text"] for m in other.messages)
    assert other.meta["id"] == keys[0][len(saves.SAVE_PREFIX):]


def test_the_saves_list_is_near_the_top_with_readable_dates_and_the_game_named_once():
    storage = DictStorage()
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "4"}, storage)
    app.handle("nav", "shelf")
    html = app.render()
    soon = [g for g in games.catalog() if not g["ready"]]
    if soon:
        assert html.index('<section class="saves">') < html.index("<h2>Coming soon</h2>")
    row = html.split('<li class="save">', 1)[1].split("</li>", 1)[0]
    assert row.count("Hex Battle") == 1
    assert '<time datetime="2026-11-25T19:07:18Z">25 Nov 2026, 19:07 UTC</time>' in row
    assert "T19:07:18Z<" not in row
    local = App(storage, {}, local_time=lambda iso: "local " + iso[:4])
    local.handle("nav", "shelf")
    assert ">local 2026</time>" in local.render()
    assert readable_time("2026-13-01T00:00:00Z") == "2026-13-01T00:00:00Z"


def test_each_screen_has_its_address_and_back_restores_it():
    storage = DictStorage()
    app = make({}, storage)
    assert app.location() == "#/shelf"
    app.handle("nav", "setup:doomspire")
    assert app.location() == "#/setup/doomspire"
    app.handle("nav", "rules:doomspire")
    assert app.location() == "#/rules/doomspire"
    assert app.go_to("#/setup/doomspire") and app.screen == "setup"
    app.handle("nav", "start")
    sid = app.meta["id"]
    assert app.location() == f"#/game/{sid}"
    assert app.go_to("#/shelf") and app.screen == "shelf" and app.state is None
    assert app.go_to(f"#/game/{sid}") and app.screen == "game" and app.meta["id"] == sid      # Forward
    assert not app.go_to("#/game/zzzz") and app.screen == "game"         # a save that is not there
    assert app.go_to("#/armies/hexbattle") and app.screen == "armies"   # a game's own screen
    assert not app.go_to("#/nonsense/none") and app.screen == "armies"


# ------------------------------------------------------------------ 5. a question before a probable mistake
@pytest.fixture
def risky(fake_registry, monkeypatch):
    def legal(self, seat):
        return [Action("take:1", "Take 1"),
                Action("take:2", "Take 2", confirm="Take two now? That leaves the last one to the other player.")]
    monkeypatch.setattr(CountState, "_legal", legal)


def test_an_action_marked_as_probably_a_mistake_asks_first(risky):
    assert Action("a", "A").confirm == "" and Action("a", "A") != Action("a", "A", confirm="?")
    storage = DictStorage()
    app = make({"game": "countdown", "seats": "human,human", "seed": "4", "start": "3"}, storage)
    app.handle("nav", "handoff-ok")
    app.handle("action", "take:2")
    assert app.state.history == [] and "Take two now?" in app.render()     # asked, nothing done yet
    app.handle("nav", "cancel-confirm")
    assert app.state.history == [] and app.confirm is None
    app.handle("action", "take:2")
    app.handle("nav", "confirm")
    assert app.state.history == [[0, "take:2"]]
    app.handle("nav", "handoff-ok")
    app.handle("action", "take:1")                                      # not marked: at once
    assert len(app.state.history) == 2


def test_dont_ask_again_is_a_kept_setting(risky):
    storage = DictStorage()
    app = make({"game": "countdown", "seats": "human,bot:random", "seed": "4"}, storage)
    app.handle("action", "take:2")
    html = app.render()
    assert 'data-nav="confirm:never"' in html and "don&#x27;t ask again" in html.lower() or "don't ask again" in html
    app.handle("nav", "confirm:never")
    assert app.state.history == [[0, "take:2"]] and app.settings["confirm"] == "never"
    assert json.loads(storage.get(SETTINGS_KEY))["confirm"] == "never"
    bots_move(app)
    app.handle("action", "take:2")                                      # no question any more
    assert len(app.state.history) == 3
    app.handle("nav", "settings")
    assert 'data-input="setting-confirm"' in app.render()               # the way back: the game's settings
    app.handle("input", "setting-confirm", "ask")
    assert make({}, storage).settings["confirm"] == "ask"


def test_a_reload_shows_the_same_recap():
    storage = DictStorage()
    app = make({"game": "hexbattle", "seats": "human,bot:random", "seed": "1"}, storage)
    for _ in range(3):
        first_action(app)
        if app.state.is_over:
            break
    bots_move(app)
    recap = recap_of(app.render())
    again = make({}, storage)                                          # the page reloaded: the game resumes
    assert again.meta["id"] == app.meta["id"] and recap_of(again.render()) == recap
    d = json.loads(storage.get(saves.save_key(app.meta["id"])))
    d["recap"] = {"0": [10 ** 6, 0, 1], "x": 1, "1": "no"}              # damaged: left out, never a crash
    storage.set(saves.save_key(app.meta["id"]), json.dumps(d))
    assert "since" in make({}, storage).render()


def test_no_hand_off_screen_where_nothing_is_hidden_between_players():
    """Ice Fortress is co-operative and public: two people at one device see the board of whoever is to
    act, with no "Pass to" screen; a game with private views (Hex Battle) keeps its hand-off screen."""
    app = make({"game": "icefortress", "seats": "human,human", "seed": "4"})
    for _ in range(40):
        assert app.handoff_seat() is None
        html = app.render()
        assert 'class="handoff"' not in html
        seat = app.state.to_act[0]
        assert app.view_seat() == seat
        first_action(app)
        if app.state.is_over:
            break
    assert len({s for s, _ in app.state.history}) == 2, "both people played, each on their own view"
    other = make({"game": "hexbattle", "seats": "human,human", "seed": "4"})
    assert other.handoff_seat() is not None

"""The game bar on a phone (issue 31, "the table": the bar one line of names and one of tools): the secondary
tools (replay, share, export, the card, rules, shelf, settings) sit behind one "More" button, keyboard reachable
(a real button, ``aria-expanded``, ``aria-controls``); undo and the board's size stay in the bar. Wide screens
show every tool in the bar and no "More" (web/ui.css)."""
from __future__ import annotations

import re
from pathlib import Path

from pyapp.ui import App, DictStorage

ROOT = Path(__file__).resolve().parents[2]
SECONDARY = ("replay", "share", "export", "rules:hexbattle", "shelf", "settings")


def make():
    return App(DictStorage(), {"game": "hexbattle", "seats": "human,bot:easy", "seed": "3"},
               random_seed=lambda: 1234, clock=lambda: "2026-11-25T19:07:18Z")


def parts(html):
    tools = html.split('<div class="tools button-row">', 1)[1]
    toggle = re.search(r'<button [^>]*data-nav="more"[^>]*>', tools).group(0)
    more = re.search(r'<span class="more-tools( open)?" id="bs-more-tools"[^>]*>(.*?)</span><div class="board-zoom',
                     tools, re.S)
    return toggle, more


def test_secondary_tools_fold_into_one_more_button():
    app = make()
    html = app.render()
    toggle, more = parts(html)
    assert 'aria-expanded="false"' in toggle and 'aria-controls="bs-more-tools"' in toggle
    assert more is not None and not more.group(1)
    for nav in SECONDARY:
        assert f'data-nav="{nav}"' in more.group(2), nav
    assert 'data-nav="zoom:' not in more.group(2) and 'data-nav="undo"' not in more.group(2)
    app.handle("nav", "more")
    toggle, more = parts(app.render())
    assert 'aria-expanded="true"' in toggle and more.group(1) == " open"
    app.handle("nav", "more")
    toggle, more = parts(app.render())
    assert 'aria-expanded="false"' in toggle and not more.group(1)


def test_open_settings_keep_the_list_open_and_closing_it_closes_them():
    app = make()
    app.handle("nav", "settings")
    toggle, more = parts(app.render())
    assert 'aria-expanded="true"' in toggle and more.group(1) and '<details class="app-settings" open>' in more.group(2)
    app.handle("nav", "more")
    toggle, more = parts(app.render())
    assert not more.group(1) and '<details class="app-settings">' in more.group(2)


def test_the_css_folds_them_on_narrow_screens_only():
    css = (ROOT / "web" / "ui.css").read_text()
    assert ".game-bar .more-toggle { display: none; }\n.game-bar .more-tools { display: contents; }" in css
    narrow = css.split(".game-bar .more-tools { display: contents; }", 1)[1].split("\n}", 1)[0]
    assert narrow.lstrip().startswith("@media (max-width: 900px)")
    assert ".game-bar .more-toggle { display: inline-flex; }" in narrow
    assert ".game-bar .more-tools { display: none; }" in narrow and ".game-bar .more-tools.open { display: flex;" in narrow


def test_one_control_called_more_on_the_table():
    """A phone shows the game bar's "More" (its tools) and a game's dock may fold its secondary actions too: the
    dock's fold is named by what it holds, so two controls never share the name "More" (Doomspire's concede)."""
    for game in ("hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire"):
        app = App(DictStorage(), {"game": game, "seats": "human,bot:easy", "seed": "3"},
                  random_seed=lambda: 1234, clock=lambda: "2026-11-25T19:07:18Z")
        html = app.render()
        assert html.count(">More<") == 1, game                 # the game bar's toggle only
        assert re.search(r'data-nav="more"[^>]*>More<span class="sr-only"> tools</span>', html), game
        if game == "doomspire":
            assert '<summary>More actions</summary>' in html and 'data-action="concede' in html.split(
                '<summary>More actions</summary>', 1)[1].split("</details>", 1)[0]


def test_a_move_does_not_resend_the_game_bars_tools():
    """Issue 31, "Fast while it moves": the secondary tools and the board sizes are parts (pyapp.ui.markup.part), so
    an update after a move sends them as their names only and the page keeps their nodes; opening them sends them."""
    from pyapp.ui.markup import keep_unchanged
    app = make()
    while app.bot_pending():                       # (the bot opens this game)
        app.step_bot()
    page = app.render()
    _sent, parts_before = keep_unchanged(page, {})
    app.handle("action", re.search(r'data-action="([^"]+)"', page).group(1))
    sent, parts_before = keep_unchanged(app.render(), parts_before)
    assert '<span id="bs-more-tools" data-part="game-more" data-keep></span>' in sent
    assert '<div data-part="game-zoom" data-keep></div>' in sent
    assert 'data-nav="export"' not in sent and 'data-nav="zoom:fit"' not in sent
    app.handle("nav", "more")
    sent, _ = keep_unchanged(app.render(), parts_before)
    assert 'data-nav="export"' in sent and '<span class="more-tools open" id="bs-more-tools"' in sent

"""Issue 31, "Fast while it moves": the game panels a player does not see until asked (a closed ``<details>``:
Clockwork's key, territories and unit stats, Doomspire's tiles in words and decks, Hex Battle's discard piles,
Cloudspire's map key and pieces in words, the app's Settings) are sent as their summary only; opening one (its
summary's ``data-nav="fold:<key>"``, the app owns the state) draws its whole detail, the same as the renderer draws
it off the table (a replay); closing it takes the detail away again."""
import random
import re
from html import unescape

import pytest

from pyapp.ui import App, DictStorage

ACTION_RE = re.compile(r'data-action="([^"]+)"')
SEATS = {"hexbattle": "human,bot:greedy", "doomspire": "human,bot:random,bot:random",
         "clockwork": "human,bot:crusader,bot:crusader", "cloudspire": "human,bot:raider"}
FOLDS = {"clockwork": ["cw-key", "cw-terr", "cw-units"], "doomspire": ["ds-tiles", "ds-decks"],
         "hexbattle": ["hb-discards"], "cloudspire": ["cs-legend", "cs-pieces"]}


def details(html: str, cls: str) -> str:
    html = re.sub(r' data-part="[^"]*"|<!--/bs:[^>]*-->', "", html)            # (parts named: not the point here)
    m = re.search(f'<details class="{cls}"[^>]*>.*?</details>', html, re.S)
    assert m, cls
    return m.group(0)


def played(game: str, clicks: int = 12) -> App:
    app = App(DictStorage(), {"game": game, "seats": SEATS[game], "seed": "42", "fast": "1"})
    rng = random.Random(42)
    for _ in range(clicks):
        while app.bot_pending():
            app.step_bot()
        ids = sorted({unescape(a) for a in ACTION_RE.findall(app.render())})
        ids = [a for a in ids if not a.startswith(("concede", "resign"))]
        if not ids:
            break
        app.handle("action", rng.choice(ids))
    while app.bot_pending():
        app.step_bot()
    return app


@pytest.mark.parametrize("game", sorted(FOLDS))
def test_a_closed_panel_is_sent_as_its_summary_and_opens_into_its_whole_detail(game):
    app = played(game)
    html = app.render()
    state, mod = app.state, __import__(f"pyapp.games.{game}.render", fromlist=["render"])
    for key in FOLDS[game]:
        closed = details(html, key)
        assert re.fullmatch(f'<details class="{key}"><summary data-nav="fold:{key}">[^<]*(<[^d/][^<]*)*</summary>'
                            '</details>', closed), closed
        app.handle("nav", f"fold:{key}")
        opened = details(app.render(), key)
        assert opened.startswith(f'<details class="{key}" open><summary data-nav="fold:{key}">')
        # the detail is what the renderer draws off the table (where the browser opens it): nothing lost
        view = state.view(0)
        view["log"] = list(state.log)
        actions = state.legal_actions(0) if 0 in state.to_act else []
        off = details(mod.render(view, actions, seat=0, names=app.meta["names"], interactive=bool(actions)), key)
        assert opened.split("</summary>", 1)[1] == off.split("</summary>", 1)[1] and len(opened) > len(closed) + 40
        app.handle("nav", f"fold:{key}")
        assert details(app.render(), key) == closed


def test_the_settings_section_is_its_summary_until_opened():
    app = played("hexbattle", 2)
    closed = details(app.render(), "app-settings")
    assert closed == '<details class="app-settings"><summary data-nav="settings">Settings</summary></details>'
    app.handle("nav", "settings")
    assert 'data-input="setting-bot_speed"' in details(app.render(), "app-settings")

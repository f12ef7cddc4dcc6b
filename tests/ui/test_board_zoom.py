"""The board zoom (issue 16: legible boards on phones).

Each game's renderer declares on its board's svg the width (CSS px) where its smallest board text is 11 px,
``style="--legible: NNNpx"``; the smallest text is read here independently of the renderer: the ``font-size``
attributes in the rendered svg and the font sizes the game's own stylesheet (web/<game>.css) gives inside the
board's class, every media query included (web/ui.css's older board rules are overridden by those).  The app
keeps the zoom in its settings (``board_zoom``) and applies it as markup (``data-zoom`` on the game's board area,
the buttons above it, the Settings section's choice); web/ui.css does the rest (the browser test
tests/browser/test_sizes.py measures it).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyapp import games
from pyapp.ui.app import App
from pyapp.ui.storage import SETTINGS_KEY, DictStorage, load_settings

WEB = Path(__file__).resolve().parents[2] / "web"
# each game's board svg class (its stylesheet's rules for the board's text are under it)
BOARD_CLASS = {"hexbattle": "hb-board", "doomspire": "ds-board", "clockwork": "cw-board", "cloudspire": "cs-map",
               "icefortress": "if-room"}
SVG_RE = re.compile(r"<svg\b[^>]*>")
FONT_ATTR_RE = re.compile(r'font-size="([\d.]+)"')
PX_RE = re.compile(r"(?<![\w.-])([\d.]+)px")


def _screen(gid: str, players: int | None = None, **query: str) -> tuple[App, str]:
    g = games.get(gid)
    n = players or g.min_players
    app = App(DictStorage({}), {"game": gid, "seats": ",".join(["human"] + ["bot"] * (n - 1)), "seed": "7",
                                "fast": "1", **query})
    while app.bot_pending():
        app.step_bot()
    return app, app.render()


def _css_fonts(gid: str) -> list[float]:
    """The font sizes (px, i.e. SVG units inside an svg) the game's stylesheet gives inside its board's class."""
    css = re.sub(r"/\*.*?\*/", "", (WEB / f"{gid}.css").read_text(), flags=re.S)
    out = []
    for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        if f".{BOARD_CLASS[gid]}" not in sel:
            continue
        for prop, value in re.findall(r"(font-size|font)\s*:\s*([^;]+)", body):
            out += [float(v) for v in PX_RE.findall(value)[:1]]
    return out


def _legible_svgs(html: str) -> list[tuple[str, float, float]]:
    """(the svg's markup to its end, its viewBox width, its --legible px) of every board svg declaring one."""
    out = []
    for m in SVG_RE.finditer(html):
        tag = m.group(0)
        lg = re.search(r'style="[^"]*--legible:\s*([\d.]+)px', tag)
        if lg is None:
            continue
        vb = re.search(r'viewBox="([-\d. ]+)"', tag)
        assert vb, tag
        end = html.find("</svg>", m.end())
        out.append((html[m.start():end], float(vb.group(1).split()[2]), float(lg.group(1))))
    return out


@pytest.mark.parametrize("gid", sorted(BOARD_CLASS))
def test_every_board_declares_the_width_where_its_smallest_text_is_11_px(gid):
    _app, html = _screen(gid)
    boards = _legible_svgs(html)
    assert boards, f"{gid}: no board svg declares --legible"
    css = _css_fonts(gid)
    assert css or gid == "cloudspire", gid              # (Cloudspire sizes its board text in the markup)
    for svg, vb_w, legible in boards:
        fonts = css + [float(f) for f in FONT_ATTR_RE.findall(svg)]
        assert fonts, svg[:200]
        assert legible * min(fonts) / vb_w >= 11, (gid, legible, min(fonts), vb_w)
        assert legible * min(fonts) / vb_w < 11 * 1.01 or gid == "doomspire", (gid, legible)   # not much more
    if gid == "doomspire":          # there also the width where a numbered marker (20 units) is 24 px
        assert boards[0][2] * 20 / boards[0][1] >= 24


def test_clockwork_declares_it_per_render():
    """Clockwork shows the grid slots that can matter: its viewBox, hence its legible width, follows them."""
    seen = {}
    for n in (2, 4):
        _app, html = _screen("clockwork", n)
        (_svg, vb_w, legible), = _legible_svgs(html)
        assert legible == int(vb_w * 11 / 9.5) + 1
        seen[n] = vb_w
    assert seen[2] != seen[4], seen


def test_board_zoom_setting_kept_and_applied_as_markup():
    storage = DictStorage({})
    assert load_settings(storage)["board_zoom"] == "auto"
    app = App(storage, {"game": "doomspire", "seats": "human,bot:normal", "seed": "7", "fast": "1"})
    while app.bot_pending():
        app.step_bot()
    html = app.render()
    assert 'class="game-board" data-zoom="auto"' in html
    zoom = html[html.index('class="board-zoom'):]
    zoom = zoom[:zoom.index("</div>")]
    assert zoom.index("Board size") > 0 and zoom.count("<button") == 3
    assert 'data-nav="zoom:legible" aria-pressed="true"' in zoom        # auto: Legible where the buttons show
    assert html.index('class="board-zoom') < html.index('class="game-board"')
    assert 'data-input="setting' not in html          # the Settings section closed: its summary only (issue 31)
    app.handle("nav", "settings")
    assert 'data-input="setting-board_zoom"' in app.render()             # the Settings section has it too
    app.handle("nav", "zoom:fit")
    html = app.render()
    assert 'class="game-board" data-zoom="fit"' in html
    assert 'data-nav="zoom:fit" aria-pressed="true"' in html and 'data-nav="zoom:legible" aria-pressed="false"' in html
    assert '"board_zoom": "fit"' in storage.get(SETTINGS_KEY)
    app.handle("nav", "zoom:huge")                                         # not a zoom: nothing changes
    app.handle("input", "setting-board_zoom", "<b>")
    assert 'data-zoom="fit"' in app.render()
    app.handle("input", "setting-board_zoom", "large")
    assert 'data-zoom="large"' in app.render()
    again = App(storage, {})                                               # kept on this device
    assert again.settings["board_zoom"] == "large"


def test_hot_seat_game_offers_the_board_size_too():
    """The Settings section is on every game screen now (the board's size is for everyone)."""
    app = App(DictStorage({}), {"game": "hexbattle", "seats": "human,human", "seed": "7"})
    html = app.render()
    if "handoff" in html:
        app.handle("nav", "handoff-ok")
    app.handle("nav", "settings")                        # (closed, the section is its summary only: issue 31)
    html = app.render()
    assert 'data-input="setting-board_zoom"' in html and 'data-input="setting-bot_speed"' not in html


def test_an_embedded_game_fits_its_frame_by_default():
    """The host page sizes an embedded game's frame: its default zoom shows as Fit (web/ui.css: not .embed)."""
    _app, html = _screen("doomspire", embed="1")
    assert 'class="bs-app screen-game embed' in html and 'data-zoom="auto"' in html
    assert 'data-nav="zoom:fit" aria-pressed="true"' in html

"""Cloudspire in the browser: (a) a whole 2-player game (seat 1 a person, seat 2 the best bot) played by clicking
``data-action`` elements (board markers and buttons) until the outcome shows, with a reload mid-game that resumes
it; (b) a 3-player game started from URL parameters shows the map and every player; (c) at 390x844 (touch) and
1366x768 the map fits the width, no two controls overlap and, at 1366, no text is under 11 px, the choices beside
the map; (d) a build (a spire on a ringed well) made with the keyboard only; (e) no serious axe finding on the board.

Skipped while the registry lists the game as not ready (the built wheel is made from these sources, so
``pyapp.games.get("cloudspire")`` here says what the page will say).  The board's styles come from
``web/cloudspire.css``, which index.html must link.

The person's policy plays the same game in CPython through ``pyapp.ui.App`` with the same URL parameters (the bot
is seeded from the game's seed): with ``SEED`` it ends after 42 clicks (marks, unit selection, the secret stack,
hero and minion moves, spires firing, attacks) and 99 actions in all (session 21).  The page plays the first 15
clicks (marks, selection, the stack) and reloads (the same board comes back); then its save takes the moves of the
CPython game up to click ``HANDED_AT`` (checked: the page's moves are their first, tests/near_end.py), and the page
resumes there and plays the last clicks (moves, fire, attacks) to the end screen.
"""
from __future__ import annotations

import time

import pytest

from harness import (as_size, click_action, latency_summary, new_page, notices, play_by_clicking, reload_resumes,
                     renders, saved_games, wait_idle, wait_ready, wait_render)
from near_end import app_prefix, click_or_dispatch, replace_save, save_of
from tool_modules import tool

from pyapp import games

pytestmark = pytest.mark.browser

SEED = 1                 # 92 clicks, 228 actions in CPython with this policy
MAX_CLICKS = 400
RELOAD_AT = 15
HANDED_AT = 30           # the page's game moves on to this click of the CPython one after the reload
# The person's policy: the first id in markup order of the first matching preference ("x:" matches a prefix,
# anything else the whole id).  Pass in the market and the build phase, mark, select units while CP last, stack
# them, then march, fire, explore and attack.
PREFER = ("level", "reveal", "mark:", "sel:", "put:", "done", "go", "minions", "step:", "fire", "explore:", "atk:",
          "shoot:", "push:", "attack", "end", "pass")


def _ready() -> bool:
    try:
        games.get("cloudspire")
    except LookupError:
        return False
    return True


skip_unready = pytest.mark.skipif(not _ready(), reason="Cloudspire is not listed as ready yet")


def choose(ids: list[str]) -> str:
    for p in PREFER:
        for aid in ids:
            if aid.startswith(p) if p.endswith(":") else aid == p:
                return aid
    return ids[0]


@skip_unready
def test_whole_two_player_game_against_the_bot_by_clicking_with_reload(site, page):
    url = site.url(f"index.html?game=cloudspire&seats=human,bot:raider&seed={SEED}&fast=1")
    start = time.perf_counter()
    page.goto(url)
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    assert page.locator("#app svg.cs-map").count() == 1
    assert page.locator("#app .cs-player").count() == 2
    # the stylesheet came with the page (web/cloudspire.css), not inside the fragment
    assert page.locator("#app style").count() == 0
    assert page.evaluate("getComputedStyle(document.querySelector('#app .cs-map')).display") == "block"
    lat: list = []
    kinds: dict = {}

    def counted(ids: list[str]) -> str:
        aid = choose(ids)
        kinds[aid.split(":")[0]] = kinds.get(aid.split(":")[0], 0) + 1
        return aid

    clicks = play_by_clicking(page, counted, max_clicks=MAX_CLICKS, stop_after=RELOAD_AT, idle_timeout=120_000,
                              latencies=lat, click_fn=click_or_dispatch)
    assert clicks == RELOAD_AT, "the game ended before the reload point"
    reload_resumes(page, "#app .cs-game", idle_timeout=120_000)
    # the same game played on in CPython (checked: the page's moves are its first), resumed by the page
    handed = app_prefix({"game": "cloudspire", "seats": "human,bot:raider", "seed": str(SEED), "fast": "1"},
                        choose, HANDED_AT)
    replace_save(page, handed)
    page.reload()
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    (now,) = saved_games(page)
    assert now["actions"][:len(save_of(handed)["actions"])] == save_of(handed)["actions"]
    clicks = HANDED_AT

    clicks = play_by_clicking(page, counted, max_clicks=MAX_CLICKS, clicks=clicks, idle_timeout=120_000,
                              latencies=lat, click_fn=click_or_dispatch)
    assert "Game over" in page.locator("#app .outcome").inner_text()
    assert not page.locator("#app [data-action]").count()
    saves = saved_games(page)
    assert len(saves) == 1 and str(saves[0].get("status", "")).startswith("finished"), [s.get("status") for s in saves]
    assert {"mark", "sel", "put", "step", "atk"} <= set(kinds), kinds
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    print(f"\ncloudspire browser game: {clicks} clicks {kinds}, {len(saves[0]['actions'])} actions, "
          f"{time.perf_counter() - start:.0f} s; click-to-render {latency_summary(lat)}")


@skip_unready
def test_three_player_game_from_url_shows_the_map_and_every_player(site, page):
    page.goto(site.url("index.html?game=cloudspire&seats=human,bot:raider,bot:raider&seed=5"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    board = page.locator("#app svg.cs-map")
    assert board.count() == 1 and board.is_visible()
    assert page.locator("#app .cs-player").count() == 3
    assert page.locator("#app [data-action]").count() > 0        # the person has something to do
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors


LAYOUT_SEED = 3          # the person passes in the market, then constructs a spire: its wells are ringed on the map


def _to_the_wells(page) -> None:
    """Pass in the market, wait for the build phase, choose a spire: the free wells are ringed on the map."""
    click_action(page, "pass")
    wait_idle(page, timeout=120_000)
    spire = next(a for a in page.eval_on_selector_all("#app [data-action]", "els => els.map(e => e.dataset.action)")
                 if a.startswith("spire:"))
    click_action(page, spire)
    wait_idle(page, timeout=120_000)


@skip_unready
def test_the_map_fits_stays_legible_and_no_controls_overlap(site, browser):
    """At 1366x768, then on the phone (390x844, touch) with the board zoom "Fit" (the whole board in the width; the
    phone's default, Legible, is checked in tests/browser/test_sizes.py): one page resized (``as_size``), 2 boots and
    walks to the wells before, 1 now."""
    shots = tool("screenshots")
    ctx, page, guard = new_page(browser)
    try:
        as_size(page, "laptop")
        page.goto(site.url(f"index.html?game=cloudspire&seats=human,bot:raider&seed={LAYOUT_SEED}&fast=1"))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        _to_the_wells(page)
        for size in ("laptop", "phone"):
            w, h = as_size(page, size)
            if shots.SIZES[size][2]:
                shots.set_zoom(page, "fit")
            # what a person checks first, inside the game's markup (its text; controls anywhere on the screen)
            m = page.evaluate(shots.MEASURE_JS, "#app .cs-game")
            assert page.locator("#app .cs-game svg .cs-mark").count() >= 2, (size, m)
            left, right = m["board"]
            assert left >= 0 and right <= m["viewport"] + 0.5, (size, m)        # the map fits the width
            assert not m["overlaps"], (size, m["overlaps"][:5])
            if w >= 1366:
                assert m["minFont"] >= 11, (m["minFont"], m["minText"])
                acts = page.locator("#app .cs-game .bs-actions").bounding_box()
                assert acts and acts["x"] >= right - 1, (acts, m)               # the choices beside the map
                assert acts["y"] < h, acts                                      # ... and in view
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()


@skip_unready
def test_a_build_is_made_with_the_keyboard_only(site, page):
    """Tab to the market's Pass, Enter; Tab to a spire, Enter; Tab to a ringed well on the map, Enter (and to the
    bottom upgrade if asked): the spire stands and the last-move list says so."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(site.url(f"index.html?game=cloudspire&seats=human,bot:raider&seed={LAYOUT_SEED}&fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)

    def tab_to(prefix: str) -> str:
        for _ in range(250):
            page.keyboard.press("Tab")
            got = page.evaluate("() => document.activeElement && document.activeElement.dataset.action || ''")
            if got == prefix or (prefix.endswith(":") and got.startswith(prefix)):
                return got
        raise AssertionError(f"Tab never reached {prefix!r}")

    def enter() -> None:
        before = renders(page)
        page.keyboard.press("Enter")
        wait_render(page, before)
        wait_idle(page, timeout=120_000)

    tab_to("pass")
    enter()
    tab_to("spire:")
    enter()
    well = tab_to("at:")
    assert page.evaluate("() => document.activeElement.closest('svg.cs-map') !== null")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')").startswith("On the Source well")
    enter()
    if any(a.startswith("bottom:") for a in page.eval_on_selector_all("#app [data-action]",
                                                                      "els => els.map(e => e.dataset.action)")):
        tab_to("bottom:")
        enter()
    text = page.locator("#app .cs-lastmoves").text_content() or ""   # not innerText: off-screen panel sections skip rendering
    assert f"built {well[3:]}" in text, text
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors


@skip_unready
def test_axe_finds_no_serious_problem_on_the_board(site, page):
    from test_experience import AXE, axe
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci)")
    page.goto(site.url(f"index.html?game=cloudspire&seats=human,bot:raider&seed={LAYOUT_SEED}&fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    _to_the_wells(page)
    _, board = axe(page)
    assert not board, board

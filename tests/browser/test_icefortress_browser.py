"""Ice Fortress in the browser: (a) a whole 2-player game (seat 1 a person, seat 2 the hard bot as the teammate)
played by clicking ``data-action`` elements, with a reload mid-game that resumes it; (b) a solo game started from
URL parameters shows the fortress board and the person's two characters; (c) at 390x844 (touch) and 1366x768 the
board fits the width, no text in the game is under 11 px at 1366, no two controls overlap and every control is
on screen horizontally; (d) a whole turn played with the keyboard only (Tab to a control, Enter), after which the
person's last move is marked on the board.

The person's policy was checked first in CPython through ``pyapp.ui.App`` with the same URL parameters (the bot
is seeded from the game's seed, so the page plays the same game): with ``SEED`` it ends after 38 clicks (dice,
pillars on the board's squares, rooms picked and built, invaders landed, a room flooded) and 76 bot actions,
8 turns, a team loss (the shield breaks).
"""
from __future__ import annotations

import time

import pytest

from harness import (click_action_once, latency_summary, notices, play_by_clicking, reload_resumes, renders,
                     saved_games, sized_page, wait_idle, wait_ready, wait_render)
from near_end import click_or_dispatch
from tool_modules import tool


pytestmark = pytest.mark.browser

SEED = 8                 # 38 clicks, 76 bot actions in CPython with this policy
MAX_CLICKS = 300
RELOAD_AT = 15
# The person's policy: the first id in markup order of the first matching preference ("x:" matches a prefix,
# anything else the whole id).  A die or room chosen with nowhere to go ends the turn; a supply room picked once
# since the last roll is not picked again (picking rooms with no place to build would go round forever).
PREFER = ("discard:", "give:", "roll", "pillar:", "pick:", "build:", "die:", "land:", "flood:", "shard:", "pay:", "end")


def make_choose():
    tried: set[str] = set()

    def choose(ids: list[str]) -> str:
        if "roll" in ids:
            tried.clear()
        ids = [a for a in ids if a not in tried]
        if "cancel" in ids and "end" in ids and not any(a.startswith(("pillar:", "build:")) for a in ids):
            return "end"
        for p in PREFER:
            for aid in ids:
                if aid.startswith(p) if p.endswith(":") else aid == p:
                    if aid.startswith("pick:"):
                        tried.add(aid)
                    return aid
        return ids[0]
    return choose



def test_whole_two_player_game_with_a_bot_teammate_by_clicking_with_reload(site, page):
    url = site.url(f"index.html?game=icefortress&seats=human,bot:planner&seed={SEED}&fast=1")
    start = time.perf_counter()
    page.goto(url)
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    assert page.locator("#app .if-board").count() == 1
    assert page.locator("#app .if-side .char").count() == 2
    # the stylesheet came with the page (web/icefortress.css), not inside the fragment
    assert page.locator("#app style").count() == 0
    assert page.evaluate("getComputedStyle(document.querySelector('#app .if-board')).backgroundColor") == \
        "rgb(223, 234, 242)"                                     # (web/icefortress.css's .if-board)
    choose = make_choose()
    lat: list = []

    clicks = play_by_clicking(page, choose, max_clicks=MAX_CLICKS, stop_after=RELOAD_AT, click_fn=click_or_dispatch,
                              idle_timeout=120_000, latencies=lat)
    assert clicks == RELOAD_AT, "the game ended before the reload point"
    reload_resumes(page, "#app .if-game", idle_timeout=120_000)

    clicks = play_by_clicking(page, choose, max_clicks=MAX_CLICKS, clicks=clicks, click_fn=click_or_dispatch,
                              idle_timeout=120_000, latencies=lat)
    assert "Game over" in page.locator("#app .outcome").inner_text()
    assert (page.locator("#app .if-side .banner").text_content() or "").strip().startswith(("Victory", "Defeat"))
    saves = saved_games(page)
    assert len(saves) == 1 and str(saves[0].get("status", "")).startswith("finished"), [s.get("status") for s in saves]
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    print(f"\nicefortress browser game: {clicks} clicks, {len(saves[0]['actions'])} actions, "
          f"{time.perf_counter() - start:.0f} s; click-to-render {latency_summary(lat)}")


def test_solo_game_from_url_shows_the_board_and_two_characters(site, page):
    page.goto(site.url("index.html?game=icefortress&seats=human&seed=5"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    board = page.locator("#app .if-board")
    assert board.count() == 1 and board.is_visible()
    chars = page.locator("#app .if-side .char")
    assert chars.count() == 2
    texts = chars.all_text_contents()                             # not innerText: off-screen side sections skip rendering
    assert all("Player 1" in t for t in texts), texts             # one person plays both characters
    assert page.locator('#app [data-action^="give:"]').count() > 0  # solo setup: give abilities to the characters
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors




def _advance(page, choose, clicks):
    """The person's next ``clicks`` choices (policy ``choose``), clicked; stops early at the end of the game."""
    for _ in range(clicks):
        if page.locator("#app .outcome").count():
            return
        click_action_once(page, choose(_ids(page)))


def _ids(page):
    return page.eval_on_selector_all("#app [data-action]", "els => els.map(e => e.dataset.action)")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_board_fits_reads_and_has_no_overlapping_controls(site, browser, size):
    w = tool("screenshots").SIZES[size][0]
    ctx, page, guard = sized_page(browser, size)
    try:
        page.goto(site.url(f"index.html?game=icefortress&seats=human,bot:planner&seed={SEED}&fast=1"))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        choose = make_choose()
        for steps in (0, 6, 8):                 # setup, a turn under way (rooms and pillars built), later
            _advance(page, choose, steps)
            m = page.evaluate(tool("screenshots").MEASURE_JS, "#app .if-game")
            board = page.locator("#app .if-board").bounding_box()
            assert m["pageWidth"] <= w, m                               # no sideways scrolling
            assert board["x"] >= 0 and board["x"] + board["width"] <= w, board
            assert not m["overlaps"], m["overlaps"]
            assert not m["offside"], m["offside"]                       # every control within the width
            if w >= 1366:
                assert m["minFont"] >= 11, m
            else:
                assert m["minFont"] >= 10.5, m
        assert page.locator("#app .if-board .if-room").count() >= 2
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


def _focus_by_tab(page, aid: str, limit: int = 400) -> None:
    """Press Tab until the focused element carries ``aid`` (fails after ``limit`` presses)."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.dataset ? "
                         "document.activeElement.dataset.action || '' : ''") == aid:
            return
    raise AssertionError(f"{aid} was never reached with Tab")


def test_a_whole_turn_by_keyboard_then_the_move_is_marked(site, page):
    page.goto(site.url(f"index.html?game=icefortress&seats=human,bot:planner&seed={SEED}&fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    choose = make_choose()
    placed = False
    rolled = False
    for _ in range(80):
        ids = _ids(page)
        if rolled and "roll" in ids or page.locator("#app .outcome").count():
            break                                               # the person's next turn: the first one is over
        aid = choose(ids)
        rolled = rolled or aid == "roll"
        placed = placed or aid.startswith("pillar:")
        _focus_by_tab(page, aid)
        tag = page.evaluate("() => document.activeElement.tagName.toLowerCase()")
        before = renders(page)
        page.keyboard.press("Enter")
        wait_render(page, before)
        wait_idle(page, timeout=120_000)
        if aid.startswith("pillar:"):
            assert tag == "g"                                    # a square of the board itself, not a list button
            # the placement is marked at once: an outline in seat 1's colour with its number, and in words
            assert page.locator("#app .if-board .mark.seat-0").count() >= 1
            assert page.locator("#app .if-board .mtag.seat-0").count() >= 1
            # textContent, not innerText: the side panel's sections skip rendering while off screen
            # (content-visibility: auto), and innerText of a skipped section can read as empty
            assert "put a" in (page.locator("#app .if-last li.seat-0").text_content() or "")
    assert rolled and placed
    # back to the person: the bot teammate's turn is marked until it moves again (the person's own marks went
    # when the person's new turn began)
    assert page.locator("#app .if-last li.seat-1").count() == 1
    assert page.locator("#app .if-last li.seat-0").count() == 0
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors

"""Lords of Doomspire in the browser: a whole 4-player game (seat 1 a person, three goal bots) played by
clicking ``data-action`` elements, with a reload mid-game; click-to-render times are printed.

Skipped while the registry lists the game as not ready (the built wheel is made from these sources,
so ``pyapp.games.get("doomspire")`` here says what the page will say).  Until index.html links
``web/doomspire.css`` the test adds that stylesheet to the page itself, so the board has its real
geometry (pointer-events, sizes) when clicked.
"""
from __future__ import annotations

import time

import pytest

from harness import (click_action_once, latency_summary, notices, play_by_clicking, reload_resumes, renders, saved_games, wait_idle, wait_ready)


pytestmark = pytest.mark.browser

SEED = 3                 # ~90 human clicks and ~420 bot actions in CPython with this policy (19 rounds)
MAX_CLICKS = 400
RELOAD_AT = 30
# The human's policy (same as tests/test_doomspire_render.py): the first id in markup order of the
# first matching preference; "x:" matches a prefix, anything else the whole id.  Never concedes.
PREFER = ("concede:no", "stay", "decline", "pass", "support:no", "nouse", "fight", "fleeto:", "lose:", "give:",
          "steal:", "stack:", "pick:", "roll:2", "roll:1", "claim", "move:", "harvest:all", "harvest:", "build:", "done",
          "end")


def choose(ids: list[str]) -> str:
    for p in PREFER:
        for aid in ids:
            if (aid.startswith(p) if p.endswith(":") else aid == p):
                return aid
    rest = [a for a in ids if a != "concede" and not a.startswith(("offer:", "trade:"))]
    return (rest or ids)[0]



def play(page, clicks: int, stop_after: int | None, lat: list) -> int:
    return play_by_clicking(page, choose, max_clicks=MAX_CLICKS, clicks=clicks, stop_after=stop_after,
                            click_fn=click_action_once, idle_timeout=120_000, latencies=lat)


def test_whole_four_player_game_by_clicking_with_reload(site, page):
    url = site.url(f"index.html?game=doomspire&seats=human,bot,bot,bot&seed={SEED}&fast=1")
    start = time.perf_counter()
    page.goto(url)
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    assert page.locator("#app svg.ds-board").count() == 1
    assert page.locator("#app .ds-board .tile").count() == 64
    lat: list = []

    clicks = play(page, 0, RELOAD_AT, lat)
    assert clicks == RELOAD_AT, "the game ended before the reload point"
    reload_resumes(page, "#app .ds-game", idle_timeout=120_000)

    clicks = play(page, clicks, None, lat)
    assert "Game over" in page.locator("#app .outcome").inner_text()
    assert "Final ranking" in page.locator("#app .ds-outcome").inner_text()
    saves = saved_games(page)
    assert len(saves) == 1 and str(saves[0].get("status", "")).startswith("finished"), [s.get("status") for s in saves]
    swaps = renders(page)
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    print(f"\ndoomspire browser game: {clicks} clicks, {len(saves[0]['actions'])} actions, "
          f"{swaps} renders after the reload, {time.perf_counter() - start:.0f} s; click-to-render "
          f"{latency_summary(lat)}")

"""Clockwork Crusade in the browser: a whole 3-player game (seat 1 a person, two crusader bots) played by
clicking ``data-action`` elements (board markers and buttons) until the outcome is shown, with a reload
mid-game that resumes the same game; click-to-render times are printed.

Skipped while the registry lists the game as not ready (the built wheel is made from these sources,
so ``pyapp.games.get("clockwork")`` here says what the page will say).  Until index.html links
``web/clockwork.css`` the test adds that stylesheet to the page itself, so the board has its real
geometry (pointer-events, sizes) when clicked.

The URL cannot pass game options (``max_rounds``), so the game runs with the default turn limit; the
seed and the person's policy below make it short: in CPython (tests via pyapp.ui.app.App, reload
included) seed 12 ends after ~29 clicks (moves, portals and two attacks by the person) and ~135 bot
actions on the last Gate Tokens.
"""
from __future__ import annotations

import time

import pytest

from harness import (latency_summary, notices, play_by_clicking, reload_resumes, renders, saved_games,
                     wait_idle, wait_ready)


pytestmark = pytest.mark.browser

SEED = 12
MAX_CLICKS = 300
RELOAD_AT = 15
# The person's policy: the first id in markup order of the first matching preference ("x:" = prefix).
# Decline the optional coin flips that would slow things down, attack, open portals, advance, end the turn.
PREFER = ("counter", "stealth", "noscapegoat", "decline", "attack:", "portal:", "move:", "gate:", "done", "draw",
          "end")


def choose(ids: list[str]) -> str:
    for p in PREFER:
        for aid in ids:
            if (aid.startswith(p) if p.endswith(":") else aid == p):
                return aid
    return ids[0]


def play(page, clicks: int, stop_after: int | None, lat: list, kinds: dict) -> int:
    def choose_and_count(ids: list[str]) -> str:
        aid = choose(ids)
        kinds[aid.split(":")[0]] = kinds.get(aid.split(":")[0], 0) + 1
        return aid
    return play_by_clicking(page, choose_and_count, max_clicks=MAX_CLICKS, clicks=clicks, stop_after=stop_after,
                            idle_timeout=120_000, latencies=lat, handoff=True)


def test_whole_three_player_game_by_clicking_with_reload(site, page):
    url = site.url(f"index.html?game=clockwork&seats=human,bot,bot&seed={SEED}&fast=1")
    start = time.perf_counter()
    page.goto(url)
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    assert page.locator("#app svg.cw-board").count() == 1
    lat: list = []
    kinds: dict = {}

    clicks = play(page, 0, RELOAD_AT, lat, kinds)
    assert clicks == RELOAD_AT, "the game ended before the reload point"
    assert page.locator("#app .cw-board .cell").count() >= 90       # grids are on the board by now
    reload_resumes(page, "#app .cw-game", idle_timeout=120_000)

    clicks = play(page, clicks, None, lat, kinds)
    assert "Game over" in page.locator("#app .outcome").inner_text()
    assert "Winner" in page.locator("#app .cw-outcome").inner_text()
    assert not page.locator("#app [data-action]").count()
    saves = saved_games(page)
    assert len(saves) == 1 and str(saves[0].get("status", "")).startswith("finished"), [s.get("status") for s in saves]
    assert {"grid", "gate", "end"} <= set(kinds), kinds
    swaps = renders(page)
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    print(f"\nclockwork browser game: {clicks} clicks {kinds}, {len(saves[0]['actions'])} actions, "
          f"{swaps} renders after the reload, {time.perf_counter() - start:.0f} s; click-to-render "
          f"{latency_summary(lat)}")

"""Clockwork Crusade in the browser: a whole 3-player game (seat 1 a person, two crusader bots) played by
clicking ``data-action`` elements (board markers and buttons) until the outcome is shown, with a reload
mid-game that resumes the same game; click-to-render times are printed.

Skipped while the registry lists the game as not ready (the built wheel is made from these sources,
so ``pyapp.games.get("clockwork")`` here says what the page will say).  Until index.html links
``web/clockwork.css`` the test adds that stylesheet to the page itself, so the board has its real
geometry (pointer-events, sizes) when clicked.

The URL cannot pass game options (``max_rounds``), so the game runs with the default turn limit; the
seed and the person's policy below make it short: since rules version 3 (the 3-player game on a 3 x 2
table) seed 12 ends after 74 clicks (moves, portals, two attacks and two counters by the person) and
about 320 bot actions, in about 3.5 minutes here.

Since session 21 the first part of that game is played in CPython through ``pyapp.ui.App`` with the same policy
(``FROM`` clicks: the grids, the gates, the portals and the march; tests/near_end.py) and its save handed to the
page, which resumes it from the address, plays a few clicks, reloads (the same game comes back) and plays the
last clicks (counters, attacks) to the end screen.  Whole games through the same contract:
tests/clockwork/test_clockwork_sim.py.  Before: 75 s (CI, 2 workers).
"""
from __future__ import annotations

import time

import pytest

from harness import (click_action_once, latency_summary, notices, play_by_clicking, reload_resumes, renders,
                     saved_games, wait_idle, wait_ready, wait_render)
from near_end import app_prefix, hand_to_page, save_of


pytestmark = pytest.mark.browser

SEED = 12
MAX_CLICKS = 300
RELOAD_AT = 5            # clicks after the handed position
FROM = 52                # of 69 clicks in CPython: the page plays the last 17 (the counters and attacks among them)
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
    query = {"game": "clockwork", "seats": "human,bot:crusader,bot:crusader", "seed": str(SEED), "fast": "1"}
    start = time.perf_counter()
    handed = app_prefix(query, choose, FROM)
    hand_to_page(page, handed)
    page.goto(site.url("index.html?" + "&".join(f"{k}={v}" for k, v in query.items())))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    (now,) = saved_games(page)
    done = save_of(handed)["actions"]
    assert now["actions"][:len(done)] == done, "the page did not resume the handed game"
    assert page.locator("#app svg.cw-board").count() == 1
    lat: list = []
    kinds: dict = {}

    clicks = play(page, 0, RELOAD_AT, lat, kinds)
    assert clicks == RELOAD_AT, "the game ended before the reload point"
    assert page.locator("#app .cw-board .cell").count() >= 90       # the grids are on the board
    reload_resumes(page, "#app .cw-game", idle_timeout=120_000)

    clicks = play(page, clicks, None, lat, kinds)
    assert "Game over" in page.locator("#app .outcome").inner_text()
    assert "Winner" in page.locator("#app .cw-outcome").inner_text()
    assert not page.locator("#app [data-action]").count()
    saves = saved_games(page)
    assert len(saves) == 1 and str(saves[0].get("status", "")).startswith("finished"), [s.get("status") for s in saves]
    assert {"move", "attack", "end"} <= set(kinds), kinds
    swaps = renders(page)
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    print(f"\nclockwork browser game: {clicks} clicks {kinds}, {len(saves[0]['actions'])} actions, "
          f"{swaps} renders after the reload, {time.perf_counter() - start:.0f} s; click-to-render "
          f"{latency_summary(lat)}")


# ---------------------------------------------------------------- the board at every size (issue 16)
SIZES = {"phone": (390, 844, True), "laptop": (1366, 768, False)}


def _measure(page) -> dict:
    from tool_modules import tool
    return page.evaluate(tool("screenshots").MEASURE_JS)


def _open(browser, size: str, seed: int = 3):
    from harness import new_page
    w, h, touch = SIZES[size]
    ctx, page, _guard = new_page(browser, viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    return ctx, page


def _visible_ids(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(f"#app {selector}", """els => els.filter(e => {
        const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).map(e => e.dataset.action)""")


@pytest.mark.parametrize("size", list(SIZES))
def test_grid_and_gate_placement_on_the_board_fit_and_stay_legible(site, browser, size):
    """Grid placement in two steps (a design picked in the panel, then "Place here" in a slot on the board),
    Gate Token placement in two steps by keyboard (the hex's button, Tab to an arrow, Enter); at each step
    the board is inside the viewport's width, no two visible controls overlap and, at 1366 px, no text is
    under 11 px (the grid previews, units and coordinates included)."""
    ctx, page = _open(browser, size)
    try:
        page.goto(site.url("index.html?game=clockwork&seats=human,bot:crusader&seed=3&fast=1"))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        if SIZES[size][2]:
            from tool_modules import tool
            # the board zoom "Fit": the whole board in the width (the phone's default, Legible, is
            # checked in tests/browser/test_sizes.py)
            tool("screenshots").set_zoom(page, "fit")
        checked = 0
        while page.locator("#app .cw-gridpick").count():
            m = _measure(page)
            assert m["board"][0] >= 0 and m["board"][1] <= m["viewport"], m
            assert m["overlapCount"] == 0, m["overlaps"]
            if size == "laptop":
                assert m["minFont"] >= 11, (m["minFont"], m["minText"])
            radios = page.locator("#app .cw-gridpick input[type=radio]")
            first = _visible_ids(page, ".gslot")
            assert first and all(a.startswith("grid:") for a in first)
            assert len({a.partition("@")[0] for a in first}) == 1           # only the picked design's slots
            if radios.count() > 1:
                page.locator("#app .cw-gridpick .gp-item").nth(1).click()
                second = _visible_ids(page, ".gslot")
                assert second and {a.partition("@")[0] for a in second} != {a.partition("@")[0] for a in first}
            aid = _visible_ids(page, ".gslot")[0]
            click_action_once(page, aid)
            checked += 1
        assert checked >= 1
        # the Gate Tokens: keyboard only
        assert page.locator("#app .gpick").count() > 0
        m = _measure(page)
        assert m["overlapCount"] == 0, m["overlaps"]
        assert not _visible_ids(page, ".gate-spots .mk")                 # arrows hidden until a hex is chosen
        page.locator("#app .gpick").first.focus()
        arrows = _visible_ids(page, ".gate-spots .mk")
        assert arrows and all(a.startswith("gate:") for a in arrows)
        assert len({a.partition(">")[0] for a in arrows}) == 1
        m = _measure(page)
        assert m["overlapCount"] == 0, m["overlaps"]
        before = renders(page)
        page.keyboard.press("Tab")
        active = page.evaluate("() => document.activeElement.outerHTML.slice(0, 160)")
        assert page.evaluate("() => document.activeElement.dataset.action") == arrows[0], active
        page.keyboard.press("Enter")
        wait_render(page, before)
        wait_idle(page, timeout=120_000)
        assert page.locator("#app .cw-board .gate").count() >= 1
        m = _measure(page)
        assert m["board"][0] >= 0 and m["board"][1] <= m["viewport"], m
        if size == "laptop":
            assert m["minFont"] >= 11, (m["minFont"], m["minText"])
        assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    finally:
        ctx.close()


def test_phone_board_is_not_pinned_over_the_panels(site, browser):
    """At 390 x 844 the board scrolls away with the page (it used to stay pinned, transparent, with the
    panels scrolling through it) and its background is opaque."""
    ctx, page = _open(browser, "phone")
    try:
        page.goto(site.url("index.html?game=clockwork&seats=human,bot:crusader&seed=3&fast=1"))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        wrap = page.locator("#app .cw-board-wrap")
        assert wrap.evaluate("e => getComputedStyle(e).position") != "sticky"
        bg = page.locator("#app .cw-board").evaluate("e => getComputedStyle(e).backgroundColor")
        assert "/ " not in bg and not (bg.startswith("rgba") and not bg.endswith(", 1)")), bg   # no alpha
        top = wrap.evaluate("e => e.getBoundingClientRect().top")
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(200)
        assert wrap.evaluate("e => e.getBoundingClientRect().top") < top - 300
    finally:
        ctx.close()

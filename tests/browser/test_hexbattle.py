"""Hex Battle in the browser, driven by clicks on the app's data-action / data-nav elements.

Needs the UI side: pyapp/ui/app.py (screens, nav ids) and pyapp/browser/main.py (the glue and
its hooks: #app[data-ready], #app[data-busy], body[data-renders]).
"""
from __future__ import annotations

import json
import random

import pytest

from harness import (action_ids, click, new_page, notices, play_by_clicking, reload_resumes, saved_games,
                     set_input, wait_idle, wait_ready)

pytestmark = pytest.mark.browser

MAX_CLICKS = 800
# actions that only undo a half-made choice: skipped when something else is possible, so a
# random player makes progress
DETOURS = ("unpay:", "cancel", "turn:")


# what a reload must reproduce: the game screen's markup (board, hand, log)
GAME_SIGNATURE = "#app section.game"


def play_until_over(page, rng: random.Random, clicks: int = 0, stop_after: int | None = None) -> int:
    """Click a random legal action while the human is to act; the bot answers in between."""
    def choose(ids: list[str]) -> str:
        return rng.choice([a for a in ids if not a.startswith(DETOURS)] or ids)
    return play_by_clicking(page, choose, max_clicks=MAX_CLICKS, clicks=clicks, stop_after=stop_after,
                            bad_notices=("failed", "Internal error"))


def test_whole_game_human_vs_bot_with_reload(site, page):
    """Start from the shelf, play a whole game against a bot by clicking, reload mid-game and finish it."""
    page.goto(site.url("index.html?fast=1"))
    wait_ready(page)
    assert page.locator('#app [data-game="hexbattle"]').count() == 1
    click(page, '[data-nav="setup:hexbattle"]')
    set_input(page, 'select[data-input="seat-1"]', "bot:random")
    click(page, 'summary[data-nav="advanced"]')           # a chosen seed sits under Advanced
    set_input(page, 'input[data-input="seed"]', "42")
    click(page, '[data-nav="start"]')
    assert page.locator("#app .screen-game").count() == 1, (notices(page), page.locator("#app").inner_text()[:500])

    rng = random.Random(42)
    clicks = play_until_over(page, rng, stop_after=12)
    assert clicks == 12, "the game ended before the reload point"
    reload_resumes(page, GAME_SIGNATURE)

    clicks = play_until_over(page, rng, clicks)
    outcome = page.locator("#app .outcome").inner_text()
    assert "Game over" in outcome
    saves = saved_games(page)
    assert len(saves) == 1 and str(saves[0].get("status", "")).startswith("finished"), saves
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors


def test_url_parameters_start_the_same_game(site, browser):
    """?game=hexbattle&seats=human,bot&seed=42 opens that game directly; the seed fixes it."""
    boards = []
    for _ in range(2):
        ctx, page, guard = new_page(browser)
        try:
            page.goto(site.url("index.html?game=hexbattle&seats=human,bot&seed=42"))
            wait_ready(page)
            wait_idle(page, timeout=120_000)     # the bot may move first: compare settled positions
            assert page.locator("#app .screen-game").count() == 1, notices(page)
            assert page.locator("#app header.topbar").count() == 1
            names = page.locator("#app .seat-name").all_inner_texts()
            assert len(names) == 2 and "bot" in names[1].lower(), names
            boards.append(page.locator("#app svg").first.inner_html())
        finally:
            ctx.close()
        guard.check()
    assert boards[0] == boards[1]


def test_embed_in_an_iframe(site, page):
    """embed=1 inside an iframe: no app chrome, the game is playable in the frame, nothing external."""
    src = "index.html?game=hexbattle&seats=human,bot:random&seed=42&embed=1&fast=1"
    host = f'<!doctype html><title>host</title><iframe id="f" src="{src}" width="900" height="700"></iframe>'
    page.route(site.url("embed-host.html"), lambda r: r.fulfill(status=200, body=host, content_type="text/html"))
    page.goto(site.url("embed-host.html"))
    frame = page.frame_locator("#f")
    frame.locator('#app[data-ready="true"]').wait_for(state="attached", timeout=180_000)
    f = page.frames[1]
    wait_idle(f)
    assert f.locator("#app header.topbar").count() == 0
    assert f.evaluate("() => document.documentElement.classList.contains('embed')")
    assert f.locator("#app .bs-app.embed").count() == 1
    ids = action_ids(f)
    assert ids, "no action offered in the embedded game"
    click(f, f'[data-action="{ids[0]}"]')
    assert not [n for n in notices(f) if "failed" in n or "Internal error" in n]


def test_army_builder_builds_and_saves_an_army(site, page):
    page.goto(site.url("index.html"))
    wait_ready(page)
    click(page, '[data-nav="armies"]')
    click(page, '[data-nav="army-new"]')
    assert page.locator("#app .army-problems").count() == 1   # an empty army is not ready
    click(page, '[data-nav="b-add:militia"]')
    click(page, '[data-nav="b-place:c10"]')
    click(page, '[data-nav="b-add:spearwall"]')
    click(page, '[data-nav="b-place:d10"]')
    click(page, '[data-nav="b-cw:1"]')
    for _ in range(30):
        click(page, '[data-nav="b-card:shuffle:1"]')
    set_input(page, 'input[data-input="army-name"]', "Test Wall")
    assert page.locator("#app .army-ok").count() == 1, page.locator("#app .army-problems").all_inner_texts()
    click(page, '[data-nav="b-save"]')
    assert any("Test Wall" in n for n in notices(page)), notices(page)
    stored = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('boardshelf:army:'))
                                    .map(k => JSON.parse(localStorage.getItem(k)))""")
    mine = [a for a in stored if "Test Wall" in json.dumps(a)]
    assert len(mine) == 1, stored
    # it survives a reload and is offered in the army list
    page.reload()
    wait_ready(page)
    click(page, '[data-nav="armies"]')
    assert "Test Wall" in page.locator("#app").inner_text()


def test_corrupt_local_storage_gives_a_clear_message(site, page):
    page.goto(site.url("index.html"))
    wait_ready(page)
    page.evaluate("""() => { localStorage.setItem('boardshelf:save:broken1', '{not json');
                             localStorage.setItem('boardshelf:current', 'broken1');
                             localStorage.setItem('boardshelf:army:hexbattle:zz', 'garbage['); }""")
    page.reload()
    wait_ready(page)
    msgs = notices(page)
    assert any("Could not open the save" in m and "not valid JSON" in m for m in msgs), msgs
    damaged = page.locator("#app .save.damaged")
    assert damaged.count() == 1 and "not valid JSON" in damaged.inner_text()
    click(page, '[data-nav="armies"]')
    assert "damaged" in page.locator("#app .army.damaged").inner_text().lower()
    # the app still works: a new game can start
    click(page, '[data-nav="shelf"]')
    click(page, '[data-nav="setup:hexbattle"]')
    click(page, '[data-nav="start"]')
    assert page.locator("#app .screen-game").count() == 1


def test_type_a_seed_then_click_start_once(site, page):
    """A person types a seed and clicks Start once: the game starts (the change fired by leaving the
    field must not swallow the click that left it)."""
    page.goto(site.url("index.html"))
    wait_ready(page)
    click(page, '[data-nav="setup:hexbattle"]')
    click(page, 'summary[data-nav="advanced"]')
    page.locator('#app input[data-input="seed"]').fill("42")
    page.locator('#app [data-nav="start"]').click()
    page.locator("#app .screen-game").wait_for(state="attached", timeout=20_000)
    assert not [n for n in notices(page) if "Internal error" in n]

"""Cloudspire's solo and co-operative play in the browser (issue 20): one person against the scripted Raider
Fortress, started from the address (one seat is solo), and two players together (one person, one bot) set up on
the setup screen (players, the mode, the bot, a seed under Advanced), each played to the end by clicking.

The person's policy is the 2-player game's (test_cloudspire_browser.choose). Through ``pyapp.ui.App`` in CPython
with the same choices, solo with seed 3 ends after 94 clicks, co-op with seed 3 after 83 (both lost to the raider:
the policy marches and attacks but never defends).  Each test plays the first part of that game in CPython
(tests/near_end.py) and hands its save to the page, which resumes it and plays the last clicks to the end screen
(about 10): the page proves the mode's start (address / setup screen), resuming it, the clicks and the end; whole
solo and co-op games through the app are played by
tests/cloudspire/test_cloudspire_modes.py::test_the_app_setup_offers_the_mode_and_the_raiders_level_and_plays_a_solo_game.
Before (session 21, CI): solo 184 s, co-op 117 s.
"""
from __future__ import annotations

import pytest

from harness import click, notices, play_by_clicking, saved_games, set_input, wait_idle, wait_ready
from near_end import app_prefix, hand_to_page, replace_save, save_of
from test_cloudspire_browser import choose

pytestmark = pytest.mark.browser

SEED = 3
MAX_CLICKS = 400
SOLO_FROM = 84           # of 94 clicks: the page plays the last 10
COOP_FROM = 73           # of 83


def _coop_setup(app) -> None:
    """In CPython, what the co-op test does on the setup screen."""
    app.handle("nav", "setup:cloudspire")
    for name, value in (("players", "2"), ("opt-mode", "coop"), ("seat-1", "bot:normal"), ("seed", str(SEED))):
        app.handle("input", name, value)
    app.handle("nav", "start")


def _resumed_at(page, handed: dict) -> None:
    """The page shows the handed game, at (or after: a bot to act moves on) its last move."""
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    (now,) = saved_games(page)
    assert now["actions"][:len(handed["actions"])] == handed["actions"], "the page did not resume the handed save"


def _finish(page) -> str:
    clicks = play_by_clicking(page, choose, max_clicks=MAX_CLICKS, idle_timeout=120_000)
    outcome = page.locator("#app .outcome").inner_text()
    assert "Game over" in outcome and not page.locator("#app [data-action]").count()
    saves = saved_games(page)
    assert len(saves) == 1 and str(saves[0].get("status", "")).startswith("finished")
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    return f"{clicks} clicks: {outcome}"


@pytest.mark.rule("CS-GAP-6", "CS-OVR-1")
def test_a_solo_game_against_the_raider_fortress_to_the_end(site, page):
    query = {"game": "cloudspire", "seats": "human", "seed": str(SEED), "fast": "1"}
    entries = app_prefix(query, choose, SOLO_FROM)
    hand_to_page(page, entries)
    page.goto(site.url("index.html?" + "&".join(f"{k}={v}" for k, v in query.items())))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    _resumed_at(page, save_of(entries))
    assert "The Raider Fortress" in page.locator("#app .cs-game").inner_text()
    print("\nsolo:", _finish(page))


@pytest.mark.rule("CS-GAP-6", "CS-OVR-2")
def test_a_co_op_game_set_up_on_screen_one_person_and_a_bot_to_the_end(site, page):
    page.goto(site.url("index.html?game=cloudspire&fast=1"))
    wait_ready(page)
    assert page.locator("#app .screen-setup").count() == 1, notices(page)
    set_input(page, 'select[data-input="players"]', "2")
    set_input(page, 'select[data-input="opt-mode"]', "coop")
    set_input(page, 'select[data-input="seat-1"]', "bot:normal")
    click(page, 'summary[data-nav="advanced"]')
    set_input(page, 'input[data-input="seed"]', str(SEED))
    click(page, '[data-nav="start"]')
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    text = page.locator("#app .cs-game").inner_text()
    assert "Co-operative against" in text and "The Raider Fortress" in text
    entries = app_prefix(_coop_setup, choose, COOP_FROM)
    replace_save(page, entries)            # the same game, moved on in CPython; the page resumes it
    page.goto(site.url("index.html?fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    _resumed_at(page, save_of(entries))
    text = page.locator("#app .cs-game").inner_text()
    assert "Co-operative against" in text and "The Raider Fortress" in text
    print("\nco-op:", _finish(page))

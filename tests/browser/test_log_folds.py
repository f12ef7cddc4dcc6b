"""Issue 31, "Fast while it moves": the log panel draws its newest lines, and the panels a player has not opened
are sent as their summary; in the browser, by keyboard: Tab reaches "Show the whole log", Enter shows every
line down to number 1, and Enter on a closed panel's summary opens it with its detail (the app owns the state)."""
from __future__ import annotations

import random

import pytest

from harness import wait_idle, wait_ready
from near_end import app_prefix, hand_to_page

pytestmark = pytest.mark.browser


def press_on(page, selector: str, key: str = "Enter") -> None:
    before = page.evaluate("document.body.dataset.renders")
    page.locator(selector).first.focus()
    page.keyboard.press(key)
    page.wait_for_function("(r) => document.body.dataset.renders !== r", arg=before, polling=20, timeout=30_000)
    wait_idle(page, timeout=60_000)


def test_the_whole_log_and_a_closed_panel_are_a_key_press_away(site, page):
    # the log grown past the panel's window: a person's first 70 clicks (seeded, never conceding) and three bots'
    # moves played in CPython and resumed by the page (tests/near_end.py); the page waits for the person's click
    rng = random.Random(5)
    query = {"game": "doomspire", "seats": "human,bot:random,bot:random,bot:random", "seed": "5", "fast": "1"}
    hand_to_page(page, app_prefix(query, lambda ids: rng.choice([i for i in ids if not i.startswith("concede")]), 70))
    page.goto(site.url("index.html?fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert int(page.locator("#app ol.log-list > li .log-n").first.inner_text()) > 80
    n_lines = page.locator("#app ol.log-list > li").count()
    assert 0 < n_lines < 50
    press_on(page, '#app [data-nav="logmore:all"]')
    numbers = page.eval_on_selector_all("#app ol.log-list > li .log-n", "els => els.map(e => +e.textContent)")
    assert numbers[-1] == 1 and numbers == sorted(numbers, reverse=True) and len(numbers) > 80
    assert page.evaluate("() => document.activeElement.matches('ol.log-list')")     # the focus: on the list
    summary = '#app details.ds-tiles > summary'
    assert page.locator("#app details.ds-tiles > ul").count() == 0                   # closed: its summary only
    press_on(page, summary)
    assert page.locator("#app details.ds-tiles[open] > ul > li").count() > 0
    assert page.locator("#app details.ds-tiles > ul").is_visible()
    press_on(page, summary)
    assert page.locator("#app details.ds-tiles > ul").count() == 0

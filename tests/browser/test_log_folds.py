"""Issue 31, "Fast while it moves": the log panel draws its newest lines, and the panels a player has not opened
are sent as their summary; in the browser, by keyboard: Tab reaches "Show the whole log", Enter shows every
line down to number 1, and Enter on a closed panel's summary opens it with its detail (the app owns the state)."""
from __future__ import annotations

import pytest

from harness import wait_idle, wait_ready

pytestmark = pytest.mark.browser


def press_on(page, selector: str, key: str = "Enter") -> None:
    before = page.evaluate("document.body.dataset.renders")
    page.locator(selector).first.focus()
    page.keyboard.press(key)
    page.wait_for_function("(r) => document.body.dataset.renders !== r", arg=before, polling=20, timeout=30_000)
    wait_idle(page, timeout=60_000)


def test_the_whole_log_and_a_closed_panel_are_a_key_press_away(site, page):
    # four bots: the log grows past the panel's window with no click
    page.goto(site.url("index.html?game=doomspire&seats=bot:random,bot:random,bot:random,bot:random&seed=5&fast=1"))
    wait_ready(page)
    page.wait_for_function("() => +(document.querySelector('#app ol.log-list > li .log-n') || {}).textContent > 80",
                           polling=100, timeout=180_000)
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

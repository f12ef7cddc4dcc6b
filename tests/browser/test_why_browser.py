"""A reason for every "no" in the browser (issue 32 item 2), in every game: a tap on a piece of the board that has
no legal action (and on the board's drawing itself) shows one sentence near the prompt and in the live region,
and applies nothing."""
from __future__ import annotations

import pytest

from harness import notices, renders, wait_idle, wait_ready, wait_render

pytestmark = pytest.mark.browser

SEATS = {"hexbattle": "human,bot", "doomspire": "human,bot", "clockwork": "human,bot",
         "icefortress": "human,bot", "cloudspire": "human,bot"}
# a keyed board piece with no action of its own or inside it
MOVES = ("() => JSON.parse(localStorage.getItem('boardshelf:save:' + localStorage.getItem('boardshelf:current'))"
         " || '{}').actions")
PIECE = "#app .game-board svg [data-key]:not([data-action]):not(:has([data-action]))"


def _tap(page, selector):
    """A click on the element (dispatched to it: a piece may lie under a marker)."""
    before = renders(page)
    page.locator(selector).first.dispatch_event("click")
    wait_render(page, before)


@pytest.mark.parametrize("gid", list(SEATS))
def test_a_tap_with_no_legal_action_says_why(site, page, gid):
    page.goto(site.url(f"index.html?game={gid}&seats={SEATS[gid]}&seed=5&fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    moves = page.evaluate(MOVES)
    assert page.locator("#app [data-why]").count() == 0
    _tap(page, "#app .game-board svg[style*=\"--legible\"]")      # the board's drawing (it declares --legible)
    said = page.locator("#app [data-why]").inner_text()
    assert said.startswith("Nothing to do there now."), said
    assert said in page.locator("#app .live").inner_text()
    if page.locator(PIECE).count():
        key = page.locator(PIECE).first.get_attribute("data-key")
        _tap(page, PIECE)
        said = page.locator("#app [data-why]").inner_text()
        assert said and said.endswith((".", "?")), (key, said)
    assert page.evaluate(MOVES) == moves                 # nothing was applied
    assert not [n for n in notices(page) if "Internal error" in n], notices(page)
    page.boardshelf.check()

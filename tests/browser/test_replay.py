"""Replays, games by link and play by correspondence in the browser (pyapp/ui/replay.py, pyapp/ui/links.py,
pyapp/ui/sharing.py; the glue's keys and clipboard in pyapp/browser/main.py).

* a bot-vs-bot game plays out; its end screen's "Watch the replay" opens the replay, which steps forward and
  back with buttons and arrow keys and jumps with the slider; its Share link opened in a new page shows the
  same replay;
* correspondence: a 2-person game shared before its first move; a new page opens the link, says it is seat 1,
  moves and copies the link it is given; another new page opens that as seat 2 and moves.
"""
from __future__ import annotations

import random
import re

import pytest

from harness import action_ids, click, new_page, notices, wait_idle, wait_ready, wait_render, renders
from test_experience import AXE, axe
from near_end import bot_game_prefix, hand_to_page

pytestmark = pytest.mark.browser

DETOURS = ("unpay:", "cancel", "turn:")


def _step_text(page) -> tuple[int, int]:
    m = re.search(r"Step (\d+) of (\d+)", page.locator("#app .replay-pos").inner_text())
    assert m, page.locator("#app .replay-pos").inner_text()
    return int(m.group(1)), int(m.group(2))


def _set_slider(page, value: int) -> None:
    before = renders(page)
    page.locator('#app input[data-input="replay-step"]').evaluate(
        "(e, v) => { e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true})); }", value)
    wait_render(page, before)
    wait_idle(page)


def _press(page, key: str) -> None:
    before = renders(page)
    page.keyboard.press(key)
    wait_render(page, before)
    wait_idle(page)


def _no_axe_problems(page, where: str) -> None:
    """axe-core finds no serious or critical problem in the app's own markup (the games' boards are theirs)."""
    if AXE.exists():
        # the buttons' colour transitions first end (the morph may have turned a plain button into a primary one)
        page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))")
        problems, _board = axe(page, board=False)
        assert not problems, (where, problems)


def _share_url(page) -> str:
    return page.locator("#app [data-share-link]").first.input_value()


def test_watch_the_replay_of_a_finished_game_and_open_its_link(site, browser, page):
    # a game of two random bots (296 moves, 14 s of the page's time at load 11): played in CPython but for its last
    # two moves, which the page's bots play after resuming it (tests/near_end.py)
    hand_to_page(page, bot_game_prefix({"game": "hexbattle", "seats": "bot:random,bot:random", "seed": "3",
                                        "fast": "1"}, 2))
    page.goto(site.url("index.html?fast=1"))
    wait_ready(page)
    page.wait_for_selector("#app .outcome", timeout=180_000)
    wait_idle(page)
    end = page.locator("#app .outcome")
    assert "Game over" in end.inner_text() and "Watch the replay" in end.inner_text()
    assert "whole game, including its seed" in end.inner_text()
    _no_axe_problems(page, "end screen")
    click(page, '.outcome [data-nav="replay"]')
    assert page.locator("#app .replay").count() == 1
    step, total = _step_text(page)
    assert step == 0 and total > 20
    assert page.locator("#app .replay-board svg").count() >= 1           # the game's own board
    assert not action_ids(page)                                           # not interactive
    _no_axe_problems(page, "replay")
    click(page, '[data-nav="rp:forward"]')
    click(page, '[data-nav="rp:forward"]')
    assert _step_text(page)[0] == 2
    click(page, '[data-nav="rp:back"]')
    assert _step_text(page)[0] == 1
    _press(page, "ArrowRight")                                            # the keyboard too
    _press(page, "ArrowRight")
    assert _step_text(page)[0] == 3
    _press(page, "ArrowLeft")
    assert _step_text(page)[0] == 2
    _set_slider(page, total // 2)                                         # jump
    assert _step_text(page)[0] == total // 2
    click(page, '[data-nav="rp:nextturn"]')
    assert _step_text(page)[0] > total // 2
    click(page, '[data-nav="rp:end"]')
    assert _step_text(page) == (total, total)
    # every control is a focusable button with a name
    for el in page.locator("#app .replay-controls button").all():
        assert (el.get_attribute("aria-label") or el.inner_text()).strip()
    click(page, '[data-nav="rp:close"]')
    assert page.locator("#app .outcome").count() == 1
    click(page, '.outcome [data-nav="share"]')
    url = _share_url(page)
    assert url.startswith(site.url("index.html#/link/")) and "?" not in url
    assert page.evaluate("() => document.activeElement.matches('[data-share-link]')")    # in view, ready to copy
    assert "whole game, including its seed" in page.locator("#app .share-box").inner_text()
    _no_axe_problems(page, "share panel")

    ctx, other, guard = new_page(browser)
    try:
        other.goto(url)
        wait_ready(other)
        wait_idle(other)
        assert other.locator("#app .replay").count() == 1, (notices(other), other.locator("#app").inner_text()[:400])
        assert _step_text(other) == (0, total)
        click(other, '[data-nav="rp:end"]')
        assert "Game over" in other.locator("#app .replay-move").inner_text()
        assert not other.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('boardshelf:save:'))")
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
        guard.check()
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors


def _play_my_turn(page, rng: random.Random, limit: int = 300) -> int:
    """Click random legal actions (no detours) until the page offers the link to send back."""
    for n in range(limit):
        wait_idle(page)
        if page.locator("#app .corr-send").count():
            return n
        ids = action_ids(page)
        assert ids, (notices(page), page.locator("#app").inner_text()[:400])
        click(page, '[data-action="%s"]' % rng.choice([a for a in ids if not a.startswith(DETOURS)] or ids))
    pytest.fail("the turn never passed")


def _open_as(browser, url: str, name: str):
    ctx, p, guard = new_page(browser, permissions=["clipboard-read", "clipboard-write"])
    p.goto(url)
    wait_ready(p)
    wait_idle(p)
    cover = p.locator("#app .link-cover")
    assert cover.count() == 1, (notices(p), p.locator("#app").inner_text()[:400])
    assert f"Yes, I am {name}" in cover.inner_text() and "whole game, including its seed" in cover.inner_text()
    assert not action_ids(p)                                              # nothing shown before the answer
    _no_axe_problems(p, "are you ...?")
    click(p, '[data-nav^="link-me:"]')
    return ctx, p, guard


def test_a_two_person_game_by_correspondence(site, browser, page):
    page.goto(site.url("index.html?game=hexbattle&seats=human,human&seed=12&fast=1"))
    wait_ready(page)
    wait_idle(page)
    # the hot-seat game's first player hands the game on by link before anyone moves
    if page.locator('#app [data-nav="handoff-ok"]').count():
        click(page, '[data-nav="handoff-ok"]')
    click(page, '.game-bar [data-nav="share"]')
    url = _share_url(page)
    assert "#/link/" in url
    first = page.locator("#app .seat-name.to-act bdi").first.inner_text().strip()
    rng = random.Random(5)
    contexts = []
    try:
        ctx, one, g1 = _open_as(browser, url, first)
        contexts.append((ctx, g1))
        _play_my_turn(one, rng)
        panel = one.locator("#app .corr-send")
        assert "Copy the link to send back" in panel.inner_text()
        _no_axe_problems(one, "send the link back")
        click(one, '.corr-send [data-nav="copy-link"]')
        back = _share_url(one)
        assert back != url and "#/link/" in back
        assert one.evaluate("() => location.hash") == back[back.index("#"):]     # the address follows the game
        said = " ".join(notices(one))
        if "copied" in said:                                              # the clipboard holds the same link
            assert one.evaluate("() => navigator.clipboard.readText()") == back
        else:
            assert "copy it from there" in said
        second_name = re.search(r"It is (.+?)’s turn", panel.inner_text()).group(1).strip()
        assert second_name != first

        ctx, two, g2 = _open_as(browser, back, second_name)
        contexts.append((ctx, g2))
        before = two.evaluate("() => document.querySelectorAll('#app .log-list li').length")
        _play_my_turn(two, rng)
        assert two.evaluate("() => document.querySelectorAll('#app .log-list li').length") > before
        assert "Copy the link to send back" in two.locator("#app .corr-send").inner_text()
        third = _share_url(two)
        assert third not in (url, back) and len(third) > len(back) - 40
        for p, g in ((one, g1), (two, g2)):
            assert not g.page_errors, g.page_errors
    finally:
        for ctx, g in contexts:
            ctx.close()
            g.check()

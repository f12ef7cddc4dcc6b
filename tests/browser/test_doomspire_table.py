"""Lords of Doomspire's board in the browser (issue 31 item 5): a tile that several of the person's moves lead to is
one control, the whole tile; a click, a tap or the keyboard's focus on it opens the list of those moves in words
next to the tile, and picking one makes that move.

The position: tools/screenshots.py's ``later_save`` 53 actions into the game of seed 7 (the person's move turn,
six tiles with several moves each; tests/test_doomspire_render.py checks every such tile's list on CPython).
"""
from __future__ import annotations

import pytest

from harness import action_ids, renders, sized_page, wait_idle, wait_render
from tool_modules import tool

pytestmark = pytest.mark.browser

SEED, AT = 7, 53
MIN_PX = 24                 # a board control (WCAG 2.2 target size, minimum), at the phone's Fit zoom too
OPTS_JS = """(id) => [...document.getElementById(id).querySelectorAll('[data-action]')].map(e => {
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {id: e.dataset.action, w: r.width, h: r.height, top: r.top, bottom: r.bottom, x: r.left + r.width / 2,
          y: r.top + r.height / 2, hit: !!hit && (hit === e || e.contains(hit)),
          text: e.querySelector('text').textContent, by: hit ? hit.outerHTML.slice(0, 160) : null}; })"""
LOG_JS = "() => document.querySelectorAll('#app .ds-log li').length"


def _open(browser, site, size: str):
    shots = tool("screenshots")
    ctx, page, guard = sized_page(browser, size)
    entry = next(g for g in shots.ready_games() if g["id"] == "doomspire")
    shots.open_later(page, site.url(), entry, SEED, AT)
    wait_idle(page, timeout=120_000)
    return shots, ctx, page, guard


def _pick(page):
    """The first tile with several choices: its control, the id of the list it opens, and the ids in the list."""
    pick = page.locator("#app .ds-board .dest.pick").first
    assert pick.count() == 1, "no tile with several moves in this position"
    list_id = pick.get_attribute("data-opens")
    return pick, list_id


def _opened(page, list_id: str) -> list[dict]:
    page.wait_for_function(f"() => ({OPTS_JS})({list_id!r}).every(o => o.w > 0)", timeout=10_000)
    return page.evaluate(OPTS_JS, list_id)


def _check_list(opts: list[dict], before: list[str]) -> None:
    assert len(opts) >= 2, opts
    assert all(o["id"] in before for o in opts), (opts, before)
    assert all(o["h"] >= MIN_PX and o["w"] >= MIN_PX for o in opts), opts
    assert all(a["bottom"] <= b["top"] + 0.5 for a, b in zip(opts, opts[1:])), opts        # one under another
    assert all(o["hit"] for o in opts), opts                                                 # none covered
    assert all(o["text"].strip() for o in opts), opts                                        # in words


def _took(page, aid: str, log_before: int) -> None:
    """The move ``aid`` was made: the log grew."""
    wait_idle(page, timeout=120_000)
    lines = page.evaluate("() => [...document.querySelectorAll('#app .ds-log li')].map(e => e.textContent)")
    assert len(lines) > log_before, (aid, lines[:3])


@pytest.mark.rule("LD-UI-5")
def test_a_tap_on_a_tile_with_several_moves_opens_them_on_the_phone_at_fit(site, browser):
    """Phone (390x844, touch), board zoom Fit: the tile is a target of at least 24 px; a tap on it opens the list of
    its moves in words, each at least 24 px high, one under another, none covered; a tap on one makes that move."""
    shots, ctx, page, guard = _open(browser, site, "phone")
    try:
        shots.set_zoom(page, "fit")
        pick, list_id = _pick(page)
        assert all(not o["w"] for o in page.evaluate(OPTS_JS, list_id))                    # closed at first
        pick.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
        box = pick.bounding_box()
        assert min(box["width"], box["height"]) >= MIN_PX, box
        before, log_before = action_ids(page), page.evaluate(LOG_JS)
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        opts = _opened(page, list_id)
        _check_list(opts, before)
        n = renders(page)
        page.touchscreen.tap(opts[-1]["x"], opts[-1]["y"])
        wait_render(page, n)
        _took(page, opts[-1]["id"], log_before)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


@pytest.mark.rule("LD-UI-5")
def test_a_click_or_the_keyboard_on_a_tile_with_several_moves_opens_them(site, browser):
    """1366x768, mouse: a click on the tile itself (not on a small marker) opens its list beside it; a click on a
    choice makes that move.  Keyboard: Tab onto such a tile opens its list, Tab reaches its first choice, Enter
    takes it."""
    _shots, ctx, page, guard = _open(browser, site, "laptop")
    try:
        pick, list_id = _pick(page)
        before, log_before = action_ids(page), page.evaluate(LOG_JS)
        box = pick.bounding_box()
        assert min(box["width"], box["height"]) >= 44, box
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        opts = _opened(page, list_id)
        _check_list(opts, before)
        n = renders(page)
        page.mouse.click(opts[0]["x"], opts[0]["y"])
        wait_render(page, n)
        _took(page, opts[0]["id"], log_before)

        # the keyboard, on a tile with several moves in the new position (if any is left)
        if page.locator("#app .ds-board .dest.pick").count():
            pick, list_id = _pick(page)
            log_before = page.evaluate(LOG_JS)
            pick.focus()
            opts = _opened(page, list_id)
            page.keyboard.press("Tab")
            first = page.evaluate("() => document.activeElement.dataset.action || null")
            assert first == opts[0]["id"], (first, opts)
            n = renders(page)
            page.keyboard.press("Enter")
            wait_render(page, n)
            _took(page, first, log_before)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()

"""Hex Battle in the browser, driven by clicks on the app's data-action / data-nav elements.

Needs the UI side: pyapp/ui/app.py (screens, nav ids) and pyapp/browser/main.py (the glue and
its hooks: #app[data-ready], #app[data-busy], body[data-renders]).
"""
from __future__ import annotations

import json
import random

import pytest

from harness import (action_ids, action_selector, click, new_page, notices, play_by_clicking, reload_resumes,
                     renders, saved_games, set_input, sized_page, wait_idle, wait_ready, wait_render)
from near_end import app_prefix, click_or_dispatch, replace_save, save_of
from tool_modules import tool

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
                            bad_notices=("failed", "Internal error"), click_fn=click_or_dispatch)


def _setup_42(app) -> None:
    """In CPython, what the whole-game test does on the setup screen."""
    app.handle("nav", "setup:hexbattle")
    app.handle("input", "seat-1", "bot:random")
    app.handle("input", "seed", "42")
    app.handle("nav", "start")


HANDED_AT = 55           # of 70 clicks in CPython (random policy, Random(42)): the page plays the rest


def test_whole_game_human_vs_bot_with_reload(site, page):
    """Start from the shelf, set a game up on screen, finish it against a bot by clicking, with a reload.

    Since session 21 the page does not click the first 55 clicks itself: once the game has started, its save
    takes the moves of the same game (checked: same seed, seats and moves so far) played in CPython through
    ``pyapp.ui.App`` with the same random policy (tests/near_end.py), the page resumes it, plays 5 clicks,
    reloads (the same game comes back) and plays to the end.  Whole games through the same contract:
    tests/ui/test_ui_app.py::test_setup_then_a_whole_human_vs_bot_game_through_the_markup.  Before: 47 s (CI)."""
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
    handed = app_prefix(_setup_42, lambda ids: rng.choice([a for a in ids if not a.startswith(DETOURS)] or ids),
                        HANDED_AT)
    replace_save(page, handed)
    page.goto(site.url("index.html?fast=1"))              # no game in the address: the current game resumes
    wait_ready(page)
    wait_idle(page)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    (now,) = saved_games(page)
    done = save_of(handed)["actions"]
    assert now["actions"][:len(done)] == done, "the page did not resume the handed game"

    clicks = play_until_over(page, rng, stop_after=5)
    assert clicks == 5, "the game ended before the reload point"
    reload_resumes(page, GAME_SIGNATURE)

    clicks = play_until_over(page, rng, clicks)
    outcome = page.locator("#app .outcome").inner_text()
    assert "Game over" in outcome
    saves = saved_games(page)
    assert len(saves) == 1 and str(saves[0].get("status", "")).startswith("finished"), saves
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    print(f"\nhexbattle: {clicks} clicks in the page after {HANDED_AT} in CPython")


def test_url_parameters_start_the_same_game(site, browser):
    """?game=hexbattle&seats=human,bot:greedy&seed=42 opens that game directly; the seed fixes it."""
    boards = []
    for _ in range(2):
        ctx, page, guard = new_page(browser)
        try:
            page.goto(site.url("index.html?game=hexbattle&seats=human,bot:greedy&seed=42"))
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


# ---------------------------------------------------------------- issue 16: keyboard, sizes, details
KEY_SEED = 2              # seat 0 (the person) goes first with this seed
BOARD_KINDS = ("unit:", "aim:", "shoot:", "step")


def _focused_action(page) -> str | None:
    return page.evaluate("() => document.activeElement && document.activeElement.dataset "
                         "? (document.activeElement.dataset.action || null) : null")


def _tab_to(page, aid: str, limit: int = 160) -> int:
    """Press Tab (then, if need be, Shift+Tab) until the element carrying ``aid`` has the focus; the presses."""
    for key in ("Tab", "Shift+Tab"):
        for n in range(1, limit + 1):
            page.keyboard.press(key)
            if _focused_action(page) == aid:
                return n
    raise AssertionError(f"{aid} never took the focus by Tab or Shift+Tab")


def _keyboard_choice(ids: list[str], played: bool) -> str:
    """A whole turn: play a card and resolve it on the board, then draw."""
    if played and "draw" in ids:
        return "draw"
    for want in ("pay:ok", "shoot:", "aim:", "unit:", "step"):
        hit = [a for a in ids if a == want or (want.endswith(":") and a.startswith(want))]
        if hit:
            return hit[0]
    pays = [a for a in ids if a.startswith("pay:")]
    if pays:
        return pays[0]
    if "stop" in ids:
        return "stop"
    if "skip" in ids:
        return "skip"
    plays = [a for a in ids if a.startswith("play:")]
    if plays and not played:
        return plays[0]
    return "draw" if "draw" in ids else ids[0]


def test_a_whole_turn_by_keyboard_only(site, page):
    """Issue 16: from a fresh game against a bot, Tab/Shift+Tab and Enter/Space only (no clicks) play a
    card (hand, payment, the unit on the board, the hex ahead), then draw; the turn passes to the bot."""
    page.goto(site.url(f"index.html?game=hexbattle&seats=human,bot:greedy&seed={KEY_SEED}&fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert "Round 1" in page.locator("#app .turn-line").inner_text()
    assert page.locator("#app .hb-last li").count() == 0              # nobody has moved yet
    played, board_keys, presses = False, [], 0
    for step in range(40):
        ids = action_ids(page)
        line = page.locator("#app .turn-line")
        if not ids or (line.count() and "Round 1" not in line.inner_text()):
            break
        aid = _keyboard_choice(ids, played)
        presses += _tab_to(page, aid)
        before = renders(page)
        on_board = aid.startswith(BOARD_KINDS)
        if on_board:
            board_keys.append(aid)
            el = page.locator(f"#app .hb-board {action_selector(aid)}").first
            assert el.get_attribute("role") == "button" and el.get_attribute("tabindex") == "0"
            assert len(el.get_attribute("aria-label") or "") > 8
        page.keyboard.press(" " if step % 2 else "Enter")
        wait_render(page, before)
        wait_idle(page, timeout=120_000)
        assert page.evaluate("() => document.activeElement !== document.body && "
                             "document.querySelector('#app').contains(document.activeElement)"), \
            f"after {aid} the keyboard focus fell back to the top of the page"
        if aid == "pay:ok" or (aid.startswith("play:") and not any(a.startswith("pay") for a in action_ids(page))):
            played = True
    else:
        raise AssertionError("the turn never ended")
    assert played and any(a.startswith("unit:") for a in board_keys), board_keys
    # the bot has played its turn (fast): round 2, its moves marked under the board and on it
    assert "Round 2" in page.locator("#app .turn-line").inner_text()
    last = page.locator("#app .hb-last").text_content() or ""   # not innerText: off-screen side sections skip rendering
    assert "Bot" in last or "bot" in last.lower(), last
    assert page.locator("#app .hb-board .mark.mark-p1").count() + page.locator("#app .hb-last li.p1").count() >= 1
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors


@pytest.mark.parametrize("size", ["phone", "laptop", "desktop"])
def test_the_board_fits_reads_and_shows_details_at_every_size(site, browser, size):
    """Issue 16: the board within the viewport's width, no visible text under 11 px at 1366 wide and more,
    no two controls overlapping, the choices beside the board on wide screens; a tapped or clicked unit
    shows its details in a panel (no hover needed)."""
    shots = tool("screenshots")
    w, h, touch = shots.SIZES[size]
    ctx, page, guard = sized_page(browser, size)
    try:
        page.goto(site.url(f"index.html?game=hexbattle&seats=human,bot:greedy&seed={KEY_SEED}&fast=1"))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        if touch:
            # the board zoom "Fit": the whole board in the width (the phone's default, Legible, is
            # checked in tests/browser/test_sizes.py)
            shots.set_zoom(page, "fit")
        m = page.evaluate(shots.MEASURE_JS)
        left, right = m["board"]
        assert 0 <= left and right <= m["viewport"], m
        assert m["overlapCount"] == 0, m
        if w >= 1366:
            assert m["minFont"] >= 11, m
            assert right - left >= 460, m                                # legible: at least the viewBox's width
            controls = page.locator("#app .hb-controls").bounding_box()
            assert controls["y"] < h and controls["x"] >= right - 1, controls    # beside the board, in view
        # details of a unit on selection: tap (touch) or click a unit that is no target now
        unit = page.locator("#app .hb-board g.unit.p1").first
        unit.evaluate("e => e.scrollIntoView({block: 'center'})")    # on screen, clear of the action bar
        box = unit.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y) if not touch else page.touchscreen.tap(x, y)
        shown = page.locator("#app .hb-detail .ud:visible")
        shown.first.wait_for(timeout=5_000)
        assert shown.count() == 1 and "Health" in shown.inner_text() and "front" in shown.inner_text()
    finally:
        ctx.close()
    guard.check()

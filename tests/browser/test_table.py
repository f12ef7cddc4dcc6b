"""The table (issue 31): board first, nothing covered.

Every ready game at the three sizes (one page per game, resized), at its start (a few of the person's moves in, as tools/screenshots.py opens
it) and 40 and 120 actions in (tools/screenshots.later_save): the element holding the board carries
``data-board``; at 1366x768 and 1920x1080 the whole board is in view at the top of the page without scrolling
(its box within the viewport) and its text is at least 11 px; on the phone the dock (the fixed bar of choices) takes
at most 35 % of the height; at every size no fixed or sticky element lies over a visible control (each control
scrolled to the middle of the screen, then the element found at its centre), and the recap box (which scrolls in a
fixed height) never cuts a line of text in half at its edge.  The measuring code is
tools/screenshots.py's ``TABLE_JS`` and ``MEASURE_JS``, so the pictures and the test measure alike.
"""
from __future__ import annotations

import pytest

from harness import as_size, new_page, wait_idle, wait_ready
from tool_modules import tool

pytestmark = pytest.mark.browser

shots = tool("screenshots")
SIZES = shots.SIZES
GAMES = [g["id"] for g in shots.ready_games()]
SEED, STEPS = 7, 6
MIN_TEXT_PX = 11
DOCK_SHARE = 0.35
POSITIONS = (0, 40, 120)


def table_problems(t: dict, m: dict, size: str) -> list[str]:
    """What is wrong with the table in a TABLE_JS result ``t`` (and MEASURE_JS ``m``) at ``size``."""
    w, h, touch = SIZES[size]
    out = []
    if t["boards"] != 1:
        out.append(f"{t['boards']} elements marked data-board (one holds the board)")
    if not touch and t["board"] is not None:
        left, top, right, bottom = t["board"]
        if left < 0 or top < 0 or right > w + 1 or bottom > h + 1:
            out.append(f"the board {t['board']} is not whole in the {w}x{h} screen at the top of the page")
        if m["boardFont"] is not None and m["boardFont"] < MIN_TEXT_PX:
            out.append(f"board text of {m['boardFont']} px ({m['boardText']!r}) under {MIN_TEXT_PX} px")
    if touch and t["dock"] is not None and t["dock"] > DOCK_SHARE * h + 1:
        out.append(f"the dock is {t['dock']} px high, over {DOCK_SHARE:.0%} of {h} px")
    if t.get("cut"):
        out.append(f"the recap box's edge cuts {len(t['cut'])} lines of text in half, e.g. {t['cut'][:2]}")
    if t["covered"]:
        out.append(f"{len(t['covered'])} controls lie under something fixed or sticky, e.g. {t['covered'][:4]}")
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_board_is_in_view_and_nothing_covers_a_control(site, browser, game):
    """One page per game, resized to each size at each position (``as_size``, as a window resized or a phone turned:
    the page follows) instead of a boot and three positions per size (15 boots, 45 games opened before; now 5, 15)."""
    ctx, page, guard = new_page(browser)
    try:
        entry = next(g for g in shots.ready_games() if g["id"] == game)
        problems = []
        for n in POSITIONS:
            as_size(page, "laptop")
            if n == 0:
                page.goto(site.url(shots.game_url(entry, SEED)))
                wait_ready(page)
                wait_idle(page, timeout=120_000)
                shots.play_random(page, STEPS, SEED)
            else:
                shots.open_later(page, site.url(), entry, SEED, n)
            assert page.locator("#app .screen-game").count() == 1
            for size in SIZES:
                as_size(page, size)
                m = page.evaluate(shots.MEASURE_JS)
                t = page.evaluate(shots.TABLE_JS)
                problems += [f"{n} actions in, {size} {SIZES[size][:2]}: {p}" for p in table_problems(t, m, size)]
        assert not problems, f"{game}: " + "; ".join(problems)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


def test_the_checks_find_what_they_look_for():
    """The problems a bad table has are named (the measures above cannot pass by measuring nothing)."""
    bad = {"boards": 0, "board": [0, 120, 900, 1400], "viewport": [1366, 768], "dock": None,
           "covered": [["hint", "bs-actions"]]}
    said = " ".join(table_problems(bad, {"boardFont": 7.7, "boardText": "h16"}, "laptop"))
    assert "0 elements marked data-board" in said and "not whole" in said and "7.7 px" in said
    assert "under something fixed" in said
    phone = dict(bad, boards=1, covered=[], dock=400)
    assert table_problems(phone, {"boardFont": 11, "boardText": ""}, "phone") == \
        ["the dock is 400 px high, over 35% of 844 px"]
    assert "cuts 1 lines" in " ".join(table_problems(dict(phone, dock=None, cut=["R1: Player 1 sails"]),
                                                     {"boardFont": 11, "boardText": ""}, "phone"))

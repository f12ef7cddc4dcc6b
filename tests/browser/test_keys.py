"""The keyboard on the boards (issue 31, item 8; web/keys.js, pyapp/browser/main.py's focus after an action).

For every game: from a focused place or piece on the board, each arrow key moves the focus to another element of
the same board lying in that direction on screen (or leaves it where it is when nothing lies that way), and Enter
on a focused legal target performs it.  Every piece, the rivals' too, takes the focus and shows its description
as a tap does.  After "Pay" in Hex Battle the focus is on the first unit to choose, never on "Skip this action"."""
from __future__ import annotations

import pytest

from harness import action_ids, click, click_action, new_page, renders, wait_idle, wait_ready, wait_render

pytestmark = pytest.mark.browser

SEATS = {"hexbattle": "human,bot:greedy", "doomspire": "human,bot,bot,bot", "clockwork": "human,bot,bot",
         "icefortress": "human,bot", "cloudspire": "human,bot"}
SEED = {"hexbattle": 2, "doomspire": 5, "clockwork": 5, "icefortress": 5, "cloudspire": 5}
ARROWS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}

# the focusable elements of the board, shown (web/keys.js's own list)
BOARD_JS = """() => {
  const F = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), '
          + 'summary, [tabindex]:not([tabindex="-1"])';
  const b = document.querySelector('#app [data-board]');
  return b ? Array.from(b.querySelectorAll(F)).filter(e => { const r = e.getBoundingClientRect();
    return r.width >= 1 && r.height >= 1; }).length : 0; }"""
# where the focused element is: its centre on screen, whether it is in the board, its action and name
FOCUS_JS = """() => { const e = document.activeElement; if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2, board: !!e.closest('#app [data-board]'),
          action: e.getAttribute('data-action'), name: e.getAttribute('aria-label') || e.textContent.trim(),
          key: e.getAttribute('data-key')}; }"""
# is there a focusable board element whose centre lies ahead of the focused one in direction (dx, dy)?
AHEAD_JS = """([dx, dy]) => { const e = document.activeElement, b = e.closest('[data-board]');
  const F = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';
  const c = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.width]; };
  const [x, y] = c(e);
  return Array.from(b.querySelectorAll(F)).some(o => { if (o === e) return false; const [ox, oy, w] = c(o);
    return w >= 1 && (ox - x) * dx + (oy - y) * dy >= 1; }); }"""


def open_game(page, site, gid: str) -> None:
    page.goto(site.url(f"index.html?game={gid}&seats={SEATS[gid]}&seed={SEED[gid]}&fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)


def focus_on_board(page, selector: str = "") -> dict:
    """Focus the first focusable board element (matching ``selector`` if given) by the keyboard's route: Tab
    until the focus is in the board, then (if asked for one) on to it by arrows is not needed: it is focused
    directly, as a click on it would.  Returns FOCUS_JS's answer."""
    page.locator("#app").evaluate("""(app, sel) => {
        const F = sel || 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';
        const el = Array.from(app.querySelectorAll('[data-board] ' + F.split(', ').join(', [data-board] ')))
          .find(e => e.getBoundingClientRect().width >= 1);
        el.focus(); }""", selector)
    return page.evaluate(FOCUS_JS)


def arrow_walk(page, steps: int = 12) -> list[tuple[str, dict, dict]]:
    """Press the arrows in turn (right, down, left, up, ...) from the focused board element; each press is checked:
    the focus stays in the board and moves the arrow's way, or stays put when nothing lies that way.
    Returns (key, before, after) of the presses that moved."""
    moved = []
    keys = list(ARROWS)
    for i in range(steps):
        key = keys[i % 4]
        dx, dy = ARROWS[key]
        before = page.evaluate(FOCUS_JS)
        ahead = page.evaluate(AHEAD_JS, [dx, dy])
        page.keyboard.press(key)
        after = page.evaluate(FOCUS_JS)
        assert after and after["board"], (key, before, after)
        if ahead:
            assert (after["x"] - before["x"]) * dx + (after["y"] - before["y"]) * dy >= 1, \
                f"{key} from {before['name']!r} went to {after['name']!r}"
            moved.append((key, before, after))
        else:
            assert (after["x"], after["y"]) == (before["x"], before["y"]), (key, before, after)
    return moved


def to_board_target(page, gid: str, limit: int = 30, want: str = "[data-action]") -> None:
    """Play the person's first choices (the first offered, never one that ends, passes or gives up) until an
    element matching ``want`` (a legal target) is on the board."""
    for _ in range(limit):
        if page.locator(f"#app [data-board] :is({want})").count():
            return
        ids = action_ids(page)
        assert ids, gid
        safe = [a for a in ids if not a.startswith(("concede", "end", "undo", "pass", "skip"))]
        click_action(page, (safe or ids)[0])
        if page.locator('#app [data-nav="confirm"]').count():      # a warning (e.g. Clockwork's research): go on
            click(page, '[data-nav="confirm"]')
            wait_idle(page, timeout=120_000)
    raise AssertionError(f"{gid}: no target on the board after {limit} choices")


@pytest.mark.parametrize("gid", list(SEATS))
def test_arrows_move_between_the_board_s_places_and_enter_performs(site, browser, gid):
    ctx, page, guard = new_page(browser, viewport={"width": 1366, "height": 768})
    try:
        open_game(page, site, gid)
        to_board_target(page, gid)
        assert page.evaluate(BOARD_JS) >= 2, gid
        start = focus_on_board(page)
        assert start["board"], start
        moved = arrow_walk(page)
        assert len({k for k, _b, _a in moved}) >= 2, (gid, moved)          # at least two directions lead somewhere
        # Home and End: the board's first and last elements
        page.keyboard.press("End")
        last = page.evaluate(FOCUS_JS)
        page.keyboard.press("Home")
        first = page.evaluate(FOCUS_JS)
        assert first["board"] and last["board"] and (first["x"], first["y"]) != (last["x"], last["y"])
        # Enter on a focused legal target on the board performs it
        target = focus_on_board(page, "[data-action]")
        assert target["action"], target
        ids = action_ids(page)
        before = renders(page)
        page.keyboard.press("Enter")
        wait_render(page, before)
        wait_idle(page, timeout=120_000)
        assert action_ids(page) != ids, (gid, target["action"])
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()


RIVAL = {"hexbattle": "#app [data-board] g.unit.p1", "clockwork": "#app [data-board] g.unit:not(.cw-p0)",
         "icefortress": "#app [data-board] :is(g.sq:has(.inv), g.inv:not(.sq .inv))"}
PIECES = {"hexbattle": "g.unit", "clockwork": "g.unit, g.portal, g.gate", "icefortress": "g.sq:has(.die), g.sq:has(.inv), g.inv:not(.sq .inv)"}


@pytest.mark.parametrize("gid", list(PIECES))
def test_every_piece_takes_the_focus_and_shows_its_description(site, browser, gid):
    """Own pieces and the rivals': each is a Tab stop with a name (a piece that is a control: one that contains
    its visible text, WCAG 2.5.3); focused by the
    keyboard, its description shows in the popover, as a tap shows it."""
    ctx, page, guard = new_page(browser, viewport={"width": 1366, "height": 768})
    try:
        open_game(page, site, gid)
        to_board_target(page, gid, limit=60, want=RIVAL[gid].split(" ", 2)[2])
        pieces = page.evaluate("""(sel) => Array.from(document.querySelectorAll('#app [data-board] :is(' + sel + ')'),
            e => ({tab: e.getAttribute('tabindex'), role: e.getAttribute('role'), name: e.getAttribute('aria-label') || '', key: e.getAttribute('data-key'),
                   text: Array.from(e.querySelectorAll('text:not([aria-hidden=true])'), t => t.textContent.trim())
                         .filter(Boolean), seat: (e.getAttribute('class') || '').match(/\\b(p|seat-)(\\d)/)}))""",
                               PIECES[gid])
        assert pieces, gid
        for p in pieces:
            assert p["tab"] == "0" and p["key"] and p["name"], p
            flat = " ".join(p["name"].split()).lower()
            for t in (p["text"] if p["role"] == "button" else []):     # a control: its name holds what it shows
                assert t.lower() in flat, (p["name"], t)
        if gid != "icefortress":           # both sides' pieces are on the board from the start
            assert len({(p["seat"] or [""])[0] for p in pieces}) >= 2, pieces
        # a rival's piece reached by the keyboard (Tab): its description shows, as a tap shows it (the popover with
        # its title, or Clockwork's details panel)
        focus_on_board(page)
        page.keyboard.press("Tab")                      # (the focus given by a script is not the keyboard's)
        page.keyboard.press("Shift+Tab")
        for _ in range(300):
            if page.evaluate("(sel) => document.activeElement.matches(sel)", RIVAL[gid]):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError(f"{gid}: Tab never reached a rival's piece")
        page.wait_for_function("""() => { const tip = document.getElementById('bs-tip');
            if (tip && !tip.hidden && tip.innerText.trim().length > 5) return true;
            return Array.from(document.querySelectorAll('#app .cw-details .ud'))
                        .some(d => getComputedStyle(d).display !== 'none' && d.innerText.trim().length > 5); }""",
                               timeout=5_000)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()


def _focused_action(page) -> str | None:
    return page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-action')")


def _press(page, key: str = "Enter") -> None:
    before = renders(page)
    page.keyboard.press(key)
    wait_render(page, before)
    wait_idle(page, timeout=120_000)


def test_after_pay_the_focus_is_on_the_unit_to_choose_never_on_skip(site, page):
    """Hex Battle: a card played and paid for with the keyboard alone; after Enter on "Pay" the focus is on the first
    unit the card's action asks for (never "Skip this action"), so a second Enter chooses that unit."""
    open_game(page, site, "hexbattle")
    page.locator("#app [data-action^='play:']").evaluate_all(      # a card that costs something
        "els => els.find(e => +e.querySelector('.card-cost').textContent > 0).focus()")
    _press(page)
    assert any(a.startswith("pay:") for a in action_ids(page)), action_ids(page)
    for _ in range(12):                                  # pay with the hand's cards until Pay is offered
        ids = action_ids(page)
        if "pay:ok" in ids:
            break
        page.locator("#app [data-action^='pay:']:not([data-action='pay:ok'])").first.focus()
        _press(page)
    page.locator("#app [data-action='pay:ok']").focus()
    _press(page)
    now = _focused_action(page)
    assert now and now.startswith("unit:"), now
    assert page.evaluate("() => !!document.activeElement.closest('#app [data-board]')")
    _press(page)                                         # the second Enter chooses that unit
    ids = action_ids(page)
    assert "step" in ids or any(a.startswith("turn:") for a in ids), ids

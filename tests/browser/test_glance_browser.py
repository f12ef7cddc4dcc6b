"""Issue 32, items 4 and 5 in the browser, at the three sizes: every game's setup (a first game: the easy bot and
why; the game in brief opened) and its game screen with the rules at a glance open are axe-clean; the card is in
view, marks one step, covers no control of the page, and Escape closes it.  One page for the three sizes, resized, the
games started from their setup screens (no reload between games)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from harness import as_size, click, new_page, notices, wait_idle, wait_ready
from test_experience import AXE, _known, axe

pytestmark = pytest.mark.browser

GAMES = ("hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire")
SHOTS = os.environ.get("BOARDSHELF_SHOTS")         # a folder: keep a picture of each setup and each open card


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))

# every visible control outside the card that the card's box overlaps (it must cover none)
COVERED_JS = """() => {
  const card = document.querySelector('#app .glance');
  if (!card) return ['no card'];
  const c = card.getBoundingClientRect();
  const out = [];
  for (const e of document.querySelectorAll('#app [data-action], #app [data-nav], #app button, #app select, #app input')) {
    if (card.contains(e) || e.closest('details:not([open]) > :not(summary)')) continue;   // (a closed panel's)
    if (e.checkVisibility && !e.checkVisibility({visibilityProperty: true})) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (r.left < c.right - 1 && r.right > c.left + 1 && r.top < c.bottom - 1 && r.bottom > c.top + 1) {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && card.contains(hit)) out.push(e.outerHTML.slice(0, 80));
    }
  }
  return out;
}"""
IN_VIEW_JS = """() => { const r = document.querySelector('#app .glance').getBoundingClientRect();
  return r.top >= 0 && r.top < innerHeight - 40 && r.left >= 0 && r.right <= innerWidth + 1; }"""


SIZES = ("phone", "laptop", "desktop")


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed (npm ci)")
def test_first_game_setup_and_the_glance_card(site, browser):
    """One page, resized to each size (``as_size``, as a window resized or a phone turned) on each game's setup
    screen and again with its card open, instead of one boot and five games started per size (3 boots and 15
    games before, 1 and 5 now; axe still runs on every screen at every size)."""
    ctx, page, guard = new_page(browser)
    problems = []
    try:
        as_size(page, "laptop")
        page.goto(site.url("index.html?fast=1"))
        wait_ready(page)
        for gid in GAMES:
            if page.locator("#app .screen-game").count():
                click(page, '[data-nav="shelf"]')
            click(page, f'[data-nav="setup:{gid}"]')
            assert page.locator("#app .screen-setup").count() == 1, notices(page)
            if gid != "icefortress":                 # (alone by default: no bot seat to make easy)
                assert page.locator('#app .first-bot').count() == 1, gid
                assert page.locator('#app select[data-input="seat-1"]').input_value() == "bot:easy"
            click(page, '[data-nav="about"]')
            for size in SIZES:
                as_size(page, size)
                assert page.locator("#app details.first-game[open] > p").first.is_visible(), (gid, size)
                problems += [(gid, size, "setup", p) for p in axe(page, board=False)[0]
                             if not _known(size, "setup", p)]
                _shot(page, f"setup-{gid}-{size}")
            click(page, '[data-nav="start"]')
            assert page.locator("#app .screen-game").count() == 1, notices(page)
            wait_idle(page, timeout=120_000)
            for size in SIZES:
                as_size(page, size)
                click(page, '[data-nav="glance"]')
                _shot(page, f"glance-{gid}-{size}")
                card = page.locator("#app .glance")
                assert card.count() == 1 and page.evaluate(IN_VIEW_JS), (gid, size, "the card is not in view")
                assert page.locator('#app .glance [aria-current="step"]').count() == 1, (gid, size)
                assert page.evaluate(COVERED_JS) == [], (gid, size)
                problems += [(gid, size, "glance", p) for p in axe(page, board=False)[0]
                             if not _known(size, "game", p)]
                page.keyboard.press("Escape")
                page.wait_for_function("() => !document.querySelector('#app .glance')")
                assert page.locator('#app [data-nav="glance"][aria-expanded="false"]').count() == 1, (gid, size)
                if gid == "hexbattle":              # Escape with the focus on the page itself closes it too
                    click(page, '[data-nav="glance"]')
                    page.wait_for_selector("#app .glance")
                    page.evaluate("() => document.activeElement && document.activeElement.blur()")
                    assert page.evaluate("() => !document.querySelector('#app').contains(document.activeElement)")
                    page.keyboard.press("Escape")
                    page.wait_for_function("() => !document.querySelector('#app .glance')")
        assert not problems, problems
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()

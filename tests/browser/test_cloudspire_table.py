"""Cloudspire on the table (issue 31), in the browser: the map large with labelled pieces that do not overlap, every
piece focusable and named by what it shows, and the deployment stack built with the panel's builder by clicking.
"""
from __future__ import annotations

import pytest

from harness import action_ids, as_size, click_action_once, new_page, sized_page, wait_idle, wait_ready
from tool_modules import tool

pytestmark = pytest.mark.browser

shots = tool("screenshots")
SEED = 7

# the boxes of every piece's name and number on the map, and of the map (CSS px)
LABELS_JS = """() => {
  const svg = document.querySelector('#app svg.cs-map');
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const texts = [...svg.querySelectorAll('.cs-piece text')].map(t => [t.textContent, box(t),
                  parseFloat(getComputedStyle(t).fontSize) * (svg.getBoundingClientRect().width / svg.viewBox.baseVal.width)]);
  const pieces = [...svg.querySelectorAll('.cs-piece')].map(p => ({key: p.dataset.key, tab: p.tabIndex,
                  name: p.getAttribute('aria-label') || '', shown: [...p.querySelectorAll('text')].map(t => t.textContent)}));
  return {map: box(svg), texts, pieces};
}"""


def _overlaps(texts: list) -> list:
    out = []
    for i, (a, (l1, t1, r1, b1), _) in enumerate(texts):
        for b, (l2, t2, r2, b2), _ in texts[i + 1:]:
            w, h = min(r1, r2) - max(l1, l2), min(b1, b2) - max(t1, t2)
            if w > 1 and h > 1:
                out.append((a, b))
    return out


def test_the_map_is_large_its_pieces_labelled_and_no_label_overlaps(site, browser):
    """At 1366x768 and 1920x1080, one page resized (``as_size``) at each position (2 boots and walks before, 1 now)."""
    ctx, page, guard = new_page(browser)
    try:
        entry = next(g for g in shots.ready_games() if g["id"] == "cloudspire")
        for n in (0, 40, 120):
            as_size(page, "laptop")
            if n == 0:
                page.goto(site.url(shots.game_url(entry, SEED)))
                wait_ready(page)
                wait_idle(page, timeout=120_000)
            else:
                shots.open_later(page, site.url(), entry, SEED, n)
            for size in ("laptop", "desktop"):
                w, h = as_size(page, size)
                got = page.evaluate(LABELS_JS)
                left, top, right, bottom = got["map"]
                # fills the board's area
                assert right - left >= 0.5 * w or bottom - top >= 0.8 * h, (size, n, got["map"])
                assert got["pieces"] and all(p["tab"] == 0 and p["key"] for p in got["pieces"]), (size, n)
                for p in got["pieces"]:
                    assert all(t in p["name"] for t in p["shown"]), (size, p)           # named by what it shows
                assert min(px for _, _, px in got["texts"]) >= 11, (size, n)
                assert not _overlaps(got["texts"]), (size, n, _overlaps(got["texts"])[:5])
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


def _to_the_stack(page) -> None:
    """Pass, mark, select while CP last: the stack phase, with the builder's one button."""
    for _ in range(60):
        wait_idle(page, timeout=120_000)
        ids = action_ids(page)
        if "fill" in ids:
            return
        pick = next((a for p in ("pass", "mark:", "sel:", "done") for a in ids
                     if (a.startswith(p) if p.endswith(":") else a == p)), None)
        assert pick, ids
        click_action_once(page, pick)
    pytest.fail("never reached the stack")


def test_the_stack_is_built_with_the_builder_by_clicking(site, browser):
    ctx, page, guard = sized_page(browser, "laptop")
    try:
        page.goto(site.url("index.html?game=cloudspire&seats=human,bot:raider&seed=3&fast=1"))
        wait_ready(page)
        _to_the_stack(page)
        click_action_once(page, "fill")                                   # one click places every unit
        rows = page.locator("#app .cs-builder .cs-stacklist li")
        assert rows.count() >= 2
        first = rows.nth(0).locator(".cs-entry").inner_text()
        ids = action_ids(page)
        move = next(a for a in ids if a in ("flip:0", "lower:0", "raise:1"))     # whatever the top entry is
        click_action_once(page, move)                                     # one click reorders
        assert page.locator("#app .cs-builder .cs-stacklist li").nth(0).locator(".cs-entry").inner_text() != first
        click_action_once(page, "done")
        wait_idle(page, timeout=120_000)
        assert "fill" not in action_ids(page) and page.locator("#app .cs-builder").count() == 0
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()

"""web/embed-example.html: two games embedded side by side with iframes, both playable, nothing external;
at 617x704 (a small window) each frame shows a legal action in view, and a real click on it plays (one page)."""
from __future__ import annotations

import pytest

from harness import BOOT_TIMEOUT_MS, action_selector, new_page, renders, wait_idle, wait_render

pytestmark = pytest.mark.browser


# the person's current choices whose whole box is inside the frame's viewport and that are what a click at
# their centre hits (document.elementFromPoint), without scrolling the frame
IN_VIEW_JS = """() => [...document.querySelectorAll('#app [data-action]')].filter(e => {
  if (e.disabled || e.dataset.action === 'cancel') return false;
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && (hit === e || e.contains(hit)); }).map(e => e.dataset.action)"""


def test_embed_example_runs_two_games_each_with_a_way_to_act_at_617x704(site, browser):
    """One page (two boots) for what were two tests (session 27): the two games start (embed=1: no app chrome,
    different seeds: different games), and at 617x704 each frame fits and shows a legal action in view that a real
    click plays; nothing external, no page error."""
    ctx, page, guard = new_page(browser, viewport={"width": 617, "height": 704})
    try:
        page.goto(site.url("web/embed-example.html"))
        frames = []
        for fid in ("game-a", "game-b"):
            page.frame_locator(f"#{fid}").locator('#app[data-ready="true"]').wait_for(state="attached",
                                                                                       timeout=BOOT_TIMEOUT_MS)
            frames.append(page.locator(f"#{fid}").element_handle().content_frame())
        for f in frames:
            wait_idle(f)
            assert f.locator("#app .screen-game").count() == 1
            assert f.locator("#app header.topbar").count() == 0          # embed=1: no app chrome
        # different seeds: different games
        assert frames[0].locator("#app section.game").inner_html() != frames[1].locator("#app section.game").inner_html()
        for fid, frame in zip(("game-a", "game-b"), frames):
            box = page.locator(f"#{fid}").bounding_box()
            assert box["width"] <= 617 and box["height"] <= 704, f"{fid} does not fit the window: {box}"
            page.locator(f"#{fid}").scroll_into_view_if_needed()
            frame.evaluate("() => scrollTo(0, 0)")
            ids = frame.evaluate(IN_VIEW_JS)
            assert ids, f"{fid}: no legal action in view in the frame (only the board and whose turn it is)"
            before = renders(frame)
            frame.locator(f"#app {action_selector(ids[0])}").first.click(timeout=10_000)   # a real click, no fallback
            wait_render(frame, before)
            wait_idle(frame)
        urls = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        assert all(u.startswith(site.base) for u in urls), urls
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()

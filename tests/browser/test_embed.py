"""web/embed-example.html: two games embedded side by side with iframes, both playable, nothing external."""
from __future__ import annotations

import pytest

from harness import BOOT_TIMEOUT_MS, action_ids, click, wait_idle

pytestmark = pytest.mark.browser


def test_embed_example_page_runs_two_games(site, page):
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
    ids = [a for a in action_ids(frames[1]) if a != "cancel"]
    assert ids
    click(frames[1], f'[data-action="{ids[0]}"]')
    urls = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert all(u.startswith(site.base) for u in urls), urls
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    page.boardshelf.check()

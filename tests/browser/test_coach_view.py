"""The guided game on a phone (issue 31: the control a prompt points at is brought into view; issue 32): Ice
Fortress's first steps point at controls far below the coach's words. "Show me" scrolls the pointed control into
view and focuses it; after the move, the coach's new words come back into view."""
from __future__ import annotations

import pytest

from harness import click, notices, sized_page, wait_idle, wait_ready

pytestmark = pytest.mark.browser

IN_VIEW_JS = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
  const r = e.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; }"""


def test_show_me_brings_the_coached_control_into_view_and_the_next_words_come_back(site, browser):
    ctx, page, guard = sized_page(browser, "phone")
    try:
        page.goto(site.url("index.html?game=icefortress&tutorial=1&fast=1"))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        assert page.locator("#app .coach").count() == 1, notices(page)
        page.evaluate("() => window.scrollTo(0, 0)")
        assert page.evaluate(IN_VIEW_JS, "#app .coach"), "the coach's words are not in view at the start"
        assert page.evaluate(IN_VIEW_JS, "#app [data-coach]") is False, "the first control is in view already"
        click(page, '[data-nav="coach-show"]')
        assert page.evaluate(IN_VIEW_JS, "#app [data-coach]"), "Show me did not bring the control into view"
        assert page.evaluate("() => document.activeElement && document.activeElement.hasAttribute('data-coach')")
        step = page.locator("#app .coach").get_attribute("data-step")
        page.locator("#app [data-coach]").first.click()
        page.wait_for_function("(s) => { const b = document.querySelector('#app .coach');"
                               " return b && b.dataset.step !== s; }", arg=step, timeout=60_000)
        wait_idle(page, timeout=120_000)
        assert page.evaluate(IN_VIEW_JS, "#app .coach"), "the coach's new words stayed out of view"
        guard.check()
    finally:
        ctx.close()

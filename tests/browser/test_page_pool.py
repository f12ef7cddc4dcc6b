"""harness.new_page's kept pages (issue 33 item 7): a page handed to a second test is the first test's tab, put back to
what a new context shows.  A test that left storage of every kind, an init script, a listener, a route, a resized
viewport and history behind: the next test asking for the same options gets the same tab with none of it; a test that
asked for other options gets another tab; a page that cannot be put back (emulated media) is not handed out again."""
from __future__ import annotations

import pytest

import harness
from harness import new_page

pytestmark = pytest.mark.browser

PAGE = "__pool_test__.html"
BODY = "<!doctype html><meta name=viewport content=\"width=device-width, initial-scale=1\"><title>pool</title>"
FILL_JS = """async () => {
  localStorage.setItem('boardshelf:save:x', '{}'); sessionStorage.setItem('s', '1');
  await new Promise(done => { const r = indexedDB.open('pool-test', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('o'); r.onsuccess = () => { r.result.close(); done(); }; });
  await (await caches.open('pool-test')).put('/x', new Response('x'));
  document.cookie = 'c=1; path=/';
}"""
STATE_JS = """async () => [localStorage.length, sessionStorage.length, (await indexedDB.databases()).length,
                          (await caches.keys()).length, document.cookie, history.length, !!window.__initScript,
                          innerWidth, innerHeight]"""


def _open(page, site) -> None:
    page.route(site.url(PAGE), lambda r: r.fulfill(status=200, body=BODY,
                                                    content_type="text/html"))
    page.goto(site.url(PAGE))


@pytest.mark.skipif(harness.POOL_OFF, reason="BOARDSHELF_FRESH_PAGES=1: no page is kept")
def test_a_kept_page_shows_the_next_test_what_a_new_context_does(site, browser):
    fresh_ctx, fresh, _g = new_page(browser, fresh=True, viewport={"width": 900, "height": 600})
    _open(fresh, site)
    expected = fresh.evaluate(STATE_JS)
    fresh_ctx.close()
    assert expected == [0, 0, 0, 0, "", 2, False, 900, 600], expected      # (history: about:blank, this page)

    ctx, page, guard = new_page(browser, viewport={"width": 900, "height": 600})
    heard: list = []
    page.add_init_script("window.__initScript = true")
    page.on("console", lambda m: heard.append(m.text))
    _open(page, site)
    page.evaluate(FILL_JS)
    page.goto(site.url(PAGE) + "?second")                    # a second history entry
    page.set_viewport_size({"width": 500, "height": 400})
    assert page.evaluate(STATE_JS) == [1, 1, 1, 1, "c=1", 3, True, 500, 400]
    ctx.close()
    guard.check()
    was_heard = len(heard)

    other_ctx, other, _g = new_page(browser, viewport={"width": 901, "height": 600})   # other options: another tab
    assert other is not page
    ctx2, again, guard2 = new_page(browser, viewport={"width": 900, "height": 600})
    assert again is page and guard2 is not guard                   # the same tab, kept, with a new guard
    _open(again, site)
    again.evaluate("console.log('after')")
    assert again.evaluate(STATE_JS) == expected                    # storage, history, init script, size: as new
    again.go_back()
    assert harness.BLANK in again.url                              # the reset's blank page, not the first test's
    again.go_forward()
    assert heard[was_heard:] == []                                 # the first test's listener is gone
    assert again.url == site.url(PAGE)
    again.evaluate("fetch('http://example.invalid/').catch(() => 0)")   # the guard is this test's, and still on
    assert guard2.external == ["http://example.invalid/"] and not guard.external
    guard2.external.clear()
    again.emulate_media(reduced_motion="reduce")                   # cannot be taken back: not kept
    ctx2.close()
    other_ctx.close()
    ctx3, third, _g = new_page(browser, viewport={"width": 900, "height": 600})
    assert third is not page
    ctx3.close()


TOUCH_JS = """() => [innerWidth, innerHeight, matchMedia('(pointer: coarse)').matches,
                      matchMedia('(hover: hover)').matches, navigator.maxTouchPoints, 'ontouchstart' in window]"""


@pytest.mark.skipif(harness.POOL_OFF, reason="BOARDSHELF_FRESH_PAGES=1: no page is kept")
def test_a_page_resized_to_a_phone_comes_back_at_its_own_size_with_a_mouse(site, browser):
    options = {"viewport": {"width": 1000, "height": 700}}
    fresh_ctx, fresh, _g = new_page(browser, fresh=True, **options)
    _open(fresh, site)
    expected = fresh.evaluate(TOUCH_JS)
    fresh_ctx.close()
    assert expected[:3] == [1000, 700, False], expected
    ctx, page, _g = new_page(browser, **options)
    _open(page, site)
    harness.as_size(page, "phone")                                  # touch, a mobile viewport
    assert page.evaluate(TOUCH_JS)[:3] == [390, 844, True]
    ctx.close()
    ctx2, again, _g = new_page(browser, **options)
    assert again is page
    _open(again, site)
    assert again.evaluate(TOUCH_JS) == expected
    assert harness.as_size(again, "laptop") == (1366, 768)            # and as_size works on it again
    ctx2.close()

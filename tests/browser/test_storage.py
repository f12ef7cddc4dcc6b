"""Hostile storage (issue 21): the app starts and plays wherever the browser denies storage.

* Embedded from another site: the embedding page is on ``localhost``, the app on ``127.0.0.1`` (two
  different sites, so Chromium treats the app's frame as third-party and denies or partitions its
  storage).  The game starts in the frame and a move can be made.
* Storage denied outright: an init script (run in every frame before any of the page's scripts)
  makes ``indexedDB.open``, ``localStorage``, ``caches`` and ``navigator.serviceWorker`` throw, as a
  browser does that blocks them (an opaque origin, a strict privacy setting).  The app starts, plays
  from memory and says, quietly, that games will not be saved; ``<html data-storage="memory">`` says
  the same to tests.  A localStorage that refuses writes as full is still used (the saves are there); one
  that refuses them otherwise counts as denied.  The app opens no IndexedDB at all.
* A start that fails on an Event shows a readable message, never "[object Event]".
"""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from harness import (BOOT_TIMEOUT_MS, action_ids, click, new_page, notices, wait_idle, wait_ready)
from tool_modules import tool

pytestmark = pytest.mark.browser

GAME = "index.html?game=hexbattle&seats=human,bot:random&seed=42&fast=1"
NOT_SAVED = "will not be saved"

# What a browser that blocks storage does: every way in throws a SecurityError.
DENY = {
    "indexeddb": """
        IDBFactory.prototype.open = function () {
          window.__idbOpens = (window.__idbOpens || 0) + 1;
          throw new DOMException("The user denied permission to access the database.", "SecurityError"); };""",
    "localstorage": """
        Object.defineProperty(window, "localStorage", { configurable: true,
          get() { throw new DOMException("Access is denied for this document.", "SecurityError"); } });""",
    "caches": """
        Object.defineProperty(window, "caches", { configurable: true,
          get() { throw new DOMException("Access to CacheStorage is denied.", "SecurityError"); } });
        Object.defineProperty(Navigator.prototype, "serviceWorker", { configurable: true,
          get() { throw new DOMException("Access to service workers is denied.", "SecurityError"); } });""",
}
DENY["all"] = "".join(DENY.values())
# localStorage that reads but refuses every write: full (still where the saves are), or read-only (denied)
DENY["full"] = """
    Storage.prototype.setItem = function () {
      throw new DOMException("Setting the value exceeded the quota.", "QuotaExceededError"); };"""
DENY["readonly"] = """
    Storage.prototype.setItem = function () {
      throw new DOMException("Access is denied for this document.", "SecurityError"); };"""


@pytest.fixture
def embedder(site, tmp_path):
    """``embed(src) -> url``: a page on another site (``localhost``, its own server) that frames ``src``.

    (A page made up by request routing will not do: Chromium counts it as a public page, which may not
    frame a local address.)"""
    serve = tool("serve")
    server, base = serve.start(tmp_path)
    assert urlsplit(site.base).hostname == "127.0.0.1"
    n = iter(range(1000))

    def embed(src: str) -> str:
        name = f"embedder{next(n)}.html"
        (tmp_path / name).write_text('<!doctype html><meta charset="utf-8"><title>Another site</title>'
                                     f'<iframe src="{src}" width="960" height="720" style="border:0"></iframe>',
                                     encoding="utf-8")
        return base.replace("//127.0.0.1:", "//localhost:") + name
    yield embed
    server.shutdown()
    server.server_close()


def _frame(page, selector: str = "iframe"):
    return page.locator(selector).element_handle(timeout=BOOT_TIMEOUT_MS).content_frame()


def _play_one_move(frame) -> None:
    wait_idle(frame)
    assert frame.locator("#app .screen-game").count() == 1, frame.locator("#app").inner_text()[:500]
    ids = [a for a in action_ids(frame) if a != "cancel"]
    assert ids, "no move offered"
    click(frame, f'[data-action="{ids[0]}"]')


def test_embedded_from_another_site_starts_and_plays(site, browser, embedder):
    """The app in an iframe of a page on another site (localhost embeds 127.0.0.1) starts and plays."""
    ctx, page, guard = new_page(browser, fresh=True)
    try:
        page.goto(embedder(site.url(GAME + "&embed=1")))
        frame = _frame(page)
        wait_ready(frame)
        _play_one_move(frame)
        # the frame is third-party: whatever the browser allows it, the app says honestly whether games persist
        allowed = frame.evaluate("() => { try { localStorage.setItem('bs-probe', '1'); localStorage.removeItem('bs-probe');"
                                 " return true; } catch (e) { return false; } }")
        mode = frame.evaluate("document.documentElement.dataset.storage")
        assert mode == ("local" if allowed else "memory"), (allowed, mode)
        if not allowed:
            assert any(NOT_SAVED in n for n in notices(frame)), notices(frame)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


@pytest.mark.parametrize("denied", ["indexeddb", "localstorage", "all", "full", "readonly"])
def test_storage_denied_starts_plays_and_says_not_saved(site, browser, denied):
    ctx, page, guard = new_page(browser, fresh=True)
    try:
        ctx.add_init_script(DENY[denied])
        page.goto(site.url(GAME))
        wait_ready(page)
        _play_one_move(page)
        mode = page.evaluate("document.documentElement.dataset.storage")
        # the app never opens IndexedDB (PyScript's package cache and fs store: tools/build.py PYSCRIPT_PATCHES)
        assert page.evaluate("window.__idbOpens || 0") == 0
        if denied in ("indexeddb", "full"):     # localStorage still works (or is only full): saved as usual
            assert mode == "local"
            assert not any(NOT_SAVED in n for n in notices(page)), notices(page)
        else:
            assert mode == "memory"
            assert any(NOT_SAVED in n for n in notices(page)), notices(page)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


def test_storage_denied_in_a_frame_of_another_site(site, browser, embedder):
    """Everything denied, in a cross-site frame: still starts and plays, with the note."""
    ctx, page, guard = new_page(browser, fresh=True)
    try:
        ctx.add_init_script(DENY["all"])
        page.goto(embedder(site.url(GAME + "&embed=1")))
        frame = _frame(page)
        wait_ready(frame)
        _play_one_move(frame)
        assert frame.evaluate("document.documentElement.dataset.storage") == "memory"
        assert any(NOT_SAVED in n for n in notices(frame)), notices(frame)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


FAILED_STARTS = {
    # an Event rejected as it is (what PyScript's IndexedDB store rejected with)
    "event": ("""addEventListener('DOMContentLoaded', () => { Promise.reject(new Event('error')); });""",
              'the browser reported "error"'),
    # PyScript's error box shows "[object Event]" first; the rejection carrying the real error comes after
    "py-error": ("""addEventListener('DOMContentLoaded', () => {
                      const box = document.createElement('div'); box.className = 'py-error';
                      box.textContent = 'Error\\n[object Event]'; document.body.append(box);
                      setTimeout(() => Promise.reject({ target: { error: new DOMException(
                        'The user denied permission to access the database.', 'UnknownError') } }), 50); });""",
                 "UnknownError: The user denied permission to access the database."),
}


@pytest.mark.parametrize("how", sorted(FAILED_STARTS))
def test_a_failed_start_shows_the_error_message_not_an_event(site, browser, how):
    """A start that fails on an Event (what IndexedDB rejects with) shows a readable message, never "[object Event]"."""
    script, expected = FAILED_STARTS[how]
    ctx, page, guard = new_page(browser, fresh=True)
    try:
        ctx.add_init_script(script)
        page.goto(site.url(GAME))
        text = page.wait_for_function(
            """(want) => { const a = document.getElementById('app');
                           return a.dataset.bootError === 'true' && a.innerText.includes(want) && a.innerText; }""",
            arg=expected, timeout=60_000).json_value()
        assert "[object" not in text, text
        assert "could not start" in text, text
    finally:
        ctx.close()

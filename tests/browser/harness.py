"""Browser test helpers (imported by conftest.py and the tests): the built site, served on 127.0.0.1, driven by Playwright + Debian's Chromium.

* ``site`` (session): makes sure the build exists (rebuilds the wheel so it matches the
  sources; builds the runtime if ``web/vendor`` is missing) and serves the repo root
  from a background thread on a free port.  ``site.url(path)`` gives a full URL.
* ``browser`` (session): one headless Chromium for the whole run.
* ``page``: a fresh context (empty storage) and page per test.  Every request to a host
  other than 127.0.0.1/localhost is aborted and recorded; the test fails if there was
  any.  Page errors (uncaught JS exceptions) are recorded too, in ``page.boardshelf``.

Driving the app: ``wait_ready``, ``wait_idle``, ``wait_render``, ``click``, ``set_input``,
``action_ids``, ``notices``, ``renders``.  Whole games: ``play_by_clicking`` clicks the ids a
policy picks until the outcome shows (or a stop point), failing on an empty choice, an error notice
or too many clicks; ``reload_resumes`` reloads mid-game and asserts the same board comes back;
``saved_games`` reads the saves in localStorage; ``latency_summary`` formats click-to-render times.

Timeouts are generous: the machines are shared 2-core boxes and a cold Pyodide start
can take many seconds there.  Waits are on DOM state, never fixed sleeps.  A Playwright call with no timeout of its
own (``page.evaluate`` of a promise, a DevTools ``send``, ``context.close``) is bounded here where the harness makes
it: :func:`within` races a page's promise against a timer in the page, :func:`cdp_send` and the closes run under
``bounds.bound`` (tests/bounds.py), and a kept page whose reset does not finish in time is thrown away.
"""
from __future__ import annotations

import os
import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

import pytest

from bounds import BoundExceeded, bound

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("BOARDSHELF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
BOOT_TIMEOUT_MS = int(os.environ.get("BOARDSHELF_BOOT_TIMEOUT_MS", "180000"))
STEP_TIMEOUT_MS = int(os.environ.get("BOARDSHELF_STEP_TIMEOUT_MS", "60000"))
# bounds on the calls that have no timeout of their own (issue 33 item 7, session 27): a DevTools call, a page's
# promise the harness awaits, a context's close, a kept page's whole reset (each takes well under a second)
CALL_S = 20.0
CLOSE_S = 30.0
RESET_S = 45.0
CLEAR_MS = 15_000


def within(fn_js: str, ms: int, what: str) -> str:
    """The JS function ``fn_js`` (taking one argument) as one whose promise rejects after ``ms`` if ``fn_js``'s has
    not settled by then: ``page.evaluate(within(js, ms, what), arg)`` raises then instead of waiting forever."""
    return (f"async (arg) => {{ let timer; try {{ return await Promise.race([({fn_js})(arg), new Promise((_, no) => "
            f"{{ timer = setTimeout(() => no(new Error({what!r} + ': no answer in {ms} ms (harness.within)')), {ms}); }})]);"
            f" }} finally {{ clearTimeout(timer); }} }}")


def cdp_send(cdp, method: str, params: dict | None = None, seconds: float = CALL_S):
    """``cdp.send(method, params)``, raising :class:`bounds.BoundExceeded` if no answer comes within ``seconds``."""
    with bound(seconds, f"DevTools {method}"):
        return cdp.send(method, params or {})


def close_context(ctx, seconds: float = CLOSE_S, *, _close=None) -> bool:
    """Close a browser context; one that does not close within ``seconds`` is left behind (a warning says so) rather
    than holding the test up.  True if it closed."""
    try:
        with bound(seconds, "context.close"):
            (_close or ctx.close)()
        return True
    except BoundExceeded as e:
        import warnings
        warnings.warn(f"{e}: the context was left open", stacklevel=2)
    except Exception:
        pass
    return False


@dataclass
class Site:
    base: str
    root: Path

    def url(self, path: str = "") -> str:
        return self.base + path.lstrip("/")


@dataclass
class Guard:
    """What a page tried that it should not have."""
    external: list = field(default_factory=list)      # blocked requests to other hosts
    page_errors: list = field(default_factory=list)   # uncaught JS exceptions
    console_errors: list = field(default_factory=list)
    failed_local: list = field(default_factory=list)  # 4xx/5xx from our own server

    def check(self) -> None:
        assert not self.external, f"requests to other hosts were attempted: {self.external}"


def _route(guard: Guard):
    def handler(route):
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about") or (parts.hostname or "") in LOCAL_HOSTS:
            route.continue_()
        else:
            guard.external.append(url)
            route.abort("blockedbyclient")
    return handler


def _guarded(page, guard: Guard) -> None:
    """Give ``page`` a new guard: the external-request route and the error listeners write to it."""
    page.boardshelf = guard
    page.route("**/*", _route(guard))


def _listen(page) -> None:
    """The error listeners, once per page: they write to the page's current guard (``page.boardshelf``)."""
    page.on("pageerror", lambda exc: page.boardshelf.page_errors.append(str(exc)))
    page.on("console", lambda m: page.boardshelf.console_errors.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: page.boardshelf.failed_local.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)


def _fresh_page(browser, context_args: dict):
    ctx = browser.new_context(**context_args)
    real_close = ctx.close
    ctx.close = lambda: close_context(ctx, _close=real_close) and None    # ctx.close() in a test: bounded
    ctx.set_default_timeout(STEP_TIMEOUT_MS)
    page = ctx.new_page()
    _listen(page)
    _guarded(page, Guard())
    return ctx, page


# ---------------------------------------------------------------- pages kept between tests (issue 33 item 7)
# A page's first boot in a new context compiles Pyodide's wasm again (the renderer process is new, and routing turns
# the HTTP cache off): 6-17 s on these machines, against 3-6 s for the same start in a tab that has run it before (the
# renderer keeps the compiled module).  So a page asked for with the same context options as an earlier test's is
# that test's page, put back to a known state when its test closes it (PooledContext.close): the test's init scripts
# and listeners taken back, its routes gone, the viewport the options give; it navigates to a blank page of the site
# (the app unloads), every kind of storage of the site is cleared (localStorage, sessionStorage, IndexedDB, Cache
# Storage, cookies: through the page, checked empty, and the DevTools protocol) and the tab's history is emptied.  A
# test then sees what a new context shows: an empty origin, no history, the options it asked for.  Not kept (closed
# as before): a page with emulated media or an exposed function (what cannot be taken back), one resized by
# ``as_size`` if made with touch (else its emulation is taken back and the size and pointer checked), a context
# with more than one page, a crashed page, a context with service workers allowed.  ``new_page(..., fresh=True)``
# (the ``page`` fixture: the ``fresh_context`` mark) for a test that must see a first visit or adds context-wide
# scripts.  BOARDSHELF_FRESH_PAGES=1 turns the pool off (a new context each time).
POOL_OFF = os.environ.get("BOARDSHELF_FRESH_PAGES", "") not in ("", "0")
BLANK = "__boardshelf_blank__.html"
_POOL: dict[tuple, list] = {}          # context options -> free (context, page)
BOOTS = {"new": 0, "kept": 0}          # pages handed out: made in a new context / kept from an earlier test

CLEAR_JS = """async () => {
  localStorage.clear(); sessionStorage.clear();
  if (indexedDB.databases) for (const d of await indexedDB.databases())
    await new Promise(done => { const r = indexedDB.deleteDatabase(d.name);
                                r.onsuccess = r.onerror = r.onblocked = done; });
  if (self.caches) for (const k of await caches.keys()) await caches.delete(k);
  return [localStorage.length, sessionStorage.length, indexedDB.databases ? (await indexedDB.databases()).length : 0,
          self.caches ? (await caches.keys()).length : 0];
}"""


def _track(page) -> None:
    """Watch what a test does to a kept page that would outlive it: its init scripts (taken back at the reset), its
    listeners (removed at the reset), emulation and exposed functions (the page is then not kept)."""
    page._bs_undo = []
    page._bs_dirty = False
    for name in ("add_init_script", "on", "once"):
        real = getattr(page, name)

        def tracked(*args, _real=real, _name=name, **kwargs):
            made = _real(*args, **kwargs)
            if _name == "add_init_script":
                page._bs_undo.append(made.close)
            else:
                page._bs_undo.append(lambda: page.remove_listener(*args[:2]))
            return made
        setattr(page, name, tracked)
    for name in ("emulate_media", "expose_function", "expose_binding", "add_locator_handler", "route_web_socket",
                 "route_from_har"):
        real = getattr(page, name)

        def dirty(*args, _real=real, **kwargs):
            page._bs_dirty = True
            return _real(*args, **kwargs)
        setattr(page, name, dirty)


def _key(browser, context_args: dict) -> tuple:
    return (id(browser), repr(sorted(context_args.items())))


class PooledContext:
    """What :func:`new_page` returns as the context of a kept page: ``close()`` puts the page back in the pool.
    Anything else a test would do to the context (init scripts, routes, more pages) would outlive the test: use
    ``new_page(..., fresh=True)`` for that."""

    def __init__(self, key: tuple, ctx, page, viewport, touch):
        self._key, self._ctx, self._page, self._viewport, self._touch = key, ctx, page, viewport, touch

    def close(self) -> None:
        ctx, page = self._ctx, self._page
        try:
            with bound(RESET_S, "putting a kept page back"):
                keep = (not page.is_closed() and len(ctx.pages) == 1 and not page._bs_dirty
                        and _reset(page, self._viewport, self._touch))
        except Exception:               # (BoundExceeded included: the page is thrown away, the next test gets a new one)
            keep = False
        if keep:
            _POOL.setdefault(self._key, []).append((ctx, page))
        else:
            close_context(ctx)


SIZE_JS = "() => [innerWidth, innerHeight, matchMedia('(pointer: coarse)').matches]"


def _reset(page, viewport, touch: bool) -> bool:
    """Put a kept page back to what a new context shows; False if it cannot be (then it is closed)."""
    while page._bs_undo:
        page._bs_undo.pop()()
    cdp = getattr(page, "_bs_cdp", None)
    if cdp is not None:                     # as_size's emulation: taken back (on a page made without touch only)
        if touch:
            return False
        cdp_send(cdp, "Emulation.setTouchEmulationEnabled", {"enabled": False})
        cdp_send(cdp, "Emulation.clearDeviceMetricsOverride")
        with bound(CALL_S, "DevTools detach"):
            cdp.detach()
        del page._bs_cdp
        page.set_viewport_size({"width": viewport["width"] + 1, "height": viewport["height"]})
        page.set_viewport_size(viewport)    # (sent again: Playwright's own override applies once more)
    page.unroute_all(behavior="ignoreErrors")
    origin = urlsplit(page.url)
    if origin.scheme in ("http", "https"):
        base = f"{origin.scheme}://{origin.netloc}/"
        page.route(base + BLANK, lambda r: r.fulfill(status=200, body="<!doctype html><title>blank</title>",
                                                       content_type="text/html"))
        page.goto(base + BLANK, timeout=STEP_TIMEOUT_MS)  # the app unloads (and saves) here, then its storage goes
        try:        # (an IndexedDB delete waits for every other open or delete of the database: bounded)
            left = page.evaluate(within(CLEAR_JS, CLEAR_MS, "clearing the site's storage"), None)
        except Exception:
            return False
        with bound(CALL_S, "DevTools session"):
            cdp = page.context.new_cdp_session(page)
        try:
            cdp_send(cdp, "Storage.clearDataForOrigin", {"origin": base.rstrip("/"), "storageTypes": "all"})
            cdp_send(cdp, "Page.resetNavigationHistory")
        finally:
            with bound(CALL_S, "DevTools detach"):
                cdp.detach()
        page.unroute_all(behavior="ignoreErrors")
        if left != [0, 0, 0, 0]:
            return False
    if page.viewport_size != viewport:
        page.set_viewport_size(viewport)
    if not touch and page.url != "about:blank":   # the size and pointer a new context made with the options has
        return page.evaluate(SIZE_JS) == [viewport["width"], viewport["height"], False]
    return True


def new_page(browser, *, fresh: bool = False, **context_args):
    """A page with the external-request guard, in a context made with ``context_args``; returns (context, page,
    guard).  The page is a kept one (see above) unless ``fresh`` or the pool is off: empty storage and history either
    way; ``context.close()`` ends it.

    Service workers are blocked unless the caller passes ``service_workers="allow"`` (the offline
    tests): Playwright's request routing does not see requests a worker answers, and the other tests
    need not pay for the worker's background precaching."""
    context_args.setdefault("service_workers", "block")
    if fresh or POOL_OFF or context_args["service_workers"] != "block":
        BOOTS["new"] += 1
        ctx, page = _fresh_page(browser, context_args)
        return ctx, page, page.boardshelf
    key = _key(browser, context_args)
    free = _POOL.get(key, [])
    while free:
        ctx, page = free.pop()
        if page.is_closed():
            continue
        try:
            with bound(CALL_S, "a kept page's guard"):
                _guarded(page, Guard())
        except Exception:
            close_context(ctx)
            continue
        BOOTS["kept"] += 1
        break
    else:
        BOOTS["new"] += 1
        ctx, page = _fresh_page(browser, context_args)
        page.unroute_all(behavior="ignoreErrors")
        _track(page)
        _guarded(page, Guard())
    viewport = context_args.get("viewport") or {"width": 1280, "height": 720}
    return PooledContext(key, ctx, page, viewport, bool(context_args.get("has_touch"))), page, page.boardshelf


def close_pool() -> None:
    """Close every kept page's context (the session's end)."""
    for free in _POOL.values():
        for ctx, _page in free:
            close_context(ctx)
    _POOL.clear()


def sized_page(browser, size: str):
    """:func:`new_page` at one of the sizes players use (tools/screenshots.py ``SIZES``: ``"phone"`` 390x844 with
    touch, ``"laptop"`` 1366x768, ``"desktop"`` 1920x1080); returns (context, page, guard)."""
    from tool_modules import tool
    w, h, touch = tool("screenshots").SIZES[size]
    return new_page(browser, viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)


def as_size(page, size: str | tuple[int, int, bool], *, wider_ok: bool = False) -> tuple[int, int]:
    """Turn a page made by :func:`new_page` without touch into one of the sizes players use, in place, as a window
    resized or a phone turned does (the page follows: web/ui.css's media queries, web/morph.js's narrow bar), so that
    one boot and one game serve every size.  ``size``: a name of tools/screenshots.py's ``SIZES`` or (width, height,
    touch).  The DevTools protocol sets touch (``(pointer: coarse)`` matches, one touch point) and the metrics (a
    mobile viewport with touch) as :func:`sized_page`'s ``has_touch``/``is_mobile`` do.  Returns (width, height),
    checked against the page's ``innerWidth``/``innerHeight`` and ``(pointer: coarse)`` after two frames.
    ``wider_ok``: on a mobile viewport a page wider than the screen is shown zoomed out (``innerWidth`` over the
    width, as on a phone, and as in a page made at that size): allowed, for a test that does not judge the width."""
    from tool_modules import tool
    w, h, touch = tool("screenshots").SIZES[size] if isinstance(size, str) else size
    cdp = getattr(page, "_bs_cdp", None)
    if cdp is None:
        with bound(CALL_S, "DevTools session"):
            cdp = page._bs_cdp = page.context.new_cdp_session(page)
    cdp_send(cdp, "Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 1})
    if not touch:
        page.set_viewport_size({"width": w, "height": h})  # Playwright's own idea of the page's size (screenshots)
    # the last override sent applies: this session's, cleared first (the same one sent again would not apply)
    cdp_send(cdp, "Emulation.clearDeviceMetricsOverride")
    cdp_send(cdp, "Emulation.setDeviceMetricsOverride",
             {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": touch, "screenWidth": w, "screenHeight": h})
    got = page.evaluate(within("""() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() =>
        done([innerWidth, innerHeight, matchMedia('(pointer: coarse)').matches]))))""", 20_000, "two frames"), None)
    if wider_ok and touch and got[0] > w and got[2]:     # zoomed out: the same shape, a wider page
        return w, h
    assert got == [w, h, touch], (size, got)
    return w, h


def wait_ready(page, timeout: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until #app accepts input (data-ready="true"); a start-up failure fails fast."""
    page.wait_for_function(
        """() => { const a = document.getElementById('app');
                   if (a && a.dataset.ready === 'true') return true;
                   if (a && a.dataset.bootError === 'true') throw new Error('boot failed: ' + a.innerText);
                   return false; }""",
        timeout=timeout, polling=100)


# ---------------------------------------------------------------- driving the app
# Hooks the glue (pyapp/browser/main.py) provides: #app[data-ready="true"] while it accepts input,
# #app[data-busy="true"] while a bot is about to act, body[data-renders] counting markup swaps.
IDLE_JS = """() => { const a = document.getElementById('app');
                     return a && a.dataset.ready === 'true' && !a.dataset.busy; }"""


def renders(page_or_frame) -> int:
    return int(page_or_frame.evaluate("() => +(document.body.dataset.renders || 0)"))


def wait_idle(page_or_frame, timeout: int = STEP_TIMEOUT_MS) -> None:
    """Ready for input and no bot about to act."""
    page_or_frame.wait_for_function(IDLE_JS, timeout=timeout, polling=50)


def wait_render(page_or_frame, before: int, timeout: int = STEP_TIMEOUT_MS) -> None:
    page_or_frame.wait_for_function("(n) => +(document.body.dataset.renders || 0) > n", arg=before,
                                    timeout=timeout, polling=50)


def _open_more_for(page_or_frame, loc) -> None:
    """A game-bar tool folded behind "More" on a narrow screen (Replay, Share, Rules, Shelf, Settings...): open
    More first, as a player does."""
    if not loc.count() or loc.is_visible() or not loc.evaluate("e => !!e.closest('.more-tools')"):
        return
    toggle = page_or_frame.locator('#app [data-nav="more"][aria-expanded="false"]')
    if toggle.count() and toggle.first.is_visible():
        before = renders(page_or_frame)
        toggle.first.click(timeout=10_000)
        wait_render(page_or_frame, before)


# Whether an element takes a pointer click at its centre (scrolled into view first): not when it has no size (a
# marker of size 0, the content of a closed <details>) or something else is drawn there (a shape under another)
HIT_JS = """e => { e.scrollIntoView({block: 'nearest', inline: 'nearest'});
                   const r = e.getBoundingClientRect(); if (!r.width || !r.height) return false;
                   const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                   return !!at && (at === e || e.contains(at)); }"""


def click(page_or_frame, selector: str, idle_timeout: int | None = None) -> None:
    """Click the first element matching ``selector`` inside #app and wait for the markup swap it causes.

    A real pointer click; if the element cannot take one at its centre (:data:`HIT_JS`: an SVG shape under
    another, a folded copy of a control), the click event is dispatched on it instead, at once (Playwright would
    wait 10 s for it to become clickable first), which is what the delegated listener sees either way.
    """
    loc = page_or_frame.locator(f"#app {selector}").first
    _open_more_for(page_or_frame, loc)
    before = renders(page_or_frame)
    try:
        if not loc.evaluate(HIT_JS):
            raise LookupError("not clickable at its centre")
        loc.click(timeout=10_000)
    except Exception:
        loc.dispatch_event("click")
    wait_render(page_or_frame, before)
    if idle_timeout is None:
        wait_idle(page_or_frame)
    else:
        wait_idle(page_or_frame, timeout=idle_timeout)


def set_input(page_or_frame, selector: str, value: str) -> None:
    """Set a [data-input] field as a person does (type, then leave the field: ``change`` fires); waits for the swap."""
    before = renders(page_or_frame)
    loc = page_or_frame.locator(f"#app {selector}").first
    if loc.evaluate("e => e.tagName") == "SELECT":
        loc.select_option(value)
    else:
        loc.fill(value)
        loc.evaluate("e => e.blur()")
    wait_render(page_or_frame, before)
    wait_idle(page_or_frame)


def action_ids(page_or_frame) -> list[str]:
    return page_or_frame.eval_on_selector_all(
        "#app [data-action]", "els => els.filter(e => !e.disabled).map(e => e.dataset.action)")


def notices(page_or_frame) -> list[str]:
    return [t.strip() for t in page_or_frame.locator("#app .notice").all_inner_texts()]


def action_selector(aid: str) -> str:
    """The CSS selector of the elements carrying action id ``aid`` (quotes and backslashes escaped)."""
    return '[data-action="' + aid.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def click_action(page_or_frame, aid: str) -> None:
    """harness.click on the first element carrying action id ``aid``."""
    click(page_or_frame, action_selector(aid))


def click_action_once(page_or_frame, aid: str, idle_timeout: int = 120_000) -> None:
    """Click the first element carrying ``aid`` (a real pointer click) and wait for the swap it causes.

    Like click_action, but the fallback (dispatching the event) only runs when the real click did not land:
    a second click of the same id after the swap would be a different, possibly illegal, action.
    """
    before = renders(page_or_frame)
    loc = page_or_frame.locator(f"#app {action_selector(aid)}").first
    try:
        loc.click(timeout=10_000)
    except Exception:
        if renders(page_or_frame) == before:
            loc.dispatch_event("click")
    wait_render(page_or_frame, before)
    wait_idle(page_or_frame, timeout=idle_timeout)


BAD_NOTICES = ("failed", "Internal error", "not allowed")
# which notices end a game played by clicking: a failed step, a crash, a refused action
RENDER_LATENCY_JS = """(t0) => { const m = performance.getEntriesByName('render', 'mark').filter(e => e.startTime > t0);
                                 return m.length ? m[0].startTime - t0 : null; }"""


def play_by_clicking(page, choose: Callable[[list[str]], str], *, max_clicks: int, clicks: int = 0,
                     stop_after: int | None = None, click_fn: Callable = click_action,
                     idle_timeout: int = STEP_TIMEOUT_MS, latencies: list | None = None,
                     handoff: bool = False, bad_notices: tuple[str, ...] = BAD_NOTICES) -> int:
    """Play the person's turns by clicking until the outcome shows, or until ``clicks`` reaches ``stop_after``;
    returns the click count (``clicks`` is the count so far, for a second leg after a reload).

    Each turn: wait until idle (``idle_timeout``), pick ``choose(action_ids)`` and ``click_fn(page, id)``.
    Fails when no action is offered before the game is over, when a notice after a click contains one of
    ``bad_notices``, or after ``max_clicks``.  ``latencies``: a list to append each click's click-to-render
    time (ms, from the glue's ``render`` mark; the first swap after a click is the person's own action,
    bots answer after a timeout).  ``handoff``: click the hot-seat "pass the device" button when it shows
    (it is not counted as a click).
    """
    while clicks < max_clicks:
        wait_idle(page, timeout=idle_timeout)
        if page.locator("#app .outcome").count():
            return clicks
        if stop_after is not None and clicks >= stop_after:
            return clicks
        if handoff and page.locator('#app [data-nav="handoff-ok"]').count():
            click(page, '[data-nav="handoff-ok"]')
            continue
        ids = action_ids(page)
        assert ids, f"nothing to click and the game is not over; notices: {notices(page)}"
        aid = choose(ids)
        if latencies is not None:
            t0 = page.evaluate("() => performance.now()")
        click_fn(page, aid)
        if latencies is not None:
            dt = page.evaluate(RENDER_LATENCY_JS, t0)
            if dt is not None:
                latencies.append(dt)
        clicks += 1
        bad = [n for n in notices(page) if any(b in n for b in bad_notices)]
        assert not bad, (aid, bad)
    pytest.fail(f"no end after {max_clicks} clicks")


def reload_resumes(page, board_selector: str, idle_timeout: int = STEP_TIMEOUT_MS) -> None:
    """Reload mid-game and assert the game screen comes back with the markup of ``board_selector`` unchanged."""
    before = page.locator(board_selector).inner_html()
    page.reload()
    wait_ready(page)
    wait_idle(page, timeout=idle_timeout)
    assert page.locator("#app .screen-game").count() == 1, "the game did not resume after a reload"
    assert page.locator(board_selector).inner_html() == before, "the resumed game differs from the one before the reload"


def saved_games(page) -> list:
    """The saved games in localStorage, parsed."""
    return page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('boardshelf:save:'))
                                  .map(k => JSON.parse(localStorage.getItem(k)))""")


def latency_summary(latencies: list) -> str:
    """Click-to-render times as "median X ms, p95 Y ms, max Z ms" (sorts the list in place)."""
    latencies.sort()
    return (f"median {statistics.median(latencies):.0f} ms, p95 {latencies[int(len(latencies) * 0.95)]:.0f} ms, "
            f"max {latencies[-1]:.0f} ms")

"""Browser glue: the only module touching ``js``/``pyodide``.

``start()`` builds the :class:`~pyapp.ui.app.App` with a localStorage adapter and the page's
query string, swaps ``#app.innerHTML`` once per update, routes every event through ONE delegated
listener per event type on ``#app`` (``click``: ``[data-action]`` / ``[data-nav]``; ``change``:
``[data-input]``), schedules bot turns with ``setTimeout`` so the page never freezes, and does
file export (Blob + object URL + a temporary ``<a download>``) and import (a hidden file input).

After each swap the glue also sets the tab title (``App.title``), keeps one history entry per screen
(``App.location`` in the URL fragment; Back and Forward come back through ``popstate`` to
``App.go_to``; not in an embedded frame, whose history is the embedding page's), and gives each new
notice a timer that dismisses it (``App.notice_timeouts``).  The bots' pace is ``App.bot_delay_ms``
(the player's "Bot speed" setting; none with ``fast=1``).

For tests and the bench: after each swap ``document.body.dataset.renders`` counts up and
``performance.mark("render")`` is set; ``#app`` has ``data-ready="true"`` while it accepts input
and ``data-busy="true"`` while a bot is about to act.

"What would the bot do?" (:mod:`pyapp.ui.hints`): while ``App.hint_thinking()`` the glue calls
``App.step_hint(BOT_SLICE_MS)`` from a timer, as it does for a bot seat, and updates the page when the hint is
there; it then focuses the first marked control (``App.focus_once``: selectors in order, ``a||b``) and draws a
dashed box and a "Hint" tag on each marked board shape (SVG; HTML controls get theirs from web/ui.css).

Every screen size: :class:`Tips` shows a board element's ``title`` (or SVG ``<title>``) in a small
popover when a touch tap lands on it and it has no action, or when the keyboard focuses it (what a
mouse gets on hover); web/morph.js pads ``#app`` at the bottom by the height of the game's action bar
(``.bs-actions``, fixed at the bottom on phones: web/ui.css; measured by a ResizeObserver, so no
update forces a layout) so the page's end is never under it.
"""
from __future__ import annotations

import re

import js
from pyodide.ffi import create_proxy, to_js

from .. import games
from ..engine.util import parse_query as _parse_query
from ..ui.app import NOT_SAVED_NOTE as NOT_SAVED_NOTE   # (re-exported: it lived here before)
from ..ui.app import App
from ..ui.text import quote, truthy as _truthy
from ..ui.links import LINK_PREFIX
from ..ui.markup import keep_unchanged
from .storage import LocalStorage as LocalStorage, MemoryStorage as MemoryStorage, open_storage
from .live import LiveGlue
from .parts import PartsGlue, _controlled, _game_of, _is_game, _location_hash, load_game_part

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Callable   # Any: a JavaScript object through Pyodide's proxies

FAST_BOT_DELAY_MS = 0

# NOT_SAVED_NOTE: the app itself shows it, as a quiet status line, when the storage it is given says
# ``persistent = False`` (MemoryStorage: a frame on another site with third-party storage blocked,
# strict privacy settings).  Tests look for "will not be saved".


def _node(x: Any) -> Any:
    """``x`` if it is a DOM element, else None (JS null arrives as None or as pyodide's ``jsnull``)."""
    return x if x is not None and hasattr(x, "hasAttribute") else None


def _focus_key(el: Any) -> str | None:
    """A selector that finds the same control after an update: its action or navigation value."""
    if el is None:
        return None
    for attr in ("data-action", "data-nav"):
        if el.hasAttribute(attr):
            value = str(el.getAttribute(attr)).replace("\\", "\\\\").replace('"', '\\"')
            return f'[{attr}="{value}"]'
    return None


# The actions that pass, end or give up (their ids: "skip", "end", "pass:..."): the focus never moves onto one by
# itself after an action, so that pressing Enter twice never throws a choice away.
PASSING = re.compile(r"(skip|pass|end|concede|cancel|stop|done|undo|restart)(:|$)")

RENDER_MARKS = 1000        # "render" marks kept on the page's timeline at most (then cleared: tests read the newest)
BOT_SLICE_MS = 30          # a thinking bot gives the page back at least this often (long tasks are over 50 ms)


def parse_query(search: str) -> dict:
    return _parse_query(search)


TIP_SKIP = "[data-action],[data-nav],button,a[href],input,select,textarea,summary,label"
TIPPED = '[title]:not([title=""]), :has(> title)'


class Tips:
    """Tap (or keyboard focus) shows what hover shows: a board element's title in a dismissable popover.

    The popover lives outside ``#app`` (swaps keep it); a tap elsewhere, Escape, its close button,
    the focus leaving the element, or the element leaving the page hides it."""

    def __init__(self, doc: Any, root: Any) -> None:
        self.root = root
        self.anchor: Any = None
        self.by_focus = False
        tip = self.tip = doc.createElement("div")
        tip.className = "bs-tip"
        tip.id = "bs-tip"
        tip.setAttribute("role", "tooltip")
        tip.hidden = True
        tip.innerHTML = ('<span class="bs-tip-text"></span>'
                         '<button type="button" class="bs-tip-close" aria-label="Close">\u00d7</button>')
        doc.body.appendChild(tip)
        self._close = create_proxy(self.hide)
        tip.querySelector(".bs-tip-close").addEventListener("click", self._close)

    @staticmethod
    def titled(target: Any) -> tuple[Any, str] | None:
        """The board element at ``target`` that has a title and no action, and its text."""
        el = _node(target.closest(TIPPED))
        if el is None or _node(el.closest(".game-board")) is None or _node(el.closest(TIP_SKIP)) is not None:
            return None
        if el.hasAttribute("title"):
            text = str(el.getAttribute("title") or "")
        else:
            t = _node(el.querySelector(":scope > title"))
            text = str(t.textContent or "") if t is not None else ""
        return (el, text.strip()) if text.strip() else None

    def show(self, el: Any, text: str, by_focus: bool = False) -> None:
        self.anchor, self.by_focus = el, by_focus
        self.tip.querySelector(".bs-tip-text").textContent = text
        self.tip.hidden = False
        self.place()

    def place(self) -> None:
        el, tip, win = self.anchor, self.tip, js.window
        r = el.getBoundingClientRect()
        w, h, vw, vh = float(tip.offsetWidth), float(tip.offsetHeight), float(win.innerWidth), float(win.innerHeight)
        left = min(max(8.0, float(r.left) + float(r.width) / 2 - w / 2), max(8.0, vw - w - 8))
        top = float(r.bottom) + 6
        if top + h > vh and float(r.top) - 6 - h > 0:
            top = float(r.top) - 6 - h
        tip.style.left = f"{left + float(win.scrollX):.0f}px"
        tip.style.top = f"{top + float(win.scrollY):.0f}px"

    def hide(self, *_args: object) -> None:
        self.anchor, self.by_focus = None, False
        self.tip.hidden = True

    def on_tap(self, target: Any, touch: bool) -> None:
        """A click that hit no action: a touch on a titled board element shows its title; else hide."""
        hit = self.titled(target) if touch else None
        if hit is None:
            self.hide()
        else:
            self.show(*hit)

    def on_focus(self, event: Any) -> None:
        target = _node(event.target)
        if str(event.type) == "focusout":
            if self.by_focus:
                self.hide()
            return
        if target is None or not target.matches(":focus-visible") or _node(target.closest(".game-board")) is None:
            return
        own = target.getAttribute("title") or (_node(target.querySelector(":scope > title")) or None)
        text = str(own if isinstance(own, str) else (own.textContent if own is not None else "")).strip()
        if text:
            self.show(target, text, by_focus=True)

    def after_swap(self) -> None:
        """Keep the popover on its element (or hide it: the element is gone).  (web/morph.js keeps the page
        padded by the action bar's height.)"""
        if self.anchor is not None:
            if self.anchor.isConnected:
                self.place()
            else:
                self.hide()


class Glue(PartsGlue):
    def __init__(self) -> None:
        doc = js.document
        self.root = doc.getElementById("app")
        self.by_keyboard = False           # the last input was a key (not a pointer): updates keep the focus in the app
        storage = self.storage = open_storage(js.window)
        try:     # (for tests and styles: <html data-storage="local|memory">)
            doc.documentElement.dataset.storage = "local" if storage.persistent else "memory"
        except Exception:
            pass
        self.query = parse_query(str(js.location.search or ""))
        self.failed_parts: set[str] = set()     # parts whose fetch failed since the last input (not asked again)
        # the games the start opens whose parts are not here: the app opens once they are (start())
        self.waiting = [g for g in dict.fromkeys(self.start_games()) if _is_game(g) and not games.part_loaded(g)]
        if self.waiting:
            self.app = App(storage, {}, embedded=True, local_time=local_time)     # (opens nothing; never shown)
            self.history, self.replace_location = False, True
            self.location: str | None = None
        else:
            self.open_app()
        self.notice_timers: set[int] = set()    # the notices that already have their dismissal timer
        self.renders = 0
        self.hint_tags = False                # the page holds tags of _tag_hints (taken away before the next patch)
        self.title_set: str | None = None     # the tab title last written
        self.sheets: dict[str, str] = {}      # game stylesheets added to <head>: href -> "loading" / "ready"
        self.parts: dict[str, str] = {}       # the parts of the markup on the page (pyapp.ui.markup.keep_unchanged)
        self.bot_timer: int | None = None     # the setTimeout id of the bot turn due
        self.hint_timer: int | None = None    # the setTimeout id of the hint bot's next slice of thinking
        self._on_event = create_proxy(self.on_event)
        self.live = LiveGlue(lambda: self.app, self.update, self.after_parts)     # live play's pairing and messages (web/live.js)
        self.coach_step: str | None = None   # the guided game's step last shown (``_coach_into_view``)
        self._on_page_key = create_proxy(self.on_page_key)
        self._on_bot = create_proxy(self.on_bot)
        self._on_hint = create_proxy(self.on_hint)
        self._on_file = create_proxy(self.on_file)
        self._on_release = create_proxy(self.on_release)
        self._on_popstate = create_proxy(self.on_popstate)
        self._on_notice_timer = create_proxy(self.on_notice_timer)
        self._on_focus = create_proxy(self.on_focus)
        self._on_resize = create_proxy(self.on_resize)
        if self.history and hasattr(js.window, "addEventListener"):
            js.window.addEventListener("popstate", self._on_popstate)
        self.pressing = False
        self.press_id = 0
        self.pending_update = False
        self._in_update = False
        for kind in ("click", "change", "keydown", "pointerdown"):
            self.root.addEventListener(kind, self._on_event)
        for kind in ("pointerup", "pointercancel"):        # a press may end outside #app
            doc.addEventListener(kind, self._on_event)
        doc.addEventListener("keydown", self._on_page_key)  # Escape with the focus outside #app (on the page)
        # hidden file input for imports (outside #app so swaps keep it)
        self.file_input = doc.createElement("input")
        self.file_input.type = "file"
        self.file_input.accept = ".json,application/json"
        self.file_input.hidden = True
        self.file_input.addEventListener("change", self._on_file)
        doc.body.appendChild(self.file_input)
        self.touch = False                      # the last press was a finger or a pen (no hover there)
        self.tips: Tips | None = None
        try:
            self.tips = Tips(doc, self.root)
            for kind in ("focusin", "focusout"):
                self.root.addEventListener(kind, self._on_focus)
            js.window.addEventListener("resize", self._on_resize)
        except Exception:  # a page without these APIs (a fake js in tests): no popovers
            self.tips = None

    def open_app(self) -> None:
        """The App for the page's link and address (again, once the game parts it lacked are here)."""
        storage = self.storage
        try:
            self.app = App(storage, self.query, local_time=local_time, page_url=_page_url())
        except games.PartMissing as exc:   # its part could not be fetched: the shelf
            try:
                self.app = App(storage, {}, embedded=_truthy(self.query.get("embed", "")), local_time=local_time)
            except games.PartMissing:      # (the current game's too: the shelf without it)
                self.app = App(storage, {}, embedded=True, local_time=local_time)
            self.app.notify(f"The game's files could not be loaded ({quote(exc, 120)}): check the connection "
                            "and try again; here is the shelf.")
        except Exception as exc:  # a bad link or a broken save must not stop the app from starting
            # the shelf instead; an embedded frame still keeps off the player's own games
            self.app = App(storage, {}, embedded=_truthy(self.query.get("embed", "")), local_time=local_time)
            self.app.notify(f"The app could not open this link ({quote(exc, 200)}); here is the shelf.")
        self.history = not self.app.embed       # a frame's history entries would be the embedding page's
        self.location = None                    # the screen's fragment last written to the address bar
        self.replace_location = True            # the first one (and one after Back) replaces, others push
        hash_now = _location_hash()
        if self.history and hash_now.startswith("#/"):      # a reload on a screen's own address
            try:
                self.app.go_to(hash_now)
            except Exception:  # an old or hand-edited address: the start screen
                pass
        if self.app.embed:
            js.document.body.classList.add("embed")
            js.document.documentElement.classList.add("embed")

    # ---- rendering
    def update(self) -> None:
        if self._in_update:
            # Replacing the markup removed a focused, edited field, whose `change` fired inside the
            # swap: the app has taken the value; swap again once this swap is done.
            self.pending_update = True
            return
        self._in_update = True
        try:
            self._swap()
        finally:
            self._in_update = False
        if self.pending_update:
            self.update()
        else:
            self.live.after_update()

    def _sheets_ready(self) -> bool:
        """Whether every game stylesheet the screen needs is on the page (``App.stylesheets``): a missing one is
        added to ``<head>`` and the swap waits for it (its load or error calls :meth:`update` again), so a game's
        board is never drawn unstyled and the shelf loads no game's CSS.  A page without ``<head>`` (a fake js
        in tests): nothing to wait for."""
        waiting = False
        for href in self.app.stylesheets():
            status = self.sheets.get(href)
            if status is None:
                try:
                    link = js.document.createElement("link")
                    link.rel = "stylesheet"
                    link.href = href
                    link.addEventListener("load", create_once(lambda *_a, h=href: self._sheet_done(h)))
                    link.addEventListener("error", create_once(lambda *_a, h=href: self._sheet_done(h)))
                    js.document.head.appendChild(link)
                except Exception:
                    self.sheets[href] = "ready"
                    continue
                self.sheets[href] = status = "loading"
            waiting = waiting or status == "loading"
        return not waiting

    def _sheet_done(self, href: str) -> None:
        self.sheets[href] = "ready"
        self.update()

    def _swap(self) -> None:
        self.pending_update = False
        if not self._sheets_ready():
            return
        busy = self.app.bot_pending()
        active = _node(js.document.activeElement)
        focus = str(active.dataset.input) if active is not None and active.hasAttribute("data-input") else None
        inside = active is not None and bool(self.root.contains(active)) and active is not self.root
        was = _focus_key(active) if inside else None
        markup = self.app.render()
        missing = games.missing_parts()
        if missing and self.after_parts(missing, self.update):     # (drawn once the game's part is here)
            return
        if self.hint_tags:                                      # (only when some were drawn: no search of the page)
            _untag_hints(self.root)
            self.hint_tags = False
        morph = getattr(js.window, "boardshelfMorph", None)     # web/morph.js: patch, keep unchanged nodes
        if morph is not None:
            sent, parts = keep_unchanged(markup, self.parts)   # unchanged parts: the page keeps their nodes
            if morph(self.root, sent) is False and sent is not markup:
                morph(self.root, markup)                       # (the page was not as the last update left it)
            self.parts = parts
        else:
            self.root.innerHTML = markup
        once = self.app.focus_once()                       # e.g. the share panel's link, just opened
        if focus:                                          # keep the keyboard in the field the player is in
            el = _node(self.root.querySelector(f'[data-input="{focus}"]'))
            if el is not None:
                el.focus()
        elif once or active is None or str(getattr(active, "tagName", "")).upper() == "BODY":
            target = once or self.app.focus_target()       # nothing focused: e.g. the replay, so its keys work
            self._focus_first(target)
        elif inside and self.by_keyboard:               # a mouse or a finger leaves the focus where it falls
            self._keep_focus(was)
        self.renders += 1
        self.root.dataset.ready = "true"
        if busy:
            self.root.dataset.busy = "true"
        else:
            self.root.removeAttribute("data-busy")
        self._after_swap()
        self._coach_into_view()
        self.on_resize()
        js.document.body.dataset.renders = str(self.renders)
        if self.renders % RENDER_MARKS == 0:                # the timeline keeps every mark: a tab that plays all
            js.window.performance.clearMarks("render")      # evening would pile up one per update (issue 34)
        js.window.performance.mark("render")               # the update is complete (the bench and tests wait on it)
        if busy:
            self.schedule_bot()
        if self.app.hint_thinking():
            self.schedule_hint()
        if ' data-hint="' in markup:                          # (a hint or the coach marks a control: tag it)
            _tag_hints(self.root)
            self.hint_tags = True

    def _coach_into_view(self) -> None:
        """A guided game's coach has new words (its ``data-step`` changed) and they are out of view (on a phone,
        after a move made far down the page): scroll just enough to show them.  Its "Show me" goes the other
        way, to the control it points at."""
        box = _node(self.root.querySelector(".coach[data-step]"))
        step = str(box.getAttribute("data-step")) if box is not None else None
        if step is None or step == self.coach_step:
            self.coach_step = step
            return
        self.coach_step = step
        r = box.getBoundingClientRect()
        if r.top < 0 or r.top > js.window.innerHeight * 0.8:
            box.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))

    def _focus_first(self, target: str | None) -> None:
        """Focus the first of ``target``'s selectors (``a||b``: ``b`` if nothing of ``a`` takes the focus)."""
        for sel in (target or "").split("||"):
            el = _node(self.root.querySelector(sel)) if sel.strip() else None
            if el is None:
                continue
            el.focus()
            if js.document.activeElement == el:
                return

    def _keep_focus(self, was: str | None) -> None:
        """The keyboard was in the app (the last input a key) and the update removed the focused control (a move made with Enter
        takes its own button away), or patched its node into another one ("Pay" becomes "Skip this action"): put the focus on the same control if it is still there, else on the first
        control the new choice asks for (in the panel of choices, then on the board, then anywhere), never on one
        that passes, ends or gives up (:data:`PASSING`: after "Pay", Enter twice must not skip the action); when
        only such controls are left, on the panel of choices itself (Tab reaches them), else on the heading."""
        now = _node(js.document.activeElement)
        if now is not None and bool(self.root.contains(now)) and now is not self.root and _focus_key(now) == was:
            return          # (the same control; a node that web/morph.js made into another control does not count)
        if was and self._focus(_node(self.root.querySelector(was))):
            return
        for sel in (".bs-actions [data-action]", "[data-board] [data-action]",
                    "[data-action][role=button], button[data-action]"):
            for el in self.root.querySelectorAll(sel):
                if not el.hasAttribute("disabled") and not PASSING.match(str(el.getAttribute("data-action"))) \
                        and self._focus(el):
                    return
        for sel in (".bs-actions", "h2"):
            el = _node(self.root.querySelector(sel))
            if el is not None:
                if not el.hasAttribute("tabindex"):
                    el.setAttribute("tabindex", "-1")
                if self._focus(el):
                    return

    @staticmethod
    def _focus(el: Any) -> bool:
        """Focus ``el`` (an element or None); whether it took the focus."""
        if el is None:
            return False
        el.focus()
        return bool(js.document.activeElement == el)

    @property
    def delay(self) -> int:
        """The pause before the next bot move (the player's setting; 0 with ``fast=1``)."""
        return self.app.bot_delay_ms()

    def _after_swap(self) -> None:
        """The tab title, the address bar (one history entry per screen) and the notices' timers."""
        try:
            title = self.app.title()
            if title != self.title_set:                 # (the same title is not written again: a DOM change)
                js.document.title = self.title_set = title
        except Exception:  # pragma: no cover - a document without a title
            pass
        for mid, ms in self.app.notice_timeouts():
            if mid not in self.notice_timers:
                self.notice_timers.add(mid)
                js.window.setTimeout(self._on_notice_timer, ms, mid)
        if not self.history:
            return
        loc = self.app.location()
        if loc == self.location:
            return
        history = getattr(js.window, "history", None)
        if history is None:
            return
        try:
            url = str(js.location.pathname or "") + str(js.location.search or "") + loc
            # (a game by link changing as it is played: one entry, its address always the game as it is now)
            if self.replace_location or self.location is None or (
                    loc.startswith(LINK_PREFIX) and self.location.startswith(LINK_PREFIX)):
                history.replaceState(None, "", url)
            else:
                history.pushState(None, "", url)
        except Exception:  # a sandboxed frame may refuse: Back then leaves the app, as before
            pass
        self.location, self.replace_location = loc, False

    def on_popstate(self, *_args: object) -> None:
        """Back or Forward: show the screen of the address the browser went to."""
        target = _location_hash() or "#/shelf"
        if self.after_parts(self.games_for_location(target), self.on_popstate):
            return                          # (again once they are here, or have failed: not asked again)
        try:
            if not self.app.go_to(target):
                self.replace_location = True        # that screen is gone: the address shows where we are
        except games.PartMissing:
            pass
        except Exception as exc:  # keep the page alive
            self.app.notify(f"Internal error: {exc}")
        self.location = target
        missing = games.missing_parts()
        if missing and self.after_parts(missing, self.on_popstate):
            return                          # (ditto: a failed part is not fetched again, so this ends)
        self.update()

    def on_focus(self, event: Any) -> None:
        if self.tips is not None:
            try:
                self.tips.on_focus(event)
            except Exception:  # pragma: no cover - a popover must never stop the game
                pass

    def on_resize(self, *_args: object) -> None:
        if self.tips is not None:
            try:
                self.tips.after_swap()
            except Exception:  # pragma: no cover
                pass

    def on_notice_timer(self, mid: object = None, *_args: object) -> None:
        if any(m["id"] == mid for m in self.app.messages):
            self.app.handle("nav", f"dismiss:{mid}")
            self.update()

    def schedule_bot(self) -> None:
        if self.bot_timer is None:
            self.bot_timer = js.window.setTimeout(self._on_bot, self.delay)

    def schedule_hint(self) -> None:
        if self.hint_timer is None:
            self.hint_timer = js.window.setTimeout(self._on_hint, 0)

    def on_hint(self, *_args: object) -> None:
        """"What would the bot do?": the hint bot thinks in slices of BOT_SLICE_MS, as a bot seat does (the page
        answers clicks and keys between them); the page is updated once the hint is there."""
        self.hint_timer = None
        try:
            done = self.app.step_hint(BOT_SLICE_MS)
        except Exception as exc:  # pragma: no cover - App already guards the hint bot
            self.app.notify(f"Internal error: {exc}")
            done = True
        if not done and self.app.hint_thinking():
            self.hint_timer = js.window.setTimeout(self._on_hint, 0)
            return
        self.update()

    def on_bot(self, *_args: object) -> None:
        """A bot's turn, in slices of BOT_SLICE_MS: between them the page handles clicks and keys (the
        menu, Undo); the page is updated once the bot has moved."""
        self.bot_timer = None
        try:
            moved = self.app.step_bot(BOT_SLICE_MS)
        except Exception as exc:  # pragma: no cover - App already guards bots
            self.app.notify(f"Internal error: {exc}")
            moved = True
        if not moved and self.app.bot_pending():           # still thinking: go on after any waiting input
            self.bot_timer = js.window.setTimeout(self._on_bot, 0)
            return
        self.update()

    # ---- events
    def on_page_key(self, event: Any) -> None:
        """Escape pressed while the focus is outside ``#app`` (on the page itself, after a click on empty space):
        it still closes what Escape closes (the rules at a glance).  Keys inside ``#app`` go to :meth:`on_event`."""
        target = _node(event.target)
        if str(event.key) != "Escape" or (target is not None and self.root.contains(target)):
            return
        try:
            if self.tips is not None:
                self.tips.hide()
            nav = self.app.key_nav("Escape")
            if not nav:
                return
            event.preventDefault()
            self.app.handle("nav", nav)
        except Exception as exc:  # keep the page alive; show the problem
            self.app.notify(f"Internal error: {exc}")
        self.update()

    def on_event(self, event: Any) -> None:
        """The one delegated handler (click, change, keydown, pointerdown on #app; pointerup on the document).

        A text field's ``change`` fires when it loses focus, which happens in the middle of a click
        on a button (after pointerdown with a mouse; after pointerup, at the compatibility mousedown,
        on a touch screen): swapping the markup right then would drop the click (the pressed button
        is gone).  So from pointerdown until the click the swap waits; if no click comes, a timer
        after the release does it.
        """
        etype = str(event.type)
        self.failed_parts.clear()
        if etype == "pointerdown":
            self.touch = str(getattr(event, "pointerType", "") or "") in ("touch", "pen")
            self.pressing = True
            self.by_keyboard = False
            self.press_id += 1
            return
        if etype in ("pointerup", "pointercancel"):
            js.window.setTimeout(self._on_release, 600 if etype == "pointerup" else 0, self.press_id)
            return
        if etype == "click":
            self.pressing = False
        target = _node(event.target)
        if target is None or not hasattr(target, "closest"):
            return
        try:
            if etype == "change":
                el = _node(target.closest("[data-input]"))
                if el is None:
                    return
                self.app.handle("input", str(el.dataset.input), str(el.value))
                if self.pressing:
                    self.pending_update = True
                    return
                self.update()
                return
            if etype == "keydown":
                self.by_keyboard = True
                if str(event.key) == "Escape" and self.tips is not None:
                    self.tips.hide()
                nav = self.app.key_nav(str(event.key))      # the replay's arrows, Home, End...
                if nav and str(getattr(target, "tagName", "")).upper() not in ("INPUT", "SELECT", "TEXTAREA"):
                    event.preventDefault()
                    self.app.handle("nav", nav)
                    self.update()
                    return
                if self.live.on_key(event, target):         # a friend's reply code taken (live play)
                    return
                if str(event.key) not in ("Enter", " "):
                    return
                el = _node(target.closest("[data-action][role=button]"))
                if el is None:
                    return
                event.preventDefault()
                self.app.handle("action", str(el.dataset.action))
                self.update()
                return
            el = _node(target.closest("[data-action],[data-nav]"))
            if el is None or el.hasAttribute("disabled"):
                if self.tips is not None and el is None:
                    try:
                        self.tips.on_tap(target, self.touch)
                    except Exception:  # pragma: no cover - (an engine without :has) no popover
                        pass
                why = self.why_key(target) if el is None else None
                if why is None:
                    self.flush()
                    return
                self.app.handle("nav", "why:" + why)      # a tap on the board that did nothing: say why
                self.update()
                return
            if self.tips is not None:
                self.tips.hide()
            if el.hasAttribute("data-action"):
                if self.app.bot_pending():
                    self.flush()
                    return
                kind, value = "action", str(el.dataset.action)
            else:
                nav = str(el.dataset.nav)
                if str(getattr(el, "tagName", "")).upper() == "SUMMARY":
                    event.preventDefault()         # the app owns a <details>' open state (its markup says it)
                if nav == "import":
                    self.flush()
                    self.file_input.value = ""
                    self.file_input.click()
                    return
                if nav == "export":
                    self.flush()
                    self.download()
                    return
                if nav == "copy-link":
                    self.flush()
                    self.copy_link()
                    return
                kind, value = "nav", nav
        except Exception as exc:  # keep the page alive; show the problem
            self.app.notify(f"Internal error: {exc}")
            self.update()
            return

        def send() -> None:
            self.app.handle(kind, value)
        if kind == "nav" and self.after_parts(self.games_for_nav(value), lambda: self.run(send)):
            return                          # (a game's code first: the event once it is here)
        self.run(send)

    @staticmethod
    def why_key(target: Any) -> str | None:
        """A tap that hit no action on the board: the tapped piece's or place's ``data-key`` ("" for the board's
        drawing itself), or None off the board (its panels, the log) where a tap asks nothing."""
        if _node(target.closest(".game-board")) is None:
            return None
        keyed = _node(target.closest("[data-key]"))
        if keyed is not None:
            return str(keyed.getAttribute("data-key") or "")
        return "" if _node(target.closest("svg")) is not None else None

    def on_release(self, press_id: int | None = None, *_args: object) -> None:
        """Safety net after a release that brought no click (a drag, a cancelled touch)."""
        if press_id == self.press_id:
            self.pressing = False
            self.flush()

    def flush(self, *_args: object) -> None:
        """Do a swap that was held back while a pointer was down."""
        if self.pending_update:
            self.update()

    def download(self) -> None:
        out = self.app.export_save()
        if not out:
            return
        name, text = out
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        a = js.document.createElement("a")
        a.href = url
        a.download = name
        a.style.display = "none"
        js.document.body.appendChild(a)
        a.click()
        a.remove()
        js.window.setTimeout(create_once(lambda *_: js.URL.revokeObjectURL(url)), 1000)

    def copy_link(self) -> None:
        """Copy the link on screen (``App.share_link``) to the clipboard; where the browser refuses, the link
        is selected in its field to copy by hand, and a notice says which."""
        url = self.app.share_link()
        if not url:
            return
        try:
            promise = js.navigator.clipboard.writeText(url)
            promise.then(create_once(lambda *_: self._copied(True)), create_once(lambda *_: self._copied(False)))
        except Exception:  # no clipboard (an insecure page, an old browser)
            self._copied(False)

    def _copied(self, ok: bool) -> None:
        if ok:
            self.app.notify("The link is copied: paste it into a message to send it.", "info")
        else:
            self.app.notify("This browser did not let the app copy: the link is selected in its field, "
                            "copy it from there.", "info")
        self.update()
        if not ok:
            try:
                el = _node(self.root.querySelector("[data-share-link]"))
                if el is not None:
                    el.focus()
                    el.select()
            except Exception:  # pragma: no cover
                pass

    def on_file(self, _event: Any) -> None:
        files = self.file_input.files
        if files is None or not hasattr(files, "length") or files.length == 0:
            return
        promise = files.item(0).text()
        promise.then(create_once(self._imported))

    def _imported(self, data: object) -> None:
        text = str(data)
        if self.after_parts([_game_of(text) or ""], lambda: self.run(lambda: self.app.import_save(text))):
            return
        self.run(lambda: self.app.import_save(text))


HINT_TAG_CLASS = "bs-hint-tag"


def _untag_hints(root: Any) -> None:
    """Take the tags of :func:`_tag_hints` away (before an update: the page is then as the markup left it)."""
    try:
        for old in list(root.querySelectorAll("." + HINT_TAG_CLASS)):
            old.remove()
    except Exception:  # pragma: no cover
        pass


def _tag_hints(root: Any) -> None:
    """A small "Hint" tag on each board shape (SVG) the hint marks (``[data-hint]``; web/ui.css tags HTML
    controls itself): an SVG label at the shape's top left, in the seat's colour, hidden from screen readers
    (the hint line says it in words).  Made after each update (the markup does not hold it), so old tags go first."""
    try:
        _untag_hints(root)
        for el in list(root.querySelectorAll("svg [data-hint]")):
            svg = el.ownerSVGElement
            if svg is None:
                continue
            box = el.getBBox()
            ns = "http://www.w3.org/2000/svg"
            tag = js.document.createElementNS(ns, "g")
            tag.setAttribute("class", f"{HINT_TAG_CLASS} seat-{el.getAttribute('data-hint')}")
            tag.setAttribute("aria-hidden", "true")
            ctm = el.getScreenCTM()
            base = svg.getScreenCTM()
            # the shape's box in the svg's own coordinates (the shape may sit in transformed groups)
            x0, y0, x1, y1 = float(box.x), float(box.y), float(box.x) + float(box.width), float(box.y) + float(box.height)
            unit = 1.0                                  # svg units per screen pixel
            if ctm is not None and base is not None:
                m = base.inverse().multiply(ctm)
                pts = [(float(m.a) * x + float(m.c) * y + float(m.e), float(m.b) * x + float(m.d) * y + float(m.f))
                       for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
                x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
                x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)
                scale = abs(float(base.a)) or 1.0
                unit = 1.0 / scale
            pad, size = 3 * unit, 15 * unit
            w, h = x1 - x0 + 2 * pad, y1 - y0 + 2 * pad
            tag.innerHTML = (
                f'<rect class="bs-hint-halo" x="{x0 - pad:.2f}" y="{y0 - pad:.2f}" width="{w:.2f}" height="{h:.2f}" rx="{pad:.2f}"/>'
                f'<rect class="bs-hint-box" x="{x0 - pad:.2f}" y="{y0 - pad:.2f}" width="{w:.2f}" height="{h:.2f}" rx="{pad:.2f}"/>'
                f'<rect class="bs-hint-pill" x="{x0 - pad:.2f}" y="{y0 - pad - size:.2f}" width="{size * 2.4:.2f}" '
                f'height="{size:.2f}" rx="{2 * unit:.2f}"/>'
                f'<text x="{x0 - pad + size * 0.25:.2f}" y="{y0 - pad - size * 0.25:.2f}" font-size="{size * 0.75:.2f}">Hint</text>')
            svg.appendChild(tag)
    except Exception:  # pragma: no cover - (a page without SVG geometry) the outline alone marks it
        pass


def _page_url() -> str:
    """The app's address without its query or fragment: what a game link starts with."""
    try:
        return str(js.location.href or "").split("#", 1)[0].split("?", 1)[0]
    except Exception:  # a fake js in tests
        return ""


def local_time(iso: str) -> str:
    """A stored UTC time in the player's own time zone and words (``25 Nov 2026, 20:07``), by the browser."""
    from ..ui.text import readable_time
    try:
        options = to_js({"dateStyle": "medium", "timeStyle": "short"}, dict_converter=js.Object.fromEntries)
        text = str(js.Date.new(iso).toLocaleString(to_js([]), options))
        return text if text and "Invalid" not in text else readable_time(iso)
    except Exception:  # no Intl, a fake js in tests
        return readable_time(iso)


def create_once(fn: Callable[..., object]) -> Any:
    """A proxy that destroys itself after its first call (for one-shot callbacks)."""
    from pyodide.ffi import create_once_callable
    return create_once_callable(fn)


_GLUE: Glue | None = None


PREFETCH_MS = 1500        # after the first screen: the games' parts, in the background


def start() -> None:
    """Entry point called by index.html.  A start that opens a game (a link, a save, the current game, a
    screen's address) first fetches that game's part; the shelf starts at once."""
    global _GLUE
    games.load_parts_with(load_game_part)
    glue = _GLUE = Glue()

    def ready() -> None:
        glue.update()
        if _controlled():          # (a first visit fetches only the games opened: the worker stores them all)
            js.window.setTimeout(create_once(glue.prefetch), PREFETCH_MS)

    def reopen() -> None:
        glue.open_app()
        missing = games.missing_parts()
        if not (missing and glue.after_parts(missing, reopen_last)):
            ready()

    def reopen_last() -> None:
        glue.open_app()
        games.missing_parts()
        ready()

    missing = games.missing_parts()        # (a game the start opened without being asked for: its address)
    if not (glue.waiting and glue.after_parts(glue.waiting, reopen)) and \
            not (missing and glue.after_parts(missing, reopen)):
        ready()

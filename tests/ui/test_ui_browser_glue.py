"""The browser glue (pyapp/browser/main.py) against a fake ``js``/``pyodide``: one swap per update,
one delegated listener per event type, bots scheduled with setTimeout, localStorage adapter."""
import functools
import importlib
import json
import re
import sys
import types

import pytest

from pyapp.ui.storage import QuotaError


class Dataset(dict):
    def __getattr__(self, k):
        return self.get(k)

    def __setattr__(self, k, v):
        self[k] = v


class ClassList(set):
    def add(self, *names):
        self.update(names)


class El:
    def __init__(self, tag="div", attrs=None):
        self.tag = tag
        self.attrs = dict(attrs or {})
        self.dataset = Dataset({k[5:]: v for k, v in self.attrs.items() if k.startswith("data-")})
        self.listeners = {}
        self.classList = ClassList()
        self.children = []
        self.swaps = 0
        self._html = ""
        self.value = self.attrs.get("value", "")
        self.clicked = 0

    @property
    def innerHTML(self):
        return self._html

    @innerHTML.setter
    def innerHTML(self, v):
        hook, self.on_swap = getattr(self, "on_swap", None), None
        if hook:                       # e.g. the browser blurring a removed field, firing its change
            hook()
        self._html = v
        self.swaps += 1

    def addEventListener(self, kind, fn):
        self.listeners.setdefault(kind, []).append(fn)

    def contains(self, other):         # these fakes: every element but the page's own is inside the app
        return other is self or getattr(other, "tag", "") not in ("body", "html", "")

    def removeAttribute(self, name):
        if name.startswith("data-"):
            self.dataset.pop(name[5:], None)

    def hasAttribute(self, name):
        return name in self.attrs

    def closest(self, selector):
        names = re.findall(r"\[([a-z-]+)", selector)
        return self if any(n in self.attrs for n in names) else JSNULL      # what Pyodide gives for null

    def querySelector(self, selector):
        m = re.match(r'\[data-input="([^"]+)"\]', selector)
        if m and f'data-input="{m.group(1)}"' in self._html:
            el = El("input", {"data-input": m.group(1)})
            self.focused = el
            return el
        return JSNULL

    def focus(self):
        self.has_focus = True

    def appendChild(self, el):
        self.children.append(el)

    def click(self):
        self.clicked += 1

    def remove(self):
        pass


class LS:
    def __init__(self, quota=None):
        self.d = {}
        self.quota = quota

    def getItem(self, k):
        return self.d.get(k, JSNULL)

    def setItem(self, k, v):
        if self.quota is not None and sum(map(len, self.d.values())) + len(v) > self.quota:
            raise Exception("QuotaExceededError: Failed to execute 'setItem' on 'Storage'")
        self.d[k] = v

    def removeItem(self, k):
        self.d.pop(k, None)

    @property
    def length(self):
        return len(self.d)

    def key(self, i):
        return list(self.d)[i] if i < len(self.d) else JSNULL


class JsNull:
    """Stands for pyodide's ``jsnull`` (what JS null becomes), which is not None."""

    def __bool__(self):
        return False


JSNULL = JsNull()


class Event:
    def __init__(self, kind, target, key=None):
        self.type, self.target, self.key = kind, target, key
        self.prevented = False

    def preventDefault(self):
        self.prevented = True


@pytest.fixture
def glue(monkeypatch):
    def build(search="", ls=None):
        root = El("div", {"id": "app"})
        body = El("body")
        doc_listeners = {}
        doc = types.SimpleNamespace(getElementById=lambda i: root, body=body, documentElement=El("html"), activeElement=body,
                                    createElement=lambda tag: El(tag), listeners=doc_listeners,
                                    addEventListener=lambda k, fn: doc_listeners.setdefault(k, []).append(fn))
        timers = []
        marks = []
        window = types.SimpleNamespace(localStorage=ls or LS(), performance=types.SimpleNamespace(mark=marks.append),
                                       setTimeout=lambda fn, ms, *args: timers.append(
                                           (functools.partial(fn, *args), ms)) or len(timers))
        js = types.ModuleType("js")
        js.document, js.window, js.location = doc, window, types.SimpleNamespace(search=search)
        pyodide = types.ModuleType("pyodide")
        ffi = types.ModuleType("pyodide.ffi")
        ffi.create_proxy = lambda fn: fn
        ffi.create_once_callable = lambda fn: fn
        ffi.to_js = lambda v, **kw: v
        pyodide.ffi = ffi
        monkeypatch.setitem(sys.modules, "js", js)
        monkeypatch.setitem(sys.modules, "pyodide", pyodide)
        monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
        sys.modules.pop("pyapp.browser.main", None)
        main = importlib.import_module("pyapp.browser.main")
        main.start()
        g = main._GLUE
        g.test = types.SimpleNamespace(root=root, body=body, timers=timers, marks=marks, window=window, doc=doc)
        return g
    yield build
    sys.modules.pop("pyapp.browser.main", None)


def click(g, **attrs):
    el = El("button", {f"data-{k}": v for k, v in attrs.items()})
    for fn in g.test.root.listeners["click"]:
        fn(Event("click", el))


def test_start_swaps_once_and_marks_ready(glue):
    g = glue()
    t = g.test
    assert t.root.swaps == 1 and t.root.dataset.ready == "true"
    assert t.body.dataset.renders == "1" and t.marks == ["render"]
    assert 'data-game="hexbattle"' in t.root.innerHTML
    assert {k: len(v) for k, v in t.root.listeners.items()} == {"click": 1, "change": 1, "keydown": 1, "pointerdown": 1}
    assert set(t.doc.listeners) == {"pointerup", "pointercancel", "keydown"}   # keydown: Escape outside #app
    assert len({id(fn) for fns in [*t.root.listeners.values(), t.doc.listeners["pointerup"],
                                   t.doc.listeners["pointercancel"]] for fn in fns}) == 1
    assert len(t.doc.listeners["keydown"]) == 1 and t.doc.listeners["keydown"][0] is not t.root.listeners["keydown"][0]
    click(g, nav="setup:hexbattle")
    assert t.root.swaps == 2 and t.body.dataset.renders == "2" and g.app.screen == "setup"
    # a click on nothing interactive (closest() gives JS null) does not re-render or complain
    for fn in t.root.listeners["click"]:
        fn(Event("click", El("span")))
    assert t.root.swaps == 2 and not g.app.messages
    # change on a data-input field
    sel = El("select", {"data-input": "seed"})
    sel.value = "99"
    for fn in t.root.listeners["change"]:
        fn(Event("change", sel))
    assert g.app.setup["seed"] == "99" and t.root.swaps == 3


def test_updates_go_through_the_page_morph_when_it_is_there(glue):
    """web/morph.js patches #app into the new markup; the glue hands it the whole markup once per update."""
    g = glue()
    t = g.test
    calls = []
    t.window.boardshelfMorph = lambda root, markup: calls.append((root, markup))
    swaps = t.root.swaps
    click(g, nav="setup:hexbattle")
    assert t.root.swaps == swaps and len(calls) == 1       # no innerHTML assignment
    root, markup = calls[0]
    assert root is t.root and markup == g.app.render() and 'data-nav="start"' in markup
    assert t.body.dataset.renders == "2" and t.marks == ["render", "render"] and t.root.dataset.ready == "true"


def test_bots_are_scheduled_with_settimeout_and_busy_is_flagged(glue):
    g = glue("?game=hexbattle&seats=bot:greedy,bot:random&seed=2&fast=1")
    t = g.test
    assert g.app.screen == "game" and t.root.dataset.busy == "true"
    assert len(t.timers) == 1 and t.timers[0][1] == 0          # fast=1: no delay
    steps = 0
    while t.timers and steps < 2000:
        fn, _ms = t.timers.pop(0)
        fn()
        steps += 1
    assert g.app.state.is_over and "busy" not in t.root.dataset
    assert t.root.swaps == len(g.app.state.history) + 1 and 'class="outcome"' in t.root.innerHTML   # one update a move (a bot thinks over several timers)


def test_normal_bot_delay_and_clicks_ignored_while_a_bot_is_due(glue):
    g = glue("?game=hexbattle&seats=human,bot:random&seed=1")
    t = g.test
    assert g.app.bot_pending()                                  # seed 1: the bot goes first
    assert t.timers[0][1] == 800 and t.root.dataset.busy == "true"     # "normal": a person can follow it
    click(g, action="draw")
    assert g.app.state.history == []
    t.timers.pop(0)[0]()
    assert len(g.app.state.history) == 1


def test_localstorage_adapter_handles_js_null_and_quota(glue):
    ls = LS()
    ls.d["boardshelf:current"] = "nope"                         # points at a save that does not exist
    g = glue(ls=ls)
    assert g.app.screen == "shelf" and not g.app.messages
    store = g.app.storage
    assert store.get("missing") is None and "boardshelf:current" not in store.keys()
    ls.quota = 10
    with pytest.raises(QuotaError):
        store.set("k", "x" * 50)


def test_export_and_import_go_through_the_glue(glue, monkeypatch):
    g = glue("?game=hexbattle&seats=human,human&seed=3")
    downloads = []
    monkeypatch.setattr(g, "download", lambda: downloads.append(g.app.export_save()))
    click(g, nav="export")
    assert downloads and json.loads(downloads[0][1])["game"] == "hexbattle"
    click(g, nav="import")
    assert g.file_input.clicked == 1
    swaps = g.test.root.swaps
    g._imported(downloads[0][1])
    # the game just exported is that save itself: opened again, no copy (the notice in front of the hand-off)
    assert g.test.root.swaps == swaps + 1 and "already in your saves" in g.test.root.innerHTML
    box = g.test.root.innerHTML.split('class="handoff"', 1)[1]
    assert "already in your saves" in box


def test_a_summary_with_a_nav_leaves_its_open_state_to_the_app(glue):
    """Clicking the setup's "Advanced" summary toggles it in the app; the browser's own toggle is
    prevented, or it would undo the open attribute the new markup just set."""
    g = glue("?game=clockwork")                   # no seed chosen: Advanced starts closed
    assert '<details class="advanced">' in g.test.root.innerHTML
    summary = El("summary", {"data-nav": "advanced"})
    summary.tagName = "SUMMARY"
    ev = Event("click", summary)
    for fn in g.test.root.listeners["click"]:
        fn(ev)
    assert ev.prevented and '<details class="advanced" open>' in g.test.root.innerHTML
    button = El("button", {"data-nav": "reseed"})
    button.tagName = "BUTTON"
    ev = Event("click", button)
    for fn in g.test.root.listeners["click"]:
        fn(ev)
    assert not ev.prevented


def test_keyboard_enter_on_a_card_plays_it(glue):
    g = glue("?game=hexbattle&seats=human,human&seed=3")
    click(g, nav="handoff-ok")
    html = g.test.root.innerHTML
    play = re.search(r'data-action="(play:c\d+)" role="button"', html).group(1)
    card = El("div", {"data-action": play, "role": "button"})
    for fn in g.test.root.listeners["keydown"]:
        fn(Event("keydown", card, key="Enter"))
    assert g.app.state.history[-1][1] == play


def fire(g, kind, target=None, on="root"):
    host = g.test.root.listeners if on == "root" else g.test.doc.listeners
    for fn in host[kind]:
        fn(Event(kind, target or El("span")))


def release_timers(g):
    return [(fn, ms) for fn, ms in g.test.timers if getattr(fn, "func", None) == g._on_release]


@pytest.mark.parametrize("touch", [False, True])
def test_typing_a_seed_then_clicking_start_keeps_the_click(glue, touch):
    """The field's change fires in the middle of the click (mouse: after pointerdown; touch: after
    pointerup): the swap waits for the click so the click is not lost."""
    g = glue()
    t = g.test
    click(g, nav="setup:hexbattle")
    swaps = t.root.swaps
    start = El("button", {"data-nav": "start"})
    field = El("input", {"data-input": "seed"})
    field.value = "4242"
    fire(g, "pointerdown", start)
    if touch:
        fire(g, "pointerup", start, on="doc")
    fire(g, "change", field)
    assert t.root.swaps == swaps and g.app.setup["seed"] == "4242"      # held back while the click is under way
    if not touch:
        fire(g, "pointerup", start, on="doc")
    for fn in t.root.listeners["click"]:
        fn(Event("click", start))
    assert g.app.screen == "game" and g.app.state.seed == 4242 and t.root.swaps == swaps + 1
    (fn, ms), = release_timers(g)                                      # the safety net has nothing left to do
    assert ms == 600
    fn()
    assert t.root.swaps == swaps + 1


def test_a_held_back_swap_happens_when_no_click_comes(glue):
    g = glue()
    t = g.test
    click(g, nav="setup:hexbattle")
    swaps = t.root.swaps
    fire(g, "pointerdown")
    field = El("input", {"data-input": "name-0"})
    field.value = "Zed"
    fire(g, "change", field)
    fire(g, "pointercancel", on="doc")                                  # e.g. the touch became a scroll
    (fn, ms), = release_timers(g)
    assert ms == 0
    fn()
    assert t.root.swaps == swaps + 1 and 'value="Zed"' in t.root.innerHTML
    # a stale safety net from an older press does nothing
    fire(g, "pointerdown")
    fire(g, "pointerup", on="doc")
    fire(g, "pointerdown")
    old_timer = release_timers(g)[-1][0]
    field.value = "Kim"
    fire(g, "change", field)
    old_timer()
    assert 'value="Kim"' not in t.root.innerHTML
    # without a pointer down, a change swaps at once
    for fn in t.root.listeners["click"]:
        fn(Event("click", El("span")))
    field.value = "Amy"
    fire(g, "change", field)
    assert 'value="Amy"' in t.root.innerHTML


def test_a_swap_keeps_the_keyboard_in_the_focused_field(glue):
    g = glue()
    t = g.test
    click(g, nav="setup:hexbattle")
    field = El("input", {"data-input": "name-0"})
    t.doc.activeElement = field                    # the player tabbed into the name field
    seed = El("input", {"data-input": "seed"})
    seed.value = "5"
    fire(g, "change", seed)
    assert t.root.focused.dataset.input == "name-0" and t.root.focused.has_focus


def test_a_change_fired_inside_a_swap_is_applied_after_it(glue):
    """Removing a focused, edited field fires its change during the innerHTML assignment."""
    g = glue()
    t = g.test
    click(g, nav="setup:hexbattle")
    field = El("input", {"data-input": "name-1"})
    field.value = "Robo"
    t.root.on_swap = lambda: fire(g, "change", field)
    swaps = t.root.swaps
    click(g, nav="reseed")
    assert t.root.swaps == swaps + 2 and g.app.setup["names"][1] == "Robo"
    assert 'value="Robo"' in t.root.innerHTML and not g.app.messages


def test_denied_storage_gives_a_quiet_lasting_status_line_not_a_notice(glue):
    """Storage denied (writes refused, not for being full): games in memory, and the app says so in a quiet
    role="status" line on every screen, also embedded, instead of a dismissable notice."""
    class Denied(LS):
        def setItem(self, k, v):
            raise Exception("SecurityError: Access is denied for this document.")

    for search in ("", "?game=hexbattle&seats=human,bot:random&seed=3&embed=1"):
        g = glue(search, Denied())
        html = g.test.root.innerHTML
        assert g.test.doc.documentElement.dataset.storage == "memory"
        assert '<p class="notice quiet storage-note" role="status">' in html and "will not be saved" in html
        assert not g.app.messages and 'role="alert"' not in html
        click(g, nav="setup:hexbattle" if not search else "undo")
        assert "will not be saved" in g.test.root.innerHTML


def test_an_embed_link_that_breaks_the_app_still_keeps_off_the_players_game(glue, monkeypatch):
    """The glue's fallback when App() fails on a link: the shelf, and for an embed link no resume of the
    player's own current game."""
    from pyapp.engine import saves
    from pyapp.ui import App, DictStorage

    ls = LS()
    main = App(DictStorage(), {"game": "hexbattle", "seats": "human,bot:random", "seed": "2"})
    ls.d.update(main.storage.data)                                   # the player's game and current marker
    real = App._apply_query

    def broken(self):
        if self.query:
            raise RuntimeError("boom")
        return real(self)
    monkeypatch.setattr(App, "_apply_query", broken)
    g = glue("?game=hexbattle&embed=1", ls)
    assert g.app.screen == "shelf" and g.app.meta is None and g.app.embedded
    assert any("could not open this link" in m["text"] for m in g.app.messages)
    g = glue("?game=hexbattle", ls)                                  # not embedded: the player's game resumes
    assert g.app.screen == "game" and g.app.meta["id"] == main.meta["id"]


def test_the_bot_speed_setting_paces_the_bots_and_is_kept(glue):
    """Bot speed (the app's settings, in localStorage): slow / normal / fast / instant; fast=1 overrides it."""
    ls = LS()
    ls.d["boardshelf:settings"] = json.dumps({"bot_speed": "slow"})
    g = glue("?game=hexbattle&seats=human,bot:random&seed=1", ls=ls)
    t = g.test
    assert g.app.bot_pending() and t.timers[0][1] == 1500
    sel = El("select", {"data-input": "setting-bot_speed"})
    sel.value = "instant"
    for fn in t.root.listeners["change"]:
        fn(Event("change", sel))
    assert json.loads(ls.d["boardshelf:settings"])["bot_speed"] == "instant"
    t.timers.pop(0)[0]()                                         # the bot's move; the next one is due at once
    if g.app.bot_pending():
        assert t.timers[-1][1] == 0
    sel.value = "warp"                                           # not a speed: ignored
    for fn in t.root.listeners["change"]:
        fn(Event("change", sel))
    assert g.app.settings["bot_speed"] == "instant"


def test_the_tab_title_history_entries_and_notice_timers(glue):
    """The tab title names the game and whose turn; each screen gets its own address (the first replaces,
    the next push), Back (popstate) shows the screen of the address; notices get a timer that dismisses them."""
    g = glue()
    t = g.test
    calls = []
    t.window.history = types.SimpleNamespace(pushState=lambda s, title, url: calls.append(("push", url)),
                                             replaceState=lambda s, title, url: calls.append(("replace", url)))
    js = sys.modules["js"]
    js.location.pathname, js.location.hash = "/index.html", ""
    g.update()
    assert t.doc.title == "Boardshelf" and calls == [("replace", "/index.html#/shelf")]
    click(g, nav="rules:hexbattle")
    assert t.doc.title == "Rules: Hex Battle — Boardshelf" and calls[-1] == ("push", "/index.html#/rules/hexbattle")
    click(g, nav="setup:hexbattle")
    assert calls[-1] == ("push", "/index.html#/setup/hexbattle")
    js.location.hash = "#/rules/hexbattle"                      # Back
    g.on_popstate()
    assert g.app.screen == "rules" and calls[-1] == ("push", "/index.html#/setup/hexbattle")   # no new entry
    click(g, nav="start")
    assert g.app.screen == "game" and t.doc.title.endswith("· Hex Battle — Boardshelf")
    assert t.doc.title.startswith(("Your turn", "Recruit"))   # a person's turn, or the easy bot's (a first game: dealt by the setup; it may still be thinking)
    assert calls[-1] == ("push", f"/index.html#/game/{g.app.meta['id']}")
    g.app.notify("Saved.", "info")
    g.update()
    timer = [(fn, ms) for fn, ms in t.timers if ms == 6000]
    assert len(timer) == 1
    timer[0][0]()
    assert not g.app.messages


def test_an_embedded_frame_writes_no_history(glue):
    g = glue("?game=hexbattle&seats=human,bot:random&seed=2&embed=1&fast=1")
    calls = []
    g.test.window.history = types.SimpleNamespace(pushState=lambda *a: calls.append(a), replaceState=lambda *a: calls.append(a))
    g.update()
    assert calls == [] and g.test.doc.title.endswith("Hex Battle — Boardshelf")


def test_a_thinking_bot_gives_the_page_back_between_slices(glue):
    """A bot that thinks in steps runs in slices of BOT_SLICE_MS; between them the glue only sets a 0 ms timer
    (input waiting is handled first), and updates the page once the bot has moved."""
    from test_ui_bot_slices import SteppedBot
    g = glue("?game=hexbattle&seats=bot:greedy,bot:greedy&seed=3&fast=1")
    t = g.test
    seat = g.app.state.to_act[0]
    g.app.bots.bots[seat] = SteppedBot(steps=12, ms=sys.modules["pyapp.browser.main"].BOT_SLICE_MS / 3)
    swaps = t.root.swaps
    slices = 0
    while g.app.state.history == [] and slices < 100:
        fn, ms = t.timers.pop(0)
        assert ms == 0
        fn()
        slices += 1
    assert slices >= 3                                    # several slices, each a timer of its own
    assert t.root.swaps == swaps + 1                      # one update, after the move


def test_the_render_marks_on_the_timeline_stay_bounded(glue):
    """Issue 34 item 15: the glue marks every update on the page's timeline ("render"), which keeps every mark
    for the tab's life; over an evening of games they pile up.  Every RENDER_MARKS updates it clears them first,
    so the newest mark (the one tests and the bench read) is always there."""
    g = glue()
    t = g.test
    t.window.performance.clearMarks = lambda name: t.marks.clear()   # (the glue marks only "render")
    import pyapp.browser.main as main
    for _ in range(main.RENDER_MARKS * 2 + 5):
        g.update()
    assert 0 < len(t.marks) <= main.RENDER_MARKS and t.marks[-1] == "render"

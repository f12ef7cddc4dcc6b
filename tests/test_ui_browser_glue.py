"""The browser glue (pyapp/browser/main.py) against a fake ``js``/``pyodide``: one swap per update,
one delegated listener per event type, bots scheduled with setTimeout, localStorage adapter."""
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
        self._html = v
        self.swaps += 1

    def addEventListener(self, kind, fn):
        self.listeners.setdefault(kind, []).append(fn)

    def removeAttribute(self, name):
        if name.startswith("data-"):
            self.dataset.pop(name[5:], None)

    def hasAttribute(self, name):
        return name in self.attrs

    def closest(self, selector):
        names = re.findall(r"\[([a-z-]+)", selector)
        return self if any(n in self.attrs for n in names) else None

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

    def preventDefault(self):
        pass


@pytest.fixture
def glue(monkeypatch):
    def build(search="", ls=None):
        root = El("div", {"id": "app"})
        body = El("body")
        doc = types.SimpleNamespace(getElementById=lambda i: root, body=body, documentElement=El("html"),
                                    createElement=lambda tag: El(tag))
        timers = []
        marks = []
        window = types.SimpleNamespace(localStorage=ls or LS(), performance=types.SimpleNamespace(mark=marks.append),
                                       setTimeout=lambda fn, ms: timers.append((fn, ms)) or len(timers))
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
        g.test = types.SimpleNamespace(root=root, body=body, timers=timers, marks=marks, window=window)
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
    assert {k: len(v) for k, v in t.root.listeners.items()} == {"click": 1, "change": 1, "keydown": 1}
    click(g, nav="setup:hexbattle")
    assert t.root.swaps == 2 and t.body.dataset.renders == "2" and g.app.screen == "setup"
    # a click on nothing interactive does not re-render
    for fn in t.root.listeners["click"]:
        fn(Event("click", El("span")))
    assert t.root.swaps == 2
    # change on a data-input field
    sel = El("select", {"data-input": "seed"})
    sel.value = "99"
    for fn in t.root.listeners["change"]:
        fn(Event("change", sel))
    assert g.app.setup["seed"] == "99" and t.root.swaps == 3


def test_bots_are_scheduled_with_settimeout_and_busy_is_flagged(glue):
    g = glue("?game=hexbattle&seats=bot,bot:random&seed=2&fast=1")
    t = g.test
    assert g.app.screen == "game" and t.root.dataset.busy == "true"
    assert len(t.timers) == 1 and t.timers[0][1] == 0          # fast=1: no delay
    steps = 0
    while t.timers and steps < 2000:
        fn, _ms = t.timers.pop(0)
        fn()
        steps += 1
    assert g.app.state.is_over and "busy" not in t.root.dataset
    assert t.root.swaps == steps + 1 and 'class="outcome"' in t.root.innerHTML


def test_normal_bot_delay_and_clicks_ignored_while_a_bot_is_due(glue):
    g = glue("?game=hexbattle&seats=human,bot:random&seed=1")
    t = g.test
    assert g.app.bot_pending()                                  # seed 1: the bot goes first
    assert t.timers[0][1] == 250 and t.root.dataset.busy == "true"
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
    assert g.test.root.swaps == swaps + 1 and "Imported" in g.test.root.innerHTML


def test_keyboard_enter_on_a_card_plays_it(glue):
    g = glue("?game=hexbattle&seats=human,human&seed=3")
    click(g, nav="handoff-ok")
    html = g.test.root.innerHTML
    play = re.search(r'data-action="(play:c\d+)" role="button"', html).group(1)
    card = El("div", {"data-action": play, "role": "button"})
    for fn in g.test.root.listeners["keydown"]:
        fn(Event("keydown", card, key="Enter"))
    assert g.app.state.history[-1][1] == play

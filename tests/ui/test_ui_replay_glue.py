"""The browser glue's part in replays and links (fake ``js``, as in test_ui_browser_glue.py): a link in the
address opens its game, arrow keys move the replay, the copy button copies the link (or says to copy it by hand)."""
import types

from pyapp.engine import Rng, saves
from pyapp.games import get
from pyapp.ui import links

from test_ui_browser_glue import El, Event, click, glue  # noqa: F401  (glue: the fixture)


def _finished_link():
    g = get("hexbattle")
    s = g.new(2, 4)
    r = Rng(2)
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, r.choice(s.legal_actions(seat)).id)
    return links.fragment(saves.to_save(s, save_id="x", seats=["human", "bot:random"], names=["Ann", "Bot"])), s


def test_a_link_in_the_address_opens_its_replay_and_the_keys_move_it(glue):
    frag, state = _finished_link()
    import sys
    glue()                                       # (builds the fake js; then a page opened at the link)
    js = sys.modules["js"]
    js.location = types.SimpleNamespace(search="", hash=frag, href="http://127.0.0.1:8000/index.html?x=1" + frag)
    from pyapp.browser import main
    g = main.Glue()
    g.update()
    assert g.app.screen == "replay" and g.app.state == state
    assert g.app.page_url == "http://127.0.0.1:8000/index.html"        # no query, no fragment in links made here
    root = g.root
    assert 'class="replay"' in root.innerHTML
    for key, step in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", len(state.history)),
                      ("Home", 0), ("PageDown", None)):
        ev = Event("keydown", El("section", {"class": "replay"}), key=key)
        for fn in root.listeners["keydown"]:
            fn(ev)
        assert ev.prevented
        if step is not None:
            assert g.app.replay.step == step, key
    assert g.app.replay.step > 0
    # in a field (the slider, the seat select) the keys are the field's own
    field = El("input", {"data-input": "replay-step"})
    field.tagName = "INPUT"
    ev = Event("keydown", field, key="ArrowRight")
    before = g.app.replay.step
    for fn in root.listeners["keydown"]:
        fn(ev)
    assert not ev.prevented and g.app.replay.step == before


def test_copy_link_uses_the_clipboard_or_says_to_copy_by_hand(glue):
    g = glue("?game=hexbattle&seats=human,bot:random&seed=5")
    import sys
    js = sys.modules["js"]
    copied = []

    class Promise:
        def __init__(self, ok):
            self.ok = ok

        def then(self, yes, no):
            (yes if self.ok else no)(None)
    js.navigator = types.SimpleNamespace(clipboard=types.SimpleNamespace(
        writeText=lambda text: copied.append(text) or Promise(True)))
    click(g, nav="share")
    assert 'class="share-box"' in g.test.root.innerHTML
    click(g, nav="copy-link")
    assert copied == [g.app.share_link()] and copied[0].startswith("#/link/")
    assert "The link is copied" in g.test.root.innerHTML
    js.navigator = types.SimpleNamespace(clipboard=types.SimpleNamespace(writeText=lambda text: Promise(False)))
    click(g, nav="copy-link")
    assert "copy it from there" in g.test.root.innerHTML
    del js.navigator                                   # no clipboard at all
    g.app.messages.clear()
    click(g, nav="copy-link")
    assert "copy it from there" in g.test.root.innerHTML

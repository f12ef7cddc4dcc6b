"""The renderers' memoised pieces (``pyapp.ui.markup.memo``: Hex Battle's units, Doomspire's tiles, Clockwork's
units...) draw byte for byte what the uncached functions draw, all through seeded games, bots' turns included:
a piece remembered from an earlier update (or from another game in the same tab) is never stale."""
import random
import re
from html import unescape

import pytest

from pyapp.ui import App, DictStorage, markup

ACTION_RE = re.compile(r'data-action="([^"]+)"')
SEATS = {"hexbattle": "human,bot:greedy", "doomspire": "human,bot:random,bot:random",
         "clockwork": "human,bot:crusader,bot:crusader", "icefortress": "human,bot:planner",
         "cloudspire": "human,bot:raider"}


def same_uncached(app, monkeypatch):
    """The app's markup now, with the memos on (warm from the updates before), equals the markup drawn afresh."""
    cached = app.render()
    with monkeypatch.context() as m:
        m.setattr(markup, "MEMO_OFF", True)
        fresh = app.render()
    assert cached == fresh
    return cached


@pytest.mark.parametrize("game", sorted(SEATS))
def test_memoised_pieces_are_byte_for_byte_the_uncached_ones(game, monkeypatch):
    updates = 0
    for seed in (42, 7):                       # two games in one process: the second starts on warm memos
        app = App(DictStorage(), {"game": game, "seats": SEATS[game], "seed": str(seed), "fast": "1"})
        rng = random.Random(seed)
        html = same_uncached(app, monkeypatch)
        for _ in range(15):
            while app.bot_pending():
                app.step_bot()
                html = same_uncached(app, monkeypatch)
                updates += 1
            ids = sorted({unescape(a) for a in ACTION_RE.findall(html)})
            if not ids:
                break
            app.handle("action", rng.choice(ids))
            html = same_uncached(app, monkeypatch)
            updates += 1
    assert updates > 20


def test_a_memo_can_be_switched_off_and_on(monkeypatch):
    calls = []
    f = markup.memo(lambda x: calls.append(x) or f"<b>{x}</b>")
    assert f(1) == f(1) == "<b>1</b>" and calls == [1]
    monkeypatch.setattr(markup, "MEMO_OFF", True)
    assert f(1) == "<b>1</b>" and calls == [1, 1]


def test_an_ice_fortress_room_card_places_the_actions_it_is_said_to(monkeypatch):
    """Ice Fortress's room cards are memoised apart from which actions they place (``_card_takes``, so that the
    rest still get a button of their own): a card's markup holds exactly those actions, each once, and every
    legal action is offered on the page (on a card or in the bar)."""
    from pyapp.games.icefortress import render as R

    checked = 0
    app = App(DictStorage(), {"game": "icefortress", "seats": SEATS["icefortress"], "seed": "5", "fast": "1"})
    rng = random.Random(5)
    for _ in range(25):
        while app.bot_pending():
            app.step_bot()
        html = app.render()
        acts = {a.id: a for a in app.state.legal_actions(0)}
        view = app.state.view(0)
        for cid in (view.get("rooms") or {}):
            o = R._Out(acts)
            card = R._room_card(o, view, cid, view.get("hints") or {}, R._marks_at(view))
            drawn = [unescape(a) for a in ACTION_RE.findall(card)]
            assert sorted(drawn) == sorted(set(drawn)) == sorted(o.used) == sorted(R._card_takes(cid, acts))
            checked += bool(drawn)
        ids = sorted({unescape(a) for a in ACTION_RE.findall(html)})
        if app.state.to_act == [0]:
            assert set(acts) <= set(ids), set(acts) - set(ids)
        if not ids:
            break
        app.handle("action", rng.choice(ids))
    assert checked > 3


def test_the_log_drawn_from_the_lines_drawn_before_is_the_log_drawn_afresh(monkeypatch):
    """The log's lines are drawn once (``markup._log_items`` keeps the lines it drew while the log only grows at its
    end): growing, taken back (an undo), a hint's note put in the middle, fewer lines shown, each drawn as afresh."""
    lines = [{"text": "{0} moves", "seats": [i % 2]} for i in range(6)]
    note = {"kind": "hint", "text": "{0} asked for a hint", "seats": [0]}
    shows = [(lines[:3], None), (lines[:6], None), (lines[:4], None), (lines[:2] + [note] + lines[2:5], None),
             (lines[:2] + [note] + lines[2:6], None), (lines[:6], 3), (lines[:6], None), ([], None), (lines[:1], None)]
    for shown, last in shows:
        cached = markup.log_details("t-log", shown, last=last, names=["Ann", "Bo"])
        with monkeypatch.context() as m:
            m.setattr(markup, "MEMO_OFF", True)
            assert cached == markup.log_details("t-log", shown, last=last, names=["Ann", "Bo"])
    assert 'data-key="log2-2" class="log-note"' in markup.log_details("t-log", lines[:2] + [note] + lines[2:4],
                                                                      names=["Ann", "Bo"])


def test_a_part_grown_at_the_front_is_sent_as_its_new_lines_until_a_form_field_comes():
    """Issue 31, "Fast while it moves": a log that only grew at its front is sent as its new lines (``data-keep-tail``)
    without searching its old lines for form fields again (they had none when last sent, the same string); a field
    in the new lines, or one in the lines the page has, still sends the part whole (web/morph.js keeps a field's
    state by order)."""
    def page(lines, key="log"):
        return "<main>" + markup.part(key, "<ol>" + "".join(f"<li>{x}</li>" for x in lines) + "</ol>") + "</main>"
    lines = [f"line {i}" for i in range(50)]
    sent, parts = markup.keep_unchanged(page(lines), {})
    for n in range(3):                                        # (the second and third: the old lines known fieldless)
        lines = [f"new {n}"] + lines
        sent, parts = markup.keep_unchanged(page(lines), parts)
        assert sent == f'<main><ol data-part="log" data-keep-tail><li>new {n}</li></ol></main>'
    lines = ['<input type="text">'] + lines                   # a field in the new lines: whole
    sent, parts = markup.keep_unchanged(page(lines), parts)
    assert sent == page(lines)
    lines = ["after"] + lines                                 # a field among the kept lines: whole, every time
    sent, parts = markup.keep_unchanged(page(lines), parts)
    assert sent == page(lines)
    seam = ["x<sel", "ect>"]                                  # (no field across the seam: plain text, grown)
    sent, parts = markup.keep_unchanged(page(seam, "b"), {})
    sent, parts = markup.keep_unchanged(page(["y"] + seam, "b"), parts)
    assert "data-keep-tail" in sent

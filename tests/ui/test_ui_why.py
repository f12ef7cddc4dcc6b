"""A reason for every "no" (issue 32 item 2, pyapp/ui/why.py): a tap on the board that hits no legal action says
why in one sentence, near the prompt and in the live region, in every game; a reason never reveals a hidden fact."""
from __future__ import annotations

import re

import pytest

from pyapp import games
from pyapp.engine import Rng
from pyapp.ui import DictStorage, why

from play_helpers import played
from test_ui_app import bots_move, make

GAMES = [g["id"] for g in games.catalog() if g["ready"]]
SEATS = {"icefortress": "human,human"}


def _app(gid, seed="3"):
    app = make({"game": gid, "seats": SEATS.get(gid, "human,bot"), "seed": seed, "fast": "1"}, DictStorage())
    bots_move(app)
    return app


def _keys(html):
    return sorted(set(re.findall(r'data-key="([^"]+)"', html)))


@pytest.mark.parametrize("gid", GAMES)
def test_a_tap_with_no_legal_action_says_why_near_the_prompt_and_in_the_live_region(gid):
    app = _app(gid)
    html = app.render()
    assert "data-why" not in html
    app.handle("nav", "why:")
    html = app.render()
    said = re.findall(r'<p class="why-not" data-why>([^<]+)</p>', html)
    assert len(said) == 1 and said[0].startswith("Nothing to do there now.") and said[0].endswith((".", "?"))
    live = re.search(r'<div class="sr-only live"[^>]*>(.*?)</div>', html).group(1)
    assert said[0] in live
    # every piece or place the board draws with a key gets a sentence too
    for key in _keys(html)[:40]:
        app.handle("nav", f"why:{key}")
        assert app.why.current().endswith((".", "?", ":")), (gid, key, app.why.current())
    # the reason belongs to the position: the next move takes it away
    seat = app.hint_seat()
    app.handle("action", app.state.legal_actions(seat)[0].id)
    if app.confirm is not None:
        app.handle("nav", "confirm")
    assert app.why.current() == "" and "data-why" not in app.render()


def test_off_turn_the_reason_is_whose_turn_it_is():
    app = _app("clockwork")
    state = app.state
    seat = state.to_act[0]
    other = 1 - seat
    assert why.reason(state, other, "", names=["Ann", "Bo"], bots=[s == seat for s in (0, 1)]) == \
        "It is the bot's turn: wait for its move."
    names = ["Ann", "Bo"]
    assert why.reason(state, other, "", names=names, bots=[False, False]) == \
        f"It is {names[seat]}'s turn: wait for their move."


def test_the_generic_reason_lists_one_move_of_each_kind_and_never_a_concession():
    text = why.reason_for_moves(["Roll 1 die", "Roll 2 dice", "Concede defeat"], kinds=["roll", "roll", "concede"])
    assert text == "Nothing to do there now. Your moves: Roll 1 die (or 1 more like it)."


@pytest.mark.parametrize("gid", GAMES)
def test_a_reason_never_depends_on_what_the_seat_cannot_see(gid):
    from pyapp.ui.boards import board_function
    g = games.get(gid)
    checked = 0
    for n in (5, 30, 80):
        s = played(gid, g.setup_players, seed=7 + n, n=n)
        if s.is_over:
            continue
        for seat in range(s.players):
            html = board_function(gid)(s.view(seat), s.legal_actions(seat) if seat in s.to_act else [], seat=seat,
                                       names=["A", "B", "C", "D"][:s.players], interactive=True)
            other = s.resample_hidden(seat, Rng(n * 31 + seat))
            for key in [""] + _keys(html):
                kw = dict(names=["A", "B", "C", "D"][:s.players], bots=[False] * s.players)
                assert why.reason(s, seat, key, **kw) == why.reason(other, seat, key, **kw), (gid, n, seat, key)
                checked += 1
    assert checked > 0


def _greyed_without_reason(html):
    """Buttons drawn greyed out (disabled or aria-disabled) whose tooltip does not say more than their label."""
    out = []
    for m in re.finditer(r'<button([^>]*)>(.*?)</button>', html, re.S):
        attrs, label = m.group(1), re.sub(r"<[^>]+>", "", m.group(2)).strip()
        if re.search(r'\sdisabled(\s|=|$)|aria-disabled="true"', attrs):
            title = re.search(r'title="([^"]*)"', attrs)
            if title is None or title.group(1).strip().lower() in ("", label.lower()):
                out.append(label)
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_a_greyed_out_button_says_why(gid):
    """Greyed-out buttons (a replay at its start and its end, the hint button while the bot thinks) carry their
    reason as a tooltip; a game's own controls are shown only when legal, so none is greyed out there."""
    app = _app(gid)
    assert not _greyed_without_reason(app.render())
    app.handle("nav", "hint")
    assert app.hint_thinking() is False or not _greyed_without_reason(app.render())
    app.handle("nav", "replay")
    assert app.screen == "replay"
    for nav in ("rp:start", "rp:end"):
        app.handle("nav", nav)
        html = app.render()
        assert " disabled" in html, nav
        assert not _greyed_without_reason(html), (gid, nav, _greyed_without_reason(html))


def test_the_army_builder_says_why_a_count_cannot_go_lower():
    """Hex Battle's army builder: a card's "−" is greyed out at 0, with its reason."""
    app = make({"game": "hexbattle"}, DictStorage())
    app.handle("nav", "army-new")
    html = app.render()
    assert re.search(r'<button[^>]*data-nav="b-card:[^"]+:-1"[^>]*disabled', html)
    assert not _greyed_without_reason(html), _greyed_without_reason(html)

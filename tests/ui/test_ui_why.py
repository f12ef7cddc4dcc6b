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

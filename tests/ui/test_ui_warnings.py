"""Warnings that catch what hurts (issue 32 item 3), the app's part: following a hint never sets off a warning."""
from __future__ import annotations

import pytest

from pyapp.ui import DictStorage

from test_ui_app import bots_move, make

SEATS = {"icefortress": "human,human"}
# (game, seeds, moves followed): Hex Battle's and Cloudspire's hint bots think longer, so fewer moves there
FOLLOWED = [("clockwork", (1, 2), 40), ("doomspire", (1,), 20), ("icefortress", (1,), 20), ("cloudspire", (1,), 10),
            ("hexbattle", (2,), 12)]


def _follow_hints(gid, seed, moves):
    """Follow the hint for ``moves`` of the person's moves; returns how many hinted moves the game marked with a
    warning and how many times the app asked anyway."""
    app = make({"game": gid, "seats": SEATS.get(gid, "human,bot"), "seed": str(seed), "fast": "1"}, DictStorage())
    marked = asked = 0
    for _ in range(moves):
        bots_move(app)
        seat = app.hint_seat()
        if app.state.is_over or seat is None:
            break
        app.handle("nav", "hint")
        while not app.step_hint(50):
            pass
        aid = app.hint_runner.current(seat)["action"]
        marked += any(a.id == aid and a.confirm for a in app.state.legal_actions(seat))
        n = len(app.state.history)
        app.handle("action", aid)
        if app.confirm is not None:
            asked += 1
            app.handle("nav", "confirm")
        assert len(app.state.history) > n
    return marked, asked


@pytest.mark.parametrize("gid,seeds,moves", FOLLOWED)
def test_following_a_hint_never_sets_off_a_warning(gid, seeds, moves):
    marked = asked = 0
    for seed in seeds:
        m, a = _follow_hints(gid, seed, moves)
        marked, asked = marked + m, asked + a
    assert asked == 0
    if gid == "clockwork":      # issue 32: the hint "End the Main step" with a unit still able to act asked first
        assert marked > 0


def test_a_move_that_was_not_the_hint_still_asks():
    app = make({"game": "clockwork", "seats": "human,bot", "seed": "2", "fast": "1"}, DictStorage())
    for _ in range(60):
        bots_move(app)
        seat = app.hint_seat()
        if seat is None or app.state.is_over:
            break
        marked = [a for a in app.state.legal_actions(seat) if a.confirm]
        if marked:                                   # no hint asked here: the warning stands
            app.handle("action", marked[0].id)
            assert app.confirm is not None and app.confirm["text"] == marked[0].confirm
            return
        app.handle("action", app.state.legal_actions(seat)[0].id)
    pytest.fail("no move with a warning came up")

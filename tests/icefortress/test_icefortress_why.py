"""Why a tap on an Ice Fortress square did nothing (issue 32 item 2; pyapp/games/icefortress/why.py)."""
from __future__ import annotations

import re

from pyapp.engine import Rng
from pyapp.games.icefortress import GAME
from pyapp.ui import why
from pyapp.ui.boards import board_function


def test_a_tap_on_a_refused_square_says_why_it_refuses_the_chosen_die():
    s, r = GAME.new(2, 5), Rng(5)
    for _ in range(300):
        seat = s.to_act[0]
        v = s.view(seat)
        if v.get("sel") and v.get("hints"):
            break
        s.apply(seat, r.choice(s.legal_actions(seat)).id)
    else:
        raise AssertionError("no die was chosen in 300 moves")
    html = board_function("icefortress")(v, s.legal_actions(seat), seat=seat, names=["A", "B"], interactive=True)
    keys = set(re.findall(r'data-key="(if-sq-[^"]+)"', html))
    for place, refused in v["hints"].items():
        assert f"if-sq-{place}" in keys                  # a refused square carries its key, with no action
        said = why.reason(s, seat, f"if-sq-{place}", names=["A", "B"], bots=[False, False])
        assert said.startswith(f"Not {place}: {refused}")

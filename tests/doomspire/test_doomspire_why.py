"""Why a tap on a Doomspire knight did nothing (issue 32 item 2; pyapp/games/doomspire/why.py)."""
from __future__ import annotations

from pyapp.ui import why

from play_helpers import played


def _why(s, seat, key):
    return why.reason(s, seat, key, names=["A", "B"], bots=[False, False])


def test_a_tap_on_a_knight_says_why_it_cannot_move():
    s = played("doomspire", 2, seed=5, n=0)
    assert s.data["flow"]["phase"] == "roll"
    assert _why(s, 0, "ds-kn-0-1") == ("Your knights move in the Move phase; now every lord chooses how many dice "
                                       "to roll.")
    assert _why(s, 0, "ds-kn-1-1") == "That knight is another lord's: you move only your own."
    s = played("doomspire", 2, seed=5, n=6)
    seat = s.to_act[0]
    assert s.data["flow"]["phase"] == "move" and not s.data["flow"]["prompt"]
    k = s.data["players"][seat]["knights"][0]
    k["done"] = True
    assert _why(s, seat, f"ds-kn-{seat}-{k['id'][1:]}") == f"Your knight {k['id'][1:]} has already moved this turn."

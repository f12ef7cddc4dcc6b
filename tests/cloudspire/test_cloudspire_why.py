"""Why a tap on a Cloudspire piece did nothing (issue 32 item 2; pyapp/games/cloudspire/why.py)."""
from __future__ import annotations

import pytest

from pyapp.ui import why

from play_helpers import played

rule = pytest.mark.rule


@rule("CS-ONS-2", "CS-ATK-4")
def test_a_tap_on_a_gate_spire_or_landmark_says_why():
    s = played("cloudspire", 2, seed=7, n=40)
    seat = s.to_act[0]
    assert s.data["flow"]["phase"] == "stack"
    kw = dict(names=["A", "B"], bots=[False, False])
    assert why.reason(s, seat, f"cs-gate-{1 - seat}", **kw).startswith("That fortress gate is another player's")
    assert why.reason(s, seat, f"cs-gate-{seat}", **kw).startswith("Your fortress gate")
    mine = next(sid for sid, sp in s.data["spires"].items() if sp["owner"] == seat)
    assert why.reason(s, seat, f"cs-{mine}", **kw) == ("Your spires act in the onslaught; now you build your secret "
                                                       "deployment stack.")
    assert why.reason(s, seat, "cs-lm-h8", **kw) == ("A landmark is part of the map: nothing to do with it itself. "
                                                     "Now you build your secret deployment stack.")

"""Why a tap on a Clockwork piece did nothing (issue 32 item 2; pyapp/games/clockwork/why.py)."""
from __future__ import annotations

import pytest

from pyapp.games.clockwork.content import UNITS
from pyapp.ui import why

from clockwork_helpers import add_portal, main, put

rule = pytest.mark.rule


def _why(st, key, seat=0):
    return why.reason(st, seat, key, names=["Ann", "Bo"], bots=[False, True])


@rule("CC-TURN-3", "CC-PORT-5")
def test_a_tap_on_a_piece_that_cannot_act_says_why():
    st = main(res=[5, 5])
    hexes = sorted(st.board.land_nb)
    free = [h for h in hexes if not any(g["hex"] == h for g in st.data["gates"])]
    mine = put(st, "infantry", 0, free[0])
    theirs = put(st, "infantry", 1, free[-1])
    name = UNITS["infantry"]["name"]
    assert _why(st, f"cw-unit-{theirs['id']}") == f"That {name} is another player's: attack it with one of your units in range."
    mine["moved"] = mine["acted"] = True
    assert _why(st, f"cw-unit-{mine['id']}") == f"Your {name} has already moved and attacked this turn."
    mine["done"] = True
    assert _why(st, f"cw-unit-{mine['id']}") == f"Your {name} has finished for this turn."
    add_portal(st, free[1], 0, "shade")
    add_portal(st, free[2], 1, "shade")
    assert "your next Portal step" in _why(st, f"cw-portal-{free[1]}")
    assert "their next Portal step" in _why(st, f"cw-portal-{free[2]}")
    gate = st.data["gates"][1]
    assert "another player's" in _why(st, f"cw-gate-{gate['hex']}")
    # the portal's hidden card changes nothing
    st.data["portals"][-1]["card"] = "infantry"
    assert "their next Portal step" in _why(st, f"cw-portal-{free[2]}")

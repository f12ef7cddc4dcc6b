"""Clockwork's warnings (issue 32 item 3): research that leaves no money for a unit asks first."""
from __future__ import annotations

import pytest

from clockwork_helpers import give, main, put

rule = pytest.mark.rule


def _research(st, seat=0):
    return next(a for a in st.legal_actions(seat) if a.id == "research")


def _with_hand(res, *keys):
    st = main(res=res)
    st.data["hands"][0] = []
    give(st, 0, *keys)
    return st


@rule("CC-GAP-40")
def test_research_that_leaves_no_money_for_a_unit_asks_first():
    # the knock-out case of issue 32: no unit or portal yet, 5 resources, an Infantry (2) in hand
    st = _with_hand([5, 5], "infantry")
    assert any(a.kind == "portal" for a in st.legal_actions(0))
    q = _research(st).confirm
    assert "leaves you 1" in q and "costs 2" in q and "knocked out" in q and q.endswith("Research anyway?")
    # enough left for the Infantry after paying 4: no question
    assert _research(_with_hand([6, 6], "infantry")).confirm == ""
    # nothing affordable now anyway (no unit card in hand): research takes nothing away
    assert _research(_with_hand([5, 5])).confirm == ""
    # with a unit of one's own on the board, the warning stays but says nothing of a knock-out
    st = _with_hand([5, 5], "infantry")
    put(st, "infantry", 0, next(iter(st.board.land_nb)))
    q = _research(st).confirm
    assert "leaves you 1" in q and "knocked out" not in q

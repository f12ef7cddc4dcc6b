"""Hex Battle's warnings (issue 32 item 3): a card that would do nothing asks before it is played."""
from __future__ import annotations

import pytest

from hexbattle_helpers import scenario, unit

rule = pytest.mark.rule


def _play(s, key, seat=0):
    cid = next(c for c in s.hand[seat] if s.data["cards"][c] == key)
    return next(a for a in s.legal_actions(seat) if a.id == f"play:{cid}")


@rule("HB-GAP-24")
def test_volley_without_a_ranged_unit_that_can_shoot_asks_first():
    # no ranged unit at all: Volley would be skipped whole, so playing it asks (the case in issue 32)
    s = scenario([unit(0, "lancer", "d10"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")],
                 hand=["volley", "march", "march"])
    q = _play(s, "volley").confirm
    assert q.startswith("Volley needs one of your ranged units") and "none is" in q and q.endswith("?")
    # a march always has a unit to move: no question
    assert _play(s, "march").confirm == ""
    # a longbow out of range of every enemy: still nothing to shoot
    s = scenario([unit(0, "longbow", "a16"), unit(1, "militia", "h1")], hand=["volley", "march", "march"])
    assert "Volley needs" in _play(s, "volley").confirm
    # a longbow with an enemy in range: no question
    s = scenario([unit(0, "longbow", "e12"), unit(1, "militia", "d9")], hand=["volley", "march", "march"])
    assert _play(s, "volley").confirm == ""

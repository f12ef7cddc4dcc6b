"""tools/balance_icefortress.py: candidate content is patched in memory and put back exactly (docs/notes/icefortress.md,
"Balance screening")."""
from __future__ import annotations

import copy

from pyapp.games.icefortress import content
from pyapp.games.icefortress import fortress as fx
from tool_modules import tool


def test_patches_apply_in_memory_and_base_restores_the_content():
    bal = tool("balance_icefortress")
    pristine = copy.deepcopy(content.load())
    assert {"base", "skipjumbo", "medcrystal", "seerskip", "freeadv", "beaconboost"} <= set(bal.PATCHES)
    try:
        assert fx.rc("S02")["crystal"] == 0
        bal.apply("halla2+smallcrystal", pristine)
        assert content.card("N3")["start"]["power"]["effects"][0]["n"] == 2
        assert fx.rc("S02")["crystal"] >= 1 and content.load()["rooms"]["S02"]["crystal"] >= 1   # the index follows
        kind, turns, _reason = bal.one(2, 7, 1, ["planner"], 5000)
        assert kind in ("team-win", "team-loss") and turns > 0
    finally:
        bal.apply("base", pristine)
    assert content.load() == pristine and fx.rc("S02") == pristine["rooms"]["S02"]


def test_full_supply_lever_stops_looks_only_at_low_difficulty():
    """Issue 34 item 13, session 18's screen (docs/notes/icefortress.md, "The difficulty dial for a strong team"): with
    ``fulllook`` no look can be used while the supply holds more rooms than the difficulty (the supply limit), so the
    opening's free looks stop at difficulty 3 (4 rooms at setup) but not at 7; ``fullroom`` also stops searches and
    room draws, already at the limit (the shipped rule since session 19; ``nodial`` takes it out)."""
    import pytest
    from icefortress_helpers import character, dice, ids, new
    bal = tool("balance_icefortress")
    pristine = copy.deepcopy(content.load())
    assert pristine["game"]["full_supply"] == {"stops": ["look", "search", "draw_room"], "over": 0}

    def powers(spec, difficulty, rooms=None):
        bal.apply(spec, pristine)
        st = new(2, 1, difficulty)
        character(st, st.view(None)["cur"], "N1", ("A02", "A12"), "C02")     # look, draw a room (die 3), adjust, look (a die)
        if rooms is not None:
            del st.data["supply"]["rooms"][rooms:]
        dice(st, 3, 5)
        return [a for a in ids(st) if a.startswith("power:")]
    try:
        everything = ["power:N1", "power:A02", "power:A12", "power:C02"]
        assert len(new(2, 1, 3).data["supply"]["rooms"]) == 4
        assert powers("nodial", 3) == everything
        assert powers("base", 3) == ["power:A12"]
        assert powers("nodial+fulllook", 3) == ["power:A02", "power:A12"]         # 4 rooms > 3: no look
        assert powers("nodial+fulllook", 3, rooms=3) == everything         # at the limit a look is still allowed
        assert powers("fulllook", 7) == everything
        assert powers("fullroom1", 5) == ["power:A12"]                     # 4 rooms >= 5 - 1
        assert powers("fullroom", 3, rooms=3) == ["power:A12"]             # at the limit: no look, no draw
        assert powers("fullroom", 5) == everything
        with pytest.raises(ValueError):
            content._check_game(dict(pristine["game"], full_supply={"stops": ["fly"], "over": 0}))
    finally:
        bal.apply("base", pristine)
    assert content.load() == pristine

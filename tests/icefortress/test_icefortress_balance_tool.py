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

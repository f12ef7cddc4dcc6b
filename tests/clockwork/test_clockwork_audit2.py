"""Clockwork Crusade: the second audit (issue 34, item 1): a Building never blocks a Gate's portals for good."""
from __future__ import annotations

import pytest

from pyapp.games.clockwork.geometry import distance
from clockwork_helpers import add_portal, begin_turn, ids, log, main, phase, portals, put, units

rule = pytest.mark.rule


def _full_territory():
    """Red's Bunker comes through the portal on a2, the arrow hex of Red's Gate Token on a1, while every other hex
    of territory 1A (a-c 1-2) is taken: Red's own Infantry on b1, b2 and c1 (they could move away) and Blue's on c2."""
    st = main()
    add_portal(st, "a2", 0, "bunker")
    put(st, "infantry", 0, "b1 b2 c1")
    put(st, "infantry", 1, "c2")
    begin_turn(st, 0)
    return st


@rule("CC-GAP-24", "CC-GAP-17", "CC-UTYPE-6")
def test_a_building_in_a_full_territory_goes_to_the_nearest_free_hex_not_onto_the_arrow():
    st = _full_territory()
    acts = ids(st)
    assert st.view(0)["phase"] == "portal" and st.view(0)["place"] == "a2"
    assert "place:a2>a2" not in acts                       # it would block the Gate Token's portals for good
    dests = [a.split(">")[1] for a in acts]
    assert dests and all(distance("a2", h) == 1 for h in dests)    # the nearest free hexes, the owner picks
    assert "a3" in dests
    st.apply(0, "place:a2>a3")
    bunker = next(u for u in units(st) if u["card"] == "bunker")
    assert bunker["hex"] == "a3" and phase(st) == "main"
    assert "portal:infantry@a2" in ids(st)                  # the Gate Token's arrow hex is free for the next portal
    st.apply(0, "portal:infantry@a2")
    assert portals(st)[-1]["hex"] == "a2"


@rule("CC-GAP-24", "CC-GAP-17")
def test_the_nearest_hex_is_never_a_gate_tokens_arrow_hex():
    st = _full_territory()
    assert {a.split(">")[1] for a in ids(st)} == {"a3"}    # the only free hex next to a2
    st = main()
    add_portal(st, "a2", 0, "bunker")
    put(st, "infantry", 0, "b1 b2 c1 c2")
    st.data["gates"].append({"hex": "b3", "owner": 0, "arrow": "a3"})    # (a stand-in) an arrow on a3
    begin_turn(st, 0)
    dests = {a.split(">")[1] for a in ids(st)}
    ring = {h for h, kind in st.board.kind.items() if distance("a2", h) == 2 and kind != "water"} - {"b3", "c1", "c2"}
    assert "a3" not in dests and dests == ring and ring


@rule("CC-GAP-24", "CC-GAP-17")
def test_with_the_whole_board_full_the_arriving_building_is_lost_rather_than_block_the_gate():
    st = main()
    add_portal(st, "a2", 0, "bunker")
    taken = {"a1", "a2", "f5"}
    for h, kind in st.board.kind.items():
        if kind != "water" and h not in taken and h != "f4":
            put(st, "infantry", 0 if h < "m" else 1, h)
    begin_turn(st, 0)                                       # f4 (Blue's arrow hex) is free, but never for a Building
    assert not any(u["card"] == "bunker" for u in units(st))
    assert phase(st) == "main" and "a2" not in {u["hex"] for u in units(st)}
    assert any("has no free hex to stand on and is lost" in x for x in log(st))

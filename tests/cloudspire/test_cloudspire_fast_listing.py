"""Cloudspire's speed-ups keep the rules: the tables shared per board (land, hex groups, reach and march maps),
the seats worked out once per state and the Onslaught turn's choices kept from the prompt to its listing must
give, at every step of random games, exactly what a plain recomputation gives (a stale cache is a rules bug),
and must never travel into a copy."""
from __future__ import annotations

import random

import pytest

from pyapp.engine import Action
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire import units as units_mod


def plain_influence(s, seat: int) -> set:
    """CS-GAP-10 as the rules first wrote it: groups worked out from scratch, every group's neighbours walked."""
    m = s.map
    groups: dict = {}
    for h in list(m.terrain) + list(s.data["scape_terrain"]):
        groups.setdefault(s.group_of(h), []).append(h)
    of = {h: g for g, hexes in groups.items() for h in hexes}
    gate = s.gate_hex(seat)
    own = {of[sp["hex"]] for sp in s.data["spires"].values() if sp["owner"] == seat}
    keep = {of[x] for x in m.grid.adjacent(gate) if x in of} | {of[gate]} | own
    for g, hexes in groups.items():
        if g not in keep and {of[x] for h in hexes for x in m.grid.adjacent(h) if x in of} & own:
            keep.add(g)
    return {h for g in keep for h in groups[g]}


def listing(acts) -> list:
    return [(a.id, a.label, a.kind, a.confirm) for a in acts]


@pytest.mark.rule("CS-GAP-10")
@pytest.mark.rule("CS-GAP-43")
@pytest.mark.rule("CS-GAP-50")
@pytest.mark.parametrize("players,options,seed", [(2, {}, 3), (4, {}, 5), (2, {"mode": "coop"}, 8)])
def test_fast_listing_equals_a_plain_recomputation_at_every_step(players, options, seed):
    s = GAME.new(players, seed, dict(options))
    pick = random.Random(seed)
    turn_listings = 0
    for step in range(700):
        if s.is_over:
            break
        seat = s.to_act[0]
        cold = s.clone()                    # a copy: none of this object's kept choices travel with it
        assert cold._turn_asked is None and cold._seats is None and cold._minion_ctx is None
        units_mod._BOARDS.clear()           # and no shared board tables: everything worked out afresh
        plain = listing(cold.legal_actions(seat))
        frame = s.flow.top
        if frame is not None and frame["kind"] == "turn" and s._turn_asked is not None:
            turn_listings += 1
        acts = s.legal_actions(seat)
        assert all(type(a) is Action and a == Action(*a) and hash(a) == hash(Action(*a)) for a in acts)  # (made as tuples)
        fast = listing(acts)
        assert fast == plain, f"step {step}"
        prompt = s.data["flow"]["prompt"]
        if frame is not None and frame["kind"] == "turn" and prompt is not None and prompt["options"] is None:
            assert listing(s._turn_options(frame, peek=True) or []) == fast
        for p in range(s.fortresses):
            assert s.influence(p) == plain_influence(s, p)
        s.apply(seat, pick.choice([a for a in s.legal_actions(seat) if a.kind != "concede"]).id)
    assert turn_listings > 20               # the kept choices were used, and checked


@pytest.mark.rule("CS-GAP-10")
def test_an_earthscape_placed_by_hand_changes_the_board_tables():
    """The shared tables are keyed by the placed earthscapes' terrain: a board with a new slot of land is
    another board (its land, its groups, its influence)."""
    s = GAME.new(2, 4)
    before = s.land()
    slot = s.map.slots[0]
    for h in slot:
        s.data["scape_terrain"][h] = "path"
    after = s.land()
    assert all(h not in before for h in slot) and all(after[h] == "path" for h in slot)
    assert s.influence(0) == plain_influence(s, 0) and s.influence(1) == plain_influence(s, 1)

"""The fast setup phases of Clockwork Crusade (issue 33, item 1) against a plain build, written from the rules.

A game's Board is joined from remembered per-grid parts (:class:`~pyapp.games.clockwork.geometry.GridPart`), the
grids listing is remembered per layout, the starting Gate Token Actions per territory and the Gate Token spots are
filtered only in territories holding something.  The plain functions here build everything hex by hex; random
layouts and the setup phases of random games at every player count compare the two, and random games played on
compare the Gate Token spots (the Control step's) with units, portals and Gate Tokens on the board.
"""
from __future__ import annotations

import random

import pytest

from pyapp.games.clockwork import GAME
from pyapp.games.clockwork import geometry
from pyapp.games.clockwork.content import GRIDS
from pyapp.games.clockwork.geometry import Board, adjacent, table_slots
from pyapp.games.clockwork.units import utype


def plain_board(placed):
    """kind, terr, terr_hexes, terr_name, nb, land_nb, terr_adj and every territory's (hex, neighbour) pairs of the
    placed grids, hex by hex (nothing remembered)."""
    kind, terr, terr_hexes, terr_name = {}, {}, {}, {}
    for key, slot in placed:
        ox, oy = geometry.slot_origin(slot)
        for r, line in enumerate(GRIDS[key]["rows"]):
            for c, ch in enumerate(line):
                h = geometry.TABLE.name(ox + c, oy + r)
                kind[h] = {"~": "water", ".": "neutral"}.get(ch, "territory")
                if ch not in "~.":
                    tid = f"{slot[1:]}{ch}"
                    terr[h] = tid
                    terr_hexes.setdefault(tid, []).append(h)
                    terr_name[tid] = f"{GRIDS[key]['name']} {ch}"
    nb = {h: tuple(n for n in adjacent(h) if n in kind) for h in kind}
    land_nb = {h: tuple(n for n in ns if kind[n] != "water") for h, ns in nb.items()}
    terr_adj = {t: {terr[n] for h in hs for n in nb[h] if terr.get(n) not in (None, t)} for t, hs in terr_hexes.items()}
    pairs = {t: [(h, n) for h in hs for n in nb[h] if terr.get(n) == t] for t, hs in terr_hexes.items()}
    return {"kind": kind, "terr": terr, "terr_hexes": terr_hexes, "terr_name": terr_name, "nb": nb,
            "land_nb": land_nb, "terr_adj": terr_adj, "pairs": pairs}


def _same_board(b: Board, placed) -> None:
    want = plain_board(placed)
    for name in ("kind", "terr", "terr_hexes", "terr_name", "nb", "land_nb", "terr_adj"):
        got = getattr(b, name)
        assert got == want[name], name
        assert list(got) == list(want[name]), name                  # the same order: listings follow it
    assert {t: b.pairs(t) for t in b.terr_hexes} == want["pairs"]
    assert b.land == frozenset(h for h, k in want["kind"].items() if k != "water")
    assert b.terr_order == sorted(want["terr_hexes"])


def plain_legal_grids(st):
    """CC-SETUP-3, CC-GAP-6: a free slot of the game's table next to a placed grid, with a land hex next to land."""
    placed = st.data["placed"]
    table = table_slots(st.players)
    if not placed:
        return [f"grid:{k}@{sl}" for k in GRIDS for sl in table]
    kind = plain_board(placed)["kind"]
    land = {h for h, k in kind.items() if k != "water"}
    used_slots = {sl for _k, sl in placed}
    used_keys = {k for k, _sl in placed}
    out = []
    for key in GRIDS:
        if key in used_keys:
            continue
        for sl in table:
            if sl in used_slots or not any(n in used_slots for n in geometry.slot_neighbours(sl)):
                continue
            mine = plain_board([[key, sl]])["kind"]
            if any(n in land for h, k in mine.items() if k != "water" for n in adjacent(h)):
                out.append(f"grid:{key}@{sl}")
    return out


def plain_gate_spots(st, tids):
    """CC-GATE-3, CC-GATE-4, CC-GAP-17: a Gate Token on a free hex of the territory that is no arrow hex, its arrow
    on a hex of the same territory next to it, with no Gate Token, portal or Building on it and no other arrow."""
    d = st.data
    pb = plain_board(d["placed"])
    occ = {u["hex"] for u in d["units"]} | {g["hex"] for g in d["gates"]} | {p["hex"] for p in d["portals"]}
    arrows = {g["arrow"] for g in d["gates"]}
    fixed = ({g["hex"] for g in d["gates"]} | {p["hex"] for p in d["portals"]}
             | {u["hex"] for u in d["units"] if utype(u) == "building"})
    return [(h, n) for t in tids for h, n in pb["pairs"][t]
            if h not in occ and h not in arrows and n not in fixed and n not in arrows]


def plain_legal_gates(st):
    """CC-SETUP-5, CC-GAP-9: a starting Gate Token in a territory where nobody has one, territories in order."""
    d = st.data
    pb = plain_board(d["placed"])
    taken = {pb["terr"][g["hex"]] for g in d["gates"]}
    free = [t for t in sorted(pb["terr_hexes"]) if t not in taken]
    return [(f"gate:{h}>{n}", f"Starting Gate Token on {h} ({pb['terr_name'][pb['terr'][h]]}), arrow to {n}")
            for h, n in plain_gate_spots(st, free)]


def test_board_joined_from_parts_is_the_plain_board():
    pick = random.Random(26)
    for players in range(2, 7):
        for _ in range(60):
            slots = list(table_slots(players))
            keys = list(GRIDS)
            pick.shuffle(slots)
            pick.shuffle(keys)
            placed = [[keys[i], slots[i]] for i in range(pick.randint(1, min(len(slots), len(keys))))]
            _same_board(Board(placed), placed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_listings_are_the_plain_ones(players):
    for seed in range(1, 9):
        st = GAME.new(players, 260 + seed)
        pick = random.Random(seed)
        while st.flow.phase != "round":
            seat = st.to_act[0]
            acts = st.legal_actions(seat)
            if st.flow.phase == "grids":
                assert [a.id for a in acts] == plain_legal_grids(st)
                acts.clear()                                        # the caller's list: nothing remembered changes
                assert [a.id for a in st.legal_actions(seat)] == plain_legal_grids(st)
            else:
                assert [(a.id, a.label) for a in acts] == plain_legal_gates(st)
                _same_board(st.board, st.data["placed"])
            acts = st.legal_actions(seat)
            st.apply(seat, pick.choice(acts).id)
        _same_board(st.board, st.data["placed"])


@pytest.mark.parametrize("players", [2, 4])
def test_gate_spots_with_units_portals_and_gates(players):
    """The Gate Token spots of every territory (the Control step's question) at every step of random games,
    after units, portals and Gate Tokens are on the board: only territories holding something are filtered."""
    checked = 0
    for seed in range(1, 4):
        st = GAME.new(players, 300 + seed)
        pick = random.Random(seed)
        for _ in range(400):
            if st.is_over:
                break
            tids = sorted(st.board.terr_hexes)
            assert st._gate_spots(tids) == plain_gate_spots(st, tids)
            checked += bool(st.data["units"])
            seat = st.to_act[0]
            acts = st.legal_actions(seat)
            st.apply(seat, pick.choice([a for a in acts if a.kind != "concede"] or acts).id)
    assert checked > 50                                            # many steps had units on the board

"""The fast listing of Clockwork Crusade's Main and Control steps (issue 33, item 1) against a plain one.

``_main_actions`` and ``_control_territories`` are written for speed (tables per card and level, one pass over
the units, remembered board geometry).  The functions here are the plain listing as it was before that work,
written straight from the rules; random games of every player count compare the two at every step, on the game
itself, on copies (``clone``) and on redealt copies (``resample_hidden``) played on, so that nothing remembered
can go stale when the board changes or leak from one state into another.
"""
from __future__ import annotations

import random

import pytest
from clockwork_helpers import give, main, put

from pyapp.engine import Action
from pyapp.engine.rng import Rng
from pyapp.games.clockwork import GAME
from pyapp.games.clockwork.content import UNITS, parse_range
from pyapp.games.clockwork.geometry import distance, line_of_fire
from pyapp.games.clockwork.units import WALL_COST, can_fight, has, utype


def _board(st):
    from pyapp.games.clockwork.rules import Board
    return Board(st.data["placed"])          # built anew (from the per-grid parts: test_clockwork_fast_setup.py)


def _occupied(d):
    return {u["hex"] for u in d["units"]} | {g["hex"] for g in d["gates"]} | {p["hex"] for p in d["portals"]}


def _reach(st, u, mine, blocked):
    b = _board(st)
    seen = {u["hex"]}
    frontier = [u["hex"]]
    for _ in range(st.stat(u, "movement")):
        nxt = []
        for h in frontier:
            for n in b.land_nb[h]:
                if n not in seen and n not in blocked:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return sorted(h for h in seen if h not in mine)


def _gate_open(st, g, seat):
    b = _board(st)
    t = b.terr[g["hex"]]
    return not any(v["ctrl"] != seat and (b.terr.get(v["hex"]) == t or distance(v["hex"], g["hex"]) == 1)
                   for v in st.data["units"])


def _targets(st, u, shell=False):
    d = st.data
    others = [v for v in d["units"] if v["ctrl"] != u["ctrl"]]
    lo, hi = UNITS[u["card"]]["shell"] if shell else st.urange(u)
    ranged_ok = not u["moved"] or has(u, "run-and-gun")
    bar = set() if shell else {v["hex"] for v in d["units"] if has(v, "barricade")}
    cleave = has(u, "cleave") and bool(u["targets"])
    out = []
    for v in others:
        if v["id"] in u["blocked"]:
            continue
        dist = distance(u["hex"], v["hex"])
        if not lo <= dist <= hi or (dist > 1 and (not ranged_ok or (bar and line_of_fire(u["hex"], v["hex"]) & bar))):
            continue
        if cleave and f"u{v['id']}" in u["targets"]:
            continue
        out.append(v["hex"])
    for g in d["gates"]:
        if g["owner"] == u["ctrl"] or (cleave and f"g{g['hex']}" in u["targets"]):
            continue
        dist = distance(u["hex"], g["hex"])
        if not lo <= dist <= hi or (dist > 1 and not ranged_ok) or (dist > 1 and line_of_fire(u["hex"], g["hex"]) & bar):
            continue
        if _gate_open(st, g, u["ctrl"]):
            out.append(g["hex"])
    return sorted(out)


def _in_range(st, u):
    lo, hi = st.urange(u)
    return [v for v in st.data["units"] if v["ctrl"] != u["ctrl"] and lo <= distance(u["hex"], v["hex"]) <= hi]


def plain_main_actions(st, seat):
    """The Main step's actions, listed the plain way (the code before issue 33's speed work)."""
    d = st.data
    b = _board(st)
    acts = []
    occ = _occupied(d)
    res = d["resources"][seat]
    arrows = {g["arrow"] for g in d["gates"]}
    mine = {u["hex"] for u in d["units"] if u["ctrl"] == seat}
    blocked = occ - mine
    for u in sorted((u for u in d["units"] if u["ctrl"] == seat), key=lambda u: u["id"]):
        h, name = u["hex"], UNITS[u["card"]]["name"]
        if not (u["moved"] or u["fired"] or u["done"]) and utype(u) != "building":
            acts += [Action(f"move:{h}>{t}", f"Move {name} {h} to {t}", "move") for t in _reach(st, u, mine, blocked)]
        if not (u["done"] or u["acted"]) and u["attacks"] < (2 if has(u, "cleave") else 1) and can_fight(u):
            acts += [Action(f"attack:{h}>{t}", f"{name} {h} attacks {t}", "attack") for t in _targets(st, u)]
        if not (u["acted"] or u["done"]) and u["attacks"] == 0:
            if has(u, "artillery-shell"):
                acts += [Action(f"shell:{h}>{t}", f"{name} {h} fires an Artillery Shell at {t}", "ability")
                         for t in _targets(st, u, shell=True)]
            if has(u, "assassinate") and _in_range(st, u):
                acts.append(Action(f"assassinate:{h}", f"{name} {h}: flip a coin to Assassinate", "ability"))
            if has(u, "corrupt") and _in_range(st, u):
                acts.append(Action(f"corrupt:{h}", f"{name} {h}: flip a coin to Corrupt", "ability"))
            if has(u, "portal-wall") and not u["wall"] and res >= WALL_COST:
                acts += [Action(f"wall:{h}>{n}", f"{name} {h} creates a Wall portal on {n} (cost {WALL_COST})",
                                "ability") for n in b.land_nb[h] if n not in occ and n not in arrows]
            if has(u, "self-destruct"):
                acts.append(Action(f"selfdestruct:{h}", f"{name} {h} self-destructs", "ability"))
        if has(u, "salvage") and u["owner"] == seat and not (u["moved"] or u["fired"] or u["salv"] or u["done"]):
            acts.append(Action(f"salvage:{h}", f"{name} {h}: flip a coin to Salvage", "ability"))
    cards = d["cards"]
    keys = sorted({cards[c] for c in d["hands"][seat] if cards[c] in UNITS}, key=list(UNITS).index)
    free_arrows = [g["arrow"] for g in d["gates"] if g["owner"] == seat and g["arrow"] not in occ]
    for key in keys:
        cost = UNITS[key]["cost"]
        if cost <= res:
            acts += [Action(f"portal:{key}@{a}", f"Create a {UNITS[key]['name']} portal at {a} (cost {cost})",
                            "portal") for a in sorted(free_arrows)]
    if not d["researched"] and d["stack"] and res >= d["research_cost"]:
        costs = sorted({int(a.label.rsplit("(cost ", 1)[1].rstrip(")")) for a in acts if a.kind == "portal"})
        acts.append(Action("research", f"Research: pay {d['research_cost']} to draw a card", "research",
                           confirm=st._research_warning(seat, costs[0] if costs else None)))
    acts += st._specials(seat)
    idle = len({a.id.split(":")[1].split(">")[0] for a in acts if a.kind in ("move", "attack") and ":" in a.id})
    ask = (f"{idle} of your units" if idle > 1 else "One of your units") + " can still move or attack. End the Main step?"
    acts.append(Action("end", "End the Main step", "step", confirm=ask if idle else ""))
    return acts


def plain_control_territories(st, seat):
    d = st.data
    if d["resources"][seat] < 1:
        return []
    b = _board(st)
    out = []
    for t in sorted(b.terr_hexes):
        if t in d["captured"] or any(g["owner"] != seat and b.terr[g["hex"]] == t for g in d["gates"]):
            continue
        inside = [u for u in d["units"] if b.terr.get(u["hex"]) == t]
        if any(u["ctrl"] != seat for u in inside):
            continue
        if any(u["ctrl"] == seat and utype(u) == "soldier" for u in inside):
            out.append(t)
    return out


def _check(st, seat, acts):
    step = st._step()
    prompt = st.data["flow"]["prompt"]
    if prompt is not None and prompt["kind"] == "main":
        assert acts == plain_main_actions(st, seat)
        assert list(st._main_actions(seat)) == acts             # asked twice in a row: the same answer
    if st._step() in ("control", "main", "draw"):
        assert st._control_territories(seat) == plain_control_territories(st, seat), step


def _play(st, pick, steps, every=0):
    """``steps`` random actions on ``st``, the listing checked before each; every ``every`` steps a copy and a
    redealt copy are checked and played on for a while too."""
    for i in range(steps):
        if st.is_over:
            return
        seat = st.to_act[0]
        acts = st.legal_actions(seat)
        _check(st, seat, acts)
        if every and i % every == every - 1:
            _play(st.clone(past=False), random.Random(pick.random()), 12)
            _play(st.resample_hidden(seat, Rng(i)), random.Random(pick.random()), 12)
            _check(st, seat, st.legal_actions(seat))             # the game itself unchanged by its copies' play
        st.apply(seat, pick.choice(acts).id)


@pytest.mark.rule("CC-MOVE-1", "CC-MOVE-6", "CC-GAP-25", "CC-GATE-5", "CC-TERR-5", "CC-CLEAVE-1", "CC-ARTY-5")
@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)])
def test_fast_listing_equals_the_plain_one_in_random_games(players, seed):
    st = GAME.new(players, seed, {"max_rounds": 12})
    _play(st, random.Random(seed), 1500, every=97)


@pytest.mark.rule("CC-MOVE-1", "CC-MOVE-6", "CC-ATK-1")
def test_listing_follows_the_other_players_units_between_two_askings():
    """The remembered moves and attacks of a unit that stays put are listed anew when another player's unit
    comes next to it, blocks a hex of its move, or leaves (positions changed between two listings)."""
    st = main(2)
    put(st, "infantry", 0, "c2")
    enemy = put(st, "infantry", 1, "c5")
    before = st.legal_actions(0)
    assert before == plain_main_actions(st, 0) and "attack:c2>c3" not in [a.id for a in before]
    enemy["hex"] = "c3"                             # next to it: an attack, and c3 no longer a move
    after = st.legal_actions(0)
    assert after == plain_main_actions(st, 0)
    assert "attack:c2>c3" in [a.id for a in after] and "move:c2>c3" not in [a.id for a in after]
    enemy["hex"] = "c5"                             # gone again: as at first
    assert st.legal_actions(0) == before


def test_the_disc_of_an_attack_is_every_hex_within_its_range():
    """The remembered disc (the hexes an attack of range ``r`` may reach, counted in steps over the table)
    is the set of hexes at distance at most ``r``, for every hex of the table and every range a unit has."""
    from pyapp.games.clockwork.geometry import TABLE, disc
    for h in TABLE.hexes:
        for r in (6, 0, 1, 2, 3, 4, 5):          # the largest first: the smaller ones are remembered on the way
            assert disc(h, r) == {x for x in TABLE.hexes if distance(h, x) <= r}, (h, r)


@pytest.mark.rule("CC-MOVE-1", "CC-MOVE-6", "CC-ATK-1")
def test_listing_follows_the_seats_own_units_between_two_askings():
    """Each unit's part of the listing is kept for the seat's next listing and only the units that changed are
    listed anew: a unit of the seat moved by hand, one marked as moved, an attack called off by Stealth (a list
    that grows in place, not a new one), and the other units' moves follow the hexes their neighbours left or
    entered (a move may pass an own unit's hex, not end there)."""
    st = main(2)
    a = put(st, "infantry", 0, "c2")
    b = put(st, "infantry", 0, "e2")
    enemy = put(st, "infantry", 1, "c4")
    first = st.legal_actions(0)
    assert first == plain_main_actions(st, 0) and "move:c2>c3" in [x.id for x in first]
    assert "attack:c2>c3" not in [x.id for x in first]
    b["hex"] = "c3"                                 # next to it: c3 no longer a move of c2
    acts = st.legal_actions(0)
    assert acts == plain_main_actions(st, 0) and "move:c2>c3" not in [x.id for x in acts]
    b["hex"] = "e2"
    assert st.legal_actions(0) == first
    enemy["hex"] = "c3"                             # an attack for both to list
    near = st.legal_actions(0)
    assert near == plain_main_actions(st, 0) and "attack:c2>c3" in [x.id for x in near]
    a["blocked"].append(enemy["id"])                # Stealth called the attack off: the same list, grown in place
    acts = st.legal_actions(0)
    assert acts == plain_main_actions(st, 0) and "attack:c2>c3" not in [x.id for x in acts]
    a["blocked"].clear()
    assert st.legal_actions(0) == near
    a["moved"] = True
    acts = st.legal_actions(0)
    assert acts == plain_main_actions(st, 0) and not [x for x in acts if x.id.startswith("move:c2>")]


def _armies(seed):
    """A 4-player game at its first Main step with a dozen units of every kind for each seat, scattered over
    the land at random, and cards in hand for levels: the kept parts of big armies (issue 33)."""
    st = GAME.new(4, seed)
    pick = random.Random(seed)
    while (st.data["flow"]["prompt"] or {}).get("kind") != "main":
        seat = st.to_act[0]
        st.apply(seat, pick.choice(st.legal_actions(seat)).id)
    st.data["resources"] = [12, 12, 12, 12]
    b = st.board
    taken = _occupied(st.data)
    free = sorted(h for h, kind in b.kind.items() if kind != "water" and h not in taken)
    pick.shuffle(free)
    cards = sorted(UNITS)
    for seat in range(4):
        for _ in range(12):
            put(st, pick.choice(cards), seat, free.pop())
        give(st, seat, pick.choice(cards), pick.choice(cards))
    return st


def _play_armies(seed, steps):
    st = _armies(seed)
    pick = random.Random(seed)
    listed = 0
    for _ in range(steps):
        if st.is_over:
            break
        seat = st.to_act[0]
        acts = st.legal_actions(seat)
        prompt = st.data["flow"]["prompt"]
        if prompt is not None and prompt["kind"] == "main":
            assert acts == plain_main_actions(st, seat)
            listed += 1
        st.apply(seat, pick.choice(acts).id)
    return listed


@pytest.mark.rule("CC-MOVE-1", "CC-MOVE-6", "CC-ATK-1", "CC-CARD-3")
def test_fast_listing_equals_the_plain_one_with_big_armies():
    """With 48 units on the board (the units split in C, attack targets found among the hexes in range, the
    Assassinate/Corrupt range from the remembered discs, special cards on own units from remembered Actions),
    every Main listing of 600 random actions equals the plain one; and the same comparison catches an attack
    listing that forgets the minimum range (a fast path broken on purpose)."""
    from pyapp.games.clockwork import units
    assert _play_armies(7, 600) > 200
    good = units._near_targets
    units._near_targets = lambda h, lo, ranged_ok, cand, bar: good(h, 0, ranged_ok, cand, bar)   # broken on purpose
    units._ATTACKS.clear()
    try:
        with pytest.raises(AssertionError):
            _play_armies(7, 600)
    finally:
        units._near_targets = good
        units._ATTACKS.clear()

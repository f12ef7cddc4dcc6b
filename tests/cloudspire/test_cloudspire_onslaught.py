"""Cloudspire Onslaught Phase: the five stages of a turn (CS-ONS, CS-SOT, CS-MOV, CS-FIRE, CS-EXP,
CS-ATK, CS-DEF), positions built through tests/cloudspire_helpers.py."""
from __future__ import annotations

import pytest

from cloudspire_helpers import (act, camp, clear_landmarks, event, gate, gate_health, give, hp, ids, lane, landmark,
                                march, new, owned, relic, rig, scape, spire, stack, start_turn, unit)
from pyapp.engine.log import plain
from pyapp.games.cloudspire.content import UNITS

rule = pytest.mark.rule


def board(players=2, foes=True):
    """No landmarks, no Source (so no limited builds to offer); with ``foes`` every other seat has a
    minion waiting in its stack, so nobody is in campfire mode."""
    s = new(players)
    clear_landmarks(s)
    for seat in range(players):
        give(s, seat, 0)
        if foes and seat:
            stack(s, seat, [[s.data["barracks"][seat]["minions"] and sorted(s.data["barracks"][seat]["minions"])[0]]])
    return s


def last(s, n=1):
    return [plain(e) for e in s.log[-n:]]


@rule("CS-STK-11", "CS-GAP-42", "CS-MOV-4", "CS-MOV-9", "CS-MOV-10", "CS-ONS-2")
def test_stacked_minion_leaves_the_gate_with_its_full_movement_toward_the_mark():
    s = board()
    stack(s, 0, [["page"]])
    start_turn(s, 0)
    got = ids(s)
    assert got and all(a.startswith("step:top:") for a in got)     # the minion must move: no way out
    start = march(s, gate(s, 0), 1)
    for a in got:                                                  # each end is closer, 2 steps away
        h = a.split(":")[2]
        assert march(s, h, 1) < start and s.terrain(h) == "path"
    best = min(got, key=lambda a: march(s, a.split(":")[2], 1))
    act(s, best)
    h = best.split(":")[2]
    assert march(s, h, 1) == start - 2                             # the full movement of the page
    assert f"P1's Page moves from {gate(s, 0)} to {h}" in [plain(e) for e in s.log]


@rule("CS-MOV-5", "CS-GAP-45")
def test_the_leading_minion_moves_first_and_ties_are_the_owners_choice():
    s = board()
    road = lane(s, 0, 1)
    lead = unit(s, 0, road[5], chips=["page"])
    unit(s, 0, road[2], chips=["page"])
    start_turn(s, 0)
    opts = [a for a in ids(s) if a.startswith("step:")]
    assert {a.split(":")[1] for a in opts} == {lead}
    # a tie: both as close, the owner picks
    s = board()
    road = lane(s, 0, 1)
    dist = s.march_distance({"path"}, gate(s, 1))
    twin = next(x for x in sorted(dist) if dist[x] == dist[road[5]] and x != road[5] and not s.solid(x))
    a = unit(s, 0, road[5], chips=["page"])
    b = unit(s, 0, twin, chips=["page"])
    start_turn(s, 0)
    assert {x.split(":")[1] for x in ids(s) if x.startswith("step:")} == {a, b}


@rule("CS-GAP-44")
def test_a_minion_next_to_its_marked_gate_stays():
    s = board()
    road = lane(s, 0, 1)
    uid = unit(s, 0, road[-1], chips=["page"])
    start_turn(s, 0)
    assert s.data["units"][uid]["hex"] == road[-1]


@rule("CS-MOV-11", "CS-GAP-43", "CS-GAP-9")
def test_a_minion_blocked_from_progress_makes_a_lateral_move():
    s = board()
    road = lane(s, 0, 1)
    dist = s.march_distance({"path"}, gate(s, 1))
    h = road[4]
    cur = dist[h]
    for x in s.map.grid.adjacent(h):
        if dist.get(x, 99) < cur:
            unit(s, 1, x, chips=["delver"])                   # opposing units block every closer hex
    me = unit(s, 0, h, chips=["court_warden"])                # movement 1
    start_turn(s, 0)
    moved_to = s.data["units"][me]["hex"]
    opts = [a for a in ids(s) if a.startswith("step:")] if s.flow.prompt else []
    ends = [a.split(":")[2] for a in opts] or [moved_to]
    assert all(dist[e] == cur for e in ends)                  # lateral: the same distance


@rule("CS-MOV-12", "CS-GAP-46")
def test_a_minion_may_displace_a_friendly_hero():
    s = board()
    road = lane(s, 0, 1)
    me = unit(s, 0, road[3], chips=["court_warden"])
    hero = unit(s, 0, road[4], hero="lantern_heir")
    start_turn(s, 0)
    act(s, "minions")                                          # heroes may wait
    step = f"step:{me}:{road[4]}"
    if step in ids(s):
        act(s, step)
    assert s.data["units"][me]["hex"] == road[4]
    pushes = ids(s)
    assert pushes and all(a.startswith("push:") for a in pushes)
    act(s, pushes[0])
    assert s.data["units"][hero]["hex"] == pushes[0][5:]
    assert "lantern_heir" not in s.data["hero_moved"]          # not the hero's own move


@rule("CS-MOV-1", "CS-MOV-2", "CS-MOV-6", "CS-MOV-8", "CS-MOV-13", "CS-MOV-14", "CS-MOV-15", "CS-GAP-8")
def test_heroes_move_before_or_after_the_minions_once_up_to_their_movement():
    s = board()
    road = lane(s, 0, 1)
    hero = unit(s, 0, road[4], hero="lantern_heir")           # movement 3
    other = unit(s, 0, road[8], hero="archivist")
    unit(s, 0, road[2], chips=["court_warden"])
    start_turn(s, 0)
    got = ids(s)
    dests = [a.split(":")[2] for a in got if a.startswith(f"hero:{hero}:")]
    assert "minions" in got and dests
    assert all(1 <= s.map.grid.distance(road[4], h) <= 3 for h in dests)
    assert all(s.terrain(h) in ("path", "forest") for h in dests)
    assert any(march(s, h, 1) > march(s, road[4], 1) for h in dests)   # any direction, even backwards
    assert any(s.terrain(h) == "forest" for h in dests)
    act(s, next(a for a in got if a.startswith(f"hero:{other}:")))
    got = ids(s)
    assert not any(a.startswith(f"hero:{other}:") for a in got)            # once per turn
    act(s, "minions")                                          # minions now; the other hero may move after
    while any(a.startswith("step:") for a in ids(s)):
        act(s, ids(s)[0])
    got = ids(s)
    assert any(a.startswith(f"hero:{hero}:") for a in got) and "fire" in got
    assert not any(a.startswith(f"hero:{other}:") for a in got)


@rule("CS-MOV-3", "CS-STK-9")
def test_a_hero_on_top_of_the_stack_moves_before_the_minions_under_it():
    s = board()
    stack(s, 0, ["lantern_heir", ["page"]])
    start_turn(s, 0)
    got = ids(s)
    assert "minions" not in got and got and all(a.startswith("hero:top:") for a in got)
    act(s, got[0])
    assert s.data["stacks"][0][0] == {"chips": ["page"]} or not s.data["stacks"][0]


@rule("CS-MOV-7", "CS-GAP-47")
def test_a_hero_left_on_top_of_the_stack_after_the_minions_must_move():
    s = board()
    stack(s, 0, [["page"], "lantern_heir"])
    start_turn(s, 0)
    act(s, ids(s)[0])                                          # the page leaves first
    got = ids(s)
    assert got and all(a.startswith("hero:top:") for a in got) and "fire" not in got


@rule("CS-FIRE-1", "CS-FIRE-3", "CS-FIRE-4", "CS-FIRE-6", "CS-FIRE-7", "CS-GAP-49", "CS-UI-22")
def test_opposing_spires_fire_at_the_current_players_units():
    s = board()
    road = lane(s, 0, 1)
    h = road[6]
    near = next(x for x in s.map.grid.adjacent(h) if s.terrain(x) and not s.solid(x) and x not in road)
    spire(s, 1, "chain_spire", near, ["attack", "attack"])
    spire(s, 0, "candle_spire", road[8], ["attack"])          # own spires never fire on one's own turn
    hero = unit(s, 0, h, hero="lantern_heir")
    rig(s, 5, 4)                                              # faces 2 and 2
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    assert s.data["units"][hero]["hp"] == 5 - 4
    assert "dice 2 2, 4 damage" in " ".join(last(s, 3))


@rule("CS-FIRE-2", "CS-FIRE-5", "CS-GAP-3")
def test_each_opponent_fires_in_turn_order_and_chooses_its_target():
    s = board(3)
    road = lane(s, 0, 1)
    a = unit(s, 0, road[5], hero="lantern_heir")
    b = unit(s, 0, road[6], hero="archivist")
    near = next(x for x in s.map.grid.adjacent(road[5]) if s.terrain(x) and not s.solid(x)
                and x not in road and s.map.grid.distance(x, road[6]) == 1)
    spire(s, 2, "furnace_spire", near, ["attack"])
    rig(s, 1, 1, 1)
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    assert s.to_act == (2,)
    assert sorted(ids(s)) == sorted([f"shoot:{a}", f"shoot:{b}"])
    act(s, f"shoot:{b}")
    assert s.data["units"][b]["hp"] == 6 - 1


@rule("CS-FIRE-8", "CS-FIRE-9", "CS-GAP-50", "CS-GAP-31")
def test_spire_range_counts_through_units_but_not_through_sky():
    s = board()
    road = lane(s, 0, 1)
    reach = s.reach_map(road[3], 2)
    unit(s, 1, road[4], chips=["delver"])
    assert road[5] in s.reach_map(road[3], 2)                  # through an occupied hex
    from pyapp.engine.hexgrid import HexGrid
    grid = HexGrid(s.map.grid.cols, s.map.grid.rows)              # the whole rectangle, sky included
    land = sorted(s.map.terrain)
    across = [(x, y) for x in land for y in land if grid.distance(x, y) == 3
              and s.map.group[x] != s.map.group[y] and grid.between(x, y)
              and all(s.terrain(z) is None for z in grid.between(x, y))]
    x, y = across[0]                                           # a straight line over sky only
    assert y not in s.reach_map(x, 3)
    assert reach
    sid = spire(s, 1, "chain_spire", road[2], ["range", "attack", "range"])
    assert s.spire_range(sid) == 2


@rule("CS-EXP-1", "CS-EXP-2", "CS-EXP-3", "CS-EXP-4", "CS-EXP-5", "CS-EXP-7", "CS-UI-23")
def test_exploring_a_landmark_shows_its_side_to_the_explorer_only():
    s = board()
    road = lane(s, 0, 1)
    h = road[6]
    lm = next(x for x in s.map.grid.adjacent(h) if s.terrain(x) and x not in road and not s.solid(x))
    landmark(s, lm, "guardian")
    unit(s, 0, h, hero="lantern_heir")
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    assert f"explore:{lm}" in ids(s) and "attack" in ids(s)      # optional
    act(s, f"explore:{lm}")
    assert s.view(0)["landmarks"][lm]["tile"] == "guardian"
    assert s.view(1)["landmarks"][lm]["tile"] is None
    assert ids(s) == ["reveal", "leave"]
    assert not any("uardian" in a for a in ids(s))
    act(s, "reveal")
    assert s.view(1)["landmarks"][lm] == {"up": True, "tile": "guardian", "health": 4}
    assert f"explore:{lm}" not in ids(s)


@rule("CS-EXP-6", "CS-GAP-56")
def test_exploring_goes_on_until_the_player_stops_and_a_cache_pays():
    s = board()
    road = lane(s, 0, 1)
    h = road[6]
    spots = [x for x in s.map.grid.adjacent(h) if s.terrain(x) and x not in road and not s.solid(x)][:2]
    landmark(s, spots[0], "cache")
    landmark(s, spots[1], "ruins")
    unit(s, 0, h, hero="lantern_heir")
    give(s, 0, 0)
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    act(s, f"explore:{spots[0]}")
    act(s, "reveal")
    assert s.data["source"][0] == 3
    act(s, f"explore:{spots[1]}")
    act(s, "leave")
    assert not any(a.startswith("explore:") for a in ids(s))


def duel(attacker="squire", defender=("delver",)):
    """P1's minion next to P2's gate (it stays) and a P2 minion beside it; P1's attack stage."""
    s = board()
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=[attacker])
    d = unit(s, 1, road[-2], chips=list(defender))
    start_turn(s, 0)
    return s, a, d, road[-2]


@rule("CS-ATK-2", "CS-ATK-4", "CS-ATK-6", "CS-ATK-7", "CS-ATK-9", "CS-GAP-52")
def test_a_minion_must_attack_an_adjacent_unit_which_retaliates():
    s, a, d, at = duel("squire", ("shackler",))
    got = ids(s)
    assert f"atk:{a}:{at}" in got and f"atk:{a}:{gate(s, 1)}" in got
    assert "end" not in got                                    # the minion must attack
    act(s, f"atk:{a}:{at}")
    assert s.data["units"][d]["hp"] == UNITS["shackler"]["health"] - UNITS["squire"]["attack"]
    assert a not in s.data["units"]                             # the shackler strikes back for 2


@rule("CS-ATK-8", "CS-DEF-1", "CS-DEF-3", "CS-GAP-27", "CS-GAP-77")
def test_a_defeated_minion_goes_home_and_pays_its_reward():
    s, a, d, at = duel("squire", ("delver",))
    hp(s, d, 1)
    before = s.data["barracks"][1]["minions"]["delver"]
    give(s, 0, 0)
    act(s, f"atk:{a}:{at}")
    assert d not in s.data["units"]
    assert s.data["barracks"][1]["minions"]["delver"] == before + 1
    assert s.data["source"][0] == 1                            # delver: CP 1, reward 1
    assert s.data["units"][a]["hp"] == 2                       # defeated: no retaliation


@rule("CS-ATK-10", "CS-ATK-5", "CS-ATK-1")
def test_only_the_first_attack_in_a_turn_draws_retaliation():
    s = board()
    road = lane(s, 0, 1)
    target = unit(s, 1, road[6], chips=["gloom_knight"])       # 4 health, attack 3
    side = [x for x in s.map.grid.adjacent(road[6]) if not s.solid(x) and s.terrain(x) == "path"
            and x != road[6] and s.unit_at(x) is None]
    a = unit(s, 0, road[5], hero="lantern_heir")
    b = unit(s, 0, side[0] if side[0] != road[5] else side[1], hero="archivist")
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    act(s, f"atk:{a}:{road[6]}")
    assert s.data["units"][a]["hp"] == 5 - 3
    assert not any(x.startswith(f"atk:{a}:") for x in ids(s))   # once per turn
    act(s, f"atk:{b}:{road[6]}")
    assert s.data["units"][b]["hp"] == 6                       # the second attack: no retaliation


@rule("CS-ATK-11", "CS-ATK-12", "CS-STK-6", "CS-GAP-64")
def test_a_group_reveals_its_next_minion_with_full_health():
    s, a, d, at = duel("court_warden", ("delver", "shackler"))
    hp(s, d, 1)
    give(s, 0, 0)
    act(s, f"atk:{a}:{at}")
    grp = s.data["units"][d]
    assert grp["chips"] == ["shackler"] and grp["hp"] == UNITS["shackler"]["health"]   # no carry-over of the extra damage
    assert s.data["source"][0] == 1


@rule("CS-ATK-3")
def test_a_hero_may_decline_to_attack():
    s2 = board()
    road = lane(s2, 0, 1)
    unit(s2, 0, road[5], hero="lantern_heir")
    unit(s2, 1, road[6], chips=["delver"])
    start_turn(s2, 0)
    act(s2, "minions")
    act(s2, "fire")
    assert "end" in ids(s2)


def spire_fight(ups):
    s = board()
    road = lane(s, 0, 1)
    near = next(x for x in s.map.grid.adjacent(road[5]) if s.terrain(x) and not s.solid(x) and x not in road)
    sid = spire(s, 1, "chain_spire", near, ups)
    h = unit(s, 0, road[5], hero="lantern_heir")              # attack 2
    rig(s, 0, 0)                                              # the spire rolls blanks
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    return s, sid, h, near


@rule("CS-ATK-13", "CS-ATK-14", "CS-ATK-15", "CS-ATK-16", "CS-ATK-17", "CS-DEF-4", "CS-UI-25")
def test_attacks_on_spires_remove_the_bottom_upgrade_only():
    s, sid, h, near = spire_fight(["fortification", "attack"])
    act(s, f"atk:{h}:{near}")
    assert s.data["spires"][sid]["ups"] == ["attack"]          # 2 damage: the bottom fortification only
    assert s.data["units"][h]["hp"] == 5                       # spires never retaliate
    assert "loses its bottom fortification upgrade" in " ".join(last(s, 8))
    s, sid, h, near = spire_fight(["attack"])
    before = s.data["barracks"][1]["spires"]["chain_spire"]
    act(s, f"atk:{h}:{near}")
    assert sid not in s.data["spires"]
    assert s.data["barracks"][1]["spires"]["chain_spire"] == before + 1
    assert s.data["source"][0] == 2                            # reward: half of 3, rounded up


@rule("CS-ATK-15")
def test_one_damage_does_not_remove_a_fortification():
    s = board()
    road = lane(s, 0, 1)
    near = next(x for x in s.map.grid.adjacent(road[-1]) if s.terrain(x) and not s.solid(x) and x not in road)
    sid = spire(s, 1, "chain_spire", near, ["fortification"])
    me = unit(s, 0, road[-1], chips=["page"])                   # attack 1, stays by the gate
    start_turn(s, 0)
    act(s, f"atk:{me}:{near}")
    assert s.data["spires"][sid]["ups"] == ["fortification"]
    assert "holds: no upgrade removed" in " ".join(last(s, 6))


@rule("CS-DEF-2", "CS-DEF-6", "CS-UI-26", "CS-GAP-61", "CS-GAP-62")
def test_a_hero_that_defeats_may_level_up_and_a_defeated_hero_leaves_the_game():
    s = board()
    road = lane(s, 0, 1)
    h = unit(s, 0, road[5], hero="lantern_heir")
    foe = unit(s, 1, road[6], hero="deep_warden", hp=1)
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    act(s, f"atk:{h}:{road[6]}")
    assert foe not in s.data["units"] and "deep_warden" not in s.data["heroes"][1]
    assert sorted(ids(s)) == ["level", "nolevel"]
    act(s, "level")
    assert s.data["heroes"][0]["lantern_heir"]["level"] == 2
    assert s.stat(s.data["units"][h], "attack") == 4 and s.data["units"][h]["hp"] == 6   # attack 3 (balance) + 1


@rule("CS-DEF-5", "CS-GAP-63")
def test_a_defeated_merc_minion_is_discarded():
    s, a, d, at = duel("squire", ("sellsword",))
    hp(s, d, 1)
    act(s, f"atk:{a}:{at}")
    assert "sellsword" in s.data["market"]["discard"]


@rule("CS-GAP-54", "CS-GAP-55", "CS-GAP-68")
def test_gate_attacks_draw_one_damage_and_a_destroyed_gate_ends_a_two_player_game():
    s = board()
    road = lane(s, 0, 1)
    h = unit(s, 0, road[-1], hero="lantern_heir")
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    full = s.data["gate"][1]["health"]
    act(s, f"atk:{h}:{gate(s, 1)}")
    assert s.data["gate"][1]["health"] == full - 3 and s.data["gate_damage"][0] == 3    # the Lantern Heir's attack 3
    assert s.data["units"][h]["hp"] == 4
    s2 = board()
    road = lane(s2, 0, 1)
    gate_health(s2, 1, 2)
    h = unit(s2, 0, road[-1], hero="lantern_heir")
    start_turn(s2, 0)
    act(s2, "minions")
    act(s2, "fire")
    act(s2, f"atk:{h}:{gate(s2, 1)}")
    out = s2.outcome()
    assert out.kind == "win" and out.winners == (0,)


@rule("CS-GAP-69")
def test_with_three_players_a_destroyed_fortress_is_out_and_marks_switch():
    s = board(3)
    road = lane(s, 0, 1)
    gate_health(s, 1, 1)
    h = unit(s, 0, road[-1], hero="lantern_heir")
    unit(s, 1, road[3], chips=["delver"])
    start_turn(s, 0, marks=[1, 0, 1])
    act(s, "minions")
    act(s, "fire")
    act(s, f"atk:{h}:{gate(s, 1)}")
    assert not s.is_over and 1 in s.data["out"]
    assert not any(u["owner"] == 1 for u in s.data["units"].values())
    assert s.data["marks"][2] == 0


@rule("CS-CMP-17", "CS-SOT-3", "CS-SOT-4", "CS-SOT-5", "CS-SOT-6", "CS-SOT-7", "CS-GAP-35", "CS-UI-18", "CS-UI-27")
def test_limited_builds_at_the_start_of_the_turn_at_most_twice_per_onslaught():
    s = board()
    give(s, 0, 20)
    owned(s, 0)
    scape(s, 0, "mossy_shelf")
    unit(s, 0, lane(s, 0, 1)[3], hero="lantern_heir")
    start_turn(s, 0)
    got = ids(s)
    assert "go" in got and any(a.startswith("spire:") for a in got)
    assert not any(a.startswith(("scape:", "adv:")) for a in got)
    for _ in range(2):
        act(s, "spire:candle_spire")
        act(s, next(a for a in ids(s) if a.startswith("at:")))
    assert s.data["limited"][0] == 2
    assert s.view(0)["limited"] == [2, 0]
    assert not s.flow.prompt or not any(a.startswith("spire:") for a in ids(s))


@rule("CS-SOT-1", "CS-SOT-2", "CS-GAP-48", "CS-UI-19")
def test_campfire_mode_when_only_one_player_has_units():
    s = board(foes=False)
    road = lane(s, 0, 1)
    h = unit(s, 0, road[3], hero="lantern_heir")
    unit(s, 0, road[5], chips=["page"])
    start_turn(s, 0)
    assert s.data["units"][h]["camp"] and s.view(1)["units"][0]["camp"]
    assert not any(a.startswith(f"hero:{h}") for a in ids(s)) if s.flow.prompt else True


@rule("CS-GAP-72", "CS-FAC-2")
def test_forsaken_units_sometimes_will_not_fight():
    s = new(2, ["brawnen", "keel"])
    clear_landmarks(s)
    road = lane(s, 0, 1)
    me = unit(s, 0, road[5], chips=["forsaken_brute"])
    unit(s, 1, road[6], chips=["delver"])
    rig(s, 0)                                                  # rolls a 1
    start_turn(s, 0)
    assert s.data["units"][me]["idle"]
    assert not any(a.startswith(f"atk:{me}") for a in ids(s)) if s.flow.prompt else True


@rule("CS-GAP-74", "CS-FAC-4")
def test_grovetenders_are_stronger_while_they_hoard_source():
    s = new(2, ["grovetenders", "keel"])
    u = unit(s, 0, lane(s, 0, 1)[3], chips=["bramble"])
    sid = spire(s, 0, "seedling_spire", "b3", ["attack"])
    give(s, 0, 9)
    assert s.stat(s.data["units"][u], "attack") == 2 and s.dice(sid) == 1
    give(s, 0, 10)
    assert s.stat(s.data["units"][u], "attack") == 3 and s.dice(sid) == 2


@rule("CS-GAP-77", "CS-FAC-7")
def test_keel_profit_from_subjugating_minions():
    s = new(2, ["keel", "heirs"])
    clear_landmarks(s)
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["gloom_knight"])
    d = unit(s, 1, road[-2], chips=["page"])
    give(s, 0, 0)
    start_turn(s, 0)
    act(s, f"atk:{a}:{road[-2]}")
    assert d not in s.data["units"] and s.data["source"][0] == 1 + 1


@rule("CS-GAP-60")
def test_regenerate_heals_at_the_start_of_its_owners_turn():
    s = new(2, ["grovetenders", "keel"])
    clear_landmarks(s)
    h = unit(s, 0, lane(s, 0, 1)[3], hero="elder_bough", hp=3)
    start_turn(s, 0)
    assert s.data["units"][h]["hp"] == 4


@rule("CS-GAP-58")
def test_a_relic_is_used_once_at_the_start_of_a_turn():
    s = board()
    relic(s, 0, "sky_pearl")
    give(s, 0, 0)
    unit(s, 0, lane(s, 0, 1)[3], hero="lantern_heir")
    start_turn(s, 0)
    act(s, "relic:sky_pearl")
    assert s.data["source"][0] == 3 and s.data["relics"][0] == []


@rule("CS-GAP-59")
def test_an_event_changes_the_wave_for_everybody():
    s = board()
    u = unit(s, 0, lane(s, 0, 1)[3], chips=["page"])
    v = unit(s, 1, lane(s, 1, 0)[3], chips=["delver"])
    event(s, "tailwind")
    assert s.stat(s.data["units"][u], "move") == 3 and s.stat(s.data["units"][v], "move") == 2


@rule("CS-END-1", "CS-GAP-66", "CS-GAP-65", "CS-ONS-1", "CS-ONS-3", "CS-ONS-4", "CS-GAP-67")
def test_the_wave_ends_when_no_minion_is_left_and_units_go_home():
    s = board(foes=False)
    road = lane(s, 0, 1)
    unit(s, 0, road[3], hero="lantern_heir")
    start_turn(s, 0)
    assert s.data["wave"] == 2 and s.data["units"] == {}
    assert "lantern_heir" in s.data["heroes"][0]
    assert "Wave 1 ends" in [plain(e) for e in s.log]


@rule("CS-END-2", "CS-END-3", "CS-WAVE-1", "CS-GAP-70")
def test_four_waves_then_the_game_ends_by_gate_damage():
    s = new()
    from cloudspire_helpers import skip_to
    for w in (2, 3, 4):
        skip_to(s, "market", wave=w)
    while not s.is_over:
        seat = s.to_act[0]
        from cloudspire_helpers import default_choice
        s.apply(seat, default_choice(s, seat))
    # every player tied on damage, gate health and Source: the win is shared (CS-GAP-68)
    assert s.data["wave"] == 4 and s.outcome().kind == "shared" and s.outcome().winners == (0, 1)
    assert "damage dealt to opposing gates" in s.outcome().reason
    t = type(s).game.replay(2, s.seed, s.options, s.history)
    assert t == s


@rule("CS-GAP-51")
def test_spires_never_shoot_stacked_units():
    s = board()
    stack(s, 0, ["lantern_heir"])
    near = next(x for x in s.map.grid.adjacent(gate(s, 0)) if s.terrain(x) and not s.solid(x))
    sid = spire(s, 1, "chain_spire", near, ["attack"])
    assert s.spire_targets(sid, 0) == []
    h = unit(s, 0, near if False else lane(s, 0, 1)[0], hero="archivist")
    camp(s, h)
    assert s.spire_targets(sid, 0) == []                                # nor campfire heroes


@rule("CS-GAP-53")
def test_spire_damage_does_not_carry_over_in_a_group():
    s = board()
    road = lane(s, 0, 1)
    g = unit(s, 0, road[-1], chips=["page", "court_warden"])          # the page has 1 health
    near = next(x for x in s.map.grid.adjacent(road[-1]) if s.terrain(x) and not s.solid(x) and x not in road)
    spire(s, 1, "chain_spire", near, ["attack", "attack"])
    rig(s, 5, 5)                                                       # 4 damage
    start_turn(s, 0)
    assert s.data["units"][g]["chips"] == ["court_warden"]
    assert s.data["units"][g]["hp"] == UNITS["court_warden"]["health"]


@rule("CS-GAP-57")
def test_a_revealed_guardian_can_be_fought_strikes_back_and_pays_when_destroyed():
    s = board()
    road = lane(s, 0, 1)
    h = road[6]
    lm = next(x for x in s.map.grid.adjacent(h) if s.terrain(x) and x not in road and not s.solid(x))
    landmark(s, lm, "guardian", up=False)
    a = unit(s, 0, h, hero="lantern_heir")
    b = unit(s, 0, next(x for x in s.map.grid.adjacent(lm) if not s.solid(x) and s.unit_at(x) is None
                         and s.terrain(x) in ("path", "forest") and x not in road), hero="archivist")
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    assert f"atk:{a}:{lm}" not in ids(s)                                # facedown: not a target
    act(s, f"explore:{lm}")
    act(s, "reveal")
    act(s, f"atk:{a}:{lm}")
    assert s.data["landmarks"][lm]["health"] == 1 and s.data["units"][a]["hp"] == 4   # 4 - the Lantern Heir's 3
    give(s, 0, 0)
    act(s, f"atk:{b}:{lm}")                                             # 3 damage: destroyed
    assert s.data["units"][b]["hp"] == 6
    assert lm not in s.data["landmarks"] and s.data["source"][0] == 3


@rule("CS-WAVE-5", "CS-GAP-4", "CS-UI-1", "CS-UI-2")
def test_turns_start_with_the_first_player_who_changes_each_wave():
    from cloudspire_helpers import skip_to
    s = new(3)
    first = s.flow.first
    v = s.view(0)
    assert v["first"] == first and v["order"] == [first, (first + 1) % 3, (first + 2) % 3]
    assert v["wave"] == 1 and v["phase"] == "market" and s.to_act == (first,)
    skip_to(s, "market", wave=2)
    assert s.flow.first == (first + 1) % 3 and s.to_act == ((first + 1) % 3,)


@rule("CS-UI-32", "CS-UI-24")
def test_rewards_and_retaliation_are_reported():
    s = board()
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["squire"])
    unit(s, 1, road[-2], chips=["gloom_knight"], hp=2)
    start_turn(s, 0)
    act(s, f"atk:{a}:{road[-2]}")
    text = [plain(e) for e in s.log[-4:]]
    assert "P1 gains 3 Source (reward for Gloom Knight)" in text


@rule("CS-GAP-72")
def test_a_forsaken_unit_leaving_its_stack_rolls_as_it_leaves():
    s = new(2, ["brawnen", "keel"])
    clear_landmarks(s)
    give(s, 0, 0)
    give(s, 1, 0)
    stack(s, 0, [["forsaken_brute"]])
    stack(s, 1, [["delver"]])
    rig(s, 5)                                                  # rolls a 6: it fights
    start_turn(s, 0)
    while any(a.startswith("step:") for a in ids(s)):
        act(s, ids(s)[0])
    assert any("forsaken Forsaken Brute rolls 6" in plain(e) for e in s.log)

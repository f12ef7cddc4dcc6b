"""Clockwork Crusade: movement, attacks, counter attacks, buildings, levels, Gate Tokens, winning."""
from __future__ import annotations

import pytest

from clockwork_helpers import (Script, active, add_gate, add_portal, give, hand, hand_keys, ids, main, out,
                                    put, remove_gate, units)

rule = pytest.mark.rule


def moves(st, h):
    return sorted(a.split(">")[1] for a in ids(st) if a.startswith(f"move:{h}>"))


def attacks(st, h):
    return sorted(a.split(">")[1] for a in ids(st) if a.startswith(f"attack:{h}>"))


@rule("CC-MOVE-1", "CC-MOVE-2", "CC-UI-17", "CC-MAT-7", "CC-GAP-26", "CC-UCARD-7")
def test_move_up_to_movement_once():
    st = main()
    put(st, "infantry", 0, "e3")
    dests = moves(st, "e3")
    assert "e2" in dests and "e1" in dests and "e4" in dests and "f1" in dests
    assert "d3" not in dests  # water
    assert all(st.board.kind[d] != "water" for d in dests)
    from pyapp.games.clockwork.geometry import distance
    assert max(distance("e3", d) for d in dests) == 2
    st.apply(0, "move:e3>e2")
    assert moves(st, "e2") == []


@rule("CC-MOVE-6", "CC-TERR-4", "CC-MOVE-7", "CC-TERR-3")
def test_water_blocks_neutral_space_and_grid_borders_do_not():
    st = main()
    put(st, "infantry", 0, "c3")
    assert "d3" not in moves(st, "c3")
    st = main()
    put(st, "infantry", 0, "f3")  # neutral space, no territory
    assert st.board.terr.get("f3") is None
    assert "g3" in moves(st, "f3") and "g4" in moves(st, "f3")  # onto Rail Crossing
    assert st._control_territories(0) == []


@rule("CC-GAP-25", "CC-GAP-17", "CC-GAP-20")
def test_moving_through_units_gates_and_portals():
    st = main()
    put(st, "infantry", 0, "e3")
    put(st, "infantry", 0, "e2")
    assert "e1" in moves(st, "e3") and "e2" not in moves(st, "e3")  # through a friend, not onto it
    st = main()
    put(st, "infantry", 0, "e3")
    put(st, "infantry", 1, "e2")
    add_portal(st, "f2", 1, "infantry")
    d = moves(st, "e3")
    assert "e2" not in d and "f2" not in d and "e1" not in d  # e1 only through e2/f2
    st = main()
    put(st, "infantry", 0, "e4")
    assert "f5" not in moves(st, "e4")  # a Gate Token's hex
    assert "f4" not in attacks(st, "e4")  # a portal is not a unit and is never attacked


@rule("CC-ATK-3", "CC-ATK-5", "CC-MAT-11", "CC-UI-9", "CC-ATK-2", "CC-UCARD-5", "CC-UCARD-6")
def test_attack_hits_when_higher():
    st = main()
    put(st, "infantry", 0, "e3")
    put(st, "infantry", 1, "e2")
    st.rng = Script(rolls=[4, 4, 3, 3])
    st.apply(0, "attack:e3>e2")
    r = st.view(1)["roll"]
    assert r["dice"] == [4, 4] and r["bonus"] == 1 and r["total"] == 9
    assert r["defense_dice"] == [3, 3] and r["defense_total"] == 7 and r["hit"]
    assert st._unit_at("e2") is None


@rule("CC-ATK-4", "CC-ATK-6", "CC-ATK-11", "CC-CTR-1", "CC-CTR-2", "CC-UI-18")
def test_tie_goes_to_the_defender_and_offers_a_counter_attack():
    st = main()
    put(st, "infantry", 0, "e3")
    put(st, "infantry", 1, "e2")
    st.rng = Script(rolls=[3, 3, 3, 3])
    st.apply(0, "attack:e3>e2")
    assert st._unit_at("e2") and st.to_act == (1,) and ids(st) == ["counter", "nocounter"]
    st.apply(1, "nocounter")
    assert st.to_act == (0,) and attacks(st, "e3") == [] and moves(st, "e3") == []


@rule("CC-CTR-3", "CC-CTR-4", "CC-GAP-30")
def test_counter_attack_rolls_and_ties_go_to_the_original_attacker():
    for rolls, dead in (([2, 2, 2, 2], False), ([3, 2, 2, 2], True)):
        st = main()
        a = put(st, "infantry", 0, "e3")
        put(st, "infantry", 1, "e2")
        st.rng = Script(rolls=[1, 1, 6, 6] + rolls)
        st.apply(0, "attack:e3>e2")
        st.apply(1, "counter")
        assert (a not in units(st)) == dead
        assert st.view(None)["pending"] is None and st.to_act == (0,)  # no counter to a counter


@rule("CC-GAP-30", "CC-RONLY-2")
def test_counter_attack_needs_the_attacker_in_range():
    st = main()
    put(st, "skirmisher", 0, "e3")
    put(st, "sharpshooter", 1, "e2")  # Ranged Only 2-3: cannot answer from 1 hex
    st.rng = Script(rolls=[1, 1, 6, 6])
    st.apply(0, "attack:e3>e2")
    assert st.view(None)["pending"] is None


@rule("CC-MOVE-3", "CC-ATK-1")
def test_no_move_after_attacking_and_one_attack_a_turn():
    st = main()
    put(st, "infantry", 0, "e3")
    put(st, "infantry", 1, "e2")
    put(st, "infantry", 1, "f3")
    st.rng = Script(rolls=[1, 1, 6, 6])
    st.apply(0, "attack:e3>e2")
    st.apply(1, "nocounter")
    assert moves(st, "e3") == [] and attacks(st, "e3") == []


@rule("CC-MOVE-4", "CC-MOVE-5", "CC-ATK-8", "CC-GAP-29")
def test_moved_units_attack_only_adjacent_targets():
    st = main()
    put(st, "skirmisher", 0, "c3")  # Run and Gun: see the abilities tests
    put(st, "hexer", 0, "b3")        # range 2, no Run and Gun
    put(st, "infantry", 1, "e3")
    put(st, "infantry", 1, "d2")
    st.apply(0, "move:b3>b2")
    from pyapp.games.clockwork.geometry import distance
    assert distance("b2", "d2") == 2 and attacks(st, "b2") == []
    st = main()
    put(st, "hexer", 0, "b2")
    put(st, "infantry", 1, "d2")
    assert attacks(st, "b2") == ["d2"]  # not moved: a ranged attack is fine
    st.apply(0, "move:b2>c2")
    assert attacks(st, "c2") == ["d2"]  # moved, then 1 hex away


@rule("CC-ATK-9", "CC-GAP-27")
def test_ranged_attacks_cross_water():
    st = main()
    put(st, "sharpshooter", 0, "c3")
    put(st, "infantry", 1, "e3")
    assert "e3" in attacks(st, "c3")  # d3 (water) lies between


@rule("CC-GAP-28")
def test_no_attacks_on_own_units():
    st = main()
    put(st, "infantry", 0, "e3")
    put(st, "infantry", 0, "e2")
    assert attacks(st, "e3") == []


@rule("CC-ATK-7", "CC-UTYPE-3", "CC-GAP-12")
def test_buildings_have_a_fixed_defense_to_beat():
    for rolls, dead in (([3, 4], False), ([4, 4], True)):
        st = main()
        put(st, "crab-tank", 0, "e3")  # attack 3: 10 is not above 10
        b = put(st, "bunker", 1, "e2")  # defense 10
        st.rng = Script(rolls=list(rolls))
        st.apply(0, "attack:e3>e2")
        assert st.view(None)["roll"]["defense_dice"] is None and st.view(None)["roll"]["defense_total"] == 10
        assert (b not in units(st)) == dead
        assert st.view(None)["pending"] is None  # a Bunker cannot counter attack


@rule("CC-UTYPE-4", "CC-CTR-5", "CC-MOUNT-2", "CC-MOUNT-3", "CC-CTR-6")
def test_only_armed_buildings_fight():
    st = main()
    put(st, "bunker", 0, "e3")
    put(st, "turret", 0, "e1")
    put(st, "infantry", 1, "e2")
    assert attacks(st, "e3") == [] and attacks(st, "e1") == ["e2"]
    assert moves(st, "e1") == [] and moves(st, "e3") == []
    st.rng = Script(rolls=[1, 1, 6, 6])
    st.apply(0, "attack:e1>e2")  # the turret misses; Blue may counter against it
    assert ids(st) == ["counter", "nocounter"]


@rule("CC-CTR-6")
def test_counter_against_a_building_must_beat_its_number():
    for rolls, dead in (([3, 3], False), ([4, 3], True)):
        st = main()
        t = put(st, "turret", 0, "e1")  # defense 9
        put(st, "crab-tank", 1, "e2")   # attack 3
        st.rng = Script(rolls=[1, 1, 6, 6] + rolls)
        st.apply(0, "attack:e1>e2")
        st.apply(1, "counter")
        assert (t not in units(st)) == dead


@rule("CC-CARD-3", "CC-CARD-4", "CC-CARD-6", "CC-CARD-8", "CC-ATK-10", "CC-GAP-32", "CC-GAP-33", "CC-GAP-3",
      "CC-UCARD-9")
def test_levels_follow_the_number_of_copies_held():
    st = main()
    u = put(st, "infantry", 0, "e3")
    e = put(st, "infantry", 1, "e2")
    assert st.stat(u, "attack") == 1 and st.stat(u, "defense") == 1
    give(st, 0, "infantry")  # starting card + 1 = 2.0 at once, for units already out
    assert st.stat(u, "attack") == 2 and st.stat(u, "defense") == 1
    give(st, 0, "infantry")
    assert st.stat(u, "attack") == 2 and st.stat(u, "defense") == 2  # 3.0 replaces 2.0
    give(st, 0, "infantry")
    assert st.level(0, "infantry") == 4 and st.stat(u, "attack") == 2  # 4 copies: still 3.0
    assert st.stat(e, "attack") == 1  # only the holder's units
    give(st, 0, "berserker", "berserker")
    b = put(st, "berserker", 0, "f3")
    assert st.stat(b, "attack") == 3  # berserker 2.0 counts only berserker cards
    st.rng = Script(rolls=[1, 1, 1, 1])
    st.apply(0, "attack:e3>e2")
    assert st.view(None)["roll"]["bonus"] == 2 and st.view(None)["roll"]["defense_bonus"] == 1


@rule("CC-CARD-5", "CC-GAP-34")
def test_conditional_bonus_applies_against_the_named_type_on_either_side():
    st = main()
    give(st, 0, "crab-tank")
    crab = put(st, "crab-tank", 0, "e3")
    assert st.stat(crab, "defense", "vehicle") == 3  # one copy
    give(st, 0, "crab-tank")
    assert st.stat(crab, "defense", "vehicle") == 5 and st.stat(crab, "defense", "soldier") == 3
    put(st, "crab-tank", 1, "e2")
    st.rng = Script(rolls=[1, 1, 1, 1, 1, 1, 1, 1])
    st.apply(0, "attack:e3>e2")  # Red's crab attacks; Blue counters: Red defends with +2 against a vehicle
    st.apply(1, "counter")
    assert st.view(None)["roll"]["defense_bonus"] == 5


@rule("CC-CARD-7", "CC-GAP-35", "CC-MAT-2", "CC-GAP-23")
def test_levels_end_when_a_card_is_lost_and_the_starting_card_never_goes():
    st = main()
    give(st, 1, "infantry")
    u = put(st, "infantry", 1, "e2")
    add_portal(st, "f4", 1, "infantry")
    assert st.stat(u, "attack") == 2
    (raid,) = give(st, 0, "requisition-raid")
    st.rng = Script(choices=[0])
    st.apply(0, f"play:{raid}>1")
    assert st.level(1, "infantry") == 1 and st.stat(u, "attack") == 1 and st.level(0, "infantry") == 2
    assert "i1" in hand(st, 1)
    (raid2,) = give(st, 0, "requisition-raid")
    give(st, 1, "supply-drop")
    st.apply(0, f"play:{raid2}>1")
    assert hand_keys(st, 1) == ["infantry", "supply-drop"]  # nothing to take
    assert st._portal_at("f4")  # a face-down portal is not checked again (CC-GAP-23)


@rule("CC-GATE-5", "CC-GATE-6", "CC-GATE-8", "CC-GAP-19")
def test_gate_tokens_are_attackable_only_unguarded():
    st = main()
    put(st, "infantry", 0, "e5")
    assert attacks(st, "e5") == ["f5"]
    put(st, "bulwark", 1, "d4")  # a Blue unit anywhere in 1D
    assert attacks(st, "e5") == ["d4"]
    st = main()
    put(st, "infantry", 0, "e5")
    put(st, "infantry", 1, "g5")  # adjacent to f5, but in another territory
    assert "f5" not in attacks(st, "e5")
    st = main()
    put(st, "sharpshooter", 0, "f3")  # range 2-3; f5 is 2 away
    assert attacks(st, "f3") == ["f5"]
    st.apply(0, "move:f3>e3")
    assert attacks(st, "e3") == []  # moved: no ranged attack on a Gate Token either


@rule("CC-GATE-7", "CC-GATE-9", "CC-GATE-10", "CC-GATE-11", "CC-TERR-11", "CC-TERR-10", "CC-GAP-12")
def test_gate_defense_nine_and_the_portal_at_its_arrow():
    st = main()
    add_gate(st, "k1", 1, "k2")
    add_portal(st, "f4", 1, "infantry")
    put(st, "infantry", 0, "e5")
    st.rng = Script(rolls=[4, 4])  # 9: not above 9
    st.apply(0, "attack:e5>f5")
    assert st._gate_at("f5") and st.view(None)["pending"] is None  # never a counter attack
    st = main()
    add_gate(st, "k1", 1, "k2")
    add_portal(st, "f4", 1, "infantry")
    put(st, "infantry", 0, "e5")
    st.rng = Script(rolls=[5, 4])
    st.apply(0, "attack:e5>f5")
    assert st._gate_at("f5") is None and st._portal_at("f4") is None
    assert "1D" not in st._controlled(1)
    terr = {t["id"]: t["controller"] for t in st.view(None)["board"]["territories"]}
    assert terr["1D"] is None and not st.is_over


@rule("CC-WIN-1", "CC-WIN-2", "CC-OVR-3", "CC-UI-26", "CC-GAP-40")
def test_destroying_the_last_enemy_gate_wins():
    st = main()
    put(st, "infantry", 0, "e5")
    put(st, "crab-tank", 1, "k3")  # units elsewhere do not matter
    give(st, 1, "crab-tank")
    st.rng = Script(rolls=[6, 6])
    st.apply(0, "attack:e5>f5")
    assert st.is_over and st.outcome().winners == (0,) and st.to_act == ()
    assert st.view(1)["outcome"]["winners"] == [0]
    assert st.legal_actions(0) == []


@rule("CC-GAP-40")
def test_a_player_without_gates_stays_in_while_they_have_units():
    st = main(players=3)
    put(st, "infantry", 0, "e3")
    remove_gate(st, "a1")
    st.apply(0, "end")
    assert out(st) == [False, False, False] and not st.is_over and active(st) == 1


@rule("CC-GAP-41")
def test_a_player_without_gates_can_still_win():
    st = main()
    put(st, "infantry", 0, "e5")
    remove_gate(st, "a1")
    st.rng = Script(rolls=[6, 6])
    st.apply(0, "attack:e5>f5")
    assert st.is_over and st.outcome().winners == (0,)


@rule("CC-GAP-40")
def test_out_players_are_skipped():
    st = main(players=3)
    remove_gate(st, "f5")
    st.apply(0, "end")
    assert out(st)[1] and active(st) == 2


def test_ending_the_main_step_with_units_that_can_still_act_asks_first():
    """Issue 16: "End the Main step" with a unit that can still move or attack carries a question the app asks
    before applying it; with nothing left to do it carries none (the id and label are unchanged either way)."""
    st = main(seed=3)
    end = next(a for a in st.legal_actions(0) if a.id == "end")
    assert end.label == "End the Main step" and end.confirm == ""
    put(st, "infantry", 0, "e3")
    end = next(a for a in st.legal_actions(0) if a.id == "end")
    assert any(a.id.startswith("move:e3>") for a in st.legal_actions(0))
    assert end.label == "End the Main step" and end.confirm == "One of your units can still move or attack. End the Main step?"

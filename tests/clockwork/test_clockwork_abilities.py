"""Clockwork Crusade: the fourteen unit abilities and the special cards."""
from __future__ import annotations

import pytest

from clockwork_helpers import (Script, active, add_gate, add_portal, begin_turn, give, hand, ids, main, phase,
                                    portals, put, resources, stack, units)

rule = pytest.mark.rule


def acts(st, prefix):
    return sorted(a for a in ids(st) if a.startswith(prefix))


# ---------------------------------------------------------------- Assassinate
@rule("CC-ASSN-1", "CC-ASSN-2", "CC-ASSN-3", "CC-GAP-43", "CC-GAP-44", "CC-UI-20", "CC-UI-10")
def test_assassinate_heads_then_pay_the_cost():
    st = main(res=[5, 5])
    put(st, "shade", 0, "e3")
    put(st, "infantry", 1, "e1")   # cost 2, 2 hexes away
    put(st, "bunker", 1, "f2")     # cost 3, a Building is a fair target
    put(st, "crab-tank", 1, "f3")  # cost 5
    st.rng = Script(coins=[True])
    st.apply(0, "assassinate:e3")
    assert st.view(1)["coin"] == {"seat": 0, "why": "Assassinate (Red Shade e3)", "heads": True}
    assert acts(st, "assassinate:") == ["assassinate:e3>e1", "assassinate:e3>f2", "assassinate:e3>f3"]
    assert "decline" in ids(st)
    st.apply(0, "assassinate:e3>f3")
    assert resources(st)[0] == 0 and st._unit_at("f3") is None and st.view(None)["pending"] is None
    st = main(res=[1, 5])
    put(st, "shade", 0, "e3")
    put(st, "infantry", 1, "e1")
    st.rng = Script(coins=[True])
    st.apply(0, "assassinate:e3")
    assert ids(st) == ["decline"]  # cannot pay 2: paying is optional anyway
    st.apply(0, "decline")
    assert st._unit_at("e1")


@rule("CC-ASSN-4", "CC-ASSN-5", "CC-GAP-31")
def test_assassinate_tails_still_uses_the_attack():
    st = main()
    put(st, "shade", 0, "e3")
    put(st, "infantry", 1, "e2")
    st.rng = Script(coins=[False])
    st.apply(0, "assassinate:e3")
    assert st.view(None)["pending"] is None and acts(st, "attack:e3") == [] and acts(st, "move:e3") == []


# ----------------------------------------------------------- Artillery Shell
@rule("CC-ARTY-1", "CC-ARTY-3", "CC-ARTY-4", "CC-ARTY-5", "CC-GAP-45", "CC-CTR-7")
def test_artillery_shell_range_barricade_and_no_counter():
    st = main()
    put(st, "mortar-walker", 0, "a3")  # shell 3-5
    put(st, "infantry", 1, "d4")       # 3 away
    put(st, "bulwark", 1, "b4")        # Barricade in between: ignored by shells
    put(st, "infantry", 1, "b3")       # 1 away: normal attack only
    assert acts(st, "shell:") == ["shell:a3>d4"]
    assert acts(st, "attack:a3") == ["attack:a3>b3"]
    st.rng = Script(coins=[True], rolls=[1, 1, 6, 6])
    st.apply(0, "shell:a3>d4")
    assert st._unit_at("d4") and st.view(None)["pending"] is None  # missed, and no counter attack
    assert acts(st, "attack:a3") == [] and acts(st, "shell:") == []  # CC-ARTY-6


@rule("CC-ARTY-2", "CC-ARTY-6")
def test_artillery_shell_tails_misses_without_dice():
    st = main()
    put(st, "mortar-walker", 0, "a3")
    put(st, "infantry", 1, "d4")
    put(st, "infantry", 1, "b3")
    st.rng = Script(coins=[False])
    st.apply(0, "shell:a3>d4")
    assert st.rng.rolls == [] and st.view(None)["roll"] is None and acts(st, "attack:a3") == []
    st = main()
    put(st, "mortar-walker", 0, "a3")
    put(st, "infantry", 1, "d4")
    put(st, "infantry", 1, "b3")
    st.rng = Script(rolls=[1, 1, 6, 6])
    st.apply(0, "attack:a3>b3")
    st.apply(1, "nocounter")
    assert acts(st, "shell:") == []


# ------------------------------------------------------------------ Barricade
@rule("CC-BARR-1", "CC-BARR-2", "CC-BARR-3", "CC-GAP-46")
def test_barricade_blocks_ranged_attacks_through_its_hex():
    st = main()
    put(st, "sharpshooter", 0, "e3")  # 2-3
    put(st, "infantry", 1, "e1")
    put(st, "bulwark", 1, "e2")        # between e3 and e1
    assert "attack:e3>e1" not in acts(st, "attack:e3")  # blocked by e2
    assert "attack:e3>e2" not in acts(st, "attack:e3")  # 1 away: too close for a Sharpshooter
    st = main()
    put(st, "skirmisher", 0, "e3")   # range 2
    put(st, "infantry", 1, "e1")
    put(st, "bulwark", 1, "e2")
    assert acts(st, "attack:e3") == ["attack:e3>e2"]  # the Barricade unit itself, and adjacent
    st = main()
    put(st, "sharpshooter", 0, "a3")
    put(st, "infantry", 1, "c3")
    put(st, "bunker", 0, "b2")  # the line a3-c3 runs along the b2/b3 edge; own Barricade blocks too
    assert acts(st, "attack:a3") == []


@rule("CC-GAP-46")
def test_barricade_blocks_counter_attacks_too():
    st = main()
    a = put(st, "sharpshooter", 0, "e3")
    v = put(st, "skirmisher", 1, "e1")
    assert st._can_counter(v, a, "e1")
    put(st, "bulwark", 0, "e2")
    assert not st._can_counter(v, a, "e1")


# --------------------------------------------------------------------- Cleave
@rule("CC-CLEAVE-1", "CC-CLEAVE-2", "CC-GAP-47")
def test_cleave_attacks_two_different_targets():
    st = main()
    put(st, "berserker", 0, "e3")
    put(st, "infantry", 1, "e2")
    put(st, "infantry", 1, "f3")
    st.rng = Script(rolls=[1, 1, 6, 6])
    st.apply(0, "attack:e3>e2")
    st.apply(1, "nocounter")
    assert acts(st, "attack:e3") == ["attack:e3>f3"]  # not the same unit twice
    st.rng = Script(rolls=[1, 1, 6, 6])
    st.apply(0, "attack:e3>f3")
    st.apply(1, "nocounter")
    assert acts(st, "attack:e3") == []


@rule("CC-GAP-47")
def test_cleave_second_attack_lost_if_the_unit_dies():
    st = main()
    b = put(st, "berserker", 0, "e3")
    put(st, "infantry", 1, "e2")
    put(st, "infantry", 1, "f3")
    st.rng = Script(rolls=[1, 1, 6, 6, 6, 6, 1, 1])
    st.apply(0, "attack:e3>e2")
    st.apply(1, "counter")
    assert b not in units(st) and acts(st, "attack:") == []


# -------------------------------------------------------------------- Corrupt
@rule("CC-CORR-1", "CC-CORR-2", "CC-CORR-3", "CC-GAP-48", "CC-UI-24")
def test_corrupt_takes_control_until_the_end_of_the_turn():
    st = main()
    put(st, "hexer", 0, "e3")
    v = put(st, "infantry", 1, "e1")
    put(st, "infantry", 1, "f3")
    give(st, 1, "infantry")
    st.rng = Script(coins=[True])
    st.apply(0, "corrupt:e3")
    assert acts(st, "corrupt:") == ["corrupt:e3>e1", "corrupt:e3>f3"]  # the enemy units in range, nothing else
    st.apply(0, "corrupt:e3>e1")
    assert v["ctrl"] == 0 and st.view(1)["units"][1]["controller"] == 0
    assert st.stat(v, "attack") == 1  # printed numbers while corrupted (the owner's 2.0 stays in the owner's hand)
    assert "move:e1>e2" in ids(st)
    st.apply(0, "move:e1>e2")
    st.apply(0, "end")
    assert v["ctrl"] == 1 and v["hex"] == "e2"


@rule("CC-CORR-4", "CC-CORR-5", "CC-GAP-31")
def test_corrupt_tails_does_nothing_but_uses_the_attack():
    st = main()
    put(st, "hexer", 0, "e3")
    put(st, "infantry", 1, "e2")
    st.rng = Script(coins=[False])
    st.apply(0, "corrupt:e3")
    assert st.view(None)["pending"] is None and acts(st, "attack:e3") == [] and acts(st, "move:e3") == []


# ---------------------------------------------------------- Mounted Weaponry
@rule("CC-MOUNT-2", "CC-MOUNT-3", "CC-CTR-5")
def test_mounted_weaponry_counter_attacks():
    st = main()
    put(st, "infantry", 0, "e3")
    t = put(st, "turret", 1, "e2")
    st.rng = Script(rolls=[1, 1])
    st.apply(0, "attack:e3>e2")
    assert st.to_act == (1,) and "counter" in ids(st, 1)
    st = main()
    put(st, "infantry", 0, "e3")
    put(st, "scrap-foundry", 1, "e2")
    st.rng = Script(rolls=[1, 1])
    st.apply(0, "attack:e3>e2")
    assert st.view(None)["pending"] is None


# --------------------------------------------------------------- Portal Wall
@rule("CC-PWALL-1", "CC-PWALL-2", "CC-PWALL-3", "CC-PWALL-4", "CC-PWALL-5", "CC-GAP-49")
def test_portal_wall_makes_a_wall_next_turn():
    st = main(res=[2, 5])
    put(st, "engineer", 0, "e3")
    walls = acts(st, "wall:")
    assert "wall:e3>e2" in walls and "wall:e3>d3" not in walls  # never on water
    st.apply(0, "wall:e3>e2")
    assert resources(st)[0] == 1 and acts(st, "wall:") == [] and acts(st, "move:e3") == []
    assert st.view(1)["portals"] == [{"hex": "e2", "owner": 0, "source": "wall", "unit": None}]
    st.apply(0, "end")
    st.apply(1, "end")
    # player 0's next turn: the Wall is up, and the turn goes straight on (no relocation for a Wall)
    assert st.to_act == (0,) and phase(st) == "main"
    w = st._unit_at("e2")
    assert w["card"] == "wall"
    assert st.stat(w, "defense") == 10 and "barricade" in st.view(0)["units"][1]["abilities"]


# ---------------------------------------------------------------- Ranged Only
@rule("CC-RONLY-1", "CC-RONLY-2", "CC-RONLY-3", "CC-UCARD-4")
def test_ranged_only_band():
    st = main()
    put(st, "sharpshooter", 0, "a3")
    for h in ("b3", "c3", "d4", "e3"):
        put(st, "infantry", 1, h)
    from pyapp.games.clockwork.geometry import distance
    assert [distance("a3", h) for h in ("b3", "c3", "d4", "e3")] == [1, 2, 3, 4]
    assert acts(st, "attack:a3") == ["attack:a3>c3", "attack:a3>d4"]


# ---------------------------------------------------------------- Regenerate
@rule("CC-REGEN-1", "CC-REGEN-2", "CC-REGEN-4", "CC-GAP-50")
def test_regenerate_heads_comes_back_next_turn():
    st = main()
    put(st, "crab-tank", 0, "e3")
    put(st, "phoenix-rig", 1, "e2")
    st.rng = Script(rolls=[6, 6, 1, 1], coins=[True])
    st.apply(0, "attack:e3>e2")
    assert st._unit_at("e2") is None
    assert st.view(0)["portals"] == [{"hex": "e2", "owner": 1, "source": "regen", "unit": None}]
    assert st.view(1)["portals"][0]["unit"] == "phoenix-rig"
    st.apply(0, "end")
    assert st._unit_at("e2")["card"] == "phoenix-rig" and active(st) == 1


@rule("CC-REGEN-3")
def test_regenerate_tails_stays_destroyed():
    st = main()
    put(st, "crab-tank", 0, "e3")
    put(st, "phoenix-rig", 1, "e2")
    st.rng = Script(rolls=[6, 6, 1, 1], coins=[False])
    st.apply(0, "attack:e3>e2")
    assert portals(st) == []


# ---------------------------------------------------------------- Run and Gun
@rule("CC-RUNGUN-1", "CC-GAP-51")
def test_run_and_gun_moves_then_fires_at_range():
    st = main()
    put(st, "skirmisher", 0, "a3")
    put(st, "infantry", 1, "e1")
    st.apply(0, "move:a3>c2")
    from pyapp.games.clockwork.geometry import distance
    assert distance("c2", "e1") == 2 and acts(st, "attack:c2") == ["attack:c2>e1"]
    st.rng = Script(rolls=[1, 1, 6, 6])
    st.apply(0, "attack:c2>e1")  # Infantry (range 1) cannot counter from 2 away
    assert acts(st, "move:c2") == []


# -------------------------------------------------------------------- Salvage
@rule("CC-SALV-1", "CC-SALV-2", "CC-GAP-52")
def test_salvage_heads_gains_one_and_stops_the_unit():
    st = main(res=[0, 5])
    put(st, "engineer", 0, "e3")
    put(st, "infantry", 1, "e2")
    st.rng = Script(coins=[True])
    st.apply(0, "salvage:e3")
    assert resources(st)[0] == 1 and acts(st, "move:e3") == [] and acts(st, "attack:e3") == []
    assert acts(st, "salvage:") == [] and acts(st, "wall:") == []


@rule("CC-SALV-3", "CC-SALV-1")
def test_salvage_tails_leaves_the_unit_free_but_only_before_it_acts():
    st = main()
    put(st, "engineer", 0, "e3")
    st.rng = Script(coins=[False])
    st.apply(0, "salvage:e3")
    assert acts(st, "move:e3") and acts(st, "salvage:") == []
    st = main()
    put(st, "engineer", 0, "e3")
    st.apply(0, "move:e3>e2")
    assert acts(st, "salvage:") == []


@rule("CC-SALV-1", "CC-SALV-2", "CC-GAP-52", "CC-GAP-48")
def test_salvage_of_a_corrupted_unit_is_only_for_its_owner():
    """Red takes Blue's Engineer (and Scrap Foundry) by Corrupt: Red may move it, but not flip for Salvage,
    which pays the unit's owner in the owner's own Main step."""
    st = main(res=[0, 0])
    put(st, "hexer", 0, "e3")
    eng = put(st, "engineer", 1, "e1")
    st.rng = Script(coins=[True])
    st.apply(0, "corrupt:e3")
    st.apply(0, "corrupt:e3>e1")
    assert eng["ctrl"] == 0 and acts(st, "move:e1")
    assert acts(st, "salvage:") == []
    st.apply(0, "end")
    begin_turn(st, 1)
    while phase(st) != "main":
        st.apply(1, ids(st)[-1])
    assert acts(st, "salvage:") == ["salvage:e1"]       # back with its owner: Blue may flip for it
    st.rng = Script(coins=[True])
    st.apply(1, "salvage:e1")
    assert resources(st) == [0, 1]


# ------------------------------------------------------------------ Scapegoat
@rule("CC-SCAPE-1", "CC-SCAPE-2", "CC-SCAPE-3", "CC-GAP-53", "CC-GAP-54", "CC-UI-19")
def test_scapegoat_redirects_to_an_adjacent_friend():
    st = main()
    put(st, "crab-tank", 0, "e3")
    sq = put(st, "squire", 1, "e2")
    inf = put(st, "infantry", 1, "d1")
    st.rng = Script(rolls=[6, 6, 1, 1], coins=[True])
    st.apply(0, "attack:e3>e2")
    assert st.to_act == (1,) and ids(st) == ["scapegoat:d1", "noscapegoat"]
    st.apply(1, "scapegoat:d1")
    assert inf not in units(st) and sq in units(st)


@rule("CC-SCAPE-3", "CC-GAP-54")
def test_scapegoat_substitute_counters_from_the_scapegoat_hex():
    st = main()
    put(st, "crab-tank", 0, "e3")
    put(st, "squire", 1, "e2")
    put(st, "infantry", 1, "d1")  # d1 is 2 from e3, but it stands in for e2 (1 away)
    st.rng = Script(rolls=[1, 1, 6, 6], coins=[True])
    st.apply(0, "attack:e3>e2")
    st.apply(1, "scapegoat:d1")
    assert st.to_act == (1,) and ids(st) == ["counter", "nocounter"]


@rule("CC-SCAPE-4", "CC-GAP-53")
def test_scapegoat_tails_and_no_substitute():
    st = main()
    put(st, "crab-tank", 0, "e3")
    sq = put(st, "squire", 1, "e2")
    put(st, "infantry", 1, "d1")
    st.rng = Script(rolls=[6, 6, 1, 1], coins=[False])
    st.apply(0, "attack:e3>e2")
    st.apply(1, "scapegoat:d1")
    assert sq not in units(st)
    st = main()
    put(st, "crab-tank", 0, "e3")
    put(st, "squire", 1, "e2")
    st.rng = Script(rolls=[6, 6, 1, 1])
    st.apply(0, "attack:e3>e2")  # nobody adjacent: no prompt
    assert st._unit_at("e2") is None


# -------------------------------------------------------------- Self Destruct
@rule("CC-SELFD-1", "CC-SELFD-2", "CC-SELFD-3", "CC-SELFD-4", "CC-GAP-55")
def test_self_destruct_hits_everything_around_friend_and_foe():
    st = main()
    put(st, "bomb-beetle", 0, "e3")  # blast 1, attack 3
    mine = put(st, "infantry", 0, "f3")
    foe = put(st, "shade", 1, "e2")    # Stealth does not apply
    far = put(st, "infantry", 1, "e1")
    st.rng = Script(rolls=[6, 6, 1, 1, 6, 6, 1, 1])
    st.apply(0, "selfdestruct:e3")
    assert st._unit_at("e3") is None and mine not in units(st) and foe not in units(st)
    assert far in units(st) and st.view(None)["pending"] is None
    assert st._gate_at("a1") and st._gate_at("f5")


# -------------------------------------------------------------------- Stealth
@rule("CC-STLTH-1", "CC-STLTH-2", "CC-STLTH-3", "CC-GAP-56")
def test_stealth_heads_calls_the_attack_off_without_using_it():
    st = main()
    put(st, "skirmisher", 0, "e3")
    put(st, "shade", 1, "e2")
    put(st, "infantry", 1, "f3")
    st.rng = Script(coins=[True])
    st.apply(0, "attack:e3>e2")
    assert st.to_act == (1,) and ids(st) == ["stealth", "nostealth"]
    st.apply(1, "stealth")
    assert st.to_act == (0,) and acts(st, "attack:e3") == ["attack:e3>f3"]


@rule("CC-STLTH-4")
def test_stealth_tails_lets_the_attack_through():
    st = main()
    put(st, "skirmisher", 0, "e3")
    put(st, "shade", 1, "e2")
    st.rng = Script(coins=[False], rolls=[6, 6, 1, 1])
    st.apply(0, "attack:e3>e2")
    st.apply(1, "stealth")
    assert st._unit_at("e2") is None


@rule("CC-GAP-56")
def test_stealth_also_guards_against_counter_attacks():
    st = main()
    put(st, "shade", 0, "e3")
    put(st, "infantry", 1, "e2")
    st.rng = Script(rolls=[1, 1, 6, 6], coins=[True])
    st.apply(0, "attack:e3>e2")
    st.apply(1, "counter")
    assert st.to_act == (0,) and ids(st) == ["stealth", "nostealth"]
    st.apply(0, "stealth")
    assert st._unit_at("e3") and st.view(None)["pending"] is None


# -------------------------------------------------------------- Special cards
@rule("CC-SPEC-2", "CC-SPEC-3", "CC-UI-22", "CC-GAP-39")
def test_special_cards_are_played_in_the_main_step_and_discarded():
    st = main(res=[0, 5])
    (c,) = give(st, 0, "supply-drop")
    assert f"play:{c}" in ids(st)
    st.apply(0, f"play:{c}")
    assert resources(st)[0] == 3 and c not in hand(st, 0) and c not in stack(st)


def test_war_bonds_and_research_grant():
    st = main(res=[0, 5])
    add_gate(st, "d1", 0, "d2")
    (c,) = give(st, 0, "war-bonds")
    st.apply(0, f"play:{c}")
    assert resources(st)[0] == 2
    (g,) = give(st, 0, "research-grant")
    st.apply(0, f"play:{g}")
    assert "research" in ids(st)
    st.apply(0, "research")
    assert resources(st)[0] == 0


def test_movement_attack_and_defense_buffs():
    st = main()
    u = put(st, "infantry", 0, "e3")
    d, m, lens, plate = give(st, 0, "double-time", "forced-march", "targeting-lens", "reinforced-plating")
    st.apply(0, f"play:{d}>e3")
    st.apply(0, f"play:{m}")
    st.apply(0, f"play:{lens}>e3")
    st.apply(0, f"play:{plate}>e3")
    assert st.stat(u, "movement") == 5 and st.stat(u, "attack") == 3 and st.stat(u, "defense") == 3
    st.apply(0, "end")
    assert st.stat(u, "movement") == 2 and st.stat(u, "attack") == 1 and st.stat(u, "defense") == 3
    st.apply(1, "end")
    assert st.stat(u, "defense") == 1  # until the start of Red's next turn


def test_second_wind_and_sabotage():
    st = main()
    put(st, "infantry", 0, "e3")
    put(st, "infantry", 1, "e2")
    add_portal(st, "f4", 1, "infantry")
    w, sab = give(st, 0, "second-wind", "sabotage")
    assert f"play:{w}>e3" not in ids(st)
    st.rng = Script(rolls=[1, 1, 6, 6, 1, 1, 6, 6], coins=[True])
    st.apply(0, "attack:e3>e2")
    st.apply(1, "nocounter")
    st.apply(0, f"play:{w}>e3")
    assert "attack:e3>e2" in ids(st) and not [a for a in ids(st) if a.startswith("move:e3")]
    st.apply(0, f"play:{sab}>f4")
    assert portals(st) == []


@rule("CC-SPEC-2")
def test_special_cards_in_the_control_step_too():
    st = main(res=[1, 5])
    put(st, "infantry", 0, "e1")
    (c,) = give(st, 0, "supply-drop")
    (g,) = give(st, 0, "research-grant")
    begin_turn(st, 0)
    acts = ids(st)
    assert phase(st) == "control" and f"play:{c}" in acts and f"play:{g}" not in acts
    st.apply(0, f"play:{c}")
    assert resources(st)[0] == 4 and phase(st) == "control"


@rule("CC-GAP-56", "CC-ARTY-1")
def test_stealth_against_a_shell_keeps_the_shell():
    st = main()
    put(st, "mortar-walker", 0, "a3")
    put(st, "shade", 1, "d4")
    put(st, "infantry", 1, "d5")
    st.rng = Script(coins=[True])
    st.apply(0, "shell:a3>d4")
    assert st.to_act == (1,) and ids(st) == ["stealth", "nostealth"]
    st.apply(1, "stealth")
    assert acts(st, "shell:") == ["shell:a3>d5"]  # not used up; the Shade may not be targeted again


@rule("CC-UTYPE-6")
def test_two_buildings_are_placed_one_after_the_other():
    st = main()
    add_portal(st, "a2", 0, "turret")
    add_portal(st, "b1", 0, "bunker", src="wall")   # a Wall-type source stays
    add_portal(st, "e3", 0, "bunker", src="regen")  # neutral space: stays
    begin_turn(st, 0)
    assert phase(st) == "portal" and st.view(0)["place"] == "a2"
    assert "place:a2>b1" not in ids(st)
    st.apply(0, "place:a2>c2")
    assert phase(st) == "main" and st._unit_at("e3")["card"] == "bunker"


@rule("CC-GAP-48")
def test_a_corrupted_unit_that_dies_is_its_owners_loss():
    st = main()
    put(st, "hexer", 0, "e3")
    v = put(st, "phoenix-rig", 1, "e1")
    put(st, "crab-tank", 1, "f1")
    st.rng = Script(coins=[True, True], rolls=[1, 1, 6, 6, 6, 6, 1, 1])
    st.apply(0, "corrupt:e3")
    st.apply(0, "corrupt:e3>e1")
    st.apply(0, "attack:e1>f1")  # Red attacks Blue's crab with Blue's own Phoenix Rig; it misses
    assert st.to_act == (1,)
    st.apply(1, "counter")       # Blue's crab destroys the corrupted rig; Blue flips Regenerate
    assert v not in units(st)
    assert portals(st)[-1]["owner"] == 1 and st.view(None)["coin"]["seat"] == 1

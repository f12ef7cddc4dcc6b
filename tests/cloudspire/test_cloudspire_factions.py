"""Cloudspire part 2: the six other factions, each with its identity as a rule (CS-FAC-3/6/8/9/10/11,
CS-GAP-73/76/78/79/80/81).  Positions are built with tests/cloudspire_helpers.py."""
from __future__ import annotations

import pytest

from pyapp.games.cloudspire.content import CHIPS, FACTIONS, MAPS, PLAYABLE, UNITS
from pyapp.games.cloudspire import GAME
from cloudspire_helpers import (act, board, clear_landmarks, gate, give, ids, lane, market, new, owned, rig, skip_to,
                                spire, stack, start_turn, unit)

rule = pytest.mark.rule


# ---- The Graft (CS-FAC-10, CS-GAP-80) ---------------------------------------------------------------
@rule("CS-FAC-10", "CS-GAP-80")
def test_the_graft_is_a_threat_that_regrows():
    g = FACTIONS["graft"]
    assert "graft" in PLAYABLE and g["traits"] == {"regrowth": 1}
    assert len(g["minions"]) == 4 and len(g["spires"]) == 4 and len(g["structures"]) == 3
    assert "balance" in g["blurb"]


@rule("CS-GAP-80")
def test_every_graft_unit_regrows_1_health_at_the_start_of_the_graft_turn():
    s = new(2, ["graft", "keel"])
    clear_landmarks(s)
    road = lane(s, 0, 1)
    m = unit(s, 0, road[2], chips=["husk"], hp=1)
    h = unit(s, 0, road[3], hero="rootbound_maw", hp=6)           # already whole: stays at its health
    foe = unit(s, 1, road[5], chips=["delver"], hp=1)
    start_turn(s, 0)
    units = s.data["units"]
    assert units[m]["hp"] == 2 and units[h]["hp"] == 6 and units[foe]["hp"] == 1
    assert any("regrows 1 health" in e["text"] for e in s.log)


@rule("CS-GAP-80")
def test_graft_regrowth_does_not_stack_with_regenerate_and_never_passes_the_health_stat():
    s = new(2, ["graft", "keel"])
    clear_landmarks(s)
    road = lane(s, 0, 1)
    m = unit(s, 0, road[2], chips=["bloom_horror"], hp=3)
    start_turn(s, 0)
    assert s.data["units"][m]["hp"] == 4 == UNITS["bloom_horror"]["health"]


# ---- The Uprising (CS-FAC-11, CS-GAP-81) -------------------------------------------------------------
@rule("CS-FAC-11", "CS-GAP-81")
def test_the_uprising_has_a_small_barracks_and_lives_off_the_market():
    u = FACTIONS["uprising"]
    assert [h["start"] for h in u["heroes"]] == [True]
    assert len(u["minions"]) == 2 and len(u["spires"]) == 2
    assert u["traits"] == {"discount": 1, "salvage": True, "small_barracks": True}
    s = new(2, ["uprising", "keel"])
    assert s.data["heroes"][0] == {"firebrand_maelis": {"level": 1, "equip": []}}


@rule("CS-GAP-81")
def test_the_uprising_pays_1_source_less_per_market_chip_but_at_least_1():
    s = new(2, ["uprising", "keel"])
    skip_to(s, "market")
    market(s, "sellsword", "raider", "windstep_boots")
    up = 0
    give(s, up, 3)
    give(s, 1, 3)
    labels = {a.id: a.label for a in s.legal_actions(up)} if up in s.to_act else {}
    if up not in s.to_act:
        act(s, "pass")
        labels = {a.id: a.label for a in s.legal_actions(up)}
    assert "buy:raider" in labels and "for 3 Source" in labels["buy:raider"]          # 4 - 1
    assert "for 1 Source" in labels["buy:sellsword"]                                   # 2 - 1
    act(s, "buy:raider", up)
    assert s.data["source"][up] == 0 and "raider" in s.data["owned"][up]["chips"]
    assert CHIPS["raider"]["cost"] == 4


@rule("CS-GAP-81")
def test_a_keel_pays_the_full_market_price():
    s = new(2, ["keel", "uprising"])
    skip_to(s, "market")
    market(s, "raider", "sellsword", "ram_horn")
    give(s, 0, 3)
    give(s, 1, 3)
    seat = 0 if 0 in s.to_act else 1
    if seat == 1:
        act(s, "pass")
    assert "buy:raider" not in ids(s, 0)


@rule("CS-GAP-81", "CS-DEF-5")
def test_defeated_uprising_merc_minions_come_back_to_it():
    s = board(["keel", "uprising"])
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["gloom_knight"])                  # attack 3
    d = unit(s, 1, road[-2], chips=["sellsword"], hp=1)
    start_turn(s, 0)
    act(s, f"atk:{a}:{road[-2]}")
    assert d not in s.data["units"] and "sellsword" in s.data["owned"][1]["chips"]
    assert "sellsword" not in s.data["market"]["discard"]


@rule("CS-GAP-81", "CS-DEF-5")
def test_a_destroyed_uprising_merc_spire_comes_back_to_it():
    s = board(["keel", "uprising"])
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["gloom_knight"])
    side = sorted(x for x in s.map.grid.adjacent(road[-1]) if s.terrain(x) and not s.solid(x) and x not in road)
    sp = spire(s, 1, "flare_tower", side[0], ["attack"])
    start_turn(s, 0)
    act(s, f"atk:{a}:{side[0]}")
    assert sp not in s.data["spires"] and "flare_tower" in s.data["owned"][1]["chips"]
    assert "flare_tower" not in s.data["market"]["discard"]


@rule("CS-GAP-81", "CS-DEF-5")
def test_other_factions_merc_minions_still_go_to_the_discard():
    s = board(["keel", "heirs"])
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["gloom_knight"])
    d = unit(s, 1, road[-2], chips=["sellsword"], hp=1)
    start_turn(s, 0)
    act(s, f"atk:{a}:{road[-2]}")
    assert d not in s.data["units"] and "sellsword" in s.data["market"]["discard"]
    assert "sellsword" not in s.data["owned"][1]["chips"]


# ---- Narora (CS-FAC-8, CS-GAP-78) --------------------------------------------------------------------
@rule("CS-FAC-8", "CS-GAP-78")
def test_narora_field_seven_minion_types_each_with_a_specialty_and_less_health():
    n = FACTIONS["narora"]
    assert len(n["minions"]) == 7 and n["traits"] == {"variety": 7}
    specialties = {"swift", "spirebreaker", "herobane", "gatecrasher"}
    for m in n["minions"]:
        assert 1 <= m["cp"] <= 3 and set(m["talents"]) & specialties
        assert m["health"] == m["cp"]                 # the template's minions have CP + 1 health
    assert {t for m in n["minions"] for t in m["talents"]} == specialties
    s = new(2, ["narora", "keel"])
    assert s.data["barracks"][0]["minions"] == {m["id"]: 3 for m in n["minions"]}


@rule("CS-GAP-78")
def test_a_spirebreaker_deals_2_more_to_a_spire():
    s = board(["narora", "keel"])
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["stone_gnawer"])                 # attack 1
    side = sorted(x for x in s.map.grid.adjacent(road[-1]) if s.terrain(x) and not s.solid(x) and x not in road)
    sp = spire(s, 1, "lodestone_spire", side[0], ["fortification", "fortification"])     # it does not fire
    start_turn(s, 0)
    act(s, f"atk:{a}:{side[0]}")
    assert s.data["spires"][sp]["ups"] == ["fortification"]           # 3 damage breaks a fortification


@rule("CS-GAP-78")
def test_a_gatecrasher_deals_2_more_to_a_gate():
    s = board(["narora", "keel"])
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["horn_ram"])                      # attack 2
    start_turn(s, 0)
    act(s, f"atk:{a}:{gate(s, 1)}")
    assert s.data["gate"][1]["health"] == 15 - 4 and s.data["gate_damage"][0] == 4


@rule("CS-GAP-78")
def test_a_herobane_deals_2_more_to_a_hero_but_not_to_a_minion():
    s = board(["narora", "keel"])
    road = lane(s, 0, 1)
    a = unit(s, 0, road[4], chips=["stalker_cat"])                    # attack 3
    h = unit(s, 1, road[5], hero="deep_warden")                       # health 7
    start_turn(s, 0)
    act(s, f"atk:{a}:{road[5]}")
    assert s.data["units"][h]["hp"] == 7 - 5
    s = board(["narora", "keel"])
    a = unit(s, 0, road[4], chips=["stalker_cat"])
    m = unit(s, 1, road[5], chips=["gloom_knight"])                   # health 4: survives 3, not 5
    start_turn(s, 0)
    act(s, f"atk:{a}:{road[5]}")
    assert s.data["units"][m]["hp"] == UNITS["gloom_knight"]["health"] - 3


@rule("CS-GAP-78")
def test_swift_narora_minions_move_one_more():
    s = board(["narora", "keel"])
    u = unit(s, 0, lane(s, 0, 1)[2], chips=["dart_hound"])
    assert s.stat(s.data["units"][u], "move") == 3


# ---- Griege (CS-FAC-3, CS-GAP-73) ---------------------------------------------------------------------
@rule("CS-FAC-3", "CS-GAP-73")
def test_griege_have_weak_spires_and_gate():
    g = FACTIONS["griege"]
    others = [FACTIONS[f] for f in ("heirs", "brawnen", "keel", "grovetenders")]
    assert g["gate"] < min(f["gate"] for f in others)
    assert all(3 <= sp["capacity"] <= 5 for sp in g["spires"])
    assert max(sp["capacity"] for sp in g["spires"]) < max(sp["capacity"] for f in others for sp in f["spires"])
    s = new(2, ["griege", "keel"])
    assert s.data["gate"][0] == {"health": 12, "max": 12}


def _slip_position(faction):
    s = board([faction, "keel"])
    road = lane(s, 0, 1)
    me = "fog_sneak" if faction == "griege" else "squire"
    u = unit(s, 0, road[3], chips=[me])
    unit(s, 1, road[4], chips=["shackler"])
    dist = s.march_distance(s.allowance(s.data["units"][u]), gate(s, 1))
    return s, road, s.data["units"][u], dist


@rule("CS-GAP-73", "CS-MOV-11")
def test_griege_minions_slip_through_opposing_units_but_never_stop_on_them():
    s, road, u, dist = _slip_position("griege")
    ends = s.minion_destinations(0, u, dist, s.distance_from(dist, u["hex"]))
    assert road[5] in ends and road[4] not in ends
    s, road, u, dist = _slip_position("heirs")                       # others are blocked as before
    ends = s.minion_destinations(0, u, dist, s.distance_from(dist, u["hex"]))
    assert road[5] not in ends and road[4] not in ends


@rule("CS-GAP-73")
def test_a_griege_minion_is_promoted_once_when_it_defeats_a_unit():
    s = board(["griege", "keel"])
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["knifehand"])                    # health 3; by the marked gate
    d = unit(s, 1, road[-2], chips=["delver"], hp=1)
    start_turn(s, 0)
    act(s, f"atk:{a}:{road[-2]}")
    u = s.data["units"][a]
    assert d not in s.data["units"] and u["promoted"] and u["hp"] == 4
    assert s.stat(u, "attack") == UNITS["knifehand"]["attack"] + 1 and s.stat(u, "health") == 4
    assert s.view(1)["units"][0]["promoted"] is True                 # public
    s.promote(a, "again")
    assert u["hp"] == 4                                               # once only


@rule("CS-GAP-73", "CS-FIRE-6")
def test_a_griege_minion_that_survives_a_spire_attack_is_promoted():
    s = board(["griege", "keel"])
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["fog_sneak"])                    # health 2, next to the marked gate
    side = sorted(x for x in s.map.grid.adjacent(road[-1]) if s.terrain(x) and not s.solid(x) and x not in road)
    spire(s, 1, "stalactite_spire", side[0], ["attack"])
    rig(s, 1)                                                         # one die: 1 damage
    start_turn(s, 0)
    u = s.data["units"][a]
    assert u["hp"] == 2 - 1 + 1 and u["promoted"] and s.stat(u, "attack") == 2


@rule("CS-GAP-73", "CS-ATK-11")
def test_a_promotion_belongs_to_the_leading_minion_of_a_group():
    s = board(["griege", "keel"])
    a = unit(s, 0, lane(s, 0, 1)[3], chips=["knifehand", "fog_sneak"])
    s.promote(a, "test")
    s.damage_unit(a, 10, 1)
    u = s.data["units"][a]
    assert u["chips"] == ["fog_sneak"] and not u["promoted"] and u["hp"] == 2


@rule("CS-GAP-73")
def test_keel_minions_are_never_promoted():
    s = board(["keel", "griege"])
    road = lane(s, 0, 1)
    a = unit(s, 0, road[-1], chips=["shackler"])
    unit(s, 1, road[-2], chips=["fog_sneak"], hp=1)
    start_turn(s, 0)
    act(s, f"atk:{a}:{road[-2]}")
    assert not s.data["units"][a].get("promoted")


@rule("CS-GAP-73")
def test_a_promoted_minion_is_drawn_with_a_chevron_and_named_in_words():
    from pyapp.games.cloudspire import render as R
    s = board(["griege", "keel"])
    a = unit(s, 0, lane(s, 0, 1)[3], chips=["knifehand"])
    s.promote(a, "test")
    out = R.render(s.view(1), [], seat=1, names=["Ann", "Bob"], interactive=False)
    assert 'class="cs-promoted"' in out and "Knifehand at" in out and "(promoted)" in out
    assert "<title>Knifehand (promoted) of Ann: 4/4 health</title>" in out


# ---- Shada (CS-FAC-9, CS-GAP-79) ----------------------------------------------------------------------
def _pair(factions=("shada", "keel"), second=None):
    s = board(list(factions))
    road = lane(s, 0, 1)
    first = "ember_wisp" if factions[0] == "shada" else "squire"
    a = unit(s, 0, road[3], chips=[first], hp=1)
    side = sorted(x for x in s.map.grid.adjacent(road[3]) if s.terrain(x) == "path" and not s.solid(x)
                  and s.unit_at(x) is None)
    b = unit(s, 0, side[0], chips=[second or ("stone_mote" if factions[0] == "shada" else "page")])
    return s, a, b, side[0]


@rule("CS-FAC-9", "CS-GAP-79")
def test_shada_are_elementals_that_combine():
    sh = FACTIONS["shada"]
    assert sh["traits"] == {"combine": True} and "merge" in sh["blurb"]
    assert len(sh["minions"]) == 4 and len(sh["spires"]) == 4


@rule("CS-GAP-79", "CS-SOT-3")
def test_two_adjacent_shada_minions_combine_at_the_start_of_the_turn():
    s, a, b, bh = _pair()
    start_turn(s, 0)
    assert f"fuse:{a}:{b}" in ids(s) and "go" in ids(s)
    act(s, f"fuse:{a}:{b}")
    u = s.data["units"][a]
    assert b not in s.data["units"] and s.unit_at(bh) is None
    assert u["chips"] == ["ember_wisp", "stone_mote"] and u["fused"]
    assert u["hp"] == 1 + 4                                            # current health summed
    assert s.stat(u, "attack") == 2 and s.stat(u, "health") == 5 and s.stat(u, "move") == 2
    assert not any(i.startswith("fuse:") for i in ids(s))             # an elemental does not combine again
    assert s.view(1)["units"][0]["chips"] == ["ember_wisp", "stone_mote"]   # both chips are public
    assert s.view(1)["units"][0]["size"] == 1 and "elemental of Ember Wisp and Stone Mote" in s.view(1)["units"][0]["label"]


@rule("CS-GAP-79")
def test_only_ungrouped_adjacent_shada_minions_combine():
    s, a, b, bh = _pair(("keel", "shada"))
    start_turn(s, 0)
    assert not any(i.startswith("fuse:") for i in ids(s))
    s = board(["shada", "keel"])
    road = lane(s, 0, 1)
    unit(s, 0, road[2], chips=["ember_wisp"])
    unit(s, 0, road[4], chips=["stone_mote"])                          # two hexes apart
    unit(s, 0, road[5], chips=["gale_sprite", "ember_wisp"])           # a group
    start_turn(s, 0)
    assert not any(i.startswith("fuse:") for i in ids(s))


@rule("CS-GAP-79", "CS-DEF-1", "CS-DEF-3")
def test_a_defeated_elemental_sends_both_chips_home_and_pays_both_rewards():
    s, a, b, bh = _pair()
    s.fuse(0, a, b)
    before = dict(s.data["barracks"][0]["minions"])
    give(s, 1, 0)
    s.damage_unit(a, 99, 1)
    assert a not in s.data["units"]
    after = s.data["barracks"][0]["minions"]
    assert after["ember_wisp"] == before["ember_wisp"] + 1 and after["stone_mote"] == before["stone_mote"] + 1
    assert s.data["source"][1] == 1 + 2                                # rewards: CP 1 and CP 2


@rule("CS-GAP-79")
def test_merc_minions_do_not_combine():
    s, a, b, bh = _pair(second="sellsword")
    start_turn(s, 0)
    assert not any(i.startswith("fuse:") for i in ids(s))


@rule("CS-GAP-79")
def test_an_elemental_stays_whole_when_hidden_information_is_resampled():
    from pyapp.engine.rng import Rng
    s, a, b, bh = _pair()
    s.fuse(0, a, b)
    for k in range(5):
        copy = s.resample_hidden(1, Rng(k))
        assert copy.data["units"][a]["chips"] == ["ember_wisp", "stone_mote"]


@rule("CS-GAP-79")
def test_an_elemental_is_drawn_with_a_double_ring_and_its_combining_marked():
    from pyapp.games.cloudspire import render as R
    s, a, b, bh = _pair()
    start_turn(s, 0)
    s.fuse(0, a, b)                            # as the move does; playing on would end the turn and its marks
    view = s.view(1)
    assert view["marks"]["0"][-1] == {"kind": "fuse", "at": [bh, s.data["units"][a]["hex"]], "text": "combined"}
    out = R.render(view, [], seat=1, names=["Ann", "Bob"], interactive=False)
    assert 'class="cs-fused"' in out and "combined" in out and "elemental of Ember Wisp and Stone Mote" in out
    assert "<title>elemental of Ember Wisp and Stone Mote of Ann: 5/5 health</title>" in out


# ---- Horizon's Wrath (CS-FAC-6, CS-GAP-76) --------------------------------------------------------------
def _build_turn(s, seat):
    """Pass the other seats until ``seat`` is to act in the Build Phase."""
    while s.to_act[0] != seat:
        act(s, "pass")
    return s


@rule("CS-FAC-6", "CS-GAP-76", "CS-GAP-7")
def test_horizons_wrath_fly_an_airship_with_two_docking_hexes_on_every_map():
    hw = FACTIONS["horizons_wrath"]
    assert hw["traits"] == {"airship": True} and "airship" in hw["blurb"]
    for n, m in MAPS.items():
        assert len(m.docks) == n and all(len(p) == 2 for p in m.docks)
        for seat, pair in enumerate(m.docks):
            assert all(m.group[h] == f"home{seat + 1}" and h not in m.wells for h in pair)


@rule("CS-GAP-76", "CS-BLD-1")
def test_once_per_build_phase_the_airship_moves_its_gate_for_free():
    s = new(2, ["horizons_wrath", "keel"])
    skip_to(s, "build")
    home = gate(s, 0)
    fwd, back = MAPS[2].docks[0]
    give(s, 0, 0)
    _build_turn(s, 0)
    assert {f"dock:{fwd}", f"dock:{back}"} <= set(ids(s))
    act(s, f"dock:{fwd}")
    assert s.gate_hex(0) == fwd and s.view(1)["gates"][0]["hex"] == fwd and s.data["source"][0] == 0
    assert s.view(1)["marks"]["0"] == [{"kind": "dock", "at": [home, fwd], "text": "airship"}]
    assert fwd in s.blocked() and home not in s.blocked()
    _build_turn(s, 0)
    assert not any(i.startswith("dock:") for i in ids(s))          # once per Build Phase
    skip_to(s, "build", wave=2)
    _build_turn(s, 0)
    assert {f"dock:{home}", f"dock:{back}"} == {i for i in ids(s) if i.startswith("dock:")}


@rule("CS-GAP-76")
def test_other_factions_have_no_airship():
    s = new(2, ["keel", "horizons_wrath"])
    skip_to(s, "build")
    _build_turn(s, 0)
    assert not any(i.startswith("dock:") for i in ids(s)) and s.berths(0) == []


@rule("CS-GAP-76", "CS-ATK-4", "CS-GAP-54")
def test_a_moved_airship_gate_is_attacked_where_it_now_stands():
    s = board(["keel", "horizons_wrath"])
    fwd = MAPS[2].docks[1][0]
    s.move_airship(1, fwd)
    near = sorted(x for x in s.map.grid.adjacent(fwd) if s.terrain(x) == "path" and not s.solid(x))
    a = unit(s, 0, near[0], chips=["gloom_knight"])
    start_turn(s, 0)
    assert f"atk:{a}:{fwd}" in ids(s)
    act(s, f"atk:{a}:{fwd}")
    assert s.data["gate"][1]["health"] == 15 - 3


@rule("CS-GAP-76", "CS-MOV-13")
def test_the_airship_stack_may_start_beside_the_gate():
    s = board(["horizons_wrath", "keel"])
    stack(s, 0, ["captain_vey"])
    g = gate(s, 0)
    start_turn(s, 0)
    got = {i.split(":")[2] for i in ids(s) if i.startswith("hero:top:")}
    far = {h for h in got if s.map.grid.distance(h, g) == 4}            # move 3, plus the hex beside the gate
    assert far and all(s.map.grid.distance(h, g) <= 4 for h in got)
    s = board(["keel", "horizons_wrath"])                                # a Keel hero: no such start
    stack(s, 0, ["deep_warden"])
    start_turn(s, 0)
    got = {i.split(":")[2] for i in ids(s) if i.startswith("hero:top:")}
    assert got and all(s.map.grid.distance(h, gate(s, 0)) <= 2 for h in got)


@rule("CS-GAP-76", "CS-MOV-9")
def test_an_airship_minion_may_leave_the_stack_from_beside_the_gate():
    s = board(["horizons_wrath", "keel"])
    stack(s, 0, [["deckhand"]])
    g = gate(s, 0)
    start_turn(s, 0)
    steps = [i for i in ids(s) if i.startswith("step:top:")]
    if not steps:                                                        # a single end is taken at once
        steps = ["step:top:" + next(u["hex"] for u in s.data["units"].values() if u["owner"] == 0)]
    assert any(s.map.grid.distance(i.split(":")[2], g) == 3 for i in steps)


@rule("CS-GAP-76")
def test_the_berths_are_drawn_and_the_move_is_a_ring_on_the_map():
    from pyapp.games.cloudspire import render as R
    s = new(2, ["horizons_wrath", "keel"])
    skip_to(s, "build")
    _build_turn(s, 0)
    fwd, back = MAPS[2].docks[0]
    out = R.render(s.view(0), s.legal_actions(0), seat=0, names=["Ann", "Bob"], interactive=True)
    assert out.count('class="seat seat-0 cs-berth"') == 2 and f"Berth of the airship of Ann ({fwd})" in out
    assert f'data-action="dock:{fwd}" aria-label="Move the airship fortress' in out
    assert "it may move to" in out


def test_the_rules_page_gives_every_playable_factions_rule_in_plain_words():
    page = GAME.rules_html()
    for fid in PLAYABLE:
        assert f"<b>{FACTIONS[fid]['name']}</b>" in page
    assert "CS-" not in page


@rule("CS-UI-30")
def test_faction_selection_shows_description_units_and_playstyle_of_every_faction():
    from html import unescape
    from pyapp.games.cloudspire.setup import faction_html
    for fid in PLAYABLE:
        f = FACTIONS[fid]
        text = unescape(faction_html(fid))
        assert f["name"] in text and f["blurb"] in text and "Playstyle: " + f["style"] in text
        for u in f["heroes"] + f["minions"] + f["spires"]:
            assert u["name"] in text
        assert f"Gate {f['gate']} health, Source cap {f['cap']}" in text


def test_the_schema_checks_faction_traits_playstyle_and_rosters(monkeypatch):
    import json
    from pyapp.engine.content import ContentError
    from pyapp.games.cloudspire import content
    bad = json.loads(json.dumps(FACTIONS))
    bad["graft"]["traits"] = {"regrowth": 0, "bogus": True}
    del bad["keel"]["style"]
    bad["heirs"]["minions"].pop()
    bad["brawnen"]["spires"][0]["capacity"] = 3                        # only Griege spires hold 3
    bad["narora"]["minions"][0]["talents"] = []                        # every Narora minion has a specialty
    bad["uprising"]["spires"].append(dict(bad["uprising"]["spires"][0], id="extra_spire"))
    real = content.read_json
    monkeypatch.setattr(content, "read_json", lambda pkg, name: bad if name == "factions.json" else real(pkg, name))
    with pytest.raises(ContentError) as e:
        content._load()
    msg = str(e.value)
    assert "trait regrowth" in msg and "unknown trait 'bogus'" in msg and "style" in msg
    assert "needs 4 minion types" in msg and "capacity must be a whole number from 4 to 6" in msg
    assert "specialty talent" in msg and "needs 2 to 2 spire types" in msg


@rule("CS-GAP-76", "CS-GAP-7")
def test_the_schema_checks_the_docking_hexes(monkeypatch):
    import json
    from pyapp.engine.content import ContentError
    from pyapp.games.cloudspire import content
    raw = content.read_json(content.__package__, "maps.json")
    bad = json.loads(json.dumps(raw))
    bad["2"]["docks"][0] = [bad["2"]["wells"][0], bad["2"]["gates"][1]]
    real = content.read_json
    monkeypatch.setattr(content, "read_json", lambda pkg, name: bad if name == "maps.json" else real(pkg, name))
    with pytest.raises(ContentError) as e:
        content._load()
    assert "docks of seat 1 must be 2 free hexes of its home island" in str(e.value)

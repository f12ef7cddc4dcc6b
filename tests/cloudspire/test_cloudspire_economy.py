"""Cloudspire set-up, wave sequence, Event, Income, Market and Build Phases (CS-WAVE, CS-EVT, CS-INC,
CS-MKT, CS-BLD and their GAP defaults)."""
from __future__ import annotations

import pytest

from cloudspire_helpers import act, default_choice, give, ids, new, owned, scape, skip_to, spire, wave
from pyapp.engine.log import plain
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire.content import ALL_FACTIONS, CHIPS, FACTIONS, PART1, PLAYABLE

rule = pytest.mark.rule


def phases_of_a_wave(s):
    seen = []
    for _ in range(3000):
        p = s.flow.phase
        if not seen or seen[-1] != p:
            seen.append(p)
        if s.data["wave"] == 2 and p == "market":
            return seen
        seat = s.to_act[0]
        s.apply(seat, default_choice(s, seat))
    raise AssertionError(seen)


@rule("CS-WAVE-2", "CS-WAVE-3", "CS-WAVE-4", "CS-EVT-1", "CS-EVT-2", "CS-PREP-1", "CS-GAP-71")
def test_a_wave_runs_its_phases_in_order_and_wave_1_has_no_event():
    s = new()
    assert s.data["events"]["current"] is None
    assert not any(e["kind"] == "event" for e in s.log)
    seen = phases_of_a_wave(s)
    assert seen[:7] == ["market", "build", "mark", "select", "stack", "onslaught", "market"] or \
        seen[:6] == ["market", "build", "mark", "select", "stack", "onslaught"]
    assert s.data["events"]["current"] is not None                      # wave 2 revealed one
    assert sum("Wave 2 event" in plain(e) for e in s.log) == 1


@rule("CS-GAP-1", "CS-FAC-1", "CS-GAP-5", "CS-OVR-3")
def test_setup_deals_different_factions_and_a_random_first_player():
    firsts = set()
    dealt: set = set()
    for seed in range(12):
        s = GAME.new(4, seed)
        assert len(set(s.data["factions"])) == 4 and set(s.data["factions"]) <= set(PLAYABLE)
        dealt |= set(s.data["factions"])
        firsts.add(s.flow.first)
        assert s.data["spires"] == {} and s.data["adv"] == [{}] * 4
    assert len(firsts) > 1
    assert PLAYABLE == ALL_FACTIONS and len(PLAYABLE) == 10 and dealt - set(PART1)   # all ten are dealt
    with pytest.raises(ValueError, match="different faction"):
        GAME.new(2, 1, {"factions": ["heirs", "heirs"]})
    assert GAME.new(2, 1, {"factions": ["heirs", "shada"]}).data["factions"] == ["heirs", "shada"]
    with pytest.raises(ValueError):
        GAME.new(2, 1, {"factions": ["heirs", "raiders"]})           # no such faction
    assert GAME.new(1, 1).mode == "solo"                              # 1 player is never competitive (CS-GAP-6)
    with pytest.raises(ValueError):
        GAME.new(3, 1, {"mode": "coop"})                             # co-operative play is for 2


@rule("CS-INC-1", "CS-INC-2", "CS-INC-4", "CS-GAP-14", "CS-UI-4", "CS-CMP-1")
def test_income_is_the_same_base_for_everybody():
    s = new(3)
    assert s.data["source"] == [5, 5, 5]                               # from 0, wave 1 gives 5
    assert "P1 earns 5 Source: 5 for wave 1 and 0 from advancements and events" in [plain(e) for e in s.log]
    wave(s, 4)
    assert s.income_of(0) == (11, 0)
    wave(s, 2)
    assert s.income_of(1)[0] == 7


@rule("CS-INC-3", "CS-GAP-33", "CS-BLD-16", "CS-BLD-17", "CS-UI-11")
def test_advancements_are_bought_in_order_and_add_income():
    s = new()
    skip_to(s, "build")
    seat = s.to_act[0]
    give(s, seat, 20)
    st = FACTIONS[s.data["factions"][seat]]["structures"][0]
    got = ids(s, seat)
    assert f"adv:{st['id']}" in got
    act(s, f"adv:{st['id']}", seat)
    assert s.data["adv"][seat][st["id"]] == 1
    assert s.data["source"][seat] == 20 - st["advancements"][0]["cost"]
    assert s.next_advancement(seat, st) == st["advancements"][1]       # only the next one is for sale
    assert s.adv_bonus(seat, "income") >= 1 or s.adv_bonus(seat, "cap") >= 1


@rule("CS-INC-5", "CS-INC-6", "CS-GAP-16", "CS-UI-3")
def test_source_over_the_cap_is_lost_and_reported():
    s = new()
    give(s, 0, 18)
    assert s.gain(0, 5) == 2 and s.data["source"][0] == 20
    assert plain(s.log[-1]) == "P1 loses 3 Source over the cap of 20"


@rule("CS-MKT-4", "CS-MKT-5", "CS-GAP-2", "CS-GAP-18", "CS-UI-5", "CS-CMP-13")
def test_the_market_shows_players_plus_one_chips_and_one_earthscape():
    for n in (2, 3, 4):
        s = new(n)
        v = s.view(0)["market"]
        assert len(v["face"]) == n + 1 and v["scape"] is not None
        assert v["deck"] == 20 - (n + 1) and v["scapes"] == 7
    kinds = sorted(c["kind"] for c in CHIPS.values())
    assert kinds.count("equipment") == 5 and kinds.count("spire") == 5
    assert kinds.count("minion") == 6 and kinds.count("hero") == 4


@rule("CS-MKT-6", "CS-MKT-7", "CS-MKT-8", "CS-MKT-11", "CS-GAP-19", "CS-UI-6", "CS-MKT-1")
def test_market_turns_go_round_one_purchase_at_a_time_until_all_pass():
    s = new(3)
    first = s.flow.first
    assert s.to_act == (first,)
    give(s, first, 20)
    chip = s.data["market"]["face"][0]
    act(s, "buy:" + chip)
    assert s.data["source"][first] == 20 - CHIPS[chip]["cost"]
    assert chip in s.data["owned"][first]["chips"] and len(s.data["market"]["face"]) == 4
    assert s.to_act == ((first + 1) % 3,)
    act(s, "pass")
    act(s, "pass")
    assert s.to_act == (first,)                                        # it goes round again
    act(s, "pass")
    assert s.flow.phase == "build"                                     # everybody passed: passing is final


@rule("CS-MKT-9", "CS-MKT-10", "CS-GAP-20", "CS-MKT-17", "CS-GAP-17")
def test_one_earthscape_per_player_per_wave_for_2_source():
    s = new()
    p = s.to_act[0]
    give(s, p, 4)
    act(s, "buy:scape")
    assert s.data["source"][p] == 2 and len(s.data["owned"][p]["scapes"]) == 1
    act(s, "pass")                                                     # the other seat
    assert "buy:scape" not in ids(s)
    give(s, p, 1)
    assert all(CHIPS[a[4:]]["cost"] <= 1 for a in ids(s) if a.startswith("buy:"))


@rule("CS-MKT-2", "CS-MKT-3", "CS-GAP-22")
def test_the_market_is_refreshed_from_wave_2_only():
    s = new()
    face = list(s.data["market"]["face"])
    assert s.flow.phase == "market" and s.data["market"]["discard"] == []   # wave 1: as dealt
    skip_to(s, "market", wave=2)
    assert s.data["market"]["discard"] == face
    assert not set(face) & set(s.data["market"]["face"])


@rule("CS-BLD-1", "CS-BLD-2", "CS-BLD-3", "CS-BLD-4", "CS-BLD-5", "CS-UI-7")
def test_build_turns_go_round_until_everybody_has_passed():
    s = new()
    skip_to(s, "build")
    a = s.to_act[0]
    b = 1 - a
    give(s, a, 20)
    give(s, b, 0)
    st = FACTIONS[s.data["factions"][a]]["structures"][1]["id"]
    act(s, "adv:" + st)
    assert s.to_act == (b,) and ids(s) == ["pass"]
    act(s, "pass")
    assert s.to_act == (a,)
    act(s, "adv:" + st)
    assert s.to_act == (a,)                                            # b passed for good
    act(s, "pass")
    assert s.flow.phase == "mark"


@rule("CS-BLD-6", "CS-BLD-7", "CS-BLD-8", "CS-BLD-9", "CS-UI-8", "CS-UI-10", "CS-GAP-10", "CS-GAP-11", "CS-CMP-8")
def test_constructing_a_spire_on_a_well_in_influence_with_its_upgrades_in_chosen_order():
    s = new()
    skip_to(s, "build")
    p = s.to_act[0]
    give(s, p, 20)
    t = next(x["id"] for x in FACTIONS[s.data["factions"][p]]["spires"] if len(set(x["start"])) == 2)
    act(s, "spire:" + t)
    wells = [a[3:] for a in ids(s) if a.startswith("at:")]
    assert wells and all(w in s.influence(p) and w in s.wells() for w in wells)
    assert set(wells) == set(s.free_wells(p))
    act(s, "at:" + wells[0])
    got = ids(s)
    assert len(got) == 2 and all(a.startswith("bottom:") for a in got)  # the owner orders them
    act(s, got[1])
    sp = next(iter(s.data["spires"].values()))
    assert sp["hex"] == wells[0] and sp["ups"][0] == got[1][7:]
    assert s.data["source"][p] == 20 - next(x["cost"] for x in FACTIONS[s.data["factions"][p]]["spires"] if x["id"] == t)
    # a spire on the home island reaches the next island's wells (influence spreads one group)
    assert len(s.free_wells(p)) > len(wells) - 1


@rule("CS-MKT-14", "CS-GAP-21")
def test_a_merc_spire_is_built_at_no_further_cost():
    s = new()
    skip_to(s, "build")
    p = s.to_act[0]
    give(s, p, 0)
    owned(s, p, "flare_tower")
    act(s, "spire:flare_tower")
    act(s, next(a for a in ids(s) if a.startswith("at:")))
    assert s.data["source"][p] == 0 and "flare_tower" not in s.data["owned"][p]["chips"]


@rule("CS-BLD-10", "CS-BLD-11", "CS-BLD-12", "CS-BLD-13", "CS-GAP-28", "CS-GAP-29", "CS-GAP-30", "CS-GAP-32",
      "CS-UI-9", "CS-CMP-9", "CS-OVR-4")
def test_upgrades_are_priced_by_the_count_and_capped():
    s = new()
    skip_to(s, "build")
    p = s.to_act[0]
    sid = spire(s, p, "candle_spire", s.free_wells(p)[0], ["attack", "fortification"])
    spire(s, 1 - p, "candle_spire", s.free_wells(1 - p)[0], ["attack"])
    give(s, p, 20)
    assert [a for a in ids(s) if a.startswith("up:")] == ["up:" + sid]     # only one's own spires
    act(s, "up:" + sid)
    got = ids(s)
    assert "add:attack:0" in got and "add:range:2" in got and "add:fortification:1" in got
    act(s, "add:attack:0")                                               # 2 upgrades -> the third costs 3
    assert s.data["source"][p] == 17
    act(s, "add:fortification:3")                                        # fortification: 2 each
    assert s.data["source"][p] == 15
    act(s, "add:range:4")                                                # 4 -> 5 costs 5
    assert s.data["source"][p] == 10 and s.data["spires"][sid]["ups"] == [
        "attack", "attack", "fortification", "fortification", "range"]
    assert s.to_act == (1 - p,)                  # capacity 5 reached: the option ends, one build turn in all


@rule("CS-BLD-14", "CS-BLD-15", "CS-GAP-12", "CS-GAP-34", "CS-CMP-14")
def test_placing_an_earthscape_then_building_on_its_well():
    s = new()
    skip_to(s, "build")
    p = s.to_act[0]
    give(s, p, 20)
    scape(s, p, "drift_meadow")
    assert not any(a.startswith("scape:") for a in ids(s))                # no slot next to influence yet
    centre = sorted(w for w in s.map.wells if s.map.group[w] == "centre")[0]
    spire(s, p, "candle_spire", centre, ["attack"])                     # a spire on the centre island
    slots = [a for a in ids(s) if a.startswith("scape:")]
    assert slots == ["scape:drift_meadow:1", "scape:drift_meadow:2"]
    act(s, slots[0])
    assert all(s.terrain(h) is not None for h in s.map.slots[0])         # sky turned to land
    got = ids(s)
    assert "es:none" in got and len(got) > 1                             # a spire may follow at once
    act(s, next(a for a in got if a != "es:none"))
    while s.to_act == (p,) and any(a.startswith("bottom:") for a in ids(s)):
        act(s, ids(s)[0])
    assert any(sp["hex"] in s.map.slots[0] for sp in s.data["spires"].values())
    assert s.to_act == (1 - p,)                                          # all one build option

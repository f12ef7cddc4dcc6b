"""Cloudspire content: factions, market, maps, decks and talents as data with a schema check
(CS-FAC, CS-CMP and the content GAP defaults)."""
from __future__ import annotations

import json

import pytest

from pyapp.engine.content import ContentError
from pyapp.games.cloudspire import content
from pyapp.games.cloudspire.content import (CHIPS, EARTHSCAPES, EVENTS, FACTIONS, LANDMARKS, MAPS, PART1, RELICS,
                                            SPIRES, TALENTS, UNITS)

rule = pytest.mark.rule


@rule("CS-GAP-25", "CS-GAP-26", "CS-GAP-37", "CS-CMP-2", "CS-CMP-3", "CS-CMP-6", "CS-PREP-8")
def test_every_part_1_faction_follows_the_roster_template():
    assert set(PART1) <= set(FACTIONS)
    for fid, f in ((k, FACTIONS[k]) for k in PART1):
        assert len(f["heroes"]) == 2 and [h["cp"] for h in f["heroes"] if h["start"]] == [0]
        assert [h["cp"] for h in f["heroes"] if not h["start"]] == [4]
        assert len(f["minions"]) == 4 and all(m["count"] == 3 for m in f["minions"])
        assert len(f["spires"]) >= 4 and all(s["count"] == 2 and 1 <= len(s["start"]) <= 2 and
                                             4 <= s["capacity"] <= 6 for s in f["spires"])
        assert len(f["structures"]) >= 3 and all(len(st["advancements"]) == 3 for st in f["structures"])
        assert f["gate"] == 15 and f["cap"] == 20      # CS-GAP-54 (house rule: 15, balanced by simulation), CS-GAP-16
        for u in f["heroes"] + f["minions"]:
            assert {"move", "attack", "health", "terrain"} <= set(u) and "path" in u["terrain"]


@rule("CS-GAP-27")
def test_source_rewards_follow_the_default_formula():
    assert UNITS["page"]["reward"] == 1 and UNITS["court_warden"]["reward"] == 3
    assert UNITS["lantern_heir"]["reward"] == 3
    assert SPIRES["chain_spire"]["reward"] == 2 and SPIRES["hired_battery"]["reward"] == 2
    assert UNITS["raider"]["reward"] == 2


@rule("CS-GAP-75", "CS-FAC-5")
def test_heirs_are_cheap_with_more_options_and_frail_minions():
    heirs, keel = FACTIONS["heirs"], FACTIONS["keel"]
    assert len(heirs["spires"]) == 5 and len(heirs["structures"]) == 4
    assert [a["cost"] for a in heirs["structures"][0]["advancements"]] == [2, 4, 6]
    assert min(s["cost"] for s in heirs["spires"]) < min(s["cost"] for s in keel["spires"])
    assert sum(m["health"] for m in heirs["minions"]) < sum(m["health"] for m in keel["minions"])


@rule("CS-GAP-72", "CS-FAC-2")
def test_brawnen_pay_more_and_field_forsaken_giants():
    b = FACTIONS["brawnen"]
    assert [a["cost"] for a in b["structures"][0]["advancements"]] == [4, 6, 8]
    forsaken = [m for m in b["minions"] if "forsaken" in m["talents"]]
    assert len(forsaken) == 2 and all(m["cp"] in (4, 6) and m["attack"] >= 4 for m in forsaken)


@rule("CS-GAP-77", "CS-FAC-7")
def test_keel_are_sturdy_slow_and_subjugate():
    k = FACTIONS["keel"]
    assert k["traits"] == {"subjugate": 1}
    assert all(m["move"] <= 2 for m in k["minions"]) and all(m["health"] >= 3 for m in k["minions"])


@rule("CS-GAP-74", "CS-FAC-4")
def test_grovetenders_hoard_trait_is_data():
    assert FACTIONS["grovetenders"]["traits"]["hoard"] == {"threshold": 10, "spire_dice": 1, "attack": 1}


@rule("CS-GAP-7", "CS-CMP-4", "CS-CMP-11")
def test_maps_for_2_3_4_players_with_islands_gates_wells_and_slots():
    for n, m in MAPS.items():
        assert len(m.gates) == n and len(m.wells) == 4 * n + 4 and len(m.slots) == 2
        for i, g in enumerate(m.gates):
            assert m.group[g] == f"home{i + 1}"
            home = [w for w in m.wells if m.group[w] == f"home{i + 1}"]
            assert len(home) == 4
        assert len([w for w in m.wells if m.group[w] == "centre"]) == 4
        assert len(m.landmarks) == 2 * n
        sky = [h for h in m.grid.hexes if h not in m.terrain]              # on the grid: the slots only
        assert sorted(sky) == sorted(h for s in m.slots for h in s)


@rule("CS-GAP-8")
def test_terrain_kinds_and_allowances():
    assert {t for m in MAPS.values() for t in m.terrain.values()} == {"path", "forest", "mountain", "water"}
    assert all(u["terrain"] == ["path"] for u in UNITS.values() if u["kind"] == "minion")
    assert all(u["terrain"] == ["path", "forest"] for u in UNITS.values() if u["kind"] == "hero")


@rule("CS-GAP-13", "CS-GAP-18", "CS-GAP-56", "CS-GAP-58", "CS-GAP-59", "CS-GAP-60", "CS-CMP-12", "CS-CMP-15")
def test_decks_and_keyword_sets():
    assert len(EARTHSCAPES) == 8 and all(len(e["terrain"]) == 4 and "path" in e["terrain"] for e in EARTHSCAPES)
    assert len(CHIPS) == 20 and all(2 <= c["cost"] <= 6 for c in CHIPS.values())
    assert sorted(LANDMARKS["kinds"]) == ["cache", "guardian", "ruins", "shrine"]
    assert LANDMARKS["kinds"]["guardian"]["health"] == 4
    assert len(RELICS) == 10 and len(EVENTS) == 12
    assert {"swift", "reach", "regenerate", "siege"} <= set(TALENTS)
    assert all(t["timing"] in content.TIMINGS for t in TALENTS.values())


@rule("CS-GAP-49", "CS-CMP-16")
def test_the_spire_die_and_the_trackers():
    from pyapp.games.cloudspire.units import DIE
    assert sorted(DIE) == [0, 1, 1, 1, 2, 2]


def test_a_broken_file_is_reported_in_one_error(monkeypatch):
    bad = json.loads(json.dumps({k: v for k, v in FACTIONS.items()}))
    bad["keel"]["minions"][0]["move"] = 0
    bad["heirs"]["heroes"][1]["cp"] = 2
    real = content.read_json

    def fake(pkg, name):
        return bad if name == "factions.json" else real(pkg, name)

    monkeypatch.setattr(content, "read_json", fake)
    with pytest.raises(ContentError) as e:
        content._load()
    assert "move must be a whole number from 1 to 4" in str(e.value) and "costs 0 CP, the other 4" in str(e.value)


def test_every_home_island_has_two_wells_facing_the_centre():
    """Balance (CS-GAP-7): two of each home island's four wells stand in front of the gate, no farther from the
    centre island than the gate is, so a spire there covers the hexes attackers march through."""
    from pyapp.games.cloudspire.content import MAPS
    for n, m in MAPS.items():
        centre = [h for h, g in m.group.items() if g == "centre"]
        for seat, g in enumerate(m.gates):
            def near(h):
                return min(m.grid.distance(h, c) for c in centre)
            home = [w for w in m.wells if m.group[w] == f"home{seat + 1}"]
            assert len(home) == 4
            assert len([w for w in home if near(w) <= near(g) and m.grid.distance(w, g) == 2]) == 2, (n, seat)

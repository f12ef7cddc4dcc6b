"""Cloudspire Prep Phase: marks, unit selection with Command Points, the secret deployment stack
(CS-PREP, CS-STK), and hidden information in views, labels and resampled copies."""
from __future__ import annotations

import pytest

from cloudspire_helpers import act, at_stack, clear_landmarks, ids, landmark, new, owned, skip_to, stack, unit
from pyapp.engine.log import plain
from pyapp.engine.rng import Rng
from pyapp.games.cloudspire.content import UNITS

rule = pytest.mark.rule


def at_select(players=2, wave=1):
    s = new(players)
    skip_to(s, "select", wave=wave)
    return s


@rule("CS-PREP-2", "CS-PREP-3", "CS-GAP-36", "CS-UI-12", "CS-CMP-5")
def test_each_player_in_turn_marks_an_opposing_gate():
    s = new(3)
    skip_to(s, "mark")
    first = s.flow.first
    assert s.to_act == (first,)
    got = ids(s)
    assert f"mark:{first + 1}" not in got and len(got) == 2
    act(s, got[0])
    assert s.data["marks"][first] == int(got[0][5:]) - 1
    assert s.to_act == ((first + 1) % 3,)
    assert s.view(2)["gate_marks"][first] == int(got[0][5:]) - 1


@rule("CS-PREP-4", "CS-PREP-5", "CS-PREP-6", "CS-PREP-7", "CS-MKT-15", "CS-GAP-15", "CS-UI-13", "CS-CMP-7")
def test_selection_spends_command_points_and_mercs_are_free():
    s = new()
    skip_to(s, "mark")
    p = s.flow.first
    owned(s, p, "sellsword")
    skip_to(s, "select")
    assert s.to_act == (p,) and s.data["cp"][p] == 5                     # CP = wave 1's base income
    minion = {0: "squire", 1: "shackler"}[p]
    act(s, "sel:" + minion)
    assert s.data["cp"][p] == 3
    act(s, "sel:sellsword")
    assert s.data["cp"][p] == 3 and "sellsword" not in s.data["owned"][p]["chips"]
    act(s, "unsel:" + minion)
    assert s.data["cp"][p] == 5
    act(s, "sel:" + minion)
    act(s, "sel:" + minion)
    assert not any(a.startswith("sel:") and a[4:] in ("court_warden", "gloom_knight") for a in ids(s))
    assert "unspent CP is lost" in next(a.label for a in s.legal_actions(p) if a.id == "done")
    act(s, "done")
    assert s.data["cp"][p] == 0 and sorted(s.data["picked"][p]) == sorted([minion, minion, "sellsword"])


@rule("CS-PREP-8", "CS-PREP-9", "CS-PREP-10", "CS-GAP-37", "CS-GAP-38", "CS-MKT-16")
def test_one_hero_in_wave_1_and_two_from_wave_2():
    s = at_select()
    p = s.to_act[0]
    heroes = [a for a in ids(s) if a.startswith("sel:") and s.data["heroes"][p].get(a[4:])]
    assert len(heroes) == 1                                  # wave 1: the starting hero (or a merc hero) only
    start = next(h for h in s.data["heroes"][p] if h in ("lantern_heir", "deep_warden"))
    act(s, "sel:" + start)
    assert s.data["cp"][p] == 5                                          # the starting hero is free
    assert not any(a.startswith("sel:") and a[4:] in s.data["heroes"][p] for a in ids(s))
    t = new()
    skip_to(t, "select", wave=2)
    q = t.to_act[0]
    owned(t, q, "wandering_blade")
    start = next(h for h in t.data["heroes"][q] if h in ("lantern_heir", "deep_warden"))
    act(t, "sel:" + start)
    act(t, "sel:wandering_blade")                                        # a merc hero: 0 CP, the second hero
    assert not any(a.startswith("sel:") and a[4:] in ("archivist", "undertow_seer") for a in ids(t))


@rule("CS-STK-1", "CS-STK-2", "CS-STK-3", "CS-STK-4", "CS-PREP-11", "CS-PREP-12", "CS-STK-8", "CS-GAP-40",
      "CS-UI-14")
def test_the_stack_groups_minions_by_movement_and_never_groups_heroes():
    s = at_stack({0: ["lantern_heir", "page", "outrider"], 1: ["delver"]})
    assert sorted(s.to_act) == [0, 1]                                    # both build their stacks at once
    got = ids(s, 0)
    assert "done" not in got and "put:lantern_heir" in got and "join:page" not in got
    act(s, "put:page", 0)
    got = ids(s, 0)
    assert "join:outrider" in got                                        # movement 3 below movement 2
    assert "put:lantern_heir" not in got                                 # never between minions
    act(s, "join:outrider", 0)
    assert "put:lantern_heir" in ids(s, 0)                              # below every minion
    act(s, "put:lantern_heir", 0)
    assert "join:lantern_heir" not in ids(s, 0)
    act(s, "done", 0)
    assert s.data["stacks"][0] == [{"chips": ["page", "outrider"]}, {"hero": "lantern_heir"}]


@rule("CS-STK-4")
def test_a_slower_minion_cannot_go_under_a_faster_one():
    s = at_stack({0: ["outrider", "court_warden"], 1: []})
    act(s, "put:outrider", 0)
    assert "join:court_warden" not in ids(s, 0)


@rule("CS-STK-5", "CS-STK-7", "CS-CMP-10")
def test_health_chips_come_from_the_top_minion_only():
    s = new()
    clear_landmarks(s)
    u = unit(s, 0, "e5", chips=["page", "court_warden"])
    v = unit(s, 0, "e6", chips=["court_warden"])
    assert s.data["units"][u]["hp"] == 1 and s.data["units"][v]["hp"] == UNITS["court_warden"]["health"]


@rule("CS-STK-10", "CS-UI-15", "CS-GAP-41", "CS-UI-17", "CS-UI-16")
def test_only_the_top_of_a_stack_is_shown_to_other_players():
    s = new()
    stack(s, 0, [["page", "outrider"], ["court_warden"], "lantern_heir"])
    mine = s.view(0)["stacks"][0]
    theirs = s.view(1)["stacks"][0]
    assert [e.get("chips") or e.get("hero") for e in mine] == [["page", "outrider"], ["court_warden"], "lantern_heir"]
    assert theirs == [{"chips": ["page"], "size": 2}, {"size": 1}, {"size": 1}]
    assert s.view(None)["stacks"][0] == theirs
    clear_landmarks(s)
    g = unit(s, 0, "e5", chips=["page", "squire"])
    seen = next(x for x in s.view(1)["units"] if x["id"] == g)
    assert seen["chips"] == ["page"] and seen["size"] == 2
    assert "squire" not in str(s.view(1)["units"])


@rule("CS-STK-10", "CS-UI-23")
def test_resampling_keeps_what_a_seat_sees_and_deals_the_rest_anew():
    s = new()
    skip_to(s, "onslaught")
    landmark(s, s.map.landmarks[0], "cache")
    stack(s, 0, [["page"], ["squire", "outrider"], ["court_warden"], ["page"]])
    changed = False
    for k in range(8):
        t = s.resample_hidden(1, Rng(k))
        assert t.view(1) == s.view(1)
        assert [a.id for a in t.legal_actions(t.to_act[0])] == [a.id for a in s.legal_actions(s.to_act[0])] \
            if t.to_act and t.to_act[0] == 1 else True
        assert t.data["stacks"][0][0] == s.data["stacks"][0][0]
        changed |= t.data["stacks"][0] != s.data["stacks"][0] or t.data["landmarks"] != s.data["landmarks"]
    assert changed
    # the owner's own copy keeps its stack
    assert s.resample_hidden(0, Rng(3)).data["stacks"][0] == s.data["stacks"][0]


@rule("CS-MKT-12", "CS-MKT-13", "CS-GAP-24")
def test_equipment_goes_on_a_hero_in_the_stack_and_stays():
    s = new()
    skip_to(s, "mark")
    p = s.flow.first
    owned(s, p, "windstep_boots")
    skip_to(s, "select")
    hero = next(h for h in s.data["heroes"][p] if h in ("lantern_heir", "deep_warden"))
    act(s, "sel:" + hero)
    act(s, "done")
    act(s, "done")                                                     # the other seat selects nothing
    got = ids(s, p)
    assert f"equip:windstep_boots:{hero}" in got
    act(s, f"equip:windstep_boots:{hero}", p)
    assert s.data["heroes"][p][hero]["equip"] == ["windstep_boots"]
    u = unit(s, p, "e5" if p == 0 else "q10", hero=hero)
    assert "swift" in s.talents(s.data["units"][u])


@rule("CS-GAP-23", "CS-GAP-67")
def test_surviving_mercs_return_to_their_buyer_after_the_wave():
    s = new()
    skip_to(s, "stack")
    unit(s, 0, "e5", chips=["sellsword"])
    s.end_wave()
    assert "sellsword" in s.data["owned"][0]["chips"]
    assert s.data["units"] == {} and s.data["wave"] == 2
    assert "Wave 1 ends" in [plain(e) for e in s.log]


@rule("CS-GAP-39")
def test_two_heroes_may_sit_one_above_and_one_below_the_minions():
    s = new()
    skip_to(s, "select", wave=2)
    picks = {0: ["lantern_heir", "archivist", "page"], 1: []}
    for _ in range(2):
        p = s.to_act[0]
        for t in picks[p]:
            act(s, "sel:" + t)
        act(s, "done")
    act(s, "put:lantern_heir", 0)
    act(s, "put:page", 0)
    assert "put:archivist" in ids(s, 0)
    act(s, "put:archivist", 0)
    act(s, "done", 0)
    assert s.data["stacks"][0] == [{"hero": "lantern_heir"}, {"chips": ["page"]}, {"hero": "archivist"}]


@rule("CS-STK-10", "CS-STK-11")
def test_a_stack_being_built_shows_nothing_but_sizes_until_it_stands_on_the_gate():
    s = at_stack({0: ["page", "squire"], 1: ["delver"]})
    act(s, "put:squire", 0)
    assert s.view(1)["stacks"][0] == [{"size": 1}]
    assert s.view(0)["stacks"][0] == [{"chips": ["squire"], "size": 1}]

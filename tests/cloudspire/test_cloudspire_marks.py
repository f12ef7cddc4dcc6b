"""Cloudspire, following the game (issue 16): every seat's last move marked on the board until that seat
moves again, the map's markup (legible labels, rings that are named keyboard controls and never
overlap, details in words), and the end-of-game summary."""
from __future__ import annotations

import re

import pytest

from cloudspire_helpers import (act, default_choice, gate, gate_health, give, ids, landmark, lane,
                                new, rig, skip_to, spire, stack, start_turn, unit)
from cloudspire_helpers import board as onslaught_board
from pyapp import bots
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire import render as R
from pyapp.games.cloudspire.content import FACTIONS, UNITS

NAMES = ["Ann", "Bob", "Cy", "Di"]


def board(players=2):
    return onslaught_board(None, players)


def draw(s, seat=0, interactive=True):
    acts = s.legal_actions(seat) if interactive and seat in s.to_act else []
    return R.render(s.view(seat), acts, seat=seat, names=NAMES[:s.players], interactive=bool(acts))


def marks(s, seat, viewer=None):
    return s.view(viewer)["marks"].get(str(seat), [])


def test_a_bots_move_is_marked_for_everybody_until_that_seat_moves_again():
    s = GAME.new(2, 4)
    bot = [bots.make("cloudspire", "raider", 4 * 31 + i) for i in range(2)]
    moved = None
    for _ in range(3000):
        seat = s.to_act[0]
        aid = bot[seat].choose(s, seat)
        s.apply(seat, aid)
        if s.flow.phase == "onslaught" and aid.startswith("step:") and seat == 1:
            moved = aid
            break
    assert moved, "the bot never moved a minion"
    to = moved.split(":")[2]
    got = [m for m in marks(s, 1) if m["kind"] == "move" and m["at"][1] == to]
    assert got and len(got[0]["at"]) == 2
    assert s.view(0)["marks"] == s.view(1)["marks"] == s.view(None)["marks"]      # public, the same for all
    out = draw(s, 0, interactive=False)
    assert 'class="cs-last seat seat-1"' in out and "<line " in out.split('class="cs-last seat seat-1"')[1]
    assert "Last moves" in out and f"moved {got[0]['at'][0]} \u2192 {to}" in out
    mark = got[0]
    # seat 1's marks stay through the other seat's turn and are gone once seat 1's next turn begins
    seen_other = False
    for _ in range(5000):
        seat = s.to_act[0]
        if s.flow.phase == "onslaught" and s.flow.active == 0:
            seen_other = True
            assert mark in marks(s, 1)
        if seen_other and s.flow.active == 1:
            break
        s.apply(seat, bot[seat].choose(s, seat))
    assert seen_other and s.flow.active == 1
    assert mark not in marks(s, 1) and mark not in s.view(0)["marks"].get("1", [])


def test_moves_and_heroes_are_marked_from_where_they_left():
    s = board()
    road = lane(s, 0, 1)
    stack(s, 0, ["lantern_heir", ["page"], "archivist"])    # the second hero keeps the turn open
    start_turn(s, 0)
    hop = next(a for a in ids(s) if a.startswith("hero:top:"))
    act(s, hop)
    assert marks(s, 0) == [{"kind": "move", "at": [gate(s, 0), hop.split(":")[2]], "text": "The Lantern Heir"}]
    step = next(a for a in ids(s) if a.startswith("step:top:"))
    act(s, step)
    assert marks(s, 0)[-1] == {"kind": "move", "at": [gate(s, 0), step.split(":")[2]], "text": "Page"}
    assert road


def test_a_spire_shot_is_marked_for_the_spires_owner_with_its_damage():
    s = board()
    road = lane(s, 0, 1)
    h = road[6]
    near = next(x for x in s.map.grid.adjacent(h) if s.terrain(x) and not s.solid(x) and x not in road)
    spire(s, 1, "chain_spire", near, ["attack", "attack"])
    unit(s, 0, h, hero="lantern_heir")
    rig(s, 5, 4)                                                  # 2 + 2 damage
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    assert {"kind": "fire", "at": [near, h], "text": "4"} in marks(s, 1)
    assert "fired" in draw(s, 0)


def test_exploring_marks_where_and_only_a_revealed_landmark_says_what():
    s = board()
    road = lane(s, 0, 1)
    h = road[6]
    spots = [x for x in s.map.grid.adjacent(h) if s.terrain(x) and x not in road and not s.solid(x)][:3]
    landmark(s, spots[0], "guardian")
    landmark(s, spots[1], "ruins")
    landmark(s, spots[2], "cache")                                # left unexplored: the turn stays open
    unit(s, 0, h, hero="lantern_heir")
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    act(s, f"explore:{spots[0]}")
    assert marks(s, 0, viewer=1) == [{"kind": "explore", "at": [spots[0]]}]
    assert "Guardian" not in draw(s, 1, interactive=False).replace(R.LEGEND, "")     # the map key names every kind
    act(s, "leave")
    act(s, f"explore:{spots[1]}")
    act(s, "reveal")
    assert marks(s, 0, viewer=1) == [{"kind": "explore", "at": [spots[0]]}, {"kind": "explore", "at": [spots[1]]},
                                     {"kind": "reveal", "at": [spots[1]], "text": "Fallen Ruins"}]
    assert "Guardian" not in str(s.view(1)["marks"])


def test_attacks_gate_damage_and_removals_are_marked():
    s = board()
    road = lane(s, 0, 1)
    gate_health(s, 1, 9)
    h = unit(s, 0, road[-1], hero="lantern_heir")
    foe = unit(s, 1, road[-2], chips=["delver"], hp=1)
    start_turn(s, 0)
    act(s, "minions")
    act(s, "fire")
    act(s, f"atk:{h}:{road[-2]}")
    assert foe not in s.data["units"]
    got = marks(s, 0)
    assert got[0]["kind"] == "attack" and got[0]["at"] == [road[-1], road[-2]]
    assert got[1] == {"kind": "remove", "at": [road[-2]], "text": UNITS["delver"]["name"]}
    assert "level" in ids(s)
    act(s, "nolevel")
    s2 = board()
    road = lane(s2, 0, 1)
    h = unit(s2, 0, road[-1], hero="lantern_heir")
    start_turn(s2, 0)
    act(s2, "minions")
    act(s2, "fire")
    act(s2, f"atk:{h}:{gate(s2, 1)}")
    dmg = UNITS["lantern_heir"]["attack"]                           # 3 (balance, docs/notes/cloudspire.md)
    assert {"kind": "gate", "at": [road[-1], gate(s2, 1)], "text": f"-{dmg}"} in marks(s2, 0)
    out = draw(s2, 1, interactive=False)
    assert "struck the gate" in out and f"({dmg} damage)" in out


def test_builds_are_marked_and_forgotten_at_the_builders_next_build_turn():
    s = new()
    skip_to(s, "build")
    p = s.to_act[0]
    give(s, p, 20)
    give(s, 1 - p, 20)
    t = next(x["id"] for x in FACTIONS[s.data["factions"][p]]["spires"] if len(set(x["start"])) == 2)
    act(s, "spire:" + t)
    well = next(a for a in ids(s) if a.startswith("at:"))[3:]
    act(s, "at:" + well)
    act(s, ids(s)[0])
    assert [m["kind"] for m in marks(s, p)] == ["build"] and marks(s, p)[0]["at"] == [well]
    act(s, "pass")                                              # the other seat
    assert marks(s, p)
    st = FACTIONS[s.data["factions"][p]]["structures"][0]
    act(s, "adv:" + st["id"])                                     # the builder's next move
    assert marks(s, p) == [{"kind": "build", "at": [gate(s, p)], "text": st["advancements"][0]["name"]}]


def test_the_map_labels_are_legible_and_every_ring_is_a_named_control_on_its_own_hex():
    s = GAME.new(3, 5)
    bot = [bots.make("cloudspire", "raider", 5 * 31 + i) for i in range(3)]
    seen_rings = 0
    for _ in range(900):
        if s.is_over:
            break
        seat = s.to_act[0]
        out = draw(s, seat)
        svg = out.split('<svg class="cs-map"', 1)[1].split("</svg>", 1)[0]
        sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and min(sizes) >= 11                          # 1 unit = 1 px where the map fits
        w = float(re.search(r'width="([\d.]+)"', svg).group(1))
        assert w <= 700                                             # fits beside the panel at 1366 px
        rings = re.findall(r'<g class="cs-mark" role="button" tabindex="0" data-action="([^"]+)" aria-label="([^"]+)">'
                           r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
        centres = [(float(x), float(y)) for _, _, x, y in rings]
        assert len(set(centres)) == len(centres)                    # one control per hex
        for i, (x1, y1) in enumerate(centres):
            for x2, y2 in centres[i + 1:]:                        # their boxes (stroke included) never overlap
                assert abs(x1 - x2) >= 2 * R.RING + 3 or abs(y1 - y2) >= 2 * R.RING + 3
        assert all(label.strip() for _, label, _, _ in rings)
        seen_rings += len(rings)
        if "bs-actions" not in out:
            assert not s.legal_actions(seat)
        s.apply(seat, bot[seat].choose(s, seat))
    assert seen_rings > 20


def finished(seed=4):
    s = GAME.new(2, seed)
    bot = [bots.make("cloudspire", "raider", seed * 31 + i) for i in range(2)]
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, bot[seat].choose(s, seat))
    return s


@pytest.mark.rule("CS-GAP-68", "CS-UI-33")
def test_the_summary_gives_the_deciding_figures_then_the_statistics():
    s = finished()
    rows = GAME.summary(s)
    labels = [r[0] for r in rows]
    assert labels == ["Gate", "Wave reached", "Damage dealt to opposing gates", "Source at the end", "Source earned",
                      "Units lost", "Spires built", "Landmarks explored"]
    got = dict(rows)
    assert all(len(v) == 2 for v in got.values())
    assert got["Damage dealt to opposing gates"] == [str(x) for x in s.data["gate_damage"]]
    for p in range(2):
        texts = [e["text"] for e in s.log if isinstance(e, dict) and (e.get("seats") or [None])[0] == p]
        assert got["Spires built"][p] == str(sum("{0} constructs" in t for t in texts))
        assert got["Landmarks explored"][p] == str(sum("{0} explores" in t for t in texts))
        lost = sum(1 for t in texts if t.startswith("{0}'s ") and t.endswith(" is defeated")
                   and any(t == "{0}'s %s is defeated" % u["name"] for u in UNITS.values()))
        assert got["Units lost"][p] == str(lost)
        assert int(got["Source earned"][p]) >= 5 + 7                 # at least two waves' income
        if p in s.data["out"]:
            assert got["Gate"][p] == "destroyed" and "fortress destroyed" in got["Wave reached"][p]
        else:
            g = s.data["gate"][p]
            assert got["Gate"][p] == f"{g['health']} of {g['max']} health"


def test_the_summary_of_a_game_decided_after_four_waves():
    s = new()
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, default_choice(s, seat))
    got = dict(GAME.summary(s))
    assert got["Wave reached"] == ["4", "4"] and got["Damage dealt to opposing gates"] == ["0", "0"]
    assert got["Units lost"] == ["0", "0"] and got["Spires built"] == ["0", "0"]

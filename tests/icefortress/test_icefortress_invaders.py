"""Ice Fortress step 3: pulling invaders, their abilities, attacks on the shield, the supply limit."""
from __future__ import annotations

import pytest

from pyapp.engine.log import plain
from pyapp.games.icefortress import fortress as fx

from icefortress_helpers import (bag, beacons, built, dice, ids, invader, neutral, new, pillars, play, room,
                                 seat, supply)

rule = pytest.mark.rule


def _end(st):
    dice(st)
    play(st, "end")


@rule("IF-ROUND-3", "IF-PULL-2", "IF-GAP-34", "IF-UI-13", "IF-PULL-12", "IF-PULL-13", "IF-INV-2")
def test_every_turn_pulls_two_and_an_empty_fortress_is_attacked():
    st = new(2, 1)
    bag(st, "water", "water", "air")
    supply(st, rooms=["J01", "L01"])
    s0 = seat(st)
    _end(st)
    v = st.view(None)
    assert v["shield"] == 5 and v["pull"]["done"] == 2 and v["pull"]["total"] == 2
    assert [x[1] for x in v["pull"]["seen"]] == ["shield", "shield"]
    assert v["bag"] == 3                                          # attackers go back into the bag
    assert len(v["supply"]["rooms"]) == 2                         # no flooding from an attacker
    assert seat(st) != s0 and v["step"] == 1
    assert sum("attacks the ice shield" in plain(e) for e in st.log) == 2


@rule("IF-PULL-3", "IF-PULL-5", "IF-PULL-6", "IF-PULL-9", "IF-ELEM-5")
def test_invader_goes_to_highest_room_of_its_element_pillar_first():
    st = new(2, 1)
    built(st, "J04", "base:0", {"a": 1, "b": 1, "c": 1, "d": 1})       # water jumbo, level 1
    built(st, "L07", "J04.g1")                                           # water large, level 2, empty squares
    built(st, "J01", "base:1")                                           # fire: never entered by water
    pillars(st, "J04", e=2)                                              # an empty pillar down below
    bag(st, "water")
    supply(st, rooms=[])
    _end(st)
    assert ids(st) == ["land:L07.a", "land:L07.b"]                      # a square up high beats a pillar lower
    play(st, "land:L07.b")
    assert room(st, "L07")["inv"] == {"b": "water"} and room(st, "J04")["inv"] == {}
    assert not room(st, "J01")["inv"]


@rule("IF-PULL-7", "IF-PULL-11", "IF-UI-11")
def test_several_equal_places_the_current_player_chooses():
    st = new(2, 1)
    built(st, "J04", "base:0")
    bag(st, "water")
    supply(st, rooms=[])
    s = seat(st)
    _end(st)
    assert seat(st) == s and st.view(None)["prompt"] == "land"
    assert ids(st) == [f"land:J04.{x}" for x in "abcdefgh"]
    play(st, "land:J04.c")
    assert room(st, "J04")["inv"] == {"c": "water"}


@rule("IF-PULL-6", "IF-PULL-10")
def test_empty_pillar_before_empty_square_and_no_doubling_up():
    st = new(2, 1)
    built(st, "J07", "base:0", {"a": 2, "b": 3})
    invader(st, "J07.a", "air")
    bag(st, "air")
    _end(st)
    assert room(st, "J07")["inv"] == {"a": "air", "b": "air"}           # the only empty pillar


@rule("IF-PULL-8")
def test_full_room_sends_invader_to_the_next_highest():
    st = new(2, 1)
    built(st, "J04", "base:0", {"a": 1, "b": 1, "c": 1, "d": 1})
    built(st, "L07", "J04.g1")
    invader(st, "L07.a", "water")
    invader(st, "L07.b", "water")
    pillars(st, "J04", e=3)
    bag(st, "water")
    supply(st, rooms=[])
    _end(st)
    assert room(st, "J04")["inv"] == {"e": "water"}


@rule("IF-PULL-4", "IF-GAP-36")
def test_covered_rooms_and_squares_under_rooms_are_never_landing_spots():
    st = new(2, 1)
    built(st, "J01", "base:0", {"a": 3, "b": 3, "c": 5, "d": 4})
    built(st, "L07", "J01.g1")
    spots = fx.landing(st.data, "fire")
    assert spots and all(p[0] in ("J01.e", "J01.f", "J01.g", "J01.h") for p in spots)
    pillars(st, "J01", e=1, f=1, g=1, h=1)
    built(st, "L08", "J01.g2")
    assert fx.landing(st.data, "fire") == []


@rule("IF-PULL-15", "IF-REPEL-2", "IF-CRYS-1")
def test_invader_stays_until_removed():
    st = new(2, 1)
    built(st, "J07", "base:0")
    invader(st, "J07.a", "air")
    bag(st)
    _end(st)
    assert room(st, "J07")["inv"] == {"a": "air"}
    st.remove_invader("J07.a", crystal=True)
    assert room(st, "J07")["inv"] == {} and st.view(None)["supply"]["shards"]["air"] == 1


@rule("IF-INV-1", "IF-INV-3", "IF-GAP-38")
def test_fire_melts_the_pillar_it_lands_on():
    st = new(2, 1)
    built(st, "J01", "base:0", {"a": 6})
    bag(st, "fire")
    pool = st.pool()
    _end(st)
    assert room(st, "J01")["pillars"] == {} and room(st, "J01")["inv"] == {"a": "fire"}
    assert st.pool() == pool + 1 and any("melts" in plain(e) for e in st.log)


@rule("IF-INV-4")
def test_fire_on_an_empty_square_does_nothing_more():
    st = new(2, 1)
    built(st, "J02", "base:0")
    bag(st, "fire")
    _end(st)
    play(st, "land:J02.a")
    assert room(st, "J02")["inv"] == {"a": "fire"} and not any("melts" in plain(e) for e in st.log)


@rule("IF-INV-5", "IF-BCN-9")
def test_fire_stops_melting_after_its_beacon():
    st = new(2, 1)
    built(st, "J01", "base:0", {"a": 6})
    beacons(st, "fire")
    bag(st, "fire")
    _end(st)
    assert room(st, "J01")["pillars"] == {"a": 6} and room(st, "J01")["inv"] == {"a": "fire"}


@rule("IF-INV-6", "IF-INV-7", "IF-UI-12", "IF-DEST-5")
def test_water_floods_a_supply_room_of_the_players_choice():
    st = new(2, 1)
    built(st, "J04", "base:0", {"a": 1})
    supply(st, rooms=["L01", "M01"])
    bag(st, "water")
    _end(st)
    assert st.view(None)["prompt"] == "flood" and ids(st) == ["flood:L01", "flood:M01"]
    play(st, "flood:M01")
    assert st.view(None)["supply"]["rooms"] == ["L01"] and st.data["decks"]["medium"][0] == "M01"


@rule("IF-INV-8", "IF-GAP-39")
def test_no_flood_after_beacon_or_with_an_empty_supply():
    st = new(2, 1)
    built(st, "J04", "base:0", {"a": 1})
    supply(st, rooms=["L01"])
    beacons(st, "water")
    bag(st, "water")
    _end(st)
    assert st.view(None)["supply"]["rooms"] == ["L01"]
    st = new(2, 1)
    built(st, "J04", "base:0", {"a": 1})
    supply(st, rooms=[])
    bag(st, "water")
    _end(st)
    assert room(st, "J04")["inv"] == {"a": "water"} and st.view(None)["step"] == 1


@rule("IF-INV-9", "IF-INV-10", "IF-INV-11", "IF-PULL-14", "IF-GAP-37", "IF-UI-14")
def test_earth_occupies_pillar_groups():
    st = new(2, 1)
    built(st, "J10", "base:0", {"a": 4})
    bag(st, "earth", "earth", "earth")
    _end(st)
    assert ids(st) == ["land:J10.g1", "land:J10.g2"]
    play(st, "land:J10.g1")
    # the second goes to the other group (one invader per group), the third finds no free group and attacks
    assert room(st, "J10")["ginv"] == {"g1": "earth", "g2": "earth"} and room(st, "J10")["inv"] == {}
    assert st.view(None)["shield"] == 7
    _end(st)                                                    # next turn: no free group, both pulls attack
    assert st.view(None)["shield"] == 5
    assert fx.pillar_problem(st.data, "J10.b", 4) is None          # pillars may still go in the group
    places = {p: el for p, el in fx.invaders(st.data)}
    assert places == {"J10.g1": "earth", "J10.g2": "earth"}


@rule("IF-INV-13", "IF-INV-14", "IF-INV-15")
def test_earth_after_its_beacon():
    st = new(2, 1)
    built(st, "J10", "base:0", {"a": 4, "b": 4, "c": 4, "d": 5})
    invader(st, "J10.g1", "earth")
    beacons(st, "earth")
    assert fx.build_problem(st.data, "L01", "J10.g1") == "an earth invader occupies that group"
    bag(st, "earth")
    _end(st)
    assert ids(st) == [f"land:J10.{s}" for s in "abcd"]               # pillars, even in the occupied group
    play(st, "land:J10.a")
    assert room(st, "J10")["inv"] == {"a": "earth"} and room(st, "J10")["ginv"] == {"g1": "earth"}


@rule("IF-INV-19", "IF-NEUT-2", "IF-GAP-47")
def test_neutralized_element_loses_its_ability():
    st = new(2, 1)
    built(st, "J01", "base:0", {"a": 6})
    neutral(st, "fire")
    bag(st, "fire")
    _end(st)
    assert room(st, "J01")["pillars"] == {"a": 6}
    assert st.view(None)["ib"]["fire"]["ability"] == "neutralized" and st.view(None)["ib"]["fire"]["side"] == "invader"


@rule("IF-GAP-35")
def test_bag_running_out_skips_the_rest():
    st = new(2, 1)
    built(st, "J07", "base:0", {"a": 2})
    bag(st, "air")
    _end(st)
    assert st.view(None)["pull"]["done"] == 1 and st.view(None)["shield"] == 7
    assert room(st, "J07")["inv"] == {"a": "air"} and any("bag is empty" in plain(e) for e in st.log)


# ---------------------------------------------------------------- the supply limit
@rule("IF-ROUND-4", "IF-END-1", "IF-END-3", "IF-END-5", "IF-GAP-41", "IF-GAP-42", "IF-GAP-43", "IF-UI-17")
def test_supply_limit_after_every_turn_rooms_then_shards():
    st = new(2, 1, difficulty=2)
    supply(st, rooms=["L01", "L02", "M01"], fire=2, air=1)
    bag(st)
    s = seat(st)
    _end(st)
    assert seat(st) == s and st.view(None)["prompt"] == "limit"
    assert ids(st) == ["discard:L01", "discard:L02", "discard:M01"]
    play(st, "discard:L02")
    assert st.data["decks"]["large"][0] == "L02"
    assert ids(st) == ["shard:fire", "shard:air"]
    play(st, "shard:fire")
    v = st.view(None)
    assert v["supply"]["rooms"] == ["L01", "M01"] and v["supply"]["shards"] == {"fire": 1, "water": 0, "air": 1,
                                                                                 "earth": 0}
    assert st.data["bag"] == ["fire"] and seat(st) != s


@rule("IF-END-4", "IF-END-6", "IF-SHRD-4")
def test_at_the_limit_nothing_is_discarded():
    st = new(2, 1, difficulty=2)
    supply(st, rooms=["L01", "M01"], water=2)
    bag(st)
    s = seat(st)
    _end(st)
    assert seat(st) != s and st.view(None)["supply"]["shards"]["water"] == 2
    # the shards belong to the table: the next player sees and may spend them
    assert st.view(seat(st))["supply"]["shards"]["water"] == 2


@rule("IF-COMP-5", "IF-UI-15")
def test_shield_is_shown_above_its_start():
    st = new(2, 1, difficulty=7)
    st.boost(2)
    assert st.view(0)["shield"] == 9 and st.view(None)["shield"] == 9

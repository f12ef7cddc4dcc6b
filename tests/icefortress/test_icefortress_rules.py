"""Ice Fortress rules: setup, the turn, pillars, rooms, beacons, victory and loss, solo play.

Each test cites the clauses of ice-fortress.clauses.md it checks."""
from __future__ import annotations

import pytest

from pyapp.engine import IllegalAction
from pyapp.engine.log import plain
from pyapp.games.icefortress import GAME
from pyapp.games.icefortress import content
from pyapp.games.icefortress import fortress as fx

from icefortress_helpers import (beacons, built, bag, character, dice, fire_stack, flipped, ids, invader, new,
                                 pillars, play, room, seat, shield, supply)

rule = pytest.mark.rule


# ---------------------------------------------------------------- overview and setup
@rule("IF-OVR-1")
def test_one_to_four_players():
    for n in (1, 2, 3, 4):
        assert GAME.new(n, 1).players == n
    for n in (0, 5):
        with pytest.raises(ValueError):
            GAME.new(n, 1)


@rule("IF-SETUP-1", "IF-SETUP-2", "IF-COMP-3", "IF-UI-19")
def test_one_invader_card_per_element_invader_side_up():
    seen = set()
    for seed in range(12):
        v = GAME.new(2, seed).view(None)
        for el in content.ELEMENTS:
            card = v["ib"][el]["card"]
            assert content.load()["beacons"][card]["element"] == el
            assert v["ib"][el]["side"] == "invader" and v["ib"][el]["ability"] == "active"
            seen.add(card)
    assert len(seen) == 8                       # both cards of each element turn up; the other stays out


@rule("IF-SETUP-3", "IF-SETUP-4", "IF-SETUP-5", "IF-SETUP-10", "IF-COMP-6", "IF-UI-16", "IF-UI-18")
def test_decks_supply_and_bag_at_setup():
    st = GAME.new(2, 3)
    v = st.view(0)
    assert v["decks"] == {"jumbo": 11, "large": 25, "medium": 31, "small": 35}     # counts only, face down
    assert [fx.rc(c)["size"] for c in v["supply"]["rooms"]] == ["jumbo", "large", "medium", "small"]
    assert v["supply"]["shards"] == {"fire": 0, "water": 0, "air": 0, "earth": 0}
    assert v["bag"] == 40 and not fx.invaders(st.data)
    assert "decks" in v and isinstance(v["decks"]["jumbo"], int) and isinstance(v["bag"], int)


@rule("IF-SETUP-6", "IF-SETUP-7", "IF-SETUP-8", "IF-SETUP-9", "IF-GAP-14", "IF-UI-2")
def test_character_deal_and_ability_discard():
    st = GAME.new(3, 5)
    assert st.view(None)["phase"] == "setup" and set(st.to_act) == {0, 1, 2}
    names = {ch["name"] for ch in st.data["chars"]}
    assert len(names) == 3 and all(n in content.load()["names"] for n in names)
    for s in range(3):
        dealt = st.data["dealt"][s]
        assert len(dealt) == 3
        assert ids(st, s) == [f"discard:{a}" for a in dealt]
        st.apply(s, f"discard:{dealt[1]}")
        assert st.data["chars"][s]["abilities"] == [dealt[0], dealt[2]]
    assert st.view(None)["phase"] == "turn" and st.view(None)["flipped"] is False
    assert all(ch["class"] in content.load()["classes"] for ch in st.data["chars"])
    assert "the" in st.view(None)["chars"][0]["title"]


@rule("IF-SETUP-11", "IF-SETUP-12", "IF-SETUP-13", "IF-SETUP-14", "IF-GAP-7", "IF-UI-1", "IF-END-2")
def test_difficulty_sets_shield_and_limit():
    assert GAME.option("difficulty").default == 7
    assert GAME.new(2, 1).view(None)["shield"] == 7
    for d in (1, 3, 5, 10):
        v = GAME.new(2, 1, {"difficulty": d}).view(None)
        assert v["shield"] == d and v["difficulty"] == d
    for bad in (0, 11):
        with pytest.raises(ValueError):
            GAME.new(2, 1, {"difficulty": bad})


@rule("IF-GAP-15", "IF-ROUND-1")
def test_first_player_is_random_and_order_is_fixed():
    firsts = {new(3, seed).to_act[0] for seed in range(10)}
    assert len(firsts) > 1
    st = new(3, 1)
    order = []
    for _ in range(3):
        order.append(seat(st))
        play(st, "roll")
        bag(st)                                 # nothing to pull
        play(st, "end")
    assert order == [order[0], (order[0] + 1) % 3, (order[0] + 2) % 3]


# ---------------------------------------------------------------- solo
@rule("IF-SOLO-1", "IF-SOLO-2", "IF-SOLO-4", "IF-UI-3")
def test_solo_deals_six_abilities_to_share_between_two_characters():
    st = GAME.new(1, 2)
    assert len(st.data["chars"]) == 2 and len(st.data["dealt"][0]) == 6
    assert all(ch["seat"] == 0 and ch["name"] and ch["class"] for ch in st.data["chars"])
    dealt = list(st.data["dealt"][0])
    assert f"give:0:{dealt[0]}" in ids(st, 0) and f"give:1:{dealt[5]}" in ids(st, 0)
    for ci, a in ((0, dealt[0]), (1, dealt[1]), (0, dealt[2]), (1, dealt[3])):
        st.apply(0, f"give:{ci}:{a}")
    assert st.data["chars"][0]["abilities"] == [dealt[0], dealt[2]]
    assert st.data["chars"][1]["abilities"] == [dealt[1], dealt[3]]
    assert st.view(None)["phase"] == "turn"           # the last two are discarded


@rule("IF-SOLO-3")
def test_solo_characters_alternate_turns():
    st = new(1, 4)
    curs = []
    for _ in range(4):
        assert seat(st) == 0
        curs.append(st.view(0)["cur"])
        play(st, "roll")
        bag(st)
        play(st, "end")
    assert curs == [0, 1, 0, 1]


# ---------------------------------------------------------------- rolling
@rule("IF-ROUND-2", "IF-ROLL-1", "IF-ROLL-6", "IF-ROLL-3", "IF-UI-5", "IF-UI-6", "IF-ROLL-7")
def test_roll_example_five_dice():
    st = new(2, 1)
    ci = st.view(None)["cur"]
    # a name card with 2 dice (Brisa), abilities with 1 (Cunning) and 2 (Fierce) dice, a class with 0 (Banisher)
    character(st, ci, "N1", ["A02", "A01"], "C01")
    v = st.view(None)
    assert v["step"] == 1 and v["step_text"] == "Step 1: Roll Dice" and ids(st) == ["roll"]
    play(st, "roll")
    v = st.view(None)
    assert len(v["dice"]) == 5 and v["withheld"] == 0 and v["short"] == 0
    assert v["step"] == 2 and "Build" in v["step_text"]
    assert "rolls" in plain(st.log[-1])
    assert {f"die:{x}" for x in v["dice"]} & set(ids(st)) or not fx.open_squares(st.data)


@rule("IF-ROLL-4", "IF-INV-17", "IF-GAP-17", "IF-INV-16")
def test_air_invaders_withhold_dice():
    st = new(2, 1)
    character(st, st.view(None)["cur"], "N4", ["A02", "A06"], "C01")        # 1 + 1 + 1 + 0 = 3 dice
    built(st, "J07", "base:0")
    invader(st, "J07.a", "air")
    invader(st, "J07.b", "air")
    play(st, "roll")
    assert len(st.view(None)["dice"]) == 1 and st.view(None)["withheld"] == 2
    st = new(2, 1)
    character(st, st.view(None)["cur"], "N4", ["A02", "A06"], "C01")
    built(st, "J07", "base:0")
    for s in "abcd":
        invader(st, f"J07.{s}", "air")
    play(st, "roll")
    assert st.view(None)["dice"] == [] and st.view(None)["withheld"] == 3       # never below 0


@rule("IF-INV-18", "IF-GAP-40", "IF-INV-19")
def test_air_reduction_ends_with_beacon_or_neutralizing():
    for end in ("beacon", "neutral"):
        st = new(2, 1)
        character(st, st.view(None)["cur"], "N4", ["A02", "A06"], "C01")
        built(st, "J07", "base:0")
        invader(st, "J07.a", "air")
        if end == "beacon":
            beacons(st, "air")
        else:
            st.data["neutral"].append("air")
        play(st, "roll")
        assert len(st.view(None)["dice"]) == 3 and st.view(None)["withheld"] == 0


@rule("IF-ROLL-5", "IF-GAP-6", "IF-COMP-7")
def test_short_pool_rolls_what_is_left():
    st = new(2, 1)
    character(st, st.view(None)["cur"], "N3", ["A09", "A17"], "C02")       # 3 + 3 + 3 + 1 = 10
    assert st.pool() == 50
    built(st, "J01", "base:0")
    # 48 dice out as pillars (more squares than one card has: the pool is a count)
    st.data["rooms"]["J01"]["pillars"] = {f"x{i}": 1 for i in range(48)}
    assert st.pool() == 2
    play(st, "roll")
    v = st.view(None)
    assert len(v["dice"]) == 2 and v["short"] == 8 and v["pool"] == 0


# ---------------------------------------------------------------- building: pillars
@rule("IF-BUILD-1", "IF-BUILD-5", "IF-PIL-1", "IF-PIL-2", "IF-UI-7", "IF-GAP-21")
def test_die_then_square_places_a_pillar():
    st = new(2, 1)
    built(st, "J01", "base:0")
    dice(st, 2, 6)
    assert "die:6" in ids(st) and "die:2" in ids(st)
    play(st, "die:6")
    legal = [a for a in ids(st) if a.startswith("pillar:")]
    assert "pillar:J01.a" in legal and "pillar:J01.e" in legal        # "?" takes anything
    assert "pillar:J01.b" not in legal                                # 2-4
    assert st.view(None)["hints"]["J01.b"] == "this square takes a die from 2 to 4"
    play(st, "pillar:J01.a")
    assert room(st, "J01")["pillars"] == {"a": 6} and st.view(None)["dice"] == [2]
    assert st.view(None)["last"][seat(st)] == "J01.a"


@rule("IF-PIL-3", "IF-PIL-4")
def test_number_and_range_squares():
    st = new(2, 1)
    built(st, "J10", "base:0")                  # white 4-5 squares
    for v, ok in ((3, False), (4, True), (5, True), (6, False)):
        assert (fx.pillar_problem(st.data, "J10.a", v) is None) is ok
    st2 = new(2, 1)
    built(st2, "J02", "base:0")
    sq = {q["id"]: q for q in fx.rc("J02")["squares"]}
    single = [s for s, q in sq.items() if q["colour"] == "white" and q["need"].isdigit()]
    for s in single:
        n = int(sq[s]["need"])
        assert fx.pillar_problem(st2.data, f"J02.{s}", n) is None
        assert fx.pillar_problem(st2.data, f"J02.{s}", n % 6 + 1) == f"this square takes only a {n}"
    # a single-number square exists somewhere in the content
    assert any(q["colour"] == "white" and q["need"].isdigit() for r in content.load()["rooms"].values()
               for q in r["squares"])


@rule("IF-PIL-5", "IF-PIL-6", "IF-PIL-7", "IF-ROOM-10", "IF-GAP-20")
def test_jumbo_earth_example_black_plus_one():
    st = new(2, 1)
    built(st, "J10", "base:0")
    r = fx.rc("J10")
    assert r["element"] == "earth" and r["size"] == "jumbo" and [g["size"] for g in r["groups"]] == ["large", "large"]
    assert fx.pillar_problem(st.data, "J10.d", 5) == "the square it is joined to holds no pillar yet"
    pillars(st, "J10", a=4)
    assert fx.pillar_problem(st.data, "J10.d", 5) is None
    assert fx.pillar_problem(st.data, "J10.d", 6).startswith("it needs exactly 5")
    pillars(st, "J10", a=5)
    assert fx.pillar_problem(st.data, "J10.d", 6) is None
    # once the four squares of a group are filled any large room goes on it
    pillars(st, "J10", b=4, c=5, d=6)
    for large in ("L01", "L07", "L25"):
        assert fx.build_problem(st.data, large, "J10.g1") is None
    assert fx.build_problem(st.data, "L01", "J10.g2") == "every pillar square of the group needs a pillar first"


@rule("IF-PIL-8", "IF-ROOM-11", "IF-ROOM-8", "IF-ROOM-9")
def test_large_water_example_double_and_crystal():
    st = new(2, 1)
    built(st, "J04", "base:0", {"a": 1, "b": 1, "c": 1, "d": 1})
    r = fx.rc("L07")
    assert r["element"] == "water" and r["crystal"] == 1 and len(r["groups"]) == 1
    assert r["groups"][0]["size"] == "medium"
    supply(st, rooms=["L07", "M01"])
    st.data["rooms"]["J04"]["pillars"] = {q["id"]: 3 for q in fx.rc("J04")["squares"]}
    dice(st)
    before = st.view(None)["shield"]
    play(st, "pick:L07", "build:J04.g1")
    assert st.view(None)["shield"] == before + 1                   # the ice crystal boosts the shield
    for v in (1, 2, 3):
        assert fx.pillar_problem(st.data, "L07.a", v) is None
    assert fx.pillar_problem(st.data, "L07.a", 4) is not None
    pillars(st, "L07", a=3)
    assert fx.pillar_problem(st.data, "L07.b", 6) is None and fx.pillar_problem(st.data, "L07.b", 4) is not None
    pillars(st, "L07", a=2)
    assert fx.pillar_problem(st.data, "L07.b", 4) is None
    pillars(st, "L07", b=4)
    assert fx.build_places(st.data, "M01") == ["L07.g1"]          # the crystal section carries nothing


@rule("IF-GAP-18")
def test_black_square_needing_an_impossible_value_is_unfillable():
    st = new(2, 1)
    built(st, "J04", "base:0", {"a": 1, "b": 1, "c": 1, "d": 1})
    built(st, "L07", "J04.g1", {"a": 3})
    assert fx.pillar_problem(st.data, "L07.b", 6) is None
    st.data["rooms"]["L07"]["pillars"]["a"] = 4                 # (not placeable, but a pillar that demands 8)
    assert fx.pillar_problem(st.data, "L07.b", 6) == "it needs a 8, which no die shows"


@rule("IF-PIL-9", "IF-PIL-10", "IF-PIL-11")
def test_invader_or_pillar_blocks_a_square():
    st = new(2, 1)
    built(st, "J01", "base:0")
    invader(st, "J01.a", "fire")
    assert fx.pillar_problem(st.data, "J01.a", 3) == "an invader stands on that square"
    st.remove_invader("J01.a", crystal=False)
    assert fx.pillar_problem(st.data, "J01.a", 3) is None
    pillars(st, "J01", a=3)
    assert fx.pillar_problem(st.data, "J01.a", 3) == "that square already holds a pillar"


@rule("IF-BUILD-2", "IF-BUILD-3", "IF-BUILD-4", "IF-UI-9")
def test_any_number_of_placements_in_any_order_then_end():
    st = new(2, 1)
    built(st, "J01", "base:0")
    dice(st, 3, 3, 5, 6)
    play(st, "die:3", "pillar:J01.a", "die:3", "pillar:J01.b", "die:5", "pillar:J01.c")
    assert room(st, "J01")["pillars"] == {"a": 3, "b": 3, "c": 5}
    assert "end" in ids(st)
    assert any(a.startswith("power:") for a in ids(st)) or True
    play(st, "die:6", "cancel")
    assert st.view(None)["sel"] is None and "end" in ids(st)


# ---------------------------------------------------------------- building: rooms
@rule("IF-ROOM-4", "IF-GAP-9", "IF-GAP-22", "IF-UI-8")
def test_jumbo_rooms_go_on_the_bottom_spaces_only():
    st = new(2, 1)
    supply(st, rooms=["J01", "L01"])
    dice(st)
    assert "pick:J01" in ids(st) and "pick:L01" not in ids(st)      # nowhere to build a large room yet
    play(st, "pick:J01")
    assert [a for a in ids(st) if a.startswith("build:")] == [f"build:base:{k}" for k in range(4)]
    assert fx.build_problem(st.data, "L01", "base:1") == "only jumbo rooms go on the foundation board"
    play(st, "build:base:2")
    assert st.view(None)["base"] == [None, None, "J01", None] and room(st, "J01")["level"] == 1
    assert fx.build_problem(st.data, "J02", "base:2") == "that bottom space is taken"
    with pytest.raises(IllegalAction):
        play(st, "build:base:0")                     # nothing picked any more


@rule("IF-ROOM-1", "IF-ROOM-2", "IF-ROOM-3", "IF-ROOM-6", "IF-ROOM-7", "IF-GAP-12")
def test_rooms_go_on_completed_groups_of_their_size():
    st = new(2, 1)
    built(st, "J01", "base:0", {"a": 3, "b": 3, "c": 5})
    assert fx.build_problem(st.data, "L07", "J01.g1") == "every pillar square of the group needs a pillar first"
    pillars(st, "J01", d=4)
    assert fx.build_problem(st.data, "L07", "J01.g1") is None          # g2 stays empty: no bearing
    assert fx.build_problem(st.data, "M01", "J01.g1") == "that group carries a large room"
    built(st, "L07", "J01.g1")                                         # water on fire: any element
    assert fx.build_problem(st.data, "L08", "J01.g1") == "that group already carries a room"
    sizes = [content.SIZES.index(fx.rc(c)["size"]) for c in ("J01", "L07")]
    assert sizes == [0, 1]


@rule("IF-ROOM-5", "IF-INV-12")
def test_invaders_block_building_on_a_group():
    st = new(2, 1)
    built(st, "J01", "base:0", {"a": 3, "b": 3, "c": 5, "d": 4})
    invader(st, "J01.a", "fire")
    assert fx.build_problem(st.data, "L01", "J01.g1") == "an invader stands in that group"
    st.remove_invader("J01.a", crystal=True)
    invader(st, "J01.g1", "earth")
    assert fx.build_problem(st.data, "L01", "J01.g1") == "an earth invader occupies that group"


@rule("IF-GAP-24", "IF-ELEM-4", "IF-BOOST-1")
def test_white_room_with_several_crystals_boosts_once():
    st = new(2, 1)
    built(st, "J01", "base:0", {"a": 3, "b": 3, "c": 5, "d": 4})
    white = next(c for c, r in content.load()["rooms"].items() if r["size"] == "large" and r["element"] == "white"
                 and r["crystal"] > 1)
    supply(st, rooms=[white])
    dice(st)
    play(st, f"pick:{white}", "build:J01.g1")
    assert st.view(None)["shield"] == 8
    assert fx.chain(st.data, white) == 0              # no element: never part of a beacon


@rule("IF-GAP-8", "IF-BOOST-2")
def test_shield_may_exceed_its_start_but_not_ten():
    st = new(2, 1, difficulty=3)
    st.boost(2)
    assert st.view(None)["shield"] == 5
    st = new(2, 1, difficulty=7)
    shield(st, 10)
    st.boost(1)
    assert st.view(None)["shield"] == 10 and "limit" in plain(st.log[-1])


# ---------------------------------------------------------------- beacons and the end
def _beacon_ready(st, el_top="S01"):
    fire_stack(st)
    supply(st, rooms=[el_top])
    dice(st)


@rule("IF-BCN-1", "IF-BCN-2", "IF-BCN-3", "IF-BCN-6", "IF-BCN-10", "IF-BCN-12", "IF-BCN-11",
      "IF-GAP-29", "IF-GAP-32", "IF-GAP-33", "IF-UI-22", "IF-INV-5", "IF-ELEM-3")
def test_first_fire_beacon_flips_its_card_and_the_name_cards():
    st = new(2, 1)
    st.data["ib"]["fire"] = "fire-1"
    _beacon_ready(st)
    decks = dict(st.view(None)["decks"])
    assert fx.rc("S01")["element"] == "fire"
    play(st, "pick:S01", "build:M01.g1")
    v = st.view(None)
    assert v["beacons"] == ["fire"] and v["ib"]["fire"]["side"] == "beacon" and v["ib"]["fire"]["ability"] == "beacon"
    assert v["flipped"] is True
    # Immediately: one room of each size into the supply
    assert {z: decks[z] - v["decks"][z] for z in decks} == {"jumbo": 1, "large": 1, "medium": 1, "small": 1}
    assert len(v["supply"]["rooms"]) == 4
    text = [plain(e) for e in st.log]
    assert any("A beacon of fire is complete" in t for t in text)
    assert any("advanced side" in t for t in text)
    assert not fx.active(st.data, "fire")
    assert content.load()["names"]["N1"]["start"]["title"].endswith("the")


@rule("IF-BCN-7", "IF-BCN-13", "IF-GAP-26", "IF-UI-19")
def test_beacon_ability_and_advanced_name_power_are_usable():
    st = new(2, 1)
    ci = st.view(None)["cur"]
    character(st, ci, "N3", ["A06", "A12"], "C09")
    dice(st, 3)
    assert "power:N3+" not in ids(st)
    flipped(st)
    beacons(st, "air")
    st.data["ib"]["air"] = "air-1"
    keys = st.power_keys(ci)
    assert "N3" in keys and "N3+" in keys and "air-1" in keys
    assert "power:air-1" in ids(st)
    # only the current player acts: the other seat has nothing to do
    other = 1 - seat(st)
    assert st.legal_actions(other) == []


@rule("IF-BCN-4", "IF-GAP-30")
def test_second_beacon_of_an_element_triggers_nothing():
    st = new(2, 1)
    beacons(st, "fire")
    flipped(st)
    _beacon_ready(st)
    n = len(st.log)
    play(st, "pick:S01", "build:M01.g1")
    assert st.view(None)["beacons"] == ["fire"] and st.to_pull() == 3
    assert not any("beacon" in plain(e) for e in st.log[n:])


@rule("IF-BCN-8", "IF-PULL-1")
def test_each_beacon_adds_an_invader_per_turn():
    st = new(2, 1)
    assert st.to_pull() == 2
    beacons(st, "fire", "air")
    assert st.to_pull() == 4
    dice(st)
    assert "end" in ids(st) and "pull 4 invaders" in next(a.label for a in st.legal_actions(seat(st)) if a.id == "end")


@rule("IF-GAP-31")
def test_beacon_stays_lit_after_its_room_is_destroyed():
    st = new(2, 1)
    _beacon_ready(st)
    play(st, "pick:S01", "build:M01.g1")
    st.destroy_built("S01")
    assert st.view(None)["beacons"] == ["fire"] and st.to_pull() == 3


@rule("IF-WIN-1", "IF-WIN-2", "IF-WIN-4", "IF-OVR-2", "IF-OVR-3", "IF-UI-23", "IF-ELEM-1")
def test_fourth_beacon_wins_at_once():
    st = new(3, 1)
    beacons(st, "water", "air", "earth")
    flipped(st)
    _beacon_ready(st)
    decks = dict(st.view(None)["decks"])
    play(st, "pick:S01", "build:M01.g1")
    out = st.outcome()
    assert st.is_over and out.kind == "team-win" and out.winners == (0, 1, 2) and out.cooperative
    assert st.view(None)["decks"] == decks                   # the last Immediately is not carried out
    assert st.to_act == ()
    assert set(content.ELEMENTS) == {"water", "fire", "air", "earth"}


@rule("IF-WIN-3", "IF-OVR-4", "IF-GAP-44", "IF-PULL-13")
def test_last_cube_lost_loses_at_once():
    st = new(2, 1)
    shield(st, 1)
    bag(st, "fire", "fire", "fire")
    dice(st)
    play(st, "end")
    out = st.outcome()
    assert st.is_over and out.kind == "team-loss" and out.winners == () and out.returns == (-1.0, -1.0)
    assert st.view(None)["shield"] == 0
    assert st.view(None)["pull"]["done"] == 1                # the second invader is never pulled


@rule("IF-OVR-5")
def test_rooms_rest_on_dice():
    st = new(2, 1)
    fire_stack(st)
    assert room(st, "L01")["on"] == "J01.g1" and all(isinstance(v, int) for v in room(st, "J01")["pillars"].values())


@rule("IF-GAP-23")
def test_supply_is_not_refilled():
    st = new(2, 1)
    supply(st, rooms=["J01"])
    dice(st)
    play(st, "pick:J01", "build:base:0")
    assert st.view(None)["supply"]["rooms"] == []
    bag(st)
    play(st, "end")
    assert st.view(None)["supply"]["rooms"] == []

"""Ice Fortress powers, their costs and the glossary actions they are built from."""
from __future__ import annotations

import pytest

from pyapp.engine.log import plain
from pyapp.games.icefortress import content
from pyapp.games.icefortress import fortress as fx

from icefortress_helpers import (bag, built, character, dice, ids, invader, new, pillars, play, room, seat, supply,
                                 top_of_deck)

rule = pytest.mark.rule


def _char(st, name="N1", abilities=("A02", "A01"), cls="C01"):
    ci = st.view(None)["cur"]
    character(st, ci, name, abilities, cls)
    return ci


@rule("IF-POW-11", "IF-POW-4", "IF-POW-1", "IF-UI-4")
def test_four_powers_of_one_character_and_their_costs():
    # our Autumn: Brisa the Cunning Fierce Banisher
    c = content.load()
    brisa, cunning, fierce, banisher = (c["names"]["N1"]["start"]["power"], c["abilities"]["A02"]["power"],
                                        c["abilities"]["A01"]["power"], c["classes"]["C01"]["power"])
    assert brisa["cost"] == [] and brisa["effects"][0] == {"do": "look", "n": 2}
    assert banisher["cost"] == [] and banisher["effects"] == [{"do": "repel_room"}]
    assert cunning["cost"] == [{"die": "3"}] and fierce["cost"] == [{"shard": "fire"}]
    assert [c["abilities"][a]["title"] for a in ("A02", "A01")] == ["Cunning", "Fierce"]
    st = new(2, 1)
    ci = _char(st)
    assert st.power_keys(ci) == ["N1", "A02", "A01", "C01"]
    dice(st, 3)
    supply(st, fire=1)
    powers = [a for a in ids(st) if a.startswith("power:")]
    assert powers == ["power:N1", "power:A02", "power:A01", "power:C01"]
    assert st.view(None)["chars"][ci]["title"] == "Brisa the Cunning Fierce Banisher"
    assert st.view(None)["chars"][ci]["dice"] == 5


@rule("IF-POW-7", "IF-GAP-27")
def test_unpayable_power_cannot_be_used():
    st = new(2, 1)
    _char(st)
    dice(st, 4)
    powers = [a for a in ids(st) if a.startswith("power:")]
    assert "power:A02" not in powers and "power:A01" not in powers    # no 3, no fire shard
    supply(st, water=1)
    assert "power:A01" not in ids(st)                                 # a water shard is not fire
    _char(st, "N1", ("A02", "A04"), "C05")                            # Alchemist: any shard
    assert "power:C05" in ids(st)


@rule("IF-POW-6", "IF-POW-2", "IF-UI-10", "IF-DRAW-1", "IF-GAP-45")
def test_die_cost_is_placed_on_the_card_once_per_turn():
    st = new(2, 1)
    _char(st)
    dice(st, 3, 3, 5)
    top_of_deck(st, "small", "S05")
    play(st, "power:A02")
    assert st.view(None)["prompt"] == "fx" and "deck:small" in ids(st)
    play(st, "deck:small")
    v = st.view(None)
    assert v["dice"] == [3, 5] and v["spent"]["A02"] == {"shards": [], "dice": [3]} and v["used"] == ["A02"]
    assert "S05" in v["supply"]["rooms"]
    assert "power:A02" not in ids(st)                                    # once a turn, though a 3 is left
    st.data["decks"]["small"] = []
    st.draw_room("small")
    assert "empty" in plain(st.log[-1])


@rule("IF-POW-5", "IF-SHRD-1", "IF-SHRD-3", "IF-CRYS-2", "IF-POW-8", "IF-POW-9", "IF-GAP-28", "IF-GAP-16")
def test_shard_cost_and_what_happens_to_spent_things():
    st = new(2, 1)
    _char(st)
    built(st, "J01", "base:0")
    invader(st, "J01.a", "fire")
    invader(st, "J01.b", "air")
    supply(st, fire=1)
    dice(st, 3, 6)
    play(st, "power:A01")                                 # Fierce: pay a fire shard, crystallize up to 2
    assert st.view(None)["supply"]["shards"]["fire"] == 0
    assert ids(st) == ["inv:J01.a", "inv:J01.b", "stop"]
    play(st, "inv:J01.a", "inv:J01.b")
    v = st.view(None)
    assert v["supply"]["shards"] == {"fire": 1, "water": 0, "air": 1, "earth": 0} and room(st, "J01")["inv"] == {}
    assert "power:A01" not in ids(st)
    play(st, "power:A02", "deck:large")                   # spend the 3
    bag(st)
    pool = st.pool()
    s = seat(st)
    play(st, "end")
    assert seat(st) != s
    assert st.data["bag"] == ["fire"]                     # the spent fire shard returns only after the pull
    assert st.pool() == pool + 2                          # the spent 3 and the unplaced 6 return to the pool
    assert st.view(None)["used"] == [] and st.view(None)["spent"] == {}


@rule("IF-POW-3", "IF-POW-10", "IF-GAP-25", "IF-BUILD-4")
def test_powers_only_in_step_two_and_optional():
    st = new(2, 1)
    _char(st)
    assert ids(st) == ["roll"]                            # not in step 1
    dice(st)
    assert "end" in ids(st)                               # never forced
    bag(st)
    play(st, "end")
    assert not any(a.startswith("power:") for a in ids(st))


@rule("IF-SHRD-2", "IF-DRAW-2", "IF-COMP-4")
def test_drawing_shards_from_the_bag():
    st = new(2, 1)
    _char(st, "N1", ("A22", "A01"), "C01")                 # Hopeful: draw 1 shard
    bag(st, "earth")
    dice(st)
    play(st, "power:A22")
    assert st.view(None)["supply"]["shards"]["earth"] == 1 and st.view(None)["bag"] == 0


@rule("IF-REPEL-1", "IF-UI-21")
def test_repel_all_invaders_in_a_room():
    st = new(2, 1)
    _char(st)
    built(st, "J01", "base:0")
    built(st, "J10", "base:1")
    invader(st, "J01.a", "fire")
    invader(st, "J01.c", "fire")
    invader(st, "J10.g1", "earth")
    n = len(st.data["bag"])
    dice(st)
    play(st, "power:C01")
    assert ids(st) == ["room:J01", "room:J10"]
    play(st, "room:J01")
    assert room(st, "J01")["inv"] == {} and len(st.data["bag"]) == n + 2 and room(st, "J10")["ginv"]


@rule("IF-SRCH-1", "IF-SRCH-2", "IF-UI-18")
def test_search_shows_the_deck_and_shuffles_it():
    st = new(2, 1)
    _char(st, "N1", ("A04", "A01"), "C01")                 # Keen: pay water, search
    supply(st, rooms=[], water=1)
    dice(st)
    play(st, "power:A04", "deck:jumbo")
    opts = ids(st)
    assert sorted(o[5:] for o in opts) == sorted(st.data["decks"]["jumbo"]) and len(opts) == 12
    before = list(st.data["decks"]["jumbo"])
    play(st, "take:J07")
    assert st.view(None)["supply"]["rooms"] == ["J07"]
    after = st.data["decks"]["jumbo"]
    assert sorted(after) == sorted(c for c in before if c != "J07") and not st.can_undo(seat(st))


@rule("IF-NEUT-1", "IF-NEUT-3", "IF-UI-19")
def test_neutralize_any_element():
    st = new(2, 1)
    _char(st, "N1", ("A07", "A01"), "C01")                 # Wise: pay air, neutralize
    supply(st, air=1)
    dice(st)
    play(st, "power:A07")
    assert ids(st) == [f"elem:{e}" for e in content.ELEMENTS]
    play(st, "elem:water")
    assert st.view(None)["ib"]["water"]["ability"] == "neutralized" and not fx.active(st.data, "water")


@rule("IF-DEST-1", "IF-DEST-2", "IF-DEST-3", "IF-DEST-4")
def test_destroyed_white_pillar_frees_its_own_range():
    st = new(2, 1)
    built(st, "J07", "base:0", {"a": 1, "b": 1, "c": 1, "d": 1})
    built(st, "L13", "J07.g1")                              # air room: white 1-3 feeding black +2
    assert fx.rc("L13")["element"] == "air"
    pillars(st, "L13", a=2, b=4)
    st.data["chars"][st.view(None)["cur"]]["class"] = "C01"
    st.push_fx({"do": "destroy_pillar"})
    st._advance()
    assert "pil:L13.a" in ids(st) and "pil:J07.a" not in ids(st)      # a pillar under a room stays
    play(st, "pil:L13.a")
    assert room(st, "L13")["pillars"] == {"b": 4}
    for v in (1, 2, 3):
        assert fx.pillar_problem(st.data, "L13.a", v) is None       # not tied to the 4 on the black square
    invader(st, "L13.b", "air")
    st.push_fx({"do": "destroy_pillar"})
    st._advance()
    assert st.view(None)["prompt"] is None                         # the only pillar carries an invader


@rule("IF-DEST-5", "IF-DEST-6", "IF-DEST-7", "IF-DEST-8", "IF-DEST-9", "IF-GAP-46")
def test_destroying_rooms():
    st = new(2, 1)
    _char(st, "N1", ("A16", "A01"), "C01")                  # Stern: destroy a room
    built(st, "J04", "base:0", {"a": 1, "b": 1, "c": 1, "d": 1})
    built(st, "L07", "J04.g1", {"a": 2})
    invader(st, "L07.b", "water")
    supply(st, rooms=["M01"])
    dice(st)
    assert "power:A16" not in ids(st)                               # Stern's destroy costs a die (issue 34)
    dice(st, 2)
    shield_before = st.view(None)["shield"]
    play(st, "power:A16")
    assert st.data["dice"] == []
    assert ids(st) == ["sup:M01", "room:L07"]                      # J04 carries L07: not destroyable
    bag_n = len(st.data["bag"])
    pool = st.pool()
    play(st, "room:L07")
    assert "L07" not in st.data["rooms"] and st.data["decks"]["large"][0] == "L07"
    assert len(st.data["bag"]) == bag_n + 1 and st.pool() == pool + 1
    assert st.view(None)["shield"] == shield_before                # its crystal stays counted
    assert room(st, "J04")["pillars"] == {"a": 1, "b": 1, "c": 1, "d": 1} and room(st, "J04")["top"] == {}
    assert fx.build_problem(st.data, "L08", "J04.g1") is None


@rule("IF-DEST-5")
def test_destroying_a_supply_room():
    st = new(2, 1)
    _char(st, "N1", ("A16", "A01"), "C01")
    supply(st, rooms=["M01", "S02"])
    dice(st, 5)
    play(st, "power:A16", "sup:S02")
    assert st.view(None)["supply"]["rooms"] == ["M01"] and st.data["decks"]["small"][0] == "S02"


@rule("IF-SHRD-3", "IF-GAP-27")
def test_any_shard_asks_which_element():
    st = new(2, 1)
    _char(st, "N1", ("A09", "A01"), "C01")                  # Hardy: any shard, draw 2 shards
    supply(st, water=1, earth=1)
    bag(st, "fire", "fire")
    dice(st)
    play(st, "power:A09")
    assert ids(st) == ["pay:water", "pay:earth"]
    play(st, "pay:earth")
    assert st.view(None)["supply"]["shards"] == {"fire": 2, "water": 1, "air": 0, "earth": 0}


def test_look_adjust_reroll_and_extra_dice():
    st = new(2, 1)
    _char(st, "N1", ("A12", "A06"), "C01")
    top_of_deck(st, "medium", "M03")
    top_of_deck(st, "medium", "M04")
    dice(st, 2, 5)
    play(st, "power:N1", "deck:medium")
    assert ids(st) == ["take:M04", "take:M03"]
    play(st, "take:M03")
    assert "M03" in st.view(None)["supply"]["rooms"] and st.data["decks"]["medium"][0] == "M04"
    play(st, "power:A12")
    assert "adj:5:up" in ids(st) and "adj:2:down" in ids(st)
    play(st, "adj:5:up")
    assert st.view(None)["dice"] == [2, 6]
    play(st, "power:A06", "reroll:2")
    assert len(st.view(None)["dice"]) == 2


def test_a_look_may_name_the_decks_it_chooses_from(monkeypatch):
    """Content option ``{"do": "look", "n": 3, "decks": [...]}`` offers only those decks: the Seer's look (and
    Corvin's and Ostrid's starting looks) skip the jumbo deck (balance, docs/notes/icefortress.md)."""
    look = content.card("C04")["power"]["effects"][0]
    assert look == {"do": "look", "n": 3, "decks": ["large", "medium", "small"]}
    for key in ("N2", "N4"):
        assert [e.get("decks") for e in content.card(key)["start"]["power"]["effects"] if e["do"] == "look"] == [
            ["large", "medium", "small"]]
    assert content.power_text(content.card("C04")["power"]) == (
        "Look at the top 3 rooms of the large, medium or small deck, put one into the supply and the rest at the bottom.")
    st = new(2, 1)
    _char(st, "N1", ("A12", "A06"), "C04")
    dice(st, 2)
    play(st, "power:C04")
    assert ids(st) == ["deck:large", "deck:medium", "deck:small"]
    monkeypatch.setitem(look, "decks", ["large", "small"])
    assert content.power_text(content.card("C04")["power"]) == (
        "Look at the top 3 rooms of the large or small deck, put one into the supply and the rest at the bottom.")
    st = new(2, 1)
    _char(st, "N1", ("A12", "A06"), "C04")
    dice(st, 2)
    play(st, "power:C04")
    assert ids(st) == ["deck:large", "deck:small"]


def test_the_decks_of_a_look_are_checked():
    from pyapp.engine.content import Checker
    for bad in (["huge"], [], "small", ["small", "small"]):
        chk = Checker("characters.json")
        content._check_power(chk, {"cost": [], "effects": [{"do": "look", "n": 3, "decks": bad}]}, "C04")
        assert chk.errors, bad
    chk = Checker("characters.json")
    content._check_power(chk, {"cost": [], "effects": [{"do": "look", "n": 3, "decks": ["jumbo"]}]}, "C04")
    assert not chk.errors

"""Ice Fortress content: counts and the schema check (IF-COMP-*, IF-GAP-1..4, IF-GAP-10..13, IF-GAP-20)."""
from __future__ import annotations

import copy

import pytest

from pyapp.engine.content import ContentError
from pyapp.games.icefortress import GAME  # noqa: F401 - the package imports
from pyapp.games.icefortress import content


def test_room_counts_per_size_IF_COMP_1_IF_GAP_1_IF_GAP_11():
    c = content.load()
    sizes = [r["size"] for r in c["rooms"].values()]
    assert [sizes.count(z) for z in content.SIZES] == [12, 26, 32, 36] and len(sizes) == 106
    assert "112" in content.read_json(content.__package__, "rooms.json")["note"]
    for z, per in c["game"]["decks"].items():
        for el, n in per.items():
            assert sum(1 for r in c["rooms"].values() if r["size"] == z and r["element"] == el) == n
    assert all(c["game"]["decks"][z]["white"] <= 4 for z in content.SIZES)


def test_character_counts_IF_COMP_2_IF_GAP_2_IF_GAP_13():
    c = content.load()
    assert (len(c["names"]), len(c["abilities"]), len(c["classes"])) == (4, 22, 10)
    assert all(1 <= a["dice"] <= 3 for a in c["abilities"].values())                 # IF-ROLL-2
    assert all(1 <= n["dice"] <= 3 for n in c["names"].values())
    assert any(k["dice"] == 0 for k in c["classes"].values())                       # IF-ROLL-3
    # every card carries a power (IF-POW-1); name cards carry one on each side (IF-BCN-13)
    for n in c["names"].values():
        assert n["start"]["power"]["effects"] and n["advanced"]["power"]["effects"]
        assert n["start"]["title"].endswith(" the")                                  # IF-SETUP-9


def test_beacon_cards_IF_COMP_3_IF_GAP_3_IF_BCN_5():
    c = content.load()
    assert len(c["beacons"]) == 8
    for el in content.ELEMENTS:
        cards = [b for b in c["beacons"].values() if b["element"] == el]
        assert len(cards) == 2
        for b in cards:
            assert b["invader"]["text"] and b["beacon"]["immediately"] and b["beacon"]["power"]["effects"]
    fire = c["beacons"]["fire-1"]["beacon"]["immediately"]
    assert [e["size"] for e in fire] == ["jumbo", "large", "medium", "small"]


def test_components_IF_COMP_4_5_7_IF_GAP_4_5_6_8_IF_COMP_6_IF_COMP_8_IF_COMP_9():
    g = content.load()["game"]
    assert g["figures"] == {"fire": 10, "water": 10, "air": 10, "earth": 10} and sum(g["figures"].values()) == 40
    assert g["cubes"] == 10 and g["shield_cap"] == 10 and g["dice"] == 50 and g["die_faces"] == 6
    assert g["base_spaces"] == 4                                                     # IF-GAP-9
    # the bag, the difficulty card and token and the foundation board are the state's own fields (see rules tests)


def test_room_structure_IF_GAP_10_IF_GAP_12_IF_GAP_19_IF_ROOM_9():
    c = content.load()
    for r in c["rooms"].values():
        ids = {q["id"] for q in r["squares"]}
        for g in r["groups"]:
            assert g["size"] == content.NEXT_SIZE[r["size"]]
        for q in r["squares"]:
            if q["colour"] == "black":
                assert q["from"] in ids and q["from"] != q["id"] and q["mod"] in content.MODS
        if r["size"] == "small":
            assert not r["squares"] and not r["groups"]
        if r["element"] == "white":                                                 # IF-ELEM-4
            assert r["crystal"] >= 1
    # the ice crystal section is not a group: nothing is built on it
    assert all("crystal" not in g for r in c["rooms"].values() for g in r["groups"])


def test_placeholder_jumbo_IF_GAP_20_and_modifiers_IF_PIL_8_IF_GAP_18():
    c = content.load()
    mods = {q["mod"] for r in c["rooms"].values() for q in r["squares"] if q["colour"] == "black"}
    assert {"+1", "x2"} <= mods and any(m.startswith("-") for m in mods)
    for r in c["rooms"].values():
        if r["size"] == "jumbo":
            for g in r["groups"]:
                cols = [next(q for q in r["squares"] if q["id"] == s)["colour"] for s in g["squares"]]
                assert sorted(cols) == ["black", "white", "white", "white"]


def test_schema_check_collects_every_problem():
    good = content.read_json(content.__package__, "rooms.json")
    bad = copy.deepcopy(good)
    bad["rooms"][0]["size"] = "huge"
    bad["rooms"][1]["squares"][0]["need"] = "7-9"
    with pytest.raises(ContentError) as err:
        content._check_rooms(bad, content.load()["game"])
    assert "size must be one of" in str(err.value) and "bad restriction" in str(err.value)
    chars = content.read_json(content.__package__, "characters.json")
    chars["abilities"][0]["power"]["effects"] = [{"do": "teleport"}]
    with pytest.raises(ContentError, match="unknown effect"):
        content._check_characters(chars)


def test_power_texts_are_plain_sentences():
    c = content.load()
    for a in c["abilities"].values():
        t = content.power_text(a["power"])
        assert t.endswith(".") and t[0].isupper()

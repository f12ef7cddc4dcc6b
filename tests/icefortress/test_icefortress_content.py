"""Ice Fortress content: counts and the schema check (IF-COMP-*, IF-GAP-1..4, IF-GAP-10..13, IF-GAP-20)."""
from __future__ import annotations

import copy

import pytest

from pyapp.engine.content import ContentError
from pyapp.games.icefortress import GAME
from pyapp.games.icefortress import content


@pytest.mark.rule("IF-COMP-1", "IF-GAP-1", "IF-GAP-11")
def test_room_counts_per_size():
    c = content.load()
    sizes = [r["size"] for r in c["rooms"].values()]
    assert [sizes.count(z) for z in content.SIZES] == [12, 26, 32, 36] and len(sizes) == 106
    assert "112" in content.read_json(content.__package__, "rooms.json")["note"]
    for z, per in c["game"]["decks"].items():
        for el, n in per.items():
            assert sum(1 for r in c["rooms"].values() if r["size"] == z and r["element"] == el) == n
    assert all(c["game"]["decks"][z]["white"] <= 4 for z in content.SIZES)


@pytest.mark.rule("IF-COMP-2", "IF-GAP-2", "IF-GAP-13")
def test_character_counts():
    c = content.load()
    assert (len(c["names"]), len(c["abilities"]), len(c["classes"])) == (4, 22, 10)
    assert all(1 <= a["dice"] <= 3 for a in c["abilities"].values())                 # IF-ROLL-2
    assert all(1 <= n["dice"] <= 3 for n in c["names"].values())
    assert any(k["dice"] == 0 for k in c["classes"].values())                       # IF-ROLL-3
    # every card carries a power (IF-POW-1); name cards carry one on each side (IF-BCN-13)
    for n in c["names"].values():
        assert n["start"]["power"]["effects"] and n["advanced"]["power"]["effects"]
        assert n["start"]["title"].endswith(" the")                                  # IF-SETUP-9


@pytest.mark.rule("IF-COMP-3", "IF-GAP-3", "IF-BCN-5")
def test_beacon_cards():
    c = content.load()
    assert len(c["beacons"]) == 8
    for el in content.ELEMENTS:
        cards = [b for b in c["beacons"].values() if b["element"] == el]
        assert len(cards) == 2
        for b in cards:
            assert b["invader"]["text"] and b["beacon"]["immediately"] and b["beacon"]["power"]["effects"]
    fire = c["beacons"]["fire-1"]["beacon"]["immediately"]
    assert [e["size"] for e in fire] == ["jumbo", "large", "medium", "small"]


@pytest.mark.rule("IF-COMP-4", "IF-COMP-5", "IF-COMP-7", "IF-GAP-4", "IF-GAP-5", "IF-GAP-6", "IF-GAP-8", "IF-COMP-6", "IF-COMP-8", "IF-COMP-9")
def test_components():
    g = content.load()["game"]
    assert g["figures"] == {"fire": 10, "water": 10, "air": 10, "earth": 10} and sum(g["figures"].values()) == 40
    assert g["cubes"] == 10 and g["shield_cap"] == 10 and g["dice"] == 50 and g["die_faces"] == 6
    assert g["base_spaces"] == 4                                                     # IF-GAP-9
    # the difficulty token on its track, the foundation board with a place per element and its bottom spaces
    v = GAME.new(2, 1, {"difficulty": 4}).view(None)
    assert v["difficulty"] == 4 and len(v["base"]) == 4 and set(v["ib"]) == set(content.ELEMENTS)


@pytest.mark.rule("IF-GAP-10", "IF-GAP-12", "IF-GAP-19", "IF-ROOM-9")
def test_room_structure():
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
    # one square may feed several black squares, and a black square may be fed by a black one
    r = copy.deepcopy(c["rooms"]["J10"])
    r["squares"][3]["from"] = "a"
    r["squares"][7] = {"id": "h", "colour": "black", "mod": "+1", "from": "d", "pos": [90, 55]}
    data = {"note": "x", "rooms": [r if x["id"] == "J10" else x for x in c["rooms"].values()]}
    assert content._check_rooms(data, c["game"])["J10"]["squares"][7]["from"] == "d"
    # the ice crystal section is not a group: nothing is built on it
    assert all("crystal" not in g for r in c["rooms"].values() for g in r["groups"])


@pytest.mark.rule("IF-GAP-20", "IF-PIL-8", "IF-GAP-18")
def test_placeholder_jumbo():
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


MEDIUM_CRYSTALS = ["M01", "M05", "M08", "M12", "M15", "M19", "M22", "M26"]      # 2 per element


@pytest.mark.rule("IF-SETUP-12", "IF-GAP-7")
def test_balance_content():
    """The difficulty dial's content levers (docs/notes/icefortress.md, "Balance"; issue 34 item 13): fewer ways to
    refill the shield in long games, so the starting shield (the difficulty) counts: 8 of the 28 elemental medium
    rooms show a crystal, Corvin's advanced boost costs a shard, Stern's destroy costs a die (a built crystal room
    destroyed and built again boosted the shield for free), and only the Hearth Beacon's Immediately effect boosts the
    shield; the early brake of issue 18 stays (Corvin's and Ostrid's starting looks and the Seer's skip the jumbo deck)."""
    c = content.load()
    no_jumbo = ["large", "medium", "small"]
    assert [e.get("decks") for k in ("N2", "N4") for e in c["names"][k]["start"]["power"]["effects"]
            if e["do"] == "look"] == [no_jumbo, no_jumbo]
    assert c["classes"]["C04"]["power"]["effects"][0]["decks"] == no_jumbo
    # the rulebook's Autumn example stays: a free look at 2 rooms of any deck, a free repel of a whole room
    assert c["names"]["N1"]["start"]["power"] == {"cost": [], "effects": [{"do": "look", "n": 2}]}
    assert c["classes"]["C01"]["power"] == {"cost": [], "effects": [{"do": "repel_room"}]}
    assert sorted(k for k, r in c["rooms"].items() if r["size"] == "medium" and r["element"] != "white"
                  and r["crystal"]) == MEDIUM_CRYSTALS
    assert [c["rooms"][k]["element"] for k in MEDIUM_CRYSTALS].count("fire") == 2
    assert all(r["crystal"] >= 1 for r in c["rooms"].values() if r["element"] == "white")
    assert c["abilities"]["A16"]["power"] == {"cost": [{"die": "?"}], "effects": [{"do": "destroy_room"}]}
    assert c["names"]["N2"]["advanced"]["power"] == {"cost": [{"shard": "any"}], "effects": [{"do": "boost", "n": 1}]}
    assert all(n["advanced"]["power"]["cost"] == [] for k, n in c["names"].items() if k != "N2")
    assert all(b["beacon"]["power"]["cost"] == [] for b in c["beacons"].values())
    fire = c["beacons"]["fire-1"]["beacon"]["immediately"]
    assert [e["size"] for e in fire] == ["jumbo", "large", "medium", "small"]
    boosts = {k: [e for e in b["beacon"]["immediately"] if e["do"] == "boost"] for k, b in c["beacons"].items()}
    assert boosts == {k: ([{"do": "boost", "n": 2}] if k == "fire-2" else []) for k in c["beacons"]}
    assert all(len(b["beacon"]["immediately"]) == 1 for k, b in c["beacons"].items() if k != "fire-1")


def test_rules_page_lists_the_balance_changes():
    """Every number changed for balance is on the players' rules page (issue 34 item 13), in plain words."""
    import html
    import os
    import re
    page = open(os.path.join(os.path.dirname(content.__file__), "rules.html"), encoding="utf-8").read()
    part = html.unescape(re.sub(r"<[^>]+>", "", page.split("Changed for balance", 1)[1]))
    assert "house rules" in part
    for words in ("Corvin's and Ostrid's first sides and the Seer cannot look at the jumbo deck",
                  "Stern (destroy a room) costs a die", "Corvin's advanced side (boost the shield) costs a shard",
                  "only the Hearth Beacon's Immediately effect boosts the shield (by 2)",
                  "8 of the 28 elemental medium rooms show an ice crystal"):
        assert words in part, words
    assert not re.search(r"\bIF-[A-Z]+-\d+", page)                 # clause ids never reach a player's screen

"""Clockwork Crusade content data: the schema check and what the issue asks of the content."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from pyapp.games.clockwork import content
from pyapp.games.clockwork.content import ABILITIES, ContentError, GRIDS, SPECIALS, UNITS, parse_range


def test_data_passes_its_schema():
    units, specials, grids = content.load()
    assert len([u for u in units if not u.get("token")]) >= 14
    assert len(specials) >= 8 and len(grids["grids"]) >= 8


@pytest.mark.rule("CC-UCARD-1", "CC-UCARD-2", "CC-UCARD-3", "CC-UCARD-4", "CC-UCARD-5", "CC-UCARD-6",
                  "CC-UCARD-7", "CC-UCARD-8", "CC-UCARD-9", "CC-GAP-1")
def test_every_unit_card_lists_every_field():
    for u in UNITS.values():
        for f in ("name", "type", "cost", "range", "attack", "defense", "movement", "abilities", "level2", "level3"):
            assert f in u
        assert u["type"] in ("soldier", "vehicle", "building")
    crab = UNITS["crab-tank"]
    assert crab["type"] == "vehicle" and crab["level2"] == [{"stat": "defense", "add": 2, "vs": "vehicle"}]


def test_every_ability_is_on_a_card():
    cards = [u for u in UNITS.values() if not u.get("token")]
    for a in ABILITIES:
        assert any(a in u["abilities"] for u in cards), a


@pytest.mark.rule("CC-GAP-2", "CC-GAP-3", "CC-UTYPE-2")
def test_infantry_is_a_range_1_soldier_and_the_stack_holds_more():
    inf = UNITS["infantry"]
    assert inf["type"] == "soldier" and parse_range(inf["range"]) == (1, 1)
    assert content.stack_cards().count("infantry") == inf["copies"] >= 1


@pytest.mark.rule("CC-UTYPE-5", "CC-MOUNT-1", "CC-RONLY-1")
def test_buildings_do_not_move_and_only_they_mount_weapons():
    for u in UNITS.values():
        if u["type"] == "building":
            assert u["movement"] == 0
        else:
            assert "mounted-weaponry" not in u["abilities"]
        if "ranged-only" in u["abilities"]:
            assert isinstance(u["range"], str) and parse_range(u["range"])[0] >= 2


@pytest.mark.rule("CC-PWALL-5", "CC-GAP-49")
def test_the_wall_token():
    w = UNITS["wall"]
    assert w["type"] == "building" and w["defense"] == 10 and w["abilities"] == ["barricade"] and w["copies"] == 0
    assert "wall" not in content.stack_cards()


@pytest.mark.rule("CC-SPEC-1", "CC-GAP-4", "CC-SPEC-4")
def test_special_cards_have_a_name_an_effect_and_declare_overrides():
    for s in SPECIALS.values():
        assert s["name"] and s["text"] and s["effect"] in content.EFFECTS
        assert isinstance(s["overrides"], list)


@pytest.mark.rule("CC-GAP-5", "CC-TERR-1", "CC-TERR-2", "CC-TERR-4", "CC-MAT-6")
def test_grids_have_territories_neutral_space_and_water():
    assert sum("~" in "".join(g["rows"]) for g in GRIDS.values()) >= 6
    for g in GRIDS.values():
        text = "".join(g["rows"])
        assert "." in text and any(c.isalpha() for c in text)
    for n in range(2, 7):
        assert content.GRIDS_PER_PLAYERS[n] >= 4


@pytest.mark.parametrize("breakage", [
    lambda u: u[0].update(type="robot"),
    lambda u: u[0].update(cost=0),
    lambda u: u[1].update(range=3),             # Ranged Only without a dashed range
    lambda u: u[0].update(range="2-3"),         # dashed range without Ranged Only
    lambda u: u[14].update(movement=1),         # a building that moves
    lambda u: u[8].update(abilities=["mounted-weaponry"]),
    lambda u: u[0].update(level2=[{"stat": "luck", "add": 1}]),
    lambda u: u[9].pop("shell"),
    lambda u: u[3].update(abilities=["hexing"]),
])
def test_schema_rejects_broken_units(breakage):
    units = copy.deepcopy(content._UNITS)
    breakage(units)
    with pytest.raises(ContentError):
        content.check_units(units)


def test_schema_rejects_broken_grids_and_specials():
    grids = copy.deepcopy(content._GRIDS)
    grids["grids"][0]["rows"][0] = "A~A.BB"  # territory A split? still connected; break shape instead
    grids["grids"][0]["rows"] = grids["grids"][0]["rows"][:4]
    with pytest.raises(ContentError):
        content.check_grids(grids)
    grids = copy.deepcopy(content._GRIDS)
    grids["grids"][0]["rows"] = ["A....B", "~~~~~~", "......", "......", "C....."]
    with pytest.raises(ContentError):
        content.check_grids(grids)
    specials = copy.deepcopy(content._SPECIALS)
    specials[0]["effect"] = "wish"
    with pytest.raises(ContentError):
        content.check_specials(specials)


def test_rules_page_documents_every_gap_and_the_safeguard():
    import re
    from pyapp.games.clockwork import GAME
    html = GAME.rules_html()
    path = Path(__file__).resolve().parents[3] / "shared" / "rules" / "clockwork-crusade.clauses.md"
    clauses = path.read_text(encoding="utf-8") if path.exists() else ""
    gaps = sorted(set(re.findall(r"CC-GAP-\d+", clauses))) or [f"CC-GAP-{i}" for i in range(1, 57)]
    for g in gaps:
        assert f'id="{g}"' in html, g
    assert "safeguard" in html and "<i>Round limit</i>" in html and "0 switches it off" in html
    text = re.sub(r"<[^>]+>", " ", html)                     # what players read: no clause IDs
    assert not re.search(r"CC-[A-Z]+-\d", text)


@pytest.mark.rule("CC-SPEC-2", "CC-UI-22")
def test_rules_page_says_special_cards_are_played_anytime_in_your_turn():
    """Issue 15 item 16: the rulebook says "anytime during your turn" and the engine offers them in the
    Control, Main and Draw steps; the page must not say "only in the Main step"."""
    from pyapp.games.clockwork import GAME
    html = " ".join(GAME.rules_html().split())
    assert "Special cards are played at any time during your own turn" in html
    assert "in the Control, Main or Draw step" in html
    assert "played between your own actions in the Main step" not in html
    assert "played between your actions in your Main step" not in html

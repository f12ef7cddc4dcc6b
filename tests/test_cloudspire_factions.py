"""Cloudspire part 2: the six other factions, each with its identity as a rule (CS-FAC-3/6/8/9/10/11,
CS-GAP-73/76/78/79/80/81).  Positions are built with tests/cloudspire_helpers.py."""
from __future__ import annotations

import pytest

from pyapp.games.cloudspire.content import FACTIONS, PLAYABLE, UNITS
from pyapp.games.cloudspire import GAME
from tests.cloudspire_helpers import clear_landmarks, lane, new, start_turn, unit

rule = pytest.mark.rule


# ---- The Graft (CS-FAC-10, CS-GAP-80) ---------------------------------------------------------------
@rule("CS-FAC-10", "CS-GAP-80")
def test_the_graft_is_a_threat_that_regrows():
    g = FACTIONS["graft"]
    assert "graft" in PLAYABLE and g["traits"] == {"regrowth": 1}
    assert len(g["minions"]) == 4 and len(g["spires"]) == 4 and len(g["structures"]) == 3
    assert "balance" in g["blurb"]


@rule("CS-GAP-80")
def test_every_graft_unit_regrows_1_health_at_the_start_of_the_graft_turn():
    s = new(2, ["graft", "keel"])
    clear_landmarks(s)
    road = lane(s, 0, 1)
    m = unit(s, 0, road[2], chips=["husk"], hp=1)
    h = unit(s, 0, road[3], hero="rootbound_maw", hp=6)           # already whole: stays at its health
    foe = unit(s, 1, road[5], chips=["delver"], hp=1)
    start_turn(s, 0)
    units = s.data["units"]
    assert units[m]["hp"] == 2 and units[h]["hp"] == 6 and units[foe]["hp"] == 1
    assert any("regrows 1 health" in e["text"] for e in s.log)


@rule("CS-GAP-80")
def test_graft_regrowth_does_not_stack_with_regenerate_and_never_passes_the_health_stat():
    s = new(2, ["graft", "keel"])
    clear_landmarks(s)
    road = lane(s, 0, 1)
    m = unit(s, 0, road[2], chips=["bloom_horror"], hp=3)
    start_turn(s, 0)
    assert s.data["units"][m]["hp"] == 4 == UNITS["bloom_horror"]["health"]


def test_the_rules_page_gives_every_playable_factions_rule_in_plain_words():
    page = GAME.rules_html()
    for fid in PLAYABLE:
        assert f"<b>{FACTIONS[fid]['name']}</b>" in page
    assert "CS-" not in page


@rule("CS-UI-30")
def test_faction_selection_shows_description_units_and_playstyle_of_every_faction():
    from html import unescape
    from pyapp.games.cloudspire.setup import faction_html
    for fid in PLAYABLE:
        f = FACTIONS[fid]
        text = unescape(faction_html(fid))
        assert f["name"] in text and f["blurb"] in text and "Playstyle: " + f["style"] in text
        for u in f["heroes"] + f["minions"] + f["spires"]:
            assert u["name"] in text
        assert f"Gate {f['gate']} health, Source cap {f['cap']}" in text


def test_the_schema_checks_faction_traits_playstyle_and_rosters(monkeypatch):
    import json
    from pyapp.engine.content import ContentError
    from pyapp.games.cloudspire import content
    bad = json.loads(json.dumps(FACTIONS))
    bad["graft"]["traits"] = {"regrowth": 0, "bogus": True}
    del bad["keel"]["style"]
    bad["heirs"]["minions"].pop()
    real = content.read_json
    monkeypatch.setattr(content, "read_json", lambda pkg, name: bad if name == "factions.json" else real(pkg, name))
    with pytest.raises(ContentError) as e:
        content._load()
    msg = str(e.value)
    assert "trait regrowth" in msg and "unknown trait 'bogus'" in msg and "style" in msg
    assert "needs 4 minion types" in msg

"""Hex Battle army builder: pick units and cards, live totals, problems, deployment, save, use in a game."""
import json
import re
from html import escape

import pytest

from pyapp.engine import saves
from pyapp.games.hexbattle import content
from pyapp.ui import App, DictStorage

NAV_RE = re.compile(r'data-nav="([^"]+)"')


def make(storage=None):
    return App(storage if storage is not None else DictStorage(), {}, random_seed=lambda: 7)


def stored_armies(storage):
    prefix = saves.army_key("hexbattle", "")
    return {k[len(prefix):]: json.loads(v) for k, v in storage.data.items() if k.startswith(prefix)}


def cheap_units(n=2):
    return sorted(content.UNITS, key=lambda k: content.UNITS[k]["points"])[:n]


def cheapest_card():
    return min(content.CARDS, key=lambda k: content.CARDS[k]["cost"])


@pytest.mark.rule("HB-UI-1", "HB-GAP-5")
def test_prebuilt_armies_are_ordinary_saved_armies_and_the_builder_offers_all_content():
    app = make()
    app.handle("nav", "armies")
    html = app.render()
    armies = stored_armies(app.storage)
    assert len(armies) == len(content.PREBUILT)
    for a in content.PREBUILT:
        assert escape(a["name"]) in html
    for aid in armies:
        assert f'data-nav="army-edit:{aid}"' in html and f'data-nav="army-del:{aid}"' in html
    app.handle("nav", "army-new")
    html = app.render()
    for key, u in content.UNITS.items():
        assert f'data-nav="b-add:{key}"' in html and escape(u["name"]) in html
    for key, c in content.CARDS.items():
        assert f'data-nav="b-card:{key}:1"' in html and escape(c["name"]) in html


@pytest.mark.rule("HB-UI-2", "HB-UI-3", "HB-UI-4", "HB-GAP-6", "HB-GAP-7")
def test_totals_and_problems_update_live():
    app = make()
    app.handle("nav", "army-new")
    html = app.render()
    assert "Points <strong>0</strong>/50" in html and "Cards <strong>0</strong>" in html
    assert "only 0 cards" in html and "only 0 unit(s)" in html
    u1, u2 = cheap_units()
    app.handle("nav", f"b-add:{u1}")
    app.handle("nav", f"b-add:{u2}")
    html = app.render()
    pts = content.UNITS[u1]["points"] + content.UNITS[u2]["points"]
    assert f"Points <strong>{pts}</strong>/50" in html and "2 unit(s) not placed" in html
    card = cheapest_card()
    for _ in range(31):
        app.handle("nav", f"b-card:{card}:1")
    app.handle("nav", f"b-card:{card}:-1")
    html = app.render()
    assert "Cards <strong>30</strong>" in html and "only" not in html.split("army-problems")[-1].split("</div>")[0]
    # place both units in the home half; a hex above the centerline is refused
    app.handle("nav", "b-sel:0")
    app.handle("nav", "b-place:c5")
    assert "rows 9-16" in app.messages[-1]["text"]
    app.handle("nav", "b-place:c12")
    app.handle("nav", "b-place:d12")
    app.handle("input", "army-name", "Two Guards")
    html = app.render()
    army = app.step("hexbattle").builder.army
    assert [u["hex"] for u in army["units"]] == ["c12", "d12"]
    assert "Ready for battle" in html and 'class="army-problems"' not in html
    # too expensive: add the dearest card until over 50
    dear = max(content.CARDS, key=lambda k: content.CARDS[k]["cost"])
    while content.army_points(army) <= 50:
        app.handle("nav", f"b-card:{dear}:1")
    html = app.render()
    assert f"worth {content.army_points(army)} points: the limit is 50" in html
    assert re.search(r'class="total-points bad"', html)


@pytest.mark.rule("HB-UI-4", "HB-UI-17", "HB-GAP-10")
def test_facing_defaults_to_the_centerline_and_turns():
    app = make()
    app.handle("nav", "army-new")
    app.handle("nav", f"b-add:{cheap_units(1)[0]}")
    app.handle("nav", "b-place:e16")
    assert app.step("hexbattle").builder.army["units"][0] == {"key": cheap_units(1)[0], "hex": "e16", "facing": 0}
    app.handle("nav", "b-cw:0")
    app.handle("nav", "b-cw:0")
    app.handle("nav", "b-ccw:0")
    assert app.step("hexbattle").builder.army["units"][0]["facing"] == 1
    html = app.render()
    assert "front NE" in html and 'rotate(60)' in html
    # the grid shows only the home half: 64 clickable hexes, rows 9-16
    places = [n for n in NAV_RE.findall(html) if n.startswith("b-place:")]
    assert len(places) == 64 and {p.split(":")[1][1:] for p in places} == {str(r) for r in range(9, 17)}
    app.handle("nav", "b-unplace:0")
    assert app.step("hexbattle").builder.army["units"][0]["hex"] is None and "not placed" in app.render()
    app.handle("nav", "b-del:0")
    assert app.step("hexbattle").builder.army["units"] == []


@pytest.mark.rule("HB-UI-3", "HB-UI-5", "HB-GAP-7", "HB-ARMY-14")
def test_drafts_save_but_only_valid_armies_can_be_chosen():
    storage = DictStorage()
    app = make(storage)
    app.handle("nav", "army-new")
    app.handle("input", "army-name", "Half Done")
    app.handle("nav", f"b-add:{cheap_units(1)[0]}")
    app.handle("nav", "b-save")
    assert "draft" in app.messages[-1]["text"]
    draft_id = app.step("hexbattle").builder.army_id
    assert stored_armies(storage)[draft_id]["name"] == "Half Done"
    app.handle("nav", "setup:hexbattle")
    html = app.render()
    assert "Half Done" not in html and f'value="{draft_id}"' not in html
    app.handle("input", "army-0", draft_id)
    app.handle("nav", "start")
    assert app.screen == "setup" and "no valid army" in app.messages[-1]["text"]


@pytest.mark.rule("HB-UI-5", "HB-UI-7", "HB-DEP-2")
def test_a_built_army_starts_the_game_deployed_as_saved():
    storage = DictStorage()
    app = make(storage)
    app.handle("nav", "army-new")
    u1, u2 = cheap_units()
    for key, hex_ in ((u1, "a16"), (u2, "h9")):
        app.handle("nav", f"b-add:{key}")
        app.handle("nav", f"b-place:{hex_}")
    app.handle("nav", "b-cw:1")
    for _ in range(30):
        app.handle("nav", f"b-card:{cheapest_card()}:1")
    app.handle("input", "army-name", "Corner Pair")
    app.handle("nav", "b-save")
    aid = app.step("hexbattle").builder.army_id
    assert "ready for battle" in app.messages[-1]["text"]
    app.handle("nav", "setup:hexbattle")
    assert f'<option value="{aid}"' in app.render()
    app.handle("input", "army-0", aid)
    app.handle("input", "seat-1", "bot:random")
    app.handle("nav", "start")
    assert app.screen == "game"
    units = [u for u in app.state.view(0)["units"] if u["owner"] == 0]
    got = sorted((u["hex"], u["facing"]) for u in units)
    if app.state.view(0)["first"] == 0:
        assert got == [("a16", 0), ("h9", 1)]
    else:                                                          # the second player's army is rotated 180 degrees
        assert got == [("a8", 4), ("h1", 3)]
    html = app.render()
    assert html.count('class="unit p0') == 2


def test_edit_and_delete_an_army_with_confirmation():
    storage = DictStorage()
    app = make(storage)
    app.handle("nav", "armies")
    app.handle("nav", "army-edit:pre0")
    assert app.screen == "builder" and app.step("hexbattle").builder.army["name"] == content.PREBUILT[0]["name"]
    app.handle("input", "army-name", "Renamed")
    app.handle("nav", "b-save")
    assert stored_armies(storage)["pre0"]["name"] == "Renamed"
    app.handle("nav", "army-del:pre0")
    assert "Delete the army “Renamed”" in app.render()
    app.handle("nav", "confirm")
    assert "pre0" not in stored_armies(storage) and app.screen == "armies"
    # deleted sample armies stay deleted
    app.handle("nav", "armies")
    assert "pre0" not in stored_armies(storage)


def test_damaged_army_record_is_reported_not_fatal():
    storage = DictStorage()
    app = make(storage)
    app.handle("nav", "armies")
    storage.set(saves.army_key("hexbattle", "bad1"), "{oops")
    html = app.render()
    assert "Damaged army record" in html and content.PREBUILT[1]["name"] in html
    app.handle("nav", "army-edit:bad1")
    assert app.screen == "armies" and "cannot be opened" in app.messages[-1]["text"]
    app.handle("nav", "setup:hexbattle")
    app.handle("nav", "start")
    assert app.screen == "game"


@pytest.mark.parametrize("damage", [
    lambda a: a["units"][0].update(key=["spearwall"]),          # issue 21: a list where a name belongs
    lambda a: a["units"][0].update(facing=9),
    lambda a: a["units"].append("x"),
    lambda a: a.update(cards={"dress": 1_000_000}),            # the frozen-tab deck
    lambda a: a.update(units=[a["units"][0]] * 1000),
    lambda a: a.update(name=["Iron"]),
    lambda a: a.update(format=True),
])
def test_every_damaged_army_record_is_listed_and_deletable_and_blocks_nothing(damage):
    storage = DictStorage()
    app = make(storage)
    app.handle("nav", "armies")                               # the sample armies are written
    key = saves.army_key("hexbattle", "pre0")
    rec = json.loads(storage.get(key))
    damage(rec)
    storage.set(key, json.dumps(rec))
    html = app.render()
    assert "Damaged army record (pre0)" in html and content.PREBUILT[1]["name"] in html
    app.handle("nav", "setup:hexbattle")                      # New game still works with the others
    assert app.screen == "setup"
    app.handle("nav", "start")
    assert app.screen == "game"
    app.handle("nav", "armies")
    app.handle("nav", "army-del:pre0")
    app.handle("nav", "confirm")
    assert key not in storage.keys() and "Damaged" not in app.render()


def test_a_deeply_nested_army_record_is_refused_before_parsing():
    storage = DictStorage()
    app = make(storage)
    storage.set(saves.army_key("hexbattle", "deep"), "[" * 100_000 + "]" * 100_000)
    app.handle("nav", "armies")
    assert "Damaged army record (deep)" in app.render()


def test_leaving_the_builder_with_unsaved_changes_asks_first():
    storage = DictStorage()
    app = make(storage)
    app.handle("nav", "army-new")
    app.handle("nav", f"b-add:{cheap_units(1)[0]}")
    app.handle("nav", "shelf")
    html = app.render()
    assert app.screen == "builder" and "Unsaved changes" in html
    app.handle("nav", "cancel-confirm")
    assert app.screen == "builder" and len(app.step("hexbattle").builder.army["units"]) == 1
    app.handle("nav", "b-save")
    app.handle("nav", "armies")                      # saved: no question
    assert app.screen == "armies"
    app.handle("nav", "army-new")
    app.handle("input", "army-name", "Scratch")
    app.handle("nav", "armies")
    app.handle("nav", "confirm")
    assert app.screen == "armies" and "Scratch" not in app.render()
    app.handle("nav", "setup:hexbattle")
    app.messages.clear()
    app.handle("nav", "pick-army:notanumber")        # a forged nav value: a message, no crash
    assert app.messages and "notanumber" in app.messages[-1]["text"] and app.screen == "setup"

"""Save format: round trip by replay, and a clear SaveError for every kind of bad data."""
import json

import pytest

from pyapp import games
from pyapp.engine import saves
from pyapp.engine.saves import SaveError, load_save, to_save

from play_helpers import played as _played_n


def played(seed=11, n=25):
    return _played_n("hexbattle", 2, seed, n)


def _save(state, **kw):
    return to_save(state, save_id="abc123", seats=["human", "bot:random"], names=["Ann", "Bob"],
                   title="Ann vs Bob", **kw)


def test_round_trip_replays_to_the_same_state():
    s = played()
    d = _save(s)
    assert d["format"] == 1 and d["app"] == "boardshelf" and d["game"] == "hexbattle"
    assert d["actions"] == s.history and d["seed"] == s.seed and d["players"] == 2
    for src in (d, saves.dumps(d), saves.dumps(d).encode()):
        state, meta = load_save(src)
        assert state == s
        assert meta["seats"] == ["human", "bot:random"] and meta["title"] == "Ann vs Bob"
        assert "actions" not in meta


def test_save_is_compact():
    s = played(n=60)
    text = saves.dumps(_save(s))
    assert len(text) < len(s.to_json())       # seed + action ids, not the whole state


def _huge_deck():
    """Issue 21: a 1.3 KB save whose army holds a million free cards froze the tab for 22 s."""
    from pyapp.games.hexbattle import content
    return dict(content.PREBUILT[0], cards={"shuffle": 1_000_000})


def _mutate(fn):
    d = _save(played())
    fn(d)
    return d


@pytest.mark.parametrize("bad, words", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "not a Boardshelf save"),
    (json.dumps({"app": "othergame", "format": 1}), "another app"),
    (_mutate(lambda d: d.update(format=2)), "newer version"),
    (_mutate(lambda d: d.update(format="1")), "format"),
    (_mutate(lambda d: d.update(game="chess")), "cannot play"),
    (_mutate(lambda d: d.update(seed="42")), "seed"),
    (_mutate(lambda d: d.update(players=True)), "players"),
    (_mutate(lambda d: d.update(actions="draw")), "moves"),
    (_mutate(lambda d: d["actions"].append([0, 7])), "not a valid move"),
    (_mutate(lambda d: d["actions"].append([5, "draw"])), "not a valid move"),
    (_mutate(lambda d: d["actions"].__setitem__(3, [d["actions"][3][0], "shoot:a1"])), "move 4"),
    (_mutate(lambda d: d["actions"].__setitem__(0, [1 - d["actions"][0][0], d["actions"][0][1]])), "move 1"),
    (_mutate(lambda d: d.update(seats=["human"])), "seats"),
    (_mutate(lambda d: d.update(seats=["human", "robot"])), "seats"),
    (_mutate(lambda d: d.update(seats=["human", "bot:nosuchbot"])), "bot"),
    (_mutate(lambda d: d.update(id="../../x")), "id"),
    (_mutate(lambda d: d.update(title=5)), "title"),
    (_mutate(lambda d: d.update(options={"armies": [{"name": "x", "units": [], "cards": {}}] * 2})), "settings"),
    (_mutate(lambda d: d.update(options={"speed": 3})), "settings"),
    # hostile input (issue 21): bounds checked before any work proportional to the content
    ("[" * 10_000 + "]" * 10_000, "nested too deeply"),
    (json.dumps({"app": "boardshelf", "x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}), "nested"),
    ("[" + " " * saves.MAX_SAVE_BYTES + "]", "too large"),
    (_mutate(lambda d: d.update(options={"armies": [_huge_deck(), _huge_deck()]})), "at most 200"),
    (_mutate(lambda d: d.update(seed=-5)), "seed"),
    (_mutate(lambda d: d.update(seed=10 ** 30)), "seed"),
    (_mutate(lambda d: d.update(actions=[[0, "draw"]] * (saves.MAX_ACTIONS + 1))), "more than any game"),
])
def test_bad_saves_raise_a_clear_save_error(bad, words):
    with pytest.raises(SaveError) as info:
        load_save(bad)
    assert isinstance(info.value, ValueError)
    assert words.lower() in str(info.value).lower()


def test_depth_is_measured_without_parsing_and_ignores_brackets_in_text():
    assert saves.json_depth("[" * 40 + "]" * 40) == 40
    assert saves.json_depth('{"title": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "a": [[]]}') == 3
    assert saves.json_depth('["a \\" [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]') == 1   # an escaped quote inside text
    # a save whose title is full of brackets still opens
    s = played()
    state, meta = load_save(saves.dumps(_save(s) | {"title": "[" * 100}))
    assert state == s and meta["title"] == "[" * 100


def test_keys_are_namespaced():
    assert saves.save_key("x1") == "boardshelf:save:x1"
    assert saves.army_key("hexbattle", "a1") == "boardshelf:army:hexbattle:a1"
    assert saves.CURRENT_KEY == "boardshelf:current"
    assert saves.valid_id(saves.new_id()) and saves.new_id() != saves.new_id()


def test_a_save_from_another_rules_version_is_explained_not_called_damaged(monkeypatch):
    """A game raises its rules_version when recorded games stop replaying the same; a save made under
    another version is refused before any replay (its ids may now mean other things), saying why.
    Saves of format 1 without the field are version 1."""
    g = games.get("hexbattle")
    s = played()
    d = _save(s)
    assert d["rules"] == g.rules_version
    state, _ = load_save(d)
    assert state == s
    old = dict(d)
    old.pop("rules")
    monkeypatch.setattr(type(g), "rules_version", 3)
    for made in (old, dict(d, rules=2)):
        with pytest.raises(SaveError, match="earlier version of Hex Battle's rules") as info:
            load_save(made)
        assert "damaged" not in str(info.value)
    with pytest.raises(SaveError, match="newer version of Boardshelf"):
        load_save(dict(d, rules=4))
    with pytest.raises(SaveError, match="rules version"):
        load_save(dict(d, rules="2"))


def test_a_save_for_a_game_not_playable_yet_is_refused_clearly(monkeypatch):
    from pyapp import games as registry
    d = _save(played())
    monkeypatch.setattr(registry, "_declarations", tuple({**d, "ready": d["id"] != "hexbattle"} for d in registry.declarations()))
    with pytest.raises(SaveError, match="cannot play"):
        load_save(d)

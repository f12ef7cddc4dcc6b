"""Hex Battle saves across the card change of issue 15 (rules version 2: ids drawn at random, cards re-priced):
a new save names its rules version and replays; a save from before is refused with a message saying why;
stored sample armies the player never edited are replaced by the new ones."""
from __future__ import annotations

import copy
import json

import pytest

from pyapp.engine import saves
from pyapp.engine.saves import SaveError, load_save, to_save
from pyapp.games.hexbattle import GAME
from pyapp.games.hexbattle import setup as hb_setup
from pyapp.games.hexbattle.content import PREBUILT
from pyapp.ui import DictStorage

from hexbattle_helpers import new


def _played(seed=4, moves=12):
    from pyapp import bots
    s = new(seed)
    bot = bots.make("hexbattle", "random", seed=seed)
    for _ in range(moves):
        seat = s.to_act[0]
        s.apply(seat, bot.choose(s, seat))
    return s


def test_a_save_names_the_rules_version_and_replays():
    s = _played()
    assert GAME.rules_version == 2
    d = to_save(s, save_id="abc", seats=["human", "bot:greedy"])
    assert d["rules"] == 2
    state, meta = load_save(saves.dumps(d))
    assert state.to_json() == s.to_json()


def test_a_save_from_before_the_card_change_is_refused_with_a_reason():
    """A save from before the card change (rules version 1: no ``rules`` field) names cards ``c01``...,
    numbered in blocks: replayed under the new ids it would fail at its first card (or worse, pick another
    card). It is refused before any replay, saying why."""
    s = _played()
    old = to_save(s, save_id="abc", seats=["human", "human"])
    del old["rules"]
    old["actions"] = [[s.history[0][0], "play:c07"]]
    with pytest.raises(SaveError, match="earlier version of Hex Battle's rules"):
        load_save(saves.dumps(old))
    # an old save whose army no longer fits the points limit at the new prices: refused the same way
    old_riders = dict(copy.deepcopy(old["options"]["armies"][0]), name="Old Riders",
                      units=[{"key": k, "hex": h, "facing": 0} for k, h in
                             (("lancer", "b10"), ("lancer", "g10"), ("outrider", "a11"), ("outrider", "h11"),
                              ("ironrider", "d10"), ("militia", "e10"), ("slinger", "d11"))],
                      cards=hb_setup.OLD_SAMPLE_CARDS["Thunder Riders"])
    old["options"] = {"armies": [old_riders, old["options"]["armies"][1]]}
    with pytest.raises(SaveError, match="earlier version of Hex Battle's rules"):
        load_save(saves.dumps(old))


def _old_record(i, cards=None):
    army = dict(PREBUILT[i], cards=cards or hb_setup.OLD_SAMPLE_CARDS[PREBUILT[i]["name"]])
    rec = hb_setup.record(army, f"pre{i}", "2026-11-20T00:00:00Z")
    return json.dumps(rec)


def test_stored_old_sample_armies_are_replaced_unless_edited_or_deleted():
    storage = DictStorage()
    key = [saves.army_key("hexbattle", f"pre{i}") for i in range(len(PREBUILT))]
    storage.set(hb_setup.SEEDED_KEY, "1")                       # seeded before the card change
    storage.set(key[0], _old_record(0))                         # untouched
    storage.set(key[1], _old_record(1, cards={"march": 30}))     # edited by the player
    # key[2] deleted by the player; key[3] untouched
    storage.set(key[3], _old_record(3))
    assert hb_setup.ensure_prebuilt(storage, lambda: "2026-11-25T00:00:00Z") == []
    assert json.loads(storage.get(key[0]))["cards"] == PREBUILT[0]["cards"]
    assert json.loads(storage.get(key[1]))["cards"] == {"march": 30}
    assert storage.get(key[2]) is None
    assert json.loads(storage.get(key[3]))["cards"] == PREBUILT[3]["cards"]
    assert storage.get(hb_setup.SEEDED_KEY) == hb_setup.SEEDED_EDITION
    # once is enough: a deleted sample stays deleted
    storage.remove(key[0])
    hb_setup.ensure_prebuilt(storage, lambda: "x")
    assert storage.get(key[0]) is None
    # a fresh storage gets every sample
    fresh = DictStorage()
    hb_setup.ensure_prebuilt(fresh, lambda: "x")
    assert all(json.loads(fresh.get(k))["cards"] == a["cards"] for k, a in zip(key, PREBUILT))

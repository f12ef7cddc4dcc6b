"""Cloudspire's state data matches its typed description (pyapp/games/cloudspire/types.py, ``CloudData``).

mypy checks the code against the description; this checks the values: the data of real random games (2 and 4
players competitive, solo and co-operative against the Raider Fortress, and the factions with optional keys: an
airship, elementals, promotions), every few steps and at the end, walked key by key (missing, extra and mistyped
keys all fail), also after a redeal for a search bot.
"""
from __future__ import annotations

import pytest

from pyapp import bots
from pyapp.engine import Rng
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire.types import CloudData, UnitData

from typed_data import conforms


def test_the_checker_catches_what_it_should():
    good = {"owner": 0, "hero": None, "chips": ["husk"], "hex": "e6", "hp": 2, "moved": False, "attacked": False,
            "hit": False, "idle": False, "camp": False}
    assert conforms(good, UnitData) == []
    assert conforms(dict(good, promoted=True), UnitData) == []              # an optional key
    assert conforms(dict(good, hp="2"), UnitData)                           # mistyped
    assert conforms({k: v for k, v in good.items() if k != "hex"}, UnitData)   # missing
    assert conforms(dict(good, extra=1), UnitData)                          # unexpected
    assert conforms(dict(good, owner=True), UnitData)                       # a bool is not a seat


AIRSHIP = {"factions": ["horizons_wrath", "shada", "griege", "keel"]}    # optional keys: gate_at, promoted (fused: rare)


@pytest.mark.parametrize("players,options", [(2, {}), (4, {}), (1, {}), (2, {"mode": "coop"}), (4, AIRSHIP)])
def test_data_matches_the_typed_description(players, options):
    checked = 0
    optional: set[str] = set()
    for g in range(2):
        state = GAME.new(players, 50 + g, options)
        bot = bots.make("cloudspire", "random", g)
        n = 0
        while not state.is_over and n < 700:
            if n % 3 == 0:
                assert conforms(state.data, CloudData) == [], (n, conforms(state.data, CloudData)[:5])
                redealt = state.resample_hidden(state.to_act[0], Rng(n))
                assert conforms(redealt.data, CloudData) == [], (n, conforms(redealt.data, CloudData)[:5])
                checked += 1
                optional |= state.data.keys() & {"gate_at", "airship_moved"}
                optional |= {k for u in state.data["units"].values() for k in ("fused", "promoted") if k in u}
            seat = state.to_act[0]
            state.apply(seat, bot.choose(state, seat))
            n += 1
        assert conforms(state.data, CloudData) == []
    assert checked > 40
    if options is AIRSHIP:                                                 # the optional keys were checked too
        assert {"gate_at", "airship_moved", "promoted"} <= optional, optional

"""Ice Fortress's view matches its typed description (pyapp/games/icefortress/types.py).

mypy checks the code that builds the view; this checks the values: real views from random and
hard-bot games at 1-4 players, at every step, for every seat and for no seat (``None``), walked
against ``IceView`` key by key (missing, extra and mistyped keys all fail).
"""
from __future__ import annotations

import types
import typing

import pytest

from pyapp import bots
from pyapp.games.icefortress import GAME
from pyapp.games.icefortress.types import IceView


def conforms(value, tp, at="view"):
    """The problems of ``value`` against type ``tp`` (TypedDicts, list/dict/tuple, unions, Literal, None)."""
    if tp is typing.Any:
        return []
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)
        if any(not conforms(value, t, at) for t in options):
            return []
        return [f"{at}: {value!r} is none of {tp}"]
    if origin is typing.Literal:
        return [] if value in typing.get_args(tp) else [f"{at}: {value!r} not in {tp}"]
    if tp is type(None) or tp is None:
        return [] if value is None else [f"{at}: {value!r} is not None"]
    if typing.is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{at}: {value!r} is not a dict ({tp.__name__})"]
        hints = typing.get_type_hints(tp)
        out = [f"{at}: missing {k!r}" for k in sorted(tp.__required_keys__ - value.keys())]
        out += [f"{at}: unexpected {k!r}" for k in sorted(value.keys() - hints.keys())]
        for k in value.keys() & hints.keys():
            out += conforms(value[k], hints[k], f"{at}.{k}")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{at}: {value!r} is not a list"]
        (item,) = typing.get_args(tp)
        return [p for i, v in enumerate(value) for p in conforms(v, item, f"{at}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{at}: {value!r} is not a dict"]
        kt, vt = typing.get_args(tp)
        return [p for k, v in value.items() for p in conforms(k, kt, f"{at} key") + conforms(v, vt, f"{at}[{k!r}]")]
    if tp is dict:
        return [] if isinstance(value, dict) else [f"{at}: {value!r} is not a dict"]
    if tp is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{at}: {value!r} is not an int"]
    return [] if isinstance(value, tp) else [f"{at}: {value!r} is not {tp}"]


def test_the_checker_catches_what_it_should():
    from pyapp.games.icefortress.types import RoomData, Selection
    good = {"on": "base:0", "level": 1, "pillars": {"a": 3}, "inv": {}, "ginv": {}, "top": {}}
    assert conforms(good, RoomData) == []
    assert conforms(dict(good, level="1"), RoomData)                 # mistyped
    assert conforms({k: v for k, v in good.items() if k != "top"}, RoomData)   # missing
    assert conforms(dict(good, extra=1), RoomData)                    # unexpected
    assert conforms(dict(good, pillars={"a": True}), RoomData)        # a bool is not a die value
    assert conforms({"die": 4}, Selection) == [] and conforms({"die": "4"}, Selection)


def _views(state):
    yield state.view(None)
    for seat in range(state.players):
        yield state.view(seat)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "planner"])
def test_views_match_the_typed_description(players, bot):
    checked = 0
    for g in range(4 if bot == "random" else 1):
        state = GAME.new(players, 70 + g, {"difficulty": 3 + 2 * g})
        seat_bots = [bots.make("icefortress", bot, 11 * g + i) for i in range(players)]
        n = 0
        while not state.is_over and n < 300:
            if n % 4 == 0:                                 # every fourth position, at all its seats
                for v in _views(state):
                    assert conforms(v, IceView) == [], (n, conforms(v, IceView)[:5])
                    checked += 1
            seat = state.to_act[0]
            state.apply(seat, seat_bots[seat].choose(state, seat))
            n += 1
        for v in _views(state):                            # the last position (the outcome, once over)
            assert conforms(v, IceView) == []
            checked += 1
    assert checked > 30

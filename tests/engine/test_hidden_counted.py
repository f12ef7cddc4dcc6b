"""A game whose rules mark their own draws (``State.HIDDEN_COUNTED``, pyapp/engine/core.py) skips the kit's
before/after measure in play; with ``State.check_hidden`` on, the measure runs again and must agree.

Random games of every counted game, with the check on: after each action, the kit's measure (the declared hidden
piles before and after) says it revealed exactly when the rules marked it, so the undo record is the one the
measure gave before the rules counted.  Meta-tests: a draw the rules do not mark is caught by the check (an
``AssertionError`` naming the action) and, with the check off, by the redeal guard of test_reveal_marked.py.
"""
from __future__ import annotations

import random

import pytest

from pyapp import games
from pyapp.engine.core import State

from test_reveal_marked import unmarked_reveals   # (tests/engine is on the path: basenames are unique)

COUNTED = [g["id"] for g in games.catalog() if g["ready"]
           and type(games.get(g["id"]).new(games.get(g["id"]).min_players, 1)).HIDDEN_COUNTED]


def test_hexbattle_and_doomspire_are_counted():
    assert "hexbattle" in COUNTED and "doomspire" in COUNTED


def _play(game_id: str, seed: int, steps: int) -> tuple[int, int]:
    """A random game with the check on: (actions, actions marked revealing); asserts the measure agrees."""
    game = games.get(game_id)
    state = game.new(game.min_players, seed)
    kit = type(state)._hidden_kit
    assert kit is not None
    pick = random.Random(seed)
    n = marked = 0
    while not state.is_over and n < steps:
        seat = state.to_act[0]
        acts = [a for a in state.legal_actions(seat) if a.kind != "concede"] or state.legal_actions(seat)
        aid = pick.choice(acts).id
        before = kit.measure(state)
        draws = state.rng.draws
        state.apply(seat, aid)
        measured = kit.reveals(before, kit.measure(state))
        assert state._revealed == measured, (game_id, seed, n, aid, "marked" if state._revealed else "not marked")
        assert state.undoable[-1] == (not measured and state.rng.draws == draws)
        marked += measured
        n += 1
    return n, marked


@pytest.mark.parametrize("game_id", COUNTED)
def test_the_rules_mark_exactly_what_the_measure_finds(game_id, monkeypatch):
    monkeypatch.setattr(State, "check_hidden", True)
    total = marked = 0
    for seed in range(1, 9):
        n, m = _play(game_id, seed, 400)
        total, marked = total + n, marked + m
    assert total > 1000 and 0 < marked < total


def _draw_unmarked(monkeypatch):
    """Hex Battle's draw no longer marks itself (the payment still does)."""
    from pyapp.games.hexbattle.rules import HexBattleState
    real = HexBattleState.reveal

    def reveal(self):
        if self.data["flow"]["stack"]:                # a card frame: the payment
            real(self)
    monkeypatch.setattr(HexBattleState, "reveal", reveal)


def test_the_check_names_a_draw_the_rules_do_not_mark(monkeypatch):
    _draw_unmarked(monkeypatch)
    monkeypatch.setattr(State, "check_hidden", True)
    with pytest.raises(AssertionError, match="'draw' took from a hidden pile"):
        for seed in range(1, 9):
            _play("hexbattle", seed, 400)


def test_without_the_check_the_redeal_guard_names_it(monkeypatch):
    _draw_unmarked(monkeypatch)
    found = unmarked_reveals("hexbattle", stop_at_first=True)
    assert found and found[0][4] == "draw", found

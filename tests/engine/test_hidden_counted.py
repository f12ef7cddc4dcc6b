"""A game whose rules mark their own draws (``State.HIDDEN_COUNTED``, pyapp/engine/core.py) skips the kit's
before/after measure in play; with ``State.check_hidden`` on, the measure runs again and must agree.

Random games of every counted game, with the check on: after each action that the kit's measure (the declared hidden
piles before and after) finds revealing, the rules marked it too; and they mark little else.  The measure compares
sizes before and after the whole action, so it can miss a reveal that the rules see: in Cloudspire a group that
leaves the stack and loses its leader in the same action (the automaton attacks inside the move) shows its next
chip, though the group was not on the board before.  Such marks must stay rare (under 1 % of the actions): rules
that marked every action would fail.  Meta-tests: a draw the rules do not mark is caught by the check (an
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


def test_the_games_that_count_their_reveals():
    assert set(COUNTED) == {"hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire"}


@pytest.mark.parametrize("game_id", COUNTED)
def test_the_check_fails_when_the_rules_mark_nothing(game_id, monkeypatch):
    """Meta-test: with every mark of the rules gone, the check on, the first draw or show raises."""
    cls = type(games.get(game_id).new(games.get(game_id).min_players, 1))
    monkeypatch.setattr(cls, "reveal", lambda self: None)
    monkeypatch.setattr(State, "check_hidden", True)
    with pytest.raises(AssertionError, match="took from a hidden pile"):
        for seed in range(1, 30):
            _play(game_id, seed, 400)


def _play(game_id: str, seed: int, steps: int) -> tuple[int, int, int]:
    """A random game with the check on: (actions, actions the measure finds revealing, actions the rules marked
    that the measure does not find); asserts the rules marked every action the measure finds."""
    game = games.get(game_id)
    state = game.new(game.min_players, seed)
    kit = type(state)._hidden_kit
    assert kit is not None
    pick = random.Random(seed)
    n = marked = extra = 0
    while not state.is_over and n < steps:
        seat = state.to_act[0]
        acts = [a for a in state.legal_actions(seat) if a.kind != "concede"] or state.legal_actions(seat)
        aid = pick.choice(acts).id
        before = kit.measure(state)
        draws = state.rng.draws
        state.apply(seat, aid)
        measured = kit.reveals(before, kit.measure(state))
        assert state._revealed or not measured, (game_id, seed, n, aid, "not marked")
        assert state.undoable[-1] == (not state._revealed and state.rng.draws == draws)
        marked += measured
        extra += state._revealed and not measured
        n += 1
    return n, marked, extra


@pytest.mark.parametrize("game_id", COUNTED)
def test_the_rules_mark_what_the_measure_finds(game_id, monkeypatch):
    monkeypatch.setattr(State, "check_hidden", True)
    total = marked = extra = 0
    seed = 0
    while total < 3000:                  # (short games, as Ice Fortress solo, play more of them)
        seed += 1
        n, m, x = _play(game_id, seed, 400)
        total, marked, extra = total + n, marked + m, extra + x
    assert 0 < marked < total and extra < total / 100, (total, marked, extra)


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

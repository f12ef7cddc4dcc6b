"""Hidden information enforced by the kit (issue 33 item 4): an action that shows a hidden fact is marked revealing.

A game declares where its hidden facts live once (``State.HIDDEN``, pyapp/engine/hidden.py) and ``apply`` marks an
action that takes from a hidden pile or adds to a record of what was shown: it cannot be undone (undo, then the
same move again, would show the next card and let the player choose anew) and a search bot treats it as chance.

This is the guard for every game, whatever the declaration says: random games (the player counts below, moves
capped), and after each action that ends up **undoable** (not marked, no dice), the hidden facts of the position before it
are dealt anew for each seat, twice, with different seeds (``resample_hidden``), the same action is applied to both
copies, and where it is unmarked on both, that seat's view, actions and the seats to act, the spectator's view and
the new log entries must come out the same on both.  If they differ, the action showed something hidden without being marked: the test names the game,
the step and the action.  Meta-tests: without the declarations (or without one path) it fails.
"""
from __future__ import annotations

import pytest

from pyapp import bots, games
from pyapp.engine import Rng
from pyapp.engine.hidden import Hidden

# per game: the player counts, the seeds, the steps of each random game (capped: a few seconds per game)
PLAN = {"hexbattle": ([2], (1, 2), 200), "doomspire": ([2, 4], (1,), 120), "clockwork": ([2, 4], (1,), 160),
        "icefortress": ([1, 3], (1, 2), 200), "cloudspire": ([2, 4], (1,), 220)}
READY = [g["id"] for g in games.catalog() if g["ready"]]


def _seen(state, seat, log_from):
    """What ``seat`` is shown after the action: its view, its actions, the seats to act, the spectator's view and
    the log entries the action added."""
    try:
        return (state.view(seat), [tuple(a) for a in state.legal_actions(seat)], state.to_act, state.view(None),
                state.log[log_from:])
    except Exception as e:                   # pragma: no cover - a copy no rule could reach
        return type(e).__name__


def unmarked_reveals(game_id, stop_at_first=False):
    """[(players, seed, step, seat, action id, observer)] of undoable actions whose result differs between two
    redeals of what the observer cannot see."""
    counts, seeds, steps = PLAN[game_id]
    game = games.get(game_id)
    found = []
    for players in counts:
        for seed in seeds:
            state = game.new(players, seed=7300 + 10 * players + seed)
            bot = bots.make(game_id, "random", seed=seed)
            for step in range(steps):
                if state.is_over:
                    break
                seat = state.to_act[0]
                aid = bot.choose(state, seat)
                before = state.clone()
                n_log = len(state.log)
                state.apply(seat, aid)
                if not state.undoable[-1]:   # marked revealing, or chance: nothing to check
                    continue
                for o in range(players):
                    pair = [before.resample_hidden(o, Rng(5000 + 31 * step + k, 21 + o)) for k in (0, 1)]
                    if not all(aid in [a.id for a in c.legal_actions(seat)] for c in pair):
                        continue             # (the redeal changed the acting seat's own hand: o cannot tell)
                    for c in pair:
                        c.apply(seat, aid)
                    if not (pair[0].undoable[-1] and pair[1].undoable[-1]):
                        continue             # (on a copy the seat's other hand made it a marked move: o sees that)
                    if _seen(pair[0], o, n_log) != _seen(pair[1], o, n_log):
                        found.append((players, seed, step, seat, aid, o))
                        if stop_at_first:
                            return found
    return found


@pytest.mark.parametrize("game_id", READY)
def test_an_action_that_shows_a_hidden_fact_is_marked(game_id):
    found = unmarked_reveals(game_id)
    assert found == [], [f"{game_id} {n}p seed {s} step {i}: seat {p} {a!r} shows seat {o} a hidden fact "
                         "and is not marked revealing" for n, s, i, p, a, o in found[:6]]


@pytest.mark.parametrize("game_id", READY)
def test_the_guard_fails_without_the_declarations(game_id, monkeypatch):
    """Meta-test: with no ``HIDDEN`` declaration (the kit marks nothing) the check above fails in every game (in a
    game whose rules mark their own draws, ``HIDDEN_COUNTED``, without those marks too)."""
    cls = type(games.get(game_id).new(games.get(game_id).min_players, 1))
    monkeypatch.setattr(cls, "_hidden_kit", None)
    if cls.HIDDEN_COUNTED:
        monkeypatch.setattr(cls, "reveal", lambda self: None)
    assert unmarked_reveals(game_id, stop_at_first=True)


def test_the_guard_fails_when_one_pile_is_left_out(monkeypatch):
    """Meta-test: Hex Battle measured by the kit (not counting its own draws: tests/engine/test_hidden_counted.py
    checks the counts) without its decks declared: a draw is not marked, and the guard names it."""
    from pyapp.games.hexbattle.rules import HexBattleState
    assert "deck.*" in HexBattleState.HIDDEN
    monkeypatch.setattr(HexBattleState, "HIDDEN_COUNTED", False)
    monkeypatch.setattr(HexBattleState, "reveal", lambda self: None)
    monkeypatch.setattr(HexBattleState, "_hidden_kit", Hidden(("hand.*",)))
    found = unmarked_reveals("hexbattle", stop_at_first=True)
    assert found and found[0][4] == "draw", found


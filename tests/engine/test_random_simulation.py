"""Random-simulation test in the spirit of OpenSpiel's: many seeded random games to the end,
checking the engine contract at every step, for every playable game."""
from __future__ import annotations

import json

import pytest

from pyapp import IllegalAction, bots, games

from play_helpers import redeal_changes_nothing_seen

READY = [g["id"] for g in games.catalog() if g["ready"]]
GAMES_PER_ID = {"hexbattle": 16, "doomspire": 3, "clockwork": 3, "icefortress": 8, "cloudspire": 4}
# long games are checked at every k-th step (each game's own test files run more and longer games)
CHECK_EVERY = {"hexbattle": 3, "doomspire": 9, "clockwork": 9, "icefortress": 1, "cloudspire": 9}


def _check_step(game, state):
    text = state.to_json()
    # lossless JSON round trip
    again = game.from_json(text)
    assert again.to_json() == text
    # to_act and legal_actions agree; ids unique
    to_act = state.to_act
    assert to_act, "a game not over must wait for someone"
    for seat in range(state.players):
        acts = state.legal_actions(seat)
        if seat in to_act:
            assert acts, f"seat {seat} is to act but has no legal action"
            assert len({a.id for a in acts}) == len(acts), "duplicate action ids"
            assert all(a.id and a.label for a in acts)
        else:
            assert acts == []
            with pytest.raises(IllegalAction):
                state.apply(seat, "draw")
            assert state.to_json() == text
    # illegal ids are rejected and change nothing
    for bad in ("nope", "play:zz99", "", "unit:z99"):
        with pytest.raises(IllegalAction):
            state.apply(to_act[0], bad)
        assert state.to_json() == text
    # views are plain JSON
    for seat in list(range(state.players)) + [None]:
        json.dumps(state.view(seat))


@pytest.mark.parametrize("game_id", READY)
def test_random_games_keep_the_contract(game_id):
    game = games.get(game_id)
    n_games = GAMES_PER_ID.get(game_id, 10)
    undo_checks = 0
    for g in range(n_games):
        players = game.min_players + g % (game.max_players - game.min_players + 1)
        state = game.new(players, seed=1000 + g)
        bot = bots.make(game_id, "random", seed=g)
        steps = undos = 0
        while not state.is_over:
            if steps % CHECK_EVERY.get(game_id, 3) == 0:
                _check_step(game, state)
            seat = state.to_act[0]
            undo_step = steps % 25 == 0 and steps < 300           # undo replays the whole game
            before = state.to_json() if undo_step else None       # (the whole text: only where it is compared)
            action_id = bot.choose(state, seat)
            state.apply(seat, action_id)
            if undo_step and state.can_undo(seat):
                assert state.undo(seat).to_json() == before       # undo gives back the exact state
                undos += 1
            steps += 1
            assert steps < 20000, "game does not end"
        undo_checks += undos
        assert state.to_act == ()
        assert all(state.legal_actions(s) == [] for s in range(players))
        out = state.outcome()
        assert out is not None and out.reason
        assert set(out.winners) <= set(range(players))
        # replaying the seed and the action ids reproduces the game exactly
        replayed = game.replay(players, 1000 + g, state.options, state.history)
        assert replayed.to_json() == state.to_json()
    assert undo_checks >= n_games, undo_checks                       # the undo check above really ran


@pytest.mark.parametrize("game_id", READY)
def test_best_bot_games_finish(game_id):
    names = list(bots.available(game_id))
    game = games.get(game_id)
    from pyapp.sim import run
    summary = run(game_id, 4, 77, names, players=game.min_players, swap=True)
    assert summary["errors"] == [] and summary["finished"] == 4


# positions checked per game for hidden information (every k-th step of a few random games)
HIDDEN_GAMES, HIDDEN_EVERY = 3, {"hexbattle": 2, "doomspire": 7, "clockwork": 7, "icefortress": 1,
                                   "cloudspire": 7}


@pytest.mark.parametrize("game_id", READY)
def test_hidden_information_cannot_be_seen(game_id):
    """Generic hidden-information test: at many positions of random games, for every seat, dealing
    anew what that seat may not see (other seats' hands, face-down identities, deck and bag order,
    dice to come: ``State.resample_hidden``) leaves that seat's view and its legal actions (ids,
    labels, kinds) exactly the same.  So nothing the seat is shown depends on what it may not know.
    The redeal must really change hidden facts in most positions, or this test could not fail."""
    game = games.get(game_id)
    checked = changed = 0
    for g in range(HIDDEN_GAMES):
        players = game.min_players + g % (game.max_players - game.min_players + 1)
        state = game.new(players, seed=700 + g)
        bot = bots.make(game_id, "random", seed=g)
        step = 0
        while not state.is_over and step < 600:
            if step % HIDDEN_EVERY.get(game_id, 3) == 0:
                n, c = redeal_changes_nothing_seen(state, step)
                checked, changed = checked + n, changed + c
            seat = state.to_act[0]
            state.apply(seat, bot.choose(state, seat))
            step += 1
    assert checked > 50
    assert changed > checked // 2, f"{game_id}: the redeal changed hidden facts in only {changed} of {checked} positions"

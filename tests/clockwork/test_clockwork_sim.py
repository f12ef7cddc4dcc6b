"""Random-simulation tests for Clockwork Crusade: whole seeded games between
random bots, checking the engine contract at every step (OpenSpiel style)."""
from __future__ import annotations

import json

import pytest

from pyapp.bots import RandomBot
from pyapp.engine import IllegalAction
from pyapp.games.clockwork import GAME

CASES = [(2, 1, 6, 5), (2, 2, 6, 5), (3, 3, 6, 5), (4, 4, 6, 5), (5, 5, 6, 5), (6, 6, 6, 5), (2, 7, 6, 5),
         (3, 8, 6, 5), (2, 9, 30, 15), (2, 10, 30, 15), (3, 11, 20, 15), (4, 12, 12, 15), (5, 13, 8, 15),
         (6, 14, 6, 15), (2, 15, 30, 15), (4, 16, 10, 15)]


def _snapshot(st):
    return st.to_json()


@pytest.mark.rule("CC-OVR-1", "CC-UI-26", "CC-GAP-42", "CC-GAP-11")
@pytest.mark.parametrize("players,seed,rounds,every", CASES)
def test_random_games_keep_the_contract(players, seed, rounds, every):
    st = GAME.new(players, seed, {"max_rounds": rounds})
    bots = [RandomBot(seed * 10 + i) for i in range(players)]
    step = 0
    while not st.is_over:
        to_act = st.to_act
        assert len(to_act) == 1
        for seat in range(players):
            acts = st.legal_actions(seat)
            assert bool(acts) == (seat in to_act), (seat, to_act)
        seat = to_act[0]
        acts = st.legal_actions(seat)
        ids = [a.id for a in acts]
        assert len(ids) == len(set(ids)), "action ids are unique"
        if step % every == 0:
            text = st.to_json()
            back = GAME.from_json(text)
            assert back.to_json() == text
            assert [a.id for a in back.legal_actions(seat)] == ids
            json.dumps(st.view(seat))
            json.dumps(st.view(None))
            before = st.to_json()
            for bad in ("bogus", "move:zz9>a1", "attack:a1>a2"):
                if bad not in ids:
                    with pytest.raises(IllegalAction):
                        st.apply(seat, bad)
                    assert st.to_json() == before
            other = (seat + 1) % players
            with pytest.raises(IllegalAction):
                st.apply(other, ids[0])
            assert st.to_json() == before
        st.apply(seat, bots[seat].choose(st, seat))
        step += 1
        assert step < 20000
    out = st.outcome()
    assert out.winners and all(0 <= w < players for w in out.winners)
    assert sorted(p for place in out.ranking for p in place) == list(range(players))
    assert st.legal_actions(seat) == [] and st.to_act == ()
    with pytest.raises(IllegalAction):
        st.apply(0, "end")
    again = GAME.replay(players, seed, {"max_rounds": rounds}, st.history)
    assert again.to_json() == st.to_json()


@pytest.mark.rule("CC-PORT-4", "CC-UI-1", "CC-UI-2", "CC-GAP-36")
def test_views_never_leak_portals_or_hands():
    st = GAME.new(3, 11, {"max_rounds": 5})
    bots = [RandomBot(i) for i in range(3)]
    while not st.is_over:
        for seat in (None, 0, 1, 2):
            v = st.view(seat)
            for p in v["portals"]:
                assert p["unit"] is None or p["owner"] == seat
            for info in v["player_info"]:
                assert (info["hand"] is None) == (info["seat"] != seat)
            if v["drawn"] is not None:
                assert seat is not None
        s = st.to_act[0]
        st.apply(s, bots[s].choose(st, s))


def test_undo_replays_to_the_same_state():
    st = GAME.new(2, 5, {"max_rounds": 4})
    bot = RandomBot(3)
    undone = 0
    while not st.is_over and undone < 30:
        seat = st.to_act[0]
        before = st.to_json()
        st.apply(seat, bot.choose(st, seat))
        if st.can_undo(seat):
            back = st.undo(seat)
            assert json.loads(back.to_json())["data"] == json.loads(before)["data"]
            undone += 1
    assert undone >= 10, undone                       # the check above really ran

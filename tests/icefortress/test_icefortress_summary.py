"""Ice Fortress end-of-game summary (issue 16): the team's deciding figures first, then each seat's statistics."""
from __future__ import annotations

from pyapp import bots
from pyapp.games.icefortress import GAME

from icefortress_helpers import bag, built, dice, finish_turn, new, play, shield, supply


def _played(players, seed):
    st = GAME.new(players, seed)
    b = [bots.make("icefortress", "planner", i) for i in range(players)]
    while not st.is_over:
        s = st.to_act[0]
        st.apply(s, b[s].choose(st, s))
    return st


def test_summary_of_finished_bot_games_counts_from_the_log():
    for players, seed in ((2, 4), (1, 2)):
        st = _played(players, seed)
        rows = dict(GAME.summary(st))
        labels = [label for label, _ in GAME.summary(st)]
        assert labels[:2] == ["Beacons lit", "Ice shield left"]          # what decided it comes first
        assert all(len(v) == players for v in rows.values())
        log = [e for e in st.log if isinstance(e, dict)]
        assert sum(int(v) for v in rows["Rooms built"]) == sum(e["kind"] == "build" for e in log)
        assert sum(int(v) for v in rows["Turns played"]) == st.data["turns"] + (0 if st.data["step"] == 1 else 1)
        won = st.outcome().kind == "team-win"
        assert rows["Beacons lit"][0].startswith("4 of 4" if won else f"{len(st.data['beacons'])} of 4")
        assert rows["Ice shield left"][0] == f"{st.data['shield']} cubes (difficulty 7)"
        if players == 1:                                                 # solo: powers per character
            assert rows["Powers used"][0].count(",") == 1


def test_summary_after_a_loss_names_the_attacks_and_each_seats_work():
    st = new(2, 1, difficulty=1)
    s = st.to_act[0]
    built(st, "J01", "base:0")
    dice(st, 5)
    supply(st, rooms=["J10"])
    play(st, "pick:J10", "build:base:1")
    bag(st, "water")                                      # no water room: it attacks the last cube
    shield(st, 1)
    finish_turn(st)
    assert st.is_over
    rows = dict(GAME.summary(st))
    assert rows["Beacons lit"] == ["0 of 4", "0 of 4"]
    assert rows["Ice shield left"] == ["0 cubes (difficulty 1)"] * 2
    assert rows["Invaders that hit the shield"] == ["1", "1"]
    assert rows["Rooms built"][s] == "1" and rows["Rooms built"][1 - s] == "0"
    assert rows["Rooms in the fortress"] == ["2", "2"]

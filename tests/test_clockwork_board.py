"""Clockwork Crusade at the table (issue 16): last-move marks in the view, the end-of-game summary.

Positions are built with tests/test_clockwork_helpers.py (Rivet Steppe in slot 1: a-c 1-2 is territory 1A,
Red's Gate Token on a1 with its arrow at a2; Blue's on f5, arrow f4)."""
from __future__ import annotations

from bot_games import bot_game
from test_clockwork_helpers import Script, main, put

from pyapp.games.clockwork import GAME


def marks(st, seat):
    return st.view(None)["marks"].get(str(seat), [])


def test_a_move_and_an_attack_are_marked_until_the_seat_moves_again():
    st = main(2, active=0)
    put(st, "infantry", 0, "b2")
    put(st, "infantry", 1, "c4")
    st.apply(0, "move:b2>b3")
    assert marks(st, 0) == [{"kind": "move", "at": ["b2", "b3"], "text": "Infantry"}]
    st.rng = Script(rolls=[6, 6, 1, 1])
    st.apply(0, "attack:b3>c4")
    assert marks(st, 0)[1:] == [{"kind": "attack", "at": ["b3", "c4"], "text": "hit"},
                                {"kind": "destroyed", "at": ["c4"], "text": "Infantry"}]
    # every seat sees the same marks (public facts)
    assert st.view(1)["marks"] == st.view(0)["marks"] == st.view(None)["marks"]
    st.apply(0, "end")
    assert st.to_act == (1,) and len(marks(st, 0)) == 3          # still there during Blue's turn
    while st.to_act == (1,):                                      # Blue ends its turn at once
        st.apply(1, next(a for a in ("done", "end") if a in {x.id for x in st.legal_actions(1)}))
    assert st.to_act == (0,) and marks(st, 0) == []              # Red's new turn: forgotten


def test_a_face_down_portal_is_marked_without_its_unit():
    st = main(2, active=0, res=[9, 9])
    st.apply(0, "portal:infantry@a2")
    assert marks(st, 0) == [{"kind": "portal", "at": ["a2"]}]
    assert "infantry" not in str(st.view(1)["marks"]).lower()


def test_a_counter_attack_is_the_defenders_new_move():
    st = main(2, active=0)
    put(st, "infantry", 0, "b2")
    put(st, "infantry", 1, "b3")
    st.mark(1, "move", "f5", "f4")                                # Blue's last turn
    st.rng = Script(rolls=[1, 1, 6, 6, 6, 6, 1, 1])
    st.apply(0, "attack:b2>b3")
    assert marks(st, 0) == [{"kind": "attack", "at": ["b2", "b3"], "text": "miss"}]
    st.apply(1, "counter")
    assert marks(st, 1) == [{"kind": "counter", "at": ["b3", "b2"], "text": "hit"},
                            {"kind": "destroyed", "at": ["b2"], "text": "Infantry"}]


def test_bot_games_carry_marks_of_every_kind_and_only_public_ones():
    kinds = set()
    for st, seat in bot_game("clockwork", 3, 31, ["crusader"], {"max_rounds": 12}, limit=4000):
        for seat_marks in st.view(None)["marks"].values():
            for m in seat_marks:
                kinds.add(m["kind"])
                if m["kind"] == "portal":
                    assert "text" not in m
        if seat is None:
            break
    assert {"grid", "gate", "move", "portal", "reveal", "attack"} <= kinds, kinds


def test_summary_of_a_finished_game():
    last = None
    for st, seat in bot_game("clockwork", 2, 4, ["crusader"], {"max_rounds": 30}, limit=6000):
        last = st
        if seat is None:
            break
    assert last is not None and last.is_over
    rows = GAME.summary(last)
    labels = [label for label, _ in rows]
    assert labels[:2] == ["Gate Tokens held", "Territories"]
    assert {"Enemy units destroyed", "Units lost", "Buildings brought into play", "Special cards played"} <= set(labels)
    assert all(len(vals) == 2 and all(v.isdigit() for v in vals) for _l, vals in rows)
    by = dict(rows)
    winner = last.outcome().winners[0]
    assert int(by["Gate Tokens held"][winner]) >= int(by["Gate Tokens held"][1 - winner])
    # units lost by one seat were destroyed by the other (or by itself: Self Destruct)
    assert int(by["Units lost"][0]) + int(by["Units lost"][1]) >= int(by["Enemy units destroyed"][0]) + int(
        by["Enemy units destroyed"][1]) > 0

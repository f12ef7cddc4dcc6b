"""Ice Fortress last-move marks (issue 16): what each seat did on its last turn stays in the view (and on the
board) until that seat's next turn begins; every seat sees the same marks."""
from __future__ import annotations

from pyapp import bots
from pyapp.games.icefortress import GAME
from pyapp.games.icefortress.render import render

from icefortress_helpers import (bag, built, dice, finish_turn, invader, new, pillars, play, seat, supply,
                                 top_of_deck)

NAMES = ["Ann", "Bob"]


def _marks(st, s):
    return st.view(None)["marks"].get(str(s), [])


def test_pillar_and_build_marks_stay_until_the_seat_moves_again():
    st = new(2, 1)
    s = seat(st)
    built(st, "J01", "base:0")
    dice(st, 5)
    supply(st, rooms=["J10"])
    play(st, "die:5", "pillar:J01.a", "pick:J10", "build:base:1")
    marks = _marks(st, s)
    assert {"kind": "pillar", "at": ["J01.a"], "text": "5"} in marks
    assert {"kind": "build", "at": ["base:1", "J10"], "text": "Stone Hall"} in marks
    assert st.view(0)["marks"] == st.view(1)["marks"] == st.view(None)["marks"]
    bag(st, "fire", "fire")
    finish_turn(st)                                    # the pull is part of our turn: marked too
    marks = _marks(st, s)
    assert [m["kind"] for m in marks] == ["pillar", "build", "land", "melt", "land"]
    play(st, "roll")                                   # the other seat's turn: our marks stay
    assert seat(st) != s and _marks(st, s) == marks
    finish_turn(st)
                                                       # back to us: a new turn forgets them
    assert seat(st) == s and _marks(st, s) == []


def test_invaders_landing_and_attacking_are_marked_for_the_seat_whose_turn_pulled_them():
    st = new(2, 1)
    s = seat(st)
    built(st, "J01", "base:0", {"a": 3})
    bag(st, "fire", "water")
    dice(st)
    play(st, "end")
    while st.data["step"] == 3 and not st.is_over and st.to_act and seat(st) == s and st.data["turns"] == 0:
        play(st, st.legal_actions(s)[0].id)
    kinds = {(m["kind"], m.get("text")) for m in _marks(st, s)}
    assert ("land", "fire") in kinds and ("melt", "3") in kinds      # fire melts the pillar it lands on
    assert ("attack", "water") in kinds                              # no water room: the shield


def test_powers_are_marked_with_their_names_and_what_they_did():
    st = new(2, 1)
    s = seat(st)
    ci = st.view(None)["cur"]
    st.data["chars"][ci].update(name="N1", abilities=["A02", "A01"], **{"class": "C03"})
    built(st, "J01", "base:0", {"a": 3})
    invader(st, "J01.b", "fire")
    top_of_deck(st, "small", "S01")
    dice(st, 3, 4)
    supply(st, fire=1)
    play(st, "power:A02", "deck:small")                               # Cunning: die 3, draw a room
    marks = _marks(st, s)
    assert {"kind": "power", "at": [], "text": "Cunning"} in marks
    assert [m["at"] for m in marks if m["kind"] == "supply"] == [["S01"]]


def test_a_bots_move_is_in_the_view_and_on_the_board_until_its_next_turn():
    st = GAME.new(2, 7)
    b = [bots.make("icefortress", "planner", i) for i in range(2)]
    while st.view(None)["phase"] != "turn" or st.view(None)["step"] != 2:
        s = seat(st)
        st.apply(s, b[s].choose(st, s))
    mover = seat(st)
    while seat(st) == mover and st.data["step"] != 3:
        st.apply(mover, b[mover].choose(st, mover))
    marks = _marks(st, mover)
    assert marks, "the bot's turn left marks"
    other = 1 - mover
    html = render(st.view(other), [], seat=other, names=NAMES[:2], interactive=True)
    assert f'class="mark seat-{mover}"' in html and f'class="mtag seat-{mover}"' in html     # outline + number
    assert f'<li class="seat-{mover}">' in html                                              # and in words
    for back in (False, True):                                        # on to the bot's next turn: forgotten
        while (seat(st) == mover) != back:
            s = seat(st)
            st.apply(s, b[s].choose(st, s))
            if st.is_over:
                return
        if not back:
            assert _marks(st, mover)[:len(marks)] == marks            # kept while the other seat plays
    assert st.data["step"] == 1
    html = render(st.view(other), [], seat=other, names=NAMES[:2], interactive=True)
    assert _marks(st, mover) == [] and f"seat-{mover}\"" not in html.split('<div class="if-side"')[0]

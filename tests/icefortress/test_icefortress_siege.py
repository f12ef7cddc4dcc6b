"""The siege clock (a house rule; the rulebook has no clock): ten whole rounds in a row without a new room and
the players lose.  Without it a fortress nobody builds on any more never ends (found with the hard bots,
2 players, difficulty 5, seed 102: the supply held only small rooms no group could take, the team crystallized
every invader as it came and the shield stayed at its cap for thousands of actions)."""
from __future__ import annotations

import pytest

from pyapp import bots
from pyapp.games.icefortress import GAME, content
from pyapp.games.icefortress.render import render
from icefortress_helpers import bag, built, dice, finish_turn, new, play, siege_clock, supply

REASON = "The siege lasted too long: no room was built in 10 rounds"


def _content_of_the_stall(monkeypatch):
    """The content as it was when the stall was found (before the balance changes of issues 18 and 34: looks reaching
    the jumbo deck, 8 of 28 elemental medium rooms with a crystal, paid advanced and beacon powers, a free Stern, beacon
    boosts only in the Hearth Beacon and the air-2 beacon)."""
    c = content.load()
    for key in ("N1", "N2", "N3", "N4"):
        for e in c["names"][key]["start"]["power"]["effects"]:
            monkeypatch.delitem(e, "decks", raising=False)
    monkeypatch.delitem(c["classes"]["C04"]["power"]["effects"][0], "decks")
    monkeypatch.delitem(c["classes"]["C02"]["power"]["effects"][0], "decks", raising=False)
    monkeypatch.setitem(c["abilities"]["A16"]["power"], "cost", [])
    for n in (2, 3, 4, 6, 7, 9, 10, 11, 13, 14, 16, 17, 18, 20, 21, 23, 24, 25, 27, 28):
        monkeypatch.setitem(c["rooms"][f"M{n:02d}"], "crystal", 0)
    monkeypatch.setitem(c["names"]["N1"]["advanced"]["power"], "cost", [{"shard": "any"}])
    monkeypatch.setitem(c["names"]["N2"]["advanced"]["power"], "cost", [{"die": "5-6"}])
    for key, cost in (("water-1", {"die": "?"}), ("water-2", {"die": "6"}), ("earth-2", {"shard": "any"})):
        monkeypatch.setitem(c["beacons"][key]["beacon"]["power"], "cost", [cost])
    monkeypatch.setitem(c["beacons"]["air-2"]["beacon"], "immediately",
                        [{"do": "boost", "n": 1}] + c["beacons"]["air-2"]["beacon"]["immediately"])


def test_the_stalled_hard_bot_game_now_ends(monkeypatch):
    _content_of_the_stall(monkeypatch)
    seed = 102
    state = GAME.new(2, seed, {"difficulty": 5})
    seat_bots = [bots.make("icefortress", "planner", seed * 31 + i) for i in range(2)]   # as pyapp.sim seats them
    n = 0
    while not state.is_over and n < 3000:
        seat = state.to_act[0]
        state.apply(seat, seat_bots[seat].choose(state, seat))
        n += 1
    assert state.is_over, "the game is stuck"
    out = state.outcome()
    assert out.kind == "team-loss" and out.reason == REASON
    assert state.view(None)["quiet"] == state.view(None)["siege"] == 20


@pytest.mark.parametrize("players, turns", [(1, 20), (2, 20), (3, 30), (4, 40)])
def test_ten_rounds_is_one_turn_per_character_ten_times(players, turns):
    st = new(players)
    assert st.view(None)["siege"] == turns and st.view(None)["quiet"] == 0


def test_the_turn_that_completes_ten_quiet_rounds_loses():
    st = new(2)
    bag(st)                                        # nothing to pull: only the clock can end the game
    siege_clock(st, 18)
    play(st, "roll")
    finish_turn(st)
    assert not st.is_over and st.view(None)["quiet"] == 19
    play(st, "roll")
    finish_turn(st)
    assert st.is_over
    out = st.outcome()
    assert out.kind == "team-loss" and out.reason == REASON
    assert "rounds without a new room" in st.log[-1]["text"]


def test_building_a_room_restarts_the_clock():
    st = new(2)
    bag(st)
    siege_clock(st, 19)
    supply(st, rooms=["J01"])
    dice(st)
    play(st, "pick:J01", "build:base:0")
    finish_turn(st)
    assert not st.is_over and st.view(None)["quiet"] == 0


def test_the_clock_counts_only_rooms_built_not_pillars():
    st = new(2)
    bag(st)
    built(st, "J01", "base:0")
    siege_clock(st, 19)
    dice(st, 3)
    play(st, "die:3", "pillar:J01.a")
    finish_turn(st)
    assert st.is_over and st.outcome().reason == REASON


def test_the_status_panel_warns_once_half_the_clock_has_run():
    st = new(2)
    siege_clock(st, 9)
    html = render(st.view(0), st.legal_actions(0), seat=0, names=["Ann", "Bob"], interactive=True)
    assert "No room built" not in html
    siege_clock(st, 10)
    html = render(st.view(0), st.legal_actions(0), seat=0, names=["Ann", "Bob"], interactive=True)
    assert "No room built for 10 turns: after 20 turns without one the siege is lost (10 left)" in html

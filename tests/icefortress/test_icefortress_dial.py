"""Ice Fortress's difficulty dial for a strong team (issue 34 item 13; docs/notes/icefortress.md, "The difficulty dial
for a strong team"): two house rules tied to the difficulty, so they bite at low difficulty numbers and leave 7 alone.
A full supply stops the powers that bring in rooms, and the shield's cap follows the difficulty."""
from __future__ import annotations

import pytest

from pyapp.engine.log import plain
from pyapp.games.icefortress import content
from pyapp.games.icefortress.render import render

from icefortress_helpers import character, dice, ids, new, shield, supply

rule = pytest.mark.rule

EVERYTHING = ["power:N1", "power:A02", "power:A12", "power:C02"]   # Brisa's look, draw a room (die 3), adjust, look (a die)


def _powers(difficulty, rooms):
    st = new(2, 1, difficulty)
    character(st, st.view(None)["cur"], "N1", ("A02", "A12"), "C02")
    supply(st, rooms=[c for c in sorted(content.load()["rooms"]) if c.startswith("S")][:rooms])
    dice(st, 3, 5)
    return st, [a for a in ids(st) if a.startswith("power:")]


@rule("IF-END-2", "IF-SETUP-14")
def test_a_full_supply_stops_every_power_that_brings_in_rooms():
    """While the supply holds as many rooms as the difficulty (its limit) or more, no look, search or room draw is
    offered; below the limit every power is. At difficulty 3 the setup's 4 rooms already fill it; at 7 it takes 7."""
    assert len(new(2, 1, 3).data["supply"]["rooms"]) == 4
    assert _powers(3, 4)[1] == ["power:A12"]
    assert _powers(3, 2)[1] == EVERYTHING
    assert _powers(5, 4)[1] == EVERYTHING
    assert _powers(5, 5)[1] == ["power:A12"]
    assert _powers(7, 6)[1] == EVERYTHING
    assert _powers(7, 7)[1] == ["power:A12"]


def _html(st):
    s = st.cur_seat
    return render(st.view(s), st.legal_actions(s), seat=s, names=["Ann", "Bo"], interactive=True)


@rule("IF-END-2")
def test_the_table_says_why_a_room_power_is_not_offered():
    st, _ = _powers(5, 5)
    assert "not while the supply holds 5 rooms" in _html(st)
    st, _ = _powers(5, 4)
    assert "not while the supply holds" not in _html(st)


@rule("IF-GAP-8", "IF-BOOST-1", "IF-BOOST-2")
@pytest.mark.parametrize("difficulty", [3, 5, 7, 9])
def test_the_shields_cap_follows_the_difficulty(difficulty):
    """House rule: the shield holds at most the difficulty + K cubes (never more than the 10 in the box), so a
    low difficulty cannot be boosted into a long game. K is game.json's shield_cap_over."""
    k = content.load()["game"]["shield_cap_over"]
    cap = min(10, difficulty + k)
    assert cap == content.shield_cap(difficulty)
    st = new(2, 1, difficulty)
    assert st.view(None)["shield"] == difficulty
    st.boost(1)
    assert st.view(None)["shield"] == difficulty + 1              # past its start
    st.boost(20)
    assert st.view(None)["shield"] == cap
    st.boost(1)
    assert st.view(None)["shield"] == cap and "limit" in plain(st.log[-1])
    shield(st, cap - 1)
    st.boost(1)
    assert st.view(None)["shield"] == cap


def test_the_cap_bites_below_ten_at_low_difficulty():
    assert content.shield_cap(7) == 10 and content.shield_cap(10) == 10
    assert content.shield_cap(5) < 10 and content.shield_cap(3) < content.shield_cap(5)

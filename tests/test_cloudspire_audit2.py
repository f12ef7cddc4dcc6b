"""Cloudspire, the second audit (issue 34, items 3-7): the complete tie, hidden equipment, the hard bot's
redeal, the faction clauses against the data and the rules page's list of balance changes."""
from __future__ import annotations

import pytest

from cloudspire_helpers import default_choice, new
from pyapp.games.cloudspire import GAME

rule = pytest.mark.rule


def passive_game(players: int):
    """Everybody passes, marks the first gate offered and sends nobody: after wave 4 every fortress has dealt
    0 damage, every gate has its 15 health and every treasury is at the cap of 20 Source."""
    s = new(players)
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, default_choice(s, seat))
    return s


@rule("CS-GAP-68")
@pytest.mark.parametrize("players", [2, 3])
def test_a_complete_tie_after_wave_4_is_a_win_shared_by_everybody(players):
    s = passive_game(players)
    d = s.data
    assert set(d["gate_damage"]) == {0} and {g["health"] for g in d["gate"]} == {15} and len(set(d["source"])) == 1
    out = s.outcome()
    assert out.kind == "shared" and out.winners == tuple(range(players))
    again = GAME.from_json(s.to_json())                   # a saved game keeps the result
    assert again.outcome().kind == "shared" and again.outcome().winners == tuple(range(players))


@rule("CS-GAP-68")
def test_the_tie_breaks_still_decide_before_the_win_is_shared():
    s = passive_game(3)
    s.data["flow"]["outcome"] = None
    s.data["source"][1] = 19                                 # P2 has less Source: P1 and P3 share the win
    s.final_outcome()
    out = s.outcome()
    assert out.kind == "shared" and out.winners == (0, 2) and out.ranking[-1] == (1,)
    s.data["flow"]["outcome"] = None
    s.data["gate"][2]["health"] = 14                         # P3 also has less gate health: P1 wins alone
    s.final_outcome()
    assert s.outcome().kind == "win" and s.outcome().winners == (0,)

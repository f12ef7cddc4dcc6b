"""Lords of Doomspire's hard bot (Dragonlord): which decisions it searches (issue 17).

It follows the seeker's (``goal``) plain trips and searches only the interactions of the move phase; the
older Dragonlord also replaced trips by others after a look ahead to the end of its turn and lost to the
seeker (8 of 24 games).  Strength figures: docs/notes/doomspire.md, "Bots"."""
from __future__ import annotations

from pyapp import bots, games
from pyapp.games.doomspire.bots import HardBot

TRIPS = ("move:", "boat:", "stay:")


def move_phase_positions(seed: int, want: int):
    """(state, seat, playing, default) at the move-phase decisions with a choice of a game the normal bots play."""
    s = games.get("doomspire").new(2, seed)
    players = [bots.make("doomspire", "normal", 10 + i) for i in range(2)]
    found = []
    while not s.is_over and len(found) < want:
        p = s.to_act[0]
        playing = [a for a in s.legal_actions(p) if a.kind != "concede"]
        if s.data["flow"]["phase"] == "move" and len(playing) > 1:
            found.append((s.clone(), p, playing, bots.make("doomspire", "normal", 99).choose(s.clone(), p)))
        s.apply(p, players[p].choose(s, p))
    return found


def test_hard_never_replaces_the_seekers_trip_by_another_trip():
    """Only interactions are tried against the seeker's move; a decision between trips (and ending the turn)
    alone is not searched at all.  (The old Dragonlord searched every move-phase decision and tried other trips.)"""
    hard = HardBot(3)
    trips_only = searched = 0
    for s, p, playing, default in move_phase_positions(5, 60):
        others = [a.id for a in playing if a.id not in (default, "end") and not a.id.startswith(("drop:", "dismiss:"))]
        worth = hard.worth(s, p, playing, default)
        if all(o.startswith(TRIPS) for o in others):
            trips_only += 1
            assert not worth
            continue
        assert worth
        searched += 1
        cands = hard.candidates(s, p, playing, default)
        assert cands[0] == default and len(cands) >= 2
        assert not any(c.startswith(TRIPS) for c in cands[1:]), cands
    assert trips_only >= 10 and searched >= 3                 # both kinds of decision were seen


def test_hard_weighs_fight_or_flight():
    """A fight-or-flee question in the move phase is searched, with both answers among the candidates."""
    hard = HardBot(4)
    seen = 0
    for seed in range(1, 8):
        for s, p, playing, default in move_phase_positions(seed, 200):
            ids = {a.id for a in playing}
            if ids == {"fight", "flee"}:
                assert hard.worth(s, p, playing, default)
                assert set(hard.candidates(s, p, playing, default)) == {"fight", "flee"}
                seen += 1
        if seen:
            break
    assert seen

"""Clockwork Crusade bots: legal, deterministic, and the crusader beats random play."""
from __future__ import annotations

from pyapp import bots as botlib
from pyapp import sim
from pyapp.games.clockwork import GAME
from pyapp.games.clockwork.bots import BOTS, p_beat_fixed, p_beat_roll


def test_bot_registry_lists_the_crusader():
    avail = botlib.available("clockwork")
    assert list(avail) == ["random", "easy", "normal", "hard", "crusader"] and BOTS["crusader"].label


def test_odds_helpers():
    assert abs(p_beat_roll(0, 0) - (1 - 0.1127) / 2) < 0.01  # ties go to the defender
    assert abs(p_beat_fixed(0, 9) - 6 / 36) < 1e-9 and abs(p_beat_fixed(3, 9) - 21 / 36) < 1e-9


def test_crusader_is_deterministic_and_beats_random():
    wins = 0
    for seed in range(6):
        names = ["crusader", "random"] if seed % 2 == 0 else ["random", "crusader"]
        st, n = sim.play(GAME, 2, seed, names)
        if seed == 0:
            again, m = sim.play(GAME, 2, seed, names)
            assert again.history == st.history
        out = st.outcome()
        if len(out.winners) == 1 and names[out.winners[0]] == "crusader":
            wins += 1
    assert wins >= 5


def test_crusader_plays_a_three_player_game_with_prompts():
    st, n = sim.play(GAME, 3, 2, ["crusader"], options={"max_rounds": 8})
    assert st.is_over
    verbs = {h[1].split(":")[0] for h in st.history}
    assert {"portal", "move", "gate", "end"} <= verbs


def test_sim_cli_works_once_the_registry_lists_the_game(monkeypatch):
    monkeypatch.setattr(sim.games, "get", lambda gid: GAME)
    out = sim.run("clockwork", 2, 1, ["crusader", "random"], players=2, swap=True)
    assert out["finished"] == 2 and not out["errors"] and out["mean_length"] > 0

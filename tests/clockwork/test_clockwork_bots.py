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


def test_a_copy_without_the_past_plays_on_like_a_full_clone():
    """The hard bot's search copies drop the history and the log (they grow with the game and made a copy
    slow late in a game); the rules read neither, so the copy plays on exactly like ``State.clone``."""
    from play_helpers import played

    from pyapp.engine import Rng
    s = played("clockwork", players=3, seed=8, n=120)
    a, b = s.clone(), s.clone(past=False)
    assert b.history == [] and b.log == [] and b.data == s.data and b.data is not s.data
    r = Rng(3)
    for _ in range(60):
        if a.is_over:
            break
        seat = a.to_act[0]
        assert b.to_act == a.to_act and b.legal_actions(seat) == a.legal_actions(seat)
        assert dict(b.view(seat), log=[]) == dict(a.view(seat), log=[])      # all but the log (no bot reads it)
        act = r.choice(a.legal_actions(seat)).id
        a.apply(seat, act)
        b.apply(seat, act)
        assert b.data == a.data and b.rng.to_json() == a.rng.to_json()
    assert s.data != a.data                          # the original is untouched


def test_hard_bot_searches_the_same_on_light_copies():
    """The hard bot's cheap copies (no history, no log) score every rollout as full clones would."""
    from play_helpers import positions_where

    from pyapp.bots.levels import RolloutBot
    from pyapp.games.clockwork.bots import HardBot

    class FullCopies(HardBot):
        clone = RolloutBot.clone
        determinize = RolloutBot.determinize

    searched = 0
    def searched_by_hard(st, pick):
        return HardBot(1).worth(st, 0, st.legal_actions(0), pick)

    for s in positions_where("clockwork", "normal", 2, searched_by_hard, every=5):
        a, b = HardBot(7), FullCopies(7)
        assert a.choose(s, 0) == b.choose(s, 0)
        assert a.last_rollouts == b.last_rollouts and getattr(a, "_totals", None) == getattr(b, "_totals", None)
        searched += a.last_rollouts > 0
    assert searched >= 1


def test_the_hard_bots_plan_presses_the_attack_from_the_first_round():
    """Warlord's plan is the crusader's, aggressive at once (the crusader waits AGGRESSIVE_ROUNDS rounds
    unless it is stuck): in an early Main step with income, one is aggressive and the other is not."""
    from play_helpers import positions_where

    from pyapp.games.clockwork.bots import AGGRESSIVE_ROUNDS, CrusaderBot, HardBot, PressingBot
    s = positions_where("clockwork", "normal", 1, lambda st, pick: pick.startswith("move:"), every=2)[0]
    v = s.view(0)
    assert v["turn"] <= AGGRESSIVE_ROUNDS * 2 and v["player_info"][0]["income"] > 0
    assert PressingBot(1)._aggressive(v, 0) and not CrusaderBot(1)._aggressive(v, 0)
    assert HardBot.base is PressingBot and isinstance(HardBot(1).me, PressingBot)


def test_the_hard_bots_plan_builds_its_army_before_research():
    """Warlord's plan spends on units before research (issue 17 screens: researching from 4 units, as the
    crusader does, won 120 of 200 plan-only games against the crusader; from 12 units, 152): where the
    crusader researches with 4 to 11 units and fewer than 7 resources, the plan does something else, and
    the crusader still researches there (it is the yardstick: it plays as before)."""
    from play_helpers import positions_where

    from pyapp.games.clockwork.bots import CrusaderBot, PressingBot

    def early_research(st, pick):
        v = st.view(0)
        n = sum(1 for u in v["units"] if u["owner"] == 0)
        return pick == "research" and 4 <= n < 12 and v["player_info"][0]["resources"] < 7

    found = positions_where("clockwork", "normal", 2, early_research, every=1)
    for s in found:
        assert CrusaderBot(1).choose(s, 0) == "research"
        assert PressingBot(1).choose(s, 0) != "research"
    assert PressingBot.research_units == 12 and CrusaderBot.research_units == 4

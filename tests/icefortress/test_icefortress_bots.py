"""Ice Fortress bot levels (issue 17): easy, normal, hard registered after random with names for players, the old
best bot kept as ``planner``, offered by the setup screen, thinking in slices (``think`` returns what ``choose``
returns), and the hard bot never using what its seat cannot see (the decks and the bag).  No wall-clock asserts
(docs/bots.md has the timings and the team win rates)."""
from __future__ import annotations

from pyapp import games
from pyapp.games.icefortress.bots import EasyBot, HardBot, NormalBot, PlannerBot, _big
from pyapp.ui import App, DictStorage

from play_helpers import check_hard_blind, check_levels, check_think_matches_choose, positions_where

GAME = "icefortress"


def searched_positions(want: int, seed: int = 3, players: int = 2, every: int = 3):
    """Copies of positions of a game the planners play where seat 0 has a decision the hard bot searches."""
    return positions_where(GAME, "planner", want, lambda s, pick: _big(s, 0), seed=seed, players=players, every=every)


def test_levels_are_registered_in_order_and_the_planner_stays():
    check_levels(GAME, "planner", PlannerBot, {"easy": EasyBot, "normal": NormalBot, "hard": HardBot},
                 banned=("planner",))


def test_the_setup_offers_random_and_the_three_levels():
    app = App(DictStorage(), query={})
    app.handle("nav", "setup:icefortress")
    html = app.render()
    assert app.screen == "setup"
    levels = [f'value="bot:{n}"' for n in ("random", "easy", "normal", "hard")]
    assert all(v in html for v in levels)
    assert html.index(levels[0]) < html.index(levels[1]) < html.index(levels[2]) < html.index(levels[3])
    assert 'value="bot:planner"' not in html
    assert f">Bot: {HardBot.label}<" in html


def test_think_returns_what_choose_returns_for_every_bot():
    """Over a game the planners play, each bot's ``think`` (driven to the end) gives the same action as
    ``choose`` from a bot with the same seed; the hard bot yields while it searches."""
    for name in ("easy", "normal", "hard", "planner"):
        yielded = check_think_matches_choose(GAME, name, searched_positions(3 if name == "hard" else 6, seed=5, every=2))
        assert yielded > 0 or name != "hard"


def test_hard_chooses_the_same_whatever_the_decks_and_the_bag_hold():
    """Dealing the decks and the bag anew (what no seat can see) leaves seat 0's view the same and the hard bot's
    choice and every rollout score, for a fixed seed, the same."""
    assert check_hard_blind(GAME, searched_positions(3, seed=8)) >= 4


def test_easy_slips_only_at_its_big_decisions():
    """The easy bot plays the planner's move wherever a die or room is selected or a prompt is open."""
    game = games.get(GAME)
    s = game.new(2, 6)
    easy, planner = EasyBot(3), PlannerBot(3)
    easy.slip = 1.0
    small = 0
    while not s.is_over and small < 30:
        p = s.to_act[0]
        if not _big(s, p) and len(s.legal_actions(p)) > 1:
            assert easy.choose(s, p) == planner.choose(s, p)
            small += 1
        s.apply(p, planner.choose(s, p))
    assert small >= 10


def test_hard_never_picks_a_room_or_die_its_plan_would_put_back(monkeypatch):
    """A room or die that the planner then cancels brings the team back to the same position. The Frost Warden
    once chose such a pick over ending its turn, was back at the same decision after the cancel, chose it again,
    and the game never ended (difficulty 7, seed 185). From that position it must do something that moves the
    game on, and its turn must end."""
    import json
    from pathlib import Path
    from icefortress_helpers import content_before_issue34
    content_before_issue34(monkeypatch)                      # the position was recorded with that card set
    fx = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "icefortress_pick_cancel_loop.json").read_text())
    s = games.get(GAME).new(fx["players"], fx["seed"], fx["options"])
    for a in fx["actions"]:
        s.apply(s.to_act[0], a)
    seat, turns = s.to_act[0], s.view(s.to_act[0])["turns"]
    assert {"pick:M16", "pick:M19", "die:4", "end"} <= {a.id for a in s.legal_actions(seat)}
    for bot_seed in (0, 1, 2, fx["seed"] * 31 + seat):
        c = s.clone()
        choice = HardBot(bot_seed).choose(c, seat)
        c.apply(seat, choice)
        assert PlannerBot(0).choose(c, seat) != "cancel" or not choice.startswith(("pick:", "die:")), choice
    bots = [HardBot(fx["seed"] * 31 + i) for i in range(fx["players"])]
    for _ in range(40):
        if s.view(seat)["turns"] > turns:
            break
        s.apply(s.to_act[0], bots[s.to_act[0]].choose(s, s.to_act[0]))
    assert s.view(seat)["turns"] > turns

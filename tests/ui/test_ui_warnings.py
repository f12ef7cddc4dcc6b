"""Warnings that catch what hurts (issue 32 item 3), the app's part: following a hint never sets off a warning."""
from __future__ import annotations

import pytest

from pyapp.ui import DictStorage

from test_ui_app import bots_move, make

SEATS = {"icefortress": "human,human"}
# (game, seeds, moves followed): Hex Battle's and Cloudspire's hint bots think longer, so fewer moves there
FOLLOWED = [("clockwork", (1, 2), 40), ("doomspire", (1,), 20), ("icefortress", (1,), 20), ("cloudspire", (1,), 10),
            ("hexbattle", (2,), 12)]


def _follow_hints(gid, seed, moves):
    """Follow the hint for ``moves`` of the person's moves; returns how many hinted moves the game marked with a
    warning and how many times the app asked anyway."""
    app = make({"game": gid, "seats": SEATS.get(gid, "human,bot"), "seed": str(seed), "fast": "1"}, DictStorage())
    marked = asked = 0
    for _ in range(moves):
        bots_move(app)
        seat = app.hint_seat()
        if app.state.is_over or seat is None:
            break
        app.handle("nav", "hint")
        while not app.step_hint(50):
            pass
        aid = app.hint_runner.current(seat)["action"]
        marked += any(a.id == aid and a.confirm for a in app.state.legal_actions(seat))
        n = len(app.state.history)
        app.handle("action", aid)
        if app.confirm is not None:
            asked += 1
            app.handle("nav", "confirm")
        assert len(app.state.history) > n
    return marked, asked


@pytest.mark.parametrize("gid,seeds,moves", FOLLOWED)
def test_following_a_hint_never_sets_off_a_warning(gid, seeds, moves):
    marked = asked = 0
    for seed in seeds:
        m, a = _follow_hints(gid, seed, moves)
        marked, asked = marked + m, asked + a
    assert asked == 0
    if gid == "clockwork":      # issue 32: the hint "End the Main step" with a unit still able to act asked first
        assert marked > 0


def test_a_move_that_was_not_the_hint_still_asks():
    app = make({"game": "clockwork", "seats": "human,bot", "seed": "2", "fast": "1"}, DictStorage())
    for _ in range(60):
        bots_move(app)
        seat = app.hint_seat()
        if seat is None or app.state.is_over:
            break
        marked = [a for a in app.state.legal_actions(seat) if a.confirm]
        if marked:                                   # no hint asked here: the warning stands
            app.handle("action", marked[0].id)
            assert app.confirm is not None and app.confirm["text"] == marked[0].confirm
            return
        app.handle("action", app.state.legal_actions(seat)[0].id)
    pytest.fail("no move with a warning came up")


# ------------------------------------------------------------------ the games' own warnings (issue 32 item 3)
def _walk_until(gid, players, seeds, found):
    """Random games (never conceding) until ``found(state, seat, legal)`` returns something; that value."""
    import random

    from pyapp import games
    g = games.get(gid)
    for seed in seeds:
        s = g.new(players, seed, None)
        rng = random.Random(seed)
        for _ in range(600):
            if s.is_over:
                break
            seat = s.to_act[0]
            legal = s.legal_actions(seat)
            hit = found(s, seat, legal)
            if hit:
                return hit
            s.apply(seat, rng.choice([a for a in legal if a.kind != "concede"]).id)
    pytest.fail(f"{gid}: the position never came up")


@pytest.mark.rule("IF-GAP-16", "IF-BUILD-3")
def test_ice_fortress_asks_before_ending_a_turn_with_dice_or_rooms_still_usable():
    """Unplaced dice go back to the pool unused (IF-GAP-16): ending with a die that fits a pillar asks first;
    with nothing left to place it does not."""
    def usable(s, seat, legal):
        end = next((a for a in legal if a.id == "end"), None)
        if end is not None and any(a.kind == "die" for a in legal):
            return end
    end = _walk_until("icefortress", 2, range(1, 6), usable)
    assert end.confirm.startswith("End building and pull") and "a die showing" in end.confirm
    assert "go back to the pool unused" in end.confirm

    def nothing(s, seat, legal):
        end = next((a for a in legal if a.id == "end"), None)
        if end is not None and not any(a.kind in ("die", "pick", "build", "pillar") for a in legal):
            return end
    assert _walk_until("icefortress", 2, range(1, 6), nothing).confirm == ""


@pytest.mark.rule("CS-PREP-5", "CS-UI-13")
def test_cloudspire_asks_before_finishing_the_selection_with_cp_that_could_still_field_a_unit():
    def with_cp(s, seat, legal):
        done = next((a for a in legal if a.id == "done" and a.label.startswith("Finish selecting")), None)
        if done is not None and any(a.kind == "select" and "(0 CP)" not in a.label for a in legal):
            return done
    done = _walk_until("cloudspire", 2, range(1, 6), with_cp)
    assert done.confirm.startswith("Finish selecting with ") and "unspent CP is lost" in done.confirm

    def spent(s, seat, legal):
        done = next((a for a in legal if a.id == "done" and a.label.startswith("Finish selecting")), None)
        if done is not None and not any(a.kind == "select" and "(0 CP)" not in a.label for a in legal):
            return done
    assert _walk_until("cloudspire", 2, range(1, 30), spent).confirm == ""


@pytest.mark.rule("CS-ATK-3")
def test_cloudspire_asks_before_ending_the_turn_while_a_hero_could_still_attack():
    def able(s, seat, legal):
        end = next((a for a in legal if a.id == "end" and a.kind == "stage"), None)
        if end is not None and any(a.kind == "attack" for a in legal):
            return end
    end = _walk_until("cloudspire", 2, range(1, 12), able)
    assert end.confirm.startswith("End the turn without attacking?") and "could still attack" in end.confirm

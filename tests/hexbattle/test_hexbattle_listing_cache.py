"""Hex Battle's fast listings (issue 33 item 1) against a plain recomputation at every step of random games.

The listings reuse cached ``Action`` values and answer "can this seat act / can a unit perform this" with early
exits; here, at every step: the listing equals one made with every cache emptied, each card's warning equals the
one the full lists of movers and shooters give (HB-GAP-24), and ``_can_act`` equals ``bool(_main_actions)`` for
both seats (HB-GAP-31, -32).
"""
from __future__ import annotations

import random

import pytest

from pyapp import games
from pyapp.games.hexbattle import rules
from pyapp.games.hexbattle.content import CARDS

CACHES = (rules._PLAY, rules._PAY, rules._UNIT, rules._SMALL, rules._STEP)


def _plain_warning(state, seat, card) -> str:
    """The warning as the rules wrote it before the fast path: from the full lists of movers and shooters."""
    why = []
    for act in card["actions"]:
        if act["do"] == "ranged":
            if state._shooters(seat, act):
                return ""
            reach = f" within {act['within']} hexes of" if "within" in act else " within range of"
            why.append(f"one of your ranged units{reach} an enemy")
        elif state._movers(seat, act):
            return ""
        else:
            why.append(f"a {act['only']} unit of yours" if "only" in act else "a unit of yours")
    if not why:
        return ""
    return (f"{card['name']} needs {' or '.join(dict.fromkeys(why))}: none is, so it would do nothing "
            f"and the card and its payment would be lost. Play it anyway?")


@pytest.mark.rule("HB-GAP-24")
@pytest.mark.rule("HB-GAP-31")
def test_fast_listings_equal_a_plain_recomputation():
    game = games.get("hexbattle")
    steps = 0
    for seed in range(1, 7):
        state = game.new(2, seed)
        pick = random.Random(seed)
        while not state.is_over and steps < 400 * seed:
            seat = state.to_act[0]
            acts = state.legal_actions(seat)
            warm = [dict(c) for c in CACHES]      # (kept warm across every game: stale entries would show)
            for c in CACHES:
                c.clear()
            fresh = state._legal(seat)
            for c, w in zip(CACHES, warm):
                c.clear()
                c.update(w)
            assert [tuple(a) for a in acts] == [tuple(a) for a in fresh] and acts == fresh
            for a in acts:
                if a.id.startswith("play:"):
                    card = CARDS[state.data["cards"][a.id[5:]]]
                    assert a.confirm == _plain_warning(state, seat, card), (seed, steps, a)
            for s in (0, 1):
                assert state._can_act(s) == bool(state._main_actions(s))
            state.apply(seat, pick.choice([a for a in acts if a.kind != "concede"] or acts).id)
            steps += 1
    assert steps > 1500

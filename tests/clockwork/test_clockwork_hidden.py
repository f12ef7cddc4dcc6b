"""Clockwork Crusade hidden information: ``resample_hidden(seat, rng)`` deals anew what ``seat`` cannot see
(the order of the stack, the other players' hands, the units behind their face-down portals) and nothing
that seat sees changes: its view and its legal actions stay exactly the same (CC-UI-1, CC-UI-2, CC-PORT-4)."""
from __future__ import annotations

import pytest
from clockwork_helpers import (Script, add_portal, give, hand, hand_keys, ids, main, portals, put, stack,
                                    take_control)

from pyapp.bots import RandomBot
from pyapp.engine import Rng
from pyapp.games.clockwork import GAME


def hidden_facts(st, seat):
    """What ``seat`` cannot see: the stack in order, the other hands, the other players' portal units."""
    others = [q for q in range(st.players) if q != seat]
    return (stack(st), [hand(st, q) for q in others],
            [(p["hex"], p["card"]) for p in portals(st) if p["owner"] != seat])


def positions(players, seed, rounds, every=3):
    """(state, seat) every ``every`` actions of a random game, for each seat in turn."""
    st = GAME.new(players, seed, {"max_rounds": rounds})
    bots = [RandomBot(seed * 10 + i) for i in range(players)]
    step = 0
    while not st.is_over:
        if step % every == 0:
            yield st, step % players
        seat = st.to_act[0]
        st.apply(seat, bots[seat].choose(st, seat))
        step += 1


@pytest.mark.rule("CC-UI-1", "CC-UI-2", "CC-PORT-4", "CC-GAP-36")
@pytest.mark.parametrize("players,seed,rounds", [(2, 13, 12), (2, 4, 30), (4, 7, 10), (4, 9, 12)])
def test_resampling_changes_only_what_the_seat_cannot_see(players, seed, rounds):
    checked = changed = 0
    for k, (st, seat) in enumerate(positions(players, seed, rounds)):
        view, legal = st.view(seat), st.legal_actions(seat)
        before = st.to_json()
        other = st.resample_hidden(seat, Rng(k))
        assert st.to_json() == before                          # the state itself is left alone
        assert other.view(seat) == view, (seed, len(st.history), seat)
        assert other.legal_actions(seat) == legal, (seed, len(st.history), seat)
        assert other.to_act == st.to_act
        for q in range(players):                               # hand sizes are public
            assert len(hand(other, q)) == len(hand(st, q))
        assert sorted(stack(other) + [c for q in range(players) for c in hand(other, q)]) == \
            sorted(stack(st) + [c for q in range(players) for c in hand(st, q)])
        checked += 1
        changed += hidden_facts(other, seat) != hidden_facts(st, seat)
        if checked % 7 == 0 and other.to_act:                  # the redealt game plays on
            mover = other.to_act[0]
            other.apply(mover, ids(other, mover)[-1])
    assert checked > 20 and changed >= 0.9 * checked, (checked, changed)


@pytest.mark.rule("CC-UI-8", "CC-GAP-48", "CC-UI-1", "CC-CARD-3")
def test_a_corrupted_unit_shows_and_uses_the_same_numbers_whatever_its_owner_holds():
    """Red controls Blue's Shade and Sharpshooter this turn (as after Corrupt).  Whether Blue holds more
    copies of those cards (levels 2.0 and 3.0: +1 movement, +1 range) changes nothing Red sees or may do:
    a corrupted unit has its printed numbers, and Red's view shows the numbers its moves and attacks use."""
    def position(extra):
        st = main(res=[9, 9])
        give(st, 1, *extra)
        take_control(st, put(st, "shade", 1, "c3"), 0)
        take_control(st, put(st, "sharpshooter", 1, "e3"), 0)
        put(st, "infantry", 1, "h3")                              # 3 hexes from e3: in printed range 2-3
        put(st, "infantry", 1, "i3")                              # 4 hexes: only with Blue's +1 range
        return st
    plain = position(["supply-drop", "war-bonds", "sabotage"])
    levelled = position(["shade", "shade", "sharpshooter"])
    assert levelled.view(0) == plain.view(0)
    assert levelled.legal_actions(0) == plain.legal_actions(0)
    units = {u["hex"]: u for u in plain.view(0)["units"]}
    assert units["c3"]["movement"] == 3 and units["e3"]["range"] == [2, 3]
    legal = ids(levelled, 0)
    assert "attack:e3>h3" in legal and "attack:e3>i3" not in legal
    from pyapp.games.clockwork.geometry import distance
    assert max(distance("c3", a.split(">")[1]) for a in legal if a.startswith("move:c3>")) <= 3


def test_known_cards_stay():
    """The starting Infantry and a card the seat lost to a raid."""
    st = main(res=[9, 9])
    give(st, 1, "crab-tank", "shade", "shade", "supply-drop")
    take_control(st, put(st, "hexer", 1, "e2"), 0)             # Red controls Blue's Hexer this turn
    for k in range(30):
        other = st.resample_hidden(0, Rng(k))
        keys = hand_keys(other, 1)
        assert keys[0] == "infantry" and len(keys) == 5
        assert other.legal_actions(0) == st.legal_actions(0) and other.view(0) == st.view(0)
    give(st, 0, "bunker", "war-bonds")
    (raid,) = give(st, 0, "requisition-raid")
    st.rng = Script(choices=[0])
    st.apply(0, f"play:{raid}>1")                             # Red takes Blue's Crab Tank card
    taken = hand(st, 0)[-1]
    assert len(hand(st, 1)) == 4 and hand_keys(st, 0)[-1] in ("crab-tank", "shade")
    moved = 0
    for k in range(30):
        other = st.resample_hidden(1, Rng(k))                 # Blue knows where its card went
        assert taken in hand(other, 0) and hand(other, 0)[0] == "i0" and len(hand(other, 0)) == 4
        moved += hand(other, 0) != hand(st, 0)
    assert moved > 20                                         # Red's other cards are redealt


def test_portal_units_are_redealt_at_the_same_cost_and_public_ones_stay():
    st = main()
    add_portal(st, "f4", 1, "crab-tank")                      # cost 5, face down: hidden from Red
    add_portal(st, "e3", 1, "phoenix-rig", src="regen")       # Regenerate: everyone saw it fall
    add_portal(st, "a2", 0, "infantry")                       # Red's own
    seen = set()
    for k in range(40):
        other = st.resample_hidden(0, Rng(k))
        cards = {p["hex"]: p["card"] for p in portals(other)}
        assert cards["e3"] == "phoenix-rig" and cards["a2"] == "infantry"
        seen.add(cards["f4"])
    from pyapp.games.clockwork.content import UNITS
    assert {UNITS[c]["cost"] for c in seen} == {5} and len(seen) > 1


@pytest.mark.parametrize("players,seed", [(3, 5), (4, 7), (5, 11)])
def test_the_rules_mark_every_draw_and_every_portal_that_leaves(players, seed, monkeypatch):
    """``HIDDEN_COUNTED``: the rules mark their own reveals (a card drawn, a face-down portal opened or destroyed)
    with ``reveal()``; with ``State.check_hidden`` on, the kit measures the stack and the portals around every
    action and raises for a reveal the rules left unmarked.  Here they must also agree the other way round, and
    such an action is never undoable."""
    from pyapp.engine.core import State
    monkeypatch.setattr(State, "check_hidden", True)
    st = GAME.new(players, seed, {"max_rounds": 14})
    kit = type(st)._hidden_kit
    assert type(st).HIDDEN_COUNTED and kit is not None
    bots = [RandomBot(seed * 10 + i) for i in range(players)]
    marked = 0
    while not st.is_over:
        seat = st.to_act[0]
        before = kit.measure(st)
        st.apply(seat, bots[seat].choose(st, seat))
        measured = kit.reveals(before, kit.measure(st))
        assert st._revealed == measured, (st.history[-1], len(st.history))
        assert not (measured and st.undoable[-1])
        marked += measured
    assert marked > 0

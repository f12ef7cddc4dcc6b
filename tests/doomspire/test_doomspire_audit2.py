"""Lords of Doomspire: the second audit (issue 34, item 2): the gift of a partial flight in knight combat never
settles by itself.  The fleeing lord is offered every item of its knight; a receiving knight with full hands drops
one of its own items for it or turns it down, as in a theft (LD-KVK-6, LD-KVK-7, LD-GAP-47, LD-GAP-44)."""
import pytest

from pyapp.bots import make
from pyapp.games.doomspire.bots import GoalBot
from doomspire_helpers import (fame, game, give_item, go, ids, items, log_lines, pending, place, res, rolls,
                                    set_lord, tile_items, to_move, where)

rule = pytest.mark.rule


def _partial_flight(full=True, gold=0, food=0, fleer_items=("sword",), fame_=3, attacker_items=("rope", "lantern")):
    """P1's knight (rope and lantern: full hands, unless ``full`` is False) stops on P2's knight at c2 in round 2;
    P2 flees and rolls 2 (a partial flight: P2's knight goes home and P2 owes P1 one resource or item)."""
    st = game(4)
    place(st, 1, "c2")
    mine = [give_item(st, 0, key) for key in attacker_items] if full else []
    theirs = [give_item(st, 1, key) for key in fleer_items]
    set_lord(st, 1, fame=fame_, resources={"gold": gold, "food": food, "wood": 0, "ore": 0})
    to_move(st, 0, [2], rnd=2)
    place(st, 0, "b1")
    go(st, 0, "move:k1>c2")
    rolls(st, 2)
    st.apply(1, "flee")
    assert where(st, 1) == "h1"
    return st, mine, theirs


@rule("LD-KVK-6", "LD-GAP-47", "LD-GAP-44")
def test_the_fleeing_lord_is_offered_its_items_even_when_the_attackers_hands_are_full():
    st, (rope, lantern), (sword,) = _partial_flight(gold=1)
    assert st.to_act == (1,) and set(ids(st, 1)) == {"give:gold", f"give:{sword}"}
    assert res(st, 1)["gold"] == 1 and res(st, 0)["gold"] == 2                 # nothing handed over by itself
    st.apply(1, f"give:{sword}")
    assert st.to_act == (0,) and set(ids(st, 0)) == {f"room:{rope}", f"room:{lantern}", "room:no"}
    st.apply(0, f"room:{lantern}")
    assert items(st, 0) == [rope, sword] and items(st, 1) == [] and tile_items(st, "c2") == [lantern]
    assert res(st, 1)["gold"] == 1 and fame(st, 1) == 3 and not pending(st)  # one thing only


@rule("LD-KVK-6", "LD-GAP-47", "LD-GAP-44")
def test_no_resource_is_handed_over_without_asking_when_the_attackers_hands_are_full():
    st, mine, (sword,) = _partial_flight(food=2)
    assert st.to_act == (1,) and set(ids(st, 1)) == {"give:food", f"give:{sword}"}
    st.apply(1, "give:food")
    assert res(st, 1)["food"] == 1 and res(st, 0)["food"] == 1 and items(st, 1) == [sword] and not pending(st)


@rule("LD-KVK-6", "LD-GAP-47", "LD-GAP-44")
def test_an_item_turned_down_is_not_offered_again_and_something_else_is_given():
    st, (rope, lantern), (sword,) = _partial_flight(gold=1)
    st.apply(1, f"give:{sword}")
    st.apply(0, "room:no")
    assert items(st, 0) == [rope, lantern] and items(st, 1) == [sword]
    assert res(st, 1)["gold"] == 0 and res(st, 0)["gold"] == 3              # the gold is all that was left
    assert fame(st, 1) == 3 and not pending(st)
    assert any("turns down" in x for x in log_lines(st))


@rule("LD-KVK-6", "LD-GAP-47", "LD-GAP-44")
def test_without_resources_the_fleeing_lord_gives_its_item_and_loses_no_fame():
    st, (rope, lantern), (sword,) = _partial_flight()
    assert fame(st, 1) == 3                                                  # not 1 fame while it holds a sword
    assert st.to_act == (0,) and set(ids(st, 0)) == {f"room:{rope}", f"room:{lantern}", "room:no"}
    st.apply(0, f"room:{rope}")
    assert items(st, 0) == [lantern, sword] and items(st, 1) == [] and fame(st, 1) == 3
    st, (rope, lantern), (sword,) = _partial_flight()
    st.apply(0, "room:no")                                                   # turned down: the flight is paid for
    assert items(st, 1) == [sword] and fame(st, 1) == 3 and not pending(st)


@rule("LD-KVK-6", "LD-GAP-47")
def test_an_item_that_fits_is_given_without_asking_the_attacker():
    st, mine, (sword, axe) = _partial_flight(full=False, fleer_items=("sword", "axe"))
    assert st.to_act == (1,) and set(ids(st, 1)) == {f"give:{sword}", f"give:{axe}"}
    st.apply(1, f"give:{axe}")
    assert items(st, 0) == [axe] and items(st, 1) == [sword] and not pending(st)
    st, mine, (sword,) = _partial_flight(full=False)
    assert items(st, 0) == [sword] and items(st, 1) == [] and fame(st, 1) == 3   # the only thing there is


@rule("LD-KVK-6", "LD-GAP-47")
def test_with_nothing_at_all_the_fleeing_lord_loses_one_fame():
    st, mine, none = _partial_flight(fleer_items=())
    assert fame(st, 1) == 2 and not pending(st)
    assert any("has nothing to give and loses 1 fame" in x for x in log_lines(st))


# ---------------------------------------------------------------- bots answer the new questions
@rule("LD-KVK-6", "LD-GAP-44")
def test_bots_make_room_for_a_better_gift_and_turn_down_a_worse_one():
    st, (rope, lantern), (sword,) = _partial_flight()
    assert GoalBot(1).choose(st, 0) == f"room:{rope}"                 # a Sword is worth more than a Climbing Rope
    st, mine, (boots,) = _partial_flight(fleer_items=("boots",), attacker_items=("sword", "shield"))
    assert GoalBot(1).choose(st, 0) == "room:no"                      # Boots are not worth a Sword or a Shield


@rule("LD-KVK-6", "LD-GAP-47")
def test_a_fleeing_bot_with_only_items_gives_the_one_it_misses_least():
    st, mine, (sword, axe) = _partial_flight(fleer_items=("sword", "axe"))
    assert set(ids(st, 1)) == {f"give:{sword}", f"give:{axe}"}
    assert GoalBot(1).choose(st, 1) == f"give:{sword}"                # might 1 everywhere vs might 2 in groves
    for name in ("easy", "normal", "hard"):                           # every level answers both questions
        st, mine, items_ = _partial_flight(fleer_items=("sword", "axe"))
        st.apply(1, make("doomspire", name, 3).choose(st, 1))
        assert st.to_act == (0,) and all(a.startswith("room:") for a in ids(st, 0))
        st.apply(0, make("doomspire", name, 3).choose(st, 0))
        assert not pending(st) or st.to_act == (1,)

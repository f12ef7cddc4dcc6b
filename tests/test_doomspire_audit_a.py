"""Lords of Doomspire: the audit's findings of issue 15, part A (items 1, 2, 8, 9, 10, 11, 12) -- each test
reproduces the issue's situation."""
import pytest

from pyapp.games.doomspire.rules import COAST
from test_doomspire_helpers import (add_knight, boats, end_harvest, flags_left, game, go, home, ids, knight_ids,
                                    monster, moves, owner, phase, place, put_monster, res, rolls, set_lord, set_owner,
                                    set_tile, to_harvest, to_move, tokens, top_card, where)

rule = pytest.mark.rule


# ---------------------------------------------------------------- item 1: the build comes at the end of the harvest
@rule("LD-HARV-2", "LD-HARV-10", "LD-HARV-12")
def test_a_knight_recruited_in_the_harvest_arrives_after_everyone_harvested():
    """P1 owns a2 next to home, P2's knight stands on a2 (round 2, harvest); P1 recruits a knight: P2 may still
    harvest a2, whatever the order of the clicks."""
    st = game(4)
    set_owner(st, "a2", 0)
    place(st, 0, "e1")                                                 # P1's knight far away: a2 is unprotected
    place(st, 1, "a2")
    set_lord(st, 0, resources={"gold": 3, "food": 3, "wood": 0, "ore": 1})
    to_harvest(st, {0: [1], 1: [1]}, rnd=2)
    assert "harvest:a2" in ids(st, 1)
    st.apply(0, "build:knight")
    assert "harvest:a2" in ids(st, 1)                                  # the new knight is not there yet
    assert knight_ids(st, 0) == ["k1"] and res(st, 0) == {"gold": 0, "food": 0, "wood": 0, "ore": 0}
    st.apply(1, "harvest:a2")                                          # woodland
    assert res(st, 1)["wood"] == 1
    end_harvest(st)
    assert phase(st) == "roll" and knight_ids(st, 0) == ["k1", "k2"] and where(st, 0, "k2") == "a1"


# ---------------------------------------------------------------- item 8: one boat at the start
@rule("LD-GAP-3", "LD-BLD-6", "LD-BLD-7")
def test_each_lord_starts_with_one_boat_next_to_home():
    for n in (2, 3, 4):
        st = game(n)
        for s in range(n):
            assert boats(st, s) == [("b1", COAST[home(st, s)])]
    st = game(4)
    to_move(st, 0, [1, 1])
    assert "boat:b1:k1>d1" in moves(st, 0)                               # sails in round 1
    set_lord(st, 0, resources={"gold": 4, "food": 0, "wood": 4, "ore": 0})
    to_harvest(st, {0: []})
    st.apply(0, "build:boat")                                           # an additional boat, then the limit
    end_harvest(st)
    assert boats(st, 0) == [("b1", "nw"), ("b2", "nw")]
    to_harvest(st, {0: []})
    assert "build:boat" not in ids(st, 0)


# ---------------------------------------------------------------- item 9: ten flags
@rule("LD-GAP-60", "LD-RES-8", "LD-TERR-10", "LD-TERR-7")
def test_ten_flags_per_lord_home_included():
    st = game(4)
    assert flags_left(st, 0) == 9                                        # home carries one
    for t in ("a2", "a3", "a4", "a5", "a6", "b5", "b6", "b7"):
        set_tile(st, t, "F1")
        set_owner(st, t, 0)
    assert flags_left(st, 0) == 1
    set_tile(st, "c1", "F1")
    place(st, 0, "c2")
    set_tile(st, "c2", "EM")
    to_move(st, 0, [1, 1])
    go(st, 0, "move:k1>c1")
    assert "claim" in ids(st, 0)
    st.apply(0, "claim")
    assert owner(st, "c1") == 0 and flags_left(st, 0) == 0
    set_tile(st, "e2", "F1")
    place(st, 0, "e1")
    to_move(st, 0, [1])
    go(st, 0, "move:k1>e2")
    assert "claim" not in ids(st, 0)                                    # no flag left
    assert not any(a.startswith("stay:k1") for a in ids(st, 0))        # nothing to do on it either
    # conquering needs a flag too; inciting a revolt does not
    set_owner(st, "e2", 1)
    set_lord(st, 0, fame=1, might=1)
    place(st, 1, "h8")
    to_move(st, 0, [1], rnd=2)
    place(st, 0, "e1")
    go(st, 0, "move:k1>e2")
    acts = ids(st, 0)
    assert "revolt" in acts and "conquer" not in acts
    st.apply(0, "revolt")
    assert owner(st, "e2") is None


# ---------------------------------------------------------------- item 10: fleeing home when home is closest
@rule("LD-GAP-34", "LD-MON-4", "LD-KVK-6")
def test_a_fleeing_knight_flees_home_when_home_is_the_closest_own_tile():
    st = game(4)
    set_tile(st, "a3", "A1", tokens=0)
    put_monster(st, "a3")
    set_owner(st, "h4", 0)                                              # an owned tile far away
    place(st, 0, "a2")
    set_tile(st, "a2", "EM")
    set_owner(st, "a2", None)
    set_lord(st, 0, food=1)
    to_move(st, 0, [1])
    go(st, 0, "move:k1>a3")
    rolls(st, 2)
    st.apply(0, "flee")
    assert where(st, 0) == "a1"                                         # home, 2 away, not h4
    # a knight at home makes it occupied: then the nearest other own tile
    st = game(4)
    set_tile(st, "a3", "A1", tokens=0)
    put_monster(st, "a3")
    set_owner(st, "h4", 0)
    add_knight(st, 0, "a1")
    place(st, 0, "a2")
    set_tile(st, "a2", "EM")
    set_owner(st, "a2", None)
    set_lord(st, 0, food=1)
    to_move(st, 0, [1])
    go(st, 0, "move:k1>a3")
    rolls(st, 2)
    st.apply(0, "flee")
    assert where(st, 0) == "h4"


# ---------------------------------------------------------------- item 11: a flight before any fight is not combat
@rule("LD-TILE-11", "LD-GAP-36", "LD-KVK-6", "LD-TILE-10")
def test_a_rival_fleeing_before_any_fight_does_not_cancel_the_adventure_draw():
    def setup(flee_roll):
        st = game(4)
        set_tile(st, "c2", "A1", tokens=2)
        set_tile(st, "b2", "EM")
        set_owner(st, "b2", None)
        place(st, 1, "c2")
        set_lord(st, 1, gold=0, wood=1)
        place(st, 0, "b2")
        top_card(st, _tier1_event(st))
        to_move(st, 0, [1], rnd=2)
        go(st, 0, "move:k1>c2")
        rolls(st, flee_roll, 3, 3, 1, 1)
        return st
    st = setup(3)                                                       # the rival flees home: no fight
    st.apply(1, "flee")
    assert where(st, 1) == "h1" and where(st, 0) == "c2"
    assert tokens(st, "c2") == 1                                        # the arriving knight still draws
    st = setup(2)                                                       # flees elsewhere, gives 1 wood
    st.apply(1, "flee")
    assert tokens(st, "c2") == 1 and res(st, 0)["wood"] == 1
    st = setup(1)                                                       # the flight fails: they fight, no draw
    st.apply(1, "flee")
    while st.to_act and any(a.startswith("steal:") for a in ids(st, st.to_act[0])):
        st.apply(st.to_act[0], ids(st, st.to_act[0])[0])
    assert tokens(st, "c2") == 2


def _tier1_event(st):
    """A tier-1 card that needs no answer (an event or treasure)."""
    return next(c["id"] for c in st.C["cards"] if c["tier"] == 1 and c["type"] in ("treasure",))

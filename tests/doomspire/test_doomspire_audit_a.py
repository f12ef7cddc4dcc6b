"""Lords of Doomspire: the audit's findings of issue 15, part A (items 1, 2, 8, 9, 10, 11, 12) -- each test
reproduces the issue's situation."""
import pytest

from pyapp.games.doomspire.rules import COAST
from doomspire_helpers import (add_knight, all_tiles, boats, dice_used, end_harvest, flags_left, game, give_item, go, home, ids, knight_ids,
                                    monster, owner, plain_ids, phase, place, put_monster, res, rolls, set_lord, set_owner,
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
    assert "boat:b1:k1>d1" in plain_ids(st, 0)                               # sails in round 1
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
    def flee(home_taken: bool) -> str:
        """P1's knight meets a monster on a3 from a2 and flees; P1 also owns h4, far away."""
        st = game(4)
        set_tile(st, "a3", "A1", tokens=0)
        put_monster(st, "a3")
        set_owner(st, "h4", 0)
        if home_taken:
            add_knight(st, 0, "a1")
        place(st, 0, "a2")
        set_tile(st, "a2", "EM")
        set_owner(st, "a2", None)
        set_lord(st, 0, food=1)
        to_move(st, 0, [1])
        go(st, 0, "move:k1>a3")
        rolls(st, 2)
        st.apply(0, "flee")
        return where(st, 0)

    assert flee(home_taken=False) == "a1"                               # home, 2 away, not h4
    assert flee(home_taken=True) == "h4"      # a knight at home makes it occupied: the nearest other own tile


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


# ---------------------------------------------------------------- item 2: the player chooses the die and the route
@rule("LD-MOVE-4", "LD-MOVE-6", "LD-MOVE-14", "LD-ITEM-3")
def test_seven_league_boots_spend_the_one_past_a_rival():
    """Boots (+1 step), dice [1, 3]: b2 to d2 past a rival on c2 needs only the 1."""
    st = game(4)
    for t in ("b2", "c2", "d2", "b1", "c1", "d1"):
        set_tile(st, t, "EM")
        set_owner(st, t, None)
    place(st, 0, "b2")
    give_item(st, 0, "boots")
    place(st, 1, "c2")
    to_move(st, 0, [1, 3], rnd=2)
    acts = ids(st, 0)
    assert "move:k1>d2:1" in acts and "move:k1>d2:3" in acts
    st.apply(0, "move:k1>d2:1")
    assert dice_used(st, 0) == [True, False]
    assert st.to_act == (1,) and set(ids(st, 1)) == {"block", "pass"}  # the direct route, past P2
    st.apply(1, "pass")
    assert where(st, 0) == "d2"


@rule("LD-MOVE-4", "LD-MOVE-6", "LD-MOVE-14", "LD-MOVE-15")
def test_the_player_picks_the_die_and_the_route_that_decides_who_may_block():
    st = game(4)
    for t in ("b2", "b3", "c2", "c3"):
        set_tile(st, t, "EM")
        set_owner(st, t, None)
    place(st, 0, "b2")
    place(st, 1, "b3")
    place(st, 2, "c2")
    to_move(st, 0, [2, 3], rnd=2)
    acts = ids(st, 0)
    assert {"move:k1>c3:2", "move:k1>c3:3"} <= set(acts)
    assert "choose the route" in next(a.label for a in st.legal_actions(0) if a.id == "move:k1>c3:2")
    st.apply(0, "move:k1>c3:3")                                        # a higher die than needed, if the player wants
    assert dice_used(st, 0) == [False, True]
    routes = set(ids(st, 0))
    assert {"via:b3-c3", "via:c2-c3"} <= routes                        # equally short, different rivals
    st.apply(0, "via:c2-c3")
    assert st.to_act == (2,) and set(ids(st, 2)) == {"block", "pass"}  # P3 on c2 is asked, not P2
    st.apply(2, "pass")
    assert where(st, 0) == "c3"
    # where only one rival can be passed, there is no question
    st = game(4)
    for t in ("b2", "b3", "c2", "c3"):
        set_tile(st, t, "EM")
        set_owner(st, t, None)
    place(st, 0, "b2")
    place(st, 1, "b3")
    to_move(st, 0, [2], rnd=2)
    st.apply(0, "move:k1>c3:2")                                        # via c2 passes nobody: taken at once
    assert where(st, 0) == "c3" and st.to_act == (0,)


@rule("LD-GAP-60", "LD-UI-5")
def test_the_board_shows_flags_left_and_move_markers_name_the_die():
    from pyapp.games.doomspire import render as R
    st = game(4)
    set_owner(st, "b1", 0)
    to_move(st, 0, [1, 2])
    out = R.render(st.view(0), st.legal_actions(0), seat=0, names=["A", "B", "C", "D"], interactive=True)
    assert '<dt>Flags left</dt><dd class="flags">8</dd>' in out
    assert 'data-action="move:k1&gt;a2:1"' in out and 'data-action="move:k1&gt;a2:2"' in out
    assert ">1·2<" in out                                                # knight 1 spending a 2


@rule("LD-GAP-3", "LD-GAP-34", "LD-GAP-36", "LD-GAP-60", "LD-GAP-21")
def test_the_rules_page_states_these_decisions_as_house_rules():
    from pyapp.games.doomspire import GAME
    html = GAME.rules_html().lower()
    for phrase in ("house rules from the designer's notes", "one boat", "ten flags", "flee <b>home</b>",
                   "fleeing is not fighting", "you choose which die to spend", "arrives at the end of the harvest",
                   "wolf"):
        assert phrase in html, phrase


@rule("LD-GAP-21", "LD-TILE-5")
def test_the_designers_wolves_are_an_option():
    from pyapp.games.doomspire import GAME
    st = game(4)
    assert not any(monster(st, t) for t in all_tiles(st))             # the rulebook's setup: no monsters
    st = GAME.new(4, 1, {"wolves": True})
    wolves = sorted(t for t in all_tiles(st) if monster(st, t))
    assert wolves == ["a5", "b4", "d1", "d7", "e2", "e8", "g5", "h4"]    # every starred plains resource tile
    assert all(monster(st, t)["name"] == "Wolf" and monster(st, t)["might"] == 2 for t in wolves)

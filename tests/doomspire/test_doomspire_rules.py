"""Lords of Doomspire rules, clause by clause, including every worked example of the rulebook."""
import pytest

from pyapp.games.doomspire import GAME
from pyapp.games.doomspire.rules import COAST, NB, ZONES, zone_dist
from doomspire_helpers import (active, add_knight, all_tiles, boats, buildings, crown, deck, dice, dice_used,
                                    discards, discards_become_deck, doomspire, end_harvest, go, plain_ids, fame, first_player, followers, game,
                                    give_item, harvest_capacity, harvest_done, has_warship, home, hoard, ids,
                                    impressions, is_done, is_out, items, knight, knight_ids, log_lines, might, monster,
                                    move_order, owner, phase, place, put_monster, res, reveal_tile, revealed, rolls,
                                    round_no, set_boats, set_followers, set_hoard, set_impressions, set_lord,
                                    set_owner, set_round, set_tile, set_trader_stock, tile_code, tile_items, to_harvest,
                                    to_move, tokens, top_card, trader_stock, where)

rule = pytest.mark.rule

from doomspire_helpers import free_ids, offer  # noqa: E402 - trades are drafted step by step (issue 15)


# ---------------------------------------------------------------- setup and board
@rule("LD-SET-1", "LD-SET-2", "LD-SET-3", "LD-SET-4", "LD-SET-5", "LD-GAP-2", "LD-GAP-3", "LD-GAP-1", "LD-GAP-9")
def test_setup_resources_homes_and_one_knight():
    st = game(4)
    homes = [home(st, s) for s in range(4)]
    assert homes == ["a1", "h1", "h8", "a8"]                       # distinct corners, clockwise NW NE SE SW
    for s in range(4):
        assert res(st, s) == {"gold": 2, "food": 0, "wood": 0, "ore": 0}
        assert fame(st, s) == 0 and might(st, s) == 0 and buildings(st, s) == []
        assert boats(st, s) == [("b1", COAST[home(st, s)])]         # LD-GAP-3: one boat next to home
        assert knight_ids(st, s) == ["k1"] and where(st, s) == home(st, s)
        assert owner(st, home(st, s)) == s
        assert st.kind(home(st, s))["yield"] == {"food": 1, "wood": 1}
        assert st.max_dice(s) == 2                                  # castle die + one knight die
    assert [home(game(2), s) for s in range(2)] == ["a1", "h8"]
    assert [home(game(3), s) for s in range(3)] == ["a1", "h1", "h8"]
    with pytest.raises(ValueError):
        GAME.new(5, 1)
    with pytest.raises(ValueError):
        GAME.new(1, 1)


@rule("LD-BRD-1", "LD-BRD-2", "LD-BRD-3", "LD-BRD-4", "LD-BRD-5", "LD-BRD-6", "LD-BRD-7", "LD-BRD-8", "LD-BRD-9",
      "LD-BRD-10", "LD-GAP-11", "LD-GAP-12", "LD-GAP-21", "LD-GAP-37", "LD-DOOM-1", "LD-GAP-61")
def test_board_layout_regions_and_zones():
    st = game(4, seed=3)
    tiles = all_tiles(st)
    assert len(tiles) == 64
    plains = [t for t in tiles if min(int(t[1:]) - 1, "abcdefgh".index(t[0]), 8 - int(t[1:]), 7 - "abcdefgh".index(t[0])) < 2]
    assert len(plains) == 48 and all(revealed(st, t) for t in plains)
    hidden = [t for t in tiles if not revealed(st, t)]
    assert len(hidden) == 16                                         # 12 hills + 4 mountains, face down
    centre = ["d4", "e4", "d5", "e5"]
    assert doomspire(st) in centre
    assert sorted(tile_code(st, t) for t in centre) == ["A3", "A3", "A3", "DS"]
    assert all(monster(st, t) is None for t in tiles)                 # no monsters at setup
    assert len(COAST) == 28 and set(COAST.values()) == set(ZONES)
    assert COAST["a1"] == COAST["d1"] == "nw" and COAST["g1"] == "ne"  # (0,0), (0,3) NW; (0,6) NE
    assert zone_dist("nw", "ne") == 1 and zone_dist("nw", "se") == 2 and zone_dist("sw", "nw") == 1
    # a different seed shuffles the hidden tiles
    assert any(tile_code(game(4, seed=s), "d4") != tile_code(st, "d4") or
               tile_code(game(4, seed=s), "c3") != tile_code(st, "c3") for s in range(4, 12))


@rule("LD-UI-2", "LD-UI-1", "LD-UI-19", "LD-UI-20", "LD-SPEC-5")
def test_view_hides_unexplored_tiles_and_deck_order():
    st = game(4)
    v = st.view(0)
    t = doomspire(st)
    assert v["tiles"][t] == {"explored": False, "region": "mountains", "knights": []}
    assert v["tiles"]["d1"]["yield"] == {"ore": 2} and v["tiles"]["d1"]["starred"]
    assert set(v["decks"]["1"]) == {"count", "next_theme"}
    assert v["trader"]["sword"] == 3
    assert all({"fame", "might", "res", "knights", "boats", "buildings"} <= set(p) for p in v["players"])
    assert "DS" not in str(v["tiles"])
    assert {"round", "phase", "first", "active", "to_act", "hoard", "log"} <= set(v)      # LD-UI-3
    assert v["round"] == 1 and v["phase"] == "roll" and v["first"] == first_player(st)


# ---------------------------------------------------------------- roll phase
@rule("LD-TURN-1", "LD-TURN-2", "LD-TURN-3", "LD-ROLL-1", "LD-ROLL-2", "LD-ROLL-3", "LD-ROLL-4", "LD-ROLL-8",
      "LD-ROLL-9", "LD-GAP-6", "LD-GAP-7", "LD-UI-4", "LD-UI-3")
def test_roll_phase_is_parallel_and_token_moves():
    st = game(4, seed=5)
    assert round_no(st) == 1 and phase(st) == "roll"
    assert set(st.to_act) == {0, 1, 2, 3}
    first = first_player(st)
    st.apply(2, "roll:2")
    assert st.view(0)["players"][2]["roll_choice"] is None          # secret until everyone has chosen
    assert st.view(2)["players"][2]["roll_choice"] == 2
    for s in (0, 1, 3):
        st.apply(s, "roll:1")
    assert phase(st) == "move"
    assert [len(dice(st, s)) for s in range(4)] == [1, 1, 2, 1]
    assert active(st) == first and st.to_act == (first,)
    assert move_order(st) == [(first + i) % 4 for i in range(4)]       # LD-GAP-7: clockwise from the token
    # next round the token passes clockwise
    while round_no(st) == 1:
        s = st.to_act[0]
        st.apply(s, "end" if phase(st) == "move" else "done")
    assert first_player(st) == (first + 1) % 4


@rule("LD-ROLL-5", "LD-ROLL-6", "LD-ROLL-7", "LD-RES-2")
def test_dice_tax():
    st = game(4)
    add_knight(st, 0, "a1")
    add_knight(st, 0, "a1")
    assert st.max_dice(0) == 2                                        # no food: only the two free dice
    set_lord(st, 0, food=3)
    assert ids(st, 0)[:3] == ["roll:1", "roll:2", "roll:3"] and "roll:4" not in ids(st, 0)
    set_lord(st, 0, food=4)
    assert "roll:4" in ids(st, 0)                                     # castle + 3 knights costs 4 food
    st.apply(0, "roll:4")
    for s in (1, 2, 3):
        st.apply(s, "roll:1")
    assert res(st, 0)["food"] == 0 and len(dice(st, 0)) == 4


@rule("LD-GAP-4", "LD-GAP-5", "LD-ROLL-10")
def test_action_dice_are_three_sided():
    values = set()
    for seed in range(30):
        st = game(2, seed)
        st.apply(0, "roll:2")
        st.apply(1, "roll:2")
        values.update(dice(st, 0) + dice(st, 1))
    assert values == {1, 2, 3}
    # unspent dice are lost at the end of the round
    st = game(2, 1)
    st.apply(0, "roll:2")
    st.apply(1, "roll:2")
    while phase(st) != "roll":
        st.apply(st.to_act[0], "end" if phase(st) == "move" else "done")
    assert dice(st, 0) == []


# ---------------------------------------------------------------- knight movement
@rule("LD-MOVE-1", "LD-MOVE-2", "LD-MOVE-3", "LD-MOVE-4", "LD-MOVE-5", "LD-MOVE-6", "LD-TURN-4", "LD-UI-5", "LD-UI-6")
def test_knight_moves_orthogonally_up_to_the_die():
    st = game(4)
    to_move(st, 0, [2])
    moves = {a for a in plain_ids(st, 0) if a.startswith("move:k1>")}
    assert moves == {"move:k1>b1", "move:k1>c1", "move:k1>a2", "move:k1>a3", "move:k1>b2"}   # no diagonal-only jump
    go(st, 0, "move:k1>b1")                                          # fewer steps than the die
    assert where(st, 0) == "b1" and dice_used(st, 0) == [True]
    assert "end" in ids(st, 0)


@rule("LD-MOVE-10", "LD-MOVE-11", "LD-MOVE-12", "LD-GAP-31", "LD-GAP-32", "LD-MOVE-16", "LD-SPEC-11")
def test_entry_limits():
    st = game(4)
    to_move(st, 0, [3])
    place(st, 0, "e1")                                               # mercenary camp, next to h1? no: f1, g1, h1
    place(st, 1, "h2")
    moves = plain_ids(st, 0)
    assert "move:k1>h1" not in moves                                  # another player's home
    add_knight(st, 0, "f1")
    moves = plain_ids(st, 0)
    assert "move:k1>f1" not in moves and "move:k1>g1" not in moves   # own knight blocks, also passing through
    place(st, 1, "e2")
    assert "move:k1>e2" not in plain_ids(st, 0)                             # round 1: no entering an opposing knight
    # special tiles (the mercenary camp e1) hold many knights of one or several players, in any round, no combat
    for rnd in (1, 2):
        st = game(4)
        to_move(st, 0, [1], rnd=rnd)
        place(st, 0, "e2")
        place(st, 1, "e1")
        add_knight(st, 0, "e1")
        assert "move:k1>e1" in plain_ids(st, 0), rnd
        go(st, 0, "move:k1>e1")
        assert where(st, 0) == "e1" and where(st, 1) == "e1" and st.to_act == (0,)
        assert not any(a in ("fight", "flee", "block", "pass") for a in ids(st, 0) + ids(st, 1))
    st = game(4)
    # own home takes several own knights
    to_move(st, 0, [1])
    place(st, 0, "a2")
    add_knight(st, 0, "a1")
    assert "move:k1>a1" in plain_ids(st, 0)


@rule("LD-MOVE-8", "LD-MOVE-9", "LD-GAP-33")
def test_stops_on_unexplored_monster_and_doomspire():
    st = game(4)
    to_move(st, 0, [3])
    place(st, 0, "b3")
    set_tile(st, "b3", "EM")
    moves = plain_ids(st, 0)
    assert "move:k1>c3" in moves and "move:k1>d3" not in moves        # c3 is unexplored: stop there
    put_monster(st, "a3")
    assert "move:k1>a3" in plain_ids(st, 0)                                  # a monster tile may be entered (then stop)
    assert "move:k1>a4" in plain_ids(st, 0)                                  # around through b4
    place(st, 0, "a2")
    set_tile(st, "b2", "EM")
    put_monster(st, "b2")
    put_monster(st, "a3")
    moves = plain_ids(st, 0)
    assert "move:k1>a3" in moves and "move:k1>a4" not in moves and "move:k1>c2" not in moves
    ds = doomspire(st)
    assert st.must_stop(ds)


@rule("LD-MOVE-17", "LD-MOVE-18", "LD-MOVE-21", "LD-GAP-35")
def test_move_again_until_interaction():
    st = game(4)
    to_move(st, 0, [1, 1, 1])
    set_tile(st, "c1", "A1", tokens=0)
    go(st, 0, "move:k1>b1")                                          # unclaimed resource, not claimed
    assert "claim" in ids(st, 0)
    go(st, 0, "move:k1>c1")                                          # empty adventure tile: no interaction
    assert not is_done(st, 0)
    go(st, 0, "move:k1>d1")
    st.apply(0, "claim")
    assert is_done(st, 0)
    assert not any(a.startswith(("move:k1", "stay:k1")) for a in plain_ids(st, 0))


@rule("LD-MOVE-7", "LD-MOVE-19", "LD-MOVE-20", "LD-SPEC-7", "LD-SPEC-8", "LD-SPEC-9", "LD-SPEC-10", "LD-GAP-41",
      "LD-GAP-8", "LD-TILE-14")
def test_stay_on_the_mercenary_camp():
    st = game(4)
    to_move(st, 0, [1, 2])
    place(st, 0, "e1")
    set_lord(st, 0, gold=9)
    assert "stay:k1" in plain_ids(st, 0)
    go(st, 0, "stay:k1")                                             # zero steps, spends the lowest die
    assert dice_used(st, 0) == [True, False]
    st.apply(0, "merc")
    assert might(st, 0) == 1 and res(st, 0)["gold"] == 6
    assert "merc" not in plain_ids(st, 0) and "stay:k1" not in plain_ids(st, 0)
    to_move(st, 0, [2], rnd=2)                                          # next round: again, for a die
    assert "merc" not in ids(st, 0)
    go(st, 0, "stay:k1")
    st.apply(0, "merc")
    assert might(st, 0) == 2


# ---------------------------------------------------------------- boats
@rule("LD-BOAT-12", "LD-BOAT-5", "LD-BOAT-8", "LD-MOVE-22", "LD-TILE-15", "LD-RES-8", "LD-UI-7")
def test_boat_simple_example():
    """Alice: boat in NW, knight at (0,0), two 1s; a zero-step boat move carries it to (0,3), where she claims."""
    st = game(4)
    set_boats(st, 0, "nw")
    to_move(st, 0, [1, 1])
    assert "move:k1>d1" not in plain_ids(st, 0)                              # too far on foot
    go(st, 0, "boat:b1:k1>d1")
    assert where(st, 0) == "d1" and dice_used(st, 0).count(True) == 1
    st.apply(0, "claim")
    assert owner(st, "d1") == 0


@rule("LD-BOAT-13", "LD-BOAT-2", "LD-BOAT-6", "LD-BOAT-7", "LD-MON-1", "LD-TILE-8")
def test_boat_advanced_example():
    """Alice: boat in NE, knight at (0,0), bear at (0,6), rolls 1 and 2; the 2 sails NE->NW, picks up, back to NE."""
    st = game(4)
    set_boats(st, 0, "ne")
    place(st, 1, "h3")
    put_monster(st, "g1")
    to_move(st, 0, [1, 2])
    assert "boat:b1:k1>g1" in plain_ids(st, 0)
    go(st, 0, "boat:b1:k1>g1")
    assert dice_used(st, 0) == [False, True]                           # the 2 was needed
    assert boats(st, 0)[0] == ("b1", "ne") and where(st, 0) == "g1"
    assert st.to_act == (0,) and set(ids(st, 0)) == {"fight", "flee"}   # combat with the bear
    # with only a 1, the same trip is impossible
    st2 = game(4)
    set_boats(st2, 0, "ne")
    to_move(st2, 0, [1, 1])
    assert "boat:b1:k1>g1" not in plain_ids(st2, 0)


@rule("LD-BOAT-1", "LD-BOAT-3", "LD-BOAT-4", "LD-GAP-39")
def test_boat_moves_and_shared_zones():
    st = game(4)
    set_boats(st, 0, "nw", "nw")
    set_boats(st, 1, "nw")
    to_move(st, 0, [1, 2])
    acts = plain_ids(st, 0)
    assert {"boat:b1>ne", "boat:b1>sw", "boat:b1>se"} <= set(acts)
    go(st, 0, "boat:b1>ne")                                          # 1 step with the 1
    assert dice_used(st, 0) == [True, False]
    go(st, 0, "boat:b1>nw")                                          # moved again with another die
    assert boats(st, 0)[0] == ("b1", "nw")


@rule("LD-BOAT-9", "LD-BOAT-10", "LD-BOAT-11", "LD-GAP-40")
def test_transport_after_interaction():
    st = game(4)
    set_boats(st, 0, "nw")
    to_move(st, 0, [1, 1, 1])
    go(st, 0, "move:k1>b1")
    st.apply(0, "claim")
    assert is_done(st, 0)
    acts = plain_ids(st, 0)
    assert "boat:b1:k1>d1" in acts                                     # may still be carried
    assert "boat:b1:k1>c1" not in acts                                 # adventure tile would need an interaction
    put_monster(st, "a2")
    assert "boat:b1:k1>a2" not in plain_ids(st, 0)
    go(st, 0, "boat:b1:k1>d1")
    assert where(st, 0) == "d1" and "claim" not in ids(st, 0)          # cannot interact on arrival


# ---------------------------------------------------------------- tile interaction examples
@rule("LD-TILE-17", "LD-TILE-1", "LD-TILE-2", "LD-TILE-3", "LD-TILE-4", "LD-TILE-7", "LD-TILE-10", "LD-ADV-1",
      "LD-ADV-10", "LD-MON-11", "LD-UI-10")
def test_example_explore_chain():
    """Alice enters an unexplored adventure tile: explore (+1 fame), draw a monster, fight it and win."""
    st = game(4)
    set_tile(st, "c3", "A2", explored=False)
    set_tile(st, "b3", "EM")
    place(st, 0, "b3")
    top_card(st, "direwolves")                                         # might 4, fame 2, 1 food 1 gold
    to_move(st, 0, [1, 1])
    go(st, 0, "move:k1>c3")
    assert revealed(st, "c3") and fame(st, 0) == 1
    assert set(ids(st, 0)) == {"fight", "flee"}
    assert "might 4" in next(a.label for a in st.legal_actions(0) if a.id == "fight")   # LD-UI-10
    rolls(st, 3)
    set_lord(st, 0, might=1)
    st.apply(0, "fight")
    assert fame(st, 0) == 3 and res(st, 0)["food"] == 1 and res(st, 0)["gold"] == 3
    assert tokens(st, "c3") == 1 and monster(st, "c3") is None
    assert is_done(st, 0) and not any(a.startswith(("move:k1", "stay:k1")) for a in plain_ids(st, 0))


@rule("LD-TILE-18", "LD-TILE-19", "LD-ADV-2", "LD-ADV-14", "LD-TILE-11", "LD-GAP-22", "LD-GAP-36", "LD-MON-12",
      "LD-MON-13", "LD-ADV-15", "LD-GAP-17")
def test_example_bear_left_behind():
    """Bob draws a bear on a 2-token tile and loses; Alice then beats the bear but draws nothing that turn."""
    st = game(4)
    set_tile(st, "c3", "A2", tokens=2)
    set_tile(st, "b3", "EM")
    set_tile(st, "c2", "EM")
    bob, alice = 1, 0
    place(st, bob, "c2")
    set_lord(st, bob, food=1)
    top_card(st, "bear2")
    to_move(st, bob, [1])
    go(st, bob, "move:k1>c3")
    rolls(st, 1)
    st.apply(bob, "fight")                                             # 1 + 0 < 5
    assert where(st, bob) == "h1"                                      # home to heal
    assert monster(st, "c3")["name"] == "Bear" and tokens(st, "c3") == 1
    assert set(ids(st, bob)) == {"lose:gold", "lose:food"}            # healing costs 1 resource of his choice
    st.apply(bob, "lose:food")
    assert res(st, bob)["gold"] + res(st, bob)["food"] == 2
    place(st, alice, "b3")
    set_lord(st, alice, might=3)
    to_move(st, alice, [1, 1], rnd=2)
    go(st, alice, "move:k1>c3")
    assert set(ids(st, alice)) == {"fight", "flee"}                    # the bear first
    rolls(st, 2)
    st.apply(alice, "fight")
    assert monster(st, "c3") is None and tokens(st, "c3") == 1                  # no draw after combat
    assert fame(st, alice) == 2 and res(st, alice)["food"] == 2
    assert "stay:k1" not in plain_ids(st, alice)                             # needs a die on a later turn
    to_move(st, alice, [1], rnd=3)
    assert "stay:k1" in plain_ids(st, alice)


@rule("LD-TILE-5", "LD-TILE-6", "LD-GAP-20", "LD-RES-7", "LD-TILE-13", "LD-TILE-12", "LD-TILE-9")
def test_explored_resource_tile_has_a_bear_then_claim():
    st = game(4)
    set_tile(st, "c3", "HG", explored=False)
    set_tile(st, "b3", "EM")
    place(st, 0, "b3")
    set_lord(st, 0, might=3)
    to_move(st, 0, [1])
    go(st, 0, "move:k1>c3")
    assert monster(st, "c3")["might"] == 5 and st.starred("c3")
    rolls(st, 2)
    st.apply(0, "fight")
    assert "claim" in ids(st, 0)                                       # winning leaves the voluntary step open
    st.apply(0, "claim")
    assert owner(st, "c3") == 0


@rule("LD-ADV-3", "LD-GAP-16", "LD-GAP-15", "LD-ADV-4", "LD-ADV-5", "LD-GAP-18")
def test_adventure_tokens_and_tiers():
    st = game(4)
    kinds = st.C["board"]["kinds"]
    assert kinds["A1"]["tier"] == 1 and kinds["OA"]["tier"] == 1 and kinds["A2"]["tier"] == 2 and kinds["A3"]["tier"] == 3
    assert all(k["tokens"] == 2 for k in kinds.values() if k["type"] in ("adventure", "oasis"))
    set_tile(st, "b2", "A1", tokens=0)
    to_move(st, 0, [1])
    place(st, 0, "b2")
    assert "stay:k1" not in plain_ids(st, 0)
    # reshuffle of discards when the deck is empty
    discards_become_deck(st, 1)
    set_tile(st, "b2", "A1", tokens=1)
    old = set(discards(st, "1"))
    higher = {t: list(deck(st, t)) for t in ("2", "3")}
    go(st, 0, "stay:k1")
    tier1 = deck(st, "1")
    assert {t: deck(st, t) for t in ("2", "3")} == higher               # a tier-1 tile draws from the tier-1 deck
    assert len(old) == 18 and len(tier1) == 17 and set(tier1) < old   # the discards became the deck; one drawn
    assert len(discards(st, "1")) <= 1 and set(discards(st, "1")) <= old - set(tier1)


# ---------------------------------------------------------------- harvest
@rule("LD-HARV-8", "LD-HARV-1", "LD-HARV-2", "LD-HARV-3", "LD-HARV-4", "LD-HARV-5", "LD-HARV-7", "LD-TURN-5", "LD-UI-17",
      "LD-GAP-14")
def test_example_harvest():
    """Round 1: Alice rolls 1 and 2, claims a 2-ore tile with the 1, harvests home + that tile with the 2."""
    st = game(4)
    place(st, 0, "c1")
    set_tile(st, "c1", "A1", tokens=0)
    to_move(st, 0, [1, 2])
    go(st, 0, "move:k1>d1")
    st.apply(0, "claim")
    st.apply(0, "end")
    assert phase(st) == "harvest" and set(st.to_act) == {0, 1, 2, 3}
    st.apply(0, "harvest:a1")
    st.apply(0, "harvest:d1")
    assert res(st, 0) == {"gold": 2, "food": 1, "wood": 1, "ore": 2}
    assert dice_used(st, 0) == [True, True]


@rule("LD-HARV-6")
def test_harvest_each_tile_once_and_capacity():
    st = game(4)
    to_harvest(st, {0: [3]})
    st.apply(0, "harvest:a1")
    assert "harvest:a1" not in ids(st, 0)
    set_owner(st, "b1", 0)
    st.apply(0, "harvest:b1")
    assert harvest_capacity(st, 0) == 1                                # 3 - 2 tiles; the rest is wasted
    to_harvest(st, {0: [1]})
    st.apply(0, "harvest:a1")
    assert not any(a.startswith("harvest:") for a in ids(st, 0))


# ---------------------------------------------------------------- monster combat
@rule("LD-MON-19", "LD-MON-7", "LD-MON-10")
def test_example_bandit_odds():
    """Bob, might 1, against a bandit of might 3 wins on a 2 or 3: 2 chances in 3."""
    wins = 0
    for roll in (1, 2, 3):
        st = game(4)
        set_tile(st, "b2", "A1", tokens=2)
        top_card(st, "bandit")
        set_lord(st, 1, might=1)
        place(st, 1, "b2")
        to_move(st, 1, [1])
        go(st, 1, "stay:k1")
        rolls(st, roll)
        st.apply(1, "fight")
        wins += monster(st, "b2") is None
    assert wins == 2


@rule("LD-MON-20", "LD-MON-8", "LD-BLD-10", "LD-GAP-38", "LD-BLD-9")
def test_example_support():
    """Alice (might 1, 2 knights, warship): knight 1 next to a coastal bear, knight 2 boated onto it, rolls 2: 7 >= 5."""
    st = game(4)
    set_lord(st, 0, might=1, warship=True)
    set_boats(st, 0, "nw")
    place(st, 0, "a2")
    add_knight(st, 0, "a1")
    put_monster(st, "b1")
    set_tile(st, "b2", "A1", tokens=0)
    to_move(st, 0, [1, 1])
    go(st, 0, "move:k1>b2")
    go(st, 0, "boat:b1:k2>b1")
    rolls(st, 2)
    st.apply(0, "fight")
    assert monster(st, "b1") is None and fame(st, 0) == 2
    assert any("(7 vs 5)" in line for line in log_lines(st))
    # a plain boat does not support
    st2 = game(4)
    set_boats(st2, 0, "nw")
    assert st2.units_adjacent(0, "b1") == 1                            # only the home knight at a1


@rule("LD-MON-16", "LD-MON-17", "LD-MON-18", "LD-GAP-45", "LD-UI-11", "LD-UI-12")
def test_support_from_another_player_after_the_roll():
    st = game(4)
    set_tile(st, "b2", "A1", tokens=0)
    put_monster(st, "b2")
    place(st, 0, "b1")
    place(st, 2, "c2")                                                  # P3 next to the bear
    to_move(st, 0, [1])
    go(st, 0, "move:k1>b2")
    rolls(st, 3)
    st.apply(0, "fight")
    assert st.to_act == (2,) and set(ids(st, 2)) == {"support:yes", "support:no"}   # asked after the roll
    st.apply(2, "support:yes")                                          # 3 + 0 might + 2 = 5 >= 5
    assert monster(st, "b2") is None and any("(5 vs 5)" in x for x in log_lines(st))


@rule("LD-MON-14", "LD-MON-15", "LD-UI-13")
def test_losing_with_nothing_to_lose():
    st = game(4)
    put_monster(st, "b1")
    set_lord(st, 0, resources={"gold": 0, "food": 0, "wood": 0, "ore": 0}, fame=1)
    to_move(st, 0, [1])
    go(st, 0, "move:k1>b1")
    rolls(st, 1)
    st.apply(0, "fight")
    assert fame(st, 0) == 0 and where(st, 0) == "a1"
    to_move(st, 0, [1])
    go(st, 0, "move:k1>b1")
    rolls(st, 1)
    st.apply(0, "fight")
    assert fame(st, 0) == 0
    # with two kinds of resource the player chooses
    set_lord(st, 0, resources={"gold": 1, "food": 1, "wood": 0, "ore": 0})
    to_move(st, 0, [1])
    go(st, 0, "move:k1>b1")
    rolls(st, 1)
    st.apply(0, "fight")
    assert set(ids(st, 0)) == {"lose:gold", "lose:food"}
    st.apply(0, "lose:gold")
    assert res(st, 0)["gold"] == 0 and res(st, 0)["food"] == 1


@rule("LD-MON-2", "LD-MON-3", "LD-MON-4", "LD-MON-5", "LD-MON-6", "LD-GAP-34", "LD-UI-14")
def test_fleeing_a_monster():
    def setup(flee_roll):
        st = game(4)
        put_monster(st, "b2")
        set_tile(st, "b2", "A1", tokens=0)
        put_monster(st, "b2")
        place(st, 0, "b1")
        set_lord(st, 0, food=1)
        to_move(st, 0, [1])
        go(st, 0, "move:k1>b2")
        rolls(st, flee_roll, 1)
        return st
    st = setup(3)
    st.apply(0, "flee")
    assert where(st, 0) == "a1" and res(st, 0)["gold"] == 2 and monster(st, "b2")
    st = setup(1)
    st.apply(0, "flee")
    assert where(st, 0) == "a1" and any("loses to the Bear" in x for x in log_lines(st))
    st = setup(2)                                                      # no other tile owned: home, lose 1
    st.apply(0, "flee")
    assert where(st, 0) == "a1" and st.to_act == (0,)
    st.apply(0, "lose:food")
    assert res(st, 0)["food"] == 0
    st = setup(2)                                                      # two owned tiles at equal distance: choose
    set_owner(st, "c2", 0)
    set_owner(st, "a2", 0)
    st.apply(0, "flee")
    assert set(ids(st, 0)) == {"fleeto:a2", "fleeto:c2"}
    st.apply(0, "fleeto:c2")
    assert where(st, 0) == "c2"


# ---------------------------------------------------------------- the dragon
def _to_doomspire(st, seat=0, rnd=2):
    ds = doomspire(st)
    nb = NB[ds][0]
    set_tile(st, nb, "EM")                                              # an explored, empty neighbour
    place(st, seat, nb)
    to_move(st, seat, [1], rnd=rnd)
    return ds


@rule("LD-DOOM-2", "LD-DOOM-3", "LD-DOOM-4", "LD-DOOM-5", "LD-DOOM-8", "LD-DOOM-10", "LD-DOOM-13", "LD-VIC-2", "LD-VIC-3",
      "LD-VIC-8", "LD-GAP-26", "LD-GAP-27", "LD-GAP-29", "LD-UI-16", "LD-TILE-9")
def test_impress_by_fame_takes_a_stack_and_flies_home():
    st = game(4)
    ds = _to_doomspire(st)
    set_lord(st, 0, fame=14)                                            # +1 for exploring makes 15
    go(st, 0, f"move:k1>{ds}")
    assert len(hoard(st)) == 3 and all(sum(h.values()) == 4 for h in hoard(st))
    total = {}
    for h in hoard(st):
        for r, n in h.items():
            total[r] = total.get(r, 0) + n
    assert total == {"gold": 3, "food": 3, "wood": 3, "ore": 3}
    assert set(ids(st, 0)) == {"stack:1", "stack:2", "stack:3"}
    chosen = dict(hoard(st)[1])
    before = dict(res(st, 0))
    st.apply(0, "stack:2")
    assert impressions(st) == [0] and len(hoard(st)) == 2
    assert all(res(st, 0)[r] == before[r] + chosen.get(r, 0) for r in before)
    assert where(st, 0) == "a1" and fame(st, 0) == 15


@rule("LD-VIC-4", "LD-VIC-5", "LD-VIC-7", "LD-GAP-25")
def test_impress_by_gold_economy_and_ring():
    st = game(4)
    k = knight(st, 0)
    assert st.impresses(0, k) is None
    set_lord(st, 0, gold=12)
    assert st.impresses(0, k) == "gold"
    set_lord(st, 0, gold=0)
    for t in ("d1", "e2", "b4", "a5"):
        set_owner(st, t, 0)
    assert st.starred_count(0) == 4 and st.impresses(0, k) == "economy"
    set_owner(st, "a5", None)
    give_item(st, 0, "ring_eye")
    assert st.impresses(0, k) == "ring"


@rule("LD-DOOM-6", "LD-DOOM-7", "LD-VIC-6", "LD-DRAG-1", "LD-DRAG-2", "LD-DRAG-3", "LD-DRAG-4", "LD-DRAG-5", "LD-DRAG-6",
      "LD-GAP-51", "LD-UI-15")
def test_dragon_combat_win():
    st = game(4)
    ds = _to_doomspire(st, rnd=1)                                      # dragon combat from round 1
    set_lord(st, 0, might=12)
    rolls(st, 1, 1, 3, 3, 2, 2, 1, 1)                                  # 2+12 vs 6+8 tie; reroll 4+12 vs 2+8
    go(st, 0, f"move:k1>{ds}")                                       # no flee offered: straight to the fight
    lines = log_lines(st)
    assert any("tie at 14" in x for x in lines) and any("defeats the dragon (16 vs 10)" in x for x in lines)
    assert set(ids(st, 0)) == {"stack:1", "stack:2", "stack:3"}
    st.apply(0, "stack:1")
    assert impressions(st) == [0] and fame(st, 0) == 1                 # no fame for the fight itself


@rule("LD-DOOM-11", "LD-DRAG-7", "LD-DOOM-12", "LD-UI-24")
def test_dragon_eats_the_last_knight():
    st = game(4)
    ds = _to_doomspire(st)
    give_item(st, 0, "sword")
    rolls(st, 1, 1, 3, 3)
    go(st, 0, f"move:k1>{ds}")
    assert knight_ids(st, 0) == []
    assert set(ids(st, 0)) == {"stay", "concede"}
    st.apply(0, "stay")
    assert not is_out(st, 0) and st.max_dice(0) == 1


@rule("LD-VIC-1", "LD-VIC-9", "LD-DOOM-9", "LD-GAP-28", "LD-RANK-1", "LD-RANK-2", "LD-RANK-3", "LD-RANK-4", "LD-RANK-6",
      "LD-RANK-8", "LD-GAP-55")
def test_third_impression_ends_the_game_with_ranking():
    st = game(4)
    ds = _to_doomspire(st)
    reveal_tile(st, ds)
    set_hoard(st, [{"gold": 4}])
    set_impressions(st, [0, 1])                                         # one player may impress twice
    set_lord(st, 0, gold=12)
    set_owner(st, "b1", 2)                                             # P3 most tiles: Hand of the King
    set_lord(st, 3, gold=9)                                            # P4 most gold: Master of Coin
    go(st, 0, f"move:k1>{ds}")
    assert st.is_over
    out = st.outcome()
    assert out.winners == (0,) and out.ranking == ((0,), (2,), (3,), (1,))
    assert st.view(None)["titles"] == ["King of Doomspire", "Hand of the King", "Master of Coin", "Court Jester"]


@rule("LD-RANK-5", "LD-RANK-7", "LD-UI-25")
def test_ranking_tie_breaks_and_king_decides():
    st = game(4)
    set_owner(st, "b1", 1)
    set_owner(st, "d1", 2)                                             # same count, d1 is starred: P3 Hand
    set_lord(st, 1, gold=3, food=2)
    set_lord(st, 3, gold=3, food=0)                                     # tie on gold: P2 more in total
    crown(st, 0)
    assert st.outcome().ranking == ((0,), (2,), (1,), (3,))
    st = game(4)
    set_owner(st, "b1", 1)
    set_owner(st, "c2", 2)                                              # full tie: the King decides
    crown(st, 0)
    assert st.to_act == (0,) and set(ids(st, 0)) == {"pick:2", "pick:3"}
    st.apply(0, "pick:3")
    assert set(ids(st, 0)) == {"pick:2", "pick:4"}                      # Master of Coin tied too (2 gold each)
    st.apply(0, "pick:4")
    assert st.outcome().ranking == ((0,), (2,), (3,), (1,))


# ---------------------------------------------------------------- knight combat
@rule("LD-KVK-1", "LD-KVK-2", "LD-MOVE-13", "LD-KVK-9", "LD-KVK-10", "LD-KVK-12", "LD-KVK-13", "LD-KVK-14", "LD-GAP-48",
      "LD-GAP-49", "LD-TURN-7", "LD-GAP-46", "LD-KVK-4")
def test_knight_combat_when_stopping_on_a_rival():
    st = game(4)
    place(st, 1, "c2")
    set_lord(st, 1, food=1)
    to_move(st, 0, [2], rnd=2)
    place(st, 0, "b1")
    go(st, 0, "move:k1>c2")
    assert st.to_act == (1,) and set(ids(st, 1)) == {"fight", "flee"}  # the occupant may flee
    rolls(st, 3, 3, 1, 1)
    st.apply(1, "fight")
    assert st.to_act == (0,) and set(ids(st, 0)) == {"steal:gold", "steal:food"}
    st.apply(0, "steal:food")
    assert fame(st, 0) == 1 and res(st, 0)["food"] == 1
    assert where(st, 1) == "h1" and where(st, 0) == "c2"
    assert res(st, 1)["gold"] == 2                                     # no healing cost on top


@rule("LD-KVK-11", "LD-GAP-50", "LD-KVK-15")
def test_knight_combat_ties_reroll_and_item_steal():
    st = game(4)
    place(st, 1, "c2")
    sword = give_item(st, 1, "sword")
    set_lord(st, 1, gold=0)
    to_move(st, 0, [2], rnd=2)
    place(st, 0, "b1")
    go(st, 0, "move:k1>c2")
    rolls(st, 2, 2, 1, 2, 3, 3, 1, 1)                                  # 4 vs 3+1 tie; then 6 vs 2+1
    st.apply(1, "fight")
    assert any("tie" in x for x in log_lines(st))
    assert items(st, 0) == [sword] and items(st, 1) == []


@rule("LD-MOVE-14", "LD-MOVE-15", "LD-KVK-3", "LD-UI-8")
def test_passing_a_rival_who_may_block():
    st = game(4)
    set_tile(st, "c1", "EM")
    place(st, 1, "c1")
    to_move(st, 0, [3], rnd=2)
    place(st, 0, "b1")
    set_tile(st, "b1", "EM")
    set_owner(st, "b1", None)
    # only path to e1 runs through c1? b2 route exists; force through row 1 by blocking b2
    put_monster(st, "b2")
    put_monster(st, "c2")
    go(st, 0, "move:k1>d1")
    assert st.to_act == (1,) and set(ids(st, 1)) == {"block", "pass"}
    st.apply(1, "pass")
    assert where(st, 0) == "d1"
    to_move(st, 0, [3], rnd=2)
    place(st, 0, "b1")
    go(st, 0, "move:k1>d1")
    st.apply(1, "block")
    assert where(st, 0) == "c1" and st.to_act == (0,) and set(ids(st, 0)) == {"fight", "flee"}    # blocked one may flee


@rule("LD-KVK-5", "LD-KVK-6", "LD-KVK-7", "LD-KVK-8", "LD-GAP-47")
def test_fleeing_knight_combat_gives_to_the_attacker():
    def setup(r):
        st = game(4)
        place(st, 1, "c2")
        set_lord(st, 1, gold=0, wood=1)
        to_move(st, 0, [2], rnd=2)
        place(st, 0, "b1")
        go(st, 0, "move:k1>c2")
        rolls(st, r, 1, 1, 3, 3)
        return st
    st = setup(2)
    give_item(st, 1, "rope")
    st.apply(1, "flee")                                                # rope: 2 -> 3, home without loss
    assert where(st, 1) == "h1" and res(st, 1)["wood"] == 1
    st = setup(2)
    st.apply(1, "flee")
    assert where(st, 1) == "h1" and res(st, 0)["wood"] == 1 and res(st, 1)["wood"] == 0
    st = setup(1)
    st.apply(1, "flee")                                                # failure: fight
    assert any("knight combat" in x for x in log_lines(st))


@rule("LD-TURN-6", "LD-KVK-1", "LD-RES-10", "LD-TRADE-1", "LD-GAP-57", "LD-UI-22")
def test_round_one_is_peaceful_and_trades_from_round_two():
    st = game(4)
    to_move(st, 0, [1])
    assert not any(a.startswith("trade:") for a in ids(st, 0) + free_ids(st, 0) + free_ids(st, 1))
    set_lord(st, 0, food=2)
    to_move(st, 0, [1], rnd=2)
    set_lord(st, 2, ore=1)
    assert "trade:to:3" in free_ids(st, 0) and "trade:to:3" in free_ids(st, 1)
    offer(st, 0, 2, give={"food": 2}, get={"ore": 1})
    assert st.to_act == (2,) and set(ids(st, 2)) == {"accept", "decline"}
    st.apply(2, "accept")
    assert res(st, 0)["ore"] == 1 and res(st, 2)["food"] == 2 and st.to_act == (0,)


@rule("LD-TRADE-2", "LD-TRADE-3", "LD-FOL-3", "LD-FOL-4", "LD-FOL-5")
def test_items_and_followers_are_not_traded():
    st = game(4)
    to_move(st, 0, [1], rnd=2)
    set_followers(st, 0, ["squire"])
    give_item(st, 0, "sword")
    set_lord(st, 1, resources={"gold": 1, "food": 1, "wood": 1, "ore": 1})
    st.apply(0, "trade:to:2")
    acts = ids(st, 0) + free_ids(st, 0)
    steps = [a for a in acts if a.startswith("trade:") and a.split(":")[1] in ("give", "get")]
    assert len(steps) == 5                                              # trading is open: resources only
    for a in steps:
        assert a.split(":")[2] in ("gold", "food", "wood", "ore"), a
    item = items(st, 0)[0]
    assert not any(item in a or "sword" in a for a in acts if not a.startswith("drop:"))
    assert not any("squire" in a for a in acts if not a.startswith("dismiss:"))


# ---------------------------------------------------------------- territory
@rule("LD-TERR-12", "LD-TERR-13", "LD-TERR-1", "LD-TERR-2", "LD-TERR-3", "LD-TERR-4", "LD-TERR-5", "LD-GAP-30",
      "LD-GAP-52", "LD-UI-23")
def test_example_blockade():
    """Alice owns home, a 2-gold, a 1-wood and a 2-ore tile; Bob's knights sit on the gold and wood tiles."""
    st = game(4)
    alice, bob = 0, 1
    set_tile(st, "c2", "HG")
    set_tile(st, "a2", "W1")
    set_tile(st, "d1", "O2")
    for t in ("c2", "a2", "d1"):
        set_owner(st, t, alice)
    place(st, alice, "c1")                                              # adjacent to the gold tile
    place(st, bob, "c2")
    add_knight(st, bob, "a2")
    to_harvest(st, {alice: [2], bob: [1]}, rnd=2)
    assert sorted(st.eligible(alice)) == ["a1", "c2", "d1"]
    assert sorted(st.eligible(bob)) == ["a2", "h1"]
    assert st.view(0)["tiles"]["a2"]["blockaded_by"] == bob and st.view(0)["tiles"]["c2"]["protected"]
    st.apply(alice, "harvest:c2")
    st.apply(alice, "harvest:d1")
    assert res(st, alice) == {"gold": 4, "food": 0, "wood": 0, "ore": 2}
    st.apply(bob, "harvest:a2")
    assert res(st, bob)["wood"] == 1
    assert owner(st, "a2") == alice                                    # ownership unchanged


@rule("LD-TERR-6", "LD-RES-9")
def test_blockade_ends_when_the_knight_leaves():
    st = game(4)
    set_owner(st, "a2", 0)
    place(st, 1, "a2")
    place(st, 0, "d1")
    to_harvest(st, {0: [1]}, rnd=2)
    assert "a2" not in st.eligible(0)
    place(st, 1, "h1")
    assert "a2" in st.eligible(0)


@rule("LD-TERR-7", "LD-TERR-8", "LD-TERR-9", "LD-TERR-10", "LD-TERR-11", "LD-GAP-53", "LD-GAP-10", "LD-UI-9")
def test_revolt_and_conquer():
    st = game(4)
    set_owner(st, "b1", 1)
    place(st, 1, "h1")
    to_move(st, 0, [1, 1], rnd=2)
    assert "revolt" not in ids(st, 0)
    go(st, 0, "move:k1>b1")
    assert "revolt" not in ids(st, 0) and "conquer" not in ids(st, 0)  # no fame, no might
    set_lord(st, 0, fame=1, might=1)
    acts = plain_ids(st, 0)
    assert "revolt" in acts and "conquer" in acts
    st.apply(0, "revolt")
    assert owner(st, "b1") is None and fame(st, 0) == 0 and "claim" not in ids(st, 0)
    to_move(st, 0, [1], rnd=3)
    go(st, 0, "stay:k1")
    st.apply(0, "claim")
    assert owner(st, "b1") == 0
    set_owner(st, "c1", 1)
    set_tile(st, "c1", "G1")
    set_owner(st, "c1", 1)
    to_move(st, 0, [1], rnd=3)
    go(st, 0, "move:k1>c1")
    st.apply(0, "conquer")
    assert owner(st, "c1") == 0 and might(st, 0) == 0
    # a protected tile cannot be touched
    set_owner(st, "d1", 1)
    place(st, 1, "e1")
    set_lord(st, 0, might=1)
    to_move(st, 0, [1], rnd=3)
    go(st, 0, "move:k1>d1")
    assert "conquer" not in ids(st, 0)


# ---------------------------------------------------------------- conceding
@rule("LD-CONC-1", "LD-CONC-2", "LD-CONC-3", "LD-CONC-4", "LD-GAP-54")
def test_conceding():
    st = game(4)
    set_owner(st, "b1", 1)
    to_move(st, 1, [1])
    st.apply(1, "concede")
    st.apply(1, "concede:yes")
    assert is_out(st, 1) and knight_ids(st, 1) == [] and boats(st, 1) == []
    assert owner(st, "h1") == -1 and owner(st, "b1") == -1
    to_move(st, 0, [3], rnd=2)
    place(st, 0, "g1")
    assert "move:k1>h1" in plain_ids(st, 0)                                   # the former home may be entered
    go(st, 0, "move:k1>h1")
    to_harvest(st, {0: [1]}, rnd=2)
    assert "h1" in st.eligible(0)                                      # neutral tile blockaded
    for s in (2, 3):
        to_move(st, s, [1])
        st.apply(s, "concede")
        st.apply(s, "concede:yes")
    assert st.is_over and st.outcome().winners == (0,)


# ---------------------------------------------------------------- buildings
@rule("LD-BLD-1", "LD-BLD-2", "LD-BLD-3", "LD-BLD-4", "LD-BLD-5", "LD-BLD-6", "LD-BLD-7", "LD-BLD-8", "LD-HARV-10",
      "LD-HARV-11", "LD-GAP-56", "LD-GAP-58")
def test_build_knight_boat_warship():
    st = game(4)
    set_lord(st, 0, resources={"gold": 20, "food": 20, "wood": 20, "ore": 20})
    to_harvest(st, {0: [1]})
    st.apply(0, "build:knight")
    assert res(st, 0)["food"] == 17 and res(st, 0)["ore"] == 19        # paid at once
    assert harvest_done(st, 0) and dice_used(st, 0) == [False]         # one build, no die
    assert knight_ids(st, 0) == ["k1"]                                  # the knight comes at the end of the phase
    end_harvest(st)
    assert knight_ids(st, 0) == ["k1", "k2"] and where(st, 0, "k2") == "a1"
    assert st.max_dice(0) == 3
    add_knight(st, 0, "a1")
    to_harvest(st, {0: []})
    assert "build:knight" not in ids(st, 0)                             # max 3 knights
    st.apply(0, "build:boat")
    end_harvest(st)
    assert boats(st, 0) == [("b1", "nw"), ("b2", "nw")]                 # the starting boat and a new one (LD-GAP-3)
    to_harvest(st, {0: []})
    assert "build:boat" not in ids(st, 0)                               # max 2 boats
    st.apply(0, "build:warship")
    end_harvest(st)
    to_harvest(st, {0: []})
    assert has_warship(st, 0) and "build:warship" not in ids(st, 0)


@rule("LD-BLD-11", "LD-BLD-12", "LD-BLD-13", "LD-BLD-14", "LD-BLD-15", "LD-BLD-16", "LD-BLD-17", "LD-BLD-18", "LD-BLD-19",
      "LD-BLD-20", "LD-BLD-21", "LD-BLD-22", "LD-HARV-9", "LD-HARV-12", "LD-GAP-59", "LD-UI-18")
def test_buildings_and_their_use():
    st = game(4)
    set_lord(st, 0, resources={"gold": 20, "food": 20, "wood": 30, "ore": 20})
    to_harvest(st, {0: [1]})
    assert "build:monastery" not in ids(st, 0)
    st.apply(0, "build:market")
    end_harvest(st)
    to_harvest(st, {0: [1]})
    assert "sell:food+wood" in ids(st, 0)
    set_lord(st, 0, resources={"gold": 0, "food": 3, "wood": 1, "ore": 0})
    st.apply(0, "sell:food+food")
    st.apply(0, "sell:food+wood")                                       # 3 food + 1 wood -> 2 gold
    assert res(st, 0) == {"gold": 2, "food": 0, "wood": 0, "ore": 0}
    assert not any(a.startswith("harvest:") for a in ids(st, 0))        # harvest comes before building use
    set_lord(st, 0, resources={"gold": 20, "food": 20, "wood": 30, "ore": 20})
    for key, gain in (("chapel", 3), ("monastery", 5)):
        to_harvest(st, {0: []})
        f0 = fame(st, 0)
        st.apply(0, f"build:{key}")
        end_harvest(st)
        assert fame(st, 0) == f0 + gain
    assert "chapel" in buildings(st, 0) and "monastery" in buildings(st, 0)
    for key, use, cost in (("blacksmith", "smith", {"gold": 1, "ore": 3}), ("fletcher", "fletch", {"wood": 3, "ore": 1})):
        to_harvest(st, {0: []})
        st.apply(0, f"build:{key}")
        assert use not in ids(st, 0)                                    # not usable in the phase it is built
        end_harvest(st)
        to_harvest(st, {0: []})
        before, m = res(st, 0), might(st, 0)
        st.apply(0, use)
        assert might(st, 0) == m + 1 and all(res(st, 0)[r] == before[r] - cost.get(r, 0) for r in before)
        assert use not in ids(st, 0)                                    # once per harvest phase


# ---------------------------------------------------------------- special tiles, items, followers
@rule("LD-SPEC-1", "LD-SPEC-2", "LD-SPEC-3", "LD-SPEC-4", "LD-SPEC-6", "LD-GAP-42", "LD-GAP-23", "LD-ITEM-3")
def test_trader_and_temple():
    st = game(4)
    set_lord(st, 0, resources={"gold": 6, "food": 3, "wood": 1, "ore": 0})
    place(st, 0, "a3")
    to_move(st, 0, [1])
    go(st, 0, "move:k1>a4")
    st.apply(0, "swap:food+food>ore")
    st.apply(0, "swap:food+wood>ore")                                   # 3 food + 1 wood -> 2 ore, one use
    assert res(st, 0)["ore"] == 2 and res(st, 0)["food"] == 0
    set_trader_stock(st, "sword", 1)
    st.apply(0, "buy:sword")
    assert res(st, 0)["gold"] == 3 and trader_stock(st, "sword") == 0 and "buy:sword" not in ids(st, 0)
    # temple
    st = game(4)
    place(st, 0, "d7")
    set_lord(st, 0, fame=1)
    to_move(st, 0, [1])
    go(st, 0, "move:k1>d8")
    assert "temple" not in ids(st, 0)
    to_move(st, 0, [1])
    set_lord(st, 0, fame=3)
    go(st, 0, "stay:k1")
    st.apply(0, "temple")
    assert fame(st, 0) == 1 and might(st, 0) == 1


@rule("LD-ITEM-1", "LD-ITEM-2", "LD-ITEM-4", "LD-ITEM-5", "LD-ITEM-6", "LD-ITEM-7", "LD-ITEM-8", "LD-GAP-43", "LD-GAP-44",
      "LD-UI-21", "LD-TILE-16")
def test_items_carry_drop_pick():
    st = game(4)
    k = knight(st, 0)
    give_item(st, 0, "sword")
    give_item(st, 0, "rope")
    assert st.slots(k) == 2
    to_move(st, 0, [1])
    set_tile(st, "b2", "A1", tokens=1)
    place(st, 0, "b2")
    top_card(st, "trapper")
    go(st, 0, "stay:k1")
    assert len(items(st, 0)) == 2 and len(tile_items(st, "b2")) == 1    # no room: it lies on the tile
    spear = tile_items(st, "b2")[0]
    drop = f"drop:k1:{items(st, 0)[0]}"
    st.apply(0, drop)
    st.apply(0, f"pick:k1:{spear}")
    assert spear in items(st, 0) and dice_used(st, 0) == [True]           # no die for items
    give_item(st, 0, "backpack")
    assert st.slots(k) == 3


@rule("LD-FOL-1", "LD-FOL-2", "LD-FOL-6", "LD-ADV-13", "LD-GAP-24", "LD-MON-9")
def test_followers():
    st = game(4)
    k = knight(st, 0)
    set_followers(st, 0, ["squire", "hound"])
    set_tile(st, "b2", "A1", tokens=1)
    place(st, 0, "b2")
    top_card(st, "dog")
    to_move(st, 0, [1])
    go(st, 0, "stay:k1")
    assert set(ids(st, 0)) == {"dismiss:squire", "dismiss:hound", "decline"}
    st.apply(0, "dismiss:squire")
    assert followers(st, 0) == ["hound", "hound"]
    assert st.combat_bonus(k, "beast") == 4 and st.combat_bonus(k, "cave") == 0
    st.apply(0, "dismiss:k1:hound")
    assert followers(st, 0) == ["hound"]
    # one-shot bonus chosen during combat
    potion = give_item(st, 0, "potion")
    put_monster(st, "b1")
    to_move(st, 0, [1])
    place(st, 0, "a1")
    go(st, 0, "move:k1>b1")
    rolls(st, 1)
    st.apply(0, "fight")
    assert set(ids(st, 0)) == {f"use:{potion}", "nouse"}
    st.apply(0, f"use:{potion}")                                         # 1 + 2 hound + 3 = 6 >= 5
    assert monster(st, "b1") is None and potion not in items(st, 0)


@rule("LD-ADV-6", "LD-ADV-7", "LD-ADV-8", "LD-ADV-9", "LD-ADV-11", "LD-ADV-12", "LD-GAP-19", "LD-RES-1", "LD-RES-3",
      "LD-RES-4", "LD-RES-5", "LD-RES-6", "LD-GAP-13", "LD-GAP-60")
def test_content_themes_and_resources():
    st = game(4)
    C = st.C
    cards = C["cards"]
    assert len(cards) >= 40 and {c["theme"] for c in cards} == {"beast", "cave", "grove"}
    assert {c["type"] for c in cards} == {"monster", "event", "treasure", "encounter"}
    assert any(c["name"] == "Bandit" and c["might"] == 3 for c in cards)
    assert any(c["name"] == "Bear" and c["might"] == 5 for c in cards) and C["board"]["bear"]["might"] == 5

    def loot(theme):
        out = {}
        for c in cards:
            if c["theme"] == theme:
                gains = [c.get("loot", {})] + [e["gain"] for e in c.get("effects", []) if "gain" in e]
                for g in gains:
                    for r, n in g.items():
                        out[r] = out.get(r, 0) + n
        return out
    themes = {t: loot(t) for t in ("beast", "cave", "grove")}
    for theme, res in (("beast", "food"), ("cave", "ore"), ("grove", "wood")):
        # no resource comes more from this theme than its own, and no other theme gives as much of it
        assert themes[theme][res] == max(themes[theme].values()), (theme, themes[theme])
        assert all(themes[t].get(res, 0) < themes[theme][res] for t in themes if t != theme), (res, themes)
    kinds = C["board"]["kinds"]
    assert all(sum(k["yield"].values()) in (1, 2) for k in kinds.values() if k["type"] == "resource")
    assert not st.starred("a1")


@rule("LD-UI-15", "LD-UI-12")
def test_dragon_roll_is_automatic_and_totals_are_shown():
    st = game(4)
    ds = _to_doomspire(st)
    set_lord(st, 2, fame=5)                                             # the biggest rival rolls for the dragon
    give_item(st, 0, "potion")
    rolls(st, 1, 1, 3, 3)
    go(st, 0, f"move:k1>{ds}")
    assert any("rolled by P3" in x for x in log_lines(st))
    assert any("now 2 vs 14" in a.label for a in st.legal_actions(0))




# ---------------------------------------------------------------- more paths: events, third-party support, undo
@rule("LD-ADV-11", "LD-TURN-6")
def test_events_scatter_send_home_and_lose():
    st = game(4)
    set_tile(st, "b2", "A2", tokens=2)
    place(st, 0, "b2")
    place(st, 1, "c2")                                                  # rival next to the drawing knight
    top_card(st, "echo")
    to_move(st, 0, [1])
    go(st, 0, "stay:k1")
    assert where(st, 1) == "c2"                                         # round 1: nobody is scared off
    top_card(st, "echo")
    to_move(st, 0, [1], rnd=2)
    go(st, 0, "stay:k1")
    assert where(st, 1) == "h1" and fame(st, 0) == 2
    top_card(st, "stampede1")
    set_tile(st, "b2", "A1", tokens=1)
    to_move(st, 0, [1], rnd=2)
    go(st, 0, "stay:k1")
    assert where(st, 0) == "a1"
    top_card(st, "collapse")
    set_tile(st, "a2", "A1", tokens=1)
    place(st, 0, "a2")
    set_lord(st, 0, gold=1, ore=1)
    to_move(st, 0, [1], rnd=2)
    go(st, 0, "stay:k1")
    assert set(ids(st, 0)) == {"lose:gold", "lose:ore"}
    st.apply(0, "lose:ore")
    assert res(st, 0)["ore"] == 0


@rule("LD-KVK-10", "LD-MON-16", "LD-BLD-10")
def test_knight_combat_support_warships_and_one_shots():
    st = game(4)
    a, dfd, third = 0, 1, 2
    place(st, dfd, "b1")                                                # coastal, NW zone
    set_lord(st, a, warship=True)
    set_boats(st, a, "nw")                                              # A's warship supports at b1
    place(st, third, "b2")                                              # third lord next to b1
    potion = give_item(st, dfd, "potion")
    to_move(st, a, [2], rnd=2)
    place(st, a, "d1")
    go(st, a, "move:k1>b1")
    rolls(st, 1, 1, 1, 1)                                               # 2 vs 2
    st.apply(dfd, "fight")
    assert st.to_act == (third,) and set(ids(st, third)) == {"support:1", "support:2", "support:no"}
    st.apply(third, "support:2")                                        # defender +2
    assert st.to_act == (dfd,) and set(ids(st, dfd)) == {f"use:{potion}", "nouse"}
    st.apply(dfd, f"use:{potion}")                                      # A: 2 + 2 warship = 4; D: 2 + 2 + 3 = 7
    assert where(st, a) == "a1" and fame(st, dfd) == 1


@rule("LD-TRADE-1", "LD-CONC-1", "LD-HARV-2")
def test_offers_and_conceding_in_the_harvest_phase():
    st = game(3)
    to_harvest(st, {0: [1], 1: [1], 2: [1]}, rnd=2)
    set_lord(st, 0, food=1)
    set_lord(st, 1, wood=1)
    offer(st, 0, 1, give={"food": 1}, get={"wood": 1})
    assert st.to_act == (1,)
    st.apply(1, "decline")
    assert set(st.to_act) == {0, 1, 2}
    st.apply(2, "concede")
    st.apply(2, "concede:yes")
    assert set(st.to_act) == {0, 1}
    st.apply(0, "done")
    st.apply(1, "done")
    assert phase(st) == "roll" and set(st.to_act) == {0, 1}


def test_undo_only_without_hidden_information():
    st = game(4)
    to_move(st, 0, [1, 2])
    place(st, 0, "b3")
    set_tile(st, "b3", "EM")
    go(st, 0, "move:k1>a3")
    assert st.can_undo(0)
    st2 = st.undo(0)
    assert st2.history == st.history[:-1]
    st = game(4)
    to_move(st, 0, [1])
    place(st, 0, "b3")
    set_tile(st, "b3", "EM")
    go(st, 0, "move:k1>c3")                                           # explores: reveals a hidden tile
    assert not st.can_undo(0)


@rule("LD-GAP-4")
def test_rules_page_states_the_decisions():
    html = GAME.rules_html()
    for phrase in ("three-sided: 1, 2 or 3", "Safeguard", "King of Doomspire", "Hand of the King", "Master of Coin",
                   "Court Jester", "blockade", "protected", "once a round", "2D3"):
        assert phrase.lower() in html.lower(), phrase


@rule("LD-ITEM-4", "LD-FOL-6", "LD-UI-21")
def test_drop_and_dismiss_also_in_the_harvest_phase():
    st = game(4)
    sword = give_item(st, 0, "sword")
    set_followers(st, 0, ["miner"])
    to_harvest(st, {0: [1]})
    acts = plain_ids(st, 0)
    assert f"drop:k1:{sword}" in acts and "dismiss:k1:miner" in acts and not any(a.startswith("pick:") for a in acts)
    st.apply(0, f"drop:k1:{sword}")
    st.apply(0, "dismiss:k1:miner")
    assert tile_items(st, "a1") == [sword] and followers(st, 0) == [] and 0 in st.to_act


@rule("LD-ITEM-2", "LD-GAP-44")
def test_losing_a_carry_bonus_leaves_extra_items_on_the_tile():
    st = game(4)
    k = knight(st, 0)
    set_followers(st, 0, ["squire"])
    carried = [give_item(st, 0, key) for key in ("sword", "rope", "lantern")]
    assert st.slots(k) == 3
    to_move(st, 0, [1])
    st.apply(0, "dismiss:k1:squire")
    assert items(st, 0) == carried[:2] and tile_items(st, "a1") == [carried[2]]


@rule("LD-TRADE-1", "LD-GAP-57", "LD-ROLL-6")
def test_trade_for_food_before_rolling():
    st = game(4)
    set_round(st, 2)
    add_knight(st, 0, "a1")
    set_lord(st, 1, food=2)
    assert "roll:3" not in ids(st, 0)                                   # no food for the third die
    offer(st, 0, 1, give={"gold": 1}, get={"food": 1})
    st.apply(1, "accept")
    offer(st, 0, 1, give={"gold": 1}, get={"food": 1})
    st.apply(1, "accept")
    assert res(st, 0) == {"gold": 0, "food": 2, "wood": 0, "ore": 0}
    assert "roll:3" in ids(st, 0) and "trade:to:3" in free_ids(st, 0)   # no limit on the number of offers


@rule("LD-ROLL-6")
def test_food_traded_away_after_choosing_means_fewer_dice():
    st = game(2)
    set_round(st, 2)
    add_knight(st, 0, "a1")
    set_lord(st, 0, food=2)
    set_lord(st, 1, ore=1)
    st.apply(0, "roll:3")
    offer(st, 1, 0, give={"ore": 1}, get={"food": 1})
    st.apply(0, "accept")
    st.apply(1, "roll:1")
    assert len(dice(st, 0)) == 2 and res(st, 0)["food"] == 1

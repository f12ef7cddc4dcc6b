"""Clockwork Crusade: setup and the turn steps."""
from __future__ import annotations

import pytest

from pyapp.engine.log import plain
from pyapp.games.clockwork import GAME, content
from pyapp.games.clockwork.geometry import adjacent
from clockwork_helpers import (Script, active, add_gate, add_portal, begin_turn, empty_stack, gates, give, hand,
                                    hand_keys, ids, log, main, phase, portals, put, resources, set_resources,
                                    setup, stack, units)

rule = pytest.mark.rule


@rule("CC-OVR-1", "CC-UI-12")
def test_two_to_six_players():
    for n in range(2, 7):
        st = GAME.new(n, 1)
        assert len(set(st.view(None)["names"])) == n
    for n in (1, 7):
        with pytest.raises(ValueError):
            GAME.new(n, 1)


@rule("CC-SETUP-1", "CC-GAP-7", "CC-GAP-11")
def test_roll_off_rerolls_only_the_tied_highest():
    st = GAME.new(3, 1)
    st.rng = Script(rolls=[5, 5, 3, 2, 6])
    assert st._roll_off([0, 1, 2], "a test") == 1
    assert st.rng.rolls == [] and log(st)[-1] == "Blue rolls highest."
    assert "Red 5, Blue 5, Green 3" in log(st)[-3] and "Red 2, Blue 6" in log(st)[-2]


@rule("CC-SETUP-1", "CC-SETUP-2", "CC-GAP-8", "CC-UI-13", "CC-MAT-6")
def test_grids_are_placed_in_turn_order_from_the_highest_roller():
    st = GAME.new(3, 4)
    first = st.view(None)["first"]
    assert st.to_act == (first,) and st.view(None)["phase"] == "grids"
    seats = []
    for i in range(content.GRIDS_PER_PLAYERS[3]):
        seat = st.to_act[0]
        seats.append(seat)
        st.apply(seat, [a for a in ids(st) if a.startswith("grid:")][0])
    assert seats == [(first + i) % 3 for i in range(5)]
    assert len(st.view(None)["board"]["grids"]) == 5 and phase(st) == "gates"


@rule("CC-SETUP-3", "CC-GAP-6", "CC-GAP-5")
def test_each_new_grid_must_touch_a_placed_one():
    st = GAME.new(2, 1)
    assert len(ids(st)) == len(content.GRIDS) * 6  # the first grid goes anywhere in the 2-player table (3 x 2)
    st.apply(st.to_act[0], "grid:steppe@s1")
    slots = {a.split("@")[1] for a in ids(st)}
    assert slots == {"s2", "s5"}  # the slots sharing a side with s1
    st.apply(st.to_act[0], "grid:outpost@s2")
    assert "grid:outpost@s6" not in ids(st)  # each design once


@rule("CC-GAP-5", "CC-SETUP-3")
def test_a_game_uses_only_the_part_of_the_table_its_grids_can_fill():
    """House rule (issue 16): 3 x 2 slots for 2 and 3 players, 4 x 2 for 4, the whole 4 x 3 for 5 and 6, so a
    small game's board stays compact on a phone; every grid of every game still finds a slot."""
    from pyapp.games.clockwork.geometry import table_slots
    expect = {2: {"s1", "s2", "s3", "s5", "s6", "s7"}, 3: {"s1", "s2", "s3", "s5", "s6", "s7"},
              4: {f"s{i}" for i in range(1, 9)}, 5: {f"s{i}" for i in range(1, 13)}, 6: {f"s{i}" for i in range(1, 13)}}
    for players, slots in expect.items():
        st = GAME.new(players, 3)
        assert {a.split("@")[1] for a in ids(st)} == slots == set(table_slots(players))
        assert st.view(None)["board"]["slots"] == list(table_slots(players))
        while phase(st) == "grids":                # placed in the last legal slot each time: never stuck
            acts = ids(st)
            assert acts and {a.split("@")[1] for a in acts} <= slots
            st.apply(st.to_act[0], acts[-1])
        assert len(st.view(None)["board"]["grids"]) == content.GRIDS_PER_PLAYERS[players]


@rule("CC-GAP-6")
def test_a_grid_touching_only_through_water_is_refused(monkeypatch):
    """Touching means a pair of non-water hexes sharing an edge: a design whose left column is all
    water cannot join Steppe from the right (slot 2), but can from below (slot 5, land on top)."""
    st = GAME.new(2, 1)
    st.apply(st.to_act[0], "grid:steppe@s1")
    monkeypatch.setitem(content.GRIDS, "moat", {"key": "moat", "name": "Moat",
                                                "rows": ["~AAA.B", "~AAA.B", "~A..BB", "~.~~..", "~CCCC."]})
    assert sorted(a for a in ids(st) if "moat" in a) == ["grid:moat@s5"]
    assert {a.split("@")[1] for a in ids(st)} == {"s2", "s5"}     # other designs still join at s2


@rule("CC-SETUP-4", "CC-SETUP-5", "CC-GAP-9", "CC-GATE-4", "CC-MAT-9", "CC-GAP-17", "CC-UI-14")
def test_starting_gate_tokens_go_on_free_territories_with_the_arrow_inside():
    st = GAME.new(2, 1)
    for g in ("steppe@s1", "crossing@s2", "plateau@s5", "foundry@s6"):
        st.apply(st.to_act[0], "grid:" + g)
    assert st.to_act == (st.view(None)["first"],) and phase(st) == "gates"
    acts = ids(st)
    b = st.board
    for a in acts:
        h, arrow = a[5:].split(">")
        assert b.terr[h] == b.terr[arrow] and arrow in adjacent(h)
    st.apply(st.to_act[0], "gate:a1>a2")
    acts = ids(st)
    assert st.to_act == ((st.view(None)["first"] + 1) % 2,)
    assert not any(b.terr[a[5:].split(">")[0]] == "1A" for a in acts)  # 1A already has a Gate Token
    assert resources(st) == [5, 5]  # starting Gate Tokens are free


@rule("CC-SETUP-6", "CC-SETUP-8", "CC-MAT-1", "CC-MAT-3", "CC-GAP-10", "CC-SETUP-7", "CC-MAT-4", "CC-RSRC-3",
      "CC-TURN-4")
def test_start_of_play():
    st = setup(2, 1)
    v = st.view(None)
    assert "Roll for the first turn" in " ".join(log(st))
    assert v["active"] == v["start"] and v["phase"] == "main"
    assert resources(st) == [5, 5] and units(st) == [] and portals(st) == []
    assert [hand_keys(st, 0), hand_keys(st, 1)] == [["infantry"], ["infantry"]]
    assert len(stack(st)) == len(content.stack_cards())
    assert "gains no resources on their first turn" in log(st)[-1]
    assert [a for a in ids(st) if a.startswith("portal:")] == ["portal:infantry@a2"]


@rule("CC-TURN-1", "CC-TURN-2", "CC-TURN-8", "CC-TURN-9", "CC-TERR-5", "CC-TERR-6", "CC-TERR-8", "CC-GATE-1",
      "CC-GATE-2", "CC-GATE-3", "CC-TERR-9", "CC-UTYPE-1", "CC-RSRC-1", "CC-UI-11")
def test_control_step_capture_is_paid_before_income_which_counts_it():
    st = main(res=[1, 5])
    put(st, "infantry", 0, "e1")
    begin_turn(st, 0)
    assert st.view(0)["phase"] == "control"
    acts = ids(st)
    assert "done" in acts and "gate:d1>d2" in acts
    assert all(st.board.terr[a[5:7]] == "1B" for a in acts if a != "done")
    st.apply(0, "gate:d1>d2")
    assert phase(st) == "main"  # one Gate Token per territory; nothing else to capture
    assert resources(st)[0] == 0 + 2  # paid 1 from 1, then 1A and 1B touch: 2 income
    assert st._controlled(0) == {"1A", "1B"}


@rule("CC-TERR-7", "CC-GAP-19", "CC-GAP-18", "CC-TERR-6")
def test_control_needs_a_soldier_and_no_enemy_unit_and_no_other_gate():
    st = main()
    put(st, "crab-tank", 0, "e1")  # a vehicle cannot capture
    assert st._control_territories(0) == []
    put(st, "infantry", 0, "d1")
    assert st._control_territories(0) == ["1B"]
    put(st, "infantry", 1, "f1")
    assert st._control_territories(0) == []
    st = main()
    put(st, "infantry", 0, "e4")  # 1D holds Blue's Gate Token
    assert st._control_territories(0) == []
    put(st, "infantry", 0, "b2")  # more Gate Tokens in a territory already controlled are allowed
    assert st._control_territories(0) == ["1A"]
    set_resources(st, 0, 0)
    assert st._control_territories(0) == []  # CC-GAP-38


@rule("CC-TURN-7", "CC-TURN-3", "CC-PORT-5", "CC-PORT-6", "CC-GAP-22")
def test_a_soldier_from_this_turns_portal_cannot_capture_yet_but_acts_in_main():
    st = main()
    add_portal(st, "e1", 0, "infantry")
    begin_turn(st, 0)
    assert phase(st) == "main" and st._controlled(0) == {"1A"}
    acts = ids(st)
    assert any(a.startswith("move:e1>") for a in acts)


@rule("CC-RSRC-1", "CC-RSRC-2", "CC-RSRC-4", "CC-GAP-15")
def test_income_counts_touching_controlled_territories_once_each():
    st = main()
    assert st.income(0) == 0  # a lone territory earns nothing
    add_gate(st, "c4", 0, "b4")  # 1C does not touch 1A (neutral row between)
    assert st.income(0) == 0
    add_gate(st, "d1", 0, "d2")  # 1B touches 1A
    assert st.income(0) == 2
    add_gate(st, "e2", 0, "e1")  # a second Gate Token in 1B adds nothing
    assert st.income(0) == 2
    add_gate(st, "g1", 0, "g2")  # 2A touches 1B across the grid border
    assert st.income(0) == 3  # 1A, 1B, 2A: 1 each however many they touch; 1C still alone


@rule("CC-PORT-1", "CC-PORT-2", "CC-PORT-3", "CC-UI-15", "CC-GAP-21", "CC-CARD-2", "CC-MAT-10", "CC-MAT-5")
def test_portals_at_gate_arrows_for_held_cards_only():
    st = main(res=[9, 5])
    give(st, 0, "crab-tank")
    acts = [a for a in ids(st) if a.startswith("portal:")]
    assert acts == ["portal:infantry@a2", "portal:crab-tank@a2"]
    st.apply(0, "portal:crab-tank@a2")
    assert resources(st)[0] == 4 and portals(st) == [{"hex": "a2", "owner": 0, "card": "crab-tank", "src": "gate"}]
    assert not [a for a in ids(st) if a.startswith("portal:")]  # one portal per Gate Token, arrow hex now blocked
    assert st.level(0, "crab-tank") == 1  # producing does not spend the card
    st.apply(0, "end")
    st.apply(1, "end")
    assert units(st)[0]["card"] == "crab-tank" and units(st)[0]["hex"] == "a2"


@rule("CC-UTYPE-6", "CC-UTYPE-7", "CC-UI-16", "CC-GAP-24", "CC-UTYPE-5")
def test_a_building_is_placed_anywhere_free_in_its_territory_then_never_moves():
    st = main()
    add_portal(st, "a2", 0, "turret")
    put(st, "crab-tank", 0, "c1")
    begin_turn(st, 0)
    assert st.view(0)["phase"] == "portal" and st.view(0)["place"] == "a2"
    acts = ids(st)
    assert "place:a2>b1" in acts
    assert "place:a2>a2" not in acts                 # never stays on the arrow hex it came through (see below)
    assert "place:a2>c1" not in acts and "place:a2>a1" not in acts and "place:a2>d1" not in acts
    st.apply(0, "place:a2>b2")
    assert phase(st) == "main"
    assert not [a for a in ids(st) if a.startswith("move:b2")]


@rule("CC-RSCH-1", "CC-RSCH-2", "CC-RSCH-8", "CC-UI-21", "CC-UI-25", "CC-CARD-1", "CC-GAP-38")
def test_research_costs_four_once_per_turn():
    st = main(res=[8, 5])
    top = stack(st)[-1]
    st.apply(0, "research")
    assert resources(st)[0] == 4 and hand(st, 0)[-1] == top
    assert st.view(0)["drawn"]["id"] == top and st.view(1)["drawn"] is None
    assert "research" not in ids(st)
    assert not st.can_undo(0)  # the draw showed hidden information
    st = main(res=[3, 5])
    assert "research" not in ids(st)


@rule("CC-GAP-37")
def test_no_research_from_an_empty_stack():
    st = main(res=[8, 5])
    empty_stack(st)
    assert "research" not in ids(st)


@rule("CC-RSCH-3", "CC-RSCH-4", "CC-RSCH-5", "CC-RSCH-6", "CC-RSCH-7", "CC-TURN-6", "CC-GAP-13", "CC-GAP-14")
def test_draw_step_card_for_destroying_gate_tokens():
    def game(research):
        st = main(res=[8, 5])
        add_gate(st, "k1", 1, "k2")
        add_gate(st, "d5", 1, "d4")
        put(st, "berserker", 0, "e5")
        st.rng = Script(rolls=[6, 6, 6, 6])
        if research:
            st.apply(0, "research")
        st.apply(0, "attack:e5>f5")
        st.apply(0, "attack:e5>d5")
        assert len(gates(st)) == 2
        st.apply(0, "end")
        return st
    st = game(False)
    assert phase(st) == "draw" and ids(st) == ["draw", "end"]
    n = len(hand(st, 0))
    st.apply(0, "draw")
    assert len(hand(st, 0)) == n + 1 and active(st) == 1
    st = game(False)
    st.apply(0, "end")  # the card is optional
    assert active(st) == 1
    st = game(True)
    assert active(st) == 1  # researched: no Draw step


@rule("CC-TURN-10", "CC-TURN-5")
def test_only_the_active_player_acts_outside_prompts():
    st = main()
    assert st.to_act == (0,) and st.legal_actions(1) == []
    put(st, "infantry", 0, "e3")
    st.apply(0, "move:e3>e2")
    st.apply(0, "portal:infantry@a2")  # interleaved actions in any order
    assert st.to_act == (0,)


@rule("CC-MAT-12", "CC-UI-6", "CC-GAP-36", "CC-UI-7", "CC-UI-8", "CC-UI-3", "CC-OVR-2", "CC-MAT-8", "CC-UI-5",
      "CC-UI-4", "CC-UI-23")
def test_view_shows_public_and_own_information():
    st = main()
    give(st, 0, "infantry")
    put(st, "infantry", 0, "e3")
    v0, v1 = st.view(0), st.view(1)
    assert [p["resources"] for p in v1["player_info"]] == [5, 5]
    assert v0["player_info"][0]["levels"] == {"infantry": 2} and v1["player_info"][0]["levels"] is None
    assert v1["player_info"][0]["hand_count"] == 2 and v1["player_info"][0]["hand"] is None
    u0 = v0["units"][0]
    assert u0["name"] == "Infantry" and u0["owner"] == 0 and u0["attack"] == 2  # level 2.0 shown to the owner
    assert v1["units"][0]["attack"] == 1 and u0["moved"] is False
    assert v1["gates"][0] == {"hex": "a1", "owner": 0, "arrow": "a2"}
    terr = {t["id"]: t["controller"] for t in v1["board"]["territories"]}
    assert terr["1A"] == 0 and terr["1D"] == 1 and terr["1B"] is None
    kinds = {h["kind"] for h in v1["board"]["hexes"].values()}
    assert kinds == {"territory", "neutral", "water"}


@rule("CC-GAP-42")
def test_turn_limit_safeguard_ends_with_a_tie_break():
    st = GAME.new(2, 3, {"max_rounds": 2})
    while not st.is_over:
        seat = st.to_act[0]
        acts = ids(st, seat)
        st.apply(seat, "end" if "end" in acts else "done" if "done" in acts else acts[0])
    out = st.outcome()
    assert out.reason.startswith("Turn limit") and st.view(None)["turn"] == 4
    assert out.winners == (0, 1) and out.kind == "shared" and not out.draw  # all equal: they share the win
    with pytest.raises(ValueError):
        GAME.new(2, 1, {"max_rounds": -1})


@rule("CC-GAP-42", "CC-WIN-1")
def test_the_round_limit_is_a_house_rule_players_can_switch_off():
    """0 rounds switches the safeguard off: only the rulebook's victory ends the game.  The setup screen's
    words for the option are for players: no clause IDs."""
    import re
    st = GAME.new(2, 3, {"max_rounds": 0})
    while st.view(None)["turn"] < 200:
        seat = st.to_act[0]
        acts = ids(st, seat)
        st.apply(seat, "end" if "end" in acts else "done" if "done" in acts else acts[0])
    assert not st.is_over and st.view(0)["turn_limit"] is None
    (opt,) = GAME.options_spec
    assert opt.name == "max_rounds" and opt.min == 0 and opt.default == content_default_rounds()
    for text in (opt.label, opt.help):
        assert not re.search(r"CC-|GAP|clause", text) and "house rule" in (opt.label + opt.help).lower()


def content_default_rounds():
    from pyapp.games.clockwork.rules import DEFAULT_MAX_ROUNDS
    return DEFAULT_MAX_ROUNDS


@rule("CC-GAP-16")
def test_no_token_limit():
    st = main(res=[100, 5])
    for h in ("b1", "c1", "b2", "c2", "d1", "d2", "e1", "e2", "f1", "f2", "e3", "f3"):
        put(st, "infantry", 0, h)
    add_gate(st, "a4", 0, "a5")
    add_gate(st, "c4", 0, "c5")
    assert "portal:infantry@a2" in ids(st) and "portal:infantry@a5" in ids(st)


@rule("CC-PORT-4", "CC-UI-25")
def test_the_public_log_never_names_hidden_things():
    st = main(res=[20, 5])
    give(st, 0, "crab-tank")
    st.apply(0, "portal:crab-tank@a2")
    st.apply(0, "research")
    drawn = st.view(0)["drawn"]["name"]
    v1 = st.view(1)
    text = " ".join(plain(e, v1["names"]) for e in v1["log"][-2:])
    assert "Crab Tank" not in text and drawn not in text
    assert st.view(1)["portals"][0]["unit"] is None and st.view(0)["portals"][0]["unit"] == "crab-tank"


@rule("CC-GAP-17", "CC-GAP-21", "CC-GAP-49", "CC-PORT-1", "CC-PWALL-1")
def test_a_wall_cannot_block_a_gate_tokens_portals_for_good():
    """Issue 15 item 15: Red's Engineer stands next to Blue's arrow hex f4.  A 1-resource Wall there would
    never move and Blue (one Gate Token, no unit) could never act again: no Wall goes on an arrow hex."""
    st = main(res=[5, 5])
    put(st, "engineer", 0, "e4")
    walls = [a for a in ids(st) if a.startswith("wall:e4>")]
    assert walls and "wall:e4>f4" not in walls
    st.apply(0, walls[0])
    st.apply(0, "end")                                # Blue's turn: its portal can still be made on f4
    assert st.to_act == (1,)
    while phase(st) != "main":
        st.apply(1, ids(st, 1)[-1])
    assert "portal:infantry@f4" in ids(st, 1)


@rule("CC-GAP-17", "CC-GAP-24", "CC-UTYPE-6")
def test_no_building_or_new_gate_token_arrow_blocks_an_arrow_hex():
    """A Building arriving in a territory never stays on any Gate Token's arrow hex, its own or another's, and
    a captured territory's arrow never points at a portal (or a Building or Wall)."""
    st = main()
    add_gate(st, "b1", 1, "b2")                      # (a stand-in) an arrow of Blue's inside Red's 1A
    add_portal(st, "a2", 0, "bunker")
    begin_turn(st, 0)
    acts = ids(st)
    assert st.view(0)["place"] == "a2" and acts
    assert "place:a2>a2" not in acts and "place:a2>b2" not in acts
    st = main(res=[5, 5])
    put(st, "infantry", 0, "e1")                     # Red's Soldier in 1B (d-f 1-2), empty of Gate Tokens
    add_portal(st, "e2", 1, "wall", src="wall")      # a face-down Wall of Blue's in 1B
    begin_turn(st, 0)
    gates = [a for a in ids(st) if a.startswith("gate:")]
    assert [a for a in gates if a.endswith(">e1")]     # a unit that can move may stand on an arrow hex
    assert not [a for a in gates if a.endswith(">e2")]

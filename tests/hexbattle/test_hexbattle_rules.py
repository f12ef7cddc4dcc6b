"""Hex Battle rules, clause by clause (../shared/rules/hex-battle.clauses.md)."""
from __future__ import annotations

import copy
import json

import pytest

from pyapp import IllegalAction, games
from pyapp.engine import Rng
from pyapp.games.hexbattle import GAME
from pyapp.games.hexbattle.content import (CARDS, PREBUILT, UNITS, ContentError, army_card_count, army_points,
                                           check_cards, check_units, validate_army)
from pyapp.games.hexbattle.hexgrid import GRID, half
from pyapp.games.hexbattle.rules import LOSS_POINTS

from hexbattle_helpers import (army, discarded, empty_deck, empty_hand, give, ids, log_texts, new, play_move,
                               recheck_turn, remove_from_hand, scenario, set_lost, unit)

rule = pytest.mark.rule


def costing(n):
    """A card kind costing ``n`` (the first in key order): tests of paying do not depend on the price list."""
    return next(k for k in sorted(CARDS) if CARDS[k]["cost"] == n)


# ---- battlefield ---------------------------------------------------------------------------
@rule("HB-BF-1", "HB-BF-2", "HB-GAP-8")
def test_battlefield_is_one_8_by_16_grid():
    cells = [GRID.parse(h) for h in GRID.hexes]
    assert len(cells) == 128
    assert {c for c, _ in cells} == set(range(8))
    assert {r for _, r in cells} == set(range(16))
    assert GRID.parse("a1") == (0, 0) and GRID.parse("h16") == (7, 15)
    assert GRID.parse("i1") is None and GRID.parse("a17") is None and GRID.parse("a0") is None
    # flat-topped odd-q: an odd column's north-east neighbour is on the same row
    assert GRID.step("d10", 1) == "e10"
    assert GRID.step("c10", 1) == "d9"


@rule("HB-BF-3", "HB-BF-4")
def test_centerline_splits_two_8x8_halves():
    halves = {0: [], 1: []}
    for h in GRID.hexes:
        halves[half(h)].append(GRID.parse(h))
    assert len(halves[0]) == len(halves[1]) == 64
    assert all(r <= 7 for _, r in halves[0]) and all(r >= 8 for _, r in halves[1])


# ---- army building ---------------------------------------------------------------------------
@rule("HB-ARMY-1", "HB-ARMY-2", "HB-SET-1")
def test_each_of_two_players_brings_one_army_chosen_blind():
    # the game takes exactly two players and one army each; the options carry no link between them
    with pytest.raises(ValueError):
        GAME.new(3, 1)
    with pytest.raises(ValueError):
        GAME.new(2, 1, {"armies": [PREBUILT[0]]})
    s = GAME.new(2, 1, {"armies": [PREBUILT[2], PREBUILT[3]]})
    # each seat sees its own army's name only (the opponent's stays secret until the end)
    assert s.view(0)["names"] == ["Ashwood Bows", None]
    assert s.view(1)["names"] == [None, "Border Host"]
    assert games.get("hexbattle").min_players == games.get("hexbattle").max_players == 2


@rule("HB-ARMY-3", "HB-ARMY-4", "HB-ARMY-5", "HB-UNIT-1")
def test_army_has_units_on_hexes_and_command_cards():
    s = new()
    v = s.view(0)
    assert v["units"] and all(GRID.parse(u["hex"]) for u in v["units"])
    assert len({u["hex"] for u in v["units"]}) == len(v["units"])          # one hex each
    assert v["hand"] and all(c["actions"] for c in v["hand"])


@rule("HB-ARMY-6", "HB-ARMY-7", "HB-CARD-1", "HB-CARD-2", "HB-GAP-27", "HB-UNIT-2")
def test_point_values_fixed_in_data_card_points_equal_cost():
    for u in UNITS.values():
        assert isinstance(u["points"], int) and u["points"] >= 1
    a = army(units=[{"key": "lancer", "hex": "c10", "facing": 0}, {"key": "militia", "hex": "d10", "facing": 0}],
             cards={"march": 10, "forced": 10, "shuffle": 10})
    assert army_points(a) == (UNITS["lancer"]["points"] + UNITS["militia"]["points"]
                              + 10 * CARDS["march"]["cost"] + 10 * CARDS["forced"]["cost"] + 10 * CARDS["shuffle"]["cost"])
    for c in CARDS.values():
        assert c["cost"] >= 0 and c["actions"]


@rule("HB-ARMY-8", "HB-ARMY-9")
def test_army_value_limit_is_50_inclusive():
    base = [{"key": "lancer", "hex": "c10", "facing": 0}, {"key": "lancer", "hex": "d10", "facing": 0}]
    one = next(k for k in sorted(CARDS) if CARDS[k]["cost"] == 1)
    room = 50 - 2 * UNITS["lancer"]["points"]          # filled with cost-1 cards
    ok = army(units=base, cards={one: room, "shuffle": max(0, 30 - room)})
    assert army_points(ok) == 50 and validate_army(ok) == []
    over = army(units=base, cards={one: room + 1, "shuffle": max(0, 30 - room)})
    assert army_points(over) == 51
    assert any("51 points" in p for p in validate_army(over))


@rule("HB-ARMY-10", "HB-ARMY-11")
def test_at_least_30_cards_and_no_upper_card_limit():
    assert validate_army(army(cards={"shuffle": 30})) == []
    assert any("29 cards" in p for p in validate_army(army(cards={"shuffle": 29})))
    big = army(cards={"shuffle": 200})
    assert army_card_count(big) == 200 and validate_army(big) == []
    # house rule (issue 21): at most 200 cards, so a crafted file cannot deal a deck of millions
    assert any("at most 200" in p for p in validate_army(army(cards={"shuffle": 1_000_000})))
    assert any("units" in p for p in validate_army(army(units=[{"key": ["x"], "hex": "a9", "facing": 0}] * 60)))
    assert validate_army(army(units=[{"key": ["militia"], "hex": "a9", "facing": 0},
                                     {"key": "militia", "hex": "b9", "facing": 0}])) != []


@rule("HB-ARMY-12", "HB-GAP-6")
def test_unit_count_bounded_by_points_and_at_least_two():
    many = army(units=[{"key": "militia", "hex": h, "facing": 0} for h in
                       ("a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "a10", "b10")], cards={"shuffle": 30})
    assert validate_army(many) == []
    one = army(units=[{"key": "militia", "hex": "a9", "facing": 0}])
    assert any("at least 2" in p for p in validate_army(one))


@rule("HB-ARMY-13", "HB-ARMY-14", "HB-GAP-7")
def test_invalid_army_cannot_start_a_game():
    bad = army(cards={"shuffle": 12})
    assert validate_army(bad)                       # the builder can hold and report a draft...
    with pytest.raises(ValueError, match="cannot be used"):
        GAME.new(2, 1, {"armies": [bad, PREBUILT[0]]})    # ...but it cannot start a game


@rule("HB-GAP-4", "HB-GAP-5")
def test_collection_is_unlimited_and_samples_are_ordinary_armies():
    assert len(PREBUILT) >= 4
    for a in PREBUILT:
        assert validate_army(a) == [] and army_points(a) <= 50 and army_card_count(a) >= 30
    copies = army(units=[{"key": "militia", "hex": h, "facing": 0} for h in ("a9", "b9", "c9")], cards={"volley": 30})
    assert validate_army(copies) == []             # any number of copies of one unit or card


# ---- deployment ------------------------------------------------------------------------------
@rule("HB-DEP-1", "HB-DEP-2", "HB-SET-2", "HB-GAP-9", "HB-GAP-10")
def test_saved_deployment_used_at_load_second_army_rotated():
    for seed in range(6):
        s = new(seed, [PREBUILT[0], PREBUILT[1]])
        first, second = s.first, 1 - s.first
        placed_first = sorted((u["hex"], u["facing"]) for u in s.units if u["owner"] == first)
        saved_first = sorted((u["hex"], u["facing"]) for u in PREBUILT[first]["units"])
        assert placed_first == saved_first
        rotated = sorted((GRID.rotate180(u["hex"]), (u["facing"] + 3) % 6) for u in PREBUILT[second]["units"])
        assert sorted((u["hex"], u["facing"]) for u in s.units if u["owner"] == second) == rotated
        assert all(GRID.parse(u["hex"])[1] <= 7 for u in s.units if u["owner"] == second)


@rule("HB-DEP-3")
def test_every_unit_must_be_placed():
    a = army(units=[{"key": "militia", "hex": "a9", "facing": 0}, {"key": "militia", "hex": None, "facing": 0},
                    {"key": "militia", "hex": "c9", "facing": 0}])
    assert any("not placed" in p for p in validate_army(a))


@rule("HB-DEP-4")
def test_all_units_on_one_side_of_centerline():
    a = army(units=[{"key": "militia", "hex": "a9", "facing": 0}, {"key": "militia", "hex": "a8", "facing": 0}])
    assert any("centerline" in p for p in validate_army(a))


@rule("HB-GAP-11")
def test_one_unit_per_hex_in_deployment_and_play():
    a = army(units=[{"key": "militia", "hex": "a9", "facing": 0}, {"key": "militia", "hex": "a9", "facing": 0}])
    assert any("two units on a9" in p for p in validate_army(a))
    s = scenario([unit(0, "militia", "d10"), unit(0, "militia", "d9"), unit(1, "militia", "a1"), unit(1, "militia", "b1")])
    play_move(s, "d10")
    assert "step" not in ids(s) and "turn:cw" in ids(s)


# ---- setup -------------------------------------------------------------------------------------
@rule("HB-SET-3", "HB-SET-4", "HB-SET-5", "HB-SET-7", "HB-GAP-34")
def test_opening_hands_decks_and_discards():
    s = new(3)
    second = 1 - s.first
    assert len(s.hand[s.first]) == 5 and len(s.hand[second]) == 6
    assert len(s.deck[s.first]) == 25 and len(s.deck[second]) == 24
    assert s.discard == [[], []]
    assert s.to_act == (s.first,) and s.actions_left == 2           # the extra card was not an action
    # each deck holds exactly that player's own cards
    for seat in (0, 1):
        keys = sorted(s.cards[c] for c in s.hand[seat] + s.deck[seat])
        assert keys == sorted(k for k, n in PREBUILT[seat]["cards"].items() for _ in range(n))
    # shuffled: different seeds give different deck orders
    orders = {tuple(s2.cards[c] for c in s2.deck[0]) for s2 in (new(x) for x in range(8))}
    assert len(orders) > 1


@rule("HB-SET-6", "HB-GAP-35")
def test_first_player_random_from_seed():
    firsts = [new(seed).first for seed in range(40)]
    assert 10 <= sum(firsts) <= 30                   # both seats go first, roughly evenly
    assert [new(seed).first for seed in range(40)] == firsts           # and a seed fixes it


# ---- turns ---------------------------------------------------------------------------------------
@rule("HB-TURN-1", "HB-TURN-2", "HB-TURN-4", "HB-TURN-6")
def test_two_actions_then_the_turn_passes():
    s = new(5)
    p = s.first
    s.apply(p, "draw")
    assert s.to_act == (p,) and s.actions_left == 1
    s.apply(p, "draw")
    assert s.to_act == (1 - p,) and s.actions_left == 2
    # play then draw in one turn
    q = 1 - p
    card = give(s, q, "shuffle")
    s.apply(q, f"play:{card}")
    s.apply(q, "skip")
    assert s.to_act == (q,) and s.actions_left == 1
    s.apply(q, "draw")
    assert s.to_act == (p,)


@rule("HB-TURN-3", "HB-TURN-5", "HB-UNIT-10")
def test_only_two_action_kinds_and_units_act_only_through_cards():
    s = new(2)
    kinds = {a.id.split(":")[0] for a in s.legal_actions(s.active)}
    assert kinds <= {"draw", "play"} and "draw" in kinds
    assert not any(a.id.startswith(("unit:", "step", "turn", "shoot", "aim")) for a in s.legal_actions(s.active))
    with pytest.raises(IllegalAction):
        s.apply(s.active, "step")


# ---- paying for cards ---------------------------------------------------------------------------
@rule("HB-CARD-3", "HB-CARD-5", "HB-CARD-7", "HB-CARD-10", "HB-GAP-28")
def test_payment_with_cards_totalling_at_least_the_cost():
    s = scenario([unit(0, "longbow", "d12"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")],
                 hand=[costing(3), costing(1), costing(2), costing(4)])
    massed, march, forced, command = s.hand[0]
    s.apply(0, f"play:{massed}")                     # cost 3
    s.apply(0, f"pay:{march}")
    assert "pay:ok" not in ids(s)                    # 1 < 3
    s.apply(0, f"pay:{forced}")
    assert "pay:ok" in ids(s)                        # 1 + 2 = 3 exactly
    s.apply(0, f"pay:{command}")
    assert "pay:ok" in ids(s)                        # 7 > 3: overpaying is allowed, nothing back
    s.apply(0, "pay:ok")
    assert sorted(s.discard[0]) == sorted([march, forced, command])
    assert s.hand[0] == []


@rule("HB-CARD-8", "HB-CARD-6")
def test_payment_below_cost_invalid_and_card_never_pays_itself():
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")],
                 hand=[costing(3), costing(2), costing(1)])
    massed, forced, _march = s.hand[0]
    s.apply(0, f"play:{massed}")
    assert f"pay:{massed}" not in ids(s)
    s.apply(0, f"pay:{forced}")
    assert "pay:ok" not in ids(s)
    with pytest.raises(IllegalAction):
        s.apply(0, "pay:ok")


@rule("HB-CARD-9", "HB-GAP-29")
def test_unpayable_card_cannot_be_played_and_cancel_uses_no_action():
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")],
                 hand=["command", "march", "shuffle"], deck=["shuffle"])
    command, march, shuffle = s.hand[0]
    assert f"play:{command}" not in ids(s)           # 1 + 0 < 4
    assert f"play:{march}" in ids(s)                 # 4 + 0 >= 1
    assert f"play:{shuffle}" in ids(s)               # cost 0 always playable
    remove_from_hand(s, 0, command)
    assert f"play:{march}" not in ids(s)             # only a free card left to pay with: 0 < 1
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(0, f"play:{command}")
    assert s.to_json() == before
    give(s, 0, "march")
    s.apply(0, f"play:{march}")
    s.apply(0, "cancel")
    assert s.actions_left == 2 and march in s.hand[0] and s.phase == "main"


@rule("HB-CARD-4", "HB-CARD-11", "HB-CARD-12")
def test_pay_then_act_then_discard():
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")])
    card, pay = give(s, 0, "march"), give(s, 0, "march")
    s.apply(0, f"play:{card}")
    assert s.discard[0] == []
    s.apply(0, f"pay:{pay}")
    s.apply(0, "pay:ok")
    assert s.discard[0] == [pay]                     # paid first
    assert card not in s.discard[0] and card not in s.hand[0]     # in play while its action resolves
    s.apply(0, "unit:d12")
    s.apply(0, "step")
    assert card not in s.discard[0]
    s.apply(0, "stop")
    assert s.discard[0] == [pay, card]               # discarded only after its actions


@rule("HB-GAP-3")
def test_zero_cost_cards_are_free_and_pay_nothing():
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")],
                 hand=["march", "shuffle", "shuffle", "shuffle"])
    march = s.hand[0][0]
    assert f"play:{march}" not in ids(s)             # three free cards are worth 0 as payment
    free = s.hand[0][1]
    s.apply(0, f"play:{free}")
    assert s.phase == "resolve"                      # no payment step at all
    # the 20-lost-points end is reachable: every sample army fields more than 20 points of units
    for a in PREBUILT:
        assert sum(UNITS[u["key"]]["points"] for u in a["units"]) > LOSS_POINTS


# ---- drawing ----------------------------------------------------------------------------------------
@rule("HB-DRAW-1", "HB-DRAW-2", "HB-DRAW-3")
def test_draw_five_from_own_deck():
    s = new(11)
    p = s.active
    deck, hand, other = list(s.deck[p]), list(s.hand[p]), (list(s.deck[1 - p]), list(s.hand[1 - p]))
    s.apply(p, "draw")
    assert s.hand[p] == hand + deck[:5] and s.deck[p] == deck[5:]
    assert (s.deck[1 - p], s.hand[1 - p]) == other and s.discard == [[], []]


@rule("HB-GAP-30")
def test_short_deck_draws_what_is_left_and_empty_deck_cannot_draw():
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")],
                 hand=["shuffle"], deck=["march", "march"])
    used = discarded(s, 0, "volley", "volley")        # a discard pile that could be reshuffled
    s.apply(0, "draw")
    assert len(s.hand[0]) == 3 and s.deck[0] == []
    assert "draw" not in ids(s)
    assert s.discard[0] == used                       # the discard pile is never reshuffled into the deck


@rule("HB-GAP-33")
def test_no_hand_limit():
    s = new(4)
    p = s.active
    for _ in range(4):                    # p: two turns of two draws; the opponent draws in between
        s.apply(s.active, "draw")
        s.apply(s.active, "draw")
    assert s.active == p and len(s.hand[p]) == 5 + 4 * 5     # nothing discarded down to a limit
    assert s.discard == [[], []] and "draw" in ids(s)


# ---- units ------------------------------------------------------------------------------------------------
@rule("HB-UNIT-3", "HB-UNIT-4", "HB-UNIT-5", "HB-UNIT-6", "HB-UNIT-7", "HB-UNIT-8", "HB-UNIT-9", "HB-GAP-1", "HB-GAP-25")
def test_unit_data():
    types = {u["type"] for u in UNITS.values()}
    assert types == {"infantry", "cavalry", "ranged"}
    assert len(UNITS) >= 8
    for u in UNITS.values():
        assert len(u["edges"]) == 6 and u["health"] >= 1 and u["speed"] >= 1
        assert (u["range"] is not None) == (u["type"] == "ranged")
    assert any(u["armor"] for u in UNITS.values()) and any(u["armor"] is None for u in UNITS.values())
    v = new().view(0)
    assert all(0 <= u["facing"] <= 5 for u in v["units"])      # exactly one front edge, by direction


@rule("HB-GAP-1", "HB-GAP-2")
def test_content_schema_reports_every_problem_at_once():
    with pytest.raises(ContentError) as err:
        check_units({"pike": {"name": "Pike", "type": "hero", "points": 0, "edges": [1, 2], "health": 1, "speed": 1,
                              "armor": None, "range": 2, "text": ""},
                     "x": {"name": "X"}})
    msg = str(err.value)
    assert msg.startswith("units.json: unit 'pike': ")
    for part in ("type must be one of infantry, cavalry, ranged (not 'hero')", "points must be a whole number >= 1",
                 "edges must be six whole numbers", "only ranged units carry a range", "unit 'x': missing armor"):
        assert part in msg
    with pytest.raises(ContentError, match=r"cards.json: card 'a': cost .*action 1: do must be one of move, ranged"):
        check_cards({"a": {"name": "A", "cost": -1, "actions": [{"do": "fly"}], "text": ""}})
    check_units(UNITS)
    check_cards(CARDS)


@rule("HB-UNIT-11", "HB-GAP-24")
def test_only_ranged_units_shoot_and_unusable_ranged_action_is_skipped():
    s = scenario([unit(0, "lancer", "d10"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")],
                 hand=["volley", "march"], deck=["march"])
    volley, march = s.hand[0]
    s.apply(0, f"play:{volley}")
    s.apply(0, f"pay:{march}")
    s.apply(0, "pay:ok")
    # no ranged unit: the action is skipped and the card is done
    assert s.phase == "main" and volley in s.discard[0] and s.actions_left == 1
    # with a ranged unit on the field, only it may aim, though the lancer is as close to the enemy
    s = scenario([unit(0, "lancer", "d11"), unit(0, "longbow", "e12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")])
    card, pay = give(s, 0, "volley"), give(s, 0, "march")
    s.apply(0, f"play:{card}")
    s.apply(0, f"pay:{pay}")
    s.apply(0, "pay:ok")
    assert {a for a in ids(s) if a.startswith(("aim:", "unit:", "shoot:"))} == {"aim:e12"}


@rule("HB-GAP-2", "HB-GAP-26")
def test_card_actions_resolve_in_order_and_may_be_declined():
    assert len(CARDS) >= 16
    s = scenario([unit(0, "longbow", "d12"), unit(0, "militia", "a12"), unit(1, "militia", "d10"), unit(1, "militia", "h1")],
                 hand=["fallback", "forced"])
    fallback, forced = s.hand[0]
    s.apply(0, f"play:{fallback}")
    s.apply(0, f"pay:{forced}")
    s.apply(0, "pay:ok")
    assert s.pending["step"] == 0 and any(a.startswith("aim:") for a in ids(s))   # ranged first
    s.apply(0, "skip")
    assert s.pending["step"] == 1 and "unit:d12" in ids(s) and "unit:a12" not in ids(s)  # then move a ranged unit
    s.apply(0, "skip")
    assert s.phase == "main" and fallback in s.discard[0]


# ---- movement ----------------------------------------------------------------------------------------------
@rule("HB-MOVE-1", "HB-MOVE-2", "HB-MOVE-9", "HB-UI-15")
def test_move_spends_up_to_speed_points():
    s = scenario([unit(0, "outrider", "d14"), unit(0, "militia", "a12"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s, "d14")
    assert s.pending["mp_left"] == 4 == UNITS["outrider"]["speed"]
    for _ in range(4):
        s.apply(0, "step")
    assert s.unit_at("d10") is not None and s.phase == "main"      # 4 hexes, then the move ends
    s2 = scenario([unit(0, "outrider", "d14"), unit(0, "militia", "a12"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s2, "d14", "step", "stop")                         # 0..speed: stop early
    assert s2.unit_at("d13") is not None and s2.phase == "main"


@rule("HB-MOVE-3", "HB-MOVE-4", "HB-MOVE-8")
def test_forward_step_enters_the_hex_beyond_the_front_edge():
    for facing, dest in [(0, "d9"), (1, "e10"), (2, "e11"), (3, "d11"), (4, "c11"), (5, "c10")]:
        s = scenario([unit(0, "militia", "d10", facing), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
        play_move(s, "d10", "step")
        assert s.unit_at(dest) is not None, facing
        assert s.pending["mp_left"] == 1
    s = scenario([unit(0, "militia", "d10"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s, "d10")
    moving = {a for a in ids(s) if a.startswith("step")}
    assert moving == {"step", "step:cw", "step:ccw"}              # never sideways or backwards


@rule("HB-MOVE-5", "HB-MOVE-6", "HB-MOVE-7")
def test_turns_cost_a_point_each_and_step_turn_is_free():
    s = scenario([unit(0, "militia", "d10"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s, "d10", "step:cw")
    u = s.unit_at("d9")
    assert u["facing"] == 1 and s.pending["mp_left"] == 1        # step + turn = 1 point
    s.apply(0, "turn:ccw")
    assert u["facing"] == 0 and s.phase == "main"                # turning in place: 1 point, 60 degrees
    s = scenario([unit(0, "outrider", "d10"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s, "d10", "turn:cw", "turn:cw", "turn:cw")
    assert s.unit_at("d10")["facing"] == 3 and s.pending["mp_left"] == 1   # 180 degrees took 3 points


@rule("HB-MOVE-10", "HB-UI-17")
def test_edge_strengths_turn_with_the_unit():
    s = scenario([unit(0, "halberd", "d10"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    u = s.unit_at("d10")
    assert s.edge_strength(u, 0) == 6
    play_move(s, "d10", "turn:cw")
    assert s.edge_strength(u, 1) == 6 and s.edge_strength(u, 0) == UNITS["halberd"]["edges"][5]
    v = s.view(0)
    vu = next(x for x in v["units"] if x["hex"] == "d10")
    assert vu["facing"] == 1 and vu["edges"] == UNITS["halberd"]["edges"]


@rule("HB-GAP-12")
def test_no_step_off_the_battlefield():
    s = scenario([unit(0, "militia", "d1"), unit(0, "militia", "a14"), unit(1, "militia", "h16"), unit(1, "militia", "g16")])
    play_move(s, "d1")
    assert "step" not in ids(s)


@rule("HB-GAP-13")
def test_units_cross_the_centerline_in_play():
    s = scenario([unit(0, "militia", "d9"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s, "d9", "step")
    assert s.unit_at("d8") is not None


@rule("HB-GAP-14")
def test_move_one_own_unit():
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    card, pay = give(s, 0, "march"), give(s, 0, "march")
    s.apply(0, f"play:{card}")
    s.apply(0, f"pay:{pay}")
    s.apply(0, "pay:ok")
    units = {a for a in ids(s) if a.startswith("unit:")}
    assert units == {"unit:d12", "unit:a14"}


@rule("HB-GAP-15", "HB-GAP-16")
def test_same_unit_twice_and_unspent_points_lost():
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")],
                 hand=["forced", "forced"])
    forced, pay = s.hand[0]
    s.apply(0, f"play:{forced}")
    s.apply(0, f"pay:{pay}")
    s.apply(0, "pay:ok")
    s.apply(0, "unit:d12")
    s.apply(0, "step")
    s.apply(0, "stop")                                           # 1 point unspent: lost
    assert s.pending["step"] == 1 and s.pending["mp_left"] == 0
    s.apply(0, "unit:d11")
    assert s.pending["mp_left"] == 2                             # the second action starts fresh
    s.apply(0, "step")
    s.apply(0, "step")
    assert s.unit_at("d9") is not None


# ---- fights -------------------------------------------------------------------------------------------------
def _fight_setup(attacker="lancer", defender="militia", def_facing=0, def_health=None, att_facing=0):
    # attacker on d12 facing north steps to d11; defender sits on d10 (adjacent to d11 to the north)
    return scenario([unit(0, attacker, "d12", att_facing), unit(0, "militia", "a14"),
                     unit(1, defender, "d10", def_facing, def_health), unit(1, "militia", "h1")])


@rule("HB-FIGHT-1", "HB-FIGHT-2", "HB-FIGHT-3", "HB-FIGHT-4", "HB-FIGHT-5", "HB-HLTH-1")
def test_moving_into_contact_fights_on_the_contact_edges():
    # lancer front (7) meets militia facing north: its back edge (1) faces the lancer
    s = _fight_setup(def_facing=0)
    play_move(s, "d12", "step")
    # militia has 4 health: 7 - 1 = 6 damage destroys it
    assert s.unit_at("d10") is None
    s = _fight_setup(attacker="militia", defender="spearwall", def_facing=0)     # militia front vs spearwall back
    play_move(s, "d12", "step")
    gap = UNITS["militia"]["edges"][0] - UNITS["spearwall"]["edges"][3]
    assert gap > 0 and s.unit_at("d10")["health"] == UNITS["spearwall"]["health"] - gap
    assert s.unit_at("d11")["health"] == 4                        # the stronger edge takes nothing


@rule("HB-FIGHT-6")
def test_equal_edges_no_damage():
    s = _fight_setup(attacker="militia", defender="militia", def_facing=3)       # front 3 vs front 3
    play_move(s, "d12", "step")
    assert s.unit_at("d10")["health"] == 4 and s.unit_at("d11")["health"] == 4


@rule("HB-FIGHT-7")
def test_mover_is_damaged_by_a_stronger_enemy_edge():
    s = _fight_setup(attacker="militia", defender="halberd", def_facing=3)       # 3 vs halberd front 6
    play_move(s, "d12", "step")
    assert s.unit_at("d11") is not None and s.unit_at("d11")["health"] == 4 - 3
    assert s.unit_at("d10")["health"] == 5


@rule("HB-FIGHT-8")
def test_friendly_contact_never_fights():
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "d10"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s, "d12", "step")
    assert s.unit_at("d10")["health"] == 4 and s.unit_at("d11")["health"] == 6


@rule("HB-GAP-17")
def test_contact_judged_after_the_point_and_turns_never_fight():
    # turning in place next to an enemy does not fight
    s = scenario([unit(0, "lancer", "d11"), unit(0, "militia", "a14"), unit(1, "militia", "d10", 0), unit(1, "militia", "h1")])
    play_move(s, "d11", "turn:cw", "turn:ccw")
    assert s.unit_at("d10")["health"] == 4
    # step-with-turn: the edges compared are those after the turn
    s = _fight_setup(attacker="halberd", defender="spearwall", def_facing=0)
    play_move(s, "d12", "step:cw")        # now faces NE; the edge toward d10 (north) is its front-left
    gap = UNITS["halberd"]["edges"][5] - UNITS["spearwall"]["edges"][3]
    assert UNITS["halberd"]["edges"][0] != UNITS["halberd"]["edges"][5] and gap > 0
    assert s.unit_at("d10")["health"] == UNITS["spearwall"]["health"] - gap
    # stepping while an enemy stays adjacent does not fight it again
    s = scenario([unit(0, "outrider", "c12", 1), unit(0, "militia", "a14"), unit(1, "spearwall", "d12", 0), unit(1, "militia", "h1")])
    # c12 facing NE steps to d11 ... spearwall on d12 is adjacent to both c12 and d11
    play_move(s, "c12", "step")
    assert s.unit_at("d12")["health"] == 6


@rule("HB-GAP-18", "HB-GAP-19")
def test_several_new_contacts_fight_clockwise_and_survivor_moves_on():
    # militia steps d12 -> d11, touching enemies on d10 (north) and e11 (north-east)
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"),
                  unit(1, "militia", "d10", 0), unit(1, "militia", "e11", 0), unit(1, "militia", "h1")])
    play_move(s, "d12", "step")
    fights = [line for line in log_texts(s) if line.startswith("Fight")]
    assert "d10" in fights[-2] and "e11" in fights[-1]           # front first, then clockwise
    assert s.phase == "move" and s.pending["mp_left"] == 2          # the survivor keeps its points


@rule("HB-GAP-18")
def test_removed_mover_skips_remaining_fights():
    s = scenario([unit(0, "militia", "d12", health=1), unit(0, "militia", "a14"), unit(0, "militia", "b14"),
                  unit(1, "halberd", "d10", 3), unit(1, "militia", "e11", 0), unit(1, "militia", "h1")])
    play_move(s, "d12", "step")
    assert s.unit_at("d11") is None
    assert s.unit_at("e11")["health"] == 4 and len([x for x in log_texts(s) if x.startswith("Fight")]) == 1
    assert s.phase == "main"


@rule("HB-GAP-20")
def test_damage_is_one_sided():
    s = _fight_setup(attacker="militia", defender="spearwall")
    play_move(s, "d12", "step")
    assert s.unit_at("d11")["health"] == UNITS["militia"]["health"]


# ---- health -----------------------------------------------------------------------------------------------
@rule("HB-HLTH-2", "HB-HLTH-4")
def test_health_loss_persists():
    s = _fight_setup(attacker="militia", defender="spearwall")
    play_move(s, "d12", "step")
    hurt = s.unit_at("d10")["health"]
    assert hurt < UNITS["spearwall"]["health"]
    s2 = GAME.from_json(s.to_json())
    assert s2.unit_at("d10")["health"] == hurt


@rule("HB-HLTH-3", "HB-HLTH-5", "HB-HLTH-6", "HB-END-4", "HB-GAP-37")
def test_removed_unit_leaves_and_its_points_count_as_lost():
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"),
                  unit(1, "militia", "d10", 0), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s, "d12", "step")
    assert s.unit_at("d10") is None and len(s.units_of(1)) == 2
    assert s.lost == [0, UNITS["militia"]["points"]]
    assert s.view(0)["lost"] == s.view(1)["lost"] == s.lost       # shown to both players
    assert len(s.discard[0]) == 1 and s.lost[0] == 0              # the discarded payment is never lost points


# ---- armor --------------------------------------------------------------------------------------------------
@rule("HB-ARM-1", "HB-ARM-2", "HB-ARM-3", "HB-ARM-4", "HB-GAP-21")
def test_armor_reduces_every_damage_never_below_zero():
    s = _fight_setup(attacker="spearwall", defender="ironrider", def_facing=0)   # 5 vs back 1: 4 damage - armor 1
    play_move(s, "d12", "step")
    assert s.unit_at("d10")["health"] == 7 - 3
    s = scenario([unit(0, "longbow", "d12"), unit(0, "militia", "a14"), unit(1, "shieldguard", "d9"), unit(1, "militia", "h1"),
                  unit(1, "ironrider", "e9")])
    _shoot(s, "d12", "d9")
    assert s.unit_at("d9")["health"] == 6                         # armor 2 vs 2 ranged damage: 0
    s = scenario([unit(0, "longbow", "d12"), unit(0, "militia", "a14"), unit(1, "ironrider", "d9"), unit(1, "militia", "h1")])
    _shoot(s, "d12", "d9")
    assert s.unit_at("d9")["health"] == 6                         # armor 1: loses 1
    s = scenario([unit(0, "longbow", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "d9"), unit(1, "militia", "h1")])
    _shoot(s, "d12", "d9")
    assert s.unit_at("d9")["health"] == 2                         # no armor: full 2


# ---- ranged -------------------------------------------------------------------------------------------------
def _shoot(s, shooter, target):
    card, pay = give(s, 0, "volley"), give(s, 0, "march")
    s.apply(0, f"play:{card}")
    s.apply(0, f"pay:{pay}")
    s.apply(0, "pay:ok")
    s.apply(0, f"aim:{shooter}")
    s.apply(0, f"shoot:{target}")


@rule("HB-RNG-1", "HB-RNG-2", "HB-RNG-3", "HB-RNG-4", "HB-RNG-5", "HB-UI-16")
def test_targets_are_enemies_within_range_rings():
    # slinger range 2 on d12: d10 is 2 away, d9 is 3 away
    s = scenario([unit(0, "slinger", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "d10"), unit(1, "militia", "d9"),
                  unit(1, "militia", "h1")])
    card, pay = give(s, 0, "volley"), give(s, 0, "march")
    s.apply(0, f"play:{card}")
    s.apply(0, f"pay:{pay}")
    s.apply(0, "pay:ok")
    s.apply(0, "aim:d12")
    assert {a for a in ids(s) if a.startswith("shoot:")} == {"shoot:d10"}
    ring1 = {GRID.step("d12", d) for d in range(6)}
    assert len(ring1) == 6 and all(GRID.distance("d12", h) == 1 for h in ring1)
    assert GRID.distance("d12", "d10") == 2 and GRID.distance("d12", "d9") == 3


@rule("HB-RNG-6", "HB-RNG-7", "HB-RNG-8", "HB-GAP-22", "HB-GAP-23")
def test_ranged_attack_deals_2_ignores_facing_and_blockers_and_no_return_damage():
    for facing in range(6):
        s = scenario([unit(0, "longbow", "d13", facing), unit(0, "militia", "d12"), unit(0, "militia", "a14"),
                      unit(1, "militia", "d10", 0), unit(1, "halberd", "h1")])
        card, pay = give(s, 0, "volley"), give(s, 0, "march")
        s.apply(0, f"play:{card}")
        s.apply(0, f"pay:{pay}")
        s.apply(0, "pay:ok")
        s.apply(0, "aim:d13")
        assert "shoot:d12" not in ids(s)                          # never a friendly unit
        s.apply(0, "shoot:d10")                                   # through the friendly militia on d12
        assert s.unit_at("d10")["health"] == 2 and s.unit_at("d13")["health"] == UNITS["longbow"]["health"]


# ---- game end -----------------------------------------------------------------------------------------------
@rule("HB-END-1", "HB-END-3", "HB-END-5", "HB-GAP-36")
def test_twenty_lost_points_ends_the_game_at_once():
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"),
                  unit(1, "militia", "d10", 0), unit(1, "militia", "h1"), unit(1, "militia", "g1"), unit(1, "militia", "f1")])
    set_lost(s, [0, 17])
    play_move(s, "d12", "step")
    assert s.lost[1] == 19 and not s.is_over                      # 19 is not enough
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"),
                  unit(1, "militia", "d10", 0), unit(1, "militia", "h1"), unit(1, "militia", "g1"), unit(1, "militia", "f1")])
    set_lost(s, [0, 18])
    play_move(s, "d12", "step")
    assert s.is_over and s.outcome().winners == (0,) and "20" in s.outcome().reason
    assert s.to_act == () and s.legal_actions(0) == []            # the rest of the move is discarded


@rule("HB-END-2", "HB-END-6")
def test_down_to_one_unit_loses():
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "d10", 0), unit(1, "halberd", "h1")])
    play_move(s, "d12", "step")
    assert s.is_over and s.outcome().winners == (0,) and "only 1 unit" in s.outcome().reason


@rule("HB-END-7", "HB-GAP-31", "HB-GAP-32")
def test_turns_alternate_until_an_end_and_stalemate_ends_by_lost_points():
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "d10", 0), unit(1, "halberd", "h1")],
                 hand=["march"])
    empty_deck(s, 1)
    empty_hand(s, 1)
    set_lost(s, [2, 4])
    # seat 0 holds one unpayable card and an empty deck; seat 1 has nothing: nobody can act
    recheck_turn(s)
    assert s.is_over and s.outcome().winners == (0,) and "stalemate" in s.outcome().reason
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "d10", 0), unit(1, "halberd", "h1")],
                 hand=["shuffle"])
    empty_deck(s, 1)
    s.apply(0, f"play:{s.hand[0][0]}")
    s.apply(0, "skip")
    # seat 0 has no second action: it is forfeited; seat 1 cannot act either -> the game ends, equal losses: a draw
    assert s.is_over and s.outcome().winners == () and s.outcome().draw


@rule("HB-GAP-38")
def test_views_hide_hands_and_deck_order():
    s = new(9)
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    assert v0["hand"] and v1["hand"] and spectator["hand"] is None
    text0 = json.dumps(v0)
    for cid in s.hand[1] + s.deck[1] + s.deck[0]:
        assert f'"{cid}"' not in text0                           # no hidden card id leaks
    assert v0["deck"] == v1["deck"] == [len(d) for d in s.deck]
    assert v0["hand_count"] == [len(h) for h in s.hand]


@rule("HB-GAP-39")
def test_each_player_view_is_separate():
    s = new(9)
    assert s.view(0)["hand"] != s.view(1)["hand"]
    assert s.view(0)["seat"] == 0 and s.view(1)["seat"] == 1


def test_options_reject_unknown_and_are_json():
    with pytest.raises(ValueError):
        GAME.new(2, 1, {"nope": 1})
    s = GAME.new(2, 1)
    json.dumps(s.options)
    assert s.options["armies"][0]["name"] == PREBUILT[0]["name"]


def test_rules_page_records_every_gap_decision_as_a_house_rule_without_checklist_ids():
    """Each open question's decision is on the page (keyed by an attribute players never see), under a
    "House rules" heading; no checklist ID is shown."""
    html = GAME.rules_html()
    assert "House rules" in html and "HB-" not in html
    for n in range(1, 40):
        assert f'<li data-gap="{n}">' in html


@rule("HB-GAP-38")
def test_card_choice_private_until_paid_and_then_not_undoable():
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")])
    card, pay = give(s, 0, "forced"), give(s, 0, "forced")
    s.apply(0, f"play:{card}")
    s.apply(0, f"pay:{pay}")
    assert s.view(1)["pending"]["card"] is None and s.view(1)["pending"]["paid"] == []
    assert s.view(0)["pending"]["card"]["id"] == card
    assert s.can_undo(0)                          # still private: a change of mind is fine
    s.apply(0, "pay:ok")
    assert not s.can_undo(0)                      # shown to the opponent: no take-backs
    assert s.view(1)["pending"]["card"]["id"] == card
    s.apply(0, "unit:d12")
    s.apply(0, "step")
    assert s.can_undo(0)                          # a step rolls nothing and shows nothing


def test_greedy_bot_takes_over_in_the_middle_of_a_payment():
    """A fresh greedy bot (e.g. after a reload) must finish a payment another chooser started."""
    from pyapp.games.hexbattle.bots import GreedyBot
    s = scenario([unit(0, "militia", "d12"), unit(0, "militia", "a12"), unit(1, "militia", "d9"), unit(1, "militia", "h1")],
                 hand=[costing(2), costing(4), costing(1), costing(1)])
    forced, command, m1, m2 = s.hand[0]                  # costs 2, 4, 1, 1
    s.apply(0, f"play:{forced}")
    s.apply(0, f"pay:{command}")                 # an overpayment the bot would not choose
    bot = GreedyBot(3)
    for _ in range(30):
        if s.active != 0 or s.phase == "main":
            break
        s.apply(0, bot.choose(s, 0))
    assert forced in s.discard[0] and command not in s.discard[0]
    assert m1 in s.discard[0] and m2 in s.discard[0]


@rule("HB-GAP-38")
def test_resampling_redeals_only_what_a_seat_cannot_see():
    """``resample_hidden(seat, rng)`` redeals the other seat's hand with its deck, and the order of the
    seat's own deck: the seat's view and legal actions stay exactly the same; the hidden cards change."""
    positions = changed = 0
    for g in range(4):
        s = new(30 + g, [PREBUILT[g % 4], PREBUILT[(g + 1) % 4]])
        r = Rng(g, stream=5)
        step = 0
        while not s.is_over and step < 500:
            if step % 6 == 0:
                for seat in (0, 1):
                    other = 1 - seat
                    t = s.resample_hidden(seat, Rng(positions))
                    assert t.view(seat) == s.view(seat)
                    assert [a.id for a in t.legal_actions(seat)] == [a.id for a in s.legal_actions(seat)]
                    assert t.to_act == s.to_act and t.discard == s.discard and t.units == s.units
                    # the same cards, in the same places as far as anyone can count
                    assert [len(h) for h in t.hand] == [len(h) for h in s.hand]
                    assert [len(d) for d in t.deck] == [len(d) for d in s.deck]
                    assert t.hand[seat] == s.hand[seat] and sorted(t.deck[seat]) == sorted(s.deck[seat])
                    assert sorted(t.hand[other] + t.deck[other]) == sorted(s.hand[other] + s.deck[other])
                    # the redealt game goes on: whoever is to act has the same kind of choice
                    actor = s.to_act[0]
                    assert t.legal_actions(actor)
                    t.apply(actor, t.legal_actions(actor)[-1].id)
                    positions += 1
                    hidden = (sorted(s.hand[other]), s.deck[0], s.deck[1])
                    t2 = s.resample_hidden(seat, Rng(positions + 10_000))
                    changed += (sorted(t2.hand[other]), t2.deck[0], t2.deck[1]) != hidden
            seat = s.to_act[0]
            s.apply(seat, r.choice(s.legal_actions(seat)).id)
            step += 1
    assert positions > 150
    assert changed >= 0.7 * positions, (changed, positions)      # late on, decks run out


def test_log_entries_are_events_naming_seats_by_reference():
    """Every log line is a structured event: seats are ``{0}``-style references (never "P1" in the text),
    so a renderer puts names and colours there; the plain text reads as the rules' P1/P2."""
    import re

    from pyapp.engine.log import html, plain
    s = new(5)
    first = s.first
    assert s.log[0] == {"text": "{0} goes first (chosen at random); {1} draws an extra card.",
                        "seats": [first, 1 - first], "kind": "setup"}
    assert plain(s.log[0]) == f"P{first + 1} goes first (chosen at random); P{2 - first} draws an extra card."
    kinds = set()
    for g in range(3):
        s = new(40 + g, [PREBUILT[g], PREBUILT[3 - g]])
        r = Rng(g, stream=3)
        while not s.is_over:
            seat = s.to_act[0]
            s.apply(seat, r.choice(s.legal_actions(seat)).id)
        for e in s.log:
            assert isinstance(e, dict) and not re.search(r"\bP[12]\b", e["text"]), e
            assert len(e["seats"]) == len(set(re.findall(r"\{(\d)\}", e["text"]))), e
            kinds.add(e.get("kind"))
        assert plain(s.log[-1]).startswith("Game over: ")
    assert {"setup", "draw", "play", "step", "fight", "damage", "over"} <= kinds
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"),
                  unit(1, "militia", "d10", 0), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s, "d12", "step")
    fight = next(e for e in s.log if e.get("kind") == "fight")
    front, back = UNITS["lancer"]["edges"][0], UNITS["militia"]["edges"][3]
    assert plain(fight) == f"Fight: P1 Lancer Troop (d11) front {front} vs P2 Levy Militia (d10) back {back}."
    assert html(fight, ["Ann", "Bo"]).startswith('Fight: <span class="seat seat-0">Ann</span> Lancer Troop (d11)')

"""Lords of Doomspire: theft with full hands, items changing hands, trading and the "at any time" actions
(issue 15, items 3-7)."""
import pytest

from pyapp.engine import IllegalAction, Rng
from pyapp.games.doomspire import GAME
from pyapp.games.doomspire.bots import GoalBot
from doomspire_helpers import (active, draft, followers, free_ids, game, give_item, go, ids, items, later_turn,
                                    log_lines, offer, pending, phase, place, put_monster, res, rolls, set_followers,
                                    set_lord, set_tile, tile_items, to_harvest, to_move, top_frame, where)

rule = pytest.mark.rule


# ---------------------------------------------------------------- theft (LD-KVK-13, LD-GAP-48)
def _won_duel(rope_and_lantern=True, gold=1, loser_items=("sunblade",)):
    """P1's knight (rope and lantern) stops on P2's knight at c2 in round 2 and wins the fight."""
    st = game(4)
    place(st, 1, "c2")
    loot = [give_item(st, 1, key) for key in loser_items]
    set_lord(st, 1, resources={"gold": gold, "food": 0, "wood": 0, "ore": 0})
    mine = [give_item(st, 0, "rope"), give_item(st, 0, "lantern")] if rope_and_lantern else []
    to_move(st, 0, [2], rnd=2)
    place(st, 0, "b1")
    go(st, 0, "move:k1>c2")
    rolls(st, 3, 3, 1, 1)
    st.apply(1, "fight")
    return st, mine, loot


@rule("LD-KVK-13", "LD-ITEM-4", "LD-GAP-48", "LD-KVK-15")
def test_winner_with_full_hands_may_drop_an_item_to_take_one():
    """The issue's situation: the gold is not taken without a question, and the Sunblade can be had."""
    st, (rope, lantern), (sunblade,) = _won_duel()
    assert st.to_act == (0,) and set(ids(st, 0)) == {"steal:gold", f"steal:{sunblade}"}
    assert res(st, 1)["gold"] == 1                                      # nothing settled yet
    st.apply(0, f"steal:{sunblade}")
    assert set(ids(st, 0)) == {f"room:{rope}", f"room:{lantern}", "room:no"}
    st.apply(0, f"room:{rope}")
    assert items(st, 0) == [lantern, sunblade] and items(st, 1) == []
    assert tile_items(st, "c2") == [rope] and res(st, 1)["gold"] == 1  # one thing only: the gold stays
    assert any("drops Climbing Rope" in x for x in log_lines(st))


@rule("LD-KVK-13", "LD-GAP-48")
def test_winner_may_decline_to_make_room_and_take_something_else():
    st, (rope, lantern), (sunblade,) = _won_duel()
    st.apply(0, f"steal:{sunblade}")
    st.apply(0, "room:no")                                              # the gold is all that is left
    assert items(st, 0) == [rope, lantern] and items(st, 1) == [sunblade] and res(st, 0)["gold"] == 3
    assert not pending(st) and st.to_act == (0,)


@rule("LD-KVK-13", "LD-GAP-48")
def test_an_item_without_room_is_a_question_even_when_it_is_all_there_is():
    st, (rope, lantern), (sunblade,) = _won_duel(gold=0)
    assert st.to_act == (0,) and set(ids(st, 0)) == {f"room:{rope}", f"room:{lantern}", "room:no"}
    st.apply(0, "room:no")
    assert items(st, 0) == [rope, lantern] and items(st, 1) == [sunblade] and not pending(st)


@rule("LD-KVK-13", "LD-GAP-48", "LD-ITEM-2")
def test_dropping_a_backpack_does_not_make_room():
    st, mine, (sunblade,) = _won_duel(rope_and_lantern=False, gold=0)
    assert items(st, 0) == [sunblade]                                  # room: taken without a question
    st, mine, loot = _won_duel(rope_and_lantern=False, gold=0, loser_items=("sunblade", "sword"))
    assert st.to_act == (0,) and set(ids(st, 0)) == {f"steal:{i}" for i in loot}   # two items: a choice
    st = game(4)
    place(st, 1, "c2")
    sunblade = give_item(st, 1, "sunblade")
    set_lord(st, 1, gold=0)
    pack, rope, lantern = (give_item(st, 0, key) for key in ("backpack", "rope", "lantern"))
    to_move(st, 0, [2], rnd=2)
    place(st, 0, "b1")
    go(st, 0, "move:k1>c2")
    rolls(st, 3, 3, 1, 1)
    st.apply(1, "fight")
    assert set(ids(st, 0)) == {f"room:{rope}", f"room:{lantern}", "room:no"}


# ---------------------------------------------------------------- items changing hands (LD-ITEM-6, LD-TRADE-2)
@rule("LD-ITEM-6", "LD-TRADE-2", "LD-ITEM-5")
def test_a_dropped_item_may_be_picked_up_by_another_lord_in_the_same_round():
    st = game(4)
    sword = give_item(st, 0, "sword")
    set_tile(st, "b3", "EM")
    place(st, 0, "b3")
    place(st, 1, "b2")
    to_move(st, 0, [1], rnd=2)
    st.apply(0, f"drop:k1:{sword}")
    assert tile_items(st, "b3") == [sword]
    assert f"pick:k1:{sword}" not in ids(st, 0)                         # not back into the same hands this turn
    st.apply(0, "end")
    place(st, 0, "a1")                                                 # P1's knight has gone home meanwhile
    to_move(st, 1, [1], rnd=2)                                         # P2's move turn, same round
    go(st, 1, "move:k1>b3")
    assert where(st, 1) == "b3" and f"pick:k1:{sword}" in ids(st, 1)
    st.apply(1, f"pick:k1:{sword}")
    assert items(st, 1) == [sword]


@rule("LD-ITEM-6", "LD-GAP-43")
def test_the_dropping_lord_may_pick_the_item_up_again_in_a_later_turn():
    st = game(4)
    sword = give_item(st, 0, "sword")
    to_move(st, 0, [1], rnd=2)
    st.apply(0, f"drop:k1:{sword}")
    assert f"pick:k1:{sword}" not in ids(st, 0)
    later_turn(st)                                                       # a later move turn of the same lord
    assert f"pick:k1:{sword}" in ids(st, 0)


# ---------------------------------------------------------------- trading (LD-TRADE-1, LD-GAP-57)
@rule("LD-TRADE-1", "LD-GAP-57")
def test_any_bundle_for_any_bundle_drafted_step_by_step():
    st = game(4)
    to_move(st, 0, [1], rnd=2)
    set_lord(st, 0, resources={"gold": 3, "food": 2, "wood": 0, "ore": 0})
    set_lord(st, 2, resources={"gold": 0, "food": 0, "wood": 3, "ore": 2})
    st.apply(0, "trade:to:3")
    assert draft(st, 0) == {"to": 2, "give": {}, "get": {}} and draft(st, 1) is None
    for a in ("trade:give:gold", "trade:give:gold", "trade:give:food", "trade:get:wood", "trade:get:ore",
              "trade:get:ore"):
        st.apply(0, a)
    assert "trade:get:ore" not in free_ids(st, 0)                            # P3 has only 2 ore
    assert "trade:get:gold" not in free_ids(st, 0)                           # a resource is given or asked, not both
    send = next(a for a in st.free_actions(0) if a.id == "trade:send")
    assert send.label == "Send P3 the offer: 2 gold, 1 food for 1 wood, 2 ore"
    st.apply(0, "trade:send")
    assert st.to_act == (2,) and draft(st, 0) is None
    st.apply(2, "accept")
    assert res(st, 0) == {"gold": 1, "food": 1, "wood": 1, "ore": 2}
    assert res(st, 2) == {"gold": 2, "food": 1, "wood": 2, "ore": 0}
    assert st.to_act == (0,)


@rule("LD-TRADE-1", "LD-GAP-57")
def test_a_gift_is_an_offer_too_and_an_empty_offer_is_not():
    st = game(2)
    to_move(st, 0, [1], rnd=2)
    st.apply(0, "trade:to:2")
    assert "trade:send" not in free_ids(st, 0)
    st.apply(0, "trade:give:gold")
    st.apply(0, "trade:ungive:gold")
    assert "trade:send" not in free_ids(st, 0)
    offer(st, 0, 1, give={"gold": 1})
    st.apply(1, "accept")
    assert res(st, 0)["gold"] == 1 and res(st, 1)["gold"] == 3


@rule("LD-TRADE-1", "LD-GAP-57", "LD-TURN-6")
def test_a_lord_not_to_act_offers_a_trade_at_any_moment():
    st = game(4)
    to_move(st, 0, [1, 1], rnd=2)                                      # P1's move turn
    set_lord(st, 3, food=2)
    set_lord(st, 1, ore=1)
    assert st.to_act == (0,) and "trade:to:2" in free_ids(st, 3)
    offer(st, 3, 1, give={"food": 2}, get={"ore": 1})                 # P4 offers P2 in the middle of P1's turn
    assert st.to_act == (1,)
    assert not any(a.startswith("trade:") for a in ids(st, 1))           # the question lists the answers only
    st.apply(1, "accept")
    assert res(st, 3)["ore"] == 1 and res(st, 1)["food"] == 2
    assert st.to_act == (0,) and active(st) == 0                   # back to P1's turn as it was
    st.apply(0, "end")


@rule("LD-TRADE-1", "LD-GAP-57")
def test_a_declined_offer_is_not_repeated_in_the_same_phase():
    st = game(3)
    to_harvest(st, {0: [1], 1: [1], 2: [1]}, rnd=2)
    set_lord(st, 1, wood=2)
    offer(st, 0, 1, give={"gold": 1}, get={"wood": 1})
    st.apply(1, "decline")
    st.apply(0, "trade:to:2")
    st.apply(0, "trade:give:gold")
    st.apply(0, "trade:get:wood")
    assert "trade:send" not in free_ids(st, 0)
    with pytest.raises(IllegalAction):
        st.apply(0, "trade:send")
    st.apply(0, "trade:give:gold")                                      # a different offer may be made
    assert "trade:send" in free_ids(st, 0)
    st.apply(0, "trade:clear")
    offer(st, 0, 2, give={"gold": 1})                                   # and the same one to another lord
    st.apply(2, "decline")
    for s in (0, 1, 2):
        st.apply(s, "done")                                             # the next phase: it may be made again
    assert phase(st) == "roll"
    offer(st, 0, 1, give={"gold": 1}, get={"wood": 1})
    assert st.to_act == (1,)


@rule("LD-TRADE-1")
def test_no_offer_is_sent_while_another_question_is_open():
    st = game(4)
    place(st, 1, "c1")
    to_move(st, 0, [3], rnd=2)
    place(st, 0, "b1")
    put_monster(st, "b2")
    put_monster(st, "c2")
    go(st, 0, "move:k1>d1")                                            # P2 is asked whether to block
    assert st.to_act == (1,)
    st.apply(2, "trade:to:2")
    st.apply(2, "trade:give:gold")                                      # drafting goes on
    assert "trade:send" not in free_ids(st, 2)
    st.apply(1, "pass")
    assert "trade:send" in free_ids(st, 2)


@rule("LD-TRADE-1")
def test_an_offer_no_longer_covered_cannot_be_accepted():
    st = game(2)
    to_harvest(st, {0: [1], 1: [1]}, rnd=2)
    set_lord(st, 1, wood=1)
    st.apply(0, "trade:to:2")
    st.apply(0, "trade:get:wood")
    set_lord(st, 1, wood=0)                                              # spent meanwhile
    assert "trade:send" not in free_ids(st, 0) and "trade:clear" in free_ids(st, 0)


# ---------------------------------------------------------------- at any time (LD-ITEM-4, LD-FOL-6)
@rule("LD-ITEM-4", "LD-FOL-6", "LD-UI-21")
def test_drop_and_dismiss_outside_ones_turn():
    st = game(4)
    sword = give_item(st, 1, "sword")
    set_followers(st, 1, ["miner"])
    to_move(st, 0, [1], rnd=1)
    assert st.to_act == (0,) and {f"drop:k1:{sword}", "dismiss:k1:miner"} <= set(free_ids(st, 1))
    assert not any(a.startswith("pick:") for a in free_ids(st, 1))
    st.apply(1, f"drop:k1:{sword}")
    st.apply(1, "dismiss:k1:miner")
    assert tile_items(st, "h1") == [sword] and followers(st, 1) == [] and st.to_act == (0,)


@rule("LD-ITEM-4", "LD-GAP-43")
def test_no_dropping_while_a_fight_is_resolved():
    st = game(4)
    sword = give_item(st, 1, "sword")
    place(st, 1, "c2")
    to_move(st, 0, [2], rnd=2)
    place(st, 0, "b1")
    go(st, 0, "move:k1>c2")
    assert st.to_act == (1,)                                             # fight or flee
    assert not any(a.startswith(("drop:", "dismiss:")) for a in free_ids(st, 1))
    with pytest.raises(IllegalAction):
        st.apply(1, f"drop:k1:{sword}")                                  # no dodging the theft
    rolls(st, 3, 3, 1, 1)
    st.apply(1, "fight")
    st.apply(0, f"steal:{sword}")
    assert items(st, 0) == [sword]


# ---------------------------------------------------------------- bots
def test_goal_bot_accepts_a_good_offer_and_declines_a_bad_one():
    st = game(2)
    to_harvest(st, {0: [1], 1: [1]}, rnd=2)
    set_lord(st, 0, resources={"gold": 4, "food": 4, "wood": 4, "ore": 4})
    set_lord(st, 1, resources={"gold": 4, "food": 4, "wood": 4, "ore": 4})
    bot = GoalBot(1)
    offer(st, 0, 1, give={"gold": 2}, get={"wood": 1})
    assert bot.choose(st, 1) == "accept"
    st.apply(1, "decline")
    offer(st, 0, 1, give={"wood": 1}, get={"gold": 3})
    assert bot.choose(st, 1) == "decline"


def test_goal_bot_offers_a_trade_for_a_build_it_cannot_afford():
    st = game(2)
    to_harvest(st, {0: [], 1: []}, rnd=2)
    set_lord(st, 0, resources={"gold": 5, "food": 3, "wood": 1, "ore": 0})   # a knight needs 1 ore; nothing else fits
    set_lord(st, 1, resources={"gold": 0, "food": 0, "wood": 0, "ore": 2})
    bot = GoalBot(1)
    for _ in range(10):
        if pending(st):
            break
        st.apply(0, bot.choose(st, 0))
    assert st.to_act == (1,) and top_frame(st)["kind"] == "offer"
    assert top_frame(st)["get"] == {"ore": 1} and top_frame(st)["give"] == {"gold": 1, "wood": 1}   # spare, not food
    assert bot.choose(st, 1) == "accept"                                  # a goal bot takes it
    st.apply(1, "accept")
    assert bot.choose(st, 0) == "build:knight"


# ---------------------------------------------------------------- free actions in random play
def test_free_actions_at_random_moments_keep_the_game_sound():
    """Random play in which, at random moments, a random seat (to act or not) takes one of its free actions."""
    for seed in range(3):
        st = GAME.new(4, seed, {"round_limit": 6})
        rng = Rng(seed, stream=5)
        steps = 0
        while not st.is_over and steps < 4000:
            steps += 1
            if rng.below(3) == 0:
                seat = rng.below(4)
                free = [a.id for a in st.free_actions(seat) if a.id != "trade:clear"]
                if free:
                    st.apply(seat, free[rng.below(len(free))])
                    continue
            seat = st.to_act[rng.below(len(st.to_act))]
            acts = [a.id for a in st.legal_actions(seat) if a.id not in ("concede", "concede:yes")]
            st.apply(seat, acts[rng.below(len(acts))] if acts else "concede:yes")
            for s in range(4):
                assert min(res(st, s).values()) >= 0
        text = st.to_json()
        assert GAME.from_json(text).to_json() == text
        again = GAME.replay(4, seed, {"round_limit": 6}, st.history)
        assert again.to_json() == text
        assert any(a[1] == "trade:send" for a in st.history)


# ---------------------------------------------------------------- the rules page (item 7)
@rule("LD-GAP-26", "LD-GAP-57", "LD-GAP-48", "LD-GAP-43")
def test_rules_page_calls_its_own_additions_house_rules():
    text = " ".join(GAME.rules_html().split())
    assert "House rule (the rulebook does not say): if only one lord is left, that lord wins" in text
    assert "<b>Safeguard</b> (a house rule; the rulebook has no round limit)" in text
    assert 'House rule on the reward: the rulebook\'s victory section says' in text
    assert '"2 resources of their choice"' in text
    assert "any resources for any resources" in text and "same offer cannot be made to that lord again" in text
    assert "drop an item or dismiss a follower at any moment" in text
    assert "cannot pick it up again in that same turn" in text and "to drop on its tile to make room" in text
    assert "LD-" not in text                                            # plain language, no clause ids


# ---------------------------------------------------------------- the trade panel
@rule("LD-TRADE-1")
def test_the_trade_panel_shows_the_draft_and_its_steps():
    from pyapp.games.doomspire import render as R
    st = game(4)
    to_move(st, 0, [1], rnd=2)
    set_lord(st, 0, food=3)
    set_lord(st, 1, resources={"gold": 1, "food": 2, "wood": 0, "ore": 3})
    for a in ("trade:to:1", "trade:give:gold", "trade:get:food"):
        st.apply(1, a)                                                  # P2 drafts while P1 moves
    html = R.render(st.view(1), st.free_actions(1), seat=1, names=["Ann", "Bo", "Cy", "Di"], interactive=True)
    panel = html[html.index('<details class="ds-group ds-offers" open>'):]
    panel = panel[:panel.index("</details>")]
    assert "Your offer to" in panel and "you give 1 gold, you get 1 food" in panel
    assert 'data-action="trade:give:ore"' in panel and "+1 ore" in panel and "&minus;1 gold" in panel
    assert 'data-action="trade:send"' in panel and "the offer: 1 gold for 1 food" in panel
    assert 'data-action="trade:to:1"' not in panel and 'data-action="trade:to:3"' in panel
    html = R.render(st.view(2), st.free_actions(2), seat=2, names=["Ann", "Bo", "Cy", "Di"], interactive=True)
    assert "Your offer" not in html and '<details class="ds-group ds-offers">' in html   # P3 sees no draft of P2

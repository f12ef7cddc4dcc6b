"""Hex Battle hidden information (issue 15, items 18 and 19): card ids carry nothing about a hidden
deck, the opponent's army (name and card list) is secret until the game ends, and the redeal of what a
seat cannot see varies the opponent's card list, not only its order (HB-ARMY-2, HB-GAP-38)."""
from __future__ import annotations

import json

import pytest

from pyapp import bots
from pyapp.engine import Rng
from pyapp.games.hexbattle import GAME
from pyapp.games.hexbattle.content import CARDS, MAX_POINTS, army_points

from hexbattle_helpers import army

rule = pytest.mark.rule


def _three_cheap_kinds():
    """Three card kinds (keys in alphabetical order) cheap enough for 30 cards with two units."""
    cheap = sorted(sorted(CARDS), key=lambda k: CARDS[k]["cost"])[:3]
    return sorted(cheap)


def _lists():
    """Two deck lists of the same size sharing one kind: in the first it sorts after the other kind,
    in the second before it (``a`` < ``m`` < ``z`` alphabetically)."""
    a, m, z = _three_cheap_kinds()
    return m, {a: 15, m: 15}, {m: 15, z: 15}


def _game(seed, cards1, name1="Secret"):
    own = army("Mine", cards={_three_cheap_kinds()[0]: 30})
    other = army(name1, cards=cards1)
    for a in (own, other):
        assert army_points(a) <= MAX_POINTS
    return GAME.new(2, seed, {"armies": [own, other]})


def _ids_of(s, seat, key):
    return {cid for cid in s.data["deck"][seat] + s.data["hand"][seat] if s.cards[cid] == key}


@rule("HB-ARMY-2", "HB-GAP-38")
def test_a_cards_id_says_nothing_about_the_rest_of_its_deck():
    """Issue 15 item 18.  Ids were numbered in alphabetical blocks per army, so a public card's id
    told which kinds come before it in the hidden deck: with ``m`` between ``a`` and ``z``, an ``m``
    card of the deck {a, m} always had a higher id than every ``m`` of the deck {m, z}.  Now the ids
    an ``m`` card may get are the same whichever list it comes from."""
    m, first, second = _lists()
    seen_first: set[str] = set()
    seen_second: set[str] = set()
    for seed in range(12):
        one, two = _game(seed, first), _game(seed, second)
        # the opponent's ids, deck position by deck position, are the same whatever the list holds
        assert one.data["deck"][1] == two.data["deck"][1] and one.data["hand"][1] == two.data["hand"][1]
        assert one.data["deck"][0] == two.data["deck"][0] and one.data["hand"][0] == two.data["hand"][0]
        seen_first |= _ids_of(one, 1, m)
        seen_second |= _ids_of(two, 1, m)
        # and within one game the kinds are not in blocks of ids
        ordered = sorted(one.data["deck"][1] + one.data["hand"][1], key=lambda c: int(c[1:]))
        kinds = [one.cards[c] for c in ordered]
        assert kinds != sorted(kinds)
    # over a dozen games an m card took most of the 60 ids from either list
    assert len(seen_first & seen_second) >= 40, (len(seen_first), len(seen_second))


@rule("HB-ARMY-2")
def test_nothing_a_seat_sees_depends_on_the_opponents_list_or_name():
    """Issue 15 items 18 and 19: for seat 0, another opponent army (another name and card list, the
    same size and units) changes nothing seat 0 is shown -- view, legal action ids and labels, log --
    until the opponent plays; the opponent's army name is not in the view."""
    _, first, second = _lists()
    compared = 0
    for seed in range(8):
        one, two = _game(seed, first, "Iron Phalanx"), _game(seed, second, "Thunder Riders")
        bot = bots.make("hexbattle", "random", seed=seed)
        while one.to_act == (0,):
            assert one.view(0) == two.view(0)
            assert [(a.id, a.label, a.kind) for a in one.legal_actions(0)] == \
                   [(a.id, a.label, a.kind) for a in two.legal_actions(0)]
            assert "Iron Phalanx" not in json.dumps(one.view(0)) and "Thunder Riders" not in json.dumps(two.view(0))
            compared += 1
            act = bot.choose(one, 0)
            one.apply(0, act)
            two.apply(0, act)
        assert one.view(0)["log"] == two.view(0)["log"]
    assert compared >= 8


@rule("HB-ARMY-2")
def test_each_seat_sees_its_own_army_and_both_are_shown_at_the_end():
    s = _game(3, _lists()[1], "Secret Host")
    assert s.view(0)["names"] == ["Mine", None] and s.view(1)["names"][1] == "Secret Host"
    assert s.view(None)["names"] == [None, None]
    assert s.view(0)["army_cards"][1] is None and s.view(0)["army_cards"][0][0]["count"] == 30
    bot = bots.make("hexbattle", "random", seed=3)
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, bot.choose(s, seat))
    for seat in (0, 1, None):
        v = s.view(seat)
        assert v["names"] == ["Mine", "Secret Host"]
        assert [sum(c["count"] for c in cards) for cards in v["army_cards"]] == [30, 30]


@rule("HB-GAP-38")
def test_the_redeal_varies_the_opponents_card_list_within_the_points_limit():
    """The generic hidden-information test (tests/engine/test_random_simulation.py) deals anew what a seat
    cannot see; for Hex Battle that now includes which kinds of card the opponent's hidden cards are."""
    s = _game(5, _lists()[1])
    hidden = sorted(s.data["deck"][1] + s.data["hand"][1])
    before = sorted(s.cards[c] for c in hidden)
    changed = 0
    for k in range(10):
        other = s.resample_hidden(0, Rng(k))
        assert sorted(other.data["deck"][1] + other.data["hand"][1]) == hidden     # the same cards (ids)
        after = sorted(other.cards[c] for c in hidden)
        changed += after != before
        spent = sum(CARDS[other.cards[c]]["cost"] for c in hidden)
        assert spent + army_points(army("x", cards={})) <= MAX_POINTS
        assert other.view(0) == s.view(0)
        # seat 0's own cards keep their kinds
        assert {c: other.cards[c] for c in s.data["hand"][0]} == {c: s.cards[c] for c in s.data["hand"][0]}
    assert changed >= 8

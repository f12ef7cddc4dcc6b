"""The fast move listing (issue 33 item 1) against a plain recomputation, at every step of random games.

The listing no longer asks :func:`fortress.pillar_problem` / :func:`fortress.build_problem` for every square,
group and die: it reads which values each open square takes (``pillar_values``, ``pillar_places``) and where each
room size may go (``size_places``, ``places_by_size``) in one pass, pays single-item costs without the search, and keeps each power's
text by its content.  Here every one of those answers is compared with the slow, reason-giving checks.
"""
from __future__ import annotations

import random

import pytest

from pyapp.games.icefortress import GAME, content
from pyapp.games.icefortress import fortress as fx
from pyapp.games.icefortress.content import SIZES

rule = pytest.mark.rule


def _plain_affordable(st, power) -> bool:
    d = st.data
    shards, dice = dict(d["supply"]["shards"]), list(d["dice"])

    def go(i: int) -> bool:
        if i == len(power["cost"]):
            return True
        c = power["cost"][i]
        for opt in st.payments_from(c, shards, dice):
            if "shard" in c:
                shards[opt] -= 1
                ok = go(i + 1)
                shards[opt] += 1
            else:
                dice.remove(opt)
                ok = go(i + 1)
                dice.append(opt)
            if ok:
                return True
        return False
    return go(0)


def _check(st) -> None:
    d = st.data
    squares = fx.open_squares(d)
    fits = set()
    for v in range(1, 7):
        plain = [p for p in squares if fx.pillar_problem(d, p, v) is None]
        assert fx.pillar_places(d, v) == plain
        if plain:
            fits.add(v)
        assert fx.any_pillar_place(d, v) == bool(plain)
    assert fx.pillar_values(d) == fits
    assert fx.air_count(d) == (sum(1 for _p, e in fx.invaders(d) if e == "air") if fx.active(d, "air") else 0)
    groups = [f"{cid}.{g['id']}" for cid in sorted(d["rooms"]) for g in fx.rc(cid)["groups"]]
    by_size = fx.places_by_size(d)
    for size in SIZES:
        card = next(k for k, r in content.load()["rooms"].items() if r["size"] == size)
        base = [f"base:{k}" for k in range(len(d["base"]))]
        plain = [p for p in base + groups if fx.build_problem(d, card, p) is None]
        assert fx.size_places(d, size) == plain == fx.build_places(d, card) == by_size[size]
    used = d["used"]
    plain_usable = [k for k in st.power_keys(d["cur"]) if k not in used and _plain_affordable(st, st.power_of(k))
                    and not st.stopped_by_full_supply(st.power_of(k))]
    assert st.usable_powers() == plain_usable
    for k in st.power_keys(d["cur"]):
        power = st.power_of(k)
        assert st.affordable(power) == _plain_affordable(st, power)
        assert content.power_text(power) == content._power_text(power)


@rule("IF-PIL-2", "IF-PIL-5", "IF-PIL-6", "IF-PIL-9", "IF-PIL-11", "IF-GAP-18", "IF-ROOM-1", "IF-ROOM-2",
      "IF-ROOM-5", "IF-ROOM-7", "IF-INV-12", "IF-GAP-9", "IF-POW-7")
@pytest.mark.parametrize("players", [1, 2, 4])
def test_fast_listing_matches_the_plain_checks_in_random_games(players):
    pick = random.Random(players)
    checked = 0
    for seed in range(1, 9):
        st = GAME.new(players, seed)
        while not st.is_over:
            seat = st.to_act[0]
            if st.data["step"] == 2:
                _check(st)
                checked += 1
            st.apply(seat, pick.choice(st.legal_actions(seat)).id)
    assert checked > 100


def test_a_power_text_follows_its_content():
    """The text is kept by the power's content, not its key: a power changed in place reads anew."""
    power = {"cost": [{"shard": "fire"}], "effects": [{"do": "look", "n": 2, "decks": ["small"]}]}
    before = content.power_text(power)
    del power["effects"][0]["decks"]
    power["cost"].append({"die": "4"})
    after = content.power_text(power)
    assert after == content._power_text(power) != before
    assert "a deck" in after and "small" in before

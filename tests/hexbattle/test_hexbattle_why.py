"""Why a tap on a Hex Battle unit did nothing (issue 32 item 2; pyapp/games/hexbattle/why.py)."""
from __future__ import annotations

import pytest

from pyapp.games.hexbattle.content import UNITS
from pyapp.ui import why

from hexbattle_helpers import scenario, unit

rule = pytest.mark.rule


def _why(s, key, seat=0):
    return why.reason(s, seat, key, names=["Ann", "Bo"], bots=[False, True])


def _play(s, key, *pay):
    cid = next(c for c in s.hand[0] if s.data["cards"][c] == key)
    s.apply(0, f"play:{cid}")
    for p in pay:
        s.apply(0, "pay:" + next(c for c in s.hand[0] if s.data["cards"][c] == p and c != cid))
    s.apply(0, "pay:ok")


@rule("HB-TURN-3", "HB-UNIT-11")
def test_a_tap_on_a_unit_that_cannot_act_says_why():
    units = [unit(0, "lancer", "d11"), unit(0, "longbow", "a16"), unit(1, "militia", "d9"), unit(1, "militia", "h1"),
             unit(0, "longbow", "e12")]
    s = scenario(units, hand=["charge", "volley", "march", "march"])
    lancer, longbow, enemy = ("hb-u" + u["id"].replace(".", "-") for u in s.data["units"][:3])
    # the turn's first choice: a unit moves only by a card
    assert _why(s, lancer).startswith(f"To move or shoot with your {UNITS['lancer']['name']}, play a card first")
    assert _why(s, enemy).startswith("That Levy Militia is the enemy's")
    # Volley played: the lancer cannot shoot, one longbow is out of range (the other one may shoot)
    _play(s, "volley", "march")
    assert s.phase == "resolve"
    assert _why(s, lancer) == f"Volley needs a ranged unit to shoot: your {UNITS['lancer']['name']} cannot shoot."
    assert _why(s, longbow) == f"Your {UNITS['longbow']['name']} has no enemy within range to shoot."
    # a tap off the units: the step in the guided game's words
    assert _why(s, "").startswith("Nothing to do there now.")


@rule("HB-CARD-3")
def test_a_card_for_one_unit_type_says_which():
    s = scenario([unit(0, "militia", "d10"), unit(0, "lancer", "e12"), unit(1, "militia", "h1")],
                 hand=["charge", "march", "march"])
    militia = "hb-u" + s.data["units"][0]["id"].replace(".", "-")
    _play(s, "charge", "march")
    assert s.phase == "resolve"
    assert _why(s, militia) == "Charge commands cavalry units only: your Levy Militia is infantry."
    assert _why(s, militia, seat=1) == "It is Ann's turn: wait for their move."

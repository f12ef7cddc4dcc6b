"""Clockwork Crusade's pieces drawn as our own symbols (issue 31, "a look of its own"): every unit card and a
face-down portal have a ``<symbol>``; a unit on the board shows its card's symbol (no abbreviation), its name in
words (accessible name and ``<title>``), its owner's colour and a pattern per seat; a portal shows a rift to the
other players and its unit's symbol only to its owner."""
from __future__ import annotations

import re

import pytest
from clockwork_helpers import main, put

from pyapp.games.clockwork import render as R
from pyapp.games.clockwork.render.art import UNIT_SYMBOLS
from pyapp.games.clockwork.content import UNITS as CARDS

NAMES = ["Ann", "Bo"]


def draw(st, seat):
    return R.render(st.view(seat), st.legal_actions(seat), seat=seat, names=NAMES, interactive=True)


def units_in(markup):
    return re.findall(r'<g class="(unit [^"]*)"[^>]*aria-label="([^"]*)"[^>]*><title>([^<]*)</title>(.*?)</g>', markup)


@pytest.mark.rule("CC-UI-3")
def test_every_unit_shows_its_cards_symbol_and_its_name_in_words():
    assert set(UNIT_SYMBOLS) == set(CARDS), "a card without a symbol would fall back to letters"
    st = main(2, active=0, res=[9, 9])
    cards = sorted(UNIT_SYMBOLS)
    hexes = ["a1", "b1", "c1", "a2", "b2", "c2", "d1", "d2", "e1", "e2", "f1", "f2", "d3", "e3", "f3", "a3", "b3",
             "c3", "a4"]
    for i, (card, h) in enumerate(zip(cards, hexes)):
        put(st, card, i % 2, h)
    markup = draw(st, 0)
    units = units_in(markup)
    assert len(units) == len(cards)
    seen = set()
    for cls, label, title, body in units:
        card = re.search(r'href="#cw-t-([a-z-]+)"', body).group(1)
        seen.add(card)
        name = CARDS[card]["name"]
        assert label.startswith(name + " ") and title == label, (card, label)
        assert 'class="uname"' not in body and R.ABBREV[card] not in re.sub(r"<[^>]+>", " ", body).split()
        seat = int(re.search(r"cw-p(\d)", cls).group(1))
        # the seat's colour (class) and, for every seat but the first, its pattern over the body
        assert ('fill="url(#cw-pat-1)"' in body) == (seat == 1), (card, seat)
    assert seen == set(cards)
    assert all(f'<symbol id="cw-t-{c}"' in markup for c in cards) and '<symbol id="cw-t-portal"' in markup


@pytest.mark.rule("CC-UI-1")
def test_a_portals_unit_symbol_shows_only_to_its_owner():
    st = main(2, active=0, res=[9, 9])
    st.apply(0, "portal:infantry@a2")
    mine, theirs = draw(st, 0), draw(st, 1)
    portal = re.compile(r'<g class="portal [^"]*"[^>]*aria-label="([^"]*)"[^>]*>.*?</g>')
    (m_label,), (t_label,) = portal.findall(mine), portal.findall(theirs)
    assert "Infantry" in m_label and "infantry" not in t_label.lower()
    m_g, t_g = portal.search(mine).group(0), portal.search(theirs).group(0)
    assert 'href="#cw-t-infantry"' in m_g and 'href="#cw-t-portal"' in t_g
    assert "infantry" not in t_g.lower()

"""A rules page draws the pieces as the board does (issue 31, "a look of its own"): Hex Battle's diagrams show the
unit type's symbol, never the abbreviations the board no longer shows ("INF", "CAV", "RNG")."""
from __future__ import annotations

import re

from pyapp.games.hexbattle import GAME
from pyapp.games.hexbattle.render import TYPE_SHORT, TYPE_SYMBOLS


def test_hexbattle_rules_diagrams_show_the_unit_symbols_not_abbreviations():
    page = GAME.rules_html()
    words = set(re.sub(r"<[^>]+>", " ", page).split())
    assert not words & set(TYPE_SHORT.values())
    diagrams = re.findall(r'<svg class="hb-board hb-diagram".*?</svg>', page, re.S)
    units = [u for d in diagrams for u in re.findall(r'<g class="unit (p\d)">(.*?)<text class="uhp"', d)]
    assert len(units) == 4
    for seat, body in units:
        assert TYPE_SYMBOLS["infantry"] in body                        # the Spearwall and the Militia: infantry
        assert ('fill="url(#hbd-hatch)"' in body) == (seat == "p1")     # the second seat striped, as on the board
    assert '<pattern id="hbd-hatch"' in page

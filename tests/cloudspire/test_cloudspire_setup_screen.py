"""Cloudspire's setup screen: a seat whose faction is left open says "Random" (the game deals it at the start),
not the first faction of the list, and choosing "Random" again after a faction opens the seat again."""
from __future__ import annotations

import re

import pytest

from pyapp.ui import App, DictStorage


def faction_select(html: str, seat: int) -> str:
    m = re.search(r'<select data-input="opt-factions-%d">(.*?)</select>' % seat, html)
    assert m, "a faction choice per seat"
    return m.group(1)


def selected(options: str) -> list:
    return re.findall(r'<option value="([^"]*)" selected>([^<]*)</option>', options)


@pytest.mark.rule("CS-UI-30")
def test_open_seats_say_random_until_the_factions_are_dealt():
    app = App(DictStorage(), {}, random_seed=lambda: 99)
    app.handle("nav", "setup:cloudspire")
    html = app.render()
    for seat in (0, 1):
        opts = faction_select(html, seat)
        assert opts.startswith('<option value="" selected>Random</option>')
        assert selected(opts) == [("", "Random")]
    app.handle("input", "opt-factions-1", "keel")
    assert selected(faction_select(app.render(), 1)) == [("keel", "Keel")]
    assert selected(faction_select(app.render(), 0)) == [("", "Random")]
    app.handle("input", "opt-factions-1", "")             # back to random
    assert selected(faction_select(app.render(), 1)) == [("", "Random")]
    app.handle("input", "opt-factions-0", "uprising")
    app.handle("nav", "start")
    dealt = app.state.view(0)["factions"]
    assert dealt[0] == "uprising" and dealt[1] not in (None, "uprising")

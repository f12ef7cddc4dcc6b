"""Cloudspire on the table (issue 31): the stack builder in the panel, labelled and focusable pieces, a hex with
several choices opening their list, panels that open into detail, and the map key."""
from __future__ import annotations

import html
import re

import pytest

from pyapp import bots
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire import render as R
from cloudspire_helpers import act
from cloudspire_helpers import at_stack

NAMES = ["Ann", "Bob", "Cy", "Di"]


def draw(s, seat, interactive=True):
    acts = s.legal_actions(seat) if interactive and seat in s.to_act else []
    return R.render(s.view(seat), acts, seat=seat, names=NAMES[:s.players], interactive=bool(acts))


@pytest.mark.rule("CS-UI-14", "CS-UI-15")
def test_the_builder_shows_the_owners_stack_and_nothing_to_the_others():
    s = at_stack({0: ["lantern_heir", "outrider", "page", "squire"], 1: ["delver"]})
    out = draw(s, 0)
    assert 'class="cs-builder"' in out and 'data-action="fill"' in out
    assert "Or place the units one by one" in out                       # the old steps, folded
    act(s, "fill", 0)
    act(s, "group:2", 0)                                                 # heir, page+squire, outrider
    out = draw(s, 0)
    rows = re.findall(r"<li><span class=\"cs-entry\">(.*?)</li>", out)
    assert [re.sub("<[^>]+>", "", r).split(" (")[0] for r in rows] == \
        ["1. The Lantern Heir", "2. Page + Squire", "3. Outrider"]
    assert 'data-action="ungroup:1"' in out and 'data-action="raise:2"' in out
    other = at_stack({0: ["lantern_heir", "outrider", "page", "squire"], 1: ["delver"]})
    for m in ("fill", "lower:1", "lower:2", "group:2"):                 # heir, squire+outrider, page: same sizes
        act(other, m, 0)
    assert draw(other, 0) != out
    assert draw(other, 1) == draw(s, 1) and draw(other, None, False) == draw(s, None, False)


def positions(players=2, seed=5, steps=700):
    s = GAME.new(players, seed)
    bot = [bots.make("cloudspire", "raider", seed * 31 + i) for i in range(players)]
    for _ in range(steps):
        if s.is_over:
            return
        seat = s.to_act[0]
        yield s, seat
        s.apply(seat, bot[seat].choose(s, seat))


def test_every_piece_is_focusable_with_a_stable_key_and_a_name_holding_what_it_shows():
    seen = 0
    for s, seat in positions():
        v = s.view(seat)
        if not v["units"]:
            continue
        out = draw(s, seat)
        svg = out.split('<svg class="cs-map"', 1)[1].split("</svg>", 1)[0]
        pieces = re.findall(r'<g class="[^"]*cs-piece[^"]*" tabindex="0" role="img" data-key="([^"]+)" '
                            r'aria-label="([^"]+)"(?: data-part="[^"]+")?>(.*?)<title>', svg)     # (a piece is a part)
        keys = [k for k, _, _ in pieces]
        assert len(keys) == len(set(keys))
        assert len(pieces) == len(v["units"]) + len(v["gates"]) + len(v["spires"]) + len(v["landmarks"])
        for u in v["units"]:
            assert f"cs-{u['id']}" in keys
        for _, name, body in pieces:
            shown = [html.unescape(t) for t in re.findall(r">([^<>]+)</text>", body)]
            assert all(t in html.unescape(name) for t in shown), (shown, name)
        seen += 1
        if seen > 25:
            break
    assert seen > 5


def test_a_hex_with_several_choices_opens_their_list_and_no_choice_is_hidden_behind_a_count():
    found = 0
    for s, seat in positions(3, 5, 1500):
        acts = s.legal_actions(seat)
        out = draw(s, seat)
        assert "on the map: a ringed hex, or pick from the list" not in out
        many = {hx: xs for hx, xs in R._ring_actions(acts, R.MAPS[s.players]).items() if len(xs) > 1}
        for hx, xs in many.items():
            pick = re.search(r'<g class="cs-pick" id="cs-pick-%s" data-opens="cs-opts-%s"' % (hx, hx), out)
            opts = out.split(f'<g class="cs-opts" id="cs-opts-{hx}" data-via="cs-pick-{hx}">', 1)[1].split("</g></g>")[0]
            assert pick and sorted(html.unescape(a) for a in re.findall(r'data-action="([^"]+)"', opts)) == \
                sorted(a.id for a in xs)
            panel = out.split('class="cs-acts', 1)[1].split("</section>", 1)[0]
            assert not any(f'data-action="{html.escape(a.id)}"' in panel for a in xs)
            found += 1
        if found >= 3:
            break
    assert found


def test_panels_are_summaries_that_open_and_the_map_has_a_key():
    s = GAME.new(3, 5)
    out = draw(s, s.to_act[0])
    assert out.count('<details class="cs-player"') == 3 and '<details class="cs-market"' in out
    assert 'class="cs-legend"' in R.LEGEND and "<summary>Map key</summary>" in R.LEGEND and R.LEGEND in out
    for p in range(3):
        summary = out.split('<details class="cs-player"')[p + 1].split("</summary>")[0]
        assert "Source " in summary and "gate " in summary

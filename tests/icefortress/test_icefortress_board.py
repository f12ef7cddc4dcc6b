"""Ice Fortress board at every size (issue 16): room cards drawn at 1 SVG unit = 1 CSS pixel with no text under
11 px, a tower of 20+ rooms drawn whole, the move in hand in the action bar, reasons shown rather than hovered,
and the rules page's diagrams."""
from __future__ import annotations

import re
from pathlib import Path

from pyapp.games.icefortress import GAME
from pyapp.games.icefortress import fortress as fx
from pyapp.games.icefortress.render import CARD_W, render

from icefortress_helpers import bag, built, dice, fire_stack, invader, new, play, supply

ROOT = Path(__file__).resolve().parents[2]
CSS = (ROOT / "web" / "icefortress.css").read_text()
NAMES = ["Ann", "Bob", "Cy", "Di"]
PHONE_CONTENT = 390 - 2 * 12 - 2 * 6.4          # the phone's width less the app's and the board's padding


def _html(st, s=None):
    s = st.to_act[0] if s is None else s
    return render(st.view(s), st.legal_actions(s), seat=s, names=NAMES[:st.players], interactive=True)


def _big_fortress():
    """Four towers, 23 rooms: a full fire line, and jumbo + large + medium rooms on the other spaces."""
    st = new(2, 1)
    fire_stack(st)                                                   # J01, L01, M01
    built(st, "S01", "M01.g1")
    built(st, "L02", "J01.g2", {"a": 3, "b": 3})
    built(st, "J04", "base:1", {s: 4 for s in "abcdefgh"})
    built(st, "L07", "J04.g1", {"a": 2, "b": 2, "c": 2, "d": 2})
    built(st, "L08", "J04.g2", {"a": 2, "b": 2, "c": 2, "d": 2})
    built(st, "J07", "base:2", {s: 4 for s in "abcdefgh"})
    built(st, "L13", "J07.g1", {"a": 2, "b": 2, "c": 2, "d": 2})
    built(st, "L14", "J07.g2")
    built(st, "J10", "base:3", {s: 4 for s in "abcdefgh"})
    built(st, "L19", "J10.g1", {"a": 2, "b": 2, "c": 2, "d": 2})
    built(st, "L20", "J10.g2", {"a": 2, "b": 2, "c": 2, "d": 2})
    rooms = st.data["rooms"]
    extra = sorted(st.data["decks"]["medium"])
    for parent in ("L07", "L08", "L13", "L19", "L20"):
        for g in fx.rc(parent)["groups"]:
            if len(rooms) < 23:
                built(st, extra.pop(), f"{parent}.{g['id']}")
    return st


def test_every_font_size_in_the_stylesheet_is_at_least_11_px():
    sizes = [float(v) for v in re.findall(r"font-size:\s*([\d.]+)px", CSS)]
    sizes += [16 * float(v) for v in re.findall(r"font-size:\s*([\d.]+)rem", CSS)]
    assert sizes and min(sizes) >= 11, sorted(sizes)[:3]


def test_room_cards_are_drawn_at_their_natural_size_and_fit_a_phone():
    st = _big_fortress()
    assert len(st.data["rooms"]) >= 20
    html = _html(st)
    cards = re.findall(r'<svg class="if-room[^"]*" width="([\d.]+)" height="([\d.]+)" viewBox="([-\d.]+) ([-\d.]+) '
                       r'([\d.]+) ([\d.]+)"', html)
    assert len(cards) == len(st.data["rooms"])                      # every room drawn, no empty space left
    for w, h, _x, _y, vw, vh in cards:                               # scale 1: a font size is its size on screen
        assert float(w) == float(vw) and float(h) == float(vh)
        assert float(w) <= PHONE_CONTENT
    assert "font-size" not in html.split('<div class="if-side"')[0]  # every size comes from the stylesheet
    assert max(CARD_W.values()) + 16 <= PHONE_CONTENT


def test_a_room_card_labels_its_groups_and_what_stands_on_them():
    st = new(2, 1)
    fire_stack(st)
    html = _html(st)
    large = fx.rc("L01")["name"]
    assert f"\u2191 {large}" in html                                  # a group names the room it carries
    assert f"on group g1 of {fx.rc('J01')['name']} (J01)" in html     # a card says where it stands


def test_the_move_in_hand_is_one_action_bar_and_refusals_are_written_out():
    st = new(2, 1)
    built(st, "J10", "base:0")
    built(st, "J01", "base:1")
    dice(st, 4, 6)
    supply(st, rooms=["L25"])
    html = _html(st)
    bar = html.split('class="panel if-acts bs-actions"')[1].split("</section>")[0]
    assert 'data-action="die:4"' in bar and 'data-action="end"' in bar
    play(st, "die:6")
    html = _html(st)
    why = html.split('class="panel why"')[1].split("</details>")[0]
    assert "J10.a, J10.b, J10.c" in why and "this square takes a die from 4 to 5" in why
    assert "<title>" not in html.split('<div class="if-side"')[0]    # nothing only in a hover tooltip


def test_invaders_show_their_element_by_icon_as_well_as_colour():
    st = new(2, 1)
    built(st, "J01", "base:0", {"a": 3})
    invader(st, "J01.a", "fire")
    html = _html(st)
    # our own symbols (issue 31), not text characters: the invader's disc and the room's corners show the element's
    # symbol, drawn once in the board's defs; the element in words is in the names
    inv = re.search(r'<g class="inv fire" role="img" aria-label="fire invader on J01.a">(.*?)</g>', html)
    assert inv and '<use href="#if-el-fire" class="sym"' in inv.group(1) and "<text" not in inv.group(1)
    room = re.search(r'<svg class="if-room if-jumbo"[^>]*>(.*?)</svg>', html)
    assert room and len(re.findall(r'<use href="#if-el-\w+" class="ico"', room.group(1))) == 4
    assert "\u25b2" not in room.group(1) + inv.group(1)
    assert html.count('<symbol id="if-el-') == 5 and html.count('class="if-defs"') == 1


def test_rules_page_diagrams_and_plain_words():
    page = GAME.rules_html()
    assert page.count("<figure") >= 2 and page.count("<svg") >= 2
    assert "4-5" in page and "+1" in page and "beacon" in page.lower()
    sizes = [float(v) for v in re.findall(r'font-size="([\d.]+)"', page)]
    assert sizes and min(sizes) >= 11
    assert "no hand-over screen is needed" in " ".join(page.split())
    assert not re.search(r"\bIF-[A-Z]+-\d", page)                     # no checklist ids for players


def test_where_an_invader_lands_is_chosen_on_the_board_too():
    st = new(2, 1)
    fire = [c for c in ("J01", "J02", "J03") if fx.rc(c)["element"] == "fire"][:2]
    built(st, fire[0], "base:0", {"a": 3})
    built(st, fire[1], "base:1", {"a": 3})
    bag(st, "fire")
    dice(st)
    play(st, "end")
    land = [a for a in st.legal_actions(st.to_act[0]) if a.id.startswith("land:")]
    assert len(land) == 2
    html = _html(st)
    for a in land:                                      # the square itself is a named button, and so is the list's
        # (its accessible name starts with what the square shows, then says the choice)
        assert re.search(r'<g class="sq \w+ legal" role="button" [^>]*aria-label="[^"]*%s[^"]*" tabindex="0" data-action="%s"'
                         % (re.escape(a.label), re.escape(a.id)), html)
        assert html.count(f'data-action="{a.id}"') == 2


def test_a_last_move_outline_never_paints_over_the_die_it_marks():
    """The outline is a rect inside the square's group: the square's own fill rules must not reach it."""
    for sel in re.findall(r"([^{}]*\.sq[^{}]*>rect[^{}]*)\{", CSS):
        for part in sel.split(","):
            if ".sq" in part and ">rect" in part:
                assert part.strip().endswith("rect.face"), part
    st = new(2, 1)
    built(st, "J01", "base:0")
    dice(st, 5)
    play(st, "die:5", "pillar:J01.a")
    square = _html(st).split('aria-label="J01.a:')[1].split('aria-label="J01.b:')[0]
    assert square.index('class="die"') < square.index('class="mark ')      # drawn after, with fill:none
    assert re.search(r"\.if-room \.mark\{fill:none", CSS)

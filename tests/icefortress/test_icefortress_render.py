"""Ice Fortress renderer: every legal action is a focusable, named control; the board shows what the UI
clauses ask for."""
from __future__ import annotations

import re

import pytest

from pyapp import bots
from pyapp.games.icefortress import GAME
from pyapp.games.icefortress.render import render

from icefortress_helpers import built, dice, invader, new, pillars, play, seat, supply

rule = pytest.mark.rule
NAMES = ["Ann", "Bob", "Cy", "Di"]


def _html(st, s=None, interactive=True):
    s = st.to_act[0] if s is None else s
    return render(st.view(s), st.legal_actions(s), seat=s, names=NAMES[:st.players], interactive=interactive)


def _controls(html):
    """(tag, attributes) of every element carrying data-action."""
    return re.findall(r'<(\w+)([^>]*data-action="[^"]*"[^>]*)>', html)


def _check_controls(st):
    s = st.to_act[0]
    html = _html(st, s)
    legal = {a.id for a in st.legal_actions(s)}
    drawn = set(re.findall(r'data-action="([^"]*)"', html))
    assert drawn == {i.replace("&amp;", "&") for i in legal} or drawn == legal
    for tag, attrs in _controls(html):
        assert tag == "button" or ('role="button"' in attrs and 'tabindex="0"' in attrs), attrs
        if tag != "button":
            assert re.search(r'aria-label="[^"]+"', attrs), attrs
    return html


def test_every_legal_action_is_a_named_control_through_bot_games():
    for players in (1, 2, 4):
        st = GAME.new(players, 40 + players)
        b = [bots.make("icefortress", "planner", i) for i in range(players)]
        steps = 0
        while not st.is_over and steps < 400:
            if steps % 4 == 0:
                _check_controls(st)
            s = st.to_act[0]
            st.apply(s, b[s].choose(st, s))
            steps += 1
        render(st.view(None), [], seat=None, names=NAMES, interactive=False)


def test_spectator_and_waiting_seats_get_no_controls():
    st = new(2, 1)
    other = 1 - seat(st)
    assert "data-action" not in render(st.view(other), [], seat=other, names=NAMES, interactive=True)
    assert "data-action" not in render(st.view(None), st.legal_actions(seat(st)), seat=None, names=NAMES,
                                       interactive=False)


@rule("IF-UI-7", "IF-UI-8")
def test_chosen_die_highlights_legal_squares_and_names_refusals():
    st = new(2, 1)
    built(st, "J10", "base:0")
    built(st, "J01", "base:1")                                  # its "?" squares take a 6
    dice(st, 4, 6)
    play(st, "die:6")
    html = _check_controls(st)
    assert 'data-action="pillar:J10.a"' not in html            # 4-5 only
    assert "refused: this square takes a die from 4 to 5" in html
    assert "4-5" in html and "+1" in html and 'class="link"' in html     # restriction, modifier, joining line


@rule("IF-UI-14", "IF-UI-20", "IF-ELEM-2", "IF-UI-5", "IF-UI-15", "IF-UI-16", "IF-UI-13")
def test_board_shows_rooms_elements_invaders_and_status():
    st = new(2, 1)
    built(st, "J10", "base:0", {"a": 4})
    built(st, "J01", "base:1")
    invader(st, "J10.g1", "earth")
    invader(st, "J01.a", "fire")
    pillars(st, "J01", b=3)
    invader(st, "J01.b", "fire")
    supply(st, rooms=["L25"], water=2)
    html = _html(st)
    assert 'class="room el-earth"' in html and 'class="room el-fire"' in html
    # the element's corner icon appears four times on a room, next to its colour class
    earth = html.split('class="room el-earth"')[1].split("</g>")[0]
    assert earth.count('class="ico"') >= 4
    assert 'class="inv earth"' in html and "occupying the group" in html       # earth on a group
    assert html.count('class="inv fire"') == 2                                     # on a square and on a pillar
    assert "1 Roll Dice" in html and 'class="now"' in html
    assert "Ice shield: <b>7</b>" in html and "Invaders to pull this turn: 2" in html
    assert "Supply: 1 of 7 rooms" in html and "water 2" in html and "white room" in html
    assert "Invader side" in html


@rule("IF-UI-4", "IF-UI-10", "IF-UI-6")
def test_characters_show_cards_dice_powers_and_spending():
    st = new(2, 1)
    ci = st.view(None)["cur"]
    st.data["chars"][ci].update(name="N1", abilities=["A02", "A01"], **{"class": "C01"})
    dice(st, 3, 4)
    st.data["withheld"] = 1
    play(st, "power:A02", "deck:small")
    html = _html(st)
    assert "Brisa the Cunning Fierce Banisher" in html and "5 dice depicted in all" in html
    assert "die 3" in html and "fire shard" in html and "used this turn" in html
    assert "1 dice withheld by air invaders" in html


def test_characters_are_one_line_each_that_opens_into_their_powers():
    """Issue 31: side panels are short summaries that open into detail.  Each character is a line (seat, title,
    dice) that opens into its name card and powers; the acting one comes open with its Use buttons, the others
    closed; each is its own part, so one a player opened stays open while another character's line changes."""
    st = new(2, 1)
    ci = st.view(None)["cur"]
    html = _html(st)
    panel = html.split('<section class="panel if-chars">')[1].split("</section>")[0]
    chars = re.findall(r'<details class="char seat-(\d)( acting)?"( open)? data-part="if-ch-(\d)">'
                       r'<summary>(.*?)</summary>(.*?)</details>', panel)
    assert len(chars) == len(st.view(None)["chars"]) == 2
    for seat_s, acting, opened, i, summary, detail in chars:
        ch = st.view(None)["chars"][int(i)]
        assert bool(acting) == bool(opened) == (int(i) == ci)
        line = re.sub(r"<[^>]+>", "", summary)
        assert line.startswith(f"{NAMES[int(seat_s)]}: {ch['title']}") and f"{ch['dice']} dice" in line
        assert ("acting" in line) == bool(acting)
        assert "if-power" not in summary and detail.count('class="if-power') >= 2   # the powers are behind it
        if not acting:
            assert "data-action" not in detail                          # only the acting character's powers act
    assert len(re.sub(r"<[^>]+>", "", "".join(c[4] for c in chars))) < 120  # two short lines, not a wall of text
    assert 'class="card' not in html                       # powers are rows, not the hand cards of other games


def test_last_move_marked_in_seat_colour():
    st = new(2, 1)
    built(st, "J01", "base:0")
    dice(st, 5)
    s = seat(st)
    play(st, "die:5", "pillar:J01.a")
    html = _html(st)
    square = html.split('aria-label="J01.a:')[1].split('aria-label="J01.b:')[0]
    assert f'class="mark seat-{s}"' in square and f'class="mtag seat-{s}"' in square  # outline + seat number
    assert f"{NAMES[s]}</span>: put a 5 on J01.a" in html                               # and in words


def _bot_game_boards(games, *, every: int):
    """((players, seed, bot level), ...) -> ((players, seed, step), markup for the seat to act) every ``every``
    steps of bot games (at most 300 steps each)."""
    for players, seed, kind in games:
        st = GAME.new(players, seed)
        b = [bots.make("icefortress", kind, seed * 7 + i) for i in range(players)]
        for step in range(300):
            if st.is_over:
                break
            s = st.to_act[0]
            if step % every == 0:
                yield (players, seed, step), _html(st, s)
            st.apply(s, b[s].choose(st, s))


@rule("IF-UI-7", "IF-UI-11")
def test_a_squares_name_starts_with_the_words_on_it():
    """WCAG 2.5.3 (axe's label-content-name-mismatch, issue 31): a control's accessible name holds the text it
    shows, so a speech-input user can say what they see.  A pillar square offered for a die or an invader
    shows its need ("1-3", "+1") and any pillar's die: its name starts with them ("1-3: Put the 3 on J09.f
    (white square 1-3)"); the seat tags of the last moves are drawn over it, outside the control."""
    from a11y_names import name_mismatches
    checked = 0
    for where, html in _bot_game_boards(((1, 3, "normal"), (3, 5, "easy")), every=3):
        assert name_mismatches(html) == [], where
        checked += len(re.findall(r'class="sq \w+ legal" role="button"', html))
    assert checked > 50


@rule("IF-UI-14")
def test_every_piece_takes_the_focus_and_is_named():
    """Issue 31: every piece can be focused (Tab) and read: a square holding a pillar's die or an invader takes
    the focus and is named with them (a square offered as a control already is), an invader on a pillar group
    takes the focus itself; each has a data-key (unique) for the arrow keys."""
    from a11y_names import pieces
    held = 0
    for _where, html in _bot_game_boards(((2, 7, "normal"), (3, 5, "easy")), every=10):
        squares = pieces(html, "sq")
        for a in squares:
            if re.search(r", (pillar \d|\w+ invader)", a["aria-label"]):
                assert a.get("tabindex") == "0" and a.get("data-key"), a
                held += 1
        groups = [a for a in pieces(html, "inv") if "occupying the group" in a["aria-label"]]
        assert all(a.get("tabindex") == "0" and a.get("data-key") for a in groups)
        keys = [a["data-key"] for a in squares + groups if a.get("data-key")]
        assert len(set(keys)) == len(keys)
    assert held > 20


def test_the_invader_beacon_cards_are_one_line_each_that_opens_into_the_ability():
    """Issue 31 ("each game's side panels are short summaries that open into detail"): the four Invader/Beacon cards
    took a phone's whole screen as walls of text; each is now its element, title and state on one line (a summary)
    that opens into its side and ability text."""
    html = _html(new(2, 1))
    found = html.split('class="if-found"', 1)[1].split("</ul>", 1)[0]
    cards = re.findall(r'<li class="ib [^"]*"><details><summary>(.*?)</summary>(.*?)</details></li>', found, re.S)
    assert len(cards) == 4
    for summary, detail in cards:
        words = re.sub(r"<[^>]+>", "", summary)
        assert len(words) <= 40 and "Invader side" not in words, words
        assert "Invader side" in detail and 'class="ib-text"' in detail

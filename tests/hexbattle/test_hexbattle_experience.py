"""Hex Battle's board experience (issue 16): last-move marks, the end-of-game summary, the round number,
keyboard-usable board elements with accessible names, legible board text."""
from __future__ import annotations

import re
from html import unescape

import pytest

from pyapp import bots as botlib
from pyapp.engine import Action
from pyapp.games.hexbattle import GAME
from pyapp.games.hexbattle import render as hr

from hexbattle_helpers import give, ids, new, play_move, scenario, unit


def bot_game_to_the_end(seed=1, names=("greedy", "random")):
    s = new(seed)
    players = [botlib.make("hexbattle", n, seed * 31 + i) for i, n in enumerate(names)]
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, players[seat].choose(s, seat))
    return s


def bot_turn(s):
    """The seat to act plays its whole turn with the greedy bot; returns that seat."""
    seat = s.to_act[0]
    bot = botlib.make("hexbattle", "greedy", 7)
    while not s.is_over and s.to_act == (seat,):
        s.apply(seat, bot.choose(s, seat))
    return seat


# ---- last-move marks ---------------------------------------------------------------------------------
def test_a_step_a_fight_a_hit_and_a_removal_are_marked_for_the_mover():
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"),
                  unit(1, "militia", "d10", 0), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    card = play_move(s, "d12", "step")
    marks = s.view(1)["marks"]
    assert list(marks) == ["0"]
    kinds = [(m["kind"], m["at"], m.get("text")) for m in marks["0"]]
    assert kinds == [("play", [], "March"), ("move", ["d12", "d11"], None), ("fight", ["d11", "d10"], None),
                     ("hit", ["d10"], "-5"), ("remove", ["d10"], "Levy Militia")]
    assert card in s.discard[0] or s.phase != "main"
    assert s.view(0)["marks"] == s.view(None)["marks"] == marks            # public: every seat sees the same


def test_a_shot_and_a_turn_in_place_are_marked():
    s = view_with_targets()                       # a volley played and paid: the longbow may shoot
    s.apply(0, "aim:d12")
    s.apply(0, "shoot:d10")
    play_move(s, "a14", "turn:cw")
    got = [(m["kind"], m["at"]) for m in s.marks()["0"]]
    assert ("shoot", ["d12", "d10"]) in got and ("hit", ["d10"]) in got and ("turn", ["a14"]) in got
    assert [m["text"] for m in s.marks()["0"] if m["kind"] == "play"] == ["Volley", "March"]


def test_a_card_being_chosen_and_paid_for_is_not_marked():
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    card, pay = give(s, 0, "march"), give(s, 0, "march")
    s.apply(0, f"play:{card}")
    s.apply(0, f"pay:{pay}")
    assert s.view(1)["marks"] == {}                # the card is secret until paid
    s.apply(0, "cancel")
    assert s.view(1)["marks"] == {}


def test_bot_marks_are_in_the_view_and_on_the_board_until_that_seat_moves_again():
    s = new(11)
    first = bot_turn(s)
    other = 1 - first
    v = s.view(other)
    assert str(first) in v["marks"] and v["marks"][str(first)]
    html = hr.render(v, s.legal_actions(other), seat=other, names=["Ann", "Bot"], interactive=True)
    assert html.count(f'class="mark mark-p{first}') == len([m for m in v["marks"][str(first)] if m["at"]])
    recent = html.split('class="hb-last"', 1)[1].split("</section>", 1)[0]
    assert ("Ann" if first == 0 else "Bot") in recent
    # the other seat's turn: the first seat's marks stay while it plays
    bot = botlib.make("hexbattle", "greedy", 8)
    s.apply(other, bot.choose(s, other))
    assert s.view(None)["marks"][str(first)] == v["marks"][str(first)]
    bot_turn(s)
    # the first seat's next turn begins: its old marks are gone, the other seat's stay
    assert s.to_act == (first,)
    assert str(first) not in s.view(None)["marks"] and s.view(None)["marks"][str(other)]


def test_search_copies_never_share_marks_with_the_real_state():
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")])
    play_move(s, "d12", "step")
    before = s.marks()
    c = s.clone(search=True)
    c.search_step(0, "stop") if "stop" in ids(c) else None
    c.mark(0, "move", "a1", "a2")
    c.new_marks(1)
    assert s.marks() == before


# ---- the round number (issue 16: "the first Hex Battle turn is 'Turn 2'") -----------------------------
def test_each_players_first_turn_is_round_1():
    s = new(11)
    assert s.view(None)["round"] == 1
    bot_turn(s)
    v = s.view(s.to_act[0])
    assert v["turn"] == 2 and v["round"] == 1
    html = hr.render(v, s.legal_actions(s.to_act[0]), seat=s.to_act[0], names=["Ann", "Bot"], interactive=True)
    assert "Round 1" in html and "Turn 2" not in html
    bot_turn(s)
    assert s.view(None)["round"] == 2


# ---- the end-of-game summary ---------------------------------------------------------------------------
def test_summary_of_a_finished_game_gives_the_deciding_figures_first():
    s = bot_game_to_the_end()
    rows = dict(GAME.summary(s))
    labels = [label for label, _ in GAME.summary(s)]
    assert labels[:2] == ["Enemy points destroyed", "Units left"]
    winner = s.outcome().winners[0]
    loser = 1 - winner
    assert rows["Enemy points destroyed"][winner] == f"{s.lost[loser]} of 20"
    assert rows["Enemy points destroyed"][loser] == f"{s.lost[winner]} of 20"
    # the game ended on one of the two loss conditions, and the summary shows it
    left_loser = int(rows["Units left"][loser].split(" of ")[0])
    assert s.lost[loser] >= 20 or left_loser <= 1
    for seat in (0, 1):
        lost_units = len(s.options["armies"][seat]["units"]) - len(s.units_of(seat))
        assert rows["Units lost"][seat].split(":")[0] == str(lost_units)
    plays = [sum(1 for e in s.log if isinstance(e, dict) and e.get("kind") == "play" and e["seats"][0] == seat)
             for seat in (0, 1)]
    assert rows["Cards played"] == [str(p) for p in plays]
    assert int(rows["Damage dealt"][winner]) > 0


# ---- the board's markup: keyboard, screen reader, legibility --------------------------------------------
def view_with_targets():
    s = scenario([unit(0, "longbow", "d12"), unit(0, "militia", "a14"),
                  unit(1, "militia", "d10"), unit(1, "militia", "h1"), unit(1, "militia", "g1")], deck=["march"])
    card, pay = give(s, 0, "volley"), give(s, 0, "march")
    s.apply(0, f"play:{card}")
    s.apply(0, f"pay:{pay}")
    s.apply(0, "pay:ok")
    return s


@pytest.mark.rule("HB-UI-16")
def test_every_board_target_is_a_focusable_button_with_a_name_in_screen_order():
    s = view_with_targets()
    s.apply(0, "aim:d12")
    html = hr.render(s.view(0), s.legal_actions(0), seat=0, names=["Ann", "Bot"], interactive=True)
    board = html.split("<svg", 1)[1].split("</svg>", 1)[0]
    targets = re.findall(r'<g class="hl hl-(\w+)" data-action="([^"]+)" transform="translate\(([\d.]+),([\d.]+)\)" '
                         r'role="button" tabindex="0" aria-label="([^"]+)">', board)
    assert {t[1] for t in targets} == {a.id for a in s.legal_actions(0) if a.id.startswith(("shoot:", "aim:"))}
    assert all(len(unescape(t[4])) > 10 for t in targets)
    shoot = next(unescape(t[4]) for t in targets if t[1] == "shoot:d10")
    assert shoot.startswith("Shoot Levy Militia on d10 for 2 damage") and "health" in shoot
    ys = [float(t[3]) for t in targets]
    assert ys == sorted(ys)                               # Tab goes down the board
    assert 'role="group"' in html.split("<svg", 1)[1][:200]     # not "img": that would hide its buttons
    # moving: the hex ahead is a button too
    s = scenario([unit(0, "lancer", "d12"), unit(0, "militia", "a14"), unit(1, "militia", "h1"), unit(1, "militia", "g1")],
                 deck=["march"])
    play_move(s, "d12")
    html = hr.render(s.view(0), s.legal_actions(0), seat=0, names=["Ann", "Bot"], interactive=True)
    assert 'data-action="step" transform="' in html and 'aria-label="Step forward to d11"' in html


def test_units_can_be_focused_and_their_details_sit_in_a_panel():
    s = view_with_targets()
    s.apply(0, "aim:d12")
    html = hr.render(s.view(0), s.legal_actions(0), seat=0, names=["Ann", "Bot"], interactive=True)
    # issue 31: every unit, a rival's too, takes the focus by Tab and is named in words
    units = re.findall(r'<g class="unit [^"]*" [^>]*tabindex="0" role="img" aria-label="([^"]{12,})" '
                       r'data-key="hb-u[\w-]+" data-unit="u', html)
    assert len(units) == len(s.units) and any("Bot" in u for u in units) and any("Ann" in u for u in units)
    detail = html.split('class="hb-detail"', 1)[1].split("</section>", 1)[0]
    assert detail.count('class="ud ') == len(s.units)
    current = re.findall(r'class="ud ([^"]*) current"', detail)
    assert len(current) == 1                              # the unit aiming
    assert "Longbow Line" in detail and "<dt>Range</dt><dd>4</dd>" in detail and "front" in detail
    css = (hr.__file__.rsplit("/pyapp/", 1)[0] + "/web/hexbattle.css")
    text = open(css, encoding="utf-8").read()
    assert '.hb-game:has(.unit[data-unit="u0-0"]:focus) .hb-detail .ud.u0-0' in text
    assert '.hb-game:has(.unit[data-unit="u1-25"]:focus) .hb-detail .ud.u1-25' in text


def test_board_text_is_11_px_or_more_at_the_width_the_css_gives_the_board():
    """The smallest font of the board's text classes in SVG units, times the board's scale from 900 px wide
    (the 510 px column over the viewBox's width), is at least 11 px; the unit's type is a symbol, its name a word."""
    text = open(hr.__file__.rsplit("/pyapp/", 1)[0] + "/web/hexbattle.css", encoding="utf-8").read()
    sizes = {}
    for sel in ("coord", "unit .edge", "unit .utype", "unit .uhp", "mark .badge-text", "hb-diagram .dlabel"):
        m = re.search(r"\." + re.escape(sel) + r" \{[^}]*?(\d+(?:\.\d+)?)px", text)
        assert m, sel
        sizes[sel] = float(m.group(1))
    column = float(re.search(r"grid-template-columns: (\d+)px", text).group(1))
    scale = column / hr.BOARD_W
    assert min(sizes.values()) * scale >= 11, (sizes, scale)
    html = hr.render(new(2).view(0), [], seat=0, names=["A", "B"], interactive=False)
    # the type is drawn as a symbol (issue 31), its word in the unit's name; the second seat's units are hatched
    units = re.findall(r'<g class="unit p(\d) (\w+)[^"]*"[^>]*>(.*?)</g>(?:<!--/bs:[^>]*-->)?</g>', html)
    assert units and {p for p, _, _ in units} == {"0", "1"}
    for p, utype, body in units:
        assert f'<use class="utype" href="#hb-t-{utype}"' in body and f"({utype}" in body
        assert ('class="hatch"' in body) == (p == "1")
    assert all(f'<symbol id="hb-t-{t}"' in html for t in hr.TYPE_SYMBOLS)


def test_rules_page_has_the_diagrams_and_no_checklist_ids():
    page = GAME.rules_html()
    assert page.count('<svg class="hb-board hb-diagram"') == 2
    assert "front-right 4" in page and "turn 60°" in page                 # facing and edges
    assert "the Militia loses 4 − 1 = 3 health" in page                    # an attack, worked through
    assert all(t in page for t in ("<title id=\"hbd1t\">", "<title id=\"hbd2t\">", 'role="img"'))
    text = re.sub(r"<[^>]+>", " ", page)
    assert not re.search(r"\bHB-[A-Z]+-\d", text)
    assert "round 1" in text

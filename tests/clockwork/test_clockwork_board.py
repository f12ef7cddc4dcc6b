"""Clockwork Crusade at the table (issue 16): last-move marks in the view, the end-of-game summary.

Positions are built with tests/clockwork_helpers.py (Rivet Steppe in slot 1: a-c 1-2 is territory 1A,
Red's Gate Token on a1 with its arrow at a2; Blue's on f5, arrow f4)."""
from __future__ import annotations

from bot_games import bot_game
from clockwork_helpers import Script, main, put

from pyapp.games.clockwork import GAME


def marks(st, seat):
    return st.view(None)["marks"].get(str(seat), [])


def test_a_move_and_an_attack_are_marked_until_the_seat_moves_again():
    st = main(2, active=0)
    put(st, "infantry", 0, "b2")
    put(st, "infantry", 1, "c4")
    st.apply(0, "move:b2>b3")
    assert marks(st, 0) == [{"kind": "move", "at": ["b2", "b3"], "text": "Infantry"}]
    st.rng = Script(rolls=[6, 6, 1, 1])
    st.apply(0, "attack:b3>c4")
    assert marks(st, 0)[1:] == [{"kind": "attack", "at": ["b3", "c4"], "text": "hit"},
                                {"kind": "destroyed", "at": ["c4"], "text": "Infantry"}]
    # every seat sees the same marks (public facts)
    assert st.view(1)["marks"] == st.view(0)["marks"] == st.view(None)["marks"]
    st.apply(0, "end")
    assert st.to_act == (1,) and len(marks(st, 0)) == 3          # still there during Blue's turn
    while st.to_act == (1,):                                      # Blue ends its turn at once
        st.apply(1, next(a for a in ("done", "end") if a in {x.id for x in st.legal_actions(1)}))
    assert st.to_act == (0,) and marks(st, 0) == []              # Red's new turn: forgotten


def test_a_face_down_portal_is_marked_without_its_unit():
    st = main(2, active=0, res=[9, 9])
    st.apply(0, "portal:infantry@a2")
    assert marks(st, 0) == [{"kind": "portal", "at": ["a2"]}]
    assert "infantry" not in str(st.view(1)["marks"]).lower()


def test_a_counter_attack_is_the_defenders_new_move():
    st = main(2, active=0)
    put(st, "infantry", 0, "b2")
    put(st, "infantry", 1, "b3")
    st.mark(1, "move", "f5", "f4")                                # Blue's last turn
    st.rng = Script(rolls=[1, 1, 6, 6, 6, 6, 1, 1])
    st.apply(0, "attack:b2>b3")
    assert marks(st, 0) == [{"kind": "attack", "at": ["b2", "b3"], "text": "miss"}]
    st.apply(1, "counter")
    assert marks(st, 1) == [{"kind": "counter", "at": ["b3", "b2"], "text": "hit"},
                            {"kind": "destroyed", "at": ["b2"], "text": "Infantry"}]


def test_bot_games_carry_marks_of_every_kind_and_only_public_ones():
    kinds = set()
    for st, seat in bot_game("clockwork", 3, 31, ["crusader"], {"max_rounds": 12}, limit=4000):
        for seat_marks in st.view(None)["marks"].values():
            for m in seat_marks:
                kinds.add(m["kind"])
                if m["kind"] == "portal":
                    assert "text" not in m
        if seat is None:
            break
    assert {"grid", "gate", "move", "portal", "reveal", "attack"} <= kinds, kinds


def test_summary_of_a_finished_game():
    last = None
    for st, seat in bot_game("clockwork", 2, 4, ["crusader"], {"max_rounds": 30}, limit=6000):
        last = st
        if seat is None:
            break
    assert last is not None and last.is_over
    rows = GAME.summary(last)
    labels = [label for label, _ in rows]
    assert labels[:2] == ["Gate Tokens held", "Territories"]
    assert {"Enemy units destroyed", "Units lost", "Buildings brought into play", "Special cards played"} <= set(labels)
    assert all(len(vals) == 2 and all(v.isdigit() for v in vals) for _l, vals in rows)
    by = dict(rows)
    winner = last.outcome().winners[0]
    assert int(by["Gate Tokens held"][winner]) >= int(by["Gate Tokens held"][1 - winner])
    # units lost by one seat were destroyed by the other (or by itself: Self Destruct)
    assert int(by["Units lost"][0]) + int(by["Units lost"][1]) >= int(by["Enemy units destroyed"][0]) + int(
        by["Enemy units destroyed"][1]) > 0


# ---------------------------------------------------------------- the markup
import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from pyapp.games.clockwork import render as R  # noqa: E402

NAMES = ["Ann", "Bo", "Cy"]


def draw(st, seat):
    acts = st.legal_actions(seat) if seat is not None else []
    return R.render(st.view(seat), acts, seat=seat, names=NAMES[:st.players], interactive=seat is not None)


def test_a_bots_last_move_is_drawn_for_every_seat_until_it_moves_again():
    """After a bot's move its marks are on everyone's board (arrow, ring, cross in its colour class) and listed
    in words with its name; they are gone once that bot's next turn begins."""
    seen = None
    for st, seat in bot_game("clockwork", 2, 8, ["crusader"], {"max_rounds": 20}, limit=6000):
        if seat is None:
            break
        v = st.view(None)
        moved = [m for m in v["marks"].get("1", []) if m["kind"] == "move"]
        if seen is None and moved and v["active"] == 0:
            for viewer in (0, 1, None):
                markup = R.render(st.view(viewer), [], seat=viewer, names=NAMES[:2], interactive=False)
                assert '<polygon class="lm arrow solid cw-p1"' in markup
                assert f"moved {moved[0]['text']} {moved[0]['at'][0]} → {moved[0]['at'][1]}" in markup
                assert "<b>Bo</b>" in markup
            seen = v["turn"]
        if seen is not None and v["active"] == 1 and v["turn"] > seen:     # Bo's next turn has begun
            # its first decision of the new turn: nothing moved yet, the last turn's arrows are gone
            assert not any(m["kind"] == "move" for m in v["marks"].get("1", []))
            layer = re.search(r'<g class="last-moves"[^>]*>(.*?)</g>', draw(st, seat))
            assert layer is None or "lm arrow solid cw-p1" not in layer.group(1)
            return
    raise AssertionError(f"no bot move seen, or the bot never moved again ({seen})")


def test_every_board_control_has_a_name_and_a_tab_stop():
    """Board pieces that apply an action are buttons with an accessible name in words (keyboard and screen
    reader), and units can take focus to show their details."""
    for st, seat in bot_game("clockwork", 3, 12, ["crusader"], {"max_rounds": 5}, limit=3000):
        if seat is None:
            break
        if len(st.history) % 7:
            continue
        markup = draw(st, seat)
        svg = markup[markup.index("<svg class=\"cw-board\""):markup.index("</svg>", markup.index("<svg class=\"cw-board\""))]
        for tag in re.findall(r"<g [^>]*data-action=[^>]*>", svg):
            assert 'role="button"' in tag and 'tabindex="0"' in tag and re.search(r'aria-label="[^"]{8,}"', tag), tag
        for tag in re.findall(r'<g class="unit [^>]*>', svg):
            assert 'tabindex="0"' in tag and "aria-label=" in tag, tag


def test_board_text_is_never_under_the_minimum():
    """Every font size web/clockwork.css gives board text is at least R.MIN_TEXT SVG units: 11 px and more once
    the board is drawn 1.16 px per unit or more (the widest board, 4 slots, in the column beside the panels at
    1366 px: the browser test measures it)."""
    css = (Path(__file__).resolve().parents[2] / "web" / "clockwork.css").read_text()
    sizes = []
    for sel, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        if ".cw-board" in sel:
            sizes += [float(x) for x in re.findall(r"font:[^;]*?([\d.]+)px", body)]
    assert sizes and min(sizes) >= R.MIN_TEXT, sorted(sizes)[:3]
    assert "<text" not in R.defs()


def test_only_the_slots_that_matter_are_drawn():
    """Before the first grid the game's table (3 x 2 slots for 2 players); while grids are placed, the placed
    ones and their neighbours; in play only the placed grids: a 2-player game's board is no wider than its grids."""
    st = GAME.new(2, 5)
    seat = st.to_act[0]
    from pyapp.games.clockwork.geometry import table_slots
    full = R.view_box(list(table_slots(2)))                         # the 2-player table: 3 x 2 slots
    assert f'viewBox="{full[0]:g} {full[1]:g} {full[2]:g} {full[3]:g}"' in draw(st, seat)
    assert full[2] < R.view_box(list(R.SLOTS))[2] * 0.8
    while st.view(None)["phase"] == "grids":
        st.apply(st.to_act[0], st.legal_actions(st.to_act[0])[0].id)
    slots = [g["slot"] for g in st.view(None)["board"]["grids"]]
    box = R.view_box(slots)
    assert R.shown_slots(st.view(None)["board"], st.view(None)["phase"]) == sorted(slots, key=R.SLOTS.index)
    assert f'viewBox="{box[0]:g} {box[1]:g} {box[2]:g} {box[3]:g}"' in draw(st, st.to_act[0])
    assert box[2] <= full[2] and box[3] <= full[3]


def test_the_markup_is_the_same_in_every_process():
    """The same position draws the same markup whatever Python's string hashing (PYTHONHASHSEED): an empty
    slot's outline once walked a set of hex names, so its path came out in another order in every process
    (the board looked the same, but every markup comparison between processes failed)."""
    import subprocess
    import sys
    code = ("from pyapp.games.clockwork import GAME, render as R\n"
            "st = GAME.new(3, 5)\n"
            "print(R.render(st.view(0), st.legal_actions(0), seat=0, names=['A', 'B', 'C'], interactive=True))\n")
    root = Path(__file__).resolve().parents[2]
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True,
                           env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"}).stdout for seed in ("1", "2", "3")}
    assert len(outs) == 1 and '<path class="slot" d="M' in outs.pop()


@pytest.mark.rule("CC-UI-3", "CC-UI-17")
def test_a_controls_name_holds_the_words_it_shows():
    """WCAG 2.5.3 (axe's label-content-name-mismatch, issue 31): a unit shows its short name over its
    attack/defense (the symbol of its card over "1/1"; its name "Infantry 1/1 (soldier, ...) ..."
    says), and a choice in a hex's list shows "move from h6": its name starts with those words."""
    from a11y_names import name_mismatches
    kinds = set()
    for st, seat in bot_game("clockwork", 3, 11, ["easy"], None, limit=700):
        if seat is None:
            break
        if len(st.history) % 4:
            continue
        markup = draw(st, seat)
        assert name_mismatches(markup) == [], len(st.history)
        kinds.update(k for k in ("unit", "mk opt") if f'class="{k} ' in markup)
    assert kinds == {"unit", "mk opt"}


@pytest.mark.rule("CC-UI-1", "CC-UI-3", "CC-UI-4")
def test_every_piece_takes_the_focus_and_is_named():
    """Issue 31: every piece on the board, a rival's too, can be focused (Tab) and read: units, Gate Tokens and
    face-down portals have tabindex 0, a role, a name in words and a data-key (unique) for the arrow keys."""
    from a11y_names import pieces, unfocusable_pieces
    seen = {"unit": 0, "gate": 0, "portal": 0}
    for st, seat in bot_game("clockwork", 3, 11, ["easy"], None, limit=500):
        if seat is None:
            break
        if len(st.history) % 60:
            continue
        for viewer in (seat, (seat + 1) % 3):
            markup = draw(st, viewer)
            keys = []
            for cls in seen:
                assert unfocusable_pieces(markup, cls) == [], (cls, len(st.history))
                found = pieces(markup, cls)
                seen[cls] += len(found)
                keys += [a["data-key"] for a in found]
            assert len(set(keys)) == len(keys)
    assert all(seen.values()), seen


def test_the_table_parts_are_marked():
    """Issue 31 (docs/adding-a-game.md): the game marks its table, its board (holding only the board's svg) and
    its panels; the focused unit's details, first among the panels, still show by CSS alone."""
    st = GAME.new(2, 5)
    out = draw(st, st.to_act[0])
    assert out.count("data-table") == out.count("data-board") == out.count("data-side") == 1
    assert re.search(r'^<div class="cw-game[^"]*" data-table><div class="cw-board-wrap" data-board><svg class="cw-board"'
                     r'.*?</svg></div><div class="cw-side" data-side>(<div class="cw-details"|<div class="cw-turn")', out)
    css = (Path(__file__).resolve().parents[2] / "web" / "clockwork.css").read_text()
    assert ".cw-board-wrap:has(.unit" not in css and ".cw-game:has(.unit.i47:focus) .ud.i47" in css

"""Cloudspire renderer: every legal action and nothing else is clickable; hidden information stays
out of other seats' markup; names are escaped."""
from __future__ import annotations

import html
import random
import re

import pytest

from cloudspire_helpers import clear_landmarks, known, landmark, new, stack
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire import render as R
from pyapp.games.cloudspire.content import EVENT

ACTION_RX = re.compile(r'data-action="([^"]*)"')
NAMES = ["<b>Ann</b>", "Bob & Co", "Cy", "Di"]


def draw(s, seat, interactive=True):
    acts = s.legal_actions(seat) if interactive else []
    return R.render(s.view(seat), acts, seat=seat, names=NAMES[:s.players], interactive=interactive), acts


@pytest.mark.rule("CS-UI-6", "CS-UI-7", "CS-UI-20", "CS-UI-21", "CS-UI-24", "CS-UI-1", "CS-UI-2", "CS-UI-28",
                  "CS-UI-29", "CS-UI-31", "CS-UI-33")
@pytest.mark.parametrize("players,seed", [(2, 4), (3, 5)])
def test_every_legal_action_and_nothing_else_is_clickable(players, seed):
    s = GAME.new(players, seed)
    r = random.Random(seed)
    steps = 0
    while not s.is_over and steps < 300:
        seat = s.to_act[0]
        out, acts = draw(s, seat)
        assert set(html.unescape(x) for x in ACTION_RX.findall(out)) == {a.id for a in acts}
        assert "<b>Ann</b>" not in out and "&lt;b&gt;Ann&lt;/b&gt;" in out
        assert f"Wave {s.data['wave']}/4" in out and "Quick reference" in out and "5 Attack" in out
        assert "turn order" in out and "(first: " in out and out.count("Barracks:") == players
        ev = s.view(seat)["event"]
        assert ev is None or f"Event: <b>{EVENT[ev]['name']}</b>" in out
        if s.flow.phase == "onslaught" and s.view(seat)["turn"]:
            assert "stage " in out and "round " in out
        other = (seat + 1) % players
        assert "data-action" not in draw(s, other, interactive=False)[0]
        prefer = [a for a in acts if a.id not in ("pass", "done", "end")]
        s.apply(seat, r.choice(prefer if prefer and r.random() < 0.7 else acts).id)
        steps += 1


@pytest.mark.rule("CS-UI-15", "CS-UI-17", "CS-UI-23")
def test_hidden_stack_order_and_landmarks_stay_out_of_other_markup():
    s = new()
    clear_landmarks(s)
    stack(s, 0, [["page"], ["court_warden", "outrider"], "lantern_heir"])
    landmark(s, s.map.landmarks[0], "guardian")
    known(s, s.map.landmarks[0], 0)
    mine = R.render(s.view(0), [], seat=0, names=NAMES[:2], interactive=False).replace(R.LEGEND, "")
    theirs = R.render(s.view(1), [], seat=1, names=NAMES[:2], interactive=False).replace(R.LEGEND, "")
    assert R.LEGEND and "Deployment stack (top first): Page / Court Warden+Outrider / The Lantern Heir" in mine
    assert "Deployment stack (top first): Page / hidden ×2 / hidden ×1" in theirs
    assert "Stone Guardian" in mine and "Stone Guardian" not in theirs


@pytest.mark.rule("CS-UI-33")
def test_the_end_shows_the_result_with_the_gate_damage_figures():
    from cloudspire_helpers import default_choice
    s = new()
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, default_choice(s, seat))
    out = R.render(s.view(0), [], seat=0, names=NAMES[:2], interactive=False)
    assert "Game over:" in out and "damage dealt to opposing gates: P1 0, P2 0" in out


@pytest.mark.rule("CS-UI-30")
def test_the_setup_step_shows_each_faction_with_its_units_and_playstyle():
    from pyapp.games.cloudspire.content import FACTIONS
    from pyapp.games.cloudspire.setup import Step
    out = Step(None).setup_html({})
    for f in FACTIONS.values():
        assert html.escape(f["name"]) in out and html.escape(f["blurb"], quote=True)[:40] in out
        assert all(html.escape(m["name"]) in out for m in f["minions"] + f["heroes"])
    assert "Forsaken Brute" in out and "Forsaken" in out


def test_the_setup_step_deals_factions_to_seats_left_open():
    from pyapp.games.cloudspire.setup import Step
    step = Step(None)
    assert step.option_values({"options": {"factions": [None, None]}}, 3) == {"factions": None}
    got = step.option_values({"options": {"factions": [None, "keel", None]}}, 3)["factions"]
    assert got[1] == "keel" and len(set(got)) == 3 and None not in got
    assert step.option_values({"options": {"factions": ["heirs", "keel"]}}, 3) == {}
    assert GAME.new(3, 3, {"factions": got}).data["factions"] == got


@pytest.mark.rule("CS-UI-31")
def test_the_rules_page_gives_house_rules_in_plain_language_and_a_quick_reference():
    page = GAME.rules_html()
    assert not re.search(r"CS-[A-Z]+-\d", page)                       # no clause ids for players
    assert "<h2>House rules</h2>" in page and "<h2>Quick reference</h2>" in page
    quick = page.split("<h2>Quick reference</h2>", 1)[1].split("<h2>", 1)[0]
    for word in ("Event", "Income", "Market", "Build", "Prep", "Onslaught",
                 "Start of turn", "Movement", "Spires fire", "Exploration", "Attack"):
        assert word in quick
    assert "15 health" in page                                        # the gate health this game uses


@pytest.mark.rule("CS-UI-31")
def test_the_rules_page_draws_the_wave_the_onslaught_stages_and_minion_movement():
    page = GAME.rules_html()
    quick = page.split("<h2>Quick reference</h2>", 1)[1].split("<h2>", 1)[0]
    wave = re.search(r'<svg [^>]*aria-label="A wave: ([^"]*)"', quick)
    assert wave and all(w in wave.group(1) for w in ("Event", "Income", "Market", "Build", "Prep", "Onslaught",
                                                        "Start of turn", "Movement", "Spires fire", "Exploration",
                                                        "Attack"))
    svgs = re.findall(r"<svg .*?</svg>", page, flags=re.S)
    move = [x for x in svgs if "Minion movement toward the marked gate" in x]
    assert move and "Progress" in move[0] and "Sideways" in move[0]
    for svg in svgs:                                          # legible where drawn at full size
        assert min(float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)) >= 12


def test_a_damage_tag_stands_beside_the_piece_struck_never_on_a_name():
    """Issue 31 (the phone's map): an attack's damage tag sat halfway along its arrow, which is where the piece
    struck or the attacker has its name (at a gate: its "Stack"/"Gate" name and the attacker's disc). It stands
    beside the piece struck now, on the attacker's side, clear of both pieces' names and shapes."""
    import re as _re
    from pyapp.games.cloudspire import render as R
    from pyapp.games.cloudspire.content import MAPS
    m = MAPS[2]
    for attacker in ("c4", "c5", "d5", "e4", "e5", "d3"):          # every neighbour of the gate d4
        view = {"marks": {"1": [{"kind": "gate", "at": [attacker, "d4"], "text": "-1"}]}}
        svg = R._last_svg(view, m, tags=True)
        x, y, w, h = (float(v) for v in _re.search(
            r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"', svg).groups())
        for hx, half in (("d4", 11), (attacker, 10)):                 # the gate's box and the attacker's disc
            cx, cy = R._at(m, hx)
            names = (cx - R.LABEL_W / 2, cy + 6, cx + R.LABEL_W / 2, cy + 19)      # its name under it
            shape = (cx - half, cy - 14, cx + half, cy + 6)
            for bx0, by0, bx1, by1 in (names, shape):
                assert x + w <= bx0 or x >= bx1 or y + h <= by0 or y >= by1, (attacker, hx, (x, y, w, h))
        assert ">1</text>" in svg

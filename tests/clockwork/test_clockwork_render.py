"""Clockwork Crusade renderer (pyapp/games/clockwork/render/): every legal id reachable and nothing else,
hidden information never in another seat's markup, escaping, the setup phases, prompts, dice and coins,
the unit <-> marker links the hover CSS relies on, and its speed."""
from __future__ import annotations

import doctest
import html
import re

import pytest
from bot_games import bot_game
from clockwork_helpers import hide_differently, portals

from pyapp.engine import Action
from pyapp.games.clockwork import GAME
from pyapp.games.clockwork import render as R

AID = re.compile(r'data-action="([^"]*)"')
EVIL = ["<script>alert(1)</script>", 'Bob "&" <b>', "Cy", "Di", "Ed", "Flo"]


def ids_in(markup: str) -> set:
    return {html.unescape(x) for x in AID.findall(markup)}


def draw(st, seat, names=None, interactive=True):
    names = names or EVIL[:st.players]
    acts = st.legal_actions(seat) if interactive and seat is not None else []
    return R.render(st.view(seat), acts, seat=seat, names=names, interactive=interactive), acts


def walk(players, seed, kinds, options=None):
    """Yield (state, seat) before every action of a bot game."""
    return bot_game("clockwork", players, seed, kinds, options, limit=4000)


def test_doctests():
    assert doctest.testmod(R).failed == 0


@pytest.mark.parametrize("players,seed,kinds,rounds", [
    (2, 11, ["random"], 8), (3, 12, ["crusader", "random"], 6), (4, 13, ["random", "crusader"], 5),
    (5, 14, ["crusader"], 4), (6, 15, ["random"], 4), (6, 16, ["crusader", "random", "random"], 4),
    (5, 17, ["random", "crusader"], 30),          # a whole game with the default turn limit
])
def test_every_legal_id_and_nothing_else(players, seed, kinds, rounds):
    """CC-UI-14..23: every legal action of the seat to act is a data-action element, no other id is."""
    kinds_seen = set()
    for st, seat in walk(players, seed, kinds, {"max_rounds": rounds}):
        if seat is None:
            break
        markup, acts = draw(st, seat)
        legal = {a.id for a in acts}
        found = ids_in(markup)
        assert found == legal, (players, seed, len(st.history), sorted(legal - found)[:5], sorted(found - legal)[:5])
        assert "<script>" not in markup
        kinds_seen.update(a.id.split(":")[0] for a in acts)
    assert {"grid", "gate", "move", "end"} <= kinds_seen


def test_hidden_information_never_in_another_seats_markup():
    """CC-UI-1, CC-UI-2: changing another seat's face-down portal units and hand changes nothing in the markup
    (board, titles, data-action ids); the owner does see its own portal units."""
    checked = hidden_portals = own_seen = 0
    for st, seat in walk(4, 21, ["crusader"], {"max_rounds": 8}):
        if seat is None or len(st.history) % 3:
            continue
        for viewer in range(st.players):
            if not any(p["owner"] != viewer for p in portals(st)) and len(st.history) % 15:
                continue
            interactive = viewer in st.to_act
            a, _ = draw(st, viewer, interactive=interactive)
            b, _ = draw(hide_differently(st, viewer), viewer, interactive=interactive)
            assert a == b, (len(st.history), viewer)
            checked += 1
            for p in portals(st):
                if p["owner"] != viewer:
                    hidden_portals += 1
                    assert f"portal:{p['card']}@{p['hex']}" not in a and f"{p['hex']}: {p['card']}" not in a
                else:
                    own_seen += "only you see this" in a
    assert checked > 50 and hidden_portals > 10 and own_seen > 0, (checked, hidden_portals, own_seen)


def test_spectator_and_waiting_seat_have_no_actions():
    for st, seat in walk(3, 5, ["crusader"], {"max_rounds": 6}):
        if seat is not None and len(st.history) == 25:
            markup, _ = draw(st, None, interactive=False)
            assert "data-action" not in markup and "Your cards" not in markup
            waiting = next(p for p in range(3) if p not in st.to_act)
            markup, _ = draw(st, waiting, interactive=False)
            assert "data-action" not in markup and "Your cards" in markup
            return
    pytest.fail("game too short")


def test_escaping_of_names_log_and_labels():
    st = GAME.new(2, 3)
    seat = st.to_act[0]
    view = st.view(seat)
    view["log"] = ["<img src=x onerror=alert(1)>"]
    acts = [Action('weird:"><script>', '<script>label</script>', "odd")]
    markup = R.render(view, acts, seat=seat, names=EVIL[:2], interactive=True)
    assert "<script>" not in markup and "<img" not in markup
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in markup
    assert ids_in(markup) == {'weird:"><script>'}


def test_setup_grids_highlight_legal_slots_and_gates_as_wedges():
    """CC-UI-13: grid placement in turn order with the legal slots highlighted; Gate Token hex and arrow."""
    st = GAME.new(3, 8)
    seat = st.to_act[0]
    markup, acts = draw(st, seat)
    designs = {a.id[5:].partition("@")[0] for a in acts}
    # step one in the panel: a radio per design with its terrain previewed; step two on the board: one
    # "Place here" button per (design, slot), in a group per design that the picked radio shows
    assert markup.count('name="cw-grid-pick"') == len(designs) and "Place a Territory Grid" in markup
    assert markup.count('class="mk gslot"') == len(acts) and markup.count('<g class="gslots d-') == len(designs)
    assert all(f'id="cw-pick-{k}"' in markup and f'id="cw-prev-{k}"' in markup for k in designs)
    while st.view(seat)["phase"] == "grids":
        st.apply(seat, st.legal_actions(seat)[0].id)
        seat = st.to_act[0]
    markup, acts = draw(st, seat)
    assert st.view(seat)["phase"] == "gates"
    assert markup.count('class="mk spot"') == len(acts) and "Setup: choose a starting territory" in markup
    # two steps: a button per hex, its arrows inside it (shown while it has focus)
    assert markup.count('class="gpick"') == len({a.id[5:].partition(">")[0] for a in acts})
    # each arrow is a copy of one of the board's six arrow symbols (one per side of a hex), drawn in its defs
    used = re.findall(r'class="mk spot"[^>]* href="#(cw-arrow-?\d+)"', markup)
    assert len(used) == len(acts) and set(used) <= set(re.findall(r'<g id="(cw-arrow-?\d+)">', markup))


def _find(pred, players=3, seeds=range(30, 60), kinds=("crusader",), rounds=10):
    for seed in seeds:
        for st, seat in walk(players, seed, list(kinds), {"max_rounds": rounds}):
            if seat is not None and pred(st, seat):
                return st, seat
    pytest.fail("no such state found: the bot games no longer reach it; pick other seeds")


def test_prompt_buttons_and_waiting_text():
    """CC-UI-18, CC-UI-19: the counter attack / Stealth / Scapegoat prompt with its options as buttons."""
    st, seat = _find(lambda st, s: st.view(s)["pending"] is not None)
    markup, acts = draw(st, seat)
    assert 'class="cw-prompt"' in markup
    for a in acts:
        assert f'data-action="{html.escape(a.id)}"' in markup
    other = next(p for p in range(st.players) if p != seat)
    markup, _ = draw(st, other, interactive=False)
    assert "Waiting for" in markup


def test_dice_and_coin_display():
    """CC-UI-9, CC-UI-10: both players' dice, bonuses, totals and the outcome; coin flips."""
    view = GAME.new(2, 1).view(0)
    view["roll"] = {"attacker": "e4", "target": "e5", "dice": [6, 2], "bonus": 1, "total": 9, "defense_dice": [3, 3],
                    "defense_bonus": 3, "defense_total": 9, "hit": False, "kind": "attack"}
    view["coin"] = {"seat": 1, "why": "Stealth (Shade e5)", "heads": True}
    markup = R.render(view, [], seat=0, names=EVIL[:2], interactive=False)
    assert markup.count('class="die"') == 4 and "= <b>9</b>" in markup and "ties go to the defender" in markup
    assert "Stealth (Shade e5)" in markup and "<b>heads</b>" in markup
    view["roll"].update(defense_dice=None, defense_total=9, hit=True)
    markup = R.render(view, [], seat=0, names=EVIL[:2], interactive=False)
    assert "fixed <b>9</b>" in markup and "Hit!" in markup


@pytest.mark.rule("CC-UI-9", "CC-UI-10")
def test_the_dice_panel_reads_as_whole_sentences():
    """Issue 31: the live region with the last roll was read "Attack  + 1 = 8Defense  + 1 = 4Hit!" (the dice
    only pictures, the lines run together).  The dice's values are text in the sentence, each line ends with
    its punctuation, and the arrow is read as "on"."""
    from a11y_names import spoken
    view = GAME.new(2, 1).view(0)
    view["roll"] = {"attacker": "e4", "target": "e5", "dice": [3, 4], "bonus": 1, "total": 8, "defense_dice": [2],
                    "defense_bonus": 2, "defense_total": 4, "hit": True, "kind": "attack"}
    view["coin"] = {"seat": 1, "why": "Stealth (Shade e5)", "heads": False}
    markup = R.render(view, [], seat=0, names=["Ann", "Bo"], interactive=False)
    panel = re.search(r'<section class="cw-dice" aria-live="polite">.*?</section>', markup).group(0)
    assert spoken(panel) == ("Attack: e4 on e5. Attack: 3 + 4 + 1 = 8. Defense: 2 + 2 = 4. Hit! "
                             "Bo flipped for Stealth (Shade e5): tails.")
    view["roll"].update(defense_dice=None, defense_total=9, hit=False, kind="shell", dice=[6])
    markup = R.render(view, [], seat=0, names=["Ann", "Bo"], interactive=False)
    panel = re.search(r'<section class="cw-dice" aria-live="polite">.*?</section>', markup).group(0)
    assert spoken(panel).startswith("Artillery Shell: e4 on e5. Attack: 6 + 1 = 8. Defense: fixed 9. "
                                    "Miss (ties go to the defender).")
    assert panel.count('class="die"') == 1                            # the pictures stay


def test_markers_grouped_per_unit_and_linked():
    """Move/attack markers: one per id, in a group whose class links it to a focusable unit of the player."""
    st, seat = _find(lambda st, s: sum(a.kind == "move" for a in st.legal_actions(s)) > 15, players=4)
    markup, acts = draw(st, seat)
    groups = set(re.findall(r'<g class="dests (k\d+)">', markup))
    assert groups
    for k in groups:
        assert re.search(rf'<g class="unit [^"]*\bact {k}"[^>]*tabindex="0"', markup), k
    moves = [a.id for a in acts if a.id.startswith("move:")]
    for aid in moves:
        assert markup.count(f'data-action="{html.escape(aid)}"') == 1
    # the turn step display (CC-UI-11)
    assert '<li class="now">Main</li>' in markup and "Turn order:" in markup


def test_whole_game_shows_the_outcome():
    for st, seat in walk(2, 4, ["crusader"], {"max_rounds": 3}):
        if seat is None:
            markup, _ = draw(st, 0, interactive=False)
            assert 'class="cw-outcome"' in markup and "data-action" not in markup
            return


# ---------------------------------------------------------------- through the app controller
@pytest.fixture
def clockwork_ready(monkeypatch):
    from pyapp import games as registry
    monkeypatch.setattr(registry, "_declarations", tuple({**d, "ready": True if d["id"] == "clockwork" else d["ready"]}
                                                         for d in registry.declarations()))


def test_hot_seat_app_hands_over_and_shows_only_the_viewers_secrets(clockwork_ready):
    """CC-UI-2 with the app's hand-off screen: two people and a bot; nothing of the game is drawn on the
    hand-off screen, after it only the new viewer's hand and portals are shown, and every data-action the
    app shows is legal for that viewer."""
    from pyapp.ui.app import App
    from pyapp.ui.storage import DictStorage
    app = App(DictStorage(), {"game": "clockwork", "seats": "human,human,bot:crusader", "seed": "5"})
    assert app.state is not None and app.screen == "game"
    handoffs = clicks = 0
    secrets_checked = 0
    while not app.state.is_over and clicks < 150:
        markup = app.render()
        if app.bot_pending():
            app.step_bot()
            continue
        if 'data-nav="handoff-ok"' in markup:
            assert "cw-game" not in markup and "Your cards" not in markup
            handoffs += 1
            app.handle("nav", "handoff-ok")
            continue
        seat = app.view_seat()
        assert seat in app.state.to_act
        ids = [html.unescape(x) for x in AID.findall(markup)]
        legal = {a.id for a in app.state.legal_actions(seat)}
        assert set(ids) == legal
        for p in portals(app.state):
            if p["owner"] != seat:
                secrets_checked += 1
                assert f'{p["hex"]}: {p["card"]}' not in markup
        pick = next((a for a in ids if a.startswith(("attack:", "portal:", "move:"))), None) or \
            next((a for a in ids if a in ("nocounter", "nostealth", "noscapegoat", "decline", "done", "end")), ids[0])
        app.handle("action", pick)
        clicks += 1
    assert handoffs >= 4 and secrets_checked > 0, (handoffs, secrets_checked)


CHOICES = re.compile(r'<g class="choices"[^>]*>((?:<g class="mk opt .*?</g>)*)</g>')
MK = re.compile(r'<(?:g|use) class="mk [^"]*" data-action="([^"]*)"[^>]*transform="translate\(([-\d.]+),([-\d.]+)\)')


@pytest.mark.parametrize("players,seed", [(3, 41), (6, 42)])
def test_board_markers_never_sit_on_each_other(players, seed):
    """Every board marker (gate spot, move, attack...) has its own place, so each id can be clicked."""
    seen_kinds = set()
    for st, seat in walk(players, seed, ["crusader", "random"], {"max_rounds": 6}):
        if seat is None:
            break
        markup, _ = draw(st, seat)
        pts = [(aid, float(x), float(y)) for aid, x, y in MK.findall(markup)]
        seen_kinds.update(aid.split(":")[0] for aid, _x, _y in pts)
        # the list of a hex with several choices shows alone, over the board (while its hex has the focus)
        lists = {aid: i for i, inner in enumerate(CHOICES.findall(markup)) for aid in AID.findall(inner)}
        for i, (a, x, y) in enumerate(pts):
            for b, x2, y2 in pts[i + 1:]:
                if a.startswith("gate:") and b.startswith("gate:") and a.partition("&gt;")[0] != b.partition("&gt;")[0]:
                    continue          # arrows of two Gate Token hexes: never shown together (one hex has focus)
                if lists.get(a) != lists.get(b):
                    continue
                gap = R.OPT_H if a in lists else 9.5
                assert (x - x2) ** 2 + (y - y2) ** 2 >= gap ** 2, (len(st.history), a, b)
    assert {"gate", "move"} <= seen_kinds


@pytest.mark.rule("CC-GAP-42")
def test_turn_counter_without_a_round_limit():
    """With the round limit switched off the counter shows the turn alone; with it, "Turn n of m"."""
    from clockwork_helpers import setup
    st = setup(2)
    markup, _ = draw(st, 0)
    assert re.search(r"Turn \d+ of \d+", markup)
    off = GAME.new(2, 1, {"max_rounds": 0})
    markup, _ = draw(off, off.to_act[0])
    assert "cw-turn" in markup and " of None" not in markup and not re.search(r"Turn \S+ of", markup)


POLY_DEF = re.compile(r'<polygon id="([\w-]+)" points="([^"]+)"')
CONTROL = re.compile(r'<g class="(mk [^"]*|gpick)"([^>]*)>(.*?)</g>')
GPICK = re.compile(r'<use class="gpick"([^>]*)/>')      # a hex's Gate Token button: #cw-gpickbtn, the hex's #cw-hit


def control_boxes(markup: str) -> dict:
    """Each visible board control's box in SVG units (a marker with an action, or a control that opens a list),
    from the shapes it holds (its translate, and <use> of a polygon of the defs, circles and rects)."""
    shapes = {k: [tuple(map(float, p.split(","))) for p in pts.split()] for k, pts in POLY_DEF.findall(markup)}
    hidden = {aid for inner in CHOICES.findall(markup) for aid in AID.findall(inner)}
    out = {}
    for cls, attrs, inner in CONTROL.findall(markup):
        name = re.search(r'(?:data-action|data-opens)="([^"]*)"', attrs)
        if not name or name.group(1) in hidden or "spot" in cls:
            continue
        t = re.search(r'translate\(([-\d.]+),([-\d.]+)\)', attrs)
        ox, oy = (float(t.group(1)), float(t.group(2))) if t else (0.0, 0.0)
        pts = []
        for ref, rest in re.findall(r'<use href="#([\w-]+)"([^>]*)>', inner):
            ux = float((re.search(r' x="([-\d.]+)"', rest) or [0, 0])[1])
            uy = float((re.search(r' y="([-\d.]+)"', rest) or [0, 0])[1])
            pts += [(ux + px, uy + py) for px, py in shapes[ref]]
        for cx, cy, r in re.findall(r'<circle[^>]*?(?: cx="([-\d.]+)" cy="([-\d.]+)")? r="([\d.]+)"', inner):
            cx, cy, r = float(cx or 0), float(cy or 0), float(r)
            pts += [(cx - r, cy - r), (cx + r, cy + r)]
        xs, ys = [ox + x for x, _ in pts], [oy + y for _, y in pts]
        out[html.unescape(name.group(1))] = (min(xs), min(ys), max(xs), max(ys))
    for attrs in GPICK.findall(markup):
        assert 'href="#cw-gpickbtn"' in attrs and '<g id="cw-gpickbtn"><use href="#cw-hit"' in markup
        name = re.search(r'data-opens="([^"]*)"', attrs)
        ux, uy = (float(re.search(f' {k}="([-\\d.]+)"', attrs)[1]) for k in "xy")
        xs, ys = [ux + x for x, _ in shapes["cw-hit"]], [uy + y for _, y in shapes["cw-hit"]]
        out[html.unescape(name.group(1))] = (min(xs), min(ys), max(xs), max(ys))
    return out


def test_a_hex_with_several_choices_is_one_control_opening_its_list():
    """Issue 16: two units that may both move to the same hexes: each such hex is one control (at least 28 x 32
    units: 32 x 37 px at the board zoom Legible, over the 24 px a finger needs) that opens the list of its
    choices, each a button 24 units high (27 px at Legible) in a column that never overlaps itself; the hexes
    with one choice are markers of the same size; no two visible controls overlap (their boxes, as the browser
    measures them)."""
    from clockwork_helpers import main, put
    st = main(2)
    put(st, "infantry", 0, "c3 e3")
    markup, acts = draw(st, 0)
    both = {"c2", "d1", "d2", "d4", "e2"}                       # both units may move there
    for h in both:
        pick = re.search(rf'<g class="mk pick" id="cw-pick-{h}" data-opens="cw-choices-{h}"[^>]*aria-label="([^"]*)"',
                         markup)
        assert pick and "2 choices" in pick.group(1) and "Move Infantry c3" in html.unescape(pick.group(1)), h
        assert re.search(rf'<g class="choices" id="cw-choices-{h}" data-via="cw-pick-{h}">', markup)
    lists = CHOICES.findall(markup)
    assert len(lists) == len(both) and all(len(AID.findall(inner)) == 2 for inner in lists)
    assert ids_in(markup) >= {a.id for a in acts if a.id.startswith("move:")}
    boxes = control_boxes(markup)
    assert {f"cw-choices-{h}" for h in both} <= set(boxes)
    for a, (ax0, ay0, ax1, ay1) in boxes.items():
        assert ax1 - ax0 >= 28 and ay1 - ay0 >= 32, (a, boxes[a])
        for b, (bx0, by0, bx1, by1) in boxes.items():
            if a < b:
                assert min(ax1, bx1) - max(ax0, bx0) <= 0 or min(ay1, by1) - max(ay0, by0) <= 0, (a, b)
    for inner in lists:
        ys = sorted(float(y) for y in re.findall(r'translate\([-\d.]+,([-\d.]+)\)', inner))
        assert all(b - a >= R.OPT_H for a, b in zip(ys, ys[1:])) and R.OPT_H * 11 / R.MIN_FONT >= 24

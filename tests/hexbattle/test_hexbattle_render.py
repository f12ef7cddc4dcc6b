"""Hex Battle renderer: pure view -> markup; every legal action reachable; HB-UI clauses."""
import re
from html import unescape

import pytest

from pyapp.engine import Action, Rng
from pyapp.engine.log import event
from pyapp.games.hexbattle import render as hr
from pyapp.games.hexbattle.hexgrid import GRID
from pyapp.games.hexbattle.render import named, render

ACTION_RE = re.compile(r'data-action="([^"]+)"')


def ids_in(html):
    return {unescape(a) for a in ACTION_RE.findall(html)}


def card(cid, name="March", cost=1, actions=({"do": "move"},), key="march"):
    return {"id": cid, "key": key, "name": name, "cost": cost, "actions": [dict(a) for a in actions],
            "text": f"{name} text"}


def unit(hex_, owner=0, facing=0, edges=(5, 4, 3, 2, 1, 0), health=4, max_health=6, **kw):
    u = {"id": f"{owner}.{hex_}", "owner": owner, "type": "infantry", "key": "spearwall", "name": "Spearwall",
         "hex": hex_, "facing": facing, "edges": list(edges), "health": health, "max_health": max_health,
         "speed": 2, "armor": None, "range": None, "points": 4}
    u.update(kw)
    return u


def view(**kw):
    v = {"game": "hexbattle", "seat": 0, "players": 2, "turn": 3, "active": 0, "first": 0, "actions_left": 2,
         "phase": "main", "units": [unit("c10"), unit("d7", owner=1, facing=3, type="ranged", name="Longbow Line",
                                                        armor=1, range=4, points=5)],
         "lost": [4, 9], "deck": [17, 12], "hand_count": [2, 6], "discard": [[card("c01")], []],
         "hand": [card("c07", "Charge", 3, ({"do": "move", "only": "cavalry"}, {"do": "ranged"})),
                  card("c12", "Potshot", 0, ({"do": "ranged", "within": 2},))],
         "pending": None, "log": [event("Game starts"), event("{0} draws <5> cards", 1)], "outcome": None,
         "names": ["Iron <Wall>", "Riders"]}
    v.update(kw)
    return v


def draw_html(v=None, acts=(), seat=0, interactive=True, names=("Ann", "Bob")):
    return render(v or view(), [Action(a, a.upper()) for a in acts], seat=seat, names=list(names),
                  interactive=interactive)


def test_geometry_matches_the_architecture():
    assert hr.parse_hex("a1") == (0, 0) and hr.parse_hex("h16") == (7, 15)
    with pytest.raises(ValueError):
        hr.parse_hex("i3")
    # odd columns sit half a hex lower
    assert hr.center(1, 0)[1] > hr.center(0, 0)[1] and hr.center(2, 0)[1] == hr.center(0, 0)[1]
    # the renderer takes neighbours, the 180-degree turn and positions from the shared grid
    assert GRID.neighbours("a1")[0] is None and GRID.neighbours("a1")[3] == "a2"
    assert GRID.neighbours("b2")[1] == "c2" and GRID.neighbours("c2")[1] == "d1"
    assert GRID.rotate180("a1") == "h16"
    assert hr.center(2, 4) == GRID.center("c5", hr.SIZE, pad=hr.PAD)
    assert (hr.BOARD_W, hr.BOARD_H) == (GRID.width(hr.SIZE, pad=hr.PAD), GRID.height(hr.SIZE, pad=hr.PAD))


@pytest.mark.rule("HB-UI-7")
def test_board_has_128_cells_and_the_centerline():
    html = draw_html()
    assert html.count('href="#hb-cell"') == 128
    assert 'class="centerline"' in html
    assert html.count('class="cell half-home"') == 64 and html.count('class="cell half-top"') == 64
    assert "<defs" in html and "<use" in html


@pytest.mark.rule("HB-UI-17")
def test_each_unit_marks_its_front_and_shows_edges_in_current_facing():
    v = view(units=[unit("c10", facing=2, edges=(9, 1, 2, 3, 4, 5))])
    html = draw_html(v)
    g = re.search(r'<g class="unit p0 infantry" transform="translate\(([\d.]+),([\d.]+)\)"[^>]*>(.*?)</g>', html).group(3)
    assert 'href="#hb-front"' in g and 'rotate(120)' in g
    edges = re.findall(r'<text class="(edge[^"]*)" x="([-\d.]+)" y="([-\d.]+)">(\d+)</text>', g)
    assert len(edges) == 6
    # the edge facing direction d shows edges[(d - facing) % 6]; direction 2 (SE: right, below) is the front
    front = [e for e in edges if e[0] == "edge front"]
    assert len(front) == 1 and front[0][3] == "9"
    assert float(front[0][1]) > 0 and float(front[0][2]) > 0
    by_pos = {(float(x) > 0.5, float(x) < -0.5, float(y)): val for _c, x, y, val in edges}
    north = [val for (right, left, y), val in by_pos.items() if not right and not left and y < 0]
    assert north == ["4"]        # direction 0 is 2 steps counter-clockwise from the front: edges[(0-2)%6]=edges[4]


@pytest.mark.rule("HB-UI-18")
def test_unit_stats_are_visible():
    html = draw_html()
    assert "health 4/6" in html and "speed 2" in html and "armor 1" in html and "range 4" in html and "5 pts" in html
    table = html[html.index('class="hb-units"'):]
    assert "Longbow Line" in table and "<td>4/6</td>" in table


@pytest.mark.rule("HB-UI-8", "HB-UI-9", "HB-GAP-37", "HB-UI-12")
def test_counts_lost_points_first_player_and_turn():
    html = draw_html()
    assert re.findall(r'class="deck-count">(\d+)<', html) == ["17", "12"]
    assert re.findall(r'class="discard-count">(\d+)<', html) == ["1", "0"]
    assert re.findall(r'class="hand-count">(\d+)<', html) == ["2", "6"]
    assert re.findall(r'class="lost">(\d+)/20', html) == ["4", "9"]
    assert "Ann was chosen at random to go first" in html
    assert "Bob was chosen at random to go first" in draw_html(view(first=1))
    assert "<strong>Ann</strong> to play" in html


@pytest.mark.rule("HB-UI-10", "HB-UI-11", "HB-UI-13")
def test_hand_cards_show_cost_in_corner_and_actions_and_are_playable():
    html = draw_html(acts=["draw", "play:c07", "play:c12"])
    assert ids_in(html) == {"draw", "play:c07", "play:c12"}
    c07 = re.search(r'<div class="card playable clickable" data-action="play:c07".*?</div>', html).group(0)
    assert re.search(r'<span class="card-cost"[^>]*>3</span>', c07)
    assert "Move a unit (cavalry only)" in c07 and "Ranged attack" in c07
    assert "target within 2" in html


@pytest.mark.rule("HB-UI-14")
def test_payment_toggles_cards_and_shows_total_against_cost():
    pend = {"card": card("c07", "Charge", 3), "paid": ["c12"], "paid_total": 1, "step": 0, "unit": None,
            "mp_left": None, "aim": None}
    hand = [card("c07", "Charge", 3), card("c12", "March", 1), card("c13", "Volley", 2)]
    v = view(phase="pay", pending=pend, hand=hand)
    html = draw_html(v, acts=["unpay:c12", "pay:c13", "cancel"])
    assert ids_in(html) == {"unpay:c12", "pay:c13", "cancel"}
    assert "Paid <strong>1</strong> of cost <strong>3</strong>" in html
    assert 'class="card paid clickable" data-action="unpay:c12"' in html
    html = draw_html(v, acts=["unpay:c12", "pay:c13", "cancel", "pay:ok"])
    assert 'data-action="pay:ok"' in html
    # the card being paid for is shown above the hand, so the hand's count is of the cards in it (issue 16)
    assert "Your hand (2)" in html


@pytest.mark.rule("HB-UI-15")
def test_move_controls_show_movement_points_left():
    pend = {"card": card("c07"), "paid": [], "paid_total": 0, "step": 0, "unit": "c10", "mp_left": 2, "aim": None}
    moves = ["step", "step:cw", "step:ccw", "turn:cw", "turn:ccw", "stop"]
    html = draw_html(view(phase="move", pending=pend), acts=moves)
    assert ids_in(html) == set(moves)
    assert 'class="mp-left">2<' in html
    # the hex ahead of the moving unit (c10 faces N -> c9) is a click target for "step"
    assert re.search(r'class="hl hl-step" data-action="step" transform="translate\(([\d.]+),([\d.]+)\)"', html)
    x, y = hr.center(*hr.parse_hex("c9"))
    assert f'data-action="step" transform="translate({x},{y})"' in html


@pytest.mark.rule("HB-UI-16")
def test_unit_aim_and_shoot_targets_are_highlighted_hexes():
    html = draw_html(acts=["unit:c10", "skip"])
    assert 'class="hl hl-unit" data-action="unit:c10"' in html
    html = draw_html(acts=["shoot:d7", "aim:c10", "skip"])
    assert 'class="hl hl-shoot" data-action="shoot:d7"' in html and 'class="hl hl-aim" data-action="aim:c10"' in html


def test_unknown_actions_fall_back_to_buttons_and_spectators_get_no_actions():
    html = draw_html(acts=["surrender"])
    assert 'data-action="surrender"' in html
    html = draw_html(view(hand=None), acts=["draw"], seat=None, interactive=False)
    assert ids_in(html) == set() and "Your hand" not in html


def test_player_strings_are_escaped():
    html = draw_html(names=('<script>alert(1)</script>', 'Bo"b'))
    assert "<script>" not in html and "&lt;script&gt;" in html and 'Bo&quot;b' in html
    # the log's seat references are the seats' names, escaped
    assert "Iron &lt;Wall&gt;" in html and '<span class="seat seat-1">Bo&quot;b</span> draws &lt;5&gt; cards' in html


def test_log_and_reasons_name_the_players():
    assert named("P2 draws 5 card(s). P1 passes; P12 and AP1 stay.", ["Ann", "Bot"]) == \
        "Bot draws 5 card(s). Ann passes; P12 and AP1 stay."
    html = draw_html(view(log=[event("{0} plays March.", 0), event("{0} draws 5 card(s).", 1)]), names=("Ann", "Bo"))
    assert ('<li data-key="log2"><span class="log-n">2</span> <span class="seat seat-1">Bo</span> draws 5 card(s).</li>'
            '<li data-key="log1"><span class="log-n">1</span> <span class="seat seat-0">Ann</span> plays March.</li>') in html
    # the log is never parsed: a "P1" written in an event's text stays as it is
    html = draw_html(view(log=[event("P1 is just text")]), names=("Ann", "Bo"))
    assert '<span class="log-n">1</span> P1 is just text</li>' in html


@pytest.mark.rule("HB-UI-19")
def test_health_shows_at_once_and_removed_units_disappear():
    html = draw_html(view(units=[unit("c10", health=1), unit("d7", owner=1)]))
    assert re.search(r'class="uhp hurt"[^>]*>1<', html)
    html = draw_html(view(units=[unit("c10")]))
    assert html.count('class="unit ') == 1 and "d7 ·" not in html


@pytest.mark.rule("HB-UI-13", "HB-UI-14", "HB-UI-15", "HB-UI-16", "HB-UI-19")
def test_every_legal_action_is_reachable_in_random_games():
    from pyapp import games
    g = games.get("hexbattle")
    seen_kinds = set()
    for seed in range(4):
        s = g.new(2, seed)
        r = Rng(seed, stream=9)
        while not s.is_over:
            seat = s.to_act[0]
            acts = s.legal_actions(seat)
            html = render(s.view(seat), acts, seat=seat, names=["A", "B"], interactive=True)
            found = ids_in(html)
            assert {a.id for a in acts} == found, s.view(seat)["phase"]
            units = s.view(seat)["units"]                     # HB-UI-19: current health, removed units gone
            assert html.count('<g class="unit ') == len(units)
            for u in units:
                assert f"at {u['hex']} · health {u['health']}/{u['max_health']} ·" in html
            seen_kinds.update(a.id.split(":")[0] for a in acts)
            other = render(s.view(1 - seat), [], seat=1 - seat, names=["A", "B"], interactive=False)
            assert not ids_in(other)
            # the other player's hand never appears in this seat's markup (names of its hidden cards)
            hidden = {c["id"] for c in s.view(1 - seat)["hand"]}
            assert not any(f'data-action="play:{cid}"' in html for cid in hidden)
            s.apply(seat, r.choice(acts).id)
    assert {"draw", "play", "pay", "unit", "step", "turn", "stop"} <= seen_kinds


@pytest.mark.rule("HB-UI-17")
def test_the_second_player_sees_the_board_turned_with_their_army_at_the_bottom():
    pend = {"card": card("c07"), "paid": [], "paid_total": 0, "step": 0, "unit": "c10", "mp_left": 2, "aim": None}
    v = view(first=1, phase="move", pending=pend)
    html = draw_html(v, acts=["step", "stop"], seat=0)
    assert 'class="hb-board flipped"' in html
    # c10 is shown where f7 would be, its front (N on the board) drawn pointing down the screen
    x, y = hr.center(*hr.parse_hex(GRID.rotate180("c10")))
    assert re.search(rf'<g class="unit p0 infantry selected" transform="translate\({x},{y}\)"[^>]*>.*?rotate\(180\)', html)
    x, y = hr.center(*hr.parse_hex(GRID.rotate180("c9")))
    assert f'data-action="step" transform="translate({x},{y})"' in html
    # labels name the real hexes: the top-left hex on screen is h16
    first_label = re.search(r'<text class="coord"[^>]*>(\w+)</text>', html).group(1)
    assert first_label == "h16"
    # the first player and spectators see it unturned
    assert 'class="hb-board"' in draw_html(v, acts=[], seat=1, interactive=False)
    assert 'class="hb-board"' in draw_html(v, acts=[], seat=None, interactive=False)


@pytest.mark.rule("HB-UI-16", "HB-RNG-4")
def test_aiming_shades_the_hexes_in_range():
    shooter = unit("c10", type="ranged", range=3)
    pend = {"card": card("c07", "Potshot", 0, ({"do": "ranged", "within": 2},)), "paid": [], "paid_total": 0,
            "step": 0, "unit": None, "mp_left": None, "aim": "c10"}
    html = draw_html(view(units=[shooter, unit("c8", owner=1)], phase="resolve", pending=pend),
                     acts=["shoot:c8", "skip"])
    shaded = re.findall(r'<use href="#hb-hl" class="in-range" x="([\d.]+)" y="([\d.]+)"/>', html)
    # the card caps the unit's range 3 at 2: rings 1 and 2 hold 6 + 12 hexes, all on the board around c10
    assert len(shaded) == 18
    assert tuple(map(str, hr.center(*hr.parse_hex("c8")))) in shaded
    assert tuple(map(str, hr.center(*hr.parse_hex("c10")))) not in shaded
    assert 'class="in-range"' not in draw_html(view(units=[shooter]), acts=["draw"])


@pytest.mark.rule("HB-GAP-29")
def test_cards_that_cannot_be_paid_for_are_dimmed():
    html = draw_html(acts=["draw", "play:c12"])
    assert re.search(r'<div class="card unplayable"[^>]*><span class="card-cost"[^>]*>3<', html)
    assert 'class="card playable clickable" data-action="play:c12"' in html


@pytest.mark.rule("HB-GAP-28", "HB-UI-14")
def test_overpayment_is_allowed_but_pointed_out():
    hand = [card("c07", "Charge", 3), card("c12", "March", 1), card("c13", "Volley", 2), card("c14", "Big", 4)]
    pend = {"card": hand[0], "paid": ["c12", "c14"], "paid_total": 5, "step": 0, "unit": None, "mp_left": None,
            "aim": None}
    html = draw_html(view(phase="pay", pending=pend, hand=hand), acts=["unpay:c12", "unpay:c14", "pay:c13", "pay:ok"])
    assert "you could keep <strong>March</strong>" in html and 'data-action="pay:ok"' in html
    pend = dict(pend, paid=["c12", "c13"], paid_total=3)
    html = draw_html(view(phase="pay", pending=pend, hand=hand), acts=["unpay:c12", "unpay:c13", "pay:ok"])
    assert "could keep" not in html


@pytest.mark.rule("HB-ARMY-2")
def test_the_opponents_army_is_secret_until_the_end_then_shown_with_its_cards():
    """Issue 15 item 19: the status shows a seat its own army's name; the opponent's army is "kept
    secret"; at the end both names and card lists are shown."""
    from pyapp import games
    g = games.get("hexbattle")
    s = g.new(2, 5, {"armies": ["Iron Phalanx", "Thunder Riders"]})
    html = render(s.view(0), s.legal_actions(0), seat=0, names=["A", "B"], interactive=True)
    assert "Iron Phalanx" in html and "Thunder Riders" not in html and "kept secret" in html
    assert "Charge" not in html.split('class="hb-status"')[1].split("</section>")[0]
    r = Rng(5, stream=9)
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, r.choice(s.legal_actions(seat)).id)
    html = render(s.view(0), [], seat=0, names=["A", "B"], interactive=False)
    status = html.split('class="hb-status"')[1].split("</section>")[0]
    assert "Iron Phalanx" in status and "Thunder Riders" in status and "kept secret" not in status
    assert status.count('class="parmy-cards"') == 2 and "Charge" in status


POLY_DEF = re.compile(r'<polygon id="([\w-]+)" points="([^"]+)"/>')
TARGET = re.compile(r'<g class="hl hl-\w+" data-action="([^"]+)" transform="translate\(([\d.]+),([\d.]+)\)"'
                    r'[^>]*>(.*?)</g>')


def target_boxes(html):
    """Each board target's box in SVG units (the union of the shapes it holds, placed with ``<use>``)."""
    shapes = {k: [tuple(map(float, p.split(","))) for p in pts.split()] for k, pts in POLY_DEF.findall(html)}
    out = {}
    for aid, x, y, inner in TARGET.findall(html):
        pts = [p for ref in re.findall(r'<use href="#([\w-]+)"', inner) for p in shapes[ref]]
        xs, ys = [float(x) + px for px, _ in pts], [float(y) + py for _, py in pts]
        out[unescape(aid)] = (min(xs), min(ys), max(xs), max(ys))
    return out


def test_targets_on_neighbouring_hexes_never_overlap():
    """Issue 16: units on neighbouring hexes offered together (unit:d7 with c7 and e7, a column to each side half a
    hex lower, and d6, d8 above and below) are buttons whose boxes never overlap, so each is tapped alone; each
    box still covers most of its hex (at least 1.35 hex radii wide, 9/10 of its height)."""
    hexes = ["d7", "c7", "e7", "d6", "d8", "c8", "e6"]
    for flip_seat in (0, 1):
        html = draw_html(view(units=[unit(h) for h in hexes], first=0), acts=[f"unit:{h}" for h in hexes],
                         seat=flip_seat)
        boxes = target_boxes(html)
        assert set(boxes) == {f"unit:{h}" for h in hexes}
        for a, (ax0, ay0, ax1, ay1) in boxes.items():
            assert ax1 - ax0 >= 1.5 * hr.SIZE * 0.9 and ay1 - ay0 >= hr.HH * 0.9, (a, boxes[a])
            for b, (bx0, by0, bx1, by1) in boxes.items():
                if a < b:
                    assert min(ax1, bx1) - max(ax0, bx0) <= 0 or min(ay1, by1) - max(ay0, by0) <= 0, (a, b)
        assert html.count('class="hl-ring hl-unit"') == len(hexes)       # each hex still highlighted whole

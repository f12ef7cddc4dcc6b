"""Cloudspire solo and co-operative play against the automated Raider Fortress (CS-GAP-6, CS-OVR-1,
CS-OVR-2): the options, the script's decisions in set positions, the team's win and loss, whole seeded
games through the contract, hidden information, the summary and the board."""
from __future__ import annotations


import pytest

from cloudspire_helpers import (act, clear_landmarks, coop, fort_gate, gate_health, give, ids, next_to, no_spires,
                                skip_to, solo, spire, stack, start_turn, unit, wave)
from play_helpers import redeal_changes_nothing_seen
from pyapp import bots
from pyapp.engine import Rng
from pyapp.engine.log import plain
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire import automa
from pyapp.games.cloudspire.content import FACTIONS, MAPS, UNITS
from pyapp.games.cloudspire.render import render

rule = pytest.mark.rule


def texts(s, start=0) -> list:
    return [plain(e) for e in s.log[start:]]


def quiet(s):
    """No landmarks and no Source anywhere (no limited builds to offer)."""
    clear_landmarks(s)
    for seat in range(s.fortresses):
        give(s, seat, 0)
    return s


def minion_of(s, seat: int) -> str:
    return FACTIONS[s.data["factions"][seat]]["minions"][0]["id"]


# ---- modes and options ----------------------------------------------------------------------------------
@rule("CS-OVR-1", "CS-OVR-2", "CS-GAP-6")
def test_one_player_is_solo_and_two_players_may_play_together_against_the_raider():
    s = solo()
    assert (s.mode, s.automaton, s.fortresses) == ("solo", 1, 2)
    assert s.map is MAPS[2] and len(s.data["factions"]) == 2 and s.data["factions"][1] != "heirs"
    c = coop()
    assert (c.mode, c.automaton, c.fortresses) == ("coop", 2, 3)
    assert c.map is MAPS[3] and c.data["factions"][2] not in ("heirs", "keel")
    p = GAME.new(2, 7)
    assert (p.mode, p.automaton, p.fortresses) == ("competitive", None, 2)
    for players in (1, 3, 4):
        with pytest.raises(ValueError, match="2 players"):
            GAME.new(players, 7, {"mode": "coop"})
    assert GAME.min_players == 1 and GAME.max_players == 4
    for name in ("mode", "opponent"):                                 # the generic setup shows these sentences
        assert GAME.option(name).help and GAME.option(name).kind == "choice"
    assert [c[0] for c in GAME.option("mode").choices] == ["competitive", "coop"]
    assert [c[0] for c in GAME.option("opponent").choices] == ["easy", "normal", "hard"]


@rule("CS-GAP-6")
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_raider_has_its_levels_gate_and_three_fixed_spires_on_its_home_island(level):
    for s, mode in ((solo(opponent=level), "solo"), (coop(opponent=level), "coop")):
        a = s.automaton
        lv = automa.LEVELS[level][mode]
        assert s.data["gate"][a] == {"health": lv["gate"], "max": lv["gate"]}
        mine = [sp for sp in s.data["spires"].values() if sp["owner"] == a]
        assert len(mine) == 3 and len(s.data["spires"]) == 3
        for sp in mine:
            assert sp["hex"] in s.map.wells and s.map.group[sp["hex"]] == f"home{a + 1}"
            assert sp["ups"].count("attack") >= 1 + lv["attack"]
        assert s.command_points(a) == s.command_points(0) + lv["cp"]
        assert "is the automated raider" in " ".join(texts(s))
    assert automa.LEVELS["easy"]["solo"]["gate"] < automa.LEVELS["normal"]["solo"]["gate"] < \
        automa.LEVELS["hard"]["solo"]["gate"]


# ---- the script -------------------------------------------------------------------------------------------
@rule("CS-GAP-6")
def test_the_raider_skips_market_and_build_and_is_never_to_act():
    s = solo()
    skip_to(s, "mark")
    log = texts(s)
    assert "The Raider Fortress passes in the market" in log and "The Raider Fortress passes in the Build Phase" in log
    assert not [t for t in log if t.startswith("The Raider Fortress buys") or t.startswith("The Raider Fortress con")]
    assert s.to_act == (0,)
    assert s.legal_actions(0) and all(a.id == "mark:2" for a in s.legal_actions(0))


@rule("CS-GAP-6")
def test_the_raider_marks_the_nearest_player_gate():
    c = coop()
    skip_to(c, "select")
    grid = c.map.grid
    near = min((0, 1), key=lambda p: (grid.distance(fort_gate(c, 2), fort_gate(c, p)), p))
    assert c.data["marks"][2] == near
    assert f"The Raider Fortress marks the gate of P{near + 1}" in texts(c)
    # the people may only mark the raider: team-mates are never foes
    assert c.data["marks"][:2] == [2, 2]


@rule("CS-GAP-6", "CS-PREP-4", "CS-STK-9")
def test_the_raider_selects_its_heroes_then_the_dearest_minions_and_stacks_heroes_on_top():
    s = solo()
    cp = s.command_points(1)
    skip_to(s, "stack")                                               # the raider has built its stack already
    assert s.to_act == (0,)
    picked = s.data["picked"][1]
    hero = next(h["id"] for h in FACTIONS[s.data["factions"][1]]["heroes"] if h["start"])
    assert picked[0] == hero                                          # wave 1: the starting hero only
    costs = [UNITS[t]["cp"] for t in picked[1:]]
    assert costs == sorted(costs, reverse=True) and sum(costs) <= cp
    left = cp - sum(costs)
    stock = s.data["barracks"][1]["minions"]
    assert all(UNITS[t]["cp"] > left for t, n in stock.items() if n)  # nothing more it could afford
    st = s.data["stacks"][1]
    assert st[0] == {"hero": hero} and len(st) == len(picked)            # the hero on top
    assert [e["chips"][0] for e in st[1:]] == picked[1:]                 # every minion on its own, dearest first


@rule("CS-GAP-6", "CS-ATK-2")
def test_the_raider_strikes_the_gate_before_a_unit_it_could_defeat():
    s = quiet(solo())
    g0 = fort_gate(s, 0)
    h = next_to(s, g0)[0]
    raider = unit(s, 1, h, chips=[minion_of(s, 1)])
    foe = next_to(s, h, terrain=s.terrain(next_to(s, h)[0]))[0]
    unit(s, 0, foe, chips=[minion_of(s, 0)], hp=1)
    stack(s, 0, [[minion_of(s, 0)]])
    offered = {a.id.split(":")[2] for a in s.attack_options(1)}
    assert offered == {g0, foe}                                       # it could defeat the unit instead
    start = len(s.log)
    start_turn(s, 1, marks=[1, 0])
    hits = [t for t in texts(s, start) if " attacks " in t or " strikes " in t]
    assert hits[0].startswith("The Raider Fortress's") and "strikes the gate of P1" in hits[0]
    assert s.data["gate"][0]["health"] < 15 and raider


@rule("CS-GAP-6", "CS-FIRE-5")
def test_a_raider_spire_with_several_targets_shoots_the_weakest():
    s = quiet(solo())
    sid, sp = next((k, v) for k, v in sorted(s.data["spires"].items()) if v["owner"] == 1 and "range" not in v["ups"])
    near = [x for x in sorted(s.map.grid.adjacent(sp["hex"])) if not s.solid(x) and s.unit_at(x) is None]
    no_spires(s, 1, keep=[sid])                                       # only this spire can reach them
    unit(s, 0, near[0], hero="lantern_heir")
    unit(s, 0, near[1], hero="archivist", hp=1)
    stack(s, 1, [[minion_of(s, 1)]])                                  # the raider still has a minion coming
    start_turn(s, 0, marks=[1, 0])
    for choice in ("minions", "fire"):
        if choice in ids(s):
            act(s, choice)
    shots = [t for t in texts(s) if " fires at " in t]
    assert shots and "fires at P1's Archivist" in shots[0]


@rule("CS-GAP-6", "CS-MOV-4")
def test_the_raiders_minions_and_heroes_march_on_the_marked_gate():
    s = quiet(solo())
    hero = next(h["id"] for h in FACTIONS[s.data["factions"][1]]["heroes"] if h["start"])
    stack(s, 1, [hero, [minion_of(s, 1)]])
    stack(s, 0, [[minion_of(s, 0)]])
    target = fort_gate(s, 0)
    grid = s.map.grid
    start_turn(s, 1, marks=[1, 0])
    mine = [u for u in s.data["units"].values() if u["owner"] == 1]
    assert len(mine) == 2
    here = fort_gate(s, 1)
    for u in mine:
        assert grid.distance(u["hex"], target) < grid.distance(here, target)
    moves = [m for m in s.marks().get("1", []) if m["kind"] == "move"]   # drawn like a player's last moves
    assert {m["at"][1] for m in moves} >= {u["hex"] for u in mine}


# ---- the team's result --------------------------------------------------------------------------------------
@rule("CS-GAP-6")
@pytest.mark.parametrize("make", [solo, coop])
def test_the_people_win_together_when_the_raiders_gate_falls(make):
    s = quiet(make())
    a = s.automaton
    no_spires(s, a)
    gate_health(s, a, 1)
    h = next_to(s, fort_gate(s, a))[0]
    unit(s, 0, h, chips=[minion_of(s, 0)])
    stack(s, a, [[minion_of(s, a)]])
    start_turn(s, 0, marks=[a] * s.fortresses)
    atk = [i for i in ids(s) if i.startswith("atk:") and i.endswith(":" + fort_gate(s, a))]
    act(s, atk[0])
    out = s.outcome()
    assert out.kind == "team-win" and out.winners == tuple(range(s.players)) and "Raider Fortress" in out.reason


@rule("CS-GAP-6")
def test_the_people_lose_together_when_any_player_gate_falls():
    s = quiet(coop())
    gate_health(s, 1, 1)                                              # P2's gate, not the one P1 defends
    h = next_to(s, fort_gate(s, 1))[0]
    unit(s, 2, h, chips=[minion_of(s, 2)])
    stack(s, 0, [[minion_of(s, 0)]])
    start_turn(s, 2, marks=[2, 2, 1])
    out = s.outcome()
    assert out.kind == "team-loss" and out.winners == () and out.ranking == ((0, 1),)
    assert "fortress of P2 is destroyed" in out.reason


@rule("CS-GAP-6", "CS-WAVE-1")
def test_the_people_lose_when_the_raider_still_stands_after_wave_4():
    s = solo()
    wave(s, 4)
    s.end_wave()
    out = s.outcome()
    assert out.kind == "team-loss" and "still stands" in out.reason


@rule("CS-GAP-6")
def test_team_mates_are_not_foes():
    s = quiet(coop())
    h = next_to(s, fort_gate(s, 0))[0]
    mine = unit(s, 0, h, chips=[minion_of(s, 0)])
    mate_hex = next_to(s, h, terrain=s.terrain(h))[0]
    unit(s, 1, mate_hex, chips=[minion_of(s, 1)])
    spire(s, 1, FACTIONS["keel"]["spires"][0]["id"], next(x for x in sorted(s.map.grid.adjacent(h))
                                                          if not s.solid(x) and s.unit_at(x) is None), ["attack"])
    assert mate_hex not in s.targets_of(0, mine)
    assert 1 not in s.opponents(0) and s.opponents(0) == [2] and sorted(s.opponents(2)) == [0, 1]
    assert all(s.data["spires"][x]["owner"] == 2 for x in s.firing_spires(0))


# ---- whole games through the contract ----------------------------------------------------------------------
def play(players, seed, options, bot_name):
    st = GAME.new(players, seed, options)
    seats = [bots.make("cloudspire", bot_name, seed=seed * 10 + i) for i in range(players)]
    steps = 0
    while not st.is_over:
        assert set(st.to_act) <= set(range(players))                  # the raider is never asked
        seat = st.to_act[0]
        st.apply(seat, seats[seat].choose(st, seat))
        steps += 1
        assert steps < 5000
    return st


@rule("CS-GAP-6", "CS-OVR-1", "CS-OVR-2")
@pytest.mark.parametrize("players,options,bot_name,seed", [
    (1, {}, "raider", 11), (1, {"opponent": "hard"}, "random", 12),
    (2, {"mode": "coop"}, "raider", 13), (2, {"mode": "coop", "opponent": "easy"}, "random", 14)])
def test_whole_seeded_games_end_with_a_team_result_and_replay(players, options, bot_name, seed):
    st = play(players, seed, options, bot_name)
    out = st.outcome()
    assert out.cooperative and out.kind in ("team-win", "team-loss") and out.reason
    assert all(seat < players for seat, _ in st.history)
    log = [e for e in st.log if isinstance(e, dict)]
    assert any(e["text"].startswith("The Raider Fortress's ") and e.get("kind") == "move" for e in log)
    assert not any(players in e["seats"] for e in log)                # written by name, never as a seat
    again = GAME.replay(players, seed, st.options, st.history)
    assert again.to_json() == st.to_json()
    assert GAME.from_json(st.to_json()).to_json() == st.to_json()
    rows = GAME.summary(st)
    assert rows[0][0] == "The Raider Fortress's gate" and all(len(vals) == players for _, vals in rows)


@rule("CS-GAP-6", "CS-STK-10")
@pytest.mark.parametrize("players,options", [(1, {}), (2, {"mode": "coop"})])
def test_hidden_information_in_solo_and_coop(players, options):
    """The generic check (tests/engine/test_random_simulation.py) for the modes: redealing what a seat may not
    see (the raider's and the team-mate's stack order, facedown landmarks, piles) changes neither its
    view nor its legal actions."""
    checked = changed = 0
    for g in range(4):
        state = GAME.new(players, 900 + g, options)
        bot = bots.make("cloudspire", "random", seed=g)
        step = 0
        while not state.is_over and step < 400:
            if step % 3 == 0:
                n, c = redeal_changes_nothing_seen(state, step)
                checked, changed = checked + n, changed + c
            seat = state.to_act[0]
            state.apply(seat, bot.choose(state, seat))
            step += 1
    assert checked > 30 and changed > checked // 2


# ---- the board --------------------------------------------------------------------------------------------------
@rule("CS-GAP-6")
def test_the_board_names_the_raider_and_states_the_mode():
    s = solo()
    skip_to(s, "mark")
    html = render(s.view(0), s.legal_actions(0), seat=0, names=["Ann"], interactive=True)
    assert "The Raider Fortress" in html and "Solo against" in html and "Automated" in html
    assert "Player 2" not in html
    c = coop()
    skip_to(c, "mark")
    html = render(c.view(1), c.legal_actions(1) if 1 in c.to_act else [], seat=1, names=["Ann", "Bo"],
                  interactive=True)
    assert "Co-operative against" in html and "The Raider Fortress" in html


@rule("CS-GAP-6", "CS-OVR-2")
def test_the_app_setup_offers_the_mode_and_the_raiders_level_and_plays_a_solo_game():
    from html import unescape
    import re
    from pyapp.ui import App, DictStorage
    app = App(DictStorage(), {}, random_seed=lambda: 4321)
    app.handle("nav", "setup:cloudspire")
    html = app.render()
    for name in ("mode", "opponent"):                                 # the generic setup shows both, with help
        assert f'data-input="opt-{name}"' in html
        assert GAME.option(name).help.split(":")[0] in unescape(html)
    app.handle("input", "players", "2")
    app.handle("input", "opt-mode", "coop")
    app.handle("input", "seat-1", "bot:normal")                      # (the hard bot's search: 106 s of this test;
                                                                      # test_cloudspire_bots_levels checks it)
    app.handle("nav", "start")
    assert app.state.mode == "coop" and "The Raider Fortress" in app.render()
    rng = Rng(6)
    for _ in range(4000):                                             # one person and one bot, to the end
        if app.state.is_over:
            break
        if app.bot_pending():
            assert app.step_bot()
            continue
        ids = [unescape(a) for a in re.findall(r'data-action="([^"]+)"', app.render())]
        assert ids
        app.handle("action", rng.choice(ids))
    assert app.state.is_over and app.state.outcome().kind in ("team-win", "team-loss")
    app = App(DictStorage(), {}, random_seed=lambda: 4321)
    app.handle("nav", "setup:cloudspire")
    app.handle("input", "players", "1")                              # solo: one player (setup starts at 2)
    app.handle("input", "opt-opponent", "easy")
    app.handle("nav", "start")
    assert app.state.mode == "solo" and app.state.options["opponent"] == "easy"
    rng = Rng(5)
    for _ in range(3000):
        if app.state.is_over:
            break
        ids = [unescape(a) for a in re.findall(r'data-action="([^"]+)"', app.render())]
        assert ids
        app.handle("action", rng.choice(ids))
    assert app.state.is_over and app.state.outcome().cooperative
    assert "The Raider Fortress" in app.render()


@rule("CS-GAP-6")
def test_the_rules_page_writes_the_script_and_the_levels_as_they_are():
    page = GAME.rules_html()
    sec = page.split('<h2 id="cs-solo-coop">', 1)[1].split("<h2", 1)[0]
    lv = automa.LEVELS
    solo_gates = ", ".join(str(lv[k]["solo"]["gate"]) for k in ("easy", "normal")) + f" or {lv['hard']['solo']['gate']}"
    coop_gates = ", ".join(str(lv[k]["coop"]["gate"]) for k in ("easy", "normal")) + f" or {lv['hard']['coop']['gate']}"
    assert f"its gate has {solo_gates} health" in sec and f"its gate has {coop_gates} health" in sec
    assert f"gets\n{lv['easy']['coop']['cp']}, {lv['normal']['coop']['cp']} or {lv['hard']['coop']['cp']}" in sec
    minus = ", ".join(f"minus {-lv[k]['solo']['cp']}" for k in ("easy", "normal"))
    assert f"are the wave's {minus} or plus 0" in sec
    for k in ("easy", "normal"):
        assert lv[k]["solo"]["cp"] < 0 and lv[k]["solo"]["attack"] == 0
    assert lv["hard"]["solo"]["cp"] == 0 and all(lv[k]["coop"]["attack"] == 1 for k in lv)
    for words in ("Market and Build", "Mark", "Select", "Stack", "Onslaught turn", "any</b> player's gate"):
        assert words in sec
    assert GAME.option("opponent").help.endswith(automa.LEVEL_HELP)


@pytest.mark.rule("CS-GAP-6")
def test_a_new_setup_starts_at_the_competitive_game_and_offers_solo():
    """Solo is one player, but a new Cloudspire setup starts at two (the usual game); the count says "1 player"."""
    from pyapp.ui import App, DictStorage
    app = App(DictStorage(), {})
    app.handle("nav", "setup:cloudspire")
    html = app.render()
    assert len(app.setup["seats"]) == 2
    assert '<option value="1">1 player</option>' in html and '<option value="2" selected>2 players</option>' in html

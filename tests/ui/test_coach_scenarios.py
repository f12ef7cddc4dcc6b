"""Learn to play (issue 32, item 1): the guided first games of :mod:`pyapp.ui.coach`.

Each scenario file is checked, played through by the coached actions alone to its end, and played with random
other legal moves along the way (it must still reach the end: never a dead end); a guided game is saved, left and
resumed like any other, opens from ``?game=<id>&tutorial=1`` and ends by offering a real game against the easy bot.
"""
import html as htmllib
import json
import pathlib
import random
import re

import pytest

from pyapp import games
from pyapp.engine import saves
from pyapp.ui import App, DictStorage
from pyapp.ui import coach as coachlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCENARIOS = sorted(p.parent.name for p in (ROOT / "pyapp" / "games").glob("*/tutorial.json"))
COACHED = re.compile(r'data-action="([^"]+)" data-coach')
MAX_MOVES = 400          # the person's moves a wandering guided game may take at most before it must be done


def _app(gid: str, storage: DictStorage | None = None) -> App:
    return App(storage if storage is not None else DictStorage(), {"game": gid, "tutorial": "1"},
               random_seed=lambda: 5)


def _settle(app: App) -> str:
    """Let the bots move; the page's markup once the person is to act (or the game is over)."""
    while app.bot_pending():
        app.step_bot()
    return app.render()


def _coached(html: str, app: App) -> str:
    """The action the coach points at: every control carrying ``data-coach`` is of that one legal action."""
    marked = {htmllib.unescape(a) for a in COACHED.findall(html)}
    assert len(marked) == 1, f"the coach marks {sorted(marked)}"
    aid = marked.pop()
    me = app.coach.human()
    assert any(a.id == aid for a in app.state.legal_actions(me)), aid
    return aid


def _box(html: str) -> str:
    m = re.search(r'<section class="coach[^"]*".*?</section>', html, re.S)
    assert m, "no coach box"
    return m.group(0)


def _coached_to_the_end(app: App, limit: int = 200) -> str:
    """Follow the coach until the guided game is done; the finished coach's box."""
    for _ in range(limit):
        html = _settle(app)
        if "data-tutorial-done" in html:
            return re.search(r"<section[^>]*data-tutorial-done.*?</section>", html, re.S).group(0)
        app.handle("action", _coached(html, app))
    raise AssertionError(f"the guided game was not done after {limit} coached moves")


def test_every_scenario_file_is_valid():
    assert {"hexbattle", "doomspire", "clockwork", "icefortress"} <= set(SCENARIOS)
    for gid in SCENARIOS:
        d = json.loads((ROOT / "pyapp" / "games" / gid / "tutorial.json").read_text(encoding="utf-8"))
        assert coachlib.check_scenario(d, gid) == [], gid
        assert coachlib.scenario(gid) == d
        assert coachlib.has_tutorial(gid)
    assert not coachlib.has_tutorial("no-such-game")


def test_the_schema_check_finds_what_is_wrong():
    d = json.loads((ROOT / "pyapp" / "games" / "hexbattle" / "tutorial.json").read_text(encoding="utf-8"))
    bad = json.loads(json.dumps(d))
    bad["steps"][0]["text"] = "Play a card (HB-CARD-3)."          # clause ids never reach a player's screen
    bad["steps"][1]["expect"] = [{"id": 3}]
    bad["steps"][2]["colour"] = "red"
    bad["seats"] = ["bot:easy", "bot:easy"]
    problems = coachlib.check_scenario(bad, "hexbattle")
    assert any("clause id" in p for p in problems)
    assert any("step 2: expect" in p for p in problems)
    assert any("step 3: unknown key 'colour'" in p for p in problems)
    assert any(p.startswith("seats") for p in problems)
    other = json.loads(json.dumps(d))
    other["options"]["armies"][0]["cards"] = {"volley": 2}        # the game's own check: too few cards
    assert any("the game refuses it" in p for p in coachlib.check_scenario(other, "hexbattle"))


@pytest.mark.parametrize("gid", SCENARIOS)
def test_the_coached_actions_alone_play_the_guided_game_to_its_end(gid):
    app = _app(gid)
    sc = coachlib.scenario(gid)
    assert app.screen == "game" and app.meta["tutorial"] == gid
    shown: list[int] = []
    for _ in range(len(sc["steps"]) * 6):
        html = _settle(app)
        if "data-tutorial-done" in html:
            break
        box = _box(html)
        assert "A good move now" not in box, "the coached path never leaves the path"
        step = app.coach.progress()[0]
        assert coachlib.esc(sc["steps"][step]["text"]) in box        # the current step, in its own words
        shown.append(step)
        app.handle("action", _coached(html, app))
        assert not app.confirm, f"following the coach set off a warning: {app.confirm}"
    else:
        pytest.fail("the guided game did not end")
    assert not app.state.is_over, "the lessons end before the battle does: the player finishes it"
    assert app.coach.progress()[0] == len(sc["steps"])
    # every step was shown, in order
    assert shown == sorted(shown) and set(shown) == set(range(len(sc["steps"])))


@pytest.mark.parametrize("gid", SCENARIOS)
def test_the_intro_greets_the_person_until_their_first_move(gid):
    """The welcome stands above the first step, also when a bot has already moved (Doomspire's rival chooses its
    dice at the same time as the person and the bot is asked first); it goes with the person's first move."""
    app = _app(gid)
    sc = coachlib.scenario(gid)
    html = _settle(app)
    assert coachlib.esc(sc["intro"]) in _box(html)
    app.handle("action", _coached(html, app))
    assert coachlib.esc(sc["intro"]) not in _box(_settle(app))


@pytest.mark.parametrize("gid", SCENARIOS)
@pytest.mark.parametrize("seed", range(5))
def test_other_legal_moves_along_the_way_still_reach_the_end(gid, seed):
    """Random other legal moves at about a third of the person's decisions: the coach explains the prompt and
    points at a legal move at every position (``data-coach`` on some legal control), and the guided part ends."""
    rng = random.Random(seed)
    app = _app(gid)
    me = app.coach.human()
    wandered = 0
    for _ in range(MAX_MOVES):
        html = _settle(app)
        if "data-tutorial-done" in html:
            break
        if app.confirm:
            app.handle("nav", "confirm")
            continue
        aid = _coached(html, app)
        if rng.random() < 0.35:
            aid = rng.choice([a.id for a in app.state.legal_actions(me)])
            wandered += 1
        app.handle("action", aid)
    else:
        pytest.fail("the guided game never ended")
    assert wandered >= 3
    assert app.coach.done()


def test_off_the_path_the_coach_explains_the_prompt_and_steers_back():
    app = _app("hexbattle")
    app.handle("action", "draw")                     # not what the first lesson asks: allowed
    html = _settle(app)
    box = _box(html)
    assert "Play Shield Advance" in box or "Shield Advance" in box   # the lesson's card is still in hand: back on it
    play = next(a for a in app.state.legal_actions(0) if "Potshot" in a.label)
    app.handle("action", play.id)                    # another card: now paying for it, off the path
    box = _box(_settle(app))
    assert "You made a move of your own" in box and "You are paying for a card" in box
    assert "A good move now" in box
    app.handle("action", "cancel")                   # taken back: the lesson's first step again
    box = _box(_settle(app))
    assert "Play Shield Advance" in box


def test_a_guided_game_is_saved_left_and_resumed():
    storage = DictStorage()
    app = _app("hexbattle", storage)
    for _ in range(4):
        html = _settle(app)
        app.handle("action", _coached(html, app))
    sid = app.meta["id"]
    step = app.coach.progress()
    saved = json.loads(storage.get(saves.save_key(sid)))
    assert saved["tutorial"] == "hexbattle"
    before = _box(_settle(app))
    again = App(storage, {})                          # a reload without the link: the current game resumes
    assert again.meta["id"] == sid and again.meta["tutorial"] == "hexbattle"
    assert again.coach.progress() == step and _box(_settle(again)) == before
    again.handle("nav", "shelf")
    shelf = again.render()
    assert "Learn to play" in shelf
    again.handle("nav", f"load:{sid}")                # from the saves list
    assert again.coach.progress() == step
    again.handle("nav", "shelf")                      # (leaving the game drops the current-game marker)
    again.handle("nav", "learn:hexbattle")            # Learn to play again: the guided game under way
    assert again.meta["id"] == sid and again.coach.progress() == step
    link = _app("hexbattle", storage)                 # the same link again: the guided game under way
    assert link.meta["id"] == sid
    assert saves.bounded_meta(dict(saved, tutorial="../x"))["options"] is not None
    assert "tutorial" not in saves.bounded_meta(dict(saved, tutorial="../x"))


def test_the_end_offers_a_real_game_against_the_easy_bot():
    app = _app("hexbattle")
    done = _coached_to_the_end(app)
    assert 'data-nav="coach-real"' in done
    old = app.meta["id"]
    app.handle("nav", "coach-real")
    assert app.screen == "game" and app.meta["id"] != old
    assert app.meta["seats"] == ["human", "bot:easy"] and "tutorial" not in app.meta
    assert "class=\"coach" not in app.render()


def test_a_co_operative_guided_game_ends_offering_a_real_game_with_the_easy_bot_as_teammate():
    """Ice Fortress sets up solo, but its guided game has a bot teammate: the real game offered at the end keeps
    the teammate (the easy bot), and the button says "with", not "against"."""
    app = _app("icefortress")
    done = _coached_to_the_end(app)
    assert "Play a real game with the easy bot" in done
    app.handle("nav", "coach-real")
    assert app.meta["seats"] == ["human", "bot:easy"] and "tutorial" not in app.meta
    assert app.state.players == 2


def test_learn_to_play_is_on_the_shelf_card_and_the_setup_screen():
    app = App(DictStorage(), {})
    shelf = app.render()
    for g in games.catalog():
        if g["ready"]:
            assert (f'data-nav="learn:{g["id"]}"' in shelf) == (g["id"] in SCENARIOS), g["id"]
    app.handle("nav", "setup:hexbattle")
    assert 'data-nav="learn:hexbattle"' in app.render()
    app.handle("nav", "learn:hexbattle")
    assert app.screen == "game" and app.meta["tutorial"] == "hexbattle"
    assert "data-coach" in app.render()


def test_a_game_without_a_guided_game_says_so():
    no = next((g["id"] for g in games.catalog() if g["ready"] and g["id"] not in SCENARIOS), None)
    if no is None:
        pytest.skip("every game has a guided game")
    app = App(DictStorage(), {"game": no, "tutorial": "1"})
    assert app.screen == "setup"
    assert any("no guided game" in m["text"] for m in app.messages)


@pytest.mark.parametrize("gid", SCENARIOS)
def test_the_coach_knows_only_what_the_person_sees(gid):
    """Hidden information: with everything the person cannot see dealt anew (``resample_hidden`` for the person's
    seat: Hex Battle's bot hand and decks, Doomspire's face-down tiles, decks and the rival's secret dice choice),
    the coach says and marks the same, on the path and off it (where it asks the normal bot)."""
    from pyapp.engine.rng import Rng
    for wander in (False, True):
        app = _app(gid)
        me = app.coach.human()
        if wander:
            coached = _coached(_settle(app), app)
            other = next(a.id for a in app.state.legal_actions(me) if a.id != coached and a.kind != "concede")
            app.handle("action", other)
        html = _settle(app)
        seen = (_box(html), _coached(html, app))
        for k in range(3):
            real = app.state
            app.state = real.resample_hidden(me, Rng(k + 1))
            assert app.state.to_json() != real.to_json()
            other_html = app.render()
            assert (_box(other_html), _coached(other_html, app)) == seen
            app.state = real


@pytest.mark.parametrize("gid", SCENARIOS)
def test_show_me_leads_to_the_control_the_coach_points_at(gid):
    """On a phone the control can lie far below the coach's words: "Show me" focuses it (the browser scrolls it
    into view); the box's ``data-step`` changes with each step so the glue can bring new words into view."""
    app = _app(gid)
    html = _settle(app)
    box = _box(html)
    assert 'data-nav="coach-show"' in box and ">Show me<" in box
    step = re.search(r'data-step="([^"]+)"', box).group(1)
    app.handle("nav", "coach-show")
    assert app.focus_once() == "[data-coach]"
    app.handle("action", _coached(html, app))
    assert re.search(r'data-step="([^"]+)"', _box(_settle(app))).group(1) != step


def test_cloudspire_a_marching_step_gives_way_to_the_gate_strike():
    """A ``repeat`` step (Cloudspire's march: every onslaught control, turn after turn) stays while its actions stay
    legal, but gives way as soon as the next step can be taken: the Page reaches the rival's gate and the coach
    asks for the strike at once, though the march's own matchers (any attack) still match a legal action."""
    app = _app("cloudspire")
    sc = coachlib.scenario("cloudspire")
    march = next(i for i, st in enumerate(sc["steps"]) if st.get("repeat"))
    strike = march + 1
    assert any(m.get("label") == "the gate of" for m in sc["steps"][strike]["expect"])
    for _ in range(60):
        html = _settle(app)
        if app.coach.progress()[0] == strike:
            break
        app.handle("action", _coached(html, app))
    else:
        pytest.fail("the coached path never reached the gate")
    me = app.coach.human()
    legal = app.state.legal_actions(me)
    assert any(coachlib.matches(m, a) for m in sc["steps"][march]["expect"] for a in legal), "the march could go on"
    box = _box(html)
    assert coachlib.esc(sc["steps"][strike]["text"]) in box
    assert "the gate of" in next(a.label for a in legal if a.id == _coached(html, app))


def test_cloudspire_the_coached_path_spends_its_source_so_no_turn_starts_with_go_on():
    """Cloudspire's guided game spends the last 3 Source on a Ward Spire: with nothing to build, no onslaught turn
    starts with "Go on to movement" (seven clicks that asked nothing of the player before); the march and the
    strikes on the rival's gate are the same, in 26 coached clicks instead of 31."""
    app = _app("cloudspire")
    coached: list[str] = []
    _settle(app)
    while "data-tutorial-done" not in (html := _settle(app)):
        coached.append(_coached(html, app))
        app.handle("action", coached[-1])
        assert len(coached) <= 40, coached
    assert "spire:ward_spire" in coached and "go" not in coached
    assert sum(a.startswith("atk:") for a in coached) >= 2 and len(coached) <= 26, coached

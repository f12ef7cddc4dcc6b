""""What would the bot do?" (issue 17, the hint part; pyapp/ui/hints.py and the app): for every game the hint
is a legal move of the seat to act, the same for the same position, changes neither the game nor its generator,
never depends on what that seat cannot see, is recorded in saves and links (and survives save, load and replay),
shows in the log at its place; old saves load; a hostile hints list is dropped with a notice."""
import json
import re

import pytest

from pyapp import bots, games
from pyapp.engine import Rng, saves
from pyapp.ui import DictStorage, hints, links
from pyapp.ui.app import App

from play_helpers import played, redeal_changes_nothing_seen
from test_ui_app import bots_move, make

GAMES = [g["id"] for g in games.catalog() if g["ready"]]
SEATS = {"icefortress": "human,human"}        # co-op: two people at one screen (no bot seat needed)


def _positions(gid, steps=(3, 17, 40)):
    g = games.get(gid)
    for n in steps:
        s = played(gid, g.setup_players, seed=11 + n, n=n)
        if not s.is_over:
            yield n, s


def _app(gid, storage=None, seed="5"):
    app = make({"game": gid, "seats": SEATS.get(gid, "human,bot"), "seed": seed, "fast": "1"},
               storage if storage is not None else DictStorage())
    bots_move(app)
    assert app.hint_seat() is not None, gid
    return app


def _ask(app, budget_ms=5):
    app.handle("nav", "hint")
    n = 0
    while not app.step_hint(budget_ms):
        n += 1
        assert n < 10_000
    return n


def _saved(app):
    return json.loads(app.storage.get(saves.save_key(app.meta["id"])))


# ------------------------------------------------------------------ the hint itself, every game
@pytest.mark.parametrize("gid", GAMES)
def test_the_hint_is_a_legal_move_the_same_for_the_same_position_and_changes_nothing(gid):
    g = games.get(gid)
    checked = 0
    for n, s in _positions(gid):
        for seat in s.to_act:
            before = s.to_json()
            rng_before = json.loads(before).get("rng")
            aid = hints.suggest(s, seat)
            assert s.to_json() == before and json.loads(s.to_json()).get("rng") == rng_before   # state, generator
            assert aid in [a.id for a in s.legal_actions(seat)]
            again = g.replay(s.players, s.seed, s.options, [list(a) for a in s.history])     # the same position
            assert hints.suggest(again, seat) == aid == hints.suggest(s.clone(), seat)
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("gid", GAMES)
def test_the_hint_never_depends_on_what_the_seat_cannot_see(gid):
    """Deal anew what the seat cannot see (the generic hidden-information method): the same hint."""
    redealt = 0
    for n, s in _positions(gid):
        redeal_changes_nothing_seen(s, n)
        for seat in s.to_act:
            aid = hints.suggest(s, seat)
            for k in range(2):
                other = s.resample_hidden(seat, Rng(n * 31 + seat + 7 * k))
                redealt += json.loads(other.to_json())["data"] != json.loads(s.to_json())["data"]
                assert hints.suggest(other, seat) == aid, (n, seat, k)
    if games.get(gid).private_views:
        assert redealt, "the positions should hide something"


def test_the_hint_bot_is_the_normal_level_or_else_the_best_bot():
    for gid in GAMES:
        avail = bots.available(gid)
        levels = [n for n, c in avail.items() if getattr(c, "level", None) == 2]
        if levels:
            assert hints.bot_name(gid) == levels[0]
        else:
            assert hints.bot_name(gid) in avail and hints.bot_name(gid) != "random"


# ------------------------------------------------------------------ in the app, every game
@pytest.mark.parametrize("gid", GAMES)
def test_the_app_marks_the_hint_records_it_and_keeps_it_through_save_link_and_replay(gid):
    storage = DictStorage()
    app = _app(gid, storage)
    seat, step = app.hint_seat(), len(app.state.history)
    before = app.state.to_json()
    html = app.render()
    assert hints.BUTTON_LABEL in html and "data-hint=" not in html and "The bot would" not in html
    _ask(app)
    assert app.state.to_json() == before                       # asking changed nothing in the game
    [h] = app.hints
    assert (h["step"], h["seat"]) == (step, seat)
    assert h["action"] == hints.suggest(app.state, seat)
    html = app.render()
    attr = f'data-action="{hints.esc(h["action"])}" data-hint="{seat}"'
    assert attr in html and html.count("data-hint=") == html.count(f'data-action="{hints.esc(h["action"])}"')
    assert "The bot would: <strong>" + hints.esc(h["label"]) in html
    assert app.focus_once() == hints.FOCUS
    # the log panel: a line in words at its place, the seat's name in its colour
    assert f'<span class="seat seat-{seat}">' in html and "asked for a hint: " + hints.esc(h["label"]) in html
    # recorded: the save, the export, the link
    rec = {"step": step, "seat": seat, "action": h["action"]}
    assert _saved(app)["hints"] == [rec]
    assert json.loads(app.export_save()[1])["hints"] == [rec]
    assert links.decode(links.fragment(app.store.current_save()))["hints"] == [rec]
    # asking again here: the same hint, no second record
    app.handle("nav", "hint")
    assert not app.hint_thinking() and len(app.hints) == 1
    # loaded again: the hint, its mark (the position has not changed) and its log line (its reason is said
    # when it is asked: a save keeps the move only)
    again = make({}, storage)
    assert again.state == app.state and [dict(x, ev_label=None) for x in again.hints] == \
        [dict({k: v for k, v in h.items() if not k.startswith("ev_") and k != "why"}, ev_label=None)]
    assert attr in again.render() and not again.messages
    # a link opens with it
    linked = make({}, DictStorage())
    assert linked.go_to(links.fragment(app.store.current_save()))
    assert [x["action"] for x in linked.hints] == [h["action"]]
    # the replay shows it at its step, in the log and in the step's own line
    app.handle("nav", "replay")
    assert app.screen == "replay"
    app.replay.set_seat(seat)
    app.replay.go(step)
    html = app.render()
    assert "asked for a hint here" in html and "asked for a hint: " in html
    if step:
        app.replay.go(step - 1)
        assert "asked for a hint" not in app.render()
    # the mark goes at the next action
    app.handle("nav", "rp:close")
    app.handle("action", h["action"])
    assert len(app.state.history) > step and "data-hint=" not in app.render()
    assert _saved(app)["hints"] == [rec]                      # and the record stays


def test_an_old_save_or_link_without_hints_loads_and_saves_as_before():
    storage = DictStorage()
    app = _app("hexbattle", storage)
    d = _saved(app)
    assert "hints" not in d                                   # no hint asked: the save is as it always was
    app2 = make({}, storage)
    assert app2.state == app.state and app2.hints == [] and not app2.messages
    assert "hints" not in links.decode(links.fragment(app.store.current_save()))


# ------------------------------------------------------------------ when it is offered
def test_no_hint_while_a_bot_is_to_act_in_a_finished_game_or_in_a_replay():
    app = make({"game": "hexbattle", "seats": "human,bot:greedy", "seed": "5", "fast": "1"}, DictStorage())
    bots_move(app)
    seat = app.hint_seat()
    # a bot to act
    app.meta["seats"] = ["bot:normal", "human"] if seat == 0 else ["human", "bot:normal"]
    assert app.bot_pending() and app.hint_seat() is None and hints.BUTTON_LABEL not in app.render()
    app.handle("nav", "hint")
    assert not app.hint_thinking()
    app.meta["seats"][seat] = "human"
    # a replay
    app.handle("nav", "replay")
    assert app.hint_seat() is None and hints.BUTTON_LABEL not in app.render()


def test_hot_seat_offers_the_hint_only_to_the_seat_to_act_after_the_hand_off():
    app = make({"game": "hexbattle", "seats": "human,human", "seed": "5"}, DictStorage())
    h = app.handoff_seat()
    assert h is not None and app.hint_seat() is None and hints.BUTTON_LABEL not in app.render()
    app.handle("nav", "handoff-ok")
    assert app.hint_seat() == h == app.state.to_act[0] and hints.BUTTON_LABEL in app.render()
    _ask(app)
    # the other seat's view after the hand-off: the log says a hint was asked, not what it was (it may be secret)
    rng = Rng(3)
    while app.state.to_act[0] == h:
        app.handle("action", rng.choice(app.state.legal_actions(h)).id)
    app.handle("nav", "handoff-ok")
    html = app.render()
    assert "asked for a hint" in html and "asked for a hint: " not in html


def test_in_a_game_with_nothing_hidden_everyone_reads_the_suggestion():
    app = _app("icefortress")
    _ask(app)
    h = app.hints[0]
    other = [s for s in range(app.state.players) if s != h["seat"]]
    log = hints.with_hints(app.state.log, app.hints, other[0] if other else None, private_views=False)
    assert any(isinstance(e, dict) and e.get("kind") == "hint" and h["label"].replace("{", "(") in e["text"]
               for e in log)


# ------------------------------------------------------------------ thinking in slices, like a bot seat
class SteppedBot:
    def __init__(self, steps=6):
        self.steps = steps

    def think(self, state, seat):
        for _ in range(self.steps):
            yield
        return state.legal_actions(seat)[-1].id

    def choose(self, state, seat):
        return state.legal_actions(seat)[-1].id


def test_a_hint_bot_that_thinks_in_steps_is_run_in_slices_and_dropped_when_the_game_moves_on(monkeypatch):
    monkeypatch.setattr(hints, "make_bot", lambda state, seat: SteppedBot())
    app = _app("hexbattle")
    seat = app.hint_seat()
    app.handle("nav", "hint")
    assert app.hint_thinking()
    html = app.render()
    assert 'aria-busy="true"' in html and "thinking" in html
    assert app.step_hint(0) is False                           # one step per slice: not done yet
    # the page stays usable: a move meanwhile drops the question
    app.handle("action", app.state.legal_actions(seat)[0].id)
    assert not app.hint_thinking() and app.step_hint(0) and app.hints == []
    bots_move(app)
    seat = app.hint_seat()
    assert _ask(app, budget_ms=0) >= 5                         # several slices
    assert app.hints[-1]["action"] == app.state.legal_actions(seat)[-1].id
    # started in slices, finished in one go (no budget): the same answer
    app.handle("action", app.state.legal_actions(seat)[0].id)
    bots_move(app)
    seat = app.hint_seat()
    app.handle("nav", "hint")
    assert app.step_hint(0) is False and app.step_hint() is True
    assert app.hints[-1]["action"] == app.state.legal_actions(seat)[-1].id


def test_a_hint_bot_that_fails_says_so_and_the_game_goes_on(monkeypatch):
    class Broken:
        def choose(self, state, seat):
            raise RuntimeError("no idea")
    monkeypatch.setattr(hints, "make_bot", lambda state, seat: Broken())
    app = _app("hexbattle")
    _ask(app)
    assert app.hints == [] and any("could not think of a hint" in m["text"] for m in app.messages)
    monkeypatch.setattr(hints, "make_bot", lambda state, seat: type("Odd", (), {"choose": lambda s, st, se: "nope"})())
    _ask(app)
    assert app.hints == [] and app.hint_seat() is not None


def test_undo_takes_back_the_hints_asked_after_the_position_it_returns_to():
    app = _app("hexbattle")
    seat = app.hint_seat()
    _ask(app)
    first = app.hints[0]
    undoable = [a.id for a in app.state.legal_actions(seat)]
    app.handle("action", first["action"])
    if app.hint_seat() != seat or not app.state.can_undo(seat):
        pytest.skip("this position's hint cannot be undone")
    _ask(app)
    assert len(app.hints) == 2
    app.handle("nav", "undo")
    assert [h["step"] for h in app.hints] == [first["step"]] and undoable
    assert "data-hint=" in app.render()                       # back at the first hint's position: marked again


# ------------------------------------------------------------------ hostile hints in saves and links
def _hostile_lists(n_actions, players):
    good = {"step": 0, "seat": 0, "action": "draw"}
    return [
        "not a list", {"step": 0}, [1], [None], [dict(good, step=-1)], [dict(good, step=n_actions + 1)],
        [dict(good, step=True)], [dict(good, step="0")], [dict(good, step=1.0)], [dict(good, seat=players)],
        [dict(good, seat=-1)], [dict(good, seat=False)], [dict(good, action=7)], [dict(good, action="")],
        [dict(good, action="x" * (hints.MAX_HINT_ID + 1))], [good, good],
        [dict(good, step=i % (n_actions + 1), seat=i % players) for i in range(hints.MAX_HINTS + 1)],
        [{"step": 0, "seat": 0, "action": "<img src=x onerror=alert(1)>"}],   # not a move there
    ]


def test_check_refuses_every_hostile_list():
    for bad in _hostile_lists(5, 2)[:-1]:        # (the last is well formed: the replay refuses it)
        with pytest.raises(hints.HintsError):
            hints.check(bad, actions=5, players=2)
    assert hints.check(None, actions=0, players=1) == []
    assert hints.check([{"step": 2, "seat": 1, "action": "a"}, {"step": 0, "seat": 0, "action": "b", "x": 1}],
                       actions=2, players=2) == [{"step": 0, "seat": 0, "action": "b"},
                                                 {"step": 2, "seat": 1, "action": "a"}]


def test_a_hostile_hints_list_in_a_save_is_dropped_with_a_notice_and_the_game_loads():
    s = played("hexbattle", 2, seed=11, n=12)
    base = saves.to_save(s, save_id="abc123", seats=["human", "human"], names=["A", "B"], title="t")
    for bad in _hostile_lists(len(s.history), 2):
        app = make({}, DictStorage())
        assert app.import_save(json.dumps(dict(base, hints=bad))), bad
        assert app.state == s and app.hints == []
        assert any("record of hints" in m["text"] for m in app.messages), bad
        assert "<img src=x" not in app.render()
        # the replay from the saves list drops it too
        app.handle("nav", "shelf")
        app.handle("nav", f"replay-save:{app.store.entries()[0]['id']}")


def test_a_save_whose_hint_was_not_a_move_there_drops_the_list_and_a_good_one_loads():
    s = played("hexbattle", 2, seed=11, n=12)
    seat = s.to_act[0]
    good = [{"step": len(s.history), "seat": seat, "action": hints.suggest(s, seat)}]
    base = saves.to_save(s, save_id="abc123", seats=["human", "human"], names=["A", "B"], title="t")
    app = make({}, DictStorage())
    assert app.import_save(json.dumps(dict(base, hints=good))) and [h["action"] for h in app.hints] == [good[0]["action"]]
    wrong_seat = [dict(good[0], seat=1 - seat)]
    app = make({}, DictStorage())
    assert app.import_save(json.dumps(dict(base, hints=wrong_seat))) and app.hints == []
    assert any("not a move that player could make" in m["text"] for m in app.messages)


def test_the_hints_record_in_a_save_is_bounded_by_the_docs_numbers():
    text = open("docs/ARCHITECTURE.md", encoding="utf-8").read()
    assert '"hints"' in text and re.search(r"at most 2,000 hints", text)
    assert hints.MAX_HINTS == 2000 and hints.MAX_HINT_ID == 200


def test_a_move_split_into_several_clicks_gets_a_hint_for_its_next_click():
    """Hex Battle: play a card, then the hint is one of the card's own next clicks (pay, a unit, a step...)."""
    app = _app("hexbattle")
    seat = app.hint_seat()
    play = next(a.id for a in app.state.legal_actions(seat) if a.id.startswith("play:"))
    app.handle("action", play)
    assert app.state.view(seat)["phase"] in ("pay", "move", "aim", "resolve")
    if app.hint_seat() != seat:
        pytest.skip("the card finished at once")
    _ask(app)
    h = app.hints[-1]
    assert h["step"] == len(app.state.history) and h["action"] in [a.id for a in app.state.legal_actions(seat)]
    assert not h["action"].startswith(("play:", "draw"))
    assert f'data-action="{hints.esc(h["action"])}" data-hint="{seat}"' in app.render()


def test_a_hint_line_in_the_log_takes_no_number_of_its_own():
    """The log panel numbers the game's entries only: a hint's line sits at its place without a number, so the
    panel's numbers stay those of the game's log (and of the "since your last move" box)."""
    from pyapp.ui.markup import log_details
    hint = {"text": "{0} asked for a hint", "seats": [0], "kind": "hint"}
    html = log_details("x-log", ["a", hint, "b", "c"], names=["Ann"])
    assert re.findall(r'<span class="log-n">(\d*)</span>', html) == ["3", "2", "", "1"]
    assert 'class="log-note"' in html and "asked for a hint" in html
